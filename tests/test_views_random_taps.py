"""Every game's screen tapped at random, in process: whatever a person taps, types or chooses, in whatever order
and language, no handler raises (a refusal is shown, not thrown). Each walk builds the view as the frame does
(one shared phone, the table's screen), picks one enabled control with a handler, gives it a plausible value (a
typed text, a dropdown option, a radio in its group, a flipped switch) and calls it. Seeded: the same walks every
run, kept short for the suite (4 walks of 60 taps a game: about 30 s, most of it Nab-It's and Kingdomino's
boards). Longer runs of the same walk (30 walks of 120 taps a game) found Rummy's card tap after a cancelled
correction raising IndexError (the meld chosen belonged to the entries put away), now tested in
`test_views_rummy.py`.
"""

from __future__ import annotations

import inspect
import random
from types import SimpleNamespace

import flet as ft
import pytest

from scoring.core import RuleError, engine, games
from scoring.record import COLOURS, new_record
from storage import Store
from tests.helpers import run_async
from tests.test_views_components import FakePage, walk
from views.context import GameContext
from views.games import has_view, view_of

T0 = "2025-01-01T20:00:00+00:00"
WALKS, STEPS = 4, 60
TYPED = ["", "3", "-2", "12", "apple", "Apple", "10000000000000000000000", "1.5", "苹果", " ", "0", "x" * 50]
EVENTS = ("on_click", "on_change", "on_submit", "on_select")
GAME_IDS = sorted(g.id for g in games() if has_view(g.id))  # not the tests' own engines


def handlers(body: ft.Control) -> list[tuple[ft.Control, str]]:
    """Every enabled control in sight with an event handler, and the event (a person taps nothing hidden: a
    hidden part of a screen is still in its tree, `visible=False`)."""
    return [(c, ev) for c in walk(body, into=in_sight) if not getattr(c, "disabled", False)
            for ev in EVENTS if callable(getattr(c, ev, None))]


def in_sight(control: ft.Control) -> bool:
    """Whether a control is shown where its parent is (not `visible=False`)."""
    return getattr(control, "visible", True) is not False


def value_for(control: ft.Control, rnd: random.Random, typed: list[str] = TYPED):
    """What a person would put into the control before its event fires (set on it, a text field's from typed; a
    fold opened or shut), or None for a tap."""
    if isinstance(control, ft.TextField):
        control.value = rnd.choice(typed)
    elif isinstance(control, ft.Dropdown) and control.options:
        control.value = rnd.choice(control.options).key
    elif isinstance(control, ft.RadioGroup):
        radios = [r for r in walk(control.content) if isinstance(r, ft.Radio) and not r.disabled]
        control.value = rnd.choice(radios).value if radios else control.value
    elif isinstance(control, (ft.Switch, ft.Checkbox)):
        control.value = not control.value
    elif isinstance(control, ft.ExpansionTile):   # a tap on a fold's head opens or shuts it, as the browser says
        control.expanded = not control.expanded
        return control.expanded
    else:
        return None
    return control.value


def seating(game, rnd: random.Random) -> list:
    """A random table for the game (names, with colours where the game has them)."""
    names = [f"P{i + 1}" for i in range(rnd.randint(game.min_players, min(game.max_players, 5)))]
    return [{"name": n, "colour": c} for n, c in zip(names, COLOURS)] if game.colours else names


def new_session(store: Store, gid: str, rnd: random.Random) -> str:
    """Store a new session of the game at a random table (drawn again while the game refuses it: Bacon's
    teams); its id."""
    game = engine(gid).game
    while True:
        try:
            return store.create(new_record(gid, seating(game, rnd), seed=rnd.randint(0, 2 ** 31), now=T0))
        except RuleError:
            continue


def random_walk(store: Store, gid: str, seed: int, taps: list) -> int:
    """Tap one game's screen at random, noting each tap in taps; the number of actions it stored."""
    rnd = random.Random(seed)
    view = view_of(gid)
    sid = new_session(store, gid, rnd)
    local, shown = {}, []

    def apply(action: dict, refused=None) -> bool:
        """Play through the store as the frame does; a refusal is shown (or handed to `refused`, given)."""
        try:
            store.play(sid, action, action["at"])
        except RuleError as err:
            if refused is not None:
                refused(err)
            else:
                shown.append(err.key)
            return False
        return True

    for _ in range(STEPS):
        ctx = GameContext(lang=rnd.choice(["en", "zh-CN"]), record=store.load(sid), state=store.state(sid),
                          engine=engine(gid), page=FakePage(), store=store, local=local, sound=False, apply=apply,
                          show_error=shown.append, refresh=lambda: None, pin=lambda control: None)
        choices = handlers(view.build(ctx))
        if not choices:
            break
        control, event = rnd.choice(choices)
        fire(control, event, rnd, taps)
    return len(store.load(sid)["actions"])


def fire(control: ft.Control, event: str, rnd: random.Random, taps: list, *noted, typed: list[str] = TYPED) -> None:
    """Give the control a plausible value (a text field's from typed), note the tap in taps (after what noted says
    of it) and call its handler, running it to the end if it is async (on a loop of its own, `run_async`: a
    browser test run before in the same worker leaves Playwright's loop running in this thread)."""
    data = value_for(control, rnd, typed)
    taps.append((*noted, type(control).__name__, event, str(getattr(control, "content", "") or "")[:30], data))
    result = getattr(control, event)(SimpleNamespace(control=control, data=data, name=event[3:]))
    if inspect.iscoroutine(result):
        run_async(result)


def walks(store: Store, gid: str, walk, count: int = WALKS) -> list:
    """Run count seeded walks of one game (walk(store, gid, seed, taps)); what each returned. An exception
    escaping a walk fails the test with the game, the seed and the last taps."""
    results = []
    for seed in range(count):
        taps: list = []
        try:
            results.append(walk(store, gid, seed, taps))
        except Exception as err:  # noqa: BLE001 — any escape is the failure; the last taps say how it came
            raise AssertionError(f"{gid} walk {seed}: {err!r} after {taps[-6:]}") from err
    return results


@pytest.mark.parametrize("gid", GAME_IDS)
def test_random_taps_on_a_game_screen_raise_nothing(tmp_path, gid):
    """Seeded random walks over the game's screen: no handler raises, and the taps play the game on (at least one
    walk stores an action, so the walks reach the game's moves)."""
    with Store(tmp_path) as store:
        stored = walks(store, gid, random_walk)
    assert max(stored) > 0, stored
