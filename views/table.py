"""The host's table screen (`/table/<id>`): first the table's next move and round (the line a phone leads with),
then the join PIN and a QR code of the join address, the seats (free one, name a referee), near-ties to rule on,
and the public table: the table's own moves, the game's board (its view, built on `player_view(state, None)` as
the referee seat's phone shows it), the scoreboard of that view and the public log; once the game is over,
the final result in place of the board and the scoreboard.
The log is the session screen's panel (`views.components.action_log.log_panel`): the newest `SHOWN` entries with
"show all" (`views.session.show_all`); the hub sends the host's screen only those newest entries, so a message
does not grow with the log, until the screen asks it for the whole public log (`show_whole_log`).
What the host's screen has half entered or chosen in the table's view and its "show all" are the draft of the
table's seat (`seat_local`), kept in the store as the session screen keeps its own (the same seat's: the draft of
either screen is what the other brings back), so they come back after its tab was away longer than the server
keeps a tab's session (`main.SESSION_TIMEOUT`, then Flet's eviction): kept in the tab's scratch only, a round
half typed there was gone and the log paged again.
The log and the scoreboard's breakdowns stay open or closed as the tab left them (`views.components.folds`).

Also what the phone screen (`views/join.py`) shares with it: delivering the hub's messages into a tab, the
prompt panel (a seat's or the table's prompt entries as buttons and forms), the moves, board and final result
below the status, and the join address.
One move is offered once on a screen: the moves panel leaves out the entries the game's view offers with a
control of its own (`GameContext.offer`: the race panel's button is the seat's claim, big and pinned on a phone;
a Knit Wit answer sheet is the seat's answers, Pictomania's guess panel its guesses; a round game's form is the
table's round and its rounds table the corrections; Knit Wit's "next spool" and Pictomania's "reveal" are buttons
of their boards), and no game is special-cased here.
The host's screen acts as the table only, so its race panel shows every player's standing and no button (the
server would refuse a claim for a player from it, as from the referee seat's phone).
Everything shown comes from the hub's message for this connection (`views.table_hub`): the host's screen is the
public table and gets `player_view(state, None)`, never a seat's secrets. Its Undo and Redo are the session
screen's, said in the public log's words (`host_body`).
"""

from __future__ import annotations

import functools
import itertools
import json
import socket
from typing import Any, Awaitable, Callable
from urllib.parse import urlsplit

import flet as ft
import segno

from scoring import i18n
from scoring.core import TABLE, RuleError, engine
from scoring.record import SHOWN
from views import drawn, words
from views.components.action_log import log_panel
from views.components.folds import Folds
from views.components.refusal import move_key, said
from views.components.scoreboard import scoreboard_panel
from views.context import PAGE, GameContext, TapCount, use_into_view
from views.games import view_of
from views.guard import web_address
from views.home import session_game
from views.live import InTab, live
from views.session import (bring_back_draft, chosen_options, draft_keeper, end_panel, said_once, seat_scratch,
                           show_all, status_line as header_line, take_draft, two_columns, undo_redo_row, with_final)
from views.table_hub import TableHub, hub_for
from views.ui import aside, draft_field, dropdown, reading_column

LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "0.0.0.0", "::", ""}
NETWORK_COMMAND = "python main.py --host 0.0.0.0"  # how the server is started for phones on the Wi-Fi
SEAT_NAME_MIN = 140  # a seat's name takes at least this width (px), so the states of short names line up


def connected_hub(store: Any, sid: str) -> TableHub:
    """The session's hub, joined to its `Live` both ways: phones' actions reach the tabs showing the session,
    and a tab's action, undo or redo reaches every phone (as its seat's view)."""
    hub = hub_for(store, sid)
    session = live(store, sid)
    hub.on_played = lambda record, state: session.publish(record, state, skip=id(hub))
    hub.put_first = functools.partial(typed_first, store, sid, hub.engine)
    session.watch(id(hub), hub.session_changed)
    return hub


def typed_first(store: Any, sid: str, eng: Any, action: dict, state: dict) -> list[dict]:
    """The other seats' actions the game's view puts before action (`typed_first` of its module, if any: Knit
    Wit's answers typed on the other phones when the last button is taken), from each seat's scratch as the
    server has it (`views.session.seat_scratch`)."""
    view = view_of(eng.game.id)
    first = getattr(view, "typed_first", None)
    return first(eng, state, action, lambda seat: seat_scratch(store, sid, seat)) if first else []


def lan_address(ipv6: bool = False) -> str:
    """This machine's address on the local network, as phones would use it (no packet is sent); its IPv6 one for a
    server on IPv6 (`--host ::` listens on IPv6 alone: Python's asyncio binds it IPv6-only)."""
    family, far, loopback = ((socket.AF_INET6, "2001:db8::1", "::1") if ipv6 else
                             (socket.AF_INET, "10.255.255.255", "127.0.0.1"))
    with socket.socket(family, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect((far, 1))
            return probe.getsockname()[0]
        except OSError:
            return loopback


def join_address(page_url: str | None, sid: str) -> str:
    """The address a phone opens to join session sid: the host page's own address (Flet gives the websocket's),
    with this machine's LAN address in place of a loopback name (a phone cannot reach the host's 127.0.0.1; its IPv6
    one for IPv6's, ::1), an IPv6 address in brackets (`web_address`)."""
    parts = urlsplit(page_url or "http://127.0.0.1:8550/")
    host = parts.hostname or ""
    if host in LOCAL_HOSTS:
        host = lan_address(ipv6=":" in host)
    scheme = {"ws": "http", "wss": "https"}.get(parts.scheme, parts.scheme or "http")
    return f"{web_address(host, parts.port, scheme)}/join/{sid}"


@functools.lru_cache(maxsize=16)
def qr_svg(text: str, scale: int = 6) -> bytes:
    """A QR code of text as an SVG of filled squares (segno's matrix, offline); made once per address, not on every
    render of the host's screen (its mask search is a tenth of the server's work for a claim with eight phones).

    Vector, not PNG: the host opens the app by its network address, plain http, which is not a secure context, and
    there the browser's image decoder (which the web client relies on for a PNG) is missing: the code showed as a
    white square. Each run of dark modules in a row is one filled rectangle (segno's own SVG strokes lines, which
    the client drew hairline-thin)."""
    rows = list(segno.make(text, error="m").matrix_iter(border=2))
    runs = []
    for y, row in enumerate(rows):
        for dark, group in itertools.groupby(enumerate(row), key=lambda cell: bool(cell[1])):
            cells = list(group)
            if dark:
                runs.append(f"M{cells[0][0] * scale} {y * scale}h{len(cells) * scale}v{scale}h-{len(cells) * scale}z")
    side = len(rows) * scale
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}" viewBox="0 0 {side} {side}">'
            f'<rect width="{side}" height="{side}" fill="#fff"/><path fill="#000" d="{"".join(runs)}"/></svg>'
            ).encode("ascii")


def tab_listener(setter: Callable[[dict], None]) -> Callable[[dict], bool]:
    """A hub listener that hands each message to setter in the tab that subscribes (its loop and context),
    so Flet re-renders that tab's screen and no other (see `views.live`). Once that tab is gone (its websocket
    ended: a tab that comes back gets a new session, `views.reconnect`) its screen is not drawn any more: the
    listener says False and the hub stops sending to it."""
    tab = InTab()
    return lambda message: tab(setter, message)


def move_label(lang: str, game: str, kind: str) -> str:
    """A move's name (`words.move_name`), or the table's generic one naming its type."""
    return words.move_name(lang, game, kind) or words.say(lang, "table.move_other", type=kind)


def field_label(lang: str, game: str, name: str) -> str:
    """A move field's label: the game's own wording (`table.field.<game>.<name>`) or the shared one."""
    key = f"table.field.{game}.{name}"
    return words.say(lang, key if key in i18n.table(lang) else f"table.field.{name}")


def choice_text(lang: str, game: str, choice: dict) -> str:
    """A finite choice in words: each field by its label, yes/no for true/false."""
    sep = "，" if lang == "zh-CN" else ", "

    def value(v: Any) -> Any:
        """One field's value in words."""
        if isinstance(v, bool):
            return words.say(lang, "table.yes" if v else "table.no")
        return words.readable(lang, v)

    return sep.join(words.say(lang, "table.field_value", field=field_label(lang, game, k), value=value(v))
                    for k, v in choice.items())


def field_value(text: str) -> Any:
    """A typed field as the action wants it: a whole number, JSON (a list, true/false), or the text itself."""
    text = text.strip()
    try:
        return json.loads(text)
    except ValueError:
        return text


def prompt_panel(lang: str, eng: Any, entries: list[dict], act: Callable[[dict], bool],
                 scratch: dict, waiting: list[str] | None = None, named: str | None = None,
                 ctx: GameContext | None = None) -> ft.Control:
    """The prompt entries as controls: a button per finite choice, a small form (one field per declared field)
    for free input, each row keyed by who makes the move and its type (a move that goes away is only taken away),
    each button by its choice (a second quick tap on "B forgot" just taken reaches a button gone, answered as a tap
    that came too late, not "C forgot", which had moved into its place).
    act(action) sends one action; scratch keeps half-typed fields between renders. Given the screen's game context
    (`ctx`), a move is sent through it and a refusal is said right under the row of the button tapped
    (`views.components.refusal`; the bar at a phone's foot covered it), a stale one still in the bar. With no entry
    it says there is nothing to do (`nothing_to_do`: the seats the table waits on less the one the status line
    names)."""
    game = eng.game.id
    rows: list[ft.Control] = []
    for entry in entries:
        kind, label = entry["type"], words.leading(move_label(lang, game, entry["type"]))
        if entry["choices"] is not None:
            keys = [move_key(entry["by"], kind, choice) for choice in entry["choices"]]
            buttons = [ft.FilledButton(
                content=words.say(lang, "table.choice", move=label, choice=choice_text(lang, game, choice))
                if choice else label, key=ft.ScrollKey(at),
                on_click=lambda e, c=choice, k=kind, at=at: sent(ctx, act, {"type": k, **c}, at))
                for choice, at in zip(entry["choices"], keys)]
            rows += [ft.Row(wrap=True, controls=buttons, key=f"{entry['by']}:{kind}"), *said_here(ctx, keys)]
            continue
        spec = eng.specs.get(kind)
        names = sorted(spec.fields) if spec is not None and spec.fields is not None else []
        draft = scratch.setdefault(kind, {})
        fields = [draft_field(draft, name, draft.get(name, ""), label=field_label(lang, game, name), dense=True,
                              width=180, on_change=lambda e, n=name, d=draft: d.__setitem__(n, e.control.value))
                  for name in names]
        at = move_key(entry["by"], kind, None)

        def send(e: Any, k: str = kind, d: dict = draft, n: list = names, at: str = at) -> None:
            """Send the form's action; clear it when accepted."""
            if sent(ctx, act, {"type": k, **{name: field_value(d.get(name, "")) for name in n}}, at):
                d.clear()

        rows += [ft.Row(wrap=True, controls=[*fields, ft.FilledButton(content=label, on_click=send,
                                                                      key=ft.ScrollKey(at))],
                        key=f"{entry['by']}:{kind}"), *said_here(ctx, [at])]
    if not rows:
        rows.append(aside(lang, nothing_to_do(lang, waiting or [], named)))
    return ft.Column(spacing=8, controls=rows)


def sent(ctx: GameContext | None, act: Callable[[dict], bool], action: dict, at: str) -> bool:
    """Send a moves panel's action: through the screen's game context, its refusal said under the button keyed at,
    where there is one; else by act."""
    return act(action) if ctx is None else ctx.dispatch(action, at=at)


def said_here(ctx: GameContext | None, keys: list[str]) -> list[ft.Control]:
    """The refusal of a move sent from one of these buttons, where the screen has a game context; else none."""
    return [] if ctx is None else said(ctx, *keys)


def nothing_to_do(lang: str, waiting: list[str], named: str | None) -> str:
    """A screen's line when it has no move: whom the table waits on (`waiting`), less the seat its status line
    names (`named`, `status_names`).
    RULING (a wait said once, to the one waiting; as Guess Club's screens, 55f9921): the status line above says
    whose turn it is ("A's turn · Round 1 of 3 · …") or the table's next move ("Next: Table — roll the dice"), so
    the line does not name that seat again: "Nothing to do right now." when it is the only one waited on, "…: also
    waiting for the referee or the host." beside a Nab-It! turn; a wait the status line does not name (Splitter's
    "Write the two numbers", Solar Storm's "Typing the deal") keeps "…: waiting for B and C."; with no seat known,
    "wait for the others"."""
    rest = [waited_name(lang, seat) for seat in waiting if seat != named]
    if not waiting:
        return words.say(lang, "table.nothing_to_do")
    if not rest:
        return words.say(lang, "table.nothing_to_do_said")
    return words.say(lang, "table.nothing_to_do_also" if len(rest) < len(waiting) else "table.nothing_to_do_wait",
                     who=rest)


def status_line(lang: str, message: dict) -> str:
    """A table message's next move, then its round, of how many where the game knows (in the game's own word:
    Bacon's deal), and phase ("game over" when the game's own phase does not say it), joined and kept from
    breaking as the session header's (`views.session.status_line`), in the header's words.
    Ruling: the line leads with what the table waits for, said once. When the table waits first for a move of its
    own (`table_next`, from the engine's prompt) while the status names a player's turn, that move is named
    (`table_next_step`) in place of the turn (Splitter's phones read "A's turn" while the host rolled), and a
    phase that is that move is left out as the session header leaves it out (`views.session.said_once`: "Roll the
    dice" under "Next: Table — roll the dice"); else the turn leads ("Your turn" on the seat's own phone:
    `turn_said`). (Without a turn nothing is added: a score
    pad's phones give their own lines while the table's round form is the prompt's first entry.) The game's own
    table-mode line for that move sends the players to their own step (`table_next_step`), so it is said only to a
    screen with a move of its own now (the message's prompt); a screen with none (a Bacon player already out)
    hears the table's move plainly, over its "Nothing to do right now: also waiting for …" (`nothing_to_do`)."""
    status, parts, game, lead = message["status"], [], message["meta"]["game"], status_names(message)
    if lead == TABLE:
        parts.append(table_next_step(lang, game, message["table_next"], own=bool(message.get("prompt")),
                                     yours=bool(message.get("for_table"))))
        status = said_once(engine(game), status, message["table_next"])
    elif lead:
        parts.append(turn_said(lang, lead, message.get("seat")))
    if status.get("round") is not None:
        parts.append(words.say_for(lang, game, "app.round_of", round=status["round"], rounds=status["rounds"])
                     if status.get("rounds") else words.say_for(lang, game, "app.round", round=status["round"]))
    if status.get("phase"):
        parts.append(words.say(lang, status["phase"], **status["said"]))
    if status.get("over") and not status.get("phase"):
        parts.append(words.say(lang, "table.over"))
    return header_line(words.say(lang, "app.status_sep"), parts)


def turn_said(lang: str, turn: str, seat: str | None) -> str:
    """Whose turn it is, on the screen of seat (None: the host's).
    RULING (a seat's own turn, addressed to it): under "你是小红" the setter's own phone read "轮到小红 · …"; a seat's
    own phone says "轮到你" / "Your turn", every other screen whose turn it is, by name (every game's status line)."""
    return words.say(lang, "table.your_turn") if turn == seat else words.say(lang, "table.turn", name=turn)


def status_names(message: dict) -> str | None:
    """The seat a table message's status line leads with (`status_line`): the table when it waits first for a move of
    its own while the status names a player's turn, else that player; None without a turn."""
    turn = message["status"].get("turn")
    return TABLE if turn and message.get("table_next") else turn


def hub_game(app: Any, hub: TableHub) -> str:
    """The game a table plays, as its session screen names it (a titled score pad's "Azul (score pad)", a
    lowest-wins one's "Golf (score pad, lowest wins)")."""
    return session_game(app.lang, {"game": hub.engine.game.id, "title": hub.title}, hub.lower_wins)


def phone_step(message: dict) -> tuple:
    """The step a seat's screen is at, from the engine's status and the seat's prompt in its message: its round,
    its phase, and whether the table asks this screen for a move now or the game is over (`leads`)."""
    status = message["status"]
    return status.get("round"), status.get("phase"), bool(message.get("prompt") or status.get("over"))


def leads(before: tuple | None, after: tuple) -> bool:
    """Whether a seat's screen going from step before to step after (`phone_step`; None: its first) goes back to
    its top, so the next step leads.
    RULING (a new round leads, a scroll is kept otherwise): a new round (spool, deal), a new phase that asks this
    screen for a move, or the game's end (who won, said at the top), brings the screen back to its top, where its
    status line and its moves are; within a step
    (another seat's points, a log row, a turn passed within the phase) the scroll stays where the player put it,
    as does the first step shown (nothing scrolled yet) and a new phase with nothing for this screen to do."""
    if before is None:
        return False
    return after[0] != before[0] or (after[1] != before[1] and after[2])


def use_lead(now: tuple | None) -> Any:
    """A ref for a screen's scrolling part (`views.app.frame`'s scroller), scrolled back to its top when the screen
    moves to a new step (`phone_step`, None while there is none; `leads`): a seated phone's and the host's table
    screen's."""
    scroller = ft.use_ref(None)
    step = ft.use_ref(None)

    async def lead() -> None:
        """Back to the top of the screen when it moves to a new step."""
        before, step.current = step.current, now
        if now is not None and leads(before, now) and scroller.current is not None:
            await scroller.current.scroll_to(offset=0)

    ft.use_effect(lead, [now])
    return scroller


def status_banner(lang: str, message: dict) -> ft.Control:
    """The status line as the banner that leads a phone's and the host's screen (one control, said once)."""
    return ft.Container(bgcolor=ft.Colors.PRIMARY_CONTAINER, border_radius=8, padding=10,
                        content=ft.Text(status_line(lang, message), size=18, weight=ft.FontWeight.W_600))


def table_next_step(lang: str, game: str, kind: str, own: bool, yours: bool = False) -> str:
    """The table's own next move in words, as the session screen's next-step line names it; or, where the game has
    one and the screen has a move of its own now (own), its table-mode line for that move
    (`<game>.table.next.<move>`): a move the phones make step by step while the table's is the other way in.
    Bacon's whole finishing order is the referee's or the host's, but in table mode the players tap "I'm out!" on
    their own phones, so "Next: Table — enter the order" sent no one to them; a phone already out may tap no more.
    RULING (the table's move said to whoever makes it, play-test): the referee's phone and the host's screen led
    with "下一步（全桌）：掷骰子" ("Next: Table — roll the dice"); a referee who had just sat down read it as a step
    for the whole table, not hers, though the button under it was hers. A screen that makes the table's moves
    (yours: the referee's phone, a player's who referees, the host's screen) reads "轮到你：掷骰子" / "Your turn: roll
    the dice", as a seat's own turn reads "轮到你"; a player's phone still names the table's move."""
    line = f"{game}.table.next.{kind}"
    if own and line in i18n.table(lang):
        return words.say(lang, line)
    what = words.move_name(lang, game, kind) or words.say(lang, "app.move.other")
    if yours:
        return words.say(lang, "table.next_yours", what=what)
    return words.say(lang, "app.next_step", who=[words.whole_name(words.say(lang, "app.table"))], what=what)


def seat_name(lang: str, seat: str) -> str:
    """A seat in words (the referee seat by its role)."""
    return words.say(lang, "table.referee_seat") if seat == TABLE else seat


def waited_name(lang: str, seat: str) -> str:
    """A seat the table waits on, in words: the table's moves by who may make them (the referee's phone or the
    host's screen: a table may seat no referee), a player by name."""
    return words.say(lang, "table.waiting_table") if seat == TABLE else seat


def tie_text(lang: str, game: str, tie: dict) -> str:
    """A near-tie in words, its move named as the game names it."""
    key = "table.tie" if tie["accepted"] else "table.tie_refused"
    return words.say(lang, key, first=seat_name(lang, tie["first"]), second=seat_name(lang, tie["second"]),
                     ms=tie["gap_ms"], move=move_label(lang, game, tie["type"]))


def tie_row(lang: str, game: str, tie: dict, rule: Callable[[int, bool], None] | None) -> ft.Control:
    """A near-tie in words and, where this screen rules on it, "keep" and "swap" (rule(tie id, swap)), each named by
    the order it leaves in the tie's own words ("Keep the order: Ann before Bo (claim a reward)"): with two ties on
    screen a screen reader heard two buttons of each name and could not tell which tie one rules. The row is the
    tie's (keyed by its id): a second quick tap on a tie just ruled reaches a row gone (answered as a tap that came
    too late) instead of ruling the next tie, which had moved into its place."""
    row: list[ft.Control] = [ft.Text(tie_text(lang, game, tie), weight=ft.FontWeight.BOLD, color=ft.Colors.ERROR)]
    if rule is not None:
        first, second = seat_name(lang, tie["first"]), seat_name(lang, tie["second"])
        move = move_label(lang, game, tie["type"])

        def named(key: str, before: str, after: str) -> ft.Text:
            """The button's short words, named by the order it leaves."""
            return ft.Text(words.say(lang, key), semantics_label=words.say(lang, f"{key}_name", first=before,
                                                                          second=after, move=move))

        row += [ft.FilledButton(content=named("table.tie_keep", first, second),
                                on_click=lambda e: rule(tie["id"], False)),
                ft.OutlinedButton(content=named("table.tie_swap", second, first),
                                  on_click=lambda e: rule(tie["id"], True))]
    return ft.Row(wrap=True, key=f"tie-{tie['id']}", controls=row)


@drawn.screen
def Table(app: Any, sid: str, chosen: Any) -> ft.Control:
    """The host's table screen, re-rendered with every message the hub sends it; back at its top when the table
    moves to a new round, a phase with a move for the table, or the game's end (`use_lead`), as a phone is, and on
    a page the game's view turns (`GameContext.turn_page`)."""
    from views.app import frame

    message, set_message = ft.use_state(None)
    _, bump = ft.use_state(0)
    subscription = ft.use_ref(None)
    scroller = use_lead(None if message is None else phone_step(message))  # before any return: hooks in order
    local = seat_local(app, sid, TABLE)
    use_into_view(local, scroller)
    app.refresh_screen = lambda: bump(lambda n: n + 1)
    try:
        hub = connected_hub(app.store, sid)
    except RuleError as err:
        return frame(app, app.t("app.title"), ft.Text(words.error(app.lang, err)), "/")

    def follow() -> Callable[[], None]:
        """Watch the table as the host's public screen (with the whole log if this screen chose "show all"), and
        keep its draft while it changes."""
        key = hub.subscribe(tab_listener(set_message), whole_log=show_all(app, local) is None)
        subscription.current = key
        stop_keeping = draft_keeper(app, sid, local, TABLE)

        def stop() -> None:
            """Stop watching; keep the draft as it is now."""
            hub.unsubscribe(key)
            stop_keeping()

        return stop

    bring_back_draft(app, sid, local, TABLE)
    ft.use_effect(follow, [])
    title = app.t("table.host_title", game=hub_game(app, hub))
    if message is None:
        return frame(app, title, ft.ProgressRing(), f"/play/{sid}")
    body = host_body(app, hub, message, subscription.current)
    take_draft(app, sid, local, TABLE)
    return frame(app, title, body, f"/play/{sid}", page=local.get(PAGE, 0), scroller=scroller)


def host_body(app: Any, hub: Any, message: dict, key: int | None) -> ft.Control:
    """The status line, then PIN, QR code and address, seats, near-ties, the table's moves and board; beside them
    the scoreboard and the log (key: this screen's subscription to the hub, which "show all" asks for the whole log).
    Ruling: the host's screen leads with the line a phone leads with (`status_line`: the table's next move from
    the engine's prompt, then the round), said once; the PIN and the seats follow (a table being played looks for
    what to do next, a phone joining finds the PIN just under it).
    Ruling (Undo and Redo on the public screen): the session screen's (`views.session.undo_redo_row`, its labels,
    mark keys, stale refusal and consent), above the table's moves, so the host takes back a mistaken tap here,
    not on the session screen (whose Guess Club "Pass the phone to A / I am A: show" put a seat's hand on the
    screen everyone watches). Their words come from the hub's public message: Undo's the newest row of the public
    log, Redo's the row its action had (`scoring.record.redo_entry`), both `Engine.logged`, which leaves out what a
    seat keeps secret (checked: Guess Club says how many answers a hand holds and a card's place, never its text
    (a hand ruling names the two answers a player asked the setter about aloud, as its row does);
    Knit Wit that an answer was written, never its text, and a ballot without its side; Pictomania a guess on
    whose drawing, never its number, and a deal without its cards). The undo reaches every phone: it goes through
    the live session, whose watcher is this table's hub (`connected_hub`).
    Ruling (a server for this device only, session 69): started without `--host 0.0.0.0` (the host guard not
    required) the server answers no phone, whatever the address shown: the join panel says so and how to start it
    for the Wi-Fi (a play-tester's QR code led nowhere, without a word).
    Ruling (the game first once the table is seated): the PIN, the QR code and the seats stood above the table's
    moves and board all game (a helper's Knit Wit table scrolled past them on every spool at 1280×800); once every
    player's seat is held by a phone they follow the game (a phone that drops out finds the PIN below), and so
    they do once the game is over, without "New PIN", "Free … seat" or the referee's choice, which change nothing
    any more (the winners were below a laptop's fold under the join panel)."""
    lang = app.lang
    address = join_address(app.page.url, hub.sid)
    over = bool(message["status"].get("over"))
    seated = all(seat["taken"] for seat in message["seats"] if seat["seat"] != TABLE)

    def attempt(change: Callable[[], Any], refused: Callable[[RuleError], None] | None = None) -> bool:
        """Make a change through the hub; a refusal is said in words (or handed to `refused`, given)."""
        try:
            change()
        except RuleError as err:
            (refused or app.show_error)(err)
            return False
        return True

    join = ft.Row(wrap=True, spacing=24, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
        ft.Image(src=qr_svg(address), width=200, height=200, semantics_label=app.t("table.join_qr")),
        reading_column(spacing=8, controls=[
            ft.Text(app.t("table.join_here"), size=16),
            ft.Text(address, selectable=True, size=16, weight=ft.FontWeight.W_600, semantics_label=address),
            *([] if app.guard.required else [aside(lang, app.t("table.this_device_only", command=NETWORK_COMMAND))]),
            ft.Text(app.t("table.pin_is", pin=message["pin"]), size=28, weight=ft.FontWeight.BOLD),
            *([] if over else [ft.OutlinedButton(content=app.t("table.new_pin"), icon=ft.Icons.REFRESH,
                                                 on_click=lambda e: attempt(hub.renew_pin))]),
        ]),
    ])
    seats = ft.Column(spacing=4, controls=[seat_row(app, hub, seat, None if over else attempt)
                                           for seat in message["seats"]])
    referee = dropdown(
        app.t("table.referee_player"),
        next((s["seat"] for s in message["seats"] if s["referee"] and s["seat"] != TABLE), "-"),
        [ft.DropdownOption(key="-", text=app.t("table.no_referee_player")),
         *[ft.DropdownOption(key=s["seat"], text=s["seat"]) for s in message["seats"] if s["seat"] != TABLE]],
        lambda e: attempt(lambda: hub.set_referee(None if e.control.value == "-" else e.control.value)), above=True,
        width=260)
    ties = [tie_row(lang, message["meta"]["game"], tie,
                    lambda tie_id, swap: attempt(lambda: hub.rule_tie(None, tie_id, swap))) for tie in message["ties"]]

    taps = TapCount(message["mark"])

    def act(action: dict, refused: Callable[[RuleError], None] | None = None) -> bool:
        """The host acts as the table, against the log this render showed (plus this tap's own); a refusal handed
        to `refused` where given (`GameContext.dispatch`)."""
        shown = taps.shown()
        if not attempt(lambda: hub.act(None, action, expect=shown), refused):
            return False
        taps.took(hub.after(None))
        return True

    table = [join, ft.Text(app.t("table.seats"), size=18, weight=ft.FontWeight.BOLD), seats,
             *([] if over else [referee])]
    main: list[ft.Control] = [
        status_banner(lang, message),
        *([] if over or seated else table),
        *ties,
        undo_redo_row(app, hub.sid, message["log"][-1] if message["log"] else None, message["redo"],
                      message["mark"]),
        *moves_and_view(app, hub, message, act, TABLE, app.t("table.table_moves"), host=True),
        *(table if over or seated else []),
        ft.TextButton(content=app.t("table.open_session"), icon=ft.Icons.ARROW_BACK,
                      on_click=lambda e: app.go(f"/play/{hub.sid}")),
    ]
    folds = Folds(app.local(f"table:{hub.sid}:folds"), app.render)
    side: list[ft.Control] = [] if message["status"].get("over") else [
        scoreboard_panel(app.t, lang, hub.engine.scoreboard(message["view"]), folds, limit=SHOWN)]
    more = show_all(app, seat_local(app, hub.sid, TABLE), lambda: hub.show_whole_log(key))
    side.append(log_panel(lang, message["log"], message["count"], folds, more))
    return two_columns(main, side, main_spacing=16)


def moves_and_view(app: Any, hub: Any, message: dict, act: Callable[[dict], bool], seat: str,
                   heading: str, pin: Callable[[ft.Control], Any] | None = None,
                   act_soon: Callable[..., Awaitable[bool]] | None = None, host: bool = False) -> list[ft.Control]:
    """What a seat's screen (a phone, or the host's as the table) shows below its status: its moves now (under
    heading) and the game's view; once the game is over its moves only if it has any, then the final result
    (winners, ranking with totals, each total's breakdown) as the session screen words it, with the game's own end
    view as the session screen shows it (Pictomania's last reveal), from this connection's view.

    The moves are the seat's prompt entries less those the game's view offers with a control of its own
    (`GameContext.offer`: a race button is the seat's claim), so a move is offered once; when the view offers
    every entry the moves heading is left out ("nothing to do" only when the prompt is empty). Their fields half
    typed are part of the seat's draft (`seat_local`, under "moves"): in the tab's scratch only, they were gone
    after its tab was away longer than the server keeps a tab's session. pin: where the
    view may pin a control above the scrolling screen (a phone's race buttons), or None; act_soon: act from an
    async handler (a phone's, `views.join`), or None. The tab learns which log it now shows (`App.moved`: a
    refusal about an earlier one is put away).
    Ruling: "Game over" is said once, by the status line that leads a seat's screen (every game's last phase, or
    `table.over`); the final result under it has no heading of its own (a phone read it twice).
    Ruling (the seat's own move first, play-test at 2x text): on a phone (pin given) whose game view offers this
    seat a move now (`GameContext.offer`: Knit Wit's answer sheet), the options the table chose follow the view:
    four lines of them at 2x text put 奶奶's first answer field below the fold; they are for reading, her sheet is
    what the table waits for."""
    app.moved(hub.sid, message["mark"])
    eng = engine(message["meta"]["game"])
    over = message["status"].get("over")
    view = None if over else view_of(eng.game.id)
    ctx = seat_context(app, hub, message, act, seat, pin, act_soon, host)
    board = view.build(ctx) if view is not None else None
    entries = [e for e in message["prompt"] if (e["by"], e["type"]) not in ctx.offered]
    controls: list[ft.Control] = []
    if entries or says_waiting(message):
        controls += [ft.Text(heading, size=18, weight=ft.FontWeight.BOLD),
                     prompt_panel(app.lang, eng, entries, act, seat_local(app, hub.sid, seat).setdefault("moves", {}),
                                  message.get("waiting"), status_names(message), ctx)]
    if over:
        folds = Folds(app.local(f"table:{hub.sid}:{seat}:folds"), app.render)
        ending = [end_panel(app, message["meta"], eng.scoreboard(message["view"]), folds, heading=False)]
        return [*controls, *with_final(eng.game.id, lambda: ctx, ending)]
    options = chosen_options(app.lang, eng, message["view"]["options"])
    own_first = pin is not None and any(by == seat for by, _ in ctx.offered)
    controls += [] if own_first else options
    if board is not None:
        # Keyed: the moves above it come and go with the prompt (a roll for the table, a player's turn), and the
        # view then stays itself where it moves up or down, so Flet sends what changed in it, not the whole view
        # again (a Nab-It board, about 90 KB, to every phone at each play).
        board.key = board.key if board.key is not None else "game-view"
        controls += [ft.Divider(key="game-view-divider"), board]
    return controls + (options if own_first else [])


def seat_local(app: Any, sid: str, seat: str) -> dict:
    """The scratch of a seat's game view in this tab: its draft on a seated phone (`views.join`) and on the host's
    table screen (the table's seat)."""
    return app.local(f"table:{sid}:{seat}:view")


def seat_context(app: Any, hub: Any, message: dict, act: Callable[[dict], bool], seat: str,
                 pin: Callable[[ft.Control], Any] | None = None,
                 act_soon: Callable[..., Awaitable[bool]] | None = None, host: bool = False) -> GameContext:
    """A game context for a seat's screen (a seated phone, or the host's as the table): the state is the hub's view
    for it, the record holds no log, and dispatch goes through act (`by` filled in by the hub when the view leaves
    it out). The context knows its seat, so the view opens the seat's private parts at once, shows no other
    seat's cover and offers only the seat's own moves; pin as the frame gives it (a phone's) or None."""
    record = seat_record(message)
    view, status = message["view"], message["status"]
    return GameContext(lang=app.lang, record=record, state=view, engine=engine(record["game"]), page=app.page,
                       store=app.store, local=seat_local(app, hub.sid, seat),
                       sound=bool(app.settings.get("sound", True)), apply=act, show_error=app.show_error,
                       refresh=app.render_soon, pin=pin, seat=seat, actions=message["count"],
                       for_table=message["for_table"], apply_soon=act_soon, said_round=status.get("round"),
                       said_waiting=(message.get("waiting") or ()) if says_waiting(message) else (),
                       refused=message.get("refused") or (), where=message.get("where"), host=host)


def says_waiting(message: dict) -> bool:
    """Whether a seat's frame says it has nothing to do (its "waiting for …" line): no move of the table's prompt
    for the seat, and the game not over."""
    return not (message["prompt"] or message["status"].get("over"))


def seat_record(message: dict) -> dict:
    """The record a seat's screen builds from its message: no log, and as redo stack only the seat's own action
    last undone (so a line the host undid comes back to the phone that gave it)."""
    undone = message.get("undone")
    return {**message["meta"], "options": message["view"].get("options", {}), "actions": [],
            "redo": [undone] if undone else []}


def seat_row(app: Any, hub: Any, seat: dict, attempt: Callable[[Callable[[], Any]], bool] | None) -> ft.Control:
    """One seat: its name, whether a phone holds it (and is connected), and "free seat" when held (asked first: a
    mis-tap took a player's phone out of the game) and seats may change (attempt given; None once the game is
    over). The name is as wide as it needs, and at least SEAT_NAME_MIN:
    fixed at that width, a longer name was broken inside a word ("Featherstonehaug / h")."""
    state = ("table.seat_connected" if seat["connected"] else "table.seat_away") if seat["taken"] \
        else "table.seat_free"
    controls: list[ft.Control] = [
        ft.Icon(ft.Icons.PHONE_ANDROID if seat["taken"] else ft.Icons.EVENT_SEAT),
        ft.Stack(controls=[ft.Container(width=SEAT_NAME_MIN, height=0),
                           ft.Text(seat_name(app.lang, seat["seat"]), size=16, weight=ft.FontWeight.W_600)]),
        ft.Text(app.t(state)),
    ]
    if seat["taken"] and attempt is not None:
        name = seat_name(app.lang, seat["seat"])
        controls.append(ft.OutlinedButton(
            content=app.t("table.free_seat", seat=name),
            on_click=lambda e: app.confirm(app.t("table.free_seat", seat=name), app.t("table.free_confirm", seat=name),
                                           app.t("table.free_yes"), lambda: attempt(lambda: hub.free(seat["seat"])))))
    return ft.Row(wrap=True, controls=controls, vertical_alignment=ft.CrossAxisAlignment.CENTER)
