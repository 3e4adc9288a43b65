"""What each stored file must hold: shape checks run on every read (`AtomicStorage(path, shape=...)`).

A check raises `ShapeError(where)` naming the first wrong value (`sessions.3.updated`); the store then moves
the file aside and lists it as damaged, and shows everything else. Unknown keys are wrong at every level, so
a file written by something else is never half-understood. Whether a record's log replays is the engines'
question (`scoring.record.check_record`, when the session is opened); here only the shape is checked.

`RECORD_TEXT_MAX` holds the longest title and times a record may have, as its summary must hold them too: the
store refuses a longer one before writing (`storage.field_too_long`), so it never writes a file that its next
read would put aside.
"""

from __future__ import annotations

import re
from itertools import chain, repeat
from operator import itemgetter
from typing import Any, Iterable

from scoring import record as rec
from scoring.errors import RuleError
from storage import prefs
from storage.atomic import ShapeError

ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
TEXT_MAX = 200
TIME_MAX = 64
RECORD_TEXT_MAX = {"title": TEXT_MAX, "created": TIME_MAX, "updated": TIME_MAX}
MAX_INT = 2 ** 53
SUMMARY_REQUIRED = frozenset({"id", "game", "players", "status", "created", "updated", "round", "winners"})
SUMMARY_OPTIONAL = frozenset({"actions", "title", "totals", "ranks", "teams", "crew", "lower_wins"})
NOTICE_KEYS = frozenset({"key", "params", "file", "moved_to", "error", "at"})
DATA_TABLES = {"players": {"name"}, "aliases": {"a", "b"}, "settings": set(prefs.DEFAULTS),
               "profiles": {"game", "data"}, "drafts": {"session", "seat", "data"}}


def _keys(doc: dict, where: str, required: frozenset | set, optional: frozenset | set = frozenset()) -> None:
    """Every required key present and no key outside required and optional."""
    for key in doc:
        if key not in required and key not in optional:
            raise ShapeError(f"{where}.{key}", "unknown")
    for key in required:
        if key not in doc:
            raise ShapeError(f"{where}.{key}", "missing")


def _text(value: Any, where: str, limit: int = TEXT_MAX) -> None:
    """A string of at most limit characters."""
    if not isinstance(value, str) or len(value) > limit:
        raise ShapeError(where)


def _int(value: Any, where: str, none: bool = False) -> None:
    """An integer (not a boolean), or None when allowed."""
    if value is None and none:
        return
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 2 ** 53:
        raise ShapeError(where)


def _names(value: Any, where: str) -> None:
    """A list of short strings."""
    if not isinstance(value, list):
        raise ShapeError(where)
    for i, name in enumerate(value):
        _text(name, f"{where}.{i}")


def summary(doc: Any, where: str = "summary") -> None:
    """A session summary as the lists show it."""
    if not isinstance(doc, dict):
        raise ShapeError(where)
    _keys(doc, where, SUMMARY_REQUIRED, SUMMARY_OPTIONAL)
    if not isinstance(doc["id"], str) or not ID_PATTERN.match(doc["id"]):
        raise ShapeError(f"{where}.id")
    _text(doc["game"], f"{where}.game", 64)
    _names(doc["players"], f"{where}.players")
    if doc["status"] not in rec.STATUSES:
        raise ShapeError(f"{where}.status")
    _text(doc["created"], f"{where}.created", TIME_MAX)
    _text(doc["updated"], f"{where}.updated", TIME_MAX)
    _int(doc["round"], f"{where}.round", none=True)
    _names(doc["winners"], f"{where}.winners")
    if "actions" in doc:
        _int(doc["actions"], f"{where}.actions")
    if "title" in doc:
        _text(doc["title"], f"{where}.title")
    for key in ("totals", "ranks"):
        if key in doc and not _numbers(doc[key]):
            raise ShapeError(f"{where}.{key}")
    if "teams" in doc and not _teams(doc["teams"]):
        raise ShapeError(f"{where}.teams")
    if "crew" in doc and not _crew(doc["crew"]):
        raise ShapeError(f"{where}.crew")
    if doc.get("lower_wins", True) is not True:
        raise ShapeError(f"{where}.lower_wins")


def _crew(value: Any) -> bool:
    """Whether value is a cooperative game's end (`Engine.crew_result`): short strings, "outcome" won or lost and
    "why" a message key."""
    return (type(value) is dict and value.get("outcome") in ("won", "lost") and "why" in value
            and _texts(chain(value, value.values()), TEXT_MAX))


def _teams(value: Any) -> bool:
    """Whether value is a list of teams, each a list of short names (a summary's teams)."""
    return type(value) is list and _name_lists(value)


def _name_lists(column: Iterable[Any]) -> bool:
    """Whether a column holds only lists of strings of at most TEXT_MAX characters (an empty column passes)."""
    column = tuple(column)
    return not column or (set(map(type, column)) == {list} and _texts(chain.from_iterable(column), TEXT_MAX))


_NUMBER_TYPES = frozenset({int, float})


def _numbers(value: Any) -> bool:
    """Whether value is a {name: finite number} object (a summary's totals or ranks); the loops run in C
    (`map`, `min`, `max`), as a catalogue holds thousands of them."""
    if type(value) is not dict:
        return False
    if not value:
        return True
    numbers = value.values()
    kinds = set(map(type, numbers))
    if not kinds <= _NUMBER_TYPES or (float in kinds and any(v != v for v in numbers)):
        return False
    return -MAX_INT <= min(numbers) and max(numbers) <= MAX_INT and max(map(len, value)) <= TEXT_MAX


SUMMARY_ALL = SUMMARY_REQUIRED | SUMMARY_OPTIONAL
SUMMARY_COLUMNS = itemgetter("id", "game", "status", "created", "updated", "round", "players", "winners")


def _texts(column: Iterable[Any], limit: int) -> bool:
    """Whether a column holds only strings of at most limit characters (an empty column passes)."""
    column = tuple(column)
    return not column or (set(map(type, column)) == {str} and max(map(len, column)) <= limit)


def _ints(column: Iterable[Any]) -> bool:
    """Whether a column holds only integers (not booleans) within ±2**53."""
    column = tuple(column)
    return not column or (set(map(type, column)) == {int} and -MAX_INT <= min(column) and max(column) <= MAX_INT)


def _number_maps(column: tuple) -> bool:
    """Whether a column holds only {name: finite number} objects (totals or ranks) with short names."""
    if not column:
        return True
    if set(map(type, column)) != {dict}:
        return False
    numbers = tuple(chain.from_iterable(map(dict.values, column)))
    kinds = set(map(type, numbers))
    if not kinds <= _NUMBER_TYPES or (float in kinds and any(v != v for v in numbers)):
        return False
    return not numbers or (-MAX_INT <= min(numbers) and max(numbers) <= MAX_INT
                           and _texts(chain.from_iterable(column), TEXT_MAX))


def _column(docs: tuple, key: str) -> tuple:
    """The values of an optional key in the docs that have it."""
    values = tuple(map(dict.get, docs, repeat(key)))
    return values if None not in values else tuple(doc[key] for doc in docs if key in doc)


def summaries_ok(docs: tuple) -> bool:
    """The same test as `summary` on every doc at once, True when all would pass: each check runs over a whole
    column in C (`map`, `set`, `min`, `max`), as one catalogue holds thousands of summaries."""
    if not docs:
        return True
    if set(map(type, docs)) != {dict} or not set().union(*docs) <= SUMMARY_ALL:
        return False
    try:
        ids, game, status, created, updated, turn, players, winners = zip(*map(SUMMARY_COLUMNS, docs))
    except KeyError:
        return False
    if not (_texts(ids, 64) and all(map(ID_PATTERN.match, ids)) and _texts(game, 64) and _texts(created, TIME_MAX)
            and _texts(updated, TIME_MAX) and _texts(status, 64) and set(status) <= set(rec.STATUSES)
            and _ints(t for t in turn if t is not None)):
        return False
    if not (_name_lists(players) and _name_lists(winners)):
        return False
    teams = _column(docs, "teams")
    return (_ints(_column(docs, "actions")) and _texts(_column(docs, "title"), TEXT_MAX)
            and _number_maps(_column(docs, "totals")) and _number_maps(_column(docs, "ranks"))
            and (not teams or (set(map(type, teams)) == {list} and _name_lists(chain.from_iterable(teams))))
            and all(map(_crew, _column(docs, "crew")))
            and all(value is True for value in _column(docs, "lower_wins")))


def record(doc: Any, where: str = "record") -> None:
    """A stored session record's outer shape (its log is checked by replaying it when opened)."""
    if not isinstance(doc, dict):
        raise ShapeError(where)
    _keys(doc, where, {"id", "game", "players", "actions"}, rec.FIELDS)
    for key in ("id", "game", "created", "updated", "title"):
        if key in doc:
            _text(doc[key], f"{where}.{key}")
    for key in ("actions", "redo"):
        if key in doc and not (isinstance(doc[key], list) and all(isinstance(a, dict) for a in doc[key])):
            raise ShapeError(f"{where}.{key}")
    if not isinstance(doc["players"], list) or not all(isinstance(p, dict) and isinstance(p.get("name"), str)
                                                        for p in doc["players"]):
        raise ShapeError(f"{where}.players")
    if "options" in doc and not isinstance(doc["options"], dict):
        raise ShapeError(f"{where}.options")
    if doc.get("status", "active") not in rec.STATUSES:
        raise ShapeError(f"{where}.status")


def session_file(tables: dict) -> None:
    """sessions/<id>.json: table session, document 1 = {"record", "summary"} of one id."""
    _keys(tables, "", {"session"})
    docs = tables["session"]
    if set(docs) != {"1"}:
        raise ShapeError("session", "not one document")
    doc = docs["1"]
    _keys(doc, "session.1", {"record", "summary"})
    record(doc["record"], "session.1.record")
    summary(doc["summary"], "session.1.summary")
    if doc["record"]["id"] != doc["summary"]["id"]:
        raise ShapeError("session.1.summary.id", "differs from the record's")


def catalogue_shard(tables: dict) -> None:
    """catalogue/<nn>.json: table sessions, one summary per document."""
    _keys(tables, "", set(), {"sessions"})
    docs = tables.get("sessions", {})
    if not summaries_ok(tuple(docs.values())):
        for doc_id, doc in docs.items():
            summary(doc, f"sessions.{doc_id}")
        raise ShapeError("sessions")


def data_file(tables: dict) -> None:
    """data.json: players, aliases, settings, profiles."""
    _keys(tables, "", set(), set(DATA_TABLES))
    for name, docs in tables.items():
        for doc_id, doc in docs.items():
            where = f"{name}.{doc_id}"
            _keys(doc, where, set() if name == "settings" else DATA_TABLES[name], DATA_TABLES[name])
            if name == "players":
                _text(doc["name"], f"{where}.name", prefs.NAME_MAX)
                if not doc["name"].strip():
                    raise ShapeError(f"{where}.name")
            elif name == "aliases":
                _text(doc["a"], f"{where}.a")
                _text(doc["b"], f"{where}.b")
            elif name == "drafts":
                _text(doc["session"], f"{where}.session", 64)
                _text(doc["seat"], f"{where}.seat")
                if not isinstance(doc["data"], dict):
                    raise ShapeError(f"{where}.data")
            elif name == "settings":
                for key, value in doc.items():
                    try:
                        prefs.setting(key, value)
                    except RuleError as err:
                        raise ShapeError(f"{where}.{key}") from err
            else:
                _text(doc["game"], f"{where}.game", 64)
                if not isinstance(doc["data"], dict):
                    raise ShapeError(f"{where}.data")


def notices_file(tables: dict) -> None:
    """notices.json: table notices, one damaged-file notice per document."""
    _keys(tables, "", set(), {"notices"})
    for doc_id, doc in tables.get("notices", {}).items():
        where = f"notices.{doc_id}"
        _keys(doc, where, NOTICE_KEYS)
        for key in NOTICE_KEYS - {"params"}:
            _text(doc[key], f"{where}.{key}", 4096)
        if not isinstance(doc["params"], dict) or not all(isinstance(v, (str, int)) and not isinstance(v, bool)
                                                          for v in doc["params"].values()):
            raise ShapeError(f"{where}.params")


def table_file(tables: dict) -> None:
    """tables/<id>.json: table table, document 1 = a session's table-mode data (its own module checks inside)."""
    _keys(tables, "", {"table"})
    if set(tables["table"]) != {"1"}:
        raise ShapeError("table", "not one document")
