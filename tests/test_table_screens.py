"""What a seated phone's game view holds, built without a browser from the hub's message for that seat: its own
private parts open at once, no other seat's cover or entry; and the generic prompt forms' field labels are
translated in both languages for every field any game's moves declare; every phone shows the server's
challenge countdown and only the explaining player's phone rings; the host's table screen is the public table
(board, scoreboard, log) and holds no seat's secret before the reveal; once the game is over every phone and the
host's screen show the final result. One move is offered once on a seated phone, and only a move its seat
makes: every control of the built screen tapped once sends each of the seat's moves by one control (Knit Wit's
deal, weave, challenges, ballots, the table's rulings and "next spool", the 2-player stop; Nab-It!'s turn,
swap, challenges, ballots, last-tile announcement and the table's end; Guess Club's, Solar Storm's, Kingdomino's
and Splitter's moves; the round games' table moves, made from the referee's phone only)."""

from __future__ import annotations

import asyncio
import copy
import functools
import json
import re
from types import SimpleNamespace
from typing import Any

import flet as ft
import flet.canvas as cv
import pytest
import segno

from scoring import i18n
from scoring.core import TABLE, RuleError, engine, games
from scoring.games.kingdomino import legal_placements
from scoring.i18n import LANGUAGES
from scoring.record import COLOURS, SHOWN, new_record, replay
from storage import Store
from tests.helpers import press, run_async
from tests.test_table_hub import HANDS3, Clock, knit_wit_answering, open_hub
from tests.test_views import StubPage
from tests.test_views_components import (FakePage, bar_action, bar_words, buttons, children, drawn_part, labelled_boxes,
                                        read, shown_bars, texts, walk)
from views import settings, words
from views.app import App, open_to_phones, top_bar
from views.components.folds import Folds
from views.components.private import private_entry
from views.components.timer import Ticker
from views.context import GameContext
from views.games import (flip7, guess_club, kingdomino, knit_wit, nab_it, pictomania, round_edit, solar_storm, splitter,
                         view_of)
from views.guard import HostGuard
from views.join import join_form, seat_body
from views.session import DRAFT_WRITER, bring_back_draft, build, draft_keeper, save_draft, show_all
from views.table import (choice_text, connected_hub, field_label, host_body, moves_and_view, prompt_panel, qr_svg,
                         says_waiting, seat_local, seat_record, status_line)
from views.table_hub import PIN_DIGITS, TableHub


@pytest.fixture
def store(tmp_path):
    """A fresh data folder."""
    with Store(tmp_path / "data") as opened:
        yield opened


def seated(hub, seat: str):
    """The hub's message for a phone on seat (the last one it was sent), and the phone's token."""
    token = hub.join(hub.pin, seat)
    got: list = []
    hub.subscribe(got.append, token)
    return got, token


def on_phones(hub, tokens: dict) -> None:
    """Each seat's phone watches the table (its seat reads as played on that phone, not dropped off)."""
    for token in tokens.values():
        hub.subscribe(lambda message: None, token)


def seat_ctx(message: dict, refusals: list | None = None, local: dict | None = None, lang: str = "en") -> GameContext:
    """A game context as the join screen builds it: the seat's view, no log but its length, the seat known."""
    view, record = message["view"], seat_record(message)
    return GameContext(lang=lang, record=record, state=view, engine=engine(record["game"]), page=FakePage(),
                       store=None, local={} if local is None else local, sound=False,
                       apply=lambda action, refused=None: True,
                       show_error=(refusals.append if refusals is not None else lambda err: None),
                       refresh=lambda: None, seat=message["seat"], actions=message["count"],
                       where=message.get("where"))


def words_in(control: ft.Control) -> str:
    """Every text, field label and button text in a tree, one a line."""
    out = list(texts(control))
    for c in walk(control):
        if isinstance(c, ft.TextField):
            out += [c.label or "", c.value or ""]
        if isinstance(getattr(c, "content", None), str):
            out.append(c.content)
    return "\n".join(str(t) for t in out if t)


def test_every_move_field_has_a_translated_label_in_both_languages():
    for game in games():
        eng = engine(game.id)
        for kind, spec in eng.specs.items():
            for name in spec.fields or ():
                for lang in LANGUAGES:
                    label = field_label(lang, game.id, name)
                    assert label and not label.startswith("table.field"), (game.id, kind, name, lang)
    assert field_label("en", "knit_wit", "text") == "Answer"
    assert field_label("zh-CN", "knit_wit", "spool") == "线轴"
    assert field_label("en", "nab_it", "word") == "Word"


def test_a_finite_choice_reads_in_words():
    assert choice_text("en", "pictomania", {"target": "B", "number": 6}) == "Drawer: B, Guess number: 6"
    assert choice_text("en", "pictomania", {"take_tile": False}) == "Take a tile: no"
    assert choice_text("zh-CN", "pictomania", {"take_tile": True}) == "拿加分板块：是"


def test_a_seated_knit_wit_phone_shows_its_own_sheet_open_and_no_other_sheet(store):
    hub = open_hub(store, knit_wit_answering(), Clock())
    got, _ = seated(hub, "A")
    screen = words_in(knit_wit.build(seat_ctx(got[-1])))
    assert "Next: A — answer" in screen
    assert "Spool 1 · worth 2" in screen
    assert "Save my answers" in screen
    assert "Pass to " not in screen and "I am" not in screen
    assert "B's sheet" not in screen and "B, enter" not in screen
    referee, _ = seated(hub, "table")
    screen = words_in(knit_wit.build(seat_ctx(referee[-1])))
    assert "enter your answers" not in screen and "Pass to " not in screen


def test_a_seated_pictomania_phone_shows_its_own_word_and_guesses_as_itself(store):
    hub = open_hub(store, new_record("pictomania", ["A", "B", "C"], {}, seed=1), Clock())
    table = hub.join(hub.pin, "table")
    hub.act(table, {"type": "set_deal", "deal": {"A": [1, 5], "B": [2, 3], "C": [4, 1]}})
    got, _ = seated(hub, "B")
    built = pictomania.build(seat_ctx(got[-1]))
    screen = words_in(built)
    assert "Triangle" in screen and "Number 3" in screen  # B's own word (2, 3), no cover to lift
    assert "Pass to " not in screen and "Done: hide" not in screen
    assert "B's guesses" in screen and "A's guesses" not in screen
    labels = [c.semantics_label for c in walk(built) if isinstance(c, ft.Text) and c.semantics_label]
    assert not any(label.endswith("is guessing") for label in labels)  # no switcher to guess as another seat


def test_a_seated_guess_club_phone_writes_only_its_own_hand(store):
    hub = open_hub(store, new_record("guess_club", ["A", "B", "C"], {"cards": 2}, seed=3), Clock())
    setter = store.state(hub.sid)["setter"]
    tokens = {seat: hub.join(hub.pin, seat) for seat in "ABC"}
    hub.act(tokens[setter], {"type": "topic", "text": "Fruit"})
    writer = "C" if setter != "C" else "B"
    got: list = []
    hub.subscribe(got.append, tokens[writer])
    screen = words_in(guess_club.build(seat_ctx(got[-1])))
    assert f"{writer}, enter your answers" in screen
    assert "Pass to " not in screen


def test_a_seated_setters_ticks_start_afresh_with_each_ruling(store):
    """The setter's phone ticks C's "plum-tart" as matching B's "Plum tart"; at the next ruling (C's "lime", no
    proposal) nothing is ticked: the view's scratch follows the hub's action count (a phone holds no log)."""
    clock = Clock()
    hub = open_hub(store, new_record("guess_club", ["A", "B", "C"], {"cards": 2}), clock)
    tokens = {seat: hub.join(hub.pin, seat) for seat in "ABC"}
    hub.act(tokens["A"], {"type": "topic", "text": "Desserts"})
    for seat, cards in (("A", ["pear", "fig"]), ("B", ["Plum tart", "kiwi"]), ("C", ["plum-tart", "lime"])):
        clock.advance(0.2)
        hub.act(tokens[seat], {"type": "answers", "cards": cards})
    got, local = [], {}
    hub.subscribe(got.append, tokens["A"])
    hub.act(tokens["B"], {"type": "play", "card": 0})
    assert "Fits the topic (matching cards: 1; if none, pays 10)" in words_in(
        guess_club.build(seat_ctx(got[-1], local=local)))
    hub.act(tokens["A"], {"type": "rule", "valid": True, "matches": [["C", 0]]})
    clock.advance(0.2)
    hub.act(tokens["C"], {"type": "play", "card": 1})
    assert "Fits the topic (matching cards: 0; if none, pays 10)" in words_in(
        guess_club.build(seat_ctx(got[-1], local=local)))


def test_private_entry_on_a_seated_phone_never_covers_another_seat():
    class Ctx:
        """Just what private_entry reads."""

        seat, lang = "A", "en"

        def t(self, key, **params):
            """The key and its parameters, readable enough to test on."""
            return f"{key}:{params}"

        def refresh(self):
            """Nothing to rebuild here."""

        def turn_page(self):
            """No page to turn here."""

        def read_once(self, control, number=None, waiting=()):
            """Nothing said above the view here: every line is read."""
            return control

        where = {"B": "phone"}

    other = words_in(private_entry(Ctx(), {}, "B", ["one"], lambda answers: True))
    assert "app.private.own_phone" in other and "pass_to" not in other and "app.private.show" not in other
    own = words_in(private_entry(Ctx(), {}, "A", ["one"], lambda answers: True))
    assert "app.private.entering" in own and "app.private.save" in own


def test_every_phone_shows_the_challenge_countdown_and_only_the_explainer_rings(store, monkeypatch):
    clock = Clock()
    hub = open_hub(store, knit_wit_answering(), clock)
    tokens = {seat: hub.join(hub.pin, seat) for seat in ("A", "B", "C", "table")}
    for seat, text in (("A", "tiger"), ("B", "cloud"), ("C", "lemon")):
        hub.act(tokens[seat], {"type": "answer", "spool": 1, "text": text})
        clock.advance(1)
    for seat in ("A", "B"):
        hub.act(tokens[seat], {"type": "claim"})
        clock.advance(1)
    hub.act(tokens["A"], {"type": "challenge", "target": "B"})
    rang: list = []

    async def ring(page, sound):
        """Record who rings instead of playing a sound."""
        rang.append(page.seat)

    monkeypatch.setattr(knit_wit, "ring", ring)
    for seat, token in tokens.items():
        got: list = []
        hub.subscribe(got.append, token)
        ctx = seat_ctx(got[-1])
        ctx.page.seat = seat
        tickers = [c for c in walk(knit_wit.build(ctx)) if isinstance(c, Ticker)]
        assert len(tickers) == 1, seat  # the countdown is on every phone, from the state the server keeps
        run_async(tickers[0].on_zero())
    assert rang == ["B"]


def shell(store, route: str = "/table/x") -> App:
    """A tab's shell over store, in English, at route on the table's address (no browser)."""
    store.set_setting("lang", "en")
    shell = App(StubPage(route), store)
    shell.page.url = "http://127.0.0.1:8550/"
    shell.render_soon = lambda: None
    return shell


def host_view(store, hub) -> ft.Control:
    """The host's table screen, built from the hub's latest message for the host."""
    got: list = []
    key = hub.subscribe(got.append)
    hub.unsubscribe(key)
    return host_body(shell(store), hub, got[-1], key)


def host_screen(store, hub) -> str:
    """Every word of the host's table screen."""
    return words_in(host_view(store, hub))


def read_out(control: ft.Control) -> list[str]:
    """What a screen reader says for the parts of a tree read as one node (`ft.Semantics` labels)."""
    return [c.label for c in walk(control) if isinstance(c, ft.Semantics) and c.label]


def log_numbers(body: ft.Control) -> list[int]:
    """The numbers of the log's lines on a screen ("#25 · 20:01 · Table · ..."), top to bottom (keyed by numbers, as
    a phone's round blocks are: a log line's words start with its number)."""
    return [int(c.value[1:].split()[0]) for c in walk(body) if isinstance(c, ft.Text) and
            isinstance(c.key, int) and c.value.startswith("#")]


def log_tile(body: ft.Control) -> ft.ExpansionTile:
    """The log's fold-out panel on a screen."""
    return next(c for c in walk(body) if isinstance(c, ft.ExpansionTile)
                and drawn_part(c.title).value.startswith("Action log"))


def show_all_buttons(body: ft.Control) -> list[ft.Control]:
    """The log's "show all" buttons on a screen."""
    return [c for c in walk(body) if isinstance(c, ft.TextButton) and c.content == "Show all"]


def test_the_host_screens_log_shows_the_newest_lines_and_all_of_them_once_asked(store):
    """A score pad of 25 rounds on the host's screen: the newest 20 lines and "Show all", as on the session
    screen; the tap asks the hub for the whole public log, and this tab keeps its choice (its next screen, after a
    reload too, shows every line). The log closed stays closed at the next action and builds no line."""
    count = SHOWN + 5
    record = new_record("score_pad", ["A", "B"]) | {"actions": [
        {"type": "round", "by": "table", "scores": {"A": n, "B": 0}} for n in range(count)]}
    hub = open_hub(store, record, Clock())
    tab, got = shell(store), []
    key = hub.subscribe(got.append)
    body = host_body(tab, hub, got[-1], key)
    assert log_numbers(body) == list(range(count, count - SHOWN, -1))
    (more,) = show_all_buttons(body)
    more.on_click(None)
    body = host_body(tab, hub, got[-1], key)
    assert log_numbers(body) == list(range(count, 0, -1)) and show_all_buttons(body) == []
    hub.unsubscribe(key)
    again: list = []
    assert show_all(tab, seat_local(tab, hub.sid, TABLE)) is None  # the choice, with which `Table` watches again
    key = hub.subscribe(again.append, whole_log=True)
    hub.act(None, {"type": "round", "by": "table", "scores": {"A": 1, "B": 1}})
    assert log_numbers(host_body(tab, hub, again[-1], key)) == list(range(count + 1, 0, -1))
    log_tile(body).on_change(SimpleNamespace(control=SimpleNamespace(expanded=False)))
    hub.act(None, {"type": "round", "by": "table", "scores": {"A": 2, "B": 2}})
    body = host_body(tab, hub, again[-1], key)
    assert not log_tile(body).expanded and log_numbers(body) == []


def test_the_host_screen_is_the_public_table_and_holds_no_seats_secret_before_the_reveal(store):
    """Each seat's Knit Wit answers are planted as unique markers: the host's screen shows the board (every seat's
    progress), the scoreboard and the log in words, and no marker until the round is scored."""
    clock = Clock()
    hub = open_hub(store, knit_wit_answering(), clock)
    tokens = {seat: hub.join(hub.pin, seat) for seat in "ABC"}
    markers = {seat: f"hostmark{seat}" for seat in "ABC"}
    for seat, marker in markers.items():
        hub.act(tokens[seat], {"type": "answer", "spool": 1, "text": marker})
        clock.advance(1)
    screen = host_screen(store, hub)
    assert not any(marker in screen for marker in markers.values())
    assert "A 1/6, B 1/6, C 1/6" in screen  # the game's board, as the referee seat's phone shows it
    assert "Scoreboard" in screen and "C wrote an answer for spool 1" in screen
    assert "Pass to " not in screen and "enter your answers" not in screen
    for seat in "AB":
        hub.act(tokens[seat], {"type": "claim"})
        clock.advance(1)
    assert all(marker in host_screen(store, hub) for marker in markers.values())  # scored: now public


def test_the_host_screen_builds_for_a_new_session_of_every_game(store):
    for game in games():
        players = [{"name": f"P{n}", "colour": colour} for n, colour in zip(range(1, game.min_players + 1), COLOURS)]
        hub = open_hub(store, new_record(game.id, players), Clock())
        assert "Scoreboard" in host_screen(store, hub), game.id


def test_a_setters_phone_brings_in_remembered_aliases_with_the_topic(store):
    """Earlier sessions left a remembered alias. A, round 1's setter and not the referee, types a topic on their
    own phone and taps "Set topic": in that one tap the alias and the topic reach the log as A's own moves."""
    store.add_alias("苹果", "apple")
    hub = open_hub(store, new_record("guess_club", ["A", "B", "C"], {"cards": 2}), Clock())
    got, token = seated(hub, "A")
    phone = shell(store, f"/join/{hub.sid}")
    body = seat_body(phone, hub, token, got[-1])
    *_, field = [c for c in walk(body) if isinstance(c, ft.TextField) and c.label == "Topic"]  # the game's own
    field.on_change(SimpleNamespace(control=SimpleNamespace(value="Fruit")))

    async def tap() -> None:
        """Tap "Set topic" as Flet runs a handler: in a task of its own."""
        buttons(body)["Set topic"].on_click(None)

    run_async(tap())
    assert [bar_words(b) for b in shown_bars(phone.page, ever=True)] == []  # nothing refused
    assert [(a["type"], a["by"]) for a in store.load(hub.sid)["actions"]] == [("aliases", "A"), ("topic", "A")]
    assert store.state(hub.sid)["aliases"] == [["苹果", "apple"]] and store.state(hub.sid)["topic"] == "Fruit"


def routes_opened(phone: App) -> list[str]:
    """The routes the phone's taps asked to open (in order)."""
    return [args[0] for fn, args in phone.page.tasks if fn == phone.page.push_route]


def test_a_seated_phone_opens_its_settings_and_a_refusals_why_but_nothing_the_host_gate_protects(store):
    """B, not the setter, tries to set Guess Club's topic on their phone: the refusal's "Why?" opens the rules
    at the setter's section, back to the phone's seat. B's settings open from the top bar and change this phone
    only (its browser storage), not the server's. Everything else stays behind the host gate."""
    hub = open_hub(store, new_record("guess_club", ["A", "B", "C"], {"cards": 2}), Clock())
    got, token = seated(hub, "B")
    phone = shell(store, f"/join/{hub.sid}")
    phone.page.push_route = "push_route"  # what `App.go` hands to the page's run_task, with the route
    with pytest.raises(RuleError) as refused:
        hub.act(token, {"type": "topic", "text": "Fruit"})
    phone.show_error(refused.value)
    (snack,) = shown_bars(phone.page)
    bar_action(snack).on_click(None)
    settings_button = next(c for c in walk(top_bar(phone, "Guess Club", None)) if isinstance(c, ft.IconButton))
    settings_button.on_click(None)
    why, chosen = routes_opened(phone)
    assert why == f"/rules/guess_club/matches?from=%2Fjoin%2F{hub.sid}" and open_to_phones(why)
    assert chosen == f"/settings?from=%2Fjoin%2F{hub.sid}" and open_to_phones(chosen)
    phone.page.route = chosen
    title, body, back = settings.build(phone)
    assert back == f"/join/{hub.sid}"
    next(c for c in walk(body) if isinstance(c, ft.RadioGroup)).on_change(
        SimpleNamespace(control=SimpleNamespace(value="zh-CN")))
    assert phone.lang == "zh-CN" and store.settings()["lang"] == "en"
    for route in ("/", "/stats", f"/play/{hub.sid}", f"/history/{hub.sid}", f"/table/{hub.sid}", "/new/guess_club",
                  "/quick/score_pad", "/rules/guess_club/matches/more"):
        assert not open_to_phones(route), route


def test_a_players_phone_claims_a_knit_wit_button_without_sending_the_tables_aliases(store):
    """Earlier sessions left a remembered alias. A, a player and not the referee, taps the top button on their own
    phone: the claim is A's and nothing is refused (the alias is the table's to bring in, not A's); the referee's
    screen brings it in with its next tap."""
    store.add_alias("苹果", "apple")
    hub = open_hub(store, knit_wit_answering(), Clock())
    got, token = seated(hub, "A")
    phone = shell(store, f"/join/{hub.sid}")
    body = seat_body(phone, hub, token, got[-1])
    claim = buttons(body)["A: claim 2"]

    async def tap() -> None:
        """Tap the button as Flet runs a handler: in a task of its own."""
        await claim.on_click(None)

    run_async(tap())
    assert [bar_words(b) for b in shown_bars(phone.page, ever=True)] == []  # nothing refused
    assert [(a["type"], a["by"]) for a in store.load(hub.sid)["actions"]][-1:] == [("claim", "A")]
    assert store.state(hub.sid)["aliases"] == []
    assert not seat_ctx(got[-1]).for_table and seat_ctx(seated(hub, "table")[0][-1]).for_table


def test_the_last_button_taken_on_a_phone_saves_what_the_other_phones_typed(store):
    """A tester's table (laptop host, three phones): B typed "乙草稿密" on spool 2 and did not tap Save; C took the
    last button and B's spool 2 scored blank. The answers the server has from B's phone count, as on paper: saved as
    B's own actions before C's claim; one the rules refuse (the same answer twice on B's sheet) stays in B's field,
    and the claim stands."""
    sid = store.create(knit_wit_answering())
    hub = connected_hub(store, sid)
    a_token = hub.join(hub.pin, "A")
    hub.act(a_token, {"type": "claim"})
    b_got, b_token = seated(hub, "B")
    c_got, c_token = seated(hub, "C")
    b_tab, c_tab = shell(store, f"/join/{sid}"), shell(store, f"/join/{sid}")

    async def race() -> None:
        """B's phone types (its screen keeping its draft) while C's phone takes the last button."""
        stop = draft_keeper(b_tab, sid, seat_local(b_tab, sid, "B"), "B")
        sheet = [c for c in walk(seat_body(b_tab, hub, b_token, b_got[-1])) if isinstance(c, ft.TextField)]
        for field, text in zip(sheet, ["鱼", "乙草稿密", "鱼"]):
            field.on_change(SimpleNamespace(control=SimpleNamespace(value=text)))
        await buttons(seat_body(c_tab, hub, c_token, c_got[-1]))["C: claim 1"].on_click(None)
        stop()

    run_async(race())
    DRAFT_WRITER.submit(lambda: None).result(timeout=30)
    state = store.state(sid)
    assert state["phase"] == "scoring" and state["sheets"]["B"] == ["鱼", "乙草稿密", "", "", "", ""]
    log = [(a["type"], a["by"], a.get("spool")) for a in store.load(sid)["actions"][-3:]]
    assert log == [("answer", "B", 1), ("answer", "B", 2), ("claim", "C", None)]
    assert seat_local(b_tab, sid, "B")["sheets"]["B"]["drafts"]["3"] == "鱼"
    assert [bar_words(b) for b in shown_bars(c_tab.page, ever=True)] == []


def typed_then_claimed(store, record: dict, claimant: str, lang: str) -> tuple[dict, TableHub]:
    """B's phone (in lang) types "moon" on spool 1 and "Moon" on spool 2 and saves neither, its screen keeping its
    draft, while claimant's phone takes the last button; every phone's screen then, by seat, and the hub."""
    sid = store.create(record)
    hub = connected_hub(store, sid)
    phones = {seat: (shell(store, f"/join/{sid}"), *seated(hub, seat)) for seat in hub.players}
    phones["B"][0].settings["lang"] = lang

    async def race() -> None:
        """B types while the claimant's phone takes the last button."""
        tab, got, token = phones["B"]
        stop = draft_keeper(tab, sid, seat_local(tab, sid, "B"), "B")
        sheet = [c for c in walk(seat_body(tab, hub, token, got[-1])) if isinstance(c, ft.TextField)]
        for field, text in zip(sheet, ["moon", "Moon"]):
            field.on_change(SimpleNamespace(control=SimpleNamespace(value=text)))
        tab, got, token = phones[claimant]
        await next(b for label, b in buttons(seat_body(tab, hub, token, got[-1])).items()
                   if label.startswith(f"{claimant}: claim")).on_click(None)
        stop()

    run_async(race())
    assert store.state(sid)["sheets"]["B"][:2] == ["moon", ""]
    return {seat: seat_body(tab, hub, token, got[-1]) for seat, (tab, got, token) in phones.items()}, hub


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_an_answer_refused_at_the_last_button_is_explained_on_its_own_phone_only(store, lang):
    """RULINGS (`views.games.knit_wit`, the last button takes what is written): B typed "moon" and "Moon" and
    saved neither; A took the only button (2 players). The hub saved "moon" as B's and the rules refused "Moon"
    (the same answer twice on a sheet): it stays in B's field for the one more answer, and the reason shows under
    it at once, in B's language, as on a phone passed round; before, only when B left the field again. A's phone
    is told nothing of it."""
    actions = [{"type": "deal", "by": "table", "spools": {"A": [1, 3, 5], "B": [2, 4, 6]}}]
    for by, tag, encloses, number in (("A", "a", [], 1), ("B", "b", [1], 2), ("A", "c", [2], 3),
                                      ("B", "d", [3], 4), ("A", "e", [4], 5), ("B", "f", [5], 6)):
        actions += [{"type": "loop", "by": by, "tag": tag, "encloses": encloses},
                    {"type": "spool", "by": by, "number": number, "loops": [number]}]
    record = new_record("knit_wit", ["A", "B"], {"deal": "table"}) | {"actions": actions}
    screens, _ = typed_then_claimed(store, record, "A", lang)
    reason = words.say(lang, "knit_wit.answer_reused", text="moon", number=1)
    field = next(c for c in walk(screens["B"]) if isinstance(c, ft.TextField) and c.value == "Moon")
    assert field.error == reason
    assert "Moon" not in words_in(screens["A"]) and "moon" not in words_in(screens["A"])


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_an_answer_refused_at_the_last_button_is_explained_on_its_phone_as_scoring_starts(store, lang):
    """The same with three players: C took a button, A the last one, and scoring starts, so no sheet is left to
    hold B's field; B's phone says, in B's language, which answer did not count and why (while the claim is the
    log's last action); A's and C's phones, the referee's and the host's screens are sent nothing of it."""
    record = knit_wit_answering()
    record["actions"].append({"type": "claim", "by": "C"})
    screens, hub = typed_then_claimed(store, record, "A", lang)
    host: list = []
    hub.subscribe(host.append)
    referee, _ = seated(hub, "table")
    assert "refused" not in host[-1] and "refused" not in referee[-1]
    reason = words.say(lang, "knit_wit.answer_reused", text="moon", number=1)
    said = words.say(lang, "knit_wit.view.not_counted", text="Moon", number=2, reason=reason)
    assert said in words_in(screens["B"])
    for seat in "AC":
        assert "Moon" not in words_in(screens[seat]) and reason not in words_in(screens[seat])


def test_a_seated_phone_offers_only_its_own_race_button_pinned_and_no_second_claim(store):
    """Knit Wit's button race on a phone: A's phone pins A's big button only (B's and C's standing in one line, no
    button the server would refuse) and its moves panel no longer offers the same claim; the referee's phone and
    the host's screen (both act as the table) show every player's standing and no button. In Pictomania A's
    phone pins A's tile and stop buttons, and its moves panel offers no stop choice again."""
    hub = open_hub(store, knit_wit_answering(), Clock())
    got, token = seated(hub, "A")
    pinned: list = []
    body = seat_body(shell(store, f"/join/{hub.sid}"), hub, token, got[-1], pinned)
    (race,) = pinned
    assert set(buttons(race)) == {"A: claim 2"} and texts(race) == ["B: still racing · C: still racing"]
    # Pinned, the button and who took what: with the heading and the rewards left pinned too, five players' race
    # took 540 of a 390×844 phone's 844 px at twice the text, the sheet left 300 px (play-test).
    heading = words.say("en", "knit_wit.view.buttons_title")
    assert heading in words_in(body) and "Buttons left: 2, 1" in words_in(body)
    assert "claim" in [e["type"] for e in got[-1]["prompt"]]  # the hub still sends the entry ...
    assert "take a bonus button" not in words_in(body).lower()  # ... offered once, pinned
    referee_got, referee_token = seated(hub, "table")
    pinned.clear()
    referee = seat_body(shell(store, f"/join/{hub.sid}"), hub, referee_token, referee_got[-1], pinned)
    assert pinned == [] and not any("claim" in b for b in buttons(referee))
    assert "A: still racing · B: still racing · C: still racing" in words_in(referee)
    host = host_screen(store, hub)
    assert "A: still racing · B: still racing · C: still racing" in host and ": claim " not in host

    deal = {"A": [1, 5], "B": [2, 6], "C": [3, 7]}
    hub = open_hub(store, new_record("pictomania", ["A", "B", "C"], {}) | {"actions": [
        {"type": "set_deal", "by": "table", "deal": deal}]}, Clock())
    got, token = seated(hub, "A")
    pinned.clear()
    body = seat_body(shell(store, f"/join/{hub.sid}"), hub, token, got[-1], pinned)
    (race,) = pinned
    assert set(buttons(race)) == {"A: claim 3", "A: stop"}
    assert not any(b.startswith("stop drawing") for b in buttons(body))


def test_a_seated_knit_wit_phone_answers_on_its_sheet_only(store):
    """One move is offered once on a screen: A's phone has one field per spool, its sheet's, and no second
    "Spool / Answer" form in its moves (nor a moves heading: the sheet and the race button offer all A may do).
    The sheet does what that form did: a spool's answer written, another one cleared, each A's own action."""
    hub = open_hub(store, knit_wit_answering(), Clock())
    got, token = seated(hub, "A")
    phone = shell(store, f"/join/{hub.sid}")
    body = seat_body(phone, hub, token, got[-1], [])
    fields = [c for c in walk(body) if isinstance(c, ft.TextField)]
    assert [f.label.split(" · ")[0] for f in fields] == [f"Spool {n}" for n in range(1, 7)]
    assert set(buttons(body)) == {"Save my answers"} and "Your moves now" not in words_in(body)

    def save(texts: dict[int, str]) -> None:
        """Type texts into the sheet's fields of the phone's latest screen (spool → text) and tap Save."""
        shown = seat_body(phone, hub, token, got[-1], [])
        sheet = [c for c in walk(shown) if isinstance(c, ft.TextField)]
        for number, text in texts.items():
            sheet[number - 1].on_change(SimpleNamespace(control=SimpleNamespace(value=text)))

        async def tap() -> None:
            """Tap Save as Flet runs a handler: in a task of its own."""
            buttons(shown)["Save my answers"].on_click(None)

        run_async(tap())

    save({2: "tiger", 3: "lemon"})
    save({2: "", 5: "cloud"})
    assert [bar_words(b) for b in shown_bars(phone.page, ever=True)] == []  # nothing refused
    assert [(a["type"], a["by"], a["spool"], a["text"]) for a in store.load(hub.sid)["actions"][-4:]] == [
        ("answer", "A", 2, "tiger"), ("answer", "A", 3, "lemon"), ("answer", "A", 2, ""), ("answer", "A", 5, "cloud")]
    assert store.state(hub.sid)["sheets"]["A"] == ["", "", "lemon", "", "cloud", ""]


def test_a_seated_pictomania_phone_makes_each_guess_with_one_button(store):
    """One move is offered once on a screen: every tap A's phone offers is made, and each guess the engine offers
    A (7 numbers on each of B's and C's drawings) is sent by exactly one control, the guess panel's number button
    (a row of 1–7 per drawer), not also by a button of the moves panel."""
    deal = {"A": [1, 5], "B": [2, 6], "C": [3, 7]}
    hub = open_hub(store, new_record("pictomania", ["A", "B", "C"], {}) | {"actions": [
        {"type": "set_deal", "by": "table", "deal": deal}]}, Clock())
    got, _ = seated(hub, "A")
    sent: list = []

    def act(action: dict, refused=None) -> bool:
        """Note what a tap would send; send nothing."""
        sent.append(action)
        return False

    pinned: list = []
    shown = moves_and_view(shell(store, f"/join/{hub.sid}"), hub, got[-1], act, "A", "Your moves now",
                           pinned.append)
    taps = [c for tree in (*shown, *pinned) for c in walk(tree)
            if getattr(c, "on_click", None) is not None and not c.disabled]
    labels = {c.content.semantics_label for c in taps if isinstance(c.content, ft.Text)}
    for tappable in taps:
        press(tappable)
    guesses = [(a["target"], a["number"]) for a in sent if a["type"] == "guess"]
    (offered,) = [e["choices"] for e in got[-1]["prompt"] if e["type"] == "guess"]
    assert len(offered) == 14 and sorted(guesses) == sorted((c["target"], c["number"]) for c in offered)
    assert {f"Guess {n} on {t}'s drawing" for t in "BC" for n in range(1, 8)} <= labels


def tapped(store, hub, message: dict) -> list[tuple[str, list[dict]]]:
    """Tap once every control a seated phone's screen built from message offers (its moves panel, the game's
    view and what the view pins): each control's words and the actions it sent (without their time); nothing
    reaches the hub."""
    sent: list = []

    def act(action: dict, refused=None) -> bool:
        """Note what a tap would send; send nothing."""
        sent.append({k: v for k, v in action.items() if k != "at"})
        return False

    pinned: list = []
    shown = moves_and_view(shell(store, f"/join/{hub.sid}"), hub, message, act, message["seat"], "Your moves now",
                           pinned.append)
    out = []
    for control in [c for tree in (*shown, *pinned) for c in walk(tree)
                    if getattr(c, "on_click", None) is not None and not c.disabled]:
        before = len(sent)
        press(control)
        content = getattr(control, "content", None)
        words = content if isinstance(content, str) else words_in(control)
        out.append((words, sent[before:]))
    return out


def senders(taps: list[tuple[str, list[dict]]]) -> list[tuple[str, list[dict]]]:
    """The tapped controls that sent an action."""
    return [(words, actions) for words, actions in taps if actions]


def fields_of(store, hub, message: dict) -> list[str]:
    """The labels of every field on a seated phone's screen built from message."""
    shown = moves_and_view(shell(store, f"/join/{hub.sid}"), hub, message, lambda action: False, message["seat"],
                           "Your moves now", [].append)
    return [c.label for tree in shown for c in walk(tree) if isinstance(c, ft.TextField)]


def test_a_knit_wit_deal_is_entered_once_on_the_referees_phone_and_not_on_a_players(store):
    """Dealt at the table: the referee's phone enters the deal with the view's own fields and button, and no
    second "deal" form; a player's phone (the server refuses the table's deal from it) shows no field or button
    for it, only that the referee enters it."""
    hub = open_hub(store, new_record("knit_wit", ["A", "B", "C"], {"deal": "table"}), Clock())
    referee, _ = seated(hub, "table")
    assert senders(tapped(store, hub, referee[-1])) == [
        ("Enter the deal", [{"type": "deal", "by": "table", "spools": {"A": [], "B": [], "C": []}}])]
    assert fields_of(store, hub, referee[-1]) == [f"{p}'s spools (e.g. 1, 4)" for p in "ABC"]
    player, _ = seated(hub, "A")
    assert tapped(store, hub, player[-1]) == [] and fields_of(store, hub, player[-1]) == []
    assert "The referee enters the spools dealt at the table (1–6, 2 each)." in words_in(
        knit_wit.build(seat_ctx(player[-1])))


def test_a_seated_knit_wit_phone_places_its_loop_and_its_spool_with_one_button_each(store):
    """The weave: the turn's player's phone places its loop (typed tag, then a drawn one) and its spool with the
    view's own button, not also with a "place a loop" or "place a spool" move; a phone whose turn it is not, and
    the referee's, show no control for it (the server refuses another seat's loop), only whose turn it is."""
    record = new_record("knit_wit", ["A", "B", "C"], {"deal": "table"}) | {"actions": [
        {"type": "deal", "by": "table", "spools": HANDS3}]}
    hub = open_hub(store, record, Clock())
    phones = {seat: seated(hub, seat) for seat in ("A", "B", "table")}
    assert senders(tapped(store, hub, phones["A"][0][-1])) == [
        ("Place the loop", [{"type": "loop", "by": "A", "tag": "", "encloses": []}])]
    for seat in ("B", "table"):
        assert tapped(store, hub, phones[seat][0][-1]) == [] and fields_of(store, hub, phones[seat][0][-1]) == []
        assert "A enters this on their own phone." in words_in(knit_wit.build(seat_ctx(phones[seat][0][-1])))
    hub.act(phones["A"][1], {"type": "loop", "tag": "red", "encloses": []})
    assert senders(tapped(store, hub, phones["A"][0][-1])) == [  # each control tapped once, in order: the bands
        ("Place the spool", [{"type": "spool", "by": "A", "number": 4, "loops": [], "separate": False}])]  # of 1, 4
    assert tapped(store, hub, phones["B"][0][-1]) == []

    deck = new_record("knit_wit", ["A", "B", "C"], {"deal": "table", "tags": "deck_en"}) | {"actions": [
        {"type": "deal", "by": "table", "spools": HANDS3}, {"type": "loop", "by": "A", "tag": None, "encloses": []},
        {"type": "spool", "by": "A", "number": 1, "loops": [1]}]}
    hub = open_hub(store, deck, Clock())
    got, _ = seated(hub, "B")
    assert senders(tapped(store, hub, got[-1])) == [
        ("Draw a tag and place the loop", [{"type": "loop", "by": "B", "tag": None, "encloses": [1]}])]


def knit_wit_scoring() -> dict:
    """Three players scoring spool 1: A "tiger", B "cloud", C "lemon" (no answer alike), buttons taken."""
    record = knit_wit_answering()
    for seat, text in (("A", "tiger"), ("B", "cloud"), ("C", "lemon")):
        record["actions"].append({"type": "answer", "by": seat, "spool": 1, "text": text})
    record["actions"] += [{"type": "claim", "by": "A"}, {"type": "claim", "by": "B"}]
    return record


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_seats_own_phone_says_it_is_its_turn_and_the_others_whose(store, lang):
    """Seen on 390x844 phones in 简体中文: under "你是 A" the setter's own phone, ruling on a card read out, read
    "轮到 A · …", its own turn in the third person. A seat's own phone says "轮到你" / "Your turn"; every other phone,
    the referee's and the host's screen name whose turn it is. The line is every game's (Guess Club's ruling,
    Solar Storm's turn)."""
    t = functools.partial(i18n.text, lang)
    hub, tokens = guess_club_hub(store, 5)
    solar = open_hub(store, new_record("solar_storm", ["A", "B"], {}, seed=4), Clock())
    tables = [(hub, tokens), (solar, {seat: solar.join(solar.pin, seat) for seat in ("A", "B", "table")})]
    for table, seats in tables:
        for seat, token in seats.items():
            line = read(status_line(lang, phone_message(table, token)))
            assert line.startswith(t("table.your_turn") if seat == "A" else t("table.turn", name="A")), (seat, line)
        assert read(status_line(lang, phone_message(table, None))).startswith(t("table.turn", name="A"))


def test_the_next_step_on_a_phone_never_breaks_inside_the_tables_name(store):
    """At 390 px a Bacon phone's header broke inside the table's name: "…下一步（全" / "桌）：录入…". The name is kept
    whole, as a player's is (`words.whole_name`), on the phones' header and the session screen's next-step line.
    (Bacon's phones now say their own line, "下一步：出完牌就点…"; Splitter's roll names the table.)"""
    hub = open_hub(store, new_record("splitter", ["A", "B"], {}, seed=1), Clock())
    got, _ = seated(hub, "A")
    assert "全\u2060桌" in status_line("zh-CN", got[-1])


def test_a_phone_with_nothing_to_do_says_who_the_table_waits_for(store):
    """Knit Wit, spool 2 (blank on every sheet: no answer to challenge): every phone read only
    "现在无需操作：请等待其他人。" ("wait for the others") while the table was to go to the next spool. It names
    who may act now: the table (the referee or the host); in Bacon, a phone already out names the table and the
    players still in ("also" beside its status line's "Next: Table — …", `views.table.nothing_to_do`). With no
    referee seated the phones read "waiting for Referee.": the table's moves are the referee's phone's or the host's
    screen's."""
    record = knit_wit_scoring()
    record["actions"].append({"type": "next_spool", "by": TABLE})
    hub = open_hub(store, record, Clock())
    got, _ = seated(hub, "A")
    said = {lang: words.say(lang, "table.nothing_to_do_wait", who=[words.say(lang, "table.waiting_table")])
            for lang in ("en", "zh-CN")}
    assert said["zh-CN"] == "现在无需操作：等裁判或主持人操作。"  # no space between two Chinese letters
    assert said["en"] == "Nothing to do right now: waiting for the referee or the host."
    assert said["en"] in phone_words(store, hub, got[-1])
    bacon = open_hub(store, new_record("bacon", ["A", "B", "C", "D"], {}), Clock())
    got, token = seated(bacon, "B")
    bacon.act(token, {"type": "out", "by": "B", "round": 1})
    assert words.say("en", "table.nothing_to_do_also", who=["A", "C", "D"]) in phone_words(store, bacon, got[-1])


def test_a_splitter_phone_that_has_written_waits_on_the_players_still_writing_not_the_referee(store):
    """Splitter, A has written this round's pair: A's phone read "现在无需操作：等 乙，丙，裁判 操作。" — the referee
    may end the game or correct a round, but the table waits on B and C. Ending and correcting are minor moves
    (`Engine.waiting_on`), so the phone names B and C only, in both languages."""
    hub = open_hub(store, new_record("splitter", ["A", "B", "C"], {}, seed=1), Clock())
    hub.act(None, {"type": "roll"})
    got, token = seated(hub, "A")
    write = next(e for e in got[-1]["prompt"] if e["type"] == "write")["choices"][0]
    hub.act(token, {**write, "type": "write", "by": "A"})
    assert got[-1]["waiting"] == ["B", "C"]
    assert words.say("en", "table.nothing_to_do_wait", who=["B", "C"]) in phone_words(store, hub, got[-1])
    assert words.say("zh-CN", "table.nothing_to_do_wait", who=["B", "C"]) == "现在无需操作：等 B 和 C 操作。"
    assert hub.engine.prompt(store.state(hub.sid))[-1]["type"] == "finish"


def test_a_flip7_line_the_host_undid_comes_back_to_its_phone(store):
    """C's line completed round 1 (its phone's picker then moved on to round 2, empty); the host undid it: C's
    phone showed an empty picker, the cards C gave lost, because a phone's message carried no undone action
    (the record a seated screen builds has no redo stack). It gets back its seat's own undone action only."""
    hub = open_hub(store, new_record("flip7", ["A", "B", "C"], {}), Clock())
    phones = {seat: seated(hub, seat) for seat in ("A", "B", "C")}
    for seat, numbers in (("A", [3]), ("B", [5]), ("C", [9, 9])):
        hub.act(phones[seat][1], {"type": "line", "round": 1, "line": {
            "numbers": numbers, "modifiers": [], "second_chance": 0, "status": "busted" if seat == "C" else "stayed"}})
    store.undo(hub.sid)
    hub.session_changed(*hub._current())
    local: dict = {}
    flip7.build(seat_ctx(phones["C"][0][-1], local=local))
    assert local["flip7_own"]["lines"]["C"]["cards"] == ["9", "9"] and local["flip7_own"]["lines"]["C"]["status"] \
        == "busted"
    assert phones["A"][0][-1]["undone"] is None and phones["B"][0][-1]["undone"] is None


def undo_and_redo(body: ft.Control) -> dict[str, ft.Control]:
    """The Undo and Redo buttons a screen shows (a Redo hidden while there is nothing to put back is not shown),
    by their words."""
    return {label: button for label, button in buttons(body).items()
            if button.icon in (ft.Icons.UNDO, ft.Icons.REDO) and button.visible is not False}


def host_app(store, hub, lang: str) -> tuple[App, list, int]:
    """The host's table tab in lang, watching hub: the tab, the messages it is sent and its subscription."""
    host, got = shell(store), []
    host.settings["lang"] = lang
    return host, got, hub.subscribe(got.append)


UNDO_PLAY = {"en": ("Undo: B played card 1", "Redo: B played card 1", "Undo: C handed in 2 hidden answers"),
             "zh-CN": ("撤销：B 打出第 1 张卡", "重做：B 打出第 1 张卡", "撤销：C 交了 2 个暗写答案")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_host_screen_undoes_and_redoes_and_every_phone_sees_it(store, lang):
    """Guess Club on seated phones, B has read out its first card. The host's table screen had no Undo: to take
    the card back the host went to the session screen, whose "Pass to A / I am A: show" put a seat's
    hand on the laptop. It offers Undo naming the action as the log's row does, asks the table's consent (the card
    was shown), and B's phone is back to its turn; Redo then puts it back. A tap on the Undo of the screen drawn
    before is refused as stale, with the fresh state."""
    hub, tokens = guess_club_hub(store, 5, connected=True)
    b_phone: list = []
    hub.subscribe(b_phone.append, tokens["B"])
    host, got, key = host_app(store, hub, lang)
    undo, redo, undo_next = UNDO_PLAY[lang]
    shown = undo_and_redo(host_body(host, hub, got[-1], key))
    assert list(shown) == [undo]
    shown[undo].on_click(None)
    (consent,) = host.page.dialogs
    assert consent.title.value == words.say(lang, "app.undo_consent_title")
    assert len(store.record(hub.sid)["actions"]) == 5  # nothing taken back before the table agrees
    consent.actions[1].on_click(None)
    assert len(store.record(hub.sid)["actions"]) == 4
    assert [e["type"] for e in b_phone[-1]["prompt"]] == ["play", "predict"]  # B's phone: B's turn again
    again = undo_and_redo(host_body(host, hub, got[-1], key))
    assert list(again) == [undo_next, redo]
    shown[undo].on_click(None)  # the screen drawn before: refused as stale, nothing more taken back
    assert host.message.key == "app.stale" and len(store.record(hub.sid)["actions"]) == 4
    again[redo].on_click(None)
    assert len(store.record(hub.sid)["actions"]) == 5 and b_phone[-1]["prompt"] == []
    assert list(undo_and_redo(host_body(host, hub, got[-1], key))) == [undo]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_referees_phone_undoes_and_redoes_and_a_players_phone_has_neither(store, lang):
    """Guess Club on seated phones, B has read out its first card. The referee seat's phone had no Undo: a
    mis-tap was mended only at the host's laptop. The referee's phone (the referee seat's, or the player the host
    names referee) offers the host's Undo and Redo, with the table's consent for a card shown; a player's phone
    offers neither; a phone that stopped being the referee since its screen was drawn is refused, nothing taken
    back."""
    hub, tokens = guess_club_hub(store, 5, connected=True)
    undo, redo, undo_next = UNDO_PLAY[lang]
    phones, sent = {}, {}
    for seat in ("table", "A", "B"):
        sent[seat] = []
        hub.subscribe(sent[seat].append, tokens[seat])
        phones[seat] = shell(store, f"/join/{hub.sid}")
        phones[seat].settings["lang"] = lang

    def screen(seat: str) -> dict[str, ft.Control]:
        """The Undo and Redo of seat's phone, drawn from its latest message."""
        return undo_and_redo(seat_body(phones[seat], hub, tokens[seat], sent[seat][-1]))

    assert screen("A") == {} and screen("B") == {}
    places = len(seat_body(phones["A"], hub, tokens["A"], sent["A"][-1]).controls)
    shown = screen("table")
    assert list(shown) == [undo]
    shown[undo].on_click(None)
    (consent,) = phones["table"].page.dialogs
    assert len(store.record(hub.sid)["actions"]) == 5  # nothing taken back before the table agrees
    consent.actions[1].on_click(None)
    assert len(store.record(hub.sid)["actions"]) == 4
    assert [e["type"] for e in sent["B"][-1]["prompt"]] == ["play", "predict"]  # B's turn again
    again = screen("table")
    assert list(again) == [undo_next, redo]
    again[redo].on_click(None)
    assert len(store.record(hub.sid)["actions"]) == 5
    hub.set_referee("A")
    named = screen("A")
    assert list(named) == [undo]  # in the place a hidden row kept: a field below keeps its place (Flet's matching)
    assert len(seat_body(phones["A"], hub, tokens["A"], sent["A"][-1]).controls) == places
    hub.set_referee(None)
    named[undo].on_click(None)
    assert phones["A"].message.key == "table.undo_referee_only" and len(store.record(hub.sid)["actions"]) == 5
    assert not [d for d in phones["A"].page.dialogs if isinstance(d, ft.AlertDialog)]


def host_labels_after_undo(store, hub, lang: str) -> list[str]:
    """The host screen's Undo and Redo words (lang) as the log stands, then after one undo (the hub told)."""
    host, got, key = host_app(store, hub, lang)
    before = list(undo_and_redo(host_body(host, hub, got[-1], key)))
    store.undo(hub.sid, consent=True)
    hub.session_changed(*hub._current())
    return before + list(undo_and_redo(host_body(host, hub, got[-1], key)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_host_screens_undo_and_redo_say_no_seats_secret(store, lang):
    """The host's Undo and Redo say an action as the public log's row does (`logged`), never what a seat keeps
    secret: a Knit Wit answer's text, a Pictomania guess's number, a Guess Club hand."""
    t = functools.partial(words.say, lang)
    clock = Clock()
    hub = open_hub(store, knit_wit_answering(), clock)
    hub.act(hub.join(hub.pin, "A"), {"type": "answer", "spool": 1, "text": "hostmarkA"})
    wrote = t("knit_wit.action.answer", by="A", spool=1, nth=1)
    assert host_labels_after_undo(store, hub, lang) == [t("app.undo_what", what=wrote), t(
        "app.undo_what", what=t("knit_wit.action.spool", by="C", number=6, loops=[6], nth=6)),
        t("app.redo_what", what=wrote)]
    hub = open_hub(store, new_record("pictomania", ["A", "B", "C"], {}) | {"actions": [
        {"type": "set_deal", "by": "table", "deal": {"A": [1, 5], "B": [2, 6], "C": [3, 7]}}]}, clock)
    hub.act(hub.join(hub.pin, "A"), {"type": "guess", "target": "B", "number": 6})
    labels = host_labels_after_undo(store, hub, lang)
    guessed = t("pictomania.action.guess", by="A", target="B", nth=1)
    assert [labels[0], labels[-1]] == [t("app.undo_what", what=guessed), t("app.redo_what", what=guessed)]
    assert "6" not in guessed
    hub, _ = guess_club_hub(store, 2)
    labels = host_labels_after_undo(store, hub, lang)
    handed = t("guess_club.action.answers", by="A", count=2, nth=1)
    assert [labels[0], labels[-1]] == [t("app.undo_what", what=handed), t("app.redo_what", what=handed)]
    assert not any(card in " ".join(labels) for card in ("pear", "fig"))


def test_the_hosts_flip7_screen_names_its_shuffle_button_for_what_it_records(store):
    """Flip 7 without the coach, after a round: the host's table moves showed one button reading only "shuffle"
    (洗牌), as if the app would shuffle something; it records that the table shuffled its deck."""
    played = {"type": "round", "by": "table", "lines": {p: {"numbers": [5], "status": "stayed"} for p in "ABC"}}
    hub = open_hub(store, new_record("flip7", ["A", "B", "C"], {}) | {"actions": [played]}, Clock())
    screen = host_screen(store, hub).splitlines()
    assert "Note that the deck was shuffled" in screen and "shuffle" not in screen
    assert words.move_name("zh-CN", "flip7", "shuffle") == "记下牌堆已重洗"


def test_a_seated_knit_wit_phone_challenges_each_answer_it_may_with_one_button(store):
    """Scoring: A's phone challenges B's and C's answers each with the button on that answer's card, at once as
    A (no "who challenges" step, no second "challenge an answer" move), and offers no challenge of A's own answer
    (the engine refuses it); the referee's phone, which challenges nothing, shows no challenge button."""
    hub = open_hub(store, knit_wit_scoring(), Clock())
    got, _ = seated(hub, "A")
    taps = tapped(store, hub, got[-1])
    assert senders(taps) == [("Challenge B's answer", [{"type": "challenge", "by": "A", "target": "B"}]),
                             ("Challenge C's answer", [{"type": "challenge", "by": "A", "target": "C"}])]
    assert "Challenge A's answer" not in [words for words, _ in taps]
    referee, _ = seated(hub, "table")
    assert not any("hallenge" in words for words, _ in tapped(store, hub, referee[-1]))


def test_a_seated_phone_votes_with_the_vote_panel_only(store, monkeypatch):
    """The vote panel (shared by Knit Wit and Nab-It!) offers the seat's ballot: A's phone votes yes or no with
    its own two buttons, not also with a "vote" move; while B explains, A's phone offers no ballot at all (the
    server would refuse it until the countdown is over)."""
    record = knit_wit_scoring()
    record["actions"].append({"type": "challenge", "by": "A", "target": "B", "at": "2026-01-01T20:00:00+00:00"})
    hub = open_hub(store, record, Clock())
    got, _ = seated(hub, "A")
    monkeypatch.setattr("views.words.now", lambda: "2026-01-01T20:00:05+00:00")
    assert tapped(store, hub, got[-1]) == []
    monkeypatch.setattr("views.words.now", lambda: "2026-01-01T20:00:10+00:00")
    assert senders(tapped(store, hub, got[-1])) == [("A: yes", [{"type": "vote", "by": "A", "yes": True}]),
                                                    ("A: no", [{"type": "vote", "by": "A", "yes": False}])]

    players = [{"name": "A", "colour": "red"}, {"name": "B", "colour": "blue"}]
    record = new_record("nab_it", players) | {"actions": [
        {"type": "play", "by": "A", "tiles": [{"row": 0, "col": c, "letter": x} for c, x in enumerate("ZUQ")]},
        {"type": "challenge", "by": "B", "word": "ZUQ"}]}
    hub = open_hub(store, record, Clock())
    got, _ = seated(hub, "B")
    assert [(words, actions) for words, actions in senders(tapped(store, hub, got[-1]))
            if actions[0]["type"] == "vote"] == [("B: yes", [{"type": "vote", "by": "B", "yes": True}]),
                                                 ("B: no", [{"type": "vote", "by": "B", "yes": False}])]


def test_a_knit_wit_referees_phone_rules_and_moves_on_with_the_views_buttons_only(store):
    """The referee's phone rules on a suggested pair with the suggestion's two buttons and moves on with "next
    spool", not also with "rule on a duplicate" or "go to the next spool" moves."""
    record = knit_wit_answering()
    for seat, text in (("A", "tiger"), ("B", "tigers"), ("C", "lemon")):
        record["actions"].append({"type": "answer", "by": seat, "spool": 1, "text": text})
    record["actions"] += [{"type": "claim", "by": "A"}, {"type": "claim", "by": "B"}]
    hub = open_hub(store, record, Clock())
    got, token = seated(hub, "table")
    rulings = [{"type": "dup_ruling", "by": "table", "a": ["A", 1], "b": ["B", 1], "same": same}
               for same in (True, False)]
    assert senders(tapped(store, hub, got[-1])) == [("The same: cross both out", rulings[:1]),
                                                    ("Different: both stand", rulings[1:])]
    hub.act(token, rulings[1])
    assert senders(tapped(store, hub, got[-1])) == [
        ("Spool 1 done: next spool", [{"type": "next_spool", "by": "table"}])]


def test_a_seated_knit_wit_phone_of_the_player_left_stops_with_one_button(store):
    """Two players, the only button taken: the player left stops with the view's own button, not also with a
    "stop or go on" move; the other player's phone offers no stop for them."""
    record = new_record("knit_wit", ["A", "B"], {"deal": "table"}) | {"actions": [
        {"type": "deal", "by": "table", "spools": {"A": [1, 3, 5], "B": [2, 4, 6]}}]}
    hub = open_hub(store, record, Clock())
    tokens = {seat: hub.join(hub.pin, seat) for seat in "AB"}
    for by, loop_tag, encloses, number, loops in (("A", "a", [], 1, [1]), ("B", "b", [1], 2, [2]),
                                                 ("A", "c", [2], 3, [3]), ("B", "d", [3], 4, [4]),
                                                 ("A", "e", [4], 5, [5]), ("B", "f", [5], 6, [6])):
        hub.act(tokens[by], {"type": "loop", "tag": loop_tag, "encloses": encloses})
        hub.act(tokens[by], {"type": "spool", "number": number, "loops": loops})
    hub.act(tokens["A"], {"type": "claim"})
    got = {seat: [] for seat in "AB"}
    for seat in "AB":
        hub.subscribe(got[seat].append, tokens[seat])
    stops = [(words, actions) for words, actions in senders(tapped(store, hub, got["B"][-1]))
             if actions[0]["type"] == "stop"]
    assert stops == [("B: stop without one more answer", [{"type": "stop", "by": "B"}])]
    assert senders(tapped(store, hub, got["A"][-1])) == []


NAB_SEATS = [{"name": "A", "colour": "red"}, {"name": "B", "colour": "blue"}]
ZUQ = {"type": "play", "by": "A", "tiles": [{"row": 0, "col": c, "letter": x} for c, x in enumerate("ZUQ")]}


FAMILY = [{"name": name, "colour": colour} for name, colour in
          (("爸爸", "red"), ("妈妈", "blue"), ("小明", "green"), ("奶奶", "yellow"))]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_phone_says_a_seat_nobody_joined_plays_on_the_hosts_screen(store, lang):
    """A family's Nab-It!: Dad and Mum play on the host's laptop (no phone), Xiaoming and Grandma each on a phone.
    During Mum's turn the phones said "妈妈 在自己的手机上操作" — she has no phone. Now a seat no phone holds plays on
    the host's screen and is said so, read out too; once Mum takes her seat on a phone, her phone; when it drops
    off, that it dropped off and where she can play meanwhile."""
    t = functools.partial(i18n.text, lang)
    play = {"type": "play", "by": "爸爸", "tiles": [{"row": 0, "col": c, "letter": x} for c, x in enumerate("ZUQ")]}
    hub = open_hub(store, new_record("nab_it", FAMILY) | {"actions": [play]}, Clock())
    tokens = {seat: hub.join(hub.pin, seat) for seat in ("小明", "奶奶")}
    for seat, token in tokens.items():
        read_out, shown = said_twice(store, hub, token, phone_message(hub, token), lang)
        assert t("app.private.host_screen", name="妈妈") in shown.splitlines(), seat
        assert read(t("app.private.host_screen", name="妈妈")) in read_out, seat
        assert t("app.private.own_phone", name="妈妈") not in shown, seat
    mum = hub.join(hub.pin, "妈妈")
    key = hub.subscribe(lambda message: None, mum)
    shown = said_twice(store, hub, tokens["小明"], phone_message(hub, tokens["小明"]), lang)[1]
    assert t("app.private.own_phone", name="妈妈") in shown.splitlines()
    hub.set_away(key, True)
    shown = said_twice(store, hub, tokens["小明"], phone_message(hub, tokens["小明"]), lang)[1]
    assert t("app.private.phone_away", name="妈妈") in shown.splitlines()
    assert t("app.private.own_phone", name="妈妈") not in shown


def test_the_family_table_reads_in_chinese_that_mum_plays_on_the_hosts_screen():
    """The words the family met, in Chinese: where Mum plays, never her own phone when she has none."""
    assert i18n.text("zh-CN", "app.private.host_screen", name="妈妈") == "妈妈在主持人的屏幕上操作。"
    assert i18n.text("en", "app.private.host_screen", name="Mum") == "Mum plays on the host's screen."


def test_the_hosts_table_screen_says_where_on_it_a_seat_without_a_phone_plays(store):
    """Kingdomino at a mixed table: Lily hosts on her laptop (no phone), the others on their phones. Her own table
    screen showed her kingdom under "Lily plays on the host's screen." with nothing to tap — it is the host's
    screen; her picker is on the session screen. The host's table screen now names the button that leads there
    (the phones still say she plays on the host's screen: the family test below)."""
    players = ["Lily", "阿杰", "小雨", "Mark"]
    hub = open_hub(store, new_record("kingdomino", players), Clock())
    for seat in players[1:]:
        hub.join(hub.pin, seat)
    shown = host_screen(store, hub)
    assert i18n.text("en", "app.private.host_screen", name="Lily") not in shown
    assert i18n.text("en", "app.private.host_session", name="Lily",
                     button=i18n.text("en", "table.open_session")) in shown.splitlines()


def test_the_hosts_table_screen_names_its_session_button_in_chinese():
    """The words the host's table screen says of a seat it plays, in Chinese, with the button's own name."""
    assert i18n.text("zh-CN", "app.private.host_session", name="Lily", button="返回对局") == \
        "Lily 在本机的对局页面操作：点下方的“返回对局”。"


def test_a_seated_nab_it_phone_offers_each_of_its_moves_with_one_control(store):
    """Nab-It!: the turn player's phone plays on the board (no second "tiles" form), swaps and challenges each with
    the view's one button (no "Move “swap”" or "challenge an answer: Word: ZUQ" beside them); a player down to one
    tile announces it with one button; the referee's phone ends the game with the view's button only."""
    hub = open_hub(store, new_record("nab_it", NAB_SEATS) | {"actions": [ZUQ]}, Clock())
    got, _ = seated(hub, "B")
    assert senders(tapped(store, hub, got[-1])) == [
        ("Swap & pass", [{"type": "swap", "by": "B"}]),
        ("B challenges ZUQ", [{"type": "challenge", "by": "B", "word": "ZUQ"}])]
    assert fields_of(store, hub, got[-1]) == [] and "Play" in words_in(nab_it.build(seat_ctx(got[-1])))
    referee, _ = seated(hub, "table")
    assert senders(tapped(store, hub, referee[-1])) == [
        ("Nobody can play: end the game", [{"type": "end", "by": "table"}])]
    beads = {"type": "play", "by": "A", "tiles": [{"row": 0, "col": c, "letter": x} for c, x in enumerate("BEADS")]}
    hub = open_hub(store, new_record("nab_it", NAB_SEATS, {"letters": "A1 B1 D1 E1 S1 T1"}) | {"actions": [beads]},
                   Clock())
    got, _ = seated(hub, "A")
    assert senders(tapped(store, hub, got[-1])) == [("A: last tile!", [{"type": "announce", "by": "A"}])]


def test_a_seated_nab_it_phone_shows_no_other_seats_moves(store):
    """Nab-It!: a phone whose turn it is not shows who plays on their own phone and the board, with no Play, Swap
    or letters for the turn player, no challenge but its own (none of its own play) and no "end the game" (the
    table's move: the server refuses all of them from this phone); when the app deals, the turn player's own phone
    shows its hand at once and the others no cover of it."""
    hub = open_hub(store, new_record("nab_it", NAB_SEATS) | {"actions": [ZUQ]}, Clock())
    got, _ = seated(hub, "A")
    seated(hub, "B")
    assert senders(tapped(store, hub, got[-1])) == [] and fields_of(store, hub, got[-1]) == []
    screen = words_in(nab_it.build(seat_ctx(got[-1])))
    assert "B enters this on their own phone." in screen and "Play" not in screen
    referee, _ = seated(hub, "table")
    assert [words for words, _ in senders(tapped(store, hub, referee[-1]))] == ["Nobody can play: end the game"]
    hub = open_hub(store, new_record("nab_it", NAB_SEATS, {"deal": "app"}, seed=2), Clock())
    phones = {seat: seated(hub, seat)[0][-1] for seat in "AB"}
    own, other = (words_in(nab_it.build(seat_ctx(phones[seat]))) for seat in "AB")
    assert "Pass to " not in own + other and "I am A" not in own + other
    assert "Play" in own and "Swap & pass" in own and "A enters this on their own phone." in other


def test_a_nab_it_player_catches_a_forgotten_announcement_on_their_own_phone(store):
    """Nab-It!: A holds one tile, unannounced, with a banked tile. B's own phone calls it (sent as B); A's phone
    never offers it for A; the referee's phone calls it as the table; each phone shows it once."""
    beads = {"type": "play", "by": "A", "tiles": [{"row": 0, "col": c, "letter": x} for c, x in enumerate("BEADS")]}
    hub = open_hub(store, new_record("nab_it", NAB_SEATS, {"letters": "A1 B1 D1 E1 S1 T1"}) | {"actions": [beads]},
                   Clock())
    calls = {}
    for seat in ("A", "B", "table"):
        message = seated(hub, seat)[0][-1]
        view = copy.deepcopy(message["view"])
        view["banked"]["A"] = [None]
        calls[seat] = [(words, actions) for words, actions in senders(tapped(store, hub, {**message, "view": view}))
                       if actions[0]["type"] == "forgot"]
    assert calls["B"] == [("A forgot to announce the last tile", [{"type": "forgot", "by": "B", "player": "A"}])]
    assert calls["A"] == []
    assert calls["table"] == [("A forgot to announce the last tile",
                               [{"type": "forgot", "by": "table", "player": "A"}])]


def guess_club_hub(store, steps: int, connected: bool = False) -> tuple:
    """A Guess Club table (A sets round 1) after the first steps of: the topic, A's, B's and C's answers, B's
    play of "Plum tart" (C's "plum-tart" proposed), A's ruling; and each seat's token. connected: the hub as the
    server opens it (`connected_hub`: a tab's undo reaches it)."""
    record = new_record("guess_club", ["A", "B", "C"], {"cards": 2})
    hub = connected_hub(store, store.create(record)) if connected else open_hub(store, record, Clock())
    tokens = {seat: hub.join(hub.pin, seat) for seat in ("A", "B", "C", "table")}
    on_phones(hub, tokens)
    moves = [("A", {"type": "topic", "text": "Desserts"}), ("A", {"type": "answers", "cards": ["pear", "fig"]}),
             ("B", {"type": "answers", "cards": ["Plum tart", "kiwi"]}),
             ("C", {"type": "answers", "cards": ["plum-tart", "lime"]}), ("B", {"type": "play", "card": 0}),
             ("A", {"type": "rule", "valid": True, "matches": [["C", 0]]})]
    for seat, action in moves[:steps]:
        hub.act(tokens[seat], action)
    return hub, tokens


def phone_message(hub, token: str) -> dict:
    """The hub's message for a phone holding token (None: for the host's table screen)."""
    got: list = []
    hub.unsubscribe(hub.subscribe(got.append, token))
    return got[-1]


def test_a_seated_guess_club_phone_offers_each_of_its_moves_with_one_control(store):
    """Guess Club: the setter's phone, while hands are written, hands in its answers and rules on two answers of
    a hand with the view's fields and buttons only (no second "Cards" or "Same" form, and no topic form: the
    topic is set and the table waits for the hands; it led the setter's phone, above its own answer sheet, with
    "Your moves now"); the turn player's phone reads a card out or predicts with the view's buttons only (no
    second "play a card: Card: 0" or "predict: Number: 3")."""
    hub, tokens = guess_club_hub(store, 1)
    setter = phone_message(hub, tokens["A"])
    assert fields_of(store, hub, setter) == ["Answer 1", "Answer 2", "First answer", "Second answer"]
    assert "Your moves now" not in phone_words(store, hub, setter)
    assert [actions[0]["type"] for _, actions in senders(tapped(store, hub, setter))] == [
        "answers", "hand_ruling", "hand_ruling"]
    hub, tokens = guess_club_hub(store, 4)
    taps = senders(tapped(store, hub, phone_message(hub, tokens["B"])))
    assert [words for words, _ in taps[:2]] == ["Read out “Plum tart”", "Read out “kiwi”"]
    assert [words for words, _ in taps[2:]] == [str(n) for n in range(14)]
    assert all("by" in actions[0] for _, actions in taps)  # none from the moves panel


def test_a_seated_guess_club_phone_shows_no_other_seats_moves(store):
    """Guess Club: only the setter's phone sets the topic, rules on a hand's two answers, rules on a card read out
    and settles; only the turn player's phone reads out or predicts (the others show the prediction board greyed)
    — every other phone, the referee's too, offers no control for it and, where the table waits for it, says who
    does it (not for a hand's two answers: the table waits for the hands)."""
    for steps, maker, kinds in ((0, "A", {"topic"}), (1, "A", {"hand_ruling"}), (4, "B", {"play", "predict"}),
                                (5, "A", {"rule"})):
        hub, tokens = guess_club_hub(store, steps)
        for seat, token in tokens.items():
            message = phone_message(hub, token)
            sent = [(actions[0].get("by", seat), actions[0]["type"])
                    for _, actions in senders(tapped(store, hub, message))]
            assert all(by == seat for by, _ in sent), (steps, seat, sent)
            made = kinds & {kind for _, kind in sent}
            assert made == (kinds if seat == maker else set()), (steps, seat, sent)
            if seat != maker and steps != 1:  # the move named (`test_a_third_guess_club_phone_names_what_…`)
                line = {0: "A will choose the topic on their own phone.",
                        4: "B will play a card or predict on their own phone.",
                        5: "A will rule on the answer on their own phone."}[steps]
                assert line in words_in(guess_club.build(seat_ctx(message))), (steps, seat)


def test_a_seated_guess_club_player_shows_the_setter_a_card_the_matcher_missed(store):
    """Guess Club on seated phones: B reads out "Plum tart"; C's "plum-tart" is proposed, C's "lime" is not. C's
    phone offers to show "lime" (not the card already proposed) and sends `show` as C; then the setter's phone
    lists "lime" with who showed it (unticked: C's proposed card is ticked, and one card each can match; ticking
    "lime" unticks it); B's phone never sees its text."""
    hub, tokens = guess_club_hub(store, 5)
    shows = [(words, actions) for words, actions in senders(tapped(store, hub, phone_message(hub, tokens["C"])))
             if actions[0]["type"] == "show"]
    assert shows == [("Same as mine: “lime”", [{"type": "show", "by": "C", "card": 1}])]
    assert not any(actions[0]["type"] == "show" and actions[0]["by"] != "A"
                   for _, actions in senders(tapped(store, hub, phone_message(hub, tokens["A"]))))
    hub.act(tokens["C"], {"type": "show", "card": 1})
    assert "You showed “lime”: the setter decides." in words_in(guess_club.build(seat_ctx(phone_message(hub,
                                                                                                      tokens["C"]))))
    setter = guess_club.build(seat_ctx(phone_message(hub, tokens["A"])))
    assert {words: box.value for words, box in labelled_boxes(setter)} == {"C: “plum-tart”": True,
                                                                          "C: “lime”": False}
    assert "C says this is the same answer." in words_in(setter)
    local: dict = {}
    boxes = dict(labelled_boxes(guess_club.build(seat_ctx(phone_message(hub, tokens["A"]), local=local))))
    boxes["C: “lime”"].on_change(SimpleNamespace(control=SimpleNamespace(value=True)))
    setter = guess_club.build(seat_ctx(phone_message(hub, tokens["A"]), local=local))
    assert {words: box.value for words, box in labelled_boxes(setter)} == {"C: “plum-tart”": False,
                                                                          "C: “lime”": True}
    assert "Fits the topic (matching cards: 1; if none, pays 10)" in words_in(setter)
    assert "lime" not in words_in(guess_club.build(seat_ctx(phone_message(hub, tokens["B"]))))


def test_a_seated_guess_club_phone_names_who_sees_a_shown_card(store):
    """Guess Club on seated phones, B's card read out: C's phone asks C to show a matching card to the setter by
    name; the setter's own phone does not tell A to show it "to the setter" but to put it among the cards A rules
    on, and after A shows "fig" says so (not "the setter decides")."""
    hub, tokens = guess_club_hub(store, 5)
    assert "Do you hold the same answer? Show it to A, the setter:" in words_in(
        guess_club.build(seat_ctx(phone_message(hub, tokens["C"]))))
    setter = words_in(guess_club.build(seat_ctx(phone_message(hub, tokens["A"]))))
    assert "A, you are the setter: do you hold the same answer too? Put it among the cards you rule on:" in setter
    assert "Show it to" not in " ".join(setter)
    hub.act(tokens["A"], {"type": "show", "card": 1})
    setter = words_in(guess_club.build(seat_ctx(phone_message(hub, tokens["A"]))))
    assert "You put “fig” among the cards you rule on." in setter and "the setter decides" not in setter
    zh = [i18n.text("zh-CN", "guess_club.view.show_prompt", name="A", setter=flag) for flag in (False, True)]
    assert zh == ["你手里有相同的答案吗？亮给出题者 A 看：",
                  "A，你是出题者：你手里也有相同的答案吗？把它放进你要判定的牌里："]


def guess_club_at(store, phase: str) -> tuple:
    """A Guess Club table (`guess_club_hub`) in a phase of round 1: "topic" (A gives it), "turns" (B's turn),
    "ruling" (A rules on B's card) or "settle" (C read out and played its last card; A checks the unplayed ones);
    the hub, the seats' tokens and who the table waits for."""
    steps = {"topic": (0, "A"), "turns": (4, "B"), "ruling": (5, "A"), "settle": (6, "A")}[phase]
    hub, tokens = guess_club_hub(store, steps[0])
    if phase == "settle":
        hub.act(tokens["C"], {"type": "play", "card": 1})
        hub.act(tokens["A"], {"type": "rule", "valid": True, "matches": []})
    assert hub.engine.status(store.state(hub.sid))["turn"] == steps[1]
    return hub, tokens, steps[1]


def host_heard(store, hub, lang: str) -> tuple[list[str], str]:
    """What the host's table screen reads (`heard`) and every word it shows, in lang."""
    host, got = shell(store), []
    host.settings["lang"] = lang
    key = hub.subscribe(got.append)
    hub.unsubscribe(key)
    body = host_body(host, hub, got[-1], key)
    return heard(body), words_in(body)


def guess_club_calls(lang: str, actor: str) -> set[str]:
    """The lines of a Guess Club round that tell the player who acts what to do (addressed to them) in lang."""
    t = functools.partial(i18n.text, lang)
    return {t("guess_club.view.topic_prompt", name=actor, round=1), t("guess_club.view.turn_prompt", name=actor),
            t("guess_club.view.settle_prompt", name=actor, cost=20),
            t("guess_club.view.predict_now", name=actor, cost=10), t("guess_club.view.setter_decides", name=actor),
            t("guess_club.view.you_decide")}


NOW = {"en": "Now: ", "zh-CN": "现在轮到："}  # the table's "whose turn" line, after the status line had said it


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("phase", ["topic", "turns", "ruling", "settle"])
def test_a_guess_club_screen_that_waits_says_once_whom_it_waits_for(store, lang, phase):
    """Guess Club in table mode: B's phone, waiting for A's topic, read "A's turn · Round 1 of 3 · …", "Nothing to
    do right now: waiting for A.", then "Round 1: A, give the topic" (addressed to A on B's phone), then "Now: A"
    in the table; the turn, the ruling and the settlement the same ("B: play a card…", "B may predict instead…",
    "A (setter) decides…" — on A's own phone too, now "You set the topic, so you decide…", "Round over. A, check
    the unplayed cards…"). A phone that is not the actor's, the referee's and the host's screen now say once,
    plainly, whom the table waits for (the status line's "A's turn"; their "Nothing to do right now." names no one
    again, `views.table.nothing_to_do`), and show no line addressed to the actor; the actor's own phone tells the
    actor what to do; no screen has the "Now:" line."""
    hub, tokens, actor = guess_club_at(store, phase)
    t = functools.partial(i18n.text, lang)
    calls = guess_club_calls(lang, actor)
    move = {"topic": "app.move.topic", "turns": "guess_club.move.play.turn", "ruling": "app.move.rule",
            "settle": "app.move.settle"}[phase]  # the move named (`test_a_third_guess_club_phone_names_what_…`)
    elsewhere = t("app.private.own_phone_move", name=actor, move=t(move))
    waits = {read(t("table.nothing_to_do_wait", who=[actor])), read(elsewhere),
             read(status_line(lang, phone_message(hub, None)))}
    for seat, token in tokens.items():
        message = phone_message(hub, token)
        read_out, shown = said_twice(store, hub, token, message, lang)
        assert not [line for line in read_out if NOW[lang] in line], (seat, phase)
        if seat == actor:
            assert calls & set(shown.splitlines()), (seat, phase)
            if phase == "ruling":  # the setter's own phone: "you decide", not "A (setter) decides"
                assert t("guess_club.view.you_decide") in shown.splitlines(), shown
                assert t("guess_club.view.setter_decides", name=actor) not in shown.splitlines(), shown
            continue
        assert not calls & set(shown.splitlines()), (seat, phase)
        said = [line for line in read_out if line in waits]  # a phone with a move of its own reads its view's wait
        assert len(said) == 1 + (not says_waiting(message)), (seat, phase, read_out)
        assert elsewhere in shown.splitlines(), (seat, phase)
    read_out, shown = host_heard(store, hub, lang)
    assert not calls & set(shown.splitlines()) and NOW[lang] not in shown, phase
    assert len([line for line in read_out if line in waits]) == 1, (phase, read_out)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("phase, move", [("topic", "topic"), ("turns", "play"), ("ruling", "rule"),
                                         ("settle", "settle")])
def test_a_third_guess_club_phone_names_what_the_player_does_at_every_step(store, lang, phase, move):
    """Play-test in 简体中文 at 390x844: a third phone named what 小红 does only while she ruled on a card ("小红 在自己
    的手机上裁定答案"); while she set the topic and settled the round it said "小红 在自己的手机上操作" (acts on her
    own phone), and so did it while B had the turn. Every step of a Guess Club round that a phone waits on another
    seat for names the move, in both languages: the topic, the turn (a card to read out or, while B has markers, a
    prediction), the ruling and the settlement; the referee's phone and the host's screen the same."""
    hub, tokens, actor = guess_club_at(store, phase)
    t = functools.partial(i18n.text, lang)
    named = t(f"guess_club.move.{move}.turn") if move == "play" else t(f"app.move.{move}")
    line = t("app.private.own_phone_move", name=actor, move=named)
    for seat, token in tokens.items():
        if seat != actor:
            _, shown = said_twice(store, hub, token, phone_message(hub, token), lang)
            assert line in shown.splitlines() and t("app.private.own_phone", name=actor) not in shown, (seat, shown)
    _, shown = host_heard(store, hub, lang)
    assert line in shown.splitlines() and t("app.private.own_phone", name=actor) not in shown, shown


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_readers_phone_says_once_who_rules_on_its_card(store, lang):
    """Play-test in 简体中文 at 390x844: while A (the setter) ruled on the card B read out, B's phone said the ruling
    twice: "A 在自己的手机上裁定答案。" under "B 念出：“Plum tart”", and again under B's cards still in hand,
    "“Plum tart”已念出：A 正在判定". The ruling step says the card and who rules on it once; the card read out only
    leaves the list of B's cards."""
    hub, tokens, _ = guess_club_at(store, "ruling")
    t = functools.partial(i18n.text, lang)
    _, shown = said_twice(store, hub, tokens["B"], phone_message(hub, tokens["B"]), lang)
    lines = shown.splitlines()
    assert [line for line in lines if "Plum tart" in line] == [t("guess_club.view.read_out", name="B",
                                                                 text="Plum tart")], lines
    ruling = t("app.private.own_phone_move", name="A", move=t("app.move.rule"))
    assert lines.count(ruling) == 1, lines
    assert t("guess_club.view.in_hand", name="B") in lines and "kiwi" in lines


@pytest.mark.parametrize("lang", LANGUAGES)
def test_only_the_setters_phone_asks_whether_two_answers_of_a_hand_are_the_same(store, lang):
    """Guess Club in table mode, hands being written: every phone showed "Two answers on one hand — the same? A
    rules:" and, but on A's, "A enters this on their own phone." — a wait the table is not in (it waits for the
    hands). The engine offers `hand_ruling` to the setter only, so only A's phone shows the question with its
    fields and buttons; the host's and the referee's screens, which wait for the hands, show who still writes but
    read it once (their "Nothing to do right now: waiting for …" says it)."""
    t = functools.partial(i18n.text, lang)
    for steps, writing in ((1, ["A", "B", "C"]), (2, ["B", "C"])):
        hub, tokens = guess_club_hub(store, steps)
        question = t("guess_club.view.hand_question", name="A")
        for seat, token in tokens.items():
            read_out, shown = said_twice(store, hub, token, phone_message(hub, token), lang)
            assert (question in shown.splitlines()) == (seat == "A"), (steps, seat)
            assert (t("guess_club.view.question_a") in shown.splitlines()) == (seat == "A"), (steps, seat)
            assert t("app.private.own_phone", name="A") not in shown, (steps, seat)
            still = t("guess_club.view.answers_waiting", names=writing)
            assert still in shown.splitlines() and (read(still) in read_out) == (seat != "table"), (steps, seat)
        read_out, shown = host_heard(store, hub, lang)
        assert question not in shown and t("guess_club.view.answers_waiting", names=writing) in shown.splitlines()
        assert read(t("guess_club.view.answers_waiting", names=writing)) not in read_out


def test_a_seated_solar_storm_phone_offers_each_of_its_moves_with_one_control(store):
    """Solar Storm: the turn player's phone makes its moves with the view's buttons only (no second "Move “move”:
    Room: …" list from the moves panel); the referee's phone types the table's deal in the view's form only (no
    second "setup" form of typed JSON). The rooms a move goes to are tapped on the ship too ("Move here"), each
    the Move button's choice, made by the view."""
    record = new_record("solar_storm", ["A", "B"], {}, seed=4)
    hub = open_hub(store, record, Clock())
    got, _ = seated(hub, "A")
    taps = senders(tapped(store, hub, got[-1]))
    assert [words for words, _ in taps] == ["Move here"] * 4 + ["Scavenge (roll)", "End actions"]
    assert sorted(actions[0]["room"] for words, actions in taps[:4]) == sorted(
        c["room"] for c in engine("solar_storm").offer(replay(record), "move", "A"))
    assert all(actions[0]["by"] == "A" for _, actions in taps)
    hub = open_hub(store, new_record("solar_storm", ["A", "B"], {"deal": "table"}, seed=4), Clock())
    referee, _ = seated(hub, "table")
    assert fields_of(store, hub, referee[-1]) == [] and senders(tapped(store, hub, referee[-1])) == []
    assert "Deal" in words_in(solar_storm.build(seat_ctx(referee[-1])))


def test_a_seated_solar_storm_phone_shows_no_other_seats_moves(store):
    """Solar Storm: a phone whose turn it is not (and the referee's) offers none of the turn player's moves, only
    that A makes them on their own phone; a seated phone shows its own hand and no "show" for another's; a
    player's phone offers no typed deal (the table's), only that the referee or the host enters it."""
    hub = open_hub(store, new_record("solar_storm", ["A", "B"], {}, seed=4), Clock())
    seated(hub, "A")
    for seat in ("B", "table"):
        got, _ = seated(hub, seat)
        screen = words_in(solar_storm.build(seat_ctx(got[-1])))
        assert senders(tapped(store, hub, got[-1])) == [], seat
        assert "A enters this on their own phone." in screen and "Show A's hand" not in screen, seat
        assert ("Hand: " in screen) == (seat == "B"), seat
    hub = open_hub(store, new_record("solar_storm", ["A", "B"], {"deal": "table"}, seed=4), Clock())
    got, _ = seated(hub, "A")
    screen = words_in(solar_storm.build(seat_ctx(got[-1])))
    assert "The table's move: the referee or the host makes it on their screen." in screen
    assert "Deal" not in screen


def test_a_phone_in_chinese_says_the_turn_player_acts_on_their_own_phone(store):
    """In Chinese, B's phone says that A 操作 (acts) on their own phone while A moves through the ship, not that A
    填写 (fills in a form): A types nothing there."""
    hub = open_hub(store, new_record("solar_storm", ["A", "B"], {}, seed=4), Clock())
    seated(hub, "A")
    got, _ = seated(hub, "B")
    screen = words_in(solar_storm.build(seat_ctx(got[-1], lang="zh-CN")))
    assert "A 在自己的手机上操作。" in screen and "填写" not in screen


def test_a_seated_kingdomino_phone_offers_each_of_its_moves_with_one_control(store):
    """Kingdomino: a player's phone places, discards and paints its kingdom with the view's picker and board only
    (no second "place a piece" form of typed squares, "discard" or "record the layout"); the referee's phone sets
    dominoes aside with the view's chips only (no second typed "set_aside" form)."""
    hub = open_hub(store, new_record("kingdomino", ["A", "B"], {}, seed=1), Clock())
    got, _ = seated(hub, "A")
    assert fields_of(store, hub, got[-1]) == []
    assert "Which domino does A place next?" in words_in(kingdomino.build(seat_ctx(got[-1])))
    referee, _ = seated(hub, "table")
    assert fields_of(store, hub, referee[-1]) == []
    assert "Dominoes out of the box" in words_in(kingdomino.build(seat_ctx(referee[-1])))


def test_a_seated_kingdomino_phone_shows_no_other_seats_moves(store):
    """Kingdomino: a player's phone opens on its own kingdom and offers no "end the game now" (the table's move);
    switched to another player's kingdom it shows it as it stands, with no picker, paint or discard for it, only
    that its player builds it on their own phone; the referee's phone builds no kingdom."""
    hub = open_hub(store, new_record("kingdomino", ["A", "B"], {}, seed=1), Clock())
    seated(hub, "A")
    got, _ = seated(hub, "B")
    screen = words_in(kingdomino.build(seat_ctx(got[-1])))
    assert "Which domino does B place next?" in screen and "End the game now" not in screen
    assert [words for words, _ in senders(tapped(store, hub, got[-1]))] == []
    other = words_in(kingdomino.build(seat_ctx(got[-1], local={"player": "A"})))
    assert "A enters this on their own phone." in other
    assert "Which domino does A place next?" not in other and "Finished kingdom" not in other
    referee, _ = seated(hub, "table")
    screen = words_in(kingdomino.build(seat_ctx(referee[-1])))
    assert "A enters this on their own phone." in screen and "Finished kingdom" not in screen


ROUND_GAMES = [  # a game whose every move is the table's, its players and options, and one round of it
    ("score_pad", ["A", "B", "C"], {}, {"type": "round", "scores": {"A": 5, "B": 3, "C": 1}}),
    ("flip7", ["A", "B", "C"], {"coach": True},
     {"type": "round", "lines": {p: {"numbers": [5], "status": "stayed"} for p in "ABC"}}),
    ("rummy", ["A", "B", "C"], {}, {"type": "round", "stock_out": False, "lines": {
        p: {"melds": [], "laid_off": [], "hand": hand} for p, hand in (("A", []), ("B", ["5S"]), ("C", ["KH"]))}}),
    ("cubosaurs", ["A", "B", "C"], {}, {"type": "round", "lines": {"A": {"dinos": {"T-Rex": 1}}, "B": {}, "C": {}}}),
    ("bacon", ["A", "B", "C", "D"], {}, {"type": "deal", "order": ["A", "C"]}),
    ("splitter", ["A", "B"], {}, {"type": "roll"}),
]


def phone_words(store, hub, message: dict) -> str:
    """Every word of a seated phone's screen built from message: its moves panel and the game's view."""
    shown = moves_and_view(shell(store, f"/join/{hub.sid}"), hub, message, lambda action: False, message["seat"],
                           "Your moves now", [].append)
    return "\n".join(words_in(control) for control in shown)


@pytest.mark.parametrize("game, players, options, first", ROUND_GAMES, ids=[g[0] for g in ROUND_GAMES])
def test_a_players_phone_shows_no_control_for_the_tables_moves_of_a_round_game(
        store, game, players, options, first):
    """A game whose moves are the table's (Splitter's sheets are each player's own): a player's phone offers none of
    them (no round form, no "add round", "finish", roll, dealer or correction buttons: the server refuses them all
    from it), only that the referee or the host enters them, and the rounds so far without "tap a round to correct
    it"."""
    hub = open_hub(store, new_record(game, players, options, seed=1), Clock())
    referee = hub.join(hub.pin, "table")
    got, _ = seated(hub, "A")
    own_lines = ("score_pad", "flip7", "cubosaurs", "rummy")
    entered_by = ("The referee or the host may also enter the whole round." if game in own_lines else
                  "The referee or the host may also enter the whole order." if game == "bacon" else
                  "The table's move: the referee or the host makes it on their screen.")  # and A's own line
    # (`line`, A's move, not the table's)
    assert entered_by in phone_words(store, hub, got[-1])
    for played in (False, True):
        if played:
            hub.act(referee, first)
        assert [(words, actions) for words, actions in senders(tapped(store, hub, got[-1]))
                if actions[0].get("by", "A") != "A"] == []
        assert "Tap a round to correct it." not in phone_words(store, hub, got[-1])


def test_a_seated_splitter_phone_writes_only_its_own_sheet(store):
    """Splitter, the dice rolled: B's phone opens on B's sheet with its squares to write the pair in; switched to
    A's sheet it shows it as it stands, with no square, swap or "enter a finished sheet" for it, only that A
    writes it on their own phone (the server refuses B's writes on A's sheet)."""
    hub = open_hub(store, new_record("splitter", ["A", "B"], {}, seed=1) | {"actions": [{"type": "roll",
                                                                                        "by": "table"}]}, Clock())
    seated(hub, "A")
    got, _ = seated(hub, "B")
    assert {actions[0]["by"] for _, actions in senders(tapped(store, hub, got[-1]))} == {"B"}
    other = splitter.build(seat_ctx(got[-1], local={"player": "A"}))
    assert "A enters this on their own phone." in words_in(other)
    assert "Enter a finished sheet" not in words_in(other) and "Swap left and right" not in words_in(other)
    assert "tap a marked square" not in words_in(other)


def knit_wit_over() -> dict:
    """Knit Wit for A, B, C scored to its end: A 4, B 3, C 2."""
    record = knit_wit_answering()
    for seat, text in (("A", "lemon"), ("B", "sky"), ("C", "tiger")):
        record["actions"].append({"type": "answer", "by": seat, "spool": 1, "text": text})
    record["actions"] += [{"type": "claim", "by": "A"}, {"type": "claim", "by": "B"}]
    record["actions"] += [{"type": "next_spool", "by": "table"}] * 6
    return record


def test_a_finished_games_host_screen_leads_with_the_result_and_changes_no_seat(store):
    """A Knit Wit game scored to its end, A's and B's phones seated: the host's screen put the PIN, the QR code and
    the seats (with "New PIN" and "Free A's seat") above the winner, below a laptop's fold. The result comes first;
    the PIN and the seats follow (a phone may still join to see it), with nothing left to change them."""
    hub = open_hub(store, knit_wit_over(), Clock())
    for seat in ("A", "B"):
        seated(hub, seat)
    body = host_view(store, hub)
    screen = words_in(body).replace("\u00a0", " ")
    assert screen.index("Winner: A") < screen.index(f"PIN {hub.pin}") < screen.index("Seats")
    assert "New PIN" not in screen and "Free A's seat" not in screen
    assert "Player who also referees" not in read_out(body)
    hub = open_hub(store, new_record("knit_wit", ["A", "B", "C"], {"deal": "table"}), Clock())
    seated(hub, "A")
    body = host_view(store, hub)
    screen = words_in(body)
    assert screen.index(f"PIN {hub.pin}") < screen.index("Seats") and "New PIN" in screen and "Free A's seat" in screen
    assert "Player who also referees" in read_out(body)


def test_a_seated_tables_host_screen_leads_with_the_game(store):
    """Knit Wit at 1280×800: the PIN, the QR code and the seats stood above the table's moves and board all game,
    so the table scrolled past them on every spool (a helper's game). Once every player's seat is held they follow
    the game; while a seat is free they lead, for the phone still to join."""
    hub = open_hub(store, new_record("knit_wit", ["A", "B", "C"], {"deal": "table"}), Clock())
    moves = "Enter the spools dealt at the table"  # the board's first line
    for seat, first in (("A", "Seats"), ("B", "Seats"), ("C", moves)):
        seated(hub, seat)
        screen = words_in(host_view(store, hub))
        assert min((screen.index("Seats"), "Seats"), (screen.index(moves), moves))[1] == first, seat
        assert "New PIN" in screen and "Free A's seat" in screen


def test_once_the_game_is_over_every_phone_and_the_host_show_the_final_result(store):
    """A Knit Wit game scored to its end: each player's phone, the referee's and the host's screen show the winner,
    the ranking with totals once (the scoreboard's rows) and "Game over" once, in the status line; a phone with no
    move left shows no moves heading."""
    hub = open_hub(store, knit_wit_over(), Clock())
    bodies = {None: host_view(store, hub)}
    for seat in ("A", "C", "table"):
        got, token = seated(hub, seat)
        bodies[seat] = seat_body(shell(store, f"/join/{hub.sid}"), hub, token, got[-1])
    for seat, body in bodies.items():
        screen = words_in(body).replace("\u00a0", " ")  # a name keeps together with no-break spaces
        assert "Winner: A" in screen and "Ranking" not in screen, seat
        rows = [said for said in read_out(body) if said.startswith(("1. ", "2. ", "3. "))]
        assert rows == ["1. A (4)", "2. B (3)", "3. C (2)"], seat
        assert screen.count("Game over") == 1, seat  # the status line's, not the final result's heading too
        assert "Your moves now" not in screen and "Nothing to do right now" not in screen, seat


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_finished_games_phone_and_host_lead_with_game_over_said_once(store, lang):
    """A phone's end screen read "Game over" twice: its status line ("Round 6 of 6 · Game over") and the final
    result's heading under it. The status line leads the screen and says it; the result there has no heading of
    its own, on a player's phone, the referee's and the host's screen, in both languages."""
    hub = open_hub(store, knit_wit_over(), Clock())
    over = words.say(lang, "app.game_over")
    host, got = shell(store), []
    host.settings["lang"] = lang
    key = hub.subscribe(got.append)
    hub.unsubscribe(key)
    screens = {None: heard(host_body(host, hub, got[-1], key))}
    for seat in ("A", "table"):
        message, token = seated(hub, seat)
        screens[seat] = said_twice(store, hub, token, message[-1], lang)[0]
    for seat, read_out in screens.items():
        assert [line for line in read_out if over in line] == [read(status_line(lang, got[-1]))], seat



def test_once_a_pictomania_game_is_over_every_phone_and_the_host_show_its_last_rounds_reveal(store):
    """At a table, the fifth round revealed ended the game and every screen went to the final result alone: who
    drew what and which guesses were right in that round were shown nowhere (the session screen shows it under
    the result, the game's `final`). Every phone and the host's screen now show it too."""
    players = ["A", "B", "C"]
    actions = []
    for _ in range(5):
        actions += [{"type": "deal", "by": TABLE}, *({"type": "stop", "by": p, "take_tile": False} for p in players),
                    {"type": "reveal", "by": TABLE}]
    hub = open_hub(store, new_record("pictomania", players, {}) | {"actions": actions}, Clock())
    screens = {None: host_screen(store, hub)}
    for seat in players:
        got, token = seated(hub, seat)
        screens[seat] = words_in(seat_body(shell(store, f"/join/{hub.sid}"), hub, token, got[-1]))
    for seat, screen in screens.items():
        assert "Winners: A, B and C" in screen.replace("\u00a0", " "), seat
        assert "Round 5 revealed" in screen, seat

def played(game: str, players: list, options: dict | None = None, actions: list | None = None,
           turns: int = 0) -> dict:
    """A session record of game with the given actions, then the prompt's first finite choices for some turns."""
    record = new_record(game, players, options or {}, seed=1) | {"actions": list(actions or [])}
    eng, state = engine(game), replay(record)
    for _ in range(turns):
        action = next({"type": e["type"], "by": e["by"], **e["choices"][0]} for e in eng.prompt(state) if e["choices"])
        record["actions"].append(action)
        state = eng.apply(state, action)
    return record


def table_moments() -> dict[str, list[dict]]:
    """Sessions of every game with a view, at moments when the table (the host's screen) has moves to make."""
    empty_dinos = {"dinos": {}, "eggs": {}, "raptors": [], "dna": 0}
    flip7_round = {"type": "round", "by": "table", "lines": {p: {"numbers": [], "modifiers": [], "second_chance": 0,
                                                                "status": "stayed"} for p in "ABC"}}
    first_domino = legal_placements(replay(new_record("kingdomino", ["A", "B"])), "A", 1)[0]
    deal3 = {"type": "set_deal", "by": "table", "deal": {"A": [1, 5], "B": [2, 6], "C": [3, 7]}}
    scoring = [knit_wit_answering() for _ in range(2)]
    for record, second in zip(scoring, ("sky", "lemons")):  # the second one suggested as the same as "lemon"
        record["actions"] += [{"type": "answer", "by": seat, "spool": 1, "text": text}
                              for seat, text in (("A", "lemon"), ("B", second), ("C", "tiger"))]
        record["actions"] += [{"type": "claim", "by": "A"}, {"type": "claim", "by": "B"}]
    return {
        "bacon": [played("bacon", list("ABCD")),
                  played("bacon", list("ABCD"), actions=[{"type": "deal", "by": "table", "order": list("ABCD")}])],
        "cubosaurs": [played("cubosaurs", ["A", "B"], actions=[
            {"type": "round", "by": "table",
             "lines": {"A": {**empty_dinos, "dinos": {"T-Rex": 1}}, "B": empty_dinos}}])],
        "flip7": [played("flip7", list("ABC"), {"coach": True}, [flip7_round]),
                  played("flip7", list("ABC"), actions=[flip7_round])],
        "guess_club": [played("guess_club", ["A", "B"])],
        "kingdomino": [played("kingdomino", ["A", "B"]), played("kingdomino", ["A", "B"], actions=[
            {"type": "place", "by": "A", "domino": 1, "cells": first_domino}])],
        "knit_wit": [played("knit_wit", ["A", "B"], {"deal": "table"}), *scoring],
        "nab_it": [played("nab_it", [{"name": "A", "colour": "red"}, {"name": "B", "colour": "blue"}])],
        "pictomania": [played("pictomania", list("ABC")), played("pictomania", list("ABC"), actions=[deal3])],
        "rummy": [played("rummy", ["A", "B"], actions=[{"type": "round", "by": "table", "stock_out": True, "lines": {
            "A": {"melds": [], "laid_off": [], "hand": []}, "B": {"melds": [], "laid_off": [], "hand": ["5S"]}}}])],
        "score_pad": [played("score_pad", ["A", "B"], actions=[
            {"type": "round", "by": "table", "scores": {"A": 5, "B": 3}}])],
        "solar_storm": [played("solar_storm", ["A", "B"], {"deal": "table"})],
        "splitter": [played("splitter", ["A", "B"]), played("splitter", ["A", "B"], turns=3)],
    }


def table_moves(app: App, hub, message: dict, monkeypatch) -> tuple[set[str], set[str]]:
    """The table's moves on the host's screen: those its moves panel offers, and those the game's board sends
    when tapped: every button, chip, checkbox, switch and tappable square, and the buttons of an alert a tap
    opens, each on the board as the screen shows it; a tap on a named button that only changes the board's
    scratch (opens a form, a past round) leads to the board it shows, whose taps count too. Every form counts as
    filled in right (the engine's `check` accepts anything, a past round opened counts as changed), so a send
    button that waits for a valid entry sends, and every fold counts as opened (a fold builds its contents only
    while open: Kingdomino's dominoes out of the box are one tap on its head away)."""
    sent: list[dict] = []
    scratch = seat_local(app, hub.sid, TABLE)
    monkeypatch.setattr(engine(message["meta"]["game"]), "check", lambda state, action: None)
    monkeypatch.setattr(Folds, "is_open", lambda folds, name, default: True)
    monkeypatch.setattr(round_edit, "refused_unchanged", lambda ctx, draft, read=None: False)  # opened = changed

    def act(action: dict, refused=None) -> bool:
        """Keep what a tap sends; nothing is applied."""
        sent.append(action)
        return False

    def board(at: str) -> tuple[set[str], list]:
        """The panel's moves and the board's taps (handler, event, whether it is a named button), built from the
        scratch `at` (JSON)."""
        scratch.clear()
        scratch.update(json.loads(at))
        controls = moves_and_view(app, hub, message, act, TABLE, "moves")
        divider = next(i for i, c in enumerate(controls) if isinstance(c, ft.Divider))
        panel = {str(c.key).split(":", 1)[1] for part in controls[:divider] for c in walk(part)
                 if str(c.key or "").startswith(f"{TABLE}:")}
        taps = []
        for control in walk(controls[divider + 1]):
            if isinstance(control, (ft.Checkbox, ft.Switch)) and control.on_change:
                taps.append((control.on_change, SimpleNamespace(control=SimpleNamespace(value=not control.value)),
                             False))
            named = isinstance(getattr(control, "content", None), (str, ft.Text))
            taps += [(handler, None, named) for handler in (getattr(control, "on_click", None),
                                                            getattr(control, "on_select", None)) if callable(handler)]
        return panel, taps

    def tap(handler, event) -> None:
        """One tap as Flet runs it, then every button of an alert it opens."""
        shown = len(app.page.dialogs)
        result = handler(event)
        if asyncio.iscoroutine(result):
            run_async(result)
        for dialog in app.page.dialogs[shown:]:
            for action in dialog.actions if isinstance(dialog, ft.AlertDialog) else []:
                tap(action.on_click, None)

    def kept() -> str:
        """The board's scratch as JSON (without this tab's "_" caches)."""
        return json.dumps({k: v for k, v in scratch.items() if not k.startswith("_")}, sort_keys=True, default=str)

    root = kept()
    panel, _ = board(root)
    todo, seen = [root], {root}
    for at in todo:
        taps, was = board(at)[1], snapshot(scratch)
        for handler, event, named in taps:
            before = len(sent)
            tap(handler, event)
            after = kept()
            if after != at:
                if at == root and named and len(sent) == before and after not in seen:
                    seen.add(after)
                    todo.append(after)
                put_back(scratch, was)
    return panel, {a["type"] for a in sent if a.get("by", TABLE) == TABLE}


def put_back(live: dict | list, old: dict | list) -> None:
    """Make the scratch `live` equal to `old` again in place, keeping every dict and list in it (a built board's
    handlers hold them), so the next tap is made on the board as it was built."""
    keys = range(len(old)) if isinstance(old, list) else list(old)
    if isinstance(live, list):
        del live[len(old):]
        live.extend([None] * (len(old) - len(live)))
    else:
        for key in [k for k in live if k not in old]:
            del live[key]
    for key in keys:
        now, then = (live[key] if isinstance(live, list) or key in live else None), old[key]
        if isinstance(then, (dict, list)) and type(now) is type(then):
            put_back(now, then)
        else:
            live[key] = snapshot(then)


def snapshot(value: Any) -> Any:
    """The scratch's data copied (dicts, lists and tuples item by item), any other object in it the same object: the
    tab's caches hold the controls it drew (`views.ui.draft_field`'s fields) and handlers, which a tap on the board
    does not change; deep copies of them took most of the test's time, and put the copies back as the live cache."""
    kind = type(value)
    if kind in (dict, list, tuple):
        items = [snapshot(v) for v in (value.values() if kind is dict else value)]
        return dict(zip(value, items)) if kind is dict else kind(items)
    return value


# the table's moves a table-mode screen leaves to the session screen, where one phone is passed round (the
# Pictomania deal collected card by card: `views.games.pictomania.deal_screen`'s ruling)
SESSION_ONLY = {"pictomania": {"set_deal"}}


def test_each_hosted_games_host_screen_offers_each_of_the_tables_moves_once(store, monkeypatch):
    """In every game, at moments when the table has moves to make, the host's screen offers each of them once: in
    its moves panel, or by a control of the game's board (which then says so, `GameContext.offer`), never both,
    and none is left out of both, but a move a view leaves to the session screen by ruling (`SESSION_ONLY`)."""
    moments = table_moments()
    assert set(moments) == {g.id for g in games() if view_of(g.id) is not None}
    for game, records in moments.items():
        for record in records:
            hub = open_hub(store, record, Clock())
            got: list = []
            hub.unsubscribe(hub.subscribe(got.append))
            wanted = {e["type"] for e in got[-1]["prompt"]}
            panel, board = table_moves(shell(store), hub, got[-1], monkeypatch)
            assert not panel & board, (game, len(record["actions"]), "offered twice", panel & board)
            wanted -= SESSION_ONLY.get(game, set())
            assert wanted <= panel | board, (game, len(record["actions"]), "not offered", wanted - panel - board)


def long_score_pad() -> tuple[dict, int]:
    """A score pad of A and B with SHOWN + 5 rounds, and its log's length."""
    count = SHOWN + 5
    return new_record("score_pad", ["A", "B"]) | {"actions": [
        {"type": "round", "by": "table", "scores": {"A": n, "B": 0}} for n in range(count)]}, count


def test_the_session_screens_show_all_comes_back_in_a_new_tab(store):
    """The host chose "Show all" on the session screen; its tab comes back in a new Flet session (away longer than
    the server keeps one): the screen brings back its draft and shows every line of the log (the choice was kept
    in the tab's scratch only: the log came back paged)."""
    record, count = long_score_pad()
    sid = store.create(record)
    tab = shell(store, f"/play/{sid}")
    (more,) = show_all_buttons(build(tab, sid, False)[1])
    more.on_click(None)
    assert log_numbers(build(tab, sid, False)[1]) == list(range(count, 0, -1))
    save_draft(tab, sid, tab.local(f"session:{sid}")).result(timeout=30)
    back = shell(store, f"/play/{sid}")
    bring_back_draft(back, sid, back.local(f"session:{sid}"))
    body = build(back, sid, False)[1]
    assert log_numbers(body) == list(range(count, 0, -1)) and show_all_buttons(body) == []


def test_the_host_table_screens_show_all_comes_back_in_a_new_tab(store):
    """The host chose "Show all" on the table screen; its tab comes back in a new Flet session: the screen's
    draft (the table seat's) brings the choice back, with which it watches the whole log again (kept in the tab's
    scratch only, the log came back paged)."""
    hub = open_hub(store, long_score_pad()[0], Clock())
    tab, got = shell(store), []
    key = hub.subscribe(got.append)
    (more,) = show_all_buttons(host_body(tab, hub, got[-1], key))
    more.on_click(None)
    save_draft(tab, hub.sid, seat_local(tab, hub.sid, TABLE), TABLE).result(timeout=30)
    back = shell(store)
    bring_back_draft(back, hub.sid, seat_local(back, hub.sid, TABLE), TABLE)
    assert show_all(back, seat_local(back, hub.sid, TABLE)) is None


def test_a_phones_generic_move_form_half_typed_comes_back_in_a_new_tab(store):
    """A move no game view offers is a small form in the moves panel (here A's phone is given Knit Wit's
    "aliases", which no shipped screen leaves to that panel); its field half typed is part of the seat's draft, so
    the phone back in a new Flet session (away longer than the server keeps one) shows it again (it was kept in
    the tab's scratch only: the field came back empty)."""
    hub = open_hub(store, knit_wit_answering(), Clock())
    got, _ = seated(hub, "A")
    message = {**got[-1], "prompt": [*got[-1]["prompt"], {"by": "A", "type": "aliases", "choices": None}]}

    def pairs_field(tab) -> ft.TextField:
        """The form's one field on A's screen in tab."""
        shown = moves_and_view(tab, hub, message, lambda action: False, "A", "Your moves now", [].append)
        (field,) = [c for tree in shown for c in walk(tree) if isinstance(c, ft.TextField) and c.label == "Pairs"]
        return field

    tab = shell(store, f"/join/{hub.sid}")
    pairs_field(tab).on_change(SimpleNamespace(control=SimpleNamespace(value='[["cat", "kitty"]')))
    save_draft(tab, hub.sid, seat_local(tab, hub.sid, "A"), "A").result(timeout=30)
    back = shell(store, f"/join/{hub.sid}")
    bring_back_draft(back, hub.sid, seat_local(back, hub.sid, "A"), "A")
    assert pairs_field(back).value == '[["cat", "kitty"]'


def test_a_phones_generic_move_refused_is_said_under_its_button_not_in_the_bar(store):
    """A's phone sends a move from the moves panel that the rules refuse (Knit Wit's "aliases" form, given to A as in
    the test above: the table's move): the reason is said right under the form's button, not in the bar at the
    phone's foot (it covered the button tapped); what was typed stays."""
    from tests.test_views_components import said_under

    hub = open_hub(store, knit_wit_answering(), Clock())
    got, token = seated(hub, "A")
    message = {**got[-1], "prompt": [*got[-1]["prompt"], {"by": "A", "type": "aliases", "choices": None}]}
    tab = shell(store, f"/join/{hub.sid}")
    bar: list = []
    tab.show_error = bar.append

    def act(action: dict, refused=None) -> bool:
        """Send as A's phone does (`views.join`): a refusal to `refused`, given."""
        try:
            hub.act(token, action)
        except RuleError as err:
            (refused or bar.append)(err)
            return False
        return True

    def screen() -> ft.Column:
        """A's moves and view as the phone draws them now."""
        return ft.Column(controls=moves_and_view(tab, hub, message, act, "A", "Your moves now", [].append))

    (field,) = [c for c in walk(screen()) if isinstance(c, ft.TextField) and c.label == "Pairs"]
    field.on_change(SimpleNamespace(control=SimpleNamespace(value="cat")))
    bring = "Bring in known aliases"
    next(b for b in walk(screen()) if isinstance(b, ft.FilledButton) and b.content == bring).on_click(None)
    shown = screen()
    send = next(b for b in walk(shown) if isinstance(b, ft.FilledButton) and b.content == bring)
    assert said_under(shown, send) == ["“bring in known aliases” is the table's decision, not one player's."]
    assert bar == []
    assert [c.value for c in walk(shown) if isinstance(c, ft.TextField) and c.label == "Pairs"] == ["cat"]


def test_the_join_qr_code_is_the_addresss_own_matrix_in_filled_squares():
    """The QR code is drawn as vector squares (a PNG never painted on the host's plain-http network address): read
    back from the SVG's path, its dark modules are exactly segno's matrix for the address, border included."""
    address = "http://192.168.1.23:8550/join/20261203153619-a8a5a7"
    svg, scale = qr_svg(address).decode("ascii"), 6
    matrix = [[bool(v) for v in row] for row in segno.make(address, error="m").matrix_iter(border=2)]
    drawn = [[False] * len(matrix) for _ in matrix]
    for x, y, width in re.findall(r"M(\d+) (\d+)h(\d+)v6h-\d+z", svg):
        for column in range(int(x) // scale, (int(x) + int(width)) // scale):
            drawn[int(y) // scale][column] = True
    assert drawn == matrix and f'width="{len(matrix) * scale}"' in svg and 'fill="#fff"' in svg


def test_the_join_pin_field_takes_the_pins_own_length(store):
    """The join form's PIN field counts to the PIN's four digits (it showed "0/8" for a four-digit PIN)."""
    hub = open_hub(store, knit_wit_answering(), Clock())
    field = next(c for c in walk(join_form(shell(store, f"/join/{hub.sid}"), hub, lambda token: None))
                 if isinstance(c, ft.TextField))
    assert field.max_length == PIN_DIGITS == len(hub.pin) == 4


def test_the_join_form_names_the_seats_other_phones_hold_and_how_to_get_one_back(store):
    """A play-tester's new phone listed only the free seats ("Sit as Referee"): Amy, whose phone had left without
    freeing her seat, found neither her name nor what to do. The form names the held seats and the host's "Free
    … seat", in the phone's language; with every seat held it says only that (the host frees one)."""
    hub = open_hub(store, new_record("score_pad", ["Amy", "Ben"], {}), Clock())
    hub.join(hub.pin, "Amy")
    for lang, said in (("en", "Held by another phone: Amy. A player whose phone changed asks the host to free "
                               "their seat (“Free … seat” on the host's screen)."),
                       ("zh-CN", "已被其他手机占用：Amy。换了手机的玩家，请主持人在主持人屏幕上点“空出…的座位”。")):
        phone = shell(store, f"/join/{hub.sid}")
        phone.settings["lang"] = lang
        texts = [read(c.value) for c in walk(join_form(phone, hub, lambda token: None)) if isinstance(c, ft.Text)]
        assert said in texts, texts
    hub.join(hub.pin, "Ben")
    hub.join(hub.pin, TABLE)
    texts = [c.value for c in walk(join_form(shell(store, f"/join/{hub.sid}"), hub, lambda t: None))
             if isinstance(c, ft.Text)]
    assert not any("Held by another phone" in (t or "") for t in texts)


def test_the_table_frames_header_says_a_deal_in_bacon_and_a_round_elsewhere():
    """The host's and the phones' header line (`views.table.status_line`) names Bacon's deal in its own word, as
    the session header does: "Deal 2" / "第 2 局", a score pad's "Round 2" / "第 2 轮"."""
    def line(lang: str, game: str) -> str:
        """The header line of a table message at round 2 of that game (its no-break spaces as spaces)."""
        return status_line(lang, {"status": {"round": 2, "phase": None, "turn": None, "over": False},
                                  "meta": {"game": game}}).replace("\xa0", " ")

    assert (line("en", "bacon"), line("zh-CN", "bacon")) == ("Deal 2", "第 2 局")
    assert (line("en", "score_pad"), line("zh-CN", "score_pad")) == ("Round 2", "第 2 轮")


def test_the_table_frames_header_says_of_how_many_rounds_as_the_session_header_does():
    """Session 46's screenshots: table mode read "Deal 1 · Playing deals" where the session header reads "Deal 1 of
    8", and "Round 1" for Cubosaurs' "Round 1 of 2"; now the same words, in both languages."""
    def line(lang: str, game: str, rounds: int) -> str:
        """The header line of a table message at round 1 of `rounds` (its no-break spaces as spaces)."""
        return status_line(lang, {"status": {"round": 1, "rounds": rounds, "phase": None, "turn": None,
                                             "over": False}, "meta": {"game": game}}).replace("\xa0", " ")

    assert (line("en", "bacon", 8), line("en", "cubosaurs", 2)) == ("Deal 1 of 8", "Round 1 of 2")
    assert line("zh-CN", "bacon", 8) == words.say("zh-CN", "bacon.app.round_of", round=1, rounds=8)
    assert line("zh-CN", "cubosaurs", 2) == words.say("zh-CN", "app.round_of", round=1, rounds=2)


def test_a_bacon_phone_says_the_players_tap_im_out_or_the_referee_or_host_enters_the_order(store):
    """Bacon: while a deal is played every phone and the host's screen read "下一步（全桌）：发牌" ("Next: Table —
    deal"), the shell's name of a dealing move; then "Next: Table — enter the order players went out in", while in
    table mode the players tap "I'm out!" on their own phones. They say both ways the order comes in, in both
    languages (the session screen, one screen for the table, still names the table's order)."""
    hub = open_hub(store, new_record("bacon", ["A", "B", "C", "D"], {}), Clock())
    got, _ = seated(hub, "A")
    host: list = []
    hub.subscribe(host.append)
    for message in (got[-1], host[-1]):
        line = status_line("en", message).replace("\xa0", " ")
        assert line.startswith("Next: tap “I'm out!” as you go out (or the referee or the host enters the order)"
                               " · Deal 1 of 8"), line
        assert read(status_line("zh-CN", message)).startswith("下一步：出完牌就点“我出完了！”（或由裁判或主持人录入先后）")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bacon_phone_out_of_the_deal_names_the_tables_move_plainly_not_tap_im_out(store, lang):
    """Bacon, A tapped "I'm out!": A's phone read "Next: tap “I'm out!” as you go out …" above "Nothing to do
    right now: waiting for …", a step A may no longer take (the engine's prompt had rightly dropped A's `out`; the
    game's table-mode line was said to every screen). A phone with no move now names the table's move plainly; B,
    still in the deal, and the host's screen keep the line that sends them to "I'm out!", in both languages."""
    hub = open_hub(store, new_record("bacon", ["A", "B", "C", "D"], {}), Clock())
    got, token = seated(hub, "A")
    other, _ = seated(hub, "B")
    host: list = []
    hub.subscribe(host.append)
    hub.act(token, {"type": "out", "round": 1})
    t = functools.partial(words.say, lang)
    plain = t("app.next_step", who=[t("app.table")], what=words.move_name(lang, "bacon", "deal"))
    line = read(status_line(lang, got[-1]))
    assert got[-1]["prompt"] == [] and line.startswith(plain) and t("bacon.table.next.deal") not in line, line
    for message in (other[-1], host[-1]):
        assert read(status_line(lang, message)).startswith(t("bacon.table.next.deal")), message["seat"]


def test_while_the_table_rolls_a_splitter_phone_says_the_table_acts_not_a_players_turn(store):
    """Splitter: while the dice are to be rolled the engine's status names the roller ("A's turn") but its prompt
    waits for the table's roll, which a player's phone cannot make: every phone and the host's screen read "A's
    turn" while the host rolled. Each now names the table's move as the session screen's next-step line does,
    in both languages (the host's screen, which rolls, as its own turn:
    `test_the_referees_phone_and_the_hosts_screen_say_the_tables_move_is_theirs_to_make`); once the dice are in
    the players write and the line is as before."""
    hub = open_hub(store, new_record("splitter", ["A", "B"], {}, seed=1), Clock())
    got, _ = seated(hub, "A")
    host: list = []
    hub.subscribe(host.append)
    for message, said in ((got[-1], ("Next: Table — roll the dice", "下一步（全桌）：掷骰子")),
                          (host[-1], ("Your turn: roll the dice", "轮到你：掷骰子"))):
        line = status_line("en", message).replace("\xa0", " ")
        assert line == f"{said[0]} · Round 1 of 22", line
        assert status_line("zh-CN", message).replace("\xa0", " ").replace("\u2060", "").startswith(said[1])
    hub.act(None, {"type": "roll"})
    assert status_line("en", got[-1]).replace("\xa0", " ") == "Round 1 of 22 · Write the two numbers"
    pad = open_hub(store, new_record("score_pad", ["A", "B"], {}), Clock())  # the table's round first, no turn
    got, _ = seated(pad, "A")
    assert got[-1]["table_next"] == "round" and "Next" not in status_line("en", got[-1])


def test_a_phones_save_keeps_every_answer_when_another_player_answered_meanwhile(store):
    """Session 46's table-mode audit: A typed two answers; B answered on his phone before A tapped Save. The hub
    judged A's first answer on the log now (B's answer is another player's own move), but A's second was made
    against the log A saw plus one, with A's own first answer in between: refused as stale, and lost. The phone
    now goes on from where the server put its first answer; both are saved."""
    clock = Clock()
    hub = open_hub(store, knit_wit_answering(), clock)
    got, token = seated(hub, "A")
    b = hub.join(hub.pin, "B")
    phone = shell(store, f"/join/{hub.sid}")
    shown = seat_body(phone, hub, token, got[-1], [])
    sheet = [c for c in walk(shown) if isinstance(c, ft.TextField)]
    for number, text in ((2, "tiger"), (3, "lemon")):
        sheet[number - 1].on_change(SimpleNamespace(control=SimpleNamespace(value=text)))
    clock.advance(1)
    hub.act(b, {"type": "answer", "spool": 1, "text": "banana"})
    clock.advance(1)

    async def tap() -> None:
        """Tap Save as Flet runs a handler: in a task of its own."""
        buttons(shown)["Save my answers"].on_click(None)

    run_async(tap())
    assert [bar_words(b) for b in shown_bars(phone.page, ever=True)] == []
    assert store.state(hub.sid)["sheets"]["A"][1:3] == ["tiger", "lemon"]


def test_a_near_tie_names_its_move_as_the_game_does_in_each_language():
    """The referee reads which move the near-tie is about in words ("进入下一个线轴"), not its type ("next_spool")."""
    from views.table import tie_text

    tie = {"accepted": False, "first": TABLE, "second": "B", "gap_ms": 8.0, "type": "next_spool"}
    for lang in LANGUAGES:
        said = tie_text(lang, "knit_wit", tie)
        assert "next_spool" not in said and words.move_name(lang, "knit_wit", "next_spool") in said


def test_two_pictomania_players_taking_a_tile_at_once_read_as_stopping_to_draw():
    """Pictomania's stop (a player stops drawing, with a bonus tile or without) is named as the game does, not by the
    shell's "stop or go on" (停牌或继续, a card game's word): two phones taking a tile at once read 停笔."""
    from views.table import tie_text

    tie = {"accepted": True, "first": "A", "second": "B", "gap_ms": 56.8, "type": "stop"}
    assert tie_text("zh-CN", "pictomania", tie) == "几乎同时：A 和 B（停笔）只相差 56.8 毫秒，由全桌决定顺序。"
    assert "(stop drawing)" in tie_text("en", "pictomania", tie)


def test_a_second_quick_tap_on_a_near_tie_just_ruled_does_not_rule_the_next():
    """Two near-ties on the referee's screen; "swap" on the first is tapped twice quickly. Drawn again without the
    first, the second tie's "swap" is not the control the first's was (Flet's own diff): the second tap is answered
    as too late. Keyed by place, it ruled the second tie."""
    from tests.card_view_helpers import all_buttons, label, taken_over
    from views.table import tie_row

    ties = [{"id": n, "accepted": True, "first": "A", "second": "B", "gap_ms": 9.0, "type": "claim"} for n in (1, 2)]
    ruled = []

    def screen(shown: list[dict]) -> ft.Column:
        """The ties as the referee's screen lists them."""
        return ft.Column(controls=[tie_row("en", "knit_wit", t, lambda i, swap: ruled.append((i, swap)))
                                   for t in shown])

    old, new = screen(ties), screen(ties[1:])
    swap_first, swap_second = (next(b for b in all_buttons(screen) if label(b) == "Swap the order")
                               for screen in (old.controls[0], new))
    swap_second.on_click(None)
    assert ruled == [(2, True)] and not taken_over(old, swap_first, new, swap_second)


def test_each_near_tie_button_names_whose_order_it_rules_in_each_language():
    """Two near-ties on the host's screen (and the referee's phone) gave two "Keep the order" and two "Swap the
    order" buttons of the same name: a screen reader could not tell which tie a button rules. Each is named by the
    order it leaves, in the tie row's own words (its players and its move); the eye keeps the short label."""
    from tests.card_view_helpers import all_buttons, label, name
    from views.table import tie_row

    ties = [{"id": 1, "accepted": True, "first": "Ann", "second": "Bo", "gap_ms": 9.0, "type": "claim"},
            {"id": 2, "accepted": False, "first": TABLE, "second": "Cy", "gap_ms": 12.0, "type": "next_spool"}]
    said = {
        "en": [("Keep the order", "Keep the order: Ann before Bo (take a bonus button)"),
               ("Swap the order", "Swap the order: Bo before Ann (take a bonus button)"),
               ("Keep the order", "Keep the order: Referee before Cy (go to the next spool)"),
               ("Swap the order", "Swap the order: Cy before Referee (go to the next spool)")],
        "zh-CN": [("维持顺序", "维持顺序：Ann 在 Bo 之前（拿奖励纽扣）"), ("交换顺序", "交换顺序：Bo 在 Ann 之前（拿奖励纽扣）"),
                  ("维持顺序", "维持顺序：裁判在 Cy 之前（进入下一个线轴）"),
                  ("交换顺序", "交换顺序：Cy 在裁判之前（进入下一个线轴）")]}
    for lang in LANGUAGES:
        screen = ft.Column(controls=[tie_row(lang, "knit_wit", t, lambda i, swap: None) for t in ties])
        assert [(label(b), name(b)) for b in all_buttons(screen)] == said[lang], lang


def test_a_phones_game_view_is_sent_what_changed_when_its_moves_come_and_go(store):
    """A phone's moves panel (heading and buttons) comes and goes with its prompt above the game's view: the view
    moved two places and Flet replaced it whole, a Nab-It phone's 15×15 board at every play, challenge and ruling
    (93 to 102 KB each, and a Pictomania phone's 6 KB view at a guess); keyed, the view is sent what changed
    (under 17 KB here)."""
    from tests.test_views_kingdomino import patch_bytes
    from tests.test_views_nab_it import PLAYS_AND_A_CHALLENGE
    hub = open_hub(store, new_record("nab_it", [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "blue"}],
                                     {}), Clock())
    phones = {}
    for seat in ("Ann", "Ben"):
        got, token = seated(hub, seat)
        phones[seat] = (token, got, shell(store, f"/join/{hub.sid}"))
    for action in PLAYS_AND_A_CHALLENGE:
        before = {seat: seat_body(app, hub, token, got[-1], []) for seat, (token, got, app) in phones.items()}
        hub.act(phones[action["by"]][0], action)
        for seat, (token, got, app) in phones.items():
            assert patch_bytes(before[seat], seat_body(app, hub, token, got[-1], [])) < 30000, (action, seat)


@pytest.mark.parametrize("game, players, options, first", ROUND_GAMES[:4], ids=[g[0] for g in ROUND_GAMES[:4]])
def test_the_referee_players_phone_gives_its_own_line_in_the_games_form(store, game, players, options, first):
    """A, a player the host also made the referee, enters whole rounds on their phone and gives their own line in the
    game's own form, as the other players do: the moves panel offers none of A's moves (it asked A to type the
    round's number into a bare "Round" field to give A's own points)."""
    hub = open_hub(store, new_record(game, players, options, seed=1), Clock())
    hub.set_referee("A")
    got, _ = seated(hub, "A")
    screen = phone_words(store, hub, got[-1])
    assert "Your moves now" not in screen
    assert "Add round" in screen


def test_a_second_quick_tap_on_a_choice_just_taken_does_not_take_the_next():
    """Nab-It!: B's phone offers "A forgot" and "C forgot"; "A forgot" is tapped twice quickly. Drawn again without
    it, "C forgot" is not the control "A forgot" was (Flet's own diff): the second tap is answered as too late.
    Matched by place, it called C's forgotten announcement too."""
    from tests.card_view_helpers import all_buttons, taken_over

    sent = []
    eng = engine("nab_it")

    def screen(players: list[str]) -> ft.Control:
        """B's moves panel offering "forgot" for these players."""
        entry = {"by": "B", "type": "forgot", "choices": [{"player": p} for p in players]}
        return prompt_panel("en", eng, [entry], lambda action: sent.append(action) or True, {})

    old, new = screen(["A", "C"]), screen(["C"])
    first, second = all_buttons(old)[0], all_buttons(new)[0]
    second.on_click(None)
    assert sent == [{"type": "forgot", "player": "C"}] and not taken_over(old, first, new, second)


def test_a_move_button_starts_with_a_capital_letter():
    """Flip 7's host screen: the table's move "note that the deck was shuffled" is named in the middle of "Next: Table
    — note that …", but a button led by it read lower-case; it leads as "Note that the deck was shuffled" (a
    choice's button "Choose the dealer: Player: A"), and the Chinese as it is."""
    from tests.card_view_helpers import all_buttons, name

    def labels(lang: str, entry: dict) -> list[str]:
        """The button names prompt_panel draws for one entry."""
        return [name(b) for b in all_buttons(prompt_panel(lang, engine("flip7"), [entry], lambda action: True, {}))]

    shuffle = {"by": "table", "type": "shuffle", "choices": [{}]}
    assert labels("en", shuffle) == ["Note that the deck was shuffled"]
    dealer = {"by": "table", "type": "dealer", "choices": [{"player": "A"}]}
    assert labels("en", dealer) == ["Choose the dealer: Player: A"]
    assert labels("zh-CN", shuffle) == [words.say("zh-CN", "app.move.shuffle")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_referees_phone_and_the_hosts_screen_say_the_tables_move_is_theirs_to_make(store, lang):
    """Play-test: the referee's phone and the host's screen led with "下一步（全桌）：掷骰子" ("Next: Table — roll the
    dice"); a referee who had just sat down read it as a step for the whole table, not as hers, though the button
    under it was hers to tap. A screen that makes the table's moves (the referee's phone, a player who referees,
    the host's screen) now says so plainly, "轮到你：掷骰子" / "Your turn: roll the dice"; a player's phone, which
    cannot make it, still names the table's move."""
    t = functools.partial(words.say, lang)
    roll = words.move_name(lang, "splitter", "roll")
    hub = open_hub(store, new_record("splitter", ["A", "B"], {}, seed=1), Clock())
    tokens = {seat: hub.join(hub.pin, seat) for seat in ("A", "B", "table")}
    hub.set_referee("B")
    yours = t("table.next_yours", what=roll)
    for message in (phone_message(hub, tokens["table"]), phone_message(hub, tokens["B"]), phone_message(hub, None)):
        line = read(status_line(lang, message))
        assert line.startswith(read(yours)) and read(t("app.table")) not in line, (message["seat"], line)
    line = read(status_line(lang, phone_message(hub, tokens["A"])))
    assert line.startswith(read(t("app.next_step", who=[words.whole_name(t("app.table"))], what=roll))), line
    assert yours == {"en": "Your turn: roll the dice", "zh-CN": "轮到你：掷骰子"}[lang]


def test_a_seated_phones_refusal_is_put_away_once_its_next_tap_is_taken(store):
    """Splitter: A taps a square whose pair is taken and is refused ("One of those cells already holds a number.",
    red, up to 10 s over the foot of the screen); A then taps an open square and the pair is written, but on a
    seated phone the refusal stayed up, saying the write had failed. It is put away, as on the shared screen. (It is
    now said under the step's hint, not in the bar, which covered the sheet: `views.components.refusal`.)"""
    from tests.test_views_kingdomino import cells
    record = new_record("splitter", ["A", "B"], {})
    hub = open_hub(store, record | {"actions": [{"type": "set_roll", "by": "table", "dice": [2, 2]},
                                                {"type": "write", "by": "A", "row": 2, "offset": 3, "left": 2,
                                                 "right": 2},
                                                {"type": "write", "by": "B", "row": 0, "offset": 0, "left": 2,
                                                 "right": 2},
                                                {"type": "set_roll", "by": "table", "dice": [3, 4]}]}, Clock())
    got, token = seated(hub, "A")
    phone = shell(store, f"/join/{hub.sid}")
    taken = "One of those cells already holds a number."
    cells(seat_body(phone, hub, token, got[-1]))[(2, 7)].on_click(None)
    assert phone.message is None and taken in texts(seat_body(phone, hub, token, got[-1]))
    cells(seat_body(phone, hub, token, got[-1]))[(3, 3)].on_click(None)
    assert store.state(hub.sid)["sheets"]["A"][3][3:5] == [3, 4]
    assert phone.message is None and taken not in texts(seat_body(phone, hub, token, got[-1]))


def heard(control: ft.Control) -> list[str]:
    """The Text values of a tree a screen reader reads: none of a control not shown nor under a Semantics that
    leaves its content out, nor of a canvas (drawn, not read); a text with a name of its own by that name (an
    empty one reads nothing: `folds.unread`)."""
    if isinstance(control, cv.Canvas) or control.visible is False or (isinstance(control, ft.Semantics)
                                                                      and control.exclude_semantics):
        return []
    text = isinstance(control, ft.Text) and (control.value if control.semantics_label is None
                                             else control.semantics_label)
    own = [read(text)] if text else []
    return own + [said for child in children(control) for said in heard(child)]


def said_twice(store, hub, token: str, message: dict, lang: str) -> tuple[list[str], str]:
    """What a seated phone's screen reads (`heard`) and every word it shows, in lang."""
    phone = shell(store, f"/join/{hub.sid}")
    phone.settings["lang"] = lang
    body = seat_body(phone, hub, token, message)
    return heard(body), words_in(body)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_waiting_phone_reads_who_it_waits_for_once(store, lang):
    """A phone with nothing to do read "B's turn", "Nothing to do right now: waiting for B." and then the game's "B
    enters this on their own phone." (the status line now says it, its "Nothing to do right now." names no one)
    and, the deal the table's, "…waiting for the referee or the host." then "The table's move: the referee or the
    host makes it on their screen." (Solar Storm); Splitter's "…waiting for B and C." then "Still to write: B and
    C"; a score pad's "Round 1 · …" status line and then the view's "Round 1" heading. Each is read once, where the
    frame says it first; the view's lines are still shown."""
    t = functools.partial(words.say, lang)
    solar = open_hub(store, new_record("solar_storm", ["A", "B"], {}, seed=4), Clock())
    seated(solar, "A")
    got, token = seated(solar, "B")
    read_out, shown = said_twice(store, solar, token, got[-1], lang)
    assert read(t("table.nothing_to_do_said")) in read_out and t("app.private.own_phone", name="A") in shown
    assert read(status_line(lang, got[-1])).startswith(read(t("table.turn", name="A")))
    assert read(t("app.private.own_phone", name="A")) not in read_out
    dealt = open_hub(store, new_record("solar_storm", ["A", "B"], {"deal": "table"}, seed=4), Clock())
    got, token = seated(dealt, "A")
    read_out, shown = said_twice(store, dealt, token, got[-1], lang)
    enters = t("app.private.referee_enters")
    assert read(t("table.nothing_to_do_wait", who=[t("table.waiting_table")])) in read_out and enters in shown
    assert read(enters) not in read_out
    split = open_hub(store, new_record("splitter", ["A", "B", "C"], {}, seed=1), Clock())
    split.act(None, {"type": "roll"})
    got, token = seated(split, "A")
    split.act(token, {**next(e for e in got[-1]["prompt"] if e["type"] == "write")["choices"][0], "type": "write",
                      "by": "A"})
    read_out, shown = said_twice(store, split, token, got[-1], lang)
    waiting = t("splitter.view.waiting", names=["B", "C"])
    assert read(t("table.nothing_to_do_wait", who=["B", "C"])) in read_out and waiting in shown
    assert read(waiting) not in read_out and read(t("splitter.view.written", name="A")) in read_out
    pad = open_hub(store, new_record("score_pad", ["A", "B"], {}), Clock())
    got, token = seated(pad, "A")
    read_out, shown = said_twice(store, pad, token, got[-1], lang)
    heading = t("rounds.view.round", round=1)
    assert [line for line in read_out if heading in line] == [read(status_line(lang, got[-1]))]
    assert heading in shown.splitlines()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_seated_phone_leads_with_the_next_move_and_says_it_once(store, lang):
    """A Splitter phone read "Round 1 of 22 · Roll the dice · Next: Table — roll the dice": the move twice in one
    line, after the round. A Bacon phone read "Deal 1 of 8 · Playing deals · Next: tap “I'm out!” …". Under "You
    are A" the status line now leads with the move, once, then the round; no turn (the roller's, the dealer's) is
    named beside it, in both languages."""
    t = functools.partial(words.say, lang)
    roll = t("app.next_step", who=[words.whole_name(t("app.table"))], what=words.move_name(lang, "splitter", "roll"))
    for game, players, said, move in (
            ("splitter", ["A", "B"], roll, words.move_name(lang, "splitter", "roll")),
            ("bacon", ["A", "B", "C", "D"], t("bacon.table.next.deal"), t("bacon.phase.deal"))):
        hub = open_hub(store, new_record(game, players, {}, seed=1), Clock())
        got, token = seated(hub, "A")
        read_out, _ = said_twice(store, hub, token, got[-1], lang)
        heard_all = "\n".join(read_out).casefold()
        assert read_out[1].startswith(read(said)) and heard_all.count(read(said).casefold()) == 1, read_out[:3]
        assert heard_all.count(move.casefold()) == (game == "splitter"), read_out[:3]  # Bacon's phase: not said
        assert not [line for line in read_out if t("table.turn", name="") in line], (game, read_out[:3])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hosts_table_screen_leads_with_the_next_move_and_says_it_once(store, lang):
    """The host's table screen read the PIN, the join address and the seats first, and the table's next move (the
    line a phone leads with: "Next: Table — roll the dice · Round 1 of 22") only below them. It now leads with that
    line, above the PIN and the seats, and says it once, in both languages (as the move it makes: "Your turn: roll
    the dice")."""
    hub = open_hub(store, new_record("splitter", ["A", "B"], {}, seed=1), Clock())
    host, got = shell(store), []
    host.settings["lang"] = lang
    key = hub.subscribe(got.append)
    hub.unsubscribe(key)
    read_out = heard(host_body(host, hub, got[-1], key))
    line = read(status_line(lang, got[-1]))
    roll = words.move_name(lang, "splitter", "roll")
    assert line.startswith(read(words.say(lang, "table.next_yours", what=roll)))
    pin = read_out.index(read(words.say(lang, "table.pin_is", pin=got[-1]["pin"])))
    assert read_out[0] == line and pin > 0 and read_out.index(read(words.say(lang, "table.seats"))) > pin
    assert read_out.count(line) == 1, read_out[:4]


def test_a_line_naming_a_seat_the_phone_does_not_wait_for_is_read():
    """`GameContext.read_once` leaves a line out only when the frame said all of it: another round, a seat not
    among those waited on, or a screen that said nothing above its view (a shared phone's) keep the line read."""
    ctx = GameContext(lang="en", record={"game": "score_pad", "players": [{"name": "A"}]}, state={}, engine=None,
                      page=FakePage(), store=None, local={}, sound=False, apply=lambda a, refused=None: True,
                      show_error=lambda e: None, refresh=lambda: None, seat="A", said_round=2, said_waiting=["B"])
    line = ft.Text("x")
    assert isinstance(ctx.read_once(line, number=2, waiting=["B"]), ft.Semantics)
    assert ctx.read_once(line, number=3) is line and ctx.read_once(line, waiting=["B", "C"]) is line
    assert ctx.read_once(line) is line
    shared = GameContext(lang="en", record={"game": "score_pad", "players": [{"name": "A"}]}, state={}, engine=None,
                         page=FakePage(), store=None, local={}, sound=False, apply=lambda a, refused=None: True,
                         show_error=lambda e: None, refresh=lambda: None)
    assert shared.read_once(line, number=1, waiting=["A"]) is line


def waiting_tables(store) -> list[tuple]:
    """Hubs, with every seat's token, of every game at moments when some screen has nothing to do: the hosted games'
    table moments, a new round game, Solar Storm's and Nab-It!'s first turn, Splitter while all or some still write,
    Bacon with B out, Knit Wit between spools and every step of a Guess Club round."""
    nab = [{"name": seat, "colour": colour} for seat, colour in zip("ABC", ("red", "blue", "green"))]
    spool = knit_wit_scoring()
    spool["actions"].append({"type": "next_spool", "by": TABLE})
    records = [*[r for moments in table_moments().values() for r in moments],
               *[new_record(game, players, options, seed=1) for game, players, options, _ in ROUND_GAMES],
               played("solar_storm", list("ABC"), turns=1), played("nab_it", nab, turns=1),
               played("splitter", list("ABC"), turns=1), played("splitter", list("ABC"), turns=2), spool,
               played("bacon", list("ABCD"), actions=[{"type": "out", "by": "B", "round": 1}])]
    hubs = [open_hub(store, r, Clock()) for r in records]
    return [(hub, {seat: hub.join(hub.pin, seat) for seat in [*store.state(hub.sid)["players"], TABLE]})
            for hub in hubs] + [guess_club_hub(store, n) for n in range(7)]


def named_in(lang: str, line: str, seat: str) -> bool:
    """Whether a line names seat: a player by name, the table as the table or by who makes its moves."""
    if seat == TABLE:
        return any(read(name) in read(line) for name in (words.whole_name(words.say(lang, "app.table")),
                                                         words.say(lang, "table.waiting_table")))
    return re.search(rf"(?<![\w]){re.escape(seat)}(?![\w])", line) is not None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_screen_with_nothing_to_do_names_whom_the_table_waits_for_once(store, lang):
    """Every game in table mode: a phone with nothing to do read "A's turn · Round 1 of 3 · …" and then "Nothing to
    do right now: waiting for A." (the host's table screen and the referee's phone the same; Splitter's "Next: Table
    — roll the dice" over "…waiting for the referee or the host."). On every waiting phone, the referee's and the
    host's screen each seat the table waits for is named once in the status line and the "nothing to do" line
    together: the line leaves out whom the status line names, and keeps the others ("waiting for B and C")."""
    nothing = re.split("[:：]", words.say(lang, "table.nothing_to_do"))[0]
    checked = 0
    for hub, tokens in waiting_tables(store):
        screens = [(message, said_twice(store, hub, token, message, lang)[0])
                   for token in tokens.values() for message in [phone_message(hub, token)]]
        screens.append((phone_message(hub, None), host_heard(store, hub, lang)[0]))
        for message, read_out in screens:
            waits = [line for line in read_out if line.startswith(nothing)]
            if not waits:
                continue
            status, checked = read(status_line(lang, message)), checked + 1
            for seat in message["waiting"]:
                said = [line for line in (status, waits[0]) if named_in(lang, line, seat)]
                assert len(said) == 1, (hub.engine.game.id, message["seat"], seat, status, waits)
    assert checked > 40


def test_two_tabs_on_one_seat_share_its_one_draft_and_a_tab_closing_untouched_keeps_the_others(store):
    """Session 69: two tabs of one phone on one seat (one token). The tab opened second brings back what the first
    had typed; the first closing without typing more does not write its older draft over the second's newer one."""
    hub = connected_hub(store, store.create(knit_wit_answering()))
    seated(hub, "A")
    first, second = shell(store, f"/join/{hub.sid}"), shell(store, f"/join/{hub.sid}")
    one, two = seat_local(first, hub.sid, "A"), seat_local(second, hub.sid, "A")
    bring_back_draft(first, hub.sid, one, "A")
    stop_one = draft_keeper(first, hub.sid, one, "A")
    one["answer"] = "fish"
    save_draft(first, hub.sid, one, "A").result(timeout=30)
    bring_back_draft(second, hub.sid, two, "A")
    assert two["answer"] == "fish"
    stop_two = draft_keeper(second, hub.sid, two, "A")
    two["answer"] = "fishing"
    save_draft(second, hub.sid, two, "A").result(timeout=30)
    stop_one()
    stop_two()
    DRAFT_WRITER.submit(lambda: None).result(timeout=30)
    assert store.draft(hub.sid, "A") == {"answer": "fishing"}


def test_a_refusal_on_the_join_screen_is_put_away_once_the_seat_is_taken(store):
    """Play-test (session 69): a seat tapped before the PIN was typed was refused, and the red refusal stayed on
    under "You are B" once the right PIN had taken the seat. Taking the seat is an accepted action: the refusal
    shown about the earlier tap is put away."""
    hub = open_hub(store, new_record("score_pad", ["A", "B"], {}), Clock())
    phone = shell(store, f"/join/{hub.sid}")
    kept: list[str] = []
    sit = buttons(join_form(phone, hub, kept.append))["Sit as B"]
    press(sit)
    assert phone.message is not None and phone.message.error and not kept
    phone.local(f"join:{hub.sid}")["pin"] = hub.pin
    press(sit)
    assert hub.seat_of(kept[0]) == "B"
    assert phone.message is None and shown_bars(phone.page) == []


def test_the_host_screen_says_when_phones_cannot_reach_this_server(store):
    """Play-test (session 69): started as `python main.py` (this device only, 127.0.0.1), the host's screen showed
    a QR code and a Wi-Fi address (the machine's LAN address) that no phone could open, and said nothing. It now
    says phones cannot join and how to start the server so they can; serving the network, it does not."""
    hub = open_hub(store, new_record("score_pad", ["A", "B"], {}), Clock())
    got: list = []
    hub.unsubscribe(hub.subscribe(got.append))
    local = host_body(shell(store), hub, got[-1], None)
    assert "--host 0.0.0.0" in words_in(local)
    served = shell(store)
    served.guard = HostGuard(required=True)
    assert "--host 0.0.0.0" not in words_in(host_body(served, hub, got[-1], None))


LAST_LINE = {"en": ("Undo: Lily · Own line for round 1: 9 points (the whole round reopens)",
                    "Undo: Bo · Own line for round 1: 5 points",
                    "Redo: Lily · Own line for round 1: 9 points (records the whole round)"),
             "zh-CN": ("撤销：Lily · 交了自己第 1 轮的牌：9 分（整轮重新等待）",
                       "撤销：Bo · 交了自己第 1 轮的牌：5 分",
                       "重做：Lily · 交了自己第 1 轮的牌：9 分（记下整轮）")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hosts_undo_of_the_line_that_completed_a_round_says_the_round_reopens(store, lang):
    """Play-test (session 76, Flip 7 on seated phones): Lily's line, the last the round waited for, recorded the
    round; the host's Undo named only her line, and the host, who expected only that line to go, saw the round's
    scores leave the board. Now it says the whole round reopens (the log's entry says the line recorded it); once
    undone, Undo names Bo's line as before and Redo says it records the whole round."""
    hub = open_hub(store, new_record("flip7", ["Ann", "Bo", "Lily"], {}), Clock())
    for seat, numbers in (("Ann", [3]), ("Bo", [5]), ("Lily", [9])):
        hub.act(seated(hub, seat)[1], {"type": "line", "round": 1, "line": {
            "numbers": numbers, "modifiers": [], "second_chance": 0, "status": "stayed"}})
    assert len(replay(store.record(hub.sid))["rounds"]) == 1
    assert [read(label) for label in host_labels_after_undo(store, hub, lang)] == list(LAST_LINE[lang])
