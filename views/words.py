"""Words on screen: every visible string comes from the translation tables through `say`.

`say(lang, key, **params)` is `scoring.i18n.text` with parameters made readable first: a dict of points
({"A": 3, "B": -1}) reads "A 3, B −1" (a negative number with the minus sign, `signed`), a list reads "A, B and
C" (甲、乙和丙), nested values the same way.
Dates and durations are formatted here too, so every screen shows them alike. A typed whole number is read in one
place (`whole_number`), so every number field takes what a phone's keyboard or a Chinese IME types alike.

A count of 1 reads singular ("1 star"): `scoring.i18n.text` picks a key's singular variant, as the command line's
texts do too.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime, timezone
from typing import Any

from scoring import i18n
from scoring.i18n import signed

LANGUAGES = i18n.LANGUAGES
move_name = i18n.move_name  # a move's name, the game's own first: the one lookup a refusal naming a move uses too
plain_list = i18n.plain_list  # a list without "and" ("1. A (4), 2. B (3)": a ranking, numbered already)
ORPHAN_MAX = 12  # a last word this short (in characters) is glued to the word before it
BRACKET_MAX = 16  # a bracket this short (in characters) ending a score line's head stays whole with the points
BRACKETS = {")": "(", "\uff09": "\uff08"}  # ）: （
TWO_BRACKETS = re.compile("\uff09\u2060?\uff08|\\) \\(")  # "）（" or ") (": two brackets in a row
# beside a CJK letter or full-width mark, next to any letter but a space (a line may break there) or a word joiner
# already there (so a text kept whole twice gets one): 丽（, Cy（
CJK_PAIR = re.compile(f"(?<=[{i18n.CJK}])(?=[^\\s\u2060])|(?<=[^\\s\u2060])(?=[{i18n.CJK}])")
CLOSING = "\u3001\u3002\uff01\uff09\uff0c\uff1a\uff1b\uff1f\u201d\u2019\u300d\u300f"  # 、。！），：；？”’」』
# a text's last two CJK letters and the closing marks after them, kept on one line (`no_orphan`)
PAUSES = "\u3001\u3002\uff01\uff0c\uff1a\uff1b\uff1f"  # 、。！，：；？ : a Chinese line may break after one (`whole_clauses`)
CLAUSE = re.compile(f"[^{PAUSES}]+[{PAUSES}]*")  # a Chinese clause and the pause marks ending it
# half-width units (a Chinese character is two): a Chinese clause this wide keeps its spaces too (`whole_line`), as
# it fits a phone's line at 2x text (358 px of a 390 px phone, 14 px a unit at 14 px text)
CLAUSE_MAX = 24
PARTS = re.compile(r"( ?· )")  # between the parts of a line of counts (`whole_line`): " · ", "（出题者）· "
NUMBER_AFTER_SPACE = re.compile(r" (?=[-−]?\d)")  # a space before a number (`whole_part`)
SPACE_AFTER_NUMBER = re.compile(f"(?<=\\d) (?=[{i18n.CJK_LETTERS}])")  # "2016 年", "3 个" (`whole_numbers`)
MARK = "\u200b"  # a zero-width space: where a language file lets a long Chinese word break (`whole_words`)
CJK_TAIL = re.compile(f"([{i18n.CJK_LETTERS}])([{i18n.CJK_LETTERS}][{CLOSING}]*)$")


def readable(lang: str, value: Any, refusal: bool = False, whole: bool = False) -> Any:
    """A parameter in a readable form: dicts as "key value" pairs (whole: each a `whole_name`, so a line on screen
    breaks only between pairs: "Totals so far: Ann 1, Bob" / "2, Cat 0" was seen on a phone with large text),
    lists as a sentence lists them ("A, B and C", `i18n.listed`), a word of the table named by its key in words (so
    a list of them reads as words too; `i18n.is_word`), a message of its own (`i18n.is_message`: a dict with its
    "key", a message of the table, and that message's parameters: a ruling's matched cards, "C's “Apple”") as that
    message says it, other scalars as they are."""
    sep = "，" if lang == "zh-CN" else ", "
    if i18n.is_message(lang, value):
        return say(lang, value["key"], **{k: v for k, v in value.items() if k != "key"})
    if isinstance(value, dict):
        pairs = (f"{k} {readable(lang, v)}" for k, v in value.items())
        return sep.join(map(whole_name, pairs) if whole else pairs)
    if isinstance(value, (list, tuple)):
        return i18n.sentence_list(lang, [[readable(lang, w) for w in v] if isinstance(v, (list, tuple))
                                         else readable(lang, v) for v in value])
    if i18n.is_word(lang, value, refusal):
        return i18n.table(lang)[value]
    return signed(value)


def whole_number(text: str) -> int:
    """A typed whole number: full-width digits and signs (a Chinese IME's "－５"), the maths minus "−" and spaces
    around it read as a phone shows them; ValueError when it is not one (also "1_0", which Python's int reads as 10:
    a slip, not a number a person writes)."""
    typed = unicodedata.normalize("NFKC", str(text)).strip().replace("−", "-")
    if "_" in typed:
        raise ValueError(f"not a whole number: {text!r}")
    return int(typed)


def leading(text: str) -> str:
    """text as it starts a button or a line: its first letter upper-case ("note that the deck was shuffled", a move's
    name in the middle of "Next: Table — …", leads a button as "Note that …"); Chinese is left as it is."""
    return text[:1].upper() + text[1:]


def unbroken(text: str) -> str:
    """text with no-break spaces, so a line never breaks inside it (one entry of a list: "4. Cy (12)")."""
    return text.replace(" ", "\u00a0")


def whole_name(name: str) -> str:
    """A player's name (or one entry of a list: "2. 丽丽（0）") that a line never breaks inside: no-break spaces, and
    a word joiner on each side of a Chinese, Japanese or Korean character or full-width mark, but beside a space (a
    line may break there: 李 / 四, 丽丽 / （0）, Cy / （0）); emoji and their joiners are left as they are."""
    return whole_word(unbroken(name))


def whole_word(text: str) -> str:
    """text whose Chinese, Japanese or Korean characters a line never breaks between (a word joiner beside each,
    but beside a space), its spaces left as break points: a game's name in a title ("新对局：王" / "国骨牌" at a
    phone's 2x text); unlike `whole_name`, "Knit Wit" may still wrap at its space."""
    return CJK_PAIR.sub("\u2060", text)


def whole_clauses(text: str) -> str:
    """text whose Chinese clauses a line never breaks inside: `whole_word`, but a line may still break after a
    pause mark (，、。：；！？) as at a space. Ruling: Chinese has no spaces between words and the app no dictionary,
    so a clause is the unit kept whole: a game's description read "…× 皇" / "冠数。" at 1x and cut 王国 and 皇冠 at
    2x on a phone. A clause longer than a line still breaks where Flutter must."""
    return re.sub(f"([{PAUSES}])\u2060", "\\1", whole_word(text))


def whole_words(text: str) -> str:
    """text whose words a line never breaks inside (`whole_clauses`), a long Chinese word broken, if it must, only
    where its language file marks a word's end with a zero-width space (U+200B): a room a third of a phone wide at
    2x text read "纳米机 / 器人" and "修复方 / 块：2/3"; "纳米\u200b机器人" now reads "纳米 / 机器人" where it must break,
    and "纳米机器人" where it fits. Ruling: the app has no dictionary, so a word wider than a phone's narrowest
    column at 2x (more than 4 Chinese characters in a room) has its break marked by the language file."""
    return MARK.join(whole_clauses(part) for part in text.split(MARK))


def whole_numbers(lang: str, text: str) -> str:
    """A Chinese text (a rules page) whose numbers stay on a line with the word they date or count: the space
    between them is a no-break space. Ruling: "2016 年" is one date and "3 个" one count; at a phone's 2x text
    Knit Wit's rules read "2016" / "年，2–8 人" with the year at a line's end and 年 starting the next. Other
    languages' texts are left as they are."""
    return SPACE_AFTER_NUMBER.sub("\u00a0", text) if lang == "zh-CN" else text


def whole_line(lang: str, text: str) -> str:
    """A score line (a scoreboard's breakdown entry, a score row's button, a summary of counts) that a line breaks
    only between its parts: after a " · " where it has them, each part whole (`whole_name`, in either language:
    "回合：14 · 已转移房间：" / "8", Guess Club's "… · 筹" / "码 150" and "Bob · chips 150 · loans" / "0" were
    seen); else a Chinese line after a pause mark only (`whole_clauses`), a clause that fits a line with its spaces
    too (`short_unbroken`). Ruling: in a Chinese line a space only sets a number or a Latin word apart ("2 格",
    "4 张"), it parts no words; at a phone's 2x text "森林：2 格 × 1 顶皇冠" broke as 森 / 林 and 顶 / 皇冠, and a
    Cubosaurs row "4 张及以 / 上未知". Other languages' clauses are left as they are (their spaces part words)."""
    pieces = PARTS.split(text)
    if len(pieces) > 1:
        return "".join(whole_part(lang, p) if i % 2 == 0 else ("\u00a0" if p[0] == " " else "\u2060") + "· "
                       for i, p in enumerate(pieces))
    return whole_clauses(CLAUSE.sub(lambda m: short_unbroken(m.group()), text)) if lang == "zh-CN" else text


def whole_part(lang: str, part: str) -> str:
    """One part of a line of counts: whole if it fits a phone's line at 2x text (`fits`); a longer one kept whole
    would break inside a word where Flutter must (Solar Storm's "cards left in the deck: 32", a Guess Club name of
    40 letters), so it breaks between its words, each number on its word's line ("loans" / "0" was seen)."""
    if fits(part):
        return whole_name(part)
    glued = NUMBER_AFTER_SPACE.sub("\u00a0", part)
    return whole_clauses(glued) if lang == "zh-CN" else glued


def whole_title(lang: str, text: str) -> str:
    """A screen's title as the top bar shows it: `whole_line`, and a Chinese line may also break before a
    full-width bracket ("妙笔神猜" / "（多手机）"). Ruling: a title is built from a game's name and what the screen
    does with it, so its clauses and brackets are the units kept whole: the score pad's end screen read "Hearts（计分
    板，低分" / "胜）" on a 390 px phone; now "Hearts（计分板，" / "低分胜）"."""
    return break_before_bracket(lang, whole_line(lang, one_bracket(text)))


def break_before_bracket(lang: str, text: str) -> str:
    """A Chinese line (`whole_line`) that may also break before a full-width opening bracket (no word joiner
    there), the bracket itself kept as it was; other languages' lines as they are."""
    return text.replace("\u2060\uff08", "\uff08") if lang == "zh-CN" else text


def one_bracket(text: str) -> str:
    """text with two brackets in a row read as one, their parts joined by " · ": a title built from a name that
    ends in a bracket and a screen's own bracket read "麻将（计分板）（多手机）"; now "麻将（计分板 · 多手机）"
    ("Azul (2p) (score pad)": "Azul (2p · score pad)")."""
    return TWO_BRACKETS.sub(" · ", text)


def short_unbroken(clause: str) -> str:
    """A Chinese clause with no-break spaces if it fits a phone's line at 2x text (`fits`), else as it is: a
    longer one kept whole would break where Flutter must ("自己没送出的计分板块 3 颗星 =" / "-3" was seen)."""
    return unbroken(clause) if fits(clause) else clause


def fits(text: str, most: int = CLAUSE_MAX) -> bool:
    """Whether text fits a phone's line at 2x text: `most` half-width units (a line's CLAUSE_MAX unless given), a
    Chinese character two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text if c != "\u2060") <= most


def no_orphan(text: str) -> str:
    """text whose last word cannot sit alone on the last line: it is glued to the word before by a no-break space
    ("… Ann's turn" does not leave "turn" alone under a wrapped line).
    Ruling: Chinese, which breaks between any two characters, keeps its last two characters together (a word
    joiner between them; a closing mark after them stays with them as it does anyway): "…出完的先后" wrapped to
    leave "后" alone on a line, "…然后隐藏。" left "藏。"; an English text ending in a Chinese name keeps both ("…
    scores:\u00a0小\u2060明")."""
    joined = no_lone_character(text.rstrip())
    head, space, last = joined.rpartition(" ")
    return f"{head}\u00a0{last}" if space and head and len(last) <= ORPHAN_MAX else joined


def no_lone_character(text: str) -> str:
    """text whose Chinese end keeps its last two characters together (a word joiner between them); English words
    are left free to wrap at their spaces (a heading in a narrow column: `no_orphan` would glue "Largest property"
    into one unit that then breaks inside a word)."""
    return CJK_TAIL.sub("\\1\u2060\\2", text)


def whole_after(text: str, head: str) -> str:
    """text that starts with head (a game's name), what follows kept on one line (`whole_name`), the spaces
    between them left as a break point: a Continue tile at a phone's 2x text read "Solar Storm · round" / "1" and
    "通用计分板 · 第 1" / "轮"; now "Solar Storm" / "· round 1". text not starting with head is left as it is."""
    if not head or not text.startswith(head):
        return text
    rest = text[len(head):]
    tail = rest.lstrip()
    return head + rest[:len(rest) - len(tail)] + whole_name(tail) if tail else text


def bracket_start(text: str) -> int | None:
    """Where the short bracket ending text (at most BRACKET_MAX characters) opens, or None."""
    opening = BRACKETS.get(text[-1:])
    start = text.rfind(opening) if opening else -1
    return start if start >= 0 and len(text) - start <= BRACKET_MAX else None


def whole_bracket(text: str) -> str:
    """text whose short bracket at its end (`bracket_start`) a line never breaks inside (`whole_name`); the line
    may still break before it: a phone's title at 2× text read "方块恐龙（多" / "手机）"."""
    start = bracket_start(text)
    return text if start is None else text[:start] + whole_name(text[start:])


def glued_tail(text: str, head: str) -> str:
    """text that is head followed by a tail (" = 0" after "Round 3: busted"), the tail kept on one line with head's
    last word by no-break spaces, so "= 0" never wraps onto a line of its own; text not starting with head, or
    with nothing after it, is left as it is. A Chinese head keeps its last two characters with the tail
    (`no_lone_character`: "和谐：王国填满，没有弃" / "牌 = 5" was seen at a phone's 2x text). A short bracket
    ending head (at most BRACKET_MAX characters) is kept whole with the tail instead (`whole_name`): "(loops:" /
    "2) = 2" and "（2 个线" / "圈） = 2" were seen."""
    if not head or not text.startswith(head) or text == head:
        return text
    start = bracket_start(head)
    if start is not None:
        return head[:start] + whole_name(text[start:])
    before, space, last = no_lone_character(head).rpartition(" ")
    return f"{before}{space}{unbroken(last + text[len(head):])}"


def player_range(lang: str, game: Any, span: tuple[int, int] | None = None) -> str:
    """How many play a game: "2–5 players", the counts it is played with ("4 or 6 players"), or the one count the
    chosen options allow (`span`, from `Engine.player_span`: "2 players" in Kingdomino's Mighty Duel), never broken
    across lines: at 2× text a game's card on the home screen wrapped "Bacon · 4 或 6 人" to leave "人" alone on
    its line, and "3–18 人" as "3–18" / "人". No-break spaces, and a word joiner after the dash (a line may break
    after an en dash)."""
    low, high = span or (game.min_players, game.max_players)
    counts = game.player_counts
    if low == high:
        said = say(lang, "app.player_exact", count=low)
    elif counts:
        said = say(lang, "app.player_counts", a=", ".join(map(str, counts[:-1])), b=counts[-1])
    else:
        said = say(lang, "app.player_range", min=low, max=high)
    return unbroken(said).replace("–", "–\u2060")


def say(lang: str, key: str, **params: Any) -> str:
    """The text of key in lang with readable parameters (a count of 1, or a list of one, in its singular variant,
    if any: chosen before the parameters are made readable)."""
    inner = params.pop(i18n.NESTED, None)
    shown = {k: _said_list(lang, k, v) if isinstance(v, list | tuple) else readable(lang, v, k == i18n.REFUSAL)
             for k, v in params.items()}
    if isinstance(inner, dict) and isinstance(params.get("reason"), str):
        shown["reason"] = say(lang, params["reason"], **inner)
    return i18n.text(lang, i18n.counted(lang, key, params), **shown)


def _said_list(lang: str, name: str, items: list | tuple) -> str:
    """A list parameter said as a sentence (without "and" where `i18n.PLAIN` names it), marked a list
    (`i18n.Listed`) unless an item has spaces of its own (cards: "花色 B 的 7 和万能 压 …" keeps them)."""
    said = [readable(lang, w) for w in items]
    text = i18n.plain_list(lang, said) if name in i18n.PLAIN else readable(lang, items)
    return text if any(" " in str(w) for w in said) else i18n.Listed(text)


def say_whole(lang: str, key: str, **params: Any) -> str:
    """`say`, each dict of points read with its pairs whole (`readable`'s whole), so a line breaks only between
    players: a log row and its undo button read "… Cy 3, 李" / "四 10" on a phone."""
    kept = {k: readable(lang, v, whole=True) if isinstance(v, dict) and k != i18n.NESTED
            and not i18n.is_message(lang, v) else v for k, v in params.items()}
    return say(lang, key, **kept)


def own_key(lang: str, game: str, key: str) -> str:
    """A shared key, or the game's own for it where the game has one (`<game>.<key>`: Bacon plays deals, so its
    "Round 3" is "Deal 3", 第 3 局)."""
    own = f"{game}.{key}"
    return own if own in i18n.table(lang) else key


def say_for(lang: str, game: str, key: str, /, **params: Any) -> str:
    """A shared key in a game's own words where the game has them (`own_key`), else the shared words."""
    return say(lang, own_key(lang, game, key), **params)


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
    """How long from start to end, in hours and minutes ("under a minute" rather than "0 min")."""
    a, b = parse_time(start), parse_time(end)
    if not a or not b:
        return ""
    minutes = max(0, int((b - a).total_seconds() // 60))
    if minutes >= 60:
        return say(lang, "app.duration_hours", hours=minutes // 60, minutes=minutes % 60)
    return say(lang, "app.duration_minutes", minutes=minutes) if minutes else say(lang, "app.duration_short")
