"""Action log: every action of a session with its time, who took it, and what it did in words — the record a
referee reads in a dispute.

Builders: `describe(lang, engine, action) -> str` (an action in words, via `engine.describe` and the tables);
`log_panel(lang, engine, record, on_show_all=None) -> ft.Control` (newest first, numbered in play order): with
`on_show_all` given, only the newest `SHOWN` entries and a "show all" button that calls it (the screen then
passes None), so a long log costs a tap no more than a short one; without it, every entry.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from scoring.core import TABLE
from views import words


SHOWN = 20


def show_all_button(lang: str, count: int, on_show_all: Any) -> ft.Control:
    """A button that asks for every entry of a long list."""
    return ft.TextButton(content=words.say(lang, "app.show_all", count=count), icon=ft.Icons.UNFOLD_MORE,
                         on_click=lambda e: on_show_all())


def describe(lang: str, engine: Any, action: dict) -> str:
    """What an action did, in words."""
    key, params = engine.describe(action)
    return words.say(lang, key, **params)


def who(lang: str, action: dict) -> str:
    """Who took the action ("the table" for table rulings)."""
    by = action.get("by", TABLE)
    return words.say(lang, "app.table") if by == TABLE else str(by)


def log_panel(lang: str, engine: Any, record: dict, on_show_all: Any = None) -> ft.Control:
    """The newest actions first (the newest `SHOWN` with a "show all" button when on_show_all is given): number,
    time, who, what."""
    actions = record["actions"]
    first = 0 if on_show_all is None else max(0, len(actions) - SHOWN)
    rows: list[ft.Control] = [
        ft.Text(words.say(lang, "app.log_entry", number=i + 1, time=words.clock(actions[i].get("at", "")),
                          who=who(lang, actions[i]), what=describe(lang, engine, actions[i])), size=14,
                key=f"log-{i}")
        for i in range(len(actions) - 1, first - 1, -1)
    ]
    if first > 0:
        rows.append(show_all_button(lang, len(actions), on_show_all))
    return ft.ExpansionTile(
        title=ft.Text(words.say(lang, "app.log", count=len(actions)), size=18, weight=ft.FontWeight.BOLD),
        expanded=True,
        controls=[ft.Container(alignment=ft.Alignment.TOP_LEFT, content=ft.Column(
            spacing=4, controls=rows or [ft.Text(words.say(lang, "app.log_empty"), italic=True)]))],
        controls_padding=ft.Padding.only(left=8, bottom=8),
        expanded_cross_axis_alignment=ft.CrossAxisAlignment.START,
    )
