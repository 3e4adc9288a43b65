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
# A fold whose title starts at its column's left edge, as the screen's other text does (the scoreboard's rows, the
# action log): with Flutter's default padding they stood TILE_INSET px right of the text above and below them (24 px
# on a phone, the rest of the screen at 8); the arrow keeps its inset on the right.
FLUSH = ft.Padding.only(right=TILE_INSET)
UNREAD = ("title", "subtitle", "leading", "trailing")  # the parts of a fold's head its name (`said`) reads for


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


def fold(folds: Folds, name: str, default: bool, contents: Callable[[], list[ft.Control]], said: str,
         hint: str | None = None, key: str | None = None, bgcolor: Any = None, **tile: Any) -> ft.Control:
    """A fold-out panel open as the tab left it (else `default`), whose contents are built only while it is open:
    its head an `ft.ExpansionTile` (title, leading, ... given as `tile`; `controls_padding`, `controls_spacing`,
    `expanded_alignment` and `expanded_cross_axis_alignment` place the contents) read out as one button named
    `said` (and `hint`, its subtitle) that is expanded or collapsed, the contents below it read as they are.

    The head is one merged node (`ft.MergeSemantics` over the name, its state and the tile), which the browser can
    focus: Tab stops on it once and Enter (or a screen reader's tap) is the tile's own tap, which flips the panel.
    The head was a node of its own over a tile left out of the read-out (`exclude_semantics`): Flutter's focus
    stopped on the tile with no element for the browser to focus, so on a score pad of 2 rounds Tab seemed lost (the
    focus stayed on "Undo" for two presses) and Enter with "Undo" read out opened Ben's breakdown. The tile's title,
    subtitle, leading and trailing are drawn but not read (`unread`): merged, they would be read after the name that
    says them already (a scoreboard row's title and total twice). The tile's own node was "button, Expanded" with
    aria-current="false" and no aria-expanded; the name, button and expanded state of the Semantics above it are
    what the merged node says. A node over the whole panel would take the contents into the button's name. Open, the
    lines above and below it hold the contents too, as the tile's own did: two keyed dividers in the panel's column
    (keyed, so the head keeps its place among the unkeyed), not a bordered box around it, which was a level more on
    the way to every change a tap sends inside a panel (a scoreboard row's total, the log's count and new row: about
    11 B each). Closed, the panel is its head alone (keyed), not a column of one: that column was a level more on
    the way to a closed scoreboard row's total and read-out, sent with every tap (about 13 B a row); the head's tile
    is as wide as the column it stands in either way (a list tile takes the width it is given). bgcolor: the panel's
    background (a box then holds it), or None."""
    shown = folds.is_open(name, default)
    padding = tile.pop("controls_padding", None)
    spacing = tile.pop("controls_spacing", 0)
    alignment = tile.pop("expanded_alignment", None)
    across = tile.pop("expanded_cross_axis_alignment", ft.CrossAxisAlignment.CENTER)
    drawn = {part: unread(control) for part, control in tile.items() if part in UNREAD}
    head = ft.MergeSemantics(content=ft.Semantics(label=said, hint_text=hint, button=True, expanded=shown,
                                                  content=ft.ExpansionTile(
                                                      expanded=shown, controls=[], on_change=folds.toggled(name),
                                                      shape=ft.RoundedRectangleBorder(), **{**tile, **drawn})))
    if not shown and not bgcolor:
        head.key = key
        return head
    controls = [edge("top"), head, contents_column(contents(), padding, alignment, spacing, across), edge("foot")] \
        if shown else [head]
    panel = ft.Column(key=None if bgcolor else key, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                      controls=controls)
    return ft.Container(key=key, bgcolor=bgcolor, content=panel) if bgcolor else panel


def unread(control: Any) -> Any:
    """A part of a fold's head drawn but not read out (the head's name says it), or None for none: a text by an
    empty name of its own (Flutter reads a text's `semantics_label` instead of its words), anything else in a node
    left out of the read-out. A text in such a node was a level more on the way to a scoreboard row's total and the
    log's count, sent with every tap (about 11 B each)."""
    if isinstance(control, ft.Text):
        control.semantics_label = ""
        return control
    return None if control is None else ft.Semantics(exclude_semantics=True, content=control)


def edge(name: str) -> ft.Control:
    """An open panel's line above or below it (its key: name)."""
    return ft.Divider(key=name, height=1, thickness=1, color=ft.Colors.OUTLINE_VARIANT)


def contents_column(controls: list[ft.Control], padding: Any, alignment: Any, spacing: int, across: Any) -> ft.Control:
    """An open fold's contents: a column held left, its children at its left edge (the log, a rules section),
    stands straight in the fold, its padding as its margin; else in a box that places it. The box was a level more
    on the way to every new row: the log's new row cost each tap about 12 B more."""
    if across == ft.CrossAxisAlignment.START and alignment is not None and alignment.x == -1:
        return ft.Column(controls=controls, spacing=spacing, horizontal_alignment=across, margin=as_margin(padding))
    return ft.Container(padding=padding, alignment=alignment or ft.Alignment.CENTER, content=ft.Column(
        controls=controls, spacing=spacing, horizontal_alignment=across))


def as_margin(padding: Any) -> Any:
    """A padding (a number, an `ft.Padding` or None) as the same space outside a control: its margin."""
    if isinstance(padding, ft.Padding):
        return ft.Margin(left=padding.left, top=padding.top, right=padding.right, bottom=padding.bottom)
    return padding
