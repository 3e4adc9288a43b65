"""main.py: the command line, the per-user data folder, start-up that prints the address, and a clean stop on
one SIGTERM or Ctrl-C (SIGINT) with the data folder left readable — even with a closed stdout; a second server
on the same folder refused; the host link and PIN printed when serving the network; a light start (no view or
engine loaded before listening, only the home screen's modules in the warm-up) and a tab that connects before
the warm-up is done waiting for it."""

from __future__ import annotations

import inspect
import re
import signal
import socket
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import uvicorn

import main
from scoring.record import new_record
from storage import Store
from tests.browser.conftest import ADDRESS, ROOT, start_server, stop_server, until
from tests.helpers import run_async


def test_defaults_and_options():
    args = main.parse_args([])
    assert (args.port, args.host, args.data) == (main.DEFAULT_PORT, "127.0.0.1", None)
    args = main.parse_args(["--port", "9001", "--host", "0.0.0.0", "--data", "/tmp/x"])
    assert (args.port, args.host, args.data) == (9001, "0.0.0.0", Path("/tmp/x"))


def test_default_data_folder_is_per_user(monkeypatch, tmp_path):
    monkeypatch.delenv("FLET_APP_STORAGE_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main.default_data_dir() == tmp_path / "tableside"
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "phone"))
    assert main.default_data_dir() == tmp_path / "phone"


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_serves_then_stops_cleanly_on_one_signal(tmp_path, tmp_path_factory, sig):
    """The server serves its page, font and sounds, stops on one signal with the data intact and leaves nothing in
    its temporary folder (Flet's patched index page was left there at every start: 784 on one machine)."""
    with Store(tmp_path) as store:
        sid = store.create(new_record("score_pad", ["A"], now="2025-01-01T20:00:00+00:00"))
        store.play(sid, {"type": "round", "by": "table", "scores": {"A": 4}}, "2025-01-01T20:01:00+00:00")
    temp = tmp_path_factory.mktemp("temp")
    server = start_server(tmp_path, temp=temp)
    with urllib.request.urlopen(server.url + "/", timeout=30) as page:
        assert page.status == 200
    with urllib.request.urlopen(server.url + "/fonts/DroidSansFallbackFull.ttf", timeout=30) as font:
        assert font.status == 200 and len(font.read()) > 1_000_000
    with urllib.request.urlopen(server.url + "/sounds/timer_end.wav", timeout=30) as sound:
        assert sound.status == 200 and sound.read(4) == b"RIFF"
    server.proc.send_signal(sig)
    assert server.proc.wait(timeout=30) == 0
    assert "Tableside: stopped" in server.log.read_text("utf-8")
    assert list(temp.iterdir()) == []
    with Store(tmp_path) as store:
        assert not store.problems
        assert store.load(sid)["actions"][0]["scores"] == {"A": 4}


def test_sigterm_with_a_closed_stdout_still_stops_cleanly(tmp_path):
    """Printing "stopped" to a closed pipe (BrokenPipeError) must not keep the server running."""
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--port", "0", "--data", str(tmp_path)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        for line in proc.stdout:
            if ADDRESS.match(line):
                break
        proc.stdout.close()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    with Store(tmp_path) as store:
        assert not store.problems


def test_a_server_started_with_no_stdout_serves_and_stops_cleanly(tmp_path):
    """Started with standard output closed (`>&-`, as a service manager may: Python's sys.stdout is None), the
    server exited at once with a traceback (uvicorn's log formatter asks sys.stdout.isatty()). Now it serves (its
    address printed nowhere, so the test gives it a port) and stops on one SIGTERM."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen(["sh", "-c", 'exec "$0" main.py --port "$1" --data "$2" >&-', sys.executable, str(port),
                             str(tmp_path)], cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        until(lambda: proc.poll() is not None or answers(f"http://127.0.0.1:{port}/"), "the server answers")
        assert proc.poll() is None, proc.stderr.read()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
        assert "Traceback" not in proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()


def answers(url: str) -> bool:
    """Whether a page is served at url."""
    try:
        with urllib.request.urlopen(url, timeout=5) as page:
            return page.status == 200
    except OSError:
        return False


def test_a_second_server_on_the_same_folder_is_refused(tmp_path):
    """Two servers on one data folder: the second says why and exits 1; the first keeps serving."""
    first = start_server(tmp_path)
    try:
        second = subprocess.run([sys.executable, str(ROOT / "main.py"), "--port", "0", "--data",
                                 str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert second.returncode == 1 and "Traceback" not in second.stdout + second.stderr
        assert "Another Tableside server is already using the data folder" in second.stdout
        with urllib.request.urlopen(first.url + "/", timeout=30) as page:
            assert page.status == 200
    finally:
        assert stop_server(first) == 0


def test_serving_the_network_prints_the_host_link_and_pin(tmp_path):
    """With --host 0.0.0.0 the host's address (token) and PIN are printed; the link sets the host cookie."""
    server = start_server(tmp_path, host="0.0.0.0")
    try:
        assert re.fullmatch(r"http://\S+/\?host=\S+", server.host_url) and re.fullmatch(r"\d{6}", server.pin)
        token = server.host_url.split("host=")[1]
        opener = urllib.request.build_opener(NoRedirect)
        with pytest.raises(urllib.error.HTTPError) as answer:
            opener.open(f"{server.url}/?host={token}", timeout=30)
        assert answer.value.code == 303 and f"tableside_host={token}" in answer.value.headers["Set-Cookie"]
    finally:
        assert stop_server(server) == 0


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Report a redirect instead of following it."""

    def redirect_request(self, *args, **kwargs):
        return None


def test_a_signal_stops_the_server_without_its_event_loop(tmp_path, monkeypatch):
    """The stop runs in a thread of its own: with no event loop turning (a stuck or busy loop), one signal still
    closes the store, removes the folder for uploads (one was left in the system's temporary folder per start)
    and exits with 0."""
    exits: list[int] = []
    monkeypatch.setattr(main.os, "_exit", exits.append)
    store = Store(tmp_path / "data")
    uploads = tmp_path / "uploads"
    uploads.mkdir()
    (uploads / "half.json").write_text("{")
    server = main.Server(uvicorn.Config(lambda scope, receive, send: None), store, "127.0.0.1", 0,
                         main.HostGuard(required=False), uploads=str(uploads))
    server.handle_exit(signal.SIGTERM, None).join()
    assert exits == [0] and not uploads.exists()
    with pytest.raises(RuntimeError):
        store.settings()


LOADED = """
import sys
import main
from storage import Store
print(sorted(m for m in sys.modules if m.startswith(("views.app", "views.home", "scoring.games", "numpy"))))
from views.app import warm_up
warm_up(Store(sys.argv[1]))
print(sorted(m for m in sys.modules if m.startswith(("numpy", "views.games.", "views.session", "views.table"))))
print(all(m in sys.modules for m in ("views.home", "scoring.games.knit_wit", "flet.controls.material.card")))
"""


def test_start_up_loads_only_what_the_home_screen_needs(tmp_path):
    """Before listening no view, engine or numpy is loaded; the warm-up loads the home screen's modules, the
    engines (the game cards' names) and the Flet controls it draws, but no game's view, no other screen and no
    numpy (only the answer matcher's pairs need it)."""
    Store(tmp_path).close()
    shown = subprocess.run([sys.executable, "-c", LOADED, str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                           timeout=120)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.split("\n")[:3] == ["[]", "[]", "True"]


LATER = """
import sys
import main
from storage import Store
from views.app import warm_up
warm_up(Store(sys.argv[1]))
print("flet_charts" in sys.modules)
from views.app import warm_later
warm_later()
print("flet_charts" in sys.modules)
"""


def test_the_end_screens_chart_library_is_loaded_once_tabs_may_start(tmp_path, monkeypatch):
    """The first "End game" of a server process imported flet-charts on the server's loop while drawing the end
    screen (115 ms of 197 ms; the round form stayed up to 0.5 s after the tap in Chromium): the server loads it
    after the warm-up has let tabs start (`warm_later`), not before the first home screen."""
    Store(tmp_path).close()
    shown = subprocess.run([sys.executable, "-c", LATER, str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                           timeout=120)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.split("\n")[:2] == ["False", "True"]
    import views.app

    ready: list[bool] = []
    monkeypatch.setattr(views.app, "warm_up", lambda store: None)
    with Store(tmp_path / "data") as store:
        server = main.Server(uvicorn.Config(lambda scope, receive, send: None), store, "127.0.0.1", 0,
                             main.HostGuard(required=False))
        monkeypatch.setattr(views.app, "warm_later", lambda: ready.append(server.ready.is_set()))
        server.warm()
    assert ready == [True]


def test_a_tab_that_connects_before_the_warm_up_waits_for_it(tmp_path, monkeypatch):
    """Flet's entry function waits for the warm-up (`ready`) before it starts the shell, and it is a plain
    function: an awaiting one let a reload replace the tab's connection while its page was half made."""
    import views.app

    happened: list[str] = []

    class WarmUp(threading.Event):
        """The warm-up's event, noting when a tab waits for it (and ending the warm-up then)."""

        def wait(self, timeout=None):
            happened.append("waited")
            self.set()
            return super().wait(timeout)

    monkeypatch.setattr(views.app, "main_for", lambda store, guard, uploads: happened.append)
    with Store(tmp_path) as store:
        tab = main.entry(store, main.HostGuard(required=False), str(tmp_path), WarmUp())
        assert not inspect.iscoroutinefunction(tab)
        tab("page")
    assert happened == ["waited", "page"]


def test_the_warm_up_stands_aside_while_a_request_is_answered(monkeypatch):
    """While the server answers a request the warm-up thread's hook sleeps at each call (the browser's first
    requests took 0.15 s instead of 0.02 s beside it); with no request, or with the loop inside an import (it may
    wait for a module the warm-up holds), it does not; in all it waits at most ASIDE_MAX."""
    slept: list[float] = []
    monkeypatch.setattr(main.time, "sleep", slept.append)
    requests = main.Requests(lambda scope, receive, send: None)
    hook = main.stand_aside(requests, threading.get_ident())
    hook(None, "call", None)
    assert slept == []
    requests.active = 1
    hook(None, "return", None)
    assert slept == []
    hook(None, "call", None)
    assert sum(slept) == pytest.approx(main.ASIDE_MAX, abs=main.ASIDE_STEP) and len(slept) > 1
    hook(None, "call", None)
    assert sum(slept) == pytest.approx(main.ASIDE_MAX, abs=main.ASIDE_STEP)  # the allowance is spent: no more waiting
    slept.clear()
    fresh = main.stand_aside(requests, threading.get_ident())
    monkeypatch.setattr(main, "importing", lambda thread: True)
    fresh(None, "call", None)
    assert slept == []


def test_the_request_count_rises_while_a_request_is_answered():
    """`Requests` counts HTTP requests (not websockets) only while the app answers them, an error included."""
    seen: list[int] = []
    counting = None

    async def app(scope, receive, send):
        seen.append(counting.active)
        if scope["type"] == "http" and scope.get("path") == "/fail":
            raise RuntimeError("boom")

    counting = main.Requests(app)
    run = lambda scope: run_async(counting(scope, None, None))
    run({"type": "http", "path": "/"})
    run({"type": "websocket"})
    with pytest.raises(RuntimeError):
        run({"type": "http", "path": "/fail"})
    assert seen == [1, 0, 1] and counting.active == 0


def test_a_thread_inside_an_import_is_seen_importing(tmp_path, monkeypatch):
    """`importing` tells a thread inside the import machinery (here, running a module that waits) from one that is
    not."""
    (tmp_path / "slow_module_for_test.py").write_text("INSIDE.set()\nGATE.wait()\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    gate, inside = threading.Event(), threading.Event()
    monkeypatch.setattr("builtins.GATE", gate, raising=False)
    monkeypatch.setattr("builtins.INSIDE", inside, raising=False)
    loader = threading.Thread(target=__import__, args=("slow_module_for_test",))
    loader.start()
    inside.wait()
    try:
        assert main.importing(loader.ident)
    finally:
        gate.set()
        loader.join()
    assert not main.importing(threading.get_ident()) and not main.importing(None)
    sys.modules.pop("slow_module_for_test", None)
