"""The Tableside store with 10, 1,000 and 10,000 stored sessions, beside stock TinyDB holding the same records.

Each stored session is a finished 3-player score pad game of 10 rounds. The store holds them as one small file
per session plus a catalogue in 64 shards; stock TinyDB (`JSONStorage`, the default) holds the same records as
documents of one file. Measured at each size (median of repeated runs, in the same process):

- open: a fresh `Store(folder)` (checks data.json and notices; the catalogue waits until first needed), beside
  stock TinyDB opening its file and reading every document. Target: at most 100 ms at 10,000.
- first page: what start-up does before the home screen: open, then the first page of history (the first
  catalogue read: every shard with its checksum and shape, reconciled with the sessions folder).
- list: `sessions()`, all of them, on the open store; page: what the home screen asks on every render
  (`count` and the newest `PAGE` finished sessions). Stock TinyDB's anchor for both is its open.
- create: storing one new session (session file + its catalogue shard, each fsynced), beside stock TinyDB
  inserting one document. Target: at most 2x the store's own figure at 10 sessions.
- append: one score pad round on an active session (only its own file is written), beside stock TinyDB
  updating the record in its one file.

The stores of every size are built first and then timed in turn (one call at each size, then again), so that
other work on the shared machine weighs on every size alike: the ratios between sizes are not noise.

Run: .venv/bin/python benchmarks/bench_storage.py [--create] [counts...]   (--create: only the create figure,
without stock TinyDB)
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
from views.home import PAGE  # noqa: E402

PLAYERS = ["Ann", "小明", "Bo"]
T0 = "2026-03-01T20:00:00"
KEYS = ("open", "first page", "list", "page", "create", "append")
TARGETS = {"open": "", "first page": "", "page": " (target <= 1.3x)", "create": " (target <= 2x)",
           "append": " (target <= 2x)"}


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


def interleaved(fns: dict[int, object], reps: int) -> dict[int, list[float]]:
    """Milliseconds of reps calls of each size's fn, taking the sizes in turn (one call of each, then again), so
    that other work on the machine weighs on every size alike and the ratios between sizes are not noise."""
    out: dict[int, list[float]] = {count: [] for count in fns}
    for i in range(reps):
        for count, fn in fns.items():
            start = time.perf_counter()
            fn(i)
            out[count].append((time.perf_counter() - start) * 1000)
    return out


def fill(folder: Path, past: list[dict]) -> None:
    """A store holding past (1,000 sessions a write)."""
    with Store(folder) as store:
        for start in range(0, len(past), 1000):
            store.create_many(past[start:start + 1000])


def first_page(folder: Path) -> None:
    """What the app does at start-up: open the store and ask for the home screen's first page of history (the
    first catalogue read: every shard checked and reconciled with the sessions folder)."""
    with Store(folder) as store:
        store.count("finished")
        store.sessions("finished", limit=PAGE)


def ours(folders: dict[int, Path], reps: int, keys: tuple[str, ...]) -> dict[int, dict[str, list[float]]]:
    """The times of keys (of open, first page, list, page, create, append) of our stores, the sizes timed in
    turn."""
    out: dict[int, dict[str, list[float]]] = {count: {} for count in folders}
    cold = {"open": ({c: (lambda i, f=f: Store(f).close()) for c, f in folders.items()}, 21),
            "first page": ({c: (lambda i, f=f: first_page(f)) for c, f in folders.items()}, 9)}
    for key, (fns, n) in ((k, v) for k, v in cold.items() if k in keys):
        for count, times in interleaved(fns, n).items():
            out[count][key] = times
    stores = {count: Store(folder) for count, folder in folders.items()}
    try:
        sids = {}
        for count, store in stores.items():
            store.sessions()
            sids[count] = store.create(new_record("score_pad", PLAYERS, now=T0))
            store.play(sids[count], round_action(0), T0)
        timings = {
            "list": ({c: (lambda i, s=s: s.sessions()) for c, s in stores.items()}, 9),
            "page": ({c: (lambda i, s=s: (s.count("finished"), s.sessions("finished", limit=PAGE)))
                      for c, s in stores.items()}, 21),
            "create": ({c: (lambda i, s=s: s.create(new_record("score_pad", PLAYERS, now=T0)))
                        for c, s in stores.items()}, 60),
            "append": ({c: (lambda i, s=s, c=c: s.play(sids[c], round_action(i), T0))
                        for c, s in stores.items()}, reps),
        }
        for key, (fns, n) in ((k, v) for k, v in timings.items() if k in keys):
            for count, times in interleaved(fns, n).items():
                out[count][key] = times
    finally:
        for store in stores.values():
            store.close()
    return out


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
    return {"open": opens, "first page": opens, "list": opens, "create": creates, "append": appends}


def main(counts: list[int], keys: tuple[str, ...] = KEYS) -> None:
    """Print the figures of keys for each history size, then the ratios that matter (stock TinyDB's only when
    every key is measured)."""
    with tempfile.TemporaryDirectory() as tmp:
        folders, theirs, setup, sizes = {}, {}, {}, {}
        for count in counts:
            past = history(count)
            folders[count] = Path(tmp) / f"store-{count}"
            start = time.perf_counter()
            fill(folders[count], past)
            setup[count] = time.perf_counter() - start
            if keys == KEYS:
                theirs[count] = stock(Path(tmp) / f"stock-{count}.json", past, 200 if count <= 1000 else 20)
                sizes[count] = (Path(tmp) / f"stock-{count}.json").stat().st_size / 1e6
        mine = ours(folders, 200, keys)
    med = {count: {k: statistics.median(v) for k, v in mine[count].items()} for count in counts}
    for count in counts:
        size = f"; stock TinyDB file {sizes[count]:.1f} MB" if count in sizes else ""
        print(f"{count} stored sessions (stored in {setup[count]:.1f} s{size}):")
        for key in keys:
            a, times = med[count][key], mine[count][key]
            anchor = theirs.get(count, {}).get(key)
            b = statistics.median(anchor) if anchor else 0
            versus = f"   stock TinyDB {b:8.2f} ms   ratio {a / b:6.2f}x" if anchor else ""
            print(f"  {key:10}: tableside {a:8.2f} ms (best {min(times):8.2f}){versus}")
    low, high = min(counts), max(counts)
    if low != high:
        for key, target in ((k, t) for k, t in TARGETS.items() if k in keys):
            print(f"{key} at {high} vs {low} sessions: {med[high][key] / med[low][key]:.2f}x{target}"
                  f"   [{med[high][key]:.2f} vs {med[low][key]:.2f} ms, sizes timed in turn]")
    if "open" not in keys or "first page" not in keys:
        return
    print(f"open at {high} sessions: median {med[high]['open']:.1f} ms, best {min(mine[high]['open']):.1f} ms"
          f" (target <= 100 ms); with the first page of history (the first catalogue read): median"
          f" {med[high]['first page']:.1f} ms, best {min(mine[high]['first page']):.1f} ms")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:] if a != "--create"] or [10, 1000, 10000],
         ("create",) if "--create" in sys.argv[1:] else KEYS)
