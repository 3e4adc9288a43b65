"""The host gate: what a tab that has not proved it is the host sees (serving the network, see `views.guard`).

It says whose screen this is and takes the host PIN printed when the server started; the join screen for
players (seats, per-phone views) is built beside it by the table mode. The PIN field takes the focus when it is
tapped, like the table PIN, not by itself: with `autofocus` (seen in Chromium, accessibility on, the gate opened
after another screen) Flutter held the focus while the browser did not, so a tap on the field focused nothing and
the PIN typed went nowhere.
The right PIN makes this tab the host at once and then, in a browser, reloads it through a one-time pass
(`HostGuard.host_pass`: `<route>?host=<pass>`), which gives the tab the host's cookie, as the printed link does: the
PIN alone lasts only as long as the tab's session, and a phone away longer than the session timeout
(`views.reconnect`) came back to the gate.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import flet as ft

from views.ui import draft_field

GATE = "host-gate"  # the gate's scratch (`App.local`): the PIN typed so far, this tab's only


def build(app: Any) -> tuple[str, ft.Control, None]:
    """Title, body (explanation and PIN field), no back route. The PIN typed so far is kept in the tab's scratch
    (`draft_field`): built empty, the field lost the digits typed whenever the gate was drawn again (a key typed
    while it was drawn too); the right PIN forgets it."""
    scratch = app.local(GATE)
    pin = draft_field(scratch, "pin", scratch.get("pin", ""), label=app.t("app.host_pin"), password=True,
                      keyboard_type=ft.KeyboardType.NUMBER, max_length=6,
                      on_change=lambda e: scratch.update(pin=e.control.value or ""), on_submit=lambda e: enter())

    def enter() -> None:
        """Check the PIN: the host's screen on success (and the host's cookie, `keep_host`), else say how many tries
        are left."""
        if app.guard.try_pin(app.page, pin.value or ""):
            scratch.clear()
            app.refresh_root()
            keep_host(app)
            return
        left = app.guard.tries_left(app.page)
        app.notify("app.host_pin_wrong" if left else "app.host_pin_locked", {"left": left}, error=True)

    body = ft.Column(spacing=16, controls=[
        ft.Text(app.t("app.host_gate_text"), size=16),
        pin,
        ft.FilledButton(content=app.t("app.host_pin_enter"), icon=ft.Icons.LOCK_OPEN, on_click=lambda e: enter()),
    ])
    return app.t("app.title"), body, None


def pass_link(route: str, given: str) -> str:
    """The address that gives this tab the host's cookie and comes back to route (`views.guard.SameOrigin`); a
    route that is not a path on this server ("//elsewhere/…", "/\\elsewhere/…", a full address: the route is what
    the tab says) comes back to the home screen, so the one-time pass never goes to another site."""
    local = bool(route) and route.startswith("/") and route[1:2] not in ("/", "\\")
    route = route if local else "/"
    return f"{route}{'&' if '?' in route else '?'}{urlencode({'host': given})}"


def keep_host(app: Any) -> None:
    """In a browser, open this route through a one-time pass, so the tab keeps the host's cookie (see above)."""
    given = app.guard.host_pass(app.page)
    if given is None or not app.page.web:
        return
    link = pass_link(app.page.route, given)

    async def reload() -> None:
        """Open the pass link in this tab."""
        await ft.UrlLauncher().launch_url(link, web_only_window_name="_self")

    app.page.run_task(reload)
