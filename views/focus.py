"""Where the keyboard focus goes after a tap whose answer redraws the control tapped.

A keyboard-only person (Tab, Enter, Space on a laptop) presses Enter on a control; the action is taken and the
screen is drawn again. Some controls are drawn anew on purpose (Undo and Redo get a new key for every action, so a
stale second tap reaches a control gone, not the next undo), forms are rebuilt, and Flutter drops the focus of a
field on Enter: the focus went to the first control of the screen (Settings, 中文) or to a neighbour ("Add a grey
raptor" after "Add round"), and the next Enter did something else.

One mechanism: a control that can be redrawn is named for what it stands for (`keep(page, name, control)`: "undo",
"round-first", a chip's player). Used from the keyboard, it asks for the focus to go, once the screen is drawn
again, to the control drawn under the same name in that render (or under `then`, a sensible next one: after
"Add round" the form's first field, for the next round); the request is carried to the next render as
`GameContext.bring_into_view` carries its scroll (`use_focus`, run by every screen's `views.app.frame`).

RULING (keyboard only): a button passes the focus on only when it held the keyboard focus as it was used (Enter or
Space), so a mouse click with the page's accessibility off (Flutter then focuses no button on a click) draws no
focus ring on the new control and moves no focus (seen in Chromium: the new Undo drawn plain, the focus left on
the page). With accessibility on (a screen reader, the browser tests) the browser focuses the element clicked and
Flutter follows, as it does for any button clicked that stays: the new Undo then keeps that focus, as the old one
would have. Enter in a one-line field (its `on_submit`) always keeps the field's focus (or passes it to `then`):
Enter is the keyboard's.

Escape is the screen's own way back: a screen with a cancel (a past round open for correction) names it as it draws
(`on_escape(page, cancel, then)`), and Escape, anywhere on the page, calls the one named in the last render, with the
focus then going to `then` as after a keyed control (`escaped`, the page's keyboard handler, `views.app.main_for`).
RULING (a dialog's Escape is the dialog's): while a question or a chooser is open, Escape puts it away as its
Cancel does (Flutter's own, the dialogs are dismissible) and the screen under it is left as it was: one press
closed the Delete question and also threw away the correction typed under it.

Keys typed in the gap after Enter: Enter in a round form's field (a field whose Enter passes the focus on, `keep`
with `then`) adds the round, and Flutter takes the focus off the field at once; the screen is drawn again and the
focus given to the form's first field about 0.5-0.9 s later. A person typing the next round's first score at once
lost those keys: they reached no field (measured in Chromium: the page's "keyboard_event" Enter, the field's
"submit" and "blur" sent in that order within a millisecond; a "5" and a "0" typed 70 and 100 ms later reached
only the page's keyboard handler; the first field's "focus" came 0.8 s after the Enter). From that submit until a
control takes the focus, the page's keyboard handler keeps the keys (`caught`) and types them into the control the
focus is given to, as it is given (`give`), so Enter, 5, 0 leaves "50" in the next round's first field; a key still
on its way once the focus is given is typed into that control too, until the control says it has the focus (from
then on the field gets its keys itself: Flet sends every key to the page's handler as well, the field's "focus"
before them).
RULING (what the gap keeps): digits, the minus sign and Backspace, as the field would have taken them (Backspace
takes back the last key kept, none in an empty field); a key with Ctrl, Alt or Meta held is a shortcut, not kept.
A second Enter in the gap is not taken as sending the next round (one press that bounced, or a person repeating a
round's Enter while the screen is still redrawn, must not send the next round half typed): it is let go, as are
Tab and every later key of the gap (where a Tab would have gone is not known before the form is drawn again: the
next score would land in the wrong player's field, worse than not at all); the keys before them are kept. Nothing is
kept while a dialog is open, nor when the screen drawn next has no control for the focus (another screen): the
keys are then let go, as the browser would have.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable

import flet as ft

KEEPER = "_focus"  # the key of a tab's focus keeper in its scratch (`page.data`, `views.app.tab_scratch`)
TYPED = frozenset("0123456789-")  # the keys the gap after a round form's Enter keeps for the next field (`caught`)
BACK = "Backspace"
LAST = frozenset({"Enter", "Tab"})  # keys that end what the gap keeps (`caught`)


class Keeper:
    """One tab's focus: the named control holding it, the request for the next render, the controls just drawn."""

    def __init__(self) -> None:
        self.held: str | None = None
        self.asked: tuple[tuple[str, ...], int] = ((), 0)
        self.drawn: dict[str, tuple[int, ft.Control]] = {}
        self.renders = 0
        self.cancel: tuple[int, Callable[[], Any], str | None] | None = None
        self.gap: list[str] | None = None
        self.into: ft.Control | None = None
        self.shut = False
        self.text = ""
        self.redraw: Callable[[], Any] = lambda: None

    def took(self, name: str) -> None:
        """The control named `name` has the keyboard focus (a request still waiting for a render is dropped: the
        person has moved on; the gap after a round's Enter is over)."""
        self.held = name
        self.asked = ((), self.asked[1])
        self.gap, self.into = None, None

    def lost(self, name: str) -> None:
        """The control named `name` let the focus go (a later control's focus is not undone)."""
        if self.held == name:
            self.held = None

    def ask(self, *names: str) -> None:
        """After the next render, give the focus to the first of the controls drawn under `names` that takes it."""
        self.asked = (names, self.asked[1] + 1)

    def due(self) -> ft.Control | None:
        """The first control asked for that the render just finished drew, shown and enabled, once; else None."""
        names = self.asked[0]
        self.asked = ((), self.asked[1])
        for name in names:
            drawn = self.drawn.get(name)
            if drawn is not None and drawn[0] == self.renders - 1 and drawn[1].visible and not drawn[1].disabled:
                return drawn[1]
        return None


def keeper(page: Any) -> Keeper:
    """The tab's focus keeper (a throwaway one for a page with no scratch: a screen built unseen, a stand-in)."""
    data = getattr(page, "data", None)
    if not isinstance(data, dict):
        return Keeper()
    found = data.get(KEEPER)
    if not isinstance(found, Keeper):
        found = data[KEEPER] = Keeper()
    return found


def keep(page: Any, name: str, control: ft.Control, then: str | None = None, instead: str | None = None) -> ft.Control:
    """control, drawn for `name`: used from the keyboard (its on_click with the focus, its on_submit), the focus
    goes to what is drawn under `then` (default: name) in the next render, or, where that is not drawn, hidden or
    disabled (the last action undone disables Undo), to what is drawn under `instead`; returns control. A field
    with no `then` is given its focus back as soon as Enter's handler returns (page may then be None: an option's
    editor, built without one)."""
    kept = keeper(page)
    kept.drawn[name] = (kept.renders, control)
    targets = (then or name,) if instead is None else (then or name, instead)
    control.on_focus = first(lambda: kept.took(name), control.on_focus)
    control.on_blur = first(lambda: kept.lost(name), control.on_blur)
    if control.on_click is not None:
        control.on_click = first(lambda: kept.held == name and kept.ask(*targets), control.on_click)
    if getattr(control, "on_submit", None) is not None and then is None:
        control.on_submit = first(lambda: None, control.on_submit, stay=True)
    elif getattr(control, "on_submit", None) is not None:
        control.on_submit = first(lambda: (kept.ask(*targets), opened(kept)), control.on_submit)
    return control


def first(note: Callable[[], Any], handler: Callable[[Any], Any] | None, stay: bool = False) -> Callable[[Any], Any]:
    """An event handler that calls note, then handler (None: nothing more), awaiting it if it is async; stay: then
    gives the focus back to the control (a field Enter let go of, drawn again in place: no render to wait for). It
    is as async as handler is unless it must await the focus (a plain handler stays one a caller may call)."""
    if not stay and not inspect.iscoroutinefunction(handler):

        def noted(e: Any) -> Any:
            """Note the event, then handle it."""
            note()
            return handler(e) if handler is not None else None

        return noted

    async def handled(e: Any) -> None:
        """Note the event, then handle it."""
        note()
        answer = handler(e) if handler is not None else None
        if inspect.isawaitable(answer):
            await answer
        if stay:
            await focused(e.control)

    return handled


def on_escape(page: Any, cancel: Callable[[], Any], then: str | None = None) -> None:
    """In this render, Escape on the page calls cancel (the screen's own Cancel), then gives the focus to what the
    next render draws under `then` (none: it stays where it is)."""
    kept = keeper(page)
    kept.cancel = (kept.renders, cancel, then)


def escaped(page: Any, key: str) -> None:
    """The page's keyboard handler: Escape calls the cancel the last render named (`on_escape`), unless a dialog is
    open (its Escape is its own); any other key, and a screen without a cancel, do nothing."""
    kept = keeper(page)
    if key != "Escape" or kept.cancel is None or kept.cancel[0] != kept.renders - 1 or dialog_open(page):
        return
    _, cancel, then = kept.cancel
    kept.cancel = None
    if then is not None:
        kept.ask(then)
    cancel()


def pressed(page: Any, e: Any) -> None:
    """The page's keyboard handler (`views.app.main_for`): Escape (`escaped`), and a key typed in the gap after a
    round form's Enter (`caught`)."""
    escaped(page, e.key)
    if not (e.ctrl or e.alt or e.meta):
        caught(page, e.key)


def opened(kept: Keeper) -> None:
    """A round form's Enter took the focus off its field: keep the keys typed until a control takes it again."""
    kept.gap, kept.into, kept.shut = [], None, False


def caught(page: Any, key: str) -> None:
    """A key the page heard: in the gap after a round form's Enter, kept for the control the focus is given to
    next (typed into it at once once it is given, until it says it has it); outside the gap, while a dialog is open,
    and after an Enter or a Tab in the gap, nothing (see the module's RULING)."""
    kept = keeper(page)
    if kept.gap is None or kept.shut or dialog_open(page):
        return
    kept.shut = key in LAST
    if key in TYPED or key == BACK:
        kept.gap.append(key)
        typed_into(kept, kept.gap)


def typed_into(kept: Keeper, keys: list[str]) -> None:
    """Type the keys kept in the gap at the end of the text of the field given the focus (`Keeper.into`), as the
    field would have (Backspace takes back the last character): its change handler is told, as for a key typed in
    it, and the screen is drawn again with it (a drawn control cannot be changed); the keys are then used."""
    if not keys or kept.into is None:
        return
    text = kept.text
    for key in keys:
        text = text[:-1] if key == BACK else text + key
    keys.clear()
    kept.text = text
    if kept.into.on_change is not None:
        kept.into.on_change(ft.Event(name="change", control=ft.TextField(value=text), data=text))
    kept.redraw()


def dialog_open(page: Any) -> bool:
    """Whether a dialog or a bottom sheet is open on the page (read from Flet's stack of the page's dialogs, in
    which a message bar also stands: a bar takes no keys, so it does not count)."""
    stack = getattr(getattr(page, "_dialogs", None), "controls", [])
    return any(d.open for d in stack if isinstance(d, (ft.AlertDialog, ft.BottomSheet)))


def use_focus(app: Any) -> None:
    """A screen's hook (`views.app.frame`): once drawn, give the focus to the control asked for (`keep`); none for
    a page with no tab scratch (a screen built unseen, outside a render); the app's `render_soon` draws the screen
    again (keys kept in the gap after a round's Enter, typed into its field: `typed_into`)."""
    page = getattr(app, "page", None)
    if not isinstance(getattr(page, "data", None), dict):
        return
    kept = keeper(page)
    kept.redraw = app.render_soon
    kept.renders += 1


    async def asked() -> None:
        """Give the focus asked for, once this render is drawn."""
        await give(page)

    ft.use_effect(asked, [kept.asked[1]])


async def give(page: Any) -> None:
    """Give the focus asked for to the control the last render drew for it, now: after a render (`use_focus`), or
    from a handler whose tap draws nothing again (home's History scrolls)."""
    kept = keeper(page)
    control = kept.due()
    if isinstance(control, ft.TextField) and kept.gap is not None:
        kept.into, kept.text = control, control.value or ""
        typed_into(kept, kept.gap)
    elif kept.gap is not None:
        kept.gap = None
    if control is not None:
        await focused(control)


async def focused(control: ft.Control) -> None:
    """Give control the focus, unless the tap's answer took it off the screen (nothing then to give it to)."""
    try:
        await control.focus()
    except RuntimeError:
        return
