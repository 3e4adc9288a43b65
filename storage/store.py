"""The data folder: sessions, the player roster, learned answer aliases, settings and game profiles, on TinyDB.

Layout of the folder (every file a TinyDB file written by `AtomicStorage`, schema version inside):

    data.json             tables players, aliases, settings, profiles (one document per game: {"game", "data"})
    catalogue.json        table sessions: one summary per session (for the history and Continue lists)
    sessions/<id>.json    table session, document 1: {"record": <session record>, "summary": <its summary>}
    .lock                 the OS lock (fcntl.flock) that lets one process write at a time

Appending an action rewrites only that session's file, so its cost does not grow with the number of stored
sessions. The catalogue grows with them, so it is rewritten only when a session is created, imported, saved,
deleted, or changes status (finished, or reopened by an undo) — never for an action that leaves a session
active. The catalogue's `updated`/`round` of an active session may therefore lag; `sessions()` takes them from
the summary in each active session's own file (few in practice; read once and cached until the file changes).
The session file is the truth: at open, session files the catalogue does not know are added to it and entries
whose file is gone are dropped, so a crash between the two writes heals itself.

Rulings:
- A file that is not a readable Tableside TinyDB file (not UTF-8 JSON, wrong schema, wrong shape) is moved aside
  to `<name>.corrupt-<YYYYmmddTHHMMSS>` and reported in `problems` (`storage.file_quarantined`); data.json and
  catalogue.json are checked at open (a lost catalogue is rebuilt from the session files), a session file when
  it is first loaded. A readable record that the engines refuse (e.g. its game is not installed) is left in
  place and its `RuleError` raised: the file is sound, the code may change.
- Records and states returned by `play`, `undo`, `redo` and `state` are the store's cache: read them, never
  change them (every scoring function returns new dicts). `load` returns a copy to edit and `save`.
- Stray temporary files of interrupted writes are removed at open.
"""

from __future__ import annotations

import copy
import fcntl
import json
import re
import secrets
import threading
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Callable, Iterable, Iterator

from tinydb import Query, TinyDB
from tinydb.table import Document

from scoring import record as rec
from scoring.core import RuleError, engine
from storage import prefs
from storage.stats import Stats
from storage.atomic import AtomicStorage, Unreadable, is_temp, quarantine, signature

ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
SUMMARY_KEYS = frozenset({"id", "game", "players", "status", "created", "updated", "round", "winners"})


class Store:
    """One data folder, opened by one app process; several stores (threads or processes) may share it."""

    def __init__(self, folder: str | Path, clock: Callable[[], datetime] = datetime.now) -> None:
        """Open (or create) the folder, quarantine unreadable shared files and reconcile the catalogue."""
        self.folder = Path(folder)
        self.clock = clock
        self.problems: list[dict] = []
        self._sessions_dir = self.folder / "sessions"
        self._sessions_dir.mkdir(parents=True, exist_ok=True)
        self._rlock = threading.RLock()
        self._depth = 0
        self._lock_file = open(self.folder / ".lock", "a+b")
        self._entries: dict[str, tuple] = {}
        self._summaries: dict[str, tuple] = {}
        self._catalogue: dict[str, dict] = {}
        self._catalogue_sig: tuple | None = None
        self._stats: Stats | None = None
        with self._locked():
            self._remove_temp_files()
            self._data_path = self._checked(self.folder / "data.json")
            self._cat_path = self._checked(self.folder / "catalogue.json")
            self._reconcile()

    # -----------------------------------------------------------------------------------------------------
    # Opening, locking, quarantine

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """Hold the thread lock and the folder's OS lock (re-entrant within this store)."""
        with self._rlock:
            if self._lock_file is None:
                raise RuntimeError("store is closed")
            if self._depth == 0:
                fcntl.flock(self._lock_file.fileno(), fcntl.LOCK_EX)
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                if self._depth == 0:
                    fcntl.flock(self._lock_file.fileno(), fcntl.LOCK_UN)

    def _remove_temp_files(self) -> None:
        """Delete temporary files that interrupted writes left behind."""
        for folder in (self.folder, self._sessions_dir):
            for path in folder.iterdir():
                if is_temp(path):
                    path.unlink(missing_ok=True)

    def _checked(self, path: Path) -> Path:
        """The path of a shared file, after moving the file aside if it cannot be read."""
        try:
            AtomicStorage(path).read()
        except Unreadable as err:
            self._quarantine(err)
        return path

    def _quarantine(self, err: Unreadable) -> dict:
        """Move the unreadable file aside and report it."""
        moved = quarantine(err.path, self.clock())
        problem = {"file": str(err.path), "moved_to": str(moved), "error": err.reason,
                   "key": "storage.file_quarantined",
                   "params": {"file": err.path.name, "moved_to": moved.name, "error": err.reason}}
        self.problems.append(problem)
        return problem

    def close(self) -> None:
        """Release the lock file; the store cannot be used afterwards."""
        with self._rlock:
            if self._lock_file is not None:
                self._lock_file.close()
                self._lock_file = None

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -----------------------------------------------------------------------------------------------------
    # The catalogue

    def _cat_table(self):
        """The catalogue's TinyDB table (a fresh handle: another process may have written meanwhile)."""
        return TinyDB(self._cat_path, storage=AtomicStorage).table("sessions")

    def _read_catalogue(self) -> dict[str, dict]:
        """The catalogue by session id, reread only when the file changed (another process wrote it)."""
        sig = signature(self._cat_path)
        if sig != self._catalogue_sig or sig is None:
            try:
                docs = self._cat_table().all()
            except Unreadable as err:
                self._quarantine(err)
                docs = []
            self._catalogue = {d["id"]: dict(d) for d in docs if isinstance(d.get("id"), str)}
            self._catalogue_sig = signature(self._cat_path)
            self._stats = None
        return self._catalogue

    def _catalogue_put(self, summaries: list[dict]) -> None:
        """Add or replace catalogue entries (new ones in one write)."""
        known = self._read_catalogue()
        table = self._cat_table()
        for summary in summaries:
            if summary["id"] in known:
                table.update(_replacing(summary), Query().id == summary["id"])
        new = [s for s in summaries if s["id"] not in known]
        if new:
            table.insert_multiple(new)
        if self._stats is not None:
            for summary in summaries:
                self._stats.remove(known.get(summary["id"], summary))
                self._stats.add(summary)
        self._catalogue.update({s["id"]: dict(s) for s in summaries})
        self._catalogue_sig = signature(self._cat_path)

    def _catalogue_drop(self, ids: Iterable[str]) -> None:
        """Remove catalogue entries (one write)."""
        ids = set(ids)
        if ids:
            self._read_catalogue()
            self._cat_table().remove(Query().id.one_of(sorted(ids)))
            for sid in ids:
                gone = self._catalogue.pop(sid, None)
                if gone is not None and self._stats is not None:
                    self._stats.remove(gone)
            self._catalogue_sig = signature(self._cat_path)

    def _reconcile(self) -> None:
        """Make the catalogue list exactly the session files on disk (the files are the truth)."""
        known = self._read_catalogue()
        on_disk = {p.stem for p in self._sessions_dir.glob("*.json") if ID_PATTERN.match(p.stem)}
        found = []
        for sid in sorted(on_disk - set(known)):
            doc = self._read_file(sid)
            if doc is not None:
                found.append(doc["summary"])
        self._catalogue_put(found)
        self._catalogue_drop(set(self._read_catalogue()) - on_disk)

    # -----------------------------------------------------------------------------------------------------
    # Session files

    def _path(self, sid: str) -> Path:
        """The file of a session; refuses ids that are not plain short names."""
        if not isinstance(sid, str) or not ID_PATTERN.match(sid):
            raise RuleError("storage.id_invalid", id=str(sid))
        return self._sessions_dir / f"{sid}.json"

    def _read_file(self, sid: str) -> dict | None:
        """The {"record", "summary"} document of a session file, or None after quarantining a bad file."""
        path = self._path(sid)
        try:
            doc = TinyDB(path, storage=AtomicStorage).table("session").get(doc_id=1)
            if doc is None or not isinstance(doc.get("record"), dict) or not isinstance(doc.get("summary"), dict):
                raise Unreadable(path, "no session document")
            if not SUMMARY_KEYS <= set(doc["summary"]):
                raise Unreadable(path, "the session summary is incomplete")
            if doc["summary"].get("id") != sid or doc["record"].get("id") != sid:
                raise Unreadable(path, "the session id does not match the file name")
        except Unreadable as err:
            self._quarantine(err)
            return None
        return doc

    def _entry(self, sid: str) -> tuple[dict, dict]:
        """The record and replayed state of a session, from the cache while its file is unchanged."""
        sig = signature(self._path(sid))
        if sig is None:
            self._forget(sid)
            raise RuleError("storage.session_unknown", id=sid)
        cached = self._entries.get(sid)
        if cached and cached[0] == sig:
            return cached[1], cached[2]
        doc = self._read_file(sid)
        if doc is None:
            self._forget(sid)
            self._catalogue_drop([sid])
            raise RuleError("storage.session_unreadable", id=sid, moved_to=self.problems[-1]["params"]["moved_to"])
        record, state = self._accept(doc["record"])
        self._entries[sid] = (sig, record, state)
        return record, state

    def _forget(self, sid: str) -> None:
        """Drop a session from the in-memory caches."""
        self._entries.pop(sid, None)
        self._summaries.pop(sid, None)

    @staticmethod
    def _accept(data: dict) -> tuple[dict, dict]:
        """A checked, normalised record and its state (`RuleError` names the problem), replaying the log once.

        `check_record` checks everything but the log on a copy without actions; the replay that gives the
        state then checks the log (a refused action raises the same `ReplayError` check_record would).
        """
        if not isinstance(data, dict) or not isinstance(data.get("actions", []), list):
            rec.check_record(data)  # raises record.not_object / record.actions_not_list (or an earlier problem)
        record = rec.check_record({**data, "actions": []})
        record["actions"] = copy.deepcopy(data.get("actions", []))
        return record, rec.replay(record)

    @staticmethod
    def _summary(record: dict, state: dict) -> dict:
        """What the session lists show about a session."""
        eng = engine(record["game"])
        status = eng.status(state)
        board = eng.scoreboard(state)
        summary = {"id": record["id"], "game": record["game"], "players": rec.player_names(record),
                   "status": record["status"], "created": record["created"], "updated": record["updated"],
                   "round": status.get("round"), "winners": list(board.winners) if state.get("over")
                   else [], "actions": len(record["actions"]),
                   "totals": {p.name: p.total for p in board.players},
                   "ranks": {name: place for place, group in enumerate(board.ranking, 1) for name in group}}
        if "title" in record:
            summary["title"] = record["title"]
        return summary

    def _write(self, record: dict, state: dict) -> dict:
        """Write one session's file — the only way a record is stored — and cache it; returns its summary.

        The file's one document is replaced whole, so it is one storage write, with no read-modify-write.
        """
        sid = record["id"]
        path = self._path(sid)
        summary = self._summary(record, state)
        AtomicStorage(path).write({"session": {"1": {"record": record, "summary": summary}}})
        sig = signature(path)
        self._entries[sid] = (sig, record, state)
        self._summaries[sid] = (sig, summary)
        return summary

    def _persist(self, record: dict, state: dict, *, catalogue: bool = False) -> None:
        """Store a changed session and, when needed, its catalogue entry.

        The catalogue is written when asked (save) or when the session's status differs from the catalogue's
        or is finished; an action that keeps a session active touches only the session's own file.
        """
        summary = self._write(record, state)
        listed = self._read_catalogue().get(summary["id"])
        if catalogue or listed is None or listed["status"] != summary["status"] or summary["status"] != "active":
            self._catalogue_put([summary])

    def _new_id(self) -> str:
        """A short unique id: the time, then a random suffix."""
        while True:
            sid = f"{self.clock().strftime('%Y%m%d%H%M%S')}-{secrets.token_hex(3)}"
            if signature(self._path(sid)) is None:
                return sid

    def _now(self) -> str:
        """The clock as an ISO time to the second."""
        return self.clock().isoformat(timespec="seconds")

    # -----------------------------------------------------------------------------------------------------
    # Sessions

    def create(self, record: dict) -> str:
        """Store a new session (from `scoring.record.new_record`); assigns an id if it has none; returns it."""
        return self.create_many([record])[0]

    def create_many(self, records: list[dict]) -> list[str]:
        """Store several new sessions with one catalogue write (bulk import); returns their ids."""
        with self._locked():
            accepted, ids = [], set()
            for data in records:
                record, state = self._accept(data)
                sid = record["id"]
                if sid and (sid in ids or signature(self._path(sid)) is not None):
                    raise RuleError("storage.id_exists", id=sid)
                ids.add(sid)
                accepted.append((record, state))
            summaries = []
            for record, state in accepted:
                record["id"] = record["id"] or self._new_id()
                record["created"] = record["created"] or self._now()
                record["updated"] = record["updated"] or record["created"]
                summaries.append(self._write(record, state))
            self._catalogue_put(summaries)
            return [s["id"] for s in summaries]

    def load(self, sid: str) -> dict:
        """A copy of the session's record."""
        with self._locked():
            return copy.deepcopy(self._entry(sid)[0])

    def save(self, record: dict) -> None:
        """Replace an existing session's record (checked first; a refused record changes nothing)."""
        with self._locked():
            self._entry(record.get("id", "") if isinstance(record, dict) else "")
            record, state = self._accept(record)
            self._persist(record, state, catalogue=True)

    def delete(self, sid: str) -> None:
        """Remove a session's file and catalogue entry."""
        with self._locked():
            path = self._path(sid)
            if signature(path) is None:
                raise RuleError("storage.session_unknown", id=sid)
            path.unlink()
            self._table_path(sid).unlink(missing_ok=True)
            self._forget(sid)
            self._table("drafts").remove(Query().session == sid)
            self._catalogue_drop([sid])

    def sessions(self, status: str | None = None) -> list[dict]:
        """Summaries newest-updated first, all or those with the given status ("active" or "finished")."""
        with self._locked():
            out = []
            for sid, summary in list(self._read_catalogue().items()):
                if summary["status"] == "active":
                    summary = self._live_summary(sid)
                if summary is not None and status in (None, summary["status"]):
                    out.append(copy.deepcopy(summary))
            out.sort(key=lambda s: (s["updated"], s["created"], s["id"]), reverse=True)
            return out

    def _live_summary(self, sid: str) -> dict | None:
        """The summary kept in a session's own file (cached until the file changes); None if it is gone."""
        path = self._path(sid)
        sig = signature(path)
        cached = self._summaries.get(sid)
        if cached and cached[0] == sig:
            return cached[1]
        doc = self._read_file(sid) if sig is not None else None
        if doc is None:
            self._forget(sid)
            self._catalogue_drop([sid])
            return None
        self._summaries[sid] = (sig, doc["summary"])
        return doc["summary"]

    def stats(self) -> Stats:
        """The statistics index over the finished sessions (built once from the catalogue's summaries, then
        kept up to date by every catalogue write; rebuilt when another process changed the catalogue).

        A finished session whose summary predates totals and ranks is summarised again once (one replay).
        """
        with self._locked():
            catalogue = self._read_catalogue()
            if self._stats is None:
                stale = [sid for sid, s in catalogue.items() if s["status"] == "finished" and "ranks" not in s]
                for sid in stale:
                    try:
                        self._catalogue_put([self._write(*self._entry(sid))])
                    except RuleError:
                        continue
                self._stats = Stats(self._read_catalogue().values())
            return self._stats

    def records(self) -> list[dict]:
        """Copies of every stored session's record, oldest first (for a backup)."""
        with self._locked():
            ids = sorted(self._read_catalogue(), key=lambda sid: (self._catalogue[sid]["created"], sid))
            return [copy.deepcopy(self._entry(sid)[0]) for sid in ids]

    def export(self, sid: str) -> str:
        """The session's record as JSON text (readable Chinese), for a file to keep or share."""
        with self._locked():
            return json.dumps(self._entry(sid)[0], ensure_ascii=False, indent=2)

    def import_text(self, text: str | bytes) -> str:
        """Store an exported session under a new id and return it; refuses bad files, naming the problem."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as err:
            detail = (f"line {err.lineno}, column {err.colno}: {err.msg}" if isinstance(err, json.JSONDecodeError)
                      else str(err))
            raise RuleError("storage.import_not_json", detail=detail) from err
        record, _ = self._accept(data)
        return self.create({**record, "id": ""})

    # -----------------------------------------------------------------------------------------------------
    # Play

    def play(self, sid: str, action: dict, now: str = "", expect: int | None = None) -> tuple[dict, dict]:
        """Append one action the engine accepts and handle its events once (an alias learned from a ruling, a
        game profile confirmed); a refused or stale action raises `RuleError` and touches no file."""
        with self._locked():
            record, state = self._entry(sid)
            record, state, events = rec.play_step(record, state, action, now, expect)
            self._persist(record, state)
            self._handle(record["game"], events)
            return record, state

    def _handle(self, game: str, events: list[dict]) -> None:
        """The side effects an engine asked for: aliases learned from rulings, a game's confirmed profile."""
        for event in events:
            if event.get("type") == "alias_learned":
                self.add_alias(event["a"], event["b"])
            elif event.get("type") == "profile":
                self.set_profile(event.get("game", game), event["data"])

    def undo(self, sid: str, now: str = "", consent: bool = False, expect: int | None = None) -> tuple[dict, dict]:
        """Take back the last action (kept for redo); a reveal needs the table's consent."""
        with self._locked():
            record, state = rec.undo(self._entry(sid)[0], consent=consent, now=now, expect=expect)
            self._persist(record, state)
            return record, state

    def redo(self, sid: str, now: str = "", expect: int | None = None) -> tuple[dict, dict]:
        """Put back the most recently undone action."""
        with self._locked():
            record, state = rec.redo(self._entry(sid)[0], now=now, expect=expect)
            self._persist(record, state)
            return record, state

    def record(self, sid: str) -> dict:
        """The session's record as cached (read it, never change it; `load` gives a copy to edit)."""
        with self._locked():
            return self._entry(sid)[0]

    def state(self, sid: str) -> dict:
        """The session's current state (replayed once, then cached)."""
        with self._locked():
            return self._entry(sid)[1]

    # -----------------------------------------------------------------------------------------------------
    # Roster, aliases, settings, profiles

    def _table(self, name: str):
        """A table of data.json (a fresh handle: another process may have written meanwhile)."""
        return TinyDB(self._data_path, storage=AtomicStorage).table(name)

    def _rows(self, name: str) -> list[dict]:
        """All documents of a data.json table (empty after quarantining an unreadable file)."""
        try:
            return self._table(name).all()
        except Unreadable as err:
            self._quarantine(err)
            return []

    def players(self) -> list[str]:
        """The roster in the order names were added."""
        with self._locked():
            return [row["name"] for row in self._rows("players")]

    def add_player(self, name: str) -> None:
        """Add a name to the roster (RuleError for a duplicate or a bad length)."""
        with self._locked():
            self._table("players").insert({"name": prefs.player_name(name, self.players())})

    def remove_player(self, name: str) -> None:
        """Remove a name from the roster; RuleError if it is not there."""
        with self._locked():
            if name not in self.players():
                raise RuleError("storage.player_unknown", name=str(name))
            self._table("players").remove(Query().name == name)

    def aliases(self) -> list[tuple[str, str]]:
        """Learned alias pairs (answers the table ruled the same), oldest first."""
        with self._locked():
            return [(row["a"], row["b"]) for row in self._rows("aliases")]

    def add_alias(self, a: str, b: str) -> None:
        """Learn that two answers are the same (already known in either order: nothing changes)."""
        with self._locked():
            a, b = prefs.alias(a, b)
            known = self.aliases()
            if (a, b) not in known and (b, a) not in known:
                self._table("aliases").insert({"a": a, "b": b})

    def settings(self) -> dict:
        """The settings, defaults filled in."""
        with self._locked():
            stored = self._rows("settings")
            return {**prefs.DEFAULTS, **(stored[0] if stored else {})}

    def set_setting(self, key: str, value) -> None:
        """Change one setting (RuleError for an unknown key or value)."""
        with self._locked():
            value = prefs.setting(key, value)
            self._table("settings").upsert(Document({**self.settings(), key: value}, doc_id=1))

    def profiles(self, game: str) -> dict:
        """The saved profile of a game (what its view keeps between sessions), a copy; {} when there is none."""
        with self._locked():
            found = [row["data"] for row in self._rows("profiles") if row.get("game") == game]
            return copy.deepcopy(found[0]) if found else {}

    def set_profile(self, game: str, data: dict) -> None:
        """Save a game's profile, replacing the previous one (RuleError for an unknown game, data that is not a
        plain-JSON object, or one too large)."""
        with self._locked():
            game, data = prefs.profile(game, data)
            self._table("profiles").upsert({"game": game, "data": data}, Query().game == game)

    def draft(self, sid: str, seat: str | None = None) -> dict:
        """The half-entered input (a round, an answer sheet) kept for a session and seat (None: the table's
        shared screen), a copy; {} when there is none."""
        with self._locked():
            key = prefs.draft_seat(seat)
            found = [row["data"] for row in self._rows("drafts") if row.get("session") == sid and row.get("seat") == key]
            return copy.deepcopy(found[0]) if found else {}

    def set_draft(self, sid: str, seat: str | None, data: dict) -> None:
        """Keep a session's draft for a seat, replacing the previous one; an empty dict removes it (RuleError for
        an unknown session, or data that is not a plain-JSON object of at most 20,000 characters)."""
        with self._locked():
            self._entry(sid)
            key = prefs.draft_seat(seat)
            where = (Query().session == sid) & (Query().seat == key)
            data = prefs.draft(data)
            if data:
                self._table("drafts").upsert({"session": sid, "seat": key, "data": data}, where)
            else:
                self._table("drafts").remove(where)


    # -----------------------------------------------------------------------------------------------------
    # Table mode: the seats and join PIN of a session played on several phones

    def _table_path(self, sid: str) -> Path:
        """The file of a session's table-mode data (`tables/<id>.json`)."""
        return self.folder / "tables" / self._path(sid).name

    def table(self, sid: str) -> dict:
        """A copy of session sid's table-mode data (seats, PIN, …; see `views.table_hub`); {} when there is none.

        An unreadable file is moved aside and reported like any other, and the table starts afresh.
        """
        with self._locked():
            path = self._table_path(sid)
            try:
                doc = AtomicStorage(path).read() if signature(path) is not None else None
            except Unreadable as err:
                self._quarantine(err)
                return {}
            data = (doc or {}).get("table", {}).get("1")
            return copy.deepcopy(data) if isinstance(data, dict) else {}

    def set_table(self, sid: str, data: dict) -> None:
        """Replace session sid's table-mode data (plain JSON); the session must exist."""
        with self._locked():
            if signature(self._path(sid)) is None:
                raise RuleError("storage.session_unknown", id=str(sid)[:64])
            path = self._table_path(sid)
            path.parent.mkdir(exist_ok=True)
            AtomicStorage(path).write({"table": {"1": copy.deepcopy(data)}})


def _replacing(summary: dict) -> Callable[[dict], None]:
    """A TinyDB update that makes a document exactly the given summary."""

    def replace(doc: dict) -> None:
        """Clear the document, then fill it."""
        doc.clear()
        doc.update(summary)

    return replace
