"""Every control a screen reader (and a browser test) finds by name has a translated one: each game's session
screen and the shell's screens (home, new session for every game, settings, statistics, rules, the quick
scorers, the host's table and the phone's join and seat screens), built without a browser in both languages.

What names a control on the web (Flet 1.0.5, the stock web client), as the browser tests read it: a text field's
`label` or the text above it merged with it (`views.ui.label_above`) (role textbox), a radio's and chip's `label`,
a checkbox's or switch's words beside it (`views.ui.labelled`, the text merged with it), an icon button's icon's
`semantics_label` (`views.ui.icon_button`). A dropdown is one button whose name is not its `label` but a `Semantics`
label around it (`views.ui.dropdown`). A tappable square with no text (a grid cell) is named by its tooltip.

No checkbox or switch on these screens carries a label of its own: Flet's is one line, cut at the screen's edge on a
phone. (Boxes these first screens do not show, Guess Club's ruling and settlement ticks and Flip 7's coach switch,
are found by their words beside them in their views' tests, `tests.test_views_components.labelled_boxes`.)
"""

from __future__ import annotations

import re

import flet as ft
import pytest

from scoring.core import engine, games
from scoring.i18n import LANGUAGES, table
from scoring.record import new_record
from storage import Store
from tests.helpers import I18N
from tests.test_table_hub import Clock
from tests.test_views import StubPage
from tests.test_views_components import labelled_boxes, labelled_fields, walk
from views import home, join, new_session, quick, rules, session, settings, stats
from views import table as table_screen
from views.app import App, frame
from views.table_hub import TableHub

KEY = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_]+)+$")
BUTTONS = (ft.Button, ft.FilledButton, ft.FilledTonalButton, ft.OutlinedButton, ft.TextButton,
           ft.FloatingActionButton)
COLOURS = ["red", "blue", "green", "yellow", "purple", "orange"]
SHIPPED = [g for g in games() if (I18N / "en" / f"{g.id}.json").exists()]  # not the tests' own tally engine


def text_of(value) -> str:
    """The words of a label given as a string or a Text control."""
    if isinstance(value, ft.Text):
        return value.value or ""
    return value if isinstance(value, str) else ""


def icon_name(icon) -> str:
    """The semantics label of an icon given as a control (an icon given by its code has none)."""
    return (icon.semantics_label or "") if isinstance(icon, ft.Icon) else ""


def name_of(control, wrapped: dict) -> str | None:
    """The accessible name the web gives a control that needs one (wrapped: the Semantics labels around
    controls and the texts merged with a checkbox or switch, by control id); None for a control that needs
    none."""
    if isinstance(control, ft.Dropdown):
        return wrapped.get(id(control), "")
    if isinstance(control, (ft.TextField, ft.Checkbox, ft.Switch, ft.Slider, ft.Radio, ft.Chip)):
        return (text_of(control.label) or getattr(control, "semantics_label", None) or text_of(control.tooltip)
                or wrapped.get(id(control), ""))
    if isinstance(control, ft.IconButton):
        return icon_name(control.icon) or text_of(control.tooltip)
    if isinstance(control, BUTTONS) and not isinstance(control.content, (str, ft.Text)):
        return text_of(control.tooltip) or " ".join(t.value for t in walk(control) if isinstance(t, ft.Text))
    if isinstance(control, ft.Container) and control.on_click is not None:
        radio = control.content.label if isinstance(control.content, ft.Radio) else None  # merged (`ui.tap_radio`)
        return text_of(control.tooltip) or wrapped.get(id(control)) or text_of(radio) or " ".join(
            t.value or "" for t in walk(control) if isinstance(t, ft.Text))
    return None


def unnamed(screen: str, body: ft.Control, keys: set[str]) -> list[str]:
    """The controls of a screen that need a name and have none, or only a message key for one."""
    found = []
    wrapped = {id(c.content): c.label or "" for c in walk(body) if isinstance(c, ft.Semantics)}
    wrapped.update({id(box): words for words, box in labelled_boxes(body)})
    wrapped.update({id(field): words for words, field in labelled_fields(body)})
    for control in walk(body):
        name = name_of(control, wrapped)
        if name is None:
            continue
        if not name.strip() or name in keys or KEY.match(name):
            found.append(f"{screen}: {type(control).__name__} {name!r}")
    return found


def own_labels(screen: str, body: ft.Control) -> list[str]:
    """The checkboxes and switches of a screen that carry Flet's own label (cut at the screen's edge on a phone)."""
    return [f"{screen}: {type(c).__name__} {text_of(c.label)!r}" for c in walk(body)
            if isinstance(c, (ft.Checkbox, ft.Switch)) and c.label]


@pytest.fixture(params=LANGUAGES)
def app(request, tmp_path):
    """An App over a store holding one finished session, in one language, not connected to any browser."""
    store = Store(tmp_path)
    store.set_setting("lang", request.param)
    sid = store.create(new_record("score_pad", ["Ann", "Bo"], now="2025-01-01T20:00:00+00:00"))
    store.play(sid, {"type": "round", "by": "table", "scores": {"Ann": 3, "Bo": 5}}, "2025-01-01T20:01:00+00:00")
    store.play(sid, {"type": "finish", "by": "table"}, "2025-01-01T20:02:00+00:00")
    shell = App(StubPage(), store)
    shell.page.url = "http://127.0.0.1:8550/"
    shell.picker = ft.FilePicker()
    shell.render = shell.render_soon = lambda: None
    yield shell
    store.close()


def seated(game) -> list:
    """The fewest players the game takes, each with a colour of their own where the game is played with colours."""
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Fay"][:max(game.min_players, 2)]
    return [{"name": n, "colour": c} for n, c in zip(names, COLOURS)] if game.colours else names


def new_session_of(app: App, game) -> str:
    """A stored new session of game."""
    return app.store.create(new_record(game.id, seated(game), seed=7, now="2025-01-01T20:00:00+00:00"))


def shell_screens(app: App) -> dict[str, ft.Control]:
    """Every shell screen's body by its route."""
    screens = {"/": home.build(app)[1], "/settings": settings.build(app)[1], "/stats": stats.build(app)[1],
               "/rules": rules.build(app)[1]}
    for game in SHIPPED:
        _, form, _, bar = new_session.build(app, game.id)
        screens[f"/new/{game.id}"] = ft.Column([form, bar])
        screens[f"/rules/{game.id}"] = rules.build(app, game.id)[1]
    for game_id in quick.GAMES:
        screens[f"/quick/{game_id}"] = quick.build(app, game_id)[1]
    return screens


def table_screens(app: App, game) -> dict[str, ft.Control]:
    """The host's table screen, a phone's join form and the first seat's screen of a new session of game."""
    clock = Clock()
    hub = TableHub(app.store, new_session_of(app, game), clock=clock, tick=clock)
    got: list = []
    key = hub.subscribe(got.append)
    host = table_screen.host_body(app, hub, got[-1], key)
    form = join.join_form(app, hub, lambda token: None)
    seat = hub.free_seats()[0]
    token = hub.join(hub.pin, seat)
    hub.subscribe(got.append, token)
    return {f"/table/{game.id}": host, f"/join/{game.id}": form,
            f"/join/{game.id} as {seat}": join.seat_body(app, hub, token, got[-1])}


def test_every_shell_control_has_a_translated_name_and_no_box_a_label_of_its_own(app):
    keys = set(table(app.lang))
    found = []
    for route, body in shell_screens(app).items():
        shown = frame(app, route, body, "/")
        found += unnamed(route, shown, keys) + own_labels(route, shown)
    assert found == []


@pytest.mark.parametrize("game_id", [g.id for g in SHIPPED])
def test_every_session_screen_control_has_a_translated_name_and_no_box_a_label_of_its_own(app, game_id):
    game = engine(game_id).game
    keys = set(table(app.lang))
    screens = {f"/play/{game_id}": session.build(app, new_session_of(app, game), read_only=False)[1],
               **table_screens(app, game)}
    found = []
    for route, body in screens.items():
        found += unnamed(route, body, keys) + own_labels(route, body)
    assert found == []


def floating(body: ft.Control, labels: set[str]) -> list[str]:
    """The text fields and dropdowns of a screen whose own (floating) label is one of labels."""
    return [text_of(c.label) for c in walk(body) if isinstance(c, (ft.TextField, ft.Dropdown))
            and text_of(c.label) in labels]


def test_every_option_and_the_referee_choice_has_its_label_above_its_field(app):
    """A field's floating label is one line in the outline's gap: a longer one (Guess Club's "Reward on the bonus
    board for rounds 1 / 2 / 3", the host's "Player who also referees" at 390 px with the phone's text at 2x) wrapped
    over the outline and the value. Every option's label and the referee choice's are a text above the field, which
    wraps, and still the field's name."""
    found = []
    for game in SHIPPED:
        labels = {app.t(f"{game.id}.option.{opt.name}") for opt in game.options}
        _, form, _, _ = new_session.build(app, game.id)
        named = dict(labelled_fields(form))
        shown = [t.value for t in walk(form) if isinstance(t, ft.Text)]
        found += [f"/new/{game.id}: {label!r} floating" for label in floating(form, labels)]
        found += [f"/new/{game.id}: {label!r} not above" for label in labels if label in named and label not in shown]
        host = table_screens(app, game)[f"/table/{game.id}"]
        found += [f"/table/{game.id}: {label!r} floating" for label in floating(host, {app.t("table.referee_player")})]
    assert found == []
