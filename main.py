"""Start Tableside: `python main.py` serves the app in the browser (web mode, offline, no CDN).

    python main.py [--port N] [--host 0.0.0.0] [--data DIR]

By default it listens on 127.0.0.1:8550 and keeps its data in a per-user folder; `--port 0` takes any free port
(the address printed says which); `--host 0.0.0.0` (or `::`) lets phones on the same network join. The address is
printed once the server listens (an IPv6 one in brackets: `http://[::1]:8550`); serving the network, also the
host's address (with its token) and PIN, which only the host may see: other phones get the join screen (see
`views/guard.py`, which also refuses websockets from other origins and keeps tracebacks off the browser).
The server listens as soon as the data folder is claimed: what the home screen draws (its views, the engines)
and the catalogue are loaded in the background while the first browser loads the web client (`Server.warm`,
which stands aside while a request is being answered: `Requests`, `stand_aside`), and a tab that connects
before that is done waits for it.
Ctrl-C or one SIGTERM closes the store (every action is already saved when it is accepted) and exits, even when
standard output is gone (a closed pipe, or none at all: `>&-`). A second server on the same data folder is refused
with a message (exit 1); a read-only data folder opens read-only. Built as a phone app (`flet build`, where Flet sets
FLET_PLATFORM) it runs the same shell the platform's way, with its data in the app's storage folder.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import socket
import sys
import tempfile
import time
from contextlib import suppress
from pathlib import Path
from threading import Event, Thread, get_ident
from typing import Any, Callable

import flet as ft
import uvicorn
from flet.utils import is_embedded

from scoring.core import RuleError
from scoring.i18n import LANGUAGES, error_text
from storage import Store
from storage.exports import MAX_FILE_BYTES
from views.guard import HostGuard, SameOrigin, hide_tracebacks, web_address
from views.lost_taps import answer_lost_inputs
from views.reconnect import end_failed_sends, fresh_session_on_return, keep_reloaded_tabs

HERE = Path(__file__).resolve().parent
ASSETS = HERE / "assets"
DEFAULT_PORT = 8550
APP_NAME = "tableside"
ASIDE_STEP = 0.002  # seconds the warm-up sleeps at a time while a request is being answered …
ASIDE_MAX = 3.0  # … and at most in all (a long upload must not keep the first screen waiting)
API_PAGES = {"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"}  # FastAPI's, not the app's
EVERY_ADDRESS = ("0.0.0.0", "::", "")  # listening on every address: the one shown is the LAN's (`::`: the IPv6 one)
SESSION_TIMEOUT = 5  # seconds Flet keeps a tab's session once its websocket ended: none is resumed (views.reconnect)


def default_data_dir() -> Path:
    """The per-user data folder: the app's storage on a phone, else XDG/AppData/~/.local/share."""
    if os.environ.get("FLET_APP_STORAGE_DATA"):
        return Path(os.environ["FLET_APP_STORAGE_DATA"])
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / APP_NAME
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP_NAME
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / APP_NAME


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="main.py", description="Tableside: score keeper and referee.")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"port to listen on (default {DEFAULT_PORT}; 0: any free one, printed)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on; 0.0.0.0 lets phones join")
    parser.add_argument("--data", type=Path, default=None, help="data folder (default: a per-user folder)")
    return parser.parse_args(argv)


def say(text: str) -> None:
    """Print a line for the person who started the server; a closed standard output is not an error."""
    try:
        print(text, flush=True)
    except (OSError, ValueError):
        pass


def in_every_language(err: RuleError) -> str:
    """A refusal in each of the app's languages, for the terminal."""
    return " / ".join(error_text(lang, err) for lang in reversed(LANGUAGES))


class Server(uvicorn.Server):
    """Uvicorn that prints the address once it listens and exits on the first Ctrl-C / SIGTERM."""

    def __init__(self, config: uvicorn.Config, store: Store, host: str, port: int, guard: HostGuard,
                 ready: Event | None = None, uploads: str | None = None):
        super().__init__(config)
        self.store, self.host, self.port, self.guard, self.uploads = store, host, port, guard, uploads
        self.ready = ready or Event()
        self.requests = config.app if isinstance(config.app, Requests) else None
        self.loop_thread: int | None = None

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        """Start listening, then print where (the port the system gave, when asked for port 0; and, serving the
        network, the host's address and PIN); the views are loaded and the catalogue read meanwhile (`warm`)."""
        await super().startup(sockets)
        if not self.port and self.servers:
            self.port = self.servers[0].sockets[0].getsockname()[1]
        self.loop_thread = get_ident()
        Thread(target=self.warm, name="tableside-warm", daemon=True).start()
        if self.host in EVERY_ADDRESS:
            from views.table import lan_address

            shown = lan_address(ipv6=":" in self.host)
        else:
            shown = self.host
        say(f"Tableside: {web_address(shown, self.port)}")
        if self.guard.required:
            say(f"Tableside: host address (keep it to yourself): {self.guard.host_url(shown, self.port)}")
            say(f"Tableside: host PIN: {self.guard.pin}")

    def warm(self) -> None:
        """Load what the home screen draws and read the catalogue (`views.app.warm_up`) while the first browser
        is still loading the web client, so the first home screen waits for neither; then let tabs start
        (`ready`) and load what a tap's render would load (`views.app.warm_later`). A problem is left for the home
        screen to report."""
        if self.requests is not None:
            sys.setprofile(stand_aside(self.requests, self.loop_thread))
        try:
            from views.app import warm_up

            with suppress(RuleError, RuntimeError):
                warm_up(self.store)
        finally:
            sys.setprofile(None)
            self.ready.set()
        from views.app import warm_later

        if self.requests is not None:
            sys.setprofile(stand_aside(self.requests, self.loop_thread))
        try:
            warm_later()
        finally:
            sys.setprofile(None)

    def handle_exit(self, sig: int, frame: object) -> Thread:
        """Stop from a thread of its own, so a busy or stuck event loop cannot keep the server from stopping on
        the first signal; the store's lock keeps the close out of any write in progress (in any thread)."""
        stopper = Thread(target=self.stop_now, name="tableside-stop", daemon=True)
        stopper.start()
        return stopper

    def stop_now(self) -> None:
        """Write the drafts not yet written (`views.session.flush_drafts`), close the store (waiting for a write in
        progress to finish), remove the folder for uploaded imports and
        Flet's folder for the patched index page (its own shutdown, which removes it, never runs: the exit does not
        wait) and leave without waiting for open browser connections; a closed standard output does not stop the
        exit."""
        try:
            screens = sys.modules.get("views.session")  # not loaded: no screen ever kept a draft
            if screens is not None:
                with suppress(Exception):  # a draft is not worth a server that does not stop
                    screens.flush_drafts(self.store)
            self.store.close()
            if self.uploads:
                shutil.rmtree(self.uploads, ignore_errors=True)
            from flet_web.fastapi import app_manager

            app_manager.delete_temp_dirs()
            say("Tableside: stopped")
        finally:
            os._exit(0)


class Requests:
    """ASGI middleware counting the HTTP requests being answered (`active`), so that the warm-up thread can stand
    aside while the browser loads the web client (`stand_aside`)."""

    def __init__(self, app: Callable) -> None:
        self.app = app
        self.active = 0

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Count an HTTP request while it is answered; pass anything else on."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        self.active += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.active -= 1


def importing(thread: int | None) -> bool:
    """Whether a thread is inside Python's import machinery (perhaps waiting for a module another thread is
    importing)."""
    frame = sys._current_frames().get(thread)
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


def stand_aside(requests: Requests, loop_thread: int | None) -> Callable[..., None]:
    """A profile hook for the warm-up thread: at each Python call it sleeps while a request is being answered
    (at most ASIDE_MAX in all), handing the interpreter to the server's loop, unless the loop is importing (it may
    be waiting for a module the warm-up is importing: standing aside then held a page for ASIDE_MAX).

    Measured: loading the views and drawing the home once (about 0.4 s of CPU) in a thread beside the server
    slowed the browser's first requests, each a chain of steps that must win the interpreter back from the thread
    (the page 0.02 s → 0.15 s, `main.dart.js` 0.05 s → 0.19 s), which put 0.2–0.3 s on the start-up."""
    waited = [0.0]

    def hook(frame: Any, event: str, arg: Any) -> None:
        """Sleep while the server answers a request."""
        while event == "call" and requests.active and waited[0] < ASIDE_MAX and not importing(loop_thread):
            time.sleep(ASIDE_STEP)
            waited[0] += ASIDE_STEP

    return hook


def entry(store: Store, guard: HostGuard, uploads: str, ready: Event) -> Callable[[Any], None]:
    """Flet's entry function for each new page: it waits until the views are loaded (`ready`, set by
    `Server.warm` a fraction of a second after the server listens), then starts the shell (`views.app.main_for`).

    The wait blocks the server's loop, on purpose: only a tab that reconnects the moment the server is back (its
    web client already loaded) can arrive that early, and an entry function that awaits lets that tab's
    connection be replaced (a reload) while the page is half made: Flet then fails the session ("'NoneType'
    object has no attribute 'after_event'") and the page's next tap is never answered (seen in a browser test
    that restarts the server and reloads)."""

    def main(page: Any) -> None:
        """Start the shell on a newly connected page once the views are loaded."""
        ready.wait()
        from views.app import main_for

        main_for(store, guard, uploads)(page)

    return main


def serve(args: argparse.Namespace) -> int:
    """Serve the app on the web until stopped; 1 if the data folder cannot be used."""
    data = args.data or default_data_dir()
    try:
        store = Store(data, exclusive=True)
    except RuleError as err:
        say(f"Tableside: {in_every_language(err)}")
        return 1
    guard = HostGuard(required=args.host not in ("127.0.0.1", "localhost", "::1"))
    hide_tracebacks(lambda: store.settings().get("lang", "zh-CN"))
    keep_reloaded_tabs()
    fresh_session_on_return()
    end_failed_sends()
    answer_lost_inputs()
    uploads = tempfile.mkdtemp(prefix="tableside-uploads-")
    os.environ.setdefault("FLET_SECRET_KEY", secrets.token_hex(32))
    os.environ["FLET_MAX_UPLOAD_SIZE"] = str(MAX_FILE_BYTES)
    os.environ.setdefault("FLET_SESSION_TIMEOUT", str(SESSION_TIMEOUT))
    ready = Event()
    app = without_api_pages(ft.run(entry(store, guard, uploads, ready), export_asgi_app=True, assets_dir=str(ASSETS),
                                   no_cdn=True, upload_dir=uploads))
    config = uvicorn.Config(Requests(SameOrigin(app, guard)), host=args.host, port=args.port, log_level="warning",
                            ws="websockets-sansio")
    say(f"Tableside: data in {data}")
    if store.read_only:
        say(f"Tableside: {in_every_language(RuleError('storage.read_only_folder', folder=str(data)))}")
    Server(config, store, args.host, args.port, guard, ready, uploads).run()
    return 0


def without_api_pages(app: Any) -> Any:
    """Flet's web app without FastAPI's own pages (/docs, /redoc, /openapi.json and the docs' OAuth page): no route
    stands behind them, and /docs and /redoc load their scripts from a CDN, which an offline app never asks for;
    those addresses then open the app as any unknown one does."""
    app.router.routes = [route for route in app.router.routes if getattr(route, "path", None) not in API_PAGES]
    for mounted in (route.app for route in app.router.routes if hasattr(getattr(route, "app", None), "router")):
        without_api_pages(mounted)  # Flet mounts its own FastAPI app, pages and all, inside the one it returns
    return app


def streams_to_nowhere() -> None:
    """A standard output or error that was never opened (`>&-`: Python's sys.stdout is None) is the null device:
    uvicorn's log formatter asks `sys.stdout.isatty()`, and the server exited at start with a traceback."""
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Run the app: web server here, the platform's way inside a phone build."""
    streams_to_nowhere()
    if is_embedded():
        from views.app import main_for

        data = default_data_dir()
        hide_tracebacks()
        ft.run(main_for(Store(data)), assets_dir=str(ASSETS))
        return 0
    return serve(parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
