"""The order a screen reader reads a screen in: Chromium's semantics DOM in document order, each text (a node's
accessible name, or a leaf's text) with where it stands, below the app bar.

On a laptop the host's table screen stands in two columns (the join code, the seats, the table's moves and the
board; beside them the scoreboard and the action log), one above the other on a phone. Flutter orders what it
reads by position, so while the two columns were not groups of their own they were read in turn: "A, phone
connected, Free A's seat, #4…, #3…, Action log (4), C…". Read as a person reads it, every text of the main column
comes before every text of the side column (the side column is what stands right of and below its first heading,
the scoreboard's), the seats row by row, and within a column no text is read after one that stands wholly below it:
beside the QR code the join address was read after the PIN and "New PIN" below it (Flutter compares the centres of
what stands side by side, and the long address's centre stands right of theirs).

The host's table screen and the session screen are read on one laptop tab (`laptop`), the seated phone on a tab
of its own: two loads for the file, not three.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from scoring import i18n
from scoring.record import new_record
from storage import Store
from tests.browser.conftest import LAPTOP, PHONE, SETTINGS, Phone, new_tab, start_server, stop_server
from tests.browser.test_screens import BESIDE_FROM, IN_COLUMN
from tests.browser.test_table_mode import SEATS, host_pin, join
from views import words

ROUNDS = 4
SIDE_INSET = 24  # the scoreboard's heading stands this far at most right of the side column's left edge
READ = """() => Array.from(document.querySelectorAll('flt-semantics')).map(e => {
  const r = e.getBoundingClientRect(), leaf = !e.querySelector('flt-semantics');
  const text = (e.getAttribute('aria-label') || (leaf ? e.textContent : '') || '')
    .replace(/\\u2060/g, '').replace(/\\s+/g, ' ').trim();
  return {text, x: r.x, top: r.top, bottom: r.bottom};
}).filter(t => t.text)"""


@pytest.fixture(scope="module")
def order_server():
    """A server over a score pad for A, B and C with ROUNDS rounds scored (an action log to read), in English;
    yields (server, sid)."""
    with tempfile.TemporaryDirectory(prefix="tableside-order-") as data:
        with Store(Path(data)) as store:
            sid = store.create(new_record("score_pad", list(SEATS), {}) | {"actions": [
                {"type": "round", "by": "table", "scores": {"A": n, "B": 0, "C": 0}} for n in range(ROUNDS)]})
            store.set_setting("lang", "en")
        running = start_server(Path(data))
        yield running, sid
        stop_server(running)


@pytest.fixture(scope="module")
def laptop(browser, order_server):
    """The module's laptop tab: the host's table screen, then the session screen (a load costs about 5 s of CPU)."""
    tab = new_tab(browser, order_server[0], LAPTOP)
    yield tab
    tab.page.context.close()


def reading(tab) -> list[dict]:
    """What the tab's screen says below its app bar, in the order a screen reader reads it."""
    said = tab.page.evaluate(READ)
    bar = next(i for i, t in enumerate(said) if SETTINGS.match(t["text"]))
    return said[bar + 1:]


def laid_out(tab, lang: str) -> None:
    """Wait until the side column is where the tab's width puts it (Flet lays out a `ResponsiveRow`'s columns for a
    new width a moment after the rest)."""
    width = tab.page.viewport_size["width"]
    heading = tab.page.get_by_text(words.say(lang, "app.scoreboard"), exact=True).first
    tab.wait_on(heading, IN_COLUMN, width, width >= BESIDE_FROM)


def in_columns(said: list[dict], lang: str) -> tuple[list[dict], list[dict]]:
    """The texts of the main column and of the side column (right of and below the scoreboard's heading), each in
    the order read; fails if a side text is read before a main one."""
    heading = next(t for t in said if t["text"] == words.say(lang, "app.scoreboard"))
    side = [t["x"] >= heading["x"] - SIDE_INSET and t["top"] >= heading["top"] for t in said]
    first_side = side.index(True)
    assert all(side[first_side:]), "read in turn from the two columns: " + " | ".join(
        ("side: " if s else "") + t["text"] for t, s in zip(said, side))
    return said[:first_side], said[first_side:]


def top_down(said: list[dict]) -> None:
    """Fail if a text is read after one that stands wholly below it."""
    for before, after in zip(said, said[1:]):
        assert after["bottom"] > before["top"], f"{after['text']!r} (above) is read after {before['text']!r}"


def columns_read(tab, lang: str, viewport: dict) -> tuple[list[dict], list[dict]]:
    """The screen at this size, once laid out: its main and side columns as read, each read top down."""
    tab.resize(viewport)
    laid_out(tab, lang)
    main, side = in_columns(reading(tab), lang)
    top_down(main)
    top_down(side)
    return main, side


def test_the_hosts_table_screen_reads_column_by_column(browser, order_server, laptop):
    server, sid = order_server
    host = laptop
    phone = Phone(new_tab(browser, server, PHONE))
    join(phone, sid, host_pin(host, sid), "A")
    host.language("en")
    host.see(words.say("en", "table.seat_connected"))
    for lang in ("en", "zh-CN"):
        host.language(lang)
        free = words.say(lang, "table.seat_free")
        seats = [words.say(lang, "table.seats"), "A", words.say(lang, "table.seat_connected"),
                 words.say(lang, "table.free_seat", seat="A"), "B", free, "C", free,
                 words.say(lang, "table.referee_seat"), free]
        for viewport in (LAPTOP, PHONE):
            main, side = columns_read(host, lang, viewport)
            texts = [t["text"] for t in main]
            start = texts.index(seats[0])
            assert texts[start:start + len(seats)] == seats
            assert texts[-1] == words.say(lang, "table.open_session")
            first = words.say(lang, "app.row_total", row=words.say(lang, "app.place_name", place=1, name="A"),
                              points=words.say(lang, "app.points", points=6))
            assert [t["text"] for t in side[:2]] == [words.say(lang, "app.scoreboard"), first]
            assert side[-1]["text"].startswith("#1 ")
    phone.tab.page.context.close()


def test_the_session_screen_reads_column_by_column(order_server, laptop):
    server, sid = order_server
    tab = laptop.open(f"/play/{sid}")
    for lang in ("en", "zh-CN"):
        tab.language(lang)
        for viewport in (LAPTOP, PHONE):
            main, side = columns_read(tab, lang, viewport)
            assert main[0]["text"].startswith(i18n.table(lang)["app.next_step"].split("{")[0])
            texts = [t["text"] for t in main]
            assert texts.index(words.say(lang, "table.open")) == texts.index(words.say(lang, "rules.open_game")) + 1
            assert [t["text"] for t in side[-2:]] == [words.say(lang, "app.export"), words.say(lang, "app.delete")]
    tab.page.context.close()
