"""Action log: every action of a session with its time, who took it, and what it did in words — the record a
referee reads in a dispute.

Builders: `describe(lang, engine, action) -> str` (an action in words, via `engine.describe` and the tables);
`log_panel(lang, engine, record) -> ft.Control` (newest first, numbered in play order).
"""

from __future__ import annotations

from typing import Any

import flet as ft

from scoring.core import TABLE
from views import words


def describe(lang: str, engine: Any, action: dict) -> str:
    """What an action did, in words."""
    key, params = engine.describe(action)
    return words.say(lang, key, **params)


def who(lang: str, action: dict) -> str:
    """Who took the action ("the table" for table rulings)."""
    by = action.get("by", TABLE)
    return words.say(lang, "app.table") if by == TABLE else str(by)


def log_panel(lang: str, engine: Any, record: dict) -> ft.Control:
    """Every action, newest first: number, time, who, what."""
    actions = record["actions"]
    rows = [
        ft.Text(words.say(lang, "app.log_entry", number=i + 1, time=words.clock(a.get("at", "")), who=who(lang, a),
                          what=describe(lang, engine, a)), size=14)
        for i, a in reversed(list(enumerate(actions)))
    ]
    return ft.ExpansionTile(
        title=ft.Text(words.say(lang, "app.log", count=len(actions)), size=18, weight=ft.FontWeight.BOLD),
        expanded=True,
        controls=[ft.Container(alignment=ft.Alignment.TOP_LEFT, content=ft.Column(
            spacing=4, controls=rows or [ft.Text(words.say(lang, "app.log_empty"), italic=True)]))],
        controls_padding=ft.Padding.only(left=8, bottom=8),
        expanded_cross_axis_alignment=ft.CrossAxisAlignment.START,
    )
