"""Screens in headless Chromium, beside a hello-world Flet counter served the same way (web, no CDN, uvicorn).

Figures (each printed with its anchor and the ratio):
- start-up: `python main.py` started -> home painted (its import button in the semantics tree), vs the counter
  app started -> its text painted;
- tap -> updated text at phone size (390x844): the counter's "+" vs Tableside's "add round" in a score pad
  session of 5 actions (median of N taps; the fields are typed before the clock starts);
- tap cost against the session's length: the same tap in a 500-action session vs the 5-action one, in time and
  in bytes the server sent over the websocket (frames received by the tab between the tap and the update);
- a whole-page render for scale: the bytes of opening the 500-action session (the first frames of a new tab).

Run: .venv/bin/python benchmarks/bench_screens.py [taps]
"""

from __future__ import annotations

import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the repo root, before any installed copy

from playwright.sync_api import sync_playwright  # noqa: E402

from scoring.record import new_record  # noqa: E402
from storage import Store  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
WAIT_MS = 60_000
T0 = "2026-03-01T20:00:00+00:00"

HELLO = textwrap.dedent('''
    """A hello-world Flet counter served like Tableside (web, no CDN, uvicorn, declarative)."""
    import sys
    import flet as ft
    import uvicorn

    @ft.component
    def Counter():
        count, set_count = ft.use_state(0)
        return ft.Column([ft.Text(f"count: {count}", size=24),
                          ft.Button(content="plus one", on_click=lambda e: set_count(count + 1))])

    def main(page: ft.Page):
        page.render(Counter)

    app = ft.run(main, export_asgi_app=True, no_cdn=True)
    port = int(sys.argv[1])
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           ws="websockets-sansio"))
    print(f"hello: http://127.0.0.1:{port}", flush=True)
    server.run()
''')

SHOWS = """([text, exact]) => [...document.querySelectorAll('flt-semantics, flt-semantics *')].some(e => {
    const own = [...e.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('');
    const label = e.getAttribute && e.getAttribute('aria-label') || '';
    return exact ? (own === text || label === text || label.split('\\n').includes(text))
                 : (own.includes(text) || label.includes(text));
})"""


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start(cmd: list[str], port: int) -> tuple[subprocess.Popen, float]:
    """Start a server and wait until it prints its address; return it and the time it was started."""
    started = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in proc.stdout:
        if f"127.0.0.1:{port}" in line:
            break
    os.set_blocking(proc.stdout.fileno(), False)
    return proc, started


def stop(proc: subprocess.Popen) -> None:
    """SIGTERM, then kill if it lingers."""
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class Tab:
    """A phone-sized tab that counts the bytes the server sends."""

    def __init__(self, browser, url: str):
        self.context = browser.new_context(viewport=PHONE, locale="en-US")
        self.page = self.context.new_page()
        self.page.set_default_timeout(WAIT_MS)
        self.received = 0
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._count))
        self.page.add_init_script("window.__ff = false; window.addEventListener('flutter-first-frame', "
                                  "() => { window.__ff = true; });")
        self.page.goto(url)
        self.page.wait_for_function("window.__ff === true")
        self.page.wait_for_selector("flt-semantics-placeholder", state="attached")
        self.page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
        self.page.wait_for_selector("flt-semantics", state="attached")

    def _count(self, payload) -> None:
        """Add a websocket frame's size."""
        self.received += len(payload)

    def shows(self, text: str, exact: bool = False) -> None:
        """Wait (polling every animation frame) until the semantics tree shows text."""
        self.page.wait_for_function(SHOWS, arg=[text, exact], polling="raf")

    def fill(self, label: str, text: str) -> None:
        """Type into a field as a person would: tap it, wait for the focus to land on it, type."""
        field = self.page.get_by_role("textbox", name=label, exact=True).first
        field.click()
        self.page.wait_for_function("l => document.activeElement && "
                                    "document.activeElement.getAttribute('aria-label') === l", arg=label)
        self.page.keyboard.press("Control+A")
        self.page.keyboard.type(text)
        self.page.wait_for_function("([l, t]) => [...document.querySelectorAll('input, textarea')]"
                                    ".some(e => e.getAttribute('aria-label') === l && e.value === t)",
                                    arg=[label, text])

    def close(self) -> None:
        """Close the tab's context."""
        self.context.close()


def session(store: Store, rounds: int) -> str:
    """A stored score pad session of two players with this many rounds."""
    sid = store.create(new_record("score_pad", ["A", "B"], now=T0))
    for i in range(rounds):
        store.play(sid, {"type": "round", "by": "table", "scores": {"A": i % 7, "B": i % 5}}, T0)
    return sid


def tap_round(tab: Tab, count: int) -> tuple[float, int]:
    """Type a round, tap "add round" and wait for the log to count it; seconds and bytes from the tap."""
    tab.fill("A", "1")
    tab.fill("B", "2")
    button = tab.page.get_by_role("button", name="记入本轮").first
    button.wait_for()
    before, t0 = tab.received, time.perf_counter()
    button.click()
    tab.shows(f"操作记录（{count + 1}）")
    return time.perf_counter() - t0, tab.received - before


def median(values: list[float]) -> float:
    """The median."""
    return statistics.median(values)


def main() -> None:
    """Run every figure and print it beside its anchor."""
    taps = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    with tempfile.TemporaryDirectory(prefix="bench-screens-") as tmp, sync_playwright() as play:
        browser = play.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        data = Path(tmp) / "data"
        store = Store(data)
        short, long = session(store, 5), session(store, 500)
        store.close()
        hello_file = Path(tmp) / "hello_counter.py"
        hello_file.write_text(HELLO, encoding="utf-8")

        hello_port = free_port()
        hello, started = start([sys.executable, str(hello_file), str(hello_port)], hello_port)
        tab = Tab(browser, f"http://127.0.0.1:{hello_port}/")
        tab.shows("count: 0")
        hello_start = time.monotonic() - started
        hello_taps = []
        for n in range(taps):
            button = tab.page.get_by_role("button", name="plus one")
            t0 = time.perf_counter()
            button.click()
            tab.shows(f"count: {n + 1}", exact=True)
            hello_taps.append(time.perf_counter() - t0)
        tab.close()
        stop(hello)

        port = free_port()
        app, started = start([sys.executable, str(ROOT / "main.py"), "--port", str(port), "--data", str(data)],
                             port)
        tab = Tab(browser, f"http://127.0.0.1:{port}/")
        tab.shows("导入对局文件")
        app_start = time.monotonic() - started
        tab.close()

        figures = {}
        for name, sid, actions in (("5-action", short, 5), ("500-action", long, 500)):
            tab = Tab(browser, f"http://127.0.0.1:{port}/play/{sid}")
            tab.shows(f"操作记录（{actions}）")
            opened = tab.received
            times, sizes = [], []
            for i in range(taps):
                seconds, sent = tap_round(tab, actions + i)
                times.append(seconds)
                sizes.append(sent)
            figures[name] = (median(times), median(sizes), opened)
            tab.close()
        stop(app)
        browser.close()

    hello_ms = median(hello_taps) * 1000
    short_ms, short_bytes, short_open = figures["5-action"]
    long_ms, long_bytes, long_open = figures["500-action"]
    print(f"start-up -> painted: Tableside home {app_start:.2f} s, hello counter {hello_start:.2f} s, "
          f"ratio {app_start / hello_start:.2f}")
    print(f"tap -> updated text (median of {taps}): 5-action session {short_ms * 1000:.0f} ms, "
          f"hello counter {hello_ms:.0f} ms, ratio {short_ms * 1000 / hello_ms:.2f}")
    print(f"tap in a 500-action session: {long_ms * 1000:.0f} ms vs {short_ms * 1000:.0f} ms (5 actions), "
          f"ratio {long_ms / short_ms:.2f}")
    print(f"bytes sent per tap: 500-action {long_bytes:,.0f} B vs 5-action {short_bytes:,.0f} B, "
          f"ratio {long_bytes / max(short_bytes, 1):.2f}")
    print(f"bytes per tap vs a whole-page render of the 500-action session ({long_open:,} B): "
          f"{long_bytes / long_open:.1%}; 5-action page {short_open:,} B")


if __name__ == "__main__":
    main()
