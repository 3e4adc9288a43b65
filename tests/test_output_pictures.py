"""The browser tests' picture folder keeps only the pictures of the last run that took any (`tests.conftest`)."""

import os

from tests.conftest import stale_pictures


def picture(folder, name, mtime):
    """A picture file with this modification time."""
    path = folder / name
    path.write_bytes(b"png")
    os.utime(path, (mtime, mtime))
    return path


def test_pictures_an_earlier_run_left_are_stale_once_this_run_took_one(tmp_path):
    old = picture(tmp_path, "screen_knit_wit_phone_en_dark.png", 1000)
    new = picture(tmp_path, "screen_knit_wit_phone_zh_dark.png", 3000)
    export = picture(tmp_path, "knit_wit_game.json", 1000)
    assert stale_pictures(tmp_path, since=2000) == [old]
    assert new.exists() and export.exists()


def test_a_run_that_took_no_picture_leaves_them_all(tmp_path):
    picture(tmp_path, "phone_home_en.png", 1000)
    assert stale_pictures(tmp_path, since=2000) == []
