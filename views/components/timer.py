"""Countdown / turn timer: big digits, start / pause / reset, and a sound and a vibration at zero.

The timer itself is game state (`scoring.mechanics.timer`: started at, paused at, seconds); this component only
shows it and ticks the display while it runs. Start, pause and reset call back into the game view, which turns
them into actions (so the log records them and a replay ends in the same state).

Builder:
    timer_panel(ctx, timer, on_start, on_pause, on_reset, title=None) -> ft.Control
- `ctx`: the `GameContext` (language, `now()`, `page`, `sound`); `timer`: a countdown dict from
  `scoring.mechanics.timer.countdown`; `on_start()` / `on_pause()` / `on_reset()`: callbacks with no argument
  (typically `lambda: ctx.dispatch({"type": "timer_start", ...})`); the start button reads "Resume" when
  `is_paused(timer)`, and `on_start` should then resume; `title`: optional text above the digits.
- While running, the digits tick every 0.2 s; when they reach 0 the end sound (assets/sounds/timer_end.wav) plays
  if sound is on in settings, and the device vibrates where it can (HapticFeedback; nothing on a laptop).
`digits(seconds)` formats seconds left as "m:ss" (rounded up, so "0:00" only at the very end).
"""

from __future__ import annotations

import asyncio
import math
import weakref
from contextlib import suppress
from dataclasses import field
from typing import Any, Callable, Optional

import flet as ft
import flet_audio

from scoring.core import RuleError
from scoring.mechanics import timer as clock
from views.reconnect import tab_gone

END_SOUND = "sounds/timer_end.wav"
TICK_S = 0.2
_ALARMS: "weakref.WeakKeyDictionary[Any, dict]" = weakref.WeakKeyDictionary()


def digits(seconds: float) -> str:
    """Seconds left as m:ss, rounded up."""
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def seconds_left(t: dict, now: str) -> float:
    """Seconds left on the countdown at now (a now earlier than its last event counts as that event)."""
    try:
        return clock.remaining(t, now)
    except RuleError:
        return clock.remaining(t, t["last"])


def is_paused(t: dict) -> bool:
    """Whether the countdown was started and is paused part-way (start then means resume)."""
    return not clock.running(t) and t["elapsed"] > 0


def alarm_services(page: Any) -> dict:
    """The page's end sound and vibration services, made once per page."""
    if page not in _ALARMS:
        _ALARMS[page] = {"audio": flet_audio.Audio(src=END_SOUND), "haptic": ft.HapticFeedback()}
    return _ALARMS[page]


async def ring(page: Any, sound: bool) -> None:
    """Play the end sound (if sound is on) and vibrate where the device allows. A browser that cannot play it
    answers after 30 s with an error ("TimeoutException after 0:00:30: Future not completed", seen on a phone of a
    headless Chromium): that is no error of the table's, and the phone still vibrates."""
    services = alarm_services(page)
    if sound:
        with suppress(RuntimeError, TimeoutError):
            await services["audio"].play()
    try:
        await services["haptic"].vibrate()
    except Exception:  # noqa: BLE001 - no vibration on this device (a laptop browser): the sound is enough
        return


@ft.control
class Ticker(ft.Text):
    """Digits that tick while mounted and running; calls `on_zero` once when they reach 0."""

    left: Optional[Callable[[], float]] = field(default=None, metadata={"skip": True})
    on_zero: Optional[Callable[[], Any]] = field(default=None, metadata={"skip": True})
    ticking: bool = field(default=False, metadata={"skip": True})
    runner: Any = field(default=None, metadata={"skip": True})
    seen: Optional[float] = field(default=None, metadata={"skip": True})

    def did_mount(self) -> None:
        """Start ticking if the countdown runs."""
        if self.left is not None:
            self.ticking = True
            self.runner = self.page
            self.runner.run_task(self.tick)

    def _migrate_state(self, other: Any) -> None:
        """A render that draws the countdown again hands the ticking over to the new digits. Flet reconciles a
        screen's new controls in place of the old ones without unmounting or mounting either, so the old digits
        went on ticking from a detached control (a traceback in the server's log at its first tick once its old
        parent was gone: "Ticker(...) Control must be added to the page first") and the new ones never ticked:
        a phone whose screen was drawn again mid-countdown (its language switched) showed the digits frozen and,
        at zero, never opened the ballots."""
        super()._migrate_state(other)
        if not isinstance(other, Ticker) or not other.ticking:
            return
        other.ticking = False
        if self.left is not None and other.runner is not None:
            self.ticking, self.runner, self.seen = True, other.runner, other.seen
            self.runner.run_task(self.tick)

    def will_unmount(self) -> None:
        """Stop ticking."""
        self.ticking = False

    def show(self, value: str) -> None:
        """Send the new digits at once, without re-rendering the screen around them.

        Inside a component's render Flet freezes the controls it built (diffed against the next render, never
        updated by hand); the ticker is the one control that changes on its own, so for the moment of its own
        patch it lifts the mark, as Flet's `_before_update_safe` does, and sets it back. The next render of the
        screen diffs against the digits sent.
        """
        frozen = getattr(self, "_frozen", None)
        if frozen is not None:
            del self._frozen
        try:
            self.value = value
            if self.page:
                self.page.update(self)
        finally:
            if frozen is not None:
                self._frozen = frozen

    async def tick(self) -> None:
        """Refresh the digits until unmounted, handed over or the tab is gone; ring once at zero (a hand-over keeps
        the last reading, so zero is not missed between the two)."""
        before = self.left() if self.seen is None else self.seen
        while self.ticking:
            await asyncio.sleep(TICK_S)
            if not self.ticking or tab_gone(self.runner):
                return  # unmounted, handed over to the digits a new render drew, or its tab left (reloaded)
            now = self.left()
            self.show(digits(now))
            crossed = before > 0 >= now
            before = self.seen = now  # before on_zero, whose render may hand the ticking over
            if crossed and self.on_zero:
                await self.on_zero()


def timer_panel(ctx: Any, timer: dict, on_start: Callable[[], Any], on_pause: Callable[[], Any],
                on_reset: Callable[[], Any], title: str | None = None) -> ft.Control:
    """Big digits with start (or resume), pause and reset."""
    running = clock.running(timer)
    left = seconds_left(timer, ctx.now())
    ticker = Ticker(value=digits(left), size=72, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER,
                    color=ft.Colors.ERROR if left <= 0 else None,
                    left=(lambda: seconds_left(timer, ctx.now())) if running else None,
                    on_zero=lambda: ring(ctx.page, ctx.sound))
    if running:
        alarm_services(ctx.page)
    paused = is_paused(timer)
    buttons = [
        ft.FilledButton(content=ctx.t("app.timer.resume" if paused else "app.timer.start"),
                        icon=ft.Icons.PLAY_ARROW, disabled=running, on_click=lambda e: on_start()),
        ft.OutlinedButton(content=ctx.t("app.timer.pause"), icon=ft.Icons.PAUSE, disabled=not running,
                          on_click=lambda e: on_pause()),
        ft.OutlinedButton(content=ctx.t("app.timer.reset"), icon=ft.Icons.REPLAY, on_click=lambda e: on_reset()),
    ]
    controls: list[ft.Control] = [ft.Text(title, size=16)] if title else []
    controls += [ticker, ft.Row(controls=buttons, wrap=True, alignment=ft.MainAxisAlignment.CENTER)]
    return ft.Column(controls=controls, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
