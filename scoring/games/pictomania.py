"""Pictomania (妙筆神猜, Vlaada Chvátil 2011, first edition), 3–6 players: RULINGS.md §3.

Everyone draws their own word and guesses the others' at the same time. The app stands in for the guess cards
on the piles, the scoring tokens and the black bonus tiles, and does the reveal arithmetic. Mechanic borrowed:
the bonus race (`scoring/mechanics/race.py`) for the bonus tiles.

A round goes through these phases (bare names in `state["phase"]`; the header shows `pictomania.phase.<name>`):
- `deal`: the table deals (`deal`, seeded, a reveal) or enters the physical deal (`set_deal`), or each player
  enters their own dealt card on their own phone (`own_deal`).
- `drawing`: players `guess` and `stop`; the table may rule `wrong_word` for a drawer.
- `reveal`: the race is over (the last tile was taken or everyone stopped); nothing more can be guessed, the
  table may still rule `wrong_word`, then `reveal`s. "Over" (no more drawing) and "scored" are separate steps
  so the wrong-word ruling can come in between, when the cards are turned over.
- `reveal` (the action) ends the drawing if the race has not (the table says the round is done), scores the
  round and moves to the next round's `deal`, or ends the game after the last round.

Actions (each declared with who may make it, its phases and its fields; any other field is refused by name):
- `deal` by the table (deal), optional `deck`: each player gets a distinct symbol (1–6) and number (1–7) from the seed
  (kids variant: a distinct number only).
- `set_deal` by the table (deal): `{"deal": {player: [symbol, number]}}` (kids variant: `{player: number}`), optional
  `deck`: the cards as dealt at the table.
- `own_deal` by a player (deal): `{"card": [symbol, number]}` (kids variant: `{"card": number}`): the card the
  player was dealt at the table; the last one starts the drawing.
- `guess` by the guesser (drawing): `{"target": player, "number": 1–7}`.
- `stop` by a player (drawing): `{"take_tile": bool}` (default true): take the highest remaining bonus tile, or
  none.
- `wrong_word` by the table (drawing, reveal): `{"drawer": player}`.
- `reveal` by the table (drawing, reveal).

A player's own deal is private: the state holds it because scoring needs it; views show it only to its owner
through `word_of`, and the action log does not show deals or guessed numbers.

Rulings:
- Scoring tokens per player: the n−1 highest values of the `tokens` table (default {3, 2, 1, 1, 1}); bonus tiles:
  the n−1 highest of `bonus_tiles` (default {3, 3, 2, 2, 1}) [RULINGS §3].
- The deck (`difficulty`, decks 1–4; 1 is the easy green deck) only labels the rounds; `deal`/`set_deal` may
  name another deck for that round (a deal entered card by card on the phones is the session's deck). The app
  holds no words.
- Own cards [ruling]: with the physical deal, each player may enter their own card on their own phone
  (`own_deal`), kept in `state["entered"]` until the deal is complete; it is private (only its owner sees it,
  the log shows no card) and may be entered again (the later one counts) until the last player's completes the
  deal. A card is checked alone when entered (a symbol 1–6 and a number 1–7; a number in the kids variant), not
  against the cards entered so far: refusing it for a clash would tell the player that another seat holds that
  symbol or number. The last card completes the deal with `set_deal`'s checks (each symbol and each number is
  dealt once); on a clash that last card is refused (`pictomania.own_deal_clash`) naming the rule only — not
  whose cards, nor whether a symbol or a number — and the others stay entered: everyone checks the card they
  entered (one entered again, then the last, completes the deal), or the table enters the whole deal. The
  table's `deal` or `set_deal` wins and drops the cards entered. No session option picks one way to deal: every
  way stays open until the deal is complete (the screens name both, the view's ruling).
- Each player owns one guess card per number 1–7 [seed: one set of 7 guess cards per player]: a number the player
  already has on a pile is refused (`pictomania.number_used`); a card that came back from a wrong-word pile may
  be used again. A guess is placed on another player's pile, at most one per pile, never withdrawn; guesses on a
  pile keep the order they came in. A player who has stopped, or any player once the race is over, can no longer guess.
  A player may guess their own number on someone's pile (pointless but legal at the table).
- Stopping needs no guesses or drawing: a player may stop at once, with or without a tile, and may leave their
  board blank (keeping all their tokens, [seed]).
- Correct guesses on a pile get the drawer's tokens, earliest first, highest token first. There are n−1 tokens
  and at most n−1 guessers, so every correct guesser gets one.
- Wrong guesses go to the middle; guesses not placed count for nothing. The black sheep is the single player
  with the most cards in the middle; a tie for most, or an empty middle, means no black sheep.
- A player who guessed nobody has no cards in the middle and receives nothing: no special rule.
- Round score: +1 per star received; −1 per star of your own tokens nobody won; the bonus tile counts minus for
  the black sheep (checked first, as in the original), 0 if nobody guessed your word, plus otherwise. A player
  without a tile scores no tile line.
- Wrong word (the drawer drew another word): the guesses on that pile go back to their owners — not right, not
  wrong, not in the middle — and the drawer keeps every token (losing their stars); their tile counts 0 (or
  minus if they are the black sheep), said as the wrong word's (`wrong_word`), not "nobody guessed your word":
  someone may have guessed the drawer's number before the ruling. The ruling may come while drawing or after
  the race, before the reveal; the pile then takes no more guesses.
- The table may reveal before the race is over (everyone is done but not every stop was entered; see `reveal`).
- After the last round the highest total wins; ties share the win.
- Two players stopping at once [ruling]: their order is a near-tie for the table to rule on only when it changes
  who holds which tile; two equal tiles (the default 3 and 3 on top) taken in either order, or two stops without
  a tile, settle the same (`same_outcome`, `race.settled`) and nobody is asked.

The table's questions:
- `prompt(state)`: deal: the table's `deal` (one choice) or `set_deal` (typed), and `own_deal` (typed) for each
  player who has not entered a card — those lead once a first card is entered (the table waits for them);
  drawing: each player still drawing gets every `guess` they may still make (a pile they have not guessed on,
  not ruled a wrong word, with a number they have not used) and `stop` with or without a tile; the table gets
  `wrong_word` for each drawer not yet ruled and `reveal`; after the race only the table's `reveal` and rulings.
  `wrong_word` is minor (listed last): the table may rule one, but what it waits for after the race is the reveal.
- `player_view(state, seat)`: the deal and the cards entered show only the seat's own symbol and number (none for
  the public table; who has entered a card is public); every guess keeps its guesser and place on the pile, but
  its number is shown only to the guesser (None for everyone else) until the reveal; scored rounds in `history`
  are public.
"""

from __future__ import annotations

from scoring.core import (BOOL, CHOICE, INT, INT_LIST, PLAYER, TABLE, Engine, Game, Line, Option, RuleError,
                          each_player, make_scoreboard, move, register, rng)
from scoring.mechanics import race

SYMBOLS = 6
NUMBERS = 7
DECKS = ("1", "2", "3", "4")


def tokens_for(state: dict) -> list[int]:
    """Each player's scoring tokens, highest first: the n−1 highest of the `tokens` table."""
    return sorted(state["options"]["tokens"], reverse=True)[:len(state["players"]) - 1]


def tiles_for(state: dict) -> list[int]:
    """The bonus tiles in the middle, highest first: the n−1 highest of the `bonus_tiles` table."""
    return sorted(state["options"]["bonus_tiles"], reverse=True)[:len(state["players"]) - 1]


def word_of(state: dict, player: str) -> dict | None:
    """The player's own deal, {"symbol": s or None (kids), "number": n}, or None before the deal."""
    deal = state.get("deal")
    if not deal or player not in deal:
        return None
    return dict(deal[player])


def used_numbers(state: dict, player: str) -> dict[int, str]:
    """The numbers of the player's guess cards on piles now: number → the pile's drawer."""
    return {n: drawer for drawer, pile in state["guesses"].items() for g, n in pile if g == player}


def guess_choices(state: dict, player: str) -> list[dict]:
    """Every guess the player may still make: an open pile they have not guessed on, an unused number."""
    if state["phase"] != "drawing" or race.is_locked(state["race"], player):
        return []
    used = used_numbers(state, player)
    return [{"target": target, "number": n} for target in state["players"]
            if target != player and target not in state["wrong_word"]
            and all(g != player for g, _ in state["guesses"][target])
            for n in range(1, NUMBERS + 1) if n not in used]


def _is_int(value: object, low: int, high: int) -> bool:
    """Whether value is a whole number (not a bool) within [low, high]."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def shared(deal: dict, field: str) -> bool:
    """Whether two players' cards in the deal share a symbol (or a number): `field`, None not counted."""
    values = [card[field] for card in deal.values() if card[field] is not None]
    return len(set(values)) != len(values)


def score_round(entry: dict, players: list[str], tokens: list[int]) -> dict:
    """The reveal of one round: tokens won, tokens kept, the middle, the black sheep and each player's score."""
    received = {p: [] for p in players}
    kept = {}
    middle = {p: 0 for p in players}
    unguessed = []
    for drawer in players:
        if drawer in entry["wrong_word"]:
            kept[drawer] = list(tokens)
            unguessed.append(drawer)
            continue
        number = entry["deal"][drawer]["number"]
        correct = [g for g, n in entry["guesses"][drawer] if n == number]
        for guesser, stars in zip(correct, tokens):
            received[guesser].append([drawer, stars])
        for guesser, n in entry["guesses"][drawer]:
            if n != number:
                middle[guesser] += 1
        kept[drawer] = tokens[len(correct):]
        if not correct:
            unguessed.append(drawer)
    most = max(middle.values())
    leaders = [p for p in players if middle[p] == most]
    sheep = leaders[0] if most > 0 and len(leaders) == 1 else None
    scores = {}
    for p in players:
        tile = entry["tiles"].get(p)
        if tile is None:
            tile_points, tile_reason = 0, "none"
        elif p == sheep:
            tile_points, tile_reason = -tile, "black_sheep"
        elif p in entry["wrong_word"]:
            tile_points, tile_reason = 0, "wrong_word"
        elif p in unguessed:
            tile_points, tile_reason = 0, "unguessed"
        else:
            tile_points, tile_reason = tile, "plus"
        gained = sum(s for _, s in received[p])
        lost = sum(kept[p])
        scores[p] = {"received": gained, "lost": lost, "tile": tile, "tile_points": tile_points,
                     "tile_reason": tile_reason, "total": gained - lost + tile_points}
    return {"received": received, "kept": kept, "middle": middle, "black_sheep": sheep, "scores": scores}


def stop_tile(state: dict, nth: int, player: str) -> int | None:
    """The bonus tile the player took with the nth stop of the game (None if none): each round's stops are its
    stopped players, the rounds in order, the round being played last (no race between a reveal and the next
    deal)."""
    now = state["race"] and {"stopped": [p for p in state["players"] if race.is_locked(state["race"], p)],
                             "tiles": {p: race.reward_of(state["race"], p) for p in state["players"]}}
    for entry in [*state["history"], *filter(None, [now])]:
        if nth <= len(entry["stopped"]):
            return entry["tiles"].get(player)
        nth -= len(entry["stopped"])
    return None


@register
class Pictomania(Engine):
    """Pictomania, first edition: simultaneous drawing, ordered guesses, a bonus-tile race and the reveal."""

    minor = ("wrong_word",)
    game = Game(
        id="pictomania",
        names={"en": "Pictomania", "zh-CN": "妙笔神猜"},
        min_players=3,
        max_players=6,
        options=(
            Option("tokens", [3, 2, 1, 1, 1], INT_LIST, minimum=1, maximum=9, length=5),
            Option("bonus_tiles", [3, 3, 2, 2, 1], INT_LIST, minimum=1, maximum=9, length=5),
            Option("difficulty", "1", CHOICE, choices=DECKS),
            Option("rounds", 5, INT, minimum=1, maximum=10),
            Option("kids", False, BOOL),
        ),
    )
    def setup(self, state: dict) -> None:
        """Round 1, waiting for the deal."""
        state["round"] = 1
        state["rounds"] = state["options"]["rounds"]
        state["history"] = []
        self._clear_round(state)

    def _clear_round(self, state: dict) -> None:
        """Empty piles, no deal, no race: the table is ready for the next deal."""
        state["phase"] = "deal"
        state["deck"] = None
        state["deal"] = None
        state["entered"] = {}
        state["guesses"] = {p: [] for p in state["players"]}
        state["returned"] = {}
        state["wrong_word"] = []
        state["race"] = None

    # --- the deal -------------------------------------------------------------------------------------

    def _deck(self, state: dict, action: dict) -> str:
        """The round's deck: the action's, or the session's difficulty."""
        deck = action.get("deck", state["options"]["difficulty"])
        if deck not in DECKS:
            raise RuleError("pictomania.deck_invalid", deck=str(deck))
        return deck

    def _start_drawing(self, state: dict, deck: str, deal: dict) -> None:
        """Store the deal and open the drawing phase with a fresh race for the bonus tiles."""
        state["deck"] = deck
        state["deal"] = deal
        state["entered"] = {}
        state["phase"] = "drawing"
        state["race"] = race.new_race(tiles_for(state), list(state["players"]), state["round"])

    @move("deal", by=TABLE, phase=("deal",), fields=("deck",), reveals=True)
    def deal(self, state: dict, action: dict) -> None:
        """Deal distinct symbols and numbers from the seed."""
        deck = self._deck(state, action)
        players = state["players"]
        draw = rng(state["seed"], "deal", state["round"])
        numbers = draw.sample(range(1, NUMBERS + 1), len(players))
        if state["options"]["kids"]:
            symbols = [None] * len(players)
        else:
            symbols = draw.sample(range(1, SYMBOLS + 1), len(players))
        deal = {p: {"symbol": s, "number": n} for p, s, n in zip(players, symbols, numbers)}
        self._start_drawing(state, deck, deal)

    @move("set_deal", by=TABLE, phase=("deal",), fields=("deal", "deck"))
    def set_deal(self, state: dict, action: dict) -> None:
        """Enter the deal made with the physical cards."""
        deck = self._deck(state, action)
        deal = each_player(state, action.get("deal"), "pictomania.deal_missing", "pictomania.deal_player_missing",
                           lambda player, value: self._dealt_card(state, player, value))
        for field, key in (("symbol", "pictomania.symbol_shared"), ("number", "pictomania.number_shared")):
            if shared(deal, field):
                raise RuleError(key)
        self._start_drawing(state, deck, deal)

    @move("own_deal", by=PLAYER, phase=("deal",), fields=("card",))
    def own_deal(self, state: dict, action: dict) -> None:
        """A player enters their own dealt card; the last one completes the deal (refused on a clash)."""
        entered = {**state["entered"], action["by"]: self._dealt_card(state, action["by"], action.get("card"))}
        if len(entered) < len(state["players"]):
            state["entered"] = entered
            return
        deal = {p: entered[p] for p in state["players"]}
        if shared(deal, "symbol") or shared(deal, "number"):
            raise RuleError("pictomania.own_deal_clash")
        self._start_drawing(state, state["options"]["difficulty"], deal)

    def _dealt_card(self, state: dict, player: str, value) -> dict:
        """One player's entered deal, checked: [symbol, number], or a number in the kids variant."""
        if state["options"]["kids"]:
            if not _is_int(value, 1, NUMBERS):
                raise RuleError("pictomania.deal_invalid_kids", name=player)
            return {"symbol": None, "number": value}
        if (not isinstance(value, list) or len(value) != 2 or not _is_int(value[0], 1, SYMBOLS)
                or not _is_int(value[1], 1, NUMBERS)):
            raise RuleError("pictomania.deal_invalid", name=player)
        return {"symbol": value[0], "number": value[1]}

    # --- drawing and guessing -------------------------------------------------------------------------

    @move("guess", by=PLAYER, phase=("drawing",), fields=("target", "number"))
    def guess(self, state: dict, action: dict) -> None:
        """Put one of the guesser's unused guess cards on another player's pile."""
        guesser = action["by"]
        target = action.get("target")
        if target not in state["players"]:
            raise RuleError("pictomania.target_unknown", target=str(target))
        if target == guesser:
            raise RuleError("pictomania.own_pile")
        number = action.get("number")
        if not _is_int(number, 1, NUMBERS):
            raise RuleError("pictomania.number_invalid", number=str(number))
        if race.is_locked(state["race"], guesser):
            raise RuleError("pictomania.stopped", name=guesser)
        if target in state["wrong_word"]:
            raise RuleError("pictomania.pile_returned", target=target)
        if any(g == guesser for g, _ in state["guesses"][target]):
            raise RuleError("pictomania.already_guessed", target=target)
        used = used_numbers(state, guesser)
        if number in used:
            raise RuleError("pictomania.number_used", number=number, target=used[number])
        state["guesses"][target].append([guesser, number])

    @move("stop", by=PLAYER, phase=("drawing",), fields=("take_tile",))
    def stop(self, state: dict, action: dict) -> None:
        """A player finishes: takes the highest remaining bonus tile (or none) and stops all actions."""
        player = action["by"]
        take = action.get("take_tile", True)
        if not isinstance(take, bool):
            raise RuleError("pictomania.take_tile_invalid")
        if race.is_locked(state["race"], player):
            raise RuleError("pictomania.already_stopped", name=player)
        if take:
            state["race"], _ = race.claim(state["race"], player)
        else:
            state["race"] = race.decline(state["race"], player)
        if race.is_over(state["race"]):
            state["phase"] = "reveal"

    @move("wrong_word", by=TABLE, phase=("drawing", "reveal"), fields=("drawer",))
    def wrong_word(self, state: dict, action: dict) -> None:
        """The table rules that a drawer drew the wrong word: the guesses on their pile go back."""
        drawer = action.get("drawer")
        if drawer not in state["players"]:
            raise RuleError("pictomania.target_unknown", target=str(drawer))
        if drawer in state["wrong_word"]:
            raise RuleError("pictomania.wrong_word_twice", drawer=drawer)
        state["wrong_word"].append(drawer)
        state["returned"][drawer] = state["guesses"][drawer]
        state["guesses"][drawer] = []

    # --- the reveal -----------------------------------------------------------------------------------

    @move("reveal", by=TABLE, phase=("drawing", "reveal"), fields=(), reveals=True)
    def reveal(self, state: dict, action: dict) -> None:
        """Turn the piles over and score the round; then the next deal, or the end after the last round.

        Legal while the bonus race still runs [ruling, RULINGS §3]: the round ends when everyone has stopped
        [official], but the app knows a stop only from a tap, which may lag the table or never come (a player puts
        the pencil down and forgets the phone); the table, which sees everyone stop, ends the round, and the host's
        screen asks first. A player with no stop entered takes no tile and is recorded as not stopped (as a stop
        without a tile, allowed [seed]); the tiles left stay in the middle. A tile a player took at the table but
        not in the app is entered (`stop`) before the reveal."""
        ended = race.close(state["race"])
        entry = {
            "round": state["round"],
            "deck": state["deck"],
            "deal": state["deal"],
            "guesses": state["guesses"],
            "returned": state["returned"],
            "wrong_word": state["wrong_word"],
            "tiles": {p: race.reward_of(ended, p) for p in state["players"]},
            "stopped": [p for p in state["players"] if race.is_locked(ended, p)],
        }
        entry["result"] = score_round(entry, state["players"], tokens_for(state))
        state["history"].append(entry)
        self._clear_round(state)
        if len(state["history"]) >= state["rounds"]:
            state["over"] = True
            state["phase"] = "over"
        else:
            state["round"] += 1

    # --- the table's questions ----------------------------------------------------------------------------

    def offer(self, state: dict, kind: str, by: str) -> list | None:
        """The finite choices of each move now (see the module's docstring); the physical deal is typed."""
        if kind == "set_deal":
            return None
        if kind == "own_deal":
            return [] if by in state["entered"] else None
        if kind == "guess":
            return guess_choices(state, by)
        if kind == "stop":
            if state["phase"] != "drawing" or race.is_locked(state["race"], by):
                return []
            return [{"take_tile": True}, {"take_tile": False}]
        if kind == "wrong_word":
            return [{"drawer": p} for p in state["players"] if p not in state["wrong_word"]]
        return [{}]

    def hide(self, view: dict, seat: str | None) -> None:
        """Others' deals, others' entered cards and the numbers of others' guesses (on piles and sent back) until
        the reveal."""
        if view["deal"] is not None:
            view["deal"] = {p: word for p, word in view["deal"].items() if p == seat}
        view["entered"] = {p: card if p == seat else None for p, card in view["entered"].items()}
        for piles in (view["guesses"], view["returned"]):
            for pile in piles.values():
                for card in pile:
                    if card[0] != seat:
                        card[1] = None

    def prompt(self, state: dict) -> list[dict]:
        """The engine's prompt; once a player has entered their own card, the cards still to enter lead."""
        entries = super().prompt(state)
        if state["phase"] == "deal" and state["entered"]:
            entries.sort(key=lambda entry: entry["type"] != "own_deal")
        return entries

    def same_outcome(self, one: dict, other: dict) -> bool:
        """Equal but for the order in which tiles were taken or declined, when each player holds the same tile."""
        return ({**one, "race": race.settled(one["race"])} == {**other, "race": race.settled(other["race"])})

    # --- what the app shows ---------------------------------------------------------------------------

    def status(self, state: dict) -> dict:
        """Header: round of rounds and the phase; nobody has the turn (everyone plays at once)."""
        return {"round": state["round"], "rounds": state["rounds"], "phase": self.phase_key(state["phase"]),
                "said": {}, "turn": None, "over": state["over"]}

    def describe(self, action: dict) -> tuple[str, dict]:
        """The action in words, without the private parts: deals and guessed numbers stay hidden."""
        key, params = super().describe(action)
        params.pop("deal", None)
        params.pop("card", None)
        params.pop("number", None)
        if action["type"] == "stop":
            params.setdefault("take_tile", True)
        return key, params

    def logged(self, state: dict, action: dict, nth: int) -> tuple[str, dict]:
        """The nth stop that took a tile with the tile it took, from the rounds' stops and tiles in the state (at a
        table of four the log read "stopped and took a bonus tile" for the 3, the 3 and the 2: two phones racing for
        a 3 could not tell from it which one won); any other action as `describe` says it."""
        key, params = self.describe(action)
        tile = stop_tile(state, nth, action.get("by")) if action.get("type") == "stop" else None
        if params.get("take_tile") is True and tile is not None:
            return "pictomania.action.stop_took", {**params, "tile": tile}
        return key, params

    def scoreboard(self, state: dict):
        """Per round: stars received, own stars not won, the bonus tile; cumulative totals per round."""
        players = state["players"]
        lines = {p: [] for p in players}
        cumulative, running = [], {p: 0 for p in players}
        for entry in state["history"]:
            result = entry["result"]
            for p in players:
                lines[p].extend(self._round_lines(entry["round"], result, p))
                running[p] += result["scores"][p]["total"]
            cumulative.append(dict(running))
        return make_scoreboard("pictomania", players, lines, rounds=cumulative, over=state["over"])

    def _round_lines(self, number: int, result: dict, player: str) -> list[Line]:
        """One player's breakdown lines for one round."""
        score = result["scores"][player]
        out = []
        if score["received"]:
            givers = [drawer for drawer, _ in result["received"][player]]
            out.append(Line("pictomania.line.received", score["received"],
                            {"round": number, "stars": score["received"], "from": givers}))
        if score["lost"]:
            out.append(Line("pictomania.line.kept", -score["lost"], {"round": number, "stars": score["lost"]}))
        if score["tile"] is not None:
            out.append(Line(f"pictomania.line.tile_{score['tile_reason']}", score["tile_points"],
                            {"round": number, "tile": score["tile"]}))
        return out
