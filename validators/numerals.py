"""Chinese numerals read as digits (十 → 10, 三只小猪 → 3只小猪, 一九八四 → 1984, 三点一四 → 3.14).

Rulings: a run of numeral characters (零〇一二两三四五六七八九十百千万亿, with an optional 点 and digits after it)
is read as a number; a run without units (十百千万亿) of two or more digits is read digit by digit (a year); a
run that is not a well-formed number (十十) is left as written. Words that merely contain a numeral (三明治)
get a reading too; it only links them to an answer written the same way with digits, which nobody writes.
"""

from __future__ import annotations

import re

DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
UNITS = {"十": 10, "百": 100, "千": 1000}
BIG = {"万": 10_000, "亿": 100_000_000}
_RUN = re.compile("[零〇一二两三四五六七八九十百千万亿]+(?:点[零〇一二三四五六七八九]+)?")


def integer(text: str) -> int | None:
    """The value of a run of Chinese numeral characters without 点, or None when it is not well formed."""
    if not text or any(ch not in DIGITS and ch not in UNITS and ch not in BIG for ch in text):
        return None
    if not any(ch in UNITS or ch in BIG for ch in text):
        return int("".join(str(DIGITS[ch]) for ch in text))
    total = section = 0
    number: int | None = None
    last_unit = 10 ** 9
    for ch in text:
        if ch in DIGITS:
            if number is not None and DIGITS[ch] and number:
                return None
            number = DIGITS[ch]
        elif ch in UNITS:
            if UNITS[ch] >= last_unit:
                return None
            section += (1 if number is None else number) * UNITS[ch]
            number, last_unit = None, UNITS[ch]
        else:
            part = section + (number or 0)
            if not part:
                return None
            total = total + part * BIG[ch] if ch == "万" else (total + part) * BIG[ch]
            section, number, last_unit = 0, None, 10 ** 9
    return total + section + (number or 0)


def number_text(run: str) -> str | None:
    """The digits of one numeral run (with a decimal part after 点), or None."""
    whole, _, fraction = run.partition("点")
    value = integer(whole)
    if value is None:
        return None
    if not fraction:
        return str(value)
    return f"{value}." + "".join(str(DIGITS[ch]) for ch in fraction)


def with_digits(text: str) -> str:
    """The text with every well-formed numeral run written in digits."""
    return _RUN.sub(lambda match: number_text(match.group()) or match.group(), text)
