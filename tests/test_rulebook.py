"""The referee's book: every rules page exists in both languages with the same sections, and every refusal an
engine can raise points at a section that exists in both.

The keys are found by reading the source of `scoring/` and `validators/` (not by a hand-kept list), so a key
another engineer adds fails `test_every_refusal_maps_to_a_section_in_both_languages` until it is added to
`assets/rules_index.json`:
- `RuleError("game.key", ...)`: the key;
- a helper that hands one of its parameters to `RuleError` (`each_player(..., given_key, entry_key, ...)`, a
  game's own `_by(..., key)`), followed through any depth: every constant passed
  for that parameter;
- an f-string key (`f"knit_wit.not_{phase}"`): every translated key it can produce (at least one must exist);
- a key in a local variable: every translated key written as a literal in that function; a key the scan cannot
  read at all fails `test_every_key_is_passed_in_a_form_the_scan_reads` with its place.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

from scoring import i18n, rulebook
from scoring.core import games
from scoring.rules_search import plain

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted([*(ROOT / "scoring").rglob("*.py"), *(ROOT / "validators").rglob("*.py")])
REQUIRED = ("setup", "turn", "scoring", "end", "rulings", "options")
GAMES = ("knit_wit", "guess_club", "pictomania", "kingdomino", "splitter", "flip7", "rummy", "bacon",
         "cubosaurs", "score_pad", "nab_it", "solar_storm")


def called(call: ast.Call) -> str:
    """The called name (`core.each_player` and `self._by` alike by their last part)."""
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return call.func.id if isinstance(call.func, ast.Name) else ""


def argument(call: ast.Call, position: int, name: str) -> ast.expr | None:
    """The expression passed for a parameter, by position or by name."""
    if position < len(call.args):
        return call.args[position]
    return next((kw.value for kw in call.keywords if kw.arg == name), None)


def key_slots(trees: list[ast.AST]) -> dict[str, set[tuple[int, str]]]:
    """For RuleError and every function that forwards a parameter to it: the (position, name) of that
    parameter as callers pass it (a method's `self` not counted)."""
    slots: dict[str, set[tuple[int, str]]] = {"RuleError": {(0, "key")}}
    functions = [(fn, [a.arg for a in fn.args.args], [n for n in ast.walk(fn) if isinstance(n, ast.Call)])
                 for tree in trees for fn in ast.walk(tree) if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))]
    grew = True
    while grew:
        grew = False
        for fn, params, calls in functions:
            shift = 1 if params[:1] in (["self"], ["cls"]) else 0
            for call in calls:
                for position, name in set(slots.get(called(call), ())):
                    arg = argument(call, position, name)
                    if isinstance(arg, ast.Name) and arg.id in params:
                        slot = (params.index(arg.id) - shift, arg.id)
                        if slot not in slots.setdefault(fn.name, set()):
                            slots[fn.name].add(slot)
                            grew = True
    return slots


def pattern(node: ast.JoinedStr) -> re.Pattern:
    """An f-string key as a pattern its values match."""
    parts = [re.escape(v.value) if isinstance(v, ast.Constant) else r"[a-z0-9_]+" for v in node.values]
    return re.compile("".join(parts))


@functools.cache
def raised_keys() -> tuple[set[str], set[str], list[str]]:
    """Every constant message key that can reach `RuleError`, the f-string patterns (as regex text), and where a
    key is passed in a form the scan cannot read (scanned once a run: the sources do not change under the tests,
    and the scan was most of their time).

    A key held in a local variable (`for field, key in (("symbol", "pictomania.symbol_shared"), ...)`) is read as
    every translated message key written as a literal in the same function; only when there is none is the call
    reported unread."""
    trees = {path: ast.parse(path.read_text("utf-8")) for path in SOURCES}
    slots = key_slots(list(trees.values()))
    table = i18n.table("en")
    exact, patterns, unread = set(), set(), []
    for path, tree in trees.items():
        params: dict[int, set[str]] = {}
        literals: dict[int, set[str]] = {}
        for fn in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
            keys = {n.value for n in ast.walk(fn) if isinstance(n, ast.Constant) and n.value in table}
            for node in ast.walk(fn):
                params[id(node)] = {a.arg for a in fn.args.args}
                literals[id(node)] = keys
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            for position, name in slots.get(called(call), ()):
                arg = argument(call, position, name)
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    exact.add(arg.value)
                elif isinstance(arg, ast.JoinedStr):
                    patterns.add(pattern(arg).pattern)
                elif arg is None or isinstance(arg, ast.Name) and arg.id in params.get(id(call), ()):
                    continue
                elif literals.get(id(call)):
                    exact |= literals[id(call)]
                else:
                    unread.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    return exact, patterns, sorted(set(unread))


def engine_keys() -> set[str]:
    """Every message key an engine, mechanic, the contract or the record can refuse with."""
    exact, patterns, _ = raised_keys()
    exact = set(exact)  # a copy: the scan is kept for the next test
    table = i18n.table("en")
    for text in patterns:
        produced = {key for key in table if re.fullmatch(text, key)}
        assert produced, f"no translated key matches the f-string key {text}"
        exact |= produced
    return exact


def test_the_scan_finds_keys_of_every_kind():
    """The scan sees plain keys, keys handed through helpers at any depth, and f-string keys."""
    keys = engine_keys()
    assert {"kingdomino.no_connection", "core.player_unknown", "record.nothing_to_undo"} <= keys
    assert {"guess_club.setter_only", "knit_wit.deal_invalid", "guess_club.not_your_turn"} <= keys
    assert {"knit_wit.spool_first", "knit_wit.loop_first", "ledger.pot_short", "cubosaurs.egg_unknown"} <= keys
    assert {"pictomania.symbol_shared", "pictomania.number_shared"} <= keys


def test_every_key_is_passed_in_a_form_the_scan_reads():
    """A key the scan cannot read would escape the index: pass a literal, an f-string, a parameter of a helper
    whose callers pass literals, or a variable set from literals in the same function."""
    assert raised_keys()[2] == []


def test_every_refusal_maps_to_a_section_in_both_languages():
    """Each key an engine can raise is in the index, and its section exists on its page in zh-CN and en."""
    mapped = rulebook.index()["keys"]
    missing = sorted(k for k in engine_keys() if k not in mapped)
    assert not missing, f"add these keys to assets/rules_index.json: {missing}"
    for key in engine_keys():
        page_id, section = rulebook.where(key)
        for lang in i18n.LANGUAGES:
            page = rulebook.page(page_id, lang)
            assert page is not None and page.section(section) is not None, (key, lang, page_id, section)


def test_every_index_entry_points_at_a_real_section():
    """No entry of the index points at a page or section that is not there (in either language)."""
    for key, target in rulebook.index()["keys"].items():
        page_id, _, section = target.partition("#")
        for lang in i18n.LANGUAGES:
            page = rulebook.page(page_id, lang)
            assert page is not None and page.section(section) is not None, (key, target, lang)


@pytest.mark.parametrize("page_id", rulebook.page_ids())
def test_both_languages_have_the_same_sections(page_id):
    """A page has the same section ids in the same order in zh-CN and en, each with some text."""
    zh, en = rulebook.page(page_id, "zh-CN"), rulebook.page(page_id, "en")
    assert zh is not None and en is not None
    assert [s.id for s in zh.sections] == [s.id for s in en.sections]
    for section in (*zh.sections, *en.sections):
        assert section.body.strip(), (page_id, section.lang, section.id)
    assert len({s.id for s in en.sections}) == len(en.sections)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_sections_players_look_for(game):
    """Setup, a turn, scoring, the end, the table's rulings and the options, in both languages."""
    assert game in rulebook.page_ids()
    for lang in i18n.LANGUAGES:
        ids = [s.id for s in rulebook.page(game, lang).sections]
        assert set(REQUIRED) <= set(ids), (game, lang, ids)


def test_every_option_of_a_registered_game_is_explained():
    """Each option's on-screen label (its first words) appears in its game's options section, both languages.
    Every game module under scoring/games has a page (the test suite's own stand-in engine has none)."""
    shipped = {path.stem for path in (ROOT / "scoring" / "games").glob("[!_]*.py")}
    assert shipped <= set(rulebook.page_ids()), shipped - set(rulebook.page_ids())
    for game in (g for g in games() if g.id in shipped):
        for lang in i18n.LANGUAGES:
            text = plain(rulebook.page(game.id, lang).section("options").body)
            for option in game.options:
                label = i18n.text(lang, f"{game.id}.option.{option.name}")
                head = re.split(r"[（(:：,，]", label)[0].strip()
                assert head in text, (game.id, lang, option.name, head)


@pytest.mark.parametrize("game", GAMES)
def test_the_options_section_is_named_as_the_new_session_screen_names_them(game):
    """A first-time reader of Flip 7's rules in Chinese met its options under "设置", the name of the settings button
    beside it in the top bar, while the new-session screen calls them "选项": both say the same word now."""
    for lang in i18n.LANGUAGES:
        assert rulebook.page(game, lang).section("options").title == i18n.text(lang, "app.options"), (game, lang)


def test_where_falls_back_to_the_page_of_a_game():
    """A key missing from the index but named after a page opens that page; any other key opens nothing."""
    assert rulebook.where("kingdomino.a_key_nobody_wrote_yet") == ("kingdomino", None)
    assert rulebook.where("kingdomino.no_connection")[0] == "kingdomino"
    assert rulebook.where("app.ok") is None


def test_parse_page_refuses_a_heading_without_an_id():
    """A section heading must carry its id, or a refusal could not point at it."""
    with pytest.raises(ValueError):
        rulebook.parse_page("x", "en", "# X\n\n## Setup\n\ntext\n")
    page = rulebook.parse_page("x", "en", "# X\n\nintro\n\n## Setup {#setup}\n\nOne.\n\n## End {#end}\n\nTwo.\n")
    assert page.title == "X" and page.intro == "intro" and [(s.id, s.title, s.body) for s in page.sections] == [
        ("setup", "Setup", "One."), ("end", "End", "Two.")]
