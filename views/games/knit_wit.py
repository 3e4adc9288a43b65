"""Knit Wit view: the deal (when dealt at the table), the weave, the answer sheets with the button race, and the
scoring spool by spool with duplicates, the table's rulings on any pair, challenges with the explanation
countdown and votes.

Taps become the engine's actions; what is legal, what is a duplicate and what scores is the engine's
(`scoring.games.knit_wit`: `prompt`, `check`, `spool_review`, `challengeable`, `extra_refusal`). Half-made
choices (the tag being typed, the ticked loops, who holds the phone, answers typed but not saved yet, the pair
picked for a ruling) live in `ctx.local`. Answers are typed only behind the private cover (on a phone seated in
table mode, `ctx.seat`, the seat's own sheet is open at once and no other sheet is offered); each one is checked by
the engine when its field is left, every valid one is saved on "Done", and a refused one keeps its text in its
field with the reason under it. One move is offered once on a screen: the sheet is the player's `answer` move
(`ctx.offer`), so a seated phone's moves panel shows no second "spool / answer" form beside it; the sheet does
all that form did (any spool's answer written or cleared, the typed texts kept as the seat's draft). Stored
aliases go into the session with the `aliases` action (the table's) from the table's tap on the deal or a tap on
the answer screen of a screen that acts for the table (never while drawing; a player's own phone in table mode
does not send them); aliases the table confirms come back from the engine as `alias_learned` events, which the
session layer stores. The table's moves while scoring — picking two answers to rule on, the
suggested duplicates' rulings, "next spool" — show only on a screen that acts for the table (`ctx.for_table`);
a player's own phone shows the answers, the marks, its challenge and vote, and the running totals.

A screen shows a control only for a move it makes (`views.components.offers`: the table's where it acts for the
table, a player's where it acts as that player), as the engine's prompt offers it now, and says so with
`ctx.offer` (`offer_here`), so a seated phone's generic moves panel never offers the same move again: the deal (the
table's: a player's phone shows only that the referee enters it), the turn's loop and spool (only the turn
player's phone; the others show whose turn it is), the 2-player "stop", the challenges (a button on each answer
card the engine lets this screen challenge — never the seat's own — which on a seated phone challenges at once as
its seat; a shared screen then asks who challenges), the ballots (the vote panel's, also during the explanation,
when the server refuses them), the rulings on suggested pairs and "next spool".

The answer cards are one a row on a phone, two a row from 576 px wide, three on a laptop (`CARD_COLS`), so a card's
checkbox and challenge button hold their labels on one line at 390 px; a checkbox's label wraps rather than being cut
(`views.ui.labelled`) for a name too long even for that. Why the matcher suggested a pair is a line of its own under
the card's mark, so a short mark is one line and a Chinese one never breaks inside a word for want of width.

Rulings (RULINGS.md §1, buttons):
- The last button takes what is written [paper]: when a claim takes the last button, the answers every other player
  with an open sheet typed and did not save count, as written on paper. They are saved as that player's own
  `answer` actions, in the log just before the claim (after the claimant's own), so replay is exact and the log
  shows them; then the claim locks every sheet. An answer the engine refuses (the same answer twice on a sheet) is
  not saved and stays in that player's field as typed; the claim still goes ahead (one player's slip must not stop
  the race) and nothing about it is shown on the claimant's screen while sheets are written (it would tell another
  sheet); once scoring starts, where every answer is shown, it is said (below).
- On a phone passed round every player's typed answers are in its scratch (`sheet_work`): the claim saves them
  (`typed_first`, `save_others`), and a refused one keeps the engine's reason under its field.
- In table mode the other players' typed answers are on their own phones: the hub plays them before the claim
  (`TableHub.put_first`, set by `views.table.connected_hub`), from each seat's scratch as the server has it
  (`views.session.seat_scratch`: the open screen's, every keystroke the server has received, else the draft last
  kept). Keystrokes still in flight from a phone when the claim arrives cannot count. A refused answer stays in
  that phone's field and the engine's reason is shown under it at once, in that phone's language: the hub sends
  the refusal (the answer action and the engine's reason, `ctx.refused`) to that seat's phones only, while the claim
  is the log's last action (`views.table_hub`); nobody else's screen says anything of it. With 3 or more players
  the claim starts the scoring and no sheet is left to hold the field: that phone alone says above the spool being
  scored which answer did not count and why (`not_counted`), while the claim is the log's last action. On a phone
  passed round the scoring screen says it for each such player by name (`refused_here`): every answer is shown
  there, so it tells no secret.
- 2 players: the only button is the last one, so the other player's typed answers are saved first, as on paper;
  the one more answer then goes on a spool still blank after them (none blank: the sheet locks at once).
"""

from __future__ import annotations

import re

import flet as ft

from scoring.core import RuleError
from scoring.games import knit_wit as kw
from validators.answers import explain
from views import focus, words
from views.components.offers import offer_here
from views.components.private import COVER, cover, done_button, elsewhere, entry_title, opened
from views.components.race import claim_at, note_race, race_buttons
from views.components.timer import Ticker, digits, ring, seconds_left
from views.components.refusal import said
from views.components.vote import ballot_at, ballots_line, offer_ballots, vote_panel
from views.context import GameContext
from views.session import next_step
from views.ui import HELPER_LINES, aside, choice_row, draft_field, field_sheet, keyed, labelled, tall, tap_radio

TITLE = 18
CARD_COLS = {"xs": 12, "sm": 6, "xl": 4}  # the answer cards: one a row on a phone, two, three on a laptop
SEPARATORS = re.compile(r"[\s,，、;；]+")
PINNED_TICKER = 32  # the explanation's countdown pinned at a voter's phone's top: in sight, not a third of it
SHEET_DONE = "sheet-done"  # the scroll key of a sheet's "Done", under which a refused one more answer is said


def build(ctx: GameContext) -> ft.Control:
    """The screen of the current phase."""
    phase = ctx.state["phase"]
    if phase == "deal":
        return deal_screen(ctx)
    if phase == "weave":
        return weave_screen(ctx)
    if phase == "answer":
        return answer_screen(ctx)
    note_race(ctx, ctx.state["race"])  # a late tap on a button gone is told who took the last one
    return scoring_screen(ctx)


def heading(text: str) -> ft.Text:
    """A bold section heading."""
    return ft.Text(text, size=TITLE, weight=ft.FontWeight.BOLD)


# --- the deal ------------------------------------------------------------------------------------------------


def numbers(text: str) -> list:
    """Typed spool numbers: whole numbers where they read as such, else the text (the engine refuses it)."""
    return [int(part) if part.isdigit() else part for part in SEPARATORS.split(text.strip()) if part]


def deal_screen(ctx: GameContext) -> ft.Control:
    """A field per player for the spools they were dealt, and a button to enter the deal, on a screen that acts
    for the table; elsewhere (a player's own phone) only that the referee enters it."""
    if not offer_here(ctx, "deal"):
        return aside(ctx.lang, ctx.t("knit_wit.view.deal_waiting", count=ctx.state["count"], per=ctx.state["per"]),
                     size=16)
    draft: dict = ctx.local.setdefault("deal", {})

    def send() -> None:
        """Enter the deal (the stored aliases first); clear the fields once it is accepted."""
        deal = {"type": "deal", "by": "table", "spools": {p: numbers(draft.get(p, "")) for p in ctx.players}}
        bring_aliases(ctx, [deal])
        if ctx.dispatch(deal, at="deal"):
            draft.clear()

    fields = [draft_field(draft, p, draft.get(p, ""), label=ctx.t("knit_wit.view.deal_field", name=p), text_size=18,
                          on_change=lambda e, p=p: draft.__setitem__(p, e.control.value))
              for p in ctx.players]
    title = heading(ctx.t("knit_wit.view.deal_title", count=ctx.state["count"], per=ctx.state["per"]))
    deal = ft.FilledButton(content=ctx.t("knit_wit.view.deal_button"), icon=ft.Icons.CHECK, style=tall(),
                           key=ft.ScrollKey("deal"), on_click=lambda e: send())
    return field_sheet([title, *fields], [deal], said(ctx, "deal"))


# --- the weave -----------------------------------------------------------------------------------------------


def loop_label(ctx: GameContext, loop: dict) -> str:
    """A loop as "1 · red"."""
    return ctx.t("knit_wit.view.loop", id=loop["id"], tag=loop["tag"])


def table_layout(ctx: GameContext) -> ft.Control:
    """The loops as tag chips and the spools with the loops around them and their points."""
    state = ctx.state
    chips = [ft.Container(padding=ft.Padding.symmetric(horizontal=12, vertical=6), border_radius=16,
                          bgcolor=ft.Colors.TERTIARY_CONTAINER, content=ft.Text(loop_label(ctx, loop), size=16))
             for loop in state["loops"]]
    rows = []
    for spool in sorted(state["placed"], key=lambda s: s["number"]):
        around = kw.loops_around(state, spool["number"])
        key = "knit_wit.view.spool_separate" if spool["separate"] else "knit_wit.view.spool_row"
        rows.append(ft.Text(ctx.t(key, number=spool["number"], loops=around, tags=" + ".join(
            kw.tags_of(state, spool["number"])), points=len(around)), size=16))
    return ft.Column(spacing=6, controls=[
        heading(ctx.t("knit_wit.view.loops")),
        ft.Row(controls=chips, wrap=True) if chips else aside(ctx.lang, ctx.t("knit_wit.view.no_loops")),
        heading(ctx.t("knit_wit.view.spools")),
        *(rows or [aside(ctx.lang, ctx.t("knit_wit.view.no_spools"))]),
    ])


def weave_screen(ctx: GameContext) -> ft.Control:
    """Whose turn and its step (loop, then spool), above the loops and spools on the table; the step's form only
    on a screen that acts as the turn's player."""
    state = ctx.state
    todo = {"turn": state["turn"], "step": state["step"], "hand": kw.unplaced(state, state["turn"])}
    work: dict = ctx.local.setdefault("weave", {})
    if work.get("turn") != (todo["turn"], todo["step"], len(ctx.state["loops"])):
        work.clear()
        work["turn"] = (todo["turn"], todo["step"], len(ctx.state["loops"]))
    if not offer_here(ctx, todo["step"]):
        step: ft.Control = step_elsewhere(ctx, todo)
    else:
        step = loop_step(ctx, work, todo) if todo["step"] == "loop" else spool_step(ctx, work, todo)
    return ft.Column(spacing=14, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, controls=[
        ft.Container(padding=12, border_radius=12, bgcolor=ft.Colors.SECONDARY_CONTAINER, content=step),
        table_layout(ctx),
    ])


def step_elsewhere(ctx: GameContext, todo: dict) -> ft.Control:
    """The turn's step on a screen that does not act as its player: who places what, on their own phone."""
    key = "knit_wit.view.step_loop" if todo["step"] == "loop" else "knit_wit.view.step_spool"
    return ft.Column(spacing=10, controls=[heading(ctx.t(key, name=todo["turn"])),
                                           ft.Text(words.no_orphan(ctx.t("knit_wit.view.hand", hand=todo["hand"]))),
                                           elsewhere(ctx, todo["turn"])])


def choice(ctx: GameContext, work: dict, slot: str, options: list[int]) -> ft.Control:
    """One of the given spool numbers, as radio buttons remembered in work[slot]."""

    def chosen(value: str) -> None:
        """Remember the chosen spool."""
        work[slot] = int(value)

    def picked(value: str) -> None:
        """A tap beside a radio: remember its spool and draw the group with it chosen."""
        chosen(value)
        ctx.refresh()

    return ft.RadioGroup(value=str(work[slot]) if work.get(slot) is not None else None,
                         on_change=lambda e: chosen(e.control.value),
                         content=ft.Row(wrap=True, controls=[
                             tap_radio(str(n), ctx.t("knit_wit.view.spool_choice", number=n), picked)
                             for n in options]))


def loop_step(ctx: GameContext, work: dict, todo: dict) -> ft.Control:
    """The tag (typed, or drawn from the deck) and the one placed spool the new loop encloses."""
    player = todo["turn"]
    deck = ctx.state["options"]["tags"] != "table"
    placed = sorted(s["number"] for s in ctx.state["placed"])
    if len(placed) == 1:
        work.setdefault("encloses", placed[0])

    def send() -> None:
        """Place the loop."""
        encloses = [work["encloses"]] if work.get("encloses") is not None else []
        tag = None if deck else work.get("tag", "")
        ctx.dispatch({"type": "loop", "by": player, "tag": tag, "encloses": encloses}, at="loop")

    controls: list[ft.Control] = [heading(ctx.t("knit_wit.view.step_loop", name=player)),
                                  ft.Text(words.no_orphan(ctx.t("knit_wit.view.hand", hand=todo["hand"])))]
    if not deck:
        controls.append(draft_field(work, "tag", work.get("tag", ""), label=ctx.t("knit_wit.view.tag_field"),
                                    max_length=kw.TAG_LIMIT, text_size=18,
                                    on_change=lambda e: work.__setitem__("tag", e.control.value)))
    if placed:
        controls += [ft.Text(ctx.t("knit_wit.view.encloses")), choice(ctx, work, "encloses", placed)]
    else:
        controls.append(aside(ctx.lang, ctx.t("knit_wit.view.first_loop")))
    label = "knit_wit.view.draw_tag" if deck else "knit_wit.view.place_loop"
    icon = ft.Icons.STYLE if deck else ft.Icons.GESTURE
    return field_sheet(controls, [ft.FilledButton(content=ctx.t(label), icon=icon, style=tall(),
                                                  key=ft.ScrollKey("loop"), on_click=lambda e: send())],
                       said(ctx, "loop"))


def spool_step(ctx: GameContext, work: dict, todo: dict) -> ft.Control:
    """Which of the player's spools, and the loops around it (checkboxes); warns on an occupied loop set."""
    player = todo["turn"]
    work.setdefault("number", todo["hand"][0])
    ticked: list = work.setdefault("loops", [])

    def tick(loop_id: int, on: bool) -> None:
        """Tick or untick a loop around the spool."""
        if on and loop_id not in ticked:
            ticked.append(loop_id)
        elif not on and loop_id in ticked:
            ticked.remove(loop_id)

    def action(separate: bool) -> dict:
        """The spool action for the current choices."""
        return {"type": "spool", "by": player, "number": work["number"], "loops": sorted(ticked),
                "separate": separate}

    def send() -> None:
        """Place the spool, or ask the table first when the engine says its loop set is an occupied region's."""
        err = ctx.engine.check(ctx.state, action(False))
        if err is not None and err.key == "knit_wit.region_occupied":
            work["occupied"] = err.params
            ctx.refresh()
            return
        ctx.dispatch(action(False), at="spool")

    controls: list[ft.Control] = [heading(ctx.t("knit_wit.view.step_spool", name=player)),
                                  choice(ctx, work, "number", todo["hand"]),
                                  ft.Text(ctx.t("knit_wit.view.loops_around"))]
    controls += [labelled(ft.Checkbox(value=loop["id"] in ticked),
                          ctx.t("knit_wit.view.loop_check", id=loop["id"], tag=loop["tag"]),
                          lambda on, i=loop["id"]: tick(i, on))
                 for loop in ctx.state["loops"]]
    if work.get("occupied"):
        controls.append(same_region_warning(ctx, work, lambda: ctx.dispatch(action(True), at="spool")))
    else:
        controls.append(ft.FilledButton(content=ctx.t("knit_wit.view.place_spool"), icon=ft.Icons.ADJUST,
                                        style=tall(), key=ft.ScrollKey("spool"), on_click=lambda e: send()))
    return ft.Column(controls=[*controls, *said(ctx, "spool")], spacing=8)


def same_region_warning(ctx: GameContext, work: dict, confirm) -> ft.Control:
    """The warning that another spool has the same loops around it, with confirm and cancel."""

    def cancel() -> None:
        """Back to choosing the loops."""
        work.pop("occupied", None)
        ctx.refresh()

    occupied = work["occupied"]
    return ft.Container(padding=12, border_radius=10, bgcolor=ft.Colors.ERROR_CONTAINER, key=ft.ScrollKey("spool"),
                        content=ft.Column(controls=[
        ft.Row(controls=[ft.Icon(ft.Icons.WARNING_AMBER, apply_text_scaling=True), ft.Text(ctx.t(
            "knit_wit.view.same_region", number=occupied["number"], loops=occupied["loops"]), expand=True)]),
        ft.Row(wrap=True, controls=[
            ft.FilledButton(content=ctx.t("knit_wit.view.separate_yes"), on_click=lambda e: confirm()),
            ft.OutlinedButton(content=ctx.t("knit_wit.view.cancel"), on_click=lambda e: cancel()),
        ]),
    ]))


# --- answering -----------------------------------------------------------------------------------------------


def prompt(ctx: GameContext, number: int) -> str:
    """The label of an answer field: the spool and its points (its tags go below the field)."""
    return ctx.t("knit_wit.view.prompt", number=number, points=len(kw.loops_around(ctx.state, number)))


def offered(ctx: GameContext, kind: str) -> list[dict]:
    """The engine's prompt entries of one move type (who may make it, and its choices)."""
    return [e for e in ctx.engine.prompt(ctx.state) if e["type"] == kind]


def bring_aliases(ctx: GameContext, then: list[dict]) -> None:
    """Send the stored aliases the session does not know yet (from a tap, so replay never reads storage), from a
    screen that acts for the table; a player's own phone in table mode leaves them to the table's next tap. Sent
    only when the engine would then accept one of the tap's actions (`then`): a tap refused whole changes nothing
    (a deal or a sheet refused left the aliases in the log)."""
    if not ctx.for_table:
        return
    known = ctx.state["aliases"]
    missing = [list(pair) for pair in ctx.store.aliases()
               if list(pair) not in known and all(kw.normalise(text) for text in pair)]
    if not missing:
        return
    action = {"type": "aliases", "by": "table", "pairs": missing}
    after = ctx.engine.apply(ctx.state, action)
    if any(ctx.engine.check(after, step) is None for step in then):
        ctx.dispatch(action)


def answer_screen(ctx: GameContext) -> ft.Control:
    """Who holds the phone, their private sheet, everyone's progress, and the button race (the last two keyed, so
    a sheet that locks is only taken away: the race below it is not sent again).
    RULING (the sheet first on the seat's own phone; play-test at 2x text, 390x844): a seated phone whose sheet is
    open leads the view with its next step from the engine's prompt ("下一步（奶奶）：作答", `seat_step`), the
    sheet's title in place of the "everyone writes at once" heading and of "奶奶，请填写你的答案（别让别人看到）"
    (nobody else holds her phone), and its first answer field follows on the first screen: what the
    table waits for from the seat is its answers. Its bonus button stays pinned above (large, always in reach:
    taking it is the other move the seat has, and the race is won by the quick), but the sheet is not pushed below
    the fold by the options (`views.table.moves_and_view`)."""
    state = ctx.state
    extra = state["extra"]
    open_sheets = [e["by"] for e in offered(ctx, "answer")]
    own_sheet = ctx.seat in open_sheets and not extra
    controls: list[ft.Control] = [] if own_sheet else [heading(ctx.t("knit_wit.view.answer_title"))]
    if extra:
        controls += extra_panel(ctx, extra)
    else:
        controls += sheet_panel(ctx, open_sheets)
    controls += own_locked_sheet(ctx, open_sheets)
    controls.append(ft.Text(ctx.t("knit_wit.view.progress", counts={
        p: ctx.t("knit_wit.view.answered", count=sum(1 for a in state["sheets"][p] if a), total=state["count"])
        for p in ctx.players}), key="progress"))

    async def claim(player: str) -> None:
        """Take the top button: the stored aliases come in first, so the scoring knows them, then the answers the
        player typed and did not save (the claim locks the sheet: they were lost); an answer refused keeps the
        button from being taken, its text and reason shown on the sheet, and the tap is answered where it was made
        ("The button was not taken: your answer for spool 4 was not saved…"): the bar still showed the refusal of
        an earlier save, so in a race the tap looked lost. The last button on a phone passed round
        saves the other players' typed answers too (`typed_first`); in table mode the hub does (`views.table`)."""
        work = sheet_work(ctx, player)
        spools = list(range(1, state["count"] + 1))
        action = {"type": "claim", "by": player}
        others = typed_first(ctx.engine, ctx.state, action, lambda _: ctx.local) if ctx.seat is None else []
        bring_aliases(ctx, unsaved(ctx, work, player, spools) + others or [action])
        if not save_typed(ctx, work, player, spools):
            ctx.say(RuleError("knit_wit.view.claim_stopped", spools=sorted(int(n) for n in work["errors"])),
                    claim_at(state["race"], player))
            return
        save_others(ctx, others)
        if await ctx.dispatch_soon(action, at=claim_at(state["race"], player)):
            work["phase"] = COVER  # an undone claim opens the sheet again behind its cover

    race = race_buttons(ctx, state["race"], title=ctx.t("knit_wit.view.buttons_title"), on_claim=claim,
                        moves=("claim",))
    race.key = "race"
    controls.append(race)
    return ft.Column(controls=controls, spacing=12)


def seat_step(ctx: GameContext) -> ft.Control | None:
    """A seated phone's own next step, from the engine's prompt for its seat (`views.session.next_step`'s line:
    "下一步（奶奶）：作答"), or None where the prompt asks this seat for nothing."""
    entries = [e for e in ctx.engine.prompt(ctx.state) if e["by"] == ctx.seat]
    return next_step(ctx, ctx.engine, ctx.state, entries) if ctx.seat is not None and entries else None


def sheet_work(ctx: GameContext, player: str) -> dict:
    """The player's scratch: covered or shown, the texts typed but not saved and the refusals shown, by spool number
    as text (the scratch is the seat's draft, kept as plain JSON)."""
    sheets: dict = ctx.local.setdefault("sheets", {})
    return sheets.setdefault(player, {"phase": COVER, "drafts": {}, "errors": {}})


def answer_action(player: str, number: int, text: str) -> dict:
    """The action that writes one answer."""
    return {"type": "answer", "by": player, "spool": number, "text": text}


def unsaved(ctx: GameContext, work: dict, player: str, spools: list[int]) -> list[dict]:
    """The answer actions of what is typed on the player's sheet and not saved yet."""
    return typed_answers(ctx.state, player, work["drafts"], spools)


def typed_answers(state: dict, player: str, drafts: dict, spools: list[int]) -> list[dict]:
    """The answer actions of the texts typed on the player's sheet (drafts, by spool number as text) and not saved."""
    sheet = state["sheets"][player]
    texts = {number: drafts.get(str(number), sheet[number - 1]) for number in spools}
    return [answer_action(player, n, text) for n, text in texts.items()
            if isinstance(text, str) and text.strip() != sheet[n - 1]]


def typed_first(engine: kw.KnitWit, state: dict, action: dict, scratch) -> list[dict]:
    """The answers to save before action: when it is a claim that takes the last button, what every other player
    with an open sheet typed and did not save (`scratch(player)`: the view scratch holding that player's sheet),
    each that player's own action; else none (RULINGS in the module's docstring)."""
    if action.get("type") != "claim" or engine.check(state, action) is not None:
        return []
    if not kw.race.is_over(engine.apply(state, action)["race"]):
        return []
    spools = list(range(1, state["count"] + 1))
    steps = []
    for player in state["players"]:
        sheets = scratch(player).get("sheets") if player != action["by"] and player not in state["locked"] else None
        work = sheets.get(player) if isinstance(sheets, dict) else None
        drafts = work.get("drafts") if isinstance(work, dict) else None
        if isinstance(drafts, dict):
            steps += typed_answers(state, player, dict(drafts), spools)
    return steps


def save_others(ctx: GameContext, steps: list[dict]) -> None:
    """Save the answers other players typed on this phone (`typed_first`): one the engine refuses is not sent (its
    reason would show another sheet here) and stays in its field with the reason under it."""
    state = ctx.state
    for step in steps:
        work, spool = sheet_work(ctx, step["by"]), str(step["spool"])
        err = ctx.engine.check(state, step)
        if err is not None:
            work["errors"][spool] = refusal(err.key, err.params)
        elif ctx.dispatch(step):
            state = ctx.engine.apply(state, step)
            work["drafts"].pop(spool, None)
            work["errors"].pop(spool, None)


def refusal(key: str, params: dict | None = None) -> dict:
    """A refusal as the sheet's scratch keeps it (plain JSON): its message key and parameters, so it is said in the
    language of the screen that shows it (kept as text, it stayed English on a screen switched to 中文)."""
    return {"key": key, "params": dict(params or {})}


def said_in(ctx: GameContext, kept: object) -> str | None:
    """A kept refusal in the screen's language (None: none kept)."""
    return ctx.t(kept["key"], **kept["params"]) if isinstance(kept, dict) else None


def refused_typed(ctx: GameContext, player: str | None) -> list[tuple[int, str, str]]:
    """The player's answers typed on this seated phone that the hub could not save before the last button was
    taken (`ctx.refused`: the engine refused them; told to the seat's own phones only), each (spool, text, reason)."""
    return [(r["action"]["spool"], r["action"]["text"], ctx.t(r["key"], **r["params"])) for r in ctx.refused
            if r["action"].get("type") == "answer" and r["action"].get("by") == player]


def refused_here(ctx: GameContext) -> list[tuple[str, int, str, str]]:
    """The answers other players typed on this phone passed round that the last button could not save (`save_others`
    kept each in its field with the reason): (player, spool, text, reason). Said on the scoring screen, where every
    answer is shown, since no sheet is left open to show the field."""
    if ctx.seat is not None:
        return []
    said = []
    for player in ctx.players:
        work = ctx.local.get("sheets", {}).get(player, {})
        drafts, errors = work.get("drafts", {}), work.get("errors", {})
        said += [(player, int(n), drafts[n], said_in(ctx, reason))
                 for n, reason in sorted(errors.items(), key=lambda e: int(e[0])) if n in drafts]
    return said


def field_at(number: int) -> str:
    """The scroll key of a sheet's answer field for spool number, brought into view when its answer is refused."""
    return f"field-{number}"


def save_typed(ctx: GameContext, work: dict, player: str, spools: list[int]) -> bool:
    """Save every answer typed on the player's sheet and not saved yet (each its own action); a refused one keeps
    its text and, under it, the rule that refused it, said only there (in the bar at the phone's foot it covered the
    sheet and the claim button tapped), the first such field brought into view; else (another phone acted first:
    the bar says that) that it was not saved. Whether nothing typed is left unsaved."""
    state = ctx.state
    sheet, drafts, errors = state["sheets"][player], work["drafts"], work["errors"]
    for number in spools:
        text = drafts.get(str(number), sheet[number - 1])
        action = answer_action(player, number, text)
        if text.strip() != sheet[number - 1]:
            heard: list[RuleError] = []
            if not ctx.dispatch(action, refused=heard.append):
                errors[str(number)] = (refusal(heard[0].key, heard[0].params) if heard
                                       else refusal("knit_wit.view.not_saved"))
                continue
            state = ctx.engine.apply(state, action)
        drafts.pop(str(number), None)
        errors.pop(str(number), None)
    refused = [n for n in spools if str(n) in drafts and errors.get(str(n))]
    if refused:
        ctx.bring_into_view(field_at(refused[0]))
    return not drafts


def sheet_panel(ctx: GameContext, open_sheets: list[str]) -> list[ft.Control]:
    """Choose who holds the phone, then their private entry of every spool's answer."""
    if not open_sheets:
        return []
    if ctx.seat is not None:
        spools = list(range(1, ctx.state["count"] + 1))
        return [sheet_form(ctx, sheet_work(ctx, ctx.seat), ctx.seat, spools)] if ctx.seat in open_sheets else []
    holder = ctx.local.get("holder")
    holder = holder if holder in open_sheets else open_sheets[0]

    def hand_to(player: str) -> None:
        """Pass the phone to another player (their sheet starts covered; typed texts stay)."""
        sheet_work(ctx, holder)["phase"] = COVER
        ctx.local["holder"] = player
        ctx.turn_page()
        ctx.refresh()

    chooser = choice_row([(p, ctx.t("knit_wit.view.sheet_of", name=p)) for p in open_sheets], holder, hand_to)
    work = sheet_work(ctx, holder)
    body = (sheet_form(ctx, work, holder, list(range(1, ctx.state["count"] + 1))) if opened(ctx, work, holder)
            else cover(ctx, work, holder))
    return [ft.Text(ctx.t("knit_wit.view.who_has_phone")), chooser, body]


def next_holder(ctx: GameContext, player: str) -> str:
    """Who the phone passed round goes to once a player hides their sheet: the next seat after them whose sheet is
    open. RULING (RULINGS §1 is silent): the tablet goes on round the table; it stayed on the sheet just hidden
    ("Pass the phone to 小红" said to 小明 as 小红 handed it over), and the next player had to find their own sheet
    first. The player stays the holder when theirs is the only sheet open."""
    open_sheets = [e["by"] for e in offered(ctx, "answer")]
    seats = list(ctx.players)
    at = seats.index(player)
    return next((p for p in seats[at + 1:] + seats[:at] if p in open_sheets), player)


def own_locked_sheet(ctx: GameContext, open_sheets: list[str]) -> list[ft.Control]:
    """On a phone seated as a player whose sheet is locked (they took a button) while the others still write: their
    own answers, to read, not to change. RULING (RULINGS §1 is silent): on paper a player keeps their sheet in hand
    while they wait; the engine's view for the seat holds its own sheet (`player_view`), so the phone shows it, and
    nobody else's. A phone passed round shows no locked sheet (it would lie open to whoever holds the phone)."""
    seat = ctx.seat
    if seat not in ctx.players or seat in open_sheets:
        return []
    sheet = ctx.state["sheets"][seat]
    lines = [ft.Text(ctx.t("knit_wit.view.own_answer", spool=prompt(ctx, n), tags=" + ".join(kw.tags_of(ctx.state, n)),
                           answer=text or ctx.t("knit_wit.view.own_blank")), size=16)
             for n, text in enumerate(sheet, start=1)]
    return [ft.Text(ctx.t("knit_wit.view.own_sheet"), size=16, weight=ft.FontWeight.W_600), *lines]


def sheet_form(ctx: GameContext, work: dict, player: str, spools: list[int], extra: bool = False) -> ft.Control:
    """The player's answer fields: each checked by the engine when it is left; "Done" saves every valid answer,
    keeps the text and the reason of a refused one, and covers the sheet only when all are saved. The sheet is
    the player's `answer` move on this screen (`ctx.offer`)."""
    ctx.offer(player, "answer")
    sheet = ctx.state["sheets"][player]
    drafts, errors = work["drafts"], work["errors"]
    told = {str(n): reason for n, text, reason in refused_typed(ctx, player) if drafts.get(str(n)) == text}

    def text_of(number: int) -> str:
        """What the field shows: the unsaved text, else the saved answer."""
        return drafts.get(str(number), sheet[number - 1])

    def typed(number: int, value: str) -> None:
        """Keep what is typed until it is saved."""
        drafts[str(number)] = value

    def left(number: int) -> None:
        """Check the answer as the field is left; show the engine's reason under it, or clear it (by building
        the view again: the screen's controls are a component's render, never updated by hand)."""
        text = text_of(number)
        err = None if text.strip() == sheet[number - 1] or extra else ctx.engine.check(
            ctx.state, answer_action(player, number, text))
        reason = refusal(err.key, err.params) if err else None
        if errors.get(str(number)) != reason:
            errors[str(number)] = reason
            ctx.refresh()

    def done() -> None:
        """Save every changed answer (each its own action), then cover; keep refused texts for correcting."""
        if extra:
            save_extra()
            return
        bring_aliases(ctx, unsaved(ctx, work, player, spools))
        if save_typed(ctx, work, player, spools):
            work["phase"] = COVER
            if ctx.seat is None:
                ctx.local["holder"] = next_holder(ctx, player)
            ctx.turn_page()
        ctx.refresh()

    def save_extra() -> None:
        """2 players: exactly one more answer; the engine refuses none or more than one (texts kept)."""
        written = [[n, text_of(n)] for n in spools]
        err = ctx.engine.extra_refusal(ctx.state, player, written)
        if err is not None:
            ctx.say(err, SHEET_DONE)
            return
        number, text = kw.extra_written(written)[0]
        if ctx.dispatch(answer_action(player, number, text), at=SHEET_DONE):
            drafts.clear()

    fields = [keyed(focus.keep(ctx.page, f"answer-{n}", draft_field(
        work, n, text_of(n), label=prompt(ctx, n), text_size=18,
        error=said_in(ctx, errors.get(str(n))) or told.get(str(n)),
        helper=" + ".join(kw.tags_of(ctx.state, n)), helper_max_lines=HELPER_LINES, error_max_lines=HELPER_LINES,
        on_change=lambda e, n=n: typed(n, e.control.value),
        on_blur=lambda e, n=n: left(n), on_submit=lambda e, n=n: left(n))), ft.ScrollKey(field_at(n)))
        for n in spools]
    title = (seat_step(ctx) if player == ctx.seat and not extra else None) or entry_title(ctx, player)
    return field_sheet([title, *fields], [keyed(done_button(ctx, done), ft.ScrollKey(SHEET_DONE))],
                       said(ctx, SHEET_DONE))


def extra_panel(ctx: GameContext, player: str) -> list[ft.Control]:
    """2 players: the one more answer of the player left, on a spool still blank, or stop."""
    blanks = [n for n, text in enumerate(ctx.state["sheets"][player], start=1) if not text]
    work = sheet_work(ctx, player)
    body = sheet_form(ctx, work, player, blanks, extra=True) if opened(ctx, work, player) else cover(ctx, work, player)
    stops = [control for entry in offer_here(ctx, "stop") for control in (
        ft.OutlinedButton(content=ctx.t("knit_wit.view.extra_stop", name=entry["by"]), icon=ft.Icons.STOP,
                          key=ft.ScrollKey(f"stop-{entry['by']}"),
                          on_click=lambda e, by=entry["by"]: ctx.dispatch({"type": "stop", "by": by}, at=f"stop-{by}")),
        *said(ctx, f"stop-{entry['by']}"))]
    return [ft.Text(ctx.t("knit_wit.view.extra", name=player), size=16, weight=ft.FontWeight.W_600), body, *stops]


# --- scoring -------------------------------------------------------------------------------------------------


def scoring_screen(ctx: GameContext) -> ft.Control:
    """The spool being scored: answers side by side with their marks, rulings, the challenge, running totals.
    "Next spool" is its spool's (keyed by the number): a second quick tap reaches a button gone (answered as a tap
    that came too late), not the next spool's, which is drawn in its place."""
    review = kw.spool_review(ctx.state)
    challenge = ctx.state["challenge"]
    challenges = offer_here(ctx, "challenge")
    can_advance = bool(offer_here(ctx, "next_spool"))
    offer_here(ctx, "dup_ruling")
    controls: list[ft.Control] = [
        heading(ctx.t("knit_wit.view.scoring_title", number=review["spool"], count=ctx.state["count"],
                      tags=" + ".join(review["tags"]), points=review["loops"])),
        *[ft.Text(ctx.t("knit_wit.view.not_counted", number=n, text=text, reason=reason), color=ft.Colors.ERROR)
          for n, text, reason in refused_typed(ctx, ctx.seat)],
        *[ft.Text(ctx.t("knit_wit.view.not_counted_of", name=p, number=n, text=text, reason=reason),
                  color=ft.Colors.ERROR) for p, n, text, reason in refused_here(ctx)],
        ft.ResponsiveRow(controls=[answer_card(ctx, review, p, challenges) for p in ctx.players]),
        *([*[suggestion_panel(ctx, review, s) for s in review["suggested"]], pair_panel(ctx, review)]
          if ctx.for_table else []),
    ]
    if challenge:
        controls.append(challenge_panel(ctx, challenge, review))
    elif asked_target(ctx, review) in kw.challengeable(ctx.state, review):
        controls.append(challenger_panel(ctx, asked_target(ctx, review), review, challenges))
    last = review["spool"] == ctx.state["count"]
    if ctx.for_table:
        at = f"next-{review['spool']}"
        controls += [ft.FilledButton(
            content=ctx.t("knit_wit.view.finish" if last else "knit_wit.view.next_spool", number=review["spool"]),
            icon=ft.Icons.SKIP_NEXT, style=tall(), disabled=not can_advance, key=ft.ScrollKey(at),
            on_click=lambda e: ctx.dispatch({"type": "next_spool", "by": "table"}, at=at)), *said(ctx, at)]
    controls.append(running_totals(ctx))
    return ft.Column(controls=controls, spacing=12)


def marks(ctx: GameContext, review: dict, player: str) -> list[str]:
    """What the engine says about a player's answer: crossed out (and why: the table's ruling, said with whose answer,
    as the scoreboard's line says it), similar, echo, the table's rulings, the challenge verdict."""
    text = review["answers"][player]
    if not text:
        return [ctx.t("knit_wit.view.mark_blank")]
    out = []
    if kw.crossed_by_rulings(review, player):
        out.append(ctx.t("knit_wit.view.mark_ruled_same", names=review["ruled"][player]))
    elif player in review["duplicates"]:
        key, params = review["reasons"][player]
        out += [ctx.t("knit_wit.view.mark_same", names=review["same"][player]), ctx.t(key, **params)]
    for s in review["suggested"]:
        if player in (s["a"], s["b"]):
            other = s["b"] if player == s["a"] else s["a"]
            out += [ctx.t("knit_wit.view.mark_suggested", name=other), why_alike(ctx, s)]
    for r in review["rulings"]:
        if not r["same"] and player in (r["a"], r["b"]):
            out.append(ctx.t("knit_wit.view.mark_ruled_different", name=r["b"] if player == r["a"] else r["a"]))
    if review["echoes"][player]:
        out.append(ctx.t("answers.echo", answer=text, tags=[f"“{tag}”" for tag in review["echoes"][player]]))
    verdict = ctx.state["verdicts"].get(player)
    if verdict:
        key = "knit_wit.view.mark_kept" if verdict["kept"] else "knit_wit.view.mark_rejected"
        out.append(ctx.t(key, by=verdict["by"], yes=verdict["yes"], no=verdict["no"]))
        out.append(ballots_line(ctx, verdict["ballots"]))
    return out


def challengers(challenges: list[dict], target: str) -> list[str]:
    """Who of the challenge entries this screen makes may challenge target's answer."""
    return [e["by"] for e in challenges if {"target": target} in e["choices"]]


def answer_card(ctx: GameContext, review: dict, player: str, challenges: list[dict]) -> ft.Control:
    """One player's answer on the spool being scored, its marks, a challenge button (where this screen makes a
    challenge the engine allows on it) and a pick for a ruling. The card is keyed by its spool and player: a
    challenge or a pick tapped on one spool as the table moves on is answered as too late, never taken by the
    next spool's card drawn in its place. An answer voted out is struck through on a red card as a duplicate is
    (both score 0)."""
    text = review["answers"][player]
    crossed = player in review["duplicates"] or player in review["rejected"]
    controls: list[ft.Control] = [
        ft.Text(player, size=16, weight=ft.FontWeight.BOLD),
        ft.Text(text, size=22, style=ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH) if crossed else None)
        if text else aside(ctx.lang, ctx.t("knit_wit.view.blank"), size=22),
        *[ft.Text(m, size=14) for m in marks(ctx, review, player)],
    ]
    at = challenge_at(review, player)
    if challengers(challenges, player):
        controls.append(ft.OutlinedButton(content=ctx.t("knit_wit.view.challenge", name=player),
                                          on_click=lambda e: pick_target(ctx, player, at)))
    if text and ctx.for_table:
        picked = pair_pick(ctx, review)
        controls.append(labelled(ft.Checkbox(value=player in picked),
                                 ctx.t("knit_wit.view.pick_for_ruling", name=player),
                                 lambda on: toggle_pick(ctx, review, player, on)))
    colour = ft.Colors.ERROR_CONTAINER if crossed else ft.Colors.SURFACE_CONTAINER_HIGHEST
    return ft.Container(col=CARD_COLS, padding=10, border_radius=10, bgcolor=colour, key=ft.ScrollKey(at),
                        content=ft.Column(controls=[*controls, *said(ctx, at)], spacing=4))


def pair_pick(ctx: GameContext, review: dict) -> list[str]:
    """The players whose answers the table picked to rule on (scratch for the spool being scored)."""
    slot: dict = ctx.local.setdefault("pair", {})
    if slot.get("spool") != review["spool"]:
        slot.clear()
        slot.update(spool=review["spool"], picked=[])
    return slot["picked"]


def toggle_pick(ctx: GameContext, review: dict, player: str, on: bool) -> None:
    """Pick or unpick an answer for the table's ruling (the two latest picks count)."""
    picked = pair_pick(ctx, review)
    if on and player not in picked:
        picked.append(player)
        del picked[:-2]
    elif not on and player in picked:
        picked.remove(player)
    ctx.refresh()


def pair_panel(ctx: GameContext, review: dict) -> ft.Control:
    """The table rules any two picked answers the same or different (e.g. 苹果 / apple, or two that only look
    equal)."""
    picked = [p for p in pair_pick(ctx, review) if review["answers"][p]]
    if len(picked) != 2:
        return aside(ctx.lang, ctx.t("knit_wit.view.pick_hint"))
    a, b = picked

    def rule(same: bool) -> None:
        """Send the ruling; clear the picks once it is accepted."""
        n = review["spool"]
        if ctx.dispatch({"type": "dup_ruling", "by": "table", "a": [a, n], "b": [b, n], "same": same}, at="pair"):
            picked_now = pair_pick(ctx, review)
            picked_now.clear()

    return ft.Container(padding=12, border_radius=10, bgcolor=ft.Colors.TERTIARY_CONTAINER,
                        alignment=ft.Alignment.TOP_LEFT, content=ft.Column(
        controls=[
            ft.Text(words.no_orphan(ctx.t("knit_wit.view.pair_question", a=a, b=b, ta=review["answers"][a],
                                          tb=review["answers"][b])), size=16, weight=ft.FontWeight.W_600),
            ft.Row(wrap=True, key=ft.ScrollKey("pair"), controls=[
                ft.FilledButton(content=ctx.t("knit_wit.view.pair_same"), icon=ft.Icons.LINK,
                                on_click=lambda e: rule(True)),
                ft.OutlinedButton(content=ctx.t("knit_wit.view.pair_different"), icon=ft.Icons.LINK_OFF,
                                  on_click=lambda e: rule(False)),
            ]),
            *said(ctx, "pair"),
        ]))


def challenge_at(review: dict, player: str) -> str:
    """The scroll key of player's answer card on the spool being scored: a refused challenge from its button is said
    at the card's foot, under the button, or where it was once it is gone (another challenge opened)."""
    return f"answer-{review['spool']}-{player}"


def pick_target(ctx: GameContext, player: str, at: str) -> None:
    """Challenge player's answer: on a seated phone at once, as its seat (a refusal said under the button keyed at);
    on a shared screen ask who challenges (the question is about this spool's answer: left unanswered, it is not
    asked of the next spool's)."""
    if ctx.seat is not None:
        open_challenge(ctx, ctx.seat, player, at)
        return
    ctx.local["challenge_target"] = {"spool": ctx.state["spool"], "player": player}
    ctx.refresh()


def asked_target(ctx: GameContext, review: dict) -> str | None:
    """The player whose answer on the spool being scored the shared screen asks who challenges, if any."""
    target = ctx.local.get("challenge_target")
    return target["player"] if isinstance(target, dict) and target.get("spool") == review["spool"] else None


def open_challenge(ctx: GameContext, by: str, target: str, at: str) -> None:
    """Open by's challenge of target's answer (its time starts the countdown); a refusal is said under the control
    keyed at."""
    if ctx.dispatch({"type": "challenge", "by": by, "target": target, "at": ctx.now()}, at=at):
        ctx.local.pop("challenge_target", None)


def challenger_panel(ctx: GameContext, target: str, review: dict, challenges: list[dict]) -> ft.Control:
    """Who challenges the target's answer: the players the engine offers (of those this screen makes), and
    cancel."""

    def cancel() -> None:
        """No challenge after all."""
        ctx.local.pop("challenge_target", None)
        ctx.refresh()

    buttons = [ft.FilledButton(content=ctx.t("knit_wit.view.challenger", name=p), on_click=lambda e, p=p:
                               open_challenge(ctx, p, target, "challenger")) for p in challengers(challenges, target)]
    buttons.append(ft.OutlinedButton(content=ctx.t("knit_wit.view.cancel"), on_click=lambda e: cancel()))
    return ft.Container(padding=12, border_radius=10, bgcolor=ft.Colors.SECONDARY_CONTAINER,
                        alignment=ft.Alignment.TOP_LEFT, content=ft.Column(
        controls=[ft.Text(ctx.t("knit_wit.view.who_challenges", name=target, answer=review["answers"][target]),
                          size=16, weight=ft.FontWeight.W_600),
                  ft.Row(controls=buttons, wrap=True, key=ft.ScrollKey("challenger")), *said(ctx, "challenger")]))


def why_alike(ctx: GameContext, s: dict) -> str:
    """Why the matcher suggested a pair: the reading that linked it ("Both mean “tomato”"), else the reason with
    the similarity."""
    if s.get("link"):
        key, params = explain(s["reason"], s["link"])
        return ctx.t(key, **params)
    return ctx.t("knit_wit.view.alike", reason=ctx.t(s["reason"]), score=round(s["score"]))


def suggestion_panel(ctx: GameContext, review: dict, s: dict) -> ft.Control:
    """A suggested duplicate: the two answers, the similarity, and the table's ruling. The panel is its pair's
    (keyed by the two players): a second quick tap on a pair just ruled reaches a panel gone (answered as a tap that
    came too late), not the next pair's, drawn in its place."""
    def rule(same: bool) -> None:
        """The table rules the pair the same or different."""
        ctx.dispatch({"type": "dup_ruling", "by": "table", "a": [s["a"], review["spool"]],
                      "b": [s["b"], review["spool"]], "same": same}, at=at)

    at = f"rule-{s['a']}-{s['b']}"

    return ft.Container(padding=12, border_radius=10, bgcolor=ft.Colors.TERTIARY_CONTAINER,
                        alignment=ft.Alignment.TOP_LEFT, key=f"suggested-{s['a']}-{s['b']}", content=ft.Column(
        controls=[
            ft.Text(words.no_orphan(ctx.t("knit_wit.view.suggested", a=s["a"], b=s["b"], ta=s["texts"][0],
                                          tb=s["texts"][1])), size=16, weight=ft.FontWeight.W_600),
            aside(ctx.lang, why_alike(ctx, s), size=14),
            ft.Row(wrap=True, key=ft.ScrollKey(at), controls=[
                ft.FilledButton(content=ctx.t("knit_wit.view.rule_same"), icon=ft.Icons.LINK,
                                on_click=lambda e: rule(True)),
                ft.OutlinedButton(content=ctx.t("knit_wit.view.rule_different"), icon=ft.Icons.LINK_OFF,
                                  on_click=lambda e: rule(False)),
            ]),
            *said(ctx, at),
        ]))


def challenge_panel(ctx: GameContext, challenge: dict, review: dict) -> ft.Control:
    """The open challenge: the explanation countdown, then (once it has run out) the vote on keeping the answer.
    RULING (a vote open leads a voter's phone; play-test at 2x text): on a seated phone whose seat votes, the
    question put to the vote ("保留小明的答案“香蕉”吗？"), that votes open after the explanation, and the countdown
    are pinned above the scrolling screen while the explanation runs, as its yes and no are once it is over
    (`views.components.vote`): below the spool's answers, 奶奶's phone showed neither the countdown nor the vote
    after she challenged, and nothing at its top said a vote was open."""
    target = challenge["target"]
    answer = review["answers"][target]
    countdown = challenge["timer"]
    left = seconds_left(countdown, ctx.now())

    async def at_zero() -> None:
        """Show the ballots (the explanation is over) and ring: on a shared screen, and in table mode on the
        phone of the player whose explanation time ran out (every phone shows the server's countdown)."""
        ctx.refresh()
        if ctx.seat in (None, target):
            await ring(ctx.page, ctx.sound)

    question = ctx.t("knit_wit.view.keep", name=target, answer=answer)
    casting = offer_ballots(ctx, ctx.shown()["challenge"]["vote"]) if left > 0 else []
    pinned = bool(casting) and ctx.pin is not None and ctx.seat is not None
    ticker = Ticker(value=digits(left), size=PINNED_TICKER if pinned else 64, weight=ft.FontWeight.BOLD,
                    text_align=ft.TextAlign.CENTER, color=ft.Colors.ERROR if left <= 0 else None,
                    left=lambda: seconds_left(countdown, ctx.now()), on_zero=at_zero)
    if left > 0:
        waiting = aside(ctx.lang, words.no_orphan(ctx.t("knit_wit.view.votes_after", name=target)))
        if pinned:
            ctx.pin(ft.Column(spacing=4, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                ft.Text(question, size=18, weight=ft.FontWeight.BOLD), waiting, ticker]))
            ticker, waiting = ft.Container(), ft.Container()
        ballots: ft.Control = waiting
    else:
        ballots = vote_panel(ctx, ctx.shown()["challenge"]["vote"], question=question,
                             on_cast=lambda voter, yes: ctx.dispatch({"type": "vote", "by": voter, "yes": yes},
                                                                       at=ballot_at(voter)))
    return ft.Container(padding=12, border_radius=10, bgcolor=ft.Colors.SECONDARY_CONTAINER,
                        alignment=ft.Alignment.TOP_CENTER, content=ft.Column(
        horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Text(ctx.t("knit_wit.view.challenged", by=challenge["by"], name=target, answer=answer), size=16,
                    weight=ft.FontWeight.W_600),
            ft.Text(ctx.t("knit_wit.view.explain", name=target)),
            ticker,
            ballots,
        ]))


def running_totals(ctx: GameContext) -> ft.Control:
    """Everyone's total so far (scored spools and buttons), from the engine's scoreboard; each name kept on one line
    with its total."""
    board = ctx.engine.scoreboard(ctx.state)
    totals = words.readable(ctx.lang, {p: board.total(p) for p in ctx.players}, whole=True)
    return ft.Text(ctx.t("knit_wit.view.totals", totals=totals), size=16,
                   weight=ft.FontWeight.W_600)
