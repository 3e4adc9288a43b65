"""Bonus race: claims in order, declines, closing, refusals, purity and conservation of the rewards."""

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core import RuleError
from scoring.mechanics import race
from tests.helpers import assert_call_refused


def test_knit_wit_four_players_three_buttons():
    """4 players race for [3, 2, 1]: claims take the top in order; the last button ends the race."""
    r = race.new_race([3, 2, 1], ["A", "B", "C", "D"])
    r, got = race.claim(r, "C")
    assert got == 3 and race.is_locked(r, "C") and not race.is_over(r)
    r, got = race.claim(r, "A")
    assert got == 2 and race.remaining(r) == [1]
    r, got = race.claim(r, "D")
    assert got == 1 and race.is_over(r) and race.remaining(r) == []
    assert race.claims(r) == [["C", 3], ["A", 2], ["D", 1]]
    assert race.reward_of(r, "A") == 2 and race.reward_of(r, "B") is None
    assert not race.is_locked(r, "B")
    assert_call_refused("race.closed", race.claim, r, "B")


def test_pictomania_declines_end_the_race_when_everyone_stopped():
    """A player may stop without a tile; when everyone has claimed or stopped, the race is over."""
    r = race.new_race([3, 3], ["A", "B", "C"])
    r = race.decline(r, "B")
    assert race.is_locked(r, "B") and race.reward_of(r, "B") is None and race.declined(r) == ["B"]
    r, got = race.claim(r, "A")
    assert got == 3 and not race.is_over(r)
    r = race.decline(r, "C")
    assert race.is_over(r) and race.remaining(r) == [3]
    assert_call_refused("race.closed", race.decline, r, "C")


def test_more_rewards_than_players_ends_when_all_locked():
    """Every player claimed: the race is over though rewards remain."""
    r, _ = race.claim(race.new_race([4, 3, 2, 1], ["A"]), "A")
    assert race.is_over(r) and race.remaining(r) == [3, 2, 1]


def test_close_ends_the_race_and_is_idempotent():
    """A race closed by another rule refuses later claims; closing twice changes nothing more."""
    r = race.close(race.new_race([2, 1], ["A", "B", "C"]))
    assert race.is_over(r)
    assert_call_refused("race.closed", race.claim, r, "A")
    assert race.close(r) == r


def test_empty_stack_is_over_from_the_start():
    """No rewards at all: nothing to race for."""
    assert race.is_over(race.new_race([], ["A", "B"]))


def test_locked_player_refused():
    """A player who claimed or declined cannot claim or decline again."""
    r, _ = race.claim(race.new_race([4, 3, 2, 1], ["A", "B", "C", "D", "E"]), "A")
    r = race.decline(r, "B")
    for player in ("A", "B"):
        err = assert_call_refused("race.locked", race.claim, r, player)
        assert err.params == {"player": player}
        assert_call_refused("race.locked", race.decline, r, player)


def test_unknown_player_refused():
    """Someone not in the race cannot claim."""
    r = race.new_race([2, 1], ["A", "B", "C"])
    assert_call_refused("race.player_unknown", race.claim, r, "Z")
    assert_call_refused("race.player_unknown", race.decline, r, "Z")
    assert_call_refused("race.player_unknown", race.claim, race.close(r), "Z")


@pytest.mark.parametrize("rewards,players,key", [
    ((3, 2), ["A"], "race.rewards_invalid"),
    ([3, "2"], ["A"], "race.rewards_invalid"),
    ([True], ["A"], "race.rewards_invalid"),
    ([3], [], "race.players_invalid"),
    ([3], ["A", "A"], "race.players_invalid"),
    ([3], ["A", 2], "race.players_invalid"),
])
def test_bad_race_refused(rewards, players, key):
    """A race needs a list of whole-number rewards and distinct player names."""
    assert_call_refused(key, race.new_race, rewards, players)


def test_functions_never_mutate_inputs_and_state_is_json():
    """Every function returns a new dict; the state survives a JSON round trip."""
    rewards, players = [2, 1], ["A", "B", "C"]
    r = race.new_race(rewards, players)
    assert rewards == [2, 1] and players == ["A", "B", "C"]
    snap = copy.deepcopy(r)
    s, _ = race.claim(r, "A")
    race.decline(r, "B"), race.close(r)
    assert r == snap
    race.claims(s).append(["X", 9])
    race.remaining(s).append(9)
    assert race.claims(s) == [["A", 2]] and race.remaining(s) == [1]
    assert json.loads(json.dumps(s)) == s


steps = st.lists(st.tuples(st.sampled_from(["claim", "decline", "close"]),
                           st.sampled_from(["A", "B", "C", "D", "Z"])), max_size=20)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-3, 9), max_size=6), steps)
def test_rewards_claimed_plus_remaining_equal_the_start(stack, seq):
    """Random claims raise only RuleError; claimed rewards then the remaining ones are the start stack."""
    r = race.new_race(stack, ["A", "B", "C", "D"])
    for kind, who in seq:
        before = copy.deepcopy(r)
        try:
            if kind == "claim":
                r, _ = race.claim(r, who)
            elif kind == "decline":
                r = race.decline(r, who)
            else:
                r = race.close(r)
        except RuleError:
            assert r == before
        claimed = [reward for _, reward in race.claims(r)]
        assert claimed + race.remaining(r) == stack
        holders = [who for who, _ in race.claims(r)] + race.declined(r)
        assert len(holders) == len(set(holders))
