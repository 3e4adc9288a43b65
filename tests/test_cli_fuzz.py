"""The command line under fuzzing: whatever it is fed, `python -m scoring score|check` prints one valid JSON
document and exits 0, 1 (refused by the rules), 2 (malformed input) or 3 (internal error), never a traceback.

Records are drawn per game: the game's own move types and fields with arbitrary JSON values, plus raw byte
changes of a valid record and the hostile inputs the issue found (NaN, deep nesting, lone surrogates, numbers of
thousands of digits). Bounded: a few dozen examples per game, no deadline.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.__main__ import main
from scoring.core import engine, games

GAMES = sorted(g.id for g in games())
FUZZ = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
INTERNAL = 3
ROOT = Path(__file__).resolve().parent.parent


def _strict(name: str):
    """NaN and Infinity are not JSON: a parser hook that refuses them."""
    raise ValueError(name)


def run(args: list[str], text: str | bytes) -> tuple[int, object, str]:
    """Run the command line on text (as a file); its exit code, its parsed output and its standard error."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "record.json"
        path.write_bytes(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([*args, str(path)])
    return code, json.loads(out.getvalue(), parse_constant=_strict), err.getvalue()


def assert_answered(args: list[str], text: str | bytes) -> int:
    """One JSON document, a known exit code, and no traceback; returns the code."""
    code, output, err = run(args, text)
    assert code in (0, 1, 2, INTERNAL), code
    assert "Traceback" not in err
    assert isinstance(output, (dict, list))
    if code:
        assert isinstance(output, dict) and "error" in output
    return code


SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 6, 10 ** 6),
                    st.floats(allow_nan=False, allow_infinity=False, width=32), st.text(max_size=8))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=6), inner, max_size=4)),
                      max_leaves=12)


@st.composite
def records(draw, game: str) -> dict:
    """A record of game: a valid roster, then actions of the game's own move types with arbitrary fields."""
    eng = engine(game)
    count = draw(st.integers(eng.game.min_players, min(eng.game.max_players, 4)))
    players = [f"P{i}" for i in range(count)]
    actions = []
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(sorted(eng.specs)))
        fields = sorted(eng.specs[kind].fields or ())
        action = {"type": kind, "by": draw(st.sampled_from([*players, "table"]))}
        for name in fields:
            if draw(st.booleans()):
                action[name] = draw(st.one_of(VALUES, st.sampled_from(players),
                                              st.dictionaries(st.sampled_from(players), VALUES, max_size=3)))
        actions.append(action)
    return {"game": game, "players": players, "seed": draw(st.integers(0, 2 ** 31)), "actions": actions}


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_score_and_check_answer_every_record_with_json(game, data):
    """Fuzzed records of each game: JSON out, exit 0/1/2 (an engine that crashes on one is a bug), no traceback."""
    record = data.draw(records(game))
    text = json.dumps(record, ensure_ascii=False)
    for command in ("score", "check"):
        assert assert_answered([command], text) != INTERNAL


@pytest.mark.parametrize("record", [
    {"game": "kingdomino", "players": ["A", "B"], "actions": [{"type": "place", "by": "A", "domino": []}]},
    {"game": "flip7", "players": ["A", "B", "C"], "actions": [
        {"type": "round", "by": "table", "lines": {"A": {"cards": [1], "modifiers": [{"x": 1}]}}}]},
], ids=["kingdomino-empty-domino", "flip7-dict-modifier"])
def test_records_that_crashed_engines_are_answered_in_json(record):
    """The engine crashes the issue found: whatever the engine does, the command line answers in JSON
    (exit 3 while the engine still crashes on it — a bug for the game's engine, reported, not hidden)."""
    for command in ("score", "check"):
        assert_answered([command], json.dumps(record))


@FUZZ
@given(flips=st.lists(st.tuples(st.integers(0, 10 ** 6), st.integers(0, 255)), min_size=1, max_size=4))
def test_byte_changes_of_a_valid_record_are_answered(flips):
    """Random byte changes of a valid record: never a traceback."""
    text = bytearray(json.dumps({"game": "score_pad", "players": ["Ann", "小明"], "actions": [
        {"type": "round", "by": "table", "scores": {"Ann": 3, "小明": 12}}]}, ensure_ascii=False).encode("utf-8"))
    for where, byte in flips:
        text[where % len(text)] = byte
    assert_answered(["score"], bytes(text))


@pytest.mark.parametrize("text,key", [
    ('{"game": "score_pad", "players": ["A"], "seed": NaN}', "plain.not_json"),
    ('{"game": "score_pad", "players": ["A"], "seed": Infinity}', "plain.not_json"),
    ("[" * 100_000 + "]" * 100_000, "plain.too_deep"),
    ('{"game": "score_pad", "players": ["A"], "options": ' + '{"a": ' * 40 + "1" + "}" * 41, "plain.too_deep"),
    ('{"game": "score_pad", "players": ["\\ud800"]}', "plain.bad_text"),
    ('{"game": "score_pad", "players": ["A"], "seed": ' + "9" * 5000 + "}", "plain.number_too_large"),
    ('{"game": "score_pad", "players": ["A"], "actions": [{"type": "round", "by": "table", "scores": {"A": 1e308}},'
     ' {"type": "round", "by": "table", "scores": {"A": 1e308}}]}', "plain.number_too_large"),
    ("\xff\xfe", "plain.not_json"),
])
def test_hostile_inputs_are_malformed_input_exit_2(text, key):
    """The inputs the issue found (tracebacks, or NaN/Infinity printed) are refused as malformed: exit 2."""
    for command in ("score", "check"):
        code, output, _ = run([command], text.encode("latin-1") if text == "\xff\xfe" else text)
        assert (code, output["error"]) == (2, key)


def test_a_refused_action_exits_1_with_its_index():
    """Refused by the rules: exit 1, the action's index and the rule's key."""
    text = json.dumps({"game": "score_pad", "players": ["A", "B"], "actions": [
        {"type": "round", "by": "table", "scores": {"A": 1, "B": 2}},
        {"type": "round", "by": "table", "scores": {"A": 1, "C": 2}}]})
    code, output, _ = run(["check"], text)
    assert code == 1 and output["action"] == 1 and output["error"].startswith(("core.", "score_pad."))


def test_a_refusal_naming_a_move_keeps_its_type_and_says_its_name():
    """A refusal naming a move keeps the move's type in its parameters (what a program reads) and names it in
    words in its message, the game's own name: Flip 7's own line sent by the table read “line” on a Chinese run."""
    text = json.dumps({"game": "flip7", "players": ["A", "B", "C"], "actions": [
        {"type": "line", "by": "table", "number": 1, "line": {"numbers": [3]}}]})
    code, output, _ = run(["--lang", "zh-CN", "check"], text)
    assert code == 1 and output["error"] == "core.player_only" and output["params"]["move"] == "line"
    assert output["message"] == "“交上自己这一轮的牌”只能由某位玩家进行，不能由全桌进行。"


def test_an_internal_error_is_json_on_stdout_and_one_line_on_stderr(monkeypatch):
    """A bug in an engine: exit 3, a JSON report, one line on standard error, no traceback."""
    import scoring.__main__ as cli

    def broken(record, upto=None):
        """An engine bug."""
        raise KeyError("oops")

    monkeypatch.setattr(cli, "replay", broken)
    code, output, err = run(["score"], json.dumps({"game": "score_pad", "players": ["A"]}))
    assert code == INTERNAL and output["error"] == "internal" and "KeyError" in output["message"]
    assert err.count("\n") == 1 and "Traceback" not in err


def test_output_is_utf8_chinese_not_escaped():
    """Chinese names are printed as they are."""
    code, output, _ = run(["score"], json.dumps({"game": "score_pad", "players": ["小明"]}, ensure_ascii=False))
    assert code == 0 and "小明" in json.dumps(output, ensure_ascii=False)


def answer(args: list[str]) -> tuple[int, object, str]:
    """Run the command line on exactly these arguments; its exit code, its parsed output and its standard error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    return code, json.loads(out.getvalue(), parse_constant=_strict), err.getvalue()


@pytest.mark.parametrize("args, lang, quoted", [
    (["score"], "en", "the following arguments are required: file"),
    (["--lang", "fr", "score", "-"], "en", "invalid choice: 'fr'"),
    (["scorez", "-"], "en", "invalid choice: 'scorez'"),
    (["score", "-", "extra"], "en", "unrecognized arguments: extra"),
    (["--lang", "zh-CN", "view", "--seat"], "zh-CN", "expected one argument"),
    (["--lang=zh-CN"], "zh-CN", "the following arguments are required: command"),
    (["score", "-", "zh-CN"], "en", "unrecognized arguments: zh-CN"),
], ids=["missing-file", "unknown-language", "unknown-command", "extra-argument", "seat-without-name", "no-command",
        "language-name-not-after-lang"])
def test_wrong_arguments_are_a_json_refusal_exit_2(args, lang, quoted):
    """Wrong arguments: exit 2 and one JSON refusal on standard output, in the chosen language when --lang names
    one (argparse printed its usage on standard error and nothing on standard output)."""
    code, output, err = answer(args)
    assert (code, output["error"], err) == (2, "cli.usage", "")
    assert quoted in output["params"]["detail"] and output["params"]["usage"].startswith("usage: python -m scoring")
    assert output["message"].startswith({"en": "Wrong arguments: ", "zh-CN": "参数有误："}[lang])


@pytest.mark.parametrize("args", [["--help"], ["score", "-h"], ["--lang", "zh-CN", "view", "--help"]])
def test_help_is_one_json_document_exit_0(args):
    """Help is an answer: exit 0 and {"help": argparse's text} (it was plain text)."""
    code, output, err = answer(args)
    assert code == 0 and err == "" and set(output) == {"help"} and output["help"].startswith("usage: python -m")


@pytest.mark.parametrize("args", [["score"], ["prompt"]], ids=["short-answer", "long-answer"])
def test_an_answer_nobody_reads_is_one_line_on_stderr_not_a_traceback(tmp_path, args):
    """Standard output closed by its reader (`| head -c 10`): the answer cannot be written. The command line
    printed two chained tracebacks (BrokenPipeError, then again while reporting it as an internal error) and exited
    1, which reads as "refused by the rules". Now: exit 3 and one line on standard error, for a short answer and a
    long one (Splitter's prompt lists 21 rolls), and nothing more when Python flushes at exit."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"game": "splitter", "players": ["A", "B"], "seed": 3}))
    read, write = os.pipe()
    os.close(read)
    with os.fdopen(write, "wb") as closed:
        done = subprocess.run([sys.executable, "-m", "scoring", *args, str(path)], stdout=closed,
                              stderr=subprocess.PIPE, cwd=ROOT, timeout=60)
    err = done.stderr.decode("utf-8")
    assert done.returncode == INTERNAL and "Traceback" not in err and "Exception ignored" not in err, err
    assert err.count("\n") == 1 and "standard output" in err


def test_a_seat_named_in_bytes_that_are_not_utf8_is_an_unknown_seat_exit_2(tmp_path):
    """`view --seat $'\\xff'`: Python reads the argument with a lone surrogate, which the engine's refusal quoted
    and printing it as UTF-8 failed: exit 3, "internal error UnicodeEncodeError". It is no player's name: exit 2,
    the seat refused as the engine says, the name printed escaped as argparse prints one ("\\udcff")."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"game": "score_pad", "players": ["A", "B"]}))
    done = subprocess.run([sys.executable, "-m", "scoring", "view", "--seat", b"\xff", str(path)],
                          capture_output=True, cwd=ROOT, timeout=60)
    output = json.loads(done.stdout.decode("utf-8"), parse_constant=_strict)
    assert (done.returncode, done.stderr) == (2, b""), done.stderr
    assert output["error"] != "internal" and "\\udcff" in output["message"]


def test_an_answer_with_both_outputs_closed_is_exit_3():
    """The reviewer: `2>&1 | head -c 10` closes standard error too; the one line said about the closed output
    raised again, uncaught, and the exit was 1 ("refused by the rules"). The exit code is the answer: 3."""
    read, write = os.pipe()
    os.close(read)
    with os.fdopen(write, "wb") as closed:
        done = subprocess.run([sys.executable, "-m", "scoring", "prompt", "-"], input=b'{"game": "splitter", '
                              b'"players": ["A", "B"], "seed": 3}', stdout=closed, stderr=closed, cwd=ROOT, timeout=60)
    assert done.returncode == INTERNAL


@pytest.mark.parametrize("args", [["score"], ["check"]])
def test_an_answer_with_standard_output_closed_from_the_start_is_exit_3(tmp_path, args):
    """Started with no standard output at all (`>&-`: Python's sys.stdout is None), the answer's flush raised
    AttributeError twice, a traceback, and the exit was 1 ("refused by the rules"). Now exit 3 and one line on
    standard error, as for an output closed by its reader."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"game": "score_pad", "players": ["A", "B"]}))
    done = subprocess.run(["sh", "-c", 'exec "$0" -m scoring "$1" "$2" >&-', sys.executable, *args, str(path)],
                          stderr=subprocess.PIPE, cwd=ROOT, timeout=60)
    err = done.stderr.decode("utf-8")
    assert done.returncode == INTERNAL and "Traceback" not in err and err.count("\n") == 1, err
    assert "standard output" in err


def _pad(status: str | None, target_reached: bool, **extra) -> str:
    """A score pad's record to 10 points whose one round reaches the target or not, saying status (None: says none)."""
    record = {"game": "score_pad", "players": ["A", "B"], "options": {"target": 10}, "actions": [
        {"type": "round", "by": "table", "scores": {"A": 12 if target_reached else 3, "B": 1}}], **extra}
    if status is not None:
        record["status"] = status
    return json.dumps(record)


@pytest.mark.parametrize("status,finished", [("finished", False), ("active", True)])
def test_a_status_its_replay_contradicts_is_refused_exit_1_as_an_import_refuses_it(status, finished):
    """A record saying "finished" while its replay is active (or the reverse) was answered "ok" (exit 0); an
    import refuses it: the command line refuses it the same way, by the same key, exit 1."""
    for command in ("check", "score"):
        code, output, _ = run(["--lang", "zh-CN", command], _pad(status, finished))
        assert (code, output["error"]) == (1, "storage.import_status_mismatch")
        assert output["params"]["replayed"] == f"storage.status.{'finished' if finished else 'active'}"
        assert output["message"] == ("文件说这局未完成，但重放其操作得到的是已结束。" if finished else
                                     "文件说这局已结束，但重放其操作得到的是未完成。")


@pytest.mark.parametrize("status,finished", [(None, False), (None, True), ("active", False), ("finished", True)])
def test_a_status_its_replay_agrees_with_or_none_is_checked_ok(status, finished):
    """A status the replay agrees with, or none at all, is answered as before."""
    assert run(["check"], _pad(status, finished))[0] == 0


@pytest.mark.parametrize("at", [5, True, [], {}, None, "yesterday", "", "0001-01-01T00:00:00+14:00"])
@pytest.mark.parametrize("where", ["actions", "redo"])
def test_an_action_time_that_is_not_an_iso_time_is_malformed_exit_2(at, where):
    """An action's "at" of 5, true, [] or "yesterday" was accepted; DESIGN says it is an ISO time: malformed input
    (exit 2), naming the action, in both languages. An action without one, or with an ISO one, is answered."""
    action = {"type": "round", "by": "table", "scores": {"A": 1, "B": 1}, "at": at}
    record = {"game": "score_pad", "players": ["A", "B"], "actions": [], "redo": [], where: [action]}
    for lang in ("en", "zh-CN"):
        code, output, _ = run(["--lang", lang, "check"], json.dumps(record))
        assert (code, output["error"], output["params"]["number"]) == (2, "record.action_time_invalid", 1)
        assert json.dumps(at) in output["message"]
    assert ("redone" in run(["check"], json.dumps(record))[1]["message"]) is (where == "redo")
    for fine in ({**action, "at": "2026-01-01T10:00:00+08:00"}, {k: v for k, v in action.items() if k != "at"}):
        assert run(["check"], json.dumps({**record, where: [fine]}))[0] == 0


def test_a_file_over_the_import_cap_is_refused_by_its_size_unread(monkeypatch):
    """A 60 MB file was read whole and parsed: over the import's cap it is refused by its size, exit 2, parsing
    nothing (the cap is the import's own, `storage.store.IMPORT_MAX_BYTES`)."""
    from storage.store import IMPORT_MAX_BYTES

    import scoring.__main__ as cli

    reads = []

    class Counted(io.BufferedReader):
        """A file that notes each read."""

        def read(self, size: int | None = -1) -> bytes:
            """Read, noting how much was asked for."""
            reads.append(size)
            return super().read(size)

    monkeypatch.setattr(cli, "open", lambda path, mode: Counted(io.FileIO(path, mode)), raising=False)
    monkeypatch.setattr(cli.plain, "loads", lambda *a, **k: pytest.fail("parsed"))
    code, output, _ = run(["check"], b" " * (IMPORT_MAX_BYTES + 1))
    assert reads == []
    assert (code, output["error"], output["params"]) == (2, "plain.too_large", {
        "size": IMPORT_MAX_BYTES + 1, "max": IMPORT_MAX_BYTES})


def test_standard_input_past_the_import_cap_is_refused_reading_one_byte_more(monkeypatch):
    """Standard input (no size known) is read up to one byte past the cap, then refused, exit 2, valid JSON."""
    from storage.store import IMPORT_MAX_BYTES

    source = io.BytesIO(b" " * (IMPORT_MAX_BYTES * 2))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(source))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["--lang", "zh-CN", "check", "-"])
    output = json.loads(out.getvalue(), parse_constant=_strict)
    assert (code, output["error"], output["params"]) == (2, "plain.over_limit", {"max": IMPORT_MAX_BYTES})
    assert source.tell() == IMPORT_MAX_BYTES + 1 and str(IMPORT_MAX_BYTES) in output["message"]


def test_more_actions_than_an_import_takes_are_refused_before_any_replay(monkeypatch):
    """200,000 actions were replayed (22.7 s, 265 MB): over the import's cap (log and redo stack together) they are
    refused before any replay, exit 2, by the import's key."""
    from storage.store import IMPORT_MAX_ACTIONS

    monkeypatch.setattr("scoring.record.replay", lambda *a, **k: pytest.fail("replayed"))
    action = {"type": "round", "by": "table", "scores": {"A": 1}}
    text = json.dumps({"game": "score_pad", "players": ["A"], "actions": [action] * IMPORT_MAX_ACTIONS,
                       "redo": [action]})
    for command in ("check", "score"):
        code, output, _ = run([command], text)
        assert (code, output["error"], output["params"]) == (2, "storage.import_too_many_actions", {
            "count": IMPORT_MAX_ACTIONS + 1, "max": IMPORT_MAX_ACTIONS})
