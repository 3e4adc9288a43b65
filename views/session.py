"""The session frame every game view sits in: header (game, round, phase, whose turn), undo/redo saying what
they take back, the game's body, the live scoreboard, the action log, and the end screen (ranking with shared
places, winners, breakdown, and for round games a chart of cumulative scores).

Built from the store on every render; `/history/<id>` shows the same frame read-only with export and delete.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from scoring.core import RuleError, engine
from views import words
from views.components.action_log import describe, log_panel
from views.components.chart import score_chart
from views.components.scoreboard import places, scoreboard_panel
from views.context import GameContext
from views.games import view_of

MAIN_COLS = {"xs": 12, "md": 7}
SIDE_COLS = {"xs": 12, "md": 5}


def build(app: Any, sid: str, read_only: bool) -> tuple[str, ft.Control, str]:
    """The frame of session sid."""
    try:
        record = app.store.load(sid)
        state = app.store.state(sid)
    except (RuleError, KeyError) as err:
        message = words.error(app.lang, err) if isinstance(err, RuleError) else app.t("app.session_missing")
        return app.t("app.title"), ft.Text(message), "/"
    eng = engine(record["game"])
    board = eng.scoreboard(state)
    title = eng.game.names.get(app.lang, eng.game.id)
    main: list[ft.Control] = [header(app, eng, state)]
    if not read_only:
        main.append(undo_redo(app, sid, eng, record))
    if state.get("over"):
        main.append(end_panel(app, record, board))
        main += game_final(app, sid, record, state, eng)
    elif not read_only:
        main.append(game_body(app, sid, record, state, eng))
    side: list[ft.Control] = [] if state.get("over") else [scoreboard_panel(app.t, board)]
    side += [log_panel(app.lang, eng, record), file_actions(app, sid, read_only)]
    body = ft.ResponsiveRow(controls=[
        ft.Column(col=MAIN_COLS, controls=main, spacing=12),
        ft.Column(col=SIDE_COLS, controls=side, spacing=12),
    ])
    return title, body, "/"


def header(app: Any, eng: Any, state: dict) -> ft.Control:
    """Round, phase and whose turn, from the engine's status."""
    status = eng.status(state)
    parts = []
    if status.get("round") is not None:
        parts.append(app.t("app.round_of", round=status["round"], rounds=status["rounds"]) if status.get("rounds")
                     else app.t("app.round", round=status["round"]))
    if status.get("phase"):
        parts.append(app.t(status["phase"]))
    if status.get("turn"):
        parts.append(app.t("app.turn", name=status["turn"]))
    if status.get("over") and not status.get("phase"):
        parts.append(app.t("app.over"))
    return ft.Container(
        bgcolor=ft.Colors.PRIMARY_CONTAINER, border_radius=8, padding=10,
        content=ft.Text(app.t("app.status_sep").join(parts), size=18, weight=ft.FontWeight.W_600),
    )


def undo_redo(app: Any, sid: str, eng: Any, record: dict) -> ft.Control:
    """Undo and redo buttons that say which action they take back or put back."""
    last = record["actions"][-1] if record["actions"] else None
    again = record["redo"][-1] if record["redo"] else None
    undo_text = (app.t("app.undo_what", what=describe(app.lang, eng, last)) if last else app.t("app.undo"))
    redo_text = (app.t("app.redo_what", what=describe(app.lang, eng, again)) if again else app.t("app.redo"))

    def do_undo(consent: bool) -> None:
        """Take back the last action (with the table's consent when it revealed something)."""
        try:
            app.store.undo(sid, words.now(), consent=consent, expect=len(record["actions"]))
        except RuleError as err:
            app.show_error(err)
            app.render()
            return
        app.changed(sid)
        app.render()

    def ask_undo() -> None:
        """Undo, asking the table first if the action showed hidden information."""
        if last and eng.reveals(last):
            app.confirm(app.t("app.undo_consent_title"),
                        app.t("app.undo_consent", what=describe(app.lang, eng, last)),
                        app.t("app.undo_consent_yes"), lambda: do_undo(True))
        else:
            do_undo(False)

    def do_redo() -> None:
        """Put back the most recently undone action."""
        try:
            app.store.redo(sid, words.now(), expect=len(record["actions"]))
        except RuleError as err:
            app.show_error(err)
            app.render()
            return
        app.changed(sid)
        app.render()

    return ft.Row(wrap=True, controls=[
        ft.OutlinedButton(content=undo_text, icon=ft.Icons.UNDO, disabled=last is None, on_click=lambda e: ask_undo()),
        ft.OutlinedButton(content=redo_text, icon=ft.Icons.REDO, disabled=again is None, on_click=lambda e: do_redo()),
    ])


def game_body(app: Any, sid: str, record: dict, state: dict, eng: Any) -> ft.Control:
    """The game's own view, given a context that applies its actions through the store."""
    view = view_of(record["game"])
    if view is None:
        return ft.Text(app.t("app.coming_soon"), italic=True)
    return view.build(game_context(app, sid, record, state, eng))


def game_final(app: Any, sid: str, record: dict, state: dict, eng: Any) -> list[ft.Control]:
    """The game's own end view (`final(ctx)`, optional: e.g. the finished boards with their groups), if any."""
    view = view_of(record["game"])
    if view is None or not hasattr(view, "final"):
        return []
    return [view.final(game_context(app, sid, record, state, eng))]


def game_context(app: Any, sid: str, record: dict, state: dict, eng: Any) -> GameContext:
    """A context whose dispatch applies actions through the store."""

    shown = {"actions": len(record["actions"])}

    def apply(action: dict) -> bool:
        """Play an action made against the log this screen showed (`record.stale` if another tab acted first:
        refused, and the fresh state shown); show a refusal in words, or re-render on success."""
        try:
            played, _ = app.store.play(sid, action, action.get("at") or words.now(), expect=shown["actions"])
            shown["actions"] = len(played["actions"])
        except RuleError as err:
            app.show_error(err)
            if err.key == "record.stale":
                app.render_soon()
            return False
        app.changed(sid)
        app.render_soon()
        return True

    return GameContext(lang=app.lang, record=record, state=state, engine=eng, page=app.page, store=app.store,
                       local=app.local(f"session:{sid}"), sound=bool(app.settings.get("sound", True)),
                       apply=apply, show_error=app.show_error, refresh=app.render_soon)


def end_panel(app: Any, record: dict, board: Any) -> ft.Control:
    """The end screen: winners, ranking with shared places and breakdown, and the chart for round games."""
    winners = list(board.winners)
    key = "app.winner" if len(winners) == 1 else "app.winners"
    controls: list[ft.Control] = [
        ft.Text(app.t("app.game_over"), size=24, weight=ft.FontWeight.BOLD),
        ft.Row(controls=[ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER, size=36),
                         ft.Text(app.t(key, names=winners), size=22, weight=ft.FontWeight.BOLD)], wrap=True),
    ]
    if board.tiebreak_used:
        controls.append(ft.Text(app.t("app.tiebreak_used"), italic=True))
    controls.append(ft.Text(app.t("app.ranking", ranking=[app.t("app.place_total", place=p, name=n,
                                                                   points=board.total(n))
                                                             for p, n in places(board)])))
    controls.append(scoreboard_panel(app.t, board, expanded=True))
    if board.rounds:
        colours = {p["name"]: p.get("colour") for p in record["players"]}
        controls.append(score_chart(app.t, [p["name"] for p in record["players"]], list(board.rounds), colours,
                                    board.start))
    return ft.Column(controls=controls, spacing=10)


def file_actions(app: Any, sid: str, read_only: bool) -> ft.Control:
    """Export the session to a JSON file; in history also delete it (after confirmation)."""

    async def export() -> None:
        """Save the session as a JSON file (a download in the browser)."""
        text = app.store.export(sid)
        await app.picker.save_file(file_name=f"tableside-{sid}.json", src_bytes=text.encode("utf-8"))

    def delete() -> None:
        """Delete the session for good, after the table confirms."""

        def gone() -> None:
            """Remove it and go home (the host only)."""
            if not app.host:
                app.show_error("app.host_only")
                return
            try:
                app.store.delete(sid)
            except RuleError as err:
                app.show_error(err)
                return
            app.go("/")

        app.confirm(app.t("app.delete_title"), app.t("app.delete_confirm"), app.t("app.delete"), gone)

    controls: list[ft.Control] = [ft.OutlinedButton(content=app.t("app.export"), icon=ft.Icons.DOWNLOAD,
                                                    on_click=lambda e: app.page.run_task(export))]
    if read_only and app.host:
        controls.append(ft.OutlinedButton(content=app.t("app.delete"), icon=ft.Icons.DELETE,
                                          on_click=lambda e: delete()))
    return ft.Row(controls=controls, wrap=True)
