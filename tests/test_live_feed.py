"""The tab's `Feed` of a live session: one notification per change, and reading or copying the state it holds
(as every game view's `player_view` does while the screen renders) notifies nothing — else the screen would queue
its own re-render forever."""

from __future__ import annotations

import copy
from concurrent.futures import ThreadPoolExecutor

from flet.controls.context import _context_page

from scoring.core import engine
from views.live import Feed, Live


def listener():
    """A list of the fields notified, and the listener filling it (kept by the caller: Flet holds it weakly)."""
    heard: list = []

    def listen(sender, name) -> None:
        """Note the notified field."""
        heard.append(name)

    return heard, listen


def test_show_notifies_once_and_copying_the_state_notifies_nothing():
    feed = Feed()
    heard, listen = listener()
    feed.subscribe(listen)
    record = {"game": "solar_storm", "actions": [{"type": "end_actions", "by": "Ann"}], "redo": []}
    state = {"phase": "collect", "rooms": {"bridge": {"cubes": [True, False]}}, "hands": {"Ann": ["data"]}}
    feed.show(record, state)
    assert heard == ["version"] and feed.version == 1
    assert feed.state is state and feed.record is record       # the store's cache, handed on as it is
    copied = copy.deepcopy(feed.state)
    copied["rooms"]["bridge"]["cubes"][0] = False
    assert heard == ["version"]
    assert state["rooms"]["bridge"]["cubes"] == [True, False]


def test_a_game_views_player_view_of_the_fed_state_notifies_nothing():
    eng = engine("solar_storm")
    feed = Feed()
    heard, listen = listener()
    feed.subscribe(listen)
    feed.show({"game": "solar_storm", "actions": [], "redo": []}, eng.new_state(["Ann", "Bo"], seed=7))
    eng.player_view(feed.state, None)
    eng.prompt(feed.state)
    assert heard == ["version"]


class TabPage:
    """A tab's page as `views.reconnect.tab_gone` reads it: its session, or an error once Flet destroyed it."""

    def __init__(self, destroyed: bool):
        self.destroyed = destroyed

    @property
    def session(self):
        if self.destroyed:
            raise RuntimeError("An attempt to fetch destroyed session.")
        return type("Connected", (), {"connection": object(), "expires_at": None})()


def subscribed(hub: Live, page: TabPage) -> Feed:
    """A feed subscribed from page's tab (Flet's current page while it subscribes), in a thread with no event loop
    running, so that a change is handed to it at once (a worker that ran a browser test keeps Playwright's loop
    running in its main thread: a feed subscribed there is handed changes through that loop, later)."""
    feed = Feed()

    def subscribe() -> None:
        """Subscribe as page's tab."""
        _context_page.set(page)
        hub.subscribe(feed)

    with ThreadPoolExecutor(1) as thread:
        thread.submit(subscribe).result()
    return feed


def test_a_change_is_not_handed_to_a_gone_tab_whose_session_flet_destroyed():
    """A tab that comes back gets a new session; the screen of the one it left, closed by Flet, is dropped at the
    next change instead of failing on it."""
    hub = Live(None, "s")
    pages = TabPage(destroyed=False), TabPage(destroyed=True)
    here, gone = (subscribed(hub, page) for page in pages)
    hub.publish({"actions": []}, {"phase": "x"})
    assert here.version == 1 and hub.follows(here)
    assert gone.version == 0 and not hub.follows(gone)
