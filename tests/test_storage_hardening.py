"""The failures the hardening issue found in the data folder, each reproduced: no file bricks the home screen,
silent corruption is caught by checksums, imports are bounded and checked, OS errors are messages that lose
nothing, a read-only folder opens read-only, a crash between the session file and the catalogue heals, two
servers cannot share a folder, and creating a session rewrites one catalogue shard, not the catalogue."""

from __future__ import annotations

import errno
import json
import os
import shutil
import threading
from datetime import datetime
from pathlib import Path

import flet as ft
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import plain
from scoring import record as rec
from scoring.core import RuleError
from scoring.record import new_record
from storage import Store
from storage import store as store_module
from storage.atomic import AtomicStorage, read_tables
from storage.store import IMPORT_MAX_ACTIONS, IMPORT_MAX_BYTES, shard_of
from views import home, words
from views.app import App

PLAYERS = ["Ann", "小明"]
T0 = "2026-03-01T20:00:00"
WHEN = datetime(2026, 3, 1, 20, 15, 9)
BRICK = '{"game":"score_pad","players":["Eve"],"created":"0001-01-01T00:00:00+14:00",' \
        '"updated":"0001-01-01T00:00:00+14:00"}'


def round_of(a, b):
    """A score pad round."""
    return {"type": "round", "by": "table", "scores": {"Ann": a, "小明": b}}


def snapshot(folder: Path) -> dict:
    """Every file under folder and its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def edit(path: Path, change) -> None:
    """Change a stored file's tables and write it back with a valid checksum (a buggy writer, not a bit flip)."""
    tables = read_tables(path)
    change(tables)
    AtomicStorage(path).write(tables)


class StubPage:
    """Enough of a page to build the home screen."""

    route = "/"

    def show_dialog(self, dialog):
        """Dialogs are not shown here."""


def home_texts(store: Store) -> list[str]:
    """The texts of the home screen built over store (in English)."""
    app = App(StubPage(), store)
    app.settings = {"lang": "en"}
    app.picker = ft.FilePicker()
    _, body, _ = home.build(app)
    out, stack = [], [body]
    while stack:
        control = stack.pop()
        if isinstance(control, ft.Text) and isinstance(control.value, str):
            out.append(control.value)
        for name in ("content", "title", "subtitle", "leading"):
            child = getattr(control, name, None)
            if isinstance(child, ft.Control):
                stack.append(child)
        stack.extend(getattr(control, "controls", None) or [])
    return out


@pytest.fixture
def store(tmp_path):
    """A store in an empty folder with a fixed clock."""
    with Store(tmp_path / "data", clock=lambda: WHEN) as s:
        yield s


# ---------------------------------------------------------------------------------------------------------
# Nothing bricks the app


def test_the_year_one_import_is_refused_and_never_bricks_the_home_screen(store):
    """The issue's import: refused now; and a summary holding such a time renders without OverflowError."""
    with pytest.raises(RuleError) as err:
        store.import_text(BRICK)
    assert err.value.key == "storage.import_time_invalid"
    assert words.parse_time("0001-01-01T00:00:00+14:00") is None
    assert words.parse_time("9999-12-31T23:59:59-14:00") is None
    assert words.parse_time(17) is None and words.when("en", None) == ""
    sid = store.create(new_record("score_pad", ["Eve"], now="0001-01-01T00:00:00+14:00"))
    assert any("Score pad" in t for t in home_texts(store)) and sid


@pytest.mark.parametrize("where,change", [
    ("catalogue", lambda t: next(iter(t["sessions"].values())).update(updated=5)),
    ("catalogue", lambda t: next(iter(t["sessions"].values())).pop("status")),
    ("session", lambda t: t["session"]["1"]["summary"].update(updated=None)),
    ("session", lambda t: t["session"]["1"]["summary"].update(extra=1)),
    ("session", lambda t: t["session"]["1"]["record"]["players"].append({"nom": "x"})),
], ids=["catalogue-updated-not-text", "catalogue-no-status", "session-updated-null", "session-unknown-key",
        "session-player-without-name"])
def test_wrong_shape_files_are_quarantined_and_listed_and_home_renders(tmp_path, where, change):
    """Valid JSON of the wrong shape: moved aside, listed as damaged with where it is wrong; the rest renders."""
    folder = tmp_path / "data"
    with Store(folder, clock=lambda: WHEN) as s:
        bad = s.create(new_record("score_pad", PLAYERS, now="2026-03-01T10:00:00"))
        good = s.create(new_record("score_pad", ["Bo"], now="2026-03-01T11:00:00"))
    path = folder / "catalogue" / f"{shard_of(bad):02d}.json" if where == "catalogue" else \
        folder / "sessions" / f"{bad}.json"
    if where == "catalogue":
        edit(path, lambda t: t["sessions"].update({k: v for k, v in t["sessions"].items() if v["id"] == bad}) or
             change({"sessions": {k: v for k, v in t["sessions"].items() if v["id"] == bad}}))
    else:
        edit(path, change)
    with Store(folder, clock=lambda: WHEN) as s:
        listed = {x["id"] for x in s.sessions()}
        assert good in listed
        assert bad in listed if where == "catalogue" else bad not in listed
        [problem] = s.problems
        assert problem["key"] == "storage.damaged.shape" and problem["params"]["file"] == path.name
        texts = home_texts(s)
        assert any(path.name in t and "wrong value" in t for t in texts)


def test_roster_row_without_name_is_quarantined_not_a_keyerror(tmp_path):
    """data.json with a roster row without `name`: kept aside, listed; the roster starts empty."""
    folder = tmp_path / "data"
    with Store(folder) as s:
        s.add_player("Ann")
    edit(folder / "data.json", lambda t: t["players"]["1"].pop("name"))
    with Store(folder, clock=lambda: WHEN) as s:
        assert s.players() == [] and s.problems[0]["key"] == "storage.damaged.shape"
        assert s.problems[0]["params"]["detail"] == "players.1.name: missing"


def test_quarantine_notice_persists_until_dismissed(tmp_path):
    """The damaged-file notice survives restarts and goes away only when dismissed."""
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "data.json").write_text("{broken")
    with Store(folder, clock=lambda: WHEN) as s:
        [notice] = s.problems
    for _ in range(2):
        with Store(folder) as s:
            assert [p["id"] for p in s.problems] == [notice["id"]]
    with Store(folder) as s:
        s.dismiss(notice["id"])
        assert s.problems == []
    with Store(folder) as s:
        assert s.problems == []
    assert (folder / "data.json.corrupt-20260301T201509").read_text() == "{broken"


def test_a_second_quick_tap_on_dismiss_does_not_dismiss_the_next_notice(tmp_path):
    """Two damaged files listed; "Dismiss" on the first tapped twice quickly. Drawn again without the first, the
    second notice's button is not the control the first's was (Flet's own diff): the second tap is answered as
    too late. Keyed by place, it dismissed the second notice unread."""
    from tests.card_view_helpers import taken_over
    from tests.test_views_components import walk

    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "data.json").write_text("{broken")
    (folder / "notices.json").write_text("{broken")
    with Store(folder, clock=lambda: WHEN) as s:
        app = App(StubPage(), s)
        app.settings = {"lang": "en"}
        old = ft.Column(controls=home.problems(app))
        first = next(c for c in walk(old.controls[0]) if isinstance(c, ft.TextButton))
        first.on_click(None)
        new = ft.Column(controls=home.problems(app))
        assert len(new.controls) == len(old.controls) - 1
        second = next(c for c in walk(new.controls[0]) if isinstance(c, ft.TextButton))
        assert not taken_over(old, first, new, second)


def test_a_damaged_notices_file_is_itself_kept_aside_and_listed(tmp_path):
    """notices.json cannot brick the app either."""
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "notices.json").write_text('{"schema": 1, "notices": {"1": {"key": 5}}}')
    with Store(folder, clock=lambda: WHEN) as s:
        [notice] = s.problems
        assert notice["params"]["file"] == "notices.json" and notice["key"] == "storage.damaged.shape"


# ---------------------------------------------------------------------------------------------------------
# Silent corruption


def test_a_changed_digit_in_a_session_file_is_caught_by_its_checksum(store):
    """A digit changed on disk would silently change a score: the checksum refuses the file instead."""
    sid = store.create(new_record("score_pad", PLAYERS))
    store.play(sid, round_of(3, 7), T0)
    path = store.folder / "sessions" / f"{sid}.json"
    raw = path.read_bytes()
    at = raw.index(b'"Ann":3')
    path.write_bytes(raw[:at] + b'"Ann":8' + raw[at + 7:])
    with pytest.raises(RuleError) as err:
        store.state(sid)
    assert err.value.key == "storage.session_unreadable"
    assert store.problems[-1]["key"] == "storage.damaged.checksum"


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(where=st.integers(0, 10 ** 6), byte=st.integers(0, 255))
def test_any_byte_change_of_a_stored_file_is_found_or_harmless(tmp_path_factory, where, byte):
    """Changing any one byte of the settings file: either it still reads the same, or it is kept aside."""
    folder = tmp_path_factory.mktemp("flip")
    with Store(folder) as s:
        s.set_setting("theme", "dark")
        s.add_player("小明")
        before = (s.settings(), s.players())
    path = folder / "data.json"
    raw = bytearray(path.read_bytes())
    raw[where % len(raw)] = byte
    path.write_bytes(bytes(raw))
    with Store(folder) as s:
        assert (s.settings(), s.players()) == before or s.problems


# ---------------------------------------------------------------------------------------------------------
# Imports


def exported(store: Store, rounds: int = 2, **options) -> dict:
    """A session exported from the store, as data."""
    sid = store.create(new_record("score_pad", PLAYERS, options))
    for i in range(rounds):
        store.play(sid, round_of(i, 2 * i), T0)
    return json.loads(store.export(sid))


@pytest.mark.parametrize("change,key", [
    (lambda d: d.update(status="finished"), "storage.import_status_mismatch"),
    (lambda d: d.update(redo=[{"type": "round", "by": "table", "scores": {"Nobody": 1}}]),
     "storage.import_redo_invalid"),
    (lambda d: d.update(created="yesterday"), "storage.import_time_invalid"),
    (lambda d: d["actions"][0].update(at="yesterday"), "record.action_time_invalid"),
    (lambda d: d.update(redo=[{**d["actions"][1], "at": 5}]), "record.action_time_invalid"),
    (lambda d: d["actions"][0].update(bonus=5), "core.field_unknown"),
    (lambda d: d["players"][0].update(team="red"), "record.field_unknown"),
    (lambda d: d["players"][1].update(name=d["players"][0]["name"].swapcase()), "core.player_duplicate"),
    (lambda d: d.update(seed=float("nan")), "plain.not_json"),
    (lambda d: d["options"].update(deep=json.loads("[" * 40 + "]" * 40)), "plain.too_deep"),
], ids=["status-contradicts-replay", "redo-does-not-replay", "time-not-iso", "action-time-not-iso",
        "redo-time-not-iso", "unknown-key-in-action", "unknown-key-in-player", "one-player-seated-twice", "nan",
        "too-deep"])
def test_import_refusals_name_the_problem_and_store_nothing(store, change, key):
    """Each hostile or broken import is refused by name and leaves the folder as it was."""
    data = exported(store)
    change(data)
    before = snapshot(store.folder)
    with pytest.raises(RuleError) as err:
        store.import_text(json.dumps(data, allow_nan=True))
    assert err.value.key == key or (key == "core.field_unknown" and err.value.params.get("reason") == key)
    assert snapshot(store.folder) == before


def test_a_valid_redo_stack_imports(store):
    """A redo stack that replays on top of the log is kept."""
    data = exported(store, 1)
    data["redo"] = [round_of(5, 5), round_of(4, 4)]
    sid = store.import_text(json.dumps(data))
    assert len(store.load(sid)["redo"]) == 2
    record, _ = store.redo(sid, T0)
    assert record["actions"][-1]["scores"] == {"Ann": 4, "小明": 4}


@pytest.mark.parametrize("redo", [[1], ["x"], [{"type": "round", "by": "table", "scores": {"Nobody": 1}}]],
                         ids=["number", "text", "does-not-replay"])
def test_create_and_save_refuse_a_bad_redo_stack_and_store_nothing(store, redo):
    """A redo stack that is not actions redoable on top of the log is refused by create and save as by an import
    (it was stored, then the next read quarantined the file as damaged)."""
    sid = store.create(new_record("score_pad", PLAYERS))
    before = snapshot(store.folder)
    for write in (store.create, store.save):
        with pytest.raises(RuleError) as err:
            write({**store.load(sid), "redo": redo} if write == store.save else
                  {**new_record("score_pad", PLAYERS), "redo": redo})
        assert err.value.key == "storage.import_redo_invalid"
    assert snapshot(store.folder) == before
    with Store(store.folder) as again:
        assert [s["id"] for s in again.sessions()] == [sid] and not again.problems


def test_import_size_is_refused_before_parsing(store, monkeypatch):
    """Over the cap: refused by its size, without parsing a byte of it."""
    monkeypatch.setattr(plain.json, "loads", lambda *a, **k: pytest.fail("parsed"))
    with pytest.raises(RuleError) as err:
        store.import_text(b" " * (IMPORT_MAX_BYTES + 1))
    assert err.value.key == "plain.too_large" and err.value.params["size"] == IMPORT_MAX_BYTES + 1


def test_import_action_count_is_capped(store):
    """More actions than the cap: refused before replaying."""
    data = exported(store, 0)
    data["actions"] = [round_of(1, 1)] * (IMPORT_MAX_ACTIONS + 1)
    with pytest.raises(RuleError) as err:
        store.import_text(json.dumps(data))
    assert err.value.key == "storage.import_too_many_actions"


def test_import_replays_outside_the_folder_lock(store, monkeypatch):
    """While an import is being checked, another table's action is stored (nothing waits for the import)."""
    sid = store.create(new_record("score_pad", PLAYERS))
    text = json.dumps(exported(store))
    checking, played = threading.Event(), threading.Event()
    accept = Store._accept

    def slow_accept(data):
        """Hold the import inside its check until the other table has played."""
        checking.set()
        assert played.wait(timeout=30), "another table's action waited for the import"
        return accept(data)

    monkeypatch.setattr(Store, "_accept", staticmethod(slow_accept))
    result = {}
    worker = threading.Thread(target=lambda: result.update(sid=store.import_text(text)))
    worker.start()
    assert checking.wait(timeout=30)
    store.play(sid, round_of(1, 1), T0)
    played.set()
    worker.join(timeout=60)
    assert result["sid"] and len(store.load(sid)["actions"]) == 1


@st.composite
def mangled(draw) -> str:
    """An exported session with random parts replaced, removed or added."""
    data = {"game": "score_pad", "players": ["Ann", "小明"], "options": {"rounds": 3}, "seed": 1,
            "actions": [round_of(1, 2), round_of(3, 4)], "redo": [], "status": "active",
            "created": T0, "updated": T0}
    values = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-10 ** 20, 10 ** 20), st.text(max_size=5),
                                    st.floats(allow_nan=True)),
                          lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                  st.dictionaries(st.text(max_size=4), inner, max_size=3)),
                          max_leaves=8)
    for _ in range(draw(st.integers(1, 4))):
        path = draw(st.sampled_from(["", "options", "actions.0", "actions.1", "actions.1.scores", "players.0"]))
        target = data
        for part in [p for p in path.split(".") if p]:
            if isinstance(target, list) and part.isdigit() and int(part) < len(target):
                target = target[int(part)]
            elif isinstance(target, dict):
                target = target.get(part)
        if isinstance(target, dict):
            key = draw(st.one_of(st.sampled_from(sorted(target) or ["x"]), st.text(max_size=4)))
            if draw(st.booleans()):
                target.pop(key, None)
            else:
                target[key] = draw(values)
    return json.dumps(data, ensure_ascii=False, allow_nan=True)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=mangled())
def test_import_fuzz_stores_a_checked_record_or_refuses_by_name(tmp_path_factory, text):
    """Whatever comes in: a RuleError with nothing stored, or a session that reloads and replays the same."""
    with Store(tmp_path_factory.mktemp("imp")) as s:
        before = snapshot(s.folder)
        try:
            sid = s.import_text(text)
        except RuleError as err:
            assert isinstance(err.key, str) and snapshot(s.folder) == before
            return
        record = s.load(sid)
        assert rec.replay(record) == s.state(sid)
        assert record["status"] == ("finished" if s.state(sid).get("over") else "active")


# ---------------------------------------------------------------------------------------------------------
# Errors the table can act on


def fail_writes(monkeypatch, code: int) -> None:
    """Make every atomic write fail with an OS error code (disk full, read-only...)."""

    def refuse(*args, **kwargs):
        """The injected failure."""
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(store_module, "write_atomic", refuse)
    monkeypatch.setattr(AtomicStorage, "write", lambda self, data: refuse())


@pytest.mark.parametrize("code,key", [(errno.ENOSPC, "storage.disk_full"), (errno.EROFS, "storage.read_only"),
                                      (errno.EIO, "storage.io_failed")])
def test_write_failures_are_messages_and_lose_nothing(store, monkeypatch, code, key):
    """A full disk (or read-only, or failing) folder: a translated refusal; state, files and caches unchanged;
    once the disk has room again the same action is stored."""
    sid = store.create(new_record("score_pad", PLAYERS))
    store.play(sid, round_of(1, 2), T0)
    before, state = snapshot(store.folder), store.state(sid)
    fail_writes(monkeypatch, code)
    for attempt in (lambda: store.play(sid, round_of(3, 4), T0), lambda: store.add_player("Bo"),
                    lambda: store.create(new_record("score_pad", PLAYERS))):
        with pytest.raises(RuleError) as err:
            attempt()
        assert err.value.key == key
    assert snapshot(store.folder) == before and store.state(sid) == state
    monkeypatch.undo()
    _, after = store.play(sid, round_of(3, 4), T0)
    assert len(after["scores"]) == 2


def test_a_vanished_folder_is_a_message(tmp_path):
    """The data folder removed (a card pulled out): the next action says so, nothing raises further."""
    folder = tmp_path / "data"
    with Store(folder) as s:
        sid = s.create(new_record("score_pad", PLAYERS))
        s.state(sid)
        shutil.rmtree(folder)
        with pytest.raises(RuleError) as err:
            s.play(sid, round_of(1, 1), T0)
        assert err.value.key == "storage.folder_missing"


def test_a_read_only_folder_opens_read_only(tmp_path, monkeypatch):
    """Start on a read-only folder: no traceback on `.lock`; everything reads; every change is refused."""
    folder = tmp_path / "data"
    with Store(folder) as s:
        sid = s.create(new_record("score_pad", PLAYERS))
        s.play(sid, round_of(1, 2), T0)
        s.add_player("Ann")
    (folder / ".lock").unlink()
    before = snapshot(folder)
    real_open, real_mkdir = open, Path.mkdir

    def ro_open(path, mode="r", *args, **kwargs):
        """Opening for writing fails as on a read-only medium."""
        if any(m in mode for m in "wa+x"):
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(path, mode, *args, **kwargs)

    def ro_mkdir(self, *args, **kwargs):
        """Creating folders fails as on a read-only medium."""
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(store_module, "open", ro_open, raising=False)
    monkeypatch.setattr(Path, "mkdir", ro_mkdir)
    with Store(folder, exclusive=True) as s:
        assert s.read_only and [p["key"] for p in s.problems] == ["storage.read_only_folder"]
        assert [x["id"] for x in s.sessions()] == [sid] and s.players() == ["Ann"]
        assert s.state(sid)["scores"] == [{"Ann": 1, "小明": 2}]
        for attempt in (lambda: s.play(sid, round_of(3, 4), T0), lambda: s.set_setting("lang", "en"),
                        lambda: s.delete(sid), lambda: s.import_text(s.export(sid))):
            with pytest.raises(RuleError) as err:
                attempt()
            assert err.value.key == "storage.read_only"
    monkeypatch.setattr(Path, "mkdir", real_mkdir)
    assert snapshot(folder) == before


# ---------------------------------------------------------------------------------------------------------
# The catalogue


class Crash(BaseException):
    """A power cut between two writes."""


def crash_undoing_a_finish(folder: Path, monkeypatch) -> str:
    """A finished one-round game whose finishing action is undone, the machine dying after the session file
    was written and before the catalogue; its id."""
    with Store(folder) as s:
        sid = s.create(new_record("score_pad", PLAYERS, {"rounds": 1}))
        s.play(sid, round_of(1, 5), T0)
        assert [x["id"] for x in s.sessions("finished")] == [sid]

        def die(self, summaries):
            """The crash, after the session file was written."""
            raise Crash

        monkeypatch.setattr(Store, "_catalogue_put", die)
        with pytest.raises(Crash):
            s.undo(sid, T0)
        monkeypatch.undo()
    return sid


def test_crash_between_undoing_a_finish_and_the_catalogue_heals_at_open(tmp_path, monkeypatch):
    """Undoing the finishing action, the machine dies after the session file: at open the catalogue follows
    the session file (active again), not the stale "finished"."""
    folder = tmp_path / "data"
    sid = crash_undoing_a_finish(folder, monkeypatch)
    with Store(folder) as s:
        assert s.sessions("finished") == [] and [x["id"] for x in s.sessions("active")] == [sid]
        entry = read_tables(folder / "catalogue" / f"{shard_of(sid):02d}.json")["sessions"]
        assert [e["status"] for e in entry.values() if e["id"] == sid] == ["active"]
        assert not list((folder / "catalogue" / "pending").iterdir())


def test_a_crash_still_heals_when_the_table_plays_before_anything_is_listed(tmp_path, monkeypatch):
    """The catalogue is reconciled when first needed, not at open: a new session stored first, the session whose
    catalogue write was cut off is still listed as its file says."""
    folder = tmp_path / "data"
    sid = crash_undoing_a_finish(folder, monkeypatch)
    with Store(folder) as s:
        other = s.create(new_record("score_pad", PLAYERS))
        assert sorted(x["id"] for x in s.sessions("active")) == sorted([sid, other])
        assert s.count("finished") == 0 and not list((folder / "catalogue" / "pending").iterdir())


def test_creating_a_session_rewrites_one_shard_not_the_catalogue(store):
    """With many sessions stored, a new one writes its own file and one catalogue shard of 64."""
    store.create_many([new_record("score_pad", PLAYERS, id=f"s{i:04d}") for i in range(300)])
    before = snapshot(store.folder)
    sid = store.create(new_record("score_pad", PLAYERS))
    after = snapshot(store.folder)
    changed = {name for name in after if before.get(name) != after[name]}
    assert changed == {f"sessions/{sid}.json", f"catalogue/{shard_of(sid):02d}.json"}
    assert len(after[f"catalogue/{shard_of(sid):02d}.json"]) * 20 < sum(
        len(v) for k, v in after.items() if k.startswith("catalogue/"))


def test_a_legacy_catalogue_is_retired_and_rebuilt_from_the_session_files(tmp_path):
    """A folder from before the shards (one catalogue.json): the sessions are all listed; the old file goes."""
    folder = tmp_path / "data"
    with Store(folder) as s:
        sid = s.create(new_record("score_pad", PLAYERS))
    shutil.rmtree(folder / "catalogue")
    (folder / "catalogue.json").write_text('{"schema": 1, "sessions": {}}')
    with Store(folder) as s:
        assert [x["id"] for x in s.sessions()] == [sid] and not (folder / "catalogue.json").exists()


def test_a_second_server_store_is_refused(tmp_path):
    """Two servers on one folder: the second exclusive store is refused by name; plain stores still share."""
    with Store(tmp_path, exclusive=True):
        with pytest.raises(RuleError) as err:
            Store(tmp_path, exclusive=True)
        assert err.value.key == "storage.folder_in_use"
        with Store(tmp_path) as shared:
            assert shared.sessions() == []
    with Store(tmp_path, exclusive=True):
        pass


def test_a_session_whose_log_its_rules_refuse_is_left_out_of_a_backup_by_name(tmp_path):
    """A session file the store reads but whose log the game's rules refuse (an older version's rule, a hand
    edit; such a file is left in place): the backup holds every other session and names the one left out; it
    raised and no session could be backed up."""
    with Store(tmp_path) as store:
        good = store.create(new_record("score_pad", ["Ann", "Bob"], now="2026-01-01T20:00:00+00:00"))
        bad = store.create(new_record("score_pad", ["Ann", "Bob"], now="2026-01-02T20:00:00+00:00"))
        store.play(bad, {"type": "round", "by": "table", "scores": {"Ann": 1, "Bob": 2}})
    path = tmp_path / "sessions" / f"{bad}.json"
    raw = path.read_bytes()
    tables = json.loads(raw[raw.index(b'"tables":') + 9:-1])
    tables["session"]["1"]["record"]["actions"][0]["scores"]["Ann"] = "x"
    path.write_text(json.dumps({"schema": 1, **tables}))  # the unchecksummed form of schema 1
    with Store(tmp_path) as store:
        records, left_out = store.records()
        assert [r["id"] for r in records] == [good] and left_out == [bad]
