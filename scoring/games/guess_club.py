"""Guess Club (猜心俱乐部) as an engine: the app keeps every chip, the pot, the bonus board and the predictions.

RULINGS.md §2. Money lives in a ledger (`scoring.mechanics.ledger`): accounts are the players, "pot", "board"
(this round's reward on the bonus board) and the outside "supply" (the bank). Every transfer of an action is
listed in `state["events"]` (ledger events; `describe_event` puts one in words) so the view can say who paid
whom; a payment a player cannot cover takes bank loans of 100, listed as "loan" events.

Phases (bare names in `state["phase"]`; the header shows `guess_club.phase.<name>`): `topic`, `answers`,
`turns`, `ruling`, `settle`, `over`.

Actions (each declared with who may make it, its phases and its fields; any other field is refused by name; all
but `aliases` by a seated player; the setter of the round is `state["setter"]`):
- `topic` by the setter (topic, answers): `{"text": str}` — the round's topic, typed or picked by the view from the
  app's list. It may be changed until the first player has handed in answers.
- `answers` by every player once a round (answers): `{"cards": [str, ...]}` — exactly `cards` answers, all
  different on the one hand: two answers are the same when the table ruled them the same, or — unless the table
  ruled exactly these two texts different — when the matcher finds them the same (equal after normalising, so
  "Apple" and "apple", or an alias of this session). Play starts when all players have handed theirs in; the
  first turn is the setter's left neighbour.
  [ruling] Two answers the matcher only rates as maybe the same (plum / plums, a typo, a shared reading: a
  suggestion) are not refused: the setter rules on sameness, and at the table a writer asked about them would keep
  both as often as not. The app flags them to the writer before sending (`alike_on_hand`: "“plum” and “plums” may
  count as the same answer; the setter may rule them one"), who changes one or sends them as they are; in play
  they are two cards, and when a card read out is like both, only one of them can match (one card each).
- `hand_ruling` by the setter (answers): `{"a": text, "b": text, "same": bool}` — the table's ruling on two
  answers a player asks about before handing in (the setter rules on sameness [official]): "same" makes them a
  session alias (苹果 / apple: then one hand may not hold both, and they match in play; an `alias_learned`
  event for storage), "different" lets exactly these two texts stand on one hand although they normalise alike
  (Apple the firm, apple the fruit). Once per pair of texts and session.
- `play` by the player whose turn it is (turns): `{"card": index | text}` — one of their unplayed cards is read out.
  The engine lists the other players' unplayed cards the matcher finds the same or similar in
  `state["pending"]["proposals"]` (player, card, text, kind, score, reason, link: the reading that linked a
  suggestion, "qiao ke li", or the differences a card written the same has, "case") and waits for the setter.
- `show` by any player but the one who read out (ruling): `{"card": index | text}` — "I have that answer too": one
  of their unplayed cards the matcher did not propose joins the proposals as kind "shown" (no score, no reason),
  so the setter sees it and rules on it. The answers are hidden in the app, so without this a card the matcher
  missed could be added only on a shared screen (its owner shows it behind the cover); on seated phones the
  setter never sees another seat's cards. A card already among the proposals is refused
  (`guess_club.already_proposed`); a player may show more than one card (the setter matches one at most).
- `rule` by the setter (ruling): `{"valid": bool, "matches": [[player, card], ...]}` — settles the pending play.
  The setter may confirm proposals (the matcher's or those shown), reject them, or add any unplayed card of
  another player.
  Valid with matches: the matched cards are revealed (they count as played), the player takes the whole pot,
  the match counter goes up 1 and 30 comes from the supply into the pot. Valid without matches: pay 10.
  Invalid: pay 20. Confirmed matches the matcher did not already call the same become session aliases
  (`state["aliases"]`; the ones of the last action in `state["learned"]` for the view to show, and each as an
  `{"type": "alias_learned", "a": text, "b": text}` event for the session layer to store). Each ruling's matched
  cards, [player, text] each, stay in `state["ruled"]` (one entry a ruling, in log order: `{"read": [player, text],
  "matches": [...]}`, the card read out and the cards ruled the same) for the log to name them.
- `predict` by the player whose turn it is (turns): `{"number": int}` — pay 10, put a marker on 0..`max_prediction`.
- `aliases` by the table or the round's setter (any phase but over): `{"pairs": [[a, b], ...]}` — answers ruled
  the same in earlier sessions (the app's learned aliases), brought into this session so the matcher knows them;
  pairs already known are skipped. The app sends them as the setter sets the topic, so a setter's own phone in
  table mode (which acts only as its seat) may bring them in; anyone else is refused `guess_club.setter_only`.
- `settle` by the setter when a hand is empty (settle): `{"invalid": [[player, card], ...]}` — the unplayed cards the
  setter rules invalid; each costs 20 into the pot (every unplayed card with option `all_unplayed_pay`), then
  the predictions are paid, then the next round starts (or, after round 3, the game is over).

Rulings:
- The first player in seat order sets round 1; the setter moves one seat clockwise each round. Seat order is
  clockwise, so "the setter's left" is the next seat. The setter plays and predicts on their turn like everyone.
- A card the setter rules invalid never makes a match: a `rule` with `valid: false` and matches is refused.
- One card per other player in a match (their answers are all different, so only one can be the one read out).
  A match counts one on the counter however many cards it reveals.
- The round ends as soon as any hand is empty after an action resolves, also when a player's last card was
  taken by a match; nobody acts any more, the setter checks the unplayed cards.
- Predictions: each marker on the exact match count is one share (a player with two correct markers takes two
  shares) of pot + the board's reward, in units of 10; the remainder goes to the share of the earliest placed
  correct marker. Winnings come out of the pot first, then the board. A player may put both markers on one
  number if it has room.
- No correct marker: the pot stays for the next round and the board keeps its reward, to which the next
  round's reward is added. After round 3 an unclaimed reward returns to the bank; the pot is left as it is.
- Whenever the pot is empty after a match or after the predictions are paid, 30 comes from the supply — except
  after the last round, when the game is over.
- Undoing a play, a ruling that revealed matched cards, or a settlement needs the table's consent (hidden
  answers were shown).
- Final money = chips − loans; most money wins, ties share. Options must be multiples of 10 for money.

The table's questions:
- `prompt(state)`: the setter's `topic` (typed); each player's hand of `answers` (typed) until handed in and
  the setter's `hand_ruling` (typed); the active player's `play` (one choice per unplayed card) and `predict`
  (the numbers with room, while they have markers); the setter's `rule` (invalid, valid without a match, valid
  with each proposal alone, valid with every proposal of the kind "same" or "shown" — other combinations may
  be sent as typed); each other player's `show` (one choice per unplayed card not proposed yet); the setter's
  `settle` (no card invalid, or one). `aliases` is the app's, never asked for. Once the topic is set and
  answers are being written, the hands lead [ruling]: the setter may still change the topic (until a hand is in)
  or rule two answers of a hand, but the table waits for the hands (the screen's next-step line named the
  setter's topic after the topic was set, then "act" for the setter who had handed in). Once a card is read out
  the table waits for the setter's `rule` [ruling]: the other players' `show` is open but optional and follows it
  (the next-step line named "show" for the others while the setter had to rule).
- `alike_on_hand(state, cards)`: the pairs of a hand about to be handed in that the matcher rates as maybe the
  same (suggested) and the setter has not ruled different, each with the matcher's verdict, to flag to the writer.
- `player_view(state, seat)`: other players' unplayed cards show their text as None until they are played,
  matched or (phase settle) turned up for the check; the proposals of a pending play are shown only to the
  setter, who rules on them, and to each card's owner (so a shown card's text reaches the setter only). Played
  and matched cards, topics, markers and money are public; the texts of a `hand_ruling` were said aloud to the
  table.
"""

from __future__ import annotations

from scoring.core import (ANY, BOOL, INT, INT_LIST, PLAYER, TABLE, Engine, Game, Line, Option, RuleError,
                          make_scoreboard, move, register)
from scoring.mechanics import ledger
from validators.answers import SAME, SUGGESTED, Matcher, alias_pairs, normalise

GID = "guess_club"
ROUNDS = 3
UNIT = 10
LOAN = 100
POT_START = 30
REFILL = 30
MISS = 10
INVALID = 20
PREDICT = 10
PENALTY = 20
SHOWN = "shown"
ACCOUNTS = ("pot", "board", "supply")
TEXT_MAX = 80
TOPIC_MAX = 200


def open_numbers(state: dict) -> list[int]:
    """The prediction numbers with room for one more marker (fewer than `per_number` on them)."""
    opts = state["options"]
    return [n for n in range(opts["max_prediction"] + 1)
            if sum(1 for m in state["markers"] if m["number"] == n) < opts["per_number"]]


@register
class GuessClub(Engine):
    """Three rounds of hidden answers, matches for the pot, and predictions on the match count."""

    minor = ("topic", "hand_ruling", "show")
    game = Game(
        id=GID,
        names={"en": "Guess Club", "zh-CN": "猜心俱乐部"},
        min_players=2,
        max_players=8,
        options=(
            Option("rewards", [30, 30, 50], INT_LIST, minimum=0, maximum=1000, length=ROUNDS),
            Option("cards", 6, INT, minimum=1, maximum=12),
            Option("markers", 4, INT, minimum=0, maximum=20),
            Option("start_money", 150, INT, minimum=10, maximum=10_000),
            Option("all_unplayed_pay", False, BOOL),
            Option("max_prediction", 13, INT, minimum=0, maximum=40),
            Option("per_number", 2, INT, minimum=1, maximum=8),
        ),
    )
    # -----------------------------------------------------------------------------------------------------
    # Set-up and rounds

    def setup(self, state: dict) -> None:
        """Chips for everyone, 30 in the pot, round 1's reward on the board, round 1 waiting for its topic."""
        opts = state["options"]
        for name in state["players"]:
            if name in ACCOUNTS:
                raise RuleError("guess_club.name_reserved", name=name)
        for amount in (opts["start_money"], *opts["rewards"]):
            if amount % UNIT:
                raise RuleError("guess_club.not_unit", amount=amount, unit=UNIT)
        state["ledger"] = ledger.new_ledger(state["players"], opts["start_money"], UNIT, pot=POT_START,
                                            board=opts["rewards"][0])
        state["rounds"] = ROUNDS
        state["aliases"] = []
        state["history"] = []
        state["events"] = []
        state["learned"] = []
        state["distinct"] = []
        state["ruled"] = []
        self._start_round(state, 1)

    def _start_round(self, state: dict, number: int) -> None:
        """Reset the round's table: new setter, no topic, no answers, counter at 0, no markers."""
        players = state["players"]
        state["round"] = number
        state["setter"] = players[(number - 1) % len(players)]
        state["topic"] = None
        state["phase"] = "topic"
        state["turn"] = None
        state["hands"] = {p: None for p in players}
        state["matches"] = 0
        state["markers"] = []
        state["pending"] = None
        state["plays"] = []
        reward = state["options"]["rewards"][number - 1]
        if number > 1 and reward:
            self._move_money(state, "supply", "board", reward)

    def before_move(self, state: dict, action: dict) -> None:
        """Start the last action's events and learned aliases afresh."""
        state["events"] = []
        state["learned"] = []

    # -----------------------------------------------------------------------------------------------------
    # Moves

    @move("topic", by=PLAYER, phase=("topic", "answers"), fields=("text",))
    def set_topic(self, state: dict, action: dict) -> None:
        """The setter gives the round's topic (or changes it before any answers are in)."""
        self._by(state, action, state["setter"], "guess_club.setter_only")
        if any(h is not None for h in state["hands"].values()):
            raise RuleError("guess_club.topic_closed")
        state["topic"] = self._text(action.get("text"), TOPIC_MAX, "guess_club.topic_invalid")
        state["phase"] = "answers"

    @move("aliases", by=ANY, phase=("topic", "answers", "turns", "ruling", "settle"), fields=("pairs",))
    def aliases(self, state: dict, action: dict) -> None:
        """Bring in answers the table ruled the same in earlier sessions (the table or the round's setter)."""
        if action["by"] != TABLE:
            self._by(state, action, state["setter"], "guess_club.setter_only")
        pairs = alias_pairs(action.get("pairs"))
        if pairs is None:
            raise RuleError("guess_club.aliases_invalid")
        state["aliases"].extend(pair for pair in pairs if pair not in state["aliases"])

    @move("hand_ruling", by=PLAYER, phase=("answers",), fields=("a", "b", "same"))
    def hand_ruling(self, state: dict, action: dict) -> list[dict]:
        """The setter rules two answers a player asks about the same (a session alias) or different (both may
        stand on one hand)."""
        self._by(state, action, state["setter"], "guess_club.setter_only")
        a = self._text(action.get("a"), TEXT_MAX, "guess_club.card_blank")
        b = self._text(action.get("b"), TEXT_MAX, "guess_club.card_blank")
        same = action.get("same")
        if not isinstance(same, bool):
            raise RuleError("guess_club.valid_missing")
        if a == b:
            raise RuleError("guess_club.ruling_one_text", text=a)
        if sorted([a, b]) in state["distinct"] or [a, b] in state["aliases"] or [b, a] in state["aliases"]:
            raise RuleError("guess_club.already_ruled", a=a, b=b)
        if not same:
            state["distinct"].append(sorted([a, b]))
            return []
        if self._matcher(state).compare(a, b).kind == SAME:
            return []
        state["aliases"].append([a, b])
        state["learned"].append([a, b])
        return [{"type": "alias_learned", "a": a, "b": b}]

    @move("answers", by=PLAYER, phase=("answers",), fields=("cards",))
    def hand_in(self, state: dict, action: dict) -> None:
        """A player hands in their hidden answers; play starts when everybody has."""
        player = action["by"]
        if state["hands"][player] is not None:
            raise RuleError("guess_club.already_answered", player=player)
        cards, count = action.get("cards"), state["options"]["cards"]
        if not isinstance(cards, list) or len(cards) != count:
            raise RuleError("guess_club.card_count", count=count)
        texts = [self._text(card, TEXT_MAX, "guess_club.card_blank_at", number=i) for i, card in enumerate(cards, 1)]
        repeated = [(i, j) for i, j in self._matcher(state).reused_on_sheet(texts)
                    if sorted([texts[i], texts[j]]) not in state["distinct"]]
        if repeated:
            i, j = repeated[0]
            raise RuleError("guess_club.answers_repeat", first=texts[i], second=texts[j], a=i + 1, b=j + 1)
        state["hands"][player] = [{"text": t, "out": None, "valid": None} for t in texts]
        if all(h is not None for h in state["hands"].values()):
            state["phase"] = "turns"
            state["turn"] = self._next(state, state["setter"])

    @move("play", by=PLAYER, phase=("turns",), fields=("card",), reveals=True)
    def play_card(self, state: dict, action: dict) -> None:
        """The active player reads a card out; the matcher's proposals wait for the setter's ruling."""
        player = self._turn(state, action)
        index = self._own_card(state, player, action.get("card"))
        text = state["hands"][player][index]["text"]
        matcher = self._matcher(state)
        proposals = []
        for other in self._others(state, player):
            for i, card in enumerate(state["hands"][other]):
                if card["out"] is not None:
                    continue
                verdict = matcher.compare(text, card["text"])
                if verdict.kind != "different":
                    proposals.append({"player": other, "card": i, "text": card["text"], "kind": verdict.kind,
                                      "score": round(float(verdict.score), 1), "reason": verdict.reason,
                                      "link": verdict.link})
        state["pending"] = {"player": player, "card": index, "text": text, "proposals": proposals}
        state["phase"] = "ruling"

    @move("show", by=PLAYER, phase=("ruling",), fields=("card",), reveals=True)
    def show(self, state: dict, action: dict) -> None:
        """A player says one of their cards is the same as the card read out: it joins the proposals."""
        pending, player = state["pending"], action["by"]
        if player == pending["player"]:
            raise RuleError("guess_club.match_own", player=player)
        index = self._own_card(state, player, action.get("card"))
        if any(p["player"] == player and p["card"] == index for p in pending["proposals"]):
            raise RuleError("guess_club.already_proposed", player=player, card=index + 1)
        pending["proposals"].append({"player": player, "card": index, "text": state["hands"][player][index]["text"],
                                     "kind": SHOWN, "score": None, "reason": None, "link": None})

    @move("rule", by=PLAYER, phase=("ruling",), fields=("valid", "matches"),
          reveals=lambda action: bool(action.get("matches")))
    def rule(self, state: dict, action: dict) -> list[dict]:
        """The setter rules on the card read out: valid or not, and which cards match it."""
        self._by(state, action, state["setter"], "guess_club.setter_only")
        valid = action.get("valid")
        if not isinstance(valid, bool):
            raise RuleError("guess_club.valid_missing")
        pending = state["pending"]
        player = pending["player"]
        matches = self._match_list(state, action.get("matches", []), player)
        if not valid and matches:
            raise RuleError("guess_club.invalid_no_match")
        card = state["hands"][player][pending["card"]]
        card["out"], card["valid"] = "played", valid
        if not valid:
            result = "invalid"
            self._move_money(state, player, "pot", INVALID)
        elif matches:
            result = "match"
            learned = self._reveal_matches(state, pending["text"], matches)
            self._move_money(state, "pot", player, ledger.balance(state["ledger"], "pot"))
            state["matches"] += 1
            self._move_money(state, "supply", "pot", REFILL)
        else:
            result = "miss"
            self._move_money(state, player, "pot", MISS)
        state["plays"].append({"player": player, "card": pending["card"], "text": pending["text"],
                               "valid": valid, "matches": matches, "result": result})
        state["ruled"].append({"read": [player, pending["text"]],
                               "matches": [[owner, state["hands"][owner][i]["text"]] for owner, i in matches]})
        state["pending"] = None
        if any(all(c["out"] is not None for c in hand) for hand in state["hands"].values()):
            state["phase"], state["turn"] = "settle", None
        else:
            state["phase"], state["turn"] = "turns", self._next(state, player)
        return [{"type": "alias_learned", "a": a, "b": b} for a, b in learned] if result == "match" else []

    @move("predict", by=PLAYER, phase=("turns",), fields=("number",))
    def predict(self, state: dict, action: dict) -> None:
        """The active player pays 10 and puts a marker on the number of matches they expect this round."""
        player = self._turn(state, action)
        opts = state["options"]
        number = action.get("number")
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= opts["max_prediction"]:
            raise RuleError("guess_club.number_invalid", top=opts["max_prediction"])
        if sum(1 for m in state["markers"] if m["player"] == player) >= opts["markers"]:
            raise RuleError("guess_club.no_markers", player=player, markers=opts["markers"])
        if number not in open_numbers(state):
            raise RuleError("guess_club.number_full", number=number, limit=opts["per_number"])
        self._move_money(state, player, "pot", PREDICT)
        state["markers"].append({"player": player, "number": number})
        state["turn"] = self._next(state, player)

    @move("settle", by=PLAYER, phase=("settle",), fields=("invalid",), reveals=True)
    def settle(self, state: dict, action: dict) -> None:
        """The setter checks the unplayed cards; penalties and predictions are paid; the next round starts."""
        self._by(state, action, state["setter"], "guess_club.setter_only")
        invalid = self._card_list(state, action.get("invalid", []))
        penalties = self._check_unplayed(state, invalid)
        paid = self._pay_predictions(state)
        last = state["round"] == ROUNDS
        board = ledger.balance(state["ledger"], "board")
        if last and board and not paid:
            self._move_money(state, "board", "supply", board)
        if not last and not ledger.balance(state["ledger"], "pot"):
            self._move_money(state, "supply", "pot", REFILL)
        state["history"].append({
            "round": state["round"], "setter": state["setter"], "topic": state["topic"],
            "matches": state["matches"], "penalties": penalties, "paid": paid, "carried": not paid,
            "money": {p: ledger.money(state["ledger"], p) for p in state["players"]},
        })
        if last:
            state["phase"], state["over"], state["pending"] = "over", True, None
        else:
            self._start_round(state, state["round"] + 1)

    # -----------------------------------------------------------------------------------------------------
    # Money

    def _move_money(self, state: dict, source: str, dest: str, amount: int) -> None:
        """One ledger transfer (players borrow 100s when short), its events added to the action's events."""
        if amount <= 0:
            return
        loan = LOAN if source in state["players"] else None
        state["ledger"], events = ledger.transfer(state["ledger"], source, dest, amount, loan=loan)
        state["events"].extend(events)

    def _check_unplayed(self, state: dict, invalid: list) -> dict:
        """Mark each unplayed card valid or not and charge 20 for each one that costs; returns the charges."""
        bad = {(p, i) for p, i in invalid}
        charge_all = state["options"]["all_unplayed_pay"]
        penalties = {}
        for player in state["players"]:
            owed = 0
            for i, card in enumerate(state["hands"][player]):
                if card["out"] is None:
                    card["valid"] = (player, i) not in bad
                    if charge_all or not card["valid"]:
                        owed += PENALTY
            if owed:
                self._move_money(state, player, "pot", owed)
                penalties[player] = owed
        return penalties

    def _pay_predictions(self, state: dict) -> dict:
        """Split pot + board among the correct markers in units of 10, remainder to the earliest; amounts paid."""
        winners = [m["player"] for m in state["markers"] if m["number"] == state["matches"]]
        if not winners:
            return {}
        pot, board = ledger.balance(state["ledger"], "pot"), ledger.balance(state["ledger"], "board")
        units = (pot + board) // UNIT
        share, rest = divmod(units, len(winners))
        paid: dict = {}
        for place, player in enumerate(winners):
            paid[player] = paid.get(player, 0) + (share + (rest if place == 0 else 0)) * UNIT
        for player, amount in paid.items():
            from_pot = min(amount, ledger.balance(state["ledger"], "pot"))
            self._move_money(state, "pot", player, from_pot)
            self._move_money(state, "board", player, amount - from_pot)
        return {p: a for p, a in paid.items() if a}

    def describe_event(self, event: dict) -> tuple[str, dict]:
        """A ledger event of `state["events"]` in words: a message key and its parameters."""
        if event.get("kind") == "loan":
            return f"{GID}.event.loan", {"player": event["player"], "amount": event["amount"]}
        source, dest, amount = event["from"], event["to"], event["amount"]
        names = {("supply", "pot"): "refill", ("supply", "board"): "reward_placed",
                 ("board", "supply"): "reward_returned"}
        if (source, dest) in names:
            return f"{GID}.event.{names[(source, dest)]}", {"amount": amount}
        if dest == "pot":
            return f"{GID}.event.pay", {"player": source, "amount": amount}
        if source == "pot":
            return f"{GID}.event.take_pot", {"player": dest, "amount": amount}
        return f"{GID}.event.take_reward", {"player": dest, "amount": amount}

    # -----------------------------------------------------------------------------------------------------
    # Checks

    def _by(self, state: dict, action: dict, who: str, key: str) -> None:
        """Refuse unless the action comes from `who`."""
        if action["by"] != who:
            raise RuleError(key, player=who)

    def _turn(self, state: dict, action: dict) -> str:
        """The active player, when the action is theirs."""
        self._by(state, action, state["turn"], "guess_club.not_your_turn")
        return state["turn"]

    def _text(self, value: object, limit: int, key: str, **said: object) -> str:
        """A stripped non-empty text of at most `limit` characters (refused with `key`, the limit and `said`)."""
        if not isinstance(value, str) or not value.strip() or len(value.strip()) > limit:
            raise RuleError(key, limit=limit, **said)
        return value.strip()

    def _own_card(self, state: dict, player: str, ref: object) -> int:
        """The index of the player's unplayed card named by index or by its text: the card written exactly so
        first (two cards the table ruled different may normalise alike: Apple the firm, apple the fruit), else
        the first that normalises alike."""
        hand = state["hands"][player]
        if isinstance(ref, str):
            wanted = normalise(ref)
            found = [i for i, c in enumerate(hand) if c["out"] is None and normalise(c["text"]) == wanted]
            if not found:
                raise RuleError("guess_club.card_unknown", player=player, card=ref)
            return next((i for i in found if hand[i]["text"] == ref.strip()), found[0])
        return self._card_index(state, player, ref)

    def _card_index(self, state: dict, player: str, ref: object) -> int:
        """A valid index of one of the player's cards that is still in hand."""
        hand = state["hands"][player]
        if isinstance(ref, bool) or not isinstance(ref, int) or not 0 <= ref < len(hand):
            raise RuleError("guess_club.card_unknown", player=player, card=str(ref))
        if hand[ref]["out"] is not None:
            raise RuleError("guess_club.card_out", player=player, card=ref + 1)
        return ref

    def _card_list(self, state: dict, refs: object) -> list[list]:
        """A list of distinct [player, card index] references to unplayed cards."""
        if not isinstance(refs, list):
            raise RuleError("guess_club.cards_invalid")
        out: list[list] = []
        for ref in refs:
            if not isinstance(ref, list) or len(ref) != 2 or ref[0] not in state["players"]:
                raise RuleError("guess_club.cards_invalid")
            pair = [ref[0], self._card_index(state, ref[0], ref[1])]
            if pair in out:
                raise RuleError("guess_club.card_twice", player=pair[0], card=pair[1] + 1)
            out.append(pair)
        return out

    def _match_list(self, state: dict, refs: object, player: str) -> list[list]:
        """The matched cards: unplayed cards of other players, one card per player at most."""
        matches = self._card_list(state, refs)
        owners = [p for p, _ in matches]
        if player in owners:
            raise RuleError("guess_club.match_own", player=player)
        for owner in owners:
            if owners.count(owner) > 1:
                raise RuleError("guess_club.one_card_each", player=owner)
        return matches

    def _reveal_matches(self, state: dict, text: str, matches: list) -> list[list[str]]:
        """Mark the matched cards played; learn (and return) every confirmed pair the matcher did not already
        call the same."""
        matcher = self._matcher(state)
        for owner, index in matches:
            card = state["hands"][owner][index]
            card["out"], card["valid"] = "matched", True
            pair = [text, card["text"]]
            if matcher.compare(text, card["text"]).kind != "same" and pair not in state["aliases"]:
                state["aliases"].append(pair)
                state["learned"].append(pair)
        return list(state["learned"])

    # -----------------------------------------------------------------------------------------------------
    # Seats

    def _matcher(self, state: dict) -> Matcher:
        """The answer matcher with this session's aliases (never the stored ones: replay must not depend on them)."""
        return Matcher(aliases=[tuple(pair) for pair in state["aliases"]])

    def _next(self, state: dict, player: str) -> str:
        """The player on the left (the next seat clockwise)."""
        players = state["players"]
        return players[(players.index(player) + 1) % len(players)]

    def _others(self, state: dict, player: str) -> list[str]:
        """Everyone but player, clockwise from their left."""
        players = state["players"]
        start = players.index(player)
        return [players[(start + k) % len(players)] for k in range(1, len(players))]

    # -----------------------------------------------------------------------------------------------------
    # The table's questions

    def offer(self, state: dict, kind: str, by: str) -> list | None:
        """The finite choices of each move now (see the module's docstring), None for typed input, [] for none."""
        phase, setter = state["phase"], state["setter"]
        if kind == "topic":
            return None if by == setter and all(h is None for h in state["hands"].values()) else []
        if kind == "hand_ruling":
            return None if by == setter else []
        if kind == "answers":
            return None if state["hands"][by] is None else []
        if kind == "aliases" or (kind in ("play", "predict") and by != state["turn"]):
            return []
        if kind == "play":
            return [{"card": i} for i, c in enumerate(state["hands"][by]) if c["out"] is None]
        if kind == "predict":
            mine = sum(1 for m in state["markers"] if m["player"] == by)
            return [{"number": n} for n in open_numbers(state)] if mine < state["options"]["markers"] else []
        if kind == "show":
            return self._showable(state, by)
        if by != setter:
            return []
        if kind == "rule":
            return self._rulings(state)
        unplayed = [[p, i] for p in state["players"] for i, c in enumerate(state["hands"][p]) if c["out"] is None]
        return [{"invalid": []}] + [{"invalid": [ref]} for ref in unplayed] if phase == "settle" else []

    def alike_on_hand(self, state: dict, cards: list) -> list[dict]:
        """Pairs of a hand's answers that may be the same (suggested, not ruled different): `a` < `b` (indexes),
        their texts as handed in, and the verdict's kind, score, reason and link (blank answers are left out)."""
        texts = [card.strip() if isinstance(card, str) else "" for card in cards]
        return [{"a": i, "b": j, "texts": [texts[i], texts[j]], **verdict.to_json()}
                for i, j, verdict in self._matcher(state).pairs(texts)
                if verdict.kind == SUGGESTED and sorted([texts[i], texts[j]]) not in state["distinct"]]

    def _showable(self, state: dict, by: str) -> list[dict]:
        """The cards `by` may show as the same as the card read out: their unplayed cards not proposed yet."""
        pending = state["pending"]
        if pending is None or by == pending["player"]:
            return []
        proposed = {p["card"] for p in pending["proposals"] if p["player"] == by}
        return [{"card": i} for i, c in enumerate(state["hands"][by]) if c["out"] is None and i not in proposed]

    def _rulings(self, state: dict) -> list[dict]:
        """The setter's usual rulings on the pending play: invalid, no match, each proposal alone, all the "same"
        and shown ones."""
        proposals = state["pending"]["proposals"]
        out = [{"valid": False, "matches": []}, {"valid": True, "matches": []}]
        out += [{"valid": True, "matches": [[p["player"], p["card"]]]} for p in proposals]
        same = [[p["player"], p["card"]] for p in proposals if p["kind"] in (SAME, SHOWN)]
        owners = [p for p, _ in same]
        if len(same) > 1 and len(set(owners)) == len(owners):
            out.append({"valid": True, "matches": same})
        return out

    def hide(self, view: dict, seat: str | None) -> None:
        """Others' unplayed cards until they are turned up; a pending play's proposals from all but the setter and
        each card's owner."""
        for player, hand in view["hands"].items():
            if hand is None or player == seat or view["phase"] == "settle":
                continue
            for card in hand:
                if card["out"] is None:
                    card["text"] = None
        pending = view["pending"]
        if pending and seat != view["setter"]:
            pending["proposals"] = [p for p in pending["proposals"] if p["player"] == seat]

    # -----------------------------------------------------------------------------------------------------
    # Header, log and scoreboard

    def status(self, state: dict) -> dict:
        """Round, phase key, and who must act now (None when everyone at once or nobody).
        RULING (the status says what the table waits for): while a card is ruled on, the setter's turn is followed
        by whose card it is ("Ann's turn · … · Ruling on Bob's card", `guess_club.phase.ruling_on`): "Ann's turn"
        beside "The setter rules on the card" read as if Ann were to play while the table ruled on Bob's card."""
        phase = state["phase"]
        turn = None if state["over"] else {"topic": state["setter"], "turns": state["turn"], "ruling": state["setter"],
                                           "settle": state["setter"]}.get(phase)
        if phase == "ruling" and state.get("pending"):
            return {"round": state["round"], "rounds": ROUNDS, "phase": "guess_club.phase.ruling_on",
                    "said": {"player": state["pending"]["player"]}, "turn": turn, "over": bool(state["over"])}
        return {"round": state["round"], "rounds": ROUNDS, "phase": self.phase_key(phase), "said": {}, "turn": turn,
                "over": bool(state["over"])}

    def describe(self, action: dict) -> tuple[str, dict]:
        """The action in words for the log; hidden answers are never shown, only how many. A ruling reads as the
        setter's buttons do (fits the topic, how many matching cards; or does not fit), not as a form's fields."""
        kind = action.get("type")
        params: dict = {"by": action.get("by", "")}
        if kind == "topic":
            params["text"] = action.get("text", "")
        elif kind in ("answers", "aliases"):
            given = action.get("cards" if kind == "answers" else "pairs")
            params["count"] = len(given) if isinstance(given, list) else 0
        elif kind == "play":
            card = action.get("card")
            named = not isinstance(card, int) or isinstance(card, bool)
            params.update(card=card if named else card + 1, named=named)
        elif kind == "rule":
            if not action.get("valid"):
                return f"{GID}.action.rule_invalid", params
            matches = action.get("matches", [])
            params["count"] = len(matches) if isinstance(matches, list) else 0
        elif kind == "predict":
            params["number"] = action.get("number")
        elif kind == "hand_ruling":
            params.update(a=action.get("a", ""), b=action.get("b", ""), same=bool(action.get("same")))
        elif kind == "settle":
            invalid = action.get("invalid", [])
            params["count"] = len(invalid) if isinstance(invalid, list) else 0
        return f"{GID}.action.{kind}", params

    def logged(self, state: dict, action: dict, nth: int) -> tuple[str, dict]:
        """A ruling names the card read out it ruled on, whose and as written (the nth ruling's, as the state keeps
        them), and the cards it revealed as matching: "A ruled C's “aple” fits the topic, matching B's “apple”",
        "A ruled C's “aple” does not fit the topic". A host deciding whether to undo a ruling saw only "with 1
        matching card" (then only the setter's own card), and "A ruled the card does not fit the topic" named no
        card at all: which one, three rulings back? The card read out was said aloud (its play is logged by its
        text) and matched cards were turned up for the table, so no secret is told. Any other action as
        `describe` says it."""
        key, params = self.describe(action)
        ruled = state.get("ruled", [])
        if action.get("type") != "rule" or not 0 < nth <= len(ruled):
            return key, params
        (player, text), matches = ruled[nth - 1]["read"], ruled[nth - 1]["matches"]
        named = {**params, "player": player, "text": text}
        if key == f"{GID}.action.rule_invalid":
            return f"{GID}.action.rule_read_invalid", named
        if not matches:
            return f"{GID}.action.rule_read", named
        cards = [{"key": f"{GID}.action.matched_card", "player": p, "text": t} for p, t in matches]
        return f"{GID}.action.rule_matched", {**named, "cards": cards}

    def scoreboard(self, state: dict):
        """Money = chips − loans, loans shown apart; money after each finished round for the chart."""
        book = state["ledger"]
        lines = {p: [Line(f"{GID}.line.chips", ledger.balance(book, p)),
                     Line(f"{GID}.line.loans", -ledger.loans(book, p))] for p in state["players"]}
        rounds = [h["money"] for h in state["history"]]
        start = {p: state["options"]["start_money"] for p in state["players"]}
        return make_scoreboard(GID, state["players"], lines, rounds=rounds, over=state["over"], start=start)
