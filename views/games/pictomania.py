"""Pictomania view: the deal, each player's private word, simultaneous guesses, the bonus-tile race, the table's
rulings (wrong word, reveal) and the reveal screen of the last scored round.

Phases follow the engine (`scoring/games/pictomania.py`):
- `deal`: the previous round's reveal (from `state["history"]`) above a "deal" button (a seeded reveal action;
  undoing it needs the table's consent, which the frame asks for), and the entry of a deal made with the
  physical cards: each player in turn takes the phone (the private cover), taps their symbol and number, hides
  them; "Enter the physical deal" sends `set_deal` (the engine refuses a missing or shared card). A phone seated
  in table mode instead taps its own card and enters it (`own_deal`): only that phone shows it, and it may enter
  it again until the last card completes the deal; once a card is entered every screen says who has entered
  theirs and who is still to (never the cards).
- `drawing`: "my word" (tap your name, pass the phone, look, hide — the private cover component), the guess
  panel (a player switcher, then 1–7 per opponent, the numbers the engine's prompt does not offer — guess cards
  already on a pile — greyed out; a placed guess is locked and its number never shown; it is the guesser's
  `guess` move on the screen, `ctx.offer`), the
  piles in the order guesses came in (guessers only), the race for the bonus tiles (`views.components.tile_race`:
  a row of claim tiles, each over its stop button, pinned), and the table's "wrong word" and "reveal" buttons
  (revealing before everyone stopped asks first, naming who has not stopped and so takes no tile: `reveal_question`).
- `reveal`: the race is over; only the table's rulings and "reveal" remain.
- `over`: the frame shows the end screen with the chart; `final` adds the last round's reveal under it.
- The reveal's score table, on a screen from WIDE px on, is a row per player in columns sharing the card's width
  (`SCORE_COLUMNS`), a text column set apart from a number column before it (`SCORE_APART`); narrower (a phone)
  it is one block per player, "Seb：得星 +2 · 剩星 −1 · 加分板块 −3（害群之马） · 本轮 −2", as `compare_table` shows
  its blocks (at a 390 px phone's 2x text a column was narrower than its two-character heading: 得星, 剩星 and 本轮
  broke one character a line, 加分板块 wrapped); in a list of names with counts
  ("Pia 0, Quin 1") a name and its count stay on one line.
- The framed blocks (`section`) and the cards in them (a word, the card picker) take the column's width, so
  their right edges line up whatever their content.

On a phone seated in table mode (`ctx.seat`) there is no phone to pass: "my word" shows the seat's own word
at once, the guess panel guesses as the seat (no switcher), the seat enters its own dealt card, and the whole
physical deal (which one phone collects card by card) is left to the shared screen, the session screen: the host's
table screen and the referee's phone say so and collect no card (`deal_screen`'s ruling); the referee's phone
shows neither word nor guesses, nor does the host's. One move is offered once on a screen: the guess panel (a row
of 1–7 per drawer, used cards greyed, big enough for a thumb on a phone) offers the seat's guesses, so the phone's
moves panel does not list them again as one long button per drawer and number; the seat's card offers its
`own_deal`. The table's moves — "deal", "wrong word", "reveal" — show only on a screen that acts for the table
(`ctx.for_table`: the shared screen, the referee's phone, the host's table screen), which offers them
(`ctx.offer`: a table-mode screen's moves panel does not offer them again); a player's own phone would only be
refused them.

The view computes nothing: right/wrong, tokens, the black sheep and scores come from the round's stored result.
Scratch in `ctx.local`: who is guessing (`guesser`), whose word is uncovered (`word`), the physical deal
being entered (`physical`), a seated phone's own card being tapped (`own_card`) and the round and phase the screen
last drew (`_phase`: a new phase turns the page, `new_phase`) — never rules.
"""

from __future__ import annotations

import math
from typing import Any

import flet as ft

from scoring.core import TABLE
from scoring.games.pictomania import NUMBERS, SYMBOLS, word_of
from scoring.mechanics import race as race_mech
from views import words
from views.components.private import COVER, cover, opened
from views.components.race import claim_at, note_race
from views.components.refusal import said
from views.components.seats import WIDE, compare_blocks, compare_said
from views.components.tile_race import tile_race
from views.context import GameContext
from views.ui import aside, choice_row

NUMBER_WIDTH, NUMBER_HEIGHT = 42, 48
# The round's score table: (column, share of the card's width, numeric). Shares, not a DataTable: its columns take
# the width Flutter's web build measures for a text, too narrow for Chinese (headers ran into each other, a tile
# cell broke onto three lines and was cut); shares use the card's width, and a cell that still does not fit wraps
# and makes its line taller instead of being cut. A text column after a number column starts SCORE_APART further
# right, so a number flush right does not run into the text beside it ("-6 0 (unguessed)" read as one cell).
SCORE_COLUMNS = (("player", 3, False), ("received", 2, True), ("lost", 2, True), ("tile", 6, False),
                 ("total", 2, True))
SCORE_SPACING = 8
SCORE_APART = 16
# The six symbols as shapes (icon, turned by a quarter turns so a play arrow stands as a triangle). The rule texts
# here do not name the stickers' shapes; this is our set, one shape per symbol card, named in words beside it.
SHAPES = {1: (ft.Icons.CIRCLE, 0), 2: (ft.Icons.PLAY_ARROW, -1), 3: (ft.Icons.SQUARE, 0), 4: (ft.Icons.STAR, 0),
          5: (ft.Icons.FAVORITE, 0), 6: (ft.Icons.DARK_MODE, 0)}


def shape_icon(symbol: int, size: float, color: Any = None) -> ft.Icon:
    """A symbol card's shape, size px at the usual text size, growing with the phone's text as its name beside it."""
    icon, quarter = SHAPES[symbol]
    return ft.Icon(icon, size=size, color=color, apply_text_scaling=True,
                   rotate=ft.Rotate(angle=quarter * math.pi / 2) if quarter else None)


def shape_name(ctx: GameContext, symbol: int) -> str:
    """A symbol card's shape in words ("Star")."""
    return ctx.t(f"pictomania.view.shape.{symbol}")


def build(ctx: GameContext) -> ft.Control:
    """The screen of the current phase."""
    state = ctx.state
    new_phase(ctx)
    if state["phase"] == "deal":
        note_race(ctx, None)  # the round's race is over: a late tap on its tiles is told so
        return deal_screen(ctx)
    return ft.Column(spacing=16, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, controls=[
        ft.Text(ctx.t("pictomania.view.deck", round=state["round"], deck=state["deck"]), size=16),
        my_word(ctx),
        *([guess_panel(ctx)] if state["phase"] == "drawing" else []),
        piles(ctx),
        tile_race(ctx, state["race"],
                  on_claim=lambda p: ctx.dispatch_soon(stop_action(p, True), at=claim_at(state["race"], p)),
                  on_stop=lambda p: ctx.dispatch(stop_action(p, False), at=claim_at(state["race"], p)),
                  title=ctx.t("pictomania.view.race_title"),
                  claim_text=lambda reward: ctx.t("pictomania.view.claim_tile", reward=reward),
                  stop_text=ctx.t("pictomania.view.stop_tile"), moves=("stop",)),
        *([table_panel(ctx)] if ctx.for_table else []),
    ])


def new_phase(ctx: GameContext) -> None:
    """Turn the page (`GameContext.turn_page`) when the round's phase has changed since this screen last drew it.
    RULING (a new phase shows the screen's top): the race ending, the reveal, the next deal and the drawing it opens
    each change what the table waits for, which the screen's top says (a phone's status line); a screen opened in
    a phase keeps its scroll within it. Play-test: a phone scrolled part-way down stayed there when the last bonus
    tile was taken, the race's result at its very foot (`views.table.leads` keeps a phone's scroll on a new phase
    with nothing for it to do, and the race's end has nothing for a player's phone)."""
    now = [ctx.state["round"], ctx.state["phase"]]
    seen = ctx.local.get("_phase")
    ctx.local["_phase"] = now
    if seen is not None and seen != now:
        ctx.turn_page()


def final(ctx: GameContext) -> ft.Control:
    """Under the end screen: the reveal of the last round (its race is over: a late tap on its tiles is told so)."""
    note_race(ctx, None)
    return reveal_panel(ctx, ctx.state["history"][-1])


def heading(text: str) -> ft.Text:
    """A section heading."""
    return ft.Text(text, size=20, weight=ft.FontWeight.BOLD)


def section(*controls: ft.Control) -> ft.Container:
    """A framed block of the screen."""
    return ft.Container(padding=12, border_radius=12, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                        content=ft.Column(controls=list(controls), spacing=10))


# --- deal -----------------------------------------------------------------------------------------------------


def deal_screen(ctx: GameContext) -> ft.Control:
    """The previous round's reveal (if any) and the button that deals the next round.

    Ruling (this view's): the reveal leads and the deal follows it, though the table waits for the deal (the
    next-step line above says so): the reveal is what everyone reads the moment the piles are turned over, and a
    deal tapped at once above it would take it off the screen (the next topic leads in Guess Club, whose
    settlement pushed a field being typed in under a phone's fold; here nothing is typed).
    RULING (no pass-the-phone entry in table mode): a screen seated as the table (the host's table screen, which
    everyone watches, and the referee's phone) offers no physical deal collected card by card behind a cover: each
    player enters their own card on their own phone (`own_deal`), and on the public screen a card tapped there was
    shown to the table and could be opened again by anyone ("Ann's card", "I am Ann: show"), and was kept in the
    table seat's stored draft. A table with a player without a phone enters the whole deal where one phone is
    passed round by design, the session screen (its physical deal, `set_deal`, wins over the cards entered so
    far); the table's screen says so in a line and offers `set_deal` to no form of its own (its moves panel
    showed it as two raw fields, "deal" and "deck").
    RULING (two ways to deal, said on every screen): the session has no deal option, so in table mode both ways
    stay open until the deal is complete, and each screen names the other: the table's screen "Deal with the
    cards: each phone enters its own card. Or let the app deal", each phone "Or the host lets the app deal". Once a
    first card is entered the table has taken the cards (the cards still to enter lead the prompt), and the
    table's screen says that the app's deal now drops the cards entered (the engine's: the table's deal wins).
    Play-test: the host's laptop offered only the app's deal and every phone only its own card, nothing telling the
    table which to use."""
    state = ctx.state
    ctx.local.pop("word", None)
    controls: list[ft.Control] = []
    if state["history"]:
        controls.append(reveal_panel(ctx, state["history"][-1]))
    if state["entered"]:
        controls.append(cards_waiting(ctx))
    if ctx.seat in ctx.players:
        ctx.offer(ctx.seat, "own_deal")
        controls.append(own_card(ctx))
    if ctx.for_table:
        ctx.offer(TABLE, "deal")
        controls.append(section(
            heading(ctx.t("pictomania.view.deal_title", round=state["round"])),
            ft.Text(ctx.t(deal_hint(ctx))),
            ft.FilledButton(content=ctx.t("pictomania.view.deal"), icon=ft.Icons.STYLE, key=ft.ScrollKey("deal"),
                            on_click=lambda e: ctx.dispatch({"type": "deal", "by": "table"}, at="deal")),
            *said(ctx, "deal"),
        ))
    if ctx.seat is None:
        ctx.offer(TABLE, "set_deal")
        controls.append(physical_deal(ctx))
    elif ctx.seat == TABLE:
        ctx.offer(TABLE, "set_deal")
        controls.append(aside(ctx.lang, ctx.t("pictomania.view.physical_elsewhere")))
    return ft.Column(controls=controls, spacing=16, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def deal_hint(ctx: GameContext) -> str:
    """The key of the line above the app's deal: on a screen seated as the table, with the other way (each phone
    enters its own card), or, once a card is entered, what the app's deal drops; elsewhere the app's deal alone."""
    if ctx.seat != TABLE:
        return "pictomania.view.deal_hint"
    return "pictomania.view.deal_instead" if ctx.state["entered"] else "pictomania.view.deal_either"


def physical_work(ctx: GameContext) -> dict:
    """The physical deal being entered this round: each player's [symbol, number] and whose card is open."""
    work: dict = ctx.local.setdefault("physical", {})
    if work.get("round") != ctx.state["round"]:
        work.clear()
        work.update(round=ctx.state["round"], cards={}, player=None, phase=COVER)
    return work


def physical_deal(ctx: GameContext) -> ft.Control:
    """Each player enters their own dealt card behind the cover; then the table enters the whole deal."""
    work = physical_work(ctx)
    kids = ctx.state["options"]["kids"]

    def open_card(player: str) -> None:
        """Pass the phone to this player (covered first)."""
        work.update(player=player, phase=COVER)
        ctx.turn_page()
        ctx.refresh()

    def send() -> None:
        """Enter the deal as the players tapped it (the engine refuses a missing or shared card)."""
        cards = {p: (c[1] if kids else c) for p, c in work["cards"].items()
                 if c[1] is not None and (kids or c[0] is not None)}
        if ctx.dispatch({"type": "set_deal", "by": "table", "deal": cards}, at="set-deal"):
            work["cards"].clear()

    done = [p for p in ctx.players if p in work["cards"]]
    names = ft.Row(wrap=True, controls=[
        (ft.FilledButton if p in done else ft.OutlinedButton)(
            content=ctx.t("pictomania.view.card_of", name=p), icon=ft.Icons.CHECK if p in done else ft.Icons.EDIT,
            on_click=lambda e, p=p: open_card(p))
        for p in ctx.players])
    controls: list[ft.Control] = [heading(ctx.t("pictomania.view.physical_title")),
                                  ft.Text(words.no_orphan(ctx.t("pictomania.view.physical_hint"))), names]
    player = work["player"]
    if player and opened(ctx, work, player):
        controls.append(card_picker(ctx, work, player, kids))
    elif player:
        controls.append(cover(ctx, work, player))
    controls += [ft.OutlinedButton(content=ctx.t("pictomania.view.enter_deal"), icon=ft.Icons.CHECK,
                                   key=ft.ScrollKey("set-deal"), on_click=lambda e: send()),
                 *said(ctx, "set-deal")]
    return section(*controls)


def cards_waiting(ctx: GameContext) -> ft.Control:
    """Who has entered their own card on their phone and who is still to (never the cards)."""
    entered = ctx.state["entered"]
    return aside(ctx.lang, ctx.t("pictomania.view.own_waiting", given=[p for p in ctx.players if p in entered],
                                 missing=[p for p in ctx.players if p not in entered]))


def own_card(ctx: GameContext) -> ft.Control:
    """A seated phone's own dealt card: its symbol and number as buttons (those entered, once entered) and the
    button that enters it (`own_deal`), again after a change until the last card completes the deal."""
    seat, kids = ctx.seat, ctx.state["options"]["kids"]
    entered = ctx.state["entered"].get(seat)
    draft: dict = ctx.local.setdefault("own_card", {})
    if draft.get("round") != ctx.state["round"]:
        draft.update(round=ctx.state["round"], card=[entered["symbol"], entered["number"]] if entered else
                     [None, None])
    card = draft["card"]

    def send() -> None:
        """Enter the card as tapped (the engine refuses a missing symbol or number)."""
        ctx.dispatch({"type": "own_deal", "by": seat, "card": card[1] if kids else list(card)}, at="own-deal")

    controls: list[ft.Control] = [heading(ctx.t("pictomania.view.own_title")),
                                  ft.Text(ctx.t("pictomania.view.own_hint")), *card_rows(ctx, card, kids)]
    if entered:
        controls.append(aside(ctx.lang, entered_words(ctx, entered)))
    controls.append(ft.FilledButton(content=ctx.t("pictomania.view.own_again" if entered else
                                                  "pictomania.view.own_enter"),
                                    icon=ft.Icons.CHECK, key=ft.ScrollKey("own-deal"), on_click=lambda e: send()))
    return section(*controls, *said(ctx, "own-deal"))


def entered_words(ctx: GameContext, card: dict) -> str:
    """The card the seat entered, in words, and that it may change it ("Entered: Star, number 6. …")."""
    if card["symbol"] is None:
        return ctx.t("pictomania.view.own_entered_kids", number=card["number"])
    return ctx.t("pictomania.view.own_entered", symbol=shape_name(ctx, card["symbol"]), number=card["number"])


def card_rows(ctx: GameContext, card: list, kids: bool) -> list[ft.Control]:
    """A card's symbol (1–6, not in the kids variant) and number (1–7) as buttons, the chosen ones filled; a tap
    changes `card` ([symbol, number])."""

    def pick(slot: int, value: int) -> None:
        """Remember the tapped symbol or number."""
        card[slot] = value
        ctx.refresh()

    def row(slot: int, top: int) -> ft.Control:
        """Buttons 1..top (symbols as their shapes); the chosen one filled."""
        options = [(n, shape_name(ctx, n), shape_icon(n, 22)) if slot == 0
                   else (n, ctx.t("pictomania.view.number", number=n)) for n in range(1, top + 1)]
        return choice_row(options, card[slot], lambda n: pick(slot, n))

    return [row(1, NUMBERS)] if kids else [row(0, SYMBOLS), row(1, NUMBERS)]


def card_picker(ctx: GameContext, work: dict, player: str, kids: bool) -> ft.Control:
    """The player's symbol (1–6, not in the kids variant) and number (1–7) as buttons; "done" covers them."""
    card = work["cards"].setdefault(player, [None, None])

    def hide() -> None:
        """Cover the card before the phone is handed on."""
        work.update(player=None, phase=COVER)
        ctx.turn_page()
        ctx.refresh()

    controls: list[ft.Control] = [
        ft.Text(ctx.t("pictomania.view.word_for", name=player), size=18, weight=ft.FontWeight.BOLD),
        *card_rows(ctx, card, kids),
        ft.FilledButton(content=ctx.t("pictomania.view.hide"), icon=ft.Icons.VISIBILITY_OFF, on_click=lambda e: hide())]
    return ft.Container(padding=16, bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=12,
                        alignment=ft.Alignment.TOP_LEFT, content=ft.Column(controls=controls, spacing=8))


# --- my word (private) ----------------------------------------------------------------------------------------


def my_word(ctx: GameContext) -> ft.Control:
    """A button per player; the chosen one gets the pass-the-phone cover, then their symbol and number. A seated
    phone shows its own seat's word at once (and nothing on the referee's phone)."""
    if ctx.seat is not None:
        if ctx.seat not in ctx.players:
            return ft.Column()
        return section(heading(ctx.t("pictomania.view.my_word_title")), word_card(ctx, {}, ctx.seat))
    slot: dict = ctx.local.setdefault("word", {})
    if slot.get("round") != ctx.state["round"]:
        slot.clear()
        slot["round"] = ctx.state["round"]

    def choose(player: str) -> None:
        """Cover the screen for this player."""
        slot.update(player=player, phase="cover")
        ctx.refresh()

    names = ft.Row(wrap=True, controls=[
        ft.OutlinedButton(content=ctx.t("pictomania.view.word_button", name=p), icon=ft.Icons.VISIBILITY,
                          on_click=lambda e, p=p: choose(p))
        for p in ctx.players])
    controls: list[ft.Control] = [heading(ctx.t("pictomania.view.my_word_title")),
                                  ft.Text(ctx.t("pictomania.view.my_word_hint")), names]
    player = slot.get("player")
    if player and opened(ctx, slot, player):
        controls.append(word_card(ctx, slot, player))
    elif player:
        controls.append(cover(ctx, slot, player))
    return section(*controls)


def word_card(ctx: GameContext, slot: dict, player: str) -> ft.Control:
    """The player's symbol and number, big, with the button that hides them again."""
    word = word_of(ctx.state, player) or {}

    def hide() -> None:
        """Cover the word before the phone is handed on."""
        slot.pop("player", None)
        slot.pop("phase", None)
        ctx.refresh()

    lines = [ft.Text(ctx.t("pictomania.view.word_for", name=player), size=18, weight=ft.FontWeight.BOLD)]
    if word.get("symbol") is not None:
        lines.append(ft.Row(tight=True, wrap=True, alignment=ft.MainAxisAlignment.CENTER, controls=[
            shape_icon(word["symbol"], 56, ft.Colors.ON_TERTIARY_CONTAINER),
            ft.Text(shape_name(ctx, word["symbol"]), size=32, weight=ft.FontWeight.BOLD)]))
    lines.append(ft.Text(ctx.t("pictomania.view.number", number=word.get("number")), size=32,
                         weight=ft.FontWeight.BOLD))
    if ctx.seat is None:
        lines.append(ft.FilledButton(content=ctx.t("pictomania.view.hide"), icon=ft.Icons.VISIBILITY_OFF,
                                     on_click=lambda e: hide()))
    return ft.Container(padding=24, bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=12,
                        alignment=ft.Alignment.TOP_CENTER, content=ft.Column(
                            horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=lines))


# --- guesses --------------------------------------------------------------------------------------------------


def guess_panel(ctx: GameContext) -> ft.Control:
    """Pick who is guessing, then a number for an opponent's drawing; placed guesses are locked and hidden. A
    seated phone guesses as its own seat only (no switcher; nothing on the referee's phone). The panel is the
    guesser's `guess` move on this screen (`ctx.offer`)."""
    players = ctx.players
    if ctx.seat is not None and ctx.seat not in players:
        return ft.Column()
    guesser = ctx.seat or ctx.local.get("guesser")
    if guesser not in players:
        guesser = ctx.local["guesser"] = players[0]

    def pick(player: str) -> None:
        """Switch the guess panel to this player."""
        if player != ctx.local.get("guesser"):
            ctx.local["guesser"] = player
            ctx.refresh()

    switcher = choice_row([(p, ft.Text(p, semantics_label=ctx.t("pictomania.view.guesser_is", name=p)))
                           for p in players], guesser, pick)
    choose = [ft.Text(ctx.t("pictomania.view.guesser")), switcher] if ctx.seat is None else []
    controls: list[ft.Control] = [heading(ctx.t("pictomania.view.guess_title")), *choose,
                                  ft.Text(ctx.t("pictomania.view.guesses_of", name=guesser), size=18,
                                          weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)]
    if race_mech.is_locked(ctx.state["race"], guesser):
        controls.append(aside(ctx.lang, ctx.t("pictomania.view.guesser_stopped", name=guesser)))
    else:
        ctx.offer(guesser, "guess")
        open_guesses = [c for e in ctx.engine.prompt(ctx.state) if e["type"] == "guess" and e["by"] == guesser
                        for c in e["choices"]]
        controls += [guess_row(ctx, guesser, target, {c["number"] for c in open_guesses if c["target"] == target})
                     for target in players if target != guesser]
    return section(*controls)


def guess_row(ctx: GameContext, guesser: str, target: str, allowed: set[int]) -> ft.Control:
    """One opponent: buttons 1–7 (the `allowed` ones enabled: a used guess card is greyed), or the lock of a
    placed guess, or the closed pile of a wrong word."""
    pile = ctx.state["guesses"][target]
    placed = [i for i, (g, _) in enumerate(pile) if g == guesser]
    at = f"guess-{guesser}-{target}"  # a refused guess is said under the row of numbers on that opponent
    if target in ctx.state["wrong_word"]:
        return ft.Row(controls=[ft.Icon(ft.Icons.BLOCK, apply_text_scaling=True),
                                ft.Text(ctx.t("pictomania.view.pile_closed", target=target), expand=True)])
    if placed:
        return ft.Row(controls=[ft.Icon(ft.Icons.LOCK, apply_text_scaling=True),
                                ft.Text(ctx.t("pictomania.view.placed", target=target, place=placed[0] + 1),
                                        expand=True)])
    numbers = [
        ft.Button(content=ft.Text(str(n), size=18, semantics_label=ctx.t("pictomania.view.guess_number",
                                                                         number=n, target=target)),
                  width=NUMBER_WIDTH, height=NUMBER_HEIGHT, style=ft.ButtonStyle(padding=0), disabled=n not in allowed,
                  on_click=lambda e, n=n: ctx.dispatch({"type": "guess", "by": guesser, "target": target,
                                                        "number": n}, at=at))
        for n in range(1, NUMBERS + 1)]
    return ft.Column(spacing=4, controls=[
        ft.Text(ctx.t("pictomania.view.guess_on", target=target), size=16, weight=ft.FontWeight.W_600),
        ft.Row(controls=numbers, wrap=True, spacing=4, run_spacing=4, key=ft.ScrollKey(at)),
        *said(ctx, at),
    ])


def piles(ctx: GameContext) -> ft.Control:
    """Every puzzle pile with its guessers in order (the numbers stay face down until the reveal), named as the
    game's own rules name it: a player's symbol and number cards face down, the guess cards face down on them."""
    rows: list[ft.Control] = [heading(ctx.t("pictomania.view.piles_title")),
                              ft.Text(ctx.t("pictomania.view.piles_hint"), size=14)]
    for drawer in ctx.players:
        pile = ctx.state["guesses"][drawer]
        if drawer in ctx.state["wrong_word"]:
            text = ctx.t("pictomania.view.pile_returned", drawer=drawer)
        elif pile:
            text = ctx.t("pictomania.view.pile", drawer=drawer, guessers=[g for g, _ in pile])
        else:
            text = ctx.t("pictomania.view.pile_empty", drawer=drawer)
        rows.append(ft.Text(text, size=16))
    return section(*rows)


def stop_action(player: str, take_tile: bool) -> dict:
    """The player finishes, taking the highest bonus tile or none."""
    return {"type": "stop", "by": player, "take_tile": take_tile}



# --- table rulings --------------------------------------------------------------------------------------------


def table_panel(ctx: GameContext) -> ft.Control:
    """Wrong-word rulings per drawer and the reveal button."""
    ruled = ctx.state["wrong_word"]
    ctx.offer(TABLE, "wrong_word")
    ctx.offer(TABLE, "reveal")
    wrong = [ft.OutlinedButton(content=ctx.t("pictomania.view.wrong_word", drawer=p), icon=ft.Icons.GAVEL,
                               on_click=lambda e, p=p: ctx.dispatch({"type": "wrong_word", "by": "table",
                                                                     "drawer": p}, at="wrong-word"))
             for p in ctx.players if p not in ruled]
    return section(
        heading(ctx.t("pictomania.view.table_title")),
        ft.Text(ctx.t("pictomania.view.wrong_word_hint")),
        ft.Row(controls=wrong, wrap=True, key=ft.ScrollKey("wrong-word")),
        *said(ctx, "wrong-word"),
        ft.FilledButton(content=ctx.t("pictomania.view.reveal"), icon=ft.Icons.FLIP, key=ft.ScrollKey("reveal"),
                        on_click=lambda e: ask_reveal(ctx)),
        *said(ctx, "reveal"),
    )


def ask_reveal(ctx: GameContext) -> None:
    """Reveal; while the race still runs, ask the table first. Escape, or a tap beside the question, is its Cancel
    (as every question's, `views.app.App.confirm`: modal, it held the screen until Cancel was tabbed to)."""
    if ctx.state["phase"] == "reveal":
        reveal(ctx)
        return

    def answer(yes: bool) -> None:
        """Close the question; reveal if the table agreed."""
        ctx.page.pop_dialog()
        if yes:
            reveal(ctx)

    ctx.page.show_dialog(ft.AlertDialog(
        modal=False,
        title=ft.Text(ctx.t("pictomania.view.reveal_early_title")),
        content=ft.Text(reveal_question(ctx)),
        actions=[ft.TextButton(content=ctx.t("pictomania.view.cancel"), on_click=lambda e: answer(False)),
                 ft.FilledButton(content=ctx.t("pictomania.view.reveal_now"), on_click=lambda e: answer(True))],
    ))


def reveal_question(ctx: GameContext) -> str:
    """The question before a reveal during the race: who has not stopped (the players the engine's prompt still
    offers a stop) takes no tile and is recorded as not stopped (the engine's `reveal`); the plain question when
    the prompt names no one."""
    open_stops = {e["by"] for e in ctx.engine.prompt(ctx.state) if e["type"] == "stop"}
    names = [p for p in ctx.players if p in open_stops]
    if not names:
        return ctx.t("pictomania.view.reveal_early")
    return ctx.t("pictomania.view.reveal_unstopped", names=names)


def reveal(ctx: GameContext) -> None:
    """Turn the piles over and score the round."""
    ctx.dispatch({"type": "reveal", "by": "table"}, at="reveal")


# --- the reveal screen ----------------------------------------------------------------------------------------


def reveal_panel(ctx: GameContext, entry: dict) -> ft.Control:
    """A scored round: pile by pile, the middle and the black sheep, and the round's score table."""
    result = entry["result"]
    controls: list[ft.Control] = [heading(ctx.t("pictomania.view.reveal_title", round=entry["round"],
                                                deck=entry["deck"]))]
    for drawer in ctx.players:
        controls.append(pile_result(ctx, entry, drawer))
    middle = [words.unbroken(f"{p} {n}") for p, n in result["middle"].items()]
    controls.append(ft.Text(ctx.t("pictomania.view.middle", middle=middle), size=16))
    sheep = result["black_sheep"]
    controls.append(ft.Text(ctx.t("pictomania.view.black_sheep", name=sheep, count=result["middle"][sheep])
                            if sheep else ctx.t("pictomania.view.no_black_sheep"),
                            size=18, weight=ft.FontWeight.BOLD))
    controls.append(round_table(ctx, result))
    return section(*controls)


def pile_result(ctx: GameContext, entry: dict, drawer: str) -> ft.Control:
    """One drawer's word, the guesses on the pile in order with right/wrong and tokens, and what they kept."""
    result = entry["result"]
    word = entry["deal"][drawer]
    if word.get("symbol") is None:
        title = ctx.t("pictomania.view.drew_kids", drawer=drawer, number=word["number"])
        lines: list[ft.Control] = [ft.Text(title, size=16, weight=ft.FontWeight.BOLD)]
    else:
        title = ctx.t("pictomania.view.drew", drawer=drawer, symbol=shape_name(ctx, word["symbol"]),
                      number=word["number"])
        lines = [ft.Row(controls=[shape_icon(word["symbol"], 24),
                                  ft.Text(title, size=16, weight=ft.FontWeight.BOLD, expand=True)])]
    if drawer in entry["wrong_word"]:
        back = [g for g, _ in entry["returned"].get(drawer, [])]
        lines.append(ft.Text(ctx.t("pictomania.view.returned", guessers=back) if back
                             else ctx.t("pictomania.view.returned_none")))
    for place, (guesser, number) in enumerate(entry["guesses"][drawer], start=1):
        stars = dict(result["received"][guesser]).get(drawer)
        if stars is None:
            mark = ft.Icon(ft.Icons.CLOSE, color=ft.Colors.ERROR, apply_text_scaling=True)
            said = ctx.t("pictomania.view.guess_wrong", place=place, guesser=guesser, number=number)
        else:
            mark = ft.Icon(ft.Icons.CHECK, color=ft.Colors.GREEN, apply_text_scaling=True)
            said = ctx.t("pictomania.view.guess_right", place=place, guesser=guesser, number=number, stars=stars)
        lines.append(ft.Row(controls=[mark, ft.Text(said, expand=True)]))
    if not entry["guesses"][drawer] and drawer not in entry["wrong_word"]:
        lines.append(aside(ctx.lang, ctx.t("pictomania.view.no_guesses")))
    kept = result["kept"][drawer]
    said = "pictomania.view.kept_wrong_word" if drawer in entry["wrong_word"] else "pictomania.view.kept"
    lines.append(ft.Text(ctx.t(said, drawer=drawer, tokens=kept, stars=sum(kept)) if kept
                         else ctx.t("pictomania.view.kept_none", drawer=drawer)))
    return ft.Container(padding=ft.Padding.only(left=8, top=4, bottom=4),
                        content=ft.Column(controls=lines, spacing=2))


def round_table(ctx: GameContext, result: dict) -> ft.Control:
    """Per player: stars won, own stars left, the bonus tile, the round's score; a line each in columns from WIDE
    px on, a block each on a phone (Flet shows the one whose breakpoint the width reaches)."""
    headers = [ctx.t(f"pictomania.view.col.{c}") for c, _, _ in SCORE_COLUMNS]
    cells = [score_cells(ctx, p, result["scores"][p]) for p in ctx.players]
    lines: list[ft.Control] = [score_line(headers, ft.FontWeight.BOLD)]
    for row in cells:
        lines += [ft.Divider(height=1), score_line(row)]
    said = [compare_said(ctx.t, headers, row) for row in cells]
    return ft.Column(spacing=8, controls=[
        ft.Text(ctx.t("pictomania.view.round_scores"), size=18, weight=ft.FontWeight.BOLD),
        ft.ResponsiveRow(spacing=0, run_spacing=0, breakpoints={"narrow": 0, "wide": WIDE}, controls=[
            ft.Column(col={"narrow": 0, "wide": 12}, spacing=8, controls=lines),
            ft.Column(col={"narrow": 12, "wide": 0}, spacing=8,
                      controls=compare_blocks(ctx.t, headers, cells, set(), said))])])


def score_cells(ctx: GameContext, player: str, score: dict) -> list[str]:
    """A player's line of the round's score table: name, stars won, own stars left, the bonus tile, the total."""
    tile = ctx.t(f"pictomania.view.tile.{score['tile_reason']}", tile=score["tile"], points=score["tile_points"])
    return [player, *(str(words.signed(v)) for v in (score["received"], -score["lost"])), tile,
            str(words.signed(score["total"]))]


def score_line(cells: list[str], weight: ft.FontWeight | None = None) -> ft.Row:
    """One line of the score table: each cell its column's share of the width, numbers to the right, a text
    column set apart from a number column before it."""
    after_number = [False] + [numeric for _, _, numeric in SCORE_COLUMNS[:-1]]
    return ft.Row(spacing=SCORE_SPACING, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
        ft.Container(expand=share, padding=ft.Padding.only(left=SCORE_APART if apart and not numeric else 0),
                     content=ft.Text(text, weight=weight,
                                     text_align=ft.TextAlign.RIGHT if numeric else ft.TextAlign.START))
        for text, (_, share, numeric), apart in zip(cells, SCORE_COLUMNS, after_number)])
