"""Words on screen: every visible string comes from the translation tables through `say`.

`say(lang, key, **params)` is `scoring.i18n.text` with parameters made readable first: a dict of points
({"A": 3, "B": -1}) reads "A 3, B -1", a list reads "A, B", nested values the same way.
Dates and durations are formatted here too, so every screen shows them alike.

Counts: where a noun follows a number ("{stars} stars"), a language with a singular form keeps it as a variant
key beside the plain one, naming the parameters that are 1: `"pictomania.line.kept[stars=1]"`, and for two
counts in one text `"stats.player_summary[plays=1]"`, `"…[wins=1]"` and `"…[plays=1,wins=1]"` (names sorted).
`say` uses the variant naming the most of the parameters that are 1 or −1 (integers, not booleans), when the
language's own table has it; else the plain key. Chinese has no such variants (no plural forms); English has one
for every text whose counted noun can meet a count of 1. A caller that renders a key without `say` (the command
line) shows the plain, plural text.
"""

from __future__ import annotations

from datetime import datetime, timezone
from functools import lru_cache
from itertools import combinations
from typing import Any

from scoring import i18n

LANGUAGES = i18n.LANGUAGES


def readable(lang: str, value: Any) -> Any:
    """A parameter in a readable form: dicts as "key value" pairs, lists joined, a message key in words (so a
    list of keys reads as words too), other scalars as they are."""
    sep = "，" if lang == "zh-CN" else ", "
    if isinstance(value, dict):
        return sep.join(f"{k} {readable(lang, v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return sep.join(str(readable(lang, v)) for v in value)
    if isinstance(value, str) and "." in value and value in i18n.table(lang):
        return i18n.table(lang)[value]
    return value


@lru_cache(maxsize=None)
def _counted_keys(lang: str) -> frozenset[str]:
    """The keys that have a variant for a count of 1 in lang."""
    return frozenset(key.split("[", 1)[0] for key in i18n.table(lang) if key.endswith("=1]"))


def counted(lang: str, key: str, params: dict[str, Any]) -> str:
    """key, or its variant for the parameters that are 1 (`key[a=1,b=1]`), the most of them first, when lang has
    one."""
    if key not in _counted_keys(lang):
        return key
    ones = sorted(k for k, v in params.items() if isinstance(v, int) and not isinstance(v, bool) and abs(v) == 1)
    table = i18n.table(lang)
    for size in range(len(ones), 0, -1):
        for names in combinations(ones, size):
            variant = f"{key}[{','.join(f'{n}=1' for n in names)}]"
            if variant in table:
                return variant
    return key


def say(lang: str, key: str, **params: Any) -> str:
    """The text of key in lang with readable parameters (a count of 1 in its singular variant, if any)."""
    return i18n.text(lang, counted(lang, key, params), **{k: readable(lang, v) for k, v in params.items()})


def error(lang: str, err: Any) -> str:
    """A `RuleError` (or its dict form) in words, parameters made readable."""
    if isinstance(err, dict):
        return say(lang, err["key"], **err.get("params", {}))
    return say(lang, err.key, **err.params)


def now() -> str:
    """The current time as an ISO-8601 string (UTC, seconds) for actions and records."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def parse_time(stamp: Any) -> datetime | None:
    """An ISO time string as a local datetime, or None when empty, unreadable or not showable (never raises:
    `0001-01-01T00:00:00+14:00` is before the first local time there is)."""
    if not isinstance(stamp, str):
        return None
    try:
        moment = datetime.fromisoformat(stamp)
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=timezone.utc)
        return moment.astimezone()
    except (ValueError, OverflowError, OSError):
        return None


def clock(stamp: str) -> str:
    """The time of day of an ISO stamp (HH:MM:SS), or an empty string."""
    moment = parse_time(stamp)
    return moment.strftime("%H:%M:%S") if moment else ""


def when(lang: str, stamp: str) -> str:
    """Date and time of an ISO stamp for lists (e.g. 2025-03-01 20:15)."""
    moment = parse_time(stamp)
    return say(lang, "app.date_time", date=moment.strftime("%Y-%m-%d"), time=moment.strftime("%H:%M")) if moment else ""


def duration(lang: str, start: str, end: str) -> str:
    """How long from start to end, in hours and minutes."""
    a, b = parse_time(start), parse_time(end)
    if not a or not b:
        return ""
    minutes = max(0, int((b - a).total_seconds() // 60))
    if minutes >= 60:
        return say(lang, "app.duration_hours", hours=minutes // 60, minutes=minutes % 60)
    return say(lang, "app.duration_minutes", minutes=minutes)
