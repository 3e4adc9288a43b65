"""Solar Storm view without a browser: the ship and decks on screen, a turn played by taps from the prompt's
choices, hands shown only when uncovered, the look-and-arrange panel, and the loss screen saying why."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft
import pytest

from scoring.games.solar_storm import ROOMS
from scoring.i18n import listed
from tests.card_view_helpers import Table, all_buttons, label, name, shown, tap
from tests.test_views_components import fills_its_column, raw_texts, said_under, walk
from views import session, words
from views.games import solar_storm as view
from views.ui import TAP


def build(table: Table):
    """The view for the table's current state."""
    return view.build(table.ctx())


def test_ship_and_decks_on_screen():
    table = Table("solar_storm", ["Ann", "Bo"])
    texts = shown(build(table))
    # 66 cards − 8 dealt − 2 face up = 56; 24 damage cards − 2 at setup = 22
    assert "Resource deck: 56 cards · discard pile: 0" in texts
    assert "Damage cards left: 22" in texts and "The next damage card hits 1 room." in texts
    assert "3 actions left, 0 tokens" in texts
    at = texts.index("Here:")
    assert texts[at:at + 3] == ["Here:", "Ann", "Bo"]                # the Energy Core: a name a line
    cubes = [int(t[len("Cubes: "):-2]) for t in texts if t.startswith("Cubes: ")]
    assert len(cubes) == 8 and sum(cubes) == 18                    # 24 cubes − 6 setup damage


@pytest.mark.parametrize("lang, left", [("en", "1 action left, 1 token"), ("zh-CN", "剩余 1 个行动，1 个行动标记")])
def test_the_turn_card_says_actions_and_tokens_not_whose_turn(lang, left):
    """The turn card says what the lines above it do not (actions and action tokens left), not whose turn it is:
    the next-step line and the status line above it name the player (a phone read "Next: Ann — move", "Round 1 ·
    Actions", then "Ann's turn: 3 actions left, 0 tokens")."""
    table = Table("solar_storm", ["Ann", "Bo"], lang=lang)
    table.state["actions"], table.state["tokens"]["Ann"] = 1, 1
    card = shown(view.turn_panel(table.ctx(), table.engine.player_view(table.state, None)))
    assert card[0] == left
    assert not any("Ann" in line for line in card)


@pytest.mark.parametrize("lang, steps", [
    ("en", ["Collect: take a resource card", "Collect: discard down to 6 cards", "Damage: draw a damage card"]),
    ("zh-CN", ["收集：拿资源卡", "收集：弃牌至 6 张", "损坏：抽取损坏牌"])])
def test_after_the_actions_the_turn_card_says_the_step_not_0_actions_left(lang, steps):
    """Once the actions are over (the engine's phase collect, discard, damage) the turn card leads with the step
    and keeps the tokens: "0 actions left, 1 token" stayed on it through collecting and the damage draw."""
    table = Table("solar_storm", ["Ann", "Bo"], lang=lang)
    table.apply({"type": "end_actions", "by": "Ann"})
    tokens = words.say(lang, "solar_storm.view.tokens", tokens=1)
    for phase, step in zip(("collect", "discard", "damage"), steps):
        table.state["phase"] = phase
        card = shown(view.turn_panel(table.ctx(), table.engine.player_view(table.state, None)))
        assert card[:2] == [step, tokens] and not any("0" in line for line in card), (phase, card)


@pytest.mark.parametrize("lang, step, hint", [
    ("en", "Damage: roll for the Hull Breach", "Roll the die: the Hull Breach discards 1, 2 or 3 resource cards."),
    ("zh-CN", "损坏：为船体破裂掷骰", "掷骰：船体破裂弃掉 1、2 或 3 张资源牌。")])
def test_with_the_damage_deck_empty_the_turn_card_says_the_hull_breach_roll(lang, step, hint):
    """Every damage card drawn, the damage step is the Hull Breach's roll: the turn card said "Damage: draw a damage
    card" and "Draw the damage card." over a deck with none left."""
    table = Table("solar_storm", ["Ann", "Bo"], lang=lang)
    table.apply({"type": "end_actions", "by": "Ann"})
    table.state["damage"]["deck"], table.state["phase"] = [], "damage"
    card = shown(view.turn_panel(table.ctx(), table.engine.player_view(table.state, None)))
    assert card[0] == step and hint in card, card


@pytest.mark.parametrize("lang, button, line", [
    ("en", "Roll for the Hull Breach", "Next: Ann — roll for the Hull Breach"),
    ("zh-CN", "为船体破裂掷骰", "下一步（Ann）：为船体破裂掷骰")])
def test_with_the_damage_deck_empty_the_button_and_the_next_step_line_say_the_hull_breach_roll(lang, button, line):
    """The damage step's button and the screen's lead (the next-step line, from the engine's prompt) name the step
    the prompt names: over an empty damage deck they said "Draw the damage card" while the turn card said "roll
    for the Hull Breach" (seen on a 390x844 phone in round 8 of a 3-player game)."""
    table = Table("solar_storm", ["Ann", "Bo"], lang=lang)
    table.apply({"type": "end_actions", "by": "Ann"})
    table.apply({"type": "take", "by": "Ann", "source": "deck"})
    table.state["damage"]["deck"] = []
    app = SimpleNamespace(lang=lang, t=lambda key, **params: words.say(lang, key, **params))
    assert shown(session.next_step(app, table.engine, table.state)) == [line]
    tap(build(table), button)
    assert table.errors == [] and table.state["roll_for"] == "breach"


@pytest.mark.parametrize("lang, cost, button", [
    ("en", "To divert Mess Hall: data, data and energy", "Divert power: data, data and energy"),
    ("zh-CN", "转移食堂的电力需要：数据、数据和能量", "转移电力：数据、数据和能量")])
def test_a_rooms_divert_cost_is_shown_before_diverting(lang, cost, button):
    """The three cards a room's divert takes (the rooms file's cost) are on the turn card while the turn's player
    stands in a room not yet diverted, whether or not the hand pays, and on the divert button: nothing said them,
    so a player learned a room's cost only from the printed ship."""
    table = Table("solar_storm", ["Ann", "Bo"], lang=lang)
    table.state["where"]["Ann"] = "mess-hall"
    table.state["rooms"]["mess-hall"]["cubes"] = [True] * 3
    table.state["hands"]["Ann"] = ["metal"]
    assert cost in shown(build(table))
    table.state["hands"]["Ann"] = ["data", "energy", "data"]
    tap(build(table), button)
    assert table.errors == [] and table.state["rooms"]["mess-hall"]["diverted"]
    assert cost not in shown(build(table))                         # diverted: no cost left to pay


@pytest.mark.parametrize("lang, move, opener, row", [
    ("en", "Repair: Space 2 · data", "Repair… (1 choice)", "Ann repairs space 2 of Bridge with data"),
    ("zh-CN", "修复：第 2 格 · 数据", "修复…（1 种选择）", "Ann 用数据修复舰桥的第 2 格")])
def test_a_repair_tapped_names_its_room_in_the_log(lang, move, opener, row):
    """A repair's log row named neither the room nor the space ("Bo repairs with data", a 390x844 phone): the
    choice tapped sends the room the engine offers, and the row says both; the choice's words leave the room out,
    as a divert's do (it is where the player stands). The engine offers one choice here: it is one button saying
    the whole move ("Repair… (1 choice)" opened a list of one)."""
    table = Table("solar_storm", ["Ann", "Bo"], lang=lang)
    table.state["where"]["Ann"] = "bridge"
    table.state["rooms"]["bridge"]["cubes"] = [False, False, True]
    table.state["hands"]["Ann"] = ["data", "metal"]
    assert opener not in [b.content for b in all_buttons(build(table))]
    tap(build(table), move)
    action = table.record["actions"][-1]
    assert table.errors == [] and action["room"] == "bridge"
    key, params = table.engine.logged(table.state, action, 1)
    assert words.say(lang, key, **params) == row


@pytest.mark.parametrize("lang, collect, scavenge", [
    ("en", "Draw 2 from the deck", "Draw 1 from the deck"), ("zh-CN", "从牌堆抽 2 张", "从牌堆抽 1 张")])
def test_the_deck_button_says_how_many_cards_it_draws(lang, collect, scavenge):
    """Collecting takes the top 2 deck cards, a scavenge's pick 1 (the engine's `deck_draws`): the button read "From
    the deck" in both, while the hint above it said "draw 2 from the deck" (a 390x844 phone)."""
    table = Table("solar_storm", ["Ann", "Bo"], lang=lang)
    held = len(table.state["hands"]["Ann"])
    table.state["phase"], table.state["picks"] = "scavenge", 1
    assert scavenge in [name(b) for b in all_buttons(build(table))]
    table.state["phase"] = "collect"
    tap(build(table), collect)
    assert table.errors == [] and len(table.state["hands"]["Ann"]) == held + 2


@pytest.mark.parametrize("lang, last, deck", [
    ("en", "Draw 2 from the deck · takes the deck's last card: the crew loses", "Draw 2 from the deck"),
    ("zh-CN", "从牌堆抽 2 张 · 抽走牌堆最后一张：船员失败", "从牌堆抽 2 张")])
def test_a_take_that_empties_the_deck_says_so_on_its_button(lang, last, deck):
    """A take that draws the resource deck's last card (the engine's `empties_deck`) says on its button that the
    crew then loses: "Draw 2 from the deck" was offered over a deck of 1 and tapped; the log said it drew 1 and the
    crew lost at once. With 3 cards left the buttons read as before."""
    table = Table("solar_storm", ["Ann", "Bo"], lang=lang)
    table.state["phase"] = "collect"
    table.state["resources"]["deck"] = table.state["resources"]["deck"][:3]
    assert deck in [name(b) for b in all_buttons(build(table))]
    table.state["resources"]["deck"] = table.state["resources"]["deck"][:2]
    said = [name(b) for b in all_buttons(build(table))]
    assert last in said and not any(s.endswith(last[len(deck):]) for s in said if s != last)


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_a_room_the_engine_offers_to_move_to_is_tapped_on_the_ship(lang):
    """On a phone a player taps the room on the ship to move there: only the rooms the engine's prompt offers take
    a tap (a room tile, the Move button kept), read as what the tap does ("Move to Bridge" / "移动到舰桥"); the tap
    sends the offered move, as the Move button's choice does. A phone whose turn it is not taps none."""
    table = Table("solar_storm", ["Ann", "Bo"], lang=lang)
    offered = [c["room"] for c in table.engine.offer(table.state, "move", "Ann")]
    said = {room: words.say(lang, "solar_storm.view.move_to", room=words.say(lang, f"solar_storm.room.{room}"))
            for room in ROOMS}
    rooms = [b for b in all_buttons(build(table)) if name(b) in said.values()]
    assert sorted(name(b) for b in rooms) == sorted(said[r] for r in offered)
    assert all(b.style.padding.top + b.style.padding.bottom + 20 >= TAP for b in rooms)   # around a 20 px line
    bo = view.build(table.seated("Bo", {}))
    assert not set(said.values()) & {name(b) for b in all_buttons(bo)}
    assert words.say(lang, "solar_storm.view.open", what=words.say(lang, "solar_storm.view.do.move"),
                     count=len(offered)) in [name(b) for b in all_buttons(build(table))]
    tap(build(table), said[offered[-1]])
    moved = {k: v for k, v in table.record["actions"][-1].items() if k != "at"}
    assert table.errors == [] and moved == {"type": "move", "by": "Ann", "room": offered[-1]}
    assert table.state["where"]["Ann"] == offered[-1]


def armoury_turn(lang: str = "en") -> Table:
    """Ann's turn in a fully repaired Armoury."""
    table = Table("solar_storm", ["Ann", "Bo"], lang=lang)
    table.state["where"]["Ann"] = "armoury"
    table.state["rooms"]["armoury"]["cubes"] = [True] * 3
    return table


@pytest.mark.parametrize("first, second", [("Mess Hall", "Bridge"), ("Bridge", "Bridge")])
def test_the_armourys_two_tokens_are_a_room_each_from_two_pickers(first, second):
    """The Armoury places 2 protection tokens, both on one room or one on each of two (the original's 军械库): the
    choice was one list of 36 room pairs; it is a room for each token, then Protect, once both are chosen."""
    table = armoury_turn()
    tap(build(table), "Armoury: protect… (2 tokens)")
    body = build(table)
    assert ["Protection token 1:", "Protection token 2:"] == [t for t in shown(body) if t.startswith("Protection ")]
    names = [name(b) for b in all_buttons(body)]
    assert "Mess Hall" not in names and not any(" + " in n for n in names)  # each read with its token
    assert {"Protection token 1: Mess Hall", "Protection token 2: Mess Hall"} <= set(names)
    assert next(b for b in all_buttons(body) if name(b) == "Protect").disabled
    tap(body, f"Protection token 1: {first}")
    tap(build(table), f"Protection token 2: {second}")
    tap(build(table), "Protect")
    assert table.errors == [] and table.state["actions"] == 2
    ids = {"Mess Hall": "mess-hall", "Bridge": "bridge"}
    assert [t["room"] for t in table.state["protection"]] == [ids[first], ids[second]]
    assert "Protection token 1:" not in shown(build(table))                   # closed once placed


@pytest.mark.parametrize("lang, words_shown", [
    ("en", ["Armoury: protect… (2 tokens)", "Protection token 1:", "Protect"]),
    ("zh-CN", ["军械库：保护…（2 个标记）", "第 1 个保护标记：", "放置保护"])])
def test_the_armourys_pickers_in_each_language(lang, words_shown):
    table = armoury_turn(lang)
    opener, heading, send = words_shown
    tap(build(table), opener)
    body = build(table)
    assert heading in shown(body) and send in [name(b) for b in all_buttons(body)]


@pytest.mark.parametrize("lang, here", [("en", "Here:"), ("zh-CN", "在此：")])
def test_a_room_shows_a_word_a_line(lang, here):
    """Each repair space is its own line, its resource's name alone (a line of all three, "修复：纳米机器人，能量，
    金属", broke inside "纳米机器人" in a phone's narrow room), and who is here a name a line ("Cy ♥" broke
    after "Cy")."""
    table = Table("solar_storm", ["Ann", "Cy ♥"], lang=lang)
    ctx = table.ctx()
    public = ctx.engine.player_view(table.state, None)
    for room in view.ROOM_IDS:
        texts = shown(view.room_cell(ctx, public, room))
        cubes = public["rooms"][room]["cubes"]
        assert texts[:2] == [view.room_name(ctx, room), ctx.t("solar_storm.view.cubes", cubes=sum(cubes))]
        assert [text.replace(words.MARK, "") for text in texts[2:5]] == [view.card_name(ctx, card)
                                                                         for card in ROOMS[room]["track"]]
    assert shown(view.room_cell(ctx, public, view.CORE)) == [view.room_name(ctx, view.CORE), here, "Ann", "Cy ♥"]



@pytest.mark.parametrize("lang, said", [("en", ("cube", "no cube")), ("zh-CN", ("有方块", "无方块"))])
def test_a_room_is_read_whole_and_each_repair_space_says_cube_or_empty(lang, said):
    """A room is a semantics group of its own, each line a node inside it (a screen reader read a row's three
    rooms line by line across), and a repair space's square is read as a cube or none (it was silent:
    "data, metal, nanobots" under "Cubes: 2/3" never said which spaces hold the cubes)."""
    table = Table("solar_storm", ["Ann", "Bo"], lang=lang)
    ctx = table.ctx()
    public = ctx.engine.player_view(table.state, None)
    for room in view.ROOM_IDS:
        cell = view.room_cell(ctx, public, room)
        assert isinstance(cell, ft.Semantics) and cell.container and cell.expand
        lines = cell.content.content.content.controls
        assert all(isinstance(line, ft.Semantics) and line.container for line in lines)
        spaces = [space.controls[1].content.semantics_label for space in lines[2].content.controls]
        sep = ", " if lang == "en" else "，"
        assert spaces == [(said[0] if cube else said[1]) + sep + view.card_name(ctx, card)
                          for cube, card in zip(public["rooms"][room]["cubes"], ROOMS[room]["track"])]


def test_a_rooms_chinese_texts_break_only_between_words():
    """At 390x844 with the phone's text at 2x the rooms' texts wrapped to 船员宿 / 舍, 能源核 / 心, 移到这 / 里 (a
    screenshot of the ship), then "修复方 / 块：2/3" and "纳米机 / 器人" (120 px in a room of 104): every text of a
    room is now kept whole, a line breaking only after a pause mark or where the language file marks a long word's
    end (`words.whole_words`): 移到 / 这里, 方块： / 2/3, 纳米 / 机器人, 已转移 / 电力."""
    table = Table("solar_storm", ["Ann", "Bo"], lang="zh-CN")
    ctx = table.ctx()
    public = ctx.engine.player_view(table.state, None)
    public["rooms"]["mess-hall"]["diverted"] = True
    for room in [*view.ROOM_IDS, view.CORE]:
        lines = view.room_cell(ctx, public, room, on_move=lambda e=None: None).content.content.content.controls
        name = view.room_name(ctx, room)
        assert lines[0].content.value == "\u2060".join(name)
        assert lines[-1].content.content.value == "移\u2060到\u200b这\u2060里"
        if room != view.CORE:
            assert lines[1].content.value == f"方\u2060块\u2060：{sum(public['rooms'][room]['cubes'])}/3"
    lines = view.room_cell(ctx, public, "mess-hall").content.content.content.controls
    texts = [getattr(line.content, "value", None) for line in lines]
    assert "已\u2060转\u2060移\u200b电\u2060力" in texts


def test_a_repair_spaces_word_goes_under_its_square_rather_than_being_broken():
    """A repair space's square and word wrap as two pieces: where the word does not fit beside its square it goes
    under it, whole (with a phone's text set larger, 1.5×, the right-hand rooms' "纳米机器人" lost its last
    character at the room's edge; at 2x "nanobots" beside its square read "nanob / ots"), a Chinese word broken
    only where its language file marks it ("纳米机器 / 人", then "纳米机 / 器人", now "纳米 / 机器人"). A word with a marked
    break stays beside its square and breaks there: at 2x the square stood alone above "纳米 / 机器人"."""
    table = Table("solar_storm", ["Ann", "Bo"], lang="zh-CN")
    row = view.track_space(table.ctx(), "nanobots", False)
    (_, word) = row.controls
    assert not row.wrap and word.expand and word.expand_loose
    assert word.content.value == "纳\u2060米\u200b机\u2060器\u2060人"
    assert word.content.semantics_label.endswith("纳米机器人")
    english = view.track_space(Table("solar_storm", ["Ann", "Bo"]).ctx(), "nanobots", False)
    assert english.wrap and not english.controls[1].expand  # "nanobots" has no marked break: under its square

def test_a_turn_by_taps():
    table = Table("solar_storm", ["Ann", "Bo"])
    tap(build(table), "End actions")
    assert table.state["phase"] == "collect" and table.state["tokens"]["Ann"] == 1   # 3 unused → 1 token
    face = table.state["resources"]["face_up"][0]
    tap(build(table), f"Face-up {view.card_name(table.ctx(), face)}")
    assert table.errors == [] and table.state["phase"] == "damage" and face in table.state["hands"]["Ann"]
    tap(build(table), "Draw the damage card")
    assert table.state["turn"] == "Bo" and any(t.startswith("Last damage: ") for t in shown(build(table)))


@pytest.mark.parametrize("phase, picks, shown_first", [("collect", 0, "Face-up"), ("scavenge", 1, "Face-up"),
                                                        ("discard", 0, "metal")])
def test_the_only_move_offered_shows_its_choices_without_a_tap_to_open_them(phase, picks, shown_first):
    """Collecting, a scavenge's pick and a discard offer one move: its choices were behind a "Take a card… (3
    choices)" button whose tap could only open them, two taps a card every turn (seen on a 390x844 phone, 3
    players). They are on screen at once, one tap each, and no opener is left."""
    table = Table("solar_storm", ["Ann", "Bo"])
    table.state["phase"], table.state["picks"] = phase, picks
    table.state["hands"]["Ann"] = ["metal"] * 4 + ["data"] * 3 if phase == "discard" else table.state["hands"]["Ann"]
    said = [name(b) for b in all_buttons(build(table))]
    assert any(s.startswith(shown_first) for s in said), said
    assert not [s for s in said if "…" in s], said


def test_two_face_up_cards_of_one_kind_are_one_choice():
    """Both face-up cards data: "Take a card… (3 choices)" opened two "Face-up data" buttons side by side (the
    same move either way); it is one, beside the deck."""
    table = Table("solar_storm", ["Ann", "Bo"])
    table.state["resources"]["face_up"] = ["data", "data"]
    tap(build(table), "End actions")
    assert [b.content for b in all_buttons(build(table)) if b.content.startswith(("Face-up", "Draw 2"))] \
        == ["Face-up data", "Draw 2 from the deck"]
    held = table.state["hands"]["Ann"].count("data")
    tap(build(table), "Face-up data")
    assert table.errors == [] and table.state["hands"]["Ann"].count("data") == held + 1


def test_a_hand_uncovered_on_a_shared_phone_is_covered_when_the_turn_passes():
    """Private hands, one phone passed round (3 players, 390x844): Ann showed her hand, ended her turn and handed
    the phone on; Bo's turn opened with "Hand: energy, energy, …" and "Hide Ann's hand" still on screen. Once the
    turn has passed the hand is covered again; within the turn it stays uncovered."""
    table = Table("solar_storm", ["Ann", "Bo"])
    tap(build(table), "Show Ann's hand")
    tap(build(table), "End actions")
    assert "Hide Ann's hand" in [name(b) for b in all_buttons(build(table))]          # still Ann's turn
    tap(build(table), "Draw 2 from the deck")
    tap(build(table), "Draw the damage card")
    assert table.state["turn"] == "Bo"
    assert "Show Ann's hand" in [name(b) for b in all_buttons(build(table))]
    assert not [t for t in shown(build(table)) if t.startswith("Hand: ")]


def test_hands_only_when_uncovered():
    table = Table("solar_storm", ["Ann", "Bo"])
    hand = table.state["hands"]["Ann"]
    words = view.card_name(table.ctx(), sorted(hand)[0])
    assert not any(t.startswith("Hand: ") for t in shown(build(table)))
    tap(build(table), "Show Ann's hand")
    texts = shown(build(table))
    assert [t for t in texts if t.startswith("Hand: ")] == [
        "Hand: " + listed("en", [view.card_name(table.ctx(), c) for c in sorted(hand)])] and words
    tap(build(table), "Hide Ann's hand")
    assert not any(t.startswith("Hand: ") for t in shown(build(table)))


def cargo_hold_look() -> tuple[Table, list[str]]:
    """Ann alone in a repaired Cargo Hold, looking at the top 5 resources: the table and those cards."""
    table = Table("solar_storm", ["Ann"])
    table.state["where"]["Ann"] = "cargo-hold"
    table.state["rooms"]["cargo-hold"]["cubes"] = [True, True, True]
    tap(build(table), "Cargo Hold: look at 5 resources")
    return table, list(table.state["resources"]["deck"][:5])


def test_cargo_hold_arrange_by_taps():
    table, top = cargo_hold_look()
    body = build(table)
    labels = [b.content for b in all_buttons(body)]
    assert "Put back" in labels
    buttons = [b for b in all_buttons(body) if b.content == view.card_name(table.ctx(), top[4])]
    buttons[-1].on_click(None)                                    # the fifth card goes on top
    tap(build(table), "Put back")
    assert table.state["resources"]["deck"][:5] == [top[4]] + top[:4] and table.state["phase"] == "actions"
    assert any(t.startswith("Top of the resource deck (seen in the Cargo Hold): ") for t in shown(build(table)))


def test_a_card_tapped_into_the_wrong_place_of_the_new_order_can_be_taken_back():
    """Looking in the Cargo Hold, a card tapped first by mistake could not be taken back (its button disabled, no
    way to start the order again): the wrong order had to be put back. "Start again" clears the order tapped."""
    table, top = cargo_hold_look()
    [b for b in all_buttons(build(table)) if b.content == view.card_name(table.ctx(), top[4])][-1].on_click(None)
    assert f"New order: {view.card_name(table.ctx(), top[4])}" in shown(build(table))
    tap(build(table), "Start again")
    body = build(table)
    assert "Untapped cards keep their order." in shown(body) and not any(b.disabled for b in all_buttons(body))
    tap(build(table), "Put back")
    assert table.state["resources"]["deck"][:5] == top and table.state["phase"] == "actions"

def test_refusal_is_shown_not_applied():
    table = Table("solar_storm", ["Ann", "Bo"])
    ok = table.ctx().dispatch({"type": "move", "by": "Bo", "room": "bridge"})
    assert not ok and table.errors == ["solar_storm.not_your_turn"] and table.record["actions"] == []


def test_loss_screen_says_why_in_chinese():
    table = Table("solar_storm", ["甲"], lang="zh-CN")
    table.state["result"] = {"won": False, "reason": "room_destroyed", "room": "bridge"}
    table.state["over"] = True
    texts = shown(view.final(table.ctx()))
    assert "船员失败。" in texts and "舰桥在没有修复方块时再次受损。" in texts


def test_once_the_game_is_over_no_damage_card_is_said_to_come_next():
    """The loss screen (3 players, a 390x844 phone) went on saying "The next damage card hits 3 rooms." under
    "The crew loses.": no card comes next. It keeps how many damage cards are left."""
    table = Table("solar_storm", ["Ann", "Bo"])
    table.state["result"] = {"won": False, "reason": "room_destroyed", "room": "bridge"}
    table.state["over"] = True
    texts = shown(build(table))
    assert "Damage cards left: 22" in texts and not [t for t in texts if t.startswith("The next damage card")]


def typed_table(players=("Ann", "Bo"), lang: str = "en", **options) -> Table:
    """A game the table deals (cards, rooms and rolls typed)."""
    return Table("solar_storm", list(players), options={"deal": "table", **options}, lang=lang)


def deal_button(table: Table):
    """The setup form's Deal button."""
    return next(b for b in all_buttons(build(table)) if b.content == "Deal")


def test_typed_setup_by_taps():
    table = typed_table(layout="listed")
    texts = shown(build(table))
    assert "Ann starts with 4 cards." in texts and deal_button(table).disabled   # nothing typed: refused, not sent
    for card in ("data", "metal", "energy", "nanobots"):           # Ann's 4 (2 players: 4 each)
        tap(build(table), card)
    assert "Ann (4/4)" in shown(build(table)) and "Bo starts with 4 cards." in shown(build(table))
    for card in ("universal", "data", "data", "metal"):            # the target moved on to Bo by itself
        tap(build(table), card)
    tap(build(table), "metal")                                     # then the face-up pair
    tap(build(table), "energy")
    assert "Type the 2 setup damage cards." not in shown(build(table))
    assert "This damage card names 3 rooms." in shown(build(table))
    for room in ("Bridge", "Armoury", "Mess Hall"):                # damage card 1 in its printed order
        tap(build(table), room)
    for room in ("Bridge", "Cargo Hold", "Mess Hall"):             # card 2 chosen by itself; Mess Hall taken back
        tap(build(table), room)
    tap(build(table), "Remove Mess Hall (position 3)")
    tap(build(table), "Engine Room")
    assert "2. Cargo Hold" in [label(b) for b in all_buttons(build(table))]
    assert table.record["actions"] == [] and not deal_button(table).disabled
    tap(build(table), "Deal")
    sent = table.record["actions"][-1]
    assert table.errors == [] and sent["type"] == "setup" and "layout" not in sent
    assert sent["hands"] == {"Ann": ["data", "metal", "energy", "nanobots"],
                             "Bo": ["universal", "data", "data", "metal"]}
    assert sent["face_up"] == ["metal", "energy"]
    assert sent["damage"] == [["bridge", "armoury", "mess-hall"], ["bridge", "cargo-hold", "engine-room"]]
    state = table.state
    assert state["phase"] == "actions" and state["turn"] == "Ann"
    assert sum(state["rooms"]["bridge"]["cubes"]) == 1             # hit by both cards: 3 − 2
    # 15 × 4 + 6 universal = 66; 8 in hands + 2 face up = 10 typed: 56 left
    assert "Resource deck: 56 cards · discard pile: 0" in shown(build(table))
    assert table.local["solar_storm"]["deal"]["hands"] == {}       # the form starts empty again


def test_typed_setup_shows_the_engines_refusal():
    table = typed_table(["Ann"], difficulty="impossible", start_cards=[1, 4, 3, 2])
    tap(build(table), "universal")                                 # impossible: no universal card in the deck
    assert "No universal card is left in the resource deck." in shown(build(table))
    assert deal_button(table).disabled and table.record["actions"] == []
    tap(build(table), "Remove universal")                               # take it back
    assert "Ann starts with 1 card." in shown(build(table))


def test_typed_setup_with_the_tables_layout():
    table = typed_table(["Ann"], start_cards=[1, 4, 3, 2])
    tap(build(table), "As on our table")
    ring = list(reversed(view.ROOM_IDS))
    for room in ring[:3]:
        tap(build(table), view.room_name(table.ctx(), room))
    assert "The layout must list each of the 8 rooms once." in shown(build(table))
    for room in ring[3:]:
        tap(build(table), view.room_name(table.ctx(), room))
    assert "8. " + view.room_name(table.ctx(), ring[7]) + " ×" in [label(b) for b in all_buttons(build(table))]
    # the damage grid now shows the typed layout: the top-left corner is the first room tapped
    grid = [b.content for b in all_buttons(build(table)) if b.content in {view.room_name(table.ctx(), r)
                                                                         for r in view.ROOM_IDS}]
    assert grid[0] == view.room_name(table.ctx(), ring[0])
    for card in ("data", "metal", "energy"):
        tap(build(table), card)
    for room in ring[:3] + ring[3:6]:
        tap(build(table), view.room_name(table.ctx(), room))
    tap(build(table), "Deal")
    assert table.errors == [] and table.record["actions"][-1]["layout"] == ring
    assert table.state["layout"][0] == ring[0] and table.state["layout"][4] == view.CORE


def picked_rooms(lang: str, typed: bool) -> tuple[Table, list[str], list[str]]:
    """Bridge, then Armoury tapped on the typed layout's list (typed) or on the set-up damage grid: the table, what
    their picked buttons are read as, and what they should be read as."""
    table = typed_table(["Ann"], start_cards=[1, 4, 3, 2], lang=lang)
    if typed:
        tap(build(table), words.say(lang, "solar_storm.view.layout_typed"))
    rooms = [view.room_name(table.ctx(), r) for r in ("bridge", "armoury")]
    for room in rooms:
        tap(build(table), room)
    shown_as = [f"{i + 1}. {room}" + (" ×" if typed else "") for i, room in enumerate(rooms)]
    picked = [b for b in all_buttons(build(table)) if label(b) in shown_as]
    said = {"en": ["Remove Bridge (position 1)", "Remove Armoury (position 2)"],
            "zh-CN": [f"去掉 {rooms[0]}（第 1 个位置）", f"去掉 {rooms[1]}（第 2 个位置）"]}[lang]
    return table, [name(b) for b in picked], said


def test_a_typed_layouts_room_is_named_by_what_a_tap_does_then_its_position_in_each_language():
    """A picked room was read "Remove 1. Bridge" (the ordinal read as part of a name): the button is named
    "Remove Bridge (position 1)" / "去掉 舰桥（第 1 个位置）"; the eye keeps "1. Bridge ×"."""
    for lang in ("en", "zh-CN"):
        _, read, said = picked_rooms(lang, typed=True)
        assert read == said, lang


def test_a_setup_damage_cards_room_is_named_by_what_a_tap_does_then_its_position_in_each_language():
    """A room tapped on the setup damage grid was read "2. Armoury" (the ordinal as its name, not what a tap does):
    it is named "Remove Armoury (position 2)" / "去掉 军械库（第 2 个位置）", and a tap on it takes it back; the eye
    keeps "2. Armoury"."""
    for lang in ("en", "zh-CN"):
        table, read, said = picked_rooms(lang, typed=False)
        assert read == said, lang
        tap(build(table), said[0])
        assert table.local["solar_storm"]["deal"]["damage"][0] == ["armoury"], lang


def typed_game() -> Table:
    """A table-dealt game of Ann and Bo after a typed setup, rooms as listed."""
    table = typed_table(layout="listed")
    assert table.apply({"type": "setup", "by": "table", "hands": {"Ann": ["data"] * 4, "Bo": ["metal"] * 4},
                        "face_up": ["energy", "nanobots"],
                        "damage": [["bridge", "armoury", "mess-hall"], ["medical-bay", "cargo-hold", "engine-room"]]})
    return table


def test_typed_draw_by_chips():
    table = typed_game()
    tap(build(table), "End actions")
    body = build(table)
    assert "First tap where the card comes from, or what the die shows." in shown(body)
    assert "Send" not in [b.content for b in all_buttons(body)]   # nothing chosen for the table yet
    tap(body, "Face-up energy")
    assert "Type exactly 1 card drawn." in shown(build(table))   # a face-up card: its refill is typed
    tap(build(table), "Draw 2 from the deck")
    tap(build(table), "data")
    assert "Type exactly 2 cards drawn." in shown(build(table))
    tap(build(table), "universal")
    tap(build(table), "Send")
    assert table.errors == [] and table.record["actions"][-1]["cards"] == ["data", "universal"]
    assert table.state["phase"] == "damage" and sorted(table.state["hands"]["Ann"]) == ["data"] * 5 + ["universal"]


def test_the_last_damage_line_says_which_rooms_a_protection_token_saved():
    """A damage card on a protected room: the token takes the hit and the line under the turn says so (it read
    "Last damage: Repair Centre, Crew Quarters and Armoury" over an Armoury that kept its cubes, seen on a phone
    after the Armoury's tokens)."""
    table = typed_game()
    state = table.state
    state["damage"]["deck"] = state["damage"]["deck"][16:]
    state["phase"] = "damage"
    state["protection"] = [{"room": "armoury", "by": "Ann"}]
    before = sum(state["rooms"]["armoury"]["cubes"])
    for room in ("Repair Centre", "Crew Quarters", "Armoury", "Send"):
        tap(build(table), room)
    assert table.errors == [] and sum(table.state["rooms"]["armoury"]["cubes"]) == before
    assert table.state["last_protected"] == ["armoury"]
    assert "Last damage card: Repair Centre, Crew Quarters and Armoury; a protection token took the hit on Armoury" \
        in shown(build(table))


def test_typed_three_room_damage_card_on_the_grid():
    table = typed_game()
    state = table.state
    state["damage"]["deck"] = state["damage"]["deck"][16:]        # the one- and two-room cards are gone
    state["phase"] = "damage"
    body = build(table)
    assert "Tap the 3 rooms on the damage card, in the printed order." in shown(body)
    assert len([b for b in all_buttons(body) if b.content.startswith("Draw")]) == 0   # no 56-button list
    # Bridge taken back by its name on the grid
    for room in ("Repair Centre", "Bridge", "Crew Quarters", "Remove Bridge (position 2)", "Armoury"):
        tap(build(table), room)
    assert "This damage card names 3 rooms." not in shown(build(table))
    tap(build(table), "Send")
    assert table.record["actions"][-1]["rooms"] == ["repair-centre", "crew-quarters", "armoury"]
    assert table.state["last_damage"] == ["repair-centre", "crew-quarters", "armoury"]
    assert sum(table.state["rooms"]["armoury"]["cubes"]) == 1     # setup hit it once, this card once more: 3 − 2
    assert table.state["turn"] == "Bo"


def test_typed_hull_breach_roll_then_cards():
    table = typed_game()
    table.state["damage"]["deck"] = []                             # every damage card drawn: the Hull Breach
    table.state["phase"] = "damage"
    tap(build(table), "Rolled 5")
    assert "Tap the 3 cards that came up." in shown(build(table))   # 5–6: three cards discarded
    for card in ("data", "data", "metal"):
        tap(build(table), card)
    tap(build(table), "Send")
    assert table.errors == [] and table.record["actions"][-1]["roll"] == 5
    assert table.state["resources"]["discard"] == ["data", "data", "metal"] and table.state["turn"] == "Bo"


def in_chinese(table: Table) -> list[str]:
    """The table's screen read on a Chinese phone."""
    table.lang = "zh-CN"
    try:
        return shown(build(table))
    finally:
        table.lang = "en"


def test_the_last_roll_says_what_it_decided():
    """"Last roll: 5" said the die but not what it was for or what it did (a scavenge's cards, the Hull Breach's
    discards; the Hull Breach's roll still showed on the next player's turn): the line says both."""
    table = typed_game()
    assert table.apply({"type": "scavenge", "by": "Ann", "roll": 2})
    assert "Last roll: 2 (scavenging) gives no cards" in shown(build(table))
    assert table.apply({"type": "scavenge", "by": "Ann", "roll": 6})
    assert "Last roll: 6 (scavenging) gives 2 cards" in shown(build(table))
    assert "上次掷骰：6（搜刮），得到 2 张牌" in in_chinese(table)
    table.state["damage"]["deck"], table.state["phase"] = [], "damage"  # every damage card drawn: the Hull Breach
    assert table.apply({"type": "damage", "by": "Ann", "roll": 5, "cards": ["data", "data", "metal"]})
    assert table.state["turn"] == "Bo"
    assert "Last roll: 5 (Hull Breach) discards 3 resource cards" in shown(build(table))
    assert "上次掷骰：5（船体破裂），弃掉 3 张资源卡" in in_chinese(table)


def test_the_last_roll_line_reads_what_the_engine_says_it_decided():
    """The view worked out the roll's cards with the engine's functions (views hold no rules): it reads them from the
    engine's view (`roll_cards`), so what the engine says is what the line says."""
    table = typed_game()
    assert table.apply({"type": "scavenge", "by": "Ann", "roll": 6})
    table.state["roll_cards"] = 1  # whatever the engine says the roll decided
    assert "Last roll: 6 (scavenging) gives 1 card" in shown(build(table))


@pytest.mark.parametrize("key, count, one, two", [
    ("solar_storm.view.hint.scavenge", "picks", "Scavenging: take 1 more card.", "Scavenging: take 2 more cards."),
    ("solar_storm.view.damage_next", "rooms", "The next damage card hits 1 room.",
     "The next damage card hits 2 rooms."),
    ("solar_storm.view.tap_rooms", "count", "Tap the 1 room on the damage card.",
     "Tap the 2 rooms on the damage card, in the printed order."),
    ("solar_storm.view.tap_cards", "count", "Tap the 1 card that came up.", "Tap the 2 cards that came up."),
    ("solar_storm.hands_invalid", "count", "Type every player's starting hand (1 card each).",
     "Type every player's starting hand (2 cards each)."),
    ("solar_storm.order_invalid", "count", "Give the new order of the 1 card.", "Give the new order of all 2 cards."),
])
def test_counted_texts_read_singular_at_one_in_english_and_alike_in_chinese(key, count, one, two):
    assert words.say("en", key, **{count: 1}) == one and words.say("en", key, **{count: 2}) == two
    assert words.say("zh-CN", key, **{count: 1}) == words.say("zh-CN", key, **{count: 2}).replace("2", "1")


def test_a_cube_and_an_empty_space_differ_in_colour_and_fill():
    """A cube is a solid square in the primary colour, an empty space a hollow one in the outline colour (a cube in
    the text colour looked like an empty checkbox in the dark theme)."""
    cube, empty = view.cube_box(True), view.cube_box(False)
    assert cube.bgcolor == cube.border.top.color == ft.Colors.PRIMARY
    assert empty.bgcolor is None and empty.border.top.color == ft.Colors.OUTLINE


def test_the_turn_moves_and_result_cards_take_the_columns_width():
    """The turn card, the moves card and the won/lost banner end at the column's right edge, as the ship below
    them does (each ended where its longest line did)."""
    table = Table("solar_storm", ["Ann", "Bo"])
    assert fills_its_column(build(table), "3 actions left, 0 tokens")
    ctx = table.ctx()
    assert view.moves_panel(ctx, view.draft_of(ctx)).alignment is not None
    table.state["result"] = {"won": False, "reason": "room_destroyed", "room": "bridge"}
    table.state["over"] = True
    assert fills_its_column(view.final(table.ctx()), "The crew loses.")


def test_with_private_hands_taking_a_card_offers_every_kind_not_what_the_other_holds():
    """Session 46's table-mode audit: "Take a card from a player" listed exactly the kinds Bo held, on the shared
    screen and on Ann's phone, while Bo's hand showed as blanks. With private hands every kind is offered (five,
    whatever Bo holds); one Bo lacks is refused, saying so; Bo's hand is unchanged."""
    table = Table("solar_storm", ["Ann", "Bo"])
    bo = sorted(set(table.state["hands"]["Bo"]))
    tap(build(table), "Take a card from a player… (1 player)")
    labels = [label(b) for b in all_buttons(build(table))]
    lacking = next(card for card in ("data", "metal", "nanobots", "energy", "universal") if card not in bo)
    assert sum(1 for text in labels if view.card_name(table.ctx(), lacking) in str(text)) >= 1
    before = list(table.state["hands"]["Bo"])
    assert not table.apply({"type": "receive", "by": "Ann", "player": "Bo", "card": lacking})
    assert table.state["hands"]["Bo"] == before and table.errors


def test_typed_setup_a_card_tapped_with_every_hand_and_the_face_up_pair_full_says_so():
    table = typed_table()
    for card in ("data", "metal", "energy", "nanobots", "universal", "data", "data", "metal", "metal", "energy"):
        tap(build(table), card)                                    # Ann's 4, Bo's 4, the face-up 2: all full
    assert table.errors == []
    tap(build(table), "data")                                      # one card too many: said, not dropped
    deal = table.local["solar_storm"]["deal"]
    assert table.errors == [] and deal["face_up"] == ["metal", "energy"]  # no bar: said under the chips tapped
    assert [len(cards) for cards in deal["hands"].values()] == [4, 4]
    body = build(table)
    assert said_under(body, keyed(body, "deal-cards")) == [
        "Face up already has 2 cards: tap one of them to remove it first, or choose another."]
    assert table.local["_into_view"][0] == "deal-cards"
    tap(body, "Remove energy")                                     # room again: the reason no longer holds
    assert said_under(build(table), keyed(build(table), "deal-cards")) == []


def test_the_setup_forms_piles_are_keyed_each_its_own_and_a_late_tap_is_said_under_its_pile():
    """The typed setup shows a pile per hand, the face-up pair's and the layout's, most of them empty: each has a
    scroll key of its own (a key derived from the labels repeats, two empty piles, and repeated scroll keys clash in
    the browser). A second tap on a card just taken back, before the pile is drawn again, is said under that pile,
    not in the bar."""
    table = typed_table()
    tap(build(table), "As on our table")
    tap(build(table), "data")
    tap(build(table), "metal")
    body = build(table)
    scrolled = [c.key.value for c in walk(body) if isinstance(c.key, ft.ScrollKey)]
    assert {"pile-layout", "pile-deal-0", "pile-deal-1", "pile-deal-2"} <= set(scrolled)
    assert len(scrolled) == len(set(scrolled)), scrolled
    data = next(b for b in all_buttons(body) if label(b) == "data ×")
    data.on_click(None)
    data.on_click(None)
    assert table.errors == [] and table.local["solar_storm"]["deal"]["hands"]["Ann"] == ["metal"]
    body = build(table)
    assert said_under(body, keyed(body, "pile-deal-0")) == [words.say("en", "app.tap_gone")]


def keyed(body, at: str) -> ft.Control:
    """The control keyed `ft.ScrollKey(at)`, under which a refusal tapped there is said."""
    return next(c for c in walk(body) if c.key == ft.ScrollKey(at))


def lead(body, text: str) -> ft.Text:
    """The line of a typed draw that says what to tap."""
    return next(c for c in walk(body) if isinstance(c, ft.Text) and c.value == text)


def pile_shown(body) -> list[str]:
    """The typed cards (or rooms) as the form shows them, each a button that takes it back."""
    return [label(b) for b in all_buttons(body) if label(b).endswith(" ×")]


def test_a_double_tap_on_a_card_chip_once_the_draw_is_full_is_refused_in_words_not_kept_unseen():
    """Two cards from the deck: data, then metal tapped twice before the redraw (both taps reach the chip of the
    screen that still showed it). The second is refused, saying the draw is full; the draft holds what the form
    shows. It kept a third card unseen (the form showed the first two), which came into sight once data was taken
    back and went with the draw: metal and metal were sent."""
    table = typed_game()
    tap(build(table), "End actions")
    tap(build(table), "Draw 2 from the deck")
    tap(build(table), "data")
    metal = next(b for b in all_buttons(build(table)) if b.content == "metal")
    metal.on_click(None)
    metal.on_click(None)
    assert table.local["solar_storm"]["pick"]["cards"] == ["data", "metal"]
    assert table.errors == []                                      # no bar over the pile: said where to tap
    body = build(table)
    assert said_under(body, lead(body, "Tap the 2 cards that came up.")) == [
        "All 2 cards that came up are typed: tap one of them to remove it first."]
    assert words.say("en", "solar_storm.view.draw_full", count=2) == \
        "All 2 cards that came up are typed: tap one of them to remove it first."
    assert words.say("zh-CN", "solar_storm.view.draw_full", count=2) == "抽到的 2 张卡都已点选：先点其中一张去掉。"
    body = build(table)
    assert pile_shown(body) == ["data ×", "metal ×"]
    tap(body, "Remove data")
    assert pile_shown(build(table)) == ["metal ×"]
    tap(build(table), "energy")
    tap(build(table), "Send")
    assert table.record["actions"][-1]["cards"] == ["metal", "energy"]


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
@pytest.mark.parametrize("key", ["solar_storm.view.draw_full", "solar_storm.view.target_full"])
@pytest.mark.parametrize("count", [1, 2])
def test_a_full_draw_or_hand_says_to_tap_the_typed_cards_with_the_verb_they_are_named_by(lang, key, count):
    """The refusal points at the typed cards' buttons ("data ×", read "Remove data" / "去掉 data"): it tells the
    player to remove one, in the buttons' own verb, not to "take it back" (取回), a name no button carries."""
    verb = words.say(lang, "cards.view.remove_name", card="").strip()
    hint = words.say(lang, key, what="Ann", count=count)
    assert verb.lower() in hint.lower() and "take it back" not in hint and "取回" not in hint


def test_a_double_tap_on_two_rooms_of_a_full_damage_card_is_refused_and_one_room_twice_toggles():
    """A one-room damage card: Bridge and Armoury tapped on the same screen (Armoury before the redraw rests it):
    Armoury is refused in words and the card holds Bridge, as shown. Bridge tapped twice takes it back, as shown."""
    table = typed_game()
    table.state["phase"] = "damage"
    body = build(table)
    assert "Tap the 1 room on the damage card." in shown(body)
    tap(body, "Bridge")
    tap(body, "Armoury")
    assert table.local["solar_storm"]["pick"]["rooms"] == ["bridge"]
    assert table.errors == []                                      # no bar over the grid: said above it
    body = build(table)
    assert said_under(body, lead(body, "Tap the 1 room on the damage card.")) == [
        "The 1 room of the damage card is tapped: tap it to take it back first."]
    assert words.say("en", "solar_storm.view.rooms_full", count=1) == \
        "The 1 room of the damage card is tapped: tap it to take it back first."
    assert "1. Bridge" in [label(b) for b in all_buttons(build(table))]
    bridge = next(b for b in all_buttons(build(table)) if label(b) == "1. Bridge")
    bridge.on_click(None)
    assert table.local["solar_storm"]["pick"]["rooms"] == []
    assert "The 1 room of the damage card is tapped" not in " ".join(shown(build(table)))
    assert "1. Bridge" not in [label(b) for b in all_buttons(build(table))]


def test_cards_typed_beyond_the_draw_are_shown_with_the_refusal_not_cut_off():
    """Three cards in the draft of this draw (a draft kept from before typed draws were refused once full) where
    the face-up card's refill is one: all three are shown, with the engine's refusal, and Send waits; taking two
    back sends the one left."""
    table = typed_game()
    tap(build(table), "End actions")
    table.local["solar_storm"]["pick"].update({"group": 0, "cards": ["data", "metal", "energy"],
                                               "for": ["take", "Ann", table.state["turns"]]})
    body = build(table)
    assert "Type exactly 1 card drawn." in shown(body) and pile_shown(body) == ["data ×", "metal ×", "energy ×"]
    assert next(b for b in all_buttons(body) if b.content == "Send").disabled
    tap(body, "Remove data")
    tap(build(table), "Remove metal")
    tap(build(table), "Send")
    assert table.errors == [] and table.record["actions"][-1]["cards"] == ["energy"]


def test_two_cards_tapped_into_the_new_order_before_the_redraw_are_both_kept():
    """The Cargo Hold's look: the fifth card then the fourth, both on the screen that showed neither tapped; the
    new order holds both (the second took the first one's place)."""
    table, _ = cargo_hold_look()
    body = build(table)
    looked = [b for b in all_buttons(body) if b.content in {view.card_name(table.ctx(), c) for c in view.CARDS}
              and not b.disabled][-5:]
    looked[4].on_click(None)
    looked[3].on_click(None)
    looked[4].on_click(None)  # the fifth again: it is in the order already
    assert table.local["solar_storm"]["order"] == [4, 3]


def test_after_a_bridge_look_a_damage_card_of_any_looked_size_is_typed():
    """The Bridge looked at a one-room card and two two-room ones, which the table put back in an order of its own:
    the next card may be either size. The form took the smallest (it read "Tap the 1 room on the damage card." and
    rested the grid after one room), so a two-room card could not be typed."""
    table = typed_game()
    state = table.state
    state["damage"]["deck"] = state["damage"]["deck"][7:]       # 1, 2, 2, … on top
    state["damage"]["loose"] = 3                                # the three looked at
    state["phase"] = "damage"
    assert ("Tap the rooms on the damage card that came up, in the printed order (after the Bridge's look it may "
            "be any of the cards looked at, whatever its size).") in shown(build(table))
    tap(build(table), "Bridge")
    tap(build(table), "Armoury")
    tap(build(table), "Send")
    assert table.errors == [] and table.record["actions"][-1]["rooms"] == ["bridge", "armoury"]
    assert table.state["damage"]["deck"][:1] == [1] and table.state["damage"]["loose"] == 2


def test_a_draw_typed_here_but_made_on_another_screen_is_not_carried_into_the_next():
    """Ann's draw half typed here (data), then made on another phone: Bo's draw next turn opened with "data"
    already typed here."""
    table = typed_game()
    tap(build(table), "End actions")
    tap(build(table), "Draw 2 from the deck")
    tap(build(table), "data")
    assert table.apply({"type": "take", "by": "Ann", "source": "deck", "cards": ["metal", "energy"]})
    assert table.apply({"type": "damage", "by": "Ann", "rooms": ["bridge"]})
    assert table.apply({"type": "end_actions", "by": "Bo"})
    body = build(table)
    assert "First tap where the card comes from, or what the die shows." in shown(body) and pile_shown(body) == []


def mess_hall_turn(lang: str = "en") -> Table:
    """Ann's turn in a fully repaired Mess Hall, with Bo and Cy elsewhere; private hands (the engine's `asks`: every
    kind may be asked for). Ann holds data and metal, Bo energy and nanobots."""
    table = Table("solar_storm", ["Ann", "Bo", "Cy"], lang=lang)
    table.state["where"]["Ann"] = "mess-hall"
    table.state["rooms"]["mess-hall"]["cubes"] = [True] * 3
    table.state["hands"].update(Ann=["data", "metal"], Bo=["energy", "nanobots"], Cy=["data"])
    return table


def panel_buttons(table: Table) -> list[str]:
    """What each button of the moves panel is read as."""
    ctx = table.ctx()
    return [name(b) for b in all_buttons(view.moves_panel(ctx, view.draft_of(ctx)))]


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_the_mess_hall_is_chosen_whom_then_give_then_take_then_one_confirm(lang):
    """The Mess Hall gives, takes or swaps one card with any other player (the original's 食堂). Its choices were one
    button per player × card to give (or none) × card to take (or none): 2 × 3 × 6 − 2 = 34 buttons with private
    hands. They are steps: whom, then what to give (Ann's cards or nothing), then what to take (every kind, or
    nothing), each button read with its step, then one button saying the whole move."""
    table = mess_hall_turn(lang)
    say = lambda key, **params: words.say(lang, key, **params)  # noqa: E731
    card = lambda kind: say(f"solar_storm.card.{kind}")  # noqa: E731
    tap(build(table), say("solar_storm.view.open_with", what=say("solar_storm.view.do.mess_hall"), count=2))
    opened = panel_buttons(table)
    assert say("solar_storm.view.pick.player_said", name="Bo") in opened
    assert not any(card("data") in n for n in opened if n)                        # no card before whom
    tap(build(table), say("solar_storm.view.pick.player_said", name="Bo"))
    gives = [say("solar_storm.view.field.give", card=card(c)) for c in ("data", "metal")]
    assert set(gives) | {say("solar_storm.view.pick.nothing.give")} <= set(panel_buttons(table))
    tap(build(table), gives[0])
    takes = [say("solar_storm.view.field.take", card=card(c))
             for c in ("data", "energy", "metal", "nanobots", "universal")]
    assert set(takes) | {say("solar_storm.view.pick.nothing.take")} <= set(panel_buttons(table))
    tap(build(table), takes[1])
    swap = say("solar_storm.view.confirm.swap", player="Bo", give=card("data"), take=card("energy"))
    assert len(panel_buttons(table)) <= 16 and swap in panel_buttons(table)
    tap(build(table), swap)
    assert table.errors == [] and table.state["actions"] == 2
    assert sorted(table.state["hands"]["Ann"]) == ["energy", "metal"] and sorted(table.state["hands"]["Bo"]) == [
        "data", "nanobots"]
    assert swap not in panel_buttons(table)                                       # closed once made


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_on_a_seated_phone_a_mess_hall_take_is_sent_and_the_table_answers(lang):
    """A seated phone's state is its seat's view: Bo's hand is two unknown cards there. The picker checked a take
    against it and refused every kind ("Bo holds no energy card." while Bo held energy), its button disabled, and
    the send checked against it again: no take from another player could be made from a phone with private hands.
    Now the take is sent, and the table (the whole state) answers: energy is taken, metal refused by the rule."""
    table = mess_hall_turn(lang)
    say = lambda key, **params: words.say(lang, key, **params)  # noqa: E731
    card = lambda kind: say(f"solar_storm.card.{kind}")  # noqa: E731
    local: dict = {}

    def phone():
        """Ann's phone, drawn from Ann's view."""
        ctx = table.seated("Ann", local)
        ctx.state = table.engine.player_view(table.state, "Ann")
        return view.build(ctx)

    tap(phone(), say("solar_storm.view.open_with", what=say("solar_storm.view.do.mess_hall"), count=2))
    for step in (say("solar_storm.view.pick.player_said", name="Bo"), say("solar_storm.view.pick.nothing.give"),
                 say("solar_storm.view.field.take", card=card("metal"))):
        tap(phone(), step)
    assert not any("Bo" in t and card("metal") in t for t in shown(phone()) if t != say(
        "solar_storm.view.confirm.take", player="Bo", take=card("metal")))
    asked = say("solar_storm.view.confirm.take", player="Bo", take=card("metal"))
    tap(phone(), asked)
    assert table.errors == [] and table.state["actions"] == 3     # no bar over the button: said right under it
    body = phone()
    refusal = say("solar_storm.card_not_held", name="Bo", card=card("metal"))
    assert said_under(body, next(b for b in all_buttons(body) if name(b) == asked)) == [refusal]
    tap(phone(), say("solar_storm.view.field.take", card=card("energy")))
    assert refusal not in shown(phone())                          # another take chosen: another move, unsaid
    tap(phone(), say("solar_storm.view.confirm.take", player="Bo", take=card("energy")))
    assert table.errors == [] and table.state["actions"] == 2
    assert sorted(table.state["hands"]["Ann"]) == ["data", "energy", "metal"]


@pytest.mark.parametrize("lang, refusal", [("en", "Bo holds no metal card."), ("zh-CN", "Bo 手中没有金属卡。")])
def test_a_mess_hall_take_the_other_lacks_is_refused_once_asked_and_the_choices_are_kept(lang, refusal):
    """With private hands every kind may be asked for, and whether Bo holds it is learned by asking (sending), as
    at the table: the picker showed "Bo holds no metal card." as soon as metal was tapped, nothing sent, so a phone
    read off another seat's hand kind by kind. What was chosen stays chosen, through a redraw from another phone's
    action and the refusal too; a choice changed (take nothing instead, another player) keeps the others, and a
    give alone is sent as a give."""
    table = mess_hall_turn(lang)
    say = lambda key, **params: words.say(lang, key, **params)  # noqa: E731
    card = lambda kind: say(f"solar_storm.card.{kind}")  # noqa: E731
    tap(build(table), say("solar_storm.view.open_with", what=say("solar_storm.view.do.mess_hall"), count=2))
    for step in (say("solar_storm.view.pick.player_said", name="Bo"),
                 say("solar_storm.view.field.give", card=card("data")),
                 say("solar_storm.view.field.take", card=card("metal"))):
        tap(build(table), step)
    table.state = {**table.state}                                   # another phone's action: a new state, redrawn
    body = build(table)
    assert refusal not in shown(body)
    swap = say("solar_storm.view.confirm.swap", player="Bo", give=card("data"), take=card("metal"))
    assert not next(b for b in all_buttons(body) if name(b) == swap).disabled
    tap(body, swap)
    assert table.errors == [] and table.state["actions"] == 3
    assert swap in panel_buttons(table)                                         # the choices are kept
    body = build(table)
    assert said_under(body, next(b for b in all_buttons(body) if name(b) == swap)) == [refusal]  # under the button
    tap(build(table), say("solar_storm.view.pick.player_said", name="Cy"))
    tap(build(table), say("solar_storm.view.pick.nothing.take"))
    give = say("solar_storm.view.confirm.give", player="Cy", give=card("data"))
    tap(build(table), give)
    assert table.errors == [] and sorted(table.state["hands"]["Cy"]) == ["data", "data"]
    assert table.record["actions"][-1]["give"] == "data" and table.record["actions"][-1]["take"] is None


@pytest.mark.parametrize("lang, line", [("en", "Next: Ann — take an action"), ("zh-CN", "下一步（Ann）：进行行动")])
def test_the_next_step_line_of_the_action_phase_says_an_action_not_a_move(lang, line):
    """At the start of a turn the screen's lead read "Next: Ann — move" (3 players, a 390x844 phone): the first
    move the prompt lists, as if the table waited for a move, while a scavenge, a repair or the end of the actions
    would do. The prompt's move entry names the phase, and the line says an action is awaited."""
    table = Table("solar_storm", ["Ann", "Bo"], lang=lang)
    app = SimpleNamespace(lang=lang, t=lambda key, **params: words.say(lang, key, **params))
    assert shown(session.next_step(app, table.engine, table.state)) == [line]


@pytest.mark.parametrize("lang, tokens, hint", [
    ("en", 2, "No actions left: spend an action token for one more, or end the action phase."),
    ("en", 0, "No actions left: end the action phase."),
    ("zh-CN", 2, "行动已用完：可花 1 个行动标记再行动 1 次，或结束行动阶段。"),
    ("zh-CN", 0, "行动已用完：请结束行动阶段。")])
def test_with_no_action_left_the_hint_says_what_is_left_to_do(lang, tokens, hint):
    """With every action taken the card said "Take up to 3 actions, then end the action phase." (seen at the win:
    Bo in the Energy Core, all 8 rooms diverted, 0 actions left and 2 tokens, the launch offered only once a token
    is spent): it says a token buys one more action, or only to end the phase when none is left."""
    table = Table("solar_storm", ["Ann", "Bo"], lang=lang)
    table.state["actions"], table.state["tokens"]["Ann"] = 0, tokens
    card = shown(view.turn_panel(table.ctx(), table.engine.player_view(table.state, None)))
    assert hint in card and words.say(lang, "solar_storm.view.hint.actions") not in card, card


@pytest.mark.parametrize("lang, line", [("en", "All 8 rooms diverted: the crew wins with 1 action in the Energy Core."),
                                        ("zh-CN", "8 个房间已全部转移电力：在能源核心进行 1 个行动即获胜。")])
def test_with_every_room_diverted_the_turn_card_says_the_way_to_win(lang, line):
    """Once the 8th room is diverted the card says the last step to the win (played to a win: nothing on the screen
    named the Energy Core until the player stood in it with an action left); with 7 it says nothing of it."""
    table = Table("solar_storm", ["Ann", "Bo"], lang=lang)
    for room in ROOMS:
        if room != "energy-core":
            table.state["rooms"][room]["diverted"] = room != "bridge"
    card = shown(view.turn_panel(table.ctx(), table.engine.player_view(table.state, None)))
    assert line not in card, card
    table.state["rooms"]["bridge"]["diverted"] = True
    card = shown(view.turn_panel(table.ctx(), table.engine.player_view(table.state, None)))
    assert line in card, card


@pytest.mark.parametrize("lang, ann, bo", [
    ("en", "Bo: 0 actions left, 2 tokens", "0 actions left, 2 tokens"),
    ("zh-CN", "Bo：剩余 0 个行动，2 个行动标记", "剩余 0 个行动，2 个行动标记")])
def test_another_seats_phone_names_whose_actions_and_tokens_the_card_counts(lang, ann, bo):
    """On Ann's phone during Bo's turn the card led "0 actions left, 2 tokens" under "You are Ann" (seen at the table
    the turn Bo won: Ann held no token), read as hers: another seat's phone names the player; the turn player's phone
    and the shared screens (the host's and the referee's, seat "table", too) keep the card without a name (the lines
    above name the player)."""
    table = Table("solar_storm", ["Ann", "Bo"], lang=lang)
    table.apply({"type": "end_actions", "by": "Ann"})
    table.apply({"type": "take", "by": "Ann", "source": "deck"})
    while table.state["phase"] == "discard":
        table.apply({"type": "discard", "by": "Ann", "card": table.state["hands"]["Ann"][0]})
    table.apply({"type": "damage", "by": "Ann"})
    table.state["actions"], table.state["tokens"]["Bo"] = 0, 2
    seats = ((table.seated("Ann", {}), ann), (table.seated("Bo", {}), bo), (table.seated("table", {}), bo),
             (table.ctx(), bo))
    for ctx, lead in seats:  # the table's seat sees the public view, as the hub sends it
        card = shown(view.turn_panel(ctx, table.engine.player_view(table.state, None if ctx.seat == "table"
                                                                   else ctx.seat)))
        assert card[0] == lead, card
    table.state["phase"] = "collect"
    card = shown(view.turn_panel(table.seated("Ann", {}), table.engine.player_view(table.state, "Ann")))
    assert card[1] == ann.replace(bo, words.say(lang, "solar_storm.view.tokens", tokens=2)), card


@pytest.mark.parametrize("lang, named", [
    ("en", "Ann: Take up to 3 actions, then end the action phase."),
    ("zh-CN", "Ann：最多进行 3 个行动，然后结束行动阶段。")])
def test_another_seats_phone_names_whose_the_phases_hint_is(lang, named):
    """On 小明's phone during 妈妈's turn the card's hint read "最多进行 3 个行动，然后结束行动阶段。" as if it were his to do:
    another seat's phone names the turn's player before it; the turn player's phone and the shared screens keep
    the hint as it is."""
    table = Table("solar_storm", ["Ann", "Bo"], lang=lang)
    hint = words.say(lang, "solar_storm.view.hint.actions")
    seats = ((table.seated("Ann", {}), hint), (table.seated("Bo", {}), named), (table.seated("table", {}), hint),
             (table.ctx(), hint))
    for ctx, line in seats:
        card = shown(view.turn_panel(ctx, table.engine.player_view(table.state, None if ctx.seat == "table"
                                                                   else ctx.seat)))
        assert line in card, card


@pytest.mark.parametrize("lang, colon", [("en", ":"), ("zh-CN", "：")])
def test_a_won_game_in_the_stats_reads_one_colon(lang, colon):
    """The stats' line of a won game read "胜 1 局：8 个房间全部转移电力并启动能源核心：飞船逃离了风暴。" (two colons in one
    sentence; "Won 1: All 8 rooms diverted and the Energy Core activated: the ship …" likewise): the reason has none."""
    why = words.say(lang, "solar_storm.view.why.launched")
    assert words.say(lang, "stats.crew_won_end", count=1, why=why).count(colon) == 1


def test_the_decks_lines_break_only_between_parts_and_clauses():
    """Screenshots at 2x text on a 390 px phone: "资源牌堆：56 张 · 弃牌堆：" / "0 张" left "0 张" alone, and "下一张损坏牌影响
    1 个房" / "间。" broke 房间. Each line is kept whole between its parts and clauses (`words.whole_line`)."""
    said = raw_texts(build(Table("solar_storm", ["Ann", "Bo"], lang="zh-CN")))
    assert any(t.endswith("\u00a0· 弃\u2060牌\u2060堆\u2060：\u20600\u00a0张") for t in said), said
    assert any("个\u2060房\u2060间\u2060。" in t for t in said), said


def ship_rooms(built) -> list:
    """The ship's nine rooms on a built screen, row by row."""
    ship = next(c for c in built.controls if isinstance(c, ft.Column) and len(c.controls) == 3
                and all(isinstance(r, ft.Row) and len(r.controls) == 3 for r in c.controls))
    return [room for row in ship.controls for room in row.controls]


def room_lines(room) -> list:
    """A room's lines as built: its name, cubes, track, …, without its "Move here" where it has one."""
    return [line for line in room.content.content.content.controls if not isinstance(line.content, ft.Button)]


def moves_here(room) -> bool:
    """Whether a built room ends in its "Move here"."""
    return isinstance(room.content.content.content.controls[-1].content, ft.Button)


def kept_lines(after: list, before: list) -> list[bool]:
    """For each room, whether its lines (all but a "Move here") are the very controls of the render before."""
    return [all(a is b for a, b in zip(room_lines(new), room_lines(old))) for new, old in zip(after, before)]


def test_a_room_that_shows_the_same_is_kept_and_its_move_is_this_renders():
    """A render hands back what shows the same as in the render before, the very controls (Flet then neither
    builds, compares nor sends them: a tap changes a room or two, and the nine rooms were two thirds of a tap's
    CPU): a room whose lines and move are alike whole, a room a move now goes to or no longer goes to as a new
    frame around its kept lines; only a room whose lines look different (who is here) is built anew. A kept
    room's "Move here" sends the move the screen offers now."""
    table = Table("solar_storm", ["Ann", "Bo"])
    layout = table.state["layout"]
    before = ship_rooms(build(table))
    again = ship_rooms(build(table))
    assert all(a is b for a, b in zip(again, before))
    target = next(room for room, cell in zip(layout, before)
                  if f"Move to {view.room_name(table.ctx(), room)}" in [name(b) for b in all_buttons(cell)])
    tap(before[layout.index(target)], f"Move to {view.room_name(table.ctx(), target)}")
    assert table.record["actions"][-1]["room"] == target and table.state["where"]["Ann"] == target
    after = ship_rooms(build(table))
    rebuilt = [room for room, kept in zip(layout, kept_lines(after, before)) if not kept]
    assert sorted(rebuilt) == sorted([target, view.CORE]), rebuilt
    alike = [room for room, new, old in zip(layout, after, before)
             if room not in rebuilt and moves_here(new) == moves_here(old)]
    assert alike and all(after[layout.index(room)] is before[layout.index(room)] for room in alike), alike
    assert any(moves_here(new) != moves_here(old) for new, old in zip(after, before))
