"""Readings: the canonical forms of an answer, so that two answers written differently but read alike meet.

Each answer (as its normalised words) gets marks (forms others find it by) and probes (forms it looks for);
two answers are linked when a probe of one is a mark of the other. The `character` reading alone is no form: it
compares two answers (`link`), looking their differing characters up only for answers one character apart, which
`one_apart` finds among many (forms for every character's glosses had made reading a Chinese answer slow). A link
is only ever a suggestion: the table decides, and its ruling becomes an alias. Each form carries why it was made and
the text a person is shown.

Rulings (forms; the reason key each gives):
- English (no Chinese characters): a leading article (the, a, an) dropped, runs of number words as digits
  (seven → 7, twenty one and twenty-one → 21, one hundred and one → 101, three pigs → 3 pig; rulings in
  validators/lexicon.py), British spellings made American (colour → color), the last
  word made singular when the dictionary knows the noun (mice → mouse, children → child, people → person), ordinal
  words in digits (first → 1st, twenty-first → 21st); the reason is
  `number` if a number was rewritten, else `spelling` if a spelling was, else `word` (article or singular).
  Every answer is also found by its own normalised form (`plain`).
- Chinese: numerals in digits (十 → 10, 三只小猪 → 3只小猪; `number`), the toneless pinyin of an answer of two
  or more Chinese characters (巧克利 and 巧克力 read "qiao ke li"; `pinyin`; it is also found by the same letters
  written as one answer in letters, toneless or with tones: 老虎 meets "laohu" and "Lǎo hǔ", the way a table
  writes a word whose characters it cannot), and the short English glosses of a
  dictionary word as written there, British spellings made American (苹果 → apple, 西红柿 and 番茄 → tomato;
  `gloss`, found by English answers as well).
- Same pinyin is a typo only when one side is not a word: two answers that CC-CEDICT has as words (杯子 cup and
  被子 quilt, 星星 star and 猩猩 orangutan) are not linked by their pinyin (other readings, a gloss, still link
  them); 巧克利 (no word) keeps its link to 巧克力, and so does an answer in letters ("beizi" meets 杯子 and 被子).
- An answer in emoji alone (U+FE0F, U+FE0E and the zero-width joiner ignored) reads as the English words of its
  characters' Unicode names, with their English forms (🍇 is GRAPES: grapes, grape; `emoji`), so it meets
  "grapes", "grape" and, through the gloss, 葡萄. An emoji beside a word (apple 🍎) is no emoji answer.
- A number and measure word before a Chinese answer (一个苹果, 三只小猪, 3只小猪): the answer looks for the
  word without them (`counted`: 三只小猪 finds 小猪), and answers with the same count meet whatever the
  measure word (一个苹果 and 一颗苹果), but different counts do not (三只小猪 and 两只小猪). With a count of
  one (like an English article) the answer is also found by the bare word's glosses (一个苹果 meets apple).
- One character apart, of like meaning (`character`): two answers of Chinese characters alone, as long as each
  other (two or more), that differ in one place, where the two characters share a CC-CEDICT gloss (汤圆 and 汤团,
  regional names of one food: 圆 and 团 both mean "round"; 红色 and 赤色). Ruling: only when one of the two has no
  short gloss of its own (汤圆's entry is a sentence, 汤团 is not in the dictionary): where CC-CEDICT glosses both
  words, their own glosses decide (the `gloss` reading), so 月亮 (moon) and 月光 (moonlight) are not linked through
  亮 and 光 (both "bright"). Characters that share no gloss are different words (汤圆 and 汤面, soup noodles: 圆
  and 面 share none; 老虎 and 老鼠), as the score threshold already says. The table sees the two characters ("团/圆").
- The reason for one shared form is the further-reaching of the two sides' (order: word, spelling, number,
  counted, pinyin, emoji, gloss, character; so 苹果/apples "both mean apple", not "same word"); when two answers
  share several forms, the nearest of those reasons is shown.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

from validators import lexicon
from validators.numerals import number_text, with_digits
from validators.writing import is_dense, normalise, words

PLAIN, WORD, SPELLING, NUMBER, COUNTED, PINYIN, EMOJI, GLOSS, CHARACTER = "plain", "word", "spelling", "number", \
    "counted", "pinyin", "emoji", "gloss", "character"
ORDER = (WORD, SPELLING, NUMBER, COUNTED, PINYIN, EMOJI, GLOSS, CHARACTER)
RANK = {reason: rank for rank, reason in enumerate(ORDER)}
ARTICLES = frozenset({"the", "a", "an"})
CLASSIFIERS = "个只头条张本把件位匹辆棵朵颗块杯瓶碗双对支根片粒座间家台部枝群串盒包袋箱桶份顶架艘首幅封枚口副套盏扇滴"
_COUNTED = re.compile(f"^([零〇一二两三四五六七八九十百千万亿]+|\\d+)[{CLASSIFIERS}](.+)$")
_EMOJI_JOINERS = frozenset("\u200d\ufe0e\ufe0f")
_HAN = re.compile("^[\u3400-\u9fff\uf900-\ufaff]+$")

Key = tuple[str, str]


@dataclass(frozen=True)
class Readings:
    """An answer's forms: marks (found by) and probes (looks for), each key → (reason, text shown); word: the
    answer is a Chinese dictionary word; han: the answer when it is two or more Chinese characters alone, else ""
    (what the `character` reading compares)."""

    marks: dict[Key, tuple[str, str]] = field(default_factory=dict)
    probes: dict[Key, tuple[str, str]] = field(default_factory=dict)
    word: bool = False
    han: str = ""

    def add(self, space: str, value: str, reason: str, shown: str, mark: bool = True) -> None:
        """Add one form (a probe, and a mark unless mark=False); an earlier form for the same key stays."""
        if value:
            if mark:
                self.marks.setdefault((space, value), (reason, shown))
            self.probes.setdefault((space, value), (reason, shown))


def link(a: Readings, b: Readings) -> tuple[str, str] | None:
    """(reason, text shown) of the best form linking two answers, or None when none does."""
    best: tuple[int, str, str] | None = None
    for probes, marks in ((a.probes, b.marks), (b.probes, a.marks)):
        for key in probes.keys() & marks.keys():
            sides = [(RANK[reason], shown, reason) for reason, shown in (probes[key], marks[key]) if reason != PLAIN]
            widest = max(sides, default=None)
            if widest is not None and widest[2] == PINYIN and a.word and b.word:
                continue
            if widest is not None and (best is None or widest < best):
                best = widest
    return (best[2], best[1]) if best else _character(a, b)


def _character(a: Readings, b: Readings) -> tuple[str, str] | None:
    """(character, the two characters) when two answers are one character of like meaning apart (see the module
    rulings), else None; the characters' glosses are only looked up for answers that differ in one place."""
    if not a.han or len(a.han) != len(b.han) or a.han == b.han:
        return None
    at = next(at for at, (x, y) in enumerate(zip(a.han, b.han)) if x != y)
    return (CHARACTER, apart(a.han, b.han)) if a.han[at + 1:] == b.han[at + 1:] and _alike(a.han, b.han, at) else None


def _alike(a: str, b: str, at: int) -> bool:
    """Two answers of Chinese characters that differ only at `at` are linked there: the two characters share a
    gloss, and not both answers have a gloss of their own (see the module rulings)."""
    if lexicon.glosses(a) and lexicon.glosses(b):
        return False
    return not set(lexicon.glosses(a[at])).isdisjoint(lexicon.glosses(b[at]))


def one_apart(read: Sequence[Readings]) -> set[tuple[int, int]]:
    """Pairs n < m of the answers (by index) that the `character` reading links: Chinese characters alone, as long
    as each other, one character of like meaning apart (found through each answer with one character left out)."""
    left_out: dict[tuple[int, str], list[int]] = defaultdict(list)
    for n, found in enumerate(read):
        for at in range(len(found.han)):
            left_out[(at, found.han[:at] + found.han[at + 1:])].append(n)
    return {(n, m) for (at, _), spots in left_out.items() for n, m in combinations(spots, 2)
            if read[n].han != read[m].han and _alike(read[n].han, read[m].han, at)}


@lru_cache(maxsize=1 << 15)
def readings(words: tuple[str, ...]) -> Readings:
    """The forms of an answer given as its normalised words (see the module rulings)."""
    norm = "".join(words)
    han = norm if len(norm) > 1 and _HAN.match(norm) else ""
    out = Readings(word=is_dense(norm) and lexicon.is_chinese_word(norm), han=han)
    if not norm:
        return out
    named = _emoji_names(norm)
    if named:
        _emoji(out, named)
    elif is_dense(norm):
        _chinese(out, norm)
    else:
        _english(out, words)
    return out


def _english(out: Readings, words: tuple[str, ...]) -> None:
    """The forms of an answer in letters."""
    out.add("w", "".join(words), PLAIN, " ".join(words))
    tokens = list(words[1:] if len(words) > 1 and words[0] in ARTICLES else words)
    reason = WORD if len(tokens) < len(words) else PLAIN
    digits = lexicon.with_digits(tokens)
    if digits != tokens:
        tokens, reason = digits, NUMBER
    american = [lexicon.american(token) for token in tokens]
    if american != tokens:
        tokens, reason = american, NUMBER if reason == NUMBER else SPELLING
    if reason != PLAIN:
        out.add("w", "".join(tokens), reason, " ".join(tokens))
    for singular in lexicon.noun_lemmas(tokens[-1]):
        shown = [*tokens[:-1], singular]
        out.add("w", "".join(shown), WORD if reason == PLAIN else reason, " ".join(shown))


def _emoji_names(norm: str) -> tuple[str, ...]:
    """The Unicode names of an answer written in emoji alone, as words ("🍇" → grapes), else ()."""
    if unicodedata.category(norm[0]) != "So":
        return ()
    signs = [ch for ch in norm if ch not in _EMOJI_JOINERS]
    if not signs or any(unicodedata.category(ch) != "So" for ch in signs):
        return ()
    return tuple(word for ch in signs for word in unicodedata.name(ch, "").lower().split())


def _emoji(out: Readings, named: tuple[str, ...]) -> None:
    """The forms of an answer in emoji: the English forms of its names, each as an emoji reading."""
    english = Readings()
    _english(english, tuple(words(" ".join(named))))
    for (space, value), (_, shown) in english.marks.items():
        out.add(space, value, EMOJI, shown)


def _chinese(out: Readings, norm: str) -> None:
    """The forms of an answer with Chinese characters."""
    out.add("z", norm, PLAIN, norm)
    digits = with_digits(norm)
    if digits != norm:
        out.add("z" if is_dense(digits) else "w", digits, NUMBER, digits)
    counted = _COUNTED.match(norm)
    if counted:
        count = counted.group(1) if counted.group(1).isdigit() else number_text(counted.group(1))
        bare = counted.group(2)
        out.add("z", bare, COUNTED, bare, mark=False)
        out.add("z", f"{count}|{bare}", COUNTED, bare)
        if count == "1":
            _meanings(out, bare)
    if _HAN.match(norm) and len(norm) > 1:
        for reading in lexicon.pinyin(norm):
            out.add("p", reading, PINYIN, reading)
            out.add("w", reading.replace(" ", ""), PINYIN, reading)
    _meanings(out, norm)


def apart(a: str, b: str) -> str:
    """The two characters in which two answers one character apart differ, in code-point order ("团/圆")."""
    pair = next(((x, y) for x, y in zip(a, b) if x != y), ())
    return "/".join(sorted(pair))


def _meanings(out: Readings, word: str) -> None:
    """The glosses of a Chinese word as forms an English answer (or another Chinese word) meets."""
    for gloss in lexicon.glosses(word):
        out.add("w", "".join(lexicon.american(normalise(part)) for part in gloss.split()), GLOSS, gloss)
