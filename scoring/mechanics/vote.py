"""A table vote: yes/no ballots from a set of voters, a rule for ties, an outcome.

Used for Knit Wit challenges (everyone votes, challenger and challenged included; yes ≥ no → the answer is
valid) and for any table ruling put to a vote. All functions return new dicts; the state is plain JSON.

Rulings:
- Tie rule "yes": a tie carries (Knit Wit: a tie keeps the answer); tie rule "no": a tie fails.
- The outcome is known once every voter has voted, or when the vote is closed early (decided on the ballots
  cast; no ballots at all is a 0–0 tie, settled by the tie rule).
- Closing a vote already closed changes nothing.
- Ballots are kept in the voters' order, not the order cast: the order of two ballots changes nothing, so two
  ballots cast at once are no near-tie for the table to order (`views/table_hub.py` compares the two orders).
- Refusals are checked in this order: vote closed, not a voter, already voted, ballot not yes/no.
- Secret ballots (`sealed`): until the vote is decided, a seat sees who has voted but not how — every ballot
  but its own shows as None (the public table, seat None, sees none) and the count is not shown; once every
  voter has voted (or the vote is closed) all ballots are shown together with the outcome. So nobody votes
  knowing how the others voted, and a ballot is never taken back (the rules have no such move).
"""

from __future__ import annotations

import copy

from scoring.core import RuleError

TIE_RULES = ("yes", "no")


def new_vote(voters: list[str], tie: str = "yes") -> dict:
    """An open vote among the voters (distinct names) with a tie rule ("yes" or "no")."""
    if (not isinstance(voters, list) or not voters or any(not isinstance(v, str) for v in voters)
            or len(set(voters)) != len(voters)):
        raise RuleError("vote.voters_invalid")
    if tie not in TIE_RULES:
        raise RuleError("vote.tie_invalid", tie=str(tie))
    return {"voters": list(voters), "tie": tie, "ballots": [], "closed": False}


def has_voted(v: dict, voter: str) -> bool:
    """Whether the voter has cast a ballot."""
    return any(who == voter for who, _ in v["ballots"])


def cast(v: dict, voter: str, yes: bool) -> dict:
    """The vote with the voter's ballot added (yes True or False); ballots stand in the voters' order, not the
    order cast, so two ballots cast at once give the same vote whichever the server reads first."""
    if v["closed"]:
        raise RuleError("vote.closed")
    if voter not in v["voters"]:
        raise RuleError("vote.not_voter", voter=str(voter))
    if has_voted(v, voter):
        raise RuleError("vote.already_voted", voter=voter)
    if not isinstance(yes, bool):
        raise RuleError("vote.ballot_invalid", voter=voter)
    new = copy.deepcopy(v)
    new["ballots"].append([voter, yes])
    new["ballots"].sort(key=lambda b: v["voters"].index(b[0]))
    return new


def is_complete(v: dict) -> bool:
    """Whether every voter has voted."""
    return len(v["ballots"]) == len(v["voters"])


def is_decided(v: dict) -> bool:
    """Whether the outcome is known: every voter voted, or the vote was closed."""
    return v["closed"] or is_complete(v)


def tally(v: dict) -> dict:
    """The ballots counted: {"yes": n, "no": n} (a sealed ballot counts neither way)."""
    return {"yes": sum(1 for _, ballot in v["ballots"] if ballot is True),
            "no": sum(1 for _, ballot in v["ballots"] if ballot is False)}


def outcome(v: dict) -> bool | None:
    """True if the vote carries, False if it fails, None while it is still open and incomplete."""
    if not is_decided(v):
        return None
    count = tally(v)
    if count["yes"] == count["no"]:
        return v["tie"] == "yes"
    return count["yes"] > count["no"]


def close(v: dict) -> dict:
    """The vote closed now, decided on the ballots cast; later ballots are refused."""
    return {**copy.deepcopy(v), "closed": True}


def sealed(v: dict, seat: str | None) -> dict:
    """The vote as seat may see it (None: the public table): until it is decided, the other voters' ballots are
    None (who has voted shows, not how); once decided, every ballot."""
    shown = copy.deepcopy(v)
    if not is_decided(v):
        shown["ballots"] = [[who, ballot if who == seat else None] for who, ballot in v["ballots"]]
    return shown
