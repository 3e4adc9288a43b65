"""Nab-It! in a real browser on a portrait tablet (1024×1366), played by taps: two players with colours and 5 tiles
each, CAT built (its draft tiles and the cell chosen for the next read "in your word" after their names) and
stacked BAT by taps; HAT and MAT (the same stacking again) each played through the engine on a
stored copy of the session the tab then moves to; Ann's announcement of her last tile (on Ben's turn, between them)
and her R capping RAT with it tapped; Ben's challenge of RAT goes to the table's vote, which keeps the word list's
verdict; the table ends the game. The totals on the end screen, then the exported record through `python -m scoring
score`: Ann 1 controlled word + 1 last tile = 2, Ben 0. Screenshots go to tests/output/.

Turned into a 390×844 phone once after the start (no new load), the whole start board fills the page's width, its
cells touching and at least 24.5 px (a finger's target; 15 columns leave no room for 48 px there); there a lone
tile is said to be unfinished and a second one out of its line to be refused for good, each reason above the
letter keys and within the phone's first screen (it was drawn under the keys, 936 px down on the 844 px screen),
the tiles still placed; both are taken back before the tablet plays on.

A tablet in portrait shows the board, the letters and the buttons of a turn at once. (On a shorter screen a
person scrolls with the wheel or a swipe; Playwright's own scroll-into-view leaves Flutter's semantics nodes
offset from the painted screen, so the next tap lands elsewhere: see the Kingdomino browser test.)

On a phone, a stored game of four whose word ZOX is challenged: the vote tapped out 2–2 says that a tie keeps the
word list's verdict, on screen within the phone's width and in the deciding ballot's log row.

No screen is wider than the tablet (or the phone) it is on: Nab-It!'s at three sizes, in both languages and at 2x
text, and every other game's on a landscape tablet.

Every test plays on the module's one tab (`phone`), turned into the tablet its test names (`Tab.resize`, as a
person turns a tablet): one load for the file, not five."""

from __future__ import annotations

import json
import pkgutil
import re
import subprocess
import sys

from playwright.sync_api import expect

import scoring.games
from scoring.record import new_record
from storage import Store
from tests.browser.conftest import (OUTPUT, PAINTED, PHONE, POLL_MS, ROOT, SEEN, SEEN_AREA, TAP, WAIT_MS, Tab,
                                    shown_as)
from tests.browser.fit import lines_with, text_boxes
from tests.browser.test_card_games import TWICE_PX
from tests.browser.test_screens import open_screen
from tests.browser.test_shell import root_font

PLAYERS = {"Ann": "Red", "Ben": "Blue"}  # each seat's colour by default (a free one, in seat order)
TOTALS = {"Ann": 2, "Ben": 0}
TABLET = {"width": 1024, "height": 1366}
PAGE_PADDING = 8  # px each side of the screen's content
FITTED_CELL = 24.5  # px: a phone's 15 columns share its 374 px without gaps (they were 23.1 px beside 2 px gaps)
# The innermost semantics node whose label or text starts with a prefix: its box, the part of the screen its
# scrolling area shows, and the box of the first letter key ("A"); null while there is none.
SAID_WHERE = f"""prefix => {{ {SEEN_AREA}
  const said = e => ((e.getAttribute('aria-label') || '') + ' ' + e.textContent).trim();
  const found = Array.from(document.querySelectorAll('flt-semantics')).filter(e => said(e).startsWith(prefix));
  const key = Array.from(document.querySelectorAll('flt-semantics[role=button]')).find(e => said(e) === 'A');
  if (!found.length || !key) return null;
  const el = found[found.length - 1], r = el.getBoundingClientRect();
  return {{top: r.top, bottom: r.bottom, seen: seenArea(el), key: key.getBoundingClientRect().top}};
}}"""


def tablet(phone: Tab, viewport: dict) -> Tab:
    """The module's phone on its home screen, turned into a tablet of this size (a load costs about 5 s of CPU)."""
    tab = phone.open("/")
    tab.resize(viewport)
    return tab


def set_english(tab: Tab) -> None:
    """Switch the app (Chinese on a fresh data folder) to English."""
    tab.see_button("EN")
    tab.tap("EN", exact=True)


def choose_colour(tab: Tab, name: str, colour: str) -> None:
    """Open the seat's colour dropdown (by its name) and pick a colour."""
    tab.tap(f"Colour of {name}")
    tab.tap(colour, exact=True)
    tab.see_role("button", f"Colour of {name} {colour}")


def start_session(tab: Tab) -> None:
    """The new-session screen (opened by its address, as the other game tests do), two seats each given a free
    colour, Ann's changed to green, 5 tiles a colour, start."""
    tab.open("/new/nab_it")
    set_english(tab)
    tab.see("New session: Nab-It!")
    for i, (name, colour) in enumerate(PLAYERS.items()):
        tab.fill("New player", name)
        tab.tap("Add", exact=True)
        tab.see(f"{i + 1}. {name}")
        tab.see_role("button", f"Colour of {name} {colour}")
    choose_colour(tab, "Ann", "Green")
    tab.fill("Letters per colour (? is the blank)", "A2 T2 S1")
    tab.tap("Start", exact=True)
    tab.see("Next: Ann — play letter tiles")
    tab.see("Tap a cell, then a letter.")
    assert tab.page.get_by_text("Ann's turn").count() == 0  # the next-step line names the turn, once


def place(tab: Tab, row: int, col: int, letter: str, shown: str = "Empty") -> None:
    """Tap a board cell by its accessible name (1-based; a played tile's says whose it is), then a letter of the
    picker."""
    tab.tap(f"Row {row}, column {col}: {shown}", exact=True)
    tab.see(f"Cell row {row}, column {col}: now tap a letter.")
    tab.tap(letter, exact=True)
    tab.see("Tap a cell, then a letter.")


def square(tab: Tab, row: int, col: int):
    """A board cell (1-based) by its accessible name, whatever it shows."""
    return tab.page.get_by_role("button", name=re.compile(rf"^Row {row}, column {col}: "))


def in_your_word(tab: Tab, row: int, col: int, shown: str) -> None:
    """Wait until a cell's flt-semantics node reads its name, then "in your word" (a draft tile, the chosen cell)."""
    said = re.compile(rf"^Row {row}, column {col}: {shown}\s+in your word$")
    expect(square(tab, row, col)).to_have_text(said, timeout=WAIT_MS)


def send(tab: Tab, word: str, count: int) -> None:
    """The draft's word is in the list; Play; the log has count actions."""
    tab.see(f"{word}: in the word list")
    tab.tap("Play", exact=True)
    tab.see("Last play, by")
    tab.see(f"({count})")


def exported_totals(tab: Tab, name: str) -> dict:
    """Export the session with the app's button, run `python -m scoring score` on the file, return the totals."""
    with tab.page.expect_download() as download:
        tab.tap("Export as JSON")
    path = OUTPUT / f"{name}.json"
    download.value.save_as(path)
    out = subprocess.run([sys.executable, "-m", "scoring", "score", str(path)], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    return {p["name"]: p["total"] for p in json.loads(out)["players"]}


def played_on_a_copy(server, sid: str, actions: list[dict]) -> str:
    """A copy of the stored session, stored as a new one (with an id of its own), with actions played on it through
    the engine as the app plays them; returns its id."""
    with Store(server.data) as store:
        record = store.load(sid)
        copy = store.create({**record, "id": "", "created": "", "updated": ""})
        for action in actions:
            store.play(copy, action, record["updated"])
        return copy


def stacked(tab: Tab, server, by: str, letter: str) -> None:
    """Move the tab to a copy of its session with one more play by `by`: letter stacked where the last play's
    tile went, played through the engine as that play was logged (the same taps as the plays before it)."""
    sid = tab.page.url.rsplit("/", 1)[-1]
    with Store(server.data) as store:
        last = [action for action in store.load(sid)["actions"] if action["type"] == "play"][-1]
    play = {**last, "by": by, "tiles": [{**last["tiles"][0], "letter": letter}]}
    tab.open(f"/play/{played_on_a_copy(server, sid, [play])}")


def phone_cells_fill_the_width(tab: Tab) -> None:
    """Turned into a 390 px phone (no new load), the whole 15-column start board spans the page's width inside
    its padding, nothing cut, its cells at least FITTED_CELL px (a finger's target); it stays a phone."""
    tab.resize(PHONE)
    first, last = (square(tab, 8, col).bounding_box() for col in (1, 15))
    assert first["x"] >= PAGE_PADDING and last["x"] + last["width"] <= PHONE["width"] - PAGE_PADDING + 0.5, last
    assert first["width"] >= FITTED_CELL and first["height"] >= FITTED_CELL, first


def reason_in_sight(tab: Tab, prefix: str) -> None:
    """Wait until the draft's reason starting with prefix is said, then (the frame painted) check it lies wholly in
    the part of the screen in sight, within the viewport's height, and above the first letter key."""
    tab.page.wait_for_function(SAID_WHERE, arg=prefix, polling=POLL_MS)
    tab.quiet()
    tab.page.evaluate(PAINTED)
    where = tab.page.evaluate(SAID_WHERE, prefix)
    top, bottom = where["seen"]
    assert top <= where["top"] and where["bottom"] <= min(bottom, tab.page.viewport_size["height"]), where
    assert where["bottom"] <= where["key"], where


def phone_says_why_above_the_keys(tab: Tab) -> None:
    """On the phone: a lone tile (row 8, column 6) is an unfinished word, a second at row 9, column 7 breaks the
    one-line rule for good; each reason in sight above the keys, the tiles kept; both taken back."""
    place(tab, 8, 6, "C")
    reason_in_sight(tab, "Not finished yet: A play must form a word")
    in_your_word(tab, 8, 6, "C")
    place(tab, 9, 7, "A")
    reason_in_sight(tab, "Cannot be played: The tiles of a turn go in one row or one column.")
    tab.shot("nab_it_phone_refused")
    in_your_word(tab, 8, 6, "C")
    in_your_word(tab, 9, 7, "A")
    for row, col in ((9, 7), (8, 6)):
        tab.press(square(tab, row, col).first)
        tab.see_role("button", f"Row {row}, column {col}: Empty")
    tab.gone("Not finished yet")


def test_two_players_cap_a_word_and_finish(phone, server):
    """Start with colours, build and cap RAT, announce and play the last tile, challenge, end, compare totals."""
    tab = tablet(phone, TABLET)
    start_session(tab)
    tab.shot("nab_it_tablet_start")
    phone_cells_fill_the_width(tab)
    phone_says_why_above_the_keys(tab)
    tab.resize(TABLET)

    for col, letter in ((6, "C"), (7, "A")):
        place(tab, 8, col, letter)
    tab.tap("Row 8, column 8: Empty", exact=True)
    in_your_word(tab, 8, 8, "Empty")  # the cell chosen for the next tile, in the marked frame, read as in the draft
    in_your_word(tab, 8, 6, "C")
    tab.tap("T", exact=True)
    in_your_word(tab, 8, 8, "T")
    send(tab, "CAT", 1)
    tab.see("Next: Ben — play letter tiles")
    place(tab, 8, 6, "B", shown="C, Ann's tile")
    send(tab, "BAT", 2)
    stacked(tab, server, "Ann", "H")
    tab.see_role("button", "Row 8, column 6: H, Ann's tile")
    tab.tap("Ann: last tile!")
    tab.see("(4)")
    stacked(tab, server, "Ben", "M")
    tab.see_role("button", "Row 8, column 6: M, Ben's tile")
    place(tab, 8, 6, "R", shown="M, Ben's tile")
    tab.see("Caps 1 stack:")
    tab.shot("nab_it_tablet_cap_preview")
    send(tab, "RAT", 6)
    tab.see("Ann played their last tile.")
    tab.see("controls RAT")
    tab.see("capped 1 stack and took RAT")  # the log's row: her last tile, so nothing left to bank

    tab.tap("Ben challenges RAT")
    tab.see("Keep RAT?")
    tab.tap("Ann: yes")
    tab.tap("Ben: yes")
    tab.see("RAT stands: the word list has it")
    tab.see("Ann voted yes · Ben voted yes")
    tab.tap("The last play stands: end the game")
    tab.see("Winner: Ann")
    for row in ("1. Ann (2)", "2. Ben (0)"):  # the scoreboard's rows
        tab.see_role("button", row)
    tab.see("Controlled words: RAT (1 × 1 point)")  # Ann's RAT, 1 point each: 1; then the last tile's 1
    tab.see("Played the last tile")
    tab.shot("nab_it_tablet_end", full_page=True)

    assert exported_totals(tab, "nab_it_export") == TOTALS


def test_a_two_two_vote_says_the_word_lists_verdict_settled_it(phone, server):
    """Play-test (a Chinese family of four, session 72): ZOX challenged, the vote 2–2; the screen said only "ZOX
    不成立" under two ballots each way, and the log only who voted. On a phone the tie's line says the word list's
    verdict settled it, within the screen's width, and the deciding ballot's row says the count and the outcome."""
    seats = [{"name": n, "colour": c} for n, c in (("爸爸", "red"), ("妈妈", "blue"), ("小明", "green"),
                                                   ("奶奶", "yellow"))]
    tiles = [{"row": 8, "col": c, "letter": letter, "blank": False} for c, letter in ((6, "Z"), (7, "O"), (8, "X"))]
    with Store(server.data) as store:
        sid = store.create(new_record("nab_it", seats, now="2026-12-07T08:15:00+00:00"))
        for action in ({"type": "play", "by": "爸爸", "tiles": tiles}, {"type": "challenge", "by": "小明", "word": "ZOX"}):
            store.play(sid, action, "2026-12-07T08:16:00+00:00")
    tab = phone.open(f"/play/{sid}")
    for ballot in ("小明：赞成", "奶奶：反对", "爸爸：赞成", "妈妈：反对"):
        tab.tap(ballot, exact=True)
    tie = "平票（赞成 2，反对 2）：按词表的结论，词表中没有 ZOX"
    tab.see(tie)
    tab.see("妈妈对 ZOX 投了票：赞成 2，反对 2，平票按词表：ZOX 不成立，出牌收回")
    tab.into_view(tab.page.get_by_text(shown_as(tie)).first)
    boxes = [b for b in text_boxes(tab, "平票") if b["text"].startswith("平票")]
    assert boxes and all(0 <= b["x"] and b["x"] + b["width"] <= PHONE["width"] for b in boxes), boxes
    tab.shot("nab_it_phone_tied_vote")


FAMILY = [{"name": n, "colour": c} for n, c in (("爸爸", "red"), ("妈妈", "blue"), ("小明", "green"), ("奶奶", "yellow"))]
LANDSCAPE = {"width": 1024, "height": 768}
LANDSCAPE_CELL = 34  # px: a landscape tablet's board cell at the least (about 7 mm there; it was 30.5)
PORTRAIT = {"width": 768, "height": 1024}
TURN_BUTTONS = {"zh-CN": ("出牌", "收回", "换牌并过"), "en": ("Play", "Take back", "Swap & pass")}


def family_game(server) -> str:
    """A stored game of four (the play-testers' family), on 爸爸's first turn, tiles from the real bags (A–Z)."""
    with Store(server.data) as store:
        return store.create(new_record("nab_it", FAMILY, now="2026-12-07T08:15:00+00:00"))


def seen_box(tab: Tab, name: str) -> dict:
    """Where the button of this whole name is on the settled screen, and the part of the screen its scrolling area
    shows (top, bottom)."""
    whole = re.compile(f"^{shown_as(name).pattern}$")
    button = tab.page.get_by_role("button", name=whole).first
    return {**button.bounding_box(), "seen": button.evaluate(SEEN)}


def in_sight(box: dict, height: int) -> bool:
    """Whether a box lies wholly within the screen's height and the part its scrolling area shows."""
    top, bottom = box["seen"]
    return max(0, top) <= box["y"] and box["y"] + box["height"] <= min(bottom, height)


def line_in_sight(tab: Tab, line: str, height: int) -> None:
    """The text line (or the element named by it) lies wholly in sight on the settled screen of that height."""
    shown = tab.page.get_by_text(shown_as(line)).or_(tab.page.get_by_label(shown_as(line))).first
    box = {**shown.bounding_box(), "seen": shown.evaluate(SEEN)}
    assert in_sight(box, height), box


def test_a_landscape_tablet_shows_the_letters_and_play_without_scrolling(phone, server):
    """Play-test (session 73, a tablet passed round at 1024x768): the letters and the turn's buttons sat under the
    board, so the table scrolled at every turn. Now every letter, Play and Take back are in sight on the first
    screen, beside the board, and so is the whole board, its cells at least LANDSCAPE_CELL px (they were 20 px,
    about 4 mm on the tablet, where the game took the scoreboard's column's room too)."""
    tab = tablet(phone, LANDSCAPE)
    tab.open(f"/play/{family_game(server)}")
    tab.see("点一格，再点一个字母。")
    tab.settle()
    tab.shot("nab_it_landscape_turn")
    names = [*(chr(c) for c in range(ord("A"), ord("Z") + 1)), *TURN_BUTTONS["zh-CN"]]
    hidden = {n: b for n in names if not in_sight(b := seen_box(tab, n), LANDSCAPE["height"])}
    assert not hidden, hidden
    corners = [tab.page.get_by_role("button", name=re.compile(f"^第 {row} 行，第 {col} 列：")) for row, col in
               ((1, 1), (15, 15))]
    boxes = [{**c.bounding_box(), "seen": c.evaluate(SEEN)} for c in corners]
    assert all(in_sight(b, LANDSCAPE["height"]) for b in boxes), boxes
    assert all(b["width"] >= LANDSCAPE_CELL and b["height"] >= LANDSCAPE_CELL for b in boxes), boxes


def test_a_portrait_tablet_keeps_the_turn_buttons_on_one_row(phone, server):
    """Play-test (session 73, 768x1024): Play, Take back and Swap wrapped to two rows in both languages. Now they
    stand on one row, each label on one line, in Chinese and in English. Swap says it passes the turn too (session
    75: a player who could not play looked for a pass; the game has none)."""
    tab = tablet(phone, PORTRAIT)
    tab.open(f"/play/{family_game(server)}")
    for lang, names in TURN_BUTTONS.items():
        tab.language(lang)
        tab.see_role("button", names[2])
        tab.settle()
        tab.shot(f"nab_it_portrait_buttons_{lang}")
        boxes = [seen_box(tab, name) for name in names]
        assert len({round(b["y"] + b["height"] / 2) for b in boxes}) == 1, boxes  # one row: one middle line
        assert all(b["height"] <= TAP + 1 for b in boxes), boxes  # each label on one line (an outline: 49 px)


def test_the_next_player_gets_the_tablet_from_the_top(phone, server):
    """Play-test (session 73, a portrait tablet passed round): after Play, scrolled down to it, the screen kept its
    scroll, so the next player met the letters, not the line naming their turn. Now a play on a shared screen
    turns the page: the next turn's line is in sight from the top."""
    tab = tablet(phone, PORTRAIT)
    tab.open(f"/play/{family_game(server)}")
    set_english(tab)
    for col, letter in ((6, "C"), (7, "A"), (8, "T")):
        place(tab, 8, col, letter)
    send(tab, "CAT", 1)
    line = "Next: 妈妈 — play letter tiles"
    tab.see(line)
    tab.settle()
    tab.shot("nab_it_portrait_next_turn")
    line_in_sight(tab, line, PORTRAIT["height"])


def test_a_landscape_tablet_shows_the_challenges_beside_the_board(phone, server):
    """Play-test (session 75, a family of four round a 1024x768 tablet): after 爸爸 played CAT, the buttons to
    challenge it were under the board, below the screen's foot, while 妈妈's letters were in sight. Now the last
    play's panel follows the turn's buttons beside the board: its first row of challenges is in sight with them
    (the third challenger's button wraps to a row of its own). The status line "拼词中" under the next step, which
    said again what that line says (about 58 px), is gone, and all three challengers' buttons are in sight."""
    sid = family_game(server)
    tiles = [{"row": 8, "col": c, "letter": letter, "blank": False} for c, letter in ((6, "C"), (7, "A"), (8, "T"))]
    with Store(server.data) as store:
        store.play(sid, {"type": "play", "by": "爸爸", "tiles": tiles}, "2026-12-07T08:16:00+00:00")
    tab = tablet(phone, LANDSCAPE)
    tab.open(f"/play/{sid}")
    challenges = [f"{name}质疑 CAT" for name in ("妈妈", "小明", "奶奶")]
    tab.see_role("button", challenges[-1])
    tab.settle()
    tab.shot("nab_it_landscape_challenges")
    hidden = {n: b for n in ("出牌", *challenges) if not in_sight(b := seen_box(tab, n), LANDSCAPE["height"])}
    assert not hidden, hidden
    assert not lines_with(tab, "拼词中"), lines_with(tab, "拼词中")
    tab.resize(PHONE)
    tab.shot("nab_it_phone_challenges")


def test_after_a_vote_the_turn_starts_from_the_top(phone, server):
    """Play-test (session 75, a family of four round a 1024x768 tablet): after the ballots, tapped under the board,
    the screen stayed about 266 px down, and when the play was taken back the line naming the next turn was off
    the top. Now a settled vote turns the page as Play and Swap do: 2–2 on ZOX (the list does not know it) takes
    爸爸's play back, and "Next: 爸爸" is in sight from the screen's top."""
    sid = family_game(server)
    tiles = [{"row": 8, "col": c, "letter": letter, "blank": False} for c, letter in ((6, "Z"), (7, "O"), (8, "X"))]
    with Store(server.data) as store:
        for action in ({"type": "play", "by": "爸爸", "tiles": tiles}, {"type": "challenge", "by": "小明", "word": "ZOX"}):
            store.play(sid, action, "2026-12-07T08:16:00+00:00")
    tab = tablet(phone, LANDSCAPE)
    tab.open(f"/play/{sid}")
    set_english(tab)
    for ballot in ("小明: yes", "奶奶: no", "爸爸: yes", "妈妈: no"):
        tab.tap(ballot, exact=True)
    tab.see("ZOX failed: 爸爸's play was taken back")
    line = "Next: 爸爸 — play letter tiles"
    tab.see(line)
    tab.settle()
    tab.shot("nab_it_landscape_after_vote")
    line_in_sight(tab, line, LANDSCAPE["height"])
    tab.resize(PHONE)
    tab.shot("nab_it_phone_after_vote")


# The page's width as the browser lays it out: the widest of the document's and the body's (a full-page screenshot's
# width); Flutter's semantics nodes, invisible, are in it too.
PAGE_WIDTH = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
OTHER_GAMES = [m.name for m in pkgutil.iter_modules(scoring.games.__path__) if m.name != "nab_it"]


def wider_than_the_screen(tab: Tab, where: str, wider: dict) -> None:
    """Note in wider the page's width, under where, when the settled page is wider than the tab."""
    tab.settle()
    shown = tab.page.evaluate(PAGE_WIDTH)
    if shown > tab.page.viewport_size["width"]:
        wider[where] = shown


def test_no_screen_is_wider_than_the_tablet(phone, server):
    """Play-test (session 76, a family round a 1024x768 tablet): the game screen's full-page picture was 1028 px wide,
    so the page could be pushed 4 px sideways. It was the app bar's Settings button, at the screen's right edge:
    the invisible copy of the screen for screen readers spells its name "Settings" in the browser's font, 52 px,
    past its 48 px button (55 px past it with the phone's text at 2x). Now the page is as wide as the screen:
    Nab-It! on a landscape and a portrait tablet and a phone, in both languages, and at 2x text on the landscape
    tablet, and every other game's screen on the landscape tablet in English."""
    tab = tablet(phone, LANDSCAPE)
    tab.open(f"/play/{family_game(server)}")
    wider: dict = {}
    for viewport in (LANDSCAPE, PORTRAIT, PHONE):
        tab.resize(viewport)
        for lang in ("en", "zh-CN"):
            tab.language(lang)
            wider_than_the_screen(tab, f"nab_it {viewport} {lang}", wider)
    tab.resize(LANDSCAPE)
    tab.language("en")
    root_font(tab, TWICE_PX)
    wider_than_the_screen(tab, "nab_it at 2x text", wider)
    root_font(tab, None)
    with Store(server.data) as store:
        sessions = {game: store.create(new_record(game, FAMILY)) for game in OTHER_GAMES}
    for game, sid in sessions.items():
        open_screen(tab, game, sid)
        wider_than_the_screen(tab, game, wider)
    assert not wider, wider


THREE = FAMILY[:3]
# A board grown to 18 rows by 15 columns: CAT, CARTS and TONE down from it, STOP, PET, PETS, then 爸爸's AONE down
# beside PET (with EA, TO and SN across), its lowest tile on row 16 of the board.
GROWN = [("爸爸", ((7, 5, "C"), (7, 6, "A"), (7, 7, "T"))),
         ("妈妈", ((8, 5, "A"), (9, 5, "R"), (10, 5, "T"), (11, 5, "S"))),
         ("小明", ((8, 7, "O"), (9, 7, "N"), (10, 7, "E"))), ("爸爸", ((11, 6, "T"), (11, 7, "O"), (11, 8, "P"))),
         ("妈妈", ((12, 8, "E"), (13, 8, "T"))), ("小明", ((14, 8, "S"),)),
         ("爸爸", ((12, 9, "A"), (13, 9, "O"), (14, 9, "N"), (15, 9, "E")))]
# Every board cell on screen (named "Row r, column c: …" or "第 r 行，第 c 列：…"): how many, and the box around them all.
BOARD_BOX = """() => {
  const said = e => ((e.getAttribute('aria-label') || '') + ' ' + e.textContent).trim();
  const cells = Array.from(document.querySelectorAll('flt-semantics'))
    .filter(e => /^(Row \\d+, column \\d+|第 \\d+ 行，第 \\d+ 列)/.test(said(e)) && !e.querySelector('flt-semantics'));
  const boxes = cells.map(e => e.getBoundingClientRect());
  return {count: cells.length, top: Math.min(...boxes.map(b => b.top)), bottom: Math.max(...boxes.map(b => b.bottom)),
          left: Math.min(...boxes.map(b => b.left)), right: Math.max(...boxes.map(b => b.right)),
          side: Math.min(...boxes.map(b => b.width))};
}"""


def grown_game(server, challenge: bool) -> str:
    """A stored game of three on a board of 18 rows (`GROWN`), on 妈妈's turn; with `challenge`, 妈妈 has
    challenged AONE and the table votes."""
    with Store(server.data) as store:
        sid = store.create(new_record("nab_it", THREE, now="2026-12-07T08:15:00+00:00"))
        for by, tiles in GROWN:
            placed = [{"row": r, "col": c, "letter": letter, "blank": False} for r, c, letter in tiles]
            store.play(sid, {"type": "play", "by": by, "tiles": placed}, "2026-12-07T08:16:00+00:00")
        if challenge:
            store.play(sid, {"type": "challenge", "by": "妈妈", "word": "AONE"}, "2026-12-07T08:17:00+00:00")
    return sid


def whole_board_in_sight(tab: Tab, least: float) -> dict:
    """Every cell of the board lies within the settled screen, each at least `least` px a side; returns their box."""
    box = tab.page.evaluate(BOARD_BOX)
    size = tab.page.viewport_size
    assert box["count"] == 18 * 15, box
    assert box["top"] >= 0 and box["bottom"] <= size["height"] and box["right"] <= size["width"], box
    assert box["side"] >= least, box
    return box


def test_a_grown_board_and_the_turn_fit_a_landscape_tablet(phone, server):
    """Play-test (session 78, three players round a 1024x768 tablet): once the words reached the board's 15th row
    the board grew to 17 and more rows of 34.7 px cells, its foot below the screen's (the last row cut at 768 px),
    and the table scrolled after every play. Now the board's cells shrink to fit its rows (at 18 rows, 15 wide:
    30.5 px) and the letters' column widens: the whole board, every letter and the turn's buttons are in sight
    on the first screen; in the vote on a challenged word the ballots sit beside the board, in sight too (they were
    912 px down, under it). A phone keeps its board as wide as its screen."""
    tab = tablet(phone, LANDSCAPE)
    tab.open(f"/play/{grown_game(server, challenge=False)}")
    tab.see("点一格，再点一个字母。")
    tab.settle()
    tab.shot("nab_it_landscape_grown_board")
    whole_board_in_sight(tab, 26)
    names = [*(chr(c) for c in range(ord("A"), ord("Z") + 1)), *TURN_BUTTONS["zh-CN"]]
    hidden = {n: b for n in names if not in_sight(b := seen_box(tab, n), LANDSCAPE["height"])}
    assert not hidden, hidden
    tab.resize(PHONE)
    tab.settle()
    assert tab.page.evaluate(BOARD_BOX)["side"] >= FITTED_CELL
    tab.resize(LANDSCAPE)

    tab.open(f"/play/{grown_game(server, challenge=True)}")
    set_english(tab)
    tab.see("Accept AONE as a house word?")
    tab.settle()
    tab.shot("nab_it_landscape_grown_vote")
    whole_board_in_sight(tab, 26)
    ballots = [f"{name}: {way}" for name in ("爸爸", "妈妈", "小明") for way in ("yes", "no")]
    hidden = {n: b for n in ballots if not in_sight(b := seen_box(tab, n), LANDSCAPE["height"])}
    assert not hidden, hidden


THREE_LATIN = [{"name": n, "colour": c} for n, c in (("Ann", "red"), ("Ben", "blue"), ("Cleo", "green"))]
# Eight tiles a colour: Ann's CAT; B, H, M stacked on its C, Ben's R capping RAT (his tile banked); Cleo's S under
# the A (AS); Ann's KIT across under it (ASK down): she holds one tile, unannounced, on Ben's turn.
DOWN_TO_ONE = [("Ann", ((7, 5, "C"), (7, 6, "A"), (7, 7, "T"))), ("Ben", ((7, 5, "B"),)), ("Cleo", ((7, 5, "H"),)),
               ("Ann", ((7, 5, "M"),)), ("Ben", ((7, 5, "R"),)), ("Cleo", ((8, 6, "S"),)),
               ("Ann", ((9, 6, "K"), (9, 7, "I"), (9, 8, "T")))]


def down_to_one(server, last: bool) -> str:
    """A stored game of three (`DOWN_TO_ONE`) on Ben's turn, Ann holding her last tile; with `last`, Ben and Cleo
    swapped and Ann played it (KITS, after announcing it): the table's end awaits."""
    with Store(server.data) as store:
        sid = store.create(new_record("nab_it", THREE_LATIN, {"letters": "A2 T2 S2 E1 ?1"},
                                      now="2026-12-07T08:15:00+00:00"))
        actions = [{"type": "play", "by": by, "tiles": [{"row": r, "col": c, "letter": x, "blank": False}
                                                        for r, c, x in tiles]} for by, tiles in DOWN_TO_ONE]
        if last:
            actions += [{"type": "announce", "by": "Ann"}, {"type": "swap", "by": "Ben"},
                        {"type": "swap", "by": "Cleo"},
                        {"type": "play", "by": "Ann", "tiles": [{"row": 9, "col": 9, "letter": "S", "blank": False}]}]
        for action in actions:
            store.play(sid, action, "2026-12-07T08:16:00+00:00")
    return sid


def test_the_last_tile_call_and_the_end_are_in_sight_on_a_landscape_tablet(phone, server):
    """Play-test (session 78, three players round a 1024x768 tablet, played to the end): "Ann: last tile!" and,
    after her last tile, "The last play stands: end the game" (what the next step's line said the table waited
    for) came after the legend, under the board: 840 px and more down, so the table scrolled to find the end. Now
    they come first beside the board, in sight on the first screen, with the last play's first challenges."""
    tab = tablet(phone, LANDSCAPE)
    tab.open(f"/play/{down_to_one(server, last=False)}")
    set_english(tab)
    tab.see_role("button", "Ann: last tile!")
    tab.settle()
    tab.shot("nab_it_landscape_last_tile_call")
    hidden = {n: b for n in ("Play", "Ann: last tile!") if not in_sight(b := seen_box(tab, n), LANDSCAPE["height"])}
    assert not hidden, hidden
    pair = [seen_box(tab, f"Ben challenges {word}") for word in ("KIT", "ASK")]
    assert pair[0]["y"] == pair[1]["y"], pair  # two challenges a row (each had a row of its own)
    tab.open(f"/play/{down_to_one(server, last=True)}")
    tab.see("Ann played their last tile.")
    tab.settle()
    tab.shot("nab_it_landscape_end_call")
    names = ("The last play stands: end the game", "Ben challenges KITS", "Cleo challenges KITS")
    hidden = {n: b for n in names if not in_sight(b := seen_box(tab, n), LANDSCAPE["height"])}
    assert not hidden, hidden
