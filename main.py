"""Start Tableside: `python main.py` serves the app in the browser (web mode, offline, no CDN).

    python main.py [--port N] [--host 0.0.0.0] [--data DIR]

By default it listens on 127.0.0.1:8550 and keeps its data in a per-user folder; `--host 0.0.0.0` lets phones on
the same network join. The address is printed once the server listens. Ctrl-C or one SIGTERM closes the store
(every action is already saved when it is accepted) and exits. Built as a phone app (`flet build`, where Flet
sets FLET_PLATFORM) it runs the same shell the platform's way, with its data in the app's storage folder.
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
from pathlib import Path
from threading import Thread

import flet as ft
import uvicorn
from flet.utils import is_embedded

from storage import Store
from views.app import main_for

HERE = Path(__file__).resolve().parent
ASSETS = HERE / "assets"
DEFAULT_PORT = 8550
APP_NAME = "tableside"


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
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port to listen on (default {DEFAULT_PORT})")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on; 0.0.0.0 lets phones join")
    parser.add_argument("--data", type=Path, default=None, help="data folder (default: a per-user folder)")
    return parser.parse_args(argv)


def lan_address() -> str:
    """This machine's address on the local network, as phones would use it (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


class Server(uvicorn.Server):
    """Uvicorn that prints the address once it listens and exits on the first Ctrl-C / SIGTERM."""

    def __init__(self, config: uvicorn.Config, store: Store, host: str, port: int):
        super().__init__(config)
        self.store, self.host, self.port = store, host, port

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        """Start listening, then print where."""
        await super().startup(sockets)
        shown = lan_address() if self.host in ("0.0.0.0", "") else self.host
        print(f"Tableside: http://{shown}:{self.port}", flush=True)

    def handle_exit(self, sig: int, frame: object) -> Thread:
        """Stop from a thread of its own, so a busy or stuck event loop cannot keep the server from stopping on
        the first signal; the store's lock keeps the close out of any write in progress (in any thread)."""
        stopper = Thread(target=self.stop_now, name="tableside-stop", daemon=True)
        stopper.start()
        return stopper

    def stop_now(self) -> None:
        """Close the store (waiting for a write in progress to finish) and leave without waiting for open
        browser connections."""
        self.store.close()
        print("Tableside: stopped", flush=True)
        os._exit(0)


def serve(args: argparse.Namespace) -> None:
    """Serve the app on the web until stopped."""
    data = args.data or default_data_dir()
    store = Store(data)
    app = ft.run(main_for(store), export_asgi_app=True, assets_dir=str(ASSETS), no_cdn=True)
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning", ws="websockets-sansio")
    print(f"Tableside: data in {data}", flush=True)
    Server(config, store, args.host, args.port).run()


def main(argv: list[str] | None = None) -> None:
    """Run the app: web server here, the platform's way inside a phone build."""
    if is_embedded():
        data = default_data_dir()
        ft.run(main_for(Store(data)), assets_dir=str(ASSETS))
        return
    serve(parse_args(argv))


if __name__ == "__main__":
    main()
