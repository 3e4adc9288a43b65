"""Splitter view built without a browser over a live record: a round rolled and written by tapping (with the
swap and the hand-on to the next player), the table's own roll, a finished sheet painted and entered, groups in
the legend (scoring, failing, hearts)."""

from __future__ import annotations

import flet as ft

from scoring.games import splitter as game
from tests.test_views_components import buttons, texts, walk
from tests.test_views_kingdomino import Table, amber, cells
from views.games import splitter as view

SHEET_A = ". . 4 4 3 3 . .\n. 1 4 4 6 3 1 .\n2 5 5 6 6 5 5 2\n2 5 6 6 1 2 5 1\n1 5 3 6 5 2 5 5\n" \
          ". 3 3 3 4 4 6 .\n. . 6 4 4 6 . ."


def test_a_round_rolled_swapped_and_written_by_tapping():
    table = Table("splitter", ["Ann", "Bob"], seed=7)
    body = table.view(view)
    assert "Roll the dice" in buttons(body)
    buttons(body)["Roll the dice"].on_click(None)
    a, b = table.state["roll"]
    body = table.view(view)
    assert f"Ann writes {a} | {b}: tap a marked square; its mirror square gets the other number." in texts(body)
    marked = {rc for rc, cell in cells(body).items() if amber(cell)}
    assert len(marked) == 2 * len(game.open_places(table.state, "Ann")) == 44
    buttons(body)["Swap left and right"].on_click(None)
    body = table.view(view)
    assert f"Ann writes {b} | {a}: tap a marked square; its mirror square gets the other number." in texts(body)
    cells(body)[(3, 6)].on_click(None)
    assert table.record["actions"][-1] == {"type": "write", "by": "Ann", "row": 3, "offset": 2, "left": b,
                                           "right": a, "at": table.record["actions"][-1]["at"]}
    assert table.state["sheets"]["Ann"][3][1:7] == [b, None, None, None, None, a]
    assert table.local["player"] == "Bob"
    body = table.view(view)
    assert f"Bob writes {a} | {b}: tap a marked square; its mirror square gets the other number." in texts(body)
    cells(body)[(0, 2)].on_click(None)
    assert table.state["round"] == 2 and table.state["roll"] is None
    assert table.local["player"] == "Ann"


def test_a_taken_pair_is_refused_by_the_engine():
    table = Table("splitter", ["Ann", "Bob"], seed=7)
    table.apply({"type": "set_roll", "by": "table", "dice": [2, 2]})
    cells(table.view(view))[(2, 0)].on_click(None)
    table.apply({"type": "write", "by": "Bob", "row": 0, "offset": 0, "left": 2, "right": 2})
    table.local["player"] = "Ann"
    table.apply({"type": "set_roll", "by": "table", "dice": [3, 4]})
    before = table.record
    cells(table.view(view))[(2, 7)].on_click(None)
    assert table.errors == ["One of those cells already holds a number."] and table.record == before


def test_the_tables_roll_from_the_die_buttons():
    table = Table("splitter", ["Ann"])
    assert buttons(table.view(view))["Use the table's roll"].disabled
    first_five = [c for c in walk(table.view(view)) if isinstance(c, ft.OutlinedButton) and c.content == "5"][0]
    first_five.on_click(None)
    second_three = [c for c in walk(table.view(view)) if isinstance(c, ft.OutlinedButton) and c.content == "3"][1]
    second_three.on_click(None)
    assert table.local["dice"] == [5, 3]
    buttons(table.view(view))["Use the table's roll"].on_click(None)
    assert table.state["roll"] == [5, 3] and table.local["dice"] == [None, None]


def test_a_finished_sheet_painted_and_entered_scores_34():
    table = Table("splitter", ["Ann", "Bob"])
    buttons(table.view(view))["Enter a finished sheet"].on_click(None)
    grid = game.parse_sheet(SHEET_A, "A")
    for n in range(1, 7):
        buttons(table.view(view))[str(n)].on_click(None)
        for (r, c), cell in cells(table.view(view)).items():
            if grid[r][c] == n:
                cell.on_click(None)
    body = table.view(view)
    shown = texts(body)
    assert "5 × 5: 5" in shown and "2 × 2 on a star, doubled: 4" in shown
    assert "4 × 3: a group's size must equal its number (3), so 0" in shown
    buttons(body)["Enter this sheet"].on_click(None)
    assert table.errors == [] and table.state["entered"] == ["Ann"]
    assert table.ctx().engine.scoreboard(table.state).total("Ann") == 34
    buttons(table.view(view))["Ann"].on_click(None)
    assert "Ann's sheet was entered finished." in texts(table.view(view))


def test_hearts_and_a_shared_place_in_the_final_view():
    table = Table("splitter", ["Ann", "Bob"], {"sheet": "B"})
    full = [[None if not game.on_sheet("B", r, c) else 4 for c in range(8)] for r in range(7)]
    for name in ("Ann", "Bob"):
        table.apply({"type": "layout", "by": name, "layout": game.format_sheet(full)})
    assert table.state["over"]
    shown = texts(view.final(table.ctx()))
    assert "All three hearts hold 4: +5" in shown
    assert "Ann, Bob are tied on 5 points and share the place." in shown
