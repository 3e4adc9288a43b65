"""Translations: both language tables have the same keys, every key the views use exists, and no view holds a
literal user-facing string (everything visible goes through the tables)."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from scoring import i18n

ROOT = Path(__file__).resolve().parent.parent
VIEWS = ROOT / "views"
SOURCES = sorted(VIEWS.rglob("*.py"))
TEXT_KEYWORDS = {"text", "label", "tooltip", "hint_text", "helper_text", "error_text", "title", "content",
                 "value", "semantics_label", "prefix_text", "suffix_text", "counter_text", "placeholder"}
CONTROLS_WITH_TEXT_ARG = {"Text", "TextSpan", "Tooltip", "SnackBar", "Chip"}
TRANSLATORS = {"t", "say", "text"}
FORMAT_ONLY = re.compile(r"^[\s\d.,:;·/+\-−–()#|%{}]*$")


def calls(tree: ast.AST):
    """Every call in a module's syntax tree."""
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)]


def name_of(func: ast.expr) -> str:
    """The called name (`ft.Text` → "Text", `ctx.t` → "t")."""
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def literal_text(node: ast.expr) -> str | None:
    """Letters a person would read in a constant or f-string argument, or None when there are none."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return None if FORMAT_ONLY.match(node.value) else node.value
    if isinstance(node, ast.JoinedStr):
        parts = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
        return None if FORMAT_ONLY.match(parts) else parts
    return None


def used_keys() -> tuple[set[str], set[str]]:
    """Keys passed as constants to a translator, and prefixes of keys built with f-strings."""
    exact, prefixes = set(), set()
    for path in SOURCES:
        for call in calls(ast.parse(path.read_text("utf-8"))):
            if name_of(call.func) not in TRANSLATORS or not call.args:
                continue
            key = call.args[0] if name_of(call.func) == "t" else (call.args[1] if len(call.args) > 1 else None)
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                exact.add(key.value)
            elif isinstance(key, ast.JoinedStr) and isinstance(key.values[0], ast.Constant):
                prefixes.add(key.values[0].value)
    return exact, prefixes


def test_both_languages_have_the_same_keys():
    """zh-CN and en define exactly the same keys, merged over every domain file."""
    assert set(i18n.table("zh-CN")) == set(i18n.table("en"))


def test_app_files_have_the_same_keys_and_placeholders():
    """The shell's own tables match key for key, with the same {placeholders} in both languages."""
    en = json.loads((ROOT / "assets/i18n/en/app.json").read_text("utf-8"))
    zh = json.loads((ROOT / "assets/i18n/zh-CN/app.json").read_text("utf-8"))
    assert set(en) == set(zh)
    for key in en:
        assert set(re.findall(r"{(\w+)}", en[key])) == set(re.findall(r"{(\w+)}", zh[key])), key


def test_every_key_used_by_the_views_exists():
    """Constant keys exist in both tables; every f-string key prefix has at least one key."""
    exact, prefixes = used_keys()
    assert exact, "no translated strings found: the scan is broken"
    for lang in i18n.LANGUAGES:
        table = i18n.table(lang)
        missing = sorted(k for k in exact if k not in table)
        assert not missing, (lang, missing)
        for prefix in prefixes:
            if prefix.startswith("app."):
                assert any(k.startswith(prefix) for k in table), (lang, prefix)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_literal_user_facing_strings_in_views(path):
    """No string with words is passed straight to a control as its text, label, tooltip, hint or title."""
    found = []
    for call in calls(ast.parse(path.read_text("utf-8"))):
        fname = name_of(call.func)
        if fname in TRANSLATORS:
            continue
        candidates = [kw.value for kw in call.keywords if kw.arg in TEXT_KEYWORDS]
        if fname in CONTROLS_WITH_TEXT_ARG and call.args:
            candidates.append(call.args[0])
        for node in candidates:
            text = literal_text(node)
            if text is not None:
                found.append(f"{path.name}:{node.lineno}: {text!r}")
    assert not found, found
