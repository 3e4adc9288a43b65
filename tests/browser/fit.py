"""Whether a text is shown whole where the app puts it, as a person checks a screenshot for a cut label: the width
the text needs on one line, measured in the page in the app's own fonts, against the box of the control that
shows it.

Widths: the page's canvas measures the text in the bundled CJK font and, for the letters that font lacks, Flutter's
own Roboto (the web client's copy), with a Material 3 text style's size, weight and letter spacing. Checked
against Flutter's one-line text boxes on the Knit Wit scoring screen, to the pixel: "Same word: tiger" 109.3 px
(box 109), "To rule two answers the same or different, tick both." 337.2 (337), "同一个词：tiger" 100.5 (100), a
challenge button 149.7 + 48 of padding (box 198). A box is found by what names it (a control's accessible name, a
text's words), asked once the screen has stopped changing (`Tab.settle`).

What a control adds to its text (CHROME) was read off the same screens: a checkbox's square with its padding
(40), a switch (60), a button's padding (24 a side), a dropdown's padding before its value and the arrow's room
after it (16 + 52), an outlined field's padding and the gap around its floating label (12 + 4 a side). A floating
label is drawn at 0.75 of the field's text size. Sizes are rounded in the page, so a text fits with 1 px to spare.
"""

from __future__ import annotations

from math import ceil

from tests.browser.conftest import Tab

CJK_FONT = "/fonts/DroidSansFallbackFull.ttf"
LATIN_FONT = "/assets/fonts/roboto.woff2"
BODY = (14, 400, 0.25)  # Material 3 bodyMedium: a Text, a checkbox's label
BODY_16 = (16, 400, 0.25)  # a Text of size 16 (bodyMedium's letter spacing kept)
BUTTON = (14, 500, 0.1)  # labelLarge: a button's label
FIELD = (16, 400, 0.5)  # bodyLarge: a field's value, and its label before it floats
FLOATING = 0.75
CHROME = {"checkbox": 40, "switch": 60, "button": 48, "dropdown": 68, "label": 32}
SLACK = 1
LINE = 1.4  # a line of text is at least this many times its size tall (DroidSans: 16 px text, 23.5 px lines)
MEASURE = """async ([cjk, latin, texts, size, weight, spacing]) => {
  if (!window.__fitFonts) {
    const faces = [new FontFace('fit-cjk', `url(${cjk})`), new FontFace('fit-latin', `url(${latin})`,
                                                                          {weight: '100 900'})];
    await Promise.all(faces.map(f => f.load()));
    faces.forEach(f => document.fonts.add(f));
    window.__fitFonts = true;
  }
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `${weight} ${size}px fit-cjk, fit-latin`;
  ctx.letterSpacing = `${spacing}px`;
  return texts.map(t => ctx.measureText(t).width);
}"""
TEXT_BOXES = """([words]) => Array.from(document.querySelectorAll('flt-semantics'))
  .filter(e => !e.querySelector('flt-semantics'))
  .map(e => [e, e.getAttribute('aria-label') || e.textContent])
  .filter(([e, text]) => text.replace(/\\u2060/g, '').includes(words))
  .map(([e, text]) => { const r = e.getBoundingClientRect();
                        return {text: text, x: r.x, y: r.y, width: r.width, height: r.height}; })"""
FIELD_BOX = """([label]) => {
  const input = Array.from(document.querySelectorAll('input, textarea'))
    .find(e => e.getAttribute('aria-label') === label);
  if (!input) return null;
  const r = input.closest('flt-semantics').getBoundingClientRect();
  return {x: r.x, y: r.y, width: r.width, height: r.height};
}"""


def widths(tab: Tab, texts: list[str], style: tuple = BODY) -> dict[str, float]:
    """The width each text needs on one line in a text style (size, weight, letter spacing)."""
    return dict(zip(texts, tab.page.evaluate(MEASURE, [CJK_FONT, LATIN_FONT, texts, *style])))


def width(tab: Tab, text: str, style: tuple = BODY) -> float:
    """The width a text needs on one line in a text style."""
    return widths(tab, [text], style)[text]


def text_boxes(tab: Tab, words: str) -> list[dict]:
    """Every text on screen with these words in it, word joiners aside (not the screen parts holding several): its
    words ("text") and where it is (asked once the screen has stopped changing)."""
    return tab.page.evaluate(TEXT_BOXES, [words])


def lines_with(tab: Tab, words: str) -> list[str]:
    """Every text on screen with these words in it, as a person reads it (no-break spaces as spaces, no joiners)."""
    return [box["text"].replace("\u00a0", " ").replace("\u2060", "") for box in text_boxes(tab, words)]


def field_box(tab: Tab, label: str) -> dict | None:
    """Where the text field with this label is on screen: its outline, not the browser's input inside it (asked
    once the screen has stopped changing)."""
    return tab.page.evaluate(FIELD_BOX, [label])


def one_line(box: dict, need: float, chrome: float = 0) -> bool:
    """Whether a box holds a text of this width on one line beside what its control adds."""
    return box["width"] + SLACK >= need + chrome


def whole(box: dict, need: float, chrome: float, size: float) -> bool:
    """Whether a box holds a text of this width whole, on one line or on as many lines as it needs beside what
    its control adds (a text cut at the box's edge is one line in a box too narrow for it)."""
    lines = ceil((need - SLACK) / (box["width"] - chrome))
    return one_line(box, need, chrome) or box["height"] + SLACK >= lines * size * LINE
