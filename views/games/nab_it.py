"""Nab-It! view: the board of stacks on the grid editor, tiles placed by tapping a cell then a letter, the words
of the turn with the list's verdict before the play is sent, challenges and the table's vote, banks and ends.

- The board shows each cell's top letter filled in its player's colour with a bar in that player's outline
  colour (the 30 % tints alone hardly told two players apart: a black seat's grey and a white seat's blue-grey
  measured 1.12:1 apart in the light theme, 1.19:1 in the dark) along a side of the player's own, by seat
  (`side_of`), so whose tile it is shows without colour too; the stack height in the corner (from 2), and the
  words each player controls outlined in that player's outline colour (the legend names them, a swatch of the
  tint framed in it, with the player's bar along its side). It is at least 15×15 and grows with the board (two
  empty rows and columns around it). It first fits the width it is given (the whole board on a phone, its cells
  touching: about 25 px on a 390 px phone, as large as 15 columns fit there; 48 px would need 720 px), so the
  letters are on the first screen too; + makes the cells 44 then 52 px and shows the tiles
  played with the margin around them (and any draft tile), not the whole start, the board then scrolling
  sideways where it is still wider, and − goes back. From a landscape tablet's width (the `lg` breakpoint, 992 px)
  the turn's board and its letters sit side by side (`BOARD_COLS`, `KEYS_COLS`): one above the other, the
  board's 36 px cells filled a 1024x768 tablet's first screen and pushed the letters below it, so the table
  scrolled during a turn (a laptop's, 1200 px and more, had been side by side already). Ruling [tablet]: at
  1024x768 the letters' column is wide enough for seven keys a row, so A–Z, Play, Take back and Swap are in
  sight without scrolling, beside a board of about 34 px cells (7 mm on a tablet), the shell's Undo on the
  rules' row above it (`views.session.ways_out`); at 30.5 px, under Undo's row of its own, the board reached the
  screen's foot. A portrait tablet or a phone keeps them one above the other. A board grown past 15 rows takes a
  smaller share of a landscape tablet's width, so its last row stays in sight (`board_cols`), and the vote and the
  last play's challenges sit beside the board there in every phase (`beside_board`).
- Placing: tap a cell, then a letter (the hand when the app deals, behind a cover the player lifts; A–Z and a
  blank switch when the tiles come from the real bags). Tapping a placed draft cell again takes its tile back.
  The draft is the turn's (`draft_of`): it stays through every redraw and action until that turn is over, and
  comes back with the turn (a play taken back after a challenge, or undone, then played again; on a shared screen
  a turn shown meanwhile has a draft of its own). It was dropped at every action, then whenever the board changed
  (the host's undo and redo, a play taken back and played again: the half-built play was emptied without a word).
  When the board or the hand changed under it, a tile whose cell now holds another stack (another tile played
  there, or the one it lay on taken back) or that the hand no longer holds is taken off, and the panel says which
  and why above the letters (`dropped_notice`) until the player places, takes back or dismisses; the rest stay.
  What to tap next is said once, above the letters (the chosen cell once there is one). The words the play would
  form or change come from the engine's `draft_verdict`, each marked known or not in the list, shown once a tile is
  placed under Play (`keys_panel`); the rule the draft breaks is said right above the letters, where the player looks
  while typing (`refusal_line`: final, or the word only unfinished, as the engine says); then Play sends it (or
  Swap, instead).
  The banner above the screen names the move in the rule book's word, letter tiles (`nab_it.move.play`), not the
  shell's "play a card".
- Every other button comes from the engine's `prompt`: challenges of the last play's words, the vote (shared vote
  panel), announcing the last tile, catching a forgotten announcement, and the table's end.
- A screen shows a control only for a move it makes (`views.components.offers`: the table's where it acts for the
  table, a player's where it acts as that player) and offers it to the context (`ctx.offer`), so a seated phone's
  moves panel never offers it again: the turn (Play and Swap: only on the turn player's phone, its own hand open
  at once; the other phones show whose turn it is and the board), the challenges (each a button of its
  challenger's), the announcement (its player's), the forgotten announcement (the table's where the screen acts
  for it, else the seat's own: a player catches another from their own phone, never themselves) and the end (the
  table's: not on a player's own phone). The shared screen, which acts as everyone, shows them all as before.
- `final(ctx)`: the finished board and who controls which word.
"""

from __future__ import annotations

from typing import Any, Iterable

import flet as ft

from scoring.core import RuleError, TABLE
from scoring.games import nab_it as game
from views import words
from views.components.cards import card_buttons
from views.components.grid import BAR_SIDES, GROUP_COLOURS, bar, grid_editor
from views.components.offers import offer_here
from views.components.private import elsewhere
from views.components.refusal import said
from views.components.vote import ballot_at, ballots_line, vote_panel
from views.context import GameContext
from views.ui import aside, icon_button, keyed, labelled, tap_style, tint

MIN_SIDE = 15
MARGIN = 2
CELL_SIZES = (None, 44, 52)  # None: the board fits the width (`grid_editor`)
FILL = {name: tint(colour) for name, colour in {
    "red": ft.Colors.RED, "blue": ft.Colors.BLUE, "green": ft.Colors.GREEN, "yellow": ft.Colors.YELLOW,
    "purple": ft.Colors.PURPLE, "orange": ft.Colors.ORANGE, "black": ft.Colors.GREY, "white": ft.Colors.BLUE_GREY,
}.items()}
SEAT_FILL = tuple(FILL[name] for name in ("red", "blue", "green", "yellow"))
OUTLINE_OF = {"red": 0, "blue": 1, "green": 2, "orange": 3, "purple": 4}
SPARE_OUTLINES = (5, 6, 7, 4, 3, 2, 1, 0)
DRAFT_FILL = tint(ft.Colors.AMBER)
COLUMNS = 48  # the board row's grid (of the whole screen's width on a landscape tablet: `MAIN_COLS`)
TOOLS_COLS = {"xs": 48, "lg": 3, "xl": 48}  # the zoom bar: above the board, a strip at its left on a landscape tablet
BOARD_COLS = {"xs": 48, "lg": 25, "xl": 28}  # the turn's board and its letters: side by side from 992 px, else stacked
KEYS_COLS = {"xs": 48, "lg": 20, "xl": 20}
WHOLE_COLS = {"xs": 48, "lg": 25, "xl": 48}  # the board where no letters sit beside it (as large as in the turn)
# A landscape tablet's room for the fitted board: one column of COLUMNS is LG_UNIT px wide on a 1024 px screen (1008 px
# inside the page's padding), and LG_ROOM px of its 768 lie under the top bar, the next step and the rules' row.
LG_UNIT, LG_ROOM = 1008 / COLUMNS, 570
CHALLENGE_SIDE = 12  # px each side of a challenge's label (Material's 24 set two English ones a row apart)
LG_LEAST = 16  # the board's least share of a landscape tablet's width (cells of about 22 px on a 15-column board)
MAIN_COLS = {"xs": 12, "md": 7, "lg": 12, "xl": 7}  # the session's columns (`views.session.columns_of`): the game
SIDE_COLS = {"xs": 12, "md": 5, "lg": 12, "xl": 5}  # the whole width of a landscape tablet, the scoreboard under it


# ---------------------------------------------------------------------------------------------------------
# Looks


def fill_of(ctx: GameContext, player: str) -> Any:
    """A player's tile colour: their chosen colour, tinted, or one by seat."""
    return FILL.get(ctx.colours.get(player) or "", SEAT_FILL[ctx.players.index(player) % len(SEAT_FILL)])


def outlines(ctx: GameContext) -> dict[str, int]:
    """Each player's outline colour (an index of the grid's group colours): their own colour where the grid has
    it, else one of the spare colours."""
    taken: dict[str, int] = {}
    for name in ctx.players:
        wanted = OUTLINE_OF.get(ctx.colours.get(name) or "")
        if wanted is None or wanted in taken.values():
            wanted = next(i for i in SPARE_OUTLINES if i not in taken.values())
        taken[name] = wanted
    return taken


def side_of(ctx: GameContext, player: str) -> str:
    """The side a player's tiles carry their bar along, by seat: the first seat's along the foot, the second's
    the left, the third's the right, the fourth's the top (Nab-It! seats 2-4).

    Rule: whose tile it is shows without colour. Four bars of red 600, blue 700, green 700 and teal 600 across
    the foot measured 1.02-1.12:1 apart in lightness on a 390x844 screenshot (both themes), told apart by hue
    only; a colour 3:1 or more on both themes' surfaces lies between relative luminance 0.12 and 0.28, so two
    such colours are at most about 1.9:1 apart and lightness cannot do it. A side, unlike a dash pattern or an
    initial, is seen at once on a 22 px cell: a dash is a pixel or two there, and two names may share an
    initial. Two players (the common game) differ the most, foot and left; the top, which the stack height's
    number shares, only in a four-player game."""
    return BAR_SIDES[ctx.players.index(player) % len(BAR_SIDES)]


def window(board: dict, least: int = MIN_SIDE, also: Iterable[tuple[int, int]] = ()) -> tuple[int, int, int, int]:
    """The rows and columns shown (top, left, bottom, right): the board with a margin, and the cells `also`
    without one, at least `least` cells a side from 0,0 (an empty board: always). Draft tiles are not given here
    on the whole board (they lie where it was tapped), so the grid stays put during a turn."""
    cells = [game.cell_of(k) for k in board]
    least = least if cells else MIN_SIDE
    anchor = [0] if least else []
    rows, cols = [r for r, _ in also], [c for _, c in also]
    top = min(anchor + rows + [r - MARGIN for r, _ in cells])
    left = min(anchor + cols + [c - MARGIN for _, c in cells])
    bottom = max([top + least - 1] + rows + [r + MARGIN for r, _ in cells])
    right = max([left + least - 1] + cols + [c + MARGIN for _, c in cells])
    return top, left, bottom, right


def board_view(ctx: GameContext, state: dict, draft: list[dict] | None = None, on_tap=None,
               chosen: list | None = None, kept: str | None = "_nab_board") -> ft.Control:
    """The board on the grid editor: top letters in their colours, heights, draft tiles, controlled words.

    Larger cells show the tiles played and the margin around them, not the whole 15×15 start: the board then opens on
    the words (it opened at column 1, the words out of sight to the right), with the draft tiles and the chosen cell
    (placed on the whole board, they may lie beyond that margin). The cells keep the names (row, column) they have on
    the whole board. The draft's tiles and the cell chosen for its next tile, in the grid's marked frame, are read "in
    your word" after their names (the grid editor's `marked_said`, their semantics value, as Splitter's and Kingdomino's
    marked squares): the hints here speak of cells and letters, not of marked squares, and the chosen cell is where the
    word's next letter goes; a draft tile's name says its letter only. The fitted board's letters and heights keep
    their size at the phone's larger text sizes (`fixed_text`): at 2x they were cut off in its 25 px cells. The
    screen's one board is `kept` (the grid editor's: a render builds only the cells that changed); None where
    another may show in the same render."""
    draft = draft or []
    board = state["board"]
    size = CELL_SIZES[zoom_level(ctx)]
    whole = window(board)
    drafted = {(t["row"], t["col"]): t for t in draft}
    placed = [*drafted, *([tuple(chosen)] if chosen else [])]
    top, left, bottom, right = whole if size is None else window(board, 0, placed)
    grid, notes = [], {}
    for r in range(top, bottom + 1):
        row = []
        for c in range(left, right + 1):
            tile = game.top(board, r, c)
            if (r, c) in drafted:
                row.append({"letter": drafted[(r, c)]["letter"], "owner": None, "draft": True})
            else:
                row.append(tile)
            height = game.height(board, r, c) + (1 if (r, c) in drafted else 0)
            if height > 1:
                notes[(r - top, c - left)] = str(height)
        grid.append(row)
    outline = outlines(ctx)
    groups: list[list] = [[] for _ in GROUP_COLOURS]
    for word in game.controlled_words(state):
        if word["by"] is not None:
            groups[outline[word["by"]]] += [[r - top, c - left] for r, c in word["cells"]]
    marked = [[r - top, c - left] for r, c in drafted] + ([[chosen[0] - top, chosen[1] - left]] if chosen else [])

    def colour(value: dict) -> Any:
        """A draft tile in amber, a played one in its player's colour."""
        return DRAFT_FILL if value.get("draft") else fill_of(ctx, value["owner"])

    def owner(value: dict) -> Any:
        """A played tile's bar: its player's outline colour along their side (a draft tile has none)."""
        return None if value.get("draft") else (GROUP_COLOURS[outline[value["owner"]]], side_of(ctx, value["owner"]))

    def spoken(value: dict) -> str:
        """A cell's name says whose tile it is (seen by its colour and its bar's colour and side), a draft tile
        only its letter."""
        if value.get("draft"):
            return value["letter"]
        return ctx.t("nab_it.view.cell_tile", letter=value["letter"], name=value["owner"])

    tap = (lambda r, c: on_tap(r + top, c + left)) if on_tap else None
    return grid_editor(ctx, grid, [], None, label=lambda v: v["letter"], colour=colour, groups=groups,
                       cell_size=size, on_tap=tap, marked=marked, marked_said=ctx.t("nab_it.view.in_your_word"),
                       notes=notes, origin=(top - whole[0], left - whole[1]), mark=owner, spoken=spoken,
                       fixed_text=True, kept=kept)


def board_cols(ctx: GameContext, state: dict) -> tuple[dict, dict]:
    """The board's and its neighbour's columns on a landscape tablet (`BOARD_COLS`, `KEYS_COLS`): the fitted board
    takes the share of the width at which its rows fit the screen's height (`fitted_span`), what is beside it the
    rest; zoomed cells keep their size and the usual shares.

    Ruling [tablet, play-test]: at 1024x768 a board grown to 17 rows (two empty rows under a word reaching row 15)
    measured 590 px of 34.7 px cells from 178 px down, its last row cut by the screen's foot, and the table scrolled
    at every play to see it and the challenges beside it. Now its cells shrink to fit (31.9 px at 17 rows, 30.5 at
    18) and the letters' column widens by as much; phones and portrait tablets, one column under another, keep the
    board as wide as the screen."""
    if zoom_level(ctx):
        return BOARD_COLS, KEYS_COLS
    top, left, bottom, right = window(state["board"])
    span = fitted_span(bottom - top + 1, right - left + 1)
    return {**BOARD_COLS, "lg": span}, {**KEYS_COLS, "lg": COLUMNS - TOOLS_COLS["lg"] - span}


def fitted_span(rows: int, cols: int) -> int:
    """The board's share of a landscape tablet's COLUMNS at which `rows` rows of square cells, as wide as `cols`
    columns share it, fit LG_ROOM px: at most its usual share, at least LG_LEAST."""
    return max(LG_LEAST, min(BOARD_COLS["lg"], int(LG_ROOM * cols / (LG_UNIT * rows))))


def zoom_level(ctx: GameContext) -> int:
    """This phone's place in CELL_SIZES: the fitted board until − or + is tapped."""
    return ctx.local.get("zoom", 0)


def zoom_bar(ctx: GameContext) -> ft.Control:
    """Smaller and larger cells."""
    level = zoom_level(ctx)

    def zoom(step: int) -> None:
        """Change the cell size."""
        ctx.local["zoom"] = max(0, min(len(CELL_SIZES) - 1, level + step))
        ctx.refresh()

    return ft.Row(key="zoom", spacing=4, wrap=True, run_spacing=4, controls=[
        icon_button(ft.Icons.ZOOM_OUT, ctx.t("nab_it.view.zoom_out"), lambda e: zoom(-1), disabled=level == 0),
        icon_button(ft.Icons.ZOOM_IN, ctx.t("nab_it.view.zoom_in"), lambda e: zoom(1),
                    disabled=level == len(CELL_SIZES) - 1)])


def on_board(board: ft.Control, above: list[ft.Control] = (), cols: dict | None = None,
             beside: ft.Control | None = None, tools: ft.Control | None = None) -> ft.Control:
    """The board in the one place every phase shows it, keyed (with what the phase shows above it: who plays
    elsewhere; the zoom bar, `tools`, before it: above it, a strip at its left on a landscape tablet; and beside it
    the turn's letters, side by side from a landscape tablet): from one turn, phone or phase to the next Flet then
    sends the squares that changed, not the whole board again (about 90 KB to every phone at each play, challenge
    and vote, where the board moved between the turn's panel and the others)."""
    return ft.ResponsiveRow(key="board-row", columns=COLUMNS, spacing=8, run_spacing=8, controls=[
        *([ft.Column(col=TOOLS_COLS, key="tools", controls=[tools])] if tools else []),
        ft.Column(col=cols or WHOLE_COLS, key="board-col", spacing=8, controls=[*above, keyed(board, "board")]),
        *([beside] if beside else [])])


def legend(ctx: GameContext, state: dict) -> ft.Control:
    """Per player: their tile colour, outline colour and bar (along their side, as on their tiles), the words
    they control, hand, bag and bank (a line breaking only after a clause, `words.whole_line`: "…，银" / "行 0" was
    seen at a phone's 2x text)."""
    outline = outlines(ctx)
    controlled = game.controlled_words(state)
    rows = []
    for name in ctx.players:
        mine = [w["text"] for w in controlled if w["by"] == name]
        rows.append(ft.Row(wrap=True, spacing=6, controls=[
            ft.Container(width=18, height=18, bgcolor=fill_of(ctx, name), border_radius=3,
                         border=ft.Border.all(3, GROUP_COLOURS[outline[name]]),
                         content=ft.Stack(controls=[bar(GROUP_COLOURS[outline[name]], side_of(ctx, name))])),
            ft.Text(words.whole_line(ctx.lang, ctx.t("nab_it.view.player_line", name=name, hand=len(
                state["hands"][name]), bag=len(state["bags"][name]), bank=len(state["banked"][name]))), size=15),
            ft.Text(ctx.t("nab_it.view.controls", words=mine), size=15) if mine
            else aside(ctx.lang, ctx.t("nab_it.view.controls_none"), size=15),
        ]))
    return ft.Column(spacing=4, controls=rows)


# ---------------------------------------------------------------------------------------------------------
# Placing tiles


def draft_of(ctx: GameContext, state: dict, player: str) -> dict:
    """The tiles `player` is placing in this turn (scratch, not rules): each turn's own (`drafts`, by turn number:
    a turn shown meanwhile on a shared screen does not empty it), kept through every redraw until the turn is over
    (`forget_past_turns`), checked again against the board and the hand as they are now (`settle`). `under` holds
    each draft cell's stack as it was when the tile was put there; `dropped` what `settle` took off and why."""
    drafts = ctx.local.setdefault("drafts", {})
    turn = str(state["turn_no"])
    draft = drafts.get(turn)
    if not isinstance(draft, dict) or draft.get("player") != player:
        draft = drafts[turn] = {"player": player, "tiles": [], "under": {}, "at": None, "blank": False,
                                "dropped": []}
    settle(state, player, draft)
    return draft


def forget_past_turns(ctx: GameContext) -> None:
    """Drop the drafts of turns that are over (a later turn has been reached: played, swapped); a turn the table
    went back before (undo, a play taken back) keeps its draft for when it comes again."""
    ctx.local.pop("draft", None)  # the screen's one draft of before (a stored draft brings it back)
    drafts = ctx.local.get("drafts")
    if isinstance(drafts, dict):
        for turn in [t for t in drafts if not str(t).lstrip("-").isdigit() or int(t) < ctx.state["turn_no"]]:
            del drafts[turn]


def settle(state: dict, player: str, draft: dict) -> None:
    """Keep the draft's tiles that still stand as placed: a tile whose cell's stack is no longer the one it was put
    on (a tile played there meanwhile, or the one under it taken back: by another phone's play, a challenge, the
    host's undo) is taken off, then each tile the hand no longer holds (the engine's own check, in order); what is
    taken off goes to `dropped`, with why."""
    board, under = state["board"], draft.setdefault("under", {})
    kept, dropped = [], []
    for tile in draft["tiles"]:
        cell = game.key(tile["row"], tile["col"])
        now, then = board.get(cell), under.get(cell)
        if (now or None) == (then or None):
            kept.append(tile)
        else:
            dropped.append({**tile, "now": now[-1] if now else None, "then": then[-1] if then else None})
    fits: list[dict] = []
    for tile in kept:
        try:
            game.check_hand(state, player, fits + [tile])
        except RuleError as err:
            dropped.append({**tile, "hand": err.to_dict()})
            continue
        fits.append(tile)
    if dropped:
        draft["tiles"] = fits
        draft["dropped"] = [*draft.get("dropped", []), *dropped]
        for tile in dropped:
            under.pop(game.key(tile["row"], tile["col"]), None)


def dropped_notice(ctx: GameContext, state: dict, draft: dict) -> ft.Control:
    """What `settle` took off the draft and why, a line a tile, until the player places or takes back a tile, or
    dismisses it; it keeps its place (hidden while there is none), so the letters below it do not move."""
    dropped = draft.get("dropped") or []
    top, left, _, _ = window(state["board"])

    def line(tile: dict) -> str:
        """One tile taken off, in words (its cell named as the board names it now)."""
        where = {"letter": tile["letter"], "row": tile["row"] - top + 1, "col": tile["col"] - left + 1}
        if "hand" in tile:
            return ctx.t("nab_it.view.dropped_hand", why=words.error(ctx.lang, tile["hand"]), **where)
        if tile["now"] is not None:
            return ctx.t("nab_it.view.dropped_taken", name=tile["now"]["owner"], now=tile["now"]["letter"], **where)
        return ctx.t("nab_it.view.dropped_emptied", under=(tile["then"] or {}).get("letter", ""), **where)

    def dismiss() -> None:
        """Put the notice away."""
        draft["dropped"] = []
        ctx.refresh()

    lead = "nab_it.view.dropped_some" if draft["tiles"] else "nab_it.view.dropped_all"
    return ft.Column(key="dropped", spacing=2, visible=bool(dropped), controls=[
        ft.Text(ctx.t(lead), size=16, weight=ft.FontWeight.W_600, color=ft.Colors.ERROR),
        *[ft.Text(line(t), size=15, color=ft.Colors.ERROR) for t in dropped],
        ft.TextButton(content=ctx.t("app.notice_dismiss"), on_click=lambda e: dismiss()),
    ] if dropped else [])


def letter_picker(ctx: GameContext, state: dict, player: str, draft: dict) -> ft.Control:
    """The letters to place: the hand when the app deals, else A–Z and the blank switch."""

    def put(letter: str, blank: bool) -> None:
        """Put the letter on the chosen cell."""
        if draft["at"] is None:
            ctx.say(RuleError("nab_it.view.choose_cell_first"), f"cell-{player}")
            return
        row, col = draft["at"]
        draft["tiles"] = [t for t in draft["tiles"] if (t["row"], t["col"]) != (row, col)]
        draft["tiles"].append({"row": row, "col": col, "letter": letter, "blank": blank})
        stack = state["board"].get(game.key(row, col))
        draft["under"][game.key(row, col)] = [dict(t) for t in stack] if stack else None
        draft.update(at=None, blank=False, dropped=[])
        ctx.refresh()

    if state["options"]["deal"] == "app":
        left = list(state["hands"][player])
        for tile in draft["tiles"]:
            wanted = game.BLANK if tile["blank"] else tile["letter"]
            if wanted in left:
                left.remove(wanted)
        letters = [(letter, letter) for letter in left if letter and letter != game.BLANK]
        controls = [card_buttons(letters, lambda letter: put(letter, False))]
        if game.BLANK in left:
            controls.append(blank_switch(ctx, draft))
        if draft["blank"]:
            controls.append(card_buttons([(a, a) for a in game.ALPHABET], lambda letter: put(letter, True), 48))
        return ft.Column(spacing=6, controls=controls)
    return ft.Column(spacing=6, controls=[
        blank_switch(ctx, draft),
        card_buttons([(a, a) for a in game.ALPHABET], lambda letter: put(letter, draft["blank"]), 48)])


def blank_switch(ctx: GameContext, draft: dict) -> ft.Control:
    """Play the next letter as the blank tile."""

    def flip(value: bool) -> None:
        """Remember the switch."""
        draft["blank"] = value
        ctx.refresh()

    return labelled(ft.Switch(value=draft["blank"]), ctx.t("nab_it.view.blank"), flip)


def refusal_line(ctx: GameContext, seen: dict | None) -> ft.Control:
    """Why the draft cannot be played as it is, right above the letters (under them it was below a phone's first
    screen: 936 px down on a 390x844 phone): final (the engine's `draft_verdict`) in the error colour with what to
    do, else that the word is not finished yet. It keeps its place (hidden while there is nothing to say)."""
    refused = (seen or {}).get("refused")
    if not refused:
        return ft.Text("", key="refusal", size=16, visible=False)
    final = seen["final"]
    text = ctx.t("nab_it.view.refused_final" if final else "nab_it.view.refused_unfinished",
                 why=words.error(ctx.lang, refused))
    return ft.Text(text, key="refusal", size=16, weight=ft.FontWeight.W_600 if final else None,
                   color=ft.Colors.ERROR if final else ft.Colors.ON_SURFACE_VARIANT)


def preview_panel(ctx: GameContext, state: dict, player: str, tiles: list[dict],
                  seen: dict | None = None) -> ft.Control:
    """The words the draft (some tiles placed) would form or change with the list's verdict (`seen`: the engine's
    `draft_verdict`, asked here when not given); a refusal is said above the letters (`refusal_line`)."""
    seen = seen or game.draft_verdict(state, player, tiles)
    if seen["refused"]:
        return ft.Column(visible=False)
    rows = [ft.Text(ctx.t("nab_it.view.words_formed"), size=16, weight=ft.FontWeight.W_600)]
    for word in seen["words"]:
        rows.append(ft.Row(spacing=6, controls=[
            ft.Icon(ft.Icons.CHECK_CIRCLE if word["known"] else ft.Icons.HELP, size=20, apply_text_scaling=True,
                    color=ft.Colors.GREEN if word["known"] else ft.Colors.ORANGE),
            ft.Text(verdict(ctx, state, word), size=16)]))
    if seen["caps"]:
        rows.append(ft.Text(ctx.t("nab_it.view.caps", count=len(seen["caps"])), size=16, color=ft.Colors.PRIMARY))
    return ft.Column(spacing=4, controls=rows)


def turn_panel(ctx: GameContext, state: dict, player: str, held: list[ft.Control] = ()) -> ft.Control:
    """The turn player's board beside (on a laptop) or above the letters, preview, Play and Swap, and under them
    `held`: the last play's panel (its words and challenges) and the table's calls, where there are any.

    Ruling [tablet]: the last play's challenges follow the turn's buttons, in the letters' column. Under the board,
    at 1024x768, they were below the screen's foot, so a table that wanted to challenge the word just played
    scrolled away from the next player's letters, or did not see that it could.

    Ruling: no heading names whose turn it is; the next-step line leading the screen does ("Next: Ann — play
    letter tiles", then "Ann's turn" right under it on a 390x844 phone said the name twice), and a seated phone's
    status line."""
    draft = draft_of(ctx, state, player)

    def tap(row: int, col: int) -> None:
        """Choose a cell; a cell with a draft tile gives it back."""
        kept = [t for t in draft["tiles"] if (t["row"], t["col"]) != (row, col)]
        if len(kept) != len(draft["tiles"]):
            draft.update(tiles=kept, at=None, dropped=[])
            draft["under"].pop(game.key(row, col), None)
        else:
            draft["at"] = [row, col]
        ctx.refresh()

    cols, beside = board_cols(ctx, state)
    return ft.Column(spacing=8, controls=[
        on_board(board_view(ctx, state, draft["tiles"], tap, draft["at"]), [], cols,
                 ft.Column(col=beside, spacing=8, controls=[*keys_panel(ctx, state, player, draft), *held]),
                 zoom_bar(ctx)),
    ])


def keys_panel(ctx: GameContext, state: dict, player: str, draft: dict) -> list[ft.Control]:
    """What to tap next (said once), why the draft cannot be played yet, the letters, Play, take back, Swap, and the
    words the draft forms.

    Ruling: the words come under the buttons, so Play stays where it was as tiles are placed (above them, the words
    pushed it below a 1024x768 tablet's screen at the first tile). The buttons' words are short ("Take back",
    "Swap & pass"; "收回", "换牌并过") so the row stays one line in a portrait tablet's 440 px column (with "Take the
    tiles back" and "… swaps their hand" Swap wrapped to a second row).
    Ruling: Swap says that it passes the turn too: the game has no pass (the engine's module notes), and a player
    who could not play looked for one. It names nobody, as Play does not: the line leading the screen names the
    turn's player, and "爸爸 swaps and passes" (English measured 138 px of text) wrapped to a second row."""

    def send() -> None:
        """Send the play."""
        if ctx.dispatch({"type": "play", "by": player, "tiles": list(draft["tiles"])}, at=f"turn-{player}"):
            draft.update(tiles=[], under={}, at=None, blank=False, dropped=[])
            handed_on(ctx)

    def swap() -> None:
        """Swap the hand instead of playing."""
        if ctx.dispatch({"type": "swap", "by": player}, at=f"turn-{player}"):
            handed_on(ctx)

    def clear() -> None:
        """Take back every draft tile."""
        draft.update(tiles=[], under={}, at=None, blank=False, dropped=[])
        ctx.refresh()

    at = draft["at"]
    top, left, _, _ = window(state["board"])
    hint = (ctx.t("nab_it.view.chosen_cell", row=at[0] - top + 1, col=at[1] - left + 1) if at
            else ctx.t("nab_it.view.tap_cell"))
    seen = game.draft_verdict(state, player, draft["tiles"]) if draft["tiles"] else None
    controls: list[ft.Control] = [dropped_notice(ctx, state, draft),
                                  ft.Text(hint, size=16, key=ft.ScrollKey(f"cell-{player}")),
                                  *(said(ctx, f"cell-{player}") if at is None else []),  # while no cell is chosen
                                  refusal_line(ctx, seen), letter_picker(ctx, state, player, draft)]
    controls.append(ft.Row(wrap=True, controls=[
        ft.FilledButton(content=ctx.t("nab_it.view.play"), icon=ft.Icons.CHECK, disabled=not draft["tiles"],
                        on_click=lambda e: send()),
        ft.OutlinedButton(content=ctx.t("nab_it.view.clear"), icon=ft.Icons.CLEAR, disabled=not draft["tiles"],
                          on_click=lambda e: clear()),
        ft.OutlinedButton(content=ctx.t("nab_it.view.swap"), icon=ft.Icons.SWAP_HORIZ,
                          on_click=lambda e: swap()),
    ], key=ft.ScrollKey(f"turn-{player}")))
    preview = [preview_panel(ctx, state, player, draft["tiles"], seen)] if seen else []
    return controls + said(ctx, f"turn-{player}") + preview


def handed_on(ctx: GameContext) -> None:
    """After a turn sent on a shared screen, the tablet goes to the next player: the page turns (`turn_page`), so
    it opens from its top, on the line naming their turn. Ruling [tablet]: it kept its scroll, down at Play, and
    the next player met the letters, that line 222 px above a 768x1024 screen (a seated phone keeps its place)."""
    if ctx.seat is None:
        ctx.turn_page()


def vote_settled(ctx: GameContext) -> None:
    """When the vote on a challenged word is settled since this screen last drew it, the turn goes on (to the next
    player, or back to the one whose play was taken back) from the screen's top, as after Play and Swap
    (`handed_on`). Ruling [tablet]: the screen kept its scroll, about 266 px down at the vote's buttons on a
    1024x768 tablet, and the line naming the next turn was off the top."""
    was, now = ctx.local.get("_nab_phase"), ctx.state["phase"]
    ctx.local["_nab_phase"] = now
    if was == "vote" and now != "vote":
        handed_on(ctx)


def cover_mark(state: dict, player: str) -> list:
    """What a lifted cover holds for: the player's turn, until a challenge is judged or takes a play back (the
    tablet has gone round for the vote, and a play taken back gives the turn number back)."""
    return [player, state["turn_no"], len(state["judged"]), state["taken_back"] is not None]


def covered_turn(ctx: GameContext, player: str) -> ft.Control | None:
    """When the app deals, the turn player's hand stays covered on a shared screen until they lift the cover (None:
    uncovered; a seated phone shows its own hand at once)."""
    if ctx.state["options"]["deal"] != "app" or ctx.seat is not None or \
            ctx.local.get("shown") == cover_mark(ctx.state, player):
        return None

    def show() -> None:
        """The named player holds the phone: show their tiles."""
        ctx.local["shown"] = cover_mark(ctx.state, player)
        ctx.turn_page()
        ctx.refresh()

    return ft.Container(padding=20, bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12, content=ft.Column(
        horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Text(ctx.t("app.private.pass_to", name=player), size=20, weight=ft.FontWeight.BOLD),
            ft.FilledButton(content=ctx.t("app.private.show", name=player), icon=ft.Icons.VISIBILITY,
                            on_click=lambda e: show())]))


# ---------------------------------------------------------------------------------------------------------
# What the prompt offers besides the turn


def turn_elsewhere(ctx: GameContext, state: dict, player: str, held: list[ft.Control]) -> ft.Control:
    """The turn on a screen that does not play as its player: that they play on their own phone, and the board
    with `held` (the last play's challenges) beside it (`beside_board`)."""
    return ft.Column(spacing=8, controls=[
        on_board(board_view(ctx, state), [elsewhere(ctx, player)], *beside_board(ctx, state, held),
                 tools=zoom_bar(ctx))])


def beside_board(ctx: GameContext, state: dict, controls: list[ft.Control]) -> tuple[dict | None, ft.Control | None]:
    """The board's columns and the column beside it holding `controls` (a vote, the last play's challenges): beside
    the board on a landscape tablet, under it on a phone; the whole board's columns where there is nothing to hold.

    Ruling [tablet]: under the board, a 1024x768 tablet showed the vote's ballots 912 px down and a third player's
    challenges 830 px down: the table scrolled at every play, or voted unseen."""
    if not controls:
        return None, None
    cols, beside = board_cols(ctx, state)
    return cols, ft.Column(col=beside, key="beside", spacing=12, controls=controls)


def own_letters(ctx: GameContext, state: dict) -> ft.Control:
    """A seated phone's own letters while it is not placing them, when the app deals: to plan with during the
    others' turns and votes (its hand was shown on its own turn only; the rest of the time it read "B — hand 5,
    bag 19"). It keeps its place, hidden on other screens and while the phone places its tiles."""
    placing = state["phase"] == "turn" and state["turn"] == ctx.seat
    hand = state["hands"].get(ctx.seat) if ctx.seat in ctx.players and state["options"]["deal"] == "app" else None
    shown = isinstance(hand, list) and bool(hand) and not placing
    return ft.Text(ctx.t("nab_it.view.own_letters", letters=" ".join(map(str, hand))) if shown else "",
                   key="own-letters", size=16, weight=ft.FontWeight.W_600, visible=shown)


def last_play(ctx: GameContext, state: dict, offers: list[dict]) -> ft.Control | None:
    """The last play's words with their verdicts, rulings so far, and a challenge button per challenger (of those
    this screen makes) and word, keyed by both (a second quick tap on a challenge reaches a button gone, not the
    next word's, which had moved into its place).

    Ruling [tablet]: the buttons keep half of Material's padding (`CHALLENGE_SIDE`), so two English ones share a
    row of the letters' column at 1024x768: each had a row of its own there ("Ben challenges KIT" and "Ben
    challenges ASK" 4 px too wide for one), and two challengers of a play of two words filled four rows, past the
    screen's foot."""
    pending = state["pending"]
    if pending is None:
        return None
    rows: list[ft.Control] = [ft.Text(ctx.t("nab_it.view.last_play", name=pending["player"]), size=16,
                                      weight=ft.FontWeight.W_600)]
    for word in pending["words"]:
        rows.append(ft.Text(verdict(ctx, state, word), size=16))
    for judged in state["judged"]:
        rows.append(aside(ctx.lang, ctx.t("nab_it.view.house_word" if judged.get("house") else "nab_it.view.stands",
                                          word=judged["word"]), size=16))
        rows += ballot_rows(ctx, judged, listed=not judged.get("house"))
    buttons = [ft.OutlinedButton(content=ctx.t("nab_it.view.challenge", name=o["by"], word=c["word"]),
                                 icon=ft.Icons.GAVEL, key=f"challenge:{o['by']}:{c['word']}",
                                 style=tap_style(icon=True, side=CHALLENGE_SIDE),
                                 on_click=lambda e, by=o["by"], w=c["word"]: ctx.dispatch(
                                     {"type": "challenge", "by": by, "word": w}, at="challenges"))
               for o in offer_here(ctx, "challenge", offers) for c in o["choices"]]
    if buttons:
        rows.append(ft.Row(wrap=True, spacing=6, controls=buttons))
    # a refused challenge is said under the buttons, or at the panel's foot once they are gone (a vote opened)
    return ft.Container(padding=10, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=8,
                        key=ft.ScrollKey("challenges"),
                        content=ft.Column(spacing=4, controls=[*rows, *said(ctx, "challenges")]))


def verdict(ctx: GameContext, state: dict, word: dict) -> str:
    """A word of a play with the list's verdict, or the table's where it ruled the word out."""
    if word["known"]:
        return ctx.t("nab_it.view.word_known", word=word["text"])
    key = "nab_it.view.word_ruled_out" if word["text"] in state["ruled_out"] else "nab_it.view.word_unknown"
    return ctx.t(key, word=word["text"])


def challenge_vote(ctx: GameContext, state: dict) -> ft.Control:
    """The open challenge: the list's verdict, and the table's vote on keeping the word (accepting it as a house
    word, when the list does not have it)."""
    challenge = state["challenge"]
    listed = challenge["listed"]
    return ft.Column(spacing=8, controls=[
        ft.Text(ctx.t("nab_it.view.in_list" if listed else "nab_it.view.not_in_list", word=challenge["word"],
                      name=challenge["by"]), size=16),
        vote_panel(ctx, ctx.shown()["challenge"]["vote"],
                   lambda voter, yes: ctx.dispatch({"type": "vote", "by": voter, "yes": yes}, at=ballot_at(voter)),
                   ctx.t("nab_it.view.keep_question" if listed else "nab_it.view.vote_question",
                         word=challenge["word"]))])


def table_calls(ctx: GameContext, state: dict, offers: list[dict], kinds: tuple = ("announce", "forgot", "end"),
                at: str = "calls") -> ft.Control | None:
    """Announcing the last tile, catching a forgotten announcement, and the table's end, those of `kinds` this screen
    makes, a refusal said under them (`at`); None where it makes none and has nothing refused to say.
    A forgotten announcement is called once per player caught: as the table where this screen acts for it, else as
    the phone's own seat (anyone at the table may catch it). Each button is keyed by what it calls (a second quick
    tap on "A forgot" reaches a button gone, not "C forgot")."""
    buttons: list[ft.Control] = []
    made = [o for kind in kinds for o in offer_here(ctx, kind, offers)]
    catchers = [o["by"] for o in made if o["type"] == "forgot"]
    catcher = TABLE if TABLE in catchers else next(iter(catchers), None)
    for offer in made:
        if offer["type"] == "announce":
            buttons.append(ft.OutlinedButton(content=ctx.t("nab_it.view.announce", name=offer["by"]),
                                             icon=ft.Icons.CAMPAIGN, key=f"announce:{offer['by']}",
                                             on_click=lambda e, p=offer["by"]: ctx.dispatch(
                                                 {"type": "announce", "by": p}, at=at)))
        elif offer["type"] == "forgot" and offer["by"] == catcher:
            buttons += [ft.OutlinedButton(content=ctx.t("nab_it.view.forgot", name=c["player"]),
                                          icon=ft.Icons.VOLUME_OFF, key=f"forgot:{c['player']}",
                                          on_click=lambda e, p=c["player"], by=catcher: ctx.dispatch(
                                              {"type": "forgot", "by": by, "player": p}, at=at))
                        for c in offer["choices"]]
        elif offer["type"] == "end":
            key = "nab_it.view.end_last" if state["phase"] == "last" else "nab_it.view.end_blocked"
            buttons.append(ft.OutlinedButton(content=words.whole_line(ctx.lang, ctx.t(key)), icon=ft.Icons.FLAG,
                                             key="end",
                                             on_click=lambda e: ctx.dispatch({"type": "end", "by": TABLE}, at=at)))
    refused = said(ctx, at)
    if not buttons and not refused:
        return None
    row = ft.Row(wrap=True, spacing=6, controls=buttons, key=ft.ScrollKey(at))
    return ft.Column(spacing=4, controls=[row, *refused]) if refused else row


# ---------------------------------------------------------------------------------------------------------
# The view


def ballot_rows(ctx: GameContext, decided: dict, listed: bool) -> list[ft.Control]:
    """A decided challenge's revealed ballots, and on a tie the rule that settled it: the word list's verdict
    (`listed`: the list has the word). A 2–2 tie read only "ZOX 不成立" under two ballots each way."""
    if not decided.get("ballots"):
        return []
    rows = [ft.Text(ballots_line(ctx, decided["ballots"]), size=15)]
    if decided.get("tie"):
        half = len(decided["ballots"]) // 2
        rows.append(ft.Text(ctx.t("nab_it.view.tie_listed" if listed else "nab_it.view.tie_unlisted",
                                  yes=half, no=half, word=decided["word"]), size=15))
    return rows


def build(ctx: GameContext) -> ft.Control:
    """What the table waits for: the turn (or the vote), and beside the board (under it on a phone) the last play to
    challenge and the calls (the last tile, the end); then the legend.

    Ruling [tablet, play-test]: the calls came last, under the legend: at 1024x768 "Ann: last tile!" was about 840
    px down during a turn, and after a last tile the end the table waits for ("The last play stands: end the game",
    which the next step's line names) was below the board and the legend, the screen's foot hiding both. Now they
    come first beside the board, before the last play's challenges (one button or two, where the challenges may be
    many). During the turns "Nobody can play: end the game" stays last, under the legend: a way out, not a move,
    it is not put under Play. A turn covered for its player keeps the calls and the last play under the board."""
    state, offers = ctx.state, ctx.engine.prompt(ctx.state)
    forget_past_turns(ctx)
    vote_settled(ctx)
    notes: list[ft.Control] = []
    taken = state["taken_back"]
    if taken:
        notes.append(ft.Text(ctx.t("nab_it.view.taken_back", name=taken["player"], word=taken["word"]),
                             size=16, color=ft.Colors.ERROR))
        notes += ballot_rows(ctx, taken, listed=False)
    for penalty in state["penalties"][-1:]:
        notes.append(aside(ctx.lang, ctx.t("nab_it.view.penalty", name=penalty["player"]), size=15))
    # The notes keep their place (hidden while there are none) and every phase is one panel with the keyed board
    # in it (`on_board`): the board stays where it was, and Flet sends the squares that changed.
    controls: list[ft.Control] = [ft.Column(spacing=12, controls=notes, visible=bool(notes))]
    pending = last_play(ctx, state, offers)
    ending = state["phase"] == "last"  # the end is what the table waits for; during the turns it is a way out
    calls = table_calls(ctx, state, offers, ("announce", "forgot", "end") if ending else ("announce", "forgot"))
    way_out = None if ending else table_calls(ctx, state, offers, ("end",), "end-call")
    held = [c for c in (calls, pending) if c is not None]  # beside the board, in every phase but a covered turn
    cover = None
    if state["phase"] == "vote":
        controls.append(ft.Column(spacing=12, controls=[on_board(board_view(ctx, state), [], *beside_board(
            ctx, state, [challenge_vote(ctx, state), *held]))]))
    elif state["phase"] == "turn" and not offer_here(ctx, "play", offers):
        controls.append(turn_elsewhere(ctx, state, state["turn"], held))
    elif state["phase"] == "turn":
        player = state["turn"]
        offer_here(ctx, "swap", offers)
        cover = covered_turn(ctx, player)
        seen = ctx.engine.player_view(state, player if cover is None else None)
        controls.append(turn_panel(ctx, seen, player, held) if cover is None else
                        ft.Column(spacing=12, controls=[cover, on_board(board_view(ctx, seen))]))
    else:
        controls.append(ft.Column(spacing=12, controls=[
            ft.Text(ctx.t("nab_it.view.last_tile_played", name=state["last_tile"]), size=18,
                    weight=ft.FontWeight.BOLD),
            on_board(board_view(ctx, state), [], *beside_board(ctx, state, held))]))
    controls.append(own_letters(ctx, state))
    under = cover is not None  # a covered turn: the last play under the board, the calls under the legend
    controls += [*([pending] if under and pending else []), legend(ctx, ctx.engine.player_view(state, None)),
                 *([calls] if under and calls else []), *([way_out] if way_out else [])]
    return ft.Column(controls=controls, spacing=12)


def final(ctx: GameContext) -> ft.Control:
    """Under the end screen: the finished board (as large as in play: the screen's whole width on a landscape
    tablet gave it 67 px cells) and who controls which word."""
    state = ctx.engine.player_view(ctx.state, None)
    return ft.Column(spacing=8, controls=[ft.Text(ctx.t("nab_it.view.final_board"), size=18,
                                                  weight=ft.FontWeight.BOLD),
                                          ft.ResponsiveRow(columns=COLUMNS, controls=[ft.Column(
                                              col=WHOLE_COLS, controls=[board_view(ctx, state, kept=None)])]),
                                          legend(ctx, state)])
