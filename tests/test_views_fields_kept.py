"""A field being typed in stays itself when another screen at the table acts. Flet 1.0 matches a list's controls by
place (or key): a control that comes or goes above a field (in its list, or above any of its ancestors) makes it a
new field, which loses the keyboard, and the next keys go nowhere (Guess Club's "Handed in" line, the round games'
"Given" line above the host's round).

Seeded random walks over a table's phones and the host's table screen (`tests.test_views_random_seat_taps`), with
the host's session screen watching: after every tap, every other screen is drawn again and each text field it
showed before that it still shows (by label) must be the control it was in Flet's diff (`taken_over`). The games
whose screens hold fields at a table: the score pad, Cubosaurs (the moves' fields), Guess Club (topic, answers,
the hand question, from the answers, one card each so hands come in) and Knit Wit (the answer sheets, from the
answering phase). It fails with either of those lines put back as it was (measured: the score pad's walks with
no "Given" control until a line is given, Guess Club's with "Handed in" a control of its own)."""

from __future__ import annotations

import random
from collections import Counter

import flet as ft
import pytest

from scoring.record import new_record
from storage import Store
from tests import test_views_random_seat_taps as seat_taps
from tests.card_view_helpers import each_taken_over
from tests.test_table_hub import knit_wit_answering
from tests.test_table_screens import shell
from tests.test_views_components import labelled_fields, walk
from tests.test_views_random_taps import TYPED, fire, handlers
from views.session import build as session_build
from views.table import host_body

WALKS, STEPS = 3, 60
SESSION = "session screen"
STARTS = {
    "score_pad": None,
    "cubosaurs": None,
    "guess_club": lambda: new_record("guess_club", ["A", "B", "C", "D"], {"cards": 1}) | {
        "actions": [{"type": "topic", "by": "A", "text": "Fruit"}]},
    "knit_wit": knit_wit_answering,
}


def framed(body: ft.Control, pinned: list[ft.Control]) -> ft.Control:
    """The screen as `views.app.frame` lays it out: the top bar, what is pinned, the scrolling part (keyed)."""
    return ft.Column(controls=[ft.Container(), *[ft.Container(content=c) for c in pinned],
                               ft.Column(key="page-0", controls=[ft.Container(content=body)])])


def fields(screen: ft.Control) -> dict[tuple[str, int], ft.TextField]:
    """The screen's text fields by label (and which of that label)."""
    seen: Counter = Counter()
    found = {}
    for label, control in labelled_fields(screen):
        found[(label, seen[label])] = control
        seen[label] += 1
    return found


def screens(hub, phones: dict, host: dict, apps: dict, tab) -> dict[str, tuple[ft.Control, list]]:
    """Every screen drawn from what it knows now: (the framed screen, what can be tapped on it)."""
    drawn = {}
    for name in [*phones, seat_taps.HOST]:
        pinned: list = []
        body = (host_body(apps[name], hub, host["message"], host["key"]) if name == seat_taps.HOST
                else phones[name].body(apps[name], pinned))
        drawn[name] = (framed(body, pinned), [body, *pinned])
    pinned = []
    drawn[SESSION] = (framed(session_build(tab, hub.sid, False, pinned=pinned)[1], pinned), [])
    return drawn


def own_round(screen: ft.Control, field: ft.TextField) -> str | None:
    """The key of the phone's own line the field sits in ("give-2", `round_edit.own_key`), or None."""
    for control in walk(screen):
        key = getattr(control, "key", None)
        if isinstance(key, str) and key.startswith("give-") and any(c is field for c in walk(control)):
            return key
    return None


def next_round(old_screen: ft.Control, old: ft.TextField, new_screen: ft.Control, new: ft.TextField) -> bool:
    """Whether the field is a phone's own line moved on to the next round: a new control by design (a tap on the
    last round's "give" still on its way is answered as lost, `round_edit.own_key`), emptied for the new round."""
    before, after = own_round(old_screen, old), own_round(new_screen, new)
    return before is not None and after is not None and before != after


def thaw(screen: ft.Control) -> None:
    """Let a screen already diffed be changed from Python again: the diff marks the controls it added as frozen, and
    the session takes a person's typing or folding into them past that mark (as `BaseControl._before_update_safe`
    does), where the walk sets them from Python (`value_for`)."""
    for control in walk(screen):
        if hasattr(control, "_frozen"):
            object.__delattr__(control, "_frozen")


def walk_table(store: Store, gid: str, seed: int) -> tuple[int, list]:
    """One walk: the fields compared, and those drawn anew (screen, label, the tap that did it). Each step's screens
    are the ones drawn after the step before (nothing happens between): the controls tapped are the ones on screen,
    as in the app, and each screen is drawn (and its fields found) once a step."""
    rnd = random.Random(seed)
    hub, phones, host = seat_taps.seated_table(store, gid, rnd)
    tab = shell(store, f"/play/{hub.sid}")
    apps = {name: seat_taps.SeatApp(store, "en", []) for name in [*phones, seat_taps.HOST]}
    compared, lost, taps = 0, [], []
    before = screens(hub, phones, host, apps, tab)
    before_fields = {name: fields(screen) for name, (screen, _) in before.items()}
    for _ in range(STEPS):
        actor = rnd.choice([*phones, seat_taps.HOST])
        choices = [found for control in before[actor][1] for found in handlers(control)]
        if not choices:
            continue
        kind = rnd.choice(sorted({type(control).__name__ for control, _ in choices}))
        control, event = rnd.choice([(c, e) for c, e in choices if type(c).__name__ == kind])
        joining = actor != seat_taps.HOST and not phones[actor].token
        thaw(before[actor][0])
        fire(control, event, rnd, taps, actor, typed=[hub.pin, "000000"] if joining else TYPED)
        after = screens(hub, phones, host, apps, tab)
        after_fields = {name: fields(screen) for name, (screen, _) in after.items()}
        for name, (old, _) in before.items():
            new_fields = after_fields[name]
            pairs = [(key[0], field, new_fields[key]) for key, field in before_fields[name].items()
                     if name != actor and key in new_fields
                     and not next_round(old, field, after[name][0], new_fields[key])]
            compared += len(pairs)
            if pairs:
                kept = each_taken_over(old, after[name][0], [(field, new) for _, field, new in pairs])
                lost += [(name, label, taps[-1]) for (label, _, _), was in zip(pairs, kept) if not was]
        before, before_fields = after, after_fields
    return compared, lost


@pytest.mark.parametrize("gid", sorted(STARTS))
def test_a_field_stays_itself_when_another_screen_acts(tmp_path, monkeypatch, gid):
    """No text field on a screen is drawn anew by another screen's tap while the screen still shows it (fields
    compared: at least some in every game)."""
    if STARTS[gid] is not None:
        monkeypatch.setattr(seat_taps, "new_session", lambda store, game, rnd: store.create(STARTS[gid]()))
    with Store(tmp_path) as store:
        results = [walk_table(store, gid, seed) for seed in range(WALKS)]
    assert sum(compared for compared, _ in results) > 0
    assert [found for _, lost in results for found in lost] == []
