"""The app's message bar ("Done: … / Undo" after a move, the stale-tap notice, a refusal) keeps what the table taps
next in sight: play-testers met it over a 1024x768 tablet's last two Nab-It! board rows and the challenges beside
them after every play, and over a phone's move buttons at the screen's foot for its 6-10 s. Now it lies over the
top bar (`App.message_bar`: back, title, language and settings may be hidden, the close button gives them back):
at every size (phone 390x844, tablets 1024x768 and 768x1024, laptop 1280x800, and the phone at 2x text in both
languages) no button below the top bar meets it, its Undo and close buttons are in it, it lies within the screen,
and it is read out as it shows. The boxes are read from the semantics tree, as the layout tests do; the top bar's
foot is its settings button's. The phone keeps its messages until they are closed (a setting of its own), so the
bar read at one size after another is not timed out meanwhile. Screenshots go to tests/output/bar_*.png."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import HEARD, LAPTOP, LISTEN, PHONE, POLL_MS, Tab, new_tab
from tests.browser.test_nab_it import LANDSCAPE, PORTRAIT, family_game, place, send
from tests.browser.test_shell import root_font

# The innermost semantics node whose words start with the bar's, its box and the names of the buttons inside it;
# every other button on the screen (its box, where the page shows it); the top bar's foot (its settings button's).
LAYOUT = """words => {
  const said = e => (e.getAttribute('aria-label') || e.textContent || '')
                      .replace(/\\u00a0/g, ' ').replace(/\\u2060/g, '');
  const box = e => { const r = e.getBoundingClientRect();
                     return {name: said(e).slice(0, 40), x: r.x, y: r.y, right: r.right, bottom: r.bottom}; };
  const found = Array.from(document.querySelectorAll('flt-semantics')).filter(e => said(e).startsWith(words));
  if (!found.length) return null;
  const bar = found[found.length - 1];
  const buttons = Array.from(document.querySelectorAll('flt-semantics[role=button]'));
  const settings = buttons.filter(b => /^(Settings|设置)$/.test(said(b)));
  return {bar: box(bar), inside: buttons.filter(b => bar.contains(b)).map(said),
          others: buttons.filter(b => !bar.contains(b)).map(box),
          top: settings.length ? settings[0].getBoundingClientRect().bottom : null};
}"""


def bar_layout(tab: Tab, words: str) -> dict:
    """Where the bar starting with these words is, the buttons in it, and every other button (screen settled)."""
    tab.page.wait_for_function(f"words => ({LAYOUT})(words) !== null", arg=words, polling=POLL_MS)
    tab.settle()
    layout = tab.page.evaluate(LAYOUT, words)
    assert layout is not None, f"the bar {words!r} went before it was read"
    return layout


def covered(layout: dict, height: int) -> list[dict]:
    """The buttons below the top bar (starting at its foot or lower), on the screen, that the bar lies over."""
    bar, top = layout["bar"], layout["top"]
    return [b for b in layout["others"] if b["y"] >= top and b["y"] < height
            and b["x"] < bar["right"] and bar["x"] < b["right"] and b["y"] < bar["bottom"] and bar["y"] < b["bottom"]]


def check_bar(tab: Tab, words: str, buttons: set[str], name: str) -> None:
    """The bar with these words covers no button below the top bar, holds these buttons and lies within the
    screen; the screen is shot as `<name>.png`."""
    size = tab.page.viewport_size
    layout = bar_layout(tab, words)
    tab.shot(name)
    assert layout["top"] is not None, "no settings button: the top bar's foot is unknown"
    assert not covered(layout, size["height"]), (layout["bar"], covered(layout, size["height"]))
    assert buttons <= set(layout["inside"]), layout["inside"]
    bar = layout["bar"]
    assert 0 <= bar["x"] and bar["right"] <= size["width"] and 0 <= bar["y"] and bar["bottom"] <= size["height"], bar


def keep_messages(tab: Tab) -> None:
    """In English, switch on "Keep messages on screen until I close them" (Settings), so that a bar read at several
    sizes, one after the other, is not timed out meanwhile on a loaded machine (it went by itself after 6 s)."""
    tab.open("/settings")
    tab.language("en")
    tab.tap("Keep messages on screen until I close them", role="switch")
    expect(tab.page.get_by_role("switch", name="Keep messages on screen until I close them")).to_be_checked()


def test_a_play_on_a_tablet_leaves_the_board_and_the_challenges_in_sight(browser, server):
    """Play-test (session 75, 1024x768): after 爸爸 played CAT, "Done: 爸爸 played CAT / Undo" covered the bottom
    76 px of the screen: the board's last two rows and 妈妈's challenge. Now it covers no button below the top bar,
    is heard as it shows, and so at the laptop's, the portrait tablet's and the phone's sizes too (the bar said again
    in the other language at each), and on the phone at 2x text in both languages."""
    tab = new_tab(browser, server, LANDSCAPE)
    try:
        keep_messages(tab)
        tab.open(f"/play/{family_game(server)}")
        for col, letter in ((6, "C"), (7, "A"), (8, "T")):
            place(tab, 8, col, letter)
        tab.page.evaluate(LISTEN)
        send(tab, "CAT", 1)
        tab.page.wait_for_function(HEARD, arg=1, polling=POLL_MS)
        assert "polite: Done: 爸爸 played CAT" in [h.replace(" Undo", "") for h in tab.page.evaluate("window.heard")]
        check_bar(tab, "Done: 爸爸 played CAT", {"Undo", "Close"}, "bar_tablet_landscape_en")
        for size, viewport, lang, words, close in (
                ("laptop", LAPTOP, "zh-CN", "已完成：爸爸打出了", "关闭"), ("tablet_portrait", PORTRAIT, "en", "Done:", "Close"),
                ("phone", PHONE, "zh-CN", "已完成：爸爸打出了", "关闭")):
            tab.resize(viewport)
            tab.language(lang)
            check_bar(tab, words, {"撤销" if lang == "zh-CN" else "Undo", close}, f"bar_{size}_{lang}")
        root_font(tab, 32)
        for lang, words, undo, close in (("en", "Done: 爸爸 played CAT", "Undo", "Close"),
                                         ("zh-CN", "已完成：爸爸打出了", "撤销", "关闭")):
            tab.language(lang)
            check_bar(tab, words, {undo, close}, f"bar_phone_2x_{lang}")
    finally:
        tab.page.context.close()
