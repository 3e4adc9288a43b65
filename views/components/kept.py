"""Rows of a long list kept from one render to the next, so a tap that adds one row does not rebuild and re-diff
the others.

Flet skips a control the new render hands back as the very same object (it has nothing new to reconcile), so a
row whose content did not change costs the next render nothing: not built, not compared, not sent. `Kept` is
made once per render of one list, over the screen's scratch: `row(key, build)` returns the control kept under
`key` by the previous render, or builds it. Only the rows of this render are kept for the next, so the scratch
holds one render's rows.

The key must hold everything the row shows (its texts, the language, which row is selected); a row's handlers
must not capture the render that built it (read what they need when tapped), since a kept row outlives it.
"""

from __future__ import annotations

from typing import Callable, Hashable, TypeVar

import flet as ft

Row = TypeVar("Row", ft.Control, tuple[ft.Control, ...])


class Kept:
    """The rows of one list in this render, taken from the previous render where their key is unchanged."""

    def __init__(self, scratch: dict, name: str) -> None:
        self.before: dict = scratch.get(name) or {}
        self.now: dict = {}
        scratch[name] = self.now

    def row(self, key: Hashable, build: Callable[[], Row]) -> Row:
        """The row (a control, or the controls of one) kept under key, else a new one from build(); kept for the
        next render either way."""
        control = self.before.get(key)
        if control is None:
            control = build()
        self.now[key] = control
        return control
