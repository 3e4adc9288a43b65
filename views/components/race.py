"""Race buttons (bonus-button / bonus-tile race): a button per player showing the reward a claim takes now;
a claimant is locked and shows what they took; a player who stops shows that.

The race is game state (`scoring.mechanics.race`); claims are ordered as the server receives them, so with
several phones the first tap wins.

Builder:
    race_buttons(ctx, race, on_claim, title=None, moves=()) -> ft.Control
- `race`: a race dict from `scoring.mechanics.race.new_race`; `on_claim(player)`: an async function awaited when a
  player's button is tapped (the view dispatches the claim with `ctx.dispatch_soon`, so a seated phone's claim is
  stored off the server's loop and two claims made at once are stamped as they came); `title`: optional heading;
  `moves`: the move types the buttons send (e.g. `("claim",)`): for every player given a button the panel tells the
  context it offers them (`ctx.offer`), so a seated phone's generic moves panel does not offer the same move a
  second time (`views.table.moves_and_view`). A game sends the claim with `ctx.dispatch_soon(action,
  at=claim_at(race, player))`: a claim the rules refuse is said right under that player's claim button
  (`views.components.refusal`), not in the bar at a phone's foot; one refused as stale stays the bar's.
Claim buttons are large (72 px high around one line of big text, growing with a label wrapped to more: at a
fixed 72 px, a seated phone's "丽丽：抢 3" at 2x text wrapped and showed only "丽丽："); the reward stays with the
word before it (`words.no_orphan`: beside Pictomania's stop button at 2x text, "Pia：抢 3" wrapped to leave "3" alone
on its second line; now "Pia：" / "抢 3"): one a row, full width, for up to two players; three or more on a shared
screen sit two a row on a phone (three on a laptop), so the pinned panel of a six-player table takes three button
rows, not six, and leaves most of a 390×844 phone to the screen.
A race a player may stop out of (Pictomania's bonus tiles) is `views.components.tile_race`, which takes this
module's `player_row` with its "stop" button for a seated phone's own row.

Whose buttons a screen shows (`views.components.private.acts_as`, as the vote panel does):
- a shared screen (`ctx.seat` None, passed around the table): every player's, one row each;
- a phone seated as a player: its own seat's only (the server refuses any other: `views.table_hub`); every
  other player is summed up in one compact status line (took N, stopped, still racing, nothing left);
- the referee seat's phone and the host's table screen (`ctx.seat` "table": both act only as the table, which
  claims nothing): no button, the status line of every player.
Where the frame offers `ctx.pin` and the panel holds a button this screen can tap, the buttons alone are shown above
the scrolling screen with the others' status line (who took what), so they stay in reach while the rest scrolls;
the title and the rewards left stay in the view's own tree and scroll with it (pinned as well, they kept 540 of
the 844 px of a five-player table's seated phone at twice the text above the sheet). A panel of status lines only
(the race over, the seat locked, the referee) stays in place whole.

What a slower phone is told (rulings ours; the race itself is the engine's):
- A claim tap that the server receives after another phone's claim takes the best reward left (the server orders
  claims as they arrive: Dee's button said "claim 4", Cy's tap 52 ms before took 4, Dee got 3). The phone that
  tapped says why under its own row, "The 4 was already taken by Cy: Dee got the 3" (3 已被小红抢走，阿强拿到 2), in
  the game's words: the claims made between the race as the screen showed it before its latest change and the
  player's own (kept in the tab's scratch at the tap, `TAPPED`). Not the render the tap was handled on: the
  server draws the screen again when Cy's claim arrives, the button keeps its id, and Dee's tap, made on
  "claim 4", reaches the new button's handler, which saw Cy's claim (the phone then said only "Dee took 3").
  The server cannot know whether the phone had shown that change before the tap; the words are true either way.
- A claim or stop tap that reaches the server after its button went away (the race ended meanwhile, or the
  player's own first tap took a reward) is answered in the race's words from the race as the screen now stands
  (`DRAWN`): "Too late: Cy took the last bonus tile (1)", or that the player already took or stopped; not as any
  tap on a control gone ("tap again if still needed", with nothing to tap: `views.lost_taps`). A screen that no
  longer draws the race notes it all the same (`note_race`: Knit Wit's scoring keeps the race as it ended, once
  the last button is taken; Pictomania's next deal has no race): a tap for a race that is not the one the screen
  now stands at (none, or a later one: its `number`) is told the race is over. While the button's race still
  runs, the tap is answered as any tap on a control gone.
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable

import flet as ft

from scoring.core import RuleError
from scoring.mechanics import race as mech
from views import lost_taps, words
from views.components.private import acts_as
from views.components.refusal import said
from views.ui import text_style

GRID_FROM = 2
DRAWN = "_race"  # the tab's scratch: the race as this screen last drew it
SHOWN = "_race_shown"  # the tab's scratch: the race as this screen drew it before its claims last changed
TAPPED = "_race_tapped"  # the tab's scratch: per player, the race's number and the claims when their button was tapped
CLAIM_PAD = 21  # above and below a claim button's line of 20 px text (29-30 px): 72 px around one line
CLAIM_STYLE = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=24, vertical=CLAIM_PAD),
                             text_style=text_style(size=20, weight=ft.FontWeight.BOLD))


def race_buttons(ctx: Any, race: dict, on_claim: Callable[[str], Awaitable[Any]], title: str | None = None,
                 moves: tuple[str, ...] = ()) -> ft.Control:
    """The race panel, pinned while it holds a button this screen can tap; its moves offered to the context."""
    note_race(ctx, race)
    racing = racers(ctx, race)
    for player in racing:
        for kind in moves:
            ctx.offer(player, kind)
    pin = getattr(ctx, "pin", None)
    if pin is not None and racing:
        pin(ft.Column(controls=own_rows(ctx, race, on_claim) + others_line(ctx, race), spacing=8))
        return race_panel(ctx, race, on_claim, title, pinned=True)
    return race_panel(ctx, race, on_claim, title)


def racers(ctx: Any, race: dict) -> list[str]:
    """The players this screen shows a button for now: those it acts as, still in a race that is not over."""
    if mech.is_over(race):
        return []
    return [p for p in race["players"] if acts_as(ctx, p) and not mech.is_locked(race, p)]


def race_panel(ctx: Any, race: dict, on_claim: Callable[[str], Awaitable[Any]], title: str | None,
               pinned: bool = False) -> ft.Control:
    """The race's rows: the title and the rewards left; unless pinned (then they are above the screen), for each
    player this screen acts as a big claim button or what they took, and the others in one status line."""
    over = mech.is_over(race)
    left = mech.remaining(race)
    rows: list[ft.Control] = [ft.Text(title, size=18, weight=ft.FontWeight.BOLD)] if title else []
    rows.append(ft.Text(rewards_left(ctx, left)))
    if not pinned:
        rows += own_rows(ctx, race, on_claim) + others_line(ctx, race)
    if over:
        rows.append(ft.Text(ctx.t("app.race.over"), weight=ft.FontWeight.BOLD))
    return ft.Column(controls=rows, spacing=8)


def own_rows(ctx: Any, race: dict, on_claim: Callable[[str], Awaitable[Any]]) -> list[ft.Control]:
    """The rows of the players this screen acts as: one a row, or from three on a grid (two a row on a phone)."""
    mine = [player_row(ctx, race, p, on_claim) for p in race["players"] if acts_as(ctx, p)]
    if len(mine) > GRID_FROM:
        return [ft.ResponsiveRow(spacing=8, run_spacing=8, controls=[
            ft.Container(col={"xs": 6, "md": 4}, content=row) for row in mine])]
    return mine


def others_line(ctx: Any, race: dict) -> list[ft.Control]:
    """The players this screen does not act as, in one status line (none if there are none)."""
    others = [p for p in race["players"] if not acts_as(ctx, p)]
    return [ft.Text(status_line(ctx, race, others), size=16)] if others else []


def player_row(ctx: Any, race: dict, player: str, on_claim: Callable[[str], Awaitable[Any]],
               on_decline: Callable[[str], Any] | None = None) -> ft.Control:
    """One player's row: locked with what they took or that they stopped, or their big claim button (and, given
    on_decline, a "stop" button beside it: `views.components.tile_race`'s seated phone)."""
    reward = mech.reward_of(race, player)
    if reward is not None or player in mech.declined(race):
        row = ft.Row(controls=[ft.Icon(ft.Icons.LOCK, apply_text_scaling=True),
                               ft.Text(status(ctx, race, player), size=18)])
        later = beaten(ctx, race, player)
        return ft.Column(controls=[row, *later], spacing=4) if later else row
    if mech.is_over(race):
        return ft.Text(status(ctx, race, player), size=18)
    button = ft.FilledButton(
        content=words.no_orphan(ctx.t("app.race.claim", name=player, reward=mech.remaining(race)[0])),
        style=CLAIM_STYLE, expand=True, on_click=race_claim(ctx, race, on_claim, player),
        key=ft.ScrollKey(claim_at(race, player)))
    answer_late(ctx, button, player, race)
    controls: list[ft.Control] = [button]
    if on_decline:
        stop = ft.OutlinedButton(content=ctx.t("app.race.stop", name=player), on_click=lambda e: on_decline(player),
                                 key=button_key(race, player, "stop"))
        answer_late(ctx, stop, player, race)
        controls.append(stop)
    refused = said(ctx, claim_at(race, player))
    row = ft.Row(controls=controls)
    return ft.Column(controls=[row, *refused], spacing=4) if refused else row


def button_key(race: dict, player: str, kind: str) -> str:
    """The key of a player's claim or stop button (kind) in race: the same while the race runs, another in the next
    race. Flet gives a control drawn in place of one of its type with a compatible key its predecessor's id (`_i`):
    unkeyed, the next round's button took the id of the last round's, and a tap made on the old one, arriving
    after the new one was drawn, claimed in the new race (or, the new one gone, was answered from the new race);
    and the id went on to whatever button of the next screen stood in its place, which a late tap's answer
    (`views.lost_taps`) then took for the race's."""
    return f"race-{race.get('number')}-{kind}-{player}"


def claim_at(race: dict, player: str) -> str:
    """The scroll key of a player's claim button in race, under which a refused claim is said (the game sends the
    claim with `ctx.dispatch_soon(action, at=claim_at(race, player))`: `views.components.refusal`)."""
    return button_key(race, player, "claim")


def rewards_left(ctx: Any, left: list) -> str:
    """The rewards still to take, as labels ("Rewards left: 3, 2", 剩余奖励：3、2: a list of tiles, no "and")."""
    return ctx.t("app.race.left", rewards=words.plain_list(ctx.lang, left)) if left else ctx.t("app.race.none_left")


def claim_handler(on_claim: Callable[[str], Awaitable[Any]], player: str) -> Callable[[Any], Awaitable[None]]:
    """The claim button's tap: an async handler, so a seated phone's claim is stored off the server's loop."""

    async def tapped(e: Any) -> None:
        """Claim for the player."""
        await on_claim(player)

    return tapped


def race_claim(ctx: Any, race: dict, on_claim: Callable[[str], Awaitable[Any]],
               player: str) -> Callable[[Any], Awaitable[None]]:
    """A race's claim button's tap (`claim_handler`), keeping the claims made when it was tapped (`TAPPED`), to
    tell the player who claimed first (`beaten`)."""
    claim = claim_handler(on_claim, player)

    async def tapped(e: Any) -> None:
        """Note the claims the button was drawn after, then claim for the player."""
        ctx.local.setdefault(TAPPED, {})[player] = [race.get("number"), shown_claims(ctx, race)]
        await claim(e)

    return tapped


def beaten(ctx: Any, race: dict, player: str) -> list[ft.Control]:
    """Under a player's locked row, when a claim that arrived first took the reward their tap on this screen was
    for: who claimed first and what, and what the player took instead; none otherwise."""
    tapped = ctx.local.get(TAPPED, {}).get(player)
    ahead = claimed_first(race, player, tapped[1]) if tapped and tapped[0] == race.get("number") else []
    if not ahead:
        return []
    return [ft.Text(ctx.t("app.race.beaten", names=[who for who, _ in ahead], rewards=[r for _, r in ahead],
                          name=player, reward=mech.reward_of(race, player)), size=16)]


def claimed_first(race: dict, player: str, tapped: Any) -> list[list]:
    """The claims [player, reward] that came in after the claims `tapped` (those made when the player tapped) and
    before the player's own; none when the race's claims do not start with those (another race)."""
    claims = mech.claims(race)
    mine = next((i for i, (who, _) in enumerate(claims) if who == player), None)
    if mine is None or not isinstance(tapped, list) or claims[:len(tapped)] != tapped:
        return []
    return claims[len(tapped):mine]


def note_race(ctx: Any, race: dict | None) -> None:
    """Keep the race as this screen now stands at it (None: none), drawn or not, for a late tap's answer (`late`),
    and, when its claims changed, the race as it stood before (`shown_claims`)."""
    drawn = ctx.local.get(DRAWN)
    if isinstance(drawn, dict) and (not isinstance(race, dict) or mech.claims(drawn) != mech.claims(race)):
        ctx.local[SHOWN] = drawn
    ctx.local[DRAWN] = race


def shown_claims(ctx: Any, race: dict) -> list:
    """The claims of race a tap on its button may have been made on: those the screen showed before the race's
    claims last changed (the phone may not have drawn that change yet), else those drawn now."""
    shown = ctx.local.get(SHOWN)
    claims = mech.claims(race)
    if isinstance(shown, dict) and shown.get("number") == race.get("number"):
        before = mech.claims(shown)
        if claims[:len(before)] == before:
            return before
    return claims


def answer_late(ctx: Any, button: ft.Control, player: str, race: dict) -> None:
    """A tap on the player's claim or stop button (drawn for race) that reaches the server once the button went away
    is answered in the race's words (`late`) before any tap on a control gone (`views.lost_taps`)."""
    page = getattr(ctx, "page", None)
    if page is not None:
        number = race.get("number")
        lost_taps.answer_as(page, button, lambda: late(ctx, player, number))


def late(ctx: Any, player: str, number: Any = None) -> bool:
    """Say why a tap for the race numbered number that came too late did nothing, from the race as this screen
    stands at it now; False when that race does not say (it still runs, or none was ever noted)."""
    if DRAWN not in ctx.local:
        return False
    said = late_words(ctx.local[DRAWN], player, number)
    if said is None:
        return False
    key, params = said
    engine = getattr(ctx, "engine", None)
    ctx.show_error(RuleError(words.own_key(ctx.lang, engine.game.id, key) if engine else key, **params))
    return True


def late_words(race: Any, player: str, number: Any = None) -> tuple[str, dict] | None:
    """The message key and parameters for a tap of player for the race numbered number that came too late, the
    screen now standing at race: that race is gone (none now, or another); they already took a reward, or stopped;
    the race is over (who took the last reward, or closed); None while they still race."""
    if not isinstance(race, dict) or race.get("number") != number:
        return "app.race.late_over", {}
    if player not in race["players"]:
        return None
    reward = mech.reward_of(race, player)
    if reward is not None:
        return "app.race.late_took", {"name": player, "reward": reward}
    if player in mech.declined(race):
        return "app.race.late_stopped", {"name": player}
    if not mech.is_over(race):
        return None
    if race["claims"] and not mech.remaining(race):
        who, last = race["claims"][-1]
        return "app.race.too_late", {"name": who, "reward": last}
    return "app.race.late_over", {}


def status_line(ctx: Any, race: dict, players: list[str]) -> str:
    """The players' places in the race on one line, "A took 4 · B: still racing"; a wrapped line breaks only
    after a " · ", never inside one's words (`views.words.whole_name`: "阿芳：还在 / 抢" was seen) nor before the dot
    (a line starting "· B")."""
    return "\u00a0· ".join(words.whole_name(status(ctx, race, p)) for p in players)


def status(ctx: Any, race: dict, player: str) -> str:
    """Where a player stands in the race, in words: took a reward, stopped, nothing left, or still racing."""
    reward = mech.reward_of(race, player)
    if reward is not None:
        return ctx.t("app.race.took", name=player, reward=reward)
    if player in mech.declined(race):
        return ctx.t("app.race.stopped", name=player)
    if mech.is_over(race):
        return ctx.t("app.race.missed", name=player)
    return ctx.t("app.race.racing", name=player)
