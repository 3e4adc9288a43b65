"""Append latency of the Tableside store with 10, 1,000 and 10,000 stored sessions, beside stock TinyDB.

Each stored session is a finished 3-player score pad game of 10 rounds. The store holds them as one small file
per session plus a catalogue; stock TinyDB (`JSONStorage`, the default) holds the same records as documents of
one file. An append is one score pad round on an active session: the engine checks it (state cached in memory
in both cases) and the record is written. Figures are the median and 90th percentile of repeated appends;
creating a session (which rewrites the catalogue) is timed too.

Run: .venv/bin/python benchmarks/bench_storage.py [counts...]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repo root, before any installed copy

from tinydb import TinyDB  # noqa: E402

from scoring import record as rec  # noqa: E402
from scoring.record import new_record  # noqa: E402
from storage import Store  # noqa: E402

PLAYERS = ["Ann", "小明", "Bo"]
T0 = "2026-03-01T20:00:00"


def round_action(i: int) -> dict:
    """A score pad round with some points."""
    return {"type": "round", "by": "table", "scores": {"Ann": i % 7, "小明": i % 5, "Bo": i % 3}, "at": T0}


def finished_session() -> dict:
    """A finished 10-round game, as stored history."""
    record = new_record("score_pad", PLAYERS, {"rounds": 10}, now=T0)
    state = rec.replay(record)
    for i in range(10):
        record, state = rec.play(record, state, round_action(i), T0)
    return record


def history(count: int) -> list[dict]:
    """count finished sessions (copies of one game with their own ids)."""
    game = finished_session()
    return [{**game, "id": f"h{i:06d}"} for i in range(count)]


def timed(fn, reps: int) -> list[float]:
    """Milliseconds of each of reps calls."""
    out = []
    for i in range(reps):
        start = time.perf_counter()
        fn(i)
        out.append((time.perf_counter() - start) * 1000)
    return out


def store_append(folder: Path, past: list[dict], reps: int) -> tuple[list[float], list[float], float]:
    """Append latencies of our store, create latencies (these rewrite the catalogue), seconds to store history."""
    start = time.perf_counter()
    store = Store(folder)
    store.create_many(past)
    setup = time.perf_counter() - start
    creates = timed(lambda i: store.create(new_record("score_pad", PLAYERS, now=T0)), 5)
    sid = store.sessions("active")[0]["id"]
    store.play(sid, round_action(0), T0)
    times = timed(lambda i: store.play(sid, round_action(i), T0), reps)
    store.close()
    return times, creates, setup


def stock_append(path: Path, past: list[dict], reps: int) -> list[float]:
    """Append latencies of stock TinyDB holding the same sessions in one JSONStorage file."""
    db = TinyDB(path, ensure_ascii=False)
    table = db.table("sessions")
    table.insert_multiple(past)
    record = new_record("score_pad", PLAYERS, id="live", now=T0)
    doc_id = table.insert(record)
    state = rec.replay(record)

    def append(i: int) -> None:
        """Engine check, then TinyDB rewrites its one file with the new record."""
        nonlocal record, state
        record, state = rec.play(record, state, round_action(i), T0)
        table.update(record, doc_ids=[doc_id])

    times = timed(append, reps)
    db.close()
    return times


def line(label: str, times: list[float]) -> str:
    """One printed figure."""
    p90 = sorted(times)[int(len(times) * 0.9) - 1] if len(times) >= 10 else max(times)
    return f"{label}: median {statistics.median(times):.2f} ms, p90 {p90:.2f} ms ({len(times)} appends)"


def main(counts: list[int]) -> None:
    """Print the figures for each history size."""
    medians = {}
    for count in counts:
        past = history(count)
        with tempfile.TemporaryDirectory() as tmp:
            ours, creates, setup = store_append(Path(tmp) / "store", past, 300)
            stock = stock_append(Path(tmp) / "stock.json", past, 300 if count <= 1000 else 20)
            size = (Path(tmp) / "stock.json").stat().st_size / 1e6
        medians[count] = statistics.median(ours)
        print(f"{count} stored sessions (stored in {setup:.1f} s):")
        print("  " + line("tableside store append", ours))
        print(f"  tableside store create (rewrites the catalogue): median {statistics.median(creates):.2f} ms")
        print("  " + line(f"stock TinyDB JSONStorage append (one {size:.1f} MB file)", stock))
    if len(medians) > 1:
        low, high = medians[min(medians)], medians[max(medians)]
        print(f"store append median ratio {max(medians)} vs {min(medians)} sessions: {high / low:.2f}x")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [10, 1000, 10000])
