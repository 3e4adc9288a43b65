"""Editing an earlier round, shared by the round games' views (score pad, Flip 7, Rummy, Cubosaurs, Bacon,
Splitter).

Each of those views keeps its draft (the round being entered) in `ctx.local`; the entries are under the keys the
view names (`keys`). This module adds, on top of any such draft:

- the rounds table, whose round numbers are buttons: tapping one opens that round in the entry form with its
  entries filled in (`open_round`); the new round's half-typed entries are put aside and come back when the
  correction is saved or cancelled (`close`);
- `action(...)`: the round action, or `correct` with the round number while a past round is open (the engines'
  `correct` takes the same fields; the log keeps both);
- the moves it offers (`GameContext.offer`, so a table-mode screen's moves panel leaves them out): the form's
  round move (`save_buttons`, the new round, or the past round open for a correction) and `correct` (the rounds
  table, whose round numbers open one, on a screen that acts for the table);
- the undo hand-back: when the draft is empty and the last undone action (the record's redo stack, not a game
  fact) is a round, its entries are put back into the form (`hand_back`), once; if that round comes back
  (redo), or another undo hands back the round before it, while the form still holds exactly those entries,
  the form is emptied again. Any other action (a correction, a referee's check, a shuffle, a player's own line)
  leaves them in the form: it empties the redo stack, so the form is then the only place the round is kept.

- a round entered elsewhere: the round a form's entries were begun for can be entered meanwhile on another
  screen (the host, the referee's phone). The form then does not quietly turn into the next round with those
  entries in it (a Flip 7 round was recorded twice that way, once as round 2): it says the round was entered
  elsewhere and offers to keep the entries for the next round (then the send button comes back) or to clear them
  (`begun`, `overtaken`). A tap on the send button that left a screen before it heard of the other entry does
  nothing: "keep" is a control of its own (keyed), not the send button redrawn; a stale tap landed on it and quietly
  kept the entered round's entries for the next round, the notice never seen.

- a correction whose round is undone (here, or on another screen) while it is open: the form goes back to the new
  round and says the correction was not saved, until dismissed or another round is opened (`close_undone`,
  `undone_notice`); it stayed on "Correcting round 3" until its Save was refused.

- a send the rules refuse (`send`, `refused_unchanged`): why, said after the send button (after, so a quick
  second tap where the button was still finds it, not "Why?"), in the screen's
  language, until an entry of the form changes (`refusal_line`), with the bar's "Why?" to the rule it enforces
  where a rules page covers it; not a passing bar over the button. When it is said the screen scrolls to the send
  button, the reason under it (`refuse`): at 2x text on a 390x844 phone the reason sat half off the screen's foot.

- a round sent and added: said after the send button on the screen that sent it, with each player's points ("Round
  1 added: Ann 12 · Bo 0"), until the log changes (`added_line`): the form emptied and nothing in sight said so.

The draft gains seven keys: "editing" (round number or None), "stash" (the new round's entries while editing),
"opened" (the past round's entries as opened: saved unchanged, it is refused, `refused_unchanged`), "handed" (which
undo was handed back), "begun" (how many rounds were entered when its entries were begun), "blank" (the entries of
an empty form) and "correction_undone" (the round of a correction an undo closed); and "_refusal" (the last refused
send and the entries it was made with), this tab's only: a refusal is said to the screen that was refused, never
stored with the draft for another screen or after a restart; "_added" (the round this tab just added, `added_line`)
and "_finish_asked" likewise (the entries not added that a "Finish game" tap said it would drop, `finish_button`).
None of this decides a rule: the engine judges what is sent.

Every move of these games is the table's: a screen enters rounds (and corrects them) only where it acts for the
table (`enters`); a player's own phone shows the round being entered, that the referee or the host enters it
(`entered_elsewhere`), and the rounds table without its correction buttons (nor their `correct` offer). The
score pad, Flip 7, Cubosaurs and Rummy also let each player give their own line on their phone
(`views.games.score_pad`, `views.games.flip7`, `views.games.cubosaurs`, `views.games.rummy`), so a round may be
recorded without a `round` action: how many rounds were entered is then the engine's count (`entered`); what a
phone gave stays on it, and a line undone comes back to it (`keep_own`).
"""

from __future__ import annotations

import copy
import json
from typing import Any, Callable

import flet as ft

from scoring.core import TABLE, RuleError
from scoring.record import count_of
from views import focus, words
from views.components.kept import Kept
from views.components.offers import makes, offer_here
from views.components.private import elsewhere
from views.components.refusal import reason, said as said_at, told
from views.components.seats import WIDE
from views.context import GameContext
from views.ui import aside

SHOWN_ROUNDS = 20
FINISH = "finish"  # the scroll key of "Finish game", where a refusal of it is said (`finish_button`)
FINISH_ASKED = "_finish_asked"  # the form's unsent entries a "Finish game" tap was told of (`finish_button`)
ADDED = "_added"  # the scratch key of the round this tab just added, said after the send button (`added_line`)
SEND = "send"  # the scroll key of the form's send button, scrolled to when a send is refused (`refuse`)
FIRST = "round-first"  # the focus name of a round form's first entry (`views.focus`): where the keyboard goes after a
# send or a round opened (the view names it, `first_entry`); the send button keeps it where the view names none
# the screen widths from which the rounds table stands in a column at least WIDE px wide: the full width from WIDE,
# the game screen's main column (7 of 12, `session.MAIN_COLS`) from SPLIT, where the screen stands in two columns
# (Flet's "md"), until that column is WIDE wide again; between them each round is a block
SPLIT = 768
TABLE_AT = {"narrow": 0, "wide": WIDE, "split": SPLIT, "split_wide": -(-WIDE * 12 // 7)}
TABLE_COL = {"narrow": 0, "wide": 12, "split": 0, "split_wide": 12}
BLOCKS_COL = {"narrow": 12, "wide": 0, "split": 12, "split_wide": 0}
BLOCK_INSET = 12  # px: a round's values on a phone stand in under its button, as its icon does (`round_block`)
GAP = 4  # px: between the hint, the rounds and "show all" (the table and the blocks, one hidden, share a line)
BLOCK_GAP = 8  # px: between a round's values on a phone and the next round's button (or the totals)
# where a phone's "your line is given" stands among its own controls: the picker, "give my line", then it, right
# under the button tapped (`own_screen`: Rummy, Flip 7, Cubosaurs)
SAID = 2


def enters(ctx: GameContext) -> bool:
    """Whether this screen enters the rounds and corrects them (it acts for the table)."""
    return makes(ctx, TABLE)


def entered_elsewhere(ctx: GameContext, number: int) -> list[ft.Control]:
    """On a screen that does not enter rounds, in place of the form: the round being entered, and by whom."""
    return [round_heading(ctx, number), elsewhere(ctx, TABLE)]


def round_heading(ctx: GameContext, number: int) -> ft.Control:
    """The heading of the round being entered ("Round 2", Bacon's "Deal 2"), not read where the status line above
    already names it (`GameContext.read_once`)."""
    return ctx.read_once(ft.Text(ctx.t("rounds.view.round", round=number), size=18, weight=ft.FontWeight.BOLD),
                         number=number)


def own_heading(ctx: GameContext, number: int, own: list[ft.Control], key: str) -> list[ft.Control]:
    """On a screen that does not enter rounds: the round being entered, and by whom: where the seat gives its own
    line (`own` not empty), the game's line `key` saying each player gives theirs here (the referee or the host may
    also enter the whole round); else `entered_elsewhere`'s."""
    heading = entered_elsewhere(ctx, number)
    if own:
        heading[1:] = [aside(ctx.lang, ctx.t(key))]
    return heading


def own_screen(ctx: GameContext, heading: list[ft.Control], own: list[ft.Control], waiting: ft.Control,
               said: int = 0) -> list[ft.Control]:
    """A player's own phone: the round's heading, the seat's own line (`own`: once given, its control at `said` is
    the game's "you gave …" line) and who gave what and who is still to give (`waiting`, `lines_waiting`).
    RULING (the wait said where the seat that gave reads it): once the seat has given its line, `waiting` comes
    right under its "you gave …" line (at the foot, under a Flip 7 card picker, it stood at y 1047 on a 390x844
    phone, off its first screen, and the line above said only "once everyone has given theirs"); before, it stays
    at the foot, so a line another player gives does not move the picker under the seat's finger."""
    if ctx.seat in ctx.state["lines"] and own:
        return [*heading, *own[:said + 1], waiting, *own[said + 1:]]
    return [*heading, *own, waiting]


def lines_waiting(ctx: GameContext, given: dict[str, str]) -> ft.Control:
    """While players' own lines wait for the others (given: {player: what they gave, in words}): who gave what and
    who is still to give; an empty line when none was given. Always one control, so the first line given does not
    move the table's fields below it (matched by place, they were drawn anew: the one being typed in lost the
    keyboard)."""
    if not given:
        return ft.Text("", visible=False)
    said = ctx.t("rounds.view.joiner").join(ctx.t("rounds.view.given_one", name=n, what=given[n])
                                            for n in ctx.players if n in given)
    missing = [n for n in ctx.players if n not in given]  # names in a list: "B and C", "B 和 C"
    return aside(ctx.lang, ctx.t("rounds.view.waiting", given=said, missing=missing))


def keep_own(ctx: GameContext, holder: dict, key: str, blank: Any, field: str,
             to_draft: Callable[[Any], Any]) -> int:
    """A player's own line on their phone (`holder[key]`, `blank` when empty) for the round being entered, whose
    number it returns: emptied when the round moves on (the round it was last shown for is `holder["own_for"]`,
    so a field typed in without a redraw since is emptied too); when empty,
    filled (`to_draft`) from what the seat gave for this round and is still waiting, else from the seat's line for
    this round the host just undid (the undone action's `field`). So what a phone gave stays there to change and
    give again, and a line undone is handed back as a table's undone round is."""
    number = entered(ctx, "round") + 1
    if holder.get("own_for") not in (None, number):
        holder[key] = copy.deepcopy(blank)
    holder["own_for"] = number
    if holder.get(key, blank) != blank:
        return number
    undone = (ctx.record.get("redo") or [{}])[-1]
    given = ctx.state["lines"].get(ctx.seat)
    if given is None and undone.get("type") == "line" and undone.get("by") == ctx.seat \
            and undone.get("round") == number:
        given = undone.get(field)
    if given is not None:
        holder[key] = to_draft(given)
    return number


def give_button(ctx: GameContext, number: int, text: str, line: Callable[[], dict],
                disabled: bool = False) -> ft.Control:
    """A phone's "give my line" for round `number` (keyed `own_key`), sending `line()`, and right under it why the
    rules refused it (`views.components.refusal`: the bar at the phone's foot covered the button); one control
    with or without a reason, so the button stays itself when one is said (`SAID` counts it as one)."""
    at = own_key(number)
    return ft.Column(spacing=8, controls=[
        ft.FilledButton(content=text, icon=ft.Icons.SEND, disabled=disabled, key=ft.ScrollKey(at),
                        on_click=lambda e: ctx.dispatch(line(), at=at)),
        *said_at(ctx, at)])


def own_key(number: int) -> str:
    """The key of a phone's "give" (Bacon's "I'm out!") for round `number`: a new control each round, so a tap on
    the last round's button still on its way when the round was recorded is answered as lost (`views.lost_taps`),
    not taken for the next round."""
    return f"give-{number}"


def editing(draft: dict) -> int | None:
    """The number of the past round open in the form, or None for a new round."""
    return draft.get("editing")


def open_round(draft: dict, keys: tuple, number: int, entries: dict) -> None:
    """Open past round `number` in the form: put the new round's entries aside, fill in the round's own and keep
    them as opened (`refused_unchanged`; a notice of a correction undone goes, and so does a refusal said)."""
    if draft.get("editing") is None:
        draft["stash"] = {k: copy.deepcopy(draft[k]) for k in keys}
    draft.pop("correction_undone", None)
    draft.pop("_refusal", None)
    draft.pop(ADDED, None)
    draft.update(copy.deepcopy(entries), editing=number, opened=copy.deepcopy(entries))


def close(draft: dict) -> None:
    """Back to the new round: its entries as they were before a past round was opened (a refusal said goes)."""
    if draft.get("editing") is not None:
        draft.update(draft.pop("stash", None) or {})
    draft.pop("opened", None)
    draft.pop("_refusal", None)
    draft["editing"] = None


def refused_unchanged(ctx: GameContext, draft: dict,
                      read: Callable[[str, Any], Any] = lambda key, entry: entry) -> bool:
    """Whether the form is a past round saved with the entries it was opened with: then say so and send nothing
    (the form stays open).
    RULING (a correction changes something): saved unchanged, the log gained "Round 1 corrected" for nothing, and an
    undo then took back nothing anyone could see. The entries are compared as the game's engine reads them,
    read(key, entry): as they are unless the game says otherwise (Flip 7's cards "+4" and "4" are two cards; a
    score pad reads its typed points as whole numbers, so "3" typed again as "03" is the same 3). Said on
    sending, not by greying Save: a typed field does not redraw the screen, and Enter sends too."""
    opened, number = draft.get("opened"), editing(draft)
    if number is None or not isinstance(opened, dict) or any(read(k, draft.get(k)) != read(k, v)
                                                              for k, v in opened.items()):
        return False
    refuse(ctx, draft, tuple(opened), RuleError(words.own_key(ctx.lang, ctx.engine.game.id, "rounds.view.unchanged"),
                                                round=number))
    return True


def close_undone(draft: dict, rounds: int) -> None:
    """Close a correction whose round was undone (here or on another screen: only `rounds` are left), noting it
    for `undone_notice` (the form stayed on "Correcting round 3" until its Save was refused; Splitter's closed
    without a word)."""
    number = draft.get("editing")
    if number is not None and number > rounds:
        close(draft)
        draft["correction_undone"] = number


def undone_notice(ctx: GameContext, draft: dict) -> ft.Control:
    """After `close_undone`: that the round open for correction was undone and the correction not saved, until
    dismissed or another round is opened (as a round entered elsewhere is said: `overtaken`); it keeps its place,
    hidden while there is none, so what follows it does not move."""
    number = draft.get("correction_undone") if draft.get("editing") is None else None

    def dismiss() -> None:
        """Put the notice away."""
        draft.pop("correction_undone", None)
        ctx.refresh()

    return ft.Row(wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER, visible=number is not None, controls=[
        ft.Text(ctx.t("rounds.view.correction_undone", round=number), color=ft.Colors.ERROR,
                weight=ft.FontWeight.W_600),
        ft.TextButton(content=ctx.t("app.notice_dismiss"), on_click=lambda e: dismiss()),
    ] if number is not None else [])


def send(ctx: GameContext, draft: dict, keys: tuple, act: dict) -> bool:
    """Send the form's action; whether it was accepted. One the rules refuse is said beside the send button until
    the form changes (`refusal_line`), not in a passing bar.
    RULING (a refused round stays said): the bar covered "Add round" on a laptop and went after 10 s, so a table that
    looked away saw a tap that did nothing; the form keeps what was entered and says why, in each phone's language,
    until an entry changes (a typed field says it until the screen is next drawn). The rules run once, where the
    action is applied (`GameContext.dispatch` hands their refusal back), not checked first and then applied."""
    refusal: list[RuleError] = []
    if ctx.dispatch(act, refused=refusal.append):
        draft.pop("_refusal", None)
        if act.get("type") != "correct" and isinstance(act.get("round"), int):
            draft[ADDED] = {"round": act["round"], "actions": ctx.actions + ctx.made}
        return True
    if refusal:
        refuse(ctx, draft, keys, refusal[0])
    return False


def refuse(ctx: GameContext, draft: dict, keys: tuple, err: RuleError) -> None:
    """Keep err to be said beside the send button while the form's entries under keys stay as they are, and bring it
    into view: said after the button, it was half off a 390x844 phone's screen at 2x text.
    RULING (the button tapped, then why): the screen scrolls to its send button (Flutter's ensureVisible), the
    reason right under it, not to the reason itself: the button is on the client before the tap, so the scroll
    always finds it; the reason, new in the same update, was not always there yet when the scroll came (seen once
    in four browser runs: no scroll). Measured at 2x text, six players: button at y 390, reason whole below it."""
    entries = copy.deepcopy({k: draft.get(k) for k in (*keys, "editing")})
    draft["_refusal"] = {"key": err.key, "params": copy.deepcopy(err.params), "entries": entries,
                         "line": told(ctx.local)}
    ctx.bring_into_view(SEND)
    ctx.refresh()


def refusal_line(ctx: GameContext, draft: dict) -> list[ft.Control]:
    """Why the form's last send was refused, while the form holds what was sent (`send`); else nothing. A render
    only reads the draft: a refusal whose entries have changed since is left in it, unsaid, and goes where the
    draft's round changes (`open_round`, `close`) or with the next send.
    RULING (said again for the same entries): entries changed back to exactly those refused say the refusal again;
    sent, they would be refused so. Each refused send is a new line (`refusal.told`), so the same round refused
    twice is heard twice; the form drawn again without a send keeps the line (not heard again)."""
    said = draft.get("_refusal")
    if not said or any(draft.get(k) != v for k, v in said["entries"].items()):
        return []
    return reason(ctx, said["key"], said["params"], said["line"])


def added_line(ctx: GameContext, draft: dict) -> list[ft.Control]:
    """That the round this screen just sent was added, with each player's points in it, right after the send button,
    while the log is as that send left it (`send`); else nothing.
    RULING (a round added is seen to be added): on a 390x844 phone, after "Add round" the form emptied and nothing
    in sight said the round was recorded (Undo above, the rounds table and the totals below, off the screen), so a
    table could not tell a round added from a tap lost. Now the screen that sent it says "Round 1 added: Ann 12 ·
    Bo 0" where the finger is, the points as the engine's scoreboard holds them (`Scoreboard.of_round`: each
    player's; a team game's, each team's: "Team 1 (A and C) 4"), read out as it appears (a live region; the next
    round's, added with nothing between, is the same line with new words, read out as they change: keyed anew, the
    whole line was sent again each round). Only on that screen (a tab's own scratch), while the log holds as many
    actions as that send left (any other action, here or on another phone, takes it away: an undo does; a redo
    that puts that round back says it again, as it is again true) and no past round is opened; a refusal said
    after a later send is said in its place."""
    added = draft.get(ADDED)
    if not added or added["actions"] != ctx.actions:
        return []
    number = added["round"]
    board = ctx.engine.scoreboard(ctx.state)
    points = board.of_round(number)
    if not points:
        return []
    sides = [(team[0], ctx.t("app.chart_team", team=i + 1, names=list(team))) for i, team in enumerate(board.teams)]
    sides = sides or [(name, name) for name in ctx.players]
    scores = cells_line(ctx, sides, tuple(str(words.signed(points.get(name, 0))) for name, _ in sides))
    return [ft.Semantics(live_region=True, content=ft.Text(ctx.t("rounds.view.added", round=number, scores=scores)))]


def action(ctx: GameContext, draft: dict, kind: str, fields: dict) -> dict:
    """The action to send: `kind` for a new round, numbered as the round being entered (so the engine refuses it
    if that round was entered meanwhile, e.g. completed from the players' own lines), or `correct` of the open
    round."""
    number = editing(draft)
    if number is None:
        return {"type": kind, "by": "table", "round": entered(ctx, kind) + 1, **fields}
    return {"type": "correct", "by": "table", "round": number, **fields}


def hand_back(ctx: GameContext, draft: dict, keys: tuple, empty: bool, kind: str,
              entries_of: Callable[[dict], dict]) -> None:
    """After an undo, put the undone round's entries back into an empty form (once per undo). A form that still
    holds exactly what was handed back is emptied when the log moves on (a redo, another undo), and a further
    undo hands that round back instead. Then note when the form's entries were begun (`begun`). A past round open
    for correction that was undone meanwhile is closed (`close_undone`)."""
    close_undone(draft, entered(ctx, kind))
    if draft.get("editing") is not None:
        return
    begun(ctx, draft, keys, _handed_back(ctx, draft, keys, empty, kind, entries_of), kind)


def _handed_back(ctx: GameContext, draft: dict, keys: tuple, empty: bool, kind: str,
                 entries_of: Callable[[dict], dict]) -> bool:
    """`hand_back`'s work; whether the form is empty after it."""
    actions = ctx.record["actions"]
    marker = [len(actions), len(ctx.record.get("redo") or [])]
    handed = draft.get("handed")
    if handed and handed["at"] != marker:
        back = marker[0] < handed["at"][0] or (marker[0] == handed["at"][0] + 1
                                               and actions[-1] == handed.get("action"))
        if back and {k: draft[k] for k in keys} == handed["entries"]:
            draft.update(copy.deepcopy(handed["blank"]))
            empty = True
        draft["handed"] = handed = None
    if handed or not empty or not marker[1] or ctx.record["redo"][-1].get("type") != kind:
        return empty
    blank = copy.deepcopy({k: draft[k] for k in keys})
    draft.update(entries_of(ctx.record["redo"][-1]))
    draft["handed"] = {"at": marker, "blank": blank, "entries": copy.deepcopy({k: draft[k] for k in keys}),
                       "action": copy.deepcopy(ctx.record["redo"][-1])}
    return False


def entered(ctx: GameContext, kind: str) -> int:
    """How many rounds have been entered: the engine's count where it keeps one (`rounds_entered`: a score pad
    round may also be completed from the players' own lines, not a `round` action), else the log's actions of
    kind."""
    count = getattr(ctx.engine, "rounds_entered", None)
    return count(ctx.state) if count is not None else count_of(ctx.record["actions"], kind)


def begun(ctx: GameContext, draft: dict, keys: tuple, empty: bool, kind: str) -> None:
    """Note how many rounds were entered when the form's entries were begun (and what an empty form holds); an
    empty form, or one handed back after an undo, is begun now."""
    count = entered(ctx, kind)
    if empty or draft.get("handed") or draft.get("begun") is None or draft["begun"][0] != kind \
            or draft["begun"][1] > count:
        draft["begun"] = [kind, count]
    if empty:
        draft["blank"] = copy.deepcopy({k: draft[k] for k in keys})


def overtaken(ctx: GameContext, draft: dict) -> int | None:
    """The round the form's entries were begun for, once another screen has entered it; else None."""
    if editing(draft) is not None or not draft.get("begun"):
        return None
    kind, count = draft["begun"]
    return count + 1 if entered(ctx, kind) > count else None


def heading(ctx: GameContext, draft: dict, new_text: str) -> ft.Control:
    """The form's title: the new round's, or which past round is being corrected (its last word kept with the one
    before, `words.no_orphan`: "…改好顺序后保" left "存" alone on a phone's line)."""
    number = editing(draft)
    text = new_text if number is None else words.no_orphan(ctx.t("rounds.view.editing", round=number))
    return ft.Text(text, size=18, weight=ft.FontWeight.BOLD,
                   color=None if number is None else ft.Colors.TERTIARY)


def finish_button(ctx: GameContext, draft: dict | None = None, unsent: dict | None = None) -> ft.Control:
    """The table's "Finish game" beside a round form's buttons (offered here: `ctx.offer`); a refusal is said under
    the control keyed "finish" (the view puts `said(ctx, "finish")` under its row); unsent: each player's entry in
    the form not added yet (only those with something entered), kept in draft.

    RULING (a round filled in is not dropped unasked): a first-time table filled in its last round and tapped
    "Finish game" beside "Add round": the game ended without that round, the form's entries were gone once the
    screen was left (a finished game opened from the history cannot be undone). Now the first tap says, under the
    button, whose entries are not added and that a second tap finishes without them; the entries changed, it asks
    again. Not a dialog: the question is read where the finger is, and a table that means it taps twice."""
    ctx.offer(TABLE, "finish")
    said = json.dumps(unsent or {}, sort_keys=True, ensure_ascii=False)

    def finish() -> None:
        """Finish, unless the form holds entries not added that nobody has been told of yet."""
        if unsent and draft is not None and draft.get(FINISH_ASKED) != said:
            draft[FINISH_ASKED] = said
            key = words.own_key(ctx.lang, ctx.engine.game.id, "rounds.view.finish_unsent")
            ctx.say(RuleError(key, round=entered(ctx, "round") + 1, names=list(unsent)), FINISH)
            return
        ctx.dispatch({"type": "finish", "by": TABLE}, at=FINISH)

    return ft.OutlinedButton(content=ctx.t("app.score_pad.finish"), icon=ft.Icons.FLAG, key=ft.ScrollKey(FINISH),
                             on_click=lambda e: finish())


def save_buttons(ctx: GameContext, draft: dict, kind: str | None, new_text: str, on_send: Callable[[], Any],
                 disabled: bool = False) -> list[ft.Control]:
    """The send button (add the round, or save the correction) and, while correcting, cancel (Escape too, the focus
    then on the form's first entry, `views.focus.on_escape`); kind: the table's
    move a new round sends (None where the form only corrects), offered here, with the seat's own line.

    The referee player's own line [ruling, this view's]: a phone that enters whole rounds gives its seat's points
    in this form, with everyone else's (the others' given lines fill it on request), so the seat's `line` is
    offered here too: the moves panel asked for it as bare fields (the round's number typed by hand)."""
    if kind is not None:
        ctx.offer(TABLE, kind)
        offer_here(ctx, "line")
    late = overtaken(ctx, draft)
    if late is not None:
        return overtaken_buttons(ctx, draft, late)
    if editing(draft) is None:
        return [undone_notice(ctx, draft), sending(ctx, ft.FilledButton(
            content=new_text, icon=ft.Icons.ADD, disabled=disabled, key=ft.ScrollKey(SEND),
            on_click=lambda e: on_send())), *(refusal_line(ctx, draft) or added_line(ctx, draft))]

    def cancel() -> None:
        """Leave the past round as it was and go back to the new round."""
        close(draft)
        ctx.refresh()

    focus.on_escape(ctx.page, cancel, then=FIRST)
    return [
        sending(ctx, ft.FilledButton(content=ctx.t("rounds.view.save", round=editing(draft)), icon=ft.Icons.SAVE,
                                     disabled=disabled, key=ft.ScrollKey(SEND), on_click=lambda e: on_send())),
        focus.keep(ctx.page, "round-cancel", ft.OutlinedButton(
            content=ctx.t("rounds.view.cancel"), icon=ft.Icons.CLOSE, on_click=lambda e: cancel()), then=FIRST),
        *refusal_line(ctx, draft),
    ]


def overtaken_buttons(ctx: GameContext, draft: dict, late: int) -> list[ft.Control]:
    """In place of the send button while the round the entries were begun for has been entered elsewhere: say so,
    then keep the entries for the next round (the send button comes back) or clear them."""
    kind = draft["begun"][0]

    def keep() -> None:
        """Keep the entries, now for the next round."""
        draft["begun"] = [kind, entered(ctx, kind)]
        ctx.refresh()

    def clear() -> None:
        """Empty the form."""
        draft.update(copy.deepcopy(draft.get("blank") or {}))
        draft["begun"] = [kind, entered(ctx, kind)]
        ctx.refresh()

    return [
        ft.Text(ctx.t("rounds.view.overtaken", round=late), color=ft.Colors.ERROR, weight=ft.FontWeight.W_600),
        ft.FilledButton(content=ctx.t("rounds.view.keep_for", round=entered(ctx, kind) + 1), key="keep-for",
                        icon=ft.Icons.EDIT_NOTE, on_click=lambda e: keep()),
        ft.OutlinedButton(content=ctx.t("rounds.view.clear"), icon=ft.Icons.CLEAR, on_click=lambda e: clear()),
    ]


def sending(ctx: GameContext, button: ft.Control) -> ft.Control:
    """The form's send button, passing the keyboard's focus (`views.focus`) to the form's first entry once sent,
    for the next round, or, where the view names none, keeping it."""
    return focus.keep(ctx.page, SEND, button, then=FIRST, instead=SEND)


def first_entry(ctx: GameContext, control: ft.Control, name: str | None = None) -> ft.Control:
    """control, the round form's first entry (or, given name, another entry, whose Enter sends the round): where
    the keyboard's focus goes after a send or a round opened (`views.focus`)."""
    return focus.keep(ctx.page, name or FIRST, control, then=FIRST)


def rounds_table(ctx: GameContext, draft: dict, rounds: list[dict], totals: dict,
                 on_open: Callable[[int], None], columns: list[tuple[str, str]] | None = None,
                 total_headings: bool = True) -> ft.Control:
    """Every round's entries and the totals: a column per player (points), or the `columns` given as (key,
    heading) with each round's and the totals' values under those keys (a missing total left blank); on a screen
    that acts for the table each round's number is a button that opens it for correction, until the game is over
    (the end screen shows the table, `final`, with nothing to correct it in). Long games show the
    last rounds, with a button for all; a table wider than the screen shows its scroll bar (Splitter's, with two
    players' "row 3: 4 | 2", read as cut off at a phone's edge). Opening a round turns the page to its top
    (`GameContext.turn_page`), where the form is: on a phone the table is far below it, and the form opened out of
    sight looked like a tap that did nothing. Rows are keyed by round, so a new round sends one new row, not every
    shifted one, and an unchanged row is the previous render's (`views.components.kept`), so it is neither built
    nor compared again. The totals row is keyed by its place (the number of rounds shown), so a round that moves it
    down sends a new totals row: moved down a row under its old key, its cells kept their old place in the page's
    semantics, over round 1's button, and a tap there (a screen reader's, a browser test's by name) found "Total"
    instead. Once the table shows its last rounds only, a new round leaves the row where it was, and only its
    totals are sent (not the whole row, about 240 B, each round of a long game). A row grows with its text
    (`data_row_max_height` infinite): at 2× text a row stayed 48 px high and cut the round's button ("第 1 轮", the
    way to a correction) to its top half. Below WIDE px (a phone) each round is a block instead, its button and then
    every column's value on a line that breaks only between them ("Ann 5 · Bo 3", `round_block`), and the totals
    likewise: at a 390 px phone the score pad's table at 2x text, and Splitter's with four players at 1x, scrolled
    sideways and cut the last player's column. As in `compare_table`, Flet shows the one the width reaches (`col` 0
    hides the other, which is not read either); the width is the screen's, so from SPLIT, where the table stands in
    the screen's main column, it shows only once that column is WIDE px wide (`TABLE_AT`: at 900 px and 2x text
    the table stood in 470 px and scrolled sideways, six players' columns shown two). The table's scrolling row
    takes its `col` itself, not from a box around it: the box was a level more on the way to each new row and the
    totals (about 11 B a tap). The hint above and "show all" below stand in the same responsive row, a whole line
    each (a control's `col` is 12 unless given; the button in a row of its own so it keeps its width), apart by the
    row's run spacing, not in a column around it: that column was a level more on the way to each new row and the
    totals (about 16 B a tap). Totals that name themselves (Bacon's "Team 1: 10") are given `total_headings` False:
    the phone's totals line then leaves the headings out ("Total — Scored Team 1: 10" read as a team "Scored")."""
    if not rounds:
        return aside(ctx.lang, ctx.t("cards.view.no_rounds"))
    editable = enters(ctx) and not ctx.state.get("over")
    if editable:
        ctx.offer(TABLE, "correct")
    numeric = columns is None
    columns = columns or [(n, n) for n in ctx.players]
    every = bool(draft.get("all_rounds"))
    first = 0 if every else max(0, len(rounds) - SHOWN_ROUNDS)
    open_now = editing(draft)
    handlers = ctx.local.setdefault("_rounds_open", {})
    handlers["open"] = lambda number: (ctx.turn_page(), on_open(number))
    kept, kept_blocks = Kept(ctx.local, "_rounds_rows"), Kept(ctx.local, "_rounds_blocks")

    def button(number: int, in_table: bool = True) -> ft.Control:
        """Round `number`'s button (opening it through this render's `on_open` or a later one's), or its number.
        In the table the label is kept on one line: the table sizes its first column to it ("第 7 轮" wrapped after
        "第 7"), by no-break spaces and word joiners (`words.whole_name`), not a Text of its own that does not wrap:
        that Text cost the hidden table's new row about 27 B of every tap; a phone's block is as wide as the
        screen, and its label is the plain words."""
        label = ctx.t("rounds.view.round", round=number)
        if not editable:
            return ft.Text(label)
        return focus.keep(ctx.page, f"round-{number}", (ft.FilledTonalButton if number == open_now else ft.TextButton)(
            content=words.whole_name(label) if in_table else label, icon=ft.Icons.EDIT,
            on_click=lambda e: handlers["open"](number)), then=FIRST, instead=SEND)

    def row(number: int, cells: tuple[str, ...]) -> ft.DataRow:
        """Round `number`'s row, keyed by the bare number (the totals row's key is a word: "total-20"); a key is
        sent with its row, and "round-31" cost every tap 8 B more."""
        return ft.DataRow(key=number, cells=[ft.DataCell(button(number))] + [ft.DataCell(text)
                                                                                        for text in cells])

    rows, blocks = [], []
    for index in range(first, len(rounds)):
        number = index + 1
        cells = tuple(str(words.signed(rounds[index][k])) for k, _ in columns)
        key = (number, cells, number == open_now, editable, ctx.lang)
        rows.append(kept.row(key, lambda number=number, cells=cells: row(number, cells)))
        blocks += kept_blocks.row(key, lambda number=number, cells=cells: round_block(
            ctx, number, button(number, in_table=False), columns, cells))
    total = [ctx.t("cards.view.total")] + [str(words.signed(totals.get(k, ""))) for k, _ in columns]
    said = columns if total_headings else [(k, "") for k, _ in columns]
    blocks.append(total_block(ctx, f"total-{len(rows)}", said, tuple(total[1:])))
    rows.append(ft.DataRow(key=f"total-{len(rows)}",
                           cells=[ft.DataCell(ft.Text(text, weight=ft.FontWeight.BOLD)) for text in total]))
    headers = [ft.DataColumn(label=ft.Text(ctx.t("cards.view.round")))]
    headers += [ft.DataColumn(label=ft.Text(heading), numeric=numeric) for _, heading in columns]
    hint = [ft.Text(ctx.t("rounds.view.tap_to_edit"), size=13, color=ft.Colors.ON_SURFACE_VARIANT)] if editable else []
    table = ft.Row(controls=[ft.DataTable(column_spacing=20, columns=headers, rows=rows,
                                          data_row_max_height=float("inf"))], scroll=ft.ScrollMode.ALWAYS,
                   col=TABLE_COL)
    controls: list[ft.Control] = [*hint, table, ft.Column(col=BLOCKS_COL, spacing=0, controls=blocks)]
    if first:
        controls.append(ft.Row(controls=[ft.TextButton(
            content=ctx.t("rounds.view.show_all"), on_click=lambda e: (draft.update(all_rounds=True), ctx.refresh()))]))
    return ft.ResponsiveRow(spacing=0, run_spacing=GAP, breakpoints=TABLE_AT, controls=controls)


def cells_line(ctx: GameContext, columns: list[tuple[str, str]], cells: tuple[str, ...]) -> str:
    """Each column's value after its heading, "Ann 5 · Bo 3", a line breaking only between them, a part wider
    than a phone's line between its words (`whole_part`); a blank value is left out (Bacon's totals have none for
    the dealer and who went out first), and a value of several lines (Bacon's team totals, a line per team in the
    table's cell) follows on as more parts: "Team 1: 6 · Team 2: 4", not "Team 2: 4" on a line of its own; a
    column without a heading gives its value alone."""
    parts: list[str] = []
    for (_, heading), value in zip(columns, cells):
        if value != "":
            first, *more = value.split("\n")
            parts += [ctx.t("app.compare.cell", column=heading, value=first) if heading else first, *more]
    return ctx.t("app.compare.block_sep").join(words.whole_part(ctx.lang, part) for part in parts)


def round_block(ctx: GameContext, number: int, button: ft.Control, columns: list[tuple[str, str]],
                cells: tuple[str, ...]) -> tuple[ft.Control, ft.Control]:
    """One round on a phone: its button (or number), then its values under it (`cells_line`), stood in and apart
    from the next round by their margin. Two keyed controls straight in the blocks' column, not a column of their
    own: a column more cost every new round about 35 B of the bytes a tap sends. Every key is sent with its
    control, so theirs are bare numbers: the button's the round's (7), its values' the same negated (-7); the
    blocks' column holds nothing else keyed by a number (the totals line's key is a word, "total-20"). "r7" and
    "v7" cost every new round 4 B more (as a table's row is keyed, `rounds_table`)."""
    button.key = number
    return button, ft.Text(cells_line(ctx, columns, cells), key=-number,
                           margin=ft.Margin.only(left=BLOCK_INSET, bottom=BLOCK_GAP))


def total_block(ctx: GameContext, key: str, columns: list[tuple[str, str]], cells: tuple[str, ...]) -> ft.Control:
    """The totals on a phone, "Total — Ann 12 · Bo 1", in bold; keyed by place as the table's totals row is."""
    return ft.Text(ctx.t("app.compare.block", name=ctx.t("cards.view.total"), cells=cells_line(ctx, columns, cells)),
                   key=key, weight=ft.FontWeight.BOLD)
