"""Solar Storm engine: setup counts, turns by hand (arithmetic in comments), damage and protection, the Hull
Breach, each loss and the win, secrets in `player_view`, and random legal games that never lose a cube or a card
and replay identically."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import i18n
from scoring.core import RuleError, engine
from scoring.games.solar_storm import (CARDS, CORE, ROOM_IDS, ROOMS, SETUP_DAMAGE, adjacent, breach_discards,
                                       cards_total, deck_count, divert_payment, room_word, scavenge_picks, tokens_for)
from scoring.record import new_record, play, public_log, replay
from tests.helpers import assert_marks_shown_only_where_visible

ENG = engine("solar_storm")
TYPED_SETUP = {"type": "setup", "by": "table",
               "hands": {"A": ["data", "metal", "energy", "nanobots"], "B": ["universal", "data", "data", "metal"]},
               "face_up": ["metal", "energy"],
               "damage": [["bridge", "armoury", "mess-hall"], ["bridge", "cargo-hold", "engine-room"]],
               "layout": list(ROOM_IDS)}


def fresh(players=("A", "B"), seed=7, **options) -> dict:
    """A new app-dealt game."""
    return ENG.new_state(list(players), options, seed=seed)


def typed(**options) -> dict:
    """A table-dealt game of A and B after the typed setup above (rooms in the file order)."""
    return ENG.apply(ENG.new_state(["A", "B"], {"deal": "table", **options}, seed=1), TYPED_SETUP)


def act(state: dict, kind: str, by: str = "A", **fields) -> dict:
    """Apply one action (refusals raise)."""
    return ENG.apply(state, {"type": kind, "by": by, **fields})


def refused(state: dict, kind: str, key: str, by: str = "A", **fields) -> None:
    """The action is refused with key and the state is untouched."""
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(RuleError) as err:
        act(state, kind, by, **fields)
    assert err.value.key == key, err.value
    assert json.dumps(state, sort_keys=True) == before


def cubes(state: dict) -> int:
    """Cubes on all tracks."""
    return sum(sum(r["cubes"]) for r in state["rooms"].values())


# ---------------------------------------------------------------------------------------------------------
# Small rules


def test_die_tables():
    # scavenge: 1–2 nothing, 3–5 one card, 6 two; Hull Breach: 1–2 one, 3–4 two, 5–6 three
    assert [scavenge_picks(r) for r in range(1, 7)] == [0, 0, 1, 1, 1, 2]
    assert [breach_discards(r) for r in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    # one token per 3 actions not taken
    assert [tokens_for(n) for n in range(7)] == [0, 0, 0, 1, 1, 1, 2]


def test_the_view_says_what_the_last_roll_decided():
    """A view read the last roll's cards with the engine's own functions (views hold no rules): the engine's view
    says them (`roll_cards`: taken when scavenging, discarded by the Hull Breach)."""
    def last_roll(state: dict) -> list:
        """The last roll as the public table's view says it."""
        return [ENG.player_view(state, None)[k] for k in ("roll", "roll_for", "roll_cards")]

    assert last_roll(act(typed(), "scavenge", roll=6)) == [6, "scavenge", 2]
    assert last_roll(act(typed(), "scavenge", roll=2)) == [2, "scavenge", 0]
    state = typed()
    state["damage"]["deck"], state["phase"] = [], "damage"
    assert last_roll(act(state, "damage", roll=3, cards=["data", "metal"])) == [3, "breach", 2]


def test_grid_adjacency():
    layout = ["r0", "r1", "r2", "r3", CORE, "r5", "r6", "r7", "r8"]
    assert adjacent(layout, CORE) == ["r1", "r3", "r5", "r7"]
    assert adjacent(layout, "r0") == ["r1", "r3"]          # a corner: 2 neighbours, no diagonal
    assert adjacent(layout, "r1") == ["r0", "r2", CORE]


def test_divert_payment_prefers_matching_cards():
    # Mess Hall costs data, data, energy: one data and one energy held, a universal pays the second data
    assert divert_payment(["data", "energy", "universal", "universal"], ["data", "data", "energy"]) == \
        ["data", "energy", "universal"]
    assert divert_payment(["data", "energy"], ["data", "data", "energy"]) is None


# ---------------------------------------------------------------------------------------------------------
# Setup


def test_app_setup_counts():
    state = fresh()
    # normal difficulty: 4 × 15 + 6 universal = 66 cards; 2 players × 4 cards + 2 face up = 10 dealt → 56 left
    assert cards_total(state) == 66
    assert len(state["resources"]["deck"]) == 56 and all(len(h) == 4 for h in state["hands"].values())
    # two three-room setup cards: 24 cubes − 6 = 18 on the tracks, 6 in the supply
    assert cubes(state) == 18 and state["cube_supply"] == 6 and len(state["damage"]["discard"]) == 2
    assert all(len(card) == 3 for card in state["damage"]["discard"])
    # 24 damage cards − 2 = 22: 8 one-room on top, 8 two-room, 6 three-room at the bottom
    assert [len(c) for c in state["damage"]["deck"]] == [1] * 8 + [2] * 8 + [3] * 6
    assert state["layout"][4] == CORE and sorted(state["layout"][:4] + state["layout"][5:]) == sorted(ROOM_IDS)
    assert state["where"] == {"A": CORE, "B": CORE} and state["turn"] == "A" and state["actions"] == 3
    assert ENG.status(state) == {"round": 1, "rounds": None, "phase": "solar_storm.phase.actions", "said": {},
                                 "turn": "A", "over": False}


def test_the_header_round_counts_a_turn_of_every_player_as_one():
    """A round is every player's turn, first player first: with three players A, B and C play round 1 and A
    starts round 2 (the header read "Round 2" for B's first turn: it counted turns)."""
    state = fresh(players=("A", "B", "C"))
    seen = []
    for _ in range(4):
        player = state["turn"]
        seen.append((player, ENG.status(state)["round"]))
        state = act(state, "end_actions", by=player)
        state = act(state, "take", by=player, source="deck")
        while state["phase"] == "discard":
            state = act(state, "discard", by=player, card=state["hands"][player][0])
        state = act(state, "damage", by=player)
    assert seen == [("A", 1), ("B", 1), ("C", 1), ("A", 2)]


def test_damage_groups_name_every_room_equally():
    state = fresh(seed=11)
    all_cards = state["damage"]["deck"] + state["damage"]["discard"]
    for size, times in ((1, 1), (2, 2), (3, 3)):
        named = Counter(r for card in all_cards if len(card) == size for r in card)
        assert named == {r: times for r in ROOM_IDS}          # 8 cards × size = 8 rooms × times
    assert all(len(set(card)) == len(card) for card in all_cards)


def test_difficulty_start_cards_and_first_player():
    # impossible: 60 cards; 4 players get 2 each → 60 − 8 − 2 face up = 50 in the deck
    state = fresh(("A", "B", "C", "D"), difficulty="impossible", first_player=3)
    assert cards_total(state) == 60 and len(state["resources"]["deck"]) == 50
    assert state["turn"] == "C"
    assert cards_total(fresh(difficulty="easy")) == 68
    with pytest.raises(RuleError) as err:
        fresh(first_player=3)
    assert err.value.key == "solar_storm.first_player_invalid"


def test_typed_setup_checks_and_counts():
    state = ENG.new_state(["A", "B"], {"deal": "table"}, seed=1)
    assert state["phase"] == "setup" and ENG.prompt(state) == [{"by": "table", "type": "setup", "choices": None}]
    fine = {**TYPED_SETUP, "hands": {"A": ["data"] * 4, "B": ["data"] * 4}, "face_up": ["data", "data"]}
    assert ENG.check(state, fine) is None                        # 10 data cards typed, 15 exist
    bad = {**TYPED_SETUP, "hands": {"A": ["universal"] * 4, "B": ["universal"] * 4}}
    assert ENG.check(state, bad).key == "solar_storm.card_gone"  # 8 universal cards typed, normal has 6
    assert ENG.check(state, {**TYPED_SETUP, "damage": [["bridge"]] * 2}).key == "solar_storm.damage_size"
    state = typed()
    # 66 − 10 typed = 56 left; data 15 − 3 (A one, B two) = 12
    assert sum(state["resources"]["deck"].values()) == 56 and state["resources"]["deck"]["data"] == 12
    # bridge hit twice by the setup cards: 3 − 2 = 1 cube left, its top two spaces empty
    assert state["rooms"]["bridge"]["cubes"] == [False, False, True]
    assert state["damage"]["deck"] == [1] * 8 + [2] * 8 + [3] * 6


# ---------------------------------------------------------------------------------------------------------
# Turns by hand (typed mode: rolls and cards are what the test says)


def test_move_repair_tokens_and_next_turn():
    state = typed()
    # rooms in file order clockwise from the top-left: mess-hall is cell 0, repair-centre cell 1 (next to the core)
    assert state["layout"][1] == "repair-centre"
    refused(state, "move", "solar_storm.not_adjacent", room="mess-hall")
    refused(state, "move", "solar_storm.not_your_turn", by="B", room="repair-centre")
    state = act(state, "move", room="bridge")                    # bridge is cell 3, beside the core
    # the bridge track is nanobots, data, energy; its top two spaces are empty
    refused(state, "repair", "solar_storm.card_wrong", space=0, card="data")
    state = act(state, "repair", space=1, card="data")
    assert state["rooms"]["bridge"]["cubes"] == [False, True, True] and state["actions"] == 1
    assert state["hands"]["A"] == ["metal", "energy", "nanobots"] and state["resources"]["discard"] == ["data"]
    state = act(state, "end_actions")                            # 1 action unused: 1 // 3 = 0 tokens
    assert state["tokens"]["A"] == 0 and state["phase"] == "collect"
    state = act(state, "take", source="face_up", slot=0, cards=["data"])   # metal taken, data turned up
    assert state["resources"]["face_up"] == ["data", "energy"] and state["phase"] == "damage"
    state = act(state, "damage", rooms=["armoury"])              # armoury had 2 cubes → 1
    assert state["rooms"]["armoury"]["cubes"] == [False, False, True]
    assert state["turn"] == "B" and state["actions"] == 3 and state["turns"] == 2
    state = act(state, "end_actions", by="B")                    # 3 unused → 1 token
    assert state["tokens"]["B"] == 1


def test_scavenge_six_takes_two_then_collect_and_discard():
    state = typed()
    state = act(state, "scavenge", roll=6)
    assert state["phase"] == "scavenge" and state["picks"] == 2 and state["actions"] == 2
    refused(state, "move", "core.wrong_phase", room="bridge")
    state = act(state, "take", source="deck", cards=["universal"])
    state = act(state, "take", source="face_up", slot=1, cards=["metal"])   # energy taken, metal turned up
    assert state["phase"] == "actions" and len(state["hands"]["A"]) == 6
    state = act(state, "scavenge", roll=2)                       # 1–2: nothing, still the action phase
    assert state["phase"] == "actions" and len(state["hands"]["A"]) == 6 and state["actions"] == 1
    state = act(state, "end_actions")
    refused(state, "take", "solar_storm.cards_count", source="deck", cards=["data"])
    state = act(state, "take", source="deck", cards=["data", "data"])   # 6 + 2 = 8 cards: discard 2
    assert state["phase"] == "discard"
    refused(state, "damage", "core.wrong_phase", rooms=["bridge"])
    state = act(state, "discard", card="metal")
    state = act(state, "discard", card="data")
    assert len(state["hands"]["A"]) == 6 and state["phase"] == "damage"


def said(lang: str, action: dict) -> str:
    """An action as the log says it."""
    key, params = ENG.describe(action)
    return i18n.text(lang, key, **params)


@pytest.mark.parametrize("lang, line", [
    ("en", "Deal typed: face-up cards metal and energy; damage cards (Bridge, Armoury, Mess Hall) and (Bridge, "
           "Cargo Hold, Engine Room)"),
    ("zh-CN", "输入发牌：翻开金属和能量；损坏（舰桥、军械库、食堂）和（舰桥、货舱、机房）")])
def test_the_log_names_a_typed_deals_cards_and_rooms_in_words(lang, line):
    """A typed deal's log line read "face up metal, energy; damage bridge, armoury, mess-hall, bridge, …" (codes,
    and no telling where one damage card ended); the hands stay out of it."""
    assert said(lang, TYPED_SETUP) == line


@pytest.mark.parametrize("lang, took, diverted", [
    ("en", "A takes the face-up energy", "A diverts the power of Mess Hall"),
    ("zh-CN", "A 拿取翻开的能量", "A 转移食堂的电力")])
def test_the_log_names_the_face_up_card_taken_and_the_room_diverted(lang, took, diverted):
    # The log said "A takes face-up card 2" and "A diverts power": a dispute read back could not tell which card or
    # room. The screens' choices name them; a card no longer in that place, or another room, is refused.
    state = act(typed(), "scavenge", roll=5)
    choice = next(c for c in ENG.offer(state, "take", "A") if c.get("slot") == 1)
    assert choice["card"] == state["resources"]["face_up"][1] == "energy"
    refused(state, "take", "solar_storm.face_up_other", source="face_up", slot=1, card="data", cards=["metal"])
    with pytest.raises(RuleError) as err:
        act(state, "take", source="face_up", slot=1, card="data", cards=["metal"])
    assert i18n.error_text(lang, err.value) == {
        "en": "Face-up card 2 is now energy: choose again from the cards as they are.",
        "zh-CN": "第 2 张翻开的卡现在是能量：请按现在翻开的卡重新选择。"}[lang]
    refused(state, "take", "solar_storm.slot_invalid", source="deck", card="data", cards=["metal"])
    action = {"type": "take", "by": "A", **choice, "cards": ["metal"]}
    state = ENG.apply(state, action)
    assert said(lang, action) == took
    state["where"]["A"], state["hands"]["A"] = "mess-hall", ["data", "data", "energy"]
    state["rooms"]["mess-hall"]["cubes"] = [True, True, True]
    assert ENG.offer(state, "divert", "A") == [{"room": "mess-hall"}]
    refused(state, "divert", "solar_storm.divert_here", room="bridge")
    with pytest.raises(RuleError) as err:
        act(state, "divert", room="bridge")
    assert i18n.error_text(lang, err.value) == {
        "en": "Only the power of the room you stand in (Mess Hall) can be diverted.",
        "zh-CN": "只能转移你所在房间（食堂）的电力。"}[lang]
    assert said(lang, {"type": "divert", "by": "A", "room": "mess-hall"}) == diverted
    assert said(lang, {"type": "divert", "by": "A"}) == ("A diverts power" if lang == "en" else "A 转移电力")  # older


@pytest.mark.parametrize("lang, line", [
    ("en", "Armoury: A protects Repair Centre with both tokens"), ("zh-CN", "军械库：A 用两个保护标记保护维修中心")])
def test_the_log_says_both_armoury_tokens_on_one_room_once(lang, line):
    """Both tokens on one room read "Armoury: Bo protects Repair Centre and Repair Centre" (seen on a phone)."""
    assert said(lang, {"type": "armoury", "by": "A", "rooms": ["repair-centre", "repair-centre"]}) == line
    two = said(lang, {"type": "armoury", "by": "A", "rooms": ["repair-centre", "bridge"]})
    assert two == {"en": "Armoury: A protects Repair Centre and Bridge", "zh-CN": "军械库：A 保护维修中心和舰桥"}[lang]


@pytest.mark.parametrize("lang, lines", [
    ("en", ["A repairs space 2 of Bridge with data", "A repairs every empty space of Mess Hall with nanobots",
            "Repair Centre: A repairs space 1 of Armoury with metal",
            "Repair Centre: A repairs every empty space of Mess Hall with data", "A repairs with data"]),
    ("zh-CN", ["A 用数据修复舰桥的第 2 格", "A 用纳米机器人修复食堂的所有空格", "维修中心：A 用金属修复军械库的第 1 格",
               "维修中心：A 用数据修复食堂的所有空格", "A 用数据修复"])])
def test_the_log_names_the_room_and_the_space_repaired(lang, lines):
    # The log read "Bo repairs with data" (a 390x844 phone) and "Repair Centre: Bo repairs Armoury with metal": a
    # dispute could not tell which cube came back. The repair choices name the room (`room`), as a divert's do; a
    # repair of a diverted room fills every empty space; another room than the player's is refused.
    state = act(typed(), "move", room="bridge")
    assert ENG.offer(state, "repair", "A") == [{"room": "bridge", "space": 0, "card": "nanobots"},
                                               {"room": "bridge", "space": 1, "card": "data"}]
    refused(state, "repair", "solar_storm.repair_here", room="armoury", space=1, card="data")
    with pytest.raises(RuleError) as err:
        act(state, "repair", room="armoury", space=1, card="data")
    assert i18n.error_text(lang, err.value) == {
        "en": "Only the room you stand in (Bridge) can be repaired.", "zh-CN": "只能修复你所在的房间（舰桥）。"}[lang]
    action = {"type": "repair", "by": "A", "room": "bridge", "space": 1, "card": "data"}
    assert ENG.apply(state, action)["rooms"]["bridge"]["cubes"] == [False, True, True]
    assert [said(lang, a) for a in (
        action, {"type": "repair", "by": "A", "room": "mess-hall", "card": "nanobots"},
        {"type": "repair_centre", "by": "A", "room": "armoury", "space": 0, "card": "metal"},
        {"type": "repair_centre", "by": "A", "room": "mess-hall", "card": "data"},
        {"type": "repair", "by": "A", "space": 1, "card": "data"})] == lines   # the last: a log written before


def test_the_repairs_offered_read_the_track_from_its_top_space():
    """The choices of a repair go down the track: they listed by card kind, "Space 2 · data" before "Space 1 ·
    energy" on a phone (Crew Quarters: energy, data, metal)."""
    state = fresh(("A", "B", "C"))
    state["rooms"]["crew-quarters"]["cubes"] = [False, False, True]
    state["hands"]["A"] = ["data", "energy", "universal"]
    assert [(c["space"], c["card"]) for c in ENG.repairs(state, "A", "crew-quarters")] == [
        (0, "energy"), (0, "universal"), (1, "data"), (1, "universal")]


def test_give_receive_in_the_same_room_only():
    state = typed()
    state = act(state, "give", player="B", card="metal")
    state = act(state, "receive", player="B", card="universal")
    assert Counter(state["hands"]["A"]) == Counter(["data", "energy", "nanobots", "universal"])
    assert state["actions"] == 1
    state = act(state, "move", room="bridge")
    refused(state, "token", "solar_storm.no_tokens")
    state["actions"] = 1
    refused(state, "give", "solar_storm.not_same_room", player="B", card="data")


def test_damage_protection_and_its_removal():
    state = typed()
    state["where"]["A"] = "armoury"
    state["rooms"]["armoury"]["cubes"] = [True, True, True]
    state = act(state, "armoury", rooms=["bridge", "bridge"])
    assert state["protection"] == [{"room": "bridge", "by": "A"}] * 2
    state = act(state, "end_actions")
    state = act(state, "take", source="deck", cards=["data", "metal"])
    state = act(state, "damage", rooms=["bridge"])               # a token goes instead of the last cube
    assert state["rooms"]["bridge"]["cubes"] == [False, False, True] and len(state["protection"]) == 1
    state = act(state, "end_actions", by="B")
    state = act(state, "take", by="B", source="deck", cards=["data", "metal"])
    state = act(state, "damage", by="B", rooms=["mess-hall"])
    assert state["turn"] == "A" and state["protection"] == []   # A's unused token leaves at A's turn start


def test_the_damage_steps_prompt_names_the_card_draw_or_the_hull_breach_roll():
    """The prompt's damage entry names its step: "card" while a damage card is left, then "breach" (the Hull
    Breach's roll), so a screen reads the step from the engine rather than from the deck it shows."""
    state = act(act(fresh(), "end_actions"), "take", source="deck")
    assert [(e["type"], e.get("step")) for e in ENG.prompt(state)] == [("damage", "card")]
    state["damage"]["deck"] = []
    assert [(e["type"], e.get("step")) for e in ENG.prompt(state)] == [("damage", "breach")]
    assert [(e["type"], e.get("step")) for e in ENG.prompt(fresh()) if "step" in e] == [("move", "actions")]


def test_with_no_action_left_the_table_waits_for_the_end_of_the_actions_not_a_token():
    """An action token is spent at will: with none of the turn's actions left and tokens in hand, the screen led
    with "Next: Cy — spend an action token" (seen on a phone), as if one had to be spent."""
    state = fresh()
    state["actions"], state["tokens"]["A"] = 0, 2
    assert [e["type"] for e in ENG.prompt(state)] == ["end_actions", "token"]
    assert ENG.waiting_on(state, ENG.prompt(state)) == ["A"]


def test_hull_breach_discards_from_the_deck():
    state = typed()
    state["damage"]["deck"] = []
    state = act(state, "end_actions")
    state = act(state, "take", source="deck", cards=["data", "metal"])
    refused(state, "damage", "solar_storm.breach_no_rooms", rooms=["bridge"])
    refused(state, "damage", "solar_storm.cards_count", roll=5, cards=["data"])
    left = sum(state["resources"]["deck"].values())
    state = act(state, "damage", roll=5, cards=["data", "energy", "metal"])   # 5–6: 3 cards discarded
    assert sum(state["resources"]["deck"].values()) == left - 3
    assert state["resources"]["discard"][-3:] == ["data", "energy", "metal"] and state["turn"] == "B"


def test_diverted_room_and_divert_with_universal():
    state = typed()
    state["where"]["A"] = "mess-hall"
    state["hands"]["A"] = ["data", "energy", "universal", "nanobots"]
    refused(state, "divert", "solar_storm.room_not_repaired")
    state["rooms"]["mess-hall"]["cubes"] = [True, True, True]
    state = act(state, "divert")                                 # data, data, energy: universal for data 2
    assert state["rooms"]["mess-hall"]["diverted"] and state["hands"]["A"] == ["nanobots"]
    refused(state, "divert", "solar_storm.room_diverted")
    state["rooms"]["mess-hall"]["cubes"] = [False, False, True]
    supply = state["cube_supply"]
    refused(state, "repair", "solar_storm.space_not_needed", space=0, card="nanobots")
    state = act(state, "repair", card="nanobots")                # one matching card fills both empty spaces
    assert state["rooms"]["mess-hall"]["cubes"] == [True, True, True] and state["cube_supply"] == supply - 2


def test_medical_bay_gives_two_tokens_at_turn_start():
    state = typed()
    state["where"]["B"] = "medical-bay"
    state = act(state, "end_actions")
    state = act(state, "take", source="deck", cards=["data", "metal"])
    state = act(state, "damage", rooms=["bridge"])
    assert state["tokens"]["B"] == 2                              # fully repaired (untouched by setup)
    state = act(state, "token", by="B")
    assert state["actions"] == 4 and state["tokens"]["B"] == 1


def test_bridge_look_arrange_and_what_the_table_sees():
    state = fresh()
    bridge = state["layout"].index("bridge")
    state["where"]["A"] = "bridge"
    state["rooms"]["bridge"]["cubes"] = [True, True, True]
    top = state["damage"]["deck"][:3]
    state = act(state, "bridge")
    assert state["phase"] == "arrange" and state["peek"]["cards"] == top and bridge >= 0
    refused(state, "arrange", "solar_storm.order_invalid", order=[0, 0, 1])
    state = act(state, "arrange", order=[2, 0, 1])
    assert state["damage"]["deck"][:3] == [top[2], top[0], top[1]] and state["phase"] == "actions"
    public = ENG.player_view(state, None)["damage"]["deck"]
    # the three looked-at cards are known to all; the rest show only their size (1, then 2 and 3 below)
    assert public[:3] == [top[2], top[0], top[1]] and public[3:] == [1] * 5 + [2] * 8 + [3] * 6


def test_room_abilities():
    state = typed()
    for room in ROOM_IDS:
        state["rooms"][room]["cubes"] = [True, True, True]
    state["where"]["A"] = "mess-hall"
    state = act(state, "mess_hall", player="B", give="metal", take="universal")     # a swap, anywhere
    assert "universal" in state["hands"]["A"] and "metal" in state["hands"]["B"]
    state["where"]["A"] = "engine-room"
    state["resources"]["discard"] = ["nanobots"]
    state = act(state, "engine_room", give="data", take="nanobots")
    assert state["resources"]["discard"] == ["data"] and "nanobots" in state["hands"]["A"]
    state["where"]["A"], state["where"]["B"], state["actions"] = "crew-quarters", "bridge", 3
    refused(state, "crew_quarters", "solar_storm.room_empty", player="A", room="armoury")
    state = act(state, "crew_quarters", player="A", room="bridge")
    assert state["where"]["A"] == "bridge"
    state["where"]["A"] = "repair-centre"
    state["rooms"]["cargo-hold"]["cubes"] = [False, True, True]   # cargo-hold track: energy, metal, data
    state = act(state, "repair_centre", room="cargo-hold", space=0, card="energy")
    assert state["rooms"]["cargo-hold"]["cubes"] == [True, True, True]


# ---------------------------------------------------------------------------------------------------------
# Losses and the win


def test_loss_by_damage_to_a_room_without_cubes():
    state = typed()
    state = act(state, "end_actions")
    state = act(state, "take", source="deck", cards=["data", "metal"])
    state = act(state, "damage", rooms=["bridge"])               # bridge: 1 cube → 0
    state = act(state, "end_actions", by="B")
    state = act(state, "take", by="B", source="deck", cards=["data", "metal"])
    state = act(state, "damage", by="B", rooms=["bridge"])       # no cube, no token: lost at once
    assert state["over"] and state["result"] == {"won": False, "reason": "room_destroyed", "room": "bridge"}
    assert ENG.prompt(state) == []
    board = ENG.scoreboard(state).to_json()
    assert board["winners"] == [] and board["over"]
    # the breakdown is points only; the outcome and the turns are the state's, shown by the view's end banner
    assert board["players"][0]["breakdown"] == [{"key": "solar_storm.line.diverted", "points": 0, "params": {}},
                                                {"key": "solar_storm.line.launch", "points": 0, "params": {}}]
    assert state["turns"] == 2


LOST_ON_THE_BRIDGE = [{"type": "end_actions", "by": "A"},
                      {"type": "take", "by": "A", "source": "deck", "cards": ["data", "metal"]},
                      {"type": "damage", "by": "A", "rooms": ["bridge"]},
                      {"type": "end_actions", "by": "B"},
                      {"type": "take", "by": "B", "source": "deck", "cards": ["data", "metal"]},
                      {"type": "damage", "by": "B", "rooms": ["bridge"]}]


@pytest.mark.parametrize("lang, message", [("en", "The Bridge took damage with no repair cube left."),
                                           ("zh-CN", "舰桥在没有修复方块时再次受损。")])
def test_the_command_line_scores_a_crew_by_its_end_not_by_a_ranking(tmp_path, capsys, lang, message):
    """`python -m scoring score` printed Solar Storm's ranking and winners ("ranking": [["A", "B"]]: the crew
    placed first together, even when it lost). It says the crew's end, as the end screen does: won or lost, the
    reason's key with its parameters and the reason in words; the points stay, a ranking and winners do not."""
    from scoring.__main__ import main
    record = new_record("solar_storm", ["A", "B"], options={"deal": "table"}, seed=1)
    for action in [TYPED_SETUP, *LOST_ON_THE_BRIDGE]:
        record["actions"].append(action)
    path = tmp_path / "lost.json"
    path.write_text(json.dumps({**record, "actions": record["actions"][:1]}), encoding="utf-8")
    assert main(["--lang", lang, "score", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["crew"] is None          # being played: no end yet
    path.write_text(json.dumps({**record, "status": "finished"}), encoding="utf-8")  # as its replay says
    assert main(["--lang", lang, "score", str(path)]) == 0
    board = json.loads(capsys.readouterr().out)
    assert "ranking" not in board and "winners" not in board and board["over"]
    assert board["crew"] == {"outcome": "lost", "why": "solar_storm.view.why.room_destroyed",
                             "room": "solar_storm.room.bridge", "message": message}
    assert [p["total"] for p in board["players"]] == [0, 0]


@pytest.mark.parametrize("lang, lines", [
    ("en", ["Rooms with power diverted (1 point each) = 8", "Energy Core activated (1 point) = 1"]),
    ("zh-CN", ["已转移电力的房间（每间 1 分） = 8", "启动能源核心（1 分） = 1"]),
])
def test_breakdown_reads_as_points_in_both_languages(lang, lines):
    """Each breakdown line through the scoreboard's shared format "{what} = {points}" names what scored once and
    its points once (a fact such as the turns taken, shown as a 0-point line, read "turns taken: 11: 0")."""
    state = fresh()
    for room in ROOM_IDS:
        state["rooms"][room]["diverted"] = True
    state["result"], state["over"] = {"won": True, "reason": "launched", "room": None}, True
    board = ENG.scoreboard(state)
    shown = [i18n.text(lang, "app.breakdown_line", what=i18n.text(lang, line.key, **line.params), points=line.points)
             for line in board.players[0].breakdown]
    assert shown == lines and board.total("A") == 9


def test_loss_when_the_resource_deck_runs_out():
    state = fresh()
    state["resources"]["deck"] = state["resources"]["deck"][:2]
    state = act(state, "end_actions")
    state = act(state, "take", source="deck")                    # 2 − 2 = 0 cards: lost
    assert state["result"] == {"won": False, "reason": "deck_empty", "room": None}
    assert len(state["hands"]["A"]) == 6 and cards_total(state) == 66 - 54


def test_a_take_that_draws_the_decks_last_card_is_said_before_it_is_made():
    # "Draw 2 from the deck" was offered over a deck of 1 with nothing said; the log then said it drew 1 and the
    # crew lost at once. The take's prompt entry names the sources that empty the deck: with 3 cards none, with 2
    # the deck (2 − 2 = 0), with 1 both (a face-up take's refill draws the last); a scavenge's pick draws 1.
    state = act(fresh(), "end_actions")
    for left, empties in ((3, []), (2, ["deck"]), (1, ["face_up", "deck"])):
        state["resources"]["deck"] = state["resources"]["deck"][:left]
        (entry,) = [e for e in ENG.prompt(state) if e["type"] == "take"]
        assert entry["empties_deck"] == empties, left
    assert act(state, "take", source="face_up", slot=0)["result"]["reason"] == "deck_empty"
    state = fresh()
    state["resources"]["deck"] = state["resources"]["deck"][:2]
    state.update(phase="scavenge", picks=1)
    (entry,) = [e for e in ENG.prompt(state) if e["type"] == "take"]
    assert entry["empties_deck"] == []


def test_win_by_launch():
    state = fresh()
    for room in ROOM_IDS:
        state["rooms"][room] = {"cubes": [True] * 3, "diverted": room != "bridge"}
    refused(state, "launch", "solar_storm.core_locked")          # 7 of 8 diverted: the core stays locked
    state["where"]["A"] = "bridge"
    state["hands"]["A"] = list(ROOMS["bridge"]["cost"])
    state = act(state, "divert")                                 # the 8th room; 3 − 1 = 2 actions left
    refused(state, "launch", "solar_storm.not_here")
    state["where"]["A"] = CORE                                   # (walked back to the core)
    state = act(state, "launch")                                 # 2 − 1 = 1 action left, unused
    assert state["over"] and state["result"]["won"]
    board = ENG.scoreboard(state)
    # 8 rooms diverted + 1 for the launch = 9 for every player; everyone wins together
    assert board.total("A") == board.total("B") == 9 and board.winners == ("A", "B")


# ---------------------------------------------------------------------------------------------------------
# Secrets


def test_player_view_hides_hands_and_deck_order():
    state = fresh()
    state["hands"]["A"] = ["MARK-HAND-A"]
    state["hands"]["B"] = ["MARK-HAND-B", "MARK-HAND-B2"]
    state["resources"]["deck"][5] = "MARK-DECK"
    state["damage"]["deck"][4] = ["MARK-DAMAGE"]
    for seat in (None, "A", "B"):
        text = json.dumps(ENG.player_view(state, seat))
        assert "MARK-DECK" not in text and "MARK-DAMAGE" not in text
        assert ("MARK-HAND-A" in text) == (seat == "A") and ("MARK-HAND-B" in text) == (seat == "B")
    assert ENG.player_view(state, "A")["hands"]["B"] == [None, None]
    opened = dict(state, options={**state["options"], "open_hands": True})
    assert "MARK-HAND-B" in json.dumps(ENG.player_view(opened, "A"))


# ---------------------------------------------------------------------------------------------------------
# Random legal games


def offered(state: dict) -> list[dict]:
    """Every full action the prompt offers."""
    return [{"type": e["type"], "by": e["by"], **c} for e in ENG.prompt(state) for c in e["choices"] or []]


def playable(state: dict) -> list[dict]:
    """The offered actions the rules accept: with private hands at the table a typed draw is offered for every
    kind the drawer cannot rule out, and refused when the deck has run out of it (the others hold the rest)."""
    return [action for action in offered(state) if ENG.check(state, action) is None]


def refused_as_offered(state: dict, action: dict) -> bool:
    """Whether the rules may refuse an offered action: a typed draw of a kind the deck has run out of, with
    private hands (`playable`)."""
    err = ENG.check(state, action)
    return err is None or (err.key == "solar_storm.card_gone" and not state["options"]["open_hands"])


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(1, 4), table=st.booleans(),
       picks=st.lists(st.integers(0, 10_000), min_size=20, max_size=120))
def test_random_games_keep_cubes_and_cards_and_replay(seed, players, table, picks):
    names = ["A", "B", "C", "D"][:players]
    record = new_record("solar_storm", names, options={"deal": "table" if table else "app"}, seed=seed)
    state = replay(record)
    if table:
        count = state["options"]["start_cards"][players - 1]
        setup = {**TYPED_SETUP, "hands": {n: ["metal"] * count for n in names}}
        record, state = play(record, state, setup)
    total = cards_total(state)
    for pick in picks:
        actions = playable(state)
        if not actions:
            break
        record, state = play(record, state, actions[pick % len(actions)])
        assert cards_total(state) == total
        assert cubes(state) + state["cube_supply"] == 24
    assert replay(record) == state


# ---------------------------------------------------------------------------------------------------------
# Property: what each seat sees in random games


def marked(state: dict) -> dict:
    """A copy of state with a unique marker text in every hand card (naming its owner), every card of the resource
    deck when the app deals (a list; the table's deck is counts) and every damage card, by position from the top."""
    out = json.loads(json.dumps(state))
    for name, hand in out["hands"].items():
        out["hands"][name] = [f"MARK-hand-{name}-{i}" for i in range(len(hand))]
    if isinstance(out["resources"]["deck"], list):
        out["resources"]["deck"] = [f"MARK-deck-{i}" for i in range(len(out["resources"]["deck"]))]
    out["damage"]["deck"] = [[f"MARK-damage-{i}"] for i in range(len(out["damage"]["deck"]))]
    return out


def visible(state: dict, seat: str | None, mark: str) -> bool:
    """Whether the rulings let seat see a marker: a hand to its owner (every hand when hands are open), a deck
    card only among the top cards the crew has looked at (`known`)."""
    _, kind, who, *_ = mark.split("-")
    if kind == "hand":
        return who == seat or state["options"]["open_hands"]
    return int(who) < state["known"]["resources" if kind == "deck" else "damage"]


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 10_000), players=st.integers(1, 4), table=st.booleans(),
       open_hands=st.booleans())
def test_random_games_from_the_prompt_never_show_a_seat_another_seats_cards(data, seed, players, table, open_hands):
    """Random games drawn from the prompt's choices (both ways of dealing, hands open or not): offered choices (a
    sample of each step's) are accepted by check; after every action, in each seat's view and the public one, a
    marker planted in a hand shows to its owner only (to all with open hands), and one in the resource or damage
    deck only among the top cards the crew has looked at. At least 20 actions are played unless the game ends
    first."""
    names = ["A", "B", "C", "D"][:players]
    options = {"deal": "table" if table else "app", "open_hands": open_hands}
    record = new_record("solar_storm", names, options=options, seed=seed)
    state = replay(record)
    if table:
        count = state["options"]["start_cards"][players - 1]
        record, state = play(record, state, {**TYPED_SETUP, "hands": {n: ["metal"] * count for n in names}})
    accepted = 0
    for _ in range(60):
        actions = offered(state)
        if not actions:
            break
        for action in data.draw(st.lists(st.sampled_from(actions), max_size=3)):
            assert refused_as_offered(state, action), action
        accepted_now = playable(state)
        if not accepted_now:
            break
        record, state = play(record, state, data.draw(st.sampled_from(accepted_now)))
        accepted += 1
        planted = marked(state)
        assert_marks_shown_only_where_visible(ENG, planted, [None, *names],
                                              lambda seat, mark: visible(planted, seat, mark))
    assert accepted >= 20 or state["over"]
    assert replay(record) == state


def test_after_a_bridge_look_at_the_table_the_looked_at_cards_come_in_any_order():
    """Session 46's audit: in table mode the Bridge costs its action and the table rearranges the physical damage
    cards, but the app still expected the old stacking: with a one-room card then two two-room cards on top, the
    two-room card the table put on top was refused. Now the three cards looked at may come in any order (each
    once), offered by size; the cards below them come as stacked."""
    state = ENG.new_state(["A", "B"], {"deal": "table", "start_room": "bridge", "layout": "listed"}, seed=1)
    state = act(state, "setup", by="table", hands={"A": ["data", "metal", "energy", "nanobots"],
                                                    "B": ["data", "metal", "energy", "nanobots"]},
                face_up=["metal", "energy"],
                damage=[["armoury", "mess-hall", "cargo-hold"], ["engine-room", "crew-quarters", "medical-bay"]])

    def to_damage(state: dict) -> dict:
        """The turn's player ends their actions, takes two cards and discards down to their hand size."""
        by = state["turn"]
        if state["phase"] == "actions":
            state = act(state, "end_actions", by=by)
        state = act(state, "take", by=by, source="deck", cards=["data", "metal"])
        while state["phase"] == "discard":
            state = act(state, "discard", by=by, card=state["hands"][by][0])
        return state

    for room in ("repair-centre", "repair-centre", "armoury", "mess-hall", "cargo-hold", "engine-room",
                 "crew-quarters"):
        state = act(to_damage(state), "damage", by=state["turn"], rooms=[room])
    assert state["damage"]["deck"][:4] == [1, 2, 2, 2]
    state = act(state, "bridge", by=state["turn"])
    state = to_damage(state)
    assert sorted({len(o["rooms"]) for o in ENG.offer(state, "damage", state["turn"])}) == [1, 2]
    state = act(state, "damage", by=state["turn"], rooms=["armoury", "mess-hall"])
    state = to_damage(state)
    state = act(state, "damage", by=state["turn"], rooms=["repair-centre"])
    state = to_damage(state)
    assert {len(o["rooms"]) for o in ENG.offer(state, "damage", state["turn"])} == {2}
    refused(state, "damage", "solar_storm.damage_size", by=state["turn"], rooms=["armoury"])


def test_the_public_log_does_not_list_the_typed_hands_or_a_typed_draw():
    """Session 46's table-mode audit: the host's public screen read "Deal typed: hands A data, metal, …, B …"
    and a typed draw carried the two cards now in a hand. The log keeps the face-up cards and the damage, not
    the hands."""
    from scoring.i18n import text
    record = new_record("solar_storm", ["A", "B"], options={"deal": "table"}, seed=1)
    state = replay(record)
    record, state = play(record, state, TYPED_SETUP)
    record, state = play(record, state, {"type": "end_actions", "by": "A"})
    record, state = play(record, state, {"type": "take", "by": "A", "source": "deck", "cards": ["data", "metal"]})
    entries = public_log(record, state)
    setup, draw = entries[0]["what"], entries[-1]["what"]
    assert "hands" not in setup[1] and "cards" not in draw[1]
    for lang in ("en", "zh-CN"):
        said = text(lang, setup[0], **setup[1])
        assert "{" not in said and text(lang, "solar_storm.card.universal") not in said


def test_the_log_says_every_die_the_app_rolled(monkeypatch):
    """The log read an app-dealt scavenge as "A scavenges" and the Hull Breach as "A draws the damage card", with no
    die (nor typed ones: "Hull Breach: A rolls"): a dispute about a roll could not read it. Each row says its die,
    read from the state after the whole log (no replay); a typed roll as typed."""
    record = new_record("solar_storm", ["A", "B"], seed=7)
    state = replay(record)
    record, state = play(record, state, {"type": "scavenge", "by": "A"})
    scavenged = state["roll"]
    for _ in range(state["picks"]):
        record, state = play(record, state, {"type": "take", "by": "A", "source": "deck"})
    for action in ({"type": "end_actions", "by": "A"}, {"type": "take", "by": "A", "source": "deck"}):
        record, state = play(record, state, action)
    while state["phase"] == "discard":
        record, state = play(record, state, {"type": "discard", "by": "A", "card": state["hands"]["A"][0]})
    record, state = play(record, state, {"type": "damage", "by": "A"})
    state["damage"]["deck"], state["phase"], state["turn"] = [], "damage", "B"  # every damage card drawn
    record, state = play(record, state, {"type": "damage", "by": "B"})
    with monkeypatch.context() as patch:
        patch.setattr(type(ENG), "apply_in_place", lambda *args: pytest.fail("the log replayed an action"))
        said = {entry["what"][0]: entry["what"][1] for entry in public_log(record, state)}
    assert said["solar_storm.action.scavenge.roll"] == {"by": "A", "roll": scavenged, "nth": 1}
    hit = [room_word(room) for room in state["damage"]["discard"][SETUP_DAMAGE]]  # the first card after the setup's
    assert said["solar_storm.action.damage.rooms"] == {"by": "A", "rooms": hit, "nth": 1}
    assert said["solar_storm.action.damage.breach"] == {"by": "B", "roll": state["roll"], "nth": 2}
    assert [i18n.text(lang, "solar_storm.action.scavenge.roll", by="A", roll=4) for lang in ("en", "zh-CN")] == \
        ["A scavenges and rolls 4", "A 搜刮，掷出 4"]
    assert i18n.text("zh-CN", "solar_storm.action.damage.breach", by="A", roll=5) == "船体破裂：A 掷出 5"
    assert i18n.text("zh-CN", "solar_storm.action.damage.rooms", by="A", rooms=hit[:1]) == \
        f"A 抽出损坏牌：{i18n.text('zh-CN', hit[0])}"
    assert said_typed([{"type": "scavenge", "by": "A", "roll": 2}]) == ["A scavenges and rolls 2"]
    card = {"type": "damage", "by": "A", "rooms": ["bridge", "armoury"]}
    assert said_typed([card], {"phase": "damage", "damage": {**typed()["damage"], "deck": [2]}}) == \
        ["A draws the damage card: Bridge and Armoury"]
    breach = {"type": "damage", "by": "A", "roll": 5, "cards": ["data", "data", "metal"]}
    assert said_typed([breach], {"phase": "damage"}) == ["Hull Breach: A rolls 5"]


def test_the_log_says_how_many_cards_a_take_from_the_deck_drew():
    """A take from the deck read "A draws from the resource deck", one card when scavenging or two when collecting
    alike: a dispute about how many came could not read it. Each row says its count (never the cards), read from
    the state after the whole log; a face-up take as before."""
    record = new_record("solar_storm", ["A", "B"], seed=7)
    state = replay(record)
    record, state = play(record, state, {"type": "scavenge", "by": "A"})
    picks = state["picks"]
    for _ in range(picks):
        record, state = play(record, state, {"type": "take", "by": "A", "source": "deck"})
    for action in ({"type": "end_actions", "by": "A"}, {"type": "take", "by": "A", "source": "deck"}):
        record, state = play(record, state, action)
    rows = [entry["what"] for entry in public_log(record, state)
            if entry["what"][0].startswith("solar_storm.action.take")]
    assert [(key, params["count"]) for key, params in rows] == [("solar_storm.action.take.deck_count", 1)] * picks + [
        ("solar_storm.action.take.deck_count", 2)]
    assert [i18n.text(lang, rows[-1][0], **rows[-1][1]) for lang in ("en", "zh-CN")] == [
        "A draws 2 cards from the resource deck", "A 从资源牌堆抽了 2 张牌"]
    assert i18n.text("en", "solar_storm.action.take.deck_count", by="A", count=1) == \
        "A draws 1 card from the resource deck"


def said_typed(actions: list[dict], changed: dict | None = None) -> list[str]:
    """The log's English rows, after the typed deal, of the actions played in a typed game (its state changed
    first as given; its damage deck empty unless given: a damage action is then the Hull Breach)."""
    record = {**new_record("solar_storm", ["A", "B"], options={"deal": "table"}, seed=1), "actions": [TYPED_SETUP]}
    state = {**typed(), "damage": {**typed()["damage"], "deck": []}, **(changed or {})}
    for action in actions:
        record, state = play(record, state, action)
    return [i18n.text("en", entry["what"][0], **entry["what"][1]) for entry in public_log(record, state)][1:]


def test_with_private_hands_at_the_table_the_deck_counts_tell_no_seat_what_another_holds():
    """Session 48's seat audit: in table mode the deck is counts by kind, and every view kept them, so A's phone (and
    the public screen) worked out B's hand as the whole deck less the deck, the face-up cards, the discard pile and
    A's own hand (with two players exactly: "universal, universal, energy, nanobots"); A's typed draw offered only
    the kinds the deck still held. Now a view with private hands counts the cards the seat cannot see (the deck
    and the other hands together) and keeps the deck's size apart; A's view and choices are the same whatever B
    holds, and a kind the deck has run out of is refused as the rules say."""
    others = [["universal", "universal", "energy", "nanobots"], ["data", "data", "data", "data"]]
    seen = []
    for hand in others:
        state = ENG.apply(ENG.new_state(["A", "B"], {"deal": "table"}, seed=1),
                          TYPED_SETUP | {"hands": {"A": ["data", "metal", "energy", "nanobots"], "B": hand}})
        state = act(state, "end_actions")
        seen.append([ENG.player_view(state, "A"), ENG.player_view(state, None),
                     [e for e in ENG.prompt(state) if e["by"] == "A"]])
        assert deck_count(seen[-1][0]["resources"]) == deck_count(state["resources"]) == 56
    assert seen[0] == seen[1]
    assert ENG.player_view(seen[0][0], "A") == seen[0][0]
    assert {"type": "take", "by": "A", "choices": seen[0][2][0]["choices"], "empties_deck": []} == seen[0][2][0]
    assert ["universal", "universal"] in [c["cards"] for c in seen[0][2][0]["choices"] if c["source"] == "deck"]
    drained = ENG.apply(ENG.new_state(["A", "B"], {"deal": "table", "difficulty": "expert"}, seed=1),
                        TYPED_SETUP | {"hands": {"A": ["data", "metal", "energy", "nanobots"], "B": others[0]}})
    refused(act(drained, "end_actions"), "take", "solar_storm.card_gone", source="deck", cards=["universal", "data"])


def test_with_private_hands_the_check_before_asking_is_the_same_whatever_the_other_holds():
    """A phone's picker checks a move before it is sent (nothing applied). Checked against the whole state, a take
    from B of a kind B lacks was refused at once, so A's phone read B's hand kind by kind for free. `check_asking`
    checks as A knows: with private hands B may hold any kind (whether B does is learned by sending, refused
    `solar_storm.card_not_held`, as at the table); A's own cards, the room and the actions are still checked.
    With open hands it is `check`."""
    seen = []
    for other in (["data", "data", "metal", "metal"], ["energy", "universal", "nanobots", "energy"]):
        hands = {"A": ["data", "metal", "energy", "nanobots"], "B": other}
        state = ENG.apply(ENG.new_state(["A", "B"], {"deal": "table"}, seed=1), TYPED_SETUP | {"hands": hands})
        seen.append([ENG.check_asking(state, {"type": "receive", "by": "A", "player": "B", "card": c})
                     for c in sorted(CARDS)])
        assert seen[-1] == [None] * len(CARDS)
        assert ENG.check_asking(state, {"type": "receive", "by": "A", "player": "B", "card": "energy"}) is None
        state["where"]["A"] = "mess-hall"
        state["rooms"]["mess-hall"]["cubes"] = [True] * 3
        swap = {"type": "mess_hall", "by": "A", "player": "B", "take": "metal"}
        assert ENG.check_asking(state, swap | {"give": "data"}) is None
        assert ENG.check_asking(state, swap | {"give": "universal"}).key == "solar_storm.card_not_held"
        state["where"]["A"] = "bridge"
        assert ENG.check_asking(state, swap | {"give": "data"}).key == "solar_storm.not_here"
    opened = ENG.apply(ENG.new_state(["A", "B"], {"deal": "table", "open_hands": True}, seed=1), TYPED_SETUP)
    lacks = {"type": "receive", "by": "A", "player": "B", "card": "nanobots"}
    assert ENG.check_asking(opened, lacks).key == ENG.check(opened, lacks).key == "solar_storm.card_not_held"


def test_with_private_hands_taking_a_card_is_free_input_that_tells_nothing():
    """Session 46's table-mode audit: A's `receive` choices listed exactly the kinds B held (and Mess Hall's takes
    alike), sent to A's phone while B's hand showed as blanks. With private hands both moves are free input and
    `asks` lists every kind; with open hands the choices list what B holds."""
    hands = {"A": ["data", "metal", "energy", "nanobots"], "B": ["data", "data", "metal", "metal"]}
    private = ENG.apply(ENG.new_state(["A", "B"], {"deal": "table"}, seed=1), TYPED_SETUP | {"hands": hands})
    assert ENG.offer(private, "receive", "A") is None
    assert sorted(c["card"] for c in ENG.asks(private, "receive", "A")) == sorted(CARDS)
    refused(private, "receive", "solar_storm.card_not_held", player="B", card="energy")
    assert act(private, "receive", player="B", card="data")["hands"]["A"].count("data") == 2
    opened = ENG.apply(ENG.new_state(["A", "B"], {"deal": "table", "open_hands": True}, seed=1),
                       TYPED_SETUP | {"hands": hands})
    assert sorted(c["card"] for c in ENG.offer(opened, "receive", "A")) == ["data", "metal"]


def test_the_chinese_words_name_a_repair_one_way():
    # A 390x844 phone's rooms read "修复方块：2/3" while the buttons and the log said "修理：第 1 格 · 金属": two words for
    # one thing. The game's own Chinese (the BGA help page) repairs with 修复 and diverts power (转移电力); a track
    # space is a 格 (the log's "第 2 格"), never 空位. The Repair Centre keeps its printed name, 维修中心.
    root = Path(__file__).resolve().parent.parent / "assets"
    texts = {"language file": json.loads((root / "i18n" / "zh-CN" / "solar_storm.json").read_text("utf-8")),
             "rules page": (root / "solar_storm" / "rules.zh-CN.md").read_text("utf-8")}
    for where, text in texts.items():
        said = json.dumps(text, ensure_ascii=False).replace("维修中心", "").replace("能源核心", "")
        for other in ("修理", "维修", "空位", "转移能源", "接收能源"):
            assert other not in said, (where, other)
        assert "修复" in said, where
