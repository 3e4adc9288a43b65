"""Rummy: 500 and basic scoring, ace values, options, the meld/lay-off/uniqueness checks, the end, replay."""

import hypothesis
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core import RuleError, engine
from scoring.i18n import text
from scoring.games.rummy import card_value, holders
from scoring.record import new_record, play, replay, undo
from tests.helpers import assert_refused, assert_same_keys, cli_score, play_all

PLAYERS = ["Ann", "Bo", "Cy"]


def line(melds=(), laid_off=(), hand=()):
    """A Rummy line."""
    return {"melds": [list(m) for m in melds], "laid_off": list(laid_off), "hand": list(hand)}


def rnd(stock_out=False, **lines):
    """A round action; players not named hold an empty line."""
    return {"type": "round", "by": "table", "stock_out": stock_out,
            "lines": {p: lines.get(p, line()) for p in PLAYERS}}


def new(**options):
    """A fresh Rummy state."""
    return engine("rummy").new_state(PLAYERS, options)


def scores(state):
    """The last round's points per player."""
    return {p: s["points"] for p, s in state["rounds"][-1]["scores"].items()}


def test_card_values():
    """2–9 face (5 simple), 10–K 10, ace 15 or 1 low (5 low with simple scoring)."""
    assert [card_value(c, False, False) for c in ["2H", "9S", "10D", "KC", "AS"]] == [2, 9, 10, 10, 15]
    assert [card_value(c, True, False) for c in ["AS", "7H"]] == [1, 7]
    assert [card_value(c, True, True) for c in ["AS", "7H", "QH"]] == [5, 5, 10]
    assert card_value("AS", False, True) == 15


def test_500_melded_minus_hand_with_ace_high_and_low():
    """500: melds and lay-offs count for, the hand against; a low ace in a run is 1, elsewhere 15."""
    state = engine("rummy").apply(new(), rnd(
        Ann=line([["7H", "7S", "7D"], ["QH", "KH", "AH"]], ["7C"]),
        Bo=line([["AS", "2S", "3S"]], [], ["KD", "4C"]),
        Cy=line([], [], ["AD", "9S", "2D"])))
    assert scores(state) == {"Ann": 21 + 35 + 7, "Bo": 6 - 14, "Cy": -26}


def test_500_low_aces_and_simple_scoring():
    """With low aces every ace is 1 and Q-K-A is refused; simple scoring makes 2–9 worth 5."""
    action = rnd(Ann=line([["AS", "2S", "3S"]]), Bo=line([], [], ["AD", "9S"]), Cy=line(hand=["5D"]))
    assert scores(engine("rummy").apply(new(low_aces=True), action)) == {"Ann": 6, "Bo": -10, "Cy": -5}
    assert scores(engine("rummy").apply(new(simple_scoring=True), action)) == {"Ann": 15, "Bo": -20, "Cy": -5}
    action = rnd(Ann=line([["QH", "KH", "AH"]]), Bo=line(hand=["2C"]), Cy=line(hand=["3C"]))
    assert_refused("rummy", new(low_aces=True), action, "rummy.meld_invalid")


def test_lay_off_onto_another_players_meld_and_the_low_ace():
    """A card laid off onto anyone's meld counts for the one who laid it; an ace laid off low counts 1."""
    state = engine("rummy").apply(new(), rnd(Ann=line([["2H", "3H", "4H"]]), Bo=line([], ["AH", "5H"], ["9C"]),
                                             Cy=line(hand=["5D"])))
    assert scores(state) == {"Ann": 9, "Bo": 1 + 5 - 9, "Cy": -5}


def test_basic_winner_scores_the_other_hands():
    """Basic: the player who went out scores the others' hands (aces 1); the rest score nothing."""
    state = engine("rummy").apply(new(variant="basic"), rnd(
        Ann=line([["5C", "6C", "7C"]]), Bo=line(hand=["AD", "KD"]), Cy=line(hand=["9S"])))
    assert scores(state) == {"Ann": 11 + 9, "Bo": 0, "Cy": 0}
    assert state["target"] == 100


def test_basic_stock_out_subtracts_the_winners_hand_and_ties_split():
    """Stock ran out: the lowest hand wins the others' hands minus its own; tied winners split (round down)."""
    state = engine("rummy").apply(new(variant="basic"), rnd(
        True, Ann=line(hand=["3C"]), Bo=line(hand=["KD", "QD"]), Cy=line(hand=["9S"])))
    assert scores(state) == {"Ann": (20 - 3) + (9 - 3), "Bo": 0, "Cy": 0}
    tied = engine("rummy").apply(new(variant="basic"), rnd(
        True, Ann=line(hand=["3C"]), Bo=line(hand=["3D"]), Cy=line(hand=["KS", "2S"])))
    assert scores(tied) == {"Ann": 4, "Bo": 4, "Cy": 0}


def test_basic_penalty_scoring_and_end():
    """Penalty: everyone scores minus their hand; the game ends when a penalty reaches the target."""
    state = new(variant="basic", penalty_scoring=True, target=20)
    state = engine("rummy").apply(state, rnd(Ann=line([["5C", "6C", "7C"]]), Bo=line(hand=["KD", "QD"]),
                                             Cy=line(hand=["9S"])))
    assert scores(state) == {"Ann": 0, "Bo": -20, "Cy": -9}
    board = engine("rummy").scoreboard(state)
    assert state["over"] and board.winners == ("Ann",)
    assert board.ended == {"key": "core.ended.target", "names": ["Bo"], "target": -20}  # why it ended
    with pytest.raises(RuleError) as err:
        new(penalty_scoring=True)
    assert err.value.key == "rummy.penalty_needs_basic"


def test_the_engine_says_which_options_apply_and_what_target_0_stands_for():
    """The facts a new-session form asks (it copies no rule): penalty scoring applies to basic Rummy only, and a
    target of 0 is the variant's own, as the game is then set up."""
    rummy = engine("rummy")
    assert [rummy.option_applies("penalty_scoring", {"variant": v}) for v in ("500", "basic")] == [False, True]
    assert rummy.option_applies("low_aces", {"variant": "500"})
    assert [rummy.unset_value("target", {"variant": v}) for v in ("500", "basic")] == [500, 100]
    assert rummy.unset_value("low_aces", {"variant": "500"}) is None
    assert [new(variant=v)["target"] for v in ("500", "basic")] == [500, 100]


def test_game_ends_at_500_highest_wins():
    """Over after the round in which someone reaches the target; the highest total wins."""
    state = new(target=35)
    state = engine("rummy").apply(state, rnd(Ann=line([["10H", "JH", "QH"]]), Bo=line(hand=["2C"]),
                                             Cy=line(hand=["5D"])))
    assert not state["over"]
    state = engine("rummy").apply(state, rnd(Ann=line([["2S", "3S", "4S"]]),
                                             Bo=line([["KC", "KD", "KS"]], [], ["2C"]), Cy=line(hand=["5D"])))
    board = engine("rummy").scoreboard(state)
    assert state["over"] and board.winners == ("Ann",) and board.total("Ann") == 39
    assert board.ended == {"key": "core.ended.target", "names": ["Ann"], "target": 35}  # why it ended
    assert board.to_json()["rounds"] == [{"Ann": 30, "Bo": -2, "Cy": -5}, {"Ann": 39, "Bo": 26, "Cy": -10}]
    assert engine("rummy").status(state)["phase"] == "rummy.phase.over"
    assert_refused("rummy", state, rnd(Ann=line([["2S", "3S", "4S"]])), "core.game_over")


@pytest.mark.parametrize("action,key", [
    (rnd(Ann=line([["7H", "7S", "7D"]]), Bo=line(hand=["7H"])), "rummy.card_twice"),
    (rnd(Ann=line([["7H", "7S", "7D"], ["5H", "6H", "7H"]])), "rummy.card_twice"),
    (rnd(Ann=line([["7H", "8S", "9D"]])), "rummy.meld_invalid"),
    (rnd(Ann=line([["KH", "AH", "2H"]])), "rummy.meld_invalid"),
    (rnd(Ann=line([["7H", "7S"]])), "rummy.meld_invalid"),
    (rnd(Ann=line([["7H", "7S", "7D"]], ["9H"])), "rummy.lay_off_invalid"),
    (rnd(Ann=line(hand=["2C"]), Bo=line(hand=["3C"]), Cy=line(hand=["4C"])), "rummy.nobody_out"),
    (rnd(Ann=line(hand=["2C"])), "rummy.two_out"),
    (rnd(Ann=line(hand=["1C"])), "cards.card_unknown"),
    (rnd(Ann={"melds": [["7H", "7S", "7D"]], "laid_off": "7C"}), "rummy.line_invalid"),
    ({"type": "round", "by": "table", "lines": {"Ann": line()}}, "rummy.line_missing"),
    ({"type": "round", "by": "table"}, "rummy.lines_missing"),
    ({**rnd(), "by": "Ann"}, "core.table_only"),
])
def test_impossible_rounds_refused(action, key):
    """A card used twice, a bad meld, lay-offs that fit nowhere, nobody or two out, bad cards: refused whole."""
    assert_refused("rummy", new(), action, key)


def test_one_meld_per_turn_checks_what_a_pad_can():
    """With the option, laying off without a meld that round is refused."""
    action = rnd(Ann=line([["7H", "7S", "7D"]]), Bo=line([], ["7C"], ["2D"]), Cy=line(hand=["3D"]))
    assert engine("rummy").apply(new(), action)
    err = assert_refused("rummy", new(one_meld_per_turn=True), action, "rummy.lay_off_without_meld")
    assert err.params == {"name": "Bo"}


def test_cli_scores_an_exported_record(tmp_path, capsys):
    """`python -m scoring score` on an exported record prints the same totals."""
    record = new_record("rummy", PLAYERS, {"variant": "basic"}, seed=1)
    state = replay(record)
    for action in [rnd(Ann=line([["5C", "6C", "7C"]]), Bo=line(hand=["AD", "KD"]), Cy=line(hand=["9S"])),
                   rnd(True, Ann=line(hand=["3C"]), Bo=line(hand=["KD", "QD"]), Cy=line(hand=["9S"]))]:
        record, state = play(record, state, action)
    printed = cli_score(tmp_path / "rummy.json", record, capsys)
    assert {p["name"]: p["total"] for p in printed["players"]} == {"Ann": 43, "Bo": 0, "Cy": 0}
    assert printed == engine("rummy").scoreboard(state).to_json()


CARD = st.sampled_from(["AS", "2S", "3S", "4S", "QS", "KS", "7H", "7D", "7C", "7S", "10H", "ZZ"])
LINE = st.fixed_dictionaries({"melds": st.lists(st.lists(CARD, min_size=2, max_size=4), max_size=2),
                              "laid_off": st.lists(CARD, max_size=2), "hand": st.lists(CARD, max_size=2)})


@settings(max_examples=60, deadline=None)
@given(st.lists(st.fixed_dictionaries({"type": st.just("round"), "stock_out": st.booleans(),
                                       "lines": st.fixed_dictionaries({p: LINE for p in PLAYERS})}), max_size=6))
def test_random_rounds_raise_only_rule_errors_and_replay_equals_live(actions):
    """Any rounds: refusals are RuleError only; accepted ones replay to the live state."""
    record = new_record("rummy", PLAYERS, seed=1)
    state = replay(record)
    record, state = play_all(record, state, actions)
    assert replay(record) == state


def test_translation_files_have_the_same_keys():
    """Both languages define exactly the same keys."""
    assert_same_keys("rummy.json")


@pytest.mark.parametrize("seats", [["a", "b"], ["b", "a"]])
def test_lay_offs_are_judged_together_whatever_the_seating(seats):
    """Issue 12: a melds 3S 4S 5S and lays off 7S, b lays off 6S. Judged together 3-4-5-6-7 is one run, so the
    round stands in either seat order (it used to be refused with a first)."""
    eng = engine("rummy")
    state = eng.new_state(seats, {})
    lines = {"a": {"melds": [["3S", "4S", "5S"]], "laid_off": ["7S"], "hand": []},
             "b": {"melds": [], "laid_off": ["6S"], "hand": ["KD"]}}
    state = eng.apply(state, {"type": "round", "lines": lines})
    # 500 Rummy: a 3+4+5+7 = 19; b 6 − 10 = −4
    assert {n: s["points"] for n, s in state["rounds"][0]["scores"].items()} == {"a": 19, "b": -4}


def test_an_ace_that_could_go_either_end_must_say_where():
    """Issue 12: melds 2H 3H 4H and JH QH KH; an ace of hearts laid off fits low (A-2-3-4, worth 1) or high
    (J-Q-K-A, worth 15). Unsaid, the round is refused; said, it scores by where it went."""
    eng = engine("rummy")
    state = eng.new_state(["a", "b"], {})
    lines = {"a": {"melds": [["2H", "3H", "4H"], ["JH", "QH", "KH"]], "laid_off": [], "hand": []},
             "b": {"melds": [], "laid_off": ["AH"], "hand": ["5C"]}}
    assert_refused(eng, state, {"type": "round", "lines": lines}, "rummy.lay_off_ambiguous")
    low = {**lines, "b": {**lines["b"], "laid_off": [{"card": "AH", "onto": "2H"}]}}
    high = {**lines, "b": {**lines["b"], "laid_off": [{"card": "AH", "onto": "KH"}]}}
    b_low = eng.apply(state, {"type": "round", "lines": low})["rounds"][0]["scores"]["b"]["points"]
    b_high = eng.apply(state, {"type": "round", "lines": high})["rounds"][0]["scores"]["b"]["points"]
    assert (b_low, b_high) == (1 - 5, 15 - 5)  # −4 or +10 for the same cards
    bad = {**lines, "b": {**lines["b"], "laid_off": [{"card": "AH", "onto": "9C"}]}}
    assert_refused(eng, state, {"type": "round", "lines": bad}, "rummy.onto_unknown")


def test_a_line_field_typo_is_refused():
    """A line with "meld" instead of "melds" is refused naming the field, never scored as nothing melded."""
    assert_refused("rummy", new(), rnd(Ann={"meld": [["3S", "4S", "5S"]], "hand": []}), "core.field_unknown")


def test_an_earlier_round_is_corrected():
    """A round corrected later: the totals follow, the log keeps both actions."""
    eng = engine("rummy")
    others = {"Bo": line(hand=["KD"]), "Cy": line(hand=["QD"])}
    state = eng.apply(new(), rnd(Ann=line(melds=[["3S", "4S", "5S"]]), **others))
    first = eng.totals(state)["Ann"]
    fix = {"type": "correct", "round": 1, **{k: v for k, v in rnd(
        Ann=line(melds=[["3S", "4S", "5S", "6S"]]), **others).items() if k != "type"}}
    state = eng.apply(state, fix)
    assert eng.totals(state)["Ann"] == first + 6
    key, params = eng.logged(state, fix, 1)  # the log row says what changed (it said "Round 1 corrected")
    assert (key, params["changes"]) == ("core.action.corrected", {"Ann": f"{first} ⭢ {first + 6}"})


def given(by, own, number=1):
    """A player's own line for a round, given on their phone."""
    return {"type": "line", "by": by, "round": number, "line": own}


def test_each_players_own_line_records_the_round_when_the_last_is_given():
    """Ann, Cy then Bo give their own lines: each is checked alone when given (an invalid meld is refused at once),
    the round waits for the last one, then it is recorded and scored as the table's round of the same lines would
    be (Bo's 5H laid off onto Ann's run); replay gives the same state, and undoing Bo's line puts the round back to
    waiting."""
    record = new_record("rummy", PLAYERS)
    state = replay(record)
    assert_refused("rummy", state, given("Ann", line([["2H", "3H", "9H"]])), "rummy.meld_invalid")
    lines = {"Ann": line([["2H", "3H", "4H"]]), "Bo": line([], ["5H"], ["9C"]), "Cy": line(hand=["5D"])}
    for name in ("Ann", "Cy"):
        record, state = play(record, state, given(name, lines[name]))
    assert state["rounds"] == [] and sorted(state["lines"]) == ["Ann", "Cy"]
    waiting = state
    record, state = play(record, state, given("Bo", lines["Bo"]))
    table = engine("rummy").apply(new(), {"type": "round", "by": "table", "lines": lines, "stock_out": False})
    assert state["rounds"] == table["rounds"] and state["lines"] == {} and scores(state) == {
        "Ann": 9, "Bo": 5 - 9, "Cy": -5}
    assert replay(record) == state
    assert replay({**record, "actions": record["actions"][:-1]}) == waiting


def test_the_stock_ran_out_when_nobodys_given_hand_is_empty():
    """Basic Rummy from phones: nobody went out, so the stock ran out and the lowest hand wins the others' hands
    minus its own (as the table's round with "stock ran out" ticked)."""
    state = engine("rummy").new_state(PLAYERS, {"variant": "basic"})
    for name, hand in (("Ann", ["3C"]), ("Bo", ["KD", "QD"]), ("Cy", ["9S"])):
        state = engine("rummy").apply(state, given(name, line(hand=hand)))
    assert state["rounds"][0]["stock_out"] is True and scores(state) == {"Ann": 23, "Bo": 0, "Cy": 0}


def test_a_round_that_cannot_be_true_refuses_the_last_line_and_keeps_the_others():
    """Ann then Bo give the 9 of spades: Bo's line is refused at once naming the card (as the screen shows it) and
    Ann, and Ann's stays given; Bo gives his again, then Cy's records the round. An ace laid off that could go low
    or high is refused on the last line saying the referee or the host places it. Late lines and lines made by the
    table are refused."""
    eng = engine("rummy")
    state = new()
    state = eng.apply(state, given("Ann", line([["7H", "7S", "7D"]], [], ["9S"])))
    err = assert_refused("rummy", state, given("Bo", line(hand=["9S"])), "rummy.card_held")
    assert err.params == {"name": "Bo", "card": "9♠", "other": "Ann"} and list(state["lines"]) == ["Ann"]
    assert text("en", err.key, **err.params) == "Bo: 9♠ is already in Ann's line; there is only one of each card."
    state = eng.apply(state, given("Bo", line(hand=["9C"])))
    state = eng.apply(state, given("Cy", line()))
    assert scores(state) == {"Ann": 21 - 9, "Bo": -9, "Cy": 0}
    assert_refused("rummy", state, given("Cy", line()), "rummy.line_round")
    assert_refused("rummy", state, {**given("Cy", line(), 2), "by": "table"}, "core.player_only")
    two = eng.new_state(["a", "b"], {})
    two = eng.apply(two, given("a", line([["2H", "3H", "4H"], ["JH", "QH", "KH"]])))
    err = assert_refused("rummy", two, given("b", line([], ["AH"], ["5C"])), "rummy.line_lay_off_ambiguous")
    assert err.params == {"name": "b", "card": "A♥"}
    assert "The referee or the host fills in the round" in text("en", err.key, **err.params)


def test_a_line_holding_a_card_twice_is_refused_to_its_player_when_given():
    """Ann's 7♥ both in her meld and in her hand is refused on her phone, naming her and the card as the screen
    shows it, in both languages; nothing is given, and Bo's correct line then waits as usual."""
    state = new()
    err = assert_refused("rummy", state, given("Ann", line([["7H", "8H", "9H"]], [], ["7H"])), "rummy.card_twice")
    assert err.params == {"card": "7♥", "names": ["Ann"]}
    assert text("zh-CN", err.key, **err.params) == "7♥ 被用了两次（Ann）；每张牌只有一张。"
    state = engine("rummy").apply(state, given("Bo", line(hand=["2C"])))
    assert list(state["lines"]) == ["Bo"]


def test_refusals_name_cards_as_the_screen_does():
    """A meld that is not one, a lay-off that fits nowhere and a lay-off onto a card no meld holds name the cards
    with their suit signs (7♥ 8♠ 9♥), never by code, in both languages."""
    state = new()
    err = assert_refused("rummy", state, rnd(Ann=line([["7H", "8S", "9H"]])), "rummy.meld_invalid")
    assert text("en", err.key, **err.params).startswith("Ann: 7♥ 8♠ 9♥ is not a meld")
    assert text("zh-CN", err.key, **err.params).startswith("Ann：7♥ 8♠ 9♥ 不成组合")
    err = assert_refused("rummy", state, rnd(Ann=line([["7H", "8H", "9H"]], ["KS"])), "rummy.lay_off_invalid")
    assert err.params["cards"] == "K♠"
    bad = rnd(Ann=line([["7H", "8H", "9H"]], [{"card": "10H", "onto": "2C"}]))
    err = assert_refused("rummy", state, bad, "rummy.onto_unknown")
    assert err.params == {"name": "Ann", "card": "10♥", "onto": "2♣"}


def test_the_tables_round_wins_over_given_lines_and_is_named_by_its_number():
    """The table enters round 1 itself while Ann's line waits: the table's lines count and Ann's is dropped; a
    round numbered for another round is refused; the log names a line's round and a numbered round; every player
    is offered their own line."""
    eng = engine("rummy")
    state = eng.apply(new(), given("Ann", line(hand=["KD"])))
    state = eng.apply(state, {**rnd(Ann=line([["5C", "6C", "7C"]]), Bo=line(hand=["2D"]), Cy=line(hand=["3D"])),
                              "round": 1})
    assert scores(state)["Ann"] == 18 and state["lines"] == {} and eng.rounds_entered(state) == 1
    assert_refused("rummy", state, {**rnd(), "round": 1}, "rummy.line_round")
    assert [e["by"] for e in eng.prompt(state) if e["type"] == "line"] == PLAYERS
    key, params = eng.describe(given("Ann", line(), 2))
    assert text("en", key, **params) == "Own line for round 2"
    key, params = eng.describe({**rnd(), "round": 3})
    assert text("zh-CN", key, **params) == "录入了第 3 轮"


def test_holders_says_who_each_entered_card_is_for():
    """One deck: each card entered this round is held by one player (a screen offers it to nobody else)."""
    lines = {"Ann": {"melds": [["7S", "8S", "9S"]], "laid_off": [], "hand": ["KH"]},
             "Bo": {"melds": [], "laid_off": ["10S"], "hand": []}}
    assert holders(lines) == {"7S": "Ann", "8S": "Ann", "9S": "Ann", "KH": "Ann", "10S": "Bo"}


def test_a_basic_round_breakdown_says_who_won_it():
    """The tour read "Round 2: hand 5 = 16" for the winner of a round that ended with the stock out and "Round 1:
    hand 24 = 0" for a loser: a hand of 5 read as worth 16. The winner's line says they won with that hand, a
    loser's that their hand went to the winner; ties share the win."""
    state = engine("rummy").apply(new(variant="basic"), rnd(
        True, Ann=line(hand=["2S", "3C"]), Bo=line(hand=["AC", "4S"]), Cy=line(hand=["KS", "KH", "5D"])))
    board = engine("rummy").scoreboard(state)
    said = {p.name: [text("en", l.key, **l.params) for l in p.breakdown] for p in board.players}
    tied = "Round 1: tied lowest hand (5), the other players' hands less 5 each, split between the winners"
    assert said == {"Ann": [tied], "Bo": [tied],
                    "Cy": ["Round 1: hand of 25 less the lowest hand's 5: 20 shared by the winners"]}
    assert [text("zh-CN", l.key, **l.params) for l in board.players[2].breakdown] == [
        "第 1 轮：手牌 25 分减去最低手牌 5 分，20 分由赢家平分"]


def test_a_basic_winners_line_says_it_scores_the_other_players_hands():
    """Play-test: "won with a hand of 0 = 35" did not say the 35 is the other players' hands (RULINGS: the round
    winner scores the other hands; with the stock out, the lowest hand is first taken off each)."""
    out = engine("rummy").apply(new(variant="basic"), rnd(Ann=line([["7S", "8S", "9S"]]), Bo=line(hand=["KH"]),
                                                          Cy=line(hand=["9H"])))
    first = engine("rummy").scoreboard(out).players[0].breakdown[0]
    assert (text("en", first.key, **first.params), first.points) == (
        "Round 1: went out, scoring the other players' hands", 19)
    assert text("zh-CN", first.key, **first.params) == "第 1 轮：出完了牌，得其他玩家的手牌分"
    low = engine("rummy").apply(new(variant="basic"), rnd(True, Ann=line(hand=["2S"]), Bo=line(hand=["KH"]),
                                                          Cy=line(hand=["9H"])))
    first = engine("rummy").scoreboard(low).players[0].breakdown[0]
    assert (text("en", first.key, **first.params), first.points) == (
        "Round 1: lowest hand (2), scoring the other players' hands less 2 each", 15)


def test_a_stock_out_breakdown_adds_up_to_the_winners_points():
    """Play-test (basic Rummy, phone, Chinese): hands 2, 11 and 10 with the stock out scored the winner 17, while
    the losers' lines read "手牌 11 分归赢家" and "手牌 10 分归赢家" (21). Each loser's line now says what went to
    the winner after the lowest hand was taken off, and those add up to the winner's points; a round someone went
    out of keeps the plain line."""
    state = engine("rummy").apply(new(variant="basic"), rnd(
        True, Ann=line(hand=["2S"]), Bo=line(hand=["5H", "6C"]), Cy=line(hand=["KC"])))
    state = engine("rummy").apply(state, rnd(Ann=line([["7S", "8S", "9S"]]), Bo=line(hand=["KH"]),
                                             Cy=line(hand=["9H"])))
    board = engine("rummy").scoreboard(state)
    said = {p.name: [text("zh-CN", l.key, **l.params) for l in p.breakdown] for p in board.players}
    assert said["Bo"] == ["第 1 轮：手牌 11 分减去最低手牌 2 分，9 分归赢家", "第 2 轮：手牌 10 分归赢家"]
    assert said["Cy"][0] == "第 1 轮：手牌 10 分减去最低手牌 2 分，8 分归赢家"
    losers = [l.params["given"] for p in board.players for l in p.breakdown[:1] if "given" in l.params]
    assert sum(losers) == board.players[0].breakdown[0].points == 17


def test_a_round_nobody_went_out_of_names_the_switch_that_says_the_stock_ran_out():
    """Play-test (basic Rummy, phone, Chinese): a round with a hand left for everyone was refused "除非牌堆已经抽完",
    while the switch under the cards reads "牌堆摸完了" (and another message said "牌堆用完"): the table had to guess
    that switch was the way on. The refusal names the switch by its label, in both languages, and the Chinese
    messages say the stock ran out in the switch's words only."""
    with pytest.raises(RuleError) as err:
        engine("rummy").apply(new(variant="basic"), rnd(Ann=line(hand=["2S"]), Bo=line(hand=["5H"]),
                                                       Cy=line(hand=["KC"])))
    for lang in ("en", "zh-CN"):
        assert f"“{text(lang, 'rummy.view.stock_out')}”" in text(lang, err.value.key, **err.value.params)
    said = [text("zh-CN", k) for k in ("rummy.stock_out_invalid", "rummy.view.own_or_referee", "rummy.nobody_out")]
    assert all("牌堆摸完了" in s and "抽完" not in s and "用完" not in s for s in said), said


def test_a_losers_line_says_where_their_hand_went_when_the_winners_tie_or_someone_went_out():
    """The reviewer: with hands 3, 3 and 10 and the stock out, Cy's line read "…: 7 to the winner" while Ann and Bo
    took 3 each (7 shared, rounded down); it says the winners share it. With the switch on but Ann out (hand 0),
    nothing is taken off ("less the lowest hand's 0" read oddly)."""
    def said(stock_out: bool, **hands: list) -> dict:
        lines = {name: line(hand=cards) for name, cards in hands.items()}
        state = engine("rummy").apply(new(variant="basic"), rnd(stock_out, **lines))
        board = engine("rummy").scoreboard(state)
        return {p.name: (text("en", p.breakdown[0].key, **p.breakdown[0].params), p.total) for p in board.players}

    tied = said(True, Ann=["3S"], Bo=["3C"], Cy=["KS"])
    assert tied["Cy"] == ("Round 1: hand of 10 less the lowest hand's 3: 7 shared by the winners", 0)
    assert tied["Ann"][1] == tied["Bo"][1] == 3
    assert said(True, Ann=[], Bo=["3C"], Cy=["KS"])["Cy"][0] == "Round 1: hand of 10 to the winner"


RUMMY_HAND = [["2H", "3H", "4H", "5H"], ["7S", "7D", "7C"]]


def went_rummy(**lines):
    """A basic round Ann goes out of with her whole hand in one go (Bo holds K♠ 5♦ 9♣ = 24, Cy A♥ Q♦ = 11)."""
    ann = {**line(RUMMY_HAND), "in_one_go": True}
    return rnd(**{"Ann": ann, "Bo": line(hand=["KS", "5D", "9C"]), "Cy": line(hand=["AH", "QD"]), **lines})


def test_going_rummy_scores_the_winner_double_when_the_table_plays_it():
    """Worked example [ruling, Hoyle's going rummy]: Ann melds 2-3-4-5♥ and three 7s in one turn, never having
    melded before; Bo is left 24, Cy 11. Without the option Ann scores the 35 as any winner; with it, her line says
    she went out in one go and she scores 70, her breakdown says why. Replay equals live and undo restores."""
    eng = engine("rummy")
    plain = eng.apply(new(variant="basic"), went_rummy(Ann=line(RUMMY_HAND)))
    assert scores(plain) == {"Ann": 35, "Bo": 0, "Cy": 0}
    record = new_record("rummy", PLAYERS, {"variant": "basic", "going_rummy": True})
    start = replay(record)
    record, state = play(record, start, went_rummy())
    assert scores(state) == {"Ann": 70, "Bo": 0, "Cy": 0} and state["totals"]["Ann"] == 70
    ann = eng.scoreboard(state).players[0].breakdown[0]
    assert text("en", ann.key, **ann.params) == (
        "Round 1: went rummy (the whole hand in one go), scoring the other players' hands twice over")
    assert text("zh-CN", ann.key, **ann.params) == "第 1 轮：一次出完全部手牌，得其他玩家手牌分的两倍"
    assert replay(record) == state
    assert replay({**record, "actions": []}) == start


def test_going_rummy_applies_to_basic_rummy_without_penalties_only():
    """The new-session form offers the option with basic Rummy only (not with penalty scoring, where the winner
    scores nothing to double); setting it up otherwise is refused naming the rule."""
    rummy = engine("rummy")
    assert [rummy.option_applies("going_rummy", {"variant": v}) for v in ("500", "basic")] == [False, True]
    assert not rummy.option_applies("going_rummy", {"variant": "basic", "penalty_scoring": True})
    for options in ({"going_rummy": True}, {"variant": "basic", "penalty_scoring": True, "going_rummy": True}):
        with pytest.raises(RuleError) as err:
            new(**options)
        assert err.value.key == "rummy.going_rummy_needs_basic"


@pytest.mark.parametrize("options, action, key", [
    ({"variant": "basic"}, went_rummy(), "rummy.in_one_go_off"),
    ({"variant": "basic", "going_rummy": True}, went_rummy(Bo={**line(hand=["KS"]), "in_one_go": True}),
     "rummy.in_one_go_not_out"),
    ({"variant": "basic", "going_rummy": True, "one_meld_per_turn": True}, went_rummy(),
     "rummy.in_one_go_one_meld"),
    ({"variant": "basic", "going_rummy": True}, went_rummy(Ann={**line(RUMMY_HAND), "in_one_go": "yes"}),
     "rummy.line_invalid"),
])
def test_going_rummy_is_refused_where_it_cannot_be_true(options, action, key):
    """Said without the option, for a player still holding cards, or (one meld per turn) over two melds: refused
    naming the rule, nothing changed; the same line with one meld and a lay-off is accepted."""
    assert_refused("rummy", new(**options), action, key)
    err = engine("rummy").check(new(**options), action)
    assert err.key == key and text("zh-CN", err.key, **err.params) != err.key


def test_a_players_own_line_may_say_they_went_rummy():
    """On their phones: Ann's own line says she went out in one go (one meld and a lay-off, one meld per turn);
    the last line records the round with her points doubled, as the table's round would."""
    eng = engine("rummy")
    options = {"variant": "basic", "going_rummy": True, "one_meld_per_turn": True}
    state = new(**options)
    own = {"Ann": {**line([["2H", "3H", "4H"]], ["5H"]), "in_one_go": True}, "Bo": line(hand=["KS", "5D", "9C"]),
           "Cy": line(hand=["AH", "QD"])}
    assert eng.in_one_go_applies(state, own["Ann"]) and not eng.in_one_go_applies(state, own["Bo"])
    assert not eng.in_one_go_applies(new(variant="basic"), own["Ann"])
    for name, given_line in own.items():
        state = eng.apply(state, {"type": "line", "by": name, "round": 1, "line": given_line})
    assert scores(state) == {"Ann": 70, "Bo": 0, "Cy": 0}
    assert state == eng.apply(new(**options), rnd(**own))


@st.composite
def one_go_rounds(draw):
    """A basic round from cards of each player's own suit: one player goes out with a meld or two (saying, or not,
    that it was in one go), the others keep a hand and may say so too (refused); sometimes the stock ran out."""
    winner = draw(st.sampled_from(PLAYERS))
    lines = {}
    for name, suit in zip(PLAYERS, "SHD"):
        if name == winner:
            melds = draw(st.sampled_from([[["2", "3", "4"]], [["2", "3", "4"], ["6", "7", "8"]]]))
            lines[name] = line([[r + suit for r in m] for m in melds])
        else:
            ranks = draw(st.lists(st.sampled_from(["9", "10", "J", "Q", "K"]), min_size=1, max_size=3, unique=True))
            lines[name] = line(hand=[r + suit for r in ranks])
        said = st.booleans() if name == winner else st.sampled_from([False] * 5 + [True])
        lines[name]["in_one_go"] = draw(said)
    return {"type": "round", "by": "table", "stock_out": draw(st.booleans()), "lines": lines}


@settings(max_examples=60, deadline=None)
@hypothesis.given(st.lists(one_go_rounds(), max_size=5), st.booleans())  # `given` is also a helper here
def test_rounds_said_in_one_go_replay_equal_live_and_undo_to_the_start(actions, one_meld):
    """Basic Rummy with going rummy: rounds whose winner may say they went out in one go (doubled; with one meld
    per turn, refused over two melds), a loser saying so refused: replay equals live play, and undoing every round
    gives the exact start back."""
    record = new_record("rummy", PLAYERS, {"variant": "basic", "going_rummy": True, "one_meld_per_turn": one_meld},
                        seed=1)
    start = replay(record)
    record, state = play_all(record, start, actions)
    assert replay(record) == state
    while record["actions"]:
        record, state = undo(record)
    assert state == start
