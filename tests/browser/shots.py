"""Screenshots of one game screen at phone (390×844) and laptop (1280×800) size in both languages, into
tests/output/ (git-ignored), to look at for cut or overlapping text: `<name>_<phone|laptop>_<en|zh>_<i>.png`,
top of the screen first, one wheel step further down for each next one.

The language may be the server's setting or the phone's, so each tab sets it itself and the tab that shot last
leaves the app in `end_in`, the language the calling test goes on in.
"""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.browser.conftest import LAPTOP, PHONE, Server, new_tab

SIZES = {"phone": PHONE, "laptop": LAPTOP}
STEP = 650


def screens(browser: Browser, server: Server, path: str, name: str, end_in: str, pages: int = 2) -> None:
    """Open path in a fresh phone tab and a fresh laptop tab and shoot `pages` screens in each language."""
    order = [lang for lang in ("en", "zh-CN") if lang != end_in] + [end_in]
    for size, viewport in SIZES.items():
        tab = new_tab(browser, server, viewport)
        tab.open(path)
        for lang in order:
            tab.language(lang)
            tab.quiet()
            tab.page.mouse.move(viewport["width"] // 2, viewport["height"] // 2)
            tab.page.mouse.wheel(0, -50_000)
            for i in range(pages):
                if i:
                    tab.page.mouse.move(viewport["width"] // 2, viewport["height"] // 2)
                    tab.page.mouse.wheel(0, STEP)
                tab.page.mouse.move(viewport["width"] - 2, viewport["height"] - 2)  # no tooltip in the picture
                tab.shot(f"{name}_{size}_{'en' if lang == 'en' else 'zh'}_{i}")
        tab.page.context.close()
