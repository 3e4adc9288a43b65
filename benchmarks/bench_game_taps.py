"""The server's share of one tap in every game's screen, in a short and a long session, measured in-process as
`bench_tap_server.py` measures "add round" (its helpers: a Flet `Session` on a recording connection, no browser, no
socket, the CPU of the store, the render and the diff split out), each figure beside the hello-world counter's tap.

Method. Each game's log is built through its engine as `bench_replay.py` builds one (the first finite choice the
engine's `prompt` offers; a neutral round where the game takes free input), cut to SHORT and to LONG actions, and
stored; a game that ends sooner is cut to what it reached, less the taps to come, so its screen still offers moves
(no long/short ratio when that is not longer than SHORT). The screen opens on the session as a phone opens it; one
"typical tap" is the first enabled control of the game's own part of the screen (between the multi-phone button and
the first of the ways out: export, finish, show all) whose tap stores an action, empty text fields given "1" first
(a round's points). Taps that store nothing on the way (a selection, a fold) are not counted; each counted tap is
searched afresh, so a game that takes two taps a move (Kingdomino: the domino, then its squares) is measured on the
one that stores. Figures per game and length: the median of TAPS taps: server CPU ms and its ratio to the counter,
wall ms (includes the store's fsyncs), bytes sent, and the CPU ms of store / render / diff; then long/short ratios
of CPU, wall and bytes (the issue's target: within 1.2x). A game whose log cannot be built from its engine alone
(its first step takes free input that is not a round's points) is reported so.

    .venv/bin/python benchmarks/bench_game_taps.py [game ...] [--taps N] [--profile]

`--profile`: a CPU profile (cProfile) of each game's long-session taps, the functions with the most time first.
"""

from __future__ import annotations

import argparse
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

from benchmarks.bench_replay import build  # noqa: E402
from benchmarks.bench_tap_server import cpu_timers, done, hello_taps, median_ms, tap, words  # noqa: E402
from scoring.core import games  # noqa: E402
from storage import Store  # noqa: E402
from tests.flet_session import connect, settle  # noqa: E402
from views import words as say  # noqa: E402
from views.app import main_for  # noqa: E402
from views.games import has_view  # noqa: E402

SHORT, LONG = 10, 300
LANG = "zh-CN"  # the screen's language with no stored setting
START = "table.open"  # the game's own part of the screen starts after this button
OUT = ("app.export", "app.score_pad.finish", "app.move.finish", "app.move.end", "app.show_all")
SKIP = ("app.undo_what", "app.redo_what")  # a way back, not a move
TYPED = "1"
KINDS = ("move", "undo")
TRIES = 40  # taps tried for one move before the game is said to offer none


def stored(store: Store, sid: str) -> int:
    """How many actions the session's log holds."""
    return len(store.record(sid)["actions"])


def game_part(sess) -> list[ft.Control]:
    """The enabled tappable controls of the game's own part of the screen, in screen order."""
    start, stops = say.say(LANG, START), {say.say(LANG, key) for key in OUT}
    skips = tuple(say.say(LANG, key, what="\x00").split("\x00")[0] for key in SKIP)
    out, inside = [], False
    for control in list(sess.index.values()):
        text = words(getattr(control, "content", None))
        if inside and text in stops:
            break
        if inside and not (isinstance(text, str) and text.startswith(skips)) and callable(getattr(control, "on_click", None)) and not getattr(control, "disabled", False):
            out.append(control)
        inside = inside or text == start
    return out


async def fill_fields(sess) -> None:
    """Give every empty text field on the screen TYPED, as a person types a round's points."""
    for field in [c for c in list(sess.index.values()) if isinstance(c, ft.TextField) and not c.value]:
        sess.apply_patch(field._i, {"value": TYPED})
        await sess.dispatch_event(field._i, "change", TYPED)
    await settle()


async def one_move(sess, conn, store: Store, sid: str, spent: dict) -> dict | None:
    """The figures of the first tap of the game's part that stores an action; None if none does."""
    tried: set[int] = set()
    for _ in range(TRIES):
        await fill_fields(sess)
        left = [c for c in game_part(sess) if c._i not in tried]
        if not left:
            return None
        before = stored(store, sid)
        tried.add(left[0]._i)
        got = await tap(sess, conn, left[0], spent)
        if stored(store, sid) > before:
            return got
    return None


def way_back(sess, key: str) -> ft.Control | None:
    """The mounted undo or redo button (`app.undo_what` / `app.redo_what`), if the screen shows one."""
    prefix = say.say(LANG, key, what="\x00").split("\x00")[0]
    found = [c for c in list(sess.index.values()) if isinstance(words(getattr(c, "content", None)), str)
             and words(c.content).startswith(prefix) and not getattr(c, "disabled", False)]
    return found[0] if found else None


async def undo_taps(sess, conn, store: Store, sid: str, taps: int, spent: dict) -> list[dict]:
    """`taps` undo taps, each measured and then put back by a redo tap (not measured), so the log keeps its
    length; fewer if the screen offers no undo (or the undo asks the table's consent: a dialog, nothing taken
    back)."""
    out = []
    for _ in range(taps):
        undo, before = way_back(sess, SKIP[0]), stored(store, sid)
        if undo is None:
            break
        got = await tap(sess, conn, undo, spent)
        redo = way_back(sess, SKIP[1])
        if stored(store, sid) >= before or redo is None:
            break
        out.append(got)
        await tap(sess, conn, redo, spent)
    return out


async def game_taps(store: Store, record: dict, taps: int, spent: dict, profile) -> dict[str, list[dict]]:
    """Store the record, open its screen, take back and put back its last action `taps` times, then make `taps`
    moves; the figures of each kind of tap."""
    sid = store.create(record)
    sess, conn = await connect(main_for(store), f"/play/{sid}")
    out: dict[str, list[dict]] = {"undo": await undo_taps(sess, conn, store, sid, taps, spent), "move": []}
    for _ in range(taps):
        if profile:
            profile.enable()
        got = await one_move(sess, conn, store, sid, spent)
        if profile:
            profile.disable()
        if got is None:
            break
        out["move"].append(got)
    await done(sess)
    return out


def lengths(reached: int, taps: int) -> list[int]:
    """The short and long lengths of a game whose built log reached `reached` actions."""
    return sorted({min(SHORT, reached), max(0, min(LONG, reached - taps - 1))})


def line(game: str, kind: str, size: int, got: list[dict], base: float) -> str:
    """One game, kind of tap and length's figures, beside the counter's."""
    if not got:
        return f"{game:11} {kind:4} {size:4} actions: no such tap (see the module docstring)"
    cpu = median_ms(got, "cpu")
    sent = sorted(r["bytes"] for r in got)[len(got) // 2]
    parts = "  ".join(f"{k} {median_ms(got, k):6.2f} ({median_ms(got, k) / base:4.1f}x)"
                      for k in ("store", "render", "diff"))
    return (f"{game:11} {kind:4} {size:4} actions: CPU {cpu:7.2f} ms ({cpu / base:5.1f}x)  wall {median_ms(got, 'wall'):7.2f} "
            f"ms  {sent:7} B  | {parts}  (median of {len(got)})")


def ratios(short: list[dict], long: list[dict]) -> str:
    """The long session's figures over the short one's."""
    if not short or not long:
        return ""
    figs = {k: median_ms(long, k) / max(median_ms(short, k), 1e-9) for k in ("cpu", "wall")}
    figs["bytes"] = sorted(r["bytes"] for r in long)[len(long) // 2] / max(
        sorted(r["bytes"] for r in short)[len(short) // 2], 1)
    return "  long/short: " + ", ".join(f"{k} {v:.2f}x" for k, v in figs.items()) + " (target <= 1.2x)"


def show_profile(profile: cProfile.Profile) -> None:
    """A CPU profile: the functions with the most time of their own, then the most in all."""
    for order in ("tottime", "cumulative"):
        text = io.StringIO()
        pstats.Stats(profile, stream=text).strip_dirs().sort_stats(order).print_stats(20)
        print(text.getvalue())


async def run(only: list[str], taps: int, profiling: bool) -> None:
    """Measure and print every game's taps at each length beside the hello counter's."""
    spent = cpu_timers()
    base = median_ms(await hello_taps(15, spent), "cpu")
    print(f"hello counter tap: server CPU {base:.2f} ms")
    with tempfile.TemporaryDirectory(prefix="bench-game-taps-") as tmp:
        store = Store(Path(tmp) / "data", exclusive=True)
        for game in sorted(g.id for g in games() if has_view(g.id) and (not only or g.id in only)):
            full = build(game, LONG + taps + 1)
            reached = len(full["actions"])
            if not reached:
                print(f"{game:11} no log built from the engine alone (its first step takes free input)")
                continue
            figures = {}
            for size in lengths(reached, taps):
                profile = cProfile.Profile() if profiling and size == max(lengths(reached, taps)) else None
                figures[size] = await game_taps(store, {**full, "actions": full["actions"][:size]}, taps, spent,
                                                profile)
                if profile:
                    show_profile(profile)
            for kind in KINDS:
                for size, got in figures.items():
                    print(line(game, kind, size, got[kind], base), flush=True)
                if len(figures) > 1:
                    print(ratios(*(got[kind] for got in figures.values())), flush=True)
        store.close()


def parse_args() -> argparse.Namespace:
    """The games to measure (all if none) and the taps per game and length."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--taps", type=int, default=7)
    parser.add_argument("--profile", action="store_true")
    return parser.parse_args()


if __name__ == "__main__":
    args = parse_args()
    asyncio.run(run(args.games, args.taps, args.profile))
