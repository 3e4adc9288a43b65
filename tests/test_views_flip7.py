"""Flip 7 view without a browser: tap cards into lines, see the engine's points, send rounds, the coach."""

from __future__ import annotations

import json

import flet as ft

from scoring.core import engine
from scoring.games.flip7 import bust_chances
from tests.card_view_helpers import Table, all_buttons, label, name, shown, tap, tap_round, wide
from tests.test_flip7 import BIG, PLAYERS, line, play_rounds, rnd
from tests.test_views_components import (fills_its_column, labelled_boxes, read, refusal_said, said_under, tap_label,
                                         walk)
from views import words
from views.components.scoreboard import breakdown_lines
from views.games import flip7 as view
from views.context import INTO_VIEW
from views.session import draft_of


def tap_line(table: Table, name: str, cards: list[str], status: str | None = None) -> None:
    """Select a player and tap their cards (and a status)."""
    tap(view.build(table.ctx()), name)
    for card in cards:
        tap(view.build(table.ctx()), card)
    if status:
        tap(view.build(table.ctx()), status)


def test_tapping_cards_builds_lines_and_rounds_add_up():
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    tap_line(table, "Ann", ["7", "11", "×2"])
    tap_line(table, "Bo", ["3", "3"], "Busted")
    tap_line(table, "Cy", ["5", "+4"], "Frozen")
    body = view.build(table.ctx())
    assert "7 11 ×2" in shown(body) and "Stayed · 36 points" in shown(body)
    assert "Busted · 0 points" in shown(body) and "Frozen · 9 points" in shown(body)
    tap(body, "Add round")
    assert table.errors == [] and table.state["rounds"][0]["scores"] == {"Ann": 36, "Bo": 0, "Cy": 9}
    body = view.build(table.ctx())
    assert shown(body).count("No cards yet") >= 3 and "Total" in shown(body) and "36" in shown(body)


def test_removing_a_card_and_second_chance_stepper():
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    tap_line(table, "Cy", ["10", "10", "4"])
    body = view.build(table.ctx())
    assert any("more than once" in t for t in shown(body))
    tap(body, "Remove 4")
    body = view.build(table.ctx())
    more = [c for c in walk(body)
            if isinstance(c, ft.IconButton) and c.icon.semantics_label == "More: Second Chances used"]
    more[0].on_click(None)
    assert "Stayed · 10 points" in shown(view.build(table.ctx()))
    assert table.local["flip7"]["lines"]["Cy"] == {"cards": ["10", "10"], "chances": 1, "status": "stayed",
                                                   "holds": False}


def test_a_picked_card_is_named_by_what_a_tap_does_in_each_language():
    """A picked card's button was read "11 ×" ("11 times" to a screen reader), not what a tap on it does: it is
    named "Remove 11" / "去掉 11" in the screen's language, and the eye keeps the short "11 ×"."""
    for lang, remove in (("en", "Remove 11"), ("zh-CN", "去掉 11")):
        table = Table("flip7", ["Ann", "Bo", "Cy"], lang=lang)
        tap_line(table, "Ann", ["11"])
        picked = [b for b in all_buttons(view.build(table.ctx())) if label(b) == "11 ×"]
        assert [name(b) for b in picked] == [remove], lang


def test_two_taps_on_a_card_before_the_list_is_drawn_again_take_back_that_card_only():
    """A real double tap can bring both taps to the server before the new list is drawn: both run on "7 ×" of 7 8 9
    (index 0); the second took back 8 too. It is answered as a tap that came too late, under the pile (it came in
    the bar at the phone's foot, over the picker)."""
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    tap_line(table, "Ann", ["7", "8", "9"])
    seven = next(b for b in all_buttons(view.build(table.ctx())) if label(b) == "7 ×")
    seven.on_click(None)
    seven.on_click(None)
    assert table.local["flip7"]["lines"]["Ann"]["cards"] == ["8", "9"] and table.errors == []  # no bar over it
    body = view.build(table.ctx())
    piled = next(c for c in walk(body) if c.key == ft.ScrollKey("pile-Ann"))
    assert said_under(body, piled) == [words.say("en", "app.tap_gone")]  # said under the pile tapped
    assert table.local["_into_view"][0] == "pile-Ann"


def refusal_texts(body) -> list[str]:
    """The texts of the form's refusal line (`round_edit.refusal_line`), beside its send button."""
    return [c.content.value for c in walk(body) if refusal_said(c)]


def test_a_refused_round_keeps_the_draft_and_says_why_beside_the_button_until_the_form_changes():
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    tap_line(table, "Ann", ["4", "4"])
    tap(view.build(table.ctx()), "Add round")
    assert table.errors == [] and table.state["rounds"] == []
    assert table.local["flip7"]["lines"]["Ann"]["cards"] == ["4", "4"]
    ctx = table.ctx()
    body = view.build(ctx)
    said = refusal_texts(body)
    assert len(said) == 1 and "4" in said[0] and "Ann" in said[0]
    row = next(c for c in walk(body) if isinstance(c, ft.Row) and any(refusal_said(k) for k in c.controls))
    assert any(label(b) == "Add round" for b in row.controls if isinstance(b, ft.Button))
    assert "refusal" not in json.dumps(draft_of(table.local))  # said to this screen: not stored with the draft
    tap(body, "Why?")  # the bar's "Why?" stays: the rule the refusal enforces, back to this screen
    assert [route.startswith("/rules/flip7") and "from=" in route for _, (route,) in ctx.page.tasks] == [True]
    table.lang = "zh-CN"
    assert refusal_texts(view.build(table.ctx())) != said
    table.lang = "en"
    assert refusal_texts(view.build(table.ctx())) == said
    tap(view.build(table.ctx()), "4")
    assert refusal_texts(view.build(table.ctx())) == []


def test_a_line_cleared_by_mistake_can_be_put_back_until_it_is_changed():
    """"Clear Bo's cards" sits just under the status buttons: a slip of the finger emptied the whole line, with no
    way back but tapping every card again. The cleared line can be put back, until it is tapped anew or the round
    is entered."""
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    tap_line(table, "Bo", ["3", "9", "+4"], "Frozen")
    tap(view.build(table.ctx()), "Clear Bo's cards")
    assert table.local["flip7"]["lines"]["Bo"]["cards"] == []
    tap(view.build(table.ctx()), "Put back Bo's cards")
    assert table.local["flip7"]["lines"]["Bo"] == {"cards": ["3", "9", "+4"], "chances": 0, "status": "frozen",
                                                   "holds": False}
    assert "Put back Bo's cards" not in button_texts(view.build(table.ctx()))
    tap(view.build(table.ctx()), "Clear Bo's cards")
    tap(view.build(table.ctx()), "5")
    assert "Put back Bo's cards" not in button_texts(view.build(table.ctx()))
    tap(view.build(table.ctx()), "Clear Bo's cards")
    tap(view.build(table.ctx()), "Add round")
    assert table.errors == [] and "Put back Bo's cards" not in button_texts(view.build(table.ctx()))
    zh = Table("flip7", ["Ann", "Bo", "Cy"], lang="zh-CN")
    tap_line(zh, "Bo", ["3"])
    tap(view.build(zh.ctx()), "清空 Bo 的牌")
    assert "放回 Bo 的牌" in button_texts(view.build(zh.ctx()))


def test_coach_is_off_by_default():
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    body = view.build(table.ctx())
    assert not any("Coach" in t for t in shown(body)) and "Still playing" not in [b for b in shown(body)]


def test_coach_shows_the_engines_bust_chances_from_cards_since_the_shuffle():
    table = Table("flip7", ["Ann", "Bo", "Cy"], {"coach": True})
    lines = {"Ann": {"numbers": [12], "modifiers": [], "second_chance": 0, "status": "stayed"},
             "Bo": {"numbers": [11], "modifiers": [], "second_chance": 0, "status": "stayed"},
             "Cy": {"numbers": [], "modifiers": [], "second_chance": 0, "status": "frozen"}}
    assert table.apply({"type": "round", "by": "table", "lines": lines})
    tap_line(table, "Ann", ["12", "9"])
    body = view.build(table.ctx())
    seen = ["12", "11"]
    live = {"Ann": {"numbers": [12, 9], "modifiers": [], "second_chance": False, "status": "active"},
            "Bo": {"numbers": [], "modifiers": [], "second_chance": False, "status": "active"},
            "Cy": {"numbers": [], "modifiers": [], "second_chance": False, "status": "active"}}
    expected = bust_chances(seen, live)
    assert f"Ann: {round(expected['Ann'] * 100)}%" in shown(body) and "Bo: 0%" in shown(body)
    assert next(b for b in walk(body) if getattr(b, "content", None) == "Add round").disabled
    tap(body, "The deck was shuffled")
    assert table.record["actions"][-1]["type"] == "shuffle" and table.state["shuffled_at"] == 1
    after = bust_chances([], live)
    assert f"Ann: {round(after['Ann'] * 100)}%" in shown(view.build(table.ctx()))
    tap(view.build(table.ctx()), "Freeze discarded (0)")
    assert "Freeze discarded (1)" in button_texts(view.build(table.ctx()))


def test_a_second_shuffle_before_the_next_round_is_refused_under_its_button():
    """The deck is fresh at the start: "The deck was shuffled" tapped then is refused under the button (no bar: it
    covered the coach's buttons on a phone), the screen scrolled to it; it goes once a round is entered."""
    table = Table("flip7", ["Ann", "Bo", "Cy"], {"coach": True})
    tap(view.build(table.ctx()), "The deck was shuffled")
    body = view.build(table.ctx())
    shuffle = next(b for b in all_buttons(body) if name(b) == "The deck was shuffled")
    reason = "The deck is already marked as freshly shuffled for round 1."
    assert said_under(body, shuffle) == [reason]
    assert table.errors == [] and table.record["actions"] == [] and table.local[INTO_VIEW][0] == "shuffle"
    frozen = {"numbers": [], "modifiers": [], "second_chance": 0, "status": "frozen"}
    assert table.apply({"type": "round", "by": "table", "lines": {n: frozen for n in ("Ann", "Bo", "Cy")}})
    assert reason not in shown(view.build(table.ctx()))


def test_the_coachs_holds_switch_flips_by_its_words():
    """A player still playing holds a Second Chance: the words beside the switch flip it, in the draft and on
    screen (`views.ui.labelled`)."""
    table = Table("flip7", ["Ann", "Bo", "Cy"], {"coach": True})
    tap_line(table, "Ann", ["5"])
    tap_label(view.build(table.ctx()), "Holds a Second Chance now")
    assert table.local["flip7"]["lines"]["Ann"]["holds"] is True
    assert dict(labelled_boxes(view.build(table.ctx())))["Holds a Second Chance now"].value is True


def test_the_shuffle_survives_a_restart_and_clears_the_tapped_extras():
    table = Table("flip7", ["Ann", "Bo", "Cy"], {"coach": True})
    stayed = {"numbers": [12], "modifiers": [], "second_chance": 0, "status": "stayed"}
    assert table.apply({"type": "round", "by": "table", "lines": {n: stayed for n in table.ctx().players}})
    tap(view.build(table.ctx()), "Freeze discarded (0)")
    assert any(t.startswith("Rounds since the last shuffle: 1 · cards in the discards: 4")
               for t in shown(view.build(table.ctx())))
    tap(view.build(table.ctx()), "The deck was shuffled")
    assert "Freeze discarded (0)" in button_texts(view.build(table.ctx()))
    table.local.clear()
    assert any(t.startswith("Rounds since the last shuffle: 0 · cards in the discards: 0")
               for t in shown(view.build(table.ctx())))
    tap(view.build(table.ctx()), "The deck was shuffled")
    assert table.errors == [] and table.state["shuffled_at"] == 1
    assert "The deck is already marked as freshly shuffled for round 2." in shown(view.build(table.ctx()))


def test_a_flip7_turns_everyone_still_playing_to_stayed():
    table = Table("flip7", ["Ann", "Bo", "Cy"], {"coach": True})
    tap_line(table, "Bo", ["3", "3"], "Busted")
    tap_line(table, "Cy", ["9", "+2"])
    assert "Still playing" in shown(view.build(table.ctx()))
    tap_line(table, "Ann", ["1", "2", "3", "4", "5", "6"])
    tap(view.build(table.ctx()), "7")  # seven different numbers: the engine reads a Flip 7, the round is over
    lines = table.local["flip7"]["lines"]
    assert [lines[n]["status"] for n in ("Ann", "Bo", "Cy")] == ["flip7", "busted", "stayed"]
    body = view.build(table.ctx())
    assert not next(b for b in walk(body) if getattr(b, "content", None) == "Add round").disabled
    tap(body, "Add round")
    assert table.errors == [] and table.state["rounds"][0]["scores"] == {"Ann": 43, "Bo": 0, "Cy": 11}  # 28 + 15


def test_taking_back_a_mistapped_seventh_number_restores_what_the_flip7_changed():
    """Coach on: Ann's mis-tapped 7th different number makes her line a Flip 7 and Bo and Cy stay; taking the 7
    back puts Ann and the others back to still playing, and the round cannot be added while they play."""
    table = Table("flip7", ["Ann", "Bo", "Cy"], {"coach": True})
    tap_line(table, "Bo", ["3", "3"], "Busted")
    tap_line(table, "Ann", ["1", "2", "3", "4", "5", "6", "7"])
    lines = table.local["flip7"]["lines"]
    assert [lines[n]["status"] for n in ("Ann", "Bo", "Cy")] == ["flip7", "busted", "stayed"]
    tap(view.build(table.ctx()), "Remove 7")
    assert [lines[n]["status"] for n in ("Ann", "Bo", "Cy")] == ["active", "busted", "active"]
    body = view.build(table.ctx())
    assert not any("seven" in t for t in shown(body))
    assert next(b for b in walk(body) if getattr(b, "content", None) == "Add round").disabled


def test_taking_back_the_seventh_number_restores_a_chosen_status_and_a_chosen_flip7_stays():
    """Coach off: Ann chose Frozen, then seven numbers make a Flip 7; taking one back leaves her frozen again.
    A Flip 7 chosen by its button stays chosen when a card is taken back (the engine then says why it is wrong)."""
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    tap_line(table, "Ann", ["1", "2", "3", "4", "5", "6"], "Frozen")
    tap(view.build(table.ctx()), "7")
    lines = table.local["flip7"]["lines"]
    assert lines["Ann"]["status"] == "flip7"
    tap(view.build(table.ctx()), "Remove 7")
    assert lines["Ann"]["status"] == "frozen"
    tap(view.build(table.ctx()), "Flip 7")
    tap(view.build(table.ctx()), "Remove 6")
    assert lines["Ann"]["status"] == "flip7"
    assert "Ann has only 5 different numbers; a Flip 7 needs seven." in shown(view.build(table.ctx()))


def test_a_phones_line_impossible_on_its_own_shows_why_and_is_not_given():
    """Ann taps 5, +10, +10 on her phone (the deck holds one +10): her phone says so instead of points, and giving
    it is refused naming her, said under "Give my line" (no bar: it covered the button), the screen scrolled to it;
    nothing waits for the table."""
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    phone: dict = {}
    for card in ("5", "+10", "+10"):
        tap(view.build(table.seated("Ann", phone)), card)
    body = view.build(table.seated("Ann", phone))
    assert "Ann: 2 × “+10” in one line is more than the deck holds (1)." in shown(body)
    tap(body, "Give my line")
    assert table.errors == [] and table.state["lines"] == {} and phone[INTO_VIEW][0] == "give-1"
    body = view.build(table.seated("Ann", phone))
    give = next(b for b in all_buttons(body) if name(b) == "Give my line")
    assert said_under(body, give) == ["Ann: 2 × “+10” in one line is more than the deck holds (1)."]


def test_a_chinese_phone_gives_its_cards_not_a_line():
    """In Chinese a player's own line is the cards they turned over: the phone said "交上我的一行" ("give my row"),
    the log "交了自己第 1 轮的一行" and a refusal "一行里有 2 张", the English "line" calqued (as Rummy's did)."""
    table = Table("flip7", ["Ann", "Bo", "Cy"], lang="zh-CN")
    phone: dict = {}
    for card in ("5", "+10", "+10"):
        tap(view.build(table.seated("Ann", phone)), card)
    assert "Ann：这一轮的牌里有 2 张“+10”，超过了整副牌里的数量（1 张）。" in shown(view.build(table.seated("Ann", phone)))
    tap(view.build(table.seated("Ann", phone)), "去掉 +10")
    tap(view.build(table.seated("Ann", phone)), "交上我的牌")
    assert "你交的牌得 15 分，等其他人交齐就记入。" in shown(view.build(table.seated("Ann", phone)))
    key, params = table.engine.describe(table.record["actions"][0])
    assert words.say("zh-CN", key, **params) == "交了自己第 1 轮的牌：15 分"


def test_a_phones_line_says_its_points_or_why_once():
    """On a player's phone the line's points, or why it cannot be right, were said twice: under the status buttons
    (red for a refusal) and again under the picker as "Stayed · …" (not red), the same words one above the other.
    They are said once, under the status buttons, as on the table's screen."""
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    phones: dict = {"Ann": {}, "Bo": {}}
    for card in ("5", "+10", "+10"):
        tap(view.build(table.seated("Ann", phones["Ann"])), card)
    for card in ("11", "5", "12", "+4"):
        tap(view.build(table.seated("Bo", phones["Bo"])), card)
    said = shown(view.build(table.seated("Ann", phones["Ann"]))) + shown(view.build(table.seated("Bo", phones["Bo"])))
    assert [t for t in said if "more than the deck holds" in t or "32 points" in t] == [
        "Ann: 2 × “+10” in one line is more than the deck holds (1).", "32 points"]


def test_tapping_a_past_round_corrects_it_and_cancel_keeps_the_new_round():
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    tap_line(table, "Ann", ["7", "11", "×2"])
    tap_line(table, "Bo", ["3", "3"], "Busted")
    tap(view.build(table.ctx()), "Add round")
    tap_line(table, "Cy", ["12"])
    tap_round(view.build(table.ctx()), 1)
    body = view.build(table.ctx())
    assert "Correcting round 1: change the entries and save" in shown(body) and "7 11 ×2" in shown(body)
    assert table.local["flip7"]["lines"]["Bo"]["cards"] == ["3", "3"]
    tap(body, "Remove 7")
    tap(view.build(table.ctx()), "5")
    tap(view.build(table.ctx()), "Save round 1")
    assert table.errors == [] and [a["type"] for a in table.record["actions"]] == ["round", "correct"]
    assert table.state["rounds"][0]["scores"]["Ann"] == 32  # (11 + 5) × 2
    body = view.build(table.ctx())
    assert "Round 2: tap each player's cards" in shown(body) and table.local["flip7"]["lines"]["Cy"]["cards"] == ["12"]
    tap_round(body, 1)
    tap(view.build(table.ctx()), "Cancel: back to the new round")
    assert table.local["flip7"]["lines"]["Cy"]["cards"] == ["12"] and len(table.record["actions"]) == 2


def test_a_modifier_corrected_to_the_number_card_of_its_value_is_a_change():
    """Ann's "+4" was a mis-tap for her number card 4: removed, 4 tapped, Save. Compared with every whole number
    read as one, "+4" and "4" were the same and the correction was refused as unchanged (a reviewer's run); the
    engine reads a modifier and a number card apart, and so does the comparison: the correction is logged."""
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    tap_line(table, "Ann", ["5", "6", "×2", "+4"])
    tap_line(table, "Bo", ["7"])
    tap(view.build(table.ctx()), "Add round")
    tap_round(view.build(table.ctx()), 1)
    tap(view.build(table.ctx()), "Remove +4")
    tap(view.build(table.ctx()), "4")
    tap(view.build(table.ctx()), "Save round 1")
    assert table.errors == [] and [a["type"] for a in table.record["actions"]] == ["round", "correct"]
    assert sorted(table.state["rounds"][0]["lines"]["Ann"]["numbers"]) == [4, 5, 6]


def test_undo_hands_the_round_back_to_the_lines():
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    tap_line(table, "Ann", ["7", "11", "×2"])
    tap_line(table, "Cy", ["5", "+4"], "Frozen")
    tap(view.build(table.ctx()), "Add round")
    table.undo()
    body = view.build(table.ctx())
    assert "7 11 ×2" in shown(body) and "Frozen · 9 points" in shown(body)
    assert "Round 1: tap each player's cards" in shown(body)
    tap(body, "Add round")
    assert table.state["rounds"][0]["scores"] == {"Ann": 36, "Bo": 0, "Cy": 9}


def button_texts(body) -> list[str]:
    """The texts of every button with text content."""
    return [b.content for b in walk(body) if isinstance(getattr(b, "content", None), str)]


def test_chinese_texts():
    table = Table("flip7", ["甲", "乙", "丙"], lang="zh-CN")
    body = view.build(table.ctx())
    assert "第 1 轮：点选每位玩家的牌" in shown(body) and "还没有记录任何一轮。" in shown(body)


def test_a_line_shows_its_status_and_points_only_once_something_is_entered():
    """Before a card is tapped a row says "No cards yet" and nothing else (its starting status read "Stayed ·
    0 points" of a player with no cards); a card, or a status chosen without cards (frozen by the first card
    dealt), brings the engine's reading."""
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    body = view.build(table.ctx())
    assert not any(" · " in t for t in shown(body)) and shown(body).count("No cards yet") == 4  # 3 rows + editor
    tap_line(table, "Ann", ["1"])
    tap_line(table, "Bo", [], "Frozen")
    texts = shown(view.build(table.ctx()))
    assert "Stayed · 1 point" in texts and "Frozen · 0 points" in texts
    assert [t for t in texts if " · " in t] == ["Stayed · 1 point", "Frozen · 0 points"]


def test_with_the_coach_an_untouched_line_shows_no_status_either():
    table = Table("flip7", ["Ann", "Bo", "Cy"], {"coach": True})
    assert "Still playing" not in shown(view.build(table.ctx()))
    tap_line(table, "Bo", ["4"])
    assert shown(view.build(table.ctx())).count("Still playing") == 1


def test_the_coach_card_takes_the_columns_width():
    """The coach card ends at the column's right edge, as the card picker above it does (it ended where its
    longest line did)."""
    table = Table("flip7", ["Ann", "Bo", "Cy"], {"coach": True})
    assert fills_its_column(view.build(table.ctx()), "Coach: chance to bust on the next card")


def test_a_round_entered_on_another_screen_is_not_entered_again_from_this_form():
    """The tour's double round: the host entered round 1 while the referee's phone had begun it; the phone's form
    quietly became round 2 with round 1's cards and was saved again. Now the form says round 1 was entered
    elsewhere and sends nothing until its entries are kept for round 2 (or cleared)."""
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    tap_line(table, "Ann", ["7", "11"])
    elsewhere = {"type": "round", "by": "table", "lines": {n: {"numbers": [5], "status": "stayed"}
                                                          for n in ("Ann", "Bo", "Cy")}}
    assert table.apply(elsewhere)
    body = view.build(table.ctx())
    assert ("Round 1 was entered meanwhile (on another screen, or put back by Redo): what is typed here is not "
            "entered.") in shown(body)
    assert "Add round" not in [label(b) for b in all_buttons(body)] and "7 11" in shown(body)
    tap(body, "Keep it for round 2")
    tap(view.build(table.ctx()), "Add round")
    assert table.errors == [] and len(table.state["rounds"]) == 2
    assert table.state["rounds"][1]["lines"]["Ann"]["numbers"] == [7, 11]
    assert "Round 2 was entered" not in " ".join(shown(view.build(table.ctx())))  # its own round: no notice

    tap_line(table, "Bo", ["9"])
    assert table.apply(elsewhere)
    tap(view.build(table.ctx()), "Clear the form")
    body = view.build(table.ctx())
    assert "9" not in shown(body) and "Add round" in [label(b) for b in all_buttons(body)]
    assert len(table.state["rounds"]) == 3


def test_lines_left_empty_are_named_before_the_round_is_entered():
    """The tour entered a round with two players' lines still empty and they scored 0 without a word: the form now
    names them beside the button first (an empty line is allowed: frozen on the deal, nothing held)."""
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    tap_line(table, "Ann", ["7"])
    assert "No cards yet for Bo and Cy: entered like this, 0 points." in shown(view.build(table.ctx()))
    tap_line(table, "Bo", ["3"])
    tap_line(table, "Cy", ["4"])
    assert not any(t.startswith("No cards yet for") for t in shown(view.build(table.ctx())))


def test_a_busted_rounds_zero_stays_with_the_word_before_it():
    """Ann busts in round 1: her breakdown line keeps "= 0" on one line with "busted" / "爆牌" (no-break spaces),
    so a narrow phone never wraps "= 0" onto a line of its own; the words are otherwise unchanged (a Chinese line
    breaks only after its pause mark: `words.whole_line`)."""
    state = play_rounds(engine("flip7").new_state(PLAYERS), [rnd(Ann=line([5, 5], status="busted"))])
    ann = next(p for p in engine("flip7").scoreboard(state).players if p.name == "Ann")
    shown = {lang: [c.value for c in breakdown_lines(lambda key, lang=lang, **p: words.say(lang, key, **p), lang, ann)]
             for lang in ("en", "zh-CN")}
    assert shown == {"en": ["Round 1: busted\u00a0=\u00a00"], "zh-CN": ["第\u00a01\u00a0轮\u2060：爆\u2060牌\u00a0=\u00a00"]}


def test_a_doubled_sum_stays_with_its_times_two():
    """With the phone's text 1.5× larger, Bo's breakdown read "第 3 轮：停牌（数字 42" and then "×2，+0） = 84" on
    the next line: the sum and the ×2 that doubles it were parted. A no-break space keeps them together, in every
    kind of line that can be doubled, in both languages."""
    rounds = [rnd(Ann=line([3, 11], modifiers=["x2"]), Bo=line([5])),
              rnd(Ann=line([1, 2, 3, 4, 5, 6, 7], modifiers=["x2"]), Bo=line([9]))]
    state = play_rounds(engine("flip7").new_state(PLAYERS), rounds)
    ann = next(p for p in engine("flip7").scoreboard(state).players if p.name == "Ann")
    for lang in ("en", "zh-CN"):
        said = [c.value for c in breakdown_lines(lambda key, lang=lang, **p: words.say(lang, key, **p), lang, ann)]
        assert "14\u00a0×2" in said[0] and "28\u00a0×2" in said[1], said


def test_a_doubled_line_at_2x_text_wraps_before_its_bracket_not_inside_it():
    """At a phone's 2x text the breakdown read "第 1 轮：停牌（数字 36 ×2" / "）= 72": its clause, kept whole, was
    wider than the line, so it broke where Flutter must, before the closing bracket. A Chinese breakdown line may
    now break before its bracket, which stays whole with its points."""
    from tests.test_views import breaks
    state = play_rounds(engine("flip7").new_state(PLAYERS), [rnd(Ann=line([3, 11, 5, 7, 10], modifiers=["x2"]),
                                                                 Bo=line([5]))])
    ann = next(p for p in engine("flip7").scoreboard(state).players if p.name == "Ann")
    said = breakdown_lines(lambda key, **p: words.say("zh-CN", key, **p), "zh-CN", ann)[0].value
    assert breaks(said) == ["第 1 轮：", "停牌", "（数字 36 ×2） = 72"] and words.fits("（数字 36\u00a0×2）\u00a0=\u00a072")


def test_each_phone_taps_and_gives_its_own_line_and_the_table_sees_who_gave():
    """Ann's phone shows the card picker for her own line only, its points, and "Give my line"; given, it says what
    her line scored, and the table's screen reads who gave what and offers to fill its lines from them. Once Bo and
    Cy give theirs on their phones the round is recorded from the three lines."""
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    phones: dict = {"Ann": {}, "Bo": {}, "Cy": {}}
    ctx = table.seated("Ann", phones["Ann"])
    body = view.build(ctx)
    assert ("Ann", "line") in ctx.offered and "Cards of Ann (tap to add)" in shown(body)
    assert not any(t.startswith("Cards of Bo") for t in shown(body))
    for card in ("11", "5", "12", "+4"):
        tap(view.build(table.seated("Ann", phones["Ann"])), card)
    assert "32 points" in shown(view.build(table.seated("Ann", phones["Ann"])))
    tap(view.build(table.seated("Ann", phones["Ann"])), "Give my line")
    assert table.errors == [] and table.state["lines"]["Ann"]["numbers"] == [5, 11, 12]
    assert "Your line gave 32 points; the round is recorded once everyone has given theirs." in \
        shown(view.build(table.seated("Ann", phones["Ann"])))
    assert "Given: Ann 32 points; still to give: Bo and Cy" in shown(view.build(table.ctx()))
    tap(view.build(table.ctx()), "Fill in the lines players gave")
    assert table.local["flip7"]["lines"]["Ann"]["cards"] == ["5", "11", "12", "+4"]
    for who, cards in (("Bo", ["3", "3"]), ("Cy", ["9"])):
        for card in cards:
            tap(view.build(table.seated(who, phones[who])), card)
        if who == "Bo":
            tap(view.build(table.seated(who, phones[who])), "Busted")
        tap(view.build(table.seated(who, phones[who])), "Give my line")
    assert table.errors == [] and table.state["rounds"][0]["scores"] == {"Ann": 32, "Bo": 0, "Cy": 9}


def test_the_tables_round_keeps_the_lines_phones_gave():
    """Play-test (four phones, Chinese): Ann, Bo and Cy had given their lines on their phones; the host's form read
    "Given: Ann 32 points, …" above "No cards yet for Ann, Bo, Cy and Di: entered like this, 0 points", and its
    "Add round" recorded 0 for all four, the lines given thrown away. A line the table leaves untouched now goes
    in as the player gave it, and the form names only the players with neither."""
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    for who, cards in (("Ann", ["11", "5", "12", "+4"]), ("Bo", ["9"])):
        phone: dict = {}
        for card in cards:
            tap(view.build(table.seated(who, phone)), card)
        tap(view.build(table.seated(who, phone)), "Give my line")
    body = shown(view.build(table.ctx()))
    assert "No cards yet for Cy: entered like this, 0 points." in body
    assert body.count("Given on their phone") == 2 and "5 11 12 +4" in body
    tap_line(table, "Cy", ["4"])
    tap(view.build(table.ctx()), "Add round")
    assert table.errors == [] and table.state["rounds"][0]["scores"] == {"Ann": 32, "Bo": 9, "Cy": 4}


def test_cards_tapped_for_a_round_completed_from_phones_are_not_recorded_as_the_next():
    """The table taps round 1 while the three players give theirs on their phones: its form says round 1 was
    entered elsewhere instead of sending those cards as round 2."""
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    tap_line(table, "Ann", ["7"])
    for who in ("Ann", "Bo", "Cy"):
        phone: dict = {}
        tap(view.build(table.seated(who, phone)), "4")
        tap(view.build(table.seated(who, phone)), "Give my line")
    assert len(table.state["rounds"]) == 1
    body = view.build(table.ctx())
    assert "Add round" not in [label(b) for b in all_buttons(body)]
    assert "Keep it for round 2" in [label(b) for b in all_buttons(body)]


def test_the_coach_counts_a_line_given_on_a_phone_as_cards_out_of_the_deck():
    """Ann gave her line on her phone (12, 11 and 11 again, a Second Chance used): the table's coach counts those
    cards (and that Second Chance) as out of the deck while the table's own line for Ann is untouched, so Bo's
    chance to bust on his 12 is the engine's with Ann's cards in front of her; fails when the coach reads the
    table's lines only."""
    table = Table("flip7", ["Ann", "Bo", "Cy"], {"coach": True})
    given = {"numbers": [12, 11, 11], "modifiers": [], "second_chance": 1, "status": "stayed"}
    assert table.apply({"type": "line", "by": "Ann", "round": 1, "line": given})
    tap_line(table, "Bo", ["12"])
    live = {"Ann": {"numbers": [11, 11, 12], "modifiers": [], "second_chance": False, "status": "stayed"},
            "Bo": {"numbers": [12], "modifiers": [], "second_chance": False, "status": "active"},
            "Cy": {"numbers": [], "modifiers": [], "second_chance": False, "status": "active"}}
    expected = bust_chances(["second_chance"], live)
    without = bust_chances([], {**live, "Ann": {"numbers": [], "modifiers": [], "second_chance": False,
                                                "status": "active"}})
    assert round(expected["Bo"] * 100) != round(without["Bo"] * 100)
    body = view.build(table.ctx())
    assert f"Bo: {round(expected['Bo'] * 100)}%" in shown(body) and not any(t.startswith("Ann: ") for t in shown(body))


def test_a_phone_keeps_the_line_it_gave_and_gets_it_back_when_the_host_undoes_it():
    """Ann taps 11 and 5 and gives her line: the picker keeps her cards. The host undoes it: her line is no longer
    given and the picker still holds 11 and 5, to give again."""
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    phone: dict = {}
    for card in ("11", "5"):
        tap(view.build(table.seated("Ann", phone)), card)
    tap(view.build(table.seated("Ann", phone)), "Give my line")
    assert phone["flip7_own"]["lines"]["Ann"]["cards"] == ["11", "5"]
    table.undo()
    assert table.state["lines"] == {}
    fresh: dict = {}
    body = view.build(table.seated("Ann", fresh))
    assert fresh["flip7_own"]["lines"]["Ann"]["cards"] == ["11", "5"] and "Give my line" in [
        label(b) for b in all_buttons(body)]
    assert phone["flip7_own"]["lines"]["Ann"]["cards"] == ["11", "5"]


def test_the_picker_reads_the_line_it_edits_beside_its_status_buttons():
    """On a phone the picker fills the screen: Ann's 10 10 "Stayed" was refused only in her row above it, out of
    view (the row at y < 48, the status buttons at y 514 of 844). The picker says the line's points or refusal
    under its status buttons, once the line is finished."""
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    tap_line(table, "Ann", ["10", "10"], "Stayed")
    picker = view.editor(table.ctx(), view.draft_of(table.ctx()))
    assert ("Ann has 10 more than once without a Second Chance to cover it: mark the line “Busted”, or add the "
           "Second Chance used.") in shown(picker)
    more = [c for c in walk(picker)
            if isinstance(c, ft.IconButton) and c.icon.semantics_label == "More: Second Chances used"]
    more[0].on_click(None)
    assert "10 points" in shown(view.editor(table.ctx(), view.draft_of(table.ctx())))
    tap_line(table, "Bo", [])
    assert not any("point" in t for t in shown(view.editor(table.ctx(), view.draft_of(table.ctx()))))


def test_a_refused_line_says_why_once_where_it_is_being_tapped():
    """Play-test (Chinese phone): Hal's 8 9 9 "Stayed" said why it cannot be right twice, in his row and under the
    picker he was tapping in. It is said once: under the picker while his line is the one being tapped (his row
    keeps its status), in his row once another player's line is."""
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    tap_line(table, "Ann", ["10", "10"], "Stayed")
    why = ("Ann has 10 more than once without a Second Chance to cover it: mark the line “Busted”, or add the "
           "Second Chance used.")
    assert [t for t in shown(view.build(table.ctx())) if why in t] == [why]  # under the picker
    assert "Stayed" in shown(view.players_panel(table.ctx(), view.draft_of(table.ctx())))
    tap_line(table, "Bo", [])
    assert [t for t in shown(view.build(table.ctx())) if why in t] == ["Stayed · " + why]  # in Ann's row


def test_the_end_screen_keeps_the_rounds_table_without_corrections():
    """Game over (Ann's 94 + 94 + 12 reaches 200): the rounds table the table watched all game is on the end screen
    (`final`), each round's points and the totals, read only (it was gone: only the breakdown and chart)."""
    table = Table("flip7", PLAYERS)
    for action in [rnd(Ann=BIG, Bo=line([5]))] * 2 + [rnd(Ann=line([12]), Bo=line([1]))]:
        assert table.apply(action)
    assert table.state["over"]
    end = view.final(table.ctx())
    assert [t for t in shown(wide(end)) if t not in ("Round", *PLAYERS)] == [
        "Round 1", "94", "5", "0", "Round 2", "94", "5", "0", "Round 3", "12", "1", "0", "Total", "200", "11", "0"]
    assert not [b for b in all_buttons(end) if label(b) == "Round 1"]


def test_a_phone_that_gave_its_line_says_who_is_still_to_give_under_it():
    """Ann gave her line on her phone: who is still to give stood at the foot of her screen, under the card picker
    (y 1047 on a 390x844 phone, off its first screen); it now comes right under "Your line gave …" (itself under the
    button that gave). Before she gives, it stays at the foot: a line Bo gives does not move Ann's picker under her
    finger."""
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    phones: dict = {"Ann": {}, "Bo": {}}
    tap(view.build(table.seated("Bo", phones["Bo"])), "3")
    tap(view.build(table.seated("Bo", phones["Bo"])), "Give my line")
    before = shown(view.build(table.seated("Ann", phones["Ann"])))
    assert before.index("Cards of Ann (tap to add)") < before.index("Given: Bo 3 points; still to give: Ann and Cy")
    tap(view.build(table.seated("Ann", phones["Ann"])), "7")
    tap(view.build(table.seated("Ann", phones["Ann"])), "Give my line")
    after = shown(view.build(table.seated("Ann", phones["Ann"])))
    gave = after.index("Your line gave 7 points; the round is recorded once everyone has given theirs.")
    assert after[gave + 1] == "Given: Ann 7 points, Bo 3 points; still to give: Cy"
    assert after.index("Cards of Ann (tap to add)") < gave  # said under the button, below the picker, as Rummy does


def test_a_tie_at_the_top_is_named_in_the_session_and_table_headers():
    """Ann and Bo tied over 200: the header read "Round 6 · Tied at the top: play another round", and the table
    asked whom it was playing off; both headers (the session's and table mode's) name them, in both languages."""
    from types import SimpleNamespace

    from views.session import header
    from views.table import status_line

    tied = [rnd(Ann=BIG, Bo=line([5])), rnd(Ann=line([5]), Bo=BIG)] * 2 + [rnd(Ann=line([2]), Bo=line([2]))]
    eng = engine("flip7")
    state = play_rounds(eng.new_state(PLAYERS), tied)
    points = state["totals"]["Ann"]
    for lang, said in (("en", f"Ann and Bo tied at the top with {points} points: play another round"),
                       ("zh-CN", f"Ann 和 Bo 以 {points} 分并列最高：再打一轮")):
        app = SimpleNamespace(lang=lang, t=lambda key, lang=lang, **params: words.say(lang, key, **params))
        assert said in read(header(app, eng, state).content.value)
        assert said in read(status_line(lang, {"status": eng.status(state), "meta": {"game": "flip7"}}))


def test_finishing_with_a_round_filled_in_but_not_added_asks_first():
    """A first-time table undid round 2 (its cards came back into the form) and tapped "Finish game": the game
    ended on round 1 at once, round 2's cards gone once the screen was left. The first tap now says under the
    button whose cards are not added, in both languages; a second finishes without them; cards changed, it asks
    again; an empty form finishes at the first tap."""
    for lang, finish, said in (
            ("en", "Finish game", "Round 2 is filled in for Ann and Cy but not added: tap “Add round” to keep it, "
                                  "or “Finish game” again to finish without it."),
            ("zh-CN", "结束游戏", "第 2 轮已为 Ann 和 Cy 填好，但还没有记入：点“记入本轮”保留这一轮，或再点一次“结束游戏”，"
                                 "不算这一轮就结束。")):
        table = Table("flip7", ["Ann", "Bo", "Cy"], lang=lang)
        tap_line(table, "Ann", ["7"])
        tap(view.build(table.ctx()), "Add round" if lang == "en" else "记入本轮")
        tap_line(table, "Ann", ["5"])
        tap_line(table, "Cy", ["9"])
        tap(view.build(table.ctx()), finish)
        body = view.build(table.ctx())
        row = next(c for c in walk(body) if isinstance(c, ft.Row) and any(
            isinstance(b, ft.OutlinedButton) and b.content == finish for b in c.controls))
        assert not table.state.get("over") and said_under(body, row)[:1] == [said], lang
        tap_line(table, "Cy", ["10"])
        tap(view.build(table.ctx()), finish)
        assert not table.state.get("over"), lang  # the cards changed since it was said: asked again
        tap(view.build(table.ctx()), finish)
        assert table.state["over"] and len(table.state["rounds"]) == 1, lang
    table = Table("flip7", ["Ann", "Bo", "Cy"])
    tap_line(table, "Ann", ["7"])
    tap(view.build(table.ctx()), "Add round")
    tap(view.build(table.ctx()), "Finish game")
    assert table.state["over"]


def test_a_round_added_is_said_after_add_round_with_each_players_points():
    """First-use play-test (390x844, Chinese): after "记入本轮" the lines emptied and nothing in sight said the round
    was recorded. Now "Add round" is followed by the round and each player's points, read out as it appears."""
    table = Table("flip7", ["Ann", "Bo", "Cy"], lang="zh-CN")
    tap_line(table, "Ann", ["7", "5"])
    tap_line(table, "Bo", ["3", "3"], "爆牌")
    tap_line(table, "Cy", ["2"])
    tap(view.build(table.ctx()), "记入本轮")
    assert table.errors == [] and table.state["rounds"][0]["scores"] == {"Ann": 12, "Bo": 0, "Cy": 2}
    row = next(c for c in walk(view.build(table.ctx())) if isinstance(c, ft.Row) and any(
        getattr(b, "content", None) == "记入本轮" for b in c.controls))
    send = next(i for i, b in enumerate(row.controls) if getattr(b, "content", None) == "记入本轮")
    said = row.controls[send + 1]
    assert isinstance(said, ft.Semantics) and said.live_region and read(said.content.value) == \
        "已记入第 1 轮：Ann 12 · Bo 0 · Cy 2"
