"""Browser test harness: the real app (`main.py`) in headless Debian Chromium through Playwright.

Fixtures (reusable by every browser test module):
- `server` (module scope): one `main.py` on a port the system gives (`--port 0`, read from what it prints) with
  a fresh temporary `--data` folder, so each test module starts from an empty roster and default settings.
- `browser` (session scope): Chromium at /usr/bin/chromium, headless, offline-friendly flags.
- `phone`: the module's one tab at 390×844 (its own browser context, so its own Flet session), loaded once and
  handed to each test on the home screen in Chinese, wrapped in `Tab` (open, tap, fill, wait for text,
  screenshots); a laptop is that tab resized. Close-up control: `tab.page` is Playwright's.
A tab turns from phone to laptop size and back with `Tab.resize` (no new load: a load costs about 5 s of the two
cores' CPU) and scrolls back to its top with `Tab.to_top`.
Helpers: `start_server(data, port=None, host=None)`, `stop_server(proc)` and `restart_server(server)` for tests
that restart the server themselves (with `host="0.0.0.0"` the server serves the network, and `Server.host_url`
and `Server.pin` are the host's address and PIN it printed); `Phone`, a tab with every websocket frame it
received (what a tab was sent, not only what it shows); `OUTPUT` (tests/output/, git-ignored) for screenshots and
figures.

Tabs ask for reduced motion (`prefers-reduced-motion: reduce`, a setting people choose on their phones), unless
a test asks for full motion (`new_tab(..., motion=FULL_MOTION)`). Flutter then draws no ink ripple and no
highlight fade after a tap: a traced "add round" tap drew 7 frames (95 ms of the page's main thread) instead of
25 (249 ms) over the 400 ms after it, and Chromium here draws with software WebGL on the page's own thread
(`views/guard.py`), two workers on two cores. A whole Knit Wit game took 64 s instead of 81 s; the Pictomania and
Guess Club files on two workers, the two ways in turn, 87 and 76 s instead of 100 and 101 s. The tests whose
subject is motion under a tap (200 quick taps, chips that must not move) run with full motion, as the benchmarks
do.

Flutter draws on a canvas; the DOM comes from its semantics tree, switched on by clicking the hidden
`flt-semantics-placeholder` once the `flutter-first-frame` event has fired (see ../shared/FLET-NOTES.md).
Waits are generous and only on conditions (checked in the page by `wait_for_function`): no fixed sleeps and no
retries. A gesture that needs repeating to work is a defect of the app, and the test must fail on it.
A condition is checked every POLL_MS, not every animation frame: a wait polled by frames kept headless Chromium
drawing frames (0.07-0.10 of a core while it lasted, against 0.013 at 16 ms), taken from the other worker's tab
and the servers on the same two cores. A tap waits for QUIET_MS without a message from the server and its
control STEADY_MS in place. Shorter (200 and 60 ms) made a whole Pictomania game wait 49 s instead of 61, but
the first full run with them lost a tap: a Kingdomino cell tapped right after the screen changed under load.

Where the suite's time goes (measured from `/proc/stat` and per process, session 33): the two cores are busy for
about 90% of a full run, so the suite is bound by CPU, not by its waits. A frame of the app at phone size costs
about 0.1 s of CPU (the renderer records it, Chromium's GPU process rasterises it with software WebGL), and a
load of the app about 5 s, so what makes a test cheaper is fewer loads (move within the app, `Tab.resize`) and
fewer frames (reduced motion), not shorter waits. Tried and not kept: SwiftShader's WebGL flags (more CPU), no
WebGL at all (three times the CPU), V8's `--liftoff-only` (cheaper loads, dearer frames), touch taps instead of
mouse clicks (the same frames, 7% less CPU on one test, within noise).
Session 37, on two workers: the cores busy 82% of a run (940 s of CPU in 573 s); the gaps are one worker's waits
while the other's tab is idle too, so a third worker fills them (93%, 508 s). Per process, one whole Pictomania
game alone (48 s of CPU in 59 s): Chromium's renderer 22 s, its GPU process 11 s, its browser process 5.5 s,
Playwright's driver 3.7 s, pytest 2.9 s, the app's server 2.8 s. A load is about 4 s of CPU, 0.8 s of it the
fonts (measured with `page.fonts` empty); a second tab in the same browser context (its HTTP cache warm) and
Chromium's `--in-process-gpu` made no difference above the noise.
Session 57, three workers: the cores busy 94% of a run (1,074 s of CPU in 572 s, 2,323 tests; CI took 621 s). A
load of the home screen alone: 3.3 s of CPU (the renderer 2.3 s); a counter's tap 0.2 s, 4-5 frames, of which
the semantics tree (on in every test's tab, for its roles and names) is about 45% of the renderer's share. Fewer
loads again: a phone moves to its next table's join screen in the app (`Tab.open`), and `phone` is the module's
one tab. Tried again and not kept: `--liftoff-only` (within the noise on one file), no WebGL (3.7 times the
renderer's CPU), `--disable-renderer-accessibility`.
Session 59: the browser files were 78% of the suite's test time, the whole-game tests 60-100 s each, and many
repeated one path to reach a later screen (twelve dominoes placed alike, ten alike Solar Storm turns, a second
Pictomania round and a third Guess Club round played as the first). A long game's test taps the way in and its
first moves, then goes on from the same game stored by the engine (`Store.play`, as the app plays it) and taps
its last steps and the end; tests that loaded a tab of their own where the module's phone does the same use
the phone. The suite went from 538-559 s to about 470 s and from ~1,070 to ~860 s of the two cores' CPU.
Debian's `chromium-headless-shell` measured within the noise on one file (52.6 s of CPU against 57.3 s).
Session 70, per file alone (the sampled CPU of pytest's whole process tree, Chromium included: `/usr/bin/time`
counts only what pytest waits for, a third to a half of it): tests that loaded a tab for 2x text or a laptop use the
module's phone, its root font set on the running page (`test_shell.root_font`) or widened (`Tab.resize`); the
motion tests share one full-motion phone; a helper that settled the screen (two screenshots or more) before each
of some twenty measures of one screen settles once a screen; Splitter's painter is tapped on the squares its
checks read and the game goes on stored with the whole sheet. Two runs each (the machine at load 4-20): Shell
152 and 111 s to 118 and 100, Solar Storm 82 and 65 to 60 and 49, Splitter 42 and 29 to 31 and 21, card games 61
to 50 (one run).
Session 71: the table-mode file seated its phones by typing the PIN and tapping a seat some 36 times; where a
test's subject is not the join form, the phone now holds the seat's token (joined through the hub before the
server starts) in its browser's storage from its context's creation (`new_tab(..., storage=...)`), and opening the
table's join screen brings it to its seat. The web client reads that storage once, at a load: a token written into
a loaded tab's storage is not seen by a later route change. Two runs each, alone, the machine at load 13-14: 207.6
and 208.5 s of CPU to 184.8 and 164.0.
Session 71, helper: Knit Wit, Guess Club and the rules file, each alone, cost 32-36 s of CPU (not the 60-70 s
they show in the suite, three workers on two cores), the phone's first load about 4 of them (Guess Club's,
measured per call). Guess Club's round 2 hands and Knit Wit's second typing of one sheet are played by the engine,
Knit Wit's scoring screen is shot once, the rules file's Kingdomino session is stored. Two runs each (load
10-17): Guess Club 35.0 and 40.0 s to 34.2 and 30.6, Knit Wit 35.9 and 41.7 to 35.2 and 34.7, rules 33.9 and 32.1
to 32.6 and 32.0 (within the noise); Nab-It! (28.5 s, one test on a 1024×1366 tablet) left as it was.
"""

from __future__ import annotations

import base64
import json
import re
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "tests" / "output"
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
REDUCED_MOTION = "reduce"
FULL_MOTION = "no-preference"
WAIT_MS = 60_000
expect.set_options(timeout=WAIT_MS)  # every wait on the screen is for a condition, bounded by the same minute
START_S = 90
WHEELS = 40
WHEEL_PX = 200
WHEEL_MAX = 3000
QUIET_MS = 300
QUIET_LIMIT_MS = 3000
STEADY_MS = 100
POLL_MS = 16  # how often a wait checks its condition in the page (a frame's time, without asking for frames)
# Every text Flutter writes into its polite live region (kept there only 300 ms), with the region's aria-live, as
# read out (a no-break space as a space, a word joiner not at all).
LISTEN = """() => { window.heard = []; const region = document.querySelector('flt-announcement-polite');
  new MutationObserver(() => { const said = region.textContent.replace(/\\u00a0/g, ' ').replace(/\\u2060/g, '').trim();
    if (said) window.heard.push(region.getAttribute('aria-live') + ': ' + said); })
    .observe(region, {childList: true, characterData: true, subtree: true}); }"""
HEARD = "n => window.heard.length >= n"
REPLACED_MAX = 20  # times a watched control's semantics element may be replaced before a test gives up
LANGUAGE_SHOWN = {"en": "中文", "zh-CN": "EN"}  # the language button while the app is in this language
LANGUAGE_BUTTON = re.compile(r"^(EN|中文)$")
HOST_ADDRESS = re.compile(r"^Tableside: host address \(keep it to yourself\): (\S+)$", re.M)
HOST_PIN = re.compile(r"^Tableside: host PIN: (\d{6})$", re.M)
ADDRESS = re.compile(r"^Tableside: http://\S+:(\d+)$", re.M)
READ_ALL = ("Array.from(document.querySelectorAll('flt-semantics, flt-semantics *'))"
            ".map(e => (e.getAttribute('aria-label') || '') + ' ' + (e.value || '') + ' ' + e.textContent)"
            ".join('\\n')")
EVENT_NOTE = "tableside-event "
WATCH_SOCKETS = f"const EVENT_NOTE = {EVENT_NOTE!r};" + """
window.__firstFrame = false;
window.addEventListener('flutter-first-frame', () => { window.__firstFrame = true; });
window.__lastFrame = performance.now();
window.__sockets = 0;
window.__heard = 0;
for (const way of ['focusin', 'focusout', 'pointerdown', 'pointerup', 'click']) {
  document.addEventListener(way, e => console.debug(EVENT_NOTE + JSON.stringify(
    [Math.round(performance.now()), way, e.target.tagName,
     e.target.tagName === 'FLT-SEMANTICS'
       ? (e.target.getAttribute('aria-label') || e.target.textContent || '').slice(0, 40) : null,
     e.clientX === undefined ? null : [Math.round(e.clientX), Math.round(e.clientY)]])), true);
}
window.__hold = false;
window.__held = [];
const heard = (listener, socket) => event => {
  const hear = () => typeof listener === 'function' ? listener.call(socket, event) : listener.handleEvent(event);
  if (window.__hold) window.__held.push(Object.assign(hear, {data: event.data})); else hear();
};
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    const n = ++window.__sockets;
    this.addEventListener('message', () => { window.__lastFrame = performance.now(); window.__heard = n; });
  }
  addEventListener(type, listener, ...rest) {
    return super.addEventListener(type, type === 'message' && listener ? heard(listener, this) : listener, ...rest);
  }
  set onmessage(listener) { super.onmessage = listener && heard(listener, this); }
  get onmessage() { return super.onmessage; }
};
"""
HOLD = "() => { window.__hold = true; }"
# A screenshot's pixels inside a box (whole pixels): r, g, b, a of each, row by row (the page decodes the PNG).
PIXELS = """async ([png, box]) => {
  const image = new Image();
  image.src = 'data:image/png;base64,' + png;
  await image.decode();
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [image.naturalWidth, image.naturalHeight];
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return [...context.getImageData(box.x, box.y, box.width, box.height).data];
}"""
# A phone's network, as a test drops it: every websocket the page opens is kept (`__ws`), and while `__blocked`
# a new one goes to a port nobody serves, so the app's own reconnection fails until the network is back.
NETWORK = """window.__blocked = false; window.__ws = [];
const Open = window.WebSocket;
window.WebSocket = class extends Open { constructor(url, ...rest) {
  super(window.__blocked ? String(url).replace(/\\/\\/[^/]+/, '//127.0.0.1:9') : url, ...rest);
  window.__ws.push(this); } };"""
HELD_SAYS = """texts => window.__held.some(({data}) => texts.some(text => (typeof data === 'string' ? data
  : data instanceof ArrayBuffer ? new TextDecoder().decode(data) : '').includes(text)))"""
RELEASE = "() => { window.__hold = false; for (const hear of window.__held.splice(0)) hear(); }"
PRESS_POINT = """el => {
  const r = el.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
  const at = document.elementFromPoint(x, y);
  const name = e => e && (e.tagName === 'FLT-SEMANTICS'
                          ? (e.getAttribute('aria-label') || e.textContent || '').slice(0, 40) : e.tagName);
  return [Math.round(performance.now()), name(el), Math.round(x), Math.round(y), at === el || el.contains(at),
          at && at !== el ? name(at) : null];
}"""
EDITING = """el => {
  el.__editing = false;
  new MutationObserver((changes, watch) => {
    if (document.activeElement === el
        && changes.some(c => ['type', 'autocomplete', 'autocorrect'].includes(c.attributeName))) {
      el.__editing = true;
      watch.disconnect();
    }
  }).observe(el, {attributes: true});
}"""
SEMANTICS_ON = "document.querySelector('flt-semantics') !== null"
NAVIGATE = """path => {
  const asked = performance.now();
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate', {state: null}));
  return asked;
}"""
ANSWERED = "asked => window.__lastFrame > asked"
# The next frame painted (two animation frames on), refused after WAIT_MS: `page.evaluate` has no timeout of its
# own, and once (a full run in December 2026, test_screens, not seen again) a tab stopped giving animation frames
# and the wait held the run for good instead of failing it with this reason.
PAINTED = f"""() => new Promise((done, fail) => {{
  const late = setTimeout(() => fail(new Error('no frame painted in {WAIT_MS // 1000} s')), {WAIT_MS});
  requestAnimationFrame(() => requestAnimationFrame(() => {{ clearTimeout(late); done(); }}));
}})"""
SETTINGS = re.compile(r"^(Settings|设置)$")
TAP = 48  # px: Material's minimum touch target (views.ui.TAP)
TAPPED_ROLES = ["button", "checkbox", "switch", "radio"]
# Where a semantics element can be seen: [top, bottom] of the part of the screen its scrolling area shows (the
# screen's body scrolls between the top bar and a start bar at the foot, which cover what scrolls under them; a
# control there keeps a box of its own in the tree), or the window's.
SEEN_AREA = """const seenArea = e => {
  let a = e.parentElement;
  while (a && !(a.tagName === 'FLT-SEMANTICS' && a.style.overflowY === 'scroll')) a = a.parentElement;
  const r = a ? a.getBoundingClientRect() : {top: 0, bottom: innerHeight};
  return [Math.max(r.top, 0), Math.min(r.bottom, innerHeight)];
};"""
SEEN = f"el => {{ {SEEN_AREA} return seenArea(el); }}"
# The tappable controls wholly in sight (clear of their area's edges, where Flutter gives a control only its visible
# part) less than `least` px high: [name, height].
SHORT_TAPS = f"""([roles, least]) => {{ {SEEN_AREA}
  return Array.from(document.querySelectorAll('flt-semantics[role]'))
  .filter(e => roles.includes(e.getAttribute('role')))
  .map(e => [(e.getAttribute('aria-label') || e.textContent || '').slice(0, 40), e.getBoundingClientRect(),
             seenArea(e)])
  .filter(([name, r, [top, bottom]]) => r.top > top && r.bottom < bottom - 1 && r.height > 0 && r.height < least)
  .map(([name, r]) => [name, Math.round(r.height * 10) / 10]); }}"""
AT_RIGHT = """([el, width]) => { if (!el.isConnected) return true;
                             const r = el.getBoundingClientRect();
                             return r.width > 0 && r.right <= width && r.right >= width - 64; }"""
QUIET = """([quiet, limit, since]) => performance.now() - window.__lastFrame >= quiet
                                 || performance.now() - since >= limit"""
STEADY = """([el, still]) => {
  if (!el.isConnected) return true;
  const r = el.getBoundingClientRect();
  const now = [r.x, r.y, r.width, r.height].join(',');
  const t = performance.now();
  if (el.__rect !== now) { el.__rect = now; el.__since = t; return false; }
  return r.width > 0 && t - el.__since >= still;
}"""


def wheel_distance(box: dict | None, height: int, margin: int) -> int:
    """How far one turn of the wheel scrolls to bring a control on screen: the whole way in one go when its place
    is known (as a person flicks the page), else one step down."""
    if not box:
        return WHEEL_PX
    if box["y"] < 0:
        return int(box["y"]) - WHEEL_PX // 2
    return min(int(box["y"] + box["height"] - (height - margin)) + WHEEL_PX // 2, WHEEL_MAX)


class Server:
    """A running `main.py`: its process, address, data folder, the time it took to listen and its output file;
    serving the network (`host`), the host's address and PIN it printed (else None)."""

    def __init__(self, proc: subprocess.Popen, port: int, data: Path, started: float, log: Path,
                 host: str | None = None):
        self.proc, self.port, self.data, self.started, self.log, self.host = proc, port, data, started, log, host
        self.url = f"http://127.0.0.1:{port}"
        printed = log.read_text("utf-8", "replace")
        self.host_url, self.pin = (printed_value(pattern, printed) for pattern in (HOST_ADDRESS, HOST_PIN))


def printed_value(pattern: re.Pattern, printed: str) -> str | None:
    """The value a line of the server's output gives (the pattern's group), or None if no line does."""
    found = pattern.search(printed)
    return found.group(1) if found else None


def start_server(data: Path, port: int | None = None, host: str | None = None, temp: Path | None = None) -> Server:
    """Start `python main.py --port N --data DIR [--host H]` and wait until it prints its address (and, serving
    the network, the host's PIN, printed last); `temp`, when given, is its folder for temporary files.

    Its output goes to `server.log` in the data folder, never to a pipe nobody reads: a server that writes more
    than a pipe holds (a log line per request, a traceback) would block on its next write and look like an app
    that drops taps.
    """
    started = time.monotonic()
    log = data / "server.log"
    where = ["--host", host] if host else []
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--port", str(port or 0), "--data", str(data),
                                 *where], cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                env={**os.environ, "TMPDIR": str(temp)} if temp else None)
    last = HOST_PIN if host not in (None, "127.0.0.1", "localhost", "::1") else ADDRESS  # a PIN serving the network
    deadline = time.monotonic() + START_S
    while not last.search(log.read_text("utf-8", "replace")):
        if proc.poll() is not None:
            raise RuntimeError(f"main.py exited with {proc.returncode}: {log.read_text('utf-8', 'replace')}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"main.py did not print {last.pattern} in {START_S} s")
        time.sleep(0.05)
    server = Server(proc, int(printed_value(ADDRESS, log.read_text("utf-8", "replace"))), data, started, log, host)
    SERVERS.append(server)
    return server


def stop_server(server: Server) -> int:
    """Send one SIGTERM and wait for the exit code (the app must stop on the first)."""
    if server.proc.poll() is None:
        server.proc.send_signal(signal.SIGTERM)
    try:
        return server.proc.wait(timeout=30)
    finally:
        if server.proc.poll() is None:
            server.proc.kill()


def restart_server(server: Server) -> None:
    """Stop the server and start it again on the same port, address and data folder (the same `Server`, a new
    process, a new host token and PIN)."""
    stop_server(server)
    again = start_server(server.data, port=server.port, host=server.host)
    server.proc, server.started, server.host_url, server.pin = again.proc, again.started, again.host_url, again.pin


@pytest.fixture(scope="module")
def server():
    """One app server with a fresh data folder per test module (no roster or setting leaks between games)."""
    with tempfile.TemporaryDirectory(prefix="tableside-browser-") as data:
        running = start_server(Path(data))
        yield running
        stop_server(running)


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium."""
    OUTPUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as play:
        chromium = play.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield chromium
        chromium.close()


TABS: list["Tab"] = []
SERVERS: list["Server"] = []  # every server started, for the logs of a failed test
LOG_SHOWN = 6000  # characters of each server's log shown with a failed test
FRAMES_KEPT = 60
EVENTS_KEPT = 80  # five events a tap: the last 16 taps


def until(check: Callable[[], bool], what: str, limit_s: float = WAIT_MS / 1000) -> None:
    """Wait until check() holds (asked every 50 ms), else fail naming what was awaited: for conditions outside the
    page (a file the server writes)."""
    deadline = time.monotonic() + limit_s
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {limit_s:.0f} s: {what}")
        time.sleep(0.05)


def shown_as(text: "str | re.Pattern") -> re.Pattern:
    """A pattern for text on screen: Playwright's plain-string match ignores case, so "PIN " would find "keeping";
    a space also matches the no-break space that keeps a list's entry on one line (`views.words.unbroken`), and a
    word joiner may follow any character (`views.words.whole_name`: "丽\u2060丽\u2060（0）")."""
    if isinstance(text, re.Pattern):
        return text
    return re.compile("".join(("\\s" if ch == " " else re.escape(ch)) + "\u2060?" for ch in text))


class Tab:
    """One browser tab on the app, with the few gestures tests need."""

    def __init__(self, page: Page, base: str):
        self.page, self.base = page, base
        self.page.set_default_timeout(WAIT_MS)
        self.page.add_init_script(WATCH_SOCKETS)
        self.frames: deque[str] = deque(maxlen=FRAMES_KEPT)
        self.events: deque[str] = deque(maxlen=EVENTS_KEPT)
        self.started = time.monotonic()
        self.page.on("websocket", self.watch)
        self.page.on("console", self.note_event)
        TABS.append(self)

    def events_seen(self) -> str:
        """The page's last pointer and focus events, as the page reported them while it ran (asking the page now
        could wait for ever on a page that hangs, and the report must still be written)."""
        return "\n".join(self.events)

    def note_event(self, message) -> None:
        """Keep a pointer or focus event the page reported on its console."""
        if message.text.startswith(EVENT_NOTE):
            self.events.append(message.text.removeprefix(EVENT_NOTE))

    def watch(self, socket) -> None:
        """Keep the last frames of the app's websocket (shown with a failed test's report)."""
        def keep(way: str, frame) -> None:
            """One frame: when, which way, its size and first bytes."""
            data = frame if isinstance(frame, bytes) else str(frame).encode()
            self.frames.append(f"{time.monotonic() - self.started:8.3f} {way} {len(data):7d} {data[:48]!r}")
        socket.on("framesent", lambda f: keep("->", f))
        socket.on("framereceived", lambda f: keep("<-", f))
        socket.on("close", lambda ws: self.frames.append(f"{time.monotonic() - self.started:8.3f} closed"))

    def open(self, path: str = "/", load: bool = False) -> "Tab":
        """Go to path. In a tab already showing the app of this server, elsewhere than path: as the browser's
        history moves in the app (the route changes in the running app, no new load), as a person taps through
        the app to a screen, then wait until the server has answered with the new screen and gone quiet. A phone
        moves so to the join screen of its next table as well: a person opens it from the table's QR code, a load,
        but the screen is the same one the route change draws, and a load costs a join about 5 s of CPU (the
        table-mode file took 186 s of CPU instead of 227); a phone's first join, the eight phones' and the host
        gate's are loads. Otherwise, or with `load` (a page given an init script, which only a load
        runs), load the app at it, wait for Flutter's first frame and switch semantics on: a new tab and a whole
        address (such as the host's the server printed). A tab already showing path stays as it is.

        A load costs about 5 s of the two cores' CPU (4.1-5.7 s measured from `/proc/stat`: the app's wasm
        compiled and started, its fonts read, the semantics tree built); moving in the app, 0.1 s. A tab
        that already showed the app and loads again resumes its Flet session, which first draws the screen the
        tab left and then the new route's: wait for something only the new screen shows."""
        here = self.page.url
        if not load and "://" not in path and here.startswith(self.base + "/") and self.page.evaluate(SEMANTICS_ON):
            if here == self.base + path:
                self.quiet()
                return self
            asked = self.page.evaluate(NAVIGATE, path)
            self.page.wait_for_function(ANSWERED, arg=asked, polling=POLL_MS)
            self.quiet()
            return self
        self.page.goto(path if "://" in path else self.base + path)
        self.ready()
        return self

    def ready(self) -> None:
        """After a (re)load: wait for the first frame and enable the semantics DOM."""
        self.page.wait_for_function("window.__firstFrame === true", timeout=WAIT_MS)
        self.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=WAIT_MS)
        self.page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
        self.page.wait_for_selector("flt-semantics", state="attached", timeout=WAIT_MS)

    def reload(self) -> "Tab":
        """Reload the page (a reconnect) and wait until it is usable again."""
        self.page.reload()
        self.ready()
        return self

    def sockets(self) -> int:
        """How many websockets the page has opened since it was loaded."""
        return self.page.evaluate("window.__sockets")

    def hold(self) -> None:
        """Hold what the server sends this tab (a slow network, one way) from now on: the tab goes on showing its
        screen and sending its taps."""
        self.page.evaluate(HOLD)

    def pixels(self, png: bytes, box: dict) -> list[int]:
        """The r, g, b, a of each pixel of the screenshot png inside box (x, y, width, height), row by row."""
        return self.page.evaluate(PIXELS, [base64.b64encode(png).decode("ascii"), box])

    def held_until(self, *texts: str) -> None:
        """Wait until a message held for this tab carries one of texts (e.g. the server's answer to a tap)."""
        self.page.wait_for_function(HELD_SAYS, arg=list(texts), timeout=WAIT_MS)

    def release(self) -> None:
        """Let the held messages through, in the order the server sent them."""
        self.page.evaluate(RELEASE)

    def reconnected(self, before: int) -> None:
        """After the server went away: wait until a websocket newer than the first `before` has brought a message
        (the app reconnected, on its own, to a new session), then until the screen is quiet."""
        self.page.wait_for_function("n => window.__heard > n", arg=before, timeout=WAIT_MS)
        self.quiet()

    def quiet(self, blur: bool = True) -> None:
        """Wait until the server has sent nothing for QUIET_MS (the screen has finished updating), or
        QUIET_LIMIT_MS at most (a ticking timer keeps sending); then let go of the focus (unless blur is False).

        The condition is checked in the page (the time of the app's last websocket message), not by sleeping.
        Letting go of the focus: the semantics element that kept it (the button just tapped) must not take the
        next key press.
        """
        since = self.page.evaluate("performance.now()")
        self.page.wait_for_function(QUIET, arg=[QUIET_MS, QUIET_LIMIT_MS, since], polling=POLL_MS)
        if blur:
            self.page.evaluate("document.activeElement && document.activeElement.blur()")

    def steady(self, locator):
        """The locator once its control has stayed in place for STEADY_MS (a page slides in, a list grows).

        Flutter may replace a control's semantics element while it is watched (its tree rebuilt): the wait then
        ends and the element now found in its place is watched instead (a condition, not a retry on time)."""
        self.wait_on(locator, STEADY, STEADY_MS)
        return locator

    def wait_on(self, locator, script: str, *args) -> None:
        """Wait until script([element, *args]) holds for the locator's element, checked every POLL_MS; a script
        that sees its element detached ends the wait, and the element now found in its place is watched."""
        for _ in range(REPLACED_MAX):
            handle = locator.element_handle()
            self.page.wait_for_function(script, arg=[handle, *args], polling=POLL_MS)
            if handle.evaluate("el => el.isConnected"):
                return
        raise AssertionError(f"{locator} was replaced {REPLACED_MAX} times while it was watched")

    def button(self, name: str, exact: bool = False):
        """The button whose accessible name contains (or equals) name."""
        return self.page.get_by_role("button", name=name, exact=exact)

    def into_view(self, locator, margin: int = 8) -> bool:
        """Scroll with the mouse wheel over the screen, as a person would, until the control is wholly in sight
        (margin pixels clear of the bottom of the part of the screen that scrolls: a start bar at the screen's foot
        covers what scrolls under it), waiting for each scroll to be painted.

        Not Playwright's own scrolling before a click: that scrolls the semantics element and clicks at once,
        before Flutter has moved what it paints, so the click can land on another control (seen: a tap on a past
        round's row never reached the app). The wheel turns over the middle of the screen, or, where that part does
        not scroll (a pinned panel: the sticky race buttons), lower or higher; a control that stays on screen but
        does not move with the wheel (pinned itself) is tapped where it is. Returns whether it scrolled.
        """
        width, height = self.page.viewport_size["width"], self.page.viewport_size["height"]
        spots = [height // 2, height * 5 // 6, height // 4]
        spot, last = 0, None
        for turn in range(WHEELS):
            box = locator.bounding_box()
            top, bottom = locator.evaluate(SEEN) if box else (0, height)
            if box and box["y"] >= top and box["y"] + box["height"] <= bottom - margin:
                return turn > 0
            if turn and box == last:
                if box and box["y"] >= 0 and box["y"] + box["height"] <= height:
                    return True  # on screen and it does not move with the page: pinned to an edge
                spot += 1  # the wheel turned over a part that does not scroll (a pinned panel): move the pointer
                if spot == len(spots):
                    return True
            last = box
            self.page.mouse.move(width - 20, spots[spot])
            self.page.mouse.wheel(0, wheel_distance(box, bottom, margin))
            self.settle(tries=4)
        return True

    def tap(self, name: str, exact: bool = False, role: str = "button") -> None:
        """Tap the first control of a role by its accessible name, once it is on screen and the screen is
        quiet."""
        self.press(self.page.get_by_role(role, name=name, exact=exact).first)

    def press(self, target) -> None:
        """Tap the control a locator finds, as a person would: once the screen is quiet, the control is wholly on
        screen and has stopped moving (a raw click right after an update can reach the control painted there
        before it)."""
        self.quiet()
        target.wait_for(state="visible")
        if self.into_view(target):
            self.quiet()
        self.note_press(self.steady(target))
        target.click()

    def note_press(self, target) -> None:
        """Keep, with the page's pointer events, where a tap is about to land: the control's name and centre,
        and whether the element found at that point is the control (a failed test's report then tells a tap
        that reached another control from one that was lost)."""
        self.events.append("press " + json.dumps(target.evaluate(PRESS_POINT)))

    def language(self, lang: str) -> None:
        """Switch the app to lang ("en" or "zh-CN") if it is not in it, and wait until the app bar says so.

        The app bar's language button names the other language ("中文" while in English, "EN" while in Chinese);
        it is read only once it is drawn.
        """
        self.page.get_by_role("button", name=LANGUAGE_BUTTON).first.wait_for(state="attached")
        other = LANGUAGE_SHOWN["en" if lang == "zh-CN" else "zh-CN"]
        if self.button(other, exact=True).count():
            self.tap(other, exact=True)
        expect(self.button(LANGUAGE_SHOWN[lang], exact=True).first).to_be_attached(timeout=WAIT_MS)

    def field(self, label: "str | re.Pattern"):
        """The text field with exactly this label."""
        return self.page.get_by_role("textbox", name=label, exact=True).first

    def fill(self, label: "str | re.Pattern", text: str) -> None:
        """Type into the text field with this label, as a person would: tap it, wait until Flutter has taken the
        field for editing, type.

        The browser focuses the field at once, but Flutter attaches its editing to it a moment later (a round
        trip through the framework; long on a loaded machine) and then writes the value it knows into the field,
        so a key typed in between is overwritten. The wait is for that attachment, seen as the field's input
        attributes being set while it has the focus (see EDITING).
        """
        self.type_into(self.reach(label), text)

    def reach(self, label: "str | re.Pattern"):
        """The text field with this label, once the screen is quiet and the field is on screen, holding still."""
        field = self.field(label)
        self.quiet()
        field.wait_for(state="visible")
        if self.into_view(field):
            self.quiet()
        return self.steady(field)

    def holds(self, label: "str | re.Pattern", text: str) -> None:
        """Tap the field and check it holds text: Flutter puts a field's text into the page only while it is being
        edited, so a field filled by the app reads empty until it is tapped."""
        field = self.reach(label)
        self.edit(field)
        expect(field).to_have_value(text)

    def edit(self, field) -> None:
        """Tap a field that is on screen and holds still, and wait until Flutter edits it."""
        handle = field.element_handle()
        handle.evaluate(EDITING)
        field.click()
        self.page.wait_for_function("el => el.__editing === true", arg=handle, polling=POLL_MS)

    def type_into(self, field, text: str) -> None:
        """Tap a field that is on screen and holds still, wait until Flutter edits it, replace its text."""
        self.edit(field)
        self.page.keyboard.press("Control+A")
        self.page.keyboard.type(text)
        expect(field).to_have_value(text)

    def fill_all(self, values: dict[str, str]) -> None:
        """Fill several fields, then check that every one still holds its text (none lost on the way)."""
        for label, text in values.items():
            self.fill(label, text)
        for label, text in values.items():
            expect(self.field(label)).to_have_value(text)

    def see(self, text: "str | re.Pattern", timeout: int = WAIT_MS) -> None:
        """Wait until some element shows text (a case-sensitive substring, or a pattern), as its text or as its
        accessible name (a message with a close button is one group named by its text)."""
        shown = shown_as(text)
        expect(self.page.get_by_text(shown).or_(self.page.get_by_label(shown)).first).to_be_attached(timeout=timeout)

    def short_taps(self) -> list[list]:
        """The buttons, checkboxes (a chip), switches and radio buttons wholly on screen less than TAP high, as
        [name, height], once the screen is quiet and painted."""
        self.quiet()
        self.page.evaluate(PAINTED)
        return self.page.evaluate(SHORT_TAPS, [TAPPED_ROLES, TAP])

    def see_button(self, name: str) -> None:
        """Wait until a button with this name is there."""
        self.see_role("button", name)

    def see_role(self, role: str, name: str) -> None:
        """Wait until a control of this role and name (a substring, as `shown_as` finds text: a Chinese label's last
        two characters are kept together by a word joiner, `views.words.no_orphan`) is there."""
        expect(self.page.get_by_role(role, name=shown_as(name)).first).to_be_attached(timeout=WAIT_MS)

    def resize(self, viewport: dict) -> None:
        """Turn the phone into a laptop or back (the tab's size), as a person turns a tablet or widens a window:
        no new load. Wait until Flutter has laid the screen out at the new width (the app bar's last button at its
        right end: settings, or the language on the settings screen, which has no settings button), the server has
        answered the new size and gone quiet, and that frame is painted."""
        if self.page.viewport_size == viewport:
            return
        self.page.set_viewport_size(viewport)
        last = self.page.get_by_role("button", name=SETTINGS).or_(self.page.get_by_role("button", name=LANGUAGE_BUTTON))
        self.wait_on(last.last, AT_RIGHT, viewport["width"])
        self.quiet()
        self.page.evaluate(PAINTED)

    def to_top(self) -> None:
        """Scroll the screen back to its top with the mouse wheel over its middle, as a person would, and wait
        until the server is quiet and the frame is painted."""
        size = self.page.viewport_size
        self.page.mouse.move(size["width"] // 2, size["height"] // 2)
        self.page.mouse.wheel(0, -50_000)
        self.quiet()
        self.page.evaluate(PAINTED)

    def gone(self, text: str) -> None:
        """Wait until no element shows text (a case-sensitive substring)."""
        expect(self.page.get_by_text(shown_as(text))).to_have_count(0, timeout=WAIT_MS)

    def settle(self, tries: int = 40, blur: bool = True) -> bytes:
        """Wait until two consecutive screenshots are identical (painting has finished); return the last (the focus
        let go of first, unless blur is False: a picture of the focus itself)."""
        self.quiet(blur)
        last = self.page.screenshot()
        for _ in range(tries):
            shot = self.page.screenshot()
            if shot == last:
                return shot
            last = shot
        return last

    def shot(self, name: str, full_page: bool = False) -> Path:
        """A settled screenshot saved as tests/output/<name>.png (the settled picture itself, unless the whole
        page is asked for)."""
        settled = self.settle()
        path = OUTPUT / f"{name}.png"
        if full_page:
            self.page.screenshot(path=str(path), full_page=True)
        else:
            path.write_bytes(settled)
        return path


@pytest.fixture(autouse=True)
def forget_tabs():
    """Each test reports only the tabs it opened."""
    TABS.clear()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test's report shows each tab's last websocket frames (was a tap sent? answered?) and the end
    of each running server's log (a handler's error is logged there, never sent to the browser)."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed:
        for i, tab in enumerate(TABS):
            report.sections.append((f"tab {i} websocket frames (s since open, way, bytes, start)",
                                    "\n".join(tab.frames)))
            report.sections.append((f"tab {i} pointer and focus events (ms since load, event, element, name, x y)",
                                    tab.events_seen()))
        for server in SERVERS:
            if server.log.exists():
                report.sections.append((f"server on port {server.port}: the end of its log",
                                        server.log.read_text("utf-8", "replace")[-LOG_SHOWN:]))


class Phone:
    """A tab and every websocket frame it received (over all its loads)."""

    def __init__(self, tab: Tab):
        self.tab = tab
        self.frames: list[bytes] = []
        tab.page.on("websocket", lambda ws: ws.on("framereceived", self._keep))

    def _keep(self, payload) -> None:
        """Keep one received frame as bytes."""
        self.frames.append(payload.encode("utf-8") if isinstance(payload, str) else bytes(payload))

    def screen_text(self) -> str:
        """Everything in the semantics tree."""
        return self.tab.page.evaluate(READ_ALL)

    def received(self, marker: str) -> bool:
        """Whether the marker is on screen or in any frame received."""
        return marker in self.screen_text() or any(marker.encode("utf-8") in f for f in self.frames)


def new_tab(browser: Browser, server: Server, viewport: dict, motion: str = REDUCED_MOTION,
            locale: str = "zh-CN", storage: dict | None = None) -> Tab:
    """A tab in a fresh browser context (its own Flet session); motion: the browser's `prefers-reduced-motion`
    (reduced, unless a test's subject is motion: see the module's notes); locale: the browser's language, which
    the app opens in until the phone chooses one (Chinese: the tests start from Chinese); storage: what the
    browser holds for the page when it first loads (Playwright's `storage_state`, e.g. a seat token the app kept)."""
    context = browser.new_context(viewport=viewport, locale=locale, reduced_motion=motion, storage_state=storage)
    return Tab(context.new_page(), server.url)


@pytest.fixture(scope="module")
def module_phone(browser, server):
    """The module's phone-sized tab (390×844) on its server, one load for all its tests."""
    tab = new_tab(browser, server, PHONE)
    yield tab
    tab.page.context.close()


@pytest.fixture
def phone(module_phone):
    """A phone-sized tab (390×844) on the shared server: the module's one phone, as one person plays one game
    after another on it (a load is about 5 s of CPU). Each test gets it on the home screen, at phone size, in
    Chinese (the language the tests start from), its last frames and events forgotten; a test that changes
    another of the phone's own settings (theme, sound) or gives its page an init script takes a tab of its own."""
    tab = module_phone
    tab.frames.clear()
    tab.events.clear()
    TABS.append(tab)
    if tab.page.url.startswith(tab.base):
        tab.resize(PHONE)
        tab.open("/")
        tab.language("zh-CN")
    return tab
