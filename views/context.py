"""`GameContext`: everything a game view (`views/games/<game>.py`, `build(ctx)`) may use, and nothing more.

A game view renders `ctx.state` and turns taps into actions with `ctx.dispatch(action)`; it decides no rule.
`TapCount` is the log's mark (length and last action, `scoring.record.mark`) a screen's action is checked against
(`expect`).
"""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable, Iterable

import flet as ft

from scoring.core import TABLE, Engine, RuleError
from scoring.record import STALE, Mark, player_names
from views import words
from views.components import refusal

PAGE = "_page"
INTO_VIEW = "_into_view"  # the scratch key of what the screen brings into view next (`GameContext.bring_into_view`)


class GameContext:
    """The session a game view shows and the ways it can act on it.

    - `lang`: "zh-CN" or "en"; `t(key, **params)`: translated text (dict/list parameters made readable).
    - `record`: the session record (plain JSON); `state`: the replayed state; `engine`: the game's engine;
      `players`: names in seat order; `colours`: {name: colour or None}.
    - `dispatch(action) -> bool`: stamps "at", applies via the store; on `RuleError` shows the translated
      message and returns False; on success it returns True and the frame re-renders (the view is built again)
      as soon as the event handler returns — so a handler may tidy `local` after a successful dispatch.
      `dispatch(action, refused)` hands the rules' `RuleError` to `refused` instead of showing it (a round form
      says it beside its send button: `views.games.round_edit.send`), so the rules run once, where the action is
      applied; the `apply` a frame gives therefore takes `refused=` too (None: show it). `dispatch(action, at=key)`
      says the refusal under the control tapped, keyed `ft.ScrollKey(key)` (`say`, `views.components.refusal`):
      the bar at a phone's foot covered that very control.
    - `now()`: the current ISO time (for timers); `page`: the `ft.Page` (dialogs, services);
      `store`: the `storage.Store`; `local`: per-view scratch that survives re-renders and language switches
      (e.g. who holds the phone, half-typed scores) — never rules; `sound`: whether sounds are on.
    - `show_error(err)`: show a `RuleError` (or message key) translated, as `dispatch` does.
    - `shown()`: the state as everyone around this screen may see it (e.g. a vote's sealed ballots): the seat's
      view on a seated phone, the public table on a shared screen.
    - `refresh()`: build the view again (after changing `local`, e.g. to uncover a private entry form).
    - `turn_page()`: the phone changes hands (a private sheet is uncovered or covered again), or the table moves
      on to what it waits for next (Pictomania's race ends): the scrolling part of the screen is drawn as a new
      page, from its top, on a shared screen as on a seated phone and the host's table screen. Flutter keeps a
      scrolled page's semantics positions where they were when the content under them changes this much, so a
      tap on the next player's first field could land on another field; a new page starts with both in place.
    - `bring_into_view(key)`: after the next render, scroll the screen so the control keyed `ft.ScrollKey(key)` is
      in sight (`use_into_view`): a line said below the control just tapped (a refused round's reason) was off a
      phone's screen at 2x text.
    - `pin`: None, or a callable the frame gives: `pin(control)` shows control above the scrolling screen, where
      it stays in reach (race buttons use it); with None a component shows it in place.
    - `local` is also the session's draft: what a view keeps there under keys not starting with "_" (plain
      JSON) is stored per session and seat and comes back after a restart or on another phone; keys starting
      with "_" stay in this tab (e.g. whether a private entry is uncovered).
    - `seat`: None on a shared phone (the table's own screen, passed around); on a phone seated in table mode,
      the seat it is (a player's name, or "table" for the referee seat). A seated phone shows its own private
      parts directly and never another seat's cover (see `views.components.private.opened`).
    - `for_table`: whether this screen may act for the table (the shared screen, the referee seat, or the
      player the host named referee); a player's own phone acts only as its seat.
    - `actions`: how many actions the log this screen shows holds (a seated phone gets no log, only the hub's
      count): view scratch that must start afresh after every action is stamped with it.
    - `dispatch` carries the number of actions this render showed (`expect`): if another phone acted first the
      action is refused as stale, the fresh state is shown and dispatch returns False.
    - `offer(by, kind)`: the view shows a control of its own for by's move kind in this render (a button that
      sends it, or one that opens the view's form for it: a race button for its player, Knit Wit's open answer
      sheet for its player's `answer`, Pictomania's guess panel for its guesser's `guess`, the table's round form,
      a past round to correct); `offered` holds those (by, kind) pairs, and the generic moves panel of a
      table-mode screen (a seated phone, the referee's phone, the host's table screen) leaves them out
      (`views.table.moves_and_view`), so one move is not offered twice on one screen; a view shows a control only
      for a move its screen makes (`views.components.offers`: `offer_here` offers the prompt entries of a move type
      this screen makes).
    - `refused`: on a phone seated in table mode, the seat's own actions the hub played before another seat's
      action and the rules refused (`views.table_hub`: each {"action", "key", "params"}: the action and the
      rules' reason), while the log ends with that other action; none elsewhere.
    - `where`: on a table-mode screen, where each player seat plays (`views.table_hub.TableHub.where`: "host" when
      no phone holds it, "phone", "away" when its phone dropped off); empty elsewhere.
    - `host`: whether this is the host's own table screen (where a seat no phone holds is played from its session
      screen, not from here).
    - `said_round`, `said_waiting`: what a table-mode screen reads just above the view (`views.table.moves_and_view`):
      the round its status line names, the seats a screen with nothing to do waits on (named by its status line,
      "B's turn", or its "Nothing to do right now: waiting for …" line, `views.table.nothing_to_do`); None and
      none elsewhere. `read_once(control, ...)` keeps a line of the view that says only that out of what a screen
      reader reads, still shown.
    """

    def __init__(self, *, lang: str, record: dict, state: dict, engine: Engine, page: ft.Page, store: Any,
                 local: dict, sound: bool, apply: Callable[..., bool], show_error: Callable[[Any], None],
                 refresh: Callable[[], None], pin: Callable[[ft.Control], Any] | None = None,
                 seat: str | None = None, actions: int | None = None, for_table: bool | None = None,
                 apply_soon: Callable[..., Awaitable[bool]] | None = None, said_round: int | None = None,
                 said_waiting: Iterable[str] = (), refused: Iterable[dict] = (), where: dict | None = None,
                 host: bool = False):
        self.lang = lang
        self.record = record
        self.state = state
        self.engine = engine
        self.page = page
        self.store = store
        self.local = local
        self.sound = sound
        self.players = player_names(record)
        self.colours = {p["name"]: p.get("colour") for p in record["players"]}
        self._apply = apply
        self._apply_soon = apply_soon
        self._show_error = show_error
        self._refresh = refresh
        self.pin = pin
        self.seat = seat
        self.for_table = seat in (None, TABLE) if for_table is None else for_table
        self.actions = len(record.get("actions") or []) if actions is None else actions
        self.made = 0  # the actions this context's dispatches added to the log (a refusal after them is said: `say`)
        self.offered: set[tuple[str, str]] = set()
        self.said_round = said_round
        self.said_waiting = frozenset(said_waiting)
        self.refused = list(refused)
        self.where = dict(where or {})
        self.host = host

    def offer(self, by: str, kind: str) -> None:
        """Note that the view offers by's move kind with a control of its own."""
        self.offered.add((by, kind))

    def read_once(self, control: ft.Control, number: int | None = None, waiting: Iterable[str] = ()) -> ft.Control:
        """control, or, when all it says (round `number`; that the seats `waiting` are waited on) is read just above
        the view, control shown but not read.

        RULING (said twice): a line is read once on a screen, where the frame says it first. A seated phone reads
        its status line ("B's turn · Round 1 of 3 · …") and its moves ("Nothing to do right now.") above the
        game's view, so the view's "Round 1" heading and its lines that only say who the table waits on ("B enters
        this on their own phone.", "The table's move: the referee or the host makes it on their screen.",
        Splitter's "Still to write: B and C") are shown but not read there; a line that names anyone the frame did
        not (a seat with moves of its own reads no "waiting for") is read, and a shared phone's view reads all its
        lines."""
        seats = set(waiting)
        if (number is not None or seats) and number in (None, self.said_round) and seats <= self.said_waiting:
            return ft.Semantics(content=control, exclude_semantics=True)
        return control

    def t(self, key: str, **params: Any) -> str:
        """The text of key in the session's language, in the game's own words where it has them
        (`words.say_for`)."""
        return words.say_for(self.lang, self.engine.game.id, key, **params)

    def now(self) -> str:
        """The current time as an ISO string."""
        return words.now()

    def dispatch(self, action: dict, refused: Callable[[RuleError], None] | None = None,
                 at: str | None = None) -> bool:
        """Apply an action (stamped with the time); False and a shown message if the rules refuse it, or, given
        `refused`, their `RuleError` handed to it instead, or, given `at` (the scroll key of the control tapped), said
        under that control (`say`); one refused as stale is still shown: another phone acted first, and the fresh
        state is what answers it."""
        stamped = {**action, "at": action.get("at") or self.now()}
        heard = self.heard(refused, at)
        return self.took(self._apply(stamped) if heard is None else self._apply(stamped, refused=heard))

    async def dispatch_soon(self, action: dict, at: str | None = None) -> bool:
        """`dispatch` from an async handler (a race claim): on a seated phone the server stores it off its loop,
        so other phones' taps made at the same moment are read meanwhile (`TableHub.act_soon`); given `at`, a
        refusal is said under the control keyed so (`say`)."""
        stamped = {**action, "at": action.get("at") or self.now()}
        if self._apply_soon is None:
            return self.dispatch(stamped, at=at)
        return self.took(await self._apply_soon(stamped, refused=self.heard(None, at)))

    def took(self, accepted: bool) -> bool:
        """Count an accepted action (`made`); whether it was accepted."""
        self.made += accepted
        return accepted

    def heard(self, refused: Callable[[RuleError], None] | None, at: str | None) -> Callable[[RuleError], None] | None:
        """Who hears a refusal: `refused`, or, given `at`, the control keyed so (`say`); a stale one the bar (another
        phone acted first); None: the bar, as the frame shows it."""
        heard = refused if at is None else (lambda err: self.say(err, at))
        if heard is None:
            return None
        return lambda err: (self.show_error if err.key == STALE else heard)(err)

    def say(self, err: RuleError, at: str) -> None:
        """Say a refusal under the control keyed `ft.ScrollKey(at)`, not in the bar that covered it, and bring that
        control into view (`views.components.refusal`: the view puts `said(ctx, at)` right under it); said while the
        log is as this tap left it (the actions it made before the refusal, a Knit Wit claim's answers saved, kept)."""
        refusal.keep(self.local, err.key, err.params, at, self.actions + self.made)
        self.bring_into_view(at)
        self.refresh()

    def show_error(self, err: Any) -> None:
        """Show a refusal (a `RuleError`, its dict form, or a message key) in words."""
        self._show_error(err)

    def refresh(self) -> None:
        """Build the view again once the current event handler returns."""
        self._refresh()

    def shown(self) -> dict:
        """The state as this screen may show it to everyone around it: on a seated phone the hub's view of its
        seat (what `state` already is), on a shared screen the public table (`player_view(state, None)`)."""
        return self.state if self.seat is not None else self.engine.player_view(self.state, None)

    def bring_into_view(self, key: str) -> None:
        """Bring the control keyed `ft.ScrollKey(key)` into sight once the screen is next drawn (`use_into_view`)."""
        asked = self.local.get(INTO_VIEW) or [None, 0]
        self.local[INTO_VIEW] = [key, asked[1] + 1]

    def turn_page(self) -> None:
        """Draw the scrolling part as a new page, from its top, at the next render (see the class notes)."""
        self.local[PAGE] = self.local.get(PAGE, 0) + 1


def use_into_view(local: dict, scroller: Any) -> None:
    """A screen's hook: once drawn, scroll its scrolling part (the ref `scroller`, `views.app.frame`'s) to what its
    game view last asked to bring into view (`GameContext.bring_into_view`, kept in `local`), once per asking: the
    key is put away once scrolled to (its count stays, so the next asking is told from this one), else the screen
    opened again (an effect runs when its screen is first drawn) scrolled to it with nothing asked.
    The control must be on the client already when the scroll comes (Flutter's ensureVisible finds it by its key
    there): a control new in the same update may not be yet."""
    asked = local.get(INTO_VIEW)

    async def bring() -> None:
        """Scroll to the control asked for, once."""
        if asked is not None and asked[0] is not None and scroller.current is not None:
            local[INTO_VIEW] = [None, asked[1]]
            await scroller.current.scroll_to(scroll_key=asked[0])

    ft.use_effect(bring, [asked[1] if asked else 0])


def current_tap() -> Any:
    """The event being handled (Flet runs each tap's handler in a task of its own), or None outside the loop."""
    try:
        return asyncio.current_task()
    except RuntimeError:
        return None


class TapCount:
    """The log's mark an action is checked against (`expect`): the log this render showed, and within one tap's
    handler the log just after the last action that handler made (a Knit Wit sheet's "Done" saves each answer as
    its own action), while another tap before the re-render is still refused as stale."""

    def __init__(self, rendered: Mark) -> None:
        self.rendered, self.tap, self.count = rendered, None, rendered

    def shown(self) -> Mark:
        """The log's mark the next action of this tap is made against."""
        tap = current_tap()
        return self.count if tap is not None and tap is self.tap else self.rendered

    def took(self, after: Mark) -> None:
        """An action of this tap was accepted; after: the log's mark just after it, where the server put it (in
        table mode another player's move may have come before it)."""
        self.tap, self.count = current_tap(), after
