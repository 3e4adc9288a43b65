"""A key typed while the screen is drawn again for something else (another phone's action at the table, a timer)
is kept, for every kind of field a person types into. Flet 1.0 puts each render's controls in place of the last
one's and the browser's typing reaches the server as two messages: the field's new value, applied to the field Flet
holds (the last render's), then its change event. A render between the two built the field from the text of the
last change handled and wrote that older text back over the key just typed (`views.ui.draft_field`).

Each test, as the browser and the server go: the screen is built, a key typed and its change handled, the screen
built again; the next key's text is put into the field of that LAST build only (its change still on its way);
another phone acts (or nothing does) and the screen is built once more: the field holds the newer text."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any, Callable

import flet as ft

from scoring.record import new_record
from storage import Store
from tests.card_view_helpers import Table
from tests.helpers import new_session_screen
from tests.test_table_hub import Clock, knit_wit_answering, open_hub
from tests.test_table_screens import shell
from tests.test_views import StubPage, app  # noqa: F401  (the fixture)
from tests.test_views_components import labelled_fields, walk
from views import host_gate, quick
from views.phone_scratch import text_of
from views.games import guess_club, knit_wit, score_pad
from views.join import join_form


def field_of(screen: ft.Control, label: str) -> ft.TextField:
    """The screen's text field with this label (a label that is a Text: its words)."""
    found = [c for c in walk(screen) if isinstance(c, ft.TextField) and getattr(c.label, "value", c.label) == label]
    found += [f for name, f in labelled_fields(screen) if name == label and f not in found]
    assert len(found) == 1, (label, [getattr(c.label, "value", c.label) for c in walk(screen)
                                     if isinstance(c, ft.TextField)])
    return found[0]


def typed_through_a_redraw(draw: Callable[[], ft.Control], label: str, first: str, second: str,
                           meanwhile: Callable[[], Any] = lambda: None) -> str:
    """first typed and its change handled; second put into the field of the render after it, its change not yet
    handled; meanwhile (another phone's action) and the screen drawn again: the text that field then shows."""
    field = field_of(draw(), label)
    field.value = first
    if field.on_change is not None:
        field.on_change(SimpleNamespace(control=field))
    field_of(draw(), label).value = second
    assert meanwhile() is not False
    return field_of(draw(), label).value


def test_a_score_pads_round_field_keeps_a_key_typed_while_a_phone_gives_its_line():
    """The table's round form: 12 typed for B, 120 on its way when A's phone gives A's line."""
    table = Table("score_pad", ["A", "B"])
    assert typed_through_a_redraw(lambda: score_pad.build(table.ctx()), "B", "12", "120",
                                  lambda: table.apply({"type": "line", "by": "A", "round": 1, "score": 5})) == "120"


def test_a_phones_own_points_keep_a_key_typed_while_another_phone_gives_its_line():
    """A's phone, its own points: 12 typed, 120 on its way when B's phone gives B's line."""
    table, phone = Table("score_pad", ["A", "B"]), {}
    assert typed_through_a_redraw(lambda: score_pad.build(table.seated("A", phone)), "My points", "12",
                                  "120", lambda: table.apply({"type": "line", "by": "B", "round": 1,
                                                              "score": 5})) == "120"


def test_a_guess_club_answer_keeps_a_key_typed_while_another_phone_hands_in():
    """Bo's phone, Answer 1: "ban" typed, "bana" on its way when Ann's phone hands in her answers."""
    table, phone = Table("guess_club", ["Ann", "Bo", "Cy"], {"cards": 2}), {}
    assert table.apply({"type": "topic", "by": "Ann", "text": "Fruit"})
    assert typed_through_a_redraw(lambda: guess_club.build(table.seated("Bo", phone)), "Answer 1", "ban", "bana",
                                  lambda: table.apply({"type": "answers", "by": "Ann",
                                                       "cards": ["apple", "pear"]})) == "bana"


def test_a_guess_club_topic_keeps_a_key_typed_while_the_screen_is_drawn_again():
    """The table's topic field: "Fru" typed, "Frui" on its way, the screen drawn again."""
    table = Table("guess_club", ["Ann", "Bo", "Cy"], {"cards": 2})
    field = next(name for name, _ in labelled_fields(guess_club.build(table.ctx())))
    assert typed_through_a_redraw(lambda: guess_club.build(table.ctx()), field, "Fru", "Frui") == "Frui"


def test_a_knit_wit_answer_keeps_a_key_typed_while_another_phone_answers():
    """A's phone, the answer of spool 1: "woo" typed, "wool" on its way when B's phone writes an answer."""
    record = knit_wit_answering()
    table, phone = Table("knit_wit", ["A", "B", "C"], {"deal": "table"}), {}
    for action in record["actions"]:
        assert table.apply(action)
    screen = knit_wit.build(table.seated("A", phone))
    label = next(name for name, _ in labelled_fields(screen))
    assert typed_through_a_redraw(lambda: knit_wit.build(table.seated("A", phone)), label, "woo", "wool",
                                  lambda: table.apply(knit_wit.answer_action("B", 1, "yarn"))) == "wool"


def test_the_quick_scorers_text_keeps_a_key_typed_while_the_screen_is_drawn_again(app):
    """Kingdomino's board as text: "C" typed, "C L" on its way, the screen drawn again (the box held "C")."""
    app.page = StubPage("/quick/kingdomino")
    assert typed_through_a_redraw(lambda: quick.build(app, "kingdomino")[1], app.t("quick.kingdom_text"),
                                  "C", "C L") == "C L"


def test_a_new_players_name_keeps_a_key_typed_while_the_screen_is_drawn_again(app):
    """The new-session form's "New player": "Cy" typed, "Cyd" on its way, the form drawn again."""
    assert typed_through_a_redraw(lambda: new_session_screen(app, "score_pad"), "New player", "Cy", "Cyd") == "Cyd"


def test_a_new_dinosaur_type_keeps_a_key_typed_while_the_screen_is_drawn_again(app):
    """Cubosaurs' "Another dinosaur type": "Ste" typed, "Steg" on its way, the form drawn again. What the phone
    keeps of the form is the name of the last change, without the field (the tab's own, in the type's own dict)."""
    assert typed_through_a_redraw(lambda: new_session_screen(app, "cubosaurs"), "Another dinosaur type",
                                  "Ste", "Steg") == "Steg"
    assert json.loads(text_of(app.local("new:cubosaurs")))["new_type:rows"] == {"name": "Ste"}


def test_the_host_pin_keeps_a_key_typed_while_the_screen_is_drawn_again(app):
    """The host's PIN: 12 typed, 123 on its way, the screen drawn again (the field was built empty)."""
    assert typed_through_a_redraw(lambda: host_gate.build(app)[1], app.t("app.host_pin"), "12", "123") == "123"


def test_the_join_pin_keeps_a_key_typed_while_another_phone_takes_a_seat(tmp_path):
    """A phone's join form: "12" of the PIN typed, "123" on its way when another phone takes Amy's seat (the form
    is drawn again: the seat list changed)."""
    with Store(tmp_path / "data") as store:
        hub = open_hub(store, new_record("score_pad", ["Amy", "Ben", "Cy"], {}), Clock())
        tab = shell(store, f"/join/{hub.sid}")
        assert typed_through_a_redraw(lambda: join_form(tab, hub, lambda token: None), tab.t("table.pin"), "12",
                                      "123", lambda: hub.join(hub.pin, "Amy")) == "123"
