"""One view module per game (`<game_id>.py` with `build(ctx) -> ft.Control`), found by `views.games.view_of`.

A view says which moves its own controls offer in a render (`ctx.offer(by, kind)`: a button that sends the move,
or one that opens the view's form for it), so the generic moves panel of a table-mode screen does not offer them a
second time; `tests/test_table_screens.py` taps every game's board on the host's screen to hold it to that.

A view may also define `final(ctx) -> ft.Control`: shown under the end screen (and in history) once the game is
over, e.g. the finished boards with what scored; it only shows, it dispatches nothing.

A view may also define `option_defaults(store) -> dict`: option values (as the game takes them, by option name)
that the new-session screen starts from instead of the game's defaults, e.g. read from the game's saved profile
(`store.profiles(game_id)`); options it leaves out keep their defaults, and the table can still change them all.

A view may also define `option_editor(t, option, value, on_change, refuse) -> ft.Control | None`: its own control
for an option on the new-session screen (e.g. steppers instead of typed text). `t(key, **params)` translates,
`value` is the option's value as the screen holds it, `on_change(new)` stores a new value and shows the screen
again, `refuse(err)` says why a tap changed nothing (a `RuleError` or a message key, as the screen's refusals);
None leaves the option to the screen's usual control."""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType


def has_view(game_id: str) -> bool:
    """Whether a game has a view (else it is "coming soon"), without importing the view."""
    return importlib.util.find_spec(f"views.games.{game_id}") is not None


def view_of(game_id: str) -> ModuleType | None:
    """The view module of a game, or None while the game has no view yet ("coming soon")."""
    if not has_view(game_id):
        return None
    return importlib.import_module(f"views.games.{game_id}")
