"""Vote panel: a yes/no pair per voter, the tie rule in words, the count and the result.

The vote is game state (`scoring.mechanics.vote`); every ballot is an action, so the log shows who voted how.

Builder:
    vote_panel(ctx, vote, on_cast, question=None) -> ft.Control
- `vote`: a vote dict from `scoring.mechanics.vote.new_vote`; `on_cast(voter, yes)`: called when a voter taps
  yes or no (the view dispatches the ballot); `question`: the text put to the vote.
A voter who has voted shows their ballot; once every voter has voted (or the vote was closed) the result shows.
"""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

from scoring.mechanics import vote as mech


def vote_panel(ctx: Any, vote: dict, on_cast: Callable[[str, bool], Any], question: str | None = None
               ) -> ft.Control:
    """Yes/no per voter, tie rule, tally and outcome."""
    ballots = {who: yes for who, yes in vote["ballots"]}
    decided = mech.is_decided(vote)
    rows: list[ft.Control] = [ft.Text(question, size=18, weight=ft.FontWeight.BOLD)] if question else []
    rows.append(ft.Text(ctx.t("app.vote.tie_yes" if vote["tie"] == "yes" else "app.vote.tie_no"), italic=True))
    for voter in vote["voters"]:
        if voter in ballots:
            rows.append(ft.Text(ctx.t("app.vote.voted_yes" if ballots[voter] else "app.vote.voted_no",
                                      name=voter), size=18))
        elif decided:
            rows.append(ft.Text(ctx.t("app.vote.no_ballot", name=voter), size=18))
        else:
            rows.append(ft.Row(wrap=True, controls=[
                ft.FilledButton(content=ctx.t("app.vote.yes", name=voter), icon=ft.Icons.THUMB_UP,
                                on_click=lambda e, v=voter: on_cast(v, True)),
                ft.OutlinedButton(content=ctx.t("app.vote.no", name=voter), icon=ft.Icons.THUMB_DOWN,
                                  on_click=lambda e, v=voter: on_cast(v, False)),
            ]))
    count = mech.tally(vote)
    rows.append(ft.Text(ctx.t("app.vote.tally", yes=count["yes"], no=count["no"])))
    result = mech.outcome(vote)
    if result is not None:
        rows.append(ft.Text(ctx.t("app.vote.carried" if result else "app.vote.failed"), size=20,
                            weight=ft.FontWeight.BOLD))
    return ft.Column(controls=rows, spacing=8)
