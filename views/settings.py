"""Settings of this phone: language (简体中文 / English, switchable at any time), sound on/off, light/dark theme.

They are kept in the phone's browser storage (see `views.app`), so one phone's choice never changes another's:
a seated phone in table mode may open this screen (`/settings?from=<route>`, the back arrow returns there)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import flet as ft

from views import words
from views.ui import labelled, tap_radio
from views.rules import query_of

ROUTE = "/settings"


@ft.component
def Settings(app: Any, chosen: Any) -> ft.Control:
    """The settings screen component."""
    from views.app import frame

    title, body, back = build(app)
    return frame(app, title, body, back)


def link(back: str) -> str:
    """The settings screen's route, its back arrow returning to back (kept as it is when back is settings)."""
    return back if back.split("?")[0] == ROUTE else f"{ROUTE}?{urlencode({'from': back})}"


def build(app: Any) -> tuple[str, ft.Control, str]:
    """The settings screen."""
    language = ft.RadioGroup(
        value=app.lang,
        on_change=lambda e: app.set_setting("lang", e.control.value),
        content=ft.Column(spacing=0, controls=[
            tap_radio(code, app.t(f"app.language.{code}"), lambda code: app.set_setting("lang", code))
            for code in words.LANGUAGES]),
    )
    body = ft.Column(spacing=16, controls=[
        ft.Text(app.t("app.language"), size=18, weight=ft.FontWeight.BOLD),
        language,
        labelled(ft.Switch(value=bool(app.settings.get("sound", True))), app.t("app.sound"),
                 lambda on: app.set_setting("sound", on)),
        labelled(ft.Switch(value=app.settings.get("theme") == "dark"), app.t("app.dark_theme"),
                 lambda on: app.set_setting("theme", "dark" if on else "light")),
    ])
    back = query_of(app.page.route).get("from", "")
    return app.t("app.settings"), body, back if back.startswith("/") else "/"
