"""A GameContext over a live engine state for the card-game view tests: dispatch applies through the engine
(refusals recorded as message keys), undo and redo go through the record as the store's do, refresh is counted;
helpers find buttons and texts in the built tree."""

from __future__ import annotations

import flet as ft
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import ObjectPatch

from scoring.core import RuleError, engine
from scoring import record as records
from scoring.record import new_record, replay
from tests.test_views_components import FakePage, read, texts, walk
from views.context import GameContext
from views.games.round_edit import BLOCKS_COL


class Table:
    """A session of one game held in memory, with the view's context rebuilt on demand."""

    def __init__(self, game: str, players: list[str], options: dict | None = None, lang: str = "en",
                 store=None):
        self.record = new_record(game, players, options=options or {}, seed=7, now="2025-01-01T20:00:00+00:00")
        self.engine = engine(game)
        self.state = replay(self.record)
        self.local: dict = {}
        self.errors: list[str] = []
        self.refreshed = 0
        self.lang = lang
        self.store = store

    def apply(self, action: dict, refused=None) -> bool:
        """Apply like the store would: keep the action on success, hand its events to the store (if any),
        note the key on refusal (or hand the error to `refused`, given, as the frame's apply does)."""
        try:
            self.state, events = self.engine.step(self.state, action)
        except RuleError as err:
            if refused is not None:
                refused(err)
            else:
                self.errors.append(err.key)
            return False
        effects = self.store._effects(self.record["game"], events) if self.store is not None else []
        self.record["actions"].append(action)
        self.record["redo"] = []
        for effect in effects:
            effect()
        return True

    def undo(self) -> None:
        """Take back the last action (kept on the record's redo stack)."""
        self.record, self.state = records.undo(self.record)

    def redo(self) -> None:
        """Put back the most recently undone action."""
        self.record, self.state = records.redo(self.record)

    def ctx(self) -> GameContext:
        """A fresh context for the current state (as the frame builds one per render)."""
        return GameContext(lang=self.lang, record=self.record, state=self.state, engine=self.engine, page=FakePage(),
                           store=self.store, local=self.local, sound=False, apply=self.apply,
                           show_error=lambda err: self.errors.append(getattr(err, "key", err)),
                           refresh=self.count_refresh)

    def seated(self, seat: str, local: dict) -> GameContext:
        """The context of a phone seated as `seat` in table mode (a player's phone does not act for the table), with
        its own scratch."""
        return GameContext(lang=self.lang, record=self.record, state=self.state, engine=self.engine, page=FakePage(),
                           store=None, local=local, sound=False, apply=self.apply,
                           show_error=lambda err: self.errors.append(getattr(err, "key", err)),
                           refresh=self.count_refresh, seat=seat, for_table=seat == "table")

    def count_refresh(self) -> None:
        """Count a refresh request."""
        self.refreshed += 1


def refused(table: Table) -> list[str]:
    """The refusals a table was told: in a bar (`errors`), then any a round form says beside its send button
    (`round_edit.send`)."""
    forms = [d for d in table.local.values() if isinstance(d, dict)] + [table.local]
    return table.errors + [d["_refusal"]["key"] for d in forms if isinstance(d.get("_refusal"), dict)]


def label(button) -> str | None:
    """The text a button shows: its text content, or the value of a Text it holds (a player's button holds it in
    a Stack over its least width: `views.ui.name_button`)."""
    content = text_in(button)
    return content.value if isinstance(content, ft.Text) else content if isinstance(content, str) else None


def text_in(button):
    """A button's content, or the Text a Stack holds as its content."""
    content = button.content
    texts = [c for c in content.controls if isinstance(c, ft.Text)] if isinstance(content, ft.Stack) else []
    return texts[0] if texts else content


def name(button) -> str | None:
    """What a screen reader reads a button as (and a browser test finds it by): its text's semantics label, else the
    text it shows."""
    content = text_in(button)
    if isinstance(content, ft.Text) and content.semantics_label:
        return content.semantics_label
    return label(button)


def all_buttons(control) -> list:
    """Every button with text content (plain or a Text), in tree order."""
    kinds = (ft.Button, ft.OutlinedButton, ft.TextButton)
    return [c for c in walk(control) if isinstance(c, kinds) and label(c) is not None]


def tap(control, text: str, index: int = 0) -> None:
    """Tap the index-th button whose name (`name`) is exactly text, or reads as text (`read`: its no-break spaces and
    word joiners aside)."""
    found = [b for b in all_buttons(control) if name(b) == text or read(name(b)) == text]
    assert len(found) > index, (text, [name(b) for b in all_buttons(control)])
    found[index].on_click(None)


def tap_round(control, number: int) -> None:
    """Tap a past round's button in the rounds table (opens it for a correction)."""
    tap(control, f"Round {number}")


def shown(control) -> list[str]:
    """Every text value in the tree."""
    return texts(control)


def wide(control) -> ft.Control:
    """The rounds table as a screen WIDE px wide or more shows it (`round_edit.rounds_table`: a phone shows blocks)."""
    return next(c for c in walk(control) if isinstance(c, ft.DataTable))


def narrow(control) -> list[str]:
    """The rounds table's texts as a phone shows them: one block per round (its button's label, as a plain text
    or a Text, then its values), then the totals."""
    column = next(c for c in walk(control) if isinstance(c, ft.Column) and getattr(c, "col", None) == BLOCKS_COL)
    return [read(c.value if isinstance(c, ft.Text) else c.content) for c in walk(column)
            if isinstance(c, ft.Text) or isinstance(getattr(c, "content", None), str)]


def taken_over(old_screen: ft.Control, old: ft.Control, new_screen: ft.Control, new: ft.Control) -> bool:
    """Whether Flet's diff, drawing old_screen again as new_screen (as the session runs it), makes new the control
    old was (its id): a tap on old still on its way to the server then runs new's handler; otherwise it is answered
    as a lost tap (`views.lost_taps`)."""
    return each_taken_over(old_screen, new_screen, [(old, new)]) == [True]


def each_taken_over(old_screen: ft.Control, new_screen: ft.Control, pairs: list[tuple]) -> list[bool]:
    """`taken_over` for each (old, new) pair of controls, from one diff of the two screens (a diff costs as much as
    drawing the screen)."""
    ObjectPatch.from_diff(old_screen, new_screen, control_cls=BaseControl, frozen=True)
    return [new._i == old._i for old, new in pairs]
