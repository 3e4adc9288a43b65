"""main.py: the command line, the per-user data folder, start-up that prints the address, and a clean stop on
one SIGTERM or Ctrl-C (SIGINT) with the data folder left readable."""

from __future__ import annotations

import signal
import urllib.request
from pathlib import Path

import pytest
import uvicorn

import main
from scoring.record import new_record
from storage import Store
from tests.browser.conftest import start_server


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
def test_serves_then_stops_cleanly_on_one_signal(tmp_path, sig):
    with Store(tmp_path) as store:
        sid = store.create(new_record("score_pad", ["A"], now="2025-01-01T20:00:00+00:00"))
        store.play(sid, {"type": "round", "by": "table", "scores": {"A": 4}}, "2025-01-01T20:01:00+00:00")
    server = start_server(tmp_path)
    with urllib.request.urlopen(server.url + "/", timeout=30) as page:
        assert page.status == 200
    with urllib.request.urlopen(server.url + "/fonts/DroidSansFallbackFull.ttf", timeout=30) as font:
        assert font.status == 200 and len(font.read()) > 1_000_000
    with urllib.request.urlopen(server.url + "/sounds/timer_end.wav", timeout=30) as sound:
        assert sound.status == 200 and sound.read(4) == b"RIFF"
    server.proc.send_signal(sig)
    assert server.proc.wait(timeout=30) == 0
    assert "Tableside: stopped" in server.proc.stdout.read()
    with Store(tmp_path) as store:
        assert not store.problems
        assert store.load(sid)["actions"][0]["scores"] == {"A": 4}


def test_a_signal_stops_the_server_without_its_event_loop(tmp_path, monkeypatch):
    """The stop runs in a thread of its own: with no event loop turning (a stuck or busy loop), one signal still
    closes the store and exits with 0."""
    exits: list[int] = []
    monkeypatch.setattr(main.os, "_exit", exits.append)
    store = Store(tmp_path)
    server = main.Server(uvicorn.Config(lambda scope, receive, send: None), store, "127.0.0.1", 0)
    server.handle_exit(signal.SIGTERM, None).join()
    assert exits == [0]
    with pytest.raises(RuntimeError):
        store.settings()
