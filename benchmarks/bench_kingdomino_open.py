"""The bytes of opening a new Kingdomino session's screen and of a placing tap, in-process (a Flet `Session` on
a recording connection, `tests.flet_session`, as `bench_tap_server.py` measures), beside the hello-world
counter's opening and tap. A new four-player session opens on Ann's kingdom (an empty 9 × 9 frame, the 48
dominoes to pick, the comparison, the log); then Ann places her first domino as a player does: the domino in the
picker, the square for its first half, the square for its second half (the placing tap). Bytes are the same on
any machine; the figures are bytes, not times.

    .venv/bin/python benchmarks/bench_kingdomino_open.py [--parts]

`--parts`: also where the opening's bytes go, by kind of control (count, and the bytes of each kind's own
properties, its children not counted), the heaviest first.

Figures as printed (December 2026), before and after the picker's and the kingdom's tiles were lightened:

    hello counter: first render 183 B, tap 57 B
    kingdomino, new session of 4: first render 123,834 B (677 times the counter's; largest frame 118,752 B)
    kingdomino pick tap: 4,272 B / first half tap: 2,663 B / placing tap: 2,428 B
    after: first render 115,971 B (634 times; largest frame 110,889 B); pick 4,210 B, first half 2,636 B,
    placing 2,401 B

Where the largest frame goes: the picker's 48 tiles about 70 KB (a crowned half's crowns about 500 B each, a
canvas with its outline twice, filled and edged, in floats), the 81 squares of the 9 × 9 frame about 25 KB (an
empty one about 290 B: its name, size, four-sided border and Flet's own `_internals`), the rest (status, players,
comparison, scoreboard, log) about 7 KB. Centring in floats (25 B a tile), whole crown corners as floats and a
node around each tile's number and face to leave it out of the read-out were cut (`views/games/kingdomino.py`).
Tried and dropped, as they changed what is drawn: a crown's outline sent in whole numbers and the canvas scaled
(Flet clips a canvas at its own size before scaling it), one canvas for a row of crowns (their edges filled the
pixel between them); the same outline scaled in a clipping box of the crown's size saved 1.9 KB (pixels not compared)
for a control more per crown, not kept.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the repo root, before any installed copy

import flet as ft  # noqa: E402
import msgpack  # noqa: E402

from benchmarks.bench_kingdomino_tap import labelled, square  # noqa: E402
from benchmarks.bench_screens import T0  # noqa: E402
from benchmarks.bench_tap_server import cpu_timers, done, find, hello_opened, tap  # noqa: E402
from scoring.record import new_record  # noqa: E402
from storage import Store  # noqa: E402
from tests.flet_session import connect, decoded  # noqa: E402
from tests.test_views_kingdomino import BROWSER_MOVES  # noqa: E402
from views import words  # noqa: E402
from views.app import main_for  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
LANG = "zh-CN"  # the screen's language with no stored setting


def is_control(value) -> bool:
    """A control as sent (a map with its class), or a list holding one."""
    if isinstance(value, list):
        return any(map(is_control, value))
    return isinstance(value, dict) and "_c" in value


def parts(node, out: dict) -> None:
    """Add each control's count and the bytes of its own properties (not its child controls) to out, by class."""
    if isinstance(node, list):
        for item in node:
            parts(item, out)
    elif isinstance(node, dict):
        if "_c" in node:
            own = {k: v for k, v in node.items() if not is_control(v)}
            out[node["_c"]][0] += 1
            out[node["_c"]][1] += len(msgpack.packb(own))
        for value in node.values():
            parts(value, out)


async def hello() -> tuple[int, int]:
    """The hello counter's opening bytes and the bytes of its tap."""
    sess, conn = await hello_opened()
    opened = sum(map(len, conn.frames))
    tapped = (await tap(sess, conn, find(sess, ft.Button, content="plus one"), cpu_timers({})))["bytes"]
    await done(sess)
    return opened, tapped


async def kingdomino(store: Store) -> tuple[int, list[bytes], dict[str, int]]:
    """A new four-player session's opening bytes and frames, and the bytes of Ann's first domino's three taps."""
    sid = store.create(new_record("kingdomino", PLAYERS, now=T0))
    sess, conn = await connect(main_for(store), f"/play/{sid}")
    opened, frames = sum(map(len, conn.frames)), list(conn.frames)
    number, cells = BROWSER_MOVES[0]
    tip = words.say(LANG, "kingdomino.view.domino_tip", domino=number, first="\x00", second="")
    spent = cpu_timers({})
    taps = {"pick": (await tap(sess, conn, labelled(sess, tip.split("\x00")[0]), spent))["bytes"],
            "first half": (await tap(sess, conn, square(sess, cells[0]), spent))["bytes"],
            "placing": (await tap(sess, conn, square(sess, cells[1]), spent))["bytes"]}
    assert len(store.load(sid)["actions"]) == 1, "the placement was refused"
    await done(sess)
    return opened, frames, taps


async def run(show_parts: bool) -> None:
    """Print the bytes beside the hello counter's."""
    hello_open, hello_tap = await hello()
    with tempfile.TemporaryDirectory(prefix="bench-kingdomino-open-") as tmp:
        store = Store(Path(tmp) / "data", exclusive=True)
        opened, frames, taps = await kingdomino(store)
        store.close()
    print(f"hello counter: first render {hello_open:,} B, tap {hello_tap:,} B")
    print(f"kingdomino, new session of {len(PLAYERS)}: first render {opened:,} B "
          f"({opened / hello_open:.0f} times the counter's; largest frame {max(map(len, frames)):,} B)")
    for kind, sent in taps.items():
        print(f"kingdomino {kind} tap: {sent:,} B ({sent / hello_tap:.0f} times the counter's)")
    if show_parts:
        out: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for frame in frames:
            parts(decoded(frame), out)
        for kind, (count, size) in sorted(out.items(), key=lambda item: -item[1][1])[:15]:
            print(f"  {kind:20s} {count:5d} controls, {size:7,} B of their own")


if __name__ == "__main__":
    asyncio.run(run("--parts" in sys.argv))
