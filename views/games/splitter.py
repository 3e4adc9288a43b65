"""Splitter view: the round's dice (rolled by the app, seeded, or the table's own roll), one sheet at a time
(player switcher), and the groups that score.

- Round by round: once the dice are in, the player sees their two numbers as left | right (a swap button turns
  them round; none for a double, the same pair either way) and the pairs still open on their sheet marked (the
  engine's `open_places`); tapping a square writes the pair there and at its mirror square (`write`, row and
  distance from the centre line). The switcher then moves on to the next player who has not written. Each step
  of a round (the roll, the pair, waiting) stands beside the sheet where the column is wide enough (a laptop),
  else above it (a phone): `beside_sheet`.
- A finished sheet: choose a number (the brush), tap squares to write it, then enter the sheet: the grid goes to
  the engine as a `layout` action written by `format_sheet`. Offered only while the engine's prompt offers that
  player a `layout` (a blank sheet): once a pair is written the screen keeps to round by round. The way in is
  each player's own (`ctx.local["modes"]`): one player's paper sheet does not open the others' in the painter.
- Groups (the engine's `groups`): scoring ones outlined with their points, groups of the wrong size tinted red
  and marked 0 with the reason in the legend; stars and hearts tinted; the hearts bonus said when it counts.
- Past rounds (`views.games.round_edit`, with `ctx.local` as the draft): the table of finished rounds (dice and
  where each player wrote them); tapping one opens it for a correction: each player's pair of that round is shown
  on their sheet in place of the old one, tapping a square moves it there, the swap button turns it round, and
  "save" sends the `correct` action with every player's pair. Undoing the table's roll (`set_roll`) hands its
  dice back to the die buttons.
- `final(ctx)`: every sheet and the comparison under the end screen.
- A render asks the engine for the scores once (`scores`: the scoreboard, each sheet's groups) and hands them to
  each part that shows them.
- A screen shows a control only for a move it makes (`views.components.offers`): the roll, the corrections and
  "end the game now" where it acts for the table, a sheet's way in (round by round, or whole) where it acts as
  its player — on a seated phone its own sheet, shown first and kept after writing; another player's sheet there
  is shown as it stands, with who writes it. It offers them to the context (`ctx.offer`; a player's moves as long
  as the switcher reaches their sheet), so a seated phone's moves panel never offers them again. The shared
  screen, which acts as everyone, shows them all as before.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, NamedTuple

import flet as ft

from scoring.core import TABLE, Scoreboard
from scoring.games import splitter as game
from views import words
from views.components.grid import GAP, GROUP_COLOURS, grid_editor
from views.components.offers import makes, offer_here, way_in
from views.components.private import elsewhere
from views.components.refusal import said
from views.components.seats import choose, compare_table, own_first, player_switch
from views.context import GameContext
from views.games import round_edit
from views.ui import aside, choice_row, keyed, tall, tint

NUMBERS = range(1, 7)
MARK_FILL = {"*": tint(ft.Colors.AMBER), "H": tint(ft.Colors.PINK)}
FAILING = tint(ft.Colors.RED)
CELL = 40
DIE_BUTTON = 56
PANEL = 6 * DIE_BUTTON + 5 * 6  # a round's panel beside the sheet: a die's six buttons and choice_row's 6 px gaps
SHEET = game.COLS * CELL + (game.COLS - 1) * GAP[False]  # a sheet's width (its scrolling row takes the column's)


# ---------------------------------------------------------------------------------------------------------
# The sheet


def off_sheet(sheet: str) -> list[tuple[int, int]]:
    """The box's positions that are no space on this sheet."""
    return [(r, c) for r in range(game.ROWS) for c in range(game.COLS) if not game.on_sheet(sheet, r, c)]


def mirror(col: int) -> int:
    """A pair's distance from the centre line, from either of its columns."""
    half = game.COLS // 2
    return half - 1 - col if col < half else col - half


def sheet_groups(ctx: GameContext, grid: list[list]) -> list[dict]:
    """The engine's groups of a grid on this session's sheet."""
    return game.groups(ctx.state["options"]["sheet"], grid)


def sheet_view(ctx: GameContext, grid: list[list], owner: str, found: list[dict], on_tap=None, marked=(),
               kept: str | None = None) -> ft.Control:
    """A sheet on the grid editor: numbers, stars and hearts, scoring groups outlined, failing groups tinted; with
    more than one player each square is read with whose sheet it is on ("Ann's sheet, row 3, column 1: Empty"):
    the player buttons above say it only by which one is highlighted. A `marked` square is read as marked after
    its name, as its frame shows it (the hints say "tap a marked square"). Its numbers and notes keep their size at
    any text size of the phone (`fixed_cells`: at 2x a group's "+1" was drawn over the 40 px square's number).
    `kept`: the name its squares are kept under from render to render (the grid editor's), for a screen's one
    sheet; None where several sheets are built in one render (the end screen). `found`: the grid's groups
    (`sheet_groups`), asked of the engine once per render by whoever builds it."""
    sheet = ctx.state["options"]["sheet"]
    failing = {(r, c) for g in found if not g["scores"] for r, c in g["cells"]}
    shape = game.SHAPES[sheet]
    shown = [[{"n": grid[r][c], "mark": shape[r][c], "fail": (r, c) in failing} for c in range(game.COLS)]
             for r in range(game.ROWS)]
    notes = {(g["cells"][0][0], g["cells"][0][1]): f"+{g['points']}" if g["scores"] else "0" for g in found}

    def label(cell: dict) -> str:
        """The number (with its square's star or heart, which stays on a sheet as printed on paper), or an empty
        star or heart's sign."""
        if cell["n"] is None:
            return ctx.t(f"splitter.view.mark.{cell['mark']}") if cell["mark"] in MARK_FILL else ""
        return ctx.t(f"splitter.view.on_mark.{cell['mark']}", value=cell["n"]) if cell["mark"] in MARK_FILL \
            else str(cell["n"])

    def said(cell: dict) -> str:
        """A written star or heart read with its mark in words ("5 (star)"), anything else as shown."""
        return ctx.t(f"splitter.view.said_on.{cell['mark']}", value=cell["n"]) if cell["mark"] in MARK_FILL \
            and cell["n"] is not None else label(cell)

    def colour(cell: dict) -> Any:
        """Red for a group of the wrong size, else the star or heart tint."""
        return FAILING if cell["fail"] else MARK_FILL.get(cell["mark"])

    return grid_editor(ctx, shown, [], None, label=label, colour=colour,
                       groups=[g["cells"] for g in found if g["scores"]], cell_size=CELL,
                       on_tap=on_tap, marked=marked, marked_said=ctx.t("app.grid.marked"), notes=notes, spoken=said,
                       blocked=off_sheet(sheet), fixed_cells=True, kept=kept,
                       whose=ctx.t("splitter.view.sheet_of", name=owner) if len(ctx.players) > 1 else None)


def brush_row(ctx: GameContext, brush: int | None, on_choose) -> ft.Control:
    """The numbers to write on a sheet and the eraser (None), the one in hand filled."""
    return choice_row([*[(n, str(n)) for n in NUMBERS], (None, ctx.t("splitter.view.eraser"))], brush, on_choose)


def legend(ctx: GameContext, grid: list[list], found: list[dict]) -> ft.Control:
    """Each scoring group in words with its points, in its outline colour; the groups that score nothing on one
    line, each as size × number; and the hearts.
    Ruling: the groups that score nothing are one line, as Kingdomino's unscored properties are: a finished sheet
    listed each on a line of its own with the rule again ("1 × 2: a group's size must equal its number (2), so
    0"), some 30 lines a sheet, under which the scoring groups a player checks were lost. `found`: the grid's
    groups (`sheet_groups`)."""
    sheet = ctx.state["options"]["sheet"]
    scoring = [g for g in found if g["scores"]]
    rows = []
    for i, g in enumerate(scoring):
        key = "splitter.view.group_star" if g["star"] else "splitter.view.group"
        rows.append(ft.Row(spacing=6, controls=[
            ft.Container(width=14, height=14, border_radius=7, bgcolor=GROUP_COLOURS[i % len(GROUP_COLOURS)]),
            ft.Text(ctx.t(key, size=g["size"], value=g["value"], points=g["points"]), size=14)]))
    failing = Counter((g["size"], g["value"]) for g in found if not g["scores"])
    if failing:
        said = [words.unbroken(ctx.t("splitter.view.group_sizes" if count > 1 else "splitter.view.group_size",
                                     size=size, value=value, count=count))
                for (size, value), count in sorted(failing.items(), key=lambda kv: (kv[0][1], kv[0][0]))]
        rows.append(ft.Row(spacing=6, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
            ft.Container(width=14, height=14, border_radius=7, bgcolor=FAILING, margin=ft.Margin.only(top=3)),
            aside(ctx.lang, words.no_orphan(ctx.t("splitter.view.groups_fail", groups=said)), size=14, expand=True)]))
    hearts = game.hearts_value(sheet, grid)
    if hearts is not None:
        rows.append(ft.Text(ctx.t("splitter.view.hearts", value=hearts, points=game.HEARTS_BONUS), size=14,
                            weight=ft.FontWeight.W_600))
    return ft.Column(controls=rows, spacing=2)


# ---------------------------------------------------------------------------------------------------------
# Round by round


def die_row(ctx: GameContext, label: str, dice: list, index: int) -> ft.Control:
    """Six buttons to say what one of the table's dice shows, each read with its die ("First die: 5"): read as
    bare numbers, the two rows' "1" to "6" could not be told apart."""

    def set_die(n: int) -> None:
        """Remember this die."""
        dice[index] = n
        ctx.refresh()

    faces = [(n, ft.Text(str(n), semantics_label=ctx.t("splitter.view.die_face", die=label, value=n)))
             for n in NUMBERS]
    return ft.Column(spacing=4, controls=[ft.Text(label, size=16),
                                          choice_row(faces, dice[index], set_die, width=DIE_BUTTON)])


def draft_of(ctx: GameContext) -> dict:
    """The view's scratch (`ctx.local`) as the round draft: the table's dice, the past round open for correction
    and its writes; an undone table roll's dice handed back to the die buttons."""
    draft = ctx.local
    draft.setdefault("dice", [None, None])
    draft.setdefault("writes", {})
    round_edit.hand_back(ctx, draft, ("dice",), draft["dice"] == [None, None], "set_roll",
                         lambda a: {"dice": list(a.get("dice") or [None, None])})
    return draft


def offer_roll(ctx: GameContext) -> None:
    """The table's roll is this view's (its roll panel), also while a past round is open for correction and the
    panel is put aside: the moves panel then showed "Roll the dice" and 21 "Set the roll" buttons above it."""
    ctx.offer(TABLE, "roll")
    ctx.offer(TABLE, "set_roll")


def roll_panel(ctx: GameContext) -> ft.Control:
    """The app's seeded roll, or the two dice the table rolled. The button sending the table's roll waits for both
    dice as a tonal button: while it waits, its grey fill still shows it (a waiting outlined button's faint
    outline all but vanished in the dark theme)."""
    dice = ctx.local["dice"]
    offer_roll(ctx)

    def use_table_roll() -> None:
        """Send the table's roll (the button waits until both dice are chosen)."""
        if ctx.dispatch({"type": "set_roll", "by": "table", "dice": list(dice)}, at="use-roll"):
            dice[:] = [None, None]

    return ft.Column(spacing=8, controls=[
        ft.FilledButton(content=ctx.t("splitter.view.roll"), icon=ft.Icons.CASINO, style=tall(),
                        key=ft.ScrollKey("roll"),
                        on_click=lambda e: ctx.dispatch({"type": "roll", "by": "table"}, at="roll")),
        *said(ctx, "roll"),
        ft.Text(words.no_orphan(ctx.t("splitter.view.table_roll")), size=16),  # no lone "数：" at 2x text
        die_row(ctx, ctx.t("splitter.view.die_first"), dice, 0),
        die_row(ctx, ctx.t("splitter.view.die_second"), dice, 1),
        ft.Text(ctx.t("splitter.view.table_dice", first=dice[0] or "–", second=dice[1] or "–"), size=16),
        ft.FilledTonalButton(content=ctx.t("splitter.view.use_roll"), icon=ft.Icons.CHECK, disabled=None in dice,
                             key=ft.ScrollKey("use-roll"), on_click=lambda e: use_table_roll()),
        *said(ctx, "use-roll"),
    ])


def die(n: int) -> ft.Control:
    """One die, big."""
    return ft.Container(width=56, height=56, border=ft.Border.all(2, ft.Colors.ON_SURFACE), border_radius=10,
                        alignment=ft.Alignment.CENTER, content=ft.Text(str(n), size=28, weight=ft.FontWeight.BOLD))


def write_panel(ctx: GameContext, player: str, found: list[dict]) -> ft.Control:
    """The player's two numbers as left | right, a swap button, and the sheet with the open pairs marked. The big
    dice are shown, not read: the hint below says them in words ("A writes 5 | 4: ..."), and read they were bare
    numbers, "5", "|", "4", the pair heard twice."""
    state = ctx.state
    swapped = ctx.local.setdefault("swap", {})
    left, right = reversed(state["roll"]) if swapped.get(player) else state["roll"]
    grid = state["sheets"][player]
    if player in state["written"]:
        waiting = [p for p in ctx.players if p not in state["written"] and p not in state["entered"]]
        return beside_sheet(ctx, [
            aside(ctx.lang, ctx.t("splitter.view.written", name=player), size=16),
            ctx.read_once(ft.Text(ctx.t("splitter.view.waiting", names=waiting), size=16), waiting=waiting)],
            grid, player, found)
    marked = [cell for row, offset in game.open_places(state, player) for cell in game.pair(row, offset)]
    at = f"write-{player}"  # a refused pair is said under the hint, the sheet's squares have no room under them

    def swap() -> None:
        """Turn the pair round."""
        swapped[player] = not swapped.get(player)
        ctx.refresh()

    def write(r: int, c: int) -> None:
        """Write the pair in row r at the distance of column c from the centre line (left number on the left)."""
        if ctx.dispatch({"type": "write", "by": player, "row": r, "offset": mirror(c), "left": left, "right": right},
                        at=at):
            swapped.pop(player, None)
            writing = [p for p in ctx.players if p not in state["entered"]]
            after = [p for p in writing if p not in state["written"] and p != player]
            if ctx.seat is None:
                choose(ctx, (after or writing)[0])

    return beside_sheet(ctx, [
        ft.Row(wrap=True, spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Semantics(exclude_semantics=True, content=ft.Row(spacing=10, controls=[
                die(left), ft.Text("|", size=28), die(right)])),
            *swap_button(ctx, left, right, swap)]),
        ft.Text(ctx.t("splitter.view.place_hint", name=player, left=left, right=right), size=16,
                weight=ft.FontWeight.W_600, key=ft.ScrollKey(at)),
        *said(ctx, at)], grid, player, found, write, marked)


def swap_button(ctx: GameContext, left: int, right: int, swap: Callable[[], None]) -> list[ft.Control]:
    """The button that turns the pair round, or none for a double (3 | 3): turned round it is the same pair, and the
    button's tap changed nothing on the screen (a player tapped it on 1 | 1 and saw no answer)."""
    if left == right:
        return []
    return [ft.OutlinedButton(content=ctx.t("splitter.view.swap"), icon=ft.Icons.SWAP_HORIZ,
                              on_click=lambda e: swap())]


def beside_sheet(ctx: GameContext, panel: list[ft.Control], grid: list[list], owner: str, found: list[dict],
                 on_tap=None, marked=()) -> ft.Control:
    """A round's step (the roll, the pair to write, waiting for the others) PANEL wide, the sheet beside it where
    the screen is wide enough (a laptop's main column), else under it (a phone), and the legend under both (its
    lines as wide as the column). One above the other on a 1280×800 laptop, the roll's panel put round 1's sheet
    at the screen's bottom edge (from 770 px), so a table scrolled to reach the squares it taps every round."""
    sheet, legend_part = sheet_and_legend(ctx, grid, owner, found, on_tap, marked)
    return ft.Column(spacing=12, controls=[
        ft.Row(wrap=True, spacing=16, run_spacing=12, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
            ft.Container(width=PANEL, content=ft.Column(spacing=8, controls=panel)),
            ft.Container(width=SHEET, content=sheet)]),
        legend_part])


def sheet_and_legend(ctx: GameContext, grid: list[list], owner: str, found: list[dict], on_tap=None,
                     marked=()) -> list[ft.Control]:
    """A round's sheet and its legend, keyed: the panel beside them (`beside_sheet`) changes with the round's step
    (the roll, the pair to write, waiting for the others), and with keys Flet moves the sheet within the panel and
    sends its changed squares, not the whole sheet again (about 20 KB at each roll and each round's last write). Its
    squares are kept from render to render (`kept`): a render builds and compares only those that changed, where
    every tap built and compared all 56 anew (an undo in an 80-action game: 46.9 ms of the server's CPU, 18.9 ms
    kept, `benchmarks/bench_game_taps.py`)."""
    return [keyed(sheet_view(ctx, grid, owner, found, on_tap, marked, kept="_sheet"), "sheet"),
            keyed(legend(ctx, grid, found), "legend")]


# ---------------------------------------------------------------------------------------------------------
# A finished sheet


def by_sheet(ctx: GameContext, player: str) -> ft.Control:
    """Write a finished paper sheet number by number, then enter it as a layout: the brushes and the buttons beside
    the sheet on a laptop, above it on a phone (`beside_sheet`; under them, a laptop scrolled to reach the sheet's
    lower rows)."""
    sheets = ctx.local.setdefault("paint", {})
    painted = sheets.setdefault(player, game.blank_sheet())
    brush = ctx.local.setdefault("brush", {"n": 1})
    at = f"layout-{player}"

    def set_brush(n: int | None) -> None:
        """Choose the number to write (None erases)."""
        brush["n"] = n
        ctx.refresh()

    def paint(r: int, c: int) -> None:
        """Write the brush's number on a square."""
        painted[r][c] = brush["n"]
        ctx.refresh()

    def enter() -> None:
        """Send the sheet to the engine as text."""
        if ctx.dispatch({"type": "layout", "by": player, "layout": game.format_sheet(painted)}, at=at):
            sheets.pop(player, None)

    def clear() -> None:
        """Start the sheet again."""
        sheets.pop(player, None)
        ctx.refresh()

    return beside_sheet(ctx, [
        ft.Text(ctx.t("splitter.view.paint_hint", name=player), size=16, weight=ft.FontWeight.W_600),
        brush_row(ctx, brush["n"], set_brush),
        ft.Text(ctx.t("splitter.view.brush", value=brush["n"]) if brush["n"] else ctx.t("splitter.view.brush_erase"),
                size=16),
        ft.Row(wrap=True, controls=[
            ft.FilledButton(content=ctx.t("splitter.view.enter_sheet"), icon=ft.Icons.CHECK, key=ft.ScrollKey(at),
                            on_click=lambda e: enter()),
            ft.OutlinedButton(content=ctx.t("splitter.view.clear"), icon=ft.Icons.DELETE_SWEEP,
                              on_click=lambda e: clear()),
        ]),
        *said(ctx, at),
    ], painted, player, sheet_groups(ctx, painted), paint)


# ---------------------------------------------------------------------------------------------------------
# Comparison and the view


class Scored(NamedTuple):
    """What one render shows of the scores: the engine's scoreboard and each player's sheet's groups."""

    board: Scoreboard
    groups: dict[str, list[dict]]


def scores(ctx: GameContext) -> Scored:
    """This render's scoreboard and every sheet's groups, asked of the engine once and handed to each part of the
    screen that shows them (the comparison, the rounds' totals, the sheet and its legend): each asked again, and a
    4-player render worked out the sheets' groups 14 times."""
    return Scored(ctx.engine.scoreboard(ctx.state), {p: sheet_groups(ctx, ctx.state["sheets"][p]) for p in ctx.players})


def comparison(ctx: GameContext, scored: Scored) -> ft.Control:
    """Every player's total and scoring groups, best first, and a tie at the top (`tie_words`)."""
    board = scored.board
    by_name = {p.name: p for p in board.players}
    order = [name for group in board.ranking for name in group]
    headers = [ctx.t(f"splitter.view.col.{c}") for c in ("player", "total", "groups")]
    rows = [[name, str(by_name[name].total), str(sum(g["scores"] for g in scored.groups[name]))] for name in order]
    controls = [ft.Text(ctx.t("splitter.view.compare"), size=18, weight=ft.FontWeight.BOLD),
                compare_table(ctx.t, headers, rows, board.winners if board.over else ())]
    tie = tie_words(ctx, board.ranking[0], by_name[board.ranking[0][0]].total, board.over)
    if tie:
        controls.append(ft.Text(tie, size=16, weight=ft.FontWeight.W_600))
    return ft.Column(controls=controls, spacing=4)


def tie_words(ctx: GameContext, top: list[str], points: int, over: bool) -> str | None:
    """The players tied at the top in words, or None.
    Ruling: once the game is over they share the place; before, the tie is said as it stands ("tied on 4 points so
    far"), and not at all while they have no points (round 1 said "tied on 0 points and share the place")."""
    if len(top) < 2 or not (over or points):
        return None
    return ctx.t("splitter.view.tie_shared" if over else "splitter.view.tie_now", names=list(top), points=points)


def placed_text(ctx: GameContext, where: dict | None) -> str:
    """Where a player wrote a round's pair, in words (a dash for no write)."""
    if where is None:
        return "–"
    return ctx.t("splitter.view.placed", **game.place_words(where), left=where["left"], right=where["right"])


def rounds_table(ctx: GameContext, draft: dict, board: Scoreboard) -> ft.Control:
    """Every finished round's dice and where each player wrote them, with the totals of this render's `board`;
    tapping a round opens it for correction."""
    state = ctx.state

    def open_round(number: int) -> None:
        """Open a past round's writes for correction."""
        round_edit.open_round(draft, ("writes",), number, {"writes": state["placed"][number - 1]})
        ctx.refresh()

    rows = [{"dice": " ".join(map(str, dice)), **{p: placed_text(ctx, placed.get(p)) for p in ctx.players}}
            for dice, placed in zip(state["rolls"], state["placed"])]
    totals = {p.name: p.total for p in board.players}
    columns = [("dice", ctx.t("splitter.view.col.dice"))] + [(p, p) for p in ctx.players]
    return round_edit.rounds_table(ctx, draft, rows, totals, open_round, columns)


def correction_panel(ctx: GameContext, draft: dict, player: str) -> list[ft.Control]:
    """The open past round for one player: their sheet with the round's pair where the draft puts it (tap a square
    to move it, swap to turn it round), then save or cancel; the pair and the buttons beside the sheet on a laptop,
    above it on a phone (`beside_sheet`)."""
    number = round_edit.editing(draft)
    where = draft["writes"].get(player)
    controls: list[ft.Control] = [round_edit.heading(ctx, draft, "")]
    if where is None:
        controls.append(aside(ctx.lang, ctx.t("splitter.view.wrote_nothing", name=player, round=number)))
    else:
        old = ctx.state["placed"][number - 1][player]
        grid = [list(row) for row in ctx.state["sheets"][player]]
        for r, c in game.pair(old["row"], old["offset"]):
            grid[r][c] = None
        cells = game.pair(where["row"], where["offset"])
        (r1, c1), (r2, c2) = cells
        grid[r1][c1], grid[r2][c2] = where["left"], where["right"]

        def move_to(r: int, c: int) -> None:
            """Put the pair in row r at the distance of column c from the centre line."""
            where.update(row=r, offset=mirror(c))
            ctx.refresh()

        def swap() -> None:
            """Turn the pair round."""
            where.update(left=where["right"], right=where["left"])
            ctx.refresh()

        controls += [
            ft.Row(wrap=True, spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                die(where["left"]), ft.Text("|", size=28), die(where["right"]),
                *swap_button(ctx, where["left"], where["right"], swap)]),
            ft.Text(ctx.t("splitter.view.move_hint", name=player), size=16),
        ]

    def save() -> None:
        """Send every player's pair of the round as the correction."""
        if round_edit.refused_unchanged(ctx, draft):
            return
        act = round_edit.action(ctx, draft, "write", {"writes": draft["writes"]})
        if round_edit.send(ctx, draft, ("writes",), act):
            round_edit.close(draft)

    controls.append(ft.Row(wrap=True, controls=round_edit.save_buttons(ctx, draft, None, "", save)))
    if where is None:
        return controls
    return [beside_sheet(ctx, controls, grid, player, sheet_groups(ctx, grid), move_to, [tuple(c) for c in cells])]


def build(ctx: GameContext) -> ft.Control:
    """The dice, the chosen player's sheet with its way in (or the past round open for correction), the rounds
    so far, the comparison and the table's end button."""
    state = ctx.state
    draft = draft_of(ctx)
    player, switch = player_switch(ctx, done=[p for p in ctx.players
                                              if p in state["written"] or p in state["entered"]])
    prompt = ctx.engine.prompt(ctx.state)
    scored = scores(ctx)
    found = scored.groups[player]
    controls: list[ft.Control] = [switch]
    controls.append(round_edit.undone_notice(ctx, draft))  # a correction closed by an undo (`draft_of`)
    if round_edit.editing(draft) is not None:
        offer_roll(ctx)
        controls += [ft.Container(visible=False), ft.Column(spacing=12, controls=correction_panel(ctx, draft, player))]
    elif player in state["entered"]:
        grid = state["sheets"][player]
        controls += [ft.Container(visible=False), ft.Column(spacing=12, controls=[
            aside(ctx.lang, ctx.t("splitter.view.entered", name=player), size=16),
            *sheet_and_legend(ctx, grid, player, found)])]
    else:
        mode, switch = way_in(ctx, prompt, player, ("rounds", "sheet"), "splitter.view.mode")
        # The switch keeps its place, hidden once it is gone (after the player's first pair), and each step of a
        # round (as a correction, an entered sheet) is one panel with the keyed sheet in it: the sheet stays where
        # it was, and Flet sends what changed, not the whole sheet again (about 20 KB at each roll and each round's
        # last write).
        controls.append(ft.Container(content=switch[0] if switch else None, visible=bool(switch)))
        grid = state["sheets"][player]
        if mode == "sheet":
            controls.append(by_sheet(ctx, player))
        elif state["roll"] is None:
            roll = roll_panel(ctx) if makes(ctx, TABLE) else elsewhere(ctx, TABLE)
            controls.append(beside_sheet(ctx, [roll], grid, player, found))
        elif makes(ctx, player) or player in state["written"]:
            controls.append(write_panel(ctx, player, found))
        else:
            controls.append(beside_sheet(ctx, [elsewhere(ctx, player)], grid, player, found))
    for kind in ("write", "layout"):
        offer_here(ctx, kind, prompt)
    if state["rolls"]:
        controls.append(rounds_table(ctx, draft, scored.board))
    controls.append(comparison(ctx, scored))
    if makes(ctx, TABLE):
        ctx.offer(TABLE, "finish")
        controls += [ft.OutlinedButton(content=ctx.t("splitter.view.end_game"), icon=ft.Icons.FLAG,
                                       key=ft.ScrollKey("finish"),
                                       on_click=lambda e: ctx.dispatch({"type": "finish", "by": "table"}, at="finish")),
                     *said(ctx, "finish")]
    return ft.Column(controls=controls, spacing=12)


def final(ctx: GameContext) -> ft.Control:
    """Under the end screen: the comparison, then every sheet with its groups.
    RULING (a phone's own sheet first): on a phone seated in table mode its own sheet leads, the others after in
    seat order (`own_first`), as Kingdomino's end screen does; every phone listed the first seat's sheet first. A
    shared screen keeps seat order."""
    scored = scores(ctx)
    cards = [ft.Container(padding=8, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=8,
                          content=ft.Column(spacing=6, controls=[
                              ft.Text(ctx.t("splitter.view.sheet_of", name=name), size=16, weight=ft.FontWeight.BOLD),
                              sheet_view(ctx, ctx.state["sheets"][name], name, scored.groups[name]),
                              legend(ctx, ctx.state["sheets"][name], scored.groups[name])]))
             for name in own_first(ctx)]
    return ft.Column(spacing=12, controls=[comparison(ctx, scored), ft.Row(wrap=True, controls=cards, spacing=12)])
