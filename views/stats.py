"""Statistics (`/stats`): a player's record per game, a game's score histogram and best score, head-to-head
between two players, and the exports of every session (CSV, JSON backup). Also the BG Stats buttons a finished
session shows (`bgstats_buttons`). Everything is read from the store's statistics index (`storage.stats`)."""

from __future__ import annotations

import asyncio
import json
import math
from fractions import Fraction
from typing import Any

import flet as ft

from scoring import names
from scoring.core import TABLE
from storage import exports
from storage.stats import LOWEST, TITLED
from views import words
from views.components.chart import AXIS_TITLE, value_axis, y_axis
from views.home import game_name, session_game
from views.ui import aside, dropdown

BARS_PLOT = 158  # the pixels the score histogram's counts are drawn over …
BARS_LABELS = 32  # … its 11 px score labels' height at twice the text (and its count labels' width) …
BARS_HEIGHT = BARS_PLOT + BARS_LABELS + AXIS_TITLE  # … and its height, with its title's band
PHONE_BARS = 291  # px: the histogram's width for its bars on a 390 px phone (measured at twice the text) …
SCORE_CHAR = 12.5  # … a character of its 11 px score labels there ("220" is 38 px wide) …
SCORE_GAP = 4  # … and the room kept between two labels


def tenths(value: float) -> int:
    """A value in tenths, a half rounded away from zero, as by hand: Python's round() and format took a half to
    the even digit, of the float's binary value (1 win in 8 read 12%, an average of 7.25 read 7.2). The value is
    first read as the fraction it stands for (wins / plays, a sum / plays; denominators up to a million)."""
    exact = Fraction(value).limit_denominator(10 ** 6) * 10
    return int(math.copysign(math.floor(abs(exact) + Fraction(1, 2)), exact))


def percent(rate: float) -> str:
    """A rate as a whole percentage (a half up: 12.5% reads 13%)."""
    return f"{tenths(rate * 10)}%"


def number(value: float) -> str:
    """A score as shown: whole numbers without decimals, others to one decimal (a half away from zero)."""
    if float(value).is_integer():
        return str(int(value))
    shown = tenths(value)
    return f"{'-' if shown < 0 else ''}{abs(shown) // 10}.{abs(shown) % 10}"


def score(value: float | None) -> str:
    """A score cell: the number, or a dash where there is no score (a cooperative game's)."""
    return "—" if value is None else number(value)


def game_label(app: Any, stats: Any, game_key: str) -> str:
    """A game's name as the statistics list it: as its sessions are named (`views.home.session_game`: "Azul (score
    pad)", "Score pad (lowest wins)", "Golf (score pad, lowest wins)")."""
    game_id = game_key.partition(TITLED)[0].removesuffix(LOWEST)
    title, lowest = stats.title(game_key), stats.lowest(game_key)
    return session_game(app.lang, {"game": game_id, "title": title}, lowest)


def build(app: Any) -> tuple[str, ft.Control, str]:
    """The statistics screen.
    RULING (who it opens on): until one is chosen, the player whose phone it is: the player seat this phone holds
    in table mode (`own_player`; 奶奶, who played on her own phone, opened on 小明 and chose herself every time);
    else, and on the referee seat's phone (the table's, no player's), the player who has won most over all games
    (equals: the first by name), the one a table checking "who is best" looks for (it opened on the first by name,
    who may have won nothing). The phone's seats are read from its browser storage once per tab, after the screen
    is first drawn: it is drawn again on its player if it has one and none was chosen meanwhile."""
    stats = app.store.stats()
    choice = app.local("stats")
    players, games = stats.players(), stats.games()
    sections: list[ft.Control] = [export_row(app)]
    if not players:
        sections.append(aside(app.lang, app.t("stats.empty")))
        return app.t("stats.title"), ft.Column(controls=sections, spacing=12), "/"
    if "own" not in choice and app.prefs is not None:
        choice["own"] = None
        app.page.run_task(read_own_player, app)
    own = choice.get("own")
    player = next(p for p in (choice.get("player"), own, stats.most_wins()[0][0]) if p in players)
    game = choice.get("game") if choice.get("game") in games else games[0]
    rival = choice.get("rival") if choice.get("rival") in players and choice.get("rival") != player else first_rival(
        stats, player, players)
    sections += [heading(app.t("stats.player")), most_wins(app, stats),
                 chooser(app, "player", app.t("stats.player"), players, player),
                 player_table(app, stats, stats.player(player))]
    if rival:
        sections += [heading(app.t("stats.head_to_head")),
                     chooser(app, "rival", app.t("stats.rival"), [p for p in players if p != player], rival),
                     head_to_head(app, stats.head_to_head(player, rival), player, rival)]
    sections += [heading(app.t("stats.game")),
                 chooser(app, "game", app.t("stats.game"), games, game, label_of=lambda g: game_label(app, stats, g)),
                 game_panel(app, stats.game(game), most_wins(app, stats, game))]
    return app.t("stats.title"), ft.Column(controls=sections, spacing=12), "/"


async def read_own_player(app: Any) -> None:
    """Read the seat tokens this phone keeps (`views.join`) and draw the screen again on its player, if it has one
    and none was chosen meanwhile."""
    from views.join import PREFS_KEY

    keys = await app.prefs.get_keys(PREFS_KEY)
    tokens = await asyncio.gather(*(app.prefs.get(key) for key in keys))
    choice = app.local("stats")
    choice["own"] = own_player(app.store, {key.removeprefix(PREFS_KEY): t for key, t in zip(keys, tokens)})
    if choice["own"] and "player" not in choice:
        app.render()


def own_player(store: Any, held: dict[str, Any]) -> str | None:
    """The player whose phone holds these seat tokens (session id: token), as the statistics name them: the player
    seat held in the newest session (by its start) whose table still knows the token; None for none, or for the
    referee seat (the table's)."""
    from views.table_hub import seat_held

    started = {s["id"]: s.get("created", "") for s in store.sessions() if s["id"] in held}
    for sid in sorted(started, key=lambda sid: (started[sid], sid), reverse=True):
        seat = seat_held(store.table(sid).get("seats") or {}, held[sid])
        if seat is not None:
            return None if seat == TABLE else store.stats().shown(names.key(seat))
    return None


def most_wins(app: Any, stats: Any, game: str | None = None) -> ft.Control:
    """Who wins most, at a glance: every player's wins over all games (or in one game), most first (equals by name,
    no places)."""
    wins = " · ".join(app.t("stats.wins_item", name=name, wins=wins) for name, wins in stats.most_wins(game))
    return ft.Text(app.t("stats.most_wins", list=wins))


def first_rival(stats: Any, player: str, players: list[str]) -> str | None:
    """Whom a player's head-to-head opens against: the player they shared the most finished sessions with (the
    first by name of equals), else the first other player by name (Zoë's opened against Ann, whom she never
    played, while her one game was against 老王)."""
    return next(iter(stats.met(player)), None) or next((p for p in players if p != player), None)


def heading(text: str) -> ft.Control:
    """A section heading."""
    return ft.Text(text, size=20, weight=ft.FontWeight.BOLD)


def chooser(app: Any, key: str, label: str, values: list[str], value: str, label_of=None) -> ft.Control:
    """A dropdown choosing one value; the choice is kept for this tab and the screen shown again."""

    def chosen(e: Any) -> None:
        """Remember the choice and render; a new player drops the rival chosen for the one before (theirs opens
        against whom they met most, `first_rival`)."""
        app.local("stats")[key] = e.control.value
        if key == "player":
            app.local("stats").pop("rival", None)
        app.render()

    return dropdown(label, value, [ft.DropdownOption(key=v, text=(label_of or str)(v)) for v in values], chosen,
                    width=320)


GAME_COLS = {"xs": 12, "md": 6, "xl": 4}  # a player's game: one a row on a phone, two or three on a laptop
FIGURES = ("plays", "wins", "win_rate", "best", "average", "last")  # a player's figures per game, in reading order


def player_table(app: Any, stats: Any, record: dict) -> ft.Control:
    """A player's summary line over their record per game, each game a card (`game_card`): on a phone (390 px),
    every figure readable without scrolling sideways, in both languages and at 1.5x text (the table of seven
    columns it replaces cut "Best" at the screen's edge and put "Average" and "Last played" past it)."""
    summary = ft.Text(app.t("stats.player_summary", name=record["name"], plays=record["plays"], wins=record["wins"],
                            last=words.when(app.lang, record["last"])))
    return ft.Column(controls=[summary, ft.ResponsiveRow(spacing=8, run_spacing=8, controls=[
        game_card(app, stats, gid, g) for gid, g in record["games"].items()])])


def game_card(app: Any, stats: Any, game_key: str, g: dict) -> ft.Control:
    """One game of a player's record: its name, then plays, wins, win rate, best (the lowest where it wins),
    average and last session, each a figure under its name (a dash for a cooperative game's scores, which are no
    player's), wrapping onto as many lines as the width needs."""
    values = {"plays": str(g["plays"]), "wins": str(g["wins"]), "win_rate": percent(g["win_rate"]),
              "best": score(g["best"]), "average": score(g["average"]), "last": words.when(app.lang, g["last"])}
    return ft.Card(col=GAME_COLS, key=f"stats-game-{game_key}", content=ft.Container(padding=12, content=ft.Column(
        spacing=6, controls=[ft.Text(game_label(app, stats, game_key), size=16, weight=ft.FontWeight.BOLD),
                             ft.Row(wrap=True, spacing=20, run_spacing=8, controls=[
                                 figure(app.t(f"stats.col.{c}"), values[c], c) for c in FIGURES])])))


def figure(label: str, value: str, name: str) -> ft.Control:
    """A figure under its name, read out as one ("Best 70"), so a screen reader says what each number is."""
    return ft.MergeSemantics(data=name, content=ft.Column(spacing=0, tight=True, controls=[
        ft.Text(label, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Text(value, size=18, weight=ft.FontWeight.BOLD)]))


def head_to_head(app: Any, result: dict, player: str, rival: str) -> ft.Control:
    """How two players fared against each other, and how often they played on the same side (where they did);
    two who never played a finished session together are said to have not (not a record of three noughts)."""
    ahead = result["ahead"]
    if not result["games"] and not result["allies"]:
        return ft.Text(app.t("stats.head_to_head_none", a=player, b=rival))
    line = app.t("stats.head_to_head_line", games=result["games"], a=player, a_ahead=ahead[player], b=rival,
                 b_ahead=ahead[rival], ties=result["ties"])
    if not result["allies"]:
        return ft.Text(line)
    allies = app.t("stats.head_to_head_allies", allies=result["allies"])
    return ft.Text(app.t("stats.head_to_head_both", line=line, allies=allies) if result["games"] else allies)


def game_panel(app: Any, record: dict, wins: ft.Control) -> ft.Control:
    """A game's plays, who has won it most (`wins`; a cooperative game's crews' ends instead), best score (highest,
    or lowest where the lowest wins) with who and when, and its score histogram (of teams' scores for a team game),
    counted in whole steps.
    RULING (play-test: a family asked who wins most at each game): the game's section says every player's wins in
    it, as the players' section says them over all games; it said only the best score, so a family compared by
    choosing each player in turn and reading that game's card."""
    import flet_charts as fch  # on first use: it is a third of the app's import time (start-up)

    top = record["best"]
    lines = [ft.Text(app.t("stats.game_plays", plays=record["plays"]))]
    lines += crew_lines(app, record["crew"]) if record["crew"] else [wins]
    if top:
        holders = [app.t("stats.holder", player=holder(app, h), when=words.when(app.lang, h["when"]))
                   for h in top["by"]]
        key = "stats.lowest" if record["lowest"] else "stats.highest"
        lines.append(ft.Text(app.t(key, score=number(top["score"]), holders=holders)))
    bins = record["histogram"]
    if bins:
        _, most, step = y_axis(0, max(b["count"] for b in bins) + 1, BARS_PLOT)
        every = labelled_every(bins)
        chart = fch.BarChart(
            groups=[fch.BarChartGroup(x=i, rods=[fch.BarChartRod(to_y=b["count"], width=18, color=ft.Colors.PRIMARY,
                                                                 border_radius=3)])
                    for i, b in enumerate(bins)],
            min_y=0, max_y=most, height=BARS_HEIGHT, interactive=False,
            bottom_axis=fch.ChartAxis(title=ft.Text(app.t("stats.chart_score")), title_size=AXIS_TITLE,
                                      label_size=BARS_LABELS, labels=[
                fch.ChartAxisLabel(value=i, label=ft.Text(number(b["low"]), size=11))
                for i, b in enumerate(bins) if i % every == 0]),
            left_axis=value_axis(app.t("stats.chart_count_teams" if record["teams"] else "stats.chart_count"),
                                 0, most, step, label_size=BARS_LABELS),
            horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1, interval=step),
        )
        lines += [ft.Text(app.t("stats.chart_title"), size=16, weight=ft.FontWeight.BOLD), chart]
    return ft.Column(controls=lines)


def labelled_every(bins: list[dict]) -> int:
    """Every how many bars of a score histogram a score label is shown: as often as the widest label fits beside
    the next on a 390 px phone at twice the text.
    RULING (play-test, session 76: a Flip 7 histogram on 小丽's phone read "100120140160180200220", ten 3-digit
    labels run together): a label is shown under the first bar and every so many after it; each bar still starts
    where the labels count on from."""
    widest = max(len(number(b["low"])) for b in bins) * SCORE_CHAR + SCORE_GAP
    return max(1, math.ceil(widest * len(bins) / PHONE_BARS))


def crew_lines(app: Any, crew: dict) -> list[ft.Control]:
    """A cooperative game's record: how many crews won and lost, and each end in the engine's words."""
    ends = [app.t(f"stats.crew_{end['outcome']}_end", count=end["count"],
                  why=app.t(end["why"], **{k: v for k, v in end.items() if k not in ("outcome", "why", "count")}))
            for end in crew["ends"]]
    return [ft.Text(app.t("stats.crew_record", won=crew["won"], lost=crew["lost"]))] + [ft.Text(e) for e in ends]


def holder(app: Any, held: dict) -> str:
    """Who holds a best score: a player, or a team's players."""
    return held["player"] if "player" in held else app.t("stats.team", names=" + ".join(held["team"]))


def export_row(app: Any) -> ft.Control:
    """Save every session as CSV (one row per player per session) or as a JSON backup."""

    async def save_csv() -> None:
        """The CSV of every session, as a download."""
        text = exports.sessions_csv(app.store.sessions(), app.lang, app.store.stats())
        await app.picker.save_file(file_name="tableside-sessions.csv", src_bytes=text.encode("utf-8-sig"))

    async def save_backup() -> None:
        """Every session as one JSON backup, as a download; the sessions that cannot be read are named."""
        records, left_out = app.store.records()
        text = exports.backup_json(records)
        await app.picker.save_file(file_name="tableside-backup.json", src_bytes=text.encode("utf-8"))
        if left_out:
            app.notify("stats.backup_left_out", {"count": len(left_out), "ids": left_out}, error=True)

    return ft.Row(wrap=True, controls=[
        ft.OutlinedButton(content=app.t("stats.export_csv"), icon=ft.Icons.TABLE_VIEW,
                          on_click=lambda e: app.page.run_task(save_csv)),
        ft.OutlinedButton(content=app.t("stats.export_backup"), icon=ft.Icons.BACKUP,
                          on_click=lambda e: app.page.run_task(save_backup)),
    ])


def bgstats_buttons(app: Any, sid: str) -> list[ft.Control]:
    """For a finished session: save it as a BG Stats play file, or open BG Stats' import link."""
    record, state = app.store.load(sid), app.store.state(sid)
    play = exports.bgstats_play(record, state, game_name("en", record["game"]))

    async def save() -> None:
        """The BG Stats play as a JSON file, as a download."""
        text = json.dumps(play, ensure_ascii=False, indent=2)
        await app.picker.save_file(file_name=f"tableside-{sid}-bgstats.json", src_bytes=text.encode("utf-8"))

    return [ft.OutlinedButton(content=app.t("stats.bgstats_file"), icon=ft.Icons.SHARE,
                              on_click=lambda e: app.page.run_task(save)),
            ft.OutlinedButton(content=app.t("stats.bgstats_open"), icon=ft.Icons.OPEN_IN_NEW,
                              url=exports.bgstats_link(play))]

