"""Player switcher: one button per player, the chosen one filled, for views that show one player's board at a
time (kingdoms, sheets: public information, so no private entry is needed).

Builder:
    player_switch(ctx, done=()) -> tuple[str, ft.Control]
- returns the chosen player (kept in `ctx.local["player"]`, first seat by default) and the row of buttons;
  tapping a name chooses it and rebuilds the view; players in `done` carry a check mark (e.g. have written).
- `choose(ctx, name)`: choose a player from the view's own code (e.g. hand on to the next one).
"""

from __future__ import annotations

from typing import Any, Iterable

import flet as ft


def chosen(ctx: Any) -> str:
    """The player shown now (the first seat until someone is chosen)."""
    name = ctx.local.get("player")
    return name if name in ctx.players else ctx.players[0]


def choose(ctx: Any, name: str) -> None:
    """Show this player's board from the next build on."""
    ctx.local["player"] = name
    ctx.refresh()


def player_switch(ctx: Any, done: Iterable[str] = ()) -> tuple[str, ft.Control]:
    """The chosen player and a row of buttons to switch players."""
    current, finished = chosen(ctx), set(done)
    buttons = []
    for name in ctx.players:
        icon = ft.Icons.CHECK if name in finished else None
        style = ft.FilledButton if name == current else ft.OutlinedButton
        buttons.append(style(content=name, icon=icon, on_click=lambda e, n=name: choose(ctx, n)))
    return current, ft.Row(controls=buttons, wrap=True, spacing=6)
