"""`python -m scoring`: the engines on the command line, JSON in and out.

    python -m scoring games              every game: id, names, player range, options
    python -m scoring score FILE|-       replay a session record and print its scoreboard as JSON (a cooperative
                                         game's: the crew's end instead of a ranking and winners)
    python -m scoring check FILE|-       replay a session record and report, without scoring
    python -m scoring prompt FILE|-      what the table is waiting for after the record's actions
    python -m scoring view --seat NAME FILE|-   the state as that seat may see it (no --seat: the public table)

Exit codes: 0 done; 1 refused by the rules (an action of the log, by its 0-based index, and why); 2 malformed
input (wrong arguments, not JSON, not plain JSON within `scoring.plain`'s limits, not a valid record, an unknown
seat); 3 an internal error (a bug: the details go to standard error as one line, never a traceback). Standard
output is always one valid JSON document (no NaN or Infinity, UTF-8). `--lang en|zh-CN` chooses the language of
messages (English by default).

Rulings:
- Wrong arguments (a missing file, an unknown command or language, an extra argument) are malformed input: exit
  2 and a refusal `cli.usage` whose message is in the chosen language when `--lang` names one, else English;
  argparse's own words (which name the argument) and the usage line are quoted inside it as argparse says them.
  Nothing goes to standard error (argparse printed its usage there, and nothing on standard output).
- A cooperative game (Solar Storm: the crew wins or loses together) ranks nobody, as the end screen and the
  exports do: `score` prints no "ranking" or "winners" but "crew": null while the game is played, then the
  crew's end (`Engine.crew_result`: "outcome" won or lost, "why" the reason's key, its parameters) with
  "message", the reason in the chosen language. Its players' points and breakdowns stay.
- A finished game's scoreboard says why it ended where the engine noted it (`Scoreboard.ended`: "key", its
  parameters, and "message", the reason in the chosen language: "Bo's total went past 50").
- An argument in bytes that are not UTF-8 (`--seat $'\\xff'`) is quoted in a refusal with its escape (`\\udcff`),
  as argparse quotes it: it names no player (exit 2), and standard output stays UTF-8.
- An answer nobody reads (standard output closed by its reader, `| head -c 10`) is exit 3 with one line on
  standard error: it is neither a refusal nor malformed input, and the caller is told it got no whole answer.
- A record is read and checked as an import checks one session (`scoring.record`'s rulings): at most
  `MAX_BYTES` of text (a file known larger refused by its size, `plain.too_large`, before a byte is read; standard
  input that goes on past it, `plain.over_limit`, having read one byte more), nested at most `plain.MAX_DEPTH`,
  at most `MAX_ACTIONS` actions (`storage.import_too_many_actions`, before any replay), actions' times ISO times
  (`record.action_time_invalid`): all malformed input, exit 2. A `status` its replay contradicts
  (`storage.import_status_mismatch`) is refused by the rules, exit 1: the rules say how the game stands.
- `--help` (of the command line or of a command) prints `{"help": <argparse's help text>}` and exits 0: help is
  asked for, so it is an answer, and standard output stays one JSON document.
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from typing import Any, NoReturn

from scoring import plain
from scoring.core import RuleError, engine, games
from scoring.i18n import LANGUAGES, error_text, text
from scoring.record import (MAX_BYTES, ReplayError, check_count, check_record, check_status, check_times,
                            replay)

REFUSED, MALFORMED, INTERNAL = 1, 2, 3
STATUS_MISMATCH = "storage.import_status_mismatch"  # refused by the rules: see the rulings


def _emit(data: Any, indent: int | None = 2) -> None:
    """Print data as strict JSON (a value JSON cannot hold is an internal error, raised before printing)."""
    print(json.dumps(data, ensure_ascii=False, indent=indent, allow_nan=False))
    sys.stdout.flush()


def _read(source: str) -> str | bytes:
    """The text of a file, or of standard input for '-', refused over `MAX_BYTES` before reading more of it."""
    if source == "-":
        return _capped(sys.stdin.buffer if hasattr(sys.stdin, "buffer") else sys.stdin)
    with open(source, "rb") as handle:
        return _capped(handle)


def _capped(stream: Any) -> str | bytes:
    """A stream's text, at most `MAX_BYTES`: a file known larger is refused `plain.too_large` by its size without
    reading it, a stream that goes on past the cap `plain.over_limit` once one more byte has been read."""
    size = _size(stream)
    if size is not None and size > MAX_BYTES:
        raise RuleError("plain.too_large", size=size, max=MAX_BYTES)
    data = stream.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise RuleError("plain.over_limit", max=MAX_BYTES)
    return data


def _size(stream: Any) -> int | None:
    """The bytes left in a stream that is a regular file, or None (a pipe, a terminal, text in memory)."""
    try:
        info = os.fstat(stream.fileno())
        return info.st_size - stream.tell() if stat.S_ISREG(info.st_mode) else None
    except (OSError, ValueError, AttributeError):
        return None


def _refusal(err: RuleError, lang: str, **extra: Any) -> dict:
    """A refusal as JSON: its key, parameters (made plain) and message."""
    return {"error": err.key, **extra, "params": _plain(err.params), "message": _printable(error_text(lang, err))}


def _printable(text: str) -> str:
    """Text that can be printed as UTF-8: a lone surrogate (an argument's bytes that are not UTF-8, read by Python
    as one) written as its escape, `\\udcff`, as argparse quotes it."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _plain(value: Any) -> Any:
    """Parameters as plain JSON: containers kept, anything else that JSON cannot hold as its text."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, str):
        return _printable(value)
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int) and abs(value) <= plain.MAX_NUMBER:
        return value
    if isinstance(value, float) and abs(value) <= plain.MAX_NUMBER:
        return value
    return repr(value)[:200]


def _load(source: str, lang: str) -> tuple[dict | None, dict | None, int]:
    """The checked record, its replayed state and 0, or None, None and the exit code after printing why."""
    try:
        data = plain.loads(_read(source))
        check_count(data)
    except OSError as err:
        _emit({"error": "record.unreadable", "message": err.strerror or str(err)}, None)
        return None, None, MALFORMED
    except RuleError as err:
        _emit(_refusal(err, lang), None)
        return None, None, MALFORMED
    try:
        record = check_record(data)
        check_times(record)
        state = replay(record)
        check_status(data, state)
        return record, state, 0
    except ReplayError as err:
        _emit(_refusal(err.error, lang, action=err.index), None)
        return None, None, REFUSED
    except RuleError as err:
        _emit(_refusal(err, lang), None)
        return None, None, REFUSED if err.key == STATUS_MISMATCH else MALFORMED


class _Parser(argparse.ArgumentParser):
    """argparse that refuses wrong arguments with a `RuleError` and prints its help as JSON (see the rulings)."""

    def error(self, message: str) -> NoReturn:
        """Wrong arguments: `cli.usage`, quoting argparse's words and the usage line."""
        raise RuleError("cli.usage", detail=message, usage=self.format_usage().strip())

    def print_help(self, file: Any = None) -> None:
        """The help text as one JSON document."""
        _emit({"help": self.format_help()})


def _parser() -> _Parser:
    """The command line's arguments (its commands' parsers are `_Parser`s too)."""
    parser = _Parser(prog="python -m scoring")
    parser.add_argument("--lang", default="en", choices=list(LANGUAGES))
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("games")
    for name in ("score", "check", "prompt", "view"):
        cmd = sub.add_parser(name)
        cmd.add_argument("file")
        if name == "view":
            cmd.add_argument("--seat", default=None)
    return parser


def _lang(argv: list[str]) -> str:
    """The language `--lang` names among the arguments, if it is one we have; else English."""
    for at, arg in enumerate(argv):
        if arg == "--lang" and at + 1 < len(argv) and argv[at + 1] in LANGUAGES:
            return argv[at + 1]
        if arg.startswith("--lang=") and arg.partition("=")[2] in LANGUAGES:
            return arg.partition("=")[2]
    return "en"


def run(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code (exceptions other than `RuleError` are the caller's)."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        args = _parser().parse_args(argv)
    except RuleError as err:
        _emit(_refusal(err, _lang(argv)), None)
        return MALFORMED
    except SystemExit:
        return 0

    if args.command == "games":
        _emit([g.describe() for g in games()])
        return 0
    record, state, code = _load(args.file, args.lang)
    if record is None or state is None:
        return code
    eng = engine(record["game"])
    if args.command == "prompt":
        _emit({"status": eng.status(state), "prompt": eng.prompt(state)})
    elif args.command == "view":
        try:
            view = eng.player_view(state, args.seat)
        except RuleError as err:
            _emit(_refusal(err, args.lang), None)
            return MALFORMED
        _emit(view)
    elif args.command == "check":
        _emit({"ok": True, "game": record["game"], "actions": len(record["actions"]), "status": eng.status(state)},
              None)
    else:
        _emit(_scored(eng, state, args.lang))
    return 0


def _scored(eng: Any, state: dict, lang: str) -> dict:
    """The scoreboard as JSON; a cooperative game's says the crew's end instead of a ranking (see the rulings)."""
    board = eng.scoreboard(state).to_json()
    if "ended" in board:
        ended = board["ended"]
        said = text(lang, ended["key"], **{k: v for k, v in ended.items() if k != "key"})
        board["ended"] = {**ended, "message": said}
    if not eng.game.cooperative:
        return board
    crew = eng.crew_result(state)
    out = {k: v for k, v in board.items() if k not in ("ranking", "winners")}
    out["crew"] = None if crew is None else {**crew, "message": text(
        lang, crew["why"], **{k: v for k, v in crew.items() if k not in ("outcome", "why")})}
    return out


def main(argv: list[str] | None = None) -> int:
    """`run`, with any unexpected error reported as JSON (exit 3) instead of a traceback; started with no standard
    output at all (`>&-`: sys.stdout is None) no answer can be written, which is told as for one closed later."""
    if sys.stdout is None:
        return _output_closed()
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(encoding="utf-8")
    try:
        return _reported(argv)
    except BrokenPipeError:
        return _output_closed()


def _reported(argv: list[str] | None) -> int:
    """`run`; a bug is reported on standard output as JSON and in one line on standard error (exit 3)."""
    try:
        return run(argv)
    except BrokenPipeError:
        raise
    except Exception as err:  # the one place a bug becomes a report instead of a traceback
        _emit({"error": "internal", "message": f"{type(err).__name__}: {str(err)[:500]}"}, None)
        print(f"python -m scoring: internal error {type(err).__name__}: {str(err)[:500]}", file=sys.stderr)
        return INTERNAL


def _output_closed() -> int:
    """Standard output was closed by its reader (`| head -c 10`): one line on standard error and exit 3, the rest
    of the answer sent nowhere, so Python's flush at exit does not fail again. Standard error closed too (`2>&1 |
    head`) is sent nowhere likewise: the exit code is then the only answer."""
    _to_nowhere(sys.stdout)
    try:
        print("python -m scoring: standard output was closed before the answer was written", file=sys.stderr,
              flush=True)
    except (OSError, ValueError):
        _to_nowhere(sys.stderr)
    return INTERNAL


def _to_nowhere(stream: Any) -> None:
    """Point a standard stream at the null device, so that Python's flush at exit does not fail on it (a stream
    that is None, never opened, has nothing to flush)."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    sys.exit(main())
