"""Cubosaurs view without a browser: counts by steppers, raptors, the question for an unknown row value (a row
action, then the round sent again, the completed rows saved as the game's profile), rounds and totals; the
new-session screen starting from the saved profile."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft
import pytest

from scoring.core import engine
from scoring.games.cubosaurs import DEFAULT_EGGS, DEFAULT_ROWS
from storage import Store
from tests.card_view_helpers import Table, all_buttons, label, refused, shown, taken_over, tap, tap_round, wide
from tests.helpers import submit
from tests.test_views import StubPage
from tests.test_views_components import buttons, read, refusal_said, said_under, texts, walk
from views import new_session, words
from views.app import App
from views.context import INTO_VIEW
from views.games import cubosaurs as view

LEARNED = "T-Rex: 4 1 -2 -5; Brontosaurus: ? 3 5 ?; Pentaceratops: -3 ? ? ?"
KNOWN_AT_TWICE = 85  # px: "known" at 14 px text, 2x, in Roboto (measured in headless Chromium)


@pytest.fixture
def store(tmp_path):
    """A store in an empty folder."""
    with Store(tmp_path / "data") as s:
        yield s


@pytest.fixture
def app(store):
    """The app shell over the store, in English, not connected to any browser."""
    store.set_setting("lang", "en")
    shell = App(StubPage(), store)
    shell.render = lambda: None
    return shell


def build(table: Table):
    """The view for the table's current state."""
    return view.build(table.ctx())


def step(table: Table, tooltip: str, times: int = 1) -> None:
    """Tap a stepper's − or + button (by its name) a number of times."""
    for _ in range(times):
        found = [c for c in walk(build(table)) if isinstance(c, ft.IconButton) and c.icon.semantics_label == tooltip]
        assert found, tooltip
        found[0].on_click(None)


def test_taps_quicker_than_the_redraw_each_count():
    """Three taps on "More: T-Rex" and one on "Fewer: T-Rex" reach the server before the screen is drawn again
    (one rendered screen, four taps): the count is 2, not the shown value ± 1."""
    table = Table("cubosaurs", ["Ann", "Bo"])
    shown_once = {c.icon.semantics_label: c for c in walk(build(table)) if isinstance(c, ft.IconButton)}
    for name in ("More: T-Rex", "More: T-Rex", "More: T-Rex", "Fewer: T-Rex"):
        shown_once[name].on_click(None)
    assert table.local["cubosaurs"]["lines"]["Ann"]["dinos"]["T-Rex"] == 2


def test_the_shipped_types_read_in_chinese_and_the_rows_keep_their_names(store):
    """In Chinese the types the app ships are named as the Chinese rules name them, on the steppers, the egg
    ("五角龙蛋", not "Pentaceratops蛋") and the question for an unknown value, while the session's rows and the
    saved profile keep the names they were made with; a type the table wrote itself is shown as written."""
    table = Table("cubosaurs", ["甲", "乙"], lang="zh-CN", store=store,
                  options={"rows": DEFAULT_ROWS + "; Stegosaurus: 1 2 3 4"})
    body = build(table)
    for name in ("霸王龙", "雷龙", "五角龙", "Stegosaurus", "五角龙蛋"):
        assert f"增加：{name}" in [c.icon.semantics_label for c in walk(body) if isinstance(c, ft.IconButton)]
    assert not any("T-Rex" in t or "Pentaceratops" in t for t in shown(body))
    step(table, "增加：雷龙", 2)
    tap(build(table), "记入本轮")
    body = build(table)
    assert "雷龙卡上 2 张对应多少分？请先填上这个数。" in shown(body)
    assert "雷龙的计分栏（照卡牌上写的）：" in shown(body)
    step(table, "增加：雷龙：2 张", 3)
    tap(build(table), "保存计分栏并记入本轮")
    assert table.record["actions"][0]["name"] == "Brontosaurus" and list(table.state["rows"])[:3] == [
        "T-Rex", "Brontosaurus", "Pentaceratops"]
    assert store.profiles("cubosaurs")["rows"].startswith("T-Rex: 4 1 -2 -5; Brontosaurus: ? 3 5 ?")


def test_the_new_session_editor_names_the_shipped_types_in_chinese(app):
    """The rows editor on a Chinese new-session screen names the shipped types in Chinese; adding "霸王龙" beside
    T-Rex adds nothing (it is that type), and the text keeps its names."""
    app.settings["lang"] = "zh-CN"
    app.render = lambda: None
    screen = new_session.build(app, "cubosaurs")[1]
    assert {"霸王龙", "雷龙", "五角龙", "五角龙蛋"} <= set(texts(screen))
    assert not any("T-Rex" in t or "Pentaceratops" in t for t in texts(screen))
    field = next(c for c in walk(screen) if isinstance(c, ft.TextField) and c.label == "再加一种恐龙")
    field.on_change(SimpleNamespace(control=SimpleNamespace(value="霸王龙")))
    submit(field)
    assert app.local("new:cubosaurs")["options"]["rows"] == DEFAULT_ROWS


def test_the_new_session_editor_heads_its_steppers_without_a_question_mark_to_type(app):
    """The rows editor's steppers have no "?" to type (a value is made unknown with its own button and then reads
    "not known"): their headings, in both languages, do not tell the table to write "?" (they did, the option's
    label for its text field)."""
    for lang, heads in (("en", ["Score rows per dinosaur (1 / 2 / 3 / 4+ cards)",
                                "Egg rows (with / without the majority)"]),
                        ("zh-CN", ["各种恐龙的计分栏（1 / 2 / 3 / 4+ 张）", "蛋的计分（占多数 / 不占多数）"])):
        app.settings["lang"] = lang
        screen = new_session.build(app, "cubosaurs")[1]
        assert set(heads) <= set(texts(screen)), lang
        assert not [t for t in texts(screen) if "?" in t], lang


def test_a_value_given_when_asked_no_longer_reads_unknown(store):
    """The question's row marks the values the card must be read for; once the table gives one it reads as the
    value's plain label ("2 cards" beside 3), not "2 cards (unknown: check the card)" beside 3."""
    table = Table("cubosaurs", ["Ann", "Bo"], store=store)
    step(table, "More: Brontosaurus", 2)
    tap(build(table), "Add round")
    step(table, "More: Brontosaurus, 2 cards", 3)
    body = build(table)
    assert "2 cards" in shown(body) and "2 cards (unknown: check the card)" not in shown(body)
    assert "4 or more cards (unknown: check the card)" in shown(body)


def test_known_rows_score_a_round():
    table = Table("cubosaurs", ["Ann", "Bo"])
    step(table, "More: T-Rex", 2)
    tap(build(table), "Bo")
    step(table, "More: T-Rex")
    tap(build(table), "Add round")
    assert table.errors == [] and len(table.state["rounds"]) == 1
    totals = table.engine.scoreboard(table.state).rounds[-1]
    assert totals == {"Ann": 1, "Bo": 4}
    assert "Total" in shown(build(table))
    assert table.local["cubosaurs"]["lines"]["Ann"]["dinos"] == {}


def test_unknown_value_is_asked_recorded_and_the_round_sent_again(store):
    table = Table("cubosaurs", ["Ann", "Bo"], store=store)
    step(table, "More: Brontosaurus", 2)
    tap(build(table), "Add round")
    body = build(table)
    assert "What does the Brontosaurus card give when you hold 2 cards? Enter that value first." in shown(body)
    assert "2 cards (unknown: check the card)" in shown(body) and "3 cards" in shown(body)
    assert table.state["rounds"] == []
    step(table, "More: Brontosaurus, 2 cards", 3)
    tap(build(table), "Save the row and add the round")
    assert [a["type"] for a in table.record["actions"]] == ["row", "round"]
    assert table.record["actions"][0]["values"] == [None, 3, 5, None]
    assert table.engine.scoreboard(table.state).rounds[-1] == {"Ann": 3, "Bo": 0}
    assert table.local["cubosaurs"]["ask"] is None
    assert store.profiles("cubosaurs") == {"rows": LEARNED, "eggs": DEFAULT_EGGS}


def test_a_value_asked_while_correcting_saves_the_correction(store):
    """Correcting round 1 with a value the rows do not know yet: the question's button says it saves the
    correction (it said "add the round", and then corrected round 1 as it should)."""
    table = Table("cubosaurs", ["Ann", "Bo"], store=store)
    step(table, "More: T-Rex", 1)
    tap(build(table), "Add round")
    tap_round(build(table), 1)
    step(table, "More: Brontosaurus", 2)
    tap(build(table), "Save round 1")
    assert "Save the row and add the round" not in shown(build(table))
    step(table, "More: Brontosaurus, 2 cards", 3)
    tap(build(table), "Save the row and the correction")
    assert [a["type"] for a in table.record["actions"]] == ["round", "row", "correct"] and table.errors == []


def save_button(table: Table, text: str):
    """The question's save button, by its words."""
    return next(b for b in all_buttons(build(table)) if label(b) == text)


def test_the_value_asked_is_not_known_until_the_table_gives_it_even_a_0(store):
    """The value a round needs starts "not known", not 0: its Save did nothing to stop a table that tapped it
    without reading the card, and 0 was recorded as what the card gives (and scored). Save waits for the value;
    a card that gives 0 is said with the stepper (+ then −) and recorded as 0."""
    table = Table("cubosaurs", ["Ann", "Bo"], store=store)
    step(table, "More: Brontosaurus", 2)
    tap(build(table), "Add round")
    assert [shown(build(table)).count(t) for t in ("0", "not known")] == [0, 3]
    assert save_button(table, "Save the row and add the round").disabled
    step(table, "More: Brontosaurus, 2 cards")
    step(table, "Fewer: Brontosaurus, 2 cards")
    assert not save_button(table, "Save the row and add the round").disabled
    tap(build(table), "Save the row and add the round")
    assert table.state["rows"]["Brontosaurus"] == [None, 0, 5, None]
    assert table.engine.scoreboard(table.state).rounds[-1] == {"Ann": 0, "Bo": 0}


def test_values_the_table_did_not_give_stay_unknown_and_are_asked_when_needed(store):
    """Answering the one value a round needs leaves the others unknown ("?"), not 0: a later round with one
    Brontosaurus asks what one gives instead of scoring 0 for it (the row was saved as 0 3 5 0)."""
    table = Table("cubosaurs", ["Ann", "Bo"], store=store)
    step(table, "More: Brontosaurus", 2)
    tap(build(table), "Add round")
    step(table, "More: Brontosaurus, 2 cards")
    step(table, "Fewer: Brontosaurus, 2 cards")
    assert [shown(build(table)).count(t) for t in ("0", "not known", "?")] == [1, 2, 0]  # asked for, two unknown
    tap(build(table), "Save the row and add the round")
    assert table.state["rows"]["Brontosaurus"] == [None, 0, 5, None]
    row = table.record["actions"][0]
    key, params = table.engine.describe(row)
    assert words.say("en", key, **params) == ("Score row set for Brontosaurus: 1 card not known, 2 cards 0, 3 cards 5, "
                                                 "4+ cards not known")
    key, params = table.engine.describe({**row, "kind": "egg", "values": [2, None]})
    assert words.say("zh-CN", key, **params) == "设定雷龙蛋的计分栏：占多数时 2，不占多数时未知"
    step(table, "More: Brontosaurus")
    tap(build(table), "Add round")
    body = build(table)
    assert "What does the Brontosaurus card give when you hold 1 card? Enter that value first." in shown(body)
    assert len(table.state["rounds"]) == 1


def test_a_new_session_starts_from_the_saved_profile(app, store):
    _, body, _, _ = new_session.build(app, "cubosaurs")
    assert app.local("new:cubosaurs")["options"]["rows"] == DEFAULT_ROWS
    app.scratch.pop("new:cubosaurs")
    store.set_profile("cubosaurs", {"rows": LEARNED, "eggs": "Pentaceratops: 2 -3"})
    _, body, _, _ = new_session.build(app, "cubosaurs")
    assert "Brontosaurus" in texts(body) and "Pentaceratops eggs" in texts(body)
    assert app.local("new:cubosaurs")["options"] == {"rows": LEARNED, "eggs": "Pentaceratops: 2 -3", "dna": False}
    store.add_player("Ann")
    store.add_player("Bo")
    app.local("new:cubosaurs")["seats"] += [{"name": "Ann", "colour": None}, {"name": "Bo", "colour": None}]
    _, body, _, bar = new_session.build(app, "cubosaurs")
    routes = []
    app.go = routes.append
    assert "Start" not in buttons(body)  # the start bar stays at the screen's foot, outside the form that scrolls
    buttons(bar)["Start"].on_click(None)
    record = store.load(routes[0].removeprefix("/play/"))
    assert record["options"]["rows"] == LEARNED
    assert store.state(record["id"])["rows"]["Brontosaurus"] == [None, 3, 5, None]
    assert "Seat at least 2 players (now 0)." in texts(new_session.build(app, "cubosaurs")[3])


def tip(body, tooltip: str):
    """The icon button with this name."""
    found = [c for c in walk(body) if isinstance(c, ft.IconButton)
             and getattr(c.icon, "semantics_label", None) == tooltip]
    assert found, tooltip
    return found[0]


def test_score_rows_on_the_new_session_screen_are_steppers(app):
    app.render = lambda: None

    def options() -> dict:
        """The option values as the screen holds them."""
        return app.local("new:cubosaurs")["options"]

    def screen():
        """The new-session screen as built now."""
        return new_session.build(app, "cubosaurs")[1]

    assert not any(isinstance(c, ft.TextField) and c.value == DEFAULT_ROWS for c in walk(screen()))
    tip(screen(), "Fewer: Brontosaurus, 1 card").on_click(None)  # from "?" the minus steps to −1, no sign typed
    tip(screen(), "More: Brontosaurus, 2 cards").on_click(None)
    tip(screen(), "More: Brontosaurus, 2 cards").on_click(None)
    assert options()["rows"] == "T-Rex: 4 1 -2 -5; Brontosaurus: -1 2 5 ?; Pentaceratops: -3 ? ? ?"
    tip(screen(), "Not known: Brontosaurus, 1 card").on_click(None)
    tip(screen(), "Remove T-Rex").on_click(None)
    tip(screen(), "More: Pentaceratops eggs, With the majority").on_click(None)
    field = next(c for c in walk(screen()) if isinstance(c, ft.TextField) and c.label == "Another dinosaur type")
    field.on_change(SimpleNamespace(control=SimpleNamespace(value="Stego:saurus")))
    submit(field)
    assert options()["rows"] == "Brontosaurus: ? 2 5 ?; Pentaceratops: -3 ? ? ?; Stego saurus: ? ? ? ?"
    assert options()["eggs"] == "Pentaceratops: 1 -3"
    assert "Stego saurus" in texts(screen()) and "not known" in texts(screen()) and "?" not in texts(screen())
    options()["rows"] = "T-Rex: 1 2"  # a text that no longer reads as rows: the text field, which says why
    assert any(isinstance(c, ft.TextField) and c.value == "T-Rex: 1 2" for c in walk(screen()))


def test_a_value_not_known_yet_reads_as_words_not_a_question_mark(app):
    """An unknown row value reads "not known" ("未知" in Chinese), never "?", which looked like a help button; no
    button on the rows editor shows a question-mark (help) icon; the rows text keeps its "?"."""
    for lang, words_shown in (("en", "not known"), ("zh-CN", "未知")):
        app.settings["lang"] = lang
        app.scratch.pop("new:cubosaurs", None)
        screen = new_session.build(app, "cubosaurs")[1]
        cells = texts(screen)
        assert cells.count(words_shown) == DEFAULT_ROWS.count("?") + DEFAULT_EGGS.count("?") and "?" not in cells
        assert not [c for c in walk(screen) if isinstance(c, ft.IconButton) and c.icon.icon == ft.Icons.HELP_OUTLINE]
        assert app.local("new:cubosaurs")["options"]["rows"] == DEFAULT_ROWS


def test_a_profile_that_no_longer_reads_is_ignored(store):
    assert view.option_defaults(store) == {}
    store.set_profile("cubosaurs", {"rows": "T-Rex: 1 2", "eggs": "Pentaceratops: 1 -1", "other": 3})
    assert view.option_defaults(store) == {"eggs": "Pentaceratops: 1 -1"}
    store.set_profile("cubosaurs", {"rows": 5})
    assert view.option_defaults(store) == {}



@pytest.mark.parametrize(("lang", "names"), [("en", {"Add a black raptor", "Add a grey raptor"}),
                                             ("zh-CN", {"添加黑色迅猛龙", "添加灰色迅猛龙"})])
def test_a_raptor_button_says_it_adds_one(lang, names):
    """The buttons adding a raptor card were read "Black raptor, button": their "+" icon, which says "add" to the
    eye, is not read out, and the colour alone sounds like a choice. Their words say what a tap does."""
    assert names <= set(buttons(build(Table("cubosaurs", ["Ann", "Bo"], lang=lang))))

def test_raptors_are_added_with_values():
    """Raptors are numbered per colour: the first grey one after a black one is "Grey raptor 1" (it read 2)."""
    table = Table("cubosaurs", ["Ann", "Bo"])
    tap(build(table), "Add a black raptor")
    tap(build(table), "Add a grey raptor")
    step(table, "More: Black raptor 1: plus value", 2)
    step(table, "More: Grey raptor 1: plus value", 1)
    step(table, "Fewer: Grey raptor 1: minus value", 1)
    assert table.local["cubosaurs"]["lines"]["Ann"]["raptors"] == [
        {"colour": "black", "plus": 2, "minus": 0}, {"colour": "grey", "plus": 1, "minus": -1}]
    tap(build(table), "Add a grey raptor")
    assert "Grey raptor 2" in shown(build(table))
    tap(build(table), "Remove Grey raptor 2")
    tap(build(table), "Remove Grey raptor 1")
    tap(build(table), "Add round")
    assert table.engine.scoreboard(table.state).rounds[-1] == {"Ann": 0, "Bo": 0}


def test_a_raptor_removed_takes_its_row_with_it():
    """A second quick tap on "Remove Black raptor 1" reaches the old screen's row: once a raptor is removed no row
    drawn after has the key of a row drawn before (Flet matches rows by key; it matched by place, so the tap
    removed the raptor that moved up)."""
    table = Table("cubosaurs", ["Ann", "Bo"])
    tap(build(table), "Add a black raptor")
    tap(build(table), "Add a black raptor")
    before = {c.key for c in walk(build(table)) if isinstance(c, ft.Container) and c.key}
    tap(build(table), "Remove Black raptor 1")
    after = {c.key for c in walk(build(table)) if isinstance(c, ft.Container) and c.key}
    assert len(before) == 2 and len(after) == 1 and before.isdisjoint(after)


def test_two_taps_on_remove_before_the_screen_is_drawn_again_remove_that_raptor_only():
    """Both taps of a double tap run on "Remove Black raptor 1" before the new screen is drawn: the second removed
    Black raptor 2, which had moved into its place."""
    table = Table("cubosaurs", ["Ann", "Bo"])
    tap(build(table), "Add a black raptor")
    tap(build(table), "Add a black raptor")
    step(table, "More: Black raptor 2: plus value", 3)
    remove = next(b for b in all_buttons(build(table)) if label(b) == "Remove Black raptor 1")
    remove.on_click(None)
    remove.on_click(None)
    assert table.local["cubosaurs"]["lines"]["Ann"]["raptors"] == [{"colour": "black", "plus": 3, "minus": 0}]


def test_raptor_values_keep_their_printed_signs():
    table = Table("cubosaurs", ["Ann", "Bo"])
    tap(build(table), "Add a black raptor")
    body = build(table)
    more_minus = next(c for c in walk(body) if isinstance(c, ft.IconButton)
                      and c.icon.semantics_label == "More: Black raptor 1: minus value")
    fewer_plus = next(c for c in walk(body) if isinstance(c, ft.IconButton)
                      and c.icon.semantics_label == "Fewer: Black raptor 1: plus value")
    assert more_minus.disabled and fewer_plus.disabled  # the minus never goes above 0, the plus never below
    step(table, "Fewer: Black raptor 1: minus value", 2)
    assert "-2" in shown(build(table))
    tap(build(table), "Add round")
    assert table.errors == [] and table.engine.scoreboard(table.state).rounds[-1] == {"Ann": -2, "Bo": 0}


def test_tapping_a_past_round_corrects_it():
    table = Table("cubosaurs", ["Ann", "Bo", "Cy"])
    step(table, "More: T-Rex", 2)
    tap(build(table), "Add round")
    tap(build(table), "Bo")
    step(table, "More: T-Rex")
    tap_round(build(table), 1)
    body = build(table)
    assert "Correcting round 1: change the entries and save" in shown(body)
    assert table.local["cubosaurs"]["lines"]["Ann"]["dinos"] == {"T-Rex": 2}
    step(table, "Fewer: T-Rex")
    tap(build(table), "Save round 1")
    assert table.errors == [] and [a["type"] for a in table.record["actions"]] == ["round", "correct"]
    assert table.engine.scoreboard(table.state).rounds[-1] == {"Ann": 4, "Bo": 0, "Cy": 0}
    assert "Round 2: count each player's collection" in shown(build(table))
    assert table.local["cubosaurs"]["lines"]["Bo"]["dinos"] == {"T-Rex": 1}


def test_undo_hands_the_round_back():
    table = Table("cubosaurs", ["Ann", "Bo", "Cy"])
    step(table, "More: T-Rex", 3)
    tap(build(table), "Add a black raptor")
    tap(build(table), "Add round")
    table.undo()
    build(table)
    assert table.local["cubosaurs"]["lines"]["Ann"] == {"dinos": {"T-Rex": 3}, "eggs": {},
                                                        "raptors": [{"colour": "black", "plus": 0, "minus": 0}],
                                                        "dna": 0}
    tap(build(table), "Add round")
    assert table.engine.scoreboard(table.state).rounds[-1] == {"Ann": -2, "Bo": 0, "Cy": 0}


def test_other_refusals_are_shown_not_asked():
    table = Table("cubosaurs", ["Ann", "Bo"])
    table.local["cubosaurs"] = {"who": "Ann", "ask": None,
                                "lines": {"Ann": {**view.new_line(), "dna": 2}, "Bo": view.new_line()}}
    tap(build(table), "Add round")
    assert refused(table) == ["cubosaurs.dna_off"] and table.local["cubosaurs"]["ask"] is None


def refusal_line(body) -> list[str]:
    """The form's refusal and its "Why?", in the order shown (`round_edit.refusal_line`)."""
    return [c.content.value if isinstance(c, ft.Semantics) else label(c) for c in walk(body)
            if refusal_said(c) or getattr(c, "key", None) == "refusal-why"]


def test_a_round_with_nothing_entered_is_refused_and_says_why_after_the_button():
    """Tapping "Add round" with nothing counted for anyone records no round: the engine's refusal is said after the
    send button with "Why?" to its ruling, in the screen's language, until the form changes, as the other round
    forms say it; it was said in the passing bar only."""
    table = Table("cubosaurs", ["Ann", "Bo"])
    tap(build(table), "Add round")
    assert table.errors == [] and refused(table) == ["cubosaurs.round_empty"]
    assert table.state["rounds"] == [] and table.record["actions"] == [] and table.local["cubosaurs"]["ask"] is None
    body = build(table)
    assert refusal_line(body) == [words.no_orphan(words.say("en", "cubosaurs.round_empty")), "Why?"]
    row = next(c for c in walk(body) if isinstance(c, ft.Row) and any(refusal_said(k) for k in c.controls))
    keys = [label(k) if k.key == ft.ScrollKey("send") else "refusal" if refusal_said(k)
            else k.key or (label(k) if isinstance(k, ft.Button) else None) for k in row.controls]
    assert keys.index("Add round") < keys.index("refusal") < keys.index("refusal-why")
    table.lang = "zh-CN"
    assert refusal_line(build(table))[0] == words.no_orphan(words.say("zh-CN", "cubosaurs.round_empty"))
    table.lang = "en"
    next(c for c in walk(build(table)) if isinstance(c, ft.IconButton)
         and c.icon.semantics_label == "More: T-Rex").on_click(None)
    assert refusal_line(build(table)) == []


EGG_RULE = {"en": "Eggs: each egg scores its “with the majority” value if you hold the most cards of its dinosaur (a "
                 "tie counts as the most; holding none never does), otherwise its “without the majority” value.",
            "zh-CN": "蛋：你持有的该种恐龙牌最多时（打平也算最多；一张都没有则不算），"
                     "每个蛋得“占多数时”的分，否则得“不占多数时”的分。"}


@pytest.mark.parametrize("lang, title", [("en", "How eggs score"), ("zh-CN", "蛋如何计分")])
def test_how_an_egg_scores_is_folded_where_eggs_are_counted(lang, title):
    """Above the egg counters a folded head says how an egg scores, in the player's language; none without egg
    rows. The paragraph stood open in every player's collection form and at a phone's 2x text filled most of the
    screen: it is now closed until opened, and stays open (this tab's fold) from one player's form to the next."""
    table = Table("cubosaurs", ["Ann", "Bo"], lang=lang)
    texts_now = shown(build(table))
    egg = view.egg_name(table.ctx().t, "Pentaceratops")
    assert title in texts_now and texts_now.index(title) < texts_now.index(egg)
    assert EGG_RULE[lang] not in texts_now
    table.local["_fold:egg_rule"] = True                      # opened, as the tile's on_change keeps it
    texts_now = shown(build(table))
    assert EGG_RULE[lang] in texts_now and texts_now.index(EGG_RULE[lang]) < texts_now.index(egg)
    tap(build(table), "Bo")
    assert EGG_RULE[lang] in shown(build(table))
    assert title not in shown(build(Table("cubosaurs", ["Ann", "Bo"], lang=lang, options={"eggs": ""})))


def test_the_egg_line_says_what_the_engine_scores():
    """What the line says, scored by the engine: a tie is the majority, holding none of the type never is, each
    egg scores its value (two eggs twice), and otherwise the "without the majority" value."""
    eng = engine(view.GAME)
    state = eng.new_state(["Ann", "Bo", "Cy"], {"eggs": "T-Rex: 3 -2"})
    state = eng.apply(state, {"type": "round", "by": "table", "lines": {
        "Ann": {"dinos": {"T-Rex": 2}, "eggs": {"T-Rex": 2}}, "Bo": {"dinos": {"T-Rex": 2}, "eggs": {"T-Rex": 1}},
        "Cy": {"eggs": {"T-Rex": 1}}}})
    scores = eng.round_scores(state, state["rounds"][0])
    assert [scores[p]["eggs"] for p in ("Ann", "Bo", "Cy")] == [6, 3, -2]
    state = eng.apply(state, {"type": "round", "by": "table", "lines": {
        "Ann": {"dinos": {"T-Rex": 1}, "eggs": {"T-Rex": 1}}, "Bo": {"dinos": {"T-Rex": 2}}, "Cy": {}}})
    assert eng.round_scores(state, state["rounds"][1])["Ann"]["eggs"] == -2


def test_chinese_texts():
    table = Table("cubosaurs", ["甲", "乙"], lang="zh-CN")
    assert "第 1 轮：清点每位玩家的收藏" in shown(build(table))


def test_the_score_rows_are_shown_and_a_row_is_edited_without_sending_a_round(store):
    """Below the rounds the screen lists the score rows as the session scores them ("not known" in words); a tap on
    one (each row is a button) opens it in the row form with nothing asked, and saving records only the `row` (no
    round is sent); the host's table screen reaches `row` here, not as raw fields."""
    table = Table("cubosaurs", ["Ann", "Bo"], store=store)
    body = shown(build(table))
    assert "T-Rex: 1 card: 4; 2 cards: 1; 3 cards: −2; 4 or more cards: −5" in body
    assert "Pentaceratops eggs: With the majority: not known; Without the majority: −3" in body
    tap(build(table), "Brontosaurus: 1 card: not known; 2 cards: not known; 3 cards: 5; 4 or more cards: not known")
    body = shown(build(table))
    assert "The Brontosaurus score row, as printed on the card:" in body
    assert not any("Enter that value first" in line for line in body)
    step(table, "More: Brontosaurus, 1 card", 2)
    tap(build(table), "Save the row")
    assert [a["type"] for a in table.record["actions"]] == ["row"] and table.errors == []
    assert table.state["rows"]["Brontosaurus"] == [2, None, 5, None] and table.state["rounds"] == []
    assert table.local["cubosaurs"]["ask"] is None
    assert "Brontosaurus: 1 card: 2; 2 cards: not known; 3 cards: 5; 4 or more cards: not known" in shown(build(table))


def test_a_row_that_leaves_a_used_value_unknown_is_refused_under_its_save_button(store):
    """T-Rex's row scored round 1 (Ann held 2): made unknown for 2 cards from the rows panel, its save is refused
    under the row of "Save the row" (no bar: it covered the form on a phone), the form kept open as it was."""
    table = Table("cubosaurs", ["Ann", "Bo"], store=store)
    step(table, "More: T-Rex", 2)
    tap(build(table), "Add round")
    tap(build(table), "T-Rex: 1 card: 4; 2 cards: 1; 3 cards: −2; 4 or more cards: −5")
    step(table, "Not known: T-Rex, 2 cards")
    tap(build(table), "Save the row")
    body = build(table)
    row = next(c for c in walk(body) if isinstance(c, ft.Row) and "Save the row" in [label(b) for b in c.controls
                                                                                     if isinstance(b, ft.Button)])
    assert said_under(body, row) == [
        "Round 1 was scored with a T-Rex value this row leaves unknown: give every value a recorded round uses (the "
        "number on the card)."]
    assert table.errors == [] and table.state["rows"]["T-Rex"][1] == 1
    assert table.local["cubosaurs"]["ask"]["values"] == [4, None, -2, -5] and table.local[INTO_VIEW][0] == "row"


def test_the_score_rows_read_in_chinese(store):
    table = Table("cubosaurs", ["甲", "乙"], lang="zh-CN", store=store)
    assert "霸王龙：1 张 4，2 张 1，3 张 −2，4 张及以上 −5" in shown(build(table))
    assert "五角龙蛋：占多数时未知，不占多数时 −3" in shown(build(table))
    tap(build(table), "五角龙蛋：占多数时未知，不占多数时 −3")
    tap(build(table), "保存计分栏")
    assert [(a["type"], a["kind"], a["values"]) for a in table.record["actions"]] == [("row", "egg", [None, -3])]


def labels(body) -> list[str]:
    """The labels of every button on a screen."""
    return [label(b) for b in all_buttons(body)]


def phone_step(table: Table, seat: str, phone: dict, tooltip: str, times: int = 1) -> None:
    """On seat's own phone, tap a stepper's − or + button (by its name) a number of times."""
    for _ in range(times):
        found = [c for c in walk(view.build(table.seated(seat, phone)))
                 if isinstance(c, ft.IconButton) and c.icon.semantics_label == tooltip]
        assert found, tooltip
        found[0].on_click(None)


def test_a_give_tapped_as_the_table_records_the_round_is_not_given_for_the_next():
    """Ann has counted 3 T-Rex on her phone and not given them when the table records round 1: a "Give my
    collection" tap on its way to the server gave an empty collection for round 2 (as Rummy's "Give my line" did,
    seen from three phones in Chinese). Round 2's button is a new control, so that tap is answered as lost."""
    table = Table("cubosaurs", ["Ann", "Bo"])
    phone: dict = {}
    phone_step(table, "Ann", phone, "More: T-Rex", 3)
    old = view.build(table.seated("Ann", phone))
    give = next(b for b in all_buttons(old) if label(b) == "Give my collection")
    step(table, "More: T-Rex", 3)
    tap(build(table), "Add round")
    assert len(table.state["rounds"]) == 1
    new = view.build(table.seated("Ann", phone))
    assert not taken_over(old, give, new, next(b for b in all_buttons(new) if label(b) == "Give my collection"))


def test_each_phone_counts_and_gives_its_own_collection_and_the_table_sees_who_gave():
    """Ann's phone shows the steppers for her own collection and "Give my collection"; given, it says so and keeps
    her counts, so she changes one and gives it again. The table's screen reads who gave how many cards and fills
    the collections it has not touched from them. Once Bo gives his, the round is recorded from the two, and Ann's
    steppers start empty for round 2."""
    table = Table("cubosaurs", ["Ann", "Bo"])
    phones: dict = {"Ann": {}, "Bo": {}}
    ctx = table.seated("Ann", phones["Ann"])
    body = view.build(ctx)
    assert ("Ann", "line") in ctx.offered and "Collection of Ann" in shown(body)
    assert "Give my collection" in labels(body) and "Add round" not in labels(body)
    phone_step(table, "Ann", phones["Ann"], "More: T-Rex", 3)
    tap(view.build(table.seated("Ann", phones["Ann"])), "Give my collection")
    assert table.errors == [] and table.state["lines"]["Ann"]["dinos"] == {"T-Rex": 3}
    body = view.build(table.seated("Ann", phones["Ann"]))
    assert any(t.startswith("Your collection is given") for t in shown(body)) and "Give again" in labels(body)
    phone_step(table, "Ann", phones["Ann"], "Fewer: T-Rex")
    tap(view.build(table.seated("Ann", phones["Ann"])), "Give again")
    assert table.state["lines"]["Ann"]["dinos"] == {"T-Rex": 2}
    assert table.record["actions"][0]["line"]["dinos"] == {"T-Rex": 3}
    assert "Given: Ann 2 cards; still to give: Bo" in shown(build(table))
    tap(build(table), "Fill in the collections players gave")
    assert table.local["cubosaurs"]["lines"]["Ann"]["dinos"] == {"T-Rex": 2}
    phone_step(table, "Bo", phones["Bo"], "More: T-Rex")
    tap(view.build(table.seated("Bo", phones["Bo"])), "Give my collection")
    assert table.errors == [] and table.engine.scoreboard(table.state).rounds[-1] == {"Ann": 1, "Bo": 4}
    body = view.build(table.seated("Ann", phones["Ann"]))
    assert "Round 2" in shown(body) and "Give my collection" in labels(body)
    assert phones["Ann"]["cubosaurs_own"]["line"]["dinos"] == {}


def test_a_collection_given_last_that_needs_an_unknown_value_says_the_table_sets_it():
    """With the shipped rows, Bo's Brontosaurus makes the round need a value nobody knows: his collection (the last)
    is refused, under his give button, saying the referee or the host sets it from the card; the table's screen
    fills its form from the two collections, asks the value, and sends the round numbered 1."""
    table = Table("cubosaurs", ["Ann", "Bo"])
    phones: dict = {"Ann": {}, "Bo": {}}
    phone_step(table, "Ann", phones["Ann"], "More: T-Rex")
    tap(view.build(table.seated("Ann", phones["Ann"])), "Give my collection")
    phone_step(table, "Bo", phones["Bo"], "More: Brontosaurus")
    tap(view.build(table.seated("Bo", phones["Bo"])), "Give my collection")
    assert table.errors == [] and list(table.state["lines"]) == ["Ann"]  # no bar: it covered the button
    body = view.build(table.seated("Bo", phones["Bo"]))
    give = next(b for b in all_buttons(body) if label(b) == "Give my collection")
    (reason,) = said_under(body, give)
    assert reason.startswith("Every collection is in, but what the Brontosaurus card gives for 1 card is not known yet")
    assert phones["Bo"]["cubosaurs_own"]["line"]["dinos"] == {"Brontosaurus": 1}
    tap(build(table), "Fill in the collections players gave")
    tap(build(table), "Bo")
    step(table, "More: Brontosaurus")
    tap(build(table), "Add round")
    assert "What does the Brontosaurus card give when you hold 1 card? Enter that value first." in shown(build(table))
    step(table, "More: Brontosaurus, 1 card", 2)
    tap(build(table), "Save the row and add the round")
    assert [a["type"] for a in table.record["actions"]] == ["line", "row", "round"]
    assert table.record["actions"][-1]["round"] == 1 and table.state["lines"] == {}
    assert table.engine.scoreboard(table.state).rounds[-1] == {"Ann": 4, "Bo": 2}


def test_a_count_stepped_back_to_nothing_leaves_the_form_empty():
    """Session 46's audit: "More: T-Rex" then "Fewer: T-Rex" left {"T-Rex": 0}, so the form counted as typed and
    an undo handed nothing back. Back at 0 the type leaves the line; the undone round comes back."""
    table = Table("cubosaurs", ["Ann", "Bo", "Cy"])
    step(table, "More: T-Rex", 2)
    tap(build(table), "Add round")
    step(table, "More: T-Rex")
    step(table, "Fewer: T-Rex")
    assert table.local["cubosaurs"]["lines"]["Ann"]["dinos"] == {}
    table.undo()
    build(table)
    assert table.local["cubosaurs"]["lines"]["Ann"]["dinos"] == {"T-Rex": 2}


def test_a_row_undone_after_its_question_is_asked_again_not_sent_unknown():
    """Brontosaurus ×2 asked and saved, then the egg's value asked; Back, the row undone, Add round: the
    Brontosaurus value is asked again (the form remembered it and sent the round, refused with the raw type)."""
    table = Table("cubosaurs", ["Ann", "Bo"])
    table.local["cubosaurs"] = {"who": "Ann", "ask": None, "lines": {
        "Ann": {**view.new_line(), "dinos": {"Brontosaurus": 2, "Pentaceratops": 1}, "eggs": {"Pentaceratops": 1}},
        "Bo": view.new_line()}}
    tap(build(table), "Add round")
    step(table, "More: Brontosaurus, 2 cards", 3)
    tap(build(table), "Save the row and add the round")
    assert table.local["cubosaurs"]["ask"]["kind"] == "egg"
    tap(build(table), "Back to the collections")
    table.undo()
    tap(build(table), "Add round")
    assert table.errors == [] and table.record["actions"] == []
    assert table.local["cubosaurs"]["ask"]["name"] == "Brontosaurus"
    assert "What does the Brontosaurus card give when you hold 2 cards? Enter that value first." in shown(build(table))


def test_add_type_with_no_name_or_a_name_on_the_list_says_why(app):
    """'Add type' with nothing typed, or with a type already listed (by its shown name, in any letter case: "t-rex"
    on a phone's keyboard was added beside T-Rex), says why nothing was added; it did nothing."""

    def add(name: str):
        """Type name into the dinosaur type field and tap Add type."""
        screen = new_session.build(app, "cubosaurs")[1]
        field = next(c for c in walk(screen) if isinstance(c, ft.TextField) and c.label == "Another dinosaur type")
        field.on_change(SimpleNamespace(control=SimpleNamespace(value=name)))
        row = next(c for c in walk(screen) if isinstance(c, ft.Row) and field in c.controls)
        next(c for c in row.controls if isinstance(c, ft.OutlinedButton)).on_click(None)

    add("  ")
    assert app.message is not None and app.message.key == "cubosaurs.view.type_name_needed"
    add("T-Rex")
    assert app.message.key == "cubosaurs.view.type_listed" and app.message.params == {"name": "T-Rex"}
    assert app.local("new:cubosaurs")["options"]["rows"] == DEFAULT_ROWS
    add("Stego")
    assert "Stego: ? ? ? ?" in app.local("new:cubosaurs")["options"]["rows"]
    for typed in ("t-rex", "T-REX", "stego", "  Stego "):     # "t-rex" was added beside T-Rex, a type twice
        app.message = None
        add(typed)
        assert app.message is not None and app.message.key == "cubosaurs.view.type_listed", typed
    assert app.local("new:cubosaurs")["options"]["rows"].lower().count("rex") == 1


def test_a_type_name_being_typed_stays_when_a_stepper_is_tapped(app):
    """"Stego" typed in "Another dinosaur type", then T-Rex's first value stepped: the form is drawn again and the
    field was empty ("Add type" then said no name was typed); the name is kept in the form's draft until added."""
    def screen():
        """The new-session screen's controls."""
        return list(walk(new_session.build(app, "cubosaurs")[1]))

    field = next(c for c in screen() if isinstance(c, ft.TextField) and c.label == "Another dinosaur type")
    field.on_change(SimpleNamespace(control=SimpleNamespace(value="Stego")))
    next(c for c in screen() if isinstance(c, ft.IconButton) and c.icon.semantics_label.startswith("More: T-Rex")
         ).on_click(None)
    controls = screen()
    field = next(c for c in controls if isinstance(c, ft.TextField) and c.label == "Another dinosaur type")
    assert field.value == "Stego"
    row = next(c for c in controls if isinstance(c, ft.Row) and field in c.controls)
    next(c for c in row.controls if isinstance(c, ft.OutlinedButton)).on_click(None)
    assert "Stego: ? ? ? ?" in app.local("new:cubosaurs")["options"]["rows"]
    assert next(c for c in screen() if isinstance(c, ft.TextField) and c.label == "Another dinosaur type").value == ""
    game, draft = engine("cubosaurs").game, app.local("new:cubosaurs")  # kept on the phone too, its shape checked
    kept = new_session.kept_draft(app, game, {**draft, "new_type:rows": {"name": "Ankylo"}})
    assert kept["new_type:rows"] == {"name": "Ankylo"}
    assert "new_type:rows" not in new_session.kept_draft(app, game, {**draft, "new_type:rows": {"name": 3}})
    assert "new_type:nope" not in new_session.kept_draft(app, game, {**draft, "new_type:nope": {"name": "A"}})


def test_collections_left_empty_are_named_before_the_round_is_entered():
    """The tour counted Ann's and Bo's collections, forgot Cy's and tapped "Add round": Cy was entered holding
    nothing, and Bo's Pentaceratops egg scored its majority (+3) where Cy's two Pentaceratops took it (−3). The form
    now names a player with no card counted beside the button first (allowed: a player may have passed on every
    card); DNA tokens are not cards."""
    table = Table("cubosaurs", ["Ann", "Bo", "Cy"], options={"dna": True})
    step(table, "More: T-Rex")
    assert "No cards counted yet for Bo and Cy: entered like this, they hold none." in shown(build(table))
    tap(build(table), "Bo")
    step(table, "More: Pentaceratops eggs")
    tap(build(table), "Cy")
    step(table, "More: DNA tokens held")
    assert "No cards counted yet for Cy: entered like this, they hold none." in shown(build(table))
    step(table, "More: Pentaceratops", 2)
    assert not any(t.startswith("No cards counted yet") for t in shown(build(table)))


def test_the_note_on_collections_left_empty_ends_as_a_sentence_in_both_languages():
    """A screenshot at 2x text read "Ann、Bob 和 Cy 还没有清点任何牌：这样记入就是一张也没有" with no "。" (the same
    note in Flip 7 and Rummy had none either, nor a full stop in English)."""
    for lang, end in (("zh-CN", "。"), ("en", ".")):
        for game in ("cubosaurs", "flip7", "rummy"):
            said = words.say(lang, f"{game}.view.empty_lines", names=["Ann", "Bo"])
            assert said.endswith(end), said


def test_the_end_screen_keeps_the_rounds_table_without_corrections():
    """After the last round (3 with two players) the rounds table is on the end screen (`final`): each round's
    points and the totals (T-Rex 4 / 1: Ann 4 + 1 + 4 = 9, Bo 1 + 4 + 0 = 5), read only."""
    table = Table("cubosaurs", ["Ann", "Bo"])
    for ann, bo in ((1, 2), (2, 1), (1, 0)):
        step(table, "More: T-Rex", ann)
        tap(build(table), "Bo")
        step(table, "More: T-Rex", bo)
        tap(build(table), "Add round")
    assert table.state["over"] and table.errors == []
    end = view.final(table.ctx())
    assert [t for t in shown(wide(end)) if t not in ("Round", "Ann", "Bo")] == [
        "Round 1", "4", "1", "Round 2", "1", "4", "Round 3", "4", "0", "Total", "9", "5"]
    assert not [b for b in all_buttons(end) if label(b) == "Round 1"]


def test_the_dna_line_says_how_tokens_turn_into_points():
    """The end's DNA line read "DNA tokens left: 5 = 2" (five tokens equal to two?); it says a pair scores a point,
    in both languages (Ann holds 5 tokens after the last round: 2 points)."""
    from functools import partial

    from views.components.scoreboard import entry_line
    table = Table("cubosaurs", ["Ann", "Bo"], options={"dna": True})
    for _ in range(3):
        step(table, "More: T-Rex")
        step(table, "More: DNA tokens held", 5 if table.state["rounds"] else 0)
        tap(build(table), "Add round")
    board = table.engine.scoreboard(table.state)
    line = next(line for p in board.players if p.name == "Ann" for line in p.breakdown if line.key.endswith(".dna"))
    said = {lang: entry_line(partial(words.say, lang), lang, line).replace("\xa0", " ").replace("\u2060", "")
            for lang in ("en", "zh-CN")}
    assert said == {"en": "DNA tokens left: 5 (1 point per pair) = 2", "zh-CN": "剩余 DNA 标记：5 个，每对 1 分 = 2"}


def test_a_stale_add_round_tap_leaves_the_entered_elsewhere_notice(tmp_path):
    """Two screens on one table, in Flet's own sessions: the phone counts a T-Rex, the laptop enters round 1 with
    it, and the phone's "Add round" tap, sent before the phone heard of that, arrives. It landed on "Keep it for
    round 2" (the button drawn in its place): round 1's T-Rex quietly became round 2's, the notice never seen, a
    second tap away from entering it again. It now does nothing: the notice and its two choices stay."""
    from flet.messaging.session import Session

    from scoring.record import new_record
    from tests.flet_session import connect, settle
    from tests.helpers import run_async
    from views.app import main_for

    def control(sess: Session, kind: type, name: str):
        """The mounted control of a kind whose text (or icon's name) is name."""
        return next(c for c in list(sess.index.values()) if isinstance(c, kind) and name in (
            getattr(c, "content", None), getattr(getattr(c, "icon", None), "semantics_label", None)))

    async def play() -> None:
        with Store(tmp_path / "data") as store:
            store.set_setting("lang", "en")
            sid = store.create(new_record("cubosaurs", ["Ann", "Bo"], now="2025-01-01T20:00:00+00:00"))
            phone, _ = await connect(main_for(store), f"/play/{sid}")
            await phone.dispatch_event(control(phone, ft.IconButton, "More: T-Rex")._i, "click", None)
            await settle()
            stale = control(phone, ft.FilledButton, "Add round")._i
            laptop, _ = await connect(main_for(store), f"/play/{sid}")
            await laptop.dispatch_event(control(laptop, ft.IconButton, "More: T-Rex")._i, "click", None)
            await settle()
            await laptop.dispatch_event(control(laptop, ft.FilledButton, "Add round")._i, "click", None)
            await settle()
            assert len(store.state(sid)["rounds"]) == 1
            await phone.dispatch_event(stale, "click", None)
            await settle()
            assert len(store.state(sid)["rounds"]) == 1
            shown_now = [c.content for c in list(phone.index.values()) if isinstance(c, ft.FilledButton)]
            assert "Keep it for round 2" in shown_now and "Add round" not in shown_now
            assert any(c.value == "Round 1 was entered meanwhile (on another screen, or put back by Redo): the "
                       "collections counted here are not entered." for c in list(phone.index.values())
                       if isinstance(c, ft.Text))  # counted, not "typed" (the score pad's words)
            for sess in (phone, laptop):
                sess.close()
            await settle()

    run_async(play())


def test_not_known_stays_whole_in_a_rows_cell_and_its_button(store):
    """At a phone's 2x text the new-session editor's 72 px value cell split "not known" as "not / know / n" (its
    word "known" needs 85 px at 2x in headless Chromium's Roboto, measured), and a score row's button split 未知
    ("2 张未" / "知"). The cell now holds "known" whole at 2x; 未知 is one unit to a line break in the button."""
    t = lambda key, **params: words.say("en", key, **params)  # noqa: E731
    cell = view.row_cell(t, "Brontosaurus, 1 card", "1 card", None, lambda value: None)
    value = next(c for c in walk(cell) if isinstance(c, ft.Text) and c.value == "not known")
    assert value.width == view.UNKNOWN_WIDTH >= KNOWN_AT_TWICE
    table = Table("cubosaurs", ["甲", "乙"], lang="zh-CN", store=store)
    row = next(label(b) for b in all_buttons(build(table)) if read(label(b)).startswith("五角龙蛋"))
    assert "未\u2060知" in row and read(row) == "五角龙蛋：占多数时未知，不占多数时 −3"
