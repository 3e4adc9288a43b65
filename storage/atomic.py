"""Crash-safe files: atomic writes, a TinyDB storage built on them, checksums, and quarantine of unreadable files.

A write goes to a temporary file in the same folder, is flushed and fsynced, then renamed over the old file with
`os.replace` (and the folder is fsynced), so a crash leaves either the old file or the new one, never half of
one; a failed write removes its temporary file.

File format (schema 2): `{"schema":2,"sum":"<sha256 of T>","tables":T}` with exactly that header, where T is the
JSON text of the TinyDB tables. On read the checksum of T is verified before T is parsed, so a changed byte
anywhere in the content (a flipped digit, a truncated write by another program) is found instead of silently
read. Files of schema 1 (`{"schema": 1, <tables>}`, written before checksums) are still read, without a
checksum, and are rewritten as schema 2 on their next write. `read_body` gives T as read and `seal` makes file
bytes of a T, so a caller that keeps T (the catalogue's shards) can extend it without encoding it anew.

A file that cannot be read raises `Unreadable`, whose `kind` names the problem (`not_utf8`, `not_json`,
`not_object`, `schema`, `checksum`, `shape`, `id_mismatch`) and `detail` says where; a `shape` check (what the
tables must hold) can be given to `AtomicStorage`, so every read is checked against its file's schema.
`quarantine` moves a bad file aside under a timestamped name so that nothing ever overwrites it.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
from datetime import datetime
from pathlib import Path
from typing import Any, Callable

from tinydb.storages import Storage

SCHEMA = 2
LEGACY_SCHEMA = 1
SCHEMA_KEY = "schema"
HEADER = re.compile(rb'\A\{"schema":2,"sum":"([0-9a-f]{64})","tables":')
KINDS = ("not_utf8", "not_json", "not_object", "schema", "checksum", "shape", "id_mismatch")

Shape = Callable[[dict[str, dict[str, Any]]], None]


class Unreadable(Exception):
    """A data file that cannot be read as a Tableside TinyDB file: `kind` (one of KINDS) and `detail`."""

    def __init__(self, path: Path, kind: str, detail: str = "") -> None:
        self.path = Path(path)
        self.kind = kind
        self.detail = detail
        super().__init__(f"{path}: {self.reason}")

    @property
    def reason(self) -> str:
        """The problem in plain (log) words: kind and detail."""
        return f"{self.kind.replace('_', ' ')}" + (f" ({self.detail})" if self.detail else "")


class ShapeError(ValueError):
    """Raised by a shape check: `where` names the wrong value (e.g. `sessions.3.updated`)."""

    def __init__(self, where: str, problem: str = "wrong") -> None:
        super().__init__(f"{where}: {problem}")
        self.where = where
        self.problem = problem


def write_atomic(path: Path, text: str | bytes) -> None:
    """Replace the file at path with text: temp file in the same folder, fsync, rename, fsync the folder."""
    path = Path(path)
    data = text.encode("utf-8") if isinstance(text, str) else text
    temp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    fsync_folder(path.parent)


def fsync_folder(folder: Path) -> None:
    """Make a rename (or a new or removed name) in the folder durable."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def is_temp(path: Path) -> bool:
    """Whether path is a temporary file left by an interrupted `write_atomic`."""
    return path.name.startswith(".") and path.name.endswith(".tmp")


def signature(path: Path) -> tuple | None:
    """What changes whenever the file is replaced (inode, time, size), or None if there is no file."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return st.st_ino, st.st_mtime_ns, st.st_size


def _parse(path: Path, text: bytes) -> Any:
    """JSON from UTF-8 bytes; NaN/Infinity, over-deep nesting and over-long numbers count as not JSON."""
    try:
        return json.loads(text.decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError as err:
        raise Unreadable(path, "not_utf8", f"byte {err.start}") from err
    except json.JSONDecodeError as err:
        raise Unreadable(path, "not_json", f"{err.msg}, line {err.lineno} column {err.colno}") from err
    except (ValueError, RecursionError) as err:
        raise Unreadable(path, "not_json", type(err).__name__) from err


def _no_constant(name: str) -> Any:
    """Refuse NaN and Infinity, which are not JSON."""
    raise ValueError(f"{name} is not JSON")


def decode(path: Path, raw: bytes) -> tuple[dict[str, dict[str, Any]], bytes | None]:
    """The TinyDB tables held in a file's bytes, checksum verified, and their JSON text as written (None in a
    schema-1 file); raises `Unreadable` naming what is wrong."""
    head = HEADER.match(raw)
    body = None
    if head:
        body = raw[head.end():-1]
        if not raw.endswith(b"}") or hashlib.sha256(body).hexdigest() != head.group(1).decode():
            raise Unreadable(path, "checksum")
        tables = _parse(path, body)
        if not isinstance(tables, dict):
            raise Unreadable(path, "not_object")
    else:
        data = _parse(path, raw)
        if not isinstance(data, dict):
            raise Unreadable(path, "not_object")
        if data.get(SCHEMA_KEY) == SCHEMA:
            raise Unreadable(path, "checksum", "not in the written form")
        if data.get(SCHEMA_KEY) != LEGACY_SCHEMA:
            raise Unreadable(path, "schema", repr(data.get(SCHEMA_KEY)))
        tables = {k: v for k, v in data.items() if k != SCHEMA_KEY}
    for name, table in tables.items():
        if not isinstance(table, dict) or not all(isinstance(doc, dict) for doc in table.values()):
            raise Unreadable(path, "shape", f"table {name!r} is not a set of documents")
    return tables, body


def dumps(value: Any) -> bytes:
    """JSON bytes as the files hold them: compact, Chinese left readable, no NaN."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")


def seal(body: bytes) -> bytes:
    """The file bytes for the JSON text of TinyDB tables (as `dumps` writes it): header with schema and checksum."""
    return b'{"schema":2,"sum":"' + hashlib.sha256(body).hexdigest().encode() + b'","tables":' + body + b"}"


def encode(tables: dict[str, dict[str, Any]]) -> bytes:
    """The file bytes for TinyDB tables."""
    if SCHEMA_KEY in tables:
        raise ValueError(f"a table may not be called {SCHEMA_KEY!r}")
    return seal(dumps(tables))


def read_body(path: Path, shape: Shape | None = None) -> tuple[dict[str, dict[str, Any]], bytes | None] | None:
    """The checked tables of a file and their JSON text as written (None in a schema-1 file), or None when there
    is no file; raises `Unreadable`."""
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        return None
    tables, body = decode(path, raw)
    if shape is not None:
        try:
            shape(tables)
        except ShapeError as err:
            raise Unreadable(path, "shape", str(err)) from err
    return tables, body


def read_tables(path: Path, shape: Shape | None = None) -> dict[str, dict[str, Any]] | None:
    """The checked tables of a file, or None when there is no file; raises `Unreadable`."""
    found = read_body(path, shape)
    return found[0] if found is not None else None


class AtomicStorage(Storage):
    """A TinyDB storage that writes atomically, verifies checksums and the file's shape on every read, and
    refuses files it cannot read (raises `Unreadable`)."""

    def __init__(self, path: str | Path, shape: Shape | None = None) -> None:
        """Remember the path and the shape check; nothing is created until the first write."""
        super().__init__()
        self.path = Path(path)
        self.shape = shape

    def read(self) -> dict[str, dict[str, Any]] | None:
        """The tables in the file, or None when there is no file yet."""
        return read_tables(self.path, self.shape)

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        """Replace the file with these tables, atomically."""
        write_atomic(self.path, encode(data))

    def close(self) -> None:
        """Nothing stays open between calls."""


def quarantine(path: Path, when: datetime) -> Path:
    """Move an unreadable file aside to `<name>.corrupt-<YYYYmmddTHHMMSS>` (never replacing anything).

    Callers hold the store's lock, so no one creates the target between the check and the rename.
    """
    path = Path(path)
    base = path.with_name(f"{path.name}.corrupt-{when.strftime('%Y%m%dT%H%M%S')}")
    target, n = base, 1
    while True:
        if not target.exists():
            os.rename(path, target)
            return target
        n += 1
        target = base.with_name(f"{base.name}-{n}")
