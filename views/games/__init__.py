"""One view module per game (`<game_id>.py` with `build(ctx) -> ft.Control`), found by `views.games.view_of`.

A view may also define `final(ctx) -> ft.Control`: shown under the end screen (and in history) once the game is
over, e.g. the finished boards with what scored; it only shows, it dispatches nothing."""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType


def view_of(game_id: str) -> ModuleType | None:
    """The view module of a game, or None while the game has no view yet ("coming soon")."""
    if importlib.util.find_spec(f"views.games.{game_id}") is None:
        return None
    return importlib.import_module(f"views.games.{game_id}")
