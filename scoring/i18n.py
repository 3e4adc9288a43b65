"""Translation tables: one per language (zh-CN and en), merged from `assets/i18n/<lang>/*.json`.

Each domain (core, record, app, a game…) keeps its keys in a file of its own so that work on one game does not
touch another's strings; together they form the one table of a language. Rule errors and breakdown lines carry a
key and parameters; `text(lang, key, **params)` renders them. This module reads files (once) and is used by the
command line and the views, never by engines.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

LANGUAGES = ("zh-CN", "en")
DEFAULT = "zh-CN"
ROOT = Path(__file__).resolve().parent.parent / "assets" / "i18n"


@lru_cache(maxsize=None)
def table(lang: str) -> dict[str, str]:
    """Every key of one language, merged from its domain files; a key defined twice is an error."""
    merged: dict[str, str] = {}
    for path in sorted((ROOT / lang).glob("*.json")):
        entries = json.loads(path.read_text(encoding="utf-8"))
        for key, value in entries.items():
            if key in merged:
                raise ValueError(f"translation key {key} defined twice ({path.name})")
            merged[key] = value
    return merged


class _Params(dict):
    """Format parameters that leave an unknown placeholder visible instead of failing."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def text(lang: str, key: str, **params: Any) -> str:
    """The message for key in lang (English, then the key itself, when missing), with its parameters."""
    template = table(lang).get(key) or table("en").get(key) or key
    shown = {k: _show(lang, v) for k, v in params.items()}
    return template.format_map(_Params(shown))


def _show(lang: str, value: Any) -> str:
    """A parameter as text: lists joined, booleans in words, a message key (e.g. a phase) in words."""
    if isinstance(value, str) and "." in value and value in table(lang):
        return table(lang)[value]
    if isinstance(value, bool):
        return text(lang, "core.yes" if value else "core.no")
    if isinstance(value, (list, tuple)):
        return ("、" if lang == "zh-CN" else ", ").join(_show(lang, v) for v in value)
    return str(value)


def error_text(lang: str, err: Any) -> str:
    """A `RuleError` (or its dict form) in words."""
    if isinstance(err, dict):
        return text(lang, err["key"], **err.get("params", {}))
    return text(lang, err.key, **err.params)
