"""Score pad view: a number field per player, "add round", the rounds so far, and "finish".

Half-typed scores live in `ctx.local` so a language switch or another phone's action does not wipe them.
An empty or unreadable field is sent as it is: the engine refuses it and the frame says why.
"""

from __future__ import annotations

import flet as ft

from views.components.cards import recent
from views.context import GameContext


def entry(text: str) -> int | str:
    """A typed score as a whole number where it reads as one, else the text as typed (the engine judges)."""
    try:
        return int(text.strip().replace("−", "-"))
    except ValueError:
        return text


def build(ctx: GameContext) -> ft.Control:
    """Fields for this round's points, the add-round and finish buttons, and the table of rounds."""
    draft: dict = ctx.local.setdefault("draft", {})

    def add_round() -> None:
        """Send the round; clear the fields once it is accepted."""
        scores = {name: entry(draft[name]) for name in ctx.players if (draft.get(name) or "").strip()}
        if ctx.dispatch({"type": "round", "by": "table", "scores": scores}):
            draft.clear()

    fields = [
        ft.TextField(label=name, value=draft.get(name, ""), keyboard_type=ft.KeyboardType.NUMBER, width=150,
                     text_size=20, on_change=lambda e, n=name: draft.__setitem__(n, e.control.value),
                     on_submit=lambda e: add_round())
        for name in ctx.players
    ]
    return ft.Column(spacing=12, controls=[
        ft.Text(ctx.t("app.score_pad.enter", round=ctx.state["round"]), size=18, weight=ft.FontWeight.BOLD),
        ft.Row(controls=fields, wrap=True),
        ft.Row(wrap=True, controls=[
            ft.FilledButton(content=ctx.t("app.score_pad.add_round"), icon=ft.Icons.ADD,
                            on_click=lambda e: add_round()),
            ft.OutlinedButton(content=ctx.t("app.score_pad.finish"), icon=ft.Icons.FLAG,
                              on_click=lambda e: ctx.dispatch({"type": "finish", "by": "table"})),
        ]),
        rounds_table(ctx),
    ])


def rounds_table(ctx: GameContext) -> ft.Control:
    """The rounds' points, one column per player (the newest ones, with "show all" for a long game)."""
    rows = ctx.state["scores"]
    if not rows:
        return ft.Text(ctx.t("app.score_pad.no_rounds"), italic=True)
    first, more = recent(ctx, len(rows), "rounds")
    table = ft.DataTable(
        columns=[ft.DataColumn(label=ft.Text(ctx.t("app.score_pad.round_column")))]
        + [ft.DataColumn(label=ft.Text(name), numeric=True) for name in ctx.players],
        rows=[ft.DataRow(key=f"round-{i}", cells=[ft.DataCell(ft.Text(str(i + 1)))]
                         + [ft.DataCell(ft.Text(str(rows[i][name]))) for name in ctx.players])
              for i in range(first, len(rows))],
    )
    wide = ft.Row(controls=[table], scroll=ft.ScrollMode.AUTO)
    return ft.Column(controls=[wide, more], spacing=4) if more else wide
