"""A session as a record: plain JSON holding the game, the players, options, seed and the log of actions.

Everything that changes a session goes through these pure functions: `check_record` at the boundary (files,
the command line, imports), `new_record`, `play` (append one action the engine accepts), `undo` / `redo`, and
`replay`, which rebuilds the state from the log. Refusals raise `RuleError` and return nothing new, so the
caller's record stays as it was.

Rulings:
- Undo drops the last action onto a redo stack; a new action clears that stack.
- Undoing an action that revealed hidden information (the engine's `reveals`) needs `consent=True`, which the
  view asks the table for (Board Game Arena's rule); a move declared `undoable=False` cannot be undone.
- Every play, undo and redo may carry `expect`, the log's `mark` as the acting screen showed it: its length and a
  fingerprint of its last action (its type, actor, time and public description only: the mark goes to every
  phone, so it holds no secret of the action [ruling]). If the log is another now (another phone acted first; or
  an action was taken back and another made, which leaves the length as it was), it is refused `record.stale` and
  nothing changes, so a stale tap is never applied to the wrong state. An undo put back by redo is the same action
  again: a screen showing that log is not stale. An action taken back and made again by the same player in the
  same second, differing only in a secret (a Knit Wit answer rewritten), reads as the same log: the rules still
  judge the tap on the state it meets.
- A record from outside (an import, the command line) meets the same checks wherever it comes in (`check_count`
  before any replay, `check_times`, `check_status`): at most `MAX_ACTIONS` actions (log and redo stack together), a
  `status` its replay agrees with (an absent one is read from the replay), and every action's "at", where it has
  one, an ISO date-time of a year 1900–9998 (`iso_time`; `record.action_time_invalid`, naming the action by its
  1-based number in the log or the redo stack). An action without "at" is kept [ruling: a record written by hand or
  by another program for a game that does not use time has none; the app stamps every action it makes]. `MAX_BYTES`
  is the most text one session may take, said before reading more (`scoring.plain`). These keep the import's keys
  (`storage.import_*`), so a refusal reads the same from the app and the command line.
"""

from __future__ import annotations

import copy
import gc
import hashlib
import json
from collections import Counter
from contextlib import contextmanager
from datetime import datetime
from typing import Any, Iterator

from scoring import names
from scoring.core import TABLE, clone, engine, titled
from scoring.errors import RuleError

SCHEMA = 1
FIELDS = {"schema", "id", "game", "players", "options", "seed", "actions", "redo", "created", "updated",
          "status", "title"}
PLAYER_FIELDS = {"name", "seat", "colour"}
STATUSES = ("active", "finished")
SHOWN = 20
MAX_BYTES = 4 * 1024 * 1024
MAX_ACTIONS = 20_000
STALE = "record.stale"  # refusing an action made against a log another screen moved on (raised as written in
# `_check_fresh`: the rulebook's index reads the keys a refusal is raised with where it is raised)

Mark = tuple[int, str]


class ReplayError(RuleError):
    """An action in a log that the engine refuses: which one (0-based index; `number` counts from 1, as the log
    does) and why (`reason` and `reason_params`: the engine's refusal, said inside this one)."""

    def __init__(self, index: int, error: RuleError) -> None:
        super().__init__("record.action_refused", index=index, number=index + 1, reason=error.key,
                         reason_params=error.params)
        self.index = index
        self.error = error


def player_names(record: dict) -> list[str]:
    """The names of the record's players in seat order."""
    return [p["name"] for p in record["players"]]


def _player(entry: Any, seat: int) -> dict:
    """A player entry from a plain name or an object with a name."""
    if isinstance(entry, str):
        entry = {"name": entry}
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
        raise RuleError("record.player_invalid", seat=seat + 1)
    unknown = set(entry) - PLAYER_FIELDS
    if unknown:
        raise RuleError("record.field_unknown", field=f"players[{seat}].{sorted(unknown)[0]}")
    name = entry["name"].strip()
    if not 1 <= len(name) <= 40 or not names.visible(name):
        raise RuleError("record.player_name_length", seat=seat + 1)
    out = {"name": name, "seat": seat + 1}
    if entry.get("colour") is not None:
        if not isinstance(entry["colour"], str):
            raise RuleError("record.player_invalid", seat=seat + 1)
        out["colour"] = entry["colour"]
    return out


COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "black", "white")


def check_colours(game: Any, players: list[dict]) -> None:
    """In a game played with colours every player has one of `COLOURS`, and no two the same (the refusal names
    the colour by its message key, `record.colour.<colour>`)."""
    if not game.colours:
        return
    for player in players:
        if player.get("colour") not in COLOURS:
            raise RuleError("record.colour_missing", name=player["name"])
    seen: dict[str, str] = {}
    for player in players:
        if player["colour"] in seen:
            raise RuleError("record.colour_twice", colour=f"record.colour.{player['colour']}",
                            names=[seen[player["colour"]], player["name"]])
        seen[player["colour"]] = player["name"]


def check_record(data: Any) -> dict:
    """A complete, normalised record from untrusted JSON data; raises `RuleError` naming the first problem.

    Missing options take their defaults, a missing seed is 0, actions are checked by replaying them.
    """
    if not isinstance(data, dict):
        raise RuleError("record.not_object")
    unknown = set(data) - FIELDS
    if unknown:
        raise RuleError("record.field_unknown", field=sorted(unknown)[0])
    if data.get("schema", SCHEMA) != SCHEMA:
        raise RuleError("record.schema_unsupported", schema=data.get("schema"))
    if not isinstance(data.get("game"), str):
        raise RuleError("record.game_missing")
    eng = engine(data["game"])
    players = data.get("players")
    if not isinstance(players, list):
        raise RuleError("record.players_missing")
    players = [_player(p, i) for i, p in enumerate(players)]
    check_colours(eng.game, players)
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RuleError("record.options_not_object")
    seed = data.get("seed", 0)
    actions = data.get("actions", [])
    redo_stack = data.get("redo", [])
    if not isinstance(actions, list) or not isinstance(redo_stack, list):
        raise RuleError("record.actions_not_list")
    status = data.get("status", "active")
    if status not in STATUSES:
        raise RuleError("record.status_invalid", status=status)
    record = {
        "schema": SCHEMA,
        "id": str(data.get("id", "")),
        "game": data["game"],
        "players": players,
        "options": eng.game.resolve_options(options),
        "seed": seed,
        "actions": copy.deepcopy(actions),
        "redo": copy.deepcopy(redo_stack),
        "created": str(data.get("created", "")),
        "updated": str(data.get("updated", "")),
        "status": status,
    }
    if data.get("title") is not None:
        if not isinstance(data["title"], str):
            raise RuleError("record.title_invalid")
        record["title"] = data["title"]
    replay(record)
    return record


def iso_time(stamp: Any) -> bool:
    """Whether a stamp is an ISO date-time text of a year 1900–9998 (one that can be shown in any time zone)."""
    if not isinstance(stamp, str):
        return False
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return False
    return 1900 <= moment.year <= 9998


def check_count(data: Any) -> None:
    """Refuse, before any replay, a record holding more than `MAX_ACTIONS` actions (log and redo stack together)."""
    if isinstance(data, dict):
        count = sum(len(data[k]) for k in ("actions", "redo") if isinstance(data.get(k), list))
        if count > MAX_ACTIONS:
            raise RuleError("storage.import_too_many_actions", count=count, max=MAX_ACTIONS)


def check_times(record: dict) -> None:
    """Refuse a checked record (from outside) with an action whose "at" is not an ISO time (see the rulings)."""
    for where in ("actions", "redo"):
        for index, action in enumerate(record[where]):
            if isinstance(action, dict) and "at" in action and not iso_time(action["at"]):
                raise RuleError("record.action_time_invalid", number=index + 1, redo=where == "redo",
                                value=json.dumps(action["at"], ensure_ascii=False)[:40])


def check_status(data: dict, state: dict) -> None:
    """Refuse a record from outside (data as given) whose `status` its replayed state contradicts."""
    replayed = "finished" if state.get("over") else "active"
    if data.get("status", replayed) != replayed:
        raise RuleError("storage.import_status_mismatch", status=f"storage.status.{data['status']}",
                        replayed=f"storage.status.{replayed}")


def new_record(game: str, players: list, options: dict | None = None, seed: int = 0, *, id: str = "",
               now: str = "", title: str = "") -> dict:
    """A fresh record with no actions; refuses a bad player list or options. A title is kept tidied
    (`scoring.names.tidy`: trimmed), and none is kept when nothing visible is left."""
    data = {"game": game, "players": players, "options": options or {}, "seed": seed, "id": id, "created": now,
            "updated": now}
    if names.visible(title):
        data["title"] = names.tidy(title)
    return check_record(data)


def game_title(record: dict) -> str | None:
    """The game a session keeps score for as its title names it (a score pad's "Azul", tidied), or None: no title,
    or the title of a game it does not name (`Game.titled`: there it only labels the session, "Friday")."""
    title = record.get("title")
    if not isinstance(title, str) or not names.visible(title) or not titled(record.get("game")):
        return None
    return names.tidy(title)


def start(record: dict) -> dict:
    """The state before any action."""
    return engine(record["game"]).new_state(player_names(record), record["options"], record["seed"])


def replay(record: dict, upto: int | None = None) -> dict:
    """The state after the first `upto` actions (all by default); `ReplayError` names a refused one.

    The state is built once and changed in place (no copy per action): replay owns it, and a refused action
    ends the replay, so a half-applied move is never seen.
    """
    eng = engine(record["game"])
    state = start(record)
    with collector_paused():
        for index, action in enumerate(record["actions"][:upto]):
            try:
                eng.apply_in_place(state, clone(action))
            except RuleError as err:
                raise ReplayError(index, err) from err
    return state


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector while a log replays, and hand what it built to the oldest generation after.

    A replay builds a growing tree of dicts and lists (no cycles, so nothing for the collector to find), and
    the collector's full passes walk all of it again and again: half of a 10,000-action Rummy replay, and what
    made replay grow faster than the log (`benchmarks/bench_replay.py`). Reference counting still frees the
    temporaries. Turned back on as it was, the collector would then walk the whole new tree once as young
    objects (about 140 ms of a 365 ms 10,000-action Rummy replay); `gc.freeze()` followed by `gc.unfreeze()`
    moves every tracked object to the oldest generation without walking it instead, where the next full pass
    (which comes on its usual schedule) looks at it like any other long-lived object, so nothing is kept that
    would otherwise be freed. The collector is turned back on only if it was on, so replays in two threads
    leave it on.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.unfreeze()
        if was_on:
            gc.enable()


def public_log(record: dict, state: dict, newest: int | None = None) -> list[dict]:
    """The log as the public table may read it, oldest first (every action, or the newest `newest`): number,
    time, who, and what it did as the engine's `logged` puts it from `state`, the state after the whole log (a
    message key and its parameters, which leave out every secret; an app roll's dice), never the action itself.
    The parameters also say which of its type the action is (`nth`: "round 3 entered"). The last action's entry
    also says the round it recorded (`completes`), if it did: the one an undo would send back to waiting."""
    eng, actions = engine(record["game"]), record["actions"]
    first = 0 if newest is None else max(0, len(actions) - newest)
    seen = Counter(action.get("type") for action in actions[:first])
    entries = []
    for i, action in enumerate(actions[first:], first):
        seen[action.get("type")] += 1
        entries.append(public_entry(eng.logged(state, action, seen[action.get("type")]), action, i + 1,
                                    seen[action.get("type")]))
    if entries:
        entries[-1] = with_round(entries[-1], eng.completes(state, actions[-1]))
    return entries


def public_entry(said: tuple[str, dict], action: dict, number: int, nth: int) -> dict:
    """One entry of the public log: the action's number, time and actor, and what it did (said: the engine's
    message key and parameters, which leave out every secret), the parameters saying which of its type it is."""
    key, params = said
    return {"number": number, "at": action.get("at", ""), "by": action.get("by", TABLE),
            "what": [key, {**params, "nth": nth}]}


def with_round(entry: dict, completes: int | None) -> dict:
    """A log entry that says the round its action recorded (`Engine.completes`), when it recorded one."""
    return entry if completes is None else {**entry, "completes": completes}


def redo_entry(record: dict, state: dict) -> dict | None:
    """The action redo would put back as a public log entry (`public_entry`), said as its row said it while it
    stood in the log: what it showed, read from the state it makes again (the redo stack is cleared by any new
    action, so that is the state it made); where the engine now refuses it, as `describe` says it. None when there
    is nothing to put back.
    RULING (what a public screen may say of it): the words are the log row's, which the whole table read before
    the undo (an action that showed hidden information is taken back only with the table's consent), so they tell
    no seat's secret: a Knit Wit answer or ballot, a Pictomania deal or guessed number, a Guess Club hand are
    never in an engine's words. It says the round the action would record again (`completes`), if it would."""
    if not record["redo"]:
        return None
    eng, again = engine(record["game"]), record["redo"][-1]
    nth = ordinal(record["actions"], again, False)
    try:
        after = eng.apply(state, again)
        said = eng.logged(after, again, nth)
    except RuleError:
        return public_entry(eng.describe(again), again, len(record["actions"]) + 1, nth)
    return with_round(public_entry(said, again, len(record["actions"]) + 1, nth), eng.completes(after, again))


def count_of(actions: list[dict], kind: str | None) -> int:
    """How many actions of a type the log holds."""
    return sum(1 for a in actions if a.get("type") == kind)


def ordinal(actions: list[dict], action: dict, logged: bool) -> int:
    """Which of its type an action is: how many of that type the log holds, one more when the action is not in
    it (logged false: about to be played, or to be put back by a redo)."""
    return count_of(actions, action.get("type")) + (0 if logged else 1)


def tail(record: dict, count: int) -> str:
    """A fingerprint of the log's first `count` actions as the last of them identifies them ("" for none): its
    type, who made it, the moment it was made (every action carries it, so another action in that place reads
    differently) and what it did as the public log says it (`describe`), never a secret it holds — the mark is sent
    to every phone, and a hash of a whole action gave a guess of 1–7 or a ballot back to any seat that tried each
    value."""
    if count <= 0:
        return ""
    last = record["actions"][count - 1]
    said = engine(record["game"]).describe(last) if isinstance(last, dict) and "type" in last else None
    public = [last.get(name) for name in ("type", "by", "at")] + [said] if isinstance(last, dict) else None
    text = json.dumps(public, sort_keys=True, ensure_ascii=False, default=repr)
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def mark(record: dict) -> Mark:
    """Where the record's log stands: its length and the fingerprint of its last action (`tail`)."""
    count = len(record["actions"])
    return count, tail(record, count)


def begins_with(record: dict, shown: Mark) -> bool:
    """Whether the record's log still begins with the log a screen showed (shown: its `mark`)."""
    count, last = shown
    return count <= len(record["actions"]) and tail(record, count) == last


def _check_fresh(record: dict, expect: Mark | None) -> None:
    """Refuse an action or undo made against another log than the record's (a stale screen)."""
    if expect is None or tuple(expect) == mark(record):
        return
    actual = len(record["actions"])
    raise RuleError("record.stale", expected=expect[0], actual=actual, changed=expect[0] == actual)


def play_step(record: dict, state: dict, action: dict, now: str = "",
              expect: Mark | None = None) -> tuple[dict, dict, list[dict]]:
    """The record and state after one more action, and the events its move returned (side effects for the
    session layer); raises `RuleError` (nothing changed) if it is refused or `expect` is stale."""
    _check_fresh(record, expect)
    eng = engine(record["game"])
    if isinstance(action, dict) and now and "at" not in action:
        action = {**action, "at": now}
    new_state, events = eng.step(state, action)
    new_record = {**record, "actions": [*record["actions"], copy.deepcopy(action)], "redo": []}
    if now:
        new_record["updated"] = now
    new_record["status"] = "finished" if new_state.get("over") else "active"
    return new_record, new_state, events


def play(record: dict, state: dict, action: dict, now: str = "", expect: Mark | None = None) -> tuple[dict, dict]:
    """The record and state after one more action; raises `RuleError` (nothing changed) if it is refused."""
    new_record, new_state, _ = play_step(record, state, action, now, expect)
    return new_record, new_state


def undo(record: dict, consent: bool = False, now: str = "", expect: Mark | None = None,
         before: dict | None = None) -> tuple[dict, dict]:
    """The record without its last action (kept for redo) and its state: `before` where the caller kept the state
    from before that action (a store that just played it), else replayed from the log."""
    _check_fresh(record, expect)
    if not record["actions"]:
        raise RuleError("record.nothing_to_undo")
    last = record["actions"][-1]
    eng = engine(record["game"])
    if not eng.undoable(last):
        raise RuleError("record.undo_not_allowed", type=last.get("type"))
    new_record = {**record, "actions": record["actions"][:-1], "redo": [*record["redo"], last]}
    state = before if before is not None else replay(new_record)
    if eng.reveals(last, state) and not consent:
        raise RuleError("record.undo_needs_consent", type=last.get("type"))
    if now:
        new_record["updated"] = now
    new_record["status"] = "finished" if state.get("over") else "active"
    return new_record, state


def redo(record: dict, now: str = "", expect: Mark | None = None, state: dict | None = None) -> tuple[dict, dict]:
    """The record with the most recently undone action put back, and its state (from the record's `state` where
    the caller has it, else replayed)."""
    _check_fresh(record, expect)
    if not record["redo"]:
        raise RuleError("record.nothing_to_redo")
    state = state if state is not None else replay(record)
    action = record["redo"][-1]
    new_record, new_state = play({**record, "redo": record["redo"][:-1]}, state, action)
    new_record["redo"] = record["redo"][:-1]
    if now:
        new_record["updated"] = now
    return new_record, new_state
