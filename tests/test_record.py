"""Session records: checking at the boundary, play, undo/redo, replay, with property tests."""

import copy
import gc
import json
import weakref

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core import RuleError, engine
from scoring.record import ReplayError, check_record, game_title, new_record, play, redo, replay, undo

PLAYERS = ["Ann", "小明", "Bo"]


def fresh():
    """A record of the tally game and its start state."""
    record = new_record("tally", PLAYERS, seed=5, id="s1", now="2026-01-01T00:00:00")
    return record, replay(record)


@pytest.mark.parametrize("data,key", [
    ([], "record.not_object"),
    ({"game": "tally", "players": ["A"], "colour": 1}, "record.field_unknown"),
    ({"players": ["A"]}, "record.game_missing"),
    ({"game": "nope", "players": ["A"]}, "core.game_unknown"),
    ({"game": "tally"}, "record.players_missing"),
    ({"game": "tally", "players": [{"nom": "A"}]}, "record.player_invalid"),
    ({"game": "tally", "players": ["x" * 41]}, "record.player_name_length"),
    ({"game": "tally", "players": ["\u200b", "Bo"]}, "record.player_name_length"),
    ({"game": "tally", "players": ["A"], "options": {"target": -1}}, "core.option_range"),
    ({"game": "tally", "players": ["A"], "schema": 99}, "record.schema_unsupported"),
    ({"game": "tally", "players": ["A"], "title": ["x"]}, "record.title_invalid"),
    ({"game": "tally", "players": ["A"], "title": 7}, "record.title_invalid"),
    ({"game": "tally", "players": ["A"], "actions": {}}, "record.actions_not_list"),
])
def test_bad_records_are_refused_by_name(data, key):
    """Each kind of broken file gets its own message key."""
    with pytest.raises(RuleError) as err:
        check_record(data)
    assert err.value.key == key


def test_refused_action_in_log_names_its_index():
    """Replay stops at the first refused action and says which one."""
    data = {"game": "tally", "players": ["A", "B"], "actions": [
        {"type": "score", "by": "A", "points": 2}, {"type": "score", "by": "A", "points": 2}]}
    with pytest.raises(ReplayError) as err:
        check_record(data)
    assert err.value.index == 1 and err.value.error.key == "tally.not_your_turn"


def test_replay_leaves_the_cycle_collector_as_it_found_it():
    """Replay pauses the collector and turns it back on, also when an action is refused; off stays off."""
    refused = {**new_record("tally", ["A", "B"]), "actions": [{"type": "score", "by": "A", "points": 2},
                                                                {"type": "score", "by": "A", "points": 2}]}
    assert gc.isenabled()
    with pytest.raises(ReplayError):
        replay(refused)
    assert gc.isenabled()
    gc.disable()
    try:
        replay(refused, upto=1)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_replay_leaves_nothing_frozen_and_cycles_still_freed():
    """What a replay hands to the oldest generation is still collected: a cycle made before it is freed after."""

    class Node:
        """A weak-referenceable object for a reference cycle."""

    node = Node()
    node.me = node
    alive = weakref.ref(node)
    replay({**new_record("tally", ["A", "B"]), "actions": [{"type": "score", "by": "A", "points": 2}]})
    assert gc.get_freeze_count() == 0
    del node
    gc.collect()
    assert alive() is None


def test_play_refused_leaves_record_as_it_was():
    """A refused action changes neither record nor state."""
    record, state = fresh()
    before = copy.deepcopy((record, state))
    with pytest.raises(RuleError):
        play(record, state, {"type": "score", "by": "Ann", "points": 11})
    assert (record, state) == before


def test_undo_then_redo_gets_the_same_state():
    """Undo restores the previous state; redo brings the action back; a new action clears redo."""
    record, state = fresh()
    r1, s1 = play(record, state, {"type": "score", "by": "Ann", "points": 3}, now="t1")
    r2, s2 = play(r1, s1, {"type": "score", "by": "小明", "points": 4}, now="t2")
    r3, s3 = undo(r2)
    assert s3 == s1 and r3["actions"] == r1["actions"] and len(r3["redo"]) == 1
    r4, s4 = redo(r3)
    assert s4 == s2 and r4["actions"] == r2["actions"] and r4["redo"] == []
    r5, _ = play(r3, s3, {"type": "score", "by": "小明", "points": 1})
    assert r5["redo"] == []
    with pytest.raises(RuleError) as err:
        redo(r5)
    assert err.value.key == "record.nothing_to_redo"


def test_undo_of_a_reveal_needs_consent():
    """A die roll is seen by everyone: undoing it needs the table's consent."""
    record, state = fresh()
    r1, s1 = play(record, state, {"type": "roll", "by": "Ann"})
    with pytest.raises(RuleError) as err:
        undo(r1)
    assert err.value.key == "record.undo_needs_consent"
    r2, s2 = undo(r1, consent=True)
    assert s2 == state


def test_record_round_trips_through_json():
    """A record written out and read back is the same and replays to the same state."""
    record, state = fresh()
    for pts in (1, 2, 3):
        record, state = play(record, state, {"type": "score", "by": state["turn"], "points": pts})
    again = check_record(json.loads(json.dumps(record, ensure_ascii=False)))
    assert again == record and replay(again) == state


ACTION = st.one_of(
    st.builds(lambda p, n: {"type": "score", "by": p, "points": n},
              st.sampled_from(PLAYERS + ["Zed"]), st.integers(-2, 12)),
    st.builds(lambda p: {"type": "roll", "by": p}, st.sampled_from(PLAYERS)),
    st.just({"type": "end", "by": "table"}),
    st.just({"type": "jump", "by": "Ann"}),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(ACTION, max_size=25))
def test_replay_equals_live_play_and_undo_restores(actions):
    """Live play (accepted actions only) equals replaying its log; each undo restores the previous state."""
    record, state = fresh()
    history = [state]
    for action in actions:
        try:
            record, state = play(record, state, action)
        except RuleError:
            continue
        history.append(state)
    assert replay(record) == state
    assert engine("tally").scoreboard(state) == engine("tally").scoreboard(replay(record))
    while record["actions"]:
        record, state = undo(record, consent=True)
        history.pop()
        assert state == history[-1]


def test_a_score_pads_title_names_the_game_it_keeps_score_for():
    """A new record keeps its title tidied (trimmed; nothing visible: no title); a score pad's title names its game
    (`game_title`), another game's only labels the session ("Friday" is no game), and an untitled pad has none."""
    pad = new_record("score_pad", ["Ann"], title="  Azul\u200b ")
    assert pad["title"] == "Azul" and game_title(pad) == "Azul"
    assert "title" not in new_record("score_pad", ["Ann"], title=" \u200b ")
    assert game_title({"game": "score_pad"}) is None
    assert game_title(new_record("rummy", ["Ann", "Bo"], title="Friday")) is None
    assert game_title({"game": "score_pad", "title": "Azul"}) == "Azul"  # a summary too
    assert game_title({"game": "nope", "title": "x"}) is None
    imported = check_record({"game": "score_pad", "players": ["Ann"], "title": None})  # a file saying "no title"
    assert "title" not in imported and game_title(imported) is None  # was the game "None (score pad)"
