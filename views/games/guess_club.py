"""Guess Club view: the table (chips and loans, pot, bonus board, match counter, prediction board; whose turn is the
frame's status line), the round's steps (topic, hidden answers, play or predict, the setter's ruling, the check of
unplayed cards), the transfers of the last action in words, and the settlement of the round just ended.

Hidden answers are typed behind the private-entry component; the active player's hand, and a card another player adds to
a match, show only behind its cover ("pass the phone"); on a phone seated in table mode (`ctx.seat`) the seat's own
answers and hand are open at once and another seat's are never shown, not even covered. The topic may be typed or drawn
from `assets/guess_club/topics.json` in the session's language with the view's own random (the chosen text is sent in
the `topic` action, so replay stays deterministic). Aliases the setter confirms come back from the engine as
`alias_learned` events, which the session layer stores (this view writes nothing while drawing); when the setter sets a
topic the engine would accept, stored aliases the session does not know yet are brought in first with the engine's
`aliases` action, made by the setter (so earlier sessions' rulings count, replay stays exact, and a setter's own phone
in table mode may send it; a refused topic left them in the log). Which numbers can still take a marker comes from the
engine's prompt. While hands are written, the setter rules on two answers a player asks about (`hand_ruling`: the same,
or different although they look alike).

A screen shows a control only for a move it makes (`views.components.offers`: a player's where it acts as that
player) and offers it to the context (`ctx.offer`), so a seated phone's moves panel never offers it again: the
topic, the ruling on a card read out (with its ticks) and the settlement only on the setter's phone (the others say
the setter does it on their own phone); the ruling on two answers of a hand only on the setter's phone (the others
do not wait for it: nothing of it shows there); the answers on each player's own
phone; "I have that answer too" (`show`, a card the matcher missed) on each player's own phone but the reader's —
on the shared screen behind the cover, as "A has a match too" — so the setter's phone lists it among the
proposals; the cards to read out and the numbers to predict on the turn player's (the other phones show the
prediction board greyed). The shared screen, which acts as everyone, shows them all.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Callable

import flet as ft

from scoring.core import RuleError
from scoring.games.guess_club import INVALID, MISS, PREDICT, SHOWN, open_numbers
from scoring.mechanics import ledger
from validators.answers import SAME, explain
from views import words
from views.components.offers import offer_here
from views.components.private import COVER, awaited, cover, done_label, elsewhere, opened, private_entry
from views.components.refusal import said as said_here  # the module names its own lines `said`
from views.context import GameContext
from views.ui import aside, draft_field, field_sheet, keyed, labelled, tint

TOPICS = Path(__file__).resolve().parents[2] / "assets" / "guess_club" / "topics.json"
SPOT = 52
SET_TOPIC = "topic"  # the scroll key of "Set topic", under which a refused topic (or its aliases) is said
SPOT_RADIUS = 6  # a number's spot and its button share their corners (a pill on a square looked misplaced)
UNDONE_SAID = ("answers",)  # a seat's own moves whose undo this view says on its phone (`hand_back`), not the bar


@cache
def topics() -> dict[str, list[str]]:
    """The app's topic list per language."""
    return json.loads(TOPICS.read_text("utf-8"))


def build(ctx: GameContext) -> ft.Control:
    """The round's topic, the last transfers (and the round just settled), this phase's controls, a seated
    phone's own cards while another plays, then the table. The topic leads: it sat in the table at the bottom,
    below six answer fields on a phone, when the answers had to fit it. Between rounds the next topic's step leads,
    above the round just settled: the settlement's lines pushed the topic field under the "Done" bar on a phone
    (its title at y 747 of 844). That step has a key of its own: moved to the top under the settlement's key, it
    left the browser drawing the settlement panel beside the new topic, and the log a count behind."""
    phase = ctx.state["phase"]
    steps = {"topic": topic_panel, "answers": answers_panel, "turns": turn_panel, "ruling": ruling_panel,
             "settle": settle_panel}
    parts = {"topic": topic_line(ctx), "transfers": transfers_panel(ctx),
             "step": [steps[phase](ctx)] if phase in steps else [], "own_hand": own_hand(ctx),
             "learned": learned_panel(ctx), "table": [table_panel(ctx)]}
    if phase == "topic":  # the next round's topic before the round just settled, under a key of its own (`build`)
        parts = {"next": parts.pop("step"), **parts}
    # Each part is keyed: one that comes or goes (the transfers after a move, a phone's own cards, the learned
    # answers) then moves the ones below it, and Flet sends what changed, not the table and its prediction board
    # again (about 6 KB at every prediction, card played and ruling).
    controls = [keyed(control, key) for key, shown in parts.items() for control in shown]
    return ft.Column(spacing=12, controls=controls, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def topic_line(ctx: GameContext) -> list[ft.Control]:
    """The round's topic, once the setter gave it, large."""
    topic = ctx.state["topic"]
    return [ft.Text(ctx.t("guess_club.view.topic", text=topic), size=20, weight=ft.FontWeight.BOLD)] if topic else []


def own_hand(ctx: GameContext) -> list[ft.Control]:
    """On a seated phone, its own cards still in hand while another player has the turn or a card is ruled on,
    to spot a match as cards are read out (they showed only on the seat's own turn).
    RULING (a card read out is no longer in hand): the phone whose card is being ruled on leaves it out of its
    cards; the setter ruling on her own card saw it still under "cards still in hand", as if it had not been played.
    RULING (the ruling said once, play-test in 简体中文 at 390x844): the reader's phone said the ruling twice, the
    ruling step's "A 在自己的手机上裁定答案。" under "B 念出：“Plum tart”" and, under its cards, "“Plum tart”已念出：
    A 正在判定" (the setter's own card: "由你判定（见上方）" under her ruling). The ruling step above names the card and
    who rules on it (`ruling_panel`); the list only leaves the card out."""
    seat, state = ctx.seat, ctx.state
    if seat is None or state["phase"] not in ("turns", "ruling") or (state["phase"] == "turns" and
                                                                       state["turn"] == seat):
        return []
    pending = state["pending"] if state["phase"] == "ruling" and state["pending"]["player"] == seat else None
    hand = state["hands"].get(seat) or []
    left = [c["text"] for i, c in enumerate(hand) if c["out"] is None and not (pending and i == pending["card"])]
    if not left:
        return []
    return [card([ft.Text(ctx.t("guess_club.view.in_hand", name=seat), size=16, weight=ft.FontWeight.W_600),
                  *[ft.Text(text, size=16) for text in left]])]


def final(ctx: GameContext) -> ft.Control:
    """Under the end screen: the last round's settlement with every transfer."""
    return ft.Column(spacing=12, controls=transfers_panel(ctx), horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def scratch(ctx: GameContext, name: str) -> dict:
    """View scratch that starts afresh whenever an action has been taken or undone."""
    slot = ctx.local.setdefault(name, {})
    mark = ctx.actions
    if slot.get("mark") != mark:
        slot.clear()
        slot["mark"] = mark
    return slot


def heading(text: str) -> ft.Text:
    """A section title."""
    return ft.Text(text, size=18, weight=ft.FontWeight.BOLD)


def card(controls: list[ft.Control], colour: str = ft.Colors.SURFACE_CONTAINER_HIGHEST) -> ft.Control:
    """A padded box of controls."""
    return ft.Container(padding=12, border_radius=10, bgcolor=colour,
                        content=ft.Column(spacing=8, controls=controls))


# ---------------------------------------------------------------------------------------------------------
# The table


def table_panel(ctx: GameContext) -> ft.Control:
    """Money per player, pot, bonus board, match counter and the prediction board.
    RULING (whose turn, said once): no "Now: A" line; the status line above the view (a phone's, the host's) or the
    shared screen's next-step line names who acts, and a waiting phone's moves say it again as "waiting for A"."""
    state, book = ctx.state, ctx.state["ledger"]
    rows: list[ft.Control] = [heading(ctx.t("guess_club.view.table"))]
    for name in ctx.players:
        key = "guess_club.view.setter_money" if name == state["setter"] else "guess_club.view.money"
        rows.append(ft.Text(words.whole_line(ctx.lang, ctx.t(key, name=name, chips=ledger.balance(book, name),
                                                            loans=ledger.loans(book, name),
                                                            money=ledger.money(book, name))), size=16))
    rows.append(ft.Row(wrap=True, spacing=16, controls=[
        ft.Text(ctx.t("guess_club.view.pot", amount=ledger.balance(book, "pot")), size=20,
                weight=ft.FontWeight.BOLD),
        ft.Text(ctx.t("guess_club.view.board", amount=ledger.balance(book, "board")), size=20,
                weight=ft.FontWeight.BOLD),
        ft.Text(ctx.t("guess_club.view.matches", count=state["matches"]), size=20, weight=ft.FontWeight.BOLD),
    ]))
    rows.append(keyed(prediction_board(ctx), "board"))
    return card(rows)


def prediction_board(ctx: GameContext) -> ft.Control:
    """Numbers 0..max with the markers on them; numbers the engine does not offer greyed; the active player taps
    one to predict, told so only on a screen that offers it (elsewhere "B may predict instead" spoke to B on
    another's phone). The number of matches so far stands on an amber spot in the text colour even when it cannot
    be tapped (greyed on amber it was the faintest number on the board, in the dark theme hardly seen); the other
    numbers that cannot be tapped read in the muted text colour, not Material's disabled grey (2.1:1 against the
    page in the light theme: the board is read all game long, not only tapped). A line under the board names the
    full numbers and why (greyed with no word, a player could not tell a full number from one not theirs to tap)."""
    state, opts = ctx.state, ctx.state["options"]
    turn = state["turn"] if state["phase"] == "turns" else None
    room = set(open_numbers(state))
    offered = {c["number"] for e in offer_here(ctx, "predict") for c in e["choices"]}
    spots = []
    for number in range(opts["max_prediction"] + 1):
        on = [m["player"] for m in state["markers"] if m["number"] == number]
        full = number not in room
        spots.append(ft.Container(
            width=SPOT, padding=2, border_radius=SPOT_RADIUS,
            bgcolor=ft.Colors.OUTLINE_VARIANT if full else (tint(ft.Colors.AMBER) if number == state["matches"]
                                                           else None),
            content=ft.Column(spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                ft.OutlinedButton(content=str(number), disabled=number not in offered,
                                  style=ft.ButtonStyle(padding=0, shape=ft.RoundedRectangleBorder(radius=SPOT_RADIUS),
                                                       color={ft.ControlState.DISABLED: ft.Colors.ON_SURFACE
                                                              if number == state["matches"]
                                                              else ft.Colors.ON_SURFACE_VARIANT}),
                                  on_click=lambda e, n=number: ctx.dispatch(
                                      {"type": "predict", "by": turn, "number": n}, at="predict")),
                *[ft.Text(name, size=11, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS) for name in on],
            ])))
    title = (ctx.t("guess_club.view.predict_now", name=turn, cost=PREDICT) if offered
             else ctx.t("guess_club.view.prediction_board"))
    full = [n for n in range(opts["max_prediction"] + 1) if n not in room]
    said = [aside(ctx.lang, ctx.t("guess_club.view.numbers_full", numbers=full, limit=opts["per_number"]))] if full \
        else []
    return ft.Column(spacing=6, controls=[ft.Text(words.no_orphan(title), size=16, weight=ft.FontWeight.W_600),
                                          ft.Row(wrap=True, spacing=4, run_spacing=4, controls=spots,
                                                 key=ft.ScrollKey("predict")),
                                          *said_here(ctx, "predict"), *said])


# ---------------------------------------------------------------------------------------------------------
# Topic and hidden answers


def topic_panel(ctx: GameContext) -> ft.Control:
    """The setter types a topic or draws one from the app's list, then sets it (on a screen that acts as the
    setter; elsewhere the round's topic as a title, and who gives it).
    RULING (a wait said once, to the one waiting): a screen that does not set the topic says whom the table waits
    for in one line (`elsewhere`), under a title that names no one ("Round 1: the topic", not read where the round
    was); "Round 1: A, give the topic" spoke to A on B's phone, just after its "waiting for A"."""
    draft = ctx.local.setdefault("topic", {"text": ""})
    setter, number = ctx.state["setter"], ctx.state["round"]
    if not offer_here(ctx, "topic"):
        title = ctx.read_once(heading(ctx.t("guess_club.view.topic_elsewhere", round=number)), number=number)
        return card([title, elsewhere(ctx, setter, awaited(ctx, setter))])
    title = heading(ctx.t("guess_club.view.topic_prompt", name=setter, round=number))

    def draw() -> None:
        """Put a random topic from the list in the field."""
        draft["text"] = random.Random().choice(topics()[ctx.lang])
        ctx.refresh()

    def send() -> None:
        """Set the topic, the remembered aliases the session lacks brought in first, once the engine would accept
        it (a refused topic logged the aliases); clear the draft once it is accepted."""
        topic = {"type": "topic", "by": setter, "text": draft["text"]}
        refusal = ctx.engine.check(ctx.state, topic)
        if refusal is not None:
            ctx.say(refusal, SET_TOPIC)
            return
        missing = [list(pair) for pair in ctx.store.aliases() if list(pair) not in ctx.state["aliases"]]
        if missing and not ctx.dispatch({"type": "aliases", "by": setter, "pairs": missing}, at=SET_TOPIC):
            return
        if ctx.dispatch(topic, at=SET_TOPIC):
            draft["text"] = ""

    field = draft_field(draft, "text", draft["text"], label=ctx.t("guess_club.view.topic_field"), text_size=18,
                        on_change=lambda e: draft.__setitem__("text", e.control.value), on_submit=lambda e: send())
    return card([field_sheet([title, field], [
        ft.OutlinedButton(content=ctx.t("guess_club.view.random_topic"), icon=ft.Icons.CASINO,
                          on_click=lambda e: draw()),
        ft.FilledButton(content=ctx.t("guess_club.view.set_topic"), icon=ft.Icons.CHECK, key=ft.ScrollKey(SET_TOPIC),
                        on_click=lambda e: send()),
    ], said_here(ctx, SET_TOPIC))])


def answers_panel(ctx: GameContext) -> ft.Control:
    """Who has handed in answers, and the private entry of the next player still writing."""
    hands = ctx.state["hands"]
    done = [p for p in ctx.players if hands[p] is not None]
    waiting = [p for p in ctx.players if hands[p] is None]
    count = ctx.state["options"]["cards"]
    player = ctx.seat if ctx.seat is not None else waiting[0]
    prompts = [ctx.t("guess_club.view.card_label", number=i + 1) for i in range(count)]

    slot = ctx.local.setdefault("answers", {})

    def submit(answers: list[str]) -> bool:
        """Hand the player's answers in; a refusal (the engine refuses repeats on one hand) is kept with the answers
        it was sent with, to be said under the field it names (`refusal_note`)."""
        def refused(err: RuleError) -> None:
            """Keep why, and what was sent."""
            slot["refusal"] = {"key": err.key, "params": dict(err.params), "answers": list(answers)}

        action = {"type": "answers", "by": player, "cards": answers}
        sent = not flag_alike(ctx, slot, action) and ctx.dispatch(action, refused=refused)
        if sent:
            slot.pop("taken_back", None)
        return sent

    # Who is done and who is writing are one control, last: a hand coming in adds a line to it, which above the
    # fields moved them and "Save" down by a line under a finger about to tap (28 px on a phone).
    said = [ft.Text(ctx.t("guess_club.view.answers_done", names=done))] if done else []
    said.append(ctx.read_once(ft.Text(ctx.t("guess_club.view.answers_waiting", names=waiting)), waiting=waiting))
    rows: list[ft.Control] = [heading(ctx.t("guess_club.view.answers_prompt", count=count))]
    offer_here(ctx, "answers")
    # The setter may still change the topic until a hand is in, but the table waits for the hands: the topic is
    # set, and this screen, like the shared one, offers no second topic form (a setter's phone led with one).
    offer_here(ctx, "topic")
    if player in waiting:
        if hand_back(ctx, slot, player, count) and ctx.seat == player:
            rows.append(aside(ctx.lang, ctx.t("guess_club.view.hand_taken_back")))
        notes = {**refusal_note(ctx, slot), **alike_note(ctx, slot)}
        rows.append(private_entry(ctx, slot, player, prompts, submit, notes=notes))
    rows += hand_question(ctx)
    rows.append(ft.Column(said, spacing=8))
    return card(rows)


def hand_back(ctx: GameContext, slot: dict, player: str, count: int) -> bool:
    """Whether player's form holds their hand taken back by an undo (the top of the screen's redo stack: on a seated
    phone only its own seat's action undone), put back into their empty form once per undo.
    The note stays until the hand is in again, though another seat acts meanwhile (gone, it moved the fields under
    it, which Flet then draws anew: a field being typed in loses its keyboard).
    RULING (a hand taken back): the host may undo a seat's hidden hand (a seat asks the host to take back a mis-tap;
    nothing was shown, so no consent is asked), the Undo label says whose hand and how many answers, never which;
    the seat's own phone is told the host took its answers back and finds them in its fields to change and hand in
    again (A's phone had an empty form: every answer typed again), told once (the bar's "the referee or the host
    undid: …" is not said too: `UNDONE_SAID`). A form typed in since is left as it is; the
    host's table screen, whose redo stack holds no seat's action, never gets them."""
    undone = (ctx.record.get("redo") or [{}])[-1]
    cards = undone.get("cards")
    mark = [ctx.actions, undone.get("at")]
    if undone.get("type") == "answers" and undone.get("by") == player and isinstance(cards, list) \
            and len(cards) == count and slot.get("handed") != mark:
        if slot.get("player") != player or not any(slot.get("answers") or []):
            slot.clear()
            slot.update(player=player, phase=COVER, answers=[str(card) for card in cards], taken_back=True)
        slot["handed"] = mark
    return bool(slot.get("taken_back")) and slot.get("player") == player


def refusal_note(ctx: GameContext, slot: dict) -> dict[int, list[ft.Control]]:
    """Why the hand was refused, under the later of the two fields it names (else the last field), while the fields
    hold what was sent; else nothing.
    RULING (said where the field is): on a 390x844 phone the red bar over the screen's foot covered "Answer 6", the
    very field to change; the refusal now stands under that field, above "Done", until an answer changes."""
    said = slot.get("refusal")
    if not said or said["answers"] != slot.get("answers"):
        return {}
    at = min(int(said["params"].get("b", len(said["answers"]))), len(said["answers"])) - 1
    return {at: [ft.Text(words.no_orphan(ctx.t(said["key"], **said["params"])), color=ft.Colors.ERROR,
                         weight=ft.FontWeight.W_600, key="refusal")]}


def flag_alike(ctx: GameContext, slot: dict, action: dict) -> bool:
    """Whether a hand is held back for its writer: one the engine would accept, with two answers it rates as maybe
    the same (`alike_on_hand`) that the writer was not last asked about, is kept with all its such pairs to be
    said (`alike_note`).
    RULING (a probable duplicate is flagged, not refused): "plum" and "plums" went in without a word; the setter
    rules on sameness, so the app refuses only answers that are the same, and asks the writer about a pair that
    may be: they change one, or tap the button again to send the hand as it is.
    RULING (asked again when the pair changed): a writer who edits an answer of a flagged pair into another maybe
    same one ("plums" → "plumz", or a new pair) has not been asked about what they now send, and is asked again;
    one who sends the pairs last asked about (in any fields, other answers changed or not) is not. Only the last
    question counts: "plums" asked, then "plumz" asked, then "plums" again is asked again."""
    if ctx.engine.check(ctx.state, action) is not None:
        return False
    pairs = ctx.engine.alike_on_hand(ctx.state, action["cards"])
    asked, now = slot.get("flagged", []), [sorted(p["texts"]) for p in pairs]
    if all(texts in asked for texts in now):
        return False
    slot["flagged"] = now
    slot["alike"] = {"pairs": pairs, "answers": list(action["cards"])}
    return True


def alike_note(ctx: GameContext, slot: dict) -> dict[int, list[ft.Control]]:
    """The answers that may be the same (`flag_alike`), each pair said under its later field while the fields hold
    what was flagged; else nothing."""
    said = slot.get("alike")
    if not said or said["answers"] != slot.get("answers"):
        return {}
    notes: dict[int, list[ft.Control]] = {}
    for p in said["pairs"]:
        line = ctx.t("guess_club.view.answers_alike", first=p["texts"][0], second=p["texts"][1],
                     why=why_alike(ctx, p), button=done_label(ctx))
        notes.setdefault(p["b"], []).append(ft.Text(words.no_orphan(line), weight=ft.FontWeight.W_600,
                                                    key=f"alike-{p['a']}-{p['b']}"))
    return notes


def hand_question(ctx: GameContext) -> list[ft.Control]:
    """A player asks aloud whether two answers count as the same on one hand; the setter rules, on a screen that
    acts as the setter (the setter's phone, the shared screen).
    RULING (the question where it can be answered): the engine offers `hand_ruling` to the setter only, so no other
    screen shows the question: on every phone it read "… the same? A rules:" and "A enters this on their own
    phone." while the table waited for the hands, not for A. An aside says what the form is for (on the setter's
    phone it stood under the setter's own answer sheet with no word why: only when a player asks)."""
    setter = ctx.state["setter"]
    if not offer_here(ctx, "hand_ruling"):
        return []
    question = ft.Text(ctx.t("guess_club.view.hand_question", name=setter), weight=ft.FontWeight.W_600)
    draft = ctx.local.setdefault("hand_question", {"a": "", "b": ""})

    def rule(same: bool) -> None:
        """Send the setter's ruling; clear the two texts once it is accepted."""
        if ctx.dispatch({"type": "hand_ruling", "by": setter, "a": draft["a"], "b": draft["b"], "same": same},
                        at="hand-ruling"):
            draft.update(a="", b="")

    why = aside(ctx.lang, ctx.t("guess_club.view.hand_question_why"))
    return [ft.Column(spacing=8, controls=[
        question, why,
        ft.Row(wrap=True, controls=[
            draft_field(draft, "a", draft["a"], label=ctx.t("guess_club.view.question_a"), width=200,
                        on_change=lambda e: draft.__setitem__("a", e.control.value)),
            draft_field(draft, "b", draft["b"], label=ctx.t("guess_club.view.question_b"), width=200,
                        on_change=lambda e: draft.__setitem__("b", e.control.value)),
        ]),
        ft.Row(wrap=True, key=ft.ScrollKey("hand-ruling"), controls=[
            ft.OutlinedButton(content=ctx.t("guess_club.view.rule_same_hand"), icon=ft.Icons.LINK,
                              on_click=lambda e: rule(True)),
            ft.OutlinedButton(content=ctx.t("guess_club.view.rule_different_hand"), icon=ft.Icons.LINK_OFF,
                              on_click=lambda e: rule(False)),
        ]),
        *said_here(ctx, "hand-ruling"),
    ])]


# ---------------------------------------------------------------------------------------------------------
# Turns and rulings


def hidden_cards(ctx: GameContext, slot: dict, player: str, on_pick, pick_key: str, hide_key: str,
                 on_hide: Callable[[], None] | None = None, only: list[int] | None = None,
                 title_key: str = "guess_club.view.hand_of", move: dict | None = None) -> ft.Control:
    """A player's unplayed cards (those in `only`, when given) behind the pass-the-phone cover, under title_key
    (what a tap does with them); tapping one calls on_pick(index); hiding them again calls on_hide (else the cover
    comes back). A card's button is keyed by the card, not its place in the row: a second quick tap on a card just
    played reaches a button gone (answered as a tap that came too late), not the next card, which had moved into its
    place. move: the move a seated phone names where another seat holds the cards (`cover`)."""
    if slot.get("player") != player:
        slot.clear()
        slot["player"] = player
    if not opened(ctx, slot, player):
        return cover(ctx, slot, player, move)

    def hide() -> None:
        """Cover the cards again."""
        slot["phase"] = None
        ctx.turn_page()
        if on_hide is not None:
            on_hide()
        ctx.refresh()

    hand = ctx.state["hands"][player]
    buttons = [ft.FilledButton(content=ctx.t(pick_key, text=c["text"]), key=f"card-{player}-{i}",
                               on_click=lambda e, i=i: on_pick(i))
               for i, c in enumerate(hand) if c["out"] is None and (only is None or i in only)]
    hiding = [ft.OutlinedButton(content=ctx.t(hide_key), icon=ft.Icons.VISIBILITY_OFF, on_click=lambda e: hide())]
    return ft.Column(spacing=8, controls=[
        ft.Text(ctx.t(title_key, name=player), size=16, weight=ft.FontWeight.W_600),
        *buttons,
        *(hiding if ctx.seat is None else []),
    ])


def turn_panel(ctx: GameContext) -> ft.Control:
    """The active player plays a card from their hidden hand (or predicts on the board below), told so on a screen
    that acts as them; elsewhere only who plays (`elsewhere`, the cover of a seated phone)."""
    player = ctx.state["turn"]
    slot = scratch(ctx, "hand").setdefault("cover", {})

    def play(index: int) -> None:
        """Read the card out, sent by its text (read aloud, it is public: the log and the undo button name it, not
        its place in a hand nobody else saw; the engine takes the card written exactly so first)."""
        slot["phase"] = None
        ctx.dispatch({"type": "play", "by": player, "card": ctx.state["hands"][player][index]["text"]})

    title = [heading(ctx.t("guess_club.view.turn_prompt", name=player))] if offer_here(ctx, "play") else []
    return card([*title, hidden_cards(ctx, slot, player, play, "guess_club.view.play_card",
                                      "guess_club.view.hide_hand", move=turn_move(ctx, player))])


def turn_move(ctx: GameContext, player: str) -> dict | None:
    """The move the table waits on player for at their turn (`awaited`), named as a third phone says it.
    RULING (the turn said whole): the engine's prompt gives the turn player `play` first and `predict` while they
    have markers left; the other phones say both ("B 在自己的手机上出牌或预测"), as the status line's "出牌或预测",
    and only the card to read out once B has no marker left."""
    first = awaited(ctx, player)
    may = {e["type"] for e in ctx.engine.prompt(ctx.state) if e["by"] == player}
    return {**first, "step": "turn"} if first and first["type"] == "play" and "predict" in may else first


def why_alike(ctx: GameContext, proposal: dict) -> str:
    """Why a card is proposed: shown by its owner, the reading that linked it ("Same pinyin: qiao ke li") or the
    differences it was written with ("Written the same (ignoring case)."), else the matcher's reason with the
    similarity (none beside a reason that already says the two are written alike: "(100% alike)" added nothing)."""
    if proposal["kind"] == SHOWN:
        return ctx.t("guess_club.view.shown_by", name=proposal["player"])
    if proposal.get("link"):
        key, params = explain(proposal["reason"], proposal["link"])
        return ctx.t(key, **params)
    if round(proposal["score"]) >= 100:
        return ctx.t(proposal["reason"])
    return ctx.t("guess_club.view.reason", reason=ctx.t(proposal["reason"]), score=round(proposal["score"]))


def ruling_panel(ctx: GameContext) -> ft.Control:
    """The card read out, the proposed matches with their reason (the matcher's and the cards players showed), a
    way for the players this screen acts as to show a card the matcher missed, and the setter's ruling (on a screen
    that acts as the setter; elsewhere only the card and who rules on it, said once: `elsewhere`, not also "A (setter)
    decides: …"); the setter's own phone says "You set the topic, so you decide: …", not its own name).
    RULING (the step first): on the setter's own phone the ruling comes right under the proposals, above its offer
    to show its own cards (one button a card: under five of them a 390×844 phone showed no ruling until
    scrolled); a shared screen keeps the others' showing first, as they show before the setter rules. Two cards of
    one player proposed are told apart: only one of them can match, so ticking one unticks the other. While a card
    is unticked (a look-alike suggestion starts so) and could still be ticked (its owner has no card ticked: one card
    each can match) the panel says only ticked cards count: "Same word: banana" under an unticked box read as if the
    app had matched it; a player's second card, unticked beside a ticked one, needs no such note."""
    state = ctx.state
    pending, setter = state["pending"], state["setter"]
    said = [heading(ctx.t("guess_club.view.read_out", name=pending["player"], text=pending["text"]))]
    shows = show_panel(ctx, offer_here(ctx, "show"))
    if not offer_here(ctx, "rule"):
        return card([*said, *shows, elsewhere(ctx, setter, awaited(ctx, setter))])
    said.append(ft.Text(ctx.t("guess_club.view.you_decide") if ctx.seat == setter
                        else ctx.t("guess_club.view.setter_decides", name=setter)))
    ticked = ruling_ticks(ctx)

    def tick(ref: list, on: bool) -> None:
        """Count a proposed card as a match (instead of another of its owner's: one card each) or not."""
        ticked[:] = [r for r in ticked if r[0] != ref[0]] + ([ref] if on else [])
        ctx.refresh()

    rows: list[ft.Control] = list(said)
    rows.append(ft.Text(ctx.t("guess_club.view.proposals" if pending["proposals"] else "guess_club.view.no_proposals"),
                        weight=ft.FontWeight.W_600))
    for p in pending["proposals"]:
        ref = [p["player"], p["card"]]
        rows.append(labelled(ft.Checkbox(value=ref in ticked),
                             ctx.t("guess_club.view.proposal", name=p["player"], text=p["text"]),
                             lambda on, r=ref: tick(r, on)))
        rows.append(aside(ctx.lang, why_alike(ctx, p), size=13))
    if any(p["player"] not in {r[0] for r in ticked} for p in pending["proposals"]):
        rows.append(aside(ctx.lang, ctx.t("guess_club.view.tick_if_same"), size=13))
    owners = [p["player"] for p in pending["proposals"]]
    rows += [aside(ctx.lang, ctx.t("guess_club.view.one_each", name=name), size=13)
             for name in dict.fromkeys(owners) if owners.count(name) > 1]
    buttons = ft.Column(spacing=4, controls=[ft.Row(wrap=True, key=ft.ScrollKey("rule"), controls=[
        ft.FilledButton(content=ctx.t("guess_club.view.rule_valid", count=len(ticked), cost=MISS),
                        icon=ft.Icons.CHECK, on_click=lambda e: rule(ctx, True, list(ticked))),
        ft.OutlinedButton(content=ctx.t("guess_club.view.rule_invalid", cost=INVALID), icon=ft.Icons.CLOSE,
                          on_click=lambda e: rule(ctx, False, [])),
    ]), *said_here(ctx, "rule")])
    return card(rows + ([buttons, *shows] if ctx.seat == setter else [*shows, buttons]))


def rule(ctx: GameContext, valid: bool, matches: list[list]) -> None:
    """Send the setter's ruling on the card read out; once accepted, forget its ticks (`ruling_ticks`)."""
    if ctx.dispatch({"type": "rule", "by": ctx.state["setter"], "valid": valid, "matches": matches}, at="rule"):
        ctx.local.pop("ruling", None)


def ruling_ticks(ctx: GameContext) -> list[list]:
    """The proposals the setter counts as matches, kept while the same card waits for its ruling (a card shown
    meanwhile does not undo the setter's ticks): a proposal starts ticked when the matcher calls it the same or
    its owner showed it, unless another card of its owner is ticked already (one card each can match), and
    unticked when it only looks alike.
    RULING (a ruling undone is ruled afresh): the screen that sends a ruling forgets its ticks once the ruling is
    accepted (`rule`), not while drawing (a render changes nothing), so a ruling the table undid comes back to the
    setter as the card first did, not with the undone ruling's ticks (seen still ticked after the host's undo): the
    table undid it because it disputed it, a box left ticked read as the answer already given, one tap sent it again,
    and the other phones, which never held those ticks, showed the matcher's. A screen that did not send the ruling
    keeps its own unsent ticks for that card. Unlike a round form's entries, nothing was typed that would be lost."""
    pending = ctx.state["pending"]
    slot = ctx.local.setdefault("ruling", {})
    mark = (ctx.state["round"], len(ctx.state["plays"]), pending["player"], pending["card"])
    if slot.get("mark") != mark:
        slot.clear()
        slot.update(mark=mark, ticked=[], seen=[])
    now = [[p["player"], p["card"]] for p in pending["proposals"]]
    for p, ref in zip(pending["proposals"], now):
        if ref not in slot["seen"]:
            slot["seen"].append(ref)
            if p["kind"] in (SAME, SHOWN) and all(r[0] != ref[0] for r in slot["ticked"]):
                slot["ticked"].append(ref)
    slot["ticked"][:] = [ref for ref in slot["ticked"] if ref in now]
    return slot["ticked"]


def show_panel(ctx: GameContext, entries: list[dict]) -> list[ft.Control]:
    """The players this screen acts as who may show a card the matcher missed: on a seated phone its own cards
    as buttons, asked to show them to the setter by name (the setter's own phone, to put them among the cards it
    rules on), and the cards it showed or the matcher found on its hand (else a found card just left its list); on
    a shared screen "A has a match too", then A's cards behind the cover (for the card being ruled only: at the
    next card read out they are covered again, though nobody hid them)."""
    if ctx.seat is not None:
        setter = ctx.state["setter"]
        mine = [p for p in ctx.state["pending"]["proposals"] if p["player"] == ctx.seat]
        rows: list[ft.Control] = [aside(ctx.lang, ctx.t("guess_club.view.shown" if p["kind"] == SHOWN
                                                         else "guess_club.view.found", text=p["text"],
                                                         setter=ctx.seat == setter)) for p in mine]
        for entry in entries:
            hand = ctx.state["hands"][entry["by"]]
            rows.append(ft.Text(ctx.t("guess_club.view.show_prompt", name=setter, setter=entry["by"] == setter),
                                weight=ft.FontWeight.W_600))
            rows.append(ft.Row(wrap=True, controls=[
                ft.FilledTonalButton(content=ctx.t("guess_club.view.show_card", text=hand[c["card"]]["text"]),
                                     on_click=lambda e, b=entry["by"], i=c["card"]: show(ctx, b, i))
                for c in entry["choices"]]))
        return rows
    pending = ctx.state["pending"]
    reading = [ctx.state["round"], pending["player"], pending["card"]]
    slot = ctx.local.setdefault("show", {})
    if slot.get("for") != reading:  # a new card read out: whoever was showing before is covered again
        slot.clear()
        slot["for"] = reading
    picker = slot.get("picker")
    choices = {e["by"]: [c["card"] for c in e["choices"]] for e in entries}
    if picker in choices:

        def pick(index: int) -> None:
            """Show the card to the setter; the cards are covered again for whoever shows next."""
            slot["picker"] = None
            slot["pick"] = {}
            show(ctx, picker, index)

        def cancel() -> None:
            """Nobody shows a card after all."""
            slot["picker"] = None

        cards = hidden_cards(ctx, slot.setdefault("pick", {}), picker, pick, "guess_club.view.add_card",
                             "guess_club.view.cancel_add", on_hide=cancel, only=choices[picker],
                             title_key="guess_club.view.hand_to_show")
        return [cards]

    def choose(name: str) -> None:
        """Pass the phone to a player who says they hold a match."""
        slot["picker"] = name
        ctx.refresh()

    return [ft.Row(wrap=True, controls=[
        ft.TextButton(content=ctx.t("guess_club.view.also_match", name=e["by"]), icon=ft.Icons.ADD,
                      on_click=lambda _, n=e["by"]: choose(n)) for e in entries])] if entries else []


def show(ctx: GameContext, player: str, index: int) -> None:
    """Send player's card as the same as the card read out."""
    ctx.dispatch({"type": "show", "by": player, "card": index})


# ---------------------------------------------------------------------------------------------------------
# Round end


def settle_panel(ctx: GameContext) -> ft.Control:
    """Every unplayed card shown; the setter ticks the ones that do not fit, then settles the round (on a screen
    that acts as the setter; elsewhere the cards only under a title that names no one, and who checks them)."""
    state, setter = ctx.state, ctx.state["setter"]
    slot = scratch(ctx, "settle")
    invalid = slot.setdefault("invalid", [])
    settling = bool(offer_here(ctx, "settle"))

    def tick(ref: list, on: bool) -> None:
        """Mark an unplayed card invalid or not."""
        if on and ref not in invalid:
            invalid.append(ref)
        elif not on and ref in invalid:
            invalid.remove(ref)
        ctx.refresh()

    title = (ctx.t("guess_club.view.settle_prompt", name=setter, cost=INVALID) if settling
             else ctx.t("guess_club.view.settle_elsewhere"))
    rows: list[ft.Control] = [heading(title)]
    for player in ctx.players:
        for i, c in enumerate(state["hands"][player]):
            if c["out"] is None and not settling:
                rows.append(ft.Text(ctx.t("guess_club.view.unplayed", name=player, text=c["text"])))
            elif c["out"] is None:
                ref = [player, i]
                rows.append(labelled(ft.Checkbox(value=ref in invalid),
                                     ctx.t("guess_club.view.unplayed", name=player, text=c["text"]),
                                     lambda on, r=ref: tick(r, on)))
    if not settling:
        return card([*rows, elsewhere(ctx, setter, awaited(ctx, setter))])
    rows.append(ft.FilledButton(content=ctx.t("guess_club.view.settle", round=state["round"]), icon=ft.Icons.FLAG,
                                key=ft.ScrollKey("settle"),
                                on_click=lambda e: ctx.dispatch({"type": "settle", "by": setter,
                                                                 "invalid": list(invalid)}, at="settle")))
    return card([*rows, *said_here(ctx, "settle")])


def transfers_panel(ctx: GameContext) -> list[ft.Control]:
    """The transfers of the last action in words; after a settlement, the round's outcome above them."""
    state = ctx.state
    events = state.get("events") or []
    settled = bool(state["history"]) and (state["over"] or state["phase"] == "topic")
    rows: list[ft.Control] = settlement_lines(ctx) if settled else []
    if not events and not rows:
        return []
    if events:
        rows.append(ft.Text(ctx.t("guess_club.view.transfers"), weight=ft.FontWeight.W_600))
    for event in events:
        key, params = ctx.engine.describe_event(event)
        rows.append(ft.Text(ctx.t(key, **params), size=16))
    return [card(rows, ft.Colors.TERTIARY_CONTAINER)]


def settlement_lines(ctx: GameContext) -> list[ft.Control]:
    """The round just settled: matches, penalties, who won the predictions or what carries over (after the last
    round nothing does: the reward goes back to the bank, RULINGS §2)."""
    done = ctx.state["history"][-1]
    rows: list[ft.Control] = [
        heading(ctx.t("guess_club.view.settled", round=done["round"], matches=done["matches"])),
        ft.Text(ctx.t("guess_club.view.penalties", amounts=done["penalties"]) if done["penalties"]
                else ctx.t("guess_club.view.no_penalties")),
        ft.Text(ctx.t("guess_club.view.paid", amounts=done["paid"]) if done["paid"]
                else ctx.t("guess_club.view.carried", matches=done["matches"], last=ctx.state["over"])),
    ]
    rows.append(ft.Text(ctx.t("guess_club.view.money_now", amounts=done["money"]), weight=ft.FontWeight.W_600))
    return rows


def learned_panel(ctx: GameContext) -> list[ft.Control]:
    """The answers the setter just ruled the same (remembered for later sessions)."""
    learned = ctx.state.get("learned") or []
    if not learned:
        return []
    pairs = [ctx.t("guess_club.view.pair", a=a, b=b) for a, b in learned]
    return [aside(ctx.lang, ctx.t("guess_club.view.learned", pairs=pairs))]
