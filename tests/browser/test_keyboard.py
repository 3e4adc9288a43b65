"""The app with the keyboard alone, on a laptop (1280×800), as a person who cannot use a mouse: typing in a field and
pressing Enter sends it and leaves the field ready for the next entry; Escape answers a question with its "no".

Play-test (session 72, helper): three players typed into a new session's "New player" field, each followed by Enter;
the first was seated, and the second name, typed at once, went nowhere: Enter had taken the keyboard from the field.
A Delete question opened by the keyboard could not be put away with Escape, only by tabbing to Cancel.
"""

from __future__ import annotations

from playwright.sync_api import expect

from scoring.record import new_record

from tests.browser.conftest import LAPTOP, POLL_MS, WAIT_MS

IN_A_FIELD = "() => document.activeElement !== null && document.activeElement.tagName === 'INPUT'"


def test_enter_in_the_new_player_field_keeps_it_for_the_next_name(phone):
    """Ann, Enter, Ben, Enter, Cy, Enter: three players seated, typed without leaving the keyboard."""
    tab = phone
    tab.open("/new/cubosaurs")
    tab.resize(LAPTOP)
    tab.language("en")
    field = tab.reach("New player")
    tab.edit(field)
    for n, name in enumerate(["Ann", "Ben", "Cy"], start=1):
        tab.page.keyboard.type(name)
        expect(field).to_have_value(name)
        tab.page.keyboard.press("Enter")
        tab.see(f"{n}. {name}")
        tab.page.wait_for_function(IN_A_FIELD, polling=POLL_MS, timeout=WAIT_MS)
        expect(field).to_have_value("")
    tab.see_button("Start")


def test_escape_answers_the_delete_question_with_cancel(phone, server):
    """Delete asks first; Escape puts the question away as Cancel does, the session is still there, and Delete
    asks again."""
    from storage import Store
    with Store(server.data) as store:
        sid = store.create(new_record("cubosaurs", ["Ann", "Ben", "Cy"], now="2026-12-07T08:00:00+00:00"))
    tab = phone
    tab.open(f"/play/{sid}")
    tab.resize(LAPTOP)
    tab.language("en")
    tab.tap("Delete", exact=True)
    tab.see("Delete this session?")
    tab.page.keyboard.press("Escape")
    tab.gone("Delete this session?")
    tab.tap("Delete", exact=True)
    tab.see("Delete this session?")
    tab.tap("Cancel", exact=True)
    tab.gone("Delete this session?")
    with Store(server.data) as store:
        assert store.load(sid)["game"] == "cubosaurs"
