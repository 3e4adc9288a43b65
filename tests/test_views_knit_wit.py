"""The Knit Wit view built without a browser over a real store: each phase's controls and what its taps send.

`PLAN` is the whole 3-player game the browser test plays too (tests/browser/test_knit_wit.py); here it is played
through the view's own handlers and its totals are checked against the hand count in `EXPECTED`.
"""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft
import pytest

from scoring.core import RuleError, engine
from scoring.mechanics import race
from scoring.record import new_record
from storage import Store
from tests.helpers import cli_score, press
from tests.test_views_components import fills_its_column, labelled_boxes, raw_texts, read, said_under, texts, walk
from views.components.timer import Ticker
from views.context import INTO_VIEW, GameContext
from views.games import knit_wit as view
from views.session import draft_of
from views.table import tie_text
from views import lost_taps
from views.words import say

PLAYERS = ["Ada", "Bram", "Cleo"]
HANDS = {"Ada": [1, 4], "Bram": [2, 5], "Cleo": [3, 6]}
# The weave, turn by turn: (player, spool the loop encloses or None, spool placed, loops ticked, separate?).
#   spool 1: loops 1, 2 → 2   spool 2: loops 2, 3, 5 → 3   spool 3: loops 3, 4 → 2
#   spool 4: loops 1, 2, 4 → 3   spool 5: loops 5, 6 → 2   spool 6: loops 5, 6 (a separate region) → 2
WEAVE = [
    ("Ada", None, 1, [1], False),
    ("Bram", 1, 2, [2], False),
    ("Cleo", 2, 3, [3], False),
    ("Ada", 3, 4, [1, 2, 4], False),
    ("Bram", 2, 5, [5], False),
    ("Cleo", 5, 6, [5, 6], True),
]
# Each player's sheet, spool 1..6 ("" = blank).
SHEETS = {
    "Ada": ["tiger", "sun", "river", "apple", "snow", ""],
    "Bram": ["tigers", "sun", "cloud", "", "coal", "ink"],
    "Cleo": ["lemon", "moon", "brick", "grape", "", "salt"],
}
CLAIMS = ["Cleo", "Ada"]  # Cleo takes the 2-hole button, Ada the 1-hole one; Bram none
# Scoring: spool 1 tiger/tigers is suggested and the table rules it the same (both crossed out); spool 2 "sun"
# twice is crossed out; spool 3 Ada challenges Bram's "cloud" and the vote is Ada no, Bram yes, Cleo no (1–2):
# voted out.
#   Ada:  s1 0 + s2 0 + s3 2 + s4 3 + s5 2 + s6 blank + button 1 = 8
#   Bram: s1 0 + s2 0 + s3 0 (voted out) + s4 blank + s5 2 + s6 2 = 4
#   Cleo: s1 2 + s2 3 + s3 2 + s4 3 + s5 blank + s6 2 + button 2 = 14
EXPECTED = {"Ada": 8, "Bram": 4, "Cleo": 14}
VOTES = [("Ada", False), ("Bram", True), ("Cleo", False)]


def change(value):
    """A stand-in change event carrying a control's new value."""
    return SimpleNamespace(control=SimpleNamespace(value=value))


class StubPage:
    """Enough of a page: tasks and dialogs are recorded, never run."""

    def __init__(self):
        self.tasks, self.dialogs, self.overlay = [], [], []

    def update(self, *controls):
        pass

    def run_task(self, fn, *args):
        self.tasks.append(fn)

    def show_dialog(self, dialog):
        self.dialogs.append(dialog)


class Table:
    """A stored Knit Wit session and the view built over it, as the session frame builds it."""

    def __init__(self, folder, players=PLAYERS, **options):
        self.store = Store(folder)
        self.sid = self.store.create(new_record("knit_wit", players, options, seed=5))
        self.local: dict = {}
        self.errors: list = []

    def apply(self, action: dict, refused=None) -> bool:
        """Play an action through the store; remember a refusal's key (or hand it to `refused`, given, as the
        frame's apply does)."""
        try:
            self.store.play(self.sid, action, action["at"])
        except RuleError as err:
            if refused is None:
                self.errors.append(err.key)
            else:
                refused(err)
            return False
        except Exception as err:  # noqa: BLE001 - the frame shows any RuleError; tests read its key
            self.errors.append(getattr(err, "key", err))
            return False
        return True

    def error(self, err) -> None:
        """A shown refusal (a RuleError or a message key): its key, and its parameters in `said`."""
        self.errors.append(getattr(err, "key", err))
        self.said = getattr(err, "params", {})

    @property
    def state(self) -> dict:
        return self.store.state(self.sid)

    def view(self, lang: str = "en", seat: str | None = None, page=None) -> ft.Control:
        """The view of the current state, in lang (on the phone seated as seat, if given; on page, if given)."""
        ctx = GameContext(lang=lang, record=self.store.load(self.sid), state=self.state, engine=engine("knit_wit"),
                          page=page or StubPage(), store=self.store, local=self.local, sound=False, apply=self.apply,
                          show_error=self.error, refresh=lambda: None, seat=seat)
        return view.build(ctx)

    def controls(self, kind):
        """Controls of one kind in the current view."""
        return [c for c in walk(self.view()) if isinstance(c, kind)]

    def button(self, text: str):
        """The button whose text, as read, is exactly text."""
        found = [c for c in walk(self.view())
                 if isinstance(c, (ft.Button, ft.OutlinedButton)) and read(c.content) == text]
        assert found, (text, self.buttons())
        return found[0]

    def buttons(self) -> list[str]:
        return [read(c.content) for c in walk(self.view()) if isinstance(c, (ft.Button, ft.OutlinedButton))]

    def tap(self, text: str) -> None:
        press(self.button(text))

    def field(self, label: str):
        return next(c for c in self.controls(ft.TextField) if c.label == label)

    def type(self, label: str, value: str) -> None:
        self.field(label).on_change(change(value))

    def choose(self, label: str) -> None:
        """Pick a radio button by its label."""
        view_tree = self.view()
        radio = next(c for c in walk(view_tree) if isinstance(c, ft.Radio) and c.label == label)
        group = next(c for c in walk(view_tree) if isinstance(c, ft.RadioGroup) and radio in list(walk(c)))
        group.on_change(change(radio.value))

    def tick(self, label_start: str) -> None:
        """Tick the checkbox whose label (the text beside it, `views.ui.labelled`) starts with label_start."""
        box = next(box for words, box in labelled_boxes(self.view()) if words.startswith(label_start))
        box.on_change(change(True))

    def texts(self) -> list[str]:
        return texts(self.view())

    def close(self):
        self.store.close()


class Clock:
    """The view's clock (`views.words.now`), moved on by hand so countdowns can run out without waiting."""

    def __init__(self):
        self.seconds = 0

    def __call__(self) -> str:
        return f"2024-05-01T20:{self.seconds // 60:02d}:{self.seconds % 60:02d}+00:00"


@pytest.fixture
def clock(monkeypatch):
    c = Clock()
    monkeypatch.setattr("views.words.now", c)
    return c


@pytest.fixture
def table(tmp_path, clock):
    t = Table(tmp_path, deal="table")
    yield t
    t.close()


def deal(t: Table) -> None:
    for name, hand in HANDS.items():
        t.type(f"{name}'s spools (e.g. 1, 4)", ", ".join(map(str, hand)))
    t.tap("Enter the deal")


def weave_turn(t: Table, turn, tag: str | None = "red") -> None:
    """One weaving turn through the view: the loop (tag typed unless drawn), then the spool."""
    player, encloses, number, loops, separate = turn
    if tag is None:
        t.tap("Draw a tag and place the loop")
    else:
        t.type("Tag of the new loop", tag)
        if encloses is not None:
            t.choose(f"Spool {encloses}")
        t.tap("Place the loop")
    t.choose(f"Spool {number}")
    for i in loops:
        t.tick(f"Loop {i} ·")
    t.tap("Place the spool")
    if separate:
        assert any("already sits inside exactly these loops" in s for s in t.texts())
        t.tap("Yes, a separate region: place it")


def said_at(t: Table, text: str, lang: str = "en") -> list[str]:
    """What is said right under the button whose text is exactly text (a refused move's reason), on a fresh view."""
    body = t.view(lang)
    found = [c for c in walk(body) if isinstance(c, (ft.Button, ft.OutlinedButton)) and c.content == text]
    assert found, text
    return said_under(body, found[0])


def write_sheet(t: Table, player: str, answers: list[str]) -> None:
    """Take the phone, uncover the sheet, type the answers, hide it."""
    t.tap(f"{player}'s sheet")
    t.tap(f"I am {player}: show")
    fields = t.controls(ft.TextField)
    for f, text in zip(fields, answers):
        f.on_change(change(text))
    t.tap("Done: hide my answers")


def test_deal_screen_refuses_a_bad_deal_then_enters_it(table):
    assert table.state["phase"] == "deal"
    table.type("Ada's spools (e.g. 1, 4)", "1, x")
    table.tap("Enter the deal")
    assert table.errors == [] and table.state["phase"] == "deal"   # said under the button, not in the bar
    assert said_at(table, "Enter the deal") == [say("en", "knit_wit.deal_number", name="Ada", number="x", count=6)]
    assert table.field("Ada's spools (e.g. 1, 4)").value == "1, x"
    deal(table)
    assert table.state["hands"] == HANDS and table.state["turn"] == "Ada"


def test_weave_screen_shows_turn_loops_spools_and_points(table):
    deal(table)
    shown = table.texts()
    assert "Ada: place a loop" in shown and "The first loop of the game encloses no spool." in shown
    assert "No loops yet." in shown
    weave_turn(table, WEAVE[0], tag="yellow")
    weave_turn(table, WEAVE[1], tag="round")
    shown = table.texts()
    # the spools' numbers, said as numbers: "Spools still to place: 3" (one spool in hand, five players or more)
    # read to a play-test's family as three spools still to place
    assert "Cleo: place a loop" in shown and "Spool numbers still to place: 3 and 6" in shown
    assert "Spool numbers still to place: 3 and\u00a06" in raw_texts(table.view())  # 2x text: "… 1 and" / "6" seen
    assert any(line.startswith("还没放的线轴编号：") for line in texts(table.view("zh-CN")))
    assert "1 · yellow" in shown and "2 · round" in shown
    assert "Spool 1: loops 1 and 2 (yellow + round) · worth 2" in shown
    assert [r.label for r in table.controls(ft.Radio)] == ["Spool 1", "Spool 2"]


def test_same_loop_set_warns_and_cancel_sends_nothing(table):
    deal(table)
    for turn in WEAVE[:5]:
        weave_turn(table, turn)
    weave_turn(table, ("Cleo", 5, 6, [5, 6], False))
    before = len(table.store.load(table.sid)["actions"])
    assert any("Spool 5 already sits inside exactly these loops (5 and 6)" in s for s in table.texts())
    table.tap("Cancel")
    assert "Place the spool" in table.buttons()
    assert len(table.store.load(table.sid)["actions"]) == before and not table.errors
    table.tap("Place the spool")
    table.tap("Yes, a separate region: place it")
    assert table.state["phase"] == "answer"
    assert table.state["placed"][-1] == {"number": 6, "by": "Cleo", "loops": [5, 6], "separate": True}


def test_tag_deck_has_a_draw_button(tmp_path, clock):
    t = Table(tmp_path, deal="table", tags="deck_en")
    deal(t)
    assert not [f for f in t.controls(ft.TextField)]
    weave_turn(t, WEAVE[0], tag=None)
    drawn = t.state["loops"][0]["tag"]
    assert drawn and f"1 · {drawn}" in t.texts()
    assert t.store.load(t.sid)["actions"][-2]["tag"] is None
    t.close()


def woven(t: Table) -> None:
    deal(t)
    for turn in WEAVE:
        weave_turn(t, turn)


def test_answer_screen_private_entry_and_buttons(table):
    woven(table)
    shown = table.texts()
    assert "Pass to Ada" in shown and "Answers written: Ada 0/6, Bram 0/6, Cleo 0/6" in shown
    assert not table.controls(ft.TextField)
    write_sheet(table, "Ada", SHEETS["Ada"])
    assert table.state["sheets"]["Ada"] == SHEETS["Ada"]
    # Ada's sheet hidden, the phone goes on round the table: to Bram, not back to Ada
    assert "Pass to Bram" in table.texts() and "tiger" not in table.texts()
    table.tap("Ada's sheet")
    table.tap("I am Ada: show")
    assert [f.value for f in table.controls(ft.TextField)] == SHEETS["Ada"]
    first = table.controls(ft.TextField)[0]
    assert (first.label, first.helper) == ("Spool 1 · worth 2", "red + red")
    # a spool's regions ("contains sugar + you can eat it + used for cooking") and a refusal wrap, not cut at one line
    assert all((f.helper_max_lines, f.error_max_lines) == (3, 3) for f in table.controls(ft.TextField))
    # the fields take the screen's width (Flet draws a field without one 300 px wide)
    sheet = next(c for c in table.controls(ft.Column) if any(isinstance(k, ft.TextField) for k in c.controls))
    assert sheet.horizontal_alignment == ft.CrossAxisAlignment.STRETCH and first.width is None
    table.controls(ft.TextField)[1].on_change(change("Tiger"))
    table.tap("Done: hide my answers")
    assert table.errors == [] and table.controls(ft.TextField)[1].error.startswith("You already wrote “tiger”")
    assert [f.value for f in table.controls(ft.TextField)][:2] == ["tiger", "Tiger"]
    table.controls(ft.TextField)[1].on_change(change("sun"))
    table.tap("Done: hide my answers")
    assert "Pass to Bram" in table.texts()
    table.tap("Ada: claim 2")
    assert table.state["locked"] == ["Ada"] and "Ada's sheet" not in table.buttons()
    assert "Ada took 2" in table.texts()


def test_two_player_extra_answer_and_stop(tmp_path, clock):
    t = Table(tmp_path, players=["Ada", "Bram"], deal="table")
    t.type("Ada's spools (e.g. 1, 4)", "1 2 3")
    t.type("Bram's spools (e.g. 1, 4)", "4，5，6")
    t.tap("Enter the deal")
    turns = [("Ada", None, 1, [1]), ("Bram", 1, 4, [2]), ("Ada", 4, 2, [3]), ("Bram", 2, 5, [4]),
             ("Ada", 5, 3, [5]), ("Bram", 3, 6, [6])]
    for player, encloses, number, loops in turns:
        weave_turn(t, (player, encloses, number, loops, False))
    write_sheet(t, "Bram", ["one", "", "", "", "", ""])
    t.tap("Ada: claim 2")
    shown = t.texts()
    assert any("Bram may add one more answer" in s for s in shown)
    t.tap("I am Bram: show")
    assert len(t.controls(ft.TextField)) == 5
    t.tap("Done: hide my answers")
    assert t.errors == [] and said_at(t, "Done: hide my answers") == [say("en", "knit_wit.extra_answer_empty")]
    t.tap("Bram: stop without one more answer")
    assert t.state["phase"] == "scoring"
    t.close()


def answered(t: Table) -> None:
    woven(t)
    for player in PLAYERS:
        write_sheet(t, player, SHEETS[player])
    for player in CLAIMS:
        t.tap(f"{player}: claim {t.state['race']['stack'][0]}")
    assert t.state["phase"] == "scoring"


def test_the_answer_sheet_title_keeps_its_last_word_with_the_one_before(table):
    """The title over a player's open sheet reads as written, its short last word glued to the one before by a
    no-break space (on a phone "looking)" stood alone on the last line); the Chinese title keeps its last two
    characters together (`words.no_orphan`)."""
    woven(table)
    table.tap("Ada's sheet")
    table.tap("I am Ada: show")
    assert "Ada, enter your answers (nobody else looking)" in table.texts()
    assert "Ada, enter your answers (nobody else\u00a0looking)" in raw_texts(table.view())
    assert "Ada，请填写你的答案（别让别人看\u2060到）" in raw_texts(table.view("zh-CN"))


def test_the_race_counts_buttons_not_rewards(table):
    """Knit Wit's race is for bonus buttons: its panel said "Rewards left: 2, 1" (the words shared with Pictomania's
    tiles) under "Bonus buttons: take one to stop writing"; it says buttons."""
    woven(table)
    assert "Buttons left: 2, 1" in table.texts() and "剩余纽扣：2、1" in texts(table.view("zh-CN"))
    assert not any("Rewards" in line for line in table.texts())
    table.tap("Ada: claim 2")
    assert "Buttons left: 1" in table.texts()


def test_stored_aliases_come_in_once_from_a_tap_and_drawing_writes_nothing(table):
    table.store.add_alias("sun", "sol")
    answered(table)
    actions = table.store.load(table.sid)["actions"]
    assert [a["pairs"] for a in actions if a["type"] == "aliases"] == [[["sun", "sol"]]]
    table.view()
    assert len(table.store.load(table.sid)["actions"]) == len(actions)
    shown = table.texts()
    assert "Are Ada's “tiger” and Bram's “tigers” the same answer?" in shown
    assert "Are Ada's “tiger” and Bram's “tigers” the same\u00a0answer?" in raw_texts(table.view())  # not alone
    assert "Ada 的“tiger”和 Bram 的“tigers”算同一个答案吗？" in texts(table.view("zh-CN"))
    assert "Same word: tiger" in shown  # the reading that linked them, under the question
    assert shown.count("Same word: tiger") == 3  # under the question, and under each card's mark
    assert "May be the same as Bram's" in shown and "May be the same as Ada's" in shown
    assert table.button("Spool 1 done: next spool").disabled
    table.tap("The same: cross both out")
    table.view()
    assert table.state["learned"] == [["tiger", "tigers"]]
    assert ("tiger", "tigers") in table.store.aliases()  # stored by the store from the alias_learned event
    shown = table.texts()
    assert "Crossed out: the table ruled it the same as Bram's" in shown  # a ruling: nobody wrote “tiger” twice
    assert "Crossed out: the same as Bram" not in shown
    assert "划掉：全桌判定与 Bram 的相同" in texts(table.view("zh-CN"))
    assert not table.button("Spool 1 done: next spool").disabled


def suggested_after(table, firsts: tuple[str, str, str]) -> list[tuple]:
    """Ada, Bram and Cleo write these first answers and all claim: the spool's suggested pairs (a, b, reason,
    link)."""
    woven(table)
    for player, first in zip(("Ada", "Bram", "Cleo"), firsts):
        write_sheet(table, player, [first, "", "", "", "", ""])
    for player in CLAIMS:
        table.tap(f"{player}: claim {table.state['race']['stack'][0]}")
    return [(s["a"], s["b"], s["reason"], s["link"]) for s in view.kw.spool_review(table.state)["suggested"]]


def test_a_suggestion_shows_the_reading_that_linked_it_in_both_languages(table):
    assert suggested_after(table, ("西红柿", "番茄", "苹果")) == [("Ada", "Bram", "answers.reason.gloss", "tomato")]
    shown = table.texts()
    assert "Are Ada's “西红柿” and Bram's “番茄” the same answer?" in shown
    assert shown.count("Both mean “tomato”") == 3 and "May be the same as Ada's" in shown
    assert not any("% alike" in s for s in shown)  # a reading is no similarity score (西红柿/番茄 share no character)
    chinese = texts(table.view("zh-CN"))
    assert chinese.count("词典里意思相同") == 3 and not any("tomato" in line for line in chinese)


def test_a_chinese_pair_one_character_apart_is_asked_about_in_both_languages(table):
    """汤圆 and 汤团 (one food, two regions' names) are asked about, naming the two characters; 汤面 is not."""
    assert suggested_after(table, ("汤圆", "汤团", "汤面")) == [("Ada", "Bram", "answers.reason.character", "团/圆")]
    assert "One character apart, of like meaning: 团/圆" in table.texts()
    assert "只差一个意思相近的字：团/圆" in texts(table.view("zh-CN"))


def test_a_look_alike_suggestion_without_a_reading_shows_its_similarity(table):
    woven(table)
    for player, first in (("Ada", "elephant"), ("Bram", "elefant"), ("Cleo", "lemon")):
        write_sheet(table, player, [first, "", "", "", "", ""])
    for player in CLAIMS:
        table.tap(f"{player}: claim {table.state['race']['stack'][0]}")
    (s,) = view.kw.spool_review(table.state)["suggested"]
    assert s["link"] == "" and s["reason"] == "answers.reason.similar"
    assert f"These look alike: the table decides. ({round(s['score'])}% alike)" in table.texts()


def test_answers_written_alike_are_crossed_out_naming_only_the_differences_they_have(table):
    """"Apple" and "apple!" read "Written the same (ignoring case, width, spaces, punctuation and traditional
    characters)" on an English screen: only case and punctuation differ, and only those are said, in both
    languages."""
    woven(table)
    for player, first in (("Ada", "Apple"), ("Bram", "apple!"), ("Cleo", "lemon")):
        write_sheet(table, player, [first, "", "", "", "", ""])
    for player in CLAIMS:
        table.tap(f"{player}: claim {table.state['race']['stack'][0]}")
    shown = table.texts()
    assert "Crossed out: the same as Bram" in shown and "Written the same (ignoring case and punctuation)." in shown
    assert not any("width" in line or "traditional" in line for line in shown)
    assert "写法相同（不计大小写和标点）。" in texts(table.view("zh-CN"))


def test_an_answer_three_wrote_names_both_others_in_either_language(table):
    """Three players wrote "sun": Ada's mark names Bram and Cleo as a sentence does, and the Chinese does not say
    和 twice (划掉：和 Bram 和 Cleo 的一样)."""
    woven(table)
    for player in PLAYERS:
        write_sheet(table, player, ["sun", "", "", "", "", ""])
    for player in CLAIMS:
        table.tap(f"{player}: claim {table.state['race']['stack'][0]}")
    assert "Crossed out: the same as Bram and Cleo" in table.texts()
    assert "划掉：与 Bram 和 Cleo 的一样" in texts(table.view("zh-CN"))


def test_an_answer_echoing_two_tags_names_both_in_either_language(table):
    """Spool 4 sits in loops "red", "round" and "soft": "soft red ball" repeats two of them, and its mark names
    both (play-tester: only "soft" was named)."""
    deal(table)
    for turn, tag in zip(WEAVE, ["red", "round", "cold", "soft", "dry", "wet"]):
        weave_turn(table, turn, tag)
    for player in PLAYERS:
        write_sheet(table, player, ["", "", "", "soft red ball" if player == "Ada" else "", "", ""])
    for player in CLAIMS:
        table.tap(f"{player}: claim {table.state['race']['stack'][0]}")
    for number in (1, 2, 3):
        table.tap(f"Spool {number} done: next spool")
    assert "“soft red ball” may only repeat the tags “red” and “soft”: challenge it?" in table.texts()
    assert "“soft red ball”可能只是重复了标签“red” 和 “soft”，要质疑吗？" in texts(table.view("zh-CN"))


def test_challenge_countdown_vote_and_totals(table, clock):
    answered(table)
    table.tap("The same: cross both out")
    table.tap("Spool 1 done: next spool")
    shown = table.texts()
    assert "Crossed out: the same as Bram" in shown and "Written exactly the same." in shown
    assert "Challenge Ada's answer" not in table.buttons()
    table.tap("Spool 2 done: next spool")
    assert "Totals so far: Ada 1, Bram 0, Cleo 7" in table.texts()
    table.tap("Challenge Bram's answer")
    assert "Who challenges Bram's “cloud”?" in table.texts()
    table.tap("Ada challenges")
    assert table.state["challenge"]["target"] == "Bram"
    ticker = table.controls(Ticker)[0]
    assert ticker.value in ("0:10", "0:09") and ticker.left is not None
    assert "Votes open when Bram's time to explain is over." in table.texts()
    assert "Ada: yes" not in table.buttons()
    assert table.button("Spool 3 done: next spool").disabled
    clock.seconds += 10
    assert "Keep Bram's answer “cloud”?" in table.texts()
    first, yes = VOTES[0]
    table.tap(f"{first}: {'yes' if yes else 'no'}")
    shown = table.texts()  # the shared screen: who has voted, not how, and no count until the last ballot
    assert f"{first} has voted" in shown and not any(t.startswith(f"{first} voted") or "Yes " in t for t in shown)
    for voter, yes in VOTES[1:]:
        table.tap(f"{voter}: {'yes' if yes else 'no'}")
    assert "Challenged by Ada, voted out (yes 1 · no 2)" in table.texts()
    assert " · ".join(f"{v} voted {'yes' if y else 'no'}" for v, y in VOTES) in table.texts()


def test_whole_game_through_the_view_matches_the_hand_count(table, tmp_path, capsys, clock):
    answered(table)
    table.tap("The same: cross both out")
    for number in range(1, 7):
        if number == 3:
            table.tap("Challenge Bram's answer")
            table.tap("Ada challenges")
            clock.seconds += 10
            for voter, yes in VOTES:
                table.tap(f"{voter}: {'yes' if yes else 'no'}")
        table.tap(f"Spool {number} done: " + ("final scores" if number == 6 else "next spool"))
    assert table.state["over"] and not table.errors
    board = engine("knit_wit").scoreboard(table.state)
    assert {p: board.total(p) for p in PLAYERS} == EXPECTED
    printed = cli_score(tmp_path / "game.json", table.store.load(table.sid), capsys)
    assert {p["name"]: p["total"] for p in printed["players"]} == EXPECTED


def test_nothing_typed_is_thrown_away_and_every_valid_answer_is_saved(table):
    """Issue 12 (RULINGS §1 answering): a refused answer (reused on the sheet) is reported as its field is left,
    the answers after it are still saved, its text stays in its field, even when the phone goes to someone else.
    Before: "Done" stopped at the first refusal and the later answers were not saved."""
    woven(table)
    table.tap("I am Ada: show")
    fields = table.controls(ft.TextField)
    for f, text in zip(fields, ["tiger", "", "river"]):
        f.on_change(change(text))
    table.tap("Done: hide my answers")
    table.tap("Ada's sheet")
    table.tap("I am Ada: show")
    fields = table.controls(ft.TextField)
    fields[1].on_change(change("Tiger"))
    fields[1].on_blur(SimpleNamespace(control=fields[1]))
    reused = "You already wrote “tiger” for spool 1; one answer can be used only once on a sheet."
    assert table.controls(ft.TextField)[1].error == reused
    fields[3].on_change(change("apple"))
    table.tap("Done: hide my answers")
    assert table.state["sheets"]["Ada"][:4] == ["tiger", "", "river", "apple"]
    assert table.errors == [] and table.controls(ft.TextField)[1].error == reused
    assert [f.value for f in table.controls(ft.TextField)][:4] == ["tiger", "Tiger", "river", "apple"]
    table.tap("Bram's sheet")
    table.tap("Ada's sheet")
    table.tap("I am Ada: show")
    assert table.controls(ft.TextField)[1].value == "Tiger"


def test_a_reused_answer_keeps_its_reason_under_its_field_after_done(table):
    """The same answer typed on two spools and "Done" tapped once: the second stays in its field with the rule that
    refused it under it. Before, the field said only "Not saved: correct it and tap Done again.", and the
    refusal's message was put away at once by the next answer saved in the same tap (a browser run at 390 px)."""
    woven(table)
    table.tap("I am Ada: show")
    for f, text in zip(table.controls(ft.TextField), ["tiger", "Tiger", "river"]):
        f.on_change(change(text))
    table.tap("Done: hide my answers")
    assert table.state["sheets"]["Ada"][:3] == ["tiger", "", "river"]
    reused = "You already wrote “tiger” for spool 1; one answer can be used only once on a sheet."
    assert [(f.value, f.error) for f in table.controls(ft.TextField)][1] == ("Tiger", reused)
    # said there only, the screen brought to that field (the bar at the phone's foot covered the sheet)
    assert table.errors == [] and table.local[INTO_VIEW][0] == "field-2"
    assert table.controls(ft.TextField)[1].key == ft.ScrollKey("field-2")


def test_a_claim_stopped_by_a_refused_answer_says_so_at_the_tap(table):
    """Ada's "Tiger" after "tiger" is refused; she then taps "claim 2" in the race: her button is not taken (the
    refused answer would be lost with her sheet locked), but the tap said nothing new (the bar still showed the
    earlier refusal), so it looked lost and Bram took the 2. The tap is answered: the button was not taken, and
    why, in the screen's language, under her button (the bar at the phone's foot covered what she tapped); her
    typed text stays in its field."""
    woven(table)
    table.tap("I am Ada: show")
    for f, text in zip(table.controls(ft.TextField), ["tiger", "Tiger"]):
        f.on_change(change(text))
    table.tap("Ada: claim 2")
    body = table.view()
    claims = {read(c.content): c for c in walk(body) if isinstance(c, ft.Button)}
    assert said_under(body, claims["Ada: claim 2"]) == [say("en", "knit_wit.view.claim_stopped", spools=[2])]
    assert said_under(body, claims["Bram: claim 2"]) == []
    # the refused answer itself is said under its field only: in the bar it covered the sheet and the button tapped
    assert table.errors == [] and table.controls(ft.TextField)[1].error == say(
        "en", "knit_wit.answer_reused", text="tiger", number=1)
    assert say("en", "knit_wit.view.claim_stopped", spools=[2]).startswith(
        "The button was not taken: your answer for spool 2 was not saved")
    assert say("zh-CN", "knit_wit.view.claim_stopped", spools=[2]).startswith("没有拿到纽扣：2 号线轴的答案没有存下")
    assert race.claims(table.state["race"]) == [] and table.state["sheets"]["Ada"][:2] == ["tiger", ""]
    assert [f.value for f in table.controls(ft.TextField)][:2] == ["tiger", "Tiger"]


def test_a_refused_answers_reason_follows_the_language(table):
    """A refused answer's reason under its field, and the scoring screen's note of it, are said in the screen's
    language: switched to 中文 after "Done", the field still read "You already wrote “tiger” for spool 1; …" (the
    reason was kept as English text in the sheet's scratch)."""
    woven(table)
    table.tap("I am Ada: show")
    for f, text in zip(table.controls(ft.TextField), ["tiger", "Tiger"]):
        f.on_change(change(text))
    table.tap("Done: hide my answers")
    fields = [c for c in walk(table.view("zh-CN")) if isinstance(c, ft.TextField)]
    assert fields[1].error == say("zh-CN", "knit_wit.answer_reused", text="tiger", number=1)
    assert view.refused_here(SimpleNamespace(seat=None, players=PLAYERS, local=table.local, lang="zh-CN",
                                             t=lambda key, **params: say("zh-CN", key, **params))) == [
        ("Ada", 2, "Tiger", say("zh-CN", "knit_wit.answer_reused", text="tiger", number=1))]


def test_an_unsaved_answer_is_kept_in_the_draft_and_comes_back_on_another_phone(table):
    """Issue 14 (drafts survive): what is typed and not saved is part of the draft the store keeps (plain JSON), so
    a screen opened afresh with that draft (after a restart, on another phone) shows it in its field. Before: the
    typed texts were keyed by spool number and the draft dropped every one of them."""
    woven(table)
    table.tap("I am Ada: show")
    table.controls(ft.TextField)[1].on_change(change("half a thought"))
    table.store.set_draft(table.sid, None, draft_of(table.local))
    table.local.clear()
    table.local.update(table.store.draft(table.sid, None))
    table.tap("I am Ada: show")
    assert table.controls(ft.TextField)[1].value == "half a thought"


def woven_for_two(t: Table, clock) -> None:
    """A 2-player game woven straight into the store: six loops and spools, each loop around the last spool."""
    state = t.state
    for i in range(6):
        turn = state["turn"]
        t.apply({"type": "loop", "by": turn, "tag": f"t{i}", "encloses": [state["placed"][-1]["number"]] if i else [],
                 "at": clock()})
        t.apply({"type": "spool", "by": turn, "number": kw_unplaced(state, turn)[0], "loops": [i + 1], "at": clock()})
        state = t.state


def bram_owes_one_more(tmp_path, clock) -> Table:
    """A 2-player game woven, Ada's claim taken: Bram's sheet open for his one more answer."""
    t = Table(tmp_path, players=["Ada", "Bram"])
    woven_for_two(t, clock)
    t.tap("Ada: claim 2")
    t.tap("I am Bram: show")
    return t


def test_a_second_extra_answer_is_refused_and_kept(tmp_path, clock):
    """Issue 12 (RULINGS §1 2-player [seed]): two answers typed for the one more answer are refused with a
    message and both stay in their fields; before, the second was silently dropped."""
    t = bram_owes_one_more(tmp_path, clock)
    fields = t.controls(ft.TextField)
    fields[0].on_change(change("one"))
    fields[1].on_change(change("two"))
    t.tap("Done: hide my answers")
    assert t.errors == [] and t.state["phase"] == "answer"
    assert said_at(t, "Done: hide my answers") == [say("en", "knit_wit.extra_one_only", count=2)]
    assert [f.value for f in t.controls(ft.TextField)][:2] == ["one", "two"]
    t.controls(ft.TextField)[1].on_change(change(""))
    t.tap("Done: hide my answers")
    assert t.state["phase"] == "scoring" and t.state["sheets"]["Bram"][0] == "one"
    t.close()


def test_a_punctuation_field_does_not_take_the_place_of_the_extra_answer(tmp_path, clock):
    """RULINGS §1 2-player [seed]: a stray '?' in a blank field before the one more answer is blank, as the
    engine's check says; the view sent the '?' and the answer typed below it was refused as empty."""
    t = bram_owes_one_more(tmp_path, clock)
    fields = t.controls(ft.TextField)
    fields[0].on_change(change("?"))
    fields[1].on_change(change("river"))
    t.tap("Done: hide my answers")
    assert t.errors == [] and t.state["phase"] == "scoring"
    assert t.state["sheets"]["Bram"][:2] == ["", "river"]
    t.close()


def test_a_refused_sheet_or_deal_brings_in_no_aliases(tmp_path, clock):
    """A tap the rules refuse whole changes nothing: Ada's only typed answer is too long, and a deal is missing a
    player's spools; the stored aliases went into the log before each (found by session 47's audit). A sheet
    saved brings them in first, so the reuse check knows them."""
    t = Table(tmp_path, players=["Ada", "Bram"], deal="table")
    t.store.add_alias("苹果", "apple")
    t.type("Ada's spools (e.g. 1, 4)", "1 2 3")
    t.tap("Enter the deal")
    assert said_at(t, "Enter the deal") == [say("en", "knit_wit.deal_count", name="Bram", count=3)]
    assert t.store.load(t.sid)["actions"] == []
    t.type("Bram's spools (e.g. 1, 4)", "4 5 6")
    t.tap("Enter the deal")
    assert [a["type"] for a in t.store.load(t.sid)["actions"]] == ["aliases", "deal"]
    t.close()
    t = Table(tmp_path / "sheet", players=["Ada", "Bram"])
    t.store.add_alias("苹果", "apple")
    woven_for_two(t, clock)
    count = len(t.store.load(t.sid)["actions"])
    t.tap("Ada's sheet")
    t.tap("I am Ada: show")
    t.controls(ft.TextField)[0].on_change(change("x" * 81))
    t.tap("Done: hide my answers")
    too_long = say("en", "knit_wit.answer_too_long", limit=80)
    assert t.controls(ft.TextField)[0].error == too_long and len(t.store.load(t.sid)["actions"]) == count
    fields = t.controls(ft.TextField)
    fields[0].on_change(change("苹果"))
    fields[1].on_change(change("apple"))
    t.tap("Done: hide my answers")
    assert t.controls(ft.TextField)[1].error.startswith("You already wrote “苹果”") and t.errors == []
    assert t.state["sheets"]["Ada"][:2] == ["苹果", ""]
    t.close()


def kw_unplaced(state, player):
    """The player's spools still in hand (the engine's)."""
    from scoring.games.knit_wit import unplaced
    return unplaced(state, player)


def test_the_table_rules_any_two_answers(table):
    """Issue 12 (RULINGS §1 scoring): tick two answers and rule them the same (crossed out) or different."""
    answered(table)
    table.tap("The same: cross both out")
    table.tap("Spool 1 done: next spool")
    assert "Crossed out: the same as Bram" in table.texts()
    table.tick("Compare Ada's answer")
    table.tick("Compare Bram's answer")
    assert "Are Ada's “sun” and Bram's “sun” the same answer?" in table.texts()
    assert "Are Ada's “sun” and Bram's “sun” the same\u00a0answer?" in raw_texts(table.view())
    table.tap("The table rules: different")
    assert table.state["rulings"] == [{"a": "Ada", "b": "Bram", "same": False}]
    assert "Crossed out: the same as Bram" not in table.texts()
    assert "The table ruled it different from Bram's" in table.texts()
    table.tick("Compare Bram's answer")
    table.tick("Compare Cleo's answer")
    table.tap("The table rules: the same")
    # Bram's "sun" = Cleo's "moon" is learned as an alias, so Ada's "sun" (ruled apart only from Bram's) is now
    # the same as Cleo's "moon" too.
    assert kw_review(table.state)["duplicates"] == ["Ada", "Bram", "Cleo"]


def test_a_second_quick_tap_on_next_spool_does_not_skip_the_next_spool(table):
    """"Spool 1 done: next spool" tapped twice quickly: drawn again for spool 2, its "next spool" is not the control
    spool 1's was (Flet's own diff), so the second tap is answered as too late. Before, it moved on from spool 2
    too, unscored and unchallenged (a browser double tap on a phone passed round, zh-CN)."""
    from tests.card_view_helpers import taken_over

    answered(table)
    table.tap("The same: cross both out")
    old = table.view()
    first = next(c for c in walk(old) if isinstance(c, ft.Button) and c.content == "Spool 1 done: next spool")
    press(first)
    new = table.view()
    second = next(c for c in walk(new) if isinstance(c, ft.Button) and c.content == "Spool 2 done: next spool")
    assert not taken_over(old, first, new, second)


def test_a_second_quick_tap_on_a_suggested_pair_does_not_rule_the_next_pair(table):
    """Two pairs suggested on spool 1 (tiger / tigers, tigers / tigres); "The same" of the first tapped twice
    quickly. Drawn again without the first, the second pair's button is not the control the first's was (Flet's own
    diff): the second tap is answered as too late. Before, it ruled the second pair the same, unread."""
    from tests.card_view_helpers import taken_over

    woven(table)
    for player, first in zip(PLAYERS, ["tiger", "tigers", "tigres"]):
        write_sheet(table, player, [first] + SHEETS[player][1:])
    for player in CLAIMS:
        table.tap(f"{player}: claim {table.state['race']['stack'][0]}")
    old = table.view()
    same = [c for c in walk(old) if isinstance(c, ft.Button) and c.content == "The same: cross both out"]
    press(same[0])
    new = table.view()
    assert table.state["rulings"] == [{"a": "Ada", "b": "Bram", "same": True}]
    after = [c for c in walk(new) if isinstance(c, ft.Button) and c.content == "The same: cross both out"]
    assert after and not any(taken_over(old, same[0], new, c) for c in after)


def test_a_pair_ruled_again_is_refused_under_its_buttons_not_in_the_bar(table):
    """The table rules Ada's "tiger" and Bram's "tigers" the same, then picks the two answers and rules them
    different: refused (already ruled), said under "The table rules: …" in the screen's language, not in the bar at
    the phone's foot over those buttons; the screen is brought to them."""
    woven(table)
    for player, first in zip(PLAYERS, ["tiger", "tigers", "river"]):
        write_sheet(table, player, [first] + SHEETS[player][1:])
    for player in CLAIMS:
        table.tap(f"{player}: claim {table.state['race']['stack'][0]}")
    table.tap("The same: cross both out")
    table.tick("Compare Ada's answer")
    table.tick("Compare Bram's answer")
    table.tap("The table rules: different")
    assert table.errors == [] and table.state["rulings"] == [{"a": "Ada", "b": "Bram", "same": True}]
    assert said_at(table, "The table rules: different") == [say("en", "knit_wit.already_ruled", a="Ada", b="Bram")]
    assert said_at(table, say("zh-CN", "knit_wit.view.pair_different"), "zh-CN") == [
        say("zh-CN", "knit_wit.already_ruled", a="Ada", b="Bram")]
    assert table.local[INTO_VIEW][0] == "pair"


def test_a_players_own_phone_scores_along_without_the_tables_moves(table):
    """While scoring, a seated player's phone shows the answers and the totals but not the table's rulings or
    "next spool" (the server would refuse them from that phone); the referee's phone has them."""
    answered(table)
    seen = [c for c in walk(table.view(seat="Ada"))]
    labels = {texts(c)[0] for c in seen if isinstance(c, ft.MergeSemantics)}
    buttons = {c.content for c in seen if isinstance(c, (ft.Button, ft.OutlinedButton))}
    assert not any(label.startswith("Compare") for label in labels)
    assert not {"Spool 1 done: next spool", "The same: cross both out"} & buttons
    referee = {c.content for c in walk(table.view(seat="table")) if isinstance(c, (ft.Button, ft.OutlinedButton))}
    assert {"Spool 1 done: next spool", "The same: cross both out"} <= referee


def kw_review(state):
    """The engine's review of the spool being scored."""
    from scoring.games.knit_wit import spool_review
    return spool_review(state)


def test_the_scoring_cards_take_the_columns_width(table):
    """The suggested pair, the picked pair, who challenges and the challenge countdown end at the column's right
    edge, as the answers above them do (each ended where its longest line did)."""
    answered(table)
    assert fills_its_column(table.view(), "Are Ada's “tiger” and Bram's “tigers” the same answer?")
    table.tap("The same: cross both out")
    table.tap("Spool 1 done: next spool")
    table.tick("Compare Ada's answer")
    table.tick("Compare Bram's answer")
    assert fills_its_column(table.view(), "Are Ada's “sun” and Bram's “sun” the same answer?")
    table.tap("Spool 2 done: next spool")
    table.tap("Challenge Bram's answer")
    assert fills_its_column(table.view(), "Who challenges Bram's “cloud”?")
    table.tap("Ada challenges")
    assert fills_its_column(table.view(), "Ada challenges Bram's “cloud”")


def test_a_button_taken_saves_the_answers_typed_and_not_saved_first(table):
    """Session 46's audit: Ada typed "tiger" and "sun" and took a button without "Done": the claim locked her
    sheet and both answers were lost (her sheet stored six blanks). Taking the button saves them first; one
    the rules refuse keeps the button from being taken, its text and reason on the sheet."""
    woven(table)
    table.tap("Ada's sheet")
    table.tap("I am Ada: show")
    for field, text in zip(table.controls(ft.TextField), ["tiger", "sun"]):
        field.on_change(change(text))
    table.tap("Ada: claim 2")
    assert table.state["sheets"]["Ada"][:2] == ["tiger", "sun"] and table.state["locked"] == ["Ada"]
    table.tap("Bram's sheet")
    table.tap("I am Bram: show")
    for field, text in zip(table.controls(ft.TextField), ["moon", "Moon"]):
        field.on_change(change(text))
    table.tap("Bram: claim 1")
    assert table.state["locked"] == ["Ada"] and table.state["sheets"]["Bram"][:2] == ["moon", ""]
    assert [f.value for f in table.controls(ft.TextField)][:2] == ["moon", "Moon"]


def test_the_last_button_saves_what_the_others_typed_and_did_not_save(table):
    """A tester's table (RULINGS in `views.games.knit_wit`): Bram typed answers on the phone passed round and did
    not tap Done; Cleo took the last button and his spools scored blank. On paper what is written when the buttons
    run out counts: his typed answers are saved as his own actions before the claim; one the rules refuse (the same
    answer twice on his sheet) stays in his field with its reason, and the claim stands.
    With three players the claim starts the scoring, so no sheet is left to show his field: the scoring screen
    says which of his answers did not count and why (every answer is shown there)."""
    woven(table)
    table.tap("Ada: claim 2")
    table.tap("Bram's sheet")
    table.tap("I am Bram: show")
    for field, text in zip(table.controls(ft.TextField), ["moon", "乙草稿密", "Moon"]):
        field.on_change(change(text))
    table.tap("Cleo's sheet")
    table.tap("I am Cleo: show")
    table.controls(ft.TextField)[0].on_change(change("sun"))
    table.tap("Cleo: claim 1")
    assert table.errors == [] and table.state["phase"] == "scoring"
    assert table.state["sheets"]["Bram"] == ["moon", "乙草稿密", "", "", "", ""]
    assert table.state["sheets"]["Cleo"][0] == "sun"
    log = [(a["type"], a["by"], a.get("spool")) for a in table.store.load(table.sid)["actions"][-4:]]
    assert log == [("answer", "Cleo", 1), ("answer", "Bram", 1), ("answer", "Bram", 2), ("claim", "Cleo", None)]
    bram = table.local["sheets"]["Bram"]
    reason = bram["errors"]["3"]
    assert bram["drafts"] == {"3": "Moon"} and reason["key"] == "knit_wit.answer_reused"
    said = [t for t in table.texts() if "did not count" in t]
    assert said == ["Bram's answer “Moon” for spool 3 did not count: " + say("en", reason["key"], **reason["params"])]


def test_two_players_the_only_button_saves_the_others_typed_answers_then_one_more(tmp_path, clock):
    """RULINGS (2-player): Bram's answers typed and not saved when Ada takes the only button are saved first, as
    on paper; his one more answer is then on a spool still blank."""
    t = Table(tmp_path, players=["Ada", "Bram"])
    woven_for_two(t, clock)
    t.tap("Bram's sheet")
    t.tap("I am Bram: show")
    t.controls(ft.TextField)[0].on_change(change("one"))
    t.tap("Ada's sheet")
    t.tap("Ada: claim 2")
    assert t.state["sheets"]["Bram"][0] == "one" and t.state["extra"] == "Bram" and t.state["phase"] == "answer"
    t.tap("I am Bram: show")
    assert len(t.controls(ft.TextField)) == 5
    t.close()


def test_who_challenges_is_asked_of_its_own_spool_only(table, clock):
    """Session 46's audit: "Challenge Cleo's answer" tapped on spool 2 and left unanswered, then the spool done:
    spool 3 opened asking "Who challenges Cleo's …?" about her new answer, and a tap made a challenge nobody
    asked for. The question belongs to its spool."""
    answered(table)
    table.tap("The same: cross both out")
    table.tap("Spool 1 done: next spool")
    table.tap("Challenge Cleo's answer")
    assert "Who challenges Cleo's “moon”?" in table.texts()
    table.tap("Spool 2 done: next spool")
    assert "Challenge Cleo's answer" in table.buttons()  # her spool 3 answer may be challenged: not yet asked
    assert not any(t.startswith("Who challenges") for t in table.texts())
    assert "Ada challenges" not in table.buttons()


def test_an_undone_claim_opens_the_sheet_again_behind_its_cover(table):
    """Session 46's audit: Ada looked at her sheet and took a button, the phone went on to Bram; the table undid
    her claim (with consent) and the shared screen showed Ada's sheet, answers and all, with no cover."""
    woven(table)
    write_sheet(table, "Ada", ["tiger", "sun", "", "", "", ""])
    table.tap("Ada's sheet")
    table.tap("I am Ada: show")
    assert [f.value for f in table.controls(ft.TextField)][:2] == ["tiger", "sun"]
    table.tap("Ada: claim 2")
    table.store.undo(table.sid, consent=True)
    assert table.state["locked"] == [] and not table.controls(ft.TextField)
    assert "I am Ada: show" in table.buttons()


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_no_empty_header_under_the_next_step_while_everyone_answers(lang):
    """While every player writes answers, the line over the header says "Next: Ada, Bram and Cleo — answer"; the
    header under it left out that phase (the move that line names) and had no round to say, and stood as an empty
    coloured box (knit_wit_phone_race.png). With nothing left to say the header is hidden (kept in its place)."""
    from scoring.core import Engine
    from views.session import header

    status = {"round": None, "rounds": None, "phase": "knit_wit.phase.answer", "said": {}, "turn": None, "over": False}
    eng = SimpleNamespace(game=SimpleNamespace(id="knit_wit"), status=lambda state: status,
                          phase_key=lambda phase: Engine.phase_key(eng, phase),
                          move_phase=lambda kind: Engine.move_phase(eng, kind))
    app = SimpleNamespace(lang=lang, t=lambda key, **params: say(lang, key, **params))
    assert header(app, eng, {}, "answer").visible is False
    assert read(header(app, eng, {}).content.value) == say(lang, "knit_wit.phase.answer")


@pytest.mark.parametrize("lang, shown", [("en", "Spool 3 of 6 · Scoring"), ("zh-CN", "线轴 3／6 · 计分阶段")])
def test_the_header_names_the_spool_being_scored_not_a_round(lang, shown):
    """While spool 3 of 6 is scored, the header (session and table mode) read "Round 3 of 6 · Scoring" /
    "第 3 轮 / 共 6 轮" over "Spool 3 of 6: …": Knit Wit has no rounds. It names the spool."""
    from views.session import header
    from views.table import status_line

    status = {"round": 3, "rounds": 6, "phase": "knit_wit.phase.scoring", "said": {}, "turn": None, "over": False}
    eng = SimpleNamespace(game=SimpleNamespace(id="knit_wit"), status=lambda state: status)
    app = SimpleNamespace(lang=lang, t=lambda key, **params: say(lang, key, **params))
    line = header(app, eng, {}).content.value
    assert read(line) == shown
    assert read(status_line(lang, {"status": status, "meta": {"game": "knit_wit"}})) == shown


def test_a_challenge_tapped_as_the_table_moves_on_is_not_a_challenge_of_the_next_spool(table):
    """Cleo's phone: "Challenge Ada's answer" tapped on spool 3 while the table moves on to spool 4. Drawn again
    for spool 4, the button is not the control spool 3's was (Flet's own diff), so the tap is answered as too late.
    Before, it challenged Ada's spool 4 answer, which Cleo had not seen (a phone held back in table mode)."""
    from tests.card_view_helpers import taken_over

    answered(table)
    table.tap("The same: cross both out")
    table.tap("Spool 1 done: next spool")
    table.tap("Spool 2 done: next spool")
    challenge = "Challenge Ada's answer"
    old = table.view(seat="Cleo")
    first = next(c for c in walk(old) if isinstance(c, ft.OutlinedButton) and c.content == challenge)
    table.tap("Spool 3 done: next spool")
    new = table.view(seat="Cleo")
    second = next(c for c in walk(new) if isinstance(c, ft.OutlinedButton) and c.content == challenge)
    assert not taken_over(old, first, new, second)


def voted_on_spool_3(table: Table, clock) -> None:
    """Scoring to spool 3, where Ada challenges Bram's answer and the table votes (`VOTES`) once the explanation's
    time is over."""
    answered(table)
    table.tap("The same: cross both out")
    table.tap("Spool 1 done: next spool")
    table.tap("Spool 2 done: next spool")
    table.tap("Challenge Bram's answer")
    table.tap("Ada challenges")
    clock.seconds += 10
    for voter, yes in VOTES:
        table.tap(f"{voter}: {'yes' if yes else 'no'}")


def test_a_players_total_and_a_ballot_never_wrap_apart_on_the_scoring_screen(table, clock):
    """A phone at 2× text size showed "Totals so far: Ann 1, Bob" / "2, Cat 0" and "Ann voted no · Bob voted" /
    "no · …", and in Chinese "Ann 投了反对 · Bob 投了赞" / "成 · …" (a helper's table, play4): each name stays on
    one line with its total and its ballot; lines break only between entries."""
    voted_on_spool_3(table, clock)
    shown = raw_texts(table.view())
    assert "Totals so far: Ada\u00a01, Bram\u00a00, Cleo\u00a07" in shown
    assert "Ada\u00a0voted\u00a0no\u00a0· Bram\u00a0voted\u00a0yes\u00a0· Cleo\u00a0voted\u00a0no" in shown
    zh = raw_texts(table.view("zh-CN"))
    assert "Bram\u00a0投\u2060了\u2060赞\u2060成" in " ".join(zh)


def answer_text(control, answer: str):
    """The big Text of an answer card showing answer."""
    return next(c for c in walk(control) if isinstance(c, ft.Text) and c.value == answer and c.size == 22)


def card_of(control, player: str):
    """The answer card of player on the spool being scored."""
    return next(c for c in walk(control) if isinstance(c, ft.Container) and str(c.key).endswith(f"-{player}"))


def test_an_answer_voted_out_is_crossed_out_on_its_card_like_a_duplicate(table, clock):
    """After "Challenged by Ann, voted out (yes 1 · no 2)" the card of "banana" still looked like a scoring answer
    (plain text, a neutral card) while it scores 0 (a helper's table, play4): a voted-out answer is struck through
    on a red card as a duplicate is; a kept one stays plain."""
    voted_on_spool_3(table, clock)
    for seat in (None, "Ada"):
        tree = table.view(seat=seat)
        struck = answer_text(tree, "cloud").style
        assert struck is not None and struck.decoration == ft.TextDecoration.LINE_THROUGH
        assert card_of(tree, "Bram").bgcolor == ft.Colors.ERROR_CONTAINER
        assert answer_text(tree, "river").style is None
        assert card_of(tree, "Ada").bgcolor == ft.Colors.SURFACE_CONTAINER_HIGHEST


def test_a_score_line_never_breaks_inside_the_spools_name():
    """At 2× text a Knit Wit score line broke "3 号线" / "轴：“moth”…": the spool's number and name are kept on one
    line in Chinese, as read."""
    for key in ("knit_wit.line.valid", "knit_wit.line.duplicate", "knit_wit.line.rejected"):
        line = say("zh-CN", key, spool=3, answer="moth", loops=2)
        assert line.startswith("3\u00a0号\u2060线\u2060轴："), line
        assert read(line).startswith("3 号线轴：“moth”"), line


def test_a_near_tie_in_the_button_race_names_the_move_as_knit_wit_does():
    """Seen in a 5-phone play-test: two buttons taken 52.6 ms apart were announced on every phone as "Near-tie: Cy
    and Dee (claim a reward)", the shell's generic name; Knit Wit's players take a bonus button."""
    tie = {"id": 1, "first": "Cy", "second": "Dee", "type": "claim", "gap_ms": 52.6, "accepted": True}
    assert "(take a bonus button)" in tie_text("en", "knit_wit", tie)
    assert "拿奖励纽扣" in tie_text("zh-CN", "knit_wit", tie)
    assert "claim a reward" not in tie_text("en", "knit_wit", tie)


def test_a_seated_player_who_took_a_button_reads_their_own_answers_while_the_others_write(table):
    """Once a player had taken a button their answer sheet went away while they waited: they could not read their
    own answers. Their phone keeps them, read-only; nobody else's phone and no phone passed round shows them."""
    woven(table)
    write_sheet(table, "Ada", SHEETS["Ada"])
    table.tap("Ada: claim 2")
    mine = table.view(seat="Ada")
    assert not [c for c in walk(mine) if isinstance(c, ft.TextField)]
    shown = texts(mine)
    assert "Your answers (your sheet is locked: you took a button)" in shown
    assert "Spool 1 · worth 2 (red + red): tiger" in shown and "Spool 6 · worth 2 (red + red): (blank)" in shown
    assert "线轴 1 · 值 2 分（red + red）：tiger" in texts(table.view("zh-CN", seat="Ada"))
    assert not any("tiger" in line or "Your answers" in line for line in texts(table.view(seat="Bram")) + table.texts())


def test_a_late_tap_on_a_button_after_the_last_one_was_taken_is_answered_in_the_races_words(table):
    """Table mode, a phone per player: Cleo took the last button while Bram's tap on his was on its way; his phone
    had moved on to the scoring and said "the screen changed… tap again", with no button left. It says who took the
    last button, in Knit Wit's words."""
    woven(table)
    write_sheet(table, "Ada", SHEETS["Ada"])
    table.tap("Ada: claim 2")
    page = StubPage()
    button = next(c for c in walk(table.view(seat="Bram", page=page))
                  if read(getattr(c, "content", None)) == "Bram: claim 1")
    answer = lost_taps.own_answer(page, button._i)
    assert answer is not None and answer() is False and table.errors == []  # the race still runs: as any lost tap
    assert table.apply({"type": "claim", "by": "Cleo", "at": "2024-05-01T20:00:00+00:00"})
    table.view(seat="Bram", page=page)
    assert table.state["phase"] == "scoring" and answer() is True
    assert table.errors == ["knit_wit.app.race.too_late"] and table.said == {"name": "Cleo", "reward": 1}
    assert say("en", table.errors[0], **table.said) == "Too late: Cleo took the last button (1)."
    assert say("zh-CN", table.errors[0], **table.said) == "晚了一步：Cleo 拿走了最后一颗纽扣（1）。"
