"""Players' own lines (`scoring.mechanics.own_lines`), as properties over the round games that take them: lines
given in any order, some given again, record the same round as the table entering the last line of each player;
replay gives the same state; undoing every line gets the exact start back. Only the line that recorded the round
is logged as recording it, the one an undo sends the round back to waiting from. Rummy's lines must not share a card, so
each player's are drawn from cards of their own (one suit each)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core import engine
from scoring.record import new_record, play, public_log, redo_entry, replay, undo

PLAYERS = ["Ann", "Bo", "Cy"]

SUIT = dict(zip(PLAYERS, "HSC"))


@st.composite
def rummy_line(draw, name: str) -> dict:
    """A Rummy line of the player's own suit: maybe a run of 2-3-4 melded, a hand of some of 5 to K (never empty,
    so nobody went out and the stock ran out, as the engine reads lines)."""
    suit = SUIT[name]
    melds = [[f"{r}{suit}" for r in "234"]] if draw(st.booleans()) else []
    hand = draw(st.lists(st.sampled_from([f"{r}{suit}" for r in ("5", "6", "8", "9", "J", "K")]),
                         min_size=1, max_size=4, unique=True))
    return {"melds": melds, "laid_off": [], "hand": hand}


# Per game: the move's field for a line, lines a player may give (any three together: no Flip 7, never more copies
# of a card than the deck holds, only the T-Rex, whose row is known; Rummy's from the player's own cards), and how
# the table's round takes them.
GAMES = {
    "score_pad": ("score", lambda name: st.integers(-50, 50), lambda lines: {"scores": lines}),
    "flip7": ("line", lambda name: st.sampled_from([
        {"numbers": [], "modifiers": [], "second_chance": 0, "status": "stayed"},
        {"numbers": [5], "modifiers": [], "second_chance": 0, "status": "stayed"},
        {"numbers": [7, 8], "modifiers": [], "second_chance": 0, "status": "frozen"},
        {"numbers": [10, 10], "modifiers": [], "second_chance": 0, "status": "busted"},
        {"numbers": [12, 9], "modifiers": [], "second_chance": 0, "status": "stayed"},
    ]), lambda lines: {"lines": lines}),
    "cubosaurs": ("line", lambda name: st.sampled_from([
        {"dinos": {"T-Rex": 1}, "eggs": {}, "raptors": [], "dna": 0},
        {"dinos": {"T-Rex": 3}, "eggs": {}, "raptors": [{"colour": "grey", "plus": 2, "minus": -1}], "dna": 0},
        {"dinos": {"T-Rex": 2}, "eggs": {}, "raptors": [], "dna": 0},
    ]), lambda lines: {"lines": lines}),
    "rummy": ("line", rummy_line, lambda lines: {"lines": lines, "stock_out": True}),
}


@st.composite
def givings(draw, game: str):
    """A game and the lines its players give for round 1, in order: every player at least once, the last of
    them completing the round, some given again before it."""
    _, line, _ = GAMES[game]
    first = [(name, draw(line(name))) for name in draw(st.permutations(PLAYERS))]
    again = [(name, draw(line(name))) for name in draw(st.lists(st.sampled_from([n for n, _ in first[:-1]]),
                                                                 max_size=4))]
    return first[:-1] + again + first[-1:]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(GAMES)).flatmap(lambda game: st.tuples(st.just(game), givings(game))))
def test_lines_in_any_order_record_the_tables_round_and_undo_back_to_the_start(case):
    game, lines = case
    field, _, table_fields = GAMES[game]
    eng = engine(game)
    record = new_record(game, PLAYERS)
    start = state = replay(record)
    for name, line in lines:
        record, state = play(record, state, {"type": "line", "by": name, "round": 1, field: line})
    last = {}
    for name, line in lines:
        last[name] = line
    table = eng.apply(start, {"type": "round", "by": "table", **table_fields(last)})
    assert eng.rounds_entered(state) == 1
    assert state == table
    assert replay(record) == state
    while record["actions"]:
        record, state = undo(record)
    assert state == start


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(GAMES)).flatmap(lambda game: st.tuples(st.just(game), givings(game))))
def test_only_the_last_line_is_logged_as_recording_the_round(case):
    """The log's newest entry says the round its line recorded (`completes`, which the host's Undo reads) after the
    last line only; undone, Redo's entry says putting it back records the round again; the table's own round,
    entered instead, is no line and is not logged as one that recorded the round."""
    game, lines = case
    field, _, table_fields = GAMES[game]
    record = new_record(game, PLAYERS)
    state = replay(record)
    said = []
    for name, line in lines:
        record, state = play(record, state, {"type": "line", "by": name, "round": 1, field: line})
        said.append(public_log(record, state, 1)[-1].get("completes"))
    assert said == [None] * (len(lines) - 1) + [1]
    assert [entry.get("completes") for entry in public_log(record, state)] == said
    record, state = undo(record)
    assert public_log(record, state, 1)[-1].get("completes") is None and redo_entry(record, state)["completes"] == 1
    record, state = play(record, state, {"type": "round", "by": "table", **table_fields(dict(lines))})
    assert "completes" not in public_log(record, state, 1)[-1]
