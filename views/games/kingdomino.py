"""Kingdomino view: one kingdom at a time (player switcher), built domino by domino or painted whole.

- Domino by domino: pick an unused domino number, then tap the square for its first half and the square for its
  second half (tapping them the other way round turns the domino over). The squares where a legal placement can
  go are marked, from the engine's `legal_placements`; an illegal pair is sent anyway and the engine's refusal
  is shown. A domino with no legal place is discarded (the engine refuses a discard that has a place).
- A finished paper kingdom: choose a terrain and its crowns (the brush), tap squares to paint them, then enter
  it: the painted grid goes to the engine as a `layout` action written by `format_layout`. Offered only while
  the engine's prompt offers that player a `layout` (an empty kingdom): once a domino is placed or discarded the
  screen keeps to domino by domino. The way in is each player's own (`ctx.local["modes"]`): one player's paper
  kingdom does not open the others' in the painter.
- Squares are tiles in their terrain's colour with its icon and a drawn crown per crown (no letters); the tile
  colours and what is drawn on them are fixed (the same in both themes) and the palette's text on a tile's colour
  reads at 4.5:1 or more. Each property that scores (from the engine's `properties`) is outlined in a colour of
  its own, its points on a badge in its first square, and has its own legend line in that colour; the crownless
  ones keep the plain frame and share one legend line (the table sees at a glance what scores, and every
  coloured line points at one property). The score comparison shows every player's total, largest property and
  crowns, and says when the tie-break decides.
- `final(ctx)`: every finished kingdom and the comparison under the end screen.
  Ruling (the end screen listed every property twice, in the scoreboard's rows and under each kingdom): the
  kingdom cards keep the words, each line in its property's outline colour beside the kingdom it is on, game by
  game in a dynasty (the scoreboard's lines do not say which game); the scoreboard's rows start shut here
  (`FINAL_LISTS_POINTS`), each still folding out its summed breakdown when tapped. Both say a line one way.
- A screen shows a control only for a move it makes (`views.components.offers`): a kingdom's way in (domino by
  domino, or painted) only where the screen acts as its player — on a seated phone the seat's own kingdom, shown
  first; another player's kingdom there is shown as it stands, with who builds it — and the table's "set aside"
  and "end the game now" only where it acts for the table. It offers them to the context (`ctx.offer`; a
  player's place, discard and layout as long as the switcher reaches their kingdom), so a seated phone's moves
  panel never offers them again. The shared screen, which acts as everyone, shows them all as before.
"""

from __future__ import annotations

from typing import Any

import flet as ft
import flet.canvas as cv

from scoring.core import TABLE, Line, RuleError
from scoring.games import kingdomino as game
from views.components.folds import Folds, fold, unread
from views.components.grid import GROUP_COLOURS, MARKED, MARKED_WIDTH, cell_text, group_of
from views.components.kept import Kept
from views.components.offers import makes, offer_here, way_in
from views.components.private import elsewhere
from views.components.refusal import put_away, said
from views.components.scoreboard import entry_line
from views.components.seats import compare_table, own_first, player_switch
from views.context import GameContext
from views.ui import aside, choice_row, keyed, named_tap, toggle_chip

TERRAINS = ("W", "G", "F", "L", "S", "M")
# Each square's look: the tile colour, the colour of what is drawn on it (fixed, so a tile reads the same in the
# light and the dark theme) and its Material icon. Written as the Material shades' values (named beside them), so
# a test can compute the palette's text contrast: every pair reads at 4.5:1 or more (light green 400, brown 300
# and blue 500 tiles made about 4.2, 4.2 and 3.1).
LOOK = {
    "W": ("#FFD54F", "#3E2723", ft.Icons.GRAIN),  # amber 300, brown 900
    "G": ("#AED581", "#1B5E20", ft.Icons.GRASS),  # light green 300, green 900
    "F": ("#2E7D32", "#FFFFFF", ft.Icons.FOREST),  # green 800, white
    "L": ("#1976D2", "#FFFFFF", ft.Icons.WAVES),  # blue 700, white
    "S": ("#BCAAA4", "#3E2723", ft.Icons.SPA),  # brown 200, brown 900
    "M": ("#455A64", "#FFFFFF", ft.Icons.DIAMOND),  # blue grey 700, white
    "C": ("#EEEEEE", "#37474F", ft.Icons.CASTLE),  # grey 200, blue grey 800
}
# The outlines of scoring properties, most distinct first: the grid's group colours and two more, each 3:1 or more
# on both themes' surfaces (the 600 shades before measured 2.43 for brown and 2.63 for purple on the dark one, 2.26
# for orange on the light one); and the ones that would hardly show on a terrain's own tile (a blue frame on a lake).
OUTLINES = (*GROUP_COLOURS, ft.Colors.INDIGO_400, ft.Colors.CYAN_800)
CLASHES = {
    "W": {ft.Colors.ORANGE_900},
    "G": {ft.Colors.GREEN_700},
    "F": {ft.Colors.GREEN_700, ft.Colors.TEAL_600},
    "L": {ft.Colors.BLUE_700, ft.Colors.INDIGO_400, ft.Colors.CYAN_800},
    "S": {ft.Colors.BROWN_400},
    "M": {ft.Colors.INDIGO_400, ft.Colors.BROWN_400},
}
BONUS_KEYS = ("kingdomino.line.harmony", "kingdomino.line.middle_kingdom")
FINAL_LISTS_POINTS = True  # `final` lists every scoring line: the end screen's scoreboard rows start shut
RING_GAP = 1  # px of the surface between a property's outline and its tile
FILL = {letter: look[0] for letter, look in LOOK.items()}
CROWN_GOLD = ft.Colors.AMBER_400
CROWN_EDGE = ft.Colors.BLACK_87
# A crown in a 10 × 8 box: a band with three points.
CROWN_OUTLINE = ((0, 8), (0, 2), (2.5, 4.5), (5, 0), (7.5, 4.5), (10, 2), (10, 8))
# Centred in whole numbers: Flet's own constant is in floats (a float is sent as 9 bytes, a small whole number as 1),
# 25 bytes a tile instead of 13.
CENTRE = ft.Alignment(0, 0)
CROWNS = range(game.MAX_CROWNS + 1)
FRAME_CELL = {5: 38, 7: 27}
PAINT_CELL = {5: 56, 7: 44}
BADGED_FACE = 0.75


# ---------------------------------------------------------------------------------------------------------
# Words and looks


def half_words(ctx: GameContext, letter: str, crowns: int) -> str:
    """A domino half or a square in words, one way wherever it is said (a domino, a square, a hint, the painter):
    its terrain, and its crowns if any, "Wheat with 1 crown" / "麦田（1 顶皇冠）" (a square said "Wheat, crowns: 1"
    where its domino said "Wheat with 1 crown")."""
    name = ctx.t(f"kingdomino.terrain.{letter}")
    return ctx.t("kingdomino.view.half_with", terrain=name, crowns=crowns) if crowns else name


def domino_words(ctx: GameContext, number: int) -> str:
    """A domino as it is read (a picker tile's name, an out-of-the-box chip's): its number and its halves joined in
    words, "Domino 19: Wheat with 1 crown and Forest" (a bar between them was read "vertical bar")."""
    said = [half_words(ctx, letter, crowns) for letter, crowns in game.DOMINOES[number]]
    return ctx.t("kingdomino.view.domino_tip", domino=number, first=said[0], second=said[1])


def crown(width: float) -> ft.Control:
    """One crown mark, drawn (no font has one offline): gold with a dark edge, readable on every tile; a canvas of
    its own, which clips the edge's outer half (one canvas for a row of crowns drew the edges into the pixel between
    them). Its whole coordinates and edge width go as whole numbers (`whole`): a float is 9 B, a small whole
    number 1."""
    scale = width / 10
    points = [(whole(x * scale), whole(y * scale)) for x, y in CROWN_OUTLINE]
    elements = [cv.Path.MoveTo(*points[0]), *[cv.Path.LineTo(x, y) for x, y in points[1:]], cv.Path.Close()]
    return cv.Canvas(width=width, height=8 * scale, shapes=[
        cv.Path(elements=elements, paint=ft.Paint(color=CROWN_GOLD, style=ft.PaintingStyle.FILL)),
        cv.Path(elements=elements, paint=ft.Paint(color=CROWN_EDGE, style=ft.PaintingStyle.STROKE,
                                                  stroke_width=whole(max(1.0, scale)))),
    ])


def whole(value: float) -> float:
    """A number as an int where it is a whole one (the same value, sent in 1 byte instead of 9), else as it is."""
    return int(value) if value == int(value) else value


def face(letter: str, crowns: int, size: float) -> ft.Control:
    """A square's face: the terrain's icon over its crown marks."""
    icon = ft.Icon(LOOK[letter][2], color=LOOK[letter][1], size=size * (0.42 if crowns else 0.55))
    if not crowns:
        return icon
    return ft.Column(spacing=max(1, size * 0.04), tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                     controls=[icon, ft.Row(spacing=1, tight=True, controls=[crown(size * 0.27)] * crowns)])


def badge(points: str, size: float) -> ft.Control:
    """A property's points in a cell's top corner, on its own dark patch so it reads on every tile; drawn at its own
    size (`cell_text`), as a grid's note is: a Text grew with a phone's 2x text, wrapped "+10" to "+1" over "0" and
    covered the square's crowns."""
    return ft.Container(content=cell_text(points, max(9, round(size * 0.2)), True, True, ft.Colors.WHITE),
                        bgcolor=ft.Colors.BLACK_87, border_radius=5,
                        padding=ft.Padding.symmetric(horizontal=3, vertical=1))


def square(ctx: GameContext, r: int, c: int, cell: dict | None, size: int, border: Any, note: str | None,
           on_tap, marked: bool = False, ringed: bool = False) -> ft.Control:
    """One square of a kingdom: a coloured tile with its icon and crowns, or an empty frame square; its accessible name
    says row, column and what lies there; with no `on_tap` (a finished kingdom, a screen that only shows it) it is a
    named square, no button. A square with a points badge draws its face smaller at the bottom, under the badge
    (centred, the badge covered the top of the icon). A `marked` square is read as marked after its name, as its frame
    shows it ("Row 5, column 7: Empty", then "marked"): the hints point at "the marked squares". The word is its
    semantics value (`named_tap`), as Splitter's and Nab-It's marked squares are read (the grid editor's `marked_said`):
    marking a square sends the word, not its whole name again. A `ringed` square (a scoring property's, or a marked
    one's, a painted square that clashes) has its tile inside a line of the surface, RING_GAP px, within its outline:
    the outline then lies on the surface on both sides and stands out as it does there, whatever the tile (a red outline
    drawn on a lake measured 1.09:1 against it, a green one 1.39:1, a blue one on grass 2.21:1). A face (an icon, its
    crowns) has no name of its own and stands in the tile as it is; a badged one is left out of the read-out
    (`folds.unread`), so its points are not read after the square's name."""
    words = half_words(ctx, cell["terrain"], cell["crowns"]) if cell else ctx.t("app.grid.empty")
    content = face(cell["terrain"], cell["crowns"], size * (BADGED_FACE if note else 1)) if cell else None
    if note is not None:
        content = ft.Stack(width=size, height=size, controls=[
            ft.Container(content=content, alignment=ft.Alignment.BOTTOM_CENTER, padding=ft.Padding.only(bottom=1)),
            ft.Container(content=badge(note, size), alignment=ft.Alignment.TOP_RIGHT, padding=1),
        ])
    tile = {"bgcolor": fill(cell), "alignment": CENTRE if content else None,
            "content": unread(content) if note is not None else content}
    look = ({"bgcolor": ft.Colors.SURFACE, "padding": RING_GAP, "content": ft.Container(border_radius=2, **tile)}
            if ringed else tile)
    return named_tap(ctx.t("app.grid.cell", row=r + 1, col=c + 1, value=words), ft.Container(
        width=size, height=size, border=border, border_radius=4,
        on_click=(lambda e: on_tap(r, c)) if on_tap else None, **look,
    ), ctx.t("app.grid.marked") if marked else None)


def fill(cell: dict | None) -> Any:
    """A square's colour by terrain."""
    return FILL[cell["terrain"]] if cell else None


def outlined(grid: list[list]) -> list[tuple[dict, str | None]]:
    """Each property (the engine's, in reading order) with its outline colour: one of its own for a property
    that scores, none for a crownless one.

    A scoring property takes the least used colour that no other property of its terrain has, leaving out those
    that hardly show on its tile (`CLASHES`), the first such in `OUTLINES` order: up to seven scoring properties
    all differ, and past that a colour comes back only on another terrain, so a legend line (colour and terrain)
    still names one property. A terrain has at most six crowned squares in the box, so that holds for every
    kingdom dominoes can build; only a painted kingdom no box makes can run out."""
    used = {colour: 0 for colour in OUTLINES}
    taken: dict[str, set] = {}
    out = []
    for p in game.properties(grid):
        if not p["points"]:
            out.append((p, None))
            continue
        kin = taken.setdefault(p["terrain"], set())
        shows = [c for c in OUTLINES if c not in CLASHES[p["terrain"]]]
        colour = min([c for c in shows if c not in kin] or shows, key=used.__getitem__)
        used[colour] += 1
        kin.add(colour)
        out.append((p, colour))
    return out


def board(ctx: GameContext, grid: list[list], on_tap=None, marked=(), cell_size: int = 48,
          kept: str | None = None, counted: list[list] | None = None) -> ft.Control:
    """A kingdom as terrain tiles, each scoring property outlined in its legend colour (set off from its tiles by a line
    of the surface: 3:1 or more against the surface on both themes, so against what lies on either side) with its points
    noted, the squares in `marked` in the grid's marked frame (`views.components.grid.MARKED`: the text colour, 3:1 or
    more against the surface on both themes, so against what lies either side of it: a marked tile is ringed too; amber
    measured 1.55:1 on the light surface and 1.02-1.40 on the light tiles), an empty square in the theme's outline
    colour (3:1 or more against the board on both themes; the outline variant measured 1.99:1 on the dark one, 1.62:1 on
    the light). Squares are buttons only with `on_tap`. (The grid editor draws text cells only, so the tiles are drawn
    here.) A board `kept` under a name (the screen's one kingdom being built) keeps each square the previous render drew
    alike (`Kept`, by everything the square shows): a tap then builds, compares and sends only the squares it changed
    (the 81 squares of a frame took most of what a tap cost once the picker was kept); a kept square's tap goes to
    this render's `on_tap` (`_board_taps`), not to the one of the render that built it. The properties outlined and
    their points are those of `counted` where given (the kingdom as placed, a first half tapped drawn but not counted,
    as the legend counts it), else of grid."""
    found = [(p, colour) for p, colour in outlined(grid if counted is None else counted) if colour]
    notes = {(p["cells"][0][0], p["cells"][0][1]): f"+{p['points']}" for p, _ in found}
    grouped = group_of(p["cells"] for p, _ in found)
    pointed = {(int(r), int(c)) for r, c in marked}
    squares = Kept(ctx.local if kept else {}, kept or "squares")
    taps = ctx.local.setdefault("_board_taps", {}) if kept else {}
    taps[kept] = on_tap
    relay = (lambda r, c: taps[kept](r, c)) if on_tap else None
    rows = []
    for r, line in enumerate(grid):
        cells = []
        for c, cell in enumerate(line):
            group = grouped.get((r, c))
            frame = ((MARKED_WIDTH, MARKED) if (r, c) in pointed else (3, found[group][1]) if group is not None
                     else (1, ft.Colors.OUTLINE))
            ringed = cell is not None and ((r, c) in pointed or group is not None)
            look = (ctx.lang, r, c, cell and (cell["terrain"], cell["crowns"]), cell_size, frame, notes.get((r, c)),
                    relay is not None, (r, c) in pointed, ringed)
            cells.append(squares.row(look, lambda: square(ctx, r, c, cell, cell_size, ft.Border.all(*frame),
                                                          notes.get((r, c)), relay, (r, c) in pointed, ringed)))
        rows.append(ft.Row(controls=cells, spacing=2))
    return ft.Row(scroll=ft.ScrollMode.AUTO, controls=[ft.Column(controls=rows, spacing=2)])


def legend_line(lang: str, text: str, colour: str | None) -> ft.Control:
    """A legend line after its mark: a dot in a scoring property's outline colour, an empty ring for the
    crownless ones (plainly framed on the board, their line an aside)."""
    mark = ft.Container(width=14, height=14, border_radius=7, bgcolor=colour,
                        border=None if colour else ft.Border.all(2, ft.Colors.OUTLINE))
    return ft.Row(spacing=6, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
        ft.Container(content=mark, padding=ft.Padding.only(top=3)),
        ft.Text(text, size=14, expand=True) if colour else aside(lang, text, size=14, expand=True)])


def property_text(ctx: GameContext, p: dict) -> str:
    """A scoring property in words, as the scoreboard's breakdown says it (`scoreboard.entry_line`: the engine's
    line and "= points", glued to its last word): "Lake — squares: 1, crowns: 1 = 1" (the legend said "…, crowns: 1,
    points: 1" under the end screen's "… = 1"); the quick scorer's score box says it alike."""
    line = Line(f"kingdomino.line.{game.NAMES[p['terrain']]}", p["points"],
                     {"squares": p["squares"], "crowns": p["crowns"]})
    return entry_line(ctx.t, ctx.lang, line)


def legend(ctx: GameContext, grid: list[list], player: str | None = None, number: int | None = None,
           board_: Any = None) -> ft.Control:
    """Each scoring property in words with its points, in the colour of its outline; then the crownless ones
    together on one line; for a player's kingdom, the bonuses it earns in game `number` (the current game where
    None; `bonus_lines`, from board_, the engine's scoreboard when already asked)."""
    found = outlined(grid)
    rows = [legend_line(ctx.lang, property_text(ctx, p), colour) for p, colour in found if colour]
    crownless = [ctx.t("kingdomino.view.property_none", terrain=ctx.t(f"kingdomino.terrain.{p['terrain']}"),
                       squares=p["squares"]) for p, colour in found if not colour]
    if crownless:
        rows.append(legend_line(ctx.lang, ctx.t("kingdomino.view.properties_none", properties=crownless), None))
    rows += [ft.Text(line, size=14, weight=ft.FontWeight.W_600) for line in bonus_lines(ctx, player, number, board_)]
    return ft.Column(controls=rows, spacing=2)


def bonus_lines(ctx: GameContext, player: str | None, number: int | None = None, board_: Any = None) -> list[str]:
    """The Harmony and Middle Kingdom bonuses the player's kingdom earns in game `number` (counted from 1; the
    current game where None), in words with their points, from the engine's scoreboard (board_, else asked now):
    the legend summed to 39 beside "Points 54" in the comparison."""
    if player is None:
        return []
    current = number or len(ctx.state["games"])
    found = next(p for p in (board_ or ctx.engine.scoreboard(ctx.state)).players if p.name == player)
    return [entry_line(ctx.t, ctx.lang, line) for line in found.breakdown
            if line.key in BONUS_KEYS and line.params.get("game") == current]


# ---------------------------------------------------------------------------------------------------------
# Building


def domino_tile(ctx: GameContext, number: int, on_click) -> ft.Control:
    """A domino in the picker: its number over its two halves as small tiles. The tile's name says it all: its
    number is drawn with an empty name of its own (`folds.unread`) and the halves' icons and crowns have none, so
    nothing in it is read twice without a node around it that leaves it out (a control more on each of 48 tiles)."""
    halves = game.DOMINOES[number]
    return named_tap(domino_words(ctx, number), ft.Container(
        width=64, padding=4, border=ft.Border.all(1, ft.Colors.OUTLINE), border_radius=6, on_click=on_click,
        content=ft.Column(spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            unread(ft.Text(str(number), size=16, weight=ft.FontWeight.BOLD)),
            ft.Row(spacing=2, alignment=ft.MainAxisAlignment.CENTER, controls=[
                ft.Container(width=27, height=27, bgcolor=FILL[letter], border_radius=3,
                             alignment=CENTRE, content=face(letter, crowns, 27))
                for letter, crowns in halves]),
        ]),
    ))


def picker(ctx: GameContext, player: str, pick: dict) -> ft.Control:
    """Every domino not used yet in this game, to choose the one the player places. A tile the previous render
    showed in the same language is that render's (`Kept`: its words and halves are its number's, so it has nothing
    new to build, compare or send; building the 48 tiles and diffing them took about half of a tap's 57 ms); a
    tile's tap goes through this render's `take` (`_picker["take"]`), not the one of the render that built it."""
    gone = game.unavailable(ctx.state)
    handlers = ctx.local.setdefault("_picker", {})
    kept = Kept(ctx.local, "_picker_tiles")

    def take(number: int) -> None:
        """Choose this domino."""
        pick.update(domino=number, first=None, gone=None)
        ctx.refresh()

    def tile(number: int) -> ft.Control:
        """A domino's tile, keyed, its tap handed to the latest render's `take`."""
        return keyed(domino_tile(ctx, number, lambda e: handlers["take"](number)), f"domino:{number}")

    handlers["take"] = take
    gone_here = pick.get("gone")
    return ft.Column(spacing=8, controls=[
        ft.Text(ctx.t("kingdomino.view.pick_domino", name=player), size=16, weight=ft.FontWeight.W_600,
                key=ft.ScrollKey(f"pick-{player}")),
        *said(ctx, f"pick-{player}"),
        ft.Container(visible=gone_here is not None,
                     content=aside(ctx.lang, ctx.t("kingdomino.view.domino_gone", domino=gone_here or ""), size=16)),
        # Keyed tiles: a used domino's removal is sent, not every later tile changed (19 KB a placement).
        ft.Row(wrap=True, spacing=4, run_spacing=4, controls=[
            kept.row((ctx.lang, n), lambda n=n: tile(n)) for n in sorted(game.DOMINOES) if n not in gone]),
    ])


def placing(ctx: GameContext, player: str, kingdom: dict, pick: dict) -> tuple[ft.Control, list, Any, set, ft.Control]:
    """The chosen domino's parts around the kingdom: what to tap (legal squares marked), the grid with a first
    half shown, the tap, the marked squares, and the change / discard buttons. A domino with no legal place has no
    square to tap: its discard button stands above the board where the tap hint stands (it said "Tap the square for
    the first half" under "no legal place here: discard it", the button under the board)."""
    number, first = pick["domino"], pick["first"]
    halves = game.DOMINOES[number]
    on_board, dropped = f"board-{number}", f"discard-{number}"  # where a refusal of this domino's tap is said
    legal = game.legal_placements(ctx.state, player, number)
    grid = [list(row) for row in kingdom["grid"]]
    if first is None:
        marked = {tuple(cells[0]) for cells in legal}
        hint = ctx.t("kingdomino.view.tap_first", half=half_words(ctx, *halves[0]))
    else:
        marked = {tuple(cells[1]) for cells in legal if cells[0] == first}
        grid[first[0]][first[1]] = {"terrain": halves[0][0], "crowns": halves[0][1]}
        hint = ctx.t("kingdomino.view.tap_second", half=half_words(ctx, *halves[1]))

    def tap(r: int, c: int) -> None:
        """First square, then second square: the second tap sends the placement to the engine; a first square
        where no legal placement starts is refused at once, with the engine's reason, which a square taken (or
        tapped again to start over) then puts away."""
        if first is None:
            refusal = game.first_half_error(ctx.state, player, number, [r, c])
            if refusal is not None:
                ctx.say(refusal, on_board)
                return
            put_away(ctx, on_board)
            pick["first"] = [r, c]
        elif first == [r, c]:
            put_away(ctx, on_board)
            pick["first"] = None
        else:
            placed = ctx.dispatch({"type": "place", "by": player, "domino": number, "cells": [first, [r, c]]},
                                  at=on_board)
            pick.update(domino=None if placed else number, first=None)
        ctx.refresh()

    def change() -> None:
        """Put the domino back and choose another."""
        pick.update(domino=None, first=None)
        ctx.refresh()

    def discard() -> None:
        """Discard the domino (the engine refuses when it has a legal place)."""
        if ctx.dispatch({"type": "discard", "by": player, "domino": number}, at=dropped):
            pick.update(domino=None, first=None)

    count = (ctx.t("kingdomino.view.legal", count=len(legal)) if legal
             else ctx.t("kingdomino.view.no_legal", domino=number))
    dropping = ft.Column(spacing=4, controls=[
        ft.OutlinedButton(content=ctx.t("kingdomino.view.discard", domino=number), icon=ft.Icons.DELETE_OUTLINE,
                          key=ft.ScrollKey(dropped), on_click=lambda e: discard()),
        *said(ctx, dropped)])
    head = ft.Column(spacing=8, controls=[
        ft.Row(wrap=True, controls=[domino_tile(ctx, number, None), ft.Text(count, size=16)]),
        ft.Text(hint, size=16, weight=ft.FontWeight.W_600, key=ft.ScrollKey(on_board)) if legal else dropping,
        *said(ctx, on_board),
    ])
    foot = ft.Row(wrap=True, controls=[
        ft.OutlinedButton(content=ctx.t("kingdomino.view.change"), icon=ft.Icons.SWAP_HORIZ,
                          on_click=lambda e: change()),
        *([dropping] if legal else []),
    ])
    return head, grid, tap, marked, foot


def by_domino(ctx: GameContext, player: str, kingdom: dict) -> ft.Control:
    """Domino-by-domino entry: the picker, then the placement on the kingdom.

    The screen keeps one shape in both steps (picker, the chosen domino, kingdom, buttons, legend; the parts not
    in use hidden), so choosing or placing a domino changes only what differs (the marked squares, the picker's
    used tile) instead of sending the kingdom and the picker again.
    RULING (the legend counts what is placed): the legend's properties and points are the kingdom as the engine's
    state holds it; a first half tapped and not yet placed is shown on the board but counted nowhere (it counted as
    a placed square, "Lake — squares: 2" for one lake square placed and the domino still in hand)."""
    pick = ctx.local.setdefault("pick", {"player": player, "domino": None, "first": None})
    if pick.get("player") != player:
        pick.update(player=player, domino=None, first=None, gone=None)
    elif pick.get("domino") is not None and pick["domino"] in game.unavailable(ctx.state):
        pick.update(domino=None, first=None, gone=pick["domino"])
    size = game.grid_size(ctx.state["options"])
    choosing = pick["domino"] is None

    def too_soon(r: int, c: int) -> None:
        """A square tapped before a domino is chosen: say what comes first, under the picker's question."""
        ctx.say(RuleError("kingdomino.view.choose_domino_first"), f"pick-{player}")

    if choosing:
        head, grid, tap, marked, foot = None, kingdom["grid"], too_soon, set(), None
    else:
        head, grid, tap, marked, foot = placing(ctx, player, kingdom, pick)
    chooser = picker(ctx, player, pick)
    chooser.visible = choosing
    return ft.Column(spacing=8, controls=[
        chooser,
        ft.Container(content=head, visible=head is not None),
        board(ctx, grid, tap, marked, FRAME_CELL.get(size, 27), kept="_board", counted=kingdom["grid"]),
        ft.Container(content=foot, visible=foot is not None),
        legend(ctx, kingdom["grid"], player),
    ])


def choice(text: str, selected: bool, on_click, terrain: str | None = None) -> ft.Control:
    """A button of the paint palette: a terrain's button is its tile (colour and icon), the eraser's carries the
    no-colour icon; the chosen one has a check mark in place of its icon (the same size: choosing moves nothing)
    and a thick frame."""
    side = ft.BorderSide(3 if selected else 1, ft.Colors.ON_SURFACE if selected else ft.Colors.OUTLINE)
    bgcolor, color, icon = LOOK[terrain] if terrain else (None, None, ft.Icons.FORMAT_COLOR_RESET)
    return ft.Button(content=text, icon=ft.Icons.CHECK if selected else icon, on_click=on_click,
                     style=ft.ButtonStyle(bgcolor=bgcolor, color=color, icon_color=color, side=side))


def brush_bar(ctx: GameContext, brush: dict) -> ft.Control:
    """The paint brush: a terrain (or the castle, or the eraser) and the crowns on it."""

    def set_brush(**what: Any) -> None:
        """Change the brush."""
        brush.update(what)
        ctx.refresh()

    terrains = [choice(ctx.t(f"kingdomino.terrain.{letter}"), brush["terrain"] == letter,
                       lambda e, t=letter: set_brush(terrain=t), letter) for letter in (*TERRAINS, game.CASTLE)]
    terrains.append(choice(ctx.t("kingdomino.view.eraser"), brush["terrain"] is None,
                           lambda e: set_brush(terrain=None)))
    crowns = choice_row([(n, ctx.t("kingdomino.view.crowns_n", crowns=n)) for n in CROWNS], brush["crowns"],
                        lambda n: set_brush(crowns=n))
    now = (ctx.t("kingdomino.view.brush_erase") if brush["terrain"] is None
           else ctx.t("kingdomino.view.brush", half=ctx.t("kingdomino.terrain.C")) if brush["terrain"] == game.CASTLE
           else ctx.t("kingdomino.view.brush", half=half_words(ctx, brush["terrain"], brush["crowns"])))
    return ft.Column(spacing=6, controls=[
        ft.Row(wrap=True, spacing=4, run_spacing=4, controls=terrains),
        ft.Text(ctx.t("kingdomino.view.crowns_label"), size=16),
        crowns,
        ft.Text(now, size=16),
    ])


def by_layout(ctx: GameContext, player: str) -> ft.Control:
    """Paint a finished paper kingdom square by square, then enter it as a layout."""
    size = game.grid_size(ctx.state["options"])
    paintings = ctx.local.setdefault("paint", {})
    painted = paintings.get(player)
    if painted is None or len(painted) != size:
        painted = paintings[player] = [[None] * size for _ in range(size)]
        painted[size // 2][size // 2] = {"terrain": game.CASTLE, "crowns": 0}
    brush = ctx.local.setdefault("brush", {"terrain": "W", "crowns": 0})
    entered = f"layout-{player}"  # where a refusal of this painting is said

    def paint(r: int, c: int) -> None:
        """Put the brush on a square."""
        terrain = brush["terrain"]
        painted[r][c] = None if terrain is None else {
            "terrain": terrain, "crowns": 0 if terrain == game.CASTLE else brush["crowns"]}
        ctx.refresh()

    def enter() -> None:
        """Send the painted kingdom to the engine as layout text."""
        if ctx.dispatch({"type": "layout", "by": player, "layout": game.format_layout(painted)}, at=entered):
            paintings.pop(player, None)

    def clear() -> None:
        """Start the painting again."""
        paintings.pop(player, None)
        ctx.refresh()

    clashes = game.layout_conflicts(ctx.state, player, painted)
    warning = [ft.Text(ctx.t("kingdomino.view.used_elsewhere"), color=ft.Colors.ERROR)] if clashes else []
    return ft.Column(spacing=8, controls=[
        ft.Text(ctx.t("kingdomino.view.paint_hint", name=player), size=16, weight=ft.FontWeight.W_600),
        brush_bar(ctx, brush),
        board(ctx, painted, paint, marked=clashes, cell_size=PAINT_CELL.get(size, 44), kept="_board"),
        *warning,
        legend(ctx, painted),
        ft.Row(wrap=True, controls=[
            ft.FilledButton(content=ctx.t("kingdomino.view.enter_layout"), icon=ft.Icons.CHECK,
                            on_click=lambda e: enter()),
            ft.OutlinedButton(content=ctx.t("kingdomino.view.clear"), icon=ft.Icons.DELETE_SWEEP,
                              on_click=lambda e: clear()),
        ], key=ft.ScrollKey(entered)),
        *said(ctx, entered),
    ])


# ---------------------------------------------------------------------------------------------------------
# Comparison


def tiebreak_words(ctx: GameContext, board_: Any) -> list[str]:
    """What the tie-break decided (the engine's `tiebreak_decisions`) in words, a line for each tie it settled: at
    the top who wins once the game is over, who leads before (a kingdom may still change the tie); below, who
    ranks ahead."""
    return [ctx.t(key if board_.over or key.endswith("_ahead") else f"{key}_leads", **params)
            for key, params in game.tiebreak_decisions(board_)]


def comparison(ctx: GameContext, board_: Any = None) -> ft.Control:
    """Every player's total, largest property and crowns, best first, and what the tie-break decided (from board_,
    the engine's scoreboard when already asked)."""
    board_ = board_ or ctx.engine.scoreboard(ctx.state)
    by_name = {p.name: p for p in board_.players}
    order = [name for group in board_.ranking for name in group]
    headers = [ctx.t(f"kingdomino.view.col.{c}") for c in ("player", "total", "largest", "crowns")]
    rows = [[name, str(by_name[name].total), str(by_name[name].tiebreak[0]), str(by_name[name].tiebreak[1])]
            for name in order]
    controls = [ft.Text(ctx.t("kingdomino.view.compare"), size=18, weight=ft.FontWeight.BOLD),
                compare_table(ctx.t, headers, rows, board_.winners if board_.over else ())]
    controls += [ft.Text(decided, size=16, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY)
                 for decided in tiebreak_words(ctx, board_)]
    return ft.Column(controls=controls, spacing=4)


def out_of_box(ctx: GameContext, prompt: list[dict]) -> list[ft.Control]:
    """With 2 or 3 players: tap the dominoes the box leaves out, then record them (the engine then refuses them).
    Shown only while the prompt (the engine's, now) still offers `set_aside`, on a screen that acts for the table;
    its list is the app's fold (`views.components.folds`): read as open or shut, left as the tab left it (not
    closed again by each tap), its dominoes built only while it is open (a shut panel's chips could not be tapped)."""
    if not offer_here(ctx, "set_aside", prompt):
        return []
    chosen = ctx.local.setdefault("aside", [])
    gone = game.unavailable(ctx.state)

    def toggle(number: int) -> None:
        """Add or remove a domino from the ones being set aside."""
        chosen.remove(number) if number in chosen else chosen.append(number)
        ctx.refresh()

    def record() -> None:
        """Record the chosen dominoes as out of the box."""
        if ctx.dispatch({"type": "set_aside", "by": "table", "dominoes": sorted(chosen)}, at="aside"):
            chosen.clear()

    def contents() -> list[ft.Control]:
        """The dominoes still in the box as chips and the record button, built only while the panel is open."""
        tiles = [toggle_chip(str(n), n in chosen, lambda e, n=n: toggle(n), ft.Icons.CROP_7_5,
                             tooltip=domino_words(ctx, n))
                 for n in sorted(game.DOMINOES) if n not in gone]
        return [ft.Row(wrap=True, spacing=4, run_spacing=4, controls=tiles),
                ft.FilledButton(content=ctx.t("kingdomino.view.aside_record"), disabled=not chosen,
                                key=ft.ScrollKey("aside"), on_click=lambda e: record()),
                *said(ctx, "aside")]

    title, hint = ctx.t("kingdomino.view.aside_title"), ctx.t("kingdomino.view.aside_hint", count=len(chosen))
    return [fold(Folds(ctx.local, ctx.refresh), "aside", False, contents, said=title, hint=hint,
                 title=ft.Text(title), subtitle=ft.Text(hint))]


# ---------------------------------------------------------------------------------------------------------
# The view


def build(ctx: GameContext) -> ft.Control:
    """The chosen player's kingdom with its way in, the score comparison and the table's end button."""
    kingdoms, options = game.current_kingdoms(ctx.state), ctx.state["options"]
    player, switch = player_switch(ctx, done=[p for p in ctx.players if game.is_finished(kingdoms[p], options)])
    kingdom = kingdoms[player]
    prompt = ctx.engine.prompt(ctx.state)
    controls: list[ft.Control] = [switch]
    if game.is_finished(kingdom, options):
        size = game.grid_size(ctx.state["options"])
        controls += [aside(ctx.lang, ctx.t("kingdomino.view.finished", name=player), size=16),
                     board(ctx, game.trim(kingdom["grid"]), cell_size=PAINT_CELL.get(size, 44)),
                     legend(ctx, kingdom["grid"], player)]
    elif not makes(ctx, player):
        controls += [elsewhere(ctx, player), board(ctx, kingdom["grid"], cell_size=FRAME_CELL.get(
            game.grid_size(options), 27)), legend(ctx, kingdom["grid"], player)]
    else:
        mode, switch = way_in(ctx, prompt, player, ("domino", "paint"), "kingdomino.view.mode")
        # The switch keeps its place, hidden once it is gone (after the first domino): the kingdom below it then
        # stays where it was, and Flet sends what changed, not the whole picker and kingdom again (110 KB).
        controls += [ft.Container(content=switch[0] if switch else None, visible=bool(switch)),
                     by_layout(ctx, player) if mode == "paint" else by_domino(ctx, player, kingdom)]
    for kind in ("place", "discard", "layout", "finish"):
        offer_here(ctx, kind, prompt)
    controls += [*out_of_box(ctx, prompt), comparison(ctx)]
    if makes(ctx, TABLE):
        controls += [ft.OutlinedButton(content=ctx.t("kingdomino.view.end_game"), icon=ft.Icons.FLAG,
                                       key=ft.ScrollKey("finish"),
                                       on_click=lambda e: ctx.dispatch({"type": "finish", "by": TABLE}, at="finish")),
                     *said(ctx, "finish")]
    return ft.Column(controls=controls, spacing=12)


def final(ctx: GameContext) -> ft.Control:
    """Under the end screen: the comparison, then every kingdom of every game with its properties and the bonuses
    it earned in that game (the card's legend summed short of its points without them); the engine is asked for
    the scoreboard once, and every part reads it (it was asked again for each card).
    RULING (a phone's own kingdom first): on a phone seated in table mode its own kingdom leads each game's cards,
    the others after in seat order (`own_first`), as its own kingdom leads its screen during play; every phone
    listed the first seat's kingdom first, so at a table of four three players scrolled past others' to find theirs.
    A shared screen keeps seat order."""
    games, board_ = ctx.state["games"], ctx.engine.scoreboard(ctx.state)
    size = game.grid_size(ctx.state["options"])
    cards = []
    for index, played in enumerate(games):
        for name in own_first(ctx):
            grid = played["kingdoms"][name]["grid"]
            title = (ctx.t("kingdomino.view.kingdom_in_game", name=name, game=index + 1) if len(games) > 1
                     else ctx.t("kingdomino.view.kingdom_of", name=name))
            cards.append(ft.Container(padding=8, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=8,
                                      content=ft.Column(spacing=6, controls=[
                                          ft.Text(title, size=16, weight=ft.FontWeight.BOLD),
                                          board(ctx, game.trim(grid), cell_size=PAINT_CELL.get(size, 44)),
                                          legend(ctx, grid, name, index + 1, board_)])))
    return ft.Column(spacing=12, controls=[comparison(ctx, board_), ft.Row(wrap=True, controls=cards, spacing=12)])
