"""Small UI helpers shared by the screens: icon buttons that carry their name for screen readers and tests.

No tooltips on buttons: a tooltip left showing after a tap (the pointer stays over the button) takes the focus
from the next text field tapped, so typing there is lost (found in headless Chromium after the screens stopped
being rebuilt whole per tap). The name is the icon's semantics label instead.

Fonts: the app's text is set in the bundled CJK font, with the bundled symbol font (card suits, ✕, arrows) and
colour-emoji font behind it for what it lacks; Flutter would otherwise look for those online and, offline, draw
empty boxes. The theme gives every text style that chain (views/app.py); a control that sets its own text style
(a button's `text_style`) replaces the theme's and must take it from `text_style(...)` too."""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

FONT = "cjk"
FONT_FILE = "fonts/DroidSansFallbackFull.ttf"
FALLBACK_FONTS = {"symbols": "fonts/NotoSansSymbols2-Subset.ttf", "emoji": "fonts/NotoColorEmoji-Subset.ttf"}
FONTS = {FONT: FONT_FILE, **FALLBACK_FONTS}


def text_style(**fields: Any) -> ft.TextStyle:
    """A text style in the app's fonts (the CJK font, then the symbol and emoji fallbacks) with these fields."""
    return ft.TextStyle(font_family=FONT, font_family_fallback=list(FALLBACK_FONTS), **fields)


def icon_button(icon: Any, label: str, on_click: Callable[[Any], Any], disabled: bool = False,
                **style: Any) -> ft.IconButton:
    """An icon button named (for screen readers and tests) by its icon's semantics label."""
    return ft.IconButton(icon=ft.Icon(icon, semantics_label=label), on_click=on_click, disabled=disabled, **style)
