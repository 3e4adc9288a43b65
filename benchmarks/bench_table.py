"""Table mode with 8 phones: a claim tapped on one phone → visible on all 8 (median), beside the anchor of the
same claim becoming visible on the tapping phone itself; and the server's memory with 0, 1 and 8 phones seated.

    .venv/bin/python benchmarks/bench_table.py [--rounds 2] [--phones 8]

Each round opens a fresh Knit Wit session for 8 players at the answering phase (buttons 4, 3, 2, 1), seats 8
phones (one headless Chromium context each) through the join screen after the host has opened the table on a
laptop-sized tab (that is where the join PIN is shown; the host's tab stays open and counts in the memory), then
three players claim in turn (with fewer phones, one claim per phone); for each claim the time from the tap until
every phone shows the rewards left. Memory is the server's resident set (VmRSS) read from /proc.

Where the time goes: each tab's page notes (on the system clock) when it sends a websocket frame and when its
script is handed one, so each claim splits into tap -> event sent (the tapping phone's browser), -> the claim's
patch handed to the last phone's page (the server from receive to its last send, loopback, and the time a page
busy drawing takes to take the frame), -> shown on all (the browsers drawing it). Chromium's DevTools reports
websocket frames from the page's own thread too (its `Network.webSocketFrame*` times are the same instants), so
the server's own share is measured in-process instead (`benchmarks/bench_table_server.py`). `--phones 1` seats
one phone only: the same claim with one tab to repaint.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from scoring.record import new_record  # noqa: E402
from storage import Store  # noqa: E402
from tests.browser.conftest import CHROMIUM, FLAGS, LAPTOP, PHONE, Tab, start_server, stop_server  # noqa: E402
from tests.browser.test_table_mode import host_pin  # noqa: E402

PLAYERS = [f"P{n}" for n in range(1, 9)]
READ_ALL = ("Array.from(document.querySelectorAll('flt-semantics')).map(e => e.getAttribute('aria-label') || '')"
            ".join('\\n') + document.body.innerText")


def answering8() -> dict:
    """Knit Wit for 8 players, one spool each, woven one loop per spool: everyone answering."""
    actions = [{"type": "deal", "by": "table", "spools": {p: [n] for n, p in enumerate(PLAYERS, 1)}}]
    for n, p in enumerate(PLAYERS, 1):
        actions += [{"type": "loop", "by": p, "tag": f"tag{n}", "encloses": [] if n == 1 else [n - 1]},
                    {"type": "spool", "by": p, "number": n, "loops": [n]}]
    return new_record("knit_wit", PLAYERS, {"deal": "table"}) | {"actions": actions}


STAMP_FRAMES = """
window.__sent = []; window.__arrived = [];
const Watched = window.WebSocket;
window.WebSocket = class extends Watched {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', () => window.__arrived.push(performance.timeOrigin + performance.now()));
  }
  send(data) { window.__sent.push(performance.timeOrigin + performance.now()); return super.send(data); }
};
"""


def first_after(tab: Tab, kind: str, since_ms: float) -> float:
    """The system-clock time (ms) of the tab's first websocket frame of kind ("sent"/"arrived") at or after
    since_ms."""
    return tab.page.evaluate(f"since => window.__{kind}.find(t => t >= since)", since_ms)


def rss_kb(pid: int) -> int:
    """The resident memory of a process, in kB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def shows(tab: Tab, text: str) -> None:
    """Wait until the tab's screen shows text."""
    tab.page.wait_for_function(f"text => ({READ_ALL}).includes(text)", arg=text, timeout=60_000, polling=5)


def seat_phones(browser, server, sid: str, players: list[str], contexts: list, memory: dict | None = None) -> list[Tab]:
    """The host opens the table (that is where the join PIN is shown), then one phone per player joins and takes
    its seat; their contexts are added to `contexts`. Given `memory`, the server's RSS is noted with the first
    phone on the join screen (0) and seated (1)."""
    host_context = browser.new_context(viewport=LAPTOP, locale="zh-CN")
    contexts.append(host_context)
    pin = host_pin(Tab(host_context.new_page(), server.url), sid)
    tabs = []
    for n, player in enumerate(players):
        context = browser.new_context(viewport=PHONE, locale="zh-CN")
        contexts.append(context)
        tab = Tab(context.new_page(), server.url)
        tab.page.add_init_script(STAMP_FRAMES)
        tab.open(f"/join/{sid}")
        tab.see("Your seat")
        if memory is not None and n == 0:
            memory[0] = rss_kb(server.proc.pid)
        tab.fill("Table PIN", pin)
        tab.tap(f"Sit as {player}", exact=True)
        tab.see(f"You are {player}")
        tabs.append(tab)
        if memory is not None and n == 0:
            memory[1] = rss_kb(server.proc.pid)
    return tabs


@contextmanager
def knit_wit_table(prefix: str) -> Iterator[tuple[Path, str, Any, list]]:
    """An 8-player Knit Wit session at the answering phase (`answering8`), served from a fresh data folder:
    (folder, session id, server, a list for the browser contexts made meanwhile — closed, and the server
    stopped, at the end)."""
    with tempfile.TemporaryDirectory(prefix=prefix) as folder:
        data = Path(folder)
        with Store(data) as store:
            sid = store.create(answering8())
            store.set_setting("lang", "en")
        server = start_server(data)
        contexts: list = []
        try:
            yield data, sid, server, contexts
        finally:
            for context in contexts:
                context.close()
            stop_server(server)


def run_round(browser, memory: dict, first: bool, players: list[str]) -> tuple[list[float], list[float], list[dict]]:
    """One session with the players' phones seated: (times until all show a claim, times until the tapping phone
    shows it, each claim's split in ms: tap -> event sent, -> patch at the last phone, -> shown on all)."""
    with knit_wit_table("tableside-bench-table-") as (data, sid, server, contexts):
        tabs = seat_phones(browser, server, sid, players, contexts, memory if first else None)
        if first:
            memory[8] = rss_kb(server.proc.pid)
        everyone, own, splits = [], [], []
        left = [4, 3, 2, 1]
        for k in range(min(3, len(tabs))):  # a phone that has claimed is locked
            tab = tabs[k]
            shown = "Rewards left: " + ", ".join(str(r) for r in left[k + 1:])
            tab.quiet()
            button = tab.page.get_by_role("button", name=re.compile(f"^{re.escape(players[k])}: claim ")).first
            button.wait_for(state="visible")
            tapped = time.time() * 1000
            start = time.perf_counter()
            button.click()
            shows(tab, shown)
            own.append(time.perf_counter() - start)
            for other in tabs:
                shows(other, shown)
            everyone.append(time.perf_counter() - start)
            sent = first_after(tab, "sent", tapped)
            arrived = max(first_after(other, "arrived", sent) for other in tabs)
            splits.append({"tap_to_sent": sent - tapped, "sent_to_arrived": arrived - sent,
                           "arrived_to_shown": tapped + everyone[-1] * 1000 - arrived})
        return everyone, own, splits

def main() -> None:
    """Run the rounds and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--phones", type=int, default=len(PLAYERS), choices=range(1, len(PLAYERS) + 1))
    args = parser.parse_args()
    memory: dict[int, int] = {}
    everyone, own, splits = [], [], []
    with sync_playwright() as play:
        browser = play.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        for r in range(args.rounds):
            a, b, c = run_round(browser, memory, first=r == 0, players=PLAYERS[:args.phones])
            everyone += a
            own += b
            splits += c
        browser.close()
    med_all, med_own = statistics.median(everyone), statistics.median(own)
    n = args.phones
    print(f"claim on one phone -> visible on all {n} phones: median {med_all * 1000:.0f} ms "
          f"(max {max(everyone) * 1000:.0f} ms, {len(everyone)} claims)")
    print(f"anchor: the same claim visible on the tapping phone: median {med_own * 1000:.0f} ms; "
          f"ratio all-{n} / own = {med_all / med_own:.2f}x")
    parts = {key: statistics.median(split[key] for split in splits) for key in splits[0]}
    print(f"split (medians): tap -> event sent {parts['tap_to_sent']:.0f} ms (the tapping phone's browser), "
          f"-> the claim's patch handed to the last of {n} phones' pages {parts['sent_to_arrived']:.0f} ms "
          f"(server, network, pages busy drawing), -> shown on all {parts['arrived_to_shown']:.0f} ms (the browsers "
          f"drawing it)")
    if n < len(PLAYERS):
        return
    print(f"server memory: {memory[0] / 1024:.1f} MB with the host's table and one phone's join screen open, "
          f"{memory[1] / 1024:.1f} MB with 1 phone seated, {memory[8] / 1024:.1f} MB with 8 seated; "
          f"per seated phone {(memory[8] - memory[0]) / 8 / 1024:.2f} MB")


if __name__ == "__main__":
    main()
