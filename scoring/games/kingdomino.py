"""Kingdomino (Bruno Cathala, Blue Orange): each player builds a kingdom of dominoes around a castle; properties
score squares × crowns. RULINGS.md §5. Uses `scoring.mechanics.regions` for properties.

Two ways in:
- Domino by domino: `place` {"by": P, "domino": n, "cells": [[r, c], [r, c]]} puts domino n's first half (as
  listed in the catalogue) on the first cell and its second half on the second, so listing the cells the other
  way round turns the domino over; `discard` {"by": P, "domino": n} records a domino that has no legal place.
  Coordinates are those of the player's frame: a square of 2×size−1 cells (9×9, or 13×13 in Mighty Duel) with
  the castle in its centre cell (size−1, size−1), so the kingdom may grow in any direction until its bounding
  box is size×size. `legal_placements(state, player, domino)` lists every legal `cells` for a domino;
  `used_dominoes(state)` the dominoes already used in the current game, `is_finished(kingdom, options)` whether
  a kingdom takes nothing more, `current_kingdoms(state)` the current game's kingdoms.
- A finished paper kingdom: `layout` {"by": P, "layout": text} in the layout text of RULINGS.md §5 (rows top to
  bottom, cells separated by spaces: W G F L S M with an optional crown digit, C the castle, `.` empty).
  `parse_layout` / `format_layout` read and write that text; `read_layout` also checks the kingdom could exist.
- `finish` by the table ends the current game with the kingdoms as they stand.

Rules (RULINGS.md §5): a domino touches the castle or the same terrain on at least one side and keeps the
kingdom within 5×5 (7×7 in Mighty Duel); a domino with a legal place may not be discarded. Each property scores
squares × crowns; Harmony +5 for a full grid with no discard; Middle Kingdom +10 when the kingdom's bounding box
is centred on the castle. Tie-break: largest property, then crowns, then shared.

Rulings:
- Each domino may be used (placed, discarded, or making an entered layout) once per game of the session, by
  anyone: one physical set. Which dominoes the box leaves out (24 in a 2-player game, 12 in a 3-player game,
  none in Mighty Duel) may be recorded by the table with `set_aside` {"dominoes": [n, ...]}; they are then
  refused like used ones. Not recorded, nothing is assumed about them.
- A layout must be a kingdom real dominoes make: its squares split into dominoes of the catalogue, each used at
  most once in the game (dominoes used by other kingdoms or set aside are not available), and every square is
  joined to the castle. The refusal names the square that cannot be explained (`kingdomino.layout_unexplained`,
  by its row, column, terrain and crowns: a painted kingdom has no letters) or that stands apart
  (`kingdomino.layout_island`); it adds that dominoes used or set aside are out only where the box was shared
  (`shared`: some were out of it, or other layouts were tiled beside this one), not for a kingdom alone with the
  whole box (the quick scorer, a layout no box could make). Identical dominoes are interchangeable, so a layout takes
  the lowest free numbers of each kind. The layouts entered in a game are tiled together, whoever was entered
  first: a kingdom that splits into dominoes more than one way takes the split that leaves room for the others,
  and a domino number a layout took may still be placed, discarded or set aside while an identical one is free
  (the layout then takes that one; `is_free`, `unavailable`). Not checked: that the dominoes could have been
  laid in an order in which each touched the castle or its own terrain. The search is depth-first over the
  kinds of domino, with a budget of 200,000 steps for all the layouts of a game together (two real 7×7
  kingdoms need far fewer; see benchmarks/bench_layouts.py).
- Harmony and Middle Kingdom are variants in the original rules: off unless the table chooses them.
- Every player takes 12 dominoes a game (24 in Mighty Duel) — true for 2 players with two kings each, 3 and 4
  players. A kingdom is finished when its share is placed or discarded, or when its layout is entered; a layout
  is only accepted for a kingdom with nothing in it yet. The game ends by itself when every kingdom is finished,
  or when the table says `finish` (refused while nothing at all has been entered in the game).
- Dynasty: three games summed. The next game starts by itself when one ends (empty kingdoms, all 48 dominoes
  back in the box); the session is over after the third. The tie-break sums each game's largest property and
  crowns. The scoreboard's `rounds` are the cumulative totals after each game, in Dynasty only.
- Harmony needs a full size×size kingdom and no discard; a layout has no discards, so a full layout earns it.
- Middle Kingdom needs at least one domino: a castle standing alone (a game finished before anything was
  placed) is not a kingdom centred on it.
- A layout is measured by its kingdom: rows or columns of `.` only on its edges do not count toward its size.
  A layout is refused when it is too big, has no castle or two, has an unknown terrain or a malformed cell,
  carries more than 3 crowns on a square, or has more squares of a terrain, or more squares of a terrain with a
  given number of crowns, than the 48 dominoes hold (each layout on its own).
- Mighty Duel is for exactly 2 players.

The table's questions:
- `check(state, action)`: the refusal a placement, discard, layout, set-aside or finish would meet, nothing applied.
- `prompt(state)`: while the kingdoms are being built, for every player whose kingdom is not finished: `place`
  and `discard` as free input (the domino is picked from those still free, `unavailable`; its legal squares
  are `legal_placements(state, player, domino)`), and `layout` (free) while that kingdom is still empty. For the
  table: `set_aside` (free) while the box may still leave dominoes out (2 or 3 players, fewer recorded than
  `aside_limit`), and `finish` (one choice) once anything has been entered in the current game. Nothing once
  the session is over.
- `player_view(state, seat)`: nothing is secret — every kingdom, the dominoes used and those set aside lie on
  the table — so every seat and the public table get the state without the session seed.
- `tiebreak_decision(scoreboard)`: which tie-break decided between the players tied on points at the top, as a
  message key and its parameters (None when the points decided or the tie is shared); `tiebreak_decisions` the
  same for every group of players tied on points, lower places too.
"""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

from scoring.core import (BOOL, PLAYER, TABLE, Engine, Game, Line, Option, RuleError, Scoreboard, make_scoreboard,
                          move, register)
from scoring.mechanics.regions import regions

CATALOGUE_FILE = Path(__file__).resolve().parents[2] / "assets" / "kingdomino" / "dominoes.tsv"
LETTERS = {"wheat": "W", "grass": "G", "forest": "F", "lake": "L", "swamp": "S", "mine": "M"}
NAMES = {letter: name for name, letter in LETTERS.items()}
CASTLE, EMPTY = "C", "."
MAX_CROWNS = 3
HARMONY, MIDDLE = 5, 10
DYNASTY_GAMES = 3


def load_catalogue(path: Path) -> dict[int, list[list]]:
    """The dominoes of a catalogue file: number -> [[letter, crowns], [letter, crowns]] (first half first)."""
    with open(path, encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    return {int(row["number"]): [[LETTERS[row["first_terrain"]], int(row["first_crowns"])],
                                 [LETTERS[row["second_terrain"]], int(row["second_crowns"])]] for row in rows}


DOMINOES = load_catalogue(CATALOGUE_FILE)
SQUARES = Counter(half[0] for halves in DOMINOES.values() for half in halves)
CROWNED = Counter((half[0], half[1]) for halves in DOMINOES.values() for half in halves if half[1])


# ---------------------------------------------------------------------------------------------------------
# Layout text


def _cell(token: str, row: int, col: int) -> dict | None:
    """One layout token as a cell: None for `.`, else {"terrain": letter or "C", "crowns": n}."""
    where = {"token": token, "row": row + 1, "col": col + 1}
    if token == EMPTY:
        return None
    if token == CASTLE:
        return {"terrain": CASTLE, "crowns": 0}
    letter, digits = token[0], token[1:]
    if digits and not (digits.isascii() and digits.isdigit()) or not letter.isalpha() or letter == CASTLE:
        raise RuleError("kingdomino.cell_invalid", **where)
    if letter not in NAMES:
        raise RuleError("kingdomino.terrain_unknown", terrain=letter, **where)
    crowns = int(digits or 0)
    if crowns > MAX_CROWNS:
        raise RuleError("kingdomino.crowns_too_many", crowns=crowns, max=MAX_CROWNS, **where)
    return {"terrain": letter, "crowns": crowns}


def parse_layout(text: str) -> list[list]:
    """A layout text as a grid of cells (rows as written; blank lines ignored); refuses malformed text."""
    if not isinstance(text, str):
        raise RuleError("kingdomino.layout_invalid")
    rows = [line.split() for line in text.splitlines() if line.strip()]
    for r, tokens in enumerate(rows):
        if len(tokens) != len(rows[0]):
            raise RuleError("kingdomino.layout_ragged", row=r + 1, count=len(tokens), expected=len(rows[0]))
    return [[_cell(token, r, c) for c, token in enumerate(tokens)] for r, tokens in enumerate(rows)]


def _token(cell: dict | None) -> str:
    """One cell as a layout token."""
    if cell is None:
        return EMPTY
    return cell["terrain"] + (str(cell["crowns"]) if cell["crowns"] else "")


def terrain_word(letter: str) -> str:
    """A terrain (or the castle) as a word of the table, for a refusal naming a square by what is painted on it."""
    return f"kingdomino.terrain.{letter}"


def format_layout(grid: list[list]) -> str:
    """A grid as layout text, columns aligned as in RULINGS.md (parse_layout reads it back to the same grid)."""
    return "\n".join(" ".join(f"{_token(cell):<2}" for cell in row).rstrip() for row in grid)


def _filled(grid: list[list]) -> list[tuple[int, int]]:
    """Positions of the non-empty cells."""
    return [(r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if cell is not None]


def _box(cells: list[tuple[int, int]]) -> tuple[int, int, int, int] | None:
    """Bounding box (top, left, bottom, right) of some positions, None for none."""
    if not cells:
        return None
    rows, cols = [r for r, _ in cells], [c for _, c in cells]
    return min(rows), min(cols), max(rows), max(cols)


def trim(grid: list[list]) -> list[list]:
    """The kingdom alone: the grid cut to the bounding box of its non-empty cells."""
    box = _box(_filled(grid))
    if box is None:
        return []
    top, left, bottom, right = box
    return [list(row[left:right + 1]) for row in grid[top:bottom + 1]]


def check_kingdom(grid: list[list], size: int) -> None:
    """Refuse a kingdom that cannot exist: too big, not one castle, more squares than the 48 dominoes hold."""
    kingdom = trim(grid)
    height, width = len(kingdom), len(kingdom[0]) if kingdom else 0
    if height > size or width > size:
        raise RuleError("kingdomino.layout_too_big", rows=height, cols=width, size=size)
    cells = [cell for row in kingdom for cell in row if cell is not None]
    castles = sum(cell["terrain"] == CASTLE for cell in cells)
    if castles != 1:
        raise RuleError("kingdomino.castle_count", count=castles)
    squares = Counter(cell["terrain"] for cell in cells if cell["terrain"] != CASTLE)
    for letter in NAMES:
        if squares[letter] > SQUARES[letter]:
            raise RuleError("kingdomino.terrain_exceeds_catalogue", terrain=terrain_word(letter),
                            count=squares[letter], max=SQUARES[letter])
    crowned = Counter((cell["terrain"], cell["crowns"]) for cell in cells if cell["crowns"])
    for (letter, crowns), count in sorted(crowned.items()):
        if count > CROWNED[(letter, crowns)]:
            raise RuleError("kingdomino.crowned_exceeds_catalogue", terrain=terrain_word(letter), crowns=crowns,
                            count=count, max=CROWNED[(letter, crowns)])


def read_layout(text: str, size: int = 5) -> list[list]:
    """A layout text as a grid, refused unless it is a kingdom that fits size×size and that real dominoes of the
    catalogue, each once, can make around the castle."""
    grid = parse_layout(text)
    check_kingdom(grid, size)
    tile_layout(grid, set(DOMINOES))
    return grid


# ---------------------------------------------------------------------------------------------------------
# Which dominoes make a layout

TILE_BUDGET = 200_000


def _half(cell: dict) -> tuple[str, int]:
    """A square as the (terrain, crowns) half of a domino."""
    return cell["terrain"], cell["crowns"]


def _class_key(a: tuple, b: tuple) -> tuple:
    """The halves of a domino in a fixed order (so both orientations meet)."""
    return (a, b) if a <= b else (b, a)


CLASSES: dict[tuple, list[int]] = {}
for _number, (_first, _second) in sorted(DOMINOES.items()):
    CLASSES.setdefault(_class_key(tuple(_first), tuple(_second)), []).append(_number)
KIND_OF = {n: kind for kind, numbers in CLASSES.items() for n in numbers}


def tile_layout(grid: list[list], available: set[int]) -> dict[tuple[int, int], int]:
    """Which domino covers each square of a layout grid, using only `available` dominoes, each once
    (`tile_layouts` of one grid)."""
    return tile_layouts([grid], available)[0]


def tile_layouts(grids: list[list[list]], available: set[int]) -> list[dict[tuple[int, int], int]]:
    """Which domino covers each square of several layout grids at once, sharing the `available` dominoes.

    Every square but a castle is half of one domino of the catalogue, and every square is joined to its castle.
    Refuses `kingdomino.layout_island` (a square not joined to the castle) or `kingdomino.layout_unexplained`
    naming the square (1-based row/col of its grid) furthest into the search that no split into available
    dominoes can cover: the grids are tiled in order, so one whose square is named is the last that could not
    be fitted beside those before it; its `shared` says whether the box was shared (dominoes out of it, or other
    grids beside this one): only then does the refusal say that those used or set aside are out. The search picks
    kinds of domino (identical dominoes are interchangeable) within how many of each kind are available; then each
    grid in turn takes the lowest free numbers of each.
    """
    for grid in grids:
        castle = _castle(grid)
        reached = _joined(grid, castle) if castle else set()
        for r, c in ((r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if _is_land(cell)):
            if (r, c) not in reached:
                raise RuleError("kingdomino.layout_island", row=r + 1, col=c + 1)
    land = [(g, r, c) for g, grid in enumerate(grids) for r, row in enumerate(grid) for c, cell in enumerate(row)
            if _is_land(cell)]
    left = Counter(KIND_OF[n] for n in available)
    taken: dict[tuple[int, int, int], tuple] = {}
    pairs: list[tuple] = []
    deepest = [0, land[0] if land else None]
    nodes = [0]

    def partner_options(g: int, r: int, c: int) -> list[tuple[tuple[int, int, int], tuple]]:
        """The free right/down neighbours of (r, c) in grid g with a kind of domino still available for the
        pair."""
        grid, out = grids[g], []
        for nr, nc in ((r, c + 1), (r + 1, c)):
            if nr < len(grid) and nc < len(grid[nr]) and _is_land(grid[nr][nc]) and (g, nr, nc) not in taken:
                kind = _class_key(_half(grid[r][c]), _half(grid[nr][nc]))
                if left[kind] > 0:
                    out.append(((g, nr, nc), kind))
        return out

    def solve(index: int) -> bool:
        """Cover land[index:] (squares before it are covered), depth-first."""
        while index < len(land) and land[index] in taken:
            index += 1
        if index == len(land):
            return True
        nodes[0] += 1
        if nodes[0] > TILE_BUDGET:
            return False
        if index >= deepest[0]:
            deepest[:] = [index, land[index]]
        square = land[index]
        for other, kind in partner_options(*square):
            taken[square] = taken[other] = kind
            left[kind] -= 1
            pairs.append((square, other, kind))
            if solve(index + 1):
                return True
            pairs.pop()
            left[kind] += 1
            del taken[square], taken[other]
        return False

    if not solve(0):
        g, r, c = deepest[1]
        cell = grids[g][r][c]
        raise RuleError("kingdomino.layout_unexplained", row=r + 1, col=c + 1, terrain=terrain_word(cell["terrain"]),
                        crowns=cell["crowns"], shared=len(grids) > 1 or available != set(DOMINOES))
    free = {kind: sorted(n for n in numbers if n in available) for kind, numbers in CLASSES.items()}
    tilings: list[dict[tuple[int, int], int]] = [{} for _ in grids]
    for (g, r, c), (_, r2, c2), kind in sorted(pairs):
        number = free[kind].pop(0)
        tilings[g][(r, c)] = tilings[g][(r2, c2)] = number
    return tilings


def _joined(grid: list[list], start: tuple[int, int]) -> set[tuple[int, int]]:
    """Every non-empty cell reachable from start through non-empty cells."""
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < len(grid) and 0 <= nc < len(grid[nr]) and grid[nr][nc] is not None \
                    and (nr, nc) not in seen:
                seen.add((nr, nc))
                todo.append((nr, nc))
    return seen


# ---------------------------------------------------------------------------------------------------------
# Scoring


def _is_land(cell: dict | None) -> bool:
    """Whether a cell is a terrain square (not empty, not the castle)."""
    return cell is not None and cell["terrain"] != CASTLE


def _same_terrain(a: dict, b: dict) -> bool:
    """Whether two squares have the same terrain."""
    return a["terrain"] == b["terrain"]


def properties(grid: list[list]) -> list[dict]:
    """Every property (joined squares of one terrain): terrain, cells, squares, crowns, points; reading order."""
    out = []
    for group in regions(grid, same=_same_terrain, include=_is_land):
        crowns = sum(grid[r][c]["crowns"] for r, c in group)
        first = grid[group[0][0]][group[0][1]]
        out.append({"terrain": first["terrain"], "cells": [[r, c] for r, c in group], "squares": len(group),
                    "crowns": crowns, "points": len(group) * crowns})
    return out


def _castle(grid: list[list]) -> tuple[int, int] | None:
    """Where the castle stands."""
    return next(((r, c) for r, row in enumerate(grid) for c, cell in enumerate(row)
                 if cell is not None and cell["terrain"] == CASTLE), None)


def is_full(grid: list[list], size: int) -> bool:
    """Whether the kingdom fills a size×size square with no gap."""
    cells = _filled(grid)
    box = _box(cells)
    return box is not None and box[2] - box[0] + 1 == size and box[3] - box[1] + 1 == size \
        and len(cells) == size * size


def is_centred(grid: list[list]) -> bool:
    """Whether the kingdom has a square besides the castle and its bounding box is centred on the castle."""
    castle, filled = _castle(grid), _filled(grid)
    if castle is None or len(filled) < 2:
        return False
    box = _box(filled)
    top, left, bottom, right = box
    return castle[0] - top == bottom - castle[0] and castle[1] - left == right - castle[1]


def kingdom_score(grid: list[list], options: dict, discards: int = 0, game: int = 1) -> tuple[list[Line], tuple]:
    """A kingdom's breakdown (properties with crowns, bonuses) and tie-break (largest property, crowns)."""
    size = grid_size(options)
    found = properties(grid)
    lines = [Line(f"kingdomino.line.{NAMES[p['terrain']]}", p["points"],
                  {"squares": p["squares"], "crowns": p["crowns"], "game": game}) for p in found if p["crowns"]]
    if options["harmony"] and not discards and is_full(grid, size):
        lines.append(Line("kingdomino.line.harmony", HARMONY, {"game": game}))
    if options["middle_kingdom"] and is_centred(grid):
        lines.append(Line("kingdomino.line.middle_kingdom", MIDDLE, {"game": game}))
    largest = max((p["squares"] for p in found), default=0)
    return lines, (largest, sum(p["crowns"] for p in found))


def tiebreak_decision(board: Scoreboard) -> tuple[str, dict] | None:
    """What the tie-break decided between the players tied on points at the top, as a message key and its
    parameters, or None when no tie-break decided. `kingdomino.tiebreak.largest` when their largest properties
    differ, else `kingdomino.tiebreak.crowns`; parameters: the tied `names` (seat order), their `points`, the
    `winner` (first of the first place) and the deciding `value` (the winner's squares or crowns)."""
    decided = tiebreak_decisions(board)
    return decided[0] if board.tiebreak_used and decided else None


def tiebreak_decisions(board: Scoreboard) -> list[tuple[str, dict]]:
    """What the tie-break decided in every group of players tied on points whose order it settled, best group
    first, each as `tiebreak_decision` says the top one; a group below the top is keyed `<key>_ahead` (its
    `winner` ranks ahead: 安娜 and 老王 both 18, 安娜 third on the largest property, was told by a column alone)."""
    place = {name: i for i, group in enumerate(board.ranking) for name in group}
    top = max((p.total for p in board.players), default=None)
    decided = []
    for points in sorted({p.total for p in board.players}, reverse=True):
        tied = [p for p in board.players if p.total == points]
        if len({place[p.name] for p in tied}) < 2:
            continue
        winner = min(tied, key=lambda p: place[p.name])
        by_largest = len({p.tiebreak[0] for p in tied}) > 1
        key = f"kingdomino.tiebreak.{'largest' if by_largest else 'crowns'}{'' if points == top else '_ahead'}"
        decided.append((key, {"names": [p.name for p in tied], "points": points, "winner": winner.name,
                              "value": winner.tiebreak[0 if by_largest else 1]}))
    return decided


# ---------------------------------------------------------------------------------------------------------
# Placement


def grid_size(options: dict) -> int:
    """The side of the kingdom: 7 in Mighty Duel, else 5."""
    return 7 if options["mighty_duel"] else 5


def share(options: dict) -> int:
    """Dominoes each player takes in one game."""
    return 24 if options["mighty_duel"] else 12


def empty_frame(size: int) -> list[list]:
    """A (2·size−1)-square frame with the castle in its centre."""
    side = 2 * size - 1
    frame = [[None] * side for _ in range(side)]
    frame[size - 1][size - 1] = {"terrain": CASTLE, "crowns": 0}
    return frame


def _placement_error(grid: list[list], size: int, domino: int, cells: list, box: tuple) -> RuleError | None:
    """Why domino may not lie on cells of this frame (None when it may); box is the kingdom's bounding box."""
    side = len(grid)
    (r1, c1), (r2, c2) = cells
    for r, c in cells:
        if not (0 <= r < side and 0 <= c < side):
            return RuleError("kingdomino.cell_outside", row=r, col=c)
    if abs(r1 - r2) + abs(c1 - c2) != 1:
        return RuleError("kingdomino.cells_not_adjacent")
    for r, c in cells:
        if grid[r][c] is not None:
            return RuleError("kingdomino.cell_taken", row=r, col=c)
    top, left, bottom, right = box
    if max(bottom, r1, r2) - min(top, r1, r2) >= size or max(right, c1, c2) - min(left, c1, c2) >= size:
        return RuleError("kingdomino.too_big", size=size)
    for (r, c), (letter, _) in zip(cells, DOMINOES[domino]):
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < side and 0 <= nc < side and grid[nr][nc] is not None \
                    and grid[nr][nc]["terrain"] in (CASTLE, letter):
                return None
    return RuleError("kingdomino.no_connection", domino=domino)


def current_kingdoms(state: dict) -> dict:
    """The kingdoms of the game being played (of the last game once the session is over), by player."""
    return state["games"][-1]["kingdoms"]


def used_dominoes(state: dict) -> set[int]:
    """The domino numbers out of the box in the current game: placed, discarded, making an entered layout, or
    set aside by the table (each domino exists once)."""
    played = state["games"][-1]
    return _taken_out(played) | {n for k in played["kingdoms"].values() for n in k.get("tiles", [])}


def _taken_out(played: dict) -> set[int]:
    """The dominoes of a game that are out of the box by number: placed, discarded or set aside."""
    return {n for k in played["kingdoms"].values() for n in k["placed"] + k["discarded"]} \
        | set(played.get("aside", []))


def _layout_tiles(played: dict, out: set[int], new: tuple[str, list[list]] | None = None) -> dict[str, list[int]]:
    """The dominoes of every layout entered in a game, tiled together from those not `out`; `new` is a layout
    being entered (player, grid), tiled last so that a refusal names one of its squares."""
    names = [p for p, k in played["kingdoms"].items() if k["layout"] and (new is None or p != new[0])]
    grids = [played["kingdoms"][p]["grid"] for p in names]
    if new is not None:
        names.append(new[0])
        grids.append(new[1])
    return {name: sorted(set(tiles.values())) for name, tiles in zip(names, tile_layouts(grids, set(DOMINOES) - out))}


def _freed(state: dict, dominoes: list[int]) -> dict[str, list[int]] | None:
    """The layouts' dominoes once `dominoes` are out of the box by number too (a layout that took one of them
    takes an identical free one instead); None if one is out already or the layouts need them."""
    played = state["games"][-1]
    out = _taken_out(played)
    if out & set(dominoes):
        return None
    if not any(set(k.get("tiles", [])) & set(dominoes) for k in played["kingdoms"].values()):
        return {}
    try:
        return _layout_tiles(played, out | set(dominoes))
    except RuleError:
        return None


def is_free(state: dict, domino: int) -> bool:
    """Whether a domino may still be placed, discarded or set aside in the current game."""
    return _freed(state, [domino]) is not None


def unavailable(state: dict) -> set[int]:
    """The dominoes that may not be placed, discarded or set aside now (what a picker leaves out): out of the box,
    or a layout's with no identical domino free."""
    return {n for n in used_dominoes(state) if not is_free(state, n)}


def aside_limit(players: int, options: dict) -> int:
    """How many dominoes the box leaves out: 24 with 2 players (none in Mighty Duel), 12 with 3, none with 4."""
    if options["mighty_duel"]:
        return 0
    return {2: 24, 3: 12}.get(players, 0)


def layout_conflicts(state: dict, player: str, grid: list[list]) -> list[tuple[int, int]]:
    """Squares of a painted grid (its own coordinates) that need a kind of domino the box has no more of (used
    by other players, set aside, or needed by their layouts): empty when the grid could be entered as it is."""
    try:
        tiles = tile_layout(grid, set(DOMINOES))
    except RuleError:
        return []
    played = state["games"][-1]
    try:
        _layout_tiles(played, _taken_out(played), (player, grid))
    except RuleError:
        mine = set(played["kingdoms"][player].get("tiles", []))
        left = Counter(KIND_OF[n] for n in set(DOMINOES) - (used_dominoes(state) - mine))
        needed = Counter(KIND_OF[n] for n in set(tiles.values()))
        return sorted(cell for cell, n in tiles.items() if needed[KIND_OF[n]] > left[KIND_OF[n]])
    return []


def is_finished(kingdom: dict, options: dict) -> bool:
    """Whether a kingdom takes nothing more in its game: its layout was entered, or its share of dominoes
    (`share(options)`) was placed or discarded."""
    return bool(kingdom["layout"]) or len(kingdom["placed"]) + len(kingdom["discarded"]) >= share(options)


def legal_placements(state: dict, player: str, domino: int) -> list[list[list[int]]]:
    """Every legal `cells` ([[r, c], [r, c]], first half first) for domino in player's current kingdom."""
    kingdom = current_kingdoms(state).get(player)
    if kingdom is None or is_finished(kingdom, state["options"]) or isinstance(domino, bool) \
            or not isinstance(domino, int) or domino not in DOMINOES or not is_free(state, domino):
        return []
    grid, size = kingdom["grid"], grid_size(state["options"])
    box = _box(_filled(grid))
    side = len(grid)
    out = []
    for r in range(side):
        for c in range(side):
            for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
                cells = [[r, c], [r + dr, c + dc]]
                if _placement_error(grid, size, domino, cells, box) is None:
                    out.append(cells)
    return out


def first_half_error(state: dict, player: str, domino: int, cell: list[int]) -> RuleError | None:
    """Why no legal placement of domino puts its first half on cell (None when one does): the refusal of the pair
    with its second half on the first square beside cell (up, left, right, down) inside the frame. A first half
    tapped where no placement starts was kept, and only the second tap said why."""
    legal = legal_placements(state, player, domino)
    if any(cells[0] == list(cell) for cells in legal):
        return None
    grid = current_kingdoms(state)[player]["grid"]
    side, (r, c) = len(grid), cell
    beside = [[r + dr, c + dc] for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
              if 0 <= r + dr < side and 0 <= c + dc < side]
    return _placement_error(grid, grid_size(state["options"]), domino, [list(cell), beside[0]],
                            _box(_filled(grid)))


def _new_game(players: list[str], size: int) -> dict:
    """A game with an empty kingdom (castle only) for every player."""
    return {"kingdoms": {p: {"grid": empty_frame(size), "placed": [], "discarded": [], "layout": False}
                         for p in players}}


@register
class Kingdomino(Engine):
    """Kingdoms built domino by domino or entered whole, scored by properties and bonuses."""

    game = Game(
        id="kingdomino",
        names={"en": "Kingdomino", "zh-CN": "王国骨牌"},
        min_players=2,
        max_players=4,
        options=(
            Option("harmony", False, BOOL),
            Option("middle_kingdom", False, BOOL),
            Option("mighty_duel", False, BOOL),
            Option("dynasty", False, BOOL),
        ),
        rounds=False,
    )

    def player_span(self, options: dict) -> tuple[int, int]:
        """Two players in Mighty Duel, else the game's 2–4."""
        return (2, 2) if options.get("mighty_duel") else super().player_span(options)

    def description(self, options: dict) -> dict:
        """The description with the kingdom's side for these options (7×7 in Mighty Duel, else 5×5)."""
        return {"key": "kingdomino.description", "size": grid_size(options)}

    def setup(self, state: dict) -> None:
        """One empty kingdom per player; Mighty Duel needs two players."""
        if state["options"]["mighty_duel"] and len(state["players"]) != 2:
            raise RuleError("kingdomino.mighty_duel_players", count=len(state["players"]))
        state["games"] = [_new_game(state["players"], grid_size(state["options"]))]
        state["phase"] = "building"

    def _kingdom(self, state: dict, action: dict) -> dict:
        """The acting player's current kingdom, refused if it is finished."""
        by = action["by"]
        kingdom = current_kingdoms(state)[by]
        if is_finished(kingdom, state["options"]):
            raise RuleError("kingdomino.kingdom_finished", name=by)
        return kingdom

    def _domino(self, state: dict, action: dict) -> int:
        """The action's domino number, refused if unknown or already used in this game (a layout that took it
        takes an identical free one instead)."""
        domino = action.get("domino")
        if isinstance(domino, bool) or not isinstance(domino, int) or domino not in DOMINOES:
            raise RuleError("kingdomino.domino_unknown", domino=str(domino))
        self._take_out(state, [domino])
        return domino

    def _take_out(self, state: dict, dominoes: list[int]) -> None:
        """Refuse dominoes already out of the box or needed by the layouts; retile the layouts without them."""
        tiles = _freed(state, dominoes)
        if tiles is None:
            raise RuleError("kingdomino.domino_used", domino=next(n for n in dominoes if not is_free(state, n)))
        for name, numbers in tiles.items():
            current_kingdoms(state)[name]["tiles"] = numbers

    @move("place", by=PLAYER, phase=("building",), fields=("domino", "cells"))
    def place(self, state: dict, action: dict) -> None:
        """Lay a domino in the player's kingdom: first half on the first cell."""
        kingdom = self._kingdom(state, action)
        domino = self._domino(state, action)
        cells = action.get("cells")
        if not (isinstance(cells, list) and len(cells) == 2 and all(
                isinstance(cell, list) and len(cell) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in cell) for cell in cells)):
            raise RuleError("kingdomino.cells_invalid")
        grid = kingdom["grid"]
        error = _placement_error(grid, grid_size(state["options"]), domino, cells, _box(_filled(grid)))
        if error is not None:
            raise error
        for (r, c), (letter, crowns) in zip(cells, DOMINOES[domino]):
            grid[r][c] = {"terrain": letter, "crowns": crowns}
        kingdom["placed"].append(domino)
        self._end_game_if_done(state)

    @move("discard", by=PLAYER, phase=("building",), fields=("domino",))
    def discard(self, state: dict, action: dict) -> None:
        """Set aside a domino that has no legal place in the player's kingdom."""
        kingdom = self._kingdom(state, action)
        domino = self._domino(state, action)
        if legal_placements(state, action["by"], domino):
            raise RuleError("kingdomino.discard_has_place", domino=domino)
        kingdom["discarded"].append(domino)
        self._end_game_if_done(state)

    @move("layout", by=PLAYER, phase=("building",), fields=("layout",))
    def layout(self, state: dict, action: dict) -> None:
        """Enter a player's finished kingdom as layout text."""
        kingdom = self._kingdom(state, action)
        if kingdom["placed"] or kingdom["discarded"]:
            raise RuleError("kingdomino.kingdom_started", name=action["by"])
        size = grid_size(state["options"])
        grid = trim(read_layout(action.get("layout"), size))
        played = state["games"][-1]
        out = _taken_out(played)
        tile_layout(grid, set(DOMINOES) - out)
        for name, numbers in _layout_tiles(played, out, (action["by"], grid)).items():
            played["kingdoms"][name]["tiles"] = numbers
        castle = _castle(grid)
        frame = [[None] * (2 * size - 1) for _ in range(2 * size - 1)]
        for r, row in enumerate(grid):
            for c, cell in enumerate(row):
                frame[r + size - 1 - castle[0]][c + size - 1 - castle[1]] = cell
        kingdom["grid"] = frame
        kingdom["layout"] = True
        self._end_game_if_done(state)

    @move("set_aside", by=TABLE, phase=("building",), fields=("dominoes",))
    def set_aside(self, state: dict, action: dict) -> None:
        """Record the dominoes the box leaves out of this game (2 or 3 players), so none of them is accepted."""
        numbers = action.get("dominoes")
        if not isinstance(numbers, list) or any(type(n) is not int or n not in DOMINOES for n in numbers) \
                or len(set(numbers)) != len(numbers):
            raise RuleError("kingdomino.aside_invalid")
        played = state["games"][-1]
        self._take_out(state, numbers)
        limit = aside_limit(len(state["players"]), state["options"])
        if len(played.get("aside", [])) + len(numbers) > limit:
            raise RuleError("kingdomino.aside_too_many", max=limit)
        played["aside"] = sorted(played.get("aside", []) + numbers)

    @move("finish", by=TABLE, phase=("building",), fields=())
    def finish(self, state: dict, action: dict) -> None:
        """The table ends the current game with the kingdoms as they stand."""
        if not any(k["layout"] or k["placed"] or k["discarded"] for k in current_kingdoms(state).values()):
            raise RuleError("kingdomino.nothing_to_finish")
        self._end_game(state)

    def _end_game_if_done(self, state: dict) -> None:
        """End the game once every kingdom is finished."""
        if all(is_finished(k, state["options"]) for k in current_kingdoms(state).values()):
            self._end_game(state)

    def _end_game(self, state: dict) -> None:
        """Start the next Dynasty game, or end the session."""
        if state["options"]["dynasty"] and len(state["games"]) < DYNASTY_GAMES:
            state["games"].append(_new_game(state["players"], grid_size(state["options"])))
        else:
            state["over"], state["phase"] = True, "over"

    def offer(self, state: dict, kind: str, by: str) -> list | None:
        """Per unfinished kingdom: a domino to place or discard (picked from those not yet used: the choice of
        squares then comes from `legal_placements`), a layout for an empty one; finishing once something is in."""
        kingdoms = current_kingdoms(state)
        if kind == "set_aside":
            left = aside_limit(len(state["players"]), state["options"]) - len(state["games"][-1].get("aside", []))
            return None if left > 0 else []
        if kind == "finish":
            return [{}] if any(k["layout"] or k["placed"] or k["discarded"] for k in kingdoms.values()) else []
        kingdom = kingdoms[by]
        if is_finished(kingdom, state["options"]):
            return []
        if kind == "layout" and (kingdom["placed"] or kingdom["discarded"]):
            return []
        return None

    def status(self, state: dict) -> dict:
        """Header: the game of the Dynasty (if any) and whether the kingdoms are still being built."""
        dynasty = state["options"]["dynasty"]
        return {**super().status(state), "round": len(state["games"]) if dynasty else None,
                "rounds": DYNASTY_GAMES if dynasty else None}

    def scoreboard(self, state: dict):
        """Properties and bonuses of every game, summed; ties broken by largest property, then crowns."""
        players, options = state["players"], state["options"]
        lines = {p: [] for p in players}
        tiebreaks = {p: (0, 0) for p in players}
        cumulative, running = [], {p: 0 for p in players}
        for index, played in enumerate(state["games"]):
            for p in players:
                kingdom = played["kingdoms"][p]
                found, (largest, crowns) = kingdom_score(kingdom["grid"], options, len(kingdom["discarded"]),
                                                         index + 1)
                lines[p].extend(found)
                tiebreaks[p] = (tiebreaks[p][0] + largest, tiebreaks[p][1] + crowns)
                running[p] += sum(line.points for line in found)
            cumulative.append(dict(running))
        return make_scoreboard("kingdomino", players, lines, tiebreaks,
                               rounds=cumulative if options["dynasty"] else None, over=state["over"])
