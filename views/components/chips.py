"""Chip counter: an amount changed in steps of the chip unit (−5 units, −1 unit, +1 unit, +5 units), never below
the minimum or above the maximum.

The amount being chosen is view scratch (e.g. a bet before it is placed); the payment itself is an action
checked by `scoring.mechanics.ledger`.

Builder:
    chip_counter(ctx, value, unit, on_change, minimum=0, maximum=None, label=None) -> ft.Control
- `value`: the amount shown; `unit`: the chip unit; `on_change(new_value)`: called with the new amount after a
  step (the view keeps it, e.g. in `ctx.local`, and re-renders or dispatches); `label`: what the amount is for.
`step(value, delta, unit, minimum, maximum)` is the arithmetic (clamped), usable on its own.
"""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

STEPS = (-5, -1, 1, 5)


def step(value: int, delta: int, unit: int, minimum: int = 0, maximum: int | None = None) -> int:
    """value moved by delta units, kept within [minimum, maximum]."""
    moved = value + delta * unit
    if maximum is not None:
        moved = min(moved, maximum)
    return max(minimum, moved)


def chip_counter(ctx: Any, value: int, unit: int, on_change: Callable[[int], Any], minimum: int = 0,
                 maximum: int | None = None, label: str | None = None) -> ft.Control:
    """The amount in big digits between step buttons."""

    def button(delta: int) -> ft.Control:
        """One step button, disabled where it would change nothing."""
        target = step(value, delta, unit, minimum, maximum)
        key = "app.chips.more" if delta > 0 else "app.chips.less"
        return ft.OutlinedButton(content=ctx.t(key, amount=abs(delta) * unit), disabled=target == value,
                                 on_click=lambda e: on_change(target))

    controls: list[ft.Control] = [ft.Text(label, size=16)] if label else []
    controls.append(ft.Row(wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
        button(STEPS[0]), button(STEPS[1]),
        ft.Text(ctx.t("app.chips.amount", amount=value), size=32, weight=ft.FontWeight.BOLD),
        button(STEPS[2]), button(STEPS[3]),
    ]))
    return ft.Column(controls=controls, spacing=4)
