"""Untrusted JSON text in, plain data out: the limits every boundary (the command line, imports) applies.

`loads(text)` parses JSON and refuses, with a `RuleError` naming the limit, anything that is not plain JSON a
person's record could hold — so no later step (an engine, `json.dumps`, the browser) meets it:
- text that is not UTF-8 JSON (`plain.not_json`, saying where), including `NaN` and `Infinity`;
- more than `max_bytes` of text, said before parsing (`plain.too_large`);
- nesting deeper than `MAX_DEPTH` arrays/objects (`plain.too_deep`);
- a number beyond ±2^53 (`plain.number_too_large`: the browser shows only those exactly), or a float that is not
  finite;
- a string holding a lone surrogate (`plain.bad_text`: it cannot be written as UTF-8).
Pure: no files, no clock.
"""

from __future__ import annotations

import json
import math
from typing import Any

from scoring.errors import RuleError

MAX_DEPTH = 32
MAX_NUMBER = 2 ** 53


def _constant(name: str) -> Any:
    """NaN and Infinity are not JSON."""
    raise RuleError("plain.not_json", detail=name)


def _big_int(digits: str) -> int:
    """An integer, refused when it is beyond the limit (before Python converts thousands of digits)."""
    if len(digits.lstrip("-")) > 16:
        raise RuleError("plain.number_too_large", max=MAX_NUMBER)
    return int(digits)


def loads(text: str | bytes, max_bytes: int | None = None) -> Any:
    """The plain data of a JSON text; `RuleError` names the first limit it breaks."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        size = len(text)
        if max_bytes is not None and size > max_bytes:
            raise RuleError("plain.too_large", size=size, max=max_bytes)
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as err:
            raise RuleError("plain.not_json", detail=f"not UTF-8 text, byte {err.start}") from err
    elif not isinstance(text, str):
        raise RuleError("plain.not_json", detail=type(text).__name__)
    elif max_bytes is not None and len(text) > max_bytes:
        raise RuleError("plain.too_large", size=len(text), max=max_bytes)
    try:
        data = json.loads(text, parse_constant=_constant, parse_int=_big_int)
    except json.JSONDecodeError as err:
        raise RuleError("plain.not_json", detail=f"line {err.lineno}, column {err.colno}: {err.msg}") from err
    except RecursionError as err:
        raise RuleError("plain.too_deep", max=MAX_DEPTH) from err
    check(data)
    return data


def check(data: Any) -> None:
    """Refuse data (already parsed) that breaks a limit of `loads`."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth > MAX_DEPTH:
                raise RuleError("plain.too_deep", max=MAX_DEPTH)
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str):
                    _text(key)
                stack.append((item, depth + 1))
        elif isinstance(value, str):
            _text(value)
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            if abs(value) > MAX_NUMBER:
                raise RuleError("plain.number_too_large", max=MAX_NUMBER)
        elif isinstance(value, float):
            if not math.isfinite(value) or abs(value) > MAX_NUMBER:
                raise RuleError("plain.number_too_large", max=MAX_NUMBER)
        else:
            raise RuleError("plain.not_json", detail=type(value).__name__)


def _text(value: str) -> None:
    """Refuse a string that cannot be written as UTF-8 (a lone surrogate)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as err:
        raise RuleError("plain.bad_text", position=err.start) from err
