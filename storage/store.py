"""The data folder: sessions, the player roster, learned answer aliases, settings and game profiles, on TinyDB.

Layout of the folder (every file a TinyDB file written by `AtomicStorage`: schema version and checksum inside,
and checked against its shape in `storage.schema` on every read):

    data.json             tables players, aliases, settings, profiles (one document per game: {"game", "data"}),
                          drafts (one per session and seat: {"session", "seat", "data"})
    notices.json          table notices: damaged files kept aside, listed until the table dismisses them
    catalogue/<nn>.json   table sessions: one summary per session, in 64 shards by the id's CRC-32
    catalogue/pending/<id>  a session whose catalogue entry is being changed (empty marker files)
    catalogue/brought_up  which shards' entries were last found up to date (`behind`), by each file's signature
    sessions/<id>.json    table session, document 1: {"record": <session record>, "summary": <its summary>}
    tables/<id>.json      table table, document 1: a session's table-mode data (seats, join PIN; views.table_hub)
    .lock                 the OS lock (fcntl.flock) that lets one process write at a time
    .server.lock          held for its lifetime by the one app server on this folder (`exclusive=True`)

Appending an action rewrites only that session's file, so its cost does not grow with the number of stored
sessions. The catalogue is rewritten only when a session is created, imported, saved, deleted, or changes
status (finished, or reopened by an undo) — never for an action that leaves a session active — and then only
the one shard holding the session (about 1/64 of it). A new session's entry is added at the end of the shard's
JSON text, kept in memory from the shard's last read or write (about the catalogue's size on disk: 2.8 MB at
10,000 sessions), so only the new summary is encoded; a replaced entry, or a shard not in the form this module
writes, encodes the shard whole. The shard is still checksummed, written atomically and fsynced whole: creating
a session at 10,000 sessions costs about 1.1 times what it costs at 10 on a quiet machine (the 40 KB shard
written and checksummed; `benchmarks/bench_storage.py --create`), not a thousand times. The catalogue's
`updated`/`round` of an active session may lag; `sessions()` takes them from the summary in each active
session's own file (read once and cached until the file changes).

The session file is the truth. Before a change that touches both, a marker `catalogue/pending/<id>` is made
durable; it is removed once the catalogue is written. When the catalogue is first needed (a list, the
statistics, the problems, a backup), every marked session's entry is rebuilt from its file, session files the
catalogue does not know are added, entries whose file is gone are dropped, and entries that predate what the
app now records about a session (`behind`) are made again from their files — so a crash between the two
writes (e.g. an undo that reopens a finished game) heals itself before anything is listed. Which shards were found
up to date is kept in `catalogue/brought_up` with each shard file's signature (inode, time, size) at that moment
and `BROUGHT_UP`; only shards written since (by this app or an older one) or all of them, when `BROUGHT_UP`
changed, are checked again: checking every entry on every start cost 65 ms of the 120 ms the first catalogue read
takes at 10,000 sessions (`benchmarks/bench_storage.py`). Opening the store reads neither the catalogue nor the
sessions folder, so it costs the same at 10 and at 10,000 sessions; writes before that first need touch only their
own session's shard, whose marked entries stay marked until then.

Rulings:
- A file that is not a readable Tableside file (not UTF-8 JSON, wrong schema, checksum mismatch, wrong shape,
  an id that is not its name) is moved aside to `<name>.corrupt-<YYYYmmddTHHMMSS>` and listed in `problems`
  (`storage.damaged.<kind>`, with the file, where it went and what was wrong) until `dismiss`ed; the list is
  kept in notices.json, so it survives restarts. The home screen shows every other session. data.json is
  checked at open, the catalogue when it is first needed (a lost catalogue shard is rebuilt from the session
  files), a session file when it is first listed or loaded. A readable record that the engines refuse (e.g.
  its game is not installed) is left in place and its `RuleError` raised: the file is sound, the code may
  change.
- Errors the table can act on come back as `RuleError`s and change nothing (caches follow only completed
  writes): a full disk `storage.disk_full`, a read-only folder `storage.read_only`, a vanished folder
  `storage.folder_missing`, anything else from the OS `storage.io_failed`.
- A folder that cannot be written (read-only medium, no permission) opens read-only: everything can be read,
  every change is refused `storage.read_only`, and `read_only` is True.
- `Store(folder, exclusive=True)` (the app server) refuses a folder another live server holds:
  `storage.folder_in_use`. Plain stores (tests, the command line) share a folder safely through `.lock`.
- Imports (`import_text`) are refused, before anything is stored, when the text is over `IMPORT_MAX_BYTES` (said
  before parsing), nested deeper than `scoring.plain.MAX_DEPTH`, holds more than `IMPORT_MAX_ACTIONS` actions (log
  and redo stack together), has an unknown key at any level, a `status` that contradicts its replay, a redo stack
  that does not replay on top of the log, or `created`/`updated` (or an action's "at") that are not ISO times of
  years 1900–9998. The caps and the checks of actions and status are `scoring.record`'s (`MAX_BYTES`, `MAX_ACTIONS`,
  `check_count`, `check_times`, `check_status`), which the command line applies too. Any record stored (created,
  saved or imported) is refused when its redo stack does not replay, or its title or times are longer than a stored
  file holds (`storage.field_too_long`, naming the field; `schema.RECORD_TEXT_MAX`): it would be written, then put
  aside as damaged on the next read. The replay happens outside the folder's lock, so other tables keep playing
  meanwhile.
- Records and states returned by `play`, `undo`, `redo` and `state` are the store's cache: read them, never
  change them (every scoring function returns new dicts). `load` returns a copy to edit and `save`.
- Stray temporary files of interrupted writes are removed at open.
- A session stored without `created`/`updated` (an imported file without times) is stamped with the clock's time
  in UTC, with its offset, as the views stamp actions (`views.words.now`): a naive time was the server's local
  time, which the screens read as UTC (History showed it 8 hours ahead in China).
"""

from __future__ import annotations

import copy
import errno
import fcntl
import heapq
import json
import os
import secrets
import threading
import zlib
from contextlib import contextmanager, suppress
from datetime import datetime, timezone
from itertools import islice
from operator import itemgetter
from pathlib import Path
from typing import Callable, Iterable, Iterator

from tinydb import Query, TinyDB
from tinydb.table import Document

from scoring import plain
from scoring import record as rec
from scoring.core import RuleError, Scoreboard, cooperative, engine
from storage import prefs, schema
from storage.stats import Stats, player_key
from storage.stats import game_key as stats_game_key
from storage.atomic import (AtomicStorage, Unreadable, dumps, fsync_folder, is_temp, quarantine, read_body,
                            read_tables, seal, signature, write_atomic)

ID_PATTERN = schema.ID_PATTERN
SHARDS = 64
BROUGHT_UP = 73  # the session whose rule in `behind` came last: raise it with each new rule there
_UPDATED = itemgetter("updated", "created", "id")  # the lists' order, used descending: newest-updated first
IMPORT_MAX_BYTES = rec.MAX_BYTES  # the caps of a record from outside, shared with the command line
IMPORT_MAX_ACTIONS = rec.MAX_ACTIONS
DISK_FULL = {errno.ENOSPC, errno.EDQUOT}
READ_ONLY = {errno.EROFS, errno.EACCES, errno.EPERM}
MISSING = {errno.ENOENT, errno.ENOTDIR, errno.ESTALE}


def shard_of(sid: str) -> int:
    """The catalogue shard holding a session id."""
    return zlib.crc32(sid.encode("utf-8")) % SHARDS


def behind(summary: dict) -> bool:
    """Whether a catalogue entry predates what the app now records: a Solar Storm crew of two or more was not
    named a team before December 2026 (statistics counted its players as tied rivals), places after a shared
    one were numbered on (1, 1, 2) where the end screen skips one (1, 1, 3) until session 46, and a team game's
    places counted players, not teams (Bacon's losing team of two 3rd of two teams) until session 47, and a finished
    cooperative game's entry did not say whether the crew won and why (`crew`) until session 55, and a game where
    the lowest total won did not say so (`lower_wins`; seen where a score pad's first place has less than its top
    total) until session 64, and a finished session's entry without its totals (made before the statistics, whose
    totals History's rows read since session 73) is behind too. Its places are numbered again from its own ranks
    and teams (`Scoreboard.places`); an entry they differ from is behind.
    `Store._reconcile` makes such summaries again once, on the catalogue's first use; a new rule here raises
    `BROUGHT_UP`, so that shards found up to date before it are checked again."""
    if summary.get("game") == "solar_storm" and len(summary.get("players") or ()) > 1 and "teams" not in summary:
        return True
    if summary.get("status") == "finished" and cooperative(summary.get("game", "")) and "crew" not in summary:
        return True
    if summary.get("status") == "finished" and not isinstance(summary.get("totals"), dict):
        return True
    ranks = summary.get("ranks") or {}
    if summary.get("game") == "score_pad" and "lower_wins" not in summary and lowest_first(ranks, summary):
        return True
    if len(set(ranks.values())) == len(ranks):  # no shared place (most games): nothing to renumber
        return False
    groups = tuple(tuple(n for n in ranks if ranks[n] == p) for p in sorted(set(ranks.values())))
    teams = tuple(tuple(team) for team in summary.get("teams") or ())
    return ranks != Scoreboard(summary.get("game", ""), (), groups, (), teams=teams).places()


def lowest_first(ranks: dict, summary: dict) -> bool:
    """Whether a session's first place went to a total below its highest (the lowest total won); only a score pad
    can be set so, and one whose totals all tied cannot tell."""
    totals = summary.get("totals") or {}
    if not ranks or not totals:
        return False
    first, top = min(ranks.values()), max(totals.values())
    return any(totals.get(name, top) < top for name, place in ranks.items() if place == first)


def narrowed(summary: dict, game: str | None, player: str | None) -> bool:
    """Whether a session is of the game and had the player asked for (None: any), as the statistics compare them:
    the game by its statistics key (`storage.stats.game_key`: a titled score pad's title, or a pad set to lowest
    wins, is a game of its own) and the player by their name's key (`scoring.names.key`: case, width and
    surrounding spaces ignored, so "ann" and "Ａｎｎ" are Ann's sessions too). Ruling: the player is any of the
    session's players, winner or not, teammate or crew member alike."""
    if game is not None and stats_game_key(summary) != game:
        return False
    return player is None or player_key(player) in {player_key(name) for name in summary["players"]}


def io_error(err: OSError, folder: Path) -> RuleError:
    """An OS error as a message the table can act on."""
    if err.errno in DISK_FULL:
        return RuleError("storage.disk_full", folder=str(folder))
    if err.errno in READ_ONLY:
        return RuleError("storage.read_only", folder=str(folder))
    if err.errno in MISSING:
        return RuleError("storage.folder_missing", folder=str(folder))
    return RuleError("storage.io_failed", folder=str(folder), detail=err.strerror or str(err) or type(err).__name__)


class Store:
    """One data folder, opened by one app process; several stores (threads or processes) may share it."""

    def __init__(self, folder: str | Path, clock: Callable[[], datetime] = datetime.now, *,
                 exclusive: bool = False) -> None:
        """Open (or create) the folder and quarantine unreadable shared files (the catalogue waits until needed)."""
        self.folder = Path(folder)
        self.clock = clock
        self.read_only = False
        self._sessions_dir = self.folder / "sessions"
        self._cat_dir = self.folder / "catalogue"
        self._pending_dir = self._cat_dir / "pending"
        self._data_path = self.folder / "data.json"
        self._notices_path = self.folder / "notices.json"
        self._rlock = threading.RLock()
        self._depth = 0
        self._unsaved_notices: list[dict] = []
        self._entries: dict[str, tuple] = {}
        self._summaries: dict[str, tuple] = {}
        self._boards: dict[str, tuple[dict, Scoreboard]] = {}
        self._before: dict[str, tuple[dict, dict]] = {}  # per session: the record last played, its prior state
        self._shards: dict[int, tuple] = {}
        self._merged: dict[str, dict] | None = None
        self._order: tuple[dict, list[str], list[dict]] | None = None
        self._narrow: tuple[list[dict], tuple, list[dict]] | None = None  # `_listed`'s last narrowed list
        self._reconciled = False
        self._stats: Stats | None = None
        self._lock_file = self._server_lock = None
        self._closed = False
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            for folder in (self._sessions_dir, self._cat_dir, self._pending_dir):
                folder.mkdir(exist_ok=True)
            self._lock_file = open(self.folder / ".lock", "a+b")
        except OSError as err:
            if err.errno not in READ_ONLY or not self.folder.is_dir():
                raise io_error(err, self.folder) from err
            self.read_only = True
            self._lock_file = self._open_existing(self.folder / ".lock")
        if exclusive:
            self._claim()
        try:
            with self._locked():
                if not self.read_only:
                    self._remove_temp_files()
                self._check_shared()
        except BaseException:
            self.close()
            raise

    # -----------------------------------------------------------------------------------------------------
    # Opening, locking, quarantine

    @staticmethod
    def _open_existing(path: Path):
        """A read handle on an existing lock file, or None (a read-only folder without one)."""
        try:
            return open(path, "rb")
        except OSError:
            return None

    def _claim(self) -> None:
        """Hold `.server.lock` for this store's lifetime; refuse a folder another live server holds."""
        path = self.folder / ".server.lock"
        try:
            handle = open(path, "a+b") if not self.read_only else self._open_existing(path)
        except OSError as err:
            raise io_error(err, self.folder) from err
        if handle is None:
            return
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            self.close()
            raise RuleError("storage.folder_in_use", folder=str(self.folder)) from None
        self._server_lock = handle

    @contextmanager
    def _locked(self, write: bool = False) -> Iterator[None]:
        """Hold the thread lock and the folder's OS lock (re-entrant within this store); OS errors become
        `RuleError`s the table can act on. `write`: refused at once on a read-only folder."""
        with self._rlock:
            if self._closed:
                raise RuntimeError("store is closed")
            if write and self.read_only:
                raise RuleError("storage.read_only", folder=str(self.folder))
            if self._depth == 0 and self._lock_file is not None:
                fcntl.flock(self._lock_file.fileno(), fcntl.LOCK_EX)
            self._depth += 1
            try:
                yield
            except OSError as err:
                raise io_error(err, self.folder) from err
            finally:
                self._depth -= 1
                if self._depth == 0 and self._lock_file is not None:
                    fcntl.flock(self._lock_file.fileno(), fcntl.LOCK_UN)

    def _remove_temp_files(self) -> None:
        """Delete temporary files that interrupted writes left behind (the sessions folder's are removed by
        `_on_disk`, which lists it anyway)."""
        for folder in (self.folder, self._cat_dir, self.folder / "tables"):
            for path in folder.iterdir() if folder.is_dir() else ():
                if is_temp(path):
                    path.unlink(missing_ok=True)

    def _check_shared(self) -> None:
        """Move data.json and notices.json aside if they cannot be read (notices first: it records the other)."""
        for path, shape in ((self._notices_path, schema.notices_file), (self._data_path, schema.data_file)):
            try:
                read_tables(path, shape)
            except Unreadable as err:
                self._quarantine(err)

    def _quarantine(self, err: Unreadable) -> dict:
        """Move the unreadable file aside (left in place on a read-only folder) and list it until dismissed."""
        if any(n["file"] == str(err.path) for n in self._unsaved_notices):
            return self._unsaved_notices[-1]
        moved = err.path if self.read_only else quarantine(err.path, self.clock())
        notice = {"key": f"storage.damaged.{err.kind}", "file": str(err.path), "moved_to": str(moved),
                  "error": err.reason, "at": self.clock().isoformat(timespec="seconds"),
                  "params": {"file": err.path.name, "moved_to": moved.name, "detail": err.detail}}
        try:
            if self.read_only:
                raise PermissionError(errno.EROFS, "read-only")
            self._notices_table().insert(notice)
        except (OSError, Unreadable):
            self._unsaved_notices.append(notice)
        return notice

    def _notices_table(self):
        """The notices table of notices.json."""
        return TinyDB(self._notices_path, storage=AtomicStorage, shape=schema.notices_file).table("notices")

    @property
    def problems(self) -> list[dict]:
        """Damaged files kept aside, oldest first, each with an `id` to `dismiss` it and `key`/`params` to
        show it; plus a `storage.read_only_folder` notice while the folder is read-only. The catalogue is read
        first, so a damaged shard is among them."""
        with self._locked():
            self._read_catalogue()
            try:
                saved = [{**doc, "id": doc.doc_id} for doc in self._notices_table().all()]
            except Unreadable as err:
                self._quarantine(err)
                saved = []
            unsaved = [{**n, "id": -1 - i} for i, n in enumerate(self._unsaved_notices)]
            extra = ([{"id": 0, "key": "storage.read_only_folder", "params": {"folder": str(self.folder)}}]
                     if self.read_only else [])
            return extra + saved + unsaved

    def dismiss(self, notice_id: int) -> None:
        """The table has read a notice: stop listing it (the file kept aside stays where it is)."""
        with self._locked():
            if isinstance(notice_id, int) and notice_id < 0 and -1 - notice_id < len(self._unsaved_notices):
                self._unsaved_notices.pop(-1 - notice_id)
                return
            if self.read_only:
                raise RuleError("storage.read_only", folder=str(self.folder))
            if isinstance(notice_id, int) and notice_id > 0 and self._notices_table().contains(doc_id=notice_id):
                self._notices_table().remove(doc_ids=[notice_id])

    def close(self) -> None:
        """Release the lock files; the store cannot be used afterwards."""
        with self._rlock:
            for handle in (self._lock_file, self._server_lock):
                if handle is not None:
                    handle.close()
            self._lock_file = self._server_lock = None
            self._closed = True

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -----------------------------------------------------------------------------------------------------
    # The catalogue (64 shards)

    def _shard_path(self, n: int) -> Path:
        """The file of catalogue shard n."""
        return self._cat_dir / f"{n:02d}.json"

    def _read_shard(self, n: int) -> dict[str, dict]:
        """Shard n by session id, reread only when its file changed; a damaged shard is moved aside and its
        entries rebuilt from the session files."""
        path = self._shard_path(n)
        sig = signature(path)
        cached = self._shards.get(n)
        if cached is not None and cached[0] == sig:
            return cached[1]
        try:
            tables, body = read_body(path, schema.catalogue_shard) or ({}, None)
            docs = tables.get("sessions", {})
            entries = {doc["id"]: doc for doc in docs.values()}
            self._shards[n] = (signature(path), entries, body if _appendable(body, docs, entries) else None)
        except Unreadable as err:
            self._quarantine(err)
            entries = self._rebuild_shard(n)
        self._merged = None
        self._stats = None
        return entries

    def _rebuild_shard(self, n: int) -> dict[str, dict]:
        """The entries of shard n from the session files (after it was lost), written back."""
        entries = {}
        for sid in sorted(self._on_disk()):
            if shard_of(sid) == n:
                doc = self._read_file(sid)
                if doc is not None:
                    entries[sid] = doc["summary"]
        self._write_shard(n, entries)
        return entries

    def _write_shard(self, n: int, entries: dict[str, dict], body: bytes | None = None) -> None:
        """Replace shard n (kept in memory only on a read-only folder); body: its JSON text when the caller
        has it (`_appended`), else the entries are encoded, numbered from 1 in order."""
        path = self._shard_path(n)
        if not self.read_only:
            if body is None:
                body = dumps({"sessions": {str(i): summary for i, summary in enumerate(entries.values(), start=1)}})
            write_atomic(path, seal(body))
        self._shards[n] = (signature(path), entries, None if self.read_only else body)
        self._merged = None

    def _read_catalogue(self) -> dict[str, dict]:
        """The catalogue by session id, reconciled with the session files on its first use (with the cycle
        collector paused, as in a replay: the thousands of summaries it reads hold no cycles, and the collector's
        passes over them as they grow made up half of the first read at 10,000 sessions, 125 ms against 54)."""
        if not self._reconciled:
            with rec.collector_paused():
                self._reconcile()
            self._reconciled = True
        return self._all_shards()

    def _all_shards(self) -> dict[str, dict]:
        """Every shard merged by session id (each reread only when another process changed it)."""
        for n in range(SHARDS):
            self._read_shard(n)
        if self._merged is None:
            self._merged = {}
            for n in range(SHARDS):
                self._merged.update(self._shards[n][1])
        return self._merged

    def _catalogue_put(self, summaries: list[dict]) -> None:
        """Add or replace catalogue entries (one write per shard touched)."""
        by_shard: dict[int, list[dict]] = {}
        for summary in summaries:
            by_shard.setdefault(shard_of(summary["id"]), []).append(summary)
        for n, group in sorted(by_shard.items()):
            known = self._read_shard(n)
            stats, entries = self._stats, {**known, **{s["id"]: dict(s) for s in group}}
            self._write_shard(n, entries, _appended(self._shards[n][2], known, group))
            if stats is not None:
                for summary in group:
                    stats.remove(known.get(summary["id"], summary))
                    stats.add(summary)
                self._stats = stats

    def _catalogue_drop(self, ids: Iterable[str]) -> None:
        """Remove catalogue entries (one write per shard touched)."""
        by_shard: dict[int, set[str]] = {}
        for sid in ids:
            by_shard.setdefault(shard_of(sid), set()).add(sid)
        for n, group in sorted(by_shard.items()):
            entries = self._read_shard(n)
            if group & set(entries):
                stats = self._stats
                self._write_shard(n, {k: v for k, v in entries.items() if k not in group})
                if stats is not None:
                    for sid in group & set(entries):
                        stats.remove(entries[sid])
                    self._stats = stats

    def _on_disk(self) -> set[str]:
        """The ids of the session files in the folder (removing temporary files of interrupted writes)."""
        ids = set()
        with os.scandir(self._sessions_dir) as found:
            for entry in found:
                name = entry.name
                if name.endswith(".json") and ID_PATTERN.match(name[:-5]):
                    ids.add(name[:-5])
                elif name.endswith(".tmp") and name.startswith(".") and not self.read_only:
                    os.unlink(entry.path)
        return ids

    def _mark(self, sids: Iterable[str]) -> None:
        """Make durable that these sessions' catalogue entries are about to change."""
        for sid in sids:
            os.close(os.open(self._pending_dir / sid, os.O_WRONLY | os.O_CREAT, 0o644))
        fsync_folder(self._pending_dir)

    @contextmanager
    def _marked(self, sids: list[str]) -> Iterator[None]:
        """Mark sessions for the session-file writes inside; if those fail, unmark the sessions whose file
        they did not change (their catalogue entries stay right)."""
        before = {sid: signature(self._path(sid)) for sid in sids}
        self._mark(sids)
        try:
            yield
        except BaseException:
            with suppress(OSError):
                self._unmark(sid for sid in sids if signature(self._path(sid)) == before[sid])
            raise

    def _unmark(self, sids: Iterable[str]) -> None:
        """The catalogue entries of these sessions are written."""
        for sid in sids:
            (self._pending_dir / sid).unlink(missing_ok=True)

    def _reconcile(self) -> None:
        """Make the catalogue list exactly the session files on disk, with the summaries of marked sessions
        (and of any the catalogue misses) taken from their files; a legacy catalogue.json is retired."""
        known = self._all_shards()
        on_disk = self._on_disk()
        marked = {p.name for p in self._pending_dir.iterdir() if ID_PATTERN.match(p.name)}
        found = []
        for sid in sorted((on_disk - set(known)) | (marked & on_disk)):
            doc = self._read_file(sid)
            if doc is not None:
                found.append(doc["summary"])
        self._catalogue_put(found)
        self._catalogue_drop(set(self._all_shards()) - on_disk)
        if not self.read_only:
            checked = self._up_to_date()
            fresh, kept_behind = self._brought_up(self._all_shards(), checked)
            self._catalogue_put(fresh)
            self._note_up_to_date(checked, kept_behind)
            self._unmark(marked)
            (self.folder / "catalogue.json").unlink(missing_ok=True)

    def _up_to_date(self) -> dict[str, list]:
        """The signatures of the shards whose entries were found up to date and whose files are unchanged since
        (none when `catalogue/brought_up` is missing, unreadable or of an earlier `BROUGHT_UP`)."""
        try:
            kept = json.loads((self._cat_dir / "brought_up").read_bytes())
        except (OSError, ValueError, RecursionError):
            return {}
        if not isinstance(kept, dict) or kept.get("version") != BROUGHT_UP or not isinstance(kept.get("shards"), dict):
            return {}
        now = self._shard_signatures()
        return {name: sig for name, sig in kept["shards"].items() if now.get(name) == sig}

    def _shard_signatures(self) -> dict[str, list]:
        """Each shard's file signature as last read or written, by its name ([] for a shard with no file)."""
        return {f"{n:02d}": list(self._shards[n][0] or ()) for n in range(SHARDS)}

    def _note_up_to_date(self, before: dict[str, list], kept_behind: set[str]) -> None:
        """Write down the signature of every shard whose entries are all up to date now (not if none changed; a
        failed write only costs the next start a full check)."""
        now = {name: sig for name, sig in self._shard_signatures().items() if name not in kept_behind}
        if now != before:
            with suppress(OSError):
                write_atomic(self._cat_dir / "brought_up", dumps({"version": BROUGHT_UP, "shards": now}))

    def _brought_up(self, known: dict[str, dict], checked: dict[str, list]) -> tuple[list[dict], set[str]]:
        """Summaries made again, from their session files, for the catalogue entries that predate what the app now
        records about a session (`behind`), but in the shards `checked` before; and the shards where an entry stays
        behind (its file cannot be read or replayed, or the summary made again still lacks something), checked again
        on the next start."""
        fresh, kept_behind = [], set()
        unchecked = (self._shards[n][1] for n in range(SHARDS) if f"{n:02d}" not in checked)
        for sid in sorted(sid for entries in unchecked for sid, summary in entries.items() if behind(summary)):
            try:
                summary = self._summary(*self._entry(sid))
            except RuleError:
                summary = known[sid]
            if summary is not known[sid]:
                fresh.append(summary)
            if behind(summary):
                kept_behind.add(f"{shard_of(sid):02d}")
        return fresh, kept_behind

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
            tables = read_tables(path, schema.session_file)
            if tables is None:
                return None
            doc = tables["session"]["1"]
            if doc["summary"]["id"] != sid:
                raise Unreadable(path, "id_mismatch", doc["summary"]["id"])
        except Unreadable as err:
            self._quarantine(err)
            return None
        return doc

    def _entry(self, sid: str) -> tuple[dict, dict]:
        """The record and replayed state of a session, from the cache while its file is unchanged."""
        sig = signature(self._path(sid))
        if sig is None:
            self._forget(sid)
            if not self._sessions_dir.is_dir():
                raise RuleError("storage.folder_missing", folder=str(self.folder))
            raise RuleError("storage.session_unknown", id=sid)
        cached = self._entries.get(sid)
        if cached and cached[0] == sig:
            return cached[1], cached[2]
        doc = self._read_file(sid)
        if doc is None:
            self._forget(sid)
            if not self.read_only:
                self._catalogue_drop([sid])
            raise RuleError("storage.session_unreadable", id=sid, moved_to=self._last_moved())
        record, state = self._accept(doc["record"])
        self._entries[sid] = (sig, record, state)
        return record, state

    def _last_moved(self) -> str:
        """The name the most recently damaged file was kept aside as."""
        notices = self._unsaved_notices or self._notices_table().all()
        return notices[-1]["params"]["moved_to"] if notices else ""

    def _forget(self, sid: str) -> None:
        """Drop a session from the in-memory caches."""
        self._entries.pop(sid, None)
        self._summaries.pop(sid, None)
        self._boards.pop(sid, None)
        self._before.pop(sid, None)

    @staticmethod
    def _accept(data: dict) -> tuple[dict, dict]:
        """A checked, normalised record and its state (`RuleError` names the problem), replaying the log once.

        `check_record` checks everything but the log on a copy without actions; the replay that gives the
        state then checks the log (a refused action raises the same `ReplayError` check_record would), and the
        redo stack must replay on top of it (`_check_redo`), so every way in (create, save, import) refuses what
        the file's shape check would later quarantine.
        """
        if not isinstance(data, dict) or not isinstance(data.get("actions", []), list):
            rec.check_record(data)  # raises record.not_object / record.actions_not_list (or an earlier problem)
        record = rec.check_record({**data, "actions": []})
        _check_lengths(record)
        record["actions"] = copy.deepcopy(data.get("actions", []))
        state = rec.replay(record)
        _check_redo(record, state)
        return record, state

    def scoreboard(self, record: dict, state: dict) -> Scoreboard:
        """The scoreboard of a session's state, made once per state (the store's states are never changed): a
        screen showing the state the store just wrote gets the board its summary was made from (a round game's
        board grows with its rounds)."""
        kept = self._boards.get(record["id"])
        if kept and kept[0] is state:
            return kept[1]
        board = engine(record["game"]).scoreboard(state)
        self._boards[record["id"]] = (state, board)
        return board

    @staticmethod
    def _summary(record: dict, state: dict, board: Scoreboard | None = None) -> dict:
        """What the session lists show about a session (from its scoreboard, made here unless given)."""
        eng = engine(record["game"])
        status = eng.status(state)
        turn_round = status.get("round")
        board = board or eng.scoreboard(state)
        summary = {"id": record["id"], "game": record["game"], "players": rec.player_names(record),
                   "status": record["status"], "created": record["created"], "updated": record["updated"],
                   "round": turn_round if isinstance(turn_round, int) and not isinstance(turn_round, bool) else None,
                   "winners": [str(w) for w in board.winners] if state.get("over") else [],
                   "actions": len(record["actions"]),
                   "totals": {p.name: p.total for p in board.players},
                   "ranks": board.places()}
        if board.teams:
            summary["teams"] = [list(team) for team in board.teams]
        if board.lower_wins:
            summary["lower_wins"] = True
        crew = eng.crew_result(state)
        if crew is not None:
            summary["crew"] = crew
        if "title" in record:
            summary["title"] = record["title"]
        return summary

    def _write(self, record: dict, state: dict) -> dict:
        """Write one session's file — the only way a record is stored — and cache it; returns its summary.

        The file's one document is replaced whole, so it is one storage write, with no read-modify-write.
        """
        sid = record["id"]
        path = self._path(sid)
        summary = self._summary(record, state, self.scoreboard(record, state))
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
        sid = record["id"]
        listed = self._read_shard(shard_of(sid)).get(sid)
        new_status = record["status"]
        if not (catalogue or listed is None or listed["status"] != new_status or new_status != "active"):
            self._write(record, state)
            return
        with self._marked([sid]):
            summary = self._write(record, state)
        self._catalogue_put([summary])
        self._unmark([sid])

    def _new_id(self, taken: set[str]) -> str:
        """A short unique id: the time, then a random suffix; neither stored nor among `taken` (the ids of the
        batch being stored, whose files are not written yet)."""
        while True:
            sid = f"{self.clock().strftime('%Y%m%d%H%M%S')}-{secrets.token_hex(3)}"
            if sid not in taken and signature(self._path(sid)) is None:
                return sid

    def _now(self) -> str:
        """The clock as an ISO time in UTC to the second (a naive clock's time is local, as `datetime.now`)."""
        return self.clock().astimezone(timezone.utc).isoformat(timespec="seconds")

    # -----------------------------------------------------------------------------------------------------
    # Sessions

    def create(self, record: dict) -> str:
        """Store a new session (from `scoring.record.new_record`); assigns an id if it has none; returns it."""
        return self.create_many([record])[0]

    def create_many(self, records: list[dict]) -> list[str]:
        """Store several new sessions with one catalogue write per shard (bulk import); returns their ids."""
        return self._store_new([self._accept(data) for data in records])

    def _store_new(self, accepted: list[tuple[dict, dict]]) -> list[str]:
        """Write checked new sessions (ids given or assigned) and their catalogue entries."""
        with self._locked(write=True):
            ids = set()
            for record, _ in accepted:
                sid = record["id"]
                if sid and (sid in ids or signature(self._path(sid)) is not None):
                    raise RuleError("storage.id_exists", id=sid)
                ids.add(sid)
            for record, _ in accepted:
                record["id"] = record["id"] or self._new_id(ids)
                ids.add(record["id"])
                record["created"] = record["created"] or self._now()
                record["updated"] = record["updated"] or record["created"]
            sids = [record["id"] for record, _ in accepted]
            with self._marked(sids):
                summaries = [self._write(record, state) for record, state in accepted]
            self._catalogue_put(summaries)
            self._unmark(sids)
            return sids

    def load(self, sid: str) -> dict:
        """A copy of the session's record."""
        with self._locked():
            return copy.deepcopy(self._entry(sid)[0])

    def save(self, record: dict) -> None:
        """Replace an existing session's record (checked first; a refused record changes nothing)."""
        with self._locked(write=True):
            self._entry(record.get("id", "") if isinstance(record, dict) else "")
            record, state = self._accept(record)
            self._persist(record, state, catalogue=True)

    def delete(self, sid: str) -> None:
        """Remove a session's file and catalogue entry."""
        with self._locked(write=True):
            path = self._path(sid)
            if signature(path) is None:
                raise RuleError("storage.session_unknown", id=sid)
            with self._marked([sid]):
                path.unlink()
            self._table_path(sid).unlink(missing_ok=True)
            self._forget(sid)
            self._table("drafts").remove(Query().session == sid)
            self._catalogue_drop([sid])
            self._unmark([sid])

    def sessions(self, status: str | None = None, limit: int | None = None, *, game: str | None = None,
                 player: str | None = None) -> list[dict]:
        """Summaries (copies) newest-updated first, all or those with the given status ("active" or
        "finished"), of one game and with one player when given (`narrowed`); only the first `limit` when given,
        so a page of the lists costs the same at any size."""
        with self._locked():
            newest = heapq.merge(*self._listed(status, game, player), key=_UPDATED, reverse=True)
            return [{**summary, "players": list(summary["players"]), "winners": list(summary["winners"])}
                    for summary in islice(newest, limit)]

    def count(self, status: str | None = None, *, game: str | None = None, player: str | None = None) -> int:
        """How many sessions `sessions(status, game=game, player=player)` would list."""
        with self._locked():
            return sum(map(len, self._listed(status, game, player)))

    def _listed(self, status: str | None, game: str | None = None,
                player: str | None = None) -> tuple[list[dict], list[dict]]:
        """The summaries with the status (None: all), of the game and with the player given (`narrowed`), in two
        lists each newest-updated first: active ones from their own files, finished ones from the catalogue
        (sorted once, and narrowed once per game and player, until the catalogue changes)."""
        active, finished = self._listed_all(status)
        if game is None and player is None:
            return active, finished
        if self._narrow is None or self._narrow[0] is not finished or self._narrow[1] != (game, player):
            self._narrow = (finished, (game, player), [s for s in finished if narrowed(s, game, player)])
        return [s for s in active if narrowed(s, game, player)], self._narrow[2]

    def _listed_all(self, status: str | None) -> tuple[list[dict], list[dict]]:
        """The summaries with the status (None: all), in two lists each newest-updated first: active ones from
        their own files, finished ones from the catalogue (sorted once until the catalogue changes)."""
        catalogue = self._read_catalogue()
        if self._order is None or self._order[0] is not catalogue:
            finished = sorted((s for s in catalogue.values() if s["status"] == "finished"), key=_UPDATED,
                              reverse=True)
            self._order = (catalogue, [sid for sid, s in catalogue.items() if s["status"] == "active"], finished)
        _, active_ids, finished = self._order
        live = [self._live_summary(sid) for sid in active_ids]
        active = sorted((s for s in live if s is not None and status in (None, s["status"])), key=_UPDATED,
                        reverse=True)
        return active, finished if status in (None, "finished") else []

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
            if not self.read_only:
                self._catalogue_drop([sid])
            return None
        self._summaries[sid] = (sig, doc["summary"])
        return doc["summary"]

    def stats(self) -> Stats:
        """The statistics index over the finished sessions (built once from the catalogue's summaries, then
        kept up to date by every catalogue write; rebuilt when another process changed the catalogue).

        A finished session whose summary predates totals and ranks is summarised again once (one replay;
        not on a read-only folder, where it is left out).
        """
        with self._locked():
            catalogue = self._read_catalogue()
            if self._stats is None:
                stale = [sid for sid, s in catalogue.items() if s["status"] == "finished" and "ranks" not in s]
                for sid in stale if not self.read_only else []:
                    try:
                        self._catalogue_put([self._write(*self._entry(sid))])
                    except RuleError:
                        continue
                self._stats = Stats(s for s in self._read_catalogue().values() if "ranks" in s)
            return self._stats

    def records(self) -> tuple[list[dict], list[str]]:
        """Copies of every stored session's record that can be read, oldest first (for a backup), and the ids of
        those that cannot (a damaged file, set aside now; a log its game's rules refuse, left in place): one
        such session does not keep the others from a backup."""
        with self._locked():
            catalogue = self._read_catalogue()
            kept, left_out = [], []
            for sid in sorted(catalogue, key=lambda sid: (catalogue[sid]["created"], sid)):
                try:
                    kept.append(copy.deepcopy(self._entry(sid)[0]))
                except RuleError:
                    left_out.append(sid)
            return kept, left_out

    def export(self, sid: str) -> str:
        """The session's record as JSON text (readable Chinese), for a file to keep or share."""
        with self._locked():
            return json.dumps(self._entry(sid)[0], ensure_ascii=False, indent=2)

    def import_text(self, text: str | bytes) -> str:
        """Store an exported session under a new id and return it; refuses bad files, naming the problem.

        Checking and replaying happen before the folder's lock is taken (see the rulings above)."""
        return self.add_import(*self.check_import(plain.loads(text, max_bytes=IMPORT_MAX_BYTES)))

    def add_import(self, record: dict, state: dict) -> str:
        """Store a checked import (`check_import`: the record and its replayed state) under a new id."""
        return self._store_new([({**record, "id": ""}, state)])[0]

    def check_import(self, data: object) -> tuple[dict, dict]:
        """An imported session (parsed plain JSON) checked as every import is — one file or a backup's entry:
        the record's shape, at most `IMPORT_MAX_ACTIONS` actions, real times, a status the replay agrees with,
        a redo stack that replays; the normalised record and its state, or `RuleError`."""
        rec.check_count(data)
        record, state = self._accept(data)
        for key in ("created", "updated"):
            if record[key] and not rec.iso_time(record[key]):
                raise RuleError("storage.import_time_invalid", field=key, value=record[key][:40])
        rec.check_times(record)
        rec.check_status(data, state)
        return record, state

    # -----------------------------------------------------------------------------------------------------
    # Play

    def play(self, sid: str, action: dict, now: str = "", expect: rec.Mark | None = None) -> tuple[dict, dict]:
        """Append one action the engine accepts; a refused or stale action raises `RuleError` and touches no
        file. `expect`: the log's mark as the acting screen showed it (`record.stale` if another came first)."""
        with self._locked(write=True):
            record, before = self._entry(sid)
            record, state, events = rec.play_step(record, before, action, now, expect)
            effects = self._effects(record["game"], events)
            self._persist(record, state)
            self._before[sid] = (record, before)
            for effect in effects:
                effect()
            return record, state

    def _effects(self, game: str, events: list[dict]) -> list[Callable[[], None]]:
        """The side effects an engine asked for (aliases learned from rulings, a game's confirmed profile), each
        checked before anything is written: one the store would refuse refuses the action, which is not logged."""
        effects: list[Callable[[], None]] = []
        for event in events:
            if event.get("type") == "alias_learned":
                prefs.alias(event["a"], event["b"])
                effects.append(lambda e=event: self.add_alias(e["a"], e["b"]))
            elif event.get("type") == "profile":
                prefs.profile(event.get("game", game), event["data"])
                effects.append(lambda e=event: self.set_profile(e.get("game", game), e["data"]))
        return effects

    def undo(self, sid: str, now: str = "", consent: bool = False, expect: rec.Mark | None = None) -> tuple[dict, dict]:
        """Take back the last action (kept for redo); a reveal needs the table's consent. The aliases the action
        taught are forgotten [ruling: a pair it taught was not known to the session when it was ruled; the store
        keeps no owner of a pair, so one another session stored after this session read the store's pairs, and
        this session then ruled again, is forgotten too (rare; the table rules it again when it meets it)]."""
        with self._locked(write=True):
            current = self._entry(sid)[0]
            kept = self._before.get(sid)
            before = kept[1] if kept and kept[0] is current else None
            record, state = rec.undo(current, consent=consent, now=now, expect=expect, before=before)
            self._before.pop(sid, None)
            taught = self._taught(record["game"], state, record["redo"][-1])
            self._persist(record, state)
            for a, b in taught:
                self._table("aliases").remove(((Query().a == a) & (Query().b == b)) |
                                              ((Query().a == b) & (Query().b == a)))
            return record, state

    def redo(self, sid: str, now: str = "", expect: rec.Mark | None = None) -> tuple[dict, dict]:
        """Put back the most recently undone action, and the aliases it taught."""
        with self._locked(write=True):
            before, state_before = self._entry(sid)
            record, state = rec.redo(before, now=now, expect=expect, state=state_before)
            taught = self._taught(record["game"], state_before, before["redo"][-1])
            self._persist(record, state)
            self._before[sid] = (record, state_before)
            for a, b in taught:
                self.add_alias(a, b)
            return record, state

    @staticmethod
    def _taught(game: str, state: dict, action: dict) -> list[tuple[str, str]]:
        """The alias pairs an action teaches when applied to state (the events of its move)."""
        _, events = engine(game).step(state, action)
        return [(e["a"], e["b"]) for e in events if e.get("type") == "alias_learned"]

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
        return TinyDB(self._data_path, storage=AtomicStorage, shape=schema.data_file).table(name)

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
        with self._locked(write=True):
            self._table("players").insert({"name": prefs.player_name(name, self.players())})

    def remove_player(self, name: str) -> None:
        """Remove a name from the roster; RuleError if it is not there."""
        with self._locked(write=True):
            if name not in self.players():
                raise RuleError("storage.player_unknown", name=str(name))
            self._table("players").remove(Query().name == name)

    def aliases(self) -> list[tuple[str, str]]:
        """Learned alias pairs (answers the table ruled the same), oldest first."""
        with self._locked():
            return [(row["a"], row["b"]) for row in self._rows("aliases")]

    def add_alias(self, a: str, b: str) -> None:
        """Learn that two answers are the same (already known in either order: nothing changes)."""
        with self._locked(write=True):
            a, b = prefs.alias(a, b)
            known = self.aliases()
            if (a, b) not in known and (b, a) not in known:
                self._table("aliases").insert({"a": a, "b": b})

    def settings(self) -> dict:
        """The settings, defaults filled in."""
        return {**prefs.DEFAULTS, **self.stored_settings()}

    def stored_settings(self) -> dict:
        """The settings stored in the folder, without the defaults ({} when none was ever set)."""
        with self._locked():
            stored = self._rows("settings")
            return dict(stored[0]) if stored else {}

    def set_setting(self, key: str, value) -> None:
        """Change one setting (RuleError for an unknown key or value)."""
        with self._locked(write=True):
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
        with self._locked(write=True):
            game, data = prefs.profile(game, data)
            self._table("profiles").upsert({"game": game, "data": data}, Query().game == game)

    def draft(self, sid: str, seat: str | None = None) -> dict:
        """The half-entered input (a round, an answer sheet) kept for a session and seat (None: the table's
        shared screen), a copy; {} when there is none."""
        with self._locked():
            key = prefs.draft_seat(seat)
            found = [row["data"] for row in self._rows("drafts")
                     if row.get("session") == sid and row.get("seat") == key]
            return copy.deepcopy(found[0]) if found else {}

    def set_draft(self, sid: str, seat: str | None, data: dict) -> None:
        """Keep a session's draft for a seat, replacing the previous one; an empty dict removes it (RuleError for
        an unknown session, or data that is not a plain-JSON object of at most 20,000 characters)."""
        with self._locked(write=True):
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
        """A copy of session sid's table-mode data (seats, PIN, ...; see `views.table_hub`); {} when there is none.

        An unreadable file is moved aside and listed like any other, and the table starts afresh.
        """
        with self._locked():
            path = self._table_path(sid)
            try:
                doc = read_tables(path, schema.table_file)
            except Unreadable as err:
                self._quarantine(err)
                return {}
            return copy.deepcopy(doc["table"]["1"]) if doc else {}

    def set_table(self, sid: str, data: dict) -> None:
        """Replace session sid's table-mode data (plain JSON); the session must exist."""
        with self._locked(write=True):
            if signature(self._path(sid)) is None:
                raise RuleError("storage.session_unknown", id=str(sid)[:64])
            path = self._table_path(sid)
            path.parent.mkdir(exist_ok=True)
            AtomicStorage(path).write({"table": {"1": copy.deepcopy(data)}})


def _appendable(body: bytes | None, docs: dict[str, dict], entries: dict[str, dict]) -> bool:
    """Whether a shard's JSON text is as `_write_shard` writes it — one table, documents numbered 1, 2, ... in
    order, one per session — so that new entries can be added at its end (`_appended`)."""
    return (body is not None and body.startswith(b'{"sessions":{') and body.endswith(b"}}")
            and len(entries) == len(docs) and all(key == str(i) for i, key in enumerate(docs, start=1)))


def _appended(body: bytes | None, known: dict[str, dict], group: list[dict]) -> bytes | None:
    """A shard's JSON text with the summaries of new sessions added at its end (only they are encoded), or None
    when the shard must be encoded whole: its text is not known, or an entry is replaced."""
    ids = {s["id"] for s in group}
    if body is None or len(ids) < len(group) or not ids.isdisjoint(known):
        return None
    added = b",".join(b'"%d":%s' % (i, dumps(s)) for i, s in enumerate(group, start=len(known) + 1))
    return body[:-2] + (b"," if known else b"") + added + b"}}"


def _check_lengths(record: dict) -> None:
    """Refuse a title or time longer than a stored file may hold (`schema.RECORD_TEXT_MAX`), naming it."""
    for field, limit in schema.RECORD_TEXT_MAX.items():
        if len(record.get(field, "")) > limit:
            raise RuleError("storage.field_too_long", field=field, length=len(record[field]), max=limit)


def _check_redo(record: dict, state: dict) -> None:
    """Refuse a redo stack whose actions, redone last-first, the engine would not accept on top of the log."""
    if not record["redo"]:
        return
    eng = engine(record["game"])
    state = copy.deepcopy(state)
    for index, action in enumerate(reversed(record["redo"])):
        try:
            eng.apply_in_place(state, copy.deepcopy(action))
        except RuleError as err:
            at = len(record["redo"]) - 1 - index
            raise RuleError("storage.import_redo_invalid", index=at, number=at + 1, reason=err.key,
                            reason_params=err.params) from err
