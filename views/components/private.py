"""Private entry ("pass the phone"): one player at a time enters answers the others must not see; the screen
covers itself before the phone is handed on.

Phases (kept in a scratch dict the view passes in, e.g. `ctx.local.setdefault("private", {})`):
cover ("Pass to A", a button "I am A: show") → entry (A's fields, a button "Done: hide") → cover again
for whoever is next. Nothing typed is ever shown on the cover.

On a phone seated in table mode (`ctx.seat` set) there is nobody to hand the phone to: the seat's own entry is
open at once and stays open after "Save", and another seat's part is never shown, not even its cover — only a
line saying where that player enters it (`elsewhere`: on their own phone, on the host's screen when no phone holds
the seat, or that their phone dropped off; the table's part: that the referee or the host enters it) — the hub
never sends this phone another seat's secrets.
Views ask `opened(ctx, slot, player)` instead of reading the slot's phase themselves, and `acts_as(ctx, player)`
whether to offer a player's own moves here (a shared phone: everyone's; a seated phone: its seat's only).

Builder:
    private_entry(ctx, slot, player, prompts, on_submit, secret=False, hints=None, notes=None) -> ft.Control
- `slot`: the scratch dict; `player`: who enters now; `prompts`: one label per answer field;
- `on_submit(answers: list[str]) -> bool`: called with the answers when the player taps done (the view
  dispatches them); when it returns False (refused) the fields come back with the answers for correction;
- `secret`: hide the characters as they are typed too (with a reveal toggle);
- `hints`: optional help text under each field (e.g. what the answer must fit);
- `notes`: optional controls to show right under a field, by the field's index (why a hand was refused, under the
  field it names: a bar at the foot of a phone's screen covered that very field).
    entry_title(ctx, player) -> ft.Control
- the title over a player's fields, for a view that lays out its own form (Knit Wit).
"""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

from scoring.core import TABLE
from views import words
from views.table_hub import AWAY, HOST, PHONE
from views.ui import HELPER_LINES, aside, draft_field, field_sheet

COVER, ENTRY = "cover", "entry"


def seated(ctx: Any) -> str | None:
    """The seat of a phone seated in table mode, or None on a shared phone."""
    return getattr(ctx, "seat", None)


def acts_as(ctx: Any, player: str) -> bool:
    """Whether this screen offers player's own moves (a race button, a ballot): any player's on a shared phone,
    only its own seat's on a seated phone, nobody's on the referee seat's phone and the host's table screen (both
    act as the table only; the server refuses anything else)."""
    seat = seated(ctx)
    return seat is None or seat == player


def opened(ctx: Any, slot: dict, player: str) -> bool:
    """Whether player's private part shows now: on a seated phone exactly when it is the phone's own seat; on a
    shared phone once the named player has lifted the cover."""
    seat = seated(ctx)
    if seat is not None:
        return player == seat
    return slot.get("phase") == ENTRY


def elsewhere(ctx: Any, player: str, move: dict | None = None) -> ft.Control:
    """On a seated phone, in place of another seat's cover or move: where that player makes it, and which move where
    the view names it (`where_said`); not read where it only says who the screen's moves already say it waits on
    (`GameContext.read_once`)."""
    said = where_said(ctx, player, move)
    if player == TABLE or ctx.where.get(player, PHONE) == PHONE:
        return ctx.read_once(aside(ctx.lang, said), waiting=[player])
    return aside(ctx.lang, said)


def awaited(ctx: Any, player: str) -> dict | None:
    """The engine's first prompt entry for player now (the move the table waits on them for first), or None."""
    return next((entry for entry in ctx.engine.prompt(ctx.state) if entry["by"] == player), None)


def where_said(ctx: Any, player: str, move: dict | None = None) -> str:
    """Where player makes their part, as the table stands (`GameContext.where`), and the move (a prompt entry, named
    as the next-step line names it: `words.move_name`) where one is given and named.

    RULING (a player without a phone, session 72): at a table where Mum and Dad play on the host's laptop and the
    others on their phones, the phones said "Mum enters this on her own phone" while Mum had none. A seat no phone
    holds plays on the host's screen, and is said so; a seat whose phone dropped off is said so, with where to
    play meanwhile; a seat on its phone enters it there. The table's move: the referee or the host makes it on
    their screen (said under Splitter's player buttons while the table rolls, read to a play-tester as the host
    filling in the player's sheet; the move itself is named by the status line above).
    RULING (what the player is doing, seen in 简体中文 at 390x844): while 小红 ruled on a card read out, a third
    phone said only "小红 在自己的手机上操作" (acts on her own phone); a view that gives the move the engine's prompt
    waits on (`awaited`) has it named: "小红 在自己的手机上裁定答案" / "Ann will rule on the answer on their own
    phone" (a dropped-off phone's line keeps where to play meanwhile).
    RULING (the host's own screen, play-test session 77): on the host's table screen itself, "Lily plays on the
    host's screen" stood over her kingdom with nothing to tap (the host's table screen acts for the table only);
    there it names the button to her session screen, where her moves are."""
    if player == TABLE:
        return ctx.t("app.private.referee_enters")
    where = ctx.where.get(player, PHONE)
    if where == HOST and getattr(ctx, "host", False):
        return ctx.t("app.private.host_session", name=player, button=ctx.t("table.open_session"))
    named = move and words.move_name(ctx.lang, ctx.engine.game.id, move["type"], move.get("step"))
    if named and where in (HOST, PHONE):
        return ctx.t("app.private.host_screen_move" if where == HOST else "app.private.own_phone_move", name=player,
                     move=named)
    key = {HOST: "app.private.host_screen", AWAY: "app.private.phone_away"}.get(where, "app.private.own_phone")
    return ctx.t(key, name=player)


def entry_title(ctx: Any, player: str) -> ft.Control:
    """The title over a player's private fields ("Ann, enter your answers (nobody else looking)"), its short last
    word kept with the one before."""
    return ft.Text(words.no_orphan(ctx.t("app.private.entering", name=player)), size=18, weight=ft.FontWeight.BOLD)


def done_label(ctx: Any) -> str:
    """The button that hands a private entry in: "Done: hide" on a shared phone, "Save" on the seat's own."""
    return ctx.t("app.private.save" if seated(ctx) is not None else "app.private.done")


def done_button(ctx: Any, done: Callable[[], Any]) -> ft.Control:
    """The button under a private entry that hands it in (`done_label`)."""
    return ft.FilledButton(content=done_label(ctx), icon=ft.Icons.VISIBILITY_OFF, on_click=lambda e: done())


def private_entry(ctx: Any, slot: dict, player: str, prompts: list[str], on_submit: Callable[[list[str]], bool],
                  secret: bool = False, hints: list[str] | None = None,
                  notes: dict[int, list[ft.Control]] | None = None) -> ft.Control:
    """The cover or the entry form of the player who holds the phone (notes under the fields they belong to)."""
    if slot.get("player") != player:
        slot.clear()
        slot.update(player=player, phase=COVER, answers=[""] * len(prompts))
    if not opened(ctx, slot, player):
        return cover(ctx, slot, player)
    return entry_form(ctx, slot, player, prompts, on_submit, secret, hints, notes)


def cover(ctx: Any, slot: dict, player: str, move: dict | None = None) -> ft.Control:
    """The screen to hand over: nobody's answers, one button for the named player (on a seated phone: only the
    line that the player enters it on their own phone, naming the move where one is given: `where_said`); the
    card takes the width of the column it is put in."""
    if seated(ctx) is not None:
        return elsewhere(ctx, player, move)

    def show() -> None:
        """The named player has the device: show their fields."""
        slot["phase"] = ENTRY
        ctx.turn_page()
        ctx.refresh()

    return ft.Container(padding=24, bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12,
                        alignment=ft.Alignment.TOP_CENTER, content=ft.Column(
        horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Icon(ft.Icons.PERSON, size=48),
            ft.Text(ctx.t("app.private.pass_to", name=player), size=22, weight=ft.FontWeight.BOLD,
                    text_align=ft.TextAlign.CENTER),
            ft.FilledButton(content=ctx.t("app.private.show", name=player), icon=ft.Icons.VISIBILITY,
                            on_click=lambda e: show()),
        ]))


def entry_form(ctx: Any, slot: dict, player: str, prompts: list[str], on_submit: Callable[[list[str]], bool],
               secret: bool, hints: list[str] | None = None,
               notes: dict[int, list[ft.Control]] | None = None) -> ft.Control:
    """The player's fields, each with its notes under it, and a done button that hides them again."""
    answers = slot["answers"]

    def done() -> None:
        """Hand the answers over and cover the screen; uncover them again if they are refused."""
        given = list(answers)
        slot.update(phase=COVER, answers=[""] * len(prompts))
        if on_submit(given):
            ctx.turn_page()
        else:
            slot.update(phase=ENTRY, answers=given)
        ctx.refresh()

    fields = [
        draft_field(slot, i, answers[i], label=prompt, password=secret, can_reveal_password=secret, text_size=18,
                    helper=hints[i] if hints else None, helper_max_lines=HELPER_LINES,
                    on_change=lambda e, i=i: answers.__setitem__(i, e.control.value))
        for i, prompt in enumerate(prompts)
    ]
    lines = [line for i, field in enumerate(fields) for line in (field, *(notes or {}).get(i, []))]
    return field_sheet([entry_title(ctx, player), *lines], [done_button(ctx, done)])
