"""The app shell: one `App` per connected browser tab (Flet session) over the shared store.

The route in the address bar says what is shown (`/`, `/new/<game>`, `/play/<id>`, `/history/<id>`,
`/settings`), and every screen is built from the store, never from memory: reloading the page or restarting the
server shows the same screen with the same state. Several phones may look at one session; after an action the
others are told to re-render.

Who is the host comes from `views.guard.HostGuard`: a tab that is not the host (serving the network, without
the host's link or PIN) sees only the host gate (`views.host_gate`), and changing a setting or deleting a
session is refused to it. An unhandled error in a handler shows a translated message (details in the server's
log, never in the browser) and the screen is rendered again from the store.
"""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

from scoring.core import RuleError

from views import guard, home, host_gate, importer, new_session, session, settings, words
from views.ui import icon_button

FONT = "cjk"
FONT_FILE = "fonts/DroidSansFallbackFull.ttf"
SEED_COLOUR = ft.Colors.TEAL


class App:
    """Routing, settings, messages and the per-tab scratch of one connected page."""

    def __init__(self, page: ft.Page, store: Any, host_guard: guard.HostGuard | None = None,
                 upload_dir: str | None = None):
        self.page = page
        self.store = store
        self.upload_dir = upload_dir
        self.uploading: dict[str, str] = {}
        self.guard = host_guard or guard.HostGuard(required=False)
        self.settings = store.settings()
        self.scratch: dict[str, dict] = {}
        self.renders = 0
        self.shown_route: str | None = None

    @property
    def host(self) -> bool:
        """Whether this tab is the host's (who may open sessions, change settings, delete)."""
        return self.guard.is_host(self.page)

    @property
    def lang(self) -> str:
        """The language chosen in settings."""
        return self.settings.get("lang", "zh-CN")

    def t(self, key: str, **params: Any) -> str:
        """Text of key in the current language."""
        return words.say(self.lang, key, **params)

    def local(self, name: str) -> dict:
        """Scratch that survives re-renders of one screen (e.g. a draft), kept while this tab is open."""
        return self.scratch.setdefault(name, {})

    def start(self) -> None:
        """Set up fonts, theme and event handlers, then show the screen of the current route."""
        page = self.page
        page.fonts = {FONT: FONT_FILE}
        page.theme = ft.Theme(font_family=FONT, color_scheme_seed=SEED_COLOUR)
        page.dark_theme = ft.Theme(font_family=FONT, color_scheme_seed=SEED_COLOUR)
        page.on_route_change = lambda e: self.render()
        page.on_connect = lambda e: self.render()
        page.pubsub.subscribe(self.on_message)
        guard.on_crash(page, self.crashed)
        self.picker = importer.picker(self)
        self.render()

    def go(self, route: str) -> None:
        """Navigate to a route (the address bar follows; the screen is rendered on the route change)."""
        if route == self.page.route:
            self.render()
        else:
            self.page.run_task(self.page.push_route, route)

    def render(self) -> None:
        """Build the screen of the current route from the store and show it (a new screen starts at its top)."""
        self.settings = self.store.settings()
        page = self.page
        page.title = self.t("app.title")
        page.theme_mode = ft.ThemeMode.DARK if self.settings.get("theme") == "dark" else ft.ThemeMode.LIGHT
        title, body, back = self.screen() if self.host else host_gate.build(self)
        page.appbar = ft.AppBar(
            title=ft.Text(title, weight=ft.FontWeight.BOLD),
            leading=icon_button(ft.Icons.ARROW_BACK, self.t("app.back"), lambda e: self.go(back)) if back else None,
            automatically_imply_leading=False,
            actions=[
                ft.TextButton(content=self.t("app.switch_language"), on_click=lambda e: self.toggle_language(),
                              tooltip=self.t("app.switch_language_tip")),
                icon_button(ft.Icons.SETTINGS, self.t("app.settings"), lambda e: self.go("/settings")),
            ] if self.host else [],
        )
        page.scroll = ft.ScrollMode.AUTO
        self.renders += 1
        page.controls = [ft.SafeArea(key=f"screen-{self.renders}",
                                     content=ft.Container(content=body, padding=ft.Padding.symmetric(horizontal=4)))]
        page.update()
        if page.route != self.shown_route:
            self.shown_route = page.route
            page.run_task(page.scroll_to, 0)

    def render_soon(self) -> None:
        """Render once the current event handler has returned (so it can tidy its scratch first)."""
        self.page.loop.call_soon(self.render)

    def screen(self) -> tuple[str, ft.Control, str | None]:
        """The title, body and back route of the current route."""
        parts = [p for p in self.page.route.split("?")[0].strip("/").split("/") if p]
        routes: dict[str, Callable[..., tuple[str, ft.Control, str | None]]] = {
            "new": lambda gid: new_session.build(self, gid),
            "play": lambda sid: session.build(self, sid, read_only=False),
            "history": lambda sid: session.build(self, sid, read_only=True),
        }
        if parts == ["settings"]:
            return settings.build(self)
        if len(parts) == 2 and parts[0] in routes:
            return routes[parts[0]](parts[1])
        return home.build(self)

    def set_setting(self, key: str, value: Any) -> None:
        """Change a setting and show the current screen again in it (state comes from the store); host only."""
        if not self.host:
            self.show_error("app.host_only")
            return
        try:
            self.store.set_setting(key, value)
        except RuleError as err:
            self.show_error(err)
            return
        self.render()

    def toggle_language(self) -> None:
        """Switch between 简体中文 and English."""
        self.set_setting("lang", "en" if self.lang == "zh-CN" else "zh-CN")

    def on_message(self, message: Any) -> None:
        """Another tab changed a session: re-render if this tab shows it."""
        if isinstance(message, tuple) and message[0] == "changed" and message[1] in self.page.route:
            self.render()

    def changed(self, session_id: str) -> None:
        """Tell the other tabs that a session changed."""
        self.page.pubsub.send_others(("changed", session_id))

    def crashed(self) -> None:
        """A handler failed (details are in the server's log): say so, and show the screen from the store."""
        self.notify(self.t("app.crashed"), error=True)
        self.render()

    def notify(self, text: str, error: bool = False) -> None:
        """A short message at the bottom of the screen."""
        colour = ft.Colors.ERROR if error else None
        self.page.show_dialog(ft.SnackBar(content=ft.Text(text, color=ft.Colors.ON_ERROR if error else None),
                                          bgcolor=colour, duration=ft.Duration(seconds=6)))

    def show_error(self, err: Any) -> None:
        """A refusal (RuleError, its dict, or a message key) in words."""
        self.notify(self.t(err) if isinstance(err, str) else words.error(self.lang, err), error=True)

    def alert(self, title: str, message: str) -> None:
        """A dialog that stays until it is dismissed (for errors that must be read)."""
        dialog = ft.AlertDialog(title=ft.Text(title), content=ft.Text(message),
                                actions=[ft.TextButton(content=self.t("app.ok"),
                                                       on_click=lambda e: self.page.pop_dialog())])
        self.page.show_dialog(dialog)

    def confirm(self, title: str, message: str, yes: str, on_yes: Callable[[], None]) -> None:
        """Ask before doing something that cannot be taken back."""

        def answer(ok: bool) -> None:
            """Close the dialog and act on the answer."""
            self.page.pop_dialog()
            if ok:
                on_yes()

        dialog = ft.AlertDialog(
            modal=True, title=ft.Text(title), content=ft.Text(message),
            actions=[ft.TextButton(content=self.t("app.cancel"), on_click=lambda e: answer(False)),
                     ft.FilledButton(content=yes, on_click=lambda e: answer(True))],
        )
        self.page.show_dialog(dialog)


def main_for(store: Any, host_guard: guard.HostGuard | None = None,
             upload_dir: str | None = None) -> Callable[[ft.Page], None]:
    """The Flet entry function for pages served over one store (every tab the host's when no guard is given;
    imports streamed into upload_dir when given)."""
    host_guard = host_guard or guard.HostGuard(required=False)

    def main(page: ft.Page) -> None:
        """Start the shell on a newly connected page."""
        host_guard.admit(page)
        App(page, store, host_guard, upload_dir).start()

    return main
