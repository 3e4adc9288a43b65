"""The server's share of one tap, in-process: "add round" in a score pad session of 5 and of 500 actions beside the
"+" of a hello-world Flet counter, each run in a Flet `Session` on a connection that encodes and records what it
would send (no browser, no socket). Figures per tap (median of N): the server's CPU time and wall time from the
click event to the last frame queued (wall includes the store's fsyncs), the bytes sent (also as a share of the
bytes of the session's opening, the whole page's first render), and how much of the CPU went to the store
(engine step, summary, encoding, the file write), to rendering the screen and to Flet's diff. CPU time hardly
depends on other work on the machine, so these figures hold on a loaded machine where the browser figures of
`bench_screens.py` do not.

    .venv/bin/python benchmarks/bench_tap_server.py [taps] [--frames]

`--frames`: also print the last tap's frames as sent (MessagePack decoded), part by part with the bytes of each:
Flet's table of the paths to the changes, then each change (which control, which property, what value).
Uses Flet's `Session` and `Connection` directly (`tests.flet_session`, Flet 1.0.5): re-check after a Flet upgrade.

Figures as printed (December 2026, 30 taps; the bytes are the same on any machine):

    add round, 5-action session (median of 30): ... 1373 B ...
      bytes per tap vs the whole page's first render (11,741 B): 11.7%
    add round, 500-action session (median of 30): ... 1278 B ...
      bytes per tap vs the whole page's first render (18,749 B): 6.8%

(1,387 B and 1,290 B before: the round blocks' keys "r7"/"v7" became 7/-7, -4 B; Undo's key, a 64-bit number
of the log's mark, became the count of marks the tab has drawn, -8 B.) Where the 1,278 B of a tap in the
500-action session go (`--frames`):

- Flet's table of the paths to the changes: 365 B. Every level from the screen's root to each of 19 places
  changed costs its index and a property name (17 times "controls", 9 B each).
- texts changed in place: 300 B. The status line (50), the form's heading (27) and its two fields emptied (20),
  the totals in the table (28), in the phone's totals line (37) and in the scoreboard with its read-outs (76),
  the log's count with its read-out (62).
- the oldest row of the table, of the phone's blocks (two controls) and of the log taken away: 16 B.
- new controls: 578 B. The new Undo (124: keyed anew for each action, with its focus handlers, `views.focus`),
  the table's new row (203), the phone's new round block (158: its button and its values), the log's new row
  (93). The table and the blocks are both sent, one hidden by the screen's width (`round_edit.rounds_table`).
- the frame's own wrapping: 19 B.

January 2027 (issue 14's 5 % target), 5 taps: 1,542 B of 12,097 (12.7 %) and 1,398 B of 19,190 (7.3 %) before,
1,509 B of 11,952 (12.6 %) and 1,365 B of 19,040 (7.2 %) once a fold head's drawn texts (a scoreboard row's title and
total, the log's title and count) were named by nothing themselves, not wrapped in a node left out of the read-out
(`views.components.folds.unread`: -11 B for each of the three a tap changes). Nothing unchanged is sent: every part
of the list above changes with the round. A tap sends the 5-action session's totals row and line anew (keyed by
place, `round_edit.rounds_table`: about 310 B), which the long session's does not.

Against the whole page: the page holds 20 rows of each kind a tap adds one of, so the new controls are about a
twentieth of their share of the page whatever they weigh (578 B, 3.1 % of it), and a byte cut from a row cuts
the page twenty times as much: the share hardly moves (the keys above: 6.85 % -> 6.82 %). Only the part a page
does not repeat moves it, the path table, the texts and the removals (681 B, 3.6 %). Leaving the hidden layout
out (the table on a phone, tried) sent 986 B a tap but made the page 14,153 B: 7.0 %.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the repo root, before any installed copy

import flet as ft  # noqa: E402
import msgpack  # noqa: E402
from flet.components import component  # noqa: E402
from flet.controls import object_patch  # noqa: E402
from flet.controls.base_control import BaseControl  # noqa: E402
from flet.messaging.session import Session  # noqa: E402

from benchmarks.bench_screens import session, typed_round  # noqa: E402
from storage import Store  # noqa: E402
from tests.flet_session import Recorder, connect, decoded, settle  # noqa: E402
from tests.helpers import field_named  # noqa: E402
from views.app import main_for  # noqa: E402

TIMERS = {"store": (Store, "play"), "render": (component.Renderer, "render"),
          "diff": (object_patch.ObjectPatch, "from_diff")}


def cpu_timers(timers: dict[str, tuple] = TIMERS) -> dict[str, list[float]]:
    """Wrap each function named in timers (name: (owner, attribute), a class's method, classmethod or staticmethod,
    or a module's function) to add up its CPU and wall seconds, [cpu, wall] (outermost calls only; a child
    component rendered during the diff would count in both)."""
    spent: dict[str, list[float]] = {name: [0.0, 0.0] for name in timers}
    for name, (owner, attr) in timers.items():
        original = getattr(owner, attr)
        depth = [0]

        def timed(*args, _original=original, _name=name, _depth=depth, **kwargs):
            """Call through, adding the CPU and wall time of the outermost call."""
            start, wall = time.process_time(), time.perf_counter()
            _depth[0] += 1
            try:
                return _original(*args, **kwargs)
            finally:
                _depth[0] -= 1
                if not _depth[0]:
                    spent[_name][0] += time.process_time() - start
                    spent[_name][1] += time.perf_counter() - wall

        kind = type(vars(owner).get(attr))
        setattr(owner, attr, staticmethod(timed) if kind in (classmethod, staticmethod) else timed)
    return spent


def words(value):
    """A field's value as the screen reads it: a label given as a Text (the score pad's, which wrap) by its words."""
    return value.value if isinstance(value, ft.Text) else value


def find(sess: Session, kind: type, **fields) -> BaseControl:
    """The one mounted control of a kind with these field values."""
    found = [c for c in list(sess.index.values())
             if isinstance(c, kind) and all(words(getattr(c, k)) == v for k, v in fields.items())]
    assert len(found) == 1, (kind, fields, found)
    return found[0]


async def done(sess: Session) -> None:
    """Close the session as the server does when its tab is gone (its update scheduler stops)."""
    sess.close()
    await settle()


async def tap(sess: Session, conn: Recorder, control: BaseControl, spent: dict) -> dict:
    """Click control; the tap's CPU and wall ms (in all, and of the event's dispatch: the handler and what it
    calls at once), bytes, frames, and CPU and wall ms per part."""
    conn.frames.clear()
    for part in spent.values():
        part[:] = [0.0, 0.0]
    wall, cpu = time.perf_counter(), time.process_time()
    await sess.dispatch_event(control._i, "click", None)
    handler = {"handler": time.process_time() - cpu, "handler wall": time.perf_counter() - wall}
    await settle()
    figures = {"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall,
               "bytes": sum(map(len, conn.frames)), "frames": list(conn.frames), **handler}
    return {**figures, **{name: part[0] for name, part in spent.items()},
            **{f"{name} wall": part[1] for name, part in spent.items()}}


@ft.component
def Counter():
    """The hello counter of `bench_screens.py`: a count and a button that adds one."""
    count, set_count = ft.use_state(0)
    return ft.Column([ft.Text(f"count: {count}", size=24),
                      ft.Button(content="plus one", on_click=lambda e: set_count(count + 1))])


async def hello_opened() -> tuple[Session, Recorder]:
    """The hello counter opened in a session (its first render sent): the session and its connection."""
    return await connect(lambda page: page.render(Counter), "/")


async def hello_taps(taps: int, spent: dict) -> list[dict]:
    """The hello counter, tapped `taps` times."""
    sess, conn = await hello_opened()
    out = [await tap(sess, conn, find(sess, ft.Button, content="plus one"), spent) for _ in range(taps)]
    await done(sess)
    return out


async def round_taps(store: Store, rounds: int, taps: int, spent: dict) -> tuple[int, list[dict]]:
    """Open a score pad session of `rounds` rounds, type a round and tap "add round" `taps` times; the bytes of
    the opening (the whole page's first render) and the taps."""
    sid = session(store, rounds)
    sess, conn = await connect(main_for(store), f"/play/{sid}")
    whole = sum(map(len, conn.frames))
    out = []
    for i in range(taps):
        for name, typed in typed_round(rounds + i).items():
            field = field_named(list(sess.index.values()), name)
            sess.apply_patch(field._i, {"value": typed})
            await sess.dispatch_event(field._i, "change", typed)
        await settle()
        out.append(await tap(sess, conn, find(sess, ft.FilledButton, content="记入本轮"), spent))
    await done(sess)
    return whole, out


def median_ms(runs: list[dict], key: str) -> float:
    """The median of one figure, in ms."""
    return statistics.median(r[key] for r in runs) * 1000


def show_frames(frames: list[bytes]) -> None:
    """Print frames as sent, decoded: a patch frame part by part (its table of paths, then each change), each
    with its bytes as MessagePack."""
    for frame in frames:
        action, body = decoded(frame)
        patch = body.get("patch") if isinstance(body, dict) else None
        if not patch:
            print(f"  {len(frame)} B: {json.dumps([action, body], ensure_ascii=False, default=str)}")
            continue
        print(f"  {len(frame)} B, control {body.get('id')}:")
        for part in patch:
            print(f"    {len(msgpack.packb(part)):4d} B: {json.dumps(part, ensure_ascii=False, default=str)}")


async def run(taps: int, frames: bool) -> None:
    """Measure and print each figure beside the hello counter's."""
    spent = cpu_timers()
    hello = await hello_taps(taps, spent)
    with tempfile.TemporaryDirectory(prefix="bench-tap-") as tmp:
        store = Store(Path(tmp) / "data", exclusive=True)
        runs = {rounds: await round_taps(store, rounds, taps, spent) for rounds in (5, 500)}
        store.close()
    base = median_ms(hello, "cpu")
    print(f"hello counter tap: server CPU {base:.2f} ms, wall {median_ms(hello, 'wall'):.2f} ms, "
          f"{statistics.median(r['bytes'] for r in hello):.0f} B")
    for rounds, (whole, got) in runs.items():
        cpu = median_ms(got, "cpu")
        sent = statistics.median(r["bytes"] for r in got)
        print(f"add round, {rounds}-action session (median of {taps}): server CPU {cpu:.2f} ms (ratio "
              f"{cpu / base:.1f} to the counter), wall {median_ms(got, 'wall'):.2f} ms, "
              f"{sent:.0f} B; CPU: store {median_ms(got, 'store'):.2f} ms, "
              f"render {median_ms(got, 'render'):.2f} ms, diff {median_ms(got, 'diff'):.2f} ms")
        print(f"  bytes per tap vs the whole page's first render ({whole:,} B): {sent / whole:.1%}")
        if frames:
            show_frames(got[-1]["frames"])


if __name__ == "__main__":
    asyncio.run(run(int(next((a for a in sys.argv[1:] if a.isdigit()), 15)), "--frames" in sys.argv))
