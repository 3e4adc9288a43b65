"""Crash-safe files: atomic writes, a TinyDB storage built on them, and quarantine of unreadable files.

A write goes to a temporary file in the same folder, is flushed and fsynced, then renamed over the old file with
`os.replace` (and the folder is fsynced), so a crash leaves either the old file or the new one, never half of
one; a failed write removes its temporary file. Every file carries a schema version (`"schema": 1` beside the
TinyDB tables). A file that cannot be read (not UTF-8, not JSON, wrong schema, not TinyDB tables) raises
`Unreadable`; `quarantine` moves it aside under a timestamped name so that nothing ever overwrites it.
"""

from __future__ import annotations

import json
import os
import secrets
from datetime import datetime
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

SCHEMA = 1
SCHEMA_KEY = "schema"


class Unreadable(Exception):
    """A data file that cannot be read as a Tableside TinyDB file; `reason` says why, in plain words."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = Path(path)
        self.reason = reason


def write_atomic(path: Path, text: str) -> None:
    """Replace the file at path with text: temp file in the same folder, fsync, rename, fsync the folder."""
    path = Path(path)
    temp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        with os.fdopen(fd, "wb") as handle:
            handle.write(text.encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    _fsync_folder(path.parent)


def _fsync_folder(folder: Path) -> None:
    """Make a rename in the folder durable."""
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


def decode(path: Path, raw: bytes) -> dict[str, dict[str, Any]]:
    """The TinyDB tables held in a file's bytes; raises `Unreadable` naming what is wrong."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as err:
        raise Unreadable(path, f"not UTF-8 text (byte {err.start})") from err
    except json.JSONDecodeError as err:
        raise Unreadable(path, f"not JSON ({err.msg}, line {err.lineno} column {err.colno})") from err
    if not isinstance(data, dict):
        raise Unreadable(path, "not a JSON object")
    if data.get(SCHEMA_KEY) != SCHEMA:
        raise Unreadable(path, f"schema {data.get(SCHEMA_KEY)!r} instead of {SCHEMA}")
    tables = {k: v for k, v in data.items() if k != SCHEMA_KEY}
    for name, table in tables.items():
        if not isinstance(table, dict) or not all(isinstance(doc, dict) for doc in table.values()):
            raise Unreadable(path, f"table {name!r} is not a set of documents")
    return tables


def encode(tables: dict[str, dict[str, Any]]) -> str:
    """The file text for TinyDB tables, schema first, Chinese left readable."""
    if SCHEMA_KEY in tables:
        raise ValueError(f"a table may not be called {SCHEMA_KEY!r}")
    return json.dumps({SCHEMA_KEY: SCHEMA, **tables}, ensure_ascii=False, separators=(",", ":"))


class AtomicStorage(Storage):
    """A TinyDB storage that writes atomically and refuses files it cannot read (raises `Unreadable`)."""

    def __init__(self, path: str | Path) -> None:
        """Remember the path; nothing is created until the first write."""
        super().__init__()
        self.path = Path(path)

    def read(self) -> dict[str, dict[str, Any]] | None:
        """The tables in the file, or None when there is no file yet."""
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        return decode(self.path, raw)

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
