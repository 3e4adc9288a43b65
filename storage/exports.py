"""Records out and in: a finished session for BG Stats, every session as CSV, and a JSON backup that merges back.

Pure functions over records and summaries; `merge_backup` is the one that writes, through the store's public API.

BG Stats ("Push plays to BG Stats from other apps or websites", bgstatsapp.com support page): a play is a JSON
object with `sourceName`, `sourcePlayId`, `playDate` ("YYYY-MM-DD HH:MM:SS", local time), `durationMin`,
`board`, `comments`, `location`, `game` {`name`, `bggId`, `highestWins`, `noPoints`, `sourceGameId`} and
`players` [{`name`, `score`, `rank`, `winner`, `startPlayer`, `role`, `sourcePlayerId`}], URL-encoded into the
`data` parameter of the app's import link. Rulings:
- The start player is the first seat (our records list players in seat order; games that draw a first player
  still seat them in the order they were entered). `sourcePlayerId` is the player's name (our roster has no ids).
- `highestWins` is the game's own direction (`Scoreboard.lower_wins`: false for a score pad set to lowest wins);
  a cooperative game, with no places, reads true.
- The duration runs from the first action to the last (0 when the log has fewer than two timed actions).
- A cooperative game (Solar Storm) has no places: the crew wins or loses together. Its players' `rank` is 0 (BG
  Stats: no rank), and `winner` is the crew's outcome, the same for every player (a crew that won all win).
- A titled score pad (its title names the game it keeps score for, `scoring.record.game_title`: "Azul") is that
  game: its `name` is the title, its `sourceGameId` the pad's id and the title's key (`score_pad:azul`, compared as
  the statistics compare it: case, width and spaces ignored), so BG Stats keeps Azul and Carcassonne apart, and its
  `comments` are empty (the title is its name, not a note); another game's title stays its comments.
- BoardGameGeek ids (`BGG_IDS`): only where we are confident; others are left out (`bggId` 0), and BG Stats
  then matches the game by name. Kingdomino 204583; Pictomania 101785 and Flip 7 420087 are from memory and
  unverified here (no access to BoardGameGeek offline); the rest have none.

Backup: `{"tableside_backup": 1, "sessions": [<record>, …]}`; one whose `tableside_backup` is a later whole number
is refused as made by a newer version (whatever else it holds), saying so rather than that it is no backup. Reading
any imported file (`load_json`) applies `scoring.plain`'s limits, with its refusals, as the command line does: over
`MAX_FILE_BYTES` (said before parsing), nested too deeply, not JSON, a number beyond ±2^53, NaN, a lone surrogate
(the app had stored a seed of 10^30, which the command line then refused in the exported file, and failed with no
message on the others); a backup is refused with keys other than those two, or with any session `check_record`
refuses (naming the session by its position); nothing is stored then. Merging never overwrites: a session whose id
is not in the store keeps its id; one whose id is taken by a different session gets a new id (both are kept); one
that is the very same record as a stored session (or as one earlier in the same backup, or as one an earlier import
stored under a new id) is skipped, so importing the same backup twice adds nothing.

The app's import button takes either kind of file (`import_file`), told apart by shape: a JSON object with a
key of the backup ("tableside_backup" or "sessions") is a backup, anything else is one session, checked as
`Store.import_text` checks it and stored under a new id, unless it is the very same record as a stored session
(under its own id or the id an earlier import gave it): then nothing is stored and that session is the answer
(re-importing an exported game had made a second copy, which the statistics counted twice). The app's exports
that are not for importing are told by their content, not their name, and refused saying what they are: the CSV
of every session (its first line a header it has had, in either language, after a byte-order mark) and a BG
Stats play (an object with BG Stats' `sourceName`, `playDate` and `players`; a session's record has none of the
first two). Any other file
that is neither a backup nor an object with a session's `game` or `players` (another app's JSON, a list) is refused
as no Tableside file, rather than by the first field a session does not have.

Sizes, ruled here once (`refuse_size`): any imported file may be up to `MAX_FILE_BYTES` (a backup of a busy
year is over 4 MiB), which the app checks from the file's size before reading it; one session is refused over
`storage.store.IMPORT_MAX_BYTES`, as `Store.import_text` refuses it, once parsing has told it from a backup.
"""

from __future__ import annotations

import codecs
import csv
import io
import json
from collections import Counter, defaultdict
from datetime import datetime
from typing import Any, Callable
from urllib.parse import quote

from scoring import i18n, names, plain
from scoring import record as rec
from scoring.core import cooperative, engine, game_name
from scoring.errors import RuleError
from storage.stats import Stats, game_key, most_spelled
from storage.store import IMPORT_MAX_BYTES

SOURCE_NAME = "Tableside"
BGSTATS_LINK = "https://app.bgstatsapp.com/addPlay.html?data="
BGG_IDS = {"kingdomino": 204583, "pictomania": 101785, "flip7": 420087}
BACKUP_KEYS = ("tableside_backup", "sessions")
BACKUP_VERSION = 1
MAX_FILE_BYTES = 16 * 1024 * 1024
CSV_COLUMNS = ("session", "game", "status", "started", "finished", "player", "seat", "score", "place", "winner",
               "title", "lowest_wins")  # the columns, named in the word tables (`records.csv.<column>`)
CSV_OLD_HEADERS = tuple(",".join(CSV_COLUMNS[:n]) for n in (12, 11, 10))  # sessions 67-76; before 67; before 65
BGSTATS_KEYS = {"sourceName", "playDate", "players"}


def _local(stamp: str) -> datetime | None:
    """An ISO time as a naive local datetime, or None."""
    try:
        moment = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return None
    return moment.astimezone().replace(tzinfo=None) if moment.tzinfo else moment


def bgstats_play(record: dict, state: dict, game_name: str) -> dict:
    """A finished session as a BG Stats play (the fields that format documents); highestWins is the scoreboard's
    direction (a lowest-wins pad whose winners tied read True when it was guessed from their totals)."""
    board = engine(record["game"]).scoreboard(state)
    totals = {p.name: p.total for p in board.players}
    places = {} if cooperative(record["game"]) else board.places()
    winners = set(board.winners)
    times = [moment for moment in (_local(a.get("at", "")) for a in record["actions"]) if moment]
    started = times[0] if times else _local(record["created"]) or _local(record["updated"])
    duration = int((times[-1] - times[0]).total_seconds() // 60) if len(times) > 1 else 0
    title = rec.game_title(record)
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": record["id"],
        "playDate": started.strftime("%Y-%m-%d %H:%M:%S") if started else "",
        "durationMin": duration,
        "board": "",
        "comments": record.get("title", "") if title is None else "",
        "location": "",
        "game": {"name": game_name if title is None else title, "bggId": BGG_IDS.get(record["game"], 0),
                 "highestWins": not board.lower_wins, "noPoints": False,
                 "sourceGameId": record["game"] if title is None else f"{record['game']}:{names.key(title)}"},
        "players": [{"name": p["name"], "score": totals.get(p["name"], 0), "rank": places.get(p["name"], 0),
                     "winner": p["name"] in winners, "startPlayer": p["seat"] == 1, "role": "",
                     "sourcePlayerId": p["name"]} for p in record["players"]],
    }


def bgstats_link(play: dict) -> str:
    """The link that opens BG Stats' import dialog with the play."""
    return BGSTATS_LINK + quote(json.dumps(play, ensure_ascii=False, separators=(",", ":")), safe="")


def as_text(name: str) -> str:
    """A name as a spreadsheet cell that is text, never a formula: one starting with =, +, -, @ or a tab or
    carriage return gets a leading apostrophe (a player called "=1+1" would be computed, and a crafted name could
    run a command in some spreadsheets)."""
    return f"'{name}" if name[:1] in ("=", "+", "-", "@", "\t", "\r") else name


def csv_header(lang: str) -> list[str]:
    """The CSV's header row in lang."""
    return [i18n.text(lang, f"records.csv.{column}") for column in CSV_COLUMNS]


def csv_headers() -> tuple[str, ...]:
    """Every header line the app's CSV has had: in each language now, and the English machine names before."""
    return tuple(",".join(csv_header(lang)) for lang in i18n.LANGUAGES) + CSV_OLD_HEADERS


def csv_time(stamp: str) -> str:
    """A stored time as the app shows it in lists, local and to the minute ("2026-12-07 22:37"); empty for none."""
    moment = _local(stamp)
    return moment.strftime("%Y-%m-%d %H:%M") if moment else ""


def sessions_csv(summaries: list[dict], lang: str, stats: Stats | None = None) -> str:
    """Every session as CSV, one row per player per session (from the summaries: no replay); player names as
    text (`as_text`). A cooperative game's rows have no place (the crew is not ranked: a lost crew's players read
    place 1 each); its winner column is the crew's outcome, the same on every row. The `title` column is the
    session's title as text (a score pad's game, "Azul"), empty where it has none; `lowest_wins` says yes where the
    lowest total won (a score pad set so: a place 1 beside the lowest score had read as a mistake in a spreadsheet).

    RULING (a Chinese table opened it in WPS and met English headers, "score_pad", machine ids and
    "2026-12-07T22:37:00+00:00"): the CSV is in the language of the phone that exports it: its headers, the game's
    name, the status and yes/no (`records.csv.*` in the word tables); times local, as the app's lists show them
    ("2026-12-07 22:37"); the session column numbers the sessions in the file, oldest first (its rows share the
    number): no column is machine-readable, as nothing reads the CSV back (`is_csv_export` refuses it on import).

    Ruling: a player, and a titled pad's game, are named as the statistics name them (`spelled`, over `stats`: the
    store's index, else one over these summaries), so "Ann", "ann" and "Ａｎｎ" are one player in a spreadsheet's
    pivot as on the statistics screen (the CSV had kept each as typed: three players there, one on the screen)."""
    spelled = spelled_as(summaries, Stats(summaries) if stats is None else stats)
    said = {word: i18n.text(lang, f"records.csv.{word}") for word in ("yes", "no", "status.finished", "status.active")}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(csv_header(lang))
    for number, summary in enumerate(sorted(summaries, key=lambda s: (s.get("created", ""), s["id"])), 1):
        totals = summary.get("totals") or {}
        places = {} if cooperative(summary["game"]) else summary.get("ranks") or {}
        winners = set(summary.get("winners") or [])
        finished = csv_time(summary.get("updated", "")) if summary["status"] == "finished" else ""
        title = summary.get("title", "") if rec.game_title(summary) is None else spelled(game_key(summary), "", True)
        for seat, name in enumerate(summary["players"], 1):
            writer.writerow([number, game_name(lang, summary["game"]), said[f"status.{summary['status']}"],
                             csv_time(summary.get("created", "")), finished, as_text(spelled(names.key(name), name)),
                             seat, totals.get(name, ""), places.get(name, ""),
                             said["yes" if name in winners else "no"], as_text(title),
                             said["yes" if summary.get("lower_wins") else "no"]])
    return out.getvalue()


def spelled_as(summaries: list[dict], stats: Stats) -> Callable[..., str]:
    """How the records name a player or a titled game by its key (`scoring.names.key`, `storage.stats.game_key`):
    as the statistics do, else (one only in unfinished sessions) as most of these summaries spell it (equals in
    code-point order); the fallback given for a key none of them has."""
    typed: dict[tuple[bool, str], Counter] = defaultdict(Counter)
    for summary in summaries:
        title = rec.game_title(summary)
        if title is not None:
            typed[(True, game_key(summary))][title] += 1
        for name in summary["players"]:
            typed[(False, names.key(name))][names.tidy(name)] += 1

    def spelled(key: str, fallback: str, title: bool = False) -> str:
        """The one spelling of a player's key (of a titled game's key where title is true)."""
        if title and stats.titles.get(key):
            return stats.title(key)
        if not title and stats.spellings.get(key):
            return stats.shown(key)
        counts = typed.get((title, key))
        return most_spelled(counts) if counts else fallback

    return spelled


def backup_json(records: list[dict]) -> str:
    """A backup of the given records as JSON text (readable Chinese)."""
    return json.dumps({"tableside_backup": BACKUP_VERSION, "sessions": records}, ensure_ascii=False, indent=1)


def refuse_size(size: int, limit: int = MAX_FILE_BYTES) -> None:
    """Refuse a file of size bytes over limit (by default the largest any import takes, before reading it)."""
    if size > limit:
        raise RuleError("plain.too_large", size=size, max=limit)


def load_json(data: str | bytes) -> Any:
    """The parsed JSON of an imported file; `RuleError` (`scoring.plain`'s) when over `MAX_FILE_BYTES`, not plain
    JSON, or nested too deeply. A byte-order mark before it is ignored (a backup saved again by an editor that
    writes "UTF-8 with BOM", as Windows Notepad did, was refused as damaged)."""
    return plain.loads(data.removeprefix(codecs.BOM_UTF8 if isinstance(data, bytes) else "\ufeff"),
                       max_bytes=MAX_FILE_BYTES)


def is_backup(parsed: Any) -> bool:
    """Whether a parsed file is meant as a backup (an object with a backup's key) rather than one session."""
    return isinstance(parsed, dict) and any(key in parsed for key in BACKUP_KEYS)


def backup_records(parsed: Any, check: Any = rec.check_record) -> list[dict]:
    """The checked, normalised records of a parsed backup (each through `check`: the store's import check when
    importing, so a backup's sessions meet the same rules as a single file); `RuleError` names the first."""
    version = parsed.get("tableside_backup") if isinstance(parsed, dict) else None
    if type(version) is int and version > BACKUP_VERSION:
        raise RuleError("records.backup_newer", version=version, max=BACKUP_VERSION)
    if not isinstance(parsed, dict) or set(parsed) != set(BACKUP_KEYS):
        raise RuleError("records.backup_shape")
    if type(parsed["tableside_backup"]) is not int or parsed["tableside_backup"] != BACKUP_VERSION \
            or not isinstance(parsed["sessions"], list):  # true == 1 and 1.0 == 1 in Python: neither is a version
        raise RuleError("records.backup_shape")
    records = []
    for index, data in enumerate(parsed["sessions"], 1):
        try:
            records.append(check(data))
        except RuleError as err:
            raise RuleError("records.backup_session", index=index, reason=err.key, reason_params=err.params) from err
    return records


def parse_backup(data: str | bytes) -> list[dict]:
    """The checked, normalised records of a backup file; `RuleError` names the first problem."""
    return backup_records(load_json(data))


def _alike(game: str, players: list[str], created: str) -> tuple:
    """What a session is looked up by among the stored ones before its whole record is compared."""
    return game, tuple(players), created


def _stored_alike(summaries: list[dict]) -> dict[tuple, list[str]]:
    """The stored sessions' ids by game, players and start."""
    found: dict[tuple, list[str]] = {}
    for s in summaries:
        found.setdefault(_alike(s["game"], s["players"], s.get("created")), []).append(s["id"])
    return found


def _copy_apart_from_id(store: Any, stored: dict[tuple, list[str]], record: dict) -> str | None:
    """The id of a stored session that is this record under another id (an earlier import of it that took a new
    id), if any; only sessions of the same game, players and start are loaded to compare."""
    alike = stored.get(_alike(record["game"], [p["name"] for p in record["players"]], record["created"]), [])
    return next((sid for sid in alike if {**store.load(sid), "id": ""} == {**record, "id": ""}), None)


def stored_copy(store: Any, record: dict) -> str | None:
    """The id of the stored session that is this very record (under its own id or another), if any."""
    summaries = store.sessions()
    sid = record["id"]
    if sid and sid in {s["id"] for s in summaries} and store.load(sid) == record:
        return sid
    return _copy_apart_from_id(store, _stored_alike(summaries), record)


def merge_backup(store: Any, records: list[dict]) -> dict:
    """Store a backup's records without overwriting anything.

    Returns {"added": [ids of every session stored], "renamed": {backup id: new id} for those whose id was
    taken by a different session, "skipped": [ids of sessions already there]}."""
    summaries = store.sessions()
    known, stored = {s["id"] for s in summaries}, _stored_alike(summaries)
    fresh, skipped, renamed, taken = [], [], [], {}
    for record in records:
        sid = record["id"]
        same_id = sid and (taken.get(sid) == record or sid in known and store.load(sid) == record)
        if same_id or _copy_apart_from_id(store, stored, record) is not None:
            skipped.append(sid)
            continue
        if sid and (sid in known or sid in taken):
            renamed.append((len(fresh), sid))
            record = {**record, "id": ""}
        else:
            taken[sid] = record
        fresh.append(record)
    added = store.create_many(fresh) if fresh else []
    return {"added": added, "renamed": {old: added[at] for at, old in renamed}, "skipped": skipped}


def is_csv_export(data: str | bytes) -> bool:
    """Whether a file is the CSV of every session (`sessions_csv`): its first line is a header it has had
    (`csv_headers`: in either language, or the old English one; after a byte-order mark; a spreadsheet may have
    ended it with a carriage return)."""
    headers = csv_headers()
    head = data[:max(len(header.encode("utf-8")) for header in headers) + 8]
    text = head if isinstance(head, str) else bytes(head).decode("utf-8", "replace")
    return text.lstrip("\ufeff").splitlines()[:1] in ([header] for header in headers)


def is_bgstats_play(parsed: Any) -> bool:
    """Whether a parsed file is a BG Stats play (`bgstats_play`'s, or another app's)."""
    return isinstance(parsed, dict) and BGSTATS_KEYS <= set(parsed)


def import_file(store: Any, data: str | bytes) -> dict:
    """Import a picked file, a backup or one session (told apart by shape).

    A backup: {"kind": "backup", **merge_backup(...)}; one session: {"kind": "session", "id": its new id, or the
    stored copy's with "already": True}; the CSV export, a BG Stats play or another app's file is refused as such."""
    if is_csv_export(data):
        raise RuleError("records.import_csv")
    parsed = load_json(data)
    if is_backup(parsed):
        checked = backup_records(parsed, lambda data: store.check_import(data)[0])
        return {"kind": "backup", **merge_backup(store, checked)}
    if is_bgstats_play(parsed):
        raise RuleError("records.import_bgstats")
    if not isinstance(parsed, dict) or not {"game", "players"} & set(parsed):
        raise RuleError("records.import_unknown")
    refuse_size(len(data.encode("utf-8") if isinstance(data, str) else data), IMPORT_MAX_BYTES)
    record, state = store.check_import(parsed)
    same = stored_copy(store, record)
    if same is not None:
        return {"kind": "session", "id": same, "already": True}
    return {"kind": "session", "id": store.add_import(record, state)}
