"""A key typed while another screen acts is not sent back over (`views.ui.draft_field`), with Flet's own sessions
in one process: Flet puts the browser's new text into a field at once and runs its change handler later, in a task
of its own, and a render in between (another tab's action reaching this screen) sent the draft's older text back
over the key just typed: "120" typed in a score pad's field while another tab added a round came back "12"."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.session import Session

from scoring.record import new_record
from storage import Store
from tests.flet_session import Recorder, connect, decoded, settle
from tests.helpers import field_named, run_async
from views.app import main_for
from views.ui import draft_field


def field(sess: Session, label: str) -> ft.TextField:
    """The tab's mounted text field with this label (a round field's label is a Text of the name)."""
    return field_named(list(sess.index.values()), label)


async def typed(sess: Session, control: BaseControl, text: str, handled: bool = True) -> None:
    """The browser's text for a field, as Flet receives it: the field's value at once, then (`handled`) its change
    event, handled."""
    _context_page.set(sess.page)
    sess.apply_patch(control._i, {"value": text})
    if handled:
        await sess.dispatch_event(control._i, "change", text)
        await settle()


def numbers_sent(conn: Recorder) -> list:
    """The numbers the server sent as a control's text (a field's, a total's), in the patches it sent."""
    return [op[3] for kind, body in map(decoded, conn.frames) if isinstance(body, dict)
            for op in body.get("patch", [])[1:] if len(op) == 4 and op[2] == "value"
            and isinstance(op[3], str) and op[3].isdigit()]


def test_a_key_typed_while_another_tab_adds_a_round_stays(tmp_path):
    async def play() -> None:
        with Store(tmp_path / "data") as store:
            sid = store.create(new_record("score_pad", ["A", "B"], now="2025-01-01T20:00:00+00:00"))
            phone, sent = await connect(main_for(store), f"/play/{sid}")
            laptop, _ = await connect(main_for(store), f"/play/{sid}")
            await typed(phone, field(phone, "B"), "12")
            sent.frames.clear()
            await typed(phone, field(phone, "B"), "120", handled=False)  # the key's change event still on its way
            for name, points in (("A", "1"), ("B", "2")):
                await typed(laptop, field(laptop, name), points)
            add = next(c for c in list(laptop.index.values()) if isinstance(c, ft.FilledButton)
                       and c.content == "记入本轮")
            await laptop.dispatch_event(add._i, "click", None)
            await settle()
            assert len(store.state(sid)["scores"]) == 1  # the laptop's round, which redrew the phone's screen
            assert "12" not in numbers_sent(sent)  # the older text was sent back over "120"
            await phone.dispatch_event(field(phone, "B")._i, "change", "120")
            await settle()
            assert field(phone, "B").value == "120"
            for sess in (phone, laptop):
                sess.close()
            await settle()

    run_async(play())


def event(control: ft.TextField, text: str) -> SimpleNamespace:
    """A change event as the screen's handler reads it, after Flet put the text in the field."""
    control.value = text
    return SimpleNamespace(control=control)


def test_a_draft_field_keeps_the_browsers_text_until_the_screen_changes_the_draft():
    """Built from the draft; the browser's text reported (the draft follows); a key the browser put in the field
    whose change is not handled yet is kept by the next build; a draft the screen itself changed is shown."""
    scratch: dict = {}
    draft = {"B": ""}

    def build() -> ft.TextField:
        """The field as a render builds it."""
        return draft_field(scratch, "B", draft["B"], label="B", on_change=lambda e: draft.update(B=e.control.value))

    shown = build()
    shown.on_change(event(shown, "12"))
    assert draft == {"B": "12"} and build().value == "12"
    shown = build()
    shown.value = "120"  # the browser's next key, its change event on its way
    shown = build()
    assert shown.value == "120" and draft == {"B": "12"}
    shown.on_change(event(shown, "120"))
    assert draft == {"B": "120"}
    draft["B"] = ""  # the screen cleared the form (a round was added)
    assert build().value == ""
    assert "_fields" in scratch and set(scratch) == {"_fields"}  # tab-only: never part of the kept draft
