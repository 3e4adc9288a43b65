"""Who may reach the app and who is the host, and what a browser sees when the server fails.

- `SameOrigin` wraps the ASGI app `ft.run(..., export_asgi_app=True)` builds (FastAPI: the page, its assets
  and the `/ws` websocket). It refuses (HTTP 403; the websocket is closed before it is accepted) any request
  whose `Host` is not an address of this machine (an IP address, `localhost`, or this machine's name: a
  DNS-rebinding page cannot pass) and any websocket whose `Origin` is not the page's own address, so a page
  on another site cannot open the websocket and read the table. It drops Flet's `Access-Control-Allow-Origin:
  *` header: no other origin may read any response. It also drops Flet's `Cross-Origin-Opener-Policy` and
  `Cross-Origin-Embedder-Policy` headers, so the page is not cross-origin isolated and Flutter's skwasm renderer
  draws on the page's own thread: isolated, skwasm draws in a second thread (a Web Worker), and the Flutter
  engine of flet-web 1.0.5 shares Skia's glyph cache between the two threads without a lock; under text
  changes the page's memory is corrupted and the tab freezes for good at full CPU (flutter/flutter#190039,
  fixed upstream by flutter/flutter#190048; an A/B with this client, a page of changing texts served with and
  without the headers, froze 7 tabs in 32 tab-minutes with them and none in 31 without). Nothing of ours needs
  the isolation (it is for threads: Pyodide, skwasm's worker). Re-check after a Flet upgrade.
- `HostGuard`: with `--host 0.0.0.0` (phones on the network) the host must prove it is the host: the address
  printed at start carries a token (`/?host=<token>`); the first request with it sets an HttpOnly, SameSite
  cookie and redirects to the address without it, and every websocket with that cookie belongs to the host.
  A tab without it may type the PIN printed at start (5 wrong tries per tab, 20 per server, then only the link
  works); the right PIN also gives the tab a one-time pass (`host_pass`), which the tab opens as the link
  (`/?host=<pass>`) to get the same cookie: a tab that comes back after its session is gone (a phone away longer
  than the session timeout, `views.reconnect`; a closed tab opened again) is then still the host.
  `is_host(page)` is what the views ask; every screen but the join screen, the phone's own settings and the rules
  pages needs it, and deleting a session, dismissing a damaged-file notice and importing (every page has the file
  picker, whose events any tab may send) ask it again.
  On 127.0.0.1 the machine's own user is the host and no proof is asked.
- `hide_tracebacks()`: Flet sends the traceback of an unhandled error in a handler to the browser (paths,
  source lines). After this, the details go to the server's log only and the browser is shown a translated
  message by the app's own handler (`on_crash(page, fn)`), or, without one, a translated line with no details.
"""

from __future__ import annotations

import contextvars
import hmac
import ipaddress
import logging
import secrets
import socket
import weakref
from http.cookies import SimpleCookie
from typing import Any, Awaitable, Callable
from urllib.parse import parse_qs, urlencode

from scoring import i18n
from views.reconnect import returning_page

COOKIE = "tableside_host"
PHONE_COOKIE = "tableside_phone"  # the phone's kept settings as its page read them (assets/index.html)
PIN_TRIES_PER_TAB = 5
PIN_TRIES_PER_SERVER = 20
LOCAL_NAMES = {"localhost"}
log = logging.getLogger("tableside")

_connection_is_host: contextvars.ContextVar[bool] = contextvars.ContextVar("tableside_host", default=False)
_phone_cookie: contextvars.ContextVar[str | None] = contextvars.ContextVar("tableside_phone", default=None)


def phone_cookie() -> str | None:
    """The phone-settings cookie of the websocket being served (for the page's entry function), or None."""
    return _phone_cookie.get()


def web_address(host: str, port: int | None = None, scheme: str = "http") -> str:
    """The address a browser opens for host and port ("http://192.168.1.5:8550"), an IPv6 literal in brackets
    ("http://[fe80::1]:8550": unbracketed, "http://fe80::1:8550" is no address, its last colon read as the port's)."""
    name = f"[{host}]" if ":" in host else host
    return f"{scheme}://{name}:{port}" if port else f"{scheme}://{name}"


class HostGuard:
    """The host's token and PIN, and which pages proved they are the host."""

    def __init__(self, required: bool) -> None:
        """required: whether a page must prove it is the host (True when serving the network)."""
        self.required = required
        self.token = secrets.token_urlsafe(18)
        self.pin = f"{secrets.randbelow(10 ** 6):06d}"
        self._hosts: dict[int, bool] = {}
        self._tries: dict[int, int] = {}
        self._wrong = 0
        self._passes: set[str] = set()

    def host_url(self, host: str, port: int) -> str:
        """The address that makes a browser the host, on host and port (`web_address`)."""
        return f"{web_address(host, port)}/?{urlencode({'host': self.token})}"

    def token_ok(self, given: str | None) -> bool:
        """Whether given is the host token (constant-time comparison)."""
        return bool(given) and hmac.compare_digest(str(given).encode(), self.token.encode())

    def admit(self, page: Any) -> None:
        """Remember, for a newly connected page, whether its connection carried the host's cookie, or its tab came
        back from a page that was the host's (admitted by the PIN: a tab that comes back gets a new session,
        `views.reconnect`)."""
        key = id(page)
        left = returning_page()
        self._hosts[key] = _connection_is_host.get() or (left is not None and self._hosts.get(id(left), False))
        weakref.finalize(page, self._forget, key)

    def _forget(self, key: int) -> None:
        """A page is gone."""
        self._hosts.pop(key, None)
        self._tries.pop(key, None)

    def is_host(self, page: Any) -> bool:
        """Whether the page may do what only the host may (always, when no proof is required)."""
        return not self.required or self._hosts.get(id(page), False)

    def try_pin(self, page: Any, pin: str) -> bool:
        """Make the page the host if pin is right; False (and one try used) if not, or if tries are used up."""
        key = id(page)
        if self._tries.get(key, 0) >= PIN_TRIES_PER_TAB or self._wrong >= PIN_TRIES_PER_SERVER:
            return False
        if hmac.compare_digest(str(pin).strip().encode(), self.pin.encode()):
            self._hosts[key] = True
            return True
        self._tries[key] = self._tries.get(key, 0) + 1
        self._wrong += 1
        return False

    def host_pass(self, page: Any) -> str | None:
        """A new one-time pass that sets the host's cookie (`/?host=<pass>`), for a page that is the host; else None."""
        if not self.required or not self.is_host(page):
            return None
        given = secrets.token_urlsafe(18)
        self._passes.add(given)
        return given

    def take_pass(self, given: str | None) -> bool:
        """Whether given is an unused pass (it is used up by this)."""
        found = next((p for p in self._passes if hmac.compare_digest(str(given or "").encode(), p.encode())), None)
        self._passes.discard(found)
        return found is not None

    def tries_left(self, page: Any) -> int:
        """How many PIN tries this page has left."""
        return max(0, min(PIN_TRIES_PER_TAB - self._tries.get(id(page), 0), PIN_TRIES_PER_SERVER - self._wrong))


def own_names() -> set[str]:
    """Host names that mean this machine (besides IP addresses)."""
    names = set(LOCAL_NAMES)
    for name in (socket.gethostname(), socket.getfqdn()):
        if name:
            names |= {name.lower(), f"{name.lower()}.local"}
    return names


def _hostname(host_header: str) -> str:
    """The name part of a Host header (`[::1]:8550` → `::1`, `a.b:80` → `a.b`)."""
    if host_header.startswith("["):
        return host_header[1:].split("]", 1)[0]
    return host_header.rsplit(":", 1)[0] if host_header.count(":") == 1 else host_header


def host_allowed(host_header: str, names: set[str]) -> bool:
    """Whether a Host header names this machine: an IP address or one of its own names."""
    name = _hostname(host_header).lower()
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return name in names


Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict]]
Send = Callable[[dict], Awaitable[None]]


class SameOrigin:
    """ASGI middleware: same-origin websockets only, hosts of this machine only, no wildcard CORS, host cookie."""

    def __init__(self, app: Callable, guard: HostGuard, names: set[str] | None = None) -> None:
        self.app = app
        self.guard = guard
        self.names = own_names() if names is None else names

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Check one connection, then hand it to the app (or refuse it)."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host", "")
        if not host_allowed(host, self.names):
            await self._refuse(scope, send)
            return
        if scope["type"] == "websocket":
            origin = headers.get("origin", "")
            if origin not in (f"http://{host}", f"https://{host}"):
                log.warning("refused a websocket from origin %r (host %r)", origin, host)
                await self._refuse(scope, send)
                return
            cookie = SimpleCookie()
            cookie.load(headers.get("cookie", ""))
            _connection_is_host.set(COOKIE in cookie and self.guard.token_ok(cookie[COOKIE].value))
            _phone_cookie.set(cookie[PHONE_COOKIE].value if PHONE_COOKIE in cookie else None)
            await self.app(scope, receive, send)
            return
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        if "host" in query:
            await self._redirect(scope, send, query)
            return
        await self.app(scope, receive, _without_flet_headers(send))

    async def _refuse(self, scope: Scope, send: Send) -> None:
        """403 for a request; a websocket is closed before it is accepted (the browser sees 403)."""
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        await send({"type": "http.response.start", "status": 403,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8")]})
        await send({"type": "http.response.body", "body": b"403 Forbidden\n"})

    async def _redirect(self, scope: Scope, send: Send, query: dict) -> None:
        """Set the host cookie when the token (or an unused pass) is right, then go to the same address without
        it."""
        rest = {k: v for k, v in query.items() if k != "host"}
        location = (scope.get("root_path", "") + scope["path"]) + (f"?{urlencode(rest, doseq=True)}" if rest else "")
        headers = [(b"location", location.encode("latin-1")), (b"cache-control", b"no-store")]
        if self.guard.token_ok(query["host"][0]) or self.guard.take_pass(query["host"][0]):
            headers.append((b"set-cookie", f"{COOKIE}={self.guard.token}; Path=/; HttpOnly; SameSite=Strict"
                            .encode("latin-1")))
        await send({"type": "http.response.start", "status": 303, "headers": headers})
        await send({"type": "http.response.body", "body": b""})


DROPPED_HEADERS = (b"access-control-allow-origin", b"cross-origin-opener-policy", b"cross-origin-embedder-policy")


def _without_flet_headers(send: Send) -> Send:
    """A send that drops Flet's wildcard CORS header and its cross-origin isolation headers (see above)."""

    async def wrapped(message: dict) -> None:
        """Filter the headers of a response start."""
        if message["type"] == "http.response.start":
            message = {**message, "headers": [(k, v) for k, v in message.get("headers", [])
                                              if k.lower() not in DROPPED_HEADERS]}
        await send(message)

    return wrapped


_crash_handlers: dict[int, Callable[[], None]] = {}


def on_crash(page: Any, handler: Callable[[], None]) -> None:
    """What to do on page when one of its handlers fails (e.g. show a translated message and render again)."""
    _crash_handlers[id(page)] = handler


def forget(page: Any) -> None:
    """Drop page's crash handler: its session closed (`views.app.forget_on_close`)."""
    _crash_handlers.pop(id(page), None)


def hide_tracebacks(lang: Callable[[], str] = lambda: i18n.DEFAULT) -> None:
    """Keep error details on the server: Flet's `Session.error` logs them and shows the page's own message."""
    from flet.messaging.session import Session

    if getattr(Session.error, "tableside", False):
        return
    send_to_browser = Session.error

    def error(session: Any, message: str) -> None:
        """Log the details; let the app say it in words, or send a translated line without details."""
        log.error("error in a browser session: %s", message)
        handler = _crash_handlers.get(id(session.page))
        if handler is not None:
            try:
                handler()
                return
            except Exception:
                log.exception("the crash handler failed too")
        send_to_browser(session, i18n.text(lang(), "app.crashed"))

    error.tableside = True
    Session.error = error
