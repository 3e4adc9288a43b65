"""Shared test set-up: the tally test engine is registered for every test; tests.helpers asserts in detail."""

import pytest

from scoring.core import register
from tests.tally_engine import Tally

pytest.register_assert_rewrite("tests.helpers")
register(Tally)


def pytest_collection_modifyitems(items):
    """Browser tests run first, so that the many short unit tests fill the end of a run on two workers (`--dist
    loadfile` hands each worker a whole file): with the browser tests last, a worker finished and waited while the
    other played the last browser file (Playwright's running event loop, once the reason they came last, is met by
    `tests.helpers.run_async`)."""
    items.sort(key=lambda item: "tests/browser/" not in item.nodeid.replace("\\", "/"))
