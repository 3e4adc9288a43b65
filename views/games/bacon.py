"""Bacon view: the two teams and their points, the first dealer, the finishing order tapped player by player,
the deals so far, and the referee (reachable from the deal screen): tap the cards on the table and the cards
played, read the verdict, and put it on record as a `ruling` when the table wants it.

Drafts in `ctx.local["bacon"]`: the order tapped so far, whether the referee is open, the referee's piles,
the suit being tapped, the type the table combination was played as, and the last verdict checked.
Tapping a past deal in the deals table opens its finishing order for a correction (`views.games.round_edit`;
the engine replays the later deals); undoing a deal hands its order back to the form.
Combination types arrive as raw ids ("flush5") and are shown through `cards.type.<type>`.

A player's own phone in table mode shows the teams, the first dealer, the deals table, and a big "I'm out!"
button (pinned above the scrolling screen, as a race's buttons are, `views.components.race`, with why a tap was
refused right under it) that records the seat's `out` the moment its last card is played [ruling, this view's]: the
order the taps arrive is the finishing order, and the deal is recorded once a whole team is out. Once out, the phone
says in which place. Every screen shows who is out so far while the deal is played; the referee or the host may
still enter the whole order (`round_edit.enters`), starting it from the taps so far (for a player without a phone:
the table's order wins and drops the taps). A phone's referee checks what beats, but only a screen that acts for
the table puts a check on record. A shared phone (passed around) taps the order in, as before.

Bacon is played in deals, and its screens say so wherever the shared words say "round" (the header, the deals
table, a correction, the phone's heading, the home's continue line, the end chart): `bacon.<shared key>` entries
in its word tables, read by `words.say_for` (第 2 局, not 第 2 轮, as its rules and order form say).
"""

from __future__ import annotations

import flet as ft

from scoring.core import TABLE, RuleError
from scoring.games.bacon import members, referee
from validators.cards import BACON_SUITS, BOMBS, WILD, readings
from views import words
from views.components.cards import card_buttons, pile
from views.components.offers import offer_here
from views.components.race import claim_handler
from views.components.refusal import said
from views.context import GameContext
from views.games import round_edit
from views.ui import aside, choice_row, tall, text_style

PILES = ("table", "played")
KEYS = ("order",)


def draft_of(ctx: GameContext) -> dict:
    """The view's scratch: order (and the past deal open for correction), referee piles and choices; the undone
    deal's order handed back."""
    draft = ctx.local.setdefault("bacon", {"order": [], "editing": None, "referee": False, "table": [],
                                           "played": [], "into": "played", "suit": BACON_SUITS[0],
                                           "table_type": None, "verdict": None})
    round_edit.hand_back(ctx, draft, KEYS, not draft["order"], "deal",
                         lambda a: {"order": list(a.get("order") or [])})
    return draft


def type_name(ctx: GameContext, kind: str) -> str:
    """A combination type in words."""
    return ctx.t(f"cards.type.{kind}")


def combo_name(ctx: GameContext, kind: str, size: int | None) -> str:
    """A combination in words with its number of cards ("3-card run", 3 张顺子) [ruling, this view's]; a bomb by its
    name alone, which says its size ("5-card straight flush", 四张炸弹: "5-card 5-card straight flush" read oddly)."""
    if size is None or kind in BOMBS:
        return type_name(ctx, kind)
    return ctx.t("cards.sized", size=size, type=type_name(ctx, kind))


def card_label(ctx: GameContext, code: str) -> str:
    """A card as the table calls it: its code ("7B"), the Wild by its name ("Wild", not its code "X")."""
    return ctx.t("bacon.card.wild") if code == WILD else code


def card_said(ctx: GameContext, code: str) -> str:
    """A card as a screen reader says it [ruling, this view's]: its rank and its suit ("7 of suit B", 花色 B 的 7;
    "7B" was read as it is painted), the Wild by its name. The rules name no suits (RULINGS §8, the designer's
    rules: "three suits"), so a suit keeps the letter the app gives it, as its button says ("Suit B")."""
    return card_label(ctx, code) if code == WILD else ctx.t("bacon.card.said", rank=code[:-1], suit=code[-1:])


def card_face(ctx: GameContext, code: str) -> ft.Text:
    """A card's button text: shown as the table calls it ("7B"), read with its rank and suit (`card_said`)."""
    return ft.Text(card_label(ctx, code), semantics_label=card_said(ctx, code))


def cards_text(ctx: GameContext, codes: list[str]) -> str:
    """Cards on one line, each as the table calls it ("7B Wild")."""
    return " ".join(card_label(ctx, c) for c in codes)


def reason_text(ctx: GameContext, reason: dict) -> str:
    """A referee reason (key + params) in words: each pile's combination with its size (`combo_name`), a type
    asked for by its name."""
    params = dict(reason.get("params", {}))
    for side in PILES:
        if f"{side}_type" in params:
            params[f"{side}_type"] = combo_name(ctx, params[f"{side}_type"], params.get(f"{side}_size"))
    if "type" in params:
        params["type"] = type_name(ctx, params["type"])
    return ctx.t(reason["key"], **params)


def build(ctx: GameContext) -> ft.Control:
    """Teams, dealer choice (after the first deal: who deals the deal being played), the finishing order, the
    referee and the deals table (on a screen that does not enter deals: no dealer choice, order or record of a check).
    Ruling: every screen names the dealer of the deal being played in the first-dealer line's place; the header
    leaves the dealer out (`views.session.said_once`), and the next dealer follows the team that scored, which a
    table does not work out at a glance."""
    draft = draft_of(ctx)
    enters = round_edit.enters(ctx)
    controls: list[ft.Control] = [teams_panel(ctx)]
    if not ctx.state["deals"]:
        controls.append(dealer_panel(ctx, enters))
    elif not ctx.state["over"]:
        controls.append(ft.Text(ctx.t("bacon.view.dealer_now", name=ctx.state["dealer"],
                                      deal=ctx.engine.status(ctx.state)["round"]), size=16))
    controls += [order_panel(ctx, draft)] if enters else own_out(ctx)
    controls += [referee_panel(ctx, draft, enters), deals_table(ctx, draft)]
    return ft.Column(spacing=12, controls=controls)


def out_so_far(ctx: GameContext) -> list[ft.Control]:
    """Who tapped "I'm out!" in the deal being played, in the order the taps arrived (nothing before the first)."""
    out = ctx.state["out"]
    if not out:
        return []
    order = ctx.t("rounds.view.joiner").join(ctx.t("bacon.view.place", place=i + 1, name=n) for i, n in enumerate(out))
    return [aside(ctx.lang, ctx.t("bacon.view.out_so_far", order=order))]


def own_out(ctx: GameContext) -> list[ft.Control]:
    """On a screen that does not enter deals: the deal being played, who is out so far, and on a player's own
    phone what a tap does (in the extra deal the first tap ends it and wins), its "I'm out!" button (pinned while it
    can be tapped) with why the rules refused a tap right under it, pinned with it (as a race claim's: the bar at
    the phone's foot covered the screen; one refused as stale, another phone first, stays the bar's), or the place
    it went out in."""
    number = len(ctx.state["deals"]) + 1
    seat = ctx.seat
    if seat not in ctx.players or ctx.state["over"]:
        return [*round_edit.entered_elsewhere(ctx, number), *out_so_far(ctx)]
    hint = "bacon.view.own_out_extra" if ctx.state["phase"] == "extra" else "bacon.view.own_out"
    heading = [round_edit.round_heading(ctx, number), aside(ctx.lang, ctx.t(hint))]
    if seat in ctx.state["out"]:
        place = ctx.state["out"].index(seat) + 1
        return [*heading, ft.Text(ctx.t("bacon.view.you_out", place=place), size=18, weight=ft.FontWeight.W_600),
                *out_so_far(ctx)]
    if not offer_here(ctx, "out"):
        return [*heading, *out_so_far(ctx)]
    at = round_edit.own_key(number)
    button = ft.FilledButton(content=ctx.t("bacon.view.im_out"), icon=ft.Icons.FLAG, height=72, expand=True,
                             key=ft.ScrollKey(at),
                             style=ft.ButtonStyle(text_style=text_style(size=20, weight=ft.FontWeight.BOLD)),
                             on_click=claim_handler(lambda name: ctx.dispatch_soon(
                                 {"type": "out", "by": name, "round": number}, at=at), seat))
    row = ft.Column(controls=[ft.Row(controls=[button]), *said(ctx, at)], spacing=4)  # the button stays itself
    pin = getattr(ctx, "pin", None)
    if pin is not None:
        pin(row)
        return [*heading, *out_so_far(ctx)]
    return [*heading, row, *out_so_far(ctx)]


def teams_panel(ctx: GameContext) -> ft.Control:
    """Each team's players and points (the points word kept with its number), and the target."""
    totals = ctx.engine.team_totals(ctx.state)
    rows = [ft.Text(words.no_orphan(ctx.t("bacon.view.team", team=t + 1, names=" + ".join(members(ctx.state, t)),
                                          points=totals[t])), size=18, weight=ft.FontWeight.W_600)
            for t in range(len(totals))]  # no lone "points" at 2x text
    rows.append(ft.Text(ctx.t("bacon.view.target", target=ctx.state["target"], deals=ctx.state["deal_limit"]),
                        size=13))
    return ft.Column(spacing=2, controls=rows)


def dealer_panel(ctx: GameContext, choosing: bool) -> ft.Control:
    """Before the first deal: who deals (drawn, or named by the table), and (choosing) buttons to name another
    under words saying so."""
    chosen = ctx.state["dealer_chosen"]
    key = ("bacon.view.first_dealer_chosen" if chosen else "bacon.view.first_dealer") if choosing else \
        ("bacon.view.first_dealer_chosen_shown" if chosen else "bacon.view.first_dealer_shown")  # nothing to tap
    controls: list[ft.Control] = [ft.Text(words.no_orphan(ctx.t(key, name=ctx.state["dealer"])), size=16)]
    if choosing:
        ctx.offer(TABLE, "dealer")
        controls.append(choice_row([(n, n) for n in ctx.players], ctx.state["dealer"],
                                   lambda n: ctx.dispatch({"type": "dealer", "by": "table", "player": n})))
    return ft.Column(spacing=4, controls=controls)


def order_panel(ctx: GameContext, draft: dict) -> ft.Control:
    """Tap the players in the order they went out, then record the deal (or save the correction); while players
    have tapped "I'm out!" on their phones, an empty order may start from their taps (a player without a phone is
    then added by hand; the empty order then says nothing is tapped here, not that nobody is out)."""
    order = draft["order"]
    extra = ctx.state["phase"] == "extra"

    def add(name: str) -> None:
        """The next player out."""
        order.append(name)
        ctx.refresh()

    def remove(index: int) -> None:
        """Take a player back out of the order."""
        del order[index]
        ctx.refresh()

    def fill() -> None:
        """Start the order from the players' taps so far."""
        order[:] = ctx.state["out"]
        ctx.refresh()

    def send() -> None:
        """Record the deal (or the correction); start a fresh order once accepted."""
        if round_edit.refused_unchanged(ctx, draft):
            return
        if round_edit.send(ctx, draft, KEYS, round_edit.action(ctx, draft, "deal", {"order": list(order)})):
            if round_edit.editing(draft) is None:
                order.clear()
            round_edit.close(draft)

    title = words.no_orphan(ctx.t("bacon.view.extra" if extra else "bacon.view.order",
                                  deal=len(ctx.state["deals"]) + 1))
    waiting = [n for n in ctx.players if n not in order]
    buttons = round_edit.save_buttons(ctx, draft, "deal", ctx.t("bacon.view.record_deal"), send, disabled=not order)
    if ctx.state["out"] and not order and round_edit.editing(draft) is None:
        buttons.append(ft.OutlinedButton(content=ctx.t("bacon.view.fill_from_taps"), icon=ft.Icons.DOWNLOAD,
                                         on_click=lambda e: fill()))
    return ft.Container(padding=10, border_radius=10, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                        alignment=ft.Alignment.TOP_LEFT, content=ft.Column(
        spacing=8, controls=[
            round_edit.heading(ctx, draft, title),
            *out_so_far(ctx),
            ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
                ft.OutlinedButton(content=ctx.t("bacon.view.out", name=n), style=tall(), on_click=lambda e, n=n: add(n))
                for n in waiting]),
            pile(ctx, [ctx.t("bacon.view.place", place=i + 1, name=n) for i, n in enumerate(order)], remove,
                 "bacon.view.none_here" if ctx.state["out"] else "bacon.view.nobody_out",
                 [ctx.t("bacon.view.place_said", place=i + 1, name=n) for i, n in enumerate(order)], at="pile-order"),
            ft.Row(wrap=True, controls=buttons),
        ]))


def referee_panel(ctx: GameContext, draft: dict, recording: bool) -> ft.Control:
    """The referee: closed, a button to open it; open, the two piles, the card picker and the verdict (and, where
    recording, the button that puts the check on record: the table's ruling is offered here, open or closed)."""
    if recording:
        ctx.offer(TABLE, "ruling")

    def update(**fields) -> None:
        """Change the referee scratch and show it again."""
        draft.update(fields)
        ctx.refresh()

    if not draft["referee"]:
        return ft.OutlinedButton(content=ctx.t("bacon.view.referee_open"), icon=ft.Icons.GAVEL,
                                 on_click=lambda e: update(referee=True))

    def pick(code: str) -> None:
        """Add a card to the pile being tapped."""
        update(**{draft["into"]: draft[draft["into"]] + [code], "verdict": None})

    def remover(which: str):
        """A handler taking a card back out of one pile."""
        return lambda i: update(**{which: draft[which][:i] + draft[which][i + 1:], "verdict": None, "table_type": None})

    def check() -> None:
        """Ask the referee, without recording."""
        try:
            update(verdict=referee(draft["table"], draft["played"], draft["table_type"]))
        except RuleError as err:
            update(verdict={"error": {"key": err.key, "params": err.params}})

    def record() -> None:
        """Put the check on record; clear the piles once accepted."""
        if ctx.dispatch({"type": "ruling", "by": "table", "table": list(draft["table"]),
                         "played": list(draft["played"]), "table_type": draft["table_type"]}, at="ruling"):
            draft.update(table=[], played=[], verdict=None, table_type=None)

    suit = draft["suit"]
    cards = [(code, card_face(ctx, code)) for code in [*(f"{r}{suit}" for r in range(1, 11)), WILD]]
    controls: list[ft.Control] = [
        ft.Row(controls=[ft.Text(ctx.t("bacon.view.referee"), size=16, weight=ft.FontWeight.BOLD, expand=True),
                         ft.TextButton(content=ctx.t("bacon.view.referee_close"),
                                       on_click=lambda e: update(referee=False))]),
        choice_row([(p, ctx.t(f"bacon.view.into.{p}")) for p in PILES], draft["into"], lambda p: update(into=p)),
        choice_row([(s, ctx.t("bacon.view.suit", suit=s)) for s in BACON_SUITS], suit, lambda s: update(suit=s)),
        card_buttons(cards, pick),
    ]
    for which in PILES:
        heading = ctx.t(f"bacon.view.pile.{which}")
        if which == draft["into"]:
            heading = ctx.t("bacon.view.tapping", pile=heading)
        controls += [ft.Text(heading, weight=ft.FontWeight.W_600),
                     pile(ctx, [card_label(ctx, c) for c in draft[which]], remover(which), "bacon.view.pile_empty",
                          [card_said(ctx, c) for c in draft[which]], at=f"pile-{which}")]
    controls += as_played(ctx, draft, update)
    buttons = [ft.FilledButton(content=ctx.t("bacon.view.check"), icon=ft.Icons.HELP, disabled=not draft["played"],
                               on_click=lambda e: check())]
    if recording:
        buttons.append(ft.OutlinedButton(content=ctx.t("bacon.view.record_ruling"), icon=ft.Icons.SAVE,
                                         disabled=not draft["played"], key=ft.ScrollKey("ruling"),
                                         on_click=lambda e: record()))
    controls += [ft.Row(wrap=True, controls=buttons), *said(ctx, "ruling")]
    if draft["verdict"]:
        controls.append(verdict_view(ctx, draft["verdict"]))
    controls += rulings_list(ctx)
    return ft.Container(padding=10, border_radius=10, bgcolor=ft.Colors.SECONDARY_CONTAINER,
                        content=ft.Column(spacing=8, controls=controls))


def as_played(ctx: GameContext, draft: dict, update) -> list[ft.Control]:
    """When the table cards read several ways: which type they were played as (best reading by default)."""
    try:
        kinds = list(dict.fromkeys(c.type for c in readings(draft["table"])))
    except RuleError:
        return []
    if len(kinds) < 2:
        return []
    options = [(None, ctx.t("bacon.view.as_best"))] + [(k, type_name(ctx, k)) for k in kinds]
    return [ft.Text(ctx.t("bacon.view.as_played")),
            choice_row(options, draft["table_type"], lambda k: update(table_type=k, verdict=None))]


def reading_text(ctx: GameContext, which: str, reading: dict | None) -> str:
    """One pile's best reading in words."""
    if reading is None:
        return ctx.t(f"bacon.view.reading_none.{which}")
    return ctx.t(f"bacon.view.reading.{which}", type=combo_name(ctx, reading["type"], reading["size"]),
                 rank=reading["rank"])


def verdict_view(ctx: GameContext, verdict: dict) -> ft.Control:
    """The verdict: beats or not, why, and how both piles read."""
    if "error" in verdict:
        return ft.Text(reason_text(ctx, verdict["error"]), color=ft.Colors.ERROR, size=16)
    colour = ft.Colors.PRIMARY if verdict["beats"] else ft.Colors.ERROR
    return ft.Column(spacing=2, controls=[
        ft.Text(reason_text(ctx, verdict["reason"]), size=17, weight=ft.FontWeight.BOLD, color=colour),
        ft.Text(reading_text(ctx, "table", verdict["table_reading"]), size=13),
        ft.Text(reading_text(ctx, "played", verdict["played_reading"]), size=13),
    ])


def rulings_list(ctx: GameContext) -> list[ft.Control]:
    """The referee checks on record: each ruling's cards and verdict (a lead said as one: "on —" read oddly), read
    with each card said in words ("7 of suit B and Wild")."""
    def line(ruling: dict, shown: bool) -> str:
        """One ruling in words, its cards as shown or as said."""
        cards = {side: cards_text(ctx, ruling[side]) if shown else [card_said(ctx, c) for c in ruling[side]]
                 for side in PILES}
        return ctx.t("bacon.view.ruling" if ruling["table"] else "bacon.view.ruling_lead", deal=ruling["deal"],
                     verdict=reason_text(ctx, ruling["reason"]), **cards)

    return [ft.Text(line(r, True), semantics_label=line(r, False), size=13) for r in ctx.state["rulings"]]


def final(ctx: GameContext) -> ft.Control:
    """The end screen's deals table (the one the table watched all game: each deal's points and the totals), read
    only; the end screen had only each player's breakdown and the chart. Under it, the referee's rulings on record
    with their verdicts (the log names only the cards asked about, and a finished game has no referee panel)."""
    table = deals_table(ctx, draft_of(ctx))
    rulings = rulings_list(ctx)
    if not rulings:
        return table
    heading = ft.Text(ctx.t("bacon.view.rulings"), size=16, weight=ft.FontWeight.BOLD)
    return ft.Column(spacing=8, controls=[table, heading, *rulings])


def deals_table(ctx: GameContext, draft: dict) -> ft.Control:
    """Each deal: dealer, who went out first, which team scored how much, and the team totals, a line per team
    (on one line they ran past a phone's edge); tapping a deal opens its order for a correction."""
    deals = ctx.state["deals"]
    if not deals:
        return aside(ctx.lang, ctx.t("bacon.view.no_deals"))

    def open_deal(number: int) -> None:
        """Open a past deal's finishing order in the form."""
        round_edit.open_round(draft, KEYS, number, {"order": list(deals[number - 1]["order"])})
        ctx.refresh()

    rows = [{"dealer": d["dealer"], "first": d["order"][0],
             "scored": ctx.t("bacon.view.team_points", team=d["team"] + 1, points=d["points"])} for d in deals]
    totals = "\n".join(ctx.t("bacon.view.team_total", team=t + 1, points=p)
                        for t, p in enumerate(ctx.engine.team_totals(ctx.state)))
    columns = [(c, ctx.t(f"bacon.view.column.{c}")) for c in ("dealer", "first", "scored")]
    return round_edit.rounds_table(ctx, draft, rows, {"scored": totals}, open_deal, columns, total_headings=False)
