"""Every game played from the players' own phones, tapped at random, in process: each walk seats a phone on every
seat of a table (the players and the referee seat, one player sometimes named referee) and opens the host's table
screen, then again and again picks one of those screens and taps, types or chooses on what it shows, a kind of
control first, then one of that kind (a board of a hundred squares does not hide the one button that sends what
was chosen on it):
- a seated phone: its body as `views.join.seat_body` builds it from the hub's latest message for its seat (its
  status, the near-ties with the referee's rulings, its moves, the game's view of its seat; the race buttons pinned
  above it or in place); a phone whose seat the host freed shows the join form (`views.join.join_form`), where it
  types the PIN (mostly the right one) and takes whichever seat is free;
- the host's screen (`views.table.host_body`): a new PIN, freeing seats, naming the referee, rulings, the table's
  moves, undo and redo (through the live session, which the hub watches).
What a tap sends goes through the hub as that screen's seat, against the log it showed. No handler may raise (a
refusal is shown, not thrown), every screen must build after every tap, and the taps must reach the hub (sent as
actions, stored or refused by the rules: a Flip 7 round or a Nab-It word takes more taps on one phone than a short
walk gives it).

The hub's clocks are the walk's own (seeded): two taps come either a moment apart (a near-tie, when the other order
of two seats' actions would give another state: the walks open and rule some in Pictomania, Solar Storm and
Splitter; a wrong PIN's wait) or ten seconds apart, so the walks are the same every run. Kept short for the suite
(3 walks of 50 taps a game: about 40 seats freed, 15 phones back on a seat, 20 new PINs in all); the same walks,
longer (20 walks of 150 taps a game), found nothing more.
"""

from __future__ import annotations

import itertools
import random

import flet as ft
import pytest

from storage import Store
from tests.test_views_components import FakePage
from tests.test_views_random_taps import GAME_IDS, TYPED, fire, handlers, new_session, walks
from views import words
from views.guard import HostGuard
from views.join import join_form, seat_body
from views.live import Live, live
from views.table import host_body
from views.table_hub import TableHub

WALKS, STEPS = 3, 50
HOST = "host's screen"
EPOCH = 1.7e9
APART = (0.05, 10.0)  # seconds between two taps: within a near-tie's window, or well outside it


class SeatApp:
    """Just enough of the app for a phone's or the host's table screen: its language, its scratch, a recording
    page at a LAN address, no browser storage."""

    def __init__(self, store: Store, lang: str, shown: list):
        self.store, self.lang, self.page, self.settings = store, lang, FakePage(), {"sound": False}
        self.show_error, self._local, self.prefs = shown.append, {}, None
        self.page.url = "http://192.168.1.20:8550/table/x"
        self.guard = HostGuard(required=True)  # the server serves the network (the host's screen reads it)

    def go(self, route: str) -> None:
        """Leave for another screen (the walk stays)."""

    def local(self, name: str) -> dict:
        """This tab's scratch under name."""
        return self._local.setdefault(name, {})

    def t(self, key: str, **params) -> str:
        """A text in the phone's language."""
        return words.say(self.lang, key, **params)

    def render(self) -> None:
        """Draw again (the walk builds the screen afresh before every tap)."""

    render_soon = render

    def answered(self) -> None:
        """An action was taken: a refusal shown would be put away (the walk keeps every refusal)."""

    def moved(self, sid: str, shown: tuple) -> None:
        """The screen shows another log: a refusal about the one before would be put away (the walk keeps all)."""

    def keep_in_browser(self, key: str, value=None) -> None:
        """Keep in the phone's browser storage: this phone has none."""

    def confirm(self, title: str, message: str, yes: str, on_yes) -> None:
        """Ask first; the walk's person says yes at once (a second tap, on the dialog's yes)."""
        on_yes()

    def live(self, sid: str) -> Live:
        """The live session, through which the host's screen undoes and redoes (its hub watches it)."""
        return live(self.store, sid)

    def notify(self, key: str, *args, **kwargs) -> None:
        """A short message (a stale undo's): kept with the refusals."""
        self.show_error(key)


class Phone:
    """One phone at the table: the seat token it holds ("" while it holds none: it shows the join form) and the
    hub's latest message for it, as `views.join.Join` keeps them."""

    def __init__(self, hub: TableHub):
        self.hub, self.token, self.message = hub, "", None

    def keep(self, token: str) -> None:
        """Hold a seat's token and watch the table as that seat."""
        self.token = token
        self.hub.subscribe(self.deliver, token)

    def deliver(self, message: dict) -> None:
        """Take a message; a freed seat forgets its token."""
        if message.get("freed"):
            self.token, self.message = "", None
        else:
            self.message = message

    def body(self, app: SeatApp, pinned: list | None) -> ft.Control:
        """What the phone shows: its seat, or the join form."""
        if not self.token:
            return join_form(app, self.hub, self.keep)
        return seat_body(app, self.hub, self.token, self.message, pinned)


def seated_table(store: Store, gid: str, rnd: random.Random) -> tuple[TableHub, dict[str, Phone], dict]:
    """A session of the game with a phone on every seat (phones named by the seat they took first), one player
    sometimes named referee, and the host's screen watching: the hub, the phones, the host's subscription (its
    key and latest message)."""
    sid = new_session(store, gid, rnd)
    ticks = itertools.accumulate(rnd.choice(APART) for _ in itertools.count())
    wall = itertools.accumulate(rnd.choice(APART) for _ in itertools.count())
    hub = TableHub(store, sid, clock=lambda: EPOCH + next(wall), tick=lambda: next(ticks))
    phones = {seat: Phone(hub) for seat in hub.seat_names()}
    for seat, phone in phones.items():
        phone.keep(hub.join(hub.pin, seat))
    if rnd.random() < 0.5:
        hub.set_referee(rnd.choice(hub.players))
    live(store, sid).watch(id(hub), hub.session_changed)  # as `views.table.connected_hub`: undo reaches the phones
    host: dict = {}
    host["key"] = hub.subscribe(lambda message: host.__setitem__("message", message))
    return hub, phones, host


def seat_walk(store: Store, gid: str, seed: int, taps: list) -> tuple[int, int]:
    """Tap the phones and the host's screen of one table at random, noting each tap in taps; the number of
    actions sent to the hub and the number stored."""
    rnd = random.Random(seed)
    hub, phones, host = seated_table(store, gid, rnd)
    sent = [0]
    acting = hub.act

    def act(*args, **kwargs):
        """The hub's own act, counted."""
        sent[0] += 1
        return acting(*args, **kwargs)

    hub.act = act
    shown: list = []
    apps = {screen: SeatApp(store, rnd.choice(["en", "zh-CN"]), shown) for screen in [*phones, HOST]}
    for _ in range(STEPS):
        screen = rnd.choice([*phones, HOST])
        pinned: list = []
        if screen == HOST:
            body = host_body(apps[HOST], hub, host["message"], host["key"])
        else:
            body = phones[screen].body(apps[screen], pinned if rnd.random() < 0.5 else None)
        choices = [found for control in [body, *pinned] for found in handlers(control)]
        if not choices:
            continue
        kinds = sorted({type(control).__name__ for control, _ in choices})
        kind = rnd.choice(kinds)
        control, event = rnd.choice([(c, e) for c, e in choices if type(c).__name__ == kind])
        joining = screen != HOST and not phones[screen].token
        fire(control, event, rnd, taps, screen, typed=[hub.pin, hub.pin, "000000", ""] if joining else TYPED)
    return sent[0], len(store.load(hub.sid)["actions"])


@pytest.mark.parametrize("gid", GAME_IDS)
def test_random_taps_on_seated_phones_raise_nothing(tmp_path, gid):
    """Seeded random walks over every seat's phone and the host's screen: no handler raises, and the taps reach the
    hub (at least one walk sends actions)."""
    with Store(tmp_path) as store:
        sent = walks(store, gid, seat_walk, WALKS)
    assert max(n for n, _ in sent) > 0, sent
