"""The server's share of a Kingdomino tap, in-process, measured as `bench_tap_server.py` measures "add round": a
Flet `Session` on a recording connection (no browser, no socket), beside the "+" of a hello-world Flet counter.
A stored two-player session has Ann's first dominoes placed (mid-game); the screen then places her next ones as a
player does: tap the domino in the picker, the square for its first half, the square for its second half (the
placement, which sends the move to the engine and brings the picker back). Figures per kind of tap (median of
all taps of that kind): server CPU ms, its ratio to the counter's tap, wall ms, bytes sent, and the CPU of the
store, the render and the diff.

    .venv/bin/python benchmarks/bench_kingdomino_tap.py [sessions] [--profile]

`--profile`: also a CPU profile (cProfile) of the placement taps, the functions taking the most time first.
"""

from __future__ import annotations

import asyncio
import cProfile
import io
import pstats
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the repo root, before any installed copy

import flet as ft  # noqa: E402

from benchmarks.bench_screens import T0  # noqa: E402
from benchmarks.bench_tap_server import connect, cpu_timers, done, hello_taps, median_ms, tap  # noqa: E402
from scoring.record import new_record  # noqa: E402
from storage import Store  # noqa: E402
from tests.test_views_kingdomino import BROWSER_MOVES  # noqa: E402
from views import words  # noqa: E402
from views.app import main_for  # noqa: E402

PLAYED = 4  # Ann's dominoes in the store before the screen opens
KINDS = ("pick", "first", "place")
LANG = "zh-CN"  # the screen's language with no stored setting (tiles are found by their accessible names)


def labelled(sess, prefix: str) -> ft.Control:
    """The one mounted tappable tile whose accessible name starts with prefix."""
    found = [c for c in list(sess.index.values())
             if isinstance(c, ft.Semantics) and c.button and str(c.label or "").startswith(prefix)]
    assert len(found) == 1, (prefix, found)
    return found[0].content


def square(sess, cell: list[int]) -> ft.Control:
    """A square of the kingdom (frame cell, 0-based) by its accessible name."""
    name = words.say(LANG, "app.grid.cell", row=cell[0] + 1, col=cell[1] + 1, value="\x00")
    return labelled(sess, name.split("\x00")[0])


async def placements(store: Store, spent: dict, profile: cProfile.Profile | None) -> dict[str, list[dict]]:
    """Open a mid-game session and place Ann's remaining dominoes through the screen; the taps by kind."""
    sid = store.create(new_record("kingdomino", ["Ann", "Bob"], now=T0))
    for number, cells in BROWSER_MOVES[:PLAYED]:
        store.play(sid, {"type": "place", "by": "Ann", "domino": number, "cells": cells}, T0)
    sess, conn = await connect(main_for(store), f"/play/{sid}")
    out: dict[str, list[dict]] = {kind: [] for kind in KINDS}
    for number, cells in BROWSER_MOVES[PLAYED:]:
        tip = words.say(LANG, "kingdomino.view.domino_tip", domino=number, first="\x00", second="")
        out["pick"].append(await tap(sess, conn, labelled(sess, tip.split("\x00")[0]), spent))
        out["first"].append(await tap(sess, conn, square(sess, cells[0]), spent))
        second = square(sess, cells[1])
        if profile:
            profile.enable()
        out["place"].append(await tap(sess, conn, second, spent))
        if profile:
            profile.disable()
    assert len(store.load(sid)["actions"]) == len(BROWSER_MOVES), "a placement was refused"
    await done(sess)
    return out


def show_profile(profile: cProfile.Profile) -> None:
    """The placement taps' CPU profile: the functions with the most time of their own, then the most in all."""
    for order in ("tottime", "cumulative"):
        text = io.StringIO()
        pstats.Stats(profile, stream=text).strip_dirs().sort_stats(order).print_stats(25)
        print(text.getvalue())


async def run(sessions: int, profiling: bool) -> None:
    """Measure and print each kind of tap beside the hello counter's."""
    spent = cpu_timers()
    hello = await hello_taps(15, spent)
    profile = cProfile.Profile() if profiling else None
    taps: dict[str, list[dict]] = {kind: [] for kind in KINDS}
    with tempfile.TemporaryDirectory(prefix="bench-kingdomino-") as tmp:
        store = Store(Path(tmp) / "data", exclusive=True)
        for _ in range(sessions):
            for kind, got in (await placements(store, spent, profile)).items():
                taps[kind] += got
        store.close()
    base = median_ms(hello, "cpu")
    print(f"hello counter tap: server CPU {base:.2f} ms")
    for kind, got in taps.items():
        cpu = median_ms(got, "cpu")
        sent = sorted(r["bytes"] for r in got)[len(got) // 2]
        print(f"kingdomino {kind} tap (median of {len(got)}): server CPU {cpu:.2f} ms (ratio {cpu / base:.1f} to "
              f"the counter), wall {median_ms(got, 'wall'):.2f} ms, {sent} B; CPU: store "
              f"{median_ms(got, 'store'):.2f} ms, render {median_ms(got, 'render'):.2f} ms, "
              f"diff {median_ms(got, 'diff'):.2f} ms")
    if profile:
        show_profile(profile)


if __name__ == "__main__":
    asyncio.run(run(int(next((a for a in sys.argv[1:] if a.isdigit()), 4)), "--profile" in sys.argv))
