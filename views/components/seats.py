"""Per-player helpers for views that show one player's board at a time (kingdoms, sheets: public information,
so no private entry is needed): a player switcher, and a small comparison table of all players.

Builder:
    player_switch(ctx, done=()) -> tuple[str, ft.Control]
- returns the chosen player (kept in `ctx.local["player"]`; by default the first seat, on a phone seated in table
  mode its own seat) and the row of buttons;
  tapping a name chooses it and rebuilds the view; players in `done` carry a check mark (e.g. have written).
- `choose(ctx, name)`: choose a player from the view's own code (e.g. hand on to the next one).
- `own_first(ctx)`: the players, a seated phone's own seat first, the others after in seat order (an end screen's
  boards: on each phone its own leads, as its own kingdom or sheet does during play).

    compare_table(t, headers, rows) -> ft.Control
- on a screen from WIDE px on, a plain table (first column names, the others numbers, right-aligned), its
  columns sharing the width alike; narrower (a phone), one block per player, "Ann — Points 30 · Largest property
  7 · Crowns 11". A name is bold when `bold` holds it. A screen reader reads each player as one line naming its
  numbers by their columns (`app.compare.row`), and not the heading row.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

import flet as ft

from views.ui import choice_row
from views.words import no_lone_character, whole_name

WIDE = 576  # px: the screen's width (Flet's "sm" breakpoint) from which the comparison is a table, below a block each
SCROLLBAR_ROOM = 12  # px kept free right of the table's last column: the page's scrollbar is drawn over it


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


def own_first(ctx: Any) -> list[str]:
    """The players in seat order, a seated phone's own seat moved first (a shared screen: seat order as it is)."""
    seat = getattr(ctx, "seat", None)
    return [name for name in ctx.players if name == seat] + [name for name in ctx.players if name != seat]


def player_switch(ctx: Any, done: Iterable[str] = ()) -> tuple[str, ft.Control]:
    """The chosen player and a row of buttons to switch players."""
    current, finished = chosen(ctx), set(done)
    options = [(name, name, ft.Icons.CHECK if name in finished else None) for name in ctx.players]
    return current, choice_row(options, current, lambda n: choose(ctx, n))


def compare_table(t: Callable[..., str], headers: list[str], rows: list[list[str]],
                  bold: Iterable[str] = ()) -> ft.Control:
    """The players' numbers side by side: a table on a screen WIDE px wide or more, else one block per
    player (`compare_blocks`: at a phone's 2x text four columns cannot fit, "Larges/t prope/rty" and "Crown/s"
    broke inside words). Flet shows the one whose breakpoint the width reaches (`col` 0 hides the other, which is
    not read either); each player is read as one line, "Ann: Points 5, Scoring groups 1"."""
    strong = set(bold)
    said = [compare_said(t, headers, row) for row in rows]
    return ft.ResponsiveRow(spacing=0, run_spacing=0, breakpoints={"narrow": 0, "wide": WIDE}, controls=[
        ft.Container(col={"narrow": 0, "wide": 12}, padding=ft.Padding.only(right=SCROLLBAR_ROOM),
                     content=compare_grid(headers, rows, strong, said)),
        ft.Column(col={"narrow": 12, "wide": 0}, spacing=6, controls=compare_blocks(t, headers, rows, strong, said)),
    ])


def compare_said(t: Callable[..., str], headers: list[str], row: list[str]) -> str:
    """A player's row in words, each number named by its column (read cell by cell it was bare numbers after bare
    headings)."""
    numbers = [t("app.compare.cell", column=h, value=v) for h, v in zip(headers[1:], row[1:])]
    return t("app.compare.row", name=row[0], cells=t("app.compare.sep").join(numbers))


def compare_blocks(t: Callable[..., str], headers: list[str], rows: list[list[str]], strong: set,
                   said: list[str]) -> list[ft.Control]:
    """One text per player, "Ann — Points 30 · Largest property 7 · Crowns 11": each heading and its number kept
    on one line (`whole_name`), a line breaking only between them."""
    blocks = []
    for row, words in zip(rows, said):
        cells = [whole_name(t("app.compare.cell", column=h, value=v)) for h, v in zip(headers[1:], row[1:])]
        shown = t("app.compare.block", name=whole_name(row[0]), cells=t("app.compare.block_sep").join(cells))
        blocks.append(ft.Semantics(label=words, exclude_semantics=True, content=ft.Text(
            shown, weight=ft.FontWeight.BOLD if row[0] in strong else None)))
    return blocks


def compare_grid(headers: list[str], rows: list[list[str]], strong: set, said: list[str]) -> ft.Control:
    """A header row and one row per player: the name, then right-aligned numbers, the columns sharing the row's
    width alike (fixed 72 px number columns broke a heading inside a word at a phone's 1.5x text). A Chinese
    heading keeps its last two characters together (`no_lone_character`: at a phone's 2x text 最大领地 wrapped to
    最大领 / 地); an English one still wraps at its spaces."""

    def line(cells: list[str], weight: Any = None, words: str | None = None) -> ft.Control:
        """One row of the table, read as words (nothing: the heading row)."""
        return ft.Semantics(label=words, exclude_semantics=True, content=ft.Row(spacing=4, controls=[
            ft.Text(cells[0], expand=1, weight=weight or (ft.FontWeight.BOLD if cells[0] in strong else None),
                    no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS),
            *[ft.Text(cell, expand=1, text_align=ft.TextAlign.RIGHT, weight=weight) for cell in cells[1:]]]))

    return ft.Column(spacing=6, controls=[line([no_lone_character(h) for h in headers], ft.FontWeight.W_600),
                                          ft.Divider(height=1),
                                          *[line(row, words=words) for row, words in zip(rows, said)]])
