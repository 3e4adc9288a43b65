"""`python -m scoring`: the engines on the command line, JSON in and out.

    python -m scoring games              every game: id, names, player range, options
    python -m scoring score FILE|-       replay a session record and print its scoreboard as JSON
    python -m scoring check FILE|-       replay a session record and report, without scoring
    python -m scoring prompt FILE|-      what the table is waiting for after the record's actions
    python -m scoring view --seat NAME FILE|-   the state as that seat may see it (no --seat: the public table)

A refused action prints which action (by 0-based index) and why, and exits with 1; a file that is not a valid
record exits with 2. `--lang en|zh-CN` chooses the language of error messages (English by default).
"""

from __future__ import annotations

import argparse
import json
import sys

from scoring.core import RuleError, engine, games
from scoring.i18n import error_text
from scoring.record import ReplayError, check_record, replay


def _read(source: str) -> object:
    """The JSON document in a file, or on standard input for '-'."""
    if source == "-":
        raw = sys.stdin.read()
    else:
        with open(source, encoding="utf-8") as handle:
            raw = handle.read()
    return json.loads(raw)


def _load(source: str, lang: str) -> tuple[dict | None, int]:
    """The checked record and 0, or None and the exit code after printing why."""
    try:
        data = _read(source)
    except (OSError, ValueError) as err:
        print(json.dumps({"error": "record.unreadable", "message": str(err)}, ensure_ascii=False))
        return None, 2
    try:
        return check_record(data), 0
    except ReplayError as err:
        print(json.dumps({"error": err.error.key, "action": err.index, "params": err.error.params,
                          "message": error_text(lang, err.error)}, ensure_ascii=False))
        return None, 1
    except RuleError as err:
        print(json.dumps({"error": err.key, "params": err.params, "message": error_text(lang, err)},
                         ensure_ascii=False))
        return None, 2


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python -m scoring")
    parser.add_argument("--lang", default="en", choices=["en", "zh-CN"])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("games")
    for name in ("score", "check", "prompt", "view"):
        cmd = sub.add_parser(name)
        cmd.add_argument("file")
        if name == "view":
            cmd.add_argument("--seat", default=None)
    args = parser.parse_args(argv)

    if args.command == "games":
        print(json.dumps([g.describe() for g in games()], ensure_ascii=False, indent=2))
        return 0
    record, code = _load(args.file, args.lang)
    if record is None:
        return code
    state = replay(record)
    eng = engine(record["game"])
    if args.command == "prompt":
        print(json.dumps({"status": eng.status(state), "prompt": eng.prompt(state)}, ensure_ascii=False, indent=2))
        return 0
    if args.command == "view":
        try:
            view = eng.player_view(state, args.seat)
        except RuleError as err:
            print(json.dumps({"error": err.key, "params": err.params, "message": error_text(args.lang, err)},
                             ensure_ascii=False))
            return 2
        print(json.dumps(view, ensure_ascii=False, indent=2))
        return 0
    if args.command == "check":
        print(json.dumps({"ok": True, "game": record["game"], "actions": len(record["actions"]),
                          "status": eng.status(state)}, ensure_ascii=False))
        return 0
    print(json.dumps(eng.scoreboard(state).to_json(), ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
