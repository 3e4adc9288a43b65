"""Countdown and per-turn clock: state driven by times in actions, refusals, purity, replay equality."""

import copy
import json
from datetime import datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core import RuleError
from scoring.mechanics import timer
from tests.helpers import assert_call_refused

T0 = "2026-03-01T20:00:00"


def at(seconds: float) -> str:
    """The ISO time `seconds` after T0."""
    return (datetime.fromisoformat(T0) + timedelta(seconds=seconds)).isoformat()


def test_countdown_runs_pauses_and_resumes():
    """Remaining time counts only the running spells."""
    t = timer.countdown(10)
    assert not timer.running(t) and timer.remaining(t, at(0)) == 10
    t = timer.start(t, at(0))
    assert timer.running(t) and timer.remaining(t, at(3)) == 7
    t = timer.pause(t, at(4))
    assert not timer.running(t) and timer.remaining(t, at(100)) == 6
    t = timer.resume(t, at(100))
    assert timer.remaining(t, at(105.5)) == 0.5
    assert not timer.expired(t, at(105.5))
    assert timer.expired(t, at(106)) and timer.remaining(t, at(200)) == 0


def test_start_begins_afresh_and_reset_stops():
    """Start gives the full duration even after a pause; reset stops with the full duration left."""
    t = timer.pause(timer.start(timer.countdown(10), at(0)), at(8))
    assert timer.remaining(timer.start(t, at(9)), at(9)) == 10
    r = timer.reset(timer.start(t, at(9)))
    assert not timer.running(r) and timer.remaining(r, at(50)) == 10


def test_resume_of_a_fresh_countdown_starts_it():
    """Resuming a countdown never started runs it from its full duration."""
    t = timer.resume(timer.countdown(5), at(0))
    assert timer.remaining(t, at(2)) == 3


def test_zones_and_naive_times_compare():
    """A time with a zone and one without (taken as UTC) work together."""
    t = timer.start(timer.countdown(10), "2026-03-01T20:00:00+00:00")
    assert timer.remaining(t, "2026-03-01T20:00:04") == 6
    assert timer.remaining(t, "2026-03-01T21:00:04+01:00") == 6


def test_functions_never_mutate_inputs():
    """Every function returns a new dict and leaves its input as it was."""
    t = timer.countdown(10)
    snapshot = copy.deepcopy(t)
    s = timer.start(t, at(0))
    assert t == snapshot
    s_snap = copy.deepcopy(s)
    timer.pause(s, at(1)), timer.reset(s), timer.remaining(s, at(2))
    assert s == s_snap
    c = timer.turn_clock(["A", "B"])
    c_snap = copy.deepcopy(c)
    d = timer.switch(c, "A", at(0))
    assert c == c_snap
    d_snap = copy.deepcopy(d)
    timer.switch(d, "B", at(3)), timer.used(d, "A", at(4))
    assert d == d_snap


def test_state_is_plain_json():
    """The state survives a JSON round trip unchanged."""
    t = timer.pause(timer.start(timer.countdown(10), at(0)), at(2.25))
    c = timer.switch(timer.switch(timer.turn_clock(["A", "B"]), "A", at(0)), "B", at(1.5))
    for state in (t, c):
        assert json.loads(json.dumps(state)) == state


@pytest.mark.parametrize("seconds", [0, -5, 2.5, True, "10"])
def test_bad_duration_refused(seconds):
    """A countdown needs a positive whole number of seconds."""
    assert_call_refused("timer.duration_invalid", timer.countdown, seconds)


def test_time_backwards_refused():
    """Any time earlier than the last event is refused, for changes and queries alike."""
    t = timer.start(timer.countdown(10), at(5))
    err = assert_call_refused("timer.time_backwards", timer.pause, t, at(4))
    assert err.params == {"at": at(4), "last": at(5)}
    assert_call_refused("timer.time_backwards", timer.remaining, t, at(4))
    p = timer.pause(t, at(6))
    assert_call_refused("timer.time_backwards", timer.resume, p, at(5.5))
    assert_call_refused("timer.time_backwards", timer.start, timer.reset(p), at(5.5))


@pytest.mark.parametrize("bad", ["yesterday", "", None, 12])
def test_bad_time_refused(bad):
    """A time that is not ISO-8601 is refused."""
    assert_call_refused("timer.time_invalid", timer.start, timer.countdown(10), bad)


def test_pause_stopped_and_resume_running_refused():
    """Pausing a stopped countdown and starting or resuming a running one are refused."""
    assert_call_refused("timer.not_running", timer.pause, timer.countdown(10), at(0))
    t = timer.start(timer.countdown(10), at(0))
    assert_call_refused("timer.not_running", timer.pause, timer.pause(t, at(1)), at(2))
    assert_call_refused("timer.already_running", timer.resume, t, at(1))
    assert_call_refused("timer.already_running", timer.start, t, at(1))


def test_turn_clock_accumulates_per_player():
    """Switching stops the current player's time and starts the next; None stops all."""
    c = timer.turn_clock(["A", "B", "C"])
    assert timer.current(c) is None and timer.used(c, "A", at(0)) == 0
    c = timer.switch(c, "A", at(0))
    assert timer.used(c, "A", at(4)) == 4
    c = timer.switch(c, "B", at(5))
    assert timer.current(c) == "B"
    c = timer.switch(c, "A", at(12))
    assert timer.used(c, "B", at(20)) == 7 and timer.used(c, "A", at(20)) == 13
    c = timer.switch(c, None, at(20))
    assert timer.current(c) is None and timer.used(c, "A", at(99)) == 13
    assert timer.used(c, "C", at(99)) == 0


def test_switch_to_the_same_player_keeps_counting():
    """Switching to the player already on the clock loses no time."""
    c = timer.switch(timer.switch(timer.turn_clock(["A"]), "A", at(0)), "A", at(3))
    assert timer.used(c, "A", at(5)) == 5


def test_turn_clock_refusals():
    """Unknown players, bad player lists and backwards times are refused."""
    c = timer.switch(timer.turn_clock(["A", "B"]), "A", at(10))
    assert_call_refused("timer.player_unknown", timer.switch, c, "Z", at(11))
    assert_call_refused("timer.player_unknown", timer.used, c, "Z", at(11))
    assert_call_refused("timer.time_backwards", timer.switch, c, "B", at(9))
    assert_call_refused("timer.time_backwards", timer.used, c, "A", at(9))
    for players in ([], ["A", "A"], "AB", [1, 2]):
        assert_call_refused("timer.players_invalid", timer.turn_clock, players)


events = st.lists(st.tuples(st.sampled_from(["start", "pause", "resume", "reset", "switch"]),
                            st.integers(-5, 30), st.sampled_from(["A", "B", None])), max_size=25)


@settings(max_examples=150, deadline=None)
@given(events)
def test_random_events_replay_equal_and_never_negative(seq):
    """Random events raise only RuleError; replaying the accepted ones from JSON gives the same state."""
    t, c, now, peak, accepted = timer.countdown(20), timer.turn_clock(["A", "B"]), 0, 0, []
    for kind, step, who in seq:
        now += step
        peak = max(peak, now)
        try:
            if kind == "switch":
                c = timer.switch(c, who, at(now))
            elif kind == "reset":
                t = timer.reset(t)
            else:
                t = getattr(timer, kind)(t, at(now))
        except RuleError:
            continue
        accepted.append((kind, now, who))
    t2, c2 = timer.countdown(20), timer.turn_clock(["A", "B"])
    for kind, when, who in json.loads(json.dumps(accepted)):
        if kind == "switch":
            c2 = timer.switch(c2, who, at(when))
        elif kind == "reset":
            t2 = timer.reset(t2)
        else:
            t2 = getattr(timer, kind)(t2, at(when))
    assert t2 == t == json.loads(json.dumps(t)) and c2 == c == json.loads(json.dumps(c))
    later = at(peak + 1)
    assert 0 <= timer.remaining(t, later) <= 20
    assert all(timer.used(c, p, later) >= 0 for p in ("A", "B"))
