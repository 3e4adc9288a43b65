"""Live sessions: one `Live` per stored session in this server process, fed from the store, and one `Feed` (an
`ft.observable`) per tab showing that session.

Every action, undo or redo any tab takes goes through `Live.play/undo/redo`, which applies it with the store and
then hands the new record and state to every feed of that session. A session screen component takes its feed as
an argument, so Flet re-renders exactly the tabs that show the session, and in each only that screen.

Why a feed per tab and not one observable shared by the tabs: Flet schedules a component's re-render on the
session of the *current* context (`context.page.session`), so an observable changed inside tab A's event handler
would queue tab B's component on tab A's connection. The hub therefore changes each tab's feed inside that tab's
own context (`loop.call_soon_threadsafe(..., context=...)`, captured when the feed subscribes: `InTab`, which the
table mode's listeners use too).

A feed whose tab is gone (its websocket ended: a tab that comes back gets a new session, `views.reconnect`) is
dropped at the next change, as the table hub drops a gone tab's listener: Flet closes that session after seconds,
and a change handed to its screen then failed on the server's loop ("An attempt to fetch destroyed session", a
traceback in the log for each change while the page was not yet collected).
"""

from __future__ import annotations

import asyncio
import contextvars
import threading
import weakref
from dataclasses import dataclass, field
from typing import Any, Callable

import flet as ft

from scoring.record import Mark
from views.reconnect import tab_gone, tab_page


@ft.observable
@dataclass
class Feed:
    """What one tab knows of a session: its record and state (the store's cache: read only) and their version.

    Only `version` is observed. The record and state are kept as private attributes: an observable wraps a
    dict or list field in Flet's `ObservableDict`/`ObservableList`, whose every item set notifies the owner, and
    `copy.deepcopy` rebuilds a copy item by item through that `__setitem__` with the same owner. A screen that
    copies the state while rendering (every `Engine.player_view` does) then queued its own re-render, forever:
    the server's event loop spun on the Session screen, taps were never answered, and SIGTERM was never handled.
    """

    version: int = 0
    message: Any = field(default=None)
    _record: Any = None
    _state: Any = None

    @property
    def record(self) -> Any:
        """The newest record this tab was handed (None before the first change)."""
        return self._record

    @property
    def state(self) -> Any:
        """The newest state this tab was handed (None before the first change)."""
        return self._state

    def show(self, record: dict, state: dict) -> None:
        """Take a new record and state (one change notification, by the version)."""
        self._record, self._state = record, state
        self.version += 1


class Live:
    """The feeds of one session and the way every change to it is made."""

    def __init__(self, store: Any, sid: str):
        self.store, self.sid = store, sid
        self._feeds: dict[int, tuple[weakref.ref, InTab]] = {}
        self._watchers: dict[int, Any] = {}
        self._lock = threading.Lock()

    def watch(self, key: int, callback: Any) -> None:
        """Also call callback(record, state) on every change (the session's table-mode hub, which sends each
        phone its seat's view); one callback per key."""
        with self._lock:
            self._watchers[key] = callback

    def subscribe(self, feed: Feed) -> None:
        """Deliver this session's changes to feed, in the context that subscribes it (a tab's)."""
        with self._lock:
            self._feeds[id(feed)] = (weakref.ref(feed), InTab())

    def unsubscribe(self, feed: Feed) -> None:
        """Stop delivering to feed."""
        with self._lock:
            self._feeds.pop(id(feed), None)

    def follows(self, feed: Feed) -> bool:
        """Whether feed is subscribed now (an unsubscribed feed may hold a record changed or deleted since)."""
        with self._lock:
            return id(feed) in self._feeds

    def publish(self, record: dict, state: dict, skip: int | None = None) -> None:
        """Hand the new record and state to every subscribed feed, each in its own tab's context, and to every
        watcher but `skip` (the one that made the change and has told its own subscribers); a feed whose tab is
        gone is dropped."""
        with self._lock:
            targets = list(self._feeds.items())
            watchers = [cb for key, cb in self._watchers.items() if key != skip]
        for callback in watchers:
            callback(record, state)
        for key, (ref, tab) in targets:
            feed = ref()
            if feed is None or not tab(feed.show, record, state):
                with self._lock:
                    self._feeds.pop(key, None)

    def play(self, action: dict, now: str, expect: Mark | None) -> tuple[dict, dict]:
        """Apply an action through the store (RuleError if refused or stale) and publish the result."""
        record, state = self.store.play(self.sid, action, now, expect=expect)
        self.publish(record, state)
        return record, state

    def undo(self, now: str, consent: bool, expect: Mark | None) -> tuple[dict, dict]:
        """Take back the last action through the store and publish the result."""
        record, state = self.store.undo(self.sid, now, consent=consent, expect=expect)
        self.publish(record, state)
        return record, state

    def redo(self, now: str, expect: Mark | None) -> tuple[dict, dict]:
        """Put back the last undone action through the store and publish the result."""
        record, state = self.store.redo(self.sid, now, expect=expect)
        self.publish(record, state)
        return record, state

    def fresh(self) -> tuple[dict, dict]:
        """The stored record and state now (the store's cache)."""
        return self.store.record(self.sid), self.store.state(self.sid)


class InTab:
    """The tab being served when this is made (its loop, context and page, the page held weakly): calls made
    through it run in that tab, so Flet re-renders that tab's screen and no other, until the tab is gone."""

    def __init__(self):
        try:
            self.loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self.loop = None
        self.context = contextvars.copy_context()
        page = tab_page()
        self.page = None if page is None else weakref.ref(page)

    def gone(self) -> bool:
        """Whether the tab is gone for good (its page collected, or its websocket ended: `views.reconnect`)."""
        return self.page is not None and (self.page() is None or tab_gone(self.page()))

    def __call__(self, fn: Callable[..., Any], *args: Any) -> bool:
        """Call fn(*args) in the tab (now, outside one); False, calling nothing, once the tab is gone."""
        if self.gone():
            return False
        if self.loop is None or self.loop.is_closed():
            fn(*args)
        else:
            self.loop.call_soon_threadsafe(fn, *args, context=self.context)
        return True


_LIVE: dict[tuple[int, str], Live] = {}
_LIVE_LOCK = threading.Lock()


def live(store: Any, sid: str) -> Live:
    """The one `Live` of session sid over store in this process."""
    with _LIVE_LOCK:
        return _LIVE.setdefault((id(store), sid), Live(store, sid))
