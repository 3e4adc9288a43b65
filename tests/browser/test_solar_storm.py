"""Solar Storm in a real browser at phone size, in Chinese: a crew of two never repairs, only collects a face-up
card each turn, discards down to 6 and draws the damage card — until a room takes damage with no cube left
(the damage deck holds 42 hits against 24 cubes, so this loss always comes before the deck runs dry). The crew's
way in and first turn are tapped from the new-session screen; the turns after it repeat that path, so a game of
the same crew is played by the engine into the store up to its last turn, and that turn (actions, collect,
discard, damage) is tapped to the loss. The loss screen says why and its scoreboard lists points only; the
exported record through `python -m scoring` says the same (`score`: no points, `view`: the reason and the turns).
A crew that diverts every room, stored up to its last turn, is tapped to the win (test_crew_wins_by_the_core).
A crew of three that repairs, stored up to its first Hull Breach, is led to the roll by the next-step line.
A table that deals the physical decks taps its starting deal into the setup form. And the ship's rooms keep each
word whole on a phone and spread over a laptop's column, in both languages, and a screen reader reads each room
whole (its cubes, each repair space's square as a cube or none and its resource) before the room beside it; at
a phone's 2x text no word of the ship breaks inside, in either language."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter, deque

from playwright.sync_api import expect

from scoring.core import engine
from scoring.games.solar_storm import CARDS, ROOM_IDS, ROOMS, adjacent, repair_spaces
from scoring.record import new_record, play, replay, start
from storage import Store
from tests.browser.conftest import LAPTOP, OUTPUT, PHONE, READ_ALL, ROOT, TAP, WAIT_MS, Tab
from tests.test_views_kingdomino import contrast
from views import words

HINTS = {"actions": "最多进行 3 个行动，然后结束行动阶段。", "collect": "拿 1 张翻开的卡，或从牌堆抽 2 张。",
         "discard": "手牌超过 6 张：弃至 6 张。", "damage": "抽取损坏牌。"}
STEPS = {"collect": "收集：拿资源卡", "damage": "损坏：抽取损坏牌"}
LOST = "船员失败。"
NOW = "2025-01-01T20:00:00+00:00"
LAST_TURN_SEED = 4  # the crew's policy loses this game in 9 turns
BREACH_SEED = 2  # a repairing crew of three draws every damage card of this easy game (23 turns)
BREACH = "为船体破裂掷骰"


def phase_now(tab: Tab) -> str:
    """Wait until the screen shows a phase hint or the loss, and say which."""
    shown = tab.page.get_by_text(LOST, exact=True)
    for hint in HINTS.values():
        shown = shown.or_(tab.page.get_by_text(hint, exact=True))
    expect(shown.first).to_be_attached(timeout=WAIT_MS)
    if tab.page.get_by_text(LOST, exact=True).count():
        return "lost"
    return next(p for p, hint in HINTS.items() if tab.page.get_by_text(hint, exact=True).count())


def take_turn(tab: Tab, logged: int) -> int:
    """Tap one whole turn as the crew plays it (no repair): end the actions, collect a face-up card, discard down
    to 6 while asked, draw the damage card; stop early if the crew has lost. Each tap's log entry is awaited;
    returns the log's count after the turn."""
    while (phase := phase_now(tab)) != "lost":
        if phase == "actions":
            tab.tap("结束行动", exact=True)
        elif phase == "collect":
            tab.see(STEPS["collect"])                   # the turn card's lead says the step, not "0 actions left"
            # the deck and each face-up card (two of one kind being one choice), shown at once: the only move
            tab.press(tab.page.get_by_role("button", name=re.compile("^翻开的")).first)
        elif phase == "discard":
            tab.press(tab.page.get_by_role("button", name=re.compile("^(数据|金属|纳米机器人|能量|通用)$")).first)
        else:
            tab.see(STEPS["damage"])
            tab.tap("抽取损坏牌", exact=True)
        logged += 1
        expect(tab.page.get_by_text(f"操作记录（{logged}）", exact=True)).to_be_attached(timeout=WAIT_MS)
        if phase == "damage":
            break
    return logged


def last_turn_session(server) -> tuple[str, int]:
    """A game of Ann and Bo as the crew of the test below plays it (end the actions, take face-up slot 1, discard
    the first card while over 6, draw the damage card), played by the engine and stored up to the start of the
    turn whose damage card loses it: the session and how many actions it holds. That last turn asks for a discard
    (checked), so the browser taps every phase of a turn."""
    from storage import Store
    record = new_record("solar_storm", ["Ann", "Bo"], seed=LAST_TURN_SEED, now=NOW)
    state, turn_starts = start(record), []
    while not state["over"]:
        by, phase = state["turn"], state["phase"]
        if phase == "actions":
            turn_starts.append(len(record["actions"]))
        move = {"actions": {"type": "end_actions"}, "collect": {"type": "take", "source": "face_up", "slot": 0},
                "discard": {"type": "discard", "card": state["hands"][by][0]}, "damage": {"type": "damage"}}[phase]
        record, state = play(record, state, {**move, "by": by}, NOW)
    kept, last = record["actions"][:turn_starts[-1]], record["actions"][turn_starts[-1]:]
    assert [a["type"] for a in last] == ["end_actions", "take", "discard", "damage"], last
    with Store(server.data) as store:
        sid = store.create(new_record("solar_storm", ["Ann", "Bo"], seed=LAST_TURN_SEED, now=NOW))
        for action in kept:
            store.play(sid, action, NOW)
    return sid, len(kept)


def steps_to(layout: list[str], here: str) -> dict[str, int]:
    """How many moves each room is from here."""
    far, todo = {here: 0}, deque([here])
    while todo:
        room = todo.popleft()
        for near in adjacent(layout, room):
            if near not in far:
                far[near] = far[room] + 1
                todo.append(near)
    return far


def repairing_action(state: dict) -> dict:
    """A crew that repairs: in its actions, a repair where it stands, else a move toward the emptiest room its
    hand repairs, else a scavenge; every card from the deck, the first kind discarded, the damage card drawn."""
    by, phase = state["turn"], state["phase"]
    offered = {e["type"]: e["choices"] for e in engine("solar_storm").prompt(state)}
    if phase in ("collect", "scavenge"):
        return {"type": "take", "source": "deck"}
    if phase in ("discard", "damage"):
        return {"type": phase, **offered[phase][0]}
    if offered.get("repair"):
        return {"type": "repair", **offered["repair"][0]}
    hand, far = set(state["hands"][by]), steps_to(state["layout"], state["where"][by])
    rooms = [r for r in ROOM_IDS if any(repair_spaces(state["rooms"][r], ROOMS[r]["track"], c) for c in hand)]
    if rooms and offered.get("move"):
        near = steps_to(state["layout"], min(rooms, key=lambda r: (sum(state["rooms"][r]["cubes"]), far[r])))
        return {"type": "move", **min(offered["move"], key=lambda c: near[c["room"]])}
    return {"type": "scavenge" if offered.get("scavenge") else "end_actions"}


def breach_session(server) -> str:
    """A game of Ann, Bo and Cy (easy) played by a repairing crew and stored up to its first Hull Breach roll."""
    from storage import Store
    record = new_record("solar_storm", ["Ann", "Bo", "Cy"], seed=BREACH_SEED, now=NOW, options={"difficulty": "easy"})
    state = start(record)
    while state["damage"]["deck"] or state["phase"] != "damage":
        assert not state["over"]
        record, state = play(record, state, {**repairing_action(state), "by": state["turn"]}, NOW)
    with Store(server.data) as store:
        sid = store.create(new_record("solar_storm", ["Ann", "Bo", "Cy"], seed=BREACH_SEED, now=NOW,
                                      options={"difficulty": "easy"}))
        for action in record["actions"]:
            store.play(sid, action, NOW)
    return sid


def test_crew_loses_by_damage(phone, server):
    """The crew's way in and first turn tapped from the new-session screen; then a game of the same crew, stored
    up to its last turn, tapped through that turn (actions, collect, discard, damage) to the loss screen."""
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
    take_turn(tab, 0)
    tab.see("剩余损坏牌：21")
    sid, stored = last_turn_session(server)
    tab.open(f"/play/{sid}")
    expect(tab.page.get_by_text(f"操作记录（{stored}）", exact=True)).to_be_attached(timeout=WAIT_MS)
    take_turn(tab, stored)
    tab.see(LOST)
    tab.see("在没有修复方块时再次受损。")
    # the scoreboard's lines are points ("{what}：{points}"), never a fact followed by "：0" ("已进行回合：11：0")
    tab.see("已转移电力的房间（每间 1 分） = 0")
    tab.see("启动能源核心（1 分） = 0")
    assert not re.search(r"：\d+( 张)?：\d+", tab.page.evaluate(READ_ALL))
    tab.shot("phone_solar_storm_lost")

    with tab.page.expect_download() as download:
        tab.tap("导出")
    path = OUTPUT / "solar_storm_lost.json"
    download.value.save_as(path)
    record = json.loads(path.read_text("utf-8"))
    # the export holds the stored turns and the last turn as tapped
    assert [a["type"] for a in record["actions"][stored:]] == ["end_actions", "take", "discard", "damage"]
    damage_cards = sum(1 for a in record["actions"] if a["type"] == "damage")
    board = scoring_cli("score", path)
    assert board["over"] and board["crew"]["outcome"] == "lost" and "ranking" not in board
    assert [(line["key"], line["points"]) for line in board["players"][0]["breakdown"]] == [
        ("solar_storm.line.diverted", 0), ("solar_storm.line.launch", 0)]
    table = scoring_cli("view", path)
    assert table["result"]["reason"] == "room_destroyed"
    # every turn ends with one damage card: turns taken = damage cards drawn (the last one lost the game)
    assert table["turns"] == damage_cards

    # every damage card drawn, the screen leads with the Hull Breach's roll, as its button and turn card say
    tab.open(f"/play/{breach_session(server)}")
    tab.see(f"下一步（Bo）：{BREACH}")
    tab.see(f"损坏：{BREACH}")
    tab.tap(BREACH, exact=True)
    tab.see(re.compile(r"^上次掷骰：\d（船体破裂），弃掉 [123] 张资源卡$"))


def scoring_cli(command: str, path) -> dict:
    """What `python -m scoring <command> FILE` prints, read as JSON."""
    out = subprocess.run([sys.executable, "-m", "scoring", command, str(path)], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    return json.loads(out)


def test_table_types_the_deal(phone):
    tab = phone.open("/new/solar_storm")
    tab.see("新对局：太阳风暴")
    for i, name in enumerate(["Cy", "Di"]):    # new names: the module's first test put Ann and Bo in the roster
        tab.fill("新玩家", name)
        tab.tap("添加")
        tab.see(f"{i + 1}. {name}")
    tab.tap("谁发牌和掷骰")                                          # the dropdown of who deals
    tab.tap("桌上（输入实际结果）", exact=True)
    tab.see_role("button", "谁发牌和掷骰 桌上（输入实际结果）")     # read out with its choice
    tab.tap("开始", exact=True)
    tab.see("Cy 的起始手牌是 4 张。")                    # the engine's refusal of the empty deal
    for card in ["数据", "金属", "能量", "纳米机器人", "通用", "数据", "数据", "金属", "金属", "能量"]:
        tab.tap(card, exact=True)                                  # Cy's 4, Di's 4, the face-up pair
    tab.see("翻开的卡（2/2）")
    for room in ["舰桥", "军械库", "食堂", "舰桥", "货舱", "机房"]:
        tab.tap(room, exact=True)                                  # the two setup damage cards, printed order
    tab.see_button("去掉 货舱（第 2 个位置）")                     # the grid reads what a tap does, then the place
    tab.shot("phone_solar_storm_typed_deal")
    tab.tap("发牌", exact=True)
    tab.see("已完成：输入发牌")                                   # the deal is in the log (undo offered)
    tab.see(HINTS["actions"])
    tab.see("资源牌堆：56 张 · 弃牌堆：0 张")           # 66 − 8 typed into hands − 2 typed face up
    tab.see("翻开：金属和能量")
    tab.see("操作记录（1）")


CREW = ["Ann", "Bo 🐻", "Cy ♥", "李四"]
CORE_NAME = {"zh-CN": "能源核心", "en": "Energy Core"}
NEXT_STEP = re.compile(r"^(下一步|Next)")
RULES = re.compile(r"^(规则|Rules)$")


def boxes(tab: Tab, text: str, count: int) -> list[dict]:
    """Where each of the `count` texts reading exactly `text` is, on a screen the caller has let settle
    (`Tab.settle`, once a screen: two screenshots or more each, and it was taken for every text measured)."""
    found = tab.page.get_by_text(text, exact=True)
    expect(found).to_have_count(count)
    return [found.nth(i).bounding_box() for i in range(count)]


LEAVES = """() => Array.from(document.querySelectorAll('flt-semantics'))
  .filter(e => !e.querySelector('flt-semantics')).map(e => e.getAttribute('aria-label') || e.textContent)"""


def read_after(tab: Tab, text: str, count: int) -> list[str]:
    """What a screen reader reads right after text: the next count texts of the semantics tree, in its order."""
    said = tab.page.evaluate(LEAVES)
    return said[said.index(text) + 1:said.index(text) + 1 + count]


def space(lang: str, card: str, cube: bool) -> str:
    """A repair space as read: whether its square holds a cube, and the resource it takes."""
    return words.say(lang, "solar_storm.view.space", card=words.say(lang, f"solar_storm.card.{card}"),
                     state=words.say(lang, f"solar_storm.view.space.{'cube' if cube else 'empty'}"))


def on_screen(box: dict, viewport: dict) -> bool:
    """Whether a box is wholly on screen (one cut by its edge is only as high as the part in sight)."""
    return box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]


def centre(box: dict) -> float:
    """The middle of a box, across."""
    return box["x"] + box["width"] / 2


def room_said(lang: str, room: str) -> str:
    """A room's name as its room shows it: a Chinese name's characters joined (`words.whole_words`)."""
    return words.whole_words(words.say(lang, f"solar_storm.room.{room}"))


def test_rooms_keep_each_word_whole(phone, server):
    """On a phone and a laptop, in Chinese and in English, every resource word of every room stands on one line,
    each as tall as any other ("纳米机器人" broke into "纳/米机器人" and "数据" into "数/据" in a line of all three
    resources), and a name with a symbol is one line ("Cy ♥" broke into "Cy" / "♥"); the ship's three columns
    share the width of the screen's column (on a laptop the rooms stayed 118 px wide beside 370 px of nothing)."""
    from storage import Store
    record = new_record("solar_storm", CREW, now="2025-01-01T20:00:00+00:00")
    layout = replay(record)["layout"]
    with Store(server.data) as store:
        sid = store.create(record)
    tab = phone.open(f"/play/{sid}")  # the module's phone, moving in the app (a new tab was a load: ~5 s of CPU)
    langs = ["zh-CN", "en"]
    for size, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        tab.resize(viewport)
        for lang in langs:
            tab.language(lang)
            tab.see(CORE_NAME[lang])
            spaces = [space(lang, card, cube) for room in ROOM_IDS
                      for card, cube in zip(ROOMS[room]["track"], replay(record)["rooms"][room]["cubes"])]
            heights = set()
            for last_row in (False, True):      # the rooms a move goes to hold a button: the ship may end below
                if last_row:
                    tab.into_view(tab.page.get_by_text(room_said(lang, layout[-1]), exact=True))
                tab.settle()
                heights |= {round(box["height"]) for said in set(spaces)
                            for box in boxes(tab, said, spaces.count(said)) if on_screen(box, viewport)}
            assert len(heights) == 1, (size, lang, heights)      # one line each, the same for every word
            line = boxes(tab, CREW[0], 1)[0]["height"]
            for name in CREW[1:]:
                assert boxes(tab, name, 1)[0]["height"] < 1.5 * line, (size, lang, name)
            first, beside = (room_said(lang, layout[i]) for i in (0, 1))
            cubes = replay(record)["rooms"][layout[0]]["cubes"]
            assert read_after(tab, first, 5) == [
                words.whole_words(words.say(lang, "solar_storm.view.cubes", cubes=sum(cubes))),
                *[space(lang, card, cube) for card, cube in zip(ROOMS[layout[0]]["track"], cubes)], beside]
            left, right = (boxes(tab, room_said(lang, layout[i]), 1)[0] for i in (0, 2))
            start = tab.page.get_by_role("button", name=RULES).first.bounding_box()["x"]
            banner = tab.page.get_by_text(NEXT_STEP).first.bounding_box()
            width = banner["x"] + banner["width"] - start
            # three rooms a row across the column: the outer columns' centres stand 2/3 of its width apart
            assert centre(right) - centre(left) >= 0.6 * width, (size, lang, centre(right) - centre(left), width)
        tab.shot(f"{size}_solar_storm_rooms_{langs[-1][:2]}")
        langs.reverse()


TALL = {"width": PHONE["width"], "height": 2000}  # a phone as tall as the whole ship at 2x text


def test_rooms_keep_each_word_whole_at_twice_the_text(phone, server):
    """On a 390 px phone with its text at 2x, in English and in Chinese, no word of the ship breaks inside: a room's
    name takes a line a word at most, a repair space's resource a line a word ("Armour / y", "Crew Quarter / s",
    "nanob / ots" broke, and "纳米机 / 器人", "修复方 / 块：2/3": a long Chinese word breaks only where its language
    file marks it, `words.whole_words`). The tab is as tall as the whole ship, so every room is measured where it
    stands. The module's phone, made that tall and its root font set to 32 px on the running page (Flutter follows
    it as the phone's text size, `test_shell.root_font`), measures both languages in turn: a tab of its own per
    language, its text doubled by an init script, was a load each (about 5 s of CPU)."""
    from storage import Store
    from tests.browser.test_shell import root_font
    record = new_record("solar_storm", CREW[:2], seed=3, now=NOW)
    with Store(server.data) as store:
        sid = store.create(record)
    tab = phone
    tab.resize(TALL)
    root_font(tab, 32)
    try:
        tab.open(f"/play/{sid}")
        for lang in ("en", "zh-CN"):
            rooms_whole_at_twice_the_text(tab, record, lang)
    finally:
        root_font(tab, None)
        tab.resize(PHONE)


def rooms_whole_at_twice_the_text(tab: Tab, record: dict, lang: str) -> None:
    """In one language: each room's name, repair space and cube count a line a word, and a screenshot."""
    tab.language(lang)
    tab.see(CORE_NAME[lang])
    tab.settle()
    names = {room: boxes(tab, room_said(lang, room), 1)[0]["height"] for room in ROOM_IDS}
    line = min(names.values())
    for room, height in names.items():
        assert height < (len(room_said(lang, room).split()) + 0.5) * line, (lang, room, height, line)
    state = replay(record)
    heights = {card: [box["height"] for box in boxes(tab, space(lang, card, cube), count)]
               for (card, cube), count in Counter((card, cube) for room in ROOM_IDS for card, cube in zip(
                   ROOMS[room]["track"], state["rooms"][room]["cubes"])).items()}
    lowest = min(min(h) for h in heights.values())
    pieces = {card: 1 + words.say(lang, f"solar_storm.view.track.{card}").count(words.MARK)
              if card == "nanobots" else 1 for card in CARDS}
    assert all(h < (pieces[card] + 0.5) * lowest for card in heights for h in heights[card]), (lang, heights)
    cubes = [box["height"] for said, count in Counter(
        words.whole_words(words.say(lang, "solar_storm.view.cubes", cubes=sum(state["rooms"][room]["cubes"])))
        for room in ROOM_IDS).items() for box in boxes(tab, said, count)]
    assert max(cubes) < 2.5 * lowest, (lang, cubes)  # "Cubes:" / "2/3" at most, as "方块：" / "2/3"
    tab.shot(f"phone_solar_storm_rooms_{lang[:2]}_twice_the_text")


def test_the_armourys_tokens_are_a_room_each(phone, server):
    """The Armoury's move opens a room picker for each of its 2 tokens (it was one list of 36 room pairs): the Mess
    Hall for the first, the Bridge for the second, Protect, and each of the two rooms shows its token. The turn card
    says what diverting the Armoury takes. Then Ann moves by tapping rooms on the ship: the Engine Room's tile, then
    (in English) the Armoury's "Move here" button, "Move to Armoury". Then, in a crew of three standing in a
    repaired Mess Hall, Ann swaps a card with Bo by its steps (it was 34 buttons, one per player × give × take):
    whom, what to give, what to take; a kind Bo lacks is refused in words with the choices kept, another take
    is sent by the one button that says the whole swap. The module's phone moves in the app to each session (no new
    load)."""
    from storage import Store
    with Store(server.data) as store:
        sid = store.create(new_record("solar_storm", ["Ann", "Bo"], options={"start_room": "armoury"}, seed=1,
                                      now=NOW))                     # seed 1: the Armoury keeps its 3 cubes
    tab = phone.open(f"/play/{sid}")
    tab.resize(PHONE)
    tab.language("zh-CN")
    tab.see("转移军械库的电力需要：金属、能量和纳米机器人")
    tab.tap("军械库：保护…（2 个标记）", exact=True)
    tab.see("第 2 个保护标记：")
    for i, room in enumerate(["食堂", "舰桥"], start=1):  # each room button read with its token
        tab.press(tab.page.get_by_role("button", name=f"第 {i} 个保护标记：{room}", exact=True))
    expect(tab.page.get_by_role("button", name="放置保护", exact=True)).to_be_enabled(timeout=WAIT_MS)
    tab.shot("phone_solar_storm_armoury_picked")
    tab.tap("放置保护", exact=True)
    expect(tab.page.get_by_text(words.whole_words("保护：1"), exact=True)).to_have_count(2, timeout=WAIT_MS)
    tab.see("剩余 2 个行动，0 个行动标记")
    tab.shot("phone_solar_storm_armoury")
    # the rooms the engine offers to move to are tapped on the ship: the Engine Room's tile, then the Armoury's
    # own button, each read as what its tap does, 48 px high at least
    for room in ("移动到机房", "移动到船员宿舍"):
        assert tab.page.get_by_role("button", name=room, exact=True).bounding_box()["height"] >= TAP
    assert not tab.page.get_by_role("button", name="移动到舰桥", exact=True).count()
    tab.into_view(tab.button("移动到船员宿舍", exact=True))
    tab.shot("phone_solar_storm_move_zh")
    tab.press(tab.page.get_by_text(room_said("zh-CN", "engine-room"), exact=True).locator("xpath=.."))  # not its button
    tab.see("剩余 1 个行动，0 个行动标记")
    tab.language("en")
    tab.see_button("Move to Armoury")
    assert tab.page.get_by_role("button", name="Move to Armoury", exact=True).bounding_box()["height"] >= TAP
    tab.shot("phone_solar_storm_move_en")
    tab.tap("Move to Armoury", exact=True)
    tab.see("0 actions left, 0 tokens")
    tab.see("Undo: Ann moves to Armoury")
    tab.language("zh-CN")
    mess_hall_swap(tab, server)


def mess_hall_swap(tab: Tab, server) -> None:
    """Ann (data, data, metal) swaps with Bo (metal, nanobots, nanobots) in the Mess Hall by tapping its steps, with
    private hands: energy, which Bo lacks, is refused naming the rule once asked (the swap sent), not as it is
    tapped (that read Bo's hand for free), the steps kept; nanobots is taken."""
    from storage import Store
    with Store(server.data) as store:
        sid = store.create(new_record("solar_storm", ["Ann", "Bo", "Cy"], options={"start_room": "mess-hall"}, seed=2,
                                      now=NOW))                     # seed 2: the Mess Hall keeps its 3 cubes
    tab.open(f"/play/{sid}")
    tab.tap("食堂：交换…（2 位玩家）", exact=True)
    tab.see("和谁？")
    for step in ("和 Bo", "给出数据", "拿走能量"):                   # each button read with its step
        tab.tap(step, exact=True)
    asked = tab.button("与 Bo 交换：给出数据，拿走能量", exact=True)
    expect(asked).to_be_enabled(timeout=WAIT_MS)
    assert not tab.page.get_by_text("Bo 手中没有能量卡。").count()
    for step in ("和 Cy", "不给牌", "给出金属", "不拿牌", "拿走通用"):
        assert tab.button(step, exact=True).bounding_box()["height"] >= TAP, step
    assert tab.short_taps() == []
    tab.shot("phone_solar_storm_mess_hall")
    tab.press(asked)
    tab.see("Bo 手中没有能量卡。")
    tab.see("剩余 3 个行动，0 个行动标记")
    tab.tap("拿走纳米机器人", exact=True)                            # the take changed, whom and the give kept
    swap = tab.button("与 Bo 交换：给出数据，拿走纳米机器人", exact=True)
    expect(swap).to_be_enabled(timeout=WAIT_MS)
    tab.press(swap)
    tab.see_button("撤销：食堂：Ann 用数据换 Bo 的纳米机器人")                  # made, and offered for undo
    tab.see("剩余 2 个行动，0 个行动标记")


WON = ROOT / "tests" / "data" / "solar_storm_won.json"  # a table-dealt easy game of Ann and Bo that the crew wins


def test_crew_wins_by_the_core(phone, server):
    """A game the crew wins (dealt at the table, easy: the cards and damage typed as a crew that diverts room after
    room would want them), stored up to its last turn, tapped to the win on the shared phone: Bo, in the fully
    repaired Medical Bay (2 action tokens at the turn's start), diverts it (the 8th room), walks to the Energy Core,
    spends a token and activates it. On the way the card says what is left; the win screen says why, with the
    counts checked by hand (deck 68 − 10 dealt − 13 turns × 2 = 32; discard 8 repairs + 8 × 3 diverted = 32; damage
    cards 22 − 13 = 9) and nothing of a next damage card or turn."""
    from storage import Store
    game = json.loads(WON.read_text("utf-8"))
    with Store(server.data) as store:
        sid = store.create(new_record("solar_storm", game["players"], game["options"], seed=game["seed"], now=NOW))
        for action in game["actions"][:-5]:
            store.play(sid, action, NOW)
    tab = phone.open(f"/play/{sid}")
    tab.see("剩余 3 个行动，2 个行动标记")
    tab.see("资源牌堆：32 张 · 弃牌堆：29 张")
    tab.see("剩余损坏牌：9")
    tab.tap("转移电力：数据、能量和能量", exact=True)
    tab.see("剩余 2 个行动，2 个行动标记")
    tab.see("8 个房间已全部转移电力：在能源核心进行 1 个行动即获胜。")
    tab.tap("移动到维修中心", exact=True)
    tab.see("剩余 1 个行动，2 个行动标记")
    tab.tap("移动到能源核心", exact=True)
    tab.see("行动已用完：可花 1 个行动标记再行动 1 次，或结束行动阶段。")
    tab.tap("使用行动标记", exact=True)
    tab.see("剩余 1 个行动，1 个行动标记")
    tab.tap("启动能源核心", exact=True)
    tab.see("船员获胜！")
    tab.see("8 个房间全部转移电力并启动能源核心，飞船逃离了风暴。")
    tab.see("玩家回合：14 · 已转移房间：8 · 牌堆剩余：32")
    tab.see("资源牌堆：32 张 · 弃牌堆：32 张")
    tab.see("已转移电力的房间（每间 1 分） = 8")
    tab.see("启动能源核心（1 分） = 1")
    said = tab.page.evaluate(READ_ALL)
    assert not re.search(r"下一张损坏牌|下一步|剩余 \d+ 个行动|行动已用完|即获胜", said), said
    tab.shot("phone_solar_storm_won")


def test_the_bars_undo_reads_on_the_bar(phone, server):
    """Play-test (three friends on a phone): 阿强 scavenged and the bar at the foot said "已完成：阿强搜刮，掷出 2"
    with its "撤销" drawn in the page's own teal on the bar's near-black, about 2:1 and hard to read at arm's length.
    The bar's button is drawn in the colour Flutter gives a bar's action (inverse primary): its label reads on the
    bar at 4.5:1 or more (tests/output/phone_solar_storm_bar_undo.png)."""
    with Store(server.data) as store:
        sid = store.create(new_record("solar_storm", ["阿强", "小雪", "Tom"], seed=3, now=NOW,
                                      options={"difficulty": "hard"}))
    phone.open(f"/play/{sid}")
    phone.tap("搜刮（掷骰）", exact=True)
    # The bar's "撤销", not the Rules row's: before the move, that one is a disabled "撤销" too (nothing to undo), and
    # a final run found both when the bar came before the row's new label.
    undo = phone.page.get_by_role("button", name=re.compile("^撤\u2060?销$"), disabled=False)
    undo.wait_for(state="visible")
    box = phone.steady(undo).bounding_box()
    png = phone.page.screenshot()
    (OUTPUT / "phone_solar_storm_bar_undo.png").write_bytes(png)
    rgba = phone.pixels(png, {k: round(v) for k, v in box.items()})
    colours = ["#%02x%02x%02x" % tuple(rgba[i:i + 3]) for i in range(0, len(rgba), 4)]
    bar = Counter(colours).most_common(1)[0][0]
    label = max(colours, key=lambda colour: contrast(colour, bar))
    assert contrast(label, bar) >= 4.5, (label, bar, contrast(label, bar))
