"""Every game's screen at phone (390×844) and laptop (1280×800) size in both languages, saved to tests/output/
(git-ignored) as `screen_<game>_<phone|laptop>_<en|zh>.png`, to look at for cut or overlapping text, empty boxes
where a symbol or an emoji should be, and the card suits in their colours.

The sessions are made through the store before the server starts (four players, one with an emoji in the name,
one with a heart), so the test costs one server, one tab and one page load per game: each game is shot at both
sizes in the language the tab is in, then the language button is tapped and it is shot again, so the next game
opens in the other language (the phone keeps the language it chose).
"""

from __future__ import annotations

import pkgutil
import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

import scoring.games
from scoring.record import new_record
from storage.store import Store
from tests.browser.conftest import LAPTOP, PHONE, Tab, new_tab, start_server, stop_server

PLAYERS = [{"name": "Ann", "colour": "red"}, {"name": "Bo 🐻", "colour": "blue"},
           {"name": "Cy ♥", "colour": "green"}, {"name": "李四", "colour": "yellow"}]
SIZES = {"phone": PHONE, "laptop": LAPTOP}
GAMES = sorted(m.name for m in pkgutil.iter_modules(scoring.games.__path__))
EMOJI_FONT = "fonts/NotoColorEmoji-Subset.ttf"
PAINTED = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
SETTINGS = re.compile(r"^(Settings|设置)$")
AT_RIGHT = """([el, width]) => { if (!el.isConnected) return true;
                             const r = el.getBoundingClientRect();
                             return r.width > 0 && r.right <= width && r.right >= width - 64; }"""


@pytest.fixture(scope="module")
def sessions():
    """A server over a data folder holding one fresh session of every game: (server, {game: session id})."""
    with tempfile.TemporaryDirectory(prefix="tableside-screens-") as data:
        store = Store(data)
        ids = {game: store.create(new_record(game, PLAYERS)) for game in GAMES}
        store.close()
        running = start_server(Path(data))
        yield running, ids
        stop_server(running)


def open_screen(tab: Tab, path: str) -> None:
    """Load the app at path and wait until the emoji font (the last and largest file it loads) has arrived and
    the next frame is painted with it."""
    with tab.page.expect_response(lambda response: response.url.endswith(EMOJI_FONT)) as font:
        tab.open(path)
    font.value.finished()
    tab.page.evaluate(PAINTED)


def resize(tab: Tab, viewport: dict) -> None:
    """Resize the tab and wait until Flutter has laid the screen out at the new width (the app bar's settings
    button is at its right end) and painted that frame."""
    if tab.page.viewport_size == viewport:
        return
    tab.page.set_viewport_size(viewport)
    tab.wait_on(tab.page.get_by_role("button", name=SETTINGS).first, AT_RIGHT, viewport["width"])
    tab.page.evaluate(PAINTED)


def shoot(tab: Tab, name: str) -> Path:
    """Wait until the app's screen is up (its app bar there, not Flet's "Working..." page, seen in pictures
    taken right after a resize) and painted (two screenshots alike: a blank canvas was once shot with the app bar
    already in the page), then save it as tests/output/<name>.png."""
    tab.gone("Working...")
    expect(tab.page.get_by_role("button", name=SETTINGS).first).to_be_visible()
    tab.page.mouse.move(1, 1)  # no hover or tooltip in the picture
    return tab.shot(name)


def test_every_game_screen_in_both_languages_and_sizes(browser, sessions):
    server, ids = sessions
    tab = new_tab(browser, server, PHONE)
    langs = ["en", "zh-CN"]
    expected = []
    for game, sid in ids.items():
        open_screen(tab, f"/play/{sid}")
        for lang, sizes in zip(langs, (SIZES, dict(reversed(SIZES.items())))):
            tab.language(lang)
            for size, viewport in sizes.items():
                resize(tab, viewport)
                expected.append(shoot(tab, f"screen_{game}_{size}_{lang[:2]}"))
        langs.reverse()
    tab.page.context.close()
    assert all(path.stat().st_size for path in expected)
