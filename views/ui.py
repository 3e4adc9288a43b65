"""Small UI helpers shared by the screens: icon buttons that carry their name for screen readers and tests."""

from __future__ import annotations

from typing import Any, Callable

import flet as ft


def icon_button(icon: Any, label: str, on_click: Callable[[Any], Any], disabled: bool = False,
                **style: Any) -> ft.IconButton:
    """An icon button whose tooltip is also its accessible name."""
    return ft.IconButton(icon=ft.Icon(icon, semantics_label=label), tooltip=label, on_click=on_click,
                         disabled=disabled, **style)
