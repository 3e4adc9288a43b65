"""Flip 7: line checks, official scoring examples, Flip 7, deck limits, the end at 200, the coach, replay."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core import RuleError, engine
from scoring.i18n import text
from scoring.games.flip7 import bust_chances, check_line, score_line, seen_since_shuffle
from scoring.record import new_record, play, replay
from tests.helpers import assert_refused, assert_same_keys, assert_translated, cli_score, play_all
from views import words

PLAYERS = ["Ann", "Bo", "Cy"]
ENG = engine("flip7")


def line(numbers, status="stayed", modifiers=(), chance=0):
    """A Flip 7 line."""
    return {"numbers": list(numbers), "modifiers": list(modifiers), "second_chance": chance, "status": status}


def rnd(**lines):
    """A round action with the given lines; players not named stayed with nothing."""
    full = {p: lines.get(p, line([])) for p in PLAYERS}
    return {"type": "round", "by": "table", "lines": full}


def points(numbers, status="stayed", modifiers=(), chance=0):
    """The score of one line."""
    return score_line(check_line("Ann", line(numbers, status, modifiers, chance)))["points"]


def test_official_examples():
    """RULINGS §7: 32, 36, 72, 46, 64, and a bust is 0."""
    assert points([11, 5, 12], modifiers=["+4"]) == 32
    assert points([3, 11, 5, 7, 10]) == 36
    assert points([3, 11, 5, 7, 10], modifiers=["x2"]) == 72
    assert points([3, 11, 5, 7, 10], modifiers=["+10"]) == 46
    assert points([3, 11, 5, 7, 10, 9, 4]) == 64
    assert points([3, 11, 5, 11], "busted", ["+10", "x2"]) == 0


def test_times_two_doubles_numbers_only_and_nothing_without_numbers():
    """×2 doubles the number sum, not the + modifiers or the Flip 7 bonus; ×2 alone is 0."""
    assert points([5], modifiers=["x2", "+4"]) == 14
    assert points([], modifiers=["x2"]) == 0
    assert points([0, 1, 2, 3, 4, 5, 6], modifiers=["x2"]) == 21 * 2 + 15


def test_second_chance_saves_a_repeat_and_counts_it_once():
    """A repeat covered by a used Second Chance is kept once."""
    assert points([7, 7, 3], chance=True) == 10
    assert points([7, 7, 3, 3], chance=2) == 10


@pytest.mark.parametrize("lang, said", [
    ("en", "阿强 has 5 more than once without a Second Chance to cover it: mark the line “Busted”, or add the "
           "Second Chance used."),
    ("zh-CN", "阿强的 5 出现了不止一次，又没有“第二次机会”可以抵掉：请把这一行标为“爆牌”，或补上用掉的“第二次机会”。")])
def test_a_repeat_on_a_line_not_yet_busted_says_what_to_do(lang, said):
    """Play-tested (简体中文): "阿强的 5 出现了不止一次，却没有“第二次机会”可以抵掉" said why but not what to do, and the
    same words refused a line already marked bust. A line not marked bust that a bust would fix says so."""
    with pytest.raises(RuleError) as err:
        check_line("阿强", line([5, 5]))
    assert text(lang, err.value.key, **err.value.params) == said
    with pytest.raises(RuleError) as err:
        check_line("阿强", line([5, 5, 6, 6], "busted"))
    assert err.value.key == "flip7.repeat_without_chance"


def test_seven_numbers_is_detected_as_flip7():
    """Seven different numbers is a Flip 7 even if entered as stayed."""
    assert check_line("Ann", line([1, 2, 3, 4, 5, 6, 0]))["status"] == "flip7"


@pytest.mark.parametrize("bad,key", [
    (line([12, 12, 12], chance=True), "flip7.repeat_not_busted"),
    (line([12, 12, 12, 1, 2, 3, 4, 5, 6], "flip7", chance=1), "flip7.repeat_without_chance"),
    (line([5, 5]), "flip7.repeat_not_busted"),
    (line([5, 5, 5]), "flip7.repeat_without_chance"),
    (line([5, 6], "busted"), "flip7.bust_without_repeat"),
    (line([5, 5, 6, 6], "busted"), "flip7.repeat_without_chance"),
    (line([5, 6], chance=1), "flip7.chance_without_repeat"),
    (line([5, 5, 6], "busted", chance=1), "flip7.chance_without_repeat"),
    (line([1, 2, 3, 4, 5, 6, 7, 7], "busted"), "flip7.bust_after_flip7"),
    (line([1, 2, 3, 4, 5, 6, 7, 8]), "flip7.more_than_seven"),
    (line([1, 2, 3], "flip7"), "flip7.not_seven"),
    (line([13]), "flip7.number_invalid"),
    (line([True]), "flip7.number_invalid"),
    (line([3], modifiers=["+3"]), "flip7.modifier_invalid"),
    (line([3], "resting"), "flip7.status_invalid"),
    (line([3], chance=4), "flip7.second_chance_invalid"),
    (line([5], modifiers=["+10", "+10"]), "flip7.line_too_many"),
    (line([1, 1], chance=1), "flip7.line_too_many"),
    ("seven", "flip7.line_invalid"),
])
def test_impossible_lines_refused(bad, key):
    """Each impossible line refuses the whole round, naming the player."""
    state = engine("flip7").new_state(PLAYERS)
    err = assert_refused("flip7", state, rnd(Bo=bad), key)
    assert err.params["name"] == "Bo"


def test_deck_copies_across_lines():
    """One 0, one of each modifier, twelve 12s, three Second Chances per round across all lines: the line that
    takes a card past the deck's count, in seat order, is refused naming the players before it holding that card,
    and the card by its name in each language."""
    state = engine("flip7").new_state(PLAYERS)
    assert_refused("flip7", state, rnd(Ann=line([0]), Bo=line([0])), "flip7.too_many_copies_with")
    err = assert_refused("flip7", state, rnd(Ann=line([1], modifiers=["x2"]), Bo=line([2], modifiers=["x2"])),
                         "flip7.too_many_copies_with")
    assert err.params == {"name": "Bo", "others": ["Ann"], "card": "flip7.card.x2", "count": 2, "limit": 1}
    assert text("en", err.key, **err.params) == "Bo: with Ann's line, that is 2 × “×2”, more than the deck holds (1)."
    err = assert_refused("flip7", state, rnd(Ann=line([12, 12, 11, 11], chance=2), Bo=line([10, 10, 9, 9], chance=2)),
                         "flip7.too_many_copies_with")
    assert "“Second Chance”" in text("en", err.key, **err.params)
    assert "“第二次机会”" in text("zh-CN", err.key, **err.params)
    many = [f"P{i}" for i in range(13)]
    big = engine("flip7").new_state(many)
    action = {"type": "round", "by": "table", "lines": {p: line([12]) for p in many}}
    err = assert_refused("flip7", big, action, "flip7.too_many_copies_with")
    assert err.params == {"name": "P12", "others": many[:12], "card": "12", "count": 13, "limit": 12}
    action["lines"]["P12"] = line([11])
    assert engine("flip7").apply(big, action)["rounds"][0]["scores"]["P0"] == 12


def test_one_flip7_per_round():
    """A second Flip 7 in the same round cannot happen."""
    state = engine("flip7").new_state(PLAYERS)
    assert_refused("flip7", state, rnd(Ann=line([0, 1, 2, 3, 4, 5, 6]), Bo=line([6, 7, 8, 9, 10, 11, 12])),
                   "flip7.two_flip7")


def test_round_refusals():
    """Missing lines, strangers and a player entering for the table are refused."""
    state = engine("flip7").new_state(PLAYERS)
    assert_refused("flip7", state, {"type": "round", "by": "table", "lines": {"Ann": line([1])}}, "flip7.line_missing")
    assert_refused("flip7", state, {"type": "round", "by": "table"}, "flip7.lines_missing")
    assert_refused("flip7", state, {**rnd(), "by": "Ann"}, "core.table_only")
    action = rnd()
    action["lines"]["Zed"] = line([])
    assert_refused("flip7", state, action, "core.player_unknown")


def play_rounds(state, rounds):
    """Apply round actions in turn."""
    eng = engine("flip7")
    for action in rounds:
        state = eng.apply(state, action)
    return state


BIG = line([12, 11, 10, 9], modifiers=["x2", "+10"])  # (42)*2 + 10 = 94


def test_game_ends_after_a_round_at_200_highest_wins():
    """Over after the round where someone reaches 200; the highest total wins; later rounds refused."""
    state = play_rounds(engine("flip7").new_state(PLAYERS), [rnd(Ann=BIG, Bo=line([5]))] * 2)
    assert not state["over"] and engine("flip7").totals(state)["Ann"] == 188
    state = play_rounds(state, [rnd(Ann=line([12]), Bo=line([1]))])
    board = engine("flip7").scoreboard(state)
    assert state["over"] and board.winners == ("Ann",) and board.total("Ann") == 200
    assert board.to_json()["rounds"][-1] == {"Ann": 200, "Bo": 11, "Cy": 0}
    assert engine("flip7").status(state) == {"round": 3, "rounds": None, "phase": "flip7.phase.over", "said": {},
                                             "turn": None, "over": True}
    assert board.ended == {"key": "core.ended.target", "names": ["Ann"], "target": 200}  # why it ended
    assert_refused("flip7", state, rnd(), "core.game_over")


def test_tie_plays_on_by_default_or_shares():
    """A tie at the top with 200+ plays another round (default) or shares the win (option); while it is played
    off the header says who is tied, at what total (it read "Tied at the top" without naming them)."""
    tied = [rnd(Ann=BIG, Bo=line([5])), rnd(Ann=line([5]), Bo=BIG)] * 2 + [rnd(Ann=line([2]), Bo=line([2]))]
    state = play_rounds(engine("flip7").new_state(PLAYERS), tied)
    status = engine("flip7").status(state)
    assert not state["over"] and status["phase"] == "flip7.phase.tie"
    assert status["said"] == {"who": ["Ann", "Bo"], "points": state["totals"]["Ann"]} and state["totals"]["Cy"] == 0
    assert words.say("en", status["phase"], **status["said"]) == \
        f"Ann and Bo tied at the top with {status['said']['points']} points: play another round"
    assert words.say("zh-CN", status["phase"], **status["said"]) == \
        f"Ann 和 Bo 以 {status['said']['points']} 分并列最高：再打一轮"
    state = play_rounds(state, [rnd(Ann=line([1]), Bo=line([2, 2], "busted"))])
    assert state["over"] and engine("flip7").scoreboard(state).winners == ("Ann",)
    shared = play_rounds(engine("flip7").new_state(PLAYERS, {"on_tie": "share"}), tied)
    assert shared["over"] and engine("flip7").scoreboard(shared).winners == ("Ann", "Bo")


def test_the_table_finishes_before_200():
    """A first evening stops after two rounds: the table's `finish` ends the game, the highest total wins, a tie at
    the top shares it (nobody plays it off), lines given for the next round are dropped; refused before a round."""
    finish = {"type": "finish", "by": "table"}
    fresh = engine("flip7").new_state(PLAYERS)
    assert engine("flip7").offer(fresh, "finish", "table") == []
    assert_refused("flip7", fresh, finish, "flip7.no_rounds")
    state = play_rounds(fresh, [rnd(Ann=line([5, 9, 12]), Bo=line([3, 3], "busted")),
                                rnd(Ann=line([1, 2]), Bo=line([10, 11], modifiers=["x2"]))])
    assert engine("flip7").offer(state, "finish", "table") == [{}]
    state = engine("flip7").apply(state, {"type": "line", "by": "Cy", "round": 3, "line": line([4])})
    state = engine("flip7").apply(state, finish)
    board = engine("flip7").scoreboard(state)
    assert state["over"] and state["lines"] == {} and board.winners == ("Bo",)
    assert (board.total("Ann"), board.total("Bo"), board.total("Cy")) == (29, 42, 0)
    assert board.ended == {"key": "core.ended.finish"}
    key, params = engine("flip7").describe(finish)
    assert_translated(key, params)  # its undo button and log row read "flip7.action.finish" without it
    assert_refused("flip7", state, finish, "core.game_over")
    tied = play_rounds(fresh, [rnd(Ann=line([12]), Bo=line([12]))])
    assert engine("flip7").scoreboard(engine("flip7").apply(tied, finish)).winners == ("Ann", "Bo")


def test_a_finished_game_says_game_over_in_its_header():
    """First-use play-test (shot 13-zh-flip7-end-asked): a game the table finished after round 1 went on reading
    "第 1 轮 · 逐轮录入" (round 1, entering rounds) over "获胜者：Ana"; a game ended at 200 read "游戏结束". Both say
    the game is over now."""
    eng = engine("flip7")
    state = play_rounds(eng.new_state(PLAYERS), [rnd(Ann=line([5]))])
    status = eng.status(eng.apply(state, {"type": "finish", "by": "table"}))
    assert status["over"] and status["phase"] == "flip7.phase.over"


def test_breakdown_lines_per_round():
    """The breakdown has one line per round with the status and parts."""
    state = play_rounds(engine("flip7").new_state(PLAYERS), [rnd(Ann=line([11, 5, 12], modifiers=["+4"]))])
    entry = engine("flip7").scoreboard(state).to_json()["players"][0]["breakdown"][0]
    assert entry == {"key": "flip7.line.stayed", "points": 32,
                     "params": {"round": 1, "numbers": 28, "bonus": 4, "doubled": False}}
    assert_translated(entry["key"], entry["params"])


def test_bust_chances_hand_worked():
    """Worked by hand: Ann holds 12 and 11, Bo holds a Second Chance, a 12 and a Freeze were discarded."""
    lines = {"Ann": {"numbers": [12, 11], "status": "active"},
             "Bo": {"numbers": [3], "second_chance": True, "status": "active"},
             "Cy": {"numbers": [5], "status": "stayed"}}
    chances = bust_chances(["12", "freeze"], lines)
    # Deck 94; out: seen 12 + freeze, table 12, 11, 3, 5, one Second Chance → 87 left.
    # Ann busts on a 12 (12 − 2 = 10 left) or an 11 (11 − 1 = 10 left): 20/87.
    assert chances == {"Ann": pytest.approx(20 / 87), "Bo": 0.0}


def test_bust_chances_reshuffle_and_refusals():
    """An empty deck reshuffles the discards; impossible seen cards are refused."""
    everything = [c for c, n in {**{str(i): max(i, 1) for i in range(13)}}.items() for _ in range(n)]
    everything += ["+2", "+4", "+6", "+8", "+10", "x2"] + ["freeze", "flip3", "second_chance"] * 3
    lines = {"Ann": {"numbers": [12], "status": "active"}}
    everything.remove("12")
    assert bust_chances(everything, lines) == {"Ann": pytest.approx(11 / 93)}
    with pytest.raises(RuleError) as err:
        bust_chances(["0", "0"], {})
    assert err.value.key == "flip7.too_many_copies"
    with pytest.raises(RuleError) as err:
        bust_chances(["joker"], {})
    assert err.value.key == "flip7.card_unknown"
    assert_translated("flip7.card_unknown", err.value.params)


def test_shuffle_is_a_table_action_the_coach_counts_from():
    """A fresh deck at the start; a shuffle before round 3 leaves only rounds 3… in the cards seen."""
    eng = engine("flip7")
    state = eng.new_state(PLAYERS)
    assert state["shuffled_at"] == 0 and seen_since_shuffle(state) == []
    state = play_rounds(state, [rnd(Ann=line([12, 3], modifiers=["+4"])), rnd(Bo=line([5, 5], chance=1))])
    assert seen_since_shuffle(state) == ["+4", "12", "3", "5", "5", "second_chance"]
    state = eng.apply(state, {"type": "shuffle", "by": "table"})
    assert state["shuffled_at"] == 2 and seen_since_shuffle(state) == []
    assert eng.scoreboard(state).to_json() == eng.scoreboard(play_rounds(eng.new_state(PLAYERS), [
        rnd(Ann=line([12, 3], modifiers=["+4"])), rnd(Bo=line([5, 5], chance=1))])).to_json()
    state = eng.apply(state, rnd(Cy=line([7, 7], "busted")))
    assert seen_since_shuffle(state) == ["7", "7"]
    assert_translated("flip7.action.shuffle", {})


def test_shuffle_refusals():
    """A player cannot record a shuffle alone; a second shuffle before the next round records nothing new."""
    state = engine("flip7").new_state(PLAYERS)
    err = assert_refused("flip7", state, {"type": "shuffle", "by": "table"}, "flip7.shuffled_already")
    assert err.params == {"round": 1}
    state = play_rounds(state, [rnd(Ann=line([4]))])
    assert_refused("flip7", state, {"type": "shuffle", "by": "Ann"}, "core.table_only")
    state = engine("flip7").apply(state, {"type": "shuffle", "by": "table"})
    assert_refused("flip7", state, {"type": "shuffle", "by": "table"}, "flip7.shuffled_already")


def test_cli_scores_an_exported_record(tmp_path, capsys):
    """`python -m scoring score` on an exported record prints the same totals."""
    record = new_record("flip7", PLAYERS, seed=3)
    state = replay(record)
    for action in [rnd(Ann=BIG, Bo=line([5])), rnd(Ann=line([3, 3], "busted"), Cy=line([7], modifiers=["+8"]))]:
        record, state = play(record, state, action)
    printed = cli_score(tmp_path / "flip7.json", record, capsys)
    board = engine("flip7").scoreboard(state)
    assert {p["name"]: p["total"] for p in printed["players"]} == {"Ann": 94, "Bo": 5, "Cy": 15}
    assert printed == board.to_json()


NUMBER = st.integers(min_value=0, max_value=12)
LINE = st.fixed_dictionaries({
    "numbers": st.one_of(st.lists(NUMBER, max_size=9), st.lists(NUMBER, max_size=7, unique=True)),
    "modifiers": st.lists(st.sampled_from(["+2", "+4", "+6", "+8", "+10", "x2", "+3"]), max_size=2),
    "second_chance": st.sampled_from([0, 0, 0, 1, 2]),
    "status": st.sampled_from(["stayed", "stayed", "frozen", "busted", "flip7"]),
})
KEPT = st.fixed_dictionaries({"numbers": st.lists(st.integers(1, 12), max_size=7, unique=True),
                              "status": st.sampled_from(["stayed", "frozen"])})
ACTION = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(["round", "round", "noise"]),
                           "by": st.sampled_from(["table", "table", "Ann"]),
                           "lines": st.fixed_dictionaries({p: LINE for p in PLAYERS})}),
    st.fixed_dictionaries({"type": st.just("round"), "lines": st.fixed_dictionaries({p: KEPT for p in PLAYERS})}),
    st.fixed_dictionaries({"type": st.just("shuffle"), "by": st.sampled_from(["table", "table", "Bo"])}),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(ACTION, max_size=12))
def test_random_sequences_raise_only_rule_errors_and_replay_equals_live(actions):
    """Any action sequence: accepted ones replay to the live state; refusals are RuleError only."""
    eng = engine("flip7")
    record = new_record("flip7", PLAYERS, seed=1)
    state = replay(record)
    record, state = play_all(record, state, actions)
    assert replay(record) == state
    assert 0 <= state["shuffled_at"] <= len(state["rounds"])
    assert len(seen_since_shuffle(state)) <= len(seen_since_shuffle({**state, "shuffled_at": 0}))
    board = eng.scoreboard(state).to_json()
    assert all(p["total"] == sum(l["points"] for l in p["breakdown"]) for p in board["players"])


def test_translation_files_have_the_same_keys():
    """Both languages define exactly the same keys."""
    assert_same_keys("flip7.json")


def test_after_a_flip7_the_others_stay_without_a_status():
    """Issue 12 / rulebook: a Flip 7 ends the round for everyone; Bo and Cy, given no status, stayed with
    what they had: Bo 3+5 = 8, Cy 4, Ann 0+1+…+6 = 21 + 15 bonus = 36."""
    state = engine("flip7").new_state(["Ann", "Bo", "Cy"])
    lines = {"Ann": {"numbers": [0, 1, 2, 3, 4, 5, 6], "status": "flip7"},
             "Bo": {"numbers": [3, 5]}, "Cy": {"numbers": [4]}}
    state = engine("flip7").apply(state, {"type": "round", "lines": lines})
    assert state["rounds"][0]["scores"] == {"Ann": 36, "Bo": 8, "Cy": 4}
    assert state["rounds"][0]["lines"]["Bo"]["status"] == "stayed"
    said = {player.name: [text("en", line.key, **line.params) for line in player.breakdown]
            for player in engine("flip7").scoreboard(state).players}
    assert said["Bo"] == ["Round 1: scored when a Flip 7 ended the round (8)"]
    assert said["Ann"] == ["Round 1: Flip 7! (21, +15)"]


def test_a_flip7_line_given_any_status_or_none_lets_the_others_stay_without_one():
    """Session 46's audit: "seven different numbers is a Flip 7 whatever status was given", but the others' lines
    without a status were filled in only when the Flip 7 line said "flip7"; said "stayed", "frozen" or nothing,
    Bo's line was refused. Each now scores as the rulebook's round: Ann 36, Bo 8, Cy 4."""
    for said in ("flip7", "stayed", "frozen", None):
        ann = {"numbers": [0, 1, 2, 3, 4, 5, 6], **({"status": said} if said else {})}
        lines = {"Ann": ann, "Bo": {"numbers": [3, 5]}, "Cy": {"numbers": [4]}}
        state = ENG.apply(ENG.new_state(PLAYERS), {"type": "round", "lines": lines})
        assert state["rounds"][0]["scores"] == {"Ann": 36, "Bo": 8, "Cy": 4}
        assert state["rounds"][0]["lines"]["Ann"]["status"] == "flip7"
    assert_refused(ENG, ENG.new_state(PLAYERS), {"type": "round", "lines": {
        "Ann": {"numbers": [0, 1, 2, 3, 4, 5]}, "Bo": {"numbers": [3, 5]}, "Cy": {"numbers": [4]}}},
        "flip7.status_invalid")


def test_a_doubled_line_says_x2_and_a_plain_one_says_nothing_of_it():
    """The breakdown names ×2 only where the player kept it ("×2 no" read clumsily), and a modifier's points only
    where the line has one ("frozen (3, +0)" read as a modifier worth nothing), in both languages."""
    state = play_rounds(engine("flip7").new_state(PLAYERS), [rnd(Ann=line([11, 5], modifiers=["x2", "+4"]),
                                                                 Bo=line([3], "frozen"))])
    first = {player.name: player.breakdown[0] for player in engine("flip7").scoreboard(state).players}
    ann, bo = first["Ann"], first["Bo"]
    assert text("en", ann.key, **ann.params) == "Round 1: stayed (16\u00a0×2, +4)" and ann.points == 36
    assert text("zh-CN", ann.key, **ann.params) == "第 1 轮：停牌（数字 16\u00a0×2，+4）"
    assert text("en", bo.key, **bo.params) == "Round 1: frozen (3)"
    assert text("zh-CN", bo.key, **bo.params) == "第 1 轮：被冻结（数字 3）"


def test_the_coach_gives_no_chance_to_a_player_already_busted():
    """A player holding a repeated number without a Second Chance has busted: no bust chance is shown."""
    chances = bust_chances([], {"Ann": {"numbers": [5, 5], "status": "active"},
                                "Bo": {"numbers": [5], "status": "active"}})
    assert "Ann" not in chances and chances["Bo"] > 0


def test_a_line_with_an_unknown_field_or_a_dict_modifier_is_refused():
    """A typo in a line is refused, naming the field; a modifier that is not a card is refused, not a crash."""
    state = engine("flip7").new_state(["Ann", "Bo", "Cy"])
    lines = {"Ann": {"numbers": [1], "status": "stayed", "numbres": [2]},
             "Bo": {"numbers": [], "status": "stayed"}, "Cy": {"numbers": [], "status": "stayed"}}
    assert_refused("flip7", state, {"type": "round", "lines": lines}, "core.field_unknown")
    lines["Ann"] = {"numbers": [1], "status": "stayed", "modifiers": [{"x": 1}]}
    assert_refused("flip7", state, {"type": "round", "lines": lines}, "flip7.modifier_invalid")


def test_an_earlier_round_is_corrected():
    """Round 1 written as Ann 5 is corrected to Ann 7: her total follows, the log keeps both."""
    eng = engine("flip7")
    state = eng.new_state(["Ann", "Bo", "Cy"])
    empty = {"numbers": [], "status": "stayed"}
    state = eng.apply(state, {"type": "round", "lines": {"Ann": {"numbers": [5], "status": "stayed"},
                                                         "Bo": empty, "Cy": empty}})
    state = eng.apply(state, {"type": "correct", "round": 1,
                              "lines": {"Ann": {"numbers": [7], "status": "stayed"}, "Bo": empty, "Cy": empty}})
    assert eng.totals(state) == {"Ann": 7, "Bo": 0, "Cy": 0}
    assert_refused("flip7", state, {"type": "correct", "round": 2, "lines": {}}, "flip7.round_unknown")


def test_a_corrections_log_row_says_what_it_changed():
    """The log read only "Round 1 corrected": a dispute over a correction could not be read from it. It says each
    changed player's points before → after now, or that no points changed (a card fixed, the same score)."""
    eng = engine("flip7")
    state = eng.apply(eng.new_state(PLAYERS), rnd(Ann=line([5]), Bo=line([3])))
    fix = {"type": "correct", "round": 1, "lines": rnd(Ann=line([7]), Bo=line([3]))["lines"]}
    state = eng.apply(eng.apply(state, fix), fix)
    key, params = eng.logged(state, fix, 1)
    assert (key, params["round"], params["changes"]) == ("core.action.corrected", 1, {"Ann": "5 ⭢ 7"})
    assert eng.logged(state, fix, 2)[0] == "core.action.corrected_same"
    assert words.say("en", key, **params) == "Round 1 corrected: Ann 5 ⭢ 7"
    assert words.say("zh-CN", key, **params) == "更正第 1 轮：Ann 5 ⭢ 7"
    assert eng.logged(eng.new_state(PLAYERS), fix, 1) == eng.describe(fix)  # nothing kept: as before


def given_line(by, numbers, status="stayed", modifiers=(), chance=0, number=1):
    """A player's own line for a round, given on their phone."""
    return {"type": "line", "by": by, "round": number, "line": line(numbers, status, modifiers, chance)}


def test_each_players_own_line_records_the_round_when_the_last_is_given():
    """Ann, Cy then Bo give their own lines: each is checked alone when given (Ann's 5 twice without a Second Chance
    is refused at once), the round waits for the last one, then it is recorded and scored as the table's round
    would be; replay gives the same state, and undoing Bo's line puts the round back to waiting."""
    record = new_record("flip7", PLAYERS)
    state = replay(record)
    assert_refused("flip7", state, given_line("Ann", [5, 5]), "flip7.repeat_not_busted")
    record, state = play(record, state, given_line("Ann", [11, 5, 12], modifiers=["+4"]))
    record, state = play(record, state, given_line("Cy", [3, 11, 5, 11], "busted"))
    assert state["rounds"] == [] and sorted(state["lines"]) == ["Ann", "Cy"]
    waiting = state
    record, state = play(record, state, given_line("Bo", [3, 11, 5, 7, 10], modifiers=["x2"]))
    assert state["rounds"][0]["scores"] == {"Ann": 32, "Bo": 72, "Cy": 0} and state["lines"] == {}
    assert ENG.totals(state) == {"Ann": 32, "Bo": 72, "Cy": 0}
    assert replay(record) == state
    assert replay({**record, "actions": record["actions"][:-1]}) == waiting


def test_a_round_that_cannot_be_true_refuses_the_last_line_until_one_is_given_again():
    """Ann and Bo both give seven different numbers (two Flip 7s): Cy's line, the last, is refused with that rule
    and the given lines stay; Bo gives his again as six numbers, then Cy's line records the round. A line for a
    round already recorded is refused naming the round being entered."""
    state = replay(new_record("flip7", PLAYERS))
    seven = [6, 7, 8, 9, 10, 11, 12]
    for action in (given_line("Ann", seven), given_line("Bo", seven)):
        state = ENG.apply(state, action)
    err = assert_refused("flip7", state, given_line("Cy", [9]), "flip7.two_flip7")
    assert err.params["names"] == ["Ann", "Bo"]
    state = ENG.apply(state, given_line("Bo", seven[:6]))
    state = ENG.apply(state, given_line("Cy", [9]))
    assert state["rounds"][0]["scores"] == {"Ann": 78, "Bo": 51, "Cy": 9}
    assert_refused("flip7", state, given_line("Cy", [9]), "flip7.line_round")
    assert_refused("flip7", state, {**given_line("Cy", [9], number=2), "by": "table"}, "core.player_only")


def test_a_line_impossible_on_its_own_is_refused_to_its_player_when_given():
    """Ann's 5, +10, +10 (the deck holds one +10) is refused on her phone, naming her, and nothing is given; Bo's
    and Cy's correct lines then wait as usual."""
    state = replay(new_record("flip7", PLAYERS))
    err = assert_refused("flip7", state, given_line("Ann", [5], modifiers=["+10", "+10"]), "flip7.line_too_many")
    assert err.params == {"name": "Ann", "card": "flip7.card.+10", "count": 2, "limit": 1}
    assert text("en", err.key, **err.params) == "Ann: 2 × “+10” in one line is more than the deck holds (1)."
    with pytest.raises(RuleError):
        check_line("Ann", line([5], modifiers=["+10", "+10"]))
    for name, numbers in (("Bo", [3]), ("Cy", [9])):
        state = ENG.apply(state, given_line(name, numbers))
    assert sorted(state["lines"]) == ["Bo", "Cy"] and state["rounds"] == []


def test_lines_that_together_exceed_the_deck_refuse_the_line_that_completes_the_excess():
    """Ann and Bo each give a ×2 line: Bo's, which takes the one ×2 twice, is refused at once naming Ann; Ann's
    stays given. Giving her own line again does not count against itself; once Bo gives his without the ×2, Cy's
    records the round."""
    state = replay(new_record("flip7", PLAYERS))
    state = ENG.apply(state, given_line("Ann", [5], modifiers=["x2"]))
    err = assert_refused("flip7", state, given_line("Bo", [6], modifiers=["x2"]), "flip7.too_many_copies_with")
    assert err.params == {"name": "Bo", "others": ["Ann"], "card": "flip7.card.x2", "count": 2, "limit": 1}
    assert list(state["lines"]) == ["Ann"]
    state = ENG.apply(state, given_line("Ann", [4], modifiers=["x2"]))
    state = ENG.apply(state, given_line("Bo", [6]))
    state = ENG.apply(state, given_line("Cy", [9]))
    assert state["rounds"][0]["scores"] == {"Ann": 8, "Bo": 6, "Cy": 9}


def test_the_tables_round_wins_over_given_lines_and_is_named_by_its_number():
    """The table enters round 1 itself while Ann's line waits: the table's lines count and Ann's is dropped; a round
    numbered for another round is refused; the log names a line's round and points, and a numbered round."""
    state = ENG.apply(replay(new_record("flip7", PLAYERS)), given_line("Ann", [12]))
    state = ENG.apply(state, {**rnd(Ann=line([3])), "round": 1})
    assert state["rounds"][0]["scores"]["Ann"] == 3 and state["lines"] == {}
    assert_refused("flip7", state, {**rnd(), "round": 1}, "flip7.line_round")
    assert [(e["by"], e["type"]) for e in ENG.prompt(state) if e["type"] == "line"] == [(p, "line") for p in PLAYERS]
    key, params = ENG.describe(given_line("Ann", [11, 5, 12], modifiers=["+4"], number=2))
    assert text("en", key, **params) == "Own line for round 2: 32 points"
    key, params = ENG.describe({**rnd(), "round": 3})
    assert text("zh-CN", key, **params) == "录入了第 3 轮"
