"""Settings of this phone: language (简体中文 / English, switchable at any time), sound on/off, theme
(System / Light / Dark: a phone that never chose one follows its system's, `storage.prefs`), and whether messages
stay until closed (`views.app.App.show_message`).

They are kept in the phone's browser storage (see `views.app`), so one phone's choice never changes another's:
a seated phone in table mode may open this screen (`/settings?from=<route>`, the back arrow returns there)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import flet as ft

from views import drawn, words
from views.ui import labelled, tap_radio
from views.rules import query_of

ROUTE = "/settings"
THEMES = ("system", "light", "dark")  # in the order Settings offers them


@drawn.screen
def Settings(app: Any, chosen: Any) -> ft.Control:
    """The settings screen component."""
    from views.app import frame

    title, body, back = build(app)
    return frame(app, title, body, back)


def link(back: str) -> str:
    """The settings screen's route, its back arrow returning to back (kept as it is when back is settings)."""
    return back if back.split("?")[0] == ROUTE else f"{ROUTE}?{urlencode({'from': back})}"


def choices(app: Any, key: str, values: tuple[str, ...]) -> ft.Control:
    """One radio button per value of the phone's setting key (labelled `app.<key>.<value>`; the language's
    `app.language.<code>`), the phone's value chosen."""
    name = "language" if key == "lang" else key
    return ft.RadioGroup(
        value=app.lang if key == "lang" else app.settings.get(key),
        on_change=lambda e: app.set_setting(key, e.control.value),
        content=ft.Column(spacing=0, controls=[
            tap_radio(value, app.t(f"app.{name}.{value}"), lambda value: app.set_setting(key, value))
            for value in values]),
    )


def build(app: Any) -> tuple[str, ft.Control, str]:
    """The settings screen."""
    body = ft.Column(spacing=16, controls=[
        ft.Text(app.t("app.language"), size=18, weight=ft.FontWeight.BOLD),
        choices(app, "lang", words.LANGUAGES),
        ft.Text(app.t("app.sound"), size=18, weight=ft.FontWeight.BOLD),
        labelled(ft.Switch(value=bool(app.settings.get("sound", True))), app.t("app.sound_on"),
                 lambda on: app.set_setting("sound", on)),
        ft.Text(app.t("app.theme"), size=18, weight=ft.FontWeight.BOLD),
        choices(app, "theme", THEMES),
        ft.Text(app.t("app.messages"), size=18, weight=ft.FontWeight.BOLD),
        labelled(ft.Switch(value=bool(app.settings.get("keep_messages"))), app.t("app.keep_messages"),
                 lambda on: app.set_setting("keep_messages", on)),
    ])
    back = query_of(app.page.route).get("from", "")
    return app.t("app.settings"), body, back if back.startswith("/") else "/"
