"""The bonus race: Knit Wit's bonus buttons, Pictomania's bonus tiles.

An ordered stack of rewards, top first (e.g. [4, 3, 2, 1]). Claims are taken in the order they arrive: each
claim takes the top reward and locks the claimant. A player may also decline (stop without a reward), which
locks them too. The race is over when the last reward is taken, when every player is locked, or when it is
closed because another rule ended the round. All functions return new dicts; the state is plain JSON.

Rulings:
- A reward may be any whole number (0 and negatives included, should a game want them); the stack may be empty,
  in which case the race is over from the start.
- Closing a race that is already over changes nothing (the round may end for several reasons at once).
- Refusals are checked in this order: unknown player, race over (`race.closed`), player locked (`race.locked`).
- Claims are taken in the order given; this module never reorders them. On several phones the table may swap two
  claims that came within a near-tie's window only while they are the last actions of the log: a later claim
  applied meanwhile lapses the near-tie and the order of arrival stands (`views.table_hub`'s notes).
"""

from __future__ import annotations

import copy

from scoring.core import RuleError


def new_race(rewards: list[int], players: list[str], number: int = 1) -> dict:
    """A race for the rewards (top of the stack first) among the players (distinct names); number: which race of
    the game it is (a game racing once a round numbers its races by round), so a screen tells a fresh race from an
    earlier one whose claims it would start like."""
    if not isinstance(rewards, list) or any(isinstance(r, bool) or not isinstance(r, int) for r in rewards):
        raise RuleError("race.rewards_invalid")
    if (not isinstance(players, list) or not players or any(not isinstance(p, str) for p in players)
            or len(set(players)) != len(players)):
        raise RuleError("race.players_invalid")
    return {"stack": list(rewards), "players": list(players), "claims": [], "declined": [], "closed": False,
            "number": number}


def is_locked(r: dict, player: str) -> bool:
    """Whether the player has claimed or declined."""
    return player in r["declined"] or any(who == player for who, _ in r["claims"])


def is_over(r: dict) -> bool:
    """Whether the race has ended: closed, no reward left, or every player locked."""
    return r["closed"] or not r["stack"] or all(is_locked(r, p) for p in r["players"])


def remaining(r: dict) -> list[int]:
    """The rewards not taken, top first."""
    return list(r["stack"])


def claims(r: dict) -> list[list]:
    """Every claim as [player, reward], in the order they were made."""
    return copy.deepcopy(r["claims"])


def declined(r: dict) -> list[str]:
    """The players who stopped without a reward, in order."""
    return list(r["declined"])


def reward_of(r: dict, player: str) -> int | None:
    """The reward the player claimed (None if they have not claimed)."""
    return next((reward for who, reward in r["claims"] if who == player), None)


def settled(r: dict) -> dict:
    """The race as it scores, not as it was run: who holds which reward, who declined, what is left, whether it
    was closed. Two equal rewards taken in either order settle the same."""
    return {"stack": list(r["stack"]), "rewards": {who: reward for who, reward in r["claims"]},
            "declined": sorted(r["declined"]), "closed": r["closed"]}


def _check_can_act(r: dict, player: object) -> None:
    """Refuse a player unknown to the race, a race that is over, or a player already locked."""
    if player not in r["players"]:
        raise RuleError("race.player_unknown", player=str(player))
    if is_over(r):
        raise RuleError("race.closed")
    if is_locked(r, player):
        raise RuleError("race.locked", player=player)


def claim(r: dict, player: str) -> tuple[dict, int]:
    """The race after the player takes the top reward, and that reward."""
    _check_can_act(r, player)
    reward = r["stack"][0]
    new = copy.deepcopy(r)
    new["stack"] = new["stack"][1:]
    new["claims"].append([player, reward])
    return new, reward


def decline(r: dict, player: str) -> dict:
    """The race after the player stops without a reward."""
    _check_can_act(r, player)
    new = copy.deepcopy(r)
    new["declined"].append(player)
    return new


def close(r: dict) -> dict:
    """The race ended now: later claims and declines are refused."""
    return {**copy.deepcopy(r), "closed": True}
