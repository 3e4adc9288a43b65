"""Small UI helpers shared by the screens: icon buttons that carry their name for screen readers and tests.

No tooltips on buttons: a tooltip left showing after a tap (the pointer stays over the button) takes the focus
from the next text field tapped, so typing there is lost (found in headless Chromium after the screens stopped
being rebuilt whole per tap). The name is the icon's semantics label instead."""

from __future__ import annotations

from typing import Any, Callable

import flet as ft


def icon_button(icon: Any, label: str, on_click: Callable[[Any], Any], disabled: bool = False,
                **style: Any) -> ft.IconButton:
    """An icon button named (for screen readers and tests) by its icon's semantics label."""
    return ft.IconButton(icon=ft.Icon(icon, semantics_label=label), on_click=on_click, disabled=disabled, **style)
