"""Scoring layouts: a 7×7 Kingdomino kingdom (Mighty Duel) and a Splitter sheet, per call.

The kingdom is built by legal play from a fixed seed (so it has real dominoes and crowns). Prints the median
per-call time over several runs of: scoring the grid alone, reading the layout text then scoring it (what
`python -m scoring score` does per layout), the engine's whole scoreboard for two such kingdoms, and
`legal_placements` for one domino on the 13×13 frame (what the view's picker asks for); both kingdoms of the duel
tiled together from one box (what entering the second layout asks since session 46: the layouts of a game share
the dominoes), and the same with the second kingdom's last square changed so that no split fits beside the first
(the search fails at its end, backtracking into the first kingdom); then the same for the RULINGS.md Splitter
sheet A.

Run: .venv/bin/python benchmarks/bench_layouts.py
"""

from __future__ import annotations

import random
import statistics
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repo root, before any installed copy

from scoring.core import engine  # noqa: E402
from scoring.core import RuleError  # noqa: E402
from scoring.games.kingdomino import (  # noqa: E402
    DOMINOES, format_layout, kingdom_score, legal_placements, parse_layout, read_layout, tile_layout, tile_layouts,
    trim)
from scoring.games.splitter import parse_sheet, sheet_score  # noqa: E402

RUNS = 7
SHEET_A = "\n".join([". . 4 4 3 3 . .", ". 1 4 4 6 3 1 .", "2 5 5 6 6 5 5 2", "2 5 6 6 1 2 5 1",
                     "1 5 3 6 5 2 5 5", ". 3 3 3 4 4 6 .", ". . 6 4 4 6 . ."])


def duel_state(seed: int = 3) -> dict:
    """A finished Mighty Duel: both players place 24 dominoes each at random legal places (or discard)."""
    eng, rand = engine("kingdomino"), random.Random(seed)
    state = eng.new_state(["A", "B"], {"mighty_duel": True})
    box = list(range(1, 49))
    rand.shuffle(box)
    while not state["over"]:
        for name in ("A", "B"):
            domino = box.pop()
            offered = legal_placements(state, name, domino)
            action = {"type": "place", "by": name, "domino": domino, "cells": rand.choice(offered)} if offered \
                else {"type": "discard", "by": name, "domino": domino}
            state = eng.apply(state, action)
    return state


def per_call(fn, number: int) -> float:
    """Median seconds per call of fn over RUNS runs of number calls."""
    return statistics.median(t / number for t in timeit.repeat(fn, number=number, repeat=RUNS))


def show(label: str, seconds: float) -> None:
    """Print one figure in microseconds."""
    print(f"{label:<58} {seconds * 1e6:9.1f} µs/call")


def main() -> None:
    """Time and print every figure."""
    state = duel_state()
    options = state["options"]
    grid = trim(state["games"][0]["kingdoms"]["A"]["grid"])
    text = format_layout(grid)
    lines, tiebreak = kingdom_score(grid, options)
    print(f"Kingdom (7×7, {sum(line.points for line in lines)} points, tie-break {tiebreak}):\n{text}\n")
    eng = engine("kingdomino")
    show("kingdomino: score a 7×7 kingdom (grid)", per_call(lambda: kingdom_score(grid, options), 2000))
    show("kingdomino: read + check + score a 7×7 layout text",
         per_call(lambda: kingdom_score(read_layout(text, 7), options), 1000))
    show("kingdomino: engine scoreboard, 2 Mighty Duel kingdoms", per_call(lambda: eng.scoreboard(state), 500))
    parsed = parse_layout(text)
    tiling = per_call(lambda: tile_layout(parsed, set(DOMINOES)), 200)
    show("kingdomino: tile a 7×7 layout into catalogue dominoes", tiling)
    print(f"{'  … as a share of the 20 ms target':<58} {tiling / 0.020:9.3f} ×")
    broken = [row[:] for row in parsed]
    last = max((r, c) for r, row in enumerate(broken) for c, cell in enumerate(row)
               if cell and cell["terrain"] != "C")
    broken[last[0]][last[1]] = {"terrain": "M", "crowns": 3}

    def refuse() -> None:
        """Tile a layout whose last square no domino explains (the search fails at its end)."""
        try:
            tile_layout(broken, set(DOMINOES))
        except RuleError:
            pass

    failing = per_call(refuse, 20)
    show("kingdomino: refuse a 7×7 layout whose last square is wrong", failing)
    print(f"{'  … as a share of the 20 ms target':<58} {failing / 0.020:9.3f} ×")
    second = trim(state["games"][0]["kingdoms"]["B"]["grid"])
    both = per_call(lambda: tile_layouts([parsed, second], set(DOMINOES)), 100)
    show("kingdomino: tile two 7×7 layouts together (one box)", both)
    print(f"{'  … as a share of the 20 ms target':<58} {both / 0.020:9.3f} ×")
    wrong = [row[:] for row in second]
    spot = max((r, c) for r, row in enumerate(wrong) for c, cell in enumerate(row)
               if cell and cell["terrain"] != "C")
    wrong[spot[0]][spot[1]] = {"terrain": wrong[spot[0]][spot[1]]["terrain"],
                               "crowns": (wrong[spot[0]][spot[1]]["crowns"] + 1) % 3}

    def refuse_second() -> None:
        """Tile the first kingdom and a second whose last square cannot be explained beside it."""
        try:
            tile_layouts([parsed, wrong], set(DOMINOES))
        except RuleError:
            pass

    joint_fail = per_call(refuse_second, 20)
    show("kingdomino: refuse a second 7×7 layout beside the first", joint_fail)
    print(f"{'  … as a share of the 20 ms target':<58} {joint_fail / 0.020:9.3f} ×")
    fresh = eng.new_state(["A", "B"], {"mighty_duel": True})
    show("kingdomino: legal_placements, one domino, 13×13 frame", per_call(lambda: legal_placements(fresh, "A", 13),
                                                                          200))
    sheet = parse_sheet(SHEET_A, "A")
    print(f"\nSplitter sheet A ({sum(line.points for line in sheet_score('A', sheet))} points)")
    show("splitter: score a sheet (grid)", per_call(lambda: sheet_score("A", sheet), 5000))
    show("splitter: parse + score a sheet text", per_call(lambda: sheet_score("A", parse_sheet(SHEET_A, "A")),
                                                          2000))


if __name__ == "__main__":
    main()
