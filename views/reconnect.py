"""A tab that reloads keeps its connection: a fix to Flet 1.0.5's web transport (`flet_web.fastapi`).

When a tab reloads (or reconnects after a dropped network) its new websocket registers under the same session key
as the old one. If the server has not yet noticed that the old websocket closed, Flet makes a new session for the
new websocket under that key; when the old websocket's handler then ends, it disconnects "the session under that
key" — which is now the new one — and disposes the new websocket's connection. The tab stays open, its taps reach
the server, and nothing it is sent arrives any more: a tap goes unanswered, a language switch never shows (seen in
browser tests that reload a tab on a loaded machine).

A tab whose websocket dropped comes back to a screen drawn while it was away: `keep_drawing_while_away()` keeps
the updates a screen asks for while its session waits for the tab to reconnect. Flet 1.0.5 drops them
(`Session.schedule_update`), so a table message that came meanwhile was kept in the screen's state but never drawn;
on reconnecting Flet sends the tab the page as the server last drew it, and the phone came back to its seat showing
the table as it was when it left (seen: another seat's points given while a phone's network blinked, missing from
it until the next move). Drawing a screen for a tab that is away sends nothing (Flet drops what a disconnected
session would send); it keeps the server's page current for the reconnect. Redrawing the screen once the tab is
back instead did not work: the tab lost the first update sent after it reconnected, and later ones then landed on
the wrong controls (English and Chinese mixed on one phone).

`keep_reloaded_tabs()` makes the old websocket's end disconnect only a session that is still its own: if another
connection has taken the key over, the old session (no longer registered) is only marked disconnected, so its
page's own disconnect handlers run, and the new connection is left alone. Which connection ended is read from
the caller's frame (Flet's handler passes only the key): re-check this patch when Flet is upgraded.
"""

from __future__ import annotations

import sys
from typing import Any


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


def keep_drawing_while_away() -> None:
    """Patch Flet's session once: updates asked for while the tab is away are drawn, not dropped (see the module's
    notes)."""
    from flet.messaging.session import Session

    if getattr(Session.schedule_update, "tableside", False):
        return

    def schedule_update(session: Any, control: Any) -> None:
        """Queue control for the session's next update, connected or not."""
        session._Session__pending_updates.add(control)
        session._Session__updates_ready.set()

    schedule_update.tableside = True
    Session.schedule_update = schedule_update


def own_session(connection: Any) -> Any:
    """The session a Flet web connection was serving (None when it has none)."""
    return getattr(connection, "_FletApp__session", None)
