"""Shared test set-up: the tally test engine is registered for every test; tests.helpers asserts in detail."""

import pytest

from scoring.core import register
from tests.tally_engine import Tally

pytest.register_assert_rewrite("tests.helpers")
register(Tally)
