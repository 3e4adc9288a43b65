"""A tap that reaches the server after its control left the screen is answered, not dropped (views.lost_taps),
with Flet's own session: the phone that tapped is told, once while the message is up; a tap on a control still
there runs as before; an event nobody asked for (a blur) on a control gone is dropped as before."""

from __future__ import annotations

import asyncio
import gc
import weakref

import flet as ft
from flet.messaging.session import Session

from storage import Store
from tests.helpers import run_async
from tests.test_reconnect import Connection
from tests.test_views_components import bar_words, shown_bars
from tests.test_views_shell import Page, bar_of, read
from views import lost_taps, words
from views.app import App

GONE = 987654


def session_with_button() -> tuple[Session, ft.Button, list, list]:
    """A session whose page shows one button; the handler notes each lost input."""
    session = Session(Connection())
    lost: list = []
    lost_taps.on_lost_input(session.page, lambda: lost.append(True))
    taps: list = []
    button = ft.Button(content="Challenge", on_click=lambda e: taps.append(True))
    session.page.controls.append(button)
    button._parent = session.page
    return session, button, taps, lost


def test_a_tap_on_a_control_gone_is_answered_and_one_still_there_runs():
    lost_taps.answer_lost_inputs()
    session, button, taps, lost = session_with_button()
    run_async(session.dispatch_event(GONE, "click", None))
    assert lost == [True] and taps == []
    run_async(session.dispatch_event(GONE, "blur", None))
    assert lost == [True]
    run_async(session.dispatch_event(button._i, "click", None))
    assert taps == [True] and lost == [True]


def test_a_tap_on_a_button_inside_a_row_taken_off_is_answered():
    lost_taps.answer_lost_inputs()
    session, _, taps, lost = session_with_button()
    inner = ft.IconButton(icon=ft.Icons.CLOSE, on_click=lambda e: taps.append("inner"))
    row = ft.Row(controls=[inner])
    session.page.controls.append(row)
    row._parent, inner._parent = weakref.ref(session.page), weakref.ref(row)
    session.index[inner._i] = inner  # as after a patch that added the row
    session.page.controls.remove(row)
    row._parent = None  # the row taken off; Flet's index still holds the button inside it
    run_async(session.dispatch_event(inner._i, "click", None))
    assert lost == [True] and taps == []


def test_the_phone_is_told_once_while_the_message_is_up(tmp_path):
    with Store(tmp_path / "data") as store:
        app = App(Page("/play/s1"), store)
        app.set_setting("lang", "en")
        told_once(app)


def told_once(app: App) -> None:
    """Inputs lost while the message is up say it once; one after it went away says it again."""
    app.input_lost()
    bar = bar_of(app)
    assert read(bar_words(bar)) == words.say("en", "app.tap_gone")
    app.input_lost()
    assert shown_bars(app.page) == [bar]
    run_async(app.expire(bar, 0))
    app.input_lost()
    assert len(shown_bars(app.page)) == 1 and bar_of(app) is not bar


def test_a_race_button_gone_is_answered_in_the_races_words_and_another_control_as_before():
    """Two phones tap the last bonus tile a few tens of ms apart: the loser's button is gone when its tap arrives.
    The race's answer says who took the last tile, and the page's generic answer is not given as well; a control
    with no answer of its own (or whose answer has nothing to say) gets the generic answer, as before."""
    from scoring.mechanics import race as mech
    from tests.test_views_components import FakeContext, claim_button, noted
    from views.components.race import race_buttons

    lost_taps.answer_lost_inputs()
    session, _, taps, lost = session_with_button()
    ctx = FakeContext(seat="Li")
    ctx.page = session.page
    r, _ = mech.claim(mech.new_race([2, 1], ["Ann", "Cy", "Li"]), "Ann")
    button = claim_button(race_buttons(ctx, r, noted([])), "Li: claim 1")
    race_buttons(ctx, mech.claim(r, "Cy")[0], noted([]))  # the screen drawn again: Li's button is gone
    run_async(session.dispatch_event(button._i, "click", None))
    assert [words.error("en", e) for e in ctx.errors] == ["Too late: Cy took the last reward (1)."] and lost == []
    run_async(session.dispatch_event(GONE, "click", None))
    assert lost == [True] and taps == []


def test_a_closed_sessions_page_is_forgotten_and_freed():
    """A tab's session closes (the tab left): the page's lost-tap and crash handlers and its buttons' answers were
    kept by the page's id and each held the page, so every closed tab's screen stayed in memory until the server
    stopped. Once Flet closes the session they are dropped and the page is freed."""
    from views import guard
    from views.app import forget_on_close

    session, button, _, _ = session_with_button()
    guard.on_crash(session.page, session.page.update)
    lost_taps.answer_as(session.page, button, session.page.update)
    forget_on_close(session.page)
    key, freed = id(session.page), weakref.ref(session.page)
    run_async(closed(session))
    assert key not in lost_taps._handlers and key not in lost_taps._answers and key not in guard._crash_handlers
    del session, button
    gc.collect()
    assert freed() is None


async def closed(session: Session) -> None:
    """Close the session as Flet does when a tab's session expires, and let its close event run."""
    session.close()
    for _ in range(3):
        await asyncio.sleep(0)


def test_a_tap_lost_on_a_game_that_has_ended_says_so(tmp_path):
    """A second quick tap on the move that ended a game reaches the end screen: the phone is told the game has
    ended, not to tap again if still needed (play-test, Splitter and Solar Storm on phones); a game still going is
    told as before, once while the message is up."""
    from scoring.record import mark, new_record
    with Store(tmp_path / "data") as store:
        sid = store.create(new_record("score_pad", ["A", "B"], now="2025-01-01T20:00:00+00:00"))
        app = App(Page(f"/play/{sid}"), store)
        app.set_setting("lang", "en")
        store.play(sid, {"type": "round", "by": "table", "scores": {"A": 1, "B": 2}}, "2025-01-01T20:01:00+00:00")
        app.moved(sid, mark(store.record(sid)))
        app.input_lost()
        assert read(bar_words(bar_of(app))) == words.say("en", "app.tap_gone")
        store.play(sid, {"type": "finish", "by": "table"}, "2025-01-01T20:02:00+00:00")
        app.moved(sid, mark(store.record(sid)))
        app.input_lost()
        ended = bar_of(app)
        assert read(bar_words(ended)) == words.say("en", "app.tap_gone_ended")
        app.input_lost()
        assert shown_bars(app.page) == [ended]
