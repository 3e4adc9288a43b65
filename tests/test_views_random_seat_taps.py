"""Every game played from the players' own phones, tapped at random, in process: each walk seats a phone on every
seat of a table (the players and the referee seat, one player sometimes named referee), then again and again picks
one phone and taps, types or chooses on what that phone shows: the seated screen's body as `views.join.seat_body`
builds it from the hub's latest message for that seat (its status, the near-ties with the referee's rulings, its
moves, the game's view of its seat; the race buttons pinned above it or in place), a kind of control first, then
one of that kind (a board of a hundred squares does not hide the one button that sends what was chosen on it).
What a tap sends goes through the hub as that phone's seat, against the log its screen showed. No handler may
raise (a refusal is shown, not thrown), every seated screen must build after every tap, and the phones' taps must
reach the hub (sent as actions, stored or refused by the rules: a Flip 7 round or a Nab-It word takes more taps
on one phone than a short walk gives it).

The hub's clock for near-ties is the walk's own (seeded): two taps of different seats come either a moment apart
(a near-tie, when the other order would give another state: the walks open some in Pictomania and Splitter) or
ten seconds apart, so the walks are the same every run. Kept short for the suite (3 walks of 50 taps a game);
the same walks, longer (20 walks of 150 taps a game), found nothing more.
"""

from __future__ import annotations

import itertools
import random

import pytest

from storage import Store
from tests.test_views_components import FakePage
from tests.test_views_random_taps import GAME_IDS, fire, handlers, new_session, walks
from views import words
from views.join import seat_body
from views.table_hub import TableHub

WALKS, STEPS = 3, 50
APART = (0.05, 10.0)  # seconds between two taps: within a near-tie's window, or well outside it


class SeatApp:
    """Just enough of the app for a seated phone's screen: its language, its scratch, a recording page."""

    def __init__(self, store: Store, lang: str, shown: list):
        self.store, self.lang, self.page, self.settings = store, lang, FakePage(), {"sound": False}
        self.show_error, self._local = shown.append, {}

    def local(self, name: str) -> dict:
        """This tab's scratch under name."""
        return self._local.setdefault(name, {})

    def t(self, key: str, **params) -> str:
        """A text in the phone's language."""
        return words.say(self.lang, key, **params)

    def render(self) -> None:
        """Draw again (the walk builds the screen afresh before every tap)."""

    render_soon = render


def seated_table(store: Store, gid: str, rnd: random.Random) -> tuple[TableHub, dict, dict]:
    """A session of the game with a phone on every seat: the hub, each seat's token and its latest message."""
    sid = new_session(store, gid, rnd)
    ticks = itertools.accumulate(rnd.choice(APART) for _ in itertools.count())
    hub = TableHub(store, sid, clock=lambda: 1.7e9, tick=lambda: next(ticks))
    tokens = {seat: hub.join(hub.pin, seat) for seat in hub.seat_names()}
    if rnd.random() < 0.5:
        hub.set_referee(rnd.choice(hub.players))
    messages: dict = {}
    for seat, token in tokens.items():
        hub.subscribe(lambda message, seat=seat: messages.__setitem__(seat, message), token)
    return hub, tokens, messages


def seat_walk(store: Store, gid: str, seed: int, taps: list) -> tuple[int, int]:
    """Tap the phones of one table at random, noting each tap in taps; the number of actions sent to the hub and
    the number stored."""
    rnd = random.Random(seed)
    hub, tokens, messages = seated_table(store, gid, rnd)
    sent = [0]
    acting = hub.act

    def act(*args, **kwargs):
        """The hub's own act, counted."""
        sent[0] += 1
        return acting(*args, **kwargs)

    hub.act = act
    shown: list = []
    apps = {seat: SeatApp(store, rnd.choice(["en", "zh-CN"]), shown) for seat in tokens}
    for _ in range(STEPS):
        seat = rnd.choice(list(tokens))
        pinned: list = []
        body = seat_body(apps[seat], hub, tokens[seat], messages[seat], pinned if rnd.random() < 0.5 else None)
        choices = [found for control in [body, *pinned] for found in handlers(control)]
        if not choices:
            continue
        kinds = sorted({type(control).__name__ for control, _ in choices})
        kind = rnd.choice(kinds)
        control, event = rnd.choice([(c, e) for c, e in choices if type(c).__name__ == kind])
        fire(control, event, rnd, taps, seat)
    return sent[0], len(store.load(hub.sid)["actions"])


@pytest.mark.parametrize("gid", GAME_IDS)
def test_random_taps_on_seated_phones_raise_nothing(tmp_path, gid):
    """Seeded random walks over every seat's phone: no handler raises, and the phones' taps reach the hub (at least
    one walk sends actions)."""
    with Store(tmp_path) as store:
        sent = walks(store, gid, seat_walk, WALKS)
    assert max(n for n, _ in sent) > 0, sent
