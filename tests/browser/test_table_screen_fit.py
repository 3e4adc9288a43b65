"""The host's table screen shows every text whole, at phone (390×844) and laptop (1280×800) size, in both
languages: a seat's name on one line, never broken inside a word (`tests/browser/fit.py` measures the width the
text needs in the app's fonts against the box it is shown in).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from scoring.record import new_record
from storage import Store
from tests.browser.conftest import LAPTOP, PHONE, new_tab, start_server, stop_server
from tests.browser.fit import one_line, text_boxes, width
from tests.browser.test_table_mode import host_pin

NAMES = ["Anastasia Featherstonehaugh", "Bo", "欧阳娜娜娜娜娜娜娜娜"]  # a word, a Chinese name: wider than 140 px
SEAT_NAME = (16, 600, 0.25)  # a seat's name: a Text of size 16, semi-bold


@pytest.fixture(scope="module")
def long_names_server():
    """A server over a score pad whose players have long names, in English; yields (server, sid)."""
    with tempfile.TemporaryDirectory(prefix="tableside-fit-") as data:
        with Store(Path(data)) as store:
            sid = store.create(new_record("score_pad", NAMES, {}))
            store.set_setting("lang", "en")
        running = start_server(Path(data))
        yield running, sid
        stop_server(running)


def test_a_long_seat_name_is_shown_whole_on_one_line(browser, long_names_server):
    server, sid = long_names_server
    host = new_tab(browser, server, LAPTOP)
    host_pin(host, sid)
    for lang in ("en", "zh-CN"):
        host.language(lang)
        for viewport in (LAPTOP, PHONE):
            host.resize(viewport)
            host.settle()
            for name in NAMES:
                box = next(b for b in text_boxes(host, name) if b["text"] == name)
                need = width(host, name, SEAT_NAME)
                assert one_line(box, need), f"{name!r} needs {need:.0f} px, shown in {box} ({lang}, {viewport})"
    host.page.context.close()
