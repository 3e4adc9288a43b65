"""Vote panel: a yes/no pair per voter, the tie rule in words, the count and the result.

The vote is game state (`scoring.mechanics.vote`); every ballot is an action, so the log shows who voted how.

Builders:
    vote_panel(ctx, vote, on_cast, question=None, moves=("vote",)) -> ft.Control
    offer_ballots(ctx, vote, moves=("vote",)) -> list[str]
    ballots_line(ctx, ballots) -> str
- `vote`: the vote as this screen may show it — sealed (`scoring.mechanics.vote.sealed`, through the engine's
  `player_view`): until the last ballot a ballot not shown is None; `on_cast(voter, yes)`: called when a voter
  taps yes or no (the view dispatches the ballot); `question`: the text put to the vote; `moves`: the move types
  a ballot is (every game using the panel names its ballot `vote`).
A voter's yes and no are the same kind of button [ruling]: a filled yes beside an outlined no looked like a yes
already chosen, or the answer the app suggests. Until the vote is decided the panel says ballots stay hidden,
shows who has voted (and how only where the vote shows it), and no count; a seated phone offers yes/no to its own
seat only, pinned with the question above its scrolling screen where the frame pins (`ctx.pin`, as a race button
is): in place, below the spool's answers, a phone's own vote was found by no one at a play-test's table. Once
every voter has voted (or the vote was closed) every ballot, the count and the result show together.
`ballots_line` puts revealed ballots (e.g. a verdict's) in one line. A view sending a ballot with
`at=ballot_at(voter)` has its refusal said under that voter's yes and no (`views.components.refusal`).
One move is offered once on a screen: for every voter given yes/no the panel tells the context it offers that
voter's ballot (`ctx.offer`), so a seated phone's generic moves panel does not offer the same ballot again
(`views.table.moves_and_view`). A view that shows the panel only later (Knit Wit's, once the explanation is over)
calls `offer_ballots` meanwhile: the ballot is the panel's to offer, not the moves panel's.
"""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

from scoring.mechanics import vote as mech
from views import words
from views.components.private import acts_as, seated
from views.components.refusal import said
from views.ui import aside


def vote_panel(ctx: Any, vote: dict, on_cast: Callable[[str, bool], Any], question: str | None = None,
               moves: tuple[str, ...] = ("vote",)) -> ft.Control:
    """Yes/no per voter, tie rule; the ballots, tally and outcome once decided; the ballots offered to the
    context."""
    ballots = {who: yes for who, yes in vote["ballots"]}
    decided = mech.is_decided(vote)
    casting = offer_ballots(ctx, vote, moves)
    pin = getattr(ctx, "pin", None)
    if pin is not None and casting and seated(ctx) is not None:
        pin(own_ballot(ctx, casting[0], question, on_cast))
        casting = []
    rows: list[ft.Control] = [ft.Text(question, size=18, weight=ft.FontWeight.BOLD)] if question else []
    rows.append(aside(ctx.lang, ctx.t("app.vote.tie_yes" if vote["tie"] == "yes" else "app.vote.tie_no")))
    if not decided:
        rows.append(aside(ctx.lang, ctx.t("app.vote.secret")))
    for voter in vote["voters"]:
        if voter in ballots:
            rows.append(ft.Text(ballot_text(ctx, voter, ballots[voter]), size=18))
        elif decided:
            rows.append(ft.Text(ctx.t("app.vote.no_ballot", name=voter), size=18))
        elif voter not in casting:
            rows.append(ft.Text(ctx.t("app.vote.waiting", name=voter), size=18))
        else:
            rows += yes_no(ctx, voter, on_cast)
    result = mech.outcome(vote)
    if result is not None:
        count = mech.tally(vote)
        rows.append(ft.Text(ctx.t("app.vote.tally", yes=count["yes"], no=count["no"])))
        rows.append(ft.Text(ctx.t("app.vote.carried" if result else "app.vote.failed"), size=20,
                            weight=ft.FontWeight.BOLD))
    return ft.Column(controls=rows, spacing=8)


def ballot_at(voter: str) -> str:
    """The scroll key of a voter's yes and no, under which a refused ballot is said (the game sends it with
    `ctx.dispatch(action, at=ballot_at(voter))`: `views.components.refusal`)."""
    return f"ballot-{voter}"


def yes_no(ctx: Any, voter: str, on_cast: Callable[[str, bool], Any]) -> list[ft.Control]:
    """A voter's yes and no buttons, the same kind of button, and under them why a ballot was refused, if it was."""
    return [ft.Row(wrap=True, key=ft.ScrollKey(ballot_at(voter)), controls=[
        ft.OutlinedButton(content=ctx.t("app.vote.yes", name=voter), icon=ft.Icons.THUMB_UP,
                          on_click=lambda e: on_cast(voter, True)),
        ft.OutlinedButton(content=ctx.t("app.vote.no", name=voter), icon=ft.Icons.THUMB_DOWN,
                          on_click=lambda e: on_cast(voter, False)),
    ]), *said(ctx, ballot_at(voter))]


def own_ballot(ctx: Any, voter: str, question: str | None, on_cast: Callable[[str, bool], Any]) -> ft.Control:
    """A seated phone's own ballot to pin above its scrolling screen: the question, then its yes and no."""
    head = [ft.Text(question, size=18, weight=ft.FontWeight.BOLD)] if question else []
    return ft.Column(spacing=8, controls=[*head, *yes_no(ctx, voter, on_cast)])


def offer_ballots(ctx: Any, vote: dict, moves: tuple[str, ...] = ("vote",)) -> list[str]:
    """The voters this screen gives yes/no now (those it acts as who have not voted, while the vote is open),
    each one's ballot offered to the context."""
    if mech.is_decided(vote):
        return []
    cast = {who for who, _ in vote["ballots"]}
    casting = [voter for voter in vote["voters"] if voter not in cast and acts_as(ctx, voter)]
    for voter in casting:
        for kind in moves:
            ctx.offer(voter, kind)
    return casting


def ballot_text(ctx: Any, voter: str, ballot: bool | None) -> str:
    """One cast ballot in words: yes, no, or (sealed) only that the voter has voted."""
    if ballot is None:
        return ctx.t("app.vote.voted_secret", name=voter)
    return ctx.t("app.vote.voted_yes" if ballot else "app.vote.voted_no", name=voter)


def ballots_line(ctx: Any, ballots: list) -> str:
    """Revealed ballots [[voter, yes], ...] in one line, in the voters' order; a wrapped line breaks only after a
    " · ", never inside one ballot ("Bob voted" / "no", "Bob 投了赞" / "成" were seen) nor before the dot."""
    return "\u00a0· ".join(words.whole_name(ballot_text(ctx, voter, ballot)) for voter, ballot in ballots)
