"""The app shell on Flet's declarative model: one `Root` component per connected tab, rendering the screen of the
route from the store, and `App`, the tab's shell object every screen builder is given.

The route in the address bar says what is shown (`/`, `/new/<game>`, `/play/<id>`, `/history/<id>`,
`/settings`, `/stats`, `/rules[/<page>[/<section>]]`, `/quick/<game>`). Each screen is a component (`home.Home`,
`new_session.NewSession`, `session.Session`, `settings.Settings`) keyed by its route, so Flet diffs a screen
against its previous render and sends only what changed; a new route mounts a new screen (starting at its top). A
session screen takes the tab's `Feed` of that session (`views.live`), so an action applied in any tab re-renders
only the tabs showing that session.

Who is the host comes from `views.guard.HostGuard`: serving the network, a tab that has not proved it is the
host (the printed link or PIN) sees only the join screens (`/join/<id>`), its own settings, the rules pages (a
refusal's "Why?") and, for any other route, the host gate (`views.host_gate`);
deleting a session, dismissing a damaged-file notice and importing (`views.importer`) check it again. An
unhandled error in a handler shows a translated message (details in the server's log, never in the browser) and
the screen is rendered again; a screen that fails to draw says so in its place, with Try again and Home
(`views.drawn`: every screen component is made with `drawn.screen`).

Messages in the bar over the top of the screen (`App.notify`, `App.show_error`: `App.message_bar`) are kept as a message
key and parameters (`Message`), not as words: when the phone switches language the message shown is put away and shown
again in the new language, its action (undo, "Why?") kept; an error is about the screen it was shown on and is put away
when the phone goes to another route (a refusal on the new-session screen stayed over the session it opened) or an
action is accepted (`App.answered`), and so when the session it was shown about changes from any phone (another player's
action, an undo or a redo: `App.moved`; a refusal stayed its 6–10 s over a table that had moved on).

Start-up: only the home screen's modules are imported with this one; every other screen's module is imported
when it is first shown (`App.screen`), and `warm_up` builds the home screen once, unseen, right after the server
listens, so the first tab's render neither imports nor reads the catalogue (`main.py`).

Settings a person chooses (language, theme, sound) belong to their phone: they are kept in the browser's storage
(`ft.SharedPreferences`) and read when the tab connects; the store's settings are only the defaults a phone
starts from until it chooses. A phone that never chose a theme follows its system's (`THEME_MODES`), as the page's
loading screen and the browser's bar do (assets/index.html).

Declarative or keyed controls updated in place? Measured with `benchmarks/bench_screens.py` (headless Chromium,
2 cores, beside a hello-world counter served the same way): the old shell re-sent the whole page per tap
(a new root key each render): 261 ms per tap in a 5-action session (2.55x the counter), 2,403 ms and 176 KB in a
500-action one (9.2x, 26.6x the bytes). The declarative shell (log, round tables and breakdowns cut to the last
20 entries, rows keyed) took the 500-action tap to 225 ms vs 303 ms for 5 actions (ratio 0.74) and about 1.1 KB
(8 % of opening the paged session), so the app uses components and keeps no control to mutate by hand. Still
short of the issue: tap -> text is 3.3x the counter (about 2.5 ms of it is the screen's render on the server,
12-25 ms the fsync'd store write; the rest is the browser laying out and reading the bigger screen). Later
(`benchmarks/bench_tap_server.py`): unchanged round rows kept from render to render and closed breakdowns not
built brought the server's CPU per add-round tap to 3.4 ms (5 actions) and 5.5 ms (500) vs 0.3 ms for the
counter, and 830-930 B; what is left of a tap is mostly the store's two fsyncs (file and folder, 1-30 ms on
a busy disk) and, in the browser, the rounds' `DataTable` laid out again (patch received -> text shown 29-41 ms,
17 ms with the table left out, 18 ms for the counter). Measured again in December 2026 (`bench_screens.py
--tap-only`), the table is no longer what a tap waits for: with it replaced by plain lines the tap took 161 ms
against 154 ms with it (the counter 82-83 ms), the answer's frame 79 ms either way; the answer itself comes 46-50
ms after the pointer goes down (the counter's 16 ms): the action is on disk before it is answered.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import logging
from dataclasses import dataclass
from typing import Any, Callable
from urllib.parse import unquote

import flet as ft
from flet.controls.layout_control import LayoutControl

from scoring.core import RuleError
from scoring.record import mark
from views import drawn, focus, guard, home, host_gate, importer, lost_taps, rules, settings, words
from views.live import Feed, live
from views.reconnect import returning_page
from views.ui import FONT, FONTS, NARROW_SIDE, TEXT_SIDE, WEB_FONTS, icon_button, tap_style, tap_themes, text_style

log = logging.getLogger("tableside")

TEXT_STYLES = tuple(f"{kind}_{size}" for kind in ("display", "headline", "title", "body", "label")
                    for size in ("large", "medium", "small"))
SEED_COLOUR = ft.Colors.TEAL
TITLE_INSET = 16  # the top bar's title from the left edge where no back button stands before it
TITLE_SIZE, LONG_TITLE_SIZE = 20, 16  # the top bar's title, and one longer than LONG_TITLE characters (`title_size`)
LONG_TITLE = 16
PREFS_PREFIX = "tableside."
PHONE_SETTINGS = ("lang", "theme", "sound", "keep_messages")
BROWSER_LANG = "browser_lang"  # the browser's language, written by the page for a phone that never chose one
LOCALES = {"zh-CN": ft.Locale("zh", "CN"), "en": ft.Locale("en", "US")}  # Flutter's own words per language
THEME_MODES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}
BAR_SECONDS, BAR_SECONDS_WHY = 6, 10  # a message bar's time on screen; one with a "Why?" is read, then acted on
BAR_WIDTH = 560  # px: a message bar's width at the most (a wide screen's), centred over the top bar
BAR_SIDE = 8  # px: a phone's message bar set in from the screen's sides
BAR_TOP = 4  # px: a message bar set in from the screen's top (it lies over the top bar)
SETTINGS_WAIT = 3.0  # seconds the first screen waits for the phone's settings before it is drawn without them


@ft.observable
@dataclass
class Chosen:
    """This phone's settings as an observable: every screen takes it, so a change re-renders the screen shown
    (in place: the screen component is kept, and with it the focus and scroll position)."""

    version: int = 0


@dataclass(frozen=True)
class Message:
    """A message in the bar over the top of the screen, kept as a message key and its parameters so that it can be said
    again in another language (a parameter may be a function of the language: words built elsewhere, e.g. an
    action's description); `action` is its button's label key, `route` the screen it was shown on, `session` the
    session the tab showed then and its log's mark in the store (`App.newest`), or None."""

    key: str
    params: dict
    error: bool
    action: str | None
    on_action: Callable[[], Any] | None
    why: bool
    route: str
    session: tuple | None = None

    def text(self, lang: str) -> str:
        """The message in lang."""
        return words.say(lang, self.key, **{k: v(lang) if callable(v) else v for k, v in self.params.items()})


class App:
    """One tab's shell: its settings, scratch, routing and messages; screens are built with it."""

    def __init__(self, page: ft.Page, store: Any, settings: dict | None = None,
                 host_guard: guard.HostGuard | None = None, upload_dir: str | None = None):
        self.page = page
        self.store = store
        self.guard = host_guard or guard.HostGuard(required=False)
        self.upload_dir = upload_dir
        self.uploading: dict[str, str] = {}
        self.refresh_root: Callable[[], None] = lambda: None
        self.settings = {**store.settings(), **(settings or {})}
        self.scratch: dict[str, dict] = {}
        self.renders = 0
        self.refresh_screen: Callable[[], None] = lambda: None
        self.chosen = Chosen()
        self.prefs: Any = None
        self.feeds: dict[str, Feed] = {}
        self.message: Message | None = None
        self.bar: ft.Container | None = None
        self.showing: str | None = None

    @property
    def host(self) -> bool:
        """Whether this tab is the host's (every screen but those `open_to_phones`; deleting, dismissing notices)."""
        return self.guard.is_host(self.page)

    def crashed(self) -> None:
        """A handler failed (details are in the server's log): say so, and show the screen again from the store."""
        self.notify("app.crashed", error=True)
        self.render()

    @property
    def lang(self) -> str:
        """The language this phone chose."""
        return self.settings.get("lang", "zh-CN")

    def t(self, key: str, **params: Any) -> str:
        """Text of key in the current language."""
        return words.say(self.lang, key, **params)

    def local(self, name: str) -> dict:
        """Scratch that survives re-renders of one screen (e.g. a draft), kept while this tab is open."""
        return self.scratch.setdefault(name, {})

    def feed(self, sid: str) -> Feed:
        """This tab's feed of session sid (made once, fed by the session's `Live`)."""
        if sid not in self.feeds:
            self.feeds.clear()
            self.feeds[sid] = Feed()
        return self.feeds[sid]

    def live(self, sid: str):
        """The live session (the one way actions reach the store and every tab showing it)."""
        return live(self.store, sid)

    def go(self, route: str) -> None:
        """Navigate to a route (the address bar follows; the root renders the route's screen)."""
        if route == self.page.route:
            self.render()
        else:
            self.page.run_task(self.page.push_route, route)

    def render(self) -> None:
        """Show the current screen again (after its scratch changed)."""
        self.refresh_screen()

    def render_soon(self) -> None:
        """Show the current screen again once the current event handler has returned (renders are batched)."""
        self.refresh_screen()

    def changed(self, session_id: str) -> None:
        """Other tabs learn of a session's change through its `Live`; kept for callers of the old shell."""

    def set_setting(self, key: str, value: Any) -> None:
        """Change one of this phone's settings: shown at once, kept in the browser's storage."""
        self.take_settings({key: value})
        self.keep_in_browser(PREFS_PREFIX + key, value)

    def keep_in_browser(self, key: str, value: Any = None) -> None:
        """Write a key of this phone's browser storage (None: remove it), off the tap's path. The write reaches the
        phone one round trip later; one whose connection closed meanwhile is lost with it, said in one line of the
        server's log (Flet logged a traceback)."""
        prefs = self.prefs
        if prefs is None:
            return

        async def write() -> None:
            """Set or remove the key; a tab gone meanwhile is only logged."""
            try:
                await (prefs.remove(key) if value is None else prefs.set(key, value))
            except RuntimeError as err:
                log.info("a write to a phone's storage was lost with its connection (%s): %s", key, err)

        self.page.run_task(write)

    def take_settings(self, chosen: dict) -> None:
        """Show the screen in these settings (the page's title, Flutter's own words and theme follow, and a message
        shown is said again in a new language, its action kept).

        Flutter's own words are its locale's: a field's "40 characters remaining" read out and the copy/paste
        menu were English on a Chinese phone until the page's locale followed the app's language."""
        lang = self.lang
        self.settings = {**self.settings, **chosen}
        if self.message is not None and self.lang != lang:
            self.show_message()
        self.follow_language()
        self.page.theme_mode = THEME_MODES.get(self.settings.get("theme"), ft.ThemeMode.SYSTEM)
        if getattr(self.page, "session", None) is not None:
            self.page.update()
        self.chosen.version += 1

    def follow_language(self) -> None:
        """The page's title and Flutter's own words (its locale) in this phone's language."""
        self.page.title = self.t("app.title")
        self.page.locale_configuration = ft.LocaleConfiguration(supported_locales=list(LOCALES.values()),
                                                                current_locale=LOCALES[self.lang])

    def toggle_language(self) -> None:
        """Switch between 简体中文 and English."""
        self.set_setting("lang", "en" if self.lang == "zh-CN" else "zh-CN")

    def notify(self, key: str, params: dict | None = None, error: bool = False, action: str | None = None,
               on_action: Callable[[], Any] | None = None, why: str | None = None) -> None:
        """A short message in the bar over the top of the screen (`Message`: a message key and its parameters, said
        in this phone's language; `message_bar`), optionally with one action button (its label's key, e.g. undo);
        `why`: a route its "Why?" action opens (the rule a refusal enforces). It has a close button: for its 6–10 s
        it covers the top bar, and a message with an action is not put away by a tap elsewhere."""
        if why and not action:
            action, on_action = "rules.why", (lambda: self.go(why))
        self.message = Message(key, params or {}, error, action, on_action, bool(why), self.page.route, self.newest())
        self.show_message()

    def newest(self) -> tuple | None:
        """(id, the stored log's mark now) of the session this tab last showed, or None (none, or it is gone)."""
        if self.showing is None:
            return None
        try:
            return self.showing, mark(self.store.record(self.showing))
        except (RuleError, KeyError):
            return None

    def moved(self, sid: str, shown: tuple) -> None:
        """The screen shows session sid as of `shown` (its log's mark): a refusal or an undo offered, shown about
        the session as it stood before another phone's action, an undo or a redo, is put away as an accepted action
        puts it away (`answered`); one shown about this very log stays while the screen is drawn again."""
        self.showing = sid
        about = self.message.session if self.message is not None else None
        if about is not None and about[0] == sid and tuple(about[1]) != tuple(shown):
            self.answered()

    def input_lost(self) -> None:
        """A tap or an entry arrived for a control the screen no longer shows (`views.lost_taps`): say that it did
        nothing, once while the message is up (typing on into a field that went away sends one per key). Ruling: on
        the screen of a game that has ended it says so (`app.tap_gone_ended`), not "tap again if still needed" (a
        second quick tap on the move that ended a game was told to tap again, with nothing left to tap)."""
        key = "app.tap_gone_ended" if self.showing_ended() else "app.tap_gone"
        if self.message is None or self.message.key != key:
            self.notify(key)

    def showing_ended(self) -> bool:
        """Whether this tab shows a session (its id in the route) that has ended."""
        if self.showing is None or self.showing not in route_parts(self.page.route):
            return False
        try:
            return self.store.record(self.showing)["status"] == "finished"
        except (RuleError, KeyError):
            return False

    def show_message(self) -> None:
        """Show the message in the current language, in place of the one shown before (closed), for 6 s (10 s with
        a "Why?"), or until it is closed on a phone that keeps messages, as a bar over the top of the screen
        (`message_bar`).
        RULING (time to read it): a bar that goes by itself is gone before a slow reader, or a screen reader's
        user, has read it or found its Undo (Flutter keeps its own bars with an action for a screen reader; ours is
        not Flutter's). A phone's setting, "keep messages until I close them", keeps every bar until its close
        button, its action or the next message puts it away (a refusal also goes as it did: with its screen, or
        once an action is accepted: `answered`, `moved`)."""
        message = self.message
        self.close_message()
        self.message = message
        bar = self.message_bar(message)
        self.bar = bar
        self.page.overlay.append(bar)
        self.page.update()
        if not self.settings.get("keep_messages"):
            self.page.run_task(self.expire, bar, BAR_SECONDS_WHY if message.why else BAR_SECONDS)

    def message_bar(self, message: Message) -> ft.Container:
        """The bar: the message's words, its button if it has one, and a close button, one live region (read out as
        it shows).
        RULING (the bar lies over the top bar): a bar at the screen's foot covered what the table taps next (a
        1024x768 tablet's last two Nab-It! board rows and the challenges beside them after a play, a phone's move
        buttons for 6-10 s); one just under the top bar covered the turn prompt and the scoreboard's first row.
        Right after a move the table taps the game, not back, language or settings, so the bar lies over the top
        bar (from BAR_TOP down), which it may hide for its 6 s (10 s with a "Why?"): its close button gives the top
        bar back at once. Flutter's own bars do not do it (a SnackBar is drawn only at the foot; a MaterialBanner
        pushes the screen down by its height). It is as wide as the screen less BAR_SIDE each side on a phone and
        at most BAR_WIDTH, centred, on a wider one (it follows a turned tablet); its words wrap as they need. At 1x
        text it lies within the top bar (4-52 px of 56); at a phone's 2x text it grows past it (to 123 px in
        English, 163 in Chinese, over the turn prompt) but over no button: the first is 218 px down."""
        colour = ft.Colors.ON_ERROR if message.error else ft.Colors.ON_INVERSE_SURFACE
        close = ft.IconButton(icon=ft.Icon(ft.Icons.CLOSE, color=colour, semantics_label=self.t("app.bar_close")),
                              on_click=lambda e: self.close_message())
        bar = ft.Container(
            width=BAR_WIDTH, border_radius=4, padding=ft.Padding.only(left=16, right=4),
            bgcolor=ft.Colors.ERROR if message.error else ft.Colors.INVERSE_SURFACE,
            shadow=ft.BoxShadow(blur_radius=6, color=ft.Colors.with_opacity(0.3, ft.Colors.BLACK)),
            content=ft.Semantics(container=True, live_region=True, content=ft.Row(
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
                controls=[ft.Container(expand=True, content=self.message_content(message)), close])))
        return ft.Container(top=BAR_TOP, left=BAR_SIDE, right=BAR_SIDE, alignment=ft.Alignment.TOP_CENTER,
                            content=bar)

    async def expire(self, bar: ft.Container, seconds: float) -> None:
        """Put the bar away when its time has run out, unless it has gone already."""
        await asyncio.sleep(seconds)
        if self.bar is bar:
            self.close_message()

    def message_content(self, message: Message) -> ft.Control:
        """The bar's words and, where the message has one, its action as a button of ours beside them.
        RULING (a bar's action is TAP high): not the SnackBar's own `action`, whose padding Flutter sets itself over
        the theme's (a refusal's "Why?" measured 40 px high, under the 48 px touch target); ours has the app's tap
        style, the same name and colour, and, as the SnackBar's did, puts the bar away when tapped, then acts.
        Its colour is the one Flutter gives a bar's own action, the inverse primary, which reads on the bar's inverse
        surface in the light and the dark theme (left to the theme's primary, "Undo" was dark teal on near-black,
        about 2:1); on a refusal's red it is the error's text colour.
        The two wrap: words longer than the line take the bar's whole width and the button goes under them (beside
        an expanding text, at a phone's 2x text a refusal was squeezed to a column a third of the bar wide)."""
        colour = ft.Colors.ON_ERROR if message.error else ft.Colors.ON_INVERSE_SURFACE
        text = ft.Text(words.no_orphan(message.text(self.lang)), color=colour)
        if not (message.action and message.on_action):
            return text
        style = tap_style(side=TEXT_SIDE)
        style.color = colour if message.error else ft.Colors.INVERSE_PRIMARY

        def act() -> None:
            """Put the bar away, then do what its button says."""
            self.close_message()
            message.on_action()

        return ft.Row(wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            text, ft.TextButton(content=self.t(message.action), style=style, on_click=lambda e: act())])

    def close_message(self) -> None:
        """Put the message shown away, if any."""
        bar, self.bar, self.message = self.bar, None, None
        if bar is not None and bar in self.page.overlay:
            self.page.overlay.remove(bar)
            self.page.update()

    def answered(self) -> None:
        """An action was accepted: an error shown about an earlier, refused one is put away (it no longer says
        what stands: a refused domino's message stayed while the next domino was being placed), and so is the
        undo offered after an earlier action (Splitter's "Done: the app rolled the dice · Undo" stayed on screen
        after a player wrote, its undo refused as stale if tapped)."""
        if self.message is not None and (self.message.error or self.message.action == "app.undo"):
            self.close_message()

    def route_changed(self, route: str) -> None:
        """The phone went to another screen: an error about the screen it left is put away, and so is an undo
        offered there (its action is out of sight; left up, the bar from the screen before timed out while the new
        screen's dropdown was opening, and the bar's going closed the menu under the finger)."""
        message = self.message
        if message is not None and (message.error or message.action == "app.undo") and message.route != route:
            self.close_message()

    def show_error(self, err: Any) -> None:
        """A refusal (RuleError, its dict, or a message key) in words, with a "Why?" to the rule it enforces."""
        key, params = (err, {}) if isinstance(err, str) else (err["key"], err.get("params", {})) \
            if isinstance(err, dict) else (err.key, err.params)
        self.notify(key, params, error=True, why=rules.why_link(key, self.page.route))

    def alert(self, title: str, message: str) -> None:
        """A dialog that stays until it is dismissed (for errors that must be read)."""
        dialog = ft.AlertDialog(title=ft.Text(title), content=ft.Text(message),
                                actions=[ft.TextButton(content=self.t("app.ok"),
                                                       on_click=lambda e: self.page.pop_dialog())])
        self.page.show_dialog(dialog)

    def confirm(self, title: str, message: str, yes: str, on_yes: Callable[[], None]) -> None:
        """Ask before doing something that cannot be taken back. Escape, or a tap beside the question, is its
        Cancel (a keyboard's way to say no: the question held the screen until Cancel was tabbed to)."""

        def answer(ok: bool) -> None:
            """Close the dialog and act on the answer."""
            self.page.pop_dialog()
            if ok:
                on_yes()

        dialog = ft.AlertDialog(
            modal=False, title=ft.Text(title), content=ft.Text(message),
            actions=[ft.TextButton(content=self.t("app.cancel"), on_click=lambda e: answer(False)),
                     ft.FilledButton(content=yes, on_click=lambda e: answer(True))],
        )
        self.page.show_dialog(dialog)

    def screen(self, route: str) -> ft.Control:
        """The screen component of a route, keyed by the route (a new route starts a new screen); the modules of
        the screens other than home are imported when first shown."""
        parts = route_parts(route)
        if not self.host and not open_to_phones(route):
            return Screen(self, self.chosen, host_gate.build, key=f"gate:{route}")
        if parts == ["settings"]:
            return settings.Settings(self, self.chosen, key=route)
        if parts == ["stats"]:
            from views import stats

            return Screen(self, self.chosen, stats.build, key=route)
        if parts[:1] == ["rules"] and len(parts) <= 3:
            return Screen(self, self.chosen, rules.build, *parts[1:], key=route)
        if parts[:1] == ["quick"] and len(parts) == 2:
            from views import quick

            return Screen(self, self.chosen, quick.build, parts[1], key=route)
        if len(parts) == 2 and parts[0] == "new":
            from views import new_session

            return new_session.NewSession(self, parts[1], self.chosen, key=route)
        if len(parts) == 2 and parts[0] in ("table", "join"):
            from views import join, table

            return (table.Table if parts[0] == "table" else join.Join)(self, parts[1], self.chosen, key=route)
        if len(parts) == 2 and parts[0] in ("play", "history"):
            from views import session

            return session.Session(self, parts[1], parts[0] == "history", self.feed(parts[1]), self.chosen,
                                   key=route)
        return home.Home(self, self.chosen, key="/")


def route_parts(route: str) -> list[str]:
    """A route's path as its parts (`/rules/knit_wit?from=/` → ["rules", "knit_wit"])."""
    return [p for p in route.split("?")[0].strip("/").split("/") if p]


def open_to_phones(route: str) -> bool:
    """Whether a tab that has not proved it is the host may open route: a join screen, this phone's own settings
    (kept in its browser), and the rules pages (a refusal's "Why?"). None of them deletes, imports, starts or
    changes a session, or changes the server's settings."""
    parts = route_parts(route)
    return (len(parts) == 2 and parts[0] == "join") or parts == ["settings"] or \
        (parts[:1] == ["rules"] and len(parts) <= 3)


def top_bar(app: App, title: str, back: str | None, actions: list[ft.Control] | None = None) -> ft.Control:
    """The screen's title with back, language and settings buttons.

    Ruling: the title is never cut: it wraps on as many lines as it needs and the bar grows with it, the buttons
    centred beside it; the buttons stand with no gap but their own padding, so the title has the room they leave.
    With the phone's text at 2× a 390 px phone left the title 214 px in a bar of two lines: every English
    new-session title was cut after "New / session:" ("New session: K…"), and "Kingdomino" (217 px) broke inside
    the word once the lines were free; now the title has 226 px, and "New session: Kingdomino", set smaller as a
    long title (`title_size`), takes two lines.
    The icon buttons are TAP wide (`views.ui.tap_themes`) and the bar has no side padding of its own (theirs sets
    the icons 12 px in from its edges), and the language button narrow sides (8 px: at 2x text a text button's 12
    made "中文" 80 px wide): the title keeps about 222 px at 2x, room for "Kingdomino". Without a back button
    (home) the title stands TITLE_INSET in from the edge, as in Material's app bar (at 0 it touched the edge).
    The settings screen has no settings button (there it was a button that did nothing when tapped). A Chinese
    title breaks only after a pause mark or before a bracket (`words.whole_title`). A screen's own actions (home's
    History) stand between the title and the language button."""
    controls: list[ft.Control] = []
    if back:
        controls.append(icon_button(ft.Icons.ARROW_BACK, app.t("app.back"), lambda e: app.go(back)))
    controls += [
        ft.Text(words.whole_title(app.lang, title), size=title_size(title), weight=ft.FontWeight.BOLD, expand=True),
        *(actions or []),
        ft.TextButton(content=app.t("app.switch_language"), style=tap_style(side=NARROW_SIDE),
                      on_click=lambda e: app.toggle_language()),
    ]
    if not on_settings(app):
        controls.append(icon_button(ft.Icons.SETTINGS, app.t("app.settings"),
                                    lambda e: app.go(settings.link(app.page.route))))
    return ft.Container(bgcolor=ft.Colors.SURFACE_CONTAINER,
                        padding=ft.Padding.only(left=0 if back else TITLE_INSET, top=4, bottom=4),
                        content=ft.Row(controls=controls, vertical_alignment=ft.CrossAxisAlignment.CENTER,
                                       spacing=0))


def title_size(title: str) -> int:
    """The top bar's title size: LONG_TITLE_SIZE for a title longer than LONG_TITLE characters, else TITLE_SIZE.
    Ruling: the app cannot know the phone's text scale, so a long title is set smaller everywhere: at 2x text
    "New session:" took about 250 px at 20 px, more than the 222 the bar leaves, and the title took three lines
    ("New / session: / Kingdomino"); at 16 px it needs about 200 and the title two lines; "Kingdomino" alone
    keeps 20."""
    return LONG_TITLE_SIZE if len(title.replace("\u2060", "")) > LONG_TITLE else TITLE_SIZE


def on_settings(app: Any) -> bool:
    """Whether the tab shows the settings screen (a shell warming up, with no page yet, does not)."""
    route = getattr(getattr(app, "page", None), "route", None) or "/"
    return route_parts(route) == ["settings"]


def frame(app: App, title: str, body: ft.Control, back: str | None, pinned: list[ft.Control] | None = None,
          page: int = 0, footer: ft.Control | None = None, scroller: Any = None,
          actions: list[ft.Control] | None = None) -> ft.Control:
    """A screen: the top bar (with the screen's actions, if any) and what stays on screen (pinned), then the body,
    which scrolls, then the footer, which stays at the screen's foot (the new-session screen's Start); a new `page`
    number draws the scrolling part anew, from its top (`GameContext.turn_page`); scroller: a ref (`ft.use_ref`)
    given the scrolling part, or None. The focus asked for by a control used from the keyboard goes, once drawn, to
    the control now standing for it (`views.focus`)."""
    focus.use_focus(app)
    return ft.Column(expand=True, spacing=0, controls=[
        top_bar(app, title, back, actions),
        *[ft.Container(content=c, padding=ft.Padding.symmetric(horizontal=8, vertical=4)) for c in pinned or []],
        ft.Column(key=f"page-{page}", expand=True, scroll=ft.ScrollMode.AUTO, ref=scroller, controls=[inset(body)]),
        *([ft.Divider(height=1), ft.Container(content=footer, padding=ft.Padding.symmetric(horizontal=8, vertical=8))]
          if footer is not None else []),
    ])


def inset(body: ft.Control) -> ft.Control:
    """A screen's body set in from the screen's edges (8 px, 24 px at its foot): by its own margin where it has
    none, not in a padded box, a level fewer on the way to every change a tap sends (about 12 B a tap)."""
    space = ft.Margin.only(left=8, right=8, top=8, bottom=24)
    if isinstance(body, LayoutControl) and body.margin in (None, space):
        body.margin = space
        return body
    return ft.Container(content=body, padding=ft.Padding.only(left=8, right=8, top=8, bottom=24))


@drawn.screen
def Screen(app: App, chosen: Any, build: Callable[..., tuple[str, ft.Control, str | None]], *args: Any) -> ft.Control:
    """A screen drawn by a plain builder `build(app, *args) -> (title, body, back)` (statistics, rules, the quick
    scorer): re-rendered in place by `app.render()` and when this phone's settings change."""
    _, bump = ft.use_state(0)
    app.refresh_screen = lambda: bump(lambda n: n + 1)
    title, body, back = build(app, *args)
    return frame(app, title, body, back)


def phone_values(cookie: str | None) -> dict | None:
    """This phone's kept settings as its page read them from the browser's storage when it loaded (the
    `guard.PHONE_COOKIE` cookie, written by assets/index.html: a JSON object, URI-encoded, keyed as
    `load_phone_settings` reads them); None without a readable cookie. Anything but those keys with plain values
    is left out: the cookie is only a hint, the browser's storage is read after."""
    try:
        values = json.loads(unquote(cookie or ""))
    except ValueError:
        return None
    if not isinstance(values, dict):
        return None
    return {key: value for key, value in values.items()
            if key in (*PHONE_SETTINGS, BROWSER_LANG) and isinstance(value, (str, bool, int, float))}


def chosen_settings(values: dict, server_lang: str | None = None) -> dict:
    """The settings this phone chose earlier, from its kept values (key to value, None or absent where it never
    chose). A phone that never chose a language gets, in this order, the language stored on the server
    (server_lang, `Store.stored_settings`: a data folder from before settings were the phone's, when the settings
    screen set the table's language, keeps it) or its browser's (`BROWSER_LANG`, written by the page,
    assets/index.html: the first of the browser's languages that is Chinese or English, else Chinese), so an
    English phone does not open in Chinese. The browser's is not kept as a choice: the phone follows its browser
    until it chooses."""
    chosen = {key: values[key] for key in PHONE_SETTINGS if values.get(key) is not None}
    if "lang" not in chosen and server_lang is None and values.get(BROWSER_LANG) in LOCALES:
        chosen["lang"] = values[BROWSER_LANG]
    return chosen


async def load_phone_settings(prefs: ft.SharedPreferences, server_lang: str | None = None) -> dict:
    """The settings this phone chose earlier, read from the browser's storage (`chosen_settings`)."""
    keys = (*PHONE_SETTINGS, BROWSER_LANG)
    values = await asyncio.gather(*(prefs.get(PREFS_PREFIX + key) for key in keys))  # one round trip, not five
    return chosen_settings(dict(zip(keys, values)), server_lang)


@ft.component
def Root(page: ft.Page, shell: App, hinted: dict | None, server_lang: str | None = None) -> ft.Control:
    """The tab: the screen of the current route, in this phone's settings (screens re-render themselves when
    they change, so the root renders only when the route changes).

    The first screen is drawn in the settings the page found in the browser's storage when it loaded (hinted,
    `phone_values`: the settings cookie), then the storage is read (`load_phone_settings`, one round trip) and
    what it says wins (a tab that reconnects after a restart brings the cookie of its last load). Without the
    cookie the first screen waits for that read: drawn at once, it came in the server's language and the light
    theme, and an English or dark phone saw it flash and be drawn again. A browser that does not answer within
    `SETTINGS_WAIT` seconds gets the screen as it is. server_lang: the language stored on the server, read once by
    the page's entry function (`chosen_settings`)."""
    route, set_route = ft.use_state(page.route or "/")
    settled, set_settled = ft.use_state(hinted is not None)
    _, bump = ft.use_state(0)
    shell.refresh_root = lambda: bump(lambda n: n + 1)

    def mounted() -> None:
        """Follow the address bar and read this phone's settings."""

        def follow(route: str) -> None:
            """Show the route's screen; an error about the screen left goes away."""
            shell.route_changed(route)
            set_route(route)

        page.on_route_change = lambda e: follow(e.route or "/")

        async def read() -> None:
            """Apply the settings kept in the browser where they differ from the hint, then draw the screen."""
            try:
                kept = await asyncio.wait_for(
                    load_phone_settings(shell.prefs, server_lang), SETTINGS_WAIT)
            except (TimeoutError, RuntimeError):
                kept = {}
            if kept and kept != hinted:
                shell.take_settings(kept)
            set_settled(True)

        page.run_task(read)

    ft.use_effect(mounted, [])
    return ft.SafeArea(expand=True, content=shell.screen(route) if settled else ft.Container(expand=True))


def theme() -> ft.Theme:
    """The app's theme: every text style in the app's fonts (`views.ui.text_style`: the CJK font, then the
    bundled symbol and colour-emoji fonts for what it lacks) and in the colour scheme's text colour.

    The colour must be given: Flet 1.0.5 puts our text styles in place of Flutter's (not merged with them), so
    a style without a colour drew text black on the dark theme's background. `ON_SURFACE` is resolved in the
    scheme of the theme it is in (light or dark).

    The standard visual density on every device: Flutter picks it for a phone's browser but a compact one for a
    laptop's, which takes 8 px off each side of a control's padding (a button 32 px high, a choice 32 instead of
    48); the same app on every device, and the tests' phone-sized tabs (a laptop's browser) draw what a phone
    does."""
    return ft.Theme(font_family=FONT, color_scheme_seed=SEED_COLOUR, visual_density=ft.VisualDensity.STANDARD,
                    **tap_themes(), text_theme=ft.TextTheme(**{name: text_style(color=ft.Colors.ON_SURFACE)
                                               for name in TEXT_STYLES}))


def warm_up(store: Any) -> None:
    """Build the theme and the home screen once, unseen (no page), so that what the first tab's render needs
    is loaded before a tab asks: the modules the home screen uses (not the other screens', nor any game's view),
    the Flet controls it draws, and the store's catalogue (read and reconciled with the session files); the
    server calls it once it listens."""
    theme()
    shell = App(None, store)
    shell.picker = importer.picker(shell)
    ft.SafeArea(content=frame(shell, *home.build(shell)))


def warm_later() -> None:
    """Load, once tabs may start, what a tap would otherwise load on the server's loop in the middle of its render:
    the chart library every end screen draws. The first "End game" of a server process imported it while drawing
    the end screen (115 ms of the render's 197 ms measured in-process; in Chromium the round form stayed 0.22-0.51 s
    after the tap, 0.17 s once loaded). Not in `warm_up`: the first home screen does not wait for it."""
    importlib.import_module("flet_charts")  # for the end screens' charts (`views.components.chart`)


def tab_scratch(page: ft.Page, scratch: dict) -> dict:
    """The tab's scratch (`App.local`: what it has half entered, its choices on a screen): the one of the page it
    left when it comes back in a new session (`views.reconnect`), else scratch; kept with the page for that."""
    left = getattr(returning_page(), "data", None)
    page.data = left if isinstance(left, dict) else scratch
    return page.data


def forget_on_close(page: ft.Page) -> None:
    """Once page's session closes, drop what the server kept for it by its id (its crash and lost-tap handlers,
    the answers its race buttons carry): each holds the page, so a closed tab's whole screen was kept until the
    server stopped (one more per reload or reconnect; the second reviewer's finding)."""

    def closed(e: Any) -> None:
        """The session closed."""
        guard.forget(page)
        lost_taps.forget(page)

    page.on_close = closed


def main_for(store: Any, host_guard: guard.HostGuard | None = None,
             upload_dir: str | None = None) -> Callable[[ft.Page], None]:
    """The Flet entry function for pages served over one store (every tab the host's when no guard is given;
    imports streamed into upload_dir when given).

    The first screen is drawn in its fonts and colours from its first frame. Measured frame by frame (December
    2026), a page's first home screen used to show every Chinese character as an empty box, in Material's default
    blue, for about 0.25 s: the fonts the app gives Flet (`page.fonts`) are fetched and read after the page's
    first message, and Flutter cross-fades from its default theme to the app's over 0.2 s (switching the font
    family half-way). So, on the web, the CJK and symbol fonts are in the page's own font manifest (the assets
    folder's `assets/FontManifest.json`, which Flet serves in place of its own: Flet's families without the KaTeX
    fonts the app never uses, and ours), loaded before Flutter's first frame; the app gives Flet only the colour
    emoji (`WEB_FONTS`, 3 MB, read after the first screen); and the theme is not animated (a switch between light
    and dark is immediate). An app built for a phone has no such page and is given every font."""
    host_guard = host_guard or guard.HostGuard(required=False)

    def main(page: ft.Page) -> None:
        """Start the shell on a newly connected page."""
        host_guard.admit(page)
        page.fonts = WEB_FONTS if page.web else FONTS
        page.theme_animation_style = ft.AnimationStyle.no_animation()
        page.theme = theme()
        page.dark_theme = theme()
        page.padding = 0
        shell = App(page, store, host_guard=host_guard, upload_dir=upload_dir)
        shell.scratch = tab_scratch(page, shell.scratch)
        shell.follow_language()
        shell.picker = importer.picker(shell)
        guard.on_crash(page, shell.crashed)
        lost_taps.on_lost_input(page, shell.input_lost)
        forget_on_close(page)
        page.on_keyboard_event = lambda e: focus.pressed(page, e)
        shell.prefs = ft.SharedPreferences()
        server_lang = store.stored_settings().get("lang")
        hinted = phone_values(guard.phone_cookie())
        if hinted is not None:
            hinted = chosen_settings(hinted, server_lang)
        if hinted:
            shell.take_settings(hinted)
        page.render(Root, page, shell, hinted, server_lang)

    return main
