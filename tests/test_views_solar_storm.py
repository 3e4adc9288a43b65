"""Solar Storm view without a browser: the ship and decks on screen, a turn played by taps from the prompt's
choices, hands shown only when uncovered, the look-and-arrange panel, and the loss screen saying why."""

from __future__ import annotations

from tests.card_view_helpers import Table, all_buttons, shown, tap
from views.games import solar_storm as view


def build(table: Table):
    """The view for the table's current state."""
    return view.build(table.ctx())


def test_ship_and_decks_on_screen():
    table = Table("solar_storm", ["Ann", "Bo"])
    texts = shown(build(table))
    # 66 cards − 8 dealt − 2 face up = 56; 24 damage cards − 2 at setup = 22
    assert "Resource deck: 56 cards · discard pile: 0" in texts
    assert "Damage cards left: 22" in texts and "The next damage card hits 1 room(s)." in texts
    assert "Here: Ann, Bo" in texts and "Ann's turn: 3 actions left, 0 tokens" in texts
    cubes = [int(t[len("Cubes: "):-2]) for t in texts if t.startswith("Cubes: ")]
    assert len(cubes) == 8 and sum(cubes) == 18                    # 24 cubes − 6 setup damage


def test_a_turn_by_taps():
    table = Table("solar_storm", ["Ann", "Bo"])
    tap(build(table), "End actions")
    assert table.state["phase"] == "collect" and table.state["tokens"]["Ann"] == 1   # 3 unused → 1 token
    body = build(table)
    tap(body, "Take a card (3)…")                                  # face-up 1, face-up 2, the deck
    face = table.state["resources"]["face_up"][0]
    tap(build(table), f"face-up {view.card_name(table.ctx(), face)}")
    assert table.errors == [] and table.state["phase"] == "damage" and face in table.state["hands"]["Ann"]
    tap(build(table), "Draw the damage card")
    assert table.state["turn"] == "Bo" and any(t.startswith("Last damage: ") for t in shown(build(table)))


def test_hands_only_when_uncovered():
    table = Table("solar_storm", ["Ann", "Bo"])
    hand = table.state["hands"]["Ann"]
    words = view.card_name(table.ctx(), sorted(hand)[0])
    assert not any(t.startswith("Hand: ") for t in shown(build(table)))
    tap(build(table), "Show Ann's hand")
    texts = shown(build(table))
    assert [t for t in texts if t.startswith("Hand: ")] == [
        "Hand: " + ", ".join(view.card_name(table.ctx(), c) for c in sorted(hand))] and words
    tap(build(table), "Hide Ann's hand")
    assert not any(t.startswith("Hand: ") for t in shown(build(table)))


def test_cargo_hold_arrange_by_taps():
    table = Table("solar_storm", ["Ann"])
    state = table.state
    state["where"]["Ann"] = "cargo-hold"
    state["rooms"]["cargo-hold"]["cubes"] = [True, True, True]
    tap(build(table), "Cargo Hold: look at 5 resources")
    top = list(table.state["resources"]["deck"][:5])
    body = build(table)
    labels = [b.content for b in all_buttons(body)]
    assert "Put back" in labels
    buttons = [b for b in all_buttons(body) if b.content == view.card_name(table.ctx(), top[4])]
    buttons[-1].on_click(None)                                    # the fifth card goes on top
    tap(build(table), "Put back")
    assert table.state["resources"]["deck"][:5] == [top[4]] + top[:4] and table.state["phase"] == "actions"
    assert any(t.startswith("Top of the resource deck (seen in the Cargo Hold): ") for t in shown(build(table)))


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
