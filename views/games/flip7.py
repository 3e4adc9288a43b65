"""Flip 7 view: tap each player's cards for the round (numbers 0–12, modifiers, Second Chances used, how the
round ended), see the points the engine gives each line, send the round; the rounds so far; the coach.

The draft round lives in `ctx.local["flip7"]` (survives re-renders and language switches): per player the
tapped cards in order, Second Chances used, the status and, for the coach, whether they hold a Second Chance.

Coach (option `coach`, off by default): `flip7.bust_chances` for every player still playing ("still playing" is
a draft status offered only with the coach on; the round can be sent once everyone has finished). The cards
seen since the last shuffle: the engine's `seen_since_shuffle` (every card of the rounds entered since the
table's last `shuffle` action, which the "The deck was shuffled" button records), the Second Chances used in
the round being entered, and the action cards the table taps into the coach (Freeze, Flip Three, and Second
Chances discarded unused), which the round lines do not show. A player's line given on their own phone counts as
the table's line for that player while the table's is untouched (`round_lines`): those cards are out of the deck
too, and a player who gave theirs has finished. Those taps are a coach hint, not part of any
rule, so they stay view scratch (`ctx.local`, tagged with the shuffle they follow): they clear when the deck is
shuffled and are forgotten when the app restarts.

A Flip 7 taken back [ruling, this view's]: when a line stops being a Flip 7 (a mis-tapped 7th number taken back,
another status chosen, the line cleared), what becoming one changed is undone: the players it marked as stayed
are still playing again (unless changed since), and a line that became one by its cards gets back the status it
had (one chosen with the Flip 7 button keeps that choice). What to undo is kept in the draft (`draft["ended"]`).

A new round is sent with its number (`round`), so cards tapped for a round completed meanwhile from the players'
lines are refused, not recorded as the next round.

Players' own lines [ruling, this view's]: a player's own phone in table mode shows the rounds table, a line saying
each player gives their own cards here (the referee or the host may also enter the whole round), and the card
picker for the seat's own line only, with the points it scores and "give my line" (a `line`; given again, the
later one counts; the picker keeps what was given until the next round, also when the host undoes it); no coach.
While lines wait, every screen says who gave what and who is still to give; the table's screen offers to fill its
untouched lines from them. A shared phone (passed around) enters whole rounds only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import flet as ft

from scoring.core import TABLE, RuleError
from scoring.games.flip7 import MODIFIERS, bust_chances, check_line, score_line, seen_since_shuffle
from views.components.cards import card_buttons, pile, stepper
from views.components.offers import offer_here
from views.components.refusal import said
from views.context import GameContext
from views.games import round_edit
from views.ui import aside, choice_row, labelled, name_row

ACTIVE = "active"
STATUSES = ("stayed", "frozen", "busted", "flip7")
EXTRA_CARDS = ("freeze", "flip3", "second_chance")
KEYS = ("lines",)


def label(code: str) -> str:
    """How a card code is shown: numbers and + modifiers as they are, x2 as ×2."""
    return "×2" if code == "x2" else code


def new_line(coach: bool) -> dict:
    """An empty draft line (still playing when the coach is on, else stayed)."""
    return {"cards": [], "chances": 0, "status": ACTIVE if coach else "stayed", "holds": False}


def draft_of(ctx: GameContext) -> dict:
    """The draft round, with a line for every player and someone selected; extras from before the last shuffle
    dropped."""
    coach = bool(ctx.state["options"]["coach"])
    draft = ctx.local.setdefault("flip7", {"who": ctx.players[0], "lines": {}, "shuffled_at": 0, "seen": []})
    if draft["shuffled_at"] != ctx.state["shuffled_at"]:
        draft.update(shuffled_at=ctx.state["shuffled_at"], seen=[])
    for name in ctx.players:
        draft["lines"].setdefault(name, new_line(coach))
    if draft["who"] not in ctx.players:
        draft["who"] = ctx.players[0]
    empty = all(draft["lines"][n] == new_line(coach) for n in ctx.players)
    round_edit.hand_back(ctx, draft, KEYS, empty, "round", lambda a: entries_of(a.get("lines") or {}))
    return draft


def entries_of(lines: dict) -> dict:
    """Engine lines (of a round in the state or an undone action) as draft lines: numbers then modifiers."""
    out = {}
    for name, line in lines.items():
        cards = [str(n) for n in line.get("numbers", [])] + [str(m) for m in line.get("modifiers", [])]
        out[name] = {"cards": cards, "chances": int(line.get("second_chance", 0)),
                     "status": line.get("status", "stayed"), "holds": False}
    return {"lines": out}


def line_of(draft_line: dict) -> dict:
    """The engine's line for a draft line."""
    numbers = [int(c) for c in draft_line["cards"] if c.isdigit()]
    modifiers = [c for c in draft_line["cards"] if not c.isdigit()]
    return {"numbers": numbers, "modifiers": modifiers, "second_chance": draft_line["chances"],
            "status": draft_line["status"]}


def is_flip7(name: str, draft_line: dict) -> bool:
    """Whether the engine reads the line as a Flip 7 (chosen, or seven different numbers whatever the status)."""
    if draft_line["status"] == "flip7":
        return True
    try:
        return check_line(name, {**line_of(draft_line), "status": "stayed"})["status"] == "flip7"
    except RuleError:
        return False


def verdict(ctx: GameContext, name: str, draft_line: dict) -> tuple[str, bool]:
    """The points the engine gives the line, or why it cannot be right; and whether it cannot."""
    try:
        return ctx.t("flip7.view.points", points=score_line(check_line(name, line_of(draft_line)))["points"]), False
    except RuleError as err:
        return ctx.t(err.key, **err.params), True


def untouched(draft_line: dict, coach: bool) -> bool:
    """Whether nothing is entered on the line yet: no cards, no Second Chance, the status it starts with."""
    fresh = new_line(coach)
    return all(draft_line[k] == fresh[k] for k in ("cards", "chances", "status"))


def reading(ctx: GameContext, name: str, draft_line: dict, picked: bool = False) -> str | None:
    """The status of a draft line and, once the player is done, the engine's points for it or why it cannot be
    right; nothing while the line is untouched (its starting status said "Stayed · 0 points" of a player with no
    cards yet). The line open in the picker (`picked`) leaves why it cannot be right to the picker, where it is
    being tapped (a Chinese phone said it twice, in the row and under the picker)."""
    if untouched(draft_line, bool(ctx.state["options"]["coach"])):
        return None
    status = ctx.t(f"flip7.view.status.{draft_line['status']}")
    if draft_line["status"] == ACTIVE:
        return status
    said, wrong = verdict(ctx, name, draft_line)
    return status if wrong and picked else status + ctx.t("flip7.view.sep") + said


def build(ctx: GameContext) -> ft.Control:
    """The round entry, the coach (when the option is on) and the rounds table; on a screen that does not enter
    rounds, the rounds table only."""
    draft = draft_of(ctx)
    waiting = round_edit.lines_waiting(ctx, {n: ctx.t("flip7.view.points", points=score_line(line)["points"])
                                             for n, line in ctx.state["lines"].items()})
    if not round_edit.enters(ctx):
        own = own_line(ctx)
        heading = round_edit.own_heading(ctx, len(ctx.state["rounds"]) + 1, own, "flip7.view.own_or_referee")
        return ft.Column(spacing=12, controls=[*round_edit.own_screen(ctx, heading, own, waiting, round_edit.SAID),
                                               rounds_table(ctx, draft)])
    controls: list[ft.Control] = [
        round_edit.heading(ctx, draft, ctx.t("flip7.view.enter", round=len(ctx.state["rounds"]) + 1)),
        waiting,
        players_panel(ctx, draft),
        editor(ctx, draft),
        send_row(ctx, draft),
        *said(ctx, "finish"),
    ]
    if ctx.state["options"]["coach"] and round_edit.editing(draft) is None:
        controls.append(coach_panel(ctx, draft))
    controls.append(rounds_table(ctx, draft))
    return ft.Column(spacing=12, controls=controls)


def players_panel(ctx: GameContext, draft: dict) -> ft.Control:
    """One row per player: a button to edit their line, their cards and, once something is entered, the status
    and the points so far; a line the table has not touched shows what the player gave on their phone, said so."""

    def choose(name: str) -> None:
        """Edit this player's line."""
        draft["who"] = name
        ctx.refresh()

    rows = []
    kept = from_phones(ctx, draft)
    for name in ctx.players:
        line = draft["lines"][name]
        given = name in kept
        shown = entries_of({name: ctx.state["lines"][name]})["lines"][name]["cards"] if given else line["cards"]
        cards = " ".join(label(c) for c in shown) or ctx.t("flip7.view.no_cards")
        status = ctx.t("flip7.view.given_on_phone") if given else reading(ctx, name, line, name == draft["who"])
        lines = [ft.Text(cards, size=16)]
        if status is not None:
            lines.append(ft.Text(status, size=13, color=ft.Colors.ON_SURFACE_VARIANT))
        rows.append(name_row(name, name == draft["who"], lambda n=name: choose(n),
                             ft.Column(spacing=0, controls=lines)))
    return ft.Column(spacing=6, controls=rows)


def editor(ctx: GameContext, draft: dict) -> ft.Control:
    """The card picker for the selected player: numbers, modifiers, the cards so far, Second Chances, status, and
    under the status the line's points or why it cannot be right, once it is finished (on a phone the picker fills
    the screen, and the player's row above it, where a refused line said why, was out of view)."""
    name = draft["who"]
    line = draft["lines"][name]
    coach = bool(ctx.state["options"]["coach"])

    def change(**fields) -> None:
        """Update the selected line and show it again. A Flip 7 (chosen, or seven different numbers, which the
        engine reads as one) ends the round: everyone still playing stayed with what they had. A line that stops
        being one gets back what becoming one changed: its own status, unless a status is chosen, and the players
        still playing (`take_back`)."""
        was, before = is_flip7(name, line), line["status"]
        line.update(fields)
        ended = draft.get("ended") if (draft.get("ended") or {}).get("name") == name else None
        if ended and ended["status"] and "status" not in fields:
            line["status"] = ended["status"]
        if is_flip7(name, line):
            if not was:
                draft["ended"] = {"name": name, "status": None if "status" in fields else before, "stayed": []}
            end_round(draft, name)
        elif ended:
            take_back(draft, ended)
        ctx.refresh()

    def pick(code: str) -> None:
        """Add a tapped card."""
        change(cards=line["cards"] + [code])

    def remove(index: int) -> None:
        """Take a tapped card back."""
        change(cards=line["cards"][:index] + line["cards"][index + 1:])

    statuses = ((ACTIVE,) if coach else ()) + STATUSES
    controls: list[ft.Control] = [
        ft.Text(ctx.t("flip7.view.cards_of", name=name), size=16, weight=ft.FontWeight.BOLD),
        card_buttons([(str(n), str(n)) for n in range(13)], pick),
        card_buttons([(m, label(m)) for m in MODIFIERS], pick),
        pile(ctx, [label(c) for c in line["cards"]], remove, "flip7.view.no_cards", at=f"pile-{name}"),
        stepper(ctx, ctx.t("flip7.view.chances"), lambda: line["chances"], lambda v: change(chances=v), maximum=3),
        choice_row([(s, ctx.t(f"flip7.view.status.{s}")) for s in statuses], line["status"],
                   lambda s: change(status=s)),
    ]
    if line["status"] != ACTIVE and not untouched(line, coach):
        said, wrong = verdict(ctx, name, line)
        controls.append(ft.Text(said, size=14, color=ft.Colors.ERROR if wrong else None))
    if coach and line["status"] == ACTIVE:
        controls.append(labelled(ft.Switch(value=line["holds"]), ctx.t("flip7.view.holds"),
                                 lambda on: change(holds=on)))
    controls.append(clear_button(ctx, draft, name, change))
    return ft.Container(padding=10, border_radius=10, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                        content=ft.Column(spacing=8, controls=controls))


def clear_button(ctx: GameContext, draft: dict, name: str, change: Callable[..., None]) -> ft.Control:
    """"Clear name's cards", or, while the line is still as that left it in this round, "Put back name's cards"
    (the button sits under the status buttons: a slip of the finger emptied a whole line for good)."""
    line, coach = draft["lines"][name], bool(ctx.state["options"]["coach"])
    here = [name, len(ctx.state["rounds"]), round_edit.editing(draft)]
    cleared = draft.get("cleared")
    if cleared and cleared["at"] == here and untouched(line, coach):
        return ft.TextButton(content=ctx.t("flip7.view.put_back", name=name), icon=ft.Icons.UNDO,
                             on_click=lambda e: (draft.pop("cleared", None), change(**cleared["line"])))

    def clear() -> None:
        """Empty the line, keeping what it held to be put back."""
        draft["cleared"] = {"at": here, "line": {k: line[k] for k in ("cards", "chances", "status", "holds")}}
        change(**new_line(coach))

    return ft.TextButton(content=ctx.t("flip7.view.clear", name=name), icon=ft.Icons.CLEAR,
                         on_click=lambda e: clear())


def end_round(draft: dict, name: str) -> None:
    """name's line is a Flip 7: everyone still playing stayed with what they had (noted in `draft["ended"]`, when
    it is name's, to be taken back)."""
    draft["lines"][name]["status"] = "flip7"
    ended = draft.get("ended") if (draft.get("ended") or {}).get("name") == name else {"stayed": []}
    for other, line in draft["lines"].items():
        if other != name and line["status"] == ACTIVE:
            line["status"] = "stayed"
            ended["stayed"].append(other)


def take_back(draft: dict, ended: dict) -> None:
    """A Flip 7 taken back: the players it made stay are still playing again (unless changed since)."""
    draft.pop("ended", None)
    for other in ended["stayed"]:
        if draft["lines"].get(other, {}).get("status") == "stayed":
            draft["lines"][other]["status"] = ACTIVE


def send_row(ctx: GameContext, draft: dict) -> ft.Control:
    """The add-round button (waiting while someone is still playing) and the next-player button."""
    sent = table_lines(ctx, draft)
    playing = [n for n, line in sent.items() if line["status"] == ACTIVE]
    coach = bool(ctx.state["options"]["coach"])

    def send() -> None:
        """Send every line (a new round or the correction); start a fresh draft once it is accepted."""
        if round_edit.refused_unchanged(ctx, draft):
            return
        lines = table_lines(ctx, draft)
        if round_edit.send(ctx, draft, KEYS, round_edit.action(ctx, draft, "round", {"lines": lines})):
            if round_edit.editing(draft) is None:
                draft["lines"] = {n: new_line(coach) for n in ctx.players}
            draft.pop("ended", None)
            round_edit.close(draft)
            draft["who"] = ctx.players[0]

    def next_player() -> None:
        """Edit the next player's line."""
        draft["who"] = ctx.players[(ctx.players.index(draft["who"]) + 1) % len(ctx.players)]
        ctx.refresh()

    controls: list[ft.Control] = [
        ft.OutlinedButton(content=ctx.t("flip7.view.next"), icon=ft.Icons.ARROW_FORWARD,
                          on_click=lambda e: next_player()),
        *round_edit.save_buttons(ctx, draft, "round", ctx.t("flip7.view.add_round"), send,
                                 disabled=bool(playing)),
    ]
    if round_edit.editing(draft) is None:
        unsent = {n: line["cards"] for n, line in draft["lines"].items() if not untouched(line, coach)}
        controls.append(round_edit.finish_button(ctx, draft, unsent))
    given = [n for n in ctx.state["lines"] if untouched(draft["lines"][n], coach)]
    if given and round_edit.editing(draft) is None:
        controls.append(ft.OutlinedButton(content=ctx.t("flip7.view.fill_from_lines"), icon=ft.Icons.DOWNLOAD,
                                          on_click=lambda e: fill_from_lines(ctx, draft, given)))
    empty = [n for n, line in sent.items()
             if not line["numbers"] and not line["modifiers"] and line["status"] != "busted"]
    if playing:
        controls.append(aside(ctx.lang, ctx.t("flip7.view.still_playing", names=playing)))
    elif empty:  # said before the tap: a line left empty (a forgotten player) is entered as 0 points
        controls.append(aside(ctx.lang, ctx.t("flip7.view.empty_lines", names=empty)))
    return ft.Row(wrap=True, controls=controls)


def table_lines(ctx: GameContext, draft: dict) -> dict[str, dict]:
    """The engine's lines the table's round sends: each draft line, or, for a new round while that is untouched,
    the line the player gave on their own phone [ruling: a round the table enters keeps what the phones gave;
    the host's "Add round" recorded 0 over three given lines]."""
    kept = from_phones(ctx, draft)
    return {n: ctx.state["lines"][n] if n in kept else line_of(draft["lines"][n]) for n in ctx.players}


def from_phones(ctx: GameContext, draft: dict) -> list[str]:
    """The players whose line in a new round is the one they gave on their phone: the table's is untouched."""
    coach = bool(ctx.state["options"]["coach"])
    if round_edit.editing(draft) is not None:
        return []
    return [n for n in ctx.players if n in ctx.state["lines"] and untouched(draft["lines"][n], coach)]


def fill_from_lines(ctx: GameContext, draft: dict, names: list[str]) -> None:
    """Fill the table's untouched lines from the lines those players gave on their phones."""
    draft["lines"].update(entries_of({n: ctx.state["lines"][n] for n in names})["lines"])
    ctx.refresh()


def own_line(ctx: GameContext) -> list[ft.Control]:
    """On a player's own phone: the card picker for the seat's own line, what it scores (said once, under its status
    buttons: a second "Stayed · …" under the picker repeated it), and "give my line" (a `line`); once given, what
    was given, right under the button (at `round_edit.SAID`, as Rummy says it: at the top of the screen it was
    away from the tap); it may be given again until the round is recorded."""
    seat = ctx.seat
    if seat not in ctx.players or not offer_here(ctx, "line"):
        return []
    own = ctx.local.setdefault("flip7_own", {"who": seat, "lines": {seat: new_line(False)}})
    number = round_edit.keep_own(ctx, own, "lines", {seat: new_line(False)}, "line",
                                 lambda given: entries_of({seat: given})["lines"])
    line = own["lines"][seat]

    given = ctx.state["lines"].get(seat)
    gave = [] if given is None else [ft.Text(ctx.t("flip7.view.you_gave", points=score_line(given)["points"]),
                                             size=16, weight=ft.FontWeight.W_600)]
    return [editor(ctx, own),
            round_edit.give_button(ctx, number, ctx.t("flip7.view.give" if given is None else "flip7.view.give_again"),
                                   lambda: {"type": "line", "by": seat, "round": number, "line": line_of(line)},
                                   disabled=line["status"] == ACTIVE),
            *gave]


def round_lines(ctx: GameContext, draft: dict) -> dict[str, dict]:
    """Each player's line in the round being entered, as the coach counts it: the table's draft line, or, while
    that is untouched, the line the player gave on their own phone (its cards are on the table all the same)."""
    lines = {}
    for name in ctx.players:
        draft_line, given = draft["lines"][name], ctx.state["lines"].get(name)
        if given is not None and untouched(draft_line, bool(ctx.state["options"]["coach"])):
            lines[name] = {**given, "holds": False}
        else:
            lines[name] = {**line_of(draft_line), "holds": draft_line["holds"]}
    return lines


def seen_cards(ctx: GameContext, draft: dict) -> list[str]:
    """Cards discarded since the last shuffle: rounds entered since, Second Chances used now, tapped extras."""
    used = ["second_chance"] * sum(line["second_chance"] for line in round_lines(ctx, draft).values())
    return seen_since_shuffle(ctx.state) + used + draft["seen"]


def coach_panel(ctx: GameContext, draft: dict) -> ft.Control:
    """Each player still playing and their chance to bust on the next card; shuffle and extra-card buttons."""
    lines = {n: {**line, "second_chance": line["holds"]} for n, line in round_lines(ctx, draft).items()}
    try:
        chances = bust_chances(seen_cards(ctx, draft), lines)
        rows = [ft.Text(ctx.t("flip7.view.bust_chance", name=n, percent=round(p * 100)), size=16)
                for n, p in chances.items()] or [aside(ctx.lang, ctx.t("flip7.view.coach_idle"))]
    except RuleError as err:
        rows = [ft.Text(ctx.t(err.key, **err.params), color=ft.Colors.ERROR)]

    def saw(code: str) -> None:
        """An action card went to the discards."""
        draft["seen"].append(code)
        ctx.refresh()

    extras = Counter(draft["seen"])
    ctx.offer(TABLE, "shuffle")
    return ft.Container(padding=10, border_radius=10, bgcolor=ft.Colors.TERTIARY_CONTAINER,
                        alignment=ft.Alignment.TOP_LEFT, content=ft.Column(
        spacing=6, controls=[
            ft.Text(ctx.t("flip7.view.coach"), size=16, weight=ft.FontWeight.BOLD),
            ft.Text(ctx.t("flip7.view.coach_since", rounds=len(ctx.state["rounds"]) - ctx.state["shuffled_at"],
                          cards=len(seen_cards(ctx, draft))), size=13),
            *rows,
            ft.Row(wrap=True, controls=[
                ft.OutlinedButton(content=ctx.t(f"flip7.view.seen.{code}", count=extras[code]),
                                  on_click=lambda e, c=code: saw(c))
                for code in EXTRA_CARDS
            ]),
            ft.OutlinedButton(content=ctx.t("flip7.view.shuffled"), icon=ft.Icons.SHUFFLE, key=ft.ScrollKey("shuffle"),
                              on_click=lambda e: ctx.dispatch({"type": "shuffle", "by": "table"}, at="shuffle")),
            *said(ctx, "shuffle"),
        ]))


def final(ctx: GameContext) -> ft.Control:
    """The end screen's rounds table (the one the table watched all game: each round's points and the totals), read
    only; the end screen had only each player's breakdown and the chart."""
    return rounds_table(ctx, draft_of(ctx))


def rounds_table(ctx: GameContext, draft: dict) -> ft.Control:
    """Every round's points and the running totals; tapping a round opens its lines for a correction."""

    def open_round(number: int) -> None:
        """Open a past round's lines in the editor."""
        round_edit.open_round(draft, KEYS, number, entries_of(ctx.state["rounds"][number - 1]["lines"]))
        draft["who"] = ctx.players[0]
        ctx.refresh()

    return round_edit.rounds_table(ctx, draft, [r["scores"] for r in ctx.state["rounds"]],
                                   ctx.engine.totals(ctx.state), open_round)
