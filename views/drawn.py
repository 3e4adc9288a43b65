"""Screens that fail to draw say so: `screen` makes a function a screen component (as `ft.component` does) whose
render error is caught, its details logged on the server, and a screen in the phone's language shown instead.

Why here and not in each view: Flet 1.0.5 draws a component again (after a tap, another phone's action, a setting
changed) in the session's update scheduler, which has no error handling of its own. An error there (a game's
`logged` raising while the session screen was drawn after a reveal) ended the scheduler's task: nothing more was
ever sent to that tab, the tap that had been stored looked as if it did nothing, and the server logged only
"Task exception was never retrieved", and only when that task was collected. A tab opened on such a screen
stayed blank the same way. Every screen component of the app (`views.app.App.screen`) is made with `screen`, so
any view or engine call a screen makes while drawing is covered, and the rest of the app keeps working.

RULING (a screen that fails to draw): the tab shows "This screen could not be drawn. Nothing you entered was lost."
with Try again (the screen drawn afresh from the store) and Home; the error and its traceback go to the server's
log, never to the page. What was stored before the failed drawing stays stored: the action whose result could not
be drawn is in the log. A session screen's failed screen also offers Undo for "the last action" (named so: its
own words may be what failed), with the table's consent where it showed something, as the screen's own Undo asks,
so a table whose last action cannot be drawn can take it back and play on.
"""

from __future__ import annotations

import functools
import logging
from typing import Any, Callable

import flet as ft

from views import words

log = logging.getLogger("tableside")


def screen(fn: Callable[..., ft.Control], way_back: Callable[..., list[ft.Control]] | None = None
           ) -> Callable[..., ft.Control]:
    """A screen component, `fn(app, ...)`, that shows `failed` (and logs the details) when drawing it fails;
    way_back: called with the screen's arguments, the controls the failed screen offers besides Try again and Home
    (a session's Undo), or None."""

    @functools.wraps(fn)
    def drawn(app: Any, *args: Any, **kwargs: Any) -> ft.Control:
        """The screen, or, when drawing it raised, the failed screen."""
        _, again = ft.use_state(0)
        try:
            return fn(app, *args, **kwargs)
        except Exception:
            log.exception("the screen %s could not be drawn (route %s)", fn.__name__, route_of(app))
            return failed(app, lambda: again(lambda n: n + 1), offered(way_back, app, *args, **kwargs))

    return ft.component(drawn)


def screen_with(way_back: Callable[..., list[ft.Control]]) -> Callable[[Callable[..., ft.Control]], Any]:
    """`screen`, its failed screen offering the controls way_back gives (a decorator)."""
    return lambda fn: screen(fn, way_back)


def offered(way_back: Callable[..., list[ft.Control]] | None, *args: Any, **kwargs: Any) -> list[ft.Control]:
    """The controls way_back gives for a failed screen's arguments; none where there is none or it fails too."""
    try:
        return way_back(*args, **kwargs) if way_back is not None else []
    except Exception:
        log.exception("the failed screen's way back could not be drawn either")
        return []


def route_of(app: Any) -> str | None:
    """The route the tab shows (for the log), or None for a shell with no page."""
    return getattr(getattr(app, "page", None), "route", None)


def failed(app: Any, retry: Callable[[], None], more: list[ft.Control]) -> ft.Control:
    """The screen shown instead of one that could not be drawn: the message, Try again (retry), Home, and more."""
    return ft.Container(padding=16, content=ft.Column(spacing=16, controls=[
        ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR, size=40),
        ft.Text(words.say(app.lang, "app.screen_failed"), size=18),
        ft.Row(wrap=True, spacing=8, controls=[
            ft.FilledButton(content=words.say(app.lang, "app.draw_again"), on_click=lambda e: retry()),
            ft.OutlinedButton(content=words.say(app.lang, "app.go_home"), on_click=lambda e: app.go("/")),
        ]),
        *more,
    ]))
