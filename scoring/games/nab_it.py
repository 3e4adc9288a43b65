"""Nab-It!: a crossword of coloured letter tiles that players build, stack on and nab. RULINGS.md §4,
`originals/nab-it.ja.txt` (a machine translation of the rule sheet). Uses `scoring.mechanics.vote` for the table's
vote on a challenged word and `validators.words_en` for the word list.

Actions (every cell is [row, col]; rows grow downward, columns rightward; any integers within ±200):
- `play` {"by": P, "tiles": [{"row": r, "col": c, "letter": "F", "blank": false}, ...]}: P's turn, tiles placed
  in one row or column (a tile on a stack goes on top). `preview(state, P, tiles)` gives the words the play would
  form or change with their dictionary verdict, or the refusal, without playing; `draft_verdict` the same for a
  play being built, saying whether a refusal is final or the draft is only unfinished.
- `swap` {"by": P}: P's turn, the whole hand swapped for new tiles instead of playing.
- `challenge` {"by": Q, "word": "FUN"}: Q (not the player who made it) challenges a word of the last play,
  before the next turn starts; one at a time: while a vote is open, another challenge is refused naming whose
  challenge is open (`nab_it.challenge_open`).
- `vote` {"by": Q, "yes": bool}: a ballot on whether a challenged word the list does not know is accepted.
- `announce` {"by": P}: P says they are down to their last tile.
- `forgot` {"by": Q or "table", "player": P}: P holds their last tile and did not announce it.
- `end` {"by": "table"}: nobody can play (during the turns), or the table confirms the end after a last tile.

Rules [seed unless marked]:
- 2–4 players, each with a colour: 25 tiles of that colour (one blank) in their own bag and one grey bank tile.
  Each holds 5 tiles drawn from their bag. The first seat starts; play passes to the next seat.
- A turn: place tiles in one row or column, joined to the board (on or beside a tile already there; the first
  word anywhere), then draw back to 5; or swap the whole hand.
- Every maximal run of 2+ cells across or down is a word. A play must form or change at least one word; the
  words through the placed tiles are those it forms or changes.
- Stacking: never the same letter on the same letter; at most 5 tiles high; no word on the board before the
  turn may be covered completely (at least one of its letters stays visible); one tile per cell per turn. A
  blank takes a letter when played and keeps it.
- Nabbing [seed + ruling]: the player who places the 5th tile of a stack caps it and takes control of every word
  through it; a later cap elsewhere in a word moves its control. Banking: a turn with at least one cap banks one
  tile from the player's bag onto their bank tile (one per turn, however many caps).
- The last tile: a player down to one tile must announce it; forgetting returns one banked tile to their bag.
- End: someone plays their last tile, or nobody can play (the table says so).
- Score [ruling, each an option]: `word_points` (1) per controlled word, `bank_points` (1) per banked tile,
  `last_tile_points` (1) to the player who played their last tile. Tie-break: most top tiles of your colour in
  the words you control; then the tie is shared.

Rulings (ours, where the text is silent):
- Dealing (option `deal`): "table" (default) — the tiles are drawn from the real bags; the app counts each
  player's tiles (hand, bag, bank) but knows no letters, so nothing is secret. "app" — the app fills and draws the
  bags: each bag is shuffled once from the session seed, draws come off its end, a swap shuffles the returned hand
  back in (salted by player and turn); a hand is secret to the other seats and every bag to everyone.
- Letters per colour (option `letters`, e.g. "A2 E3 ?1", `?` the blank, 5–60 tiles): the publisher's
  distribution is not known; the default is `assets/nab_it/letters.json`, 24 letters from the frequencies of the
  bundled word list plus one blank, 25 in all as the rule sheet says. The app checks letters against the hand
  when it deals; at the table it checks only the number of tiles in hand and of blanks.
- Passing: the rule sheet has no pass; a player who cannot or will not play swaps, and the turn passes (RULINGS §4:
  "swap their whole hand instead of playing"; with the real bags the app records only that the turn passed). The
  Swap button says so: a table that met no way to pass looked for one.
- Turn order of a play: tiles placed, caps recorded, one tile banked if anything was capped and the bag is not
  empty, then the hand drawn back to 5.
- Control is a function of the board: each word is controlled by the player of the latest cap among its cells
  (caps of one turn are one player's). With option `control` = "majority", a word through at least one cap is
  controlled by the player with the most top tiles in it (a tie: nobody); a word with no cap is nobody's.
- Words: `validators.words_en` (SCOWL, 115,162 words). A word the list does not know is flagged, not refused.
  Challenges are open on the last play only, until the next turn (a play or swap) or the end; each word once.
  The list's verdict goes to the table's vote, which may overrule it (RULINGS §4; the rule sheet bans
  abbreviations and prefixes, and the list has a few: KG, ETC, ANTI): everyone votes on keeping the word, and a
  tie keeps the list's verdict. A word the list does not know: carried, it becomes a house word for the session
  (`house_words`: it stands from then on, without a vote) and the play stands. A word the list knows: carried,
  it stands; failed, the table has ruled it out for the session (`ruled_out`: flagged like an unknown word when
  played, and a challenge of it takes the play back without a vote). Failed: the play is taken back (board,
  caps, that player's hand, bag and bank as before it); the same player plays again or swaps. No penalty for a
  challenger either way.
- Secret ballots: the vote's ballots are secret until the last voter has voted (there is no move to close it
  early): until then a seat sees who has voted and its own ballot, the public table only who has voted, and
  nobody the count. The last ballot reveals them all at once, in the voters' order, with the outcome: in the
  `judged` entry of a carried word, in `taken_back` of a failed one (`"ballots"`).
  The action log (`describe`) names who voted, never how; the deciding ballot's row names the count and the
  outcome, a tie saying the word list's verdict settled it (`decided`, one entry per decided vote) [ruling,
  play-test: a 2–2 vote read "ZOX 不成立" on screen and only "妈妈对 ZOX 投了票" in the log, and the table could
  not tell why a tie failed]. The screen says the same under the ballots.
- The last tile: `announce` while the player holds exactly one tile (hand and bag). `forgot` by anyone else while
  they hold one unannounced tile moves one of their banked tiles back to their bag (refused without one). A player
  who plays their last tile having held one unannounced tile loses one banked tile the same way. Playing the last
  tiles out of a hand of several owes no announcement. A play taken back after a failed challenge takes back
  with it the penalties its player met since it (for the last tile played unannounced, or a `forgot` called on
  the one tile it left them): their bank is as before the play, and so is the list of penalties.
- After a last tile the table may still challenge that play; `end` then closes the game.
- The log: a play's row names its letters and the words it formed or changed ("Ben played H: HEAT"; once when
  its one word is its letters: "Ann played SEAT"), kept in `played` (one list per play, in log order; a play
  taken back after a challenge keeps its row and words, and says it was taken back). A play that capped says so,
  with the words it took and the tile it banked ("Ann played R: RAT; capped 1 stack and took RAT; banked a tile"),
  kept in `nabbed` (one entry per play, None without a cap; under "majority" a cap may take no word). The words
  it took are those through its caps that changed hands: controlled by the player after it and not before (a cap
  inside a word the player controlled already takes nothing, and its row says only that it capped).

The table's questions:
- `check(state, action)`: the refusal an action would meet, nothing applied (`preview` also lists the words a
  play would form or change).
- `prompt(state)`: during the turns, the turn's player: `play` (free input: the tiles) and `swap` (one choice);
  every other player: `challenge`, one choice per word of the last play not yet judged, until the next turn
  starts (after a last tile too); a player holding exactly one unannounced tile: `announce`; the table and every
  other player: `forgot`, one choice per player holding one unannounced tile with a banked tile to give back (a
  player never for themselves); the table: `end` (during the turns and after a last tile). While a challenged
  word is put to the vote: `vote` yes or no for every player who has not voted yet. Nothing once the game is
  over.
- `player_view(state, seat)`: when the table deals, hands and bags are only counts in the state itself and
  nothing is secret. When the app deals, every bag shows only its number of tiles to everyone (its owner too:
  the draw order follows from the seed, which every view drops), and the other players' hands only their
  number of tiles (the public table: every hand); the seat's own hand is shown. In both modes the snapshot a
  failed challenge would restore (the last play's `pending["before"]`: the player's hand, bag and bank before
  it) is dropped. The open challenge's ballots are sealed (`vote.sealed`): who has voted, and the seat's own
  ballot, until the last one is cast. The board, caps, banked tiles (they lie on the bank tile), house words,
  penalties and the open challenge itself are public.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

from scoring.core import (ANY, BY_STATE, CHOICE, INT, PLAYER, REVEALED, TABLE, TEXT, Engine, Game, Line, Option,
                          RuleError, make_scoreboard, move, register, rng)
from scoring.mechanics import vote as ballot
from validators.words_en import is_word

LETTERS_FILE = Path(__file__).resolve().parents[2] / "assets" / "nab_it" / "letters.json"
HAND = 5
MAX_HEIGHT = 5
LIMIT = 200
BLANK = "?"
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
TILE_FIELDS = frozenset({"row", "col", "letter", "blank"})
MIN_TILES, MAX_TILES = 5, 60
ACROSS, DOWN = (0, 1), (1, 0)
MENDABLE = frozenset({"nab_it.not_joined", "nab_it.gap", "nab_it.no_word"})  # refusals a further tile may mend


def _default_letters() -> str:
    """The bundled per-colour distribution as option text ("A2 C1 … ?1")."""
    counts = json.loads(LETTERS_FILE.read_text(encoding="utf-8"))["per_colour"]
    return " ".join(f"{letter}{n}" for letter, n in counts.items())


DEFAULT_LETTERS = _default_letters()


# ---------------------------------------------------------------------------------------------------------
# Letters and tiles


def parse_letters(text: str) -> dict[str, int]:
    """A distribution "A2 E3 ?1" as {letter: count}, typed with either keyboard (a Chinese one's "Ａ２，Ｅ３、？１"
    too); refuses bad tokens, repeats and totals outside 5–60."""
    if not isinstance(text, str):
        raise RuleError("nab_it.letters_invalid", token=str(text))
    counts: dict[str, int] = {}
    for token in unicodedata.normalize("NFKC", text).upper().replace(",", " ").replace("、", " ").split():
        match = re.fullmatch(r"([A-Z?])(\d{1,2})", token)
        if not match or match.group(1) in counts:
            raise RuleError("nab_it.letters_invalid", token=token)
        counts[match.group(1)] = int(match.group(2))
    total = sum(counts.values())
    if not MIN_TILES <= total <= MAX_TILES:
        raise RuleError("nab_it.letters_total", total=total, min=MIN_TILES, max=MAX_TILES)
    return counts


def key(row: int, col: int) -> str:
    """The board key of a cell."""
    return f"{row},{col}"


def cell_of(text: str) -> tuple[int, int]:
    """The cell of a board key."""
    row, col = text.split(",")
    return int(row), int(col)


def _is_int(value: object) -> bool:
    """Whether value is a plain integer (not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


def read_tiles(tiles: object) -> list[dict]:
    """The tiles of a play, checked for shape: [{"row", "col", "letter" (A–Z), "blank"}], letters upper case."""
    if not isinstance(tiles, list) or not tiles:
        raise RuleError("nab_it.tiles_invalid")
    out = []
    for tile in tiles:
        if not isinstance(tile, dict):
            raise RuleError("nab_it.tiles_invalid")
        for name in tile:
            if name not in TILE_FIELDS:
                raise RuleError("nab_it.tile_field_unknown", field=str(name)[:40])
        row, col, letter, blank = tile.get("row"), tile.get("col"), tile.get("letter"), tile.get("blank", False)
        if not (_is_int(row) and _is_int(col)) or abs(row) > LIMIT or abs(col) > LIMIT:
            raise RuleError("nab_it.cell_invalid", row=str(row)[:10], col=str(col)[:10], limit=LIMIT)
        if not isinstance(letter, str) or len(letter.upper()) != 1 or letter.upper() not in ALPHABET:
            raise RuleError("nab_it.letter_invalid", letter=str(letter)[:10])
        if not isinstance(blank, bool):
            raise RuleError("nab_it.blank_invalid")
        out.append({"row": row, "col": col, "letter": letter.upper(), "blank": blank})
    return out


# ---------------------------------------------------------------------------------------------------------
# The board: {"r,c": [tile, ...]} bottom to top, a tile {"letter", "owner", "blank"}


def top(board: dict, row: int, col: int) -> dict | None:
    """The visible tile of a cell, None when the cell is empty."""
    stack = board.get(key(row, col))
    return stack[-1] if stack else None


def height(board: dict, row: int, col: int) -> int:
    """How many tiles stand on a cell."""
    return len(board.get(key(row, col), ()))


def run_through(board: dict, row: int, col: int, step: tuple[int, int]) -> list[tuple[int, int]]:
    """The maximal run of occupied cells along step (across or down) through an occupied cell, in order."""
    dr, dc = step
    r, c = row, col
    while key(r - dr, c - dc) in board:
        r, c = r - dr, c - dc
    cells = []
    while key(r, c) in board:
        cells.append((r, c))
        r, c = r + dr, c + dc
    return cells


def word_of(board: dict, cells: list[tuple[int, int]]) -> dict:
    """A word: its text (the top letters), its cells and its direction."""
    across = len(cells) > 1 and cells[0][0] == cells[1][0]
    return {"text": "".join(top(board, r, c)["letter"] for r, c in cells), "cells": [[r, c] for r, c in cells],
            "across": across}


def words_through(board: dict, cells: list[tuple[int, int]]) -> list[dict]:
    """Every word (run of 2+) through any of the cells, each once: across words first, then down, in order."""
    seen, found = set(), []
    for step in (ACROSS, DOWN):
        for r, c in cells:
            run = run_through(board, r, c, step)
            if len(run) > 1 and (run[0], step) not in seen:
                seen.add((run[0], step))
                found.append(word_of(board, run))
    return found


def all_words(board: dict) -> list[dict]:
    """Every word on the board: across words in reading order, then down words in reading order."""
    cells = sorted(cell_of(k) for k in board)
    found = []
    for dr, dc in (ACROSS, DOWN):
        for r, c in cells:
            if key(r - dr, c - dc) not in board and key(r + dr, c + dc) in board:
                found.append(word_of(board, run_through(board, r, c, (dr, dc))))
    return found


def plan(board: dict, player: str, tiles: list[dict]) -> dict:
    """Check a play's placement against the board and return the board after it, the placed cells, the words
    formed or changed and the capped cells; refuses with the stacking rule broken."""
    cells = [(t["row"], t["col"]) for t in tiles]
    if len(set(cells)) != len(cells):
        r, c = next(cell for cell in cells if cells.count(cell) > 1)
        raise RuleError("nab_it.one_tile_per_cell", row=r, col=c)
    rows, cols = {r for r, _ in cells}, {c for _, c in cells}
    if len(rows) > 1 and len(cols) > 1:
        raise RuleError("nab_it.not_in_line")
    for tile in tiles:
        below = top(board, tile["row"], tile["col"])
        if height(board, tile["row"], tile["col"]) >= MAX_HEIGHT:
            raise RuleError("nab_it.stack_full", row=tile["row"], col=tile["col"], max=MAX_HEIGHT)
        if below is not None and below["letter"] == tile["letter"]:
            raise RuleError("nab_it.same_letter", letter=tile["letter"], row=tile["row"], col=tile["col"])
    if board and not any(key(r, c) in board or any(key(r + dr, c + dc) in board
                                                   for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
                         for r, c in cells):
        raise RuleError("nab_it.not_joined")
    after = {k: list(v) for k, v in board.items()}
    for tile in tiles:
        after.setdefault(key(tile["row"], tile["col"]), []).append(
            {"letter": tile["letter"], "owner": player, "blank": tile["blank"]})
    if len(cells) > 1:
        step = ACROSS if len(rows) == 1 else DOWN
        run = run_through(after, *cells[0], step)
        if not set(cells) <= set(run):
            raise RuleError("nab_it.gap")
    placed = set(cells)
    for old in words_through(board, [cell for cell in cells if key(*cell) in board]):
        if all(tuple(cell) in placed for cell in old["cells"]):
            raise RuleError("nab_it.word_covered", word=old["text"])
    formed = words_through(after, cells)
    if not formed:
        raise RuleError("nab_it.no_word")
    capped = [[r, c] for r, c in cells if len(after[key(r, c)]) == MAX_HEIGHT]
    return {"board": after, "cells": [[r, c] for r, c in cells], "words": formed, "caps": capped}


# ---------------------------------------------------------------------------------------------------------
# Control and scoring


def controller(board: dict, caps: dict, word: dict, rule: str) -> str | None:
    """Who controls a word: the latest capper among its cells ("cap"), or ("majority") among words with a cap,
    the player with the most top tiles in it; None for nobody."""
    marks = [caps[key(r, c)] for r, c in word["cells"] if key(r, c) in caps]
    if not marks:
        return None
    if rule == "cap":
        return max(marks, key=lambda m: m["turn"])["by"]
    owners: dict[str, int] = {}
    for r, c in word["cells"]:
        owner = top(board, r, c)["owner"]
        owners[owner] = owners.get(owner, 0) + 1
    best = max(owners.values())
    leaders = [name for name, n in owners.items() if n == best]
    return leaders[0] if len(leaders) == 1 else None


def controlled_words(state: dict) -> list[dict]:
    """Every word on the board with its controller (`by`, None for nobody)."""
    board, caps, rule = state["board"], state["caps"], state["options"]["control"]
    return [{**word, "by": controller(board, caps, word, rule)} for word in all_words(board)]


def top_tiles_in_control(state: dict, words: list[dict], player: str) -> int:
    """The tie-break: cells of the player's controlled words showing the player's colour on top (each cell once)."""
    cells = {tuple(cell) for word in words if word["by"] == player for cell in word["cells"]}
    return sum(1 for r, c in cells if top(state["board"], r, c)["owner"] == player)


def nabbed(state: dict, player: str, caps: list, banked: bool, was: tuple[dict, dict]) -> dict | None:
    """What a play's caps did, kept for its log row (None without a cap): how many stacks it capped, the words
    through them that changed hands (`took`: the player controls them after it, and did not on the board and caps
    before it, `was`; under "majority" maybe none) and whether a tile was banked."""
    if not caps:
        return None
    board, rule = state["board"], state["options"]["control"]
    took = [w["text"] for w in words_through(board, [tuple(c) for c in caps])
            if controller(board, state["caps"], w, rule) == player and controlled_before(was, w, rule) != player]
    return {"caps": len(caps), "took": list(dict.fromkeys(took)), "banked": banked}


def controlled_before(was: tuple[dict, dict], word: dict, rule: str) -> str | None:
    """Who controlled a word's cells on an earlier board and caps (`was`), its cells empty then left out."""
    board, caps = was
    return controller(board, caps, {**word, "cells": [cell for cell in word["cells"] if key(*cell) in board]}, rule)


def known(state: dict, text: str) -> bool:
    """Whether a word stands unless the table votes it down: in the word list and not ruled out, or a house word
    of the session."""
    word = text.upper()
    return word in state["house_words"] or (is_word(word) and word not in state["ruled_out"])


def held(state: dict, player: str) -> int:
    """How many tiles a player still has to play: hand and bag."""
    return len(state["hands"][player]) + len(state["bags"][player])


def next_player(state: dict, player: str) -> str:
    """The seat after player."""
    players = state["players"]
    return players[(players.index(player) + 1) % len(players)]


def check_hand(state: dict, player: str, tiles: list[dict]) -> None:
    """Refuse tiles the player does not hold: letters not in the hand (app), more tiles than the hand or more
    blanks than the colour has (table)."""
    hand = state["hands"][player]
    if len(tiles) > len(hand):
        raise RuleError("nab_it.too_many_tiles", count=len(tiles), hand=len(hand))
    if state["options"]["deal"] == "app":
        left = list(hand)
        for tile in tiles:
            wanted = BLANK if tile["blank"] else tile["letter"]
            if wanted not in left:
                raise (RuleError("nab_it.no_blank_in_hand") if tile["blank"]
                       else RuleError("nab_it.not_in_hand", letter=wanted))
            left.remove(wanted)
        return
    blanks = parse_letters(state["options"]["letters"]).get(BLANK, 0)
    used = sum(1 for stack in state["board"].values() for t in stack if t["owner"] == player and t["blank"])
    if used + sum(t["blank"] for t in tiles) > blanks:
        raise RuleError("nab_it.no_blank_left", blanks=blanks)


def preview(state: dict, player: str, tiles: object) -> dict:
    """What a play would do, without playing: {"words": [{"text", "cells", "known"}], "caps": [...]}, or the
    refusal (RuleError) it would meet."""
    checked = read_tiles(tiles)
    check_hand(state, player, checked)
    found = plan(state["board"], player, checked)
    return {"words": [{**w, "known": known(state, w["text"])} for w in found["words"]], "caps": found["caps"]}


def draft_verdict(state: dict, player: str, tiles: object) -> dict:
    """The preview of a play being built, a refusal included: {"words", "caps", "refused": None or {"key",
    "params"}, "final": bool}. "final" says no further tile can mend the refusal (take a tile back or change one).

    Ruling (the rules are silent; this is what the screen says while a word is built): a draft that is not joined
    to the board, has a gap, or forms no word yet is unfinished, not refused for good, while the hand still holds a
    tile beyond the draft (one more tile may join it, fill the gap or make the word); every other refusal is
    final (a further tile cannot take a tile out of a line, off a stack or off a covered word, nor add to the
    hand). Whether the tiles that would mend it exist on the board is not worked out: "unfinished" means "may
    still be finished"."""
    try:
        return {**preview(state, player, tiles), "refused": None, "final": False}
    except RuleError as err:
        spare = isinstance(tiles, list) and len(tiles) < len(state["hands"][player])
        return {"words": [], "caps": [], "refused": err.to_dict(), "final": not (spare and err.key in MENDABLE)}


@register
class Nabit(Engine):
    """The board of stacks, word checks, challenges, nabbing, banking and the end count."""

    game = Game(
        id="nab_it",
        names={"en": "Nab-It!", "zh-CN": "抢词叠叠乐"},
        min_players=2,
        max_players=4,
        options=(
            Option("deal", "table", CHOICE, choices=("table", "app")),
            Option("letters", DEFAULT_LETTERS, TEXT),
            Option("control", "cap", CHOICE, choices=("cap", "majority")),
            Option("word_points", 1, INT, minimum=0, maximum=10),
            Option("bank_points", 1, INT, minimum=0, maximum=10),
            Option("last_tile_points", 1, INT, minimum=0, maximum=10),
        ),
        rounds=False,
        colours=True,
    )
    minor = ("challenge", "announce", "forgot", "end")

    def minor_now(self, state: dict) -> tuple:
        """What the table does not wait for [ruling]: during a turn only the turn's play or swap is awaited (a
        challenge, a last-tile announcement or call, and the table's "nobody can play" end are open, not awaited:
        every phone read "also waiting for the referee or the host" beside "Ben's turn"); after a last tile the
        table's end is what it waits for, a challenge of that play still open."""
        return tuple(kind for kind in self.minor if not (kind == "end" and state["phase"] == "last"))

    def move_phase(self, kind: str | None) -> str | None:
        """The turn's phase ("Building words") is its play or swap [ruling]: under "Next: Ann — play letter tiles"
        the header's line of its own said it again (about 58 px of a 1024x768 tablet above the board)."""
        return "turn" if kind in ("play", "swap") else kind

    def setup(self, state: dict) -> None:
        """Fill and shuffle each bag (app) or count its tiles (table), and deal 5 to each hand."""
        counts = parse_letters(state["options"]["letters"])
        dealt = state["options"]["deal"] == "app"
        tiles = [letter for letter, n in counts.items() for _ in range(n)]
        state.update(phase="turn", turn=state["players"][0], turn_no=0, board={}, caps={}, hands={}, bags={},
                     banked={}, announced=[], house_words=[], ruled_out=[], pending=None, challenge=None,
                     last_tile=None, judged=[], taken_back=None, penalties=[], played=[], voted_on=[], decided=[],
                     withdrawn=[], nabbed=[])
        for player in state["players"]:
            bag = list(tiles) if dealt else [None] * len(tiles)
            if dealt:
                rng(state["seed"], "bag", player).shuffle(bag)
            state["bags"][player], state["hands"][player], state["banked"][player] = bag, [], []
            self._draw(state, player)

    # --- helpers ------------------------------------------------------------------------------------------

    @staticmethod
    def _draw(state: dict, player: str) -> None:
        """Draw back to a full hand from the end of the bag."""
        hand, bag = state["hands"][player], state["bags"][player]
        while len(hand) < HAND and bag:
            hand.append(bag.pop())

    def _turn_player(self, state: dict, action: dict) -> str:
        """The acting player, refused unless it is their turn."""
        if action["by"] != state["turn"]:
            raise RuleError("nab_it.not_your_turn", name=state["turn"])
        return action["by"]

    @staticmethod
    def _close_pending(state: dict) -> None:
        """The last play can no longer be challenged."""
        state.update(pending=None, judged=[], taken_back=None)

    # --- moves --------------------------------------------------------------------------------------------

    @move("play", by=PLAYER, phase=("turn",), fields=("tiles",), reveals=True)
    def play(self, state: dict, action: dict) -> None:
        """Place tiles in one row or column; caps nab, a turn with a cap banks a tile; draw back to 5."""
        player = self._turn_player(state, action)
        tiles = read_tiles(action.get("tiles"))
        check_hand(state, player, tiles)
        found = plan(state["board"], player, tiles)
        before = {"board": {k: state["board"].get(k) for k in (key(r, c) for r, c in found["cells"])},
                  "hand": list(state["hands"][player]), "bag": list(state["bags"][player]),
                  "banked": list(state["banked"][player]), "announced": player in state["announced"],
                  "turn_no": state["turn_no"], "penalties": len(state["penalties"])}
        one_left = held(state, player) == 1 and player not in state["announced"]
        was = (state["board"], dict(state["caps"]))
        self._close_pending(state)
        state["board"] = found["board"]
        for r, c in found["caps"]:
            state["caps"][key(r, c)] = {"by": player, "turn": state["turn_no"]}
        hand = state["hands"][player]
        for tile in tiles:
            if state["options"]["deal"] == "app":
                hand.remove(BLANK if tile["blank"] else tile["letter"])
            else:
                hand.pop()
        bag = state["bags"][player]
        banked = bool(found["caps"] and bag)
        if banked:
            state["banked"][player].append(bag.pop())
        state["nabbed"].append(nabbed(state, player, found["caps"], banked, was))
        self._draw(state, player)
        if held(state, player) != 1 and player in state["announced"]:
            state["announced"].remove(player)
        state["pending"] = {"player": player, "words": [{**w, "known": known(state, w["text"])}
                                                        for w in found["words"]],
                            "caps": found["caps"], "before": before}
        state["played"].append(list(dict.fromkeys(w["text"] for w in found["words"])))
        state["turn_no"] += 1
        if held(state, player) == 0:
            if one_left and state["banked"][player]:
                bag.append(state["banked"][player].pop())
                state["penalties"].append({"player": player, "at_end": True})
            state.update(last_tile=player, phase="last", turn=None)
        else:
            state["turn"] = next_player(state, player)

    @move("swap", by=PLAYER, phase=("turn",), fields=(), reveals=True)
    def swap(self, state: dict, action: dict) -> None:
        """Swap the whole hand for new tiles (the app shuffles it back into the bag when it deals); the turn passes
        (the game's only way to pass)."""
        player = self._turn_player(state, action)
        self._close_pending(state)
        if state["options"]["deal"] == "app":
            bag = state["bags"][player]
            bag.extend(state["hands"][player])
            state["hands"][player] = []
            rng(state["seed"], "swap", player, state["turn_no"]).shuffle(bag)
            self._draw(state, player)
        state["turn_no"] += 1
        state["turn"] = next_player(state, player)

    @move("challenge", by=PLAYER, phase=("turn", "last", "vote"), fields=("word",))
    def challenge(self, state: dict, action: dict) -> None:
        """Challenge a word of the last play: the table votes on the list's verdict; a house word stands and a word
        ruled out is taken back, without a vote. One challenge at a time: a second while the vote is open is told
        whose challenge it is (two phones tap at once)."""
        pending, player, open_ = state["pending"], action["by"], state["challenge"]
        if open_ is not None:
            raise RuleError("nab_it.challenge_open", player=open_["by"], word=open_["word"])
        if pending is None:
            raise RuleError("nab_it.nothing_to_challenge")
        if player == pending["player"]:
            raise RuleError("nab_it.challenge_own")
        text = action.get("word")
        if not isinstance(text, str) or text.upper() not in {w["text"] for w in pending["words"]}:
            raise RuleError("nab_it.word_not_played", word=str(text)[:40])
        text = text.upper()
        if text in [j["word"] for j in state["judged"]]:
            raise RuleError("nab_it.already_judged", word=text)
        if text in state["house_words"]:
            state["judged"].append({"word": text, "by": player, "stands": True, "house": True})
            return
        if text in state["ruled_out"]:
            self._take_back(state, text, None)
            return
        listed = is_word(text)
        state["challenge"] = {"by": player, "word": text, "back_to": state["phase"], "listed": listed,
                              "vote": ballot.new_vote(list(state["players"]), "yes" if listed else "no")}
        state["phase"] = "vote"

    @move("vote", by=PLAYER, phase=("vote",), fields=("yes",), reveals=BY_STATE)
    def vote(self, state: dict, action: dict) -> list[dict] | None:
        """A ballot on keeping the challenged word; the last ballot decides (a tie keeps the list's verdict) and
        reveals every ballot with the outcome."""
        challenge = state["challenge"]
        challenge["vote"] = ballot.cast(challenge["vote"], action["by"], action.get("yes"))
        state["voted_on"].append(challenge["word"])
        if not ballot.is_complete(challenge["vote"]):
            return None
        word, ballots = challenge["word"], challenge["vote"]["ballots"]
        state["challenge"] = None
        count, stands = ballot.tally(challenge["vote"]), ballot.outcome(challenge["vote"])
        tie = count["yes"] == count["no"]
        state["decided"].append({"at": len(state["voted_on"]), **count, "stands": stands, "tie": tie})
        if stands:
            if not challenge["listed"]:
                state["house_words"].append(word)
            state["judged"].append({"word": word, "by": challenge["by"], "stands": True,
                                    "house": not challenge["listed"], "ballots": ballots, "tie": tie})
            state["phase"] = challenge["back_to"]
        else:
            if challenge["listed"]:
                state["ruled_out"].append(word)
            self._take_back(state, word, ballots, tie)
        return [REVEALED]

    def _take_back(self, state: dict, word: str, ballots: list | None, tie: bool = False) -> None:
        """Undo the last play after its word failed (by the ballots, `tie` when they were even): board, caps and
        the player's tiles as before; their turn."""
        pending = state["pending"]
        player, before = pending["player"], pending["before"]
        state["withdrawn"].append(len(state["played"]))
        for k, stack in before["board"].items():
            if stack is None:
                state["board"].pop(k, None)
            else:
                state["board"][k] = stack
            state["caps"].pop(k, None)
        state["hands"][player], state["bags"][player] = before["hand"], before["bag"]
        state["banked"][player] = before["banked"]
        since = before["penalties"]
        state["penalties"][since:] = [p for p in state["penalties"][since:] if p["player"] != player]
        if before["announced"] and player not in state["announced"]:
            state["announced"].append(player)
        if not before["announced"] and player in state["announced"]:
            state["announced"].remove(player)
        self._close_pending(state)
        state.update(turn_no=before["turn_no"], turn=player, phase="turn", last_tile=None,
                     taken_back={"player": player, "word": word, "ballots": ballots, "tie": tie})

    @move("announce", by=PLAYER, phase=("turn",), fields=())
    def announce(self, state: dict, action: dict) -> None:
        """The player says they are down to their last tile."""
        player = action["by"]
        if held(state, player) != 1:
            raise RuleError("nab_it.not_last_tile", name=player, count=held(state, player))
        if player in state["announced"]:
            raise RuleError("nab_it.already_announced", name=player)
        state["announced"].append(player)

    @move("forgot", by=ANY, phase=("turn",), fields=("player",))
    def forgot(self, state: dict, action: dict) -> None:
        """Someone else catches a player holding one unannounced tile: one banked tile goes back to their bag."""
        target = action.get("player")
        if target not in state["players"]:
            raise RuleError("core.player_unknown", name=str(target)[:40])
        if action["by"] == target:
            raise RuleError("nab_it.forgot_self")
        if held(state, target) != 1:
            raise RuleError("nab_it.not_last_tile", name=target, count=held(state, target))
        if target in state["announced"]:
            raise RuleError("nab_it.already_announced", name=target)
        if not state["banked"][target]:
            raise RuleError("nab_it.nothing_banked", name=target)
        state["bags"][target].append(state["banked"][target].pop())
        state["penalties"].append({"player": target, "at_end": False})

    @move("end", by=TABLE, phase=("turn", "last"), fields=())
    def end(self, state: dict, action: dict) -> None:
        """The table ends the game: nobody can play, or the last tile's play stands."""
        self._close_pending(state)
        state.update(over=True, phase="over", turn=None)

    # --- the table's questions ----------------------------------------------------------------------------

    def prompt(self, state: dict) -> list[dict]:
        """The moves awaited now; a forgotten announcement may be called by the table and by each other player
        (anyone at the table may catch it, so each player's own phone offers it)."""
        entries = super().prompt(state)
        for entry in [e for e in entries if e["type"] == "forgot"]:
            for player in state["players"]:
                choices = [c for c in entry["choices"] if c["player"] != player]
                if choices:
                    entries.append({"by": player, "type": "forgot", "choices": choices})
        return entries

    def offer(self, state: dict, kind: str, by: str) -> list | None:
        """The turn's player plays (free input) or swaps; others challenge the last play's words; voters vote;
        the last-tile calls where they apply; the table may end."""
        if kind == "play":
            return None if by == state["turn"] else []
        if kind == "swap":
            return [{}] if by == state["turn"] else []
        if kind == "challenge":
            pending = state["pending"]
            if pending is None or by == pending["player"] or state["challenge"] is not None:
                return []
            done = {j["word"] for j in state["judged"]}
            return [{"word": t} for t in dict.fromkeys(w["text"] for w in pending["words"]) if t not in done]
        if kind == "vote":
            if ballot.has_voted(state["challenge"]["vote"], by):
                return []
            return [{"yes": True}, {"yes": False}]
        if kind == "announce":
            return [{}] if held(state, by) == 1 and by not in state["announced"] else []
        if kind == "forgot":
            return [{"player": p} for p in state["players"]
                    if held(state, p) == 1 and p not in state["announced"] and state["banked"][p]]
        return [{}]

    def hide(self, view: dict, seat: str | None) -> None:
        """When the app deals: every bag's letters (to everyone) and other seats' hands become blanks of the
        same count; the taken-back snapshot of the last play is dropped; the open vote's ballots are sealed."""
        if view.get("pending"):
            view["pending"].pop("before", None)
        if view.get("challenge"):
            view["challenge"]["vote"] = ballot.sealed(view["challenge"]["vote"], seat)
        if view["options"]["deal"] != "app":
            return
        for player in view["players"]:
            view["bags"][player] = [None] * len(view["bags"][player])
            if player != seat:
                view["hands"][player] = [None] * len(view["hands"][player])

    def status(self, state: dict) -> dict:
        """Header: the core's, naming nobody's turn while a challenged word is voted on [ruling]: every player
        votes, and the turn goes on only after (to the next player, or back to the one whose play failed); the
        header read "轮到王芳 · 对被质疑的单词投票" while all four phones voted on 李娜's word."""
        status = super().status(state)
        return {**status, "turn": None} if state.get("phase") == "vote" else status

    def describe(self, action: dict) -> tuple[str, dict]:
        """An action for the log; a play names its letters in the order placed instead of the raw tiles; a ballot
        names the voter, not the vote (the ballots show together with the outcome)."""
        name, params = super().describe(action)
        params.pop("yes", None)
        tiles = params.pop("tiles", None)
        if isinstance(tiles, list):
            params["letters"] = "".join(str(t.get("letter", "")) for t in tiles if isinstance(t, dict))
        return name, params

    def logged(self, state: dict, action: dict, nth: int) -> tuple[str, dict]:
        """The nth play of the log with the words it formed or changed, as kept in `played` ("Ben played H: HEAT":
        a tile stacked on a word said only its letter, and a dispute is about words); a play whose one word is its
        letters as placed says it once ("Ann played SEAT"); a play taken back after a failed challenge says so
        (`withdrawn`); the nth ballot names the word voted on (`voted_on`), the deciding one the count and outcome
        (`decided`, `_ballot_row`); any other action as `describe` says it.
        A play that capped a stack says so, with the words it took and the tile it banked, as kept in `nabbed`
        ("张伟打出了 R：RAT" left the table guessing where Ann's points came from); it names its words even when they
        are its letters. A play taken back reads only as taken back [ruling]: its caps and bank were undone."""
        key, params = self.describe(action)
        kind = action.get("type")
        if kind == "vote" and 0 < nth <= len(state.get("voted_on", [])):
            return self._ballot_row(state, params, nth)
        made = state["played"][nth - 1] if kind == "play" and 0 < nth <= len(state["played"]) else None
        if made is None:
            return key, params
        words = made if made != [params.get("letters")] else None
        if nth in state.get("withdrawn", []):
            return ("nab_it.action.play.words.withdrawn", {**params, "words": made}) if words \
                else ("nab_it.action.play.withdrawn", params)
        nab = state["nabbed"][nth - 1] if nth <= len(state.get("nabbed", [])) else None
        if nab:
            return self._nab_row(params, made, nab)
        return ("nab_it.action.play.words", {**params, "words": made}) if words else (key, params)

    @staticmethod
    def _ballot_row(state: dict, params: dict, nth: int) -> tuple[str, dict]:
        """The nth ballot's row: the word voted on; the deciding ballot also the count and the outcome, a tie
        saying the word list's verdict settled it ("妈妈对 ZOX 投了票：赞成 2，反对 2，平票按词表：ZOX 不成立，出牌收回")."""
        row = {**params, "word": state["voted_on"][nth - 1]}
        decided = next((d for d in state.get("decided", []) if d["at"] == nth), None)
        if decided is None:
            return "nab_it.action.vote.word", row
        way = ("tie_" if decided["tie"] else "") + ("stands" if decided["stands"] else "fails")
        return f"nab_it.action.vote.{way}", {**row, "yes": decided["yes"], "no": decided["no"]}

    @staticmethod
    def _nab_row(params: dict, made: list, nab: dict) -> tuple[str, dict]:
        """A capping play's row: its words, the stacks it capped, the words it took (if any) and a banked tile."""
        row, banked = {**params, "words": made, "caps": nab["caps"]}, ".banked" if nab["banked"] else ""
        if nab["took"]:
            return f"nab_it.action.play.nabbed{banked}", {**row, "took": nab["took"]}
        return f"nab_it.action.play.capped{banked}", row

    def scoreboard(self, state: dict):
        """Controlled words, banked tiles and the last tile, per the point options (each line names its count and
        the points for each, so a total can be checked by hand; the words line names the words, in board order:
        "控制的单词：1 个 × 1 分" did not say which); tie-break by top tiles of one's colour in the words
        one controls."""
        options, words = state["options"], controlled_words(state)
        lines, tiebreaks = {}, {}
        for player in state["players"]:
            own = [w["text"] for w in words if w["by"] == player]
            banked = len(state["banked"][player])
            named = {"words": own} if own else {}
            lines[player] = [Line("nab_it.line.words.named" if own else "nab_it.line.words",
                                  len(own) * options["word_points"],
                                  {**named, "count": len(own), "each": options["word_points"]}),
                             Line("nab_it.line.banked", banked * options["bank_points"],
                                  {"count": banked, "each": options["bank_points"]})]
            if state["last_tile"] == player:
                lines[player].append(Line("nab_it.line.last_tile", options["last_tile_points"]))
            tiebreaks[player] = (top_tiles_in_control(state, words, player),)
        return make_scoreboard("nab_it", state["players"], lines, tiebreaks, over=state["over"])
