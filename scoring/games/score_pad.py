"""Score pad: running totals for any game played in rounds, when Tableside has no engine of its own for it.

Actions:
- `round` by the table: `{"scores": {player: int, ...}}` — every player's points for one round (negative allowed);
  optionally `"round": n`, the round it is entered as (the app sends it): refused unless it is the round being
  played, and the log names that round (a round completed from players' lines is not a `round` action, so
  counting them would number the next one wrong).
- `line` by a player: `{"round": n, "score": int}` — the player's own points for the round being played, given on
  their own phone [ruling]. Lines wait until every player has given one, then the round is recorded from them, as
  the table's `round` would be. A player may give their line again before then (the later one counts). A line
  for another round than the one being played is refused (`score_pad.line_round`: a stale tap after the round was
  recorded). Pending lines are public (a score pad holds results, not secrets). The table's `round` records the
  round from its own entries and drops the pending lines; finishing the game drops them too (a round not
  complete is not scored).
- `correct` by the table: `{"round": n, "scores": {...}}` — replaces round n's points (an earlier round written
  wrong); the log keeps both, totals follow, and the end is checked again. Its log row says each player's points
  for the round before → after (`note_correction`).
- `finish` by the table: ends the game now. The scoreboard's `ended` says why a finished game ended (`note_end`:
  the target reached, the round limit, the table's finish).

The table's questions: `prompt` offers `round` and `correct` as typed input and `finish` once a round is written,
and `line` to every player (one who gave theirs may give it again until the round is recorded);
nothing is secret (`player_view` only drops the seed). Totals are kept running, so an action costs the same in
round 500 as in round 5.

Rulings:
- Every player must have a score in every round (0 is written, not left out); points are whole numbers
  between −10,000 and 10,000 per round.
- Option `target` (default 0 = none): after a round in which someone's total reaches the target (or, with
  `lower_wins`, goes past it) the game is over.
- Option `lower_wins` (default off): the lowest total wins (golf-style games, Hearts).
- Option `rounds` (default 0 = no limit): the game is over after that many rounds.
- Ties share the win.
- A session's title, where it has one, names the game the pad keeps score for ("Azul"; `Game.titled`): the app
  names the session, counts its statistics and exports it by it (`scoring.record.game_title`).
"""

from __future__ import annotations

from scoring.core import (BOOL, INT, PLAYER, TABLE, Engine, Game, Line, Option, RuleError, make_scoreboard, move,
                          note_correction, note_end, register)
from scoring.mechanics.own_lines import OwnLines

LIMIT = 10_000


@register
class ScorePad(OwnLines, Engine):
    """Round-by-round totals with an optional target, round limit and low-score-wins."""

    said_elsewhere = ("target", "rounds", "lower_wins")  # the round form's end rule and the title say them

    game = Game(
        id="score_pad",
        names={"en": "Score pad", "zh-CN": "通用计分板"},
        min_players=1,
        max_players=12,
        titled=True,
        options=(
            Option("target", 0, INT, minimum=0, maximum=100_000),
            Option("rounds", 0, INT, minimum=0, maximum=100),
            Option("lower_wins", False, BOOL),
        ),
    )

    def setup(self, state: dict) -> None:
        """No rounds yet; running totals at 0."""
        state["scores"] = []
        state["totals"] = {p: 0 for p in state["players"]}
        state["round"] = 1
        state["lines"] = {}
        state["phase"] = "playing"

    def _scores(self, state: dict, scores: object) -> dict:
        """One round's points for every player, checked, in seat order."""
        if not isinstance(scores, dict):
            raise RuleError("score_pad.scores_missing")
        for name in state["players"]:
            if name not in scores:
                raise RuleError("score_pad.score_missing", name=name)
        for name, points in scores.items():
            if name not in state["players"]:
                raise RuleError("core.player_unknown", name=str(name)[:40])
            self._points(name, points)
        return {name: scores[name] for name in state["players"]}

    def _points(self, name: str, points: object) -> int:
        """One player's points for a round, checked (a blank one, as an empty field gives it, is missing)."""
        if isinstance(points, str) and not points.strip():
            raise RuleError("score_pad.score_missing", name=name)
        if isinstance(points, bool) or not isinstance(points, int) or not -LIMIT <= points <= LIMIT:
            raise RuleError("score_pad.points_invalid", name=name, points=str(points)[:20], limit=LIMIT)
        return points

    @move("round", by=TABLE, phase=("playing",), fields=("scores", "round"))
    def add_round(self, state: dict, action: dict) -> None:
        """Record one round's points for every player (pending lines are dropped)."""
        self.round_number(action, state["round"])
        self._record(state, self._scores(state, action.get("scores")))

    @move("line", by=PLAYER, phase=("playing",), fields=("round", "score"))
    def add_line(self, state: dict, action: dict) -> None:
        """A player's own points for the round being played; the round is recorded once every player gave one."""
        self.take_line(state, action, state["round"], "score", self._points, lambda lines: self._record(state, lines))

    def _record(self, state: dict, row: dict) -> None:
        """Add a round's points, drop pending lines, and check the end."""
        state["lines"] = {}
        state["scores"].append(row)
        for name, points in row.items():
            state["totals"][name] += points
        state["round"] = len(state["scores"]) + 1
        self._check_end(state)

    @move("correct", by=TABLE, phase=("playing",), fields=("round", "scores"))
    def correct(self, state: dict, action: dict) -> None:
        """Replace an earlier round's points (the log keeps both); the end is checked again."""
        number = action.get("round")
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(state["scores"]):
            raise RuleError("score_pad.round_unknown", round=str(number)[:20])
        row = self._scores(state, action.get("scores"))
        old = state["scores"][number - 1]
        for name in state["players"]:
            state["totals"][name] += row[name] - old[name]
        state["scores"][number - 1] = row
        note_correction(state, number, old, row)
        self._check_end(state)

    @move("finish", by=TABLE, phase=("playing",), fields=())
    def finish(self, state: dict, action: dict) -> None:
        """The table ends the game."""
        if not state["scores"]:
            raise RuleError("score_pad.no_rounds")
        state["lines"] = {}
        note_end(state, "core.ended.finish")
        self._end(state)

    def offer(self, state: dict, kind: str, by: str) -> list | None:
        """Rounds and corrections are typed; finishing is offered once a round is written (a correction:
        `OwnLines`)."""
        if kind == "finish":
            return [{}] if state["scores"] else []
        return super().offer(state, kind, by)

    def _end(self, state: dict) -> None:
        """Mark the game over."""
        state["over"] = True
        state["round"] = len(state["scores"])
        state["phase"] = "over"

    def _check_end(self, state: dict) -> None:
        """End the game once the target or the round limit is reached, saying why (`note_end`); when a round
        does both, the target is said (it names who reached it)."""
        opts = state["options"]
        past = 1 if opts["lower_wins"] else 0
        reached = [p for p, t in state["totals"].items() if opts["target"] and t >= opts["target"] + past]
        if reached:
            note_end(state, "core.ended.past" if past else "core.ended.target", names=reached, target=opts["target"])
        elif opts["rounds"] and len(state["scores"]) >= opts["rounds"]:
            note_end(state, "core.ended.rounds", round=len(state["scores"]), rounds=opts["rounds"])
        else:
            return
        self._end(state)

    def end_rule(self, state: dict) -> tuple[str, dict] | None:
        """When the game ends, as the options chose it, in words for the round form (a message key and its
        parameters: the target, reached or, with lowest wins, gone past, and the round limit); None with neither."""
        opts = state["options"]
        target, limit = opts["target"], opts["rounds"]
        if not target:
            return ("score_pad.view.ends.rounds", {"rounds": limit}) if limit else None
        key = "score_pad.view.ends.target" + ("_lowest" if opts["lower_wins"] else "") + ("_rounds" if limit else "")
        return key, {"target": target, "rounds": limit}

    def rounds_entered(self, state: dict) -> int:
        """How many rounds are recorded (by the table's `round` or completed from lines)."""
        return len(state["scores"])

    def totals(self, state: dict) -> dict:
        """Each player's total so far."""
        return dict(state["totals"])

    def status(self, state: dict) -> dict:
        """Header: the round being entered (or the last one once over)."""
        return {**super().status(state), "rounds": state["options"]["rounds"] or None}

    def scoreboard(self, state: dict):
        """Totals as the sum of rounds; cumulative totals per round for the chart."""
        lines = {p: [Line("score_pad.line.round", r[p], {"round": i + 1}) for i, r in enumerate(state["scores"])]
                 for p in state["players"]}
        cumulative, running = [], {p: 0 for p in state["players"]}
        for r in state["scores"]:
            running = {p: running[p] + r[p] for p in state["players"]}
            cumulative.append(dict(running))
        return make_scoreboard("score_pad", state["players"], lines, rounds=cumulative, over=state["over"],
                               lower_wins=state["options"]["lower_wins"], ended=state.get("ended"))
