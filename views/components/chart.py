"""Score chart: each player's cumulative total after every round, as a line chart (flet-charts).

Builder: `score_chart(t, players, rounds, colours=None, start=None) -> ft.Control` where `rounds` is the
scoreboard's list of cumulative totals per round ([{player: total}, …]), `colours` optionally maps players to
colour names and `start` gives the totals before the first round (0 when missing, e.g. Guess Club's 150).
Round 0 starts every line. A legend names each line's colour. A black player's line is drawn in the theme's text
colour (black in the light theme, light in the dark one); the chart keeps a margin on its right, where the last
round's label is centred on the edge and was cut.
"""

from __future__ import annotations

from typing import Callable

import flet as ft

PALETTE = (ft.Colors.BLUE, ft.Colors.RED, ft.Colors.GREEN, ft.Colors.ORANGE, ft.Colors.PURPLE, ft.Colors.TEAL,
           ft.Colors.PINK, ft.Colors.BROWN, ft.Colors.INDIGO, ft.Colors.LIME, ft.Colors.CYAN, ft.Colors.AMBER)
NAMED = {"red": ft.Colors.RED, "blue": ft.Colors.BLUE, "green": ft.Colors.GREEN, "yellow": ft.Colors.AMBER,
         "purple": ft.Colors.PURPLE, "orange": ft.Colors.ORANGE, "black": ft.Colors.ON_SURFACE,
         "white": ft.Colors.BLUE_GREY}
EDGE = 16  # room on the right for half the last round's label


def line_colours(players: list[str], colours: dict | None = None) -> dict[str, str]:
    """A distinct line colour per player (their own colour where they have one)."""
    colours = colours or {}
    return {p: NAMED.get(colours.get(p) or "", PALETTE[i % len(PALETTE)]) for i, p in enumerate(players)}


def score_chart(t: Callable[..., str], players: list[str], rounds: list[dict], colours: dict | None = None,
                start: dict | None = None) -> ft.Control:
    """Cumulative totals per round, one line per player, with a legend."""
    import flet_charts as fch  # on first use: it is a third of the app's import time (start-up)

    paint = line_colours(players, colours)
    start = start or {}
    values = [r.get(p, 0) for r in rounds for p in players] + [start.get(p, 0) for p in players] + [0]
    low, high = min(values), max(values)
    pad = max(1, (high - low) // 10)
    series = [
        fch.LineChartData(
            points=[fch.LineChartDataPoint(x=0, y=start.get(p, 0))] + [
                fch.LineChartDataPoint(x=i + 1, y=r.get(p, 0)) for i, r in enumerate(rounds)],
            color=paint[p], stroke_width=3, point=True,
        )
        for p in players
    ]
    chart = fch.LineChart(
        data_series=series, min_x=0, max_x=max(1, len(rounds)), min_y=low - pad if low < 0 else 0, max_y=high + pad,
        height=260, expand=False, interactive=False,
        bottom_axis=fch.ChartAxis(title=ft.Text(t("app.chart_round")), label_size=24,
                                  labels=[fch.ChartAxisLabel(value=i, label=ft.Text(str(i)))
                                          for i in range(len(rounds) + 1)]),
        left_axis=fch.ChartAxis(title=ft.Text(t("app.chart_total")), label_size=44),
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1),
    )
    legend = ft.Row(wrap=True, controls=[
        ft.Row(tight=True, controls=[ft.Container(width=14, height=14, bgcolor=paint[p], border_radius=7),
                                     ft.Text(p)])
        for p in players
    ])
    return ft.Column(controls=[ft.Text(t("app.chart_title"), size=18, weight=ft.FontWeight.BOLD),
                               ft.Container(content=chart, padding=ft.Padding.only(right=EDGE)), legend])
