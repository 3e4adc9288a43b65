"""Scoreboard: each player's total and breakdown (what each point came from), ranked with shared places.

Builder: `scoreboard_panel(t, lang, board, folds, expanded=False, limit=None) -> ft.Control` (with `limit`, each
breakdown shows its newest `limit` lines and says how many earlier ones it leaves out) where `t(key, **params)`
translates into `lang` (the screen's language; its asides are `views.ui.aside`), `board` is a
`scoring.core.Scoreboard` and `folds` the screen's `views.components.folds.Folds`: each player's breakdown stays open
or closed as this tab left it (`expanded`: how it starts) and is built only while open. `places(board)` gives
[(place, name)] with ties sharing a place. A table that plays as one team (Solar Storm's crew) is one row, not a
row a player each ranked first with the crew's points.
"""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

from scoring.core import cooperative
from views import words
from views.components.folds import FLUSH, Folds, fold
from views.ui import aside

TROPHY = 24  # the winners' trophy, and the blank as wide before the other names


def places(board: Any) -> list[tuple[int, str]]:
    """(place, name) in ranking order; players tied in a group share the place (1, 1, 3, …; a team game counts
    teams: 1, 1, 2, 2) — `Scoreboard.places`, as the exports and the statistics number them."""
    place = board.places()
    return [(place[name], name) for group in board.ranking for name in group]


def rows(t: Callable[..., str], board: Any) -> list[tuple[str, str]]:
    """(title, the player whose total and breakdown the row shows) in ranking order: a row a player, or one row for
    the whole table when it plays as one team (a cooperative crew, whose members all carry the crew's points: the
    scoreboard ranked "1. A 1 / 1. B 1 / 1. C 1"; a cooperative crew of one read "1. A"). The whole table's row
    says what its number is (a shared score; Solar Storm's own words: rooms powered and the core): "全员 … 0" read as
    a player called 全员 with 0 points. t is in the game's own words (`game_words`)."""
    everyone = [p.name for p in board.players]
    if cooperative(board.game) and everyone:
        return [(t("app.crew", names=everyone), everyone[0])]
    if len(board.teams) == 1 and set(board.teams[0]) == set(everyone):
        return [(t("app.crew", names=list(board.teams[0])), board.teams[0][0])]
    return [(t("app.place_name", place=place, name=name), name) for place, name in places(board)]


def breakdown_lines(t: Callable[..., str], lang: str, player: Any, limit: int | None = None, over: bool = False
                    ) -> list[ft.Control]:
    """A player's breakdown, one line per entry (the newest `limit` of them, and how many are left out); each
    line's points ("= 0") stay on one line with the word before them on a narrow phone. An empty one says "No points
    yet." while the game goes on, "No points scored." once it is over."""
    entries = list(player.breakdown)
    hidden = max(0, len(entries) - limit) if limit else 0
    lines = [ft.Text(entry_line(t, lang, line), size=14, key=f"line-{hidden + i}")
             for i, line in enumerate(entries[hidden:])]
    if hidden:
        lines.insert(0, aside(lang, t("app.breakdown_earlier", count=hidden), size=14))
    return lines or [aside(lang, t("app.breakdown_none" if over else "app.breakdown_empty"), size=14)]


def entry_line(t: Callable[..., str], lang: str, line: Any) -> str:
    """One breakdown entry as "what = points", the "= points" glued to the last word of what, a Chinese line's
    clauses whole (`words.whole_line`): every game's scoreboard and Kingdomino's legend say a line so.
    RULING (a clause wider than the line): a Chinese line may also break before a full-width bracket
    (`words.break_before_bracket`), as a title may: at a phone's 2x text Flip 7's "停牌（数字 36 ×2）= 72", one clause
    kept whole and wider than the line, broke where Flutter must, "…×2" / "）= 72"; it now reads "…停牌" /
    "（数字 36 ×2）= 72", the bracket whole with its points."""
    what = t(line.key, **line.params)
    said = words.glued_tail(t("app.breakdown_line", what=what, points=line.points), what)
    return words.break_before_bracket(lang, words.whole_line(lang, said))


def game_words(t: Callable[..., str], lang: str, game: str) -> Callable[..., str]:
    """t in the game's own words where it has them (`words.own_key`: Guess Club's breakdown reads "Chips: 440",
    not "Chips = 440", money not points; Bacon's rounds are deals), for the scoreboard and the session screen."""
    return lambda key, **params: t(words.own_key(lang, game, key), **params)


def trophy(won: bool) -> ft.Icon:
    """A winner's trophy, or the same icon unpainted before another name: TROPHY px at the usual text size, both
    growing with the phone's text as the names beside them do, so every name still starts at the same place."""
    return ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER if won else ft.Colors.TRANSPARENT, size=TROPHY,
                   apply_text_scaling=True)


def scoreboard_panel(t: Callable[..., str], lang: str, board: Any, folds: Folds, expanded: bool = False,
                     limit: int | None = None) -> ft.Control:
    """Players in ranking order (`rows`): place, name, total; the breakdown folds out (at first open when
    expanded). Once the game is over the winners' rows lead with a trophy and the others with a blank as wide
    (`trophy`), so every name starts at the same place. Breakdown lines are in the game's own words (`game_words`).
    The heading, the rows and their breakdowns start at the
    column's left edge (`FLUSH`), as the screen's other text does."""
    by_name = {p.name: p for p in board.players}
    winners = set(board.winners) if board.over else set()
    own = game_words(t, lang, board.game)
    tiles = []
    for title, name in rows(own, board):
        player = by_name[name]
        points = t("app.points", points=player.total)
        tiles.append(fold(
            folds, f"breakdown:{name}", expanded,
            lambda player=player: [ft.Container(padding=ft.Padding.only(bottom=8),
                                                alignment=ft.Alignment.TOP_LEFT,
                                                content=ft.Column(controls=breakdown_lines(own, lang, player, limit,
                                                                                           board.over),
                                                                  spacing=2))],
            said=t("app.row_total", row=title, points=points), key=f"player-{name}",
            title=ft.Text(title, weight=ft.FontWeight.BOLD if name in winners else None),
            leading=trophy(name in winners) if winners else None,
            trailing=ft.Text(points, size=18, weight=ft.FontWeight.BOLD),
            expanded_cross_axis_alignment=ft.CrossAxisAlignment.START, tile_padding=FLUSH,
        ))
    heading = ft.Text(t("app.scoreboard"), size=18, weight=ft.FontWeight.BOLD)
    return ft.Column(controls=[heading, *tiles], spacing=0)
