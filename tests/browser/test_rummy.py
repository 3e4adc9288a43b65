"""Rummy in a real browser, as a new table would play it on one phone: a 500 Rummy session of three set up by
taps (penalty scoring offered with basic Rummy only, the empty target's field naming the variant's target), one
round's melds (read as they lie on the table, not in tap order), lay-off and hands tapped card by card (a card
entered for one player is struck through for the others and read as whose it is), the round recorded and scored,
the totals on screen and in the exported record through `python -m scoring score`."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import WAIT_MS, Tab
from tests.browser.test_card_games import exported_totals, set_up
from tests.browser.test_knit_wit import choose_option

PENALTY = "扣分式计分（基本拉米）"


def cards(tab: Tab, pile: str, suit: str, names: list[str], line: str) -> None:
    """Choose the pile the taps go to and a suit, tap these cards of it, and wait for the player's line to read so."""
    tab.tap(pile)
    tab.tap(suit)
    for name in names:
        tab.tap(name, exact=True)
    tab.see(line)


def not_offered(tab: Tab, text: str) -> None:
    """Wait until no element shows text, as its text or as its accessible name (a switch is named by its label)."""
    expect(tab.page.get_by_text(text).or_(tab.page.get_by_label(text))).to_have_count(0, timeout=WAIT_MS)


def test_a_round_of_500_rummy_by_taps_on_one_phone(phone):
    tab = set_up(phone, "拉米", ["Ann", "Bo", "Cy"])
    tab.see("将用规则默认值 500")
    not_offered(tab, PENALTY)
    choose_option(tab, "玩法", "基本拉米")
    tab.see(PENALTY)
    tab.see("将用规则默认值 100")
    choose_option(tab, "玩法", "500 拉米")
    not_offered(tab, PENALTY)
    tab.tap("开始", exact=True)
    tab.see("第 1 轮：点选每位玩家的组合、添牌和手牌")

    cards(tab, "新组合", "♠ 黑桃", ["7♠", "9♠", "8♠"], "组合：7♠ 8♠ 9♠ · 添牌：— · 手牌：—")  # as it lies
    cards(tab, "留在手里的牌", "♥ 红心", ["K♥"], "组合：7♠ 8♠ 9♠ · 添牌：— · 手牌：K♥")

    tab.tap("Bo", exact=True)
    tab.see("Bo 的牌")
    tab.tap("♠ 黑桃")
    seven = tab.page.get_by_role("button", name="7♠，已记给 Ann", exact=True)
    expect(seven).to_be_disabled(timeout=WAIT_MS)
    tab.shot("phone_rummy_taken_card")
    cards(tab, "留在手里的牌", "♦ 方块", ["2♦", "5♦"], "组合：— · 添牌：— · 手牌：2♦ 5♦")

    tab.tap("Cy", exact=True)
    tab.see("Cy 的牌")
    cards(tab, "新组合", "♣ 梅花", ["A♣", "Q♣", "K♣"], "组合：Q♣ K♣ A♣ · 添牌：— · 手牌：—")
    cards(tab, "添到别人组合上的牌", "♠ 黑桃", ["10♠"], "组合：Q♣ K♣ A♣ · 添牌：10♠ · 手牌：—")
    tab.tap("记入本轮", exact=True)
    tab.see("第 2 轮：点选每位玩家的组合、添牌和手牌")

    totals = {"Ann": 14, "Bo": -7, "Cy": 45}  # 24 − 10; −7; 35 + 10 (the ace high on Q K)
    for place, (name, points) in enumerate(sorted(totals.items(), key=lambda kv: -kv[1]), start=1):
        tab.see_button(f"{place}. {name}（{str(points).replace('-', '−')}）")  # a negative with the minus sign
    tab.see("总分：Ann 14 · Bo −7 · Cy 45")  # the totals' line under the rounds, a block each on a phone
    tab.see_button("7♠")  # the new round's picker offers every card again
    tab.shot("phone_rummy_round1")
    assert exported_totals(tab, "rummy_export") == totals
