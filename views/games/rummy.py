"""Rummy view: for each player tap the cards of their melds, their lay-offs and the hand they were left with
(rank + suit, shown as "Q♠" in the suit's colour), mark whether the stock ran out, send the round; the rounds so far
with running totals.

The draft lives in `ctx.local["rummy"]`: who is being entered, which pile the taps go to ("hand", "laid_off"
or a meld's index), the suit being tapped, every player's melds / lay-offs / hand, the stock-out flag, where
laid-off cards went ("onto": {card: a card of the meld it joined}) and the question being asked ("ask"). A line
says its player went out in one go ("in_one_go", going rummy) by a switch offered, beside the stock-out switch and
under a phone's own cards, only where the engine says it can apply (`in_one_go_applies`: the option chosen, the
player went out, one meld with one meld per turn).
The engine checks melds, lay-offs and that no card is used twice; the view only collects, and its picker
strikes through a card already entered for anyone in the draft (one deck: the engine's `holders`).

Where a laid-off card went: before sending, the view asks the engine (`check`, nothing applied) whether it would
take the round. When it refuses `rummy.lay_off_ambiguous` (an ace that could go low on a run or high elsewhere),
the view asks the table where that card went, offering the round's melds it could join (shown by their cards,
each tried with `check`), and sends the round again with `onto` — asking again if another card needs it.

Tapping a past round in the table opens it in the editor for a correction (`views.games.round_edit`); undoing a
round hands its cards back to the editor.

Players' own lines [ruling, this view's]: a player's own phone in table mode (which does not enter whole rounds,
`round_edit.enters`) shows the round being entered, a line saying each player taps and gives their own melds,
lay-offs and hand there (the referee or the host may also enter the whole round), the card picker for the seat's
own line and "give my line" (a `line`; given again, the later one counts). What the phone gave stays in its picker
until the round moves on, and a line the host undid comes back (`round_edit.keep_own`). A phone does not ask
where a laid-off ace went: the engine refuses that last line and the table's form, filled from the lines given,
asks it. While lines wait, every screen says who gave how many cards and who is still to give; the table's form
offers to fill the lines it has not touched from them. A shared phone (passed around) enters whole rounds only. A
new round is sent with its number, so cards tapped for a round completed meanwhile from the players' lines are
held as entered elsewhere, not recorded as the next round.
"""

from __future__ import annotations

import flet as ft

from scoring.games import rummy as game
from validators.cards import RUMMY_RANKS, RUMMY_SUITS, meld_order, rummy_code
from views.components.cards import card_buttons, card_face, card_name, pile
from views.components.offers import offer_here
from views.context import GameContext
from views.games import round_edit
from views.ui import aside, choice_row, labelled, name_row, tall, tap_style

RANK_NAMES = list(RUMMY_RANKS)
KEYS = ("lines", "stock_out", "onto")
AMBIGUOUS = "rummy.lay_off_ambiguous"
MISPLACED = ("rummy.lay_off_invalid", "rummy.onto_unknown")


def new_line() -> dict:
    """An empty draft line."""
    return {"melds": [], "laid_off": [], "hand": []}


def untouched(line: dict) -> bool:
    """Whether a draft line holds no card (a meld started and left empty holds none)."""
    return not any(line["melds"]) and not line["laid_off"] and not line["hand"]


def draft_of(ctx: GameContext) -> dict:
    """The draft round, with a line for every player and someone selected."""
    draft = ctx.local.setdefault("rummy", {"who": ctx.players[0], "into": "hand", "suit": RUMMY_SUITS[0],
                                           "lines": {}, "stock_out": False, "onto": {}, "ask": None})
    for name in ctx.players:
        draft["lines"].setdefault(name, new_line())
    if draft["who"] not in ctx.players:
        draft["who"] = ctx.players[0]
    empty = not draft["stock_out"] and all(untouched(draft["lines"][n]) for n in ctx.players)
    round_edit.hand_back(ctx, draft, KEYS, empty, "round", entries_of)
    if isinstance(draft["into"], int) and draft["into"] >= len(draft["lines"][draft["who"]]["melds"]):
        draft["into"] = "hand"  # the meld chosen was the entries' that were put away (a cancelled correction, a redo)
    return draft


def entries_of(rnd: dict) -> dict:
    """A round (from the state, or an undone action) as draft entries: cards per pile, where lay-offs went."""
    lines, onto = {}, {}
    for name, line in (rnd.get("lines") or {}).items():
        laid_off = []
        for entry in line.get("laid_off", []):
            if isinstance(entry, dict):
                onto[entry["card"]] = entry["onto"]
                entry = entry["card"]
            laid_off.append(entry)
        onto.update(line.get("onto", {}))
        lines[name] = {"melds": [list(m) for m in line.get("melds", [])], "laid_off": laid_off,
                       "hand": list(line.get("hand", []))}
        if line.get("in_one_go"):
            lines[name]["in_one_go"] = True
    return {"lines": lines, "stock_out": bool(rnd.get("stock_out", False)), "onto": onto}


def round_fields(ctx: GameContext, draft: dict) -> dict:
    """The round's fields as the engine takes them; a laid-off card the table placed says where it went."""

    def laid(card: str):
        """A laid-off card, with the meld it went onto when the table said."""
        return {"card": card, "onto": draft["onto"][card]} if card in draft["onto"] else card

    lines = {n: one_go(ctx, draft["lines"][n], {"melds": [m for m in draft["lines"][n]["melds"] if m],
                                                "laid_off": [laid(c) for c in draft["lines"][n]["laid_off"]],
                                                "hand": draft["lines"][n]["hand"]}) for n in ctx.players}
    return {"lines": lines, "stock_out": draft["stock_out"]}


def one_go(ctx: GameContext, line: dict, fields: dict) -> dict:
    """A line's fields as sent, saying the player went out in one go when the switch is on and the engine says it
    can apply to the line as it stands (`in_one_go_applies`: a card tapped back into the hand hides the switch, and
    what is hidden is not sent)."""
    said = line.get("in_one_go") and ctx.engine.in_one_go_applies(ctx.state, line)
    return {**fields, "in_one_go": True} if said else fields


def one_go_switch(ctx: GameContext, name: str, line: dict) -> list[ft.Control]:
    """The switch saying name went out in one go (going rummy), offered only where the engine says it can apply."""
    if not ctx.engine.in_one_go_applies(ctx.state, line):
        return []

    def flip(on: bool) -> None:
        """Keep the switch in the line and show it again."""
        line["in_one_go"] = on
        ctx.refresh()

    return [labelled(ft.Switch(value=bool(line.get("in_one_go"))), ctx.t("rummy.view.in_one_go", name=name), flip)]


def summary(ctx: GameContext, line: dict) -> str:
    """A player's draft line in one line of text."""
    melds = [names(laid(ctx, m)) for m in line["melds"] if m]
    return ctx.t("rummy.view.summary", melds=" | ".join(melds) or "—", laid_off=names(line["laid_off"]) or "—",
                 hand=names(line["hand"]) or "—")


def laid_order(ctx: GameContext, cards: list[str]) -> list[int]:
    """The positions of a meld's cards in the order it lies on the table (`meld_order`: a run by rank, its ace
    where the engine reads it; a set by suit), not the order they were tapped: shown so, recorded as tapped."""
    return meld_order(cards, ctx.engine.aces_high(ctx.state))


def laid(ctx: GameContext, cards: list[str]) -> list[str]:
    """A meld's cards as it lies on the table (`laid_order`)."""
    return [cards[i] for i in laid_order(ctx, cards)]


def names(cards: list[str]) -> str:
    """Cards as their names with suit signs, space-separated."""
    return " ".join(card_name(c) for c in cards)


def build(ctx: GameContext) -> ft.Control:
    """Players, the card picker for the selected one, stock-out, send, and the rounds table; on a screen that does
    not enter rounds, the rounds table only."""
    draft = draft_of(ctx)
    if not round_edit.enters(ctx):
        own = own_line(ctx)
        heading = round_edit.own_heading(ctx, len(ctx.state["rounds"]) + 1, own, "rummy.view.own_or_referee")
        return ft.Column(spacing=12, controls=[*round_edit.own_screen(ctx, heading, own, waiting(ctx), round_edit.SAID),
                                               rounds_table(ctx, draft)])
    entry = [ask_panel(ctx, draft)] if draft.get("ask") else [players_panel(ctx, draft), editor(ctx, draft),
                                                               send_row(ctx, draft)]
    return ft.Column(spacing=12, controls=[
        round_edit.heading(ctx, draft, ctx.t("rummy.view.enter", round=len(ctx.state["rounds"]) + 1)),
        waiting(ctx),
        *entry,
        rounds_table(ctx, draft),
    ])


def waiting(ctx: GameContext) -> ft.Control:
    """Who gave their line (with how many cards) and who is still to give, while lines wait."""
    return round_edit.lines_waiting(ctx, {n: ctx.t("rummy.view.given_cards", count=cards(line))
                                          for n, line in ctx.state["lines"].items()})


def cards(line: dict) -> int:
    """How many cards a line holds: melded, laid off and in hand."""
    return len(game.line_cards(line))


def taken(ctx: GameContext, draft: dict) -> dict[str, str]:
    """The cards entered so far for anyone in this draft, in words, as the engine says who holds them
    (`holders`): the picker offers none of them again (a card entered for the wrong player is taken back from
    their pile first); the engine still refuses a card twice, e.g. from two phones' lines."""
    return {card: ctx.t("rummy.view.taken", card=card_name(card), name=name)
            for card, name in game.holders(draft["lines"]).items()}


def own_line(ctx: GameContext) -> list[ft.Control]:
    """On a player's own phone: the card picker for the seat's own line and "give my line" (a `line`); once given,
    that it was, right under the button (at `round_edit.SAID`; at the top of the screen, above the picker, it was
    out of view of the finger that gave: only the button's new label showed the tap worked). The line stays in the
    picker, to be changed and given again until the round is recorded."""
    seat = ctx.seat
    if seat not in ctx.players or not offer_here(ctx, "line"):
        return []
    own = ctx.local.setdefault("rummy_own", {"who": seat, "into": "hand", "suit": RUMMY_SUITS[0],
                                             "lines": {seat: new_line()}, "onto": {}})
    number = round_edit.keep_own(ctx, own, "lines", {seat: new_line()}, "line",
                                 lambda given: {seat: entries_of({"lines": {seat: given}})["lines"][seat]})
    if isinstance(own["into"], int) and own["into"] >= len(own["lines"][seat]["melds"]):
        own["into"] = "hand"

    def given_line() -> dict:
        """The seat's line for this round as it is sent (the picker keeps it until the next round)."""
        line = own["lines"][seat]
        return {"type": "line", "by": seat, "round": number,
                "line": one_go(ctx, line, {"melds": [list(m) for m in line["melds"] if m],
                                           "laid_off": list(line["laid_off"]), "hand": list(line["hand"])})}

    given = seat in ctx.state["lines"]
    said = [ft.Text(ctx.t("rummy.view.you_gave"), size=16, weight=ft.FontWeight.W_600)] if given else []
    return [editor(ctx, own), *one_go_switch(ctx, seat, own["lines"][seat]),
            round_edit.give_button(ctx, number, ctx.t("rummy.view.give_again" if given else "rummy.view.give"),
                                   given_line),
            *said, *own_empty(ctx, own["lines"][seat])]


def fill_from_lines(ctx: GameContext, draft: dict, names: list[str]) -> None:
    """Fill the table's untouched lines from the lines those players gave on their phones."""
    given = entries_of({"lines": {n: ctx.state["lines"][n] for n in names}})
    draft["lines"].update(given["lines"])
    draft["onto"].update(given["onto"])
    ctx.refresh()


def final(ctx: GameContext) -> ft.Control:
    """The end screen's rounds table (the one the table watched all game: each round's points and the totals), read
    only; the end screen had only each player's lines and the chart."""
    return rounds_table(ctx, draft_of(ctx))


def rounds_table(ctx: GameContext, draft: dict) -> ft.Control:
    """Every round's points and the totals; tapping a round opens its cards for a correction."""

    def open_round(number: int) -> None:
        """Open a past round's cards in the editor."""
        round_edit.open_round(draft, KEYS, number, entries_of(ctx.state["rounds"][number - 1]))
        draft.update(who=ctx.players[0], into="hand", ask=None)
        ctx.refresh()

    return round_edit.rounds_table(
        ctx, draft, [{n: r["scores"][n]["points"] for n in ctx.players} for r in ctx.state["rounds"]],
        ctx.engine.totals(ctx.state), open_round)


def players_panel(ctx: GameContext, draft: dict) -> ft.Control:
    """One row per player: a button to enter their cards and what is entered so far."""

    def choose(name: str) -> None:
        """Enter this player's cards (into their hand first)."""
        draft.update(who=name, into="hand")
        ctx.refresh()

    return ft.Column(spacing=6, controls=[
        name_row(name, name == draft["who"], lambda n=name: choose(n),
                 ft.Text(summary(ctx, draft["lines"][name]), size=13))
        for name in ctx.players
    ])


def editor(ctx: GameContext, draft: dict) -> ft.Control:
    """Where the taps go, the suit, the rank buttons and the selected player's piles."""
    name = draft["who"]
    line = draft["lines"][name]

    def update(**fields) -> None:
        """Change the draft and show it again."""
        draft.update(fields)
        ctx.refresh()

    def new_meld() -> None:
        """Start another meld and tap into it."""
        line["melds"].append([])
        update(into=len(line["melds"]) - 1)

    def pick(code: str) -> None:
        """Add a card to the pile being tapped."""
        target = draft["into"]
        if isinstance(target, int):
            line["melds"][target].append(code)
        else:
            line[target].append(code)
        ctx.refresh()

    def remover(target, order: list[int]):
        """A handler taking a card back out of one pile (an emptied meld goes away), the pile shown in order (the
        positions of its cards)."""

        def remove(shown: int) -> None:
            """Remove the card shown at shown."""
            cards = line["melds"][target] if isinstance(target, int) else line[target]
            index = order[shown]
            if target == "laid_off":
                draft["onto"].pop(cards[index], None)
            del cards[index]
            if isinstance(target, int) and not cards:
                del line["melds"][target]
                draft["into"] = "hand"
            ctx.refresh()

        return remove

    targets = [(i, ctx.t("rummy.view.meld", number=i + 1)) for i in range(len(line["melds"]))]
    targets += [("laid_off", ctx.t("rummy.view.laid_off")), ("hand", ctx.t("rummy.view.hand"))]
    suit = draft["suit"]
    controls: list[ft.Control] = [
        ft.Text(ctx.t("rummy.view.cards_of", name=name), size=16, weight=ft.FontWeight.BOLD),
        ft.Row(wrap=True, controls=[
            choice_row(targets, draft["into"], lambda t: update(into=t)),
            ft.OutlinedButton(content=ctx.t("rummy.view.new_meld"), icon=ft.Icons.ADD, style=tap_style(True),
                              on_click=lambda e: new_meld()),
        ]),
        choice_row([(s, ctx.t(f"rummy.view.suit.{s}")) for s in RUMMY_SUITS], suit, lambda s: update(suit=s)),
        card_buttons([(f"{r}{suit}", card_face(f"{r}{suit}")) for r in RANK_NAMES], pick, taken=taken(ctx, draft)),
    ]
    for target, title in targets:
        cards = line["melds"][target] if isinstance(target, int) else line[target]
        order = laid_order(ctx, cards) if isinstance(target, int) else list(range(len(cards)))
        heading = ctx.t("rummy.view.tapping", pile=title) if target == draft["into"] else title
        controls += [ft.Text(heading, weight=ft.FontWeight.W_600),
                     pile(ctx, [card_name(cards[i]) for i in order], remover(target, order), "rummy.view.pile_empty",
                          at=f"pile-{name}-{target}")]
    return ft.Container(padding=10, border_radius=10, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                        alignment=ft.Alignment.TOP_LEFT, content=ft.Column(spacing=8, controls=controls))


def send_row(ctx: GameContext, draft: dict) -> ft.Control:
    """The stock-out switch, the going-rummy switch of the player who went out (where it applies) and the add-round
    button (save and cancel while correcting a round)."""

    def stock_out(on: bool) -> None:
        """Keep the switch in the draft and show it again (a tap on its label flips it only in the new render)."""
        draft["stock_out"] = on
        ctx.refresh()

    buttons = round_edit.save_buttons(ctx, draft, "round", ctx.t("rummy.view.add_round"), lambda: send(ctx, draft))
    blank = [n for n in ctx.state["lines"] if untouched(draft["lines"][n])]
    if blank and round_edit.editing(draft) is None:
        buttons.append(ft.OutlinedButton(content=ctx.t("rummy.view.fill_from_lines"), icon=ft.Icons.DOWNLOAD,
                                         on_click=lambda e: fill_from_lines(ctx, draft, blank)))
    return ft.Column(spacing=6, controls=[
        labelled(ft.Switch(value=draft["stock_out"]), ctx.t("rummy.view.stock_out"), stock_out),
        *[c for n in ctx.players for c in one_go_switch(ctx, n, draft["lines"][n])],
        ft.Row(wrap=True, controls=buttons),
        *empty_note(ctx, draft["lines"]),
    ])


def empty_note(ctx: GameContext, lines: dict) -> list[ft.Control]:
    """The players of these lines with no card entered, named beside the button before the round is sent (a phone
    says it its own way: `own_empty`) [ruling, this view's]: the engine reads an empty line as a player who went
    out, so a forgotten hand won a round that ended with the stock out (or kept a 500 Rummy winner's melds from
    counting). No real line is empty, but the engine accepts one, so the form, and a phone, say it before the tap."""
    empty = [n for n in ctx.players if n in lines and untouched(lines[n])]
    return [aside(ctx.lang, ctx.t(variant_key(ctx, "rummy.view.empty_lines"), names=empty))] if empty else []


def variant_key(ctx: GameContext, key: str) -> str:
    """key, or its 500 Rummy words (`<key>_500`): an empty 500 line scores 0 (nothing melded, no hand left); the
    table's note read that every player named went out holding nothing, while only one may go out."""
    return f"{key}_500" if ctx.state["options"]["variant"] == "500" else key


def own_empty(ctx: GameContext, line: dict) -> list[ft.Control]:
    """Under a phone's "give my line" while its line holds no card, what giving it means, as information for the
    person holding the phone: the table form's words ("No cards yet for Ann: …", shown before she had tapped
    anything) read, on her own phone, as a warning aimed at her."""
    return [aside(ctx.lang, ctx.t(variant_key(ctx, "rummy.view.own_empty")))] if untouched(line) else []


def send(ctx: GameContext, draft: dict) -> None:
    """Send the round (or the correction); first ask where a laid-off card went when the engine needs to know.
    Start a fresh draft once it is accepted."""
    if round_edit.refused_unchanged(ctx, draft):
        return
    action = round_edit.action(ctx, draft, "round", round_fields(ctx, draft))
    err = ctx.engine.check(ctx.state, action)
    if err is not None and err.key == AMBIGUOUS:
        card = rummy_code(err.params["card"])
        choices = places(ctx, draft, card)
        if choices:
            draft["ask"] = {"name": err.params["name"], "card": card, "choices": choices}
            ctx.refresh()
            return
    if round_edit.send(ctx, draft, KEYS, action):
        if round_edit.editing(draft) is None:
            draft.update(lines={n: new_line() for n in ctx.players}, stock_out=False, onto={})
        round_edit.close(draft)
        draft.update(who=ctx.players[0], into="hand", ask=None)


def places(ctx: GameContext, draft: dict, card: str) -> list[list[str]]:
    """The round's melds the laid-off card could have joined: each one the engine accepts it on (`check`)."""
    melds = [m for n in ctx.players for m in draft["lines"][n]["melds"] if m]
    out = []
    for group in melds:
        trial = {**draft, "onto": {**draft["onto"], card: group[0]}}
        err = ctx.engine.check(ctx.state, round_edit.action(ctx, draft, "round", round_fields(ctx, trial)))
        here = err is not None and err.key == AMBIGUOUS and rummy_code(err.params["card"]) == card
        if err is None or (err.key not in MISPLACED and not here):
            out.append(list(group))
    return out


def ask_panel(ctx: GameContext, draft: dict) -> ft.Control:
    """Where did the laid-off card go? One button per meld it could have joined; then the round is sent again."""
    ask = draft["ask"]

    def choose(group: list[str]) -> None:
        """Note the meld the card went onto (by its first card) and send the round again."""
        draft["onto"][ask["card"]] = group[0]
        draft["ask"] = None
        send(ctx, draft)
        ctx.refresh()

    return ft.Container(padding=12, border_radius=10, bgcolor=ft.Colors.TERTIARY_CONTAINER,
                        alignment=ft.Alignment.TOP_LEFT, content=ft.Column(
        spacing=8, controls=[
            ft.Text(ctx.t(AMBIGUOUS, name=ask["name"], card=card_name(ask["card"])), size=17,
                    weight=ft.FontWeight.BOLD),
            ft.Text(ctx.t("rummy.view.where", name=ask["name"], card=card_name(ask["card"])), size=15),
            *[ft.OutlinedButton(content=ctx.t("rummy.view.onto", cards=names(laid(ctx, group))), style=tall(),
                                on_click=lambda e, g=group: choose(g))
              for group in ask["choices"]],
            ft.TextButton(content=ctx.t("rummy.view.back"), on_click=lambda e: (draft.update(ask=None),
                                                                               ctx.refresh())),
        ]))
