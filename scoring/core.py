"""The engine contract: games, options, rule errors, the scoreboard, seeded randomness, the registry.

An engine is a reducer over plain-JSON state (see ../shared/DESIGN.md):

    state = engine.new_state(players, options, seed)
    state = engine.apply(state, action)        # never mutates its input
    board = engine.scoreboard(state)

Moves are small methods declared boardgame.io style, `@move("claim", by=PLAYER, phase=("answer",),
fields=("button",), reveals=False, undoable=True)`: who may act (a player, the table, or either), in which phases
(bare names in `state["phase"]`, shown as `<game>.phase.<name>`), which fields the action may carry (any other is
refused, so a typo never silently scores 0), whether it shows hidden information (undo then needs the table's
consent; `reveals=BY_STATE` when that depends on the state, the move then returning the event `REVEALED` when
it shows something, e.g. the last claim of a race that turns every sheet over) and whether it may be undone.
`Engine.check_action` enforces all of that once, before the move runs on a copy of the state, so a refused action
changes nothing. A move changes the copy in place or raises
`RuleError`; it may return events (side effects such as an alias learned from a ruling) for the session layer.

The engine answers the table's questions (python-chess / OpenSpiel style): `check` (would this be accepted?),
`prompt` (what is the table waiting for, per seat, with the finite choices), `player_view` (the state as one
seat may see it; `hide` removes a game's secrets), `status` (six keys for every game) and `scoreboard` (with
`ended`, why a finished game ended, where the engine noted it: `note_end`). A correction's log row says what it
changed (`note_correction`, `Engine.corrected`).

Nothing here reads a clock, a file or a global random source: time comes in actions (`"at"`), randomness
from `rng(seed, *salt)`.
"""

from __future__ import annotations

import copy
import hashlib
import marshal
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from scoring import names
from scoring.errors import RuleError
from scoring.i18n import signed

TABLE = "table"
PLAYER = "player"
ANY = "any"
BY_STATE = "by_state"  # a move's `reveals`: it says so itself, returning the REVEALED event
REVEALED = {"type": "revealed"}


# ---------------------------------------------------------------------------------------------------------
# Options

BOOL, INT, CHOICE, INT_LIST, TEXT = "bool", "int", "choice", "int_list", "text"


@dataclass(frozen=True)
class Option:
    """One session option: its name, default and allowed values (label key: `<game>.option.<name>`)."""

    name: str
    default: Any
    kind: str = BOOL
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None
    length: int | None = None

    def refusal(self, value: Any, label: str | None = None) -> RuleError:
        """The refusal of value for this option (named by label, else its name): a whole number's, or a list's of so
        many, says the range it takes ("cannot be 5oo: a whole number from 0 to 100000"), where it has one."""
        option = self.name if label is None else label
        if self.minimum is None or self.maximum is None:
            return RuleError("core.option_invalid", option=option, value=value)
        if self.kind == INT:
            return RuleError("core.option_range", option=option, value=value, min=self.minimum, max=self.maximum)
        if self.kind == INT_LIST and self.length is not None:
            return RuleError("core.option_range_list", option=option, value=value, count=self.length,
                             min=self.minimum, max=self.maximum)
        return RuleError("core.option_invalid", option=option, value=value)

    def check(self, value: Any) -> Any:
        """Return the value if it is allowed, else raise `RuleError` (`refusal`)."""
        bad = self.refusal(value)
        if self.kind == BOOL:
            if not isinstance(value, bool):
                raise bad
        elif self.kind == INT:
            if isinstance(value, bool) or not isinstance(value, int):
                raise bad
            self._check_range(value, bad)
        elif self.kind == CHOICE:
            if value not in self.choices:
                raise bad
        elif self.kind == INT_LIST:
            if not isinstance(value, list) or any(isinstance(v, bool) or not isinstance(v, int) for v in value):
                raise bad
            if self.length is not None and len(value) != self.length:
                raise bad
            for v in value:
                self._check_range(v, bad)
        elif self.kind == TEXT:
            if not isinstance(value, str):
                raise bad
        return value

    def _check_range(self, value: int, bad: RuleError) -> None:
        """Raise `bad` when value lies outside [minimum, maximum]."""
        if self.minimum is not None and value < self.minimum:
            raise bad
        if self.maximum is not None and value > self.maximum:
            raise bad


def chosen_option(game_id: str, option: Option, value: Any) -> dict:
    """One option's value as a message: a switch by its name ("Mighty Duel", or "… off"), anything else named
    with its value (a choice in its words, a number as it is, a list with commas, a typed text as the table's own)."""
    label = {"key": f"{game_id}.option.{option.name}"}
    if option.kind == BOOL:
        return label if value else {"key": "core.option_off", "option": label}
    if option.kind == CHOICE:
        shown: Any = {"key": f"{game_id}.option.{option.name}.{value}"}
    elif option.kind == INT_LIST:
        shown = ", ".join(str(v) for v in value)
    elif option.kind == TEXT:
        shown = {"key": "core.option_typed"}
    else:
        shown = value
    return {"key": "core.option_chosen", "option": label, "value": shown}


@dataclass(frozen=True)
class Game:
    """Fixed facts of a game: id, names, player range (and, where not every count in it is played, the counts
    that are: Bacon's two teams need 4 or 6), options, whether it is played in rounds, whether it is
    cooperative (the crew wins or loses together: its end says so, never a ranking or a winner among them), and
    whether a session's title names the game it keeps score for (`titled`: a score pad's "Azul")."""

    id: str
    names: dict
    min_players: int
    max_players: int
    options: tuple = ()
    rounds: bool = True
    colours: bool = False
    player_counts: tuple = ()
    cooperative: bool = False
    titled: bool = False

    def option(self, name: str) -> Option:
        """The option called name."""
        for opt in self.options:
            if opt.name == name:
                return opt
        raise RuleError("core.option_unknown", option=name)

    def resolve_options(self, given: dict | None) -> dict:
        """Every option with its value: given values checked, missing ones at their defaults."""
        if given is None:
            given = {}
        if not isinstance(given, dict):
            raise RuleError("core.options_not_object")
        given = dict(given)
        resolved = {}
        for opt in self.options:
            value = given.pop(opt.name, copy.deepcopy(opt.default))
            resolved[opt.name] = opt.check(value)
        if given:
            raise RuleError("core.option_unknown", option=sorted(given)[0])
        return resolved

    def check_players(self, players: list) -> list[str]:
        """The player names if their count fits and they are distinct non-empty strings. A game that lists its
        counts says that list (its own `<game>.player_count`: Bacon's "4 or 6" with 3, 5 or 7 seated), not the
        range ("4–6" with 7 seated read as if 5 were allowed). Two names are one player when they read alike in any
        case or width (`scoring.names.same`: "Ann" and the full-width "Ａｎｎ"), as on the roster, so an imported
        or scored record cannot seat one player twice."""
        if not isinstance(players, list) or any(not isinstance(p, str) or not p.strip() for p in players):
            raise RuleError("core.players_invalid")
        if len({names.key(p) for p in players}) != len(players):
            raise RuleError("core.player_duplicate")
        if TABLE in players:
            raise RuleError("core.player_reserved", name=TABLE)
        if self.player_counts and len(players) not in self.player_counts:
            raise RuleError(f"{self.id}.player_count", count=len(players))
        if not self.min_players <= len(players) <= self.max_players:
            raise RuleError(
                "core.player_count", count=len(players), min=self.min_players, max=self.max_players
            )
        return list(players)

    def describe(self) -> dict:
        """The game's facts as plain JSON (for `python -m scoring games` and the app's list)."""
        return {
            "id": self.id,
            "names": dict(self.names),
            "players": [self.min_players, self.max_players],
            **({"player_counts": list(self.player_counts)} if self.player_counts else {}),
            "rounds": self.rounds,
            "options": [
                {
                    "name": o.name,
                    "kind": o.kind,
                    "default": o.default,
                    **({"choices": list(o.choices)} if o.choices else {}),
                    **({"min": o.minimum} if o.minimum is not None else {}),
                    **({"max": o.maximum} if o.maximum is not None else {}),
                }
                for o in self.options
            ],
        }


# ---------------------------------------------------------------------------------------------------------
# Scoreboard


@dataclass(frozen=True, slots=True)
class Line:
    """One entry of a breakdown: what the points came from (a message key and its parameters)."""

    key: str
    points: int
    params: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        """The line as plain JSON."""
        return {"key": self.key, "points": self.points, "params": dict(self.params)}


@dataclass(frozen=True)
class PlayerScore:
    """A player's total and where every point came from."""

    name: str
    total: int
    breakdown: tuple = ()
    tiebreak: tuple = ()

    def to_json(self) -> dict:
        """The player's score as plain JSON."""
        out = {"name": self.name, "total": self.total, "breakdown": [line.to_json() for line in self.breakdown]}
        if self.tiebreak:
            out["tiebreak"] = list(self.tiebreak)
        return out


@dataclass(frozen=True)
class Scoreboard:
    """Totals, breakdowns, the ranking with shared places, the winners, (for round games) totals per round with
    the totals before the first round, and (for team games) the teams: sides in seat order whose members all
    carry the team's score, so a chart or a statistic counts each team once; `lower_wins` says the lowest total
    ranks first (a statistic's best score is then its lowest)."""

    game: str
    players: tuple
    ranking: tuple
    winners: tuple
    rounds: tuple = ()
    over: bool = False
    tiebreak_used: bool = False
    start: dict = field(default_factory=dict)
    teams: tuple = ()
    lower_wins: bool = False
    ended: dict | None = None

    def total(self, name: str) -> int:
        """The total of the player called name."""
        return next(p.total for p in self.players if p.name == name)

    def of_round(self, number: int) -> dict[str, int]:
        """Each player's points in round `number` (from 1): its cumulative totals less the round before's (or the
        start's); empty when no such round is kept."""
        if not 0 < number <= len(self.rounds):
            return {}
        before = self.rounds[number - 2] if number > 1 else self.start
        return {name: points - before.get(name, 0) for name, points in self.rounds[number - 1].items()}

    def places(self) -> dict[str, int]:
        """Each player's place; sides tied in a group share it and the next place is skipped (1, 1, 3). A side is a
        player, or in a team game a team, whose members share its place: two teams of two are placed 1, 1, 2, 2."""
        side = {name: i for i, team in enumerate(self.teams) for name in team}
        out, place = {}, 1
        for group in self.ranking:
            out.update({name: place for name in group})
            place += len({side.get(name, name) for name in group})
        return out

    def tied_values(self) -> dict[str, int]:
        """The players tied on points with the winners, best first, each with the first value of their tie-break
        (empty when no winner, or nobody has a tie-break value): what the tie-break compared."""
        if not self.winners:
            return {}
        best = self.total(self.winners[0])
        values = {p.name: p.tiebreak[0] for p in self.players if p.tiebreak}
        return {name: values[name] for group in self.ranking for name in group
                if name in values and self.total(name) == best}

    def to_json(self) -> dict:
        """The scoreboard as plain JSON, the format `python -m scoring score` prints."""
        out = {
            "game": self.game,
            "players": [p.to_json() for p in self.players],
            "ranking": [list(group) for group in self.ranking],
            "winners": list(self.winners),
            "over": self.over,
        }
        if self.rounds:
            out["rounds"] = [dict(r) for r in self.rounds]
        if self.start:
            out["start"] = dict(self.start)
        if self.tiebreak_used:
            out["tiebreak_used"] = True
        if self.teams:
            out["teams"] = [list(team) for team in self.teams]
        if self.ended:
            out["ended"] = dict(self.ended)
        return out


def rank(keys: dict[str, tuple]) -> list[list[str]]:
    """Players grouped by place, best first: equal sort keys share a place (higher is better)."""
    ordered = sorted(keys, key=lambda name: keys[name], reverse=True)
    groups: list[list[str]] = []
    for name in ordered:
        if groups and keys[groups[-1][0]] == keys[name]:
            groups[-1].append(name)
        else:
            groups.append([name])
    return groups


def make_scoreboard(
    game: str,
    order: list[str],
    breakdowns: dict[str, Iterable[Line]],
    tiebreaks: dict[str, tuple] | None = None,
    rounds: list[dict] | None = None,
    over: bool = False,
    lower_wins: bool = False,
    start: dict | None = None,
    teams: list[list[str]] | None = None,
    ended: dict | None = None,
) -> Scoreboard:
    """Build a scoreboard from each player's breakdown; totals are the sums, ties broken by `tiebreaks`.

    `rounds` holds cumulative totals after each round (for the chart); `start` the totals before the first
    round when they are not 0 (e.g. starting money); `teams` the sides of a team game (each member's breakdown
    is the team's); `ended` why a finished game ended (`note_end`).
    """
    tiebreaks = tiebreaks or {}
    players = []
    for name in order:
        lines = tuple(breakdowns.get(name, ()))
        players.append(PlayerScore(name, sum(l.points for l in lines), lines, tuple(tiebreaks.get(name, ()))))
    sign = -1 if lower_wins else 1
    keys = {p.name: (sign * p.total, *p.tiebreak) for p in players}
    ranking = rank(keys)
    by_total = rank({p.name: (sign * p.total,) for p in players})
    used = bool(tiebreaks) and len(by_total[0]) > 1 and by_total[0] != ranking[0]
    return Scoreboard(
        game=game,
        players=tuple(players),
        ranking=tuple(tuple(g) for g in ranking),
        winners=tuple(ranking[0]) if ranking else (),
        rounds=tuple(rounds or ()),
        over=over,
        tiebreak_used=used,
        start=dict(start or {}),
        teams=tuple(tuple(team) for team in teams or ()),
        lower_wins=lower_wins,
        ended=dict(ended) if over and ended else None,
    )


def note_end(state: dict, key: str, **params: Any) -> None:
    """Keep why the game ends (a message key and its parameters: a target reached, the last round played, the
    table's `finish`) for the scoreboard's `ended`, which the end screen says under "Game over"."""
    state["ended"] = {"key": key, **params}


# between a correction's points before and after: U+2B62, in the app's symbol font (U+2192 "→" is in none of the
# page's fonts and showed as an empty box)
ARROW = "\u2b62"


def note_correction(state: dict, number: int, before: dict, after: dict) -> None:
    """Keep what a correction of round `number` changed, each player's points [before, after] where they differ
    (seat order), for the correction's log row (`Engine.logged`): read from the state after the whole log, so no
    row replays the log. Numbers, not words: the state is read by programs too (`python -m scoring view`)."""
    changes = {name: [before[name], after[name]] for name in state["players"] if before[name] != after[name]}
    state.setdefault("corrections", []).append({"round": number, "changes": changes})


def as_entered(state: dict, number: int, points: dict) -> dict:
    """Round `number`'s points as first entered, from `points`, its points now: each correction of it noted
    (`note_correction`) taken back, the latest first."""
    entered = dict(points)
    for kept in reversed(state.get("corrections", [])):
        if kept["round"] == number:
            entered.update({name: before for name, (before, _after) in kept["changes"].items()})
    return entered


def correction_words(changes: dict) -> dict[str, str]:
    """A correction's changes as its log row reads them: "5 ⭢ 7", a negative with the minus sign ("−2 ⭢ −5")."""
    return {name: f"{signed(before)} {ARROW} {signed(after)}" for name, (before, after) in changes.items()}


# ---------------------------------------------------------------------------------------------------------
# Randomness


def rng(seed: int, *salt: Any) -> random.Random:
    """A random generator fixed by the session seed and a salt (e.g. "deal", round): same inputs, same draws."""
    text = repr((int(seed), *salt)).encode("utf-8")
    return random.Random(int.from_bytes(hashlib.sha256(text).digest()[:8], "big"))


# ---------------------------------------------------------------------------------------------------------
# Engines

Move = Callable[[Any, dict, dict], Any]
STANDARD_FIELDS = frozenset({"type", "by", "at"})


@dataclass(frozen=True)
class MoveSpec:
    """What a declared move allows: who may make it, in which phases, with which fields, and how undo treats it."""

    kind: str
    fn: Move
    by: str = ANY
    phase: tuple | None = None
    fields: frozenset | None = None
    reveals: bool | str | Callable[[dict], bool] = False
    undoable: bool = True

    def actors(self, state: dict) -> list[str]:
        """Who may make this move at all: every seat, the table, or (ANY) the table on everyone's behalf."""
        return list(state["players"]) if self.by == PLAYER else [TABLE]

    def open_in(self, state: dict) -> bool:
        """Whether the move is allowed in the state's phase."""
        return self.phase is None or state.get("phase") in self.phase

    def shows_hidden(self, action: dict) -> bool:
        """Whether this action reveals hidden information, whatever the state (never for BY_STATE)."""
        if self.reveals == BY_STATE:
            return False
        return bool(self.reveals(action)) if callable(self.reveals) else bool(self.reveals)


def move(kind: str, by: str = ANY, phase: tuple | str | None = None, fields: Iterable[str] | None = None,
         reveals: bool | str | Callable[[dict], bool] = False, undoable: bool = True) -> Callable[[Move], Move]:
    """Declare an engine method as the move for actions of type `kind`, with who/phase/fields/reveal metadata."""
    phases = (phase,) if isinstance(phase, str) else (tuple(phase) if phase is not None else None)
    allowed = frozenset(fields) if fields is not None else None

    def mark(fn: Move) -> Move:
        fn._move = MoveSpec(kind, fn, by, phases, allowed, reveals, undoable)
        return fn

    return mark


def clone(value: Any) -> Any:
    """A deep copy of plain JSON-like data (dicts, lists, tuples, sets, scalars), several times faster than deepcopy:
    through `marshal` (about three times faster again than walking it in Python: every apply, `check` and
    `player_view` copies the state, and screens check the moves they offer), at format 2, which keeps no shared
    references (an object met twice is copied twice, as the walk copies it); data marshal does not take (a
    subclass, an object) is walked."""
    try:
        return marshal.loads(marshal.dumps(value, 2))
    except ValueError:
        return walked_clone(value)


def walked_clone(value: Any) -> Any:
    """`clone` by walking the data: dicts, lists and tuples copied item by item, anything else deep-copied."""
    kind = type(value)
    if kind is dict:
        return {k: walked_clone(v) for k, v in value.items()}
    if kind is list:
        return [walked_clone(v) for v in value]
    if kind in (str, int, float, bool) or value is None:
        return value
    if kind is tuple:
        return tuple(walked_clone(v) for v in value)
    if kind in (set, frozenset):
        return kind(value)
    return copy.deepcopy(value)


class Engine:
    """Base of every game engine: subclasses set `game`, declare moves with `@move(...)`, and score.

    The table's questions, answered for every game:
    - `check(state, action)`: the `RuleError` the action would meet, or None;
    - `prompt(state)`: what the table is waiting for now, first thing first — entries
      `{"by": seat or "table", "type": move, "choices": [partial actions] | None}` (None: free input), and a
      `"step"` where the game names which form of the move is awaited (Solar Storm's damage: the card or the Hull
      Breach's roll; the next-step line names it `<game>.move.<type>.<step>`);
      games narrow it with `offer`, and list after the others the moves `minor_now` (open, but not what the
      table waits for: the screen's next-step line names the first entry);
    - `player_view(state, seat)`: the state without what `seat` (None: the public table) may not see; games
      remove their secrets in `hide`;
    - `step(state, action)`: the new state and the events (side effects for the session layer, e.g. an alias
      learned from a ruling) the move returned;
    - `description(options)` and `chosen_options(options)`: the game's description and the options the table
      chose, as messages for the new-session screen and the game's screens.
    """

    game: Game
    specs: dict[str, MoveSpec] = {}
    moves: dict[str, Move] = {}
    minor: tuple = ()
    correction_key = "core.action.corrected"  # a correction's row with what it changed (`corrected`)
    said_elsewhere: tuple = ()  # options the game's screens say in words of their own (left out of `chosen_options`)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        collected: dict[str, MoveSpec] = {}
        for base in reversed(cls.__mro__):
            for attr in vars(base).values():
                spec = getattr(attr, "_move", None)
                if isinstance(spec, MoveSpec):
                    collected[spec.kind] = spec
        cls.specs = collected
        cls.moves = {kind: spec.fn for kind, spec in collected.items()}

    def new_state(self, players: list[str], options: dict | None = None, seed: int = 0) -> dict:
        """The state before the first action."""
        seated = self.game.check_players(players)
        opts = self.game.resolve_options(options)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RuleError("core.seed_invalid", seed=seed)
        state = {"players": seated, "options": opts, "seed": seed, "over": False}
        self.setup(state)
        return state

    def setup(self, state: dict) -> None:
        """Fill the game-specific part of a new state (in place)."""

    def option_applies(self, name: str, options: dict) -> bool:
        """Whether option name can apply beside the other options' choices and switches (a new-session form offers
        it only then, and starts it at its default otherwise); every option by default."""
        return True

    def unset_value(self, name: str, options: dict, players: list | None = None) -> Any:
        """What option name left at its default stands for beside the other options' choices and switches (Rummy's
        target 0 is the variant's target) and the players (None: not known yet; Bacon's target 0 is 8 with 4
        players), or None where the default is itself the value; {count: value} while the players fix none."""
        return None

    def player_span(self, options: dict) -> tuple[int, int]:
        """How many may sit down with these options: the game's range unless an option narrows it (Mighty Duel)."""
        return self.game.min_players, self.game.max_players

    def description(self, options: dict) -> dict:
        """The game's one-line description as a message (`{"key": …, **params}`) for these options; the plain
        `<game>.description` unless a game's options change what it says (Kingdomino's grid)."""
        return {"key": f"{self.game.id}.description"}

    def chosen_options(self, options: dict) -> list[dict]:
        """The options a table chose, as messages: each option that applies beside the others and is not at its
        default, in the game's order (a switch on by its name, a choice, a number or a list with its value, a
        typed text as the table's own), less those its screens say in words of their own (`said_elsewhere`).
        RULING (the table's choices stay in sight): what a plain game would play needs no word; what the table
        changed is said on the game's screens for as long as it is played, once."""
        return [chosen_option(self.game.id, opt, options[opt.name]) for opt in self.game.options
                if opt.name in options and options[opt.name] != opt.default and opt.name not in self.said_elsewhere
                and self.option_applies(opt.name, options)]

    # --- applying actions ---------------------------------------------------------------------------------

    def apply(self, state: dict, action: Any) -> dict:
        """The state after action; raises `RuleError` and leaves state untouched if the action is refused."""
        return self.step(state, action)[0]

    def step(self, state: dict, action: Any) -> tuple[dict, list[dict]]:
        """The state after action and the events its move returned; the input state is never changed."""
        new = clone(state)
        events = self.apply_in_place(new, action)
        return new, events

    def apply_in_place(self, state: dict, action: Any) -> list[dict]:
        """Apply an action to state itself and return its events; on `RuleError` the state may be half-changed
        (for replay, which owns its state)."""
        spec = self.check_action(state, action)
        self.before_move(state, action)
        events = spec.fn(self, state, action)
        return list(events or [])

    def check(self, state: dict, action: Any) -> RuleError | None:
        """The refusal the action would meet in this state, or None if it would be accepted (nothing changes)."""
        try:
            self.apply_in_place(clone(state), clone(action))
        except RuleError as err:
            return err
        return None

    def same_outcome(self, one: dict, other: dict) -> bool:
        """Whether two states are the same game for the table, so the order of two moves that led to them is no
        near-tie to rule on (`views.table_hub`); by default, equal states."""
        return one == other

    def before_move(self, state: dict, action: dict) -> None:
        """Reset what describes only the last action (e.g. its money events); nothing by default."""

    def check_action(self, state: dict, action: Any) -> MoveSpec:
        """The declared move of a well-formed action that the declaration allows now; else `RuleError`.

        Checked once here for every game: the action is an object of a known type from someone at the table,
        the game is not over, the actor is of the kind the move declares (a player or the table), the phase is
        one the move is declared for, and every field is one the move declares.
        """
        if not isinstance(action, dict):
            raise RuleError("core.action_not_object")
        kind = action.get("type")
        if not isinstance(kind, str) or kind not in self.specs:
            raise RuleError("core.action_unknown", type=str(kind)[:40])
        spec = self.specs[kind]
        by = action.get("by", TABLE)
        if not isinstance(by, str) or (by != TABLE and by not in state["players"]):
            raise RuleError("core.player_unknown", name=str(by)[:40])
        if state.get("over") and kind not in self.after_end_types():
            raise RuleError("core.game_over")
        if spec.by == PLAYER and by == TABLE:
            raise RuleError("core.player_only", move=kind, game=self.game.id)
        if spec.by == TABLE and by != TABLE:
            raise RuleError("core.table_only", move=kind, game=self.game.id)
        if not spec.open_in(state):
            raise RuleError("core.wrong_phase", move=kind, game=self.game.id, phase=self.phase_key(state.get("phase")))
        if spec.fields is not None:
            known_fields(action, STANDARD_FIELDS | spec.fields, kind, self.game.id)
        return spec

    def after_end_types(self) -> frozenset:
        """Action types still allowed after the game is over (none by default)."""
        return frozenset()

    # --- the table's questions ----------------------------------------------------------------------------

    def prompt(self, state: dict) -> list[dict]:
        """What the table is waiting for now: per seat (and the table) the moves it may make and their choices."""
        entries = []
        for kind, spec in self.specs.items():
            if state.get("over") and kind not in self.after_end_types():
                continue
            if not spec.open_in(state):
                continue
            for by in spec.actors(state):
                choices = self.offer(state, kind, by)
                if choices is not None and not choices:
                    continue
                entries.append({"by": by, "type": kind, "choices": choices})
        minor = self.minor_now(state)
        return sorted(entries, key=lambda entry: entry["type"] in minor)

    def minor_now(self, state: dict) -> tuple:
        """The move types open now that the table does not wait for (`minor`); a game may vary them by phase."""
        return self.minor

    def waiting_on(self, state: dict, prompt: list[dict]) -> list[str]:
        """The seats a prompt of `state` waits on, in its order: those with a move that is not minor now (all when
        every move is)."""
        minor = self.minor_now(state)
        awaited = [entry for entry in prompt if entry["type"] not in minor] or prompt
        return list(dict.fromkeys(entry["by"] for entry in awaited))

    def offer(self, state: dict, kind: str, by: str) -> list[dict] | None:
        """The finite choices of move `kind` for `by` now (partial actions), None for free input, [] for none."""
        return None

    def player_view(self, state: dict, seat: str | None) -> dict:
        """The state as `seat` may see it (None: the public table): secrets of others and the seed removed."""
        if seat is not None and seat not in state["players"]:
            raise RuleError("core.player_unknown", name=str(seat)[:40])
        view = clone(state)
        view.pop("seed", None)
        self.hide(view, seat)
        return view

    def hide(self, view: dict, seat: str | None) -> None:
        """Remove from a copy of the state what `seat` may not see (in place); nothing is secret by default."""

    # --- describing ---------------------------------------------------------------------------------------

    def scoreboard(self, state: dict) -> Scoreboard:
        """Totals, breakdowns, ranking and winners for the state."""
        raise NotImplementedError

    def phase_key(self, phase: str | None) -> str | None:
        """The message key of a bare phase name (`<game>.phase.<name>`)."""
        return None if phase is None else f"{self.game.id}.phase.{phase}"

    def move_phase(self, kind: str | None) -> str | None:
        """The bare phase name that is the move of this kind, so a line naming the move says the phase too (a
        header leaves it out: `views.session.said_once`): by default the phase of the move's own name (Splitter's
        "roll"); a game whose turn's phase is named otherwise says so (Nab-It!'s "turn" is its play)."""
        return kind

    def status(self, state: dict) -> dict:
        """What the header shows, the same six keys for every game: round, rounds, phase key and its parameters
        (`said`: Flip 7's players tied at the top, the points of Bacon's tied teams; {} by default), whose turn
        (nobody's once the game is over: a finished game's header named the player whose turn it would have been),
        over."""
        rounds, over = state.get("rounds"), bool(state.get("over"))
        return {"round": state.get("round"), "rounds": rounds if isinstance(rounds, int) else None,
                "phase": self.phase_key(state.get("phase")), "said": {}, "turn": None if over else state.get("turn"),
                "over": over}

    def describe(self, action: dict) -> tuple[str, dict]:
        """An action in words for the log: a message key `<game>.action.<type>` and its parameters."""
        params = {k: v for k, v in action.items() if k not in ("type", "at")}
        return f"{self.game.id}.action.{action['type']}", params

    def crew_result(self, state: dict) -> dict | None:
        """A finished cooperative game's end as short strings (a session summary keeps it): {"outcome": "won" or
        "lost", "why": a message key, and its parameters}; None for a game that is not cooperative or not over."""
        return None

    def logged(self, state: dict, action: dict, nth: int) -> tuple[str, dict]:
        """An action of the log in words with what it showed (the dice the app rolled), for the log's row and the
        "Done: …" of the one who played it; nth: which of its type it is in the log. `state` is the state after the
        whole log: an engine whose words depend on what an action showed keeps that in its state by the action's
        type and nth (no replay per row: the log is read on every tap); a correction says what it changed
        (`corrected`); by default as `describe` says it."""
        if action.get("type") == "correct":
            return self.corrected(state, action, nth)
        return self.describe(action)

    def corrected(self, state: dict, action: dict, nth: int) -> tuple[str, dict]:
        """The nth correction of the log with what it changed, as `note_correction` kept it: each player's points
        before ⭢ after ("Round 1 corrected: Ann 5 ⭢ 7"), or that no points changed; as `describe` says it in a
        game that keeps none."""
        key, params = self.describe(action)
        kept = state.get("corrections", [])
        if not 0 < nth <= len(kept):
            return key, params
        changes = kept[nth - 1]["changes"]
        words = self.correction_key if changes else f"{self.correction_key}_same"
        return words, {**params, "round": kept[nth - 1]["round"], "changes": correction_words(changes)}

    def completes(self, state: dict, action: dict) -> int | None:
        """The round a player's action recorded by being the last one the round waited for (a round game's own
        lines, Bacon's last "out" tap, Splitter's last write or finished sheet), given `state`, the state just after
        it; None for any other action (by default every action)."""
        return None

    def reveals(self, action: Any, before: dict | None = None) -> bool:
        """Whether the action shows hidden information (a shuffle, a roll, a reveal): undoing it needs consent.
        For a move declared BY_STATE it depends on `before`, the state the action was applied to (without it:
        False); the move returns REVEALED when it shows something."""
        spec = self.specs.get(action.get("type")) if isinstance(action, dict) else None
        if spec is None:
            return False
        if spec.reveals != BY_STATE:
            return spec.shows_hidden(action)
        if before is None:
            return False
        try:
            return REVEALED in self.step(before, action)[1]
        except RuleError:
            return False

    def undoable(self, action: Any) -> bool:
        """Whether the table may undo this action at all."""
        spec = self.specs.get(action.get("type")) if isinstance(action, dict) else None
        return spec is None or spec.undoable


# ---------------------------------------------------------------------------------------------------------
# Checks that moves share (each refuses with the game's own message key)


def known_fields(part: dict, allowed: Iterable[str], kind: str, game: str) -> None:
    """Refuse a part of move `kind` of a game carrying a field the move does not know (the first such, by name)."""
    unknown = set(part).difference(allowed)
    if unknown:
        raise RuleError("core.field_unknown", move=kind, game=game, field=min(map(str, unknown))[:40])


def each_player(state: dict, given: Any, given_key: str, entry_key: str, check: Callable[[str, Any], Any]) -> dict:
    """`check(player, value)` per seat; refuses a non-dict (given_key), strangers, a player left out (entry_key)."""
    if not isinstance(given, dict):
        raise RuleError(given_key)
    for name in given:
        if name not in state["players"]:
            raise RuleError("core.player_unknown", name=str(name))
    checked = {}
    for name in state["players"]:
        if name not in given:
            raise RuleError(entry_key, name=name)
        checked[name] = check(name, given[name])
    return checked


# ---------------------------------------------------------------------------------------------------------
# Registry

_GAMES: dict[str, Engine] = {}
_LOADED = False


def register(engine_cls: type[Engine]) -> type[Engine]:
    """Class decorator: make an engine findable by its game id."""
    gid = engine_cls.game.id
    if gid in _GAMES and type(_GAMES[gid]) is not engine_cls:
        raise ValueError(f"two engines for game {gid}")
    _GAMES[gid] = engine_cls()
    return engine_cls


def engine(game_id: str) -> Engine:
    """The engine of a game id."""
    _load_games()
    if game_id not in _GAMES:
        raise RuleError("core.game_unknown", game=str(game_id))
    return _GAMES[game_id]


def game_name(lang: str, game_id: str) -> str:
    """A game's name in lang (English where it has none in lang; the id of a game this version does not have)."""
    try:
        named = engine(game_id).game.names
    except RuleError:
        return game_id
    return named.get(lang) or named.get("en") or game_id


def cooperative(game_id: str) -> bool:
    """Whether a game is cooperative (`Game.cooperative`; False for an id no engine knows)."""
    _load_games()
    return game_id in _GAMES and _GAMES[game_id].game.cooperative


def titled(game_id: str) -> bool:
    """Whether a session's title names the game it keeps score for (`Game.titled`; False for an id no engine
    knows)."""
    _load_games()
    return game_id in _GAMES and _GAMES[game_id].game.titled


def games() -> list[Game]:
    """Every registered game, in id order."""
    _load_games()
    return [_GAMES[g].game for g in sorted(_GAMES)]


def _load_games() -> None:
    """Import every module under scoring.games once, so each registers itself."""
    global _LOADED
    if _LOADED:
        return
    import importlib
    import pkgutil

    from scoring import games as package

    for info in pkgutil.iter_modules(package.__path__):
        if not info.name.startswith("_"):
            importlib.import_module(f"scoring.games.{info.name}")
    _LOADED = True
