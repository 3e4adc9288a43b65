"""Translation tables: one per language (zh-CN and en), merged from `assets/i18n/<lang>/*.json`.

Each domain (core, record, app, a game…) keeps its keys in a file of its own so that work on one game does not
touch another's strings; together they form the one table of a language. Rule errors and breakdown lines carry a
key and parameters; `text(lang, key, **params)` renders them. This module reads files (once) and is used by the
command line and the views, never by engines.

Counts: where a noun follows a number ("{stars} stars"), a language with a singular form keeps it as a variant
key beside the plain one, naming the parameters that are 1: `"pictomania.line.kept[stars=1]"`, and for two
counts in one text `"stats.player_summary[plays=1]"`, `"…[wins=1]"` and `"…[plays=1,wins=1]"` (names sorted).
`text` uses the variant naming the most of the parameters that are 1 or −1 (integers, not booleans) or a list
of one ("inside loop 5" for `loops=[5]`), when the language's own table has it; else the plain key. Chinese has
no such variants (no plural forms); English has one for every text whose counted noun can meet a count of 1.

Messages in messages: a parameter that is a dict `{"key": …, **params}` reads as that message in words (the items
of a list each said with its owner: "B's “apple” and C's “Apple”"), when it is one beyond doubt (`is_message`): its
"key" is a message of the table and every other item one of that message's parameters. A dict of points whose
player is named "key" ({"Ann": "7 3", "key": "5 x2"}) had read as "5 x2" alone.

Lists: a list parameter reads as a sentence lists it (`listed`: "Ann, Bo and Cat", 甲、乙和丙), in the engines'
messages and the views' alike; a list inside it is bracketed (`grouped`: "(A, B) and (C, D)"), and a caller's
numbered list (a ranking) keeps plain commas (`plain_list`), and so does a list parameter named in `PLAIN`, one
whose sentence has an "and" of its own (Nab-It's "took RAT, CAT; banked a tile" had read "took RAT and CAT and
banked a tile"). A text whose verb follows a list of names is only used with two or more ("are tied").

Flags: a text that says something only when a boolean parameter is true keeps that as a variant too, naming it
`=true`: `"flip7.line.stayed[doubled=true]"` says "×2" where the plain key says nothing (rather than "×2 no").

Zeros: a text that names a count only where it is not zero keeps a variant without it, naming it `=0`, in both
languages: `"kingdomino.layout_unexplained[crowns=0]"` names a crownless square by its terrain alone (rather than
"(crowns: 0)"). A count of 0 is an integer 0, not False. A zero and a flag together keep a variant naming both
(sorted), in both languages: `"kingdomino.layout_unexplained[crowns=0,shared=true]"`.

A refusal inside another (a session's refused action, a backup's refused session) is carried as `reason` (its key)
and `reason_params` (its parameters, `NESTED`): `{reason}` reads as that refusal in words, however deep.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from itertools import combinations
from pathlib import Path
from typing import Any

LANGUAGES = ("zh-CN", "en")
DEFAULT = "zh-CN"
ROOT = Path(__file__).resolve().parent.parent / "assets" / "i18n"
NESTED = "reason_params"
REFUSAL = "reason"  # a parameter naming a refusal by its key (a session's refused action), shown in words
WORD_KINDS = frozenset({"phase", "card", "type", "room", "colour", "status", "reason", "terrain", "ignored"})
WORDS = frozenset({"cubosaurs.unknown_value"})  # words of the table not named `<domain>.<kind>.<name>`
PLAIN = frozenset({"took"})  # list parameters said without "and" (`plain_list`): their sentence has one of its own
MOVE = "move"  # a refusal's parameter naming a move by its type ("show"): shown by its name (`move_name`)
GAME = "game"  # beside MOVE, the game whose move it is (its own name of the move comes first)
CJK_LETTERS = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"  # kana, hanzi, hangul
CJK = CJK_LETTERS + "\uff00-\uffef"  # CJK letters, full-width forms
LIST_SEP = {"zh-CN": "、"}  # between the items of a list in a sentence; ", " elsewhere


class Listed(str):
    """A list parameter already said as a sentence (the views' `words.say`): `fill` treats it as the list it was,
    so its own spaces ("奶奶和 Ann") do not keep the template's space beside it ("与奶奶和 Ann 的一样")."""


def signed(value: Any) -> Any:
    """A number as a person reads it: a negative one with the minus sign "−" (U+2212), as print writes it, not the
    hyphen-minus ("−5", not "-5"); anything else as it is. Only for what is read (the screen, a correction's log row):
    exports and typed fields keep "-" (`views.words.whole_number` reads both)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
        return "\u2212" + str(value)[1:]
    return value


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


PLACEHOLDER = re.compile(r"\{(\w+)\}")


class _Params(dict):
    """Format parameters that leave an unknown placeholder visible instead of failing."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@lru_cache(maxsize=None)
def _counted_keys(lang: str) -> frozenset[str]:
    """The keys that have a variant (for a count of 1 or 0, or a flag that is true) in lang."""
    return frozenset(key.split("[", 1)[0] for key in table(lang) if key.endswith(("=1]", "=0]", "=true]")))


def is_zero(value: Any) -> bool:
    """Whether a parameter is a count of zero: the integer 0, not False."""
    return isinstance(value, int) and not isinstance(value, bool) and value == 0


def is_one(value: Any) -> bool:
    """Whether a parameter counts as one: 1 or −1 (an integer, not a boolean), or a list of one."""
    if isinstance(value, (list, tuple)):
        return len(value) == 1
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) == 1


def counted(lang: str, key: str, params: dict[str, Any]) -> str:
    """key, or its variant for the parameters that are 1, 0 or true (`key[a=1,b=true]`), the most of them first,
    when lang has one."""
    if key not in _counted_keys(lang):
        return key
    ones = sorted([f"{k}=1" for k, v in params.items() if is_one(v)] + [f"{k}=0" for k, v in params.items()
                                                                         if is_zero(v)]
                  + [f"{k}=true" for k, v in params.items() if v is True])
    for size in range(len(ones), 0, -1):
        for names in combinations(ones, size):
            variant = f"{key}[{','.join(names)}]"
            if variant in table(lang):
                return variant
    return key


def text(lang: str, key: str, **params: Any) -> str:
    """The message for key in lang (English, then the key itself, when missing), with its parameters; a count of
    1 in the key's singular variant where lang has one."""
    template = table(lang).get(counted(lang, key, params)) or table("en").get(key) or key
    inner = params.pop(NESTED, None)
    shown = {k: _move_name(lang, params.get(GAME), v) if k == MOVE else _shown(lang, k, v) for k, v in params.items()}
    if isinstance(inner, dict) and isinstance(params.get("reason"), str):
        shown["reason"] = text(lang, params["reason"], **inner)
    return fill(template, _Params(shown), {k for k, v in params.items() if isinstance(v, (list, tuple, Listed))})


def fill(template: str, shown: dict, lists: Any = ()) -> str:
    """The template with its parameters put in. A space the template keeps beside a parameter (a Chinese sentence
    sets Latin letters and digits apart: "等 {who} 操作", "第 {n} 轮") is left out where the letters it would
    stand between are both Chinese: "等张三操作", not "等 张三 操作"; "等 Ann 操作" keeps both, and so does a
    text written with spaces of its own, whose words the spaces keep apart ("7B 万能 压 5A": cards), but not a
    list said as a sentence (`lists`, the parameters given as lists: "等 A 和裁判操作")."""
    out, at = "", 0
    for found in PLACEHOLDER.finditer(template):
        value = str(shown[found.group(1)])
        out += template[at:found.start()]
        spaced = " " in value and found.group(1) not in lists
        if out.endswith(" ") and not spaced and not _space(out[-2:-1], value[:1]):
            out = out[:-1]
        out, at = out + value, found.end()
        if template[at:at + 1] == " " and not spaced and not _space(value[-1:], template[at + 1:at + 2]):
            at += 1
    return out + template[at:]


def is_word(lang: str, value: Any, refusal: bool = False) -> bool:
    """Whether a parameter names a word of lang's table by its key (a phase, a card, a colour:
    `<domain>.<kind>.<name>`), or, for a refusal, any key; other text (a player's name, a typed answer) is shown
    as typed even when it equals a key ("app.title")."""
    if not isinstance(value, str) or value not in table(lang):
        return False
    parts = value.split(".")
    return refusal or value in WORDS or (len(parts) > 2 and parts[1] in WORD_KINDS)


def is_message(lang: str, value: Any) -> bool:
    """Whether a parameter is a message of its own: a dict whose "key" is a message of lang's table (or English's)
    and whose other items are all parameters of that message (Guess Club's matched card: key, player, text)."""
    if not isinstance(value, dict) or not isinstance(value.get("key"), str):
        return False
    template = table(lang).get(value["key"]) or table("en").get(value["key"])
    return template is not None and set(value) - {"key"} <= set(PLACEHOLDER.findall(template))


def move_name(lang: str, game: Any, kind: Any, step: str | None = None) -> str | None:
    """A move's name: the game's own (`<game>.move.<type>`, e.g. Nab-It's letter tiles; of the step a prompt entry
    names, `<game>.move.<type>.<step>`, first), else the shell's (`app.move.<type>`), else None. The next-step
    line and a refusal naming a move both name it so."""
    for key in ((f"{game}.move.{kind}.{step}",) if step else ()) + (f"{game}.move.{kind}", f"app.move.{kind}"):
        if isinstance(kind, str) and key in table(lang):
            return table(lang)[key]
    return None


def _move_name(lang: str, game: Any, kind: Any) -> str:
    """A refusal's move in words: its name (`move_name`) where lang has one, else as it is."""
    return move_name(lang, game, kind) or _show(lang, kind)


def _shown(lang: str, name: str, value: Any) -> str:
    """A named parameter as text (`_show`): a refusal by its key, a list named in `PLAIN` without "and"."""
    if name in PLAIN and isinstance(value, (list, tuple)):
        return plain_list(lang, value)
    return _show(lang, value, name == REFUSAL)


def _show(lang: str, value: Any, refusal: bool = False) -> str:
    """A parameter as text: lists joined, booleans in words, a word of the table named by its key (e.g. a phase)
    in words, a message of its own (a dict: `{"key": …, **params}`, an item of a list each said with its owner:
    "B's “apple”") in words, anything else as it is."""
    if is_word(lang, value, refusal):
        return table(lang)[value]
    if is_message(lang, value):
        return text(lang, value["key"], **{k: v for k, v in value.items() if k != "key"})
    if isinstance(value, bool):
        return text(lang, "core.yes" if value else "core.no")
    if isinstance(value, (list, tuple)):
        return sentence_list(lang, value)
    return str(value)


def sentence_list(lang: str, items: Any) -> str:
    """A list parameter as a sentence says it (`listed`), a list inside it bracketed (`grouped`)."""
    return listed(lang, [grouped(lang, v) if isinstance(v, (list, tuple)) else _show(lang, v) for v in items])


def plain_list(lang: str, items: Any) -> str:
    """A list without "and": "A, B" (a numbered ranking, labels)."""
    return LIST_SEP.get(lang, ", ").join(_show(lang, v) for v in items)


def grouped(lang: str, items: Any) -> str:
    """A list inside a list (a damage card's rooms among the cards) in brackets without "and", so each group reads
    apart from the next: "(A, B) and (C, D)", （甲、乙）和（丙、丁）."""
    return ("（{}）" if lang == "zh-CN" else "({})").format(plain_list(lang, items))


def listed(lang: str, items: list[str]) -> str:
    """Items as a sentence says them: "A", "A and B", "A, B and C" (甲、乙和丙); a space on each side of the "and"
    unless the letters it stands between are Chinese (or Japanese, Korean) ones ("A、B 和 C", "3 和 5")."""
    *head, last = [str(item) for item in items] or [""]
    if not head:
        return last
    first, word = LIST_SEP.get(lang, ", ").join(head), text(lang, "core.and")
    return f"{first}{_space(first[-1:], word)}{word}{_space(word[-1:], last[:1])}{last}"


def _space(left: str, right: str) -> str:
    """The space between two letters of a sentence: none between two Chinese (Japanese, Korean) letters."""
    return "" if re.fullmatch(f"[{CJK}]{{2}}", left + right) else " "


def error_text(lang: str, err: Any) -> str:
    """A `RuleError` (or its dict form) in words."""
    if isinstance(err, dict):
        return text(lang, err["key"], **err.get("params", {}))
    return text(lang, err.key, **err.params)
