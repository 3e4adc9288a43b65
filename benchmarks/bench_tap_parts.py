"""Where a tap's milliseconds go on the server, in-process (a Flet `Session` on a recording connection, as
`bench_tap_server.py`): "add round" in a score pad session of 5 and of 500 actions, and a Kingdomino placement
(`bench_kingdomino_tap.py`), beside the "+" of a hello-world Flet counter measured in the same run (the anchor:
the machine is shared, so compare the ratios between runs, not the ms).

For each kind of tap, the median over its taps of each part, CPU ms and wall ms, and the CPU as a ratio to the
counter's whole tap:

- tap: from the click event reaching the session to the last frame queued.
- handler: the event's dispatch, our handler and all it calls at once (the store's play with its file write).
- store: `Store.play`; within it the engine's step, the session's summary (with its scoreboard), the JSON
  encoding of the file (with its checksum) and the fsyncs (the wall they wait is the disk's, not the CPU's).
- render: Flet's component renderer running our screens' build functions.
- diff: Flet's diff of the screen's controls against the last frame's.
- send: encoding each frame as the web server does (MessagePack).

    .venv/bin/python benchmarks/bench_tap_parts.py [taps] [--profile]

`--profile`: also a CPU profile (cProfile) of the 500-action session's taps, the functions with the most time of
their own first.

Figures as printed (December 2026, 15 taps, a shared machine under three test suites: the ratios moved by 50 %
from run to run, so compare parts, not runs). Before the top bar was kept and a breakdown line got slots:

    add round, 5-action session: tap 11.77/214.04 (19.4x), handler 2.20/65.58 (3.6x), store 1.31/49.48 (2.2x),
      render 4.20/54.48 (6.9x), diff 3.64/50.85 (6.0x)
    add round, 500-action session: tap 18.79/115.09 (31.0x), handler 6.96/34.35 (11.5x), store 5.78/26.62 (9.5x),
      render 4.58/17.71 (7.5x), diff 4.61/19.64 (7.6x)
    kingdomino placement: tap 28.18/163.87 (46.5x), store 1.63/11.49 (2.7x), render 10.34/40.55 (17.1x),
      diff 12.58/64.15 (20.8x)

In the 500-action session the store's CPU (about 5 ms, 1 ms at 5 actions) grows with the log: the engine's
scoreboard makes a breakdown line per round and player (about 1.4 ms), the session's file is encoded whole
(about 1.1 ms, `storage.atomic.encode`). The render and the diff (about 4 ms each) are spread over the screen's
parts, the round form and the rounds table (1 ms) the largest.
"""

from __future__ import annotations

import asyncio
import cProfile
import io
import os
import pstats
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the repo root, before any installed copy

from flet.components import component  # noqa: E402
from flet.controls import object_patch  # noqa: E402

from benchmarks import bench_kingdomino_tap, bench_tap_server  # noqa: E402
from scoring import record  # noqa: E402
from storage import Store, atomic  # noqa: E402
from storage import store as store_module  # noqa: E402
from tests.flet_session import Recorder  # noqa: E402

PARTS = {"store": (Store, "play"), "engine": (record, "play_step"), "summary": (store_module.Store, "_summary"),
         "encode": (atomic, "encode"), "fsync": (os, "fsync"), "render": (component.Renderer, "render"),
         "diff": (object_patch.ObjectPatch, "from_diff"), "send": (Recorder, "send_message")}
SHOWN = ("cpu", "handler", "store", "engine", "summary", "encode", "fsync", "render", "diff", "send")


def line(name: str, taps: list[dict], base: float) -> str:
    """One kind of tap: each part's median CPU ms (its ratio to the counter's tap) and wall ms."""
    parts = []
    for part in SHOWN:
        cpu = statistics.median(t[part] for t in taps) * 1000
        wall = statistics.median(t[f"{part} wall" if part != "cpu" else "wall"] for t in taps) * 1000
        parts.append(f"{'tap' if part == 'cpu' else part} {cpu:.2f}/{wall:.2f} ({cpu / base:.1f}x)")
    return f"{name} (median of {len(taps)}), CPU/wall ms (CPU vs counter):\n  " + ", ".join(parts)


async def kingdomino_places(store: Store, spent: dict) -> list[dict]:
    """The placement taps of one Kingdomino session played through the screen."""
    return (await bench_kingdomino_tap.placements(store, spent, None))["place"]


async def run(taps: int, profiling: bool) -> None:
    """Measure each kind of tap part by part and print it beside the counter's."""
    spent = bench_tap_server.cpu_timers(PARTS)
    hello = await bench_tap_server.hello_taps(taps, spent)
    base = bench_tap_server.median_ms(hello, "cpu")
    print(line("hello counter tap", hello, base))
    profile = cProfile.Profile() if profiling else None
    with tempfile.TemporaryDirectory(prefix="bench-parts-") as tmp:
        store = Store(Path(tmp) / "data", exclusive=True)
        for rounds in (5, 500):
            if profile and rounds == 500:
                profile.enable()
            got = (await bench_tap_server.round_taps(store, rounds, taps, spent))[1]
            if profile and rounds == 500:
                profile.disable()
            print(line(f"add round, {rounds}-action session", got, base))
        places = [t for _ in range(2) for t in await kingdomino_places(store, spent)]
        print(line("kingdomino placement", places, base))
        store.close()
    if profile:
        text = io.StringIO()
        pstats.Stats(profile, stream=text).strip_dirs().sort_stats("tottime").print_stats(30)
        print(text.getvalue())


if __name__ == "__main__":
    asyncio.run(run(int(next((a for a in sys.argv[1:] if a.isdigit()), 15)), "--profile" in sys.argv))
