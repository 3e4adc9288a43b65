"""Every text field, dropdown and icon-only button has an accessible name (a label, a hint, a tooltip, its icon's
semantics label, a labelled `ft.Semantics` around it or its label above it, merged with it) in the screen's
language: a screen reader says what it is for, and the browser tests find it by name. Checked over the shell's
screens and, for every game, over seeded walks of its shared screen (`test_views_random_taps`) and of a table's
phones and host screen (`test_views_random_seat_taps`), each step built in both languages."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

import flet as ft
import pytest

from scoring import i18n
from scoring.core import RuleError, engine
from scoring.record import new_record
from storage import Store
from tests.test_views import StubPage
from tests.test_views_components import FakePage, bar_words, children, shown_bars, walk
from tests.test_views_random_seat_taps import HOST, SeatApp, seated_table
from tests.test_views_random_taps import GAME_IDS, TYPED, fire, handlers, new_session
from views import home, new_session as new_session_view, quick, rules, session, settings, stats, ui
from views.app import App
from views.context import GameContext
from views.games import view_of
from views.table import host_body
from views.ui import choice_row, name_button, named_tap

T0 = "2025-01-01T20:00:00+00:00"
WALKS, STEPS = 1, 25
SEAT_STEPS = 20
NEEDS_NAME = (ft.TextField, ft.Dropdown, ft.IconButton)


def words_of(value) -> str:
    """The words a label, hint or tooltip gives (a string, a Text, a Tooltip's message), or ""."""
    if isinstance(value, ft.Tooltip):
        return words_of(value.message)
    if isinstance(value, ft.Text):
        return (value.value or "").strip()
    return value.strip() if isinstance(value, str) else ""


def name_of(control: ft.Control, around: str) -> str:
    """The accessible name of a field, dropdown or icon button: its own label, hint or tooltip, its icon's
    semantics label, else the label of the `ft.Semantics` around it (around)."""
    own = [getattr(control, "tooltip", None)]
    if isinstance(control, (ft.TextField, ft.Dropdown)):
        own += [control.label, control.hint_text]
    if isinstance(control, ft.IconButton) and isinstance(control.icon, ft.Icon):
        own.append(control.icon.semantics_label)
    return next((words_of(v) for v in own if words_of(v)), around)


@functools.cache
def other_words(lang: str) -> frozenset[str]:
    """The texts of the other language's table that this language's table does not have."""
    return frozenset(i18n.table("en" if lang == "zh-CN" else "zh-CN").values()) - set(i18n.table(lang).values())


def nameless(control: ft.Control, lang: str, around: str = "") -> list[str]:
    """The fields, dropdowns and icon buttons in a tree with no name, or one in the other language's words."""
    other = other_words(lang)
    found = []
    if isinstance(control, ft.Semantics) and words_of(control.label):
        around = words_of(control.label)
    if isinstance(control, ft.MergeSemantics) and isinstance(control.content, ft.Column) and \
            control.content.controls and isinstance(control.content.controls[0], ft.Text):
        around = words_of(control.content.controls[0])  # a label above its field (`views.ui.label_above`)
    if isinstance(control, NEEDS_NAME):
        name = name_of(control, around)
        if not name or name in other:
            found.append(f"{type(control).__name__} {name!r}")
    for child in children(control):
        found += nameless(child, lang, around)
    return found


def test_the_check_finds_a_nameless_field_and_a_field_named_in_the_other_language():
    """The scan itself: a bare field, a bare icon button and an English label on a Chinese screen are found; a
    labelled field, a named icon and a labelled Semantics around a field are not."""
    bare = ft.Column(controls=[ft.TextField(), ft.IconButton(icon=ft.Icons.ADD), ft.Dropdown(label="")])
    assert len(nameless(bare, "en")) == 3
    english = ft.TextField(label=i18n.table("en")["app.new_player"])
    assert nameless(english, "zh-CN") and not nameless(english, "en")
    named = ft.Column(controls=[ft.TextField(hint_text="x"), ft.IconButton(icon=ft.Icon(ft.Icons.ADD,
                      semantics_label="y")), ft.Semantics(label="z", content=ft.Dropdown())])
    assert nameless(named, "en") == []


def walk_game(store: Store, gid: str, seed: int,
              check: Callable[[ft.Control, str], list[str]] = nameless) -> list[str]:
    """One seeded walk of a game's screen, each step built in both languages; what check found, by step."""
    rnd, view, local, found = random.Random(seed), view_of(gid), {}, []
    sid = new_session(store, gid, rnd)

    def apply(action: dict, refused=None) -> bool:
        """Play through the store as the frame does; a refusal is dropped."""
        try:
            store.play(sid, action, action["at"])
        except RuleError:
            return False
        return True

    for step in range(STEPS):
        bodies = {}
        for lang in i18n.LANGUAGES:
            ctx = GameContext(lang=lang, record=store.load(sid), state=store.state(sid), engine=engine(gid),
                              page=FakePage(), store=store, local=local, sound=False, apply=apply,
                              show_error=lambda err: None, refresh=lambda: None, pin=lambda control: None)
            bodies[lang] = view.build(ctx)
            found += [f"{gid} walk {seed} step {step} {lang}: {x}" for x in check(bodies[lang], lang)]
        choices = handlers(bodies[rnd.choice(i18n.LANGUAGES)])
        if not choices:
            break
        fire(*rnd.choice(choices), rnd, [])
    return found


def nameless_or_unscaled(control: ft.Control, lang: str) -> list[str]:
    """What `nameless` finds and the icons beside words that keep their size with larger text (`unscaled_icons`)."""
    return nameless(control, lang) + unscaled_icons(control, lang)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_every_field_and_icon_button_of_a_game_screen_is_named_in_its_language(tmp_path, gid):
    """Seeded walks over the game's screen: at every step, in both languages, nothing nameless, and every icon
    beside words follows the text size (one walk for both: `test_icons_beside_their_words_grow_with_the_text`
    names the icons a walk may not reach)."""
    with Store(tmp_path) as store:
        found = [x for seed in range(WALKS) for x in walk_game(store, gid, seed, nameless_or_unscaled)]
    assert found == []


def seat_screens(store: Store, gid: str, seed: int) -> list[str]:
    """One seeded walk of a table's phones and its host screen, each screen built in both languages (the two
    languages' screens share one scratch); what `nameless` found, by step."""
    rnd, shown, found = random.Random(seed), [], []
    hub, phones, host = seated_table(store, gid, rnd)
    apps = {screen: {lang: SeatApp(store, lang, shown) for lang in i18n.LANGUAGES} for screen in [*phones, HOST]}
    for pair in apps.values():
        pair["en"]._local = pair["zh-CN"]._local
    for step in range(SEAT_STEPS):
        screen, shows = rnd.choice([*phones, HOST]), {}
        for lang, app in apps[screen].items():
            pinned: list = []
            body = host_body(app, hub, host["message"], host["key"]) if screen == HOST \
                else phones[screen].body(app, pinned)
            shows[lang] = [body, *pinned]
            found += [f"{gid} {screen} step {step} {lang}: {x}" for c in shows[lang] for x in nameless(c, lang)]
        choices = [found_ for control in shows[rnd.choice(i18n.LANGUAGES)] for found_ in handlers(control)]
        if choices:
            joining = screen != HOST and not phones[screen].token
            fire(*rnd.choice(choices), rnd, [], typed=[hub.pin, ""] if joining else TYPED)
    return found


@pytest.mark.parametrize("gid", GAME_IDS)
def test_every_field_and_icon_button_of_a_tables_phones_is_named_in_its_language(tmp_path, gid):
    """A seeded walk over a table's phones (a seat's own screen, the join form) and the host's screen: at every
    step, in both languages, nothing nameless."""
    with Store(tmp_path) as store:
        assert seat_screens(store, gid, 0) == []


def shell_screens(app: App) -> list[tuple[str, ft.Control]]:
    """The shell's screens by name: home, settings, statistics, the rules' index, and per game its new-session
    screen, its quick scorer and a fresh session's frame."""
    screens = [("home", home.build(app)[1]), ("settings", settings.build(app)[1]), ("stats", stats.build(app)[1]),
               ("rules", rules.build(app)[1])]
    for gid in GAME_IDS:
        game = engine(gid).game
        names = [f"P{i + 1}" for i in range(max(game.min_players, 2 if game.max_players >= 2 else 1))]
        players = [{"name": n, "colour": c} for n, c in zip(names, ("red", "blue", "green", "yellow"))] \
            if game.colours else names
        try:
            sid = app.store.create(new_record(gid, players, now=T0))
        except RuleError:
            sid = None
        screens += [(f"new {gid}", new_session_view.build(app, gid)[1]), (f"quick {gid}", quick.build(app, gid)[1])]
        screens += [(f"session {gid}", session.build(app, sid, read_only=False)[1])] if sid else []
    return screens


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_field_and_icon_button_of_the_shell_is_named_in_its_language(tmp_path, lang):
    """The shell's screens (and every game's new-session screen, quick scorer and session frame) in lang."""
    with Store(tmp_path) as store:
        store.set_setting("lang", lang)
        app = App(StubPage(), store)
        app.picker, app.render, app.render_soon, app.changed = ft.FilePicker(), lambda: None, lambda: None, \
            lambda sid: None
        found = [f"{name}: {x}" for name, body in shell_screens(app) for x in nameless(body, lang)]
    assert found == []


def test_a_dropdown_is_read_out_with_its_choice():
    """The host's "player who is also the referee" dropdown was read out by its label alone: a screen reader (and a
    test) could open it and choose, but never hear who was chosen. A dropdown's semantics carry the chosen
    option's text as its value; none chosen, no value."""
    options = [ft.DropdownOption(key="-", text="无"), ft.DropdownOption(key="B", text="乙")]
    for value, said in (("B", "乙"), (None, None)):
        (box,) = [c for c in walk(ui.dropdown("兼任裁判的玩家", value, options, lambda e: None))
                  if isinstance(c, ft.Semantics) and c.label == "兼任裁判的玩家"]
        assert box.value == said


def merged_nodes(control: ft.Control, inside: ft.MergeSemantics | None = None) -> list[tuple]:
    """Each button or tappable container with the MergeSemantics it is read out in (None: a node of its own) and
    the selected flag and label of the `ft.Semantics` merged with it."""
    found = []
    if isinstance(control, ft.MergeSemantics):
        inside = control
    tappable = isinstance(control, (ft.FilledButton, ft.OutlinedButton)) or \
        (isinstance(control, ft.Container) and control.on_click is not None)
    if tappable:
        marks = [c for c in walk(inside) if isinstance(c, ft.Semantics)] if inside else []
        found.append((inside, next((m.selected for m in marks), None), next((m.label for m in marks), None)))
    return found + [x for child in children(control) for x in merged_nodes(child, inside)]


def test_a_chosen_button_of_a_choice_is_read_out_as_chosen():
    """Whose line a round form enters (P1, P2…) and a choice row's option (a Flip 7 status, Kingdomino's way of
    entering) were told by the button's fill alone: every one read "button P1" whether chosen or not (none of 43
    buttons on Flip 7's screen in Chromium had a state). Each is now one node with its selected state (the web's
    aria-current: "true" on the chosen one, "false" on the others)."""
    row = choice_row([("a", "甲"), ("b", "乙"), ("c", "丙")], "b", lambda v: None)
    assert [selected for merged, selected, _ in merged_nodes(row) if merged] == [False, True, False]
    names = [name_button("甲", True, lambda: None), name_button("乙", False, lambda: None)]
    assert [merged_nodes(b)[0][1:2] for b in names] == [(True,), (False,)]


def test_a_named_tile_is_one_node_with_its_name_and_its_tap():
    """A Kingdomino domino to pick and a grid's cell were two nodes each: the named one and, inside it at the same
    place, the tappable tile as a button named nothing (49 nameless buttons on a Kingdomino screen, 225 on
    Nab-It!'s board, found in Chromium's semantics DOM): a screen reader stopped on every tile twice, the
    second time hearing only "button". The name and the tap are merged into one node."""
    tile = named_tap("1 号骨牌", ft.Container(on_click=lambda e: None, content=ft.Text("1")))
    assert [(merged is not None, label) for merged, _, label in merged_nodes(tile)] == [(True, "1 号骨牌")]


# An icon beside words that only pictures what they say keeps its size: the pass cover's person, a seat's phone.
PICTURES = {ft.Icons.PERSON, ft.Icons.PHONE_ANDROID}


def icons_beside_words(control: ft.Control) -> list[ft.Icon]:
    """The icons that stand in a row or column with a text (not a button's or chip's own), pictures aside."""
    return [i for box in walk(control) if isinstance(box, (ft.Row, ft.Column))
            and any(isinstance(c, ft.Text) for c in box.controls)
            for i in box.controls if isinstance(i, ft.Icon) and i.icon not in PICTURES]


def unscaled_icons(control: ft.Control, lang: str = "") -> list[str]:
    """The icons beside words that keep their size when the phone's text is set larger."""
    return [f"{i.icon} {lang}" for i in icons_beside_words(control) if not i.apply_text_scaling]


def test_icons_beside_their_words_grow_with_the_text():
    """With a phone's text set 1.5x larger the words grew and the icons saying something beside them stayed
    18-56 px: the check marks (right, wrong, known, earned: Nab-It!'s words of a play, Pictomania's guesses on a
    pile, the quick scorer's bonuses), Pictomania's symbol shapes (the word card's 56 px shape beside its 32 px
    name, a revealed pile's), the locks of a placed guess and of a claimed or stopped race's row, a closed pile's
    sign and Knit Wit's warning that another spool has the same loops. Each now follows the text size, as Material
    scales an icon that goes with its text (`apply_text_scaling`); at the usual size each keeps its own. (A tile
    race's locked slot keeps its 18 px lock: `views.components.tile_race`.)"""
    from scoring.mechanics import race as race_mech
    from tests.test_views_components import FakeContext
    from tests.test_views_kingdomino import Table
    from tests.test_views_pictomania import dealt, play_round_one
    from views.components.race import player_row
    from views.games import knit_wit, nab_it, pictomania

    table = Table("nab_it", [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "blue"}])
    tiles = [{"row": 7, "col": c, "letter": x} for c, x in ((5, "S"), (6, "U"), (7, "N"))]
    revealed, guessing = dealt(), dealt()
    play_round_one(revealed)
    guessing.dispatch({"type": "guess", "by": "Ann", "target": "Ben", "number": 5})
    guessing.dispatch({"type": "wrong_word", "by": "table", "drawer": "Cat"})
    race, _ = race_mech.claim(race_mech.new_race([4, 3, 2], ["A", "B", "C"]), "B")
    occupied = {"occupied": {"number": 2, "loops": "A, B"}}
    found = {
        "nab_it": nab_it.preview_panel(table.ctx(), table.state, "Ann", tiles),
        "pictomania pile": pictomania.build(revealed),
        "pictomania word card": pictomania.word_card(guessing, {}, "Ann"),
        "pictomania placed": pictomania.guess_row(guessing, "Ann", "Ben", set()),
        "pictomania closed": pictomania.guess_row(guessing, "Ann", "Cat", set()),
        "quick": ft.Column(controls=[quick.bonus_line(FakeContext(), "middle_kingdom", True, ""),
                                     quick.bonus_line(FakeContext(), "middle_kingdom", False, "no")]),
        "race": player_row(FakeContext(), race, "B", lambda p: None),
        "knit_wit": knit_wit.same_region_warning(FakeContext(), occupied, lambda: None),
    }
    for where, screen in found.items():
        icons = icons_beside_words(screen)
        assert icons and all(i.apply_text_scaling for i in icons), (where, [(i.icon, i.apply_text_scaling)
                                                                            for i in icons])
    assert {i.size for i in icons_beside_words(found["pictomania word card"])} == {56}


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_a_refusal_and_an_undo_offer_are_one_live_region_each(tmp_path, lang):
    """A refusal (`App.show_error`) and an action's undo offer (`App.notify` with "app.undo") are bars of ours
    (`App.message_bar`), each wrapped in one `Semantics(container, liveRegion)` as Flutter wraps a SnackBar: Flutter
    web writes the bar's words into its `aria-live="polite"` element the moment it shows, wherever the bar stands
    in the tree. Their words are a plain Text in the phone's language, in no second live region (one inside would
    be announced a second time)."""
    with Store(tmp_path) as store:
        store.set_setting("lang", lang)
        app = App(StubPage("/play/x"), store)
        for key, show in (("core.option_invalid", lambda: app.show_error("core.option_invalid")),
                          ("app.done_what", lambda: app.notify("app.done_what", {"what": "x"}, action="app.undo",
                                                               on_action=lambda: None))):
            show()
            (bar,) = shown_bars(app.page)
            (live,) = [c for c in walk(bar) if isinstance(c, ft.Semantics)]
            assert live.live_region and live.container
            assert bar_words(bar).replace("\u00a0", " ") == app.t(key, what="x").replace("\u00a0", " ")
