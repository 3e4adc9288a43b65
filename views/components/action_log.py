"""Action log: every action of a session with its time, who took it, and what it did in words — the record a
referee reads in a dispute.

Builders: `describe(lang, engine, action, nth) -> str` (an action in words, via `engine.describe` and the tables;
`entry_named` says a public log entry naming the player when the words do not, for undo and redo; `done` says
what it showed, for "Done: …", as the log's row does: `engine.logged`);
`log_panel(lang, entries, count, folds, on_show_all=None) -> ft.Control` (newest first, numbered in play order)
shows the entries of `scoring.record.public_log` — the whole log, or its newest `SHOWN` entries with a "show all"
button that calls on_show_all (the screen then passes every entry), so a long log costs a tap no more than a
short one. It starts open and stays as this tab leaves it (`folds`, `views.components.folds.Folds`); closed, its
entries are not built. The host's table screen (`views.table`) shows the hub's public log with the same panel,
"show all" included.

A row reads "#number time · who · what", naming the actor once: who is left out when the action's words already
name it — a player's move whose message names `{by}` ("Ann placed domino 22", "Armoury: Bo protects Repair
Centre": Solar Storm's room powers read "Bo · Armoury: Bo protects …"), or a table ruling
whose message starts with the log's name for the table (`app.log_table`: "The table ended the game",
"全桌宣布本局结束"), or any action whose message says the app did it (`app.log_app`: "The app dealt the cards",
which read "The table · The app dealt the cards", two actors for one deal). An action without a time reads
"#number · who · what" (no empty time between).
"""

from __future__ import annotations

from typing import Any

import flet as ft

from scoring import i18n
from scoring.core import TABLE
from views import words
from views.components.folds import FLUSH, Folds, fold
from views.components.kept import Kept
from views.ui import aside


def show_all_button(lang: str, on_show_all: Any) -> ft.Control:
    """A button that asks for every entry of a long list."""
    return ft.TextButton(content=words.say(lang, "app.show_all"), icon=ft.Icons.UNFOLD_MORE,
                         on_click=lambda e: on_show_all())


def describe(lang: str, engine: Any, action: dict, nth: int) -> str:
    """What an action did, in words; nth: which of its type it is in the log (`scoring.record.ordinal`)."""
    key, params = engine.describe(action)
    return words.say(lang, key, **params, nth=nth)


def done(lang: str, engine: Any, state: dict, action: dict, nth: int) -> str:
    """An action just played in words for the one who played it, with what it showed (`Engine.logged`, read from
    state, the state after it: "The app rolled 3 and 5"), as its log row says it."""
    key, params = engine.logged(state, action, nth)
    return words.say(lang, key, **params, nth=nth)


def entry_named(lang: str, entry: dict) -> str:
    """A public log entry (`scoring.record.public_log`) in words for a button that takes it back or puts it back:
    the row's words, with the player who took it first when they do not name them ("B · Own points for round 1: 3",
    where "Own points for round 1: 3" read the same for every player who gave 3); a table move as it is."""
    key, params = entry["what"]
    what = words.say_whole(lang, key, **params)
    by = entry.get("by", TABLE)
    if by == TABLE or names_actor(lang, entry):
        return what
    return words.say(lang, "app.status_sep").join([str(by), what])


def undo_label(lang: str, entry: dict) -> str:
    """Undo's label for the log's last entry (`entry_named`); when its action recorded a round (`completes`: the
    last line the round waited for), it says the whole round reopens: the undo takes the round's points off the
    board, not only that line (a host expected only Lily's line to go)."""
    return words.say(lang, "app.undo_round" if entry.get("completes") else "app.undo_what",
                     what=entry_named(lang, entry))


def redo_label(lang: str, entry: dict) -> str:
    """Redo's label for the entry it would put back (`entry_named`); when that records a round again, it says so."""
    return words.say(lang, "app.redo_round" if entry.get("completes") else "app.redo_what",
                     what=entry_named(lang, entry))


def who(lang: str, action: dict) -> str:
    """Who took the action ("the table" for table rulings)."""
    by = action.get("by", TABLE)
    return words.say(lang, "app.log_table") if by == TABLE else str(by)


def names_actor(lang: str, entry: dict) -> bool:
    """Whether the entry's words name who did it: a player's message naming `{by}`, a table ruling's beginning
    with the log's name for the table, any message beginning with the app's."""
    template = i18n.table(lang).get(entry["what"][0], "")
    if template.startswith(words.say(lang, "app.log_app")):
        return True
    if entry.get("by", TABLE) == TABLE:
        return template.startswith(words.say(lang, "app.log_table"))
    return "{by}" in template


def row_text(lang: str, entry: dict) -> str:
    """One line of the log: number and time (when it has one), who (unless the words name them first), what; its
    last word never alone on a wrapped line (a score pad's "-3" was, under "… B"), each player's name and points
    on one line (`words.say_whole`)."""
    time = words.clock(entry["at"])
    head = f"#{entry['number']} {time}" if time else f"#{entry['number']}"
    what = words.say_whole(lang, entry["what"][0], **entry["what"][1])
    sep = words.say(lang, "app.status_sep")
    return words.no_orphan(sep.join([head, what] if names_actor(lang, entry) else [head, who(lang, entry), what]))


def log_panel(lang: str, entries: list[dict], count: int, folds: Folds, on_show_all: Any = None) -> ft.Control:
    """The log's entries (`scoring.record.public_log`) newest first, one `row_text` each, keyed by its place in
    the log as a bare number (a key is sent with its row: "log-30" cost every tap 6 B more); a "show all" button
    that calls on_show_all when the entries are fewer than the log's count actions."""

    def contents() -> list[ft.Control]:
        """The entries (and "show all"), built only while the log is open; a row shown by the previous render in
        the same words is that render's (`Kept`): a new action builds and sends its own row only."""
        kept = Kept(folds.scratch, "_log_rows")
        rows: list[ft.Control] = [
            kept.row((lang, entry["number"], entry["at"], entry.get("by", TABLE), repr(entry["what"])),
                     lambda entry=entry: ft.Text(row_text(lang, entry), key=entry["number"] - 1))
            for entry in reversed(entries)
        ]
        if on_show_all is not None and len(entries) < count:
            rows.append(show_all_button(lang, on_show_all))
        return rows or [aside(lang, words.say(lang, "app.log_empty"))]

    title = words.say(lang, "app.log", count=count)
    return fold(
        folds, "log", True, contents, said=title,
        title=ft.Text(title, size=18, weight=ft.FontWeight.BOLD),
        controls_padding=ft.Padding.only(bottom=8), controls_spacing=4, tile_padding=FLUSH,
        expanded_alignment=ft.Alignment.TOP_LEFT,
        expanded_cross_axis_alignment=ft.CrossAxisAlignment.START,
    )
