"""Score pad view without a browser: type points, add rounds, tap a past round to correct it (the log keeps both),
cancel back to the half-typed new round, and undo handing the round back to the fields."""

from __future__ import annotations

import copy
from types import SimpleNamespace

import flet as ft
import pytest

from tests.card_view_helpers import Table, narrow, refused, shown, tap, tap_round, wide
from tests.test_views_components import raw_texts, read, refusal_said, said_under, walk
from views import session, words
from views.context import INTO_VIEW, PAGE
from views.games import round_edit
from views.games import score_pad as view


def build(table: Table):
    """The view for the table's current state."""
    return view.build(table.ctx())


def named(body: ft.Control) -> dict:
    """Each text field by its name: a round field's is the player's name set above it (`views.ui.label_above`),
    another field's its own label."""
    found = {c.label: c for c in walk(body) if isinstance(c, ft.TextField) and c.label}
    for column in (c for c in walk(body) if isinstance(c, ft.Column) and len(c.controls) == 2):
        above, field = column.controls
        if isinstance(above, ft.Text) and isinstance(field, ft.TextField):
            found[above.value] = field
    return found


def fields(table: Table) -> dict:
    """Each player's field value, by name."""
    return {name: c.value for name, c in named(build(table)).items()}


def type_points(table: Table, points: dict) -> None:
    """Type into the players' fields."""
    for name, field in named(build(table)).items():
        if name in points:
            field.on_change(SimpleNamespace(control=SimpleNamespace(value=points[name])))


def test_a_long_name_is_whole_above_its_round_field():
    """A round field's label was the player's name inside a 150 px field, broken inside a word ("Maximilia" / "n"
    with 1.5× text), then cut ("Maxi…" at 2x): the name is set above its field now, whole, the field 150 px."""
    table = Table("score_pad", ["Maximilian", "欧阳娜娜莉莎"])
    body = build(table)
    found = named(body)
    assert list(found) == ["Maximilian", "欧阳娜娜莉莎"]
    assert all(f.width == view.FIELD and f.label is None for f in found.values())
    assert [(t.value, t.max_lines) for t in walk(body) if isinstance(t, ft.Text) and t.value in found] == [
        ("Maximilian", None), ("欧阳娜娜莉莎", None)]


def play(table: Table, *rounds: dict, add: str = "Add round") -> None:
    """Type and add rounds."""
    for points in rounds:
        type_points(table, points)
        tap(build(table), add)


def test_tapping_a_past_round_corrects_it_and_the_log_keeps_both():
    table = Table("score_pad", ["Ann", "Bo"])
    play(table, {"Ann": "5", "Bo": "3"}, {"Ann": "2", "Bo": "7"})
    type_points(table, {"Ann": "9"})
    page = table.local.get(PAGE, 0)
    tap_round(build(table), 1)
    body = build(table)
    assert "Correcting round 1: change the entries and save" in shown(body)
    assert table.local[PAGE] == page + 1  # the screen turns to its top, where the form is (the table is below)
    rounds = next(c for c in walk(body) if isinstance(c, ft.DataTable))
    assert next(c for c in walk(body) if isinstance(c, ft.Row) and rounds in c.controls).scroll == \
        ft.ScrollMode.ALWAYS  # wider than a phone: its scroll bar shows it scrolls rather than being cut
    assert fields(table) == {"Ann": "5", "Bo": "3"}
    type_points(table, {"Bo": "-4"})
    tap(build(table), "Save round 1")
    assert table.errors == []
    assert [a["type"] for a in table.record["actions"]] == ["round", "round", "correct"]
    assert table.record["actions"][-1]["round"] == 1 and table.record["actions"][-1]["scores"] == {"Ann": 5, "Bo": -4}
    assert table.state["totals"] == {"Ann": 7, "Bo": 3}  # 5 + 2, −4 + 7
    body = build(table)
    assert "Points for round 3" in shown(body) and fields(table) == {"Ann": "9", "Bo": ""}


def test_a_past_round_saved_unchanged_is_refused_and_stays_open():
    """Opened and saved as it was (by Save or by Enter), a round was logged "Round 1 corrected" for nothing (and an
    undo then took back nothing anyone could see): the form says the round is unchanged and stays open ("5" typed
    again as "05" too: the same points); once an entry changes, Save records the correction."""
    table = Table("score_pad", ["Ann", "Bo"])
    play(table, {"Ann": "5", "Bo": "3"})
    tap_round(build(table), 1)
    tap(build(table), "Save round 1")
    assert refused(table) == ["rounds.view.unchanged"] and [a["type"] for a in table.record["actions"]] == ["round"]
    assert [words.say(lang, "rounds.view.unchanged", round=1) for lang in ("en", "zh-CN")] == [
        "Round 1 is unchanged: change an entry before saving, or cancel.", "第 1 轮没有改动：改好后再保存，或者取消。"]
    assert "Correcting round 1: change the entries and save" in shown(build(table))
    field = named(build(table))["Ann"]
    field.on_submit(None)  # Enter in a field sends too
    assert refused(table)[-1] == "rounds.view.unchanged" and len(table.record["actions"]) == 1
    type_points(table, {"Ann": "05", "Bo": "3 "})  # the same points as the engine reads them
    tap(build(table), "Save round 1")
    assert refused(table)[-1] == "rounds.view.unchanged" and len(table.record["actions"]) == 1
    type_points(table, {"Bo": "4"})
    tap(build(table), "Save round 1")
    assert [a["type"] for a in table.record["actions"]] == ["round", "correct"] and table.state["totals"]["Bo"] == 4


def test_cancel_returns_to_the_new_round_and_a_refused_correction_keeps_the_form():
    table = Table("score_pad", ["Ann", "Bo"])
    play(table, {"Ann": "5", "Bo": "3"})
    tap_round(build(table), 1)
    type_points(table, {"Ann": "x"})
    tap(build(table), "Save round 1")
    assert refused(table) == ["score_pad.points_invalid"] and fields(table) == {"Ann": "x", "Bo": "3"}
    tap(build(table), "Cancel: back to the new round")
    assert "Points for round 2" in shown(build(table)) and fields(table) == {"Ann": "", "Bo": ""}
    assert [a["type"] for a in table.record["actions"]] == ["round"] and table.state["totals"] == {"Ann": 5, "Bo": 3}


def test_a_correction_whose_round_another_screen_undid_is_closed_and_said():
    """Round 2 open for correction on this screen, then undone on another: the form stayed on "Correcting round 2"
    until its Save was refused ("There is no round 2 to correct."). It now goes back to the new round (its typed
    entries as they were) and says the correction was not saved, until dismissed or another round is opened."""
    table = Table("score_pad", ["Ann", "Bo"])
    play(table, {"Ann": "5", "Bo": "3"}, {"Ann": "2", "Bo": "7"})
    type_points(table, {"Ann": "9"})
    tap_round(build(table), 2)
    type_points(table, {"Bo": "8"})
    table.undo()
    notice = ("Round 2 was undone while it was open for correction (here or on another screen): the correction was "
              "not saved.")
    body = build(table)
    assert notice in shown(body) and "Points for round 2" in shown(body) and fields(table) == {"Ann": "9", "Bo": ""}
    assert notice in shown(build(table))
    tap_round(build(table), 1)
    assert notice not in shown(build(table))
    assert "Correcting round 1: change the entries and save" in shown(build(table))
    table.undo()
    assert notice.replace("Round 2", "Round 1") in shown(build(table))
    tap(build(table), "Dismiss")
    assert "Round 1 was undone" not in " ".join(shown(build(table))) and "Points for round 1" in shown(build(table))


def test_undo_hands_the_round_back_once_and_redo_takes_it_away():
    table = Table("score_pad", ["Ann", "Bo"])
    play(table, {"Ann": "5", "Bo": "3"}, {"Ann": "2", "Bo": "7"})
    table.undo()
    assert fields(table) == {"Ann": "2", "Bo": "7"}
    assert "Points for round 2" in shown(build(table))
    type_points(table, {"Ann": "", "Bo": ""})
    assert fields(table) == {"Ann": "", "Bo": ""}  # cleared by hand: not handed back again
    table.redo()
    assert fields(table) == {"Ann": "", "Bo": ""}
    table.undo()
    assert fields(table) == {"Ann": "2", "Bo": "7"}
    table.redo()
    assert fields(table) == {"Ann": "", "Bo": ""} and "Points for round 3" in shown(build(table))
    table.undo()
    table.undo()
    assert fields(table) == {"Ann": "5", "Bo": "3"}  # the earlier round replaces the untouched later one
    type_points(table, {"Bo": "4"})
    tap(build(table), "Add round")
    assert table.state["scores"] == [{"Ann": 5, "Bo": 4}] and table.record["redo"] == []
    assert fields(table) == {"Ann": "", "Bo": ""}


def test_finish_is_not_offered_while_correcting_and_chinese_texts():
    table = Table("score_pad", ["甲", "乙"], lang="zh-CN")
    play(table, {"甲": "1", "乙": "2"}, add="记入本轮")
    tap(build(table), "第 1 轮")
    body = build(table)
    assert "更正第 1 轮：改好后保存" in shown(body)
    names = [b.content for b in walk(body) if isinstance(getattr(b, "content", None), str)]
    assert "保存第 1 轮" in names and "取消，回到新一轮" in names and "结束游戏" not in names


def round_rows(body) -> dict:
    """The rounds table's rows by key."""
    return {row.key: row for row in walk(body) if isinstance(row, ft.DataRow)}


def test_a_new_round_keeps_the_other_rows_and_a_kept_row_opens_its_round():
    """Adding a round builds one new row and a new totals row (keyed by the number of rounds: the totals row
    moved down under one key left its cells over round 1's button in the browser's semantics): the other rows are
    the previous render's own controls (Flet neither rebuilds nor compares them); a corrected round gets a new row;
    tapping a kept row's round opens that round with its entries as they are now."""
    table = Table("score_pad", ["Ann", "Bo"])
    play(table, {"Ann": "5", "Bo": "3"}, {"Ann": "2", "Bo": "7"})
    before = round_rows(build(table))
    play(table, {"Ann": "1", "Bo": "1"})
    after = round_rows(build(table))
    assert after[1] is before[1] and after[2] is before[2]
    assert set(before) == {1, 2, "total-2"}  # a new totals row under a new key, never moved
    assert set(after) == {1, 2, 3, "total-3"}
    tap_round(build(table), 1)
    type_points(table, {"Bo": "4"})
    tap(build(table), "Save round 1")
    corrected = round_rows(build(table))
    assert corrected[1] is not after[1] and corrected[2] is after[2]
    cell = next(c for c in walk(corrected[2]) if isinstance(c, ft.TextButton))
    cell.on_click(None)
    assert "Correcting round 2: change the entries and save" in shown(build(table))
    assert fields(table) == {"Ann": "2", "Bo": "7"}


def give(table: Table, seat: str, local: dict, points: str, button: str = "Give my points") -> None:
    """Type a seat's own points on its phone and give them."""
    body = view.build(table.seated(seat, local))
    (field,) = [c for c in walk(body) if isinstance(c, ft.TextField)]
    field.on_change(SimpleNamespace(control=SimpleNamespace(value=points)))
    tap(view.build(table.seated(seat, local)), button)


def test_each_phone_gives_its_own_points_and_the_round_is_recorded_once_all_have():
    """Ann and Bo give their points on their own phones: Ann's phone then says what she gave and who is still to
    give, offers "give again", and no form for the whole round; once Bo gives, round 1 is recorded from both."""
    table = Table("score_pad", ["Ann", "Bo"])
    phones = {"Ann": {}, "Bo": {}}
    ctx = table.seated("Ann", phones["Ann"])
    body = view.build(ctx)
    assert ("Ann", "line") in ctx.offered and ("Bo", "line") not in ctx.offered
    assert [c.label for c in walk(body) if isinstance(c, ft.TextField)] == ["My points"]
    assert "Round 1" in shown(body)
    assert "The table's move: the referee or the host makes it on their screen." not in shown(body)
    give(table, "Ann", phones["Ann"], "7")
    assert [{k: v for k, v in a.items() if k != "at"} for a in table.record["actions"]] == [
        {"type": "line", "by": "Ann", "round": 1, "score": 7}]
    body = shown(view.build(table.seated("Ann", phones["Ann"])))
    assert "You gave 7; the round is recorded once everyone has given theirs." in body
    assert "Given: Ann 7; still to give: Bo" in body
    give(table, "Ann", phones["Ann"], "8", button="Give again")
    give(table, "Bo", phones["Bo"], "−3")
    assert table.state["scores"] == [{"Ann": 8, "Bo": -3}] and table.errors == []
    assert "Round 2" in shown(view.build(table.seated("Bo", phones["Bo"])))


def test_the_table_sees_the_points_given_and_fills_its_form_from_them():
    """On the table's screen, while Ann's points wait: who gave what and who is still to give, and a button that
    fills the empty fields from them (Bo's typed 4 is kept); the round is sent with its number."""
    table = Table("score_pad", ["Ann", "Bo"])
    give(table, "Ann", {}, "6")
    type_points(table, {"Bo": "4"})
    assert "Given: Ann 6; still to give: Bo" in shown(build(table))
    tap(build(table), "Fill in the points players gave")
    assert fields(table) == {"Ann": "6", "Bo": "4"}
    tap(build(table), "Add round")
    assert {k: v for k, v in table.record["actions"][-1].items() if k != "at"} == {
        "type": "round", "by": "table", "round": 1, "scores": {"Ann": 6, "Bo": 4}}
    assert table.state["lines"] == {} and "Given:" not in " ".join(shown(build(table)))


def test_a_form_typed_for_a_round_completed_from_phones_is_not_recorded_as_the_next():
    """The table types round 1 while both players give theirs on their phones: the form says round 1 was entered
    elsewhere and offers to keep the points for round 2, instead of sending them as round 2."""
    table = Table("score_pad", ["Ann", "Bo"])
    type_points(table, {"Ann": "1", "Bo": "2"})
    give(table, "Ann", {}, "5")
    give(table, "Bo", {}, "5")
    body = build(table)
    assert "Add round" not in [t for t in shown(body)]
    tap(body, "Keep it for round 2")
    assert table.state["scores"] == [{"Ann": 5, "Bo": 5}]


def own_field(table: Table, seat: str, local: dict) -> str:
    """What seat's own points field holds on its phone now."""
    (field,) = [c for c in walk(view.build(table.seated(seat, local))) if isinstance(c, ft.TextField)]
    return field.value


def test_a_phone_keeps_the_points_it_gave_and_gets_back_a_line_the_host_undid():
    """Ann gives 7: her field keeps it (to change and give again). Bo's −3, the last, records round 1 and both
    fields start empty for round 2. The host undoes Bo's line: round 1 waits again, Bo's field holds his −3 back
    (also on a phone opened afresh as Bo) and Ann's her 7 (still given). Bo gives −2: round 1 is recorded and his
    field is empty for round 2."""
    table = Table("score_pad", ["Ann", "Bo"])
    phones: dict = {"Ann": {}, "Bo": {}}
    give(table, "Ann", phones["Ann"], "7")
    assert own_field(table, "Ann", phones["Ann"]) == "7"
    give(table, "Bo", phones["Bo"], "−3")
    assert table.state["scores"] == [{"Ann": 7, "Bo": -3}]
    assert own_field(table, "Ann", phones["Ann"]) == "" and own_field(table, "Bo", phones["Bo"]) == ""
    table.undo()
    assert table.state["scores"] == [] and table.state["lines"] == {"Ann": 7}
    assert own_field(table, "Bo", phones["Bo"]) == "-3" and own_field(table, "Ann", phones["Ann"]) == "7"
    assert own_field(table, "Bo", {}) == "-3"
    give(table, "Bo", phones["Bo"], "-2", button="Give my points")
    assert table.state["scores"] == [{"Ann": 7, "Bo": -2}] and table.errors == []
    assert own_field(table, "Bo", phones["Bo"]) == ""


def test_a_round_handed_back_by_undo_stays_in_the_form_after_another_action():
    """Session 46's audit: undo round 3 (its points come back), then correct round 1: the correction emptied the
    redo stack and the form too, so round 3 was gone. The handed-back points now stay in the form through any
    other action (here the correction; a phone's own line alike), as a half-typed round does."""
    table = Table("score_pad", ["Ann", "Bo"])
    play(table, {"Ann": "5", "Bo": "3"}, {"Ann": "2", "Bo": "7"}, {"Ann": "4", "Bo": "6"})
    table.undo()
    assert fields(table) == {"Ann": "4", "Bo": "6"}
    tap_round(build(table), 1)
    type_points(table, {"Bo": "1"})
    tap(build(table), "Save round 1")
    assert table.errors == [] and table.record["redo"] == [] and table.state["scores"][0] == {"Ann": 5, "Bo": 1}
    assert fields(table) == {"Ann": "4", "Bo": "6"} and "Points for round 3" in shown(build(table))
    tap(build(table), "Add round")
    assert table.state["scores"][2] == {"Ann": 4, "Bo": 6}


def test_points_typed_on_a_phone_but_not_given_are_not_carried_to_the_next_round():
    """Session 46's audit: Ann typed 7 on her phone without giving it; the host entered round 1; her phone then
    showed round 2 with 7 still in the field (a tap would have given it as round 2's). The field is for the round
    it was shown for: it starts empty for round 2, whether or not her phone was redrawn in between."""
    for redrawn in (False, True):
        table = Table("score_pad", ["Ann", "Bo"])
        ann: dict = {}
        (field,) = [c for c in walk(view.build(table.seated("Ann", ann))) if isinstance(c, ft.TextField)]
        field.on_change(SimpleNamespace(control=SimpleNamespace(value="7")))
        if redrawn:
            assert own_field(table, "Ann", ann) == "7"
        play(table, {"Ann": "5", "Bo": "3"})
        assert own_field(table, "Ann", ann) == ""


def test_a_score_typed_with_any_minus_or_full_width_digits_is_read_as_a_number():
    """A Chinese IME types "－5" (full-width minus): it is read as −5, like "−5" (the maths minus), "１２" and
    "＋4"; the round is recorded, not refused as not a whole number."""
    for typed, points in (("－5", -5), ("−5", -5), ("１２", 12), ("＋4", 4), (" －１０ ", -10)):
        table = Table("score_pad", ["Ann", "Bo"], lang="zh-CN")
        type_points(table, {"Ann": typed, "Bo": "3"})
        tap(build(table), "记入本轮")
        assert table.errors == [] and table.state["scores"] == [{"Ann": points, "Bo": 3}], typed
    assert view.entry("5－") == "5－"


def test_a_score_with_an_underscore_is_refused_not_read_as_another_number():
    """"1_0" (a slip beside the digits) was read as 10 by Python's int and recorded; it is not a number a person
    writes, so the round is refused as not a whole number and the fields keep what was typed."""
    table = Table("score_pad", ["Ann", "Bo"])
    type_points(table, {"Ann": "1_0", "Bo": "3"})
    tap(build(table), "Add round")
    assert table.state["scores"] == [] and refused(table) == ["score_pad.points_invalid"], table.errors
    with pytest.raises(ValueError):
        words.whole_number("1_000")


def test_the_tables_field_being_typed_in_stays_itself_when_a_phone_gives_its_points():
    """The host types Bo's points while Ann's phone gives hers: "Given: Ann 6; still to give: Bo" came in above the
    fields, so Flet's diff, matching controls by place, drew the fields anew: the field lost the keyboard and the
    next keys went nowhere (as in Guess Club). The line about given points is always there (empty until one is
    given), so the fields keep their place."""
    from tests.card_view_helpers import taken_over

    table = Table("score_pad", ["Ann", "Bo"])
    type_points(table, {"Bo": "1"})
    old = build(table)
    give(table, "Ann", {}, "6")
    new = build(table)
    field_old, field_new = (named(body)["Bo"] for body in (old, new))
    assert "Given: Ann 6; still to give: Bo" in shown(new)
    assert taken_over(old, field_old, new, field_new)


def test_players_still_to_give_their_line_are_listed_as_a_sentence_lists_them():
    """"Given: A 7; still to give: B, C" (还差：B，C) named the players left as the other waiting lines now do:
    "B and C", "B 和 C"."""
    table = Table("score_pad", ["A", "B", "C"])
    assert shown(round_edit.lines_waiting(table.ctx(), {"A": "7"})) == ["Given: A 7; still to give: B and C"]
    table.lang = "zh-CN"
    assert shown(round_edit.lines_waiting(table.ctx(), {"A": "7"})) == ["已交：A 7；还差：B 和 C"]


def test_the_end_screen_keeps_the_rounds_table_without_corrections():
    """Game over (Ann's 12 reaches the target of 10): the rounds table the table watched all game is on the end
    screen (`final`), each round's points and the totals, read only (it was gone: only the breakdown and chart)."""
    table = Table("score_pad", ["Ann", "Bo"], {"target": 10})
    assert table.apply({"type": "round", "by": "table", "scores": {"Ann": 4, "Bo": 3}})
    assert table.apply({"type": "round", "by": "table", "scores": {"Ann": 8, "Bo": -2}})
    assert table.state["over"]
    end = view.final(table.ctx())
    assert [t for t in shown(wide(end)) if t not in ("Round", "Ann", "Bo")] == [
        "Round 1", "4", "3", "Round 2", "8", "−2", "Total", "12", "1"]
    assert not [c for c in walk(end) if isinstance(c, (ft.TextButton, ft.FilledTonalButton))]


def test_in_a_long_game_the_totals_row_stays_where_it_is_and_keeps_its_key():
    """Past the last rounds shown, a new round drops the oldest row shown and adds its own: the totals row stays in
    its place, under its key (only its totals change), while a row that moves down gets a new key (above)."""
    table = Table("score_pad", ["Ann", "Bo"])
    play(table, *[{"Ann": "1", "Bo": "2"}] * (round_edit.SHOWN_ROUNDS + 1))
    before = round_rows(build(table))
    play(table, {"Ann": "3", "Bo": "4"})
    after = round_rows(build(table))
    total = f"total-{round_edit.SHOWN_ROUNDS}"
    assert total in before and total in after and len(after) == len(before) == round_edit.SHOWN_ROUNDS + 1
    assert 2 in before and 2 not in after and 22 in after


def test_the_round_form_says_when_the_game_ends():
    """A Hearts pad to 50, lowest wins, showed its target nowhere while rounds were entered (only Bacon's screen said
    "First team to 8 points wins"): the table could not check when it would end. The form now says it, in the
    player's language, as the rules page puts it; a pad with no target and no round limit says nothing more."""
    table = Table("score_pad", ["Ann", "Bo"], {"target": 50, "lower_wins": True})
    assert "The game ends after a round in which a total goes past 50; the lowest total wins." in shown(build(table))
    table = Table("score_pad", ["Ann", "Bo"], {"target": 100, "rounds": 5}, lang="zh-CN")
    assert "某一轮之后有人的总分达到 100 分，游戏即结束；最多 5 轮。" in shown(build(table))
    table = Table("score_pad", ["Ann", "Bo"], {"rounds": 5})
    assert "The game ends after round 5." in shown(build(table))
    assert not [t for t in shown(build(Table("score_pad", ["Ann", "Bo"]))) if "game ends" in t]


def test_the_round_forms_chinese_end_line_breaks_only_after_a_pause_mark():
    """On a 390 px phone "…总分最低" / "者获胜" was seen: the line now keeps each clause whole (`words.whole_line`)."""
    table = Table("score_pad", ["Ann", "Bo"], {"target": 50, "lower_wins": True}, lang="zh-CN")
    (line,) = [t for t in raw_texts(build(table)) if "获胜" in read(t)]
    assert "最\u2060低\u2060者\u2060获\u2060胜" in line


@pytest.mark.parametrize("lang, verbs", [("en", ("reaches", "goes past")), ("zh-CN", ("达到", "超过"))])
def test_the_target_options_words_hold_with_lowest_wins_too(lang, verbs):
    """The new session's option read "End when a total reaches…" also with lowest total wins chosen, where a total
    must go past the target: its label names the target alone, the round form says which (reaches or goes past)."""
    label = words.say(lang, "score_pad.option.target")
    assert not any(verb in label for verb in verbs), label


def test_a_phone_shows_each_round_as_a_block_with_every_players_points():
    """At a 390 px phone the rounds table at 2x text scrolled sideways and cut the last player's column: below
    WIDE px each round is its button, then every player's points on a line breaking only between players, then the
    totals; the table (for wider screens) is hidden there, and the block's button opens the round too."""
    table = Table("score_pad", ["Ann", "Bo", "Cy", "Dee"])
    play(table, {"Ann": "4", "Bo": "3", "Cy": "0", "Dee": "-2"}, {"Ann": "8", "Bo": "-2", "Cy": "5", "Dee": "1"})
    body = build(table)
    assert narrow(body) == ["Round 1", "Ann 4 · Bo 3 · Cy 0 · Dee −2", "Round 2", "Ann 8 · Bo −2 · Cy 5 · Dee 1",
                            "Total — Ann 12 · Bo 1 · Cy 5 · Dee −1"]
    line = next(t for t in raw_texts(body) if read(t).startswith("Ann 4"))
    assert line.split(" · ") == ["Ann\u00a04", "Bo\u00a03", "Cy\u00a00", "Dee\u00a0\u22122"]  # breaks between players
    wide_table = next(c for c in walk(body) if isinstance(c, ft.Row) and c.col == round_edit.TABLE_COL)
    assert isinstance(wide_table.controls[0], ft.DataTable)
    tap(body, "Round 2", index=1)  # the block's button (the hidden table's comes first)
    assert "Correcting round 2: change the entries and save" in shown(build(table))


def test_a_phones_round_block_breaks_a_long_name_between_its_words():
    """A name wider than a phone's line at 2x text, kept whole in a round's block, would break inside a word where
    Flutter must (`words.whole_part`, as a line of counts does): it breaks between its words, its points kept on
    its last word's line."""
    long = "Bartholomew Alexander Featherstonehaugh"
    table = Table("score_pad", [long, "Bo"])
    play(table, {long: "4", "Bo": "3"})
    line = next(t for t in raw_texts(build(table)) if read(t).startswith("Bartholomew") and " · " in t)
    assert line.split(" · ")[0] == "Bartholomew Alexander Featherstonehaugh\u00a04"


def test_the_rounds_table_shows_only_where_its_column_is_wide_enough():
    """Screenshots at 2x text: from 768 px a game screen stands in two columns, and the rounds table in the main
    one (7 of 12: 448 px at 768, 525 at 900) scrolled sideways, six players' columns shown two, where the rounds'
    blocks fit. At every screen width the table shows (`TABLE_COL` 12) its column is WIDE px wide at least, and
    below that the blocks show."""
    table = Table("score_pad", ["Ann", "Bo"])
    play(table, {"Ann": "4", "Bo": "3"})
    row = next(c for c in walk(build(table)) if isinstance(c, ft.ResponsiveRow)
               and any(getattr(k, "col", None) == round_edit.TABLE_COL for k in c.controls))
    main = session.MAIN_COLS
    for width in range(300, 1600, 4):
        at = max((k for k, least in row.breakpoints.items() if least <= width), key=row.breakpoints.get)
        column = width * (main["md"] if width >= 768 else main["xs"]) / 12
        table_col, blocks_col = (next(c.col[at] for c in row.controls if isinstance(c, kind))
                                 for kind in (ft.Row, ft.Column))
        assert (table_col, blocks_col) == ((12, 0) if column >= round_edit.WIDE else (0, 12)), (width, at)


def test_end_game_replaces_the_round_form_in_the_tabs_next_frame(tmp_path):
    """A play-test saw the round form still up after "结束游戏" (finishing is undoable: the end screen leads with its
    Undo, so no confirmation). The tap's one frame carries the end screen, with no frame of the form between."""
    import gc

    import flet as ft

    from scoring.record import new_record
    from storage import Store
    from tests.flet_session import connect, decoded, settle
    from tests.helpers import run_async
    from views.app import main_for

    async def play() -> None:
        with Store(tmp_path / "data") as store:
            sid = store.create(new_record("score_pad", ["A", "B"], now="2025-01-01T20:00:00+00:00"))
            store.play(sid, {"type": "round", "by": "table", "scores": {"A": 1, "B": 5}}, "2025-01-01T20:01:00+00:00")
            tab, sent = await connect(main_for(store), f"/play/{sid}")
            gc.collect()
            finish, = [c for c in list(tab.index.values()) if isinstance(c, ft.OutlinedButton) and c.content == "结束游戏"]
            sent.frames.clear()
            await tab.dispatch_event(finish._i, "click", None)
            await settle()
            frames = [str(decoded(frame)).replace("\\u2060", "").replace("\u2060", "") for frame in sent.frames]
            assert store.state(sid)["over"] and len(frames) == 1
            assert "获胜者" in frames[0] and "记入本轮" not in frames[0]
            tab.close()
            await settle()

    run_async(play())


def plain_draft(table: Table) -> dict:
    """A copy of the score pad's draft without the fields' controls this tab keeps (`_fields`)."""
    return copy.deepcopy({k: v for k, v in table.local["score_pad"].items() if k != "_fields"})


def test_drawing_the_form_leaves_its_draft_as_it_was_a_refusal_of_other_entries_unsaid():
    """A render only reads the draft (`round_edit.refusal_line`): it took a refusal of entries changed since out
    of the draft while drawing. Unsaid once an entry changes, said again for the same entries, gone once a past
    round is opened."""
    table = Table("score_pad", ["Ann", "Bo"])
    play(table, {"Ann": "5", "Bo": "3"})
    type_points(table, {"Ann": "x", "Bo": "3"})
    tap(build(table), "Add round")
    assert refused(table) == ["score_pad.points_invalid"]
    type_points(table, {"Ann": "y"})
    before = plain_draft(table)
    body = build(table)
    assert plain_draft(table) == before and "_refusal" in before
    assert not [c for c in walk(body) if refusal_said(c)]
    type_points(table, {"Ann": "x"})
    assert [c for c in walk(build(table)) if refusal_said(c)]
    tap_round(build(table), 1)
    assert refused(table) == [] and round_edit.editing(table.local["score_pad"]) == 1


def test_the_same_round_refused_twice_is_a_new_line_heard_again():
    """The form's refusal line (a live region) stayed the same control when the same round was refused again: Flet
    sent nothing and a screen reader said nothing. Refused again, it is a new line with the same words; drawn again
    without a send, the same line; a refusal said under another control after it is a line of its own."""
    table = Table("score_pad", ["Ann", "Bo"])
    play(table, {"Ann": "5", "Bo": ""})

    def line() -> ft.Semantics:
        """The form's refusal line as drawn now."""
        (said,) = [c for c in walk(build(table)) if refusal_said(c)]
        return said

    first = line()
    assert line().key == first.key
    tap(build(table), "Add round")
    again = line()
    assert again.key != first.key and read(again.content.value) == read(first.content.value)
    tap(build(table), "Finish game")
    (form, finish) = [c.key for c in walk(build(table)) if refusal_said(c)]
    assert form == again.key and finish not in (first.key, again.key)


def test_a_round_sent_runs_the_rules_once_and_a_refused_one_changes_nothing(monkeypatch):
    """`round_edit.send` checked the round with the engine and then applied it: the rules ran twice a send. Now
    once, where the round is applied; a refused round is said beside the button, with state and log as they were."""
    table = Table("score_pad", ["Ann", "Bo"])
    runs, rules = [], table.engine.apply_in_place

    def counted(state: dict, action: dict) -> list:
        """The rules, counted."""
        runs.append(action)
        return rules(state, action)

    monkeypatch.setattr(table.engine, "apply_in_place", counted)
    play(table, {"Ann": "5", "Bo": "3"})
    assert len(runs) == 1 and table.state["totals"] == {"Ann": 5, "Bo": 3}
    state, actions = copy.deepcopy(table.state), copy.deepcopy(table.record["actions"])
    play(table, {"Ann": "x", "Bo": "3"})
    assert len(runs) == 2 and refused(table) == ["score_pad.points_invalid"] and table.errors == []
    assert table.state == state and table.record["actions"] == actions and fields(table) == {"Ann": "x", "Bo": "3"}
    assert [c.value for c in walk(build(table)) if refusal_said(c)]


def test_a_refused_round_asks_the_screen_to_bring_its_reason_into_view():
    """At 2x text on a phone the reason said after "Add round" was half off the screen: each refused send asks the
    screen to scroll its send button (keyed so) to the top, the reason under it (`GameContext.bring_into_view`),
    once per refusal, correcting a round too; an accepted round asks nothing."""
    table = Table("score_pad", ["Ann", "Bo"])
    play(table, {"Ann": "5", "Bo": "3"})
    assert INTO_VIEW not in table.local
    play(table, {"Ann": "5", "Bo": ""})
    assert refused(table) == ["score_pad.score_missing"] and table.local[INTO_VIEW] == [round_edit.SEND, 1]
    sends = [c for c in walk(build(table)) if getattr(c, "key", None) == ft.ScrollKey(round_edit.SEND)]
    assert [c.content for c in sends] == ["Add round"]
    tap_round(build(table), 1)
    tap(build(table), "Save round 1")
    assert refused(table) == ["rounds.view.unchanged"] and table.local[INTO_VIEW] == [round_edit.SEND, 2]


def test_a_refused_finish_is_said_under_the_row_of_its_button_not_in_the_bar():
    """Finishing before any round is refused under the row of "Finish game" (no bar: it covered the very button on
    a phone), with "Why?", and the screen scrolls to the button; refused again, it is a new line (heard again); the
    refusal goes once a round is entered."""
    table = Table("score_pad", ["Ann", "Bo"])
    tap(build(table), "Finish game")
    body = build(table)
    row = next(c for c in walk(body) if isinstance(c, ft.Row) and any(
        isinstance(b, ft.OutlinedButton) and b.content == "Finish game" for b in c.controls))
    assert table.errors == [] and table.local[INTO_VIEW][0] == "finish"
    assert said_under(body, row) == ["Enter at least one round before finishing."]
    assert [b.content for b in walk(body) if isinstance(b, ft.TextButton) and b.key == "refusal-why"] == ["Why?"]
    line = next(c for c in walk(body) if isinstance(c, ft.Semantics) and c.live_region)
    tap(body, "Finish game")  # refused again: a new line, so a screen reader says it again, as the bar did
    again = next(c for c in walk(build(table)) if isinstance(c, ft.Semantics) and c.live_region)
    assert again.key != line.key and again.content.value == line.content.value
    play(table, {"Ann": "1", "Bo": "2"})
    assert "Enter at least one round before finishing." not in shown(build(table))


def test_a_refused_line_is_said_under_its_give_button_on_the_players_phone():
    """Ann gives points that are not a number: the reason is said under "Give my points" on her phone, not in the
    bar, what she typed kept; Bo's phone says nothing."""
    table = Table("score_pad", ["Ann", "Bo"])
    phones = {"Ann": {}, "Bo": {}}
    give(table, "Ann", phones["Ann"], "seven")
    body = view.build(table.seated("Ann", phones["Ann"]))
    button = next(b for b in walk(body) if isinstance(b, ft.FilledButton) and b.content == "Give my points")
    reason = "Ann's points must be a whole number between -10000 and 10000, not “seven”."
    assert said_under(body, button) == [reason]
    assert table.errors == [] and table.record["actions"] == []
    assert own_field(table, "Ann", phones["Ann"]) == "seven"
    assert not [line for line in shown(view.build(table.seated("Bo", phones["Bo"]))) if "seven" in line]


def test_finishing_with_points_typed_but_not_added_asks_first():
    """Points typed for round 2 and "Finish game" tapped beside "Add round": the game ended on round 1 and the
    typed points were dropped. The first tap says under the button who has points not added; the second finishes."""
    table = Table("score_pad", ["Ann", "Bo"])
    play(table, {"Ann": "5", "Bo": "3"})
    type_points(table, {"Bo": "4"})
    tap(build(table), "Finish game")
    body = build(table)
    row = next(c for c in walk(body) if isinstance(c, ft.Row) and any(
        isinstance(b, ft.OutlinedButton) and b.content == "Finish game" for b in c.controls))
    assert not table.state["over"] and said_under(body, row)[:1] == [
        "Round 2 is filled in for Bo but not added: tap “Add round” to keep it, or “Finish game” again to finish "
        "without it."]
    tap(build(table), "Finish game")
    assert table.state["over"] and table.state["scores"] == [{"Ann": 5, "Bo": 3}]


def added_said(body: ft.Control) -> list[str]:
    """The words of the round-added lines a form says (`round_edit.added_line`): its live regions other than a
    refusal's."""
    return [read(c.content.value) for c in walk(body) if isinstance(c, ft.Semantics) and c.live_region
            and not refusal_said(c)]


def test_a_round_added_is_said_right_after_the_send_button_until_the_table_moves_on():
    """First-use play-test (390x844, Chinese): after "记入本轮" the form emptied and nothing in sight said the round
    was recorded (Undo above, the totals below, off the screen). The screen that sent it now says which round was
    added with each player's points, a live region right after the send button, in the screen's language; another
    screen says nothing; the next round says its own; any other action (an undo, a phone's line) takes it away."""
    table = Table("score_pad", ["Ann", "Bo"], lang="zh-CN")
    play(table, {"Ann": "12", "Bo": "0"}, add="记入本轮")
    body = build(table)
    row = next(c for c in walk(body) if isinstance(c, ft.Row) and any(
        isinstance(b, ft.FilledButton) and b.content == "记入本轮" for b in c.controls))
    send = next(i for i, b in enumerate(row.controls) if isinstance(b, ft.FilledButton) and b.content == "记入本轮")
    assert added_said(row.controls[send + 1]) == ["已记入第 1 轮：Ann 12 · Bo 0"]
    assert added_said(view.build(table.seated("table", {}))) == []  # the referee's phone did not send it
    table.lang = "en"
    play(table, {"Ann": "-3", "Bo": "4"})
    assert added_said(build(table)) == ["Round 2 added: Ann −3 · Bo 4"]
    table.undo()
    assert added_said(build(table)) == []
    tap(build(table), "Add round")  # handed back by the undo, added again
    assert added_said(build(table)) == ["Round 2 added: Ann −3 · Bo 4"]
    give(table, "Ann", {}, "5")  # another phone's action
    assert len(table.record["actions"]) == 3 and added_said(build(table)) == []
