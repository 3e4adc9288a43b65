"""Tableside's identity in a real browser: the page links our manifest, favicon and Apple icon (all load as
images of their declared sizes), the title is the app's name, the home screen's background is the manifest's
background colour; the loading screen before the first frame and the notice while the server is unreachable
are in the browser's language and our colours. Screenshots of both go to tests/output/. The manifest and the
network-down tests share the module's phone (one load); the server-down notice, in the browser's language and
then, the server back, in the language and theme the phone chose, is read in one tab on a server of its own."""

from __future__ import annotations

import base64
import json
import tempfile
from pathlib import Path

import pytest

from scoring import i18n
from tests.browser.conftest import NETWORK, OUTPUT, PHONE, WAIT_MS, Tab, new_tab, start_server, stop_server

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = json.loads((ROOT / "assets" / "manifest.json").read_text("utf-8"))
DARK_SURFACE = "#0E1513"
RETRIES = 6  # failed reconnections (half a second apart) after which the notice (one second) must show
CJK_FETCHED = "performance.getEntriesByType('resource').some(e => e.name.endsWith('/DroidSansFallbackFull.ttf'))"

PIXEL = """async ([png, x, y]) => {
  const image = new Image();
  image.src = 'data:image/png;base64,' + png;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width; canvas.height = image.height;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const [r, g, b] = context.getImageData(x, y, 1, 1).data;
  return '#' + [r, g, b].map(v => v.toString(16).padStart(2, '0')).join('').toUpperCase();
}"""

IMAGES = """async (sources) => Promise.all(sources.map(async (src) => {
  const image = new Image();
  image.src = src;
  await image.decode();
  return [src, image.naturalWidth, image.naturalHeight];
}))"""


def words(lang: str) -> dict[str, str]:
    """The page's words in a language, from the translation table."""
    return {key: i18n.text(lang, key) for key in ("web.name", "web.loading", "web.offline_title",
                                                 "web.offline_body")}


def offline_notice_in(tab: Tab, lang: str):
    """Wait until the page's server-down notice shows; check it reads the app's name, title and body in lang."""
    notice = tab.page.locator("#offline")
    notice.wait_for(state="visible", timeout=WAIT_MS)
    expected = words(lang)
    texts = [t for t in notice.inner_text().split("\n") if t.strip()]
    assert texts == [expected["web.name"], expected["web.offline_title"], expected["web.offline_body"]]
    return notice


def pixel(tab: Tab, png: bytes, x: int, y: int) -> str:
    """The colour (#RRGGBB) of one pixel of a screenshot, decoded by the browser."""
    return tab.page.evaluate(PIXEL, [base64.b64encode(png).decode("ascii"), x, y])


def tab_in(browser, server, locale: str, scheme: str = "light") -> Tab:
    """A phone-sized tab whose browser speaks locale and prefers a colour scheme."""
    context = browser.new_context(viewport=PHONE, locale=locale, color_scheme=scheme)
    return Tab(context.new_page(), server.url)


@pytest.fixture(scope="module")
def module_phone(browser, server):
    """The module's phone (see conftest), its network droppable (NETWORK) from its first load: the manifest test
    loads it and the network test drops its network, one load for both."""
    tab = new_tab(browser, server, PHONE)
    tab.page.add_init_script(NETWORK)
    yield tab
    tab.page.context.close()


def test_manifest_title_and_icons(phone, server):
    """The page names the manifest, its icons load at their sizes, the title becomes the app's name, and the
    app's background is the manifest's background colour; the page is not cross-origin isolated, so Flutter's
    skwasm renderer draws on the page's own thread (`views.guard`: the threaded one can freeze the tab)."""
    tab = phone
    page = tab.page
    tab.open("/")
    assert page.evaluate("document.querySelector('link[rel=manifest]').href") == server.url + "/manifest.json"
    served = page.evaluate("fetch('manifest.json').then(r => r.json())")
    assert served == MANIFEST
    links = page.evaluate("[...document.querySelectorAll('link[rel=icon], link[rel=apple-touch-icon]')]"
                          ".map(l => l.href)")
    icons = [server.url + "/" + icon["src"] for icon in MANIFEST["icons"]]
    loaded = {src: (width, height) for src, width, height in page.evaluate(IMAGES, icons + links)}
    for icon in MANIFEST["icons"]:
        width, height = loaded[server.url + "/" + icon["src"]]
        assert f"{width}x{height}" == icon["sizes"]
    assert loaded[server.url + "/favicon.png"] == (64, 64)
    assert loaded[server.url + "/icons/apple-touch-icon-192.png"] == (192, 192)
    page.wait_for_function("document.title === '桌边记分'", timeout=WAIT_MS)
    tab.see("桌边记分")
    shot = tab.settle()
    assert pixel(tab, shot, 5, PHONE["height"] - 10) == MANIFEST["background_color"]
    assert page.evaluate("[window.crossOriginIsolated, !!window._flutter_skwasmInstance]") == [False, True]


def test_the_app_asks_no_other_host_for_anything(browser, server):
    """Used offline, everything the page needs comes from the table's server: from the load to the app drawn and
    quiet, no request leaves for another host (one the page's own policy refuses, `csp`, is never sent). Flet's
    web client started the Rive plugin it carries, which asked cdn.jsdelivr.net for its runtime on every start."""
    tab = tab_in(browser, server, "zh-CN")
    sent = []
    tab.page.on("requestfinished", lambda request: sent.append((request.url, "answered")))
    tab.page.on("requestfailed", lambda request: sent.append((request.url, request.failure)))
    try:
        tab.open("/")
        tab.see("桌边记分")
        tab.quiet()
        elsewhere = [(url, how) for url, how in sent
                     if not url.startswith((server.url + "/", "data:", "blob:")) and how != "csp"]
        assert elsewhere == []
        assert (server.url + "/flutter_bootstrap.js", "answered") in sent  # the listeners heard the load
    finally:
        tab.page.context.close()


@pytest.mark.parametrize("locale, lang, scheme", [("zh-CN", "zh-CN", "light"), ("en-US", "en", "light"),
                                                  ("en-GB", "en", "dark")])
def test_loading_screen_in_the_browsers_language(browser, server, locale, lang, scheme):
    """Held before Flutter starts, the loading screen shows our icon, name and words in the browser's language,
    on the theme's surface colour (light or dark as the browser prefers); only a Chinese one downloads the CJK
    font for it (an English one would fetch 4 MB while the app's own files load)."""
    tab = tab_in(browser, server, locale, scheme)
    try:
        tab.page.route("**/main.dart.*", lambda route: None)  # hold the client: the loading screen stays up
        tab.page.goto(server.url + "/")
        expected = words(lang)
        tab.page.wait_for_function("key => tableside.words !== null && document.querySelector("
                                   "`#loading [data-key='${key}']`).textContent === tableside.words[key]",
                                   arg="web.loading")  # the words arrive by fetch, after the page's load
        tab.page.evaluate("document.fonts.ready.then(() => document.querySelector('#loading img').decode())")
        texts = tab.page.locator("#loading").inner_text().split("\n")
        assert [t for t in texts if t.strip()] == [expected["web.name"], expected["web.loading"]]
        assert tab.page.title() == expected["web.name"]
        assert tab.page.evaluate("document.documentElement.lang") == lang
        assert tab.page.evaluate(CJK_FETCHED) == (lang == "zh-CN")
        shot = tab.settle()
        (OUTPUT / f"loading_{lang}_{scheme}.png").write_bytes(shot)
        surface = MANIFEST["background_color"] if scheme == "light" else DARK_SURFACE
        assert pixel(tab, shot, 5, 5) == surface
        icon = tab.page.locator("#loading img").bounding_box()
        assert pixel(tab, shot, int(icon["x"]) + 6, int(icon["y"] + icon["height"] / 2)) == MANIFEST["theme_color"]
    finally:
        tab.page.context.close()


def test_loading_screen_without_its_words(browser, server):
    """When the page's words cannot be fetched, the loading screen still names the app, in both languages."""
    tab = tab_in(browser, server, "en-US")
    try:
        tab.page.route("**/main.dart.*", lambda route: None)
        tab.page.route("**/i18n/**", lambda route: route.abort())
        tab.page.goto(server.url + "/")
        tab.page.wait_for_function("document.querySelector('#loading .tableside-name').textContent !== ''")
        assert tab.page.locator("#loading .tableside-name").inner_text() == "Tableside · 桌边记分"
    finally:
        tab.page.context.close()


@pytest.fixture
def own_server():
    """A server of this test's own (the test stops it), with a fresh data folder."""
    with tempfile.TemporaryDirectory(prefix="tableside-identity-") as data:
        running = start_server(Path(data))
        holder = {"server": running}
        yield holder
        stop_server(holder["server"])


def test_unreachable_notice_and_back_then_in_the_language_and_theme_the_phone_chose(browser, own_server):
    """When the server goes away, the page says so in the browser's language over the app; once it is back on
    the same address the notice goes and the app carries on. The same phone (its browser speaks Chinese and
    prefers light) then chooses English and the dark theme in the app: when the server goes again the notice is
    in English on the dark surface (it was Chinese and light over an English, dark app). One tab for both: a
    second tab on a second server repeated the load and the server's start."""
    tab = tab_in(browser, own_server["server"], "zh-CN")
    try:
        tab.open("/")
        tab.see("桌边记分")
        assert tab.page.locator("#offline").is_hidden()
        heard = tab.sockets()
        notice = gone_and_back(tab, own_server)
        notice.wait_for(state="hidden", timeout=WAIT_MS)
        tab.reconnected(heard)  # the new session has drawn its screen (the notice goes as the socket opens)
        tab.see("桌边记分")
        tab.language("en")
        tab.open("/settings")
        tab.tap("Dark", exact=True, role="radio")
        tab.page.wait_for_function("localStorage.getItem('flutter.tableside.theme') === '\"dark\"'")
        stop_server(own_server["server"])
        offline_notice_in(tab, "en")
        assert pixel(tab, tab.settle(), 5, 5) == DARK_SURFACE
        tab.shot("unreachable_chosen_en_dark")
    finally:
        tab.page.context.close()


def gone_and_back(tab: Tab, own_server: dict):
    """Stop the server, check the notice in Chinese and shoot it, start the server again on its address and
    data; returns the notice."""
    server = own_server["server"]
    stop_server(server)
    notice = offline_notice_in(tab, "zh-CN")
    tab.shot("unreachable_zh-CN")
    own_server["server"] = start_server(server.data, port=server.port)
    return notice


def test_unreachable_notice_while_the_phones_network_is_down(phone):
    """A phone whose network drops (the server still up): the client retries every half second and each retry
    fails; the notice shows a second after the drop, before the sixth retry has failed, in the phone's language,
    and goes once the network is back. (Each failed retry started the notice's one-second wait again, so the
    phone read Flet's "Working..." in English until the client's retries slowed, measured 15 s in.)"""
    tab = phone.open("/")
    tab.see("桌边记分")
    heard = tab.sockets()
    tab.page.evaluate("window.__blocked = true; window.__ws.forEach(socket => socket.close())")
    tab.page.wait_for_function(f"window.__ws.filter(socket => socket.readyState === 3).length >= {RETRIES}")
    assert tab.page.locator("#offline").is_visible()
    notice = offline_notice_in(tab, "zh-CN")
    tab.page.evaluate("window.__blocked = false")
    tab.reconnected(heard)
    notice.wait_for(state="hidden", timeout=WAIT_MS)
