"""Table votes: ballots, tie rules (Knit Wit: yes ≥ no keeps the answer), closing early, refusals, purity."""

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core import RuleError
from scoring.mechanics import vote
from tests.helpers import assert_call_refused

TABLE = ["Ann", "Bo", "Cy", "Di"]


def vote_all(ballots, tie="yes"):
    """A vote of TABLE with the given ballots cast in order."""
    v = vote.new_vote(TABLE, tie)
    for voter, yes in zip(TABLE, ballots):
        v = vote.cast(v, voter, yes)
    return v


def test_outcome_waits_for_every_voter():
    """No outcome until every voter has voted."""
    v = vote_all([True, True, True])
    assert not vote.is_complete(v) and vote.outcome(v) is None
    v = vote.cast(v, "Di", False)
    assert vote.is_complete(v) and vote.tally(v) == {"yes": 3, "no": 1} and vote.outcome(v) is True


def test_ballots_cast_in_either_order_give_the_same_vote():
    """Ballots stand in the voters' order: two cast at once give the same vote whichever is read first."""
    one = vote.cast(vote.cast(vote.new_vote(TABLE), "Cy", True), "Ann", False)
    other = vote.cast(vote.cast(vote.new_vote(TABLE), "Ann", False), "Cy", True)
    assert one == other and one["ballots"] == [["Ann", False], ["Cy", True]]


def test_knit_wit_challenge_tie_keeps_the_answer():
    """Knit Wit: everyone votes; 2 yes, 2 no is a tie and the answer stays valid."""
    v = vote_all([True, False, True, False])
    assert vote.tally(v) == {"yes": 2, "no": 2} and vote.outcome(v) is True


def test_knit_wit_challenge_more_no_scores_zero():
    """No > yes: the answer is ruled invalid."""
    assert vote.outcome(vote_all([False, False, True, False])) is False


def test_tie_rule_no_fails_a_tie():
    """With tie rule "no" a tie fails; a majority still decides."""
    assert vote.outcome(vote_all([True, False, False, True], tie="no")) is False
    assert vote.outcome(vote_all([True, True, False, True], tie="no")) is True
    assert vote.new_vote(TABLE).get("tie") == "yes"


def test_close_decides_on_the_ballots_cast():
    """Closing early decides now; no ballots is a tie settled by the tie rule."""
    v = vote.close(vote_all([False, True, False]))
    assert vote.outcome(v) is False and vote.is_decided(v) and not vote.is_complete(v)
    assert vote.outcome(vote.close(vote.new_vote(TABLE))) is True
    assert vote.outcome(vote.close(vote.new_vote(TABLE, "no"))) is False
    assert vote.close(v) == v
    assert_call_refused("vote.closed", vote.cast, v, "Di", True)


def test_ballots_stay_sealed_until_every_voter_has_voted():
    """Ann yes, Bo no, Cy yes: each sees who voted and only their own ballot, the table sees none, no count
    shows; Di's ballot reveals all four together with the outcome."""
    v = vote_all([True, False, True])
    assert vote.sealed(v, "Bo")["ballots"] == [["Ann", None], ["Bo", False], ["Cy", None]]
    assert vote.sealed(v, "Di")["ballots"] == [["Ann", None], ["Bo", None], ["Cy", None]]
    assert vote.sealed(v, None)["ballots"] == [["Ann", None], ["Bo", None], ["Cy", None]]
    assert vote.tally(vote.sealed(v, "Bo")) == {"yes": 0, "no": 1} and vote.outcome(vote.sealed(v, None)) is None
    done = vote.cast(v, "Di", False)
    assert vote.sealed(done, None) == done and vote.outcome(vote.sealed(done, "Ann")) is True


def test_a_closed_vote_shows_its_ballots():
    """Closed early, the ballots cast are shown with the outcome."""
    v = vote.close(vote_all([False, True]))
    assert vote.sealed(v, None)["ballots"] == [["Ann", False], ["Bo", True]]


def test_double_vote_refused():
    """A voter votes once."""
    v = vote_all([True])
    assert vote.has_voted(v, "Ann") and not vote.has_voted(v, "Bo")
    err = assert_call_refused("vote.already_voted", vote.cast, v, "Ann", False)
    assert err.params == {"voter": "Ann"}


def test_non_voter_refused():
    """Only the voters vote."""
    err = assert_call_refused("vote.not_voter", vote.cast, vote.new_vote(["Ann", "Bo"]), "Cy", True)
    assert err.params == {"voter": "Cy"}


@pytest.mark.parametrize("ballot", [1, "yes", None])
def test_ballot_must_be_yes_or_no(ballot):
    """A ballot is True or False, nothing else."""
    assert_call_refused("vote.ballot_invalid", vote.cast, vote.new_vote(TABLE), "Ann", ballot)


@pytest.mark.parametrize("voters,tie,key", [
    ([], "yes", "vote.voters_invalid"),
    (["A", "A"], "yes", "vote.voters_invalid"),
    (("A", "B"), "yes", "vote.voters_invalid"),
    (["A", None], "yes", "vote.voters_invalid"),
    (["A"], "maybe", "vote.tie_invalid"),
    (["A"], True, "vote.tie_invalid"),
])
def test_bad_vote_refused(voters, tie, key):
    """A vote needs distinct voters and a known tie rule."""
    assert_call_refused(key, vote.new_vote, voters, tie)


def test_functions_never_mutate_inputs_and_state_is_json():
    """Every function returns a new dict; the state survives a JSON round trip."""
    voters = ["A", "B"]
    v = vote.new_vote(voters)
    snap = copy.deepcopy(v)
    w = vote.cast(v, "A", True)
    vote.close(v), vote.tally(v), vote.outcome(v), vote.sealed(w, "B")
    assert v == snap and voters == ["A", "B"]
    assert json.loads(json.dumps(w)) == w


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(TABLE + ["Eve"]), st.booleans()), max_size=10),
       st.sampled_from(["yes", "no"]))
def test_random_ballots_follow_the_majority(seq, tie):
    """Random ballots raise only RuleError; the tally counts each voter once and the outcome follows it."""
    v = vote.new_vote(TABLE, tie)
    first = {}
    for voter, yes in seq:
        try:
            v = vote.cast(v, voter, yes)
        except RuleError:
            continue
        first.setdefault(voter, yes)
    count = vote.tally(v)
    assert count == {"yes": sum(first.values()), "no": len(first) - sum(first.values())}
    decided = vote.outcome(vote.close(v))
    assert decided == (count["yes"] > count["no"] or (count["yes"] == count["no"] and tie == "yes"))
