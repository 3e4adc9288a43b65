"""Keys typed in the gap after Enter adds a round (`views.focus.caught`): kept from the round form's Enter until a
control takes the focus, typed into the field the focus is given to; never while a dialog is open, never outside
that gap, and nothing after an Enter or a Tab typed in it."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft

from views import focus
from tests.helpers import run_async
from views.ui import draft_field


def page_with(*dialogs: ft.Control) -> SimpleNamespace:
    """A stand-in page with a tab scratch and these dialogs in its stack."""
    return SimpleNamespace(data={}, _dialogs=SimpleNamespace(controls=list(dialogs)))


def form(page: SimpleNamespace, draft: dict, sent: list) -> ft.TextField:
    """One render of a round form's first field, holding the draft's text, whose Enter sends the round."""
    field = draft_field(draft, "Ann", draft.get("Ann", ""),
                        on_change=lambda e: draft.__setitem__("Ann", e.control.value),
                        on_submit=lambda e: sent.append(draft.get("Ann")))
    focus.keep(page, "round-first", field, then="round-first")
    focus.keeper(page).renders += 1
    return field


def press(page: SimpleNamespace, *keys: str, ctrl: bool = False) -> None:
    """The page's keyboard handler hears keys."""
    for key in keys:
        focus.pressed(page, SimpleNamespace(key=key, ctrl=ctrl, alt=False, meta=False))


def redrawn(page: SimpleNamespace, draft: dict, sent: list, redraws: list) -> ft.TextField:
    """The screen drawn again after the round went in (the form emptied), and the focus given as asked."""
    draft["Ann"] = ""
    focus.keeper(page).redraw = lambda: redraws.append(draft.get("Ann"))
    field = form(page, draft, sent)
    run_async(focus.give(page))
    return field


def test_keys_typed_before_the_form_is_drawn_again_go_into_its_first_field():
    page, draft, sent, redraws = page_with(), {"Ann": "3"}, [], []
    field = form(page, draft, sent)
    press(page, "Enter")
    field.on_submit(SimpleNamespace(control=field))
    press(page, "-", "5", "7", "Backspace", "Shift")
    redrawn(page, draft, sent, redraws)
    assert sent == ["3"] and draft["Ann"] == "-5" and redraws == ["-5"]
    press(page, "0")
    assert draft["Ann"] == "-50"
    focus.keeper(page).took("round-first")
    press(page, "1")
    assert draft["Ann"] == "-50"


def test_enter_or_tab_in_the_gap_ends_what_it_keeps():
    for last in ("Enter", "Tab"):
        page, draft, sent, redraws = page_with(), {"Ann": "3"}, [], []
        field = form(page, draft, sent)
        field.on_submit(SimpleNamespace(control=field))
        press(page, "5", last, "6")
        redrawn(page, draft, sent, redraws)
        press(page, "7")
        assert draft["Ann"] == "5" and sent == ["3"], last


def test_nothing_is_kept_outside_the_gap_with_a_dialog_open_or_with_a_shortcut():
    page, draft, sent, redraws = page_with(), {"Ann": ""}, [], []
    form(page, draft, sent)
    press(page, "5")
    redrawn(page, draft, sent, redraws)
    assert draft["Ann"] == "" and redraws == []
    page = page_with(ft.AlertDialog(title=ft.Text("Delete this session?"), open=True))
    field = form(page, draft, sent)
    field.on_submit(SimpleNamespace(control=field))
    press(page, "5")
    press(page, "6", ctrl=True)
    redrawn(page, draft, sent, redraws)
    assert draft["Ann"] == "" and redraws == []


def test_keys_are_let_go_when_the_next_screen_draws_no_field_for_them():
    page, draft, sent = page_with(), {"Ann": "3"}, []
    field = form(page, draft, sent)
    field.on_submit(SimpleNamespace(control=field))
    press(page, "5")
    focus.keeper(page).renders += 1
    run_async(focus.give(page))
    press(page, "6")
    assert focus.keeper(page).gap is None and draft["Ann"] == "3"
