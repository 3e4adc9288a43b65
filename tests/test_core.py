"""The engine contract: options, players, rule errors, ranking, seeded randomness, the registry."""

from collections import OrderedDict

import pytest

from scoring.core import (BOOL, CHOICE, INT, INT_LIST, Game, Line, Option, RuleError, Scoreboard, clone, engine, games,
                          make_scoreboard, rank, rng)


def test_rank_shares_places():
    """Equal keys share a place; order is best first."""
    assert rank({"A": (10,), "B": (12,), "C": (10,)}) == [["B"], ["A", "C"]]


def test_scoreboard_totals_breakdown_and_tiebreak():
    """Totals are sums of the breakdown; a tiebreak separates equal totals and is reported."""
    board = make_scoreboard("x", ["A", "B"], {"A": [Line("p", 3), Line("q", 2)], "B": [Line("p", 5)]},
                            tiebreaks={"A": (7,), "B": (6,)})
    assert board.total("A") == 5 and board.total("B") == 5
    assert board.ranking == (("A",), ("B",))
    assert board.winners == ("A",)
    assert board.tiebreak_used
    out = board.to_json()
    assert out["players"][0]["breakdown"] == [{"key": "p", "points": 3, "params": {}},
                                              {"key": "q", "points": 2, "params": {}}]


def test_tied_values_name_who_the_tiebreak_compared():
    """The players tied on points with the winner, best first, each with the tie-break's first value; a player
    behind on points is not named, and without a tie there is nothing to say but the winner's own value."""
    board = make_scoreboard("x", ["A", "B", "C"], {"A": [Line("p", 5)], "B": [Line("p", 5)], "C": [Line("p", 2)]},
                            tiebreaks={"A": (1, 9), "B": (3, 0), "C": (8, 0)})
    assert board.tied_values() == {"B": 3, "A": 1}
    assert list(board.tied_values()) == ["B", "A"]
    assert make_scoreboard("x", ["A"], {"A": []}).tied_values() == {}


def test_a_rounds_points_are_its_totals_less_the_round_befores_or_the_start():
    """`Scoreboard.of_round`: what each player scored in a round (a round added is said with them); the first
    round's from the totals before it (starting money), none for a round not kept."""
    board = make_scoreboard("x", ["A", "B"], {"A": [Line("p", 9)], "B": [Line("p", 2)]},
                            rounds=[{"A": 15, "B": 10}, {"A": 19, "B": 2}], start={"A": 10, "B": 10})
    assert [board.of_round(n) for n in (1, 2)] == [{"A": 5, "B": 0}, {"A": 4, "B": -8}]
    assert board.of_round(0) == board.of_round(3) == {}
    assert make_scoreboard("x", ["A"], {"A": []}, rounds=[{"A": 3}]).of_round(1) == {"A": 3}


def test_scoreboard_shared_win_without_tiebreak():
    """A tie with no tiebreak shares the win."""
    board = make_scoreboard("x", ["A", "B"], {"A": [Line("p", 4)], "B": [Line("p", 4)]})
    assert board.winners == ("A", "B") and not board.tiebreak_used


def test_places_count_sides_a_team_sharing_one_place():
    """Players tied share a place and the next is skipped (1, 1, 3); in a team game a team is one side: two teams
    of two are 1, 1, 2, 2 (Bacon's losing team read 3rd of two), three of three tied first then one team 1, 1, 1,
    1, 1, 1, 3."""
    assert Scoreboard("x", (), (("A", "B"), ("C",)), ()).places() == {"A": 1, "B": 1, "C": 3}
    teams = (("A", "C"), ("B", "D"))
    assert Scoreboard("x", (), (("A", "C"), ("B", "D")), (), teams=teams).places() == {"A": 1, "C": 1, "B": 2, "D": 2}
    teams = (("A", "B"), ("C", "D"), ("E", "F"))
    board = Scoreboard("x", (), (("A", "B", "C", "D"), ("E", "F")), (), teams=teams)
    assert board.places() == {"A": 1, "B": 1, "C": 1, "D": 1, "E": 3, "F": 3}


def test_rng_is_fixed_by_seed_and_salt():
    """Same seed and salt give the same draws; another salt gives others."""
    assert rng(7, "deal", 1).random() == rng(7, "deal", 1).random()
    assert rng(7, "deal", 1).random() != rng(7, "deal", 2).random()


@pytest.mark.parametrize("opt,value,key", [
    (Option("b", True, BOOL), 1, "core.option_invalid"),
    (Option("n", 3, INT, minimum=1, maximum=5), 6, "core.option_range"),
    (Option("n", 3, INT, minimum=1, maximum=5), True, "core.option_range"),
    (Option("n", 3, INT, minimum=1), 0, "core.option_invalid"),
    (Option("c", "A", CHOICE, choices=("A", "B")), "C", "core.option_invalid"),
    (Option("l", [1, 2], INT_LIST, length=2, minimum=0), [1, -1], "core.option_invalid"),
    (Option("l", [1, 2], INT_LIST, length=2), [1], "core.option_invalid"),
    (Option("l", [1, 2], INT_LIST, length=2, minimum=0, maximum=9), [1], "core.option_range_list"),
])
def test_option_refuses_out_of_range(opt, value, key):
    """Out-of-range option values are refused with the option named, and a whole number's (or a list's of so many)
    with the range it takes where it has one ("cannot be 5oo" left the table guessing what it could be)."""
    with pytest.raises(RuleError) as err:
        opt.check(value)
    assert err.value.key == key and err.value.params["option"] == opt.name
    if key != "core.option_invalid":
        assert (err.value.params["min"], err.value.params["max"]) == (opt.minimum, opt.maximum)


def test_resolve_options_defaults_and_unknown():
    """Missing options take defaults; unknown ones are refused."""
    game = Game("g", {"en": "G", "zh-CN": "G"}, 2, 4, (Option("n", 3, INT),))
    assert game.resolve_options({}) == {"n": 3}
    with pytest.raises(RuleError) as err:
        game.resolve_options({"m": 1})
    assert err.value.key == "core.option_unknown"


@pytest.mark.parametrize("players,key", [
    (["A"], "core.player_count"),
    (["A", "A"], "core.player_duplicate"),
    (["Ann", "ann"], "core.player_duplicate"),
    (["Ann", "Ａｎｎ"], "core.player_duplicate"),
    (["Ann", "Ann\u200b"], "core.player_duplicate"),
    (["A", ""], "core.players_invalid"),
    (["A", "table"], "core.player_reserved"),
])
def test_players_checked(players, key):
    """Player lists of the wrong size, with duplicates (in any case or width, as the roster reads names) or blanks
    are refused."""
    game = Game("g", {"en": "G", "zh-CN": "G"}, 2, 4)
    with pytest.raises(RuleError) as err:
        game.check_players(players)
    assert err.value.key == key


def test_apply_refuses_unknown_action_and_stranger_without_change():
    """Unknown types and unknown players are refused; the state is untouched."""
    eng = engine("tally")
    state = eng.new_state(["A", "B"])
    before = repr(state)
    for action, key in [({"type": "fly", "by": "A"}, "core.action_unknown"),
                        ({"type": "score", "by": "Z", "points": 1}, "core.player_unknown"),
                        ("score", "core.action_not_object"),
                        ({"type": "score", "by": "B", "points": 1}, "tally.not_your_turn")]:
        with pytest.raises(RuleError) as err:
            eng.apply(state, action)
        assert err.value.key == key
    assert repr(state) == before


def test_apply_never_mutates_input():
    """apply returns a new state and leaves its input as it was."""
    eng = engine("tally")
    state = eng.new_state(["A", "B"])
    before = repr(state)
    after = eng.apply(state, {"type": "score", "by": "A", "points": 4})
    assert repr(state) == before and after["points"]["A"] == [4]


def test_registry_lists_games():
    """The registry finds engines by id."""
    assert "tally" in [g.id for g in games()]
    with pytest.raises(RuleError):
        engine("no_such_game")


def test_clone_copies_plain_data_whole_and_walks_what_marshal_does_not_take():
    """`clone` gives equal data sharing nothing with the original: a list met twice is two lists (as the walk gave),
    tuples, sets and int keys stay as they were; a subclass (here of str) is still copied through the walk."""
    shared = [1, 2]
    data = {"a": shared, "b": shared, 3: (shared, "x"), "s": {1, 2}, "f": 1.5, "t": True, "n": None}
    copied = clone(data)
    assert copied == data and copied["a"] is not shared and copied["a"] is not copied["b"]
    assert copied[3][0] is not shared and type(copied[3]) is tuple and type(copied["s"]) is set
    copied["a"].append(3)
    assert data["a"] == [1, 2] and copied["b"] == [1, 2]
    odd = {"o": OrderedDict(k=[1]), "w": [type("Word", (str,), {})("hi")]}
    again = clone(odd)
    assert again == odd and type(again["o"]) is OrderedDict and again["o"]["k"] is not odd["o"]["k"]
