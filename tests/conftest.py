"""Shared test set-up: the tally test engine is registered for every test; tests.helpers asserts in detail."""

import pytest

from scoring.core import register
from tests.tally_engine import Tally

pytest.register_assert_rewrite("tests.helpers")
register(Tally)


def pytest_collection_modifyitems(items):
    """Browser files run first, the longest file first, and the many short unit tests fill the end of a run on two
    workers (`--dist loadfile --no-loadscope-reorder`: each worker takes whole files in this order). Run last, or in
    xdist's own order (most tests first), a long browser file came at the end and one worker waited for the other.
    A file's length in lines stands for how long it plays: the long files hold whole games. (Playwright's running
    event loop, once the reason browser tests came last, is met by `tests.helpers.run_async`.)"""
    lines: dict[str, int] = {}

    def order(item) -> tuple[bool, int]:
        """Unit tests after browser tests; a longer browser file before a shorter one."""
        path = str(item.path)
        if "tests/browser/" not in path.replace("\\", "/"):
            return True, 0
        if path not in lines:
            lines[path] = len(item.path.read_text("utf-8").splitlines())
        return False, -lines[path]

    items.sort(key=order)
