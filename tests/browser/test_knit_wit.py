"""Knit Wit in a real browser: a whole 3-player game at phone size — the way in tapped (the new-session screen,
the deal entered, the weave's first two turns with tags drawn from the deck); the turns after that repeat the
same path, so the game goes on from sessions played into the store: its last weave turn tapped (a confirmed
separate region), the last sheet's first two answers typed privately (its others stored), the button race, a
suggested duplicate ruled the same, a challenge voted down once the countdown on screen has run out — then the
final scores on the end screen and `python -m scoring score` on the exported record.

The game is `PLAN` of tests/test_views_knit_wit.py; the hand count of its scores is written there (`EXPECTED`).
The same game, played into the store up to its scoring, checks on a phone and a laptop that the answer cards show
their labels whole on one line (`tests.browser.fit`), and shoots that screen at both sizes in both languages (the
whole game's test shot the same screen so before session 71: a second round of sizes and languages).
"""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stdout
from datetime import datetime, timezone

import pytest
from playwright.sync_api import expect

from scoring.__main__ import main
from scoring.record import new_record
from storage import Store
from tests.browser.conftest import LAPTOP, OUTPUT, PHONE, READ_ALL, Tab
from tests.browser.fit import BODY, BUTTON, CHROME, one_line, text_boxes, width, widths
from tests.browser.shots import shoot_pages
from tests.test_table_hub import HANDS3, WEAVE3
from tests.test_views_knit_wit import CLAIMS, EXPECTED, HANDS, PLAYERS, SHEETS, VOTES, WEAVE
from views.words import say

COUNTDOWN = re.compile(r"^0:(10|0\d)$")
TICKED = re.compile(r"^0:0[0-8]$")
NOW = "2025-01-01T20:00:00+00:00"
OPTIONS = {"deal": "table", "tags": "deck_en", "challenge_seconds": 3}  # as `start_game` sets them on screen
WHY = {"en": "Same word: tiger", "zh-CN": "同一个词：tiger"}  # why Ada's "tiger" and Bram's "tigers" are suggested


def choose_option(tab: Tab, option: str, choice: str) -> None:
    """Open the new-session screen's dropdown of an option by its name and pick a choice: the dropdown is then
    read out with it."""
    tab.tap(option)
    tab.tap(choice, exact=True)
    tab.see_role("button", f"{option} {choice}")


def start_game(tab: Tab) -> str:
    """New Knit Wit session: three players, spools dealt at the table, tags from the English deck."""
    tab.open("/new/knit_wit")
    tab.see_role("textbox", "Seconds to explain")
    for name in PLAYERS:
        tab.fill("New player", name)
        tab.tap("Add", exact=True)
        tab.see(f". {name}")
    tab.to_top()
    start = tab.button("Start", exact=True).bounding_box()
    assert start and start["y"] + start["height"] <= tab.page.viewport_size["height"], start  # at the foot, in sight
    choose_option(tab, "Dealing the spools", "Dealt at the table (entered)")
    choose_option(tab, "Word tags", "The app's English tag deck")
    fill_prefixed(tab, "Seconds to explain", "3")
    tab.shot("knit_wit_phone_new")
    tab.tap("Start", exact=True)
    tab.see("Enter the spools dealt at the table")
    return tab.page.url.rsplit("/", 1)[-1]


def prefixed(tab: Tab, prefix: str):
    """The text field whose label starts with prefix."""
    return tab.page.get_by_role("textbox", name=re.compile("^" + re.escape(prefix))).first


def fill_prefixed(tab: Tab, prefix: str, text: str) -> None:
    """Type into the field whose label starts with prefix as a person would: bring it on screen, tap it once the
    screen is quiet and the field holds still, wait until it is taken for editing, type."""
    field = prefixed(tab, prefix)
    tab.into_view(field)
    tab.quiet()
    tab.type_into(tab.steady(field), text)


def weave(tab: Tab, turns: list[tuple]) -> None:
    """Turns of the weave (of `WEAVE`): draw a tag for the loop, choose what it encloses, then the spool and the
    loops around it."""
    for player, encloses, number, loops, separate in turns:
        tab.see(f"{player}: place a loop")
        if encloses is not None:
            tab.tap(f"Spool {encloses}", exact=True, role="radio")
        tab.tap("Draw a tag and place the loop")
        tab.see(f"{player}: place one of your spools")
        tab.tap(f"Spool {number}", exact=True, role="radio")
        for i in loops:
            tab.press(tab.page.get_by_role("checkbox", name=re.compile(f"^Loop {i} ·")).first)
        if separate:
            tab.shot("knit_wit_phone_weave")
        tab.tap("Place the spool")
        if separate:
            tab.see("already sits inside exactly these loops")
            tab.shot("knit_wit_phone_same_region")
            tab.tap("Yes, a separate region: place it")


def written(player: str) -> int:
    """How many answers of the player's sheet are written."""
    return sum(1 for a in SHEETS[player] if a)


def reused_in_both_languages(tab: Tab) -> None:
    """Cleo takes the phone and uncovers her sheet (its other answers stored) to write spools 1 and 2 privately: her
    spool 1 answer written on spool 2 too, "Done" keeps it under the rule that refused it, said in the screen's
    language (after a switch to 中文 it stayed English); her own spool 2 answer then hides the sheet."""
    tab.tap("Cleo's sheet")
    tab.see("Pass to Cleo")
    tab.tap("I am Cleo: show")
    tab.see("Cleo, enter your answers")
    tab.settle()
    fill_prefixed(tab, "Spool 1 ·", SHEETS["Cleo"][0])
    fill_prefixed(tab, "Spool 2 ·", SHEETS["Cleo"][0].title())
    tab.tap("Done: hide my answers")
    for lang, spool in (("en", "Spool 2 ·"), ("zh-CN", "线轴 2 ·")):  # the field's own words, not the message's
        tab.language(lang)
        reason = say(lang, "knit_wit.answer_reused", text=SHEETS["Cleo"][0], number=1)
        expect(prefixed(tab, spool)).to_have_accessible_description(reason)
    tab.language("en")
    fill_prefixed(tab, "Spool 2 ·", SHEETS["Cleo"][1])
    tab.shot("knit_wit_phone_private_entry")
    tab.tap("Done: hide my answers")
    tab.see(f"Cleo {written('Cleo')}/6")
    tab.gone("Cleo, enter your answers")
    tab.shot("knit_wit_phone_race")


def race(tab: Tab) -> None:
    """The bonus buttons: Cleo takes 2, Ada takes 1, scoring begins."""
    for player, holes in zip(CLAIMS, (2, 1)):
        tab.tap(f"{player}: claim {holes}")
        if holes == 2:
            tab.see(f"{player} took {holes}")
    tab.see("Spool 1 of 6")
    tab.see_button("Undo: Ada took the top button (1 hole)")  # which button: it read "took the top button"


def score(tab: Tab) -> None:
    """Spool by spool: rule the suggested pair the same, vote the challenge down, move on."""
    tab.see("Are Ada's “tiger” and Bram's “tigers” the same answer?")
    tab.see("Same word: tiger")
    tab.shot("knit_wit_phone_suggested")
    tab.tap("The same: cross both out")
    tab.see("Crossed out: the table ruled it the same as Bram's")  # a ruling: nobody wrote “tiger” twice
    tab.tap("Spool 1 done: next spool")
    tab.see("Spool 2 of 6")
    tab.see_button("Undo: The table finished scoring spool 1")  # it read "moved on to the next spool", every spool
    tab.see("Crossed out: the same as Ada")
    tab.tap("Spool 2 done: next spool")
    tab.see("Spool 3 of 6")
    tab.see("Spool 3 of 6 · Scoring")  # the header names the spool, not a round
    tab.tap("Challenge Bram's answer")
    tab.tap("Ada challenges")
    tab.see("Votes open when Bram's time to explain is over.")
    expect(tab.page.get_by_text(COUNTDOWN).first).to_be_attached()
    tab.shot("knit_wit_phone_challenge")
    expect(tab.page.get_by_text(TICKED).first).to_be_attached()
    tab.see("Keep Bram's answer “cloud”?")
    for voter, yes in VOTES:
        word = "yes" if yes else "no"
        tab.tap(f"{voter}: {word}")
        if voter != VOTES[-1][0]:
            tab.see(f"{voter} has voted")  # secret until the last ballot
    tab.see("Challenged by Ada, voted out (yes 1 · no 2)")
    tab.see(" · ".join(f"{voter} voted {'yes' if yes else 'no'}" for voter, yes in VOTES))
    tab.tap("中文", exact=True)
    tab.see("被 Ada 质疑，被投票否决")
    tab.shot("knit_wit_phone_scoring_zh")
    tab.tap("EN", exact=True)
    for number in range(3, 7):
        tab.see(f"Spool {number} of 6")
        tab.tap(f"Spool {number} done: " + ("final scores" if number == 6 else "next spool"))


def exported(tab: Tab) -> dict:
    """The session record as the export button downloads it."""
    with tab.page.expect_download() as download:
        tab.tap("Export as JSON")
    return json.loads(download.value.path().read_text(encoding="utf-8"))


def cli_totals(record: dict) -> dict:
    """Totals printed by `python -m scoring score` on a record file."""
    path = OUTPUT / "knit_wit_game.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["score", str(path)]) == 0
    return {p["name"]: p["total"] for p in json.loads(out.getvalue())["players"]}


def set_language(server, lang: str) -> None:
    """The app's language setting (shared by every tab of the server)."""
    store = Store(server.data)
    store.set_setting("lang", lang)
    store.close()


@pytest.fixture
def english(server):
    """Play in English; the server's other tests expect the default Chinese back afterwards."""
    set_language(server, "en")
    yield
    set_language(server, "zh-CN")


def test_whole_three_player_game(phone, server, english):
    """The way in tapped: a new session, the deal, the weave's first two turns (a loop around nothing, then one
    around a spool). The same game stored up to its last weave turn: that turn's separate region tapped. Stored up
    to its last sheet but Cleo's spools 1 and 2: she writes them privately, then the race, a suggested duplicate
    ruled the same, a challenge voted down and the scores, tapped to the end screen."""
    tab = phone
    start_game(tab)
    for name, hand in HANDS.items():
        tab.fill(f"{name}'s spools (e.g. 1, 4)", ", ".join(map(str, hand)))
    tab.tap("Enter the deal")
    weave(tab, WEAVE[:2])
    tab.see(f"{WEAVE[2][0]}: place a loop")
    tab.open(f"/play/{stored_game(server, OPTIONS, len(WEAVE) - 1, [])}")
    weave(tab, WEAVE[-1:])
    tab.see("Answer sheets")
    sid = stored_game(server, OPTIONS, len(WEAVE), PLAYERS, left={"Cleo": (1, 2)})
    tab.open(f"/play/{sid}")
    for player in PLAYERS[:-1]:
        tab.see(f"{player} {written(player)}/6")
    reused_in_both_languages(tab)
    race(tab)
    score(tab)

    tab.see("Game over")
    tab.see("Winner: Cleo")
    for i, name in enumerate(sorted(EXPECTED, key=EXPECTED.get, reverse=True), start=1):  # the scoreboard's rows
        tab.see_role("button", f"{i}. {name} ({EXPECTED[name]})")
    tab.shot("knit_wit_phone_end")

    tab.resize(LAPTOP)
    tab.to_top()
    tab.see("Winner: Cleo")
    tab.shot("knit_wit_laptop_end")
    tab.resize(PHONE)

    record = exported(tab)
    assert record["id"] == sid
    assert cli_totals(record) == EXPECTED
    rulings = [a for a in record["actions"] if a["type"] == "dup_ruling"]
    assert [(r["a"], r["b"], r["same"]) for r in rulings] == [(["Ada", 1], ["Bram", 1], True)]
    store = Store(server.data)
    assert ("tiger", "tigers") in store.aliases()
    store.close()


def stored_game(server, options: dict, turns: int, writers: list[str], claims: tuple[str, ...] = (),
                left: dict[str, tuple[int, ...]] | None = None) -> str:
    """The game of the test above played straight into the store as far as asked: the deal, the weave's first
    `turns` turns (every tag typed in as "red" when the table types the tags, else drawn from the app's deck), the
    sheets of `writers` but the spools `left` to a player for the phone, and the button `claims`."""
    left = left or {}
    typed = {"tag": "red"} if options.get("tags", "table") == "table" else {}
    actions: list[dict] = [{"type": "deal", "by": "table", "spools": HANDS}]
    for player, encloses, number, loops, separate in WEAVE[:turns]:
        actions += [{"type": "loop", "by": player, **typed, "encloses": [encloses] if encloses else []},
                    {"type": "spool", "by": player, "number": number, "loops": loops, "separate": separate}]
    actions += [{"type": "answer", "by": player, "spool": number, "text": text}
                for player in writers for number, text in enumerate(SHEETS[player], start=1)
                if text and number not in left.get(player, ())]
    actions += [{"type": "claim", "by": player} for player in claims]
    with Store(server.data) as store:
        sid = store.create(new_record("knit_wit", PLAYERS, options, seed=5, now=NOW))
        for action in actions:
            store.play(sid, action, NOW)
    return sid


def scoring_session(server) -> str:
    """The game of the test above at the scoring of spool 1, played straight into the store: the deal, the weave
    (every tag typed in as "red"), the sheets and the button race."""
    return stored_game(server, {"deal": "table"}, len(WEAVE), PLAYERS, tuple(CLAIMS))


def cut_labels(tab: Tab, lang: str) -> list[tuple]:
    """The answer cards' labels not shown whole on one line, or not shown: (what, its words, box width, width
    needed)."""
    cut = []
    for role, key, style, chrome in (("checkbox", "knit_wit.view.pick_for_ruling", BODY, CHROME["checkbox"]),
                                     ("button", "knit_wit.view.challenge", BUTTON, CHROME["button"])):
        for name, need in widths(tab, [say(lang, key, name=p) for p in PLAYERS], style).items():
            box = tab.page.get_by_role(role, name=name, exact=True).first.bounding_box()
            if not one_line(box, need, chrome):
                cut.append((role, name, box["width"], need + chrome))
    for mark in [say(lang, "knit_wit.view.mark_suggested", name=p) for p in ("Ada", "Bram")] + [WHY[lang]]:
        shown = text_boxes(tab, mark)
        if not shown:
            cut.append(("mark", mark, 0, 0))
        for box in shown:
            need = width(tab, box["text"])
            if not one_line(box, need):
                cut.append(("mark", box["text"], box["width"], need))
    return cut


def test_answer_cards_show_their_labels_whole_on_one_line(phone, server):
    """On a phone (390 px) and a laptop, in both languages, each answer card's "Compare …'s answer" checkbox and
    "Challenge …'s answer" button hold their labels on one line, and each mark under an answer is one line: with
    two cards a row on a phone the checkboxes' labels were cut ("Compare Ada's answ"), the challenge buttons'
    labels took two lines in their pills, and a Chinese mark broke inside a word ("相" / "同"; on a laptop "同一个" /
    "词"). Each size and language shot, two screens down (`knit_wit_scoring_*`)."""
    tab = phone.open(f"/play/{scoring_session(server)}")  # the module's phone, moving in the app (not a load)
    cut = []
    langs = ["en", "zh-CN"]
    for size, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        tab.resize(viewport)
        for lang in langs:
            tab.language(lang)
            tab.see(say(lang, "knit_wit.view.pick_hint"))
            tab.settle()
            cut += [(size, *label) for label in cut_labels(tab, lang)]
            shoot_pages(tab, f"knit_wit_scoring_{size}_{'en' if lang == 'en' else 'zh'}")
            tab.to_top()
        langs.reverse()
    assert not cut


def test_a_hidden_sheet_passes_the_tablet_to_the_next_seat(phone, server):
    """Play-test (five friends passing one landscape tablet, session 73): 小红 hid her answers and the tablet still
    said "请把手机交给 小红" over her covered sheet, so 小明, handed the tablet, read her name and had to find his own
    sheet first. Ada, on a 1024×768 tablet in Chinese, writes spool 1 and hides it: the tablet now asks for Bram,
    his cover (not Ada's) waiting, and her answer is nowhere on the screen."""
    tab = phone.open(f"/play/{stored_game(server, {'deal': 'table'}, len(WEAVE), [])}")
    tab.resize({"width": 1024, "height": 768})
    tab.tap(say("zh-CN", "app.private.show", name="Ada"), exact=True)
    fill_prefixed(tab, "线轴 1 ·", SHEETS["Ada"][0])
    tab.tap(say("zh-CN", "app.private.done"), exact=True)
    tab.see(say("zh-CN", "app.private.pass_to", name="Bram"))
    tab.see_button(say("zh-CN", "app.private.show", name="Bram"))
    tab.gone(say("zh-CN", "app.private.pass_to", name="Ada"))
    assert SHEETS["Ada"][0] not in tab.page.evaluate(READ_ALL)
    tab.shot("knit_wit_tablet_passed_on")


def test_a_crossed_out_answer_names_its_twins_as_a_chinese_sentence_does(phone, server):
    """Play-test (a family's game in table mode, session 76): 爸爸's crossed-out answer read "划掉：与 奶奶和 Ann 的一样",
    a space after 与 where a Chinese sentence has none (the list's own space before "Ann" kept the template's). On
    the phone in Chinese, three identical answers on spool 1: 爸爸's card says "划掉：与奶奶和 Ann 的一样"."""
    family = ["爸爸", "奶奶", "Ann"]
    seats = dict(zip("ABC", family))
    actions = [{"type": "deal", "by": "table", "spools": {seats[s]: hand for s, hand in HANDS3.items()}}]
    for by, tag, encloses, number, loops in WEAVE3:
        actions += [{"type": "loop", "by": seats[by], "tag": tag, "encloses": encloses},
                    {"type": "spool", "by": seats[by], "number": number, "loops": loops}]
    actions += [{"type": "answer", "by": name, "spool": 1, "text": "苹果"} for name in family]
    actions += [{"type": "claim", "by": name} for name in family[:2]]
    with Store(server.data) as store:
        sid = store.create(new_record("knit_wit", family, {"deal": "table"}, seed=5, now=NOW))
        for action in actions:
            store.play(sid, action, NOW)
    tab = phone.open(f"/play/{sid}")
    tab.see("划掉：与奶奶和 Ann 的一样")
    tab.shot("knit_wit_crossed_out_twins_zh")


GRANNY = ("奶奶", "小明", "Ann")  # the play-test's table: 奶奶's phone, text at 2x, in Chinese
AT_PIN = "4321"


def granny_record(scoring: bool, explaining: bool = False) -> dict:
    """Knit Wit for 奶奶, 小明 and Ann after the weave of tests/test_table_hub.py: everyone answering; or (scoring)
    everyone's spool 1 written, both buttons taken, and 奶奶's challenge of 小明's answer open, its explanation
    over (or, explaining, made now with two minutes to explain)."""
    seat = dict(zip("ABC", GRANNY))
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    actions: list[dict] = [{"type": "deal", "by": "table", "spools": {seat[p]: n for p, n in HANDS3.items()}}]
    for by, tag, encloses, number, loops in WEAVE3:
        actions += [{"type": "loop", "by": seat[by], "tag": tag, "encloses": encloses},
                    {"type": "spool", "by": seat[by], "number": number, "loops": loops}]
    if scoring:
        actions += [{"type": "answer", "by": p, "spool": 1, "text": text}
                    for p, text in zip(GRANNY, ("向日葵", "香蕉", "柠檬"))]
        actions += [{"type": "claim", "by": "奶奶"}, {"type": "claim", "by": "小明"},
                    {"type": "challenge", "by": "奶奶", "target": "小明", "at": now if explaining else NOW}]
    seconds = 120 if explaining else 1
    return new_record("knit_wit", list(GRANNY), {"deal": "table", "challenge_seconds": seconds}, now=NOW) | {
        "actions": actions}


def seat_granny(tab: Tab, server, scoring: bool, explaining: bool = False) -> str:
    """A table of `granny_record` with PIN `AT_PIN`, and 奶奶's phone seated at it with the PIN; its id."""
    with Store(server.data) as store:
        sid = store.create(granny_record(scoring, explaining))
        store.set_table(sid, {"pin": AT_PIN, "seats": {}, "referee": None, "fails": 0, "wait_until": 0.0,
                              "ties": []})
    tab.open(f"/join/{sid}")
    tab.fill("本桌口令", AT_PIN)
    tab.tap(re.compile(r"^我是\s?奶奶$"))
    tab.see(re.compile(r"^你是\s?奶奶$"))
    return sid



def in_sight(box: dict | None) -> bool:
    """Whether a box is wholly on a phone's first screen."""
    return bool(box) and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"]


def test_a_seated_phone_at_twice_the_text_shows_its_sheet_and_button_first(phone, server):
    """Play-test (奶奶's phone, 390x844, text at 2x, Chinese, seated with the PIN): while answering, her pinned
    button, the others' race, the status lines and the table's options filled the first screen, her first answer
    field began at 836 px. Her phone now leads its view with her next step (the engine's prompt: "下一步（奶奶）：
    作答") as her sheet's title, the options below the view: her button is large and in sight at the top, and her
    first answer field wholly on the first screen."""
    from tests.browser.test_card_games import TWICE_PX, root_font
    tab = phone.open("/")  # its root font set on the running page, which Flutter follows (a load resets it)
    root_font(tab, TWICE_PX)
    try:
        seat_granny(tab, server, scoring=False)
        tab.see("下一步（奶奶）：作答")
        field = tab.page.get_by_role("textbox", name=re.compile(r"^线轴 1 ·")).first
        claim = tab.page.get_by_role("button", name="奶奶：抢 2", exact=True).first
        first, button = tab.steady(field).bounding_box(), tab.steady(claim).bounding_box()
        tab.shot("knit_wit_seated_sheet_twice_the_text")
        assert in_sight(first), first
        assert in_sight(button) and button["height"] >= 72 and button["y"] < first["y"], button
        options = text_boxes(tab, "被质疑后解释的秒数")
        assert options and all(box["y"] > first["y"] for box in options), options  # below her sheet
    finally:
        root_font(tab, None)


def test_a_voters_phone_at_twice_the_text_says_a_vote_is_open_at_its_top(phone, server):
    """Play-test (same phone): after 奶奶 challenged 小明's answer, the countdown and the vote were below the
    screen and nothing at its top said a vote was open. While 小明 explains, her phone's top now says what is put to
    the vote, that votes open once the explanation is over, and the countdown; once it is over, her yes and no are
    pinned there with the question."""
    from tests.browser.test_card_games import TWICE_PX, root_font
    question = "保留小明的答案“香蕉”吗？"
    tab = phone.open("/")
    root_font(tab, TWICE_PX)
    try:
        seat_granny(tab, server, scoring=True, explaining=True)
        tab.see(question)
        lines = text_boxes(tab, "香蕉”吗") + text_boxes(tab, "解释时间结束后才能投票")
        tab.shot("knit_wit_seated_vote_open_twice_the_text")
        assert len(lines) == 2 and all(in_sight(box) and box["y"] < PHONE["height"] / 3 for box in lines), lines
        seat_granny(tab, server, scoring=True)
        tab.see(question)
        ballots = [tab.steady(tab.button(f"奶奶：{side}", exact=True)).bounding_box() for side in ("赞成", "反对")]
        tab.shot("knit_wit_seated_vote_twice_the_text")
        assert all(in_sight(box) for box in ballots), ballots
    finally:
        root_font(tab, None)
