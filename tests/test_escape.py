"""Escape on a page (`views.focus.escaped`): the screen's own cancel, named in its last render, unless a dialog is open
(the dialog's Escape is its own) or the key is another."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft

from views import focus


def page_with(*dialogs: ft.Control) -> SimpleNamespace:
    """A stand-in page with a tab scratch and these dialogs in its stack."""
    return SimpleNamespace(data={}, _dialogs=SimpleNamespace(controls=list(dialogs)))


def drawn_with_cancel(page: SimpleNamespace, calls: list) -> None:
    """One render of a screen naming a cancel that notes its calls."""
    focus.on_escape(page, lambda: calls.append("cancel"), then="round-first")
    focus.keeper(page).renders += 1


def test_escape_calls_the_screens_cancel_once_and_asks_for_the_focus_to_go_on():
    page, calls = page_with(ft.SnackBar(content=ft.Text("Done"), open=True)), []
    drawn_with_cancel(page, calls)
    focus.escaped(page, "Escape")
    focus.escaped(page, "Escape")
    assert calls == ["cancel"]
    assert focus.keeper(page).asked[0] == ("round-first",)


def test_escape_over_an_open_dialog_or_another_key_leaves_the_screen_as_it_is():
    page, calls = page_with(ft.AlertDialog(title=ft.Text("Delete this session?"), open=True)), []
    drawn_with_cancel(page, calls)
    focus.escaped(page, "Escape")
    focus.escaped(page, "Enter")
    assert calls == []


def test_a_cancel_named_in_an_earlier_render_is_not_called():
    page, calls = page_with(), []
    drawn_with_cancel(page, calls)
    focus.keeper(page).renders += 1
    focus.escaped(page, "Escape")
    assert calls == []


def test_no_view_opens_a_dialog_escape_cannot_put_away():
    """Flutter's Escape puts away only a dismissible dialog; a modal one held the screen until Cancel was tabbed to
    (Pictomania's "Reveal now?")."""
    from pathlib import Path
    views = Path(__file__).parents[1] / "views"
    held = [str(path) for path in views.rglob("*.py") if "modal=True" in path.read_text("utf-8")]
    assert held == []
