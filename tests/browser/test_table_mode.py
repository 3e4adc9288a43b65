"""Table mode in a real browser: the host's table screen and four phones, each in its own browser context.

A Knit Wit answering round is played from the phones (three players and the referee): a wrong PIN, every phone
seated with the PIN, answers written on three phones (each phone sees the others' progress live), a phone
reloaded back to its seat, and the button race ending the round. (An action crafted for another seat is refused
by the hub: tests/test_table_hub.py; not driven from a browser here.) Before the reveal no phone holds another seat's answer:
neither in its semantics tree nor in any websocket frame it received.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest

from scoring.record import new_record
from storage import Store
from tests.browser.conftest import LAPTOP, PHONE, Tab, new_tab, start_server, stop_server
from tests.test_table_hub import HANDS3, WEAVE3

SEATS = ("A", "B", "C")
MARKERS = {seat: f"tmark{seat}{n}" for seat in SEATS for n in (1,)}
READ_ALL = ("Array.from(document.querySelectorAll('flt-semantics, flt-semantics *'))"
            ".map(e => (e.getAttribute('aria-label') || '') + ' ' + (e.value || '') + ' ' + e.textContent)"
            ".join('\\n')")


def answering_record() -> dict:
    """Knit Wit for A, B, C after the weave: everyone answering."""
    actions = [{"type": "deal", "by": "table", "spools": HANDS3}]
    for by, tag, encloses, number, loops in WEAVE3:
        actions += [{"type": "loop", "by": by, "tag": tag, "encloses": encloses},
                    {"type": "spool", "by": by, "number": number, "loops": loops}]
    return new_record("knit_wit", list(SEATS), {"deal": "table"}) | {"actions": actions}


@pytest.fixture(scope="module")
def table_server():
    """A server over a data folder holding one answering Knit Wit session, in English; yields (server, sid)."""
    with tempfile.TemporaryDirectory(prefix="tableside-table-") as data:
        with Store(Path(data)) as store:
            sid = store.create(answering_record())
            store.set_setting("lang", "en")
        running = start_server(Path(data))
        yield running, sid
        stop_server(running)


class Phone:
    """A phone's tab and every websocket frame it received."""

    def __init__(self, tab: Tab):
        self.tab = tab
        self.frames: list[bytes] = []
        tab.page.on("websocket", lambda ws: ws.on("framereceived", self._keep))

    def _keep(self, payload) -> None:
        """Keep one received frame as bytes."""
        self.frames.append(payload.encode("utf-8") if isinstance(payload, str) else bytes(payload))

    def screen_text(self) -> str:
        """Everything in the semantics tree."""
        return self.tab.page.evaluate(READ_ALL)

    def received(self, marker: str) -> bool:
        """Whether the marker is on screen or in any frame received."""
        return marker in self.screen_text() or any(marker.encode("utf-8") in f for f in self.frames)


def join(phone: Phone, sid: str, pin: str, seat: str) -> None:
    """Open the join screen, type the PIN and take the seat."""
    tab = phone.tab
    tab.open(f"/join/{sid}")
    tab.see("Your seat")
    tab.fill("Table PIN", pin)
    tab.tap(f"Sit as {seat}", exact=True)
    tab.see(f"You are {seat}")


def answer(tab: Tab, spool: int, text: str) -> None:
    """Write one answer through the seat's moves."""
    tab.fill("spool", str(spool))
    tab.fill("text", text)
    tab.tap("answer", exact=True)


def test_a_knit_wit_round_played_from_four_phones(browser, table_server):
    server, sid = table_server
    host = new_tab(browser, server, LAPTOP)
    phones = {seat: Phone(new_tab(browser, server, PHONE)) for seat in (*SEATS, "Referee")}
    try:
        host.open(f"/table/{sid}")
        host.see("PIN ")
        pin = re.search(r"PIN (\d{4})", host.page.evaluate(READ_ALL)).group(1)
        wrong = "0000" if pin != "0000" else "1111"

        first = phones["A"].tab
        first.open(f"/join/{sid}")
        first.see("Your seat")
        first.fill("Table PIN", wrong)
        first.tap("Sit as A", exact=True)
        first.see("Wrong PIN. 4 tries left")
        first.fill("Table PIN", pin)
        first.tap("Sit as A", exact=True)
        first.see("You are A")
        for seat in ("B", "C", "Referee"):
            join(phones[seat], sid, pin, seat)
        host.see("phone connected")

        for seat in SEATS:
            answer(phones[seat].tab, 1, MARKERS[seat])
        for seat in (*SEATS, "Referee"):
            phones[seat].tab.see("A 1/6, B 1/6, C 1/6")

        # B reloads and is back on its seat (the token kept in the browser's storage).
        phones["B"].tab.reload()
        phones["B"].tab.see("You are B")

        for seat, phone in phones.items():
            others = [MARKERS[s] for s in SEATS if s != seat]
            assert not any(phone.received(m) for m in others), seat
        assert phones["A"].received(MARKERS["A"])  # the check finds a marker where it is (A's own field)

        phones["A"].tab.tap("claim a reward", exact=True)
        phones["B"].tab.tap("claim a reward", exact=True)
        for phone in phones.values():
            phone.tab.see("Scoring")
        host.see("Scoring")
    finally:
        for phone in phones.values():
            phone.tab.page.context.close()
        host.page.context.close()
