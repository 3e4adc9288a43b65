"""The answer matcher: decides whether two written answers are the same, maybe the same, or different.

It works in stages so the app can say why (DESIGN.md, "Judging answers"); each verdict carries a reason key and,
for a suggestion, the text that linked the answers (`Verdict.explain()` gives a message key and its params):

1. `normalise` (validators/writing.py): NFKC, traditional → simplified Chinese, casefold, accents, spaces and
   punctuation dropped — except punctuation that carries meaning (``C++``, ``C#``, ``A+``/``A-``, ``1/2``,
   ``3.14``, ``9:00``, ``5%``, ``+1``/``-1`` stay apart). ``ＡＰＰＬＥ``, ``Apple!`` and ``apple`` all become
   ``apple``; ``蘋果`` becomes ``苹果``; ``sun flower`` becomes ``sunflower``.
2. Equal after normalising → **same** (`answers.reason.equal`), `link` naming the differences ignored
   (`writing.ignored`: "case punctuation"), so the table reads only those ("Written the same (ignoring case and
   punctuation)", `answers.link.equal`), never full-width or traditional characters between two plain words.
3. A learned alias (a ruling the table made earlier, e.g. ``苹果 = apple``) → **same** (`answers.reason.alias`).
4. A shared reading (validators/readings.py: English lemma without articles, American spelling, numbers as
   digits, Chinese without a count and measure word, toneless pinyin, an emoji's name, CC-CEDICT glosses, a Chinese
   word one character of like meaning apart) → **suggested**, the reason naming the reading (`answers.reason.word`,
   `.spelling`, `.number`, `.counted`, `.pinyin`, `.emoji`, `.gloss`, `.character`)
   and `link` holding it ("qiao ke li", "tomato", "团/圆"). A reading is never "same": the table decides.
   The Chinese screen says a gloss without its English word ("词典里意思相同" for 西红柿/番茄, where the English
   screen says "Both mean “tomato”"): Chinese players do not think in English glosses, and the two answers are on
   the screen beside it.
5. Similar enough (rapidfuzz `fuzz.ratio` on the normalised answers) or a plural of the other → **suggested**
   (`answers.reason.similar`), or a typo of an English word (`answers.reason.typo`, link the word).
6. Otherwise **different** (`answers.reason.different`; an answer that normalises to nothing is different from
   everything, `answers.reason.blank`).

Rulings:
- Aliases are normalised when the matcher is built (``蘋果 = Apple`` is the alias ``苹果 = apple``) and are
  transitive: the rulings ``番茄 = 西红柿`` and ``西红柿 = tomato`` make ``番茄`` and ``tomato`` the same. Every
  normalised answer has one key (the smallest member of its alias class), and "same" means "equal keys", so the
  relation is an equivalence and `groups` are exactly its classes. Suggestions never chain: a suggestion only
  ever links the two answers it names and never joins groups. An alias side that normalises to nothing is
  ignored. Fuzzy scores compare the answers as written (normalised), not their alias classes.
- Short words written in letters (the shorter answer has fewer than `short_word`, default 6, characters after
  normalising): one letter changes the word (cat/cart, cat/bat, hat/hut, house/horse), and a table asked about
  those would only be annoyed, so a short pair scoring `suggest_at` or more is suggested only when one is a
  plural of the other (cat/cats, box/boxes, leaf/leaves) or exactly one of the two is an English word (aple is
  a typo of apple; cat and cart are both words; two made-up words are left alone). Only an answer in letters
  alone is called a typo of the word: one with an emoji or a digit added (apple🍎, apple2) is similar to apple.
- "A plural of the other" is spelling (+s, +es, y → ies, f/fe → ves) that the dictionary does not contradict: when
  lemminflect knows the longer word and does not give the shorter as its singular, it is no plural (news is not
  new + s, nor boss bos + s); made-up words (blorp/blorps) keep the spelling rule.
- Two different English words (the dictionary knows both, no reading links them) of `LONG_WORD` (6) letters or
  more are different words, however alike, when CC-CEDICT tells them apart: each (or its American spelling, or a
  singular of it) is the gloss of some Chinese word, and no Chinese word glosses both (dessert 甜点/desert 沙漠 92,
  bicycle 自行车/tricycle 三轮车 80): one letter changes a long word too, and a table asked about those would be as
  annoyed as about cat/cart. When either is glossed by no Chinese word, or both by one, the score decides as for
  any pair: a spelling variant is asked about, not lost (barbecue/barbeque 88, whisky/whiskey 92 and
  donuts/doughnuts 80: CC-CEDICT glosses barbecue, whiskey and doughnut only), and so is a plural-only noun typed
  in the singular (scissors/scissor 93: scissor is glossed by none). Below 6 letters `short_word` decides as
  before (so short_word=3 still asks about cat/cart).
- A long typo (play-testers' bycicle/bicycle scores only 71): an answer in letters that is not an English word, at
  most `TYPO_EDITS` (2) Levenshtein edits from one that is, both of `LONG_WORD` letters or more, scoring
  `TYPO_MARGIN` (10) or less under `suggest_at` → suggested as a typo of the word. The margin is given only at the
  default threshold or below: a table that raises `suggest_at` asks about fewer pairs, these included
  (elephant/elephnat, 87.5, is different at 90).
- Chinese (any answer with a CJK, kana or Hangul character) has no short-word rule: the score threshold alone
  decides. With the default 80 a one-character change in a word of 2–4 characters is never suggested
  (老虎/老鼠 50, 向日葵/向日花 67, 四字词语 75), while one extra character around a 2–5 character answer is
  (老虎/大老虎 80, 向日葵/向日葵花 86): the table would want to be asked about those.
- A tag echo (Knit Wit: the answer merely repeats a tag, "黄色花朵" for 黄色): the tag is the answer, or the answer is
  the tag plus a filler. For a tag with Chinese characters, its stem is the normalised tag without a final 的
  (圆的 → 圆), and the answer repeats it when:
  - the stem has two characters or more and appears in the answer (黄色花朵 repeats 黄色, 向日葵 does not; 木制椅子
    repeats 木制的): a word that long inside an answer is the tag, not part of another word;
  - the tag as written with its 的 appears in the answer (圆的球 repeats 圆的);
  - the stem is one character and the answer is only that character, once or doubled, followed only by endings
    that name the tag's own quality (`ECHO_ENDINGS`: 的 色 形 状 味): for the tag 圆的 the answers 圆, 圆圆的 and
    圆形的 repeat it, 汤圆 and 圆珠笔 do not (nor 甜点 for 甜的). Ruling: one character is part of a great many
    words, and a table asked about 汤圆 for "round" would only be annoyed; the table can still challenge any answer.
  For a tag in letters it is containment of whole words
  in order, a word also matching its plural (yellow flowers repeats yellow and flower; bored does not repeat red),
  however the words are split: a run of whole words written together that is the tag written together counts
  (the tag ice-cream in "ice cream cone", the tag "ice cream" in "icecream cone", as `normalise` makes those
  answers the same; it missed them).
  An echo is only flagged for the table to challenge, never struck by the app.
- A reused answer on one sheet is a pair that is "same" (equal or alias), never a suggestion; blanks are ignored.
- `pairs` finds reading links through an index of the answers' forms (each distinct answer read once, cached), and
  the Chinese answers one character of like meaning apart through an index of each with one character left out
  (`one_apart`), and fuzzy candidates with one `rapidfuzz.process.cdist` over the distinct normalised answers (two
  list objects, so rapidfuzz takes its faster two-list route), on one thread below `parallel_from` distinct answers
  and on every core above. Dictionaries load on first use (`validators.lexicon.load()` loads them ahead); so does
  numpy, which only `pairs` needs: the engines that use the matcher are imported at start-up (the home screen names
  every game), and numpy alone took more than half as long as all of them (40–90 ms against 70–110 ms).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import combinations
from typing import Iterable, Sequence

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from validators import lexicon
from validators.readings import CHARACTER, ORDER, Readings, apart, link, one_apart, readings
from validators.writing import ignored, is_dense, normalise, words

__all__ = ["SAME", "SUGGESTED", "DIFFERENT", "Matcher", "Verdict", "alias_pairs", "explain", "is_dense",
           "normalise", "plurals"]

SAME, SUGGESTED, DIFFERENT = "same", "suggested", "different"
EQUAL = "answers.reason.equal"
ALIAS = "answers.reason.alias"
SIMILAR = "answers.reason.similar"
TYPO = "answers.reason.typo"
UNLIKE = "answers.reason.different"
BLANK = "answers.reason.blank"
READING = {name: f"answers.reason.{name}" for name in ORDER}
LINKED = (EQUAL, TYPO, *READING.values())
DEFAULT_SUGGEST_AT, LONG_WORD, TYPO_MARGIN, TYPO_EDITS = 80.0, 6, 10.0, 2
ECHO_ENDINGS = frozenset("的色形状味")  # endings that name a one-character tag's own quality (圆形, 红色, 甜味)


def explain(reason: str, link_text: str = "") -> tuple[str, dict]:
    """The message key and params that show a verdict to the table ("Same pinyin: qiao ke li"); an equal
    verdict's differences each in words (`answers.ignored.<kind>`)."""
    if reason in LINKED and link_text:
        shown = [f"answers.ignored.{kind}" for kind in link_text.split()] if reason == EQUAL else link_text
        return reason.replace("answers.reason.", "answers.link."), {"link": shown}
    return reason, {}


def plurals(word: str) -> set[str]:
    """English plural forms of a normalised word written in letters (empty for Chinese or very short words)."""
    if len(word) < 2 or is_dense(word) or not word[-1].isalpha():
        return set()
    forms = {word + "s", word + "es"}
    if word.endswith("y"):
        forms.add(word[:-1] + "ies")
    if word.endswith("f"):
        forms.add(word[:-1] + "ves")
    if word.endswith("fe"):
        forms.add(word[:-2] + "ves")
    return forms


def _same_word(word: str, tag_word: str) -> bool:
    """A word of the answer matches a word of the tag: equal, or either is a plural of the other."""
    return word == tag_word or word in plurals(tag_word) or tag_word in plurals(word)


def _echoes(answer: str, tag: str) -> bool:
    """The answer merely repeats the tag (see the module rulings)."""
    wanted = normalise(tag)
    if is_dense(wanted):
        return _dense_echo(normalise(answer), wanted)
    tag_words, answer_words = words(tag), words(answer)
    if not tag_words:
        return False
    span = len(tag_words)
    return any(
        all(_same_word(w, t) for w, t in zip(answer_words[start : start + span], tag_words))
        for start in range(len(answer_words) - span + 1)
    ) or _joined_echo(answer_words, "".join(tag_words))


def _dense_echo(answer: str, tag: str) -> bool:
    """A normalised answer repeats a normalised Chinese tag (see the module rulings: 圆圆的 does, 汤圆 does not)."""
    stem = tag[:-1] if tag.endswith("的") and len(tag) > 1 else tag
    if len(stem) > 1 or (tag != stem and tag in answer):
        return stem in answer
    core = answer
    while len(core) > 1 and core[-1] in ECHO_ENDINGS:
        core = core[:-1]
    return core in (stem, stem * 2)


def _joined_echo(answer_words: Sequence[str], joined: str) -> bool:
    """Some run of whole answer words, written together, is the tag written together (or its plural): the tag
    ice-cream in "ice cream cone", the tag "sun flower" in "sunflower seeds"."""
    for start in range(len(answer_words)):
        run = ""
        for word in answer_words[start:]:
            run += word
            if _same_word(run, joined):
                return True
            if len(run) > len(joined):
                break
    return False


@dataclass(frozen=True)
class Verdict:
    """How two answers compare: kind is same/suggested/different, score 0–100, reason an i18n message key, link
    the reading that linked a suggestion ("qiao ke li", "tomato", the English word of a typo) or the differences
    two equal answers were written with ("case punctuation"; "" otherwise)."""

    kind: str
    score: float
    reason: str
    link: str = ""

    def explain(self) -> tuple[str, dict]:
        """The message key and params that show this verdict ("Same pinyin: qiao ke li", "Both mean “tomato”")."""
        return explain(self.reason, self.link)

    def to_json(self) -> dict:
        """The verdict as plain JSON (for a log entry or a view)."""
        return {"kind": self.kind, "score": round(float(self.score), 1), "reason": self.reason, "link": self.link}


_ALIAS = Verdict(SAME, 100.0, ALIAS)
_BLANK = Verdict(DIFFERENT, 0.0, BLANK)


def _equal(a: str, b: str) -> Verdict:
    """The verdict on two answers that normalise alike, naming the differences ignored."""
    return Verdict(SAME, 100.0, EQUAL, " ".join(ignored(a, b)))


class Matcher:
    """Compares answers with the table's learned aliases and the suggestion thresholds (options)."""

    def __init__(
        self,
        aliases: Iterable[Sequence[str]] = (),
        suggest_at: float = DEFAULT_SUGGEST_AT,
        short_word: int = 6,
        parallel_from: int = 1000,
    ) -> None:
        """Build the alias classes; suggest_at is the lowest fuzzy score (0–100) the table is asked about."""
        if not 0 < suggest_at <= 100:
            raise ValueError(f"suggest_at must be above 0 and at most 100, not {suggest_at}")
        self.aliases = tuple((a, b) for a, b in aliases)
        self.suggest_at = float(suggest_at)
        self._typo_at = self.suggest_at - TYPO_MARGIN if self.suggest_at <= DEFAULT_SUGGEST_AT else self.suggest_at
        self.short_word = short_word
        self.parallel_from = parallel_from
        self._keys = _alias_keys(self.aliases)

    def with_alias(self, a: str, b: str) -> Matcher:
        """A new matcher that also knows the ruling a = b."""
        return Matcher(self.aliases + ((a, b),), self.suggest_at, self.short_word, self.parallel_from)

    def key(self, answer: str | None) -> str:
        """The answer's class: equal keys mean the same answer ("" for a blank)."""
        norm = normalise(answer or "")
        return self._keys.get(norm, norm)

    def compare(self, a: str | None, b: str | None) -> Verdict:
        """The verdict on one pair of answers."""
        na, nb = normalise(a or ""), normalise(b or "")
        if not na or not nb:
            return _BLANK
        if na == nb:
            return _equal(a or "", b or "")
        if self._keys.get(na, na) == self._keys.get(nb, nb):
            return _ALIAS
        return self._read(na, nb, readings(words(a or "")), readings(words(b or ""))) or self._fuzzy(na, nb)

    def pairs(self, answers: Sequence[str | None]) -> list[tuple[int, int, Verdict]]:
        """Every pair i < j whose verdict is not "different", in order."""
        texts = [a or "" for a in answers]
        norms = [normalise(text) for text in texts]
        where: dict[str, list[int]] = defaultdict(list)
        for i, norm in enumerate(norms):
            if norm:
                where[norm].append(i)
        out = [(i, j, _equal(texts[i], texts[j])) for spots in where.values() for i, j in combinations(spots, 2)]
        decided: set[tuple[int, int]] = set()
        for i, j, verdict in self._linked(texts, norms):
            decided.add((i, j))
            out.append((i, j, verdict))
        for (a, b), verdict in self._distinct_pairs(list(where)).items():
            for i in where[a]:
                for j in where[b]:
                    pair = (min(i, j), max(i, j))
                    if pair not in decided:
                        out.append((*pair, verdict))
        out.sort(key=lambda item: (item[0], item[1]))
        return out

    def groups(self, answers: Sequence[str | None]) -> list[list[int]]:
        """Every answer's index in exactly one group; a group holds answers that are the same (blanks alone)."""
        by_key: dict[str, list[int]] = {}
        out: list[list[int]] = []
        for i, answer in enumerate(answers):
            key = self.key(answer)
            if not key:
                out.append([i])
            elif key in by_key:
                by_key[key].append(i)
            else:
                by_key[key] = [i]
                out.append(by_key[key])
        return out

    def reused_on_sheet(self, answers: Sequence[str | None]) -> list[tuple[int, int]]:
        """Pairs (i, j), i < j, of one sheet's answers that are the same; blanks ignored."""
        return [pair for group in self.groups(answers) if len(group) > 1 for pair in combinations(group, 2)]

    def echoed_tags(self, answer: str | None, tags: Iterable[str]) -> list[str]:
        """Every tag (as given, in the order given) that the answer merely repeats; none for a blank answer."""
        if not normalise(answer or ""):
            return []
        return [tag for tag in tags if _echoes(answer, tag)]

    def _read(self, na: str, nb: str, ra: Readings, rb: Readings) -> Verdict | None:
        """Suggested when the two answers share a reading (see validators/readings.py), else None."""
        found = link(ra, rb)
        if found is None:
            return None
        reason, shown = found
        shown = apart(na, nb) if reason == CHARACTER else shown
        return Verdict(SUGGESTED, fuzz.ratio(na, nb), READING[reason], shown)

    def _fuzzy(self, na: str, nb: str) -> Verdict:
        """Suggested or different for two distinct normalised answers in different alias classes, no reading."""
        score = fuzz.ratio(na, nb)
        short, long_ = sorted((na, nb), key=len)
        if long_ in plurals(short) and _plural_of(long_, short):
            return Verdict(SUGGESTED, score, SIMILAR)
        if score < self.suggest_at:
            if score >= self._typo_at and _long_typo(short, long_) and len(english := _english(na, nb)) == 1:
                return Verdict(SUGGESTED, score, TYPO, english[0])
            return Verdict(DIFFERENT, score, UNLIKE)
        english = _english(na, nb)
        if len(english) == 2 and len(short) >= LONG_WORD and _told_apart(na, nb):
            return Verdict(DIFFERENT, score, UNLIKE)
        if len(short) < self.short_word and not is_dense(na + nb):
            if len(english) != 1:
                return Verdict(DIFFERENT, score, UNLIKE)
            if not (nb if english[0] == na else na).isalpha():
                return Verdict(SUGGESTED, score, SIMILAR)
            return Verdict(SUGGESTED, score, TYPO, english[0])
        return Verdict(SUGGESTED, score, SIMILAR)

    def _linked(self, texts: list[str], norms: list[str]) -> list[tuple[int, int, Verdict]]:
        """Pairs i < j of distinct answers in different alias classes that share a reading, with the verdict."""
        written: dict[tuple[str, tuple[str, ...]], list[int]] = defaultdict(list)
        for i, (text, norm) in enumerate(zip(texts, norms)):
            if norm:
                written[(norm, words(text))].append(i)
        forms = list(written)
        read = [readings(form[1]) for form in forms]
        marked: dict[tuple[str, str], list[int]] = defaultdict(list)
        for n, found in enumerate(read):
            for key in found.marks:
                marked[key].append(n)
        met = {(min(n, m), max(n, m)) for n, found in enumerate(read) for key in found.probes
               for m in marked.get(key, ()) if m != n} | one_apart(read)
        out = []
        for n, m in met:
            na, nb = forms[n][0], forms[m][0]
            if na == nb or self._keys.get(na, na) == self._keys.get(nb, nb):
                continue
            verdict = self._read(na, nb, read[n], read[m])
            if verdict is None:
                continue
            out.extend((min(i, j), max(i, j), verdict) for i in written[forms[n]] for j in written[forms[m]])
        return out

    def _distinct_pairs(self, norms: list[str]) -> dict[tuple[str, str], Verdict]:
        """Verdicts (alias, or suggested by score) between distinct normalised answers, keyed by the pair."""
        found: dict[tuple[str, str], Verdict] = {}
        classes: dict[str, list[str]] = defaultdict(list)
        for norm in norms:
            classes[self._keys.get(norm, norm)].append(norm)
        for members in classes.values():
            found.update(((a, b), _ALIAS) for a, b in combinations(members, 2))
        known = set(norms)
        for norm in norms:
            for plural in plurals(norm) & known:
                verdict = self._fuzzy(norm, plural)
                if verdict.kind == SUGGESTED and (norm, plural) not in found and (plural, norm) not in found:
                    found[(norm, plural)] = verdict
        for a, b in self._candidates(norms):
            if (a, b) not in found and (b, a) not in found and self._keys.get(a, a) != self._keys.get(b, b):
                verdict = self._fuzzy(a, b)
                if verdict.kind == SUGGESTED:
                    found[(a, b)] = verdict
        return found

    def _candidates(self, norms: list[str]) -> list[tuple[str, str]]:
        """Pairs of distinct normalised answers whose cdist score may reach suggest_at (checked exactly later)."""
        if len(norms) < 2:
            return []
        import numpy as np

        floor = max(0.0, self._typo_at - 1)
        workers = 1 if len(norms) < self.parallel_from else -1
        scores = process.cdist(norms, list(norms), scorer=fuzz.ratio, score_cutoff=floor, dtype=np.uint8,
                               workers=workers)
        rows, cols = np.nonzero(scores)
        upper = rows < cols
        if self._typo_at < self.suggest_at:
            lettered = np.array([_long_lettered(norm) for norm in norms])
            upper &= (scores[rows, cols] >= self.suggest_at - 1) | (lettered[rows] & lettered[cols])
        return [(norms[i], norms[j]) for i, j in zip(rows[upper].tolist(), cols[upper].tolist())]


def _plural_of(long_: str, short: str) -> bool:
    """The longer word, written as a plural of the shorter, is one: the dictionary gives the shorter as its singular
    or does not know the longer (blorps); news is no plural of new, nor boss of bos."""
    return not lexicon.is_english(long_) or short in lexicon.noun_lemmas(long_)


def _chinese(word: str) -> frozenset[str]:
    """The Chinese words CC-CEDICT glosses as an English word, its American spelling or a singular of it."""
    forms = {word, lexicon.american(word), *lexicon.noun_lemmas(word)}
    return frozenset().union(*(lexicon.chinese_for(form) for form in forms))


def _told_apart(na: str, nb: str) -> bool:
    """Two English words CC-CEDICT tells apart: each glosses some Chinese word and none glosses both."""
    ca, cb = _chinese(na), _chinese(nb)
    return bool(ca) and bool(cb) and not ca & cb


def _english(na: str, nb: str) -> list[str]:
    """Those of the two normalised answers that are English words (in letters, known to the dictionary)."""
    return [norm for norm in (na, nb) if norm.isalpha() and not is_dense(norm) and lexicon.is_english(norm)]


def _long_lettered(norm: str) -> bool:
    """A normalised answer of `LONG_WORD` letters or more, in letters alone (no digit, sign or Chinese)."""
    return len(norm) >= LONG_WORD and norm.isalpha() and not is_dense(norm)


def _long_typo(short: str, long_: str) -> bool:
    """Two answers in letters, the shorter of `LONG_WORD` letters or more, at most `TYPO_EDITS` edits apart
    (bycicle/bicycle: 2 edits)."""
    return (_long_lettered(short) and _long_lettered(long_)
            and Levenshtein.distance(short, long_, score_cutoff=TYPO_EDITS) <= TYPO_EDITS)


def alias_pairs(given: object) -> list[list[str]] | None:
    """Aliases as received from outside (a list of [a, b] texts that normalise to something), or None if malformed."""
    if not isinstance(given, list):
        return None
    for pair in given:
        if not (isinstance(pair, list) and len(pair) == 2
                and all(isinstance(text, str) and normalise(text) for text in pair)):
            return None
    return [list(pair) for pair in given]


def _alias_keys(aliases: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Normalised answer → key of its alias class (the smallest member), closing the rulings transitively."""
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        """The representative of x's class."""
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in aliases:
        na, nb = normalise(a), normalise(b)
        if na and nb:
            ra, rb = root(na), root(nb)
            parent[max(ra, rb)] = min(ra, rb)
    return {x: root(x) for x in list(parent)}
