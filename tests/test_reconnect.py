"""A reloaded tab keeps its connection (views.reconnect): the old websocket's late end no longer cuts off the
session a new websocket made under the same key, with Flet's own session manager and sessions. A tab that comes
back to the session it left (its websocket dropped, or a reload) is not given that session again: it is closed and
the tab gets a new one (Flet's web client, given the old session's page, no longer draws what it is sent); a
session another websocket still serves is left to Flet. A screen's tab is gone once its websocket ended. A
websocket that dies while it is sent to ends its session as any other does."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

from fastapi import WebSocketDisconnect
from flet_web.fastapi.flet_app import FletApp
from flet_web.fastapi.flet_app_manager import app_manager

from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub
from flet_web.fastapi.flet_app_manager import FletAppManager

from tests.helpers import run_async
from views.reconnect import end_failed_sends, fresh_session_on_return, keep_reloaded_tabs, returning_page, tab_gone

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


async def come_back(manager: FletAppManager) -> tuple:
    """What Flet's handler of a tab's new websocket gets for the session the tab names, and the returning page
    (read in the same task, as the page's entry function is started from it)."""
    found = await manager.get_session(KEY)
    return found, returning_page()


def test_a_tab_that_comes_back_gets_a_new_session():
    fresh_session_on_return()
    manager = FletAppManager()
    left = Connection()
    session = serve(manager, left)
    run_async(left.end(manager))
    assert tab_gone(session.page)
    found, returning = run_async(come_back(manager))
    assert found is None and returning is session.page
    assert run_async(manager.get_session(KEY)) is None  # closed and forgotten at once, not kept for an hour


def test_a_session_another_websocket_serves_is_left_to_flet():
    fresh_session_on_return()
    manager = FletAppManager()
    session = serve(manager, Connection())
    found, returning = run_async(come_back(manager))
    assert found is session and returning is None and not tab_gone(session.page)


class DyingSocket:
    """A browser's websocket that dies while the server sends to it: the send fails, then its receive ends."""

    def __init__(self):
        self.client, self.headers, self.cookies = None, {}, {}
        self.url = SimpleNamespace(path="/ws", __str__=lambda: "http://127.0.0.1/ws")
        self.receiving, self.closed = asyncio.Event(), asyncio.Event()

    async def accept(self):
        pass

    async def send_bytes(self, data):
        self.closed.set()
        raise WebSocketDisconnect(code=1006)

    async def receive_bytes(self):
        self.receiving.set()
        await self.closed.wait()
        raise WebSocketDisconnect(code=1006)


async def die_while_sent_to(connection: FletApp, socket: DyingSocket) -> tuple[Session, str]:
    """Flet's handler serving the socket, its session registered; a patch queued for the tab once it listens, which
    its death fails: the session and its key."""
    connection.loop = asyncio.get_running_loop()
    connection.pubsubhub = PubSubHub()
    session = Session(connection)
    connection._FletApp__session = session
    handled = asyncio.create_task(connection.handle(socket))
    await socket.receiving.wait()
    key = connection._FletApp__get_unique_session_id(session.id)
    await app_manager.add_session(key, session)
    connection._FletApp__send_queue.put_nowait(b"a patch")
    await handled
    return session, key


def test_a_tab_that_dies_while_sent_to_is_disconnected_with_a_line_in_the_log(caplog):
    """Before: Flet's handler raised the failed send (a chained ClientDisconnected traceback in the log) before it
    disconnected the session, which stayed connected to the dead websocket, drawn and queued for, until the
    server stopped."""
    end_failed_sends()
    with caplog.at_level(logging.INFO, logger="tableside"):
        session, key = run_async(die_while_sent_to(FletApp(None, ThreadPoolExecutor(1), lambda page: None, None),
                                                   DyingSocket()))
    try:
        assert session.connection is None and session.expires_at is not None
        assert "a tab closed while it was being sent to (WebSocketDisconnect)" in caplog.text
    finally:
        run_async(app_manager.delete_session(key))
