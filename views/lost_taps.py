"""A tap that reaches the server after its control left the screen is answered, not dropped: a fix to Flet
1.0.5's event dispatch (`flet.messaging.session.Session.dispatch_event`).

Flet drops an event whose control is no longer on the page, saying so only in its debug log. At a table that is a
lost tap with no word: after B played "HA", A and C both tapped "Challenge HA"; A's challenge was taken, the
button went away, and C's tap reached the server and did nothing, C's phone saying nothing (a helper's browser
audit of Nab-It! from three phones; any button another phone's move takes away, or a second quick tap on a button
the first one removed).

Ruling: a person's input (a tap, a long press, a choice, a submitted or changed field: `INPUTS`) for a control the
screen no longer has does nothing and tells that phone so (`app.tap_gone`: the screen changed before the tap
arrived, here is the screen as it is now, tap again if still needed); its screen is already the current one (the
change that took the control away drew it). A change that keeps coming (typing on into a field that went away)
shows the one message, not one per key. Other events for a control gone (focus, blur, a message put away) are
dropped as before: nobody asked for anything.
A control may carry its own answer (`answer_as`): a race's claim button that went away because another phone
took the last reward is answered in the race's words ("Too late: Cy took the last bonus tile"), not told to tap
again with nothing left to tap (`views.components.race`); an own answer that has nothing to say leaves the tap to
the ruling above. Re-check this patch when Flet is upgraded (it reads the session's
private event index through `Session._Session__resolve_event_control` and `_Session__is_mounted_control`).
"""

from __future__ import annotations

from typing import Any, Callable

INPUTS = frozenset({"click", "tap", "double_tap", "long_press", "secondary_tap", "submit", "select", "change"})
KEEP = 32  # the newest controls with an answer of their own a page remembers
_handlers: dict[int, Callable[[], None]] = {}
_answers: dict[int, list[tuple[Any, Callable[[], bool]]]] = {}


def on_lost_input(page: Any, handler: Callable[[], None]) -> None:
    """What to do on page when a person's input arrives for a control it no longer shows."""
    _handlers[id(page)] = handler


def answer_as(page: Any, control: Any, answer: Callable[[], bool]) -> None:
    """A lost input for control (by the id it has on the screen: a control drawn again in place takes its
    predecessor's) calls answer first, which says whether it answered; the page keeps the newest KEEP. Flet's ids
    come from one counter, never reset, and are reused only that way: give control a key naming what it answers
    for, or its id passes to any control of its type drawn in its place, and that control's late tap gets this
    answer (`views.components.race.button_key`)."""
    kept = _answers.setdefault(id(page), [])
    kept.append((control, answer))
    del kept[:-KEEP]


def forget(page: Any) -> None:
    """Drop what this module keeps for page (its handler, its controls' answers): its session closed
    (`views.app.forget_on_close`)."""
    _handlers.pop(id(page), None)
    _answers.pop(id(page), None)


def own_answer(page: Any, control_id: int) -> Callable[[], bool] | None:
    """The answer the newest control with that id on page carries (`answer_as`), or None."""
    for control, answer in reversed(_answers.get(id(page), ())):
        if getattr(control, "_i", None) == control_id:
            return answer
    return None


def gone(session: Any, control_id: int) -> bool:
    """Whether the session's screen no longer has the control: not found, or found only as a control taken off
    (Flet keeps a control inside a removed one in its index, unmounted, and would dispatch to it: a double tap on a
    player's "take off" button reached the gone row's button and did nothing, with no word)."""
    control = session._Session__resolve_event_control(control_id)
    return control is None or not session._Session__is_mounted_control(control)


def answer_lost_inputs() -> None:
    """Patch Flet's session once: an input for a control gone calls its page's handler (see the module's notes)."""
    from flet.messaging import session as flet_session

    Session = flet_session.Session
    if getattr(Session.dispatch_event, "tableside", False):
        return
    dispatch = Session.dispatch_event

    async def dispatch_event(session: Any, control_id: int, event_name: str, event_data: Any) -> None:
        """Dispatch the event; an input for a control gone goes to its own answer, else its page's handler."""
        handler = _handlers.get(id(session.page))
        if handler is None or event_name not in INPUTS or not gone(session, control_id):
            await dispatch(session, control_id, event_name, event_data)
            return
        flet_session._context_page.set(session.page)
        own = own_answer(session.page, control_id)
        if own is None or not own():
            handler()

    dispatch_event.tableside = True
    Session.dispatch_event = dispatch_event
