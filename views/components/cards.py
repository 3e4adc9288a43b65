"""Card pickers for the card-game views (Flip 7, Bacon, Rummy, Cubosaurs): big tap targets that collect card
codes, the picked cards as tap-to-remove buttons and a −/+ stepper (one-of-several rows: `views.ui.choice_row`).

They only collect what the table taps; the engines judge the cards.

Playing cards (Rummy's "QS", "10H") are shown with their suit as a sign in the suit's colour: `card_name(code)`
is the text ("Q♠", "10♥"), `card_face(code)` the coloured text: hearts and diamonds red (the theme's error
colour, a red that stays readable on the light and the dark surface), spades and clubs in the text colour
(dark in the light theme, light in the dark one). The signs come from the bundled symbol font (views/app.py).

Builders:
    card_buttons(cards, on_pick, width=58, taken=None) -> ft.Control
        cards: [(code, label)] (label a text or a control such as `card_face(code)`), one button each in a
        wrapping row; on_pick(code) on tap. taken: {code: words} for cards that cannot be picked (a Rummy card
        already entered for someone): struck through, disabled, read as the words. A button is width × TAP px at
        the least and grows with its label, kept on one line (at 2× text a fixed 58 × 48 px cut "+10" to "+1" and
        hid the heart of "10♥"; at 1× every card's label fits the least size, so the layout is as it was).
    drawn_key(name, items, index) -> str
        the key of an item of a list of removable items (items: their labels), naming the whole list.
    pile(ctx, labels, on_remove, empty_key, names=None, *, at) -> ft.Control
        the picked cards in order, each a button "label ×" that removes that one (on_remove(index)), TAP high (it
        was 40 px, below every other tap target; a label wrapped to two lines, a 40-character name on a phone, still
        fits: the button's own padding is at its sides only, so its whole height holds the label; with the theme's
        14 px above and below, a 20 px line was left and, text set 1.5× larger on the phone, "12 ×" was cut in half;
        a tap-styled one grew to 49 px around "7 ×" in the mixed Latin and CJK fonts, 1 px more than the empty
        pile), named by what a tap
        does, "Remove label" / "去掉 label" (read "11 ×", a screen reader said "11 times"); the text of empty_key when
        there are none, in a row as high as one row of buttons (the text alone was 20 px lower: what stood under the
        pile moved down at the first card and back up at the last taken back; a 0 px wide strut holds the height, and
        the text still wraps in the row). A button belongs to the list it was drawn with (its key names the whole list):
        a second quick tap on a card just taken back reaches a control no longer on screen and is answered as a tap that
        came too late (`views.lost_taps`), instead of removing the card that moved into its place (found: a double tap
        on "7 ×" in 7 8 9 took back 7 and 8); two taps that both reach the server before the list is drawn again run on
        the same list: only the first takes a card back, the second is answered the same way (`app.tap_gone`), said
        under the pile (keyed `ft.ScrollKey(at)`, a key each caller gives: one derived from the labels repeats on a
        screen, two empty piles, and repeated scroll keys clash in the browser), not in the bar over it.
    stepper(ctx, label, read, write, minimum=0, maximum=99) -> ft.Control
        a label (read out with the value, "label: value"), − and + buttons (named "fewer/more label") and the
        value between them (seen, not read again); read() gives the value, write(value) sets it. A tap steps from
        the value read at the tap, not the one shown: taps quicker than the screen redraws each count (found: 12 of
        200 taps at 80 ms lost on a loaded machine when each tap wrote "the shown value + 1").
"""

from __future__ import annotations

import zlib
from typing import Any, Callable

import flet as ft

from scoring.core import RuleError
from validators.cards import card_name
from views.components.refusal import said
from views.ui import MATERIAL_SIDE, TAP, aside, icon_button, text_style

RED_SUITS = ("H", "D")
CARD_TEXT = 18  # px: a card button's label
CARD_SIDE, CARD_PAD = 10, 8  # px of a card button at either side of its label, above and below it, at the least
PILE_STYLE = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=MATERIAL_SIDE))  # all its TAP height for the label


def card_face(code: str) -> ft.Text:
    """A playing card's name in its suit's colour (red hearts and diamonds, spades and clubs in the text colour)."""
    colour = ft.Colors.ERROR if code[-1:] in RED_SUITS else ft.Colors.ON_SURFACE
    return ft.Text(card_name(code), color=colour, weight=ft.FontWeight.W_600)


def card_buttons(cards: list[tuple[str, str | ft.Control]], on_pick: Callable[[str], None], width: int = 58,
                 taken: dict[str, str] | None = None) -> ft.Control:
    """A wrapping row of card buttons; tapping one picks its code; a card in `taken` is struck through, cannot be
    tapped and is read as its words there (where it already is). RULING (what a row sends): a row of one-character
    labels (Nab-It!'s letters, 48 px) keeps buttons of a fixed size, which hold one character whole at 2× text;
    a row with a longer label grows with its labels (`card_button`), every button of it, so a row stays even."""
    taken = taken or {}
    grows = any(len(words_of(label)) > 1 for _, label in cards)
    return ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
        card_button(struck(label, taken[code]) if code in taken else label, width, code in taken,
                    lambda e, c=code: on_pick(c), grows)
        for code, label in cards
    ])


def card_button(label: str | ft.Control, width: int, disabled: bool, on_click: Callable[[Any], None],
                grows: bool = True) -> ft.Control:
    """A card button `width` × TAP, or at least that and growing with its label: an unseen copy of the label with
    room around it sizes the button laid over it (a fixed size cut the label at 2× text: "+10" wrapped and showed
    "+1", "10♥" hid its heart; a Material button sized by its label is 64 px wide at the least, wider than a card's
    58). The copy is a fully transparent control, which Flutter leaves out of what a screen reader reads."""
    style = ft.ButtonStyle(padding=ft.Padding.all(0), text_style=text_style(size=CARD_TEXT))
    if not grows:
        return ft.OutlinedButton(content=label, width=width, height=TAP, disabled=disabled, style=style,
                                 on_click=on_click)
    button = ft.OutlinedButton(content=label, disabled=disabled, left=0, top=0, right=0, bottom=0, style=style,
                               on_click=on_click)
    return ft.Stack(controls=[ft.Container(width=width, height=TAP), sizer(label), button])


def words_of(label: str | ft.Control) -> str:
    """The text a card's label shows."""
    return label.value if isinstance(label, ft.Text) else label


def sizer(label: str | ft.Control) -> ft.Control:
    """An unseen copy of a card's label with room around it, in the card button's text size and weight (the theme
    gives every text the app's fonts)."""
    bold = label.weight if isinstance(label, ft.Text) else None
    copy = ft.Text(words_of(label), size=CARD_TEXT, weight=bold or ft.FontWeight.W_500)
    return ft.Container(content=copy, opacity=0, padding=ft.Padding.symmetric(horizontal=CARD_SIDE, vertical=CARD_PAD))


def struck(label: str | ft.Text, said: str) -> ft.Text:
    """A card's label struck through in the disabled colour (not by colour alone), read as `said`."""
    return ft.Text(label.value if isinstance(label, ft.Text) else label, color=ft.Colors.OUTLINE, semantics_label=said,
                   style=ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH, decoration_color=ft.Colors.OUTLINE))


def pile(ctx: Any, labels: list[str], on_remove: Callable[[int], None], empty_key: str,
         names: list[str] | None = None, *, at: str) -> ft.Control:
    """The picked cards, each a button that removes it; a hint when there are none. A button shows "label ×" and
    is read "Remove" and its name (the label, unless `names` gives one without the place the label shows). The
    pile is keyed `ft.ScrollKey(at)`, a key its caller gives, one of its own on the screen (one derived from the
    labels repeats: two empty piles); a tap that came too late is said under it (`views.components.refusal`)."""
    if not labels:
        row = ft.Row(wrap=True, spacing=0, key=ft.ScrollKey(at), controls=[ft.Container(width=0, height=TAP),
                                                                          aside(ctx.lang, ctx.t(empty_key))])
        return under(row, said(ctx, at))
    taken: list[int] = []

    def remove(index: int) -> None:
        """Take the card back, once per list drawn: a later tap on this list came before its new one was drawn."""
        if taken:
            ctx.say(RuleError("app.tap_gone"), at)
            return
        taken.append(index)
        on_remove(index)

    return under(ft.Row(wrap=True, spacing=6, run_spacing=6, key=ft.ScrollKey(at), controls=[
        ft.FilledButton(content=ft.Text(ctx.t("cards.view.remove", card=label),
                                        semantics_label=ctx.t("cards.view.remove_name", card=name)),
                        height=TAP, style=PILE_STYLE, key=drawn_key("pile", labels, i),
                        on_click=lambda e, i=i: remove(i))
        for i, (label, name) in enumerate(zip(labels, names or labels))
    ]), said(ctx, at))


def under(row: ft.Control, lines: list[ft.Control]) -> ft.Control:
    """row, with lines said under it where there are any (a refusal)."""
    return ft.Column(spacing=4, controls=[row, *lines]) if lines else row


def drawn_key(name: str, items: list[str], index: int) -> str:
    """The key of a list's item that names the whole list it was drawn with: when the list changes, every item is
    a new control, so a tap sent against the old list reaches a control gone instead of the item now in its place."""
    return f"{name}-{zlib.crc32(chr(10).join(items).encode())}-{index}"


def stepper(ctx: Any, label: str, read: Callable[[], int], write: Callable[[int], None], minimum: int = 0,
            maximum: int = 99) -> ft.Control:
    """A small counter with − and + buttons that step from the value at the tap. Its name is read with its count
    ("T-Rex: 3"), then the buttons; the big number is seen, not read again (read "T-Rex", "Fewer: T-Rex", "T-Rex:
    3", "More: T-Rex", the name was heard alone first)."""
    value = read()

    def step(delta: int) -> None:
        """Move the value one step, within its bounds."""
        write(max(minimum, min(maximum, read() + delta)))

    return ft.Row(spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
        ft.Text(label, size=16, expand=True, semantics_label=ctx.t("cards.view.count", what=label, value=value)),
        icon_button(ft.Icons.REMOVE, ctx.t("cards.view.less", what=label), lambda e: step(-1),
                    disabled=value <= minimum),
        ft.Semantics(exclude_semantics=True, content=ft.Text(str(value), size=20, weight=ft.FontWeight.BOLD, width=36,
                                                             text_align=ft.TextAlign.CENTER)),
        icon_button(ft.Icons.ADD, ctx.t("cards.view.more", what=label), lambda e: step(1),
                    disabled=value >= maximum),
    ])
