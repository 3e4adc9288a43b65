"""Guess Club engine: every rule of RULINGS.md §2, refusals leaving state and record as they were, money
conservation after every action (hypothesis), replay equal to live play, and the command line's score."""

import copy
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import i18n
from scoring.core import RuleError, engine
from scoring.mechanics import ledger
from scoring.record import new_record, play, public_log, replay
from tests.helpers import assert_call_refused, assert_refused, domain_files

ROOT = Path(__file__).resolve().parent.parent
E = engine("guess_club")


class Table:
    """A session played through the record functions, with helpers to read the money."""

    def __init__(self, players=("A", "B", "C"), **options):
        self.record = new_record("guess_club", list(players), options, seed=3)
        self.state = replay(self.record)

    def do(self, kind, by, **fields):
        """Play one action (it must be accepted)."""
        self.record, self.state = play(self.record, self.state, {"type": kind, "by": by, **fields})
        assert ledger.conserved(self.state["ledger"])
        return self

    def refused(self, key, kind, by, **fields):
        """The action is refused with key, neither record nor state changes, and the message translates."""
        return assert_call_refused(key, play, self.record, self.state, {"type": kind, "by": by, **fields})

    def deal(self, hands, topic="Fruit"):
        """The setter gives the topic and everyone hands in answers (hands: player → list of answers)."""
        self.do("topic", self.state["setter"], text=topic)
        for player, cards in hands.items():
            self.do("answers", player, cards=cards)
        return self

    def chips(self, player):
        """A player's chips (or the pot's / the board's)."""
        return ledger.balance(self.state["ledger"], player)

    def loans(self, player):
        """A player's loans."""
        return ledger.loans(self.state["ledger"], player)

    @property
    def phase(self):
        """The phase name."""
        return self.state["phase"]


def fruit_table(**options):
    """Three players, two cards each, A sets round 1; B holds 'apple', A 'Apple', C '苹果'."""
    table = Table(cards=2, **options)
    return table.deal({"A": ["Apple", "pear"], "B": ["apple", "kiwi"], "C": ["苹果", "plum"]})


# ---------------------------------------------------------------------------------------------------------
# Set-up, topic, answers


def test_setup_money_pot_board_and_first_setter():
    """150 each, 30 in the pot, round 1's reward on the board; the first seat sets, waiting for a topic."""
    table = Table()
    assert [table.chips(p) for p in "ABC"] == [150, 150, 150]
    assert table.chips("pot") == 30 and table.chips("board") == 30
    assert table.state["setter"] == "A" and table.phase == "topic"
    assert E.status(table.state) == {"round": 1, "rounds": 3, "phase": "guess_club.phase.topic", "said": {},
                                     "turn": "A", "over": False}
    assert E.game.option("rewards").default == [30, 30, 50] and E.game.option("cards").default == 6


@pytest.mark.parametrize("options,players,key", [
    ({"rewards": [30, 25, 50]}, ["A", "B"], "guess_club.not_unit"),
    ({"start_money": 155}, ["A", "B"], "guess_club.not_unit"),
    ({"rewards": [30, 30]}, ["A", "B"], "core.option_range_list"),
    ({}, ["A", "pot"], "guess_club.name_reserved"),
    ({}, ["A"], "core.player_count"),
    ({}, list("ABCDEFGHI"), "core.player_count"),
])
def test_bad_setups_are_refused(options, players, key):
    """Amounts not in tens, a wrong reward table, a player named like a money pile, 2–8 players."""
    with pytest.raises(RuleError) as err:
        new_record("guess_club", players, options)
    assert err.value.key == key


def test_topic_by_setter_can_change_until_answers_come_in():
    """Only the setter gives the topic; it may change until the first hand is in."""
    table = Table(cards=1)
    table.refused("guess_club.setter_only", "topic", "B", text="Fruit")
    table.refused("guess_club.topic_invalid", "topic", "A", text="   ")
    table.refused("core.player_only", "topic", "table", text="Fruit")
    table.refused("core.wrong_phase", "answers", "A", cards=["apple"])
    table.do("topic", "A", text="Fruit").do("topic", "A", text=" 水果 ")
    assert table.state["topic"] == "水果" and table.phase == "answers"
    table.do("answers", "B", cards=["kiwi"])
    table.refused("guess_club.topic_closed", "topic", "A", text="Birds")


def test_answers_all_different_and_counted():
    """Exactly `cards` answers, none blank (the refusal names the card: with six, "every card needs an answer"
    left the table to find it), all different on one hand; once per player; then B starts."""
    table = Table(cards=3).do("topic", "A", text="Fruit")
    table.refused("guess_club.card_count", "answers", "B", cards=["apple", "pear"])
    assert table.refused("guess_club.card_blank_at", "answers", "B", cards=["apple", " ", "kiwi"]).params["number"] == 2
    assert table.refused("guess_club.card_blank_at", "answers", "B", cards=["apple", "fig", 3]).params["number"] == 3
    err = table.refused("guess_club.answers_repeat", "answers", "B", cards=["Apple", "kiwi", "ａｐｐｌｅ"])
    assert err.params["a"] == 1 and err.params["b"] == 3
    table.do("answers", "B", cards=["apple", "kiwi", "fig"])
    table.refused("guess_club.already_answered", "answers", "B", cards=["lime", "kiwi", "fig"])
    table.do("answers", "A", cards=["apple", "kiwi", "fig"])
    assert table.phase == "answers"
    table.do("answers", "C", cards=["melon", "kiwi", "fig"])
    assert table.phase == "turns" and table.state["turn"] == "B"
    assert table.state["hands"]["B"][0] == {"text": "apple", "out": None, "valid": None}


def test_answers_are_never_shown_in_the_log():
    """The action log shows how many answers were handed in, not what they are."""
    key, params = E.describe({"type": "answers", "by": "B", "cards": ["secret", "x"]})
    assert key == "guess_club.action.answers" and params == {"by": "B", "count": 2}
    assert "secret" not in json.dumps(params)


def test_one_answer_handed_in_reads_in_the_singular():
    """With one card each, the end screen's action log read "B handed in 1 hidden answers" in English."""
    key, params = E.describe({"type": "answers", "by": "B", "cards": ["secret"]})
    assert i18n.text("en", key, **params) == "B handed in 1 hidden answer"
    assert i18n.text("zh-CN", key, **params) == "B 交了 1 个暗写答案"
    assert i18n.text("en", key, by="B", count=2) == "B handed in 2 hidden answers"


# ---------------------------------------------------------------------------------------------------------
# Playing a card


def test_play_proposes_matches_and_waits_for_the_setter():
    """The matcher proposes other players' unplayed cards that are the same or similar; play waits."""
    table = fruit_table()
    table.refused("guess_club.not_your_turn", "play", "C", card=0)
    table.refused("guess_club.card_unknown", "play", "B", card=5)
    table.refused("guess_club.card_unknown", "play", "B", card="banana")
    table.refused("guess_club.card_unknown", "play", "B", card=True)
    table.do("play", "B", card="APPLE")
    pending = table.state["pending"]
    assert pending["player"] == "B" and pending["card"] == 0 and pending["text"] == "apple"
    proposed = {(p["player"], p["card"]): p["kind"] for p in pending["proposals"]}
    assert proposed[("A", 0)] == "same"
    assert all(p["player"] != "B" for p in pending["proposals"])
    status = E.status(table.state)
    assert table.phase == "ruling" and status["turn"] == "A"  # the setter rules, on B's card (said by the phase)
    assert i18n.text("en", status["phase"], **status["said"]) == "Ruling on B's card"
    assert i18n.text("zh-CN", status["phase"], **status["said"]) == "裁定 B 的牌"
    assert table.chips("B") == 150 and table.state["events"] == []
    table.refused("core.wrong_phase", "play", "B", card=1)
    table.refused("core.wrong_phase", "predict", "C", number=1)


def test_match_with_three_cards_counts_one_and_takes_the_pot():
    """B's apple matches A's and C's: one match, B takes the pot, 30 refills it; the alias is learned."""
    table = fruit_table().do("play", "B", card=0)
    table.do("rule", "A", valid=True, matches=[["A", 0], ["C", 0]])
    assert table.state["matches"] == 1
    assert table.chips("B") == 180 and table.chips("pot") == 30
    hands = table.state["hands"]
    assert hands["B"][0]["out"] == "played" and hands["A"][0]["out"] == "matched"
    assert hands["C"][0]["out"] == "matched" and hands["C"][0]["valid"] is True
    assert table.state["events"] == [
        {"kind": "transfer", "from": "pot", "to": "B", "amount": 30},
        {"kind": "transfer", "from": "supply", "to": "pot", "amount": 30},
    ]
    assert table.state["learned"] == [["apple", "苹果"]] and table.state["aliases"] == [["apple", "苹果"]]
    assert table.state["plays"][-1]["result"] == "match"
    assert table.state["turn"] == "C" and table.phase == "turns"


def test_learned_alias_is_proposed_as_same_later_in_the_session():
    """An alias the setter confirmed makes the matcher call that pair the same from then on."""
    table = Table(cards=1).deal({"A": ["fig"], "B": ["apple"], "C": ["苹果"]})
    table.do("play", "B", card=0)
    found = [(p["player"], p["kind"], p["reason"]) for p in table.state["pending"]["proposals"]]
    assert found == [("C", "suggested", "answers.reason.gloss")]
    table.do("rule", "A", valid=True, matches=[["C", 0]]).do("settle", "A", invalid=[])
    table.deal({"A": ["苹果"], "B": ["kiwi"], "C": ["Apple"]}).do("play", "C", card=0)
    proposal = table.state["pending"]["proposals"][0]
    assert (proposal["player"], proposal["kind"], proposal["reason"]) == ("A", "same", "answers.reason.alias")


def proposals_for(read, held):
    """B reads out `read` while C holds `held`: C's proposals as (kind, reason, link)."""
    table = Table(cards=2).deal({"A": ["fig", "lime"], "B": [read, "kiwi"], "C": [held, "plum"]})
    table.do("play", "B", card=0)
    return [(p["kind"], p["reason"], p["link"]) for p in table.state["pending"]["proposals"] if p["player"] == "C"]


@pytest.mark.parametrize(
    "read, held, kind, reason, link",
    [("grape", "grapes", "suggested", "word", "grape"), ("Grapes", "grape", "suggested", "word", "grape"),
     ("mice", "mouse", "suggested", "word", "mouse"), ("colour", "color", "suggested", "spelling", "color"),
     ("7", "seven", "suggested", "number", "7"), ("七", "seven", "suggested", "number", "7"),
     ("西红柿", "番茄", "suggested", "gloss", "tomato"), ("葡萄", "grapes", "suggested", "gloss", "grape"),
     ("banan", "banana", "suggested", "typo", "banana"), ("apple 🍎", "apple", "suggested", "similar", ""),
     ("蘋果", "苹果", "same", "equal", "traditional"),
     ("Grape ", "grape", "same", "equal", "case"),
     ("ice cream", "Ice-Cream", "same", "equal", "case spaces punctuation"),
     ("twenty-one", "21", "suggested", "number", "21"), ("二十五", "Twenty-five", "suggested", "number", "25"),
     ("99 red balloons", "Ninety-nine red balloons", "suggested", "number", "99 red balloon"),
     ("101 Dalmatians", "one hundred and one dalmatians", "suggested", "number", "101 dalmatian"),
     ("1001 nights", "A thousand and one nights", "suggested", "number", "1001 night")],
)
def test_a_card_a_table_calls_the_same_is_proposed_with_its_reason(read, held, kind, reason, link):
    """Cards two players wrote differently that a table would call the same are put to the setter, each with a
    reason in both languages (hyphenated numbers and "one hundred and one" were not read as numbers before)."""
    assert proposals_for(read, held) == [(kind, f"answers.reason.{reason}", link)]
    for lang in ("en", "zh-CN"):
        assert i18n.table(lang)[f"answers.{'link' if link else 'reason'}.{reason}"]


@pytest.mark.parametrize("read, held", [("cat", "cap"), ("bear", "pear"), ("一", "七"), ("cat", "cart"),
                                        ("老虎", "老鼠"), ("three pigs", "two pigs")])
def test_a_card_a_table_keeps_apart_is_not_proposed(read, held):
    """Look-alike words and other numbers are not put to the setter."""
    assert proposals_for(read, held) == []


def test_a_card_of_number_words_word2number_cannot_read_is_played_without_a_crash():
    """"thousand one" made word2number raise IndexError inside the matcher, so reading it out crashed the play;
    it reads as 1001 and meets a card written so."""
    assert proposals_for("thousand one", "1001") == [("suggested", "answers.reason.number", "1001")]
    assert proposals_for("billion two", "kiwi") == []


def test_setter_may_reject_proposals_or_add_a_missed_match():
    """Rejecting every proposal is a miss (pay 10); a card the matcher missed can be added."""
    table = fruit_table().do("play", "B", card=0).do("rule", "A", valid=True, matches=[])
    assert table.chips("B") == 140 and table.chips("pot") == 40 and table.state["matches"] == 0
    assert table.state["hands"]["A"][0]["out"] is None
    table.do("play", "C", card="plum").do("rule", "A", valid=True, matches=[["A", 1]])
    assert table.state["matches"] == 1 and table.chips("C") == 190
    assert table.state["learned"] == [["plum", "pear"]]


def test_a_player_shows_a_card_the_matcher_missed_and_the_setter_rules_on_it():
    """B reads out "plum"; the matcher finds nothing; C shows "plum"'s twin from a hidden hand: it joins the
    proposals (kind shown), only the setter and C see its text, and the setter's match reveals it."""
    table = Table(cards=2).deal({"A": ["Apple", "pear"], "B": ["plum", "kiwi"], "C": ["prune", "fig"]})
    table.do("play", "B", card="plum")
    assert table.state["pending"]["proposals"] == []
    prompt = {(e["by"], e["type"]): e["choices"] for e in E.prompt(table.state)}
    assert prompt[("C", "show")] == [{"card": 0}, {"card": 1}] and prompt[("A", "show")] == [{"card": 0}, {"card": 1}]
    assert ("B", "show") not in prompt  # the player who read out
    table.refused("guess_club.match_own", "show", "B", card=1)
    table.refused("guess_club.card_unknown", "show", "C", card=7)
    table.do("show", "C", card="Prune")
    assert table.state["pending"]["proposals"] == [
        {"player": "C", "card": 0, "text": "prune", "kind": "shown", "score": None, "reason": None, "link": None}]
    table.refused("guess_club.already_proposed", "show", "C", card=0)
    assert {e["by"]: e["choices"] for e in E.prompt(table.state) if e["type"] == "show"}["C"] == [{"card": 1}]
    assert E.player_view(table.state, "A")["pending"]["proposals"][0]["text"] == "prune"  # the setter
    assert E.player_view(table.state, "B")["pending"]["proposals"] == []  # not B: C's hand stays hidden
    assert {"valid": True, "matches": [["C", 0]]} in prompt_of(table, "A", "rule")
    table.do("rule", "A", valid=True, matches=[["C", 0]])
    assert table.state["hands"]["C"][0]["out"] == "matched" and table.state["matches"] == 1
    assert table.state["learned"] == [["plum", "prune"]]


def test_showing_needs_a_pending_play_and_is_undone_only_with_consent():
    """`show` belongs to the ruling; it reveals a hidden answer to the setter, so undoing it needs consent; the
    log never names the card's text, and its words hold when the setter shows a card of their own (they said
    "shown to the setter")."""
    table = fruit_table()
    table.refused("core.wrong_phase", "show", "C", card=1)
    assert E.reveals({"type": "show", "by": "C", "card": 1})
    assert E.describe({"type": "show", "by": "C", "card": "plum"}) == ("guess_club.action.show", {"by": "C"})
    said = [i18n.text(lang, "guess_club.action.show", by="A") for lang in ("en", "zh-CN")]  # A: the setter too
    assert said == ["A says they hold the same answer too (a card put up for the setter's ruling)",
                    "A 表示手里也有相同的答案（亮出一张牌，由出题者裁定）"]


def prompt_of(table, by, kind):
    """The prompt's choices of one seat's move."""
    return next(e["choices"] for e in E.prompt(table.state) if e["by"] == by and e["type"] == kind)


def test_no_match_pays_10():
    """A valid card nobody else has: pay 10 into the pot; the card is played."""
    table = fruit_table().do("play", "B", card=1).do("rule", "A", valid=True)
    assert table.chips("B") == 140 and table.chips("pot") == 40
    assert table.state["plays"][-1] == {"player": "B", "card": 1, "text": "kiwi", "valid": True, "matches": [],
                                        "result": "miss"}
    table.do("play", "C", card=1).do("rule", "A", valid=True)
    table.do("play", "A", card=1).do("rule", "A", valid=True)
    table.refused("guess_club.card_out", "play", "B", card=1)


def test_invalid_card_pays_20_and_never_matches():
    """Ruled invalid: pay 20, no match even though others hold the same answer; matches are refused."""
    table = fruit_table().do("play", "B", card=0)
    table.refused("guess_club.invalid_no_match", "rule", "A", valid=False, matches=[["A", 0]])
    table.do("rule", "A", valid=False)
    assert table.chips("B") == 130 and table.chips("pot") == 50 and table.state["matches"] == 0
    assert table.state["hands"]["A"][0]["out"] is None and table.state["hands"]["C"][0]["out"] is None
    assert table.state["hands"]["B"][0]["valid"] is False
    assert table.state["plays"][-1]["result"] == "invalid" and table.state["aliases"] == []


@pytest.mark.parametrize("by,fields,key", [
    ("B", {"valid": True}, "guess_club.setter_only"),
    ("A", {}, "guess_club.valid_missing"),
    ("A", {"valid": "yes"}, "guess_club.valid_missing"),
    ("A", {"valid": True, "matches": [["B", 1]]}, "guess_club.match_own"),
    ("A", {"valid": True, "matches": [["A", 0], ["A", 1]]}, "guess_club.one_card_each"),
    ("A", {"valid": True, "matches": [["A", 0], ["A", 0]]}, "guess_club.card_twice"),
    ("A", {"valid": True, "matches": [["Z", 0]]}, "guess_club.cards_invalid"),
    ("A", {"valid": True, "matches": "A0"}, "guess_club.cards_invalid"),
    ("A", {"valid": True, "matches": [["C"]]}, "guess_club.cards_invalid"),
    ("A", {"valid": True, "matches": [["C", 9]]}, "guess_club.card_unknown"),
])
def test_rule_refusals(by, fields, key):
    """Only the setter rules, with a yes/no and well-formed matches of other players' unplayed cards."""
    fruit_table().do("play", "B", card=0).refused(key, "rule", by, **fields)


def test_matching_a_played_card_is_refused():
    """A card already played or matched cannot match again."""
    table = fruit_table().do("play", "B", card=1).do("rule", "A", valid=True)
    table.do("play", "C", card=1).do("rule", "A", valid=True)
    table.do("play", "A", card=1)
    table.refused("guess_club.card_out", "rule", "A", valid=True, matches=[["C", 1]])


def test_nothing_to_rule_outside_a_pending_play():
    """A ruling with no card waiting is refused."""
    fruit_table().refused("core.wrong_phase", "rule", "A", valid=True)


# ---------------------------------------------------------------------------------------------------------
# Predictions


def test_predict_pays_10_and_places_a_marker():
    """Pay 10 into the pot, a marker on the number; the turn passes on."""
    table = fruit_table().do("predict", "B", number=2)
    assert table.chips("B") == 140 and table.chips("pot") == 40
    assert table.state["markers"] == [{"player": "B", "number": 2}] and table.state["turn"] == "C"
    assert table.state["events"] == [{"kind": "transfer", "from": "B", "to": "pot", "amount": 10}]


@pytest.mark.parametrize("number", [-1, 14, True, "3", None, 2.0])
def test_predict_number_on_the_board(number):
    """Only whole numbers 0–13 are on the board."""
    fruit_table().refused("guess_club.number_invalid", "predict", "B", number=number)


def test_two_markers_per_number_and_markers_per_player():
    """A number holds 2 markers; each player has `markers` markers a round."""
    table = fruit_table(markers=1).do("predict", "B", number=3).do("predict", "C", number=3)
    table.refused("guess_club.number_full", "predict", "A", number=3)
    table.do("predict", "A", number=4)
    table.refused("guess_club.no_markers", "predict", "B", number=5)
    table.refused("guess_club.not_your_turn", "predict", "C", number=5)


def test_predict_before_play_starts_is_refused():
    """No predictions before everyone has answered."""
    table = Table(cards=1).do("topic", "A", text="Fruit")
    table.refused("core.wrong_phase", "predict", "B", number=1)


# ---------------------------------------------------------------------------------------------------------
# Round end and settlement


def test_round_ends_when_a_hand_is_empty():
    """B's only card played → the round ends at once; nobody plays or predicts any more."""
    table = Table(cards=1).deal({"A": ["fig"], "B": ["kiwi"], "C": ["plum"]})
    table.do("play", "B", card=0).do("rule", "A", valid=True)
    assert table.phase == "settle" and E.status(table.state)["turn"] == "A"
    table.refused("core.wrong_phase", "predict", "C", number=0)
    table.refused("core.wrong_phase", "play", "C", card=0)
    table.refused("guess_club.setter_only", "settle", "B", invalid=[])


def test_round_ends_when_the_last_card_is_taken_by_a_match():
    """C's last card is revealed by A's match: C's hand is empty, so the round ends."""
    table = Table(cards=2).deal({"A": ["fig", "apple"], "B": ["kiwi", "lime"], "C": ["plum", "Apple"]})
    table.do("play", "B", card=0).do("rule", "A", valid=True)
    table.do("play", "C", card=0).do("rule", "A", valid=True)
    table.do("play", "A", card=1).do("rule", "A", valid=True, matches=[["C", 1]])
    assert table.state["hands"]["C"][1]["out"] == "matched" and table.phase == "settle"


def test_settle_charges_20_per_invalid_unplayed_card():
    """The setter checks the unplayed cards: each invalid one costs 20 into the pot."""
    table = Table(cards=2).deal({"A": ["fig", "lime"], "B": ["kiwi", "x"], "C": ["plum", "y"]})
    table.do("play", "B", card=0).do("rule", "A", valid=True)
    table.do("play", "C", card=0).do("rule", "A", valid=True)
    table.do("play", "A", card=0).do("rule", "A", valid=True)
    table.do("play", "B", card=1).do("rule", "A", valid=True)
    assert table.phase == "settle"
    table.refused("guess_club.card_out", "settle", "A", invalid=[["B", 1]])
    table.refused("guess_club.card_twice", "settle", "A", invalid=[["C", 1], ["C", 1]])
    table.refused("guess_club.cards_invalid", "settle", "A", invalid={"C": 1})
    pot = table.chips("pot")
    table.do("settle", "A", invalid=[["C", 1]])
    assert table.chips("C") == 150 - 10 - 20 and table.chips("A") == 140
    history = table.state["history"][0]
    assert history["penalties"] == {"C": 20} and history["carried"] is True
    assert table.chips("pot") == pot + 20 and table.state["round"] == 2


def test_option_every_unplayed_card_pays_20():
    """With the option, each unplayed card costs 20 whether valid or not."""
    table = Table(cards=2, all_unplayed_pay=True).deal({"A": ["fig", "lime"], "B": ["kiwi", "x"],
                                                         "C": ["plum", "y"]})
    table.do("play", "B", card=0).do("rule", "A", valid=True)
    table.do("play", "C", card=0).do("rule", "A", valid=True)
    table.do("play", "A", card=0).do("rule", "A", valid=True)
    table.do("play", "B", card=1).do("rule", "A", valid=True)
    table.do("settle", "A", invalid=[])
    assert table.state["history"][0]["penalties"] == {"A": 20, "C": 20}


def one_card_round(table, predictions, player_plays, valid=True):
    """A one-card round: the given players predict in turn, then the next player plays their card."""
    setter = table.state["setter"]
    table.deal({p: [f"{p}{table.state['round']}"] for p in table.state["players"]})
    for player, number in predictions:
        table.do("predict", player, number=number)
    table.do("play", player_plays, card=0).do("rule", setter, valid=valid)
    assert table.phase == "settle"
    return table


def test_two_correct_predictors_split_70_as_40_30():
    """Pot 60 + reward 10 = 70 for two correct markers: 40 to the earlier, 30 to the later; pot refilled."""
    table = Table(rewards=[10, 30, 50], cards=1)
    one_card_round(table, [("B", 0), ("C", 0)], "A")
    assert table.chips("pot") == 60 and table.chips("board") == 10
    table.do("settle", "A", invalid=[])
    assert table.chips("B") == 150 - 10 + 40 and table.chips("C") == 150 - 10 + 30 and table.chips("A") == 140
    assert table.state["history"][0]["paid"] == {"B": 40, "C": 30}
    assert table.chips("pot") == 30 and table.chips("board") == 30
    takes = [e for e in table.state["events"] if e["kind"] == "transfer" and e["to"] in ("B", "C")]
    assert takes == [{"kind": "transfer", "from": "pot", "to": "B", "amount": 40},
                     {"kind": "transfer", "from": "pot", "to": "C", "amount": 20},
                     {"kind": "transfer", "from": "board", "to": "C", "amount": 10}]


def test_the_earlier_marker_wins_the_remainder_not_the_earlier_seat():
    """Round 2 (setter B): C predicts before A, so C takes the odd 10."""
    table = Table(rewards=[10, 10, 50], cards=1)
    one_card_round(table, [], "B").do("settle", "A", invalid=[])
    assert table.chips("pot") == 40 and table.chips("board") == 20
    one_card_round(table, [("C", 0), ("A", 0)], "B").do("settle", "B", invalid=[])
    assert table.state["history"][1]["paid"] == {"C": 50, "A": 40}


def test_player_with_two_correct_markers_takes_two_shares():
    """Each correct marker is a share: B with two of three takes two shares."""
    table = Table(rewards=[20, 30, 50], cards=1)
    table.deal({"A": ["a"], "B": ["b"], "C": ["c"]})
    table.do("predict", "B", number=0).do("predict", "C", number=1).do("predict", "A", number=2)
    table.do("predict", "B", number=0).do("play", "C", card=0).do("rule", "A", valid=True)
    table.do("settle", "A", invalid=[])
    assert table.state["history"][0]["paid"] == {"B": 80 + 20}


def test_no_correct_predictor_carries_pot_and_reward():
    """Nobody right: the pot stays, the reward stays and next round's reward is added to it."""
    table = Table(cards=1)
    one_card_round(table, [("B", 5)], "C")
    assert table.chips("pot") == 50 and table.chips("board") == 30
    table.do("settle", "A", invalid=[])
    assert table.chips("pot") == 50 and table.chips("board") == 60
    assert table.state["history"][0]["carried"] is True and table.state["history"][0]["paid"] == {}
    assert table.state["events"] == [{"kind": "transfer", "from": "supply", "to": "board", "amount": 30}]
    one_card_round(table, [("C", 0)], "A").do("settle", "B", invalid=[])
    assert table.chips("C") == 150 - 10 - 10 + 70 + 60 and table.chips("pot") == 30


def test_unclaimed_reward_returns_to_the_bank_after_round_3():
    """No winner in round 3: its reward leaves the table; the game is over."""
    table = Table(cards=1)
    for setter, first in (("A", "B"), ("B", "C"), ("C", "A")):
        one_card_round(table, [], first).do("settle", setter, invalid=[])
    assert table.state["over"] and table.phase == "over" and E.status(table.state)["over"]
    assert table.chips("board") == 0
    assert table.state["events"][-1] == {"kind": "transfer", "from": "board", "to": "supply", "amount": 110}
    table.refused("core.game_over", "topic", "A", text="More")


def test_setter_rotates_and_first_turn_is_the_setters_left():
    """Round 2 is set by B and starts with C; round 3 by C and starts with A (who sits left of C)."""
    table = Table(cards=1)
    one_card_round(table, [], "B").do("settle", "A", invalid=[])
    assert table.state["setter"] == "B" and table.state["matches"] == 0 and table.state["markers"] == []
    table.deal({"A": ["x"], "B": ["y"], "C": ["z"]})
    assert table.state["turn"] == "C"
    table.do("play", "C", card=0).do("rule", "B", valid=True).do("settle", "B", invalid=[])
    table.deal({"A": ["x"], "B": ["y"], "C": ["z"]})
    assert table.state["setter"] == "C" and table.state["turn"] == "A"


def test_setter_plays_and_predicts_on_their_turn():
    """In a two-player game the setter takes every other turn."""
    table = Table(players=("A", "B"), cards=2).deal({"A": ["fig", "lime"], "B": ["kiwi", "plum"]})
    table.do("predict", "B", number=1).do("predict", "A", number=0)
    assert table.state["markers"][-1] == {"player": "A", "number": 0}
    table.do("play", "B", card=0).do("rule", "A", valid=True).do("play", "A", card=0)
    assert table.state["pending"]["player"] == "A"


# ---------------------------------------------------------------------------------------------------------
# Loans and final money


def test_loan_when_paying_10_with_0_chips():
    """B holds 0 and must pay 10: the bank lends 100, B holds 90 and owes 100; the events say so."""
    table = Table(players=("A", "B"), cards=2, start_money=10)
    table.deal({"A": ["fig", "lime"], "B": ["kiwi", "plum"]})
    table.do("predict", "B", number=3)
    assert table.chips("B") == 0
    table.do("predict", "A", number=4).do("play", "B", card=0).do("rule", "A", valid=True)
    assert table.chips("B") == 90 and table.loans("B") == 100
    assert ledger.money(table.state["ledger"], "B") == -10
    assert table.state["events"] == [{"kind": "loan", "player": "B", "amount": 100},
                                     {"kind": "transfer", "from": "B", "to": "pot", "amount": 10}]
    assert [E.describe_event(e) for e in table.state["events"]] == [
        ("guess_club.event.loan", {"player": "B", "amount": 100}),
        ("guess_club.event.pay", {"player": "B", "amount": 10})]


def test_a_payment_takes_as_many_loans_as_needed():
    """B holds 90 and owes 220 for 11 unplayed cards: two loans of 100 are taken, then B pays."""
    table = Table(players=("A", "B"), cards=12, start_money=10, markers=11, all_unplayed_pay=True)
    table.deal({"A": [f"a{n}" for n in range(12)], "B": [f"b{n}" for n in range(12)]})
    table.do("play", "B", card=0).do("rule", "A", valid=True)
    for n in range(12):
        table.do("play", "A", card=n).do("rule", "A", valid=True)
        if n < 11:
            table.do("predict", "B", number=n)
    assert table.phase == "settle" and table.chips("B") == 90 and table.loans("B") == 200
    table.do("settle", "A", invalid=[])
    assert table.state["events"][:3] == [{"kind": "loan", "player": "B", "amount": 100},
                                         {"kind": "loan", "player": "B", "amount": 100},
                                         {"kind": "transfer", "from": "B", "to": "pot", "amount": 220}]
    assert table.loans("B") == 400 and table.state["history"][0]["penalties"] == {"B": 220}


def play_game_with_loans():
    """Three rounds for A and B with 20 each: B ends in debt."""
    table = Table(players=("A", "B"), cards=1, start_money=20, rewards=[0, 10, 0])
    table.deal({"A": ["x"], "B": ["y"]})
    table.do("predict", "B", number=1).do("play", "A", card=0).do("rule", "A", valid=False)
    table.do("settle", "A", invalid=[["B", 0]])
    table.deal({"A": ["x"], "B": ["y"]})
    table.do("predict", "A", number=0).do("play", "B", card=0).do("rule", "B", valid=False)
    table.do("settle", "B", invalid=[])
    table.deal({"A": ["x"], "B": ["y"]})
    table.do("play", "B", card=0).do("rule", "A", valid=True).do("settle", "A", invalid=[])
    return table


def test_final_money_is_chips_minus_loans():
    """Scoreboard total = chips − loans, loans shown apart; money per round for the chart."""
    table = play_game_with_loans()
    assert table.state["over"]
    board = E.scoreboard(table.state)
    # B: 20 −10 predict → 10, penalty 20 → loan 100 → 90; round 2 invalid play 20 → 70; round 3 miss 10 → 60
    assert table.chips("B") == 60 and table.loans("B") == 100
    assert board.total("B") == -40
    # A: 20 − 20 invalid → 0; round 2 predicts 0 with a loan → 90, wins pot 110 + reward 10 → 210
    assert table.chips("A") == 210 and table.loans("A") == 100 and board.total("A") == 110
    lines = {p.name: [(l.key, l.points) for l in p.breakdown] for p in board.players}
    assert lines["B"] == [("guess_club.line.chips", 60), ("guess_club.line.loans", -100)]
    assert [r["B"] for r in board.rounds] == [-10, -30, -40]
    assert [r["A"] for r in board.rounds] == [0, 110, 110]
    assert board.over and board.winners == ("A",)


def test_ties_share_the_win():
    """Equal money: both win."""
    table = Table(players=("A", "B"), cards=1)
    for setter, other in (("A", "B"), ("B", "A")):
        table.deal({"A": ["x"], "B": ["y"]})
        table.do("play", other, card=0).do("rule", setter, valid=True).do("settle", setter, invalid=[])
    table.deal({"A": ["x"], "B": ["y"]})
    table.do("predict", "B", number=5).do("play", "A", card=0).do("rule", "A", valid=True)
    table.do("settle", "A", invalid=[])
    board = E.scoreboard(table.state)
    assert board.total("A") == board.total("B") == 130
    assert board.winners == ("A", "B") and board.ranking == (("A", "B"),)


def test_cli_score_on_exported_record_prints_the_same_money(tmp_path):
    """`python -m scoring score` on the exported record prints the engine's money."""
    table = play_game_with_loans()
    path = tmp_path / "guess.json"
    path.write_text(json.dumps(table.record, ensure_ascii=False), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "scoring", "score", str(path)], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    printed = {p["name"]: p["total"] for p in json.loads(out.stdout)["players"]}
    assert printed == {p: ledger.money(table.state["ledger"], p) for p in ("A", "B")}


# ---------------------------------------------------------------------------------------------------------
# Translations


def test_every_key_is_translated_in_both_languages():
    """Errors, phases, actions, events, options, lines: present in en and zh-CN, the same keys in both (the
    view's own `guess_club.view.*` keys are checked by its view tests)."""
    tables = domain_files("guess_club.json")
    assert set(tables["en"]) == set(tables["zh-CN"])
    source = (ROOT / "scoring/games/guess_club.py").read_text(encoding="utf-8")
    used = set(re.findall(r'"(guess_club\.[a-z_]+)"', source))
    used |= {f"guess_club.phase.{p}" for p in ("topic", "answers", "turns", "ruling", "ruling_on", "settle",
                                                 "over")}
    used |= {f"guess_club.action.{t}" for t in E.moves}
    used |= {f"guess_club.option.{o.name}" for o in E.game.options}
    used |= {f"guess_club.event.{e}" for e in ("loan", "pay", "take_pot", "take_reward", "refill",
                                                  "reward_placed", "reward_returned")}
    used |= {"guess_club.description", "guess_club.line.chips", "guess_club.line.loans",
             "guess_club.action.play[named=true]", "guess_club.action.rule[count=0]", "guess_club.action.rule_invalid",
             "guess_club.action.hand_ruling[same=true]", "guess_club.action.rule_matched",
             "guess_club.action.rule_read", "guess_club.action.rule_read_invalid",
             "guess_club.action.matched_card", "guess_club.app.breakdown_line",
             "guess_club.move.play.turn"}  # the turn's move as other phones name it (the view's `turn_move`)
    assert used <= set(tables["en"])
    assert {k for k in tables["en"] if not k.startswith("guess_club.view.")} <= used


# ---------------------------------------------------------------------------------------------------------
# Properties: conservation after every action, replay equals live, random actions raise only RuleError

POOL = ["apple", "Apple", "苹果", "pear", "kiwi", "plum", "fig", "lime", "grape", "melon", "kiwis", "peach"]


def legal_action(state, data):
    """One action the rules allow in this state, chosen by hypothesis (answers may still clash: then None); in a
    ruling, sometimes a player first shows a card the matcher did not propose."""
    phase, setter, players = state["phase"], state["setter"], state["players"]
    if phase == "topic":
        return {"type": "topic", "by": setter, "text": data.draw(st.sampled_from(["Fruit", "水果"]))}
    if phase == "answers":
        player = next(p for p in players if state["hands"][p] is None)
        cards = data.draw(st.lists(st.sampled_from(POOL), min_size=state["options"]["cards"],
                                   max_size=state["options"]["cards"], unique=True))
        return {"type": "answers", "by": player, "cards": cards}
    if phase == "turns":
        player = state["turn"]
        if data.draw(st.integers(0, 3)) == 0:
            return {"type": "predict", "by": player, "number": data.draw(st.integers(0, 4))}
        unplayed = [i for i, c in enumerate(state["hands"][player]) if c["out"] is None]
        return {"type": "play", "by": player, "card": data.draw(st.sampled_from(unplayed))}
    if phase == "ruling":
        pending = state["pending"]
        shown = [(p, i) for p in players if p != pending["player"] for i, c in enumerate(state["hands"][p])
                 if c["out"] is None and not any(q["player"] == p and q["card"] == i for q in pending["proposals"])]
        if shown and data.draw(st.integers(0, 2)) == 0:
            player, card = data.draw(st.sampled_from(shown))
            return {"type": "show", "by": player, "card": card}
        valid = data.draw(st.integers(0, 4)) > 0
        matches, owners = [], set()
        for proposal in state["pending"]["proposals"]:
            if valid and proposal["player"] not in owners and data.draw(st.booleans()):
                matches.append([proposal["player"], proposal["card"]])
                owners.add(proposal["player"])
        return {"type": "rule", "by": setter, "valid": valid, "matches": matches}
    unplayed = [[p, i] for p in players for i, c in enumerate(state["hands"][p]) if c["out"] is None]
    invalid = [ref for ref in unplayed if data.draw(st.integers(0, 3)) == 0]
    return {"type": "settle", "by": setter, "invalid": invalid}


def random_game(data, steps=120):
    """A record and state after up to `steps` legal-ish actions (refused ones are skipped)."""
    players = ["A", "B", "C", "D"][: data.draw(st.integers(2, 4))]
    options = {"cards": data.draw(st.integers(1, 3)), "start_money": data.draw(st.sampled_from([10, 50, 150])),
               "all_unplayed_pay": data.draw(st.booleans()), "markers": data.draw(st.integers(0, 3))}
    record = new_record("guess_club", players, options, seed=1)
    state = replay(record)
    for _ in range(steps):
        if state["over"]:
            break
        action = legal_action(state, data)
        try:
            record, state = play(record, state, action)
        except RuleError as err:
            assert err.key in ("guess_club.answers_repeat", "guess_club.number_full", "guess_club.no_markers")
            continue
        assert ledger.conserved(state["ledger"]), action
        assert all(ledger.balance(state["ledger"], a) >= 0 for a in (*players, "pot", "board"))
    return record, state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_money_is_conserved_and_replay_equals_live(data):
    """Random legal play: the ledger balances after every action, and replaying the log gives the same state."""
    record, state = random_game(data)
    assert replay(record) == state
    board = E.scoreboard(state)
    assert {p.name: p.total for p in board.players} == {p: ledger.money(state["ledger"], p)
                                                         for p in state["players"]}
    if state["over"]:
        assert len(board.rounds) == 3 and ledger.balance(state["ledger"], "board") == 0


ANY = st.one_of(st.none(), st.booleans(), st.integers(-3, 20), st.text(max_size=4), st.sampled_from(POOL),
                st.lists(st.one_of(st.integers(-1, 3), st.sampled_from(["A", "B", "C", "Z"]),
                                   st.lists(st.one_of(st.integers(-1, 3), st.sampled_from(["A", "B", "Z"])),
                                            max_size=3)), max_size=4))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_actions_raise_only_rule_errors(data):
    """Any junk action in any reachable state is accepted or refused with a RuleError that changes nothing."""
    record, state = random_game(data, steps=data.draw(st.integers(0, 40)))
    for _ in range(10):
        action = data.draw(st.one_of(st.none(), st.integers(), st.fixed_dictionaries({
            "type": st.sampled_from([*E.moves, "nope"]),
            "by": st.sampled_from(["A", "B", "C", "table", "Z"]),
        }, optional={"text": ANY, "cards": ANY, "card": ANY, "valid": ANY, "matches": ANY, "number": ANY,
                     "invalid": ANY})))
        before = copy.deepcopy(state)
        try:
            record, state = play(record, state, action)
        except RuleError:
            assert state == before
        assert ledger.conserved(state["ledger"])
    assert replay(record) == state


# ---------------------------------------------------------------------------------------------------------
# Log, events, header


@pytest.mark.parametrize("event,key,params", [
    ({"kind": "transfer", "from": "pot", "to": "A", "amount": 60}, "guess_club.event.take_pot",
     {"player": "A", "amount": 60}),
    ({"kind": "transfer", "from": "board", "to": "A", "amount": 30}, "guess_club.event.take_reward",
     {"player": "A", "amount": 30}),
    ({"kind": "transfer", "from": "A", "to": "pot", "amount": 20}, "guess_club.event.pay",
     {"player": "A", "amount": 20}),
    ({"kind": "transfer", "from": "supply", "to": "pot", "amount": 30}, "guess_club.event.refill", {"amount": 30}),
    ({"kind": "transfer", "from": "supply", "to": "board", "amount": 50}, "guess_club.event.reward_placed",
     {"amount": 50}),
    ({"kind": "transfer", "from": "board", "to": "supply", "amount": 50}, "guess_club.event.reward_returned",
     {"amount": 50}),
    ({"kind": "loan", "player": "B", "amount": 100}, "guess_club.event.loan", {"player": "B", "amount": 100}),
])
def test_events_in_words(event, key, params):
    """Each ledger event of an action has its own message."""
    assert E.describe_event(event) == (key, params)


def test_actions_in_words_and_reveals():
    """The log shows card numbers from 1; plays, revealing rulings and settlements need consent to undo."""
    assert E.describe({"type": "play", "by": "B", "card": 0}) == ("guess_club.action.play",
                                                                   {"by": "B", "card": 1, "named": False})
    assert E.describe({"type": "rule", "by": "A", "valid": True, "matches": [["C", 0]]}) == (
        "guess_club.action.rule", {"by": "A", "count": 1})
    assert E.describe({"type": "predict", "by": "B", "number": 3})[1] == {"by": "B", "number": 3}
    assert E.reveals({"type": "play"}) and E.reveals({"type": "settle"})
    assert E.reveals({"type": "rule", "matches": [["C", 0]]}) and not E.reveals({"type": "rule", "matches": []})
    assert not E.reveals({"type": "predict"}) and not E.reveals({"type": "answers"})


def test_a_card_played_by_its_text_is_logged_by_its_text():
    """A play naming the card by its text (the record's other form) reads "B played “sun”", not "played card sun"
    ("打出第 sun 张卡" in Chinese)."""
    key, params = E.describe({"type": "play", "by": "B", "card": "sun"})
    assert i18n.text("en", key, **params) == "B played “sun”"
    assert i18n.text("zh-CN", key, **params) == "B 打出“sun”"
    key, params = E.describe({"type": "play", "by": "B", "card": 1})
    assert i18n.text("en", key, **params) == "B played card 2"


def test_status_names_who_acts():
    """Setter for the topic, nobody in particular while answering, the active player during turns."""
    table = Table(cards=1).do("topic", "A", text="Fruit")
    assert E.status(table.state)["turn"] is None
    assert E.status(table.state)["phase"] == "guess_club.phase.answers"
    for player in "ABC":
        table.do("answers", player, cards=[player])
    assert E.status(table.state)["turn"] == "B"


def test_while_answers_are_written_the_table_waits_for_the_hands():
    """The next-step line names the prompt's first entry: after the topic it named the setter's topic again, and
    once the setter's hand was in, the setter's hand ruling ("act"); the hands still out lead, the setter's
    topic change and rulings follow."""
    table = Table(cards=1).do("topic", "A", text="Fruit")
    assert [(e["type"], e["by"]) for e in E.prompt(table.state)][:3] == [("answers", "A"), ("answers", "B"),
                                                                          ("answers", "C")]
    assert {e["type"] for e in E.prompt(table.state)} == {"answers", "topic", "hand_ruling"}
    table.do("answers", "A", cards=["A"])
    assert [(e["type"], e["by"]) for e in E.prompt(table.state)] == [("answers", "B"), ("answers", "C"),
                                                                      ("hand_ruling", "A")]


def test_a_card_read_out_waits_for_the_setters_ruling_not_for_a_show():
    """Once a card is read out the table waits for the setter's ruling (RULINGS §2: the setter rules on sameness
    and validity); another player's `show` is open but optional, so it follows: the next-step line named
    "show" for the other players while the setter had to rule."""
    table = Table(cards=2).deal({"A": ["Apple", "pear"], "B": ["plum", "kiwi"], "C": ["prune", "fig"]})
    table.do("play", "B", card="plum")
    entries = [(e["type"], e["by"]) for e in E.prompt(table.state)]
    assert entries[0] == ("rule", "A")
    assert set(entries[1:]) == {("show", "A"), ("show", "C")}


def test_remembered_aliases_are_brought_in_by_the_table_or_the_setter():
    """Aliases from earlier sessions come in as an action of the table or of the round's setter (A in round 1,
    from their own phone in table mode); the matcher then calls them the same. Another player may not."""
    eng = engine("guess_club")
    state = eng.new_state(["A", "B", "C"], {"cards": 2})
    state = eng.apply(state, {"type": "aliases", "by": "A", "pairs": [["苹果", "apple"]]})
    again = eng.apply(state, {"type": "aliases", "by": "table", "pairs": [["苹果", "apple"], ["pear", "梨"]]})
    assert again["aliases"] == [["苹果", "apple"], ["pear", "梨"]]
    state = eng.apply(state, {"type": "topic", "by": "A", "text": "Fruit"})
    assert_refused(eng, state, {"type": "answers", "by": "A", "cards": ["苹果", "Apple"]}, "guess_club.answers_repeat")
    assert_refused(eng, state, {"type": "aliases", "by": "B", "pairs": []}, "guess_club.setter_only")
    assert_refused(eng, state, {"type": "aliases", "by": "table", "pairs": [["x"]]}, "guess_club.aliases_invalid")
    assert eng.describe({"type": "aliases", "by": "table", "pairs": [["a", "b"]]}) == (
        "guess_club.action.aliases", {"by": "table", "count": 1})


def test_scoreboard_gives_the_starting_money_for_the_chart():
    """The chart's round 0 is everyone's starting money."""
    state = E.new_state(["A", "B"], {"start_money": 200})
    assert E.scoreboard(state).to_json()["start"] == {"A": 200, "B": 200}


# ---------------------------------------------------------------------------------------------------------
# Issue 12: the table's ruling on two answers of one hand


def test_a_probable_duplicate_on_a_hand_is_flagged_not_refused():
    """Play-test (RULINGS §2, answers "all different", the setter rules on sameness): "plum" and "plums" on one
    hand went in without a word, though the matcher rates them maybe the same. They are not refused (the setter
    rules on sameness), but the engine names them, with the matcher's verdict, for the app to flag before the hand
    is sent; a pair the setter ruled different is not named again, and exact repeats are still refused."""
    table = Table(cards=3)
    table.do("topic", "A", text="Fruit")
    alike = E.alike_on_hand(table.state, ["plum", " plums ", "kiwi"])
    assert [(p["a"], p["b"], p["texts"], p["kind"]) for p in alike] == [(0, 1, ["plum", "plums"], "suggested")]
    assert alike[0]["reason"].startswith("answers.reason.") and 0 < alike[0]["score"] < 100
    assert E.alike_on_hand(table.state, ["plum", "kiwi", "pear"]) == []
    assert E.alike_on_hand(table.state, ["Apple", "apple", "pear"]) == []  # the same: refused, not flagged
    table.do("answers", "B", cards=["plum", "plums", "kiwi"])
    table.do("hand_ruling", "A", a="plums", b="plum", same=False)
    assert E.alike_on_hand(table.state, ["plum", "plums", "fig"]) == []
    table.refused("guess_club.answers_repeat", "answers", "C", cards=["fig", "Fig", "pear"])


def test_setter_rules_two_answers_of_a_hand_same_or_different():
    """RULINGS §2 (the setter rules on sameness) and the original's 苹果 / apple: before handing in, the setter
    may rule two answers the same (one hand may not hold both; an `alias_learned` event) or different (both may
    stand although they normalise alike). Before, there was no such action: "Apple" + "apple" could never be
    handed in and "苹果" + "apple" always could."""
    table = Table(cards=2)
    table.do("topic", "A", text="Things that are red")
    table.refused("guess_club.answers_repeat", "answers", "B", cards=["Apple", "apple"])
    table.refused("guess_club.setter_only", "hand_ruling", "B", a="Apple", b="apple", same=False)
    table.do("hand_ruling", "A", a="Apple", b="apple", same=False)
    table.refused("guess_club.already_ruled", "hand_ruling", "A", a="apple", b="Apple", same=True)
    table.do("answers", "B", cards=["Apple", "apple"])
    _, events = E.step(table.state, {"type": "hand_ruling", "by": "A", "a": "苹果", "b": "apple", "same": True})
    assert events == [{"type": "alias_learned", "a": "苹果", "b": "apple"}]
    table.do("hand_ruling", "A", a="苹果", b="apple", same=True)
    table.refused("guess_club.answers_repeat", "answers", "C", cards=["苹果", "apple"])
    table.refused("guess_club.ruling_one_text", "hand_ruling", "A", a="kiwi", b="kiwi", same=True)
    table.do("answers", "C", cards=["苹果", "rose"])
    assert E.step(table.state, {"type": "answers", "by": "A", "cards": ["fire", "blood"]})[1] == []


def test_a_card_named_by_its_text_is_the_one_written_so():
    """Session 46's audit: with Apple and apple ruled different on B's hand, naming "apple" played "Apple" (the
    first card that normalises alike). The card written exactly so comes first; a text written otherwise still
    finds the first alike."""
    table = Table(cards=3)
    table.do("topic", "A", text="things")
    table.do("hand_ruling", "A", a="Apple", b="apple", same=False)
    for player, cards in (("A", ["x", "y", "z"]), ("B", ["Apple", "apple", "kiwi"]), ("C", ["p", "q", "r"])):
        table.do("answers", player, cards=cards)
    assert table.state["turn"] == "B"
    played = E.apply(table.state, {"type": "play", "by": "B", "card": "apple"})
    assert played["pending"]["card"] == 1 and played["pending"]["text"] == "apple"
    played = E.apply(table.state, {"type": "play", "by": "B", "card": "APPLE"})
    assert played["pending"]["card"] == 0


def test_a_match_ruling_returns_alias_learned_events():
    """Confirmed matches the matcher did not call the same come back as events for the session layer."""
    table = fruit_table()
    table.do("play", "B", card=0)
    _, events = E.step(table.state, {"type": "rule", "by": "A", "valid": True, "matches": [["C", 0]]})
    assert events == [{"type": "alias_learned", "a": "apple", "b": "苹果"}]


# ---------------------------------------------------------------------------------------------------------
# The contract: prompt, check, player_view

MARK = "QZX"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), n=st.integers(2, 5), seed=st.integers(0, 50))
def test_games_drawn_from_the_prompt_keep_hands_secret(data, n, seed):
    """Random games from the prompt (typed topics and hands with marker texts): every offered action is accepted
    by check and apply, at least 15 are played; no seat's view holds another's unplayed marker text, except the
    card being read out, the setter's view of the pending proposals and anyone's during the settle check."""
    players = [f"P{i}" for i in range(n)]
    record = new_record("guess_club", players, {"cards": 3}, seed=seed)
    state = replay(record)
    accepted = 0
    for step in range(80):
        if state["over"]:
            break
        entries = E.prompt(state)
        offered = [{"type": e["type"], "by": e["by"], **c} for e in entries for c in e["choices"] or []]
        for action in offered:
            assert E.check(state, action) is None, action
        free = [e for e in entries if e["choices"] is None and e["type"] in ("topic", "answers")]
        if free:
            entry = free[-1]
            action = ({"type": "topic", "by": entry["by"], "text": f"topic {step}"} if entry["type"] == "topic"
                      else {"type": "answers", "by": entry["by"],
                            "cards": [f"{MARK}-{entry['by']}-{step}-{i}" for i in range(3)]})
        else:
            action = data.draw(st.sampled_from(offered))
        record, state = play(record, state, action)
        accepted += 1
        for seat in players:
            shown = json.dumps(E.player_view(state, seat), ensure_ascii=False)
            for owner, hand in state["hands"].items():
                if owner == seat or hand is None or state["phase"] == "settle":
                    continue
                pending = state["pending"] or {"proposals": []}
                proposed = {(p["player"], p["card"]) for p in pending["proposals"]}
                read_out = (pending.get("player"), pending.get("card"))
                for i, card in enumerate(hand):
                    shown_to_seat = (owner, i) == read_out or (seat == state["setter"] and (owner, i) in proposed)
                    if card["out"] is None and not shown_to_seat:
                        assert card["text"] not in shown, (seat, owner, card)
    assert accepted >= 15
    assert replay(record) == state


def test_predict_offers_only_numbers_with_room():
    """The prompt's predict choices leave out a number holding `per_number` markers (the view greys it)."""
    table = Table(cards=2, per_number=1)
    table.deal({"A": ["a1", "a2"], "B": ["b1", "b2"], "C": ["c1", "c2"]})
    table.do("predict", "B", number=3)
    numbers = [c["number"] for e in E.prompt(table.state) if e["type"] == "predict" for c in e["choices"]]
    assert 3 not in numbers and numbers == [n for n in range(14) if n != 3]
    table.refused("guess_club.number_full", "predict", "C", number=3)


@pytest.mark.parametrize("valid, count, en, zh", [
    (False, 0, "A ruled the card does not fit the topic", "A 判定不切题"),
    (True, 0, "A ruled the card fits the topic, with no matching card", "A 判定切题，没有相同的牌"),
    (True, 1, "A ruled the card fits the topic, with 1 matching card", "A 判定切题，有 1 张相同的牌"),
    (True, 2, "A ruled the card fits the topic, with 2 matching cards", "A 判定切题，有 2 张相同的牌")])
def test_a_ruling_is_logged_in_the_ruling_buttons_words(valid, count, en, zh):
    """The log row and the undo button read "A ruled — valid: yes, matching cards: 1" and 「A 判定（有效：是，匹配的卡：
    1 张）」 (seen at phone size in a Chinese game): a form's fields, not the words the setter tapped (切题 / 不切题)."""
    action = {"type": "rule", "by": "A", "valid": valid, "matches": [["B", 0], ["C", 0]][:count]}
    key, params = E.describe(action)
    assert (i18n.text("en", key, **params), i18n.text("zh-CN", key, **params)) == (en, zh)


@pytest.mark.parametrize("same, en, zh", [
    (True, "A ruled “apple” and “苹果” are the same answer", "A 判定“apple”和“苹果”是同一个答案"),
    (False, "A ruled “Apple” and “apple” are different answers", "A 判定“Apple”和“apple”是不同的答案")])
def test_a_hand_ruling_is_logged_as_same_or_different(same, en, zh):
    """The log row read "A rules “apple” and “苹果”: yes" (「…：是」): yes to which question? It says which."""
    a, b = ("apple", "苹果") if same else ("Apple", "apple")
    key, params = E.describe({"type": "hand_ruling", "by": "A", "a": a, "b": b, "same": same})
    assert (i18n.text("en", key, **params), i18n.text("zh-CN", key, **params)) == (en, zh)


def test_a_ruling_names_the_card_read_out_and_the_cards_it_revealed_in_the_log_and_the_undo_button():
    """The host's Undo read "Ann ruled the card fits the topic, with 1 matching card" (played at a table): which
    card was turned up? The log entry (which the Undo button and the log row say) names each matched card, whose and
    as written. A ruling without a match, or of a card that does not fit, read "A ruled the card does not fit the
    topic" (played on phones in 简体中文: 「A 判定不切题」, three rulings back, which card?): it names the card read
    out too (said aloud, and its play is logged by its text)."""
    table = Table(cards=3)
    table.deal({"A": ["a1", "a2", "a3"], "B": ["apple", "b2", "b3"], "C": ["Apple", "c2", "c3"]})
    table.do("play", "B", card=0).do("rule", "A", valid=True, matches=[["C", 0]])
    table.do("play", "C", card=1).do("rule", "A", valid=True, matches=[])
    table.do("play", "A", card=0).do("rule", "A", valid=False, matches=[])
    log = public_log(table.record, table.state)
    said = [(i18n.text("en", e["what"][0], **e["what"][1]), i18n.text("zh-CN", e["what"][0], **e["what"][1]))
            for e in (log[-5], log[-3], log[-1])]
    assert said == [("A ruled B's “apple” fits the topic, matching C's “Apple”",
                     "A 判定 B 的“apple”切题，相同的牌：C 的“Apple”"),
                    ("A ruled C's “c2” fits the topic, with no matching card", "A 判定 C 的“c2”切题，没有相同的牌"),
                    ("A ruled A's “a1” does not fit the topic", "A 判定 A 的“a1”不切题")]
