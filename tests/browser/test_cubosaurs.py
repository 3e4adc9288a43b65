"""Cubosaurs in a real browser on a phone, in Chinese: a table starts a session from the new-session screen and
reads the dinosaur types the app ships in Chinese — in the rows editor, on the counters and the egg ("五角龙蛋",
where "Pentaceratops蛋" stood beside Chinese raptor buttons) — while the session keeps the rows text it was made
with; the same session in English names them in English."""

from __future__ import annotations

from playwright.sync_api import expect

from scoring.games.cubosaurs import DEFAULT_ROWS
from tests.browser.conftest import READ_ALL, WAIT_MS
from views import words

CHINESE = ["霸王龙", "雷龙", "五角龙"]
ENGLISH = ["T-Rex", "Brontosaurus", "Pentaceratops"]


def test_a_chinese_table_reads_chinese_dinosaurs(phone, server):
    tab = phone.open("/new/cubosaurs")
    tab.see("新对局：方块恐龙")
    for name in [*CHINESE, "五角龙蛋"]:                     # the rows editor: a block per type, the egg's too
        tab.see_role("button", f"去掉{name}")
    for i, name in enumerate(["甲", "乙"]):
        tab.fill("新玩家", name)
        tab.tap("添加")
        tab.see(f"{i + 1}. {name}")
    tab.tap("开始", exact=True)
    for name in [*CHINESE, "五角龙蛋"]:
        tab.see_button(f"增加：{name}")
    tab.tap(f"增加：{CHINESE[0]}", exact=True)
    count = words.say("zh-CN", "cards.view.count", what=CHINESE[0], value=1)
    expect(tab.page.locator(f'flt-semantics[aria-label="{count}"]').or_(tab.page.get_by_text(count, exact=True))
           .first).to_be_attached()
    screen = tab.page.evaluate(READ_ALL)
    assert not [name for name in ENGLISH if name in screen]
    tab.shot("phone_cubosaurs_chinese_types")

    from storage import Store
    sid = tab.page.url.rsplit("/", 1)[-1]
    with Store(server.data) as store:
        assert store.load(sid)["options"]["rows"] == DEFAULT_ROWS   # the session keeps the names it was made with
    tab.language("en")
    for name in ENGLISH:
        tab.see_button(f"More: {name}")
    tab.see_button("More: Pentaceratops eggs")


def test_a_card_value_the_table_did_not_give_stays_unknown(phone, server):
    """A round needs what one 雷龙 gives: the table is asked (Save waits for that value: it started at 0, saved
    as the card's value by a Save tapped unread), answers that value only, and the row's other values stay
    unknown ("未知" in the log; they were saved as 0 and scored so later); the round, the last, is then added, and
    the end screen keeps the rounds table (it had only each player's lines)."""
    from scoring.record import new_record
    from storage import Store
    with Store(server.data) as store:
        sid = store.create(new_record("cubosaurs", ["甲", "乙"], now="2025-01-01T20:00:00+00:00"))
        for ann, bo in ((1, 2), (2, 1)):                   # rounds 1 and 2 of 3: 甲 4 + 1, 乙 1 + 4 (T-Rex 4 / 1)
            store.play(sid, {"type": "round", "by": "table", "lines": {
                "甲": {"dinos": {"T-Rex": ann}}, "乙": {"dinos": {"T-Rex": bo}}}}, "2025-01-01T20:01:00+00:00")
    tab = phone.open(f"/play/{sid}")
    tab.language("zh-CN")
    tab.tap(f"增加：{CHINESE[1]}", exact=True)
    tab.tap("记入本轮", exact=True)
    tab.see(f"{CHINESE[1]}卡上 1 张对应多少分？请先填上这个数。")
    save = tab.page.get_by_role("button", name="保存计分栏并记入本轮", exact=True)
    expect(save).to_be_disabled(timeout=WAIT_MS)        # the value asked is not known (it was 0) until given
    tab.tap(f"增加：{CHINESE[1]}：1 张", exact=True)
    expect(save).to_be_enabled(timeout=WAIT_MS)
    tab.tap("保存计分栏并记入本轮", exact=True)
    tab.see(f"设定{CHINESE[1]}的计分栏：1 张 1，2 张未知，3 张 5，4+ 张未知")
    tab.see("操作记录（4）")
    for line in ("甲 4 · 乙 1", "甲 1 · 乙 4", "甲 1 · 乙 0", "总分：甲 6 · 乙 5"):  # the end screen keeps the rounds
        tab.see(line)                                                         # (a block each on a phone)
    with Store(server.data) as store:
        assert store.state(sid)["rows"]["Brontosaurus"] == [1, None, 5, None]
