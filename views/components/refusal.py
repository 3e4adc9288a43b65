"""A refusal said under the control that was tapped: one way for every move a view sends from a control of its own.

RULING (the tapped control stays in sight): on a phone a refused move's reason came in the bar at the screen's foot,
which covered the very button tapped and the lines around it (play-test, session 71: Kingdomino's "Discard domino 3"
while it had a place, Solar Storm's Mess Hall swap asking for a card the other player lacks), so the person could
neither read what they had tapped nor tap it again once the cause was fixed. A view that sends a move from a control
keyed `ft.ScrollKey(at)` passes `at` (`GameContext.dispatch(action, at=at)`, or `GameContext.say(err, at)` for a refusal
it knows before sending, as the engine's own check says it); the reason is then said right under that control (`said`),
in the screen's language, with "Why?" to the rule where a rules page covers it, and the screen scrolls to the control,
the reason under it; no bar. It stays said until the log changes (any action, here or on another phone) or another
refusal is said; a control drawn for another move (another domino, another step chosen) has another key and says
nothing; a step taken under the same control after the refusal puts it away (`put_away`: Kingdomino's first half
refused, then another square taken). Nothing typed or chosen is lost: the view's draft is not touched. The round forms
say theirs under their send button the same way (`views.games.round_edit.refusal_line`, `reason`). The reason is a live
region: a screen reader says it as it appears, as it said the bar (session 72: the refusals moved out of the bar were
shown but no longer heard); a move refused again for the same reason is said again, as the bar said it each time (the
line is drawn anew, keyed by how many refusals this tab has said, `told`: the same line kept was not heard again); the
round forms' line is counted the same way.
"""

from __future__ import annotations

import json
import zlib
from typing import TYPE_CHECKING, Any

import flet as ft

from scoring import rulebook
from views import rules, words

if TYPE_CHECKING:
    from views.context import GameContext

SAID = "_said"  # the scratch key of the last refusal said under a control (this tab's only)
TOLD = "_told"  # the scratch key of how many refusals this tab has said (`told`)


def keep(local: dict, key: str, params: dict, at: str, actions: int) -> None:
    """Keep a refusal (message key and parameters) to be said under the control keyed at while the log holds
    `actions` actions; counted, so the same refusal said again is a new line (heard again)."""
    local[SAID] = {"at": at, "key": key, "params": dict(params), "actions": actions, "line": told(local)}


def told(local: dict) -> str:
    """The key of the line of a refusal said now: counted in this tab's scratch, so a refusal said again, the same
    words too, is a new line, which a screen reader says (the same line kept was not heard again)."""
    local[TOLD] = local.get(TOLD, 0) + 1
    return f"refusal-{local[TOLD]}"


def move_key(by: str, kind: str, choice: dict | None) -> str:
    """The short scroll key of a button that sends one move: by's move kind with this choice (None: its form's send
    button); another choice, or the same for another player, is another button. Short, as every key is sent with its
    button: Solar Storm keyed its moves' buttons by the move as JSON, 'play-["discard", "P0", {"card": "data"}]'."""
    return f"move-{zlib.crc32(json.dumps([by, kind, choice], sort_keys=True).encode())}"


def said(ctx: GameContext, *at: str) -> list[ft.Control]:
    """The reason the last refused move was refused, for a view to put right under its control (keyed by one of
    at), while the log is as it was then; else nothing."""
    kept = ctx.local.get(SAID)
    if not kept or kept["at"] not in at or kept["actions"] != ctx.actions:
        return []
    return reason(ctx, kept["key"], kept["params"], kept["line"])


def put_away(ctx: GameContext, at: str) -> None:
    """Stop saying the refusal said under the control keyed at: the step it refused was taken another way there
    (a square refused, then another taken, and the log unchanged in between)."""
    if (ctx.local.get(SAID) or {}).get("at") == at:
        del ctx.local[SAID]


def reason(ctx: GameContext, key: str, params: dict[str, Any], line_key: str) -> list[ft.Control]:
    """A refusal in words, in the error colour, heard as it appears (a live region: a screen reader says it, as it
    said the bar it replaces), and "Why?" to the rule it enforces where a rules page covers it; `line_key` (`told`) keys
    the line (a new key: a new line, heard even where its words are the same)."""
    line = ft.Semantics(live_region=True, key=line_key, content=ft.Text(
        words.no_orphan(ctx.t(key, **params)), color=ft.Colors.ERROR, weight=ft.FontWeight.W_600))
    if rulebook.where(key) is None:
        return [line]
    return [line, ft.TextButton(content=ctx.t("rules.why"), key="refusal-why", on_click=lambda e: why(ctx, key))]


def why(ctx: GameContext, key: str) -> None:
    """Open the rule a refusal enforces, coming back to this screen (as the refusal bar's "Why?" did)."""
    ctx.page.run_task(ctx.page.push_route, rules.why_link(key, ctx.page.route))
