"""Flip 7 (The Op Games): what each player kept at the end of a round, checked, scored and totalled to 200.

Actions:
- `round` by the table: `{"lines": {player: line, ...}}`, a line for every player. A line is
  `{"numbers": [0..12, ...], "modifiers": ["+2", "+4", "+6", "+8", "+10", "x2"], "second_chance": n,
  "status": "stayed" | "frozen" | "busted" | "flip7"}` where `second_chance` is how many Second Chance cards the
  player used this round (true/false read as 1/0). The whole round is refused if any line cannot be true.
  Optionally `"round": n`, the round it is entered as (the app sends it): refused unless it is the round being
  entered, and the log names that round and each player's points for it as entered ("第 1 轮得分：A 30，B 19";
  a round completed from players' lines is not a `round` action).
- `line` by a player: `{"round": n, "line": line}` — the player's own line for the round being entered, given on
  their own phone [ruling]. The line is checked alone when given (`check_line`, its own cards within the deck's
  copies: 5, +10, +10 is refused to its player), then against the lines the other players have given so far: a
  line that would take more copies of a card than the deck holds is refused to its player, naming the players
  whose given lines hold that card (`flip7.too_many_copies_with`); the lines given before it stay. Lines wait
  until every player has given one, and the last one records the round, checked as a whole as the table's
  `round` is (at most one Flip 7). If the whole is refused, the last line is refused with the rule that fails
  and the others stay given: whoever wrote theirs wrong gives it again (the later line counts), then the last
  player gives theirs. A line for another round than the one being entered is
  refused (`flip7.line_round`). The table's own `round` wins and drops the lines given; given lines are public.
- `correct` by the table: `{"round": n, "lines": {...}}` — replaces round n written wrong; the log keeps both, and
  its row says each player's points for the round before → after (`note_correction`).
- `finish` by the table: `{}` — the table stops before anyone has reached 200 [ruling: the rules are silent; a
  first evening often stops after a few rounds, and the session then belongs in History as a finished game]: the
  highest total wins, a tie at the top shares the win (the table chose to stop, so no round is played off); lines
  given for the round being entered are dropped (a round not complete is not scored). Refused before the first
  round (`flip7.no_rounds`). The scoreboard's `ended` says the table ended it (`core.ended.finish`).
- `shuffle` by the table: `{}` — the deck was reshuffled; recorded before the round in which it happened
  (`state["shuffled_at"]` becomes the index of the round about to be entered). Only the coach reads it:
  `seen_since_shuffle(state)` gives the cards of the rounds entered since.

Scoring [official]: the sum of the distinct number cards, ×2 doubles that sum only, then the + modifiers, then
+15 for seven different numbers (never doubled). A bust scores 0.

Rulings:
- A line lists every number card the player flipped this round: a duplicate discarded by a Second Chance stays
  in the list, and a bust line holds the cards at the moment of the bust, the repeated card included. So a kept
  line has exactly one repeat per Second Chance used; a bust line exactly one more.
- Seven different numbers is a Flip 7 whatever status was given, or none (the round ends for everyone, so at
  most one line per round); a bust line with seven different numbers, or more than seven, cannot exist.
- Across all lines of a round there are at most the deck's copies of each card (twelve 12s … one 1, one 0, one of
  each modifier, three Second Chances). A discard reshuffled in the middle of a round is too rare to allow for.
  A line holding more copies than the deck on its own is refused naming its player (`flip7.line_too_many`). Lines
  that are each possible but together exceed the deck are judged in seat order (the table's `round`) or in the
  order given (players' own lines): the line that takes the card past the deck's count is refused, naming the
  players before it holding that card (`flip7.too_many_copies_with`).
- A refusal names a card as the screen does: a number as it is, any other card by its name in words
  (`flip7.card.<code>`: ×2, Second Chance, 第二次机会).
- After a Flip 7 the round ends for everyone: in a round with a Flip 7 line, a line given without a status is a
  player who stayed with what they had (no extra taps for the others); a line that busted earlier says so. The
  breakdown says of a kept line in such a round that it scored when the Flip 7 ended the round
  (`flip7.line.ended`), not "stayed": the record cannot tell a player who stayed from one still flipping.
- A line with a field other than numbers, modifiers, second_chance and status is refused (a typo never scores 0).
- Empty lines are allowed: a player frozen on the deal holds nothing.
- The game ends after a round in which someone has 200 or more (the scoreboard's `ended` names who reached 200);
  the highest total wins. A tie at the top:
  option `on_tie`, "play_on" (default: play another round) or "share" (the tied players share the win).
- Option `coach` (default off) only tells the view to show `bust_chances`, the chance that the next card busts
  each active player, from the cards seen since the last shuffle; it never changes a score.
- The session starts with a fresh deck (`shuffled_at` 0). A second `shuffle` before the next round is refused
  (`flip7.shuffled_already`: it would record nothing new); a shuffle is allowed whether the coach is on or not.

The table's questions: `prompt` offers `round` and `correct` as typed input, `line` to every player, `shuffle`
when it would record something and `finish` once a round is written; nothing is secret (`player_view` drops only
the seed). Totals are kept running.
"""

from __future__ import annotations

from collections import Counter

from scoring.core import (BOOL, CHOICE, PLAYER, TABLE, Engine, Game, Line, Option, RuleError, each_player,
                          known_fields, make_scoreboard, move, note_correction, note_end, register)
from scoring.mechanics.own_lines import OwnLines

TARGET = 200
FLIP7_BONUS = 15
NUMBERS = {n: max(n, 1) for n in range(13)}
MODIFIERS = {"+2": 2, "+4": 4, "+6": 6, "+8": 8, "+10": 10, "x2": 0}
ACTIONS = {"freeze": 3, "flip3": 3, "second_chance": 3}
STATUSES = ("stayed", "frozen", "busted", "flip7")
DECK = {**{str(n): c for n, c in NUMBERS.items()}, **{m: 1 for m in MODIFIERS}, **ACTIONS}


def _number(card, name: str) -> int:
    """A number card 0–12, else refuse."""
    if isinstance(card, bool) or not isinstance(card, int) or card not in NUMBERS:
        raise RuleError("flip7.number_invalid", name=name, card=str(card))
    return card


def _is_flip7(name: str, line) -> bool:
    """Whether a line as given is a Flip 7 (seven different numbers, whatever status it says); not a line that
    cannot exist."""
    try:
        return check_line(name, line)["status"] == "flip7"
    except RuleError:
        return False


def check_line(name: str, line) -> dict:
    """The line normalised (sorted cards, status detected), or `RuleError` saying why it cannot exist. A line not
    marked bust with one repeat more than its Second Chances, which marked bust would be right, says so
    (`repeat_not_busted`); more repeats, or one after seven numbers, cannot be mended that way."""
    if not isinstance(line, dict) or not isinstance(line.get("numbers", []), list) \
            or not isinstance(line.get("modifiers", []), list):
        raise RuleError("flip7.line_invalid", name=name)
    numbers = sorted(_number(c, name) for c in line.get("numbers", []))
    modifiers = list(line.get("modifiers", []))
    for card in modifiers:
        if not isinstance(card, str) or card not in MODIFIERS:
            raise RuleError("flip7.modifier_invalid", name=name, card=str(card))
    chances = line.get("second_chance", 0)
    known_fields(line, {"numbers", "modifiers", "second_chance", "status"}, "round", "flip7")
    if not isinstance(chances, int) or not 0 <= chances <= ACTIONS["second_chance"]:
        raise RuleError("flip7.second_chance_invalid", name=name)
    status = line.get("status")
    if status is None and len(set(numbers)) == 7:
        status = "flip7"
    if status not in STATUSES:
        raise RuleError("flip7.status_invalid", name=name, status=str(status))
    distinct = len(set(numbers))
    repeats = len(numbers) - distinct
    if distinct > 7:
        raise RuleError("flip7.more_than_seven", name=name)
    if status == "busted":
        if distinct == 7:
            raise RuleError("flip7.bust_after_flip7", name=name)
        if repeats == 0:
            raise RuleError("flip7.bust_without_repeat", name=name)
        if repeats > int(chances) + 1:
            raise RuleError("flip7.repeat_without_chance", name=name, number=_repeated(numbers))
    elif repeats == int(chances) + 1 and distinct < 7:
        raise RuleError("flip7.repeat_not_busted", name=name, number=_repeated(numbers))
    elif repeats > int(chances):
        raise RuleError("flip7.repeat_without_chance", name=name, number=_repeated(numbers))
    if repeats < int(chances) + (status == "busted"):
        raise RuleError("flip7.chance_without_repeat", name=name)
    if status == "flip7" and distinct < 7:
        raise RuleError("flip7.not_seven", name=name, count=distinct)
    if distinct == 7:
        status = "flip7"
    checked = {"numbers": numbers, "modifiers": sorted(modifiers, key=list(MODIFIERS).index),
               "second_chance": int(chances), "status": status}
    for card, count in line_cards(checked).items():
        if count > DECK[card]:
            raise RuleError("flip7.line_too_many", name=name, card=card_word(card), count=count, limit=DECK[card])
    return checked


def card_word(card: str) -> str:
    """A deck code as a refusal names it: a number as it is, any other card by its message key (its name)."""
    return card if card.isdigit() else f"flip7.card.{card}"


def check_deck(name: str, line: dict, others: dict) -> None:
    """Refuse a checked line that, with the lines `others` (player -> checked line) hold, shows a card more often
    than the deck holds, naming the others holding that card."""
    held = Counter()
    for other in others.values():
        held.update(line_cards(other))
    for card, count in line_cards(line).items():
        if held[card] + count > DECK[card]:
            holders = [n for n, other in others.items() if line_cards(other)[card]]
            raise RuleError("flip7.too_many_copies_with", name=name, others=holders, card=card_word(card),
                            count=held[card] + count, limit=DECK[card])


def _repeated(numbers: list[int]) -> int:
    """The highest number appearing more than once."""
    return max(n for n, c in Counter(numbers).items() if c > 1)


def line_cards(line: dict) -> Counter:
    """Every card a checked line shows, by deck code (numbers, modifiers, used Second Chances)."""
    cards = Counter(str(n) for n in line["numbers"])
    cards.update(line["modifiers"])
    cards["second_chance"] += line["second_chance"]
    return cards


def score_line(line: dict) -> dict:
    """A checked line's points and their parts: number sum, doubled or not, modifier bonus, Flip 7 bonus."""
    if line["status"] == "busted":
        return {"points": 0, "numbers": 0, "doubled": False, "bonus": 0, "flip7": 0}
    numbers = sum(set(line["numbers"]))
    doubled = "x2" in line["modifiers"]
    bonus = sum(MODIFIERS[m] for m in line["modifiers"])
    flip7 = FLIP7_BONUS if line["status"] == "flip7" else 0
    return {"points": numbers * (2 if doubled else 1) + bonus + flip7, "numbers": numbers, "doubled": doubled,
            "bonus": bonus, "flip7": flip7}


def _deck_left(cards: Counter, on_table: Counter) -> Counter:
    """The deck minus cards; refuses a card that is not in the deck or shown more often than it exists."""
    left = Counter(DECK)
    for card, count in (cards + on_table).items():
        if card not in DECK:
            raise RuleError("flip7.card_unknown", card=card)
        if count > DECK[card]:
            raise RuleError("flip7.too_many_copies", card=card_word(card), count=count, limit=DECK[card])
        left[card] -= count
    return left


def seen_since_shuffle(state: dict) -> list[str]:
    """Deck codes of every card shown in the rounds entered since the last shuffle (numbers, modifiers, used
    Second Chances), sorted by code, as `bust_chances` takes them."""
    seen = Counter()
    for rnd in state["rounds"][state["shuffled_at"]:]:
        for line in rnd["lines"].values():
            seen.update(line_cards(line))
    return sorted(seen.elements())


def bust_chances(seen_cards: list, lines: dict) -> dict:
    """Each active player's chance that the next card busts them.

    `seen_cards`: deck codes ("0".."12", "+2".."+10", "x2", "freeze", "flip3", "second_chance") of the cards
    discarded since the last shuffle, not counting the cards now in front of players. `lines`: per player
    `{"numbers": [...], "modifiers": [...], "second_chance": held (bool), "status": "active" | other}`.
    A player holding a Second Chance cannot bust on the next card; a player already holding a repeated number
    without one has busted and gets no chance; an empty deck is reshuffled from the discards, so then only the
    cards in front of players are missing.
    """
    on_table = Counter()
    for line in lines.values():
        on_table.update(str(_number(n, "")) for n in line.get("numbers", []))
        on_table.update(line.get("modifiers", []))
        on_table["second_chance"] += int(bool(line.get("second_chance")))
    left = _deck_left(Counter(map(str, seen_cards)), on_table)
    if sum(left.values()) == 0:
        left = _deck_left(Counter(), on_table)
    total = sum(left.values())
    chances = {}
    for name, line in lines.items():
        if line.get("status", "active") != "active":
            continue
        numbers = [str(n) for n in line.get("numbers", [])]
        held = set(numbers)
        if len(held) < len(numbers) and not line.get("second_chance"):
            continue
        busting = 0 if line.get("second_chance") else sum(left[c] for c in held)
        chances[name] = busting / total if total else 0.0
    return chances


@register
class Flip7(OwnLines, Engine):
    """Flip 7 rounds: checked lines, official scoring, the race to 200."""

    game = Game(
        id="flip7",
        names={"en": "Flip 7", "zh-CN": "翻转7"},
        min_players=3,
        max_players=18,
        options=(
            Option("on_tie", "play_on", CHOICE, choices=("play_on", "share")),
            Option("coach", False, BOOL),
        ),
    )

    def setup(self, state: dict) -> None:
        """No rounds yet, a freshly shuffled deck, totals at 0."""
        state["rounds"] = []
        state["totals"] = {p: 0 for p in state["players"]}
        state["shuffled_at"] = 0
        state["lines"] = {}
        state["phase"] = "playing"

    def _round(self, state: dict, given: object) -> dict:
        """One checked round: every player's line alone, at most one Flip 7, the deck's copies in seat order; with a
        Flip 7 a line given without a status is a player who stayed with what they had (the round ended for all)."""
        lines = given if isinstance(given, dict) else None
        if lines is not None and any(_is_flip7(n, l) for n, l in lines.items()):
            lines = {n: ({**l, "status": "stayed"} if isinstance(l, dict) and "status" not in l else l)
                     for n, l in lines.items()}
        checked = each_player(state, lines, "flip7.lines_missing", "flip7.line_missing", check_line)
        flips = [n for n in state["players"] if checked[n]["status"] == "flip7"]
        if len(flips) > 1:
            raise RuleError("flip7.two_flip7", names=flips)
        for index, name in enumerate(state["players"]):
            check_deck(name, checked[name], {n: checked[n] for n in state["players"][:index]})
        scores = {n: score_line(checked[n])["points"] for n in state["players"]}
        return {"lines": checked, "scores": scores}

    @move("round", by=TABLE, phase=("playing", "tie"), fields=("lines", "round"))
    def add_round(self, state: dict, action: dict) -> None:
        """Record one round: every player's line, checked alone and against the deck (given lines are dropped)."""
        self.round_number(action, len(state["rounds"]) + 1)
        self._record(state, self._round(state, action.get("lines")))

    @move("line", by=PLAYER, phase=("playing", "tie"), fields=("round", "line"))
    def add_line(self, state: dict, action: dict) -> None:
        """A player's own line for the round being entered; the last one records the round, checked as a whole."""
        self.take_line(state, action, len(state["rounds"]) + 1, "line", lambda by, line: self._own(state, by, line),
                       lambda lines: self._record(state, self._round(state, lines)))

    def _own(self, state: dict, name: str, line: object) -> dict:
        """A player's own line checked alone, then against the other players' lines given so far."""
        checked = check_line(name, line)
        check_deck(name, checked, {n: given for n, given in state["lines"].items() if n != name})
        return checked

    def _record(self, state: dict, rnd: dict) -> None:
        """Add a checked round, drop the lines given, update the totals and check the end."""
        state["lines"] = {}
        state["rounds"].append(rnd)
        for name, points in rnd["scores"].items():
            state["totals"][name] += points
        self._check_end(state)

    @move("correct", by=TABLE, phase=("playing", "tie"), fields=("round", "lines"))
    def correct(self, state: dict, action: dict) -> None:
        """Replace an earlier round written wrong (the log keeps both); totals and the end follow."""
        number = action.get("round")
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(state["rounds"]):
            raise RuleError("flip7.round_unknown", round=str(number)[:20])
        rnd = self._round(state, action.get("lines"))
        old = state["rounds"][number - 1]
        for name in state["players"]:
            state["totals"][name] += rnd["scores"][name] - old["scores"][name]
        state["rounds"][number - 1] = rnd
        note_correction(state, number, old["scores"], rnd["scores"])
        state["phase"] = "playing"
        self._check_end(state)

    @move("shuffle", by=TABLE, phase=("playing", "tie"), fields=())
    def shuffle(self, state: dict, action: dict) -> None:
        """The table reshuffled the deck: the coach counts from the round about to be entered."""
        if state["shuffled_at"] == len(state["rounds"]):
            raise RuleError("flip7.shuffled_already", round=len(state["rounds"]) + 1)
        state["shuffled_at"] = len(state["rounds"])

    @move("finish", by=TABLE, phase=("playing", "tie"), fields=())
    def finish(self, state: dict, action: dict) -> None:
        """The table stops before 200: the highest total wins (a tie shares it); lines given are dropped."""
        if not state["rounds"]:
            raise RuleError("flip7.no_rounds")
        state["lines"] = {}
        note_end(state, "core.ended.finish")
        state["over"], state["phase"] = True, "over"

    def offer(self, state: dict, kind: str, by: str) -> list | None:
        """Rounds are typed; a shuffle is one choice when it records news, finishing once a round is written (a
        correction: `OwnLines`)."""
        if kind == "finish":
            return [{}] if state["rounds"] else []
        if kind == "shuffle":
            return [{}] if state["shuffled_at"] != len(state["rounds"]) else []
        return super().offer(state, kind, by)

    def round_points(self, state: dict, number: int) -> dict | None:
        """Round `number`'s points per player, for its log row (`OwnLines.logged`)."""
        return dict(state["rounds"][number - 1]["scores"])

    def describe(self, action: dict) -> tuple[str, dict]:
        """An action in words (a numbered round by its number, `OwnLines`); a line by its round and points."""
        key, params = super().describe(action)
        if action.get("type") == "line":
            try:
                params["points"] = score_line(check_line(str(action.get("by")), action.get("line")))["points"]
            except RuleError:
                params["points"] = "?"
        return key, params

    def _check_end(self, state: dict) -> None:
        """Over after a round with someone at 200+, unless the top is tied and the table plays on."""
        totals = state["totals"]
        best = max(totals.values())
        if best < TARGET:
            return
        leaders = [n for n, t in totals.items() if t == best]
        if len(leaders) > 1 and state["options"]["on_tie"] == "play_on":
            state["phase"] = "tie"
            return
        note_end(state, "core.ended.target", names=[n for n, t in totals.items() if t >= TARGET], target=TARGET)
        state["over"] = True
        state["phase"] = "over"

    def status(self, state: dict) -> dict:
        """Header: the core's, and while a tie at the top is played off, who is tied and at what total (the table
        asks "who are we playing off?")."""
        status = super().status(state)
        if state["phase"] == "tie":
            best = max(state["totals"].values())
            status["said"] = {"who": [p for p in state["players"] if state["totals"][p] == best], "points": best}
        return status

    def totals(self, state: dict) -> dict:
        """Each player's total so far (kept running: an action costs the same in round 500 as in round 5)."""
        return dict(state["totals"])

    def scoreboard(self, state: dict):
        """A line per round per player (with the parts of the score); cumulative totals per round."""
        lines = {p: [] for p in state["players"]}
        cumulative, running = [], {p: 0 for p in state["players"]}
        for index, rnd in enumerate(state["rounds"]):
            ended = any(line["status"] == "flip7" for line in rnd["lines"].values())
            for p in state["players"]:
                line = rnd["lines"][p]
                parts = score_line(line)
                said = "ended" if ended and line["status"] == "stayed" else line["status"]
                lines[p].append(Line(f"flip7.line.{said}", parts["points"],
                                     {"round": index + 1, "numbers": parts["numbers"], "bonus": parts["bonus"],
                                      "doubled": parts["doubled"]}))
                running[p] += parts["points"]
            cumulative.append(dict(running))
        return make_scoreboard("flip7", state["players"], lines, rounds=cumulative, over=state["over"],
                               ended=state.get("ended"))
