"""Table mode in a real browser: the host's table screen and four phones, each in its own browser context.

A Knit Wit answering round is played from the phones (three players and the referee): a wrong PIN, every phone
seated with the PIN, answers written on three phones (each phone sees the others' progress live), a phone
reloaded back to its seat, and the button race ending the round: C's answer typed and not saved, the same as its
spool 1's, is refused as the last button is taken, and C's phone alone says why. Every phone writes through the
game's own sheet, as a player would (open at once on its own phone, no pass-the-phone cover; the field checked as
it is left); one move is offered once on a screen, so A's phone has no second "Spool / Answer" form beside its
sheet, and its race panel, pinned above the sheet, holds A's own big button only, B and C as a status line: no
button to claim for another seat (the server's refusal of one is `tests/test_table_hub.py`'s), and no second claim
in its moves. No phone ever shows Flet's "Error running app". Before the reveal no phone holds another seat's
answer: neither in its semantics tree nor in any websocket frame it received. Scoring goes on to a challenge
voted on from the three phones: until the last ballot each phone shows who has voted (its own ballot only, no
count); the last ballot shows every ballot and the verdict on every phone. The game is then scored to its end as
the engine's prompt asks, by the table (the referee's phone): it rules the three look-alike answers different
and moves on spool by spool to the final scores; every phone and the host's screen show the winner and the
ranking with the totals.

A Pictomania round and a Guess Club round follow on the same phones (in Pictomania the server restarts once
the phones are seated, and every phone comes back to its seat by itself and plays on; A's double tap on her claim
takes one tile, and her phone says her first tap counted, not that another phone acted first; another Pictomania
round is dealt with the cards, each phone entering its own, a clash refused by the rule alone; a third is dealt by
the app after every screen named both ways to deal; in Guess Club each phone
writes its own hand, no phone or host screen holds another's card before it is read out, the host's screen takes
a card read out back with the table's consent (B's phone offers it again) and puts it back, the setter rules on
the match (its ruling above the offer to show its own card) and settles, and every phone shows the round's
money). Last, eight phones (one browser context each) take the eight seats of a Knit Wit table, all save an
answer at once and all see the first button taken. Then a
score pad round is scored from the phones: each player gives their own points, the host's screen says who gave
what and who is still to give, and the round is recorded when the last one gives theirs (a phone scrolled to its
foot then shows its top again, where the new round's status and moves are); and a Flip 7 round,
each phone tapping its own cards (a phone that gave its line reads who is still to give right under it). A phone
whose connection drops and stays down while another seat gives its points comes back by itself (no reload)
showing them, and what is given after; a phone whose connection blinks (its websocket closed and opened again at
once) goes on drawing what comes after it. A seated phone whose session the host deletes is told so at once, and
reloaded it says the session is gone (it offered the deleted session's free seats). Points typed on a phone just
before the server restarts are still in its field once it is back (they were lost): the Pictomania round's
restart shows it, on the referee's phone sitting at a score pad.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoring.games.solar_storm import CARDS
from scoring.record import SHOWN, new_record, replay
from storage import Store
from tests.browser.conftest import (LAPTOP, NETWORK, PAINTED, PHONE, READ_ALL, WAIT_MS, Phone, Tab,
                                    new_tab, restart_server, shown_as, start_server, stop_server, until)
from tests.browser.fit import BODY_16, lines_with, text_boxes, widths
from tests.test_table_hub import HANDS3, WEAVE3
from views import words
from views.join import PREFS_KEY
from views.table_hub import TableHub

SEATS = ("A", "B", "C")
SEATS8 = tuple("ABCDEFGH")
CUBOSAURS_ROWS = "T-Rex: 4 1 -2 -5; Brontosaurus: 1 3 5 -1; Pentaceratops: -3 ? ? ?"
MARKERS = {seat: f"tmark{seat}{n}" for seat in SEATS for n in (1,)}
# Pictomania: each seat's card (symbol, number), all different, and each seat's guess (on whose drawing, number).
DEAL = {"A": (1, 5), "B": (2, 6), "C": (3, 7)}
GUESSES = {"A": ("B", 6), "B": ("C", 4), "C": ("A", 5)}
DRAFT_B = "tdraftB"  # B's second answer, typed and not saved
PIN_SHOWN = re.compile(r"PIN (\d{4})")
INK_SLACK = 6  # px: a painted line's ink against its words' measured width (side bearings, rounding)
SOLAR_STORM = new_record("solar_storm", list(SEATS), {}, seed=1)  # private hands; everyone in the Energy Core
SEATS3 = {seat: seat for seat in SEATS}
# The tables whose subject is not the join form, and which phone (A, B, C, the referee's or E-H, the eight-phone
# test's own) holds which seat there: each phone is seated by the token a join with the PIN gave it (the fixture
# joins through the hub, `TableHub.join`, before the server starts), kept in its browser's storage as the app
# keeps it (`views.join.PREFS_KEY`), which the app reads once a tab loads. The join form itself is typed in
# test_a_knit_wit_round_played_from_four_phones (a wrong PIN, then four phones), by the new phone taking a freed
# seat there, and in test_a_phone_whose_connection_blinks_draws_what_comes_after (B's PIN, across a blink).
SEATED = {"score_pad_away": SEATS3, "score_pad_blip": {"A": "A", "C": "C"}, "flip7": SEATS3, "cubosaurs": SEATS3,
          "rummy": SEATS3, "bacon": SEATS3 | {"Referee": "D"}, "solar_storm": SEATS3, "score_pad_deleted": {"A": "A"},
          "pictomania": SEATS3, "score_pad_restart": {"Referee": "A"}, "pictomania_deal": SEATS3,
          "pictomania_ways": SEATS3, "pictomania_race": SEATS3,
          "guess_club": SEATS3, "knit_wit8": dict(zip((*SEATS, "Referee", *SEATS8[4:]), SEATS8)),
          "score_pad": SEATS3}


def answering_record() -> dict:
    """Knit Wit for A, B, C after the weave: everyone answering."""
    actions = [{"type": "deal", "by": "table", "spools": HANDS3}]
    for by, tag, encloses, number, loops in WEAVE3:
        actions += [{"type": "loop", "by": by, "tag": tag, "encloses": encloses},
                    {"type": "spool", "by": by, "number": number, "loops": loops}]
    return new_record("knit_wit", list(SEATS), {"deal": "table", "challenge_seconds": 1}) | {"actions": actions}


def answering8_record() -> dict:
    """Knit Wit for eight players after the weave (one spool each, spool n in loops n and n+1): everyone
    answering, four buttons in the race."""
    actions = [{"type": "deal", "by": "table", "spools": {p: [i + 1] for i, p in enumerate(SEATS8)}}]
    for n, by in enumerate(SEATS8, start=1):
        actions += [{"type": "loop", "by": by, "tag": f"tag{n}", "encloses": [n - 1] if n > 1 else []},
                    {"type": "spool", "by": by, "number": n, "loops": [n]}]
    return new_record("knit_wit", list(SEATS8), {"deal": "table"}) | {"actions": actions}


def topic_record() -> dict:
    """Guess Club for A, B, C, one answer card each, A (the setter) has given the topic: everyone writing."""
    return new_record("guess_club", list(SEATS), {"cards": 1}) | {"actions": [{"type": "topic", "by": "A",
                                                                               "text": "Desserts"}]}


def drawing_record() -> dict:
    """Pictomania for A, B, C with the physical deal entered: everyone drawing and guessing."""
    deal = {seat: list(card) for seat, card in DEAL.items()}
    return new_record("pictomania", list(SEATS), {}) | {"actions": [{"type": "set_deal", "by": "table",
                                                                     "deal": deal}]}


@pytest.fixture(scope="module")
def table_server():
    """A server over a data folder holding an answering Knit Wit session, two Pictomania sessions in their first
    drawing and two before their first deal, a Guess Club round with its topic given, three new score pads, a new
    Flip 7, a new Cubosaurs game with every T-Rex and Brontosaurus value known, a new Rummy game, a new Bacon
    game of four (A, B, C, D) and a new Solar Storm game, in English; yields (server, {game: sid})."""
    with tempfile.TemporaryDirectory(prefix="tableside-table-") as data:
        with Store(Path(data)) as store:
            sids = {"knit_wit": store.create(answering_record()), "pictomania": store.create(drawing_record()),
                    "pictomania_deal": store.create(new_record("pictomania", list(SEATS), {})),
                    "pictomania_ways": store.create(new_record("pictomania", list(SEATS), {})),
                    "pictomania_race": store.create(drawing_record()),
                    "guess_club": store.create(topic_record()), "knit_wit8": store.create(answering8_record()),
                    "score_pad": store.create(new_record("score_pad", list(SEATS), {})),
                    "score_pad_away": store.create(new_record("score_pad", list(SEATS), {})),
                    "score_pad_blip": store.create(new_record("score_pad", list(SEATS), {})),
                    "score_pad_evicted": store.create(new_record("score_pad", list(SEATS), {})),
                    "score_pad_deleted": store.create(new_record("score_pad", list(SEATS), {})),
                    "score_pad_restart": store.create(new_record("score_pad", list(SEATS), {})),
                    "score_pad_long": store.create(new_record("score_pad", list(SEATS), {}) | {"actions": [
                        {"type": "round", "by": "table", "scores": {"A": n, "B": 0, "C": 0}}
                        for n in range(SHOWN + 5)]}),
                    "flip7": store.create(new_record("flip7", list(SEATS), {})),
                    "cubosaurs": store.create(new_record("cubosaurs", list(SEATS), {"rows": CUBOSAURS_ROWS})),
                    "rummy": store.create(new_record("rummy", list(SEATS), {})),
                    "bacon": store.create(new_record("bacon", [*SEATS, "D"], {})),
                    "solar_storm": store.create(SOLAR_STORM)}
            store.set_setting("lang", "en")
            tokens = seat_tokens(store, sids)
        running = start_server(Path(data))
        yield running, sids, tokens
        stop_server(running)


def seat_tokens(store: Store, sids: dict) -> dict[str, dict[str, str]]:
    """Join every seat of `SEATED` with its table's PIN through the hub, as a phone does; the tokens by phone, then
    by session."""
    tokens: dict[str, dict[str, str]] = {}
    for game, seats in SEATED.items():
        hub = TableHub(store, sids[game])
        for phone, seat in seats.items():
            tokens.setdefault(phone, {})[sids[game]] = hub.join(hub.pin, seat)
    return tokens


def kept_tokens(server, tokens: dict[str, str]) -> dict:
    """A browser context's storage holding these seat tokens (session: token) under the app's own key, as the app
    keeps a seat's token (Flutter's browser storage: the key prefixed "flutter.", the value JSON)."""
    kept = [{"name": f"flutter.{PREFS_KEY}{sid}", "value": json.dumps(token)} for sid, token in tokens.items()]
    return {"cookies": [], "origins": [{"origin": server.url, "localStorage": kept}]}


def sit(phone: Phone, sid: str, seat: str) -> None:
    """Open the join screen of sid on a phone holding the seat's token (`SEATED`): it is back in its seat. (The join
    form, typed: test_a_knit_wit_round_played_from_four_phones and
    test_a_phone_whose_connection_blinks_draws_what_comes_after.) A token written into a loaded tab's storage is
    not seen: the web client reads the storage once, at its load."""
    phone.tab.open(f"/join/{sid}")
    phone.tab.see(f"You are {seat}")


def table_tab(browser, server, viewport: dict, tokens: dict[str, str] | None = None) -> Tab:
    """A tab in its own browser context whose network a test can drop (`NETWORK`, idle until then), given before
    its first load: a test that drops it needs no load of its own; its storage holds the seat tokens given
    (session: token), read by the app at the tab's first load."""
    tab = new_tab(browser, server, viewport, storage=kept_tokens(server, tokens or {}))
    tab.page.add_init_script(NETWORK)
    return tab


@pytest.fixture(scope="module")
def table_tabs(browser, table_server):
    """The host's laptop tab and four phones (A, B, C and the referee), each its own browser context with a
    network a test can drop, shared by the module's tests (a phone moves from one table to the next as people
    would)."""
    server, _, tokens = table_server
    host = table_tab(browser, server, LAPTOP)
    phones = {seat: Phone(table_tab(browser, server, PHONE, tokens[seat])) for seat in (*SEATS, "Referee")}
    yield host, phones
    for phone in phones.values():
        phone.tab.page.context.close()
    host.page.context.close()


def join(phone: Phone, sid: str, pin: str, seat: str) -> None:
    """Open the join screen, type the PIN and take the seat."""
    tab = phone.tab
    tab.open(f"/join/{sid}")
    tab.see("Your seat")
    tab.fill("Table PIN", pin)
    tab.tap(f"Sit as {seat}", exact=True)
    tab.see(f"You are {seat}")


def answer(tab: Tab, spool: int, text: str) -> None:
    """Write one answer on the seat's own sheet and save it."""
    tab.fill(re.compile(rf"^Spool {spool} · worth \d$"), text)
    tab.tap("Save my answers")


def host_pin(host: Tab, sid: str) -> str:
    """Open the host's table screen of sid and read its join PIN once that screen shows: its join address (which
    names sid) and the PIN, read in one look. A tab that goes to a new address resumes its Flet session, which
    first draws the screen it left (the previous table's, with that table's PIN) and then changes the route;
    the new table's screen shows a progress ring until its hub's first message."""
    host.open(f"/table/{sid}")
    shown = host.page.wait_for_function(f"""() => {{
        const text = {READ_ALL};
        const pin = text.includes('/join/{sid}') && /{PIN_SHOWN.pattern}/.exec(text);
        return pin && pin[1];
    }}""")
    return shown.json_value()


def seated_round(table_tabs, sid: str) -> tuple[Tab, dict, str]:
    """The host and the players' phones for a new round of sid (their frames forgotten) and its join PIN."""
    host, phones = table_tabs
    players = {seat: phones[seat] for seat in SEATS}
    for phone in players.values():
        phone.frames.clear()
    return host, players, host_pin(host, sid)


def test_a_knit_wit_round_played_from_four_phones(browser, table_server, table_tabs):
    sid = table_server[1]["knit_wit"]
    host, phones = table_tabs
    pin = host_pin(host, sid)
    host.see_role("img", "QR code of the join address")  # the QR code and the address are read out too
    wrong = "0000" if pin != "0000" else "1111"

    first = phones["A"].tab
    first.open(f"/join/{sid}")
    first.see("Your seat")
    first.fill("Table PIN", wrong)
    first.tap("Sit as A", exact=True)
    first.see("Wrong PIN. 4 tries left")
    first.fill("Table PIN", pin)
    first.tap("Sit as A", exact=True)
    first.see("You are A")
    for seat in ("B", "C", "Referee"):
        join(phones[seat], sid, pin, seat)
    host.see("phone connected")

    first.see_button("A: claim 2")
    first.see("B: still racing · C: still racing")
    for other in ("B: claim 2", "C: claim 2", "Take a bonus button", "Answer"):
        expect(first.button(other, exact=True)).to_have_count(0)
    expect(first.field("Answer")).to_have_count(0)
    for seat in SEATS:
        answer(phones[seat].tab, 1, MARKERS[seat])
    for seat in (*SEATS, "Referee"):
        phones[seat].tab.see("A 1/6, B 1/6, C 1/6")

    # B reloads and is back on its seat (the token kept in the browser's storage).
    phones["B"].tab.reload()
    phones["B"].tab.see("You are B")
    hand_over_with_a_draft(browser, table_server, sid, phones, host, pin)

    for seat, phone in phones.items():
        others = [MARKERS[s] for s in SEATS if s != seat]
        assert not any(phone.received(m) for m in others), seat

    assert phones["A"].received(MARKERS["A"])  # the check finds a marker where it is (A's own sheet)
    for phone in phones.values():
        screen = phone.screen_text()
        assert "Error running app" not in screen and "Pass to " not in screen
    typed_twice(table_server[0], sid, phones["C"].tab)
    phones["A"].tab.tap("A: claim 2", exact=True)
    phones["B"].tab.tap("B: claim 1", exact=True)
    for phone in phones.values():
        phone.tab.see("Scoring")
    host.see("Scoring")
    phones["C"].tab.see(f"Your answer “{MARKERS['C']}” for spool 3 did not count: You already wrote")
    assert not any(phone.received("did not count") for seat, phone in phones.items() if seat != "C")
    challenge_vote(phones, host)
    score_to_the_end(phones, host)


def typed_twice(server, sid: str, tab: Tab) -> None:
    """C types its spool 1 answer again on spool 3 and leaves it unsaved (the field not left, so not checked yet),
    until the server has it."""
    tab.fill(re.compile(r"^Spool 3 · worth \d$"), MARKERS["C"])
    with Store(server.data) as store:
        until(lambda: MARKERS["C"] in str(store.draft(sid, "C")), "C's typed answer kept in the store")


def hand_over_with_a_draft(browser, table_server, sid: str, phones: dict[str, Phone], host: Tab, pin: str) -> None:
    """B types a second answer and leaves it unsaved; once the seat's draft is in the store, the host frees B's
    seat (a phone lost; the host confirms) and B sits down on another phone: the half-typed answer is in its field
    there, and no other phone ever received it. The new phone stands in for B from then on (and B's taking a
    button saves it: spool 2 scores for B, and it holds B's seat tokens of the tables after this one)."""
    server = table_server[0]
    spool_2 = re.compile(r"^Spool 2 · worth \d$")
    phones["B"].tab.fill(spool_2, DRAFT_B)
    with Store(server.data) as store:
        until(lambda: DRAFT_B in str(store.draft(sid, "B")), "B's draft kept in the store")
    host.tap("Free B's seat", exact=True)
    host.see("B's phone leaves the table; it can join again with the PIN.")
    host.tap("Free the seat", exact=True)
    phones["B"].tab.see("The host freed this phone's seat.")
    phones["B"].tab.page.context.close()
    phones["B"] = Phone(table_tab(browser, server, PHONE, table_server[2]["B"]))
    join(phones["B"], sid, pin, "B")
    phones["B"].tab.holds(spool_2, DRAFT_B)
    assert not any(phone.received(DRAFT_B) for seat, phone in phones.items() if seat != "B")


def challenge_vote(phones: dict[str, Phone], host: Tab) -> None:
    """A challenges B's answer with the button on B's card (at once as A: no "who challenges" step; A's own card
    has no challenge button, nor has A's phone a second "challenge an answer" move); after the (one-second)
    explanation each player votes on their own phone. Until the last ballot every phone shows who has voted and
    nobody's ballot but its own (and no count); the last ballot shows every ballot and the verdict on every phone
    at once."""
    first = phones["A"].tab
    first.see_button("Challenge B's answer")
    for other in ("Challenge A's answer", "Challenge an answer: Challenged player: B"):
        expect(first.button(other, exact=True)).to_have_count(0)
    first.tap("Challenge B's answer", exact=True)
    phones["Referee"].tab.see("A has not voted yet")  # the referee's phone is no voter
    for seat in ("A", "B"):  # pinned with its question above the scrolling screen, not below the spool's answers
        own = phones[seat].tab.button(f"{seat}: no", exact=True)
        own.wait_for()
        box = own.bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], (seat, box)
    for seat, ballot in (("A", "yes"), ("B", "no")):
        phones[seat].tab.tap(f"{seat}: {ballot}", exact=True)
        phones[seat].tab.see(f"{seat} voted {ballot}")
        for other in phones:
            if other != seat:
                phones[other].tab.see(f"{seat} has voted")
    for seat, phone in phones.items():
        hidden = [f"{s} voted {b}" for s, b in (("A", "yes"), ("B", "no")) if s != seat] + ["Yes 1 · No 1"]
        assert not any(phone.received(m) for m in hidden), seat
    phones["C"].tab.tap("C: yes", exact=True)
    for phone in phones.values():
        phone.tab.see("A voted yes · B voted no · C voted yes")
        phone.tab.see("Challenged by A, kept (yes 2 · no 1)")
    host.see("Challenged by A, kept (yes 2 · no 1)")


def score_to_the_end(phones: dict[str, Phone], host: Tab) -> None:
    """The table's moves, made on the referee's phone: the three answers of spool 1 look alike (tmarkA1, tmarkB1,
    tmarkC1), so the app asks the table about each pair and waits; the referee rules each pair different, then
    moves on from each spool to the final scores (3 to 6 are blank; spool 2 holds B's draft, saved when B took a
    button). Every phone and the host then show the result: A 2 points for spool 1 + the 2-hole button, B 2 + 3
    for spool 2 + 1, C 2; "Game over" once, in the status line (not again as the result's heading). The referee
    takes its last ruling back on its own phone (its Undo, as on the host's screen), which asks it again; a
    player's phone has no Undo."""
    referee = phones["Referee"].tab
    for a, b in (("A", "B"), ("A", "C"), ("B", "C")):
        question = f"Are {a}'s “{MARKERS[a]}” and {b}'s “{MARKERS[b]}” the same answer?"
        referee.see(question)
        referee.tap("Different: both stand", exact=True)
        referee.gone(question)
        if (a, b) == ("A", "C"):
            referee.tap("Undo: Spool 1: are A's and C's answers the same?")
            referee.see(question)
            referee.see_role("button", "Redo: Spool 1: are A's and C's answers the same?")
            assert not phones["A"].tab.page.get_by_role("button", name="Undo").count()
            referee.tap("Different: both stand", exact=True)
            referee.gone(question)
    for spool in range(1, 7):
        referee.tap(f"Spool {spool} done: " + ("final scores" if spool == 6 else "next spool"), exact=True)
    for tab in (*(phone.tab for phone in phones.values()), host):
        tab.see("Winner: B")
        for row in ("1. B (6)", "2. A (4)", "3. C (2)"):  # the scoreboard's rows
            tab.see_role("button", row)
        assert [said for said in tab.page.evaluate(OWN_WORDS) if "Game over" in said] == ["Game over"]


SHAPES = {1: "Circle", 2: "Triangle", 3: "Square", 4: "Star", 5: "Heart", 6: "Moon"}  # the stickers, in words


def secrets_of(seat: str) -> list[str]:
    """What only seat may know before the reveal, as any screen would put it in words: its card (as its own
    word card and as the reveal's line) and the number it guessed (as the reveal's line)."""
    symbol, number = DEAL[seat]
    return [SHAPES[symbol], f"Number {number}", f"{seat} drew: {SHAPES[symbol]}, number {number}",
            f"{seat} guessed {GUESSES[seat][1]}"]


def test_a_pictomania_round_played_from_phones(table_server, table_tabs):
    """The Pictomania round of the module's docstring; its server restart also keeps points typed just before it
    on another phone: the referee's phone, idle in this round, sits as A at a score pad and types her points, and
    the server restarts at once, before the draft's next write (about once a second): back in her seat by
    herself, her field holds them (the server stopped without writing the draft: empty). A restart of its own
    for that was a second reconnection of every tab, about 14 s of the two cores' CPU."""
    pad = table_server[1]["score_pad_restart"]
    sid = table_server[1]["pictomania"]
    host, players, _ = seated_round(table_tabs, sid)
    for seat, phone in players.items():
        sit(phone, sid, seat)
        symbol, number = DEAL[seat]
        phone.tab.see(SHAPES[symbol])  # its own word at once: no cover, no other word to pick
        phone.tab.see(f"Number {number}")
    typing = table_tabs[1]["Referee"]
    sit(typing, pad, "A")
    typing.tab.fill("My points", "4")
    typing.tab.quiet()

    # The server restarts: every phone reconnects by itself to its seat (the token in its browser's storage).
    tabs = [host, *(phone.tab for phone in players.values()), typing.tab]
    opened = [tab.sockets() for tab in tabs]
    restart_server(table_server[0])
    for tab, before in zip(tabs, opened):
        tab.reconnected(before)
    for seat, phone in players.items():
        phone.tab.see(f"You are {seat}")
        phone.tab.see(SHAPES[DEAL[seat][0]])
    host.see("PIN ")
    typing.tab.see("You are A")
    typing.tab.holds("My points", "4")

    for seat, phone in players.items():
        target, number = GUESSES[seat]
        phone.tab.tap(f"Guess {number} on {target}'s drawing", exact=True)
        phone.tab.see(f"{target}'s drawing: guess placed")
    for phone in players.values():  # every phone sees who guessed on which pile, never the number
        for drawer, guesser in (("A", "C"), ("B", "A"), ("C", "B")):
            phone.tab.see(f"{drawer}'s pile: {guesser}")

    for seat, phone in players.items():
        others = [m for s in SEATS if s != seat for m in secrets_of(s)]
        assert not any(phone.received(m) for m in others), seat
        assert "Pass to " not in phone.screen_text()
    assert not any(m in host.page.evaluate(READ_ALL) for s in SEATS for m in secrets_of(s))

    # A finishes with a double tap on her claim: one tile, and her phone never says "Someone else acted first … try
    # again" (it did, nobody else having acted; what it says instead is pinned in tests/test_table_hub.py). Her
    # phone hears nothing from the server until her claim is taken (a slow network), so the second click lands on
    # the button still drawn; whether it reaches the server before or after the button went away there, it must not
    # count. Waiting for a message about the second tap failed twice in about six full runs (the message did not
    # come, and the held tab then failed every later test of this file): the tile and the words are what is checked.
    claim = players["A"].tab.page.get_by_role("button", name="A: claim 3", exact=True)
    claim.wait_for(state="visible")
    players["A"].tab.hold()
    try:
        claim.dblclick()
        players["A"].tab.held_until("A took 3")
    finally:
        players["A"].tab.release()
    players["A"].tab.see("A took 3")
    players["A"].tab.quiet()
    assert "Someone else acted first" not in players["A"].screen_text()
    with Store(table_server[0].data) as store:
        assert store.state(sid)["race"]["claims"] == [["A", 3]]

    host.tap("Reveal the piles", exact=True)  # the board's own button, the only reveal on the host's screen
    host.tap("Reveal", exact=True)  # not everyone has stopped: the table confirms
    for seat, phone in players.items():
        phone.tab.see("Round 1 revealed")
        for s in SEATS:  # revealed together: every card and every guess number now on every phone
            phone.tab.see(f"{s} drew: {SHAPES[DEAL[s][0]]}, number {DEAL[s][1]}")
        phone.tab.see("A guessed 6: right")
        phone.tab.see("B guessed 4: wrong")


def enter_card(tab: Tab, card: tuple[int, int], button: str = "Enter my card") -> None:
    """On a seated phone in Pictomania's deal: tap the card's symbol and number, then enter it."""
    tab.tap(SHAPES[card[0]], exact=True)
    tab.tap(f"Number {card[1]}", exact=True)
    tab.tap(button, exact=True)


def test_a_pictomania_deal_entered_card_by_card_on_the_phones(table_server, table_tabs):
    """Each player enters the card they were dealt on their own phone, nobody types another's: A's and B's
    phones say which card they entered, the host's screen and C's phone only who has entered and who is still to;
    C's card clashes with B's (B typed C's number) and is refused by the rule alone, naming no one; B enters his
    again, C's completes the deal, and each phone shows its own word. Before the reveal no screen or frame shows
    another seat's entered card, and the host's screen never shows a card."""
    sid = table_server[1]["pictomania_deal"]
    host, players, _ = seated_round(table_tabs, sid)
    for seat, phone in players.items():
        sit(phone, sid, seat)
        phone.tab.see("My card, as dealt")
    entered = {seat: f"Entered: {SHAPES[s]}, number {n}." for seat, (s, n) in DEAL.items()}
    enter_card(players["A"].tab, DEAL["A"])
    players["A"].tab.see(entered["A"])
    players["A"].tab.shot("table_phone_pictomania_own_card")
    enter_card(players["B"].tab, (2, 7))
    players["B"].tab.see("Entered: Triangle, number 7.")
    for tab in (host, players["C"].tab):
        tab.see("Cards entered on phones: A and B; still to enter: C")
    enter_card(players["C"].tab, DEAL["C"])
    players["C"].tab.see("These cards cannot all be right: each symbol and each number is dealt only once.")
    players["C"].tab.shot("table_phone_pictomania_own_card_clash")
    host.shot("table_host_pictomania_own_cards_waiting")
    enter_card(players["B"].tab, DEAL["B"], "Enter my card again")
    players["B"].tab.see(entered["B"])
    players["C"].tab.tap("Enter my card", exact=True)
    for seat, phone in players.items():
        phone.tab.see("My word")
        phone.tab.see(f"Number {DEAL[seat][1]}")
        others = [entered[s] for s in SEATS if s != seat] + ["Entered: Triangle, number 7."] * (seat != "B")
        assert not any(phone.received(m) for m in others), seat
    assert not any(m in host.page.evaluate(READ_ALL) for s in SEATS for m in (*secrets_of(s), entered[s]))


def test_a_pictomania_deal_says_both_ways_on_every_screen(table_server, table_tabs):
    """Play-test (five friends, a laptop and phones): before the deal the host's screen offered only the app's deal
    and every phone only its own card, and nothing told the table which to use. Every screen now says both ways:
    the host's that each phone may enter its own card or the app deals, each phone that the host may let the app
    deal. The host lets the app deal: every phone shows its own word."""
    sid = table_server[1]["pictomania_ways"]
    host, players, _ = seated_round(table_tabs, sid)
    for seat, phone in players.items():
        sit(phone, sid, seat)
        phone.tab.see("My card, as dealt")
        phone.tab.see("Or the host lets the app deal: your word then shows here.")
    host.see("Deal with the cards: each phone enters its own card. Or let the app deal")
    host.shot("table_host_pictomania_two_ways_to_deal")
    players["A"].tab.shot("table_phone_pictomania_two_ways_to_deal")
    host.tap("Deal the cards", exact=True)
    for phone in players.values():
        phone.tab.see("My word")
    assert "My card, as dealt" not in players["A"].screen_text()


def test_a_phone_scrolled_down_in_the_race_shows_its_top_when_the_race_ends(table_server, table_tabs):
    """Play-test: when the last bonus tile was taken, a phone that had scrolled stayed scrolled, part-way down,
    the race's result at its very foot. The race's end is a new phase of the round: the phone shows its top again,
    where the status line says what the table waits for now (the reveal)."""
    sid = table_server[1]["pictomania_race"]
    host, players, _ = seated_round(table_tabs, sid)
    for seat, phone in players.items():
        sit(phone, sid, seat)
    reader = players["B"].tab
    reader.resize(SHORT_PHONE)
    reader.to_top()
    banner = reader.page.evaluate(BOX_OF, "You are B")
    top = seen_at(reader, banner)
    size = reader.page.viewport_size
    reader.page.mouse.move(size["width"] // 2, size["height"] - 40)  # over the screen's scrolling part
    reader.page.mouse.wheel(0, 50_000)
    reader.quiet()
    assert seen_at(reader, banner) != top  # B reads the piles at the foot, the banner out of sight
    players["A"].tab.tap("A: claim 3", exact=True)
    players["C"].tab.tap("C: claim 3", exact=True)
    reader.see("Drawing over: reveal")
    reader.shot("table_phone_pictomania_race_over")
    shown = reader.settle()
    reader.to_top()  # the race's panel, pinned above the screen, is gone: the screen's top is told by scrolling to it
    assert reader.settle() == shown  # it was there already
    reader.resize(PHONE)


# Guess Club: each seat's one answer card; B's and C's are the same dessert in two languages, which the matcher
# does not know: C shows it to the setter from their own phone.
HANDS = {"A": "Quince tart", "B": "Plum tart", "C": "Zwetschgenkuchen"}


def test_a_guess_club_round_played_from_phones(table_server, table_tabs):
    sid = table_server[1]["guess_club"]
    host, players, _ = seated_round(table_tabs, sid)
    for seat, phone in players.items():
        sit(phone, sid, seat)
        phone.tab.fill("Answer 1", HANDS[seat])  # its own hand open at once, no cover
        phone.tab.tap("Save my answers")
    players["B"].tab.see("B: play a card")  # told on B's own phone; the others say once whom they wait for
    for seat in ("A", "C"):
        players[seat].tab.see("B's turn")
        players[seat].tab.see("Nothing to do right now.")  # the status line named B: not "…: waiting for B."
        screen = players[seat].screen_text()
        assert "B: play a card" not in screen and "waiting for B" not in screen, seat

    for seat, phone in players.items():
        others = [HANDS[s] for s in SEATS if s != seat]
        assert not any(phone.received(m) for m in others), seat
        assert "Pass to " not in phone.screen_text()
    assert not any(m in host.page.evaluate(READ_ALL) for m in HANDS.values())
    assert players["B"].received(HANDS["B"])  # the check finds a card where it is (B's hand, B's turn)

    players["B"].tab.tap(f"Read out “{HANDS['B']}”")
    setter = players["A"].tab
    setter.see("The app found no matching card.")
    assert ruling_above_own_cards(setter, HANDS["A"]), "the setter's ruling sits under its own cards' offers"
    host.tap(f"Undo: B played “{HANDS['B']}”")  # on the host's own screen, with the table's consent: B's turn again
    host.tap("Everyone agrees: undo")
    players["B"].tab.see_role("button", f"Read out “{HANDS['B']}”")
    setter.see("B's turn")
    setter.gone("The app found no matching card.")
    host.tap(f"Redo: B played “{HANDS['B']}”")
    setter.see("The app found no matching card.")
    players["C"].tab.tap(f"Same as mine: “{HANDS['C']}”")  # C shows the setter the card the matcher missed
    setter.see_role("checkbox", f"C: “{HANDS['C']}”")  # among the proposals, ticked; the setter rules on it
    players["C"].tab.see(f"You showed “{HANDS['C']}”: the setter decides.")
    assert not players["B"].received(HANDS["C"])  # the setter's and C's only, until the ruling reveals it
    setter.tap("Fits the topic (matching cards: 1;")
    setter.see_role("checkbox", f"A: “{HANDS['A']}”")  # round over: the setter checks the unplayed card
    setter.tap("Settle round 1")
    for phone in players.values():
        phone.tab.see("Round 1 settled · matches: 1")
        phone.tab.see("Money now: A 150, B 180, C 150")
    host.see("Round 2")


def ruling_above_own_cards(setter: Tab, card: str) -> bool:
    """Whether the setter's phone offers its ruling above its offer to show its own card: the ruling is its step,
    first on its screen; under one offer a card (five at six cards a hand: a setter's phone at 390×844 showed no
    ruling button until scrolled) it was out of sight."""
    rule = setter.page.get_by_role("button", name=shown_as("Fits the topic (matching cards:")).first
    own = setter.page.get_by_role("button", name=shown_as(f"Same as mine: “{card}”")).first
    return rule.bounding_box()["y"] < own.bounding_box()["y"]


def test_eight_phones_answer_at_once_and_all_see_the_race(browser, table_server, table_tabs):
    """Eight phones, each in its seat by its token (`SEATED`; the four new ones load straight into it), save an
    answer at once and all see the first button taken. (The join form, typed with the PIN:
    test_a_knit_wit_round_played_from_four_phones.)"""
    server, sids, tokens = table_server
    sid = sids["knit_wit8"]
    host, table_phones = table_tabs
    host_pin(host, sid)
    moved = dict(zip(SEATS8, table_phones.values()))  # A's, B's, C's and the referee's phones come to this table
    new = {seat: Phone(new_tab(browser, server, PHONE, storage=kept_tokens(server, tokens[seat])))
           for seat in SEATS8[len(moved):]}
    phones = moved | new
    try:
        for phone in new.values():  # four more people open the join address at once
            phone.tab.page.goto(f"{phone.tab.base}/join/{sid}", wait_until="commit")
        for phone in moved.values():
            phone.frames.clear()
            phone.tab.open(f"/join/{sid}")
        for phone in new.values():
            phone.tab.ready()
        for seat, phone in phones.items():
            phone.tab.see(f"You are {seat}")
        for seat, phone in phones.items():
            phone.tab.fill("Spool 1 · worth 2", f"octo{seat}z")
        for phone in phones.values():  # all eight save within a moment
            phone.tab.tap("Save my answers")
        everyone = ", ".join(f"{seat} 1/8" for seat in SEATS8)
        for phone in phones.values():
            phone.tab.see(everyone)
        for seat, phone in phones.items():
            assert not any(phone.received(f"octo{s}z") for s in SEATS8 if s != seat), seat

        phones["E"].tab.tap("E: claim 4", exact=True)
        for phone in phones.values():
            phone.tab.see("E took 4")
        host.see("E took 4")
        phones["E"].tab.see("Your answers (your sheet is locked: you took a button)")  # E's sheet stays readable
        phones["E"].tab.see(re.compile(r"Spool 1 · worth 2 \(.*\): octoEz"))
        others = [f"{seat} took 4" if seat == "E" else f"{seat}: still racing" for seat in SEATS8[1:]]
        status_lines_hold_whole_players(phones["A"].tab, others)
    finally:
        for phone in new.values():
            phone.tab.page.context.close()


def status_lines_hold_whole_players(tab: Tab, entries: list[str]) -> None:
    """The race's status line of the other players, as painted on a phone: it wraps, and each of its lines holds
    whole players ("B: still racing · C: still racing ·"), its ink as wide as those words measured; a line that
    broke inside one ("… · D: still" / "racing · …", seen at 390 px) matches no run of whole players."""
    from tests.browser.test_pictomania import LINE_GAP, WORD_GAP, ink, runs
    (box,) = [b for b in text_boxes(tab, "·") if entries[0].split(":")[0] + ":" in b["text"]]
    png = tab.settle()
    lines = runs(ink(tab, png, box)[1], LINE_GAP)
    assert len(lines) > 1, f"the status line was expected to wrap on a phone: {lines}"
    start = 0
    for top, bottom in lines:
        cols, _ = ink(tab, png, {"x": box["x"], "y": box["y"] + top, "width": box["width"], "height": bottom - top})
        drawn = runs(cols, WORD_GAP)
        painted = drawn[-1][1] - drawn[0][0]
        runs_of = {end: " · ".join(entries[start:end]) + (" ·" if end < len(entries) else "")
                   for end in range(start + 1, len(entries) + 1)}
        measured = widths(tab, list(runs_of.values()), BODY_16)
        fits = [end for end, said in runs_of.items() if abs(measured[said] - painted) <= INK_SLACK]
        assert fits, f"a line of {painted} px of ink holds no run of whole players from {entries[start]}: {measured}"
        start = fits[0]
    assert start == len(entries), f"the lines hold {entries[:start]} of {entries}"


# What each semantics node says itself (its label, else its own text), no-break spaces read as spaces.
OWN_WORDS = """() => Array.from(document.querySelectorAll('flt-semantics')).map(node =>
  (node.getAttribute('aria-label') || Array.from(node.childNodes).filter(child => child.nodeName !== 'FLT-SEMANTICS'
    && child.nodeName !== 'FLT-SEMANTICS-CONTAINER').map(child => child.textContent).join('')).replace(/\u00a0/g, ' '))
  .filter(words => words.trim())"""


def last_line_records_round_1(players: dict[str, Phone], host: Tab, game: str, give: str, host_heading: str) -> None:
    """C's phone, its own line entered (saved as `table_phone_<game>_own_line.png`), gives it with `give`: the last
    line records round 1, so every phone reads round 2 and the host its form's heading for it."""
    players["C"].tab.shot(f"table_phone_{game}_own_line")
    players["C"].tab.tap(give)
    for phone in players.values():
        phone.tab.see("Round 2")
    host.see(host_heading)


def test_a_score_pad_round_given_from_each_phone(table_server, table_tabs):
    sid = table_server[1]["score_pad"]
    host, players, _ = seated_round(table_tabs, sid)
    for seat, phone in players.items():
        sit(phone, sid, seat)
    said = [line for line in players["A"].tab.page.evaluate(OWN_WORDS) if "Round 1" in line]
    assert said == ["Round 1 · Scoring rounds"]  # the status line; the view's "Round 1" heading is shown, not read
    points = {"A": "7", "B": "-2", "C": "0"}
    for seat in ("A", "B"):
        players[seat].tab.fill("My points", points[seat])
        players[seat].tab.tap("Give my points")
    players["A"].tab.see("You gave 7; the round is recorded once everyone has given theirs.")
    host.see("Given: A 7, B −2; still to give: C")
    players["C"].tab.see("Given: A 7, B −2; still to give: C")
    players["C"].tab.fill("My points", points["C"])
    reader = players["A"].tab
    reader.resize(SHORT_PHONE)
    reader.to_top()
    banner = reader.page.evaluate(BOX_OF, "You are A")
    top = seen_at(reader, banner)
    scrolled_to_foot(reader)
    assert seen_at(reader, banner) != top  # A reads the scores at the foot of the screen, the banner out of sight
    last_line_records_round_1(players, host, "score_pad", "Give my points", "Points for round 2")
    assert seen_at(reader, banner) == top  # the new round leads: A's screen is back at its top
    reader.resize(PHONE)
    assert "Given:" not in host.page.evaluate(READ_ALL)


SHORT_PHONE = {"width": 390, "height": 420}  # a phone whose screen scrolls at a score pad's first round
# The box of the smallest semantics node whose words start with the text, as Flutter placed it last (a scrolled
# node's box may stay where it was: read it at the screen's top).
BOX_OF = """(text) => {
  const said = e => (e.getAttribute('aria-label') || e.textContent || '').replace(/\\u00a0/g, ' ');
  const boxes = Array.from(document.querySelectorAll('flt-semantics')).filter(e => said(e).startsWith(text))
    .map(e => e.getBoundingClientRect()).filter(r => r.height > 0)
    .sort((a, b) => a.width * a.height - b.width * b.height);
  return {x: boxes[0].x, y: boxes[0].y, width: boxes[0].width, height: boxes[0].height}; }"""


def seen_at(tab: Tab, box: dict) -> bytes:
    """The pixels painted in box once the screen is quiet and painted: the same as at the screen's top only when
    it shows its top (the semantics boxes of a scrolled screen may stay where they were: the paint tells)."""
    tab.settle()
    return tab.page.screenshot(clip=box)


def scrolled_to_foot(tab: Tab) -> None:
    """Scroll the screen to its foot with the mouse wheel over its middle, as a player reading the scores does,
    and wait until the server is quiet and the frame is painted."""
    size = tab.page.viewport_size
    tab.page.mouse.move(size["width"] // 2, size["height"] // 2)
    tab.page.mouse.wheel(0, 50_000)
    tab.quiet()
    tab.page.evaluate(PAINTED)


def test_a_phone_back_from_a_dropped_connection_shows_what_it_missed(table_server, table_tabs):
    """B's connection drops and stays down while A gives her points (the host's screen shows B's phone away);
    once it is back B's phone reconnects by itself, no reload, and shows A's points (and the host's screen B's
    phone connected) (Flet dropped the screen's update while B was away: it came back to the
    table as it left it), then C's, given after."""
    sid = table_server[1]["score_pad_away"]
    host, players, _ = seated_round(table_tabs, sid)
    for seat, phone in players.items():
        sit(phone, sid, seat)
    a, b, c = (players[seat].tab for seat in SEATS)
    heard = b.sockets()
    b.page.evaluate("window.__blocked = true; window.__ws.forEach(socket => socket.close())")
    host.see("phone away")
    a.fill("My points", "7")
    a.tap("Give my points")
    host.see("Given: A 7; still to give: B and C")
    b.page.evaluate("window.__blocked = false")
    b.reconnected(heard)
    b.see("Given: A 7; still to give: B and C")
    expect(host.page.get_by_text("phone away")).to_have_count(0)
    c.fill("My points", "3")
    c.tap("Give my points")
    b.see("Given: A 7, C 3; still to give: B")


def test_a_phone_whose_connection_blinks_draws_what_comes_after(table_server, table_tabs):
    """B's websocket closes and the app opens a new one at once, by itself (a network blink, no reload): once
    while B is typing the PIN (still typed after), once seated; A then gives her points and B his: B's phone shows
    both. (Flet gave the tab back the session it left, and its web client drew nothing it was sent after: B's
    phone looked frozen while its taps reached the server. The tab now gets a new session, with its scratch.)"""
    sid = table_server[1]["score_pad_blip"]
    host, players, pin = seated_round(table_tabs, sid)
    for seat in ("A", "C"):
        sit(players[seat], sid, seat)
    a, b = players["A"].tab, players["B"].tab
    b.open(f"/join/{sid}")
    b.fill("Table PIN", pin)
    heard = b.sockets()
    b.page.evaluate("window.__ws.forEach(socket => socket.close())")
    b.reconnected(heard)
    b.holds("Table PIN", pin)
    b.tap("Sit as B", exact=True)
    b.see("You are B")
    heard = b.sockets()
    b.page.evaluate("window.__ws.forEach(socket => socket.close())")
    b.reconnected(heard)
    a.fill("My points", "7")
    a.tap("Give my points")
    host.see("Given: A 7; still to give: B and C")
    b.see("Given: A 7; still to give: B and C")
    b.fill("My points", "4")
    b.tap("Give my points")
    b.see("Given: A 7, B 4; still to give: C")


def test_a_phone_away_longer_than_its_session_keeps_its_half_typed_pin(table_server, table_tabs):
    """B types half the PIN, then the phone is away longer than the server keeps its session (`main.SESSION_TIMEOUT`
    and Flet's eviction, every 10 s): it comes back in a new session with nothing of the old one, and the PIN
    typed is still in its field (it was kept in the session only: lost). Away that long is simulated without
    waiting: while the network is down the tab's Flet session id (the web client's `_flet_session_id`, read at
    each reconnection) is one the server does not know, as it is once the session has been evicted. The phone
    goes once the last keystroke is in its storage: the server writes it there one round trip after the keystroke,
    and a phone gone within that keeps the PIN as it was one keystroke before (seen: "1")."""
    sid = table_server[1]["score_pad_evicted"]
    b = table_tabs[1]["B"].tab
    b.open(f"/join/{sid}")
    b.fill("Table PIN", "12")
    b.page.wait_for_function("key => Object.keys(localStorage).some(k => k.endsWith(key) && localStorage[k]"
                             ".includes('12'))", arg=f"tableside.pin.{sid}")  # the keystroke's write landed
    heard = b.sockets()
    b.page.evaluate("window.__blocked = true; window.__ws.forEach(socket => socket.close())")
    b.page.evaluate("sessionStorage.setItem('_flet_session_id', 'evicted')")
    b.page.evaluate("window.__blocked = false")
    b.reconnected(heard)
    b.holds("Table PIN", "12")


def test_the_hosts_show_all_is_kept_when_its_tab_is_away_longer_than_its_session(table_server, table_tabs):
    """The host's table screen of a long score pad shows the newest lines and "Show all"; the host asks for all,
    then the laptop is away longer than the server keeps its session (simulated as for the PIN above): it comes
    back in a new session still showing the whole log, the first round's line too (the choice lived in the tab's
    session scratch only: the log came back paged)."""
    host = table_tabs[0]
    first_line = re.compile(r"^#1(?!\d)")
    host.open(f"/table/{table_server[1]['score_pad_long']}")
    host.tap("Show all", exact=True)
    host.see(first_line)
    heard = host.sockets()
    host.page.evaluate("window.__blocked = true; window.__ws.forEach(socket => socket.close())")
    host.page.evaluate("sessionStorage.setItem('_flet_session_id', 'evicted')")
    host.page.evaluate("window.__blocked = false")
    host.reconnected(heard)
    host.see(first_line)
    expect(host.page.get_by_role("button", name="Show all", exact=True)).to_have_count(0)


def test_a_flip7_round_given_from_each_phone(table_server, table_tabs):
    sid = table_server[1]["flip7"]
    host, players, _ = seated_round(table_tabs, sid)
    for seat, phone in players.items():
        sit(phone, sid, seat)
    cards = {"A": ["11", "5", "+4"], "B": ["3"], "C": ["12"]}
    for seat in ("A", "B"):
        for card in cards[seat]:
            players[seat].tab.tap(card, exact=True)
        players[seat].tab.tap("Give my line")
    players["A"].tab.see("Your line gave 20 points; the round is recorded once everyone has given theirs.")
    host.see("Given: A 20 points, B 3 points; still to give: C")
    players["A"].tab.see("Given: A 20 points, B 3 points; still to give: C")  # A's wait, under what A gave
    assert text_boxes(players["A"].tab, "Cards of A")[0]["y"] < text_boxes(players["A"].tab, "Your line gave")[0][
        "y"] < text_boxes(players["A"].tab, "still to give:")[0]["y"]  # right under the button, as Rummy says it
    players["C"].tab.tap("12", exact=True)
    players["C"].tab.see("12 points")
    last_line_records_round_1(players, host, "flip7", "Give my line", "Round 2: tap each player's cards")


def test_a_cubosaurs_round_given_from_each_phone(table_server, table_tabs):
    """A, B and C each count their own collection on their phone and give it: the host reads who gave how many
    cards; A miscounted, changes hers and gives it again; C's, the last, records round 1 on every screen."""
    sid = table_server[1]["cubosaurs"]
    host, players, _ = seated_round(table_tabs, sid)
    for seat, phone in players.items():
        sit(phone, sid, seat)
    counted = {"A": ("More: T-Rex", 3), "B": ("More: Brontosaurus", 2)}
    for seat, (button, times) in counted.items():
        for _ in range(times):
            players[seat].tab.tap(button, exact=True)
        players[seat].tab.tap("Give my collection")
    players["A"].tab.see("Your collection is given; the round is recorded once everyone has given theirs. You may "
                         "change it and give it again until then.")
    host.see("Given: A 3 cards, B 2 cards; still to give: C")
    players["A"].tab.tap("Fewer: T-Rex", exact=True)
    players["A"].tab.tap("Give again")
    host.see("Given: A 2 cards, B 2 cards; still to give: C")
    host.shot("table_host_cubosaurs_lines_given")
    players["C"].tab.tap("More: T-Rex", exact=True)
    last_line_records_round_1(players, host, "cubosaurs", "Give my collection",
                              "Round 2: count each player's collection")


def test_a_rummy_round_given_from_each_phone(table_server, table_tabs):
    """A melds three hearts and goes out, B is left with the king of spades, each on their own phone: the host
    reads who gave how many cards; C's line, the last, records round 1 on every screen."""
    sid = table_server[1]["rummy"]
    host, players, _ = seated_round(table_tabs, sid)
    for seat, phone in players.items():
        sit(phone, sid, seat)
    taps = {"A": ["New meld", "♥ Hearts", "7♥", "8♥", "9♥"], "B": ["♠ Spades", "K♠"], "C": ["♦ Diamonds", "2♦"]}
    for seat in ("A", "B"):
        for name in taps[seat]:
            players[seat].tab.tap(name, exact=True)
        players[seat].tab.tap("Give my line")
    players["A"].tab.see("Your line is given; the round is recorded once everyone has given theirs. You may change "
                         "it and give it again until then.")
    host.see("Given: A 3 cards, B 1 card; still to give: C")
    for name in taps["C"]:
        players["C"].tab.tap(name, exact=True)
    last_line_records_round_1(players, host, "rummy", "Give my line",
                              "Round 2: tap each player's melds, lay-offs and hand")


def test_a_bacon_deal_tapped_out_on_each_phone(table_server, table_tabs):
    """Four phones (the referee's phone sits as D): the host and a phone say the players tap "I'm out!" (or the
    referee or the host enters the order), the host's screen with that line first, above its PIN and seats; B
    taps "I'm out!" and reads his place, and the table's move said plainly (he may tap no more); A taps; every
    screen shows who is out so far; C's tap ends A and C's team and records deal 1 in that order (B's team
    scores)."""
    sid = table_server[1]["bacon"]
    host, phones, _ = seated_round(table_tabs, sid)
    seats = {"A": phones["A"], "B": phones["B"], "C": phones["C"], "D": table_tabs[1]["Referee"]}
    for seat, phone in seats.items():
        sit(phone, sid, seat)
    for screen in (host, seats["B"].tab):  # not "Next: Table — enter the order", the phones tap
        screen.see("Next: tap “I'm out!” as you go out (or the referee or the host enters the order)")
        # said once and first, then the deal: no "Playing deals", no dealer's "…'s turn" beside it
        assert lines_with(screen, "Next:") == ["Next: tap “I'm out!” as you go out (or the referee or the host enters"
                                               " the order) · Deal 1 of 8"]
    said = host.page.evaluate(OWN_WORDS)  # the host's screen leads with it, read and shown above the PIN and seats
    first = [n for n, words in enumerate(said) if words.startswith(("Next:", "PIN ", "Seats"))]
    assert [said[n].split()[0] for n in first] == ["Next:", "PIN", "Seats"], said[:8]
    assert text_boxes(host, "Next:")[0]["y"] < text_boxes(host, "PIN ")[0]["y"] < text_boxes(host, "Seats")[0]["y"]
    seats["B"].tab.tap("I'm out!", exact=True)
    seats["B"].tab.see("You are out (place 1 in this deal).")
    seats["B"].tab.see("Nothing to do right now")  # out: the table's move said plainly, not "tap “I'm out!”"
    assert lines_with(seats["B"].tab, "Next:") == ["Next: Table — enter the order players went out in · Deal 1 of 8"]
    seats["A"].tab.tap("I'm out!", exact=True)
    seats["A"].tab.see("You are out (place 2 in this deal).")
    host.see("Out so far (tapped on phones): 1. B, 2. A")
    seats["D"].tab.see("Out so far (tapped on phones): 1. B, 2. A")
    seats["C"].tab.shot("table_phone_bacon_im_out")
    host.shot("table_host_bacon_out_so_far")
    seats["C"].tab.tap("I'm out!", exact=True)
    for phone in seats.values():
        phone.tab.see("Deal 2")
    host.see("Deal 2: tap players in the order they went out")
    host.see("Team 2 (B + D): 1 point")


def test_a_solar_storm_take_from_a_player_asked_on_a_phone(table_server, table_tabs):
    """Solar Storm with private hands: A takes a card from B, both in the Energy Core, on A's phone by its steps.
    A's phone holds A's view (B's hand unknown cards), and the picker refused every kind there ("B holds no …"
    while B held it, the button disabled): no card could be taken from a phone. The take is sent, and the table
    answers: a kind B lacks is refused on A's phone alone, one B holds is taken."""
    sid = table_server[1]["solar_storm"]
    host, players, _ = seated_round(table_tabs, sid)
    for seat, phone in players.items():
        sit(phone, sid, seat)
    held = replay(SOLAR_STORM)["hands"]["B"]
    lacked = next(kind for kind in CARDS if kind not in held)
    card = {kind: words.say("en", f"solar_storm.card.{kind}") for kind in CARDS}
    tab = players["A"].tab
    tab.tap("Take a card from a player… (2 players)", exact=True)
    tab.tap("With B", exact=True)
    tab.tap(f"Take {card[lacked]}", exact=True)
    asked = tab.button(f"Take {card[lacked]} from B", exact=True)
    expect(asked).to_be_enabled(timeout=WAIT_MS)
    tab.press(asked)
    tab.see(f"B holds no {card[lacked]} card.")
    tab.see("3 actions left, 0 tokens")
    tab.tap(f"Take {card[held[0]]}", exact=True)                    # whom kept, the take changed
    tab.tap(f"Take {card[held[0]]} from B", exact=True)
    tab.see("2 actions left, 0 tokens")
    players["B"].tab.see("A: 2 actions left, 0 tokens")          # another seat's phone names whose counts
    assert not any(players[seat].received("holds no") for seat in ("B", "C"))


def test_a_seated_phone_is_told_when_the_host_deletes_its_session(table_server, table_tabs):
    """A is seated with points half typed; the host deletes the session: A's phone says so at once, and that the
    session is gone (it went on showing the game, told nothing until its next tap), and still says it once
    reloaded (the join screen offered the deleted session's free seats)."""
    sid = table_server[1]["score_pad_deleted"]
    host, players, _ = seated_round(table_tabs, sid)
    a = players["A"].tab
    sit(players["A"], sid, "A")
    a.fill("My points", "5")
    host.open(f"/play/{sid}")
    host.tap("Delete")
    host.page.get_by_role("button", name="Delete").last.click()
    a.see("The host deleted this session: it can no longer be played from this phone.")
    a.see(f"There is no saved session “{sid}”.")
    a.reload()
    a.see(f"There is no saved session “{sid}”.")
    expect(a.page.get_by_role("button", name=re.compile("^Sit as"))).to_have_count(0)
