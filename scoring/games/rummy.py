"""Rummy, 500 and basic: what everyone melded, laid off and still held at the end of a round, checked and scored.

Cards are rank + suit ("AS", "10H", "QC", "7D"); meld checks live in `validators/cards.py`.

Actions:
- `round` by the table: `{"lines": {player: {"melds": [[cards], ...], "laid_off": [cards], "hand": [cards]}},
  "stock_out": bool}` — a line for every player; `stock_out` when the round ended because the stock ran out.
  Optionally `"round": n`, the round it is entered as (the app sends it): refused unless it is the round being
  entered (`rummy.line_round`), and the log names that round and each player's points for it as entered, in the
  score pad's words ("Round 8 scores: A 7, B 4"; a round completed from players' lines is not a `round` action).
- `line` by a player: `{"round": n, "line": line}` — the player's own melds, lay-offs and hand for the round being
  entered, given on their own phone [ruling]. The line is checked alone when given (cards, no card twice in it,
  each meld valid, the lay-off rule of `one_meld_per_turn`), then against the lines the other players have given
  so far: a card already in another given line is refused to the player giving it, naming whose line holds it
  (`rummy.card_held`; the line given first stays). Lines wait until every player has given one, and the last one
  records the round, checked as a whole as the table's `round` is (the lay-offs placed together, at most one
  player out). The stock ran out exactly when nobody's hand is empty (a round ends either way) [ruling]. If the
  whole is refused, the last line is refused with the rule that fails and the others stay given; a laid-off ace
  that could go low or high is refused as `rummy.line_lay_off_ambiguous` (a phone does not ask where it went):
  the referee or the host fills the round from the lines given and says which meld it went onto. A line for
  another round than the one being entered is refused; the table's own `round` wins and drops the lines given;
  given lines are public (melds are on the table; a hand is shown when the round is scored).

Scoring [seed, RULINGS §9]: 2–9 face value (5 each with `simple_scoring`), 10/J/Q/K 10, ace 15, or 1 when
low (5 when low with `simple_scoring`).
- 500 Rummy: each player scores the cards they melded or laid off minus the cards left in hand.
- Basic Rummy: the round winner scores the total of the other hands; when the stock ran out, the winner's own
  hand value is first subtracted from each other hand. With `penalty_scoring` every player instead scores minus
  their own hand (a penalty).

Rulings:
- Aces: in 500 Rummy an ace is high or low (A-2-3 or Q-K-A, never K-A-2) and counts 1 only when it sits low in a
  run, else 15; with `low_aces`, and always in basic Rummy, an ace is only low (A-2-3) and counts 1.
- Every card appears once across all lines (one 52-card deck); a card twice in one line is refused naming that
  line's player alone. Refusals name cards as the screen does, suit as a sign ("7♥ 8♠ 9♥", `card_name`), in both
  languages; such a name reads back as its code (`rummy_code("A♥")` is "AH"). Each meld must be valid on its own;
  the laid-off cards of all players together must fit onto the round's melds (anyone's), in some order, with
  every meld still valid — judged for the whole round at once, so who sits where never decides it (a melds 3S 4S
  5S and lays off 7S, b lays off 6S: accepted in any seat order).
- Where a laid-off card went: a line may say it, `{"card": "AS", "onto": "2S"}` (onto = a card of that meld).
  An ace that could go low on a run (worth 1) or high elsewhere (worth 15) must say where: unsaid, the round is
  refused `rummy.lay_off_ambiguous` and the view asks; the score follows where it went.
- A line with a field other than melds, laid_off, hand and in_one_go is refused naming the field.
- Going rummy [ruling, Hoyle's basic Rummy; our source text has no such bonus, so it is the option `going_rummy`,
  off by default]: a player who goes out by melding their whole hand in one turn, without having melded or laid off
  before in the round, scores double. The table says so on the winner's line, `"in_one_go": true` (the table's
  round, or the player's own line on their phone); only the one who went out can have (a line still holding cards
  is refused, `rummy.in_one_go_not_out`), and a table that did not choose the option is refused
  (`rummy.in_one_go_off`). Laying off onto other players' melds in that same turn still counts as one go. With
  `one_meld_per_turn` the whole hand can only go down as one meld (and lay-offs), so a line of two or more melds
  is refused (`rummy.in_one_go_one_meld`). Whether the player had melded in an earlier turn of the round is the
  table's to know: a score pad sees only the round's end. Basic Rummy only, without penalty scoring (there the
  winner scores nothing to double): `option_applies` says so and setting it up otherwise is refused
  (`rummy.going_rummy_needs_basic`). The winner's line in the breakdown says it went rummy
  (`rummy.line.basic_won_rummy`). The view offers the switch only where the engine says it applies
  (`in_one_go_applies`).
- `correct` by the table: `{"round": n, "lines": {...}, "stock_out": bool}` replaces round n written wrong; the
  log keeps both, and its row says each player's points for the round before → after (`note_correction`). Totals
  are kept running. The scoreboard's `ended` names who reached the target (with penalties, its negative).

The table's questions: `prompt` offers `round` and `correct` as typed input, and `line` to every player; nothing
is secret (`player_view`
drops only the seed).
- Without `stock_out` exactly one player went out (an empty hand). With it the lowest hand wins the basic
  round; tied winners split the points (rounded down). In 500 Rummy the stock running out changes nothing but
  that nobody needs to have gone out.
- `one_meld_per_turn` can only be checked in part at a score pad: a player who laid off cards must have melded
  that round; one meld per turn is the table's to watch.
- `penalty_scoring` belongs to basic Rummy; with 500 Rummy it is refused (`option_applies` says so, and a
  new-session form asks it rather than offer the option).
- Option `target` (0 = the variant's default, `unset_value`: 500 for 500 Rummy, 100 for basic): the game ends
  after a round in which someone reaches it (with penalty scoring: someone's penalty reaches it); the highest
  total wins, ties share.
"""

from __future__ import annotations

from scoring.core import BOOL, CHOICE, INT, PLAYER, TABLE, Engine, Game, Line, Option, RuleError, \
    each_player, known_fields, make_scoreboard, move, note_correction, note_end, register
from scoring.mechanics.own_lines import OwnLines
from validators.cards import card_name, lay_off, meld, parse_rummy, rummy_code

DEFAULT_TARGET = {"500": 500, "basic": 100}
LINE_FIELDS = {"melds", "laid_off", "hand", "in_one_go"}


def _laid_off(name: str, value) -> tuple[list[str], dict]:
    """Laid-off cards in canonical form and where the line says each went: an entry is a card code, or
    `{"card": code, "onto": a card of the meld it went onto}`."""
    if not isinstance(value, list):
        raise RuleError("rummy.line_invalid", name=name)
    cards, onto = [], {}
    for entry in value:
        if isinstance(entry, dict):
            if set(entry) != {"card", "onto"}:
                raise RuleError("rummy.line_invalid", name=name)
            card = rummy_code(entry["card"])
            onto[card] = rummy_code(entry["onto"])
        else:
            card = rummy_code(entry)
        cards.append(card)
    return cards, onto


def _without(pinned: dict, owners: list[str], name: str) -> dict:
    """The pins of every laid-off card but those of `name`, re-indexed as if name's cards were left out."""
    kept = [i for i, o in enumerate(owners) if o != name]
    return {kept.index(i): g for i, g in pinned.items() if i in kept}


def _ace_low(group: list[str]) -> bool:
    """Whether an ace in this meld counts low (a run through 2)."""
    found = meld(group, True)
    return bool(found and found["low_ace"])


def card_value(card: str, low: bool, simple: bool) -> int:
    """The points of one card; `low` says an ace counts low."""
    rank, _ = parse_rummy(card)
    if rank == 1:
        return (5 if simple else 1) if low else 15
    if rank >= 10:
        return 10
    return 5 if simple else rank


def _given(line: dict) -> dict:
    """A checked line as a round's line again: a laid-off card the line placed says where it went."""
    onto = line.get("onto", {})
    given = {"melds": line["melds"], "hand": line["hand"],
             "laid_off": [{"card": c, "onto": onto[c]} if c in onto else c for c in line["laid_off"]]}
    return {**given, "in_one_go": True} if line.get("in_one_go") else given


def line_cards(line: dict) -> list[str]:
    """Every card of a line (checked, or as a screen collects it: laid-off cards as codes): melded, laid off and in
    hand."""
    return [c for m in line["melds"] for c in m] + line["laid_off"] + line["hand"]


def holders(lines: dict) -> dict[str, str]:
    """Who each card of these lines is entered for: one deck holds each card once, so a card held here can be
    entered for nobody else this round (a screen offers none of them again; `_check_unique` refuses a card twice)."""
    return {card: name for name, line in lines.items() for card in line_cards(line)}


def _names(cards: list[str]) -> str:
    """Cards as the screen lists them: "7♥ 8♠ 9♥"."""
    return " ".join(card_name(c) for c in cards)


def _cards(name: str, value) -> list[str]:
    """A list of card codes in canonical form, or `RuleError`."""
    if not isinstance(value, list):
        raise RuleError("rummy.line_invalid", name=name)
    return [rummy_code(c) for c in value]


@register
class Rummy(OwnLines, Engine):
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
            Option("going_rummy", False, BOOL),
            Option("target", 0, INT, minimum=0, maximum=10_000),
        ),
    )

    def setup(self, state: dict) -> None:
        """No rounds yet; the target resolved from the variant."""
        opts = state["options"]
        if opts["penalty_scoring"] and not self.option_applies("penalty_scoring", opts):
            raise RuleError("rummy.penalty_needs_basic")
        if opts["going_rummy"] and not self.option_applies("going_rummy", opts):
            raise RuleError("rummy.going_rummy_needs_basic")
        state["target"] = opts["target"] or self.unset_value("target", opts)
        state["rounds"] = []
        state["totals"] = {p: 0 for p in state["players"]}
        state["lines"] = {}
        state["phase"] = "playing"

    def option_applies(self, name: str, options: dict) -> bool:
        """Penalty scoring applies to basic Rummy only, going rummy to basic Rummy without penalty scoring; every
        other option to both variants."""
        if name == "going_rummy":
            return options.get("variant") == "basic" and not options.get("penalty_scoring")
        return name != "penalty_scoring" or options.get("variant") == "basic"

    def in_one_go_applies(self, state: dict, line: dict) -> bool:
        """Whether this line (as a screen collects it) could say its player went out in one go: the table plays
        with going rummy, the player went out (cards played, none left in hand), and with one meld per turn
        they melded at most one meld."""
        opts = state["options"]
        melds = [m for m in line["melds"] if m]
        return (opts["going_rummy"] and not line["hand"] and bool(melds or line["laid_off"])
                and not (opts["one_meld_per_turn"] and len(melds) > 1))

    def unset_value(self, name: str, options: dict, players: list | None = None) -> int | None:
        """A target of 0 is the variant's own: 500 for 500 Rummy, 100 for basic."""
        return DEFAULT_TARGET.get(options.get("variant")) if name == "target" else None

    def aces_high(self, state: dict) -> bool:
        """Whether an ace may be high (500 Rummy without low aces)."""
        return state["options"]["variant"] == "500" and not state["options"]["low_aces"]

    def _round(self, state: dict, action: dict) -> dict:
        """One checked round: every line, the cards unique, lay-offs placed together, scores computed."""
        checked = each_player(state, action.get("lines"), "rummy.lines_missing", "rummy.line_missing",
                              lambda name, line: self._check_line(state, name, line))
        self._check_unique(checked)
        groups = self._check_lay_offs(state, checked)
        stock_out = action.get("stock_out", False)
        if not isinstance(stock_out, bool):
            raise RuleError("rummy.stock_out_invalid")
        out = [n for n in state["players"] if not checked[n]["hand"]]
        if len(out) > 1:
            raise RuleError("rummy.two_out", names=out)
        if not out and not stock_out:
            raise RuleError("rummy.nobody_out")
        scores = self._score(state, checked, groups, stock_out)
        return {"lines": checked, "stock_out": stock_out, "scores": scores}

    @move("round", by=TABLE, phase=("playing",), fields=("lines", "stock_out", "round"))
    def add_round(self, state: dict, action: dict) -> None:
        """Record one round: every line checked, the cards unique, lay-offs placed, scores computed (given lines
        are dropped)."""
        self.round_number(action, len(state["rounds"]) + 1)
        self._record(state, self._round(state, action))

    @move("line", by=PLAYER, phase=("playing",), fields=("round", "line"))
    def add_line(self, state: dict, action: dict) -> None:
        """A player's own line for the round being entered; the last one records the round, checked as a whole
        (the stock ran out when nobody's hand is empty)."""
        self.take_line(state, action, len(state["rounds"]) + 1, "line", lambda by, line: self._own(state, by, line),
                       lambda lines: self._record(state, self._round_of_lines(state, lines)))

    def _round_of_lines(self, state: dict, checked: dict) -> dict:
        """The round the players' own lines make (the stock ran out when nobody's hand is empty); an ace that could
        go low or high said to a player (the table places it)."""
        lines = {n: _given(line) for n, line in checked.items()}
        try:
            return self._round(state, {"lines": lines, "stock_out": all(line["hand"] for line in lines.values())})
        except RuleError as err:
            if err.key != "rummy.lay_off_ambiguous":
                raise
            raise RuleError("rummy.line_lay_off_ambiguous", **err.params) from None

    def _record(self, state: dict, rnd: dict) -> None:
        """Add a checked round, drop the lines given, update the totals and check the end."""
        state["lines"] = {}
        state["rounds"].append(rnd)
        for name, score in rnd["scores"].items():
            state["totals"][name] += score["points"]
        self._check_end(state)

    @move("correct", by=TABLE, phase=("playing",), fields=("round", "lines", "stock_out"))
    def correct(self, state: dict, action: dict) -> None:
        """Replace an earlier round written wrong (the log keeps both); totals and the end follow."""
        number = action.get("round")
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(state["rounds"]):
            raise RuleError("rummy.round_unknown", round=str(number)[:20])
        rnd = self._round(state, action)
        old = state["rounds"][number - 1]
        for name in state["players"]:
            state["totals"][name] += rnd["scores"][name]["points"] - old["scores"][name]["points"]
        state["rounds"][number - 1] = rnd
        note_correction(state, number, {n: old["scores"][n]["points"] for n in state["players"]},
                        {n: rnd["scores"][n]["points"] for n in state["players"]})
        self._check_end(state)

    def round_points(self, state: dict, number: int) -> dict | None:
        """Round `number`'s points per player, for its log row (`OwnLines.logged`)."""
        return {name: score["points"] for name, score in state["rounds"][number - 1]["scores"].items()}

    def _check_line(self, state: dict, name: str, line) -> dict:
        """One player's line with canonical cards, valid melds and where each laid-off card went (if said)."""
        if not isinstance(line, dict):
            raise RuleError("rummy.line_missing", name=name)
        known_fields(line, LINE_FIELDS, "round", self.game.id)
        melds = line.get("melds", [])
        if not isinstance(melds, list):
            raise RuleError("rummy.line_invalid", name=name)
        melds = [_cards(name, m) for m in melds]
        for cards in melds:
            if not meld(cards, self.aces_high(state)):
                raise RuleError("rummy.meld_invalid", name=name, cards=_names(cards))
        laid_off, onto = _laid_off(name, line.get("laid_off", []))
        if laid_off and not melds and state["options"]["one_meld_per_turn"]:
            raise RuleError("rummy.lay_off_without_meld", name=name)
        out = {"melds": melds, "laid_off": laid_off, "hand": _cards(name, line.get("hand", []))}
        if onto:
            out["onto"] = onto
        if self._in_one_go(state, name, line.get("in_one_go", False), out):
            out["in_one_go"] = True
        self._check_unique({name: out})
        return out

    def _in_one_go(self, state: dict, name: str, said, line: dict) -> bool:
        """Whether the line says its player went rummy, refused where it cannot be true (`in_one_go_applies`)."""
        if not isinstance(said, bool):
            raise RuleError("rummy.line_invalid", name=name)
        if said and not state["options"]["going_rummy"]:
            raise RuleError("rummy.in_one_go_off", name=name)
        if said and (line["hand"] or not line["melds"] + line["laid_off"]):
            raise RuleError("rummy.in_one_go_not_out", name=name)
        if said and not self.in_one_go_applies(state, line):
            raise RuleError("rummy.in_one_go_one_meld", name=name, count=len(line["melds"]))
        return said

    def _own(self, state: dict, name: str, line) -> dict:
        """A player's own line checked alone, then against the other players' lines given so far."""
        checked = self._check_line(state, name, line)
        mine = set(line_cards(checked))
        for other, given in state["lines"].items():
            shared = [c for c in line_cards(given) if c in mine]
            if other != name and shared:
                raise RuleError("rummy.card_held", name=name, card=card_name(shared[0]), other=other)
        return checked

    def _check_unique(self, checked: dict) -> None:
        """Refuse a card that appears twice anywhere in the round."""
        seen = {}
        for name, line in checked.items():
            for card in line_cards(line):
                if card in seen:
                    raise RuleError("rummy.card_twice", card=card_name(card), names=sorted({seen[card], name}))
                seen[card] = name

    def _check_lay_offs(self, state: dict, checked: dict) -> list[list[str]]:
        """The round's melds with every laid-off card placed, all players' lay-offs judged together.

        A card the line says went onto a meld (by a card of that meld) is pinned there. An ace that could go
        onto a run low (worth 1) or elsewhere high (worth 15) is refused as ambiguous until the line says where.
        """
        melds = [m for line in checked.values() for m in line["melds"]]
        extras, owners, pinned = [], [], {}
        for name, line in checked.items():
            for card in line["laid_off"]:
                target = line.get("onto", {}).get(card)
                if target is not None:
                    index = next((i for i, m in enumerate(melds) if target in m), None)
                    if index is None:
                        raise RuleError("rummy.onto_unknown", name=name, card=card_name(card), onto=card_name(target))
                    pinned[len(extras)] = index
                extras.append(card)
                owners.append(name)
        aces_high = self.aces_high(state)
        groups = lay_off(melds, extras, aces_high, pinned)
        if groups is None:
            culprit = next((n for n in checked if checked[n]["laid_off"] and lay_off(
                melds, [c for c, o in zip(extras, owners) if o != n], aces_high,
                _without(pinned, owners, n)) is not None), None)
            name = culprit or next(n for n in owners)
            raise RuleError("rummy.lay_off_invalid", name=name, cards=_names(checked[name]["laid_off"]))
        for index, card in enumerate(extras):
            if index in pinned or parse_rummy(card)[0] != 1 or not aces_high:
                continue
            lows = set()
            for target in range(len(melds)):
                placed = lay_off(melds, extras, aces_high, {**pinned, index: target})
                if placed is not None:
                    lows.add(_ace_low(placed[target]))
            if len(lows) > 1:
                raise RuleError("rummy.lay_off_ambiguous", name=owners[index], card=card_name(card))
        return groups

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
        doubled = {n: 2 if checked[n].get("in_one_go") else 1 for n in winners}
        return {n: {"melded": 0, "hand": hands[n], "points": pot * doubled[n] if n in winners else 0} for n in checked}

    def _check_end(self, state: dict) -> None:
        """Over after a round in which someone reached the target (a penalty reaching it, with penalties)."""
        penalties, target = state["options"]["penalty_scoring"], state["target"]
        reached = [n for n, t in state["totals"].items() if (t <= -target if penalties else t >= target)]
        if reached:
            note_end(state, "core.ended.target", names=reached, target=-target if penalties else target)
            state["over"] = True
            state["phase"] = "over"

    def totals(self, state: dict) -> dict:
        """Each player's total so far (kept running)."""
        return dict(state["totals"])

    def scoreboard(self, state: dict):
        """A line per round per player with melded and hand values; cumulative totals per round."""
        lines = {p: [] for p in state["players"]}
        cumulative, running = [], {p: 0 for p in state["players"]}
        for index, rnd in enumerate(state["rounds"]):
            for p in state["players"]:
                lines[p].append(_line(state["options"], rnd, p, index + 1))
                running[p] += rnd["scores"][p]["points"]
            cumulative.append(dict(running))
        return make_scoreboard("rummy", state["players"], lines, rounds=cumulative, over=state["over"],
                               ended=state.get("ended"))


def _line(options: dict, rnd: dict, name: str, number: int) -> Line:
    """A player's breakdown line for round `number`; in basic Rummy a loser's line says where their hand went: when
    the stock ran out, less the lowest hand first (`rummy.line.basic_stock_out`: "hand of 10 to the winner" beside a
    winner's 17 for hands of 10 and 11 did not add up), and shared by the winners when the lowest hand is tied
    (`…_shared`: "to the winner" named neither of two, each taking half, rounded down). A winner's line says what
    it scored and from where: the other players' hands (`basic_won`: "won with a hand of 0 = 35" read as if 35 were
    their own hand's), less the lowest hand each when the stock ran out, split when tied (`basic_won_stock_out…`)."""
    score = rnd["scores"][name]
    key = _line_key(options, rnd, name)
    params = {"round": number, "melded": score["melded"], "hand": score["hand"]}
    if key not in ("rummy.line.basic", "rummy.line.basic_won"):
        return Line(key, score["points"], params)
    hands = [s["hand"] for s in rnd["scores"].values()]
    best = min(hands)
    if rnd.get("stock_out") and best:  # a tie is only possible here: no two players go out in one round
        shared = "_shared" if hands.count(best) > 1 else ""
        if key == "rummy.line.basic_won":
            return Line(f"rummy.line.basic_won_stock_out{shared}", score["points"], params)
        key, params = f"rummy.line.basic_stock_out{shared}", {**params, "best": best, "given": score["hand"] - best}
    return Line(key, score["points"], params)


def _line_key(options: dict, rnd: dict, name: str) -> str:
    """The words of a player's line for a round: in basic Rummy (without penalties) whether they won it, with the
    lowest hand (ties share it), or their hand went to the winner ("hand 5 = 16" read as a hand worth 16)."""
    if options["variant"] == "500":
        return "rummy.line.500"
    if options["penalty_scoring"]:
        return "rummy.line.penalty"
    if rnd["lines"][name].get("in_one_go"):
        return "rummy.line.basic_won_rummy"
    best = min(score["hand"] for score in rnd["scores"].values())
    return "rummy.line.basic_won" if rnd["scores"][name]["hand"] == best else "rummy.line.basic"
