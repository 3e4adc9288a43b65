"""Rummy in a real browser, as a new table would play it on one phone: a 500 Rummy session of three set up by
taps, one round's melds, lay-off and hands tapped card by card (a card entered for one player is struck through
for the others and read as whose it is), the round recorded and scored, the totals on screen and in the
exported record through `python -m scoring score`."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import WAIT_MS
from tests.browser.test_card_games import exported_totals


def test_a_round_of_500_rummy_by_taps_on_one_phone(phone):
    tab = phone.open("/")
    tab.language("zh-CN")
    tab.see("桌边记分")
    tab.press(tab.page.get_by_role("group", name="拉米").get_by_role("button", name="新对局"))
    tab.see("新对局：拉米")
    for i, name in enumerate(["Ann", "Bo", "Cy"]):
        tab.fill("新玩家", name)
        tab.tap("添加")
        tab.see(f"{i + 1}. {name}")
    tab.tap("开始", exact=True)
    tab.see("第 1 轮：点选每位玩家的组合、添牌和手牌")

    tab.tap("新组合")
    for card in ("7♠", "8♠", "9♠"):
        tab.tap(card, exact=True)
    tab.see("组合：7♠ 8♠ 9♠ · 添牌：— · 手牌：—")
    tab.tap("留在手里的牌")
    tab.tap("♥ 红心")
    tab.tap("K♥", exact=True)
    tab.see("组合：7♠ 8♠ 9♠ · 添牌：— · 手牌：K♥")

    tab.tap("Bo", exact=True)
    tab.see("Bo 的牌")
    tab.tap("♠ 黑桃")
    seven = tab.page.get_by_role("button", name="7♠，已记给 Ann", exact=True)
    expect(seven).to_be_disabled(timeout=WAIT_MS)
    tab.shot("phone_rummy_taken_card")
    tab.tap("♦ 方块")
    for card in ("2♦", "5♦"):
        tab.tap(card, exact=True)
    tab.see("组合：— · 添牌：— · 手牌：2♦ 5♦")

    tab.tap("Cy", exact=True)
    tab.see("Cy 的牌")
    tab.tap("新组合")
    tab.tap("♣ 梅花")
    for card in ("Q♣", "K♣", "A♣"):
        tab.tap(card, exact=True)
    tab.tap("添到别人组合上的牌")
    tab.tap("♠ 黑桃")
    tab.tap("10♠", exact=True)
    tab.see("组合：Q♣ K♣ A♣ · 添牌：10♠ · 手牌：—")
    tab.tap("记入本轮", exact=True)
    tab.see("第 2 轮：点选每位玩家的组合、添牌和手牌")

    totals = {"Ann": 14, "Bo": -7, "Cy": 45}  # 24 − 10; −7; 35 + 10 (the ace high on Q K)
    for place, (name, points) in enumerate(sorted(totals.items(), key=lambda kv: -kv[1]), start=1):
        tab.see_button(f"{place}. {name}（{points}）")
    tab.see_role("row", "总分 14 -7 45")
    tab.see_button("7♠")  # the new round's picker offers every card again
    tab.shot("phone_rummy_round1")
    assert exported_totals(tab, "rummy_export") == totals
