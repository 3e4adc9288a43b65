"""The data folder: sessions, play/undo/redo, export/import, roster, aliases, settings, profiles, translations."""

import gc
import json
import re
from datetime import datetime, timezone
from pathlib import Path
from types import SimpleNamespace

import pytest

from scoring.core import RuleError
from scoring.i18n import table
from scoring.record import new_record, replay
from tests.helpers import assert_translated
import scoring.record
import storage
from storage import Store
from scoring.record import STATUSES
from storage.atomic import KINDS, read_tables
from storage import store as store_module
from storage.store import shard_of

PLAYERS = ["Ann", "小明", "Bo"]
T0 = "2026-03-01T20:00:00"


def pad(**options):
    """A fresh score pad record."""
    return new_record("score_pad", PLAYERS, options)


def round_of(a, b, c):
    """A score pad round action."""
    return {"type": "round", "by": "table", "scores": {"Ann": a, "小明": b, "Bo": c}}


def snapshot(folder: Path) -> dict:
    """Every file in the folder (recursively) and its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.fixture
def store(tmp_path):
    """A store in an empty folder."""
    with Store(tmp_path / "data") as s:
        yield s


def test_create_play_and_reopen(tmp_path):
    """A session resumes exactly where it was after the store is closed and opened again."""
    folder = tmp_path / "data"
    with Store(folder) as s:
        sid = s.create(pad())
        s.play(sid, round_of(3, 5, 1), T0)
        record, state = s.play(sid, round_of(2, 0, 7), "2026-03-01T20:05:00")
    with Store(folder) as again:
        assert again.load(sid) == record
        assert again.state(sid) == state == replay(record)
        assert again.problems == []
    assert record["actions"][0]["at"] == T0 and record["updated"] == "2026-03-01T20:05:00"


def test_the_scoreboard_of_each_state_is_its_own_after_every_change(store):
    """A screen asking the store for the board of the state it shows gets that state's board: after a round, an
    undo and a redo, never the board of the state before."""
    sid = store.create(pad())
    boards = []
    for change in (lambda: store.play(sid, round_of(3, 5, 1), T0), lambda: store.play(sid, round_of(2, 0, 7), T0),
                   lambda: store.undo(sid, T0), lambda: store.redo(sid, T0)):
        record, state = change()
        boards.append({p.name: p.total for p in store.scoreboard(record, state).players})
    assert boards == [{"Ann": 3, "小明": 5, "Bo": 1}, {"Ann": 5, "小明": 5, "Bo": 8}, {"Ann": 3, "小明": 5, "Bo": 1},
                      {"Ann": 5, "小明": 5, "Bo": 8}]
    assert store.scoreboard(store.record(sid), store.state(sid)) is store.scoreboard(record, state)


def test_undo_and_redo_after_play_leave_the_state_a_replay_gives(store):
    """Undo and redo take the state kept from the play before them rather than replaying the log: whichever way
    they come (after a play, a redo, another undo, a refused undo), the state is the one the log replays to."""
    sid = store.create(pad())
    for scores in ((3, 5, 1), (2, 0, 7), (4, 4, 4)):
        store.play(sid, round_of(*scores), T0)
    steps = [lambda: store.undo(sid, T0), lambda: store.undo(sid, T0), lambda: store.redo(sid, T0),
             lambda: store.undo(sid, T0), lambda: store.redo(sid, T0), lambda: store.redo(sid, T0),
             lambda: store.play(sid, round_of(1, 1, 1), T0), lambda: store.undo(sid, T0)]
    totals = []
    for step in steps:
        record, state = step()
        assert state == replay(record)
        totals.append(state["totals"]["Bo"])
    assert totals == [8, 1, 8, 1, 8, 12, 13, 12]


def test_first_catalogue_read_leaves_the_cycle_collector_on(tmp_path):
    """Reopened, the store reads its catalogue with the collector paused, and turns it back on after."""
    folder = tmp_path / "data"
    with Store(folder) as s:
        sid = s.create(pad())
    with Store(folder) as again:
        assert [x["id"] for x in again.sessions()] == [sid]
        assert gc.isenabled() and gc.get_freeze_count() == 0


def test_file_carries_schema_and_readable_chinese(store):
    """Every file holds the schema version; Chinese names are stored as they are, not escaped."""
    sid = store.create(pad())
    store.add_player("小红")
    for name in (f"sessions/{sid}.json", f"catalogue/{shard_of(sid):02d}.json", "data.json"):
        text = (store.folder / name).read_text(encoding="utf-8")
        assert json.loads(text)["schema"] == 2 and re.fullmatch(r"[0-9a-f]{64}", json.loads(text)["sum"])
    assert "小明" in (store.folder / f"sessions/{sid}.json").read_text(encoding="utf-8")
    assert "小红" in (store.folder / "data.json").read_text(encoding="utf-8")


def test_refused_action_changes_no_file(store):
    """A refused action raises its RuleError; files, record and state stay as they were."""
    sid = store.create(pad())
    store.play(sid, round_of(1, 2, 3), T0)
    before, record, state = snapshot(store.folder), store.load(sid), store.state(sid)
    with pytest.raises(RuleError) as err:
        store.play(sid, {"type": "round", "by": "table", "scores": {"Ann": 1}}, T0)
    assert err.value.key == "score_pad.score_missing"
    assert snapshot(store.folder) == before
    assert store.load(sid) == record and store.state(sid) == state


def test_undo_redo_persist(tmp_path):
    """Undo keeps the action for redo; both survive reopening; a new action clears redo."""
    folder = tmp_path / "data"
    with Store(folder) as s:
        sid = s.create(pad())
        s.play(sid, round_of(1, 1, 1), T0)
        _, after_two = s.play(sid, round_of(2, 2, 2), T0)
        record, state = s.undo(sid, T0)
        assert len(record["actions"]) == 1 and len(record["redo"]) == 1
    with Store(folder) as s:
        assert s.state(sid) == state
        record, state = s.redo(sid, T0)
        assert state == after_two and record["redo"] == []
        s.undo(sid, T0)
        record, _ = s.play(sid, round_of(5, 5, 5), T0)
        assert record["redo"] == []
        with pytest.raises(RuleError) as err:
            s.redo(sid, T0)
        assert err.value.key == "record.nothing_to_redo"


def test_undo_of_a_reveal_needs_consent(store):
    """Undoing a die roll (tally's reveal) is refused without consent and changes nothing."""
    sid = store.create(new_record("tally", ["A", "B"], seed=3))
    store.play(sid, {"type": "roll", "by": "A"}, T0)
    before = snapshot(store.folder)
    with pytest.raises(RuleError) as err:
        store.undo(sid, T0)
    assert err.value.key == "record.undo_needs_consent"
    assert snapshot(store.folder) == before
    record, _ = store.undo(sid, T0, consent=True)
    assert record["actions"] == []


def test_nothing_to_undo(store):
    """Undo on an empty log is refused by key."""
    sid = store.create(pad())
    with pytest.raises(RuleError) as err:
        store.undo(sid, T0)
    assert err.value.key == "record.nothing_to_undo"


def test_append_touches_only_its_session_file(store):
    """An action that keeps a session active rewrites its own file and nothing else."""
    sids = [store.create(pad()) for _ in range(3)]
    before = snapshot(store.folder)
    store.play(sids[1], round_of(1, 2, 3), T0)
    after = snapshot(store.folder)
    changed = {name for name in after if before.get(name) != after[name]}
    assert changed == {f"sessions/{sids[1]}.json"}


def test_finishing_updates_the_catalogue(tmp_path):
    """Finishing writes status and winners to the catalogue; an undo reopens the session there too."""
    folder = tmp_path / "data"
    with Store(folder) as s:
        sid = s.create(pad(rounds=2))
        s.play(sid, round_of(1, 9, 3), T0)
        s.play(sid, round_of(1, 9, 3), "2026-03-01T21:00:00")
        catalogue = read_tables(folder / "catalogue" / f"{shard_of(sid):02d}.json")["sessions"]
        entry = next(e for e in catalogue.values() if e["id"] == sid)
        assert entry["status"] == "finished" and entry["winners"] == ["小明"]
        assert entry["updated"] == "2026-03-01T21:00:00"
        assert [x["id"] for x in s.sessions("finished")] == [sid]
        s.undo(sid, T0)
        assert s.sessions("finished") == [] and [x["id"] for x in s.sessions("active")] == [sid]
    with Store(folder) as s:
        assert s.sessions()[0]["status"] == "active"


def test_sessions_newest_first_with_live_round(store):
    """Summaries come newest-updated first, with the round taken from the session's own file."""
    first = store.create(new_record("score_pad", PLAYERS, now="2026-03-01T10:00:00"))
    second = store.create(new_record("tally", ["A"], now="2026-03-01T11:00:00"))
    store.play(first, round_of(1, 1, 1), "2026-03-01T12:00:00")
    listed = store.sessions()
    assert [x["id"] for x in listed] == [first, second]
    assert listed[0] | {"id": None} == {
        "id": None, "game": "score_pad", "players": PLAYERS, "status": "active", "created": "2026-03-01T10:00:00",
        "updated": "2026-03-01T12:00:00", "round": 2, "winners": [], "actions": 1,
        "totals": {"Ann": 1, "小明": 1, "Bo": 1}, "ranks": {"Ann": 1, "小明": 1, "Bo": 1}}
    assert store.sessions("finished") == []


def test_a_page_of_the_lists_is_the_newest_with_a_count_of_all(store):
    """The home screen asks for a page: the newest sessions of a status, active and finished mixed in order when
    no status is given, and how many there are in all."""
    ids = [store.create(new_record("score_pad", PLAYERS, {"rounds": 1}, now=f"2026-03-01T1{i}:00:00"))
           for i in range(4)]
    store.play(ids[0], round_of(1, 2, 3), "2026-03-01T19:00:00")
    store.play(ids[2], round_of(1, 2, 3), "2026-03-01T18:00:00")
    assert [x["id"] for x in store.sessions("finished", limit=1)] == [ids[0]]
    assert [x["id"] for x in store.sessions(limit=3)] == [ids[0], ids[2], ids[3]]
    assert (store.count(), store.count("active"), store.count("finished")) == (4, 2, 2)


def test_save_and_delete(store):
    """Save replaces a record after checking it; delete removes it; unknown ids are refused by key."""
    sid = store.create(pad())
    record = store.load(sid)
    record["title"] = "周五晚上"
    store.save(record)
    assert store.load(sid)["title"] == "周五晚上" and store.sessions()[0]["title"] == "周五晚上"
    before = snapshot(store.folder)
    with pytest.raises(RuleError) as err:
        store.save({**record, "options": {"rounds": -1}})
    assert err.value.key == "core.option_range" and snapshot(store.folder) == before
    store.delete(sid)
    assert store.sessions() == []
    for call in (lambda: store.load(sid), lambda: store.delete(sid), lambda: store.save(record)):
        with pytest.raises(RuleError) as err:
            call()
        assert err.value.key == "storage.session_unknown"


@pytest.mark.parametrize("sid", ["../data", "a/b", "", "x" * 65, "名字"])
def test_ids_that_are_not_plain_names_are_refused(store, sid):
    """A session id can never point outside the sessions folder."""
    with pytest.raises(RuleError) as err:
        store.load(sid)
    assert err.value.key == "storage.id_invalid"


def test_given_ids_are_kept_and_never_reused(store):
    """A record with an id keeps it; a second one with the same id is refused."""
    assert store.create(new_record("tally", ["A"], id="friday")) == "friday"
    before = snapshot(store.folder)
    with pytest.raises(RuleError) as err:
        store.create(new_record("tally", ["B"], id="friday"))
    assert err.value.key == "storage.id_exists" and snapshot(store.folder) == before


def test_generated_ids_are_unique(store):
    """Generated ids differ even when created within the same second."""
    ids = {store.create(pad()) for _ in range(20)}
    assert len(ids) == 20 and all(re.fullmatch(r"\d{14}-[0-9a-f]{6}", i) for i in ids)


def test_generated_ids_are_unique_when_the_random_part_repeats(tmp_path, monkeypatch):
    """In one second, a random part drawn again is drawn anew: a new id is neither stored nor given to another
    session of the same batch (a backup merge stores every renamed session in one batch, before any file)."""
    drawn = iter(["abcdef", "abcdef", "abcdef", "123456", "abcdef", "123456", "fedcba"])
    monkeypatch.setattr(store_module, "secrets", SimpleNamespace(token_hex=lambda nbytes: next(drawn)))
    with Store(tmp_path / "data", clock=lambda: datetime(2026, 3, 1, 20, 0, 0)) as s:
        ids = [s.create(pad()), *s.create_many([pad(), pad()])]
        assert ids == ["20260301200000-abcdef", "20260301200000-123456", "20260301200000-fedcba"]
        assert sorted(x["id"] for x in s.sessions()) == sorted(ids)



def test_a_session_without_times_is_stamped_with_an_aware_time(tmp_path, shanghai):
    """An imported file with no times is stamped with the clock's moment as an aware UTC time: the naive local
    time it got before was read as UTC by the screens (8 hours in the future in China)."""
    with Store(tmp_path / "data", clock=lambda: datetime(2026, 3, 1, 20, 0, 0)) as s:
        record = {k: v for k, v in pad().items() if k not in ("id", "created", "updated")}
        sid = s.import_text(json.dumps(record))
        stored = s.load(sid)
    assert stored["created"] == stored["updated"] == "2026-03-01T12:00:00+00:00"
    assert datetime.fromisoformat(stored["created"]) == datetime(2026, 3, 1, 12, tzinfo=timezone.utc)


def test_export_import_round_trip(store):
    """An exported session imports back under a new id with the same record and state."""
    sid = store.create(pad(target=10))
    store.play(sid, round_of(3, 4, 5), T0)
    store.play(sid, round_of(3, 4, 6), T0)
    text = store.export(sid)
    assert "小明" in text
    new = store.import_text(text)
    assert new != sid
    assert {**store.load(new), "id": sid} == store.load(sid)
    assert store.state(new) == store.state(sid)
    assert store.import_text(text.encode("utf-8")) not in (sid, new)


@pytest.mark.parametrize("text,key", [
    ("{not json", "plain.not_json"),
    (b"\xff\xfe", "plain.not_json"),
    ("[1, 2]", "record.not_object"),
    ('{"game": "score_pad", "players": ["A"], "colour": 1}', "record.field_unknown"),
    ('{"game": "score_pad", "players": ["A"], "schema": 7}', "record.schema_unsupported"),
    ('{"game": "nope", "players": ["A"]}', "core.game_unknown"),
    ('{"game": "tally", "players": ["A"], "actions": {}}', "record.actions_not_list"),
    ('{"game": "tally", "players": ["A", "B"], "actions": [{"type": "score", "by": "B", "points": 1}]}',
     "record.action_refused"),
])
def test_import_refuses_bad_files_by_name(store, text, key):
    """Each kind of bad file is refused with a key naming the problem, and nothing is stored."""
    before = snapshot(store.folder)
    with pytest.raises(RuleError) as err:
        store.import_text(text)
    assert err.value.key == key
    assert snapshot(store.folder) == before


def test_import_not_json_says_where(store):
    """The JSON error names the line and column."""
    with pytest.raises(RuleError) as err:
        store.import_text('{\n  "game": }')
    assert err.value.params["detail"].startswith("line 2, column 11")


def test_two_stores_on_one_folder_see_each_others_writes(tmp_path):
    """A second store (another server process) sees actions written by the first; caches follow the files."""
    folder = tmp_path / "data"
    with Store(folder) as a, Store(folder) as b:
        sid = a.create(pad())
        assert b.state(sid)["scores"] == []
        a.play(sid, round_of(1, 2, 3), T0)
        _, state = b.play(sid, round_of(4, 5, 6), T0)
        assert state["scores"] == [{"Ann": 1, "小明": 2, "Bo": 3}, {"Ann": 4, "小明": 5, "Bo": 6}]
        assert a.state(sid) == state
        a.add_player("Ann")
        b.add_player("Bo")
        assert a.players() == ["Ann", "Bo"]


def test_roster(store):
    """Names are added in order, tidied (trimmed, composed one way, pasted invisible characters dropped, an
    emoji's joiner kept), checked (the same player in another case or width, or an invisible name, refused), and
    removed."""
    store.add_player(" Ann ")
    store.add_player("小明")
    store.add_player("e\u0301mile\u200b")
    store.add_player("\u202eBob")
    store.add_player("👩\u200d🍳")
    assert store.players() == ["Ann", "小明", "émile", "Bob", "👩\u200d🍳"]
    before = snapshot(store.folder)
    for name, key in [("ann", "storage.player_duplicate"), ("Ａｎｎ", "storage.player_duplicate"),
                      ("ÉMILE", "storage.player_duplicate"), ("Ann\u200b", "storage.player_duplicate"),
                      ("", "storage.player_name_empty"), ("\u200b", "storage.player_name_empty"),
                      (" ", "storage.player_name_empty"), ("x" * 41, "storage.player_name_length"),
                      (None, "storage.player_name_empty"),
                      ("table", "core.player_reserved")]:
        with pytest.raises(RuleError) as err:
            store.add_player(name)
        assert err.value.key == key
    with pytest.raises(RuleError) as err:
        store.remove_player("Zed")
    assert err.value.key == "storage.player_unknown"
    assert snapshot(store.folder) == before
    store.remove_player("Ann")
    assert store.players()[:2] == ["小明", "émile"]


def test_undoing_a_ruling_forgets_the_alias_it_taught_and_redo_teaches_it_again(store):
    """Play-test (Guess Club, four phones): the setter ruled 冰激凌 the same as 冰淇淋, the host undid the ruling with
    the table's consent, and the pair stayed learned in the store, brought into every later topic as the table's
    own ruling. Undo now forgets a pair the undone action taught (a pair known before it stays); redo teaches it
    again."""
    store.add_alias("番茄", "西红柿")
    sid = store.create(new_record("guess_club", ["Ann", "Bo", "Cy"], {"cards": 1}))
    for action in ({"type": "topic", "by": "Ann", "text": "甜点"},
                   {"type": "answers", "by": "Ann", "cards": ["冰淇淋"]},
                   {"type": "answers", "by": "Bo", "cards": ["冰激凌"]},
                   {"type": "answers", "by": "Cy", "cards": ["月饼"]}, {"type": "play", "by": "Bo", "card": 0}):
        store.play(sid, action)
    store.play(sid, {"type": "rule", "by": "Ann", "valid": True, "matches": [["Ann", 0]]})
    assert ("冰激凌", "冰淇淋") in store.aliases() or ("冰淇淋", "冰激凌") in store.aliases()
    store.undo(sid, consent=True)
    assert store.aliases() == [("番茄", "西红柿")]
    store.redo(sid)
    assert len(store.aliases()) == 2


def test_aliases(store):
    """Alias pairs are learned once, in either order; empty or identical pairs are refused."""
    store.add_alias("番茄", "西红柿")
    store.add_alias("西红柿", "番茄")
    store.add_alias("Catan", "卡坦岛")
    assert store.aliases() == [("番茄", "西红柿"), ("Catan", "卡坦岛")]
    before = snapshot(store.folder)
    for a, b, key in [("", "x", "storage.alias_empty"), ("x", None, "storage.alias_empty"),
                      ("猫", " 猫 ", "storage.alias_same")]:
        with pytest.raises(RuleError) as err:
            store.add_alias(a, b)
        assert err.value.key == key
    assert snapshot(store.folder) == before


def test_settings(tmp_path):
    """Defaults, changes that persist, and refusals of unknown keys and values."""
    folder = tmp_path / "data"
    with Store(folder) as s:
        assert s.settings() == {"lang": "zh-CN", "sound": True, "theme": "system", "keep_messages": False}
        s.set_setting("lang", "en")
        s.set_setting("sound", False)
        before = snapshot(folder)
        for key, value, code in [("volume", 3, "storage.setting_unknown"), ("lang", "fr", "storage.setting_invalid"),
                                 ("sound", 1, "storage.setting_invalid"), ("theme", "pink", "storage.setting_invalid"),
                                 ("keep_messages", "yes", "storage.setting_invalid")]:
            with pytest.raises(RuleError) as err:
                s.set_setting(key, value)
            assert err.value.key == code
        assert snapshot(folder) == before
    with Store(folder) as s:
        assert s.settings() == {"lang": "en", "sound": False, "theme": "system", "keep_messages": False}


def test_game_profiles(tmp_path):
    """A game's profile is saved whole, replaced by the next, kept apart from other games, and survives reopening."""
    folder = tmp_path / "data"
    rows = {"rows": "T-Rex: 4 1 -2 -5; Brontosaurus: 0 3 5 8", "eggs": "Pentaceratops: 2 -3", "seen": [1, None]}
    with Store(folder) as s:
        assert s.profiles("cubosaurs") == {}
        s.set_profile("cubosaurs", {"rows": "old"})
        s.set_profile("cubosaurs", rows)
        s.set_profile("flip7", {})
        mine = s.profiles("cubosaurs")
        mine["rows"] = "changed"
        assert s.profiles("cubosaurs") == rows and s.profiles("flip7") == {} and s.profiles("bacon") == {}
    with Store(folder) as s:
        assert s.profiles("cubosaurs") == rows
        assert s.players() == [] and s.settings()["lang"] == "zh-CN"


@pytest.mark.parametrize("game, data, key", [
    ("chess", {}, "storage.profile_game_unknown"),
    (None, {}, "storage.profile_game_unknown"),
    ("cubosaurs", ["rows"], "storage.profile_invalid"),
    ("cubosaurs", {1: "x"}, "storage.profile_invalid"),
    ("cubosaurs", {"rows": ("a", "b")}, "storage.profile_invalid"),
    ("cubosaurs", {"rows": {"a", "b"}}, "storage.profile_invalid"),
    ("cubosaurs", {"value": float("nan")}, "storage.profile_invalid"),
    ("cubosaurs", {"rows": "x" * 20_000}, "storage.profile_too_large"),
])
def test_game_profile_refusals_change_no_file(store, game, data, key):
    """An unknown game, data that is not a plain-JSON object, or too much of it: refused, nothing written."""
    store.set_profile("cubosaurs", {"rows": "kept"})
    before = snapshot(store.folder)
    with pytest.raises(RuleError) as err:
        store.set_profile(game, data)
    assert err.value.key == key
    assert_translated(key, err.value.params)
    assert snapshot(store.folder) == before and store.profiles("cubosaurs") == {"rows": "kept"}


def test_closed_store_refuses_use(tmp_path):
    """After close nothing more is read or written."""
    s = Store(tmp_path / "data")
    s.close()
    with pytest.raises(RuntimeError):
        s.players()


def test_every_storage_key_is_translated():
    """Every storage.* key the code raises has an English and a Chinese text (the import's checks that the command
    line shares are raised from `scoring.record`, by the import's keys)."""
    files = [*Path(storage.__file__).parent.glob("*.py"), Path(scoring.record.__file__)]
    source = "".join(p.read_text(encoding="utf-8") for p in files)
    used = set(re.findall(r'"(storage\.[a-z_]+)"', source))
    used |= {f"storage.damaged.{kind}" for kind in KINDS} | {f"storage.status.{s}" for s in STATUSES}
    assert used and used <= set(table("en")) and used <= set(table("zh-CN"))
    own = {k for k in table("en") if k.startswith("storage.")}
    assert own == used


def test_an_action_whose_side_effect_the_store_refuses_is_not_logged(tmp_path, monkeypatch):
    """A Cubosaurs row the game's saved profile cannot hold (over `PROFILE_MAX`): the action is refused with the
    store's reason and the log, state and files stay as they were (the action was logged, then refused)."""
    from storage import prefs

    with Store(tmp_path) as store:
        sid = store.create(new_record("cubosaurs", ["Ann", "Bo"]))
        monkeypatch.setattr(prefs, "PROFILE_MAX", 60)
        before = (store.load(sid), store.state(sid), store.profiles("cubosaurs"))
        with pytest.raises(RuleError) as err:
            store.play(sid, {"type": "row", "by": "table", "kind": "dino", "name": "Velociraptor",
                             "values": [1, 2, 3, 4]})
        assert err.value.key == "storage.profile_too_large"
        assert (store.load(sid), store.state(sid), store.profiles("cubosaurs")) == before
    with Store(tmp_path) as store:
        assert store.load(sid)["actions"] == []


def test_history_narrows_to_a_game_and_a_player_as_the_statistics_compare_them(tmp_path):
    """History could only be paged ten at a time. `sessions` and `count` narrow the finished ones to a game (the
    statistics' key: "azul " is Azul's pad, a pad set to lowest wins is another game) and a player (case and width
    ignored: "ＡＮＮ" is Ann), newest first and still a page at a time; an unfinished session is not among them."""
    from tests.test_stats import finished
    with Store(tmp_path) as store:
        azul = finished(store, [{"Ann": 5, "Bo": 3}], "2026-03-01T20:00:00", players=["Ann", "Bo"], title="Azul")
        wide = finished(store, [{"ＡＮＮ": 5, "Cy": 3}], "2026-03-02T20:00:00", players=["ＡＮＮ", "Cy"],
                        title="azul ")
        plain = finished(store, [{"Ann": 1, "Bo": 2}], "2026-03-03T20:00:00", players=["Ann", "Bo"])
        others = finished(store, [{"Bo": 1, "Cy": 2}], "2026-03-04T20:00:00", players=["Bo", "Cy"], title="Azul")
        low = finished(store, [{"Ann": 1, "Bo": 2}], "2026-03-05T20:00:00", players=["Ann", "Bo"], title="Azul",
                       lower_wins=True)
        store.create(new_record("score_pad", ["Ann", "Bo"], now="2026-03-06T20:00:00", title="Azul"))

        def ids(**narrow):
            """The finished sessions' ids, narrowed."""
            listed = [s["id"] for s in store.sessions("finished", **narrow)]
            assert store.count("finished", **narrow) == len(listed)
            return listed

        assert ids(game="score_pad:azul", player="ann") == [wide, azul]
        assert ids(game="score_pad:azul") == [others, wide, azul]
        assert ids(player=" ANN") == [low, plain, wide, azul]
        assert ids(game="score_pad/lowest:azul") == [low] and ids(player="Di") == []
        assert [s["id"] for s in store.sessions("finished", limit=1, player="Ann")] == [low]
        assert store.count(game="score_pad:azul", player="Ann") == 3  # with the unfinished one, when asked for all
