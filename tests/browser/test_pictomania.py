"""Pictomania in a real browser: four players on one phone. The first round is played as a table would, tapped
from the new-session screen — deal, players peek at their word behind the pass-the-phone cover (two of them: the
other two are the same taps, their words read from the store), guesses per player (locked once placed), bonus
tiles, the reveal. The second round's deal, peeks and guesses repeat that path, so the same game is played by the
engine into the store up to them, and the round's last steps are tapped — a wrong-word ruling, a stop, bonus
tiles, an early reveal — then the totals on the end screen, and the exported record scored by `python -m scoring
score` to the same totals. Screenshots at 390×844 and one at laptop size.

Layout checks read the screen as a person looks at it: where the controls are (their boxes) and, where a box
cannot tell (text painted past its column), the ink of a screenshot, decoded by the browser (`INK`)."""

from __future__ import annotations

import base64
import json
import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoring.__main__ import main
from scoring.record import new_record
from tests.browser.conftest import LAPTOP, PHONE, Tab
from tests.browser.shots import screens

PLAYERS = ["Pia", "Quin", "Rosa", "Seb"]
TOTALS = {"Pia": 4, "Rosa": 1, "Quin": -3, "Seb": -11}
AT = "2025-01-01T20:00:00+00:00"
DEAL = {"Pia": [1, 4], "Quin": [2, 6], "Rosa": [3, 2], "Seb": [4, 7]}
# Seb guesses wrong twice (the black sheep), then takes a tile; Pia and Quin each guess one drawing right.
FIRST_GUESSES = [("Pia", "Quin", True), ("Quin", "Rosa", True), ("Pia", "Rosa", True), ("Rosa", "Pia", True),
                 ("Quin", "Pia", False), ("Seb", "Pia", False), ("Seb", "Quin", False), ("Rosa", "Seb", False)]
SECOND_GUESSES = [("Pia", "Quin", False), ("Quin", "Pia", True), ("Rosa", "Pia", True), ("Seb", "Rosa", True),
                  ("Pia", "Seb", True)]
PEEKED = 2  # players who peek at their word on the phone in the first round (the others' are the same taps)
ROUND = [("Pia", "Quin", 6), ("Quin", "Pia", 4), ("Seb", "Pia", 1), ("Seb", "Quin", 2), ("Rosa", "Seb", 7)]
HEADERS = {"zh-CN": ["玩家", "得星", "剩星", "加分板块", "本轮"], "en": ["Player", "Won", "Kept", "Tile", "Round"]}
SHEEP_TILE = {"zh-CN": "−3（害群之马）", "en": "−3 (sheep)"}
MIDDLE = {"zh-CN": "中间的猜错卡：", "en": "Cards in the middle: "}
MY_WORD = {"zh-CN": "我的题目", "en": "My word"}
RACE_TITLE = {"zh-CN": "画完了：拿加分板块", "en": "Finish: take a bonus tile"}
CLAIM = {"zh-CN": "{name}：抢 3", "en": "{name}: claim 3"}
STOP = {"zh-CN": "{name}：停笔", "en": "{name}: stop"}
WORD_GAP = 6  # px: ink closer than this is one word (letters, the strokes of a Chinese character)
COLUMN_GAP = 16  # px: the least blank between two headers of the score table (8 read "Kept Tile" as one string)
LINE_GAP = 2  # px: blank rows between two lines of text
PINNED_SHARE = 0.2  # the race may take at most this share of a phone's height
TAP_SIDE = 48  # px: a claim tile is at least this high and wide
CLAIM_TEXT = 20  # px: a seated phone's claim button's label at 1x text
CHROME_SIDES = 48  # px: a button's padding, 24 a side
INK = """async ([png, x0, y0, x1, y1]) => {
  const picture = await createImageBitmap(await (await fetch('data:image/png;base64,' + png)).blob());
  const paint = new OffscreenCanvas(picture.width, picture.height).getContext('2d');
  paint.drawImage(picture, 0, 0);
  const w = x1 - x0, h = y1 - y0, px = paint.getImageData(x0, y0, w, h).data;
  const linear = v => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const light = i => 0.2126 * linear(px[i]) + 0.7152 * linear(px[i + 1]) + 0.0722 * linear(px[i + 2]);
  const counts = new Map();
  for (let i = 0; i < px.length; i += 4) counts.set(light(i), (counts.get(light(i)) || 0) + 1);
  const back = [...counts].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  const cols = new Array(w).fill(0), rows = new Array(h).fill(0);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const l = light((y * w + x) * 4);
    if ((Math.max(l, back) + 0.05) / (Math.min(l, back) + 0.05) >= 1.5) { cols[x] = 1; rows[y] = 1; }
  }
  return {cols, rows};
}"""


@pytest.fixture(scope="module")
def scored(server):
    """A session of Pia, Quin, Rosa and Seb whose first round is revealed (Seb the black sheep, −3), and the
    server."""
    from storage import Store
    with Store(server.data) as store:
        sid = store.create(new_record("pictomania", PLAYERS, {"rounds": 2}, now=AT))
        store.play(sid, {"type": "set_deal", "by": "table", "deal": DEAL}, AT)
        for guesser, target, number in ROUND:
            store.play(sid, {"type": "guess", "by": guesser, "target": target, "number": number}, AT)
        store.play(sid, {"type": "stop", "by": "Seb", "take_tile": True}, AT)
        store.play(sid, {"type": "reveal", "by": "table"}, AT)
    return server, sid


def shown(tab: Tab, text: str):
    """The control showing exactly this text, as its own text or as its name (a table's header is named)."""
    return tab.page.get_by_text(text, exact=True).or_(tab.page.get_by_label(text, exact=True)).first


def ink(tab: Tab, png: bytes, box: dict, inset: int = 0) -> tuple[list[int], list[int]]:
    """Which columns and which rows of a box (less inset pixels on each side) of a screenshot hold ink: pixels
    that stand out from the box's most common colour (contrast ratio 1.5 or more)."""
    x0, y0 = round(box["x"]) + inset, round(box["y"]) + inset
    x1, y1 = round(box["x"] + box["width"]) - inset, round(box["y"] + box["height"]) - inset
    found = tab.page.evaluate(INK, [base64.b64encode(png).decode("ascii"), x0, y0, x1, y1])
    return found["cols"], found["rows"]


def runs(marks: list[int], gap: int) -> list[tuple[int, int]]:
    """The stretches of ink along a line of marks, [start, end), merging stretches less than gap apart."""
    found: list[list[int]] = []
    for i, mark in enumerate(marks):
        if not mark:
            continue
        if found and i - found[-1][1] < gap:
            found[-1][1] = i + 1
        else:
            found.append([i, i + 1])
    return [(a, b) for a, b in found]


def span(boxes: list[dict]) -> dict:
    """The box around several boxes."""
    x0, y0 = min(b["x"] for b in boxes), min(b["y"] for b in boxes)
    x1, y1 = max(b["x"] + b["width"] for b in boxes), max(b["y"] + b["height"] for b in boxes)
    return {"x": x0, "y": y0, "width": x1 - x0, "height": y1 - y0}


def test_the_round_score_table_reads_in_both_languages(phone, scored):
    """The round's score table at laptop size, in Chinese and in English: its five headers stand apart
    (in Chinese "得星", "剩星" and "加分板块" ran into one another: the columns were sized narrower than the words),
    each at least COLUMN_GAP from the next (the flush-right "Kept" column 8 px from the flush-left "Tile" made
    "-6 0 (unguessed)" read as one cell), and the black sheep's tile, the longest cell, is one line of text (in
    Chinese "−3（害群之马）" broke onto three lines in its row, the last one cut). A phone shows a block per player
    instead (`test_the_round_scores_read_whole_on_a_phone_at_twice_the_text`)."""
    server, sid = scored
    tab = phone
    tab.open(f"/play/{sid}")
    tab.resize(LAPTOP)
    try:
        for lang in ("zh-CN", "en"):
            tab.language(lang)
            tile = shown(tab, SHEEP_TILE[lang])
            expect(tile).to_be_attached()
            tab.into_view(tile)
            png = tab.settle()
            headers = [shown(tab, name).bounding_box() for name in HEADERS[lang]]
            assert all(0 < box["y"] for box in headers), f"the table's headers are off screen: {headers}"
            cols, _ = ink(tab, png, span(headers), inset=2)
            words = runs(cols, WORD_GAP)
            _, rows = ink(tab, png, tile.bounding_box())
            lines = runs(rows, LINE_GAP)
            gaps = [b[0] - a[1] for a, b in zip(words, words[1:])]
            print(f"laptop {lang}: {len(words)} header words of {len(headers)}, gaps {gaps} px, "
                  f"{SHEEP_TILE[lang]} in {len(lines)} line(s)")
            assert (len(words), len(lines)) == (len(headers), 1), \
                f"laptop {lang}: header words {words}, tile lines {lines}"
            assert min(gaps) >= COLUMN_GAP, f"laptop {lang}: headers {gaps} px apart"
        tab.shot("pictomania_score_table_laptop")
    finally:
        tab.resize(PHONE)


def test_the_round_scores_read_whole_on_a_phone_at_twice_the_text(phone, scored):
    """A 390 px phone at 2x text: the score table's columns were narrower than their headings, so 得星, 剩星 and
    本轮 broke one character a line and 加分板块 wrapped. Each text naming a heading now has room for it on one line
    (a block per player), and the black sheep's block says its tile whole, in Chinese and in English."""
    from tests.browser.fit import BODY, lines_with, text_boxes, width
    from tests.browser.test_card_games import TWICE_PX
    from tests.browser.test_shell import root_font
    server, sid = scored
    tab = phone
    tab.resize(PHONE)
    root_font(tab, TWICE_PX)
    try:
        tab.open(f"/play/{sid}")
        for lang in ("zh-CN", "en"):
            tab.language(lang)
            said = re.compile(re.escape(SHEEP_TILE[lang]))
            sheep = tab.page.get_by_label(said).or_(tab.page.get_by_text(said)).first
            expect(sheep).to_be_attached()
            tab.into_view(sheep)
            tab.settle()
            tab.shot(f"pictomania_score_blocks_twice_the_text_{lang}")
            for name in HEADERS[lang][1:]:
                need = width(tab, name, (2 * BODY[0], BODY[1], 2 * BODY[2]))
                boxes = text_boxes(tab, name)
                print(f"{lang} {name}: {need:.0f} px of text, boxes {[round(b['width']) for b in boxes]}")
                assert boxes and all(box["width"] + 1 >= need for box in boxes), (name, need, boxes)
            assert any(SHEEP_TILE[lang] in line for line in lines_with(tab, "Seb")), lines_with(tab, "Seb")
    finally:
        root_font(tab, None)


def test_a_name_keeps_its_count_when_the_middle_line_wraps(phone, scored):
    """On a phone in English the cards in the middle ("Pia 0, Quin 0, Rosa 0, Seb 2") take two lines: no line of
    it is a lone count (the break fell between "Seb" and "2"). A lone digit's ink is narrower than the line is
    tall; a name with its count is wider."""
    server, sid = scored
    tab = phone
    tab.open(f"/play/{sid}")
    tab.language("en")
    middle = tab.page.get_by_text(re.compile("^" + MIDDLE["en"])).first
    expect(middle).to_be_attached()
    tab.into_view(middle)
    png = tab.settle()
    box = middle.bounding_box()
    _, rows = ink(tab, png, box)
    lines = runs(rows, LINE_GAP)
    assert len(lines) == 2, f"the middle line was expected to wrap once on a phone: {lines}"
    for top, bottom in lines:
        cols, _ = ink(tab, png, {"x": box["x"], "y": box["y"] + top, "width": box["width"], "height": bottom - top})
        words = runs(cols, WORD_GAP)
        width = words[-1][1] - words[0][0]
        assert width > 2 * (bottom - top), f"a line of the middle holds only {width} px of ink: a lone count"


def test_a_symbols_shape_grows_with_the_text(phone, scored):
    """With text 1.5x larger (the page's root font at LARGER) the shape beside a revealed drawing's title ("Pia
    drew: Circle, number 4") is drawn 1.5x as wide as at the usual size; it stayed 24 px beside the larger words.
    The shape's ink is the last stretch of ink left of the title (the frame's edge comes before it)."""
    from tests.browser.test_shell import LARGER, root_font
    server, sid = scored
    tab, widths = phone, {}
    for px in (None, LARGER):
        root_font(tab, px)
        try:
            tab.open(f"/play/{sid}")
            tab.language("en")
            title = tab.page.get_by_text("Pia drew: Circle, number 4", exact=True).first
            expect(title).to_be_attached()
            tab.into_view(title)
            png = tab.settle()
            box = title.bounding_box()
            beside = {"x": box["x"] - 56, "y": box["y"], "width": 54, "height": box["height"]}
            start, end = runs(ink(tab, png, beside)[0], WORD_GAP)[-1]
            widths[px] = end - start
        finally:
            root_font(tab, None)
    print(f"the circle's ink: {widths[None]} px, {widths[LARGER]} px with larger text")
    assert 1.4 <= widths[LARGER] / widths[None] <= 1.6, widths


def test_the_race_tiles_take_one_row_on_a_phone_and_stay_on_screen(phone, server):
    """On a shared phone with four players, the bonus-tile race stays pinned while the screen scrolls, each claim
    tile big enough for a thumb (at least 48 px each way), all four in one row with their stop buttons under
    them: the race takes at most a fifth of the phone's height (a row per player took 375 of 844 px)."""
    from storage import Store
    with Store(server.data) as store:
        sid = store.create(new_record("pictomania", PLAYERS, {"rounds": 2}, now=AT))
        store.play(sid, {"type": "set_deal", "by": "table", "deal": DEAL}, AT)
    tab = phone
    tab.open(f"/play/{sid}")
    for lang in ("zh-CN", "en"):
        tab.language(lang)
        claims = [CLAIM[lang].format(name=name) for name in PLAYERS]
        stops = [STOP[lang].format(name=name) for name in PLAYERS]
        for name in claims + stops:
            tab.see_button(name)
        title = shown(tab, RACE_TITLE[lang])
        placed = boxes(tab, claims + stops)
        race = span([title.bounding_box(), *placed.values()])
        print(f"{lang}: the race takes {race['height']:.0f} px of {PHONE['height']} "
              f"({race['height'] / PHONE['height']:.0%}), claim tiles {placed[claims[0]]['width']:.0f}×"
              f"{placed[claims[0]]['height']:.0f} px")
        assert race["height"] <= PINNED_SHARE * PHONE["height"], f"{lang}: the race takes {race['height']} px"
        assert len({placed[name]["y"] for name in claims}) == 1, f"{lang}: the claim tiles are not in one row"
        assert all(placed[n]["height"] >= TAP_SIDE and placed[n]["width"] >= TAP_SIDE for n in claims)
        below = shown(tab, MY_WORD[lang])
        before = below.bounding_box()
        tab.page.mouse.move(PHONE["width"] // 2, PHONE["height"] * 3 // 4)
        tab.page.mouse.wheel(0, 600)
        assert boxes(tab, claims + stops) == placed, f"{lang}: the race moved when the screen scrolled"
        assert below.bounding_box()["y"] < before["y"], f"{lang}: the screen under the race did not scroll"
        tab.page.mouse.wheel(0, -600)
        tab.page.mouse.move(PHONE["width"] - 2, PHONE["height"] - 2)  # no hover highlight in the picture
        tab.shot(f"pictomania_phone_race_{'zh' if lang == 'zh-CN' else 'en'}")


def test_a_seated_phones_claim_button_shows_its_whole_label_at_twice_the_text(phone, server):
    """Play-test at 2x text (390x844, Chinese, a phone seated at the table): the seated phone's claim button
    ("丽丽：抢 3", beside its stop button) stayed 72 px high, so its label, wrapped to a second line, showed only
    "丽丽：" and not the tile it claims. The button now grows with its label: as high as the lines it needs."""
    from storage import Store
    from tests.browser.fit import whole, width
    from tests.browser.test_card_games import TWICE_PX, root_font
    with Store(server.data) as store:
        sid = store.create(new_record("pictomania", PLAYERS, {"rounds": 2}, now=AT))
        store.play(sid, {"type": "set_deal", "by": "table", "deal": DEAL}, AT)
        store.set_table(sid, {"pin": "4321", "seats": {}, "referee": None, "fails": 0, "wait_until": 0.0,
                              "ties": []})
    tab = phone  # its root font set on the running page, which Flutter follows (a tab of its own was a load)
    root_font(tab, TWICE_PX)
    try:
        tab.open(f"/join/{sid}")
        tab.fill("本桌口令", "4321")
        tab.tap(shown_as_seat("Pia"))
        label = CLAIM["zh-CN"].format(name="Pia")
        button = tab.page.get_by_role("button", name=label, exact=True).first
        box = tab.steady(button).bounding_box()
        size = 2 * CLAIM_TEXT
        need = width(tab, label, (size, 700, 0.1))
        tab.shot("pictomania_seated_phone_claim_twice_the_text")
        print(f"{label}: {need:.0f} px of text at {size} px in a {box['width']:.0f}x{box['height']:.0f} px button")
        assert whole(box, need, CHROME_SIDES, size), box
    finally:
        root_font(tab, None)


def shown_as_seat(name: str) -> re.Pattern:
    """The join screen's button taking name's seat ("我是 Pia")."""
    return re.compile(rf"^我是\s?{re.escape(name)}$")


def test_the_race_tiles_share_their_edges_whatever_the_names_hold(phone, server):
    """On a phone and a laptop, four claim tiles in one row, two of the names holding a symbol drawn from another
    font (an emoji, a heart): the tiles share their top and bottom edges, and their "claim 3" lines are drawn on the
    same pixel rows (a 390 px phone's tiles were 56, 57, 59 and 56 px high, the heart's "claim 3" 3 px lower)."""
    from storage import Store
    names = ["Ann", "Bo 🐻", "Cy ♥", "李四"]
    with Store(server.data) as store:
        sid = store.create(new_record("pictomania", names, {"rounds": 2}, now=AT))
        store.play(sid, {"type": "deal", "by": "table"}, AT)
    tab = phone
    tab.open(f"/play/{sid}")
    tab.language("en")
    claims = [CLAIM["en"].format(name=name) for name in names]
    for viewport in (PHONE, LAPTOP):
        tab.resize(viewport)
        for name in claims:
            tab.see_button(name)
        placed = boxes(tab, claims)
        png = tab.settle()
        edges = {(round(box["y"]), round(box["y"] + box["height"])) for box in placed.values()}
        lines = {tuple(runs(ink(tab, png, box, inset=6)[1], LINE_GAP)[-1]) for box in placed.values()}
        assert len(edges) == 1 and len(lines) == 1, f"{viewport}: tiles {placed}, claim lines' rows {lines}"
    tab.resize(PHONE)


def boxes(tab: Tab, names: list[str]) -> dict[str, dict]:
    """Where each button of an exact name is on screen, once the screen has stopped changing."""
    tab.settle()
    return {name: tab.page.get_by_role("button", name=name, exact=True).first.bounding_box() for name in names}


def start_session(tab: Tab) -> None:
    """In English: seat the four players, two rounds, start."""
    tab.open("/")
    tab.tap("EN", exact=True)
    tab.see("Games")
    tab.open("/new/pictomania")
    tab.see("New session: Pictomania")
    for name in PLAYERS:
        tab.fill("New player", name)
        tab.tap("Add", exact=True)
        tab.see(f". {name}")
    tab.fill("Number of rounds", "2")
    tab.tap("Start", exact=True)
    tab.see_button("Deal the cards")


def read_words(tab: Tab, names: list[str], shoot: bool = False) -> dict[str, int]:
    """Each of names in turn: tap their name, take the phone, read the number, hide it."""
    numbers = {}
    for name in names:
        tab.tap(f"{name}: my word", exact=True)
        tab.see(f"Pass to {name}")
        expect(tab.page.get_by_text(re.compile(r"^Number \d$"))).to_have_count(0)
        if shoot and name == PLAYERS[0]:
            tab.shot("pictomania_phone_word_cover")
        tab.tap(f"I am {name}: show", exact=True)
        shown = tab.page.get_by_text(re.compile(r"^Number \d$")).first
        expect(shown).to_be_attached()
        if shoot and name == PLAYERS[0]:
            tab.shot("pictomania_phone_word_shown")
        numbers[name] = int(shown.inner_text().split()[-1])
        tab.tap("Done: hide", exact=True)
        tab.gone(f"{name}, your word:")
    return numbers


def guess(tab: Tab, guesser: str, target: str, number: int) -> None:
    """Switch the guess panel to guesser, place number on target's pile, see it locked."""
    tab.tap(f"{guesser} is guessing", exact=True)
    tab.see(f"{guesser}'s guesses")
    tab.tap(f"Guess {number} on {target}'s drawing", exact=True)
    tab.see(f"{target}'s drawing: guess placed")


def scroll_shots(tab: Tab, name: str, count: int) -> None:
    """Screenshots of the screen from the top down: name_0.png, name_1.png, … (the canvas scrolls, the page not)."""
    tab.page.mouse.move(PHONE["width"] // 2, PHONE["height"] // 2)
    tab.page.mouse.wheel(0, -20_000)
    for i in range(count):
        tab.shot(f"{name}_{i}")
        tab.page.mouse.wheel(0, 700)


def placed_numbers(numbers: dict[str, int], guesses: list[tuple[str, str, bool]]) -> list[tuple[str, str, int]]:
    """The guesses in order, each right or wrong, as (guesser, target, number put on the pile).

    A wrong guess takes the lowest number that is not the drawer's and that the guesser neither used this round
    nor keeps for a right guess (one guess card per number, RULINGS §3): the deal is random, so a fixed wrong
    number could be a card the guesser no longer holds."""
    keep = {g: {numbers[t] for g2, t, right in guesses if g2 == g and right} for g, _, _ in guesses}
    used: dict[str, set[int]] = {g: set() for g in keep}
    placed = []
    for guesser, target, right in guesses:
        number = numbers[target] if right else next(
            n for n in range(1, 8) if n != numbers[target] and n not in keep[guesser] | used[guesser])
        used[guesser].add(number)
        placed.append((guesser, target, number))
    return placed


def play_round(tab: Tab, numbers: dict[str, int], guesses: list[tuple[str, str, bool]]) -> dict:
    """Place the guesses in order, each right or wrong (`placed_numbers`); return the number put on each
    (guesser, target)."""
    placed = {}
    for guesser, target, number in placed_numbers(numbers, guesses):
        placed[guesser, target] = number
        guess(tab, guesser, target, number)
    return placed


def dealt(server, sid: str) -> dict[str, int]:
    """Each player's number in the session's current deal, as stored."""
    from storage import Store
    from scoring.record import replay
    with Store(server.data) as store:
        deal = replay(store.load(sid))["deal"]
    return {p: deal[p]["number"] for p in PLAYERS}


def last_steps_session(server) -> str:
    """The game of the test below played by the engine into the store: round 1 as tapped there (the app's deal,
    `FIRST_GUESSES`, Pia, Rosa and Seb claiming tiles, the reveal), then round 2 dealt and `SECOND_GUESSES`
    placed, up to the round's rulings."""
    from storage import Store
    from scoring.record import replay
    with Store(server.data) as store:
        sid = store.create(new_record("pictomania", PLAYERS, {"rounds": 2}, now=AT))
        for guesses, claims in ((FIRST_GUESSES, ("Pia", "Rosa", "Seb")), (SECOND_GUESSES, ())):
            store.play(sid, {"type": "deal", "by": "table"}, AT)
            deal = replay(store.load(sid))["deal"]
            for guesser, target, number in placed_numbers({p: deal[p]["number"] for p in PLAYERS}, guesses):
                store.play(sid, {"type": "guess", "by": guesser, "target": target, "number": number}, AT)
            for name in claims:
                store.play(sid, {"type": "stop", "by": name, "take_tile": True}, AT)
            if claims:
                store.play(sid, {"type": "reveal", "by": "table"}, AT)
    return sid


def test_two_rounds_for_four_players(phone, server):
    """Round 1 tapped from the new-session screen; round 2 of the same game, stored up to its guesses, tapped from
    the wrong-word ruling to the end: Pia 5 − 1, Quin 0 − 3, Rosa 5 − 4, Seb −8 − 3; the CLI agrees."""
    tab = phone  # the module's phone, moving in the app (a new tab and server of its own were a load and a start)
    start_session(tab)

    tab.tap("Deal the cards", exact=True)
    tab.see("Round 1 · deck 1")
    game = re.fullmatch(r".*/play/([^/?#]+)", tab.page.url).group(1)
    numbers = dealt(server, game)
    assert len(set(numbers.values())) == 4
    assert read_words(tab, PLAYERS[:PEEKED], shoot=True) == {p: numbers[p] for p in PLAYERS[:PEEKED]}
    placed = play_round(tab, numbers, FIRST_GUESSES)
    tab.see("Pia's pile: Rosa, Quin and Seb")
    tab.tap("Pia is guessing", exact=True)
    tab.shot("pictomania_phone_guesses")
    for name in ("Pia", "Rosa", "Seb"):
        tab.tap(f"{name}: claim", exact=False)
        tab.see(f"{name} took")
    tab.see("The race is over.")
    tab.see_button("Undo: Seb stopped and took the bonus tile 2")  # which tile: it read "took a bonus tile"
    tab.tap("Reveal the piles", exact=True)
    tab.see("Round 1 revealed (deck 1)")
    tab.see("Black sheep: Seb, most cards in the middle (2)")
    tab.see(f"1. Rosa guessed {numbers['Pia']}: right, takes a 3-star token")
    tab.see(f"2. Quin guessed {placed['Quin', 'Pia']}: wrong, to the middle")
    screens(tab, "pictomania_reveal", end_in="en", pages=3)  # its phone_en shots: the reveal on the phone

    tab.see_button("Deal the cards")
    sid = last_steps_session(server)
    tab.open(f"/play/{sid}")
    tab.see("Round 2 · deck 1")
    tab.tap("Rosa drew the wrong word", exact=True)
    tab.see("Rosa's pile: wrong word, guesses returned")
    tab.tap("Quin: stop", exact=True)
    tab.see("Quin stopped (no bonus tile)")
    for name in ("Pia", "Rosa"):
        tab.tap(f"{name}: claim", exact=False)
        tab.see(f"{name} took 3")
    tab.tap("Reveal the piles", exact=True)
    tab.see("Reveal now?")
    tab.tap("Reveal", exact=True)

    tab.see("Game over")
    tab.see("Winner: Pia")
    for place, name in enumerate(sorted(TOTALS, key=TOTALS.get, reverse=True), start=1):
        tab.see(f"{place}. {name} ({str(TOTALS[name]).replace('-', '−')})")  # the minus sign
    tab.see("Round 2 revealed (deck 1)")
    tab.see("Wrong word: the guesses go back to Seb")
    tab.see("Black sheep: Pia, most cards in the middle (1)")
    tab.see("Round 2: bonus tile 3 counts 0 (drew the wrong word)")  # Seb guessed Rosa's number: not "unguessed"
    tab.see("0 (wrong word)")
    tab.see("Rosa keeps every token (wrong word): 3, 2 and 1 (−6)")
    scroll_shots(tab, "pictomania_phone_end", 4)

    with tab.page.expect_download() as download:
        tab.tap("Export", exact=False)
    exported = Path(download.value.path()).read_text("utf-8")
    assert json.loads(exported)["id"] == sid
    tab.resize(LAPTOP)
    tab.to_top()
    tab.see("Winner: Pia")
    tab.shot("pictomania_laptop_end")
    tab.resize(PHONE)
    tab.tap("中文", exact=True)
    tab.see("第 2 轮揭晓（第 1 堆题库卡）")
    tab.see("0（画错题目）")
    tab.see("Rosa 画错题目，计分板块全部留在手里：3、2 和 1（−6）")
    scroll_shots(tab, "pictomania_phone_end_zh", 3)
    check_cli(exported)


def check_cli(exported: str) -> None:
    """`python -m scoring score` on the exported record prints the totals seen on screen."""
    import contextlib
    import io
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pictomania.json"
        path.write_text(exported, encoding="utf-8")
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(["score", str(path)]) == 0
    board = json.loads(out.getvalue())
    assert {p["name"]: p["total"] for p in board["players"]} == TOTALS
    assert board["winners"] == ["Pia"] and board["over"] is True
