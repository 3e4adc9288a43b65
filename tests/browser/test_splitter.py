"""Splitter in a real browser at phone size: a finished sheet painted with the brush (RULINGS.md §6 sheet A: the squares
of its groups the screen is checked on, a scoring group of 5s, the doubled 2s on a star, the 3s that score nothing, the
star under a 1; its stars still read as stars once written on), then the same game with sheet A entered whole, as the
painter's "enter this sheet" sends it (`layout`), stored by the engine (`Store.play`): its 34 points and 12 scoring
groups read, the score comparison read row by row, each number named by its column; one round with the table's own dice
(each die button read with its die, "第一颗骰子：2"; the pair said once, by the hint; a double, so no swap button) written by
tapping a pair (each square read with whose sheet it is on, "小莫的计分表，第 4 行，第 4 列：空", then "已标出" where it is marked; the
past round and the log then name both its squares, "第 4 行第 4、5 列"), the table ends the game, the scores on the end
screen, then the exported record through `python -m scoring score` gives the same totals. The whole of sheet A painted
square by square and entered (44 of the test's 63 taps, repeating one path) is tests/test_views_splitter.py's
`test_a_finished_sheet_painted_and_entered_scores_34`: every group's line, 34 points, the sheet entered."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from scoring.record import new_record
from storage import Store
from tests.browser.conftest import LAPTOP, PHONE, WAIT_MS, Tab
from tests.browser.fit import lines_with, text_boxes
from tests.browser.test_kingdomino import exported_totals, scroll_down, start_session

PLAYERS = ["小林", "小莫"]
SHEET_A = [". . 4 4 3 3 . .", ". 1 4 4 6 3 1 .", "2 5 5 6 6 5 5 2", "2 5 6 6 1 2 5 1", "1 5 3 6 5 2 5 5",
           ". 3 3 3 4 4 6 .", ". . 6 4 4 6 . ."]
TOTALS = {"小林": 34, "小莫": 2}
PAINTED = {1: [(3, 7)], 2: [(2, 0), (3, 0)], 3: [(4, 2), (5, 1), (5, 2), (5, 3)],
           5: [(2, 5), (2, 6), (3, 6), (4, 6), (4, 7)]}  # sheet A's squares of the groups the painter is read on
NOW = "2025-01-01T20:00:00+00:00"
PAGE_PADDING = 8  # px each side of the screen's content
ROW_NAMES = {"zh-CN": "{owner}的计分表，第 {row} 行，", "en": "{owner}'s sheet, row {row},"}


def square(tab: Tab, owner: str, row: int, col: int):
    """A square of owner's sheet (0-based row and column), whatever it shows: read with whose sheet it is on."""
    return tab.page.get_by_role("button", name=re.compile(rf"^{owner}的计分表，第 {row + 1} 行，第 {col + 1} 列："))


def paint(tab: Tab, row: int, col: int, value: int) -> None:
    """Tap a square of 小林's sheet with the brush (once) and wait until it shows the number."""
    painted = tab.page.get_by_role("button", name=re.compile(rf"^小林的计分表，第 {row + 1} 行，第 {col + 1} 列：{value}"))
    tab.press(square(tab, "小林", row, col))
    expect(painted).to_be_attached(timeout=WAIT_MS)


def on_a_laptops_first_screen(tab: Tab, owner: str) -> None:
    """Turned into a 1280×800 laptop (no new load) at the top of the screen, in Chinese and in English, the round's
    sheet stands beside the dice: every square of its first and last row wholly inside the 800 px screen (under the
    roll's panel, it began at the screen's bottom edge, 770 px); turned back into the phone, its widest row (the
    stars' one) inside the phone's width."""
    tab.resize(LAPTOP)
    tab.to_top()
    for lang, name in ROW_NAMES.items():
        tab.language(lang)
        tab.see_role("button", name.format(owner=owner, row=1))
        tab.shot(f"splitter_laptop_write_{lang}")
        for row in (1, len(SHEET_A)):
            squares = text_boxes(tab, name.format(owner=owner, row=row))
            assert squares and all(0 <= s["y"] and s["y"] + s["height"] <= LAPTOP["height"] for s in squares), \
                (lang, row, squares)
    tab.language("zh-CN")
    tab.resize(PHONE)
    tab.into_view(square(tab, owner, 3, 7))
    first, last = (square(tab, owner, 3, col).bounding_box() for col in (0, 7))
    assert first["x"] >= PAGE_PADDING and last["x"] + last["width"] <= PHONE["width"] - PAGE_PADDING, (first, last)


def entered_session(server) -> str:
    """A game of PLAYERS with 小林's sheet A entered whole, stored by the engine; returns its id."""
    with Store(server.data) as store:
        sid = store.create(new_record("splitter", PLAYERS, now=NOW))
        store.play(sid, {"type": "layout", "by": PLAYERS[0], "layout": "\n".join(SHEET_A)}, NOW)
    return sid


def test_finished_sheet_and_a_written_round(phone, server):
    tab = phone.open("/")
    tab.language("zh-CN")
    tab.see("桌边记分")
    start_session(tab, "Splitter", PLAYERS)
    tab.see("掷骰子")
    assert [line for line in lines_with(tab, "掷骰子") if line != "掷骰子"] == ["下一步（全桌）：掷骰子"]  # not its button
    tab.see(re.compile(r"^第\s1\s轮\s/\s共\s22\s轮$"))  # under "下一步（全桌）：掷骰子": the round, not the move again
    tab.see("得分对比")
    expect(tab.page.get_by_text(re.compile("同为 0 分"))).to_have_count(0)  # no tie said before anything scores
    tab.shot("splitter_phone_roll")

    tab.tap("录入写完的计分表")
    tab.see("录入小林写完的计分表")
    grid = [line.split() for line in SHEET_A]
    for value, places in PAINTED.items():
        tab.tap(str(value), exact=True)
        tab.see(f"正在写：{value}")
        for r, c in places:
            assert grid[r][c] == str(value), (r, c, value)
            paint(tab, r, c, value)
    tab.see("5 个 5：5 分")
    tab.see("2 个 2，占到星星翻倍：4 分")
    tab.see(re.compile(r"不得分（相连的格数要正好等于数字）：.*4\s个\s3"))  # the groups that score nothing: one line
    for col, value in ((1, 2), (8, 1)):  # the stars stay on the sheet once written on, read as stars
        expect(tab.page.get_by_role("button", name=f"小林的计分表，第 4 行，第 {col} 列：{value}（星格）")).to_have_count(1)
    tab.shot("splitter_phone_sheet_painted")

    tab.open(f"/play/{entered_session(server)}")
    tab.see("操作记录（1）")
    tab.tap("小林", exact=True)
    tab.see("小林的计分表已整张录入。")
    tab.see("小林：得分 34，得分的组 12")
    expect(tab.page.get_by_text("得分的组", exact=True)).to_have_count(0)

    tab.tap("小莫", exact=True)
    tab.tap("逐轮填写")
    tab.see("或者录入桌上掷出的点数")
    tab.tap("第一颗骰子：2", exact=True)
    tab.see("桌上掷出：2 和 –")
    tab.tap("第二颗骰子：2", exact=True)
    tab.see("桌上掷出：2 和 2")
    expect(tab.button("用桌上掷出的点数")).to_be_enabled(timeout=WAIT_MS)
    tab.tap("用桌上掷出的点数")
    tab.see("小莫写下 2 | 2")
    expect(tab.page.get_by_text("|", exact=True)).to_have_count(0)  # the big dice shown, said by the hint only
    expect(tab.button("左右对调")).to_have_count(0)  # a double turned round is the same pair: no swap to tap
    on_a_laptops_first_screen(tab, "小莫")
    tab.shot("splitter_phone_write")
    marked = re.compile(r"^小莫的计分表，第 4 行，第 4 列：空\s+已标出$")  # the marked frame read after the name
    expect(square(tab, "小莫", 3, 3)).to_have_text(marked, timeout=WAIT_MS)  # the flt-semantics node's text
    tab.press(square(tab, "小莫", 3, 3))
    tab.see("操作记录（3）")
    tab.see("第 2 轮")
    tab.see("2 个 2：2 分")
    tab.see("第 4 行第 4、5 列：2 | 2")  # the past round says which two squares ("第 4 行" alone named four pairs)
    tab.see_role("button", "撤销：小莫在第 4 行第 4、5 列写下 2 | 2")  # and so do the log and the undo button
    tab.shot("splitter_phone_after_write")

    tab.tap("现在结束本局")
    tab.see("游戏结束")
    tab.see("获胜者：小林")
    for row in ("1. 小林（34）", "2. 小莫（2）"):  # the scoreboard's rows rank the sheets
        tab.see_role("button", row)
    tab.see("小林的计分表")
    tab.shot("splitter_phone_end")
    scroll_down(tab)
    tab.shot("splitter_phone_end_sheets")
    assert exported_totals(tab, "splitter_export") == TOTALS
