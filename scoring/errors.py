"""The one error type of the rules: a refused action or input, as a message key with parameters.

It lives alone so that `validators/` and `storage/` can raise it without importing the engines.
"""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """A refused action or input: a message key with parameters, translated by whoever shows it."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def to_dict(self) -> dict:
        """The error as plain JSON."""
        return {"key": self.key, "params": self.params}

    def __str__(self) -> str:
        if not self.params:
            return self.key
        inner = ", ".join(f"{k}={v!r}" for k, v in sorted(self.params.items()))
        return f"{self.key}({inner})"
