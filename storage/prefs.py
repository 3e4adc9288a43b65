"""What the store accepts for the roster, learned aliases, settings and game profiles: pure checks raising
`RuleError`.

Rulings:
- Roster names are trimmed, 1–40 characters (as in a session record), not "table" (reserved for table
  rulings); two names that differ only in letter case are the same player.
- An alias is a pair of different, non-empty answers; learning a pair already known (in either order) changes
  nothing.
- Settings: `lang` is one of the app's languages, `sound` and `keep_messages` booleans, `theme` "light", "dark" or
  "system". The
  theme's default is "system": a phone follows its system's light or dark until it chooses (it was "light", and a
  dark phone saw its loading screen dark, then the app light); a folder whose settings hold "light" or "dark"
  reads as before.
- A draft (the half-entered input of one session and seat) is a plain-JSON object of at most 20,000 characters;
  the table's shared screen is the seat "table".
- A game profile (what a game's view keeps between sessions, e.g. score rows the table confirmed) belongs to an
  installed game and is a plain-JSON object (string keys; no tuples, sets, NaN) of at most 20,000 characters
  as JSON; saving one replaces the game's previous profile.
"""

from __future__ import annotations

import json
from typing import Any

from scoring import names
from scoring.core import TABLE, RuleError, games
from scoring.i18n import LANGUAGES

DEFAULTS = {"lang": "zh-CN", "sound": True, "theme": "system", "keep_messages": False}
THEMES = ("light", "dark", "system")
NAME_MAX = 40
PROFILE_MAX = 20_000
DRAFT_MAX = 20_000


def player_name(name: Any, roster: list[str]) -> str:
    """The name as kept (`scoring.names.tidy`) if it may join the roster: none there is the same player's. A name
    with nothing to see (empty, or spaces alone) is refused as empty, one too long by its length."""
    if not isinstance(name, str) or not names.visible(name):
        raise RuleError("storage.player_name_empty")
    if len(names.tidy(name)) > NAME_MAX:
        raise RuleError("storage.player_name_length", max=NAME_MAX)
    name = names.tidy(name)
    if name == TABLE:
        raise RuleError("core.player_reserved", name=TABLE)
    if any(names.same(other, name) for other in roster):
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
    allowed = {"lang": LANGUAGES, "sound": (True, False), "theme": THEMES, "keep_messages": (True, False)}
    if key not in allowed:
        raise RuleError("storage.setting_unknown", setting=str(key))
    if allowed[key] == (True, False) and not isinstance(value, bool) or value not in allowed[key]:
        raise RuleError("storage.setting_invalid", setting=key, value=str(value))
    return value


def profile(game: Any, data: Any) -> tuple[str, dict]:
    """The game id and a plain-JSON copy of the data if they may be saved as that game's profile."""
    if game not in {g.id for g in games()}:
        raise RuleError("storage.profile_game_unknown", game=str(game))
    try:
        text = json.dumps(data, ensure_ascii=False, allow_nan=False)
        plain = json.loads(text)
    except (TypeError, ValueError):
        raise RuleError("storage.profile_invalid", game=game) from None
    if not isinstance(data, dict) or plain != data:
        raise RuleError("storage.profile_invalid", game=game)
    if len(text) > PROFILE_MAX:
        raise RuleError("storage.profile_too_large", game=game, size=len(text), max=PROFILE_MAX)
    return game, plain


def plain_object(data: Any) -> tuple[dict, int] | None:
    """A plain-JSON copy of data and its JSON length, or None when data is not a plain-JSON object."""
    try:
        text = json.dumps(data, ensure_ascii=False, allow_nan=False)
        plain = json.loads(text)
    except (TypeError, ValueError):
        return None
    if not isinstance(data, dict) or plain != data:
        return None
    return plain, len(text)


def draft_seat(seat: Any) -> str:
    """The stored seat of a draft: a player's name, or "table" for the shared screen."""
    return TABLE if seat is None else str(seat)


def draft(data: Any) -> dict:
    """A plain-JSON copy of a draft if it may be kept."""
    checked = plain_object(data)
    if checked is None:
        raise RuleError("storage.draft_invalid")
    if checked[1] > DRAFT_MAX:
        raise RuleError("storage.draft_too_large", size=checked[1], max=DRAFT_MAX)
    return checked[0]
