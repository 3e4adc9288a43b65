"""A reloaded tab keeps its connection (views.reconnect): the old websocket's late end no longer cuts off the
session a new websocket made under the same key, with Flet's own session manager and sessions. A tab that is away
(its websocket dropped, its session waiting for it) still has its screen drawn when it asks to be, so it comes
back to the screen as it is now."""

from __future__ import annotations

import asyncio

from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub
from flet_web.fastapi.flet_app_manager import FletAppManager

from tests.helpers import run_async
from views.reconnect import keep_drawing_while_away, keep_reloaded_tabs

KEY = "play_abc_123"


class Connection:
    """A websocket's handler as Flet's session sees it: it serves one session and ends with a disconnect."""

    def __init__(self):
        self.disposed = False
        self._FletApp__session = None
        self.pubsubhub = PubSubHub()

    def dispose(self):
        self.disposed = True

    def send_message(self, message):
        pass

    async def end(self, manager: FletAppManager) -> None:
        """The websocket closed: disconnect the session under the key, as Flet's handler does."""
        await manager.disconnect_session(KEY, 60)


def serve(manager: FletAppManager, connection: Connection) -> Session:
    """A new session for a connection, registered under the key."""
    session = Session(connection)
    connection._FletApp__session = session
    run_async(manager.add_session(KEY, session))
    return session


def test_the_old_websockets_end_leaves_the_new_session_connected():
    keep_reloaded_tabs()
    manager = FletAppManager()
    old, new = Connection(), Connection()
    before = serve(manager, old)
    after = serve(manager, new)  # the reload registered before the server noticed the old websocket close
    run_async(old.end(manager))
    assert after.connection is new and not new.disposed
    assert before.connection is None and old.disposed  # the old session is marked disconnected all the same


def test_a_websockets_end_still_disconnects_its_own_session():
    keep_reloaded_tabs()
    manager = FletAppManager()
    only = Connection()
    session = serve(manager, only)
    run_async(only.end(manager))
    assert session.connection is None and only.disposed and session.expires_at is not None


class Screen:
    """A control that says when it is drawn."""

    def __init__(self):
        self.drawn = asyncio.Event()

    def update(self):
        self.drawn.set()


async def drawn_while_away() -> bool:
    """Whether a screen that asks to be drawn while its tab is away is drawn (within a generous bound)."""
    session = Session(Connection())
    session.start_updates_scheduler()
    await session.disconnect(60)
    screen = Screen()
    session.schedule_update(screen)
    try:
        await asyncio.wait_for(screen.drawn.wait(), 5)
    except TimeoutError:
        return False
    finally:
        session.close()
    return True


def test_a_screen_is_drawn_while_its_tab_is_away():
    keep_drawing_while_away()
    assert run_async(drawn_while_away())
