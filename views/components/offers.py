"""What a screen offers: a game view shows a control only for a move the engine's prompt offers now and this
screen makes, and tells the context it does (`GameContext.offer`), so a seated phone's generic moves panel
(`views.table.moves_and_view`) never offers the same move a second time: one move is offered once on a screen,
and a phone shows nothing its seat cannot make (the server would refuse it).

    makes(ctx, by) -> bool
- the table's moves where the screen acts for the table (`ctx.for_table`: the shared screen, the referee seat's
  phone, the referee player's), a player's where it acts as that player (`views.components.private.acts_as`:
  any player's on a shared screen, only the seat's own on a seated phone).

    offer_here(ctx, kind, prompt=None) -> list[dict]
- the prompt entries of one move type this screen makes (who, and its choices), each offered to the context;
  `prompt`: the engine's prompt of `ctx.state` when the view already has it (else it is asked).
"""

from __future__ import annotations

from typing import Any

from scoring.core import TABLE
from views.components.private import acts_as
from views.ui import choice_row


def makes(ctx: Any, by: str) -> bool:
    """Whether this screen makes by's moves: the table's where it acts for the table, a player's where it acts as
    that player."""
    return ctx.for_table if by == TABLE else acts_as(ctx, by)


def offer_here(ctx: Any, kind: str, prompt: list[dict] | None = None) -> list[dict]:
    """The prompt entries of move kind that this screen makes, each offered to the context (the view shows its own
    control for them, so a seated phone's moves panel leaves them out)."""
    entries = [e for e in (ctx.engine.prompt(ctx.state) if prompt is None else prompt)
               if e["type"] == kind and makes(ctx, e["by"])]
    for entry in entries:
        ctx.offer(entry["by"], kind)
    return entries


def way_in(ctx: Any, prompt: list[dict], player: str, ways: tuple[str, str], words: str) -> tuple[str, list[Any]]:
    """How a player's sheet or kingdom is entered: step by step (`ways[0]`) or painted whole (`ways[1]`), offered
    only while the engine's prompt offers this screen's player a `layout`, the choice each player's own
    (`ctx.local["modes"]`); the way and the switch to show (none when painting is not offered)."""
    if not makes(ctx, player) or not any(e["type"] == "layout" and e["by"] == player for e in prompt):
        return ways[0], []
    mode = ctx.local.get("modes", {}).get(player, ways[0])

    def set_mode(value: str) -> None:
        """Switch this player's way in."""
        ctx.local.setdefault("modes", {})[player] = value
        ctx.refresh()

    return mode, [choice_row([(value, ctx.t(f"{words}.{value}")) for value in ways], mode, set_mode)]
