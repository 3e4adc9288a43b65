"""The host gate in a real browser, with the server serving the network (`--host 0.0.0.0`, this module only).

A stranger's tab opens `/play/<id>` of a stored session and then `/`: both show the gate, and the session's
player name (the marker) is neither on its screen nor in any websocket frame it received. It types a wrong PIN
(the tries left, in English), switches to Chinese and types another (the tries left, in Chinese), then the PIN
the server printed: the host's home, listing the session (now the marker is received: the check can fail).
A second tab opens the join screen of the session as a player would (the table PIN only, no host PIN), then the
host address the server printed: the home screen at once (the gate never sent), the token gone from the
address bar; after a reload it is still the host (the cookie) and the address is still clean. Its table screen
then paints the join QR code: the host address is plain http on the network address, not a secure context, where
the PNG the code used to be never painted (a white square; `views.table.qr_svg`).

Seven page loads in all (about 3.5 s of CPU each): the gate's screens, the join screen and the host address.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoring.record import new_record
from storage import Store
from tests.browser.conftest import LAPTOP, PHONE, Phone, Tab, new_tab, start_server, stop_server

MARKER = "Zorvathine"
GATE = "This is the table's host screen."
GATE_FIELD = {"en": "Host PIN", "zh-CN": "主持人 PIN"}
ENTER = {"en": "Enter", "zh-CN": "进入"}


@pytest.fixture(scope="module")
def gate_server():
    """A server on 0.0.0.0 (phones on the network) over a data folder holding one score pad session with the
    marker as a player, in English; yields (server, session id)."""
    with tempfile.TemporaryDirectory(prefix="tableside-gate-") as data:
        with Store(Path(data)) as store:
            sid = store.create(new_record("score_pad", [MARKER, "Bo"]))
            store.set_setting("lang", "en")
        running = start_server(Path(data), host="0.0.0.0")
        try:
            yield running, sid
        finally:
            stop_server(running)


@pytest.fixture
def tabs(browser, gate_server):
    """The stranger's phone and a second tab (a laptop), each its own browser context."""
    server, _ = gate_server
    pair = Phone(new_tab(browser, server, PHONE)), Phone(new_tab(browser, server, LAPTOP))
    yield pair
    for phone in pair:
        phone.tab.page.context.close()


def wrong(pin: str) -> str:
    """A six-digit PIN that is not pin."""
    return f"{(int(pin) + 1) % 10 ** 6:06d}"


def enter_pin(phone: Phone, lang: str, pin: str) -> None:
    """Type a host PIN on the gate and tap Enter."""
    phone.tab.fill(GATE_FIELD[lang], pin)
    phone.tab.tap(ENTER[lang], exact=True)


def test_a_stranger_sees_only_the_gate_until_the_pin(gate_server, tabs):
    server, sid = gate_server
    stranger, _ = tabs
    for path in (f"/play/{sid}", "/"):
        stranger.tab.open(path)
        stranger.tab.see(GATE)
        expect(stranger.tab.field(GATE_FIELD["en"])).to_be_attached()
        assert not stranger.received(MARKER), path

    enter_pin(stranger, "en", wrong(server.pin))
    stranger.tab.see("That is not the host PIN (4 tries left).")
    stranger.tab.language("zh-CN")
    stranger.tab.see("这是这一桌主持人的画面。")
    enter_pin(stranger, "zh-CN", wrong(server.pin))
    stranger.tab.see("主持人 PIN 不对（还可以试 3 次）。")
    assert not stranger.received(MARKER)

    with stranger.tab.page.expect_navigation():
        enter_pin(stranger, "zh-CN", server.pin)
    stranger.tab.ready()
    stranger.tab.see(MARKER)  # the host's home lists the session
    assert any(MARKER.encode() in frame for frame in stranger.frames)  # the frame check finds it where it is
    stranger.tab.gone("这是这一桌主持人的画面。")
    assert "host=" not in stranger.tab.page.url

    again = Phone(Tab(stranger.tab.page.context.new_page(), server.url))
    again.tab.open("/")
    again.tab.see(MARKER)
    assert not again.received("这是这一桌主持人的画面。")


def test_the_join_screen_is_open_and_the_host_address_makes_a_tab_the_host(gate_server, tabs):
    server, sid = gate_server
    _, second = tabs
    second.tab.open(f"/join/{sid}")
    second.tab.see("Your seat")
    expect(second.tab.field("Table PIN")).to_be_attached()
    expect(second.tab.field(GATE_FIELD["en"])).to_have_count(0)
    assert not second.received(GATE)

    second.tab.open(server.host_url)
    second.tab.see(MARKER)
    assert not second.received(GATE)  # straight to the home screen: the gate was never sent
    address = second.tab.page.url
    assert "host=" not in address and address == server.host_url.split("?")[0]

    second.tab.reload()
    second.tab.see(MARKER)
    assert not second.received(GATE) and second.tab.page.url == address

    second.tab.open(f"{address.rstrip('/')}/table/{sid}")
    code = second.tab.page.get_by_role("img", name="QR code of the join address")
    expect(code).to_be_attached()
    second.tab.quiet()
    box = {k: round(v) for k, v in code.bounding_box().items()}
    pixels = second.tab.pixels(second.tab.page.screenshot(), box)
    assert second.tab.page.evaluate("isSecureContext") is False
    assert dark_share(pixels) > 0.3  # a QR code is about half dark; blank was 0


def dark_share(pixels: list[int]) -> float:
    """The share of dark pixels (r + g + b under 192) among r, g, b, a pixels."""
    rgba = [pixels[i:i + 4] for i in range(0, len(pixels), 4)]
    return sum(r + g + b < 192 for r, g, b, _ in rgba) / len(rgba)
