"""Score chart: each player's cumulative total after every round, as a line chart (flet-charts).

Builder: `score_chart(t, players, rounds, colours=None, start=None) -> ft.Control` where `rounds` is the
scoreboard's list of cumulative totals per round ([{player: total}, …]), `colours` optionally maps players to
colour names and `start` gives the totals before the first round (0 when missing, e.g. Guess Club's 150).
Round 0 starts every line. A legend names each line's colour. A black player's line is drawn in the theme's text
colour (black in the light theme, light in the dark one); every other line stands out at 3:1 or more from both
themes' surfaces (#F4FBF8 and #0E1513: the shade of each hue whose lesser contrast of the two is greatest; the 500s
measured 1.4-2.9 on one or the other) but a yellow player's own (amber: no yellow reaches 3:1 on the light surface,
and a darker one is orange), which is drawn over a dark casing 2 px wider (`cased`): its 1 px edges stand 13:1 on
the light surface, the amber itself stands out on the dark one; its legend dot has the same edge. The chart keeps a
margin on its right, where the last round's label is centred on the edge and was cut. A screen reader reads the
drawing and its legend as one text (`read_out`): each player's total after every round ("Totals after each round:
Ann 4, 8; Bo 3, 8"), not the axis labels one by one.

Lines that share a stretch (two players with the same totals at both ends of a round: a tie) would hide all but
the last drawn, and a person would think a player's line missing: over each shared stretch the hidden lines are
drawn again on top, dashed, each in its own part of every `DASH` pixels (two lines: 8 px of each in turn), so
every colour in the tie shows (`shared_stretches`, `tie_dashes`).

The total axis is labelled by us, never by the chart's own sampling (which added the lowest and highest values as
extra labels beside its ticks: "6" over "5", "363" over "350"): `y_axis(low, high)` picks the smallest step of
1, 2 or 5 × 10ⁿ whose labels stand at least `LABEL_GAP` pixels apart in the plotting area (the chart's height less
the round axis), and widens the range to whole steps, so its ends are labelled ticks too. The chart has the same
height on a phone and a laptop, so the gap holds at both. `value_axis` draws such an axis for any chart (the
statistics' histogram counts too, whose steps are whole numbers: no "1.5 players"), its rotated title in a band
of its own (`VALUE_TITLE`) wide enough for a line of either language's font, so it never touches the labels
("总分" was drawn over "4", "Total" against "-5" in flet-charts' default 16 px band). Every axis band (round labels,
each title) holds a line of its text at twice its size (`TEXT_ROOM`: the app cannot know a phone's text scale, so
it leaves room for the largest; at 1.5× room, twice the text cut the round numbers and "轮次" in half), and the
plotting area keeps its height (`PLOT`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

import flet as ft

from views import words

if TYPE_CHECKING:
    import flet_charts as fch

PALETTE = (ft.Colors.BLUE_700, ft.Colors.RED_600, ft.Colors.GREEN_700, ft.Colors.ORANGE_900, ft.Colors.PURPLE_400,
           ft.Colors.TEAL_600, ft.Colors.PINK, ft.Colors.BROWN_400, ft.Colors.INDIGO_400, ft.Colors.LIME_900,
           ft.Colors.CYAN_800, ft.Colors.BLUE_GREY)
NAMED = {"red": ft.Colors.RED_600, "blue": ft.Colors.BLUE_700, "green": ft.Colors.GREEN_700, "yellow": ft.Colors.AMBER,
         "purple": ft.Colors.PURPLE_400, "orange": ft.Colors.ORANGE_900, "black": ft.Colors.ON_SURFACE,
         "white": ft.Colors.BLUE_GREY}
EDGE = 16  # room on the right for half the last round's label
TEXT_ROOM = 2.8  # a line of text at twice its size (a phone set to twice the text) in the CJK font, per px of size
ROUND_LABELS = math.ceil(14 * TEXT_ROOM)  # the round axis: its 14 px labels' height …
AXIS_TITLE = math.ceil(14 * TEXT_ROOM)  # … and its 14 px title's (30, room for 1.5× text, cut both in half at 2×)
PLOT = 206  # pixels from the lowest total's line to the highest's
HEIGHT = PLOT + ROUND_LABELS + AXIS_TITLE
LABEL_HEIGHT = 20  # one line of a 14 px label
LABEL_GAP = 32  # pixels between two total labels at least: a label's height and room between
VALUE_LABELS = 44  # the total axis' labels' width ("-5000" at 14 px)
TITLE_SIZE = 14  # an axis title's font size
VALUE_TITLE = math.ceil(TITLE_SIZE * TEXT_ROOM)  # the value axis' title band: its rotated line at twice the text
CASING = ft.Colors.BROWN_900  # under the amber line: a 1 px edge each side, dark against the light surface
DASH = 16  # pixels a shared stretch's dashes repeat in, split between the lines that share it


def casing(colour: str) -> str | None:
    """The dark edge a colour is drawn with, or None: the amber line and its legend dot (no yellow stands 3:1 on
    the light surface; its edges do)."""
    return CASING if colour == ft.Colors.AMBER else None


def edged(colour: str) -> ft.Border | None:
    """A legend dot's edge: the colour's casing, 1 px, where it has one."""
    edge = casing(colour)
    return ft.Border.all(1, edge) if edge else None


def cased(colour: str) -> list[tuple[str, int]]:
    """A line's strokes, (colour, width) bottom first: its own 3 px, over a 5 px casing where it has one."""
    edge = casing(colour)
    return [(edge, 5), (colour, 3)] if edge else [(colour, 3)]


def line_colours(players: list[str], colours: dict | None = None) -> dict[str, str]:
    """A distinct line colour per player (their own colour where they have one)."""
    colours = colours or {}
    return {p: NAMED.get(colours.get(p) or "", PALETTE[i % len(PALETTE)]) for i, p in enumerate(players)}


def y_axis(low: float, high: float, plot: float = PLOT) -> tuple[int, int, int]:
    """The value axis for values from low to high over plot pixels: (bottom, top, step), bottom and top whole
    steps around the values, the step the smallest 1/2/5 × 10ⁿ whose labels keep `LABEL_GAP` pixels apart."""
    step, scale = 1, 1
    while True:
        for base in (1, 2, 5):
            step = base * scale
            bottom, top = math.floor(low / step) * step, math.ceil(high / step) * step
            top = max(top, bottom + step)
            if step * plot / (top - bottom) >= LABEL_GAP:
                return bottom, top, step
        scale *= 10


def value_axis(title: str, bottom: int, top: int, step: int, label_size: float = VALUE_LABELS) -> fch.ChartAxis:
    """A value axis (flet-charts' `ChartAxis`) labelled at every step from bottom to top, its title in a band
    of its own."""
    import flet_charts as fch

    return fch.ChartAxis(title=ft.Text(title, size=TITLE_SIZE), title_size=VALUE_TITLE, label_size=label_size,
                         label_spacing=step, labels=[fch.ChartAxisLabel(value=v, label=ft.Text(str(words.signed(v))))
                                                     for v in range(bottom, top + 1, step)])


def shared_stretches(players: list[str], lines: dict[str, list[float]]) -> list[tuple[int, list[str]]]:
    """Each stretch from round x to x + 1 that two or more lines share (the same totals at both ends), with those
    players in drawing order."""
    found = []
    for x in range(len(lines[players[0]]) - 1):
        groups: dict[tuple[float, float], list[str]] = {}
        for p in players:
            groups.setdefault((lines[p][x], lines[p][x + 1]), []).append(p)
        found += [(x, group) for group in groups.values() if len(group) > 1]
    return found


def tie_dashes(players: list[str], lines: dict[str, list[float]], paint: dict[str, str]) -> list[fch.LineChartData]:
    """The lines hidden under the last one drawn over each shared stretch, drawn again on top, dashed: the r-th of
    m sharers shows in its own part of every `DASH` pixels, the last drawn in the rest."""
    import flet_charts as fch

    dashes = []
    for x, group in shared_stretches(players, lines):
        part = DASH // len(group)
        dashes += [fch.LineChartData(points=[fch.LineChartDataPoint(x=x, y=lines[p][x]),
                                             fch.LineChartDataPoint(x=x + 1, y=lines[p][x + 1])],
                                     color=paint[p], stroke_width=3, dash_pattern=[part * (len(group) - 1 - r),
                                                                                   part * (r + 1)])
                   for r, p in enumerate(group[:-1])]
    return dashes


def score_chart(t: Callable[..., str], players: list[str], rounds: list[dict], colours: dict | None = None,
                start: dict | None = None) -> ft.Control:
    """Cumulative totals per round, one line per player, with a legend."""
    import flet_charts as fch  # on first use: it is a third of the app's import time (start-up)

    paint = line_colours(players, colours)
    start = start or {}
    lines = {p: [start.get(p, 0)] + [r.get(p, 0) for r in rounds] for p in players}
    values = [v for line in lines.values() for v in line] + [0]
    bottom, top, step = y_axis(min(values), max(values))
    series = [fch.LineChartData(points=[fch.LineChartDataPoint(x=x, y=y) for x, y in enumerate(lines[p])],
                                color=colour, stroke_width=width, point=width == 3)
              for p in players for colour, width in cased(paint[p])]
    chart = fch.LineChart(
        data_series=series + tie_dashes(players, lines, paint), min_x=0, max_x=max(1, len(rounds)), min_y=bottom,
        max_y=top, height=HEIGHT, expand=False, interactive=False,
        bottom_axis=fch.ChartAxis(title=ft.Text(t("app.chart_round")), title_size=AXIS_TITLE, label_size=ROUND_LABELS,
                                  labels=[fch.ChartAxisLabel(value=i, label=ft.Text(str(i)))
                                          for i in range(len(rounds) + 1)]),
        left_axis=value_axis(t("app.chart_total"), bottom, top, step),
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1, interval=step),
    )
    legend = ft.Row(wrap=True, controls=[
        ft.Row(tight=True, controls=[ft.Container(width=14, height=14, bgcolor=paint[p], border_radius=7,
                                                  border=edged(paint[p])),
                                     ft.Text(p)])
        for p in players
    ])
    drawing = ft.Column(controls=[ft.Container(content=chart, padding=ft.Padding.only(right=EDGE)), legend])
    return ft.Column(controls=[ft.Text(t("app.chart_title"), size=18, weight=ft.FontWeight.BOLD),
                               ft.Semantics(label=read_out(t, players, lines), exclude_semantics=True,
                                            content=drawing)])


def read_out(t: Callable[..., str], players: list[str], lines: dict[str, list[float]]) -> str:
    """The chart in words, for a screen reader: each player's total after every round."""
    sep = t("app.chart_read_total_sep")
    said = [t("app.chart_read_line", name=p, totals=sep.join(str(words.signed(v)) for v in lines[p][1:]))
            for p in players]
    return t("app.chart_read", lines=t("app.chart_read_sep").join(said))
