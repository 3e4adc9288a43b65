"""The app shell in a real browser: a whole score-pad session (start, play, undo, reload, server restart, finish,
winner and chart; a second tab's tap on a button the finish took away is answered), switching language, importing a
broken file; screenshots at phone and laptop size and the two timings (start-up to first painted home, tap to updated
screen) written to tests/output/; every game's options on a phone and the new-session form on a laptop shown whole
(`tests.browser.fit`). Tests share the module's phone (widened for the laptop's import and form, its root font
set on the running page for larger text) unless theirs is a fresh browser (start-up, each phone's own language), a
second tab or a droppable network (the evicted quick kingdom); the tests whose subject is motion under a tap (quick
taps, chips that must not move) share the module's one full-motion phone."""

from __future__ import annotations

import json
import re
import tempfile
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoring.core import BOOL, CHOICE, engine, games
from scoring.record import new_record, play, replay
from tests.browser.conftest import (FULL_MOTION, LAPTOP, NETWORK, OUTPUT, PHONE, READ_ALL, TABS, WAIT_MS, Tab,
                                     new_tab, start_server, stop_server)
from tests.browser.fit import (BODY_16, CHROME, FIELD, LINE, SLACK, field_box, one_line, text_boxes, whole, width,
                               widths)
from tests.helpers import I18N
from views import home
from views.app import title_size
from views.games import view_of
from views.new_session import offered, raw_value
from views.ui import cut_at_2x
from views.words import say

FONT_URL = "/fonts/DroidSansFallbackFull.ttf"
FONT_FETCHED = """url => performance.getEntriesByType('resource')
    .filter(e => new URL(e.name).pathname === url && e.name.startsWith(location.origin)).map(e => e.responseStatus)"""
IN_SIGHT = "([el]) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
OPTION_GAMES = [g for g in games() if g.options and (I18N / "en" / f"{g.id}.json").exists()]
def record_timing(name: str, seconds: float) -> None:
    """Print a measured figure and append it to tests/output/timings.txt (a figure, not an assertion)."""
    line = f"{name}: {seconds:.2f} s"
    print(line)
    with open(OUTPUT / "timings.txt", "a", encoding="utf-8") as out:
        out.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {line}\n")


def enter_round(tab: Tab, scores: dict[str, int]) -> None:
    """Type every player's points and tap "add round"."""
    tab.fill_all({name: str(points) for name, points in scores.items()})
    tab.tap("记入本轮")


def session_files(data: Path) -> list[str]:
    """The session files in a data folder."""
    return sorted(p.name for p in (data / "sessions").glob("*.json")) if (data / "sessions").exists() else []


@pytest.fixture(scope="module")
def module_moving_phone(browser, server):
    """The module's full-motion phone (390×844), one load for the tests whose subject is motion under a tap."""
    tab = new_tab(browser, server, PHONE, motion=FULL_MOTION)
    yield tab
    tab.page.context.close()


@pytest.fixture
def moving_phone(module_moving_phone):
    """The module's full-motion phone, its last frames and events forgotten (as `phone` is handed over)."""
    tab = module_moving_phone
    tab.frames.clear()
    tab.events.clear()
    TABS.append(tab)
    return tab


@pytest.fixture
def own_server():
    """A server of this test's own (it is restarted during the test), with a fresh data folder."""
    with tempfile.TemporaryDirectory(prefix="tableside-restart-") as data:
        running = start_server(Path(data))
        holder = {"server": running}
        yield holder
        stop_server(holder["server"])


def test_score_pad_session_end_to_end(browser, own_server):
    """Start a session, take actions, undo one, reload and restart to the same state, finish, winner, chart."""
    server = own_server["server"]
    tab = new_tab(browser, server, PHONE)
    tab.open("/")
    tab.see("桌边记分")
    tab.see_button("导入对局文件")
    tab.settle()
    record_timing("start-up (python main.py) to first painted home screen", time.monotonic() - server.started)
    tab.shot("phone_home_zh")
    assert tab.short_taps() == []  # a game's "new session", import, statistics, the app bar's: 40 px before

    tab.press(tab.page.get_by_role("group", name="通用计分板").get_by_role("button", name="新对局"))
    tab.see("新对局：通用计分板")
    tab.see("至少需要 1 位玩家入座（现在 0 位）。")
    assert tab.button("开始").first.is_disabled()
    tab.fill("新玩家", "张三")
    tab.tap("添加")
    tab.see("1. 张三")
    tab.fill("新玩家", "Bob")
    tab.tap("添加")
    tab.see("2. Bob")
    tab.fill("新玩家", "Bob")
    tab.tap("添加")
    tab.see("“Bob” 已经入座了。")
    tab.tap("把 Bob 往前移")
    tab.see("1. Bob")
    tab.shot("phone_new_session")
    assert tab.short_taps() == []  # the roster's chips 38 px, "add", "start", "back" 40
    tab.tap("开始")
    tab.see("第 1 轮得分")

    enter_round(tab, {"张三": 5, "Bob": 3})
    tab.see("操作记录（1）")
    tab.fill_all({"张三": "2", "Bob": "7"})
    tapped = time.monotonic()
    tab.tap("记入本轮")
    tab.see("操作记录（2）")
    record_timing("tap (add round) to updated screen", time.monotonic() - tapped)
    tab.see("第 3 轮")
    tab.tap("第 1 轮", exact=True)  # under the totals row, moved down a row, a tap by role hit "总分"
    tab.see("更正第 1 轮：改好后保存")
    tab.tap("取消，回到新一轮")
    tab.see_button("撤销：第 2 轮得分：Bob 7，张三 2")
    tab.tap("撤销：第 2 轮得分")
    tab.see("操作记录（1）")
    tab.see("第 2 轮")
    tab.see_button("重做：第 2 轮得分")
    tab.shot("phone_play_after_undo")
    assert tab.short_taps() == []  # "add round", undo, redo, "finish game", a round's button: 40 px

    tab.reload()
    tab.see("操作记录（1）")
    tab.see("第 2 轮 · 逐轮计分")
    tab.see("#1")

    stop_server(server)
    server = own_server["server"] = start_server(server.data, port=server.port)
    tab.reload()
    tab.see("操作记录（1）")
    tab.see("第 2 轮 · 逐轮计分")

    tab.fill("张三", "4")
    tab.tap("EN", exact=True)
    tab.see("Points for round 2")
    tab.see_button("Undo: Round 1 scores: Bob 3, 张三 5")
    tab.shot("phone_play_en")
    tab.tap("中文", exact=True)
    tab.see("第 2 轮得分")
    enter_round(tab, {"Bob": 1})
    tab.see("操作记录（2）")
    tab.see("第 2 轮得分：Bob 1，张三 4")
    wide = new_tab(browser, server, LAPTOP)
    wide.open(tab.page.url.removeprefix(server.url))
    wide.see_button("记入本轮")  # the next round: not round 2's entries just recorded on the phone, as "entered elsewhere"
    wide.see_button("结束游戏")
    wide.hold()
    tab.tap("结束游戏")
    tab.see("游戏结束")
    tab.see("获胜者：张三")
    tab.see("逐轮得分走势")
    tab.shot("phone_end", full_page=True)

    wide.tap("结束游戏")  # still on the laptop's screen (the finish has not reached it); gone from the server's
    wide.held_until("这次点击没有生效")
    wide.release()
    wide.see("你点击时画面已经变了，这次点击没有生效")
    wide.see("获胜者：张三")
    wide.see("逐轮得分走势")
    wide.shot("laptop_end", full_page=True)
    wide.page.context.close()
    tab.open("/")
    to_history(tab)
    tab.see("张三 9 · Bob 4")  # the history row reads the final totals, best first: no need to open the session
    tab.page.context.close()


def test_switch_language_and_chinese_font(phone):
    """The language switch turns every visible string English and back; the CJK font is served locally (the
    module's phone fetched it from the app's server when it loaded: the page's resource timings say so)."""
    tab = phone.open("/")
    fetched = tab.page.evaluate(FONT_FETCHED, FONT_URL)  # once or more, each time from the app's server
    assert fetched and set(fetched) == {200}, fetched
    tab.see("桌边记分")
    tab.see("游戏")
    tab.tap("EN", exact=True)
    tab.see("Tableside")
    tab.see("Games")
    tab.see("Import a session file")
    tab.shot("phone_home_en")
    tab.tap("Settings", exact=True)
    tab.see("Language")
    tab.see("Play sounds")  # the sound switch under a heading of its own
    tab.tap("简体中文", role="radio")
    tab.see("语言")
    tab.see("播放声音")
    tab.see_role("radio", "深色")
    tab.shot("phone_settings_zh")
    assert tab.short_taps() == []  # the switches 40 px, the language's radio buttons 40 (not measured before)


def test_import_broken_file_changes_nothing_then_a_good_one_opens(phone, server):
    """A broken session file is refused with a clear message in the player's language (where the parser stopped,
    not its English) once the importing notice is gone, and nothing changes; a good one opens, and says so. On a
    laptop: the module's phone widened (no new load)."""
    tab = phone
    tab.resize(LAPTOP)
    tab.see_button("导入对局文件")
    before = session_files(server.data)
    with tab.page.expect_file_chooser() as chooser:
        tab.tap("导入对局文件")
    chooser.value.set_files(files=[{"name": "broken.json", "mimeType": "application/json",
                                    "buffer": b'{"game": "score_pad", "players": ["A"], "actions": [oops]}'}])
    tab.see("无法导入 broken.json")
    tab.see("这个文件已损坏，或不是桌边记分的备份或对局文件（读到第 1 行第 53 列时停止）。")
    tab.shot("laptop_import_error")
    shown = tab.page.evaluate(READ_ALL)  # the settled screen with the dialog (the notice used to last 6 s more)
    assert "正在导入 broken.json" not in shown and "Expecting value" not in shown
    tab.tap("好", exact=True)
    tab.gone("无法导入 broken.json")
    assert session_files(server.data) == before

    good = json.dumps(play({**new_record("score_pad", ["甲", "乙"], now="2025-01-01T20:00:00+00:00")},
                           replay(new_record("score_pad", ["甲", "乙"])),
                           {"type": "round", "by": "table", "scores": {"甲": 2, "乙": 9}})[0], ensure_ascii=False)
    with tab.page.expect_file_chooser() as chooser:
        tab.tap("导入对局文件")
    chooser.value.set_files(files=[{"name": "good.json", "mimeType": "application/json",
                                    "buffer": good.encode("utf-8")}])
    tab.see("已导入 good.json。")
    tab.see("第 2 轮 · 逐轮计分")
    tab.see("第 1 轮得分：甲 2，乙 9")
    assert len(session_files(server.data)) == len(before) + 1


TAPS = """async ([buttons, each, gap]) => {
    for (let i = 0; i < each; i++) {
        for (const b of buttons) {
            b.click();
            await new Promise(r => setTimeout(r, gap));
        }
    }
    return 'done';
}"""


def test_two_hundred_quick_taps_on_counters_are_all_counted(moving_phone, server):
    """200 taps, one every 80 ms, on four counter buttons (50 each) while the screen re-renders after every
    tap: each tap counts, and the same buttons stay under the finger (no control replaced under a tap). On the
    module's full-motion phone (`test_choosing_never_moves_a_button` uses it too: one load for both)."""
    from storage import Store
    from views import words
    store = Store(server.data)
    sid = store.create(new_record("cubosaurs", ["A", "B"], now="2025-01-01T20:00:00+00:00"))
    state = replay(store.load(sid))
    store.close()
    from views.games.cubosaurs import egg_name, type_name

    def say(key: str, **params) -> str:
        """A text in Chinese, the tab's language."""
        return words.say("zh-CN", key, **params)

    counted = [*(type_name(say, dino) for dino in list(state["rows"])[:3]), egg_name(say, list(state["egg_rows"])[0])]
    names = [words.say("zh-CN", "cards.view.more", what=what) for what in counted]
    tab = moving_phone.open(f"/play/{sid}")
    tab.language("zh-CN")
    for name in names:
        tab.see_button(name)
    tab.quiet()
    handles = [tab.button(name, exact=True).first.element_handle() for name in names]
    assert tab.page.evaluate(TAPS, [handles, 50, 80]) == "done"
    for what in counted:
        label = words.say("zh-CN", "cards.view.count", what=what, value=50)
        expect(tab.page.locator(f'flt-semantics[aria-label="{label}"]').or_(tab.page.get_by_text(label, exact=True))
               .first).to_be_attached()
    tab.shot("phone_counters_after_200_taps")


def boxes(tab: Tab, role: str, names: list[str]) -> dict[str, dict]:
    """Where each control of a role and exact name is on screen, once the screen has stopped changing."""
    tab.settle()
    return {name: tab.page.get_by_role(role, name=name, exact=True).first.bounding_box() for name in names}


def test_choosing_never_moves_a_button(moving_phone, server):
    """Choosing a player chip on the new-session screen, or a terrain, the crowns or the eraser on the Kingdomino
    quick scorer's palette, marks the choice without moving or resizing any chip or button of the row (a check
    mark slid in beside the chosen one's label made it wider and pushed its neighbours along). On the module's
    server (its roster then holds Ann, Bo and Cy for the tests after it) and full-motion phone: a server and a tab
    of its own were a server's start and a load."""
    from storage import Store
    with Store(server.data) as store:
        for name in ("Ann", "Bo", "Cy"):
            store.add_player(name)
    tab = moving_phone.open("/new/score_pad")
    tab.language("en")
    chips = ["Ann", "Bo", "Cy"]
    for name in chips:
        tab.see_role("checkbox", name)
    start = boxes(tab, "checkbox", chips)
    tab.tap("Bo", exact=True, role="checkbox")
    tab.see("1. Bo")
    expect(tab.page.get_by_role("checkbox", name="Bo", exact=True)).to_be_checked()
    assert boxes(tab, "checkbox", chips) == start
    tab.tap("Cy", exact=True, role="checkbox")
    tab.see("2. Cy")
    assert boxes(tab, "checkbox", chips) == start
    tab.shot("phone_choices_roster")

    tab.open("/quick/kingdomino")
    tab.see("Painting: Wheat")
    palette = ["Wheat", "Grass", "Forest", "Lake", "Swamp", "Mine", "Castle", "Erase", "0", "1", "2", "3"]
    start = boxes(tab, "button", palette)
    tab.tap("Forest", exact=True)
    tab.see("Painting: Forest")
    assert boxes(tab, "button", palette) == start
    tab.tap("2", exact=True)
    tab.see("Painting: Forest with 2 crowns")
    assert boxes(tab, "button", palette) == start
    tab.tap("Erase", exact=True)
    tab.see("Erasing")
    assert boxes(tab, "button", palette) == start
    tab.shot("phone_choices_palette")


KEPT_TWO = """key => Object.keys(localStorage).some(k => {
    if (!k.endsWith(key)) return false;
    let kept = JSON.parse(localStorage[k]);
    if (typeof kept === "string") kept = JSON.parse(kept);
    return Boolean(kept.grid && kept.grid[0][0] && kept.grid[0][1]);
})"""  # the phone's storage holds both squares of row 1 painted


def test_a_quick_kingdom_comes_back_after_the_phone_was_away_longer_than_its_session(browser, server):
    """Two squares of forest with two crowns each are painted on the Kingdomino quick scorer, then the phone is away
    longer than the server keeps its session (`main.SESSION_TIMEOUT`, then Flet's eviction): it comes back in a new
    session with nothing of the old one, and the kingdom painted is still on the board with its score (it lived in
    the tab's session scratch only: the board came back empty). Away that long is simulated without waiting: while
    the network is down the tab's Flet session id is one the server does not know, as it is once evicted. The phone
    goes once the last tap is in its storage: the server writes it there one round trip after the tap (a phone
    gone within that comes back one tap short, as the join screen's PIN; the test lost the second square once in
    eight runs)."""
    tab = new_tab(browser, server, PHONE)
    tab.page.add_init_script(NETWORK)
    forest = [tab.page.get_by_role("button", name=re.compile(rf"^Row 1, column {c}: Forest")) for c in (1, 2)]
    try:
        tab.open("/quick/kingdomino")
        tab.language("en")
        tab.tap("Forest", exact=True)
        tab.tap("2", exact=True)
        tab.see("Painting: Forest with 2 crowns")
        for c, painted in enumerate(forest, start=1):
            tab.press(tab.page.get_by_role("button", name=f"Row 1, column {c}: Empty", exact=True))
            expect(painted).to_be_attached(timeout=WAIT_MS)
        tab.see("Score: 8")
        tab.page.wait_for_function(KEPT_TWO, arg="tableside.scratch.quick:kingdomino")  # the last tap's write landed
        heard = tab.sockets()
        tab.page.evaluate("window.__blocked = true; window.__ws.forEach(socket => socket.close())")
        tab.page.evaluate("sessionStorage.setItem('_flet_session_id', 'evicted')")
        tab.page.evaluate("window.__blocked = false")
        tab.reconnected(heard)
        tab.see("Score: 8")
        for painted in forest:
            expect(painted).to_be_attached(timeout=WAIT_MS)
    finally:
        tab.page.context.close()


def test_round_buttons_stay_on_one_line_in_chinese(phone, server):
    """On a phone, the rounds table's round buttons are as tall in Chinese as in English: one line each ("第 7 轮"
    broke after "第 7" in a column sized too narrow for it, which made every row two lines tall). Each is measured
    wholly on screen: one cut by the screen's edge reads shorter."""
    from storage import Store
    with Store(server.data) as store:
        sid = store.create(new_record("score_pad", ["A", "B"], now="2025-01-01T20:00:00+00:00"))
        for number in range(1, 13):
            store.play(sid, {"type": "round", "by": "table", "scores": {"A": number, "B": 1}},
                       "2025-01-01T20:00:00+00:00")
    tab = phone
    tab.open(f"/play/{sid}")
    tab.language("zh-CN")
    names = {"zh-CN": ["第 7 轮", "第 12 轮"], "en": ["Round 7", "Round 12"]}
    heights = {}
    for lang in ("zh-CN", "en"):
        tab.language(lang)
        heights[lang] = []
        for name in names[lang]:
            tab.see_button(name)
            button = tab.button(name, exact=True).first
            tab.into_view(button)
            heights[lang].append(tab.steady(button).bounding_box()["height"])
    assert heights["zh-CN"] == heights["en"]


INK_LINED_UP = 2  # px: two texts' ink starts this close where they share a left edge (glyphs' own side bearings)


def ink_left(tab: Tab, png: bytes, locator) -> float:
    """Where the first ink of a control on screen is, in the page's x (its box's first column that holds ink)."""
    from tests.browser.test_pictomania import ink
    box = tab.steady(locator).bounding_box()
    return box["x"] + ink(tab, png, box)[0].index(1)


def test_the_scoreboard_lines_up_with_the_text_above_and_below_it(phone, server):
    """On a phone, the scoreboard's heading, its rows and the action log's heading below start where the screen's
    other text does ("Tap a round to correct it." above them): the rows' names and both headings started 16 px
    further in (ink at 24-25 px, the text above at 8), a fold's default padding."""
    from storage import Store
    with Store(server.data) as store:
        sid = store.create(new_record("score_pad", ["Ann", "Bo"], now="2025-01-01T20:00:00+00:00"))
        store.play(sid, {"type": "round", "by": "table", "scores": {"Ann": 5, "Bo": 3}}, "2025-01-01T20:00:00+00:00")
    tab = phone
    tab.open(f"/play/{sid}")
    tab.language("en")
    above = tab.page.get_by_text("Tap a round to correct it.", exact=True)
    rest = [tab.page.get_by_text("Scoreboard", exact=True), tab.button("1. Ann (5)", exact=True),
            tab.button("2. Bo (3)", exact=True), tab.button("Action log (1)", exact=True)]
    tab.into_view(rest[-1])
    png = tab.settle()
    edge = ink_left(tab, png, above)
    lefts = [ink_left(tab, png, control) for control in rest]
    assert all(abs(left - edge) <= INK_LINED_UP for left in lefts), (edge, lefts)


LARGER = 24  # px: the page's root font for text 1.5× larger


def root_font(tab: Tab, px: int | None) -> None:
    """Set the running page's root font size, which Flutter follows as the phone's text size; None: the browser's."""
    tab.page.evaluate("px => { document.documentElement.style.fontSize = px ? px + 'px' : ''; }", px)


LABEL = (16, 400, 0.25)  # a label above a field (`views.ui.label_text`: size 16, bodyMedium's spacing)


def test_a_long_name_is_whole_over_its_round_field_with_text_twice_as_large(phone, server):
    """With the phone's text at 2x the round form's 150 px fields held their player's name as the field's label,
    cut: "Maxi…" for "Maximilian" and "欧阳…" for 欧阳娜娜 (at 1.5× it broke inside the word, "Maximilia" / "n",
    before it was cut). The name is now a label above its field (`views.ui.label_above`), the field named by it,
    and the name's cell as wide as the name: each name whole on one line, on screen, in both languages
    (tests/output/score_pad_phone_names_at_2x_<lang>.png)."""
    from storage import Store
    names = ["Maximilian", "欧阳娜娜", "Ann"]
    with Store(server.data) as store:
        sid = store.create(new_record("score_pad", names, now="2025-01-01T20:00:00+00:00"))
    tab = phone
    tab.open(f"/play/{sid}")
    root_font(tab, 16 * TWICE)
    try:
        for lang in ("en", "zh-CN"):
            tab.language(lang)
            tab.see(say(lang, "app.score_pad.enter", round=1))
            tab.settle()
            tab.into_view(tab.field(names[-1]))
            tab.shot(f"score_pad_phone_names_at_2x_{lang[:2]}")
            needs = widths(tab, names, twice(LABEL))
            for name in names:
                box = field_box(tab, name)
                assert box and one_line(box, needs[name]), (lang, name, needs[name], box)
                assert box["x"] + box["width"] <= PHONE["width"], (lang, name, box)
    finally:
        root_font(tab, None)


def received_by(tab: Tab) -> list[bytes]:
    """Every websocket frame the tab receives from now on (a reload's too)."""
    frames: list[bytes] = []
    tab.page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(
        f if isinstance(f, bytes) else f.encode())))
    return frames


def test_each_phone_keeps_its_own_language(browser, server, phone):
    """A phone opens in its browser's language until it chooses one: an English browser in English (a Chinese one
    in Chinese: `test_score_pad_session_end_to_end`'s new tab). One phone switching leaves the other as it was; a
    reload keeps each phone's choice, also against its browser's language. A phone is never sent the home screen in
    the other language first (it was, and flashed it, while the app read the phone's settings): the page hands them
    over as it connects. The other phone is the module's (a Chinese browser, on its home screen in Chinese): a new
    tab for it was a load."""
    first, second = new_tab(browser, server, PHONE, locale="en-GB"), phone
    to_first, to_second = received_by(first), received_by(second)
    first.open("/")
    first.see("Import a session file")
    second.see("导入对局文件")
    assert not any("导入对局文件".encode() in frame for frame in to_first)
    first.tap("中文", exact=True)
    first.see("导入对局文件")
    second.tap("EN", exact=True)
    second.see("Import a session file")
    first.see("导入对局文件")
    del to_first[:], to_second[:]
    second.reload()
    second.see("Import a session file")
    first.reload()
    first.see("导入对局文件")
    assert not any("导入对局文件".encode() in frame for frame in to_second)
    assert not any(b"Import a session file" in frame for frame in to_first)
    first.page.context.close()


def test_shell_screens_in_both_languages(phone):
    """Screenshots of the shell's screens (home, new session, settings) at 390x844 and 1280x800 in both
    languages, for a person to check that no text is cut (tests/output/shell_<size>_<screen>_<lang>.png), on the
    module's phone (a new phone opening in its browser's language: `test_each_phone_keeps_its_own_language`)."""
    tab = phone
    for size, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        tab.resize(viewport)
        for lang, marker in (("zh-CN", "导入对局文件"), ("en", "Import a session file")):
            tab.open("/")
            if lang == "en":
                tab.language(lang)
            tab.see(marker)
            history = tab.page.get_by_role("button", name=say(lang, "app.history"), exact=True)
            expect(history).to_have_count(1)  # the button saying "History" in words (the bar's clock: "Jump to …")
            labelled = history.first.bounding_box()
            assert labelled["x"] >= 0 and labelled["x"] + labelled["width"] <= viewport["width"], (lang, labelled)
            tab.shot(f"shell_{size}_home_{lang[:2]}")
            if size == "phone" and lang == "zh-CN":
                to_history(tab)
            tab.open("/new/score_pad")
            tab.see_button("开始" if lang == "zh-CN" else "Start")
            tab.shot(f"shell_{size}_new_session_{lang[:2]}")
            tab.open("/settings")
            tab.see_role("radio", "深色" if lang == "zh-CN" else "Dark")
            tab.shot(f"shell_{size}_settings_{lang[:2]}")
        tab.language("zh-CN")


def test_home_reads_its_two_ways_to_history_by_different_names(phone):
    """Home has two ways to History, the top bar's clock and a button saying "History": a screen reader read two
    buttons "History" (历史记录), and a person could not tell them apart. The bar's clock is read as "Jump to
    History" (跳到历史记录) now, in both languages, and still goes there."""
    tab = phone.open("/")
    for lang in ("en", "zh-CN"):
        tab.language(lang)
        for key in ("app.history", "app.history_jump"):
            expect(tab.page.get_by_role("button", name=say(lang, key), exact=True)).to_have_count(1)
    to_history(tab, "跳到历史记录")


def to_history(tab: Tab, name: str = "历史记录") -> None:
    """History stood below the whole list of games: its button (named) brings its heading into sight."""
    tab.tap(name, exact=True)
    heading = tab.page.locator("span").filter(has_text=re.compile("^历史记录$")).first  # the heading, not the button
    heading.wait_for(state="attached")
    tab.wait_on(heading, IN_SIGHT)
    tab.to_top()


def own_editor(game, option, lang: str) -> bool:
    """Whether the game's view shows this option in an editor of its own (Cubosaurs' score rows as steppers)."""
    editor = getattr(view_of(game.id), "option_editor", None)
    return editor is not None and editor(lambda key, **params: say(lang, key, **params), option,
                                         raw_value(option, option.default), lambda new: None) is not None


def cut_options(tab: Tab, game, lang: str) -> list[tuple]:
    """The options on a game's new-session screen whose label or value is not shown whole: (game, option, the
    words, box width, width needed). Only the options the screen offers with every option at its default
    (`views.new_session.offered`: Rummy's penalty scoring is offered with basic Rummy, not the default 500)."""
    cut = []
    for option in offered(game, {o.name: raw_value(o, o.default) for o in game.options}):
        if own_editor(game, option, lang):
            continue
        label = say(lang, f"{game.id}.option.{option.name}")
        if option.kind == BOOL:
            switch = tab.page.get_by_role("switch", name=label, exact=True).first
            tab.into_view(switch)  # wholly above the start bar at the screen's foot, which covers what scrolls under it
            box = switch.bounding_box()
            need = width(tab, label, BODY_16)
            if not whole(box, need, CHROME["switch"], BODY_16[0]):
                cut.append((game.id, option.name, label, box["width"], need + CHROME["switch"]))
            continue
        if option.kind == CHOICE:
            box = tab.page.get_by_role("button", name=re.compile(f"^{re.escape(label)} ")).first.bounding_box()
            choices = [say(lang, f"{game.id}.option.{option.name}.{c}") for c in option.choices]
            cut += [(game.id, option.name, choice, box["width"], need + CHROME["dropdown"])
                    for choice, need in widths(tab, choices, FIELD).items()
                    if not one_line(box, need, CHROME["dropdown"])]
            continue
        box = field_box(tab, label)  # the field and its label above it, one node
        if box["width"] + SLACK < tab.page.viewport_size["width"] - 2 * box["x"]:
            cut.append((game.id, option.name, label, box["width"], "narrower than the form"))
    return cut


def test_every_games_options_show_their_labels_and_values_whole_on_a_phone(phone):
    """At 390 px each game's options on the new-session screen show their labels and values whole: a field as wide
    as the form, its label above it (a longer floating label took a second line over the field's border and its
    value; now the label wraps above the field, `views.ui.label_above`), each of a dropdown's choices on one line
    in the field (a dropdown as narrow as Flutter measured it cut its value: "Dealt at the table (enterec"), a
    switch's label whole, on as many lines as it needs (it was cut at the
    screen's edge). Each game's screen is checked in both languages, the one the tab is in first."""
    tab = phone
    cut = []
    langs = ["en", "zh-CN"]
    for game in OPTION_GAMES:
        tab.open(f"/new/{game.id}")
        for lang in langs:
            tab.language(lang)
            tab.see(say(lang, "app.new_session_of", game=game.names[lang]))
            tab.see_button(say(lang, "app.start"))
            tab.settle()
            cut += cut_options(tab, game, lang)
        langs.reverse()
    assert cut == []


TWICE = 2
TITLE = (20 * TWICE, 700, 0.25)  # the bar's title (a bold Text of size 20) with the phone's text at 2×


def title_style(title: str) -> tuple:
    """The bar's title's text style at 2× (`views.app.title_size`: a long title is set smaller)."""
    return (title_size(title) * TWICE, *TITLE[1:])


def test_a_long_title_is_shown_whole_with_text_twice_as_large(phone):
    """With the phone's text at 2× (the page's root font at 32 px, set on the running page: Flutter follows it)
    "New session: Kingdomino" needs about 468 px and the bar leaves its title about 214: a bar of two lines cut
    it after "New / session:", and, its lines freed, broke "Kingdomino" (217 px) inside the word. Now the bar grows
    with its title, each word whole on its line, in both languages, and its back button and actions stay there,
    on two lines at most: "New / session: / Kingdomino" took three, now set smaller it reads "New session: /
    Kingdomino" (`views.app.title_size`),
    named (tests/output/shell_phone_title_at_2x_<lang>.png). The "Add" button beside the new player's field is as
    tall as "Start" (the same icon and label): held in a 48 px box, its icon and label were cut in half."""
    tab = phone
    tab.open("/new/kingdomino")
    root_font(tab, 16 * TWICE)
    try:
        for lang in ("en", "zh-CN"):
            tab.language(lang)
            title = say(lang, "app.new_session_of", game=engine("kingdomino").game.names[lang])
            tab.see(title)
            tab.shot(f"shell_phone_title_at_2x_{lang[:2]}")
            box = next(b for b in text_boxes(tab, title) if b["text"].replace("\u2060", "") == title)
            style = title_style(title)
            assert whole(box, width(tab, title, style), 0, style[0]), (lang, box)
            words = re.findall(r"[^\s\u3000-\u9fff\uff00-\uffef]+", title)  # Chinese breaks between any characters
            assert all(one_line(box, need) for need in widths(tab, words, style).values()), (lang, box)
            assert box["height"] < 2.5 * style[0] * LINE, (lang, box)  # two lines at most, not three
            for name in (say(lang, "app.back"), say(lang, "app.settings")):
                expect(tab.button(name, exact=True).first).to_be_in_viewport()
            add, start = (tab.page.get_by_role("button", name=say(lang, key), exact=True).first.bounding_box()
                          for key in ("app.add_player", "app.start"))
            assert add["height"] + SLACK >= start["height"], (lang, add, start)  # "Add" was cut in half
    finally:
        root_font(tab, None)


CARD = """([label]) => {
  const card = Array.from(document.querySelectorAll('flt-semantics[role=group]'))
    .find(e => e.getAttribute('aria-label') === label);
  const box = e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; };
  return card && {card: box(card), action: box(card.querySelector('flt-semantics'))};
}"""
CARD_NAME = (18, 700, 0.25)  # a game card's name (a bold Text of size 18) at 1× text
CARD_LINE = (13, 400, 0.25)  # its line under it: the other name and the player range (a Text of size 13)


def game_cards(tab: Tab, lang: str, styles: tuple = (CARD_NAME, CARD_LINE)) -> list[tuple]:
    """Each game card on the home screen, scrolled into sight: its game, the room its words have (the card's
    width, less the button where it stands beside them), whether the button is at the card's right, and each
    piece of its name and line a line may not break (cut at plain spaces: a player range keeps its no-break
    spaces) with the width it needs in the name's and the line's text styles."""
    found = []
    for game in [g for g in home.ordered_games() if (I18N / "en" / f"{g.id}.json").exists()]:  # not the tests' Tally
        name, line = home.card_words(lang, game)
        card = tab.page.get_by_role("group", name=re.compile(f"^{re.escape(name)}\\s")).first
        tab.into_view(card)
        boxes = tab.page.evaluate(CARD, [f"{name}\n{line}"])
        assert boxes, (lang, name, line)  # the card reads its name and line whole
        inset = home.CARD_MARGIN + home.CARD_PAD
        card, action = boxes["card"], boxes["action"]
        left, right = card["x"] + inset, card["x"] + card["width"] - inset
        beside = action["x"] > left + SLACK
        room = (action["x"] - home.CARD_GAP if beside else right) - left
        at_right = abs(action["x"] + action["width"] - right) <= SLACK
        pieces = {**widths(tab, name.split(" "), styles[0]), **widths(tab, line.split(" "), styles[1])}
        found.append((game.id, room, at_right, pieces))
    return found


def test_each_games_name_and_line_keep_their_words_whole_with_text_twice_as_large(phone):
    """With the phone's text at 2× the home screen's game cards broke words: "Cubo / saurs", "Kingd / omino",
    "4 or 6 pl / ayers", the name and its line beside New session in a column narrower than one word. Now the
    button goes under the words where both do not fit on one row, and every word of each card has room, in both
    languages (tests/output/shell_phone_home_at_2x_<lang>.png); at 1× each button stays at its card's right,
    beside the words, so the twelve games stay about a phone's screen."""
    tab = phone
    tab.open("/")
    narrow, off_right = [], []
    try:
        for lang in ("en", "zh-CN"):
            tab.language(lang)
            tab.to_top()
            off_right += [(lang, game) for game, _, at_right, _ in game_cards(tab, lang) if not at_right]
        root_font(tab, 16 * TWICE)
        for lang in ("zh-CN", "en"):
            tab.language(lang)
            title = say(lang, "app.title")
            tab.page.wait_for_function(TALL, arg=[title, TWICE * title_size(title) * LINE - SLACK],
                                       timeout=WAIT_MS)  # the page's text at 2×
            tab.to_top()
            tab.shot(f"shell_phone_home_at_2x_{lang[:2]}")
            narrow += [(lang, game, piece, round(need), round(room))
                       for game, room, _, pieces in game_cards(tab, lang, (twice(CARD_NAME), twice(CARD_LINE)))
                       for piece, need in pieces.items() if not one_line({"width": room}, need)]
    finally:
        root_font(tab, None)
        tab.language("zh-CN")
    assert off_right == []
    assert narrow == [], "\n".join(map(str, narrow))


HELPER = (12, 400, 0.25)  # a helper text below a field (`views.ui.helper_text`: size 12, bodyMedium's spacing)
TALL = """([words, height]) => Array.from(document.querySelectorAll('flt-semantics'))
  .some(e => (e.getAttribute('aria-label') || e.textContent).replace(/\\u2060/g, '') === words
             && e.getBoundingClientRect().height >= height)"""


def twice(style: tuple) -> tuple:
    """A text style with the phone's text at 2× (the size doubled; Flutter keeps the letter spacing)."""
    return (style[0] * TWICE, *style[1:])


def cut_choices(tab: Tab, game, lang: str) -> list[tuple]:
    """The chosen options on a game's new-session screen (each at its default) not read whole with the phone's
    text at 2×: neither on one line in the dropdown nor whole in the words under it, as (game, option, words, the
    dropdown's width, the width needed); and the other choices the dropdown would cut that would not be written
    under it once chosen (`views.ui.cut_at_2x`). The dropdown is still one button named by the option and its
    choice."""
    cut = []
    for option in offered(game, {o.name: raw_value(o, o.default) for o in game.options}):
        if option.kind != CHOICE or own_editor(game, option, lang):
            continue
        label = say(lang, f"{game.id}.option.{option.name}")
        chosen = say(lang, f"{game.id}.option.{option.name}.{option.default}")
        button = tab.page.get_by_role("button", name=f"{label} {chosen}", exact=True).first
        tab.into_view(button)
        box = button.bounding_box()
        needs = widths(tab, [say(lang, f"{game.id}.option.{option.name}.{c}") for c in option.choices], twice(FIELD))
        cut += [(game.id, option.name, other, box["width"], "not written under it when chosen")
                for other, need in needs.items() if not one_line(box, need, CHROME["dropdown"])
                and not cut_at_2x(other, None)]
        need = needs[chosen]
        if one_line(box, need, CHROME["dropdown"]):
            continue
        under = [b for b in text_boxes(tab, chosen) if b["text"].replace("\u2060", "") == chosen]
        helper = twice(HELPER)
        if not any(whole(b, width(tab, chosen, helper), 0, helper[0]) and b["y"] >= box["y"] + box["height"]
                   for b in under):
            cut.append((game.id, option.name, chosen, box["width"], need + CHROME["dropdown"]))
    return cut


def test_every_games_chosen_options_are_read_whole_with_text_twice_as_large(phone):
    """With the phone's text at 2× a dropdown shows its chosen option on one line, cut mid-letter with no ellipsis
    where it is longer than the box (Knit Wit's "Word tags" read "The table's own tags" without "(typed in)",
    "用桌上的实体标签（" ended in half a character), and Flet cannot make it wrap. Now a chosen option the box
    may cut is also read whole under it (`views.ui.dropdown`): each game's options, in both languages
    (tests/output/shell_phone_options_at_2x_<game>_<lang>.png, the last option in sight)."""
    tab = phone
    tab.open("/")
    root_font(tab, 16 * TWICE)
    try:
        cut = []
        langs = ["en", "zh-CN"]
        for game in OPTION_GAMES:
            if not any(o.kind == CHOICE for o in game.options):
                continue
            tab.open(f"/new/{game.id}")
            for lang in langs:
                tab.language(lang)
                title = say(lang, "app.new_session_of", game=game.names[lang])
                tab.page.wait_for_function(TALL, arg=[title, TWICE * title_size(title) * LINE - SLACK],
                                           timeout=WAIT_MS)  # the page's text at 2× (a load sets it back)
                tab.see_button(say(lang, "app.start"))
                tab.settle()
                cut += cut_choices(tab, game, lang)
                tab.shot(f"shell_phone_options_at_2x_{game.id}_{lang[:2]}")
            langs.reverse()
        assert cut == [], '\n'.join(map(str, cut))
    finally:
        root_font(tab, None)


def test_a_chosen_player_the_statistics_box_cuts_is_read_whole_under_it_at_twice_the_text(phone, server):
    """With the phone's text at 2x a dropdown with its label inside (the statistics' player, History's filters, a
    player's colour) cut its chosen option mid-letter as the new-session dropdowns did: the statistics' 320 px box
    cut "Maximilian Alexander". The chosen option it may cut is now also written whole under it
    (`views.ui.dropdown`, as with a label above), in both languages (tests/output/stats_phone_player_at_2x_<lang>.png);
    the box is still one button named by its label and the choice."""
    from storage import Store
    from tests.test_stats import finished
    name = "Maximilian Alexander"
    with Store(server.data) as store:
        for day in range(1, 6):
            finished(store, [{name: 10, "Ann": 3}], f"2026-04-0{day}T20:00:00", players=[name, "Ann"])
    tab = phone.open("/stats")
    root_font(tab, 16 * TWICE)
    try:
        for lang in ("en", "zh-CN"):
            tab.language(lang)
            button = tab.page.get_by_role("button", name=f"{say(lang, 'stats.player')} {name}", exact=True).first
            tab.into_view(button)
            tab.settle()
            tab.shot(f"stats_phone_player_at_2x_{lang[:2]}")
            box = button.bounding_box()
            assert not one_line(box, width(tab, name, twice(FIELD)), CHROME["dropdown"]), (lang, box)  # cut in it
            helper = twice(HELPER)
            under = [b for b in text_boxes(tab, name) if b["text"] == name and b["y"] >= box["y"] + box["height"]]
            assert any(whole(b, width(tab, name, helper), 0, helper[0]) for b in under), (lang, box, under)
    finally:
        root_font(tab, None)


def test_new_player_field_ends_where_the_options_end_on_a_laptop(phone):
    """On a laptop the new-session screen is a form of sensible width: the new player's field and its Add button
    end where the option fields end (the field stretched 1160 px with Add at the screen's far edge, over option
    fields 300 px wide). The module's phone widened to 1280×800 (a laptop tab of its own was a load)."""
    tab = phone
    tab.resize(LAPTOP)
    tab.open("/new/score_pad")
    tab.language("zh-CN")
    tab.see_button("开始")
    tab.settle()
    player, option = field_box(tab, "新玩家"), field_box(tab, say("zh-CN", "score_pad.option.target"))
    add = tab.page.get_by_role("button", name="添加", exact=True).first.bounding_box()
    assert player["x"] + player["width"] < add["x"]
    assert add["x"] + add["width"] <= option["x"] + option["width"] + SLACK, (player, add, option)


def test_the_new_player_field_reads_empty_once_its_name_is_added(phone):
    """Screen-reader check (zh-CN): after 弟弟 was typed and "添加" tapped, the field looked empty but the page's
    accessibility tree still read "新玩家：弟弟" (Flutter writes a field's text into the page only while it is being
    edited; the tap had taken the focus to the button). The field now reads empty, after the next name too."""
    tab = phone
    tab.open("/new/score_pad")
    tab.language("zh-CN")
    tab.see_button("开始")
    for n, name in enumerate(["弟弟", "哥哥"], start=1):
        tab.fill("新玩家", name)
        tab.tap("添加", exact=True)
        tab.see(f"{n}. {name}")
        expect(tab.field("新玩家")).to_have_value("")
