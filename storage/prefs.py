"""What the store accepts for the roster, learned aliases and settings: pure checks raising `RuleError`.

Rulings:
- Roster names are trimmed, 1–40 characters (as in a session record), not "table" (reserved for table
  rulings); two names that differ only in letter case are the same player.
- An alias is a pair of different, non-empty answers; learning a pair already known (in either order) changes
  nothing.
- Settings: `lang` is one of the app's languages, `sound` a boolean, `theme` "light", "dark" or "system".
"""

from __future__ import annotations

from typing import Any

from scoring.core import TABLE, RuleError
from scoring.i18n import LANGUAGES

DEFAULTS = {"lang": "zh-CN", "sound": True, "theme": "light"}
THEMES = ("light", "dark", "system")
NAME_MAX = 40


def player_name(name: Any, roster: list[str]) -> str:
    """The trimmed name if it may join the roster."""
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= NAME_MAX:
        raise RuleError("storage.player_name_length", max=NAME_MAX)
    name = name.strip()
    if name == TABLE:
        raise RuleError("core.player_reserved", name=TABLE)
    if any(other.casefold() == name.casefold() for other in roster):
        raise RuleError("storage.player_duplicate", name=name)
    return name


def alias(a: Any, b: Any) -> tuple[str, str]:
    """The trimmed pair if it is a proper alias."""
    if not isinstance(a, str) or not isinstance(b, str) or not a.strip() or not b.strip():
        raise RuleError("storage.alias_empty")
    a, b = a.strip(), b.strip()
    if a == b:
        raise RuleError("storage.alias_same", answer=a)
    return a, b


def setting(key: Any, value: Any) -> Any:
    """The value if key is a known setting and value is allowed for it."""
    allowed = {"lang": LANGUAGES, "sound": (True, False), "theme": THEMES}
    if key not in allowed:
        raise RuleError("storage.setting_unknown", setting=str(key))
    if key == "sound" and not isinstance(value, bool) or value not in allowed[key]:
        raise RuleError("storage.setting_invalid", setting=key, value=str(value))
    return value
