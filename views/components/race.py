"""Race buttons (bonus-button / bonus-tile race): one button per player showing the reward a claim takes now;
a claimant is locked and shows what they took; a player who stops shows that.

The race is game state (`scoring.mechanics.race`); claims are ordered as the server receives them, so with
several phones the first tap wins.

Builder:
    race_buttons(ctx, race, on_claim, on_decline=None, title=None) -> ft.Control
- `race`: a race dict from `scoring.mechanics.race.new_race`; `on_claim(player)`: called when a player's button
  is tapped (the view dispatches the claim); `on_decline(player)`: if given, each unlocked player also gets a
  "stop" button; `title`: optional heading.
Claim buttons are large (full width, 72 px high, big text). Where the frame offers `ctx.pin` the panel is shown
above the scrolling screen, so the buttons stay in reach while the rest scrolls; it returns an empty placeholder
in the view's own tree then.
"""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

from scoring.mechanics import race as mech
from views.ui import text_style


def race_buttons(ctx: Any, race: dict, on_claim: Callable[[str], Any],
                 on_decline: Callable[[str], Any] | None = None, title: str | None = None) -> ft.Control:
    """One row per player: claim the top reward, or what they took / that they stopped."""
    over = mech.is_over(race)
    panel = race_panel(ctx, race, on_claim, on_decline, title)
    pin = getattr(ctx, "pin", None)
    if pin is not None and not over:
        pin(panel)
        return ft.Container()
    return panel


def race_panel(ctx: Any, race: dict, on_claim: Callable[[str], Any], on_decline: Callable[[str], Any] | None,
               title: str | None) -> ft.Control:
    """The race's rows: a big claim button per unlocked player, what each locked player took."""
    over = mech.is_over(race)
    left = mech.remaining(race)
    rows: list[ft.Control] = [ft.Text(title, size=18, weight=ft.FontWeight.BOLD)] if title else []
    rows.append(ft.Text(ctx.t("app.race.left", rewards=left) if left else ctx.t("app.race.none_left")))
    for player in race["players"]:
        reward = mech.reward_of(race, player)
        if reward is not None:
            rows.append(ft.Row(controls=[ft.Icon(ft.Icons.LOCK), ft.Text(ctx.t("app.race.took", name=player,
                                                                              reward=reward), size=18)]))
        elif player in mech.declined(race):
            rows.append(ft.Row(controls=[ft.Icon(ft.Icons.LOCK), ft.Text(ctx.t("app.race.stopped", name=player),
                                                                         size=18)]))
        elif over:
            rows.append(ft.Text(ctx.t("app.race.missed", name=player), size=18))
        else:
            controls: list[ft.Control] = [ft.FilledButton(
                content=ctx.t("app.race.claim", name=player, reward=left[0]), height=72,
                style=ft.ButtonStyle(text_style=text_style(size=20, weight=ft.FontWeight.BOLD)), expand=True, on_click=lambda e, p=player: on_claim(p))]
            if on_decline:
                controls.append(ft.OutlinedButton(content=ctx.t("app.race.stop", name=player),
                                                  on_click=lambda e, p=player: on_decline(p)))
            rows.append(ft.Row(controls=controls))
    if over:
        rows.append(ft.Text(ctx.t("app.race.over"), weight=ft.FontWeight.BOLD))
    return ft.Column(controls=rows, spacing=8)
