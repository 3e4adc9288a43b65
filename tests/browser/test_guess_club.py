"""Guess Club in a real browser: a short 3-player game (2 cards a round) through all three rounds — topics drawn and
typed, hidden answers passed round the phone (a hand with one answer twice refused, one with "plums" and "plum" flagged
under the later field before it is sent, edited into "plumz" and flagged again, then changed), plays with the setter's
rulings, a prediction, a match the setter ticks by hand, unplayed cards ruled invalid (a long one's words wrapped whole
beside its checkbox on the phone), the settlements — then the final money on screen, and `python -m scoring score` on
the exported record prints the same money. Round 1 is tapped; round 2 is tapped but its three hands (the same steps as
round 1's), played through the engine on a stored copy of the session after its topic is typed; round 3 (the same steps
again) is played so up to its settlement, which is tapped. Screenshots at phone and laptop size."""

from __future__ import annotations

import contextlib
import io
import json
import re

import pytest
from playwright.sync_api import expect

from scoring.__main__ import main as scoring_main
from storage import Store
from tests.browser.conftest import LAPTOP, OUTPUT, PHONE, WAIT_MS, Tab, shown_as
from tests.browser.fit import BODY, CHROME, whole, width
from tests.browser.shots import screens
from tests.browser.test_nab_it import played_on_a_copy
from views.games.guess_club import topics

PLAYERS = ["Gia", "Hal", "Ivy"]
FINAL = {"Gia": 330, "Hal": 230, "Ivy": 150}
# Round 3 as the setter Ivy's table plays it: a drawn topic, the hands, Gia's prediction, Hal's "dog" matched by
# Gia's, Ivy's "bird" ruled out, Gia's "cat"; then the round waits for its settlement.
ROUND_3 = [{"type": "topic", "by": "Ivy", "text": topics()["en"][0]},
           *({"type": "answers", "by": name, "cards": cards}
             for name, cards in (("Gia", ["cat", "dog"]), ("Hal", ["cow", "dog"]), ("Ivy", ["bird", "fish"]))),
           {"type": "predict", "by": "Gia", "number": 1},
           {"type": "play", "by": "Hal", "card": "dog"},
           {"type": "rule", "by": "Ivy", "valid": True, "matches": [["Gia", 1]]},
           {"type": "play", "by": "Ivy", "card": "bird"}, {"type": "rule", "by": "Ivy", "valid": False, "matches": []},
           {"type": "play", "by": "Gia", "card": "cat"}, {"type": "rule", "by": "Ivy", "valid": True, "matches": []}]
# A card three lines long beside its checkbox on a phone: cut on one line, its box would be 40 px tall, as tall as
# two lines (an English card of 80 characters, the most a card takes, needs only two).
LONG = "粉红色的火烈鸟在夏天快要结束的时候单脚站在浅浅的盐湖里，一动不动地看着远处的落日慢慢沉下去"
# Round 2's hands, each the same steps as round 1's passed round the phone: played through the engine.
HANDS_2 = [("Gia", ["bananas", "navy"]), ("Hal", ["teal", LONG]), ("Ivy", ["banana", "lime"])]


class Game:
    """The tab and the number of actions taken, to wait on the log after each one."""

    def __init__(self, tab: Tab):
        self.tab, self.actions = tab, 0

    def acted(self) -> None:
        """Wait until the log shows one more action."""
        self.actions += 1
        self.tab.see(f"Action log ({self.actions})")

    def topic(self, setter: str, text: str | None) -> None:
        """The setter types a topic, or draws one from the list when text is None, and sets it."""
        self.tab.see(f"{setter}, give the topic")
        if text is None:
            self.tab.tap("Random topic")
        else:
            self.tab.fill("Topic", text)
        self.tab.tap("Set topic")
        self.acted()
        shown = self.tab.page.get_by_text(re.compile(r"^Topic: ")).first.inner_text().removeprefix("Topic: ")
        assert shown == text if text else shown in topics()["en"]

    def answers(self, hands: dict[str, list[str]]) -> None:
        """Each player in turn takes the phone, writes their answers and hides them."""
        for player, cards in hands.items():
            self.tab.see(f"Pass to {player}")
            self.tab.tap(f"I am {player}: show")
            self.tab.fill_all({f"Answer {i + 1}": text for i, text in enumerate(cards)})
            self.tab.tap("Done: hide my answers")
            self.acted()

    def predict(self, player: str, number: int) -> None:
        """The active player puts a marker on number."""
        self.tab.see(f"{player} may predict instead")
        self.tab.tap(str(number), exact=True)
        self.acted()

    def play(self, player: str, text: str) -> None:
        """The active player takes the phone and reads a card out."""
        self.tab.see(f"{player}: play a card")
        self.tab.tap(f"I am {player}: show")
        self.tab.tap(f"Read out “{text}”")
        self.acted()
        self.tab.see(f"{player} reads out: “{text}”")

    def rule(self, valid: bool, matches: int = 0) -> None:
        """The setter rules on the card read out."""
        if valid:
            self.tab.tap(f"Fits the topic (matching cards: {matches};")
        else:
            self.tab.tap("Does not fit")
        self.acted()

    def settle(self, number: int, invalid: list[str] = ()) -> None:
        """The setter ticks the unplayed cards that do not fit and settles the round."""
        self.tab.see("Round over.")
        for label in invalid:
            self.tab.tap(label, role="checkbox")
            expect_checked(self.tab, label)
        self.tab.tap(f"Settle round {number}")
        self.acted()


def expect_checked(tab: Tab, label: str) -> None:
    """Wait until the checkbox with this label is ticked."""
    expect(tab.page.get_by_role("checkbox", name=label).first).to_be_checked(timeout=WAIT_MS)


def shown_whole(tab: Tab, label: str) -> bool:
    """Whether a checkbox's words are shown whole beside it within the screen, on as many lines as they need (not
    one line cut at the screen's edge, as Flet's own checkbox label was)."""
    box = tab.page.get_by_role("checkbox", name=label).first
    box.scroll_into_view_if_needed()
    tab.settle()
    shown = box.bounding_box()
    return (shown["x"] + shown["width"] <= PHONE["width"]
            and whole(shown, width(tab, label), CHROME["checkbox"], BODY[0]))


def english(tab: Tab) -> None:
    """Open home and switch to English if the app is in Chinese."""
    tab.open("/")
    tab.language("en")
    tab.see("Tableside")


def start(tab: Tab) -> str:
    """A new 3-player session with 2 cards a round; returns its id."""
    tab.press(tab.page.get_by_role("group", name="Guess Club").get_by_role("button", name="New session"))
    tab.see("New session: Guess Club")
    for name in PLAYERS:
        tab.fill("New player", name)
        tab.tap("Add", exact=True)
        tab.see(f"{PLAYERS.index(name) + 1}. {name}")
    tab.fill("Answer cards per player each round", "2")
    tab.tap("Start", exact=True)
    tab.see("Round 1: Gia, give the topic")
    return tab.page.url.rsplit("/", 1)[-1]


def printed_money(record_text: str, tmp_path) -> dict[str, int]:
    """What `python -m scoring score` prints for the record: each player's total."""
    path = tmp_path / "guess_club.json"
    path.write_text(record_text, "utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert scoring_main(["score", str(path)]) == 0
    return {p["name"]: p["total"] for p in json.loads(out.getvalue())["players"]}


@pytest.fixture
def language_kept(server):
    """The app's language setting as it was before the test (the test switches it)."""
    store = Store(server.data)
    before = store.settings()["lang"]
    store.close()
    yield
    store = Store(server.data)
    store.set_setting("lang", before)
    store.close()


def test_three_player_game_to_the_end(server, phone, language_kept, tmp_path):
    """Three rounds at phone size; the final money on screen equals what the CLI prints for the export."""
    tab = phone
    english(tab)
    sid = start(tab)
    game = Game(tab)
    tab.see("Pot 30")
    tab.see("Bonus board 30")
    tab.shot("guess_club_phone_topic")

    game.topic("Gia", None)
    tab.tap("I am Gia: show")
    tab.fill_all({"Answer 1": "apple", "Answer 2": "Apple"})
    tab.tap("Done: hide my answers")
    tab.see("Cards 1 and 2 are the same answer")
    said = tab.steady(tab.page.get_by_text(shown_as("Cards 1 and 2 are the same answer")).first).bounding_box()
    field, done = tab.field("Answer 2").bounding_box(), tab.button("Done: hide my answers").first.bounding_box()
    assert field["y"] + field["height"] <= said["y"] + 1 and said["y"] + said["height"] <= done["y"] + 1, said
    tab.fill("Answer 2", "pear")
    tab.tap("Done: hide my answers")
    game.acted()
    tab.see("Pass to Hal")
    tab.tap("I am Hal: show")
    tab.fill_all({"Answer 1": "plums", "Answer 2": "plum"})
    tab.tap("Done: hide my answers")
    flagged = "“plums” and “plum” may count as the same answer"
    tab.see(flagged)
    said = tab.steady(tab.page.get_by_text(shown_as(flagged)).first).bounding_box()
    field, done = tab.field("Answer 2").bounding_box(), tab.button("Done: hide my answers").first.bounding_box()
    assert field["y"] + field["height"] <= said["y"] + 1 and said["y"] + said["height"] <= done["y"] + 1, said
    tab.see(f"Action log ({game.actions})")
    tab.fill("Answer 1", "plumz")
    tab.tap("Done: hide my answers")
    tab.see("“plumz” and “plum” may count as the same answer")
    tab.see(f"Action log ({game.actions})")
    tab.fill("Answer 1", "Apple")
    tab.tap("Done: hide my answers")
    game.acted()
    game.answers({"Ivy": ["kiwi", "grape"]})
    tab.see("Pass to Hal")
    tab.shot("guess_club_phone_cover")
    game.predict("Hal", 1)
    tab.see("Hal pays 10 into the pot")
    game.play("Ivy", "kiwi")
    tab.see("The app found no matching card.")
    game.rule(True)
    tab.see("Ivy pays 10 into the pot")
    game.play("Gia", "apple")
    tab.see("Written the same (ignoring case).")
    tab.shot("guess_club_phone_ruling")
    game.rule(True, matches=1)
    tab.see("Gia takes 50 from the pot")
    tab.see("30 from the bank into the pot")
    tab.shot("guess_club_phone_transfer")
    game.play("Hal", "plum")
    game.rule(False)
    tab.see("Hal pays 20 into the pot")
    game.settle(1)
    tab.see("Predictions paid: Hal 80")
    tab.see("Money now: Gia 200, Hal 200, Ivy 140")
    tab.shot("guess_club_phone_settled")

    game.topic("Hal", "Yellow things")
    sid = played_on_a_copy(server, sid, [{"type": "answers", "by": name, "cards": cards} for name, cards in HANDS_2])
    game.actions += len(HANDS_2)
    tab.open(f"/play/{sid}")
    game.play("Ivy", "banana")
    tab.see("Same word: banana")
    screens(tab, "guess_club_ruling", end_in="en")
    tab.tap("Gia: “bananas”", role="checkbox")
    expect_checked(tab, "Gia: “bananas”")
    game.rule(True, matches=1)
    tab.see("Ivy takes 30 from the pot")
    tab.see("Remembered as the same answer: “banana” = “bananas”")
    game.play("Gia", "navy")
    game.rule(True)
    tab.see("Round over.")
    assert shown_whole(tab, f"Hal: “{LONG}”"), "a long unplayed card is cut beside its checkbox on a phone"
    game.settle(2, invalid=[f"Hal: “{LONG}”"])
    tab.see("Penalties for unplayed cards: Hal 20")
    tab.see("Nobody predicted 1")
    tab.see("Money now: Gia 190, Hal 180, Ivy 170")

    sid = played_on_a_copy(server, sid, ROUND_3)
    with Store(server.data) as store:
        game.actions = len(store.load(sid)["actions"])
    tab.open(f"/play/{sid}")
    tab.see("Round over.")
    tab.see("Hal played “dog”")  # a card the record names by its text (it read "Hal played card dog")
    tab.shot("guess_club_phone_settle")
    game.settle(3, invalid=["Hal: “cow”"])

    tab.see("Game over")
    tab.see("Winner: Gia")
    tab.see("Round 3 settled · matches: 1")
    tab.see("Gia takes 80 from the bonus board")
    tab.see("Money now: Gia 330, Hal 230, Ivy 150")
    for place, (name, money) in enumerate(sorted(FINAL.items(), key=lambda kv: -kv[1]), start=1):
        tab.see(f"{place}. {name} ({money})")
    tab.see("Scores round by round")
    tab.shot("guess_club_phone_end")
    tab.page.get_by_text("Round 3 settled · matches: 1").first.scroll_into_view_if_needed()
    tab.shot("guess_club_phone_end_settlement")

    tab.resize(LAPTOP)
    tab.to_top()
    tab.see("Winner: Gia")
    tab.tap("中文", exact=True)
    tab.see("获胜者：Gia")
    tab.see("第 3 轮已结算")
    tab.shot("guess_club_laptop_end_zh")

    store = Store(server.data)
    try:
        text = store.export(sid)
        aliases = store.aliases()
    finally:
        store.close()
    assert printed_money(text, tmp_path) == FINAL
    assert ("banana", "bananas") in aliases or ("bananas", "banana") in aliases
    assert (OUTPUT / "guess_club_phone_end.png").exists()
