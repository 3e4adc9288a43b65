"""Bacon view without a browser: dealer, finishing order to a deal, team points, the referee and its record, a past
deal tapped open and corrected, and undo handing a deal's order back to the form."""

from __future__ import annotations

import re

import flet as ft
import pytest

from scoring.core import RuleError
from scoring.games.bacon import referee
from scoring.record import STALE
from tests.card_view_helpers import Table, all_buttons, refused, label, narrow, shown, taken_over, tap
from tests.card_view_helpers import name as read_as
from tests.helpers import run_async
from tests.test_views_components import fills_its_column, raw_texts, read, said_under, walk
from views import words
from views.context import INTO_VIEW
from views.games import bacon as view
from views.games import round_edit


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
    assert "1. A ×" in [label(b) for b in all_buttons(body)] and "A out" not in [label(b) for b in all_buttons(body)]
    tap(body, "Deal finished")
    assert table.errors == [] and table.state["deals"][0]["points"] == 4
    assert table.record["actions"][-1] == {"type": "deal", "by": "table", "order": ["A", "C"], "round": 1,
                                           "at": table.record["actions"][-1]["at"]}
    body = build(table)
    assert "Team 1 (A + C): 4 points" in shown(body) and "Team 1 +4" in shown(body)
    assert table.local["bacon"]["order"] == []


def test_unfinished_order_is_refused_and_kept():
    table = Table("bacon", ["A", "B", "C", "D"])
    tap(build(table), "A out")
    tap(build(table), "Deal finished")
    assert refused(table) == ["bacon.deal_unfinished"] and table.state["deals"] == []
    assert table.local["bacon"]["order"] == ["A"]


def test_referee_check_translates_types_and_records():
    table = Table("bacon", ["A", "B", "C", "D"])
    tap(build(table), "Referee: does it beat?")
    tap(build(table), "Tap cards on the table")
    tap(build(table), "5 of suit A")
    tap(build(table), "Suit B")
    tap(build(table), "5 of suit B")
    tap(build(table), "Tap cards played")
    tap(build(table), "7 of suit B")
    tap(build(table), "Wild")
    tap(build(table), "Check")
    body = build(table)
    expected = referee(["5A", "5B"], ["7B", "X"])
    assert expected["beats"] and expected["reason"]["key"] == "cards.beats.higher"
    assert any(t.startswith("Beats it: the same kind (2-card pair)") for t in shown(body))
    assert "Cards on the table: 2-card pair, rank 5" in shown(body)  # "Table reads as", "Played reads as"
    assert "Cards played: 2-card pair, rank 7" in shown(body)
    tap(body, "Put on record")
    assert table.state["rulings"][0]["beats"] is True and table.state["rulings"][0]["played"] == ["7B", "X"]
    assert any(t.startswith("Deal 1: 7B Wild on 5A 5B — Beats it") for t in shown(build(table)))
    assert not any(" X " in t for t in shown(build(table)))


def test_the_wild_is_named_in_the_ruling_line_as_on_its_button_in_chinese():
    """A ruling on record names the Wild card as the card buttons and piles do (万能), not by its code X."""
    table = Table("bacon", ["甲", "乙", "丙", "丁"], lang="zh-CN")
    assert table.apply({"type": "ruling", "by": "table", "table": ["5A", "5B"], "played": ["7B", "X"],
                        "table_type": None})
    table.local["bacon"] = {**view.draft_of(table.ctx()), "referee": True, "played": ["X"]}
    body = build(table)
    assert "万能 ×" in [label(b) for b in all_buttons(body)]
    assert any(t.startswith("第 1 局：7B 万能 压 5A 5B，压得过") for t in shown(body))


def test_a_ruling_on_a_lead_is_said_as_one():
    """A referee check with nothing on the table read "Deal 1: 7B 7C on — — A legal lead…" on screen and
    "Referee asked: 7B, 7C on " in the log (请求仲裁： 之上打出…); both say it was a lead."""
    table = Table("bacon", ["A", "B", "C", "D"])
    ruling = {"type": "ruling", "by": "table", "table": [], "played": ["7B", "7C"], "table_type": None}
    assert table.apply(ruling)
    table.local["bacon"] = {**view.draft_of(table.ctx()), "referee": True}
    assert any(t.startswith("Deal 1: 7B 7C as a lead — A legal lead") for t in shown(build(table)))
    key, params = table.engine.describe(ruling)
    assert words.say("en", key, **params) == "Referee asked: 7B and 7C as a lead"
    assert words.say("zh-CN", key, **params) == "请求仲裁：首出 7B 和 7C"
    table.lang = "zh-CN"
    assert any(t.startswith("第 1 局：首出 7B 7C，") for t in shown(build(table)))


def test_the_deal_title_and_the_dealer_line_keep_their_last_word_with_the_one_before():
    """The deal card's title and the first-dealer line read as written, their short last word glued to the one
    before by a no-break space (on a phone "out" and "another:" were left alone on the last line); in Chinese the
    last two characters are kept together by a word joiner."""
    table = Table("bacon", ["A", "B", "C", "D"])
    body, dealer = build(table), table.state["dealer"]
    assert "Deal 1: tap players in the order they went out" in shown(body)
    assert f"First dealer: {dealer} (drawn). Tap to choose another:" in shown(body)
    assert "Deal 1: tap players in the order they went\u00a0out" in raw_texts(body)
    assert f"First dealer: {dealer} (drawn). Tap to choose\u00a0another:" in raw_texts(body)
    chinese = Table("bacon", ["甲", "乙", "丙", "丁"], lang="zh-CN")
    body = build(chinese)
    assert "第 1 局：按出完牌的先后点玩家" in shown(body)
    assert f"首局发牌：{chinese.state['dealer']}（抽签）。点名字可以换\u2060人：" in raw_texts(body)


@pytest.mark.parametrize("lang, players, heading", [
    ("en", ["A", "B", "C", "D"], "Correcting deal 1: change the order and\u00a0save"),
    ("zh-CN", ["甲", "乙", "丙", "丁"], "更正第 1\u00a0局：改好顺序后保\u2060存")])
def test_a_correction_heading_keeps_its_last_word_with_the_one_before(lang, players, heading):
    """Played in the browser (phone, Chinese, text 1.5x): a past deal opened for a correction was headed "更正第 2
    局：改好顺序后保" with "存" alone on the next line. The correction's heading is glued at its end as the new
    deal's title is (every game's form shares it, `round_edit.heading`)."""
    table = Table("bacon", players, lang=lang)
    table.apply({"type": "deal", "by": "table", "order": [players[0], players[2]]})
    build(table)
    round_edit.open_round(table.local["bacon"], view.KEYS, 1, {"order": [players[0], players[2]]})
    assert heading in raw_texts(build(table))


@pytest.mark.parametrize("lang, first, ten, wild, removed, ruling", [
    ("en", "1 of suit A", "10 of suit A", "Wild", ["Remove 10 of suit C", "Remove Wild"],
     "Deal 1: 7 of suit B and Wild on 5 of suit A and 5 of suit B"),
    ("zh-CN", "花色 A 的 1", "花色 A 的 10", "万能", ["去掉 花色 C 的 10", "去掉万能"],
     "第 1 局：花色 B 的 7 和万能 压 花色 A 的 5 和花色 B 的 5"),
])
def test_a_card_is_read_by_its_rank_and_its_suit(lang, first, ten, wild, removed, ruling):
    """A screen reader read the referee's cards as they are painted, "1A"…"10A" ("7B Wild on 5A 5B" in a ruling);
    now each is read by its rank and its suit ("1 of suit A", 花色 A 的 1) while the button still shows "1A"."""
    table = Table("bacon", ["A", "B", "C", "D"], lang=lang)
    assert table.apply({"type": "ruling", "by": "table", "table": ["5A", "5B"], "played": ["7B", "X"],
                        "table_type": None})
    table.local["bacon"] = {**view.draft_of(table.ctx()), "referee": True, "table": ["10C"], "played": ["X"]}
    body = build(table)
    cards = [b for b in all_buttons(body) if label(b) in {"1A", "10A", "X", wild}]
    assert [(label(b), read_as(b)) for b in cards] == [("1A", first), ("10A", ten), (wild, wild)]
    assert [read_as(b) for b in all_buttons(body) if label(b) in {"10C ×", f"{wild} ×"}] == removed
    said = [t.semantics_label for t in walk(body) if isinstance(t, ft.Text) and (t.value or "").startswith(
        ("Deal 1: 7B", "第 1 局：7B"))]
    assert len(said) == 1 and said[0].startswith(ruling)


def test_referee_bomb_and_refusal_in_words():
    table = Table("bacon", ["A", "B", "C", "D"])
    table.local["bacon"] = {**view.draft_of(table.ctx()), "referee": True, "table": ["9A"],
                            "played": ["2A", "3A", "4A", "5A", "6A"]}
    tap(build(table), "Check")
    assert "Beats it: a bomb (5-card straight flush) beats any ordinary combination." in shown(build(table))
    table.local["bacon"].update(table=["1A", "5B"], verdict=None)
    tap(build(table), "Check")
    assert "The cards on the table do not form a combination." in shown(build(table))


def test_a_ruling_put_on_record_unchecked_is_refused_under_its_button_and_the_piles_kept():
    """The table pile is no combination and "Put on record" is tapped without a check: the rules refuse it, said
    under the row of Check and Put on record (no bar: it covered the referee's buttons on a phone), the screen
    scrolled to it, both piles kept to be put right."""
    table = Table("bacon", ["A", "B", "C", "D"])
    table.local["bacon"] = {**view.draft_of(table.ctx()), "referee": True, "table": ["1A", "5B"], "played": ["7B"]}
    tap(build(table), "Put on record")
    body = build(table)
    row = next(c for c in walk(body) if isinstance(c, ft.Row) and any(
        isinstance(b, ft.OutlinedButton) and b.content == "Put on record" for b in c.controls))
    assert said_under(body, row) == ["The cards on the table do not form a combination."]
    assert table.errors == [] and table.state["rulings"] == [] and table.local[INTO_VIEW][0] == "ruling"
    assert table.local["bacon"]["table"] == ["1A", "5B"] and table.local["bacon"]["played"] == ["7B"]


def test_chinese_team_line():
    table = Table("bacon", ["甲", "乙", "丙", "丁"], lang="zh-CN")
    assert "第 1 队（甲 + 丙）：0 分" in shown(build(table))


def test_a_teams_points_stay_with_their_number():
    """At 390x844 with the phone's text at 2x the team line read "Team 1 (Ann + Cai): 0" / "points"; the last
    word now stays with the number (`words.no_orphan`)."""
    table = Table("bacon", ["Ann", "Bob", "Cai", "Dee"])
    assert "Team 1 (Ann + Cai): 0\u00a0points" in raw_texts(build(table))


def out(table: Table, *names: str) -> None:
    """Tap players out in order and finish the deal (or save the open correction)."""
    for name in names:
        tap(build(table), f"{name} out")


def test_a_past_deal_tapped_open_is_corrected_and_undo_hands_the_order_back():
    table = Table("bacon", ["A", "B", "C", "D"], options={"target": 20})
    tap(build(table), "A")
    out(table, "B", "D")
    tap(build(table), "Deal finished")
    out(table, "A", "C")
    tap(build(table), "Deal finished")
    out(table, "D")
    tap(build(table), "Deal 1")
    body = build(table)
    assert "Correcting deal 1: change the order and save" in shown(body)
    assert table.local["bacon"]["order"] == ["B", "D"] and "1. B ×" in [label(b) for b in all_buttons(body)]
    tap(body, "Save deal 1")  # as it was: refused in deal's words, nothing logged, the form still open
    assert refused(table) == ["bacon.rounds.view.unchanged"] and len(table.record["actions"]) == 3
    assert words.say("zh-CN", "bacon.rounds.view.unchanged", round=1) == "第 1 局没有改动：改好顺序后再保存，或者取消。"
    table.errors.clear()
    body = build(table)
    tap(body, "Remove B (place 1)")
    tap(build(table), "Remove D (place 1)")
    out(table, "C", "A")
    tap(build(table), "Save deal 1")
    assert table.errors == []
    assert [a["type"] for a in table.record["actions"]] == ["dealer", "deal", "deal", "correct"]
    assert table.record["actions"][-1]["round"] == 1 and table.record["actions"][-1]["order"] == ["C", "A"]
    assert [d["dealer"] for d in table.state["deals"]] == ["A", "C"]  # team 1 scored deal 1 now: C deals next
    body = build(table)
    assert "Team 1 (A + C): 8 points" in shown(body) and "Team 1: 8\nTeam 2: 0" in shown(body)
    assert table.local["bacon"]["order"] == ["D"] and "Deal 3: tap players in the order they went out" \
        in shown(body)
    tap(body, "Remove D (place 1)")
    table.undo()
    table.undo()
    assert table.state["deals"][1:] == [] and table.local["bacon"]["order"] == []
    build(table)
    assert table.local["bacon"]["order"] == ["A", "C"]
    tap(build(table), "Deal finished")
    assert len(table.state["deals"]) == 2 and table.local["bacon"]["order"] == []


def test_a_player_in_the_order_is_named_by_what_a_tap_does_then_their_place_in_each_language():
    """A player tapped out was read "Remove 1. Ida" (the ordinal read as part of a name): the button is named
    "Remove Ida (place 1)" / "去掉 Ida（第 1 个出完）", the words "You are out" uses for a place; the eye keeps
    "1. Ida ×"."""
    for lang, remove in (("en", ["Remove Ida (place 1)", "Remove Jon (place 2)"]),
                         ("zh-CN", ["去掉 Ida（第 1 个出完）", "去掉 Jon（第 2 个出完）"])):
        table = Table("bacon", ["Ida", "Jon", "Kit", "Lu"], lang=lang)
        build(table)
        table.local["bacon"]["order"][:] = ["Ida", "Jon"]
        picked = [b for b in all_buttons(build(table)) if label(b) in ("1. Ida ×", "2. Jon ×")]
        assert [read_as(b) for b in picked] == remove, lang


def test_a_deal_undone_while_open_for_correction_is_said_in_deals():
    """Bacon's words for a correction an undo closed say deal, as its other round words do (第 1 局 in Chinese)."""
    table = Table("bacon", ["A", "B", "C", "D"], options={"target": 20})
    tap(build(table), "A")
    out(table, "B", "D")
    tap(build(table), "Deal finished")
    tap(build(table), "Deal 1")
    table.undo()
    assert any(text.startswith("Deal 1 was undone while it was open for correction") for text in shown(build(table)))
    table.lang = "zh-CN"
    assert any(text.startswith("第 1 局在更正时被撤销了") for text in shown(build(table)))


def test_a_correction_that_would_end_the_game_early_is_refused_in_the_form():
    table = Table("bacon", ["A", "B", "C", "D"])
    out(table, "A", "C")
    tap(build(table), "Deal finished")
    out(table, "B", "D")
    tap(build(table), "Deal finished")
    out(table, "B", "A", "D")
    tap(build(table), "Deal finished")
    tap(build(table), "Deal 2")
    for name in ("B", "D"):
        tap(build(table), f"Remove {name} (place 1)")
    out(table, "C", "A")
    tap(build(table), "Save deal 2")
    assert refused(table) == ["bacon.correction_ends_early"] and table.local["bacon"]["order"] == ["C", "A"]
    assert [a["type"] for a in table.record["actions"]] == ["deal", "deal", "deal"]
    tap(build(table), "Cancel: back to the new deal")
    assert table.local["bacon"]["order"] == [] and round_edit.editing(table.local["bacon"]) is None


def test_the_finishing_order_card_takes_the_columns_width():
    """The "tap players in the order they went out" card ends at the column's right edge, not after its buttons."""
    assert fills_its_column(build(Table("bacon", ["A", "B", "C", "D"])), "Deal 1: tap players in the order")


def tap_out(table: Table, seat: str) -> None:
    """Tap "I'm out!" on seat's own phone (an async handler, as a race claim's)."""
    (button,) = [b for b in all_buttons(view.build(table.seated(seat, {}))) if b.content == "I'm out!"]
    run_async(button.on_click(None))


def test_each_phone_taps_im_out_and_the_deal_is_recorded_once_a_team_is_out():
    """Four phones: Bo then Ann tap "I'm out!"; every screen shows the order so far and Bo's phone his place (no
    button left); the table's screen still offers its own order. Cy's tap ends Ann and Cy's team and records the
    deal in the order the taps came."""
    table = Table("bacon", ["Ann", "Bo", "Cy", "Di"])
    ctx = table.seated("Ann", {})
    body = view.build(ctx)
    assert ("Ann", "out") in ctx.offered and "I'm out!" in [label(b) for b in all_buttons(body)]
    assert not any(t.startswith("Deal 1: tap players") for t in shown(body))
    assert any(t.startswith("First dealer: ") and t.endswith("(drawn).") for t in shown(body))
    tap_out(table, "Bo")
    tap_out(table, "Ann")
    assert table.state["out"] == ["Bo", "Ann"] and table.errors == []
    bo = view.build(table.seated("Bo", {}))
    assert "You are out (place 1 in this deal)." in shown(bo) and "I'm out!" not in [b.content for b in all_buttons(bo)]
    assert "Out so far (tapped on phones): 1. Bo, 2. Ann" in shown(build(table))
    tap_out(table, "Cy")
    assert table.state["deals"][0]["order"] == ["Bo", "Ann", "Cy"] and table.state["out"] == []
    assert "I'm out!" in [b.content for b in all_buttons(view.build(table.seated("Bo", {})))]


def pinned_out(table: Table, seat: str) -> ft.Control:
    """The row seat's own phone pins: its "I'm out!" button."""
    ctx = table.seated(seat, {})
    pinned: list = []
    ctx.pin = pinned.append
    view.build(ctx)
    return pinned[0]


def test_an_im_out_tapped_as_the_deal_is_recorded_is_not_counted_in_the_next_deal():
    """Ann and Di go out at once; Di's tap arrives first and ends Bo and Di's team, recording deal 1: Ann's tap, on
    its way before her screen was redrawn, reached deal 2's button (the same control to Flet) and made her first
    out in deal 2. Deal 2's button is a new control, so her tap is answered as lost."""
    table = Table("bacon", ["Ann", "Bo", "Cy", "Di"])
    tap_out(table, "Bo")
    old = pinned_out(table, "Ann")
    tap_out(table, "Di")
    assert len(table.state["deals"]) == 1
    new = pinned_out(table, "Ann")
    assert not taken_over(old, all_buttons(old)[0], new, all_buttons(new)[0])


def test_a_refused_im_out_is_said_under_the_pinned_button_a_stale_one_in_the_bar(monkeypatch):
    """A seated phone's "I'm out!" the rules refuse was said in the bar at the phone's foot, over the screen: it is
    said right under the button, pinned with it (the button drawn as it was: a quick tap again still finds it), and
    the phone is asked to bring the button into view; a tap refused as stale (another phone acted first) stays the
    bar's, with nothing under the button."""
    table = Table("bacon", ["Ann", "Bo", "Cy", "Di"])
    answers = [RuleError("bacon.out_already", name="Ann")]
    local: dict = {}

    def refusing(action: dict, refused=None) -> bool:
        """The rules' next answer to a tap, handed to `refused` or, without one, shown in the bar."""
        err = answers.pop()
        (refused or (lambda e: table.errors.append(e.key)))(err)
        return False

    monkeypatch.setattr(table, "apply", refusing)

    def pinned() -> ft.Control:
        """What Ann's phone pins now: the "I'm out!" button and anything said under it."""
        ctx = table.seated("Ann", local)
        held: list = []
        ctx.pin = held.append
        view.build(ctx)
        return held[0]

    answers.append(RuleError(STALE))
    before = pinned()
    run_async(all_buttons(before)[0].on_click(None))
    assert table.errors == [STALE] and said_under(pinned(), all_buttons(pinned())[0]) == []
    run_async(all_buttons(before)[0].on_click(None))
    after = pinned()
    button, why = all_buttons(after)
    assert said_under(after, button) == [read("Ann is already out of this deal.")] and table.errors == [STALE]
    assert label(why) == "Why?"
    assert taken_over(before, all_buttons(before)[0], after, button)
    assert local[INTO_VIEW][0] == round_edit.own_key(1)


def test_a_deal_the_phones_recorded_is_not_recorded_again_from_the_tables_form():
    """The host had begun deal 1's order (Ann out) when the phones' taps recorded deal 1: the form says so and
    records nothing until its order is kept for deal 2 or cleared (it offered to send Ann's order as deal 2's)."""
    table = Table("bacon", ["Ann", "Bo", "Cy", "Di"])
    tap(build(table), "Ann out")
    for seat in ("Bo", "Ann", "Cy"):
        tap_out(table, seat)
    assert [d["order"] for d in table.state["deals"]] == [["Bo", "Ann", "Cy"]]
    body = build(table)
    assert ("Deal 1 was entered meanwhile (on another screen, or put back by Redo): what is tapped here is not "
            "entered.") in shown(body)
    assert "Deal finished" not in [label(b) for b in all_buttons(body)]
    tap(body, "Clear the form")
    body = build(table)
    assert table.local["bacon"]["order"] == [] and "Deal finished" in [label(b) for b in all_buttons(body)]
    assert len(table.state["deals"]) == 1 and table.errors == []


def test_the_table_starts_its_order_from_the_taps_for_a_player_without_a_phone():
    """Bo and Ann tapped "I'm out!"; Cy has no phone and went out third: the host fills the order from the taps
    (the button shows only while the order is empty), adds Cy and records the deal in that order."""
    table = Table("bacon", ["Ann", "Bo", "Cy", "Di"])
    assert "Fill in the order tapped on phones" not in [label(b) for b in all_buttons(build(table))]
    tap_out(table, "Bo")
    tap_out(table, "Ann")
    tap(build(table), "Fill in the order tapped on phones")
    body = build(table)
    assert table.local["bacon"]["order"] == ["Bo", "Ann"]
    assert "Fill in the order tapped on phones" not in [label(b) for b in all_buttons(body)]
    tap(body, "Cy out")
    tap(build(table), "Deal finished")
    assert table.errors == [] and table.state["deals"][0]["order"] == ["Bo", "Ann", "Cy"]
    assert table.state["out"] == [] and table.local["bacon"]["order"] == []


def test_in_chinese_a_phone_and_the_table_say_ju_for_a_deal():
    """Chinese players read 第 1 局 (a deal) on the phone's heading and in the deals table, as in the order form's
    title and the rules, not 第 1 轮 (a round: the shared words)."""
    table = Table("bacon", ["Ann", "Bo", "Cy", "Di"], lang="zh-CN")
    phone = shown(view.build(table.seated("Ann", {})))
    assert "第 1 局" in phone and not [t for t in phone if "轮" in t]
    tap(build(table), "Ann 出完")
    tap(build(table), "Cy 出完")
    tap(build(table), "本局结束")
    host = build(table)
    assert "第 1 局" in [label(b) for b in all_buttons(host)]
    assert not [t for t in shown(host) if re.search(r"第 \d+ 轮|轮次", t)]


def test_the_im_out_button_is_pinned_where_the_frame_pins():
    """On a frame that pins (the seated phone's screen), the button is handed to `pin` and not left in the tree, so
    it stays in reach while the rest scrolls."""
    table = Table("bacon", ["Ann", "Bo", "Cy", "Di"])
    ctx = table.seated("Ann", {})
    pinned: list = []
    ctx.pin = pinned.append
    body = view.build(ctx)
    assert "I'm out!" not in [label(b) for b in all_buttons(body)]
    assert [b.content for b in all_buttons(pinned[0])] == ["I'm out!"]


def test_the_target_line_says_one_point_and_one_deal_in_the_singular():
    """Target 1 and deal limit 1 read "1 point … 1 deal" in English, each count on its own too."""
    for options, said in (({"target": 1, "deal_limit": 1}, "First team to 1 point wins; at most 1 deal."),
                          ({"target": 1, "deal_limit": 8}, "First team to 1 point wins; at most 8 deals."),
                          ({"target": 8, "deal_limit": 1}, "First team to 8 points wins; at most 1 deal.")):
        assert said in shown(view.build(Table("bacon", ["Ann", "Bo", "Cy", "Di"], options).ctx()))


def test_the_tables_empty_order_does_not_say_nobody_is_out_under_the_phones_taps():
    """Bo and Ann tapped "I'm out!": the host's form read "Out so far (tapped on phones): 1. Bo, 2. Ann" and,
    under the players' buttons, "Nobody out yet." (the order tapped in the form, still empty); it says so."""
    table = Table("bacon", ["Ann", "Bo", "Cy", "Di"])
    assert "Nobody out yet." in shown(build(table))
    tap_out(table, "Bo")
    tap_out(table, "Ann")
    body = shown(build(table))
    assert "Nobody out yet." not in body and "Nobody tapped in here yet." in body


@pytest.mark.parametrize("lang,table_read,played_read,lead", [
    ("en", "Cards on the table: 5-card straight flush, rank 9", "Cards played: four of a kind, rank 9",
     "A legal lead: five of a kind, rank 11."),
    ("zh-CN", "桌上的牌：五张同花顺，点数 9", "打出的牌：四张炸弹，点数 9", "可以首出：五张炸弹，点数 11。"),
])
def test_a_bomb_is_named_once_not_with_its_count_again(lang, table_read, played_read, lead):
    """A bomb's name says its size: the referee read "5-card 5-card straight flush" (五张同花顺 as "5 张五张同花顺",
    "4-card four of a kind") on a phone, for a four of a kind on a straight flush."""
    table = Table("bacon", ["A", "B", "C", "D"], lang=lang)
    table.local["bacon"] = {**view.draft_of(table.ctx()), "referee": True, "table": ["5A", "6A", "7A", "8A", "9A"],
                            "played": ["9B", "9C", "9A", "X"]}
    tap(build(table), "Check" if lang == "en" else "判定")
    assert table_read in shown(build(table)) and played_read in shown(build(table))
    table.local["bacon"].update(table=[], played=["X", "X", "X", "X", "X"], verdict=None)
    tap(build(table), "Check" if lang == "en" else "判定")
    assert lead in shown(build(table))


def test_the_end_screen_keeps_the_deals_table_without_corrections():
    """Game over (team 1 reaches the target of 4 in deal 1): the deals table the table watched all game is on the
    end screen (`final`), the deal's dealer, first out, team points and the totals, read only (it was gone: only
    the breakdown and chart)."""
    table = Table("bacon", ["A", "B", "C", "D"], {"target": 4})
    assert table.apply({"type": "dealer", "by": "table", "player": "B"})
    assert table.apply({"type": "deal", "by": "table", "order": ["A", "C"]})
    assert table.state["over"]
    end = view.final(table.ctx())
    assert "Deal 1" in shown(end) and "Team 1 +4" in shown(end)
    assert not [b for b in all_buttons(end) if label(b) == "Deal 1"]


def test_every_screen_says_who_deals_the_deal_being_played():
    """After the first deal the table asks who deals now: the dealer follows the team that scored (the next player
    clockwise after the last dealer on that team), which nobody works out at a glance. The table's screen and a
    seated phone say it in the place of the first-dealer line, in each language, and an extra deal too; a finished
    game says nothing of a next deal."""
    table = Table("bacon", ["A", "B", "C", "D"], {"deal_limit": 2})
    tap(build(table), "B")
    for name in ("A out", "B out", "C out"):
        tap(build(table), name)
    tap(build(table), "Deal finished")
    assert table.state["dealer"] == "C"
    assert "Dealer of deal 2: C." in shown(build(table))
    assert "Dealer of deal 2: C." in shown(view.build(table.seated("D", {})))
    table.lang = "zh-CN"
    assert "第 2 局由 C 发牌。" in shown(build(table))
    table.lang = "en"
    for name in ("D out", "C out", "B out"):
        tap(build(table), name)
    tap(build(table), "Deal finished")
    assert table.state["phase"] == "extra" and "Dealer of deal 3: D." in shown(build(table))
    tap(build(table), "C out")
    tap(build(table), "Deal finished")
    assert table.state["over"] and not [t for t in shown(build(table)) if t.startswith("Dealer of")]


@pytest.mark.parametrize("lang, said, not_said", [
    ("en", "the first tap ends the deal and wins the game for that player's team", "once a whole team is out"),
    ("zh-CN", "第一个点的人结束这一局，他的队伍获胜", "一队全部出完就记入这一局"),
])
def test_a_phone_in_the_extra_deal_says_the_first_tap_wins(lang, said, not_said):
    """In the extra deal (tied after the last deal) the first player out ends it and wins for the team; a phone's
    words under its "I'm out!" said the deal is recorded once a whole team is out, against the header's "first out
    wins"."""
    table = Table("bacon", ["A", "B", "C", "D"], {"deal_limit": 2}, lang=lang)
    for order in (["A", "B", "C"], ["D", "C", "B"]):
        table.apply({"type": "deal", "by": "table", "order": order})
    assert table.state["phase"] == "extra"
    texts = " ".join(shown(view.build(table.seated("A", {}))))
    assert said in texts and not_said not in texts


@pytest.mark.parametrize("lang, heading, line", [
    ("en", "The referee's rulings", "Deal 1: 7B Wild on 5A 5B — Beats it"),
    ("zh-CN", "裁判的判定", "第 1 局：7B 万能 压 5A 5B，压得过"),
])
def test_the_rulings_on_record_are_on_the_end_screen_and_in_history(lang, heading, line):
    """A ruling put on record during the game is there after it (the end screen and history show `final`): the log
    said only "Referee asked: 7B and Wild on 5A and 5B", and the verdict a dispute is settled from was shown only
    with the referee's panel open, which a finished game no longer offers."""
    table = Table("bacon", ["A", "B", "C", "D"], {"target": 4}, lang=lang)
    assert table.apply({"type": "dealer", "by": "table", "player": "B"})
    assert table.apply({"type": "ruling", "by": "B", "table": ["5A", "5B"], "played": ["7B", "X"],
                        "table_type": None})
    assert table.apply({"type": "deal", "by": "table", "order": ["A", "C"]})
    assert table.state["over"]
    texts = shown(view.final(table.ctx()))
    assert heading in texts and any(t.startswith(line) for t in texts)


def test_no_referee_heading_on_the_end_screen_without_rulings():
    """A game with no ruling on record shows no empty referee section."""
    table = Table("bacon", ["A", "B", "C", "D"], {"target": 4})
    assert table.apply({"type": "dealer", "by": "table", "player": "B"})
    assert table.apply({"type": "deal", "by": "table", "order": ["A", "C"]})
    assert "The referee's rulings" not in shown(view.final(table.ctx()))


def test_a_phones_totals_line_reads_both_teams_on_one_line():
    """On a 390x844 phone the deals' totals read "Total — Scored Team 1: 6" / "Team 2: 4" in both languages: the
    table's two-line cell kept its line break in the phone's line, leaving the second team on a line of its own at
    any width. The teams' totals follow one another as the players' do ("· "), and without the column's heading
    (play-tester: "Total — Scored Team 1: 10" read as a team called "Scored Team 1")."""
    table = Table("bacon", ["A", "B", "C", "D"])
    tap(build(table), "B")
    tap(build(table), "A out")
    tap(build(table), "C out")
    tap(build(table), "Deal finished")
    assert narrow(build(table))[-1] == "Total — Team 1: 4 · Team 2: 0"
    table.lang = "zh-CN"
    assert narrow(build(table))[-1] == "总分：第 1 队 4 分 · 第 2 队 0 分"


def test_a_deal_recorded_is_said_after_its_button_with_each_teams_points():
    """As a round added in the score pad (`round_edit.added_line`): after "Deal finished" the form emptied and
    nothing in sight said the deal was recorded; now the button is followed by the deal and each team's points, in
    the game's own words (a deal, 局 in Chinese), until the table moves on."""
    table = Table("bacon", ["A", "B", "C", "D"], lang="zh-CN")
    tap(build(table), "B")
    tap(build(table), "A 出完")
    tap(build(table), "C 出完")
    tap(build(table), "本局结束")
    said = [read(c.content.value) for c in walk(build(table)) if isinstance(c, ft.Semantics) and c.live_region]
    assert said == ["已记入第 1 局：第 1 队（A 和 C） 4 · 第 2 队（B 和 D） 0"], said
    table.lang = "en"
    assert [read(c.content.value) for c in walk(build(table)) if isinstance(c, ft.Semantics) and c.live_region] == [
        "Deal 1 recorded: Team 1 (A and C) 4 · Team 2 (B and D) 0"]
