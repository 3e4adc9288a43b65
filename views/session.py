"""The session frame every game view sits in: what the table waits for next (the engine's `prompt`, in words),
header (game, round, phase, whose turn, less what the next-step line says: `said_once`), undo/redo saying what
they take back, the game's body, the live scoreboard, the action log, and the end screen (ranking with shared
places, winners, breakdown, and for round games a chart of cumulative scores).

`Session` is the screen component: it renders from the tab's `Feed` of the session (fed by `views.live`), so an
action taken on any phone re-renders this screen and Flet sends only what changed. `/history/<id>` shows the
same frame read-only with export and delete.

Rulings:
- Every action, undo and redo carries `expect`, the log's mark as this render showed it; a `record.stale`
  refusal (another phone acted first) shows the fresh state and says so. Flet routes a tap to the control's
  current handler, so a tap that reaches the server after this tab's re-render is judged against the new
  screen; one that arrives before it (a double tap, a tap racing another phone) is refused as stale.
- An accepted action the table could not simply take back (its move reveals hidden information, so undo needs
  consent) is announced in the message bar with an Undo button (undo with the tapper's consent, still `expect`-
  checked); a move declared not undoable asks for confirmation first.
- The half-entered input of the game view (`ctx.local`, see `draft_of`) is the session's draft for
  this screen's seat: kept in the store about once a second while it changes (until the screen's tab is gone) and
  when the screen closes, and brought back when the screen opens (after a restart, or on another phone). The
  draft is taken on the server's loop and written on a thread of its own (`DRAFT_WRITER`, one thread, so drafts
  are written in the order they were taken and a later one is never overwritten by an earlier one): a write waits
  for the disk twice (fsync), which on the loop held up every tap of every phone at the table meanwhile. It is
  also taken at each render of the screen (after a tap's handler has tidied it: a round just entered is gone from
  it), and a screen that opens brings back the draft last taken until it is written (`TAKEN`), then the store's.
  Before, a laptop opened within a second of the phone's "Add round" brought back the round's entries just
  recorded (the draft on disk until the next write) and said the round had been entered elsewhere (keep them for
  the next round, or clear them) instead of offering the next round.
- The log shows the newest `SHOWN` entries, with "show all". Once chosen it is kept in the screen's draft (as a
  rounds table's "show all" is), so the screen comes back showing every entry after its tab was away longer than
  the server keeps a tab's session (`main.SESSION_TIMEOUT`, then Flet's eviction, every 10 s), or after a
  restart: kept in the tab's scratch only, the log came back paged. The log and each player's breakdown stay open
  or closed as this tab left them, across re-renders (`views.components.folds`).
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import json
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import suppress
from typing import Any, Callable

import flet as ft

from scoring import i18n
from scoring.core import TABLE, RuleError, cooperative, engine
from scoring.record import SHOWN, STALE, Mark, mark, ordinal, public_log, redo_entry
from storage.prefs import draft_seat
from views import drawn, focus, rules, stats, words
from views.components.action_log import describe, done, entry_named, log_panel, redo_label, undo_label
from views.components.chart import score_chart
from views.components.folds import Folds
from views.components.scoreboard import game_words, scoreboard_panel
from views.context import PAGE, GameContext, TapCount, use_into_view
from views.games import view_of
from views.home import session_game
from views.reconnect import tab_gone, tab_page
from views.ui import aside, outcome_icon, reading_column
from views.table_hub import delete_session

MAIN_COLS = {"xs": 12, "md": 7}
SIDE_COLS = {"xs": 12, "md": 5}
DRAFT_EVERY_S = 1.0
SHORT_PART = 16  # a header part this short (in characters) is kept on one line
DRAFT_WRITER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tableside-drafts")
FLUSH_WAIT_S = 10  # seconds a stopping server waits for the drafts to be written (`flush_drafts`)
SEAT = None
LOG_ALL = "log_all"  # the key of a screen's draft saying its log shows every entry (`show_all`)
COUNTS_KEY = "app.tiebreak_counts"  # after `<game>.`: a game's line naming the tied players' tie-break values
ENDED = "_ended"  # the key of a screen's scratch saying whether it last drew the game over (`to_top_at_the_end`)
TAKEN: dict[tuple[Any, str, str], tuple[str, dict]] = {}  # by store, session and seat: a draft taken, not written
TAKEN_LOCK = threading.Lock()
LIVE: dict[tuple[Any, str, str], dict] = {}  # by store, session and seat: the scratch of a screen keeping that draft


def undo_last(app: Any, sid: str, read_only: bool, *args: Any) -> list[ft.Control]:
    """For a session screen that could not be drawn (`views.drawn`): Undo for the log's last action, named "the last
    action" (its own words may be what failed to draw); none read-only or with nothing to take back."""
    record = app.store.record(sid)
    if read_only or not record.get("actions"):
        return []
    return [undo_redo_row(app, sid, {"by": TABLE, "what": ["app.last_action", {}]}, None, mark(record))]


@drawn.screen_with(undo_last)
def Session(app: Any, sid: str, read_only: bool, feed: Any, chosen: Any) -> ft.Control:
    """The session screen: re-rendered when the session changes anywhere, or when the game view asks."""
    from views.app import frame

    _, bump = ft.use_state(0)
    app.refresh_screen = lambda: bump(lambda n: n + 1)
    hub = app.live(sid)
    local = app.local(f"session:{sid}")
    scroller = ft.use_ref(None)
    use_into_view(local, scroller)

    def mounted():
        """Follow the session; keep the draft while it changes."""
        hub.subscribe(feed)
        stop_keeping = None if read_only else draft_keeper(app, sid, local)

        def unmounted():
            """Stop following; keep the draft as it is now."""
            hub.unsubscribe(feed)
            if stop_keeping:
                stop_keeping()

        return unmounted

    ft.use_effect(mounted, [])
    if not read_only:
        bring_back_draft(app, sid, local)
    pinned: list[ft.Control] = []
    title, body, back = build(app, sid, read_only, feed=feed, pinned=pinned)
    if not read_only:
        take_draft(app, sid, local)
    return frame(app, title, body, back, pinned, page=local.get(PAGE, 0), scroller=scroller)


def bring_back_draft(app: Any, sid: str, local: dict, seat: str | None = SEAT) -> None:
    """Put a seat's stored draft into the screen's scratch, once per tab."""
    if not local.get("_draft_loaded"):
        local.update(stored_draft(app, sid, seat))
        local["_draft_loaded"] = True
        local["_draft_saved"] = local["_draft_taken"] = json.dumps(draft_of(local), sort_keys=True, ensure_ascii=False)


def draft_keeper(app: Any, sid: str, local: dict, seat: str | None = SEAT) -> Callable[[], None]:
    """Start keeping a seat's draft in the store while it changes (`keep_draft`), its scratch known meanwhile as
    the seat's live one (`seat_scratch`); returns the function that stops and stores it once more as it is then."""
    keeper = asyncio.ensure_future(keep_draft(app, sid, local, seat))
    key = (app.store, sid, draft_seat(seat))
    with TAKEN_LOCK:
        LIVE[key] = local

    def stop() -> None:
        """Stop keeping; store the draft as it is now."""
        keeper.cancel()
        with TAKEN_LOCK:
            if LIVE.get(key) is local:
                del LIVE[key]
        save_draft(app, sid, local, seat)

    return stop


def stored_draft(app: Any, sid: str, seat: str | None = SEAT) -> dict:
    """The draft kept in the store for a screen's seat ({} when none, or when the session is gone); one taken and
    not yet written is the one kept."""
    return kept_draft(app.store, sid, seat)


def kept_draft(store: Any, sid: str, seat: str | None = SEAT) -> dict:
    """`stored_draft` by the store: the seat's draft taken and not yet written, else the store's, else {}."""
    with TAKEN_LOCK:
        taken = TAKEN.get((store, sid, draft_seat(seat)))
    if taken is not None:
        return copy.deepcopy(taken[1])
    try:
        return store.draft(sid, seat)
    except RuleError:
        return {}


def seat_scratch(store: Any, sid: str, seat: str | None = SEAT) -> dict:
    """A seat's scratch as the server has it now: the live scratch of an open screen of that seat (`LIVE`: read
    it, never change it; every keystroke the server has received is in it), else its kept draft."""
    with TAKEN_LOCK:
        live = LIVE.get((store, sid, draft_seat(seat)))
    return live if live is not None else kept_draft(store, sid, seat)


def draft_of(value: Any) -> Any:
    """The part of a view's scratch kept as the draft: plain JSON, without keys starting with "_" (tab-only
    scratch) and without "phase" keys (whether a private entry is uncovered: a draft brought back starts
    covered) at any depth; None for what cannot be kept."""
    if isinstance(value, dict):
        kept = {}
        for key, item in value.items():
            if isinstance(key, str) and not key.startswith("_") and key != "phase":
                plain = draft_of(item)
                if plain is not None or item is None:
                    kept[key] = plain
        return kept
    if isinstance(value, (list, tuple)):
        return [draft_of(item) for item in value]
    if value is None or isinstance(value, (str, int, bool)) or (isinstance(value, float) and value == value):
        return value
    return None


def take_draft(app: Any, sid: str, local: dict, seat: str | None = SEAT) -> tuple[dict, str]:
    """A seat's draft as it is now, and its text; one changed since it was last taken is what a screen opening
    meanwhile brings back (`TAKEN`) until it is written."""
    draft = draft_of(local)
    text = json.dumps(draft, sort_keys=True, ensure_ascii=False)
    if text != local.get("_draft_taken"):
        local["_draft_taken"] = text
        with TAKEN_LOCK:
            TAKEN[(app.store, sid, draft_seat(seat))] = text, draft
    return draft, text


def save_draft(app: Any, sid: str, local: dict, seat: str | None = SEAT) -> Future | None:
    """Store a seat's draft if it changed since it was last written: taken now, written on `DRAFT_WRITER` (the
    write, or None when nothing changed). A draft the store refuses (the session is gone, or it is too long) is
    not asked again until it changes."""
    draft, text = take_draft(app, sid, local, seat)
    key = (app.store, sid, draft_seat(seat))
    if text == local.get("_draft_saved"):
        forget_taken(key, text)
        return None
    local["_draft_saved"] = text
    written = DRAFT_WRITER.submit(write_draft, app.store, sid, seat, draft)
    written.add_done_callback(lambda _: forget_taken(key, text))
    return written


def forget_taken(key: tuple[Any, str, str], text: str) -> None:
    """A draft has been written (or refused): the store says what is kept, unless another was taken since."""
    with TAKEN_LOCK:
        if TAKEN.get(key, ("",))[0] == text:
            del TAKEN[key]


def write_draft(store: Any, sid: str, seat: str | None, draft: dict) -> None:
    """Write a draft (on the drafts thread); a refusal is dropped (see `save_draft`)."""
    with suppress(RuleError):
        store.set_draft(sid, seat, draft)


def flush_drafts(store: Any) -> None:
    """Write every draft of store not yet written, as it is now: each taken and not written, then each open
    screen's (`LIVE`); the server calls this before it stops (a keystroke less than `DRAFT_EVERY_S` old, or one
    whose write was still queued, was lost by a restart). Written on `DRAFT_WRITER` after the writes queued there
    (written from the stopping thread, a queued older draft then overwrote the newer one). A draft the store
    refuses, or a scratch changing while it is read, is left."""
    DRAFT_WRITER.submit(write_pending, store).result(timeout=FLUSH_WAIT_S)


def write_pending(store: Any) -> None:
    """Write the drafts of store not yet written (`flush_drafts`)."""
    with TAKEN_LOCK:
        taken = [(key, draft) for key, (_, draft) in TAKEN.items() if key[0] is store]
        live = [(key, local) for key, local in LIVE.items() if key[0] is store]
    for (_, sid, seat), draft in taken:
        with suppress(RuleError):
            store.set_draft(sid, seat, draft)
    for (_, sid, seat), local in live:
        with suppress(RuleError, RuntimeError):
            store.set_draft(sid, seat, draft_of(local))


async def keep_draft(app: Any, sid: str, local: dict, seat: str | None = SEAT) -> None:
    """While the screen is open, store the seat's draft about once a second when it changed; it ends once the
    screen's tab is gone (Flet closes the session a tab left without closing its screens: a keeper for each time a
    phone's connection dropped ran on, holding that page)."""
    page = tab_page()
    local.setdefault("_draft_saved", json.dumps(draft_of(local), sort_keys=True, ensure_ascii=False))
    while page is None or not tab_gone(page):
        await asyncio.sleep(DRAFT_EVERY_S)
        save_draft(app, sid, local, seat)


def current(app: Any, sid: str, feed: Any) -> tuple[dict, dict]:
    """The record and state this render shows: the feed's newest while it follows the session, else the store's
    (a tab's feed outlives its screen: the session may have changed, or been deleted, since it last followed)."""
    if feed is not None and feed.version and app.live(sid).follows(feed):
        return feed.record, feed.state
    return app.live(sid).fresh()


def build(app: Any, sid: str, read_only: bool, feed: Any = None, pinned: list | None = None
          ) -> tuple[str, ft.Control, str]:
    """The frame of session sid: title, body, back route."""
    try:
        record, state = current(app, sid, feed)
    except (RuleError, KeyError) as err:
        message = words.error(app.lang, err) if isinstance(err, RuleError) else app.t("app.session_missing")
        return app.t("app.title"), ft.Text(message), "/"
    app.moved(sid, mark(record))
    to_top_at_the_end(app.local(f"session:{sid}"), bool(state.get("over")))
    eng = engine(record["game"])
    board = app.store.scoreboard(record, state)
    title = session_game(app.lang, record, board.lower_wins)
    main: list[ft.Control] = []
    entries = [] if read_only or state.get("over") else eng.prompt(state)
    waited = entries[0]["type"] if entries else None
    if waited is not None:
        main.append(next_step(app, eng, state, entries))
    banner = header(app, eng, state, waited)
    main += [*([banner] if banner else []), *([played(app, record)] if read_only else []),
             ways_out(app, sid, record["game"], read_only, [] if read_only else undo_redo(app, sid, record, state))]
    folds = Folds(app.local(f"session:{sid}"), app.render)
    if state.get("over"):
        main += with_final(record["game"], lambda: game_context(app, sid, record, state, eng),
                           [end_panel(app, record, board, folds, heading=banner is None)])
    main += chosen_options(app.lang, eng, state["options"])
    if not state.get("over") and not read_only:
        main += spliced(game_body(app, sid, record, state, eng, pinned))
    side: list[ft.Control] = [] if state.get("over") else [scoreboard_panel(app.t, app.lang, board, folds, limit=SHOWN)]
    more = show_all(app, app.local(f"session:{sid}"))
    log = public_log(record, state, SHOWN if more else None)
    side += [log_panel(app.lang, log, len(record["actions"]), folds, more),
             file_actions(app, sid, read_only, state)]
    return title, two_columns(main, side, cols=columns_of(record["game"])), "/"


def ways_out(app: Any, sid: str, game: str, read_only: bool, undoing: list[ft.Control]) -> ft.Control:
    """The game's rules and, while it is played, table mode and Undo and Redo (undoing), under the next step and
    the round line.
    Ruling (session 70): table mode stood at the foot, below the scoreboard and the whole log, where a table that
    wanted a phone per player did not find it; it now stands beside the rules, under the next step (never above
    it), and wraps under them on a phone.
    Ruling (session 75): Undo stood on a row of its own under them, so the shell's lines above a game took about
    240 px of a 1024x768 tablet (Nab-It!'s board and its Play button were pushed down); it now follows on the same
    row where there is room, and wraps under them on a phone as before."""
    controls = [rules.rules_button(app, game, back=app.page.route)]
    if not read_only:
        controls.append(ft.OutlinedButton(content=app.t("table.open"), icon=ft.Icons.PHONELINK,
                                          on_click=lambda e: app.go(f"/table/{sid}")))
    return ft.Row(wrap=True, controls=controls + undoing)


def chosen_options(lang: str, eng: Any, options: dict) -> list[ft.Control]:
    """The options the table chose (the engine's `chosen_options`), each on a small line of its own under
    "Options", as the new-session screen words them; nothing in a plain game.
    RULING (the table's choices stay in sight): they were said only on the new-session screen, so at the table
    nobody could see that Mighty Duel's 7×7, a score pad's lowest-wins or Flip 7's shared tie were in play. The
    line stands above the game's own view (under the next step, below it once the game is over, the winners
    first); a phone's race buttons are pinned above the scrolling screen, so it never pushes them down."""
    chosen = eng.chosen_options(options)
    if not chosen:
        return []
    lines = [words.say(lang, "app.options")] + [words.readable(lang, message) for message in chosen]
    return [aside(lang, "\n".join(lines), size=14, key="chosen-options")]


def to_top_at_the_end(local: dict, over: bool) -> None:
    """Draw the scrolling part anew from its top (`GameContext.turn_page`) when the game ends while this screen
    shows it, by a tap here or on another screen.
    Ruling (as a table-mode phone, `views.table.leads`): the tap that ends a game is often at the screen's foot
    (Solar Storm's "Activate the Energy Core", a score pad's last round), and the screen stayed there, the winners
    out of sight above; the end screen leads with them. A game opened already over starts at the top anyway, and
    an undone end leaves the screen where it is."""
    if over and local.get(ENDED) is False:
        local[PAGE] = local.get(PAGE, 0) + 1
    local[ENDED] = over


def played(app: Any, record: dict) -> ft.Control:
    """When a session in history was played and for how long, as its History tile dates it (by its start)."""
    return ft.Text(app.t("app.history_played", date=words.when(app.lang, record["created"]),
                         duration=words.duration(app.lang, record["created"], record["updated"])), size=15)


def two_columns(main: list[ft.Control], side: list[ft.Control], main_spacing: int = 12,
                cols: tuple[dict, dict] = (MAIN_COLS, SIDE_COLS)) -> ft.ResponsiveRow:
    """A screen's main column and its side column (the scoreboard and the log): side by side from Flet's "md"
    width (unless a game's `cols` say otherwise), the side one under the main one on a phone; read by a screen
    reader column by column (`views.ui.reading_column`)."""
    return ft.ResponsiveRow(controls=[reading_column(main, col=cols[0], spacing=main_spacing),
                                      reading_column(side, col=cols[1], spacing=12)])


def columns_of(game: str) -> tuple[dict, dict]:
    """The session screen's main and side columns for a game: its view's `MAIN_COLS` and `SIDE_COLS` where it
    sets them (Nab-It!'s board and letters take a landscape tablet's whole width), else the shell's."""
    view = view_of(game)
    return getattr(view, "MAIN_COLS", MAIN_COLS), getattr(view, "SIDE_COLS", SIDE_COLS)


def show_all(app: Any, scratch: dict, fetch: Any = None) -> Any:
    """None once the screen whose scratch (its draft: `draft_of`) this is chose to see every entry of its log,
    else the function that chooses it and shows the screen again (or, given fetch, calls fetch instead: where the
    entries come from elsewhere, e.g. the host's table screen asks the table's hub for the whole log, whose
    message shows the screen again)."""
    if scratch.get(LOG_ALL):
        return None

    def choose() -> None:
        """Show every entry from now on on this screen."""
        scratch[LOG_ALL] = True
        (fetch or app.render)()

    return choose


def next_step(app: Any, eng: Any, state: dict, entries: list[dict] | None = None) -> ft.Control:
    """What the table is waiting for, first thing first (the engine's prompt, in words: the game's own name of the
    move, or of the step the entry names, where it has one, e.g. Nab-It's letter tiles or Solar Storm's Hull
    Breach roll, else the shell's), its words kept whole (`words.whole_words`: "下一步（Ann）：选" / "定题目" was
    seen at a phone's 2x text); entries: the prompt, where the caller has asked it already."""
    entries = eng.prompt(state) if entries is None else entries
    if not entries:
        return ft.Container()
    first = entries[0]
    kind = first["type"]
    who = [e["by"] for e in entries if e["type"] == kind]
    names = [words.whole_name(app.t("app.table") if w == "table" else w) for w in who]
    what = words.move_name(app.lang, eng.game.id, kind, first.get("step")) or app.t("app.move.other")
    return ft.Container(
        bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=8, padding=10,
        content=ft.Row(wrap=False, controls=[
            ft.Icon(ft.Icons.ARROW_FORWARD, color=ft.Colors.ON_TERTIARY_CONTAINER),
            ft.Text(words.no_orphan(app.t("app.next_step", who=names, what=words.whole_words(what))), size=18,
                    weight=ft.FontWeight.BOLD, color=ft.Colors.ON_TERTIARY_CONTAINER, expand=True),
        ]))


def said_once(eng: Any, status: dict, kind: str | None) -> dict:
    """The engine's status as a status line says it beside a line naming the table's next move (of kind; None where
    no line names it), so the next move is said once, by that line.
    Ruling: that line names who and what the table waits for, so the status line leaves out whose turn it is (the
    same player, or a stale one: Splitter's roller and Bacon's dealer while the table rolls or deals) and a phase
    that is that move (the engine's `move_phase`: Splitter's "Roll the dice", Pictomania's "Deal the cards", Nab-It!'s
    "Building words" under "play letter tiles"); it keeps the round of how many and any other phase (Nab-It!'s
    "Last tile played", "Ann and Bo tied at the top with 205 points: play another round")."""
    if kind is None:
        return status
    phase = None if status.get("phase") == eng.phase_key(eng.move_phase(kind)) else status.get("phase")
    return {**status, "turn": None, "phase": phase}


def header(app: Any, eng: Any, state: dict, waited: str | None = None) -> ft.Control | None:
    """Round (in the game's own word: Bacon's deal), phase and whose turn, from the engine's status, under the
    next-step line that names the move of kind waited (None: no such line) and so less what that line says
    (`said_once`); None for a finished game with no round to tell (it would say only "Game over", the end screen's
    heading under it), and a hidden box with nothing left to say (Knit Wit's answering: no round, and its phase is
    the move the line over it names; an empty coloured box stood there): hidden, not gone, so a field below keeps
    its place in the screen's list (Flet matches controls by place: one that comes or goes above a field makes it
    a new field, which loses the keyboard).

    Ruling: a finished game's screen says "Game over" once. Where this banner is shown it says it ("Deal 2 of 2 ·
    Game over", every game's last phase) and the end screen under it has no heading of its own; where it is not,
    the end screen's heading says it."""
    status = said_once(eng, eng.status(state), waited)
    if status.get("over") and status.get("round") is None and not status.get("turn"):
        return None
    parts = []
    if status.get("round") is not None:
        t = game_words(app.t, app.lang, eng.game.id)
        parts.append(t("app.round_of", round=status["round"], rounds=status["rounds"]) if status.get("rounds")
                     else t("app.round", round=status["round"]))
    if status.get("phase"):
        parts.append(app.t(status["phase"], **status["said"]))
    if status.get("turn"):
        parts.append(app.t("app.turn", name=status["turn"]))
    if status.get("over") and not status.get("phase"):
        parts.append(app.t("app.over"))
    if not parts:
        return ft.Container(visible=False)
    return ft.Container(
        bgcolor=ft.Colors.PRIMARY_CONTAINER, border_radius=8, padding=10, alignment=ft.Alignment.TOP_LEFT,
        content=ft.Text(status_line(app.t("app.status_sep"), parts), size=18, weight=ft.FontWeight.W_600),
    )


def status_line(sep: str, parts: list[str]) -> str:
    """The header's parts joined by sep, each kept on one line where it is short, and a line breaking only after a
    separator: "Round 1 of 3 · The setter gives a topic ·" over "Ann's turn", not "… topic" over "· Ann's" and
    "turn" alone. A short Chinese part is kept whole too (`words.whole_name`): "逐" over "轮录入" and "出" over
    "题者出题" had broken a phase's name at 1.5–2× text."""
    kept = [words.whole_name(p) if len(p) <= SHORT_PART else words.no_orphan(p) for p in parts]
    return sep.replace(" ", "\u00a0", 1).join(kept)


def undo_redo(app: Any, sid: str, record: dict, state: dict) -> list[ft.Control]:
    """The session screen's Undo and Redo (`undo_redo_row`'s buttons, for the rules' row: `ways_out`) for the record
    as shown: Undo names the log's last action as its row does, Redo the action it would put back
    (`scoring.record.redo_entry`)."""
    last = public_log(record, state, 1)
    return undo_redo_row(app, sid, last[-1] if last else None, redo_entry(record, state), mark(record)).controls


def undo_redo_row(app: Any, sid: str, last: dict | None, again: dict | None, shown: Mark,
                  check: Callable[[], None] | None = None, failed: Callable[[], None] | None = None) -> ft.Control:
    """Undo and redo buttons that say which action they take back or put back (last, again: public log entries, or None:
    `undo_label`, `redo_label`, which say too when the action recorded a round), each the log's as shown (keyed anew for
    each mark, shown: `mark_key`): a second quick tap reaches a button gone (answered as a tap that came too late), not
    the next undo or redo, drawn in its place, which would take back (or put back) an action its label never named. Redo
    is keyed so only while there is something to put back (a disabled button takes no tap), so a tap that adds a round
    does not send it again. The session screen (`undo_redo`) and the host's table screen (`views.table`, from the hub's
    message) show it; a change goes through the live session, which tells every tab and the table's hub (every phone).
    Ruling: Redo shows only while there is something to put back. A disabled Redo beside Undo wrapped to a row of
    its own once Undo's label grew ("Undo: Round 10 scores: …" on a 390 px phone), moving the round's fields and
    "Add round" 58 px down between two rounds, under a finger typing the next.
    check: called before each undo or redo, refusing it with a RuleError (a referee's phone: `TableHub.check_undo`,
    its seat freed or no longer the referee's since the screen was drawn), or None; failed: called when an undo or
    redo check let through is refused (the table's consent asked for, a stale screen), so a referee's phone does
    not take the host's next undo for its own (`views.join.tell_undone`), or None."""
    undone = entry_named(app.lang, last) if last else None
    undo_text = words.no_orphan(undo_label(app.lang, last) if last else app.t("app.undo"))
    redo_text = words.no_orphan(redo_label(app.lang, again) if again else app.t("app.redo"))
    hub = app.live(sid)
    drawn = mark_key(app, sid, shown)

    def checked(change: Callable[[], Any]) -> None:
        """Make the change if `check` lets it; `failed` if the change itself is refused."""
        if check is not None:
            check()
        try:
            change()
        except RuleError:
            if failed is not None:
                failed()
            raise

    def undo_now(consent: bool) -> None:
        """Take back the last action, if this screen may (with the table's consent when it showed something)."""
        checked(lambda: hub.undo(words.now(), consent, shown))

    def redo_now() -> None:
        """Put back the action last undone, if this screen may."""
        checked(lambda: hub.redo(words.now(), shown))

    def do_undo(consent: bool) -> None:
        """Take back the last action (with the table's consent when it revealed something)."""
        attempt(app, sid, lambda: undo_now(consent))

    def ask_undo() -> None:
        """Undo, asking the table first if the action showed hidden information (the record refuses it without
        consent: whether it did may depend on the state it was made in, e.g. the last claim of a race)."""

        def first_try() -> None:
            """Undo without consent; when the record asks for it, ask the table."""
            try:
                undo_now(False)
            except RuleError as err:
                if err.key != "record.undo_needs_consent":
                    raise
                app.confirm(app.t("app.undo_consent_title"), app.t("app.undo_consent", what=undone),
                            app.t("app.undo_consent_yes"), lambda: do_undo(True))

        attempt(app, sid, first_try)

    return ft.Row(wrap=True, controls=[
        focus.keep(app.page, "undo", ft.OutlinedButton(
            content=undo_text, icon=ft.Icons.UNDO, disabled=last is None, on_click=lambda e: ask_undo(),
            key=drawn), instead="redo"),
        focus.keep(app.page, "redo", ft.OutlinedButton(
            content=redo_text, icon=ft.Icons.REDO, disabled=again is None, visible=again is not None,
            key=-drawn if again else "redo", on_click=lambda e: attempt(app, sid, redo_now)),
            instead="undo"),
    ])


def mark_key(app: Any, sid: str, shown: Mark) -> int:
    """A key for controls drawn for the log's mark (Undo and Redo): how many marks of session sid this tab has
    drawn, counting this one (its scratch keeps the last mark and its number), so a mark other than the last one
    drawn gets a key no render of the tab has used. A key is sent with its control: the mark's count above the
    first 32 bits of its fingerprint, as one number, took 9 B as MessagePack with every tap's new Undo (a tab's
    first 127 marks take 1 B, the next 65,408 take 3), and Redo's "redo-" and that number 19 B with every undo's;
    a key told apart the marks of one tab only, and this one tells every two apart (two like actions made in the
    same second have the same fingerprint)."""
    drawn = app.local(f"marks:{sid}")
    if drawn.get("mark") != shown:
        drawn.update(mark=shown, key=drawn.get("key", 0) + 1)
    return drawn["key"]


def attempt(app: Any, sid: str, change: Any, refused: Callable[[RuleError], None] | None = None) -> bool:
    """Make a change through the live session; a refusal is said in words (or handed to `refused`, given), and a
    stale one also shows the fresh state (another phone acted first)."""
    try:
        change()
    except RuleError as err:
        if err.key == STALE:
            hub = app.live(sid)
            hub.publish(*hub.fresh())
            app.notify("app.stale", error=True)
        else:
            (refused or app.show_error)(err)
        return False
    app.answered()
    return True


def game_body(app: Any, sid: str, record: dict, state: dict, eng: Any, pinned: list | None = None) -> ft.Control:
    """The game's own view, given a context that applies its actions through the live session."""
    view = view_of(record["game"])
    if view is None:
        return aside(app.lang, app.t("app.coming_soon"))
    return view.build(game_context(app, sid, record, state, eng, pinned))


def spliced(body: ft.Control, spacing: int = 12) -> list[ft.Control]:
    """A game's body as lines of the screen's main column (its spacing: spacing): a plain column spaced as the main
    one (nothing else set) gives its lines straight, so they stand as they stood; anything else stands whole.
    The plain column was a level more on the way to every change a tap sends in a game's body (a score pad's
    heading, fields and rounds: about 14 B a tap)."""
    plain = ft.Column(spacing=spacing)
    if type(body) is not ft.Column or any(getattr(body, f.name) != getattr(plain, f.name)
                                          for f in dataclasses.fields(body) if f.name not in ("controls", "_i")):
        return [body]
    return list(body.controls)


def with_final(game: str, context: Callable[[], GameContext], ending: list[ft.Control]) -> list[ft.Control]:
    """The end panel with the game's own end view (`final(ctx)`, optional: e.g. the finished boards with their
    groups, Pictomania's last reveal), built on the screen's context; it follows the end panel unless the view's
    `FINAL_LEADS` says it is the news (a cooperative crew's outcome)."""
    view = view_of(game)
    own = [view.final(context())] if view is not None and hasattr(view, "final") else []
    return own + ending if getattr(view, "FINAL_LEADS", False) else ending + own


def game_context(app: Any, sid: str, record: dict, state: dict, eng: Any, pinned: list | None = None
                 ) -> GameContext:
    """A context whose dispatch applies actions through the live session, as of this render's log; within one
    tap's handler also after the actions that handler has saved (a Knit Wit sheet's "Done" saves each answer as
    its own action), while another tap before the re-render is still refused as stale."""
    taps = TapCount(mark(record))
    hub = app.live(sid)

    def play(action: dict, refused: Callable[[RuleError], None] | None = None) -> bool:
        """Play an action against the log this render showed (plus this tap's own); offer undo after one the
        table cannot simply take back; a refusal handed to `refused` where given (`GameContext.dispatch`)."""
        shown = taps.shown()
        before = hub.fresh()[1]
        made: list[tuple[dict, dict]] = []
        if not attempt(app, sid, lambda: made.append(hub.play(action, action.get("at") or words.now(), shown)),
                       refused):
            return False
        after = mark(made[0][0])
        taps.took(after)
        if eng.reveals(action, before):
            nth = ordinal(record["actions"], action, False)
            app.notify("app.done_what", {"what": lambda lang: done(lang, eng, made[0][1], action, nth)},
                       action="app.undo",
                       on_action=lambda: attempt(app, sid, lambda: hub.undo(words.now(), True, after)))
        return True

    def apply(action: dict, refused: Callable[[RuleError], None] | None = None) -> bool:
        """Apply, asking first for a move that can never be undone (its refusal, after the question, is shown:
        the form that asked has drawn since)."""
        if not eng.undoable(action):
            what = describe(app.lang, eng, action, ordinal(record["actions"], action, False))
            app.confirm(app.t("app.final_title"), app.t("app.final_confirm", what=what),
                        app.t("app.final_yes"), lambda: play(action))
            return False
        return play(action, refused)

    return GameContext(lang=app.lang, record=record, state=state, engine=eng, page=app.page, store=app.store,
                       local=app.local(f"session:{sid}"), sound=bool(app.settings.get("sound", True)),
                       apply=apply, show_error=app.show_error, refresh=app.render_soon,
                       pin=pinned.append if pinned is not None else None)


def end_panel(app: Any, record: dict, board: Any, folds: Folds, heading: bool = True) -> ft.Control:
    """The end screen: "Game over" (where the screen has not said it above: heading), why the game ended (where its
    engine says: a target reached, the last round played, the table's finish), winners (or "No winner"),
    ranking with shared places and breakdown, and the chart for round games. A cooperative crew wins or loses
    together: its game's own end view says which and why (it leads the screen), and here it has the crew's shared
    points only, no winner among them and no ranking (a lost crew read "No winner" and "Ranking: 1. A (0), 1. B
    (0)" under its banner).

    A game whose end view lists every scoring line itself (`FINAL_LISTS_POINTS`: Kingdomino's kingdoms) has its
    rows start shut, so the lines are not all said twice.

    Ruling: the ranking is said once, by the scoreboard's rows ("1. A (4)", the place shared by a tie, each row
    folding out its breakdown). A line "Ranking: 1. A (4), 2. B (3)" above them said every place and total a second
    time, and a screen reader read both."""
    controls: list[ft.Control] = [ft.Text(app.t("app.game_over"), size=24, weight=ft.FontWeight.BOLD)] if heading \
        else []
    if board.ended:
        controls.append(ended_line(app.lang, board.ended))
    if not cooperative(board.game):
        controls += ranked(app, record, board)
    shut = getattr(view_of(record.get("game", "")), "FINAL_LISTS_POINTS", False)  # the game's end view lists them
    controls.append(scoreboard_panel(app.t, app.lang, board, folds, expanded=not shut))
    if board.rounds:
        t = game_words(app.t, app.lang, record["game"])
        controls.append(team_chart(t, board) if board.teams else score_chart(
            t, [p["name"] for p in record["players"]], list(board.rounds),
            {p["name"]: p.get("colour") for p in record["players"]}, board.start))
    return ft.Column(controls=controls, spacing=10)


def ended_line(lang: str, ended: dict) -> ft.Control:
    """Why the game ended, as its engine said it (`Scoreboard.ended`: "Bo reached the target of 50", "Ended after
    round 10 of 10", "The table ended the game"), under "Game over"."""
    return ft.Text(words.say(lang, ended["key"], **{k: v for k, v in ended.items() if k != "key"}), size=16)


def ranked(app: Any, record: dict, board: Any) -> list[ft.Control]:
    """A game played against each other: who won (or "No winner") and which tie-break decided (the ranking follows
    in the scoreboard)."""
    winners = [words.whole_name(name) for name in board.winners]  # a line never breaks inside a name
    said = app.t("app.winner" if len(winners) == 1 else "app.winners", names=winners) if winners \
        else app.t("app.no_winner")
    controls: list[ft.Control] = [
        ft.Row(controls=[ft.Icon(outcome_icon(bool(winners)), color=ft.Colors.AMBER if winners else ft.Colors.OUTLINE,
                                 size=36),
                         ft.Text(said, size=22, weight=ft.FontWeight.BOLD)], wrap=True),
    ]
    if board.tiebreak_used:  # in the game's own words where it has them: which tie-break decided, with what
        controls.append(aside(app.lang, words.say_for(app.lang, record["game"], "app.tiebreak_used")))
        counted, counts = f"{record['game']}.{COUNTS_KEY}", tied_counts(app.lang, board)
        if counted in i18n.table(app.lang) and counts:
            controls.append(aside(app.lang, words.say(app.lang, counted, counts=counts)))
    return controls


def tied_counts(lang: str, board: Any) -> str:
    """The scoreboard's players tied on points with the winners and their tie-break values ("Ann 3, Ben 2"; each
    pair kept whole), said after the tie-break by a game with words for them (`COUNTS_KEY`)."""
    return words.readable(lang, board.tied_values(), whole=True)


def team_chart(t: Callable[..., str], board: Any) -> ft.Control:
    """A team game's chart: one line per team (its members carry the team's total)."""
    names = {t("app.chart_team", team=i + 1, names=" + ".join(team)): team[0] for i, team in enumerate(board.teams)}
    return score_chart(t, list(names), [{name: r.get(first, 0) for name, first in names.items()}
                                        for r in board.rounds],
                       start={name: board.start.get(first, 0) for name, first in names.items()})


def file_actions(app: Any, sid: str, read_only: bool, state: dict) -> ft.Control:
    """Export the session (shown in `state`) to a JSON file, or delete it (after confirmation, the host only): in
    history, or while unfinished (an abandoned game stayed under Continue for good, History lists finished ones)."""

    async def export() -> None:
        """Save the session as a JSON file (a download in the browser); a session gone meanwhile (deleted in
        another tab) is said to be gone: raised in this task, the refusal only reached the server's log."""
        try:
            text = app.store.export(sid)
        except RuleError as err:
            app.show_error(err)
            return
        await app.picker.save_file(file_name=f"tableside-{sid}.json", src_bytes=text.encode("utf-8"))

    def delete() -> None:
        """Delete the session for good, after the table confirms."""

        def gone() -> None:
            """Remove it and go home (the host only)."""
            if not app.host:
                app.show_error("app.host_only")
                return
            try:
                delete_session(app.store, sid)
            except RuleError as err:
                app.show_error(err)
                return
            app.go("/")

        app.confirm(app.t("app.delete_title"), app.t("app.delete_confirm"), app.t("app.delete"), gone)

    controls: list[ft.Control] = [ft.OutlinedButton(content=app.t("app.export"), icon=ft.Icons.DOWNLOAD,
                                                    on_click=lambda e: app.page.run_task(export))]
    controls.append(ft.OutlinedButton(content=app.t("app.delete"), icon=ft.Icons.DELETE,
                                      on_click=lambda e: delete()))
    if state.get("over"):
        controls += stats.bgstats_buttons(app, sid)
    return ft.Row(controls=controls, wrap=True)
