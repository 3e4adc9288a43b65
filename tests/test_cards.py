"""Card combinations: Bacon readings with wild cards, what beats what, Rummy melds and lay-offs."""

import pytest

from scoring.core import RuleError
from tests.helpers import assert_same_keys, assert_translated
from validators.cards import Combo, beats, card_name, classify, lay_off, meld, meld_order, readings, rummy_code


@pytest.mark.parametrize("cards,combo", [
    (["7A"], Combo("single", 1, 7)),
    (["X"], Combo("single", 1, 11)),
    (["5A", "5B"], Combo("pair", 2, 5)),
    (["5A", "5B", "5C"], Combo("triple", 3, 5)),
    (["3A", "4B", "5C"], Combo("run", 3, 5)),
    (["3A", "4B", "5C", "6A"], Combo("run", 4, 6)),
    (["3A", "4B", "5C", "6A", "7A"], Combo("run", 5, 7)),
    (["3A", "4B", "5C", "6A", "7A", "8B"], Combo("run", 6, 8)),
    (["2A", "2B", "3A", "3C"], Combo("pairs", 4, 3)),
    (["2A", "2B", "3A", "3C", "4A", "4B"], Combo("pairs", 6, 4)),
    (["2A", "2B", "2C", "3A", "3B", "3C"], Combo("triples", 6, 3)),
    (["9A", "9B", "9C", "9A"], Combo("four", 4, 9, 1)),
    (["3A", "4A", "5A", "6A", "7A"], Combo("flush5", 5, 7, 2)),
    (["9A", "9B", "9C", "9A", "9B"], Combo("five", 5, 9, 3)),
    (["3A", "4A", "5A", "6A", "7A", "8A"], Combo("flush6", 6, 8, 4)),
    (["9A", "9B", "9C", "9A", "9B", "9C"], Combo("six", 6, 9, 5)),
])
def test_the_ten_types_and_five_bombs(cards, combo):
    """Each ordinary type and each bomb is recognised with its size, rank and class."""
    assert classify(cards) == combo


@pytest.mark.parametrize("cards,combo", [
    (["4A", "5B", "X"], Combo("run", 3, 6)),
    (["9A", "10B", "X"], Combo("run", 3, 11)),
    (["X", "X"], Combo("pair", 2, 11)),
    (["5A", "5B", "X"], Combo("triple", 3, 5)),
    (["1A", "2A", "3A", "X", "5A"], Combo("flush5", 5, 5, 2)),
    (["7A", "7B", "X", "X"], Combo("four", 4, 7, 1)),
])
def test_wilds_take_the_best_reading(cards, combo):
    """A wild is any rank 1–11 and any suit, read to the best combination."""
    assert classify(cards) == combo


def test_all_readings_listed_best_first():
    """A straight flush is also a run; the bomb comes first."""
    assert readings(["3A", "4A", "5A", "6A", "7A"]) == [Combo("flush5", 5, 7, 2), Combo("run", 5, 7)]


@pytest.mark.parametrize("cards", [["3A", "5B"], ["3A", "4B", "6C"], ["1A", "2B", "3C", "4A", "5B", "6C", "7A"],
                                   ["2A", "2B", "3A", "4C"], ["5A", "5B", "6A", "6B", "6C", "7A"], []])
def test_non_combinations(cards):
    """Cards that form no combination classify as None."""
    assert classify(cards) is None


@pytest.mark.parametrize("cards,key", [
    (["11A"], "cards.card_unknown"), (["5D"], "cards.card_unknown"), (["5A", "5A", "5A"], "cards.too_many_copies"),
    (["X"] * 9, "cards.too_many_copies"), ("5A", "cards.not_a_list"),
])
def test_impossible_cards_refused(cards, key):
    """Unknown cards, more copies than the deck, and a bare string are refused."""
    with pytest.raises(RuleError) as err:
        classify(cards)
    assert err.value.key == key
    assert_translated(key, err.value.params)


@pytest.mark.parametrize("table,played,ok,key", [
    ([], ["5A", "5B"], True, "cards.lead"),
    ([], ["5A", "6B"], False, "cards.not_a_combo"),
    (["5A", "5B"], ["6A", "X"], True, "cards.beats.higher"),
    (["5A", "5B"], ["5C", "X"], False, "cards.not_beats.lower"),
    (["3A", "4B", "5C"], ["3A", "4B", "5C", "6A"], False, "cards.not_beats.type"),
    (["2A", "3B", "4C"], ["4A", "5B", "X"], True, "cards.beats.higher"),
    (["10A", "10B"], ["2A", "2B", "2C", "2A"], True, "cards.beats.bomb"),
    (["2A", "2B", "2C", "2A"], ["3A", "4A", "5A", "6A", "7A"], True, "cards.beats.bigger_bomb"),
    (["2A", "2B", "2C", "2A"], ["3A", "3B", "3C", "3A"], True, "cards.beats.higher"),
    (["3A", "4A", "5A", "6A", "7A"], ["9A", "9B", "9C", "9A"], False, "cards.not_beats.bomb"),
    (["3A", "4A", "5A", "6A", "7A"], ["3B", "4C", "5A", "6A", "8B"], False, "cards.not_a_combo"),
    (["3A", "4A", "5A", "6A", "7A"], ["5B", "6B", "7B", "8B", "9B"], True, "cards.beats.higher"),
    (["8A"], ["X"], True, "cards.beats.higher"),
])
def test_what_beats_what(table, played, ok, key):
    """Same type, same size, higher rank; bombs over anything ordinary and over lower bombs."""
    result, reason = beats(table, played)
    assert (result, reason["key"]) == (ok, key)
    assert_translated(key, reason["params"])


def test_wild_read_to_beat_and_table_type_named():
    """Played wilds take whichever reading beats; the table may say what its cards were played as."""
    assert beats(["3A", "4B", "5C"], ["X", "X", "X"]) == (True, {"key": "cards.beats.higher", "params": {
        "played_type": "run", "played_size": 3, "played_rank": 11, "table_type": "run", "table_size": 3,
        "table_rank": 5}})
    table = ["4A", "4B", "5A", "5B", "X", "X"]
    assert beats(table, ["5C", "5C", "6A", "6B", "6C", "X"])[0] is False
    assert beats(table, ["5C", "5C", "6A", "6B", "6C", "X"], table_type="triples")[0] is True
    with pytest.raises(RuleError) as err:
        beats(["4A", "5B", "6C"], ["7A"], table_type="pair")
    assert err.value.key == "cards.table_not_type"
    with pytest.raises(RuleError) as err:
        beats(["4A", "6B"], ["7A"])
    assert err.value.key == "cards.table_not_combo"


@pytest.mark.parametrize("cards,high,expected", [
    (["7H", "7S", "7D"], True, {"kind": "set", "low_ace": False}),
    (["7H", "7S", "7D", "7C"], True, {"kind": "set", "low_ace": False}),
    (["4H", "5H", "6H", "7H"], True, {"kind": "run", "low_ace": False}),
    (["AH", "2H", "3H"], True, {"kind": "run", "low_ace": True}),
    (["QH", "KH", "AH"], True, {"kind": "run", "low_ace": False}),
    (["QH", "KH", "AH"], False, None),
    (["KH", "AH", "2H"], True, None),
    (["4H", "5H", "6S"], True, None),
    (["4H", "5H"], True, None),
    (["4H", "4H", "4S"], True, None),
    (["4H", "6H", "7H"], True, None),
])
def test_rummy_melds(cards, high, expected):
    """Runs in suit with the ace low or (if allowed) high, never round the corner; sets of 3–4."""
    assert meld(cards, high) == expected


def test_lay_off_finds_a_placement():
    """Extra cards go onto melds so that every meld stays valid, chains included; impossible ones give None."""
    melds = [["7H", "7S", "7D"], ["4H", "5H", "6H"]]
    assert lay_off(melds, ["9H"]) is None
    placed = lay_off([["7S", "7D", "7C"], ["4H", "5H", "6H"]], ["8H", "7H", "9H"])
    assert placed == [["7S", "7D", "7C", "7H"], ["4H", "5H", "6H", "8H", "9H"]] or \
        placed == [["7S", "7D", "7C"], ["4H", "5H", "6H", "8H", "7H", "9H"]]
    assert lay_off(melds, ["2S"]) is None
    assert rummy_code("10h") == "10H" and rummy_code("as") == "AS"
    assert [card_name(c) for c in ("10H", "AS", "QD", "2C")] == ["10♥", "A♠", "Q♦", "2♣"]
    assert rummy_code("A♥") == "AH" and rummy_code(card_name("10C")) == "10C"
    with pytest.raises(RuleError):
        rummy_code("1H")


def test_translation_files_have_the_same_keys():
    """Both languages define exactly the same keys."""
    assert_same_keys("cards.json")


@pytest.mark.parametrize("cards, high, expected", [
    (["7S", "9S", "8S"], True, ["7S", "8S", "9S"]),
    (["QS", "AS", "KS"], True, ["QS", "KS", "AS"]),         # the engine reads this run with the ace high
    (["3S", "AS", "2S"], True, ["AS", "2S", "3S"]),         # and this one with it low
    (["QS", "AS", "KS"], False, ["AS", "QS", "KS"]),        # aces only low: no meld, read by rank
    (["AS", "KS"], True, ["KS", "AS"]),                     # on its way to Q-K-A
    (["AS", "2S"], True, ["AS", "2S"]),
    (["7C", "7S", "7D", "7H"], True, ["7S", "7H", "7D", "7C"]),
    (["AC", "AH", "AS"], True, ["AS", "AH", "AC"]),
    ([], True, [])])
def test_a_meld_reads_as_it_lies_on_the_table(cards, high, expected):
    """A meld tapped 7♠ 9♠ 8♠ read so on the screen: it reads as it lies on the table, a run by rank (the ace
    where the engine reads it), a set by suit (♠ ♥ ♦ ♣)."""
    assert [cards[i] for i in meld_order(cards, high)] == expected
