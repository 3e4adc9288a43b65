"""Render every Tableside icon from the one source drawing, `tableside.svg`, in headless Chromium.

    .venv/bin/python assets/icons/make_icons.py

Run it after changing the drawing and commit the PNGs it writes (they are served as they are; the app never runs
this). It needs only what the tests already install: Playwright driving Debian's Chromium.

Each variant is the drawing with its tile ("tile") rounded or full-bleed or left out, and its mark ("mark")
scaled about the centre:
- `icons/icon-{192,512}.png`: the web app's ordinary icons, a rounded tile with transparent corners.
- `icons/icon-maskable-{192,512}.png`: full-bleed tile, mark inside the maskable safe circle (radius 40 %).
- `icons/apple-touch-icon-192.png`: iOS home screen, full-bleed (iOS rounds it), no transparency.
- `favicon.png`: 64 px rounded tile, mark a little larger so it reads in a browser tab.
- `icon.png` (1024): `flet build`'s default icon for every platform, full-bleed.
- `icon_android.png` (1024): `flet build apk`'s adaptive-icon foreground, transparent, mark inside the adaptive
  safe zone (66 of 108 dp); the background colour is `[tool.flet.android] adaptive_icon_background`.
The file names of the web icons are the ones Flet's web client uses, so ours shadow the framework's defaults.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
ASSETS = HERE.parent
SOURCE = HERE / "tableside.svg"
CHROMIUM = "/usr/bin/chromium"

# (path under assets/, size in px, tile: "rounded" | "full" | None, mark scale)
VARIANTS = [
    ("icons/icon-192.png", 192, "rounded", 1.0),
    ("icons/icon-512.png", 512, "rounded", 1.0),
    ("icons/icon-maskable-192.png", 192, "full", 0.8),
    ("icons/icon-maskable-512.png", 512, "full", 0.8),
    ("icons/apple-touch-icon-192.png", 192, "full", 0.88),
    ("favicon.png", 64, "rounded", 1.1),
    ("icon.png", 1024, "full", 0.88),
    ("icon_android.png", 1024, None, 0.72),
]

PAGE = """<!DOCTYPE html><html><head><style>
html, body {{ margin: 0; background: transparent; }} svg {{ display: block; width: {size}px; height: {size}px; }}
</style></head><body>{svg}</body></html>"""

SHAPE = """(args) => {
  const [tile, scale] = args;
  const svg = document.querySelector('svg');
  const rect = svg.getElementById('tile');
  if (tile === null) rect.remove(); else if (tile === 'full') rect.setAttribute('rx', '0');
  svg.getElementById('mark').setAttribute('transform',
    `translate(256 256) scale(${scale}) translate(-256 -256)`);
}"""


def render_all() -> list[Path]:
    """Write every variant and return the paths written."""
    svg = SOURCE.read_text(encoding="utf-8")
    written = []
    with sync_playwright() as play:
        browser = play.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        for name, size, tile, scale in VARIANTS:
            page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
            page.set_content(PAGE.format(size=size, svg=svg))
            page.evaluate(SHAPE, [tile, scale])
            target = ASSETS / name
            target.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(target), omit_background=tile != "full")
            page.close()
            written.append(target)
        browser.close()
    return written


if __name__ == "__main__":
    for path in render_all():
        print(path.relative_to(ASSETS))
