"""Statistics and records in a real browser: after three finished sessions a player's record shows on the
statistics screen; a finished session offers BG Stats (its link carries the play); the CSV of every session
comes from the app's button; a backup picked with the home screen's import button adds its sessions (and says
how many, in both languages).

Both tests share one server and one laptop tab (a server's start and a load saved): the first only reads, and what
it reads the second's import leaves as it was; each test starts on the home screen in English."""

from __future__ import annotations

import codecs
import csv
import io
import json
import re
import tempfile
from pathlib import Path
from urllib.parse import unquote

import pytest

from scoring.record import new_record
from storage import Store, exports
from tests.browser.conftest import LAPTOP, OUTPUT, PHONE, Tab, new_tab, start_server, stop_server
from tests.browser.test_card_games import TWICE_PX
from tests.browser.test_shell import root_font
from tests.browser.test_table_mode import kept_tokens
from tests.test_stats import finished
from views.table_hub import hub_for

SCORE_LABEL = r"^-?\d+$"  # a score label under a histogram's bars (or a count beside them)
LABEL_BOXES = """pattern => [...document.querySelectorAll('flt-semantics')]
  .map(e => [(e.getAttribute('aria-label') || e.textContent).trim(), e.getBoundingClientRect()])
  .filter(([said]) => new RegExp(pattern).test(said)).map(([said, r]) => [said, r.x, r.y, r.width])"""


@pytest.fixture(scope="module")
def three_sessions():
    """A server over a folder holding three finished score pad sessions; the id of the last one, and a backup
    file from another table: that same last session (already here), a new one (Zoë 8, 老王 12) and a different
    session that happens to carry the last one's id (Hu 3, Ivy 5, lowest wins). Shared by the module's tests:
    what the first reads (Ann's record, the last session's BG Stats link) the backup's import leaves as it was."""
    with tempfile.TemporaryDirectory(prefix="tableside-stats-") as data, \
            tempfile.TemporaryDirectory(prefix="tableside-other-") as other:
        with Store(Path(data)) as store:
            store.set_setting("lang", "en")
            finished(store, [{"Ann": 10, "小明": 3, "Bo": 7}, {"Ann": 5, "小明": 9, "Bo": 0}], "2026-03-01T20:00:00")
            finished(store, [{"Ann": 4, "小明": 20, "Bo": 20}], "2026-03-02T20:00:00")
            last = finished(store, [{"Ann": 30, "小明": 1}], "2026-03-03T20:00:00", players=["Ann", "小明"])
            same = store.load(last)
        with Store(Path(other)) as elsewhere:
            new = elsewhere.load(finished(elsewhere, [{"Zoë": 8, "老王": 12}], "2026-03-05T20:00:00",
                                          players=["Zoë", "老王"]))
            clash = {**elsewhere.load(finished(elsewhere, [{"Hu": 3, "Ivy": 5}], "2026-03-06T20:00:00",
                                               lower_wins=True, players=["Hu", "Ivy"])), "id": last}
        backup = exports.backup_json([same, new, clash]).encode("utf-8")
        server = start_server(Path(data))
        yield server, last, backup
        stop_server(server)


@pytest.fixture(scope="module")
def laptop(browser, three_sessions):
    """The module's laptop tab on the statistics server (a load costs about 5 s of CPU)."""
    tab = new_tab(browser, three_sessions[0], LAPTOP)
    yield tab
    tab.page.context.close()


def on_home_in_english(tab: Tab) -> Tab:
    """The laptop on the home screen in English (the language a test left it in aside)."""
    tab.open("/")
    tab.language("en")
    return tab


def test_a_players_statistics_and_bgstats(laptop, three_sessions):
    """Ann: 3 sessions, 2 wins; the statistics screen says so; the BG Stats link of a session holds its play."""
    server, last, _ = three_sessions
    tab = on_home_in_english(laptop)
    tab.tap("Statistics")
    tab.see("Ann: 3 sessions, 2 wins")
    tab.see("Highest score 30")
    tab.shot("stats_laptop")
    tab.open(f"/history/{last}")
    tab.see_button("Open in BG Stats")
    tab.page.context.route("https://app.bgstatsapp.com/**", lambda route: route.fulfill(body="BG Stats"))
    with tab.page.context.expect_page() as opened:
        tab.tap("Open in BG Stats")
    link = opened.value.url
    assert link.startswith(exports.BGSTATS_LINK)
    play = json.loads(unquote(link[len(exports.BGSTATS_LINK):]))
    assert play["sourcePlayId"] == last and {p["name"]: p["winner"] for p in play["players"]} == {
        "Ann": True, "小明": False}


def session_files(data: Path) -> dict[str, bytes]:
    """The session files in a data folder, by name, with their bytes."""
    return {path.name: path.read_bytes() for path in sorted((data / "sessions").glob("*.json"))}


def downloaded_csv(download, lang: str) -> list[dict]:
    """The CSV of every session as downloaded (kept in tests/output/): its header is the phone's language's, its
    rows read by column id (`exports.CSV_COLUMNS`)."""
    path = OUTPUT / f"stats_sessions_{lang}.csv"
    download.save_as(path)
    assert download.suggested_filename == "tableside-sessions.csv" and path.read_bytes()[:3] == codecs.BOM_UTF8
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"))))
    assert rows[0] == exports.csv_header(lang)
    return [dict(zip(exports.CSV_COLUMNS, row)) for row in rows[1:]]


def import_file(tab, button: str, name: str, data: bytes) -> None:
    """Pick a file with the home screen's import button, through the browser's file chooser."""
    with tab.page.expect_file_chooser() as chooser:
        tab.tap(button)
    chooser.value.set_files(files=[{"name": name, "mimeType": "application/json", "buffer": data}])


def test_csv_of_all_sessions_and_a_backup_imported(laptop, three_sessions):
    """The statistics screen's CSV button downloads one row per player per session, oldest session first.
    The backup, picked with the home screen's import button, adds 2 sessions (the clashing one under a new id),
    skips the one already here and says so; they appear in History and the statistics (Zoë's head-to-head opens
    against 老王, whom she played, and Ann, whom she never played, is said to have not, not "0 sessions against
    each other"), and the stored session whose id the backup reused
    is untouched. The clashing session's score pad was set to lowest wins: it is its own game, whose line reads
    "Lowest score 3: Hu" (it read "Highest score 5: Ivy", the loser's), in both languages, and who wins most at
    it. The same file again, in Chinese, adds nothing and says so."""
    server, last, backup = three_sessions
    tab = on_home_in_english(laptop).open("/stats")
    tab.see("3 finished sessions")
    with tab.page.expect_download() as download:
        tab.tap("All sessions as CSV")
    assert download.value.suggested_filename == "tableside-sessions.csv"
    rows = downloaded_csv(download.value, "en")
    # 1: Ann 10+5=15, 小明 3+9=12, Bo 7+0=7; 2: 小明 and Bo share first with 20, Ann 4; 3: Ann 30, 小明 1
    assert [(r["player"], r["score"], r["place"], r["winner"]) for r in rows] == [
        ("Ann", "15", "1", "yes"), ("小明", "12", "2", "no"), ("Bo", "7", "3", "no"),
        ("Ann", "4", "3", "no"), ("小明", "20", "1", "yes"), ("Bo", "20", "1", "yes"),
        ("Ann", "30", "1", "yes"), ("小明", "1", "2", "no")]
    assert [r["seat"] for r in rows] == ["1", "2", "3", "1", "2", "3", "1", "2"]
    assert [[r["session"] for r in rows], {r["status"] for r in rows}, {r["game"] for r in rows}] == [
        list("11122233"), {"Finished"}, {"Score pad"}]

    before = session_files(server.data)
    tab.open("/")
    import_file(tab, "Import a session file or backup", "backup.json", backup)
    tab.see("Imported the backup backup.json")
    tab.see("Sessions added: 2. Already here, skipped: 1.")
    tab.see("1 of the added sessions had the id of a different session stored here")
    tab.shot("stats_backup_imported_en")
    tab.tap("OK", exact=True)
    tab.see("winner: 老王")
    tab.see("winner: Hu")
    after = session_files(server.data)
    assert len(after) == 5 and all(after[name] == data for name, data in before.items())
    assert f"{last}.json" in before
    tab.tap("Statistics")
    tab.see("4 finished sessions")
    tab.tap("Game Score pad", exact=True)
    tab.tap("Score pad (lowest wins)", exact=True)
    tab.see("Lowest score 3: Hu (")
    tab.see("Most wins: Hu 1 · Ivy 0")  # who wins most at this game, not over all games
    tab.tap("Player Ann")
    tab.tap("Zoë", exact=True)
    tab.see("1 session against each other: Zoë ahead 0, 老王 ahead 1, tied 0")
    tab.tap("Against 老王")
    tab.tap("Ann", exact=True)
    tab.see("Zoë and Ann have not played a finished session together yet")

    tab.open("/")
    tab.tap("中文", exact=True)
    import_file(tab, "导入对局文件或备份", "backup.json", backup)
    tab.see("已导入备份 backup.json")
    tab.see("新增对局：0 个。已存在、跳过：3 个。")
    tab.tap("好", exact=True)
    assert session_files(server.data) == after
    tab.tap("统计", exact=True)
    tab.see("Zoë 和 Ann 还没有一起玩完过一局")
    tab.see("最低分 3：Hu（")
    with tab.page.expect_download() as download:
        tab.tap("全部对局导出为 CSV")
    rows = downloaded_csv(download.value, "zh-CN")
    assert {(r["status"], r["game"]) for r in rows} == {("已结束", "通用计分板")} and len(rows) == 12
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", r["started"]) for r in rows)


def test_a_histograms_score_labels_stand_apart_on_a_phone_at_twice_the_text(browser, tmp_path):
    """Play-test (records, session 76): 小丽's phone (390×844, text at 2x) showed Flip 7's histogram of ten bars
    from 40 to 220 with its score labels run together ("100120140160180200220"). A score pad played to 45 and 230
    has the same ten bars; the labels shown under them do not touch, the first bar's (40) among them.
    The game was played in table mode, and this is Ann's phone (it holds her seat): the statistics open on her,
    not on Bo, who won."""
    data = tmp_path / "data"
    with Store(data) as store:
        sid = store.create(new_record("score_pad", ["Ann", "Bo"], now="2026-03-01T20:00:00"))
        hub = hub_for(store, sid)
        token = hub.join(hub.pin, "Ann")
        store.play(sid, {"type": "round", "by": "table", "scores": {"Ann": 45, "Bo": 230}}, "2026-03-01T20:10:00")
        store.play(sid, {"type": "finish", "by": "table"}, "2026-03-01T20:20:00")
    server = start_server(data)
    tab = new_tab(browser, server, PHONE, storage=kept_tokens(server, {sid: token}))
    try:
        tab.open("/stats")
        tab.see("Ann：1 局，胜 0 局")
        tab.shot("stats_own_player_phone")
        root_font(tab, TWICE_PX)
        tab.see("得分区间起点")
        tab.shot("stats_histogram_phone_2x")
        bottom = max(y for _, _, y, _ in tab.page.evaluate(LABEL_BOXES, SCORE_LABEL))
        labels = sorted((x, said, x + w) for said, x, y, w in tab.page.evaluate(LABEL_BOXES, SCORE_LABEL)
                        if y == bottom)
        assert labels[0][1] == "40" and len(labels) > 1, labels
        assert all(right < left for (_, _, right), (left, _, _) in zip(labels, labels[1:])), labels
    finally:
        tab.page.context.close()
        stop_server(server)
