"""A screen that fails to draw says so (`views.drawn`), with Flet's own sessions in one process: after an accepted
action, on first open, and an error in a tap's handler; the person reads a message in their language, what was
stored stays stored, the details stay in the server's log, and the tab keeps working."""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest
from flet.messaging.session import Session

from scoring.core import Engine
from scoring.i18n import text
from scoring.record import new_record
from storage import Store
from tests.flet_session import Recorder, connect, decoded, settle
from tests.helpers import field_named, run_async
from views import guard, words
from views import session as session_view
from views.app import main_for
from views.games import score_pad as score_pad_view

FAULT = "boom-in-the-drawing"


def said(sess: Session) -> list[str]:
    """The words of the texts and buttons the tab shows now."""
    return [c.value if isinstance(c, ft.Text) else c.content for c in list(sess.index.values())
            if isinstance(c, ft.Text) and isinstance(c.value, str)
            or getattr(c, "on_click", None) and isinstance(getattr(c, "content", None), str)]


def button(sess: Session, label: str) -> ft.Control:
    """The tab's button with this label (read as shown: word joiners dropped, no-break spaces as spaces)."""
    return next(c for c in list(sess.index.values()) if getattr(c, "on_click", None)
                and isinstance(getattr(c, "content", None), str) and plain(c.content) == label)


def plain(shown: str) -> str:
    """A text as read: without the word joiners and no-break spaces that keep its words together."""
    return shown.replace("\u2060", "").replace("\u00a0", " ")


async def tap(sess: Session, control: ft.Control) -> None:
    """A tap on control, handled, and what it queued drawn."""
    await sess.dispatch_event(control._i, "click", None)
    await settle()


async def enter_round(sess: Session, lang: str) -> None:
    """Type 1 and 2 for A and B on a score pad and tap its Add round."""
    for name, points in (("A", "1"), ("B", "2")):
        field = field_named(list(sess.index.values()), name)
        sess.apply_patch(field._i, {"value": points})
        await sess.dispatch_event(field._i, "change", points)
    await settle()
    await tap(sess, button(sess, text(lang, "app.score_pad.add_round")))


def sent_text(conn: Recorder) -> str:
    """Every string the server sent the tab (texts, names, values), one a line."""
    return "\n".join(strings([decoded(frame) for frame in conn.frames]))


def strings(sent: Any) -> list[str]:
    """The strings in a decoded message, at any depth."""
    if isinstance(sent, str):
        return [sent]
    items = sent.values() if isinstance(sent, dict) else sent if isinstance(sent, (list, tuple)) else ()
    return [found for item in items for found in strings(item)]


def failing_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every engine's log wording raise (the slip of session 72: Pictomania's `logged`)."""

    def logged(self, state, action, nth):
        """A log line that cannot be worded."""
        raise KeyError(FAULT)

    monkeypatch.setattr(Engine, "logged", logged)


@pytest.fixture
def store(tmp_path):
    """A store with a two-player score pad."""
    with Store(tmp_path / "data") as opened:
        yield opened


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_a_screen_that_fails_to_draw_after_an_action_says_so_and_keeps_the_action(store, lang, monkeypatch, caplog):
    """Before: the action was stored, then drawing its result raised in Flet's update scheduler, which stopped for
    good: the tap seemed to do nothing and no later tap was ever answered. Now the tab says the screen could not be
    drawn, in its language, the details only in the server's log; once drawing works again, Try again shows the
    session with the round in it."""
    store.set_setting("lang", lang)
    sid = store.create(new_record("score_pad", ["A", "B"], now="2025-01-01T20:00:00+00:00"))

    async def play() -> None:
        tab, conn = await connect(main_for(store), f"/play/{sid}")
        conn.frames.clear()
        with monkeypatch.context() as broken:
            failing_log(broken)
            await enter_round(tab, lang)
            assert len(store.record(sid)["actions"]) == 1
            assert text(lang, "app.screen_failed") in said(tab)
            assert text(lang, "app.screen_failed") in sent_text(conn)
            assert FAULT not in sent_text(conn) and "Traceback" not in sent_text(conn)
        await tap(tab, button(tab, text(lang, "app.draw_again")))
        assert text(lang, "app.screen_failed") not in said(tab)
        assert text(lang, "app.score_pad.add_round") in said(tab)
        tab.close()
        await settle()

    run_async(play())
    assert FAULT in caplog.text and "could not be drawn" in caplog.text


def test_the_last_action_whose_result_cannot_be_drawn_can_be_undone_there(store, monkeypatch):
    """The game's view cannot draw the state after a round: the failed screen's Undo ("the last action": its own
    words may be what fails) takes the round back, and the session screen is drawn again without it."""
    store.set_setting("lang", "zh-CN")
    sid = store.create(new_record("score_pad", ["A", "B"], now="2025-01-01T20:00:00+00:00"))
    drawing = score_pad_view.build

    def build(ctx):
        """The score pad's view, which cannot draw a pad with a round on it."""
        if ctx.state["scores"]:
            raise ValueError(FAULT)
        return drawing(ctx)

    monkeypatch.setattr(score_pad_view, "build", build)

    async def play() -> None:
        tab, _ = await connect(main_for(store), f"/play/{sid}")
        await enter_round(tab, "zh-CN")
        assert text("zh-CN", "app.screen_failed") in said(tab) and len(store.record(sid)["actions"]) == 1
        await tap(tab, button(tab, text("zh-CN", "app.undo_what", what=text("zh-CN", "app.last_action"))))
        assert store.record(sid)["actions"] == []
        assert text("zh-CN", "app.score_pad.add_round") in said(tab)
        tab.close()
        await settle()

    run_async(play())


def test_a_screen_that_fails_on_first_open_says_so_and_home_still_opens(store, monkeypatch):
    """Before: a session screen that raised while first drawn left the tab blank for good. Now it says so, and
    its Home button opens the home screen."""
    store.set_setting("lang", "en")
    sid = store.create(new_record("score_pad", ["A", "B"], now="2025-01-01T20:00:00+00:00"))

    def build(*args, **kwargs):
        """A session screen that cannot be drawn."""
        raise ValueError(FAULT)

    monkeypatch.setattr(session_view, "build", build)

    async def play() -> None:
        tab, conn = await connect(main_for(store), f"/play/{sid}")
        assert text("en", "app.screen_failed") in said(tab)
        assert FAULT not in sent_text(conn)
        conn.frames.clear()
        await tap(tab, button(tab, text("en", "app.go_home")))
        assert "push_route" in sent_text(conn).splitlines() and "/" in sent_text(conn).splitlines()
        conn.page_url = "http://127.0.0.1:8730"  # the browser follows and says so
        tab.apply_page_patch({"route": "/"})
        await tab.dispatch_event(tab.page._i, "route_change", {"route": "/"})
        await settle()
        assert text("en", "app.screen_failed") not in said(tab)
        assert any(words == text("en", "app.new_session") for words in said(tab))
        tab.close()
        await settle()

    run_async(play())


def test_an_error_in_a_tap_says_so_in_words_and_keeps_the_screen(store, monkeypatch, caplog):
    """A handler that raises: the tab is told in words (`app.crashed`), never the traceback, and the screen is
    drawn again; the details are in the server's log."""
    store.set_setting("lang", "en")
    sid = store.create(new_record("score_pad", ["A", "B"], now="2025-01-01T20:00:00+00:00"))
    monkeypatch.setattr(Session, "error", Session.error)
    guard.hide_tracebacks(lambda: "en")

    def attempt(*args, **kwargs):
        """A change that fails on the server."""
        raise RuntimeError(FAULT)

    monkeypatch.setattr(session_view, "attempt", attempt)

    async def play() -> None:
        tab, conn = await connect(main_for(store), f"/play/{sid}")
        conn.frames.clear()
        await enter_round(tab, "en")
        assert words.no_orphan(text("en", "app.crashed")) in sent_text(conn)
        assert FAULT not in sent_text(conn) and "Traceback" not in sent_text(conn)
        assert text("en", "app.score_pad.add_round") in said(tab)
        tab.close()
        await settle()

    run_async(play())
    assert FAULT in caplog.text
