"""Splitter (Stefan Nikolić, NSV 2021): every round two dice are rolled and every player writes both numbers in
one row of their sheet, mirrored about the centre line; groups of exactly n cells of value n score n.
RULINGS.md §6. Uses `scoring.mechanics.regions` for the groups.

Sheets A and B are data here (`SHEETS`, from RULINGS.md §6): 7 rows of 8 columns, `.` no space, `#` a space,
`*` a star, `H` a heart. A player's sheet is a 7×8 grid of numbers, None where nothing is written (or there is
no space).

Actions:
- `roll` (anyone): the app rolls two dice, seeded by the session and the round (a reveal); the one who rolled is
  told the dice (`outcome`).
- `set_roll` {"dice": [a, b]} (anyone): the table rolled real dice.
- `write` {"by": P, "row": r, "offset": k, "left": a, "right": b}: rows 0–6 from the top; the two cells are
  (r, 3−k) and (r, 4+k), k = 0–3 being the distance from the centre line (between columns 3 and 4, counting
  from 0); left and right are the rolled numbers in either order. Both cells must be on the sheet and empty.
- `layout` {"by": P, "layout": text}: a finished sheet, 7 rows of 8 tokens separated by spaces, `.` where the
  sheet has no space and a number 1–6 on every space (`parse_sheet` / `format_sheet`).
- `finish` by the table: ends the game now; sheets score as they stand.
- `correct` by the table: `{"round": n, "writes": {player: {"row", "offset", "left", "right"}, ...}}` — where
  each player really wrote round n's numbers (written wrong in the app); the log keeps both. A round has no points
  of its own, so its row says each sheet's total before → after where it changed (`splitter.action.corrected`).
  The scoreboard's `ended` says why the game ended: round 22 played, every sheet entered finished, or `finish`.

Score: a group (orthogonally joined equal numbers) of value n with exactly n cells scores n (a lone 1 scores 1);
a scoring group on a star scores double; on sheet B the same number in all three hearts scores 5 more, whether
or not those cells score. Ties share.

Rulings:
- The round ends when every player has written (players who entered a finished sheet are not waited for); the
  game ends after round 22, or when every sheet has been entered finished.
- Every row of both sheets is symmetric and both cells of a pair are always written together, so until the
  sheet is full a player always has a legal place: no round is ever skipped.
- A roll is one per round: a second `roll` or `set_roll` in the same round is refused (undo it instead).
- The header names the roller: seat 1 rolls first (seat the youngest player first), then clockwise.
- A finished sheet is accepted only from a player who has written nothing yet, and must be full.
- Solo play uses the same rules (a score to beat); the rulebook's solo variant is not modelled.
- Its Chinese name is "Splitter" [session 73]: the Chinese text we start from (`originals/bga-help.zh-CN.txt`,
  "Gamehelpsplitter") gives it no Chinese name, and none is made up here; the home screen shows it once.

The table's questions: `prompt` offers the roll (or the 21 rolls of real dice), then to every player still
writing each legal mirrored pair for the roll in both orders, a finished sheet to a player who has written
nothing, finishing, and corrections (typed, once a round is finished); finishing and corrections are minor (open,
but not what the table waits for: a phone that has written waits on the players still writing, not the referee).
Sheets lie open on the table: nothing is secret but the seed (future rolls), which `player_view` drops.

Corrections [ruling]:
- A correction names a finished round (not the one being played) and gives a write for exactly the players who
  wrote in it (a player who entered a finished sheet wrote in no round). Each replaces that player's pair: it is
  taken off the sheet and the new one is judged like a `write` with the round's dice (on the sheet, both cells
  empty, the two numbers in either order). All are judged together; one refused write refuses the correction,
  and the refusal (`splitter.correct_refused`) names that player and the round, with the write's own reason.
- The round's dice stay as rolled: an app roll cannot be wrong, and a table roll typed wrong is undone back to.
- Later rounds stay as written: a new pair may not use a cell a later round wrote (`splitter.cell_taken`), and
  nothing later moves. Scores follow the sheets. Like every move, a correction is refused once the game is over.

The log [ruling]: an app roll's row says its dice ("The app rolled 3 and 5", as its "Done: …" does), read from the
state's `app_rolls` (`logged`); a table roll says the dice typed.
"""

from __future__ import annotations

from collections import Counter

from scoring.core import (CHOICE, PLAYER, TABLE, Engine, Game, Line, Option, RuleError, known_fields,
                          make_scoreboard, move, note_correction, note_end, register, rng)
from scoring.mechanics.regions import regions

ROWS, COLS, ROUNDS = 7, 8, 22
PLACE_FIELDS = ("row", "offset", "left", "right")
DIGITS = {str(n): n for n in range(1, 7)}
HEARTS_BONUS = 5
SHEETS = {
    "A": [". . # # # # . .",
          ". # # # # # # .",
          "# # # # # # # #",
          "* # # # # # # *",
          "# # # # # # # #",
          ". # # # # # # .",
          ". . # # # # . ."],
    "B": ["# # # . . # H #",
          "# # # # # # # #",
          ". H # # # # # .",
          ". # # . . # # .",
          ". # # # H # # .",
          "# # # # # # # #",
          "# * # . . # * #"],
}
SHAPES = {sheet: [row.split() for row in rows] for sheet, rows in SHEETS.items()}


def on_sheet(sheet: str, row: int, col: int) -> bool:
    """Whether (row, col) is a space of the sheet."""
    return SHAPES[sheet][row][col] != "."


def marked(sheet: str, mark: str) -> list[tuple[int, int]]:
    """Positions of the sheet's stars (`*`) or hearts (`H`)."""
    return [(r, c) for r in range(ROWS) for c in range(COLS) if SHAPES[sheet][r][c] == mark]


def blank_sheet() -> list[list]:
    """A sheet with nothing written."""
    return [[None] * COLS for _ in range(ROWS)]


# ---------------------------------------------------------------------------------------------------------
# Sheet text


def parse_sheet(text: str, sheet: str) -> list[list]:
    """A finished sheet's text as a grid of numbers (None off the sheet); refuses text that does not fit it."""
    if not isinstance(text, str):
        raise RuleError("splitter.layout_invalid")
    rows = [line.split() for line in text.splitlines() if line.strip()]
    if len(rows) != ROWS:
        raise RuleError("splitter.layout_rows", count=len(rows), expected=ROWS)
    grid = blank_sheet()
    for r, tokens in enumerate(rows):
        if len(tokens) != COLS:
            raise RuleError("splitter.layout_row_length", row=r + 1, count=len(tokens), expected=COLS)
        for c, token in enumerate(tokens):
            where = {"token": token, "row": r + 1, "col": c + 1}
            if token != "." and token not in DIGITS:
                raise RuleError("splitter.value_invalid", **where)
            if token == "." and on_sheet(sheet, r, c):
                raise RuleError("splitter.space_empty", **where)
            if token != "." and not on_sheet(sheet, r, c):
                raise RuleError("splitter.no_space_here", **where)
            grid[r][c] = DIGITS.get(token)
    return grid


def format_sheet(grid: list[list]) -> str:
    """A grid as sheet text (`.` for every cell without a number)."""
    return "\n".join(" ".join("." if v is None else str(v) for v in row) for row in grid)


# ---------------------------------------------------------------------------------------------------------
# Scoring


def groups(sheet: str, grid: list[list]) -> list[dict]:
    """Every group of equal numbers: value, cells, size, star, whether it scores, points; reading order."""
    stars = set(marked(sheet, "*"))
    out = []
    for group in regions(grid, include=lambda v: v is not None):
        value = grid[group[0][0]][group[0][1]]
        star = any(cell in stars for cell in group)
        scores = len(group) == value
        out.append({"value": value, "cells": [[r, c] for r, c in group], "size": len(group), "star": star,
                    "scores": scores, "points": value * (2 if star else 1) if scores else 0})
    return out


def hearts_value(sheet: str, grid: list[list]) -> int | None:
    """The number written in all three hearts, if they hold the same one (None otherwise or on sheet A)."""
    values = {grid[r][c] for r, c in marked(sheet, "H")}
    if len(values) != 1 or None in values:
        return None
    return values.pop()


def sheet_score(sheet: str, grid: list[list]) -> list[Line]:
    """A sheet's breakdown: one line per kind of scoring group, and the hearts bonus. A lone 1 (the rulebook's own
    case: a 1 with no other 1 beside it) has lines of its own, `splitter.line.lone` and `lone_star`: a group's words
    said "Group of 1 × 1" and "1 个相连的 1".
    RULING (equal lines said once): equal scoring groups off the stars make one line with their count and their
    points together ("22 lone 1s = 22", `splitter.line.lones`; "2 groups of 2 × 2 = 4", `groups`), in the order of
    the first of them; a sheet of alternating 1s and 2s listed "A lone 1 = 1" 22 times. A group on a star is said
    on a line of its own (it scores double)."""
    scoring = [g for g in groups(sheet, grid) if g["scores"]]
    kinds = Counter((g["value"], g["size"]) for g in scoring if not g["star"])
    lines: list[Line] = []
    for g in scoring:
        kind, params = ("lone" if g["size"] == 1 else "group"), {"value": g["value"], "cells": g["size"]}
        count = 1 if g["star"] else kinds.pop((g["value"], g["size"]), 0)
        if g["star"] or count == 1:
            lines.append(Line(f"splitter.line.{kind}{'_star' if g['star'] else ''}", g["points"], params))
        elif count:
            lines.append(Line(f"splitter.line.{kind}s", g["points"] * count, {**params, "count": count}))
    value = hearts_value(sheet, grid)
    if value is not None:
        lines.append(Line("splitter.line.hearts", HEARTS_BONUS, {"value": value}))
    return lines


# ---------------------------------------------------------------------------------------------------------
# Play


def pair(row: int, offset: int) -> list[list[int]]:
    """The two cells of a row at distance offset from the centre line, left one first."""
    return [[row, COLS // 2 - 1 - offset], [row, COLS // 2 + offset]]


def place_words(place: dict) -> dict:
    """A pair's place as a person reads it on the sheet: row and both columns counted from 1, left first.
    Ruling: a row holds up to four pairs, so "row 3" alone did not say which squares a round's pair went to
    (the log and the table of past rounds, where a wrong entry is found and corrected)."""
    (row, first), (_, second) = pair(place["row"], place["offset"])
    return {"row": row + 1, "first": first + 1, "second": second + 1}


def open_places(state: dict, player: str) -> list[list[int]]:
    """Every [row, offset] whose two cells are on the player's sheet and still empty."""
    sheet, grid = state["options"]["sheet"], state["sheets"][player]
    return [[r, k] for r in range(ROWS) for k in range(COLS // 2)
            if all(on_sheet(sheet, *cell) and grid[cell[0]][cell[1]] is None for cell in pair(r, k))]


def _dice(action: dict) -> list[int]:
    """The two dice of a set_roll, refused unless both are whole numbers 1–6."""
    dice = action.get("dice")
    if not (isinstance(dice, list) and len(dice) == 2
            and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice)):
        raise RuleError("splitter.dice_invalid", dice=str(dice))
    return list(dice)


@register
class Splitter(Engine):
    """Roll-and-write on a shared roll: sheets filled round by round or entered finished, groups scored."""

    minor = ("correct", "finish")
    correction_key = "splitter.action.corrected"  # a correction moves pairs: its row says the sheets' totals
    game = Game(
        id="splitter",
        names={"en": "Splitter", "zh-CN": "Splitter"},
        min_players=1,
        max_players=12,
        options=(Option("sheet", "A", CHOICE, choices=("A", "B")),),
    )
    def setup(self, state: dict) -> None:
        """Blank sheets; round 1 waits for its roll; `app_rolls`: the dice of every app roll in log order (the log
        says them); `entered_in`: the round each finished sheet was entered in."""
        state["sheets"] = {p: blank_sheet() for p in state["players"]}
        state["entered"] = []
        state["entered_in"] = {}
        state["round"] = 1
        state["roll"] = None
        state["rolls"] = []
        state["app_rolls"] = []
        state["written"] = []
        state["placed"] = [{}]
        state["phase"] = "roll"

    def _check_roll_open(self, state: dict) -> None:
        """Refuse a second roll in a round."""
        if state["roll"] is not None:
            raise RuleError("splitter.already_rolled", round=state["round"])

    @move("roll", fields=(), reveals=True)
    def roll(self, state: dict, action: dict) -> None:
        """The app rolls two dice for this round."""
        self._check_roll_open(state)
        dice = rng(state["seed"], "roll", state["round"])
        state["roll"] = [dice.randint(1, 6), dice.randint(1, 6)]
        state["app_rolls"].append(state["roll"])
        state["phase"] = "write"

    @move("set_roll", fields=("dice",))
    def set_roll(self, state: dict, action: dict) -> None:
        """The table's own roll for this round."""
        self._check_roll_open(state)
        state["roll"] = _dice(action)
        state["phase"] = "write"

    def _player(self, state: dict, action: dict) -> str:
        """The acting player, refused for a sheet already entered finished."""
        by = action["by"]
        if by in state["entered"]:
            raise RuleError("splitter.sheet_finished", name=by)
        return by

    @move("write", by=PLAYER, fields=("row", "offset", "left", "right"))
    def write(self, state: dict, action: dict) -> None:
        """Write this round's two numbers in one row, mirrored about the centre line."""
        by = self._player(state, action)
        if state["roll"] is None:
            raise RuleError("splitter.no_roll")
        if by in state["written"]:
            raise RuleError("splitter.already_written", name=by)
        state["placed"][-1][by] = self._place(state, state["sheets"][by], action, state["roll"])
        state["written"].append(by)
        self._end_round_if_done(state)

    @move("correct", by=TABLE, phase=("roll", "write"), fields=("round", "writes"))
    def correct(self, state: dict, action: dict) -> None:
        """Move the writes of a finished round to where the players really wrote them (the log keeps both)."""
        number = action.get("round")
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(state["rolls"]):
            raise RuleError("splitter.round_unknown", round=str(number)[:20])
        placed = state["placed"][number - 1]
        writes = action.get("writes")
        if not isinstance(writes, dict):
            raise RuleError("splitter.writes_missing")
        for name in writes:
            if name not in placed:
                raise RuleError("splitter.wrote_nothing", name=str(name)[:40], round=number)
        for name in placed:
            if name not in writes:
                raise RuleError("splitter.write_missing", name=name, round=number)
        before = self._totals(state)
        for name, old in placed.items():
            grid = state["sheets"][name]
            for r, c in pair(old["row"], old["offset"]):
                grid[r][c] = None
        for name in placed:
            if isinstance(writes[name], dict):
                known_fields(writes[name], PLACE_FIELDS, "correct", self.game.id)
            placed[name] = self._corrected(state, name, number, writes[name])
        note_correction(state, number, before, self._totals(state))

    def _totals(self, state: dict) -> dict:
        """Each sheet's points as it stands."""
        return {p: sum(line.points for line in sheet_score(state["options"]["sheet"], state["sheets"][p]))
                for p in state["players"]}

    def _corrected(self, state: dict, name: str, number: int, given) -> dict:
        """One player's corrected pair of round `number`, placed; a refusal names the player and the round."""
        try:
            return self._place(state, state["sheets"][name], given, state["rolls"][number - 1])
        except RuleError as err:
            raise RuleError("splitter.correct_refused", name=name, round=number, reason=err.key,
                            reason_params=err.params) from None

    def _place(self, state: dict, grid: list[list], given, dice: list[int]) -> dict:
        """Write a pair on a grid: the place on the sheet and empty, the numbers the dice in either order; the
        write as placed (row, offset, left, right)."""
        if not isinstance(given, dict):
            raise RuleError("splitter.place_invalid")
        row, offset, left, right = (given.get(k) for k in PLACE_FIELDS)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (row, offset)) \
                or not (0 <= row < ROWS and 0 <= offset < COLS // 2):
            raise RuleError("splitter.place_invalid")
        cells = pair(row, offset)
        if not all(on_sheet(state["options"]["sheet"], *cell) for cell in cells):
            raise RuleError("splitter.no_space")
        if any(grid[r][c] is not None for r, c in cells):
            raise RuleError("splitter.cell_taken")
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (left, right)) \
                or sorted([left, right]) != sorted(dice):
            raise RuleError("splitter.values_not_roll", left=str(left), right=str(right), dice=dice)
        (r1, c1), (r2, c2) = cells
        grid[r1][c1], grid[r2][c2] = left, right
        return {"row": row, "offset": offset, "left": left, "right": right}

    @move("layout", by=PLAYER, fields=("layout",))
    def layout(self, state: dict, action: dict) -> None:
        """Enter a player's finished sheet."""
        by = self._player(state, action)
        if any(v is not None for row in state["sheets"][by] for v in row):
            raise RuleError("splitter.sheet_started", name=by)
        state["sheets"][by] = parse_sheet(action.get("layout"), state["options"]["sheet"])
        state["entered"].append(by)
        state["entered_in"][by] = state["round"]
        self._end_round_if_done(state)

    @move("finish", by=TABLE, fields=())
    def finish(self, state: dict, action: dict) -> None:
        """The table ends the game with the sheets as they stand."""
        if not state["rolls"] and not state["entered"] and not state["written"]:
            raise RuleError("splitter.nothing_to_finish")
        self._over(state, "core.ended.finish")

    def _over(self, state: dict, why: str, **params) -> None:
        """The game is over, and why (`note_end`)."""
        note_end(state, why, **params)
        state["over"], state["phase"] = True, "over"

    def offer(self, state: dict, kind: str, by: str) -> list | None:
        """Finite choices: a roll, the 21 rolls of two dice, every legal pair of cells for the roll, finishing;
        corrections are typed, once a round is finished."""
        if kind == "roll":
            return [{}] if state["roll"] is None else []
        if kind == "set_roll":
            return [{"dice": [a, b]} for a in range(1, 7) for b in range(a, 7)] if state["roll"] is None else []
        if kind == "write":
            return self._places(state, by)
        if kind == "layout":
            started = any(v is not None for row in state["sheets"][by] for v in row)
            return [] if started or by in state["entered"] else None
        if kind == "finish":
            return [{}] if state["rolls"] or state["entered"] or state["written"] else []
        if kind == "correct" and not state["rolls"]:
            return []
        return None

    def _places(self, state: dict, by: str) -> list[dict]:
        """Every legal write for a player this round: empty mirrored pairs on the sheet, both orders of the dice."""
        if state["roll"] is None or by in state["written"] or by in state["entered"]:
            return []
        grid, sheet = state["sheets"][by], state["options"]["sheet"]
        a, b = state["roll"]
        orders = [(a, b)] if a == b else [(a, b), (b, a)]
        out = []
        for row in range(ROWS):
            for offset in range(COLS // 2):
                cells = pair(row, offset)
                if all(on_sheet(sheet, *cell) and grid[cell[0]][cell[1]] is None for cell in cells):
                    out += [{"row": row, "offset": offset, "left": l, "right": r} for l, r in orders]
        return out

    def _end_round_if_done(self, state: dict) -> None:
        """Close the round once every player still writing has written; end the game after the last."""
        writing = [p for p in state["players"] if p not in state["entered"]]
        if not writing:
            self._over(state, "splitter.ended.sheets")
            return
        if state["roll"] is None or any(p not in state["written"] for p in writing):
            return
        state["rolls"].append(state["roll"])
        state["roll"], state["written"], state["phase"] = None, [], "roll"
        if state["round"] == ROUNDS:
            self._over(state, "core.ended.rounds", round=ROUNDS, rounds=ROUNDS)
        else:
            state["round"] += 1
            state["placed"].append({})

    def rounds_entered(self, state: dict) -> int:
        """How many rounds are finished (rolled, by the app or the table, and written by every player)."""
        return len(state["rolls"])

    def completes(self, state: dict, action: dict) -> int | None:
        """The round a player's `write` or finished sheet finished, given `state` just after it: the last write the
        round waited for leaves nobody written in the round being played; a sheet entered in a round that is now
        finished was the last it waited for. Undone, the round goes back to waiting for it."""
        done = self.rounds_entered(state)
        if action.get("type") == "layout":
            return done if done and state["entered_in"].get(action.get("by")) == done else None
        return done if action.get("type") == "write" and not state["written"] and done else None

    def describe(self, action: dict) -> tuple[str, dict]:
        """An action in words; a write says where it went (`place_words`), as the paper sheet shows it."""
        key, params = super().describe(action)
        if action.get("type") == "write" and all(isinstance(action.get(k), int) for k in ("row", "offset")):
            params = {**params, **place_words(action)}
        return key, params

    def logged(self, state: dict, action: dict, nth: int) -> tuple[str, dict]:
        """The nth app roll of the log with its dice, as kept in `app_rolls` ("The app rolled 3 and 5": "rolled the
        dice" never said which, and a dispute about a roll needs them); any other action as `Engine.logged` says it."""
        if action.get("type") == "roll" and 0 < nth <= len(state["app_rolls"]):
            return "splitter.action.rolled", {**self.describe(action)[1], "dice": state["app_rolls"][nth - 1]}
        return super().logged(state, action, nth)

    def status(self, state: dict) -> dict:
        """Header: round of 22, waiting for the roll (and who rolls) or for the players to write; once over, the
        rounds played (a game the table ended before round 3's roll read "round 3 of 22 · game over")."""
        players, over = state["players"], state["over"]
        turn = players[(state["round"] - 1) % len(players)] if state["phase"] == "roll" and not over else None
        played = len(state["rolls"]) or None
        return {**super().status(state), "round": played if over else state["round"], "rounds": ROUNDS, "turn": turn}

    def scoreboard(self, state: dict):
        """Each sheet's scoring groups and hearts bonus; ties share."""
        sheet = state["options"]["sheet"]
        lines = {p: sheet_score(sheet, state["sheets"][p]) for p in state["players"]}
        return make_scoreboard("splitter", state["players"], lines, over=state["over"], ended=state.get("ended"))
