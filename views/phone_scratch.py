"""A screen's scratch kept in the phone's browser storage (`tableside.scratch.<name>`): what a person builds on a
screen outside any session (a quick score painted, a new session's form half filled) belongs to their phone. Kept
in the tab's scratch only (`views.app.tab_scratch`) it was lost once the tab was away longer than the server keeps
its session (`main.SESSION_TIMEOUT`, then Flet's eviction every 10 s): the screen came back empty.

Ruling: a screen that keeps its scratch so reads its own key, once per tab, when it is first drawn
(`brought_back`: the screen shows a progress ring until the browser answers, `WAIT` seconds at most); no other
screen reads it, and the home screen's start-up reads nothing more. What is read is untrusted input: the screen's
`valid(value)` is given the parsed JSON object and gives back the fields to bring back, or None, and then nothing
is brought back (the screen starts empty); it never raises. A tab that comes back within seconds keeps the scratch
it left and reads nothing. After each change the scratch is written if it differs from what was last kept (`keep`,
on `page.run_task`, off the tap's path; the screen's first draw, with its defaults filled in, is not a change);
fields whose names start with "_" are the tab's own (a field's control, a tap in progress), at any depth (a
part of the form kept as a dict of its own: a Cubosaurs type being named), and are never kept. A
screen finished with (a quick score started again, a session started from the form) forgets it (`forget`): the key
is removed, and the scratch as it is then is not written again until it changes. A screen emptied at the person's
tap (`clear`) loses all its fields, the tab's own too, but what ties it to the phone's storage; its next draw is a
change, written as any other.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable

KEY = "tableside.scratch."
BOOKKEEPING = ("_key", "_kept", "_reading")  # the fields that tie a scratch to the phone's storage
WAIT = 3.0  # seconds a screen waits for the browser to say what it kept before it is drawn without it


def brought_back(app: Any, name: str, valid: Callable[[dict], dict | None]) -> dict | None:
    """The screen's scratch (`App.local(name)`) once it holds what this phone kept for it; None while the browser
    is asked (the first call in a tab starts the read)."""
    scratch = app.local(name)
    if app.prefs is None or "_kept" in scratch:
        return scratch
    if scratch.get("_reading") is not app:
        scratch["_reading"] = app
        app.page.run_task(read, app, name, valid)
    return None


async def read(app: Any, name: str, valid: Callable[[dict], dict | None]) -> None:
    """Put what the phone kept for the screen into its scratch, if valid, and draw the screen again."""
    try:
        text = await asyncio.wait_for(app.prefs.get(KEY + name), WAIT)
    except (TimeoutError, RuntimeError):
        text = None
    scratch = app.local(name)
    scratch.update(parsed(text, valid))
    scratch.pop("_reading", None)
    scratch["_key"], scratch["_kept"] = KEY + name, None
    app.render()


def parsed(text: Any, valid: Callable[[dict], dict | None]) -> dict:
    """The fields of a kept text that valid accepts ({} for anything else)."""
    try:
        value = json.loads(text) if isinstance(text, str) else None
    except (ValueError, RecursionError):  # not JSON, or nested deeper than the parser goes
        return {}
    found = valid(value) if isinstance(value, dict) else None
    return found if isinstance(found, dict) else {}


def text_of(scratch: dict) -> str:
    """The scratch as it is kept: its fields but the tab's own, as JSON."""
    return json.dumps(keepable(scratch), sort_keys=True, ensure_ascii=False)


def keepable(value: Any) -> Any:
    """value without the tab's own fields (names starting with "_"), in it and in any part of it that is a dict."""
    if not isinstance(value, dict):
        return value
    return {k: keepable(v) for k, v in value.items() if not str(k).startswith("_")}


def keep(app: Any, scratch: dict) -> None:
    """Write the scratch to the phone's storage if it changed since it was last kept (the screen's first draw after
    the read is what it starts from: not written)."""
    if app.prefs is None or "_kept" not in scratch:
        return
    text, kept = text_of(scratch), scratch["_kept"]
    scratch["_kept"] = text
    if kept is not None and text != kept:
        app.keep_in_browser(scratch["_key"], text)


def forget(app: Any, scratch: dict) -> None:
    """The screen is finished with its scratch: out of the phone's storage, not written again as it is now."""
    if app.prefs is None or "_kept" not in scratch:
        return
    scratch["_kept"] = text_of(scratch)
    app.keep_in_browser(scratch["_key"])


def clear(scratch: dict) -> None:
    """Empty the screen's scratch at the person's tap: every field but those tying it to the phone's storage."""
    for name in [k for k in scratch if k not in BOOKKEEPING]:
        del scratch[name]
