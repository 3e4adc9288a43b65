"""Flip 7 and Bacon in a real browser, played by taps at phone size: two rounds of Flip 7 (with the coach on), the
first corrected by tapping it in the rounds table (the log keeps the round as entered and the correction), and one
deal of Bacon (its set-up naming the target and the number of deals for the players seated) with a referee check
(its cards read by rank and suit; its deals table's total row, a line per team, within a phone's width); the totals
on screen, then the exported record through `python -m scoring score` gives the same totals; a double tap on the
set-up and in a line; a line's first card on a Flip 7 session stored by the engine (its way in is tapped above);
a player's name whole on their button at 2× text (Flip 7 and Rummy).
Screenshots go to tests/output/."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from playwright.sync_api import expect

from scoring.record import new_record
from storage import Store
from tests.browser.conftest import LAPTOP, LISTEN, OUTPUT, PHONE, POLL_MS, ROOT, WAIT_MS, Tab, shown_as
from tests.browser.fit import BUTTON, CHROME, LINE, text_boxes, whole, width, widths
from tests.browser.test_shell import root_font, to_history
from views.games.round_edit import BLOCK_INSET

# Twice the text, as a phone set to large text asks: Flutter's web client reads the page's root font size as the
# text scale (16 px = 1×), so 32 px is 2× (seen on screen: every label twice as large, icons as they were).
TWICE_THE_TEXT = ("document.addEventListener('DOMContentLoaded', "
                  "() => { document.documentElement.style.fontSize = '32px'; });")
TWICE_PX = 32  # px: the running page's root font for the phone's text at 2× (`test_shell.root_font`)
BUTTON_PADDING = 8  # px above and below a button's label, at the least
CARD_TEXT = 18  # px: a card button's label at 1× text
CARD_SIDE = 8  # px clear of the outline at either side of a card button's label, at the least


def card(tab: Tab, name: str, picked: str) -> None:
    """Tap a card button and wait until it shows among the picked cards."""
    before = tab.page.get_by_role("button", name=picked, exact=True).count()
    tab.tap(name, exact=True)
    expect(tab.page.get_by_role("button", name=picked, exact=True)).to_have_count(before + 1, timeout=WAIT_MS)


def select(tab: Tab, player: str) -> None:
    """Edit a player's line (tapping their name unless the card picker is already theirs)."""
    if not tab.page.get_by_text(f"{player} 的牌").count():
        tab.tap(player, exact=True)
        tab.see(f"{player} 的牌")


def line(tab: Tab, player: str, cards: list[str], status: str, summary: str) -> None:
    """Select a player, tap their cards and status, and wait for the engine's reading of the line."""
    select(tab, player)
    for code in cards:
        card(tab, code, f"去掉 {code}")
    tab.tap(status, exact=True)
    tab.see(summary)


def shot_at(tab: Tab, name: str, text: str) -> None:
    """Scroll (with the mouse wheel, as a person would) until text is in view, then take a screenshot."""
    tab.into_view(tab.page.get_by_text(text).first, margin=40)
    tab.shot(name)


def wholly_on_screen(tab: Tab, first: str, parts: list[str]) -> None:
    """The rounds table's line starting with first (a phone shows each round as a block and the totals as a line)
    ends within the screen's width and holds these parts. A table row wider than the screen was cut at its edge."""
    lines = [b for b in text_boxes(tab, first) if b["text"].replace("\u2060", "").startswith(first)]
    width = tab.page.viewport_size["width"]
    assert lines and all(b["x"] >= 0 and b["x"] + b["width"] <= width for b in lines), (first, lines, width)
    said = lines[0]["text"].replace("\u00a0", " ").replace("\u2060", "")
    assert all(part in said for part in parts), (said, parts)


def added_in_sight(tab: Tab, said: str, heard: int) -> None:
    """The round just added is said in sight of the send button tapped (`round_edit.added_line`) and read out (the
    heard-th of its lines heard since `LISTEN`): first-use play-test, nothing in sight said the round was recorded."""
    expect(tab.page.get_by_text(shown_as(said)).or_(tab.page.get_by_label(shown_as(said))).first).to_be_in_viewport()
    tab.page.wait_for_function("n => window.heard.filter(h => h.includes('已记入')).length >= n", arg=heard,
                               polling=POLL_MS)
    assert f"polite: {said}" in tab.page.evaluate("window.heard"), tab.page.evaluate("window.heard")


def exported_totals(tab: Tab, name: str) -> dict:
    """Export the session with the app's button, run `python -m scoring score` on the file, return the totals."""
    with tab.page.expect_download() as download:
        tab.tap("导出" if tab.page.get_by_role("button", name="导出").count() else "Export")
    path = OUTPUT / f"{name}.json"
    download.value.save_as(path)
    json.loads(path.read_text("utf-8"))
    out = subprocess.run([sys.executable, "-m", "scoring", "score", str(path)], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    board = json.loads(out)
    return {p["name"]: p["total"] for p in board["players"]}


def test_flip7_two_rounds_with_coach(phone):
    tab = new_flip7(phone)
    tab.press(tab.page.get_by_role("switch").first)
    tab.tap("开始", exact=True)
    tab.see("第 1 轮：点选每位玩家的牌")
    tab.see("参谋：下一张牌爆掉的概率")
    assert tab.short_taps() == []  # a player's button 44 px, "clear", "next player", +/- (icons) 40

    select(tab, "Fay")
    card(tab, "7", "去掉 7")
    card(tab, "11", "去掉 11")
    tab.see("Fay：17%")
    shot_at(tab, "phone_flip7_coach", "Fay：17%")
    card(tab, "×2", "去掉 ×2")
    tab.tap("停牌", exact=True)
    tab.see("停牌 · 36 分")
    line(tab, "Gus", ["3", "3"], "爆牌", "爆牌 · 0 分")
    line(tab, "Hal", ["5", "+4"], "被冻结", "被冻结 · 9 分")
    tab.shot("phone_flip7_round1")
    tab.page.evaluate(LISTEN)
    tab.tap("记入本轮", exact=True)
    tab.see("第 2 轮：点选每位玩家的牌")
    added_in_sight(tab, "已记入第 1 轮：Fay 36 · Gus 0 · Hal 9", 1)
    tab.shot("phone_flip7_round1_added")

    line(tab, "Fay", ["12"], "停牌", "停牌 · 12 分")
    line(tab, "Gus", ["1", "2", "3", "4", "5", "6", "8"], "翻转7", "翻转7 · 44 分")
    select(tab, "Hal")
    card(tab, "10", "去掉 10")
    card(tab, "10", "去掉 10")
    tab.tap("停牌", exact=True)
    tab.see("Hal 的 10 出现了不止一次")
    tab.tap("增加：用掉的“第二次机会”")
    tab.see("停牌 · 10 分")
    tab.tap("记入本轮", exact=True)
    tab.see("第 3 轮：点选每位玩家的牌")
    added_in_sight(tab, "已记入第 2 轮：Fay 12 · Gus 44 · Hal 10", 2)  # the line kept, its words changed: heard too
    tab.see("上次洗牌以来：2 轮，弃牌堆 18 张")
    tab.tap("牌堆重新洗过了", exact=True)
    tab.see("上次洗牌以来：0 轮，弃牌堆 0 张")
    expect(tab.page.get_by_text(shown_as("已记入第 2 轮"))).to_have_count(0)  # the table moved on: it goes

    tab.tap("第 1 轮", exact=True)
    tab.see("更正第 1 轮：改好后保存")
    tab.quiet()
    expect(tab.page.get_by_text(shown_as("更正第 1 轮：改好后保存")).first).to_be_in_viewport()  # turned to the form
    select(tab, "Hal")
    tab.tap("去掉 +4", exact=True)
    tab.see("被冻结 · 5 分")
    tab.tap("保存第 1 轮", exact=True)
    tab.see("第 3 轮：点选每位玩家的牌")
    tab.see("全桌 · 更正第 1 轮：Hal 9 ⭢ 5")
    tab.see("全桌 · 第 1 轮得分：Fay 36，Gus 0，Hal 9")  # the round's row still says what was entered

    totals = {"Fay": 48, "Gus": 44, "Hal": 15}
    for place, (name, points) in enumerate(sorted(totals.items(), key=lambda kv: -kv[1]), start=1):
        tab.see_button(f"{place}. {name}（{points}）")  # a scoreboard row, read with its points
    tab.see("总分：Fay 48 · Gus 44 · Hal 15")  # the totals' line under the rounds, a block each on a phone
    tab.shot("phone_flip7_after_two_rounds")
    shot_at(tab, "phone_flip7_totals", "总分")
    tab.resize(LAPTOP)
    tab.to_top()
    tab.see_role("row", "总分 48 44 15")  # a laptop keeps the rounds table
    tab.shot("laptop_flip7")
    tab.resize(PHONE)
    assert exported_totals(tab, "flip7_export") == totals

    tab.tap("结束游戏", exact=True)  # the table stops before 200, as a first evening does after a few rounds
    tab.see("全桌宣布游戏结束")
    tab.see("撤销：全桌宣布游戏结束")  # the undo button said "撤销：flip7.action.finish"
    tab.see("获胜者：Fay")
    tab.open("/")
    to_history(tab)
    expect(tab.page.get_by_role("button", name=re.compile(r"^翻转7 · .*获胜：Fay", re.S))).to_be_attached()


def test_bacon_one_deal_with_referee(phone):
    tab = phone.open("/")
    tab.language("en")
    tab.see("Tableside")
    tab.press(tab.page.get_by_role("group", name="Bacon").get_by_role("button", name="New session"))
    tab.see("New session: Bacon")
    tab.see("Used: 8 with 4 players, 24 with 6 players, the rules' default")
    players = ["Ida", "Jon", "Kit", "Lu"]
    for i, name in enumerate(players):
        tab.fill("New player", name)
        tab.tap("Add")
        tab.see(f"{i + 1}. {name}")
    tab.see("Used: 8, the rules' default")
    tab.gone("with 4 players")
    tab.tap("Start", exact=True)
    tab.see("Team 1 (Ida + Kit): 0 points")
    tab.tap("Jon", exact=True)
    tab.see("First dealer: Jon. Tap")

    tab.tap("Referee: does it beat?")
    tab.tap("Tap cards on the table")
    tab.see("On the table (empty = a lead) — tapping here")
    card(tab, "5 of suit A", "Remove 5 of suit A")
    tab.tap("Suit B")
    card(tab, "5 of suit B", "Remove 5 of suit B")
    tab.tap("Tap cards played")
    tab.see("Played — tapping here")
    card(tab, "7 of suit B", "Remove 7 of suit B")
    card(tab, "Wild", "Remove Wild")
    tab.tap("Check", exact=True)
    tab.see("Beats it: the same kind (2-card pair) with a higher rank, 7 over 5.")
    shot_at(tab, "phone_bacon_referee", "Cards played:")
    tab.tap("Put on record")
    tab.see("Deal 1: 7 of suit B and Wild on 5 of suit A and 5 of suit B")

    tab.tap("Ida out", exact=True)
    tab.see_button("Remove Ida (place 1)")
    tab.tap("Jon out", exact=True)
    tab.see_button("Remove Jon (place 2)")
    tab.tap("Kit out", exact=True)
    tab.see_button("Remove Kit (place 3)")
    tab.tap("Deal finished")
    tab.see("Team 1 (Ida + Kit): 2 points")
    tab.see("Team 1 +2")
    tab.see("Dealer of deal 2: Kit.")  # after Jon, the next seat of the team that scored
    shot_at(tab, "phone_bacon_after_deal", "Team 1 +2")
    wholly_on_screen(tab, "Total —", ["Team 1: 2", "Team 2: 0"])
    totals = {"Ida": 2, "Jon": 0, "Kit": 2, "Lu": 0}
    for shown in ("1. Ida (2)", "1. Kit (2)", "2. Jon (0)", "2. Lu (0)"):
        tab.see_button(shown)
    assert exported_totals(tab, "bacon_export") == totals


def double_tap(tab: Tab, name: str) -> None:
    """Tap a button twice, the second time on the screen as it was before the first tap's answer, wait for the
    app to say the second tap came too late, and put that notice away, waiting until it has finished going (its
    words leave the tree as it starts to slide away: a field tapped before it had gone took the focus and lost it
    18 ms later, Flutter never edited it, and the next `fill` waited in vain; one full run in three)."""
    tab.hold()
    button = tab.page.get_by_role("button", name=name, exact=True)
    tab.press(button)
    button.click()
    tab.held_until("这次点击没有生效")
    tab.release()
    tab.see("你点击时画面已经变了，这次点击没有生效")
    expect(tab.page.get_by_role("button", name=name, exact=True)).to_have_count(0, timeout=WAIT_MS)
    tab.tap("关闭", exact=True)
    tab.gone("你点击时画面已经变了，这次点击没有生效")
    tab.settle()


def set_up(phone, game: str, players: list[str]) -> Tab:
    """A phone in Chinese on a new session's set-up of a game (by its Chinese name), these players seated."""
    tab = phone.open("/")
    tab.language("zh-CN")
    tab.press(tab.page.get_by_role("group", name=game).get_by_role("button", name="新对局"))
    tab.see(f"新对局：{game}")
    for i, name in enumerate(players):
        tab.fill("新玩家", name)
        tab.tap("添加")
        tab.see(f"{i + 1}. {name}")
    return tab


def new_flip7(phone) -> Tab:
    """A phone in Chinese on a new Flip 7 session's set-up, Fay, Gus and Hal seated."""
    return set_up(phone, "翻转7", ["Fay", "Gus", "Hal"])


def test_a_double_tap_takes_away_only_what_was_tapped(phone):
    tab = new_flip7(phone)
    double_tap(tab, "让 Fay 离座")
    tab.see("1. Gus")
    tab.see("2. Hal")
    tab.fill("新玩家", "Fay")
    tab.tap("添加")
    tab.see("3. Fay")
    tab.tap("开始", exact=True)
    select(tab, "Fay")
    for code in ["7", "8", "9"]:
        card(tab, code, f"去掉 {code}")
    double_tap(tab, "去掉 7")
    for code in ["8", "9"]:
        expect(tab.page.get_by_role("button", name=f"去掉 {code}", exact=True)).to_have_count(1)


def top_of(tab: Tab, name: str) -> float:
    """Where the button of this name starts on the page, once the screen is quiet."""
    tab.quiet()
    box = tab.page.get_by_role("button", name=name, exact=True).first.bounding_box()
    assert box, name
    return box["y"]


def tap_sized(tab: Tab, name: str, label: str) -> None:
    """The button of this name is at least 48 px high (the app's tap target) and shows its label whole, measured
    wholly on screen (a control cut by the screen's edge has only its visible part's box)."""
    tab.quiet()
    button = tab.page.get_by_role("button", name=name, exact=True).first
    tab.into_view(button)
    box = tab.steady(button).bounding_box()
    assert box and box["height"] >= 48 and whole(box, width(tab, label, BUTTON), CHROME["button"], BUTTON[0]), (
        name, box)


def test_a_lines_first_card_moves_nothing_under_its_pile(phone, server):
    """Flip 7 on a phone: the empty pile's "no cards yet" line gave way to a taller row of card chips, and 停牌 moved
    20 px down at the first card (914 → 934), back up when it was taken back. It stays where it is. The picked
    card's button ("7 ×", tapped to take it back) was 40 px high, below the 48 px tap target; now 48, label whole.
    The session is stored by the engine and opened by its address: the tests above seat the players by taps."""
    with Store(server.data) as store:
        sid = store.create(new_record("flip7", ["Fay", "Gus", "Hal"], now="2025-01-01T20:00:00+00:00"))
    tab = phone.open(f"/play/{sid}")
    select(tab, "Fay")
    empty = top_of(tab, "停牌")
    card(tab, "7", "去掉 7")
    assert top_of(tab, "停牌") == empty
    tap_sized(tab, "去掉 7", "7 ×")
    tab.shot("flip7_phone_picked_card")
    tab.tap("去掉 7", exact=True)
    tab.see("还没有牌")
    tab.to_top()  # measured from the screen's top, as `empty` was (tap_sized scrolled the card into view)
    assert top_of(tab, "停牌") == empty


def cards_whole_at_twice_the_text(tab: Tab, labels: list[str]) -> None:
    """Each card button holds its label on one line at 2× text (36 px), with room at its sides and a line's height
    and padding (labels in reading order: a button half scrolled out under the app bar reads as a short one). A card
    button had a fixed width and height (58 × 48 px) and showed "+10" as "+1", "10♥" as "10"."""
    needs = widths(tab, labels, (2 * CARD_TEXT, BUTTON[1], BUTTON[2]))
    for label in labels:
        button = tab.page.get_by_role("button", name=label, exact=True)
        tab.into_view(button)
        box = tab.steady(button).bounding_box()
        assert box and box["width"] >= needs[label] + 2 * CARD_SIDE, (label, needs[label], box)
        assert box["height"] >= 2 * CARD_TEXT * LINE + 2 * BUTTON_PADDING, (label, box)
        assert [t["text"] for t in text_boxes(tab, label) if t["text"] == label] == [label]  # read once: the button


def test_the_rounds_table_shows_a_rounds_button_whole_at_twice_the_text(phone, server):
    """Play-test at 2× text (390×844, Chinese): the rounds table's rows stayed 48 px high, so the round buttons
    ("第 1 轮", the way to correct a round) showed only the top half of their label. A row now grows with its
    text: the button holds a line of its 28 px label and its padding. The card picker's buttons grow with their
    labels too ("+10" wrapped and showed "+1"): the shared card buttons of Flip 7, Rummy, Bacon, Nab-It! and Solar
    Storm. Below 576 px each round is a block (its button, then every player's points) and the totals a line: the
    table scrolled sideways at 2× text and cut the last player's column; every player's points end on screen."""
    round1 = {"type": "round", "by": "table", "lines": {
        "Fay": {"numbers": [7, 11], "modifiers": ["x2"], "status": "stayed"},
        "Gus": {"numbers": [3, 3], "status": "busted"},
        "Hal": {"numbers": [5], "status": "frozen"}}}
    with Store(server.data) as store:
        sid = store.create(new_record("flip7", ["Fay", "Gus", "Hal"], now="2025-01-01T20:00:00+00:00")
                           | {"actions": [round1]})
    tab = phone  # its root font set on the running page, which Flutter follows (a tab of its own was a load)
    root_font(tab, TWICE_PX)
    try:
        tab.open(f"/play/{sid}")
        tab.see("第 2 轮：点选每位玩家的牌")
        button = tab.page.get_by_role("button", name="第 1 轮", exact=True)
        tab.into_view(button)
        box = tab.steady(button).bounding_box()
        tab.shot("flip7_phone_rounds_table_twice_the_text")
        assert box and box["height"] >= 2 * BUTTON[0] * LINE + 2 * BUTTON_PADDING, box
        lines = text_boxes(tab, "Hal")  # the round's line and the totals', each ending with Hal's points
        assert len(lines) >= 2 and all(b["x"] + b["width"] <= PHONE["width"] for b in lines), lines
        points = [b for b in lines if b["text"].startswith("Fay\u00a0")]  # the round's line, stood in under its button
        assert points and points[0]["x"] >= box["x"] + BLOCK_INSET - 1, (box, lines)
        select(tab, "Fay")
        cards_whole_at_twice_the_text(tab, ["12", "+10", "×2"])  # top to bottom
    finally:
        root_font(tab, None)


NAME_SIDE = 10  # px of padding at either side of a player's name on their button (`views.ui.name_button`)
TALLER = """([words, least]) => Array.from(document.querySelectorAll('flt-semantics'))
  .filter(e => !e.querySelector('flt-semantics'))
  .some(e => (e.getAttribute('aria-label') || e.textContent).includes(words)
             && e.getBoundingClientRect().height >= least)"""  # a text with these words laid out at least so tall


def test_a_players_name_on_their_button_is_whole_at_twice_the_text(phone, server):
    """Walk at 2× text (390×844, Chinese): the Flip 7 and Rummy players' rows put each name on a button 110 px
    wide, which at 2× held "Maxi…" and "欧阳…" (a name of four characters cut to two). A button is as wide as its
    name now, 110 px at the least, and what the row says of the player goes beside it where it fits, else under it:
    every name is whole on its button, one line, and the button ends on screen."""
    names = ["Maximilian", "欧阳娜娜", "Ann"]
    twice = (2 * BUTTON[0], BUTTON[1], 2 * BUTTON[2])
    tab = phone.open("/")  # its root font set on the running page, which Flutter follows (a new tab was a load)
    root_font(tab, TWICE_PX)
    try:
        for game in ("flip7", "rummy"):
            with Store(server.data) as store:
                sid = store.create(new_record(game, names, now="2025-01-01T20:00:00+00:00"))
            tab.open(f"/play/{sid}")
            tab.page.wait_for_function(TALLER, arg=["点选每位玩家的", 2 * BUTTON[0] * LINE], polling=POLL_MS)
            button = tab.page.get_by_role("button", name="欧阳娜娜", exact=True)
            tab.into_view(button)
            tab.steady(button)
            tab.shot(f"{game}_phone_players_twice_the_text")
            needs = widths(tab, names, twice)
            for name in names:
                boxes = [b for b in text_boxes(tab, name) if b["text"] == name]
                assert boxes, (game, name)
                box = boxes[0]
                assert box["width"] + 1 >= needs[name] + 2 * NAME_SIDE, (game, name, needs[name], box)
                assert box["height"] < 2 * twice[0] * LINE, (game, name, box)  # one line
                assert box["x"] + box["width"] <= PHONE["width"], (game, name, box)
    finally:
        root_font(tab, None)
