"""Quick scorer: score one Kingdomino kingdom or one Splitter sheet without a session, one tap from home.

`/quick/kingdomino`: paint a 5×5 or 7×7 kingdom (the Kingdomino view's brush and board) or type it as layout
text, and see its score, its properties and which variant bonuses it earns (Harmony, Middle Kingdom; off by
default in a session), each with what it lacks, and the score with them. A painted kingdom that real dominoes
cannot make is scored all the same, with the engine's reason shown; a typed one is refused as a session refuses
a layout. `/quick/splitter`: write the numbers of sheet A or B (the Splitter view's sheet and legend) or type the
finished sheet, and see its groups and score.

What is painted or typed is kept in the phone's browser storage (`views.phone_scratch`, under the scorer's name):
it comes back when the scorer opens in a new session (a phone locked longer than the server keeps its session
came back to an empty board), until "Start again" clears it. A kept value is brought back only in the shape the
screen holds (`kept_kingdom`, `kept_sheet`: every square one the brush could have painted), else ignored; nothing
goes to the server's store. Every number shown comes from the engines' own functions (`kingdom_score`,
`properties`, `is_full`, `is_centred`, `check_kingdom`, `tile_layout`, `read_layout`; `sheet_score`, `groups`,
`parse_sheet`); the game views' helpers are reused through a `GameContext` that holds no session and dispatches
nothing; they are imported when a quick scorer is first drawn (`view_of`), so the home screen's buttons do not load
them.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from scoring.core import RuleError, engine
from scoring.games import kingdomino, splitter
from views import words
from views.context import GameContext
from views.games import view_of
from views.phone_scratch import brought_back, forget, keep
from views.ui import aside, choice_row, draft_field, field_sheet, labelled

SIZES = (5, 7)
GAMES = ("kingdomino", "splitter")


def route(game_id: str) -> str:
    """The quick scorer's route for a game."""
    return f"/quick/{game_id}"


def home_buttons(app: Any) -> list[ft.Control]:
    """The home screen's one-tap ways in."""
    return [ft.FilledTonalButton(content=app.t(f"quick.open.{gid}"), icon=ft.Icons.CALCULATE,
                                 on_click=lambda e, gid=gid: app.go(route(gid))) for gid in GAMES]


def build(app: Any, game_id: str) -> tuple[str, ft.Control, str]:
    """The quick scorer of a game."""
    if game_id not in GAMES:
        return app.t("quick.title"), ft.Text(app.t("quick.unknown", game=game_id)), "/"
    title = app.t("quick.title_of", game=engine(game_id).game.names.get(app.lang, game_id))
    scratch = brought_back(app, f"quick:{game_id}", kept_kingdom if game_id == "kingdomino" else kept_sheet)
    if scratch is None:
        return title, ft.ProgressRing(), "/"
    body = kingdom_body(app, scratch) if game_id == "kingdomino" else splitter_body(app, scratch)
    keep(app, scratch)
    return title, body, "/"


def grid_of(value: Any, rows: int, cols: int, square: Any) -> bool:
    """Whether value is a rows×cols grid of squares that square(r, c, value) accepts."""
    return isinstance(value, list) and len(value) == rows and all(
        isinstance(row, list) and len(row) == cols and all(square(r, c, v) for c, v in enumerate(row))
        for r, row in enumerate(value))


def crowns_ok(value: Any) -> bool:
    """Whether value is a number of crowns a square may hold."""
    return type(value) is int and 0 <= value <= kingdomino.MAX_CROWNS


def painted_ok(value: Any, terrains: tuple) -> bool:
    """Whether value is a terrain of terrains with its crowns (none on the castle), as the brush holds one."""
    return isinstance(value, dict) and set(value) == {"terrain", "crowns"} and value["terrain"] in terrains \
        and crowns_ok(value["crowns"]) and (value["terrain"] != kingdomino.CASTLE or value["crowns"] == 0)


def kept_kingdom(value: dict) -> dict | None:
    """A kingdom kept on the phone, as the Kingdomino scorer holds it (size, grid, brush, discarded, text), or None."""
    size, terrains = value.get("size"), (*kingdomino.NAMES, kingdomino.CASTLE)
    if type(size) is not int or size not in SIZES or not grid_of(
            value.get("grid"), size, size, lambda r, c, v: v is None or painted_ok(v, terrains)):
        return None
    if not painted_ok(value.get("brush"), (*terrains, None)) or type(value.get("discarded")) is not bool \
            or not isinstance(value.get("text", ""), str):
        return None
    return {key: value[key] for key in ("size", "grid", "brush", "discarded", "text") if key in value}


def kept_sheet(value: dict) -> dict | None:
    """A sheet kept on the phone, as the Splitter scorer holds it (sheet, grid, brush, text), or None."""
    sheet, brush = value.get("sheet"), value.get("brush")
    if sheet not in ("A", "B") or not (brush is None or type(brush) is int and brush in splitter.DIGITS.values()):
        return None
    if not grid_of(value.get("grid"), splitter.ROWS, splitter.COLS, lambda r, c, v: v is None or (
            type(v) is int and v in splitter.DIGITS.values() and splitter.on_sheet(sheet, r, c))):
        return None
    if not isinstance(value.get("text", ""), str):
        return None
    return {key: value[key] for key in ("sheet", "grid", "brush", "text") if key in value}


def context(app: Any, game_id: str, options: dict, scratch: dict) -> GameContext:
    """A context for the game views' helpers: the options in a bare state, no record, nothing to dispatch."""

    def refuse(action: dict, refused: Any = None) -> bool:
        """The quick scorer has no session to act on."""
        return False

    return GameContext(lang=app.lang, record={"players": []}, state={"options": options}, engine=engine(game_id),
                       page=app.page, store=app.store, local=scratch, sound=False, apply=refuse,
                       show_error=app.show_error, refresh=app.render_soon)


def total_card(app: Any, points: int, lines: list[str]) -> ft.Control:
    """The score in big figures and the lines it is made of."""
    return ft.Container(bgcolor=ft.Colors.PRIMARY_CONTAINER, border_radius=8, padding=12, content=ft.Column(
        spacing=4, controls=[ft.Text(app.t("quick.total", points=points), size=24, weight=ft.FontWeight.BOLD),
                             *[ft.Text(line, size=15) for line in lines]]))


def text_entry(app: Any, scratch: dict, label: str, how: str, shown: str, read: Any) -> ft.Control:
    """A field holding the board as text (kept as typed) and a button that reads it back onto the board.

    The label is short (a label longer than the field wrapped to two lines and broke the outline's notch) and how
    to write the board is a text under the field that wraps as it needs: as the field's helper it was cut after
    three lines with an ellipsis, and Kingdomino's, naming each terrain's letter, takes six at a phone's 2x text.
    A key typed while the screen is drawn again for something else is kept (`draft_field`): built from the text of
    the last change handled, the box lost it ("C L" typed came back "C")."""
    field = draft_field(scratch, "text", scratch.get("text", shown), label=label, multiline=True, min_lines=5,
                        on_change=lambda e: (scratch.update(text=e.control.value), keep(app, scratch)))

    def submit() -> None:
        """Read the text; a refusal is shown with its rule and the board stays as it was."""
        try:
            read(scratch.get("text", shown))
        except RuleError as err:
            app.show_error(err)
            return
        scratch.pop("text", None)
        app.render()

    read_back = ft.OutlinedButton(content=app.t("quick.read_text"), icon=ft.Icons.TEXT_SNIPPET,
                                  on_click=lambda e: submit())
    return field_sheet([field, aside(app.lang, how)], [read_back])


# ---------------------------------------------------------------------------------------------------------
# Kingdomino


def empty_kingdom(size: int) -> list[list]:
    """A size×size frame with the castle in its centre."""
    grid: list[list] = [[None] * size for _ in range(size)]
    grid[size // 2][size // 2] = {"terrain": kingdomino.CASTLE, "crowns": 0}
    return grid


def framed(grid: list[list], size: int) -> list[list]:
    """A kingdom (trimmed to its squares) in the middle of a size×size frame."""
    kingdom = kingdomino.trim(grid)
    out: list[list] = [[None] * size for _ in range(size)]
    top, left = (size - len(kingdom)) // 2, (size - len(kingdom[0]) if kingdom else 0) // 2
    for r, row in enumerate(kingdom):
        for c, cell in enumerate(row):
            out[top + r][left + c] = cell
    return out


def kingdom_body(app: Any, scratch: dict) -> ft.Control:
    """Paint or type a kingdom; its score, properties and bonuses."""
    kingdom_view = view_of("kingdomino")
    size = scratch.setdefault("size", 5)
    grid = scratch.get("grid")
    if grid is None or len(grid) != size:
        grid = scratch["grid"] = empty_kingdom(size)
    discarded = scratch.setdefault("discarded", False)
    options = {"harmony": True, "middle_kingdom": True, "mighty_duel": size == 7, "dynasty": False}
    ctx = context(app, "kingdomino", options, scratch)
    brush = scratch.setdefault("brush", {"terrain": "W", "crowns": 0})

    def paint(r: int, c: int) -> None:
        """Put the brush on a square."""
        terrain = brush["terrain"]
        grid[r][c] = None if terrain is None else {
            "terrain": terrain, "crowns": 0 if terrain == kingdomino.CASTLE else brush["crowns"]}
        scratch.pop("text", None)
        app.render()

    def set_size(value: int) -> None:
        """Switch between 5×5 and 7×7 (the painting starts again)."""
        scratch.update(size=value, grid=empty_kingdom(value))
        scratch.pop("text", None)
        app.render()

    def set_discarded(value: bool) -> None:
        """Say whether a domino was discarded (Harmony needs none)."""
        scratch["discarded"] = bool(value)
        app.render()

    def read(text: str) -> None:
        """Put a typed kingdom on the board (refused as the engine refuses a layout)."""
        scratch["grid"] = framed(kingdomino.read_layout(text, size), size)

    def clear() -> None:
        """Start again with the castle alone (the phone forgets the kingdom)."""
        scratch.update(grid=empty_kingdom(size), discarded=False)
        scratch.pop("text", None)
        forget(app, scratch)
        app.render()

    return ft.Column(spacing=12, controls=[
        ft.Text(app.t("quick.kingdom_hint"), size=16),
        choice_row([(n, app.t("quick.size", size=n)) for n in SIZES], size, set_size),
        kingdom_view.brush_bar(ctx, brush),
        kingdom_view.board(ctx, grid, paint, cell_size=kingdom_view.PAINT_CELL[size]),
        kingdom_result(app, ctx, grid, options, discarded),
        labelled(ft.Switch(value=discarded), app.t("quick.discarded"), set_discarded),
        kingdom_view.legend(ctx, grid),
        text_entry(app, scratch, app.t("quick.kingdom_text"), app.t("quick.kingdom_text_help"),
                   kingdomino.format_layout(kingdomino.trim(grid)), read),
        ft.OutlinedButton(content=app.t("quick.clear"), icon=ft.Icons.DELETE_SWEEP, on_click=lambda e: clear()),
    ])


def kingdom_result(app: Any, ctx: GameContext, grid: list[list], options: dict, discarded: bool) -> ft.Control:
    """The kingdom's score with its scoring properties (each worded as its line in the property list) and
    tie-break figures, each variant bonus earned or not with the score it makes, and any reason the kingdom could
    not be built."""
    size = kingdomino.grid_size(options)
    lines, (largest, crowns) = kingdomino.kingdom_score(grid, {**options, "harmony": False, "middle_kingdom": False})
    points = sum(line.points for line in lines)
    shown = [view_of("kingdomino").property_text(ctx, p) for p in kingdomino.properties(grid) if p["points"]]
    shown.append(app.t("quick.tiebreak", largest=largest, crowns=crowns))
    bonus_lines, _ = kingdomino.kingdom_score(grid, options, discards=int(discarded))
    with_bonuses = sum(line.points for line in bonus_lines)
    full, centred = kingdomino.is_full(grid, size), kingdomino.is_centred(grid)
    controls = [
        total_card(app, points, shown),
        bonus_line(app, "harmony", full and not discarded,
                   app.t("quick.harmony_needs", size=size) if not full else app.t("quick.harmony_discard")),
        bonus_line(app, "middle_kingdom", centred, app.t("quick.middle_needs")),
        ft.Text(app.t("quick.with_variants", points=with_bonuses), size=16, weight=ft.FontWeight.W_600),
    ]
    try:
        kingdomino.check_kingdom(grid, size)
        kingdomino.tile_layout(grid, set(kingdomino.DOMINOES))
    except RuleError as err:
        controls.append(ft.Text(words.no_orphan(app.t("quick.impossible", reason=words.error(app.lang, err))),
                                color=ft.Colors.ERROR))
    return ft.Column(spacing=4, controls=controls)


def bonus_line(app: Any, bonus: str, earned: bool, missing: str) -> ft.Control:
    """A bonus, whether this kingdom earns it, and what it lacks."""
    text = app.t("quick.bonus_line", bonus=app.t(f"quick.bonus.{bonus}"),
                 state=app.t("quick.earned") if earned else missing)
    return ft.Row(spacing=6, controls=[
        ft.Icon(ft.Icons.CHECK_CIRCLE if earned else ft.Icons.RADIO_BUTTON_UNCHECKED,
                color=ft.Colors.GREEN if earned else ft.Colors.OUTLINE, apply_text_scaling=True),
        ft.Text(text, size=15, expand=True)])


# ---------------------------------------------------------------------------------------------------------
# Splitter


def splitter_body(app: Any, scratch: dict) -> ft.Control:
    """Write or type a sheet; its groups and score."""
    sheet_view = view_of("splitter")
    sheet = scratch.setdefault("sheet", "A")
    grid = scratch.setdefault("grid", splitter.blank_sheet())
    brush = scratch.setdefault("brush", 1)
    ctx = context(app, "splitter", {"sheet": sheet}, scratch)

    def paint(r: int, c: int) -> None:
        """Write the brush's number on a space."""
        if splitter.on_sheet(sheet, r, c):
            grid[r][c] = brush
            scratch.pop("text", None)
            app.render()

    def set_brush(value: int | None) -> None:
        """Choose the number to write (None erases)."""
        scratch["brush"] = value
        app.render()

    def set_sheet(value: str) -> None:
        """Switch sheet A / B (numbers off the new sheet's spaces are dropped)."""
        scratch["sheet"] = value
        scratch["grid"] = [[v if splitter.on_sheet(value, r, c) else None for c, v in enumerate(row)]
                           for r, row in enumerate(grid)]
        scratch.pop("text", None)
        app.render()

    def read(text: str) -> None:
        """Put a typed finished sheet on the board (refused as the engine refuses a layout)."""
        scratch["grid"] = splitter.parse_sheet(text, sheet)

    def clear() -> None:
        """Start again with a blank sheet (the phone forgets the sheet)."""
        scratch["grid"] = splitter.blank_sheet()
        scratch.pop("text", None)
        forget(app, scratch)
        app.render()

    lines = splitter.sheet_score(sheet, grid)
    found = sheet_view.sheet_groups(ctx, grid)
    shown = [app.t("quick.line", text=words.say(app.lang, line.key, **line.params), points=line.points)
             for line in lines]
    return ft.Column(spacing=12, controls=[
        ft.Text(app.t("quick.sheet_hint"), size=16),
        choice_row([(s, app.t(f"splitter.option.sheet.{s}")) for s in ("A", "B")], sheet, set_sheet),
        sheet_view.brush_row(ctx, brush, set_brush),
        sheet_view.sheet_view(ctx, grid, "", found, paint),
        total_card(app, sum(line.points for line in lines), shown),
        sheet_view.legend(ctx, grid, found),
        text_entry(app, scratch, app.t("quick.sheet_text"), app.t("quick.sheet_text_help"), splitter.format_sheet(grid),
                   read),
        ft.OutlinedButton(content=app.t("quick.clear"), icon=ft.Icons.DELETE_SWEEP, on_click=lambda e: clear()),
    ])
