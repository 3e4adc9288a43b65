"""Grid regions: groups, joining and inclusion rules, reading order, purity, and properties of the partition."""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.mechanics.regions import neighbours, regions


def test_equal_values_form_groups_in_reading_order():
    """Equal orthogonal neighbours join; diagonal ones do not; groups and cells come in reading order."""
    grid = [[1, 1, 2],
            [3, 1, 2],
            [1, 3, 3]]
    assert regions(grid) == [
        [(0, 0), (0, 1), (1, 1)],
        [(0, 2), (1, 2)],
        [(1, 0)],
        [(2, 0)],
        [(2, 1), (2, 2)],
    ]


def test_include_skips_cells_and_same_decides_joins():
    """Excluded cells belong to no group and break paths; a custom rule joins by terrain only."""
    grid = [[("W", 1), None, ("W", 0)],
            [("W", 0), ("F", 0), ("W", 2)]]
    groups = regions(grid, same=lambda a, b: a[0] == b[0], include=lambda cell: cell is not None)
    assert groups == [[(0, 0), (1, 0)], [(0, 2), (1, 2)], [(1, 1)]]


def test_a_snake_is_one_group_and_ragged_rows_work():
    """A winding path is found whole; rows of different lengths are walked safely."""
    grid = [[5, 5, 5, 5],
            [0, 0, 0, 5],
            [5, 5, 5, 5],
            [5]]
    assert regions(grid, include=lambda v: v == 5) == [
        [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (2, 0), (2, 1), (2, 2), (2, 3), (3, 0)],
    ]


def test_empty_grid_and_neighbours():
    """No cells, no groups; neighbours stay on the grid."""
    assert regions([]) == [] and regions([[]]) == []
    assert neighbours([[0, 0], [0]], 0, 1) == [(0, 0)]
    assert neighbours([[0, 0], [0, 0]], 1, 0) == [(0, 0), (1, 1)]


grids = st.integers(1, 6).flatmap(
    lambda w: st.lists(st.lists(st.sampled_from([0, 1, 2, None]), min_size=w, max_size=w), min_size=0, max_size=6))


@settings(max_examples=150, deadline=None)
@given(grids)
def test_groups_partition_the_included_cells(grid):
    """Every included cell is in exactly one group; each group is connected, equal-valued and maximal."""
    before = copy.deepcopy(grid)
    groups = regions(grid, include=lambda v: v is not None)
    assert grid == before
    cells = [cell for group in groups for cell in group]
    included = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v is not None]
    assert sorted(cells) == included and len(set(cells)) == len(cells)
    owner = {cell: i for i, group in enumerate(groups) for cell in group}
    for r, c in included:
        for n in neighbours(grid, r, c):
            if n in owner:
                assert (owner[n] == owner[(r, c)]) == (grid[n[0]][n[1]] == grid[r][c])
    assert [g[0] for g in groups] == sorted(g[0] for g in groups)
