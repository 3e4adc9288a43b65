"""Solar Storm in a real browser at phone size, in Chinese: a crew of two never repairs, only collects a face-up
card each turn, discards down to 6 and draws the damage card — until a room takes damage with no cube left
(the damage deck holds 42 hits against 24 cubes, so this loss always comes before the deck runs dry). The loss
screen says why; the exported record through `python -m scoring score` says the same. And a table that deals the
physical decks taps its starting deal into the setup form."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from playwright.sync_api import expect

from tests.browser.conftest import OUTPUT, ROOT, WAIT_MS, Tab

HINTS = {"actions": "最多进行 3 个行动，然后结束行动阶段。", "collect": "拿 1 张翻开的卡，或从牌堆抽 2 张。",
         "discard": "手牌超过 6 张：弃至 6 张。", "damage": "抽取损坏牌。"}
LOST = "船员失败。"
MAX_TURNS = 40


def phase_now(tab: Tab) -> str:
    """Wait until the screen shows a phase hint or the loss, and say which."""
    shown = tab.page.get_by_text(LOST, exact=True)
    for hint in HINTS.values():
        shown = shown.or_(tab.page.get_by_text(hint, exact=True))
    expect(shown.first).to_be_attached(timeout=WAIT_MS)
    if tab.page.get_by_text(LOST, exact=True).count():
        return "lost"
    return next(p for p, hint in HINTS.items() if tab.page.get_by_text(hint, exact=True).count())


def test_crew_loses_by_damage(phone):
    tab = phone.open("/new/solar_storm")
    tab.see("新对局：太阳风暴")
    for i, name in enumerate(["Ann", "Bo"]):
        tab.fill("新玩家", name)
        tab.tap("添加")
        tab.see(f"{i + 1}. {name}")
    tab.tap("开始", exact=True)
    tab.see("资源牌堆：56 张 · 弃牌堆：0 张")           # 66 − 2 × 4 dealt − 2 face up
    tab.see("剩余损坏牌：22")                           # 24 − 2 resolved at setup
    tab.shot("phone_solar_storm_start")
    damage_taps = actions = 0
    for _ in range(MAX_TURNS * 5):
        phase = phase_now(tab)
        if phase == "lost":
            break
        if phase == "actions":
            tab.tap("结束行动", exact=True)
        elif phase == "collect":
            tab.tap("拿牌（3）…", exact=True)
            tab.press(tab.page.get_by_role("button", name=re.compile("^翻开的")).first)
        elif phase == "discard":
            tab.press(tab.page.get_by_role("button", name=re.compile("^弃牌（")).first)
            tab.press(tab.page.get_by_role("button", name=re.compile("^(数据|金属|纳米机器人|能量|通用)$")).first)
        else:
            tab.tap("抽取损坏牌", exact=True)
            damage_taps += 1
        actions += 1
        expect(tab.page.get_by_text(f"操作记录（{actions}）", exact=True)).to_be_attached(timeout=WAIT_MS)
    tab.see(LOST)
    tab.see("在没有修复方块时再次受损。")
    tab.shot("phone_solar_storm_lost")

    with tab.page.expect_download() as download:
        tab.tap("导出")
    path = OUTPUT / "solar_storm_lost.json"
    download.value.save_as(path)
    record = json.loads(path.read_text("utf-8"))
    assert sum(1 for a in record["actions"] if a["type"] == "damage") == damage_taps
    out = subprocess.run([sys.executable, "-m", "scoring", "score", str(path)], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    board = json.loads(out)
    assert board["over"] and board["winners"] == []
    lines = {line["key"]: line for line in board["players"][0]["breakdown"]}
    assert "solar_storm.line.room_destroyed" in lines and lines["solar_storm.line.launch"]["points"] == 0
    # every turn ends with one damage card: turns taken = damage cards drawn (the last one lost the game)
    assert lines["solar_storm.line.turns"]["params"]["turns"] == damage_taps


def test_table_types_the_deal(phone):
    tab = phone.open("/new/solar_storm")
    tab.see("新对局：太阳风暴")
    for i, name in enumerate(["Cy", "Di"]):    # new names: the module's first test put Ann and Bo in the roster
        tab.fill("新玩家", name)
        tab.tap("添加")
        tab.see(f"{i + 1}. {name}")
    tab.tap("谁发牌和掷骰", exact=True)                              # the dropdown of who deals
    tab.tap("桌上（输入实际结果）", exact=True)
    tab.gone("桌上（输入实际结果）")
    tab.tap("开始", exact=True)
    tab.see("Cy 的起始手牌是 4 张。")                    # the engine's refusal of the empty deal
    for card in ["数据", "金属", "能量", "纳米机器人", "通用", "数据", "数据", "金属", "金属", "能量"]:
        tab.tap(card, exact=True)                                  # Cy's 4, Di's 4, the face-up pair
    tab.see("翻开的卡（2/2）")
    for room in ["舰桥", "军械库", "食堂", "舰桥", "货舱", "机房"]:
        tab.tap(room, exact=True)                                  # the two setup damage cards, printed order
    tab.see("2. 货舱")
    tab.shot("phone_solar_storm_typed_deal")
    tab.tap("发牌", exact=True)
    tab.see("已完成：输入发牌")                                   # the deal is in the log (undo offered)
    tab.see(HINTS["actions"])
    tab.see("资源牌堆：56 张 · 弃牌堆：0 张")           # 66 − 8 typed into hands − 2 typed face up
    tab.see("翻开：金属，能量")
    tab.see("操作记录（1）")
