"""The shared components built without a browser: each builder's controls and what their buttons call back."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Callable

import flet as ft
import flet.canvas as cv
from flet.controls.value_types import Prop
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core import RuleError, engine
from scoring.mechanics import race as race_mech
from scoring.mechanics import timer as timer_mech
from scoring.mechanics import vote as vote_mech
from scoring.record import STALE
from tests.helpers import press, run_async, tap_fold
from views import lost_taps, words
from views.components.action_log import log_panel
from views.components.cards import card_buttons, pile, stepper
from views.components.chips import chip_counter, step
from views.components.folds import FLUSH, Folds
from views.components.kept import Kept
from views.components.grid import grid_editor
from views.components.private import private_entry
from views.components.race import claim_at, race_buttons
from views.components.scoreboard import scoreboard_panel
from views.components.timer import Ticker, digits, is_paused, seconds_left, timer_panel
from views.components.vote import vote_panel
from views.ui import TAP

T0 = "2025-01-01T20:00:00+00:00"


class FakePage:
    """Just enough of a page for builders: dialogs and tasks run are recorded."""

    def __init__(self):
        self.dialogs, self.tasks, self.route, self.overlay = [], [], "/", Overlay()

    def update(self, *controls):
        pass

    def run_task(self, handler, *args):
        self.tasks.append((handler, args))

    async def push_route(self, route):
        self.route = route

    def show_dialog(self, dialog):
        self.dialogs.append(dialog)

    def pop_dialog(self):
        return self.dialogs.pop() if self.dialogs else None


class FakeContext:
    """A GameContext stand-in: English texts, a fixed clock, a recording page; seat None (a shared phone) or a
    seated phone's seat; pin None or a list the pinned controls go to; the moves offered are recorded."""

    def __init__(self, now=T0, seat=None, pinned=None):
        self.lang, self.page, self.sound, self.local, self._now = "en", FakePage(), True, {}, now
        self.refreshed = self.pages = 0
        self.errors: list = []
        self.seat, self.offered = seat, set()
        self.pin = pinned.append if pinned is not None else None

    def offer(self, by, kind):
        self.offered.add((by, kind))

    def turn_page(self):
        self.pages += 1

    def t(self, key, **params):
        return words.say("en", key, **params)

    def now(self):
        return self._now

    def refresh(self):
        self.refreshed += 1

    def show_error(self, err):
        self.errors.append(err)


FIELDS: dict[type, tuple[dict[str, tuple[int, Prop]], list[tuple[int, Prop | None, str]]]] = {}


def fields_of(control) -> tuple[dict[str, tuple[int, Prop]], list[tuple[int, Prop | None, str]]]:
    """The dataclass fields walk looks into for a control of this class (public, not skipped), found once per class,
    not once per control, in two parts, each field with its place in the class's field order:
    - the fields Flet keeps in the control's `_values` only while they differ from a default that holds no control
      (a `Prop`, the descriptor Python finds first, whose default is no control and no list): such a field can hold
      a control only while it is in `_values`, so a control's own `_values` names the few to look at;
    - every other field (read as `Prop.__get__` reads it, or with getattr): looked at on every control."""
    cls = type(control)
    found = FIELDS.get(cls)
    if found is None:
        sparse, always = {}, []
        for i, f in enumerate(f for f in dataclasses.fields(control)
                              if not f.metadata.get("skip") and not f.name.startswith("_")):
            prop = descriptor(cls, f.name)
            if prop is not None and not isinstance(prop.default, (ft.BaseControl, list)):
                sparse[f.name] = (i, prop)
            else:
                always.append((i, prop, f.name))
        found = FIELDS[cls] = (sparse, always)
    return found


def descriptor(cls: type, name: str) -> Prop | None:
    """The `Prop` Python finds first for the attribute name on the class, or None (another kind of attribute)."""
    raw = next((vars(k)[name] for k in cls.__mro__ if name in vars(k)), None)
    return raw if isinstance(raw, Prop) else None


def children(control):
    """The controls a control holds directly, field by field in its fields' order, each field read only once the
    controls of the fields before it have been walked (as a nested walk reads them): of the fields kept sparsely,
    those in the control's `_values` when its first child is looked for (the rest hold their default, no control;
    a tree is not changed while it is walked). A `Prop` field is read as `Prop.__get__` reads it (the control's
    `_values`, else its default), without the descriptor call."""
    sparse, always = fields_of(control)
    values = getattr(control, "_values", None)
    kept = [(*sparse[name], name) for name in values if name in sparse] if values else None
    for _, prop, name in sorted(always + kept) if kept else always:  # by place: each field's place is its own
        value = control._values.get(name, prop.default) if prop is not None else getattr(control, name, None)
        for item in value if isinstance(value, list) else (value,):
            if isinstance(item, ft.BaseControl):
                yield item


class Overlay(list):
    """A stand-in page's overlay: what it holds now, and in `added` all it was ever given."""

    def __init__(self):
        super().__init__()
        self.added: list = []

    def append(self, control):
        self.added.append(control)
        super().append(control)


def is_bar(control) -> bool:
    """Whether a control is a message bar (`App.message_bar`: a placed box around the bar, one live region)."""
    inner = getattr(control, "content", None)
    return isinstance(control, ft.Container) and isinstance(inner, ft.Container) and \
        isinstance(inner.content, ft.Semantics) and bool(inner.content.live_region)


def shown_bars(page, ever: bool = False) -> list[ft.Container]:
    """The message bars the page shows now (ever: every one it was shown, gone or not), oldest first."""
    return [c for c in (page.overlay.added if ever else page.overlay) if is_bar(c)]


def bar_close(bar: ft.Container) -> ft.IconButton:
    """A message bar's close button."""
    return next(c for c in walk(bar) if isinstance(c, ft.IconButton))


def bar_words(bar: ft.Container) -> str:
    """A message bar's words (its text, beside its action's button where it has one: `App.message_content`)."""
    return next(c for c in walk(bar.content) if isinstance(c, ft.Text)).value


def bar_action(bar: ft.Container) -> ft.TextButton | None:
    """A message bar's action button (ours, in its content: `App.message_content`), or None."""
    return next((c for c in walk(bar.content) if isinstance(c, ft.TextButton)), None)


def walk(control, into: Callable[[ft.BaseControl], bool] | None = None):
    """Every control in a tree (through dataclass fields holding controls or lists of them), parent before
    children, depth first; given `into`, only the controls it accepts, and nothing a refused one holds. One stack
    of child iterators rather than a generator per control: the same controls in the same order, without passing
    every control up through one `yield from` per level above it."""
    if into is not None and not into(control):
        return
    yield control
    stack = [children(control)]
    while stack:
        item = next(stack[-1], None)
        if item is None:
            stack.pop()
            continue
        if into is not None and not into(item):
            continue
        yield item
        stack.append(children(item))


def read(text):
    """A text as a person reads it: a no-break space (which only keeps words on one line) reads as a space, and a
    word joiner (which only keeps two characters on one line) is not read."""
    return text.replace("\u00a0", " ").replace("\u2060", "") if isinstance(text, str) else text


def refusal_said(control) -> bool:
    """Whether control is a refused move's line (`views.components.refusal.reason`): a live region keyed for the
    refusal it says ("refusal-1", "refusal-2", ...: `refusal.told`)."""
    key = getattr(control, "key", None)
    return isinstance(control, ft.Semantics) and bool(control.live_region) and isinstance(key, str) \
        and key.startswith("refusal-") and key != "refusal-why"


def texts(control):
    """Every Text value in a tree (and a table cell's plain text), as read."""
    return [read(text) for text in raw_texts(control)]


def drawn(control: ft.Control) -> set[str]:
    """The texts drawn on canvases in a tree (a grid's square's number and note, a kingdom's points badge: drawn at
    their own size whatever the phone's text size, `views.components.grid.cell_text`)."""
    return {read(shape.value) for c in walk(control) if isinstance(c, cv.Canvas) for shape in c.shapes
            if isinstance(shape, cv.Text)}


def raw_texts(control):
    """Every Text value in a tree (and a table cell's plain text) as written, no-break spaces kept (where a line
    may not break); not the texts of a control drawn fully transparent (a card button's unseen, unread copy of its
    label, which only sizes the button: `views.components.cards.sizer`)."""
    unseen = {id(c) for hidden in walk(control) if getattr(hidden, "opacity", 1) == 0 for c in walk(hidden)}
    return [c.value if isinstance(c, ft.Text) else c.content for c in walk(control) if id(c) not in unseen
            and (isinstance(c, ft.Text) or (isinstance(c, ft.DataCell) and isinstance(c.content, str)))]


def fills_its_column(control, words: str) -> bool:
    """Whether the card showing words (the innermost Container with a background holding a text that contains
    them) takes its column's width, not its content's: a Container with an alignment fills the width it is given
    (Flutter's Align), one without shrinks to its content and ends short of the banner above it."""
    cards = [c for c in walk(control) if isinstance(c, ft.Container) and c.bgcolor is not None
             and any(words in t for t in texts(c) if isinstance(t, str))]
    assert cards, (words, texts(control))
    return cards[-1].alignment is not None


def labelled_boxes(control):
    """The checkboxes and switches with their label beside them (`views.ui.labelled`): (the label's words, the box)
    for each, in order; `dict(...)` of it finds a box by its label."""
    return [(" ".join(texts(row)), box) for row in walk(control) if isinstance(row, ft.MergeSemantics)
            for box in walk(row) if isinstance(box, (ft.Checkbox, ft.Switch))]


def labelled_fields(control):
    """The text fields with their label: their own, or the text above them merged with them (`views.ui.label_above`):
    (the label, the field) for each, in order; `dict(...)` of it finds a field by its label."""
    found = []
    for c in walk(control):
        if isinstance(c, ft.TextField) and isinstance(c.label, str):
            found.append((c.label, c))
        elif isinstance(c, ft.MergeSemantics) and isinstance(c.content, ft.Column) and c.content.controls and \
                isinstance(c.content.controls[0], ft.Text):
            found += [(c.content.controls[0].value, f) for f in walk(c) if isinstance(f, ft.TextField)]
    return found


def helper_of(control, field) -> str | None:
    """The helper text shown below a field whose label is above it (`views.ui.label_above`), or None."""
    for c in walk(control):
        if isinstance(c, ft.Column) and len(c.controls) == 2 and isinstance(c.controls[0], ft.MergeSemantics) \
                and any(f is field for f in walk(c.controls[0])):
            below = c.controls[1]
            return below.content.value if below.visible else None
    return None


def tap_label(control, words: str) -> None:
    """Tap the words beside a checkbox or switch (`views.ui.labelled`), as a person taps a box's label."""
    row = next(r for r in walk(control) if isinstance(r, ft.MergeSemantics) and " ".join(texts(r)) == words)
    next(c for c in walk(row) if isinstance(c, ft.GestureDetector)).on_tap(None)


def said_under(tree, control) -> list[str]:
    """The texts said right under control, as a person reads on: the controls after it in the list that holds it
    (a refused move's reason, `views.components.refusal`), up to the next button; the last in its row (a race's
    claim button), those after the row."""
    for holder in walk(tree):
        kids = getattr(holder, "controls", None)
        if isinstance(kids, list) and any(kid is control for kid in kids):
            after = kids[[id(kid) for kid in kids].index(id(control)) + 1:]
            if not after and isinstance(holder, ft.Row):
                return said_under(tree, holder)
            lines = []
            for kid in after:
                if isinstance(kid, (ft.Button, ft.OutlinedButton, ft.TextButton)):
                    break
                lines += texts(kid)
            return lines
    return []


def buttons(control):
    """Buttons by their text, as read."""
    return {read(c.content): c for c in walk(control) if isinstance(c, (ft.Button, ft.OutlinedButton)) and
            isinstance(c.content, str)}


def test_digits_round_up():
    assert digits(60) == "1:00"
    assert digits(59.1) == "1:00"
    assert digits(0.2) == "0:01"
    assert digits(0) == "0:00"
    assert digits(-3) == "0:00"


def test_timer_panel_stopped_paused_running():
    calls = []
    ctx = FakeContext("2025-01-01T20:00:10+00:00")
    stopped = timer_mech.countdown(60)
    panel = timer_panel(ctx, stopped, lambda: calls.append("start"), lambda: calls.append("pause"),
                        lambda: calls.append("reset"), title="Explain")
    assert "1:00" in texts(panel) and "Explain" in texts(panel)
    found = buttons(panel)
    assert not found["Start"].disabled and found["Pause"].disabled
    found["Start"].on_click(None)
    found["Reset"].on_click(None)
    assert calls == ["start", "reset"]

    running = timer_mech.start(stopped, T0)
    panel = timer_panel(ctx, running, lambda: None, lambda: None, lambda: None)
    ticker = next(c for c in walk(panel) if isinstance(c, Ticker))
    assert ticker.value == "0:50" and ticker.left() == 50
    assert buttons(panel)["Start"].disabled and not buttons(panel)["Pause"].disabled

    paused = timer_mech.pause(running, "2025-01-01T20:00:05+00:00")
    assert is_paused(paused)
    assert "Resume" in buttons(timer_panel(ctx, paused, lambda: None, lambda: None, lambda: None))


def test_a_running_countdown_drawn_again_ticks_on_in_the_new_digits(monkeypatch):
    """A render that draws a running countdown again makes a new Ticker, which Flet reconciles in place of the old
    one (its diff, as the session runs it) without unmounting or mounting either: the ticking goes over to the new
    digits and the old, detached, stops; the last reading goes with it, so zero is not missed between the two.
    (A phone whose screen was drawn again mid-countdown, its language switched, showed the digits frozen and never
    opened the ballots at zero; the old digits' next tick logged "Ticker(...) Control must be added to the page
    first".)"""
    from flet.controls.base_control import BaseControl
    from flet.controls.object_patch import ObjectPatch

    tasks: list = []
    runner = SimpleNamespace(run_task=lambda fn, *args: tasks.append(fn),
                             session=SimpleNamespace(connection=object(), expires_at=None))
    old = Ticker(value="0:01", left=lambda: 0.3)
    old.ticking, old.runner, old.seen = True, runner, 0.3
    zero: list = []

    async def at_zero() -> None:
        zero.append(True)
        new.ticking = False

    new = Ticker(value="0:01", left=lambda: -0.1, on_zero=at_zero)
    ObjectPatch.from_diff(ft.Column(controls=[ft.Text("B, explain"), old]),
                          ft.Column(controls=[ft.Text("B, explain"), new]), control_cls=BaseControl, frozen=True)
    assert not old.ticking and new.ticking and tasks == [new.tick]
    shown: list = []
    monkeypatch.setattr(Ticker, "show", lambda self, value: shown.append((self is new, value)))
    monkeypatch.setattr("views.components.timer.TICK_S", 0)
    run_async(old.tick())  # the old digits send nothing more
    run_async(tasks[0]())
    assert shown == [(True, "0:00")] and zero == [True]


def test_a_countdown_in_a_tab_that_left_stops_ticking(monkeypatch):
    """The host's laptop reloaded while a challenge's explanation counted down: the tab came back in a new
    session, and the old session's digits ticked on into the destroyed one (a traceback in the server's log at each
    tick: "An attempt to fetch destroyed session."). The digits stop once their tab is gone."""

    class LeftPage:
        @property
        def session(self):
            raise RuntimeError("An attempt to fetch destroyed session.")

    ticker = Ticker(value="0:05", left=lambda: 5)
    ticker.ticking, ticker.runner = True, LeftPage()
    shown: list = []

    def show(self, value: str) -> None:
        shown.append(value)
        self.ticking = False

    monkeypatch.setattr(Ticker, "show", show)
    monkeypatch.setattr("views.components.timer.TICK_S", 0)
    run_async(ticker.tick())
    assert shown == []


def test_a_sound_the_browser_cannot_play_is_no_error_and_the_phone_still_vibrates(monkeypatch):
    """At zero a phone whose browser cannot play the end sound answered after 30 s with an error, which ended the
    countdown's task with a traceback in the server's log before the vibration."""
    from views.components import timer

    done: list = []

    async def cannot_play() -> None:
        raise RuntimeError("TimeoutException after 0:00:30.000000: Future not completed")

    async def vibrate() -> None:
        done.append("vibrated")

    page = type("Page", (), {})()
    monkeypatch.setitem(timer._ALARMS, page, {"audio": SimpleNamespace(play=cannot_play),
                                               "haptic": SimpleNamespace(vibrate=vibrate)})
    run_async(timer.ring(page, True))
    assert done == ["vibrated"]


def test_timer_shows_zero_when_expired_and_tolerates_an_early_clock():
    running = timer_mech.start(timer_mech.countdown(5), T0)
    assert seconds_left(running, "2025-01-01T20:01:00+00:00") == 0
    assert seconds_left(running, "2025-01-01T19:59:00+00:00") == 5


def noted(into: list):
    """An async claim handler that notes who claimed (race buttons await their claim)."""

    async def claim(player: str) -> None:
        into.append(player)

    return claim


def test_race_buttons_show_reward_and_lock_claimant():
    r = race_mech.new_race([4, 3, 2], ["A", "B", "C"])
    r, _ = race_mech.claim(r, "B")
    claimed = []
    panel = race_buttons(FakeContext(), r, noted(claimed))
    found = buttons(panel)
    assert set(found) == {"A: claim 3", "C: claim 3"}
    assert "B took 4" in texts(panel)
    press(found["A: claim 3"])
    assert claimed == ["A"]
    over = race_mech.close(r)
    assert "The race is over." in texts(race_buttons(FakeContext(), over, claimed.append))


def test_a_shared_screen_shows_every_players_race_button_pinned_and_offers_their_claims():
    r, _ = race_mech.claim(race_mech.new_race([4, 3, 2], ["A", "B", "C"]), "B")
    pinned = []
    ctx = FakeContext(pinned=pinned)
    placeholder = race_buttons(ctx, r, lambda p: None, moves=("claim",))
    (panel,) = pinned
    assert buttons(placeholder) == {} and set(buttons(panel)) == {"A: claim 3", "C: claim 3"}
    assert ctx.offered == {("A", "claim"), ("C", "claim")}
    assert not any("still racing" in t for t in texts(panel))


def test_a_shared_screens_race_buttons_sit_two_a_row_on_a_phone_from_three_players():
    """Six players on one shared phone: the pinned panel holds the claim buttons two a row (three on a laptop), so
    it takes three button rows, not six; two players keep one a row."""
    six = race_mech.new_race([4, 3, 2], ["A", "B", "C", "D", "E", "F"])
    grids = [c for c in walk(race_buttons(FakeContext(), six, noted([]))) if isinstance(c, ft.ResponsiveRow)]
    (grid,) = grids
    assert [c.col for c in grid.controls] == [{"xs": 6, "md": 4}] * 6
    assert [set(buttons(c)) for c in grid.controls] == [{f"{p}: claim 4"} for p in "ABCDEF"]
    two = race_mech.new_race([4, 3], ["A", "B"])
    assert not any(isinstance(c, ft.ResponsiveRow) for c in walk(race_buttons(FakeContext(), two, noted([]))))


def test_a_seated_phone_shows_only_its_own_race_button_and_the_others_in_one_status_line():
    r = race_mech.new_race([4, 3, 2], ["A", "B", "C", "D"])
    r, _ = race_mech.claim(r, "B")
    r = race_mech.decline(r, "D")
    claimed, pinned = [], []
    ctx = FakeContext(seat="A", pinned=pinned)
    in_place = race_buttons(ctx, r, noted(claimed), moves=("claim",))
    (panel,) = pinned  # the seat's own button stays in reach above the scrolling screen, with who took what
    found = buttons(panel)
    assert set(found) == {"A: claim 3"} and texts(panel) == ["B took 4 · C: still racing · D stopped (no reward)"]
    assert texts(in_place) == ["Rewards left: 3, 2"] and not buttons(in_place)  # the rest stays in place
    assert ctx.offered == {("A", "claim")}
    press(found["A: claim 3"])
    assert claimed == ["A"]

    r, _ = race_mech.claim(r, "A")  # A is locked: nothing left to tap here, so the panel is shown in place
    pinned.clear()
    ctx = FakeContext(seat="A", pinned=pinned)
    panel = race_buttons(ctx, r, claimed.append, moves=("claim",))
    assert pinned == [] and buttons(panel) == {} and ctx.offered == set()
    assert "A took 3" in texts(panel) and "B took 4 · C: still racing · D stopped (no reward)" in texts(panel)
    over = race_mech.close(r)
    assert "B took 4 · C: nothing left · D stopped (no reward)" in texts(race_buttons(FakeContext(seat="A"), over,
                                                                                     claimed.append))


def test_the_referee_seat_shows_every_player_in_the_status_line_and_no_race_button():
    r, _ = race_mech.claim(race_mech.new_race([4, 3], ["A", "B", "C"]), "C")
    pinned = []
    ctx = FakeContext(seat="table", pinned=pinned)
    panel = race_buttons(ctx, r, lambda p: None, moves=("claim",))
    assert pinned == [] and buttons(panel) == {} and ctx.offered == set()
    assert "A: still racing · B: still racing · C took 4" in texts(panel)
    zh = FakeContext(seat="table")
    zh.t = lambda key, **params: words.say("zh-CN", key, **params)
    assert "A：还在抢 · B：还在抢 · C 拿到 4" in texts(race_buttons(zh, r, lambda p: None))


def claim_button(panel, label: str):
    """The claim button of a race panel whose label, as read, is label."""
    return next(c for c in walk(panel) if isinstance(c, ft.FilledButton) and read(c.content) == label)


def in_game_words(ctx: FakeContext, lang: str, game: str) -> FakeContext:
    """ctx saying its texts in lang, in the game's own words."""
    ctx.t = lambda key, **params: words.say_for(lang, game, key, **params)
    return ctx


def test_a_slower_phone_is_told_who_claimed_first_and_what_it_took_instead():
    """Knit Wit, five phones: Dee's button said "claim 4", Cy's tap reached the server 52 ms before hers and took
    4, Dee got 3. Her phone said "Dee took 3" and "Cy took 4", never that Cy was first."""
    r = race_mech.new_race([4, 3, 2, 1], ["Ann", "Bo", "Cy", "Dee", "Eve"])
    ctx = in_game_words(FakeContext(seat="Dee"), "en", "knit_wit")
    press(claim_button(race_buttons(ctx, r, noted([])), "Dee: claim 4"))
    r, _ = race_mech.claim(r, "Cy")
    r, _ = race_mech.claim(r, "Dee")
    assert "The button 4 was already taken by Cy: Dee got the 3." in texts(race_buttons(ctx, r, noted([])))
    assert "纽扣 4 已被 Cy 拿走，Dee 拿到 3。" in texts(race_buttons(in_game_words(ctx, "zh-CN", "knit_wit"), r,
                                                           noted([])))
    assert "The bonus tile 4 was already taken by Cy: Dee got the 3." in texts(race_buttons(
        in_game_words(ctx, "en", "pictomania"), r, noted([])))
    alone = FakeContext(seat="Dee")  # a tap made once Cy's claim was shown: nobody was first to say
    r2, _ = race_mech.claim(race_mech.new_race([4, 3], ["Cy", "Dee"]), "Cy")
    press(claim_button(race_buttons(alone, r2, noted([])), "Dee: claim 3"))
    r2, _ = race_mech.claim(r2, "Dee")
    assert not any("already taken" in line for line in texts(race_buttons(alone, r2, noted([]))))


def test_a_tap_on_claim_3_handled_after_the_screen_was_drawn_again_says_who_took_the_3():
    """A phone taps "阿强：抢 3" just after 小红's phone took the 3: the server draws 阿强's screen again with 小红's
    claim before it handles his tap, the button keeping its id, so the tap runs the new button's handler, and the
    phone said only "阿强拿到 2". It says why he got the 2."""
    ctx = FakeContext(seat="阿强")
    ctx.t = lambda key, **params: words.say("zh-CN", key, **params)
    r = race_mech.new_race([3, 2, 1], ["小红", "阿强", "小明"])
    old = race_buttons(ctx, r, noted([]))
    r, _ = race_mech.claim(r, "小红")
    again = race_buttons(ctx, r, noted([]))
    drawn_over(old, again)
    tapped = claim_button(again, "阿强：抢 2")
    assert tapped._i == claim_button(old, "阿强：抢 3")._i
    press(tapped)
    r, _ = race_mech.claim(r, "阿强")
    assert "3 已被小红抢走，阿强拿到 2。" in texts(race_buttons(ctx, r, noted([])))
    ctx.t = lambda key, **params: words.say("en", key, **params)
    assert "The 3 was already taken by 小红: 阿强 got the 2." in texts(race_buttons(ctx, r, noted([])))


def test_a_claim_tap_that_came_after_its_button_went_away_is_answered_in_the_races_words():
    """Pictomania, table mode: two phones tap the last bonus tile tens of ms apart; the loser's tap reached the
    server after its button was gone and was answered "the screen changed before your tap arrived… tap again if
    still needed", with nothing left to tap. The race's own words say what happened."""
    r = race_mech.new_race([2, 1], ["Ann", "Cy", "Li"])
    r, _ = race_mech.claim(r, "Ann")
    ctx = in_game_words(FakeContext(seat="Li"), "en", "pictomania")
    ctx.engine = SimpleNamespace(game=SimpleNamespace(id="pictomania"))
    button = claim_button(race_buttons(ctx, r, noted([])), "Li: claim 1")
    answer = lost_taps.own_answer(ctx.page, button._i)
    assert answer is not None and answer() is False and ctx.errors == []  # the race still runs: the ruling as before
    over, _ = race_mech.claim(r, "Cy")
    race_buttons(ctx, over, noted([]))
    assert answer() is True
    assert [words.error("en", e) for e in ctx.errors] == ["Too late: Cy took the last bonus tile (1)."]
    assert words.error("zh-CN", ctx.errors[0]) == "晚了一步：Cy 拿走了最后一块加分板块（1）。"
    race_buttons(ctx, race_mech.claim(r, "Li")[0], noted([]))  # a second quick tap: the first took a tile
    answer()
    assert words.error("en", ctx.errors[-1]) == "That tap did nothing: Li already took 1."
    race_buttons(ctx, race_mech.close(r), noted([]))
    answer()
    assert words.error("en", ctx.errors[-1]) == "Too late: the race is over."


def drawn_over(old: ft.Control, new: ft.Control) -> None:
    """Flet's diff of a screen drawn again (new in place of old), as a declarative render makes it: a control of
    the same type in the same place takes the id (`_i`) of the one before it, where their keys allow."""
    from flet.controls.base_control import BaseControl
    from flet.controls.object_patch import ObjectPatch

    ObjectPatch.from_diff(old, new, control_cls=BaseControl, parent=ft.Column(), frozen=True)


def test_a_race_button_never_hands_its_id_to_the_next_races_button_nor_to_another_button():
    """Pictomania, a phone per player: Ben's "claim 3" of round 1 was drawn again as round 2's "claim 3" in the same
    place, and Flet gave the new button the old one's id: Ben's tap on round 1's tile, reaching the server after
    round 2 was drawn, claimed in round 2; the new button gone, it was answered from round 2's race. The old id
    also passed to another button drawn in its place, whose late tap was then answered in the race's words. The
    same race's button drawn again keeps its id (Flet sends what changed)."""
    ctx = in_game_words(FakeContext(seat="Ben"), "en", "pictomania")
    ctx.engine = SimpleNamespace(game=SimpleNamespace(id="pictomania"))
    first = race_mech.new_race([3, 2, 1], ["Ann", "Ben", "Cy", "Dee"], 1)
    old = race_buttons(ctx, first, noted([]))
    again = race_buttons(ctx, race_mech.claim(first, "Ann")[0], noted([]))
    drawn_over(old, again)
    assert claim_button(again, "Ben: claim 2")._i == claim_button(old, "Ben: claim 3")._i
    tapped = claim_button(again, "Ben: claim 2")
    nxt = race_buttons(ctx, race_mech.new_race([3, 2, 1], ["Ann", "Ben", "Cy", "Dee"], 2), noted([]))
    drawn_over(again, nxt)
    assert claim_button(nxt, "Ben: claim 3")._i != tapped._i
    assert lost_taps.own_answer(ctx.page, tapped._i)() is True
    assert [words.error("en", e) for e in ctx.errors] == ["Too late: the race is over."]
    deal = ft.FilledButton(content="Deal")
    drawn_over(nxt, ft.Column(controls=[ft.Text("Round 2"), ft.Row(controls=[deal]), ft.Text("")]))
    assert deal._i != claim_button(nxt, "Ben: claim 3")._i
    from tests.test_views_tile_race import WORDS, named_buttons
    from views.components.tile_race import tile_race

    shared = FakeContext()
    tiles = [tile_race(shared, race_mech.new_race([3, 2, 1], ["Ann", "Ben", "Cy", "Dee"], n), noted([]),
                       lambda p: None, *WORDS) for n in (1, 2)]
    drawn_over(*tiles)
    old_tiles, new_tiles = (named_buttons(t) for t in tiles)
    assert all(old_tiles[name]._i != new_tiles[name]._i for name in ("Ben: claim 3", "Ben: stop"))


def test_vote_panel_ballots_tie_rule_and_result():
    v = vote_mech.new_vote(["A", "B"], tie="yes")
    cast = []
    panel = vote_panel(FakeContext(), v, lambda who, yes: cast.append((who, yes)), question="Valid?")
    assert "A tie carries." in texts(panel) and "Valid?" in texts(panel)
    buttons(panel)["B: no"].on_click(None)
    assert cast == [("B", False)]
    v = vote_mech.cast(vote_mech.cast(v, "A", True), "B", False)
    panel = vote_panel(FakeContext(), v, lambda who, yes: None)
    shown = texts(panel)
    assert "A voted yes" in shown and "B voted no" in shown and "Yes 1 · No 1" in shown and "Carried" in shown
    assert not buttons(panel)


def test_a_seated_phones_own_ballot_is_pinned_above_the_scrolling_screen():
    """A 5-player Knit Wit play-test: Mum's phone showed the challenged spool's answers first and her yes/no some
    400 px below, with nothing at the top saying a vote waited on her. A seated phone's own ballot (with the
    question) is pinned, as its race button is; in place the panel says who has not voted; once cast, nothing is
    pinned. A shared screen keeps every voter's buttons in place."""
    pinned = []
    ctx = FakeContext(seat="B", pinned=pinned)
    in_place = vote_panel(ctx, vote_mech.new_vote(["A", "B"]), lambda who, yes: None, question="Keep it?")
    (panel,) = pinned
    assert set(buttons(panel)) == {"B: yes", "B: no"} and "Keep it?" in texts(panel)
    assert not buttons(in_place) and "B has not voted yet" in texts(in_place) and ctx.offered == {("B", "vote")}
    pinned.clear()
    voted = vote_mech.sealed(vote_mech.cast(vote_mech.new_vote(["A", "B"]), "B", True), "B")
    assert "B voted yes" in texts(vote_panel(FakeContext(seat="B", pinned=pinned), voted, lambda who, yes: None))
    assert pinned == []
    shared = vote_panel(FakeContext(pinned=pinned), vote_mech.new_vote(["A", "B"]), lambda who, yes: None)
    assert pinned == [] and set(buttons(shared)) == {"A: yes", "A: no", "B: yes", "B: no"}


def test_a_voters_yes_and_no_weigh_the_same_before_they_vote():
    """"Ann: yes" was a filled button beside an outlined "Ann: no": before anyone had voted it looked like a yes
    already chosen, or the answer the app suggests. Both are the same kind of button."""
    panel = vote_panel(FakeContext(), vote_mech.new_vote(["A", "B"]), lambda who, yes: None)
    found = buttons(panel)
    assert {type(found[f"{who}: {word}"]) for who in ("A", "B") for word in ("yes", "no")} == {ft.OutlinedButton}


def test_vote_panel_of_a_sealed_vote_shows_who_voted_and_no_count():
    """A voted yes, sealed for B's phone: "A has voted", the hidden-ballots note, B's own buttons only (B's ballot
    offered to the context, so the moves panel leaves it out), no count and no result; A's phone shows A's own
    ballot and offers none."""
    v = vote_mech.cast(vote_mech.new_vote(["A", "B", "C"]), "A", True)
    ctx = FakeContext()
    ctx.seat = "B"
    panel = vote_panel(ctx, vote_mech.sealed(v, "B"), lambda who, yes: None)
    shown = texts(panel)
    assert "A has voted" in shown and "C has not voted yet" in shown
    assert "Ballots stay hidden until everyone has voted." in shown
    assert set(buttons(panel)) == {"B: yes", "B: no"} and ctx.offered == {("B", "vote")}
    assert not any("Yes " in t or "voted yes" in t or t in ("Carried", "Failed") for t in shown)
    ctx.seat, ctx.offered = "A", set()
    assert "A voted yes" in texts(vote_panel(ctx, vote_mech.sealed(v, "A"), lambda who, yes: None))
    assert ctx.offered == set()


def test_grid_editor_chooser_sets_a_cell_and_outlines_groups():
    ctx, set_calls = FakeContext(), []
    grid = [["w", None], ["w", "f"]]
    panel = grid_editor(ctx, grid, ["w", "f", None], lambda r, c, v: set_calls.append((r, c, v)),
                        groups=[[(0, 0), (1, 0)]])
    cells = [c for c in walk(panel) if isinstance(c, ft.Container) and c.on_click]
    assert len(cells) == 4
    assert cells[0].border.top.width == 3 and cells[1].border.top.width == 1
    named = [c for c in walk(panel) if isinstance(c, ft.Semantics) and c.button]
    assert [c.content for c in named] == cells and named[1].label == "Row 1, column 2: Empty"
    assert not any(c.tooltip for c in cells)  # a hover tooltip covered the square below for a moment
    cells[1].on_click(None)
    sheet = ctx.page.dialogs[-1]
    buttons(sheet)["f"].on_click(None)
    assert set_calls == [(0, 1, "f")] and not ctx.page.dialogs


def test_a_noted_cells_letter_is_centred_as_any_cells_is():
    """A cell with a note in its top right corner (a Nab-It stack's height) keeps its letter centred, fitted or
    sized, as a cell without one does: in a fitted grid it sat bottom left (a capped tile's letter measured x 2-7 in
    a 25 px cell on a 390 px phone, an uncapped one's 8-15); there a centred W ends 2 px left of the note."""
    for size in (None, 44):
        panel = grid_editor(FakeContext(), [["R", "A"]], [], lambda r, c, v: None, cell_size=size,
                            notes={(0, 0): "5"})
        (stack,) = [c for c in walk(panel) if isinstance(c, ft.Stack)]
        letter, note = stack.controls
        assert isinstance(letter, ft.Text) and letter.left is letter.top is None, size  # placed by the Stack
        assert (stack.alignment, note.alignment) == (ft.Alignment.CENTER, ft.Alignment.TOP_RIGHT), size


def test_an_empty_cell_is_its_name_and_its_frame_and_a_tile_builds_no_box_it_does_not_need():
    """A grid builds only the controls a cell shows: each costs some 50-70 Flet property sets, and a 15x15 Nab-It
    board built 1,338 controls (68,936 sets, most of random_taps[nab_it]'s 13 s). An empty cell is its name node, its
    name and its frame (an empty text and the node keeping it out of the name went); a noted tile with a bar is 11
    controls (its bar one box, its letter centred by the Stack, not by a box around it): it was 13."""
    panel = grid_editor(FakeContext(), [[None, "A"]], [], None, cell_size=None, notes={(0, 1): "2"},
                        mark=lambda v: (ft.Colors.RED_600, "left"), fixed_text=True, on_tap=lambda r, c: None)
    empty, tile = [list(walk(c)) for c in walk(panel) if isinstance(c, ft.MergeSemantics)]
    assert [type(c) for c in empty] == [ft.MergeSemantics, ft.Semantics, ft.Container]
    assert len(tile) == 11


def test_a_kept_grid_builds_only_the_cells_that_changed_and_a_kept_cells_tap_reaches_this_render():
    """A grid kept under a name (Nab-It's board) hands back the previous render's cell where nothing it shows or
    says changed (a render built all 225 cells of the board, most of random_taps[nab_it]'s time), a new one where
    something did; a kept cell's tap goes to this render's on_tap, not to the one of the render that built it."""
    ctx, taps = FakeContext(), []

    def built(letter, when, **look):
        panel = grid_editor(ctx, [[None, letter]], [], None, on_tap=lambda r, c: taps.append((when, r, c)),
                            kept="board", **look)
        return [c for c in walk(panel) if isinstance(c, ft.MergeSemantics)]

    first, second = built("A", "first"), built("B", "second")
    assert first[0] is second[0] and first[1] is not second[1]
    second[0].content.content.on_click(None)
    assert taps == [("second", 0, 0)]
    third = built("B", "third", marked=[(0, 0)])
    assert third[0] is not second[0] and third[1] is second[1]  # marked: framed and read anew
    ctx.lang = "zh"
    assert not set(map(id, built("B", "fourth", marked=[(0, 0)]))) & set(map(id, third))  # in the other language


def test_chip_steps_are_in_units_and_clamped():
    assert step(50, 1, 10) == 60
    assert step(50, -5, 10) == 0
    assert step(50, 5, 10, maximum=80) == 80
    changes = []
    panel = chip_counter(FakeContext(), 0, 10, changes.append, maximum=100, label="Bet")
    found = buttons(panel)
    assert found["−10"].disabled and found["−50"].disabled
    found["+50"].on_click(None)
    assert changes == [50] and "Bet" in texts(panel)


def test_private_entry_covers_before_and_after_and_reopens_when_refused():
    ctx, slot, sent = FakeContext(), {}, []
    cover = private_entry(ctx, slot, "A", ["Word 1", "Word 2"], lambda answers: sent.append(answers) or True)
    assert "Pass to A" in texts(cover) and not [c for c in walk(cover) if isinstance(c, ft.TextField)]
    buttons(cover)["I am A: show"].on_click(None)
    assert ctx.pages == 1                                   # uncovered: the screen starts as a new page
    form = private_entry(ctx, slot, "A", ["Word 1", "Word 2"], lambda answers: sent.append(answers) or True)
    fields = [c for c in walk(form) if isinstance(c, ft.TextField)]
    assert [f.label for f in fields] == ["Word 1", "Word 2"]
    for field, text in zip(fields, ["cat", "dog"]):
        field.value = text
        field.on_change(type("E", (), {"control": field})())
    buttons(form)["Done: hide my answers"].on_click(None)
    assert sent == [["cat", "dog"]] and slot["phase"] == "cover" and slot["answers"] == ["", ""]
    assert ctx.pages == 2                                   # covered for the next player: a new page again
    assert "cat" not in texts(private_entry(ctx, slot, "A", ["Word 1", "Word 2"], lambda a: True))

    slot.update(phase="entry", answers=["x", ""])
    form = private_entry(ctx, slot, "A", ["Word 1", "Word 2"], lambda answers: False)
    buttons(form)["Done: hide my answers"].on_click(None)
    assert slot["phase"] == "entry" and slot["answers"] == ["x", ""]
    assert ctx.pages == 2                                   # refused: the same player goes on on the same page
    assert private_entry(ctx, slot, "B", ["Word 1", "Word 2"], lambda a: True) is not None
    assert slot["player"] == "B" and slot["phase"] == "cover"


def test_private_entry_shows_each_note_under_its_field_and_none_without_notes():
    ctx, prompts = FakeContext(), ["Word 1", "Word 2"]
    slot = {"player": "A", "phase": "entry", "answers": ["", ""]}
    plain = private_entry(ctx, slot, "A", prompts, lambda a: True)
    noted = private_entry(ctx, slot, "A", prompts, lambda a: True, notes={1: [ft.Text("Repeats Word 1")]})
    assert "Repeats Word 1" not in texts(plain)
    order = [c.label if isinstance(c, ft.TextField) else c.value for c in walk(noted)
             if isinstance(c, ft.TextField) or (isinstance(c, ft.Text) and c.value == "Repeats Word 1")]
    assert order == ["Word 1", "Word 2", "Repeats Word 1"]


def test_score_chart_starts_each_line_at_the_starting_total():
    """Round 0 of the chart is the total before the first round (0, or e.g. starting money)."""
    import flet_charts as fch

    from views.components.chart import score_chart

    def line_starts(chart_column):
        chart = next(c for c in walk(chart_column) if isinstance(c, fch.LineChart))
        return [(s.points[0].y, [p.y for p in s.points[1:]]) for s in chart.data_series]

    plain = score_chart(lambda key, **kw: key, ["A", "B"], [{"A": 5, "B": 3}])
    assert line_starts(plain) == [(0, [5]), (0, [3])]
    money = score_chart(lambda key, **kw: key, ["A", "B"], [{"A": 180, "B": 120}], start={"A": 150, "B": 150})
    assert line_starts(money) == [(150, [180]), (150, [120])]


def total_axis(players: list[str], rounds: list[dict], start: dict | None = None):
    """The built chart's line chart and its total labels' values (bottom to top)."""
    import flet_charts as fch

    from views.components.chart import score_chart
    column = score_chart(lambda key, **kw: key, players, rounds, start=start)
    chart = next(c for c in walk(column) if isinstance(c, fch.LineChart))
    return chart, [label.value for label in chart.left_axis.labels]


def assert_total_labels_apart(chart, values: list, shown: list[float]) -> None:
    """Labels at whole steps from the axis' bottom to its top (so the chart's own end labels fall on them), no two
    closer than a 14 px label's height, every total within the axis."""
    from views.components.chart import LABEL_HEIGHT
    step = chart.left_axis.label_spacing
    assert LABEL_HEIGHT >= 14 * 1.4 and step >= 1
    assert values[0] == chart.min_y and values[-1] == chart.max_y
    assert values == list(range(values[0], values[-1] + 1, step)) and all(v % step == 0 for v in values)
    plot = chart.height - chart.bottom_axis.label_size - chart.bottom_axis.title_size
    gap = step * plot / (chart.max_y - chart.min_y)
    assert gap >= LABEL_HEIGHT, (values, gap)
    assert chart.min_y <= min(shown) and max(shown) <= chart.max_y
    assert chart.horizontal_grid_lines.interval == step


def test_total_labels_never_overlap_in_the_screenshots_cases():
    """Pictomania's −11…5 and Guess Club's 150…363 (where "6" was drawn over "5" and "363" over "350")."""
    chart, values = total_axis(["Pia", "Seb"], [{"Pia": 5, "Seb": -6}, {"Pia": 4, "Seb": -11}])
    assert_total_labels_apart(chart, values, [5, -11, 0])
    assert values == [-15, -10, -5, 0, 5]
    chart, values = total_axis(["Gia", "Ivy"], [{"Gia": 363, "Ivy": 150}, {"Gia": 330, "Ivy": 150}],
                               start={"Gia": 150, "Ivy": 150})
    assert_total_labels_apart(chart, values, [363, 150, 0])
    assert values == [0, 100, 200, 300, 400]


@settings(deadline=None)
@given(st.lists(st.tuples(st.integers(-5000, 5000), st.integers(-5000, 5000)), min_size=1, max_size=12),
       st.integers(-200, 400))
def test_total_labels_never_overlap(rounds, start):
    """Any totals (and starting total): labels at whole steps, at least a label's height apart."""
    chart, values = total_axis(["A", "B"], [{"A": a, "B": b} for a, b in rounds], start={"A": start, "B": start})
    assert_total_labels_apart(chart, values, [v for pair in rounds for v in pair] + [start, 0])


def test_a_turned_page_draws_the_scrolling_part_anew():
    """The phone changes hands: `turn_page` gives the screen's scrolling part a new key, so Flutter draws it as a
    new page from its top (its semantics positions cannot lag behind what is painted)."""
    from views.app import frame
    from views.context import GameContext

    class App:
        lang = "en"

        def t(self, key, **params):
            return words.say("en", key, **params)

    local = {}
    ctx = GameContext(lang="en", record={"game": "score_pad", "players": [{"name": "A"}]}, state={}, engine=None,
                      page=FakePage(), store=None, local=local, sound=False, apply=lambda a, refused=None: True,
                      show_error=lambda e: None, refresh=lambda: None)

    def scroll_key():
        screen = frame(App(), "Title", ft.Text("body"), None, page=local.get("_page", 0))
        return next(c.key for c in walk(screen) if isinstance(c, ft.Column) and c.scroll)

    before = scroll_key()
    ctx.turn_page()
    assert scroll_key() != before
    assert scroll_key() == scroll_key()                     # a re-render without a turn keeps the page


def opened(panel: ft.Control, expanded: bool) -> None:
    """The browser opens or closes a fold-out panel's tile: its `expanded` is updated, then its change event
    comes."""
    tile = head(panel)
    tile.expanded = expanded
    tile.on_change(SimpleNamespace(control=tile))


def head(panel: ft.Control) -> ft.ExpansionTile:
    """The tile at the head of a fold-out panel (`views.components.folds.fold`)."""
    return next(c for c in walk(panel) if isinstance(c, ft.ExpansionTile))


def drawn_part(part: ft.Control | None) -> ft.Control | None:
    """A part of a fold's head (its title, leading, ...) as drawn, kept out of the head's read-out (the head's name
    says it): a text named by nothing (`semantics_label` empty), else the control in a Semantics that leaves it out;
    or None."""
    if isinstance(part, ft.Text):
        assert part.semantics_label == "", part
        return part
    assert part is None or isinstance(part, ft.Semantics) and part.exclude_semantics, part
    return None if part is None else part.content


def folded(panel: ft.Control) -> dict[str, ft.Control]:
    """A scoreboard's fold-out panels (a row each) by their tile's title."""
    return {drawn_part(head(c).title).value: c for c in panel.controls[1:]}


def test_the_scoreboard_heading_its_names_and_its_lines_start_at_the_columns_edge():
    """The scoreboard's heading, its rows (their fold drawn flush, `FLUSH`: Flutter's default tile padding set them
    16 px right of the screen's other text) and an open breakdown's lines start at the column's left edge, as the
    action log's head and rows do."""
    from scoring.core import engine
    from scoring.record import new_record, play, replay
    record = new_record("score_pad", ["A", "B"], now=T0)
    state = replay(record)
    record, state = play(record, state, {"type": "round", "by": "table", "scores": {"A": 3, "B": 1}})
    panel = scoreboard_panel(lambda key, **p: words.say("en", key, **p), "en", engine("score_pad").scoreboard(state),
                             Folds({}, lambda: None), expanded=True)
    heading, first = panel.controls[0], panel.controls[1]
    assert heading.value == "Scoreboard"
    assert head(first).tile_padding == FLUSH
    assert not first.controls[2].content.controls[0].padding.left  # open: its line, its head, its contents
    log = log_panel("en", [{"number": 1, "at": T0, "by": "table", "what": ["app.log_empty", {}]}], 1,
                    Folds({}, lambda: None))
    assert head(log).tile_padding == FLUSH and not log.controls[2].margin.left  # its column's own margin


def test_a_breakdown_stays_open_across_renders_and_is_built_only_while_open():
    """A player's breakdown starts closed and holds no lines; opened, it is rendered open with its lines from
    then on (a render after the next action no longer closes it); closed again, the lines go."""
    from scoring.core import engine
    from scoring.record import new_record, play, replay
    record = new_record("score_pad", ["A", "B"], now=T0)
    state = replay(record)
    for scores in ({"A": 3, "B": 1}, {"A": 2, "B": 5}):
        record, state = play(record, state, {"type": "round", "by": "table", "scores": scores})
    board = engine("score_pad").scoreboard(state)
    scratch, renders = {}, []
    folds = Folds(scratch, lambda: renders.append(1))

    def tiles():
        """The panel's folds by their title."""
        return folded(scoreboard_panel(lambda key, **p: words.say("en", key, **p), "en", board, folds, limit=20))

    closed = tiles()
    assert [head(t).expanded for t in closed.values()] == [False, False]
    assert all(texts(t) == [title, pts] for t, title, pts in zip(closed.values(), ["1. B", "2. A"], ["6", "5"]))
    opened(closed["1. B"], True)
    assert renders == [1]
    shown = tiles()
    assert head(shown["1. B"]).expanded and "Round 2 = 5" in texts(shown["1. B"])
    assert not head(shown["2. A"]).expanded and texts(shown["2. A"]) == ["2. A", "5"]
    opened(shown["1. B"], False)
    assert texts(tiles()["1. B"]) == ["1. B", "6"]


def test_once_over_every_name_on_the_scoreboard_starts_at_the_same_place():
    """The winner's row leads with a trophy and the others with a blank as wide; while playing, no leading. With a
    phone's text set larger the names grew and the trophy kept its 24 px: it follows the text size now
    (`apply_text_scaling`), and the blank is the same icon unpainted, so it stays as wide at every text size."""
    from scoring.core import engine
    from scoring.record import new_record, play, replay
    record = new_record("score_pad", ["A", "B"], now=T0)
    state = replay(record)
    record, state = play(record, state, {"type": "round", "by": "table", "scores": {"A": 3, "B": 1}})
    say = lambda key, **p: words.say("en", key, **p)

    def leads(state):
        """Each row's leading control by its title."""
        panel = scoreboard_panel(say, "en", engine("score_pad").scoreboard(state), Folds({}, lambda: None))
        tiles = [t for t in walk(panel) if isinstance(t, ft.ExpansionTile)]
        return {drawn_part(t.title).value: drawn_part(t.leading) for t in tiles}

    assert leads(state) == {"1. A": None, "2. B": None}
    record, state = play(record, state, {"type": "finish", "by": "table"})
    over = leads(state)
    trophy, blank = over["1. A"], over["2. B"]
    assert isinstance(trophy, ft.Icon) and isinstance(blank, ft.Icon) and trophy.size == blank.size == 24
    assert trophy.icon == blank.icon and trophy.apply_text_scaling and blank.apply_text_scaling
    assert blank.color == ft.Colors.TRANSPARENT


def test_a_crew_playing_as_one_team_is_one_row_of_the_scoreboard_in_both_languages():
    """Solar Storm's crew shares its points: the scoreboard read "1. A 1 / 1. B 1 / 1. C 1" on the host's screen,
    three players each ranked first; it is one row naming the crew, with the crew's points and breakdown. The row
    says what its number counts (play-tester: "全员 … 0" read as a player called 全员 with 0 points). A game of
    sides (Bacon's two teams) keeps a row a player."""
    from scoring.core import engine
    from scoring.record import new_record, replay
    state = replay(new_record("solar_storm", ["A", "B", "C"], now=T0))
    for lang, title in (("en", "The crew (A, B and C): rooms powered + core"),
                        ("zh-CN", "船员（A、B 和 C）：已转移电力的房间 + 启动核心")):
        panel = scoreboard_panel(lambda key, **p: words.say(lang, key, **p), lang,
                                 engine("solar_storm").scoreboard(state), Folds({}, lambda: None))
        tiles = [t for t in walk(panel) if isinstance(t, ft.ExpansionTile)]
        assert [(drawn_part(t.title).value, drawn_part(t.trailing).value) for t in tiles] == \
            [(title, words.say(lang, "app.points", points=0))]
    bacon = replay(new_record("bacon", ["A", "B", "C", "D"], now=T0))
    panel = scoreboard_panel(lambda key, **p: words.say("en", key, **p), "en", engine("bacon").scoreboard(bacon),
                             Folds({}, lambda: None))
    assert len([t for t in walk(panel) if isinstance(t, ft.ExpansionTile)]) == 4


def test_a_new_action_builds_only_its_own_log_row():
    """The next render of the log hands back the rows it showed before as the same controls (Flet neither
    compares nor sends them again); the new entry's row is new, and a row in another language is built anew."""
    entries = [{"number": n, "at": T0, "by": "table", "what": ["app.log_empty", {}]} for n in (1, 2)]
    folds = Folds({}, lambda: None)

    def rows(lang, shown):
        """The log's rows by key."""
        return {t.key: t for t in walk(log_panel(lang, shown, len(shown), folds))
                if isinstance(t, ft.Text) and t.key is not None}

    before = rows("en", entries)
    after = rows("en", entries + [{"number": 3, "at": T0, "by": "Ann", "what": ["app.log_empty", {}]}])
    assert after[0] is before[0] and after[1] is before[1] and 2 not in before and set(after) == {0, 1, 2}
    assert rows("zh-CN", entries)[0] is not before[0]


def test_the_log_starts_open_and_a_closed_log_builds_no_entries():
    entries = [{"number": 1, "at": T0, "by": "table", "what": ["app.log_empty", {}]}]
    folds = Folds({}, lambda: None)
    log = log_panel("en", entries, 1, folds)
    assert head(log).expanded and len(texts(log)) == 2
    opened(log, False)
    log = log_panel("en", entries, 1, folds)
    assert not head(log).expanded and texts(log) == ["Action log (1)"]


def test_kept_rows_are_the_previous_renders_while_their_key_is_unchanged():
    scratch, built = {}, []

    def row(text):
        """A row, counted."""
        built.append(text)
        return ft.Text(text)

    first = Kept(scratch, "rows")
    a, b = first.row("a", lambda: row("a")), first.row("b", lambda: row("b"))
    second = Kept(scratch, "rows")
    assert second.row("a", lambda: row("a")) is a and second.row("c", lambda: row("c")) is not b
    third = Kept(scratch, "rows")
    assert third.row("b", lambda: row("b")) is not b  # not in the render before: built again
    assert built == ["a", "b", "c", "b"]


def test_tied_lines_show_every_colour_where_they_share_a_stretch():
    """Ann and Bo tied after round 1 and again over round 3 (a line drawn on another hid it: the chart seemed to
    have lost Ann): over each shared stretch Ann's line is drawn again on top, dashed, half of every 16 px; three
    lines sharing a stretch each show in a third; a chart without a tie has no dashes."""
    import flet_charts as fch

    from views.components.chart import line_colours, score_chart

    def dashed(players, rounds):
        column = score_chart(lambda key, **kw: key, players, rounds)
        chart = next(c for c in walk(column) if isinstance(c, fch.LineChart))
        assert all(s.dash_pattern is None for s in chart.data_series[:len(players)])
        return [(s.color, [(p.x, p.y) for p in s.points], s.dash_pattern) for s in chart.data_series[len(players):]]

    paint = line_colours(["Ann", "Bo", "Cy"])
    rounds = [{"Ann": 5, "Bo": 5, "Cy": 2}, {"Ann": 7, "Bo": 9, "Cy": 3}, {"Ann": 8, "Bo": 9, "Cy": 4},
              {"Ann": 10, "Bo": 11, "Cy": 6}]
    assert dashed(["Ann", "Bo", "Cy"], rounds) == [(paint["Ann"], [(0, 0), (1, 5)], [8, 8])]
    rounds[3] = {"Ann": 10, "Bo": 10, "Cy": 10}
    rounds[2] = {"Ann": 8, "Bo": 8, "Cy": 8}
    assert dashed(["Ann", "Bo", "Cy"], rounds)[1:] == [(paint["Ann"], [(3, 8), (4, 10)], [10, 5]),
                                                       (paint["Bo"], [(3, 8), (4, 10)], [5, 10])]
    assert dashed(["Ann", "Bo"], [{"Ann": 1, "Bo": 2}, {"Ann": 2, "Bo": 1}]) == []


MATERIAL = {ft.Colors.RED: "#F44336", ft.Colors.BLUE: "#2196F3", ft.Colors.GREEN: "#4CAF50",
            ft.Colors.ORANGE: "#FF9800", ft.Colors.PURPLE: "#9C27B0", ft.Colors.TEAL: "#009688",
            ft.Colors.PINK: "#E91E63", ft.Colors.BROWN: "#795548", ft.Colors.INDIGO: "#3F51B5",
            ft.Colors.LIME: "#CDDC39", ft.Colors.CYAN: "#00BCD4", ft.Colors.AMBER: "#FFC107",
            ft.Colors.BLUE_GREY: "#607D8B", ft.Colors.PURPLE_400: "#AB47BC", ft.Colors.BROWN_400: "#8D6E63",
            ft.Colors.INDIGO_400: "#5C6BC0", ft.Colors.BLUE_700: "#1976D2", ft.Colors.RED_600: "#E53935",
            ft.Colors.GREEN_700: "#388E3C", ft.Colors.ORANGE_900: "#E65100", ft.Colors.TEAL_600: "#00897B",
            ft.Colors.LIME_900: "#827717", ft.Colors.CYAN_800: "#00838F",
            ft.Colors.BROWN_900: "#3E2723"}  # the Material shades' values
DARK_SURFACE, LIGHT_SURFACE = "#0E1513", "#F4FBF8"  # the themes' surfaces under a chart and a grid (screenshots)


def test_chart_lines_and_group_outlines_show_on_both_themes_surfaces():
    """Every chart line (a player's own colour or the palette's) and every grid group's outline stands out from the
    dark theme's surface at 3:1 or more (WCAG, a meaningful graphic): purple was 2.93, brown 2.82, indigo 2.69,
    so a purple player's line and Nab-It!'s fifth word's outline hardly showed in a dim room; and from the light
    theme's (the first player's blue was 2.98, the third's green 2.65, orange 2.05, lime 1.44). A yellow player's
    own line is amber (no yellow reaches 3:1 on the light surface: 1.6): it stands out on the dark one, and on the
    light one by its dark casing's edges, a stroke under it 2 px wider (it had none), as its legend dot does."""
    from tests.test_views_kingdomino import contrast
    from views.components import chart, grid

    lines = [*chart.PALETTE, *(c for name, c in chart.NAMED.items() if name not in ("black", "yellow"))]
    for colour in (*lines, *grid.GROUP_COLOURS):
        for surface in (DARK_SURFACE, LIGHT_SURFACE):
            seen = contrast(MATERIAL[colour], surface)
            assert seen >= 3, (colour, surface, round(seen, 2))
    amber = chart.NAMED["yellow"]
    assert contrast(MATERIAL[amber], DARK_SURFACE) >= 3
    (edge, wide), (line, narrow) = chart.cased(amber)
    assert line == amber and wide == narrow + 2 and contrast(MATERIAL[edge], LIGHT_SURFACE) >= 3
    assert all(len(chart.cased(colour)) == 1 for colour in lines)



INK = {LIGHT_SURFACE: "#161D1C", DARK_SURFACE: "#DDE4E1"}  # the themes' text colour (ON_SURFACE, screenshots)


def marked_frame(cell: ft.Container) -> list[tuple[str, str, float]]:
    """A marked cell's frame against what lies either side of it, in both themes: (surface, side, ratio). Outside
    it lies the surface; inside it the surface where its tile is ringed with it or it has no fixed fill, else its
    fill (a Kingdomino tile's colour). The text colour is the theme's; other colours are Material's."""
    from tests.test_views_kingdomino import contrast
    frame = cell.border.top.color
    ringed = cell.bgcolor == ft.Colors.SURFACE and cell.padding
    fill = cell.bgcolor if str(cell.bgcolor).startswith("#") and not ringed else None
    seen = []
    for surface in (LIGHT_SURFACE, DARK_SURFACE):
        drawn = INK[surface] if frame == ft.Colors.ON_SURFACE else MATERIAL[frame]
        seen += [(surface, side, round(contrast(drawn, beside), 2))
                 for side, beside in (("outside", surface), ("inside", fill or surface))]
    return seen


def test_a_marked_cells_frame_stands_out_in_both_themes():
    """The grid's marked cells (Splitter's squares for a roll's pair, Nab-It's chosen cells) were framed in amber:
    1.55:1 against the light theme's surface on a 390x844 screenshot (11.35 on the dark one), and the hints point
    at "the marked squares". The frame is now the text colour, 3:1 or more against the surface on both sides in
    both themes, a colour no group outline has, and thicker than a cell's plain outline."""
    from views.components import grid

    panel = grid_editor(FakeContext(), [[None, "a"], [None, None]], ["a", None], print, marked=[(0, 0), (0, 1)])
    cells = [c for c in walk(panel) if isinstance(c, ft.Container) and c.on_click]
    for cell in cells[:2]:
        seen = marked_frame(cell)
        assert all(ratio >= 3 for _, _, ratio in seen), seen
        assert cell.border.top.width == grid.MARKED_WIDTH
    assert grid.MARKED not in grid.GROUP_COLOURS
    assert (cells[2].border.top.color, cells[2].border.top.width) == (ft.Colors.OUTLINE, 1)

def test_the_round_axis_title_has_room_for_larger_text():
    """The round axis' title band holds a 14 px line at a phone's text set 1.5× larger: at flet-charts' 16 px,
    "Round" / "轮次" showed only its top half under the score chart (and "Score from" under the statistics')."""
    from views.components.chart import LABEL_HEIGHT

    chart, _ = total_axis(["Ann", "Bo"], [{"Ann": 3, "Bo": 1}])
    assert chart.bottom_axis.title_size >= 1.5 * LABEL_HEIGHT


def test_the_score_chart_is_read_as_each_players_totals_not_as_its_axis_numbers():
    """A screen reader read the end screen's chart as its axis labels one by one ("8, 6, 4, 总分, 2, 0, 0, 1, 2,
    轮次, Ann, Bo, Cy"): the lines themselves said nothing. The drawing and its legend are one node that says each
    player's total after every round, in the screen's language, and nothing inside it is read apart."""
    import flet_charts as fch

    from views.components.chart import score_chart
    rounds = [{"Ann": 4, "Bo": 3}, {"Ann": 8, "Bo": 8}]
    said = {}
    for lang in ("en", "zh-CN"):
        column = score_chart(lambda key, **kw: words.say(lang, key, **kw), ["Ann", "Bo"], rounds)
        alternative = [c for c in walk(column) if isinstance(c, ft.Semantics) and c.label]
        assert len(alternative) == 1 and alternative[0].exclude_semantics
        assert any(isinstance(c, fch.LineChart) for c in walk(alternative[0]))
        said[lang] = alternative[0].label
    assert said == {"en": "Totals after each round: Ann 4, 8; Bo 3, 8",
                    "zh-CN": "每轮后的总分：Ann 4、8；Bo 3、8"}


def declared_height(control) -> float | None:
    """The height a control declares: its own, else the tallest its row's controls declare (a row of chips)."""
    return max([h for h in [control.height, *(c.height for c in getattr(control, "controls", []))] if h],
               default=None)


def test_an_empty_pile_is_as_high_as_a_pile_of_one_row_of_cards():
    """An empty pile's "no cards yet" line was a text 20 px lower than the row of 40 px card chips that replaced it:
    on a phone Flip 7's status buttons moved 20 px down at a line's first card (停牌 y 914 → 934) and back up when
    it was taken back. Every game's empty pile (Flip 7, Rummy, Bacon's cards and order, Solar Storm's) now declares
    the height of one row of chips."""
    ctx = FakeContext()
    one_row = TAP  # a picked card's button (test_picked_cards_are_tap_high)
    for key in ("flip7.view.no_cards", "rummy.view.pile_empty", "bacon.view.pile_empty", "bacon.view.none_here",
                "bacon.view.nobody_out", "solar_storm.view.picked_none"):
        assert declared_height(pile(ctx, [], lambda i: None, key, at="pile")) == one_row, key


def test_picked_cards_are_tap_high():
    """The picked cards' "label ×" buttons, tapped to take a card back, were 40 px high: below the 48 px (TAP)
    every other button keeps. Each is TAP high, its padding at its sides only (two wrapped lines fit: Bacon's order
    names its players); the picker's card buttons stay TAP high."""
    chips = [c for c in walk(pile(FakeContext(), ["11", "7"], lambda i: None, "flip7.view.no_cards", at="pile"))
             if isinstance(c, ft.FilledButton)]
    assert len(chips) == 2 and all(c.height >= TAP for c in chips), [c.height for c in chips]
    fixed = card_buttons([("A", "A"), ("B", "B")], lambda code: None).controls
    assert all(isinstance(b, ft.OutlinedButton) and b.height >= TAP for b in fixed)
    for grown in card_buttons([("7", "7"), ("QS", "Q♠")], lambda code: None).controls:  # grows with its labels
        least, _, button = grown.controls  # the least box (TAP high), the label's unseen copy, the button over both
        assert least.height >= TAP and isinstance(button, ft.OutlinedButton)
        assert (button.left, button.top, button.right, button.bottom) == (0, 0, 0, 0)  # it fills the stack


def test_a_picked_cards_label_has_the_whole_height_of_its_button():
    """With the phone's text 1.5× larger (the page's root font at 24 px), Flip 7's picked "12 ×" was cut in half:
    its button is TAP high, and with no style of its own the theme's 14 px above and below the label left it 20 px.
    Its own padding is now at its sides only: the label has the button's whole height."""
    chips = [c for c in walk(pile(FakeContext(), ["12"], lambda i: None, "flip7.view.no_cards", at="pile"))
             if isinstance(c, ft.FilledButton)]
    padding = chips[0].style.padding if chips[0].style else None
    assert padding is not None and (padding.top, padding.bottom) == (0, 0), padding


def test_a_fold_is_read_as_one_button_named_by_its_row_that_is_expanded_or_collapsed():
    """A scoreboard row and the action log were read as buttons named by their texts ("1. A\\n3"), with no
    expanded or collapsed state and aria-current="false" (their list tile's unselected state), found in Chromium's
    semantics DOM. Each head is now one merged node (the browser can focus it: Tab stops on it once), named (place,
    player, points), expanded or not, with no selected state; the tile's texts are drawn, not read a second time;
    the breakdown below it is not part of its name; a tap on it (Enter, a screen reader's) opens and closes it."""
    from scoring.core import engine
    from scoring.record import new_record, play, replay
    record = new_record("score_pad", ["A", "甲"], now=T0)
    state = replay(record)
    record, state = play(record, state, {"type": "round", "by": "table", "scores": {"A": 3, "甲": 1}})
    board = engine("score_pad").scoreboard(state)
    folds = Folds({}, lambda: None)

    def heads(lang: str) -> list[tuple]:
        """Each fold's read-out: its name, whether it is expanded, a button, and what is inside it."""
        panel = scoreboard_panel(lambda key, **p: words.say(lang, key, **p), lang, board, folds)
        log = log_panel(lang, [{"number": 1, "at": T0, "by": "table", "what": ["app.log_empty", {}]}], 1, folds)
        merged = [c for c in [*walk(panel), *walk(log)] if isinstance(c, ft.MergeSemantics)]
        found = [c for c in [*walk(panel), *walk(log)] if isinstance(c, ft.Semantics) and c.expanded is not None]
        assert [m.content for m in merged] == found
        assert all(s.button and s.selected is None and heard(s.content) == [] for s in found)
        assert not [c for c in [*walk(panel), *walk(log)] if isinstance(c, ft.ExpansionTile)
                    and not any(c in walk(s) for s in found)]
        return [(s.label, s.expanded, texts(s)) for s in found]

    assert [(name, shut) for name, shut, _ in heads("en")] == [("1. A (3)", False), ("2. 甲 (1)", False),
                                                              ("Action log (1)", True)]
    assert [name for name, _, _ in heads("zh-CN")] == ["1. A（3）", "2. 甲（1）", "操作记录（1）"]
    tap_fold(next(c for c in walk(scoreboard_panel(lambda key, **p: words.say("en", key, **p), "en", board, folds))
                  if isinstance(c, ft.Semantics) and c.label == "1. A (3)"))
    (a, opened_lines), (log, log_lines) = [(h[1], h[2]) for h in heads("en")[::2]]
    assert a and log and "Round 1 = 3" not in opened_lines and "No actions yet." not in log_lines


def heard(control, hidden: bool = False) -> list[str]:
    """What a screen reader hears in a tree, in order: each Text's semantics label (else its value; an empty one:
    nothing), each icon button's icon label; nothing under an `ft.Semantics` that excludes its contents' semantics."""
    if isinstance(control, ft.Semantics) and control.exclude_semantics:
        return [control.label] if control.label else []
    own = []
    if isinstance(control, ft.Text):
        said = control.value if control.semantics_label is None else control.semantics_label
        own = [said] if said else []
    elif isinstance(control, ft.IconButton) and isinstance(control.icon, ft.Icon):
        own = [control.icon.semantics_label]
    return own + [said for child in children(control) for said in heard(child)]


def test_a_counter_says_its_name_once_with_its_count_then_its_buttons():
    """A stepper (Cubosaurs' counts, Flip 7's second chances) was read "T-Rex", "Fewer: T-Rex", "T-Rex: 3", "More:
    T-Rex": the name alone first, then again with the count. Now the name is read with its count, then the two
    buttons; the big number is seen, not read again."""
    for lang, said in (("en", ["T-Rex: 3", "Fewer: T-Rex", "More: T-Rex"]),
                       ("zh-CN", ["霸王龙：3", "减少：霸王龙", "增加：霸王龙"])):
        ctx = SimpleNamespace(lang=lang, t=lambda key, **params: words.say(lang, key, **params))
        name = "T-Rex" if lang == "en" else "霸王龙"
        assert heard(stepper(ctx, name, lambda: 3, lambda value: None)) == said


def test_a_charts_axis_bands_hold_their_text_at_twice_the_text_size():
    """Session 68's records tour at twice the text (root 32 px): a finished session's score chart cut its round
    numbers and its "轮次" title in half and drew "总分" over the total labels; the statistics' histogram cut its
    "得分区间起点" title. Each axis band (the round labels, each axis title) now holds a line of its text at twice
    its size, and the plotting area keeps its height."""
    import math

    import flet_charts as fch

    from views import stats
    from views.components.chart import score_chart

    def line(text: ft.Text) -> float:
        """A line of a text at twice its size, in the CJK font (about 1.4 times the font size)."""
        return math.ceil((text.size or 14) * 2 * 1.4)

    chart = next(c for c in walk(score_chart(lambda key, **kw: key, ["A"], [{"A": 5}])) if isinstance(c, fch.LineChart))
    record = {"plays": 1, "crew": None, "best": None, "lowest": False, "teams": False,
              "histogram": [{"low": 40, "high": 45, "count": 1}]}
    app = SimpleNamespace(t=lambda key, **kw: key, lang="en")
    bars = next(c for c in walk(stats.game_panel(app, record, ft.Text("wins"))) if isinstance(c, fch.BarChart))
    for drawn in (chart, bars):
        bottom, left = drawn.bottom_axis, drawn.left_axis
        assert bottom.title_size >= line(bottom.title) and left.title_size >= line(left.title), drawn
        assert bottom.label_size >= max(line(label.label) for label in bottom.labels), drawn
    assert chart.height - chart.bottom_axis.label_size - chart.bottom_axis.title_size >= 206
    assert bars.height - bars.bottom_axis.label_size - bars.bottom_axis.title_size >= 158


def test_a_tap_kept_from_an_earlier_races_round_says_nothing_of_the_next_race():
    """Pictomania races once a round: Ann tapped first in round 1 on this screen and claimed third in round 2 from
    another; this screen said "Cy and Dee claimed first (4 and 3): Ann took 2 instead" (a fresh race's claims
    start like the empty ones kept from round 1). The race's number tells the races apart."""
    ctx = in_game_words(FakeContext(seat="Ann"), "en", "pictomania")
    first = race_mech.new_race([4, 3, 2], ["Ann", "Cy", "Dee"], 1)
    press(claim_button(race_buttons(ctx, first, noted([])), "Ann: claim 4"))
    second = race_mech.new_race([4, 3, 2], ["Ann", "Cy", "Dee"], 2)
    for who in ("Cy", "Dee", "Ann"):
        second, _ = race_mech.claim(second, who)
    assert not any("already taken" in line for line in texts(race_buttons(ctx, second, noted([]))))



def test_a_claim_the_server_refuses_on_a_seated_phone_is_said_under_its_button_not_in_the_bar():
    """A seated phone's claim refused by the server is said under its claim button (pinned above the scrolling
    screen), in words, and nowhere under the other button; one refused as stale (another phone acted first) is
    still the bar's."""
    from views.context import GameContext

    r = race_mech.new_race([3, 2], ["A", "B"])
    local, bar, pinned, refusals = {}, [], [], [RuleError("race.locked", player="A")]

    async def refuse(action, refused=None):
        """The server's answer: the next refusal, handed to `refused` as `views.join`'s act_soon does."""
        (refused or bar.append)(refusals.pop(0))
        return False

    def drawn():
        """The race's pinned panel as the phone draws it now, the claim sent as the games send it."""
        ctx = GameContext(lang="en", record={"game": "knit_wit", "players": [{"name": "A"}, {"name": "B"}]}, state={},
                          engine=engine("knit_wit"), page=FakePage(), store=None, local=local, sound=False,
                          apply=lambda a, refused=None: True, apply_soon=refuse, show_error=bar.append,
                          refresh=lambda: None, seat="A", pin=pinned.append, actions=4)
        pinned.clear()
        race_buttons(ctx, r, lambda p: ctx.dispatch_soon({"type": "claim", "by": p}, at=claim_at(r, p)))
        return pinned[0]

    press(buttons(drawn())["A: claim 3"])
    panel = drawn()
    assert said_under(panel, buttons(panel)["A: claim 3"]) == [words.error("en", RuleError("race.locked", player="A"))]
    assert bar == []
    refusals.append(RuleError(STALE))
    press(buttons(panel)["A: claim 3"])
    assert [e.key for e in bar] == [STALE]


def test_a_move_refused_again_for_the_same_reason_is_a_new_line_heard_again():
    """The bar said each refusal, the same one tapped again too; the line under the control, kept as it was, was not
    heard again (a screen reader says a live region when it appears or its words change). Said again, it is a new
    line with the same words; redrawn without a new refusal it is the same line."""
    from views.context import GameContext
    from views.components.refusal import said

    local, bar = {}, []
    ctx = GameContext(lang="en", record={"game": "score_pad", "players": [{"name": "A"}]}, state={},
                      engine=engine("score_pad"), page=FakePage(), store=None, local=local, sound=False,
                      apply=lambda a, refused=None: refused(RuleError("score_pad.no_rounds")) or False,
                      show_error=bar.append,
                      refresh=lambda: None, actions=0)

    def line() -> ft.Semantics:
        """The refusal's live line as the view draws it under the control keyed "finish"."""
        (heard,) = [c for c in said(ctx, "finish") if isinstance(c, ft.Semantics)]
        return heard

    ctx.dispatch({"type": "finish", "by": "table"}, at="finish")
    first = line()
    assert line().key == first.key and first.live_region and bar == []
    ctx.dispatch({"type": "finish", "by": "table"}, at="finish")
    assert line().key != first.key and line().content.value == first.content.value
