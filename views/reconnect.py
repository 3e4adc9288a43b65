"""A tab that reloads keeps its connection: a fix to Flet 1.0.5's web transport (`flet_web.fastapi`).

When a tab reloads (or reconnects after a dropped network) its new websocket registers under the same session key
as the old one. If the server has not yet noticed that the old websocket closed, Flet makes a new session for the
new websocket under that key; when the old websocket's handler then ends, it disconnects "the session under that
key" — which is now the new one — and disposes the new websocket's connection. The tab stays open, its taps reach
the server, and nothing it is sent arrives any more: a tap goes unanswered, a language switch never shows (seen in
browser tests that reload a tab on a loaded machine).

A tab whose websocket dropped and came back is given a new session (`fresh_session_on_return()`), its screen
drawn from scratch, not the session it left. Flet 1.0.5 resumes that session: it sends the tab the whole page as
the server has it, and the web client (1.1.0, compiled) merges it into the page it shows, making new control
objects under the old ids while what it draws stays bound to the old objects. Every later patch is applied to the
new objects and nothing is drawn: the phone looks frozen, its own taps reach the server, whose answers never show
(seen from a browser test's frames: after a websocket closed and reopened 0.5 s later, the patch with another
seat's points and the one answering the phone's own tap arrived for a control the resumed page held, id 450, and
the screen did not change; a `SharedPreferences` call to the resumed page timed out, "Timeout waiting for invoke
method listener for SharedPreferences(448).set", its listener bound to the old object). A new session has new
control ids, and a tab whose server restarted, which gets one, has always drawn it. A tab that reloads gets a new
session too (its seat, settings, drafts and host cookie are kept in the browser and the store, not the session);
what it keeps in the session comes with it (`returning_page()`): a host admitted with the host PIN stays admitted
(`views.guard`), and the tab's scratch (`views.app.tab_scratch`: a PIN half typed) is the one it left. The session
left is closed at once (its screens stop watching: `views.table.tab_listener`); as no session is ever resumed, `main.py`
keeps a disconnected session only seconds (`SESSION_TIMEOUT`), not Flet's hour. This replaces an earlier patch
that drew a screen for a tab that was away so the resumed page was current: the resumed page is never drawn.

`keep_reloaded_tabs()` makes the old websocket's end disconnect only a session that is still its own: if another
connection has taken the key over, the old session (no longer registered) is only marked disconnected, so its
page's own disconnect handlers run, and the new connection is left alone. Which connection ended is read from
the caller's frame (Flet's handler passes only the key): re-check this patch when Flet is upgraded.

`end_failed_sends()`: a browser that dies while the server is sending to it (a phone's tab killed, its network
gone) makes Flet 1.0.5's send loop raise, and Flet's handler, awaiting that loop after the receive loop ended, raised
too before it disconnected the session: the session stayed connected to a dead websocket until the server
stopped, its screen still drawn at every change at the table and every patch queued for it, and the server's log
got a chained `ClientDisconnected` / `WebSocketDisconnect` traceback. A failed send now ends the send loop like a
closed socket (the receive loop ends with it), the session is disconnected as for any tab that left, and the log
says so in one line.
"""

from __future__ import annotations

import logging
import sys
from contextvars import ContextVar
from typing import Any

log = logging.getLogger("tableside")
_returning: ContextVar[Any] = ContextVar("tableside_returning_page", default=None)


def keep_reloaded_tabs() -> None:
    """Patch Flet's session manager once (see the module's notes)."""
    from flet_web.fastapi.flet_app_manager import FletAppManager

    if getattr(FletAppManager.disconnect_session, "tableside", False):
        return
    disconnect = FletAppManager.disconnect_session

    async def disconnect_session(manager: Any, session_id: str, session_timeout_seconds: int) -> None:
        """Disconnect the session under session_id only when the connection that ended is still its own."""
        ended = sys._getframe(1).f_locals.get("self")
        current = manager.sessions_by_key().get(session_id)
        if current is None or ended is None or current.connection in (None, ended):
            await disconnect(manager, session_id, session_timeout_seconds)
            return
        own = own_session(ended)
        if own is not None and own is not current:
            await own.disconnect(session_timeout_seconds)

    def sessions_by_key(manager: Any) -> dict:
        """The manager's registered sessions by key."""
        return manager._FletAppManager__sessions

    disconnect_session.tableside = True
    FletAppManager.disconnect_session = disconnect_session
    FletAppManager.sessions_by_key = sessions_by_key


def fresh_session_on_return() -> None:
    """Patch Flet's session manager once: a tab coming back to a session it left gets a new one (see the module's
    notes)."""
    from flet_web.fastapi.flet_app_manager import FletAppManager

    if getattr(FletAppManager.get_session, "tableside", False):
        return
    get = FletAppManager.get_session

    async def get_session(manager: Any, session_id: str) -> Any:
        """None for a session no websocket serves (closed at once, its page kept as the returning page); a session
        another websocket still serves is returned as Flet expects (it then makes a new one all the same)."""
        session = await get(manager, session_id)
        if session is None or session.connection is not None:
            return session
        _returning.set(session.page)
        await manager.delete_session(session_id)
        return None

    get_session.tableside = True
    FletAppManager.get_session = get_session


def end_failed_sends() -> None:
    """Patch Flet's web connection once: a send to a websocket that closed ends its send loop quietly (see the
    module's notes)."""
    from flet_web.fastapi.flet_app import FletApp

    if getattr(FletApp._FletApp__send_loop, "tableside", False):
        return
    send_loop = FletApp._FletApp__send_loop

    async def ending_send_loop(connection: Any) -> None:
        """Flet's send loop; a send that fails because the tab is gone ends it, as its socket's close does."""
        try:
            await send_loop(connection)
        except Exception as err:
            log.info("a tab closed while it was being sent to (%s): its session is disconnected", type(err).__name__)

    ending_send_loop.tableside = True
    FletApp._FletApp__send_loop = ending_send_loop


def returning_page() -> Any:
    """The page of the session this websocket's tab left (its new session is being made), or None."""
    return _returning.get()


def tab_page() -> Any:
    """The page of the tab being served now (None outside one)."""
    from flet.controls.context import _context_page

    return _context_page.get()


def tab_gone(page: Any) -> bool:
    """Whether the tab of a page is gone for good: its session closed, or its websocket ended (a tab that comes
    back gets a new session)."""
    try:
        session = page.session
    except RuntimeError:
        return True
    return session.connection is None and session.expires_at is not None


def own_session(connection: Any) -> Any:
    """The session a Flet web connection was serving (None when it has none)."""
    return getattr(connection, "_FletApp__session", None)
