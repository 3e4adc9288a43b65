"""Shared test set-up: the tally test engine is registered for every test."""

from scoring.core import register
from tests.tally_engine import Tally

register(Tally)
