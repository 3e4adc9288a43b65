"""Home: unfinished sessions to continue, every registered game (new session or "coming soon"), finished
sessions (history), importing a session file, and any data file the store had to set aside.

The Continue and History lists show `PAGE` sessions each, with "show more" adding a page (kept per tab); only the
shown ones are asked of the store (`sessions(status, limit)`, `count`), so the screen costs the same with 10,000
stored sessions as with none. It draws without importing any game's view (`has_view`): the first screen after
start-up loads only what it shows.

History can be narrowed to one game and/or one player ("Find a session": two dropdowns, kept per tab, so a
redraw keeps them; the statistics index they list is built only once the finder is opened): the store narrows its
sorted catalogue once per choice (`storage.store.narrowed`) and still hands out one page at a time.

Rulings:
- A Continue tile names the round the game reports; a game without rounds (Kingdomino, Knit Wit) shows its
  name alone.
- The finder's games and players are the statistics' (`storage.stats`): a titled score pad ("Azul") and a pad set to
  lowest wins are games of their own, and a player is one player whatever case, width or surrounding spaces
  their name was typed in. A session matches a player who played it, winner or not; a new choice shows the first
  page again.
- A History row reads the final totals, best first [session 73: a family opened each session to read them], from
  the catalogue summary's `totals`, `ranks` and `teams` (kept in every summary since session 46; an older entry is
  summarised again once, `storage.store.behind`), so drawing History still loads no session.
- History is reached from the top too [session 70]: the top bar's History action scrolls to its heading, which
  stood below the whole list of games, where a first-timer did not find it; a "History" button beside the rules'
  says it in words [session 73: the bar's clock alone was not guessed]."""

from __future__ import annotations

from typing import Any

import flet as ft

from scoring import names
from scoring.core import RuleError, cooperative, game_name, games
from scoring.i18n import signed
from scoring.record import game_title
from views import drawn, focus, importer, quick, rules, words
from views.games import has_view
from views.ui import aside, dropdown, icon_button, outcome_icon

CARD_COLS = {"xs": 12, "sm": 6, "lg": 4}
CARD_MARGIN = 4  # px around a game card (Flutter's own margin for a card, said so the tests can find its inside)
CARD_PAD = 12  # px around a game card's words and button
CARD_GAP = 8  # px between a game card's words and its button, beside them or under them
PAGE = 10
ANY = "*"  # the finder's choice of every game or every player
HISTORY_KEY = "history"  # the History heading, where the top bar's History action scrolls to


@drawn.screen
def Home(app: Any, chosen: Any) -> ft.Control:
    """The home screen component."""
    from views.app import frame

    _, bump = ft.use_state(0)
    scroller = ft.use_ref(None)
    app.refresh_screen = lambda: bump(lambda n: n + 1)

    async def to_history(e: Any) -> None:
        """Scroll the screen to the History heading; from the keyboard, the focus goes to History's first control
        (it stayed in the top bar, and the next Tab went on from there)."""
        if scroller.current is not None:
            await scroller.current.scroll_to(scroll_key=HISTORY_KEY)
        await focus.give(app.page)

    title, body, back = build(app, to_history)
    return frame(app, title, body, back, scroller=scroller, actions=[
        focus.keep(app.page, "to-history", icon_button(ft.Icons.HISTORY, app.t("app.history_jump"), to_history),
                   then=HISTORY_KEY)])


def history_button(app: Any, to_history: Any) -> list[ft.Control]:
    """History's button among the ways in at the top (none without to_history): the top bar's clock had no words,
    and a first-timer did not guess it. Ruling: the button reads "History" with the bar's clock beside it, on every
    screen width and in both languages (the row wraps on a phone; the bar keeps its icon, named, where a label
    would squeeze the title). The bar's icon is named "Jump to History" (跳到历史记录), this one "History": a screen
    reader read two buttons "History" on one screen, and a person could not tell which was which."""
    if to_history is None:
        return []
    return [focus.keep(app.page, "history-button", ft.OutlinedButton(
        content=app.t("app.history"), icon=ft.Icons.HISTORY, on_click=to_history), then=HISTORY_KEY)]


def paged(app: Any, name: str, total: int, tile: Any, **narrow: Any) -> list[ft.Control]:
    """The first pages of the sessions with status `name` (of `total`; of the game and player in `narrow`, if
    any) and a "show more" button while there are more."""
    pages = app.local("home").get(name, 1)
    shown = [tile(app, s) for s in app.store.sessions(name, limit=pages * PAGE, **narrow)]
    if total > pages * PAGE:

        def more() -> None:
            """Show one more page."""
            app.local("home")[name] = pages + 1
            app.render()

        shown.append(ft.TextButton(content=app.t("app.show_more", count=total - pages * PAGE),
                                   icon=ft.Icons.EXPAND_MORE, on_click=lambda e: more()))
    return shown


def build(app: Any, to_history: Any = None) -> tuple[str, ft.Control, None]:
    """The home screen: title, body, no back route; to_history(e), given, scrolls to History (`history_button`)."""
    lang = app.lang
    sections: list[ft.Control] = [*problems(app), ft.Row(wrap=True, controls=[
        *quick.home_buttons(app), rules.home_button(app), *history_button(app, to_history)])]
    active = app.store.count("active")
    if active:
        sections += [heading(app.t("app.continue")), *paged(app, "active", active, continue_tile)]
    sections += [heading(app.t("app.games")),
                 ft.ResponsiveRow(controls=[game_card(app, g) for g in ordered_games()], spacing=8, run_spacing=8)]
    sections.append(heading(app.t("app.history"), key=ft.ScrollKey(HISTORY_KEY)))
    if not app.store.count("finished"):
        sections.append(aside(lang, app.t("app.history_empty")))
    else:
        narrow, finder = history_finder(app)
        finished = app.store.count("finished", **narrow)
        sections += [finder, *(paged(app, "finished", finished, history_tile, **narrow)
                               or [aside(lang, app.t("app.history_none_found"))])]
    sections.append(ft.Row(wrap=True, controls=[  # on a phone, Statistics goes under Import, not past the edge
        importer.button(app),
        ft.OutlinedButton(content=app.t("stats.open"), icon=ft.Icons.INSIGHTS, on_click=lambda e: app.go("/stats")),
    ]))
    return words.say(lang, "app.title"), ft.Column(controls=sections, spacing=10), None


def history_finder(app: Any) -> tuple[dict, ft.Control]:
    """The game and player History is narrowed to (a choice no longer in the statistics is dropped), and the
    control choosing them: a "Find a session" button, and once tapped a dropdown of games and one of players. A
    player is kept by their name's key (`scoring.names.key`), so the choice holds when another spelling of the
    name becomes the one shown ("ann" played more often than "Ann"); each option's key is marked by its list, so
    no name ("*") can be taken for "every player"."""
    kept = app.local("home")

    def choose(key: str, value: Any) -> None:
        """Keep a choice for this tab and show History's first page again."""
        kept[key] = value
        kept.pop("finished", None)
        app.render()

    def chosen(value: str) -> str | None:
        """An option's game or player key, None for every one."""
        return None if value == ANY else value.partition(":")[2]

    if not kept.get("find"):
        return {}, focus.keep(app.page, HISTORY_KEY, ft.TextButton(
            content=app.t("app.history_find"), icon=ft.Icons.SEARCH, on_click=lambda e: choose("find", True)))
    from views.stats import game_label

    stats = app.store.stats()
    games, players = stats.games(), {names.key(p): p for p in stats.players()}
    for key, known in (("find_game", games), ("find_player", players)):
        if kept.get(key) not in known:
            kept.pop(key, None)
    game, player = kept.get("find_game"), kept.get("find_player")
    game_options = [(ANY, app.t("app.history_any_game"))] + [(f"g:{g}", game_label(app, stats, g)) for g in games]
    player_options = [(ANY, app.t("app.history_any_player"))] + [(f"p:{k}", p) for k, p in players.items()]
    return {"game": game, "player": player}, ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
        dropdown(app.t("app.history_game"), f"g:{game}" if game else ANY,
                 [ft.DropdownOption(key=k, text=t) for k, t in game_options],
                 lambda e: choose("find_game", chosen(e.control.value)), width=300),
        dropdown(app.t("app.history_player"), f"p:{player}" if player else ANY,
                 [ft.DropdownOption(key=k, text=t) for k, t in player_options],
                 lambda e: choose("find_player", chosen(e.control.value)), width=300),
    ])


def ordered_games() -> list:
    """Every registered game, those that can be played first."""
    return sorted(games(), key=lambda g: not has_view(g.id))


def heading(text: str, key: Any = None) -> ft.Control:
    """A section heading (key: where the screen may be scrolled to)."""
    return ft.Text(text, size=20, weight=ft.FontWeight.BOLD, key=key)


def problems(app: Any) -> list[ft.Control]:
    """Banners for data files the store could not read and kept aside (damaged entries, with the reason), each
    listed until the host dismisses it; and one while the data folder is read-only. A banner is its notice's
    (keyed by its id): a second quick tap on "Dismiss" reaches a banner gone, not the next notice's."""

    def dismiss(notice_id: int) -> None:
        """Stop listing a notice (the host only)."""
        if not app.host:
            app.show_error("app.host_only")
            return
        try:
            app.store.dismiss(notice_id)
        except RuleError as err:
            app.show_error(err)
            return
        app.render()

    return [ft.Container(bgcolor=ft.Colors.ERROR_CONTAINER, padding=10, border_radius=8, key=f"notice-{p['id']}",
                         content=ft.Row(vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                             ft.Text(words.error(app.lang, p), expand=True),
                             *([ft.TextButton(content=app.t("app.notice_dismiss"),
                                              on_click=lambda e, n=p["id"]: dismiss(n))] if p["id"] else []),
                         ])) for p in app.store.problems]


def session_game(lang: str, record: dict, lower_wins: bool | None = None) -> str:
    """The game a session (its record or summary) is of, as its screens and lists name it: a titled score pad's title
    and what keeps it ("Azul (score pad)", `scoring.record.game_title`), else the game's name; a lowest-wins one
    (`lower_wins`, else the summary's) says so, as the statistics do ("Golf (score pad, lowest wins)")."""
    title = game_title(record)
    lowest = record.get("lower_wins", False) if lower_wins is None else lower_wins
    if title is not None and lowest:
        return words.say(lang, f"{record['game']}.titled_lowest_wins", title=title)
    name = game_name(lang, record["game"]) if title is None else words.say(lang, f"{record['game']}.titled",
                                                                            title=title)
    return words.say(lang, "stats.lowest_wins", game=name) if lowest else name


def game_card(app: Any, game: Any) -> ft.Control:
    """A game on one row: its name, its name in the other language (where that differs) and its player range,
    and New session (or coming soon). What the app does for the game is said on its new-session screen, so the
    twelve games take about a phone's screen and the history below them is a short scroll away (with each
    game's description on its card, it was four screens down).

    Ruling: the words take the width they need and the button stays at the card's right while both fit on one
    row; where they do not (a phone at 2× text, most games), the button goes under the words, at their left. The
    words beside a button at 2× had a column narrower than one word: "Cubo / saurs", "4 or 6 pl / ayers"."""
    name, line = card_words(app.lang, game)
    said = app.t("app.new_session_of", game=name)  # read out with its game: Tab alone met twelve "New session"s
    action = (ft.FilledButton(content=ft.Text(app.t("app.new_session"), semantics_label=said), icon=ft.Icons.ADD,
                              on_click=lambda e: app.go(f"/new/{game.id}"))
              if has_view(game.id) else ft.Chip(label=ft.Text(app.t("app.coming_soon")), disabled=True))
    return ft.Card(col=CARD_COLS, margin=CARD_MARGIN, content=ft.Container(padding=CARD_PAD, content=ft.Row(
        wrap=True, alignment=ft.MainAxisAlignment.SPACE_BETWEEN, spacing=CARD_GAP, run_spacing=CARD_GAP,
        controls=[ft.Column(spacing=2, controls=[
            ft.Text(name, size=18, weight=ft.FontWeight.BOLD),
            ft.Text(line, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ]), action])))


def card_words(lang: str, game: Any) -> tuple[str, str]:
    """A game card's name and the line under it: its name in the other language (where that differs) and its
    player range."""
    name = game.names.get(lang, game.id)
    other = game.names.get("en" if lang == "zh-CN" else "zh-CN", "")
    return name, " · ".join([*([other] if other and other != name else []), words.player_range(lang, game)])


def continue_tile(app: Any, summary: dict) -> ft.Control:
    """An unfinished session: game, players, round (where the game has rounds), last change; tap to continue."""
    sid, game, turn_round = summary["id"], session_game(app.lang, summary), summary.get("round")
    return ft.Card(content=ft.ListTile(
        leading=ft.Icon(ft.Icons.PLAY_CIRCLE),
        title=ft.Text(game if turn_round is None else words.whole_after(words.say_for(
            app.lang, summary["game"], "app.continue_title", game=game, round=turn_round), game)),
        subtitle=ft.Text(words.whole_word(app.t(
            "app.continue_detail", players=summary["players"],
            updated=words.unbroken(words.when(app.lang, summary.get("updated", "")))))),
        on_click=lambda e: app.go(f"/play/{sid}"),
    ))


def history_tile(app: Any, summary: dict) -> ft.Control:
    """A finished session: date, duration, winners (or "no winner") and the final totals (`final_totals`); a
    cooperative crew's: whether the crew won, and why it lost (`crew` in the summary; its players were listed as
    winners, or "no winner"); tap to open it read-only."""
    sid, winners, crew = summary["id"], summary.get("winners") or [], summary.get("crew")
    duration = words.duration(app.lang, summary.get("created", ""), summary.get("updated", ""))
    if isinstance(crew, dict):
        won = crew["outcome"] == "won"
        why = app.t(crew["why"], **{k: v for k, v in crew.items() if k not in ("outcome", "why")})
        detail = app.t("app.history_crew_won", duration=duration) if won else app.t(
            "app.history_crew_lost", duration=duration, why=why)
    else:
        won = bool(winners)
        detail = app.t("app.history_detail", duration=duration, winners=winners) if winners \
            else app.t("app.history_no_winner", duration=duration)
    totals = final_totals(summary)
    return ft.Card(content=ft.ListTile(
        leading=ft.Icon(outcome_icon(won)),
        title=ft.Text(app.t("app.history_title", game=session_game(app.lang, summary),
                            date=words.when(app.lang, summary.get("created", "")))),
        subtitle=ft.Column(spacing=2, controls=[
            ft.Text(detail), *([ft.Text(words.whole_line(app.lang, totals))] if totals else [])]),
        on_click=lambda e: app.go(f"/history/{sid}"),
    ))


def final_totals(summary: dict) -> str:
    """A finished session's final totals as its History tile reads them at a glance, from its catalogue summary
    (no session is loaded to draw the list): "Dad 114 · Sis 38 · Bro 28 · Mum 16", best place first and seat order
    among equals; a team game's teams, their members joined by " + " ("Ann + Cy 8 · Bo + Di 2"). Rulings: a
    cooperative game shows none (its crew's result is the line above; its crew's points are no one's score); an
    entry with no totals or places shows what it has (seat order without places); the line breaks only between
    players (`words.whole_line`), so six long names wrap on a phone and no name or number is cut."""
    totals, ranks = summary.get("totals"), summary.get("ranks") or {}
    if cooperative(summary.get("game", "")) or not isinstance(totals, dict) or not totals:
        return ""
    seats = [name for name in summary.get("players") or () if name in totals]
    seats += [name for name in totals if name not in seats]
    teams = [[p for p in seats if p in team] for team in summary.get("teams") or ()]
    teamed = {p for team in teams for p in team}
    sides = [team for team in teams if team] + [[p] for p in seats if p not in teamed]
    place = {p: ranks.get(p, len(seats) + 1) for p in seats}
    sides.sort(key=lambda side: (min(place[p] for p in side), seats.index(side[0])))
    return " · ".join(f"{' + '.join(side)} {signed(totals[side[0]])}" for side in sides)
