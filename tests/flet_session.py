"""Flet's own sessions in one process, without a browser or a socket: a connection that encodes each message as the
web server does and keeps the frames it would send, and a tab opened on a route of an app's entry function. For
tests of what the server sends (`tests.test_views_typed_race`) and the in-process benchmarks
(`benchmarks/bench_tap_server.py`). Uses Flet's `Session` and `Connection` directly (Flet 1.0.5): re-check after a
Flet upgrade."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

ENCODE = configure_encode_object_for_msgpack(BaseControl)


class Recorder(Connection):
    """A connection that encodes each message as the web server does (the encoding also snapshots the controls
    the next diff starts from) and keeps the frames; a call to the browser (reading its storage) is answered
    with nothing, as a phone that has stored no settings answers."""

    def __init__(self) -> None:
        super().__init__()
        self.frames: list[bytes] = []
        self.session: Session | None = None

    def send_message(self, message) -> None:
        """Encode and keep one frame; answer a method call."""
        self.frames.append(b"\x00" + msgpack.packb([message.action, message.body], default=ENCODE))
        if message.action == MessageAction.INVOKE_METHOD:
            body = message.body
            self.loop.call_soon(self.session.handle_invoke_method_results, body.control_id, body.call_id, None, None)


def decoded(frame: bytes) -> Any:
    """A frame as sent, decoded: [action, body]."""
    return msgpack.unpackb(frame[1:], strict_map_key=False, ext_hook=lambda code, data: f"<ext {code}>")


async def settle() -> None:
    """Let the sessions' update schedulers run what the events queued."""
    for _ in range(20):
        await asyncio.sleep(0)


async def connect(main: Callable[[Any], Any], route: str) -> tuple[Session, Recorder]:
    """A session on route at a phone's size, its entry function run and its first frames sent."""
    loop = asyncio.get_running_loop()
    conn = Recorder()
    conn.loop, conn.executor = loop, ThreadPoolExecutor(max_workers=1)
    conn.pubsubhub = PubSubHub(loop, conn.executor)
    sess = conn.session = Session(conn)
    _context_page.set(sess.page)
    sess.apply_page_patch({"route": route, "width": 390, "height": 844})
    msgpack.packb(sess.get_page_patch(), default=ENCODE)
    main(sess.page)
    await sess.after_event(sess.page)
    await settle()
    return sess, conn
