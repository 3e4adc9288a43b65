"""The quiet aside line (`views.ui.aside`): italic in English, upright and in the secondary colour where CJK is set;
the scoreboard's breakdown lines that use it. Buttons that hold a player's name: one line with an ellipsis where
their width is fixed, growing with the label where it is not."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import SimpleNamespace

import flet as ft
import pytest

from scoring import i18n
from tests.card_view_helpers import Table
from tests.test_views_components import walk
from views import ui, words
from views.components.scoreboard import breakdown_lines
from views.app import theme
from views.games import view_of
from views.ui import CHOICE_PAD, NAME_BUTTON, TAP, aside, choice_row, field_sheet, tall, tap_style

VIEWS = Path(__file__).resolve().parent.parent / "views"


def test_an_english_aside_in_latin_letters_is_italic_in_the_themes_colour():
    line = aside("en", "No rounds yet.", size=14, max_lines=1)
    assert (line.value, line.italic, line.color, line.size, line.max_lines) == ("No rounds yet.", True, None, 14, 1)


def test_a_chinese_aside_is_upright_in_the_secondary_colour():
    line = aside("zh-CN", "还没有记录任何一轮。", size=12)
    assert (line.value, line.italic, line.color, line.size) == ("还没有记录任何一轮。", False,
                                                                ft.Colors.ON_SURFACE_VARIANT, 12)


def test_a_chinese_name_on_an_english_screen_is_upright_and_a_latin_one_italic():
    names = [aside("en", name, size=12) for name in ("Ann", "李四", "Bo 🐻")]
    assert [(n.italic, n.color) for n in names] == [(True, None), (False, ft.Colors.ON_SURFACE_VARIANT), (True, None)]


def test_a_colour_the_caller_gives_is_kept_in_either_language():
    upright, slanted = aside("zh-CN", "罚分", color=ft.Colors.ERROR), aside("en", "Penalty", color=ft.Colors.ERROR)
    assert [(t.italic, t.color) for t in (upright, slanted)] == [(False, ft.Colors.ERROR), (True, ft.Colors.ERROR)]


def test_an_empty_breakdown_says_so_upright_in_chinese_and_italic_in_english():
    player = SimpleNamespace(breakdown=[])
    lines = {lang: breakdown_lines(lambda key, lang=lang, **p: words.say(lang, key, **p), lang, player)
             for lang in ("zh-CN", "en")}
    assert [(lang, len(found), found[0].italic) for lang, found in lines.items()] == [("zh-CN", 1, False),
                                                                                     ("en", 1, True)]
    assert lines["zh-CN"][0].value == words.say("zh-CN", "app.breakdown_empty")


def test_no_view_slants_a_text_itself():
    slanting = [f"{path.relative_to(VIEWS)}:{number}" for path in sorted(VIEWS.rglob("*.py")) if path.name != "ui.py"
                for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if "italic=True" in line]
    assert slanting == []


def test_a_breakdown_line_names_its_points_once_after_a_sign_no_line_uses():
    """A scoreboard line is "what = points" (`app.breakdown_line`): the lines of most games already hold a colon
    ("Round 3: dinosaurs", "Lake — squares: 7, crowns: 2", "已转移电力的房间（每间 1 分）"), so "{what}: {points}"
    read "Round 3: dinosaurs: 5"; no game's line may hold the "=" that introduces the points."""
    player = SimpleNamespace(breakdown=[SimpleNamespace(key="cubosaurs.line.dinos", params={"round": 3}, points=5)])
    for lang in ("zh-CN", "en"):
        shown = breakdown_lines(lambda key, lang=lang, **p: words.say(lang, key, **p), lang, player)
        assert [line.value.replace("\u00a0", " ").replace("\u2060", "") for line in shown] == [
            words.say(lang, "cubosaurs.line.dinos", round=3) + " = 5"]
        lines = {key: said for key, said in i18n.table(lang).items() if ".line." in key}
        assert len(lines) > 40 and not [key for key, said in lines.items() if "=" in said]


def test_a_turns_main_button_grows_with_its_words_instead_of_a_fixed_height():
    """Knit Wit's and Splitter's main buttons and Rummy's "put it onto …" choices are at least 52 px high through
    their padding (`ui.tall`), not a fixed `height=52` / `height=48`, which cut a label wrapped to a second line."""
    assert tall().padding == ft.Padding.symmetric(horizontal=24, vertical=16)
    fixed = [f"{path.relative_to(VIEWS)}:{number}" for path in sorted(VIEWS.rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if "height=52" in line or ("rummy.view.onto" in line and "height=" in line)]
    assert not fixed, fixed


def test_every_device_draws_at_the_standard_density():
    """A phone's browser draws at Flutter's standard density and a laptop's at the compact one, which took 8 px off
    each side of a button's padding (a turn's main button 36 px high, a choice 32, a plain button 32): the theme
    sets the standard density for every device, and no button style sets its own."""
    assert theme().visual_density == ft.VisualDensity.STANDARD
    assert tall().visual_density is None and tap_style().visual_density is None


LONG_NAME = "Alexandra Konstantinopoulou-Smith"


def test_a_choice_button_is_a_tap_high_and_grows_with_a_name_that_wraps():
    """Cubosaurs' "whose collection", the Bacon dealer, Knit Wit's sheet holder and the Pictomania guesser are
    choice rows of player names: a 40-character name wraps to a second line on a phone, which a fixed 48 px
    height cut off; the padding (at the standard density, or a laptop's compact one takes 16 px off) makes one
    line TAP high and lets two grow."""
    rows = [choice_row([("a", LONG_NAME), ("b", "Bo", ft.Icons.PERSON)], "a", lambda v: None),
            view_of("cubosaurs").build(Table("cubosaurs", [LONG_NAME, "Bo"]).ctx())]
    for row in rows:
        buttons = [c for c in walk(row) if isinstance(c, (ft.FilledButton, ft.OutlinedButton))
                   and c.content in (LONG_NAME, "Bo")]
        assert len(buttons) == 2
        for button in buttons:
            padding = button.style.padding
            assert button.height is None
            assert (padding.top, padding.bottom) == (CHOICE_PAD, CHOICE_PAD) and 20 + 2 * CHOICE_PAD >= TAP
            assert (padding.left, padding.right) == ((16 if button.icon else 24), 24)
    dice = [c for c in walk(choice_row([(n, str(n)) for n in range(1, 7)], 3, lambda v: None, width=56))
            if isinstance(c, (ft.FilledButton, ft.OutlinedButton))]
    assert len(dice) == 6 and all((d.width, d.style.padding.left, d.style.padding.right) == (56, 8, 8) for d in dice)


def test_a_solar_storm_move_button_grows_with_a_label_that_wraps():
    """The moves of a Solar Storm turn ("Take a card from a player… (1 player)", longer in a Chinese name's game)
    had a fixed 48 px height; they are TAP high for one line and grow like a choice."""
    moves = [c for c in walk(view_of("solar_storm").build(Table("solar_storm", [LONG_NAME, "Bo"]).ctx()))
             if isinstance(c, (ft.FilledButton, ft.OutlinedButton))]
    assert len(moves) == 5 and "Take a card from a player… (1 player)" in [m.content for m in moves]
    assert all(m.height is None and m.style == tap_style() for m in moves)


def test_a_long_name_on_a_players_button_stays_on_one_line_and_ends_in_an_ellipsis():
    """A player's button is NAME_BUTTON wide at the least and grows with its name (at 2x text \"Maxi…\" was seen);
    a name too long for the row ends in an ellipsis on one line."""
    for game in ("flip7", "rummy"):
        table = Table(game, [LONG_NAME, "Bo", "Cy"])
        buttons = [c for c in walk(view_of(game).build(table.ctx()))
                   if isinstance(c, (ft.FilledButton, ft.OutlinedButton)) and isinstance(c.content, ft.Stack)]
        labels = [b.content.controls[-1] for b in buttons]
        assert [t.value for t in labels] == [LONG_NAME, "Bo", "Cy"], game
        assert all((t.max_lines, t.overflow) == (1, ft.TextOverflow.ELLIPSIS) for t in labels), game
        floors = [b.content.controls[0].width + b.style.padding.left + b.style.padding.right for b in buttons]
        assert all(b.width is None for b in buttons) and floors == [NAME_BUTTON] * 3, game  # at least, not at most
        assert all(b.height == TAP for b in buttons), game  # 44 before: under Material's 48 px touch target


LINE = 20  # px: a button's one line of text (Material 3's labelLarge)
ICON = 24  # px: an icon button's icon
SWITCH = 40  # px: a switch where Flutter gives it no room around (`MaterialTapTargetSize.shrinkWrap`)
CHIP = 22  # px: a chip's label line and border


def test_the_theme_makes_every_button_chip_and_switch_a_tap_high():
    """A laptop's browser (and the tests' phone-sized tabs) drew buttons, icon buttons and switches 40 px high and
    chips 38: Flutter pads them to 48 only where it thinks it is on a phone. The theme's padding does it for every
    device; a button's own style (a choice's, a turn's main button) still sets its own."""
    themed = theme()
    for kind in (themed.button_theme, themed.filled_button_theme, themed.outlined_button_theme):
        padding = kind.style.padding
        assert (padding.left, padding.right) == (24, 24) and LINE + padding.top + padding.bottom >= TAP
    text = themed.text_button_theme.style.padding
    assert (text.left, text.right) == (12, 12) and LINE + text.top + text.bottom >= TAP
    assert ICON + 2 * themed.icon_button_theme.style.padding >= TAP
    assert SWITCH + 2 * themed.switch_theme.padding >= TAP
    assert CHIP + themed.chip_theme.padding.top + themed.chip_theme.padding.bottom >= TAP


def test_every_button_the_theme_styles_is_ringed_while_it_has_the_focus():
    """Filled, outlined, text and icon buttons (and so a choice with its own style): a FOCUS_RING px ring in the
    scheme's text colour, outside the edge, only while focused (Material's faint shade was all a person tabbing
    saw)."""
    themed = theme()
    styles = [kind.style for kind in (themed.button_theme, themed.filled_button_theme, themed.outlined_button_theme,
                                      themed.text_button_theme, themed.icon_button_theme)]
    assert tap_style(icon=True).side is None  # a button's own style takes the theme's ring
    for style in styles:
        assert list(style.side) == [ft.ControlState.FOCUSED]
        ring = style.side[ft.ControlState.FOCUSED]
        assert (ring.width, ring.color, ring.stroke_align) == (ui.FOCUS_RING, ft.Colors.ON_SURFACE,
                                                               ft.BorderSideStrokeAlign.OUTSIDE)


def test_a_bacon_out_button_grows_with_a_label_that_wraps():
    table = Table("bacon", [LONG_NAME, "Bo", "Cy", "Di"])
    outs = [c for c in walk(view_of("bacon").build(table.ctx())) if isinstance(c, ft.OutlinedButton)
            and c.content == f"{LONG_NAME} out"]
    assert outs and all(b.height is None and b.style == tall() for b in outs)


def children(control) -> list:
    """The controls a control holds directly (through dataclass fields holding controls or lists of them)."""
    found = []
    for f in dataclasses.fields(control):
        if not (f.metadata.get("skip") or f.name.startswith("_")):
            value = getattr(control, f.name, None)
            found += [item for item in (value if isinstance(value, list) else [value])
                      if isinstance(item, ft.BaseControl)]
    return found


def narrow_fields(root) -> list[str]:
    """The labels of the text fields Flet draws 300 px wide whatever the screen (`tightFor(width: 300)`): no width
    of their own, not expanded in a row, and in a column that does not stretch its children."""
    narrow = []
    for parent in walk(root):
        stretches = isinstance(parent, ft.Column) and parent.horizontal_alignment == ft.CrossAxisAlignment.STRETCH
        narrow += [child.label for child in children(parent) if isinstance(child, ft.TextField)
                   and child.width is None and not (child.expand and isinstance(parent, ft.Row)) and not stretches]
    return narrow


def test_a_field_on_its_own_takes_the_width_of_its_column():
    """Knit Wit's loop tag and Guess Club's topic were 300 px wide on a 390 px phone, 50-70 px short of the
    buttons and cards around them: they are in a `field_sheet`, which stretches its fields."""
    for game, label in (("knit_wit", "Tag of the new loop"), ("guess_club", "Topic")):
        root = view_of(game).build(Table(game, ["Ann", "Bo", "Cy"]).ctx())
        assert label in [c.label for c in walk(root) if isinstance(c, ft.TextField)]
        assert narrow_fields(root) == []
    assert narrow_fields(ft.Column(controls=[ft.TextField(label="Topic")])) == ["Topic"]
    assert narrow_fields(field_sheet([ft.TextField(label="Topic")], [])) == []


def test_a_glued_tail_keeps_with_the_last_word_of_its_head():
    """`words.glued_tail`: the text after head, and head's last word, are joined by no-break spaces; a text that
    does not go on after head is left as it is."""
    assert words.glued_tail("Round 1: busted = 0", "Round 1: busted") == "Round 1: busted\u00a0=\u00a00"
    assert words.glued_tail("爆牌 = 0", "爆牌") == "爆\u2060牌\u00a0=\u00a00"  # a Chinese head's last two characters
    assert words.glued_tail("Round 1: busted", "Round 1: busted") == "Round 1: busted"
    assert words.glued_tail("= 0 busted", "busted") == "= 0 busted"


def test_a_glued_tail_keeps_a_short_bracket_at_the_end_of_its_head_whole():
    """A phone at 2× text size showed a Knit Wit score line as "Spool 2: “butterfly” (loops:" / "2) = 2", in
    Chinese "…（2 个线" / "圈） = 2" (a helper's table, play4): a short bracket ending the head stays whole, with the
    points; a line may still break before it."""
    line = "Spool 3: “moth” (loops: 2)"
    assert words.glued_tail(f"{line} = 2", line) == "Spool 3: “moth” (loops:\u00a02)\u00a0=\u00a02"
    zh = "3 号线轴：“moth”（2 个线圈）"
    assert words.glued_tail(f"{zh} = 2", zh) == "3 号线轴：“moth”（\u20602\u00a0个\u2060线\u2060圈\u2060）\u00a0=\u00a02"
    long = "Round 2: busted (" + "a very long aside " * 3 + ")"
    assert words.glued_tail(f"{long} = 0", long).startswith("Round 2: busted (a very long aside a very")


RADIO = 40  # px: Flutter's radio without a padded tap target (a laptop's browser, and the phones measured)


def radio_heights(tree: ft.Control) -> list[int]:
    """How high each radio button of a tree is drawn: its own 40 px and the padding of the container around it."""
    heights = []
    for control in walk(tree):
        if isinstance(control, ft.Container) and isinstance(control.content, ft.Radio):
            pad = control.padding
            heights.append(RADIO + (pad.top + pad.bottom if pad is not None else 0))
    radios = sum(isinstance(c, ft.Radio) for c in walk(tree))
    return heights + [RADIO] * (radios - len(heights))


def test_radio_buttons_are_tap_high():
    """The settings' language radio buttons and Knit Wit's spools were drawn 40 px high (the browser test measured
    them: "简体中文" 40 px), under the 48 px (TAP) every other control keeps; each now has TAP of room (the theme's
    System / Light / Dark choices too)."""
    from views import settings
    from views.games import knit_wit
    page = SimpleNamespace(route="/settings")
    app = SimpleNamespace(lang="en", t=lambda key, **p: words.say("en", key, **p), settings={}, page=page,
                          set_setting=lambda key, value: None)
    _, body, _ = settings.build(app)
    ctx = SimpleNamespace(t=app.t)
    spools = knit_wit.choice(ctx, {}, "spool", [1, 2])
    heights = radio_heights(body) + radio_heights(spools)
    assert len(heights) == 7 and all(h >= TAP for h in heights), heights


def test_a_tap_beside_a_radio_within_its_band_picks_it():
    """The band added around a radio took no taps (a reviewer's reading): a finger landing 2 px above "English" did
    nothing. The band picks its radio too: the language is set, the spool remembered and the group drawn again."""
    from views import settings
    from views.games import knit_wit
    picked: list = []
    app = SimpleNamespace(lang="zh-CN", t=lambda key, **p: words.say("en", key, **p), settings={},
                          page=SimpleNamespace(route="/settings"), set_setting=lambda key, value: picked.append(value))
    bands = [c for c in walk(settings.build(app)[1]) if isinstance(c, ft.Container) and isinstance(c.content, ft.Radio)]
    next(b for b in bands if b.content.value == "en").on_click(None)
    refreshed: list = []
    work: dict = {}
    ctx = SimpleNamespace(t=app.t, refresh=lambda: refreshed.append(True))
    spools = [c for c in walk(knit_wit.choice(ctx, work, "spool", [1, 2]))
              if isinstance(c, ft.Container) and isinstance(c.content, ft.Radio)]
    spools[1].on_click(None)
    assert picked == ["en"] and work == {"spool": 2} and refreshed == [True]


@pytest.mark.parametrize("game, line, said", [
    ("flip7", {"numbers": [5], "status": "stayed"}, "Your line gave"),
    ("cubosaurs", None, "Your collection is given")])
def test_a_phone_says_its_line_is_given_right_under_the_button_as_rummy_does(game, line, said):
    """On a phone Rummy said "your line is given" right under the button that gave it (session 67); Flip 7 and
    Cubosaurs still said it at the top of the screen, above the picker, away from the tap. They say it as Rummy does
    (`round_edit.SAID`), who is still to give under it."""
    table = Table(game, ["Ann", "Bo", "Cy"])
    given = line if line is not None else view_of(game).new_line()
    assert table.apply({"type": "line", "by": "Ann", "round": 1, "line": given}), table.errors
    controls = [c.controls[0] if isinstance(c, ft.Column) and c.controls and isinstance(c.controls[0], ft.FilledButton)
                else c for c in view_of(game).build(table.seated("Ann", {})).controls]  # the give button, its reason
    order = [c.content if isinstance(c, ft.FilledButton) else c.value for c in controls
             if isinstance(c, ft.FilledButton) or isinstance(c, ft.Text) and c.value.startswith((said, "Given: "))]
    assert [o[:10] for o in order] == ["Give again", said[:10], "Given: Ann"], order


def test_a_draft_field_keeps_a_key_typed_through_two_redraws_before_its_change():
    """"12" typed and its change handled; "0" reaches the field; the screen is drawn twice (the rules search
    finishing, another phone's action) before that key's change is handled: the field still holds "120" (the
    second redraw compared the draft with the text the first had shown and wrote the draft's "12" back)."""
    scratch: dict = {}
    field = ui.draft_field(scratch, "n", "", on_change=lambda e: scratch.update(n=e.control.value))
    field.value = "12"
    field.on_change(SimpleNamespace(control=field))
    drawn = ui.draft_field(scratch, "n", scratch["n"])
    drawn.value = "120"  # the next key, put by Flet into the field it now holds
    again = ui.draft_field(scratch, "n", scratch["n"])
    assert ui.draft_field(scratch, "n", scratch["n"]).value == again.value == "120"
    assert ui.draft_field(scratch, "n", "").value == ""  # the screen cleared its draft: shown as it is
