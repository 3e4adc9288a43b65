"""Shared test set-up: the tally test engine is registered for every test; tests.helpers asserts in detail.

The browser tests' pictures (tests/output/*.png) are those of the last run that took any: at the end of a run that
saved pictures, the pictures it did not take (left by an earlier run, of a screen or a name no test shoots any
more) are removed, so nobody reviews a stale picture as today's screen. Hypothesis runs with no deadline."""

import time
from pathlib import Path

import pytest
from hypothesis import settings

from scoring.core import register
from tests.tally_engine import Tally

pytest.register_assert_rewrite("tests.helpers")
register(Tally)
# No property test has a deadline: time is not what they check, and on a shared 2-core machine hypothesis's default
# 200 ms failed one (`test_answer_readings`: 300 ms under load). A test's own `settings` keep this unless they say.
settings.register_profile("tableside", deadline=None)
settings.load_profile("tableside")


def pytest_collection_modifyitems(items):
    """Browser files run first, the longest file first, and the many short unit tests fill the end of a run on the
    workers (`--dist loadfile --no-loadscope-reorder`: each worker takes whole files in this order). Run last, or in
    xdist's own order (most tests first), a long browser file came at the end and one worker waited for the other.
    A file's length in lines stands for how long it plays: the long files hold whole games. (Playwright's running
    event loop, once the reason browser tests came last, is met by `tests.helpers.run_async`.)"""
    lines: dict[str, int] = {}

    def order(item) -> tuple[bool, int]:
        """Unit tests after browser tests, the slowest unit files first (UNIT_SECONDS); a longer browser file before
        a shorter one."""
        path = str(item.path)
        if "tests/browser/" not in path.replace("\\", "/"):
            return True, -UNIT_SECONDS.get(item.path.name, 0)
        if path not in lines:
            lines[path] = len(item.path.read_text("utf-8").splitlines())
        return False, -lines[path]

    items.sort(key=order)


# The unit files that take longest, in seconds on one worker of a full run (session 48, under load, before `walk` was
# made cheaper): they start the unit tests, so the end of a run is the many short files, which even out the workers.
# In their place in collection order (near the end), test_views_random_taps.py and test_views_random_seat_taps.py
# (60 and 38 s) were the last files of two workers while the third had run out of files (its tests' times added up
# to 685 s, the other two's to 703 and 734 s). Files not named here keep their collection order after these.
# test_views_fields_kept.py (newer) is given on the same scale from a unit run of session 75 on two workers, the
# machine at load 15-30: its four walks took 209 s there (83.6 s the longest test of the unit suite), the listed
# test_views_random_taps.py's slowest seven 238 s; unlisted, it came after fifty-five other files.
UNIT_SECONDS = {"test_views_random_taps.py": 60, "test_views_random_seat_taps.py": 38,
                "test_knit_wit.py": 32, "test_pictomania.py": 29, "test_main.py": 17, "test_table_screens.py": 16,
                "test_rulebook.py": 16, "test_views_nab_it.py": 13, "test_cli_fuzz.py": 12, "test_kingdomino.py": 12,
                "test_views_names.py": 10, "test_guess_club.py": 10, "test_views_knit_wit.py": 10,
                "test_views_kingdomino.py": 10, "test_views_fields_kept.py": 52}


@pytest.fixture
def shanghai(monkeypatch):
    """The process's local time zone is China's (UTC+8) for the test, restored after it."""
    monkeypatch.setenv("TZ", "Asia/Shanghai")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


OUTPUT = Path(__file__).resolve().parent / "output"
STARTED: list[float] = []


def pytest_sessionstart(session):
    """Note when the run started (in the main process: the one whose end removes stale pictures)."""
    STARTED.append(time.time())


def pytest_sessionfinish(session):
    """After a run that saved pictures, remove the pictures it did not take (the main process, once)."""
    if hasattr(session.config, "workerinput") or not STARTED:
        return
    for picture in stale_pictures(OUTPUT, STARTED[0]):
        picture.unlink(missing_ok=True)


def stale_pictures(folder: Path, since: float) -> list[Path]:
    """The pictures older than `since` in folder, when any picture there is newer (none otherwise: a run that took
    no pictures leaves them all)."""
    pictures = list(folder.glob("*.png"))
    if not any(p.stat().st_mtime >= since for p in pictures):
        return []
    return [p for p in pictures if p.stat().st_mtime < since]
