"""The score pad: rounds, target, round limit, lowest-wins, refusals, and the command line."""

import json

import pytest

from scoring.__main__ import main
from scoring.core import RuleError, engine
from scoring.i18n import text
from scoring.record import new_record, play, replay, start
from tests.helpers import assert_refused, cli_score
from views.components.action_log import describe
from views import words

ENG = engine("score_pad")


def played(score_rounds, **options):
    """State after the given rounds for players A, B, C."""
    state = ENG.new_state(["A", "B", "C"], options)
    for scores in score_rounds:
        state = ENG.apply(state, {"type": "round", "by": "table", "scores": scores})
    return state


def test_totals_ranking_and_cumulative_rounds():
    """Totals add up, ties share a place, the chart gets cumulative totals."""
    state = played([{"A": 5, "B": 3, "C": 5}, {"A": 1, "B": 4, "C": 1}])
    board = ENG.scoreboard(state)
    assert [p.total for p in board.players] == [6, 7, 6]
    assert board.ranking == (("B",), ("A", "C"))
    assert board.rounds == ({"A": 5, "B": 3, "C": 5}, {"A": 6, "B": 7, "C": 6})
    assert not state["over"]


def test_target_ends_the_game_and_lowest_wins():
    """Reaching the target ends the game; with lower_wins the lowest total wins."""
    state = played([{"A": 60, "B": 40, "C": 101}], target=100, lower_wins=True)
    assert state["over"]
    assert ENG.scoreboard(state).ended == {"key": "core.ended.past", "names": ["C"], "target": 100}  # why
    assert ENG.scoreboard(state).winners == ("B",)
    with pytest.raises(RuleError) as err:
        ENG.apply(state, {"type": "round", "by": "table", "scores": {"A": 1, "B": 1, "C": 1}})
    assert err.value.key == "core.game_over"


def test_with_lowest_wins_the_target_must_be_passed():
    """With lower_wins the game ends once a total goes past the target (the docstring's and the rules page's
    "goes past it"): a total of exactly the target plays on (a Hearts game to 50 ended at Bo's 50 in the
    browser); highest-wins still ends on reaching it, and a correction past the target ends the game too."""
    state = played([{"A": 10, "B": 50, "C": 38}], target=50, lower_wins=True)
    assert not state["over"]
    assert played([{"A": 10, "B": 51, "C": 38}], target=50, lower_wins=True)["over"]
    assert ENG.scoreboard(played([{"A": 10, "B": 50, "C": 38}], target=50)).ended == {
        "key": "core.ended.target", "names": ["B"], "target": 50}
    corrected = ENG.apply(state, {"type": "correct", "by": "table", "round": 1, "scores": {"A": 10, "B": 52, "C": 0}})
    assert corrected["over"] and ENG.scoreboard(corrected).winners == ("C",)


def test_round_limit():
    """The game is over after the chosen number of rounds."""
    state = played([{"A": 1, "B": 2, "C": 3}] * 2, rounds=2)
    assert state["over"] and ENG.status(state)["round"] == 2
    assert ENG.scoreboard(state).ended == {"key": "core.ended.rounds", "round": 2, "rounds": 2}  # why it ended
    assert ENG.scoreboard(played([{"A": 1, "B": 2, "C": 3}])).ended is None  # not over: no reason


@pytest.mark.parametrize("action,key", [
    ({"type": "round", "by": "table", "scores": {"A": 1, "B": 2}}, "score_pad.score_missing"),
    ({"type": "round", "by": "table", "scores": {"A": 1, "B": 2, "C": "x"}}, "score_pad.points_invalid"),
    ({"type": "round", "by": "table", "scores": {"A": 1, "B": 2, "C": 3, "D": 0}}, "core.player_unknown"),
    ({"type": "round", "by": "A", "scores": {"A": 1, "B": 2, "C": 3}}, "core.table_only"),
    ({"type": "round", "by": "table"}, "score_pad.scores_missing"),
    ({"type": "finish", "by": "table"}, "score_pad.no_rounds"),
])
def test_refusals_change_nothing(action, key):
    """Each refusal names its rule and leaves the state as it was."""
    assert_refused(ENG, played([]), action, key)


def test_a_refused_score_writes_its_range_with_the_minus_a_score_is_shown_and_typed_with():
    """"C's points must be a whole number between −10000 and 10000" used the maths minus where the scores on
    screen, and a phone's keyboard, write "-": the range says "-10000" as the scores do, in both languages."""
    err = assert_refused(ENG, played([]), {"type": "round", "by": "table", "scores": {"A": 1, "B": 2, "C": "x"}},
                         "score_pad.points_invalid")
    assert "between -10000 and 10000" in text("en", err.key, **err.params)
    assert "-10000 到 10000" in text("zh-CN", err.key, **err.params)


def test_cli_scores_an_exported_record(tmp_path, capsys):
    """`python -m scoring score` prints the same totals as the engine."""
    record = new_record("score_pad", ["甲", "乙"])
    state = replay(record)
    record, state = play(record, state, {"type": "round", "by": "table", "scores": {"甲": 3, "乙": 9}})
    record, state = play(record, state, {"type": "finish", "by": "table"})
    out = cli_score(tmp_path / "s.json", record, capsys)
    assert out["winners"] == ["乙"] and [p["total"] for p in out["players"]] == [3, 9]
    assert out["ended"] == {"key": "core.ended.finish", "message": "The table ended the game"}  # why, in words
    assert {**out, "ended": {"key": "core.ended.finish"}} == ENG.scoreboard(state).to_json()


def test_cli_names_the_refused_action(tmp_path, capsys):
    """A refused action in a file is reported by index with a non-zero exit."""
    record = {"game": "score_pad", "players": ["A"], "actions": [
        {"type": "round", "by": "table", "scores": {"A": 1}}, {"type": "round", "by": "table", "scores": {}}]}
    out = cli_score(tmp_path / "bad.json", record, capsys, code=1)
    assert out["action"] == 1 and out["error"] == "score_pad.score_missing"
    assert "no score" in out["message"]


def test_cli_games_and_check(tmp_path, capsys):
    """`games` lists the registered games; `check` replays without scoring; bad JSON exits 2."""
    assert main(["games"]) == 0
    assert "score_pad" in [g["id"] for g in json.loads(capsys.readouterr().out)]
    path = tmp_path / "r.json"
    path.write_text('{"game": "score_pad", "players": ["A"]}')
    assert main(["check", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    path.write_text("{not json")
    assert main(["check", str(path)]) == 2


def test_a_past_round_is_corrected_and_totals_follow():
    """Correcting round 1 (3+4 written, 5+4 meant) moves a's total from 3+2=5 to 5+2=7; the log keeps both."""
    record = new_record("score_pad", ["a", "b"], {"target": 7})
    state = start(record)
    record, state = play(record, state, {"type": "round", "scores": {"a": 3, "b": 4}})
    record, state = play(record, state, {"type": "round", "scores": {"a": 2, "b": 1}})
    assert not state["over"]
    record, state = play(record, state, {"type": "correct", "round": 1, "scores": {"a": 5, "b": 4}})
    assert ENG.totals(state) == {"a": 7, "b": 5} and state["over"]  # a reached the target 7
    assert [a["type"] for a in record["actions"]] == ["round", "round", "correct"]
    assert replay(record) == state
    key, params = ENG.logged(state, record["actions"][-1], 1)  # the log row: a's points before → after
    assert (key, params["round"], params["changes"]) == ("core.action.corrected", 1, {"a": "3 ⭢ 5"})


def test_a_correction_of_negative_points_reads_them_with_the_minus_sign():
    """Play-test (500 Rummy, a past round edited): the log row read "Round 1 corrected: Ben -2 ⭢ -5" with the
    hyphen-minus, where every other number on the screen (the rounds table, the totals, the scoreboard) reads "−5".
    A correction's before and after read as the screen's numbers do, in both languages; the state keeps the numbers
    (read by programs: `python -m scoring view` printed the screen's "−")."""
    record = new_record("score_pad", ["a", "b"])
    state = start(record)
    record, state = play(record, state, {"type": "round", "scores": {"a": -2, "b": 4}})
    record, state = play(record, state, {"type": "correct", "round": 1, "scores": {"a": -5, "b": 4}})
    assert state["corrections"] == [{"round": 1, "changes": {"a": [-2, -5]}}]
    key, params = ENG.logged(state, record["actions"][-1], 1)
    assert params["changes"] == {"a": "\u22122 ⭢ \u22125"}
    assert words.say("en", key, **params) == "Round 1 corrected: a \u22122 ⭢ \u22125"
    assert words.say("zh-CN", key, **params) == "更正第 1 轮：a \u22122 ⭢ \u22125"


def test_a_correction_names_a_round_that_exists():
    """Round 3 cannot be corrected after two rounds."""
    record = new_record("score_pad", ["a", "b"])
    state = start(record)
    record, state = play(record, state, {"type": "round", "scores": {"a": 3, "b": 4}})
    assert_refused("score_pad", state, {"type": "correct", "round": 3, "scores": {"a": 1, "b": 1}},
                   "score_pad.round_unknown")


def line(by, score, number=1):
    """A player's own points for a round."""
    return {"type": "line", "by": by, "round": number, "score": score}


def test_each_players_own_line_records_the_round_once_everyone_gave_one():
    """A, then C, then B give their points on their own phones: the round waits for B, then it is recorded in
    seat order and the lines are cleared; the log replays to the same state and undo of B's line puts the round
    back to waiting."""
    record = new_record("score_pad", ["A", "B", "C"])
    state = start(record)
    record, state = play(record, state, line("A", 5))
    record, state = play(record, state, line("C", -2))
    assert state["scores"] == [] and state["lines"] == {"A": 5, "C": -2} and state["round"] == 1
    waiting = state
    record, state = play(record, state, line("B", 3))
    assert state["scores"] == [{"A": 5, "B": 3, "C": -2}] and state["lines"] == {} and state["round"] == 2
    assert ENG.totals(state) == {"A": 5, "B": 3, "C": -2}
    assert replay(record) == state
    assert replay({**record, "actions": record["actions"][:-1]}) == waiting


def test_a_line_given_again_replaces_the_first_and_a_late_one_is_refused():
    """A gives 5 then 7 (a typo fixed): 7 counts. Once round 1 is recorded, a line still made for round 1 (a
    phone that had not heard) is refused naming the round being entered, and changes nothing."""
    state = played([])
    for action in (line("A", 5), line("A", 7), line("B", 1), line("C", 0)):
        state = ENG.apply(state, action)
    assert state["scores"] == [{"A": 7, "B": 1, "C": 0}]
    err = assert_refused(ENG, state, line("B", 4, number=1), "score_pad.line_round")
    assert err.params == {"round": "1", "now": 2}
    assert_refused(ENG, state, line("B", "4", number=2), "score_pad.points_invalid")
    # "Give" on an empty field
    missing = assert_refused(ENG, state, line("B", " ", number=2), "score_pad.score_missing")
    assert missing.params == {"name": "B"}
    assert_refused(ENG, state, line("table", 4, number=2), "core.player_only")
    assert_refused(ENG, state, {**line("B", 4, number=2), "scores": {}}, "core.field_unknown")


def test_the_tables_round_wins_over_waiting_lines_and_finishing_drops_them():
    """The table enters round 1 itself while A's line waits: the table's points count and A's line is dropped;
    a round numbered for another round is refused; finishing drops lines given for the next round."""
    state = ENG.apply(played([]), line("A", 9))
    state = ENG.apply(state, {"type": "round", "by": "table", "round": 1, "scores": {"A": 1, "B": 2, "C": 3}})
    assert state["scores"] == [{"A": 1, "B": 2, "C": 3}] and state["lines"] == {}
    assert_refused(ENG, state, {"type": "round", "by": "table", "round": 1, "scores": {"A": 1, "B": 2, "C": 3}},
                   "score_pad.line_round")
    state = ENG.apply(ENG.apply(state, line("B", 4, number=2)), {"type": "finish", "by": "table"})
    assert state["over"] and state["lines"] == {} and len(state["scores"]) == 1


def test_lines_are_offered_to_every_player_and_named_in_the_log():
    """The prompt offers the table's round first, then a line to each player; the log names the round of a line
    and of a numbered round (a round completed from lines is not a `round` action, so counting would be wrong)."""
    state = played([])
    assert [(e["by"], e["type"]) for e in ENG.prompt(state)] == [
        ("table", "round"), ("A", "line"), ("B", "line"), ("C", "line")]
    assert describe("en", ENG, line("A", 5, number=3), 1) == "Own points for round 3: 5"
    assert describe("zh-CN", ENG, {"type": "round", "round": 2, "scores": {"A": 1}}, 1) == "第 2 轮得分：A 1"


def test_the_engine_words_when_the_game_ends_as_its_end_rule_is():
    """The round form's "when the game ends" line is the engine's (`end_rule`), beside the rule it says: reached,
    or with lowest wins gone past, and the round limit; nothing when neither is set."""
    assert ENG.end_rule(played([])) is None
    assert ENG.end_rule(played([], target=50)) == ("score_pad.view.ends.target", {"target": 50, "rounds": 0})
    assert ENG.end_rule(played([], target=50, lower_wins=True, rounds=1)) == (
        "score_pad.view.ends.target_lowest_rounds", {"target": 50, "rounds": 1})
    assert ENG.end_rule(played([], rounds=8)) == ("score_pad.view.ends.rounds", {"rounds": 8})
