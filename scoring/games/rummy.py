"""Rummy, 500 and basic: what everyone melded, laid off and still held at the end of a round, checked and scored.

Cards are rank + suit ("AS", "10H", "QC", "7D"); meld checks live in `validators/cards.py`.

Actions:
- `round` by the table: `{"lines": {player: {"melds": [[cards], ...], "laid_off": [cards], "hand": [cards]}},
  "stock_out": bool}` — a line for every player; `stock_out` when the round ended because the stock ran out.

Scoring [seed, RULINGS §9]: 2–9 face value (5 each with `simple_scoring`), 10/J/Q/K 10, ace 15, or 1 when
low (5 when low with `simple_scoring`).
- 500 Rummy: each player scores the cards they melded or laid off minus the cards left in hand.
- Basic Rummy: the round winner scores the total of the other hands; when the stock ran out, the winner's own
  hand value is first subtracted from each other hand. With `penalty_scoring` every player instead scores minus
  their own hand (a penalty).

Rulings:
- Aces: in 500 Rummy an ace is high or low (A-2-3 or Q-K-A, never K-A-2) and counts 1 only when it sits low in a
  run, else 15; with `low_aces`, and always in basic Rummy, an ace is only low (A-2-3) and counts 1.
- Every card appears once across all lines (one 52-card deck). Each meld must be valid on its own; the laid-off
  cards must all fit onto the round's melds (anyone's), in some order, with every meld still valid.
- Without `stock_out` exactly one player went out (an empty hand). With it the lowest hand wins the basic
  round; tied winners split the points (rounded down). In 500 Rummy the stock running out changes nothing but
  that nobody needs to have gone out.
- `one_meld_per_turn` can only be checked in part at a score pad: a player who laid off cards must have melded
  that round; one meld per turn is the table's to watch.
- `penalty_scoring` belongs to basic Rummy; with 500 Rummy it is refused.
- Option `target` (0 = the variant's default: 500 for 500 Rummy, 100 for basic): the game ends after a round
  in which someone reaches it (with penalty scoring: someone's penalty reaches it); the highest total wins, ties
  share.
"""

from __future__ import annotations

from scoring.core import BOOL, CHOICE, INT, Engine, Game, Line, Option, RuleError, by_table, each_player, \
    make_scoreboard, move, register
from validators.cards import lay_off, meld, parse_rummy, rummy_code

DEFAULT_TARGET = {"500": 500, "basic": 100}


def card_value(card: str, low: bool, simple: bool) -> int:
    """The points of one card; `low` says an ace counts low."""
    rank, _ = parse_rummy(card)
    if rank == 1:
        return (5 if simple else 1) if low else 15
    if rank >= 10:
        return 10
    return 5 if simple else rank


def _cards(name: str, value) -> list[str]:
    """A list of card codes in canonical form, or `RuleError`."""
    if not isinstance(value, list):
        raise RuleError("rummy.line_invalid", name=name)
    return [rummy_code(c) for c in value]


@register
class Rummy(Engine):
    """500 Rummy and basic Rummy rounds: checked melds, lay-offs and hands; scores to the target."""

    game = Game(
        id="rummy",
        names={"en": "Rummy", "zh-CN": "拉米"},
        min_players=2,
        max_players=4,
        options=(
            Option("variant", "500", CHOICE, choices=("500", "basic")),
            Option("simple_scoring", False, BOOL),
            Option("low_aces", False, BOOL),
            Option("penalty_scoring", False, BOOL),
            Option("one_meld_per_turn", False, BOOL),
            Option("target", 0, INT, minimum=0, maximum=10_000),
        ),
    )

    def setup(self, state: dict) -> None:
        """No rounds yet; the target resolved from the variant."""
        opts = state["options"]
        if opts["penalty_scoring"] and opts["variant"] != "basic":
            raise RuleError("rummy.penalty_needs_basic")
        state["target"] = opts["target"] or DEFAULT_TARGET[opts["variant"]]
        state["rounds"] = []
        state["phase"] = "rummy.phase.playing"

    def aces_high(self, state: dict) -> bool:
        """Whether an ace may be high (500 Rummy without low aces)."""
        return state["options"]["variant"] == "500" and not state["options"]["low_aces"]

    @move("round")
    def add_round(self, state: dict, action: dict) -> None:
        """Record one round: every line checked, the cards unique, lay-offs placed, scores computed."""
        by_table(action, "rummy.table_only")
        checked = each_player(state, action.get("lines"), "rummy.lines_missing", "rummy.line_missing",
                              lambda name, line: self._check_line(state, name, line))
        self._check_unique(checked)
        groups = self._check_lay_offs(state, checked)
        stock_out = bool(action.get("stock_out", False))
        out = [n for n in state["players"] if not checked[n]["hand"]]
        if len(out) > 1:
            raise RuleError("rummy.two_out", names=out)
        if not out and not stock_out:
            raise RuleError("rummy.nobody_out")
        scores = self._score(state, checked, groups, stock_out)
        state["rounds"].append({"lines": checked, "stock_out": stock_out, "scores": scores})
        self._check_end(state)

    def _check_line(self, state: dict, name: str, line) -> dict:
        """One player's line with canonical cards and valid melds."""
        if not isinstance(line, dict):
            raise RuleError("rummy.line_missing", name=name)
        melds = line.get("melds", [])
        if not isinstance(melds, list):
            raise RuleError("rummy.line_invalid", name=name)
        melds = [_cards(name, m) for m in melds]
        for cards in melds:
            if not meld(cards, self.aces_high(state)):
                raise RuleError("rummy.meld_invalid", name=name, cards=cards)
        laid_off = _cards(name, line.get("laid_off", []))
        if laid_off and not melds and state["options"]["one_meld_per_turn"]:
            raise RuleError("rummy.lay_off_without_meld", name=name)
        return {"melds": melds, "laid_off": laid_off, "hand": _cards(name, line.get("hand", []))}

    def _check_unique(self, checked: dict) -> None:
        """Refuse a card that appears twice anywhere in the round."""
        seen = {}
        for name, line in checked.items():
            for card in [c for m in line["melds"] for c in m] + line["laid_off"] + line["hand"]:
                if card in seen:
                    raise RuleError("rummy.card_twice", card=card, names=sorted({seen[card], name}))
                seen[card] = name

    def _check_lay_offs(self, state: dict, checked: dict) -> list[list[str]]:
        """The round's melds with every laid-off card placed; refuses the first player whose cards do not fit."""
        melds = [m for line in checked.values() for m in line["melds"]]
        extras = []
        for name, line in checked.items():
            extras += line["laid_off"]
            groups = lay_off(melds, extras, self.aces_high(state))
            if groups is None:
                raise RuleError("rummy.lay_off_invalid", name=name, cards=line["laid_off"])
        return lay_off(melds, extras, self.aces_high(state))

    def _score(self, state: dict, checked: dict, groups: list[list[str]], stock_out: bool) -> dict:
        """Each player's round score: {"melded", "hand", "points"}."""
        opts = state["options"]
        simple = opts["simple_scoring"]
        low_always = not self.aces_high(state)
        low_in_meld = {c for g in groups if meld(g, self.aces_high(state))["low_ace"] for c in g}
        hands = {n: sum(card_value(c, low_always, simple) for c in line["hand"]) for n, line in checked.items()}
        if opts["variant"] == "500":
            out = {}
            for name, line in checked.items():
                played = [c for m in line["melds"] for c in m] + line["laid_off"]
                melded = sum(card_value(c, low_always or c in low_in_meld, simple) for c in played)
                out[name] = {"melded": melded, "hand": hands[name], "points": melded - hands[name]}
            return out
        if opts["penalty_scoring"]:
            return {n: {"melded": 0, "hand": hands[n], "points": -hands[n]} for n in checked}
        best = min(hands.values())
        winners = [n for n in checked if hands[n] == best]
        subtract = best if stock_out else 0
        pot = sum(hands[n] - subtract for n in checked if n not in winners) // len(winners)
        return {n: {"melded": 0, "hand": hands[n], "points": pot if n in winners else 0} for n in checked}

    def _check_end(self, state: dict) -> None:
        """Over after a round in which someone reached the target (a penalty reaching it, with penalties)."""
        totals = self.totals(state).values()
        reached = (min(totals) <= -state["target"]) if state["options"]["penalty_scoring"] \
            else (max(totals) >= state["target"])
        if reached:
            state["over"] = True
            state["phase"] = "rummy.phase.over"

    def totals(self, state: dict) -> dict:
        """Each player's total so far."""
        return {p: sum(r["scores"][p]["points"] for r in state["rounds"]) for p in state["players"]}

    def status(self, state: dict) -> dict:
        """Header: the round being entered (the last one once over)."""
        done = len(state["rounds"])
        return {"round": done if state["over"] else done + 1, "rounds": None, "phase": state["phase"],
                "turn": None, "over": state["over"]}

    def scoreboard(self, state: dict):
        """A line per round per player with melded and hand values; cumulative totals per round."""
        opts = state["options"]
        key = "rummy.line.500" if opts["variant"] == "500" else \
            "rummy.line.penalty" if opts["penalty_scoring"] else "rummy.line.basic"
        lines = {p: [] for p in state["players"]}
        cumulative, running = [], {p: 0 for p in state["players"]}
        for index, rnd in enumerate(state["rounds"]):
            for p in state["players"]:
                score = rnd["scores"][p]
                lines[p].append(Line(key, score["points"], {"round": index + 1, "melded": score["melded"],
                                                            "hand": score["hand"]}))
                running[p] += score["points"]
            cumulative.append(dict(running))
        return make_scoreboard("rummy", state["players"], lines, rounds=cumulative, over=state["over"])
