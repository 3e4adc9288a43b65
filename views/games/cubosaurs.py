"""Cubosaurs view: for each player count the dinosaurs and eggs of each type (− / +), add their raptors (colour,
plus and minus value), DNA tokens in advanced mode, and send the round; the rounds so far with totals.

Unknown score values: before sending, the view asks the engine (applying the round to a copy of the state);
when it refuses with `cubosaurs.value_unknown` or `cubosaurs.egg_value_unknown`, the view asks the table what
the card says (the whole row, known values filled in), records a `row` action and then sends the round again —
asking again if the round needs another unknown value. The completed rows live in the session (its `row`
actions replay with it) and are also saved as the game's profile in the store (`{"rows": text, "eggs": text}`,
the options' format); `option_defaults` gives them to the new-session screen, so the next session starts from
them and the table is asked each unknown value only once. On the new-session screen `option_editor` shows those
rows as one row per type with a −/+ stepper per value (no sign to type or forget; "not known" in words until
known, never a "?" that reads as a help button, and a button to make a value unknown again), a button to remove a
type and a field to add one; a text that no longer reads as rows is left to the screen's text field, which says
what is wrong.

Type names [ruling, this view's]: a type in the `rows`/`eggs` text is the table's own word, shown as written,
except the types the app ships (`DEFAULT_ROWS`, `DEFAULT_EGGS`: T-Rex, Brontosaurus, Pentaceratops), whose names
in the text are identifiers shown in the player's language (`cubosaurs.type.<name>`; Chinese as the Chinese
rules name them: 霸王龙, 雷龙, 五角龙) on the steppers, the eggs ("五角龙蛋", not "Pentaceratops蛋"), the
new-session editor and the question for an unknown value. The text itself never changes with the language: a
stored session, a saved profile and an export keep the names they were made with, so a Chinese and an English
phone at one table score the same rows, and a Chinese table sees Chinese names in old sessions too. A type added
under a name a shipped type already shows ("霸王龙" beside T-Rex) is that type, kept once.

The draft lives in `ctx.local["cubosaurs"]`: who is being entered, every player's counts and raptors, and the
row being asked for. A raptor's values are entered as printed, each with its sign fixed: the plus value steps
from 0 up, the minus value from 0 down (the engine refuses a positive minus, `cubosaurs.raptor_sign`).

Tapping a past round in the table opens its collections for a correction (`views.games.round_edit`); undoing a
round hands its collections back to the form.

Below the rounds, the score rows the session scores with, one line per type ("not known" in words), each a button
that opens the row in the question's form with nothing asked [ruling, this view's]: a value read wrong when asked
is corrected there (a `row` action: earlier rounds are rescored, the log keeps both), and a table may fill rows
in from its cards before playing. Saving it sends no round. On the host's table screen this is where `row` is
made (the moves panel listed it as three raw fields).

Players' own collections [ruling, this view's]: a player's own phone in table mode (which does not enter whole
rounds, `round_edit.enters`) shows the round being entered, a line saying each player counts and gives their own
collection there (the referee or the host may also enter the whole round), the steppers for the seat's own
collection and "give my collection" (a `line`). Once given, the collection stays in the steppers, so a player who
miscounted changes it and gives it again (the later one counts); the steppers start empty for the next round,
and a collection the host undid comes back into them (`round_edit.keep_own`, as for the score pad and Flip 7).
While collections wait, every screen says who gave how many cards and who is still to give; the table's form
offers to fill the collections it has not touched from them (then it sends the round as usual, asking for an
unknown row value there). A shared phone (passed around) enters whole rounds only. A new round is sent with its
number (`round`), so a form counted for a round completed meanwhile from the players' collections is held as
entered elsewhere, not recorded as the next round.
"""

from __future__ import annotations

import copy

import flet as ft

from scoring.core import TABLE, RuleError
from scoring.games.cubosaurs import format_rows, parse_rows, same_type, type_key
from views.components.cards import drawn_key, stepper
from views.components.folds import FLUSH, Folds, fold
from views.components.offers import offer_here
from views.components.refusal import said
from views.context import GameContext
from views import focus, words
from views.games import round_edit
from views.ui import aside, choice_row, draft_field, icon_button

UNKNOWN = ("cubosaurs.value_unknown", "cubosaurs.egg_value_unknown")
COLOURS = ("black", "grey")
VALUE_RANGE = 20
# a row value's cell, a number centred in the same place: "not known" on one line at 1x text (67 px), its longest
# word "known" whole at a phone's 2x (85 px in headless Chromium; 72 px split it "not / know / n")
UNKNOWN_WIDTH = 90
GAME = "cubosaurs"
ROW_OPTIONS = {"rows": 4, "eggs": 2}
KEYS = ("lines",)


def type_name(t, name: str) -> str:
    """A dinosaur type in words: a type the app ships in the player's language, any other as the table wrote it."""
    key = type_key(name)
    return name if key is None else t(key)


def egg_name(t, name: str) -> str:
    """A type's egg in words ("五角龙蛋", "Pentaceratops eggs")."""
    return t("cubosaurs.view.egg", type=type_name(t, name))


def option_defaults(store) -> dict:
    """The `rows`/`eggs` options a new session starts from: the saved profile's, where they still read."""
    saved = store.profiles(GAME)
    out = {}
    for option, width in ROW_OPTIONS.items():
        text = saved.get(option)
        try:
            if isinstance(text, str) and parse_rows(text, width, option):
                out[option] = text
        except RuleError:
            continue
    return out


def row_labels(t, kind: str) -> list[str]:
    """What each value of a score row is for: a dinosaur row's 1 / 2 / 3 / 4+ cards, an egg row's with and without
    the majority."""
    if kind == "dino":
        return [t(f"cubosaurs.view.count.{i + 1}") for i in range(4)]
    return [t("cubosaurs.view.majority"), t("cubosaurs.view.no_majority")]


def option_editor(t, option, value, on_change, refuse=None, typed: dict | None = None) -> ft.Control | None:
    """The `rows` / `eggs` option as steppers under a heading of their own (the option's label tells a text field to
    write "?"; a stepper makes a value unknown with a button): a row per type, a −/+ stepper per value;
    None (the screen's text field) for other options or a text that does not read as rows. refuse(err): says why
    "Add type" added nothing (no name typed, or a type on the list already). typed: where the new type's name
    being typed is kept (the form's draft), so a stepper tapped meanwhile, which draws the form again, does not
    empty the field; cleared once the type is added. A key typed while the form is drawn again is kept
    (`draft_field`): built from the name of the last change handled, the field lost it ("Steg" came back "Ste")."""
    width = ROW_OPTIONS.get(option.name)
    if width is None or not isinstance(value, str):
        return None
    try:
        rows = parse_rows(value, width, option.name)
    except RuleError:
        return None
    labels = row_labels(t, "dino" if width == 4 else "egg")
    typed = {"name": ""} if typed is None else typed
    typed.setdefault("name", "")

    def changed(name: str, values: list | None) -> None:
        """Store the rows with one type's values changed (None: the type removed)."""
        new = {k: v for k, v in rows.items() if k != name}
        if values is not None:
            new = {**rows, name: values}
        on_change(format_rows(new))

    def add() -> None:
        """Add the typed type with every value unknown (a name the text cannot hold is cleaned; a repeat is kept
        once); with no name, or a name on the list (`same_type`: in any letter case), say why nothing was added (it
        did nothing)."""
        name = typed["name"].replace(";", " ").replace(":", " ").strip()
        if not name or any(same_type(name, n) or same_type(name, type_name(t, n)) for n in rows):
            if refuse is not None:
                refuse(RuleError("cubosaurs.view.type_listed", name=name) if name
                       else "cubosaurs.view.type_name_needed")
            return
        typed["name"] = ""
        changed(name, [None] * width)

    blocks: list[ft.Control] = [ft.Text(t(f"cubosaurs.view.heading.{option.name}"), size=16, weight=ft.FontWeight.BOLD)]
    for name, values in rows.items():
        title = type_name(t, name) if width == 4 else egg_name(t, name)
        cells = [row_cell(t, t("cubosaurs.view.cell", type=title, count=labels[i]), labels[i], v,
                          lambda new, n=name, i=i, vs=values: changed(n, [*vs[:i], new, *vs[i + 1:]]))
                 for i, v in enumerate(values)]
        blocks.append(ft.Container(padding=8, border_radius=8, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                                   content=ft.Column(spacing=2, controls=[
                                       ft.Row(controls=[
                                           ft.Text(title, size=16, weight=ft.FontWeight.W_600, expand=True),
                                           icon_button(ft.Icons.DELETE_OUTLINE,
                                                       t("cubosaurs.view.remove", what=title),
                                                       lambda e, n=name: changed(n, None))]),
                                       *cells])))
    field = focus.keep(None, f"new-type-{option.name}", draft_field(
        typed, "name", typed["name"], label=t(f"cubosaurs.view.new_type.{option.name}"), expand=True,
        on_change=lambda e: typed.update(name=e.control.value or ""), on_submit=lambda e: add()))
    blocks.append(ft.Row(key=f"new-type-{option.name}", controls=[  # keyed: the field stays the one focused
        field, ft.OutlinedButton(content=t("cubosaurs.view.add_type"), icon=ft.Icons.ADD, on_click=lambda e: add())]))
    return ft.Column(spacing=6, controls=blocks)


def row_cell(t, what: str, label: str, value: int | None, on_change) -> ft.Control:
    """One value of a score row: − and + (from unknown they start at 0), the value or "not known" in words (a "?"
    read as a help button), and a button that erases the value back to unknown."""
    if value is None:
        shown = ft.Text(t("cubosaurs.unknown_value"), size=14, width=UNKNOWN_WIDTH,
                        color=ft.Colors.ON_SURFACE_VARIANT, text_align=ft.TextAlign.CENTER)
    else:
        shown = ft.Text(str(words.signed(value)), size=18, weight=ft.FontWeight.BOLD, width=UNKNOWN_WIDTH,
                        text_align=ft.TextAlign.CENTER)
    base = value or 0
    return ft.Row(spacing=2, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
        ft.Text(label, size=15, expand=True),
        icon_button(ft.Icons.REMOVE, t("cards.view.less", what=what), lambda e: on_change(base - 1),
                    disabled=base <= -VALUE_RANGE),
        shown,
        icon_button(ft.Icons.ADD, t("cards.view.more", what=what), lambda e: on_change(base + 1),
                    disabled=base >= VALUE_RANGE),
        icon_button(ft.Icons.BACKSPACE_OUTLINED, t("cubosaurs.view.make_unknown", what=what),
                    lambda e: on_change(None), disabled=value is None),
    ])


def new_line() -> dict:
    """An empty draft collection."""
    return {"dinos": {}, "eggs": {}, "raptors": [], "dna": 0}


def draft_of(ctx: GameContext) -> dict:
    """The draft round, with a collection for every player and someone selected."""
    draft = ctx.local.setdefault("cubosaurs", {"who": ctx.players[0], "lines": {}, "ask": None})
    for name in ctx.players:
        draft["lines"].setdefault(name, new_line())
    if draft["who"] not in ctx.players:
        draft["who"] = ctx.players[0]
    empty = not draft["ask"] and all(draft["lines"][n] == new_line() for n in ctx.players)
    round_edit.hand_back(ctx, draft, KEYS, empty, "round", lambda a: entries_of(a.get("lines") or {}))
    return draft


def entries_of(lines: dict) -> dict:
    """Collections (of a round in the state, or an undone action) as draft lines."""
    return {"lines": {n: {"dinos": dict(line.get("dinos", {})), "eggs": dict(line.get("eggs", {})),
                          "raptors": [dict(r) for r in line.get("raptors", [])], "dna": line.get("dna", 0)}
                      for n, line in lines.items()}}


def round_action(ctx: GameContext, draft: dict) -> dict:
    """The round (or the correction of the round open) as the engine takes it; a new round with its number."""
    return {**round_edit.action(ctx, draft, "round", {"lines": {n: draft["lines"][n] for n in ctx.players}}),
            "at": ctx.now()}


def build(ctx: GameContext) -> ft.Control:
    """The question for a missing row value (or the row the table chose to edit), or the round entry; the rounds
    table; the score rows with a button to edit each (only the rounds table on a screen that does not enter
    rounds). A screen that enters rounds sets the score rows itself (`row` is offered here, so a table screen's
    moves panel does not list it again as raw fields)."""
    draft = draft_of(ctx)
    if not round_edit.enters(ctx):
        own = own_line(ctx)
        heading = round_edit.own_heading(ctx, len(ctx.state["rounds"]) + 1, own, "cubosaurs.view.own_or_referee")
        return ft.Column(spacing=12, controls=[
            *round_edit.own_screen(ctx, heading, own, waiting(ctx), round_edit.SAID), rounds_table(ctx, draft)])
    ctx.offer(TABLE, "row")
    if draft["ask"]:
        return ft.Column(spacing=12, controls=[ask_panel(ctx, draft), rounds_table(ctx, draft)])
    return ft.Column(spacing=12, controls=[entry(ctx, draft), rounds_table(ctx, draft), rows_panel(ctx, draft)])


def waiting(ctx: GameContext) -> ft.Control:
    """Who gave their collection (with how many cards) and who is still to give, while collections wait."""
    return round_edit.lines_waiting(ctx, {n: ctx.t("cubosaurs.view.given_cards", count=cards(line))
                                          for n, line in ctx.state["lines"].items()})


def cards(line: dict) -> int:
    """How many cards a collection holds: dinosaurs, eggs and raptors."""
    return sum(line["dinos"].values()) + sum(line["eggs"].values()) + len(line["raptors"])


def own_line(ctx: GameContext) -> list[ft.Control]:
    """On a player's own phone: the steppers for the seat's collection this round and "give my collection" (a
    `line`); once given, that it was, right under the button (at `round_edit.SAID`, as Rummy says it: at the top
    of the screen it was away from the tap); the collection stays, to be changed and given again until the round
    is recorded."""
    seat = ctx.seat
    if seat not in ctx.players or not offer_here(ctx, "line"):
        return []
    own = ctx.local.setdefault("cubosaurs_own", {"line": new_line()})
    number = round_edit.keep_own(ctx, own, "line", new_line(), "line",
                                 lambda given: entries_of({seat: given})["lines"][seat])

    given = seat in ctx.state["lines"]
    gave = [ft.Text(ctx.t("cubosaurs.view.you_gave"), size=16, weight=ft.FontWeight.W_600)] if given else []
    return [collection(ctx, own["line"], seat),
            round_edit.give_button(ctx, number, ctx.t("cubosaurs.view.give_again" if given else "cubosaurs.view.give"),
                                   lambda: {"type": "line", "by": seat, "round": number,
                                            "line": copy.deepcopy(own["line"])}),  # a copy: the steppers go on
            *gave]


def final(ctx: GameContext) -> ft.Control:
    """The end screen's rounds table (the one the table watched all game: each round's points and the totals), read
    only; the end screen had only each player's lines and the chart."""
    return rounds_table(ctx, draft_of(ctx))


def rounds_table(ctx: GameContext, draft: dict) -> ft.Control:
    """Each round's points (DNA pairs in the last) and the totals; tapping a round opens it for a correction."""
    rounds = ctx.engine.scoreboard(ctx.state).rounds
    previous = [{n: r[n] - (rounds[i - 1][n] if i else 0) for n in ctx.players} for i, r in enumerate(rounds)]
    totals = rounds[-1] if rounds else {}

    def open_round(number: int) -> None:
        """Open a past round's collections in the form."""
        round_edit.open_round(draft, KEYS, number, entries_of(ctx.state["rounds"][number - 1]))
        draft.update(who=ctx.players[0], ask=None)
        ctx.refresh()

    return round_edit.rounds_table(ctx, draft, previous, totals, open_round)


def entry(ctx: GameContext, draft: dict) -> ft.Control:
    """Players, the selected player's collection, and the send button."""

    def choose(name: str) -> None:
        """Enter this player's collection."""
        draft["who"] = name
        ctx.refresh()

    buttons = round_edit.save_buttons(ctx, draft, "round", ctx.t("cubosaurs.view.add_round"), lambda: send(ctx, draft))
    if round_edit.editing(draft) is None and any(draft["lines"][n] == new_line() for n in ctx.state["lines"]):
        buttons.append(ft.OutlinedButton(content=ctx.t("cubosaurs.view.fill_from_lines"), icon=ft.Icons.DOWNLOAD,
                                         on_click=lambda e: fill_from_lines(ctx, draft)))
    return ft.Column(spacing=10, controls=[
        round_edit.heading(ctx, draft, ctx.t("cubosaurs.view.enter", round=len(ctx.state["rounds"]) + 1)),
        waiting(ctx),
        choice_row([(n, n) for n in ctx.players], draft["who"], choose),
        collection(ctx, draft["lines"][draft["who"]], draft["who"]),
        ft.Row(wrap=True, controls=buttons),
        *empty_note(ctx, draft),
    ])


def empty_note(ctx: GameContext, draft: dict) -> list[ft.Control]:
    """The players with no card counted, named beside the button before the round is sent [ruling, this view's]: a
    forgotten collection is entered as holding nothing, and an egg majority it held goes to another player;
    allowed (a player may have passed on every card), so said, not refused. DNA tokens are not cards."""
    empty = [n for n in ctx.players if not any(draft["lines"][n][k] for k in ("dinos", "eggs", "raptors"))]
    return [aside(ctx.lang, ctx.t("cubosaurs.view.empty_lines", names=empty))] if empty else []


def fill_from_lines(ctx: GameContext, draft: dict) -> None:
    """Fill the collections the table has not touched from those players gave on their phones."""
    given = entries_of(ctx.state["lines"])["lines"]
    for name, line in given.items():
        if draft["lines"][name] == new_line():
            draft["lines"][name] = line
    ctx.refresh()


def collection(ctx: GameContext, line: dict, name: str) -> ft.Control:
    """Player name's steppers for each dinosaur and egg type (the eggs under a line saying how an egg scores), the
    raptors, and DNA tokens in advanced mode."""

    def count(kind: str, dino: str, value: int) -> None:
        """Set how many cards of a type (none: the type leaves the line, so a form stepped back to nothing is
        empty again, as an untouched one)."""
        if value:
            line[kind][dino] = value
        else:
            line[kind].pop(dino, None)
        ctx.refresh()

    controls: list[ft.Control] = [ft.Text(ctx.t("cubosaurs.view.cards_of", name=name), size=16,
                                          weight=ft.FontWeight.BOLD)]
    controls += [stepper(ctx, type_name(ctx.t, dino), lambda d=dino: line["dinos"].get(d, 0),
                         lambda v, d=dino: count("dinos", d, v), maximum=60)
                 for dino in ctx.state["rows"]]
    if ctx.state["egg_rows"]:
        controls.append(egg_rule(ctx))
    controls += [stepper(ctx, egg_name(ctx.t, dino), lambda d=dino: line["eggs"].get(d, 0),
                         lambda v, d=dino: count("eggs", d, v), maximum=60)
                 for dino in ctx.state["egg_rows"]]
    controls.append(raptors(ctx, line))
    if ctx.state["options"]["dna"]:
        controls.append(stepper(ctx, ctx.t("cubosaurs.view.dna"), lambda: line["dna"],
                                lambda v: (line.update(dna=v), ctx.refresh()), maximum=60))
    return ft.Container(padding=10, border_radius=10, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                        content=ft.Column(spacing=6, controls=controls))


def egg_rule(ctx: GameContext) -> ft.Control:
    """How an egg scores (the engine's `round_scores`), where eggs are counted, folded under a one-line head
    ("How eggs score"), closed until a player opens it, and kept open or closed by this tab for every collection
    (`views.components.folds`): the paragraph stood open in every player's form, and at a phone's 2x text it
    filled most of the screen."""
    title = ctx.t("cubosaurs.view.egg_rule_title")
    return fold(Folds(ctx.local, ctx.refresh), "egg_rule", False,
                lambda: [aside(ctx.lang, ctx.t("cubosaurs.view.egg_rule"), size=14)], said=title,
                title=ft.Text(title, size=14), expanded_cross_axis_alignment=ft.CrossAxisAlignment.START,
                tile_padding=FLUSH, controls_padding=ft.Padding.only(bottom=6))


def raptors(ctx: GameContext, line: dict) -> ft.Control:
    """Each raptor card with its plus and minus values; buttons to add a black or grey one. A raptor's row belongs
    to the list of raptors it was drawn with (keyed by it, as `views.components.cards.pile`): a second quick tap on
    "Remove" is answered as a tap that came too late instead of removing the raptor that moved into its place, and
    its handler holds the raptor, not its place (two taps both run before the screen is drawn again remove it
    once)."""

    def add(colour: str) -> None:
        """Add a raptor card."""
        line["raptors"].append({"colour": colour, "plus": 0, "minus": 0})
        ctx.refresh()

    def setter(raptor: dict, key: str):
        """A handler setting one value of a raptor."""
        return lambda v: (raptor.__setitem__(key, v), ctx.refresh())

    def remove(raptor: dict) -> None:
        """Take the raptor card back (once: a second tap run before the screen is drawn again finds it gone)."""
        kept = [r for r in line["raptors"] if r is not raptor]
        if len(kept) < len(line["raptors"]):
            line["raptors"] = kept
            ctx.refresh()

    rows: list[ft.Control] = []
    colours = [r["colour"] for r in line["raptors"]]
    for i, raptor in enumerate(line["raptors"]):
        same = colours[:i].count(raptor["colour"])
        title = ctx.t(f"cubosaurs.view.raptor.{raptor['colour']}", number=same + 1)  # numbered per colour
        card = ft.Column(spacing=0, controls=[
            ft.Row(controls=[ft.Text(title, weight=ft.FontWeight.W_600, expand=True),
                             ft.TextButton(content=ctx.t("cubosaurs.view.remove", what=title),
                                           on_click=lambda e, r=raptor: remove(r))]),
            stepper(ctx, ctx.t("cubosaurs.view.plus", what=title), lambda r=raptor: r["plus"], setter(raptor, "plus"),
                    minimum=0, maximum=VALUE_RANGE),
            stepper(ctx, ctx.t("cubosaurs.view.minus", what=title), lambda r=raptor: r["minus"],
                    setter(raptor, "minus"), minimum=-VALUE_RANGE, maximum=0),
        ])
        rows.append(ft.Container(key=drawn_key("raptor", colours, i), padding=ft.Padding.only(left=8), content=card))
    rows.append(ft.Row(wrap=True, controls=[
        ft.OutlinedButton(content=ctx.t(f"cubosaurs.view.add_raptor.{c}"), icon=ft.Icons.ADD,
                          on_click=lambda e, c=c: add(c))
        for c in COLOURS]))
    return ft.Column(spacing=4, controls=rows)


def send(ctx: GameContext, draft: dict, known: dict | None = None) -> None:
    """Send the round, or first ask for a row value it needs (the engine says which, counting the row just said in
    the question, `known`, which this render's state does not hold yet; any earlier row is in the state, or was
    undone and is asked again). Any other refusal is said beside the send button, with "Why?" (`round_edit.send`,
    as the other round forms say it), not in the passing bar; the send after a question is applied against the
    state the row was saved in, so the row's value counts."""
    if round_edit.refused_unchanged(ctx, draft):
        return
    action = round_action(ctx, draft)
    known = known or {}
    err = ctx.engine.round_needs(ctx.state, action["lines"], known)
    if err is not None:
        if err.key in UNKNOWN:
            kind = "dino" if err.key == UNKNOWN[0] else "egg"
            rows = {**ctx.state["rows" if kind == "dino" else "egg_rows"], **known.get(kind, {})}
            row = rows[err.params["type"]]
            asked = min(err.params["count"], 4) - 1 if kind == "dino" else (0 if err.params["majority"] else 1)
            draft["ask"] = {"kind": kind, "name": err.params["type"], "values": list(row), "known": list(row),
                            "asked": asked, "error": {"key": err.key, "params": err.params}}
            ctx.refresh()
            return
    if round_edit.send(ctx, draft, KEYS, action):
        if round_edit.editing(draft) is None:
            draft["lines"] = {n: new_line() for n in ctx.players}
        round_edit.close(draft)
        draft.update(who=ctx.players[0], ask=None)


def rows_panel(ctx: GameContext, draft: dict) -> ft.Control:
    """The score rows the session scores with, each value as the card says it (or "not known"), each row a button
    that opens it for editing (a value read wrong when asked, or rows filled in from the cards before play), as a
    past round in the rounds table opens for a correction. A Chinese row breaks only between its cells
    (`words.whole_line`): at a phone's 2x text "2 张未知" broke as "2 张未" / "知", "4 张及以上" as "以 / 上"."""

    def edit(kind: str, name: str, values: list) -> None:
        """Open a row in the row form, with nothing asked."""
        draft["ask"] = {"kind": kind, "name": name, "values": list(values), "known": list(values), "error": None}
        ctx.refresh()

    lines: list[ft.Control] = [ft.Text(ctx.t("cubosaurs.view.rows"), size=16, weight=ft.FontWeight.BOLD)]
    for kind, rows in (("dino", ctx.state["rows"]), ("egg", ctx.state["egg_rows"])):
        for name, values in rows.items():
            title = type_name(ctx.t, name) if kind == "dino" else egg_name(ctx.t, name)
            cells = ctx.t("cubosaurs.view.row_values", type=title, values=ctx.t("cubosaurs.view.row_joiner").join(
                ctx.t("cubosaurs.view.row_cell", count=label,
                      value=words.whole_name(ctx.t("cubosaurs.unknown_value")) if v is None else words.signed(v))
                for label, v in zip(row_labels(ctx.t, kind), values)))
            cells = words.whole_line(ctx.lang, cells)
            lines.append(ft.TextButton(content=ft.Text(cells), icon=ft.Icons.EDIT_OUTLINED,
                                       on_click=lambda e, k=kind, n=name, v=values: edit(k, n, v)))
    return ft.Column(spacing=4, controls=lines)


def ask_panel(ctx: GameContext, draft: dict) -> ft.Control:
    """What does the card say? The row with its known values and the one the round needs; the table may give
    others it can read, and those it does not stay unknown ("?": they were saved as 0 and scored so later).
    Save it, then the round is sent again. A row the table opened from the rows panel (`error` None: nothing
    asked) is only saved. A value's label says "unknown: check the card" while it is still not known.

    Ruling (this view's): the value asked starts "not known", and Save waits until the table gives it; it started
    at 0, and a Save tapped without reading the card recorded 0 as what the card gives (and scored it). A card
    that gives 0 is said with the stepper (+ then −)."""
    ask = draft["ask"]
    labels = row_labels(ctx.t, ask["kind"])

    def setter(index: int):
        """A handler setting one value of the row."""
        return lambda v: (ask["values"].__setitem__(index, v), ctx.refresh())

    def save() -> None:
        """Record the row, then send the round again against the state with the row in it."""
        row = {"type": "row", "by": "table", "at": ctx.now(), "kind": ask["kind"], "name": ask["name"],
               "values": list(ask["values"])}
        if ctx.dispatch(row, at="row"):
            draft["ask"] = None
            if ask["error"] is not None:
                send(ctx, draft, {ask["kind"]: {ask["name"]: row["values"]}})

    title = type_name(ctx.t, ask["name"]) if ask["kind"] == "dino" else egg_name(ctx.t, ask["name"])
    question = [] if ask["error"] is None else [
        ft.Text(ctx.t(ask["error"]["key"], **{**ask["error"]["params"], "type": type_name(ctx.t, ask["name"])}),
                size=17, weight=ft.FontWeight.BOLD)]
    save_label = ("cubosaurs.view.save_row_only" if ask["error"] is None else
                  "cubosaurs.view.save_row" if round_edit.editing(draft) is None else
                  "cubosaurs.view.save_row_correction")
    steppers = [row_cell(ctx.t, ctx.t("cubosaurs.view.cell", type=title, count=labels[i]),
                         labels[i] if known is not None or value is not None
                         else ctx.t("cubosaurs.view.unknown", what=labels[i]), value, setter(i))
                for i, (known, value) in enumerate(zip(ask["known"], ask["values"]))]
    return ft.Container(padding=12, border_radius=10, bgcolor=ft.Colors.TERTIARY_CONTAINER, content=ft.Column(
        spacing=6, controls=[
            *question,
            ft.Text(ctx.t(f"cubosaurs.view.row_of.{ask['kind']}", type=type_name(ctx.t, ask["name"])), size=15),
            *steppers,
            ft.Row(wrap=True, controls=[
                ft.FilledButton(content=ctx.t(save_label), icon=ft.Icons.SAVE, on_click=lambda e: save(),
                                disabled=ask.get("asked") is not None and ask["values"][ask["asked"]] is None,
                                key=ft.ScrollKey("row")),
                ft.TextButton(content=ctx.t("cubosaurs.view.back"), on_click=lambda e: (
                    draft.update(ask=None), ctx.refresh())),
            ]),
            *said(ctx, "row"),
        ]))
