"""The English word list Nab-It! judges words by: bundled, offline, loaded once on first use, O(1) lookups.

`assets/nab_it/words.en.txt` holds 115,162 words, one a line, lower case a–z only, 2 letters or more: every such
entry of SCOWL's "american-english-large" list (size 70, as Debian's `wamerican-large` 2020.12.07-2 ships it).
Proper names, possessives and words with capitals, accents or punctuation are left out, so most abbreviations
are too. Licence: SCOWL's permissive licence, in `assets/nab_it/words.en.COPYRIGHT.txt` beside the list.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

WORDS_FILE = Path(__file__).resolve().parent.parent / "assets" / "nab_it" / "words.en.txt"


@lru_cache(maxsize=1)
def word_set() -> frozenset[str]:
    """Every word of the list (lower case), read from the file on the first call only."""
    return frozenset(WORDS_FILE.read_text(encoding="ascii").split())


def is_word(text: str) -> bool:
    """Whether text (any case) is a word of the list."""
    return isinstance(text, str) and text.lower() in word_set()
