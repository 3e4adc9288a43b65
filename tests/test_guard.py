"""views/guard.py and main.py's server: only the app's own origin and this machine's names reach it, no wildcard
CORS, the host proves itself with the printed link or PIN, and tracebacks stay on the server."""

from __future__ import annotations

import socket
import urllib.error
import urllib.request

import pytest

from scoring.i18n import text
from tests.browser.conftest import start_server, stop_server
from tests.helpers import run_async
from views import guard, reconnect
from views.guard import COOKIE, HostGuard, SameOrigin, host_allowed, web_address


class Recorder:
    """A stand-in ASGI app: records the scopes it was given and whether the host flag was set."""

    def __init__(self):
        self.calls, self.hosts = [], []

    async def __call__(self, scope, receive, send):
        self.calls.append(scope["type"])
        self.hosts.append(guard._connection_is_host.get())
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": 200,
                        "headers": [(b"access-control-allow-origin", b"*"), (b"content-type", b"text/html"),
                                    (b"Cross-Origin-Opener-Policy", b"same-origin"),
                                    (b"Cross-Origin-Embedder-Policy", b"require-corp")]})
            await send({"type": "http.response.body", "body": b"ok"})


def call(app, kind: str, headers: dict, path: str = "/", query: str = "") -> list[dict]:
    """Run one request or websocket through the middleware; the messages it sent."""
    sent = []

    async def receive():
        return {"type": "websocket.connect"} if kind == "websocket" else {"type": "http.request", "body": b""}

    async def send(message):
        sent.append(message)

    scope = {"type": kind, "path": path, "root_path": "", "query_string": query.encode(),
             "headers": [(k.encode(), v.encode()) for k, v in headers.items()]}
    run_async(app(scope, receive, send))
    return sent


@pytest.fixture
def wrapped():
    """The middleware around a recorder, for a server that requires the host's proof."""
    inner = Recorder()
    return SameOrigin(inner, HostGuard(required=True), names={"localhost", "tablebox"}), inner


def test_websocket_from_another_origin_is_refused_before_accept(wrapped):
    """A page on another site replaying the register frame never reaches Flet."""
    app, inner = wrapped
    for origin in ("http://evil.example", "http://127.0.0.1:9999", "null", ""):
        sent = call(app, "websocket", {"host": "127.0.0.1:8550", "origin": origin})
        assert sent == [{"type": "websocket.close", "code": 1008}] and inner.calls == []


def test_websocket_from_the_own_origin_passes_with_the_host_flag_of_its_cookie(wrapped):
    """Same origin passes; only the right cookie makes the connection the host's."""
    app, inner = wrapped
    call(app, "websocket", {"host": "192.168.1.5:8550", "origin": "http://192.168.1.5:8550"})
    call(app, "websocket", {"host": "192.168.1.5:8550", "origin": "http://192.168.1.5:8550",
                            "cookie": f"{COOKIE}=wrong"})
    call(app, "websocket", {"host": "192.168.1.5:8550", "origin": "http://192.168.1.5:8550",
                            "cookie": f"other=1; {COOKIE}={app.guard.token}"})
    assert inner.calls == ["websocket"] * 3 and inner.hosts == [False, False, True]


@pytest.mark.parametrize("host,ok", [("127.0.0.1:8550", True), ("[::1]:8550", True), ("localhost:8550", True),
                                     ("tablebox:8550", True), ("10.0.0.7", True), ("evil.example:8550", False),
                                     ("127.0.0.1.nip.io:8550", False), ("", False)])
def test_only_this_machines_names_are_served(host, ok):
    """A DNS-rebinding name (another site resolving to this machine) is refused; IP addresses pass."""
    assert host_allowed(host, {"localhost", "tablebox"}) is ok


def test_rebinding_host_gets_403_and_no_page(wrapped):
    """An HTTP request with a foreign Host is refused."""
    app, inner = wrapped
    sent = call(app, "http", {"host": "evil.example:8550"})
    assert sent[0]["status"] == 403 and inner.calls == []


def test_no_wildcard_cors_header_and_no_isolation(wrapped):
    """Flet's `Access-Control-Allow-Origin: *` and its cross-origin isolation headers (which make skwasm draw
    in a second thread, where the bundled Flutter engine can freeze the tab) are dropped from every response;
    the rest are kept."""
    app, _ = wrapped
    sent = call(app, "http", {"host": "127.0.0.1:8550"})
    assert sent[0]["status"] == 200
    assert [k for k, _ in sent[0]["headers"]] == [b"content-type"]


def test_host_link_sets_the_cookie_and_hides_the_token(wrapped):
    """`/?host=<token>` sets an HttpOnly SameSite cookie and redirects to the address without the token."""
    app, _ = wrapped
    sent = call(app, "http", {"host": "127.0.0.1:8550"}, "/play/x", f"host={app.guard.token}&a=1")
    headers = dict(sent[0]["headers"])
    assert sent[0]["status"] == 303 and headers[b"location"] == b"/play/x?a=1"
    assert headers[b"set-cookie"].decode().startswith(f"{COOKIE}={app.guard.token};")
    assert b"HttpOnly" in headers[b"set-cookie"] and b"SameSite=Strict" in headers[b"set-cookie"]
    wrong = call(app, "http", {"host": "127.0.0.1:8550"}, "/", "host=guess")
    assert wrong[0]["status"] == 303 and b"set-cookie" not in dict(wrong[0]["headers"])


class FakePage:
    """A page object (only its identity matters to the guard)."""


def test_host_guard_pin_and_its_limits():
    """Without proof a page is not the host; the PIN makes it so; 5 wrong tries lock a tab, 20 the server."""
    hosts = HostGuard(required=True)
    page = FakePage()
    hosts.admit(page)
    assert not hosts.is_host(page)
    assert not hosts.try_pin(page, "x") and hosts.tries_left(page) == 4
    assert hosts.try_pin(page, hosts.pin) and hosts.is_host(page)
    locked = FakePage()
    for _ in range(5):
        assert not hosts.try_pin(locked, "nope")
    assert not hosts.try_pin(locked, hosts.pin) and hosts.tries_left(locked) == 0
    others = [FakePage() for _ in range(4)]
    for other in others:
        for _ in range(5):
            hosts.try_pin(other, "nope")
    assert not hosts.try_pin(FakePage(), hosts.pin)
    assert HostGuard(required=False).is_host(FakePage())


def test_tracebacks_stay_on_the_server(monkeypatch, caplog):
    """Flet's session error: the app's handler runs instead; without one, a translated line with no details."""
    from flet.messaging.session import Session

    sent = []
    monkeypatch.setattr(Session, "error", lambda session, message: sent.append(message))
    guard.hide_tracebacks(lambda: "en")

    class FakeSession:
        """What the patched error needs of a session."""
        page = FakePage()

    details = 'boom\nTraceback (most recent call last):\n  File "/work/views/home.py", line 3'
    Session.error(FakeSession(), details)
    assert sent == [text("en", "app.crashed")]
    handled = []
    guard.on_crash(FakeSession.page, lambda: handled.append(True))
    Session.error(FakeSession(), details)
    assert handled == [True] and len(sent) == 1
    assert "/work/views/home.py" in caplog.text


def raw_request(port: int, lines: list[str]) -> str:
    """Send a raw HTTP request; the status line and headers of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = sock.recv(4096)
            if not chunk:
                break
            answer += chunk
        return answer.decode("latin-1")


def body_of(url: str) -> bytes:
    """What the server answers at url, whatever its status (a name with a file extension not found: 404)."""
    try:
        with urllib.request.urlopen(url, timeout=30) as page:
            return page.read()
    except urllib.error.HTTPError as err:
        return err.read()


def test_the_real_server_refuses_foreign_websockets_and_sends_no_cors(tmp_path):
    """main.py end to end: a websocket from another origin gets 403, the own origin is upgraded, no `*` CORS; FastAPI's
    own pages (/docs loaded Swagger UI from a CDN) are not served: those addresses open the app."""
    server = start_server(tmp_path)
    try:
        upgrade = ["GET /ws HTTP/1.1", f"Host: 127.0.0.1:{server.port}", "Upgrade: websocket",
                   "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13"]
        assert " 403 " in raw_request(server.port, [*upgrade, "Origin: http://evil.example"]).split("\r\n")[0]
        assert " 101 " in raw_request(server.port, [*upgrade, f"Origin: http://127.0.0.1:{server.port}"]
                                      ).split("\r\n")[0]
        with urllib.request.urlopen(server.url + "/", timeout=30) as page:
            assert page.status == 200 and page.headers.get("Access-Control-Allow-Origin") is None
            home = page.read()
        for route in ("/docs", "/redoc", "/openapi.json", "/docs/oauth2-redirect"):  # FastAPI's pages: a CDN's
            assert body_of(server.url + route) == home, route  # scripts, nothing behind them
    finally:
        assert stop_server(server) == 0


def test_a_tab_admitted_by_the_pin_stays_the_host_when_it_comes_back_in_a_new_session():
    """A tab that comes back gets a new session and page (`views.reconnect`): the page it left, admitted by the
    PIN, makes the new one the host's; a page that was not admitted does not."""
    hosts = HostGuard(required=True)
    admitted, stranger = FakePage(), FakePage()
    for page in (admitted, stranger):
        hosts.admit(page)
    assert hosts.try_pin(admitted, hosts.pin)
    back, other = FakePage(), FakePage()
    for left, page in ((admitted, back), (stranger, other)):
        token = reconnect._returning.set(left)
        try:
            hosts.admit(page)
        finally:
            reconnect._returning.reset(token)
    assert hosts.is_host(back) and not hosts.is_host(other)


def test_the_pin_gives_a_one_time_pass_that_sets_the_host_cookie(wrapped):
    """A tab admitted by the PIN gets a pass; `/?host=<pass>` sets the host's cookie once (a tab that comes back
    after its session is gone is then still the host); a stranger gets no pass, a used pass sets nothing."""
    app, _ = wrapped
    admitted, stranger = FakePage(), FakePage()
    for page in (admitted, stranger):
        app.guard.admit(page)
    assert app.guard.host_pass(stranger) is None
    assert app.guard.try_pin(admitted, app.guard.pin)
    given = app.guard.host_pass(admitted)
    sent = call(app, "http", {"host": "127.0.0.1:8550"}, "/play/x", f"host={given}")
    headers = dict(sent[0]["headers"])
    assert sent[0]["status"] == 303 and headers[b"location"] == b"/play/x"
    assert headers[b"set-cookie"].decode().startswith(f"{COOKIE}={app.guard.token};")
    again = call(app, "http", {"host": "127.0.0.1:8550"}, "/", f"host={given}")
    assert b"set-cookie" not in dict(again[0]["headers"])


@pytest.mark.parametrize("route,back", [("/play/abc", "/play/abc?host=P"), ("/stats?x=1", "/stats?x=1&host=P"),
                                        ("", "/?host=P"), ("//attacker.example/steal", "/?host=P"),
                                        ("/\\attacker.example", "/?host=P"), ("https://attacker.example", "/?host=P")])
def test_the_one_time_pass_only_comes_back_to_a_path_on_this_server(route, back):
    """A tab that typed the host PIN is sent through a link with a one-time pass back to its route; a route the
    tab named as another site ("//attacker.example/steal", sent by a raw client) sent the pass there too. It comes
    back to the home screen instead."""
    from views.host_gate import pass_link

    assert pass_link(route, "P") == back


def test_an_ipv6_address_is_bracketed_in_every_address_shown():
    """An IPv6 literal in an address reads "http://[fe80::1]:8630" (unbracketed, its last colon read as the port's);
    an IPv4 address or a name as it is; the host's link too."""
    assert web_address("fe80::1", 8630) == "http://[fe80::1]:8630"
    assert web_address("::1", None, "https") == "https://[::1]"
    assert web_address("192.168.1.5", 8630) == "http://192.168.1.5:8630"
    assert web_address("tableside.local", 80) == "http://tableside.local:80"
    guard = HostGuard(required=True)
    assert guard.host_url("fe80::1", 8630) == f"http://[fe80::1]:8630/?host={guard.token}"
    assert guard.host_url("192.168.1.5", 8630) == f"http://192.168.1.5:8630/?host={guard.token}"


def test_the_join_address_brackets_an_ipv6_host_and_puts_the_lan_address_for_a_loopback_one(monkeypatch):
    """A phone joins at the host page's own address: an IPv6 one bracketed; IPv6's loopback (or every address, ::)
    replaced by the IPv6 LAN address, bracketed, as 127.0.0.1 is by the IPv4 one."""
    from views import table
    monkeypatch.setattr(table, "lan_address", lambda ipv6=False: "fd00::2" if ipv6 else "192.168.1.5")
    assert table.join_address("ws://[fe80::1]:8630/ws", "s1") == "http://[fe80::1]:8630/join/s1"
    assert table.join_address("wss://[2001:db8::7]/ws", "s1") == "https://[2001:db8::7]/join/s1"
    for local in ("ws://[::1]:8630/ws", "ws://[::]:8630/ws"):
        assert table.join_address(local, "s1") == "http://[fd00::2]:8630/join/s1"
    assert table.join_address("ws://127.0.0.1:8630/ws", "s1") == "http://192.168.1.5:8630/join/s1"
    assert table.join_address("ws://192.168.1.9:8630/ws", "s1") == "http://192.168.1.9:8630/join/s1"
