"""Screens in headless Chromium, beside a hello-world Flet counter served the same way (web, no CDN, uvicorn).

The counter is served as Tableside serves itself, without Flet's cross-origin isolation headers (`views.guard`:
isolated, Flutter's skwasm renderer draws in a second thread, and the engine bundled with flet-web 1.0.5 can then
freeze the tab for good); the start-up and tap figures also print the counter as stock Flet serves it (isolated,
threaded skwasm), for the cost of drawing on one thread (here, on Chromium's software WebGL: the counter's own tap
costs the same either way, Tableside's fuller screen about 10 ms more on one thread).

Figures (each printed with its anchor and the ratio):
- start-up: `python main.py` started -> home painted (its import button in the semantics tree), vs the counter
  app started -> its text painted;
- tap -> updated text at phone size (390x844): the counter's "+" vs Tableside's "add round" in a score pad
  session of 5 actions (median of N taps; the fields are typed before the clock starts); the two again with the
  browser's reduced motion (no ink ripple after a tap, as the browser tests ask), for the ripple's share;
- tap -> the answer on screen, as a sighted person sees it: the same two taps in a tab without the accessibility
  tree (found first in one with it), from the pointer going down to the first frame put on screen after the
  server's answer arrived (the tab's own clock: no Playwright round trip, no polling of the tree), and to the
  answer itself; the tree-based figure above also holds Playwright's click (~35-40 ms) and the tree's update;
- tap cost against the session's length: the same tap in a 500-action session vs the 5-action one, in time and
  in bytes the server sent over the websocket (frames received by the tab between the tap and the update);
- a whole-page render for scale: the bytes of opening the 500-action session (the first frames of a new tab);
- cost against history (a folder of 10,000 finished score pad games, `bench_storage.history`): the home screen
  opened in a new tab, time to painted and bytes sent, vs an empty folder; a finished game's history screen
  (`/history/<id>`) among the 10,000 vs the same game alone; the servers of each pair run side by side and
  their tabs are opened in turn (median of OPENS), so other work on the machine weighs on both alike;
- the server's memory (RSS) with 1 and 3 home tabs open, at 10,000 sessions vs an empty folder;
- start-up with 10,000 sessions (`python main.py` started -> home painted) vs the hello counter, the two started
  in turn (median of 5, and the best of them), step by step: the server listening (it printed its address), the
  page loaded (the HTML received, from the browser's navigation timing), Flutter's first frame, the first
  websocket frame received, the first screen painted; each from the server's start, the page's steps the tab's
  own clock from the moment the page was requested.

Start-up "painted" is noticed by the page itself: a script added to the tab turns on Flutter's semantics tree at
the first frame and looks for the text every animation frame. Doing both through Playwright (wait for the
placeholder, click it, wait for the tree, then poll) put the benchmark's own round trips into the figure
whenever the page was busy when they were asked (loading the app's fonts right after the first screen): up to
0.7 s, depending on whether the screen arrived before or after the tab was set up.

What "painted" saw changed in December 2026 (frames captured in the tab as they were put on screen): until then
the home's first frame drew every Chinese character as an empty box, in Flutter's default theme, and the marker
(the import button's name in the semantics tree, which the boxes do not change) counted that frame; the page's
fonts came after its first message, and the theme was cross-faded in over 0.2 s. Since the CJK font is in the
page's font manifest and the theme is not animated (`views.app.main_for`), the first home frame is the real one,
and its text shaped in the real font takes longer to draw: start-up figures from before then are that much short.

Where Tableside's start-up is slower than the counter's (December 2026, this benchmark on copies of the app with
one part taken out, 5 starts each; per-process CPU sampled every 20 ms): not the fonts (the CJK font cut to the
app's own 1,377 characters, no colour emoji, a loading screen without the CJK font: each within one run's noise).
From the page to the first frame both apps keep the two cores near full, and the server's warm-up (`Server.warm`:
about 0.35 s of CPU, Flet's theme module alone 0.13 s) takes its share of them: without the warm-up the first
frame came as early as the counter's, but the same work then followed the tab's connection and the home was
painted as late; at the lowest priority (nice 19) it gained nothing. The home screen itself costs the page one
300-400 ms task at its first frame (the counter's about 60 ms; ~80 ms of it compiling Flutter's WebAssembly for
widgets drawn the first time): the home cut to its last row was painted 0.12 s sooner. So the start-up is bound by
the CPU the server and the browser share, and the ratio falls only with less work on either side.

The CJK font split in two, tried again (December 2026, helper font4; `--startup`, runs alternated on a machine at
load 9-25): a 1.0 MB primary (GB2312's 6,763 hanzi, kana, punctuation, every character of the app's texts) in the
page's manifest and the loading screen, the other 3.4 MB (21,347 rare characters) given to Flet after the first
screen, as the emoji font is. Ratios 10,000 sessions / empty folder: before 1.48/1.23, 1.79/1.62, 1.53/1.62; split
1.36/1.23, 1.93/1.70, 1.52/1.58; the hello counter itself took 4.4-12.2 s between runs, and page -> first frame
moved no more than the counter's did. Within the noise, as the cut to 1,377 characters above: not kept.

Step by step again (December 2026, helper startup; load average 13-20 on the two cores, so each start took 3-6
times a quiet machine's): `--startup` medians of 5, 10,000 sessions / empty / hello counter, seconds from the
server's start: listening 4.30 / 5.79 / 2.85, page 6.20 / 7.75 / 3.73, first frame 10.22 / 11.37 / 6.96, ws frame
11.61 / 12.13 / 8.84, painted 19.31 / 16.15 / 9.20 (ratios 2.10 and 1.75); server CPU until painted 1.62 / 1.40 /
0.73 s. The step Tableside loses is ws frame -> painted (the counter's 0.36 s), the browser building the home:
not the colour emoji font (given to Flet in the first message, so fetched before painted; without it, 4 alternate
starts each, ws frame -> painted 5.27 s against 5.12 s, the server's CPU 0.17 s less), nor the imports before
listening (our modules ~0.07 s of wall time, the best of 5 `-X importtime`; the server's CPU when listening
0.63-0.83 s, the counter's 0.63-0.80 s). On the server the 10,000 sessions cost the warm-up ~0.12 s of CPU (the
catalogue's first read and reconciliation, 0.108 s: JSON decoding and the shape checks, already column-wise),
the theme 0.10 s, the home's build and its Flet controls ~0.2 s; the chart library (`warm_later`) 0.11 s once
tabs may start. Loading it only after the first tab's shell had made its home: 3 alternate starts, painted 15.28
s against 14.29 s, the server's CPU until painted the same (1.84 / 1.79 s): not kept. After painted the page
asks Flutter's CJK fallback for six Noto Sans SC slices (`assets/fonts/notosanssc/v37/...woff2`, not bundled:
404): some text of the home is shaped outside the "cjk" family (not yet found which).

Set BENCH_PORTS=8630-8639 (a range) to keep every server the benchmark starts on those ports.

Run: .venv/bin/python benchmarks/bench_screens.py [taps]
     .venv/bin/python benchmarks/bench_screens.py --startup    # the start-up figures only (no 10,000-session
                                                                # screens, memory or taps)
     .venv/bin/python benchmarks/bench_screens.py --tap-only   # the tap figures and start-up, without the
                                                                # slow figures against history

Where an "add round" tap's time goes (measured in the tab with timestamps on the websocket's send and message
events and on each frame's canvas transfer, and on the server around the event; medians of 12 taps, 5-action
session, full motion, December 2026): the click leaves the tab ~35-40 ms after Playwright's click starts (the
counter's about the same); the server answers in 9-19 ms (the counter's in under 1 ms); the answer's message event
fires ~40-60 ms after the click was sent, because the tab's one thread is still drawing the frame the tap started
(the field losing focus, the button's ink), and the counter's in ~10 ms; the frame with the new round ends ~30-50 ms
after that (the rounds table is ~17 ms of it: without it, 31 ms against 48), the counter's ~10 ms. Raster is not the
cost: a frame's canvas transfer takes 3-10 ms. A repaint boundary (`ft.Screenshot`) around the fields and the
buttons changed nothing measurable.

Measured on screen (the figure without the accessibility tree; 12-40 taps a run, five runs, December 2026): the
tap's frame is on screen 41-74 ms after the pointer went down, the counter's 19-24 ms (ratio 2.0-3.8, scattering
with the machine's load); the answer arrives 18-40 ms after the pointer (the counter's 9-15 ms) and its frame
follows 23-35 ms later (the counter's 10-14 ms). The server's share, sampled with py-spy over 40 taps: about 9 ms
a tap rendering and diffing the screen (the log's rows were rebuilt every tap: now kept) and 3 ms writing the
session file (its fsync), on the event loop.
"""

from __future__ import annotations

import argparse
import json
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

from benchmarks.bench_storage import fill, history  # noqa: E402
from benchmarks.bench_table import rss_kb  # noqa: E402
from scoring.record import new_record  # noqa: E402
from storage import Store  # noqa: E402
from tests.browser.conftest import EDITING, FULL_MOTION, REDUCED_MOTION  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
WAIT_MS = 60_000
T0 = "2026-03-01T20:00:00+00:00"
HISTORY = 10_000
HOME = "导入对局文件"  # the home screen's import button: painted last, below the lists
STARTS = 5
OPENS = 5

HELLO = textwrap.dedent('''
    """A hello-world Flet counter served like Tableside (web, no CDN, uvicorn, declarative, without Flet's
    cross-origin isolation headers); with "isolated" after the port, with them, as Flet serves it."""
    import sys
    import flet as ft
    import uvicorn

    ISOLATION = (b"cross-origin-opener-policy", b"cross-origin-embedder-policy")

    def plain(app):
        async def wrapped(scope, receive, send):
            async def sending(message):
                if message["type"] == "http.response.start":
                    message = {**message, "headers": [(k, v) for k, v in message.get("headers", [])
                                                      if k.lower() not in ISOLATION]}
                await send(message)
            await app(scope, receive, sending)
        return wrapped

    @ft.component
    def Counter():
        count, set_count = ft.use_state(0)
        return ft.Column([ft.Text(f"count: {count}", size=24),
                          ft.Button(content="plus one", on_click=lambda e: set_count(count + 1))])

    def main(page: ft.Page):
        page.render(Counter)

    class Server(uvicorn.Server):
        async def startup(self, sockets=None):
            await super().startup(sockets)
            print(f"hello: http://127.0.0.1:{port}", flush=True)  # once listening, as Tableside says it

    app = ft.run(main, export_asgi_app=True, no_cdn=True)
    if sys.argv[2:] != ["isolated"]:
        app = plain(app)
    port = int(sys.argv[1])
    Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", ws="websockets-sansio")).run()
''')

MARKS = """window.__ff = false; window.__marks = {};
window.addEventListener('flutter-first-frame', () => {
    window.__ff = true;
    window.__marks.frame = performance.now();
});
const OwnSocket = window.WebSocket;
window.WebSocket = class extends OwnSocket {
    constructor(...args) {
        super(...args);
        this.addEventListener('message', () => {
            if (!('frame_in' in window.__marks)) window.__marks.frame_in = performance.now();
        });
    }
};"""
WATCH = """(() => {
    const shows = %s;
    let asked = false;
    const look = () => {
        if (window.__ff) {
            const placeholder = document.querySelector('flt-semantics-placeholder');
            if (placeholder && !asked) {
                asked = true;
                placeholder.click();
            }
            if (shows([%s, false])) {
                window.__marks.painted = performance.now();
                return;
            }
        }
        requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
})();"""
STEPS = ("listening", "page", "first frame", "ws frame", "painted")

ON_SCREEN = """window.__answers = []; window.__shown = []; window.__down = null; window.__ff = false;
window.addEventListener('flutter-first-frame', () => { window.__ff = true; });
const AnsweredSocket = window.WebSocket;
window.WebSocket = class extends AnsweredSocket {
    constructor(...args) {
        super(...args);
        this.addEventListener('message', () => window.__answers.push(performance.now()));
    }
};
const present = ImageBitmapRenderingContext.prototype.transferFromImageBitmap;
ImageBitmapRenderingContext.prototype.transferFromImageBitmap = function (...args) {
    const done = present.apply(this, args);
    window.__shown.push(performance.now());
    return done;
};
window.addEventListener('pointerdown', () => { window.__down = performance.now(); }, true);"""
SHOWN_AFTER = """() => {
    const down = window.__down;
    const answer = down === null ? undefined : window.__answers.find(t => t > down);
    const frame = answer === undefined ? undefined : window.__shown.find(t => t > answer);
    return frame === undefined ? false : [answer - down, frame - down];
}"""
STILL = """() => window.__shown.length > 0 && performance.now() - window.__shown[window.__shown.length - 1] > 400"""

SHOWS = """([text, exact]) => [...document.querySelectorAll('flt-semantics, flt-semantics *')].some(e => {
    const own = [...e.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('');
    const label = e.getAttribute && e.getAttribute('aria-label') || '';
    return exact ? (own === text || label === text || label.split('\\n').includes(text))
                 : (own.includes(text) || label.includes(text));
})"""


def free_port() -> int:
    """A TCP port nobody listens on right now: any, or one of BENCH_PORTS (e.g. `8630-8639`) when that is set."""
    low, _, high = os.environ.get("BENCH_PORTS", "0-0").partition("-")
    for port in range(int(low), int(high or low) + 1):
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return sock.getsockname()[1]
    raise RuntimeError(f"no free port in BENCH_PORTS={os.environ['BENCH_PORTS']}")


def start(cmd: list[str], port: int, cwd: Path = ROOT) -> tuple[subprocess.Popen, float]:
    """Start a server in cwd and wait until it prints its address; return it and the time it was started."""
    started = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
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
    """A phone-sized tab that counts the bytes the server sends; given `watch`, the page itself notes when that
    text is painted (`WATCH`, for `steps`); motion: the browser's `prefers-reduced-motion` (full motion unless
    asked)."""

    def __init__(self, browser, url: str, watch: str | None = None, motion: str = FULL_MOTION):
        self.context = browser.new_context(viewport=PHONE, locale="zh-CN", reduced_motion=motion)
        self.page = self.context.new_page()
        self.page.set_default_timeout(WAIT_MS)
        self.received = 0
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._count))
        self.page.add_init_script(MARKS)
        if watch is not None:
            self.page.add_init_script(WATCH % (SHOWS, json.dumps(watch)))
        self.requested = time.monotonic()
        self.page.goto(url)
        self.page.wait_for_function("window.__ff === true")
        if watch is None:
            self.page.wait_for_selector("flt-semantics-placeholder", state="attached")
            self.page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
        self.page.wait_for_selector("flt-semantics", state="attached")

    def _count(self, payload) -> None:
        """Add a websocket frame's size."""
        self.received += len(payload)

    def shows(self, text: str, exact: bool = False) -> None:
        """Wait (polling every animation frame) until the semantics tree shows text."""
        self.page.wait_for_function(SHOWS, arg=[text, exact], polling="raf")

    def steps(self) -> dict[str, float]:
        """Wait until the watched text is painted; the page's steps in seconds from the moment it was requested:
        HTML received, first frame, first websocket frame, text painted (each on the tab's own clock)."""
        self.page.wait_for_function("window.__marks.painted !== undefined")
        marks = self.page.evaluate("({...window.__marks, "
                                   "page: performance.getEntriesByType('navigation')[0].responseEnd})")
        return {"page": marks["page"] / 1000, "first frame": marks["frame"] / 1000,
                "ws frame": marks["frame_in"] / 1000, "painted": marks["painted"] / 1000}

    def fill(self, label: str, text: str) -> None:
        """Type into a field as a person would: tap it, wait until Flutter edits it (the browser tests' wait:
        a key typed before that is lost, which stalled this benchmark), type."""
        field = self.page.get_by_role("textbox", name=label, exact=True).first
        handle = field.element_handle()
        if not handle.evaluate("el => document.activeElement === el"):  # the form's first field after a send has it
            handle.evaluate(EDITING)
            field.click()
            self.page.wait_for_function("el => el.__editing === true", arg=handle, polling="raf")
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


def typed_round(count: int) -> dict[str, str]:
    """The points typed for the round after `count` actions: each round differs from the last, as at a table, so
    what names the last round (the undo button) changes with every tap too."""
    return {"A": str(count % 9), "B": str(count % 4 + 1)}


def tap_round(tab: Tab, count: int) -> tuple[float, int]:
    """Type a round, tap "add round" and wait for the log to count it; seconds and bytes from the tap."""
    for name, typed in typed_round(count).items():
        tab.fill(name, typed)
    button = tab.page.get_by_role("button", name="记入本轮").first
    button.wait_for()
    before, t0 = tab.received, time.perf_counter()
    button.click()
    tab.shows(f"操作记录（{count + 1}）")
    return time.perf_counter() - t0, tab.received - before


def centres(browser, url: str, controls: list[tuple[str, str]]) -> dict[str, tuple[float, float]]:
    """Where controls (role, name) sit on a phone's screen, read from a tab with the accessibility tree on."""
    tab = Tab(browser, url)
    found = {}
    for role, name in controls:
        box = tab.page.get_by_role(role, name=name, exact=True).first
        box.wait_for()
        shown = box.bounding_box()
        found[name] = (shown["x"] + shown["width"] / 2, shown["y"] + shown["height"] / 2)
    tab.close()
    return found


def plain_tab(browser, url: str):
    """A phone-sized tab in full motion without the accessibility tree (as a sighted person's phone draws), noting
    each pointer down, each websocket frame received and each frame put on screen; open once the screen is still."""
    context = browser.new_context(viewport=PHONE, locale="zh-CN", reduced_motion=FULL_MOTION)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    page.add_init_script(ON_SCREEN)
    page.goto(url)
    page.wait_for_function("window.__ff === true && window.__answers.length > 0")
    page.wait_for_function(STILL, polling=100)
    return context, page


def tap_on_screen(page, where: tuple[float, float]) -> tuple[float, float]:
    """Tap at a point; ms from the pointer going down to the server's answer and to the first frame put on screen
    after it (the frame that draws the answer: the tab reads a message whole before it draws again). Then wait
    until the screen is still, so that one tap's ink does not slow the next."""
    page.evaluate("window.__down = null")
    page.mouse.click(*where)
    answer, frame = page.wait_for_function(SHOWN_AFTER, polling=20).json_value()
    page.wait_for_function(STILL, polling=100)
    return answer, frame


def type_on_screen(page, where: tuple[float, float], text: str) -> None:
    """Tap a field, wait until Flutter edits it (its text input has the focus), type text over what it holds."""
    page.mouse.click(*where)
    page.wait_for_function("() => document.activeElement && document.activeElement.tagName === 'INPUT'")
    page.keyboard.press("Control+A")
    page.keyboard.type(text)
    page.wait_for_function("t => document.activeElement.value === t", arg=text)


def on_screen_figures(browser, hello_file: Path, url: str, sid: str, actions: int, taps: int) -> dict:
    """The counter's "+" and "add round" in a session of `actions` actions, each tapped `taps` times without the
    accessibility tree: (answer ms, on-screen ms) per tap, by name."""
    hello, _, hello_url = hello_server(hello_file)
    plus = centres(browser, hello_url + "/", [("button", "plus one")])["plus one"]
    context, page = plain_tab(browser, hello_url + "/")
    out = {"hello": [tap_on_screen(page, plus) for _ in range(taps)]}
    context.close()
    stop(hello)
    where = centres(browser, f"{url}/play/{sid}", [("textbox", "A"), ("textbox", "B"), ("button", "记入本轮")])
    context, page = plain_tab(browser, f"{url}/play/{sid}")
    out["app"] = []
    for i in range(taps):
        for name, typed in typed_round(actions + i).items():
            type_on_screen(page, where[name], typed)
        out["app"].append(tap_on_screen(page, where["记入本轮"]))
    context.close()
    return out


def median(values: list[float]) -> float:
    """The median."""
    return statistics.median(values)


def serve(data: Path) -> tuple[subprocess.Popen, float, str]:
    """Start Tableside on a data folder: the server, the time it was started and its address."""
    port = free_port()
    proc, started = start([sys.executable, str(ROOT / "main.py"), "--port", str(port), "--data", str(data)], port)
    return proc, started, f"http://127.0.0.1:{port}"


def hello_server(hello_file: Path, isolated: bool = False) -> tuple[subprocess.Popen, float, str]:
    """Start the hello counter in its own folder, so that it serves Flet's own web page (started in the repo, Flet
    took the repo's `assets/` for its assets folder and served Tableside's page, loading screen and all, which made
    the counter's start-up 0.06 s slower: 1.24 s against 1.18 s, medians of 7): the server, the time it was
    started and its address. Isolated: with Flet's cross-origin isolation headers, which Tableside drops
    (`views.guard`), so that its page draws with the threaded skwasm renderer, as a stock Flet app does."""
    port = free_port()
    proc, started = start([sys.executable, str(hello_file), str(port), *(["isolated"] if isolated else [])], port,
                          cwd=hello_file.parent)
    return proc, started, f"http://127.0.0.1:{port}"


def counter_taps(browser, hello_file: Path, isolated: bool, taps: int,
                 motion: str = FULL_MOTION) -> tuple[float, list[float]]:
    """Start the hello counter (isolated or not), open it (with this motion) and tap "plus one" `taps` times:
    seconds from its start to painted, and each tap's seconds until the new count is shown."""
    hello, started, hello_url = hello_server(hello_file, isolated)
    tab = Tab(browser, hello_url + "/", watch="count: 0", motion=motion)
    start_s = tab.requested - started + tab.steps()["painted"]
    seconds = []
    for n in range(taps):
        button = tab.page.get_by_role("button", name="plus one")
        t0 = time.perf_counter()
        button.click()
        tab.shows(f"count: {n + 1}", exact=True)
        seconds.append(time.perf_counter() - t0)
    tab.close()
    stop(hello)
    return start_s, seconds


def painted(browser, url: str, text: str) -> tuple[float, int]:
    """Open a new tab on url until text is painted: seconds from the start of loading, bytes the server sent."""
    t0 = time.perf_counter()
    tab = Tab(browser, url)
    tab.shows(text)
    seconds, sent = time.perf_counter() - t0, tab.received
    tab.close()
    return seconds, sent


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used so far (user and system), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def startups(browser, hello_file: Path, empty: Path, full: Path) -> tuple[list[tuple], ...]:
    """Seconds from starting the server to it listening and to its first screen painted, the server's CPU
    seconds by then (which other work on the machine hardly changes), and the steps (`STEPS`, seconds from the
    start): the hello counter (served like Tableside, and isolated as Flet serves it), and Tableside on an empty
    and on a full folder, started in turn, STARTS times each."""
    hello, stock, bare, app = [], [], [], []
    for _ in range(STARTS):
        for runner, text, out in ((lambda: hello_server(hello_file), "count: 0", hello),
                                  (lambda: hello_server(hello_file, isolated=True), "count: 0", stock),
                                  (lambda: serve(empty), HOME, bare), (lambda: serve(full), HOME, app)):
            proc, started, url = runner()
            listening = time.monotonic() - started
            tab = Tab(browser, url + "/", watch=text)
            steps = {"listening": listening, **{k: tab.requested - started + v for k, v in tab.steps().items()}}
            out.append((listening, steps["painted"], cpu_seconds(proc.pid), steps))
            tab.close()
            stop(proc)
    return hello, stock, bare, app


def memory(browser, url: str, pid: int) -> tuple[int, int]:
    """The server's RSS (kB) with 1 and then 3 home tabs open (each painted)."""
    tabs, out = [], []
    for count in (1, 3):
        while len(tabs) < count:
            tabs.append(Tab(browser, url + "/"))
            tabs[-1].shows(HOME)
        out.append(rss_kb(pid))
    for tab in tabs:
        tab.close()
    return out[0], out[1]


def folders_of(tmp: Path, past: list[dict]) -> dict[str, Path]:
    """The data folders: empty, one finished game, and all of past."""
    folders = {"empty": tmp / "empty", "one": tmp / "one", "full": tmp / "full"}
    Store(folders["empty"]).close()
    fill(folders["one"], past[:1])
    fill(folders["full"], past)
    return folders


def startup_figures(browser, tmp: Path) -> dict:
    """Start-up only: the hello counter, an empty folder and HISTORY stored sessions, started in turn."""
    folders = folders_of(tmp, history(HISTORY))
    hello_start, stock_start, empty_start, full_start = startups(browser, tmp / "hello_counter.py",
                                                                 folders["empty"], folders["full"])
    return {"hello_start": hello_start, "stock_start": stock_start, "empty_start": empty_start,
            "full_start": full_start}


def history_figures(browser, tmp: Path) -> dict:
    """Home and history screens, memory and start-up with HISTORY stored sessions, each beside its anchor."""
    past = history(HISTORY)
    folders = folders_of(tmp, past)
    hello_file = tmp / "hello_counter.py"
    hello_start, stock_start, empty_start, full_start = startups(browser, hello_file, folders["empty"],
                                                                 folders["full"])
    procs, urls = {}, {}
    for name, folder in folders.items():
        procs[name], _, urls[name] = serve(folder)
    sid = past[0]["id"]
    shown = {"home": HOME, "history": "操作记录（10）"}
    pairs = {"home": ("empty", "full", "/"), "history": ("one", "full", f"/history/{sid}")}
    screens = {(screen, name): [] for screen, (a, b, _) in pairs.items() for name in (a, b)}
    for url in urls.values():
        painted(browser, url + "/", HOME)  # one tab each first: the servers' first render imports the views
    for _ in range(OPENS):
        for screen, (a, b, route) in pairs.items():
            for name in (a, b):
                screens[(screen, name)].append(painted(browser, urls[name] + route, shown[screen]))
    mem = {name: memory(browser, urls[name], procs[name].pid) for name in ("empty", "full")}
    for proc in procs.values():
        stop(proc)
    return {"screens": screens, "pairs": pairs, "memory": mem, "hello_start": hello_start, "stock_start": stock_start,
            "empty_start": empty_start, "full_start": full_start}


def print_history(fig: dict) -> None:
    """Print the figures against history, each beside its anchor."""
    print_screens(fig)
    print_startup(fig)


def print_screens(fig: dict) -> None:
    """Print the home and history screens and the memory with HISTORY sessions, each beside its anchor."""
    for screen, (a, b, route) in fig["pairs"].items():
        base, full = fig["screens"][(screen, a)], fig["screens"][(screen, b)]
        ta, tb = median([x[0] for x in base]) * 1000, median([x[0] for x in full]) * 1000
        ba, bb = median([x[1] for x in base]), median([x[1] for x in full])
        print(f"{screen} screen ({route}) opened in a new tab -> painted (median of {OPENS}): {HISTORY:,} sessions "
              f"{tb:.0f} ms, {bb:,.0f} B vs {a} {ta:.0f} ms, {ba:,.0f} B; ratio {tb / ta:.2f} time, {bb / ba:.2f} "
              f"bytes (target <= 1.3)")
    (e1, e3), (f1, f3) = fig["memory"]["empty"], fig["memory"]["full"]
    per_empty, per_full = (e3 - e1) / 2, (f3 - f1) / 2
    print(f"server memory (RSS): {HISTORY:,} sessions {f1 / 1024:.1f} MB with 1 tab, {f3 / 1024:.1f} MB with 3 "
          f"({per_full / 1024:.2f} MB per tab) vs empty folder {e1 / 1024:.1f} MB, {e3 / 1024:.1f} MB "
          f"({per_empty / 1024:.2f} MB per tab); per-tab ratio {per_full / max(per_empty, 1):.2f}")


def print_startup(fig: dict) -> None:
    """Print the start-up figures beside the hello counter: the totals, then step by step."""
    (hello_up, hello, hello_cpu), (empty_up, empty, empty_cpu), (full_up, full, full_cpu) = (
        [median([x[i] for x in fig[k]]) for i in (0, 1, 2)] for k in ("hello_start", "empty_start", "full_start"))
    print(f"start-up -> painted with {HISTORY:,} sessions (median of {STARTS}, started in turn): Tableside home "
          f"{full:.2f} s, hello counter {hello:.2f} s, ratio {full / hello:.2f} (target <= 1.2); Tableside on an "
          f"empty folder {empty:.2f} s (ratio {full / empty:.2f}); of which the server listening: {full_up:.2f} s, "
          f"empty {empty_up:.2f} s, hello {hello_up:.2f} s; server CPU until painted: {full_cpu:.2f} s, empty "
          f"{empty_cpu:.2f} s, hello {hello_cpu:.2f} s (ratio {full_cpu / hello_cpu:.2f}, {full_cpu / empty_cpu:.2f} "
          f"vs empty)")
    best = {k: min(x[1] for x in fig[k]) for k in ("hello_start", "empty_start", "full_start")}
    print(f"  best of the {STARTS} starts (other work on the machine only adds time): {HISTORY:,} sessions "
          f"{best['full_start']:.2f} s, empty {best['empty_start']:.2f} s, hello {best['hello_start']:.2f} s, ratios "
          f"{best['full_start'] / best['hello_start']:.2f} and {best['empty_start'] / best['hello_start']:.2f}")
    print(f"start-up -> painted on an empty folder: Tableside home {empty:.2f} s, hello counter {hello:.2f} s, ratio "
          f"{empty / hello:.2f} (target <= 1.3)")
    stock = median([x[1] for x in fig["stock_start"]])
    print(f"  the hello counter served by stock Flet (cross-origin isolated: threaded skwasm, which Tableside avoids, "
          f"see views/guard.py): {stock:.2f} s; Tableside's ratios to it {full / stock:.2f} ({HISTORY:,} sessions), "
          f"{empty / stock:.2f} (empty)")
    print(f"start-up step by step, seconds from the server's start (median of {STARTS}): Tableside {HISTORY:,} "
          f"sessions / empty folder / hello counter (ratios to hello)")
    for step in STEPS:
        full, empty, hello = (median([x[3][step] for x in fig[k]]) for k in ("full_start", "empty_start",
                                                                              "hello_start"))
        print(f"  {step:12s} {full:5.2f} / {empty:5.2f} / {hello:5.2f} s  ({full / hello:.2f}, {empty / hello:.2f})")


def parse_args() -> argparse.Namespace:
    """The command line: the number of taps; --startup for the start-up figures only, --tap-only for the tap
    figures and start-up."""
    parser = argparse.ArgumentParser(description="Screens in headless Chromium, beside a hello-world counter.")
    parser.add_argument("taps", type=int, nargs="?", default=15, help="taps per tap figure (default 15)")
    parser.add_argument("--startup", action="store_true", help="only the start-up figures")
    parser.add_argument("--tap-only", action="store_true", help="the tap figures and start-up, not history")
    return parser.parse_args()


def main() -> None:
    """Run every figure (or only the start-up ones, or only the tap ones) and print it beside its anchor."""
    args = parse_args()
    taps = args.taps
    with tempfile.TemporaryDirectory(prefix="bench-screens-") as tmp, sync_playwright() as play:
        browser = play.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        hello_file = Path(tmp) / "hello_counter.py"
        hello_file.write_text(HELLO, encoding="utf-8")
        if args.startup:
            print_startup(startup_figures(browser, Path(tmp)))
            browser.close()
            return
        data = Path(tmp) / "data"
        store = Store(data)
        short, long, calm, plain = session(store, 5), session(store, 500), session(store, 5), session(store, 5)
        store.close()
        if not args.tap_only:
            print_history(history_figures(browser, Path(tmp)))  # printed at once: the tap figures follow

        hello_start, hello_taps = counter_taps(browser, hello_file, False, taps)
        stock_start, stock_taps = counter_taps(browser, hello_file, True, taps)
        _, calm_hello_taps = counter_taps(browser, hello_file, False, taps, REDUCED_MOTION)

        app, started, url = serve(data)
        tab = Tab(browser, url + "/", watch=HOME)
        app_start = tab.requested - started + tab.steps()["painted"]
        tab.close()

        figures = {}
        for name, sid, actions, motion in (("5-action", short, 5, FULL_MOTION), ("500-action", long, 500, FULL_MOTION),
                                           ("calm", calm, 5, REDUCED_MOTION)):
            tab = Tab(browser, f"{url}/play/{sid}", motion=motion)
            tab.shows(f"操作记录（{actions}）")
            opened = tab.received
            times, sizes = [], []
            for i in range(taps):
                seconds, sent = tap_round(tab, actions + i)
                times.append(seconds)
                sizes.append(sent)
            figures[name] = (median(times), median(sizes), opened)
            tab.close()
        on_screen = on_screen_figures(browser, hello_file, url, plain, 5, taps)
        stop(app)
        browser.close()

    hello_ms = median(hello_taps) * 1000
    short_ms, short_bytes, short_open = figures["5-action"]
    long_ms, long_bytes, long_open = figures["500-action"]
    print(f"start-up -> painted: Tableside home {app_start:.2f} s, hello counter {hello_start:.2f} s, "
          f"ratio {app_start / hello_start:.2f}")
    print(f"tap -> updated text (median of {taps}): 5-action session {short_ms * 1000:.0f} ms, "
          f"hello counter {hello_ms:.0f} ms, ratio {short_ms * 1000 / hello_ms:.2f}")
    stock_ms = median(stock_taps) * 1000
    print(f"  the hello counter served by stock Flet (cross-origin isolated: threaded skwasm, which Tableside avoids, "
          f"see views/guard.py): start-up {stock_start:.2f} s, tap {stock_ms:.0f} ms; Tableside's ratios to it "
          f"{app_start / stock_start:.2f} start-up, {short_ms * 1000 / stock_ms:.2f} tap")
    calm_ms, calm_hello_ms = figures["calm"][0] * 1000, median(calm_hello_taps) * 1000
    print(f"  with the browser's reduced motion (no ink ripple after the tap, as in the browser tests): 5-action "
          f"session {calm_ms:.0f} ms, hello counter {calm_hello_ms:.0f} ms, ratio {calm_ms / calm_hello_ms:.2f}")
    seen = {name: [median([tap[i] for tap in runs]) for i in (0, 1)] for name, runs in on_screen.items()}
    print(f"tap -> the answer's frame on screen (pointer down to the first frame after the server's answer, no "
          f"accessibility tree; median of {taps}): 5-action session {seen['app'][1]:.0f} ms "
          f"(answer {seen['app'][0]:.0f} "
          f"ms), hello counter {seen['hello'][1]:.0f} ms (answer {seen['hello'][0]:.0f} ms), ratio "
          f"{seen['app'][1] / seen['hello'][1]:.2f}")
    print(f"tap in a 500-action session: {long_ms * 1000:.0f} ms vs {short_ms * 1000:.0f} ms (5 actions), "
          f"ratio {long_ms / short_ms:.2f}")
    print(f"bytes sent per tap: 500-action {long_bytes:,.0f} B vs 5-action {short_bytes:,.0f} B, "
          f"ratio {long_bytes / max(short_bytes, 1):.2f}")
    print(f"bytes per tap vs a whole-page render of the 500-action session ({long_open:,} B): "
          f"{long_bytes / long_open:.1%}; 5-action page {short_open:,} B")


if __name__ == "__main__":
    main()
