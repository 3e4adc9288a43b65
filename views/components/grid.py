"""Grid editor: tap a cell, choose its value from a short list; groups of cells (e.g. connected regions) are
outlined in their own colour so the table sees what scores.

Builder:
    grid_editor(ctx, grid, choices, on_set, label=str, colour=None, groups=(), cell_size=48, on_tap=None,
                marked=(), notes=None, blocked=(), origin=(0, 0), mark=None, spoken=None, whose=None,
                marked_said=None, fixed_text=False, fixed_cells=False, kept=None) -> ft.Control
- `grid`: rows of cell values (a cell may be None = empty); `choices`: the values a cell may take (None allowed
  to clear); `on_set(row, col, value)`: called when a value is chosen for a cell (the view dispatches it);
- `label(value) -> str`: the text shown in a cell and in the chooser (default `str`, empty for None);
  `colour(value) -> colour | None`: a cell's fill; `groups`: lists of (row, col) cells to outline together
  (e.g. `scoring.mechanics.regions.regions(grid)`), each group in its own colour;
- `on_tap(row, col)`: when given, a tap calls it instead of opening the chooser (e.g. paint with a chosen brush, or
  pick the cells of a move); `marked`: cells to point out (e.g. where a move may go), drawn with a thick frame in the
  text colour (`MARKED`); `notes`: {(row, col): short text} shown small in a cell's top right corner (e.g. a group's
  points), the cell's own text centred as in any cell (it was put bottom left in a fitted grid, when 22 px cells
  overlapped the two: a capped Nab-It letter sat low left, against its bar; in a 25 px cell of a 390 px phone a
  centred W ends 2 px left of a "2" in the corner);
  `blocked`: cells that are not part of the board (drawn blank, not tappable); `origin`: where the grid's first
  cell sits on a larger board it shows part of (row, column from 0), for the cells' names; `mark(value) ->
  (colour, side) | None`: a bar MARK px thick along one side of a cell, one of BAR_SIDES (e.g. who played the
  tile: on a phone a 30 % tint was the only sign, and two players' tints measured 1.00-1.18:1 apart; the side
  tells them apart without colour), set off from the fill by a line of the surface on its inner side, so a
  colour of 3:1 on the surface stands out from any tint; the cell's text is drawn over it;
  `spoken(value) -> str`: a filled cell's value as its name reads it (default: its text), for what the eye sees
  by colour only (e.g. whose tile it is); `whose`: the board's name, said before each cell's row where more
  than one board can be shown in its place ("Ann's sheet, row 3, column 1: Empty"), else None; `marked_said`:
  the word a `marked` cell is read with after its name, as its frame shows it (its semantics value,
  `views.ui.named_tap`: "…: Empty" then "marked"; marking a cell sends the word, not its whole name again): the
  shared `app.grid.marked` where the view's hints speak of marked squares (Splitter; Kingdomino's own board reads
  its marked squares alike), a word of the view's own where they do not (Nab-It's draft), else None;
- `cell_size`: a cell's side in pixels, the grid scrolling sideways where it is wider than the screen; None: the
  grid fits the width it is given (a whole 15×15 board on a 390 px phone, 24.9 px cells), its cells square,
  touching (`GAP`) and at most FIT_MAX wide. Every cell is outlined in the scheme's outline colour, not the lighter
  outline variant: a fitted grid's cells fall between pixels, where a hairline is drawn half as dark over two, and
  the variant faded into the page (the screenshot test's contrast check found empty Nab-It cells); in the dark
  theme the variant hardly differs from the background at any size (Splitter's empty sheet);
- `fixed_text`: in a fitted grid, the cells' texts and notes keep their size at any text size of the phone (drawn
  on a canvas, `cell_text`): at 2x a 14 px letter grew to 28 px in a 25 px Nab-It cell, cut off; sized cells
  (+ on the Nab-It board, 44 and 52 px) keep plain Text, which grows with the phone's text and has room there;
- `fixed_cells`: sized cells' texts and notes keep their size too: Splitter's 40 px cells had no room at 2x, its
  group's "+1" note drawn over the number;
- `kept`: a name to keep the cells under from one render to the next (`views.components.kept.Kept`, in ctx.local):
  for a screen's one board, so a render builds, compares and sends only the cells that changed; None where the same
  grid may be built twice in one render;
- Tapping a cell opens a chooser (a bottom sheet) with one button per choice; each cell's accessible name is
  "row r, column c: value" (after `whose`) and nothing more (the texts inside are left out of it); no hover
  tooltip repeats it (`views.ui.named_tap`). With neither `on_set` nor `on_tap` the grid is only shown (a board
  on a phone whose turn it is not): its cells keep their names but are no buttons and take no tap.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Iterable

import flet as ft
import flet.canvas as cv

from views.components.kept import Kept
from views.ui import named_tap

FIT_MAX = 36
GLYPH_WIDTH, LINE_HEIGHT = 0.7, 1.2  # a canvas text's box (`fixed_box`), as parts of its size: a digit or a letter
# px between cells. Rule: a sized grid's cells stand apart; a fitted grid's touch (their 1 px outlines meet, a 2 px
# line), so its columns share the whole width: with 2 px gaps a 390 px phone's 15 Nab-It columns measured 23.1 px
# (28 px of its 374 went to gaps, and a tap on a gap hit nothing), now about 24.9 px. 48 px targets would need 720 px.
GAP = {False: 2, True: 0}  # by whether the grid is fitted
MARK = 3  # px: the thickness of a cell's bar (`mark`), inside a 1 px line of the surface
BAR_SIDES = ("bottom", "left", "right", "top")  # the sides a cell's bar (`mark`) may lie along
INNER = {"bottom": "top", "top": "bottom", "left": "right", "right": "left"}  # a bar's side toward the middle
NOTE_INSET = {False: 0, True: 3}  # a note's gap from the right edge: a fitted cell (25 px on a phone) has no room
# A marked cell's frame: MARKED_WIDTH px of the theme's text colour (near black on the light theme, near white on
# the dark). Rule: the frame that points out the squares to tap stands 3:1 or more against the surface in both
# themes (amber, drawn before, measured 1.55:1 on the light one on a 390x844 screenshot, 11.35 on the dark), and a
# colour of its own: no group or property outline is drawn in the text colour, and a cell's plain outline is the
# scheme's outline colour, 1 px and about 4.5:1. Kingdomino rings a marked tile with the surface, as a property's.
MARKED, MARKED_WIDTH = ft.Colors.ON_SURFACE, 4
GROUP_COLOURS = (ft.Colors.RED_600, ft.Colors.BLUE_700, ft.Colors.GREEN_700, ft.Colors.ORANGE_900, ft.Colors.PURPLE_400,
                 ft.Colors.TEAL_600, ft.Colors.PINK, ft.Colors.BROWN_400)  # 3:1 or more on both themes' surfaces


def group_of(groups: Iterable[Iterable]) -> dict[tuple[int, int], int]:
    """Each grouped cell's group number."""
    return {(int(r), int(c)): i for i, group in enumerate(groups) for r, c in group}


def show_label(label: Callable[[Any], str], value: Any) -> str:
    """A cell's text (empty for an empty cell)."""
    return "" if value is None else label(value)


def bar(colour: Any, side: str) -> ft.Control:
    """A cell's bar (`mark`), for a Stack: MARK px of the colour along one side (of BAR_SIDES), the whole side
    long, inside a 1 px line of the surface (the bar's own border on its inner side, drawn over its fill: one
    control, where a surface box padded 1 px around a box of the colour took two)."""
    across = side in ("bottom", "top")
    place = {side: 0, **({"left": 0, "right": 0} if across else {"top": 0, "bottom": 0})}
    return ft.Container(**place, **{"height" if across else "width": MARK + 1}, bgcolor=colour,
                        border=ft.Border.only(**{INNER[side]: ft.BorderSide(1, ft.Colors.SURFACE)}))


def cell_text(text: str, size: int, fixed: bool, bold: bool = False, colour: Any = None) -> ft.Control:
    """A cell's text (or note), in `colour` if given: a Text, which grows with the phone's text size, or where
    `fixed` drawn on a canvas box, which keeps `size` (Flet's canvas text is laid out without the text scale; Flet
    1.0 has no other way to stop a Text from scaling). The box is the text's own size (`fixed_box`), the text
    centred in it, so a note put in a cell's corner stays there (an 18 px box put a stack's height "2" over the
    letter in a 25 px cell)."""
    weight = ft.FontWeight.BOLD if bold else None
    if not fixed or not text:
        return ft.Text(text, size=size, weight=weight, color=colour, text_align=ft.TextAlign.CENTER)
    width, height = fixed_box(text, size)
    return cv.Canvas(width=width, height=height, shapes=[cv.Text(
        width / 2, height / 2, text, alignment=ft.Alignment.CENTER,
        style=ft.TextStyle(size=size, weight=weight, color=colour))])


def fixed_box(text: str, size: int) -> tuple[int, int]:
    """The box a canvas text of `size` px takes in a cell: about its glyphs' width and its line's height."""
    return math.ceil(GLYPH_WIDTH * size * len(text)), math.ceil(LINE_HEIGHT * size)


def grid_editor(ctx: Any, grid: list[list], choices: list, on_set: Callable[[int, int, Any], Any],
                label: Callable[[Any], str] = str, colour: Callable[[Any], Any] | None = None,
                groups: Iterable[Iterable] = (), cell_size: int | None = 48,
                on_tap: Callable[[int, int], Any] | None = None, marked: Iterable[Iterable] = (),
                notes: dict | None = None,
                blocked: Iterable[Iterable] = (), origin: tuple[int, int] = (0, 0),
                mark: Callable[[Any], Any] | None = None, spoken: Callable[[Any], str] | None = None,
                whose: str | None = None, marked_said: str | None = None, fixed_text: bool = False,
                fixed_cells: bool = False, kept: str | None = None) -> ft.Control:
    """The grid as tappable cells; a chooser (or on_tap) sets a cell's value. A grid `kept` under a name (a
    screen's one board) keeps each cell the previous render built alike (`Kept`, by everything the cell shows and
    says): a render then builds, compares and sends only the cells that changed (a 15x15 board's 225 cells took
    most of a Nab-It render); a kept cell's tap goes to this render's tap (`_grid_taps`), not to the one of the
    render that built it."""
    fixed = fixed_text and cell_size is None or fixed_cells
    grouped = group_of(groups)
    pointed = {(int(r), int(c)) for r, c in marked}
    off = {(int(r), int(c)) for r, c in blocked}
    notes = notes or {}
    box = {"expand": 1, "aspect_ratio": 1} if cell_size is None else {"width": cell_size, "height": cell_size}

    def choose(row: int, col: int) -> None:
        """Open the chooser for one cell."""

        def pick(value: Any) -> None:
            """Set the value and close the chooser."""
            ctx.page.pop_dialog()
            on_set(row, col, value)

        sheet = ft.BottomSheet(content=ft.Container(padding=16, content=ft.Column(tight=True, controls=[
            ft.Text(ctx.t("app.grid.choose", row=row + 1, col=col + 1), size=18, weight=ft.FontWeight.BOLD),
            ft.Row(wrap=True, controls=[
                ft.OutlinedButton(content=show_label(label, v) or ctx.t("app.grid.empty"),
                                  on_click=lambda e, v=v: pick(v))
                for v in choices]),
        ])))
        ctx.page.show_dialog(sheet)

    tap = on_tap or (choose if on_set else None)
    empty = ctx.t("app.grid.empty")
    frames = {"plain": ft.Border.all(1, ft.Colors.OUTLINE), "marked": ft.Border.all(MARKED_WIDTH, MARKED),
              **{i: ft.Border.all(3, colour) for i, colour in enumerate(GROUP_COLOURS)}}
    squares = Kept(ctx.local if kept else {}, kept or "cells")
    faces = Kept(ctx.local if kept else {}, f"{kept}:faces")
    taps = ctx.local.setdefault("_grid_taps", {}) if kept else {}
    taps[kept] = tap
    relay = (lambda r, c: taps[kept](r, c)) if tap else None
    rows = []
    for r, line in enumerate(grid):
        cells = []
        for c, value in enumerate(line):
            if (r, c) in off:
                cells.append(ft.Container(**box))
                continue
            group = grouped.get((r, c))
            text = show_label(label, value)
            look = (ctx.lang, whose, origin[0] + r, origin[1] + c, r, c, cell_size, fixed, relay is not None, text,
                    (spoken(value) if spoken and value is not None else text) or empty, notes.get((r, c)),
                    mark(value) if mark and value is not None else None,
                    colour(value) if colour and value is not None else None,
                    "marked" if (r, c) in pointed else "plain" if group is None else group % len(GROUP_COLOURS),
                    marked_said if (r, c) in pointed else None)
            cells.append(squares.row(look, lambda look=look: grid_cell(ctx, look, box, frames, relay, faces)))
        rows.append(ft.Row(controls=cells, spacing=GAP[cell_size is None]))
    board = ft.Column(controls=rows, spacing=GAP[cell_size is None])
    if cell_size is None:
        return ft.Container(width=max(map(len, grid), default=0) * FIT_MAX, content=board)
    return ft.Row(scroll=ft.ScrollMode.AUTO, controls=[board])


def grid_cell(ctx: Any, look: tuple, box: dict, frames: dict, relay: Callable[[int, int], Any] | None,
              faces: Kept) -> ft.Control:
    """One cell from what it shows and says (`look`, the key it is kept under): named, framed, filled, its face.
    The face is kept on its own (`faces`, by the square and what it shows): a cell built anew for its frame, its
    name or its tap alone (a sheet that turns tappable: Splitter's 44 squares at an undo) keeps the face the render
    before built, which Flet then neither compares nor sends."""
    _, whose, row, col, r, c, cell_size, fixed, _, text, said, note, marking, fill, frame, state = look
    inset = NOTE_INSET[bool(cell_size)]
    face = faces.row((r, c, text, note, marking, fixed, inset), lambda: shown_face(text, note, marking, fixed, inset))
    name = ctx.t("app.grid.cell_of" if whose else "app.grid.cell", board=whose, row=row + 1, col=col + 1, value=said)
    return named_tap(name, ft.Container(
        **box, border=frames[frame], border_radius=4, bgcolor=fill,
        alignment=ft.Alignment.CENTER if face is not None and not isinstance(face.content, ft.Stack) else None,
        on_click=(lambda e: relay(r, c)) if relay else None, content=face), state)


def shown_face(text: str, note: str | None, marking: tuple | None, fixed: bool, inset: int) -> ft.Control | None:
    """A cell's face (`cell_face`) left out of the cell's name, or None where it shows nothing."""
    face = cell_face(text, note, marking, fixed, inset)
    return None if face is None else ft.Semantics(content=face, exclude_semantics=True)


def cell_face(text: str, note: str | None, marking: tuple | None, fixed: bool, inset: int) -> ft.Control | None:
    """What a cell shows in its frame: its text centred, over its bar (`mark`), its note in the top right corner;
    None where it shows nothing (an empty cell: no controls to build and send, 2 of an empty cell's 5 were an
    empty text and the node that kept it out of the cell's name). A Stack centres its text itself (no box around
    the text to centre it in)."""
    shown = [cell_text(text, 14, fixed)] if text else []
    if note is None and marking is None:
        return shown[0] if shown else None
    return ft.Stack(alignment=ft.Alignment.CENTER, controls=[
        *([bar(*marking)] if marking is not None else []), *shown,
        *([ft.Container(content=cell_text(note, 10, fixed, True), alignment=ft.Alignment.TOP_RIGHT,
                        padding=ft.Padding.only(right=inset))] if note is not None else [])])
