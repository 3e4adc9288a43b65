"""Kingdomino in a real browser at phone size: the two ways in (domino by domino, a finished kingdom) on one row
in both languages, the picker's dominoes read with their halves joined in words ("19 号骨牌：麦田（1 顶皇冠）和森林"),
one kingdom entered domino by domino (each square read by its name, "第 5 行，第 4 列：空", then "已标出" where it
is marked; a first half where no placement starts refused at once with the engine's message; the first two
dominoes tapped, then the same kingdom stored with eleven played through the engine, a domino with no place there
picked (its discard above the board, no square to tap) and put back, and its last domino tapped), the table ends
the game, the scores on the end screen, then the exported record through `python -m scoring score` gives the same
totals. Screenshots go to tests/output/."""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
from math import ceil

from playwright.sync_api import expect

from scoring.core import engine
from scoring.record import new_record
from storage import Store
from tests.browser.conftest import LAPTOP, OUTPUT, PHONE, ROOT, WAIT_MS, Tab, shown_as
from tests.browser.fit import BODY, LINE, SLACK, text_boxes, widths
from tests.browser.test_card_games import TWICE_PX, root_font
from views.words import readable, say

PLAYERS = ["国王甲", "国王乙"]
# Twelve dominoes filling a 5×5 kingdom centred on the castle (frame cells, first half first):
#   L  G2 F  F  L1
#   L1 F  L  F1 S
#   F  F  C  W  W1
#   L  M2 W  L1 W
#   L  L  W  W1 F        properties 17 + Harmony 5 + Middle Kingdom 10 = 32
MOVES = [(4, [[3, 3], [4, 3]]), (45, [[5, 3], [5, 4]]), (24, [[3, 5], [4, 5]]), (17, [[2, 4], [3, 4]]),
         (14, [[6, 4], [6, 3]]), (22, [[4, 6], [3, 6]]), (31, [[5, 5], [5, 6]]), (34, [[3, 2], [4, 2]]),
         (42, [[2, 2], [2, 3]]), (35, [[2, 6], [2, 5]]), (8, [[5, 2], [6, 2]]), (19, [[6, 5], [6, 6]])]
NOW = "2025-01-01T20:00:00+00:00"
TOTALS = {"国王甲": 17, "国王乙": 0}  # 17 = properties only: Harmony and Middle Kingdom are variants, off by default


def start_session(tab: Tab, game: str, players: list[str]) -> None:
    """The game's new-session screen, seat the players, start.

    The screen is opened by its address: after Playwright scrolls the home list to a game below the fold,
    Flutter's semantics elements stay offset from the painted screen and the next click can land on another
    control (seen: the Harmony switch). The home screen's "New session" button is tested in test_shell.
    """
    gid = {"王国骨牌": "kingdomino", "Splitter": "splitter"}[game]
    tab.open(f"/new/{gid}")
    tab.see(f"新对局：{game}")
    for i, name in enumerate(players):
        tab.fill("新玩家", name)
        tab.tap("添加")
        tab.see(f"{i + 1}. {name}")
    tab.tap("开始")


def cell(tab: Tab, row: int, col: int, marked: bool = True) -> None:
    """Tap an empty square of the kingdom's frame (0-based row and column), by its name, once its flt-semantics
    node reads it: a marked one (a legal square for the domino in hand) "已标出" after its name (its value), the
    others nothing more."""
    named = f"第 {row + 1} 行，第 {col + 1} 列：空"
    square = tab.page.get_by_role("button", name=re.compile(rf"^{named}"))
    expect(square).to_have_text(re.compile(rf"^{named}\s+已标出$" if marked else rf"^{named}$"), timeout=WAIT_MS)
    tab.press(square)


def domino(tab: Tab, number: int) -> None:
    """Pick a domino from the picker."""
    tab.press(tab.page.get_by_role("button", name=re.compile(rf"^{number} 号骨牌：")).first)
    tab.see("点选前半块的格子")


def scroll_down(tab: Tab, pixels: int = 1500) -> None:
    """Scroll the page under the pointer (Flutter scrolls inside its canvas, not the document)."""
    size = tab.page.viewport_size
    tab.page.mouse.move(size["width"] // 2, size["height"] // 2)
    tab.page.mouse.wheel(0, pixels)


def rows_of(tab: Tab, names: list[str]) -> int:
    """On how many rows the buttons with these names stand (asked once each has stopped moving)."""
    tab.quiet()
    return len({round(tab.steady(tab.button(name, exact=True).first).bounding_box()["y"]) for name in names})


def exported_totals(tab: Tab, name: str) -> dict:
    """Export the session with the app's button, run `python -m scoring score` on the file, return the totals."""
    with tab.page.expect_download() as download:
        tab.tap("导出为 JSON")
    path = OUTPUT / f"{name}.json"
    download.value.save_as(path)
    out = subprocess.run([sys.executable, "-m", "scoring", "score", str(path)], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    return {p["name"]: p["total"] for p in json.loads(out)["players"]}


def folded(tab: Tab, head: str, shown: bool) -> None:
    """Wait until the fold's head is read as a button that is expanded (shown) or collapsed: the app's fold,
    not a tile read with aria-current="false" and no open or shut state."""
    expect(tab.page.get_by_role("button", name=head, exact=True, expanded=shown)).to_be_attached(timeout=WAIT_MS)


def stored_all_but_last(server) -> str:
    """A session of PLAYERS stored with 国王甲's first eleven dominoes played through the engine; returns its id."""
    with Store(server.data) as store:
        sid = store.create(new_record("kingdomino", PLAYERS, now=NOW))
        for number, cells in MOVES[:-1]:
            store.play(sid, {"type": "place", "by": PLAYERS[0], "domino": number, "cells": cells}, NOW)
    return sid


def place(tab: Tab, count: int, in_hand: bool = False) -> None:
    """Pick the count-th domino of MOVES (1-based; in_hand: still held after a refusal), tap its two squares, wait
    until the log has count actions."""
    number, (first, second) = MOVES[count - 1]
    if not in_hand:
        domino(tab, number)
    cell(tab, *first)
    tab.see("再点选后半块的格子")
    if count == 2:
        tab.shot("kingdomino_phone_second_half")
    cell(tab, *second)
    tab.see(f"操作记录（{count}）")


def test_kingdom_domino_by_domino_with_one_refusal(phone, server):
    tab = phone.open("/")
    tab.language("zh-CN")
    tab.see("桌边记分")
    start_session(tab, "王国骨牌", PLAYERS)
    tab.see("国王甲接下来放哪块骨牌？")
    tab.shot("kingdomino_phone_picker")
    folded(tab, "移出盒外的骨牌（2 或 3 人局）", False)
    tab.tap("移出盒外的骨牌（2 或 3 人局）", exact=True)
    folded(tab, "移出盒外的骨牌（2 或 3 人局）", True)
    tab.see_button("记录为移出盒外")
    tab.tap("移出盒外的骨牌（2 或 3 人局）", exact=True)
    folded(tab, "移出盒外的骨牌（2 或 3 人局）", False)
    assert rows_of(tab, ["逐块放骨牌", "录入完成的王国"]) == 1
    tab.language("en")
    tab.see("Which domino does 国王甲 place next?")
    assert rows_of(tab, ["Domino by domino", "Finished kingdom"]) == 1  # "Paint a finished kingdom" wrapped
    tab.shot("kingdomino_phone_modes_en")
    tab.see_button("Domino 19: Wheat with 1 crown and Forest")  # halves joined in words, not by a bar
    tab.language("zh-CN")
    tab.see("国王甲接下来放哪块骨牌？")
    tab.see_button("19 号骨牌：麦田（1 顶皇冠）和森林")
    expect(tab.page.get_by_role("button", name=re.compile(r"号骨牌：.*\|"))).to_have_count(0)

    domino(tab, 4)
    cell(tab, 0, 0, marked=False)  # no placement starts there: refused at once, the first half still asked for
    tab.see("4 号骨牌至少要有一边挨着城堡或相同的地形。")
    tab.see("点选前半块的格子")
    tab.shot("kingdomino_phone_refused")

    place(tab, 1, in_hand=True)
    place(tab, 2)

    tab.open(f"/play/{stored_all_but_last(server)}")  # dominoes 3 to 11 as the engine takes them, not tapped again
    tab.see("操作记录（11）")
    tab.press(tab.page.get_by_role("button", name=re.compile(r"^3 号骨牌：")).first)  # no place beside the last gap
    tab.see("3 号骨牌在这里无处可放：请弃掉它。")
    discard = tab.steady(tab.button("弃掉 3 号骨牌", exact=True))
    first_square = tab.steady(tab.page.get_by_role("button", name=re.compile(r"^第 1 行，第 1 列：")))
    assert discard.bounding_box()["y"] < first_square.bounding_box()["y"]  # the step above the board, not under it
    expect(tab.page.get_by_text(re.compile("^点选前半块的格子"))).to_have_count(0)
    tab.tap("换一块骨牌")
    place(tab, len(MOVES))
    tab.see("国王甲的王国本局已完成。")
    tab.see("得分对比")
    tab.see("国王乙：得分 0，最大领地 0，皇冠 0")  # a row of the comparison, read as one line, its numbers named
    tab.shot("kingdomino_phone_kingdom", full_page=True)

    tab.tap("国王乙", exact=True)
    tab.tap("录入完成的王国")
    tab.see("录入国王乙纸面上的王国")
    tab.see("正在涂：麦田")
    tab.shot("kingdomino_phone_paint")

    tab.tap("现在结束本局")
    tab.see("游戏结束")
    tab.see("获胜者：国王甲")
    for row in ("1. 国王甲（17）", "2. 国王乙（0）"):  # the scoreboard's rows rank the kingdoms
        tab.see_role("button", row)
    tab.see("国王甲的王国")
    tab.see("湖泊：2 格 × 1 顶皇冠 = 2")
    tab.shot("kingdomino_phone_end")
    scroll_down(tab)
    tab.shot("kingdomino_phone_end_kingdoms")

    tab.resize(LAPTOP)
    tab.to_top()
    tab.see("获胜者：国王甲")
    tab.shot("kingdomino_laptop_end", full_page=True)
    tab.resize(PHONE)

    assert exported_totals(tab, "kingdomino_export") == TOTALS


def test_the_score_comparison_reads_whole_on_a_phone_at_twice_the_text(phone, server):
    """Play-test at 2x text (390x844, English, end screen): the comparison's four columns could not fit and its
    headings broke inside words, "Larges/t prope/rty", "Crown/s". On a phone each player is now one block that
    wraps between "Points 30 · Largest property 7 · Crowns 11" (so it is more than a line high), read once as one
    line; on a laptop it is the table again, a row one line high."""
    actions = [{"type": "layout", "by": "Ann", "layout": "C W W W1 L"},
               {"type": "layout", "by": "Bob", "layout": "C W W"}]
    with Store(server.data) as store:
        sid = store.create(new_record("kingdomino", ["Ann", "Bob"], now=NOW) | {"actions": actions})
    tab = phone  # its root font set on the running page, which Flutter follows (a tab of its own was a load)
    root_font(tab, TWICE_PX)
    try:
        tab.open(f"/play/{sid}")
        tab.language("en")
        tab.see("Game over")
        heights = {}
        for size in (PHONE, LAPTOP):
            tab.resize(size)
            said = shown_as("Ann: Points 3, Largest property 3, Crowns 1")
            ann = tab.page.get_by_text(said).or_(tab.page.get_by_label(said))
            expect(ann).to_have_count(1, timeout=WAIT_MS)  # the layout not shown is not read
            tab.into_view(ann)
            heights[size["width"]] = tab.steady(ann).bounding_box()["height"]
            tab.shot(f"kingdomino_compare_twice_the_text_{size['width']}")
        assert heights[PHONE["width"]] > 1.5 * heights[LAPTOP["width"]], heights  # lines, where a row is one (41 px)
    finally:
        root_font(tab, None)


# Which rows of a box of a screenshot hold a property's points badge: its patch (black at 87% over any tile, the
# darkest paint on a kingdom: relative luminance under BADGE_DARK) in three pixels or more of the row.
BADGE_ROWS = """async ([png, x0, y0, w, h, dark]) => {
  const picture = await createImageBitmap(await (await fetch('data:image/png;base64,' + png)).blob());
  const paint = new OffscreenCanvas(picture.width, picture.height).getContext('2d');
  paint.drawImage(picture, 0, 0);
  const px = paint.getImageData(x0, y0, w, h).data;
  const linear = v => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const light = i => 0.2126 * linear(px[i]) + 0.7152 * linear(px[i + 1]) + 0.0722 * linear(px[i + 2]);
  let rows = 0;
  for (let y = 0; y < h; y++) {
    let n = 0;
    for (let x = 0; x < w; x++) n += light((y * w + x) * 4) < dark;
    rows += n >= 3;
  }
  return rows;
}"""
BADGE_DARK = 0.01


def test_a_points_badge_keeps_to_its_squares_top_at_twice_the_text(phone, server):
    """Play-test at 2x text (390x844, a kingdom being built): Dee's mine, 2 squares with 5 crowns, showed its "+10"
    badge as a Text that grew with the phone's text, wrapped to "+1" over "0", its patch down over the square's
    crowns. The badge is drawn at its own size now: its patch keeps to the top half of the square."""
    with Store(server.data) as store:
        sid = store.create(new_record("kingdomino", ["Dee", "Bob"], now=NOW))
        for number, cells in ((48, [[3, 4], [2, 4]]), (46, [[1, 5], [2, 5]])):
            store.play(sid, {"type": "place", "by": "Dee", "domino": number, "cells": cells}, NOW)
    tab = phone.open("/")  # loaded (when this test runs alone): a page not yet loaded drops the root font set on it
    root_font(tab, TWICE_PX)
    try:
        tab.open(f"/play/{sid}")
        tab.language("en")
        mine = tab.page.get_by_role("button", name=re.compile(r"^Row 3, column 5: Mine with 3 crowns")).first
        tab.into_view(mine)
        box = {k: round(v) for k, v in tab.steady(mine).bounding_box().items()}
        png = base64.b64encode(tab.settle()).decode("ascii")
        rows = tab.page.evaluate(BADGE_ROWS, [png, box["x"], box["y"], box["width"], box["height"], BADGE_DARK])
        tab.shot("kingdomino_badge_twice_the_text")
    finally:
        root_font(tab, None)
    assert 0 < rows < box["height"] / 2, (rows, box)


def test_the_chosen_variants_stay_on_the_game_screen_of_a_tablet(phone, server):
    """Two friends on a 1024×768 tablet choose Mighty Duel on the new-session screen: the game screen, where the
    kingdoms are built, still says which variant is played (it said so nowhere once the game had started)."""
    tab = phone.open("/new/kingdomino")
    tab.see("新对局：王国骨牌")
    tab.resize({"width": 1024, "height": 768})
    for i, name in enumerate(PLAYERS):
        tab.fill("新玩家", name)
        tab.tap("添加")
        tab.see(f"{i + 1}. {name}")
    duel = tab.page.get_by_role("switch", name=re.compile("^强大的决斗"))
    tab.press(duel)
    expect(duel).to_be_checked(timeout=WAIT_MS)
    tab.tap("开始")
    tab.see("国王甲接下来放哪块骨牌？")
    tab.see("强大的决斗：7×7 王国，2 人，使用全部 48 张骨牌")
    tab.gone("和谐：王国填满且没有弃牌，+5 分")
    tab.shot("kingdomino_tablet_variant_shown")


def test_two_games_say_the_options_their_table_chose_whole_on_a_phone(phone, server):
    """A Mighty Duel with Harmony and a Flip 7 game whose tie at the top shares the win: each game screen on a
    390×844 phone says its options under "Options", as the new-session screen words them, in both languages,
    whole (every line's words in the box the line stands in) and in sight when the screen opens, under the next
    step (tests/output/options_phone_<game>_<lang>.png)."""
    games = {"kingdomino": (["Ann", "Bob"], {"mighty_duel": True, "harmony": True}),
             "flip7": (["Ann", "Bob", "Cy"], {"on_tie": "share"})}
    with Store(server.data) as store:
        ids = {game: store.create(new_record(game, seats, options=options, now=NOW))
               for game, (seats, options) in games.items()}
    tab = phone
    for game, sid in ids.items():
        tab.open(f"/play/{sid}")
        for lang in ("zh-CN", "en"):
            tab.language(lang)
            eng = engine(game)
            lines = [say(lang, "app.options"), *(readable(lang, m) for m in
                                                  eng.chosen_options(eng.game.resolve_options(games[game][1])))]
            tab.see("\n".join(lines))
            tab.settle()
            tab.shot(f"options_phone_{game}_{lang[:2]}")
            box = next(b for b in text_boxes(tab, lines[1]) if b["text"].replace("\u2060", "") == "\n".join(lines))
            needs = widths(tab, lines)
            rows = sum(ceil((need - SLACK) / box["width"]) for need in needs.values())
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (lang, box)
            assert box["height"] + SLACK >= rows * BODY[0] * LINE, (lang, box, needs)  # no line cut
            assert box["y"] + box["height"] <= PHONE["height"], (lang, box)  # in sight as the screen opens
