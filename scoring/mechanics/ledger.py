"""A chip ledger: chips per player, the pot, the bonus board, bank loans (Guess Club and any chip game).

Accounts are the players' names, "pot", "board", and the outside "supply" (the bank). Money moves only by
`transfer`, in whole chip units; nobody's holding goes below zero. Money taken from the supply and money given
back to it are counted, as are loans, so `conserved` can check that nothing appeared or vanished:

    players' chips + pot + board − loans − taken from supply + returned to supply == players' starting money

All functions return new dicts; the state is plain JSON.

Rulings:
- The starting pot and board are counted as taken from the supply.
- A player who must pay more than they hold is refused (`ledger.overdraft`) unless the caller names a loan
  size: then loans of that size are taken from the bank, as many as needed, before paying (Guess Club: pay 10
  holding 0 → one loan of 100, the player then holds 90 and owes 100). Loans are never repaid; a player's money
  is chips − loans.
- The pot and the board cannot borrow: paying more than they hold is refused (`ledger.pot_short`,
  `ledger.board_short`).
- A transfer from an account to itself is refused (`ledger.same_account`).
- Refusals are checked in this order: amount, accounts, same account, loan size, holdings.
"""

from __future__ import annotations

import copy

from scoring.core import RuleError

POT, BOARD, SUPPLY = "pot", "board", "supply"
SHARED = (POT, BOARD)


def _whole(value: object) -> bool:
    """Whether value is an int (not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


def new_ledger(players: list[str], start: int, unit: int = 10, pot: int = 0, board: int = 0) -> dict:
    """A ledger where each player holds `start`, with a starting pot and board taken from the supply."""
    if not _whole(unit) or unit <= 0:
        raise RuleError("ledger.unit_invalid", unit=str(unit))
    if (not isinstance(players, list) or not players or any(not isinstance(p, str) for p in players)
            or len(set(players)) != len(players) or set(players) & {POT, BOARD, SUPPLY}):
        raise RuleError("ledger.players_invalid")
    for amount in (start, pot, board):
        if not _whole(amount) or amount < 0 or amount % unit:
            raise RuleError("ledger.setup_invalid", amount=str(amount), unit=unit)
    return {
        "unit": unit,
        "chips": {p: start for p in players},
        "loans": {p: 0 for p in players},
        POT: pot,
        BOARD: board,
        "supply_in": pot + board,
        "supply_out": 0,
        "start": start * len(players),
    }


def _check_account(l: dict, account: object, supply: bool = True) -> None:
    """Refuse an account the ledger does not know (the supply only where `supply` allows it)."""
    known = isinstance(account, str) and (account in l["chips"] or account in SHARED
                                          or (supply and account == SUPPLY))
    if not known:
        raise RuleError("ledger.unknown_account", account=str(account))


def _check_player(l: dict, player: object) -> None:
    """Refuse a name that is not a player of the ledger."""
    if not isinstance(player, str) or player not in l["chips"]:
        raise RuleError("ledger.unknown_account", account=str(player))


def balance(l: dict, account: str) -> int:
    """What a player, the pot or the board holds."""
    _check_account(l, account, supply=False)
    return l[account] if account in SHARED else l["chips"][account]


def loans(l: dict, player: str) -> int:
    """The total the player has borrowed from the bank."""
    _check_player(l, player)
    return l["loans"][player]


def money(l: dict, player: str) -> int:
    """The player's money: chips − loans."""
    _check_player(l, player)
    return l["chips"][player] - l["loans"][player]


def _loans_needed(l: dict, source: str, amount: int, loan: int | None) -> int:
    """How many loans the source must take to pay amount (refusing a shortfall nobody may borrow for)."""
    held = balance(l, source)
    if held >= amount:
        return 0
    if source in SHARED:
        raise RuleError(f"ledger.{source}_short", amount=amount, balance=held)
    if loan is None:
        raise RuleError("ledger.overdraft", player=source, amount=amount, balance=held)
    return -(-(amount - held) // loan)


def transfer(l: dict, source: str, dest: str, amount: int, loan: int | None = None) -> tuple[dict, list[dict]]:
    """The ledger after moving amount from source to dest, and the events (loans taken, then the transfer)."""
    unit = l["unit"]
    if not _whole(amount) or amount <= 0 or amount % unit:
        raise RuleError("ledger.not_unit", amount=str(amount), unit=unit)
    _check_account(l, source)
    _check_account(l, dest)
    if source == dest:
        raise RuleError("ledger.same_account", account=source)
    if loan is not None and (not _whole(loan) or loan <= 0 or loan % unit):
        raise RuleError("ledger.loan_invalid", loan=str(loan), unit=unit)
    count = 0 if source == SUPPLY else _loans_needed(l, source, amount, loan)
    new = copy.deepcopy(l)
    events = [{"kind": "loan", "player": source, "amount": loan} for _ in range(count)]
    if count:
        new["chips"][source] += count * loan
        new["loans"][source] += count * loan
    _move(new, source, -amount)
    _move(new, dest, amount)
    events.append({"kind": "transfer", "from": source, "to": dest, "amount": amount})
    return new, events


def _move(l: dict, account: str, delta: int) -> None:
    """Change one account by delta in place (the supply counts what it gives and takes back)."""
    if account == SUPPLY:
        l["supply_in" if delta < 0 else "supply_out"] += abs(delta)
    elif account in SHARED:
        l[account] += delta
    else:
        l["chips"][account] += delta


def conserved(l: dict) -> bool:
    """Whether chips + pot + board − loans − taken from supply + returned to supply equals the starting money."""
    held = sum(l["chips"].values()) + l[POT] + l[BOARD]
    return held - sum(l["loans"].values()) - l["supply_in"] + l["supply_out"] == l["start"]
