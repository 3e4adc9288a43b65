"""Card-combination checks: Bacon climbing combinations (the referee) and Rummy melds. Pure functions.

Bacon cards are written rank + suit, ranks 1–10 and suits A, B, C ("7A", "10C"), wild cards "X". The deck
[RULINGS §8] holds two copies of each rank and suit and 8 wilds; a wild stands for any rank 1–11 and any suit.
Combination types (10 ordinary, 5 bombs), with their rank the (top) rank they show:
- ordinary: `single`, `pair`, `triple`, `run` (3–6 consecutive), `pairs` (2 or 3 consecutive pairs),
  `triples` (2 consecutive triples); beaten only by the same type and size with a higher rank;
- bombs, low to high (class 1–5): `four` of a kind, `flush5` (5-card straight flush), `five` of a kind,
  `flush6` (6-card straight flush), `six` of a kind; a bomb beats any ordinary combination and a lower bomb, or
  a bomb of its own class with a higher rank.

Rummy cards are written rank + suit: "AS", "10H", "QC", "7D" (suits S H D C). A meld is 3+ cards of one suit
in sequence or 3–4 cards of one rank; the ace is low (A-2-3) and, when the variant allows, high (Q-K-A), never
both (no K-A-2).

Rulings:
- The referee reads the combination on the table at its best (the player who laid it gets the benefit of
  the wild cards) unless the table names the type it was played as; the played cards beat it if any reading of
  their wild cards does.
- Among readings of the same cards, bombs come first (higher class first), then the higher rank.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from scoring.errors import RuleError

BACON_SUITS = ("A", "B", "C")
WILD = "X"
WILD_TOP = 11
BACON_COPIES = 2
WILDS = 8
ORDINARY = ("single", "pair", "triple", "run", "pairs", "triples")
BOMBS = ("four", "flush5", "five", "flush6", "six")
KIND_OF_SIZE = {1: "single", 2: "pair", 3: "triple", 4: "four", 5: "five", 6: "six"}


@dataclass(frozen=True)
class Combo:
    """One reading of a Bacon combination: type, number of cards, (top) rank, bomb class (0 = not a bomb)."""

    type: str
    size: int
    rank: int
    bomb: int = 0

    def to_json(self) -> dict:
        """The reading as plain JSON."""
        return {"type": self.type, "size": self.size, "rank": self.rank, "bomb": self.bomb}


def _combo(kind: str, size: int, rank: int) -> Combo:
    """A Combo with its bomb class filled in from its type."""
    return Combo(kind, size, rank, BOMBS.index(kind) + 1 if kind in BOMBS else 0)


def parse_bacon(cards: Iterable) -> list[tuple[int, str] | None]:
    """Bacon card codes as (rank, suit), wilds as None; refuses unknown codes and more copies than the deck."""
    if isinstance(cards, str) or not isinstance(cards, (list, tuple)):
        raise RuleError("cards.not_a_list")
    parsed = []
    for card in cards:
        text = str(card).strip().upper()
        if text == WILD:
            parsed.append(None)
            continue
        rank, suit = text[:-1], text[-1:]
        if suit not in BACON_SUITS or not rank.isdigit() or not 1 <= int(rank) <= 10:
            raise RuleError("cards.card_unknown", card=str(card))
        parsed.append((int(rank), suit))
    counts = Counter(parsed)
    for card, count in counts.items():
        limit = WILDS if card is None else BACON_COPIES
        if count > limit:
            raise RuleError("cards.too_many_copies", card=WILD if card is None else f"{card[0]}{card[1]}",
                            count=count, limit=limit)
    return parsed


def _top_of_groups(ranks: Counter, groups: int, each: int) -> int | None:
    """The highest top rank t such that ranks t-groups+1..t can hold all naturals with `each` per rank."""
    for top in range(WILD_TOP, groups - 1, -1):
        span = range(top - groups + 1, top + 1)
        if all(r in span for r in ranks) and all(ranks[r] <= each for r in span):
            return top
    return None


def readings(cards: Iterable) -> list[Combo]:
    """Every way the cards can be read as one combination, best first (see the module rulings)."""
    parsed = parse_bacon(cards)
    naturals = [c for c in parsed if c is not None]
    size = len(parsed)
    ranks = Counter(r for r, _ in naturals)
    found = []
    if size in KIND_OF_SIZE and len(ranks) <= 1:
        found.append(_combo(KIND_OF_SIZE[size], size, next(iter(ranks), WILD_TOP)))
    if 3 <= size <= 6:
        top = _top_of_groups(ranks, size, 1)
        if top is not None:
            found.append(_combo("run", size, top))
            if size >= 5 and len({s for _, s in naturals}) <= 1:
                found.append(_combo(f"flush{size}", size, top))
    if size in (4, 6):
        top = _top_of_groups(ranks, size // 2, 2)
        if top is not None:
            found.append(_combo("pairs", size, top))
    if size == 6:
        top = _top_of_groups(ranks, 2, 3)
        if top is not None:
            found.append(_combo("triples", size, top))
    return sorted(found, key=lambda c: (c.bomb, c.rank, -ORDINARY.index(c.type) if not c.bomb else 0),
                  reverse=True)


def classify(cards: Iterable) -> Combo | None:
    """The best reading of the cards as one combination, or None if they form none."""
    found = readings(cards)
    return found[0] if found else None


def _beats(played: Combo, table: Combo) -> str | None:
    """Why played beats table (a message key), or None if it does not."""
    if played.bomb and not table.bomb:
        return "cards.beats.bomb"
    if played.bomb > table.bomb:
        return "cards.beats.bigger_bomb"
    if (played.type, played.size) == (table.type, table.size) and played.rank > table.rank:
        return "cards.beats.higher"
    return None


def _params(played: Combo | None, table: Combo | None) -> dict:
    """Message parameters describing both readings."""
    out = {}
    for prefix, combo in (("played", played), ("table", table)):
        if combo is not None:
            out.update({f"{prefix}_type": combo.type, f"{prefix}_size": combo.size, f"{prefix}_rank": combo.rank})
    return out


def beats(table_cards: Iterable, played_cards: Iterable, table_type: str | None = None) -> tuple[bool, dict]:
    """Whether the played cards beat the combination on the table, with the reason as {"key", "params"}.

    An empty table means the play leads: any combination may be led. `table_type` names the type the table
    combination was played as, when the table says so.
    """
    played_all = readings(played_cards)
    table_all = readings(table_cards)
    if not list(table_cards):
        if not played_all:
            return False, {"key": "cards.not_a_combo", "params": {}}
        return True, {"key": "cards.lead", "params": _params(played_all[0], None)}
    if table_type is not None:
        table_all = [c for c in table_all if c.type == table_type]
        if not table_all:
            raise RuleError("cards.table_not_type", type=str(table_type))
    if not table_all:
        raise RuleError("cards.table_not_combo")
    table = table_all[0]
    if not played_all:
        return False, {"key": "cards.not_a_combo", "params": _params(None, table)}
    for combo in played_all:
        reason = _beats(combo, table)
        if reason:
            return True, {"key": reason, "params": _params(combo, table)}
    same = [c for c in played_all if (c.type, c.size) == (table.type, table.size)]
    if same:
        return False, {"key": "cards.not_beats.lower", "params": _params(same[0], table)}
    if table.bomb:
        return False, {"key": "cards.not_beats.bomb", "params": _params(played_all[0], table)}
    return False, {"key": "cards.not_beats.type", "params": _params(played_all[0], table)}


# ---------------------------------------------------------------------------------------------------------
# Rummy

RUMMY_SUITS = ("S", "H", "D", "C")
RUMMY_RANKS = {"A": 1, **{str(n): n for n in range(2, 11)}, "J": 11, "Q": 12, "K": 13}
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_name(code: str) -> str:
    """A playing card's code as the screen and the refusals name it, its suit as a sign: "QS" -> "Q♠"."""
    return code[:-1] + SUIT_SIGNS.get(code[-1:], code[-1:])


def parse_rummy(card) -> tuple[int, str]:
    """A Rummy card code (or its name, "7♥") as (rank 1–13, suit); refuses anything else."""
    text = str(card).strip().upper()
    rank, suit = text[:-1], text[-1:]
    suit = next((code for code, sign in SUIT_SIGNS.items() if sign == suit), suit)
    if suit not in RUMMY_SUITS or rank not in RUMMY_RANKS:
        raise RuleError("cards.card_unknown", card=str(card))
    return RUMMY_RANKS[rank], suit


def rummy_code(card) -> str:
    """The canonical code of a Rummy card ("10H", "AS")."""
    rank, suit = parse_rummy(card)
    name = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))
    return f"{name}{suit}"


def meld(cards: Iterable, aces_high: bool = True) -> dict | None:
    """The meld the cards make: {"kind": "set" | "run", "low_ace": bool}, or None if they make none."""
    parsed = [parse_rummy(c) for c in cards]
    if len(parsed) < 3 or len(set(parsed)) != len(parsed):
        return None
    ranks = [r for r, _ in parsed]
    if len(set(ranks)) == 1:
        return {"kind": "set", "low_ace": False} if len(parsed) <= 4 else None
    if len({s for _, s in parsed}) != 1:
        return None
    if _consecutive(ranks):
        return {"kind": "run", "low_ace": 1 in ranks}
    if aces_high and 1 in ranks and _consecutive([14 if r == 1 else r for r in ranks]):
        return {"kind": "run", "low_ace": False}
    return None


def meld_order(cards: list, aces_high: bool = True) -> list[int]:
    """The positions of the cards in the order they lie on the table, for showing them (what is recorded keeps the
    order given). Ruling: a set reads by suit (S H D C); anything else by rank, then suit, the ace last where it is
    high: in a run the engine reads high (Q-K-A), or, in cards not yet a meld, beside a queen or a king where an
    ace may be high (A♠ K♠ on the way to Q-K-A reads "K♠ A♠")."""
    parsed = [parse_rummy(c) for c in cards]
    found = meld(cards, aces_high)
    high = not found["low_ace"] if found and found["kind"] == "run" else \
        aces_high and any(rank >= RUMMY_RANKS["Q"] for rank, _ in parsed)

    def place(index: int) -> tuple[int, int]:
        """Where the card at index lies: its rank (an ace high as 14), then its suit."""
        rank, suit = parsed[index]
        return (14 if high and rank == 1 else rank), RUMMY_SUITS.index(suit)

    return sorted(range(len(parsed)), key=place)


def _consecutive(ranks: list[int]) -> bool:
    """Whether the ranks are distinct and form an unbroken sequence."""
    ordered = sorted(ranks)
    return all(b == a + 1 for a, b in zip(ordered, ordered[1:]))


def lay_off(melds: list[list[str]], extras: list[str], aces_high: bool = True,
            pinned: dict[int, int] | None = None) -> list[list[str]] | None:
    """The melds with every extra card laid off onto one of them so that all stay valid, or None if impossible.

    Tries each placement (small sets at a score pad), so a card that fits two melds goes where the rest fit.
    `pinned` maps an extra's index to the index of the meld it must go onto (where the table says it went).
    """
    groups = [list(m) for m in melds]
    pinned = pinned or {}

    def place(index: int) -> bool:
        """Place extras[index:] or report that they cannot all be placed."""
        if index == len(extras):
            return all(meld(g, aces_high) for g in groups)
        rank, suit = parse_rummy(extras[index])
        targets = [groups[pinned[index]]] if index in pinned else groups
        for group in targets:
            ranks = {parse_rummy(c)[0] for c in group}
            suits = {parse_rummy(c)[1] for c in group}
            if ranks != {rank} and suits != {suit}:
                continue
            group.append(extras[index])
            if place(index + 1):
                return True
            group.pop()
        return False

    return groups if place(0) else None
