"""Statistics in a real browser: after three finished sessions a player's record shows on the statistics
screen; a finished session offers BG Stats (its link carries the play)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from urllib.parse import unquote

import pytest

from storage import Store, exports
from tests.browser.conftest import LAPTOP, new_tab, start_server, stop_server
from tests.test_stats import finished


@pytest.fixture
def three_sessions():
    """A server over a folder holding three finished score pad sessions."""
    with tempfile.TemporaryDirectory(prefix="tableside-stats-") as data:
        with Store(Path(data)) as store:
            store.set_setting("lang", "en")
            finished(store, [{"Ann": 10, "小明": 3, "Bo": 7}, {"Ann": 5, "小明": 9, "Bo": 0}], "2026-03-01T20:00:00")
            finished(store, [{"Ann": 4, "小明": 20, "Bo": 20}], "2026-03-02T20:00:00")
            last = finished(store, [{"Ann": 30, "小明": 1}], "2026-03-03T20:00:00", players=["Ann", "小明"])
        server = start_server(Path(data))
        yield server, last
        stop_server(server)


def test_a_players_statistics_and_bgstats(browser, three_sessions):
    """Ann: 3 sessions, 2 wins; the statistics screen says so; the BG Stats link of a session holds its play."""
    server, last = three_sessions
    tab = new_tab(browser, server, LAPTOP)
    try:
        tab.open("/")
        tab.tap("Statistics")
        tab.see("Ann: 3 sessions, 2 wins")
        tab.see("Highest score 30")
        tab.shot("stats_laptop")
        tab.open(f"/history/{last}")
        tab.see_button("Open in BG Stats")
        tab.page.context.route("https://app.bgstatsapp.com/**", lambda route: route.fulfill(body="BG Stats"))
        with tab.page.context.expect_page() as opened:
            tab.tap("Open in BG Stats")
        link = opened.value.url
        assert link.startswith(exports.BGSTATS_LINK)
        play = json.loads(unquote(link[len(exports.BGSTATS_LINK):]))
        assert play["sourcePlayId"] == last and {p["name"]: p["winner"] for p in play["players"]} == {
            "Ann": True, "小明": False}
    finally:
        tab.page.context.close()
