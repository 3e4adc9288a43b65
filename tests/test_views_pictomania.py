"""Pictomania view built without a browser over the real engine: deal, the private word, locked guesses with
hidden numbers, the race, the table's rulings and the reveal screen from the stored result."""

from __future__ import annotations

import flet as ft
import pytest

from scoring import i18n
from scoring.core import TABLE, RuleError, engine
from scoring.games.pictomania import word_of
from tests.helpers import press
from tests.test_views_components import FakePage, buttons, raw_texts, texts, walk
from tests.test_views_tile_race import named_buttons
from views import lost_taps, words
from views.games import pictomania as view

ENG = engine("pictomania")
PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
DEAL = {"Ann": [1, 4], "Ben": [2, 6], "Cat": [3, 2], "Dan": [4, 7]}
SHAPE_NAMES = ["Circle", "Triangle", "Square", "Star", "Heart", "Moon"]  # symbols 1–6


class PlayContext:
    """A GameContext stand-in over the engine: dispatch applies the action to `state` or records the refusal."""

    def __init__(self, state):
        self.lang, self.page, self.local, self.state = "en", FakePage(), {}, state
        self.players, self.refused, self.actions = list(state["players"]), [], []
        self.engine = ENG
        self.seat = None
        self.for_table = True
        self.offered = set()

    def offer(self, by, kind):
        self.offered.add((by, kind))

    def t(self, key, **params):
        return words.say("en", key, **params)

    def refresh(self):
        pass

    def turn_page(self):
        pass

    def dispatch(self, action, at=None):
        try:
            self.state = ENG.apply(self.state, action)
        except RuleError as err:
            self.refused.append(err.key)
            return False
        self.actions.append(action)
        return True

    async def dispatch_soon(self, action, at=None):
        return self.dispatch(action, at)


def fresh(**options):
    """A context in round 1, not dealt yet."""
    return PlayContext(ENG.new_state(PLAYERS, {"rounds": 2, **options}, seed=11))


def dealt():
    """A context in round 1 with the known deal entered."""
    ctx = fresh()
    ctx.dispatch({"type": "set_deal", "by": "table", "deal": DEAL})
    return ctx


def tap(ctx, name):
    """Build the view and tap the button with this text or name."""
    press(named_buttons(view.build(ctx))[name])


def number_button(ctx, target, number):
    """The 1–7 button for a guess on target's drawing."""
    label = f"Guess {number} on {target}'s drawing"
    for c in walk(view.build(ctx)):
        if isinstance(c, ft.Button) and isinstance(c.content, ft.Text) and c.content.semantics_label == label:
            return c
    return None


def shapes(control) -> list:
    """The symbol shapes drawn in a control (their icons)."""
    drawn = {icon for icon, _ in view.SHAPES.values()}
    return [c.icon for c in walk(control) if isinstance(c, ft.Icon) and c.icon in drawn]


def guess(ctx, guesser, target, number):
    """Switch the guess panel to guesser and tap the number for target."""
    ctx.local["guesser"] = guesser
    number_button(ctx, target, number).on_click(None)


def test_a_new_phase_turns_the_page_on_every_screen():
    """Play-test: a phone scrolled part-way down stayed there when the last bonus tile was taken. The round's new
    phase (the deal done, the race over, the reveal) turns the page of the screen that draws it, a seated phone's
    as the shared screen's, so it shows its top; drawing the same phase again (another seat's guess) does not."""
    seats, host = phones()
    turned = {}
    for screen in (*seats.values(), host):
        screen.turn_page = lambda screen=screen: turned.__setitem__(screen.seat, turned.get(screen.seat, 0) + 1)
        view.build(screen)
    assert turned == {}
    host.dispatch({"type": "set_deal", "by": "table", "deal": DEAL})
    guess(seats["Ann"], "Ann", "Ben", 6)
    for screen in (seats["Ann"], host):
        view.build(screen)
    assert turned == {"Ann": 1, TABLE: 1}
    for player in ("Ann", "Ben", "Cat"):
        seats[player].dispatch({"type": "stop", "by": player})
    assert host.table["state"]["phase"] == "reveal"
    view.build(seats["Dan"])
    view.build(seats["Ann"])
    assert turned == {"Ann": 2, TABLE: 1, "Dan": 1}


def test_a_players_own_phone_shows_no_table_moves():
    """Deal, wrong word and reveal are the table's: a seated player's phone is not offered them, the referee's is."""
    table_moves = ["Deal the cards", "Reveal the piles"]
    ctx = fresh()
    ctx.seat, ctx.for_table = "Ann", False
    assert not any(name in buttons(view.build(ctx)) for name in table_moves)
    ctx.dispatch({"type": "set_deal", "by": "table", "deal": DEAL})
    shown = buttons(view.build(ctx))
    assert not any(name in shown for name in table_moves) and not any("drew the wrong word" in n for n in shown)
    ctx.seat, ctx.for_table = "table", True
    assert "Reveal the piles" in buttons(view.build(ctx))


def test_deal_button_deals_and_opens_the_drawing():
    ctx = fresh()
    shown = texts(view.build(ctx))
    assert "Round 1: deal" in shown
    tap(ctx, "Deal the cards")
    assert ctx.actions == [{"type": "deal", "by": "table"}]
    assert ctx.state["phase"] == "drawing"
    assert "Round 1 · deck 1" in texts(view.build(ctx))


def test_my_word_is_covered_then_shown_to_its_owner_then_hidden():
    ctx = fresh()
    tap(ctx, "Deal the cards")
    assert not any(t.startswith("Number") or t in SHAPE_NAMES for t in texts(view.build(ctx)))
    tap(ctx, "Cat: my word")
    shown = texts(view.build(ctx))
    assert "Pass to Cat" in shown and not any(t.startswith("Number") for t in shown)
    tap(ctx, "I am Cat: show")
    word = word_of(ctx.state, "Cat")
    shown = texts(view.build(ctx))
    assert SHAPE_NAMES[word["symbol"] - 1] in shown and f"Number {word['number']}" in shown
    assert shapes(view.build(ctx)) == [view.SHAPES[word["symbol"]][0]]  # the sticker's shape, drawn
    tap(ctx, "Done: hide")
    body = view.build(ctx)
    assert not any(t.startswith(("Number", "Pass to ")) or t in SHAPE_NAMES for t in texts(body))
    assert shapes(body) == []


def test_kids_variant_shows_only_the_number():
    ctx = fresh(kids=True)
    ctx.dispatch({"type": "set_deal", "by": "table", "deal": {"Ann": 1, "Ben": 2, "Cat": 3, "Dan": 4}})
    ctx.local["word"] = {"round": 1, "player": "Ben", "phase": "entry"}
    shown = texts(view.build(ctx))
    assert "Number 2" in shown and not any(t.startswith("Symbol") for t in shown)


def test_guess_buttons_per_opponent_lock_once_placed_and_hide_the_number():
    ctx = dealt()
    assert number_button(ctx, "Ann", 3) is None
    assert all(number_button(ctx, p, n) for p in ["Ben", "Cat", "Dan"] for n in range(1, 8))
    guess(ctx, "Ann", "Ben", 5)
    assert ctx.actions[-1] == {"type": "guess", "by": "Ann", "target": "Ben", "number": 5}
    shown = texts(view.build(ctx))
    assert "Ben's drawing: guess placed on the pile (position 1), locked" in shown  # not "card 1": a guess
    assert number_button(ctx, "Ben", 5) is None and number_button(ctx, "Cat", 5)
    assert "Ben's pile: Ann" in shown
    assert not any("5" in t for t in shown if "Ben" in t)
    ctx.local["guesser"] = "Cat"
    assert number_button(ctx, "Ben", 5) is not None


def test_the_piles_are_named_as_the_games_own_rules_name_them():
    """A family read "谜题堆（数字朝下）" and did not know what it named. The rules' own words: each player's symbol
    and number cards face down make their puzzle pile, and the guess cards go face down on it."""
    ctx = dealt()
    guess(ctx, "Ann", "Ben", 5)
    shown = texts(view.build(ctx))
    assert "Puzzle piles" in shown and not any("numbers face down" in line for line in shown)
    assert ("Each player's symbol and number cards lie face down as their puzzle pile; the others put their guess "
            "cards face down on it, first placed first.") in shown
    ctx.t = lambda key, **params: words.say("zh-CN", key, **params)
    shown = texts(view.build(ctx))
    assert "谜题堆" in shown and "Ben 的谜题堆：Ann" in shown
    assert "每人把自己的符号卡和数字卡正面朝下叠成谜题堆；别人把猜测卡正面朝下放在上面，先放的排在前面。" in shown


def test_switcher_chooses_the_guesser():
    ctx = dealt()
    switch = [c for c in walk(view.build(ctx)) if isinstance(c, (ft.Button, ft.OutlinedButton))
              and isinstance(c.content, ft.Text) and c.content.semantics_label == "Dan is guessing"]
    switch[0].on_click(None)
    assert ctx.local["guesser"] == "Dan"
    assert number_button(ctx, "Dan", 1) is None and number_button(ctx, "Ann", 1) is not None


def test_stop_takes_a_tile_and_locks_the_guesser():
    ctx = dealt()
    tap(ctx, "Ann: claim 3")
    assert ctx.actions[-1] == {"type": "stop", "by": "Ann", "take_tile": True}
    shown = texts(view.build(ctx))
    assert "Ann took 3" in shown and "Ann has stopped: no more guesses." in shown
    tap(ctx, "Ben: stop")
    assert ctx.actions[-1] == {"type": "stop", "by": "Ben", "take_tile": False}
    assert "Rewards left: 3, 2" in texts(view.build(ctx))


def test_reveal_before_the_race_ends_asks_first():
    ctx = dealt()
    tap(ctx, "Reveal the piles")
    dialog = ctx.page.dialogs[-1]
    assert dialog.title.value == "Reveal now?"
    dialog.actions[0].on_click(None)
    assert ctx.state["phase"] == "drawing" and not ctx.page.dialogs
    tap(ctx, "Reveal the piles")
    ctx.page.dialogs[-1].actions[1].on_click(None)
    assert ctx.state["round"] == 2 and ctx.state["phase"] == "deal"


def play_round_one(ctx):
    """The hand-worked round: Ann 5, Ben 0, Cat 5, Dan −8 (Dan the black sheep)."""
    for g, t, n in [("Ann", "Ben", 6), ("Ben", "Cat", 2), ("Ann", "Cat", 2), ("Cat", "Ann", 4), ("Ben", "Ann", 1),
                    ("Dan", "Ann", 2), ("Dan", "Ben", 3), ("Cat", "Dan", 1)]:
        guess(ctx, g, t, n)
    for name in ("Ann: claim 3", "Cat: claim 3", "Dan: claim 2"):
        tap(ctx, name)
    assert ctx.state["phase"] == "reveal"
    assert number_button(ctx, "Ann", 1) is None
    tap(ctx, "Reveal the piles")
    assert not ctx.page.dialogs


def test_reveal_screen_shows_piles_in_order_black_sheep_and_scores():
    ctx = dealt()
    play_round_one(ctx)
    assert ctx.refused == []
    shown = texts(view.build(ctx))
    assert "Round 1 revealed (deck 1)" in shown and "Round 2: deal" in shown
    assert "Ann drew: Circle, number 4" in shown
    assert "1. Cat guessed 4: right, takes a 3-star token" in shown
    assert "2. Ben guessed 1: wrong, to the middle" in shown
    assert "1. Ben guessed 2: right, takes a 3-star token" in shown
    assert "2. Ann guessed 2: right, takes a 2-star token" in shown
    # the star values of the tokens nobody won ("Ann keeps tokens 2, 1" read as if naming tokens by number)
    assert "Ann keeps the tokens nobody won: 2 and 1 (−3)" in shown
    assert "Dan keeps the tokens nobody won: 3, 2 and 1 (−6)" in shown
    assert "Cat keeps the tokens nobody won: 1 (−1)" in shown
    assert "Black sheep: Dan, most cards in the middle (2)" in shown
    middle = "Cards in the middle: Ann\u00a00, Ben\u00a01, Cat\u00a01 and Dan\u00a02"  # a name keeps its count
    assert middle in raw_texts(view.build(ctx))
    lines = [[c.content.value for c in r.controls] for r in walk(view.build(ctx)) if isinstance(r, ft.Row)
             and len(r.controls) == 5 and all(isinstance(getattr(c, "content", None), ft.Text) for c in r.controls)]
    assert lines[0] == ["Player", "Won", "Kept", "Tile", "Round"]
    rows = {line[0]: line[1:] for line in lines[1:]}
    assert rows == {"Ann": ["5", "−3", "+3", "5"], "Ben": ["3", "−3", "—", "0"],
                    "Cat": ["3", "−1", "+3", "5"], "Dan": ["0", "−6", "−2 (sheep)", "−8"]}


def test_wrong_word_closes_the_pile_and_the_reveal_hands_back():
    ctx = dealt()
    guess(ctx, "Dan", "Cat", 2)
    tap(ctx, "Cat drew the wrong word")
    assert ctx.actions[-1] == {"type": "wrong_word", "by": "table", "drawer": "Cat"}
    shown = texts(view.build(ctx))
    assert "Cat's pile: wrong word, guesses returned" in shown
    assert "Cat drew the wrong word" not in buttons(view.build(ctx))
    ctx.local["guesser"] = "Ann"
    assert "Cat drew the wrong word: that pile is closed" in texts(view.build(ctx))
    assert number_button(ctx, "Cat", 1) is None
    tap(ctx, "Reveal the piles")
    ctx.page.dialogs[-1].actions[1].on_click(None)
    shown = texts(view.build(ctx))
    assert "Wrong word: the guesses go back to Dan" in shown and "No black sheep this round" in shown
    assert "Cat keeps every token (wrong word): 3, 2 and 1 (−6)" in shown
    assert not any(line.startswith("Cat keeps the tokens nobody won") for line in shown)


def test_final_shows_the_last_round():
    ctx = dealt()
    play_round_one(ctx)
    ctx.dispatch({"type": "deal", "by": "table"})
    ctx.dispatch({"type": "reveal", "by": "table"})
    assert ctx.state["over"]
    shown = texts(view.final(ctx))
    assert "Round 2 revealed (deck 1)" in shown and "No black sheep this round" in shown


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_every_view_key_is_translated(lang):
    from scoring import i18n
    table = i18n.table(lang)
    keys = [k for k in table if k.startswith("pictomania.view.")]
    assert len(keys) > 40
    for reason in ("plus", "black_sheep", "unguessed", "wrong_word", "none"):
        assert f"pictomania.view.tile.{reason}" in table


def test_a_used_guess_number_is_greyed_on_the_other_piles():
    """Issue 12 (RULINGS §3, one guess card per number): after Ann puts 5 on Ben's pile, 5 is disabled on the
    other piles (and the engine refuses it); it comes back when Ben's pile is ruled a wrong word."""
    ctx = dealt()
    guess(ctx, "Ann", "Ben", 5)
    assert number_button(ctx, "Cat", 5).disabled and not number_button(ctx, "Cat", 4).disabled
    ctx.local["guesser"] = "Cat"
    assert not number_button(ctx, "Dan", 5).disabled
    ctx.dispatch({"type": "wrong_word", "by": "table", "drawer": "Ben"})
    ctx.local["guesser"] = "Ann"
    assert not number_button(ctx, "Cat", 5).disabled


def test_symbols_are_six_distinct_shapes_named_in_both_languages():
    """Each symbol card is a shape with a name (not "Symbol 6"); the picker shows all six as icon and word."""
    ctx = fresh()
    tap(ctx, "Ann's card")
    tap(ctx, "I am Ann: show")
    picker = {b.content: b for b in walk(view.build(ctx)) if isinstance(b, (ft.FilledButton, ft.OutlinedButton))
              and b.content in SHAPE_NAMES}
    assert list(picker) == SHAPE_NAMES
    assert len({b.icon.icon for b in picker.values()}) == 6  # six different icons
    assert len({i18n.table("zh-CN")[f"pictomania.view.shape.{n}"] for n in range(1, 7)}) == 6


def enter_deal(ctx) -> None:
    """Each player of DEAL taps their card behind the cover (not shown before the cover is lifted); the deal is
    then sent as the physical deal."""
    for name, (symbol, number) in DEAL.items():
        tap(ctx, f"{name}'s card")
        assert SHAPE_NAMES[symbol - 1] not in buttons(view.build(ctx))
        tap(ctx, f"I am {name}: show")
        tap(ctx, SHAPE_NAMES[symbol - 1])
        tap(ctx, f"Number {number}")
        tap(ctx, "Done: hide")
    tap(ctx, "Enter the physical deal")
    assert ctx.actions[-1] == {"type": "set_deal", "by": "table", "deal": {p: list(c) for p, c in DEAL.items()}}


def test_the_physical_deal_is_entered_player_by_player_behind_the_cover():
    """Issue 12: a screen for the deal made with the cards; each player taps their own card privately."""
    ctx = fresh()
    enter_deal(ctx)
    assert ctx.state["phase"] == "drawing" and word_of(ctx.state, "Cat") == {"symbol": 3, "number": 2}


def test_the_table_s_screen_in_table_mode_offers_no_pass_the_phone_entry():
    """The host's table screen (and the referee's phone), seated as the table, collected the deal as a shared
    phone does: "Ann's card", "I am Ann: show", her card's symbol and number on the screen everyone watches, while
    each player enters their own card on their own phone. It offers no such entry: it says where a table with a
    player without a phone enters the whole deal (the session screen, passed round), and its moves panel shows no
    raw form for it either (`set_deal` offered); the app's own deal stays."""
    ctx = fresh()
    ctx.seat, ctx.for_table = TABLE, True
    shown = buttons(view.build(ctx))
    assert not any(name.endswith("'s card") for name in shown) and "Enter the physical deal" not in shown
    assert "Deal the cards" in shown
    assert ctx.t("pictomania.view.physical_elsewhere") in texts(view.build(ctx))
    assert (TABLE, "set_deal") in ctx.offered


def test_every_screen_in_table_mode_names_both_ways_to_deal():
    """Play-test: before the deal the host's screen offered only the app's deal and each phone only its own card.
    The table's screen names the cards entered on the phones beside its deal, each phone the app's deal beside its
    card; once a card is entered the table's screen says its deal drops the cards entered (and still deals)."""
    seats, host = phones()
    either = "Deal with the cards: each phone enters its own card. Or let the app deal"
    assert any(t.startswith(either) for t in texts(view.build(host)))
    assert any(t.endswith("Or the host lets the app deal: your word then shows here.")
               for t in texts(view.build(seats["Ann"])))
    tap_card(seats["Ann"], *DEAL["Ann"])
    shown = texts(view.build(host))
    assert not any(t.startswith(either) for t in shown)
    assert "Letting the app deal instead drops the cards entered so far." in " ".join(shown)
    tap(host, "Deal the cards")
    assert host.table["state"]["phase"] == "drawing" and host.table["state"]["entered"] == {}


def test_an_incomplete_physical_deal_is_refused_by_name():
    """A player who has not entered their card is named by the engine's refusal; nothing is sent."""
    ctx = fresh(kids=True)
    tap(ctx, "Ann's card")
    tap(ctx, "I am Ann: show")
    tap(ctx, "Number 3")
    tap(ctx, "Done: hide")
    tap(ctx, "Enter the physical deal")
    assert ctx.refused == ["pictomania.deal_player_missing"] and ctx.state["phase"] == "deal"


class PhoneContext(PlayContext):
    """A seated phone in table mode: it shows its seat's `player_view` of the table's state (`table["state"]`,
    shared by every phone; the public one for the table's seat, the host's screen) and acts as its seat on it."""

    def __init__(self, table, seat):
        self.table = table
        super().__init__(table["state"])
        self.seat, self.for_table = seat, False

    @property
    def state(self):
        return ENG.player_view(self.table["state"], None if self.seat == TABLE else self.seat)

    @state.setter
    def state(self, value):
        self.table["state"] = value

    def dispatch(self, action, at=None):
        try:
            self.table["state"] = ENG.apply(self.table["state"], action)
        except RuleError as err:
            self.refused.append(err.key)
            return False
        self.actions.append(action)
        return True


def phones(**options):
    """The four players' phones over one table in round 1, not dealt yet, and the host's table screen."""
    table = {"state": fresh(**options).state}
    host = PhoneContext(table, TABLE)
    host.for_table = True
    return {p: PhoneContext(table, p) for p in PLAYERS}, host


def tap_card(ctx, symbol, number, enter="Enter my card"):
    """On a seated phone: tap the symbol (None: none, the kids variant) and number, then enter the card."""
    if symbol is not None:
        tap(ctx, SHAPE_NAMES[symbol - 1])
    tap(ctx, f"Number {number}")
    tap(ctx, enter)


def chosen(ctx):
    """The filled (chosen) buttons of the phone's card."""
    return [name for name, b in buttons(view.build(ctx)).items() if isinstance(b, ft.FilledButton)
            and (name in SHAPE_NAMES or name.startswith("Number"))]


def test_each_phone_enters_its_own_card_and_the_last_starts_the_drawing():
    """In table mode each player taps the card they were dealt on their own phone and enters it (their
    `own_deal`, offered there): the phone shows it entered, the other phones and the host's screen only who has
    entered and who is still to; the last card starts the drawing and each phone shows its own word."""
    seats, host = phones()
    ann = seats["Ann"]
    assert "My card, as dealt" in texts(view.build(ann)) and "Enter the physical deal" not in buttons(view.build(ann))
    assert (ann.seat, "own_deal") in ann.offered and "Enter my card" not in buttons(view.build(host))
    tap_card(ann, *DEAL["Ann"])
    assert ann.actions == [{"type": "own_deal", "by": "Ann", "card": [1, 4]}]
    assert chosen(ann) == ["Circle", "Number 4"] and "Enter my card again" in buttons(view.build(ann))
    said = "Entered: Circle, number 4. You may change it and enter it again until the last player enters theirs."
    assert said in texts(view.build(ann))
    assert not any(said in texts(view.build(screen)) for screen in (seats["Ben"], host))
    waiting = "Cards entered on phones: Ann; still to enter: Ben, Cat and Dan"
    for screen in (ann, seats["Ben"], host):
        assert waiting in texts(view.build(screen)), screen.seat
    assert chosen(seats["Ben"]) == [] and ENG.player_view(host.table["state"], "Ben")["entered"] == {"Ann": None}
    for name in ("Ben", "Cat", "Dan"):
        tap_card(seats[name], *DEAL[name])
    assert host.table["state"]["phase"] == "drawing" and word_of(host.table["state"], "Dan") == {"symbol": 4,
                                                                                               "number": 7}
    assert "Number 7" in texts(view.build(seats["Dan"])) and "Number 4" not in texts(view.build(seats["Dan"]))


def test_a_phone_changes_its_card_and_a_clash_is_refused_by_the_rule_alone():
    """Ann enters a wrong number, then changes it: the later counts. Dan's card, the last, clashes with Cat's
    number: it is refused with the rule, naming nobody and no card; Cat corrects hers, Dan enters his again."""
    seats, host = phones()
    tap_card(seats["Ann"], 1, 5)
    tap_card(seats["Ann"], 1, 4, enter="Enter my card again")
    tap_card(seats["Ben"], *DEAL["Ben"])
    tap_card(seats["Cat"], 3, 7)
    tap_card(seats["Dan"], *DEAL["Dan"])
    assert seats["Dan"].refused == ["pictomania.own_deal_clash"] and host.table["state"]["phase"] == "deal"
    said = words.say("en", "pictomania.own_deal_clash")
    assert "each symbol and each number is dealt only once" in said
    assert not any(str(n) in said for n in range(10)) and not any(p in said for p in PLAYERS)
    tap_card(seats["Cat"], 3, 2, enter="Enter my card again")
    tap(seats["Dan"], "Enter my card")
    assert host.table["state"]["deal"] == {p: {"symbol": s, "number": n} for p, (s, n) in DEAL.items()}


def test_kids_own_card_is_a_number_only():
    """Kids variant: a phone's card is a number; no symbol to tap."""
    seats, host = phones(kids=True)
    assert not any(name in SHAPE_NAMES for name in buttons(view.build(seats["Ann"])))
    tap_card(seats["Ann"], None, 3)
    assert seats["Ann"].actions == [{"type": "own_deal", "by": "Ann", "card": 3}]
    assert any(t.startswith("Entered: number 3. ") for t in texts(view.build(seats["Ann"])))


def test_a_card_tapped_but_not_entered_again_is_not_said_entered():
    """Ann changes her number on the phone but does not enter it again: the phone still says what is entered (the
    buttons show her new choice, the line the card the table holds)."""
    seats, host = phones()
    tap_card(seats["Ann"], 1, 4)
    tap(seats["Ann"], "Number 5")
    shown = texts(view.build(seats["Ann"]))
    assert chosen(seats["Ann"]) == ["Circle", "Number 5"] and any(t.startswith("Entered: Circle, number 4.")
                                                                   for t in shown)


@pytest.mark.parametrize("lang, left, stopped, stop, stray", [
    ("zh-CN", "剩余加分板块：3、2", "Ben 停笔了（没拿加分板块）", "Cat：停笔", ("奖励", "停手")),
    ("en", "Bonus tiles left: 3, 2", "Ben stopped (no bonus tile)", "Cat: stop", ("reward", "Reward"))])
def test_the_race_speaks_of_bonus_tiles_and_of_stopping_to_draw(lang, left, stopped, stop, stray):
    """Play-test on four phones in Chinese: the race under "画完了：拿加分板块" spoke of generic rewards ("剩余奖励：3、3、2",
    "丽丽：已经没有奖励了") and of "停手" where the game, its log and its guess panel say "停笔". On the shared screen
    and on a seated phone the race now says bonus tiles and stopping to draw, in both languages."""
    ctx = dealt()
    ctx.lang = lang
    ctx.t = lambda key, **params: words.say_for(lang, "pictomania", key, **params)
    ctx.dispatch({"type": "stop", "by": "Ann", "take_tile": True})
    ctx.dispatch({"type": "stop", "by": "Ben", "take_tile": False})
    shown = [plain(t) for t in texts(view.build(ctx))] + list(named_buttons(view.build(ctx)))
    ctx.seat = "Cat"
    seated = [plain(t) for t in texts(view.build(ctx))] + list(named_buttons(view.build(ctx)))
    assert left in shown and left in seated
    assert any(stopped in line for line in seated), seated
    assert stop in seated
    assert not [line for line in shown + seated if any(word in line for word in stray)]


def plain(text: str) -> str:
    """A text as a person reads it: no-break spaces as spaces, no word joiners."""
    return text.replace("\u00a0", " ").replace("\u2060", "")


def test_a_late_tap_on_a_tile_or_stop_after_the_round_ended_is_answered_in_the_races_words():
    """Table mode, a phone per player: the referee revealed while Ben was still racing; Ben's taps on "claim" and
    "stop" reached the server after the next deal's screen had replaced them and were told "the screen changed…
    tap again" (the stop button had no answer of its own). The race's words say the race is over."""
    ctx = dealt()
    ctx.seat, ctx.for_table, ctx.errors = "Ben", False, []
    ctx.show_error = ctx.errors.append
    drawn = named_buttons(view.build(ctx))
    shared = PlayContext(ctx.state)
    shared.errors = []
    shared.show_error = shared.errors.append
    tiles = named_buttons(view.build(shared))
    answers = [lost_taps.own_answer(c.page, b._i) for c, b in ((ctx, drawn["Ben: claim 3"]), (ctx, drawn["Ben: stop"]),
                                                                (shared, tiles["Ann: stop"]))]
    assert None not in answers and not any(answer() for answer in answers)  # the race still runs: as any lost tap
    for c in (ctx, shared):
        c.state = ENG.apply(c.state, {"type": "reveal", "by": TABLE})
        view.build(c)
    assert all(answer() for answer in answers)
    said = [words.error("en", e) for e in ctx.errors + shared.errors]
    assert said == ["Too late: the race is over."] * 3
    assert words.error("zh-CN", ctx.errors[0]) == words.say("zh-CN", "app.race.late_over")


def test_revealing_during_the_race_says_who_has_not_stopped_takes_no_tile():
    """Play-test: the host's "Reveal now?" during the bonus race did not say that players who have not stopped take
    no tile (the engine's `reveal`). It names them, as the engine's prompt still offers them a stop, in either
    language; the reveal then records them with no tile."""
    ctx = dealt()
    tap(ctx, "Ann: claim 3")
    tap(ctx, "Ben: stop")
    tap(ctx, "Reveal the piles")
    said = ctx.page.dialogs[-1].content.value
    assert said == words.say("en", "pictomania.view.reveal_unstopped", names=["Cat", "Dan"])
    assert "Cat and Dan have not stopped yet and take no bonus tile" in said
    assert "Cat 和 Dan" in words.say("zh-CN", "pictomania.view.reveal_unstopped", names=["Cat", "Dan"])
    ctx.page.dialogs[-1].actions[1].on_click(None)
    entry = ctx.state["history"][-1]
    assert entry["tiles"]["Cat"] is None and entry["tiles"]["Dan"] is None and entry["stopped"] == ["Ann", "Ben"]


def test_a_refused_physical_deal_is_said_under_its_button_not_in_the_bar():
    """On a real context: the deal entered with Ben's, Cat's and Dan's cards missing is refused under "Enter the
    physical deal" (the bar at a phone's foot covered it), in words; Ann's card tapped stays entered."""
    from tests.test_views_components import said_under
    from tests.test_views_kingdomino import Table

    table = Table("pictomania", PLAYERS, {"rounds": 2, "kids": True}, seed=11)
    for name in ("Ann's card", "I am Ann: show", "Number 3", "Done: hide", "Enter the physical deal"):
        press(named_buttons(table.view(view))[name])
    assert table.errors == [] and table.state["phase"] == "deal"
    body = table.view(view)
    (reason, *_) = said_under(body, named_buttons(body)["Enter the physical deal"])
    assert reason == words.error("en", RuleError("pictomania.deal_player_missing", name="Ben"))
    assert table.local["physical"]["cards"]["Ann"][1] == 3
