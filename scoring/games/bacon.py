"""Bacon (Sean Ross, Allplay): fixed partnerships, the finishing order of each deal, team totals, the referee.

Teams sit in alternating seats: with 4 players seats 1+3 and 2+4, with 6 players seats 1+3+5 and 2+4+6
(team = seat index % 2). Combinations are judged by `validators/cards.py`.

Actions:
- `dealer` by the table: `{"player": name}` — who deals the first deal (before it; by default a seeded draw).
- `deal` by the table: `{"order": [names in the order they went out], "round": n}` — `round` (the deal being
  played) is optional: the app sends it, older logs do not; a deal naming another deal than the one being played
  is refused as a late tap is (`bacon.out_round`), and the log names the deal by it (`bacon.action.deal_of`).
- `out` by a player: `{"round": n}` — the player went out of deal n, tapped on their own phone [ruling]. The
  finishing order is the order the server receives the taps (two taps within a moment of each other are a
  near-tie the referee rules on, `views.table_hub`). Once a whole team is out, the deal is recorded with that order
  exactly as the table's `deal` with it would be; in an extra deal the first player out ends it. A player already
  out is refused (`bacon.out_already`), and so is a tap for another deal than the one being played
  (`bacon.out_round`: a late tap after the deal was recorded). The table's `deal` wins and drops the taps; the
  taps so far are public (`state["out"]`). A correction of an earlier deal leaves them. A deal the taps recorded
  is a deal entered (`rounds_entered`), so an order the table's form had begun for it is not then recorded as the
  next deal: the form says the deal was entered on another screen, as a round game's does.
- `correct` by the table: `{"round": n, "order": [...]}` — replaces deal n's finishing order (written wrong); the
  log keeps both, and the deals after it are replayed (see Rulings); its log row names the new order. The
  scoreboard's `ended` says why the game ended: a team at the target, the deal limit, or an extra deal won.
- `ruling` by anyone: `{"table": [cards], "played": [cards], "table_type": optional type}` — a referee check the
  table wants on record (cards as rank+suit, wilds "X"); state["rulings"] keeps each check: who asked, the deal,
  the cards ("table", "played") and the verdict ("beats", "reason", "table_reading", "played_reading"), so the
  dispute replays. `referee()` gives the same verdict without recording it.

Scoring [seed]: only the team of the first player out scores, by where its other members finish: with 4
players 2nd/3rd/4th → 4/2/1; with 6 players 2nd…6th → 8/4/2/1/0, summed over the teammates.

Rulings:
- A deal ends when every member of one team is out; the order must reach that point (players still holding
  cards may be left out or listed last in any order). A teammate of the first player who is not listed finishes
  after everyone listed (with 6 players the two places left give 1 + 0 whichever way round).
- Options `target` and `deal_limit` (0 = by player count [RULINGS §8], `unset_value`: 4 players 8 points or 8
  deals, 6 players 24 points or 6 deals). The game ends after the deal in which a team reaches the target, or
  after the last deal; the team ahead wins. Tied after the last deal: extra deals, each ending as soon as someone
  goes out — that player's team wins (an extra deal scores no points; the win shows as the tiebreak), so an extra
  deal's order needs only the first player.
- "The leading team wins at once in the last deal" needs no rule here: the first-out team always scores at least
  1, so a leading or tied team going out first wins the count too.
- Next dealer [seed]: the next player clockwise after the last dealer who belongs to the team that scored in the
  last deal (the first-out team; a tied score cannot happen since only one team scores). The first dealer is
  drawn with the session seed unless the table names one.

The table's questions: `prompt` offers the deal's finishing order first, each player's `out` (one choice, the deal
being played) until they are out, the first dealer (one of the players) before the first deal, corrections (once
a deal is in) and referee checks as typed input; nothing is secret
(`player_view` drops only the seed). The deal leads [ruling]: the first dealer is drawn, so naming another is a
choice the table may make, not the step it waits for (the screen's "next" line read "choose the dealer" after
the table had chosen one).

Corrections [ruling]:
- A correction replaces one deal's finishing order, judged like a new one (a whole team must be out). Its dealer
  stays (earlier deals chose it); every later deal keeps its order and is replayed: points follow the orders as
  before, the dealers follow the new chain (the next dealer belongs to the team that scored), and the end is
  checked after each deal again.
- A correction after which the game would have ended before the last deal entered (a team at the target, or the
  deal limit reached with a team ahead) is refused, `bacon.correction_ends_early`: the later deals could not have
  been played, so undo back to the deal instead. Ending at the last deal entered is accepted and ends the game;
  a tie after the last normal deal still leads to an extra deal. (An extra deal ends the game, so it is never
  corrected: corrections, like every move, are refused once the game is over.)
- Teams, the first dealer and the referee's rulings are not changed by a correction.
"""

from __future__ import annotations

from scoring.core import (INT, PLAYER, TABLE, Engine, Game, Line, Option, RuleError, make_scoreboard, move,
                          note_end, register, rng)
from scoring.mechanics.own_lines import for_round
from validators.cards import WILD, beats, classify

TEAMS = 2
WILD_NAME = "bacon.card.wild"  # the message key a Wild card is named by in words
POINTS = {4: [4, 2, 1], 6: [8, 4, 2, 1, 0]}
DEFAULT_TARGET = {4: 8, 6: 24}
DEFAULT_DEALS = {4: 8, 6: 6}


def team_of(state: dict, name: str) -> int:
    """The team (0 or 1) of a seated player."""
    return state["players"].index(name) % TEAMS


def members(state: dict, team: int) -> list[str]:
    """The players of a team in seat order."""
    return [p for i, p in enumerate(state["players"]) if i % TEAMS == team]


def mate_places(state: dict, order: list[str]) -> list[tuple[str, int | None, int]]:
    """Each teammate of the first player out, in seat order: (name, place, points); a teammate the order leaves
    out has no place (None) and takes a place after everyone listed, in seat order (with 6 players the two places
    left give 1 + 0 whichever way round)."""
    table = POINTS[len(state["players"])]
    mates = [p for p in members(state, team_of(state, order[0])) if p != order[0]]
    unlisted = iter(range(len(order) + 1, len(state["players"]) + 1))
    return [(p, order.index(p) + 1, table[order.index(p) - 1]) if p in order else (p, None, table[next(unlisted) - 2])
            for p in mates]


def deal_params(state: dict, deal: dict, number: int) -> dict:
    """A deal's breakdown line's parameters: its number, who went out first and, for a scored deal, where each
    teammate finished and what that is worth (`mates`: messages), so the line says where its points come from
    [RULINGS §8]. Teammates not listed are named together as not out, with their points summed: which of them
    would have finished first is not known [ruling]."""
    params = {"deal": number, "first": deal["order"][0]}
    if deal["extra"]:
        return params
    places = mate_places(state, deal["order"])
    mates = [{"key": "bacon.line.mate", "name": p, "place": place, "points": points}
             for p, place, points in places if place is not None]
    left = [(p, points) for p, place, points in places if place is None]
    if left:
        mates.append({"key": "bacon.line.mates_left", "names": [p for p, _ in left],
                      "points": sum(points for _, points in left)})
    return {**params, "mates": mates}


def referee(table: list, played: list, table_type: str | None = None) -> dict:
    """The referee's verdict: whether the play beats the table, why (key + params), and both piles' best readings
    ("table_reading", "played_reading": a combination as JSON, or None for an empty table)."""
    ok, reason = beats(table, played, table_type)
    best_table = classify(table) if table else None
    best_played = classify(played)
    return {"beats": ok, "reason": reason,
            "table_reading": best_table.to_json() if best_table else None,
            "played_reading": best_played.to_json() if best_played else None}


@register
class Bacon(Engine):
    """Bacon deals: finishing orders to team points, the target or deal limit, extra deals, the dealer."""

    minor = ("dealer",)
    game = Game(
        id="bacon",
        names={"en": "Bacon", "zh-CN": "培根"},
        min_players=4,
        max_players=6,
        player_counts=tuple(POINTS),
        options=(
            Option("target", 0, INT, minimum=0, maximum=1000),
            Option("deal_limit", 0, INT, minimum=0, maximum=100),
        ),
    )

    def setup(self, state: dict) -> None:
        """Teams by seat, no deals, a seeded first dealer."""
        count = len(state["players"])
        if count not in POINTS:
            raise RuleError("bacon.player_count", count=count)
        opts = state["options"]
        state["target"] = opts["target"] or self.unset_value("target", opts, state["players"])
        state["deal_limit"] = opts["deal_limit"] or self.unset_value("deal_limit", opts, state["players"])
        state["deals"] = []
        state["out"] = []
        state["rulings"] = []
        state["dealer"] = state["players"][rng(state["seed"], "first_dealer").randrange(count)]
        state["dealer_chosen"] = False
        state["phase"] = "deal"
        state["winner_team"] = None

    def unset_value(self, name: str, options: dict, players: list | None = None) -> int | dict | None:
        """A target or deal limit of 0 is the player count's [RULINGS §8]: 8 points or 8 deals with 4 players, 24
        points or 6 deals with 6; each count's value while the players (none given, or 5) fix none."""
        values = {"target": DEFAULT_TARGET, "deal_limit": DEFAULT_DEALS}.get(name)
        return None if values is None else values.get(len(players or ()), dict(values))

    @move("dealer", by=TABLE, phase=("deal",), fields=("player",))
    def choose_dealer(self, state: dict, action: dict) -> None:
        """The table names the first dealer."""
        if state["deals"]:
            raise RuleError("bacon.dealer_after_start")
        name = action.get("player")
        if name not in state["players"]:
            raise RuleError("core.player_unknown", name=str(name))
        state["dealer"] = name
        state["dealer_chosen"] = True

    @move("deal", by=TABLE, phase=("deal", "extra"), fields=("order", "round"))
    def add_deal(self, state: dict, action: dict) -> None:
        """Record one deal from its finishing order (players' taps of going out are dropped)."""
        for_round(action, len(state["deals"]) + 1, "bacon.out_round", required=False)
        self._add(state, action.get("order"))
        state["out"] = []

    @move("out", by=PLAYER, phase=("deal", "extra"), fields=("round",))
    def went_out(self, state: dict, action: dict) -> None:
        """A player went out of the deal being played; the deal is recorded once a whole team is out (in an extra
        deal, at the first)."""
        for_round(action, len(state["deals"]) + 1, "bacon.out_round", required=True)
        by = action["by"]
        if by in state["out"]:
            raise RuleError("bacon.out_already", name=by)
        out = [*state["out"], by]
        if state["phase"] == "extra" or any(set(members(state, t)) <= set(out) for t in range(TEAMS)):
            self._add(state, out)
            out = []
        state["out"] = out

    @move("correct", by=TABLE, phase=("deal", "extra"), fields=("round", "order"))
    def correct(self, state: dict, action: dict) -> None:
        """Replace deal n's order (the log keeps both) and replay the deals after it on the new dealer chain."""
        number = action.get("round")
        deals = state["deals"]
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(deals):
            raise RuleError("bacon.round_unknown", round=str(number)[:20])
        orders = [d["order"] for d in deals]
        orders[number - 1] = action.get("order")
        state.update(deals=deals[:number - 1], dealer=deals[number - 1]["dealer"], phase="deal")
        self._check_end(state, None)
        for index in range(number - 1, len(orders)):
            if state["over"]:
                raise RuleError("bacon.correction_ends_early", round=number, deal=index)
            self._add(state, orders[index])

    def _add(self, state: dict, given) -> None:
        """Score one deal's order, pass the deal on and check the end."""
        order = self._check_order(state, given)
        first = order[0]
        team = team_of(state, first)
        extra = state["phase"] == "extra"
        if extra:
            entry = {"order": order[:1], "dealer": state["dealer"], "team": team, "points": 0, "extra": True}
        else:
            self._check_ended(state, order)
            entry = {"order": order, "dealer": state["dealer"], "team": team,
                     "points": self._points(state, order), "extra": False}
        state["deals"].append(entry)
        state["dealer"] = self._next_dealer(state, team)
        self._check_end(state, team if extra else None)

    @move("ruling", fields=("table", "played", "table_type"))
    def ruling(self, state: dict, action: dict) -> None:
        """Record a referee check the table asked for."""
        table, played = action.get("table", []), action.get("played")
        verdict = referee(table, played, action.get("table_type"))
        state["rulings"].append({"by": action.get("by", TABLE), "table": list(table), "played": list(played),
                                 "deal": len(state["deals"]) + 1, **verdict})

    def describe(self, action: dict) -> tuple[str, dict]:
        """An action in words; a numbered deal by its number; a ruling's Wild cards by their name
        (`bacon.card.wild`), not their code "X"; a ruling on a lead as one ("7B on " read as if cards were missing)."""
        key, params = super().describe(action)
        if action.get("type") == "deal" and "round" in params:
            return f"{key}_of", params
        if action.get("type") == "ruling":
            for side in ("table", "played"):
                if isinstance(params.get(side), list):
                    params[side] = [WILD_NAME if card == WILD else card for card in params[side]]
            if not params.get("table"):
                return f"{key}_lead", params
        return key, params

    def _check_order(self, state: dict, order) -> list[str]:
        """A finishing order of known players, none twice, at least one."""
        if not isinstance(order, list) or not order:
            raise RuleError("bacon.order_missing")
        seen = set()
        for name in order:
            if name not in state["players"]:
                raise RuleError("core.player_unknown", name=str(name))
            if name in seen:
                raise RuleError("bacon.player_twice", name=name)
            seen.add(name)
        return list(order)

    def _check_ended(self, state: dict, order: list[str]) -> None:
        """Refuse an order in which no whole team has gone out."""
        out = set(order)
        if not any(set(members(state, t)) <= out for t in range(TEAMS)):
            raise RuleError("bacon.deal_unfinished")

    def _points(self, state: dict, order: list[str]) -> int:
        """The first-out team's points from where its other members finished."""
        return sum(points for _, _, points in mate_places(state, order))

    def _next_dealer(self, state: dict, team: int) -> str:
        """The next player clockwise after the dealer who is on the given team."""
        seats = state["players"]
        start = seats.index(state["dealer"])
        for step in range(1, len(seats) + 1):
            name = seats[(start + step) % len(seats)]
            if team_of(state, name) == team:
                return name
        raise AssertionError("every team has a player")

    def _check_end(self, state: dict, extra_winner: int | None) -> None:
        """Over at the target, after the last deal unless tied, or when an extra deal is won."""
        totals = self.team_totals(state)
        normal = sum(1 for d in state["deals"] if not d["extra"])
        if extra_winner is not None:
            winner = extra_winner
            note_end(state, "bacon.ended.extra", names=members(state, winner))
        elif max(totals) >= state["target"]:
            winner = 0 if totals[0] > totals[1] else 1
            note_end(state, "core.ended.target", names=members(state, winner), target=state["target"])
        elif normal >= state["deal_limit"] and totals[0] != totals[1]:
            winner = 0 if totals[0] > totals[1] else 1
            note_end(state, "bacon.ended.deals", round=normal, rounds=state["deal_limit"])
        else:
            if normal >= state["deal_limit"]:
                state["phase"] = "extra"
            return
        state["winner_team"] = winner
        state["over"] = True
        state["phase"] = "over"

    def team_totals(self, state: dict) -> list[int]:
        """Each team's points so far."""
        totals = [0] * TEAMS
        for deal in state["deals"]:
            totals[deal["team"]] += deal["points"]
        return totals

    def rounds_entered(self, state: dict) -> int:
        """How many deals are recorded (by the table's `deal` or completed from players' `out` taps)."""
        return len(state["deals"])

    def completes(self, state: dict, action: dict) -> int | None:
        """The deal a player's `out` tap recorded, given `state` just after it: the tap that put a whole team out
        (in an extra deal, the first) leaves no taps waiting; undone, the deal goes back to waiting for it."""
        number = action.get("round")
        recorded = action.get("type") == "out" and not state["out"] and number == self.rounds_entered(state)
        return number if recorded else None

    def status(self, state: dict) -> dict:
        """Header: the deal being played (the last once over), the deal limit, the dealer; in an extra deal the
        points both teams are tied at. An extra deal is past the limit, so it is numbered alone [ruling]: "Deal 3 of
        2" read oddly."""
        done = len(state["deals"])
        number = done if state["over"] else done + 1
        said = {"points": self.team_totals(state)[0]} if state["phase"] == "extra" else {}
        return {**super().status(state), "round": number, "said": said,
                "rounds": state["deal_limit"] if number <= state["deal_limit"] else None,
                "turn": None if state["over"] else state["dealer"]}

    def offer(self, state: dict, kind: str, by: str) -> list | None:
        """The first dealer is one of the players, before the first deal; orders, corrections (once a deal is
        in) and rulings are typed."""
        if kind == "dealer":
            return [{"player": p} for p in state["players"]] if not state["deals"] else []
        if kind == "correct" and not state["deals"]:
            return []
        if kind == "out":
            return [] if by in state["out"] else [{"round": len(state["deals"]) + 1}]
        return None

    def scoreboard(self, state: dict):
        """Each player shows the team's deals; an extra-deal win is the tiebreak; cumulative totals per deal."""
        lines = {p: [] for p in state["players"]}
        cumulative, running = [], {p: 0 for p in state["players"]}
        for index, deal in enumerate(state["deals"]):
            key = "bacon.line.extra" if deal["extra"] else "bacon.line.deal"
            for p in members(state, deal["team"]):
                lines[p].append(Line(key, deal["points"], deal_params(state, deal, index + 1)))
                running[p] += deal["points"]
            cumulative.append(dict(running))
        tiebreaks = None
        if any(d["extra"] for d in state["deals"]):
            tiebreaks = {p: (int(team_of(state, p) == state["winner_team"]),) for p in state["players"]}
        return make_scoreboard("bacon", state["players"], lines, tiebreaks=tiebreaks, rounds=cumulative,
                               over=state["over"], teams=[members(state, t) for t in range(TEAMS)],
                               ended=state.get("ended"))
