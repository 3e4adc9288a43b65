"""Knit Wit (创意编字, Matt Leacock 2016), 2–8 players: RULINGS.md §1.

The loops, tags and spools stay on the table; the app records the weave's topology (which loops are around
which spool), the answer sheets, the bonus-button race and the scoring with its duplicate checks, challenges
and votes. Mechanics borrowed: the bonus race (`scoring/mechanics/race.py`) for the buttons, the countdown
(`scoring/mechanics/timer.py`) for the 10 seconds to explain, the vote (`scoring/mechanics/vote.py`) for
challenges, and the answer matcher (`validators/answers.py`) for reused answers, tag echoes and duplicates.

Phases (bare names in `state["phase"]`; the header shows `knit_wit.phase.<name>`):
- `deal` (only with option `deal` = "table"): the table enters the spools each player was dealt.
- `weave`: from the start player clockwise, a turn is a `loop` (with its tag) then a `spool`. Ends when every
  spool is placed.
- `answer`: everyone fills in their sheet at once; `claim` takes the top button and locks the sheet.
- `scoring`: spool by spool, ascending: duplicates, the table's rulings on pairs, challenges.
- `over`: every spool scored.

Actions (each declared with who may make it, its phase and its fields; any other field is refused by name):
- `deal` by the table (deal): `{"spools": {player: [numbers]}}` as dealt at the table.
- `loop` by the player whose turn it is (weave): `{"tag": text | null, "encloses": [spool numbers]}`; tag null
  (or absent) draws from the app's tag deck (options `tags` = deck_en / deck_zh), a text is the table's own tag.
- `spool` by the same player (weave): `{"number": n, "loops": [loop ids around it], "separate": bool}`.
- `answer` by a player (answer): `{"spool": n, "text": str}` ("" clears the answer).
- `claim` by a player (answer): take the top button (finishing or giving up); the sheet locks.
- `stop` by a player (answer): in the 2-player game, the player left answering gives up their one more answer.
- `aliases` by the table (any phase): `{"pairs": [[a, b], ...]}`: answers the table ruled the same in earlier
  sessions (the app adds what storage has learned, so replay never reads storage); known pairs are skipped.
- `dup_ruling` by the table (scoring): `{"a": [player, spool], "b": [player, spool], "same": bool}` on any pair
  of written answers on the spool being scored.
- `challenge` by a player (scoring): `{"target": player}` with the action's time (`at`): the target's answer on
  the spool being scored.
- `vote` by a player (scoring): `{"yes": bool}` on the open challenge, with the action's time.
- `next_spool` by the table (scoring): the spool being scored is done (nothing may be pending).

Rulings:
- Setup [seed]: loops and spools per player 2p → 3, 3–4p → 2, 5–8p → 1; spools 1..N in play; buttons 2p [2],
  3p [2, 1], 4p [3, 2, 1], 5–8p [4, 3, 2, 1]; the holder of spool 1 (the lowest) starts.
- The app's deal (option `deal` = "app", default) shuffles 1..N with the session seed; with "table" the dealt
  numbers are entered by a `deal` action before weaving.
- A turn is exactly one loop and then one of the player's own spools (the player chooses which, [seed]).
  The first loop of the game encloses nothing; every later loop encloses exactly one spool already placed
  [official]; that spool is then inside the new loop too. Whether the loop covers a clip is left to the table.
- A spool is placed inside at least one loop. Its loop set is what the app knows of its region: a second spool
  with the same loop set is refused unless the action says `"separate": true`, the table's confirmation that
  loops crossing twice made two regions (the view warns and asks); that confirmation stays in the log.
- Tags: typed by the table (option `tags` = "table", default; a non-empty text of at most 40 characters), or
  drawn from the app's own deck without replacement, by the session seed and the number of tags drawn so far.
  The log says the tag drawn ("A placed a loop and drew the tag “red”": `logged`, from the state's loops).
  The drawn text is kept in the state, so a replay is exact.
- Answers: at most 80 characters; surrounding spaces dropped; an answer that normalises to nothing (only
  punctuation) counts as blank. A player may change their answers until their sheet locks. An answer the
  matcher finds the same (equal after normalising, or a known alias) as another answer on the same sheet is
  refused. An answer that merely repeats a tag around its spool is flagged (`echoes`: every tag it
  repeats, in the spool's order; None when none) for the table to challenge, never struck by the app. Each
  answer is its own action, so one refused answer never costs the others (the view sends every field and keeps
  the text of a refused one).
- Buttons: `claim` takes the top button and locks the claimant's sheet; when the last button is taken every
  sheet locks and scoring begins. 2-player [seed]: after the only button is taken, the other player may add
  exactly one more answer — a non-blank answer on a spool still blank on their sheet — then their sheet locks;
  `stop` ends that without an answer, and a player with no blank spool left locks at once. Entering two or
  more answers for that one more answer is refused (`knit_wit.extra_one_only`, see `extra_refusal`): nothing
  is saved and the table chooses which one counts. Answers typed and not saved when the last button is taken
  count, as written on paper: the screens save them as their players' own `answer` actions just before the claim
  (`views.games.knit_wit`, "Rulings"), so the log shows them and replay is exact.
- Scoring, spool by spool [official + seed]: two answers are the same when the table ruled them the same on
  this spool, or — unless the table ruled them different on this spool — when the matcher finds them the same
  (equal after normalising, or an alias). Every answer that is the same as another is crossed out. The table may
  rule ANY two written answers of the spool being scored (`dup_ruling`), once per pair and spool: "same" crosses
  out two answers the app did not connect (苹果 / apple, the original rules' own example) and is learned as an
  alias for the rest of the session (`state["learned"]`, and an `alias_learned` event for storage); "different"
  keeps apart two answers the app crossed out as equal after normalising or as an alias (on this spool only).
  Suggested pairs (similar, e.g. a plural) are not crossed out until the table rules on them: they are pending
  and `next_spool` waits for them, except a pair whose answers are both crossed out anyway. Aliases learned on a
  later spool never change a spool already scored.
- Challenge [seed]: any player may challenge another player's answer on the spool being scored (not their own,
  not a blank, not one crossed out as a duplicate, at most one challenge per answer, one at a time). The
  challenge needs its time (`at`): it starts the explanation countdown (option `challenge_seconds`, default 10).
  Votes open only when the countdown has run out, by the vote's own time (`knit_wit.still_explaining` before:
  the challenged player has the full 10 seconds). Every player votes, challenger and challenged included;
  yes ≥ no keeps the answer, no > yes scores it 0.
- Secret ballots [ruling]: the ballots are secret until the last voter has voted (the table cannot close the
  vote early: there is no such move); until then a seat sees who has voted and its own ballot, the public
  table only who has voted, and nobody the count. The last ballot reveals them all at once, kept with the
  verdict (`verdicts[target]["ballots"]`, in the voters' order) beside the count and the outcome.
  The action log (`describe`) names who voted, never how.
- Points: a valid answer no one else shares scores the number of loops around its spool; crossed-out,
  rejected and blank answers score 0; buttons score their holes. Highest total wins; ties share.

The table's questions:
- `check(state, action)`: the refusal an action would meet (the view checks each answer as it is typed).
- `prompt(state)`: weave: the turn player's `loop` (choices: the spools it may enclose, when the deck gives the
  tag; free with typed tags) or `spool` (choices: each spool in hand in the usual regions — inside the newest
  loop alone, with one more loop, or beside the enclosed spool, `separate` set when that loop set is taken;
  any other loop set may be sent as typed); answer: each open sheet's `answer` (free) and `claim`, or the
  one more answer and `stop` of the 2-player rule; scoring: the pending suggested pairs (`dup_ruling`), the
  ballots of the open challenge (`vote`; the prompt has no clock, so a ballot is accepted only once the
  countdown is over), the possible `challenge`s, and `next_spool` when nothing is pending.
- `player_view(state, seat)`: other players' answers (and their tag echoes) are hidden until their spool is
  being scored — a hidden written answer shows as "?", a blank stays "" — so a seat sees its own sheet, the
  counts of the others' answers, and every answer of the scored and the current spool. The open challenge's
  ballots are sealed (`vote.sealed`): who has voted, and the seat's own ballot, until the last one is cast.
  The spools in hand, loops, tags and rulings are public (the tag deck's order is not in the state; it follows from
  the seed, which every view drops).
"""

from __future__ import annotations

from pathlib import Path

from scoring.core import (BY_STATE, CHOICE, INT, PLAYER, REVEALED, TABLE, Engine, Game, Line, Option, RuleError,
                          each_player, make_scoreboard, move, register, rng)
from scoring.mechanics import race, timer, vote
from validators.answers import ALIAS, SAME, SUGGESTED, Matcher, alias_pairs, normalise

TAG_LIMIT = 40
ANSWER_LIMIT = 80
HIDDEN = "?"
DECK_LANGS = {"deck_en": "en", "deck_zh": "zh-CN"}
DECK_FOLDER = Path(__file__).resolve().parents[2] / "assets" / "knit_wit"


def load_deck(lang: str) -> tuple[str, ...]:
    """The app's tag list for a language: one tag a line, blank lines and `#` comments skipped."""
    path = DECK_FOLDER / f"tags.{lang}.txt"
    if not path.exists():
        return ()
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return tuple(line for line in lines if line and not line.startswith("#"))


DECKS = {lang: load_deck(lang) for lang in DECK_LANGS.values()}


def per_player(count: int) -> int:
    """Loops (and spools) each player gets for a player count."""
    return 3 if count == 2 else 2 if count <= 4 else 1


def buttons_for(count: int) -> list[int]:
    """The bonus-button stack for a player count, most holes on top."""
    return {2: [2], 3: [2, 1], 4: [3, 2, 1]}.get(count, [4, 3, 2, 1])


def _is_int(value: object) -> bool:
    """Whether value is a whole number (not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


def placed(state: dict, number: int) -> dict | None:
    """The placed spool with that number, or None."""
    return next((s for s in state["placed"] if s["number"] == number), None)


def loops_around(state: dict, number: int) -> list[int]:
    """The ids of the loops around a placed spool, ascending."""
    spool = placed(state, number)
    return sorted(spool["loops"]) if spool else []


def tags_of(state: dict, number: int) -> list[str]:
    """The tags around a placed spool, in loop order."""
    return [state["loops"][i - 1]["tag"] for i in loops_around(state, number)]


def matcher(state: dict) -> Matcher:
    """The matcher for this session: the aliases given at the start plus those confirmed while scoring."""
    return Matcher(state["aliases"] + state["learned"], state["options"]["suggest_at"])


def crossed_by_rulings(review: dict, player: str) -> bool:
    """Whether a spool's review (`spool_review`) crosses the player's answer out by the table's rulings alone: every
    answer it is the same as, the table ruled so (no one wrote the same words)."""
    return player in review["duplicates"] and review["ruled"][player] == review["same"][player]


def ruling_on(state: dict, a: str, b: str) -> bool | None:
    """The table's ruling on the pair of players a, b for the spool being scored (same: True), or None."""
    return next((r["same"] for r in state["rulings"] if {r["a"], r["b"]} == {a, b}), None)


def spool_review(state: dict) -> dict:
    """The spool being scored: each player's answer, which are the same (and why), which a challenge's vote rejected,
    the pairs the table is asked about, the rulings made, and the tag echoes. `same[p]` lists the players whose answers
    p's is the same as, `ruled[p]` those of them the table ruled the same (its ruling on the pair, or an alias learned
    from one: not the same words), `reasons[p]` why in words, a message key and its parameters (the table's ruling,
    equal and the differences ignored, alias; `validators.answers.explain`); each suggested pair carries the matcher's
    reason and link (the reading that linked it, "tomato")."""
    n = state["spool"]
    players = state["players"]
    texts = [state["sheets"][p][n - 1] for p in players]
    verdicts = {(i, j): v for i, j, v in matcher(state).pairs(texts)}
    same: dict[str, list[str]] = {p: [] for p in players}
    ruled: dict[str, list[str]] = {p: [] for p in players}
    reasons: dict[str, list] = {}
    for i in range(len(players)):
        for j in range(i + 1, len(players)):
            if not texts[i] or not texts[j]:
                continue
            ruling = ruling_on(state, players[i], players[j])
            verdict = verdicts.get((i, j))
            is_same = ruling if ruling is not None else bool(verdict and verdict.kind == SAME)
            if is_same:
                ruled_same = bool(ruling) or verdict.reason == ALIAS
                reason = ["knit_wit.reason.ruled_same", {}] if ruled_same else list(verdict.explain())
                for a, b in ((players[i], players[j]), (players[j], players[i])):
                    same[a].append(b)
                    ruled[a] += [b] if ruled_same else []
                    reasons.setdefault(a, reason)
    duplicates = [p for p in players if same[p]]
    rejected = [p for p in players if not state["verdicts"].get(p, {"kept": True})["kept"]]
    suggested = []
    for (i, j), verdict in sorted(verdicts.items()):
        a, b = players[i], players[j]
        if verdict.kind != SUGGESTED or ruling_on(state, a, b) is not None or (a in duplicates and b in duplicates):
            continue
        suggested.append({"a": a, "b": b, "texts": [texts[i], texts[j]], "score": verdict.score,
                          "reason": verdict.reason, "link": verdict.link})
    return {"spool": n, "loops": len(loops_around(state, n)), "tags": tags_of(state, n),
            "answers": dict(zip(players, texts)), "echoes": {p: state["echoes"][p][n - 1] for p in players},
            "duplicates": duplicates, "rejected": rejected, "same": same, "ruled": ruled, "reasons": reasons,
            "suggested": suggested,
            "rulings": [dict(r) for r in state["rulings"]]}


def extra_written(written: list) -> list:
    """The `[spool, text]` pairs of the 2-player one more answer's form that count as written (a field of
    punctuation only is blank, as on the sheet)."""
    return [[n, t] for n, t in written if isinstance(t, str) and normalise(t)]


def unplaced(state: dict, player: str) -> list[int]:
    """The player's spools not yet on the table, ascending."""
    done = {s["number"] for s in state["placed"]}
    return [n for n in state["hands"][player] if n not in done]


def challengeable(state: dict, review: dict | None = None) -> list[str]:
    """The players whose answer on the spool being scored may be challenged now (none while one is open)."""
    if state["phase"] != "scoring" or state["challenge"] is not None:
        return []
    review = review or spool_review(state)
    return [p for p in state["players"] if review["answers"][p] and p not in review["duplicates"]
            and p not in state["verdicts"]]


@register
class KnitWit(Engine):
    """Knit Wit: weave loops and spools, answer at once, race for buttons, score spool by spool."""

    game = Game(
        id="knit_wit",
        names={"en": "Knit Wit", "zh-CN": "创意编字"},
        min_players=2,
        max_players=8,
        rounds=False,
        options=(
            Option("tags", "table", CHOICE, choices=("table", "deck_en", "deck_zh")),
            Option("deal", "app", CHOICE, choices=("app", "table")),
            Option("suggest_at", 80, INT, minimum=50, maximum=100),
            Option("challenge_seconds", 10, INT, minimum=1, maximum=120),
        ),
    )

    def setup(self, state: dict) -> None:
        """Spools, loops and buttons from the player count; the app's deal when it deals."""
        players = state["players"]
        per = per_player(len(players))
        count = per * len(players)
        deck = state["options"]["tags"]
        if deck in DECK_LANGS and len(DECKS[DECK_LANGS[deck]]) < count:
            raise RuleError("knit_wit.deck_short", tags=len(DECKS[DECK_LANGS[deck]]), loops=count)
        state.update(per=per, count=count, hands={}, start=None, turn=None, step="loop", loops=[], placed=[],
                     drawn=[], sheets={p: [""] * count for p in players},
                     echoes={p: [None] * count for p in players}, locked=[], extra=None,
                     race=race.new_race(buttons_for(len(players)), list(players)), aliases=[], learned=[],
                     spool=None, rulings=[], verdicts={}, challenge=None, results=[], phase="deal")
        if state["options"]["deal"] == "app":
            numbers = list(range(1, count + 1))
            rng(state["seed"], "deal").shuffle(numbers)
            self._start_weave(state, {p: numbers[i * per:(i + 1) * per] for i, p in enumerate(players)})

    def _start_weave(self, state: dict, hands: dict) -> None:
        """Keep the deal and give the first turn to the holder of spool 1."""
        state["hands"] = {p: sorted(hands[p]) for p in state["players"]}
        state["start"] = next(p for p in state["players"] if 1 in state["hands"][p])
        state["turn"] = state["start"]
        state["phase"] = "weave"

    # --- the deal -----------------------------------------------------------------------------------------

    @move("deal", by=TABLE, phase=("deal",), fields=("spools",))
    def deal(self, state: dict, action: dict) -> None:
        """Enter the spools each player was dealt at the table."""
        given = action.get("spools")
        seen: set[int] = set()
        each_player(state, given, "knit_wit.deal_invalid", "knit_wit.deal_missing",
                    lambda player, numbers: self._check_spools(state, player, numbers, seen))
        self._start_weave(state, given)

    def _check_spools(self, state: dict, player: str, numbers, seen: set[int]) -> None:
        """One player's dealt spool numbers: the right count, each on the table and dealt once (added to seen)."""
        if not isinstance(numbers, list):
            raise RuleError("knit_wit.deal_missing", name=player)
        if len(numbers) != state["per"]:
            raise RuleError("knit_wit.deal_count", name=player, count=state["per"])
        for n in numbers:
            if not _is_int(n) or not 1 <= n <= state["count"] or n in seen:
                raise RuleError("knit_wit.deal_number", name=player, number=str(n), count=state["count"])
            seen.add(n)

    # --- weaving ------------------------------------------------------------------------------------------

    def _turn(self, state: dict, action: dict, step: str) -> str:
        """The player whose turn it is, at the given step of the turn."""
        player = action["by"]
        if player != state["turn"]:
            raise RuleError("knit_wit.not_your_turn", turn=state["turn"])
        if state["step"] != step:
            raise RuleError(f"knit_wit.{state['step']}_first")
        return player

    @move("loop", by=PLAYER, phase=("weave",), fields=("tag", "encloses"),
          reveals=lambda action: action.get("tag") is None)
    def loop(self, state: dict, action: dict) -> None:
        """Place a loop with its tag, enclosing exactly one spool on the table (the game's first: none)."""
        player = self._turn(state, action, "loop")
        encloses = action.get("encloses", [])
        if not isinstance(encloses, list) or not all(_is_int(n) for n in encloses):
            raise RuleError("knit_wit.encloses_invalid")
        for n in encloses:
            if placed(state, n) is None:
                raise RuleError("knit_wit.spool_not_placed", number=n)
        if state["loops"] and len(set(encloses)) != 1:
            raise RuleError("knit_wit.loop_encloses_one", count=len(set(encloses)))
        tag = self._tag(state, action.get("tag"))
        loop_id = len(state["loops"]) + 1
        state["loops"].append({"id": loop_id, "by": player, "tag": tag, "encloses": sorted(set(encloses))})
        for n in set(encloses):
            placed(state, n)["loops"].append(loop_id)
        state["step"] = "spool"

    def _tag(self, state: dict, given: object) -> str:
        """The new loop's tag: the table's text, or the next one drawn from the app's deck."""
        deck = state["options"]["tags"]
        if deck == "table":
            if not isinstance(given, str) or not given.strip():
                raise RuleError("knit_wit.tag_missing")
            if len(given.strip()) > TAG_LIMIT:
                raise RuleError("knit_wit.tag_too_long", limit=TAG_LIMIT)
            return given.strip()
        if given is not None:
            raise RuleError("knit_wit.tag_from_deck")
        tags = DECKS[DECK_LANGS[deck]]
        left = [i for i in range(len(tags)) if i not in state["drawn"]]
        index = left[rng(state["seed"], "tag", len(state["drawn"])).randrange(len(left))]
        state["drawn"].append(index)
        return tags[index]

    @move("spool", by=PLAYER, phase=("weave",), fields=("number", "loops", "separate"))
    def spool(self, state: dict, action: dict) -> None:
        """Place one of the player's spools in an empty region inside at least one loop."""
        player = self._turn(state, action, "spool")
        number = action.get("number")
        if not _is_int(number) or number not in unplaced(state, player):
            raise RuleError("knit_wit.spool_not_yours", number=str(number), hand=unplaced(state, player))
        loops = action.get("loops")
        if not isinstance(loops, list) or not loops:
            raise RuleError("knit_wit.spool_outside_loops")
        for i in loops:
            if not _is_int(i) or not 1 <= i <= len(state["loops"]):
                raise RuleError("knit_wit.loop_unknown", loop=str(i))
        separate = action.get("separate", False)
        if not isinstance(separate, bool):
            raise RuleError("knit_wit.separate_invalid")
        around = sorted(set(loops))
        occupant = self.occupant(state, around)
        if occupant is not None and not separate:
            raise RuleError("knit_wit.region_occupied", number=occupant, loops=around)
        state["placed"].append({"number": number, "by": player, "loops": around,
                                "separate": occupant is not None})
        self._next_turn(state)

    @staticmethod
    def occupant(state: dict, loops: list[int]) -> int | None:
        """The placed spool whose loop set is exactly `loops` (its region is taken), or None."""
        around = sorted(set(loops))
        return next((s["number"] for s in state["placed"] if sorted(s["loops"]) == around), None)

    def _next_turn(self, state: dict) -> None:
        """The next player clockwise, or the answer phase once every spool is placed."""
        if len(state["placed"]) == state["count"]:
            state.update(phase="answer", turn=None, step=None)
            return
        players = state["players"]
        state["turn"] = players[(players.index(state["turn"]) + 1) % len(players)]
        state["step"] = "loop"

    # --- answering ----------------------------------------------------------------------------------------

    @move("answer", by=PLAYER, phase=("answer",), fields=("spool", "text"), reveals=BY_STATE)
    def answer(self, state: dict, action: dict) -> list[dict] | None:
        """Write (or clear) one answer on the player's own sheet."""
        player = action["by"]
        if player in state["locked"] or (state["extra"] is not None and state["extra"] != player):
            raise RuleError("knit_wit.sheet_locked", name=player)
        number = action.get("spool")
        if not _is_int(number) or not 1 <= number <= state["count"]:
            raise RuleError("knit_wit.spool_unknown", number=str(number), count=state["count"])
        text = action.get("text")
        if not isinstance(text, str):
            raise RuleError("knit_wit.answer_invalid")
        text = text.strip() if normalise(text) else ""
        if len(text) > ANSWER_LIMIT:
            raise RuleError("knit_wit.answer_too_long", limit=ANSWER_LIMIT)
        sheet = state["sheets"][player]
        if state["extra"] == player:
            if sheet[number - 1]:
                raise RuleError("knit_wit.extra_spool_answered", number=number)
            if not text:
                raise RuleError("knit_wit.extra_answer_empty")
        m = matcher(state)
        if text:
            reused = next((i + 1 for i, other in enumerate(sheet)
                           if i != number - 1 and other and m.key(other) == m.key(text)), None)
            if reused is not None:
                raise RuleError("knit_wit.answer_reused", number=reused, text=sheet[reused - 1])
        sheet[number - 1] = text
        state["echoes"][player][number - 1] = m.echoed_tags(text, tags_of(state, number)) or None
        if state["extra"] == player:
            return self._start_scoring(state)
        return None

    def extra_refusal(self, state: dict, player: str, written: list) -> RuleError | None:
        """2-player rule: the refusal the one more answer would meet, given every `[spool, text]` the player
        filled in — two or more written answers are refused (`knit_wit.extra_one_only`), none asks for one; a
        field of punctuation only is blank, as on the sheet."""
        texts = extra_written(written)
        if len(texts) > 1:
            return RuleError("knit_wit.extra_one_only", count=len(texts))
        if not texts:
            return RuleError("knit_wit.extra_answer_empty")
        number, text = texts[0]
        return self.check(state, {"type": "answer", "by": player, "spool": number, "text": text})

    @move("claim", by=PLAYER, phase=("answer",), fields=(), reveals=BY_STATE)
    def claim(self, state: dict, action: dict) -> list[dict] | None:
        """Take the top button: the claimant's sheet locks; the last button locks every sheet."""
        player = action["by"]
        state["race"], _ = race.claim(state["race"], player)
        state["locked"].append(player)
        if not race.is_over(state["race"]):
            return None
        others = [p for p in state["players"] if p not in state["locked"]]
        if len(state["players"]) == 2 and others and "" in state["sheets"][others[0]]:
            state["extra"] = others[0]
            return None
        return self._start_scoring(state)

    @move("stop", by=PLAYER, phase=("answer",), fields=(), reveals=True)
    def stop(self, state: dict, action: dict) -> list[dict]:
        """2-player: the player left answering gives up the one more answer."""
        if state["extra"] != action["by"]:
            raise RuleError("knit_wit.stop_not_allowed")
        return self._start_scoring(state)

    def _start_scoring(self, state: dict) -> list[dict]:
        """Lock every sheet and start scoring at spool 1 (its answers are shown to every seat)."""
        state.update(locked=list(state["players"]), extra=None, phase="scoring", spool=1, rulings=[], verdicts={},
                     challenge=None)
        return [REVEALED]

    # --- scoring ------------------------------------------------------------------------------------------

    @move("aliases", by=TABLE, phase=("deal", "weave", "answer", "scoring"), fields=("pairs",))
    def aliases(self, state: dict, action: dict) -> None:
        """Add answers the table ruled the same in earlier sessions (pairs already known are skipped)."""
        pairs = alias_pairs(action.get("pairs"))
        if pairs is None:
            raise RuleError("knit_wit.aliases_invalid")
        state["aliases"].extend(pair for pair in pairs if pair not in state["aliases"])

    def _seat(self, state: dict, given: object) -> str:
        """The player of an answer reference [player, spool] on the spool being scored."""
        if not isinstance(given, list) or len(given) != 2 or given[0] not in state["players"]:
            raise RuleError("knit_wit.answer_ref_invalid")
        if not _is_int(given[1]) or given[1] != state["spool"]:
            raise RuleError("knit_wit.not_current_spool", number=str(given[1]), current=state["spool"])
        return given[0]

    @move("dup_ruling", by=TABLE, phase=("scoring",), fields=("a", "b", "same"))
    def dup_ruling(self, state: dict, action: dict) -> list[dict]:
        """The table rules two written answers of the spool being scored the same (both crossed out, alias
        learned) or different (kept apart on this spool even if the app found them equal)."""
        a, b = self._seat(state, action.get("a")), self._seat(state, action.get("b"))
        same = action.get("same")
        if not isinstance(same, bool):
            raise RuleError("knit_wit.ruling_invalid")
        if a == b:
            raise RuleError("knit_wit.ruling_same_player", name=a)
        a, b = sorted((a, b), key=state["players"].index)
        n = state["spool"]
        ta, tb = state["sheets"][a][n - 1], state["sheets"][b][n - 1]
        if not ta or not tb:
            raise RuleError("knit_wit.ruling_blank", name=a if not ta else b)
        if ruling_on(state, a, b) is not None:
            raise RuleError("knit_wit.already_ruled", a=a, b=b)
        state["rulings"].append({"a": a, "b": b, "same": same})
        if not same or matcher(state).compare(ta, tb).kind == SAME:
            return []
        state["learned"].append([ta, tb])
        return [{"type": "alias_learned", "a": ta, "b": tb}]

    @move("challenge", by=PLAYER, phase=("scoring",), fields=("target",))
    def challenge(self, state: dict, action: dict) -> None:
        """Challenge another player's answer on the spool being scored; the explanation countdown starts."""
        player = action["by"]
        if state["challenge"] is not None:
            raise RuleError("knit_wit.challenge_open", target=state["challenge"]["target"])
        target = action.get("target")
        if target not in state["players"]:
            raise RuleError("knit_wit.target_unknown", target=str(target))
        if target == player:
            raise RuleError("knit_wit.challenge_self")
        review = spool_review(state)
        if not review["answers"][target]:
            raise RuleError("knit_wit.challenge_blank", target=target)
        if target in review["duplicates"]:
            raise RuleError("knit_wit.challenge_duplicate", target=target)
        if target in state["verdicts"]:
            raise RuleError("knit_wit.already_challenged", target=target)
        if "at" not in action:
            raise RuleError("knit_wit.time_missing")
        clock = timer.start(timer.countdown(state["options"]["challenge_seconds"]), action["at"])
        state["challenge"] = {"by": player, "target": target, "timer": clock,
                              "vote": vote.new_vote(list(state["players"]), "yes")}

    @move("vote", by=PLAYER, phase=("scoring",), fields=("yes",), reveals=BY_STATE)
    def vote(self, state: dict, action: dict) -> list[dict] | None:
        """A ballot on the open challenge once the explanation is over; the last ballot decides it (yes ≥ no keeps
        the answer) and reveals every ballot with the verdict."""
        challenge = state["challenge"]
        if challenge is None:
            raise RuleError("knit_wit.no_challenge")
        if "at" not in action:
            raise RuleError("knit_wit.time_missing")
        if not timer.expired(challenge["timer"], action["at"]):
            left = timer.remaining(challenge["timer"], action["at"])
            raise RuleError("knit_wit.still_explaining", name=challenge["target"], seconds=max(1, round(left)))
        challenge["vote"] = vote.cast(challenge["vote"], action["by"], action.get("yes"))
        if not vote.is_complete(challenge["vote"]):
            return None
        count = vote.tally(challenge["vote"])
        state["verdicts"][challenge["target"]] = {"by": challenge["by"], "yes": count["yes"], "no": count["no"],
                                                  "kept": vote.outcome(challenge["vote"]),
                                                  "ballots": challenge["vote"]["ballots"]}
        state["challenge"] = None
        return [REVEALED]

    @move("next_spool", by=TABLE, phase=("scoring",), fields=(), reveals=True)
    def next_spool(self, state: dict, action: dict) -> None:
        """Score the current spool for good and move to the next one (or end the game after the last)."""
        if state["challenge"] is not None:
            raise RuleError("knit_wit.challenge_open", target=state["challenge"]["target"])
        review = spool_review(state)
        if review["suggested"]:
            first = review["suggested"][0]
            raise RuleError("knit_wit.duplicates_pending", a=first["a"], b=first["b"])
        state["results"].append(self._result(state, review))
        if state["spool"] < state["count"]:
            state.update(spool=state["spool"] + 1, rulings=[], verdicts={})
            return
        state.update(phase="over", spool=None, rulings=[], verdicts={}, over=True)

    def _result(self, state: dict, review: dict) -> dict:
        """The frozen outcome of a spool: each player's answer, its status and points, and for an answer crossed out
        only by the table's rulings, whose answers it was ruled the same as (`ruled`).
        RULING (the line says what happened): an answer the table ruled the same as another (a suggested
        near-duplicate confirmed, or any pair it picked) read "crossed out (someone else wrote the same)", yet nobody
        had; its line says the table ruled it the same as whose. One also written the same as another's keeps the
        plain line: someone did write the same."""
        answers = {}
        for p in state["players"]:
            text = review["answers"][p]
            if not text:
                status = "blank"
            elif p in review["duplicates"]:
                status = "duplicate"
            elif p in review["rejected"]:
                status = "rejected"
            else:
                status = "valid"
            answers[p] = {"text": text, "status": status, "points": review["loops"] if status == "valid" else 0}
            if status == "duplicate" and crossed_by_rulings(review, p):
                answers[p]["ruled"] = review["ruled"][p]
        return {"spool": review["spool"], "loops": review["loops"], "tags": review["tags"], "answers": answers}

    # --- the table's questions ----------------------------------------------------------------------------

    def offer(self, state: dict, kind: str, by: str) -> list | None:
        """The finite choices of each move now (see the module's docstring), None for typed input, [] for none."""
        phase = state["phase"]
        if kind in ("loop", "spool"):
            if by != state["turn"] or state["step"] != kind:
                return []
            return self._loop_choices(state) if kind == "loop" else self._spool_choices(state, by)
        if kind == "answer":
            open_sheet = by == state["extra"] if state["extra"] else by not in state["locked"]
            return None if open_sheet else []
        if kind == "claim":
            return [{}] if state["extra"] is None and by not in state["locked"] else []
        if kind == "stop":
            return [{}] if by == state["extra"] else []
        if kind == "aliases":
            return []
        if phase != "scoring":
            return None if kind == "deal" else []
        return self._scoring_choices(state, kind, by)

    def _loop_choices(self, state: dict) -> list | None:
        """A loop from the deck around each placed spool (or around nothing, first); typed tags are free input."""
        if state["options"]["tags"] == "table":
            return None
        spools = sorted(s["number"] for s in state["placed"])
        if not state["loops"]:
            return [{"tag": None, "encloses": []}]
        return [{"tag": None, "encloses": [n]} for n in spools]

    def _spool_choices(self, state: dict, player: str) -> list:
        """Each spool in hand in the usual regions: inside the newest loop alone, with one more loop, or with the
        loops around the spool the newest loop encloses (`separate` when that loop set is already taken)."""
        newest = state["loops"][-1]
        sets = [[newest["id"]]] + [sorted({newest["id"], other["id"]}) for other in state["loops"][:-1]]
        sets += [loops_around(state, n) for n in newest["encloses"]]
        unique = []
        for loops in sets:
            if loops not in unique:
                unique.append(loops)
        return [{"number": n, "loops": loops, "separate": self.occupant(state, loops) is not None}
                for n in unplaced(state, player) for loops in unique]

    def _scoring_choices(self, state: dict, kind: str, by: str) -> list:
        """Scoring: the pending suggested pairs, the open challenge's ballots, the possible challenges, moving on."""
        review = spool_review(state)
        n = state["spool"]
        challenge = state["challenge"]
        if kind == "dup_ruling":
            return [{"a": [s["a"], n], "b": [s["b"], n], "same": same}
                    for s in review["suggested"] for same in (True, False)]
        if kind == "vote":
            if challenge is None or vote.has_voted(challenge["vote"], by):
                return []
            return [{"yes": True}, {"yes": False}]
        if kind == "challenge":
            return [{"target": t} for t in challengeable(state, review) if t != by]
        if kind == "next_spool":
            return [{}] if challenge is None and not review["suggested"] else []
        return []

    def hide(self, view: dict, seat: str | None) -> None:
        """Other players' answers (and their tag echoes) until their spool is being scored: "?" when written;
        the open challenge's ballots until the last one is cast."""
        if view.get("challenge"):
            view["challenge"]["vote"] = vote.sealed(view["challenge"]["vote"], seat)
        if view["phase"] in ("scoring", "over"):
            shown = view["spool"] if view["spool"] is not None else view["count"]
        else:
            shown = 0
        for player in view["players"]:
            if player == seat:
                continue
            sheet = view["sheets"][player]
            for i in range(shown, len(sheet)):
                sheet[i] = HIDDEN if sheet[i] else ""
                view["echoes"][player][i] = None

    # --- what the app shows -------------------------------------------------------------------------------

    def status(self, state: dict) -> dict:
        """Header: the phase, whose turn it is while weaving, the spool being scored as the round (said as a
        spool: `knit_wit.app.round_of`)."""
        return {"round": state["spool"], "rounds": state["count"] if state["spool"] else None,
                "phase": self.phase_key(state["phase"]), "said": {}, "turn": None if state["over"] else state["turn"],
                "over": state["over"]}

    def describe(self, action: dict) -> tuple[str, dict]:
        """The action in words; an answer's text stays hidden in the log until it is scored, a ballot for good (the
        ballots show together with the verdict)."""
        key, params = super().describe(action)
        kind = action.get("type")
        if kind == "answer":
            return key, {"by": action.get("by"), "spool": action.get("spool")}
        if kind == "vote":
            return key, {"by": action.get("by")}
        if kind == "loop" and action.get("tag") is None:
            return "knit_wit.action.loop_drawn", params
        if kind == "aliases":
            return key, {"count": len(action.get("pairs") or [])}
        if kind == "dup_ruling":
            a, b = action.get("a") or [None, None], action.get("b") or [None, None]
            return key, {"a": a[0], "b": b[0], "spool": a[1], "same": action.get("same")}
        return key, params

    def logged(self, state: dict, action: dict, nth: int) -> tuple[str, dict]:
        """A loop whose tag the app drew with that tag, the nth loop's as the state keeps it (the log read "drew a tag
        from the deck", never which); the nth claim with the holes of the button it took, and the nth move to the
        next spool with the spool it finished, from the state's race and results (at a table of four the log read
        "took the top button" three times and "moved on to the next spool" eight times: who took which button, and
        which spool an undo would open again, could not be read); any other action as `describe` says it."""
        key, params = self.describe(action)
        claims, results = race.claims(state["race"]), state["results"]
        if key == "knit_wit.action.loop_drawn" and 0 < nth <= len(state["loops"]):
            return "knit_wit.action.loop_drew", {**params, "tag": state["loops"][nth - 1]["tag"]}
        if key == "knit_wit.action.claim" and 0 < nth <= len(claims):
            return "knit_wit.action.claim_took", {**params, "holes": claims[nth - 1][1]}
        if key == "knit_wit.action.next_spool" and 0 < nth <= len(results):
            return "knit_wit.action.spool_scored", {**params, "spool": results[nth - 1]["spool"]}
        return key, params

    def scoreboard(self, state: dict):
        """Points per scored spool (loops around it), zeros for crossed-out answers (one the table ruled the same
        as another's said so, with whose: `_result`), buttons' holes."""
        lines: dict[str, list[Line]] = {p: [] for p in state["players"]}
        for result in state["results"]:
            for p, entry in result["answers"].items():
                if entry["status"] == "blank":
                    continue
                said = {"spool": result["spool"], "answer": entry["text"], "loops": result["loops"]}
                if entry.get("ruled"):
                    said, status = {**said, "names": entry["ruled"]}, "ruled_same"
                else:
                    status = entry["status"]
                lines[p].append(Line(f"knit_wit.line.{status}", entry["points"], said))
        for p, holes in race.claims(state["race"]):
            lines[p].append(Line("knit_wit.line.button", holes, {"holes": holes}))
        return make_scoreboard("knit_wit", state["players"], lines, over=state["over"])
