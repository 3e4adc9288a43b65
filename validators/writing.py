"""Writing differences the answer matcher ignores: `normalise` reduces an answer to what matters, `words` keeps
its word breaks (for readings and tag echoes).

Normalising: Unicode NFKC (full-width letters, digits and punctuation become half-width), traditional →
simplified Chinese (OpenCC t2s, until it changes nothing), casefold, accents on Latin letters dropped, spaces and
punctuation removed — except punctuation that carries meaning inside a token, which is kept (so these never become
equal):
- `+` and `#` right after a letter, digit, `+` or `#` (``C++``, ``C#``, ``A+``, ``1+``), spaces before them
  ignored (``C ++`` is ``c++``);
- `.`, `/`, `:`, `-` between two digits (``3.14``, ``1/2``, ``9:00``, ``1-2``), `%` right after a digit (``5%``);
- a sign (`+`, `-`, `−`) before a number that does not follow a letter or digit (``+1``, ``-1``);
- `-` after a lone letter (the grade ``A-``).
The minus sign and hyphens are read as `-`, and the music sharp ``♯`` as `#` (``C♯`` is ``C#``, not ``C``).
Everything else in the punctuation, separator, control, modifier and maths categories goes (``sun-flower.`` is
``sunflower``, ``U.S.A.`` is ``usa``).

`ignored(a, b)` says which of these differences two answers that normalise alike differ by (a kind counts when
normalising without ignoring it tells them apart), so the table reads the one reason that applies: "Apple" and
"apple!" differ by case and punctuation, not by width or traditional characters.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from opencc import OpenCC

_SPACES = {"Zs", "Zl", "Zp"}
_DROPPED = {"Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Cc", "Cf", "Co", "Cn", "Sk", "Sm", *_SPACES}
KINDS = ("case", "width", "accents", "spaces", "punctuation", "traditional")  # the differences `normalise` ignores
_DENSE = re.compile("[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003ffff]")
_PLAIN = re.compile(r"[a-z0-9]+")
_SPACE_BEFORE_MARK = re.compile(r"\s+(?=[+#%])")
_MARKS = re.compile(r"[+\-#%./:]")
_KEPT = re.compile(
    r"(?<=[^\W_])[+#]+"  # C++, C#, A+: a run of + and # after a letter or digit
    r"|(?<=\d)[./:\-](?=\d)"  # 3.14, 1/2, 9:00, 1-2
    r"|(?<=\d)%"  # 5%
    r"|(?<![^\W_])[+\-](?=\d)"  # a sign: +1, -1
    r"|(?<=^[^\W\d_])-(?=\s*$)"  # a grade: A-
)
_SIGNS = str.maketrans({"\u2212": "-", "\u2010": "-", "\u2011": "-", "\u266f": "#"})
_WORD_SPLIT = re.compile(r"[\s,;!?()\[\]{}\"“”'‘’「」『』，。；！？、（）…]+")
_T2S = OpenCC("t2s")


def is_dense(text: str) -> bool:
    """True when the text has a CJK, kana or Hangul character (a whole word in very few characters)."""
    return _DENSE.search(text) is not None


def simplified(text: str) -> str:
    """Traditional → simplified, again until nothing changes: OpenCC's table maps some characters to one that it
    maps again (薴 → 苧 → 苎), so one pass would leave 薴 and 苧 apart, and normalising twice not the same as
    once."""
    for _ in range(4):
        again = _T2S.convert(text)
        if again == text:
            break
        text = again
    return text


@lru_cache(maxsize=1 << 16)
def normalise(text: str, kept: frozenset[str] = frozenset()) -> str:
    """The answer reduced to what matters (see the module rulings); kept: kinds of difference not ignored."""
    if not kept and text.isascii() and _PLAIN.fullmatch(lower := text.lower()):
        return lower
    text = text if "width" in kept else unicodedata.normalize("NFKC", text)
    text = text if "punctuation" in kept else text.translate(_SIGNS)
    if _DENSE.search(text) and "traditional" not in kept:
        text = simplified(text)
    out = _strip(unicodedata.normalize("NFD", text if "case" in kept else text.casefold()), kept)
    while _MARKS.search(out) and (again := _strip(out, kept)) != out:
        out = again
    return unicodedata.normalize("NFC", out)


def ignored(a: str, b: str) -> tuple[str, ...]:
    """The kinds of difference (`KINDS`, in that order) between two answers that `normalise` makes equal."""
    apart = [kind for kind in KINDS if normalise(a, frozenset({kind})) != normalise(b, frozenset({kind}))]
    return tuple(apart) if a != b else ()


def _strip(text: str, kept: frozenset[str] = frozenset()) -> str:
    """One pass dropping punctuation, spaces and accents on Latin letters, keeping the meaningful marks (and the
    kinds of difference kept)."""
    text = text if "spaces" in kept else _SPACE_BEFORE_MARK.sub("", text)
    kept_at = {i for match in _KEPT.finditer(text) for i in range(match.start(), match.end())}
    out: list[str] = []
    for i, ch in enumerate(text):
        kind = unicodedata.category(ch)
        dropped = kind in _DROPPED and ("spaces" if kind in _SPACES else "punctuation") not in kept
        if i not in kept_at and (dropped or (kind == "Mn" and out and out[-1] < "\u0250" and "accents" not in kept)):
            continue
        out.append(ch)
    return "".join(out)


@lru_cache(maxsize=1 << 16)
def words(text: str) -> tuple[str, ...]:
    """The normalised words of an answer, in order (spaces and sentence punctuation break words)."""
    parts = _WORD_SPLIT.split(_SPACE_BEFORE_MARK.sub("", unicodedata.normalize("NFKC", text)))
    return tuple(word for part in parts if (word := normalise(part)))
