"""Regions: 4-neighbour connected groups of cells on a grid (Kingdomino properties, Splitter groups, Nab-It words).

A grid is a list of rows (rows may differ in length); a cell is anything. `regions` walks it breadth-first and
returns each group as a list of (row, col) positions, cells and groups both in reading order (top to bottom,
left to right), so the same grid always gives the same answer. Nothing here changes its input.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable

Cell = tuple[int, int]


def _equal(a: Any, b: Any) -> bool:
    """The default joining rule: equal values."""
    return a == b


def _always(cell: Any) -> bool:
    """The default inclusion rule: every cell counts."""
    return True


def neighbours(grid: list[list], row: int, col: int) -> list[Cell]:
    """The positions above, left, right and below (row, col) that lie on the grid."""
    out = []
    for r, c in ((row - 1, col), (row, col - 1), (row, col + 1), (row + 1, col)):
        if 0 <= r < len(grid) and 0 <= c < len(grid[r]):
            out.append((r, c))
    return out


def regions(grid: list[list], same: Callable[[Any, Any], bool] | None = None,
            include: Callable[[Any], bool] | None = None) -> list[list[Cell]]:
    """4-neighbour connected groups of included cells, neighbours joined when same(a, b); in reading order."""
    same = same or _equal
    include = include or _always
    seen: set[Cell] = set()
    groups: list[list[Cell]] = []
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            if (r, c) in seen or not include(value):
                continue
            seen.add((r, c))
            group, queue = [], deque([(r, c)])
            while queue:
                cr, cc = queue.popleft()
                group.append((cr, cc))
                here = grid[cr][cc]
                for nr, nc in neighbours(grid, cr, cc):
                    there = grid[nr][nc]
                    if (nr, nc) not in seen and include(there) and same(here, there):
                        seen.add((nr, nc))
                        queue.append((nr, nc))
            groups.append(sorted(group))
    return groups
