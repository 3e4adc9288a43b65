"""Screenshots of one game screen at phone (390×844) and laptop (1280×800) size in both languages, into
tests/output/ (git-ignored), to look at for cut or overlapping text: `<name>_<phone|laptop>_<en|zh>_<i>.png`,
top of the screen first, one wheel step further down for each next one.

The calling test's own tab is turned into a laptop and back (`Tab.resize`), as a person widens a window: a new tab
for each size cost a load of the app each (about 5 s of the two cores' CPU). The language is each phone's own,
so the tab switches it and leaves the app in `end_in`, the language the calling test goes on in, at the size it
had.
"""

from __future__ import annotations

from tests.browser.conftest import LAPTOP, PHONE, Tab

SIZES = {"phone": PHONE, "laptop": LAPTOP}
STEP = 650


def screens(tab: Tab, name: str, end_in: str, pages: int = 2) -> None:
    """Shoot the tab's screen, `pages` screens down, at both sizes in each language; end in end_in at the tab's
    size, scrolled back to the top."""
    before = tab.page.viewport_size
    sizes = sorted(SIZES.items(), key=lambda item: item[1] != before)
    order = [lang for lang in ("en", "zh-CN") if lang != end_in] + [end_in]
    for lang in order:
        tab.language(lang)
        for size, viewport in sizes:
            tab.resize(viewport)
            shoot_pages(tab, f"{name}_{size}_{'en' if lang == 'en' else 'zh'}", pages)
        sizes.reverse()
    tab.resize(before)
    tab.to_top()


def shoot_pages(tab: Tab, name: str, pages: int = 2) -> None:
    """Shoot the tab's screen as it is (size, language), `pages` screens down from its top, as `<name>_<i>.png`;
    it is left scrolled down."""
    viewport = tab.page.viewport_size
    for i in range(pages):
        tab.page.mouse.move(viewport["width"] // 2, viewport["height"] // 2)
        tab.page.mouse.wheel(0, STEP if i else -50_000)
        tab.page.mouse.move(viewport["width"] - 2, viewport["height"] - 2)  # no tooltip in the picture
        tab.shot(f"{name}_{i}")
