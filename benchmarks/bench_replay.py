"""Replay of a 1,000-action log: score pad (4 players, 1,000 rounds) and the tests' tally game.

Prints the median of several runs of `scoring.record.replay`, of `check_record` (which replays too), and of the
store's first load of such a session (file read, check, replay) — the cost of opening a long session once;
later actions use the cached state.

Run: .venv/bin/python benchmarks/bench_replay.py
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repo root, before any installed copy

from scoring import record as rec  # noqa: E402
from scoring.core import register  # noqa: E402
from storage import Store  # noqa: E402
from tests.tally_engine import Tally  # noqa: E402

ACTIONS = 1000
RUNS = 5
T0 = "2026-03-01T20:00:00"


def score_pad_log() -> dict:
    """A score pad record with 1,000 rounds."""
    players = ["Ann", "小明", "Bo", "Chen"]
    record = rec.new_record("score_pad", players, now=T0)
    actions = [{"type": "round", "by": "table", "at": T0,
                "scores": {p: (i * 7 + n) % 23 - 5 for n, p in enumerate(players)}} for i in range(ACTIONS)]
    return {**record, "actions": actions}


def tally_log() -> dict:
    """A tally record with 1,000 turns (scores and die rolls)."""
    players = ["A", "B", "C"]
    record = rec.new_record("tally", players, seed=7, now=T0)
    actions = [{"type": "roll", "by": players[i % 3], "at": T0} if i % 4 == 0 else
               {"type": "score", "by": players[i % 3], "points": i % 11, "at": T0} for i in range(ACTIONS)]
    return {**record, "actions": actions}


def median_ms(fn) -> float:
    """Median milliseconds of RUNS calls."""
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def first_load_ms(record: dict) -> float:
    """Median milliseconds of a fresh store's first `state` of the stored session."""
    with tempfile.TemporaryDirectory() as tmp:
        with Store(tmp) as store:
            sid = store.create(record)

        def load() -> None:
            """Open the folder and replay the session."""
            with Store(tmp) as fresh:
                fresh.state(sid)

        return median_ms(load)


def main() -> None:
    """Print one line per game and measurement."""
    register(Tally)
    for name, record in (("score_pad", score_pad_log()), ("tally", tally_log())):
        assert len(rec.replay(record)["players"]) > 0
        print(f"{name} replay of {ACTIONS} actions: {median_ms(lambda: rec.replay(record)):.1f} ms")
        print(f"{name} check_record of {ACTIONS} actions: {median_ms(lambda: rec.check_record(record)):.1f} ms")
        print(f"{name} store first load of {ACTIONS} actions: {first_load_ms(record):.1f} ms")


if __name__ == "__main__":
    main()
