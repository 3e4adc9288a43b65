"""The Tableside store with 10, 1,000 and 10,000 stored sessions, beside stock TinyDB holding the same records.

Each stored session is a finished 3-player score pad game of 10 rounds. The store holds them as one small file
per session plus a catalogue in 64 shards; stock TinyDB (`JSONStorage`, the default) holds the same records as
documents of one file. Measured at each size (median of repeated runs, in the same process, so the ratios
compare like with like):

- open: a fresh `Store(folder)` (checks data.json and notices, reads every catalogue shard with its checksum
  and shape, reconciles with the session folder), beside stock TinyDB opening its file and reading every
  document. Target: at most 100 ms at 10,000. list: `sessions()` on the open store (stock: its open again).
- create: storing one new session (session file + its catalogue shard, each fsynced), beside stock TinyDB
  inserting one document. Target: at most 2x the store's own figure at 10 sessions.
- append: one score pad round on an active session (only its own file is written), beside stock TinyDB
  updating the record in its one file.

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


def ours(folder: Path, past: list[dict], reps: int) -> dict[str, list[float]]:
    """Open, create and append times of our store holding past."""
    with Store(folder) as store:
        for start in range(0, len(past), 1000):
            store.create_many(past[start:start + 1000])

    opens = timed(lambda i: Store(folder).close(), 9)
    with Store(folder) as store:
        lists = timed(lambda i: store.sessions(), 5)
        creates = timed(lambda i: store.create(new_record("score_pad", PLAYERS, now=T0)), 15)
        sid = store.sessions("active")[0]["id"]
        store.play(sid, round_action(0), T0)
        appends = timed(lambda i: store.play(sid, round_action(i), T0), reps)
    return {"open": opens, "list": lists, "create": creates, "append": appends}


def stock(path: Path, past: list[dict], reps: int) -> dict[str, list[float]]:
    """Open, create (insert) and append (update) times of stock TinyDB holding past in one file."""
    with TinyDB(path, ensure_ascii=False) as db:
        db.table("sessions").insert_multiple(past)

    def open_once(i: int) -> None:
        """Open the file and read every document."""
        with TinyDB(path, ensure_ascii=False) as db:
            db.table("sessions").all()

    opens = timed(open_once, 9)
    db = TinyDB(path, ensure_ascii=False)
    table = db.table("sessions")
    creates = timed(lambda i: table.insert(new_record("score_pad", PLAYERS, now=T0)), 15 if len(past) <= 1000 else 5)
    record = new_record("score_pad", PLAYERS, id="live", now=T0)
    doc_id = table.insert(record)
    state = rec.replay(record)

    def append(i: int) -> None:
        """Engine check, then TinyDB rewrites its one file with the new record."""
        nonlocal record, state
        record, state = rec.play(record, state, round_action(i), T0)
        table.update(record, doc_ids=[doc_id])

    appends = timed(append, reps)
    db.close()
    return {"open": opens, "list": opens, "create": creates, "append": appends}


def main(counts: list[int]) -> None:
    """Print the figures for each history size, then the ratios that matter."""
    med: dict[int, dict[str, float]] = {}
    for count in counts:
        past = history(count)
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            mine = ours(Path(tmp) / "store", past, 200)
            setup = time.perf_counter() - start
            theirs = stock(Path(tmp) / "stock.json", past, 200 if count <= 1000 else 20)
            size = (Path(tmp) / "stock.json").stat().st_size / 1e6
        med[count] = {k: statistics.median(v) for k, v in mine.items()}
        print(f"{count} stored sessions (stored and timed in {setup:.1f} s; stock TinyDB file {size:.1f} MB):")
        for key in ("open", "list", "create", "append"):
            a, b = statistics.median(mine[key]), statistics.median(theirs[key])
            print(f"  {key:6}: tableside {a:8.2f} ms (best {min(mine[key]):8.2f})   stock TinyDB {b:8.2f} ms"
                  f"   ratio {a / b:6.2f}x")
        med[count]["open_best"] = min(mine["open"])
    low, high = min(med), max(med)
    if low != high:
        for key in ("create", "append"):
            print(f"{key} at {high} vs {low} sessions: {med[high][key] / med[low][key]:.2f}x (target <= 2x)")
    print(f"open at {high} sessions: median {med[high]['open']:.1f} ms, best {med[high]['open_best']:.1f} ms"
          " (target <= 100 ms; the best of 9 is the figure least disturbed by other work on the machine)")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [10, 1000, 10000])
