"""Timers as state: a countdown (Knit Wit's 10 seconds to explain) and a per-turn clock (chess-clock style).

Nothing here reads a clock: every time is an ISO-8601 string carried in an action (`"at"`), parsed with
`datetime.fromisoformat`. A timer remembers the time of its last event and refuses any earlier time, so a
replayed session ends in exactly the state live play reached. All functions return new dicts.

Rulings:
- `start` always begins the full countdown (a paused countdown is started afresh); `resume` continues where it
  was paused, and on a countdown never started it simply starts it.
- Starting or resuming a running timer is refused (`timer.already_running`), so is pausing a stopped one
  (`timer.not_running`).
- A countdown keeps running after it expires; it shows 0 left and `expired` is true until it is reset or
  started again. The table decides what happens at 0 (an action), the timer only tells.
- A time without a zone is taken as UTC, so times with and without zones can be compared.
- Queries (`remaining`, `expired`, `used`) refuse a time earlier than the last event too: a display asks with
  "now", which is never earlier than the last stamped action.
"""

from __future__ import annotations

from datetime import datetime, timezone

from scoring.core import RuleError


def _parse(at: object) -> datetime:
    """The moment an ISO-8601 string names (UTC when it has no zone)."""
    if not isinstance(at, str):
        raise RuleError("timer.time_invalid", at=str(at))
    try:
        moment = datetime.fromisoformat(at)
    except ValueError:
        raise RuleError("timer.time_invalid", at=at) from None
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def _seconds(since: str, at: str) -> float:
    """Seconds from `since` to `at`."""
    return (_parse(at) - _parse(since)).total_seconds()


def _check_time(t: dict, at: object) -> str:
    """`at` if it is a valid time no earlier than the timer's last event."""
    moment = _parse(at)
    if t["last"] is not None and moment < _parse(t["last"]):
        raise RuleError("timer.time_backwards", at=at, last=t["last"])
    return at


# ---------------------------------------------------------------------------------------------------------
# Countdown


def countdown(seconds: int) -> dict:
    """A stopped countdown of `seconds` (a positive whole number)."""
    if isinstance(seconds, bool) or not isinstance(seconds, int) or seconds <= 0:
        raise RuleError("timer.duration_invalid", seconds=str(seconds))
    return {"duration": seconds, "elapsed": 0.0, "since": None, "last": None}


def running(t: dict) -> bool:
    """Whether the countdown is running."""
    return t["since"] is not None


def start(t: dict, at: str) -> dict:
    """The countdown started afresh at `at` with its full duration."""
    at = _check_time(t, at)
    if running(t):
        raise RuleError("timer.already_running")
    return {**t, "elapsed": 0.0, "since": at, "last": at}


def pause(t: dict, at: str) -> dict:
    """The countdown paused at `at`, keeping the time used so far."""
    at = _check_time(t, at)
    if not running(t):
        raise RuleError("timer.not_running")
    return {**t, "elapsed": t["elapsed"] + _seconds(t["since"], at), "since": None, "last": at}


def resume(t: dict, at: str) -> dict:
    """The paused countdown running again from `at`."""
    at = _check_time(t, at)
    if running(t):
        raise RuleError("timer.already_running")
    return {**t, "since": at, "last": at}


def reset(t: dict) -> dict:
    """The countdown stopped with its full duration left (it still remembers its last event time)."""
    return {**t, "elapsed": 0.0, "since": None}


def remaining(t: dict, at: str) -> float:
    """Seconds left at `at` (never below 0)."""
    at = _check_time(t, at)
    used = t["elapsed"] + (_seconds(t["since"], at) if running(t) else 0.0)
    return max(0.0, t["duration"] - used)


def expired(t: dict, at: str) -> bool:
    """Whether no time is left at `at`."""
    return remaining(t, at) == 0.0


# ---------------------------------------------------------------------------------------------------------
# Per-turn clock


def turn_clock(players: list[str]) -> dict:
    """A stopped clock for each of the players (distinct names), nobody's running."""
    if (not isinstance(players, list) or not players or any(not isinstance(p, str) for p in players)
            or len(set(players)) != len(players)):
        raise RuleError("timer.players_invalid")
    return {"used": {p: 0.0 for p in players}, "current": None, "since": None, "last": None}


def _check_player(clock: dict, player: object) -> None:
    """Refuse a player the clock does not know."""
    if player not in clock["used"]:
        raise RuleError("timer.player_unknown", player=str(player))


def switch(clock: dict, player: str | None, at: str) -> dict:
    """The clock at `at` after stopping the current player's time and starting `player`'s (None: nobody's)."""
    at = _check_time(clock, at)
    if player is not None:
        _check_player(clock, player)
    used = dict(clock["used"])
    if clock["current"] is not None:
        used[clock["current"]] += _seconds(clock["since"], at)
    return {"used": used, "current": player, "since": at if player is not None else None, "last": at}


def current(clock: dict) -> str | None:
    """Whose time is running (None: nobody's)."""
    return clock["current"]


def used(clock: dict, player: str, at: str) -> float:
    """Seconds the player's turns have taken up to `at`, the running turn included."""
    at = _check_time(clock, at)
    _check_player(clock, player)
    live = _seconds(clock["since"], at) if clock["current"] == player else 0.0
    return clock["used"][player] + live
