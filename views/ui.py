"""Small UI helpers shared by the screens: icon buttons and dropdowns that carry their name for screen readers and
tests.

No tooltips on buttons: a tooltip left showing after a tap (the pointer stays over the button) takes the focus
from the next text field tapped, so typing there is lost (found in headless Chromium after the screens stopped
being rebuilt whole per tap). The name is the icon's semantics label instead.

A dropdown's label is not its name on the web (Flet 1.0.5): the dropdown is one button named nothing (browser
tests had to find it as "the button named nothing"), and neither a trailing icon's semantics label nor
MergeSemantics names it. A `Semantics` label around it does (a tooltip too, but see above); after a choice the
name stays the label."""

from __future__ import annotations

from typing import Any, Callable

import flet as ft


def icon_button(icon: Any, label: str, on_click: Callable[[Any], Any], disabled: bool = False,
                **style: Any) -> ft.IconButton:
    """An icon button named (for screen readers and tests) by its icon's semantics label."""
    return ft.IconButton(icon=ft.Icon(icon, semantics_label=label), on_click=on_click, disabled=disabled, **style)


def dropdown(label: str, value: Any, options: list[ft.DropdownOption], on_select: Callable[[Any], Any],
             name: str | None = None, **style: Any) -> ft.Semantics:
    """A dropdown with its label, named on the web by name (a fuller name where several dropdowns share a label,
    e.g. one per seat), else by the label."""
    return ft.Semantics(label=name or label, content=ft.Dropdown(label=label, value=value, options=options,
                                                                 on_select=on_select, **style))
