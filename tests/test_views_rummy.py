"""Rummy view without a browser: tap melds, lay-offs and hands per player, stock-out, rounds and totals."""

from __future__ import annotations

from tests.card_view_helpers import Table, shown, tap
from views.games import rummy as view


def build(table: Table):
    """The view for the table's current state."""
    return view.build(table.ctx())


def tap_cards(table: Table, suit: str, cards: list[str]) -> None:
    """Choose a suit and tap cards of it."""
    tap(build(table), suit)
    for code in cards:
        tap(build(table), code)


def test_a_500_round_by_taps():
    table = Table("rummy", ["Ann", "Bo"])
    tap(build(table), "New meld")
    tap_cards(table, "Hearts (H)", ["7H", "8H", "9H"])
    tap(build(table), "Bo")
    tap_cards(table, "Spades (S)", ["KS", "2S"])
    assert "Melds: 7H 8H 9H · Laid off: — · Hand: —" in shown(build(table))
    assert "Melds: — · Laid off: — · Hand: KS 2S" in shown(build(table))
    tap(build(table), "Add round")
    assert table.errors == []
    assert table.state["rounds"][0]["scores"]["Ann"]["points"] == 24
    assert table.state["rounds"][0]["scores"]["Bo"]["points"] == -12
    body = build(table)
    assert "Total" in shown(body) and "-12" in shown(body)
    assert table.local["rummy"]["lines"]["Ann"] == {"melds": [], "laid_off": [], "hand": []}


def test_lay_off_and_removing_cards():
    table = Table("rummy", ["Ann", "Bo"])
    tap(build(table), "New meld")
    tap_cards(table, "Clubs (C)", ["4C", "5C", "6C", "QC"])
    tap(build(table), "QC ×")
    tap(build(table), "Laid off")
    tap(build(table), "7C")
    assert table.local["rummy"]["lines"]["Ann"] == {"melds": [["4C", "5C", "6C"]], "laid_off": ["7C"], "hand": []}
    for card in ("4C", "5C", "6C"):
        tap(build(table), f"{card} ×")
    assert table.local["rummy"]["lines"]["Ann"]["melds"] == []


def test_refused_round_keeps_the_draft_and_stock_out_is_sent():
    table = Table("rummy", ["Ann", "Bo"])
    tap_cards(table, "Diamonds (D)", ["3D"])
    tap(build(table), "Bo")
    tap_cards(table, "Diamonds (D)", ["3D"])
    tap(build(table), "Add round")
    assert table.errors == ["rummy.card_twice"] and table.state["rounds"] == []
    table.local["rummy"]["lines"]["Bo"]["hand"] = ["4D"]
    tap(build(table), "Add round")
    assert table.errors[-1] == "rummy.nobody_out"
    table.local["rummy"]["stock_out"] = True
    tap(build(table), "Add round")
    assert table.state["rounds"][0]["stock_out"] is True


def test_chinese_texts():
    table = Table("rummy", ["甲", "乙"], lang="zh-CN")
    assert "第 1 轮：点选每位玩家的组合、添牌和手牌" in shown(build(table))
