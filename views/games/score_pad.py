"""Score pad view: a number field per player, "add round", the rounds so far, and "finish".

Half-typed scores live in `ctx.local["score_pad"]["fields"]` so a language switch or another phone's action does
not wipe them. An empty or unreadable field is sent as it is: the engine refuses it and the frame says why.
Tapping a past round in the table opens it in the fields for a correction (`views.games.round_edit`); undoing a
round hands its points back to the fields. Rounds are the table's: a player's own phone in table mode shows the
rounds and that the referee or the host enters them (`round_edit.enters`).
"""

from __future__ import annotations

import flet as ft

from scoring.core import TABLE
from views.context import GameContext
from views.games import round_edit
from views.ui import aside

KEYS = ("fields",)


def entry(text: str) -> int | str:
    """A typed score as a whole number where it reads as one, else the text as typed (the engine judges)."""
    try:
        return int(text.strip().replace("−", "-"))
    except ValueError:
        return text


def entries_of(scores: dict) -> dict:
    """A round's points as the fields hold them."""
    return {"fields": {name: str(points) for name, points in scores.items()}}


def draft_of(ctx: GameContext) -> dict:
    """The draft round (typed fields, the past round open for correction), the undone round handed back."""
    draft = ctx.local.setdefault("score_pad", {"fields": {}, "editing": None})
    empty = not any((v or "").strip() for v in draft["fields"].values())
    round_edit.hand_back(ctx, draft, KEYS, empty, "round", lambda a: entries_of(a.get("scores") or {}))
    return draft


def build(ctx: GameContext) -> ft.Control:
    """Fields for this round's points, the add-round and finish buttons (where the screen enters rounds), and the
    table of rounds."""
    draft = draft_of(ctx)
    typed: dict = draft["fields"]
    rounds = ctx.state["scores"]

    def open_round(number: int) -> None:
        """Open a past round's points in the fields."""
        round_edit.open_round(draft, KEYS, number, entries_of(ctx.state["scores"][number - 1]))
        ctx.refresh()

    table = round_edit.rounds_table(ctx, draft, rounds, ctx.engine.totals(ctx.state), open_round) if rounds \
        else aside(ctx.lang, ctx.t("app.score_pad.no_rounds"))
    if not round_edit.enters(ctx):
        return ft.Column(spacing=12, controls=[*round_edit.entered_elsewhere(ctx, len(rounds) + 1), table])

    def add_round() -> None:
        """Send the round (or the correction); clear the fields once it is accepted."""
        scores = {name: entry(typed[name]) for name in ctx.players if (typed.get(name) or "").strip()}
        if ctx.dispatch(round_edit.action(draft, "round", {"scores": scores})):
            if round_edit.editing(draft) is None:
                typed.clear()
            round_edit.close(draft)

    fields = [
        ft.TextField(label=name, value=typed.get(name, ""), keyboard_type=ft.KeyboardType.NUMBER, width=150,
                     text_size=20, on_change=lambda e, n=name: typed.__setitem__(n, e.control.value),
                     on_submit=lambda e: add_round())
        for name in ctx.players
    ]
    buttons = round_edit.save_buttons(ctx, draft, "round", ctx.t("app.score_pad.add_round"), add_round)
    if round_edit.editing(draft) is None:
        ctx.offer(TABLE, "finish")
        buttons.append(ft.OutlinedButton(content=ctx.t("app.score_pad.finish"), icon=ft.Icons.FLAG,
                                         on_click=lambda e: ctx.dispatch({"type": "finish", "by": "table"})))
    return ft.Column(spacing=12, controls=[
        round_edit.heading(ctx, draft, ctx.t("app.score_pad.enter", round=len(rounds) + 1)),
        ft.Row(controls=fields, wrap=True),
        ft.Row(wrap=True, controls=buttons),
        table,
    ])
