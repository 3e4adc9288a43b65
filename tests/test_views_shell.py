"""The shell's small rules, without a browser: a log row names its actor once; a message at the bottom of the
screen follows the language and an error leaves with its screen; a home card names a game once where both
languages call it alike; a chart's count axis counts in whole numbers."""

from __future__ import annotations

import re

import flet as ft
import pytest

from scoring import i18n
from scoring.core import RuleError, engine, games
from storage import Store
from tests.helpers import run_async
from tests.test_stats import finished
from tests.test_views_components import bar_action, bar_close, bar_words, read, shown_bars, texts, walk
from views import home, imported, new_session, session, words
from views.app import TITLE_INSET, App, chosen_settings, load_phone_settings, phone_values, top_bar
from views.components.action_log import entry_named, row_text
from views.components.chart import LABEL_HEIGHT, VALUE_TITLE
from views.ui import TAP


class Page:
    """Enough of an ft.Page for the shell's messages: opens dialogs as Flet does and records what is sent."""

    def __init__(self, route: str = "/"):
        self.route, self.dialogs, self.sent, self.tasks, self.overlay = route, [], [], [], []

    def show_dialog(self, dialog):
        """Open a dialog."""
        dialog.open = True
        self.dialogs.append(dialog)

    def update(self, *controls):
        """Note the controls sent (the page itself when sent whole)."""
        self.sent += controls or (self,)

    def run_task(self, fn, *args):
        """Keep a task (none is run)."""
        self.tasks.append((fn, args))


@pytest.fixture
def app(tmp_path):
    """A tab's shell in English over a fresh store, at the new-session screen."""
    with Store(tmp_path / "data") as store:
        store.set_setting("lang", "en")
        yield App(Page("/new/score_pad"), store)


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_the_bar_shows_a_long_title_whole_on_as_many_lines_as_it_needs(tmp_path, lang):
    """With the phone's text at 2× a 390 px phone leaves the bar's title about 214 px: a title held to two lines
    lost words ("New session: Kingdomino" showed "New / session: K…"). Every screen's title, in both languages, is
    a text whose lines nothing limits (its overflow clips nothing in a bar that grows), beside the back button and
    the bar's named actions."""
    with Store(tmp_path / "data") as store:
        store.set_setting("lang", lang)
        shell = App(Page("/new/kingdomino"), store)
        names = [game.names[lang] for game in games()]
        titles = [shell.t(key, game=name) for key in ("app.new_session_of", "quick.title_of", "table.host_title",
                                                       "table.phone_title") for name in names]
        named = [shell.t("app.back"), shell.t("app.settings")]
        for title in titles:
            bar = top_bar(shell, title, "/")
            (text,) = [c for c in walk(bar) if isinstance(c, ft.Text) and read(c.value) == title]
            assert text.max_lines is None, title
            assert [c.icon.semantics_label for c in walk(bar) if isinstance(c, ft.IconButton)] == named


def breaks(text: str) -> list[str]:
    """The pieces a line may break between: beside a Chinese character or full-width mark with no word joiner
    between (a joiner forbids the break), or at a space."""
    cjk = i18n.CJK
    return [p.replace("\u2060", "") for p in
            re.split(f"(?<=[^\u2060])(?=[{cjk}])|(?<=[{cjk}])(?=[^\u2060])| ", text) if p]


def test_a_chinese_title_breaks_only_after_a_pause_mark_or_before_a_bracket(tmp_path):
    """The score pad's end screen at a 390 px phone read "Hearts（计分板，低分" / "胜）": the bar's title (every
    screen's) now breaks a Chinese line only after a pause mark or before a bracket (`words.whole_title`)."""
    with Store(tmp_path / "data") as store:
        store.set_setting("lang", "zh-CN")
        shell = App(Page("/"), store)
        for title, pieces in (("Hearts（计分板，低分胜）", ["Hearts", "（计分板，", "低分胜）"]),
                              ("妙笔神猜（多手机）", ["妙笔神猜", "（多手机）"])):
            (text,) = [c for c in walk(top_bar(shell, title, "/")) if isinstance(c, ft.Text)
                       and read(c.value) == title]
            assert breaks(text.value) == pieces


@pytest.mark.parametrize("lang, lowest, said", [
    ("zh-CN", False, "麻将（计分板 · 多手机）"), ("zh-CN", True, "麻将（计分板，低分胜 · 多手机）"),
    ("en", False, "Mahjong (score pad) at the table"), ("en", True, "Mahjong (score pad, lowest wins) at the table")])
def test_a_score_pads_phone_title_has_one_bracket(tmp_path, lang, lowest, said):
    """A phone joining a score pad's table read "麻将（计分板）（多手机）", two brackets in a row: one holds both, in
    the join screen's title and as the bar shows it (English had one already)."""
    from types import SimpleNamespace

    from views import join
    hub = SimpleNamespace(engine=SimpleNamespace(game=SimpleNamespace(id="score_pad")), title="麻将" if lang != "en"
                          else "Mahjong", lower_wins=lowest)
    with Store(tmp_path / "data") as store:
        store.set_setting("lang", lang)
        shell = App(Page("/join/x"), store)
        title = join.bar_title(shell, hub, False)
        assert read(title) == said
        assert said in [read(c.value) for c in walk(top_bar(shell, title, None)) if isinstance(c, ft.Text)]
        assert read(words.whole_title(lang, shell.t("table.phone_title", game=shell.t("score_pad.titled",
                                                                                       title="Azul")))) in \
            ("Azul（计分板 · 多手机）", "Azul (score pad) at the table")


def test_a_bar_without_a_back_button_keeps_its_title_off_the_edge(tmp_path):
    """The bar lost its own side padding when its buttons grew to a finger's size (their padding sets the icons
    in): on the home screen, with no back button before it, "Tableside" then touched the screen's left edge."""
    with Store(tmp_path / "data") as store:
        shell = App(Page("/"), store)
        assert top_bar(shell, "Tableside", None).padding.left == TITLE_INSET
        assert top_bar(shell, "Tableside", "/").padding.left == 0  # the back button's own padding sets it in


def test_the_settings_screen_has_no_settings_button_that_does_nothing(tmp_path):
    """On the settings screen the bar's Settings button led to the same screen: a tap did nothing (seen at
    390x844). It is there on every other screen, and gone on settings."""
    with Store(tmp_path / "data") as store:
        store.set_setting("lang", "en")
        for route, named in (("/settings?from=%2F", False), ("/settings", False), ("/rules", True), ("/", True)):
            bar = top_bar(App(Page(route), store), "Settings", "/")
            shown = [c.icon.semantics_label for c in walk(bar) if isinstance(c, ft.IconButton)]
            assert ("Settings" in shown) == named, (route, shown)


def entry(number: int, actor: str, key: str, at: str = "", **params) -> dict:
    """A log entry as `scoring.record.public_log` gives it (the action's `by` among its words' parameters)."""
    return {"number": number, "at": at, "by": actor, "what": [key, {"by": actor, **params}]}


def test_a_log_row_names_the_actor_once_and_leaves_no_empty_time():
    """A move whose words begin with its player, a table ruling whose words begin with the table: the actor
    once. Words that do not begin with the actor keep it in front. No time: no empty gap after the number."""
    placed = entry(6, "Ann", "kingdomino.action.place", domino=22)
    assert read(row_text("en", placed)) == "#6 · Ann placed domino 22"
    assert read(row_text("zh-CN", placed)) == "#6 · Ann 放下了 22 号骨牌"
    ended = entry(13, "table", "kingdomino.action.finish")
    assert read(row_text("en", ended)) == "#13 · The table ended the game"
    assert read(row_text("zh-CN", ended)) == "#13 · 全桌宣布本局结束"
    scores = entry(4, "table", "score_pad.action.round", scores={"Ann": 5}, nth=2)
    assert read(row_text("en", scores)) == "#4 · The table · Round 2 scores: Ann 5"
    assert read(row_text("zh-CN", scores)) == "#4 · 全桌 · 第 2 轮得分：Ann 5"
    caught = entry(2, "Bo", "nab_it.action.forgot", player="Bob")
    assert read(row_text("en", caught)) == "#2 · Bo · Bob forgot to announce their last tile"
    dealt = entry(1, "table", "pictomania.action.deal")  # session 46: "#1 · The table · The app dealt the cards"
    assert read(row_text("en", dealt)) == "#1 · The app dealt the cards"
    assert read(row_text("zh-CN", dealt)) == "#1 · 应用发好了牌"
    rolled = entry(5, "Ann", "splitter.action.roll")
    assert read(row_text("en", rolled)) == "#5 · The app rolled the dice"
    lost = entry(3, "table", "score_pad.action.round", scores={"Ann": 5, "Bo": -3})
    assert row_text("zh-CN", lost).endswith("Bo\u00a0\u22123")  # "−3" never alone on a wrapped line


def test_a_log_row_whose_words_name_the_actor_later_names_it_once():
    """Solar Storm's room powers and Hull Breach name the player after the room ("Armoury: Bo protects …"): the row
    and the undo button read "Bo · Armoury: Bo protects Repair Centre" (seen on a phone), the actor twice."""
    protected = entry(8, "Bo", "solar_storm.action.armoury", rooms=["Repair Centre"])
    assert read(row_text("en", protected)) == "#8 · Armoury: Bo protects Repair Centre"
    zh = {**protected, "what": ["solar_storm.action.armoury", {"by": "Bo", "rooms": "维修中心"}]}
    assert read(row_text("zh-CN", zh)) == "#8 · 军械库：Bo 保护维修中心"
    breach = {"type": "damage", "by": "Bo", "roll": 5, "cards": ["data", "data", "metal"]}
    said = {"by": "Bo", "what": list(engine("solar_storm").describe(breach))}
    assert entry_named("en", said) == "Hull Breach: Bo rolls 5"


def test_a_log_row_with_a_time_shows_it_after_the_number():
    """The time of day stands between the number and the rest, once."""
    at = "2025-01-01T20:01:02+00:00"
    assert read(row_text("en", entry(1, "Ann", "kingdomino.action.place", at, domino=4))) == \
        f"#1 {words.clock(at)} · Ann placed domino 4"


def bar_of(app: App) -> ft.Container:
    """The message shown last."""
    return shown_bars(app.page)[-1]


def shown(app: App, bar: ft.Container) -> bool:
    """Whether the bar is on the page."""
    return bar in shown_bars(app.page)


def test_a_message_is_said_again_when_the_phone_switches_language_and_keeps_its_undo(app):
    """"Done: … / Undo" shown in English, the phone switches to Chinese: the English bar is put away and the
    same message shows in Chinese, its Undo still the same undo."""
    undone = []
    describe = lambda lang: words.say(lang, "kingdomino.action.place", by="Ann", domino=22)
    app.notify("app.done_what", {"what": describe}, action="app.undo", on_action=lambda: undone.append(1))
    english = bar_of(app)
    assert (read(bar_words(english)), bar_action(english).content) == ("Done: Ann placed domino 22", "Undo")
    assert bar_close(english).icon.semantics_label == "Close"  # it covers the screen's head: it can be put away
    app.set_setting("lang", "zh-CN")
    chinese = bar_of(app)
    assert chinese is not english and not shown(app, english) and app.page in app.page.sent and shown(app, chinese)
    assert (read(bar_words(chinese)), bar_action(chinese).content) == ("已完成：Ann 放下了 22 号骨牌", "撤销")
    bar_action(chinese).on_click(None)
    assert undone == [1]


def test_a_done_bars_undo_reads_on_the_bar_in_the_colour_of_a_bars_own_action(app):
    """"Done: Ivy checked the unplayed cards · Undo": the bar is drawn in the theme's inverse surface (dark in the
    light theme, light in the dark one), and its Undo, in the theme's primary teal, was dark teal on near-black
    (about 2:1, guess_club_phone_end.png, knit_wit_phone_end.png). It takes the inverse primary, the colour Flutter
    gives a bar's own action, which reads on the bar in both themes; a refusal's "Why?" keeps the error's text
    colour on the error's red."""
    app.notify("app.done_what", {"what": lambda lang: "x"}, action="app.undo", on_action=lambda: None)
    assert bar_action(bar_of(app)).style.color == ft.Colors.INVERSE_PRIMARY
    app.notify("kingdomino.no_connection", {"domino": 4}, error=True, why="/rules/kingdomino/placement")
    assert bar_action(bar_of(app)).style.color == ft.Colors.ON_ERROR


def test_a_phone_that_keeps_messages_keeps_its_bar_until_it_is_closed(app):
    """"Done: … / Undo" goes after 6 s by itself, before a slow reader (or a screen reader's user) has found its
    Undo. With "Keep messages on screen until I close them" on (this phone's setting), no bar is timed: it stays
    until its close button (or its action, or the next message) puts it away."""
    app.notify("app.done_what", {"what": lambda lang: "x"}, action="app.undo", on_action=lambda: None)
    assert [args for handler, args in app.page.tasks if handler == app.expire] == [(bar_of(app), 6)]
    app.set_setting("keep_messages", True)
    app.page.tasks.clear()
    app.notify("app.done_what", {"what": lambda lang: "y"}, action="app.undo", on_action=lambda: None)
    kept = bar_of(app)
    app.set_setting("lang", "zh-CN")
    assert [handler for handler, args in app.page.tasks if handler == app.expire] == []
    assert read(bar_words(bar_of(app))) == "已完成：y" and not shown(app, kept)
    bar_close(bar_of(app)).on_click(None)
    assert shown_bars(app.page) == []


def test_a_message_gone_by_itself_is_not_shown_again_on_a_switch(app):
    """A message whose time ran out (Flet reports it dismissed) stays away when the language changes."""
    app.show_error(RuleError("storage.player_duplicate", name="Bob"))
    run_async(app.expire(bar_of(app), 0))
    app.set_setting("lang", "zh-CN")
    assert shown_bars(app.page) == []


def test_an_error_leaves_with_its_screen_and_other_messages_stay(app):
    """"Bob" is already on the roster (new-session screen); the phone goes on to the session: the error is put
    away. Going nowhere new keeps it; a message that is not an error stays across screens, but an undo offered
    on a screen leaves with it (a bar timing out on the next screen closed a dropdown menu opening there)."""
    app.show_error(RuleError("storage.player_duplicate", name="Bob"))
    error = bar_of(app)
    assert shown(app, error) and read(bar_words(error)) == words.say("en", "storage.player_duplicate", name="Bob")
    app.route_changed("/new/score_pad")
    assert shown(app, error)
    app.route_changed("/play/s1")
    assert not shown(app, error) and app.page in app.page.sent
    app.page.route = "/"
    app.notify("app.imported", {"file": "a.json"})
    done = bar_of(app)
    app.route_changed("/play/s1")
    assert shown(app, done)
    app.page.route = "/play/s1"
    app.notify("app.done_what", {"what": "Ann drew"}, action="app.undo", on_action=lambda: None)
    offered = bar_of(app)
    app.route_changed("/play/s1")
    assert shown(app, offered)
    app.route_changed("/")
    assert not shown(app, offered) and app.page in app.page.sent


def test_an_accepted_action_puts_away_the_error_about_a_refused_one(app):
    """A round refused (a score missing), then a whole round added: the refusal's message goes, and so does the
    undo offered after an earlier action (its undo would be refused as stale); any other message stays."""
    from scoring.record import new_record
    sid = app.store.create(new_record("score_pad", ["A", "B"], now="2025-01-01T20:00:00+00:00"))
    hub = app.live(sid)
    refused = session.attempt(app, sid, lambda: hub.play({"type": "round", "by": "table", "scores": {"A": 1}},
                                                           "2025-01-01T20:01:00+00:00", (0, "")))
    error = bar_of(app)
    assert not refused and shown(app, error) and error.content.bgcolor == ft.Colors.ERROR
    assert session.attempt(app, sid, lambda: hub.play({"type": "round", "by": "table", "scores": {"A": 1, "B": 2}},
                                                       "2025-01-01T20:02:00+00:00", (0, "")))
    assert not shown(app, error) and app.page in app.page.sent
    app.notify("app.done_what", {"what": "A rolled"}, action="app.undo", on_action=lambda: None)
    offer = bar_of(app)
    assert shown(app, offer) and session.attempt(app, sid, lambda: None)
    assert not shown(app, offer) and app.message is None
    app.notify("app.imported", {"file": "a.json"})
    done = bar_of(app)
    session.attempt(app, sid, lambda: None)
    assert shown(app, done)


def test_the_why_of_a_refusal_reads_on_the_red_bar(app):
    """A refusal's "Why?" is drawn in the error bar's own text colour (the default action colour hardly showed
    on red)."""
    app.show_error(RuleError("score_pad.missing_score", player="A"))
    why = bar_action(bar_of(app))
    assert (why.content, why.style.color) == ("Why?", ft.Colors.ON_ERROR)


def test_a_bars_action_is_a_button_of_ours_tap_high_that_puts_the_bar_away(app):
    """The SnackBar's own action was 40 px high on a phone (Flutter sets its padding over the theme's): "Why?" and
    "Undo" are our buttons in the bar's content, TAP high around their one line, named as before; a tap puts the
    bar away and acts."""
    undone = []
    app.notify("app.done_what", {"what": "x"}, action="app.undo", on_action=lambda: undone.append(1))
    bar = bar_of(app)
    assert [c for c in walk(bar) if isinstance(c, ft.TextButton)] == [bar_action(bar)]
    undo = bar_action(bar)
    assert undo.content == "Undo" and undo.style.padding.top + undo.style.padding.bottom + 20 >= TAP
    undo.on_click(None)
    assert undone == [1] and not shown(app, bar) and app.message is None


def test_a_game_card_is_one_row_naming_the_game_in_both_languages_once(app):
    """Splitter is "Splitter" in English and in Chinese: named once; Kingdomino's card gives both names, the
    other after the player range's dot. No card says what the app does for the game (its new-session screen
    does), so the twelve games fit about a phone's screen above the history."""
    assert texts(home.game_card(app, engine("splitter").game)) == ["Splitter", "1–12 players", "New session"]
    assert texts(home.game_card(app, engine("kingdomino").game)) == ["Kingdomino", "王国骨牌 · 2–4 players", "New session"]
    for game in games():
        described = words.readable(app.lang, engine(game.id).description(game.resolve_options({})))
        assert described not in texts(home.game_card(app, game))
        body = new_session.build(app, game.id)[1]
        assert described in texts(body)


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_a_games_player_count_is_never_broken_across_lines(lang):
    """With the phone's text at 2× the home screen's cards wrapped "Bacon · 4 或 6 人" leaving "人" alone on a line
    and "Flip 7 · 3–18 人" as "3–18" / "人" (seen at 390 px): the player count has no space a line may break at,
    nor a dash (a line may break after an en dash: "3–" / "18 人", a reviewer's reading)."""
    for game in games():
        shown = words.player_range(lang, game)
        assert " " not in shown and "\u00a0" in shown, (game.id, shown)
        assert shown.count("–") == shown.count("–\u2060"), (game.id, shown)  # none a line may break after


def test_the_histogram_counts_players_in_whole_numbers_with_its_title_apart(app):
    """Scores counted 1 and 2 times: the count axis is labelled 0, 1, 2, 3 (not 1.5, 2.5), grid lines on them, and
    its title has a band wider than a label's line."""
    import flet_charts

    from views import stats
    for day, rounds in enumerate(([{"Ann": 10, "Bo": 3}], [{"Ann": 10, "Bo": 30}], [{"Ann": 50, "Bo": 3}]), 1):
        finished(app.store, rounds, f"2026-03-0{day}T20:00:00", players=["Ann", "Bo"])
    _, body, _ = stats.build(app)
    bars = next(c for c in walk(body) if isinstance(c, flet_charts.BarChart))
    counts = [g.rods[0].to_y for g in bars.groups]
    assert max(counts) == 2
    labels = [label.value for label in bars.left_axis.labels]
    assert labels == [0, 1, 2, 3] and (bars.min_y, bars.max_y) == (0, 3)
    assert bars.left_axis.label_spacing == bars.horizontal_grid_lines.interval == 1
    assert bars.left_axis.title_size == VALUE_TITLE > LABEL_HEIGHT
    assert bars.bottom_axis.title_size >= 1.5 * LABEL_HEIGHT  # "Score from" whole at 1.5× text (16 px cut it)



def test_a_file_already_here_opens_the_stored_game_and_says_so(app):
    """Importing a game that is already here adds nothing: the shell opens the stored copy and says why."""
    sid = finished(app.store, [{"Ann": 3, "Bo": 5}], "2026-03-02T20:00:00+00:00", players=["Ann", "Bo"])
    routes: list[str] = []
    app.go = routes.append
    imported.report(app, "game.json", {"kind": "session", "id": sid, "already": True})
    assert read(bar_words(bar_of(app))) == "game.json is already here: opened the stored copy (nothing added)."
    assert routes == [f"/history/{sid}"] and len(app.store.sessions()) == 1


class KeptPrefs:
    """A browser's storage as the app's shared preferences read it: key to value."""

    def __init__(self, kept: dict):
        self.kept = kept

    async def get(self, key: str):
        """The value kept under key, or None."""
        return self.kept.get(key)


@pytest.mark.parametrize("kept, server, lang", [
    ({}, None, None),
    ({"tableside.browser_lang": "en"}, None, "en"),
    ({"tableside.browser_lang": "zh-CN"}, None, "zh-CN"),
    ({"tableside.browser_lang": "fr"}, None, None),
    ({"tableside.browser_lang": "en", "tableside.lang": "zh-CN"}, None, "zh-CN"),
    ({"tableside.browser_lang": "zh-CN", "tableside.lang": "en"}, None, "en"),
    ({"tableside.browser_lang": "zh-CN"}, "en", None),
    ({"tableside.browser_lang": "zh-CN", "tableside.lang": "zh-CN"}, "en", "zh-CN"),
])
def test_a_phone_that_never_chose_a_language_gets_its_browsers(kept, server, lang):
    """An English browser opens the app in English until the phone chooses, unless the server has a language
    stored (None here: the app then shows the server's); a phone's choice wins over both."""
    assert run_async(load_phone_settings(KeptPrefs(kept), server)).get("lang") == lang


@pytest.mark.parametrize("cookie, values", [
    ("%7B%22browser_lang%22%3A%22en%22%2C%22theme%22%3A%22dark%22%7D", {"browser_lang": "en", "theme": "dark"}),
    ('{"lang": "zh-CN", "sound": false}', {"lang": "zh-CN", "sound": False}),
    ('{"lang": "en", "admin": true, "theme": {"x": 1}}', {"lang": "en"}),
    ("%7Bbroken", None),
    ("[1, 2]", None),
    ("", None),
    (None, None),
])
def test_the_page_s_settings_cookie_is_read_as_a_hint_and_nothing_else(cookie, values):
    """The cookie the page writes (assets/index.html) gives the phone's kept settings and browser language; keys
    the browser's storage does not hold, and values that are not plain, are left out; a cookie that is not a
    JSON object gives no hint (the first screen then waits for the browser's storage)."""
    assert phone_values(cookie) == values


def test_the_hint_and_the_browser_s_storage_choose_alike():
    """The first screen's settings from the cookie follow the same order as those read from the storage after,
    so a fresh cookie never has the screen drawn again."""
    kept = {"tableside.browser_lang": "en", "tableside.theme": "dark"}
    hinted = chosen_settings(phone_values('{"browser_lang": "en", "theme": "dark"}'))
    assert hinted == run_async(load_phone_settings(KeptPrefs(kept))) == {"lang": "en", "theme": "dark"}


def test_a_log_row_and_its_undo_label_keep_each_players_name_and_points_whole():
    """A score pad's round in the log and on its undo button read "… Cy 3, 李" / "四 10" on a 390x844 phone (and at
    2x text every round's row did): a line broke inside the Chinese name. Each player's name and points stay on
    one line; a line breaks only between players."""
    scores = entry(4, "table", "score_pad.action.round", scores={"Ann": 7, "Cy": 3, "李四": 10}, nth=3)
    for lang in ("en", "zh-CN"):
        for said in (row_text(lang, scores), entry_named(lang, scores)):
            assert "李\u2060四\u00a010" in said and "Cy\u00a03" in said, (lang, said)


def test_the_home_screens_top_bar_scrolls_to_history(tmp_path):
    """History stood below the whole list of games, where a first-timer did not find it: the home screen's top bar
    has a History action, and tapping it scrolls the screen to the History heading."""
    from tests.flet_session import connect, settle
    from tests.test_views_table_phone import scrolls
    from views.app import main_for

    async def look() -> None:
        with Store(tmp_path / "data") as store:
            tab, sent = await connect(main_for(store), "/")
            names = {words.say(lang, "app.history_jump") for lang in ("en", "zh-CN")}
            (action,) = [c for c in list(tab.index.values()) if isinstance(c, ft.IconButton)
                         and getattr(c.icon, "semantics_label", None) in names]
            headings = {words.say(lang, "app.history") for lang in ("en", "zh-CN")}
            (heading,) = [c for c in list(tab.index.values()) if isinstance(c, ft.Text) and c.value in headings
                          and c.size == 20]
            sent.frames.clear()
            await tab.dispatch_event(action._i, "click", None)
            await settle()
            assert [args.get("scroll_key") for _, args in scrolls(sent)] == [str(heading.key.value)], scrolls(sent)
            tab.close()
            await settle()

    run_async(look())


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_the_home_screen_says_history_in_words_and_its_button_scrolls_there(tmp_path, lang):
    """The top bar's History action is a clock with no words: a first-timer did not guess it. Among the ways in at
    the top of the home screen a button reads "History" (历史记录) beside the bar's clock icon, and tapping it
    scrolls the screen to the History heading, as the clock does."""
    from tests.flet_session import connect, settle
    from tests.test_views_table_phone import scrolls
    from views.app import main_for

    async def look() -> None:
        with Store(tmp_path / "data") as store:
            store.set_setting("lang", lang)
            tab, sent = await connect(main_for(store), "/")
            said = words.say(lang, "app.history")
            (button,) = [c for c in list(tab.index.values()) if isinstance(c, ft.OutlinedButton)
                         and c.content == said]
            assert button.icon == ft.Icons.HISTORY
            (heading,) = [c for c in list(tab.index.values()) if isinstance(c, ft.Text) and c.value == said
                          and c.size == 20]
            sent.frames.clear()
            await tab.dispatch_event(button._i, "click", None)
            await settle()
            assert [args.get("scroll_key") for _, args in scrolls(sent)] == [str(heading.key.value)], scrolls(sent)
            tab.close()
            await settle()

    run_async(look())


def test_a_long_refusal_takes_the_bars_width_and_its_why_wraps_under_it(app):
    """At a phone's 2x text a refusal's words were squeezed beside "Why?" into a column a third of the bar wide
    (an expanding text in a row, 14 lines of two to four characters): the words and the button wrap instead, the
    words as wide as the bar and the button under them where they do not fit beside it."""
    app.show_error(RuleError("score_pad.missing_score", player="A"))
    row = next(c for c in walk(bar_of(app)) if isinstance(c, ft.Row) and c.wrap)
    assert isinstance(row, ft.Row) and row.wrap
    assert not any(c.expand for c in row.controls)


class ThemePage(Page):
    """A stand-in page that keeps the theme mode it is given (Flet's own default until then: the system's)."""

    theme_mode = ft.ThemeMode.SYSTEM


def theme_choices(shell: App) -> tuple[str | None, list[str]]:
    """The settings screen's chosen theme and its theme choices as a person reads them."""
    from views import settings

    _, body, _ = settings.build(shell)
    labels = [shell.t(f"app.theme.{key}") for key in ("system", "light", "dark")]
    groups = [c for c in walk(body) if isinstance(c, ft.RadioGroup)
              and {r.label for r in walk(c) if isinstance(r, ft.Radio)} == set(labels)]
    assert len(groups) == 1, labels
    return groups[0].value, [r.label for r in walk(groups[0]) if isinstance(r, ft.Radio)]


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_a_phone_that_never_chose_a_theme_follows_its_system(tmp_path, lang):
    """A dark phone that never chose a theme saw the loading screen dark and then the app light: the default was
    "light". It follows the system until the phone chooses, and Settings offers System, Light and Dark."""
    with Store(tmp_path / "data") as store:
        shell = App(ThemePage("/settings"), store)
        shell.take_settings(run_async(load_phone_settings(KeptPrefs({"tableside.browser_lang": lang}))))
        assert shell.page.theme_mode == ft.ThemeMode.SYSTEM
        assert theme_choices(shell) == ("system", [shell.t(f"app.theme.{key}") for key in ("system", "light",
                                                                                            "dark")])


@pytest.mark.parametrize("kept, server, mode", [
    ({"tableside.theme": "light"}, {}, ft.ThemeMode.LIGHT), ({"tableside.theme": "dark"}, {}, ft.ThemeMode.DARK),
    ({"tableside.theme": "system"}, {"theme": "light"}, ft.ThemeMode.SYSTEM),
    ({}, {"theme": "light"}, ft.ThemeMode.LIGHT), ({}, {"theme": "dark"}, ft.ThemeMode.DARK)])
def test_a_theme_chosen_before_is_kept(tmp_path, kept, server, mode):
    """A phone that chose light or dark (kept in its browser's storage), or an old data folder whose settings hold a
    theme, reads as before; the phone's choice wins over the folder's."""
    with Store(tmp_path / "data") as store:
        for key, value in server.items():
            store.set_setting(key, value)
        shell = App(ThemePage("/settings"), store)
        shell.take_settings(run_async(load_phone_settings(KeptPrefs(kept))))
        assert shell.page.theme_mode == mode
        assert theme_choices(shell)[0] == mode.value


def test_choosing_a_theme_in_settings_shows_it_and_keeps_it_on_the_phone(tmp_path):
    """A tap on Dark, Light or System draws the app in it at once and writes it to the phone's storage."""
    with Store(tmp_path / "data") as store:
        shell = App(ThemePage("/settings"), store)
        shell.prefs = object()
        for key, mode in (("dark", ft.ThemeMode.DARK), ("light", ft.ThemeMode.LIGHT), ("system", ft.ThemeMode.SYSTEM)):
            (radio,) = [c for c in walk(settings_body(shell)) if isinstance(c, ft.Container)
                        and isinstance(c.content, ft.Radio) and c.content.value == key]
            radio.on_click(None)
            assert shell.page.theme_mode == mode and theme_choices(shell)[0] == key
        assert len(shell.page.tasks) == 3 and store.stored_settings() == {}


def settings_body(shell: App) -> ft.Control:
    """The settings screen's body."""
    from views import settings

    return settings.build(shell)[1]


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_each_setting_stands_under_a_heading_of_its_own(tmp_path, lang):
    """The Sound switch sat under the Language heading, with no heading of its own: a first-timer read it as part
    of the language. Language, Sound and Theme each have a heading, the sound switch under its own."""
    with Store(tmp_path / "data") as store:
        store.set_setting("lang", lang)
        shell = App(Page("/settings"), store)
        body = settings_body(shell)
        headings = [c.value for c in body.controls if isinstance(c, ft.Text) and c.weight == ft.FontWeight.BOLD]
        assert headings == [shell.t(key) for key in ("app.language", "app.sound", "app.theme", "app.messages")]
        (at,) = [i for i, c in enumerate(body.controls) if isinstance(c, ft.Text) and c.value == shell.t("app.sound")]
        under_sound = body.controls[at + 1]
        assert any(isinstance(c, ft.Switch) for c in walk(under_sound))
        assert shell.t("app.sound_on") in texts(under_sound)


def test_kingdominos_description_follows_mighty_duel_on_the_new_session_screen(app):
    """The new-session screen described a 5×5 kingdom with Mighty Duel on: switched on, it says 7×7 (the engine's
    description for the chosen options), switched off again, 5×5."""
    described = "Build a {size}×{size} kingdom of dominoes; properties score squares × crowns."
    assert described.format(size=5) in texts(new_session.build(app, "kingdomino")[1])
    duel = app.t("kingdomino.option.mighty_duel")
    for size in (7, 5):
        form = new_session.build(app, "kingdomino")[1]
        label = next(c for c in walk(form) if isinstance(c, ft.GestureDetector) and read(c.content.value) == duel)
        label.on_tap(None)
        assert described.format(size=size) in texts(new_session.build(app, "kingdomino")[1]), size


def test_mighty_duel_says_two_players_and_start_says_why_with_three_seated(app):
    """With Mighty Duel on the new-session screen still said "2–4 players", and with three seated Start was enabled
    and the engine refused only once tapped: it says "2 players", and with three seated Start is disabled beside
    the engine's own reason; switched off, "2–4 players" and Start enabled."""
    draft = app.local("new:kingdomino")
    draft["seats"] = [{"name": n, "colour": None} for n in ("Ann", "Bo", "Cy")]
    assert "2–4 players" in texts(new_session.build(app, "kingdomino")[1])
    duel = app.t("kingdomino.option.mighty_duel")
    form = new_session.build(app, "kingdomino")[1]
    next(c for c in walk(form) if isinstance(c, ft.GestureDetector) and read(c.content.value) == duel).on_tap(None)
    body, bar = (new_session.build(app, "kingdomino")[i] for i in (1, 3))
    assert "2 players" in texts(body) and "2–4 players" not in texts(body)
    start = next(c for c in walk(bar) if isinstance(c, ft.FilledButton))
    assert start.disabled and "Mighty Duel is for exactly 2 players, not 3." in texts(bar)
    draft["seats"].pop()
    bar = new_session.build(app, "kingdomino")[3]
    assert not next(c for c in walk(bar) if isinstance(c, ft.FilledButton)).disabled
