"""Chip ledger: transfers in chip units, supply in/out, loans on overdraft, refusals, conservation."""

import copy
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core import RuleError
from scoring.mechanics import ledger
from tests.helpers import assert_call_refused, domain_files

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Ann", "Bo", "Cy"]


def guess_club():
    """Guess Club's start: 150 each, pot 30, round 1's reward 30 on the board."""
    return ledger.new_ledger(PLAYERS, 150, unit=10, pot=30, board=30)


def test_start_counts_pot_and_board_from_the_supply():
    """Players hold their start; the pot and board are counted as taken from the supply."""
    l = guess_club()
    assert [ledger.balance(l, p) for p in PLAYERS] == [150, 150, 150]
    assert ledger.balance(l, "pot") == 30 and ledger.balance(l, "board") == 30
    assert ledger.conserved(l) and l["supply_in"] == 60


def test_guess_club_turns():
    """No match pays 10 into the pot; a match takes the pot, which is refilled with 30 from the supply."""
    l, events = ledger.transfer(guess_club(), "Ann", "pot", 10)
    assert events == [{"kind": "transfer", "from": "Ann", "to": "pot", "amount": 10}]
    assert ledger.balance(l, "Ann") == 140 and ledger.balance(l, "pot") == 40
    l, _ = ledger.transfer(l, "pot", "Bo", 40)
    l, _ = ledger.transfer(l, "supply", "pot", 30)
    assert ledger.balance(l, "Bo") == 190 and ledger.balance(l, "pot") == 30 and ledger.conserved(l)
    l, _ = ledger.transfer(l, "board", "supply", 30)
    assert ledger.balance(l, "board") == 0 and l["supply_out"] == 30 and ledger.conserved(l)


def test_overdraft_with_loan_takes_one_loan_of_100():
    """Paying 10 holding 0 with loans of 100: one loan, then the player holds 90 and owes 100."""
    l = ledger.new_ledger(["A", "B"], 0)
    l, events = ledger.transfer(l, "A", "pot", 10, loan=100)
    assert events == [{"kind": "loan", "player": "A", "amount": 100},
                      {"kind": "transfer", "from": "A", "to": "pot", "amount": 10}]
    assert ledger.balance(l, "A") == 90 and ledger.loans(l, "A") == 100 and ledger.money(l, "A") == -10
    assert ledger.loans(l, "B") == 0 and ledger.conserved(l)


def test_overdraft_takes_as_many_loans_as_needed():
    """Paying 250 holding 30: three loans of 100, then 80 left."""
    l = ledger.new_ledger(["A", "B"], 30)
    l, events = ledger.transfer(l, "A", "B", 250, loan=100)
    assert [e["kind"] for e in events] == ["loan", "loan", "loan", "transfer"]
    assert ledger.balance(l, "A") == 80 and ledger.loans(l, "A") == 300 and ledger.money(l, "A") == -220
    assert ledger.money(l, "B") == 280 and ledger.conserved(l)


def test_loan_only_when_needed():
    """A player who can pay takes no loan even when one is offered."""
    l, events = ledger.transfer(guess_club(), "Ann", "pot", 150, loan=100)
    assert len(events) == 1 and ledger.loans(l, "Ann") == 0 and ledger.balance(l, "Ann") == 0


def test_overdraft_refused_without_loan():
    """Paying more than you hold, with no loan named, is refused and names the shortfall."""
    err = assert_call_refused("ledger.overdraft", ledger.transfer, guess_club(), "Ann", "pot", 160)
    assert err.params == {"player": "Ann", "amount": 160, "balance": 150}


@pytest.mark.parametrize("source,key", [("pot", "ledger.pot_short"), ("board", "ledger.board_short")])
def test_pot_and_board_cannot_borrow(source, key):
    """The pot and the board pay only what they hold, loan or not."""
    err = assert_call_refused(key, ledger.transfer, guess_club(), source, "Ann", 40, 100)
    assert err.params == {"amount": 40, "balance": 30}


@pytest.mark.parametrize("amount", [0, -10, 15, 10.0, True, "10"])
def test_amount_must_be_positive_unit_multiple(amount):
    """Amounts are positive whole multiples of the chip unit."""
    err = assert_call_refused("ledger.not_unit", ledger.transfer, guess_club(), "Ann", "pot", amount)
    assert err.params["unit"] == 10


@pytest.mark.parametrize("source,dest", [("Zed", "pot"), ("Ann", "bank"), (["Ann"], "pot")])
def test_unknown_account_refused(source, dest):
    """Only the players, the pot, the board and the supply are accounts."""
    assert_call_refused("ledger.unknown_account", ledger.transfer, guess_club(), source, dest, 10)


def test_same_account_and_bad_loan_refused():
    """Paying yourself and a loan not in chip units are refused."""
    assert_call_refused("ledger.same_account", ledger.transfer, guess_club(), "pot", "pot", 10)
    assert_call_refused("ledger.same_account", ledger.transfer, guess_club(), "supply", "supply", 10)
    for loan in (0, 105, -100, "100"):
        assert_call_refused("ledger.loan_invalid", ledger.transfer, guess_club(), "Ann", "pot", 200, loan)


def test_queries_refuse_unknown_accounts():
    """Balance knows no supply; loans and money are for players only."""
    l = guess_club()
    assert_call_refused("ledger.unknown_account", ledger.balance, l, "supply")
    assert_call_refused("ledger.unknown_account", ledger.loans, l, "pot")
    assert_call_refused("ledger.unknown_account", ledger.money, l, "Zed")


@pytest.mark.parametrize("args,kwargs,key", [
    ((PLAYERS, 150), {"unit": 0}, "ledger.unit_invalid"),
    ((PLAYERS, 150), {"unit": 2.5}, "ledger.unit_invalid"),
    ((["A", "A"], 150), {}, "ledger.players_invalid"),
    ((["A", "pot"], 150), {}, "ledger.players_invalid"),
    (([], 150), {}, "ledger.players_invalid"),
    ((PLAYERS, 155), {}, "ledger.setup_invalid"),
    ((PLAYERS, 150), {"pot": -10}, "ledger.setup_invalid"),
    ((PLAYERS, 150), {"board": 5}, "ledger.setup_invalid"),
])
def test_bad_ledger_refused(args, kwargs, key):
    """A ledger needs a positive unit, proper player names and starting amounts in units."""
    assert_call_refused(key, ledger.new_ledger, *args, **kwargs)


def test_transfer_never_mutates_and_state_is_json():
    """A transfer returns a new ledger and leaves the old one as it was; the state is plain JSON."""
    l = guess_club()
    snap = copy.deepcopy(l)
    m, _ = ledger.transfer(l, "Ann", "Bo", 200, loan=100)
    assert l == snap
    assert json.loads(json.dumps(m)) == m


def test_conserved_notices_money_from_nowhere():
    """Chips that appear outside a transfer break the conservation check."""
    l = guess_club()
    l["chips"]["Ann"] += 10
    assert not ledger.conserved(l)


def test_translations_cover_every_key_raised():
    """Both languages have the same mechanics keys, and every literal key the mechanics raise is there."""
    tables = domain_files("mechanics.json")
    assert set(tables["en"]) == set(tables["zh-CN"])
    for name in ("timer", "race", "vote", "ledger"):
        source = (ROOT / "scoring" / "mechanics" / f"{name}.py").read_text(encoding="utf-8")
        for key in re.findall(r'RuleError\(\s*"([\w.]+)"', source):
            assert key in tables["en"], key
    for lang, table in tables.items():
        for key, template in table.items():
            assert template.strip() and key.split(".")[0] in ("timer", "race", "vote", "ledger")


ACCOUNTS = ["A", "B", "C", "pot", "board", "supply"] * 3 + ["nobody"]
AMOUNTS = st.one_of(st.integers(1, 30).map(lambda n: n * 10), st.integers(1, 30).map(lambda n: n * 10),
                    st.integers(-20, 400))
transfers = st.lists(st.tuples(st.sampled_from(ACCOUNTS), st.sampled_from(ACCOUNTS), AMOUNTS,
                               st.sampled_from([None, 100, 50])), max_size=30)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 30), st.integers(0, 10), st.integers(0, 10), transfers)
def test_random_transfers_conserve_money(start, pot, board, seq):
    """Random transfers (loans, supply in and out) raise only RuleError, never go negative, and conserve money."""
    l = ledger.new_ledger(["A", "B", "C"], start * 10, pot=pot * 10, board=board * 10)
    for source, dest, amount, loan in seq:
        before = copy.deepcopy(l)
        try:
            l, events = ledger.transfer(l, source, dest, amount, loan)
        except RuleError:
            assert l == before
            continue
        borrowed = sum(e["amount"] for e in events if e["kind"] == "loan")
        assert events[-1] == {"kind": "transfer", "from": source, "to": dest, "amount": amount}
        if source in ("A", "B", "C"):
            assert ledger.balance(l, source) == ledger.balance(before, source) + borrowed - amount
            assert ledger.loans(l, source) == ledger.loans(before, source) + borrowed
        else:
            assert borrowed == 0
        assert ledger.conserved(l)
        for account in ("A", "B", "C", "pot", "board"):
            assert ledger.balance(l, account) >= 0 and ledger.balance(l, account) % 10 == 0
    assert sum(ledger.money(l, p) for p in "ABC") + l["pot"] + l["board"] == (
        start * 30 + l["supply_in"] - l["supply_out"])
