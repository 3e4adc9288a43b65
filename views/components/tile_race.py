"""Bonus-tile race panel (Pictomania's "stop"): each player's claim tile with their stop button under it, in one
band, so the pinned race takes a row of tiles instead of a row of buttons per player.

Builder:
    tile_race(ctx, race, on_claim, on_stop, title, claim_text, stop_text, moves=()) -> ft.Control
- `race`: a race dict from `scoring.mechanics.race.new_race`; `on_claim(player)`: an async function awaited when a
  player's claim tile is tapped (the view dispatches with `ctx.dispatch_soon`, as `views.components.race` does);
  `on_stop(player)`: the player stops without a tile; `title`: the heading, on one line with the rewards left;
  `claim_text(reward)` and `stop_text`: the game's words on a tile ("claim 3") and its stop button ("stop"), so the
  panel holds no game's messages; `moves`: the move types the buttons send, offered to the context (`ctx.offer`)
  for every player given a button.
Whose buttons a screen shows, the status words, what a slower phone is told and the pinning follow
`views.components.race` (whose `racers`, `status`, `race_claim`, `answer_late` and `player_row` this panel uses):
pinned above the scrolling screen (`ctx.pin`) while it holds a button this screen can tap, in place otherwise.

Layout (ours): a screen acting for several players (the shared screen) gives each player a slot, up to four a row on
a phone (five or six players: three a row, two rows), all in one row from a tablet's width: a claim tile 56 px high
(the name, then "claim 3") over a 40 px stop button. The tile grows with its words where a phone's text is set
larger (at a fixed 56 px, Chrome's 1.5× text cut "claim 3" in half); a name drawn partly in the emoji or symbol font
leaves it as high as the others (`name_line`). A player who took a tile or stopped keeps the slot, locked, with what
they did, so no button moves while the others race; the locked slot is as high as a racing one at every text size
(its size comes from a claim tile hidden under it, `slot_size`), so nothing below moves when a row's last player
claims. Who claimed first, when a claim that arrived first took the tile a player's tap on this screen was for,
is said under the slots, one line each ("The bonus tile 4 was already taken by Cy: Dee got the 3", as the big buttons
say it under a row), not in the slot, whose size stays that of a racing one. Its lock stays 18 px at every text
size (the grey slot says it is locked as well): one growing with the text would push a status wrapped to three
lines at 1.5× text past the slot's bottom (about 131 px of content in 122). On
a 390×844 phone four players' race takes 130 px (heading to stop buttons), where a row per player took 375.
A screen acting for one player (a seated phone) has `views.components.race`'s row for it (the claim and stop
buttons side by side, labelled in full: "Ann: claim 3"), and every other player in one status line.
"""

from __future__ import annotations

import math
from typing import Any, Awaitable, Callable

import flet as ft

from scoring.mechanics import race as mech
from views.components.private import acts_as
from views.components.race import (answer_late, beaten, button_key, claim_at, note_race, player_row, race_claim,
                                   racers, rewards_left, status, status_line)
from views.components.refusal import said

STOP_HEIGHT = 40
TILE_PAD = 4.5  # above and below a claim tile's two lines (47 px at the usual text size): 56 px
PER_ROW = 4
LINE_SIZER = "A"  # a letter of the app's own font, unpainted: what sets the height of a claim tile's name line
TILE_STYLE = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=4, vertical=TILE_PAD),
                            shape=ft.RoundedRectangleBorder(radius=12))


def tile_race(ctx: Any, race: dict, on_claim: Callable[[str], Awaitable[Any]], on_stop: Callable[[str], Any],
              title: str, claim_text: Callable[[int], str], stop_text: str,
              moves: tuple[str, ...] = ()) -> ft.Control:
    """The race panel, pinned while it holds a button this screen can tap; its moves offered to the context."""
    note_race(ctx, race)
    racing = racers(ctx, race)
    for player in racing:
        for kind in moves:
            ctx.offer(player, kind)
    panel = tile_panel(ctx, race, on_claim, on_stop, title, claim_text, stop_text)
    pin = getattr(ctx, "pin", None)
    if pin is not None and racing:
        pin(panel)
        return ft.Container()
    return panel


def tile_panel(ctx: Any, race: dict, on_claim: Callable[[str], Awaitable[Any]], on_stop: Callable[[str], Any],
               title: str, claim_text: Callable[[int], str], stop_text: str) -> ft.Control:
    """The heading and rewards left on one line, the slots of the players this screen acts as (under them, for each
    whose tap a claim that arrived first beat, who claimed first: `views.components.race.beaten`), the others in
    one status line."""
    left = mech.remaining(race)
    rows: list[ft.Control] = [ft.Row(wrap=True, spacing=8, run_spacing=0, controls=[
        ft.Text(title, size=16, weight=ft.FontWeight.BOLD),
        ft.Text(rewards_left(ctx, left))])]
    mine = [p for p in race["players"] if acts_as(ctx, p)]
    others = [p for p in race["players"] if p not in mine]
    if len(mine) == 1:
        rows.append(player_row(ctx, race, mine[0], on_claim, on_stop))
    elif mine:
        rows.append(ft.ResponsiveRow(spacing=8, run_spacing=8, controls=[
            slot(ctx, race, p, on_claim, on_stop, claim_text, stop_text, slot_cols(len(mine))) for p in mine]))
        rows += [line for p in mine for line in beaten(ctx, race, p)]
    if others:
        rows.append(ft.Text(status_line(ctx, race, others)))
    if mech.is_over(race):
        rows.append(ft.Text(ctx.t("app.race.over"), weight=ft.FontWeight.BOLD))
    return ft.Column(controls=rows, spacing=6)


def slot_cols(count: int) -> dict[str, int]:
    """A slot's share of the 12 columns of a row: up to four a row on a phone (five or six players: three), every
    player in one row from a tablet's width ("md") up."""
    per_phone_row = count if count <= PER_ROW else math.ceil(count / 2)
    return {"xs": 12 // per_phone_row, "md": max(2, 12 // count)}


def slot(ctx: Any, race: dict, player: str, on_claim: Callable[[str], Awaitable[Any]], on_stop: Callable[[str], Any],
         claim_text: Callable[[int], str], stop_text: str, cols: dict[str, int]) -> ft.Control:
    """One player's place in the rows: the claim tile over the stop button, or, once locked, what they did."""
    if not racing_now(race, player):
        hidden = slot_size(player, claim_text(next(iter(mech.remaining(race)), 0)))
        return ft.Stack(col=cols, controls=[hidden, ft.Container(
            left=0, top=0, right=0, bottom=0, padding=6, border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, content=ft.Column(spacing=2, controls=[
                ft.Icon(ft.Icons.LOCK, size=18), ft.Text(status(ctx, race, player), size=13)]))])
    return ft.Column(col=cols, spacing=4, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                     controls=[claim_tile(ctx, race, player, on_claim, claim_text),
                               stop_button(ctx, race, player, on_stop, stop_text), *said(ctx, claim_at(race, player))])


def slot_size(player: str, words: str) -> ft.Control:
    """What gives a locked slot its size, hidden under it: the player's claim tile as it would stand now (no button
    to a screen reader: its semantics are left out), the gap and the stop button's height, so the slot is as high
    as a racing one at every text size (fixed at 100 px, it stood 22 px short of one at 1.5x text, and the rows
    below moved up when a row's last player claimed)."""
    return ft.Semantics(exclude_semantics=True, content=ft.Column(spacing=4, controls=[
        ft.FilledButton(style=TILE_STYLE, content=tile_lines(player, words)), ft.Container(height=STOP_HEIGHT)]))


def tile_lines(name: str, words: str, label: str = "") -> ft.Column:
    """A claim tile's two lines: the name (read as `label`, `name_line`), then the game's words for the reward."""
    return ft.Column(spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
        name_line(name, label), ft.Text(words, size=16, no_wrap=True, semantics_label="")])


def name_line(name: str, label: str) -> ft.Control:
    """The name's line, as high as a line of the app's own font at the phone's text size whatever the name holds:
    its height comes from an unpainted LINE_SIZER, the name drawn centred over it. A symbol drawn from another font
    made its line taller (a ♥ or an emoji: tiles of 56, 57 and 59 px side by side on a 390 px phone)."""
    bold = {"size": 16, "weight": ft.FontWeight.BOLD}
    return ft.Row(spacing=0, controls=[ft.Stack(expand=True, clip_behavior=ft.ClipBehavior.NONE, controls=[
        ft.Text(LINE_SIZER, **bold, color=ft.Colors.TRANSPARENT, semantics_label=""),
        ft.Container(left=0, top=0, right=0, bottom=0, alignment=ft.Alignment.CENTER, content=ft.Text(
            name, **bold, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS, semantics_label=label))])])


def racing_now(race: dict, player: str) -> bool:
    """Whether player still has a claim to make: not locked and rewards left."""
    return not mech.is_over(race) and not mech.is_locked(race, player)


def claim_tile(ctx: Any, race: dict, player: str, on_claim: Callable[[str], Awaitable[Any]],
               claim_text: Callable[[int], str]) -> ft.Control:
    """The big claim button: the name over the game's words for the reward ("claim 3"), named in full for a screen
    reader ("Ann: claim 3")."""
    reward = mech.remaining(race)[0]
    tile = ft.FilledButton(style=TILE_STYLE, on_click=race_claim(ctx, race, on_claim, player), content=tile_lines(
        player, claim_text(reward), ctx.t("app.race.claim", name=player, reward=reward)),
        key=ft.ScrollKey(claim_at(race, player)))
    answer_late(ctx, tile, player, race)
    return tile


def stop_button(ctx: Any, race: dict, player: str, on_stop: Callable[[str], Any],
                stop_text: str) -> ft.OutlinedButton:
    """The player stops without a tile; the game's words on screen ("stop"), named "Ann: stop"; a late tap on it is
    answered in the race's words (`answer_late`)."""
    button = ft.OutlinedButton(height=STOP_HEIGHT, style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=4)),
                               on_click=lambda e: on_stop(player), key=button_key(race, player, "stop"),
                               content=ft.Text(stop_text, no_wrap=True,
                                               semantics_label=ctx.t("app.race.stop", name=player)))
    answer_late(ctx, button, player, race)
    return button
