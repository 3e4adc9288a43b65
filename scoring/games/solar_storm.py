"""Solar Storm (Ayden Lowther, Dranda Games 2020), cooperative, 1–4 players: the ship's tracker.

Sources: `../shared/rules/originals/bga-help.zh-CN.txt` (Gamehelpsolarstorm) and RULINGS.md §11. Room data (repair
track, divert cost, ability) from `assets/solar_storm/rooms.tsv`, a copy of `../shared/rules/solar-storm-rooms.tsv`.

The ship [seed]: a 3×3 grid of rooms, the Energy Core in the centre, the 8 other rooms around it. Each room has a
3-space repair track (a resource per space, listed top first) and a 3-card divert cost. Resource deck: 15 each of
data, metal, nanobots and energy, plus universal cards (a universal card stands for any resource) by difficulty:
easy 8, normal 6, hard 4, expert 2, impossible 0. Damage deck: 8 one-room, 8 two-room and 8 three-room cards,
each group shuffled, stacked one-room on top, the Hull Breach card under them all.

Setup: every room gets 3 cubes; the two bottom damage cards (three-room cards, above the Hull Breach) are resolved
at once and discarded; each player is dealt a starting hand; 2 resources are turned face up. Turns go round the
table from the first player. A turn [seed]:
1. Actions: up to 3, in any order, repeated at will —
   - `move` to an orthogonally adjacent room (the core is adjacent to the 4 middle rooms);
   - `scavenge`: roll the die: 1–2 nothing, 3–5 one card, 6 two cards; each card (`take` in phase scavenge) from
     the face-up pair (refilled at once from the deck) or the deck top;
   - `give` / `receive` one card to / from a player in the same room (1 action per card);
   - `repair` the room you stand in: discard a card matching an empty track space and put a cube there (any
     empty space, in any order). In a diverted room one card matching any of its three track resources fills all
     empty spaces;
   - use the ability of the room you stand in when it is fully repaired (3 cubes), 1 action each:
     `mess_hall` (give, take or swap one card with any player anywhere), `repair_centre` (repair another room as if
     standing in it), `engine_room` (swap a hand card with any card of the resource discard pile),
     `crew_quarters` (move any meeple to another room that already holds a meeple), `cargo_hold` (look at the top
     5 resource cards and `arrange` them), `armoury` (2 protection tokens on one or two rooms), `bridge` (look at
     the top 3 damage cards and `arrange` them). The Medical Bay needs no action: a player whose turn starts there
     while it is fully repaired gets 2 action tokens;
   - `divert` the power of the fully repaired room you stand in: discard its 3 cost cards (1 action); it keeps
     taking damage and can still be repaired;
   - `launch` in the Energy Core once all 8 rooms are diverted (1 action): the crew wins.
   `token` spends one action token for one more action, in any turn (a minor move: the table does not wait for
   it). `end_actions` ends the phase: one action token for every 3 actions not taken.
2. Collect (`take` in phase collect): one face-up card (refilled from the deck), or the top 2 deck cards. With 7 or
   more cards the player then `discard`s down to 6.
3. Damage (`damage`): the top damage card removes the topmost cube of each room it names; a protection token on
   the room is removed instead. While the deck above the Hull Breach is empty the Hull Breach acts instead: roll,
   and discard 1 (roll 1–2), 2 (3–4) or 3 (5–6) cards from the top of the resource deck to its discard pile.
Loss at once: the resource deck is empty after a draw (face-up cards and hands do not count), or damage hits a
room with no cube (and no protection token). Win: `launch`.

Rulings [ruling], where the original gives no number or is silent (options in brackets, defaults first):
- `deal` ("app" | "table"): the app deals every card and rolls every die from the session seed, or the table
  deals the physical decks and types what came up: a `setup` action (hands, face-up pair, the two setup damage
  cards, and optionally the layout), the cards of each draw (`cards`), each damage card (`rooms`) and each roll
  (`roll`). Typed cards are checked against what the deck can still hold; the rooms of a typed damage card must
  number what its group holds (1, 2 or 3). In table mode the Cargo Hold and the Bridge cost their action and the
  table rearranges the physical cards: after a Bridge look the next damage cards typed may be of any size among
  the cards looked at, in any order (`damage.loose`: how many top cards are in an order the app does not know).
- `difficulty` ("normal" = 6 universal cards; easy 8, hard 4, expert 2, impossible 0).
- `start_cards` ([5, 4, 3, 2]): starting hand for 1, 2, 3, 4 players (a review of the published game reads 3 with
  3 players and 2 with 4; the text here gives no number), dealt one card at a time from the first player.
- `first_player` (1): the seat number that starts. `start_room` ("energy-core"): where every meeple starts.
- `layout` ("shuffled" from the seed | "listed": the rooms file order), clockwise from the top-left corner; in
  table mode the `setup` action may type the table's own layout instead.
- `open_hands` (off): hands are private — each seat's `player_view` shows its own hand and only the number of
  cards of the others (the public table: numbers only). Taking a card from another player (`receive`, Mess
  Hall) is then free input: the prompt's choices would tell what the other holds (they did until session 46);
  `asks` lists what may be asked (every kind), and a kind the other lacks is refused `solar_storm.card_not_held`.
  In table mode the deck is counts by kind, which with private hands told a seat what the others held (the whole
  deck less the deck, face-up, discard and own hand): a view then counts the cards its seat cannot see (`unseen`:
  the deck and the other hands together) with the deck's size apart, and a typed draw offers every kind the
  drawer cannot rule out; one the deck has run out of is refused `solar_storm.card_gone` [ruling].
  On: every hand is shown to everyone, and those choices list what each holds.
- Damage cards in app mode: in each group every room is named equally often (one-room: each room once; two-room:
  twice; three-room: three times), never twice on one card (card i of a group names rooms p[i], p[i+1], … of a
  seeded order p of the 8 rooms).
- A damage card hits its rooms in the order printed (typed); a protection token is used before any cube; the
  first room hit with neither loses the game (later rooms of the card are not resolved).
- The topmost cube is the cube on the first filled space of the track (top space first).
- A universal card may pay for any track space or divert cost card. `divert` pays with matching cards first and
  universal cards only for what is missing. `repair` names the space and the card discarded.
- Action tokens are each player's own. Protection tokens are removed at the start of the placer's next turn.
- After a look (Cargo Hold, Bridge) the arranged cards are known to the whole crew (a cooperative table talks):
  `player_view` shows that many top cards until they are drawn; the rest of both decks stays secret to everyone.
  The size of every damage card (1, 2, 3 rooms) is public, as the groups are stacked in a known order.
- Drawing the last card of the resource deck loses even in the middle of a move; the move's other cards are
  not drawn. A Hull Breach discard stops at an empty deck (and the crew has lost).
- Crew Quarters moves a meeple (any, the user's own included) to a room other than its own that holds another
  meeple. Mess Hall names a player other than the user, and `give`, `take` or both (a swap).
- The log names what a dispute needs [ruling]: a face-up `take` may name its card (`card`), a `divert` and a
  `repair` their room (`room`), as the offered choices do, so the log reads "A takes the face-up energy", "A
  diverts the power of Mess Hall", "A repairs space 2 of Bridge with data" (it read "takes face-up card 2",
  "diverts power", "repairs with data"); a card no longer in that place (`solar_storm.face_up_other`) or another
  room than the player's (`solar_storm.divert_here`, `solar_storm.repair_here`) is refused. These are optional: a
  log written before reads as it did. A repair of a diverted room (no `space`) reads "every empty space of" its
  room; a Repair Centre repair names the space as well ("Repair Centre: A repairs space 1 of Armoury"). Every die
  and damage card is said: "A scavenges and rolls 4", "Hull Breach: A rolls 5", "A draws the damage card: Bridge
  and Armoury" (the app's die or card is in no action: `logged` reads the dice the state keeps in `rolled` and the
  cards of the damage discard pile; an app-dealt Hull Breach read "A draws the damage card").

Scoreboard of a cooperative game (fitted to `make_scoreboard`): every player gets the same breakdown — one point
per room diverted and one for the launch (total 9 for a win); the breakdown holds points only. The outcome (won,
lost and why), the turns taken and the cards left in the resource deck are not points: they are the state's
(`result`, `turns`, the deck; `player_view` and `python -m scoring view` show them) and the view's end banner says
them, never a 0-point line (shown as "turns taken: 11: 0" they read as a score). `winners` is every player after a
win and nobody otherwise (the ranking is one shared place). The game is cooperative (`Game.cooperative`): the
screens, the history and the exports say whether the crew won and why (`crew_result`), never a place or a winner
among the crew.

The table's questions: `prompt` offers only the player whose turn it is (the table before a typed setup), with
every legal choice listed (adjacent rooms, possible repairs, cards to give…; typed cards and rolls too), and
its damage entry names the step (`step`: "card", or "breach" for the Hull Breach's roll), its move entry in the
action phase the phase (`step`: "actions");
`player_view` hides hands (unless open) and the undrawn order of both decks.
"""

from __future__ import annotations

import csv
import dataclasses
from collections import Counter
from itertools import combinations, combinations_with_replacement, permutations, product
from pathlib import Path
from typing import Callable

from scoring.core import (BOOL, CHOICE, INT, INT_LIST, PLAYER, TABLE, Engine, Game, Line, Option, RuleError,
                          make_scoreboard, move, register, rng)

ROOMS_FILE = Path(__file__).resolve().parents[2] / "assets" / "solar_storm" / "rooms.tsv"
CORE = "energy-core"
RESOURCES = ("data", "metal", "nanobots", "energy")
UNIVERSAL = "universal"
CARDS = RESOURCES + (UNIVERSAL,)
PER_RESOURCE = 15
OPTIONAL_WORDS = {"divert": "room", "scavenge": "roll", "repair": "room"}  # the log's wording once the field is given
ROLLED_WORDS = {"scavenge": "roll", "damage": "breach"}  # the log's wording of an action that rolled the die
DIFFICULTY = {"easy": 8, "normal": 6, "hard": 4, "expert": 2, "impossible": 0}
ACTIONS_PER_TURN = 3
TOKEN_EVERY = 3
MEDICAL_TOKENS = 2
PROTECTION = 2
HAND_LIMIT = 6
FACE_UP = 2
CARGO_LOOK = 5
BRIDGE_LOOK = 3
DAMAGE_GROUPS = (1, 2, 3)
CARDS_PER_GROUP = 8
SETUP_DAMAGE = 2
SETUP_DAMAGE_SIZE = max(DAMAGE_GROUPS)
RING = (0, 1, 2, 5, 8, 7, 6, 3)
CENTRE = 4
SIDE = 3
ABILITIES = {"mess_hall": "mess-hall", "repair_centre": "repair-centre", "engine_room": "engine-room",
             "crew_quarters": "crew-quarters", "cargo_hold": "cargo-hold", "armoury": "armoury", "bridge": "bridge"}


def load_rooms(path: Path) -> dict[str, dict]:
    """The rooms file: per room id its repair track (top first) and divert cost (the core has neither)."""
    rooms = {}
    with open(path, encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            if row["room"] == CORE:
                continue
            rooms[row["room"]] = {"track": row["repair_track"].split(","), "cost": row["divert_cost"].split(",")}
    return rooms


ROOMS = load_rooms(ROOMS_FILE)
ROOM_IDS = tuple(ROOMS)


# ---------------------------------------------------------------------------------------------------------
# Small pure rules


def scavenge_picks(roll: int) -> int:
    """Cards a scavenge roll gives: 1–2 none, 3–5 one, 6 two."""
    return 0 if roll <= 2 else (1 if roll <= 5 else 2)


def deck_draws(phase: str) -> int:
    """Cards a take from the deck draws: one a scavenge's pick, the top two when collecting."""
    return 1 if phase == "scavenge" else 2


def emptying_sources(state: dict) -> list[str]:
    """The sources of a take ("face_up", refilled with one card, and "deck", `deck_draws` cards) that draw the
    resource deck's last card: the crew then loses at once (as the rules have it, even with cards still to draw)."""
    left = deck_count(state["resources"])
    return [source for source, draws in (("face_up", 1), ("deck", deck_draws(state["phase"]))) if left <= draws]


def breach_discards(roll: int) -> int:
    """Cards the Hull Breach discards from the resource deck: 1–2 one, 3–4 two, 5–6 three."""
    return (roll + 1) // 2


def damage_step(state: dict) -> str:
    """The damage step's form: "card" (the top damage card) or, the deck above the Hull Breach empty, "breach"."""
    return "card" if state["damage"]["deck"] else "breach"


def tokens_for(unused: int) -> int:
    """Action tokens for actions not taken: one per 3."""
    return unused // TOKEN_EVERY


def full_deck(difficulty: str) -> Counter:
    """The resource deck's cards by kind."""
    deck = Counter({r: PER_RESOURCE for r in RESOURCES})
    deck[UNIVERSAL] = DIFFICULTY[difficulty]
    return deck


def cell_of(layout: list[str], room: str) -> int:
    """The grid cell (0–8, row by row) of a room."""
    return layout.index(room)


def adjacent(layout: list[str], room: str) -> list[str]:
    """The rooms orthogonally next to a room, in grid order."""
    cell = cell_of(layout, room)
    row, col = divmod(cell, SIDE)
    out = []
    for r, c in ((row - 1, col), (row, col - 1), (row, col + 1), (row + 1, col)):
        if 0 <= r < SIDE and 0 <= c < SIDE:
            out.append(layout[r * SIDE + c])
    return out


def grid_layout(ring: list[str]) -> list[str]:
    """The 9 cells row by row from the 8 rooms listed clockwise from the top-left corner."""
    cells = [CORE] * (SIDE * SIDE)
    for room, cell in zip(ring, RING):
        cells[cell] = room
    return cells


def fully_repaired(room: dict) -> bool:
    """All three track spaces hold a cube."""
    return all(room["cubes"])


def damage_size_at(depth_from_bottom: int) -> int:
    """Rooms named by the undrawn damage card at this depth (0 = bottom): three-room cards lie at the bottom."""
    threes = CARDS_PER_GROUP - SETUP_DAMAGE
    if depth_from_bottom < threes:
        return 3
    return 2 if depth_from_bottom < threes + CARDS_PER_GROUP else 1


def damage_cards(seed: int) -> list[list[str]]:
    """The damage deck from the seed, top first: each group names every room equally often, shuffled."""
    deck = []
    for size in DAMAGE_GROUPS:
        draw = rng(seed, "damage", size)
        order = list(ROOM_IDS)
        draw.shuffle(order)
        cards = [[order[(i + j) % len(order)] for j in range(size)] for i in range(CARDS_PER_GROUP)]
        draw.shuffle(cards)
        deck += cards
    return deck


def hit(state: dict, room: str) -> bool:
    """One damage to a room: a protection token first, else the topmost cube; False when nothing was left."""
    for i, token in enumerate(state["protection"]):
        if token["room"] == room:
            del state["protection"][i]
            return True
    cubes = state["rooms"][room]["cubes"]
    if not any(cubes):
        return False
    cubes[cubes.index(True)] = False
    state["cube_supply"] += 1
    return True


def cards_total(state: dict) -> int:
    """Every resource card the state holds: deck, face-up, hands and discard pile."""
    res = state["resources"]
    deck = sum(res["deck"].values()) if isinstance(res["deck"], dict) else len(res["deck"])
    return (deck + len([c for c in res["face_up"] if c]) + len(res["discard"])
            + sum(len(h) for h in state["hands"].values()))


def deck_count(resources: dict) -> int:
    """Cards left in the resource deck (a list in app mode or a view, counts in table mode; a table-mode view with
    private hands says it as `size`, its counts being the cards unseen)."""
    deck = resources["deck"]
    if "size" in resources:
        return resources["size"]
    return sum(deck.values()) if isinstance(deck, dict) else len(deck)


def unseen(state: dict, by: str | None) -> Counter:
    """Table mode: the cards `by` (None: the public table) cannot see, by kind: the whole deck less the face-up
    cards, the discard pile and the hands `by` sees (its own; every hand when hands are open) — with private hands
    the deck and the other players' hands together, never either alone."""
    res = state["resources"]
    seen = Counter(card for card in res["face_up"] if card) + Counter(res["discard"])
    for name, hand in state["hands"].items():
        if name == by or state["options"]["open_hands"]:
            seen.update(card for card in hand if card is not None)
    return full_deck(state["options"]["difficulty"]) - seen


def room_of(room) -> str:
    """A room id of the ship (the core included), else refuse."""
    if not isinstance(room, str) or (room != CORE and room not in ROOMS):
        raise RuleError("solar_storm.room_unknown", room=str(room)[:40])
    return room


def card_of(card) -> str:
    """A resource card kind, else refuse."""
    if not isinstance(card, str) or card not in CARDS:
        raise RuleError("solar_storm.card_unknown", card=str(card)[:40])
    return card


def room_word(room: str) -> str:
    """The message key naming a room (errors and the log carry keys, shown in the player's language)."""
    return f"solar_storm.room.{room}"


def card_word(card: str) -> str:
    """The message key naming a resource card kind."""
    return f"solar_storm.card.{card}"


def one_room(rooms) -> bool:
    """Whether an Armoury's rooms are both tokens on one room (its log line says the room once: it read "protects
    Repair Centre and Repair Centre")."""
    return isinstance(rooms, list) and len(rooms) == PROTECTION and rooms[0] == rooms[1]


def is_index(value, size: int) -> bool:
    """Whether value is an int (not a bool) in 0 … size-1."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size


def pays(card: str, resource: str) -> bool:
    """Whether a card pays for a resource (the same kind, or universal)."""
    return card == resource or card == UNIVERSAL


def divert_payment(hand: list[str], cost: list[str]) -> list[str] | None:
    """The cards a divert discards (matching cards first, universal ones for the rest), or None if short."""
    left = Counter(hand)
    paid = []
    missing = 0
    for resource in cost:
        if left[resource]:
            left[resource] -= 1
            paid.append(resource)
        else:
            missing += 1
    if left[UNIVERSAL] < missing:
        return None
    return paid + [UNIVERSAL] * missing


def repair_spaces(room: dict, track: list[str], card: str) -> list[int]:
    """The empty spaces one card may fill: in a diverted room all of them when it matches any track resource."""
    empty = [i for i, cube in enumerate(room["cubes"]) if not cube]
    if room["diverted"]:
        return empty if any(pays(card, r) for r in track) else []
    return [i for i in empty if pays(card, track[i])]


@register
class SolarStorm(Engine):
    """The ship, the decks, the crew's turns, the loss and the launch."""

    game = Game(
        id="solar_storm",
        names={"en": "Solar Storm", "zh-CN": "太阳风暴"},
        min_players=1,
        max_players=4,
        rounds=False,
        cooperative=True,
        options=(
            Option("deal", "app", CHOICE, choices=("app", "table")),
            Option("difficulty", "normal", CHOICE, choices=tuple(DIFFICULTY)),
            Option("start_cards", [5, 4, 3, 2], INT_LIST, minimum=0, maximum=HAND_LIMIT, length=4),
            Option("first_player", 1, INT, minimum=1, maximum=4),
            Option("start_room", CORE, CHOICE, choices=(CORE,) + ROOM_IDS),
            Option("layout", "shuffled", CHOICE, choices=("shuffled", "listed")),
            Option("open_hands", False, BOOL),
        ),
    )
    minor = ("token",)  # spent at will: with no action left the table waits for the end of the actions [ruling]

    # --- setup --------------------------------------------------------------------------------------------

    def setup(self, state: dict) -> None:
        """The ship intact, decks built; the app deals and starts the first turn, or the table types its deal."""
        opts = state["options"]
        players = state["players"]
        if opts["first_player"] > len(players):
            raise RuleError("solar_storm.first_player_invalid", seat=opts["first_player"], count=len(players))
        ring = list(ROOM_IDS)
        if opts["layout"] == "shuffled":
            rng(state["seed"], "layout").shuffle(ring)
        state.update(
            layout=grid_layout(ring),
            rooms={r: {"cubes": [True] * 3, "diverted": False} for r in ROOM_IDS},
            cube_supply=0, protection=[], where={p: opts["start_room"] for p in players},
            hands={p: [] for p in players}, tokens={p: 0 for p in players},
            known={"resources": 0, "damage": 0}, peek=None, dice=0, roll=None, roll_for=None, roll_cards=None,
            last_damage=None, last_protected=[],
            rolled={"scavenge": [], "damage": []}, drew=[], turn=None, turns=0, actions=0, picks=0, result=None,
        )
        full = full_deck(opts["difficulty"])
        if opts["deal"] == "table":
            state["resources"] = {"deck": dict(full), "face_up": [None] * FACE_UP, "discard": []}
            sizes = [s for s in DAMAGE_GROUPS for _ in range(CARDS_PER_GROUP)]
            state["damage"] = {"deck": sizes[:-SETUP_DAMAGE], "discard": [], "loose": 0}
            state["phase"] = "setup"
            return
        deck = list(full.elements())
        rng(state["seed"], "resources").shuffle(deck)
        state["resources"] = {"deck": deck, "face_up": [None] * FACE_UP, "discard": []}
        damage = damage_cards(state["seed"])
        state["damage"] = {"deck": damage, "discard": [], "loose": 0}
        for _ in range(self.start_hand(state)):
            for p in self.seat_order(state):
                state["hands"][p].append(deck.pop(0))
        for slot in range(FACE_UP):
            state["resources"]["face_up"][slot] = deck.pop(0)
        for _ in range(SETUP_DAMAGE):
            self.resolve_damage(state, damage.pop())
        state["last_damage"] = None
        self.start_turn(state, self.seat_order(state)[0])

    def start_hand(self, state: dict) -> int:
        """Cards each player is dealt at setup (the `start_cards` option for this many players)."""
        return state["options"]["start_cards"][len(state["players"]) - 1]

    def seat_order(self, state: dict) -> list[str]:
        """The players in turn order, from the first player."""
        first = state["options"]["first_player"] - 1
        return state["players"][first:] + state["players"][:first]

    @move("setup", by=TABLE, phase=("setup",), fields=("hands", "face_up", "damage", "layout"), reveals=True)
    def typed_setup(self, state: dict, action: dict) -> None:
        """Table mode: the dealt hands, the face-up pair, the two setup damage cards, optionally the layout."""
        layout = action.get("layout")
        if layout is not None:
            if not isinstance(layout, list) or sorted(map(str, layout)) != sorted(ROOM_IDS):
                raise RuleError("solar_storm.layout_invalid")
            state["layout"] = grid_layout(layout)
        count = self.start_hand(state)
        hands = action.get("hands")
        if not isinstance(hands, dict) or set(hands) != set(state["players"]):
            raise RuleError("solar_storm.hands_invalid", count=count)
        for p in self.seat_order(state):
            cards = hands[p]
            if not isinstance(cards, list) or len(cards) != count:
                raise RuleError("solar_storm.hand_size", name=p, count=count)
            state["hands"][p] = self.draw_typed(state, cards, len(cards))
        face_up = action.get("face_up")
        if not isinstance(face_up, list) or len(face_up) != FACE_UP:
            raise RuleError("solar_storm.face_up_invalid", count=FACE_UP)
        state["resources"]["face_up"] = self.draw_typed(state, face_up, FACE_UP)
        damage = action.get("damage")
        if not isinstance(damage, list) or len(damage) != SETUP_DAMAGE:
            raise RuleError("solar_storm.setup_damage_invalid", count=SETUP_DAMAGE)
        for rooms in damage:
            self.resolve_damage(state, self.damage_rooms(rooms, SETUP_DAMAGE_SIZE))
        state["last_damage"] = None
        self.start_turn(state, self.seat_order(state)[0])

    # --- drawing ------------------------------------------------------------------------------------------

    def typed(self, state: dict) -> bool:
        """Whether the table deals (cards and rolls typed) rather than the app."""
        return state["options"]["deal"] == "table"

    def no_typing(self, state: dict, action: dict, *fields: str) -> None:
        """In app mode refuse typed cards or rolls: the app deals them."""
        if not self.typed(state):
            for name in fields:
                if action.get(name) is not None:
                    raise RuleError("solar_storm.dealt_by_app", field=name)

    def roll(self, state: dict, action: dict, purpose: str) -> int:
        """The die: typed in table mode (1–6), from the seed in app mode; returns the cards it decides (taken when
        scavenging, discarded by the Hull Breach). Kept with what it was rolled for (`roll_for`: "scavenge" or
        "breach") and those cards (`roll_cards`), so a view shows the last roll with what it decided as the state
        says it, and in `rolled` by the action's type, in log order, so the log says every die (`logged`)."""
        self.no_typing(state, action, "roll")
        if self.typed(state):
            value = action.get("roll")
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
                raise RuleError("solar_storm.roll_invalid", roll=str(value)[:20])
        else:
            value = rng(state["seed"], "die", state["dice"]).randint(1, 6)
        state["dice"] += 1
        cards = scavenge_picks(value) if purpose == "scavenge" else breach_discards(value)
        state.update(roll=value, roll_for=purpose, roll_cards=cards)
        state["rolled"][action["type"]].append(value)
        return cards

    def draw_typed(self, state: dict, cards, count: int) -> list[str]:
        """Table mode: exactly `count` typed cards, each still in the deck; they leave the deck."""
        if not isinstance(cards, list) or len(cards) != count:
            raise RuleError("solar_storm.cards_count", count=count)
        deck = state["resources"]["deck"]
        for card in cards:
            card_of(card)
            if deck[card] <= 0:
                raise RuleError("solar_storm.card_gone", card=card_word(card))
            deck[card] -= 1
        return list(cards)

    def draw(self, state: dict, action: dict, count: int) -> list[str]:
        """Draw up to `count` cards from the resource deck top (typed in table mode); an emptied deck loses."""
        self.no_typing(state, action, "cards")
        res = state["resources"]
        want = min(count, deck_count(res))
        if self.typed(state):
            if action.get("cards") is None:
                raise RuleError("solar_storm.cards_missing", count=want)
            drawn = self.draw_typed(state, action.get("cards"), want)
        else:
            drawn = [res["deck"].pop(0) for _ in range(want)]
            state["known"]["resources"] = max(0, state["known"]["resources"] - want)
        if deck_count(res) == 0:
            self.lose(state, "deck_empty")
        return drawn

    def typed_damage(self, state: dict, rooms) -> list[str]:
        """Table mode: the damage card the table turned up, off the top of the deck; after a Bridge look any of the
        cards looked at (the table put them back in an order of its own), whichever size it is."""
        damage = state["damage"]
        deck, loose = damage["deck"], damage["loose"]
        choices = deck[:max(loose, 1)]
        size = len(rooms) if isinstance(rooms, list) else None
        card = self.damage_rooms(rooms, deck.pop(choices.index(size) if size in choices else 0))
        damage["loose"] = max(0, loose - 1)
        return card

    def damage_rooms(self, rooms, size: int) -> list[str]:
        """A typed damage card: `size` distinct rooms of the ring."""
        if not isinstance(rooms, list) or len(rooms) != size:
            raise RuleError("solar_storm.damage_size", count=size)
        for room in rooms:
            if room_of(room) == CORE:
                raise RuleError("solar_storm.core_undamaged")
        if len(set(rooms)) != len(rooms):
            raise RuleError("solar_storm.room_twice")
        return list(rooms)

    def resolve_damage(self, state: dict, rooms: list[str]) -> None:
        """A damage card: each room in turn loses a token or its top cube; a room with neither loses the game.
        `last_protected`: the card's rooms whose protection token took the hit (they kept their cubes)."""
        state["last_damage"] = list(rooms)
        state["last_protected"] = []
        state["damage"]["discard"].append(list(rooms))
        for room in rooms:
            if any(token["room"] == room for token in state["protection"]):
                state["last_protected"].append(room)
            if not hit(state, room):
                self.lose(state, "room_destroyed", room)
                return

    def lose(self, state: dict, reason: str, room: str | None = None) -> None:
        """The crew loses at once."""
        if state["over"]:
            return
        state["over"] = True
        state["phase"] = "over"
        state["result"] = {"won": False, "reason": reason, "room": room}

    # --- turns --------------------------------------------------------------------------------------------

    def start_turn(self, state: dict, player: str) -> None:
        """A player's turn begins: their protection tokens go back, 3 actions, the Medical Bay's tokens."""
        state.update(turn=player, turns=state["turns"] + 1, actions=ACTIONS_PER_TURN, picks=0, phase="actions",
                     peek=None)
        state["protection"] = [t for t in state["protection"] if t["by"] != player]
        if state["where"][player] == "medical-bay" and fully_repaired(state["rooms"]["medical-bay"]):
            state["tokens"][player] += MEDICAL_TOKENS

    def actor(self, state: dict, action: dict) -> str:
        """The acting player, who must be the one whose turn it is."""
        by = action.get("by")
        if by != state["turn"]:
            raise RuleError("solar_storm.not_your_turn", name=state["turn"])
        return by

    def spend(self, state: dict, action: dict) -> str:
        """The turn's player spends one action."""
        by = self.actor(state, action)
        if state["actions"] <= 0:
            raise RuleError("solar_storm.no_actions")
        state["actions"] -= 1
        return by

    def held(self, state: dict, player: str, card) -> str:
        """A card kind the player holds, else refuse."""
        if card_of(card) not in state["hands"][player]:
            raise RuleError("solar_storm.card_not_held", name=player, card=card_word(card))
        return card

    def other(self, state: dict, by: str, player) -> str:
        """Another player at the table, else refuse."""
        if player not in state["players"]:
            raise RuleError("core.player_unknown", name=str(player)[:40])
        if player == by:
            raise RuleError("solar_storm.player_self")
        return player

    def standing_in(self, state: dict, by: str, room: str) -> None:
        """Refuse unless the player stands in the room and it is fully repaired (to use its ability)."""
        if state["where"][by] != room:
            raise RuleError("solar_storm.not_here", room=room_word(room))
        if not fully_repaired(state["rooms"][room]):
            raise RuleError("solar_storm.room_not_repaired", room=room_word(room))

    @move("move", by=PLAYER, phase=("actions",), fields=("room",))
    def move_to(self, state: dict, action: dict) -> None:
        """Move to an orthogonally adjacent room."""
        by = self.spend(state, action)
        room = room_of(action.get("room"))
        if room not in adjacent(state["layout"], state["where"][by]):
            raise RuleError("solar_storm.not_adjacent", room=room_word(room))
        state["where"][by] = room

    @move("scavenge", by=PLAYER, phase=("actions",), fields=("roll",), reveals=True)
    def scavenge(self, state: dict, action: dict) -> None:
        """Roll the die: 1–2 nothing, 3–5 one card, 6 two cards (taken one by one)."""
        self.spend(state, action)
        picks = self.roll(state, action, "scavenge")
        if picks:
            state.update(picks=picks, phase="scavenge")

    @move("take", by=PLAYER, phase=("scavenge", "collect"), fields=("source", "slot", "card", "cards"),
          reveals=True)
    def take(self, state: dict, action: dict) -> None:
        """A card from the face-up pair (refilled from the deck) or from the deck: one when scavenging; when
        collecting one face-up card or the top two deck cards. A face-up take may name its card (`card`, as the
        screens do): the log then says which card, and a card no longer in that place is refused."""
        by = self.actor(state, action)
        res = state["resources"]
        source = action.get("source")
        if source == "face_up":
            slot = action.get("slot")
            if not is_index(slot, FACE_UP) or res["face_up"][slot] is None:
                raise RuleError("solar_storm.slot_invalid", slot=str(slot)[:20])
            if action.get("card") not in (None, res["face_up"][slot]):
                raise RuleError("solar_storm.face_up_other", slot=slot + 1, card=card_word(res["face_up"][slot]))
            state["hands"][by].append(res["face_up"][slot])
            res["face_up"][slot] = None
            refill = self.draw(state, action, 1)
            res["face_up"][slot] = refill[0] if refill else None
        elif source == "deck":
            if action.get("slot") is not None or action.get("card") is not None:
                raise RuleError("solar_storm.slot_invalid", slot=str(action.get("slot"))[:20])
            drawn = self.draw(state, action, deck_draws(state["phase"]))
            state["hands"][by] += drawn
        else:
            raise RuleError("solar_storm.source_invalid", source=str(source)[:20])
        state["drew"].append(1 if source == "face_up" else len(drawn))
        if state["over"]:
            return
        if state["phase"] == "scavenge":
            state["picks"] -= 1
            if state["picks"] == 0:
                state["phase"] = "actions"
        else:
            state["phase"] = "discard" if len(state["hands"][by]) > HAND_LIMIT else "damage"

    @move("give", by=PLAYER, phase=("actions",), fields=("player", "card"))
    def give(self, state: dict, action: dict) -> None:
        """Give a card to a player in the same room."""
        by = self.spend(state, action)
        to = self.same_room(state, by, action.get("player"))
        card = self.held(state, by, action.get("card"))
        state["hands"][by].remove(card)
        state["hands"][to].append(card)

    @move("receive", by=PLAYER, phase=("actions",), fields=("player", "card"))
    def receive(self, state: dict, action: dict) -> None:
        """Take a card from a player in the same room."""
        by = self.spend(state, action)
        giver = self.same_room(state, by, action.get("player"))
        card = self.held(state, giver, action.get("card"))
        state["hands"][giver].remove(card)
        state["hands"][by].append(card)

    def same_room(self, state: dict, by: str, player) -> str:
        """Another player standing in the same room, else refuse."""
        player = self.other(state, by, player)
        if state["where"][player] != state["where"][by]:
            raise RuleError("solar_storm.not_same_room", name=player)
        return player

    def repair_room(self, state: dict, by: str, room: str, action: dict) -> None:
        """Discard a card to put cubes on a room's track (one space; all of them in a diverted room)."""
        if room == CORE:
            raise RuleError("solar_storm.core_undamaged")
        card = self.held(state, by, action.get("card"))
        target = state["rooms"][room]
        if fully_repaired(target):
            raise RuleError("solar_storm.room_intact", room=room_word(room))
        spaces = repair_spaces(target, ROOMS[room]["track"], card)
        if target["diverted"]:
            if action.get("space") is not None:
                raise RuleError("solar_storm.space_not_needed", room=room_word(room))
            if not spaces:
                raise RuleError("solar_storm.card_wrong", card=card_word(card), room=room_word(room))
        else:
            space = action.get("space")
            if not is_index(space, 3):
                raise RuleError("solar_storm.space_invalid", space=str(space)[:20])
            if target["cubes"][space]:
                raise RuleError("solar_storm.space_filled", space=space + 1, room=room_word(room))
            if space not in spaces:
                raise RuleError("solar_storm.card_wrong", card=card_word(card), room=room_word(room))
            spaces = [space]
        state["hands"][by].remove(card)
        state["resources"]["discard"].append(card)
        for space in spaces:
            target["cubes"][space] = True
        state["cube_supply"] -= len(spaces)

    @move("repair", by=PLAYER, phase=("actions",), fields=("room", "space", "card"))
    def repair(self, state: dict, action: dict) -> None:
        """Repair the room you stand in with a matching card. The action may name the room (`room`, as the screens
        do): the log then says which, and another room is refused."""
        by = self.spend(state, action)
        room = state["where"][by]
        if action.get("room") not in (None, room):
            raise RuleError("solar_storm.repair_here", room=room_word(room))
        self.repair_room(state, by, room, action)

    @move("divert", by=PLAYER, phase=("actions",), fields=("room",))
    def divert(self, state: dict, action: dict) -> None:
        """Divert the power of the fully repaired room you stand in: discard its three cost cards. The action may
        name the room (`room`, as the screens do): the log then says which, and another room is refused."""
        by = self.spend(state, action)
        room = state["where"][by]
        if action.get("room") not in (None, room):
            raise RuleError("solar_storm.divert_here", room=room_word(room))
        if room == CORE:
            raise RuleError("solar_storm.core_no_divert")
        if state["rooms"][room]["diverted"]:
            raise RuleError("solar_storm.room_diverted", room=room_word(room))
        if not fully_repaired(state["rooms"][room]):
            raise RuleError("solar_storm.room_not_repaired", room=room_word(room))
        paid = divert_payment(state["hands"][by], ROOMS[room]["cost"])
        if paid is None:
            raise RuleError("solar_storm.cost_missing", room=room_word(room))
        for card in paid:
            state["hands"][by].remove(card)
            state["resources"]["discard"].append(card)
        state["rooms"][room]["diverted"] = True

    @move("launch", by=PLAYER, phase=("actions",), fields=())
    def launch(self, state: dict, action: dict) -> None:
        """Activate the Energy Core once all 8 rooms are diverted: the crew wins."""
        by = self.spend(state, action)
        if state["where"][by] != CORE:
            raise RuleError("solar_storm.not_here", room=room_word(CORE))
        left = [r for r in ROOM_IDS if not state["rooms"][r]["diverted"]]
        if left:
            raise RuleError("solar_storm.core_locked", count=len(left))
        state.update(over=True, phase="over", result={"won": True, "reason": "launched", "room": None})

    @move("token", by=PLAYER, phase=("actions",), fields=())
    def token(self, state: dict, action: dict) -> None:
        """Spend an action token for one more action."""
        by = self.actor(state, action)
        if state["tokens"][by] <= 0:
            raise RuleError("solar_storm.no_tokens")
        state["tokens"][by] -= 1
        state["actions"] += 1

    @move("end_actions", by=PLAYER, phase=("actions",), fields=())
    def end_actions(self, state: dict, action: dict) -> None:
        """End the action phase: one action token per 3 actions not taken; then collect."""
        by = self.actor(state, action)
        state["tokens"][by] += tokens_for(state["actions"])
        state.update(actions=0, phase="collect")

    @move("discard", by=PLAYER, phase=("discard",), fields=("card",))
    def discard(self, state: dict, action: dict) -> None:
        """Discard a card while holding more than 6; at 6 the damage phase follows."""
        by = self.actor(state, action)
        card = self.held(state, by, action.get("card"))
        state["hands"][by].remove(card)
        state["resources"]["discard"].append(card)
        if len(state["hands"][by]) <= HAND_LIMIT:
            state["phase"] = "damage"

    @move("damage", by=PLAYER, phase=("damage",), fields=("rooms", "roll", "cards"), reveals=True)
    def damage(self, state: dict, action: dict) -> None:
        """The top damage card hits the ship, or the Hull Breach discards resources; then the next turn."""
        by = self.actor(state, action)
        deck = state["damage"]["deck"]
        if damage_step(state) == "card":
            self.no_typing(state, action, "rooms")
            if action.get("roll") is not None or action.get("cards") is not None:
                raise RuleError("solar_storm.not_breach")
            rooms = self.typed_damage(state, action.get("rooms")) if self.typed(state) else deck.pop(0)
            state["known"]["damage"] = max(0, state["known"]["damage"] - 1)
            state["roll"] = None
            state["rolled"]["damage"].append(None)
            self.resolve_damage(state, rooms)
        else:
            if action.get("rooms") is not None:
                raise RuleError("solar_storm.breach_no_rooms")
            count = self.roll(state, action, "breach")
            state["last_damage"] = None
            state["resources"]["discard"] += self.draw(state, action, count)
        if not state["over"]:
            order = self.seat_order(state)
            self.start_turn(state, order[(order.index(by) + 1) % len(order)])

    # --- room abilities -----------------------------------------------------------------------------------

    @move("mess_hall", by=PLAYER, phase=("actions",), fields=("player", "give", "take"))
    def mess_hall(self, state: dict, action: dict) -> None:
        """Give, take or swap one card with any player, wherever they are."""
        by = self.spend(state, action)
        self.standing_in(state, by, "mess-hall")
        other = self.other(state, by, action.get("player"))
        give, take = action.get("give"), action.get("take")
        if give is None and take is None:
            raise RuleError("solar_storm.give_or_take")
        if give is not None:
            self.held(state, by, give)
        if take is not None:
            self.held(state, other, take)
        if give is not None:
            state["hands"][by].remove(give)
            state["hands"][other].append(give)
        if take is not None:
            state["hands"][other].remove(take)
            state["hands"][by].append(take)

    @move("repair_centre", by=PLAYER, phase=("actions",), fields=("room", "space", "card"))
    def repair_centre(self, state: dict, action: dict) -> None:
        """Repair another room as if standing in it."""
        by = self.spend(state, action)
        self.standing_in(state, by, "repair-centre")
        room = room_of(action.get("room"))
        if room == "repair-centre":
            raise RuleError("solar_storm.other_room")
        self.repair_room(state, by, room, action)

    @move("engine_room", by=PLAYER, phase=("actions",), fields=("give", "take"))
    def engine_room(self, state: dict, action: dict) -> None:
        """Swap a hand card with any card of the resource discard pile."""
        by = self.spend(state, action)
        self.standing_in(state, by, "engine-room")
        give = self.held(state, by, action.get("give"))
        take = card_of(action.get("take"))
        pile = state["resources"]["discard"]
        if take not in pile:
            raise RuleError("solar_storm.not_in_discard", card=card_word(take))
        pile.remove(take)
        state["hands"][by].remove(give)
        state["hands"][by].append(take)
        pile.append(give)

    @move("crew_quarters", by=PLAYER, phase=("actions",), fields=("player", "room"))
    def crew_quarters(self, state: dict, action: dict) -> None:
        """Move any meeple to another room that already holds a meeple."""
        by = self.spend(state, action)
        self.standing_in(state, by, "crew-quarters")
        player = action.get("player")
        if player not in state["players"]:
            raise RuleError("core.player_unknown", name=str(player)[:40])
        room = room_of(action.get("room"))
        if room == state["where"][player] or not any(
                state["where"][p] == room for p in state["players"] if p != player):
            raise RuleError("solar_storm.room_empty", room=room_word(room))
        state["where"][player] = room

    @move("armoury", by=PLAYER, phase=("actions",), fields=("rooms",))
    def armoury(self, state: dict, action: dict) -> None:
        """Place 2 protection tokens, on one room or two."""
        by = self.spend(state, action)
        self.standing_in(state, by, "armoury")
        rooms = action.get("rooms")
        if not isinstance(rooms, list) or len(rooms) != PROTECTION:
            raise RuleError("solar_storm.protection_count", count=PROTECTION)
        for room in rooms:
            if room_of(room) == CORE:
                raise RuleError("solar_storm.core_undamaged")
        state["protection"] += [{"room": room, "by": by} for room in rooms]

    @move("cargo_hold", by=PLAYER, phase=("actions",), fields=(), reveals=True)
    def cargo_hold(self, state: dict, action: dict) -> None:
        """Look at the top 5 resource cards to arrange them (in table mode the table does it by hand)."""
        by = self.spend(state, action)
        self.standing_in(state, by, "cargo-hold")
        self.look(state, "resources", CARGO_LOOK)

    @move("bridge", by=PLAYER, phase=("actions",), fields=(), reveals=True)
    def bridge(self, state: dict, action: dict) -> None:
        """Look at the top 3 damage cards to arrange them (in table mode the table does it by hand, so the next of
        those cards drawn may be any of them)."""
        by = self.spend(state, action)
        self.standing_in(state, by, "bridge")
        self.look(state, "damage", BRIDGE_LOOK)
        if self.typed(state):
            state["damage"]["loose"] = min(BRIDGE_LOOK, len(state["damage"]["deck"]))

    def look(self, state: dict, which: str, count: int) -> None:
        """App mode: show the top cards of a deck and wait for their new order."""
        if self.typed(state):
            return
        deck = state[which]["deck"]
        if not deck:
            raise RuleError("solar_storm.deck_empty_look")
        state["peek"] = {"deck": which, "cards": [list(c) if isinstance(c, list) else c for c in deck[:count]]}
        state["phase"] = "arrange"

    @move("arrange", by=PLAYER, phase=("arrange",), fields=("order",))
    def arrange(self, state: dict, action: dict) -> None:
        """Put the looked-at cards back on top in a new order (`order`: their positions, new top first)."""
        self.actor(state, action)
        peek = state["peek"]
        order = action.get("order")
        if not isinstance(order, list) or not all(is_index(i, len(order)) for i in order) \
                or sorted(order) != list(range(len(peek["cards"]))):
            raise RuleError("solar_storm.order_invalid", count=len(peek["cards"]))
        deck = state[peek["deck"]]["deck"]
        deck[:len(order)] = [deck[i] for i in order]
        state["known"][peek["deck"]] = max(state["known"][peek["deck"]], len(order))
        state.update(peek=None, phase="actions")

    # --- the table's questions ----------------------------------------------------------------------------

    def prompt(self, state: dict) -> list[dict]:
        """The moves awaited now; the damage entry names its step (`damage_step`: the card or the Hull Breach's
        roll), so a screen says which without reading the deck (the next-step line said "draw the damage card"
        over an empty deck); in the action phase the move entry, first while an action is left, names the phase
        (`step` "actions"): the next-step line read "Next: Ann — move" as if moving were what the table waited for,
        and now reads "take an action". A take's entry lists the sources (`empties_deck`: "face_up", whose refill
        draws one card, and "deck") whose take draws the resource deck's last card, so the crew loses at once: "Draw
        2 from the deck" was offered over a deck of 1 with nothing said, and the log then said the crew had lost."""
        entries = super().prompt(state)
        for entry in [e for e in entries if e["type"] == "damage"]:
            entry["step"] = damage_step(state)
        for entry in [e for e in entries if e["type"] == "take"]:
            entry["empties_deck"] = emptying_sources(state)
        for entry in [e for e in entries if e["type"] == "move" and state["phase"] == "actions"]:
            entry["step"] = "actions"
        return entries

    def offer(self, state: dict, kind: str, by: str) -> list | None:
        """Every legal choice of the player whose turn it is (the typed setup is free input)."""
        if kind == "setup":
            return None
        if by != state.get("turn"):
            return []
        return getattr(self, f"offer_{kind}")(state, by)

    def can_act(self, state: dict) -> bool:
        """Whether the turn's player has an action left."""
        return state["actions"] > 0

    def offer_move(self, state, by):
        """Adjacent rooms."""
        return [{"room": r} for r in adjacent(state["layout"], state["where"][by])] if self.can_act(state) else []

    def offer_scavenge(self, state, by):
        """One choice (the app rolls) or the six faces (typed)."""
        if not self.can_act(state):
            return []
        return [{"roll": r} for r in range(1, 7)] if self.typed(state) else [{}]

    def typed_cards(self, state: dict, count: int, by: str) -> list[list[str]]:
        """Table mode: every multiset of `count` kinds the deck may still give as far as `by` can tell (`unseen`:
        with private hands, what the others hold may be in the deck; the choices said what they hold)."""
        pool = unseen(state, by)
        count = min(count, deck_count(state["resources"]))
        return [list(c) for c in combinations_with_replacement(CARDS, count)
                if all(pool[k] >= n for k, n in Counter(c).items())]

    def offer_take(self, state, by):
        """Face-up slots with a card, and the deck (with the cards it could give, typed)."""
        res = state["resources"]
        draws = deck_draws(state["phase"])
        out = []
        for slot, card in enumerate(res["face_up"]):
            if card is not None:
                base = {"source": "face_up", "slot": slot, "card": card}
                out += ([{**base, "cards": c} for c in self.typed_cards(state, 1, by)] if self.typed(state) else [base])
        base = {"source": "deck"}
        out += ([{**base, "cards": c} for c in self.typed_cards(state, draws, by)] if self.typed(state) else [base])
        return out

    @staticmethod
    def mates(state: dict, by: str) -> list[str]:
        """The other players standing in by's room."""
        return [p for p in state["players"] if p != by and state["where"][p] == state["where"][by]]

    @staticmethod
    def kinds_in_hand(state: dict, player: str) -> list[str]:
        """The card kinds in a player's hand."""
        return sorted(set(state["hands"][player]))

    def takes(self, state: dict, kind: str, by: str, kinds_of: Callable[[str], list[str]]) -> list[dict]:
        """The choices of a `receive` (from each player in by's room) or a Mess Hall move (give, take or swap with
        each other player) of `by`, taking from player p any of `kinds_of(p)`."""
        if kind == "receive":
            return [{"player": p, "card": c} for p in self.mates(state, by) for c in kinds_of(p)]
        mine = [None, *self.kinds_in_hand(state, by)]
        return [{"player": p, "give": g, "take": t} for p in state["players"] if p != by
                for g, t in product(mine, [None, *kinds_of(p)]) if g or t]

    def asks(self, state: dict, kind: str, by: str) -> list[dict]:
        """With private hands, what a `receive` or Mess Hall move of `by` may ask for, without knowing the other
        hands: every card kind from each player it may take from (the move is refused, naming the rule, for a
        kind they lack, as a player at the table would answer), and for Mess Hall what `by` may give."""
        return self.takes(state, kind, by, lambda p: sorted(CARDS))

    def check_asking(self, state: dict, action: dict) -> RuleError | None:
        """The refusal of `action` as its player knows before sending it (`check`, nothing applied): with private
        hands the player asked (a `receive`'s card, a Mess Hall's take) may hold the kind asked for; whether they do
        is learned by sending it, refused `solar_storm.card_not_held`, as a player at the table answers [ruling].
        Checked against the whole state, a phone's picker read off another seat's hand kind by kind for free."""
        field = {"receive": "card", "mess_hall": "take"}.get(action.get("type"))
        card, player = action.get(field), action.get("player")
        if state["options"]["open_hands"] or card not in CARDS or player not in state["players"]:
            return self.check(state, action)
        return self.check({**state, "hands": {**state["hands"], player: [*state["hands"][player], card]}}, action)

    def offer_give(self, state, by):
        """Each card kind held, to each player in the same room."""
        if not self.can_act(state):
            return []
        return [{"player": p, "card": c} for p in self.mates(state, by) for c in self.kinds_in_hand(state, by)]

    def offer_receive(self, state, by):
        """Each card kind held by each player in the same room; with private hands free input (what may be asked:
        `asks`), so the choices do not tell one seat what another holds."""
        if not self.can_act(state):
            return []
        if not state["options"]["open_hands"]:
            return None if self.mates(state, by) else []
        return self.takes(state, "receive", by, lambda p: self.kinds_in_hand(state, p))

    def repairs(self, state: dict, by: str, room: str) -> list[dict]:
        """The repairs the player's cards allow on a room, down its track (a screen listed "Space 2 · data" before
        "Space 1 · energy")."""
        if room == CORE or fully_repaired(state["rooms"][room]):
            return []
        target = state["rooms"][room]
        out = []
        for card in sorted(set(state["hands"][by])):
            spaces = repair_spaces(target, ROOMS[room]["track"], card)
            if target["diverted"]:
                out += [{"card": card}] if spaces else []
            else:
                out += [{"space": s, "card": card} for s in spaces]
        return sorted(out, key=lambda choice: choice.get("space", 0))

    def offer_repair(self, state, by):
        """Repairs of the room the player stands in, each naming the room."""
        if not self.can_act(state):
            return []
        room = state["where"][by]
        return [{"room": room, **c} for c in self.repairs(state, by, room)]

    def offer_divert(self, state, by):
        """Divert when the room is repaired, not yet diverted, and the hand pays."""
        room = state["where"][by]
        if not self.can_act(state) or room == CORE or state["rooms"][room]["diverted"] \
                or not fully_repaired(state["rooms"][room]):
            return []
        return [{"room": room}] if divert_payment(state["hands"][by], ROOMS[room]["cost"]) is not None else []

    def offer_launch(self, state, by):
        """Launch from the core once every room is diverted."""
        ready = all(state["rooms"][r]["diverted"] for r in ROOM_IDS)
        return [{}] if self.can_act(state) and ready and state["where"][by] == CORE else []

    def offer_token(self, state, by):
        """Spend a token when the player has one."""
        return [{}] if state["tokens"][by] > 0 else []

    def offer_end_actions(self, state, by):
        """Always possible in the action phase."""
        return [{}]

    def offer_discard(self, state, by):
        """Each card kind held."""
        return [{"card": c} for c in sorted(set(state["hands"][by]))]

    def offer_damage(self, state, by):
        """The damage draw (typed: every card of the top group's size, or the Hull Breach roll and cards)."""
        if not self.typed(state):
            return [{}]
        deck = state["damage"]["deck"]
        if deck:
            sizes = sorted(set(deck[:max(state["damage"]["loose"], 1)]))
            return [{"rooms": list(c)} for size in sizes for c in combinations(ROOM_IDS, size)]
        return [{"roll": r, "cards": c} for r in range(1, 7)
                for c in self.typed_cards(state, breach_discards(r), by)]

    def usable(self, state: dict, by: str, room: str) -> bool:
        """Whether the player may use this room's ability now."""
        return self.can_act(state) and state["where"][by] == room and fully_repaired(state["rooms"][room])

    def offer_mess_hall(self, state, by):
        """Give, take or swap with each other player (with private hands free input: `asks`)."""
        if not self.usable(state, by, "mess-hall"):
            return []
        if not state["options"]["open_hands"]:
            return None
        return self.takes(state, "mess_hall", by, lambda p: self.kinds_in_hand(state, p))

    def offer_repair_centre(self, state, by):
        """Repairs of every other room."""
        if not self.usable(state, by, "repair-centre"):
            return []
        return [{"room": r, **c} for r in ROOM_IDS if r != "repair-centre" for c in self.repairs(state, by, r)]

    def offer_engine_room(self, state, by):
        """Each held kind against each kind in the discard pile."""
        if not self.usable(state, by, "engine-room"):
            return []
        return [{"give": g, "take": t} for g in sorted(set(state["hands"][by]))
                for t in sorted(set(state["resources"]["discard"]))]

    def offer_crew_quarters(self, state, by):
        """Each meeple to each other room holding a meeple."""
        if not self.usable(state, by, "crew-quarters"):
            return []
        out = []
        for p in state["players"]:
            rooms = {state["where"][q] for q in state["players"] if q != p} - {state["where"][p]}
            out += [{"player": p, "room": r} for r in sorted(rooms)]
        return out

    def offer_armoury(self, state, by):
        """Two tokens on one room or two."""
        if not self.usable(state, by, "armoury"):
            return []
        return [{"rooms": list(pair)} for pair in combinations_with_replacement(ROOM_IDS, PROTECTION)]

    def offer_cargo_hold(self, state, by):
        """A look at the resource deck."""
        return [{}] if self.usable(state, by, "cargo-hold") and deck_count(state["resources"]) else []

    def offer_bridge(self, state, by):
        """A look at the damage deck."""
        return [{}] if self.usable(state, by, "bridge") and state["damage"]["deck"] else []

    def offer_arrange(self, state, by):
        """Every order of the looked-at cards."""
        return [{"order": list(p)} for p in permutations(range(len(state["peek"]["cards"])))]

    # --- what each seat sees ------------------------------------------------------------------------------

    def hide(self, view: dict, seat: str | None) -> None:
        """Undrawn cards past what the crew has looked at become unknown (a damage card shows only its size);
        other players' hands show only their number of cards unless hands are open, and then in table mode the
        deck's counts by kind are the cards the seat cannot see (`unseen`), its size apart."""
        res = view["resources"]
        if not self.typed(view):
            known = view["known"]["resources"]
            res["deck"] = res["deck"][:known] + [None] * (len(res["deck"]) - known)
        elif not view["options"]["open_hands"]:
            res["size"] = deck_count(res)
            res["deck"] = dict(sorted(unseen(view, seat).items()))
        deck = view["damage"]["deck"]
        known = view["known"]["damage"]
        view["damage"]["deck"] = deck[:known] + [damage_size_at(len(deck) - 1 - i) for i in range(known, len(deck))]
        if not view["options"]["open_hands"]:
            for name, hand in view["hands"].items():
                if name != seat:
                    view["hands"][name] = [None] * len(hand)

    # --- describing ---------------------------------------------------------------------------------------

    def describe(self, action: dict) -> tuple[str, dict]:
        """An action in words: rooms and cards as message keys (a typed deal's face-up cards and damage cards' rooms
        too: its log line read "damage bridge, armoury, mess-hall…"), spaces counted from 1, empty fields dropped;
        the cards of the typed hands and of a typed draw from the deck are left out (they are in players' hands:
        the log is read on the host's public screen, and it listed every hand of a game with private hands). A
        repair says its room and space, or "every empty space" of a diverted room (no `space`)."""
        key, params = super().describe(action)
        shown = {}
        for name, value in params.items():
            if value is None or (name == "hands" and action.get("type") == "setup") \
                    or (name == "cards" and action.get("type") == "take" and action.get("source") != "face_up"):
                continue
            if name == "room" and isinstance(value, str):
                value = room_word(value)
            elif name == "rooms" and isinstance(value, list):
                value = [room_word(v) if isinstance(v, str) else v for v in value]
            elif name in ("card", "give", "take") and isinstance(value, str):
                value = card_word(value)
            elif name in ("cards", "face_up") and isinstance(value, list):
                value = [card_word(v) if isinstance(v, str) else v for v in value]
            elif name == "damage" and isinstance(value, list):
                value = [[room_word(r) if isinstance(r, str) else r for r in rooms] if isinstance(rooms, list)
                         else rooms for rooms in value]
            elif name in ("space", "slot") and isinstance(value, int):
                value += 1
            shown[name] = value
        kind = action.get("type")
        if kind in ("mess_hall", "take", "damage") or OPTIONAL_WORDS.get(kind) in shown:
            key = f"{key}.{self.describe_variant(action)}"
        if kind in ("repair", "repair_centre") and "room" in shown and "space" not in shown:
            key = f"solar_storm.action.{kind}.all"
        if kind == "armoury" and one_room(action.get("rooms")):
            key, shown["rooms"] = f"{key}.one_room", shown["rooms"][:1]
        return key, shown

    def describe_variant(self, action: dict) -> str:
        """Which wording an action with optional parts takes (a swap or a gift; face-up or deck; a divert's room, a
        scavenge's typed roll; breach)."""
        kind = action["type"]
        if kind in OPTIONAL_WORDS:
            return OPTIONAL_WORDS[kind]
        if kind == "mess_hall":
            return "swap" if action.get("give") and action.get("take") else ("give" if action.get("give") else "take")
        if kind == "take":
            face_up = "face_up_card" if action.get("card") else "face_up"
            return face_up if action.get("source") == "face_up" else "deck"
        if action.get("roll") is not None:
            return "breach"
        return "rooms" if action.get("rooms") else "card"

    def logged(self, state: dict, action: dict, nth: int) -> tuple[str, dict]:
        """A scavenge or damage action of the log with the die it rolled, the nth of its type's as kept in `rolled`,
        and a damage card with its rooms, the nth card after the setup's in the damage discard pile (the Hull
        Breach comes only once every card is drawn). An app-dealt die or card is in no action: the rows read "A
        scavenges", "A draws the damage card" (the Hull Breach too). A take from the deck says how many cards it
        drew (the nth take's, as kept in `drew`: one when scavenging, two when collecting, fewer from a deck
        running out), never which. Any other action as `describe` says it."""
        key, params = self.describe(action)
        kind = action.get("type")
        if kind == "take" and action.get("source") == "deck" and 0 < nth <= len(state["drew"]):
            return "solar_storm.action.take.deck_count", {**params, "count": state["drew"][nth - 1]}
        kept = state["rolled"].get(kind, [])
        roll = kept[nth - 1] if 0 < nth <= len(kept) else None
        if roll is not None:
            return f"solar_storm.action.{kind}.{ROLLED_WORDS[kind]}", {**params, "roll": roll}
        cards = state["damage"]["discard"][SETUP_DAMAGE:]
        if kind == "damage" and 0 < nth <= len(cards):
            return "solar_storm.action.damage.rooms", {**params, "rooms": [room_word(r) for r in cards[nth - 1]]}
        return key, params

    def status(self, state: dict) -> dict:
        """Header: the round (every player's turn, from the first player's, is one), the phase, whose turn."""
        turns = state["turns"]
        return {**super().status(state), "round": (turns - 1) // len(state["players"]) + 1 if turns else None}

    def diverted(self, state: dict) -> int:
        """Rooms whose power has been diverted."""
        return sum(1 for r in ROOM_IDS if state["rooms"][r]["diverted"])

    def crew_result(self, state: dict) -> dict | None:
        """Won or lost, and why: the reason's message key, naming the room that took the last damage."""
        result = state.get("result")
        if not state.get("over") or not result:
            return None
        params = {"room": room_word(result["room"])} if result.get("room") else {}
        return {"outcome": "won" if result["won"] else "lost", "why": f"solar_storm.view.why.{result['reason']}",
                **params}

    def scoreboard(self, state: dict):
        """The crew's shared points: rooms diverted and the launch (the outcome is the state's `result`); the crew
        is one team (statistics count its score once, and its players as on the same side)."""
        result = state.get("result")
        won = bool(result and result["won"])
        lines = [Line("solar_storm.line.diverted", self.diverted(state)), Line("solar_storm.line.launch", int(won))]
        crew = list(state["players"])
        board = make_scoreboard("solar_storm", crew, {p: lines for p in crew}, over=state["over"],
                                teams=[crew] if len(crew) > 1 else None)
        return dataclasses.replace(board, winners=tuple(state["players"]) if won else ())
