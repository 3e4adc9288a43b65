"""Per-player helpers for views that show one player's board at a time (kingdoms, sheets: public information,
so no private entry is needed): a player switcher, and a small comparison table of all players.

Builder:
    player_switch(ctx, done=()) -> tuple[str, ft.Control]
- returns the chosen player (kept in `ctx.local["player"]`; by default the first seat, on a phone seated in table
  mode its own seat) and the row of buttons;
  tapping a name chooses it and rebuilds the view; players in `done` carry a check mark (e.g. have written).
- `choose(ctx, name)`: choose a player from the view's own code (e.g. hand on to the next one).

    compare_table(t, headers, rows) -> ft.Control
- a plain table (first column names, the others numbers, right-aligned), its columns sharing the width alike; the
  first cell of each row is bold when `bold` holds that row's name. A screen reader reads each row as one line
  naming its numbers by their columns (`app.compare.row`), and not the heading row.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

import flet as ft

from views.ui import choice_row
from views.words import no_lone_character


def chosen(ctx: Any) -> str:
    """The player shown now (until someone is chosen: a seated phone's own seat, else the first seat)."""
    seat = getattr(ctx, "seat", None)
    for name in (ctx.local.get("player"), seat):
        if name in ctx.players:
            return name
    return ctx.players[0]


def choose(ctx: Any, name: str) -> None:
    """Show this player's board from the next build on."""
    ctx.local["player"] = name
    ctx.refresh()


def player_switch(ctx: Any, done: Iterable[str] = ()) -> tuple[str, ft.Control]:
    """The chosen player and a row of buttons to switch players."""
    current, finished = chosen(ctx), set(done)
    options = [(name, name, ft.Icons.CHECK if name in finished else None) for name in ctx.players]
    return current, choice_row(options, current, lambda n: choose(ctx, n))


def compare_table(t: Callable[..., str], headers: list[str], rows: list[list[str]],
                  bold: Iterable[str] = ()) -> ft.Control:
    """A header row and one row per player: the name, then right-aligned numbers, the columns sharing the row's
    width alike (fixed 72 px number columns broke a heading inside a word at a phone's 1.5x text). Each row is read
    as one line, "Ann: Points 5, Scoring groups 1" (read cell by cell it was bare numbers after bare headings). A
    Chinese heading keeps its last two characters together (`no_lone_character`: at a phone's 2x text 最大领地
    wrapped to 最大领 / 地); an English one still wraps at its spaces."""
    strong = set(bold)

    def line(cells: list[str], weight: Any = None, said: str | None = None) -> ft.Control:
        """One row of the table, read as said (nothing: the heading row)."""
        return ft.Semantics(label=said, exclude_semantics=True, content=ft.Row(spacing=4, controls=[
            ft.Text(cells[0], expand=1, weight=weight or (ft.FontWeight.BOLD if cells[0] in strong else None),
                    no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS),
            *[ft.Text(cell, expand=1, text_align=ft.TextAlign.RIGHT, weight=weight) for cell in cells[1:]]]))

    def said(row: list[str]) -> str:
        """A row in words, each number named by its column."""
        numbers = [t("app.compare.cell", column=h, value=v) for h, v in zip(headers[1:], row[1:])]
        return t("app.compare.row", name=row[0], cells=t("app.compare.sep").join(numbers))

    return ft.Column(spacing=6, controls=[line([no_lone_character(h) for h in headers], ft.FontWeight.W_600),
                                          ft.Divider(height=1),
                                          *[line(row, said=said(row)) for row in rows]])
