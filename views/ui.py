"""Small UI helpers shared by the screens: icon buttons and dropdowns that carry their name for screen readers and
tests, the one-of-several row of buttons (`choice_row`), the chip that is on or off (`toggle_chip`) and the checkbox
or switch whose label wraps (`labelled`).

Choosing never moves what is on screen. A choice row marks the chosen button by filling it, nothing else: filled
and outlined buttons are the same size (a check mark shown only on the chosen one made it wider, and in a wrapping
row pushed its neighbours to the next line under the finger); a screen reader hears which is chosen from its
selected state (`read_as_chosen`). A toggle chip always has its icon, and the check mark of a chip that is on is
drawn in the icon's place (Flutter slides a check mark in beside the label of a chip without one, which widened it
the same way). Every one-of-several row of buttons and every on/off chip is one of
these.

A checkbox's or switch's own label (Flet 1.0.5) is one line in a row that cannot shrink it: a label longer than the
screen is cut at its edge ("Compare Ada's answ" in a Knit Wit card, a Kingdomino option at 390 px). `labelled` puts
the label beside the box in a row where it wraps instead, taps on the label flip the box as on Flet's own, and the
two are one control for screen readers and tests (merged semantics: a checkbox or switch named by its label).

No tooltips on buttons: a tooltip left showing after a tap (the pointer stays over the button) takes the focus
from the next text field tapped, so typing there is lost (found in headless Chromium after the screens stopped
being rebuilt whole per tap). The name is the icon's semantics label instead.

A field's own (floating) label is one line at the field's top edge, drawn in a gap of the outline: a label longer
than the field (a game option's "Reward on the bonus board for rounds 1 / 2 / 3" at 390 px with the phone's text at
2x) wrapped to a second line over the outline and the value. `label_above` sets such a label as a text above the field
instead, which wraps, the two merged into one node so the field keeps the label as its name (a textbox named by the
label in the browser, as with the field's own label); `dropdown(..., above=True)` does the same for a dropdown.

A dropdown's label is not its name on the web (Flet 1.0.5): the dropdown is one button named nothing (browser
tests had to find it as "the button named nothing"), and neither a trailing icon's semantics label nor
MergeSemantics names it. A `Semantics` label around it does (a tooltip too, but see above); after a choice the
name stays the label.

Fonts: the app's text is set in the bundled CJK font, with the bundled symbol font (card suits, ✕, arrows) and
colour-emoji font behind it for what it lacks; Flutter would otherwise look for those online and, offline, draw
empty boxes. The theme gives every text style that chain (views/app.py); a control that sets its own text style
(a button's `text_style`) replaces the theme's and must take it from `text_style(...)` too.

Colours work in the light and the dark theme (a per-phone setting): text and icons take the colour scheme's
(`ON_SURFACE`, `ERROR`, `PRIMARY`, or the theme's text colour when none is given), and a fill that means
something (a damaged room's red, a highlighted square's amber, a player's colour) is `tint(colour)`, the colour
part see-through over the surface: pale in the light theme, deep in the dark one, so the theme's text reads on
it in both. A fixed pale fill (`AMBER_100`) left the dark theme's light text unreadable on it. Only a control
that paints its own picture in fixed colours (Kingdomino's terrains: fill and icon both fixed) keeps them.

A quiet aside (an empty state, a hint, who is waiting: "No rounds yet.") is `aside(lang, text)`, the one way to draw
one. In English it is italic, as English asides are set. Chinese has no italic: the CJK font has no slanted face, so
Flutter shears the upright glyphs, and slanted 汉字 read as a rendering fault, not as emphasis ("还没有操作。" leaning
in the screenshots). So an aside in Chinese, or any aside holding a CJK character (a Chinese player's name on an
English screen), stays upright and is told apart by colour instead: the scheme's secondary text colour
(`ON_SURFACE_VARIANT`, readable in the light and the dark theme) unless the caller gives one."""

from __future__ import annotations

from typing import Any, Callable

import re

import flet as ft

from views.words import fits

TAP = 48
FOCUS_RING = 3  # px: a focused button's border (`focus_ring`)
CHOICE_PAD = 14  # (TAP - a 20 px line) / 2
TALL_PAD = 16  # a turn's main button: 52 px around one line
MATERIAL_SIDE = 24  # a Material button's padding at either side of its label
TEXT_SIDE = 12  # a Material text button's
ICON_PAD = 12  # (TAP - a 24 px icon) / 2
SWITCH_PAD = 4  # (TAP - a 40 px switch) / 2, and Material 3's sides
CHIP_SIDE, CHIP_PAD = 8, 13  # Material 3's sides of a chip; (TAP - its 22 px line and border) / 2
NARROW_SIDE = 8  # the sides of a button of a fixed width
LABEL_SIZE = 16  # a label beside a switch or above a field, as large as the fields' values
LABEL_GAP = 4  # between a label above a field and the field
HELPER_SIZE, HELPER_SIDE = 12, 12  # a helper text below a field, as Material sets a field's own (bodySmall, inset)
FORM_ON_PHONE = 374  # a form-wide field on a 390 px phone (measured)
DROPDOWN_CHROME = 68  # a dropdown's padding before its value and its arrow's room after it
UNIT_AT_2X = 16  # a half-width unit of a field's 16 px value with the phone's text at 2x (a Chinese character two)
HELPER_LINES = 3  # a field's helper text wraps to this many lines (Flutter's own: one, cut with an ellipsis)
FONT = "cjk"
FONT_FILE = "fonts/DroidSansFallbackFull.ttf"
FALLBACK_FONTS = {"symbols": "fonts/NotoSansSymbols2-Subset.ttf", "emoji": "fonts/NotoColorEmoji-Subset.ttf"}
FONTS = {FONT: FONT_FILE, **FALLBACK_FONTS}
FONT_MANIFEST = "assets/FontManifest.json"  # in the assets folder: the web page's fonts, loaded before its first frame
WEB_FONTS = {"emoji": FALLBACK_FONTS["emoji"]}  # on the web, the fonts the page's manifest leaves to the app
TINT_OPACITY = 0.3
CJK = re.compile(  # CJK scripts and punctuation (Han, kana, Hangul, full-width forms), which have no italic
    "[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\U00020000-\U0003ffff]")


def text_style(**fields: Any) -> ft.TextStyle:
    """A text style in the app's fonts (the CJK font, then the symbol and emoji fallbacks) with these fields."""
    return ft.TextStyle(font_family=FONT, font_family_fallback=list(FALLBACK_FONTS), **fields)


def tall() -> ft.ButtonStyle:
    """A turn's main button: at least 52 px high (its line and 16 px above and below) and growing with its words,
    not a fixed height that cuts a label wrapped to a second line on a phone (at the theme's standard density:
    `views.app.theme`)."""
    return tap_style(above=TALL_PAD)


def field_sheet(lines: list[ft.Control], buttons: list[ft.Control], said: list[ft.Control] | None = None) -> ft.Control:
    """Fields under their title as wide as the column they are in, and the buttons under them at their own width
    (wrapping onto more rows), then what is said under the buttons (a refused move's reason,
    `views.components.refusal.said`). Flet draws a field without a width or `expand` 300 px wide
    (`tightFor(width: 300)` in its `textfield.dart`): on a phone that left 50-70 px of the row unused and wrapped a
    field's helper early."""
    return ft.Column(spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                     controls=[*lines, ft.Row(wrap=True, controls=buttons), *(said or [])])


def outcome_icon(won: bool) -> str:
    """The icon of a finished game: a trophy, or a flag where nobody won (a crew that lost a cooperative game)."""
    return ft.Icons.EMOJI_EVENTS if won else ft.Icons.FLAG_OUTLINED


def tint(colour: str) -> str:
    """A fill in a colour that means something, which the theme's text reads on in the light and dark theme."""
    return ft.Colors.with_opacity(TINT_OPACITY, colour)


def keyed(control: ft.Control, key: str | ft.Key) -> ft.Control:
    """The control with a key: Flet's diff then follows it when what stands before it comes or goes, and sends what
    changed in it rather than the whole control again (a Kingdomino picker's tile, a Splitter sheet)."""
    control.key = key
    return control


def aside(lang: str, text: str, **fields: Any) -> ft.Text:
    """A quiet aside line: italic on an English screen when the text holds no CJK character, else upright in the
    secondary text colour (or the colour given)."""
    if lang == "en" and not CJK.search(text):
        return ft.Text(text, italic=True, **fields)
    return ft.Text(text, **{"color": ft.Colors.ON_SURFACE_VARIANT, **fields})


def reading_column(controls: list[ft.Control], **style: Any) -> ft.Column:
    """A column a screen reader reads whole, top to bottom, before what stands beside it (a screen's main and side
    columns on a laptop, the words beside the host's QR code).

    Flutter reads what stands side by side in turn, row by row across both, unless each is a group of its own; and
    beside a tall control it orders a column's lines by their centres, so a long line was read after the short
    ones below it (the join address after the PIN).
    Flet 1.0.5 has no sort keys, and its `Semantics(container=True)` merges every text inside into one label (its
    client leaves `explicitChildNodes` off). A scroll view is a group whose texts stay nodes of their own, so the
    column is one, with no scroll bar. It never scrolls: it stands in the screen's scrolling column, which gives
    it the height it needs, and a wheel or a drag over it moves the screen (Flutter gives a scroll view with
    nothing to scroll no gesture)."""
    return ft.Column(controls=controls, scroll=ft.ScrollMode.HIDDEN, **style)


def icon_button(icon: Any, label: str, on_click: Callable[[Any], Any], disabled: bool = False,
                **style: Any) -> ft.IconButton:
    """An icon button named (for screen readers and tests) by its icon's semantics label."""
    return ft.IconButton(icon=ft.Icon(icon, semantics_label=label), on_click=on_click, disabled=disabled, **style)


def named_tap(name: str, tappable: ft.Container, state: str | None = None) -> ft.MergeSemantics:
    """A tappable tile (a board's square, a domino to pick) read out (and found by tests) as a button by name,
    with no hover tooltip: a tooltip is drawn under its tile and covered the centre of the tile below it for a
    moment after a tap, so the next tap on a sheet landed on the tooltip (Splitter's browser test, about one run
    in six). The name and the tile's tap are one node (merged): a labelled node of its own around the tile left
    the tile inside it a second, nameless button. A tile that takes no tap is the same node, named, no button
    (the same controls, so a board that turns to be only shown sends changed fields, not new cells). A `state`
    (a marked square's "marked") is its value, read after the name: a square marked or no longer marked sends
    that word, not its whole name again."""
    return ft.MergeSemantics(expand=tappable.expand, content=ft.Semantics(
        label=name, value=state, button=tappable.on_click is not None, content=tappable))


def dropdown(label: str, value: Any, options: list[ft.DropdownOption], on_select: Callable[[Any], Any],
             name: str | None = None, above: bool = False, **style: Any) -> ft.Control:
    """A dropdown with its label, named on the web by name (a fuller name where several dropdowns share a label,
    e.g. one per seat), else by the label, and read out with its chosen option's text (Flutter's button inside
    gave neither: a screen reader heard "兼任裁判的玩家" and never who was chosen); one that expands
    (`expand=True`, in a row) fills the row's width. With `above` the label is a text above the box that wraps
    (`label_above`), for a label that may be longer than a phone's field; the name stays the same.

    Ruling (a chosen option is read whole): Flutter's dropdown shows its chosen option on one line and cuts it
    mid-letter, with no ellipsis, where the box is too narrow (at 2x text Knit Wit's "Word tags" read "The table's
    own tags" without "(typed in)"), and Flet 1.0.5 cannot make it wrap. The app cannot know the phone's text
    scale, so, below a dropdown with its label above, a chosen option longer than its box shows on a phone at 2x
    (`cut_at_2x`) is also written whole, as a field's helper text, on as many lines as it needs; a short one
    ("Deck 2", "食堂") is not repeated, so the screen stays short. A dropdown with its label inside (History's
    filters, the statistics' choosers, a player's colour) does the same, under its box: at 2x the statistics' 320 px
    box read "Maximilian Alexa" for "Maximilian Alexander"."""
    chosen = next((o.text or str(o.key) for o in options if o.key == value), None)
    box = ft.Semantics(label=name or label, value=chosen, expand=style.get("expand"),
                       content=ft.Dropdown(label=None if above else label, value=value, options=options,
                                           on_select=on_select, **style))
    helper = helper_text(chosen if cut_at_2x(chosen, style.get("width")) else None)
    if not above:
        return ft.Column(spacing=LABEL_GAP, tight=True, width=style.get("width"), controls=[box, helper])
    return ft.Column(spacing=LABEL_GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                     controls=[ft.Semantics(exclude_semantics=True, content=label_text(label)),
                               ft.Row(controls=[box]) if style.get("expand") else box, helper])


def cut_at_2x(text: str | None, width: float | None) -> bool:
    """Whether a dropdown width wide (None: as wide as a phone's form) may cut text at 2x: the half-width units
    left beside its padding and arrow, at UNIT_AT_2X px each, measured at 390 px (374 px: 19 units; "应用（按对局
    种子）", 18, was whole, "单词中最后一次封顶者", 20, cut)."""
    return bool(text) and not fits(text, int(((width or FORM_ON_PHONE) - DROPDOWN_CHROME) // UNIT_AT_2X))


def label_above(label: str, field: ft.TextField, helper: str | None = None, helps: bool = True) -> ft.Control:
    """A text field with its label as a text above it that wraps, the two one node named by the label (the field in
    the browser is a textbox named by the label, as with Flutter's own label), and a helper text below, outside
    that node (merged with it, the helper became part of the field's name: "Points to win\nUsed: 8 with 4 players…"),
    hidden while there is none (the same controls either way, so the field typed in is not drawn anew).
    A field of a set width (the score pad's round fields, two a row on a phone) keeps it, and its label may be
    wider than the field: a player's name over their points is read whole ("Maximilian" at a phone's 2x text read
    "Maxi…" inside a 150 px field), its cell as wide as the name. A field that never has a helper (`helps` False:
    the score pad's round fields) is the named node alone, two levels nearer the page's root (each round's tap
    clears the fields, and a patch names each by its path: 24 B a tap)."""
    align = ft.CrossAxisAlignment.STRETCH if field.width is None else ft.CrossAxisAlignment.START
    named = ft.MergeSemantics(content=ft.Column(spacing=LABEL_GAP, horizontal_alignment=align,
                                                tight=field.width is not None, controls=[label_text(label), field]))
    if not helps:
        return named
    return ft.Column(spacing=LABEL_GAP, horizontal_alignment=align, tight=field.width is not None,
                     controls=[named, helper_text(helper)])


def helper_text(helper: str | None) -> ft.Container:
    """A field's helper text below it, inset as Material sets a field's own, wrapping; hidden while there is none
    (the same controls either way, so the field above is not drawn anew)."""
    return ft.Container(padding=ft.Padding.only(left=HELPER_SIDE), visible=bool(helper),
                        content=ft.Text(helper or "", size=HELPER_SIZE, color=ft.Colors.ON_SURFACE_VARIANT))


def label_text(label: str) -> ft.Text:
    """A field's label set above it, as a switch's label is set beside its switch."""
    return ft.Text(label, size=LABEL_SIZE)


def draft_field(scratch: dict, name: Any, text: str, **kwargs: Any) -> ft.TextField:
    """A text field showing a draft's text, kept in the screen's scratch (under "_fields" by name, tab-only: never
    part of the kept draft) for the next render to read; kwargs go to the field (its own `key` too).

    Ruling (nothing typed is lost): Flet puts the browser's new text into the field at once and runs the field's
    change handler afterwards, in a task of its own; a render in between (another phone's action reaching this
    screen, a timer) built the field from the draft, one key behind, and sent that older text back over the key
    just typed (seen in-process: "120" typed while a laptop added a round came back "12"). So a field whose text
    the browser changed since it was last built or last reported a change, while the draft holds the text of that
    moment, keeps the browser's text; a draft the screen changed itself (cleared once a round is in, filled from
    the lines given, a past round opened) is shown as it is. The draft's text is what is compared, not the text
    shown: a second redraw before the change came (the rules search finishing, then another) wrote the draft's
    older text back once the first had shown the browser's. `on_change` runs as given, after the field and its
    text are noted."""
    kept = scratch.setdefault("_fields", {})
    field, given = kept.get(name, (None, None))
    drafted = text
    if field is not None and text == given and isinstance(field.value, str) and field.value != given:
        text = field.value

    def changed(e: Any) -> Any:
        """Note the field as Flet holds it and the text it reported, then run the screen's handler."""
        kept[name] = (e.control, e.control.value or "")
        return on_change(e) if on_change else None

    on_change = kwargs.pop("on_change", None)
    field = ft.TextField(value=text, on_change=changed, **kwargs)
    kept[name] = (field, drafted)
    return field


def field_text(scratch: dict, name: Any) -> str | None:
    """The text of the field `draft_field` drew last under name, as the browser last put it into the field (a live
    search drops the hits of a text the box no longer holds); None when none was drawn."""
    field = scratch.get("_fields", {}).get(name, (None,))[0]
    return None if field is None else field.value or ""


def choice_row(options: list[tuple], chosen: Any, on_choose: Callable[[Any], Any],
               width: int | None = None) -> ft.Control:
    """One of several: options [(value, label)] or [(value, label, icon)] (a label is a text or a control; an
    icon belongs to its option, whether chosen or not), the chosen one filled, the others outlined, each button
    width wide when given; on_choose(value) on tap. A button is TAP high for one line and grows with a label
    wrapped to more lines (a long player name on a phone), never a fixed height that cuts them off."""
    return ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
        read_as_chosen(value == chosen, (ft.FilledButton if value == chosen else ft.OutlinedButton)(
            content=label, icon=icon[0] if icon else None, width=width,
            style=tap_style(bool(icon), NARROW_SIDE if width else MATERIAL_SIDE),
            on_click=lambda e, v=value: on_choose(v)))
        for value, label, *icon in options
    ])


def tap_themes() -> dict[str, Any]:
    """The theme's styles of what a person taps: every button (filled, outlined, text, an icon's), switch and
    chip at least TAP high (measured at 390x844: 40 px before, a chip 38, a session's row already 90).

    Ruling: a control a person taps is at least TAP (48 px) high, Material's minimum touch target. Flutter gives
    one that much room only where it thinks it is on a phone (`MaterialTapTargetSize.padded`, chosen from the
    browser's system: a laptop's, or a phone asking for the desktop site, gets 40 px buttons), and Flet 1.0.5 has
    no setting for it, so the theme's padding does it (a button's own style still wins where it sets one)."""
    return {"button_theme": ft.ButtonTheme(style=ringed(tap_style())),
            "filled_button_theme": ft.FilledButtonTheme(style=ringed(tap_style())),
            "outlined_button_theme": ft.OutlinedButtonTheme(style=ringed(tap_style())),
            "text_button_theme": ft.TextButtonTheme(style=ringed(tap_style(side=TEXT_SIDE))),
            "icon_button_theme": ft.IconButtonTheme(style=ringed(ft.ButtonStyle(padding=ICON_PAD))),
            "switch_theme": ft.SwitchTheme(padding=SWITCH_PAD),
            "chip_theme": ft.ChipTheme(padding=ft.Padding.symmetric(horizontal=CHIP_SIDE, vertical=CHIP_PAD))}


def focus_ring() -> dict:
    """A button's border while it has the keyboard focus: FOCUS_RING px in the scheme's text colour (near black in the
    light theme, near white in the dark), drawn around filled, outlined and text buttons alike, outside the button's
    edge, on the screen's surface it contrasts with (inside, on a filled button's teal, it was dark on dark).
    RULING (the focus is seen at arm's length): Material marks a focused button by a faint shading only, and not at
    all while the browser's screen-reader mode is on (Flutter then shows no focus highlight), so a person tabbing
    lost track of where the keyboard was; the ring is drawn from the button's focused state, in either mode."""
    return {ft.ControlState.FOCUSED: ft.BorderSide(FOCUS_RING, ft.Colors.ON_SURFACE,
                                                   stroke_align=ft.BorderSideStrokeAlign.OUTSIDE)}


def ringed(style: ft.ButtonStyle) -> ft.ButtonStyle:
    """A theme's button style with the focus ring (`focus_ring`): in the theme only, so a button's own style (which
    sets no side) takes it from there and a tap sends no ring with every button drawn anew (Splitter's sheet, a
    Solar Storm move: 80-700 B more)."""
    style.side = focus_ring()
    return style


def tap_style(icon: bool = False, side: int = MATERIAL_SIDE, above: int = CHOICE_PAD) -> ft.ButtonStyle:
    """A button TAP high around one line that grows with a label wrapped to more (a choice, a move): `side`
    padding sideways (Material's own by default; 8 less before an icon), `above` it and below it (enough for TAP),
    at the theme's standard density (`views.app.theme`); the focus ring comes from the theme (`ringed`). A button
    of a fixed width takes NARROW_SIDE: Splitter's 56 px dice kept 8 px for their digit between Material's 24s, too
    little once a phone's text is set larger."""
    return ft.ButtonStyle(padding=ft.Padding.only(left=side - 8 if icon else side, right=side, top=above,
                                                  bottom=above))


NAME_BUTTON = 110  # px: a player's button at the least, so that the rows' short names line up
NAME_SIDE = 10  # px of padding at either side of the name


def name_button(name: str, chosen: bool, on_choose: Callable[[], Any]) -> ft.Control:
    """A player's button at the head of their row (whose entries the form shows), filled while chosen: NAME_BUTTON
    wide at the least, so that what follows short names lines up, and as wide as the name needs beyond that (at a
    phone's 2x text a 110 px button held "Maxi…" and "欧阳…"); a name too long for the whole row (up to 40
    characters) ends in an ellipsis on one line rather than wrapping out of the button, and is read out whole.
    The row puts what follows the button beside it where it fits, else under it (`name_row`)."""
    label = ft.Stack(alignment=ft.Alignment.CENTER, controls=[
        ft.Container(width=NAME_BUTTON - 2 * NAME_SIDE), ft.Text(name, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)])
    return read_as_chosen(chosen, (ft.FilledButton if chosen else ft.OutlinedButton)(
        content=label, height=TAP, style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=NAME_SIDE)),
        on_click=lambda e: on_choose()))


def name_row(name: str, chosen: bool, on_choose: Callable[[], Any], entries: ft.Control) -> ft.Control:
    """A player's row: their button (`name_button`), then what is entered for them, beside it where it fits, else
    on the lines under it."""
    return ft.Row(wrap=True, spacing=8, run_spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER,
                  controls=[name_button(name, chosen, on_choose), entries])


def read_as_chosen(chosen: bool, button: ft.Control) -> ft.Control:
    """A button of a one-of-several choice read out as chosen or not (the web's aria-current): its fill alone
    told it only to the eye, and a screen reader heard "P1", "P2" alike, never whose line was being entered."""
    return ft.MergeSemantics(content=ft.Semantics(selected=chosen, content=button))


def toggle_chip(label: str, on: bool, on_select: Callable[[Any], Any], icon: Any,
                tooltip: str | None = None) -> ft.Control:
    """A chip that is on or off, with its icon (covered by the check mark while on), read out by its tooltip's words
    when it has one (the web reads a chip's label, not its tooltip: a domino's chip was "1, checkbox")."""
    return ft.Chip(label=ft.Text(label, semantics_label=tooltip), leading=ft.Icon(icon), selected=on,
                   on_select=on_select, tooltip=tooltip)


def tap_radio(value: str, label: str, on_pick: Callable[[str], Any]) -> ft.Control:
    """A radio button and its label, TAP high (SWITCH_PAD above and below Flutter's 40 px radio, which a laptop's
    browser and a phone alike drew 40 px high: the settings' languages, Knit Wit's spools), read as one control; a
    tap on the band around the radio picks it too (on_pick(value), as the group's on_change would)."""
    return ft.MergeSemantics(content=ft.Container(padding=ft.Padding.symmetric(vertical=SWITCH_PAD),
                                                  on_click=lambda e: on_pick(value),
                                                  content=ft.Radio(value=value, label=label)))


def labelled(box: ft.Checkbox | ft.Switch, label: str, on_change: Callable[[bool], Any],
             size: int | None = None) -> ft.Control:
    """A checkbox or switch (without a label of its own) and its label beside it, which wraps where the row is too
    narrow for it; on_change(on) when the box or the label is tapped."""
    box.on_change = lambda e: on_change(bool(e.control.value))
    text = ft.GestureDetector(content=ft.Text(label, size=size), expand=True, mouse_cursor=ft.MouseCursor.CLICK,
                              on_tap=None if box.disabled else lambda e: on_change(not box.value))
    return ft.MergeSemantics(content=ft.Row(spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER,
                                            controls=[box, text]))
