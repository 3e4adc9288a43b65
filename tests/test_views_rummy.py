"""Rummy view without a browser: tap melds, lay-offs and hands per player, stock-out, rounds and totals."""

from __future__ import annotations

import flet as ft

from tests.card_view_helpers import Table, all_buttons, refused, label, shown, taken_over, tap, tap_round, wide
from tests.card_view_helpers import name as read_as
from tests.test_views_components import fills_its_column, labelled_boxes, read, said_under, tap_label, walk
from views.games import rummy as view

SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def build(table: Table):
    """The view for the table's current state."""
    return view.build(table.ctx())


def tap_cards(table: Table, suit: str, cards: list[str]) -> None:
    """Choose a suit and tap cards of it (by the card's name on the button, "7♥")."""
    tap(build(table), suit)
    for code in cards:
        tap(build(table), code[:-1] + SIGNS[code[-1]])


def test_a_500_round_by_taps():
    table = Table("rummy", ["Ann", "Bo"])
    tap(build(table), "New meld")
    tap_cards(table, "♥ Hearts", ["7H", "8H", "9H"])
    tap(build(table), "Bo")
    tap_cards(table, "♠ Spades", ["KS", "2S"])
    assert "Melds: 7♥ 8♥ 9♥ · Laid off: — · Hand: —" in shown(build(table))
    assert "Melds: — · Laid off: — · Hand: K♠ 2♠" in shown(build(table))
    tap(build(table), "Add round")
    assert table.errors == []
    assert table.state["rounds"][0]["scores"]["Ann"]["points"] == 24
    assert table.state["rounds"][0]["scores"]["Bo"]["points"] == -12
    body = build(table)
    assert "Total" in shown(body) and "−12" in shown(body)
    assert table.local["rummy"]["lines"]["Ann"] == {"melds": [], "laid_off": [], "hand": []}


def test_lay_off_and_removing_cards():
    table = Table("rummy", ["Ann", "Bo"])
    tap(build(table), "New meld")
    tap_cards(table, "♣ Clubs", ["4C", "5C", "6C", "QC"])
    tap(build(table), "Remove Q♣")
    tap(build(table), "Laid off")
    tap(build(table), "7♣")
    assert table.local["rummy"]["lines"]["Ann"] == {"melds": [["4C", "5C", "6C"]], "laid_off": ["7C"], "hand": []}
    for card in ("4C", "5C", "6C"):
        tap(build(table), f"Remove {card[:-1]}{SIGNS[card[-1]]}")
    assert table.local["rummy"]["lines"]["Ann"]["melds"] == []


def test_a_card_entered_for_one_player_is_shown_taken_and_cannot_be_tapped_for_another():
    table = Table("rummy", ["Ann", "Bo"])
    tap(build(table), "New meld")
    tap_cards(table, "♠ Spades", ["7S", "8S", "9S"])
    tap(build(table), "Bo")
    seven = [b for b in all_buttons(build(table)) if read_as(b) == "7♠, entered for Ann"]
    assert len(seven) == 1 and seven[0].disabled and seven[0].content.style.decoration == ft.TextDecoration.LINE_THROUGH
    assert [read_as(b) for b in all_buttons(build(table)) if read_as(b) == "6♠" and not b.disabled] == ["6♠"]
    tap(build(table), "Ann")
    tap(build(table), "Remove 7♠")
    tap(build(table), "Bo")
    tap(build(table), "7♠")
    assert table.local["rummy"]["lines"]["Bo"]["hand"] == ["7S"]
    zh = Table("rummy", ["甲", "乙"], lang="zh-CN")
    tap(view.build(zh.ctx()), "♦ 方块")
    tap(view.build(zh.ctx()), "3♦")
    assert "3♦，已记给甲" in [read_as(b) for b in all_buttons(view.build(zh.ctx()))]


def test_refused_round_keeps_the_draft_and_stock_out_is_sent():
    table = Table("rummy", ["Ann", "Bo"])
    tap_cards(table, "♦ Diamonds", ["3D"])
    table.local["rummy"]["lines"]["Bo"]["hand"] = ["3D"]  # as two phones' lines can give it: the engine refuses
    tap(build(table), "Add round")
    assert refused(table) == ["rummy.card_twice"] and table.state["rounds"] == []
    table.local["rummy"]["lines"]["Bo"]["hand"] = ["4D"]
    tap(build(table), "Add round")
    assert refused(table)[-1] == "rummy.nobody_out"
    table.local["rummy"]["stock_out"] = True
    tap(build(table), "Add round")
    assert table.state["rounds"][0]["stock_out"] is True


def test_tapping_the_stock_out_words_flips_the_switch_on_screen_and_in_the_draft():
    """The words beside the stock-out switch flip it as the switch does: kept in the draft, and the screen is drawn
    again so the switch shows it (the next tap on the words flips it back)."""
    table = Table("rummy", ["Ann", "Bo"])
    tap_label(build(table), "The stock ran out")
    assert table.local["rummy"]["stock_out"] is True and table.refreshed == 1
    assert dict(labelled_boxes(build(table)))["The stock ran out"].value is True
    tap_label(build(table), "The stock ran out")
    assert table.local["rummy"]["stock_out"] is False and table.refreshed == 2


def ace_round(table: Table) -> None:
    """Ann melds 2S 3S 4S and AH AD AC and goes out; Bo lays off AS (low on the run or high on the aces) and
    keeps 5D."""
    tap(build(table), "New meld")
    tap_cards(table, "♠ Spades", ["2S", "3S", "4S"])
    tap(build(table), "New meld")
    for suit, card in (("♥ Hearts", "AH"), ("♦ Diamonds", "AD"), ("♣ Clubs", "AC")):
        tap_cards(table, suit, [card])
    tap(build(table), "Bo")
    tap(build(table), "Laid off")
    tap_cards(table, "♠ Spades", ["AS"])
    tap(build(table), "Left in hand")
    tap_cards(table, "♦ Diamonds", ["5D"])


def test_an_ambiguous_ace_is_asked_where_it_went_and_scored_by_it():
    table = Table("rummy", ["Ann", "Bo"])
    ace_round(table)
    tap(build(table), "Add round")
    assert table.errors == [] and table.record["actions"] == []
    body = build(table)
    assert "Where did Bo's A♠ go? Tap the meld it joined." in shown(body)
    tap(body, "Onto 2♠ 3♠ 4♠")
    assert table.errors == [] and len(table.record["actions"]) == 1
    assert table.record["actions"][0]["lines"]["Bo"]["laid_off"] == [{"card": "AS", "onto": "2S"}]
    assert table.state["rounds"][0]["scores"]["Bo"]["points"] == -4  # AS low 1 − 5D
    assert table.state["rounds"][0]["scores"]["Ann"]["points"] == 54  # 2 + 3 + 4 + 3 × 15
    assert table.local["rummy"]["onto"] == {} and table.local["rummy"]["ask"] is None


def test_the_chinese_ace_question_uses_the_screens_own_words():
    """Play-test (Chinese): the question said "补出" where the rest of the screen says "添牌" (添到, 添牌: —), and
    "接在…大端" where the other choice was a set of aces, not a run's end. It says 添 and 当小牌/当大牌, as the
    refusal of a phone's line does."""
    table = Table("rummy", ["Ann", "Bo"])
    ace_round(table)
    tap(build(table), "Add round")
    table.lang = "zh-CN"
    said = [t for t in shown(build(table)) if "A♠" in t and "15" in t]
    assert said == ["Bo 添的 A♠ 可以当小牌（1 分）也可以当大牌（15 分），请说明它添到了哪个组合上。"]


def test_the_other_meld_scores_the_ace_high_and_back_returns_to_the_cards():
    table = Table("rummy", ["Ann", "Bo"])
    ace_round(table)
    tap(build(table), "Add round")
    tap(build(table), "Back to the cards")
    assert "Cards of Bo" in shown(build(table)) and table.record["actions"] == []
    tap(build(table), "Add round")
    tap(build(table), "Onto A♥ A♦ A♣")
    assert table.state["rounds"][0]["scores"]["Bo"]["points"] == 10  # AS high 15 − 5D


def test_tapping_a_past_round_corrects_it_with_where_the_ace_went():
    table = Table("rummy", ["Ann", "Bo"])
    ace_round(table)
    tap(build(table), "Add round")
    tap(build(table), "Onto A♥ A♦ A♣")
    tap_round(build(table), 1)
    assert "Correcting round 1: change the entries and save" in shown(build(table))
    assert table.local["rummy"]["onto"] == {"AS": "AH"}
    assert "Melds: — · Laid off: A♠ · Hand: 5♦" in shown(build(table))
    tap(build(table), "Bo")
    tap(build(table), "Remove 5♦")
    tap(build(table), "Left in hand")
    tap_cards(table, "♦ Diamonds", ["9D"])
    tap(build(table), "Save round 1")
    assert table.errors == [] and [a["type"] for a in table.record["actions"]] == ["round", "correct"]
    assert table.state["rounds"][0]["scores"]["Bo"]["points"] == 6  # AS high 15 − 9D
    assert "Round 2: tap each player's melds, lay-offs and hand" in shown(build(table))


def test_undo_hands_the_round_back_with_where_the_ace_went():
    table = Table("rummy", ["Ann", "Bo"])
    ace_round(table)
    tap(build(table), "Add round")
    tap(build(table), "Onto 2♠ 3♠ 4♠")
    table.undo()
    assert "Melds: — · Laid off: A♠ · Hand: 5♦" in shown(build(table))
    assert table.local["rummy"]["lines"]["Bo"] == {"melds": [], "laid_off": ["AS"], "hand": ["5D"]}
    assert table.local["rummy"]["onto"] == {"AS": "2S"}
    tap(build(table), "Add round")
    assert table.state["rounds"][0]["scores"]["Bo"]["points"] == -4


def a_round_with_a_meld() -> Table:
    """A table that added one round: Ann melded 7♥ 8♥ 9♥, Bo was left with 2♠."""
    table = Table("rummy", ["Ann", "Bo"])
    tap(build(table), "New meld")
    tap_cards(table, "♥ Hearts", ["7H", "8H", "9H"])
    tap(build(table), "Bo")
    tap_cards(table, "♠ Spades", ["2S"])
    tap(build(table), "Add round")
    return table


def test_a_card_tapped_after_cancelling_a_correction_goes_to_a_pile_the_new_round_has():
    """A past round opened, its meld chosen, then the correction cancelled: the new round has no such meld, so the
    next card goes to the hand (it raised IndexError, found by tapping at random)."""
    table = a_round_with_a_meld()
    tap_round(build(table), 1)
    tap(build(table), "Meld 1")
    tap(build(table), "Cancel: back to the new round")
    tap_cards(table, "♠ Spades", ["KS"])
    assert table.local["rummy"]["lines"]["Ann"] == {"melds": [], "laid_off": [], "hand": ["KS"]}
    assert "Left in hand — tapping here" in shown(build(table))


def test_a_card_tapped_after_undo_empties_the_handed_back_round_goes_to_a_pile_the_form_has():
    """An undone round handed back, one of its melds chosen, then a redo empties the form again: the next card
    goes to the hand."""
    table = a_round_with_a_meld()
    table.undo()
    tap(build(table), "Meld 1")
    table.redo()
    tap_cards(table, "♠ Spades", ["KS"])
    assert table.local["rummy"]["lines"]["Ann"] == {"melds": [], "laid_off": [], "hand": ["KS"]}


def test_chinese_texts():
    table = Table("rummy", ["甲", "乙"], lang="zh-CN")
    assert "第 1 轮：点选每位玩家的组合、添牌和手牌" in shown(build(table))


def test_cards_show_their_suit_sign_in_the_suit_colour():
    table = Table("rummy", ["Ann", "Bo"])
    faces = {label(b): b.content.color for b in all_buttons(build(table)) if isinstance(b.content, ft.Text)}
    assert faces["Q♠"] == ft.Colors.ON_SURFACE and faces["10♠"] == ft.Colors.ON_SURFACE
    tap(build(table), "♥ Hearts")
    faces = {label(b): b.content.color for b in all_buttons(build(table)) if isinstance(b.content, ft.Text)}
    assert faces["Q♥"] == ft.Colors.ERROR and "QH" not in faces


def test_the_cards_panel_and_the_where_did_it_go_card_take_the_columns_width():
    """The "Cards of Ann" panel (about 40 px short on a phone in Chinese) and the question where a laid-off card
    went end at the column's right edge."""
    table = Table("rummy", ["Ann", "Bo"])
    assert fills_its_column(build(table), "Cards of Ann")
    ace_round(table)
    tap(build(table), "Add round")
    assert fills_its_column(build(table), "Where did Bo's A♠ go?")


def phone_tap(table: Table, seat: str, phone: dict, *names: str) -> None:
    """On seat's own phone, tap buttons by their names, one after another."""
    for name in names:
        tap(view.build(table.seated(seat, phone)), name)


def test_each_phone_taps_and_gives_its_own_line_and_the_table_sees_who_gave():
    """Ann's phone shows the card picker for her own line and "Give my line", no form for the round; given, it
    says so and keeps her cards (she takes one back and gives again). The table's screen reads who gave how many
    cards and fills the lines it has not touched from them. Bo's line, the last, records the round; Ann's picker
    starts empty for round 2."""
    table = Table("rummy", ["Ann", "Bo"])
    phones: dict = {"Ann": {}, "Bo": {}}
    ctx = table.seated("Ann", phones["Ann"])
    body = view.build(ctx)
    buttons = [label(b) for b in all_buttons(body)]
    assert ("Ann", "line") in ctx.offered and "Give my line" in buttons and "Add round" not in buttons
    assert "Cards of Ann" in shown(body) and not any(t.startswith("Cards of Bo") for t in shown(body))
    phone_tap(table, "Ann", phones["Ann"], "New meld", "♥ Hearts", "7♥", "8♥", "9♥", "Left in hand", "♠ Spades",
              "2♠")
    phone_tap(table, "Ann", phones["Ann"], "Give my line")
    assert table.errors == [] and table.state["lines"]["Ann"]["hand"] == ["2S"]
    body = view.build(table.seated("Ann", phones["Ann"]))
    assert any(t.startswith("Your line is given") for t in shown(body))
    phone_tap(table, "Ann", phones["Ann"], "Remove 2♠", "Give again")
    assert table.state["lines"]["Ann"] == {"melds": [["7H", "8H", "9H"]], "laid_off": [], "hand": []}
    assert "Given: Ann 3 cards; still to give: Bo" in shown(build(table))
    tap(build(table), "Fill in the lines players gave")
    assert table.local["rummy"]["lines"]["Ann"]["melds"] == [["7H", "8H", "9H"]]
    phone_tap(table, "Bo", phones["Bo"], "♠ Spades", "K♠", "Give my line")
    assert table.errors == [] and table.state["rounds"][0]["scores"]["Bo"]["points"] == -10
    assert table.state["rounds"][0]["stock_out"] is False
    body = view.build(table.seated("Ann", phones["Ann"]))
    assert "Round 2" in shown(body) and phones["Ann"]["rummy_own"]["lines"]["Ann"]["melds"] == []


def test_a_phone_says_its_line_is_given_right_under_the_button_tapped():
    """Play-test (Chinese phone, table mode): after "交上我的牌" the confirmation stood at the top of the screen, above
    the card picker, out of view; only the button's new label ("重新交") showed the tap worked. It stands right under
    the button, with who is still to give under it."""
    table = Table("rummy", ["Ann", "Bo"])
    phone: dict = {}
    phone_tap(table, "Ann", phone, "♠ Spades", "K♠", "Give my line")
    order = [c for c in walk(view.build(table.seated("Ann", phone)))
             if isinstance(c, ft.Text) and (c.value or "").startswith(("Cards of Ann", "Your line is given", "Given: "))
             or isinstance(c, ft.FilledButton) and c.content == "Give again"]
    assert [c.content if isinstance(c, ft.FilledButton) else c.value[:10] for c in order] == [
        "Cards of A", "Give again", "Your line ", "Given: Ann"]


def test_a_phones_line_refused_is_said_under_its_give_button_not_in_the_bar():
    """Ann went out on her phone; Bo gives a line with an empty hand too: the round the two lines make is refused,
    said under Bo's "Give my line" (no bar: it covered the button on a phone), his cards kept; Ann's phone says
    nothing of it."""
    table = Table("rummy", ["Ann", "Bo"])
    phones: dict = {"Ann": {}, "Bo": {}}
    phone_tap(table, "Ann", phones["Ann"], "New meld", "♥ Hearts", "7♥", "8♥", "9♥", "Give my line")
    phone_tap(table, "Bo", phones["Bo"], "New meld", "♠ Spades", "2♠", "3♠", "4♠", "Give my line")
    body = view.build(table.seated("Bo", phones["Bo"]))
    give = next(b for b in all_buttons(body) if label(b) == "Give my line")
    (reason,) = said_under(body, give)
    assert reason.startswith("Only one player can go out in a round") and table.errors == []
    assert table.state["rounds"] == [] and phones["Bo"]["rummy_own"]["lines"]["Bo"]["melds"] == [["2S", "3S", "4S"]]
    assert reason not in shown(view.build(table.seated("Ann", phones["Ann"])))


def test_a_phone_says_plainly_when_the_stock_ran_out():
    """The phone's line on who gives what says when the stock ran out in a sentence: "(nobody's hand empty: the
    stock ran out)" left an English reader to guess how the two halves go together."""
    shown_here = shown(view.build(Table("rummy", ["Ann", "Bo"]).seated("Ann", {})))
    line = next(t for t in shown_here if t.startswith("Each player taps"))
    assert "the round is recorded once everyone has (if nobody's hand is empty, the stock ran out)." in line


def test_a_give_tapped_on_a_phone_still_showing_the_round_just_recorded_is_not_sent_for_the_next():
    """Ann has tapped her 9♠ and not given it when the table records round 1: a "Give my line" tap on its way to the
    server (her screen not yet redrawn) gave an empty line for round 2 ("Given: Ann 0 cards", seen from three
    phones in Chinese). Round 2's button is a new control, so that tap is answered as lost."""
    table = Table("rummy", ["Ann", "Bo"])
    phone = {}
    phone_tap(table, "Ann", phone, "♠ Spades", "9♠")
    old = view.build(table.seated("Ann", phone))
    give = next(b for b in all_buttons(old) if label(b) == "Give my line")
    tap_cards(table, "♦ Diamonds", ["3D"])
    tap(build(table), "Add round")
    assert len(table.state["rounds"]) == 1
    new = view.build(table.seated("Ann", phone))
    assert not taken_over(old, give, new, next(b for b in all_buttons(new) if label(b) == "Give my line"))


def test_cards_tapped_for_a_round_completed_from_phones_are_not_recorded_as_the_next():
    """The table taps round 1 while both players give theirs on their phones: its form says round 1 was entered
    elsewhere instead of sending those cards as round 2."""
    table = Table("rummy", ["Ann", "Bo"])
    tap_cards(table, "♦ Diamonds", ["3D"])
    phone_tap(table, "Ann", {}, "♠ Spades", "K♠", "Give my line")
    phone_tap(table, "Bo", {}, "Give my line")
    assert len(table.state["rounds"]) == 1 and table.errors == []
    buttons = [label(b) for b in all_buttons(build(table))]
    assert "Add round" not in buttons and "Keep it for round 2" in buttons
    assert ("Round 1 was entered meanwhile (on another screen, or put back by Redo): the cards tapped here are not "
            "entered.") in shown(build(table))  # tapped, not "typed" (the score pad's words)


def test_a_meld_started_and_left_empty_does_not_keep_an_undone_round_away():
    """Session 46's audit (as Cubosaurs' count stepped back to 0): "New meld" tapped and left empty made the form
    count as typed, so an undo handed nothing back. A line holding no card is empty; the undone round comes
    back."""
    table = a_round_with_a_meld()
    tap(build(table), "New meld")
    table.undo()
    build(table)
    assert table.local["rummy"]["lines"]["Ann"]["melds"] == [["7H", "8H", "9H"]]


def test_lines_left_empty_are_named_before_the_round_is_entered():
    """The tour entered a basic round that ended with the stock out and forgot Cy's hand: Cy's empty line was
    taken as the lowest hand and won the round (+10, Ann and Bo 0) without a word. The form now names a player
    with no card entered beside the button first (no line of a real round is empty)."""
    table = Table("rummy", ["Ann", "Bo", "Cy"], options={"variant": "basic"})
    tap(build(table), "New meld")
    tap_cards(table, "♥ Hearts", ["7H", "8H", "9H"])
    assert "No cards yet for Bo and Cy: entered like this, they went out holding nothing." in shown(build(table))
    tap(build(table), "Bo")
    tap_cards(table, "♠ Spades", ["KS"])
    assert "No cards yet for Cy: entered like this, they went out holding nothing." in shown(build(table))
    tap(build(table), "Cy")
    tap_cards(table, "♠ Spades", ["2S"])
    assert not any(t.startswith("No cards yet") for t in shown(build(table)))


def test_a_500_rummy_empty_line_is_said_to_score_nothing_not_to_have_gone_out():
    """Play-test: in 500 Rummy the note said every player named "went out holding nothing" (only one may go out);
    an empty 500 line melds nothing and holds nothing: 0 points."""
    table = Table("rummy", ["Ann", "Bo", "Cy"], options={"variant": "500"})
    tap(build(table), "New meld")
    tap_cards(table, "♥ Hearts", ["7H", "8H", "9H"])
    said = "No cards yet for Bo and Cy: entered like this, each scores 0 (nothing melded, no hand left)."
    assert said in shown(build(table))
    table.lang = "zh-CN"
    assert "Bo 和 Cy 还没有录入任何牌：这样记入，每人得 0 分（没有组牌，手里也没有剩牌）。" in [read(t) for t in shown(build(table))]


def test_the_end_screen_keeps_the_rounds_table_without_corrections():
    """Game over (Ann's 24 reaches the target of 20): the rounds table the table watched all game is on the end
    screen (`final`), each round's points and the totals, read only (it was gone: only each player's lines)."""
    table = Table("rummy", ["Ann", "Bo"], options={"target": 20})
    tap(build(table), "New meld")
    tap_cards(table, "♥ Hearts", ["7H", "8H", "9H"])
    tap(build(table), "Bo")
    tap_cards(table, "♠ Spades", ["KS", "2S"])
    tap(build(table), "Add round")
    assert table.state["over"]
    end = view.final(table.ctx())
    assert ["Round 1", "24", "−12", "Total", "24", "−12"] == [
        t for t in shown(wide(end)) if t not in ("Round", "Ann", "Bo")]
    assert not [b for b in all_buttons(end) if read_as(b) == "Round 1"]


def test_a_phone_with_no_card_tapped_says_what_giving_it_means():
    """A phone's "Give my line" with nothing tapped gave an empty line without a word, read by the engine as a
    player who went out holding nothing (Bo's, given last, won him the round). The phone says it beside the
    button, as information on what the button does: in the table form's words ("Ann 还没有录入任何牌：这样记入就算
    一张不剩地出完了牌", before she tapped anything) it read, in a play-test, as a warning aimed at her."""
    table = Table("rummy", ["Ann", "Bo"])
    note = "Given with no card, your line says you went out having melded nothing: 0 points."  # 500 Rummy
    said = shown(view.build(table.seated("Bo", {})))
    assert note in said and not any(t.startswith("No cards yet for") for t in said)
    zh = Table("rummy", ["Ann", "Bo"], lang="zh-CN")
    said = shown(view.build(zh.seated("Ann", {})))
    assert "不录入任何牌就交上，表示你没有组牌就出完了牌：得 0 分。" in said and not any("还没有录入" in t for t in said)
    phone = {}
    phone_tap(table, "Bo", phone, "♠ Spades", "K♠")
    assert note not in shown(view.build(table.seated("Bo", phone)))


def test_a_chinese_phone_gives_its_cards_not_a_line():
    """In Chinese a player's own line is their cards: the phone said "交上我的一行" ("give my row"), the log
    "交了自己第 1 轮的一行" and a clash "已经在 Ann 的一行里了", a calque of the English "line" that a Chinese table
    reads as a row of text. They now speak of the player's cards (牌)."""
    from scoring.errors import RuleError
    from views import words
    table = Table("rummy", ["Ann", "Bo"], lang="zh-CN")
    phones: dict = {"Ann": {}, "Bo": {}}
    phone_tap(table, "Ann", phones["Ann"], "♠ 黑桃", "K♠", "交上我的牌")
    assert "你的牌已交上，等其他人交齐就记入。在那之前可以修改后重新交。" in shown(
        view.build(table.seated("Ann", phones["Ann"])))
    key, params = table.engine.describe(table.record["actions"][0])
    assert words.say("zh-CN", key, **params) == "交了自己第 1 轮的牌"
    clash = RuleError("rummy.card_held", name="Bo", card="K♠", other="Ann")
    assert words.say("zh-CN", clash.key, **clash.params) == "Bo：K♠ 已经记在 Ann 的牌里了；每张牌只有一张。"


def test_a_meld_being_built_reads_as_it_lies_on_the_table_and_is_recorded_as_tapped():
    """Tapped 7♠ 9♠ 8♠, a meld read "7♠ 9♠ 8♠" in its pile and in the player's line: it reads as it lies on the
    table, 7♠ 8♠ 9♠ (a set by suit, ♠ ♥ ♦ ♣; Q-K-A with its ace high). Removing a card takes off the card tapped,
    and the round records the cards as they were given."""
    table = Table("rummy", ["Ann", "Bo"])
    tap(build(table), "New meld")
    tap_cards(table, "♠ Spades", ["7S", "9S", "8S", "QS"])
    assert "Melds: 7♠ 8♠ 9♠ Q♠ · Laid off: — · Hand: —" in shown(build(table))
    assert [read_as(b) for b in all_buttons(build(table)) if read_as(b).startswith("Remove")] == \
        ["Remove 7♠", "Remove 8♠", "Remove 9♠", "Remove Q♠"]
    tap(build(table), "Remove Q♠")
    tap(build(table), "New meld")
    for suit, card in (("♣ Clubs", "KC"), ("♠ Spades", "KS"), ("♥ Hearts", "KH")):
        tap_cards(table, suit, [card])
    tap(build(table), "New meld")
    tap_cards(table, "♦ Diamonds", ["AD", "QD", "KD"])
    assert "Melds: 7♠ 8♠ 9♠ | K♠ K♥ K♣ | Q♦ K♦ A♦ · Laid off: — · Hand: —" in shown(build(table))
    tap(build(table), "Bo")
    tap_cards(table, "♥ Hearts", ["2H"])
    tap(build(table), "Add round")
    assert table.errors == []
    assert table.record["actions"][0]["lines"]["Ann"]["melds"] == [["7S", "9S", "8S"], ["KC", "KS", "KH"],
                                                                  ["AD", "QD", "KD"]]


GOING_RUMMY = {"variant": "basic", "going_rummy": True}


def test_the_form_offers_going_rummy_only_for_the_player_who_went_out_and_it_scores_double():
    """Basic Rummy with going rummy: no switch while nobody has gone out; once Ann's cards are all melded and Bo
    holds K♠ 5♦, the switch "Ann went out in one go" stands beside the stock-out switch (none for Bo); on, the round
    scores Ann 30 (15 doubled). A table without the option sees no switch."""
    table = Table("rummy", ["Ann", "Bo"], GOING_RUMMY)
    switch = "Ann went out in one go (going rummy: scores double)"
    tap(build(table), "Bo")
    tap_cards(table, "♠ Spades", ["KS"])
    tap_cards(table, "♦ Diamonds", ["5D"])
    assert not any(words.endswith("scores double)") for words, _ in labelled_boxes(build(table)))
    tap(build(table), "Ann")
    tap(build(table), "New meld")
    tap_cards(table, "♥ Hearts", ["7H", "8H", "9H"])
    assert [words for words, _ in labelled_boxes(build(table)) if words.endswith("scores double)")] == [switch]
    tap_label(build(table), switch)
    assert dict(labelled_boxes(build(table)))[switch].value is True
    tap(build(table), "Add round")
    assert table.errors == [] and table.state["rounds"][0]["scores"]["Ann"]["points"] == 30
    plain = Table("rummy", ["Ann", "Bo"], {"variant": "basic"})
    plain.local["rummy"] = {**table.local["rummy"]}
    tap(build(plain), "New meld")
    tap_cards(plain, "♥ Hearts", ["7H", "8H", "9H"])
    assert not any(words.endswith("scores double)") for words, _ in labelled_boxes(build(plain)))


def test_a_card_left_in_hand_hides_the_switch_and_is_not_sent_as_going_rummy():
    """Ann's switch is on, then a card is tapped into her hand: she did not go out, the switch goes and the round is
    sent without it (Bo, with no card, went out: accepted, where a hidden switch sent along was refused). In
    Chinese the switch says it too."""
    table = Table("rummy", ["Ann", "Bo"], GOING_RUMMY)
    tap(build(table), "New meld")
    tap_cards(table, "♥ Hearts", ["7H", "8H", "9H"])
    tap_label(build(table), "Ann went out in one go (going rummy: scores double)")
    tap(build(table), "Left in hand")
    tap_cards(table, "♠ Spades", ["2S"])
    assert not any(words.endswith("scores double)") for words, _ in labelled_boxes(build(table)))
    tap(build(table), "Add round")
    assert table.errors == [] and "in_one_go" not in table.state["rounds"][0]["lines"]["Ann"]
    zh = Table("rummy", ["甲", "乙"], GOING_RUMMY, lang="zh-CN")
    view.build(zh.ctx())
    zh.local["rummy"]["lines"].update({"甲": {"melds": [["7H", "8H", "9H"]], "laid_off": [], "hand": []},
                                       "乙": {"melds": [], "laid_off": [], "hand": ["KS"]}})
    assert "甲一次出完（得分翻倍）" in dict(labelled_boxes(view.build(zh.ctx())))


def test_a_phone_says_its_player_went_rummy_with_its_own_line():
    """On Ann's phone, her cards all melded: the switch under her cards says she went out in one go; given on, and
    Bo's hand given, the round scores her double."""
    table = Table("rummy", ["Ann", "Bo"], GOING_RUMMY)
    phones: dict = {"Ann": {}, "Bo": {}}
    phone_tap(table, "Ann", phones["Ann"], "New meld", "♥ Hearts", "7♥", "8♥", "9♥")
    tap_label(view.build(table.seated("Ann", phones["Ann"])), "Ann went out in one go (going rummy: scores double)")
    phone_tap(table, "Ann", phones["Ann"], "Give my line")
    assert table.state["lines"]["Ann"]["in_one_go"] is True
    phone_tap(table, "Bo", phones["Bo"], "♠ Spades", "K♠", "Give my line")
    assert table.errors == [] and table.state["rounds"][0]["scores"]["Ann"]["points"] == 20
