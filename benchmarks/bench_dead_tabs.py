"""The server's CPU per table action as closed tabs pile up, in-process (no browser): a Knit Wit table of 8 with
the host's screen and P1's phone open, and N closed tabs (host screens and P2's phones, half each) whose websocket
ended as Flet ends one (`Session.disconnect`: its session waits for the tab to come back), as a table where
phones and laptops close and reopen their pages over an evening leaves them.

    .venv/bin/python benchmarks/bench_dead_tabs.py [--dead 0 8 32] [--actions 8]

Prints, for each number of closed tabs, the median CPU time of the server's process per action (P1 answers a
spool through the hub, then the loop runs until no open tab has been sent anything for a while), its ratio to the
first number's (the anchor, measured in the same run) and how many of the hub's subscribers are left. The Flet
patches of `views.reconnect` that `main.py` applies are applied here too. Built on Flet 1.0.5's session
internals, as `bench_table_server.py`.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flet.pubsub.pubsub_hub import PubSubHub  # noqa: E402

from benchmarks.bench_table import PLAYERS, answering8  # noqa: E402
from benchmarks.bench_table_server import Prefs, open_tab, quiet  # noqa: E402
from storage import Store  # noqa: E402
from views import reconnect  # noqa: E402
from views.join import PREFS_KEY  # noqa: E402
from views.table_hub import hub_for  # noqa: E402

SETTLE_S = 0.2  # after the open tabs are quiet, time for what the loop still draws for closed ones


async def measure(dead: int, actions: int) -> tuple[float, int]:
    """Median CPU ms per action with `dead` closed tabs, and the hub's subscribers left after the actions."""
    pubsub = PubSubHub(loop=asyncio.get_running_loop())
    with tempfile.TemporaryDirectory(prefix="tableside-bench-dead-tabs-") as data, Store(Path(data)) as store:
        sid = store.create(answering8())
        store.set_setting("lang", "en")
        hub = hub_for(store, sid)
        first, second = hub.join(hub.pin, PLAYERS[0]), hub.join(hub.pin, PLAYERS[1])
        host, host_session = await open_tab(store, pubsub, f"/table/{sid}", Prefs({}))
        phone, phone_session = await open_tab(store, pubsub, f"/join/{sid}", Prefs({PREFS_KEY + sid: first}))
        closed = []
        for n in range(dead):
            route, prefs = (f"/table/{sid}", {}) if n % 2 == 0 else (f"/join/{sid}", {PREFS_KEY + sid: second})
            conn, session = await open_tab(store, pubsub, route, Prefs(prefs))
            await quiet([conn])
            await session.disconnect(3600)
            closed.append(session)
        await quiet([host, phone])
        costs = []
        for spool in range(1, actions + 1):
            cpu = time.process_time()
            hub.act(first, {"type": "answer", "spool": spool, "text": f"answer{spool}"})
            await quiet([host, phone])
            await asyncio.sleep(SETTLE_S)
            costs.append((time.process_time() - cpu) * 1000)
        left = hub.connected()
        for session in (host_session, phone_session, *closed):
            session.close()
        return statistics.median(costs), left


def main() -> None:
    """Measure for each number of closed tabs and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--dead", type=int, nargs="+", default=[0, 8, 32])
    parser.add_argument("--actions", type=int, default=8)
    args = parser.parse_args()
    reconnect.keep_reloaded_tabs()
    reconnect.fresh_session_on_return()
    anchor = None
    for dead in args.dead:
        cost, left = asyncio.run(measure(dead, args.actions))
        anchor = anchor or cost
        print(f"{dead:3d} closed tabs: server CPU per action {cost:6.1f} ms (median of {args.actions}), ratio "
              f"{cost / anchor:.2f} to {args.dead[0]} closed tabs; hub subscribers left {left}")


if __name__ == "__main__":
    main()
