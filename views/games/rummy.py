"""Rummy view: for each player tap the cards of their melds, their lay-offs and the hand they were left with
(rank + suit), mark whether the stock ran out, send the round; the rounds so far with running totals.

The draft lives in `ctx.local["rummy"]`: who is being entered, which pile the taps go to ("hand", "laid_off"
or a meld's index), the suit being tapped, every player's melds / lay-offs / hand, and the stock-out flag.
The engine checks melds, lay-offs and that no card is used twice; the view only collects.
"""

from __future__ import annotations

import flet as ft

from validators.cards import RUMMY_RANKS, RUMMY_SUITS
from views.components.cards import card_buttons, choice_row, pile, points_table
from views.context import GameContext

RANK_NAMES = list(RUMMY_RANKS)


def new_line() -> dict:
    """An empty draft line."""
    return {"melds": [], "laid_off": [], "hand": []}


def draft_of(ctx: GameContext) -> dict:
    """The draft round, with a line for every player and someone selected."""
    draft = ctx.local.setdefault("rummy", {"who": ctx.players[0], "into": "hand", "suit": RUMMY_SUITS[0],
                                           "lines": {}, "stock_out": False})
    for name in ctx.players:
        draft["lines"].setdefault(name, new_line())
    if draft["who"] not in ctx.players:
        draft["who"] = ctx.players[0]
    return draft


def summary(ctx: GameContext, line: dict) -> str:
    """A player's draft line in one line of text."""
    melds = [" ".join(m) for m in line["melds"] if m]
    return ctx.t("rummy.view.summary", melds=" | ".join(melds) or "—", laid_off=" ".join(line["laid_off"]) or "—",
                 hand=" ".join(line["hand"]) or "—")


def build(ctx: GameContext) -> ft.Control:
    """Players, the card picker for the selected one, stock-out, send, and the rounds table."""
    draft = draft_of(ctx)
    return ft.Column(spacing=12, controls=[
        ft.Text(ctx.t("rummy.view.enter", round=len(ctx.state["rounds"]) + 1), size=18, weight=ft.FontWeight.BOLD),
        players_panel(ctx, draft),
        editor(ctx, draft),
        send_row(ctx, draft),
        points_table(ctx, [{n: r["scores"][n]["points"] for n in ctx.players} for r in ctx.state["rounds"]],
                     ctx.engine.totals(ctx.state)),
    ])


def players_panel(ctx: GameContext, draft: dict) -> ft.Control:
    """One row per player: a button to enter their cards and what is entered so far."""

    def choose(name: str) -> None:
        """Enter this player's cards (into their hand first)."""
        draft.update(who=name, into="hand")
        ctx.refresh()

    return ft.Column(spacing=6, controls=[
        ft.Row(vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            (ft.FilledButton if name == draft["who"] else ft.OutlinedButton)(
                content=name, width=110, height=44, on_click=lambda e, n=name: choose(n)),
            ft.Text(summary(ctx, draft["lines"][name]), size=13, expand=True),
        ])
        for name in ctx.players
    ])


def editor(ctx: GameContext, draft: dict) -> ft.Control:
    """Where the taps go, the suit, the rank buttons and the selected player's piles."""
    name = draft["who"]
    line = draft["lines"][name]

    def update(**fields) -> None:
        """Change the draft and show it again."""
        draft.update(fields)
        ctx.refresh()

    def new_meld() -> None:
        """Start another meld and tap into it."""
        line["melds"].append([])
        update(into=len(line["melds"]) - 1)

    def pick(code: str) -> None:
        """Add a card to the pile being tapped."""
        target = draft["into"]
        if isinstance(target, int):
            line["melds"][target].append(code)
        else:
            line[target].append(code)
        ctx.refresh()

    def remover(target):
        """A handler taking a card back out of one pile (an emptied meld goes away)."""

        def remove(index: int) -> None:
            """Remove the card at index."""
            cards = line["melds"][target] if isinstance(target, int) else line[target]
            del cards[index]
            if isinstance(target, int) and not cards:
                del line["melds"][target]
                draft["into"] = "hand"
            ctx.refresh()

        return remove

    targets = [(i, ctx.t("rummy.view.meld", number=i + 1)) for i in range(len(line["melds"]))]
    targets += [("laid_off", ctx.t("rummy.view.laid_off")), ("hand", ctx.t("rummy.view.hand"))]
    suit = draft["suit"]
    controls: list[ft.Control] = [
        ft.Text(ctx.t("rummy.view.cards_of", name=name), size=16, weight=ft.FontWeight.BOLD),
        ft.Row(wrap=True, controls=[
            choice_row(targets, draft["into"], lambda t: update(into=t)),
            ft.OutlinedButton(content=ctx.t("rummy.view.new_meld"), icon=ft.Icons.ADD, height=48,
                              on_click=lambda e: new_meld()),
        ]),
        choice_row([(s, ctx.t(f"rummy.view.suit.{s}")) for s in RUMMY_SUITS], suit, lambda s: update(suit=s)),
        card_buttons([(f"{r}{suit}", f"{r}{suit}") for r in RANK_NAMES], pick),
    ]
    for target, title in targets:
        cards = line["melds"][target] if isinstance(target, int) else line[target]
        heading = ctx.t("rummy.view.tapping", pile=title) if target == draft["into"] else title
        controls += [ft.Text(heading, weight=ft.FontWeight.W_600),
                     pile(ctx, cards, remover(target), "rummy.view.pile_empty")]
    return ft.Container(padding=10, border_radius=10, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                        content=ft.Column(spacing=8, controls=controls))


def send_row(ctx: GameContext, draft: dict) -> ft.Control:
    """The stock-out switch and the add-round button."""

    def send() -> None:
        """Send every line; start a fresh draft once the round is accepted."""
        lines = {n: {"melds": [m for m in draft["lines"][n]["melds"] if m], "laid_off": draft["lines"][n]["laid_off"],
                     "hand": draft["lines"][n]["hand"]} for n in ctx.players}
        if ctx.dispatch({"type": "round", "by": "table", "lines": lines, "stock_out": draft["stock_out"]}):
            draft.update(lines={n: new_line() for n in ctx.players}, stock_out=False, who=ctx.players[0],
                         into="hand")

    return ft.Column(spacing=6, controls=[
        ft.Switch(label=ctx.t("rummy.view.stock_out"), value=draft["stock_out"],
                  on_change=lambda e: draft.update(stock_out=bool(e.control.value))),
        ft.FilledButton(content=ctx.t("rummy.view.add_round"), icon=ft.Icons.ADD, on_click=lambda e: send()),
    ])
