"""Players' own lines: in a round game each player may give their own line for the round being entered, on
their own phone; lines wait in `state["lines"]` until every player has given one, and the last records the round
(the score pad, Flip 7, Cubosaurs, Rummy).

Rulings shared by those games [ruling]:
- A line is checked alone when it is given; a game whose lines share a deck also checks it then against the
  other players' lines given so far (Flip 7's copies of a card, Rummy's every card once) and refuses it to the
  player giving it, naming whose lines hold the card. A player may give theirs again until the round is recorded
  (the later one counts). The last line records the round, checked as a whole as the table's `round` would be; if
  the whole is refused, that last line is refused with the rule and the others stay given.
- A line names the round it is for; one for another round than the one being entered is refused (a late tap,
  after that round was recorded). The table's `round` may name its round too (the app sends it; older logs do
  not), and the log then names the round by that number (`<game>.action.round_of`): a round completed from lines
  is not a `round` action, so counting `round` actions no longer numbers the rounds.
- Undoing the line that recorded the round takes the round back to waiting for that line, the other lines kept:
  the round's points leave the board, not only that line's. The log says which line recorded a round
  (`completes`), so the Undo that takes it back says the whole round reopens (a host expected only the line to go).
- The table's own `round` wins and drops the lines given (each engine's `_record` empties `state["lines"]`);
  given lines are public.
"""

from __future__ import annotations

from typing import Any, Callable

from scoring.core import RuleError, as_entered


def for_round(action: dict, now: int, key: str, required: bool) -> None:
    """Refuse an action made for another round than `now`, the one being entered (`key`, naming both); an action
    whose round may be left out (not `required`) and is passes (a round game's `round` from an older log)."""
    number = action.get("round")
    if number is None and not required:
        return
    if isinstance(number, bool) or not isinstance(number, int) or number != now:
        raise RuleError(key, round=str(number)[:20], now=now)


class OwnLines:
    """Mixed in before `Engine` by a round game whose players may give their own lines."""

    def round_number(self, action: dict, now: int) -> None:
        """Refuse the table's `round` naming another round than `now`, the one being entered (it may name none)."""
        for_round(action, now, f"{self.game.id}.line_round", required=False)

    def take_line(self, state: dict, action: dict, now: int, field: str, check: Callable[[str, Any], Any],
                  complete: Callable[[dict], None]) -> None:
        """Keep the line `action[field]` of its player for round `now` once `check(by, value)` passes; when every
        player has given one, `complete({player: line})` records the round (or refuses the last line)."""
        for_round(action, now, f"{self.game.id}.line_round", required=True)
        state["lines"][action["by"]] = check(action["by"], action.get(field))
        if len(state["lines"]) == len(state["players"]):
            complete({name: state["lines"][name] for name in state["players"]})

    def describe(self, action: dict) -> tuple[str, dict]:
        """An action in words; a `round` entered with its number is named by it (`round_of`)."""
        key, params = super().describe(action)
        if action.get("type") == "round" and "round" in params:
            return f"{key}_of", params
        return key, params

    def logged(self, state: dict, action: dict, nth: int) -> tuple[str, dict]:
        """An action of the log in words; a `round` naming its round, in a game that gives its points
        (`round_points`), says each player's points for it as entered, in the score pad's words ("Round 8 scores:
        A 7, B 4"), so its row and the Undo that takes it back say what was entered (it read "Round 8 entered",
        and a table settling a dispute had to open the round to learn it); a round corrected later still reads as
        entered, the correction's own row saying before ⭢ after. Any other action as the game says it."""
        number = action.get("round")
        points = self.round_points(state, number) if action.get("type") == "round" and number is not None else None
        if points is None:
            return super().logged(state, action, nth)
        return "score_pad.action.round_of", {"round": number, "scores": as_entered(state, number, points)}

    def completes(self, state: dict, action: dict) -> int | None:
        """The round a line recorded, given `state` just after it: a line is for the round being entered, so the
        round it names is recorded right after it only when it was the last line missing. Taking it back takes
        the round back to waiting for that line (its points leave the scoreboard), the other lines kept."""
        number = action.get("round")
        return number if action.get("type") == "line" and number == self.rounds_entered(state) else None

    def round_points(self, state: dict, number: int) -> dict | None:
        """Round `number`'s points per player as they stand now, for its log row; None: the row names the round."""
        return None

    def rounds_entered(self, state: dict) -> int:
        """How many rounds are recorded (by the table's `round` or completed from lines)."""
        return len(state["rounds"])

    def offer(self, state: dict, kind: str, by: str) -> list | None:
        """A correction needs a round behind it; the other moves as the game offers them."""
        if kind == "correct" and not self.rounds_entered(state):
            return []
        return super().offer(state, kind, by)

    def status(self, state: dict) -> dict:
        """Header: the round being entered (the last one once over)."""
        done = self.rounds_entered(state)
        return {**super().status(state), "round": done if state["over"] else done + 1}
