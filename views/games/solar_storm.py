"""Solar Storm view: the ship's 3×3 grid (cubes per room, diverted marks, protection, who stands where), the decks
(cards left, the face-up pair, the next damage card and what the Bridge saw), whose turn with actions and tokens
left, the moves the engine offers now, each player's hand, and the win or loss screen saying why.

The ship stays a 3×3 grid at every width (it is the ship's plan: a move goes to a room beside), its three rooms a
row sharing the width and each row as tall as its tallest room. So that no word breaks in a room a third of a
390 px phone wide, each line of a room holds one word or one name: the repair track a space a line (its cube and
the resource it takes), who is here a name a line (cut short with "…" rather than broken).

A plain function of the state: the ship, decks and hands come from `player_view` (the public table, or the seat
whose hand is uncovered with "Show A's hand", kept in `ctx.local["solar_storm"]["seat"]`); the buttons are the
engine's `prompt` choices, one group per move (a move with several choices opens them first, unless it is the only
move offered: then its choices are shown at once, `only_choices`; a move with exactly one
is one button saying the whole move, `whole_move`), each offered to the context (`ctx.offer`: a table-mode screen's
moves panel does not offer it again). A move with another player
(the Mess Hall, a give, a take from a player) opens as steps (whom, each card, then one button saying the move),
what is chosen kept in `ctx.local` (scratch `steps`). In the look phase the looked-at cards are tapped into their
new order (scratch `order`), then put back.

When the table deals (option `deal` = "table"):
- the setup form (scratch `deal`): the layout as shown or tapped room by room clockwise from the top-left corner,
  each starting hand and the face-up pair from card chips (the target moves on by itself once full), and the two
  setup damage cards tapped on the ship grid in their printed order;
- a typed draw (`take`, the Hull Breach) picks where from (or the roll) in a choice row, then the cards that came
  up from chips; a typed damage card is its rooms tapped on the ship grid (scratch `pick`).
Every form shows the engine's refusal of what is typed so far (`check`, nothing applied) and sends only what it
accepts. Everything typed is shown and sent as typed: a typed draw's card or a damage card's room tapped once the
card is full (a double tap faster than the redraw that hides the chips) is refused in words; it was kept in the
draft unseen (the form showed only the card's size of it), then shown and sent once a card before it was taken
back. No rule is decided here.

A screen shows the moves it makes (`views.components.offers`: the turn player's on that player's phone, the typed
setup on a screen that acts for the table) and offers them to the context (`ctx.offer`), so a seated phone's moves
panel never offers them again; another phone says who makes them on their own phone. A seated phone shows its own
hand at once and no "show"/"hide" for any hand (it never holds another seat's cards). The shared screen, which
acts as everyone, shows every move and hand toggle as before.
"""

from __future__ import annotations

from collections.abc import Iterable

import flet as ft

from scoring import i18n
from scoring.core import TABLE, RuleError
from scoring.games.solar_storm import (CARDS, CORE, FACE_UP, PROTECTION, ROOM_IDS, ROOMS, SETUP_DAMAGE,
                                       SETUP_DAMAGE_SIZE, deck_count, deck_draws, grid_layout)
from views import words
from views.components.cards import card_buttons, pile
from views.components.kept import Kept
from views.components.offers import offer_here
from views.components.private import elsewhere
from views.components.refusal import move_key, said
from views.context import GameContext
from views.ui import NARROW_SIDE, aside, choice_row, tap_style, tint

PAD = 6
GAP = 4
BOX = 16
NAME_SIZE = 13  # a room's name: "Quarters" 102 px bold at a phone's 2x text, in a room of 104
WORD_SIZE = 12  # a repair space's resource: "nanobots" 103 px at 2x text
DIRECT = ("scavenge", "divert", "launch", "token", "end_actions", "cargo_hold", "bridge")
HERE = ("divert", "repair")  # moves whose room, named for the log, is where the player stands
CHIP = 112
ROOM_TAP = 56
STEPS = ("collect", "discard", "damage")  # the engine's phases of a turn after its actions
# moves with another player chosen step by step: each card field of the engine's choices and whether it is given or
# taken (the Mess Hall's `give`/`take`, a `receive`'s or `give`'s `card`)
STEPPED = {"mess_hall": {"give": "give", "take": "take"}, "receive": {"card": "take"}, "give": {"card": "give"}}
NOTHING = ""  # a step's "nothing" in the draft and its choice row (None there is a step not chosen yet)
KEPT_ROOMS = "_rooms"  # the scratch of the rooms kept whole from one render to the next (this tab's only)
KEPT_LINES = "_room_lines"  # the scratch of the rooms' lines kept from one render to the next
ROOM_TAPS = "_room_taps"  # this render's move taps by room, which a kept room's tap goes to
FINAL_LEADS = True  # the end screen leads with the crew's outcome and why; the shared points follow (views.session)


def draft_of(ctx: GameContext) -> dict:
    """The view's scratch: whose hand is shown, which move's choices are open, the look's new order, the typed
    deal and the typed draw or damage card."""
    draft = ctx.local.setdefault("solar_storm", {"seat": None, "open": None, "order": []})
    draft.setdefault("deal", new_deal())
    draft.setdefault("pick", new_pick())
    return draft


def new_deal() -> dict:
    """An empty typed deal: layout as shown (None) or tapped, the target being typed, hands, face-up, damage."""
    return {"layout": None, "target": 0, "hands": {}, "face_up": [], "card": 0,
            "damage": [[] for _ in range(SETUP_DAMAGE)]}


def new_pick() -> dict:
    """An empty typed draw: which group of choices (where from, or the roll; none chosen yet), the cards and the
    rooms tapped."""
    return {"group": None, "cards": [], "rooms": []}


def pick_for(draft: dict, draw: list) -> dict:
    """The typed draw or damage card for this draw (its kind, player and turn): one typed for another draw, which
    was then made on another screen, is not carried into the next (it opened with those cards typed)."""
    if draft["pick"].get("for") != draw:
        draft["pick"] = {**new_pick(), "for": draw}
    return draft["pick"]


def room_name(ctx: GameContext, room: str) -> str:
    """A room in words."""
    return ctx.t(f"solar_storm.room.{room}")


def card_name(ctx: GameContext, card: str | None) -> str:
    """A resource card in words (an unseen card as a question mark)."""
    return ctx.t("solar_storm.view.unseen") if card is None else ctx.t(f"solar_storm.card.{card}")


def build(ctx: GameContext) -> ft.Control:
    """Turn line, ship, decks, the offered moves, and the hands."""
    draft = draft_of(ctx)
    public = ctx.engine.player_view(ctx.state, None)
    return ft.Column(spacing=12, controls=[
        turn_panel(ctx, public), ship(ctx, public, room_moves(ctx, draft)), decks_panel(ctx, public),
        moves_panel(ctx, draft),
        hands_panel(ctx, draft),
    ])


def final(ctx: GameContext) -> ft.Control:
    """The end: won or lost and why, and the ship as it was left."""
    public = ctx.engine.player_view(ctx.state, None)
    return ft.Column(spacing=12, controls=[result_panel(ctx), ship(ctx, public), decks_panel(ctx, public)])


def result_panel(ctx: GameContext) -> ft.Control:
    """A banner: the launch, or the loss with its reason; its counts break only between them (`words.whole_line`)."""
    result = ctx.state["result"]
    won = result["won"]
    params = {"room": room_name(ctx, result["room"])} if result.get("room") else {}
    return ft.Container(
        padding=16, border_radius=12, bgcolor=tint(ft.Colors.GREEN if won else ft.Colors.RED),
        alignment=ft.Alignment.TOP_LEFT, content=ft.Column(spacing=4, controls=[
            ft.Text(ctx.t("solar_storm.view.won" if won else "solar_storm.view.lost"), size=26,
                    weight=ft.FontWeight.BOLD),
            ft.Text(ctx.t(f"solar_storm.view.why.{result['reason']}", **params), size=18),
            ft.Text(words.whole_line(ctx.lang, ctx.t(
                "solar_storm.view.summary", turns=ctx.state["turns"], rooms=ctx.engine.diverted(ctx.state),
                cards=deck_count(ctx.state["resources"]))), size=15),
        ]))


def turn_panel(ctx: GameContext, view: dict) -> ft.Control:
    """The turn's actions and action tokens left (once the actions are over, the step and the tokens), the phase's
    hint, the last roll and the last damage.
    Ruling: the card does not name whose turn it is; the next-step and status lines above it do ("Ann's turn: 3
    actions left" under "Next: Ann — move" said the name twice), except on another seat's phone (`whose`), which
    names the phase's hint too: "Take up to 3 actions, then end the action phase." under "You are Bo" in Ann's turn
    read as Bo's to do (seen on 小明's phone during 妈妈's turn)."""
    lines = []
    if view["turn"]:
        lines += turn_lead(ctx, view)
    hint = ctx.t(hint_key(ctx, view), picks=view["picks"])
    lines.append(ft.Text(whose(ctx, view, hint) if view["turn"] else hint, size=15))
    lines += divert_cost(ctx, view) + way_to_win(ctx, view)
    if view["roll"] is not None:
        lines.append(ft.Text(roll_line(ctx, view), size=15))
    if view["last_damage"]:
        lines.append(ft.Text(last_damage(ctx, view), size=15))
    return ft.Container(padding=10, border_radius=10, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                        alignment=ft.Alignment.TOP_LEFT, content=ft.Column(spacing=4, controls=lines))


def turn_lead(ctx: GameContext, view: dict) -> list[ft.Control]:
    """The card's bold lead: actions and tokens left during the actions; in the engine's later phases of a turn
    (`STEPS`: collect, discard, damage) the step, with the tokens on a line below ("0 actions left" stayed on the
    card through collecting and the damage draw, which said nothing of what to do)."""
    tokens = view["tokens"][view["turn"]]
    if view["phase"] not in STEPS:
        return [ft.Text(whose(ctx, view, ctx.t("solar_storm.view.turn", actions=view["actions"], tokens=tokens)),
                        size=18, weight=ft.FontWeight.BOLD)]
    return [ft.Text(ctx.t(f"solar_storm.view.step.{step(ctx, view)}"), size=18, weight=ft.FontWeight.BOLD),
            ft.Text(whose(ctx, view, ctx.t("solar_storm.view.tokens", tokens=tokens)), size=15)]


def whose(ctx: GameContext, view: dict, counts: str) -> str:
    """The turn's counts, named with the turn's player on another seat's phone ("0 actions left, 2 tokens" under
    "You are Ann" in Bo's turn read as Ann's); the turn player's phone and the shared screens (the session screen,
    the host's table screen and the referee's phone, seat TABLE) leave the name out."""
    if ctx.seat in (None, TABLE, view["turn"]):
        return counts
    return ctx.t("solar_storm.view.whose", player=view["turn"], counts=counts)


def hint_key(ctx: GameContext, view: dict) -> str:
    """The phase's hint; with every action taken, what is left: a token for one more action, or the phase's end
    ("Take up to 3 actions" stayed on the card at 0 actions left, the launch then waiting on a token spent)."""
    doing = step(ctx, view)
    if doing != "actions" or view["actions"] or not view["turn"]:
        return f"solar_storm.view.hint.{doing}"
    return "solar_storm.view.hint.no_actions" + ("_token" if view["tokens"][view["turn"]] else "")


def step(ctx: GameContext, view: dict) -> str:
    """The engine's phase, but "breach" where its prompt names the Hull Breach's roll as the step (the damage
    card's stand-in once the damage deck is empty; the card said "draw a damage card" over an empty deck)."""
    return next((doing(e) for e in ctx.engine.prompt(ctx.state) if e["type"] == view["phase"]), view["phase"])


def doing(entry: dict) -> str:
    """A prompt entry's move, or its step where the view words it apart (the Hull Breach's roll: "breach")."""
    return "breach" if entry.get("step") == "breach" else entry["type"]


def cost_words(ctx: GameContext, room: str) -> list[str]:
    """The three resource cards a room's divert takes (the rooms file's cost), in words."""
    return [card_name(ctx, card) for card in ROOMS[room]["cost"]]


def divert_cost(ctx: GameContext, view: dict) -> list[ft.Control]:
    """During the actions, what diverting the room the turn's player stands in takes, whether or not the hand pays
    (none in the Energy Core or a room already diverted): no screen said a room's cost before the divert."""
    room = view["where"][view["turn"]] if view["turn"] else CORE
    if view["phase"] in STEPS or room == CORE or view["rooms"][room]["diverted"]:
        return []
    return [ft.Text(ctx.t("solar_storm.view.divert_cost", room=room_name(ctx, room), cards=cost_words(ctx, room)),
                    size=15)]


def way_to_win(ctx: GameContext, view: dict) -> list[ft.Control]:
    """During the actions once every room is diverted, the last step: an action in the Energy Core wins (no screen
    named it until the player stood there with an action left)."""
    if view["phase"] != "actions" or not all(view["rooms"][r]["diverted"] for r in ROOM_IDS):
        return []
    return [ft.Text(ctx.t("solar_storm.view.way_to_win", room=room_name(ctx, CORE)), size=15)]


def last_damage(ctx: GameContext, view: dict) -> str:
    """The last damage card's rooms, and those a protection token saved (the line named them all as damaged over
    a protected room that kept its cubes)."""
    rooms = [room_name(ctx, r) for r in view["last_damage"]]
    saved = [room_name(ctx, r) for r in view.get("last_protected") or []]
    if saved:
        return ctx.t("solar_storm.view.last_damage_protected", rooms=rooms, protected=saved)
    return ctx.t("solar_storm.view.last_damage", rooms=rooms)


def roll_line(ctx: GameContext, view: dict) -> str:
    """The last roll and what it decided as the engine's view says it (`roll_for`, `roll_cards`): the cards a
    scavenge gives, or the resource cards the Hull Breach discards ("Last roll: 4" alone did not say)."""
    roll, cards = view["roll"], view["roll_cards"]
    if view["roll_for"] == "breach":
        return ctx.t("solar_storm.view.roll.breach", roll=roll, cards=cards)
    return ctx.t("solar_storm.view.roll.scavenge" if cards else "solar_storm.view.roll.scavenge_none", roll=roll,
                 cards=cards)


def play(ctx: GameContext, draft: dict, kind: str, by: str, choice: dict, at: str | None = None) -> None:
    """Send a chosen move; close its choices once accepted; a refusal is said under the button keyed at, where
    given (`move_key`), else in the bar."""
    if ctx.dispatch({"type": kind, "by": by, **choice}, at=at):
        draft["open"] = None


def room_moves(ctx: GameContext, draft: dict) -> dict:
    """The rooms this screen may move the turn's player to now, each with its tap: the engine's `move` choices."""
    return {choice["room"]: lambda e=None, b=entry["by"], c=choice: play(ctx, draft, "move", b, c)
            for entry in offer_here(ctx, "move") for choice in entry["choices"] or []}


def move_button(ctx: GameContext, room: str, on_tap) -> ft.Control:
    """A room's own move button, "Move here" read as what it does, "Move to Bridge" / "移动到舰桥" (a button named
    by its place alone, out of the room, would not say which room), a tap target 48 px high."""
    return ft.FilledTonalButton(
        content=ft.Text(words.whole_words(ctx.t("solar_storm.view.move_here")),
                        text_align=ft.TextAlign.CENTER,
                        semantics_label=ctx.t("solar_storm.view.move_to", room=room_name(ctx, room))),
        style=tap_style(side=NARROW_SIDE), on_click=on_tap)


def room_cell(ctx: GameContext, view: dict, room: str, on_move=None, lines=None) -> ft.Control:
    """One room, a third of the ship wide and as tall as the tallest room of its row: name, cubes, the repair
    track a space a line (cube or empty, and the resource it takes), protection, diverted, who is here (a name a
    line, cut short rather than broken). Every text of a room keeps its words whole (`words.whole_words`): at 2x
    text a room a third of a phone wide read 船员宿 / 舍, 移到这 / 里, "修复方 / 块：2/3"; a Chinese text longer than
    the room breaks only where its language file marks a word's end ("移到\u200b这里", "已转移\u200b电力") or after
    a pause mark ("方块：" / "2/3").
    The name is set at NAME_SIZE, so that an English room's longest word stays whole in a 390 px phone's room at
    2x text (at 14 px "Armour / y" and "Quarter / s" broke: 108 and 110 px against the room's 104).

    A room the engine offers to move to [ruling, this view's] is tapped anywhere to move there (`on_move`, the
    Move button's choice; on a phone a player taps the room on the ship's plan), outlined in the primary colour
    (the other rooms by a clear line as wide, so the rooms' words stay level) and ending in its own "Move here"
    button: the room's tap is left out of the semantics (the room stays a group read line by line; a button
    over the whole room would be read by its name alone), the button is the one a screen reader reads and taps.
    Every room is built alike, a move target or not: the same tap detector, its tap and pointer the only
    difference (a plain pointer and no tap elsewhere: Flet draws an error in place of a detector with neither).
    A move changes which rooms are targets, and a room wrapped only while a target changed its control type, so
    Flet sent it whole: a move tap sent 14,661 B, now 3,183 B (`tests/test_tap_bytes.py`). `lines`: the room's
    lines as `room_lines` builds them (the ship hands in those it kept), built here if not given.

    A screen reader reads a room whole before the next [ruling, this view's]: the room is a semantics group of its
    own and each of its lines a node inside it (Flutter read the three rooms of a row line by line across, "Engine
    Room, Mess Hall, Armoury, Cubes: 2/3, Cubes: 3/3, …", and a plain group merges its texts into one label)."""
    shown = list(lines if lines is not None else room_lines(ctx, view, room))
    if on_move:
        shown.append(ft.Semantics(container=True, content=move_button(ctx, room, on_move)))
    tile = ft.Container(
        expand=True, padding=PAD, border_radius=8, bgcolor=room_colour(view, room),
        border=ft.Border.all(2, ft.Colors.PRIMARY if on_move else ft.Colors.TRANSPARENT),
        content=ft.Column(spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=shown))
    tile = ft.GestureDetector(expand=True, exclude_from_semantics=True, on_tap=on_move, content=tile,
                              mouse_cursor=ft.MouseCursor.CLICK if on_move else ft.MouseCursor.BASIC)
    return ft.Semantics(container=True, expand=True, content=tile)


def room_lines(ctx: GameContext, view: dict, room: str) -> tuple[ft.Control, ...]:
    """A room's lines, each a semantics node of its own (`room_cell`): name, cubes, repair track, protection,
    diverted, who is here."""
    who = [p for p in ctx.players if view["where"][p] == room]
    lines = [ft.Text(words.whole_words(room_name(ctx, room)), size=NAME_SIZE, weight=ft.FontWeight.BOLD,
                     text_align=ft.TextAlign.CENTER)]
    if room != CORE:
        state = view["rooms"][room]
        lines.append(ft.Text(words.whole_words(ctx.t("solar_storm.view.cubes", cubes=sum(state["cubes"]))),
                             size=12))
        lines.append(ft.Column(spacing=2, tight=True, controls=[
            track_space(ctx, card, cube) for card, cube in zip(ROOMS[room]["track"], state["cubes"])]))
        shield = sum(1 for t in view["protection"] if t["room"] == room)
        if shield:
            lines.append(ft.Text(words.whole_words(ctx.t("solar_storm.view.protected", count=shield)), size=12))
        if state["diverted"]:
            lines.append(ft.Text(words.whole_words(ctx.t("solar_storm.view.diverted")), size=12,
                                 weight=ft.FontWeight.BOLD, color=ft.Colors.TERTIARY))
    if who:
        lines.append(aside(ctx.lang, ctx.t("solar_storm.view.here"), size=12))
        lines += [aside(ctx.lang, name, size=12, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS) for name in who]
    return tuple(ft.Semantics(container=True, content=line) for line in lines)


def room_colour(view: dict, room: str) -> str:
    """A room's fill: amber for the Energy Core, else by its cubes: red at none, green at three, orange between."""
    if room == CORE:
        return tint(ft.Colors.AMBER)
    cubes = sum(view["rooms"][room]["cubes"])
    return tint(ft.Colors.RED if cubes == 0 else ft.Colors.GREEN if cubes == 3 else ft.Colors.ORANGE)


def track_space(ctx: GameContext, card: str, cube: bool) -> ft.Control:
    """One repair space on a line of its own: its cube (or the empty square) and the resource it takes, a word
    that fits a phone's narrowest room whole ("纳米机器人" broke into "纳/米机器人" in a line of all three). Where a
    phone's text is set larger the word goes under its square, whole, rather than being broken beside it (at 1.5×
    "纳米机器人" lost its last character at the room's edge; at 2x "nanobots", 111 px beside the square's 20 in a
    room of 104, read "nanob / ots"; "纳米机器人" read "纳米机器 / 人"); the word is set at WORD_SIZE, so that "nanobots"
    fits the room at 2x, and a Chinese word is kept whole (`track_word`: "纳米 / 机器人" where it must break). A word
    whose language file marks where it may break stays beside its square and breaks there (at 2x the square stood
    alone above "纳米 / 机器人", read as a checkbox above its label).
    A space is read as one node, whether its square holds a cube and the word: "cube, data" / "有方块，数据" (in one
    node for the track its words merged into one label and the squares were read after them all; the square as a
    node of its own was a name on a solid square, no text to see in it)."""
    name = card_name(ctx, card)
    said = ctx.t("solar_storm.view.space", state=ctx.t("solar_storm.view.space." + ("cube" if cube else "empty")),
                 card=name)
    word = track_word(ctx, card)
    marked = words.MARK in word
    return ft.Row(spacing=4, run_spacing=0, wrap=not marked, tight=True,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER,
                  controls=[cube_box(cube), ft.Semantics(container=True, expand=marked or None, expand_loose=marked,
                                                         content=ft.Text(word, size=WORD_SIZE, semantics_label=said))])


def track_word(ctx: GameContext, card: str) -> str:
    """A resource as a room's repair track shows it, each word whole (`words.whole_words`): the card's name, or
    where the language file has one (`solar_storm.view.track.<card>`) the name with a long Chinese word's break
    marked ("纳米\u200b机器人": at 2x text, 120 px in a room of 104, it read "纳米机 / 器人")."""
    key = f"solar_storm.view.track.{card}"
    return words.whole_words(ctx.t(key) if key in i18n.table(ctx.lang) else card_name(ctx, card))


def cube_box(filled: bool) -> ft.Control:
    """One track space: a cube is a solid square in the scheme's primary colour, an empty space a hollow square
    in the outline colour. Both differ in colour as well as fill in either theme: a cube in the text colour was a
    light-grey square in the dark theme, read as an empty checkbox beside the light-outlined empty spaces."""
    colour = ft.Colors.PRIMARY if filled else ft.Colors.OUTLINE
    return ft.Container(width=BOX, height=BOX, border_radius=3, border=ft.Border.all(2, colour),
                        bgcolor=colour if filled else None)


def ship(ctx: GameContext, view: dict, moves: dict | None = None) -> ft.Control:
    """The 3×3 grid of rooms, the Energy Core in the middle, across the width it is given: three rooms a row on a
    phone too, since the grid is the ship's plan (a move goes to a room beside); `moves`: the rooms tapped to move
    there (`room_moves`), with their taps.
    What shows the same as in the previous render is that render's very controls (`Kept`): a room whose lines
    (`room_look`) and move alike are kept whole, and a room a move now goes to or no longer goes to is a new frame
    (outline, tap, "Move here") around its kept lines. A tap changes a room or two, and the other rooms cost the
    render nothing. A kept room's tap goes to this render's move (`ROOM_TAPS`), not to the one of the render that
    built it."""
    taps = ctx.local.setdefault(ROOM_TAPS, {})
    taps.clear()
    taps.update(moves or {})
    rooms, kept_lines = Kept(ctx.local, KEPT_ROOMS), Kept(ctx.local, KEPT_LINES)

    def cell(room: str) -> ft.Control:
        """One room, kept whole, or a new frame around its kept lines, or built anew."""
        look = room_look(ctx, view, room)
        lines = kept_lines.row(look, lambda: room_lines(ctx, view, room))
        relay = (lambda e=None: taps[room](e)) if room in taps else None
        return rooms.row((look, relay is not None), lambda: room_cell(ctx, view, room, relay, lines))

    rows = [ft.Row(spacing=GAP, intrinsic_height=True, vertical_alignment=ft.CrossAxisAlignment.STRETCH,
                   controls=[cell(room) for room in view["layout"][r * 3:r * 3 + 3]])
            for r in range(3)]
    return ft.Column(spacing=GAP, controls=rows)


def room_look(ctx: GameContext, view: dict, room: str) -> tuple:
    """Everything a room's lines show (`room_lines`): the language, its cubes, protection and divert, who is
    here."""
    who = tuple(p for p in ctx.players if view["where"][p] == room)
    if room == CORE:
        return ctx.lang, room, who
    state = view["rooms"][room]
    shield = sum(1 for t in view["protection"] if t["room"] == room)
    return ctx.lang, room, tuple(state["cubes"]), state["diverted"], shield, who


def next_damage(ctx: GameContext, view: dict) -> list[ft.Control]:
    """The next damage card (its size, or its rooms once the Bridge looked), or the Hull Breach; once the game is
    over only how many cards are left (no card comes next: the loss screen still read "The next damage card hits 3
    rooms.")."""
    deck = view["damage"]["deck"]
    if view.get("over"):
        return [ft.Text(ctx.t("solar_storm.view.damage_left", count=len(deck)), size=15)]
    if not deck:
        return [ft.Text(ctx.t("solar_storm.view.breach"), size=15, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ERROR)]
    known = [card for card in deck if isinstance(card, list)]
    lines = [ft.Text(ctx.t("solar_storm.view.damage_left", count=len(deck)), size=15)]
    if known:
        lines.append(ft.Text(ctx.t("solar_storm.view.damage_known", cards=[
            " + ".join(room_name(ctx, r) for r in card) for card in known]), size=15))
    else:
        lines.append(ft.Text(words.whole_line(ctx.lang, ctx.t("solar_storm.view.damage_next", rooms=deck[0])), size=15))
    return lines


def decks_panel(ctx: GameContext, view: dict) -> ft.Control:
    """Resource deck and discard counts, the face-up pair, cards known on top, and the damage deck; a line breaks only
    between its parts or clauses (`words.whole_line`: at a phone's 2x text "…弃牌堆：" / "0 张", "纳米机" / "器人" and
    "1 个房" / "间。" were seen)."""
    res = view["resources"]
    known = [c for c in res["deck"] if c is not None] if isinstance(res["deck"], list) else []
    said = [ctx.t("solar_storm.view.resources_left", count=deck_count(res), discard=len(res["discard"])),
            ctx.t("solar_storm.view.face_up", cards=[card_name(ctx, c) for c in res["face_up"] if c])]
    lines = [ft.Text(words.whole_line(ctx.lang, line), size=15) for line in said]
    if known:
        lines.append(ft.Text(ctx.t("solar_storm.view.resources_known", cards=[card_name(ctx, c) for c in known]),
                             size=15))
    return ft.Column(spacing=2, controls=lines + next_damage(ctx, view))


def choice_label(ctx: GameContext, kind: str, choice: dict, empties: Iterable[str] = ()) -> str:
    """One offered choice in words, field by field (a face-up take's card is in its source's words, a take from the
    deck says how many cards it draws: "Draw 2 from the deck" when collecting; a divert's or a repair's room is
    where the player stands). A take from a source in `empties` (the engine's `empties_deck`) says that it takes
    the deck's last card and the crew loses: "Draw 2 from the deck" was tapped over a deck of 1, and lost."""
    parts = []
    for name, value in choice.items():
        if value is None or (name == "card" and "source" in choice) or (kind in HERE and name == "room"):
            continue
        if name == "room":
            parts.append(room_name(ctx, value))
        elif name == "rooms":
            parts.append(" + ".join(room_name(ctx, r) for r in value))
        elif name == "player":
            parts.append(value)
        elif name in ("card", "give", "take"):
            parts.append(ctx.t(f"solar_storm.view.field.{name}", card=card_name(ctx, value)))
        elif name == "cards":
            parts.append(", ".join(card_name(ctx, c) for c in value))
        elif name == "space":
            parts.append(ctx.t("solar_storm.view.field.space", space=value + 1))
        elif name == "source":
            slot = choice.get("slot")
            face = ctx.state["resources"]["face_up"][slot] if slot is not None else None
            parts.append(ctx.t(f"solar_storm.view.field.{value}", card=card_name(ctx, face),
                               count=deck_draws(ctx.state["phase"])))
            if value in empties:
                parts.append(ctx.t("solar_storm.view.field.last_card"))
        elif name == "roll":
            parts.append(ctx.t("solar_storm.view.field.roll", roll=value))
    return " · ".join(parts) or ctx.t(f"solar_storm.view.do.{kind}")


def kind_asks(kind: str) -> bool:
    """Whether a move asks another player for a card (free input with private hands: the engine's `asks`)."""
    return kind in ("receive", "mess_hall")


def distinct(ctx: GameContext, kind: str, choices: list[dict]) -> list[dict]:
    """The choices, those worded alike once: the two face-up cards of one kind are one choice (taking either is the
    same move; two "Face-up data" buttons side by side read as a mistake)."""
    kept: dict[str, dict] = {}
    for choice in choices:
        kept.setdefault(choice_label(ctx, kind, choice), choice)
    return list(kept.values())


def moves_panel(ctx: GameContext, draft: dict) -> ft.Control:
    """The moves the turn's player (or the table) may make now, of those this screen makes: a button each, choices
    opened on tap; on a screen that makes none, who makes them."""
    prompt = ctx.engine.prompt(ctx.state)
    made = [e for kind in dict.fromkeys(e["type"] for e in prompt) for e in offer_here(ctx, kind, prompt)]
    if prompt and not made:
        return ft.Container(padding=10, border_radius=10, bgcolor=ft.Colors.SECONDARY_CONTAINER,
                            alignment=ft.Alignment.TOP_LEFT, content=elsewhere(ctx, prompt[0]["by"]))
    entries = [e for e in made if e["type"] not in ("arrange", "setup")]
    controls: list[ft.Control] = []
    if ctx.state["phase"] == "arrange":
        controls.append(arrange_panel(ctx, draft))
    if ctx.state["phase"] == "setup":
        controls.append(setup_panel(ctx, draft))
    for entry in [e for e in entries if typed_entry(e)]:
        controls.append(typed_panel(ctx, draft, entry))
    entries = [e for e in entries if not typed_entry(e)]

    def toggle(kind: str) -> None:
        """Open or close a move's choices."""
        draft["open"] = None if draft["open"] == kind else kind
        ctx.refresh()

    for entry in entries:
        if entry["choices"] is None and kind_asks(entry["type"]):
            entry["choices"] = ctx.engine.asks(ctx.state, entry["type"], entry["by"])
        if entry["choices"]:
            entry["choices"] = distinct(ctx, entry["type"], entry["choices"])
    sole = only_choices(entries)
    buttons, keys = [], []
    for entry in [e for e in entries if e is not sole]:
        kind, choices = entry["type"], entry["choices"] or []
        label = ctx.t(f"solar_storm.view.do.{doing(entry)}")
        if kind == "divert" and choices:
            label = ctx.t("solar_storm.view.do_divert_cost", cards=cost_words(ctx, choices[0]["room"]))
        if len(choices) == 1:
            at = move_key(entry["by"], kind, choices[0])
            keys.append(at)
            buttons.append(ft.FilledButton(content=whole_move(ctx, entry, label, choices[0]), style=tap_style(),
                                           key=ft.ScrollKey(at), on_click=lambda e, k=kind, b=entry["by"],
                                           c=choices[0], at=at: play(ctx, draft, k, b, c, at)))
        else:
            buttons.append(ft.OutlinedButton(content=opener(ctx, kind, label, choices), style=tap_style(),
                                             on_click=lambda e, k=kind: toggle(k)))
    if buttons:
        controls += [ft.Row(wrap=True, spacing=6, run_spacing=6, controls=buttons), *said(ctx, *keys)]
    opened = sole or next((e for e in entries if e["type"] == draft["open"]), None)
    if opened and opened["type"] == "armoury":
        controls.append(protect_panel(ctx, draft, opened))
    elif opened and opened["type"] in STEPPED:
        controls.append(stepped_panel(ctx, draft, opened))
    elif opened:
        controls.append(ft.Text(ctx.t(f"solar_storm.view.do.{opened['type']}"), weight=ft.FontWeight.BOLD))
        keys = [move_key(opened["by"], opened["type"], c) for c in opened["choices"] or []]
        controls.append(ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
            ft.OutlinedButton(content=choice_label(ctx, opened["type"], c, opened.get("empties_deck", ())),
                              style=tap_style(), key=ft.ScrollKey(at),
                              on_click=lambda e, k=opened["type"], b=opened["by"], c=c, at=at: play(
                                  ctx, draft, k, b, c, at))
            for c, at in zip(opened["choices"] or [], keys)]))
        controls += said(ctx, *keys)
    return ft.Container(padding=10, border_radius=10, bgcolor=ft.Colors.SECONDARY_CONTAINER,
                        alignment=ft.Alignment.TOP_LEFT, content=ft.Column(spacing=8, controls=controls))


def only_choices(entries: list[dict]) -> dict | None:
    """The one move offered, when it is the only one and a plain list of choices (a collect's or a scavenge's take,
    a discard): shown open, with no button to open it (that tap was the only thing it could do), else None."""
    if len(entries) != 1 or entries[0]["type"] in STEPPED or entries[0]["type"] == "armoury":
        return None
    return entries[0] if len(entries[0]["choices"] or []) > 1 else None


def whole_move(ctx: GameContext, entry: dict, label: str, choice: dict) -> str:
    """The one button of a move the engine offers with exactly one choice, saying the whole move: the move's own
    words where they say it all (a direct move, a choice with no field), a move with another player as its confirm
    says it ("Give data to Bo"), else the move and its choice ("Repair: Space 2 · data"); a list of one to open
    ("Repair… (1 choice)") was a tap for nothing."""
    kind = entry["type"]
    said = choice_label(ctx, kind, choice, entry.get("empties_deck", ()))
    if kind in DIRECT or not choice or said == ctx.t(f"solar_storm.view.do.{kind}"):
        return label
    fields = STEPPED.get(kind, {})
    if fields and choice.get("player") and any(choice.get(step) is not None for step in fields):
        return confirm_label(ctx, choice, fields)
    return ctx.t("solar_storm.view.do_one", what=label, choice=said)


def opener(ctx: GameContext, kind: str, label: str, choices: list[dict]) -> str:
    """A move's button that opens its choices, saying how many: the Armoury's tokens, the players a stepped move
    chooses from first, or the choices."""
    if kind == "armoury":
        return ctx.t("solar_storm.view.open_tokens", what=label, count=PROTECTION)
    if kind in STEPPED:
        return ctx.t("solar_storm.view.open_with", what=label, count=len({c["player"] for c in choices}))
    return ctx.t("solar_storm.view.open", what=label, count=len(choices))


def stepped_panel(ctx: GameContext, draft: dict, entry: dict) -> ft.Control:
    """A move with another player (the Mess Hall, a give, a take from a player) chosen a step at a time: whom, then
    each card field (what to give, what to take), then one button saying the whole move.

    Ruling [this view's]: each step offers what the engine's choices (`offer_*`, or `asks` with private hands) hold
    for the steps chosen before it, in the engine's order, and a "nothing" where the engine offers one; a step with
    one offer is chosen by itself. The Mess Hall listed every player × card given (or none) × card taken (or none)
    as a button each, 34 for 3 players with private hands. What is chosen is kept in the draft (`steps`, for this
    move, player and turn), through any redraw: a choice the steps before it no longer offer shows unchosen and is
    not sent, and comes back if they are chosen again. The refusal of the whole move as its player knows it
    (`check_asking`) is shown, naming the rule, over the disabled button; with private hands a card the other does
    not hold is refused only once the move is sent (asked), as at the table."""
    kind, by, fields = entry["type"], entry["by"], STEPPED[entry["type"]]
    if draft.get("steps", {}).get("for") != [kind, by, ctx.state["turns"]]:
        draft["steps"] = {"for": [kind, by, ctx.state["turns"]]}
    kept = draft["steps"]

    def choose(step: str, value) -> None:
        """One step's choice; the others are kept."""
        kept[step] = value
        ctx.refresh()

    def done() -> None:
        """Made: close the move and forget the steps."""
        draft.update(open=None, steps={})

    controls: list[ft.Control] = [ft.Text(ctx.t(f"solar_storm.view.do.{kind}"), weight=ft.FontWeight.BOLD)]
    choices, action = entry["choices"] or [], {"type": kind, "by": by}
    for step in ["player", *fields]:
        offered = list(dict.fromkeys(NOTHING if c[step] is None else c[step] for c in choices))
        chosen = kept.get(step) if kept.get(step) in offered else offered[0] if len(offered) == 1 else None
        role = fields.get(step, "player")
        controls += [ft.Text(ctx.t(f"solar_storm.view.pick.{role}"), size=14),
                     choice_row([(v, step_label(ctx, role, v)) for v in offered], chosen,
                                lambda v, s=step: choose(s, v))]
        if chosen is None:
            controls.append(ft.FilledButton(content=ctx.t("solar_storm.view.confirm.pending"), style=tap_style(),
                                            disabled=True))
            return ft.Column(spacing=6, controls=controls)
        action[step] = chosen or None
        choices = [c for c in choices if c[step] == action[step]]
    controls += refusal_and_send(ctx, action, confirm_label(ctx, action, fields), done, ctx.engine.check_asking)
    return ft.Column(spacing=6, controls=controls)


def step_label(ctx: GameContext, role: str, value: str) -> ft.Control:
    """A step's choice: a player's name or a card's, read with its step ("With Bo", "Give data", "Take nothing":
    the give and take steps show the same card names), or the step's "nothing"."""
    if role == "player":
        return ft.Text(value, semantics_label=ctx.t("solar_storm.view.pick.player_said", name=value))
    if value == NOTHING:
        return ft.Text(ctx.t(f"solar_storm.view.pick.nothing.{role}"))
    return ft.Text(card_name(ctx, value), semantics_label=ctx.t(f"solar_storm.view.field.{role}",
                                                                card=card_name(ctx, value)))


def confirm_label(ctx: GameContext, action: dict, fields: dict) -> str:
    """A stepped move in words: "Swap with Bo: give data, take energy", "Give data to Bo", "Take energy from Bo"."""
    cards = {role: action[step] for step, role in fields.items() if action[step] is not None}
    said = "swap" if len(cards) == 2 else next(iter(cards))
    return ctx.t(f"solar_storm.view.confirm.{said}", player=action["player"],
                 **{role: card_name(ctx, card) for role, card in cards.items()})


def protect_panel(ctx: GameContext, draft: dict, entry: dict) -> ft.Control:
    """The Armoury's tokens, a room for each (the rooms of the engine's choices), then Protect once each has one.
    Ruling: the original places 2 tokens, both on one room or one on each of two, so the choice is a room per
    token, the same room allowed twice; it was one list of the 36 pairs (the order of the two does not matter).
    Each room button is read with its token ("Protection token 2: Mess Hall"): the two pickers' buttons both read
    "Mess Hall", told apart only by the line before each."""
    kind, by = entry["type"], entry["by"]
    rooms = list(dict.fromkeys(room for choice in entry["choices"] for room in choice["rooms"]))
    if draft.get("protect", {}).get("for") != [by, ctx.state["turns"]]:
        draft["protect"] = {"for": [by, ctx.state["turns"]], "rooms": [None] * PROTECTION}
    picked = draft["protect"]["rooms"]

    def choose(i: int, room: str) -> None:
        """The room of token i."""
        picked[i] = room
        ctx.refresh()

    def done() -> None:
        """Placed: close the move and forget the rooms."""
        draft.update(open=None, protect={})

    controls: list[ft.Control] = [ft.Text(ctx.t(f"solar_storm.view.do.{kind}"), weight=ft.FontWeight.BOLD)]
    for i in range(PROTECTION):
        controls += [ft.Text(ctx.t("solar_storm.view.token_room", number=i + 1), size=14),
                     choice_row([(r, ft.Text(room_name(ctx, r), semantics_label=ctx.t(
                         "solar_storm.view.token_room_of", number=i + 1, room=room_name(ctx, r)))) for r in rooms],
                                picked[i], lambda r, i=i: choose(i, r))]
    label = ctx.t("solar_storm.view.protect")
    if None in picked:
        controls.append(ft.FilledButton(content=label, style=tap_style(), disabled=True))
    else:
        controls += refusal_and_send(ctx, {"type": kind, "by": by, "rooms": list(picked)}, label, done)
    return ft.Column(spacing=6, controls=controls)


def refusal_and_send(ctx: GameContext, action: dict, label: str, done, check=None) -> list[ft.Control]:
    """The refusal of the typed action so far as this screen may know it (`check`, by default the engine's; nothing
    applied), and the button that sends it once accepted; done() runs after a successful dispatch, the engine's
    own refusal (another phone may have acted; a card asked for and not held) said under the button
    (`views.components.refusal`), the steps chosen kept. A seated phone's state is its seat's view, other hands
    unknown: only the table (the hub, with the whole state) knows whether a card asked for is held."""
    check = check or ctx.engine.check
    err = check(ctx.state, action)
    at = move_key(action["by"], action["type"], action)  # this very move: another step chosen is another button

    def send() -> None:
        """Check again (another phone may have acted), then send."""
        again = check(ctx.state, action)
        if again is not None:
            ctx.say(again, at)
        elif ctx.dispatch(action, at=at):
            done()

    controls: list[ft.Control] = []
    if err is not None:
        controls.append(ft.Text(words.error(ctx.lang, err), size=15, color=ft.Colors.ERROR))
    controls.append(ft.FilledButton(content=label, style=tap_style(), disabled=err is not None,
                                    key=ft.ScrollKey(at), on_click=lambda e: send()))
    return controls + ([] if err is not None else said(ctx, at))


def room_grid(ctx: GameContext, layout: list[str], picked: list[str], size: int, on_tap) -> ft.Control:
    """The ship's 3×3 grid as buttons: a tapped room shows its place in the order, "3. Mess Hall", and is read by
    what a tap does and then that place, "Remove Mess Hall (position 3)" (a tap takes it back), as the typed
    layout's rooms are; the Energy Core is never a choice; once `size` rooms are tapped the others rest."""
    def cell(room: str) -> ft.Control:
        """One room's button."""
        if room in picked:
            number, name = picked.index(room) + 1, room_name(ctx, room)
            said = ctx.t("solar_storm.view.picked_room_said", number=number, room=name)
            return ft.FilledButton(content=ft.Text(ctx.t("solar_storm.view.picked_room", number=number, room=name),
                                                   semantics_label=ctx.t("cards.view.remove_name", card=said)),
                                   width=CHIP, height=ROOM_TAP, on_click=lambda e, r=room: on_tap(r))
        return ft.OutlinedButton(content=room_name(ctx, room), width=CHIP, height=ROOM_TAP,
                                 disabled=room == CORE or len(picked) >= size, on_click=lambda e, r=room: on_tap(r))

    return ft.Column(spacing=4, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
        ft.Row(spacing=4, alignment=ft.MainAxisAlignment.CENTER, controls=[cell(layout[r * 3 + c]) for c in range(3)])
        for r in range(3)])


def toggled(picked: list[str], room: str) -> list[str]:
    """The tapped rooms with room added at the end, or taken out when it was already there."""
    return [r for r in picked if r != room] if room in picked else picked + [room]


def card_chips(ctx: GameContext, kinds, on_pick, at: str | None = None) -> ft.Control:
    """A chip per resource card kind, in a row keyed `ft.ScrollKey(at)` where given (a refusal is said under it)."""
    row = card_buttons([(c, card_name(ctx, c)) for c in kinds], on_pick, width=CHIP)
    if at:
        row.key = ft.ScrollKey(at)
    return row


def setup_panel(ctx: GameContext, draft: dict) -> ft.Control:
    """The table's typed deal: the layout, each starting hand and the face-up pair, the two setup damage cards."""
    deal = draft["deal"]
    order = ctx.engine.seat_order(ctx.state)
    count = ctx.engine.start_hand(ctx.state)
    targets = [(ctx.t("solar_storm.view.target_hand", name=p), deal["hands"].setdefault(p, []), count)
               for p in order]
    targets.append((ctx.t("solar_storm.view.target_face_up"), deal["face_up"], FACE_UP))
    target = deal["target"] if deal["target"] < len(targets) else 0
    layout = deal["layout"]
    tapped = "deal-cards"  # where a card tapped for a full target is said: under the card chips
    shown_layout = grid_layout(layout) if layout is not None and sorted(layout) == sorted(ROOM_IDS) \
        else ctx.state["layout"]

    def redo() -> None:
        """Build the form again."""
        ctx.refresh()

    def set_layout(typed: bool) -> None:
        """Keep the layout shown, or start tapping the table's own."""
        deal["layout"] = [] if typed else None
        redo()

    def add_card(card: str) -> None:
        """The next card of the chosen target; move on to the next target that is not full once it is. A card
        tapped for a full target is said to be one too many (it was dropped without a word)."""
        label, cards, total = targets[target]
        if len(cards) >= total:
            ctx.say(RuleError("solar_storm.view.target_full", what=label, count=total), tapped)
            return
        cards.append(card)
        if len(cards) >= total:
            deal["target"] = next((i for i in range(len(targets)) if len(targets[i][1]) < targets[i][2]), target)
        redo()

    def remove_card(which: list, i: int) -> None:
        """Take back one typed card."""
        del which[i]
        redo()

    def choose(key: str, value: int) -> None:
        """Choose the target (hand, face-up pair) or the damage card being typed."""
        deal[key] = value
        redo()

    def tap_room(room: str) -> None:
        """Add or take back a room of the damage card being typed; move on to the next card once it is full."""
        card = deal["card"]
        deal["damage"][card] = toggled(deal["damage"][card], room)
        if len(deal["damage"][card]) >= SETUP_DAMAGE_SIZE and card + 1 < SETUP_DAMAGE:
            deal["card"] = card + 1
        redo()

    def tap_layout(room: str) -> None:
        """The next room of the table's layout, or take it back."""
        deal["layout"] = toggled(deal["layout"], room)
        redo()

    controls: list[ft.Control] = [
        ft.Text(ctx.t("solar_storm.view.setup_title"), size=18, weight=ft.FontWeight.BOLD),
        ft.Text(ctx.t("solar_storm.view.setup_layout"), weight=ft.FontWeight.BOLD),
        choice_row([(False, ctx.t("solar_storm.view.layout_shown")), (True, ctx.t("solar_storm.view.layout_typed"))],
                   layout is not None, set_layout),
    ]
    if layout is not None:
        controls += [
            ft.Text(ctx.t("solar_storm.view.layout_tap"), size=14),
            pile(ctx, [ctx.t("solar_storm.view.picked_room", number=i + 1, room=room_name(ctx, r))
                       for i, r in enumerate(layout)],
                 lambda i: tap_layout(layout[i]), "solar_storm.view.picked_none",
                 [ctx.t("solar_storm.view.picked_room_said", number=i + 1, room=room_name(ctx, r))
                  for i, r in enumerate(layout)], at="pile-layout"),
            ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
                ft.OutlinedButton(content=room_name(ctx, r), width=CHIP, height=ROOM_TAP,
                                  on_click=lambda e, r=r: tap_layout(r)) for r in ROOM_IDS if r not in layout]),
        ]
    controls += [
        ft.Text(ctx.t("solar_storm.view.setup_cards"), weight=ft.FontWeight.BOLD),
        choice_row([(i, ctx.t("solar_storm.view.filled", what=label, count=len(cards), total=total))
                    for i, (label, cards, total) in enumerate(targets)], target, lambda v: choose("target", v)),
        card_chips(ctx, CARDS, add_card, tapped),
        *(said(ctx, tapped) if len(targets[target][1]) >= targets[target][2] else []),
    ]
    for i, (label, cards, total) in enumerate(targets):
        controls.append(ft.Row(wrap=True, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Text(ctx.t("solar_storm.view.filled", what=label, count=len(cards), total=total), size=14),
            pile(ctx, [card_name(ctx, c) for c in cards], lambda j, c=cards: remove_card(c, j),
                 "solar_storm.view.picked_none", at=f"pile-deal-{i}")]))
    damage = deal["damage"]
    card = deal["card"] if deal["card"] < SETUP_DAMAGE else 0
    controls += [
        ft.Text(ctx.t("solar_storm.view.setup_damage"), weight=ft.FontWeight.BOLD),
        choice_row([(i, ctx.t("solar_storm.view.filled", what=ctx.t("solar_storm.view.damage_card", number=i + 1),
                              count=len(rooms), total=SETUP_DAMAGE_SIZE)) for i, rooms in enumerate(damage)],
                   card, lambda v: choose("card", v)),
        room_grid(ctx, shown_layout, damage[card], SETUP_DAMAGE_SIZE, tap_room),
    ]
    action = {"type": "setup", "by": "table", "hands": {p: list(deal["hands"][p]) for p in order},
              "face_up": list(deal["face_up"]), "damage": [list(r) for r in damage]}
    if layout is not None:
        action["layout"] = list(layout)

    def done() -> None:
        """The deal is in: start the next game's form empty."""
        draft["deal"] = new_deal()

    controls += refusal_and_send(ctx, action, ctx.t("solar_storm.view.deal"), done)
    return ft.Column(spacing=8, controls=controls)


def typed_entry(entry: dict) -> bool:
    """Whether a prompt entry is a typed draw (its choices carry cards) or a typed damage card (rooms)."""
    first = (entry["choices"] or [None])[0]
    return bool(first) and ("cards" in first or (entry["type"] == "damage" and "rooms" in first))


def typed_panel(ctx: GameContext, draft: dict, entry: dict) -> ft.Control:
    """A typed draw or damage card: where from (or the roll) in a choice row, then the cards from chips or the
    damage card's rooms on the ship grid, then the engine's verdict and the send button."""
    kind, by, choices = entry["type"], entry["by"], entry["choices"]
    pick = pick_for(draft, [kind, by, ctx.state["turns"]])
    full = f"typed-{kind}-{by}"  # where a tap past the card's size is said: under what to tap
    groups: list[dict] = []
    for choice in choices:
        group = {k: v for k, v in choice.items() if k not in ("cards", "rooms")}
        if group not in groups:
            groups.append(group)
    index = pick["group"] if pick["group"] is not None and pick["group"] < len(groups) else None
    if index is None and len(groups) == 1:
        index = 0

    def redo() -> None:
        """Build the panel again."""
        ctx.refresh()

    def choose(i: int) -> None:
        """Another source or roll: the cards typed so far no longer apply."""
        pick.update(group=i, cards=[])
        redo()

    def add(card: str, size: int) -> None:
        """One more card that came up; once `size` are typed, a tap (a second one faster than the redraw that hides
        the chips) is refused in words, under "Tap the 2 cards that came up." while they are all typed (it came in
        the bar, over the pile): it was kept in the draft unseen, shown once a card before it was taken back, and
        sent with the draw."""
        if len(pick["cards"]) >= size:
            ctx.say(RuleError("solar_storm.view.draw_full", count=size), full)
            return
        pick["cards"].append(card)
        redo()

    def remove(i: int) -> None:
        """Take back one typed card."""
        del pick["cards"][i]
        redo()

    def tap_room(room: str, size: int) -> None:
        """Add or take back a room of the damage card; a new room once `size` are tapped (a second tap faster than
        the redraw that rests the others) is refused in words, as `add` refuses a card, said where it says it."""
        if room not in pick["rooms"] and len(pick["rooms"]) >= size:
            ctx.say(RuleError("solar_storm.view.rooms_full", count=size), full)
            return
        pick["rooms"] = toggled(pick["rooms"], room)
        redo()

    def done() -> None:
        """Sent: start the next typed draw empty."""
        draft["pick"] = new_pick()

    controls: list[ft.Control] = [ft.Text(ctx.t(f"solar_storm.view.do.{doing(entry)}"), weight=ft.FontWeight.BOLD)]
    if len(groups) > 1:
        controls.append(choice_row([(i, choice_label(ctx, kind, g, entry.get("empties_deck", ())))
                                    for i, g in enumerate(groups)], index, choose))
    if index is None:
        controls.append(ft.Text(ctx.t("solar_storm.view.choose_first"), size=14))
        return ft.Column(spacing=6, controls=controls)
    group = groups[index]
    members = [c for c in choices if {k: v for k, v in c.items() if k not in ("cards", "rooms")} == group]
    # Everything in the pick is shown and sent, never cut to the card's size: a room or card beyond it (typed for
    # another draw) is shown, with the engine's refusal, until it is taken back.
    if "rooms" in members[0]:
        sizes = sorted({len(m["rooms"]) for m in members})
        size = sizes[-1]
        rooms = list(pick["rooms"])
        lead = (ctx.t("solar_storm.view.tap_rooms", count=size) if len(sizes) == 1
                else ctx.t("solar_storm.view.tap_rooms_looked"))
        controls += [ft.Text(lead, size=14, key=ft.ScrollKey(full)),
                     *(said(ctx, full) if len(rooms) >= size else []),
                     room_grid(ctx, ctx.state["layout"], rooms, size, lambda room: tap_room(room, size))]
        action = {"type": kind, "by": by, **group, "rooms": rooms}
    else:
        size = len(members[0]["cards"])
        kinds = [c for c in CARDS if any(c in m["cards"] for m in members)]
        cards = list(pick["cards"])
        controls += [ft.Text(ctx.t("solar_storm.view.tap_cards", count=size), size=14, key=ft.ScrollKey(full)),
                     *(said(ctx, full) if len(cards) >= size else [])]
        if len(cards) < size:
            controls.append(card_chips(ctx, kinds, lambda card: add(card, size)))
        controls.append(pile(ctx, [card_name(ctx, c) for c in cards], remove, "solar_storm.view.picked_none",
                             at=f"pile-{kind}-{by}"))
        action = {"type": kind, "by": by, **group, "cards": cards}
    controls += refusal_and_send(ctx, action, ctx.t("solar_storm.view.send"), done)
    return ft.Column(spacing=6, controls=controls)


def arrange_panel(ctx: GameContext, draft: dict) -> ft.Control:
    """The looked-at cards: tap them in their new order (top first), then put them back."""
    peek = ctx.state["peek"]
    order = [i for i in draft["order"] if i < len(peek["cards"])]

    def word(card) -> str:
        """A looked-at card in words."""
        if isinstance(card, list):
            return " + ".join(room_name(ctx, r) for r in card)
        return card_name(ctx, card)

    def pick(i: int) -> None:
        """The next card of the new order, after those tapped so far (read now, not as this screen showed them: a
        second tap before the redraw put its card in place of the first one's, which was dropped)."""
        now = [j for j in draft["order"] if j < len(peek["cards"])]
        if i not in now:
            draft["order"] = now + [i]
        ctx.refresh()

    def again() -> None:
        """Forget the order tapped so far (a card tapped by mistake)."""
        draft["order"] = []
        ctx.refresh()

    def put_back() -> None:
        """Send the new order (the cards not tapped keep their order after the tapped ones)."""
        full = order + [i for i in range(len(peek["cards"])) if i not in order]
        if ctx.dispatch({"type": "arrange", "by": ctx.state["turn"], "order": full}):
            draft["order"] = []

    return ft.Column(spacing=6, controls=[
        ft.Text(ctx.t(f"solar_storm.view.look.{peek['deck']}"), weight=ft.FontWeight.BOLD),
        ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
            ft.OutlinedButton(content=word(card), style=tap_style(), disabled=i in order,
                              on_click=lambda e, i=i: pick(i)) for i, card in enumerate(peek["cards"])]),
        ft.Text(ctx.t("solar_storm.view.new_order", cards=[word(peek["cards"][i]) for i in order])
                if order else ctx.t("solar_storm.view.tap_order"), size=14),
        *([ft.TextButton(content=ctx.t("solar_storm.view.order_again"), on_click=lambda e: again())] if order else []),
        ft.FilledButton(content=ctx.t("solar_storm.view.put_back"), on_click=lambda e: put_back()),
    ])


def hands_panel(ctx: GameContext, draft: dict) -> ft.Control:
    """Each player: room, tokens and hand — shown only for the uncovered seat (or all with open hands); a seated
    phone shows its own seat's hand and no toggle. A hand uncovered on a shared phone is covered again once the
    turn has passed (the phone goes to the next player: Ann's hand stayed on screen through Bo's turn)."""
    if draft.get("shown_in") != ctx.state["turns"]:
        draft["seat"] = None
    seat = ctx.seat if ctx.seat is not None else draft["seat"]
    seat = seat if seat in ctx.players else None
    view = ctx.engine.player_view(ctx.state, seat)

    def show(name: str | None) -> None:
        """Uncover one player's hand (or cover all), for this turn."""
        draft["seat"], draft["shown_in"] = name, ctx.state["turns"]
        ctx.refresh()

    rows = []
    for name in ctx.players:
        hand = view["hands"][name]
        seen = all(c is not None for c in hand)
        text = ctx.t("solar_storm.view.player", name=name, room=room_name(ctx, view["where"][name]),
                     tokens=view["tokens"][name], count=len(hand))
        controls: list[ft.Control] = [ft.Text(text, size=15, weight=ft.FontWeight.W_600)]
        if seen and hand:
            controls.append(ft.Text(ctx.t("solar_storm.view.hand", cards=[card_name(ctx, c) for c in sorted(hand)]),
                                    size=15))
        if not view["options"]["open_hands"] and ctx.seat is None:
            controls.append(ft.TextButton(content=ctx.t("solar_storm.view.hide_hand" if seat == name
                                                        else "solar_storm.view.show_hand", name=name),
                                          on_click=lambda e, n=name: show(None if seat == n else n)))
        rows.append(ft.Column(spacing=2, controls=controls))
    return ft.Column(spacing=8, controls=rows)
