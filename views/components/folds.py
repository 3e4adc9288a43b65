"""Fold-out panels (`ft.ExpansionTile`) whose open or closed state the tab keeps, and whose contents are built
only while they are open.

Why: a screen is rendered again after every action. A tile rendered with a fixed `expanded` was set back to it
on every render, so a player's breakdown that someone had opened closed again at the next tap (and a closed log
opened again). The browser tells the server when a tile is opened or closed (`on_change`); `Folds` keeps that
per tab (in the screen's scratch, under keys starting with "_": never part of a stored draft) and the screen
renders each tile as it was left. A closed tile's contents are not built at all, so a tap does not send lines
nobody can see (two breakdowns of the newest 20 lines each, per tap, in a long session); opening one renders
them.
"""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

TILE_INSET = 16  # how far in an ExpansionTile draws its title (Flutter's default tile padding): its rows line up


class Folds:
    """The open/closed state of one screen's fold-out panels, kept in `scratch` for this tab."""

    def __init__(self, scratch: dict, refresh: Callable[[], None]) -> None:
        self.scratch, self.refresh = scratch, refresh

    def is_open(self, name: str, default: bool) -> bool:
        """Whether panel `name` is open (as the person left it, else `default`)."""
        return bool(self.scratch.get(f"_fold:{name}", default))

    def toggled(self, name: str) -> Callable[[Any], None]:
        """The `on_change` handler of panel `name`: remember its new state and render the screen again."""

        def change(e: Any) -> None:
            """Keep the state the browser reports (the tile's `expanded`, updated before the event)."""
            self.scratch[f"_fold:{name}"] = bool(e.control.expanded)
            self.refresh()

        return change


def fold(folds: Folds, name: str, default: bool, contents: Callable[[], list[ft.Control]],
         **tile: Any) -> ft.ExpansionTile:
    """An `ft.ExpansionTile` (title, leading, ... given as `tile`) open as the tab left it (else `default`),
    whose contents are built only while it is open."""
    shown = folds.is_open(name, default)
    return ft.ExpansionTile(expanded=shown, controls=contents() if shown else [], on_change=folds.toggled(name),
                            **tile)
