"""Two phones tap their claim at the same instant: how far apart does the server receive the two claims?

This is the part of a race's jitter this machine can measure (no second machine, no Wi-Fi here): two phones'
browsers (headless Chromium contexts) are each told to tap their claim button at one agreed moment of the
system clock, and the server stamps each claim with its receive time (`at`, to the millisecond). The spread of
those stamps is what the browsers, the loopback and the server add between two taps made at once; a real
table adds its Wi-Fi on top. The near-tie window (`views.table_hub.WINDOW`, 50 ms) must be wider than this
spread, or taps made at once would be decided by the machine's luck instead of being shown as a near-tie.

    .venv/bin/python benchmarks/bench_near_tie.py [--sessions 5]

Each session is Knit Wit for 8 players at the answering phase (rewards 4, 3, 2, 1) with five phones seated; P1 and
P2 tap at once, then P3 and P4 (P5's phone shows when the server has stored both claims). Printed: the spread of
the server's stamps (median, max), the spread of the two pages' sends (the browsers alone), and how many pairs the
server flagged as a near-tie.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from benchmarks.bench_table import PLAYERS, first_after, knit_wit_table, seat_phones, shows  # noqa: E402
from storage.atomic import read_tables  # noqa: E402
from tests.browser.conftest import CHROMIUM, FLAGS, Tab  # noqa: E402
from views.table_hub import WINDOW  # noqa: E402

LEAD_MS = 600
TAP_AT = """([name, at]) => {
    const find = () => [...document.querySelectorAll('flt-semantics[role=button]')]
        .find(e => (e.getAttribute('aria-label') || e.textContent || '').startsWith(name));
    window.__tapped = null;
    setTimeout(() => { const button = find(); window.__tapped = !!button; if (button) button.click(); },
               at - Date.now());
    return !!find();
}"""


def tap_together(tabs: list[Tab], players: list[str]) -> float:
    """Tell each tab to tap its player's claim at one moment LEAD_MS from now; the moment (system clock, ms)."""
    at = time.time() * 1000 + LEAD_MS
    for tab, player in zip(tabs, players):
        tab.quiet()
        assert tab.page.evaluate(TAP_AT, [f"{player}: claim", at]), f"no claim button for {player}"
    return at


def stamp_ms(action: dict) -> float:
    """An action's server receive time, in ms since the epoch."""
    return datetime.fromisoformat(action["at"]).timestamp() * 1000


def stored(data: Path, folder: str, sid: str, table: str) -> dict:
    """A document of the running server's data folder, read without opening a store (which could write)."""
    tables = read_tables(data / folder / f"{sid}.json")
    return tables[table]["1"] if tables else {}


def claims_of(data: Path, sid: str, players: list[str]) -> list[dict]:
    """The stored claims of these players."""
    actions = stored(data, "sessions", sid, "session")["record"]["actions"]
    return [a for a in actions if a.get("type") == "claim" and a.get("by") in players]


def run_session(browser) -> tuple[list[float], list[float], list[bool]]:
    """One session, two pairs tapping at once: the spreads of the server's stamps and of the pages' sends (ms),
    and whether the server flagged each pair as a near-tie."""
    with knit_wit_table("tableside-bench-tie-") as (data, sid, server, contexts):
        stamps, sends = [], []
        tabs = seat_phones(browser, server, sid, PLAYERS[:5], contexts)
        watcher = tabs[4]  # never claims: its pinned race panel sums up everyone else
        for pair, after in (((0, 1), "Rewards left: 2, 1"), ((2, 3), "Scoring")):
            players = [PLAYERS[k] for k in pair]
            pair_tabs = [tabs[k] for k in pair]
            at = tap_together(pair_tabs, players)
            for tab in pair_tabs:
                tab.page.wait_for_function("window.__tapped !== null")
                assert tab.page.evaluate("window.__tapped"), "a claim button was gone at the moment of the tap"
            shows(watcher, after)  # the server has stored both claims and any near-tie
            claims = claims_of(data, sid, players)
            stamps.append(abs(stamp_ms(claims[0]) - stamp_ms(claims[1])))
            sent = [first_after(tab, "sent", at - 5) for tab in pair_tabs]
            sends.append(abs(sent[0] - sent[1]))
        ties = stored(data, "tables", sid, "table").get("ties", [])
        flagged = [any(t["second"]["by"] in pair for t in ties) for pair in (PLAYERS[:2], PLAYERS[2:4])]
        return stamps, sends, flagged

def main() -> None:
    """Run the sessions and print the spreads beside the near-tie window."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=5)
    args = parser.parse_args()
    stamps, sends, flagged = [], [], []
    with sync_playwright() as play:
        browser = play.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        for _ in range(args.sessions):
            a, b, c = run_session(browser)
            stamps += a
            sends += b
            flagged += c
        browser.close()
    window = WINDOW * 1000
    print(f"two claims tapped at the same instant on two phones ({len(stamps)} pairs): the server's receive stamps "
          f"{statistics.median(stamps):.0f} ms apart (median), max {max(stamps):.0f} ms; the two pages sent them "
          f"{statistics.median(sends):.0f} ms apart (median), max {max(sends):.0f} ms")
    print(f"near-tie window {window:.0f} ms: median spread / window = {statistics.median(stamps) / window:.2f}, "
          f"max / window = {max(stamps) / window:.2f}; pairs flagged as a near-tie: {sum(flagged)} of {len(stamps)}")
    close = [f for f, sent in zip(flagged, sends) if sent <= window]
    print(f"pairs the two pages sent within the window: {len(close)}, of which flagged as a near-tie: {sum(close)}")


if __name__ == "__main__":
    main()
