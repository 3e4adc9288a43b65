"""A small engine for testing the contract: players take turns scoring points, may roll a die, and end.

Rules: turns go in seat order; `score` adds 0–10 points to the player whose turn it is; `roll` (a reveal)
adds a seeded die roll 1–6; `end` by the table ends the game, highest total wins, ties share.
"""

from scoring.core import INT, Engine, Game, Line, Option, RuleError, make_scoreboard, move, rng


class Tally(Engine):
    """The tally game: the smallest engine that exercises turns, a reveal and the end."""

    game = Game(id="tally", names={"en": "Tally", "zh-CN": "计分"}, min_players=1, max_players=6,
                options=(Option("target", 0, INT, minimum=0, maximum=1000),))

    def setup(self, state):
        """Everyone at 0; the first seat starts."""
        state["points"] = {p: [] for p in state["players"]}
        state["turn"] = state["players"][0]
        state["rolls"] = 0

    def _next(self, state):
        """Pass the turn clockwise."""
        seats = state["players"]
        state["turn"] = seats[(seats.index(state["turn"]) + 1) % len(seats)]

    @move("score")
    def score(self, state, action):
        """The player on turn scores 0–10 points."""
        if action.get("by") != state["turn"]:
            raise RuleError("tally.not_your_turn", name=action.get("by"))
        points = action.get("points")
        if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= 10:
            raise RuleError("tally.points_range", points=points)
        state["points"][state["turn"]].append(points)
        self._next(state)

    @move("roll", reveals=True)
    def roll(self, state, action):
        """The player on turn rolls a die from the seed and scores it."""
        if action.get("by") != state["turn"]:
            raise RuleError("tally.not_your_turn", name=action.get("by"))
        value = rng(state["seed"], "roll", state["rolls"]).randint(1, 6)
        state["rolls"] += 1
        state["points"][state["turn"]].append(value)
        self._next(state)

    @move("end")
    def end(self, state, action):
        """The table ends the game."""
        state["over"] = True

    def scoreboard(self, state):
        """Sum of each player's points."""
        lines = {p: [Line("tally.points", v) for v in pts] for p, pts in state["points"].items()}
        return make_scoreboard("tally", state["players"], lines, over=state["over"])
