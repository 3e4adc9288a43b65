"""New session: players from the roster or new ones, seat order, colours (where the game uses them), the game's
options at their defaults (or at the values its view's `option_defaults(store)` gives, e.g. from a saved game
profile; see `views.games`), and a start button that stays disabled with the reason while something is missing.

The half-made choice (the draft: the players seated, the options, a name or an option half typed) lives in the
tab's scratch, so switching language or going to settings and back keeps it, and in the phone's browser storage
(`views.phone_scratch`, under `new:<game>`), so it comes back when the screen opens in a new session (a phone away
longer than the server keeps its session came back to an empty form); starting the session forgets it. A kept
draft is brought back only in the shape the form holds (`kept_draft`), else ignored; a seated player no longer on
the roster is left out.

Ruling: a draft brought back from the phone's storage when the screen opens, with anything entered in it (players
seated, a name or option typed: `entered`), says so at the form's top ("Continued from earlier", with no time: the
storage keeps none) beside a "Clear" button that empties the form; it came back with its players' chips already
checked, and a player who did not notice tapped the players they wanted and so took them off ("Seat at least 4
players (now 2)"). Nothing is emptied but at that tap. The line stays while that draft is on screen, however it is
changed, until Clear or Start; a form filled in this tab (or brought back with nothing entered) never shows it.

Layout: the form takes a phone's whole width and half a laptop's (`FORM_COLS`); the new player's field and every
option's field or dropdown fill the form's width, so a dropdown's value is not cut at 390 px (a dropdown as narrow
as Flutter measured its choices cut them), an option's label is a text above its field that wraps
(`views.ui.label_above`: a floating label of two lines ran over the outline and the value at 2x text), and a switch's
label wraps beside it rather than being cut at the screen's edge (`views.ui.labelled`). A choice's words longer than
a phone's dropdown (about 300 px at 16 px, half that at 2x text) are still cut: they belong shortened in the game's
strings. The "Add" button beside the new player's field stands at the field's top, not centred on the box and its
"0/40" counter below (10 px low); it takes its own height (48 px at the usual text size): held in a 48 px box, its
icon and label were cut in half at 2x text.

A game whose session's title names the game it keeps score for (`Game.titled`: the score pad) has an optional
"Game" field ("Azul"), kept in the draft like the rest and stored as the record's title, tidied (trimmed: empty is
none); a name longer than a stored record keeps (`TITLE_MAX`) keeps Start disabled, saying the limit.

Ruling: Start and the reason it waits stay at the screen's foot (the frame's footer), under the form that scrolls:
with four players seated and a game's options the button was below a 390x844 phone's fold, and a table seating
players did not see that the form was complete, nor what it still missed.

Ruling: a session's seed (which fixes every deal and draw the app makes) is drawn from the system's secure
source among 2^53 values (`SEEDS`, the largest a stored file holds): a seed below 2^31 could be worked out by trying
each against what a seat sees (a Solar Storm ship's layout and face-up cards), and it then gave every hand away.

Ruling: the form offers an option only where its engine says it applies beside the options chosen
(`Engine.option_applies`: Rummy's penalty scoring with basic Rummy only), and asks again at every change, so
switching the variant shows or hides it at once; the draft keeps its value (switching back shows it as it was),
but a session starts with an option that does not apply at its default, so Start never meets the engine's refusal
of the combination (which stays for imports and the command line). A number whose default stands for a value the
rules give beside the options chosen and the players seated (`Engine.unset_value`: Rummy's target 0 is 500 for 500
Rummy, 100 for basic; Bacon's is 8 with 4 players, 24 with 6) starts empty, and while it is empty or that default its
field names the value that will be used, in the phone's language (each player count's while the players seated fix
none: "8 with 4 players, 24 with 6 players"), and names it again as players are seated; empty then reads as the
default.

Ruling: in a game played with colours (Nab-It!) each player the form seats takes a colour no seat holds, the first
free one in `COLOURS`' order (`new_seat`; in seat order for a new table: red, blue, green, yellow), which the players
may change: a new table had to pick every colour before Start was on. The form only proposes; the record's
`check_colours` still refuses a missing or shared colour. A draft kept from before keeps its seats as they were.

Ruling: Start creates one session per draft. A second tap that reaches the server before the screen changed (a
double tap) is ignored; a start the store refused lets the next tap try again.
"""

from __future__ import annotations

import secrets
from typing import Any

import flet as ft

from scoring import names
from scoring.core import BOOL, CHOICE, INT, INT_LIST, RuleError, engine
from scoring.record import COLOURS, check_colours, new_record
from views import drawn, focus, rules, words
from views.games import view_of
from views.phone_scratch import brought_back, clear, forget, keep
from storage.schema import RECORD_TEXT_MAX
from views.ui import (HELPER_LINES, LABEL_SIZE, aside, draft_field, dropdown, icon_button, label_above,
                      labelled, toggle_chip)

SEEDS = 2**53 - 1
TITLE_MAX = RECORD_TEXT_MAX["title"]  # the longest title a stored record keeps

FORM_COLS = {"xs": 12, "md": 8, "lg": 6}  # the form's share of the screen's width: all of a phone's, half a laptop's

SWATCH = {"red": ft.Colors.RED, "blue": ft.Colors.BLUE, "green": ft.Colors.GREEN, "yellow": ft.Colors.YELLOW,
          "purple": ft.Colors.PURPLE, "orange": ft.Colors.ORANGE, "black": ft.Colors.BLACK,
          "white": ft.Colors.WHITE}
DOT = 18  # a colour's dot in the seat's colour menu, as wide as an icon there


@drawn.screen
def NewSession(app: Any, game_id: str, chosen: Any) -> ft.Control:
    """The new-session screen component (re-rendered when its draft changes)."""
    from views.app import frame

    _, bump = ft.use_state(0)
    app.refresh_screen = lambda: bump(lambda n: n + 1)
    title, body, back, footer = build(app, game_id)
    return frame(app, title, body, back, footer=footer)


def build(app: Any, game_id: str) -> tuple[str, ft.Control, str, ft.Control | None]:
    """The new-session screen of a game: its title, the form, where back leads, and the start bar (None while
    there is no form)."""
    try:
        game = engine(game_id).game
    except RuleError as err:
        return app.t("app.new_session"), ft.Text(words.error(app.lang, err)), "/", None
    title = app.t("app.new_session_of", game=words.whole_word(game.names.get(app.lang, game.id)))
    draft = brought_back(app, f"new:{game_id}", lambda value: kept_draft(app, game, value))
    if draft is None:
        return title, ft.ProgressRing(), "/", None
    draft.setdefault("seats", [])
    if "options" not in draft:
        draft["options"] = start_options(app, game)
    draft.setdefault("new_name", "")
    why = missing(app, game, draft)
    reason = ft.Text(words.no_orphan(why) if why else "", color=ft.Colors.ERROR)  # no lone "位）。" at 2x text
    start = ft.FilledButton(content=app.t("app.start"), icon=ft.Icons.PLAY_ARROW, disabled=why is not None,
                            on_click=lambda e: start_session(app, game, draft))

    def refresh() -> None:
        """Show the screen again: the start button is enabled, or says what is missing."""
        app.render()

    form = ft.Column(col=FORM_COLS, spacing=12, controls=[
        *([continued_row(app, draft)] if draft.get("_continued") else []),
        ft.Text(words.whole_clauses(words.readable(app.lang, engine(game_id).description(draft["options"])))),
        rules.rules_button(app, game_id, back=f"/new/{game_id}"),
        *([title_field(app, draft, refresh)] if game.titled else []),
        ft.Text(app.t("app.players"), size=20, weight=ft.FontWeight.BOLD),
        ft.Text(words.player_range(app.lang, game, engine(game_id).player_span(draft["options"]))),
        roster(app, game, draft),
        new_player_row(app, game, draft),
        ft.Text(app.t("app.seat_order"), size=16, weight=ft.FontWeight.BOLD),
        *seat_rows(app, game, draft),
        *([ft.Text(app.t("app.options"), size=20, weight=ft.FontWeight.BOLD)] if game.options else []),
        *[option_control(app, game, opt, draft, refresh) for opt in offered(game, draft["options"])],
    ])
    keep(app, draft)
    bar = ft.Row(col=FORM_COLS, controls=[start, ft.Container(content=reason, expand=True)])
    return title, ft.ResponsiveRow(controls=[form]), "/", ft.ResponsiveRow(controls=[bar])


def kept_draft(app: Any, game: Any, value: dict) -> dict | None:
    """A draft kept on the phone, as the form holds it: seats (players on the roster, once each, a colour or
    none), the game's options each of the kind its control holds, the texts typed (an option's, a new type's name
    in an option's own editor, the game a score pad keeps score for), marked `_continued` when anything is
    `entered`; None for anything else."""
    seats, options, start = value.get("seats"), value.get("options"), start_options(app, game)
    typed = {k: v for k, v in value.items() if k.startswith("option:")}
    new_types = {k: {"name": v["name"]} for k, v in value.items() if k.startswith("new_type:")
                 and k[len("new_type:"):] in start and isinstance(v, dict) and isinstance(v.get("name"), str)}
    if not (isinstance(seats, list) and all(isinstance(s, dict) and set(s) == {"name", "colour"}
                                            and isinstance(s["name"], str) and s["colour"] in (None, *COLOURS)
                                            for s in seats)):
        return None
    if not (isinstance(options, dict) and all(k in start and type(v) is type(start[k]) for k, v in options.items())
            and all(k[len("option:"):] in start and isinstance(v, str) for k, v in typed.items())
            and isinstance(value.get("new_name"), str)):
        return None
    if not isinstance(value.get("title", ""), str):
        return None
    roster, names = set(app.store.players()), [s["name"] for s in seats]
    seats = [s for i, s in enumerate(seats) if s["name"] in roster and s["name"] not in names[:i]]
    draft = {"seats": seats, "options": {**start, **options}, "new_name": value["new_name"], **typed, **new_types,
             **({"title": value["title"]} if "title" in value else {})}
    return {**draft, **({"_continued": True} if entered(draft, start) else {})}


def entered(draft: dict, start: dict) -> bool:
    """Whether a draft holds anything a person entered: a player seated, a name typed (a player's, a game's, a new
    type's), an option not as the form starts it."""
    texts = [draft["new_name"], draft.get("title", ""),
             *(v["name"] for k, v in draft.items() if k.startswith("new_type:"))]
    return bool(draft["seats"]) or any(t.strip() for t in texts) or draft["options"] != start


def continued_row(app: Any, draft: dict) -> ft.Control:
    """The line that says the form continues a draft brought back from the phone, and its "Clear" button."""

    def empty() -> None:
        """Empty the form (players, options, texts typed): the person's own tap, the only way it is emptied."""
        clear(draft)
        app.render()

    return ft.Row(vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
        ft.Container(content=aside(app.lang, app.t("app.draft_continued")), expand=True),
        ft.OutlinedButton(content=app.t("app.draft_clear"), icon=ft.Icons.CLEAR_ALL, on_click=lambda e: empty())])


def new_seat(game: Any, draft: dict, name: str) -> dict:
    """The seat of a player the form seats: in a game played with colours, the first of `COLOURS` no seat holds
    (None when every one is held), which the players may change; else no colour."""
    held = {s["colour"] for s in draft["seats"]}
    free = [c for c in COLOURS if c not in held] if game.colours else []
    return {"name": name, "colour": free[0] if free else None}


def roster(app: Any, game: Any, draft: dict) -> ft.Control:
    """The known players as chips: tap to seat or unseat."""
    seated = {s["name"] for s in draft["seats"]}

    def toggle(name: str) -> None:
        """Seat the player, or take them off the table."""
        if name in seated:
            draft["seats"] = [s for s in draft["seats"] if s["name"] != name]
        else:
            draft["seats"].append(new_seat(game, draft, name))
        app.render()

    chips = [toggle_chip(name, name in seated, lambda e, n=name: toggle(n), ft.Icons.PERSON_OUTLINE)
             for name in app.store.players()]
    return ft.Row(controls=chips, wrap=True) if chips else aside(app.lang, app.t("app.roster_empty"))


def new_player_row(app: Any, game: Any, draft: dict) -> ft.Control:
    """A field and button to add a new player to the roster and seat them. A key typed while the form is drawn
    again for something else is kept (`draft_field`): built from the name of the last change handled, the field
    lost it ("Cyd" typed came back "Cy"); a name added empties it.
    RULING (the field heard as it looks): after "添加" the field was empty on the screen but a screen reader still
    read "新玩家：弟弟": Flutter's web engine writes a field's text into the page's input only while the field is
    being edited, so the name typed stayed there once the tap on the button took the focus and the server emptied
    the field. A name added by the button draws the field anew (keyed by how many this tab added so: `_added`), a
    new input with nothing in it; Enter keeps the field (it is still being edited, and Flutter empties its input)."""
    field = draft_field(draft, "new_name", draft["new_name"], label=app.t("app.new_player"), max_length=40,
                        expand=True, key=f"new-player-{draft.get('_added', 0)}",
                        on_change=lambda e: (draft.update(new_name=e.control.value), keep(app, draft)))

    def add(anew: bool) -> None:
        """Add the typed name (any script, 1–40 characters) to the roster and seat it; a name already on the
        roster (in any case or width, `scoring.names.same`) seats that player, as tapping their chip would (it was
        refused as a duplicate); anew: the field is drawn anew, empty (from the button)."""
        name = (draft["new_name"] or "").strip()
        known = next((p for p in app.store.players() if names.same(p, name)), None)
        if known is not None and any(s["name"] == known for s in draft["seats"]):
            app.show_error(RuleError("app.player_seated_already", name=known))
            return
        if known is None:
            try:
                app.store.add_player(name)
            except RuleError as err:
                app.show_error(err)
                return
        draft["new_name"] = ""
        draft["_added"] = draft.get("_added", 0) + anew
        draft["seats"].append(new_seat(game, draft, known or name))
        app.render()

    # Enter adds the name and the field keeps the keyboard for the next name (Flutter lets go of a field's focus
    # when Enter submits it: a second name typed went nowhere)
    field.on_submit = lambda e: add(False)
    focus.keep(app.page, "new-player", field)
    button = ft.FilledTonalButton(content=app.t("app.add_player"), icon=ft.Icons.PERSON_ADD,
                                  on_click=lambda e: add(True))
    return ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, controls=[field, button])


def title_field(app: Any, draft: dict, refresh: Any) -> ft.Control:
    """The optional name of the game a score pad keeps score for ("Azul"; `Game.titled`), kept as the record's
    title; each keystroke draws the screen again (Start and the reason follow a name too long to keep)."""
    field = draft_field(draft, "title", draft.get("title", ""), label=app.t("app.game_title"),
                        helper=app.t("app.game_title_hint"), helper_max_lines=HELPER_LINES, max_length=TITLE_MAX,
                        expand=True, on_change=lambda e: (draft.update(title=e.control.value or ""), refresh()))
    return ft.Row(controls=[field])


def too_long_title(draft: dict) -> RuleError | None:
    """The refusal of a game's name longer than a stored record may keep (`TITLE_MAX`, once tidied), or None."""
    title = names.tidy(draft.get("title", ""))
    return RuleError("app.game_title_too_long", length=len(title), max=TITLE_MAX) if len(title) > TITLE_MAX else None


def swatch(colour: str) -> ft.Control:
    """A colour's dot in the menu, ringed in the theme's text colour: the ring stands out from the menu on both
    themes, where a bare black dot does not on the dark one, nor a white or yellow one on the light one."""
    return ft.Container(width=DOT, height=DOT, shape=ft.BoxShape.CIRCLE, bgcolor=SWATCH[colour],
                        border=ft.Border.all(2, ft.Colors.ON_SURFACE))


def seat_rows(app: Any, game: Any, draft: dict) -> list[ft.Control]:
    """One row per seated player: seat number, name, colour (if used), up, down, remove. A row is the player's
    (keyed by the name, unique at a table): a second quick tap on "take off" reaches a row no longer on screen and
    is answered as a tap that came too late, instead of taking off the next player too; a second "move up" moves
    the same player once more."""
    seats = draft["seats"]

    def move(seat: dict, step: int) -> None:
        """Swap the player's seat with its neighbour (if still seated)."""
        i = seats.index(seat) if seat in seats else -1
        j = i + step
        if i >= 0 and 0 <= j < len(seats):
            seats[i], seats[j] = seats[j], seats[i]
            app.render()

    def remove(seat: dict) -> None:
        """Take the player off the table (once: a tap run again before the screen is drawn finds them gone)."""
        if seat in seats:
            seats.remove(seat)
            app.render()

    def colour(seat: dict, value: str | None) -> None:
        """Choose the player's colour."""
        seat["colour"] = value
        app.render()

    rows = []
    for i, seat in enumerate(seats):
        controls: list[ft.Control] = [ft.Text(app.t("app.seat", seat=i + 1, name=seat["name"]), expand=True,
                                              size=16)]
        if game.colours:
            controls.append(dropdown(
                app.t("app.colour"), seat.get("colour"),
                [ft.DropdownOption(key=c, text=app.t(f"record.colour.{c}"),
                                   leading_icon=swatch(c)) for c in COLOURS],
                lambda e, seat=seat: colour(seat, e.control.value), name=app.t("app.colour_of", name=seat["name"]),
                width=130))
        controls += [
            icon_button(ft.Icons.ARROW_UPWARD, app.t("app.move_up", name=seat["name"]),
                        lambda e, seat=seat: move(seat, -1), disabled=i == 0),
            icon_button(ft.Icons.ARROW_DOWNWARD, app.t("app.move_down", name=seat["name"]),
                        lambda e, seat=seat: move(seat, 1), disabled=i == len(seats) - 1),
            icon_button(ft.Icons.CLOSE, app.t("app.unseat", name=seat["name"]), lambda e, seat=seat: remove(seat)),
        ]
        rows.append(ft.Row(key=f"seat-{seat['name']}", controls=controls))
    return rows or [aside(app.lang, app.t("app.no_seats"))]


def start_options(app: Any, game: Any) -> dict:
    """The option values a new session starts from (as their controls hold them): the view's
    `option_defaults(store)` where it gives one, else the game's defaults."""
    view = view_of(game.id)
    saved = view.option_defaults(app.store) if hasattr(view, "option_defaults") else {}
    return {o.name: raw_value(o, saved.get(o.name, o.default)) for o in game.options}


def offered(game: Any, options: dict) -> list[Any]:
    """The game's options that apply beside these (as the form holds them), as its engine says."""
    rules = engine(game.id)
    return [opt for opt in game.options if rules.option_applies(opt.name, options)]


def at_default(opt: Any, text: str) -> bool:
    """Whether a number typed for the option is empty or its default."""
    try:
        return not text.strip() or words.whole_number(text) == opt.default
    except ValueError:
        return False


def raw_value(option: Any, value: Any) -> Any:
    """An option value as its control holds it (numbers and lists as text)."""
    if option.kind == INT:
        return str(value)
    if option.kind == INT_LIST:
        return ", ".join(str(v) for v in value)
    return value


def parsed_options(app: Any, game: Any, draft: dict) -> dict:
    """The draft's option values as the game expects them; RuleError names the first bad one."""
    out, applying = {}, offered(game, draft["options"])
    for opt in game.options:
        raw = draft["options"].get(opt.name, raw_value(opt, opt.default))
        if opt not in applying or (opt.kind == INT and at_default(opt, str(raw))
                                   and stands_for(game, opt, draft) is not None):
            raw = raw_value(opt, opt.default)
        label = app.t(f"{game.id}.option.{opt.name}")
        try:
            if opt.kind == INT:
                value = words.whole_number(raw)
            elif opt.kind == INT_LIST:
                value = [words.whole_number(v) for v in str(raw).replace("，", ",").split(",") if v.strip()]
            else:
                value = raw
        except ValueError:
            raise opt.refusal(raw, label) from None
        try:
            out[opt.name] = opt.check(value)
        except RuleError:
            raise opt.refusal(raw, label) from None
    return out


def refusal(app: Any, game: Any, draft: dict) -> RuleError | None:
    """Why the session cannot start yet, or None: too few seated, else the refusal of the game's and the record's
    own checks (names, colours, options, and the engine's setup: Mighty Duel seats two) — the screen keeps no colour
    rule of its own."""
    seated = [s["name"] for s in draft["seats"]]
    if len(seated) < game.min_players:
        return RuleError("app.need_players", min=game.min_players, count=len(seated))
    try:
        game.check_players(seated)
        check_colours(game, draft["seats"])
        engine(game.id).new_state(seated, parsed_options(app, game, draft))
    except RuleError as err:
        return err
    return too_long_title(draft)


def missing(app: Any, game: Any, draft: dict) -> str | None:
    """Why the session cannot start yet, in words (`refusal`), or None."""
    err = refusal(app, game, draft)
    return None if err is None else words.error(app.lang, err)


def option_control(app: Any, game: Any, opt: Any, draft: dict, refresh: Any) -> ft.Control:
    """The control for one option: the view's own editor where it has one (`option_editor`, see `views.games`),
    else a switch, a number or list field, a choice, or text. Each keystroke in a field draws the screen again
    (Start and the reason follow the text), so the field shows what the browser last reported (`draft_field`),
    never an older text over newer typing ("A2 T2 S1" typed fast became "A2 T1" in a browser test)."""
    label = app.t(f"{game.id}.option.{opt.name}")
    value = draft["options"].get(opt.name)

    def changed(new: Any) -> None:
        """Keep the new value in the draft and recheck what is missing."""
        draft["options"][opt.name] = new
        refresh()

    editor = getattr(view_of(game.id), "option_editor", None)
    own = editor(app.t, opt, value, lambda new: (changed(new), app.render()), app.show_error,
                 draft.setdefault(f"new_type:{opt.name}", {})) if editor else None
    if own is not None:
        return own
    if opt.kind == BOOL:
        return labelled(ft.Switch(value=bool(value)), label, changed, size=LABEL_SIZE)
    if opt.kind == CHOICE:
        return dropdown(label, value, [ft.DropdownOption(key=c, text=app.t(f"{game.id}.option.{opt.name}.{c}"))
                                       for c in opt.choices], lambda e: changed(e.control.value), above=True,
                        expand=True)
    keyboard = ft.KeyboardType.NUMBER if opt.kind == INT else ft.KeyboardType.TEXT
    key, meant = f"option:{opt.name}", stands_for(game, opt, draft)
    draft.setdefault(key, "" if meant is not None and value == raw_value(opt, opt.default) else str(value))

    def typed(e: Any) -> None:
        """Keep the text typed, then the option's new value."""
        draft[key] = e.control.value or ""
        changed(draft[key])

    field = draft_field(draft, key, draft[key], keyboard_type=keyboard, on_change=typed)
    used = app.t("app.option_used", value=said_value(app, meant)) if meant is not None \
        and at_default(opt, field.value) else None
    return label_above(label, field, used)


def stands_for(game: Any, opt: Any, draft: dict) -> Any:
    """What the option left at its default stands for, as its engine says beside the draft's options and players."""
    return engine(game.id).unset_value(opt.name, draft["options"], [s["name"] for s in draft.get("seats", ())])


def said_value(app: Any, meant: Any) -> str:
    """The value an unset option stands for in words: itself, or each player count's ("8 with 4 players, 24 with 6
    players")."""
    if not isinstance(meant, dict):
        return str(meant)
    return app.t("app.option_used_joiner").join(app.t("app.option_used_for", count=count, value=value)
                                                for count, value in meant.items())


def start_session(app: Any, game: Any, draft: dict) -> None:
    """Create the session in the store and open it; a tap on a Start drawn before the draft changed (a keystroke
    that made an option invalid, handled first) says why nothing started."""
    err = refusal(app, game, draft)
    if err is not None:
        app.show_error(err)
        return
    tap = object()
    if draft.setdefault("_starting", tap) is not tap:
        return
    players = [{"name": s["name"], **({"colour": s["colour"]} if game.colours else {})} for s in draft["seats"]]
    now = words.now()
    try:
        record = new_record(game.id, players, parsed_options(app, game, draft),
                            seed=secrets.randbelow(SEEDS) + 1, now=now, title=draft.get("title", ""))
        sid = app.store.create(record)
    except RuleError as err:
        draft.pop("_starting", None)
        app.show_error(err)
        return
    forget(app, draft)
    app.scratch.pop(f"new:{game.id}", None)
    app.go(f"/play/{sid}")
