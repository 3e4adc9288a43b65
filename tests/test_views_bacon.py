"""Bacon view without a browser: dealer, finishing order to a deal, team points, the referee and its record."""

from __future__ import annotations

from scoring.games.bacon import referee
from tests.card_view_helpers import Table, all_buttons, shown, tap
from views.games import bacon as view


def build(table: Table):
    """The view for the table's current state."""
    return view.build(table.ctx())


def test_tap_order_records_a_deal_and_team_points():
    table = Table("bacon", ["A", "B", "C", "D"])
    assert "Team 1 (A + C): 0 points" in shown(build(table))
    tap(build(table), "B")
    assert table.state["dealer"] == "B"
    tap(build(table), "A out")
    tap(build(table), "C out")
    body = build(table)
    assert "1. A ×" in [b.content for b in all_buttons(body)] and "A out" not in [b.content for b in all_buttons(body)]
    tap(body, "Deal finished")
    assert table.errors == [] and table.state["deals"][0]["points"] == 4
    body = build(table)
    assert "Team 1 (A + C): 4 points" in shown(body) and "Team 1 +4" in shown(body)
    assert table.local["bacon"]["order"] == []


def test_unfinished_order_is_refused_and_kept():
    table = Table("bacon", ["A", "B", "C", "D"])
    tap(build(table), "A out")
    tap(build(table), "Deal finished")
    assert table.errors == ["bacon.deal_unfinished"] and table.state["deals"] == []
    assert table.local["bacon"]["order"] == ["A"]


def test_referee_check_translates_types_and_records():
    table = Table("bacon", ["A", "B", "C", "D"])
    tap(build(table), "Referee: does it beat?")
    tap(build(table), "Tap cards on the table")
    tap(build(table), "5A")
    tap(build(table), "Suit B")
    tap(build(table), "5B")
    tap(build(table), "Tap cards played")
    tap(build(table), "7B")
    tap(build(table), "Wild")
    tap(build(table), "Check")
    body = build(table)
    expected = referee(["5A", "5B"], ["7B", "X"])
    assert expected["beats"] and expected["reason"]["key"] == "cards.beats.higher"
    assert any(t.startswith("Beats it: the same kind (2-card pair)") for t in shown(body))
    assert "Table reads as: 2-card pair, rank 5" in shown(body)
    tap(body, "Put on record")
    assert table.state["rulings"][0]["beats"] is True and table.state["rulings"][0]["played"] == ["7B", "X"]
    assert any(t.startswith("Deal 1: 7B X on 5A 5B") for t in shown(build(table)))


def test_referee_bomb_and_refusal_in_words():
    table = Table("bacon", ["A", "B", "C", "D"])
    table.local["bacon"] = {**view.draft_of(table.ctx()), "referee": True, "table": ["9A"],
                            "played": ["2A", "3A", "4A", "5A", "6A"]}
    tap(build(table), "Check")
    assert "Beats it: a bomb (5-card straight flush) beats any ordinary combination." in shown(build(table))
    table.local["bacon"].update(table=["1A", "5B"], verdict=None)
    tap(build(table), "Check")
    assert "The cards on the table do not form a combination." in shown(build(table))


def test_chinese_team_line():
    table = Table("bacon", ["甲", "乙", "丙", "丁"], lang="zh-CN")
    assert "第 1 队（甲 + 丙）：0 分" in shown(build(table))
