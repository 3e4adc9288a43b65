"""What an imported file did, said in the player's language: one session opens (one already here opens the
stored copy and says so, nothing added); a backup says how many sessions it added, how many of those took a new
id beside a different stored session with the same id (both kept), and how many were already here and skipped; a
refused file says why, and nothing was stored.

A file that is not JSON is called damaged or not a Tableside file ("JSON" means little to a player; the command
line keeps `plain.not_json`'s words) and says where, in the player's language: the line and column where the
parser stopped, or the first byte that is not UTF-8 (counted from 1), read from the parser's error the refusal was
raised from; the parser's own message (English) stays out of the dialog. A file over a size limit says its size and
the limit in MB, not in bytes ("5242919 bytes, at most 4194304"), its size rounded up to a tenth (a file a byte
over 16 MB read "16.0 MB, at most 16 MB").

The import itself is `storage.exports.import_file` (a backup or one session, told apart by shape)."""

from __future__ import annotations

import json
import math
from typing import Any

from scoring.core import RuleError
from views import words

MB = 1024 * 1024


def position(lang: str, cause: BaseException | None) -> str | None:
    """Where a parser stopped reading a file, in words (None for another cause)."""
    if isinstance(cause, json.JSONDecodeError):
        return words.say(lang, "app.import_position", line=cause.lineno, column=cause.colno)
    if isinstance(cause, UnicodeDecodeError):
        return words.say(lang, "app.import_not_utf8", byte=cause.start + 1)
    return None


def megabytes(size: int) -> str:
    """A file's size in MB, rounded up to a tenth (a file over a limit never reads as the limit)."""
    return f"{math.ceil(size * 10 / MB) / 10:.1f}"


def reason(lang: str, err: RuleError) -> str:
    """A refusal in words (a file that is not JSON as damaged, a parser's detail as the place it stopped); a
    refusal inside it (a backup's refused session, a session's refused action) in words too (`reason_params`,
    `scoring.i18n.NESTED`); a size over a limit in MB."""
    if err.key == "plain.too_large":
        return words.say(lang, "app.import_large", size=megabytes(err.params["size"]), max=err.params["max"] // MB)
    key = "app.import_damaged" if err.key == "plain.not_json" else err.key
    where = position(lang, err.__cause__) if "detail" in err.params else None
    return words.say(lang, key, **({**err.params, "detail": where} if where is not None else err.params))


def refused(app: Any, name: str, err: RuleError) -> None:
    """A file that was not imported: a dialog with the file's name and the reason."""
    app.alert(app.t("app.import_failed", file=name), reason(app.lang, err))


def summary(lang: str, outcome: dict) -> str:
    """A backup's outcome in words: added, added under a new id, skipped."""
    lines = [words.say(lang, "records.imported_backup", added=len(outcome["added"]),
                       skipped=len(outcome["skipped"]))]
    if outcome["renamed"]:
        lines.append(words.say(lang, "records.imported_renamed", renamed=len(outcome["renamed"])))
    return "\n".join(lines)


def report(app: Any, name: str, outcome: dict) -> None:
    """Say what an import did: a session opens; a backup's counts stay on screen until dismissed."""
    if outcome["kind"] == "session":
        sid = outcome["id"]
        app.notify("app.imported_already" if outcome.get("already") else "app.imported", {"file": name})
        app.go(f"/history/{sid}" if app.store.load(sid)["status"] == "finished" else f"/play/{sid}")
        return
    app.alert(app.t("records.imported_title", file=name), summary(app.lang, outcome))
    app.render()
