"""What one tap sends (issue 14: bytes per tap against a whole-page render), with Flet's own session in one
process (`tests.flet_session`): "add round" in a score pad session long enough that the rounds table and the log
show their newest rows only, as in `benchmarks/bench_screens.py`'s 500-action session.

Where the bytes of that tap went (December 2026, 1,188 B): Flet's table of the patch's paths (every control
level from the screen's root to each change, a property name such as "controls" at each: 492 B), the new Undo
button (keyed by the log's mark, so a late second tap misses it: 128 B), the new rounds row (219 B) and log row
(96 B), and the texts that change (the status line, the form's heading, the emptied fields, the totals in the
table and the scoreboard with its read-out, the log's count with its read-out)."""

from __future__ import annotations

import itertools
from typing import Callable

import flet as ft
from flet.controls.id_counter import ControlId

from benchmarks.bench_game_taps import way_back
from benchmarks.bench_replay import build
from benchmarks.bench_screens import session, typed_round
from storage import Store
from tests.flet_session import connect, settle
from tests.helpers import field_named, run_async
from views.app import main_for

ROUNDS = 30  # more than the table's and the log's newest rows (20 each): a round shifts both
BUDGET = 1_450  # bytes: 1,142 in December 2026 (a whole page of this session is about 16,800); 1,528 once a phone
# showed each round as a block (the new round's block and the totals' line besides the table's row), 1,376 once the
# block was two light controls (a whole page: 18,768), 1,347 once three boxes on the way were gone (a whole page:
# 18,557), 1,319 once the table's round label was words kept whole, not a Text of its own (a whole page: 18,070),
# 1,286 once a fold's lines were dividers in its column, not a bordered box around it (a whole page: 17,844),
# 1,270 once a game's plain body column stood as lines of the screen's main column (a whole page: 17,840),
# 1,254 once the rounds' hint and "show all" stood in the rounds' responsive row, not a column (a whole page: 17,828),
# 1,222 once a closed fold (a scoreboard row) was its head alone, not a column of one (a whole page: 17,644),
# 1,208 once the log's and the rounds table's rows were keyed by bare numbers (a whole page: 17,364),
# 1,200 once the new Undo's key was its mark as one number, not "undo-31-dfdd5e13" (a whole page: 17,356),
# 1,257 once the new Undo, Redo and round's buttons reported their keyboard focus (`views.focus`: the focus follows
# them when they are drawn anew), 1,251 once a phone's round block was keyed by bare numbers (7, -7), not "r7" and
# "v7" (a whole page: 18,757 in `bench_tap_server`'s 500-action session), 1,243 once Undo was keyed by how many
# marks the tab had drawn, not by a 64-bit number of the mark (a whole page: 18,749), 1,297 once each round field's
# player was named whole above it, not cut inside it at 2x text (`views.ui.label_above`: each cleared field's path
# two levels deeper; a whole page: 18,966), 1,363 once a fold's head was one merged node the browser can focus, its
# title and total drawn in nodes left out of its read-out (two levels more on the way to a scoreboard row's total
# and the log's count), 1,330 once those drawn texts were left out of the read-out by an empty name of their own,
# not by a node around each (`views.components.folds.unread`: a level less on the way; a whole page: 18,664),
# 1,447 once the round just added was said after the send button ("已记入第 31 轮：A 3 · B 3", a live region,
# `round_edit.added_line`: 102 B and its path's 15; a second round added meanwhile sends its words only, the line
# kept, 1,441 B against 1,365 B in `bench_tap_server`'s 500-action session);
# a word more on the screen may take a few of the margin, a part of the screen sent again would take it all
UNDO_BUDGET = 1_485  # bytes: Undo of that round, 1,372 in December 2026, 1,426 with the names above the fields,
# 1,492 once a fold's head was one merged node (1.10x the add's: `REDO_SHOWN`), 1,459 with its drawn texts named
# by nothing, 1,478 once the round just added was said after the send button (the undo takes that line away)
REDO_SHOWN = 132  # bytes an undo may send beyond its add's: the Redo shown (123), the hidden one gone, the form
# handed the round back ("3" for "": 1 B a field)
SOLAR_STORM_MOVE = 3_211  # bytes: a Solar Storm move tap in a fresh game of two: 14,661 with the rooms a move goes
# to wrapped in a tap handler and the others not (each move sent those rooms whole), 3,183 with every room alike,
# 3,202 in December 2026, 3,194 once Undo's key was the count of marks the tab had drawn, 3,216 once a fold's head
# was one merged node (as the add's), 3,205 with its drawn texts named by nothing
SPLITTER_UNDONE = 80  # actions: round 20's last write (P2's) taken back while P0's sheet is shown
SPLITTER_UNDO = 1_565  # bytes: 1,454 in December 2026 (the shown sheet sent again would be about 20 KB), 1,476
# once a fold's head was one merged node, 1,465 with its drawn texts named by nothing, 1,542 once a write's words
# named its squares ("in row 3, columns 2 and 7", on the Undo and Redo buttons and the log's rows the undo changes),
# 1,563 once the last write of a round is undone saying the whole round reopens (and Redo that it records it)
SOLAR_STORM_ENDS, SOLAR_STORM_DISCARD = (10, 46), 60  # actions: logs ending in P1's "End actions", and in a discard
SOLAR_STORM_UNDO = 1_229  # bytes: "End actions" taken back, 1,093 at 10 actions and 1,171 at 46 in December 2026,
# 1,104 and 1,182 with the fold heads' drawn texts named by nothing (1,115 and 1,193 before)
SOLAR_STORM_UNDO_DISCARD = 1_649  # bytes: a discard taken back, 1,600 (1,714 with the card buttons keyed by JSON),
# 1,611 with the fold heads' drawn texts named by nothing (1,622 before)


def mounted(sess, kind: type, **fields) -> ft.Control:
    """The one mounted control of a kind with these field values (a field's label Text read as its words)."""
    found = [c for c in list(sess.index.values()) if isinstance(c, kind)
             and all(getattr(getattr(c, k), "value", getattr(c, k)) == v for k, v in fields.items())]
    assert len(found) == 1, (kind, fields, found)
    return found[0]


async def add_and_undo_bytes(store: Store) -> tuple[int, int]:
    """Open a long score pad session, type a round and tap "add round", then Undo: the bytes the server sends for
    each tap."""
    sid = session(store, ROUNDS)
    sess, conn = await connect(main_for(store), f"/play/{sid}")
    for name, typed in typed_round(ROUNDS).items():
        field = field_named(list(sess.index.values()), name)
        sess.apply_patch(field._i, {"value": typed})
        await sess.dispatch_event(field._i, "change", typed)
    await settle()
    conn.frames.clear()
    await sess.dispatch_event(mounted(sess, ft.FilledButton, content="记入本轮")._i, "click", None)
    await settle()
    added = sum(map(len, conn.frames))
    conn.frames.clear()
    await sess.dispatch_event(way_back(sess, "app.undo_what")._i, "click", None)
    await settle()
    undone = sum(map(len, conn.frames))
    assert len(store.record(sid)["actions"]) == ROUNDS
    sess.close()
    await settle()
    return added, undone


def test_add_round_in_a_long_session_sends_within_its_budget(tmp_path, monkeypatch):
    """The tap sends the changes only, each by the shortest path the screen allows: the log's new row goes
    straight into its panel's column (a column of its own inside it cost every tap a path level: 1,156 B before,
    1,140 B after), and the new Undo button's key holds 32 bits of its mark's fingerprint, not 64 (1,132 B; 1,142 B
    once the header's short Chinese parts were kept whole by word joiners). A phone's block for the new round
    (`round_edit.round_block`, 1,528 B with it) is its button with a plain label, not a Text in it (1,498 B), then
    its values' Text stood in by its own margin, not by a Container (1,420 B), the two straight in the blocks'
    column, not in a column of their own (1,387 B), under short keys (1,376 B; 1,380 B in December 2026 before the
    next cuts). A level fewer on the way: the rounds table's scrolling row takes its `col` itself, not from a box
    (1,369 B); the log's open contents are a column straight in its fold, its padding as its margin, not in a box
    that placed it (1,358 B); the screen's body is set in by its own margin, not by a padded box (1,347 B). The
    hidden table's new row: its round button's label is plain words kept on one line by no-break spaces, not a
    Text that does not wrap (1,319 B). A fold (the scoreboard's rows, the log) is its column with its lines as
    dividers in it, not a box around the column holding its border (1,286 B). The score pad's body, a plain
    column spaced as the screen's main column, gives its lines to that column (`views.session.spliced`, 1,270 B);
    the rounds' hint and "show all" stand in the rounds' responsive row, not in a column around it (1,254 B). A
    closed fold (each scoreboard row) is its keyed head alone, not a column holding only it (1,222 B). The log's
    new row and the hidden table's are keyed by bare numbers (30, 31), not "log-30" and "round-31" (1,208 B). The
    new Undo, keyed anew by the log's mark so a late tap misses it, is keyed by the mark as one number (1,200 B),
    then by how many marks the tab has drawn (1,243 B, from 1,251 B once focus handlers and a phone's block keyed
    by bare numbers, 7 and -7, came). A scoreboard row's total and the log's count, drawn in a fold's head but
    left out of its read-out, are named by nothing themselves, not wrapped in a node that leaves them out: a level
    less on the way to each (1,363 B -> 1,330 B)."""
    monkeypatch.setattr(ControlId, "_counter", itertools.count(3))  # ids as a freshly started server's (after a
    # long test run they pass 65,535 and take 5 bytes each, not 3)
    store = Store(tmp_path / "data", exclusive=True)
    try:
        sent, _ = run_async(add_and_undo_bytes(store))
    finally:
        store.close()
    assert sent <= BUDGET, sent


def test_undoing_the_round_just_added_sends_its_mirror_and_the_redo_button_only(tmp_path, monkeypatch):
    """Undo after "add round" in the same long session: what the add put on screen goes (the new rows removed,
    4 B each) and what it pushed out of the newest rows comes back (the table's row, the phone's block, the log's
    row: as many bytes as the add's new ones), the round's points are handed back to the form, the texts change
    back, and Undo is drawn anew as after every action; the one thing more is Redo, shown now and keyed anew
    (123 B: a second quick tap must miss it, `views.session.undo_redo_row`). Measured December 2026: add 1,243 B,
    undo 1,372 B."""
    monkeypatch.setattr(ControlId, "_counter", itertools.count(3))
    store = Store(tmp_path / "data", exclusive=True)
    try:
        added, undone = run_async(add_and_undo_bytes(store))
    finally:
        store.close()
    assert undone <= added + REDO_SHOWN, (added, undone)
    assert undone <= UNDO_BUDGET, undone


def test_a_plain_body_column_gives_its_lines_to_the_main_column_and_any_other_stands_whole():
    """A game's body column spaced as the main column and set nothing else stands as its lines; a styled one, or
    another control, stands whole."""
    from views.session import spliced

    lines = [ft.Text("a"), ft.Text("b")]
    assert spliced(ft.Column(spacing=12, controls=lines)) == lines
    for body in (ft.Column(spacing=8, controls=lines), ft.Column(spacing=12, key="k", controls=lines),
                 ft.Column(spacing=12, visible=False, controls=lines), ft.Row(spacing=12, controls=lines)):
        assert spliced(body) == [body]


async def solar_storm_move_bytes(store: Store) -> int:
    """Open a fresh Solar Storm game of two and tap the first room's "Move here": the bytes sent for the tap."""
    from scoring.record import new_record
    sid = store.create(new_record("solar_storm", ["Ann", "Bo"], seed=1, now="2025-01-01T20:00:00+00:00"))
    sess, conn = await connect(main_for(store), f"/play/{sid}")
    move = next(c for c in list(sess.index.values()) if isinstance(c, ft.FilledTonalButton)
                and str(getattr(c.content, "semantics_label", "")).startswith("移动到"))
    conn.frames.clear()
    await sess.dispatch_event(move._i, "click", None)
    await settle()
    sent = sum(map(len, conn.frames))
    assert len(store.record(sid)["actions"]) == 1
    sess.close()
    await settle()
    return sent


def test_a_solar_storm_move_sends_the_rooms_that_changed_only(tmp_path, monkeypatch):
    """A move tap sends what changed in the rooms (the outlines, the names, the "Move here" buttons), not the rooms
    whole: a room the player could move to was wrapped in a tap handler and the others were not, so every move
    changed those rooms' control type and Flet sent them again whole (14,661 B; 3,183 B built alike)."""
    monkeypatch.setattr(ControlId, "_counter", itertools.count(3))
    store = Store(tmp_path / "data", exclusive=True)
    try:
        sent = run_async(solar_storm_move_bytes(store))
    finally:
        store.close()
    assert sent <= SOLAR_STORM_MOVE, sent


async def undo_tap(store: Store, game: str, size: int, watched: Callable[[ft.Control], bool] = lambda c: False
                   ) -> tuple[int, int, int]:
    """Open a game of three whose log is the engine's first choices (`benchmarks.bench_replay.build`) cut to `size`
    actions and tap Undo: the bytes sent, how many `watched` controls the screen showed and how many of them were
    built anew for the tap."""
    record = build(game, size)
    assert len(record["actions"]) == size
    sid = store.create(record)
    sess, conn = await connect(main_for(store), f"/play/{sid}")
    shown = [c for c in list(sess.index.values()) if watched(c)]
    undo = way_back(sess, "app.undo_what")
    conn.frames.clear()
    await sess.dispatch_event(undo._i, "click", None)
    await settle()
    sent = sum(map(len, conn.frames))
    assert len(store.record(sid)["actions"]) == size - 1
    anew = sum(sess.index.get(c._i) is not c for c in shown)
    sess.close()
    await settle()
    return sent, len(shown), anew


def square_of_sheet(control: ft.Control) -> bool:
    """A square of a Splitter sheet (its name says whose sheet: "P0 的计分表，第 1 行，第 1 列：空")."""
    return isinstance(control, ft.Semantics) and "的计分表" in str(control.label or "")


def test_a_splitter_undo_builds_anew_only_the_squares_it_changes(tmp_path, monkeypatch):
    """Taking back another player's write leaves the shown sheet as it was: its squares are the very controls of the
    render before (kept, `sheet_and_legend`), not built and compared anew (every tap did: an undo cost about 47 ms
    of the server's CPU in an 80-action game, 19 ms kept), and the tap sends only what changed."""
    monkeypatch.setattr(ControlId, "_counter", itertools.count(3))
    store = Store(tmp_path / "data", exclusive=True)
    try:
        sent, squares, anew = run_async(undo_tap(store, "splitter", SPLITTER_UNDONE, square_of_sheet))
    finally:
        store.close()
    assert (squares, anew) == (44, 0)
    assert sent <= SPLITTER_UNDO, sent


def test_a_solar_storm_undo_sends_as_much_in_a_long_game_as_in_a_short_one(tmp_path, monkeypatch):
    """Taking back the same move (a player's "End actions") sends within 1.2x the bytes at 46 actions as at 10
    (issue 14): the log's newest rows shift, nothing else grows. A discard taken back brings its cards' buttons back
    keyed short (`refusal.move_key`: keyed by the move as JSON, 1,714 B)."""
    monkeypatch.setattr(ControlId, "_counter", itertools.count(3))
    store = Store(tmp_path / "data", exclusive=True)
    try:
        short, long = (run_async(undo_tap(store, "solar_storm", size))[0] for size in SOLAR_STORM_ENDS)
        discard = run_async(undo_tap(store, "solar_storm", SOLAR_STORM_DISCARD))[0]
    finally:
        store.close()
    assert long <= 1.2 * short, (short, long)
    assert max(short, long) <= SOLAR_STORM_UNDO, (short, long)
    assert discard <= SOLAR_STORM_UNDO_DISCARD, discard
