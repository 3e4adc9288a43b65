"""Records out and in: a finished session as a BG Stats play (the fields its documented format lists), every
session as CSV, and a JSON backup that merges back without overwriting and refuses hostile files."""

from __future__ import annotations

import codecs
import csv
import io
import json
import tempfile
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import unquote

import flet as ft
import pytest

from scoring.core import RuleError, engine
from scoring.record import new_record
from storage import Store, exports
from storage.store import IMPORT_MAX_BYTES
from tests.helpers import run_async
from views import imported, importer, words
from views.components.scoreboard import places

PLAY_KEYS = {"sourceName", "sourcePlayId", "playDate", "durationMin", "board", "comments", "location", "game",
             "players"}
GAME_KEYS = {"name", "bggId", "highestWins", "noPoints", "sourceGameId"}
PLAYER_KEYS = {"name", "score", "rank", "winner", "startPlayer", "role", "sourcePlayerId"}


def csv_rows(summaries: list[dict], stats=None) -> list[dict]:
    """The English CSV of these sessions, each row by its column's id (`exports.CSV_COLUMNS`)."""
    rows = list(csv.reader(io.StringIO(exports.sessions_csv(summaries, "en", stats))))
    return [dict(zip(exports.CSV_COLUMNS, row)) for row in rows[1:]]


@pytest.fixture
def store(tmp_path):
    """A store with one finished score pad session played over 25 minutes."""
    with Store(tmp_path / "data") as s:
        sid = s.create(new_record("score_pad", ["Ann", "小明"], now="2026-03-01T20:00:00+00:00"))
        s.play(sid, {"type": "round", "by": "table", "scores": {"Ann": 12, "小明": 30}}, "2026-03-01T20:05:00+00:00")
        s.play(sid, {"type": "finish", "by": "table"}, "2026-03-01T20:30:00+00:00")
        yield s


def test_a_titled_score_pads_bgstats_play_is_of_its_game(store):
    """A score pad kept for Azul went to BG Stats as "Score pad" (sourceGameId score_pad, the title a comment), so
    BG Stats filed every pad as one game. Now the game's name is the title, its source id the pad's with the
    title's key; an untitled pad, and another game's title (a comment), are as before. The CSV says the title in
    its last column (every pad's game there is score_pad)."""
    sid = store.sessions()[0]["id"]
    for title in ("Azul", " ａzul "):
        store.save({**store.load(sid), "title": title})
        play = exports.bgstats_play(store.load(sid), store.state(sid), "Score pad")
        assert play["game"]["name"] == title.strip() and play["game"]["sourceGameId"] == "score_pad:azul"
        assert play["comments"] == "" and play["game"]["highestWins"] and play["players"][1]["winner"]
    assert {r["title"] for r in csv_rows(store.sessions())} == {"ａzul"}  # every pad's game is the score pad
    rummy = new_record("rummy", ["Ann", "Bo"], title="Friday")
    play = exports.bgstats_play(rummy, engine("rummy").new_state(["Ann", "Bo"], rummy["options"], 0), "Rummy")
    assert (play["game"]["name"], play["game"]["sourceGameId"], play["comments"]) == ("Rummy", "rummy", "Friday")


def test_bgstats_play_has_the_documented_fields(store):
    """Exactly the documented keys with their types; 小明 (30) wins rank 1, Ann starts (seat 1), 25 minutes."""
    sid = store.sessions()[0]["id"]
    play = exports.bgstats_play(store.load(sid), store.state(sid), "Score pad")
    assert set(play) == PLAY_KEYS and set(play["game"]) == GAME_KEYS
    assert all(set(p) == PLAYER_KEYS for p in play["players"])
    assert play["sourceName"] == "Tableside" and play["sourcePlayId"] == sid
    assert play["durationMin"] == 25
    assert len(play["playDate"]) == 19 and play["playDate"][4] == "-" and play["playDate"][13] == ":"
    assert play["game"] == {"name": "Score pad", "bggId": 0, "highestWins": True, "noPoints": False,
                            "sourceGameId": "score_pad"}
    by_name = {p["name"]: p for p in play["players"]}
    assert (by_name["小明"]["score"], by_name["小明"]["rank"], by_name["小明"]["winner"]) == (30, 1, True)
    assert (by_name["Ann"]["startPlayer"], by_name["小明"]["startPlayer"]) == (True, False)
    link = exports.bgstats_link(play)
    assert link.startswith(exports.BGSTATS_LINK)
    assert json.loads(unquote(link[len(exports.BGSTATS_LINK):])) == play
    assert exports.BGG_IDS["kingdomino"] == 204583


def test_csv_has_one_row_per_player_per_session(store, tmp_path):
    """Header, then a row for each seat of each session, unfinished sessions included."""
    store.create(new_record("score_pad", ["A", "B", "C"], now="2026-03-02T20:00:00"))
    rows = csv_rows(store.sessions())
    assert len(rows) == 5
    assert [(r["player"], r["score"], r["place"], r["winner"]) for r in rows[:2]] == [
        ("Ann", "12", "2", "no"), ("小明", "30", "1", "yes")]
    assert rows[2]["status"] == "In progress" and rows[2]["finished"] == "" and {r["title"] for r in rows} == {""}


CSV_WORDS = {
    "en": (["Session", "Game", "Status", "Started", "Finished", "Player", "Seat", "Score", "Place", "Winner",
            "Title", "Lowest wins"],
           [["1", "Score pad", "Finished", "2026-03-02 04:00", "2026-03-02 04:30", "Ann", "1", "12", "2", "no", "",
             "no"],
            ["1", "Score pad", "Finished", "2026-03-02 04:00", "2026-03-02 04:30", "小明", "2", "30", "1", "yes", "",
             "no"],
            ["2", "Score pad", "In progress", "2026-03-03 04:00", "", "A", "1", "0", "1", "no", "", "yes"]]),
    "zh-CN": (["对局", "游戏", "状态", "开始", "结束", "玩家", "座位", "得分", "名次", "获胜", "标题", "低分获胜"],
              [["1", "通用计分板", "已结束", "2026-03-02 04:00", "2026-03-02 04:30", "Ann", "1", "12", "2", "否", "", "否"],
               ["1", "通用计分板", "已结束", "2026-03-02 04:00", "2026-03-02 04:30", "小明", "2", "30", "1", "是", "", "否"],
               ["2", "通用计分板", "进行中", "2026-03-03 04:00", "", "A", "1", "0", "1", "否", "", "是"]]),
}



@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_the_csv_reads_in_the_phones_language_with_the_apps_dates(store, lang, shanghai):
    """A Chinese table opened the CSV in WPS and met English headers, "score_pad" for the game, a session's
    machine id and "2026-03-01T20:00:00+00:00". The CSV is in the language of the phone that exported it: its
    headers, the game's name, the status and yes/no; dates local and as the app shows them ("2026-03-02 04:00" in
    Shanghai); sessions numbered in the file, oldest first (the rows of one session share its number)."""
    store.create(new_record("score_pad", ["A"], {"lower_wins": True}, now="2026-03-02T20:00:00+00:00"))
    rows = list(csv.reader(io.StringIO(exports.sessions_csv(store.sessions(), lang))))
    header, body = CSV_WORDS[lang]
    assert rows == [header, *body]
    assert exports.is_csv_export(exports.sessions_csv(store.sessions(), lang).encode("utf-8-sig"))


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_a_csv_picked_to_import_in_either_language_changes_nothing(store, lang):
    """The CSV exported in either language, and the old English CSV (its machine header: sessions 64-76), is
    recognised when picked to import (as saved, and as a spreadsheet saves it again with CRLF): it is refused as
    the CSV, saying what to pick instead, and the statistics are as they were (nothing stored, nothing lost)."""
    new = exports.sessions_csv(store.sessions(), lang)
    old = ",".join(exports.CSV_COLUMNS) + "\n" + new.split("\n", 1)[1]
    before = (store.stats().players(), store.stats().player("Ann"), store.stats().game("score_pad"))
    with Store(store.folder.parent / "other") as other:
        for text in (new, old):
            for data in (text.encode("utf-8-sig"), text.replace("\n", "\r\n").encode("utf-8-sig"), text):
                for into in (store, other):
                    with pytest.raises(RuleError) as refused:
                        exports.import_file(into, data)
                    assert refused.value.key == "records.import_csv"
        assert other.sessions() == []
    assert (store.stats().players(), store.stats().player("Ann"), store.stats().game("score_pad")) == before


def test_the_csv_names_a_player_and_a_titled_game_as_the_statistics_do(store):
    """Ann, ann and the full-width Ａｎｎ are one player on the statistics screen, and "Azul" / " azul " one game;
    the CSV kept each as typed, so a spreadsheet's pivot split them into three players and two games. Now every
    row names them as the statistics do (`names.key` for both); a player only in unfinished sessions (Bo, bo, Bo)
    is one spelling too (the commonest). Scores, places and seats stay each session's own."""
    for name, title in (("ann", "Azul"), ("Ａｎｎ", " azul ")):
        sid = store.create(new_record("score_pad", [name, "小明"], now="2026-03-02T20:00:00+00:00", title=title))
        store.play(sid, {"type": "round", "by": "table", "scores": {name: 5, "小明": 1}}, "2026-03-02T20:01:00+00:00")
        store.play(sid, {"type": "finish", "by": "table"}, "2026-03-02T20:02:00+00:00")
    for name in ("Bo", "bo", "Bo"):
        store.create(new_record("score_pad", [name, "小明 "], now="2026-03-03T20:00:00+00:00"))
    stats = store.stats()
    for rows in (csv_rows(store.sessions(), stats), csv_rows(store.sessions())):
        assert {r["player"] for r in rows} == {*stats.players(), "Bo"} == {"Ann", "小明", "Bo"}
        assert [r["title"] for r in rows if r["title"]] == [stats.title("score_pad:azul")] * 4
        assert [(r["player"], r["score"], r["seat"]) for r in rows if r["score"] == "5"] == [("Ann", "5", "1")] * 2


def test_backup_merges_without_overwriting(store, tmp_path):
    """Into an empty store ids are kept; the same backup again adds nothing; a changed session whose id is
    taken gets a new id and the stored one is untouched."""
    text = exports.backup_json(store.records()[0])
    with Store(tmp_path / "other") as other:
        first = exports.merge_backup(other, exports.parse_backup(text))
        assert first == {"added": [s["id"] for s in store.sessions()], "renamed": {}, "skipped": []}
        assert exports.merge_backup(other, exports.parse_backup(text)) == {"added": [], "renamed": {},
                                                                           "skipped": first["added"]}
        changed = json.loads(text)
        changed["sessions"][0]["title"] = "Friday"
        result = exports.merge_backup(other, exports.parse_backup(json.dumps(changed)))
        assert len(result["added"]) == 1 and result["added"][0] != first["added"][0]
        assert result["renamed"] == {first["added"][0]: result["added"][0]} and result["skipped"] == []
        assert "title" not in other.load(first["added"][0])
        assert other.load(result["added"][0])["title"] == "Friday"


@pytest.mark.parametrize("text, key", [
    ("x" * (exports.MAX_FILE_BYTES + 1), "plain.too_large"),
    ("[" * 100_000 + "]" * 100_000, "plain.too_deep"),
    ("[" * 40 + "]" * 40, "plain.too_deep"),
    (json.dumps({"tableside_backup": 1, "sessions": [], "extra": 1}), "records.backup_shape"),
    (json.dumps({"tableside_backup": 2, "sessions": []}), "records.backup_newer"),
    (json.dumps({"tableside_backup": 2, "sessions": [], "devices": []}), "records.backup_newer"),
    (json.dumps({"tableside_backup": True, "sessions": []}), "records.backup_shape"),  # true is no version
    (json.dumps({"tableside_backup": 1.0, "sessions": []}), "records.backup_shape"),
    (json.dumps({"tableside_backup": 1, "sessions": [{"game": "score_pad", "players": ["A"], "evil": 1}]}),
     "records.backup_session"),
    ("{not json", "plain.not_json"),
])
def test_hostile_backups_are_refused_and_nothing_changes(store, text, key):
    """Too large, too deep, unknown keys, a refused session, not JSON: a clear error and the store as it was."""
    before = store.sessions()
    with pytest.raises(RuleError) as refused:
        exports.merge_backup(store, exports.parse_backup(text))
    assert refused.value.key == key
    assert store.sessions() == before


def test_a_backup_from_a_newer_version_says_so_in_both_languages():
    """A backup of format 2 read "This is not a Tableside backup (it needs exactly "tableside_backup": 1 and
    "sessions")"; it now says it was made by a newer version, in both languages."""
    with pytest.raises(RuleError) as refused:
        exports.parse_backup(json.dumps({"tableside_backup": 2, "sessions": [], "devices": []}))
    assert imported.reason("en", refused.value) == ("This backup was made by a newer version of Tableside (backup "
                                                   "format 2; this version reads format 1). Update Tableside to "
                                                   "import it.")
    assert imported.reason("zh-CN", refused.value) == (
        "这个备份由更新版本的桌边记分制作（备份格式第 2 版，本版本只能读取第 1 版）。请更新桌边记分后再导入。")


def test_a_session_from_a_newer_version_says_so_in_words(store):
    """A session file of a later format read "This file uses schema 2, which this version cannot read." ("schema"
    means little to a player); it now says format, and that it may come from a newer version; nothing is stored."""
    sid = store.sessions()[0]["id"]
    before = snapshot_of(store)
    with pytest.raises(RuleError) as refused:
        exports.import_file(store, json.dumps({**json.loads(store.export(sid)), "schema": 2}))
    assert snapshot_of(store) == before
    assert imported.reason("en", refused.value) == ("This file uses format 2, which this version of Tableside "
                                                   "cannot read: it may come from a newer version.")
    assert imported.reason("zh-CN", refused.value) == "此文件使用第 2 版格式，当前版本的桌边记分无法读取：它可能来自更新的版本。"


def test_a_refused_session_is_named_by_position():
    """The error says which session and why (check_record's key: the unknown field)."""
    good = new_record("score_pad", ["A"])
    text = json.dumps({"tableside_backup": 1, "sessions": [good, {**good, "evil": 1}]})
    with pytest.raises(RuleError) as refused:
        exports.parse_backup(text)
    assert refused.value.params["index"] == 2 and refused.value.params["reason"] == "record.field_unknown"


def test_a_refused_action_reads_whole_alone_and_inside_a_backup(store):
    """Session 46's tour: a session whose action the engine refuses read "Action 0 was refused: {name}'s points
    must be … not “{points}”.." (its reason's parameters unfilled, counted from 0, two full stops), and a backup
    holding it raised KeyError (the two `index` parameters collided): nothing was said at all. Both now say the
    refusal inside in words, the action counted as the log counts, in both languages; nothing is stored."""
    record = new_record("score_pad", ["Ann", "Bo"])
    record["actions"] = [{"type": "round", "by": "table", "scores": {"Ann": "ten", "Bo": 3}}]
    said, before = {}, store.sessions()
    for text in (json.dumps(record), json.dumps({"tableside_backup": 1, "sessions": [record]})):
        with pytest.raises(RuleError) as refused:
            exports.import_file(store, text)
        said[refused.value.key] = {lang: imported.reason(lang, refused.value) for lang in ("en", "zh-CN")}
    points = "Ann's points must be a whole number between -10000 and 10000, not “ten”."
    assert said["record.action_refused"]["en"] == f"Action 1 was refused: {points}"
    assert said["records.backup_session"]["en"] == \
        f"Session 1 of the backup was refused: Action 1 was refused: {points} Nothing was imported."
    assert said["record.action_refused"]["zh-CN"] == "第 1 个动作被拒绝：Ann 的得分必须是 -10000 到 10000 之间的整数，而不是“ten”。"
    assert store.sessions() == before


def session_text(players: list[str], scores: dict, at: str) -> str:
    """An exported finished score pad session (a single-session file), played at `at`."""
    with tempfile.TemporaryDirectory() as folder, Store(Path(folder)) as s:
        sid = s.create(new_record("score_pad", players, now=at))
        s.play(sid, {"type": "round", "by": "table", "scores": scores}, at)
        s.play(sid, {"type": "finish", "by": "table"}, at)
        return s.export(sid)


def test_the_import_button_takes_a_session_or_a_backup(store, tmp_path):
    """One session file is stored under a new id; a backup is merged: into a store that already holds one of
    its two sessions (the very same) and a different session under the other's id, 2 are added (1 under a new
    id) and 1 is skipped; the stored ones are untouched; the same backup again skips all 3."""
    ann = store.sessions()[0]["id"]
    single = exports.import_file(store, session_text(["Bo", "Cy"], {"Bo": 4, "Cy": 1}, "2026-03-02T20:00:00"))
    assert single["kind"] == "session" and single["id"] != ann
    assert store.load(single["id"])["players"][0]["name"] == "Bo"

    with Store(tmp_path / "other") as other:
        other_id = other.create(json.loads(session_text(["Di", "Ed"], {"Di": 2, "Ed": 3}, "2026-03-03T20:00:00")))
        twin = {**json.loads(session_text(["Fay", "Gus"], {"Fay": 7, "Gus": 5}, "2026-03-04T20:00:00")),
                "id": single["id"]}
        backup = json.loads(exports.backup_json([store.load(ann), other.load(other_id), twin]))
    before = {s["id"]: store.load(s["id"]) for s in store.sessions()}
    outcome = exports.import_file(store, json.dumps(backup, ensure_ascii=False).encode("utf-8"))
    assert outcome["kind"] == "backup" and outcome["skipped"] == [ann]
    assert outcome["added"][0] == other_id and len(outcome["added"]) == 2
    assert outcome["renamed"] == {single["id"]: outcome["added"][1]}
    assert store.load(outcome["added"][1])["players"][0]["name"] == "Fay"
    assert all(store.load(sid) == record for sid, record in before.items())
    assert len(store.sessions()) == 4
    again = exports.import_file(store, json.dumps(backup))
    assert (again["added"], len(again["skipped"])) == ([], 3) and len(store.sessions()) == 4


def test_a_session_file_already_here_is_not_stored_again(store):
    """Re-importing an exported game made a second copy (and the statistics counted the game twice): the very same
    record, under its own id or the id an earlier import gave it, now answers with the stored session and adds
    nothing; a copy that differs (played on after the export) is still stored under a new id."""
    ann = store.sessions()[0]["id"]
    text = store.export(ann)
    before = len(store.sessions())
    assert exports.import_file(store, text) == {"kind": "session", "id": ann, "already": True}
    moved = store.import_text(text)  # an earlier import under a new id (as before this ruling)
    assert exports.import_file(store, text)["id"] == ann
    assert len(store.sessions()) == before + 1
    played_on = {**json.loads(text), "updated": "2026-03-05T21:00:00"}
    fresh = exports.import_file(store, json.dumps(played_on))
    assert not fresh.get("already") and fresh["id"] not in (ann, moved) and len(store.sessions()) == before + 2
    assert exports.import_file(store, json.dumps(played_on))["id"] == fresh["id"]


def test_a_backup_skips_a_session_imported_alone_before(store, tmp_path):
    """One session file imported into another table (stored there under a new id), then the whole table's backup:
    the backup's copy of that session is already there and skipped (it was added again, and the statistics
    counted the game twice); the same backup again adds nothing."""
    sid = store.sessions()[0]["id"]
    backup = exports.backup_json(store.records()[0])
    with Store(tmp_path / "other") as other:
        alone = exports.import_file(other, store.export(sid))["id"]
        outcome = exports.import_file(other, backup)
        assert (outcome["added"], outcome["skipped"]) == ([], [sid])
        assert [s["id"] for s in other.sessions()] == [alone]
        assert other.stats().player("Ann")["plays"] == 1


def test_a_session_twice_in_one_backup_is_added_once(store, tmp_path):
    """The same record twice in a backup: the second is already there once the first is, so it is skipped."""
    record = store.load(store.sessions()[0]["id"])
    with Store(tmp_path / "other") as other:
        outcome = exports.import_file(other, exports.backup_json([record, record]))
        assert (outcome["added"], outcome["skipped"]) == ([record["id"]], [record["id"]])
        assert len(other.sessions()) == 1


@pytest.mark.parametrize("text, key", [
    ('{"sessions": []}', "records.backup_shape"),
    ('{"game": "score_pad", "players": ["A"], "actions": [oops]}', "plain.not_json"),
    ('{"game": "score_pad", "players": ["A"], "evil": 1}', "record.field_unknown"),
    ("[" * 40 + "]" * 40, "plain.too_deep"),
])
def test_a_refused_file_stores_nothing(store, text, key):
    """A backup without its marker, broken JSON, a session with an unknown field, a deep file: refused, and
    the store as it was."""
    before = store.sessions()
    with pytest.raises(RuleError) as refused:
        exports.import_file(store, text)
    assert refused.value.key == key and store.sessions() == before


def test_a_backup_or_session_saved_again_with_a_byte_order_mark_imports(store, tmp_path):
    """A backup or a session's file saved again by an editor that writes "UTF-8 with BOM" was refused as damaged
    (stopped at line 1, column 1); it imports as it was exported."""
    record = store.load(store.sessions()[0]["id"])
    with Store(tmp_path / "other") as other:
        outcome = exports.import_file(other, codecs.BOM_UTF8 + exports.backup_json([record]).encode("utf-8"))
        assert outcome["added"] == [record["id"]]
        assert exports.import_file(other, "\ufeff" + store.export(record["id"]))["already"]


def test_the_apps_own_csv_and_bg_stats_files_are_named_when_picked_to_import(store, tmp_path):
    """The CSV export (as saved, and as a spreadsheet saves it again, under any name) read "This file is not valid
    JSON (line 1, column 1)", a BG Stats play "Unknown field “board” in the session file": each is now named for
    what it is, with the files to pick instead, in both languages; nothing is stored."""
    sid = store.sessions()[0]["id"]
    play = exports.bgstats_play(store.load(sid), store.state(sid), "Score pad")
    csv_text = exports.sessions_csv(store.sessions(), "en")
    old = ",".join(exports.CSV_COLUMNS) + "\n" + csv_text.split("\n", 1)[1]  # sessions 67-76
    older = ["\n".join(line.rsplit(",", n)[0] for line in old.splitlines()) for n in (1, 2)]  # sessions 66, 64
    files = {"records.import_csv": [csv_text.encode("utf-8-sig"), csv_text.replace("\n", "\r\n").encode(),
                                    *(text.encode("utf-8") for text in older)],
             "records.import_bgstats": [json.dumps(play, ensure_ascii=False, indent=2).encode("utf-8")]}
    before, path = snapshot_of(store), tmp_path / "picked"
    for key, contents in files.items():
        for content in contents:
            path.write_bytes(content)
            with pytest.raises(RuleError) as refused:
                importer._store(store, path, remove=False)
            assert refused.value.key == key
    assert snapshot_of(store) == before
    said = {lang: imported.reason(lang, RuleError("records.import_csv")) for lang in ("en", "zh-CN")}
    assert said["en"].startswith("This is the CSV of all sessions, for spreadsheets: it cannot be imported.")
    assert "“Back up all sessions”" in said["en"] and "“Export as JSON”" in said["en"]
    assert said["zh-CN"].startswith("这是全部对局的 CSV 文件") and "“备份全部对局”" in said["zh-CN"]
    assert imported.reason("zh-CN", RuleError("records.import_bgstats")).startswith("这是 BG Stats 的对局记录")


@pytest.mark.parametrize("text", ['{"name": "x", "version": "1.0.0", "dependencies": {}}', "[1, 2, 3]", '"hi"', "{}"])
def test_another_apps_json_is_named_no_tableside_file(store, text):
    """Another app's JSON read "Unknown field “dependencies” in the session file." (a list: "A session file must
    hold one JSON object."); it is now no Tableside file, with the files to pick, in both languages; nothing is
    stored."""
    before = snapshot_of(store)
    with pytest.raises(RuleError) as refused:
        exports.import_file(store, text)
    assert refused.value.key == "records.import_unknown" and snapshot_of(store) == before
    assert imported.reason("en", refused.value).startswith("This is not a Tableside file: neither a backup nor")
    assert imported.reason("zh-CN", refused.value).startswith("这不是桌边记分的文件：既不是备份，也不是对局文件。")


@pytest.mark.parametrize("field, value, limit", [
    ("title", "T" * 201, 200),
    ("created", "2026-01-01T20:00:00." + "1" * 60 + "+00:00", 64),
    ("updated", "2026-01-01T20:00:00." + "1" * 60 + "+00:00", 64),
], ids=["title", "created", "updated"])
def test_a_text_longer_than_a_stored_file_holds_is_refused_by_name(store, field, value, limit):
    """A title or time longer than the stored file's shape allows is refused naming it, in both languages, and
    nothing is stored (it was stored, then put aside as damaged on the next read)."""
    before = store.sessions()
    data = {"game": "score_pad", "players": ["Ann", "Bob"], field: value}
    with pytest.raises(RuleError) as refused:
        exports.import_file(store, json.dumps(data))
    assert refused.value.key == "storage.field_too_long"
    assert refused.value.params == {"field": field, "length": len(value), "max": limit}
    for lang in ("en", "zh-CN"):
        said = imported.reason(lang, refused.value)
        assert field in said and str(limit) in said and "{" not in said
    assert store.sessions() == before


def test_a_title_of_the_longest_kept_length_imports_and_stays_readable(store):
    """A title of exactly the limit is stored and read back after reopening, not put aside."""
    out = exports.import_file(store, json.dumps({"game": "score_pad", "players": ["Ann"], "title": "T" * 200}))
    with Store(store.folder) as again:
        assert again.load(out["id"])["title"] == "T" * 200 and not again.problems


PAD = '{"game":"score_pad","players":["Ann","Bob"]'
NOT_PLAIN = {
    "huge-int": (PAD + ',"seed":' + "9" * 5000 + "}", "plain.number_too_large"),
    "lone-surrogate": (PAD + ',"title":"\\ud800"}', "plain.bad_text"),
    "nan-time": (PAD + ',"actions":[{"type":"round","by":"table","at":NaN,"scores":{"Ann":1,"Bob":2}}]}',
                 "plain.not_json"),
    "big-seed": (PAD + ',"seed":' + str(10 ** 30) + "}", "plain.number_too_large"),
    "big-seed-in-backup": ('{"tableside_backup":1,"sessions":[' + PAD + ',"seed":' + str(10 ** 30) + "}]}",
                           "plain.number_too_large"),
}


@pytest.mark.parametrize("text, key", NOT_PLAIN.values(), ids=NOT_PLAIN)
def test_a_file_that_is_not_plain_json_is_refused_as_the_command_line_refuses_it(store, text, key):
    """What `scoring.plain` refuses on the command line, the import refuses with the same error, storing nothing:
    a number of 5000 digits and NaN escaped as ValueError, a lone surrogate as UnicodeEncodeError when written,
    and a seed of 10^30 was stored (then its exported file was refused by the command line)."""
    before = snapshot_of(store)
    with pytest.raises(RuleError) as refused:
        exports.import_file(store, text)
    assert refused.value.key == key
    assert snapshot_of(store) == before
    for lang in ("en", "zh-CN"):
        assert "{" not in imported.reason(lang, refused.value)


def snapshot_of(store: Store) -> dict:
    """Every file in the store's folder and its bytes."""
    return {str(p): p.read_bytes() for p in store.folder.rglob("*") if p.is_file()}


def padded(text: str, size: int) -> bytes:
    """A JSON text made at least size bytes long with trailing spaces (still the same JSON)."""
    data = text.encode("utf-8")
    return data + b" " * max(0, size - len(data))


def test_the_app_imports_its_own_backup_over_the_one_session_limit(store, tmp_path):
    """A backup over `IMPORT_MAX_BYTES` (a busy year) is read and merged by the app's import; the one-session
    limit had been applied to it before reading."""
    path = tmp_path / "backup.json"
    path.write_bytes(padded(exports.backup_json(store.records()[0]), IMPORT_MAX_BYTES + 1))
    with Store(tmp_path / "fresh") as fresh:
        outcome = importer._store(fresh, path, remove=False)
        assert outcome["kind"] == "backup" and len(outcome["added"]) == 1


def test_one_session_over_its_limit_is_refused_though_a_backup_may_be_larger(store, tmp_path):
    """A single session file over `IMPORT_MAX_BYTES` is refused by that limit (as `Store.import_text`), saying it
    in MB (it read "This file is too large: 4194305 bytes, at most 4194304.")."""
    path = tmp_path / "session.json"
    path.write_bytes(padded(store.export(store.sessions()[0]["id"]), IMPORT_MAX_BYTES + 1))
    before = snapshot_of(store)
    with pytest.raises(RuleError) as refused:
        importer._store(store, path, remove=False)
    assert refused.value.key == "plain.too_large" and refused.value.params["max"] == IMPORT_MAX_BYTES
    assert snapshot_of(store) == before
    assert imported.reason("en", refused.value) == "This file is too large to import: 4.1 MB, at most 4 MB."
    assert imported.reason("zh-CN", refused.value) == "这个文件太大，无法导入：4.1 MB，最多 4 MB。"


def test_a_file_over_the_backup_limit_is_refused_before_reading(store, tmp_path, monkeypatch):
    """Over `exports.MAX_FILE_BYTES`: refused by its size, not a byte read; the picker refuses it by the size it
    gives (a byte over read "16.0 MB, at most 16 MB": rounded up now), and streams a file between the two limits
    (it had refused every file over 4 MiB)."""
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(exports.MAX_FILE_BYTES + 1)
    monkeypatch.setattr(Path, "read_bytes", lambda self: pytest.fail("read"))
    with pytest.raises(RuleError) as refused:
        importer._store(store, path, remove=False)
    assert refused.value.params == {"size": exports.MAX_FILE_BYTES + 1, "max": exports.MAX_FILE_BYTES}
    alerts, started = [], []
    monkeypatch.setattr(importer, "start", lambda app, shown, path, remove: started.append(shown))
    app = SimpleNamespace(t=lambda key, **params: words.say("en", key, **params), host=True,
                          upload_dir=None, alert=lambda title, message: alerts.append(message))
    files = [SimpleNamespace(name=name, size=size, path=str(path)) for name, size in
             (("huge.json", exports.MAX_FILE_BYTES + 1), ("year.json", IMPORT_MAX_BYTES + 1))]
    importer.picked(app, files)
    assert started == ["year.json"] and alerts == ["huge.json is too large to import: 16.1 MB, at most 16 MB. Nothing "
                                                   "was read."]


def test_an_empty_file_is_refused_by_its_size_in_both_languages(tmp_path):
    """An empty file picked on the web was uploaded, and its upload never reported an end: nothing was said at all
    (measured in the browser). It is refused by its size, naming it, in the player's language; nothing is sent."""
    for lang, said in (("en", "empty.json is empty: there is nothing in it to import."),
                       ("zh-CN", "empty.json 是空文件，没有可以导入的内容。")):
        alerts, uploads = [], []
        page = SimpleNamespace(get_upload_url=lambda name, seconds: f"/upload?f={name}",
                               run_task=lambda handler, files: uploads.extend(files))
        app = SimpleNamespace(t=lambda key, **params: words.say(lang, key, **params), host=True, page=page,
                              upload_dir=str(tmp_path), uploading={}, picker=SimpleNamespace(upload=None),
                              alert=lambda title, message: alerts.append((title, message)))
        importer.picked(app, [SimpleNamespace(name="empty.json", size=0, path=None, id=1)])
        assert alerts == [(words.say(lang, "app.import_failed", file="empty.json"), said)]
        assert (uploads, app.uploading) == ([], {})


def test_only_the_hosts_tab_imports_and_a_browser_tab_never_names_a_server_file(tmp_path, monkeypatch):
    """Any tab's page has the file picker, and a tab may send its events unasked: a stranger's tab (no host
    token, no PIN) that sent the picker's result naming a file on the server, or one to upload, imported it
    (seen with a raw websocket client: a session stored, and "not valid JSON (line 1, column 1)" for /etc/passwd).
    Now only the host's tab imports, and a path is read only in a phone build (no upload folder), never on the web
    (the page's `web` flag is the tab's own word)."""
    path = tmp_path / "session.json"
    path.write_text("{}")
    started, uploads, errors = [], [], []
    monkeypatch.setattr(importer, "start", lambda app, shown, path, remove: started.append((shown, str(path))))
    page = SimpleNamespace(web=False, get_upload_url=lambda name, seconds: f"/upload?f={name}",
                           run_task=lambda handler, files: uploads.extend(files))
    app = SimpleNamespace(host=False, page=page, upload_dir=str(tmp_path), uploading={},
                          picker=SimpleNamespace(upload=None), show_error=errors.append)
    files = [SimpleNamespace(name="x.json", size=2, path=str(path), id=1), SimpleNamespace(name="y.json", size=2,
                                                                                            path=None, id=2)]
    importer.picked(app, files)
    app.uploading["z.json"] = "kept.json"
    importer.uploaded(app, SimpleNamespace(file_name="z.json", progress=1.0, error=None))
    assert (started, uploads, errors) == ([], [], ["app.host_only"])
    app.host = True
    importer.picked(app, files)
    assert started == [] and [u.id for u in uploads] == [1, 2]
    importer.uploaded(app, SimpleNamespace(file_name="z.json", progress=1.0, error=None))
    assert started == [("z.json", str(tmp_path / "kept.json"))]


def test_what_an_import_did_in_both_languages():
    """The counts of a backup and a refused session's own reason, in English and Chinese, with no placeholder
    left unfilled."""
    outcome = {"kind": "backup", "added": ["a", "b", "c"], "renamed": {"x": "c"}, "skipped": ["d", "e"]}
    assert imported.summary("en", outcome) == (
        "Sessions added: 3. Already here, skipped: 2.\n1 of the added sessions had the id of a different "
        "session stored here: both are kept, the imported one under a new id.")
    assert imported.summary("zh-CN", {**outcome, "renamed": {}}) == "新增对局：3 个。已存在、跳过：2 个。"
    good = new_record("score_pad", ["A"])
    with pytest.raises(RuleError) as refused:
        exports.parse_backup(json.dumps({"tableside_backup": 1, "sessions": [good, {**good, "evil": 1}]}))
    for lang, marker in (("en", "Session 2"), ("zh-CN", "第 2 个")):
        said = imported.reason(lang, refused.value)
        assert marker in said and "evil" in said and "{" not in said


BROKEN = b'{"game": "score_pad", "players": ["A"], "actions": [oops]}'


DAMAGED = ("This file is damaged, or is not a Tableside backup or session file ({}).",
           "这个文件已损坏，或不是桌边记分的备份或对局文件（{}）。")


@pytest.mark.parametrize("data, en, zh", [
    (BROKEN, "stopped at line 1, column 53", "读到第 1 行第 53 列时停止"),
    (b'{"game": "score_pad",\n "players": ["A"]', "stopped at line 2, column 18", "读到第 2 行第 18 列时停止"),
    (b'{"game": "\xff"}', "stopped at byte 11: not text", "读到第 11 个字节时停止：不是文本"),
])
def test_a_file_that_is_not_json_says_where_in_the_players_language(store, data, en, zh):
    """A damaged file is called so in words a player knows (it read "This file is not valid JSON (line 451,
    column 5)"), with the place the parser stopped, in words of each language; the parser's own English message
    stays out."""
    with pytest.raises(RuleError) as refused:
        exports.import_file(store, data)
    said = imported.reason("en", refused.value), imported.reason("zh-CN", refused.value)
    assert said == (DAMAGED[0].format(en), DAMAGED[1].format(zh))


def test_a_refused_import_puts_its_busy_notice_away_before_the_dialog(store, tmp_path):
    """"Importing broken.json…" shows while the file is checked and is closed before the refusal's dialog opens."""
    events = []

    class Page:
        """Opens and records dialogs (as Flet's page does), records controls updated and the background task."""
        def show_dialog(self, dialog):
            """Open a dialog and note it."""
            dialog.open = True
            events.append(("show", dialog))

        def update(self, *controls):
            """Note the controls sent."""
            events.append(("update", *controls))

        def run_task(self, handler, *args):
            """Keep the background task, run by the test."""
            self.task = (handler, args)

    class App:
        """The importer's view of the app, in Chinese; a dialog notes whether the busy notice was still open."""
        lang, page = "zh-CN", Page()

        def t(self, key, **params):
            """Text in Chinese."""
            return words.say(self.lang, key, **params)

        def alert(self, title, message):
            """Note a dialog and whether the busy notice was open under it."""
            events.append(("alert", title, message, busy.open))

    app, path = App(), tmp_path / "upload.json"
    app.store = store
    path.write_bytes(BROKEN)
    importer.start(app, "broken.json", path, remove=True)
    busy = events[0][1]
    assert isinstance(busy, ft.SnackBar) and busy.open and busy.content.value == "正在导入 broken.json…"
    handler, args = app.page.task
    run_async(handler(*args))
    alert = next(e for e in events if e[0] == "alert")
    assert alert[1:] == ("无法导入 broken.json", DAMAGED[1].format("读到第 1 行第 53 列时停止"), False)
    assert ("update", busy) in events[:events.index(alert)] and not path.exists()


def test_a_shared_place_skips_the_next_in_the_exports_as_on_the_end_screen(tmp_path, monkeypatch):
    """Session 46's tour: 小明 and Ann share first, Cy last: the end screen reads 1, 1, 3 but the CSV's place and
    BG Stats' rank read 1, 1, 2. Every one numbers places as the end screen does; a catalogue entry stored the old
    way is made again from its session file when the store is next opened."""

    def finished(store: Store) -> str:
        """A score pad in which 小明 and Ann tie on 9, Cy has 4."""
        sid = store.create(new_record("score_pad", ["小明", "Ann", "Cy"], now="2026-03-01T20:00:00+00:00"))
        store.play(sid, {"type": "round", "by": "table", "scores": {"小明": 9, "Ann": 9, "Cy": 4}})
        store.play(sid, {"type": "finish", "by": "table"})
        return sid

    old_summary = Store._summary

    def numbered_on(record, state, board=None):
        """The summary as the app made it before session 46 (places after a shared one numbered on)."""
        summary = old_summary(record, state, board)
        summary["ranks"] = {name: 1 if place == 1 else 2 for name, place in summary["ranks"].items()}
        return summary

    with monkeypatch.context() as patched:
        patched.setattr(Store, "_summary", staticmethod(numbered_on))
        with Store(tmp_path / "old") as store:
            finished(store)
            assert store.sessions()[0]["ranks"] == {"小明": 1, "Ann": 1, "Cy": 2}
    with Store(tmp_path / "old") as store:
        assert store.sessions()[0]["ranks"] == {"小明": 1, "Ann": 1, "Cy": 3}
    with Store(tmp_path / "new") as store:
        sid = finished(store)
        shown = places(engine("score_pad").scoreboard(store.state(sid)))
        play = exports.bgstats_play(store.load(sid), store.state(sid), "Score pad")
        rows = csv_rows(store.sessions())
    assert shown == [(1, "小明"), (1, "Ann"), (3, "Cy")]
    assert {p["name"]: p["rank"] for p in play["players"]} == {"小明": 1, "Ann": 1, "Cy": 3}
    assert {r["player"]: r["place"] for r in rows} == {"小明": "1", "Ann": "1", "Cy": "3"}


def test_the_second_of_two_teams_is_placed_second_everywhere(tmp_path, monkeypatch):
    """Bacon, two teams of two: the losing team read 3rd (4th with six players) on the end screen, in the CSV's
    place and as BG Stats' rank; places count teams now (1, 1, 2, 2). A catalogue entry stored the old way is made
    again from its session file when the store is next opened."""

    def finished(store: Store) -> str:
        """A Bacon game in which Ann and Cy's team goes out first in every deal."""
        sid = store.create(new_record("bacon", ["Ann", "Bo", "Cy", "Di"], now="2026-03-05T20:00:00+00:00"))
        store.play(sid, {"type": "dealer", "by": "table", "player": "Ann"}, "2026-03-05T20:00:00+00:00")
        while not store.state(sid).get("over"):
            store.play(sid, {"type": "deal", "by": "table", "order": ["Ann", "Cy"]}, "2026-03-05T20:01:00+00:00")
        return sid

    old_summary = Store._summary

    def counted_players(record, state, board=None):
        """The summary as the app made it before session 47 (a team game's places counted players)."""
        summary = old_summary(record, state, board)
        summary["ranks"] = {name: 1 if place == 1 else 3 for name, place in summary["ranks"].items()}
        return summary

    expected = {"Ann": 1, "Cy": 1, "Bo": 2, "Di": 2}
    with monkeypatch.context() as patched:
        patched.setattr(Store, "_summary", staticmethod(counted_players))
        with Store(tmp_path / "old") as store:
            finished(store)
            assert store.sessions()[0]["ranks"] == {"Ann": 1, "Cy": 1, "Bo": 3, "Di": 3}
    with Store(tmp_path / "old") as store:
        assert store.sessions()[0]["ranks"] == expected
    with Store(tmp_path / "new") as store:
        sid = finished(store)
        shown = places(engine("bacon").scoreboard(store.state(sid)))
        play = exports.bgstats_play(store.load(sid), store.state(sid), "Bacon")
        rows = csv_rows(store.sessions())
    assert shown == [(1, "Ann"), (1, "Cy"), (2, "Bo"), (2, "Di")]
    assert {p["name"]: p["rank"] for p in play["players"]} == expected
    assert {r["player"]: int(r["place"]) for r in rows} == expected


def test_a_name_that_looks_like_a_formula_is_text_in_the_csv(tmp_path):
    """Session 46's tour: a player called "=1+1" went into the CSV as it is, which a spreadsheet computes (and a
    crafted name could run a command). Such a name gets a leading apostrophe; others are left as they are."""
    with Store(tmp_path / "data") as store:
        store.create(new_record("score_pad", ["=1+1", "@Bo", "-Cy", "Ann"], now="2026-03-02T20:00:00"))
        rows = csv_rows(store.sessions())
    assert [r["player"] for r in rows] == ["'=1+1", "'@Bo", "'-Cy", "Ann"]


def test_bgstats_play_says_lowest_wins_from_the_game_not_the_winners_totals(tmp_path):
    """A score pad set to lowest wins, Ann and Bo tied on 4 (both win): highestWins was guessed from the winners
    holding the highest total, so it read True (and BG Stats keeps a game's highestWins for its later plays); it
    is the pad's own setting, False. A highest-wins tie stays True."""
    with Store(tmp_path / "data") as store:
        for lower_wins in (True, False):
            sid = store.create(new_record("score_pad", ["Ann", "Bo"], {"lower_wins": lower_wins}))
            store.play(sid, {"type": "round", "by": "table", "scores": {"Ann": 4, "Bo": 4}})
            store.play(sid, {"type": "finish", "by": "table"})
            play = exports.bgstats_play(store.load(sid), store.state(sid), "Score pad")
            assert [p["winner"] for p in play["players"]] == [True, True]
            assert play["game"]["highestWins"] is not lower_wins


def test_csv_says_where_the_lowest_total_won(tmp_path):
    """A score pad set to lowest wins put place 1 beside the lower score with nothing in the CSV to say why (a
    spreadsheet reader took it for a mistake): its rows say lowest_wins "yes", a highest-wins pad's "no"."""
    with Store(tmp_path / "data") as store:
        for lower_wins in (True, False):
            sid = store.create(new_record("score_pad", ["Ann", "Bo"], {"lower_wins": lower_wins}))
            store.play(sid, {"type": "round", "by": "table", "scores": {"Ann": 2, "Bo": 9}})
            store.play(sid, {"type": "finish", "by": "table"})
        rows = csv_rows(store.sessions())
    said = {(r["lowest_wins"], r["player"]): (r["score"], r["place"]) for r in rows}
    assert said == {("yes", "Ann"): ("2", "1"), ("yes", "Bo"): ("9", "2"),
                    ("no", "Ann"): ("2", "2"), ("no", "Bo"): ("9", "1")}
