"""Pictomania: the deal, guesses, the bonus race, the reveal and scoring (RULINGS.md §3), with hand-worked
rounds for 3, 4 and 6 players, the refusals, the command line and property tests."""

import copy
import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import i18n
from scoring.__main__ import main
from scoring.core import RuleError, engine
from scoring.games.pictomania import score_round, tiles_for, tokens_for, word_of
from scoring.record import new_record, play, public_log, redo, replay, undo
from tests.helpers import assert_call_refused, assert_refused, cli_score, domain_files, placeholders, play_all

ENG = engine("pictomania")


def started(players, deal, **options):
    """A state in round 1 with the given physical deal entered."""
    state = ENG.new_state(players, options, seed=3)
    return ENG.apply(state, {"type": "set_deal", "by": "table", "deal": deal})


def run(state, actions):
    """The state after the actions, each a tuple: ("g", by, target, n), ("s", by, take), ("w", drawer), ("r",)."""
    for act in actions:
        state = ENG.apply(state, action_of(act))
    return state


def action_of(act):
    """The action dict of a short tuple form."""
    kind = act[0]
    if kind == "g":
        return {"type": "guess", "by": act[1], "target": act[2], "number": act[3]}
    if kind == "s":
        return {"type": "stop", "by": act[1], "take_tile": act[2]}
    if kind == "w":
        return {"type": "wrong_word", "by": "table", "drawer": act[1]}
    return {"type": "reveal", "by": "table"}


def totals(state):
    """Each player's total from the scoreboard."""
    board = ENG.scoreboard(state)
    return {p.name: p.total for p in board.players}


def last(state):
    """The result of the last scored round."""
    return state["history"][-1]["result"]


# --- setup ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n,tokens,tiles", [
    (3, [3, 2], [3, 3]),
    (4, [3, 2, 1], [3, 3, 2]),
    (5, [3, 2, 1, 1], [3, 3, 2, 2]),
    (6, [3, 2, 1, 1, 1], [3, 3, 2, 2, 1]),
])
def test_tokens_and_tiles_by_player_count(n, tokens, tiles):
    """n−1 tokens per player and n−1 bonus tiles, the highest of each table."""
    state = ENG.new_state([f"P{i}" for i in range(n)])
    assert tokens_for(state) == tokens and tiles_for(state) == tiles
    assert ENG.status(state) == {"round": 1, "rounds": 5, "phase": "pictomania.phase.deal", "said": {},
                                 "turn": None, "over": False}


def test_edited_tables_are_sorted_highest_first():
    """The tables are options; their order does not matter, the highest are used."""
    state = ENG.new_state(["A", "B", "C"], {"tokens": [1, 4, 1, 2, 1], "bonus_tiles": [1, 1, 5, 1, 2]})
    assert tokens_for(state) == [4, 2] and tiles_for(state) == [5, 2]


def test_seeded_deal_is_distinct_private_and_repeatable():
    """The seeded deal gives distinct symbols and numbers; the same seed deals the same; word_of is per player."""
    players = ["A", "B", "C", "D", "E", "F"]
    state = ENG.apply(ENG.new_state(players, seed=11), {"type": "deal", "by": "table"})
    again = ENG.apply(ENG.new_state(players, seed=11), {"type": "deal", "by": "table"})
    assert state == again
    words = [word_of(state, p) for p in players]
    assert len({w["symbol"] for w in words}) == 6 and len({w["number"] for w in words}) == 6
    assert all(1 <= w["symbol"] <= 6 and 1 <= w["number"] <= 7 for w in words)
    assert ENG.reveals({"type": "deal", "by": "table"}) and ENG.reveals({"type": "reveal", "by": "table"})
    assert word_of(ENG.new_state(players), "A") is None
    assert ENG.status(state)["phase"] == "pictomania.phase.drawing"


def test_deal_differs_between_rounds():
    """Each round's deal comes from its own salt."""
    state = ENG.apply(ENG.new_state(["A", "B", "C", "D"], seed=2), {"type": "deal", "by": "table"})
    first = copy.deepcopy(state["deal"])
    state = ENG.apply(ENG.apply(state, {"type": "reveal", "by": "table"}), {"type": "deal", "by": "table"})
    assert state["round"] == 2 and state["deal"] != first


def test_kids_variant_deals_numbers_only():
    """Kids variant: one card, everyone gets a distinct number and no symbol."""
    state = ENG.apply(ENG.new_state(["A", "B", "C", "D"], {"kids": True}, seed=4), {"type": "deal", "by": "table"})
    assert all(word_of(state, p)["symbol"] is None for p in "ABCD")
    assert len({word_of(state, p)["number"] for p in "ABCD"}) == 4
    state = started(["A", "B", "C"], {"A": 2, "B": 5, "C": 7}, kids=True)
    assert word_of(state, "B") == {"symbol": None, "number": 5}
    state = run(state, [("g", "A", "B", 5), ("g", "C", "B", 1), ("r",)])
    assert last(state)["received"]["A"] == [["B", 3]]


def test_deck_labels_the_round():
    """The deck option labels the rounds; a deal may name another deck."""
    state = ENG.new_state(["A", "B", "C"], {"difficulty": "2"})
    state = ENG.apply(state, {"type": "deal", "by": "table"})
    state = ENG.apply(state, {"type": "reveal", "by": "table"})
    state = ENG.apply(state, {"type": "deal", "by": "table", "deck": "4"})
    state = ENG.apply(state, {"type": "reveal", "by": "table"})
    assert [h["deck"] for h in state["history"]] == ["2", "4"]


# --- hand-worked rounds ---------------------------------------------------------------------------------


def test_three_players_hand_worked():
    """3 players: tokens 3,2 each; tiles 3,3.

    Numbers: A 1, B 2, C 3. Piles in order: A ← B:1 ✓, C:1 ✓; B ← A:5 ✗, C:2 ✓; C ← A:3 ✓.
    A's tokens: B gets 3, C gets 2. B's: C gets 3, B keeps 2. C's: A gets 3, C keeps 2.
    Middle: A 1 → A is the black sheep. Stops: C takes 3, A takes 3 (last tile: the race is over).
    A: +3 received − 0 kept − 3 tile (black sheep) = 0
    B: +3 received − 2 kept, no tile              = 1
    C: +2 +3 received − 2 kept + 3 tile            = 6
    """
    state = started(["A", "B", "C"], {"A": [1, 1], "B": [2, 2], "C": [3, 3]})
    state = run(state, [("g", "B", "A", 1), ("g", "A", "B", 5), ("g", "C", "A", 1), ("g", "C", "B", 2),
                        ("s", "C", True), ("g", "A", "C", 3), ("s", "A", True)])
    assert ENG.status(state)["phase"] == "pictomania.phase.reveal"
    state = ENG.apply(state, {"type": "reveal", "by": "table"})
    result = last(state)
    assert result["received"] == {"A": [["C", 3]], "B": [["A", 3]], "C": [["A", 2], ["B", 3]]}
    assert result["kept"] == {"A": [], "B": [2], "C": [2]}
    assert result["middle"] == {"A": 1, "B": 0, "C": 0} and result["black_sheep"] == "A"
    assert totals(state) == {"A": 0, "B": 1, "C": 6}
    board = ENG.scoreboard(state)
    assert board.winners == ("C",) and board.rounds == ({"A": 0, "B": 1, "C": 6},)
    a_lines = [line.to_json() for line in board.players[0].breakdown]
    assert a_lines == [
        {"key": "pictomania.line.received", "points": 3, "params": {"round": 1, "stars": 3, "from": ["C"]}},
        {"key": "pictomania.line.tile_black_sheep", "points": -3, "params": {"round": 1, "tile": 3}},
    ]


def test_four_players_hand_worked():
    """4 players: tokens 3,2,1 each; tiles 3,3,2.

    Numbers: A 4, B 7, C 1, D 5. Piles in order:
      A ← D:4 ✓, B:4 ✓, C:2 ✗   → D 3, B 2; A keeps 1
      B ← A:6 ✗, C:6 ✗          → nobody guessed B; B keeps 3+2+1 = 6
      C ← A:1 ✓, D:1 ✓, B:1 ✓   → A 3, D 2, B 1; C keeps nothing
      D ← C:5 ✓                 → C 3; D keeps 2+1 = 3
    Middle: A 1, B 0, C 2, D 0 → C is the black sheep.
    Stops: B takes 3, C takes 3, D takes 2 (last tile); A has none.
    A: +3 − 1                    = 2
    B: +2 +1 − 6 + 0 (unguessed) = −3
    C: +3 − 0 − 3 (black sheep)  = 0
    D: +3 +2 − 3 + 2             = 4
    """
    state = started(["A", "B", "C", "D"], {"A": [1, 4], "B": [2, 7], "C": [3, 1], "D": [4, 5]})
    state = run(state, [("g", "A", "C", 1), ("g", "D", "A", 4), ("g", "A", "B", 6), ("g", "C", "D", 5),
                        ("g", "D", "C", 1), ("g", "B", "A", 4), ("g", "C", "B", 6), ("g", "B", "C", 1),
                        ("s", "B", True), ("g", "C", "A", 2), ("s", "C", True), ("s", "D", True)])
    assert ENG.status(state)["phase"] == "pictomania.phase.reveal"
    state = ENG.apply(state, {"type": "reveal", "by": "table"})
    result = last(state)
    assert result["black_sheep"] == "C"
    assert {p: s["tile_reason"] for p, s in result["scores"].items()} == {
        "A": "none", "B": "unguessed", "C": "black_sheep", "D": "plus"}
    assert totals(state) == {"A": 2, "B": -3, "C": 0, "D": 4}
    assert ENG.scoreboard(state).winners == ("D",)


def test_six_players_hand_worked():
    """6 players: tokens 3,2,1,1,1 (8 stars) each; tiles 3,3,2,2,1.

    Numbers: A 1, B 2, C 3, D 4, E 5, F 6. Piles in order:
      A ← B:1 ✓, C:1 ✓, D:1 ✓, E:1 ✓, F:1 ✓ → B 3, C 2, D 1, E 1, F 1; A keeps nothing
      B ← A:3 ✗, C:2 ✓, D:2 ✓               → C 3, D 2; B keeps 1+1+1 = 3
      C ← nobody                             → C keeps 8
      D ← E:7 ✗, F:4 ✓                       → F 3; D keeps 2+1+1+1 = 5
      E ← A:5 ✓, B:6 ✗                       → A 3; E keeps 5
      F ← A:2 ✗, E:6 ✓                       → E 3; F keeps 5
    Middle: A 2, B 1, E 1 → A is the black sheep.
    Stops: A takes 3, F takes 3, B stops without a tile, E takes 2, C takes 2, D takes 1 (last tile).
    A: +3 − 0 − 3 (black sheep)      = 0
    B: +3 − 3, no tile               = 0
    C: +2 +3 − 8 + 0 (unguessed)     = −3
    D: +1 +2 − 5 + 1                 = −1
    E: +1 +3 − 5 + 2                 = 1
    F: +1 +3 − 5 + 3                 = 2
    Stars: received 3+3+5+3+4+4 = 22, kept 0+3+8+5+5+5 = 26, 22 + 26 = 48 = 8 × 6.
    """
    players = ["A", "B", "C", "D", "E", "F"]
    state = started(players, {p: [i + 1, i + 1] for i, p in enumerate(players)})
    state = run(state, [("g", "B", "A", 1), ("g", "A", "B", 3), ("g", "C", "A", 1), ("g", "A", "E", 5),
                        ("g", "D", "A", 1), ("g", "E", "D", 7), ("g", "C", "B", 2), ("g", "A", "F", 2),
                        ("s", "A", True), ("g", "E", "A", 1), ("g", "F", "A", 1), ("g", "D", "B", 2),
                        ("g", "B", "E", 6), ("g", "F", "D", 4), ("s", "F", True), ("s", "B", False),
                        ("g", "E", "F", 6), ("s", "E", True), ("s", "C", True), ("s", "D", True)])
    assert ENG.status(state)["phase"] == "pictomania.phase.reveal"
    state = ENG.apply(state, {"type": "reveal", "by": "table"})
    result = last(state)
    assert result["middle"] == {"A": 2, "B": 1, "C": 0, "D": 0, "E": 1, "F": 0}
    assert result["black_sheep"] == "A"
    assert state["history"][-1]["tiles"] == {"A": 3, "B": None, "C": 2, "D": 1, "E": 2, "F": 3}
    assert totals(state) == {"A": 0, "B": 0, "C": -3, "D": -1, "E": 1, "F": 2}
    received = sum(s["received"] for s in result["scores"].values())
    kept = sum(s["lost"] for s in result["scores"].values())
    assert (received, kept) == (22, 26)


def test_tie_for_most_wrong_means_no_black_sheep():
    """A and B each have 1 card in the middle: no black sheep, so A's tile counts plus.

    Numbers: A 1, B 2, C 3. A ← C:1 ✓ (C 3; A keeps 2); B ← A:4 ✗, C:2 ✓ (C 3; B keeps 2);
    C ← B:5 ✗, A:3 ✓ (A 3; C keeps 2). Middle A 1, B 1. Stops: A takes 3, B takes 3.
    A: +3 − 2 + 3 = 4;  B: 0 − 2 + 3 = 1;  C: +3 +3 − 2 = 4.
    """
    state = started(["A", "B", "C"], {"A": [1, 1], "B": [2, 2], "C": [3, 3]})
    state = run(state, [("g", "C", "A", 1), ("g", "A", "B", 4), ("g", "C", "B", 2), ("g", "B", "C", 5),
                        ("g", "A", "C", 3), ("s", "A", True), ("s", "B", True), ("r",)])
    assert last(state)["black_sheep"] is None
    assert totals(state) == {"A": 4, "B": 1, "C": 4}
    assert ENG.scoreboard(state).winners == ("A", "C")


def test_empty_middle_means_no_black_sheep():
    """Nobody guessed wrong (here nobody guessed at all): no black sheep; tiles of unguessed drawers count 0.

    3 players, no guesses: everyone keeps 3 + 2 = 5 stars; A takes 3, B takes 3 but nobody guessed them.
    A: −5 + 0 = −5; B: −5 + 0 = −5; C: −5.
    """
    state = started(["A", "B", "C"], {"A": [1, 1], "B": [2, 2], "C": [3, 3]})
    state = run(state, [("s", "A", True), ("s", "B", True), ("r",)])
    assert last(state)["black_sheep"] is None
    assert {p: s["tile_reason"] for p, s in last(state)["scores"].items()} == {
        "A": "unguessed", "B": "unguessed", "C": "none"}
    assert totals(state) == {"A": -5, "B": -5, "C": -5}


def test_bonus_tile_is_zero_when_nobody_guessed_the_drawer():
    """A finished first (tile 3) but nobody guessed A: the tile counts 0 and the line says why.

    Numbers: A 1, B 2, C 3. A ← B:2 ✗ (A keeps 3+2 = 5); B ← C:2 ✓ (C 3; B keeps 2); C ← nobody (keeps 5).
    Middle: B 1 → B is the black sheep, with no tile. A: −5 + 0 = −5; B: −2; C: +3 − 5 = −2.
    """
    state = started(["A", "B", "C"], {"A": [1, 1], "B": [2, 2], "C": [3, 3]})
    state = run(state, [("s", "A", True), ("g", "B", "A", 2), ("g", "C", "B", 2), ("r",)])
    assert totals(state) == {"A": -5, "B": -2, "C": -2}
    lines = [line.to_json() for line in ENG.scoreboard(state).players[0].breakdown]
    assert lines[-1] == {"key": "pictomania.line.tile_unguessed", "points": 0, "params": {"round": 1, "tile": 3}}


def test_scoreboard_lines_do_not_speak_to_the_reader():
    """A score line sits under one player's name on every phone and the host's screen: it names no "you" (the
    unguessed tile's line said "nobody guessed your word" / "没人猜中你的画" under another player's name)."""
    for lang, you in (("en", re.compile(r"\byour?\b", re.I)), ("zh-CN", re.compile("你"))):
        lines = {k: v for k, v in i18n.table(lang).items() if k.startswith("pictomania.line.")}
        assert lines and not [v for v in lines.values() if you.search(v)], lang


def test_black_sheep_beats_unguessed_for_the_tile():
    """A black sheep nobody guessed still counts the tile minus (the original checks black sheep first).

    Numbers: A 1, B 2, C 3. A ← nobody (keeps 5); B ← A:3 ✗, C:2 ✓ (C 3; B keeps 2); C ← A:2 ✗ (keeps 5).
    Middle: A 2 → black sheep. A took 3: A = −5 − 3 = −8; B = −2; C = +3 − 5 = −2.
    """
    state = started(["A", "B", "C"], {"A": [1, 1], "B": [2, 2], "C": [3, 3]})
    state = run(state, [("g", "A", "B", 3), ("g", "A", "C", 2), ("s", "A", True), ("g", "C", "B", 2), ("r",)])
    assert last(state)["scores"]["A"]["tile_reason"] == "black_sheep"
    assert totals(state) == {"A": -8, "B": -2, "C": -2}


def test_wrong_word_returns_the_guesses_and_the_drawer_keeps_all_tokens():
    """A drew the wrong word: B's wrong and C's right guess on A go back (no tokens, not in the middle).

    Numbers: A 1, B 2, C 3. A ← B:4, C:1 → returned; A keeps 3+2 = 5. B ← C:2 ✓ (C 3; B keeps 2).
    C ← A:3 ✓, B:3 ✓ (A 3, B 2; C keeps nothing). Middle is empty: no black sheep.
    Stops: A takes 3 (counts 0: the wrong word — not "nobody guessed", C guessed A's number), C takes 3.
    A: +3 − 5 + 0 = −2;  B: +2 − 2 = 0;  C: +3 − 0 + 3 = 6.
    """
    state = started(["A", "B", "C"], {"A": [1, 1], "B": [2, 2], "C": [3, 3]})
    state = run(state, [("g", "B", "A", 4), ("g", "C", "A", 1), ("g", "C", "B", 2), ("g", "A", "C", 3),
                        ("g", "B", "C", 3), ("s", "A", True), ("s", "C", True)])
    state = ENG.apply(state, {"type": "wrong_word", "by": "table", "drawer": "A"})
    assert state["returned"] == {"A": [["B", 4], ["C", 1]]} and state["guesses"]["A"] == []
    state = ENG.apply(state, {"type": "reveal", "by": "table"})
    result = last(state)
    assert result["middle"] == {"A": 0, "B": 0, "C": 0} and result["black_sheep"] is None
    assert result["kept"]["A"] == [3, 2] and result["scores"]["A"]["tile_reason"] == "wrong_word"
    assert totals(state) == {"A": -2, "B": 0, "C": 6}
    line = ENG.scoreboard(state).players[0].breakdown[-1].to_json()
    assert i18n.text("en", line["key"], **line["params"]) == "Round 1: bonus tile 3 counts 0 (drew the wrong word)"
    assert i18n.text("zh-CN", line["key"], **line["params"]) == "第 1 轮：加分板块 3 记 0 分（画错了题目）"


def test_wrong_word_while_drawing_closes_the_pile():
    """A wrong word ruled during the drawing: the pile takes no more guesses."""
    state = started(["A", "B", "C"], {"A": [1, 1], "B": [2, 2], "C": [3, 3]})
    state = run(state, [("g", "B", "A", 1), ("w", "A")])
    refused(state, action_of(("g", "C", "A", 1)), "pictomania.pile_returned")
    state = run(state, [("g", "C", "B", 2), ("r",)])
    assert last(state)["received"]["B"] == []


def test_reveal_before_the_race_is_over_and_rounds_add_up():
    """The table may reveal while drawing; totals accumulate over rounds; the game ends after the last round.

    Round 1 (numbers A 1, B 2, C 3): A ← B:1 ✓ (B 3; A keeps 2). B, C keep 5 each. No tiles.
      A −2, B +3 − 5 = −2, C −5.
    Round 2 (same numbers): C ← A:3 ✓, B:3 ✓ (A 3, B 2; C keeps 0); A, B keep 5. A stops with tile 3.
      A +3 − 5 + 0 (unguessed) = −2, B +2 − 5 = −3, C 0.
    Totals: A −4, B −5, C −5.
    """
    deal = {"A": [1, 1], "B": [2, 2], "C": [3, 3]}
    state = started(["A", "B", "C"], deal, rounds=2)
    state = run(state, [("g", "B", "A", 1), ("r",)])
    assert ENG.status(state)["round"] == 2 and ENG.status(state)["phase"] == "pictomania.phase.deal"
    state = ENG.apply(state, {"type": "set_deal", "by": "table", "deal": deal})
    state = run(state, [("g", "A", "C", 3), ("s", "A", True), ("g", "B", "C", 3), ("r",)])
    assert state["over"] and ENG.status(state)["phase"] == "pictomania.phase.over"
    board = ENG.scoreboard(state)
    assert board.rounds == ({"A": -2, "B": -2, "C": -5}, {"A": -4, "B": -5, "C": -5})
    assert totals(state) == {"A": -4, "B": -5, "C": -5} and board.over and board.winners == ("A",)
    with pytest.raises(RuleError) as err:
        ENG.apply(state, {"type": "deal", "by": "table"})
    assert err.value.key == "core.game_over"


def test_the_table_may_reveal_during_the_bonus_race_and_who_had_not_stopped_takes_no_tile():
    """Mid-race (A took the 3, B and C still drawing) the table is offered and may make `reveal` [RULINGS §3: the
    round ends when everyone has stopped; the stops the app knows lag the table's]: B and C take no tile and are
    recorded as not stopped, and the tiles left stay in the middle."""
    state = run(started(["A", "B", "C"], {"A": [1, 1], "B": [2, 2], "C": [3, 3]}), [("s", "A", True)])
    assert {"type": "reveal", "by": "table", "choices": [{}]}.items() <= {
        **next(e for e in ENG.prompt(state) if e["type"] == "reveal")}.items()
    entry = ENG.apply(state, {"type": "reveal", "by": "table"})["history"][-1]
    assert entry["tiles"] == {"A": 3, "B": None, "C": None} and entry["stopped"] == ["A"]


def test_five_rounds_by_default():
    """Five rounds, then the game is over."""
    state = ENG.new_state(["A", "B", "C"], seed=9)
    for _ in range(5):
        state = run(ENG.apply(state, {"type": "deal", "by": "table"}), [("r",)])
    assert state["over"] and len(state["history"]) == 5 and ENG.status(state)["round"] == 5


def test_declining_players_end_the_race_when_everyone_has_stopped():
    """Everyone stops without a tile: the race is over with every tile left."""
    state = started(["A", "B", "C"], {"A": [1, 1], "B": [2, 2], "C": [3, 3]})
    state = run(state, [("s", "A", False), ("s", "B", False)])
    assert ENG.status(state)["phase"] == "pictomania.phase.drawing"
    state = run(state, [("s", "C", False)])
    assert ENG.status(state)["phase"] == "pictomania.phase.reveal"


def test_action_log_hides_deals_and_guessed_numbers():
    """The log says who guessed whom, not the number, and never the deal."""
    assert ENG.describe({"type": "guess", "by": "A", "target": "B", "number": 3, "at": "x"}) == (
        "pictomania.action.guess", {"by": "A", "target": "B"})
    assert ENG.describe({"type": "set_deal", "by": "table", "deal": {"A": [1, 1]}}) == (
        "pictomania.action.set_deal", {"by": "table"})
    assert ENG.describe({"type": "stop", "by": "A"}) == ("pictomania.action.stop", {"by": "A", "take_tile": True})


def test_a_stop_in_the_log_says_whether_a_tile_was_taken_in_words():
    """A stop reads "A stopped and took a bonus tile" / "A 停笔，拿了加分板块" (the flag variant), or "without a
    bonus tile" / "没拿加分板块" — never a yes/no in brackets ("停笔（拿加分板块：是）")."""
    described = {take: ENG.describe({"type": "stop", "by": "A", "take_tile": take}) for take in (True, False)}
    said = {(lang, take): i18n.text(lang, key, **params) for lang in i18n.LANGUAGES
            for take, (key, params) in described.items()}
    assert said == {("en", True): "A stopped and took a bonus tile", ("en", False): "A stopped without a bonus tile",
                    ("zh-CN", True): "A 停笔，拿了加分板块", ("zh-CN", False): "A 停笔，没拿加分板块"}


def test_the_log_says_which_bonus_tile_each_stop_took_in_every_round():
    """Two phones raced for the second 3 at a table of four; the log read "stopped and took a bonus tile" for the
    3, the 3 and the 2, so the table could not tell from it which phone won. Each stop that took a tile now names
    it, in the round being played and in the rounds revealed before (a stop without a tile reads as it did)."""
    players, deal = ["A", "B", "C", "D"], {"A": [1, 1], "B": [2, 2], "C": [3, 3], "D": [4, 4]}
    record = new_record("pictomania", players, {"rounds": 2})
    steps = [{"type": "set_deal", "by": "table", "deal": deal}, *map(action_of, [
        ("s", "B", True), ("s", "D", True), ("s", "A", False), ("s", "C", True), ("r",)]),
        {"type": "set_deal", "by": "table", "deal": deal}, *map(action_of, [("s", "C", True), ("s", "A", True)])]
    state = replay(record)
    for step in steps:
        record, state = play(record, state, step)
        if step["type"] == "reveal":  # between a reveal and the next deal there is no race
            assert [e["what"][0] for e in public_log(record, state)][-2] == "pictomania.action.stop_took"
    said = {lang: [i18n.text(lang, key, **params) for key, params in (e["what"] for e in public_log(record, state))
                   if key.startswith("pictomania.action.stop")] for lang in i18n.LANGUAGES}
    assert said["en"] == ["B stopped and took the bonus tile 3", "D stopped and took the bonus tile 3",
                          "A stopped without a bonus tile", "C stopped and took the bonus tile 2",
                          "C stopped and took the bonus tile 3", "A stopped and took the bonus tile 3"]
    assert said["zh-CN"][:2] == ["B 停笔，拿了加分板块 3", "D 停笔，拿了加分板块 3"]


# --- refusals -------------------------------------------------------------------------------------------


def refused(state, action, key):
    """The action is refused with key; state and record stay as they were; the message translates."""
    err = assert_refused(ENG, state, action, key)
    record = new_record("pictomania", state["players"], state["options"], state["seed"])
    assert_call_refused(key, play, record, state, action)
    return err


DEAL = {"A": [1, 1], "B": [2, 2], "C": [3, 3]}


@pytest.mark.parametrize("action,key", [
    ({"type": "guess", "by": "A", "target": "B", "number": 2}, "core.wrong_phase"),
    ({"type": "stop", "by": "A"}, "core.wrong_phase"),
    ({"type": "reveal", "by": "table"}, "core.wrong_phase"),
    ({"type": "wrong_word", "by": "table", "drawer": "A"}, "core.wrong_phase"),
    ({"type": "deal", "by": "A"}, "core.table_only"),
    ({"type": "deal", "by": "table", "deck": "9"}, "pictomania.deck_invalid"),
    ({"type": "set_deal", "by": "table"}, "pictomania.deal_missing"),
    ({"type": "set_deal", "by": "table", "deal": {"A": [1, 1], "B": [2, 2]}}, "pictomania.deal_player_missing"),
    ({"type": "set_deal", "by": "table", "deal": {**DEAL, "Z": [4, 4]}}, "core.player_unknown"),
    ({"type": "set_deal", "by": "table", "deal": {**DEAL, "C": [7, 3]}}, "pictomania.deal_invalid"),
    ({"type": "set_deal", "by": "table", "deal": {**DEAL, "C": [3, 8]}}, "pictomania.deal_invalid"),
    ({"type": "set_deal", "by": "table", "deal": {**DEAL, "C": 3}}, "pictomania.deal_invalid"),
    ({"type": "set_deal", "by": "table", "deal": {**DEAL, "C": [1, 3]}}, "pictomania.symbol_shared"),
    ({"type": "set_deal", "by": "table", "deal": {**DEAL, "C": [3, 1]}}, "pictomania.number_shared"),
])
def test_refusals_before_the_deal(action, key):
    """Nothing but a deal before the deal; a physical deal is checked."""
    refused(ENG.new_state(["A", "B", "C"]), action, key)


def own(by, card):
    """A player's own dealt card, entered on their phone."""
    return {"type": "own_deal", "by": by, "card": card}


def test_each_player_enters_their_own_card_and_the_last_starts_the_drawing():
    """A and B enter their cards on their phones: the table waits for C (C's entry leads the prompt, A's and B's
    are no longer asked); C's card starts the drawing exactly as the table's `set_deal` of the same cards does."""
    state = ENG.new_state(["A", "B", "C"], seed=3)
    assert [(e["by"], e["type"]) for e in ENG.prompt(state)][0] == ("table", "deal")
    state = run_own(state, [("A", [1, 1]), ("B", [2, 2])])
    assert state["phase"] == "deal" and state["deal"] is None
    entries = ENG.prompt(state)
    assert [(e["by"], e["type"], e["choices"]) for e in entries][0] == ("C", "own_deal", None)
    assert [e["by"] for e in entries if e["type"] == "own_deal"] == ["C"]
    state = ENG.apply(state, own("C", [3, 3]))
    assert state == started(["A", "B", "C"], DEAL)
    assert state["phase"] == "drawing" and word_of(state, "B") == {"symbol": 2, "number": 2}


def run_own(state, cards):
    """The state after each (player, card) is entered by its player."""
    for by, card in cards:
        state = ENG.apply(state, own(by, card))
    return state


def test_an_own_card_may_change_until_the_last_completes_the_deal():
    """A enters a wrong card, then the right one: the later counts, and the deal is the one completed."""
    state = run_own(ENG.new_state(["A", "B", "C"]), [("A", [5, 5]), ("B", [2, 2]), ("A", [1, 1]), ("C", [3, 3])])
    assert state["deal"] == {p: {"symbol": s, "number": n} for p, (s, n) in DEAL.items()}
    refused(state, own("A", [4, 4]), "core.wrong_phase")


def test_a_clash_refuses_the_last_card_without_saying_whose():
    """Each card is checked alone when entered, never against the others (A's symbol 1 is accepted from B too:
    refusing it would tell B that someone holds a circle); the last card finds the clash and is refused with the
    rule only — no name, no symbol, no number — and the cards entered stay; A corrects hers, C completes."""
    state = run_own(ENG.new_state(["A", "B", "C"]), [("A", [1, 1]), ("B", [1, 2])])
    err = refused(state, own("C", [3, 3]), "pictomania.own_deal_clash")
    assert err.params == {}
    assert state["entered"] == {"A": {"symbol": 1, "number": 1}, "B": {"symbol": 1, "number": 2}}
    refused(run_own(ENG.new_state(["A", "B", "C"]), [("A", [1, 3]), ("B", [2, 2])]), own("C", [3, 3]),
            "pictomania.own_deal_clash")
    state = run_own(state, [("B", [2, 2]), ("C", [3, 3])])
    assert state["phase"] == "drawing"


def test_kids_own_cards_are_numbers_only():
    """Kids variant: a card is a number; two equal numbers clash at the last card; a pair is refused."""
    state = ENG.new_state(["A", "B", "C"], {"kids": True})
    refused(state, own("A", [1, 1]), "pictomania.deal_invalid_kids")
    state = run_own(state, [("A", 2), ("B", 2)])
    refused(state, own("C", 3), "pictomania.own_deal_clash")
    state = run_own(state, [("B", 4), ("C", 3)])
    assert state["deal"]["C"] == {"symbol": None, "number": 3} and state["phase"] == "drawing"


@pytest.mark.parametrize("action,key", [
    (own("table", [1, 1]), "core.player_only"),
    (own("A", [7, 1]), "pictomania.deal_invalid"),
    (own("A", [1, 8]), "pictomania.deal_invalid"),
    (own("A", 3), "pictomania.deal_invalid"),
    ({"type": "own_deal", "by": "A"}, "pictomania.deal_invalid"),
    (own("A", [1, 1]) | {"deck": "2"}, "core.field_unknown"),
])
def test_own_card_refusals(action, key):
    """Only a player enters their own card: a symbol 1–6 and a number 1–7, nothing else."""
    refused(ENG.new_state(["A", "B", "C"]), action, key)


def test_own_cards_are_private_and_the_log_does_not_show_them():
    """Before the deal is complete a seat's view holds its own card only; the public table's none; everyone sees
    who has entered one; the log names the player, not the card."""
    state = run_own(ENG.new_state(["A", "B", "C"]), [("A", [4, 6]), ("B", [5, 7])])
    assert ENG.player_view(state, "A")["entered"] == {"A": {"symbol": 4, "number": 6}, "B": None}
    assert ENG.player_view(state, "B")["entered"] == {"A": None, "B": {"symbol": 5, "number": 7}}
    for seat in (None, "C"):
        assert ENG.player_view(state, seat)["entered"] == {"A": None, "B": None}
    assert ENG.describe(own("A", [4, 6]) | {"at": "x"}) == ("pictomania.action.own_deal", {"by": "A"})


def test_the_tables_deal_drops_the_own_cards():
    """The table's seeded deal or its whole physical deal wins over the cards entered so far."""
    state = run_own(ENG.new_state(["A", "B", "C"], seed=3), [("A", [4, 6])])
    dealt = ENG.apply(state, {"type": "deal", "by": "table"})
    assert dealt["entered"] == {} and dealt == ENG.apply(ENG.new_state(["A", "B", "C"], seed=3),
                                                         {"type": "deal", "by": "table"})
    assert ENG.apply(state, {"type": "set_deal", "by": "table", "deal": DEAL}) == started(["A", "B", "C"], DEAL)


def test_own_cards_replay_and_undo():
    """The log of own cards replays to the live state; undoing the last card goes back to the deal with the
    others' cards entered and the table waiting for that player; redo starts the drawing again."""
    record = new_record("pictomania", ["A", "B", "C"], {})
    state = replay(record)
    for by, card in DEAL.items():
        record, state = play(record, state, own(by, card))
    assert state["phase"] == "drawing" and replay(record) == state
    record, back = undo(record)
    assert back["phase"] == "deal" and set(back["entered"]) == {"A", "B"}
    assert [e["by"] for e in ENG.prompt(back) if e["type"] == "own_deal"] == ["C"]
    record, again = redo(record)
    assert again == state


def test_kids_deal_refusals():
    """Kids variant: a deal is a number per player, distinct."""
    state = ENG.new_state(["A", "B", "C"], {"kids": True})
    refused(state, {"type": "set_deal", "by": "table", "deal": {"A": [1, 1], "B": 2, "C": 3}},
            "pictomania.deal_invalid_kids")
    refused(state, {"type": "set_deal", "by": "table", "deal": {"A": 2, "B": 2, "C": 3}}, "pictomania.number_shared")


@pytest.mark.parametrize("action,key", [
    ({"type": "deal", "by": "table"}, "core.wrong_phase"),
    ({"type": "guess", "by": "table", "target": "B", "number": 2}, "core.player_only"),
    ({"type": "guess", "by": "A", "target": "Z", "number": 2}, "pictomania.target_unknown"),
    ({"type": "guess", "by": "A", "target": "A", "number": 1}, "pictomania.own_pile"),
    ({"type": "guess", "by": "A", "target": "B", "number": 8}, "pictomania.number_invalid"),
    ({"type": "guess", "by": "A", "target": "B", "number": True}, "pictomania.number_invalid"),
    ({"type": "guess", "by": "A", "target": "B"}, "pictomania.number_invalid"),
    ({"type": "guess", "by": "B", "target": "A", "number": 5}, "pictomania.already_guessed"),
    ({"type": "guess", "by": "C", "target": "A", "number": 1}, "pictomania.stopped"),
    ({"type": "guess", "by": "Z", "target": "A", "number": 1}, "core.player_unknown"),
    ({"type": "stop", "by": "C"}, "pictomania.already_stopped"),
    ({"type": "stop", "by": "A", "take_tile": "yes"}, "pictomania.take_tile_invalid"),
    ({"type": "stop", "by": "table"}, "core.player_only"),
    ({"type": "wrong_word", "by": "A", "drawer": "A"}, "core.table_only"),
    ({"type": "wrong_word", "by": "table", "drawer": "Z"}, "pictomania.target_unknown"),
    ({"type": "wrong_word", "by": "table", "drawer": "B"}, "pictomania.wrong_word_twice"),
    ({"type": "reveal", "by": "A"}, "core.table_only"),
    ({"type": "shout", "by": "A"}, "core.action_unknown"),
])
def test_refusals_while_drawing(action, key):
    """B guessed A's pile once (never again), C has stopped, B's wrong word is ruled."""
    state = run(started(["A", "B", "C"], DEAL), [("g", "B", "A", 1), ("s", "C", True), ("w", "B")])
    refused(state, action, key)


def test_no_guess_or_stop_after_the_race():
    """Once the last tile is taken, nobody can guess or stop; the wrong-word ruling and the reveal still can."""
    state = run(started(["A", "B", "C"], DEAL), [("s", "A", True), ("s", "C", True)])
    refused(state, action_of(("g", "B", "A", 1)), "core.wrong_phase")
    refused(state, action_of(("s", "B", False)), "core.wrong_phase")
    state = run(state, [("w", "A"), ("r",)])
    assert state["round"] == 2


# --- the command line -----------------------------------------------------------------------------------


def test_command_line_scores_the_exported_record(tmp_path, capsys):
    """`python -m scoring score` on the exported record prints the same totals as the live scoreboard."""
    record = new_record("pictomania", ["A", "B", "C", "D"], {"rounds": 2}, seed=21)
    state = replay(record)
    for act in [{"type": "deal", "by": "table"}]:
        record, state = play(record, state, act, now="2026-01-01T10:00:00")
    for guesser in "ABCD":
        for target in "ABCD":
            if guesser != target:
                right = state["deal"][target]["number"]
                used = {n for pile in state["guesses"].values() for g, n in pile if g == guesser}
                dealt = {w["number"] for w in state["deal"].values()}
                number = right if guesser < target else min(set(range(1, 8)) - used - dealt)
                record, state = play(record, state, {"type": "guess", "by": guesser, "target": target,
                                                     "number": number})
    for act in [action_of(("s", "C", True)), action_of(("r",)), {"type": "deal", "by": "table"},
                action_of(("g", "A", "B", 1)), action_of(("w", "D")), action_of(("r",))]:
        record, state = play(record, state, act)
    assert state["over"] and record["status"] == "finished"
    printed = cli_score(tmp_path / "pictomania.json", record, capsys)
    assert printed == ENG.scoreboard(state).to_json()
    assert {p["name"]: p["total"] for p in printed["players"]} == totals(state)


# --- property tests -------------------------------------------------------------------------------------


@st.composite
def rounds_played(draw):
    """A state after one random round: a seeded deal, random guesses, stops and wrong words, then the reveal."""
    n = draw(st.integers(3, 6))
    players = [f"P{i}" for i in range(n)]
    state = ENG.new_state(players, seed=draw(st.integers(0, 10_000)))
    state = ENG.apply(state, {"type": "deal", "by": "table"})
    steps = draw(st.lists(st.tuples(st.sampled_from(["g", "g", "g", "s", "w"]), st.sampled_from(players),
                                    st.sampled_from(players), st.integers(1, 7), st.booleans()), max_size=40))
    for kind, a, b, number, flag in steps:
        act = {"g": ("g", a, b, number), "s": ("s", a, flag), "w": ("w", a)}[kind]
        try:
            state = ENG.apply(state, action_of(act))
        except RuleError:
            pass
    return ENG.apply(state, {"type": "reveal", "by": "table"})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rounds_played())
def test_stars_given_out_plus_stars_kept_equal_stars_dealt(state):
    """Per round: every star dealt is either received by a guesser or kept by its drawer."""
    result = last(state)
    dealt = sum(tokens_for(state)) * len(state["players"])
    given_out = sum(stars for got in result["received"].values() for _, stars in got)
    kept = sum(sum(k) for k in result["kept"].values())
    assert given_out + kept == dealt
    assert sum(s["total"] for s in result["scores"].values()) == sum(
        s["received"] - s["lost"] + s["tile_points"] for s in result["scores"].values())
    assert score_round(state["history"][-1], state["players"], tokens_for(state)) == result


def random_action(draw, players):
    """Any action, mostly sensible (a player guesses or stops, the table deals, rules and reveals), sometimes not."""
    odd = draw(st.integers(0, 9)) == 0
    anyone = st.sampled_from([*players, "table", "Z"])
    player = anyone if odd else st.sampled_from(players)
    table = anyone if odd else st.just("table")
    kind = draw(st.sampled_from(["guess", "guess", "guess", "guess", "stop", "deal", "set_deal", "wrong_word",
                                 "reveal", "own_deal", "own_deal", "bogus"]))
    action = {"type": kind, "by": draw(player if kind in ("guess", "stop", "own_deal") else table)}
    if kind == "own_deal":
        action["card"] = draw(st.one_of(st.integers(1, 7), st.lists(st.integers(1, 7), min_size=2, max_size=2)))
    elif kind == "set_deal":
        numbers = st.integers(0, 8) if odd else st.integers(1, 7)
        action["deal"] = {p: [draw(st.integers(1, 6)), draw(numbers)] for p in players}
    elif kind == "guess":
        number = st.one_of(st.integers(0, 8), st.none(), st.text(max_size=1)) if odd else st.integers(1, 7)
        action.update(target=draw(player), number=draw(number))
    elif kind == "stop":
        action["take_tile"] = draw(st.one_of(st.booleans(), st.integers(0, 1)) if odd else st.booleans())
    elif kind == "wrong_word":
        action["drawer"] = draw(player)
    elif kind == "deal" and odd:
        action["deck"] = draw(st.sampled_from(["1", "4", "x"]))
    return action


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_actions_raise_only_rule_errors_and_replay_equals_live(data):
    """Random actions are accepted or refused with RuleError (nothing changed); the replayed log gives the
    same state as live play; the scoreboard always works and conserves stars."""
    n = data.draw(st.integers(3, 6))
    players = [f"P{i}" for i in range(n)]
    record = new_record("pictomania", players, {"rounds": 2, "kids": data.draw(st.booleans())},
                        seed=data.draw(st.integers(0, 99)))
    state = replay(record)
    actions = [random_action(data.draw, players) for _ in range(data.draw(st.integers(10, 80)))]
    record, state = play_all(record, state, actions)
    assert replay(record) == state
    ENG.scoreboard(state)
    for entry in state["history"]:
        result = entry["result"]
        given_out = sum(stars for got in result["received"].values() for _, stars in got)
        assert given_out + sum(map(sum, result["kept"].values())) == sum(tokens_for(state)) * n


def test_every_key_is_translated_in_both_languages():
    """Both languages have the same keys, and every key the engine can produce is among them."""
    tables = domain_files("pictomania.json")
    assert tables["en"].keys() == tables["zh-CN"].keys()
    source = (Path(__file__).resolve().parent.parent / "scoring" / "games" / "pictomania.py").read_text("utf-8")
    used = set(re.findall(r'"(pictomania\.[a-z_.]+)"', source))
    used |= {f"pictomania.line.tile_{r}" for r in ("plus", "black_sheep", "unguessed", "wrong_word")}
    used |= {f"pictomania.phase.{p}" for p in ("deal", "drawing", "reveal", "over")}
    used |= {f"pictomania.action.{t}" for t in ENG.moves}
    used |= {f"pictomania.option.{o.name}" for o in ENG.game.options}
    used |= {f"pictomania.option.difficulty.{c}" for c in ENG.game.option("difficulty").choices}
    used.add("pictomania.description")
    assert used <= tables["en"].keys()
    for lang in ("en", "zh-CN"):
        for key, template in tables[lang].items():
            assert placeholders(template) == placeholders(tables["en"][key]), key


# --- issue 12: one guess card per number --------------------------------------------------------------------


def test_one_guess_card_per_number_per_player(tmp_path, capsys):
    """RULINGS §3 [seed: one set of 7 guess cards per player]: A's card 2 on B's pile cannot also go on C's.
    Before, the issue's record scored; now `python -m scoring score` names the refused action. A card that came
    back from a wrong-word pile may be used again."""
    record = {"game": "pictomania", "players": ["A", "B", "C"], "seed": 0, "actions": [
        {"type": "set_deal", "deal": {"A": [1, 1], "B": [2, 2], "C": [3, 3]}},
        {"type": "guess", "by": "A", "target": "B", "number": 2},
        {"type": "guess", "by": "A", "target": "C", "number": 2},
        {"type": "reveal"}]}
    path = tmp_path / "reuse.json"
    path.write_text(json.dumps(record))
    assert main(["score", str(path)]) != 0
    printed = json.loads(capsys.readouterr().out)
    assert (printed["error"], printed["action"]) == ("pictomania.number_used", 2)
    state = ENG.apply(ENG.apply(ENG.new_state(["A", "B", "C"]), record["actions"][0]), record["actions"][1])
    err = assert_refused(ENG, state, record["actions"][2], "pictomania.number_used")
    assert err.params == {"number": 2, "target": "B"}
    assert {"target": "C", "number": 2} not in next(e["choices"] for e in ENG.prompt(state)
                                                    if e["type"] == "guess" and e["by"] == "A")
    state = ENG.apply(state, {"type": "wrong_word", "by": "table", "drawer": "B"})
    state = ENG.apply(state, record["actions"][2])
    assert state["guesses"]["C"] == [["A", 2]]


# --- the contract: prompt, check, player_view ---------------------------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), n=st.integers(3, 6), kids=st.booleans(), seed=st.integers(0, 99))
def test_games_drawn_from_the_prompt_keep_deals_and_guesses_secret(data, n, kids, seed):
    """Random games from the prompt: every offered action is accepted by check and apply, at least 10 are
    played unless the game ends first (two rounds revealed early can end after 6); before a reveal no other
    seat's view holds a planted marker in a deal or a guessed number."""
    players = [f"P{i}" for i in range(n)]
    record = new_record("pictomania", players, {"rounds": 2, "kids": kids}, seed=seed)
    state = replay(record)
    accepted = 0
    for _ in range(60):
        if state["over"]:
            break
        offered = [{"type": e["type"], "by": e["by"], **c} for e in ENG.prompt(state) for c in e["choices"] or []]
        for action in offered:
            assert ENG.check(state, action) is None, action
        action = data.draw(st.sampled_from(offered))
        if action["type"] == "reveal" and data.draw(st.integers(0, 3)):
            continue
        record, state = play(record, state, action)
        accepted += 1
        planted = copy.deepcopy(state)
        if planted["deal"]:
            for p in players:
                planted["deal"][p]["number"] = f"MARK-deal-{p}"
        for piles in (planted["guesses"], planted["returned"]):
            for drawer, pile in piles.items():
                for card in pile:
                    card[1] = f"MARK-guess-{card[0]}-{drawer}"
        for seat in [None, *players]:
            shown = json.dumps(ENG.player_view(planted, seat))
            for mark in re.findall(r"MARK-[\w-]+", json.dumps(planted)):
                owner = mark.split("-")[2]
                assert (mark in shown) == (owner == seat), (seat, mark)
    assert accepted >= 10 or state["over"]
    assert replay(record) == state


def test_the_last_tile_taken_ends_the_drawing_and_the_header_says_so_not_that_everyone_stopped():
    """Three players, two bonus tiles: A and B take them and the round's drawing is over (the original: the last
    tile taken ends it), though C never stopped; the header read "Everyone has stopped: reveal" / "大家都停笔了"."""
    state = started(["A", "B", "C"], {"A": [1, 1], "B": [2, 2], "C": [3, 3]})
    state = run(state, [("s", "A", True), ("s", "B", True)])
    status = ENG.status(state)
    assert state["phase"] == "reveal" and status["phase"] == "pictomania.phase.reveal"
    assert [i18n.text(lang, status["phase"]) for lang in ("en", "zh-CN")] == ["Drawing over: reveal", "停笔了：揭晓答案"]


def test_after_the_race_the_prompt_leads_with_the_reveal():
    """Everyone has stopped: the table's next step (the prompt's first entry) is the reveal, not a wrong-word
    ruling, which stays offered after it for each drawer not yet ruled; while drawing, the players' moves lead."""
    state = started(["A", "B", "C"], {"A": [1, 1], "B": [2, 2], "C": [3, 3]})
    assert [e["type"] for e in ENG.prompt(state)][:2] == ["guess", "guess"]
    assert ENG.prompt(state)[-1]["type"] == "wrong_word"
    state = run(state, [("g", "A", "B", 2), ("s", "A", False), ("s", "B", False), ("s", "C", False)])
    assert state["phase"] == "reveal"
    entries = ENG.prompt(state)
    assert [(e["by"], e["type"]) for e in entries] == [("table", "reveal"), ("table", "wrong_word")]
    assert entries[1]["choices"] == [{"drawer": p} for p in ("A", "B", "C")]
