"""Cubosaurs (Fabien Tanguy, Catch Up Games 2022): each player's collection at the end of a round, scored.

Score rows are data, because only part of them is confirmed [RULINGS §10]: option `rows` holds one row per
dinosaur type, the points for 1 / 2 / 3 / 4+ cards, and option `eggs` one row per egg type, the points with and
without the majority. Both are text, entries separated by ";", an unknown value written "?":

    rows: "T-Rex: 4 1 -2 -5; Brontosaurus: ? ? 5 ?; Pentaceratops: -3 ? ? ?"
    eggs: "Pentaceratops: ? -3"

Known [official]: the T-Rex row. From the official example: Brontosaurus ×3 = +5, Pentaceratops ×1 = −3, a lost
Pentaceratops egg = −3. Every "?" is unconfirmed: when a round needs one the engine refuses it naming the type
and count (`cubosaurs.value_unknown`), the view asks the table what the card says, and records a `row` action;
the app may save the completed rows as a game profile for the next session.

Actions:
- `row` by the table: `{"kind": "dino" | "egg", "name": type, "values": [4 values] | [plus, minus]}` — sets (or
  adds) a row; earlier rounds are rescored with it. A value is an int, or null for one still unknown [ruling]:
  the table answering the one value a round needs need not guess the others (the screen had stored them as 0,
  and a later round scored that 0 instead of asking). A row that leaves unknown a value a recorded round scored
  with is refused (`cubosaurs.row_value_used`, naming the round): the game could no longer be scored.
- `round` by the table: `{"lines": {player: {"dinos": {type: count}, "raptors": [{"colour": "black" | "grey",
  "plus": int, "minus": int}, ...], "eggs": {type: count}, "dna": tokens}}}` — a line for every player.
  Optionally `"round": n`, the round it is entered as (the app sends it): refused unless it is the round being
  entered (`cubosaurs.line_round`), and the log names that round (a round completed from players' lines is not
  a `round` action).
- `line` by a player: `{"round": n, "line": collection}` — the player's own collection at the end of the round
  being entered, counted on their own phone [ruling]. The line is checked alone when given (known types, counts,
  raptor signs); lines wait until every player has given one, and the last one records the round, checked and
  scored as a whole as the table's `round` is (egg majorities need every collection). If the whole is refused,
  the last line is refused with the rule that fails and the others stay given. A score value still unknown is
  refused as `cubosaurs.line_value_unknown` / `cubosaurs.line_egg_value_unknown`: a player cannot set a row (the
  table's move), so the message says the referee or the host sets it from the card; the last player then gives
  theirs again (or the table fills its form from the lines given and enters the round, answering the question
  there). A line for another round than the one being entered is refused (`cubosaurs.line_round`). The table's
  own `round` wins and drops the lines given; given lines are public (collections lie open on the table).

Scoring: the row value for each type's count (4+ as 4); raptors: the black/grey pairing with the best total,
paired cards scoring their plus value and lone ones their minus value; each egg its plus value if its owner has
the most cards of that type (ties count as most), else its minus value; with option `dna` (advanced mode) the
tokens held after the last round score 1 per pair. 2 rounds (3 with 2 players), summed.

Rulings:
- A player with none of a type never has its majority (an egg of a type nobody collected is lost).
- DNA tokens carry over between rounds; each line gives the tokens the player holds then, and the last round's
  count is scored once (shown as its own line).
- Final tie: the most points in the last round, then shared.
- A round in which no player holds a card (no dinosaur, raptor or egg; DNA tokens are not cards) is refused
  (`cubosaurs.round_empty`) [ruling]: a round ends when a card must be drawn from an empty deck, and a card is
  only ever drawn, passed on or taken into a collection, so at that moment every card of the deck is in someone's
  collection (originals/bga-help.zh-CN.txt, Cubosaurs: "每次牌堆抽空后进入计分阶段", "首循环结束标志：需抽牌时牌堆已空";
  RULINGS §10 scores each player's collection at the end of a round). An all-empty round is a tap made before
  anything was counted, not a round of the game. One player with nothing is allowed (they may have passed on
  every card).
- A raptor's values are entered as printed: its plus value 0 or more, its minus value 0 or less; a minus written
  without its sign (+1) is refused with a message saying so, never scored as a bonus.
- A malformed entry of the rows text is refused with a dinosaur row's example (`cubosaurs.rows_invalid`), of the
  eggs text with an egg row's (`cubosaurs.eggs_invalid`, two values), neither naming the option by its code; a
  text with several is refused once, naming every one (quoted as typed, joined by "; ") and how many.
- The rows and eggs text may be typed with a Chinese keyboard's punctuation: "雷龙：3，－1、２；" reads as
  "雷龙: 3, -1, 2;" (full-width colon, semicolon, comma, question mark, signs and digits, and the enumeration comma
  "、"). A text that reads as it is is read so first, so a type named with one of these marks in an older session
  keeps its name; a refusal quotes the entry as typed.
- A line or a raptor with a field the engine does not know is refused naming the field (a typo in "dinos" must
  not silently score 0).
- `correct` by the table: `{"round": n, "lines": {...}}` replaces round n written wrong; the log keeps both, and
  its row says each player's points for the round before → after (`note_correction`).
- A `round` naming its number reads in the log with each player's points for it as entered ("Round 1 scores:
  Ann 4, Bo 0"; `OwnLines.logged`), scored with the rows as they stand: it read "Round 1 entered", and a family
  settling a dispute had to open the round to learn who scored what (Flip 7, Rummy and the score pad said it).

The log names a type the app ships by its message key (`cubosaurs.type.<name>`, which a screen shows in the
player's language, "霸王龙" for T-Rex); a type the table wrote itself, as written.

The table's questions: `prompt` offers `round`, `row` and `correct` as typed input, the round first (it is
what the table is doing; a row is set when a card's value is unknown, or corrected), and `line` to every player;
nothing is secret
(`player_view` drops only the seed).
Events: a `row` returns `{"type": "profile", "game": "cubosaurs", "data": {"rows": text, "eggs": text}}`, the
completed rows for the session layer to save as the game's profile (the next session starts from them).
"""

from __future__ import annotations

from functools import lru_cache

from scoring.core import (BOOL, PLAYER, TABLE, TEXT, Engine, Game, Line, Option, RuleError, each_player,
                          known_fields, make_scoreboard, move, note_correction, note_end, register)
from scoring.mechanics.own_lines import OwnLines

DEFAULT_ROWS = "T-Rex: 4 1 -2 -5; Brontosaurus: ? ? 5 ?; Pentaceratops: -3 ? ? ?"
DEFAULT_EGGS = "Pentaceratops: ? -3"
COLOURS = ("black", "grey")
MAX_RAPTORS = 16
MAX_VALUE = 100
MAX_NAME = 40
LINE_FIELDS = {"dinos", "raptors", "eggs", "dna"}
UNKNOWN_KEYS = ("cubosaurs.value_unknown", "cubosaurs.egg_value_unknown")
UNKNOWN_VALUE = "cubosaurs.unknown_value"  # a row value still unknown, in the log's words
ROW_PARAMS = {False: ("one", "two", "three", "four"), True: ("majority", "minority")}  # a logged row's values
RAPTOR_FIELDS = {"colour", "plus", "minus"}
IME_MARKS = str.maketrans({"：": ":", "；": ";", "，": ",", "、": ",", "？": "?", "－": "-", "＋": "+", "\u3000": " ",
                           **{chr(0xFF10 + digit): str(digit) for digit in range(10)}})


def parse_rows(text: str, width: int, option: str) -> dict:
    """Rows from profile text: {type: [int or None] * width}, typed with either keyboard's punctuation; refuses
    malformed entries as typed."""
    try:
        return _rows(text, width, option)
    except RuleError:
        typed = text.translate(IME_MARKS)
        if typed == text:
            raise
    try:
        return _rows(typed, width, option)
    except RuleError:
        return _rows(text, width, option)


def _rows(text: str, width: int, option: str) -> dict:
    """Rows from text punctuated with ASCII marks (the maths minus too); refuses its malformed entries, every one
    in one refusal (a text with two typed wrong named the first, then, once mended, the second)."""
    rows, bad = {}, []
    for entry in filter(None, (part.strip() for part in text.split(";"))):
        name, sep, values = entry.partition(":")
        cells = _row_values(values, width)
        if not sep or not name.strip() or cells is None or name.strip() in rows:
            bad.append(entry)
        else:
            rows[name.strip()] = cells
    if bad:
        raise _rows_refusal(option, bad)
    return rows


def _row_values(text: str, width: int) -> list | None:
    """A row's values (None for "?"), or None when they are not `width` numbers or "?"."""
    cells = text.replace(",", " ").replace("−", "-").replace("+", "").split()
    try:
        return [None if c == "?" else int(c) for c in cells] if len(cells) == width else None
    except ValueError:
        return None


def _rows_refusal(option: str, bad: list[str]) -> RuleError:
    """The malformed entries of the `rows` or `eggs` option, quoted as typed (joined as the text joins them) with
    how many, said with that option's own example (4 or 2 values)."""
    key = "cubosaurs.eggs_invalid" if option == "eggs" else "cubosaurs.rows_invalid"
    return RuleError(key, entry="; ".join(bad), count=len(bad))


def format_rows(rows: dict) -> str:
    """Rows back to profile text (what the app saves as a profile)."""
    return "; ".join(f"{name}: " + " ".join("?" if v is None else str(v) for v in values)
                     for name, values in rows.items())


def best_raptors(raptors: list[dict]) -> int:
    """The raptors' best total: each black paired with at most one grey, pairs plus, lone cards minus."""
    blacks = [r for r in raptors if r["colour"] == "black"]
    greys = [r for r in raptors if r["colour"] == "grey"]

    @lru_cache(maxsize=None)
    def best(i: int, used: int) -> int:
        """Best total for blacks[i:] with the greys in `used` already paired."""
        if i == len(blacks):
            return sum(g["minus"] for j, g in enumerate(greys) if not used >> j & 1)
        options = [blacks[i]["minus"] + best(i + 1, used)]
        for j, grey in enumerate(greys):
            if not used >> j & 1:
                options.append(blacks[i]["plus"] + grey["plus"] + best(i + 1, used | 1 << j))
        return max(options)

    return best(0, 0)


def _count(name: str, value) -> int:
    """A card or token count, a whole number ≥ 0."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 60:
        raise RuleError("cubosaurs.count_invalid", name=name)
    return value


SHIPPED = frozenset(parse_rows(DEFAULT_ROWS, 4, "rows")) | frozenset(parse_rows(DEFAULT_EGGS, 2, "eggs"))


def same_type(a: str, b: str) -> bool:
    """Whether two written type names are one type [ruling]: letter case and runs of spaces do not tell types apart
    (a table typing "t-rex" means the T-Rex listed; as two rows it would be scored and asked about apart)."""
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def type_key(name: str) -> str | None:
    """The message key naming a type the app ships (`cubosaurs.type.<name>`); None for a type the table wrote."""
    return f"cubosaurs.type.{name}" if name in SHIPPED else None


@register
class Cubosaurs(OwnLines, Engine):
    """Cubosaurs rounds: collections scored by editable rows, raptor pairs, egg majorities, DNA tokens."""

    game = Game(
        id="cubosaurs",
        names={"en": "Cubosaurs", "zh-CN": "方块恐龙"},
        min_players=2,
        max_players=5,
        options=(
            Option("rows", DEFAULT_ROWS, TEXT),
            Option("eggs", DEFAULT_EGGS, TEXT),
            Option("dna", False, BOOL),
        ),
    )

    def setup(self, state: dict) -> None:
        """Rows from the options; 2 rounds, 3 with two players."""
        state["rows"] = parse_rows(state["options"]["rows"], 4, "rows")
        state["egg_rows"] = parse_rows(state["options"]["eggs"], 2, "eggs")
        state["rounds"] = []
        state["total_rounds"] = 3 if len(state["players"]) == 2 else 2
        state["lines"] = {}
        state["phase"] = "playing"

    def describe(self, action: dict) -> tuple[str, dict]:
        """An action in words; a shipped type named by its message key, an egg row as an egg's, each row value with
        the count it is for ("1 card −3, 2 cards 2, …": the log read "−3, 2, unknown and unknown", not saying which
        count each was for; an egg's with and without the majority), a value still unknown as "not known" (a message
        key: the log's "?" read as a question, not as the rows text's mark)."""
        key, params = super().describe(action)
        if action.get("type") != "row":
            return key, params
        named = type_key(params.get("name"))
        if named is not None:
            params["name"] = named
        egg = action.get("kind") == "egg"
        values = params.get("values")
        if isinstance(values, list) and len(values) == len(ROW_PARAMS[egg]):
            del params["values"]
            params.update({name: UNKNOWN_VALUE if v is None else v for name, v in zip(ROW_PARAMS[egg], values)})
        return (f"{key}_egg" if egg else key), params

    def _round(self, state: dict, given: object) -> dict:
        """Every player's collection, checked and scorable with the known rows."""
        checked = self._round_lines(state, given)
        self.round_scores(state, checked)
        return checked

    @move("round", by=TABLE, phase=("playing",), fields=("lines", "round"))
    def add_round(self, state: dict, action: dict) -> None:
        """Record one round: every player's collection, checked and scorable with the known rows (given lines are
        dropped)."""
        self.round_number(action, len(state["rounds"]) + 1)
        self._record(state, self._round(state, action.get("lines")))

    @move("line", by=PLAYER, phase=("playing",), fields=("round", "line"))
    def add_line(self, state: dict, action: dict) -> None:
        """A player's own collection for the round being entered; the last one records the round, checked and
        scored as a whole."""
        self.take_line(state, action, len(state["rounds"]) + 1, "line",
                       lambda by, line: self._check_line(state, by, line),
                       lambda lines: self._record(state, self._round_of_lines(state, lines)))

    def _round_of_lines(self, state: dict, lines: dict) -> dict:
        """The round the players' own collections make; a value not known yet said to a player (the table sets
        it)."""
        try:
            return self._round(state, lines)
        except RuleError as err:
            if err.key not in UNKNOWN_KEYS:
                raise
            key = "cubosaurs.line_value_unknown" if err.key == "cubosaurs.value_unknown" else \
                "cubosaurs.line_egg_value_unknown"
            raise RuleError(key, **{**err.params, "type": type_key(err.params["type"]) or err.params["type"]}) from None

    def _record(self, state: dict, rnd: dict) -> None:
        """Add a checked round, drop the lines given, and end the game after its last round."""
        state["lines"] = {}
        state["rounds"].append(rnd)
        if len(state["rounds"]) >= state["total_rounds"]:
            note_end(state, "core.ended.rounds", round=len(state["rounds"]), rounds=state["total_rounds"])
            state["over"] = True
            state["phase"] = "over"

    @move("row", by=TABLE, phase=("playing",), fields=("kind", "name", "values"))
    def set_row(self, state: dict, action: dict) -> None:
        """The table sets a score row (what the card says)."""
        kind, name, values = action.get("kind"), action.get("name"), action.get("values")
        width = {"dino": 4, "egg": 2}.get(kind) if isinstance(kind, str) else None
        if width is None or not isinstance(name, str) or not name.strip() or ";" in name or ":" in name:
            raise RuleError("cubosaurs.row_invalid")
        if len(name.strip()) > MAX_NAME:
            raise RuleError("cubosaurs.row_name_too_long", most=MAX_NAME)
        if not isinstance(values, list) or len(values) != width or any(
                v is not None and (isinstance(v, bool) or not isinstance(v, int) or abs(v) > MAX_VALUE)
                for v in values):
            raise RuleError("cubosaurs.row_invalid")
        state["rows" if kind == "dino" else "egg_rows"][name.strip()] = list(values)
        for number, rnd in enumerate(state["rounds"], 1):
            try:
                self.round_scores(state, rnd)
            except RuleError:
                raise RuleError("cubosaurs.row_value_used", type=type_key(name.strip()) or name.strip(),
                                round=number) from None
        return [{"type": "profile", "game": "cubosaurs",
                 "data": {"rows": format_rows(state["rows"]), "eggs": format_rows(state["egg_rows"])}}]

    @move("correct", by=TABLE, phase=("playing",), fields=("round", "lines"))
    def correct(self, state: dict, action: dict) -> None:
        """Replace an earlier round written wrong (the log keeps both)."""
        number = action.get("round")
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(state["rounds"]):
            raise RuleError("cubosaurs.round_unknown", round=str(number)[:20])
        old, new = state["rounds"][number - 1], self._round(state, action.get("lines"))
        state["rounds"][number - 1] = new
        note_correction(state, number, self._points(state, old), self._points(state, new))

    def round_points(self, state: dict, number: int) -> dict | None:
        """Round `number`'s points per player, for its log row (`OwnLines.logged`)."""
        return self._points(state, state["rounds"][number - 1])

    def _points(self, state: dict, lines: dict) -> dict:
        """Each player's points for a round (dinosaurs, raptors and eggs together)."""
        return {name: sum(parts.values()) for name, parts in self.round_scores(state, lines).items()}

    def _check_line(self, state: dict, name: str, line) -> dict:
        """One collection with known types and sensible counts."""
        if not isinstance(line, dict):
            raise RuleError("cubosaurs.line_invalid", name=name)
        known_fields(line, LINE_FIELDS, "round", self.game.id)
        dinos, eggs, raptors = line.get("dinos", {}), line.get("eggs", {}), line.get("raptors", [])
        if not isinstance(dinos, dict) or not isinstance(eggs, dict) or not isinstance(raptors, list):
            raise RuleError("cubosaurs.line_invalid", name=name)
        for kind, table, rows in (("type", dinos, state["rows"]), ("egg", eggs, state["egg_rows"])):
            for dino in table:
                if dino not in rows:
                    raise RuleError(f"cubosaurs.{kind}_unknown", name=name, type=str(dino))
        if len(raptors) > MAX_RAPTORS or any(
                not isinstance(r, dict) or set(r) != RAPTOR_FIELDS or r.get("colour") not in COLOURS
                or any(isinstance(r.get(k), bool) or not isinstance(r.get(k), int) for k in ("plus", "minus"))
                for r in raptors):
            raise RuleError("cubosaurs.raptor_invalid", name=name)
        for r in raptors:
            if r["minus"] > 0 or r["plus"] < 0:
                raise RuleError("cubosaurs.raptor_sign", name=name, plus=r["plus"], minus=r["minus"])
            if max(r["plus"], -r["minus"]) > MAX_VALUE:
                raise RuleError("cubosaurs.raptor_too_large", name=name, plus=r["plus"], minus=r["minus"],
                                most=MAX_VALUE)
        dna = _count(name, line.get("dna", 0))
        if dna and not state["options"]["dna"]:
            raise RuleError("cubosaurs.dna_off", name=name)
        return {"dinos": {d: _count(name, c) for d, c in dinos.items() if _count(name, c)},
                "eggs": {d: _count(name, c) for d, c in eggs.items() if _count(name, c)},
                "raptors": [{"colour": r["colour"], "plus": r["plus"], "minus": r["minus"]} for r in raptors],
                "dna": dna}

    def round_needs(self, state: dict, lines: object, known: dict | None = None) -> RuleError | None:
        """The unknown row value scoring these lines would need first (`cubosaurs.value_unknown` or
        `cubosaurs.egg_value_unknown` with the type), given rows the table has just said (`known`:
        {"dino": {type: values}, "egg": {type: values}}); None when nothing unknown is needed."""
        known = known or {}
        view = {**state, "rows": {**state["rows"], **known.get("dino", {})},
                "egg_rows": {**state["egg_rows"], **known.get("egg", {})}}
        try:
            self.round_scores(view, self._round_lines(view, lines))
        except RuleError as err:
            return err if err.key in UNKNOWN_KEYS else None
        return None

    def _round_lines(self, state: dict, given: object) -> dict:
        """Every player's collection, checked; a round where nobody holds a card is refused (see Rulings)."""
        lines = each_player(state, given, "cubosaurs.lines_missing", "cubosaurs.line_missing",
                            lambda name, line: self._check_line(state, name, line))
        if not any(line["dinos"] or line["eggs"] or line["raptors"] for line in lines.values()):
            raise RuleError("cubosaurs.round_empty")
        return lines

    def round_scores(self, state: dict, lines: dict) -> dict:
        """Each player's {"dinos", "raptors", "eggs"} points for a round; refuses a needed unknown value."""
        out = {}
        for name, line in lines.items():
            dinos = 0
            for dino, count in line["dinos"].items():
                value = state["rows"][dino][min(count, 4) - 1]
                if value is None:
                    raise RuleError("cubosaurs.value_unknown", type=dino, count=min(count, 4), more=count >= 4)
                dinos += value
            eggs = 0
            for dino, count in line["eggs"].items():
                mine = line["dinos"].get(dino, 0)
                most = mine > 0 and all(mine >= other["dinos"].get(dino, 0) for other in lines.values())
                value = state["egg_rows"][dino][0 if most else 1]
                if value is None:
                    raise RuleError("cubosaurs.egg_value_unknown", type=dino, majority=most)
                eggs += value * count
            out[name] = {"dinos": dinos, "raptors": best_raptors(line["raptors"]), "eggs": eggs}
        return out

    def status(self, state: dict) -> dict:
        """Header: the round being entered (the last one once over, `OwnLines`) of 2 or 3."""
        return {**super().status(state), "rounds": state["total_rounds"]}

    def scoreboard(self, state: dict):
        """Lines per round (dinosaurs, raptors, eggs) and the DNA pairs; tiebreak the last round's points.
        Ruling: a round's part that scored 0 and a DNA line with no token held are left out (every player's board
        listed "Round 1: Raptors = 0" for every round and part they scored nothing in; the total is the same)."""
        lines = {p: [] for p in state["players"]}
        cumulative, running, last = [], {p: 0 for p in state["players"]}, {p: 0 for p in state["players"]}
        for index, rnd in enumerate(state["rounds"]):
            scores = self.round_scores(state, rnd)
            for p in state["players"]:
                lines[p] += [Line(f"cubosaurs.line.{part}", scores[p][part], {"round": index + 1})
                             for part in ("dinos", "raptors", "eggs") if scores[p][part]]
                last[p] = sum(scores[p].values())
                running[p] += last[p]
            cumulative.append(dict(running))
        if state["rounds"] and state["options"]["dna"]:
            for p in state["players"]:
                tokens = state["rounds"][-1][p]["dna"]
                if tokens:
                    lines[p].append(Line("cubosaurs.line.dna", tokens // 2, {"tokens": tokens}))
                cumulative[-1][p] += tokens // 2
        tiebreaks = {p: (last[p],) for p in state["players"]}
        return make_scoreboard("cubosaurs", state["players"], lines, tiebreaks=tiebreaks, rounds=cumulative,
                               over=state["over"], ended=state.get("ended"))
