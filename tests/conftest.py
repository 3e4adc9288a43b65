"""Shared test set-up: the tally test engine is registered for every test; tests.helpers asserts in detail."""

import pytest

from scoring.core import register
from tests.tally_engine import Tally

pytest.register_assert_rewrite("tests.helpers")
register(Tally)


def pytest_collection_modifyitems(items):
    """Browser tests run last: Playwright's sync API keeps an event loop running in the main thread for the rest
    of the session, and tests that call `asyncio.run` must come before it."""
    items.sort(key=lambda item: "tests/browser/" in item.nodeid.replace("\\", "/"))
