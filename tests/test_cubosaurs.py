"""Cubosaurs: editable score rows, raptor pairing, egg majorities, DNA, rounds, tie-break, the official example."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core import RuleError, engine
from scoring.i18n import text
from scoring.games.cubosaurs import best_raptors, format_rows, parse_rows, same_type
from scoring.record import new_record, play, replay
from tests.helpers import assert_refused, assert_same_keys, assert_translated, cli_score, play_all
from views import words

CUBO = engine("cubosaurs")

PLAYERS = ["Ann", "Bo", "Cy"]
ROWS = "T-Rex: 4 1 -2 -5; Brontosaurus: 1 3 5 -1; Pentaceratops: -3 2 4 6"
EGGS = "Pentaceratops: 3 -3; T-Rex: 2 -2"


def raptor(colour, plus, minus):
    """One raptor card."""
    return {"colour": colour, "plus": plus, "minus": minus}


def rnd(**lines):
    """A round action; players not named collected nothing."""
    return {"type": "round", "by": "table", "lines": {p: lines.get(p, {}) for p in PLAYERS}}


def new(players=PLAYERS, **options):
    """A fresh state with full rows unless options say otherwise."""
    return engine("cubosaurs").new_state(players, {"rows": ROWS, "eggs": EGGS, **options})


EXAMPLE = {"dinos": {"Brontosaurus": 3, "Pentaceratops": 1}, "eggs": {"Pentaceratops": 1},
           "raptors": [raptor("black", 2, -2), raptor("grey", 3, -1), raptor("grey", 1, -1)]}


PENTA_ROW = {"type": "row", "by": "table", "kind": "dino", "name": "Pentaceratops", "values": [-3, 2, 4, 6]}


def test_official_example_scores_plus_three():
    """RULINGS §10: Brontosaurus ×3 +5, Pentaceratops ×1 −3, lost egg −3, pair 2+3, lone grey −1 → +3."""
    state = engine("cubosaurs").new_state(PLAYERS)
    state = engine("cubosaurs").apply(state, PENTA_ROW)
    state = engine("cubosaurs").apply(state, rnd(Ann=EXAMPLE, Bo={"dinos": {"Pentaceratops": 2}}))
    scores = engine("cubosaurs").round_scores(state, state["rounds"][0])
    assert scores["Ann"] == {"dinos": 2, "raptors": 4, "eggs": -3} and sum(scores["Ann"].values()) == 3


def test_rows_counted_with_four_or_more_as_four():
    """A type scores the row value of its count; 4+ uses the last value."""
    state = engine("cubosaurs").apply(new(), rnd(Ann={"dinos": {"T-Rex": 1}}, Bo={"dinos": {"T-Rex": 6}},
                                                 Cy={"dinos": {"T-Rex": 2, "Brontosaurus": 4}}))
    scores = engine("cubosaurs").round_scores(state, state["rounds"][0])
    assert [scores[p]["dinos"] for p in PLAYERS] == [4, -5, 1 - 1]


@pytest.mark.parametrize("raptors,total", [
    ([], 0),
    ([raptor("black", 2, -1)], -1),
    ([raptor("black", 2, -1), raptor("black", 3, -2), raptor("grey", 1, -1)], 3 + 1 - 1),
    ([raptor("black", 2, -1), raptor("black", 3, -2), raptor("grey", 1, -1), raptor("grey", 4, -3)], 2 + 3 + 1 + 4),
    ([raptor("grey", 2, -1), raptor("grey", 3, -2)], -3),
])
def test_raptors_pair_for_the_best_total(raptors, total):
    """Black with grey: paired cards score plus, lone ones minus; the best pairing is chosen."""
    assert best_raptors(raptors) == total


def test_egg_majority_ties_count_and_none_loses():
    """An egg scores plus with the most of its type (ties count), minus otherwise, and minus with none."""
    state = engine("cubosaurs").apply(new(), rnd(
        Ann={"dinos": {"Pentaceratops": 2}, "eggs": {"Pentaceratops": 2}},
        Bo={"dinos": {"Pentaceratops": 2}, "eggs": {"Pentaceratops": 1}},
        Cy={"dinos": {"Pentaceratops": 1}, "eggs": {"Pentaceratops": 1, "T-Rex": 1}}))
    scores = engine("cubosaurs").round_scores(state, state["rounds"][0])
    assert [scores[p]["eggs"] for p in PLAYERS] == [6, 3, -3 - 2]


def test_unknown_value_is_asked_then_recorded():
    """A needed '?' refuses the round naming type and count; a `row` action fills it in."""
    state = engine("cubosaurs").new_state(PLAYERS)
    action = rnd(Ann={"dinos": {"Brontosaurus": 1}})
    err = assert_refused("cubosaurs", state, action, "cubosaurs.value_unknown")
    assert err.params == {"type": "Brontosaurus", "count": 1, "more": False}
    err = assert_refused("cubosaurs", state, rnd(Ann={"dinos": {"Pentaceratops": 1}, "eggs": {"Pentaceratops": 1}}),
                         "cubosaurs.egg_value_unknown")
    assert err.params == {"type": "Pentaceratops", "majority": True}  # said in words, not "(majority: yes)":
    assert text("en", err.key, **err.params) == \
        "What does the Pentaceratops egg give with the majority? Enter that value first."
    assert "在占多数时是多少分" in text("zh-CN", err.key, **err.params)
    assert "without the majority" in text("en", err.key, **{**err.params, "majority": False})
    assert "在不占多数时是多少分" in text("zh-CN", err.key, **{**err.params, "majority": False})
    state = engine("cubosaurs").apply(state, {"type": "row", "by": "table", "kind": "dino", "name": "Brontosaurus",
                                              "values": [2, 3, 5, 7]})
    state = engine("cubosaurs").apply(state, action)
    assert engine("cubosaurs").scoreboard(state).total("Ann") == 2
    assert format_rows(state["rows"]).startswith("T-Rex: 4 1 -2 -5; Brontosaurus: 2 3 5 7")


def test_rows_text_parsing():
    """Rows read from text with '?' for unknowns; malformed text is refused when the session starts."""
    assert parse_rows("A: 1, -2 ? +3", 4, "rows") == {"A": [1, -2, None, 3]}
    assert parse_rows(format_rows({"A": [1, None, 3, 4]}), 4, "rows") == {"A": [1, None, 3, 4]}
    for bad in ("T-Rex 4 1 -2 -5", "T-Rex: 4 1 -2", "T-Rex: 4 1 x -5", "A: 1 1 1 1; A: 2 2 2 2"):
        with pytest.raises(RuleError) as err:
            engine("cubosaurs").new_state(PLAYERS, {"rows": bad})
        assert err.value.key == "cubosaurs.rows_invalid"
        assert_translated("cubosaurs.rows_invalid", err.value.params)


def test_rows_typed_with_a_chinese_keyboards_punctuation_read_as_typed_with_ascii():
    """"雷龙：3，－1、２；" is "雷龙: 3, -1, 2;" (each was refused); a malformed entry is still quoted as typed."""
    assert parse_rows("雷龙：3，－1、２ ？；剑龙：４ ０ ＋１ －５", 4, "rows") == {
        "雷龙": [3, -1, 2, None], "剑龙": [4, 0, 1, -5]}
    assert parse_rows("蛋：？，－３", 2, "eggs") == {"蛋": [None, -3]}
    assert parse_rows("A：B: 1 2 3 4", 4, "rows") == {"A：B": [1, 2, 3, 4]}
    with pytest.raises(RuleError) as refused:
        parse_rows("雷龙：3，－1", 4, "rows")
    assert refused.value.params == {"entry": "雷龙：3，－1", "count": 1}


def test_every_malformed_row_of_a_text_is_named_in_one_refusal():
    """Two rows typed wrong were named one at a time: the first, then, once mended, the second. Now both, quoted
    as typed and joined as the text joins them, with how many; a good row between them is not named."""
    with pytest.raises(RuleError) as err:
        parse_rows("T-Rex: 4 1 x -5; Brontosaurus: ? 3 5 ?; Pentaceratops: -3 ?", 4, "rows")
    assert err.value.key == "cubosaurs.rows_invalid"
    assert err.value.params == {"entry": "T-Rex: 4 1 x -5; Pentaceratops: -3 ?", "count": 2}
    assert text("en", "cubosaurs.rows_invalid", **err.value.params) == (
        "2 score rows should each read like “Name: 4 1 -2 -5” (a number or ? for each of 1, 2, 3 and 4+ cards): "
        "“T-Rex: 4 1 x -5; Pentaceratops: -3 ?”.")
    assert text("zh-CN", "cubosaurs.rows_invalid", **err.value.params).startswith("有 2 栏计分的格式不对")
    with pytest.raises(RuleError) as one:
        parse_rows("蛋: 1; 龙: 2 ?", 2, "eggs")
    assert one.value.params == {"entry": "蛋: 1", "count": 1}
    assert text("en", "cubosaurs.eggs_invalid", **one.value.params).startswith("1 egg row should read like")


def test_a_malformed_egg_row_is_refused_with_an_egg_rows_example_and_no_option_code():
    """The eggs text's refusal shows an egg row (two values) and names no option by its code ("eggs", "rows")."""
    for option, bad, key, example in (("eggs", "Pentaceratops: 3", "cubosaurs.eggs_invalid", "Name: 2 -3"),
                                      ("rows", "T-Rex: 4 1", "cubosaurs.rows_invalid", "Name: 4 1 -2 -5")):
        with pytest.raises(RuleError) as err:
            engine("cubosaurs").new_state(PLAYERS, {option: bad})
        assert err.value.key == key and err.value.params == {"entry": bad, "count": 1}
        for lang in ("en", "zh-CN"):
            said = text(lang, key, **err.value.params)
            assert example in said.replace("名称", "Name") and "eggs" not in said and "rows" not in said


@pytest.mark.parametrize("action,key", [
    (rnd(Ann={"dinos": {"Stegosaurus": 1}}), "cubosaurs.type_unknown"),
    (rnd(Ann={"eggs": {"Brontosaurus": 1}}), "cubosaurs.egg_unknown"),
    (rnd(Ann={"raptors": [{"colour": "red", "plus": 1, "minus": -1}]}), "cubosaurs.raptor_invalid"),
    (rnd(Ann={"raptors": [{"colour": "grey", "plus": 1}]}), "cubosaurs.raptor_invalid"),
    (rnd(Ann={"dinos": {"T-Rex": -1}}), "cubosaurs.count_invalid"),
    (rnd(Ann={"dna": 3}), "cubosaurs.dna_off"),
    (rnd(), "cubosaurs.round_empty"),
    (rnd(Ann=[]), "cubosaurs.line_invalid"),
    ({"type": "round", "by": "table", "lines": {"Ann": {}}}, "cubosaurs.line_missing"),
    ({"type": "round", "by": "table"}, "cubosaurs.lines_missing"),
    ({**rnd(), "by": "Bo"}, "core.table_only"),
    ({"type": "row", "by": "table", "kind": "dino", "name": "T-Rex", "values": [1, 2]}, "cubosaurs.row_invalid"),
    ({"type": "row", "by": "table", "kind": "cat", "name": "T-Rex", "values": [1, 2, 3, 4]},
     "cubosaurs.row_invalid"),
    ({"type": "row", "by": "table", "kind": [], "name": "T-Rex", "values": [1, 2, 3, 4]}, "cubosaurs.row_invalid"),
    ({"type": "row", "by": "table", "kind": "dino", "name": "R" * 41, "values": [1, 2, 3, 4]},
     "cubosaurs.row_name_too_long"),
    (rnd(Ann={"dinos": {"T-Rex": 1}, "raptors": [{"colour": "black", "plus": 0, "minus": -2 ** 53}]}),
     "cubosaurs.raptor_too_large"),
    (rnd(Ann={"dinos": {"T-Rex": 1}, "raptors": [{"colour": "grey", "plus": 101, "minus": 0}]}),
     "cubosaurs.raptor_too_large"),
])
def test_impossible_rounds_refused(action, key):
    """Unknown types, bad raptors, negative counts, DNA outside advanced mode, bad rows: refused."""
    assert_refused("cubosaurs", new(), action, key)


def test_two_rounds_dna_and_tiebreak_by_last_round():
    """Two rounds (three with two players); DNA pairs at the end; a tie goes to the better last round."""
    state = new(dna=True)
    state = engine("cubosaurs").apply(state, rnd(Ann={"dinos": {"T-Rex": 1}, "dna": 2},
                                                 Bo={"dinos": {"Brontosaurus": 2}, "dna": 1}))
    assert not state["over"] and engine("cubosaurs").status(state)["round"] == 2
    state = engine("cubosaurs").apply(state, rnd(Ann={"dinos": {"Brontosaurus": 2}, "dna": 3},
                                                 Bo={"dinos": {"T-Rex": 1}, "dna": 2}))
    board = engine("cubosaurs").scoreboard(state)
    assert state["over"] and board.total("Ann") == board.total("Bo") == 8
    assert board.ended == {"key": "core.ended.rounds", "round": 2, "rounds": 2}  # why it ended
    assert board.winners == ("Bo",) and board.tiebreak_used
    assert board.to_json()["rounds"] == [{"Ann": 4, "Bo": 3, "Cy": 0}, {"Ann": 8, "Bo": 8, "Cy": 0}]
    assert engine("cubosaurs").status(state) == {"round": 2, "rounds": 2, "phase": "cubosaurs.phase.over", "said": {},
                                                 "turn": None, "over": True}
    assert_refused("cubosaurs", state, rnd(), "core.game_over")
    assert new(["Ann", "Bo"])["total_rounds"] == 3


def test_cli_scores_an_exported_record(tmp_path, capsys):
    """`python -m scoring score` on an exported record prints the same totals."""
    record = new_record("cubosaurs", PLAYERS, seed=1)
    state = replay(record)
    for action in [PENTA_ROW,
                   rnd(Ann=EXAMPLE, Bo={"dinos": {"Pentaceratops": 2}}), rnd(Cy={"dinos": {"T-Rex": 1}})]:
        record, state = play(record, state, action)
    printed = cli_score(tmp_path / "cubosaurs.json", record, capsys)
    assert {p["name"]: p["total"] for p in printed["players"]} == {"Ann": 3, "Bo": 2, "Cy": 4}
    board = engine("cubosaurs").scoreboard(state).to_json()
    assert printed == {**board, "ended": {**board["ended"], "message": "Ended after round 2 of 2"}}  # why, in words


RAPTOR = st.builds(raptor, st.sampled_from(["black", "grey"]), st.integers(0, 5), st.integers(-5, 0))


@settings(max_examples=60, deadline=None)
@given(st.lists(RAPTOR, max_size=8))
def test_raptor_pairing_matches_brute_force(raptors):
    """The pairing search equals trying every pairing."""
    from itertools import permutations
    blacks = [r for r in raptors if r["colour"] == "black"]
    greys = [r for r in raptors if r["colour"] == "grey"]
    best = sum(r["minus"] for r in raptors)
    padded = greys + [None] * len(blacks)
    for perm in permutations(range(len(padded)), len(blacks)):
        total = 0
        used = set()
        for b, j in zip(blacks, perm):
            g = padded[j]
            if g is None:
                total += b["minus"]
            else:
                total += b["plus"] + g["plus"]
                used.add(j)
        total += sum(g["minus"] for j, g in enumerate(greys) if j not in used)
        best = max(best, total)
    assert best_raptors(raptors) == best


LINE = st.fixed_dictionaries({"dinos": st.dictionaries(st.sampled_from(["T-Rex", "Brontosaurus", "Nope"]),
                                                       st.integers(-1, 5), max_size=2),
                              "eggs": st.dictionaries(st.sampled_from(["Pentaceratops", "T-Rex"]), st.integers(0, 2),
                                                      max_size=1),
                              "raptors": st.lists(RAPTOR, max_size=3)})


@settings(max_examples=40, deadline=None)
@given(st.lists(st.fixed_dictionaries({"type": st.just("round"),
                                       "lines": st.fixed_dictionaries({p: LINE for p in PLAYERS})}), max_size=3))
def test_random_rounds_raise_only_rule_errors_and_replay_equals_live(actions):
    """Any rounds: refusals are RuleError only; accepted ones replay to the live state."""
    record = new_record("cubosaurs", PLAYERS, {"rows": ROWS, "eggs": EGGS}, seed=1)
    state = replay(record)
    record, state = play_all(record, state, actions)
    assert replay(record) == state


def test_translation_files_have_the_same_keys():
    """Both languages define exactly the same keys."""
    assert_same_keys("cubosaurs.json")


def test_a_line_with_an_unknown_field_is_refused_naming_it():
    """Issue 12: {"dino_cards": {"T-Rex": 1}} used to score 0 silently; now the typo is named."""
    err = assert_refused("cubosaurs", new(), rnd(Ann={"dino_cards": {"T-Rex": 1}}), "core.field_unknown")
    assert err.params["field"] == "dino_cards"


def test_a_raptor_minus_written_without_its_sign_is_refused():
    """Issue 12: a lone raptor entered as minus +1 used to score +1; the printed value is −1."""
    raptor = {"colour": "black", "plus": 3, "minus": 1}
    assert_refused("cubosaurs", new(), rnd(Ann={"raptors": [raptor]}), "cubosaurs.raptor_sign")
    state = engine("cubosaurs").apply(new(), rnd(Ann={"raptors": [{**raptor, "minus": -1}]}))
    assert engine("cubosaurs").round_scores(state, state["rounds"][0])["Ann"]["raptors"] == -1


def test_an_earlier_round_is_corrected():
    """Round 1 entered with T-Rex ×1 (4 points) is corrected to T-Rex ×2 (1 point); the log keeps both."""
    eng = engine("cubosaurs")
    state = eng.apply(new(), rnd(Ann={"dinos": {"T-Rex": 1}}))
    fix = {"type": "correct", "round": 1, "lines": rnd(Ann={"dinos": {"T-Rex": 2}})["lines"]}
    state = eng.apply(state, fix)
    assert eng.round_scores(state, state["rounds"][0])["Ann"]["dinos"] == 1
    key, params = eng.logged(state, fix, 1)  # the log row says what changed (it said "Round 1 corrected")
    assert (key, params["changes"]) == ("core.action.corrected", {"Ann": "4 ⭢ 1"})


def test_a_rounds_log_row_says_each_players_points_as_entered():
    """The log read "录入了第 1 轮" for a Cubosaurs round, where Flip 7, Rummy and the score pad say the points; now
    the round's row says each player's points as entered (a later correction's own row says before ⭢ after)."""
    eng = engine("cubosaurs")
    first = {**rnd(Ann={"dinos": {"T-Rex": 1}}, Bo={"dinos": {"Brontosaurus": 3}}, Cy={"dinos": {"T-Rex": 4}}),
             "round": 1}
    second = {**rnd(Ann={"dinos": {"Brontosaurus": 1}}), "round": 2}
    fix = {"type": "correct", "round": 1, "lines": rnd(Ann={"dinos": {"T-Rex": 2}})["lines"]}
    state = new()
    for action in (first, fix, second):
        state = eng.apply(state, action)
    said = {(lang, n): words.say(lang, key, **params)
            for lang in ("en", "zh-CN") for n, (key, params) in enumerate(
                (eng.logged(state, first, 1), eng.logged(state, second, 2), eng.logged(state, fix, 1)))}
    assert said["zh-CN", 0] == "第 1 轮得分：Ann 4，Bo 5，Cy −5"
    assert said["en", 1] == "Round 2 scores: Ann 1, Bo 0, Cy 0"
    assert said["en", 2] == "Round 1 corrected: Ann 4 ⭢ 1, Bo 5 ⭢ 0, Cy −5 ⭢ 0"


def test_a_round_where_nobody_holds_a_card_is_refused():
    """A round ends when the deck is empty, so every card is in a collection: a round with no dinosaur, raptor or
    egg for anyone (DNA tokens are no cards) is refused, as is a correction to one; state and log unchanged. One
    player with nothing is a round."""
    eng = engine("cubosaurs")
    err = assert_refused("cubosaurs", new(dna=True), rnd(Ann={"dna": 2}, Bo={"dinos": {"T-Rex": 0}}),
                         "cubosaurs.round_empty")
    assert_translated("cubosaurs.round_empty", err.params)
    state = eng.apply(new(), rnd(Ann={"eggs": {"T-Rex": 1}}))
    assert_refused("cubosaurs", state, {"type": "correct", "by": "table", "round": 1, "lines": rnd()["lines"]},
                   "cubosaurs.round_empty")
    assert eng.check(new(), rnd(Bo={"raptors": [raptor("grey", 1, -1)]})) is None
    record = new_record("cubosaurs", PLAYERS, {"rows": ROWS, "eggs": EGGS}, seed=1)
    with pytest.raises(RuleError) as refused:
        play(record, replay(record), rnd())
    assert refused.value.key == "cubosaurs.round_empty" and record["actions"] == []


def test_the_log_names_a_shipped_type_in_the_players_language_and_a_written_one_as_written():
    """A row set for Brontosaurus reads "雷龙" in a Chinese log and "Brontosaurus" in an English one; a type the
    table wrote itself reads as written in both."""
    from views.components.action_log import describe
    eng = engine("cubosaurs")
    shipped = {"type": "row", "by": "table", "kind": "dino", "name": "Brontosaurus", "values": [1, 3, 5, 7]}
    written = {**shipped, "name": "Stegosaurus"}
    assert describe("zh-CN", eng, shipped, 1) == "设定雷龙的计分栏：1 张 1，2 张 3，3 张 5，4+ 张 7"
    assert describe("en", eng, shipped, 1) == \
        "Score row set for Brontosaurus: 1 card 1, 2 cards 3, 3 cards 5, 4+ cards 7"
    assert describe("zh-CN", eng, written, 1) == "设定Stegosaurus的计分栏：1 张 1，2 张 3，3 张 5，4+ 张 7"


@pytest.mark.parametrize("lang, row, egg", [
    ("zh-CN", "设定五角龙的计分栏：1 张 −3，2 张 2，3 张未知，4+ 张未知", "设定五角龙蛋的计分栏：占多数时 3，不占多数时未知"),
    ("en", "Score row set for Pentaceratops: 1 card −3, 2 cards 2, 3 cards not known, 4+ cards not known",
     "Egg row set for the Pentaceratops egg: with the majority 3, without not known")])
def test_the_log_says_which_count_each_row_value_is_for(lang, row, egg):
    """A family's log read "设定计分栏：五角龙 −3、2、未知和未知": which count was each value for? Each value now
    follows its count (1, 2, 3, 4+ cards), an egg's its majority, the unknown ones said as unknown."""
    from views.components.action_log import describe
    action = {**PENTA_ROW, "values": [-3, 2, None, None]}
    assert describe(lang, engine("cubosaurs"), action, 1) == row
    assert describe(lang, engine("cubosaurs"), {**action, "kind": "egg", "values": [3, None]}, 1) == egg


@pytest.mark.parametrize("held, cards, words_zh", [
    (1, "1 card", "雷龙卡上 1 张对应多少分还不知道"),
    (2, "2 cards", "雷龙卡上 2 张对应多少分还不知道"),
    (6, "4 or more cards", "雷龙卡上 4 张及以上对应多少分还不知道")])
def test_an_unknown_value_is_asked_for_a_count_of_cards(held, cards, words_zh):
    """"What the Brontosaurus card gives for 1 is not known yet" said no "card": the count is now said with its
    cards, and the last value of a row as what it is for (4 or more cards), in the table's question too."""
    state = CUBO.new_state(PLAYERS, {"rows": "Brontosaurus: ? ? ? ?"})
    asked = assert_refused("cubosaurs", state, rnd(Ann={"dinos": {"Brontosaurus": held}}), "cubosaurs.value_unknown")
    state = CUBO.apply(CUBO.apply(state, given("Ann", {"dinos": {"Brontosaurus": held}})), given("Bo", {}))
    err = assert_refused("cubosaurs", state, given("Cy", {}), "cubosaurs.line_value_unknown")
    assert f"what the Brontosaurus card gives for {cards} is not known yet" in text("en", err.key, **err.params)
    assert words_zh in text("zh-CN", err.key, **err.params)
    question = text("en", asked.key, **asked.params)
    assert question.startswith(f"What does the Brontosaurus card give when you hold {cards}?")


def test_the_next_step_is_the_round():
    """What the table is waiting for first is the round's collections (a score row is set only when a card's value
    is unknown), so the next-step banner says "enter the round", not "set a row"."""
    eng = engine("cubosaurs")
    assert [e["type"] for e in eng.prompt(eng.new_state(["A", "B"]))] == ["round", "line", "line", "row"]
    assert [e["by"] for e in eng.prompt(eng.new_state(["A", "B"])) if e["type"] == "line"] == ["A", "B"]


def given(by, collection, number=1):
    """A player's own collection for a round, given on their phone."""
    return {"type": "line", "by": by, "round": number, "line": collection}


def test_each_players_own_collection_records_the_round_when_the_last_is_given():
    """Ann, Cy then Bo give their own collections: each is checked alone when given (a raptor's minus without its
    sign is refused at once, on that phone), the round waits for the last one, then it is recorded and scored as
    the table's round would be, egg majorities across the three; replay gives the same state, and undoing Bo's
    line puts the round back to waiting."""
    record = new_record("cubosaurs", PLAYERS, {"rows": ROWS, "eggs": EGGS})
    state = replay(record)
    assert_refused("cubosaurs", state, given("Ann", {"raptors": [raptor("grey", 1, 1)]}), "cubosaurs.raptor_sign")
    record, state = play(record, state, given("Ann", EXAMPLE))
    record, state = play(record, state, given("Cy", {"dinos": {"Pentaceratops": 2}}))
    assert state["rounds"] == [] and sorted(state["lines"]) == ["Ann", "Cy"]
    waiting = state
    record, state = play(record, state, given("Bo", {"dinos": {"T-Rex": 1}}))
    table = engine("cubosaurs").apply(new(), rnd(Ann=EXAMPLE, Bo={"dinos": {"T-Rex": 1}},
                                                 Cy={"dinos": {"Pentaceratops": 2}}))
    assert state["rounds"] == table["rounds"] and state["lines"] == {}
    assert engine("cubosaurs").scoreboard(state).total("Ann") == 3
    assert replay(record) == state
    assert replay({**record, "actions": record["actions"][:-1]}) == waiting


def test_a_round_that_cannot_be_scored_refuses_the_last_collection_and_keeps_the_others():
    """With the shipped rows (Brontosaurus ×1 unknown) the last collection is refused saying the referee or the
    host sets the value from the card, and the given ones stay; once the table sets the row, the last player's
    collection records the round. A round of empty collections refuses the last one with the round's rule. A
    collection for a round already recorded, or given by the table, is refused."""
    eng = engine("cubosaurs")
    state = eng.new_state(["Ann", "Bo"])
    state = eng.apply(state, given("Ann", {"dinos": {"Brontosaurus": 1}}))
    err = assert_refused("cubosaurs", state, given("Bo", {"dinos": {"T-Rex": 2}}), "cubosaurs.line_value_unknown")
    assert err.params == {"type": "cubosaurs.type.Brontosaurus", "count": 1, "more": False}
    assert text("zh-CN", err.key, **err.params).startswith("收藏都交齐了，但雷龙卡上 1 张对应多少分还不知道")
    assert sorted(state["lines"]) == ["Ann"]
    state = eng.apply(state, {"type": "row", "by": "table", "kind": "dino", "name": "Brontosaurus",
                              "values": [2, 3, 5, 7]})
    state = eng.apply(state, given("Bo", {"dinos": {"T-Rex": 2}}))
    assert eng.scoreboard(state).rounds[0] == {"Ann": 2, "Bo": 1}
    assert_refused("cubosaurs", state, given("Bo", {"dinos": {"T-Rex": 2}}), "cubosaurs.line_round")
    assert_refused("cubosaurs", state, {**given("Bo", {}, 2), "by": "table"}, "core.player_only")
    state = eng.apply(state, given("Ann", {}, 2))
    assert_refused("cubosaurs", state, given("Bo", {}, 2), "cubosaurs.round_empty")
    assert list(state["lines"]) == ["Ann"]


def test_the_tables_round_wins_over_given_collections_and_is_named_by_its_number():
    """The table enters round 1 itself while Ann's collection waits: the table's lines count and Ann's is dropped;
    a round numbered for another round is refused; the log names a line's round and a numbered round."""
    eng = engine("cubosaurs")
    state = eng.apply(new(), given("Ann", EXAMPLE))
    state = eng.apply(state, {**rnd(Ann={"dinos": {"T-Rex": 1}}), "round": 1})
    assert eng.scoreboard(state).total("Ann") == 4 and state["lines"] == {}
    assert_refused("cubosaurs", state, {**rnd(Ann={"dinos": {"T-Rex": 1}}), "round": 1}, "cubosaurs.line_round")
    assert eng.rounds_entered(state) == 1
    key, params = eng.describe(given("Ann", EXAMPLE, 2))
    assert text("en", key, **params) == "Own collection for round 2"
    key, params = eng.describe({**rnd(), "round": 3})
    assert text("zh-CN", key, **params) == "录入了第 3 轮"


def test_a_row_may_not_make_unknown_a_value_a_recorded_round_scored_with():
    """Session 46's audit: round 1 scored Ann's one T-Rex with the row's 4; a row giving that value as unknown was
    accepted, and from then on the scoreboard raised (the game could even finish unscorable). Now it is refused
    naming the round, in both languages; values no round used may still be unknown, and the game goes on."""
    state = CUBO.new_state(["Ann", "Bo"])
    state = CUBO.apply(state, {"type": "round", "by": "table", "lines": {"Ann": {"dinos": {"T-Rex": 1}},
                                                                        "Bo": {"dinos": {"T-Rex": 2}}}})
    err = assert_refused(CUBO, state, {"type": "row", "by": "table", "kind": "dino", "name": "T-Rex",
                                       "values": [None, 1, -2, -5]}, "cubosaurs.row_value_used")
    assert err.params == {"type": "cubosaurs.type.T-Rex", "round": 1}
    assert text("en", err.key, **err.params).startswith("Round 1 was scored with a T-Rex value")
    assert text("zh-CN", err.key, **err.params).startswith("第 1 轮的计分用到了")
    state = CUBO.apply(state, {"type": "row", "by": "table", "kind": "dino", "name": "T-Rex",
                               "values": [4, 1, None, None]})
    assert [p.total for p in CUBO.scoreboard(state).players] == [4, 1]


def test_a_type_name_is_one_type_in_any_letter_case_and_spacing():
    """"t-rex" and " T-REX " are the listed T-Rex; "T Rex" and "Stego" are other types."""
    assert same_type("t-rex", "T-Rex") and same_type(" T-REX ", "T-Rex") and same_type("big  one", "Big One")
    assert not same_type("T Rex", "T-Rex") and not same_type("Stego", "T-Rex")


def test_the_breakdown_leaves_out_parts_that_scored_nothing():
    """A screenshot at 2x text: every player's board listed each round's dinosaurs, raptors and eggs, "= 0" for
    every part they scored nothing in (Cy, who collected nothing, had three lines of 0 a round). Only the parts
    that scored are listed; the totals are the same."""
    eng = engine("cubosaurs")
    state = eng.apply(new(dna=True), rnd(Ann=EXAMPLE, Bo={"dinos": {"Pentaceratops": 2}}))
    board = eng.scoreboard(state)
    lines = {p.name: [(line.key.rsplit(".", 1)[1], line.points) for line in p.breakdown] for p in board.players}
    assert lines == {"Ann": [("dinos", 2), ("raptors", 4), ("eggs", -3)], "Bo": [("dinos", 2)], "Cy": []}
    assert {p.name: p.total for p in board.players} == {"Ann": 3, "Bo": 2, "Cy": 0}
