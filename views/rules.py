"""Rules: the referee's book on screen — the list of rules pages with a search box over all of them (both
languages), and one page with its sections, opened at the section a refusal's "Why?" points to.

Routes: `/rules` (list and search), `/rules/<page>` (every section open), `/rules/<page>/<section>` (that
section open and marked, the others folded). Query: `lang` shows the page in that language instead of the app's
(a search hit in the other language opens in its own), `from` is where the back arrow returns (the session or
new-session screen the page was opened from). Pages, sections and the refusal index come from
`scoring.rulebook`; the search from `scoring.rules_search`. Nothing here decides a rule.
"""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import parse_qs, urlencode

import flet as ft

from scoring import i18n, rulebook
from scoring.core import game_name, games
from scoring.rules_search import search
from views import focus, words
from views.components.folds import Folds, fold
from views.games import has_view
from views.ui import aside, draft_field, field_text, label_above, tint

HIGHLIGHT = tint(ft.Colors.AMBER)
FOUND = "_found"  # the screen's scratch: (text, hits) of the last search kept (its text was then in the box)
ASKED = "_asked"  # the screen's scratch: the last text whose search was started


def link(page_id: str | None = None, section: str | None = None, back: str | None = None,
         lang: str | None = None) -> str:
    """The route of the rules list, a page, or a page opened at a section."""
    path = "/rules" + "".join(f"/{part}" for part in (page_id, section if page_id else None) if part)
    query = {k: v for k, v in (("lang", lang), ("from", back)) if v}
    return path + (f"?{urlencode(query)}" if query else "")


def why_link(key: str, back: str) -> str | None:
    """The route that explains a refusal's message key (None when no rules page covers it)."""
    found = rulebook.where(key)
    return link(found[0], found[1], back=back) if found else None


def query_of(route: str) -> dict[str, str]:
    """The route's query parameters (first value of each)."""
    _, _, query = route.partition("?")
    return {k: v[0] for k, v in parse_qs(query).items()}


def build(app: Any, page_id: str | None = None, section: str | None = None) -> tuple[str, ft.Control, str]:
    """The rules list with search, or one rules page."""
    query = query_of(app.page.route)
    back = query.get("from") if query.get("from", "").startswith("/") else None
    if page_id is None:
        return app.t("rules.title"), index_body(app), back or "/"
    lang = query.get("lang") if query.get("lang") in i18n.LANGUAGES else app.lang
    page = rulebook.page(page_id, lang)
    if page is None:
        return app.t("rules.title"), ft.Text(app.t("rules.no_page", page=page_id)), back or "/rules"
    return page.title, page_body(app, page, section, back), back or link()


def home_button(app: Any) -> ft.Control:
    """The home screen's way to the rules."""
    return ft.OutlinedButton(content=app.t("rules.open_all"), icon=ft.Icons.MENU_BOOK,
                             on_click=lambda e: app.go(link()))


def rules_button(app: Any, game_id: str, back: str) -> ft.Control:
    """A button that opens one game's rules page (from the new-session screen or a session)."""
    return ft.OutlinedButton(content=app.t("rules.open_game"), icon=ft.Icons.MENU_BOOK,
                             on_click=lambda e: app.go(link(game_id, back=back)))


# ---------------------------------------------------------------------------------------------------------
# The list and the search


def index_body(app: Any) -> ft.Control:
    """The search box, its hits, and every rules page. The box's label is a text above it (`label_above`): Flutter's
    own label broke over two lines at a phone's 2x text, and floated above the box cut off."""
    scratch = app.local("rules")

    def changed(e: Any) -> None:
        """Search again as the text changes: render the screen again (its controls are a component's render,
        never updated by hand; the diff re-sends only the hits), which starts the search of the new text."""
        scratch["query"] = e.control.value or ""
        app.render()

    field = focus.keep(app.page, "rules-search", draft_field(
        scratch, "query", scratch.get("query", ""), prefix_icon=ft.Icons.SEARCH, on_change=changed,
        on_submit=changed))
    results = ft.Column(spacing=4, controls=shown_hits(app, scratch, field.value))
    pages = [ft.ListTile(leading=ft.Icon(ft.Icons.MENU_BOOK), title=ft.Text(p.title),
                         on_click=lambda e, pid=p.id: app.go(link(pid)))
             for pid in listed_pages() if (p := rulebook.page(pid, app.lang))]
    return ft.Column(spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, controls=[
        label_above(app.t("rules.search"), field), results,
        ft.Text(app.t("rules.pages"), size=20, weight=ft.FontWeight.BOLD),
        *pages,
    ])


def listed_pages() -> list[str]:
    """The rules pages as the list shows them: those of no game first (how Tableside referees), then the games in
    the home screen's order (`home.ordered_games`).
    RULING (one order for the games): a first-time reader looking for Flip 7 met it third on the home screen and
    seventh on the rules list (the index's own order, Knit Wit first); the two lists now read alike."""
    from views.home import ordered_games  # the home screen opens the rules list: imported when a list is drawn

    shown = rulebook.page_ids()
    games = [g.id for g in ordered_games() if g.id in shown]
    return [pid for pid in shown if pid not in games] + games


def found(text: str) -> list[Any]:
    """The search's hits for text over every page in both languages."""
    return search(rulebook.all_sections(i18n.LANGUAGES), text)


def shown_hits(app: Any, scratch: dict, text: str) -> list[ft.Control]:
    """The hits of the text in the box once its search has finished, nothing while it runs.

    The search ran in the render, on the server's loop, once per key (27-51 ms a search measured, plus its tiles'
    diff): typing "what if tied" quickly showed the hits of "w" (Kingdomino's "W 麦田") while the box held the
    whole question, each older text's hits in turn after it. Now the first render that shows a text starts its
    search off the loop (`look_up`), and only hits of the text still in the box are shown; an older text's
    search finishing later is dropped."""
    if not text.strip():
        return []
    done = scratch.get(FOUND)
    if done is not None and done[0] == text:
        return hit_tiles(app, text, done[1])
    if scratch.get(ASKED) != text:
        scratch[ASKED] = text
        app.page.run_task(look_up, app, scratch, text)
    return []


async def look_up(app: Any, scratch: dict, text: str) -> None:
    """Search text on a worker thread; keep its hits and show them only if text is still what the box holds."""
    hits = await asyncio.to_thread(found, text)
    if field_text(scratch, "query") != text:
        return
    scratch[FOUND] = (text, hits)
    app.render()


def hit_tiles(app: Any, text: str, hits: list[Any]) -> list[ft.Control]:
    """The search hits of text as tiles (page, section and a snippet), or a word when there are none.

    Ruling: a hit names its language only when it is not the screen's ("In English" on a Chinese screen, a
    small line under the snippet, read after it): that hit's page opens in its own language, which a reader
    should know before the tap; a tag on every hit ("中文 |", "EN |" read first) said nothing a reader needed."""
    if not hits:
        return [aside(app.lang, app.t("rules.no_hits", query=text.strip()))]
    tiles: list[ft.Control] = [ft.Text(app.t("rules.hits", count=len(hits)), size=14)]
    for hit in hits:
        page = rulebook.page(hit.page, hit.lang)
        about: list[ft.Control] = [ft.Text(hit.snippet)]
        if hit.lang != app.lang:
            about.append(aside(app.lang, app.t(f"rules.in_lang.{hit.lang}"), size=12))
        tiles.append(ft.Card(content=ft.ListTile(
            title=ft.Text(app.t("rules.hit_title", page=page.title, section=hit.title) if hit.section
                          else page.title),
            subtitle=ft.Column(spacing=2, controls=about) if len(about) > 1 else about[0],
            on_click=lambda e, h=hit: app.go(link(h.page, h.section, lang=h.lang)),
        )))
    return tiles


# ---------------------------------------------------------------------------------------------------------
# One page


def start_button(app: Any, page_id: str, back: str | None) -> list[ft.Control]:
    """New session of the page's game, as the home screen's card says it, on the host's screen when the page was
    not opened from a screen of its own (a session, or the new-session screen: back leads there); else nothing.
    RULING (read, then play): a first-time host read Flip 7's rules from the rules list and found no way to start
    it there: back twice to the home screen. A phone not the host's may not start a session: none there."""
    if back is not None or not app.host or page_id not in {g.id for g in games()} or not has_view(page_id):
        return []
    said = app.t("app.new_session_of", game=game_name(app.lang, page_id))
    return [ft.FilledButton(content=ft.Text(app.t("app.new_session"), semantics_label=said), icon=ft.Icons.ADD,
                            on_click=lambda e: app.go(f"/new/{page_id}"))]


def page_body(app: Any, page: rulebook.Page, section: str | None, back: str | None) -> ft.Control:
    """A page's sections, the asked one open and marked (all open when none is asked), and a way to the
    other language and to the search. Each section is the app's fold (read as open or shut, its text built only
    while open), kept as this tab left it on this route: another asked section starts from its own defaults."""
    other = next(lang for lang in i18n.LANGUAGES if lang != page.lang)
    asked = page.section(section)
    controls: list[ft.Control] = [ft.Row(wrap=True, controls=[
        *start_button(app, page.id, back),
        ft.OutlinedButton(content=app.t(f"rules.read_in.{other}"), icon=ft.Icons.TRANSLATE,
                          on_click=lambda e: app.go(link(page.id, section, back=back, lang=other))),
        ft.OutlinedButton(content=app.t("rules.search_all"), icon=ft.Icons.SEARCH, on_click=lambda e: app.go(link())),
    ])]
    if page.intro:
        controls.append(ft.Markdown(words.whole_numbers(page.lang, page.intro)))
    if asked:
        controls.append(ft.Text(app.t("rules.asked", section=asked.title), size=16, weight=ft.FontWeight.W_600,
                                color=ft.Colors.PRIMARY))
    folds = Folds(app.local(f"rules:{page.id}:{page.lang}:{asked.id if asked else ''}"), app.render)
    for s in page.sections:
        chosen = asked is not None and s.id == asked.id
        section_fold = fold(
            folds, s.id, asked is None or chosen,
            lambda s=s: [ft.Markdown(words.whole_numbers(page.lang, s.body),
                                     extension_set=ft.MarkdownExtensionSet.GITHUB_WEB)], said=s.title,
            title=ft.Text(words.whole_numbers(page.lang, s.title), size=18, weight=ft.FontWeight.BOLD),
            controls_padding=ft.Padding.only(left=16, right=16, bottom=12), expanded_alignment=ft.Alignment.TOP_LEFT,
            expanded_cross_axis_alignment=ft.CrossAxisAlignment.START, bgcolor=HIGHLIGHT if chosen else None)
        controls.append(section_fold)
    return ft.Column(spacing=6, controls=controls)
