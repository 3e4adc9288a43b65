"""Splitter: the RULINGS.md sheet (34), stars and hearts, round-by-round play with its refusals, finished sheets,
corrections of an earlier round, replay, random play, and the command line."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core import engine
from scoring import i18n
from scoring.games.splitter import (COLS, ROUNDS, ROWS, SHEETS, format_sheet, groups, marked, on_sheet, open_places,
                                    pair, parse_sheet, sheet_score)
from scoring.record import new_record, play, public_log, replay, undo
from tests.helpers import assert_call_refused, assert_refused, cli_score, play_all
from views import words
from views.components.scoreboard import entry_line

ENG = engine("splitter")
EXAMPLE_A = "\n".join([". . 4 4 3 3 . .", ". 1 4 4 6 3 1 .", "2 5 5 6 6 5 5 2", "2 5 6 6 1 2 5 1",
                       "1 5 3 6 5 2 5 5", ". 3 3 3 4 4 6 .", ". . 6 4 4 6 . ."])
HEARTS_B = "\n".join(["1 2 3 . . 4 5 6", "1 1 2 2 3 3 4 4", ". 5 6 6 5 5 6 .", ". 3 3 . . 4 4 .",
                      ". 6 3 6 5 6 4 .", "3 4 2 2 6 3 6 5", "5 1 6 . . 2 2 4"])


def points(text, sheet="A"):
    """A finished sheet's total."""
    return sum(line.points for line in sheet_score(sheet, parse_sheet(text, sheet)))


def write(state, by, row, offset, left, right):
    """State after a write action."""
    return ENG.apply(state, {"type": "write", "by": by, "row": row, "offset": offset, "left": left,
                             "right": right})


# ---------------------------------------------------------------------------------------------------------
# Sheets and scoring


def test_sheets_have_44_spaces_two_stars_and_symmetric_rows():
    """Both sheets: 44 spaces (22 rounds of two), two stars; B has three hearts; every row mirrors."""
    for sheet, rows in SHEETS.items():
        shape = [row.split() for row in rows]
        assert sum(cell != "." for row in shape for cell in row) == 2 * ROUNDS
        assert all((row[c] == ".") == (row[7 - c] == ".") for row in shape for c in range(8))
        assert len(marked(sheet, "*")) == 2
    assert marked("B", "H") == [(0, 6), (2, 1), (4, 4)] and marked("A", "H") == []


def test_example_sheet_a_scores_34():
    """The RULINGS.md sheet: 34, with the pair of 2s and the lone 1 on the stars doubled."""
    grid = parse_sheet(EXAMPLE_A, "A")
    lines = sheet_score("A", grid)
    assert sum(line.points for line in lines) == 34
    starred = [(line.params["value"], line.points) for line in lines if line.key.endswith("_star")]
    assert starred == [(2, 4), (1, 2)]
    assert len(lines) == 8  # the two groups of 4 and the four lone 1s off the stars each said once


def test_a_lone_1_is_said_alone_in_both_languages():
    """The worked example's five lone 1s (one on a star) read "Group of 1 × 1" and "1 个相连的 1" ("1 joined 1") in
    the score lines; a lone 1 is the rulebook's case of its own. The groups of more cells keep their words; equal
    lines are said once with their count, the one on a star apart."""
    said = {lang: [i18n.text(lang, line.key, **line.params) for line in sheet_score("A", parse_sheet(EXAMPLE_A, "A"))]
            for lang in ("en", "zh-CN")}
    assert "4 lone 1s" in said["en"] and "A lone 1 on a star (double)" in said["en"]
    assert "4 个单独的 1" in said["zh-CN"] and "单独的 1，占星格（翻倍）" in said["zh-CN"]
    assert "2 groups of 4 × 4" in said["en"] and "2 组 4 个相连的 4" in said["zh-CN"]
    assert "Group of 3 × 3" in said["en"] and "3 个相连的 3" in said["zh-CN"]
    assert not any("1 × 1" in text for text in said["en"])
    assert not any("1 个相连的 1" in text for text in said["zh-CN"])


def alternating(first: int) -> list[list]:
    """Sheet A written in alternating numbers, first and 3 - first, like a chessboard: every 1 alone."""
    return [[(first if (r + c) % 2 == 0 else 3 - first) if on_sheet("A", r, c) else None for c in range(COLS)]
            for r in range(ROWS)]


@pytest.mark.parametrize("first,lones,starred", [(1, 21, (3, 7)), (2, 21, (3, 0))])
def test_equal_lines_are_said_once_with_their_count(first, lones, starred):
    """A sheet of alternating 1s and 2s listed "A lone 1 = 1" once per 1 (22 lines). The lone 1s off the stars are
    one line, "21 lone 1s = 21" / "21 个单独的 1 = 21"; the one on a star, doubled, stays a line of its own; the
    total is unchanged."""
    grid = alternating(first)
    assert grid[starred[0]][starred[1]] == 1
    lines = sheet_score("A", grid)
    said = {lang: [entry_line(lambda key, **params: i18n.text(lang, key, **params), lang, line) for line in lines]
            for lang in ("en", "zh-CN")}
    plain = {lang: sorted(text.replace("\u2060", "").replace("\u00a0", " ") for text in lines_said)
             for lang, lines_said in said.items()}
    assert plain["en"] == [f"{lones} lone 1s = {lones}", "A lone 1 on a star (double) = 2"]
    assert plain["zh-CN"] == [f"{lones} 个单独的 1 = {lones}", "单独的 1，占星格（翻倍） = 2"]
    assert sum(line.points for line in lines) == lones + 2


def test_groups_for_the_view():
    """Every group is listed with why it does or does not score."""
    found = groups("A", parse_sheet(EXAMPLE_A, "A"))
    fives = [g for g in found if g["value"] == 5]
    assert [(g["size"], g["scores"], g["points"]) for g in fives] == [(4, False, 0), (5, True, 5), (1, False, 0)]
    assert found[0] == {"value": 4, "cells": [[0, 2], [0, 3], [1, 2], [1, 3]], "size": 4, "star": False,
                        "scores": True, "points": 4}
    assert sum(g["points"] for g in found) == 34


def test_hearts_bonus_on_sheet_b_whether_or_not_they_score():
    """Three 5s in the hearts (none in a scoring group) earn 5; change one and the bonus goes."""
    grid = parse_sheet(HEARTS_B, "B")
    assert [grid[r][c] for r, c in marked("B", "H")] == [5, 5, 5]
    hearts = {(r, c) for r, c in marked("B", "H")}
    assert not any(g["scores"] for g in groups("B", grid) if hearts & {tuple(cell) for cell in g["cells"]})
    lines = sheet_score("B", grid)
    starred = [(line.params["value"], line.points) for line in lines if line.key.endswith("_star")]
    assert starred == [(1, 2), (2, 4)]
    assert lines[-1].key == "splitter.line.hearts" and lines[-1].points == 5 and lines[-1].params == {"value": 5}
    assert points(HEARTS_B, "B") - 5 == points(HEARTS_B.replace("4 5 6\n", "4 2 6\n"), "B")


def test_sheet_text_round_trips():
    """format_sheet gives back the text parse_sheet read."""
    assert format_sheet(parse_sheet(EXAMPLE_A, "A")) == EXAMPLE_A
    assert format_sheet(parse_sheet(HEARTS_B, "B")) == HEARTS_B


SHEET_REFUSALS = [
    (EXAMPLE_A.rsplit("\n", 1)[0], "splitter.layout_rows", {"count": 6, "expected": 7}),
    (EXAMPLE_A.replace(". . 6 4 4 6 . .", ". . 6 4 4 6 ."), "splitter.layout_row_length",
     {"row": 7, "count": 7, "expected": 8}),
    (EXAMPLE_A.replace(". 1 4 4", ". 7 4 4"), "splitter.value_invalid", {"token": "7", "row": 2, "col": 2}),
    (EXAMPLE_A.replace(". 1 4 4", ". 12 4 4"), "splitter.value_invalid", {"token": "12", "row": 2, "col": 2}),
    (EXAMPLE_A.replace(". 1 4 4", ". . 4 4"), "splitter.space_empty", {"token": ".", "row": 2, "col": 2}),
    (EXAMPLE_A.replace(". . 4 4", "1 . 4 4"), "splitter.no_space_here", {"token": "1", "row": 1, "col": 1}),
    (None, "splitter.layout_invalid", {}),
]


@pytest.mark.parametrize("text,key,params", SHEET_REFUSALS)
def test_finished_sheet_refusals(text, key, params):
    """A sheet that does not fit sheet A is refused with its reason; nothing changes."""
    err = assert_refused(ENG, ENG.new_state(["A", "B"]), {"type": "layout", "by": "A", "layout": text}, key)
    assert err.params == params


def test_sheet_a_text_is_refused_on_sheet_b():
    """The spaces differ between the sheets."""
    assert_refused(ENG, ENG.new_state(["A"], {"sheet": "B"}), {"type": "layout", "by": "A", "layout": EXAMPLE_A},
                   "splitter.space_empty")


def test_finished_sheets_score_and_ties_share():
    """Entered sheets end the game; equal totals share the win."""
    state = ENG.new_state(["A", "B", "C"])
    for name, text in (("A", EXAMPLE_A), ("B", EXAMPLE_A), ("C", EXAMPLE_A.replace("2 5 5 6", "3 5 5 6"))):
        state = ENG.apply(state, {"type": "layout", "by": name, "layout": text})
    assert state["over"]
    board = ENG.scoreboard(state)
    assert [p.total for p in board.players] == [34, 34, 30] and board.winners == ("A", "B")
    assert board.ended == {"key": "splitter.ended.sheets"}  # why it ended
    assert board.ranking == (("A", "B"), ("C",)) and not board.rounds


# ---------------------------------------------------------------------------------------------------------
# Round by round


def test_a_round_rolls_writes_and_advances():
    """The app's roll is seeded; each player writes once, left/right in either order; then round 2 begins."""
    state = ENG.new_state(["A", "B"], seed=11)
    assert ENG.status(state) == {"round": 1, "rounds": 22, "phase": "splitter.phase.roll", "said": {}, "turn": "A",
                                 "over": False}
    rolled = ENG.apply(state, {"type": "roll", "by": "table"})
    assert rolled["roll"] == ENG.apply(state, {"type": "roll", "by": "B"})["roll"]
    assert ENG.reveals({"type": "roll"}) and not ENG.reveals({"type": "set_roll"})
    state = ENG.apply(state, {"type": "set_roll", "by": "table", "dice": [2, 5]})
    assert ENG.status(state)["phase"] == "splitter.phase.write"
    state = write(state, "A", 3, 0, 2, 5)
    state = write(state, "B", 3, 3, 5, 2)
    assert state["sheets"]["A"][3][3:5] == [2, 5] and (state["sheets"]["B"][3][0], state["sheets"]["B"][3][7]) \
        == (5, 2)
    assert state["round"] == 2 and state["roll"] is None and state["written"] == [] and state["rolls"] == [[2, 5]]
    assert ENG.status(state)["turn"] == "B"
    assert len(open_places(state, "A")) == ROUNDS - 1 and [3, 0] not in open_places(state, "A")


def test_a_game_ended_early_counts_the_rounds_played():
    """The table ends the game before round 2's roll: the header says round 1 (played), not round 2 of 22."""
    state = write(write(rolled(), "A", 3, 0, 3, 4), "B", 3, 0, 3, 4)
    assert ENG.status(state)["round"] == 2
    state = ENG.apply(state, {"type": "finish", "by": "table"})
    assert ENG.status(state) == {"round": 1, "rounds": 22, "phase": "splitter.phase.over", "said": {}, "turn": None,
                                 "over": True}


def test_pairs_are_mirrored_about_the_centre_line():
    """Offset 0 is the two middle cells, offset 3 the two edges."""
    assert pair(2, 0) == [[2, 3], [2, 4]] and pair(2, 3) == [[2, 0], [2, 7]]


def rolled(players=("A", "B"), dice=(3, 4)):
    """A fresh game with round 1 rolled."""
    return ENG.apply(ENG.new_state(list(players)), {"type": "set_roll", "by": "table", "dice": list(dice)})


WRITE_REFUSALS = [
    ({"type": "write", "by": "table", "row": 3, "offset": 0, "left": 3, "right": 4}, "core.player_only"),
    ({"type": "write", "by": "B", "row": 3, "offset": 1, "left": 3, "right": 4}, "splitter.already_written"),
    ({"type": "write", "by": "A", "row": 7, "offset": 0, "left": 3, "right": 4}, "splitter.place_invalid"),
    ({"type": "write", "by": "A", "row": 2, "offset": 4, "left": 3, "right": 4}, "splitter.place_invalid"),
    ({"type": "write", "by": "A", "row": True, "offset": 0, "left": 3, "right": 4}, "splitter.place_invalid"),
    ({"type": "write", "by": "A", "offset": 0, "left": 3, "right": 4}, "splitter.place_invalid"),
    ({"type": "write", "by": "A", "row": 0, "offset": 3, "left": 3, "right": 4}, "splitter.no_space"),
    ({"type": "write", "by": "A", "row": 6, "offset": 2, "left": 3, "right": 4}, "splitter.no_space"),
    ({"type": "write", "by": "A", "row": 2, "offset": 0, "left": 3, "right": 3}, "splitter.values_not_roll"),
    ({"type": "write", "by": "A", "row": 2, "offset": 0, "left": "3", "right": 4}, "splitter.values_not_roll"),
    ({"type": "set_roll", "by": "table", "dice": [1, 1]}, "splitter.already_rolled"),
    ({"type": "roll", "by": "table"}, "splitter.already_rolled"),
    ({"type": "layout", "by": "B", "layout": EXAMPLE_A}, "splitter.sheet_started"),
    ({"type": "finish", "by": "A"}, "core.table_only"),
]


@pytest.mark.parametrize("action,key", WRITE_REFUSALS)
def test_write_refusals(action, key):
    """Each illegal write or roll is refused with its rule; state and record stay as they were."""
    record = new_record("splitter", ["A", "B"])
    state = replay(record)
    for step in ({"type": "set_roll", "by": "table", "dice": [4, 3]},
                 {"type": "write", "by": "B", "row": 3, "offset": 0, "left": 3, "right": 4}):
        record, state = play(record, state, step)
    assert_refused(ENG, state, action, key)
    assert_call_refused(key, play, record, state, action)


@pytest.mark.parametrize("dice", [[0, 3], [3, 7], [3], [3, 3, 3], ["3", 4], [True, 4], None])
def test_table_roll_must_be_two_dice(dice):
    """A table roll is two numbers from 1 to 6."""
    assert_refused(ENG, ENG.new_state(["A"]), {"type": "set_roll", "by": "table", "dice": dice},
                   "splitter.dice_invalid")


def test_no_writing_before_the_roll_and_no_finish_before_anything():
    """Writing waits for the roll; finishing waits for something written."""
    state = ENG.new_state(["A", "B"])
    assert_refused(ENG, state, {"type": "write", "by": "A", "row": 3, "offset": 0, "left": 3, "right": 4},
                   "splitter.no_roll")
    assert_refused(ENG, state, {"type": "finish", "by": "table"}, "splitter.nothing_to_finish")
    state = write(rolled(), "A", 3, 0, 3, 4)
    state = ENG.apply(state, {"type": "finish", "by": "table"})
    assert state["over"] and ENG.status(state)["phase"] == "splitter.phase.over"
    assert ENG.scoreboard(state).ended == {"key": "core.ended.finish"}  # why it ended


def test_a_cell_written_once():
    """A written pair cannot be written again in a later round."""
    state = write(write(rolled(), "A", 3, 0, 3, 4), "B", 3, 0, 4, 3)
    state = ENG.apply(state, {"type": "set_roll", "by": "table", "dice": [6, 6]})
    assert_refused(ENG, state, {"type": "write", "by": "A", "row": 3, "offset": 0, "left": 6, "right": 6},
                   "splitter.cell_taken")


def test_a_finished_sheet_is_not_waited_for():
    """When the last player still writing enters a finished sheet, the round closes; the sheet takes no more."""
    state = write(rolled(), "A", 3, 0, 3, 4)
    state = ENG.apply(state, {"type": "layout", "by": "B", "layout": EXAMPLE_A})
    assert state["round"] == 2 and state["entered"] == ["B"]
    state = ENG.apply(state, {"type": "set_roll", "by": "table", "dice": [1, 2]})
    assert_refused(ENG, state, {"type": "write", "by": "B", "row": 2, "offset": 0, "left": 1, "right": 2},
                   "splitter.sheet_finished")
    assert_refused(ENG, state, {"type": "layout", "by": "B", "layout": EXAMPLE_A}, "splitter.sheet_finished")
    state = write(state, "A", 2, 0, 2, 1)
    assert state["round"] == 3


def random_game(seed, players=("A", "B", "C")):
    """A whole game: the app rolls, each player writes at a random open place, either way round."""
    rand = random.Random(seed)
    record = new_record("splitter", list(players), {"sheet": rand.choice("AB")}, seed=seed)
    state = replay(record)
    while not state["over"]:
        record, state = play(record, state, {"type": "roll", "by": "table"})
        a, b = state["roll"]
        for name in players:
            row, offset = rand.choice(open_places(state, name))
            left, right = (a, b) if rand.random() < 0.5 else (b, a)
            record, state = play(record, state, {"type": "write", "by": name, "row": row, "offset": offset,
                                                 "left": left, "right": right})
    return record, state


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 100_000))
def test_a_whole_game_fills_the_sheets_and_scores_like_its_text(seed):
    """22 rounds fill every sheet; replay equals live play; each sheet scores as its finished text does."""
    record, state = random_game(seed)
    assert state["round"] == ROUNDS and len(state["rolls"]) == ROUNDS
    assert replay(record) == state
    sheet = state["options"]["sheet"]
    board = ENG.scoreboard(state)
    assert board.ended == {"key": "core.ended.rounds", "round": ROUNDS, "rounds": ROUNDS}  # why it ended
    for player in board.players:
        grid = state["sheets"][player.name]
        assert not open_places(state, player.name)
        assert parse_sheet(format_sheet(grid), sheet) == grid
        assert player.total == sum(line.points for line in sheet_score(sheet, grid))


def test_the_log_says_the_dice_of_every_app_roll_without_replaying(monkeypatch):
    """The log read an app roll as "The app rolled the dice": a dispute about a roll could not read its dice. Each
    app roll's row says them, rounds later too, read from the state after the whole log (`Engine.logged`: the
    state keeps what the app rolled, no replay per row); a table roll reads as typed."""
    record = new_record("splitter", ["A"], seed=3)
    state = replay(record)
    for kind, fields in (("roll", {}), ("set_roll", {"dice": [2, 4]}), ("roll", {})):
        record, state = play(record, state, {"type": kind, "by": "A", **fields})
        record, state = play(record, state, {"type": "write", "by": "A", **ENG.offer(state, "write", "A")[0]})
    first, _, third = state["rolls"]
    monkeypatch.setattr(type(ENG), "apply_in_place", lambda *args: pytest.fail("the log replayed an action"))
    said = [entry["what"] for entry in public_log(record, state) if entry["what"][0] != "splitter.action.write"]
    assert said == [["splitter.action.rolled", {"by": "A", "dice": first, "nth": 1}],
                    ["splitter.action.set_roll", {"by": "A", "dice": [2, 4], "nth": 1}],
                    ["splitter.action.rolled", {"by": "A", "dice": third, "nth": 2}]]
    assert public_log(record, state, 2)[0]["what"] == said[-1]  # the newest rows only: the same words


def test_the_log_says_which_squares_a_write_went_to():
    """A row holds up to four pairs: "阿美 wrote 1 | 3" (and the past rounds' "row 3: 1 | 3") did not say which two
    squares, so a pair entered in the wrong place could not be found against the paper sheet. The log's row names
    the row and both columns, counted from 1 as the squares are named, in both languages."""
    record = new_record("splitter", ["A"], seed=3)
    state = replay(record)
    record, state = play(record, state, {"type": "set_roll", "by": "A", "dice": [1, 3]})
    record, state = play(record, state, {"type": "write", "by": "A", "row": 2, "offset": 2, "left": 1, "right": 3})
    key, params = public_log(record, state, 1)[0]["what"]
    assert i18n.text("en", key, **params) == "A wrote 1 | 3 in row 3, columns 2 and 7"
    assert i18n.text("zh-CN", key, **params) == "A 在第 3 行第 2、7 列写下 1 | 3"


# ---------------------------------------------------------------------------------------------------------
# Corrections


def place(row, offset, left, right):
    """One player's write in a correction."""
    return {"row": row, "offset": offset, "left": left, "right": right}


def corrected_game():
    """Round 1 (dice 1 3): A 1|3 in the middle of row 3, B 3|1 one out; round 2 (1 1): A in the middle of row 2,
    B of row 0; round 3 rolled 6 6 and A has written it in the middle of row 0."""
    record = new_record("splitter", ["A", "B"])
    state = replay(record)
    rounds = (([1, 3], {"A": place(3, 0, 1, 3), "B": place(3, 1, 3, 1)}),
              ([1, 1], {"A": place(2, 0, 1, 1), "B": place(0, 0, 1, 1)}), ([6, 6], {"A": place(0, 0, 6, 6)}))
    for dice, writes in rounds:
        record, state = play(record, state, {"type": "set_roll", "by": "table", "dice": dice})
        for by, where in writes.items():
            record, state = play(record, state, {"type": "write", "by": by, **where})
    return record, state


def correct(number, **writes):
    """A correction of round `number`."""
    return {"type": "correct", "by": "table", "round": number, "writes": writes}


def test_a_finished_round_is_corrected_and_later_rounds_stay():
    """A's round-1 pair really went in the middle of row 5: row 3 is cleared, row 2's two 1s no longer join the 1
    below them (a group of three 1s scored 0), the lone 1 in row 5 scores 1. Round 2 and the round being played
    stay; the log keeps both; undo restores."""
    record, state = corrected_game()
    assert ENG.scoreboard(state).total("A") == 0
    before = state
    record, state = play(record, state, correct(1, A=place(5, 0, 1, 3), B=place(3, 1, 3, 1)))
    grid = state["sheets"]["A"]
    assert grid[3][3:5] == [None, None] and grid[5][3:5] == [1, 3] and grid[2][3:5] == [1, 1]
    assert grid[0][3:5] == [6, 6] and state["round"] == 3 and state["written"] == ["A"]
    assert state["placed"][0] == {"A": place(5, 0, 1, 3), "B": place(3, 1, 3, 1)}
    assert ENG.scoreboard(state).total("A") == 1 and state["sheets"]["B"] == before["sheets"]["B"]
    assert [a["type"] for a in record["actions"]][-2:] == ["write", "correct"] and replay(record) == state
    key, params = ENG.logged(state, record["actions"][-1], 1)  # the log row says what changed (not only "corrected")
    assert (key, params["changes"]) == ("splitter.action.corrected", {"A": "0 ⭢ 1"})
    assert words.say("en", key, **params) == "Round 1 corrected, sheet totals: A 0 ⭢ 1"
    record, state = undo(record)
    assert state == before and record["redo"][-1]["type"] == "correct"


def test_a_pair_may_be_turned_round_in_its_own_cells():
    """A's own old cells are free for the corrected pair: 1|3 written as 3|1."""
    _, state = corrected_game()
    state = ENG.apply(state, correct(1, A=place(3, 0, 3, 1), B=place(3, 1, 3, 1)))
    assert state["sheets"]["A"][3][3:5] == [3, 1]


CORRECTION_REFUSALS = [
    (correct(3, A=place(5, 0, 6, 6)), "splitter.round_unknown"),
    (correct(0, A=place(5, 0, 1, 3), B=place(3, 1, 3, 1)), "splitter.round_unknown"),
    ({"type": "correct", "by": "table", "round": 1, "writes": ["A"]}, "splitter.writes_missing"),
    (correct(1, A=place(5, 0, 1, 3)), "splitter.write_missing"),
    (correct(1, A=place(5, 0, 1, 3), B=place(3, 1, 3, 1), C=place(4, 0, 1, 3)), "splitter.wrote_nothing"),
    (correct(1, A=place(2, 0, 1, 3), B=place(3, 1, 3, 1)), "splitter.correct_refused"),
    (correct(1, A=place(5, 0, 6, 6), B=place(3, 1, 3, 1)), "splitter.correct_refused"),
    (correct(1, A=place(0, 3, 1, 3), B=place(3, 1, 3, 1)), "splitter.correct_refused"),
    (correct(1, A=place(5, 0, 1, 3), B="row 4"), "splitter.correct_refused"),
    (correct(1, A=place(5, 0, 1, 3), B={**place(3, 1, 3, 1), "rihgt": 1}), "core.field_unknown"),
    ({**correct(1, A=place(5, 0, 1, 3), B=place(3, 1, 3, 1)), "by": "A"}, "core.table_only"),
]


@pytest.mark.parametrize("action,key", CORRECTION_REFUSALS)
def test_correction_refusals_change_nothing(action, key):
    """A round not finished, a player missing or extra, a taken cell (row 2 holds round 2), numbers not the round's
    dice, no space, or a player sending it: refused; state and log stay as they were."""
    record, state = corrected_game()
    assert_refused(ENG, state, action, key)
    assert_call_refused(key, play, record, state, action)


@pytest.mark.parametrize("action,who,reason", [
    (correct(1, A=place(2, 0, 1, 3), B=place(3, 1, 3, 1)), "A", "splitter.cell_taken"),
    (correct(1, A=place(5, 0, 6, 6), B=place(3, 1, 3, 1)), "A", "splitter.values_not_roll"),
    (correct(1, A=place(5, 0, 1, 3), B=place(0, 3, 1, 3)), "B", "splitter.no_space"),
    (correct(1, A=place(5, 0, 1, 3), B="row 4"), "B", "splitter.place_invalid"),
])
def test_a_refused_corrected_pair_names_its_player_and_round(action, who, reason):
    """A correction carries every player's pair: the refusal says whose pair in which round, and why."""
    _, state = corrected_game()
    err = assert_refused(ENG, state, action, "splitter.correct_refused")
    assert (err.params["name"], err.params["round"], err.params["reason"]) == (who, 1, reason)
    assert i18n.text("en", err.key, **err.params).startswith(f"{who}'s pair in round 1: ")
    assert i18n.text("zh-CN", err.key, **err.params).startswith(f"{who} 第 1 轮的两个数：")


def test_no_correction_before_a_round_is_finished_or_after_the_end():
    """Nothing to correct in round 1; once over, corrections are refused like every move."""
    state = write(rolled(), "A", 3, 0, 3, 4)
    assert ENG.offer(state, "correct", "table") == []
    assert_refused(ENG, state, correct(1, A=place(4, 0, 3, 4)), "splitter.round_unknown")
    state = ENG.apply(write(state, "B", 3, 0, 3, 4), {"type": "finish", "by": "table"})
    assert_refused(ENG, state, correct(1, A=place(4, 0, 3, 4), B=place(3, 0, 3, 4)), "core.game_over")


actions = st.one_of(
    st.builds(lambda by: {"type": "roll", "by": by}, st.sampled_from(["A", "table"])),
    st.builds(lambda d: {"type": "set_roll", "by": "table", "dice": d}, st.lists(st.integers(0, 7), max_size=3)),
    st.builds(lambda by, r, k, a, b: {"type": "write", "by": by, "row": r, "offset": k, "left": a, "right": b},
              st.sampled_from(["A", "B", "table"]), st.integers(-1, 7), st.integers(-1, 4), st.integers(0, 7),
              st.integers(0, 7)),
    st.builds(lambda by, text: {"type": "layout", "by": by, "layout": text}, st.sampled_from(["A", "B"]),
              st.sampled_from([EXAMPLE_A, HEARTS_B, "1 2"])),
    st.just({"type": "finish", "by": "table"}),
    st.builds(lambda n, k, a, b: {"type": "correct", "by": "table", "round": n,
                                  "writes": {p: {"row": 3, "offset": k, "left": a, "right": b} for p in "AB"}},
              st.integers(0, 3), st.integers(0, 3), st.integers(1, 6), st.integers(1, 6)),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(actions, max_size=60), st.sampled_from(["A", "B"]))
def test_random_actions_raise_only_rule_errors_and_replay_equals_live(sequence, sheet):
    """Whatever is thrown at it, the engine accepts or refuses with RuleError; replaying the log rebuilds it."""
    record = new_record("splitter", ["A", "B"], {"sheet": sheet}, seed=5)
    state = replay(record)
    record, state = play_all(record, state, sequence)
    assert replay(record) == state
    ENG.scoreboard(state)
    json.dumps(state)


# ---------------------------------------------------------------------------------------------------------
# Command line


def test_cli_scores_a_record_of_finished_sheets(tmp_path, capsys):
    """`python -m scoring score` scores a record made only of layout actions, with the sheet option."""
    for sheet, text, total in (("A", EXAMPLE_A, 34), ("B", HEARTS_B, points(HEARTS_B, "B"))):
        record = {"game": "splitter", "players": ["甲"], "options": {"sheet": sheet},
                  "actions": [{"type": "layout", "by": "甲", "layout": text}]}
        out = cli_score(tmp_path / f"{sheet}.json", record, capsys)
        assert out["players"][0]["total"] == total and out["over"]
    assert total > 5


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, 10_000), min_size=20, max_size=60), st.sampled_from(["A", "B"]))
def test_games_drawn_from_the_prompt_are_accepted_and_replay(picks, sheet):
    """Every action the prompt offers is accepted; a game drawn from it accepts one action per pick until over,
    and replaying its log equals live play."""
    record = new_record("splitter", ["A", "B"], {"sheet": sheet}, seed=11)
    state = replay(record)
    accepted = 0
    for pick in picks:
        offered = [{"type": e["type"], "by": e["by"], **c} for e in ENG.prompt(state) for c in e["choices"] or []
                   if e["type"] != "finish"]
        if not offered:
            break
        action = offered[pick % len(offered)]
        assert ENG.check(state, action) is None, action
        record, state = play(record, state, action)
        accepted += 1
    assert accepted >= min(len(picks), 20) or state["over"]
    assert replay(record) == state


def test_rounds_entered_counts_finished_rounds_whoever_rolled():
    """The engine's count of rounds entered (what the round forms ask, `views.games.round_edit.entered`): a round
    counts once every player has written, whether the app or the table rolled; the log's `set_roll` actions no
    longer stand in for it."""
    state = ENG.new_state(["Ann", "Bob"])
    state = ENG.apply(state, {"type": "roll", "by": "table"})
    dice = state["roll"]
    state = ENG.apply(state, {"type": "write", "by": "Ann", "row": 3, "offset": 0, "left": dice[0], "right": dice[1]})
    assert ENG.rounds_entered(state) == 0
    state = ENG.apply(state, {"type": "write", "by": "Bob", "row": 3, "offset": 0, "left": dice[0], "right": dice[1]})
    assert ENG.rounds_entered(state) == 1
    state = ENG.apply(state, {"type": "set_roll", "by": "table", "dice": [2, 2]})
    for by in ("Ann", "Bob"):
        state = ENG.apply(state, {"type": "write", "by": by, "row": 2, "offset": 0, "left": 2, "right": 2})
    assert ENG.rounds_entered(state) == 2


def test_only_the_last_write_of_a_round_completes_it():
    """A writes, then B's write finishes round 1 (`completes` says 1: its Undo reopens the whole round); the roll
    and A's write complete nothing, nor does A's write in round 2 before B's."""
    first = {"type": "write", "by": "A", "row": 3, "offset": 0, "left": 3, "right": 4}
    second, later = {**first, "by": "B"}, {**first, "row": 2, "left": 1, "right": 2}
    state = rolled()
    assert ENG.completes(state, {"type": "set_roll", "by": "table", "dice": [3, 4]}) is None
    state = ENG.apply(state, first)
    assert ENG.completes(state, first) is None
    state = ENG.apply(state, second)
    assert ENG.completes(state, second) == 1
    state = ENG.apply(ENG.apply(state, {"type": "set_roll", "by": "table", "dice": [1, 2]}), later)
    assert ENG.completes(state, later) is None


def test_a_finished_sheet_that_was_the_last_a_round_waited_for_completes_it():
    """B enters a finished sheet after A wrote: round 1 is finished by it (`completes` 1); a sheet entered before
    the round is rolled, or while another player is still to write, completes nothing."""
    sheet = {"type": "layout", "by": "B", "layout": EXAMPLE_A}
    state = ENG.apply(write(rolled(), "A", 3, 0, 3, 4), sheet)
    assert ENG.completes(state, sheet) == 1
    unrolled = ENG.new_state(["A", "B"])
    for players, start in ((["A", "B"], unrolled), (["A", "B", "C"], rolled(("A", "B", "C")))):
        assert ENG.completes(ENG.apply(start, sheet), sheet) is None, players
