"""The rules screen, the "Why?" on refusals and the quick scorer, built without a browser over a real store."""

from __future__ import annotations

import json
from types import SimpleNamespace

import flet as ft

from scoring import i18n, rulebook
from scoring.core import RuleError, games
from scoring.games import kingdomino
from tests.helpers import BrowserStorage, run_async, run_tasks, tap_fold
from tests.test_views import StubPage, app, phone_tab  # noqa: F401  (the fixture)
from tests.test_views_components import (bar_action, buttons, drawn_part, labelled_fields, raw_texts, read, shown_bars,
                                         texts, walk)
from tests.test_views_kingdomino import squares
from tests.test_views_ui import narrow_fields
from views import quick, rules
from views.home import game_name

RULINGS_KINGDOM = "F1 L F L1 M\nL1 L L L W1\nW L C W W\nG F F F W\nW1 W W G F1"  # scores 23 (RULINGS)


def routes(shell) -> list[str]:
    """The routes the screen asked to go to (not a message bar's time running out: `App.expire`)."""
    return [args[0] for _, args in shell.page.tasks if args and isinstance(args[0], str)]


def test_links_carry_page_section_language_and_way_back():
    """Routes of the list, a page, a section, with the language and where back leads."""
    assert rules.link() == "/rules"
    assert rules.link("kingdomino") == "/rules/kingdomino"
    assert rules.link("kingdomino", "scoring", back="/play/x1", lang="en") == \
        "/rules/kingdomino/scoring?lang=en&from=%2Fplay%2Fx1"
    assert rules.query_of("/rules/kingdomino/scoring?lang=en&from=%2Fplay%2Fx1") == {"lang": "en", "from": "/play/x1"}
    assert rules.why_link("kingdomino.no_connection", "/play/x1") == "/rules/kingdomino/placement?from=%2Fplay%2Fx1"
    assert rules.why_link("storage.player_duplicate", "/") is None


def test_a_refusal_offers_why_and_it_opens_the_rule(app):
    """show_error: a rule's refusal gets a "Why?" that opens its section; other messages get none."""
    app.page = StubPage("/play/s1")
    app.page.push_route = lambda route: None
    app.show_error(RuleError("kingdomino.no_connection", domino=4))
    (bar,) = shown_bars(app.page)
    assert bar_action(bar).content == "Why?"
    bar_action(bar).on_click(None)
    assert routes(app) == ["/rules/kingdomino/placement?from=%2Fplay%2Fs1"]
    app.show_error(RuleError("storage.player_duplicate", name="A"))
    assert bar_action(shown_bars(app.page)[-1]) is None


def test_a_page_opened_at_a_section_folds_the_others(app):
    """The asked section is open and marked; without one every section is open; the back arrow follows `from`."""
    app.page = StubPage("/rules/kingdomino/placement?from=%2Fplay%2Fs1")
    title, body, back = rules.build(app, "kingdomino", "placement")
    tiles = [c for c in walk(body) if isinstance(c, ft.ExpansionTile)]
    assert title == "Kingdomino" and back == "/play/s1"
    assert [drawn_part(t.title).value for t in tiles if t.expanded] == ["Placement"]
    assert "The rule that applies: Placement" in texts(body)
    app.page = StubPage("/rules/kingdomino?lang=zh-CN")
    title, body, back = rules.build(app, "kingdomino")
    assert title == "王国骨牌" and back == "/rules"
    assert all(t.expanded for t in walk(body) if isinstance(t, ft.ExpansionTile))


def test_a_pages_sections_are_read_as_folds_that_are_open_or_shut(app, monkeypatch):
    """A section was a plain tile: read "button" with aria-current="false" and no expanded or collapsed state. Each
    is the app's fold: one button named by its title, expanded or collapsed; a tap (a screen reader's too) shuts
    the asked one and opens another, and the page drawn again keeps them as they were left."""
    app.page = StubPage("/rules/kingdomino/placement")
    monkeypatch.setattr(app, "render", lambda: None)

    def heads() -> dict[str, ft.Semantics]:
        """The page's section heads by the name they are read by."""
        return {c.label: c for c in walk(rules.build(app, "kingdomino", "placement")[1])
                if isinstance(c, ft.Semantics) and c.expanded is not None}

    shown = heads()
    assert all(h.button for h in shown.values()) and [n for n, h in shown.items() if h.expanded] == ["Placement"]
    tap_fold(shown["Placement"])
    tap_fold(shown["Scoring"])
    assert [n for n, h in heads().items() if h.expanded] == ["Scoring"]


def hits_shown(body) -> list[str]:
    """The titles of the search hits a rules list shows (each hit is a card)."""
    return [c.content.title.value for c in walk(body) if isinstance(c, ft.Card)]


def typed_key(app, text: str):
    """The browser puts text into the search box and its change is handled: the screen drawn again after it, and
    its search box (the field Flet then holds, into which the browser's next key goes)."""
    field, = [c for c in walk(rules.build(app)[1]) if isinstance(c, ft.TextField)]
    field.value = text
    field.on_change(SimpleNamespace(control=field))
    drawn = rules.build(app)[1]
    return next(c for c in walk(drawn) if isinstance(c, ft.TextField)), drawn


def finish(app, text: str) -> None:
    """The search started for text finishes now, whatever else is still running; the screen's render follows."""
    task, = [(fn, args) for fn, args in app.page.tasks if args[-1] == text]
    app.page.tasks.remove(task)
    run_async(task[0](*task[1]))


def test_the_list_searches_as_you_type(app):
    """Typing in the search box lists the hits in both languages; nothing found says so."""
    app.page = StubPage("/rules")
    title, body, back = rules.build(app)
    assert title == "Rules" and back == "/"
    assert [h.value for h in rules.hit_tiles(app, "zzzz", rules.found("zzzz"))] == \
        ["Nothing in the rules matches “zzzz”."]
    hits = rules.hit_tiles(app, "王国", rules.found("王国"))
    assert "王国骨牌 · 计分" in [c.value for tile in hits for c in walk(tile) if isinstance(c, ft.Text)]


def test_a_game_reads_the_same_on_the_rules_list_as_on_the_home_screen(app):
    """Play-test (a Chinese family, session 72): Nab-It! was "抢词叠叠乐" on the home screen and "Nab-It!（抢词叠叠乐）"
    in the rules list. Every game's rules page now bears the name the home screen, a new session, the history,
    the statistics and the session's title give it (`game_name`), in each language; a search hit names it so too."""
    played = [game.id for game in games() if game.id in rulebook.page_ids()]  # not the tests' own engines
    assert len(played) >= 12
    for lang in i18n.LANGUAGES:
        app.settings["lang"] = lang
        app.page = StubPage("/rules")
        listed = [c.title.value for c in walk(rules.index_body(app)) if isinstance(c, ft.ListTile)]
        for game in played:
            assert game_name(lang, game) in listed, (lang, game, listed)
    app.settings["lang"] = "zh-CN"
    hits = rules.hit_tiles(app, "抢词叠叠乐打平了谁赢", rules.found("抢词叠叠乐打平了谁赢"))
    assert "抢词叠叠乐 · 计分" in [c.value for tile in hits for c in walk(tile) if isinstance(c, ft.Text)]


def test_only_the_hits_of_the_text_in_the_box_are_shown(app):
    """"what if tied" typed quickly on a laptop showed the hits of "w" first (Kingdomino's "W 麦田"): each key's
    search ran in its render, and the box had moved on. Typed "w", "wh", "what if tied", with the searches
    finishing out of order: "w"'s finishes after the box took more keys and is never shown, and once the last
    text's hits are shown an older search finishing later does not replace them."""
    app.page = StubPage("/rules")
    field, drawn = typed_key(app, "w")
    field.value = "wh"  # the next key reaches the box
    assert hits_shown(drawn) == []  # "w"'s hits, under "wh", before
    finish(app, "w")
    assert hits_shown(rules.build(app)[1]) == []
    typed_key(app, "wh")
    typed_key(app, "what if tied")
    finish(app, "what if tied")
    finish(app, "wh")
    shown = hits_shown(rules.build(app)[1])
    assert shown == hits_shown(ft.Column(rules.hit_tiles(app, "what if tied", rules.found("what if tied"))))
    assert "Kingdomino · Scoring" in shown and not any("麦田" in title for title in shown)


def test_a_hit_names_its_language_only_when_it_is_not_the_screens(app):
    """Every hit led with "中文 |" or "EN |"; now a hit in the screen's language has no tag, one in the other
    language says so in words under its snippet ("In Chinese"; on a Chinese screen "英文原文")."""
    app.page = StubPage("/rules")
    for lang, other, said in (("en", "zh-CN", "In Chinese"), ("zh-CN", "en", "英文原文")):
        app.settings["lang"] = lang
        for query in ("scoring", "王国"):
            hits = rules.found(query)
            tiles = [t.content for t in rules.hit_tiles(app, query, hits) if isinstance(t, ft.Card)]
            assert hits and len(tiles) == len(hits)
            for hit, tile in zip(hits, tiles):
                lines = [c.value for c in walk(tile.subtitle) if isinstance(c, ft.Text)]
                assert tile.leading is None and lines[1:] == ([said] if hit.lang == other else []), (hit.lang, lines)


def test_a_redraw_after_a_later_key_keeps_that_key(app):
    """The browser reports "black she", then "black shee"; the screen is drawn again for the first change only
    after the second key reached the field: the search box keeps "black shee" (a redraw with the older text
    would write it back into the box and lose the key), and the hits are those of what is in the box."""
    app.page = StubPage("/rules")
    _, body, _ = rules.build(app)
    field, = [c for c in walk(body) if isinstance(c, ft.TextField)]
    field.value = "black she"
    field.on_change(SimpleNamespace(control=field))
    field.value = "black shee"  # the next key, as Flet applies it to the field before its change is handled
    _, body, _ = rules.build(app)
    again, = [c for c in walk(body) if isinstance(c, ft.TextField)]
    assert again.value == "black shee"
    run_tasks(app.page)
    assert "Pictomania · Scoring" in texts(rules.build(app)[1])


def test_a_redraw_keeps_a_key_typed_into_the_field_of_the_last_render(app):
    """抢词 typed, its change handled and the screen drawn again: Flet now holds that render's field, not the one the
    change came from. 叠 reaches the new field and, before its change is handled, the search of 抢词 finishes and
    draws the screen again: the box keeps 抢词叠 (the redraw read the older field and wrote 抢词 back: a browser test
    typed 抢词叠叠乐两个人分数一样谁赢 and the box held 抢词乐两个人分数一样谁赢)."""
    app.page = StubPage("/rules")
    field, = [c for c in walk(rules.build(app)[1]) if isinstance(c, ft.TextField)]
    field.value = "抢词"
    field.on_change(SimpleNamespace(control=field))
    drawn, = [c for c in walk(rules.build(app)[1]) if isinstance(c, ft.TextField)]
    drawn.value = "抢词叠"  # the next key, as Flet applies it to the field it now holds, before its change is handled
    again, = [c for c in walk(rules.build(app)[1]) if isinstance(c, ft.TextField)]
    assert again.value == "抢词叠"


def test_quick_scorer_reads_a_typed_kingdom_and_refuses_an_impossible_one(app):
    """The typed RULINGS kingdom scores 23, 38 with both variant bonuses; two castles are refused with a Why? and
    the board keeps what it had; a painted kingdom real dominoes cannot make is scored with the reason shown."""
    app.page = StubPage("/quick/kingdomino")
    scratch = app.local("quick:kingdomino")
    scratch["text"] = RULINGS_KINGDOM
    _, body, _ = quick.build(app, "kingdomino")
    buttons(body)["Put this text on the board"].on_click(None)
    _, body, _ = quick.build(app, "kingdomino")
    shown = texts(body)
    assert "Score: 23" in shown and "With the Harmony and Middle Kingdom variants: 38" in shown
    assert "Harmony +5 (variant): earned" in shown and "Middle Kingdom +10 (variant): earned" in shown
    assert not any(t.startswith("This kingdom could not be built") for t in shown)
    scratch["text"] = "C C"
    buttons(body)["Put this text on the board"].on_click(None)
    assert bar_action(shown_bars(app.page)[-1]).content == "Why?"
    assert "Score: 23" in texts(quick.build(app, "kingdomino")[1])
    scratch["grid"][0][0] = None
    shown = texts(quick.build(app, "kingdomino")[1])
    assert "Score: 22" in shown and "Harmony +5 (variant): needs a full 5×5 kingdom" in shown
    assert any(t.startswith("This kingdom could not be built: The Grass square in row ") for t in shown)


def test_quick_scorer_box_reads_like_the_property_list_in_both_languages(app):
    """The score box says each scoring property as the coloured list under the board does (terrain, squares,
    crowns, points: "Lake — squares: 7, crowns: 2 = 14", not "…, crowns: 2: 14"), the terrains by the
    names of the terrain buttons ("Wheat", not "Wheat field"); so each line is there twice, in the box and in the
    list."""
    app.page = StubPage("/quick/kingdomino")
    scratch = app.local("quick:kingdomino")
    scratch["grid"] = quick.framed(kingdomino.read_layout(RULINGS_KINGDOM, 5), 5)
    for lang, lines in (("en", ["Lake — squares: 7, crowns: 2 = 14", "Wheat — squares: 4, crowns: 1 = 4",
                                "Wheat — squares: 3, crowns: 1 = 3"]),
                        ("zh-CN", ["湖泊：7 格 × 2 顶皇冠 = 14", "麦田：4 格 × 1 顶皇冠 = 4",
                                   "麦田：3 格 × 1 顶皇冠 = 3"])):
        app.settings = {**app.settings, "lang": lang}
        shown = texts(quick.build(app, "kingdomino")[1])
        assert [shown.count(line) for line in lines] == [2, 2, 2], shown
        assert not any("field" in t or t.endswith(("2: 14", "2：14")) for t in shown)


def test_quick_scorer_refusal_keeps_its_last_word_with_the_one_before(app):
    """The reason a painted kingdom could not be built reads as written, its last word glued to the one before
    by a no-break space (on a phone "elsewhere)." stood alone on the last line); the square is named as painted
    (its terrain, and its crowns where it has any), not by a layout letter the painter never showed."""
    app.page = StubPage("/quick/kingdomino")
    scratch = app.local("quick:kingdomino")
    scratch["grid"] = quick.framed(kingdomino.read_layout(RULINGS_KINGDOM, 5), 5)
    scratch["grid"][0][0] = None
    body = quick.build(app, "kingdomino")[1]
    refusal, = [t for t in raw_texts(body) if t.startswith("This kingdom could not be built")]
    assert read(refusal).startswith("This kingdom could not be built: The Grass square in row 5, column 4")
    assert read(refusal).endswith("cannot be made from the dominoes of the box (each domino counts once).")
    assert refusal.endswith("counts\u00a0once).")


def test_quick_scorer_refusal_says_nothing_of_dominoes_used_or_set_aside_in_both_languages(app):
    """Nothing is used or set aside in the quick scorer: its refusal says the box's dominoes count once each and
    stops there (it ended "those already used or set aside are out", a session's words), in both languages."""
    app.page = StubPage("/quick/kingdomino")
    scratch = app.local("quick:kingdomino")
    scratch["grid"] = quick.framed(kingdomino.read_layout(RULINGS_KINGDOM, 5), 5)
    scratch["grid"][0][0] = None
    for lang, start, end, session_words in (
            ("en", "This kingdom could not be built", "(each domino counts once).", "set aside"),
            ("zh-CN", "这个王国不可能建成", "无法用盒中的骨牌拼出（每块骨牌只算一次）。", "放在一边")):
        app.settings = {**app.settings, "lang": lang}
        refusal, = [read(t) for t in raw_texts(quick.build(app, "kingdomino")[1]) if t.startswith(start)]
        assert refusal.endswith(end) and session_words not in refusal and "剩下" not in refusal, refusal


def test_quick_scorer_names_a_square_without_crowns_by_its_terrain_alone(app):
    """RULINGS' kingdom with its corner erased cannot be built: the square named is a crownless Grass one, said as
    "The Grass square in row 5, column 4" / "第 5 行第 4 列的草原格" with no "(crowns: 0)" (it read like an error);
    a crowned square still says its crowns (the engine's test of "C M2 / . M2")."""
    app.page = StubPage("/quick/kingdomino")
    scratch = app.local("quick:kingdomino")
    scratch["grid"] = quick.framed(kingdomino.read_layout(RULINGS_KINGDOM, 5), 5)
    scratch["grid"][0][0] = None
    for lang, said in (("en", "This kingdom could not be built: The Grass square in row 5, column 4 cannot be made"),
                       ("zh-CN", "这个王国不可能建成：第 5 行第 4 列的草原格无法用盒中的骨牌拼出")):
        app.settings = {**app.settings, "lang": lang}
        refusal, = [read(t) for t in raw_texts(quick.build(app, "kingdomino")[1]) if t.startswith(said[:6])]
        assert refusal.startswith(said) and "crown" not in refusal and "皇冠" not in refusal, refusal


def test_quick_scorer_scores_a_splitter_sheet(app):
    """The RULINGS example sheet A typed in scores 34."""
    app.page = StubPage("/quick/splitter")
    scratch = app.local("quick:splitter")
    scratch["text"] = "\n".join([". . 4 4 3 3 . .", ". 1 4 4 6 3 1 .", "2 5 5 6 6 5 5 2", "2 5 6 6 1 2 5 1",
                                 "1 5 3 6 5 2 5 5", ". 3 3 3 4 4 6 .", ". . 6 4 4 6 . ."])
    _, body, _ = quick.build(app, "splitter")
    buttons(body)["Put this text on the board"].on_click(None)
    assert "Score: 34" in texts(quick.build(app, "splitter")[1])


def test_quick_scorer_splitter_sheet_is_written_by_tapping_squares(app):
    """The quick scorer's hint says to tap squares, but its sheet was drawn with no tap (the painter's tap went in as
    the sheet's owner): a tap on a square now writes the number in hand there."""
    app.page = StubPage("/quick/splitter")
    squares(quick.build(app, "splitter")[1])[(2, 0)].content.on_click(None)
    assert app.local("quick:splitter")["grid"][2][0] == 1


def opened(shell, game_id: str) -> ft.Control:
    """The quick scorer's body in a tab, once the phone's browser storage has answered."""
    quick.build(shell, game_id)
    run_tasks(shell.page)
    return quick.build(shell, game_id)[1]


def test_a_quick_score_comes_back_in_a_new_tab_until_started_again(app):
    """A kingdom painted and a Splitter sheet written and half typed are kept in the phone's browser storage: a new
    tab (the phone away longer than the server keeps its session) shows them (they were in the tab's scratch only:
    the board came back empty); "Start again" forgets them, and nothing is written until the board changes."""
    phone = BrowserStorage()
    first = phone_tab(app.store, phone, "/quick/kingdomino")
    assert isinstance(quick.build(first, "kingdomino")[1], ft.ProgressRing)
    run_tasks(first.page)
    quick.build(first, "kingdomino")
    assert first.page.tasks == []
    grid = first.local("quick:kingdomino")["grid"]
    grid[0][0] = grid[0][1] = {"terrain": "F", "crowns": 2}
    quick.build(first, "kingdomino")
    sheet = opened(first, "splitter")
    first.local("quick:splitter")["grid"][2][0] = 2
    field, = [c for c in walk(sheet) if isinstance(c, ft.TextField)]
    field.on_change(SimpleNamespace(control=SimpleNamespace(value=". . 4")))
    run_tasks(first.page)
    assert set(phone.kept) == {"tableside.scratch.quick:kingdomino", "tableside.scratch.quick:splitter"}
    second = phone_tab(app.store, phone, "/quick/kingdomino")
    body = opened(second, "kingdomino")
    assert "Score: 8" in texts(body)
    assert second.local("quick:kingdomino")["grid"][0][:2] == [{"terrain": "F", "crowns": 2}] * 2
    buttons(body)["Start again"].on_click(None)
    run_tasks(second.page)
    assert set(phone.kept) == {"tableside.scratch.quick:splitter"}
    quick.build(second, "kingdomino")
    assert second.page.tasks == [] and "Score: 0" in texts(opened(phone_tab(app.store, phone, "/"), "kingdomino"))
    kept = second.local("quick:splitter")
    opened(second, "splitter")
    assert kept["grid"][2][0] == 2 and kept["text"] == ". . 4"


def test_a_kept_quick_score_not_in_the_scorers_shape_is_ignored(app):
    """What the browser gives back is untrusted: a kingdom or a sheet not in the shape the scorer holds (every
    square one its brush could have painted) is not brought back (the board starts empty), and nothing raises."""
    kingdom = {"size": 5, "grid": quick.empty_kingdom(5), "brush": {"terrain": "W", "crowns": 0}, "discarded": False}
    assert quick.kept_kingdom(kingdom) == kingdom and quick.kept_kingdom({**kingdom, "text": "C"})["text"] == "C"

    def square(cell):
        """The kingdom with its first square replaced by cell."""
        grid = [row[:] for row in kingdom["grid"]]
        grid[0][0] = cell
        return {**kingdom, "grid": grid}

    bad_kingdoms = [{**kingdom, "size": 6}, {**kingdom, "size": "5"}, {**kingdom, "size": 5.0},
                    {**kingdom, "size": 7}, {**kingdom, "grid": kingdom["grid"][:4]}, {**kingdom, "grid": "C"},
                    square({"terrain": "X", "crowns": 0}), square({"terrain": "F", "crowns": 4}),
                    square({"terrain": "F", "crowns": True}), square({"terrain": ["F"], "crowns": 0}),
                    square({"terrain": "C", "crowns": 1}), square({"terrain": "F", "crowns": 0, "x": 1}), square("F"),
                    {k: v for k, v in kingdom.items() if k != "brush"}, {**kingdom, "brush": {"terrain": "Q"}},
                    {**kingdom, "discarded": "no"}, {**kingdom, "text": 5}]
    assert [quick.kept_kingdom(value) for value in bad_kingdoms] == [None] * len(bad_kingdoms)
    sheet = {"sheet": "A", "grid": [[None] * 8 for _ in range(7)], "brush": 1}
    sheet["grid"][2][0] = 6
    assert quick.kept_sheet(sheet) == sheet and quick.kept_sheet({**sheet, "brush": None}) is not None
    off_sheet = [row[:] for row in sheet["grid"]]
    off_sheet[0][0] = 1
    bad_sheets = [{**sheet, "sheet": "C"}, {**sheet, "sheet": ["A"]}, {**sheet, "brush": 7}, {**sheet, "brush": "1"},
                  {**sheet, "grid": off_sheet}, {**sheet, "grid": sheet["grid"][:6]},
                  {**sheet, "grid": [[True] * 8 for _ in range(7)]}, {**sheet, "text": None}]
    assert [quick.kept_sheet(value) for value in bad_sheets] == [None] * len(bad_sheets)
    for text in ["{", "[" * 100_000, "[1]", "null", "7", json.dumps(bad_kingdoms[3]), json.dumps(bad_kingdoms[9])]:
        phone = BrowserStorage({"tableside.scratch.quick:kingdomino": text})
        assert "Score: 0" in texts(opened(phone_tab(app.store, phone, "/"), "kingdomino"))


def test_quick_sheet_scorer_writes_with_the_number_in_hand(app):
    """The Splitter quick scorer's brush row: the number tapped is the one in hand (filled, the others outlined),
    the eraser too."""
    app.page = StubPage("/quick/splitter")
    _, body, _ = quick.build(app, "splitter")
    buttons(body)["3"].on_click(None)
    filled = [b.content for b in walk(quick.build(app, "splitter")[1]) if isinstance(b, ft.FilledButton)]
    assert "3" in filled and "Erase" not in filled
    buttons(quick.build(app, "splitter")[1])["Erase"].on_click(None)
    filled = [b.content for b in walk(quick.build(app, "splitter")[1]) if isinstance(b, ft.FilledButton)]
    assert "Erase" in filled and "3" not in filled


def test_quick_text_fields_have_a_short_label_and_the_how_to_under_them(app):
    """The field for the board as text has a label short enough for one line over the field (a long one wrapped
    and broke the outline's notch) and says how to write the board in a text under it, in both languages: as the
    field's helper it was cut after three lines with an ellipsis, and Kingdomino's, naming each terrain's letter,
    takes six at a phone's 2x text."""
    helps = {"kingdomino": "quick.kingdom_text_help", "splitter": "quick.sheet_text_help"}
    for lang in ("en", "zh-CN"):
        app.settings = {**app.settings, "lang": lang}
        for game_id in quick.GAMES:
            app.page = StubPage(f"/quick/{game_id}")
            body = quick.build(app, game_id)[1]
            field, = [c for c in walk(body) if isinstance(c, ft.TextField)]
            assert len(field.label) <= 20 and field.helper is None, (lang, field.label)
            assert len(app.t(helps[game_id])) > len(field.label) and app.t(helps[game_id]) in texts(body)


def test_the_search_and_the_board_text_take_the_screens_width(app):
    """The rules search and the quick scorer's board text were 300 px wide (Flet's width for a field without
    one): on a phone the search stopped 70 px short of its hits."""
    body = rules.build(app)[1]
    assert [label for label, _ in labelled_fields(body)] == ["Search the rules (中文 or English)"]
    assert narrow_fields(body) == []
    assert narrow_fields(quick.build(app, "kingdomino")[1]) == []


def test_the_search_fields_label_is_a_text_above_it_that_wraps(app):
    """Play-test at 390x844 with the phone's text at 2x: Flutter's own label "Search the rules (中文 or English)"
    broke inside the field over two lines ("(中" / "文 or English)"), and once the field was typed in, the label
    floated above the box on two lines, its first line cut off under the app bar. The label is now a text above the
    field (`views.ui.label_above`), which wraps as it needs; the field is still named by it."""
    for lang in ("en", "zh-CN"):
        app.settings = {**app.settings, "lang": lang}
        field, = [c for c in walk(rules.build(app)[1]) if isinstance(c, ft.TextField)]
        assert field.label is None
        assert [label for label, _ in labelled_fields(rules.build(app)[1])] == [app.t("rules.search")]


def test_the_rules_list_names_the_games_in_the_home_screens_order(app):
    """First-use play-test (shot 21-en-rules-index): Flip 7 was third on the home screen and seventh on the rules
    list, Knit Wit first. The list gives how Tableside referees, then the games as the home screen orders them."""
    from views.home import ordered_games

    for lang in i18n.LANGUAGES:
        app.settings["lang"] = lang
        app.page = StubPage("/rules")
        listed = [c.title.value for c in walk(rules.index_body(app)) if isinstance(c, ft.ListTile)]
        home = [game_name(lang, g.id) for g in ordered_games() if g.id in rulebook.page_ids()]
        assert listed == [rulebook.page("referee", lang).title, *home], lang


def test_a_games_rules_page_from_the_rules_list_starts_a_new_session_on_the_hosts_screen(app):
    """First-use play-test (shot 03-zh-flip7-rules): a new host read Flip 7's rules from the rules list and found no
    way to start it: back twice to the home screen. The page opened from the list (or a search) has New session,
    named with its game as on the home screen; opened from a session or the new-session screen (back leads there),
    from the referee's page, or on a phone not the host's, it has none."""
    def starts(route: str, page_id: str = "flip7") -> list[str]:
        """The routes the page's new-session buttons go to."""
        app.page = StubPage(route)
        app.page.push_route = lambda route: None
        app.page.tasks.clear()
        _, body, _ = rules.build(app, page_id)
        found = [c for c in walk(body) if isinstance(c, ft.FilledButton)]
        for button in found:
            assert button.content.semantics_label == "New session: Flip 7"
            button.on_click(None)
        return routes(app)

    assert starts("/rules/flip7") == ["/new/flip7"]
    assert starts("/rules/flip7?from=%2Fplay%2Fs1") == [] and starts("/rules/flip7?from=%2Fnew%2Fflip7") == []
    assert starts("/rules/referee", "referee") == []
    app.guard.required = True
    assert starts("/rules/flip7") == []
