"""The phone's screen (`/join/<id>`): join the table with the PIN and a free seat, then play as that seat.

A phone that holds a seat keeps its seat token in the browser's storage (`tableside.seat.<id>`), so a reload, a
dropped connection or a server restart brings it back to its seat; a token the table no longer knows (the host freed
the seat) is forgotten and the join form shown again. A PIN half typed is kept there too (`tableside.pin.<id>`,
until the phone takes a seat): a tab away longer than the server keeps its session (`main.SESSION_TIMEOUT`, then
Flet's eviction, every 10 s) comes back in a new session with none of the old one's scratch, and showed the field
empty. Once seated the phone shows only what the hub sends this seat: `player_view(state, seat)`, the seat's prompt
entries (as buttons and forms), and the game's own view built on that view, whose actions go through the hub as this
seat (anything for another seat is refused there); once the game is over, the final result (winners, ranking with
totals, breakdown) as the host's screen shows it. What the seat has half entered in the game's view (an answer sheet
typed but not saved) is its draft, kept in the store per session and seat as the session screen keeps the shared
screen's: it comes back after a reload, a server restart, or on another phone that takes the seat.
While a seated phone's tab is gone (closed, asleep, its network down) the host's screen shows the seat's phone
away (Flet's page disconnect: a closed tab's session lived on, disconnected, for an hour, so its screen went on
watching and the seat read "phone connected"), and connected again once the tab is back: a tab that comes back gets
a new session (`views.reconnect`), whose screen takes the seat again.
The game's view may pin a control above the scrolling screen (the race panel with this seat's own button, while
it has one: `views.components.race`); a move the view offers is not offered again in the moves panel.
When the table moves to a new round, to a phase that asks this seat for a move, or to the game's end, the screen goes
back to its top (`scroll_to`, `views.table.use_lead`): a player who had scrolled down to the scores found the new
prompt out of sight. A page the game's view turns (`GameContext.turn_page`) is drawn from its top here too.
An undo made on another screen (the host's, or the referee's phone) that took back this seat's own action or the
table's (a round: every seat's) is said once on the phone, with the undone row's words (`tell_undone`): a player's
points had vanished from the phone with no word of why.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

import flet as ft

from scoring.core import RuleError
from views import drawn, words
from views.components.action_log import entry_named
from views.context import PAGE, TapCount, use_into_view
from views.games import view_of
from views.session import bring_back_draft, draft_keeper, take_draft, undo_redo_row
from views.table import (connected_hub, hub_game, moves_and_view, phone_step, seat_local, seat_name, status_banner,
                         tab_listener, tie_row, use_lead)
from views.table_hub import PIN_DIGITS
from views.ui import aside, draft_field

PREFS_KEY = "tableside.seat."
PIN_KEY = "tableside.pin."


@drawn.screen
def Join(app: Any, sid: str, chosen: Any) -> ft.Control:
    """The join form, or this phone's seat once it holds one."""
    from views.app import frame

    token, set_token = ft.use_state(None)
    message, set_message = ft.use_state(None)
    _, bump = ft.use_state(0)
    seat = message["seat"] if token and message else None
    scroller = use_lead(phone_step(message) if seat is not None else None)  # before any return: hooks in order
    use_into_view(seat_local(app, sid, seat) if seat is not None else {}, scroller)
    app.refresh_screen = lambda: bump(lambda n: n + 1)
    try:
        hub = connected_hub(app.store, sid)
    except RuleError as err:
        return frame(app, app.t("app.title"), ft.Text(words.error(app.lang, err)), None)

    def keep(value: str) -> None:
        """Remember (or, with "", forget) this phone's seat token in the browser's storage."""
        app.keep_in_browser(PREFS_KEY + sid, value or None)
        set_token(value)

    def mounted() -> None:
        """Read a seat token this phone kept, and a PIN it had half typed."""

        async def read() -> None:
            """Take the stored token, or none; bring back the PIN typed unless this tab still has it."""
            kept, typed = await asyncio.gather(*(app.prefs.get(key + sid) for key in (PREFS_KEY, PIN_KEY))) \
                if app.prefs is not None else (None, None)
            if isinstance(typed, str):
                app.local(f"join:{sid}").setdefault("pin", typed)
            set_token(kept if isinstance(kept, str) else "")

        app.page.run_task(read)

    def follow() -> Callable[[], None] | None:
        """Watch the table as this phone's seat while it holds a token."""
        if not token:
            return None

        seen: dict = {}

        def deliver(msg: dict) -> None:
            """Take a message; a freed seat, or one of a deleted session, forgets its token and says so; an undo
            made on another screen that touched this seat is said once (`tell_undone`)."""
            if msg.get("freed") or msg.get("gone"):
                keep("")
                set_message(None)
                app.notify("table.session_deleted" if msg.get("gone") else "table.you_were_freed", error=True)
                return
            tell_undone(app, seen.get("last"), msg, app.local(f"join:{sid}").pop("undoing", None))
            seen["last"] = msg
            set_message(msg)

        try:
            key = hub.subscribe(tab_listener(deliver), token)
        except RuleError:
            keep("")
            return None
        app.page.on_disconnect = lambda e: hub.set_away(key, True)

        def stop() -> None:
            """Stop watching, and stop telling the hub when this tab leaves."""
            app.page.on_disconnect = None
            hub.unsubscribe(key)

        return stop

    def keep_seat_draft() -> Callable[[], None] | None:
        """While seated, keep the seat's draft in the store; once more when the screen closes."""
        return None if seat is None else draft_keeper(app, sid, seat_local(app, sid, seat), seat)

    ft.use_effect(mounted, [])
    ft.use_effect(follow, [token])
    ft.use_effect(keep_seat_draft, [seat])
    title = bar_title(app, hub, seat is not None)
    if token is None or (token and message is None):
        return frame(app, title, ft.ProgressRing(), None)
    if not token:
        return frame(app, title, join_form(app, hub, keep), None)
    local = seat_local(app, sid, seat)
    bring_back_draft(app, sid, local, seat)
    pinned: list[ft.Control] = []
    body = seat_body(app, hub, token, message, pinned)
    take_draft(app, sid, local, seat)
    return frame(app, title, body, None, pinned, page=local.get(PAGE, 0), scroller=scroller)


def tell_undone(app: Any, before: dict | None, msg: dict, undoing: Any) -> None:
    """Say what was undone when msg (after before, the message this phone showed) took back an action that touched
    this seat (the hub's `undid`: its own or the table's), unless this phone's own Undo did it (`undoing`: the mark
    its screen showed when tapped). A player's points had vanished from the phone with no word of why.
    RULING (told once): a seat's own move whose undo the game's view says itself on the seat's phone (its
    `UNDONE_SAID` types: Guess Club's hidden hand, "the host took back your answers" above the fields they are back
    in) is not told in the bar as well."""
    entry, own = msg.get("undid"), msg.get("undone") or {}
    if before is None or entry is None or msg["count"] >= before["count"]:
        return
    if own.get("type") in getattr(view_of(msg["meta"]["game"]), "UNDONE_SAID", ()):
        return
    if undoing is not None and tuple(undoing) == tuple(before["mark"]):
        return
    app.notify("table.host_undid", {"what": lambda lang: entry_named(lang, entry)})


def bar_title(app: Any, hub: Any, seated: bool) -> str:
    """The top bar's title: "Pictomania at the table" on the join form, the game's name alone once the phone holds a
    seat (every game's seated phone alike). Ruling: a seated phone's room goes to the game; "妙笔神猜（多手机）" took
    two lines of a 390 px phone's bar at 2x text, over the pinned race, and the seat's screen says whose it is. A score
    pad's name has a bracket of its own: one bracket holds both ("麻将（计分板 · 多手机）", `words.one_bracket`)."""
    game = hub_game(app, hub)
    return game if seated else words.whole_bracket(words.one_bracket(app.t("table.phone_title", game=game)))


def join_form(app: Any, hub: Any, keep: Callable[[str], None]) -> ft.Control:
    """The PIN field and a button per free seat, then the seats other phones hold and how a player whose phone
    changed gets theirs back (a new phone listed only the free seats: a player whose phone had left without
    freeing its seat did not find their name, nor what to do)."""
    scratch = app.local(f"join:{hub.sid}")

    def typed(value: str | None) -> None:
        """Keep the PIN typed so far (None: forget it) in the tab and in the browser's storage."""
        if value is None:
            scratch.pop("pin", None)
        else:
            scratch["pin"] = value
        app.keep_in_browser(PIN_KEY + hub.sid, value or None)

    pin = draft_field(scratch, "pin", scratch.get("pin", ""), label=app.t("table.pin"), password=True, width=200,
                      keyboard_type=ft.KeyboardType.NUMBER, max_length=PIN_DIGITS,
                      on_change=lambda e: typed(e.control.value))

    def take(seat: str) -> None:
        """Join as seat with the typed PIN (a refusal shown about an earlier tap is put away once seated)."""
        try:
            token = hub.join(scratch.get("pin", ""), seat)
        except RuleError as err:
            app.show_error(err)
            return
        app.answered()
        typed(None)
        keep(token)

    free = hub.free_seats()
    held = [seat_name(app.lang, seat) for seat in hub.seat_names() if seat not in free]
    seats = [ft.FilledButton(content=app.t("table.take_seat", seat=seat_name(app.lang, seat)),
                             on_click=lambda e, s=seat: take(s)) for seat in free]
    return ft.Column(spacing=16, controls=[
        ft.Text(app.t("table.join_text"), size=16),
        pin,
        ft.Text(app.t("table.pick_seat"), size=16, weight=ft.FontWeight.W_600),
        ft.Row(wrap=True, controls=seats) if seats else aside(app.lang, app.t("table.no_free_seat")),
        *([aside(app.lang, app.t("table.held_seats", seats=held))] if held and seats else []),
    ])


def seat_body(app: Any, hub: Any, token: str, message: dict, pinned: list[ft.Control] | None = None
              ) -> ft.Control:
    """This seat's table: status, near-ties, the referee's Undo and Redo (`views.session.undo_redo_row`, as on the
    host's screen: the referee seat's phone or the referee player's, `TableHub.check_undo`), its moves now, and the
    game's view of the seat's state; what the view pins goes into pinned (None: shown in place)."""
    lang = app.lang
    seat = message["seat"]

    taps = TapCount(message["mark"])

    def heard(refused: Callable[[RuleError], None] | None, shown: Any) -> Callable[[RuleError], None]:
        """Who hears a refusal of a tap made against the log `shown`: `refused` (said under the control tapped),
        or the bar where none is given or the hub judged the tap on a log other phones moved on since. RULING (a
        tap read after others'): Bacon's "I'm out!" tapped as Bo's and Di's taps ended the deal was refused for
        the next deal being played; said under the old button, it was never seen, the phone drawn again at once
        for the new deal without it."""
        return refused if refused is not None and not hub.moved_since(shown) else app.show_error

    def act(action: dict, refused: Callable[[RuleError], None] | None = None) -> bool:
        """Send an action as this seat, against the log this render showed (plus this tap's own); once taken, a
        refusal still shown about an earlier tap is put away (`App.answered`), as on the shared screen. A refusal
        is handed to `refused` where given (`GameContext.dispatch`)."""
        shown = taps.shown()
        try:
            hub.act(token, action, expect=shown)
        except RuleError as err:
            heard(refused, shown)(err)
            return False
        taps.took(hub.after(token))
        app.answered()
        return True

    async def act_soon(action: dict, refused: Callable[[RuleError], None] | None = None) -> bool:
        """`act` from an async handler (a race claim): stored off the server's loop (`TableHub.act_soon`); a refusal
        handed to `refused` where given."""
        shown = taps.shown()
        try:
            await hub.act_soon(token, action, expect=shown)
        except RuleError as err:
            heard(refused, shown)(err)
            return False
        taps.took(hub.after(token))
        app.answered()
        return True

    def rule(tie_id: int, swap: bool) -> None:
        """The referee rules on a near-tie."""
        try:
            hub.rule_tie(token, tie_id, swap)
        except RuleError as err:
            app.show_error(err)

    referee = "table" in hub.may_act_as(seat)
    controls: list[ft.Control] = [
        ft.Container(bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=8, padding=10, content=ft.Text(
            app.t("table.you_are", seat=seat_name(lang, seat)), size=20, weight=ft.FontWeight.BOLD)),
        status_banner(lang, message),
    ]
    controls += [tie_row(lang, message["meta"]["game"], tie, rule if referee else None) for tie in message["ties"]]
    def check_undo() -> None:
        """Let this phone undo or redo only as the referee's (`TableHub.check_undo`), noting the log it showed so
        the undo it makes is not told back to it (`tell_undone`)."""
        hub.check_undo(token)
        app.local(f"join:{hub.sid}")["undoing"] = message["mark"]

    def undo_failed() -> None:
        """Forget the undo this phone was making: it was refused (or is waiting on the table's consent, which may
        be cancelled), so the next undo told here is another screen's (`tell_undone`)."""
        app.local(f"join:{hub.sid}").pop("undoing", None)

    controls.append(undo_redo_row(app, hub.sid, message["log"][-1] if message["log"] else None, message["redo"],
                                  message["mark"], check_undo, undo_failed) if "redo" in message
                    else ft.Row(visible=False))  # in its place, so a field below keeps its place (see `header`)
    controls += moves_and_view(app, hub, message, act, seat, app.t("table.your_moves"),
                               pinned.append if pinned is not None else None, act_soon)
    return ft.Column(spacing=12, controls=controls)

