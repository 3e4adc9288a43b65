"""Score pad view: a number field per player, "add round", the rounds so far, and "finish".

Half-typed scores live in `ctx.local["score_pad"]["fields"]` so a language switch or another phone's action does
not wipe them. An empty or unreadable field is sent as it is: the engine refuses it and the frame says why.
Tapping a past round in the table opens it in the fields for a correction (`views.games.round_edit`); undoing a
round hands its points back to the fields. A new round is sent with its number (`round`), so a form typed for a
round completed meanwhile from the players' lines is refused, not recorded as the next round.

Players' own lines [ruling, this view's]: a player's own phone in table mode (which does not enter whole rounds,
`round_edit.enters`) shows the rounds, that each player gives their own points there and the referee or the host
may also enter the whole round, and a field for the seat's own points this round with "give my points" (a `line`;
given again, the later one counts; the field keeps what was given until the next round, also when the host undoes
it); the round is recorded once every player has given theirs.
While lines wait, every screen says who gave what and who is still to give; the table's form offers to fill its
empty fields from them. A shared phone (passed around) enters whole rounds only: no per-player line there.
"""

from __future__ import annotations

import flet as ft

from views import focus, words
from views.components.offers import offer_here
from views.components.refusal import said
from views.context import GameContext
from views.games import round_edit
from views.ui import aside, draft_field, label_above

KEYS = ("fields",)
FIELD = 150  # a round field's width: two side by side on a 390 px phone


def entry(text: str) -> int | str:
    """A typed score as a whole number where it reads as one, else the text as typed (the engine judges)."""
    try:
        return words.whole_number(text)
    except ValueError:
        return text


def scores_of(fields: dict) -> dict:
    """Typed fields as the round sends them: each score as `entry` reads it, blank fields left out (so "5" typed
    again as "05" is the same round: `round_edit.refused_unchanged`)."""
    return {name: entry(text) for name, text in fields.items() if (text or "").strip()}


def entries_of(scores: dict) -> dict:
    """A round's points as the fields hold them."""
    return {"fields": {name: str(points) for name, points in scores.items()}}


def draft_of(ctx: GameContext) -> dict:
    """The draft round (typed fields, the past round open for correction), the undone round handed back."""
    draft = ctx.local.setdefault("score_pad", {"fields": {}, "editing": None})
    empty = not any((v or "").strip() for v in draft["fields"].values())
    round_edit.hand_back(ctx, draft, KEYS, empty, "round", lambda a: entries_of(a.get("scores") or {}))
    return draft


def final(ctx: GameContext) -> ft.Control:
    """The end screen's rounds table (the one the table watched all game: each round's points and the totals), read
    only; the end screen had only each player's breakdown and the chart."""
    return rounds_table(ctx, draft_of(ctx))


def rounds_table(ctx: GameContext, draft: dict) -> ft.Control:
    """Every round's points and the totals (or that there are none yet); tapping a round opens it for a
    correction."""

    def open_round(number: int) -> None:
        """Open a past round's points in the fields."""
        round_edit.open_round(draft, KEYS, number, entries_of(ctx.state["scores"][number - 1]))
        ctx.refresh()

    rounds = ctx.state["scores"]
    return round_edit.rounds_table(ctx, draft, rounds, ctx.engine.totals(ctx.state), open_round) if rounds \
        else aside(ctx.lang, ctx.t("app.score_pad.no_rounds"))


def build(ctx: GameContext) -> ft.Control:
    """Fields for this round's points, the add-round and finish buttons (where the screen enters rounds), and the
    table of rounds."""
    draft = draft_of(ctx)
    typed: dict = draft["fields"]
    rounds = ctx.state["scores"]
    table = rounds_table(ctx, draft)
    waiting = round_edit.lines_waiting(ctx, {n: str(words.signed(points)) for n, points in ctx.state["lines"].items()})
    if not round_edit.enters(ctx):
        own = own_line(ctx, draft)
        heading = round_edit.own_heading(ctx, len(rounds) + 1, own, "score_pad.view.own_or_referee")
        return ft.Column(spacing=12, controls=[*round_edit.own_screen(ctx, heading, own, waiting), table])

    def add_round() -> None:
        """Send the round (or the correction); clear the fields once it is accepted."""
        if round_edit.refused_unchanged(ctx, draft, lambda key, value: scores_of(value) if key == "fields" else value):
            return
        scores = scores_of({name: typed.get(name) for name in ctx.players})
        if round_edit.send(ctx, draft, KEYS, round_edit.action(ctx, draft, "round", {"scores": scores})):
            if round_edit.editing(draft) is None:
                typed.clear()
            round_edit.close(draft)

    fields = [
        label_above(name, round_edit.first_entry(ctx, draft_field(
            draft, name, typed.get(name, ""), keyboard_type=ft.KeyboardType.NUMBER, width=FIELD, text_size=20,
            on_change=lambda e, n=name: typed.__setitem__(n, e.control.value),
            on_submit=lambda e: add_round()), None if n == 0 else f"points-{name}"), helps=False)
        for n, name in enumerate(ctx.players)
    ]
    buttons = round_edit.save_buttons(ctx, draft, "round", ctx.t("app.score_pad.add_round"), add_round)
    if round_edit.editing(draft) is None:
        unsent = {n: typed[n] for n in ctx.players if (typed.get(n) or "").strip()}
        buttons.append(round_edit.finish_button(ctx, draft, unsent))
    pending = ctx.state["lines"]
    if pending and round_edit.editing(draft) is None and any(not (typed.get(n) or "").strip() for n in pending):
        buttons.append(ft.OutlinedButton(content=ctx.t("score_pad.view.fill_from_lines"), icon=ft.Icons.DOWNLOAD,
                                         on_click=lambda e: fill_from_lines(ctx, typed)))
    return ft.Column(spacing=12, controls=[
        round_edit.heading(ctx, draft, ctx.t("app.score_pad.enter", round=len(rounds) + 1)),
        *ends(ctx),
        waiting,
        ft.Row(controls=fields, wrap=True, spacing=16),
        ft.Row(wrap=True, controls=buttons),
        *said(ctx, "finish"),
        table,
    ])


def ends(ctx: GameContext) -> list[ft.Control]:
    """When the game ends, as the engine words it (`ScorePad.end_rule`), above the round's fields: the table
    entering rounds saw it nowhere; nothing where neither a target nor a round limit is set. A Chinese
    line breaks only after a pause mark (`words.whole_line`): "…总分最低" / "者获胜" was seen on a 390 px phone."""
    rule = ctx.engine.end_rule(ctx.state)
    return [ft.Text(words.whole_line(ctx.lang, ctx.t(rule[0], **rule[1])))] if rule else []


def fill_from_lines(ctx: GameContext, typed: dict) -> None:
    """Fill the table's empty fields from the points players gave on their phones."""
    for name, points in ctx.state["lines"].items():
        if not (typed.get(name) or "").strip():
            typed[name] = str(points)
    ctx.refresh()


def own_line(ctx: GameContext, draft: dict) -> list[ft.Control]:
    """On a player's own phone: a field for the seat's points this round and "give my points" (a `line`); once
    given, what was given (it may be given again until the round is recorded; the field keeps it,
    `round_edit.keep_own`)."""
    seat = ctx.seat
    if seat not in ctx.players or not offer_here(ctx, "line"):
        return []
    number = round_edit.keep_own(ctx, draft, "own", "", "score", str)

    def give() -> None:
        """Send the seat's points for this round (the field keeps them until the next round)."""
        ctx.dispatch({"type": "line", "by": seat, "round": number, "score": entry(draft.get("own", ""))}, at="give")

    field = focus.keep(ctx.page, "own-points", draft_field(
        draft, "own", draft.get("own", ""), label=ctx.t("score_pad.view.own"), keyboard_type=ft.KeyboardType.NUMBER,
        width=160, text_size=20, on_change=lambda e: draft.__setitem__("own", e.control.value),
        on_submit=lambda e: give()))
    given = ctx.state["lines"].get(seat)
    controls: list[ft.Control] = [ft.Row(wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER,
                                         key=round_edit.own_key(number), controls=[
        field, ft.FilledButton(content=ctx.t("score_pad.view.give" if given is None else "score_pad.view.give_again"),
                               icon=ft.Icons.SEND, key=ft.ScrollKey("give"), on_click=lambda e: give())]),
        *said(ctx, "give")]
    if given is not None:
        controls.insert(0, ft.Text(ctx.t("score_pad.view.you_gave", score=given), size=16, weight=ft.FontWeight.W_600))
    return controls
