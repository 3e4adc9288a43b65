"""The server's own share of a claim with 8 seated phones, in-process (no browser): the host's table screen and
8 phones at `/join/<id>` as real Flet sessions (`flet.messaging.session.Session`) over a connection that encodes
each message as the web server does (msgpack) and notes when it was sent; a claim is dispatched as a click on a
phone's "claim a reward" button, as Flet dispatches a tap.

    .venv/bin/python benchmarks/bench_table_server.py [--rounds 3] [--profile]

Prints per claim (medians over 3 claims a round): the server's CPU time, the wall time from the click to the
tapping phone's patch and to the last patch sent (the store's fsync included), and the bytes of each patch;
with `--profile`, the functions that took the most CPU time (cProfile on the process clock). The seat tokens
are given to each phone's browser storage directly (a stand-in answers `SharedPreferences`), the rest is the
app's own code path: hub, screens, Flet's render and diff. Built on Flet 1.0.5's session internals: re-check when
Flet is upgraded (see ../shared/FLET-NOTES.md).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import dataclasses
import io
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import msgpack  # noqa: E402
from flet.controls.base_control import BaseControl  # noqa: E402
from flet.controls.context import _context_page  # noqa: E402
from flet.messaging.connection import Connection  # noqa: E402
from flet.messaging.protocol import configure_encode_object_for_msgpack  # noqa: E402
from flet.messaging.session import Session  # noqa: E402
from flet.pubsub.pubsub_hub import PubSubHub  # noqa: E402

from benchmarks.bench_table import PLAYERS, answering8  # noqa: E402
from storage import Store  # noqa: E402
from views import app as shell_app  # noqa: E402
from views.join import PREFS_KEY  # noqa: E402
from views.table_hub import hub_for  # noqa: E402

QUIET_S = 0.05


class Recorder(Connection):
    """A connection that encodes every message as the web server would and keeps (time, bytes) of each."""

    def __init__(self, loop: asyncio.AbstractEventLoop, pubsub: PubSubHub):
        super().__init__()
        self.loop, self.pubsubhub = loop, pubsub
        self.page_url = "http://127.0.0.1:8550/"
        self.sent: list[tuple[float, int]] = []

    def send_message(self, message) -> None:
        """Encode the message (msgpack, with the web server's one-byte header) and note when and how big."""
        body = msgpack.packb([message.action, message.body], default=configure_encode_object_for_msgpack(BaseControl))
        self.sent.append((time.perf_counter(), len(body) + 1))


class Prefs:
    """A phone's browser storage, held in a dict."""

    def __init__(self, values: dict):
        self.values = values

    async def get(self, key: str):
        """The kept value, or None."""
        return self.values.get(key)

    async def set(self, key: str, value) -> bool:
        """Keep a value."""
        self.values[key] = value
        return True

    async def remove(self, key: str) -> bool:
        """Forget a value."""
        self.values.pop(key, None)
        return True


async def open_tab(store, pubsub: PubSubHub, route: str, prefs: Prefs) -> tuple[Recorder, Session]:
    """A tab at route: the app's shell rendered on a new session, as `views.app.main_for` does."""
    conn = Recorder(asyncio.get_running_loop(), pubsub)
    session = Session(conn)
    _context_page.set(session.page)
    session.apply_page_patch({"route": route})
    page = session.page
    page.fonts, page.theme, page.padding = shell_app.FONTS, shell_app.theme(), 0
    shell = shell_app.App(page, store)
    shell.prefs = prefs
    page.render(shell_app.Root, page, shell, {})
    session.get_page_patch()
    await session.after_event(page)
    return conn, session


def button(session: Session, text: str) -> BaseControl:
    """The control on the session's page whose content is text."""
    stack, seen = [session.page], set()
    while stack:
        control = stack.pop()
        if id(control) in seen:
            continue
        seen.add(id(control))
        if getattr(control, "content", None) == text:
            return control
        for field in dataclasses.fields(control):
            value = getattr(control, field.name, None) if field.name != "_parent" else None
            items = value if isinstance(value, (list, tuple)) else [value]
            stack += [item for item in items if isinstance(item, BaseControl)]
    raise LookupError(text)


async def quiet(conns: list[Recorder]) -> None:
    """Wait until no tab has been sent anything for QUIET_S."""
    while True:
        before = sum(len(c.sent) for c in conns)
        await asyncio.sleep(QUIET_S)
        if sum(len(c.sent) for c in conns) == before:
            return


async def run_round(profile: cProfile.Profile | None) -> list[dict]:
    """One session with the host's screen and 8 seated phones; 3 claims, each measured."""
    pubsub = PubSubHub(loop=asyncio.get_running_loop())
    with tempfile.TemporaryDirectory(prefix="tableside-bench-table-server-") as data, Store(Path(data)) as store:
        sid = store.create(answering8())
        store.set_setting("lang", "en")
        host, host_session = await open_tab(store, pubsub, f"/table/{sid}", Prefs({}))
        await quiet([host])
        hub = hub_for(store, sid)
        phones = [await open_tab(store, pubsub, f"/join/{sid}", Prefs({PREFS_KEY + sid: hub.join(hub.pin, p)}))
                  for p in PLAYERS]
        conns = [host, *(conn for conn, _ in phones)]
        await quiet(conns)
        claims = []
        for conn, session in phones[:3]:
            target = button(session, "claim a reward")
            marks = [len(c.sent) for c in conns]
            cpu, start = time.process_time(), time.perf_counter()
            if profile:
                profile.enable()
            await session.dispatch_event(target._i, "click", None)
            await quiet(conns)
            if profile:
                profile.disable()
            new = [c.sent[m:] for c, m in zip(conns, marks)]
            claims.append({"cpu": (time.process_time() - cpu) * 1000,
                           "own": (conn.sent[-1][0] - start) * 1000,
                           "last": (max(s[-1][0] for s in new if s) - start) * 1000,
                           "host_bytes": sum(b for _, b in new[0]),
                           "tapping_bytes": sum(b for _, b in conn.sent[marks[conns.index(conn)]:]),
                           "phone_bytes": [sum(b for _, b in s) for s in new[1:]]})
        for session in (host_session, *(session for _, session in phones)):
            session.close()
        return claims


def main() -> None:
    """Run the rounds and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    profile = cProfile.Profile(time.process_time) if args.profile else None
    claims: list[dict] = []
    for _ in range(args.rounds):
        claims += asyncio.run(run_round(profile))

    def median(key: str) -> float:
        """The median of one figure over every claim."""
        return statistics.median(c[key] for c in claims)

    others = statistics.median(b for c in claims for b in c["phone_bytes"])
    print(f"server, one claim with 8 phones and the host's screen ({len(claims)} claims, medians): "
          f"CPU {median('cpu'):.1f} ms; click -> the tapping phone's patch sent {median('own'):.1f} ms, "
          f"-> the last patch sent {median('last'):.1f} ms (wall, fsync included)")
    print(f"patch bytes: tapping phone {median('tapping_bytes'):.0f}, each other phone {others:.0f}, "
          f"host {median('host_bytes'):.0f}")
    if profile:
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(30)
        print(out.getvalue())


if __name__ == "__main__":
    main()
