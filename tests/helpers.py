"""Assertions many test files share: a refusal names its rule, changes nothing and reads well in both languages."""

from __future__ import annotations

import asyncio
import copy
import inspect
import json
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable

import pytest

from scoring.__main__ import main
from scoring.core import Engine, RuleError, engine
from scoring.i18n import LANGUAGES, table
from scoring.record import play

I18N = Path(__file__).resolve().parent.parent / "assets" / "i18n"
VARIANT = re.compile(r"^(?P<base>[^\[\]]+)\[(?P<names>\w+=1(?:,\w+=1)*)\]$")
FLAG = re.compile(r"^(?P<base>[^\[\]]+)\[(?P<name>\w+)=true\]$")
ZERO = re.compile(r"^(?P<base>[^\[\]]+)\[(?P<name>\w+)=0\]$")
MIXED = re.compile(r"^(?P<base>[^\[\]]+)\[(?P<names>\w+=(?:0|1|true)(?:,\w+=(?:0|1|true))+)\]$")  # zeros, ones, flags


def run_async(coroutine: Any) -> Any:
    """Run a coroutine to the end on a loop of its own, in a thread of its own: the browser tests' Playwright keeps
    an event loop running in a worker's main thread for the rest of the run, where `asyncio.run` is refused."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


def press(control: Any) -> None:
    """Tap a control as Flet does: call its handler and, when it is async (a race claim), run it to the end."""
    outcome = control.on_click(None)
    if inspect.isawaitable(outcome):
        run_async(outcome)


def tap_fold(head: Any) -> None:
    """Tap a fold's head (its `ft.Semantics` or its tile) as the browser does for a click, Enter on it or a screen
    reader's tap (all the tile's own tap): the tile opens or shuts and tells the server."""
    tile = getattr(head, "content", head)
    tile.expanded = not tile.expanded
    tile.on_change(SimpleNamespace(control=tile))


def submit(field: Any) -> None:
    """Press Enter in a field as Flet does: call its submit handler and, when it is async (the field given its
    focus back, `views.focus`), run it to the end; the focus given is noted on the field's stand-in (`focused`)."""

    async def focused() -> None:
        """The field is given the focus back."""
        field.data = "focused"

    outcome = field.on_submit(SimpleNamespace(control=SimpleNamespace(focus=focused)))
    if inspect.isawaitable(outcome):
        run_async(outcome)


# placeholders a Chinese message leaves out on purpose: the English gloss that linked two answers ("tomato" for
# 西红柿/番茄; Chinese players do not think in English glosses, the English screen names it)
ZH_LEFT_OUT = {"answers.link.gloss": {"link"}}


def placeholders(template: str) -> set[str]:
    """The `{name}` placeholders of a message template."""
    return set(re.findall(r"{(\w+)}", template))


def assert_translated(key: str, params: dict) -> None:
    """The key has a message in both languages and each message's placeholders are all among params."""
    for lang in LANGUAGES:
        assert placeholders(table(lang)[key]) <= set(params), (lang, key)


def assert_call_refused(key: str, fn: Callable, *args: Any, **kwargs: Any) -> RuleError:
    """fn(*args, **kwargs) raises RuleError key, leaves its arguments unchanged, and the message translates."""
    before = copy.deepcopy(args)
    with pytest.raises(RuleError) as err:
        fn(*args, **kwargs)
    assert err.value.key == key, err.value
    assert args == before
    assert_translated(key, err.value.params)
    return err.value


def assert_refused(eng: Engine | str, state: dict, action: Any, key: str) -> RuleError:
    """Applying action (engine or game id) raises RuleError key, leaves state unchanged, and translates."""
    eng = engine(eng) if isinstance(eng, str) else eng
    return assert_call_refused(key, eng.apply, state, action)


def plain_keys(table: dict[str, str]) -> set[str]:
    """The keys of a table without the singular variants of counted texts (`key[count=1]`, `views.words`)."""
    return {key for key in table if not VARIANT.match(key)}


def domain_files(name: str) -> dict[str, dict]:
    """One domain's translation file (e.g. "bacon.json") in each language, without English's singular variants
    (`tests/test_i18n.py` checks those against their keys)."""
    files = {lang: json.loads((I18N / lang / name).read_text(encoding="utf-8")) for lang in LANGUAGES}
    return {lang: {key: text for key, text in table.items() if key in plain_keys(table)}
            for lang, table in files.items()}


def assert_same_keys(name: str) -> None:
    """Both languages' files of one domain define exactly the same keys."""
    files = domain_files(name)
    assert set(files["en"]) == set(files["zh-CN"])


def play_all(record: dict, state: dict, actions: list) -> tuple[dict, dict]:
    """Play every action; `check` agrees with `apply` on each (accepted: None; refused: the same key)."""
    eng = engine(record["game"])
    for action in actions:
        verdict = eng.check(state, action)
        try:
            record, state = play(record, state, action)
        except RuleError as err:
            assert verdict is not None and verdict.key == err.key, (action, verdict, err)
            continue
        assert verdict is None, (action, verdict)
    return record, state


def assert_marks_shown_only_where_visible(eng: Engine, planted: dict, seats: list,
                                          visible: Callable[[str | None, str], bool]) -> None:
    """In each seat's `player_view` of planted (None: the public table), every marker text `MARK-...` planted in
    the state shows exactly when visible(seat, mark) says that seat may see it."""
    marks = re.findall(r"MARK-[\w-]+", json.dumps(planted))
    for seat in seats:
        shown = json.dumps(eng.player_view(planted, seat))
        for mark in marks:
            assert (json.dumps(mark) in shown) == visible(seat, mark), (seat, mark)


def cli_score(path: Path, record: dict, capsys: pytest.CaptureFixture, code: int = 0) -> dict:
    """Write record to path, run `python -m scoring score` on it (expecting exit code) and return what it printed."""
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    assert main(["score", str(path)]) == code
    return json.loads(capsys.readouterr().out)


class BrowserStorage:
    """A phone's browser storage as the app reaches it (`ft.SharedPreferences`): what it keeps, by key."""

    def __init__(self, kept: dict | None = None):
        self.kept = dict(kept or {})

    async def get(self, key: str) -> Any:
        return self.kept.get(key)

    async def set(self, key: str, value: Any) -> bool:
        self.kept[key] = value
        return True

    async def remove(self, key: str) -> bool:
        self.kept.pop(key, None)
        return True

    async def get_keys(self, key_prefix: str) -> list[str]:
        return [key for key in self.kept if key.startswith(key_prefix)]


def run_tasks(page: Any) -> None:
    """Run, in order, what a screen asked its stand-in page to run (`page.tasks`: function and arguments)."""

    async def run() -> None:
        while page.tasks:
            fn, args = page.tasks.pop(0)
            outcome = fn(*args)
            if inspect.isawaitable(outcome):
                await outcome

    run_async(run())


def new_session_screen(app: Any, game_id: str) -> Any:
    """The new-session screen's form and its start bar (kept at the screen's foot), as one control to search."""
    import flet as ft

    from views import new_session

    _, form, _, bar = new_session.build(app, game_id)
    return ft.Column([form, *([bar] if bar is not None else [])])


def field_named(controls: list, name: str):
    """The text field named `name` among controls: by its own label, or by the Text set above it
    (`views.ui.label_above`: a score pad's round field under its player's name)."""
    import flet as ft
    for c in controls:
        if isinstance(c, ft.TextField) and getattr(c.label, "value", c.label) == name:
            return c
        if isinstance(c, ft.Column) and len(c.controls) == 2 and isinstance(c.controls[1], ft.TextField) \
                and isinstance(c.controls[0], ft.Text) and c.controls[0].value == name:
            return c.controls[1]
    raise LookupError(name)
