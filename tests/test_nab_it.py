"""Nab-It! engine: hand-made boards with known words, caps, control changes and scores (arithmetic in comments),
every stacking refusal, challenges decided by the word list and the table's vote, the last tile, secrets when the
app deals, and a property test of random legal turns (replay, undo, tiles conserved, caps give control)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import i18n
from scoring.core import RuleError, engine
from scoring.games import nab_it as game
from scoring.record import new_record, play, replay, start, undo
from tests.helpers import assert_marks_shown_only_where_visible, assert_refused, assert_same_keys, cli_score
from validators import words_en
from views import words

ENG = engine("nab_it")
AB = ["Ann", "Ben"]
SEATS = [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "blue"}]


def T(row: int, col: int, letter: str, blank: bool = False) -> dict:
    """One tile of a play."""
    return {"row": row, "col": col, "letter": letter, "blank": blank}


def across(row: int, col: int, letters: str) -> list[dict]:
    """Tiles spelling letters rightward from (row, col)."""
    return [T(row, col + i, letter) for i, letter in enumerate(letters)]


def down(row: int, col: int, letters: str) -> list[dict]:
    """Tiles spelling letters downward from (row, col)."""
    return [T(row + i, col, letter) for i, letter in enumerate(letters)]


def put(state: dict, by: str, tiles: list[dict]) -> dict:
    """The state after a play."""
    return ENG.apply(state, {"type": "play", "by": by, "tiles": tiles})


def new(options: dict | None = None, players: list[str] | None = None, seed: int = 0) -> dict:
    """A fresh game."""
    return ENG.new_state(players or AB, options or {}, seed)


def texts(state: dict) -> dict[str, str | None]:
    """Every word on the board and who controls it."""
    return {w["text"]: w["by"] for w in game.controlled_words(state)}


def totals(state: dict) -> dict[str, int]:
    """Each player's total."""
    return {p.name: p.total for p in ENG.scoreboard(state).players}


def capped_rat() -> dict:
    """CAT by Ann; Ben stacks B (BAT), Ann H (HAT), Ben M (MAT), Ann R (RAT): the 5th tile on (0,0) caps it."""
    s = put(new(), "Ann", across(0, 0, "CAT"))
    for by, letter in (("Ben", "B"), ("Ann", "H"), ("Ben", "M"), ("Ann", "R")):
        s = put(s, by, [T(0, 0, letter)])
    return s


# ---------------------------------------------------------------------------------------------------------
# Data


def test_word_list_is_large_licensed_and_answers_in_constant_time():
    """The bundled list: ≥ 100,000 lower-case words, SCOWL's licence beside it, set lookups in any case."""
    words = words_en.word_set()
    assert len(words) >= 100_000 and all(w.isalpha() and w.islower() for w in list(words)[:1000])
    assert words_en.is_word("FUN") and words_en.is_word("sun") and not words_en.is_word("qxz")
    assert words_en.word_set() is words  # loaded once
    licence = (words_en.WORDS_FILE.parent / "words.en.COPYRIGHT.txt").read_text("utf-8")
    assert "Kevin Atkinson" in licence and "Permission to use, copy, modify" in licence


def test_letter_distribution_is_what_its_source_says():
    """letters.json: 24 letters apportioned from the list's letter frequencies (largest remainder) + 1 blank."""
    data = json.loads(game.LETTERS_FILE.read_text("utf-8"))
    freq = Counter()
    for word in words_en.word_set():
        freq.update(word.upper())
    total = sum(freq.values())
    quota = {letter: n * 24 / total for letter, n in freq.items()}
    counts = {letter: int(q) for letter, q in quota.items()}
    for letter in sorted(quota, key=lambda l: (-(quota[l] - counts[l]), l))[:24 - sum(counts.values())]:
        counts[letter] += 1
    expected = {letter: n for letter, n in counts.items() if n} | {"?": 1}
    assert data["per_colour"] == expected and sum(expected.values()) == 25
    assert game.parse_letters(game.DEFAULT_LETTERS) == expected


def test_letters_option_is_checked():
    """A distribution is letter+count tokens, each letter once, 5–60 tiles."""
    assert game.parse_letters("a2 e3 ?1") == {"A": 2, "E": 3, "?": 1}
    assert game.parse_letters("Ａ２，ｅ３、？１") == {"A": 2, "E": 3, "?": 1}  # a Chinese keyboard's marks
    for bad, key in (("A2 A3", "nab_it.letters_invalid"), ("A", "nab_it.letters_invalid"),
                     ("A1 B1", "nab_it.letters_total"), ("A61", "nab_it.letters_total")):
        with pytest.raises(RuleError) as err:
            new({"letters": bad})
        assert err.value.key == key


def test_translations_match():
    """Both languages define the same Nab-It! keys."""
    assert_same_keys("nab_it.json")


# ---------------------------------------------------------------------------------------------------------
# Words and stacking


def test_sun_becomes_fun_by_stacking_as_in_the_rule_sheet():
    """Ann builds SUN; Ben stacks F on the S: the word is now FUN, the S stack 2 high, Ben's F on top."""
    s = put(new(), "Ann", across(7, 5, "SUN"))
    assert s["pending"]["words"] == [{"text": "SUN", "cells": [[7, 5], [7, 6], [7, 7]], "across": True,
                                      "known": True}]
    assert s["turn"] == "Ben" and len(s["hands"]["Ann"]) == 5 and len(s["bags"]["Ann"]) == 25 - 5 - 3
    s = put(s, "Ben", [T(7, 5, "F")])
    assert [w["text"] for w in s["pending"]["words"]] == ["FUN"]
    assert game.height(s["board"], 7, 5) == 2 and game.top(s["board"], 7, 5) == {"letter": "F", "owner": "Ben",
                                                                                 "blank": False}
    assert [w["text"] for w in game.all_words(s["board"])] == ["FUN"]


def test_every_word_formed_or_changed_is_found():
    """CAT across, then ARE down from its A: one play changes nothing across but forms ARE; a later play across
    row 2 through the E forms a new word and lengthens none."""
    s = put(new(), "Ann", across(0, 0, "CAT"))
    s = put(s, "Ben", down(1, 1, "RE"))
    assert [w["text"] for w in s["pending"]["words"]] == ["ARE"]
    s = put(s, "Ann", [T(2, 0, "B"), T(2, 2, "D")])
    assert [w["text"] for w in s["pending"]["words"]] == ["BED"]
    assert [w["text"] for w in game.all_words(s["board"])] == ["CAT", "BED", "ARE"]


def test_a_play_between_words_changes_both_ways():
    """A tile stacked where an across and a down word cross changes both: CAT/ARE, an O on the A gives COT, ORE."""
    s = put(new(), "Ann", across(0, 0, "CAT"))
    s = put(s, "Ben", down(1, 1, "RE"))
    s = put(s, "Ann", [T(0, 1, "O")])
    assert [w["text"] for w in s["pending"]["words"]] == ["COT", "ORE"]


def test_blank_takes_a_letter_and_keeps_it():
    """A blank played as N shows N for the rest of the game; a colour's single blank cannot be played twice."""
    s = put(new(), "Ann", [T(0, 0, "S"), T(0, 1, "U"), T(0, 2, "N", blank=True)])
    assert game.top(s["board"], 0, 2) == {"letter": "N", "owner": "Ann", "blank": True}
    s = put(s, "Ben", [T(0, 3, "S")])
    assert [w["text"] for w in s["pending"]["words"]] == ["SUNS"]
    assert_refused(ENG, s, {"type": "play", "by": "Ann", "tiles": [T(1, 2, "O", blank=True)]}, "nab_it.no_blank_left")


@pytest.mark.parametrize("tiles,key", [
    ([T(0, 0, "S")], "nab_it.same_letter"),                       # S on S
    ([T(0, 0, "F"), T(0, 1, "A"), T(0, 2, "T")], "nab_it.word_covered"),  # SUN covered whole
    ([T(1, 0, "A"), T(1, 0, "B")], "nab_it.one_tile_per_cell"),
    ([T(1, 0, "A"), T(2, 1, "B")], "nab_it.not_in_line"),
    ([T(1, 0, "A"), T(3, 0, "B")], "nab_it.gap"),                 # row 2 empty between them
    ([T(5, 5, "A"), T(5, 6, "T")], "nab_it.not_joined"),
    ([T(1, 4, "A")], "nab_it.not_joined"),                        # diagonal to N is not joined
    (across(1, 0, "ABCDEF"), "nab_it.too_many_tiles"),            # 6 tiles, a hand of 5
    ([T(0, 0, "1")], "nab_it.letter_invalid"),
    ([T(0, 0, "\ufb06")], "nab_it.letter_invalid"),             # "ﬆ": one character, but "ST" in upper case
    ([T(0, 500, "A")], "nab_it.cell_invalid"),
    ([{"row": 0, "col": 0, "letter": "F", "colour": "red"}], "nab_it.tile_field_unknown"),
    ([{"row": 0, "col": 0, "letter": "F", "blank": "no"}], "nab_it.blank_invalid"),
    ([], "nab_it.tiles_invalid"),
    ("SUN", "nab_it.tiles_invalid"),
])
def test_stacking_and_placing_refusals(tiles, key):
    """Each rule refuses with its own key; the state is unchanged; the message exists in both languages."""
    s = put(new(), "Ann", across(0, 0, "SUN"))
    assert_refused(ENG, s, {"type": "play", "by": "Ben", "tiles": tiles}, key)


@pytest.mark.parametrize("tiles,key,final", [
    ([T(2, 2, "A")], "nab_it.not_joined", False),                 # a further tile in row 2 or column 2 may join it
    ([T(1, 0, "A"), T(3, 0, "B")], "nab_it.gap", False),          # a tile on row 2 fills it
    ([T(1, 0, "A"), T(2, 1, "B")], "nab_it.not_in_line", True),   # no further tile puts them in one line
    ([T(0, 0, "S")], "nab_it.same_letter", True),
    ([T(0, 0, "F"), T(0, 1, "A"), T(0, 2, "T")], "nab_it.word_covered", True),
    (across(1, 0, "ABCDEF"), "nab_it.too_many_tiles", True),
])
def test_a_draft_refusal_says_whether_a_further_tile_may_mend_it(tiles, key, final):
    """The draft's verdict names the refusal and whether it is final; nothing is applied."""
    s = put(new(), "Ann", across(0, 0, "SUN"))
    before = json.dumps(s, sort_keys=True)
    seen = game.draft_verdict(s, "Ben", tiles)
    assert seen["refused"]["key"] == key and seen["final"] is final and seen["words"] == []
    assert json.dumps(s, sort_keys=True) == before


def test_an_unfinished_draft_is_final_once_the_hand_is_spent_and_a_legal_one_is_not_refused():
    """One tile on the empty board forms no word yet (a second may); with a hand of one, no tile is left to add,
    so the refusal is final. A legal draft has its words and no refusal."""
    s = new()
    assert game.draft_verdict(s, "Ann", [T(0, 0, "A")])["final"] is False
    s["hands"]["Ann"] = s["hands"]["Ann"][:1]
    seen = game.draft_verdict(s, "Ann", [T(0, 0, "A")])
    assert seen["refused"] == {"key": "nab_it.no_word", "params": {}} and seen["final"] is True
    seen = game.draft_verdict(new(), "Ann", across(0, 0, "AT"))
    assert seen["refused"] is None and [w["text"] for w in seen["words"]] == ["AT"]


def test_more_refusals_turn_height_and_first_word():
    """Not your turn; a single tile alone forms no word; a capped stack takes no 6th tile."""
    s = new()
    assert_refused(ENG, s, {"type": "play", "by": "Ben", "tiles": across(0, 0, "AT")}, "nab_it.not_your_turn")
    assert_refused(ENG, s, {"type": "play", "by": "Ann", "tiles": [T(0, 0, "A")]}, "nab_it.no_word")
    assert_refused(ENG, s, {"type": "play", "by": "Ann", "tiles": across(0, 0, "AT"), "colour": "red"},
                   "core.field_unknown")
    s = capped_rat()
    assert_refused(ENG, s, {"type": "play", "by": "Ben", "tiles": [T(0, 0, "B")]}, "nab_it.stack_full")


def test_a_word_may_be_changed_while_one_letter_stays():
    """SUN → FAN: F on S and A on U in one turn; N stays visible, so SUN is not covered completely."""
    s = put(new(), "Ann", across(0, 0, "SUN"))
    s = put(s, "Ben", [T(0, 0, "F"), T(0, 1, "A")])
    assert [w["text"] for w in s["pending"]["words"]] == ["FAN"]


# ---------------------------------------------------------------------------------------------------------
# Nabbing, control, banking, scoring


def test_the_fifth_tile_caps_the_stack_nabs_the_word_and_banks_one_tile():
    """(0,0) holds C B H M R: Ann placed the 5th tile, so Ann controls RAT and banks one tile from her bag.
    Ann: 1 word + 1 banked = 2; Ben 0."""
    s = capped_rat()
    assert game.height(s["board"], 0, 0) == 5 and s["caps"] == {"0,0": {"by": "Ann", "turn": 4}}
    assert texts(s) == {"RAT": "Ann"}
    # Ann's tiles: 25 = 5 in hand + bag + 1 banked + 5 on the board (C, A, T, H, R).
    assert len(s["banked"]["Ann"]) == 1 and len(s["bags"]["Ann"]) == 25 - 5 - 1 - 5
    assert totals(s) == {"Ann": 2, "Ben": 0}


def test_a_cap_controls_every_word_through_it_and_a_later_cap_moves_control():
    """After RAT is capped by Ann, Ben builds RAT down from the capped R: Ann controls it too (her cap is in it).
    Then Ben caps (1,0) (A Y E O I over four more turns): the down word's latest cap is Ben's, so it moves to Ben;
    RAT across stays Ann's. Score: Ann 1 word + 1 bank = 2; Ben 1 word + 1 bank = 2; tie broken by top tiles in
    controlled words: Ann's RAT shows R A T, all hers = 3; Ben's RIT shows his I and T = 2 (the R is Ann's)."""
    s = capped_rat()
    s = put(s, "Ben", down(1, 0, "AT"))
    assert texts(s) == {"RAT": "Ann"} and [w["by"] for w in game.controlled_words(s)] == ["Ann", "Ann"]
    for by, letter in (("Ann", "E"), ("Ben", "Y"), ("Ann", "O"), ("Ben", "I")):
        s = put(s, by, [T(1, 0, letter)])
    controlled = {(w["text"], w["across"]): w["by"] for w in game.controlled_words(s)}
    assert controlled == {("RAT", True): "Ann", ("RIT", False): "Ben"}
    assert s["caps"]["1,0"] == {"by": "Ben", "turn": 9}
    board = ENG.scoreboard(s)
    assert totals(s) == {"Ann": 2, "Ben": 2}
    assert [p.tiebreak for p in board.players] == [(3,), (2,)]
    assert board.winners == ("Ann",) and board.tiebreak_used


def test_one_bank_per_turn_however_many_caps():
    """ATE, then the A and T stacks grow together (EOE, IUE, OAE; the E always visible) until Ann's USE caps
    both in one play: two caps, one banked tile."""
    s = put(new(), "Ann", across(0, 0, "ATE"))
    for by, letters in (("Ben", "EO"), ("Ann", "IU"), ("Ben", "OA")):
        s = put(s, by, [T(0, 0, letters[0]), T(0, 1, letters[1])])
    s = put(s, "Ann", [T(0, 0, "U"), T(0, 1, "S")])
    assert sorted(s["caps"]) == ["0,0", "0,1"] and len(s["banked"]["Ann"]) == 1
    assert texts(s) == {"USE": "Ann"}


def test_majority_option_gives_a_capped_word_to_the_most_top_tiles():
    """Ann capped RAT; Ben then makes it RUN (U on A, N on T; R stays): top tiles R Ann, U N Ben. By cap: Ann;
    by majority: Ben (2 of 3)."""
    for rule, owner in (("cap", "Ann"), ("majority", "Ben")):
        s = put(new({"control": rule}), "Ann", across(0, 0, "CAT"))
        for by, letter in (("Ben", "B"), ("Ann", "H"), ("Ben", "M"), ("Ann", "R")):
            s = put(s, by, [T(0, 0, letter)])
        s = put(s, "Ben", [T(0, 1, "U"), T(0, 2, "N")])
        assert texts(s) == {"RUN": owner}, rule


def test_majority_tie_means_nobody():
    """A two-letter word with a cap, one top tile each: nobody controls it by majority."""
    s = put(new({"control": "majority"}), "Ann", across(0, 0, "AT"))
    for by, letter in (("Ben", "I"), ("Ann", "O"), ("Ben", "U"), ("Ann", "E")):
        s = put(s, by, [T(0, 0, letter)])
    assert texts(s) == {"ET": "Ann"}
    s = put(s, "Ben", [T(0, 1, "H")])
    assert texts(s) == {"EH": None}


def test_point_options_and_the_last_tile():
    """5 tiles a colour, all in hand ("A2 T2 S1"; at the table only the count matters). Ann plays CATS and
    announces her last tile, Ben makes CO, Ann's W makes COW: her last tile; the table ends. With word_points 2
    and last_tile_points 3: Ann 0 words × 2 + 0 banked + 3 = 3; Ben 0 (no caps, so nobody controls a word)."""
    s = new({"letters": "A2 T2 S1", "word_points": 2, "last_tile_points": 3})
    s = put(s, "Ann", across(0, 0, "CATS"))
    assert game.held(s, "Ann") == 1
    s = ENG.apply(s, {"type": "announce", "by": "Ann"})
    assert_refused(ENG, s, {"type": "announce", "by": "Ann"}, "nab_it.already_announced")
    assert_refused(ENG, s, {"type": "announce", "by": "Ben"}, "nab_it.not_last_tile")
    s = put(s, "Ben", [T(1, 0, "O")])
    s = put(s, "Ann", [T(2, 0, "W")])
    assert s["phase"] == "last" and s["last_tile"] == "Ann" and ENG.status(s)["turn"] is None
    s = ENG.apply(s, {"type": "end", "by": "table"})
    assert s["over"] and totals(s) == {"Ann": 3, "Ben": 0}
    assert ENG.scoreboard(s).players[0].breakdown[2].key == "nab_it.line.last_tile"


def test_forgetting_to_announce_costs_a_banked_tile():
    """Ann holds one tile, unannounced, with 2 banked: Ben catches it, one goes back to her bag (she now holds 2).
    Refused: catching yourself, catching a player with no banked tile, or one who announced."""
    s = put(new({"letters": "A2 T2 S1"}), "Ann", across(0, 0, "CATS"))
    s["banked"]["Ann"] = [None, None]
    assert_refused(ENG, s, {"type": "forgot", "by": "Ann", "player": "Ann"}, "nab_it.forgot_self")
    assert ENG.offer(s, "forgot", "table") == [{"player": "Ann"}]
    calls = [(e["by"], e["choices"]) for e in ENG.prompt(s) if e["type"] == "forgot"]
    assert calls == [("table", [{"player": "Ann"}]), ("Ben", [{"player": "Ann"}])]  # Ben's own phone; never Ann
    caught = ENG.apply(s, {"type": "forgot", "by": "Ben", "player": "Ann"})
    assert len(caught["banked"]["Ann"]) == 1 and game.held(caught, "Ann") == 2
    assert_refused(ENG, caught, {"type": "forgot", "by": "Ben", "player": "Ann"}, "nab_it.not_last_tile")
    s["banked"]["Ann"] = []
    assert_refused(ENG, s, {"type": "forgot", "by": "table", "player": "Ann"}, "nab_it.nothing_banked")
    s["banked"]["Ann"] = [None]
    announced = ENG.apply(s, {"type": "announce", "by": "Ann"})
    assert_refused(ENG, announced, {"type": "forgot", "by": "Ben", "player": "Ann"}, "nab_it.already_announced")


def test_playing_the_last_tile_unannounced_gives_a_banked_tile_back():
    """Ann reaches one tile, says nothing, and plays it: one banked tile goes back (2 → 1), last tile still hers."""
    s = put(new({"letters": "A2 T2 S1"}), "Ann", across(0, 0, "CATS"))
    s["banked"]["Ann"] = [None, None]
    s = put(s, "Ben", [T(1, 0, "O")])
    s = put(s, "Ann", [T(2, 0, "W")])
    assert len(s["banked"]["Ann"]) == 1 and s["last_tile"] == "Ann" and s["penalties"][-1]["at_end"]


def test_nobody_can_play_the_table_ends_without_a_last_tile_bonus():
    """The table ends during the turns: no one gets the last-tile point; then every move is refused."""
    s = ENG.apply(capped_rat(), {"type": "end", "by": "table"})
    assert s["over"] and totals(s) == {"Ann": 2, "Ben": 0}
    assert_refused(ENG, s, {"type": "swap", "by": "Ben"}, "core.game_over")
    assert_refused(ENG, new(), {"type": "end", "by": "Ann"}, "core.table_only")


# ---------------------------------------------------------------------------------------------------------
# Challenges


def test_a_challenged_word_the_list_knows_stands_on_a_tie():
    """Ben challenges SUN: the list has it, so the table votes on keeping it and a tie (Ann yes, Ben no) keeps the
    list's verdict: it stands, with the ballots; SUN cannot be challenged twice, Ann cannot challenge her own
    word, and Ben's next play closes the challenge window."""
    s = put(new(), "Ann", across(0, 0, "SUN"))
    assert_refused(ENG, s, {"type": "challenge", "by": "Ann", "word": "SUN"}, "nab_it.challenge_own")
    assert_refused(ENG, s, {"type": "challenge", "by": "Ben", "word": "MOON"}, "nab_it.word_not_played")
    for odd in (["SUN"], {"word": "SUN"}, 7, None):  # session 46's audit: a list or dict raised TypeError
        assert_refused(ENG, s, {"type": "challenge", "by": "Ben", "word": odd}, "nab_it.word_not_played")
    s = ENG.apply(s, {"type": "challenge", "by": "Ben", "word": "sun"})
    assert s["phase"] == "vote" and s["challenge"]["listed"] and s["challenge"]["vote"]["tie"] == "yes"
    s = ENG.apply(s, {"type": "vote", "by": "Ann", "yes": True})
    s = ENG.apply(s, {"type": "vote", "by": "Ben", "yes": False})
    assert s["judged"] == [{"word": "SUN", "by": "Ben", "stands": True, "house": False,
                            "ballots": [["Ann", True], ["Ben", False]], "tie": True}]
    assert s["phase"] == "turn" and s["house_words"] == [] and s["ruled_out"] == []
    assert_refused(ENG, s, {"type": "challenge", "by": "Ben", "word": "SUN"}, "nab_it.already_judged")
    s = put(s, "Ben", [T(0, 0, "F")])
    s = ENG.apply(s, {"type": "swap", "by": "Ann"})
    assert_refused(ENG, s, {"type": "challenge", "by": "Ben", "word": "FUN"}, "nab_it.nothing_to_challenge")


def test_a_second_challenge_of_the_same_play_is_told_who_challenged_first():
    """Ann plays SUN; Ben's and Cy's phones both tap "challenge" at once (a helper's audit at a Chinese table): Ben's
    opens the vote, Cy's is refused naming Ben and SUN, in words in both languages (it read "“challenge” cannot be
    done now", the move's English name on a Chinese screen); no challenge is offered while the vote is open."""
    s = put(new(players=["Ann", "Ben", "Cy"]), "Ann", across(0, 0, "SUN"))
    s = ENG.apply(s, {"type": "challenge", "by": "Ben", "word": "SUN"})
    err = assert_refused(ENG, s, {"type": "challenge", "by": "Cy", "word": "SUN"}, "nab_it.challenge_open")
    assert err.params == {"player": "Ben", "word": "SUN"}
    assert i18n.error_text("zh-CN", err) == "Ben 已经质疑了 SUN：请对它投票。"
    assert i18n.error_text("en", err) == "Ben has already challenged SUN: vote on it."
    assert [e for e in ENG.prompt(s) if e["type"] == "challenge"] == []


def test_the_table_may_vote_down_a_word_the_list_knows():
    """RULINGS §4, "the table's vote can overrule": the list has KG, an abbreviation the rule sheet bans. Ben
    challenges, both vote no: Ann's play is taken back and KG is ruled out for the session; played again it is
    flagged, and a challenge takes it back at once, without a vote."""
    start_ = new()
    s = put(start_, "Ann", across(0, 0, "KG"))
    assert s["pending"]["words"][0]["known"] is True
    s = ENG.apply(s, {"type": "challenge", "by": "Ben", "word": "KG"})
    for by in AB:
        s = ENG.apply(s, {"type": "vote", "by": by, "yes": False})
    assert s["board"] == {} and s["turn"] == "Ann" and s["hands"] == start_["hands"]
    assert s["ruled_out"] == ["KG"] and not game.known(s, "kg")
    assert s["taken_back"] == {"player": "Ann", "word": "KG", "ballots": [["Ann", False], ["Ben", False]],
                                 "tie": False}
    s = put(s, "Ann", across(0, 0, "KG"))
    assert s["pending"]["words"][0]["known"] is False
    s = ENG.apply(s, {"type": "challenge", "by": "Ben", "word": "KG"})
    assert s["phase"] == "turn" and s["board"] == {} and s["taken_back"] == {"player": "Ann", "word": "KG",
                                                                             "ballots": None, "tie": False}


def test_a_house_word_challenged_again_stands_without_a_vote():
    """ZAX carried as a house word stands at once when challenged in a later play."""
    s = put(new(), "Ann", across(0, 0, "ZAX"))
    s = ENG.apply(s, {"type": "challenge", "by": "Ben", "word": "ZAX"})
    for by in AB:
        s = ENG.apply(s, {"type": "vote", "by": by, "yes": True})
    s = put(s, "Ben", [T(0, 0, "B")])
    s = ENG.apply(s, {"type": "swap", "by": "Ann"})
    s = put(s, "Ben", [T(0, 0, "Z")])
    s = ENG.apply(s, {"type": "challenge", "by": "Ann", "word": "ZAX"})
    assert s["phase"] == "turn" and s["judged"] == [{"word": "ZAX", "by": "Ann", "stands": True, "house": True}]


def test_a_word_not_in_the_list_failed_by_the_vote_is_taken_back():
    """Ann plays ZUQ (flagged), Ben challenges, the list does not have it: the vote, Ann yes, Ben no, is a tie and
    keeps the list's no: the board is empty again, Ann's hand and bag as before, and it is Ann's turn."""
    start_ = new()
    s = put(start_, "Ann", across(0, 0, "ZUQ"))
    assert s["pending"]["words"][0]["known"] is False
    s = ENG.apply(s, {"type": "challenge", "by": "Ben", "word": "ZUQ"})
    assert s["phase"] == "vote" and ENG.prompt(s)[0]["type"] == "vote"
    assert_refused(ENG, s, {"type": "play", "by": "Ben", "tiles": [T(0, 0, "A")]}, "core.wrong_phase")
    s = ENG.apply(s, {"type": "vote", "by": "Ann", "yes": True})
    assert_refused(ENG, s, {"type": "vote", "by": "Ann", "yes": False}, "vote.already_voted")
    s = ENG.apply(s, {"type": "vote", "by": "Ben", "yes": False})
    assert s["board"] == {} and s["turn"] == "Ann" and s["phase"] == "turn" and s["pending"] is None
    assert s["hands"] == start_["hands"] and s["bags"] == start_["bags"]
    assert s["taken_back"] == {"player": "Ann", "word": "ZUQ", "ballots": [["Ann", True], ["Ben", False]],
                                 "tie": True}


def test_a_word_the_table_accepts_becomes_a_house_word():
    """Both vote yes on ZAX (not in the list): the play stands and ZAX is known from then on, nobody's word."""
    s = put(new(), "Ann", across(0, 0, "ZAX"))
    s = ENG.apply(s, {"type": "challenge", "by": "Ben", "word": "ZAX"})
    s = ENG.apply(s, {"type": "vote", "by": "Ann", "yes": True})
    s = ENG.apply(s, {"type": "vote", "by": "Ben", "yes": True})
    assert s["house_words"] == ["ZAX"] and s["phase"] == "turn" and s["turn"] == "Ben"
    assert game.known(s, "zax") and texts(s) == {"ZAX": None}


def test_word_vote_ballots_are_secret_until_the_last_one_then_shown_together():
    """Secret ballots: Cy challenges Ann's ZAX; Ann votes yes, Cy no. Each seat sees who has voted and its own
    ballot, Ben and the public table only who has voted; Ben's yes reveals all three with the house word."""
    s = put(new(players=["Ann", "Ben", "Cy"]), "Ann", across(0, 0, "ZAX"))
    s = ENG.apply(s, {"type": "challenge", "by": "Cy", "word": "ZAX"})
    s = ENG.apply(s, {"type": "vote", "by": "Ann", "yes": True})
    s = ENG.apply(s, {"type": "vote", "by": "Cy", "yes": False})
    seen = {seat: ENG.player_view(s, seat)["challenge"]["vote"]["ballots"] for seat in ("Ann", "Ben", "Cy", None)}
    assert seen == {"Ann": [["Ann", True], ["Cy", None]], "Ben": [["Ann", None], ["Cy", None]],
                    "Cy": [["Ann", None], ["Cy", False]], None: [["Ann", None], ["Cy", None]]}
    s = ENG.apply(s, {"type": "vote", "by": "Ben", "yes": True})
    for seat in ("Ann", "Ben", "Cy", None):
        assert ENG.player_view(s, seat)["judged"] == [{"word": "ZAX", "by": "Cy", "stands": True, "house": True,
                                                       "ballots": [["Ann", True], ["Ben", True], ["Cy", False]],
                                                       "tie": False}]


def test_a_failed_capping_play_gives_back_the_cap_and_the_bank():
    """Ann caps the CAT stack with a Q: QAT is not in the list; the vote fails, so the cap and her banked tile
    are gone and the stack is 4 high again."""
    s = put(new(), "Ann", across(0, 0, "CAT"))
    for by, letter in (("Ben", "B"), ("Ann", "H"), ("Ben", "M")):
        s = put(s, by, [T(0, 0, letter)])
    before = s
    s = put(s, "Ann", [T(0, 0, "Q")])
    assert s["caps"] and len(s["banked"]["Ann"]) == 1
    s = ENG.apply(s, {"type": "challenge", "by": "Ben", "word": "QAT"})
    s = ENG.apply(s, {"type": "vote", "by": "Ann", "yes": False})
    s = ENG.apply(s, {"type": "vote", "by": "Ben", "yes": False})
    assert s["caps"] == {} and s["board"] == before["board"] and s["banked"] == before["banked"]
    assert s["hands"] == before["hands"] and s["bags"] == before["bags"] and s["turn"] == "Ann"


def test_the_last_play_can_be_challenged_before_the_end():
    """After the last tile, a challenge that fails the vote takes the play back and the game goes on."""
    s = put(new({"letters": "A2 T2 S1"}), "Ann", across(0, 0, "CATS"))
    s = put(s, "Ben", [T(1, 0, "O")])
    s = put(s, "Ann", [T(2, 0, "Q")])
    assert s["phase"] == "last"
    s = ENG.apply(s, {"type": "challenge", "by": "Ben", "word": "COQ"})
    s = ENG.apply(s, {"type": "vote", "by": "Ann", "yes": True})
    s = ENG.apply(s, {"type": "vote", "by": "Ben", "yes": False})
    assert s["phase"] == "turn" and s["turn"] == "Ann" and s["last_tile"] is None and game.held(s, "Ann") == 1


# ---------------------------------------------------------------------------------------------------------
# Dealing by the app: hands, swaps, secrets


def test_app_deals_from_seeded_bags_and_checks_the_hand():
    """Each bag is the 25 letters of the distribution; a letter not in the hand is refused; a swap keeps 25."""
    s = new({"deal": "app"}, seed=3)
    for p in AB:
        assert Counter(s["hands"][p] + s["bags"][p]) == Counter(game.parse_letters(game.DEFAULT_LETTERS))
    hand = s["hands"]["Ann"]
    missing = next(letter for letter in game.ALPHABET if letter not in hand)
    assert_refused(ENG, s, {"type": "play", "by": "Ann", "tiles": [T(0, 0, missing), T(0, 1, missing)]},
                   "nab_it.not_in_hand")
    if "?" not in hand:
        assert_refused(ENG, s, {"type": "play", "by": "Ann", "tiles": [T(0, 0, "A", True), T(0, 1, "T", True)]},
                       "nab_it.no_blank_in_hand")
    swapped = ENG.apply(s, {"type": "swap", "by": "Ann"})
    assert len(swapped["hands"]["Ann"]) == 5 and swapped["turn"] == "Ben"
    assert Counter(swapped["hands"]["Ann"] + swapped["bags"]["Ann"]) == Counter(hand + s["bags"]["Ann"])
    assert ENG.new_state(AB, {"deal": "app"}, 3) == s


def test_a_hand_is_secret_to_the_other_seats_and_every_bag_to_everyone():
    """Marker letters planted in hands and bags: Ann's view shows her hand only; the public view none; counts
    stay; the taken-back snapshot of the last play is never sent."""
    s = new({"deal": "app"})
    s = put(s, "Ann", [T(0, 0, s["hands"]["Ann"][0]), T(0, 1, s["hands"]["Ann"][1])])
    for p in AB:
        s["hands"][p] = [f"HAND-{p}-{i}" for i in range(5)]
        s["bags"][p] = [f"BAG-{p}-{i}" for i in range(len(s["bags"][p]))]
    for seat in (None, "Ann", "Ben"):
        text = json.dumps(ENG.player_view(s, seat))
        assert "BAG-" not in text and "before" not in text
        for p in AB:
            assert ("HAND-" + p in text) == (p == seat)
    view = ENG.player_view(s, "Ben")
    assert len(view["hands"]["Ann"]) == 5 and len(view["bags"]["Ann"]) == len(s["bags"]["Ann"])


def test_table_mode_has_no_secrets_and_counts_tiles():
    """At the table the app knows no letters: hands and bags are counts only, the same in every view."""
    s = put(new(), "Ann", across(0, 0, "AT"))
    assert s["hands"]["Ann"] == [None] * 5 and len(s["bags"]["Ann"]) == 18
    assert ENG.player_view(s, "Ben")["hands"] == s["hands"]


# ---------------------------------------------------------------------------------------------------------
# Prompt, log, command line


def test_prompt_offers_the_turn_challenges_and_calls():
    """The turn player plays (free) or swaps; the other may challenge the last play's words; the table may end."""
    s = put(new(), "Ann", across(0, 0, "SUN"))
    prompt = [(e["by"], e["type"], e["choices"]) for e in ENG.prompt(s)]
    assert prompt == [("Ben", "play", None), ("Ben", "swap", [{}]), ("Ben", "challenge", [{"word": "SUN"}]),
                      ("table", "end", [{}])]


def test_a_turn_waits_on_its_player_and_a_last_tile_on_the_table():
    """During a turn the table waits on the turn's player only: a challenge, a call of a forgotten last tile, an
    announcement and the table's "nobody can play" end are open, not awaited (every phone read "also waiting for
    the referee or the host" beside "Ben's turn"). After a last tile the table's end is what it waits for, first in
    the prompt; a challenge of that play is still open."""
    s = put(new({"letters": "A2 T2 S1"}), "Ann", across(0, 0, "CATS"))
    assert ENG.waiting_on(s, ENG.prompt(s)) == ["Ben"]
    s = put(s, "Ben", [T(1, 0, "O")])
    s = put(s, "Ann", [T(2, 0, "W")])
    prompt = ENG.prompt(s)
    assert s["phase"] == "last" and prompt[0]["type"] == "end" and "challenge" in [e["type"] for e in prompt]
    assert ENG.waiting_on(s, prompt) == ["table"]


def test_log_names_the_letters_played():
    """The log line of a play says its letters."""
    key, params = ENG.describe({"type": "play", "by": "Ann", "tiles": across(0, 0, "SUN")})
    assert key == "nab_it.action.play" and params == {"by": "Ann", "letters": "SUN"}


def test_log_says_the_words_a_play_made_from_the_kept_state():
    """H stacked on SEAT's S read "Ben played H", never HEAT: the row names the words the play formed or changed,
    the nth play's as kept in the state (no replay), a play taken back after a failed challenge too."""
    state = put(put(new(), "Ann", across(0, 0, "SEAT")), "Ben", [T(0, 0, "H")])
    state = ENG.apply(state, {"type": "challenge", "by": "Ann", "word": "HEAT"})
    for by in AB:
        state = ENG.apply(state, {"type": "vote", "by": by, "yes": False})
    assert state["board"]["0,0"][-1]["letter"] == "S" and state["played"] == [["SEAT"], ["HEAT"]]
    play_ = {"type": "play", "by": "Ben", "tiles": [T(0, 0, "H")]}
    assert ENG.logged(state, play_, 2) == ("nab_it.action.play.words.withdrawn",
                                           {"by": "Ben", "letters": "H", "words": ["HEAT"]})
    assert i18n.text("en", "nab_it.action.play.words", by="Ben", letters="H", words="HEAT") == "Ben played H: HEAT"
    assert ENG.logged(state, play_, 3) == ENG.describe(play_)
    seat = {"type": "play", "by": "Ann", "tiles": across(0, 0, "SEAT")}
    assert ENG.logged(state, seat, 1) == ENG.describe(seat)


def test_log_names_the_word_voted_on_and_a_play_taken_back():
    """Play-test (4 phones, 简体中文): the log read "刘洋对这个词投了票" for every ballot and kept "李娜打出了 Z：TZ"
    as if TZ stood after the vote took it back. Each ballot's row names the word voted on, and a play taken back
    says so, in both languages; a play that stands reads as before."""
    state = put(put(new(), "Ann", across(0, 0, "SEAT")), "Ben", [T(0, 0, "H")])
    state = ENG.apply(state, {"type": "challenge", "by": "Ann", "word": "HEAT"})
    for by in AB:
        state = ENG.apply(state, {"type": "vote", "by": by, "yes": False})
    assert ENG.logged(state, {"type": "vote", "by": "Ann", "yes": False}, 1) == ("nab_it.action.vote.word",
                                                                                 {"by": "Ann", "word": "HEAT"})
    ballot_ = {"type": "vote", "by": "Ben", "yes": False}  # the deciding ballot says the count and the outcome
    assert ENG.logged(state, ballot_, 2) == ("nab_it.action.vote.fails", {"by": "Ben", "word": "HEAT", "yes": 0,
                                                                          "no": 2})
    assert i18n.text("en", "nab_it.action.vote.fails", by="Ben", word="HEAT", yes=0, no=2) == \
        "Ben voted on HEAT: 0 for, 2 against; HEAT failed, the play taken back"
    assert i18n.text("zh-CN", "nab_it.action.vote.word", by="刘洋", word="TZ") == "刘洋对 TZ 投了票"
    assert i18n.text("en", "nab_it.action.vote.word", by="Ben", word="HEAT") == "Ben voted on HEAT"
    play_ = {"type": "play", "by": "Ben", "tiles": [T(0, 0, "H")]}
    key, params = ENG.logged(state, play_, 2)
    assert (key, params) == ("nab_it.action.play.words.withdrawn", {"by": "Ben", "letters": "H", "words": ["HEAT"]})
    assert i18n.text("en", key, **params | {"words": "HEAT"}) == "Ben played H: HEAT (taken back)"
    assert i18n.text("zh-CN", key, **params | {"words": "HEAT"}) == "Ben 打出了 H：HEAT（已收回）"
    seat = {"type": "play", "by": "Ann", "tiles": across(0, 0, "SEAT")}
    assert ENG.logged(state, seat, 1) == ENG.describe(seat)


def test_a_capping_plays_row_says_it_capped_took_the_words_and_banked_a_tile():
    """Play-test (phones, 简体中文): Ann's R that capped (0,0) read only "张伟打出了 R：RAT", so nobody could see where
    her 2 points came from. The row says the play capped the stack, took RAT and banked a tile, from what was kept
    as the play was applied (`nabbed`); two caps say two stacks; an empty bag banks nothing; under "majority" a cap
    that leaves the word to another player takes nothing."""
    s = capped_rat()
    play_ = {"type": "play", "by": "Ann", "tiles": [T(0, 0, "R")]}
    key, params = ENG.logged(s, play_, 5)
    assert (key, params) == ("nab_it.action.play.nabbed.banked", {"by": "Ann", "letters": "R", "words": ["RAT"],
                                                                  "caps": 1, "took": ["RAT"]})
    assert i18n.text("zh-CN", key, **params | {"by": "张伟"}) == "张伟打出了 R：RAT，封顶 1 叠，抢下 RAT；存入银行 1 块牌"
    assert i18n.text("en", key, **params) == "Ann played R: RAT; capped 1 stack and took RAT; banked a tile"
    assert ENG.logged(s, {"type": "play", "by": "Ben", "tiles": [T(0, 0, "M")]}, 4)[0] == "nab_it.action.play.words"
    two = put(new(), "Ann", across(0, 0, "ATE"))
    for by, letters in (("Ben", "EO"), ("Ann", "IU"), ("Ben", "OA")):
        two = put(two, by, [T(0, 0, letters[0]), T(0, 1, letters[1])])
    two["bags"]["Ann"] = []
    two = put(two, "Ann", [T(0, 0, "U"), T(0, 1, "S")])
    key, params = ENG.logged(two, {"type": "play", "by": "Ann", "tiles": [T(0, 0, "U"), T(0, 1, "S")]}, 5)
    assert i18n.text("en", key, **params) == "Ann played US: USE; capped 2 stacks and took USE"
    assert i18n.text("zh-CN", key, **params) == "Ann 打出了 US：USE，封顶 2 叠，抢下 USE"
    left = put(new({"control": "majority"}), "Ann", across(0, 0, "ATE"))
    for by, letter in (("Ben", "B"), ("Ann", "H"), ("Ben", "M")):
        left = put(left, by, [T(0, 0, letter)])
    left = ENG.apply(left, {"type": "swap", "by": "Ann"})
    left = put(left, "Ben", [T(0, 0, "R")])
    assert texts(left) == {"RTE": "Ann"}
    key, params = ENG.logged(left, {"type": "play", "by": "Ben", "tiles": [T(0, 0, "R")]}, 5)
    assert i18n.text("en", key, **params) == "Ben played R: RTE; capped 1 stack and banked a tile"
    assert i18n.text("zh-CN", key, **params) == "Ben 打出了 R：RTE，封顶 1 叠，存入银行 1 块牌"


def test_a_cap_that_takes_two_words_lists_them_without_a_second_and():
    """Session 69 review: Ben's R capping the corner of CAT and COT read "took RAT and ROT and banked a tile". The
    words taken are listed with commas (、) and the banked tile stands apart, in both languages (the log row as the
    view says it, too)."""
    s = put(put(new(), "Ann", across(0, 0, "CAT")), "Ben", down(1, 0, "OT"))
    for by, letter in (("Ann", "B"), ("Ben", "H"), ("Ann", "M"), ("Ben", "R")):
        s = put(s, by, [T(0, 0, letter)])
    key, params = ENG.logged(s, {"type": "play", "by": "Ben", "tiles": [T(0, 0, "R")]}, 6)
    assert (key, params["took"]) == ("nab_it.action.play.nabbed.banked", ["RAT", "ROT"])
    said = "Ben played R: RAT and ROT; capped 1 stack and took RAT, ROT; banked a tile"
    assert i18n.text("en", key, **params) == words.say_whole("en", key, **params) == said
    said = "Ben 打出了 R：RAT 和 ROT，封顶 1 叠，抢下 RAT、ROT；存入银行 1 块牌"
    assert i18n.text("zh-CN", key, **params) == words.say_whole("zh-CN", key, **params) == said


def test_a_cap_inside_a_word_the_player_controls_already_takes_nothing():
    """Session 69 review: Ann's second cap inside RTE, hers already by her first cap, read "took RAE" as if she had
    nabbed it. Only words that changed hands are said taken: the row says she capped and banked a tile."""
    s = put(new(), "Ann", across(0, 0, "ATE"))
    for by, cell, letter in (("Ben", 0, "B"), ("Ann", 0, "H"), ("Ben", 0, "M"), ("Ann", 0, "R"), ("Ben", 1, "O"),
                             ("Ann", 1, "I"), ("Ben", 1, "O"), ("Ann", 1, "A")):
        s = put(s, by, [T(0, cell, letter)])
    assert texts(s) == {"RAE": "Ann"}
    key, params = ENG.logged(s, {"type": "play", "by": "Ann", "tiles": [T(0, 1, "A")]}, 9)
    assert key == "nab_it.action.play.capped.banked" and "took" not in params
    assert i18n.text("en", key, **params) == "Ann played A: RAE; capped 1 stack and banked a tile"
    key, params = ENG.logged(s, {"type": "play", "by": "Ann", "tiles": [T(0, 0, "R")]}, 5)
    assert (key, params["took"]) == ("nab_it.action.play.nabbed.banked", ["RTE"])


def test_the_words_line_names_the_words_controlled():
    """Play-test: the end's "控制的单词：1 个 × 1 分" did not say which word; it names them (both languages), and a
    player with none reads as before."""
    lines = {p.name: p.breakdown[0] for p in ENG.scoreboard(capped_rat()).players}
    assert lines["Ann"].key == "nab_it.line.words.named"
    assert lines["Ann"].params == {"words": ["RAT"], "count": 1, "each": 1}
    assert i18n.text("zh-CN", lines["Ann"].key, **lines["Ann"].params) == "控制的单词：RAT（1 个 × 1 分）"
    assert i18n.text("en", lines["Ann"].key, **lines["Ann"].params) == "Controlled words: RAT (1 × 1 point)"
    assert (lines["Ben"].key, lines["Ben"].params) == ("nab_it.line.words", {"count": 0, "each": 1})
    assert i18n.text("zh-CN", lines["Ben"].key, **lines["Ben"].params) == "控制的单词：0 个 × 1 分"


def test_the_header_names_nobodys_turn_while_a_word_is_voted_on():
    """Play-test (4 phones, 简体中文): while everyone voted on Ben's challenged word the header read "轮到 Ann ·
    对被质疑的单词投票", as if Ann alone had to act. During the vote it names no turn; once the word fails, Ben's
    turn again."""
    state = put(put(new(), "Ann", across(0, 0, "SEAT")), "Ben", [T(0, 0, "H")])
    state = ENG.apply(state, {"type": "challenge", "by": "Ann", "word": "HEAT"})
    assert ENG.status(state)["phase"] == "nab_it.phase.vote" and ENG.status(state)["turn"] is None
    for by in AB:
        state = ENG.apply(state, {"type": "vote", "by": by, "yes": False})
    assert ENG.status(state)["turn"] == "Ben"


def test_command_line_scores_a_record(tmp_path, capsys):
    """`python -m scoring score` on a finished record gives the same totals as the engine."""
    record = new_record("nab_it", SEATS)
    state = start(record)
    actions = [{"type": "play", "by": "Ann", "tiles": across(0, 0, "CAT")}]
    actions += [{"type": "play", "by": by, "tiles": [T(0, 0, letter)]}
                for by, letter in (("Ben", "B"), ("Ann", "H"), ("Ben", "M"), ("Ann", "R"))]
    actions.append({"type": "end", "by": "table"})
    for action in actions:
        record, state = play(record, state, action)
    out = cli_score(tmp_path / "nab.json", record, capsys)
    assert {p["name"]: p["total"] for p in out["players"]} == {"Ann": 2, "Ben": 0} and out["winners"] == ["Ann"]


# ---------------------------------------------------------------------------------------------------------
# Property: random legal turns


def candidates(state: dict) -> list[dict]:
    """Plays that are often legal, in the player's letters (the hand when the app deals): one tile stacked on a
    cell, one or two tiles beside it, a first word; and a swap."""
    player, board = state["turn"], state["board"]
    hand = [x for x in state["hands"][player] if x not in (None, game.BLANK)] or list("EOSAN")
    first, second = hand[0], hand[-1]
    if not board:
        return [{"type": "play", "by": player, "tiles": [T(0, 0, first), T(0, 1, second)]}]
    out = [{"type": "swap", "by": player}]
    for k in sorted(board):
        r, c = game.cell_of(k)
        other = next((x for x in hand if x != board[k][-1]["letter"]), first)
        out.append({"type": "play", "by": player, "tiles": [T(r, c, other)]})
        out.append({"type": "play", "by": player, "tiles": [T(r, c + 1, first)]})
        out.append({"type": "play", "by": player, "tiles": [T(r + 1, c, first), T(r + 2, c, second)]})
    return out


def conserved(state: dict) -> None:
    """Every player's tiles are all somewhere: hand + bag + bank + on the board = 25."""
    on_board = Counter(t["owner"] for stack in state["board"].values() for t in stack)
    for p in state["players"]:
        assert len(state["hands"][p]) + len(state["bags"][p]) + len(state["banked"][p]) + on_board[p] == 25


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(picks=st.lists(st.integers(min_value=0, max_value=10_000), min_size=5, max_size=40),
       deal=st.sampled_from(["table", "app"]))
def test_random_legal_turns_replay_undo_conserve_and_caps_control(picks, deal):
    """Random legal turns: replay equals live play, undo restores, tiles are conserved, and after each play
    every word through a new cap is the capper's while an unchanged word keeps its controller."""
    record = new_record("nab_it", SEATS, {"deal": deal, "letters": "A5 T5 E5 O5 S5" if deal == "app" else
                                       game.DEFAULT_LETTERS}, seed=1)
    state = start(record)
    for pick in picks:
        if state["phase"] != "turn":
            break
        options = candidates(state)
        action = options[pick % len(options)]
        if ENG.check(state, action) is not None:
            continue
        before_words = {(tuple(map(tuple, w["cells"])), w["text"]): w["by"] for w in game.controlled_words(state)}
        previous = state
        record, state = play(record, state, action)
        conserved(state)
        assert replay(record) == state
        assert undo(record, consent=True)[1] == previous
        if action["type"] != "play":
            continue
        new_caps = set(state["caps"]) - set(previous["caps"])
        for word in game.controlled_words(state):
            cells = {game.key(r, c) for r, c in word["cells"]}
            if cells & new_caps:
                assert word["by"] == action["by"]
            elif (tuple(map(tuple, word["cells"])), word["text"]) in before_words:
                assert word["by"] == before_words[(tuple(map(tuple, word["cells"])), word["text"])]


# ---------------------------------------------------------------------------------------------------------
# Property: what each seat sees in random games


def marked(state: dict) -> dict:
    """A copy of state with a unique marker text in every hand tile and bag tile, and in the hand and bag the last
    play's snapshot keeps; each marker names its kind and owner (`MARK-<kind>-<owner>-<i>`)."""
    out = json.loads(json.dumps(state))
    for p in out["players"]:
        out["hands"][p] = [f"MARK-hand-{p}-{i}" for i in range(len(out["hands"][p]))]
        out["bags"][p] = [f"MARK-bag-{p}-{i}" for i in range(len(out["bags"][p]))]
    if out["pending"]:
        owner, before = out["pending"]["player"], out["pending"]["before"]
        before["hand"] = [f"MARK-before-{owner}-{i}" for i in range(len(before["hand"]))]
        before["bag"] = [f"MARK-before-{owner}-bag{i}" for i in range(len(before["bag"]))]
    return out


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), n=st.integers(2, 4), seed=st.integers(0, 99))
def test_random_games_from_the_prompt_never_show_a_seat_another_seats_tiles(data, n, seed):
    """The app deals; random games drawn from the prompt's choices and from plays in the turn player's own letters
    (`candidates`, those check accepts): every offered choice is accepted by check; after every action, in each
    seat's view and the public one, a marker planted in a hand shows to its owner only, and one in a bag or in
    the last play's snapshot to nobody. At least 8 actions are played per game."""
    players = ["Ann", "Ben", "Cat", "Dan"][:n]
    seats = [{"name": p, "colour": c} for p, c in zip(players, ("red", "blue", "green", "yellow"))]
    record = new_record("nab_it", seats, {"deal": "app"}, seed=seed)
    state = start(record)
    accepted = 0
    for _ in range(30):
        if state["over"]:
            break
        offered = [{"type": e["type"], "by": e["by"], **c} for e in ENG.prompt(state) for c in e["choices"] or []]
        for action in offered:
            assert ENG.check(state, action) is None, action
        plays = [a for a in candidates(state) if a["type"] == "play" and ENG.check(state, a) is None] \
            if state["phase"] == "turn" else []
        action = data.draw(st.sampled_from([a for a in offered if a["type"] != "end"] + plays or offered))
        record, state = play(record, state, action)
        accepted += 1
        assert_marks_shown_only_where_visible(ENG, marked(state), [None, *players],
                                              lambda seat, mark: mark.startswith(f"MARK-hand-{seat}-"))
    assert accepted >= 8
    assert replay(record) == state


def test_a_play_taken_back_takes_back_the_penalty_called_on_it():
    """Session 46's audit: Ann's play leaves her one unannounced tile, Ben calls `forgot` (a banked tile back to
    her bag), then her word fails the vote and the play is taken back: her bank is as before the play, and the
    penalty is no longer listed (it was, while the banked tile was back). A penalty from before the play stays."""
    s = put(new({"letters": "E10"}), "Ann", across(0, 0, "CAT"))
    for by, letter in (("Ben", "B"), ("Ann", "H"), ("Ben", "M"), ("Ann", "R")):
        s = put(s, by, [T(0, 0, letter)])
    s = put(s, "Ben", [T(1, 0, "A")])
    s["penalties"] = [{"player": "Ann", "at_end": False}]  # one from an earlier turn
    s = put(s, "Ann", [T(1, 1, "X"), T(2, 1, "Q"), T(3, 1, "Z")])
    assert game.held(s, "Ann") == 1 and len(s["banked"]["Ann"]) == 1
    s = ENG.apply(s, {"type": "forgot", "by": "Ben", "player": "Ann"})
    assert s["banked"]["Ann"] == [] and len(s["penalties"]) == 2
    word = next(w["text"] for w in s["pending"]["words"] if not w["known"])
    s = ENG.apply(s, {"type": "challenge", "by": "Ben", "word": word})
    for by in AB:
        s = ENG.apply(s, {"type": "vote", "by": by, "yes": False})
    assert s["taken_back"]["player"] == "Ann" and len(s["banked"]["Ann"]) == 1
    assert s["penalties"] == [{"player": "Ann", "at_end": False}]


def test_undoing_the_last_ballot_needs_the_tables_consent():
    """The last ballot shows every ballot: undone without consent, a voter could vote again knowing the others'
    (session 46's audit, in Knit Wit; Nab-It!'s vote is the same). A ballot before it shows nothing."""
    record = new_record("nab_it", SEATS)
    state = replay(record)
    for action in ({"type": "play", "by": "Ann", "tiles": across(0, 0, "ZUQ")},
                   {"type": "challenge", "by": "Ben", "word": "ZUQ"}, {"type": "vote", "by": "Ann", "yes": True}):
        record, state = play(record, state, action)
    assert undo(record)[1]["challenge"]["vote"]["ballots"] == []
    record, state = play(record, state, {"type": "vote", "by": "Ben", "yes": False})
    with pytest.raises(RuleError) as err:
        undo(record)
    assert err.value.key == "record.undo_needs_consent"
    assert undo(record, consent=True)[1]["phase"] == "vote"
