"""The table hub: one per live session played on several phones — seats, the join PIN, who may act, the order
of arrival, and what each phone is sent. Pure Python (no Flet): the screens (`views/join.py`, `views/table.py`)
subscribe to it and call it.

The hub is the only place that applies a phone's action to a session (through `Store.play`, with `expect`), and
the only place that decides what a phone connection receives: each subscriber gets `player_view(state, seat)`
and the prompt entries of its own seat — never the full state, the record's log, or another seat's choices.
The host's public screen gets `player_view(state, None)`, the table's entries and the public log
(`scoring.record.public_log`: each action as the engine describes it, without its secrets): its newest `SHOWN`
entries, so a message does not grow with the log, or every entry once that screen asked for them ("show all"),
and the public log's entry of the action redo would put back (its Redo's words). A phone that may act for the
table (the referee's) gets the public log's newest entry and that redo entry too, for its own Undo and Redo.

Rulings (what a table would expect, where the issue is silent):
- Seats are the session's players plus `table`, the referee seat (a phone that makes the table's rulings,
  deals and reveals, and sees the public table). The host may also name one player seat the referee: that
  phone may act as itself and as the table.
- Joining takes the session's join PIN (4 digits, made when the table opens, kept in the store once a screen first
  watches the table or the table first changes — building a screen never writes; the host may make a new one) and a
  free seat. A PIN that is not 4 digits (a seat tapped before the PIN was typed, or half typed) is refused as
  unfinished and not counted: it cannot be the PIN, so it guesses nothing [ruling, session 69; a first-timer who
  tapped their seat first was told "Wrong PIN"]. Wrong PINs are counted per session, whoever types them: after
  5 wrong tries every try waits
  (`WAIT_FIRST` seconds, doubling with each further wrong try, at most `WAIT_MAX`); a right PIN clears the count.
  The count and the wait are kept with the table, so a restart does not clear them.
- A seat token (`secrets.token_urlsafe`, 192 bits) is given to the phone that takes a seat; it brings the phone
  back to its seat after a reload, a dropped connection or a server restart. Only its SHA-256 is stored. The
  host may free a seat: its token stops working at once and its phone is told.
- A freed seat's draft (what its phone had half typed) goes with the seat to the next phone that takes it
  [ruling, session 69, kept after a try the other way]: a seat is the player's place, not a phone; a phone that
  went flat is replaced by the same player on another, whose half-typed answer must not be lost, and whoever
  takes the seat sees its hand and every other thing private to it anyway (`tests/browser/test_table_mode.py`
  hands a seat over with a draft).
- A phone acts only as its own seat: an action's `by` must be the seat (missing: the seat is filled in), or
  `table` from the referee seat or the referee player; anything else is refused `table.not_your_seat`, by the
  server, before the rules see it.
- The referee's phone (the referee seat, or the referee player's) may undo and redo as the host's screen does
  (`check_undo`): the referee keeps the table's rulings and mends a mis-tap without walking to the host's laptop;
  a player's phone may not (undoing another's move is the table's call). An undo that took back something shown
  asks the table's consent on the referee's phone, as on the host's screen.
- A player's action made against a log that has since grown only by other players' own moves is judged on the
  state now, not refused as stale: another player's claim, answer or vote cannot change what this seat meant
  (a race claim takes the best reward left, in the order the server receives the claims), and the rules still
  decide whether it stands. Two phones tapping at once must both count — the later one is not a lost tap. It
  stays refused (`record.stale`) when the table acted meanwhile (a deal, a reveal, the next spool, an undo may
  have moved the game on), when the log the phone showed has changed (an undo, then another action: the log's
  length is the same again, its last action another; `scoring.record.mark`), when the seat itself acted meanwhile
  (a double tap), and for the table's own moves. A seat refused for its own earlier tap is told so (`own=True`:
  "your earlier tap counted first; this one was not counted"), not that another phone acted first: Tom's double
  tap on his claim took his tile once and then read "Someone else acted first … try again".
  A tap that makes several actions (a Knit Wit sheet's Save: an answer each) goes on from where the server put
  its last one (`after`), so another player's move absorbed before its first does not make the next stale.
  (`benchmarks/bench_near_tie.py` found every second claim of two taps made at once refused as stale.)
- A game's view may put other seats' actions before a player's action (`put_first`, set by `views.table`: Knit
  Wit's answers typed on the other phones when the last button is taken, as on paper). The hub plays them first,
  each as its own seat's and stamped as the action, only when the action is judged on the log as it is now (not stale);
  one the rules refuse is left out and the action still goes ahead. That seat's phones alone are told (`refused` in
  their message: the action left out and the rules' reason, its key and parameters, so each phone says it in its own
  language) while the log ends with that action; no other seat's or host's message says anything of it. An action
  that had such actions put before it is never a near-tie with the one before them (its place in the log is no
  longer next to it).
- Every action is stamped with the server's receive time to the millisecond (`at`), so the log shows the order
  of arrival. Two actions from different seats received within `window` seconds (default 0.05) — or the later
  one within `window` of the end of the earlier one's processing: the server reads a phone's tap only once it
  has stored the action before it, so two taps made at once are read that much apart — whose order
  changes the outcome (applied the other way round they give another state, or the later one was refused
  only because the earlier one came first) are a near-tie: every phone is told, and the referee or host rules
  `keep` (the log stays as it is) or `swap` (the log is rewritten with the later action first — its earlier
  `at` then stands after it, which records the ruling in the log itself; an action the swap makes illegal is
  dropped, the later one too when it was legal only after the earlier). A player's tap refused as stale because
  the table's move came just before it (the phone showed the log before that move) is a near-tie too: the table
  may rule that the tap came first. Rulings are kept with the table (`ties`). Actions that commute (two answers on
  two sheets) are never a near-tie, nor two whose orders the game settles the same (`Engine.same_outcome`:
  Pictomania's two equal bonus tiles, taken in either order, give each player the same tile).
- A near-tie may be ruled only while the log ends with its actions (`_ends_with`: the log's length and mark as
  when it was found). Any later action lapses it — the table's move, or a third claim of the same moment (five
  Pictomania players: B's 3 and C's 2 a near-tie, D's stop 12 ms after C's takes the other 2): its order of
  arrival stands, it is shown and offered no more, and a swap is refused (`table.tie_moved_on`). A swap is not
  done by replaying the later actions after the swapped two: each was made, and its result may have been shown,
  in the order that stood, and a later table move (a reveal, the scoring) may have shown what the order decided.
  Within a burst the table rules only on the newest pair (C's stop before D's, where the order decides); an undo
  back to a lapsed near-tie's end reopens it, a log undone past it and played again to that length does not.
- Who is sent what, and when: after every change each connection is sent its message, the acting seat's
  phones first, then the other seats' phones, the host's screens last (the players race on their phones; the
  public screen is the biggest to draw). A connection whose message is the same as the last one it was sent is
  not sent it again (its screen would render the same), so a phone is not re-rendered when only the host's
  facts changed (the referee's phone connecting, a new PIN): a phone's message holds whether it may act for the
  table and where each player seat plays (`where`: on the host's screen when no phone holds it, on its phone, or
  its phone dropped off), not the seats; the host's holds the seats, and a phone connecting or leaving updates it.
  [Ruling, session 72: a phone said "Mum enters this on their own phone" while Mum, with no phone, played on the
  host's laptop; a player seat taken, freed, dropping off or coming back now re-draws the other phones' line.]
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import hmac
import re
import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Callable

from scoring.core import TABLE, engine
from scoring.errors import RuleError
from scoring.record import SHOWN, STALE, Mark, begins_with, mark, public_log, redo_entry, replay

PIN_DIGITS = 4
FREE_TRIES = 5
WAIT_FIRST = 30.0
WAIT_MAX = 3600.0
WINDOW = 0.05
TOKEN_BYTES = 24
HOST, PHONE, AWAY = "host", "phone", "away"  # where a player seat plays (`TableHub.where`)

Listener = Callable[[dict], "bool | None"]  # False: its tab is gone for good, send it nothing more


def stamp(moment: float) -> str:
    """A wall-clock time (seconds since the epoch) as an ISO string in UTC, to the millisecond."""
    return datetime.fromtimestamp(moment, timezone.utc).isoformat(timespec="milliseconds")


def digest(token: str) -> str:
    """The stored form of a seat token (its SHA-256, hex)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_pin() -> str:
    """A fresh join PIN."""
    return f"{secrets.randbelow(10 ** PIN_DIGITS):0{PIN_DIGITS}d}"


@dataclass
class Subscriber:
    """One connection watching the table: its seat (None: the host's public screen) and what it is sent."""

    seat: str | None
    listener: Listener
    token: str | None = None
    last: dict | None = None
    whole_log: bool = False
    away: bool = False


class TableHub:
    """Seats, PIN, acting and notifications of one session (see the module's rulings)."""

    def __init__(self, store: Any, sid: str, *, clock: Callable[[], float] = time.time,
                 tick: Callable[[], float] = time.monotonic, window: float = WINDOW) -> None:
        """Open the table of session sid (its data comes from the store; a new table gets a PIN, kept in the store
        only when a screen first watches the table or the table first changes: opening writes nothing, so a
        screen can be built without a write)."""
        self.store, self.sid = store, sid
        self.clock, self.tick, self.window = clock, tick, window
        self._lock = threading.RLock()
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-hub")
        self.on_played: Callable[[dict, dict], None] | None = None
        self.put_first: Callable[[dict, dict], list[dict]] | None = None
        self._subs: dict[int, Subscriber] = {}
        self._last: dict | None = None
        self._after: dict[str | None, int] = {}
        self._refused: tuple[Mark, dict[str, list[dict]]] | None = None  # the log's mark, the seats' actions left out
        record = store.load(sid)
        self.engine = engine(record["game"])
        self.players = [p["name"] for p in record["players"]]
        self._meta = {"id": sid, "game": record["game"], "players": record["players"]}
        self.title = record.get("title")  # a score pad's game ("Azul"), named on the table's screens
        self.lower_wins = self.engine.scoreboard(store.state(sid)).lower_wins  # named there too ("lowest wins")
        self.data = store.table(sid)
        self._kept = bool(self.data.get("pin"))
        if not self._kept:
            self.data = {"pin": new_pin(), "seats": {}, "referee": None, "fails": 0, "wait_until": 0.0,
                         "ties": []}

    # ---------------------------------------------------------------------------------------------------
    # Seats

    @property
    def pin(self) -> str:
        """The join PIN (for the host's screen only)."""
        return self.data["pin"]

    def seat_names(self) -> list[str]:
        """Every seat a phone may take: the players in seat order, then the referee seat."""
        return [*self.players, TABLE]

    def seats(self) -> list[dict]:
        """Public facts of every seat: its name, whether a phone holds it, whether it is the referee."""
        return [{"seat": s, "taken": s in self.data["seats"], "referee": s == TABLE or s == self.data["referee"],
                 "connected": any(sub.seat == s and not sub.away for sub in self._subs.values())}
                for s in self.seat_names()]

    def where(self) -> dict[str, str]:
        """Where each player seat plays: `HOST` (no phone holds it), `PHONE`, or `AWAY` (its phone dropped off)."""
        return {s["seat"]: PHONE if s["connected"] else AWAY if s["taken"] else HOST
                for s in self.seats() if s["seat"] != TABLE}

    def free_seats(self) -> list[str]:
        """Seats no phone holds."""
        return [s for s in self.seat_names() if s not in self.data["seats"]]

    def wait_left(self) -> float:
        """Seconds before the next PIN try is heard (0: now)."""
        return max(0.0, self.data["wait_until"] - self.clock())

    def join(self, pin: str, seat: str) -> str:
        """Take a free seat with the PIN; returns the seat's token. Refused: a wait, a wrong PIN, a bad seat."""
        with self._lock:
            left = self.wait_left()
            if left > 0:
                raise RuleError("table.pin_wait", seconds=int(left + 0.999))
            if not re.fullmatch(rf"[0-9]{{{PIN_DIGITS}}}", str(pin).strip()):
                raise RuleError("table.pin_unfinished", digits=PIN_DIGITS)
            if not hmac.compare_digest(str(pin).strip().encode("utf-8"), self.pin.encode("utf-8")):
                self._wrong_pin()
            if self.data["fails"]:  # the right PIN clears the count, whatever the seat asked for
                self._save({**self.data, "fails": 0, "wait_until": 0.0})
            if seat not in self.seat_names():
                raise RuleError("table.seat_unknown", seat=str(seat)[:40])
            if seat in self.data["seats"]:
                raise RuleError("table.seat_taken", seat=seat)
            token = secrets.token_urlsafe(TOKEN_BYTES)
            self._save({**self.data, "seats": {**self.data["seats"], seat: digest(token)}})
        self.publish()
        return token

    def _wrong_pin(self) -> None:
        """Count a wrong PIN (starting or doubling the wait after the free tries) and refuse it."""
        fails = self.data["fails"] + 1
        over = fails - FREE_TRIES
        if over >= 0:
            wait = min(WAIT_MAX, WAIT_FIRST * 2 ** over)
            self._save({**self.data, "fails": fails, "wait_until": self.clock() + wait})
            raise RuleError("table.pin_wrong_wait", seconds=int(wait))
        self._save({**self.data, "fails": fails})
        raise RuleError("table.pin_wrong", left=FREE_TRIES - self.data["fails"])

    def seat_of(self, token: str | None) -> str:
        """The seat a token holds; refused `table.token_unknown` (never issued, or the seat was freed)."""
        seat = seat_held(self.data["seats"], token)
        if seat is None:
            raise RuleError("table.token_unknown")
        return seat

    def free(self, seat: str) -> None:
        """The host frees a seat: its token stops working and its phones are told."""
        with self._lock:
            if seat not in self.data["seats"]:
                raise RuleError("table.seat_not_taken", seat=str(seat)[:40])
            self._save({**self.data, "seats": {s: held for s, held in self.data["seats"].items() if s != seat}})
            gone = [key for key, sub in self._subs.items() if sub.seat == seat]
            for key in gone:
                self._subs.pop(key).listener({"freed": True, "seat": seat})
        self.publish()

    def set_referee(self, seat: str | None) -> None:
        """The host names a player seat the referee (it may then act for the table too), or none."""
        with self._lock:
            if seat is not None and seat not in self.players:
                raise RuleError("table.seat_unknown", seat=str(seat)[:40])
            self._save({**self.data, "referee": seat})
        self.publish()

    def renew_pin(self) -> str:
        """The host makes a new join PIN (seated phones keep their seats); the wrong-try count is cleared."""
        with self._lock:
            self._save({**self.data, "pin": new_pin(), "fails": 0, "wait_until": 0.0})
        self.publish()
        return self.pin

    def may_act_as(self, seat: str) -> list[str]:
        """The `by` values a phone on seat may send."""
        if seat == TABLE:
            return [TABLE]
        return [seat, TABLE] if seat == self.data["referee"] else [seat]

    def check_undo(self, token: str | None) -> None:
        """Let the phone holding token undo and redo only if it acts for the table (the referee's; see the
        rulings): refused `table.undo_referee_only` otherwise, `table.token_unknown` for a freed seat."""
        seat = self.seat_of(token)
        if TABLE not in self.may_act_as(seat):
            raise RuleError("table.undo_referee_only", seat=seat)

    def _save(self, data: dict | None = None) -> None:
        """Keep the table's data with the session: data, a changed copy, becomes the table's only once stored (a
        change the store refuses — a full disk, a deleted session — leaves the seats, PIN and counts as they
        were); None keeps the data as it is."""
        data = self.data if data is None else data
        self.store.set_table(self.sid, data)
        self.data, self._kept = data, True

    # ---------------------------------------------------------------------------------------------------
    # Watching

    def subscribe(self, listener: Listener, token: str | None = None, whole_log: bool = False) -> int:
        """Watch the table: with a seat token as that seat (refused when the token is unknown), without one as
        the host's public screen (whole_log: with every entry of the public log, not only the newest). The first
        notification is sent at once; returns the subscription's key.
        A new table is kept in the store here, before its PIN is first shown (screens subscribe in an effect,
        after they are drawn)."""
        with self._lock:
            seat = self.seat_of(token) if token is not None else None
            if not self._kept:
                self._save()
            sub = Subscriber(seat, listener, token, whole_log=whole_log and seat is None)
            key = id(sub)
            self._subs[key] = sub
            sub.last = self._message(sub, *self._current(), {})
            listener(sub.last)
        if seat is not None:
            self.publish()
        return key

    def unsubscribe(self, key: int) -> None:
        """Stop watching (the host's screen then shows that seat's phone away)."""
        with self._lock:
            gone = self._subs.pop(key, None)
        if gone is not None and gone.seat is not None:
            self.publish()

    def set_away(self, key: int, away: bool) -> None:
        """A phone's connection (subscription key) dropped or came back: its tab is gone or sleeping while its
        screen still watches (until Flet closes its session, or the next message finds it gone), so the host's
        screen shows the seat's phone away until it is back."""
        with self._lock:
            sub = self._subs.get(key)
            if sub is None or sub.away == away:
                return
            sub.away = away
        if sub.seat is not None:
            self.publish()

    def show_whole_log(self, key: int) -> None:
        """A host's screen (subscription key) asks for every entry of the public log: sent at once, and with
        every message from now on."""
        with self._lock:
            sub = self._subs.get(key)
            if sub is None or sub.seat is not None or sub.whole_log:
                return
            sub.whole_log = True
            sub.last = self._message(sub, *self._current(), {})
            sub.listener(sub.last)

    def connected(self) -> int:
        """How many connections watch the table."""
        return len(self._subs)

    def publish(self, notice: dict | None = None, first: str | None = None) -> None:
        """Send every subscriber its seat's view of the current state (and a notice, e.g. a near-tie): the phones of
        seat `first` (the one that acted), the other phones, then the host's screens; a subscriber whose message
        is unchanged since the last one it was sent is skipped; one whose listener says its tab is gone (False) is
        dropped, and the host's screen then shows that seat's phone away."""
        with self._lock:
            shown, state = self._current()
            cache: dict = {}
            order = sorted(self._subs.values(), key=lambda sub: (sub.seat is None, sub.seat != first))
            gone = []
            for sub in order:
                message = self._message(sub, shown, state, cache, notice)
                if notice is None and message == sub.last:
                    continue
                sub.last = message
                if sub.listener(message) is False:
                    gone.append(sub)
            for sub in gone:
                self._subs.pop(id(sub), None)
        if any(sub.seat is not None for sub in gone):
            self.publish()

    def _current(self) -> tuple[Mark, dict]:
        """The mark of the session's log (its length and last action) and its state now (the store's cache: read
        only)."""
        return mark(self.store.record(self.sid)), self.store.state(self.sid)

    def _message(self, sub: Subscriber, shown: Mark, state: dict, cache: dict, notice: dict | None = None) -> dict:
        """What one subscriber is sent: its seat's view, its prompt entries, the status, the seats' public facts, and
        the log's mark (`count`: its length; `mark`: what the phone's actions are checked against); and `table_next`,
        the type of the table's own move when that is what the table waits for first (the engine's prompt: its first
        entry, as the session screen's next-step line names it), else None — a phone sees only its own seat's entries,
        and the status may name a player's turn while the table acts (Splitter's roller while the host rolls); `where`,
        where each player seat plays (`where`); `waiting`, every seat the prompt waits on (`Engine.waiting_on`: not the
        table for a minor move such as ending the game), so a phone with nothing to do names them; `undone`, the last
        action undone if this phone's seat made it (its own line, handed back to its picker:
        `views.games.round_edit.keep_own`), else None; `undid` (a phone's only), the public log's entry of the last
        action undone if it touched this seat (`_undid_here`), so the phone can say what was undone; `refused`, only to
        the seat's own phones and only while the log ends as the action played after them left it, the seat's actions
        the hub left out (`_play_first`).

        The host's public screen gets `player_view(state, None)`, the table's prompt entries, the PIN, the seats,
        the public log (the newest `SHOWN` entries, or all of them) and `redo`, the action redo would put back as
        the public log's entry for it (`scoring.record.redo_entry`: its row's words, no secret), or None; a phone
        gets its own seat's view and entries only, and, where it may act for the table (the referee's), the public
        log's newest entry as `log` and `redo`, for its Undo and Redo."""
        seat = sub.seat
        view_seat = None if seat in (None, TABLE) else seat
        if view_seat not in cache:
            cache[view_seat] = self.engine.player_view(state, view_seat)
        view = cache[view_seat]
        acts = [TABLE] if seat is None else self.may_act_as(seat)
        prompt_key = ("prompt",)
        if prompt_key not in cache:
            cache[prompt_key] = self.engine.prompt(state)
        prompt = [e for e in cache[prompt_key] if e["by"] in acts]
        first = cache[prompt_key][0] if cache[prompt_key] else None
        message = {"seat": seat, "count": shown[0], "mark": shown, "view": view, "prompt": prompt,
                   "status": self.engine.status(view), "meta": self._meta, "for_table": TABLE in acts,
                   "table_next": first["type"] if first and first["by"] == TABLE else None,
                   "waiting": self.engine.waiting_on(state, cache[prompt_key]),
                   "ties": self._open_ties(shown),
                   "undone": self._own_undone(cache, view_seat)}
        if ("where",) not in cache:
            cache[("where",)] = self.where()
        message["where"] = cache[("where",)]
        if seat is not None:
            message["undid"] = self._undid_here(cache, seat, state)
        if seat is None:
            log_key = ("log", None if sub.whole_log else SHOWN)
            if log_key not in cache:
                cache[log_key] = public_log(self.store.record(self.sid), state, log_key[1])
            message.update(pin=self.pin, log=cache[log_key], seats=self.seats(), redo=self._redo(cache, state))
        elif TABLE in acts:
            if ("log", 1) not in cache:
                cache[("log", 1)] = public_log(self.store.record(self.sid), state, 1)
            message.update(log=cache[("log", 1)], redo=self._redo(cache, state))
        if notice:
            message["notice"] = notice
        refused = self._refused[1].get(seat) if self._refused and tuple(self._refused[0]) == tuple(shown) else None
        if refused:
            message["refused"] = refused
        return message

    def _own_undone(self, cache: dict, seat: str | None) -> dict | None:
        """The last action undone (the top of the record's redo stack, read once per message round in cache) if
        seat made it, else None."""
        if ("undone",) not in cache:
            cache[("undone",)] = (self.store.record(self.sid).get("redo") or [{}])[-1]
        undone = cache[("undone",)]
        return undone if undone.get("by", TABLE) == seat else None

    def _undid_here(self, cache: dict, seat: str, state: dict) -> dict | None:
        """The public log's entry of the last action undone (`redo_entry`: its row's words, no secret) if it touched
        seat: the seat's own action or the table's (a round, a deal: every seat's), else None. Ruling: another
        player's own move undone is that player's business, not this seat's."""
        entry = self._redo(cache, state)
        return entry if entry is not None and entry["by"] in (seat, TABLE) else None

    def _redo(self, cache: dict, state: dict) -> dict | None:
        """The public log's entry of the action redo would put back (`redo_entry`), read once per message round in
        cache, or None."""
        if ("redo",) not in cache:
            cache[("redo",)] = redo_entry(self.store.record(self.sid), state)
        return cache[("redo",)]

    # ---------------------------------------------------------------------------------------------------
    # Acting

    def act(self, token: str | None, action: Any, expect: Mark | None = None,
            stamped: tuple[float, float] | None = None) -> dict:
        """Apply a phone's action as its seat (token) — or, with token None, the host's as the table; `stamped`:
        when it was received (tick, wall clock), if not now.

        Refused (nothing changes): an unknown token, an action for another seat, a stale `expect`, anything the
        rules refuse. Returns the public facts of a near-tie the action made, or {}.
        """
        received, wall = stamped or (self.tick(), self.clock())
        played: tuple = ()
        with self._lock:
            seat = self.seat_of(token) if token is not None else None
            allowed = [TABLE] if seat is None else self.may_act_as(seat)
            if not isinstance(action, dict):
                raise RuleError("core.action_not_object")
            by = action.get("by", allowed[0])
            if by not in allowed:
                raise RuleError("table.not_your_seat", seat=seat or TABLE, by=str(by)[:40])
            action = {**action, "by": by, "at": stamp(wall)}
            now, before = self._current()
            if by != TABLE and expect is not None and expect[0] < now[0] and self._only_others_since(expect, by):
                expect = now
            put, refused = self._play_first(action, before, expect is None or tuple(expect) == tuple(now))
            if put:
                now, before = self._current()
                expect = None if expect is None else now
            count = now[0]
            try:
                record, state = self.store.play(self.sid, action, action["at"], expect=expect)
                played = (record, state)
                self._refused = (mark(record), refused) if refused else None
            except RuleError as err:
                tie = self._refused_tie(action, received, err, expect)
                if tie:
                    self._open_tie(tie)
                if err.key == STALE and by != TABLE and self._acted_since(expect, by):
                    raise RuleError(STALE, **err.params, own=True) from err
                raise
            tie = self._accepted_tie(action, received, count, state)
            self._after[token] = mark(record)
            self._last = {"received": received, "finished": self.tick(), "index": count, "action": action,
                          "before": before}
            if tie:
                self._open_tie(tie)
        self.publish({"tie": self._public_tie(tie)} if tie else None, first=seat)
        if self.on_played is not None:
            self.on_played(*played)
        return self._public_tie(tie) if tie else {}

    def _play_first(self, action: dict, state: dict, fresh: bool) -> tuple[bool, dict[str, list[dict]]]:
        """Play the other seats' actions the screens' layer puts before a fresh action (`put_first`, e.g. Knit
        Wit's answers typed on the other phones when the last button is taken), each as its seat's, stamped as
        the action; one the rules refuse is left out. Whether any was played, and those left out by seat (each
        the action and the rules' reason: `key`, `params`)."""
        steps = self.put_first(action, state) if self.put_first is not None and fresh else []
        played, refused = False, {}
        for step in steps:
            if step.get("by") not in self.players or step.get("by") == action["by"]:
                continue
            try:
                self.store.play(self.sid, {**step, "at": action["at"]}, action["at"])
                played = True
            except RuleError as err:
                refused.setdefault(step["by"], []).append({"action": step, "key": err.key, "params": err.params})
        return played, refused

    def after(self, token: str | None) -> Mark | None:
        """The log's mark just after this phone's (token's; None: the host's) last accepted action: where its next
        action of the same tap stands (another player's move may have come in before that action, and was
        absorbed)."""
        return self._after.get(token)

    def moved_since(self, shown: Mark) -> bool:
        """Whether the log is no longer the one a phone showed (`shown`): another seat's action came in since."""
        return tuple(mark(self.store.record(self.sid))) != tuple(shown)

    async def act_soon(self, token: str | None, action: Any, expect: Mark | None = None) -> dict:
        """`act`, stamped now (as the tap is read) and run on the hub's own thread, in the order of the stamps:
        the server's loop reads the next phone's tap while this one is stored, so two taps made at once are
        stamped as they came, not one storage apart."""
        stamped = (self.tick(), self.clock())
        job = functools.partial(self.act, token, action, expect, stamped)
        return await asyncio.get_running_loop().run_in_executor(self._worker, job)

    def _only_others_since(self, expect: Mark, by: str) -> bool:
        """Whether the log still begins with the one the phone showed (`expect`: an undo since then has not
        changed it) and every action after it is another player's own move (not the table's, not by)."""
        record = self.store.record(self.sid)
        if not begins_with(record, expect):
            return False
        later = record["actions"][expect[0]:]
        return all(action.get("by", TABLE) not in (TABLE, by) for action in later)

    def _acted_since(self, expect: Mark, by: str) -> bool:
        """Whether the seat by itself made an action after the log the phone showed (`expect`): its own earlier tap
        (a double tap, or a second move tapped before the screen showed the first), not another phone's."""
        record = self.store.record(self.sid)
        return begins_with(record, expect) and any(a.get("by") == by for a in record["actions"][expect[0]:])

    def session_changed(self, record: dict, state: dict) -> None:
        """The session changed elsewhere (a tab's action, undo or redo): send every phone its seat's view."""
        self.publish()

    def _close_to_last(self, action: dict, received: float) -> dict | None:
        """The previous accepted action if it came from another actor within the window of its receipt or of the
        end of its processing (an action that arrives while the server is storing the previous one is read only
        once that is done), else None."""
        last = self._last
        if last is None or last["action"]["by"] == action["by"]:
            return None
        if min(received - last["received"], received - last["finished"]) > self.window:
            return None
        return last

    def _accepted_tie(self, action: dict, received: float, count: int, state: dict) -> dict | None:
        """A near-tie if the previous action came just before this one and the other order gives another state."""
        last = self._close_to_last(action, received)
        if last is None or last["index"] != count - 1:
            return None
        other = self._in_other_order(last["before"], last["action"], action)
        if other is not None and self.engine.same_outcome(other, state):
            return None
        return self._tie(last, action, received, accepted=True)

    def _in_other_order(self, before: dict, first: dict, second: dict) -> dict | None:
        """The state after `second` then `first` from `before`, or None when the engine's `check` refuses either
        in that order (nothing is applied to find out)."""
        if self.engine.check(before, second) is not None:
            return None
        middle = self.engine.apply(before, second)
        if self.engine.check(middle, first) is not None:
            return None
        return self.engine.apply(middle, first)

    def _refused_tie(self, action: dict, received: float, err: RuleError, expect: Mark | None) -> dict | None:
        """A near-tie if this action was refused only because the previous one came just before it: by the rules,
        or as stale when the phone showed the log just before that one (the table's move, say, a deal or the next
        spool, which a player's tap is never judged after)."""
        last = self._close_to_last(action, received)
        count = self._current()[0][0]
        if last is None or last["index"] != count - 1:
            return None
        if err.key == STALE and not self._shown_just_before(expect, last["index"]):
            return None
        if self.engine.check(last["before"], action) is not None:
            return None
        return self._tie(last, action, received, accepted=False)

    def _tie(self, last: dict, action: dict, received: float, accepted: bool) -> dict:
        """A near-tie record (kept with the table; its actions never leave the server)."""
        return {"id": len(self.data["ties"]) + 1, "index": last["index"], "first": last["action"],
                "second": action, "accepted": accepted, "gap_ms": round((received - last["received"]) * 1000, 1),
                "ruling": None}

    def _open_tie(self, tie: dict) -> None:
        """Keep a near-tie for the table to rule on, with the mark of the log its actions end (`_open_ties`)."""
        self._save({**self.data, "ties": [*self.data["ties"], {**tie, "mark": list(self._current()[0])}]})

    def _open_ties(self, shown: Mark) -> list[dict]:
        """The near-ties the table may still rule on, public: unruled, and the log (shown: its mark) still ends
        with their actions, as a swap needs (`_swap`). [ruling] Once the table plays on from a near-tie, it lapses
        and its order stands: it is no longer shown nor offered (a swap would be refused); an undo back to it
        reopens it."""
        return [self._public_tie(t) for t in self.data["ties"]
                if t["ruling"] is None and _ends_with(t, shown)]

    @staticmethod
    def _public_tie(tie: dict) -> dict:
        """What every phone may know of a near-tie: who, which move, how close — not the actions' contents."""
        return {"id": tie["id"], "first": tie["first"]["by"], "second": tie["second"]["by"],
                "type": tie["second"]["type"], "gap_ms": tie["gap_ms"], "accepted": tie["accepted"]}

    def rule_tie(self, token: str | None, tie_id: int, swap: bool) -> None:
        """The referee (a phone that may act for the table) or the host (token None) rules on a near-tie."""
        with self._lock:
            if token is not None and TABLE not in self.may_act_as(self.seat_of(token)):
                raise RuleError("table.referee_only")
            tie = next((t for t in self.data["ties"] if t["id"] == tie_id and t["ruling"] is None), None)
            if tie is None:
                raise RuleError("table.tie_unknown")
            if swap:
                self._swap(tie)
            ruled = {**tie, "ruling": "swap" if swap else "keep"}
            self._save({**self.data, "ties": [ruled if t is tie else t for t in self.data["ties"]]})
            self._last = None
        self.publish({"tie_ruled": {"id": tie_id, "ruling": ruled["ruling"]}})

    def close(self) -> None:
        """The session is deleted: every seated phone is told (`{"gone": True}`) and sent nothing more; a host's
        screen is left as it is (its next tap is refused with the store's reason)."""
        with self._lock:
            told = [self._subs.pop(key) for key, sub in list(self._subs.items()) if sub.seat is not None]
        for sub in told:
            sub.listener({"gone": True, "seat": sub.seat})
        self._worker.shutdown(wait=False)

    def _shown_just_before(self, expect: Mark | None, index: int) -> bool:
        """Whether a phone's `expect` is the log as it stood just before its action number index + 1."""
        record = self.store.record(self.sid)
        return expect is not None and expect[0] == index and begins_with(record, expect)

    def _swap(self, tie: dict) -> None:
        """Rewrite the log's tail with the later action first, then the earlier one: each only if legal where it
        then stands (the later one may have been legal only after the earlier, as a ruling that it came first
        refuses it)."""
        record = self.store.load(self.sid)
        tail = 2 if tie["accepted"] else 1
        if len(record["actions"]) != tie["index"] + tail or not _ends_with(tie, mark(record)):
            raise RuleError("table.tie_moved_on")
        actions = record["actions"][:tie["index"]]
        state = replay(record, tie["index"])
        for action in (tie["second"], tie["first"]):
            if self.engine.check(state, action) is None:
                state = self.engine.apply(state, action)
                actions.append(action)
        self.store.save({**record, "actions": actions, "redo": []})


def _ends_with(tie: dict, shown: Mark) -> bool:
    """Whether the log (shown: its mark) still ends with the near-tie's actions: its length and last action (a log
    undone back past them and played again to the same length ends with other actions)."""
    count = tie["index"] + (2 if tie["accepted"] else 1)
    return shown[0] == count and ("mark" not in tie or tuple(tie["mark"]) == tuple(shown))


_HUBS: dict[tuple[int, str], TableHub] = {}
_HUBS_LOCK = threading.Lock()


def seat_held(seats: dict[str, str], token: Any) -> str | None:
    """The seat of a table's seats (seat: its token's digest) that token holds, or None."""
    if isinstance(token, str) and token:
        mine = digest(token)
        return next((seat for seat, held in seats.items() if hmac.compare_digest(held, mine)), None)
    return None


def hub_for(store: Any, sid: str) -> TableHub:
    """The one hub of session sid over store in this process (made on first use)."""
    with _HUBS_LOCK:
        key = (id(store), sid)
        if key not in _HUBS:
            _HUBS[key] = TableHub(store, sid)
        return _HUBS[key]


def delete_session(store: Any, sid: str) -> None:
    """Delete session sid (the host's) and close its table if one is open: its seated phones are told, and the next
    screen that asks for its hub is refused as for any unknown session (the hub kept in memory offered a deleted
    session's free seats to a phone that reloaded, and a seated phone showed the game until its next tap)."""
    store.delete(sid)
    with _HUBS_LOCK:
        hub = _HUBS.pop((id(store), sid), None)
    if hub is not None:
        hub.close()
