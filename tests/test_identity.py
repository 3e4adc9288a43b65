"""Tableside's identity as a web app and for phone builds: what `main.py` serves as manifest, icons, favicon and
page is ours (not Flet's defaults, compared by hash with the files in the installed flet_web package), the
colours are the ones the app paints, and `[tool.flet]` in pyproject.toml is complete and consistent."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import struct
import tempfile
import tomllib
import urllib.request
from pathlib import Path

import flet as ft
import flet_web
import pytest

from scoring import i18n
from tests.browser.conftest import start_server, stop_server
from views import app as shell
from views.ui import FONT, FONT_MANIFEST, FONTS, WEB_FONTS

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
FLET_WEB = Path(flet_web.get_package_web_dir())
# The teal theme as the app paints it (measured from screenshots of the home screen): light surface, primary,
# dark surface. They hold for SEED_COLOUR = TEAL; another seed needs new colours and icons.
LIGHT_SURFACE, PRIMARY, DARK_SURFACE = "#F4FBF8", "#006A60", "#0E1513"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def digest(data: bytes) -> str:
    """SHA-256 of some bytes."""
    return hashlib.sha256(data).hexdigest()


def framework_digests() -> set[str]:
    """Hashes of every image Flet's web client ships (its icons and favicon)."""
    files = [FLET_WEB / "favicon.png", *(FLET_WEB / "icons").glob("*.png")]
    assert len(files) >= 6, "flet_web's default icons moved: the comparison would be empty"
    return {digest(path.read_bytes()) for path in files}


def png_header(data: bytes) -> tuple[int, int, int]:
    """Width, height and PNG colour type (2 = RGB, 6 = RGBA) from a PNG's IHDR chunk."""
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR", "not a PNG"
    width, height, _depth, colour = struct.unpack(">IIBB", data[16:26])
    return width, height, colour


@pytest.fixture(scope="module")
def served():
    """`main.py` serving a fresh data folder; yields a function GETting a path as (status, content type, body)."""
    with tempfile.TemporaryDirectory(prefix="tableside-identity-") as data:
        server = start_server(Path(data))

        def get(path: str) -> tuple[int, str, bytes]:
            """GET a path from the running server."""
            with urllib.request.urlopen(server.url + path, timeout=30) as response:
                return response.status, response.headers.get("content-type", ""), response.read()

        yield get
        stop_server(server)


def test_manifest_names_tableside_with_our_colours(served):
    """The served manifest is ours: names, description, colours of the app's theme, four icons."""
    status, kind, body = served("/manifest.json")
    assert status == 200 and "json" in kind
    manifest = json.loads(body)
    assert manifest["name"] == "Tableside 桌边记分"
    assert manifest["short_name"] == "桌边 Tableside" and len(manifest["short_name"]) <= 12
    assert manifest["lang"] == "zh-CN", "the name's Chinese must be drawn with Simplified Chinese glyphs"
    assert "Flet" not in json.dumps(manifest, ensure_ascii=False)
    assert "桌边记分" in manifest["description"] and "Score keeper" in manifest["description"]
    assert (manifest["theme_color"], manifest["background_color"]) == (PRIMARY, LIGHT_SURFACE)
    assert manifest["display"] == "standalone"
    purposes = {(icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"]}
    assert purposes == {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")}


def test_manifest_names_the_app_in_each_language_where_a_browser_reads_localized_members():
    """First-use play-test: the one name a manifest carries is bilingual ("Tableside 桌边记分"); the manifest's
    localized members (`name_localized`, `short_name_localized`, `description_localized`, W3C's Web App Manifest, not
    yet read by a shipped browser, ignored by the others) give each language the name the page's title gives it
    (`web.name`), so a browser that reads them names an English phone's app "Tableside" and a Chinese one's
    "桌边记分"."""
    manifest = json.loads((ASSETS / "manifest.json").read_text("utf-8"))
    for lang in i18n.LANGUAGES:
        name = i18n.text(lang, "web.name")
        assert manifest["name_localized"][lang] == manifest["short_name_localized"][lang] == name, lang
        assert manifest["description_localized"][lang] in manifest["description"], lang
    assert set(manifest["name_localized"]) == set(manifest["short_name_localized"]) == set(i18n.LANGUAGES)


def test_every_listed_icon_is_served_ours_and_of_its_size(served):
    """Each manifest icon is served as a PNG of the declared size, not one of Flet's; maskable ones are opaque."""
    manifest = json.loads(served("/manifest.json")[2])
    defaults = framework_digests()
    for icon in manifest["icons"]:
        status, kind, body = served("/" + icon["src"])
        assert status == 200 and kind == "image/png", icon["src"]
        assert digest(body) not in defaults, f"{icon['src']} is Flet's default"
        assert body == (ASSETS / icon["src"]).read_bytes()
        width, height, colour = png_header(body)
        assert f"{width}x{height}" == icon["sizes"], icon["src"]
        if icon.get("purpose") == "maskable":
            assert colour == 2, f"{icon['src']} must be opaque (full-bleed)"


def test_favicon_apple_icon_and_page_are_ours(served):
    """The page links our manifest, favicon and Apple icon, with our name and colours; all served, none Flet's."""
    status, _, body = served("/")
    page = body.decode("utf-8")
    assert status == 200
    assert '<link rel="manifest" href="manifest.json">' in page
    assert "<title>Tableside · 桌边记分</title>" in page
    assert 'name="theme-color" content="#006A60"' in page
    assert "flet.noCdn=true;" in page, "Flet no longer fills in its config: our index.html lost the placeholder"
    assert "Flet application" not in page and "loading-animation" not in page
    for colour in (LIGHT_SURFACE, PRIMARY, DARK_SURFACE):
        assert colour in page
    defaults = framework_digests()
    links = re.findall(r'<link rel="(icon|apple-touch-icon)"[^>]*href="([^"]+)"', page)
    assert {rel for rel, _ in links} == {"icon", "apple-touch-icon"}
    for rel, href in links:
        status, kind, icon = served("/" + href)
        assert status == 200 and kind == "image/png" and digest(icon) not in defaults, href
        if rel == "apple-touch-icon":
            assert png_header(icon)[2] == 2, "iOS home-screen icons must be opaque"
    assert digest(served("/favicon.png")[2]) == digest((ASSETS / "favicon.png").read_bytes())


def test_the_page_loads_the_app_s_fonts_before_its_first_frame(served):
    """The served font manifest is Flet's own without the KaTeX fonts, plus the CJK and symbol fonts (the files
    the app ships), so the first screen draws Chinese at once instead of empty boxes; the app gives Flet only
    what the manifest leaves out, and every font is given to a phone build. A Flet upgrade that adds a family
    to its manifest fails here until ours has it too."""
    status, _, body = served(f"/{FONT_MANIFEST}")
    families = {entry["family"]: [font["asset"] for font in entry["fonts"]] for entry in json.loads(body)}
    flet_own = json.loads((FLET_WEB / FONT_MANIFEST).read_text(encoding="utf-8"))
    kept = {entry["family"] for entry in flet_own if "KaTeX" not in entry["family"]}
    assert status == 200 and kept <= set(families)
    assert families[FONT] == [f"../{FONTS[FONT]}"] and families["symbols"] == [f"../{FONTS['symbols']}"]
    for name in (FONT, "symbols"):
        assert served(f"/{FONTS[name]}")[0] == 200
    assert set(families) | set(WEB_FONTS) >= set(FONTS) and not set(WEB_FONTS) & set(families)


def test_words_of_the_page_in_both_languages(served):
    """The loading screen's and the unreachable notice's words are served from the translation table, both
    languages with the same keys, named Tableside / 桌边记分 like the app's title."""
    zh = json.loads(served("/i18n/zh-CN/web.json")[2])
    en = json.loads(served("/i18n/en/web.json")[2])
    assert set(zh) == set(en) == {"web.name", "web.loading", "web.offline_title", "web.offline_body"}
    assert (zh["web.name"], en["web.name"]) == (i18n.text("zh-CN", "app.title"), i18n.text("en", "app.title"))
    page = (ASSETS / "index.html").read_text("utf-8")
    assert set(re.findall(r'data-key="([\w.]+)"', page)) == set(en)



def test_the_loading_screen_and_notice_follow_the_browsers_text_size():
    """The loading screen's and the notice's words are sized in rem, so a browser's larger text setting (Chrome's
    "very large": 24 px) enlarges them as it does the app's (Flutter reads the same setting): in px they stayed
    16 px while the app drew its words at 24."""
    page = (ASSETS / "index.html").read_text("utf-8")
    sizes = re.findall(r"\.tableside-(?:name|line) \{[^}]*font-size: ([^;]+);", page)
    assert sizes and all(size.endswith("rem") for size in sizes), sizes

def test_theme_seed_is_the_one_the_colours_were_taken_from():
    """The identity's colours were measured with a teal seed; a new seed must come with new colours."""
    assert shell.SEED_COLOUR == ft.Colors.TEAL


def test_icons_are_rendered_from_the_source_drawing():
    """Every PNG the icon script declares exists with its size; the drawing's colours are the theme's."""
    spec = importlib.util.spec_from_file_location("make_icons", ASSETS / "icons" / "make_icons.py")
    make_icons = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_icons)
    drawing = (ASSETS / "icons" / "tableside.svg").read_text("utf-8")
    assert 'id="tile"' in drawing and 'id="mark"' in drawing and PRIMARY in drawing
    for name, size, tile, _scale in make_icons.VARIANTS:
        width, height, colour = png_header((ASSETS / name).read_bytes())
        assert (width, height) == (size, size), name
        assert colour == (2 if tile == "full" else 6), name


def test_flet_build_configuration_is_complete_and_consistent():
    """[tool.flet] names the product, organisation and bundle id consistently, takes the version from the
    project, points at icons that exist and uses the manifest's colours."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    project, flet = config["project"], config["tool"]["flet"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", project["version"]), "flet build takes the version from [project]"
    assert "version" not in flet, "one version: [project] version"
    assert isinstance(flet["build_number"], int) and flet["build_number"] >= 1
    assert flet["product"] == "Tableside" and flet["artifact"] == project["name"]
    assert re.fullmatch(r"[a-z][a-z0-9]*(\.[a-z][a-z0-9]*)+", flet["org"])
    assert flet["bundle_id"].startswith(flet["org"] + ".")
    # A bundle id valid on Android (letters, digits, underscore per segment) and iOS (letters, digits, - and .).
    assert re.fullmatch(r"[a-z][a-z0-9]*(\.[a-z][a-z0-9]*)+", flet["bundle_id"])
    for key in ("company", "copyright"):
        assert flet[key].strip()
    assert (ROOT / flet["app"]["path"] / f"{flet['app']['module']}.py").exists()
    assert {"tests", "benchmarks", ".venv"} <= set(flet["app"]["exclude"])
    for icon in ("icon.png", "icon_android.png"):
        assert png_header((ASSETS / icon).read_bytes())[:2] == (1024, 1024), icon
    manifest = json.loads((ASSETS / "manifest.json").read_text("utf-8"))
    assert flet["web"]["pwa_theme_color"] == manifest["theme_color"] == flet["android"]["adaptive_icon_background"]
    assert flet["web"]["pwa_background_color"] == manifest["background_color"] == flet["splash"]["color"]
    assert flet["splash"]["dark_color"] == DARK_SURFACE
