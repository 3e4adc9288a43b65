"""Every game's screen at phone (390×844) and laptop (1280×800) size in both languages and both themes, saved to
tests/output/ (git-ignored) as `screen_<game>_<phone|laptop>_<en|zh>[_dark].png`, to look at for cut or overlapping
text, empty boxes where a symbol or an emoji should be, the card suits in their colours, and colours that do not
read in the dark theme.

The sessions are made through the store before the server starts (four players, one with an emoji in the name,
one with a heart, one black), some part-way through (`PLAYED`), so the test costs one server, one tab and one page
load; each next game is opened by its route in that tab (`open_screen`). Each game is shot at both sizes in the
language the tab is in, then the language button is tapped and it is shot again, so the next game opens in the
other language (the phone keeps the language it chose). After every game is shot in the light theme, the dark
theme is switched on once, as a person would (the settings button, the switch; the phone keeps it too), and every
game is shot again at both sizes, in one language, the two languages taking turns from game to game: what the dark
theme can get wrong is colour, which does not change with the language (`LANGUAGES`: 22 pictures fewer, about
15 s of the test's 75).

Checked in every picture (`READABLE`): each named control wholly on screen has some ink that stands out from
its own background, at least `INK_RATIO` in WCAG contrast (the worst defect found in the dark theme: black text
on the dark background, or the dark theme's light text on a fixed pale fill, measured 1.02-1.3; the faintest ink
on purpose, a disabled button's, 2.3). The background is the commonest colour in the control's box, the ink any
pixel of it; a control that paints no words (an empty grid square named by its tooltip) passes on its outline, so
the check finds unreadable text, not missing text. A control touching the edge of the screen or of a scrolling
part is left out (Flutter gives it only the box of its part on screen). Each picture is also checked to be in
its theme (the app bar's corner dark or light).

What the pictures must wait for, each seen missed once: the game's own screen after a load (the reloaded tab
first shows its Flet session's previous screen), the side column where the width puts it (Flet lays out a
`ResponsiveRow`'s columns for a width a moment after the rest) and the canvas drawn at the tab's size.
"""

from __future__ import annotations

import base64
import pkgutil
import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

import scoring.games
from scoring.core import engine
from scoring.record import new_record
from storage.store import Store
from tests.browser.conftest import (LAPTOP, NAVIGATE, PAINTED, PHONE, QUIET_LIMIT_MS, SETTINGS, Tab, new_tab, shown_as,
                                    start_server, stop_server)

PLAYERS = [{"name": "Ann", "colour": "red"}, {"name": "Bo 🐻", "colour": "blue"},
           {"name": "Cy ♥", "colour": "green"}, {"name": "李四", "colour": "black"}]
SIZES = {"phone": PHONE, "laptop": LAPTOP}
GAMES = sorted(m.name for m in pkgutil.iter_modules(scoring.games.__path__))
# Some games are shot part-way, so that what each shows only then is in the pictures: Kingdomino's terrains and
# crowns (Ann's first six dominoes, from test_kingdomino), Pictomania's bonus race (dealt) and Score pad's end
# screen (three rounds, finished; its chart, with 李四's line in black, is further down than the pictures reach).
PLAYED = {
    "kingdomino": [{"type": "place", "by": "Ann", "domino": d, "cells": c}
                   for d, c in [(4, [[3, 3], [4, 3]]), (45, [[5, 3], [5, 4]]), (24, [[3, 5], [4, 5]]),
                                (17, [[2, 4], [3, 4]]), (14, [[6, 4], [6, 3]]), (22, [[4, 6], [3, 6]])]],
    "pictomania": [{"type": "deal", "by": "table"}],
    "score_pad": [*({"type": "round", "by": "table", "scores": dict(zip(("Ann", "Bo 🐻", "Cy ♥", "李四"), row))}
                    for row in ((5, 3, 8, -2), (4, 9, 1, 6), (7, 2, 3, 10))),
                  {"type": "finish", "by": "table"}],
}
EMOJI_FONT = "fonts/NotoColorEmoji-Subset.ttf"
DARK = re.compile(r"^(Dark|深色)$")
THEMES = {"light": "", "dark": "_dark"}  # the theme and its pictures' name ending
LANGUAGES = {"light": 2, "dark": 1}  # how many languages each game is shot in, in each theme
CANVAS_IS = """([width, height]) => {
  const sizes = [];
  const walk = root => root.querySelectorAll('*').forEach(el => {
    if (el.shadowRoot) walk(el.shadowRoot);
    if (el.tagName === 'CANVAS') { const r = el.getBoundingClientRect(); sizes.push([r.width, r.height]); }
  });
  walk(document);
  return sizes.some(([w, h]) => w === width && h === height) && sizes.every(([w, h]) => w <= width && h <= height);
}"""
DARK_BAR = 0.2  # the app bar's relative luminance is below this in the dark theme (0.015), above in the light (0.85)
INK_RATIO = 1.5
INK_PIXELS = 4
READABLE = """async ([png, ratio, least]) => {
  const picture = await createImageBitmap(await (await fetch('data:image/png;base64,' + png)).blob());
  const canvas = new OffscreenCanvas(picture.width, picture.height);
  const paint = canvas.getContext('2d');
  paint.drawImage(picture, 0, 0);
  const width = picture.width, px = paint.getImageData(0, 0, width, picture.height).data;
  const linear = v => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const light = i => 0.2126 * linear(px[i]) + 0.7152 * linear(px[i + 1]) + 0.0722 * linear(px[i + 2]);
  const clipped = (el, r) => {  // cut by the screen or a scrolling part: its box is only the part shown
    let clip = {left: 0, top: 0, right: width, bottom: picture.height};
    for (let up = el.parentElement; up; up = up.parentElement) {
      if (up.tagName === 'FLT-SEMANTICS' && getComputedStyle(up).overflow !== 'visible') {
        const u = up.getBoundingClientRect();
        clip = {left: Math.max(clip.left, u.left), top: Math.max(clip.top, u.top),
                right: Math.min(clip.right, u.right), bottom: Math.min(clip.bottom, u.bottom)};
      }
    }
    return r.left <= clip.left + 1 || r.top <= clip.top + 1 || r.right >= clip.right - 1 || r.bottom >= clip.bottom - 1;
  };
  const faint = [];
  for (const el of document.querySelectorAll('flt-semantics')) {
    const own = Array.from(el.childNodes).filter(n => n.nodeType === 3 || n.tagName === 'SPAN')
      .map(n => n.textContent).join('');
    const name = ((el.getAttribute('aria-label') || '') + ' ' + own).trim();
    const r = el.getBoundingClientRect();
    if (!name || r.width < 4 || r.height < 4 || clipped(el, r)) continue;
    const x0 = Math.ceil(r.left), y0 = Math.ceil(r.top), x1 = Math.floor(r.right), y1 = Math.floor(r.bottom);
    const counts = new Map();
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
      const i = (y * width + x) * 4, key = (px[i] << 16) | (px[i + 1] << 8) | px[i + 2];
      counts.set(key, (counts.get(key) || 0) + 1);
    }
    let back = 0, most = 0;
    for (const [key, n] of counts) if (n > most) { most = n; back = key; }
    const b = 0.2126 * linear(back >> 16) + 0.7152 * linear((back >> 8) & 255) + 0.0722 * linear(back & 255);
    let ink = 0;
    for (let y = y0; y < y1 && ink < least; y++) for (let x = x0; x < x1; x++) {
      const l = light((y * width + x) * 4);
      if ((Math.max(l, b) + 0.05) / (Math.min(l, b) + 0.05) >= ratio) ink++;
    }
    if (ink < least) faint.push(name.slice(0, 60) + ' on #' + back.toString(16).padStart(6, '0'));
  }
  return {faint, corner: light(0)};
}"""
EXPORT = re.compile(r"^(Export as JSON|导出为 JSON)$")
BESIDE_FROM = 768  # views/session.py: the side column (log, export) stands beside the main one from Flet's "md" width
IN_COLUMN = """([el, width, beside]) => { if (!el.isConnected) return true;
                                      const r = el.getBoundingClientRect();
                                      return r.width > 0 && (r.left >= width / 2) === beside; }"""
WATCH_PAINT = """
window.__painted = 0;
window.__described = performance.now();
const present = ImageBitmapRenderingContext.prototype.transferFromImageBitmap;
ImageBitmapRenderingContext.prototype.transferFromImageBitmap = function (...frame) {
  window.__painted = performance.now();
  return present.apply(this, frame);
};
const placed = style => (style || '').split(';')
  .filter(part => /^\\s*(transform|width|height|top|left)\\s*:/.test(part)).join(';');
const moved = c => c.attributeName !== 'style' || placed(c.oldValue) !== placed(c.target.getAttribute('style'));
new MutationObserver(changes => {
  const inside = c => (c.target.closest ? c.target : c.target.parentElement)?.closest('flt-semantics-host');
  if (changes.some(c => inside(c) && moved(c)))
    window.__described = performance.now();
}).observe(document, {subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true});
"""
PAINT_QUIET_MS = 150
PAINT_CAUGHT_UP = """([quiet, limit, since]) => {
  const now = performance.now();
  return (window.__painted > window.__described && now - window.__painted >= quiet) || now - since >= limit;
}"""


@pytest.fixture(scope="module")
def sessions():
    """A server over a data folder holding a session of every game (`PLAYED` so far): (server, {game: id})."""
    with tempfile.TemporaryDirectory(prefix="tableside-screens-") as data:
        store = Store(data)
        ids = {game: store.create({**new_record(game, PLAYERS), "actions": PLAYED.get(game, [])}) for game in GAMES}
        store.close()
        running = start_server(Path(data))
        yield running, ids
        stop_server(running)


def open_screen(tab: Tab, game: str, sid: str) -> None:
    """Show the game's session screen: the first by loading the app there (and waiting for the emoji font, the
    last and largest file it loads), the next ones by changing the route in the open tab, as the app's own links
    do (a new address in the history, which Flutter follows), not by loading the app again (1.8 s a game).
    Then wait until the screen is the game's (its name in the app bar: the tab first shows the screen it showed
    before until the new route arrives) and the next frame is painted."""
    path = f"/play/{sid}"
    if tab.page.url.startswith(tab.base):
        tab.page.evaluate(NAVIGATE, path)
    else:
        with tab.page.expect_response(lambda response: response.url.endswith(EMOJI_FONT)) as font:
            tab.open(path)
        font.value.finished()
    names = "|".join(shown_as(name).pattern for name in engine(game).game.names.values())  # title words joined
    expect(tab.page.get_by_text(re.compile(f"^({names})$")).first).to_be_attached()
    tab.page.evaluate(PAINTED)



def shoot(tab: Tab, name: str, theme: str) -> tuple[Path, list[str]]:
    """Wait until the app's screen is up (its app bar there, not Flet's "Working..." page, seen in pictures
    taken right after a resize), laid out for the tab's size (`laid_out`) and painted (two screenshots alike: a
    blank canvas was once shot with the app bar already in the page), then save it as tests/output/<name>.png;
    check that it is in the theme (its top left corner, the app bar's, dark or light) and return the named
    controls whose ink does not stand out from their background in it (`READABLE`)."""
    tab.gone("Working...")
    expect(tab.page.get_by_role("button", name=SETTINGS).first).to_be_visible()
    laid_out(tab)
    tab.page.mouse.move(1, 1)  # no hover or tooltip in the picture
    caught_up(tab)
    path = tab.shot(name)
    seen = tab.page.evaluate(READABLE, [base64.b64encode(path.read_bytes()).decode(), INK_RATIO, INK_PIXELS])
    assert (seen["corner"] < DARK_BAR) == (theme == "dark"), f"{path.name} is not in the {theme} theme"
    return path, seen["faint"]


def laid_out(tab: Tab) -> None:
    """Wait until the side column is where the tab's width puts it and the canvas has the tab's size.

    Flet lays out a `ResponsiveRow`'s columns for a new width a moment after the rest, after a resize and after a
    load alike: pictures once showed the laptop's two columns at phone size and one column at laptop size; and a
    picture of the old, larger canvas was once taken after the semantics had moved."""
    width, height = tab.page.viewport_size["width"], tab.page.viewport_size["height"]
    tab.wait_on(tab.page.get_by_role("button", name=EXPORT).first, IN_COLUMN, width, width >= BESIDE_FROM)
    tab.page.wait_for_function(CANVAS_IS, arg=[width, height], polling="raf")
    tab.page.evaluate(PAINTED)


def caught_up(tab: Tab) -> None:
    """Wait until a frame has reached the screen after the semantics last changed (a control added, removed,
    renamed or moved: not the style switches Flutter makes on scrolling parts without a frame), and none for
    PAINT_QUIET_MS (or QUIET_LIMIT_MS at most, as `Tab.quiet`).

    Flutter's web renderer here (skwasm, in a worker) puts a frame on the screen some time after the semantics of
    that frame are in the page; under load, pictures were taken (two alike) of the frame before the one the
    semantics described: the laptop's side column drawn under the phone's, text checked where none was drawn."""
    since = tab.page.evaluate("performance.now()")
    tab.page.wait_for_function(PAINT_CAUGHT_UP, arg=[PAINT_QUIET_MS, QUIET_LIMIT_MS, since], polling="raf")


def to_dark(tab: Tab) -> None:
    """Turn the dark theme on as a person would: the app bar's settings button, then the settings screen's
    Dark choice (the phone keeps the choice, so every screen opened after is dark)."""
    tab.press(tab.page.get_by_role("button", name=SETTINGS).first)
    choice = tab.page.get_by_role("radio", name=DARK).first
    tab.press(choice)
    expect(choice).to_be_checked()


def test_every_game_screen_in_both_languages_sizes_and_themes(browser, sessions):
    """Every game's screen shot in both themes and sizes, in both languages in the light theme and in one in the
    dark, each picture in its theme with no faint text."""
    server, ids = sessions
    tab = new_tab(browser, server, PHONE)
    tab.page.add_init_script(WATCH_PAINT)
    langs = ["en", "zh-CN"]
    shots, unreadable = [], {}
    for theme in THEMES:
        if theme == "dark":
            to_dark(tab)
        for game, sid in ids.items():
            open_screen(tab, game, sid)
            for lang in langs[:LANGUAGES[theme]]:
                tab.language(lang)
                for size, viewport in sorted(SIZES.items(), key=lambda item: item[1] != tab.page.viewport_size):
                    tab.resize(viewport)
                    path, faint = shoot(tab, f"screen_{game}_{size}_{lang[:2]}{THEMES[theme]}", theme)
                    shots.append(path)
                    if faint:
                        unreadable[path.name] = faint
            langs.reverse()
    tab.page.context.close()
    assert all(path.stat().st_size for path in shots)
    assert not unreadable, f"text that does not stand out from its background: {unreadable}"
