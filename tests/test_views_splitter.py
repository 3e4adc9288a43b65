"""Splitter view built without a browser over a live record: a round rolled and written by tapping (with the
swap and the hand-on to the next player), the table's own roll, a finished sheet painted and entered, groups in
the legend (scoring, failing, hearts), a past round tapped open and corrected, and undo handing the table's dice
back."""

from __future__ import annotations

import flet as ft

from scoring.core import TABLE
from scoring.games import splitter as game
from tests.card_view_helpers import Table as CardTable, refused, tap, tap_round
from tests.test_views_components import buttons, drawn, raw_texts, read, said_under, texts, walk
from tests.test_views_kingdomino import Table, cells, is_marked, squares
from views.games import round_edit
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
    marked = {rc for rc, cell in cells(body).items() if is_marked(cell)}
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
    assert table.errors == [] and table.record == before  # no bar: it covered the sheet on a phone
    body = table.view(view)
    hint = next(c for c in walk(body) if isinstance(c, ft.Text) and read(c.value).startswith("Ann writes 3 | 4"))
    assert said_under(body, hint) == ["One of those cells already holds a number."]
    cells(body)[(3, 3)].on_click(None)
    assert not any("already holds" in line for line in texts(table.view(view)))


def test_a_square_says_whose_sheet_it_is_on_where_more_than_one_can_be_shown():
    """On the host or a seated phone the squares read "Row 3, column 1: Empty" whichever player's sheet was shown
    (only the highlighted player button said): each square now names the sheet's owner first, in both languages;
    a one-player game's squares stay as they were."""
    for lang, said in (("en", "Bob's sheet, row 3, column 1: Empty"), ("zh-CN", "Bob 的计分表，第 3 行，第 1 列：空")):
        table = Table("splitter", ["Ann", "Bob"], lang=lang)
        table.local["player"] = "Bob"
        assert said in [c.label for c in walk(table.view(view)) if isinstance(c, ft.Semantics)], lang
    assert squares(Table("splitter", ["Ann"]).view(view), tappable=False)[(2, 0)].label == "Row 3, column 1: Empty"


def die_button(body: ft.Control, name: str) -> ft.Control:
    """The table's die button read out as name ("First die: 5")."""
    return [c for c in walk(body) if isinstance(c, (ft.FilledButton, ft.OutlinedButton))
            and isinstance(c.content, ft.Text) and c.content.semantics_label == name][0]


def test_the_tables_roll_from_the_die_buttons():
    """Each die button is read with its die, "First die: 5": a screen reader heard "1" to "6" twice, under the two
    headings, and a host could not tell which die a button sets (table mode, the host's screen at 1280 px)."""
    table = Table("splitter", ["Ann"])
    assert buttons(table.view(view))["Use the table's roll"].disabled
    die_button(table.view(view), "First die: 5").on_click(None)
    five = die_button(table.view(view), "First die: 5")
    assert isinstance(five, ft.FilledButton) and five.content.value == "5"
    die_button(table.view(view), "Second die: 3").on_click(None)
    assert table.local["dice"] == [5, 3]
    buttons(table.view(view))["Use the table's roll"].on_click(None)
    assert table.state["roll"] == [5, 3] and table.local["dice"] == [None, None]


def test_the_tables_roll_line_leaves_no_character_alone_in_chinese():
    """At 390x844 with the phone's text at 2x the line above the die buttons read 或者录入桌上掷出的点 / 数：, a
    lone character; its last two characters now stay together (`words.no_orphan`)."""
    table = Table("splitter", ["Ann"], lang="zh-CN")
    assert "或者录入桌上掷出的点\u2060数：" in raw_texts(table.view(view))


def test_a_finished_sheet_painted_and_entered_scores_34():
    """RULINGS §6's sheet A painted number by number: its scoring groups a line each, and the groups that score
    nothing on one line (they were a line each, the rule said again on each: some 30 lines on a finished sheet)."""
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
    assert "No points (a group scores only when its size equals its number): 1 × 2, 4 × 3, 1 × 5, 4 × 5 and 1 × 6 " \
        "(3 groups)" in shown and not [line for line in shown if line.endswith("so 0")]
    assert any("1\u00a0×\u00a02, 4\u00a0×\u00a03" in line for line in raw_texts(body))  # an entry is never broken
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
    assert "Ann and Bob are tied on 5 points and share the place." in shown


def test_a_tie_during_the_game_is_not_said_as_a_shared_place():
    """Before anything was written the comparison said "Ann and Bob are tied on 0 points and share the place." (the
    end's words, at round 1); during the game a tie on points is said as it stands, and only the end shares the
    place."""
    table = Table("splitter", ["Ann", "Bob"])
    assert not any("tied" in text for text in texts(table.view(view)))
    for name, row in (("Ann", 3), ("Bob", 3)):
        if name == "Ann":
            table.apply({"type": "set_roll", "by": "table", "dice": [1, 1]})
        table.apply({"type": "write", "by": name, "row": row, "offset": 3, "left": 1, "right": 1})
    shown = texts(table.view(view))
    assert "Ann and Bob are tied on 4 points so far." in shown
    assert not any("share the place" in text for text in shown)
    table.apply({"type": "finish", "by": "table"})
    assert "Ann and Bob are tied on 4 points and share the place." in texts(view.final(table.ctx()))


def written_round() -> CardTable:
    """Round 1 on the table's dice 1 3: Ann 1|3 in the middle of row 4, Bob 3|1 one out; round 2 not rolled."""
    table = CardTable("splitter", ["Ann", "Bob"])
    for action in ({"type": "set_roll", "by": "table", "dice": [1, 3]},
                   {"type": "write", "by": "Ann", "row": 3, "offset": 0, "left": 1, "right": 3},
                   {"type": "write", "by": "Bob", "row": 3, "offset": 1, "left": 3, "right": 1}):
        assert table.apply(action)
    return table


def test_a_past_round_tapped_open_is_moved_swapped_and_saved_as_a_correction():
    table = written_round()
    body = view.build(table.ctx())
    assert "row 4, columns 4 and 5: 1 | 3" in texts(body) and "row 4, columns 3 and 6: 3 | 1" in texts(body)
    tap_round(body, 1)
    body = view.build(table.ctx())
    assert "Correcting round 1: change the entries and save" in texts(body)
    assert table.local["writes"] == {"Ann": {"row": 3, "offset": 0, "left": 1, "right": 3},
                                     "Bob": {"row": 3, "offset": 1, "left": 3, "right": 1}}
    cells(body)[(5, 2)].on_click(None)
    tap(view.build(table.ctx()), "Swap left and right")
    tap(view.build(table.ctx()), "Save round 1")
    assert table.errors == []
    assert [a["type"] for a in table.record["actions"]] == ["set_roll", "write", "write", "correct"]
    assert table.record["actions"][-1]["writes"]["Ann"] == {"row": 5, "offset": 1, "left": 3, "right": 1}
    assert table.state["sheets"]["Ann"][5][2:6] == [3, None, None, 1] and table.state["sheets"]["Ann"][3][3] is None
    body = view.build(table.ctx())
    assert "row 6, columns 3 and 6: 3 | 1" in texts(body) and round_edit.editing(table.local) is None
    assert "Roll the dice" in buttons(body)


def test_the_roll_stays_the_views_while_a_past_round_is_open_for_correction():
    """Round 1 opened for a correction before round 2 is rolled: the roll is still this view's (its panel comes back
    on save or cancel), so a table screen's moves panel does not put "Roll the dice" and 21 "Set the roll" buttons
    above the correction meanwhile (the host's table screen did)."""
    table = written_round()
    tap_round(view.build(table.ctx()), 1)
    ctx = table.ctx()
    assert "Correcting round 1: change the entries and save" in texts(view.build(ctx))
    assert {(TABLE, "roll"), (TABLE, "set_roll")} <= ctx.offered


def test_a_refused_correction_keeps_the_form_and_cancel_goes_back():
    table = written_round()
    for action in ({"type": "set_roll", "by": "table", "dice": [6, 6]},
                   {"type": "write", "by": "Ann", "row": 0, "offset": 0, "left": 6, "right": 6},
                   {"type": "write", "by": "Bob", "row": 0, "offset": 0, "left": 6, "right": 6}):
        assert table.apply(action)
    tap_round(view.build(table.ctx()), 1)
    tap(view.build(table.ctx()), "Bob")
    cells(view.build(table.ctx()))[(0, 3)].on_click(None)  # round 2 wrote there
    tap(view.build(table.ctx()), "Save round 1")
    assert refused(table) == ["splitter.correct_refused"] and table.local["writes"]["Bob"]["row"] == 0
    assert len(table.record["actions"]) == 6 and table.state["sheets"]["Bob"][3][2] == 3
    tap(view.build(table.ctx()), "Cancel: back to the new round")
    assert round_edit.editing(table.local) is None and "Roll the dice" in buttons(view.build(table.ctx()))


def test_undoing_the_tables_roll_hands_its_dice_back_to_the_die_buttons():
    table = written_round()
    assert table.apply({"type": "set_roll", "by": "table", "dice": [5, 2]})
    table.undo()
    body = view.build(table.ctx())
    assert table.local["dice"] == [5, 2] and "The table rolled 5 and 2" in texts(body)
    tap(body, "Use the table's roll")
    assert table.state["roll"] == [5, 2] and table.local["dice"] == [None, None]


def test_undoing_a_write_of_the_round_open_for_correction_closes_it():
    """Session 46's audit: round 1 open for correction on Bob's sheet, then Undo took back Bob's write: the view
    raised KeyError and could not be drawn (its Cancel inside it). The correction closes, back to the round being
    played; the open round's writes are no longer the form's."""
    table = written_round()
    tap_round(view.build(table.ctx()), 1)
    table.local["player"] = "Bob"
    table.undo()
    body = view.build(table.ctx())
    assert round_edit.editing(table.local) is None
    assert "Correcting round 1: change the entries and save" not in texts(body)


def test_a_correction_closed_by_an_undo_says_so_until_dismissed():
    """Round 1 open for correction, Ann's pair moved, then round 1 undone (on another screen, or by Undo here):
    the form closed without a word and the move was gone. The screen now says the round was undone and the
    correction not saved, until dismissed (or another round is opened)."""
    table = written_round()
    tap_round(view.build(table.ctx()), 1)
    cells(view.build(table.ctx()))[(5, 2)].on_click(None)
    table.undo()
    notice = ("Round 1 was undone while it was open for correction (here or on another screen): the correction was "
              "not saved.")
    body = view.build(table.ctx())
    assert round_edit.editing(table.local) is None and notice in texts(body)
    assert notice in texts(view.build(table.ctx()))  # still there when drawn again
    tap(body, "Dismiss")
    assert notice not in texts(view.build(table.ctx()))


def test_a_finished_sheet_refused_is_said_under_its_enter_button_and_keeps_the_squares():
    """Ann's painted sheet with one number only is refused: the reason is said under the row of "Enter this sheet"
    (no bar: it covered the buttons on a phone), the square written kept; Bob's painter says nothing."""
    table = Table("splitter", ["Ann", "Bob"])
    buttons(table.view(view))["Enter a finished sheet"].on_click(None)
    buttons(table.view(view))["5"].on_click(None)
    cells(table.view(view))[(0, 3)].on_click(None)
    buttons(table.view(view))["Enter this sheet"].on_click(None)
    assert table.errors == [] and table.state["entered"] == [] and table.local["paint"]["Ann"][0][3] == 5
    body = table.view(view)
    row = next(c for c in walk(body) if isinstance(c, ft.Row) and buttons(body)["Enter this sheet"] in c.controls)
    reason = "Row 1, column 3 is a space on the sheet and needs a number."  # the first square left empty
    assert said_under(body, row) == [reason]
    buttons(body)["Bob"].on_click(None)
    buttons(table.view(view))["Enter a finished sheet"].on_click(None)
    assert reason not in texts(table.view(view))


def test_a_started_sheet_is_not_offered_the_finished_sheet_way_in():
    table = Table("splitter", ["Ann", "Bob"], seed=7)
    assert "Enter a finished sheet" in buttons(table.view(view))
    table.apply({"type": "set_roll", "by": "table", "dice": [2, 3]})
    table.apply({"type": "write", "by": "Ann", "row": 2, "offset": 0, "left": 2, "right": 3})
    table.local.update(player="Ann", modes={"Ann": "sheet"})
    body = table.view(view)
    assert "Enter a finished sheet" not in buttons(body) and "Enter this sheet" not in buttons(body)
    table.local.update(player="Bob", modes={"Ann": "sheet", "Bob": "sheet"})
    assert "Enter this sheet" in buttons(table.view(view))


def test_one_players_finished_sheet_does_not_open_the_next_players_sheet_in_the_painter():
    table = Table("splitter", ["Ann", "Bob"], seed=7)
    buttons(table.view(view))["Enter a finished sheet"].on_click(None)
    assert "Enter this sheet" in buttons(table.view(view))
    assert table.apply({"type": "layout", "by": "Ann", "layout": SHEET_A})
    buttons(table.view(view))["Bob"].on_click(None)
    body = table.view(view)
    assert "Roll the dice" in buttons(body) and "Enter this sheet" not in buttons(body)


def test_a_roll_and_a_rounds_last_write_send_the_marked_squares_not_the_sheet_again():
    """The roll marks the open pairs on the sheet and a round's last write clears them and shows the next player's
    sheet: each sent the whole sheet again besides (22 to 26 KB here), because the sheet moved between the roll's
    panel and the write panel and the way-in switch went away; now only the squares that changed (9 to 16 KB; up
    to 21 KB since each square's name says whose sheet it is on, which changes with the sheet shown; 0.6 KB more
    since the score comparison holds a phone's one block per player beside its table, both sent)."""
    from tests.test_views_kingdomino import patch_bytes
    table = CardTable("splitter", ["Ann", "Bob"])
    for number, dice in ((1, [1, 3]), (2, [2, 5])):
        before = view.build(table.ctx())
        assert table.apply({"type": "set_roll", "by": "table", "dice": dice})
        assert patch_bytes(before, view.build(table.ctx())) < 15000, ("roll", number)
        for player, offset in (("Ann", 0), ("Bob", 1)):
            before = view.build(table.ctx())
            assert table.apply({"type": "write", "by": player, "row": 4 - number, "offset": offset,
                                "left": dice[0], "right": dice[1]})
            table.local["player"] = "Bob" if player == "Ann" else "Ann"  # the switcher moves on, as a write's tap does
            assert patch_bytes(before, view.build(table.ctx())) < 23000, (player, number)


def test_the_score_comparison_reads_each_player_as_one_named_line():
    """A screen reader read the comparison as bare words and numbers, "Player", "Points", "Scoring groups", "A",
    "0", "0", ... (table mode, a Splitter round on a 390 px phone): each player's row is now one line naming its
    numbers ("Ann: Points 5, Scoring groups 1"), the heading row no second reading of the same words."""
    table = Table("splitter", ["Ann", "Bob"], {"sheet": "B"})
    full = [[None if not game.on_sheet("B", r, c) else 4 for c in range(8)] for r in range(7)]
    table.apply({"type": "layout", "by": "Ann", "layout": game.format_sheet(full)})
    ctx = table.ctx()
    compared = next(c for c in walk(view.comparison(ctx, view.scores(ctx))) if isinstance(c, ft.ResponsiveRow))
    rows = [("Ann: Points 5, Scoring groups 0", True), ("Bob: Points 0, Scoring groups 0", True)]
    grid, blocks = ([(c.label, c.exclude_semantics) for c in walk(shown) if isinstance(c, ft.Semantics)]
                    for shown in compared.controls)  # a table on a wide screen, a block a player on a phone
    assert grid == [(None, True), *rows] and blocks == rows


def test_the_pair_to_write_is_read_once_in_words_not_as_bare_dice():
    """A phone's write panel read the two dice as "5", "|", "4" and then the hint "A writes 5 | 4: tap a marked
    square; ...", the numbers twice, first bare (table mode, a Splitter round on a 390 px phone): the big dice are
    shown, not read; the hint says them, and the swap button stays read."""
    table = Table("splitter", ["Ann", "Bob"], seed=7)
    table.apply({"type": "set_roll", "by": "table", "dice": [5, 4]})
    ctx = table.ctx()
    panel = view.write_panel(ctx, "Ann", view.scores(ctx).groups["Ann"])
    hidden = [sorted(read(t.value) for t in walk(c) if isinstance(t, ft.Text)) for c in walk(panel)
              if isinstance(c, ft.Semantics) and c.exclude_semantics and c.label is None]
    assert ["4", "5", "|"] in hidden
    assert "Swap left and right" in buttons(panel)


def test_a_marked_square_says_so_to_a_screen_reader_in_both_languages():
    """"Tap a marked square" pointed at an amber frame only: a marked square was read "Ann's sheet, row 3, column 1:
    Empty" as any other. It is now read as marked after its name (its value), in both languages; the squares not
    marked are not. The name stays as it was: marking a square sends the word, not the name again."""
    for lang, word, said in (("en", "marked", "Ann's sheet, row 3, column 1: Empty"),
                             ("zh-CN", "已标出", "Ann 的计分表，第 3 行，第 1 列：空")):
        table = Table("splitter", ["Ann", "Bob"], seed=7, lang=lang)
        table.apply({"type": "set_roll", "by": "table", "dice": [5, 4]})
        board = {c.label: (c.value, is_marked(c.content)) for c in walk(table.view(view)) if isinstance(c, ft.Semantics)
                 and c.button and isinstance(c.content, ft.Container) and c.content.border is not None}
        assert all((value == word) == marked and value in (word, None) for value, marked in board.values()), lang
        assert sum(marked for _, marked in board.values()) == 44 and board[said] == (word, True), lang


def test_a_written_star_or_heart_square_still_shows_and_says_its_mark():
    """Once a number was written on a star, the square showed the bare number, tinted red like any group of the
    wrong size (most are, until complete), and was read "Bob's sheet, row 4, column 1: 3": the sheet's stars (and
    sheet B's hearts) were gone from a sheet being checked by hand (a whole game's sheets in round 11 and on the
    end screen). The number is shown with the square's mark and read with it, in both languages."""
    for lang, star, heart in (("en", "Ann's sheet, row 7, column 2: 5 (star)",
                               "Ann's sheet, row 1, column 7: 2 (heart)"),
                              ("zh-CN", "Ann 的计分表，第 7 行，第 2 列：5（星格）", "Ann 的计分表，第 1 行，第 7 列：2（心格）")):
        table = Table("splitter", ["Ann", "Bob"], {"sheet": "B"}, seed=7, lang=lang)
        sheet = [[1 + (r * 8 + c) % 6 if game.on_sheet("B", r, c) else None for c in range(8)] for r in range(7)]
        sheet[6][1], sheet[0][6] = 5, 2
        table.apply({"type": "layout", "by": "Ann", "layout": game.format_sheet(sheet)})
        named = {c.label: c for c in walk(view.final(table.ctx())) if isinstance(c, ft.Semantics)
                 and isinstance(c.label, str)}
        assert star in named and heart in named, lang
        assert "5★" in drawn(named[star]), lang  # beside its note
        assert "2♡" in drawn(named[heart]), lang


def beside(body: ft.Control) -> tuple[list[str], ft.Control]:
    """The one panel-and-sheet row (`view.beside_sheet`) of a screen: the panel's button labels, and the keyed
    sheet standing beside it."""
    rows = [c for c in walk(body) if isinstance(c, ft.Row) and [getattr(x, "width", None) for x in c.controls]
            == [view.PANEL, view.SHEET]]
    assert len(rows) == 1, len(rows)
    panel, sheet = rows[0].controls
    return list(buttons(panel)), sheet.content


def test_the_painter_and_a_correction_stand_beside_the_sheet_on_a_laptop():
    """A finished sheet's brushes and a past round's correction put the sheet under their controls, so on a
    1280×800 laptop the sheet's lower rows were off the first screen (the round's own steps already stood beside
    it): both now stand in the panel beside the sheet where the column is wide enough (above it on a phone)."""
    table = Table("splitter", ["Ann", "Bob"])
    buttons(table.view(view))["Enter a finished sheet"].on_click(None)
    shown, sheet = beside(table.view(view))
    assert {"1", "6", "Enter this sheet", "Start again"} <= set(shown) and sheet.key == "sheet", shown
    table = written_round()
    tap_round(view.build(table.ctx()), 1)
    shown, sheet = beside(view.build(table.ctx()))
    assert {"Swap left and right", "Save round 1"} <= set(shown) and sheet.key == "sheet", shown


def test_a_groups_note_and_its_squares_number_keep_their_size_at_any_text_size():
    """A screenshot at 2x text on a 390 px phone: a scoring group's "+1" note was drawn over its 40 px square's "1"
    (both Texts grew with the phone's text). A sheet's numbers and notes are drawn at their own size now (canvas
    texts, `grid.cell_text`), as Nab-It's fitted board's are."""
    table = Table("splitter", ["Ann", "Bo"])
    for action in ({"type": "set_roll", "by": TABLE, "dice": [1, 2]},
                   {"type": "write", "by": "Ann", "row": 3, "offset": 0, "left": 1, "right": 2}):
        assert table.apply(action), table.errors
    ctx = table.ctx()
    sheet = view.sheet_view(ctx, table.state["sheets"]["Ann"], "Ann", view.scores(ctx).groups["Ann"])
    assert {"+1", "1"} <= drawn(sheet), drawn(sheet)
    assert not [t for t in raw_texts(sheet) if t in ("+1", "1")]


def test_each_phones_end_screen_leads_with_its_own_sheet():
    """Played on three phones in table mode: every phone's end screen listed Ann's sheet (the first seat's) first,
    so Cy scrolled past two others' to find hers. A seated phone's own sheet leads there, the others after in seat
    order, as Kingdomino's end screen does; the shared screen keeps seat order."""
    table = Table("splitter", ["Ann", "Bob", "Cy"], {"sheet": "B"})
    full = [[None if not game.on_sheet("B", r, c) else 4 for c in range(8)] for r in range(7)]
    for name in ("Ann", "Bob", "Cy"):
        table.apply({"type": "layout", "by": name, "layout": game.format_sheet(full)})
    assert table.errors == [] and table.state["over"]

    def sheets(seat: str | None) -> list[str]:
        """The sheet cards' titles, in order, on the screen seated as seat (None: the shared screen)."""
        ctx = table.ctx()
        ctx.seat = seat
        return [t for t in texts(view.final(ctx)) if t.endswith("'s sheet")]

    assert sheets("Cy") == ["Cy's sheet", "Ann's sheet", "Bob's sheet"]
    assert sheets("Bob") == ["Bob's sheet", "Ann's sheet", "Cy's sheet"]
    assert sheets(None) == ["Ann's sheet", "Bob's sheet", "Cy's sheet"]


def test_a_render_asks_the_engine_for_the_scores_once(monkeypatch):
    """Each part of the screen that shows scores (the comparison, the rounds' totals, the sheet, its legend) asked
    the engine again: a 4-player render worked out the scoreboard twice and the sheets' groups 14 times. Now the
    view asks once and hands them down: one scoreboard (whose lines the engine makes from each sheet's groups) and
    each sheet's groups once, during the rounds and on the end screen."""
    table = Table("splitter", ["Ann", "Bob", "Cy", "Di"], seed=7)
    for row in (2, 3):
        table.apply({"type": "set_roll", "by": "table", "dice": [2, 3]})
        for player in ("Ann", "Bob", "Cy", "Di"):
            table.apply({"type": "write", "by": player, "row": row, "offset": 0, "left": 2, "right": 3})
    asked = {"scoreboard": 0, "groups": 0}
    engine, groups = type(table.ctx().engine), game.groups

    def counted(name, ask):
        """ask, counted under name."""
        def count(*args):
            """Count a call, then make it."""
            asked[name] += 1
            return ask(*args)
        return count

    monkeypatch.setattr(engine, "scoreboard", counted("scoreboard", engine.scoreboard))
    monkeypatch.setattr(game, "groups", counted("groups", groups))
    body = table.view(view)
    assert {"Total — Ann 2 · Bob 2 · Cy 2 · Di 2", "Ann — Points 2 · Scoring groups 1"} <= set(texts(body))
    assert asked == {"scoreboard": 1, "groups": 2 * 4}
    table.apply({"type": "finish", "by": "table"})
    asked.update(scoreboard=0, groups=0)
    view.final(table.ctx())
    assert asked == {"scoreboard": 1, "groups": 2 * 4}


def panel(table: Table) -> ft.Control:
    """Ann's write panel, with her sheet's groups as a render hands them."""
    ctx = table.ctx()
    return view.write_panel(ctx, "Ann", view.scores(ctx).groups["Ann"])


def test_a_double_has_no_swap_button():
    """A double (1 | 1) turned round is the same pair: its swap button's tap changed nothing on the screen, and a
    player who tapped it saw no answer (play-test, four phones). A double offers no swap, in a round and in a
    correction; any other pair keeps it."""
    table = Table("splitter", ["Ann", "Bob"], seed=7)
    table.apply({"type": "set_roll", "by": "table", "dice": [1, 1]})
    assert "Swap left and right" not in buttons(panel(table))
    for player in ("Ann", "Bob"):
        cells(table.view(view))[(3, 3)].on_click(None)
    table.apply({"type": "set_roll", "by": "table", "dice": [5, 4]})
    assert "Swap left and right" in buttons(panel(table))
    tap_round(view.build(table.ctx()), 1)
    assert "Correcting round 1: change the entries and save" in texts(view.build(table.ctx()))
    assert "Swap left and right" not in buttons(view.build(table.ctx()))
