"""Bacon: teams in alternating seats, deal scoring, the end, extra deals, the dealer, the referee, replay."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core import RuleError, engine
from scoring.games.bacon import referee
from scoring.record import new_record, play, replay, undo
from tests.helpers import assert_refused, assert_same_keys, assert_translated, cli_score, play_all
from views import words

FOUR = ["Ann", "Bo", "Cy", "Di"]          # teams: Ann+Cy, Bo+Di
SIX = ["A1", "B1", "A2", "B2", "A3", "B3"]  # teams: A1+A2+A3, B1+B2+B3


def deal(*order):
    """A deal action."""
    return {"type": "deal", "by": "table", "order": list(order)}


def run(players, actions, options=None):
    """The state after the actions."""
    eng = engine("bacon")
    state = eng.new_state(players, options)
    for action in actions:
        state = eng.apply(state, action)
    return state


@pytest.mark.parametrize("order,points", [
    (["Ann", "Cy"], 4), (["Ann", "Bo", "Cy"], 2), (["Ann", "Bo", "Di"], 1), (["Ann", "Bo", "Di", "Cy"], 1),
    (["Ann", "Bo", "Cy", "Di"], 2),
])
def test_four_player_deal_scores_by_partner_place(order, points):
    """Only the first-out team scores: partner 2nd/3rd/4th → 4/2/1."""
    state = run(FOUR, [deal(*order)])
    assert engine("bacon").team_totals(state) == [points, 0]
    board = engine("bacon").scoreboard(state)
    assert board.total("Ann") == board.total("Cy") == points and board.total("Bo") == 0


@pytest.mark.parametrize("players,order,en,zh", [
    (FOUR, ["Ann", "Bo", "Cy"], "Deal 1: Ann out first, Cy in place 3 (2 points)",
     "第 1 局：Ann 头游，Cy 第 3 名（2 分）"),
    (SIX, ["A1", "B1", "A2", "B2", "B3"], "Deal 1: A1 out first, A2 in place 3 (4 points) and A3 not out (0 points)",
     "第 1 局：A1 头游，A2 第 3 名（4 分）和 A3 未出完（0 分）"),
    (SIX, ["A1", "B1", "B2", "B3"], "Deal 1: A1 out first, A2 and A3 not out (1 point)",
     "第 1 局：A1 头游，A2 和 A3 未出完（1 分）"),
])
def test_a_deals_breakdown_line_says_where_its_points_come_from(players, order, en, zh):
    """A deal's line names each teammate's place and what it is worth, so "= 2" reads with its reason [RULINGS
    §8] (play-tester: "Deal 1: Ann went out first = 2" did not say where the 2 came from); teammates the order
    leaves out are named together as not out."""
    board = engine("bacon").scoreboard(run(players, [deal(*order)]))
    (line,) = next(p.breakdown for p in board.players if p.name == order[0])
    assert words.say("en", line.key, **line.params) == en and words.say("zh-CN", line.key, **line.params) == zh


@pytest.mark.parametrize("order,points", [
    (["A1", "A2", "A3"], 12), (["A1", "B1", "A2", "B2", "A3"], 4 + 1), (["B1", "B2", "A1", "B3"], 8 + 2),
    (["A1", "B1", "B2", "B3"], 1 + 0), (["A1", "B1", "A2", "B2", "B3"], 4 + 0),
])
def test_six_player_deal_sums_teammates(order, points):
    """With 6 players 2nd…6th → 8/4/2/1/0 summed over the first player's teammates."""
    state = run(SIX, [deal(*order)])
    first = SIX.index(order[0]) % 2
    assert engine("bacon").team_totals(state)[first] == points


def test_refused_orders_change_nothing():
    """A player twice, a stranger, an empty order, an unfinished deal, a player entering are refused."""
    state = engine("bacon").new_state(FOUR)
    err = assert_refused("bacon", state, deal("Ann", "Bo", "Ann"), "bacon.player_twice")
    assert err.params == {"name": "Ann"}
    assert_refused("bacon", state, deal("Ann", "Zed"), "core.player_unknown")
    assert_refused("bacon", state, deal(), "bacon.order_missing")
    assert_refused("bacon", state, {"type": "deal", "by": "table"}, "bacon.order_missing")
    assert_refused("bacon", state, deal("Ann", "Bo"), "bacon.deal_unfinished")
    assert_refused("bacon", state, {**deal("Ann", "Cy"), "by": "Ann"}, "core.table_only")


def test_five_players_refused():
    """Bacon needs two equal teams: 4 or 6, refused by the game's player check (and so by a new record, before
    the session is stored), not only when its state is set up."""
    for refuse in (lambda: engine("bacon").new_state(FOUR + ["Ed"]), lambda: new_record("bacon", FOUR + ["Ed"]),
                   lambda: engine("bacon").game.check_players(FOUR + ["Ed"])):
        with pytest.raises(RuleError) as err:
            refuse()
        assert err.value.key == "bacon.player_count" and err.value.params == {"count": 5}
    assert_translated("bacon.player_count", err.value.params)
    assert engine("bacon").game.check_players(FOUR + ["Ed", "Flo"]) == FOUR + ["Ed", "Flo"]
    for count in (3, 7):  # outside the range too: "4 or 6", not "4–6", which reads as if 5 were allowed
        with pytest.raises(RuleError) as err:
            engine("bacon").game.check_players([f"P{i}" for i in range(count)])
        assert err.value.key == "bacon.player_count" and err.value.params == {"count": count}
    assert engine("bacon").game.describe()["player_counts"] == [4, 6]  # `python -m scoring games` says so too


def test_target_ends_the_game():
    """After the deal in which a team reaches 8 the game is over; that team wins."""
    state = run(FOUR, [deal("Ann", "Cy"), deal("Bo", "Ann", "Di"), deal("Cy", "Ann")])
    board = engine("bacon").scoreboard(state)
    assert state["over"] and board.winners == ("Ann", "Cy") and board.total("Ann") == 8
    assert board.ended == {"key": "core.ended.target", "names": ["Ann", "Cy"], "target": 8}  # why it ended
    assert board.to_json()["rounds"] == [{"Ann": 4, "Bo": 0, "Cy": 4, "Di": 0}, {"Ann": 4, "Bo": 2, "Cy": 4, "Di": 2},
                                         {"Ann": 8, "Bo": 2, "Cy": 8, "Di": 2}]
    assert_refused("bacon", state, deal("Ann", "Cy"), "core.game_over")


def test_deal_limit_then_extra_deal_on_a_tie():
    """Tied after the last deal: an extra deal that the first player out wins for the team."""
    state = run(FOUR, [deal("Ann", "Bo", "Cy"), deal("Bo", "Ann", "Di")], {"deal_limit": 2})
    status = engine("bacon").status(state)
    assert not state["over"] and status["phase"] == "bacon.phase.extra" and status["said"] == {"points": 2}
    assert words.say("en", status["phase"], **status["said"]) == "Tied at 2 each: extra deal, first out wins"
    state = engine("bacon").apply(state, deal("Di"))
    board = engine("bacon").scoreboard(state)
    assert state["over"] and board.winners == ("Bo", "Di") and board.tiebreak_used
    assert board.total("Bo") == board.total("Ann") == 2
    assert board.ended == {"key": "bacon.ended.extra", "names": ["Bo", "Di"]}  # why it ended


def test_an_extra_deal_is_not_counted_against_the_deal_limit():
    """After 2 deals of 2, tied 2–2: the header read "Deal 3 of 2 · Tied: extra deal" (第 3 局 / 共 2 局) on a phone,
    and "Deal 3 of 2 · Game over" once the extra deal was won. An extra deal is numbered without the limit."""
    eng = engine("bacon")
    state = run(FOUR, [deal("Ann", "Bo", "Cy")], {"deal_limit": 2})
    assert (eng.status(state)["round"], eng.status(state)["rounds"]) == (2, 2)
    state = eng.apply(state, deal("Bo", "Ann", "Di"))
    assert (eng.status(state)["round"], eng.status(state)["rounds"]) == (3, None)
    state = eng.apply(state, deal("Di"))
    assert state["over"] and (eng.status(state)["round"], eng.status(state)["rounds"]) == (3, None)
    state = run(FOUR, [deal("Ann", "Cy"), deal("Bo", "Ann", "Di")], {"deal_limit": 2})
    assert state["over"] and (eng.status(state)["round"], eng.status(state)["rounds"]) == (2, 2)

def test_deal_limit_without_tie_and_six_player_defaults():
    """Not tied after the last deal: the team ahead wins; 6 players default to 24 points or 6 deals."""
    state = run(FOUR, [deal("Ann", "Cy"), deal("Bo", "Ann", "Di")], {"deal_limit": 2})
    assert state["over"] and engine("bacon").scoreboard(state).winners == ("Ann", "Cy")
    assert engine("bacon").scoreboard(state).ended == {"key": "bacon.ended.deals", "round": 2, "rounds": 2}
    six = engine("bacon").new_state(SIX)
    assert (six["target"], six["deal_limit"]) == (24, 6)
    assert engine("bacon").status(six)["rounds"] == 6


def test_the_engine_says_what_an_unset_target_and_deal_limit_stand_for():
    """The facts the new-session form names below an empty field (it copies no rule): 0 is 8 points or 8 deals with 4
    players, 24 points or 6 deals with 6; while the players seated fix no count, the value for each count. An
    engine whose value does not depend on the players answers as before, given them or not."""
    bacon = engine("bacon")
    assert [bacon.unset_value("target", {}, players=p) for p in (FOUR, SIX)] == [8, 24]
    assert [bacon.unset_value("deal_limit", {}, players=p) for p in (FOUR, SIX)] == [8, 6]
    assert bacon.unset_value("target", {}, players=FOUR[:3]) == bacon.unset_value("target", {}) == {4: 8, 6: 24}
    assert bacon.unset_value("deal_limit", {}, players=[*FOUR, "Ed"]) == {4: 8, 6: 6}
    assert engine("rummy").unset_value("target", {"variant": "basic"}, players=FOUR) == 100
    assert engine("score_pad").unset_value("target", {}, players=FOUR) is None


def test_next_dealer_is_clockwise_on_the_scoring_team():
    """The next dealer is the next player clockwise after the dealer on the team that scored."""
    state = run(FOUR, [{"type": "dealer", "by": "table", "player": "Ann"}], {"target": 20})
    state = engine("bacon").apply(state, deal("Bo", "Di"))
    assert state["dealer"] == "Bo"
    state = engine("bacon").apply(state, deal("Bo", "Di"))
    assert state["dealer"] == "Di"
    state = engine("bacon").apply(state, deal("Cy", "Ann"))
    assert state["dealer"] == "Ann" and engine("bacon").status(state)["turn"] == "Ann"
    assert_refused("bacon", state, {"type": "dealer", "by": "table", "player": "Bo"}, "bacon.dealer_after_start")


def test_first_dealer_is_seeded():
    """The first dealer is drawn from the seed: same seed, same dealer."""
    assert engine("bacon").new_state(FOUR, seed=4)["dealer"] == engine("bacon").new_state(FOUR, seed=4)["dealer"]
    assert len({engine("bacon").new_state(FOUR, seed=s)["dealer"] for s in range(20)}) > 1


def test_referee_and_recorded_ruling():
    """The referee reads both combinations; a ruling action records the verdict in the log."""
    verdict = referee(["5A", "5B"], ["6A", "X"])
    assert verdict["beats"] and verdict["played_reading"] == {"type": "pair", "size": 2, "rank": 6, "bomb": 0}
    assert verdict["table_reading"]["rank"] == 5
    state = engine("bacon").new_state(FOUR)
    state = engine("bacon").apply(state, {"type": "ruling", "by": "Bo", "table": ["5A", "5B"],
                                          "played": ["2A", "2B", "2C", "X"]})
    assert state["rulings"][0]["reason"]["key"] == "cards.beats.bomb" and state["rulings"][0]["by"] == "Bo"


def test_the_log_names_a_wild_card_by_its_name_not_its_code():
    """A ruling in the log says the Wild as the card buttons do ("Wild", 万能), the other cards by their codes; the
    action itself keeps the code "X"."""
    action = {"type": "ruling", "by": "Bo", "table": ["5A", "5B"], "played": ["7B", "X"]}
    key, params = engine("bacon").describe(action)
    said = {lang: words.say(lang, key, **params) for lang in ("en", "zh-CN")}
    assert said == {"en": "Referee asked: 7B and Wild on 5A and 5B",
                    "zh-CN": words.say("zh-CN", key, played=["7B", "万能"], table=["5A", "5B"], by="Bo")}
    assert "万能" in said["zh-CN"] and "X" not in said["zh-CN"] and action["played"] == ["7B", "X"]


def test_stored_ruling_keeps_the_cards_and_the_verdict():
    """A recorded ruling holds the cards as tapped and both readings side by side."""
    state = engine("bacon").apply(engine("bacon").new_state(FOUR),
                                  {"type": "ruling", "by": "Bo", "table": ["5A", "5B"], "played": ["6A", "X"]})
    assert state["rulings"] == [{"by": "Bo", "deal": 1, "table": ["5A", "5B"], "played": ["6A", "X"],
                                 **referee(["5A", "5B"], ["6A", "X"])}]
    assert state["rulings"][0]["played_reading"]["type"] == "pair"
    assert_refused("bacon", state, {"type": "ruling", "table": ["5A", "5B"], "played": ["5A", "5A", "5A"]},
                   "cards.too_many_copies")
    assert_refused("bacon", state, {"type": "ruling", "table": ["5A", "6B"], "played": ["7A"]}, "cards.table_not_combo")


def test_cli_scores_an_exported_record(tmp_path, capsys):
    """`python -m scoring score` on an exported record prints the same totals."""
    record = new_record("bacon", FOUR, seed=2)
    state = replay(record)
    for action in [deal("Ann", "Cy"), deal("Bo", "Ann", "Di"), {"type": "ruling", "table": ["3A"], "played": ["4B"]}]:
        record, state = play(record, state, action)
    printed = cli_score(tmp_path / "bacon.json", record, capsys)
    assert {p["name"]: p["total"] for p in printed["players"]} == {"Ann": 4, "Bo": 2, "Cy": 4, "Di": 2}
    assert printed == engine("bacon").scoreboard(state).to_json()


def correct(number, *order):
    """A correction of deal `number`."""
    return {"type": "correct", "by": "table", "round": number, "order": list(order)}


def test_a_corrected_deal_replays_the_later_deals_on_the_new_dealer_chain():
    """Ann deals; deals Bo-Di, Bo-Di, Cy-Ann give dealers Ann, Bo, Di. Deal 1 was really Ann-Cy: team 1 scored it,
    so Cy deals deal 2 and Di deal 3; points follow the orders (8 : 4); the log keeps both; undo restores."""
    record = new_record("bacon", FOUR, {"target": 20}, seed=3)
    state = replay(record)
    for action in [{"type": "dealer", "by": "table", "player": "Ann"}, deal("Bo", "Di"), deal("Bo", "Di"),
                   deal("Cy", "Ann")]:
        record, state = play(record, state, action)
    assert [d["dealer"] for d in state["deals"]] == ["Ann", "Bo", "Di"] and state["dealer"] == "Ann"
    before = state
    record, state = play(record, state, correct(1, "Ann", "Cy"))
    assert [d["dealer"] for d in state["deals"]] == ["Ann", "Cy", "Di"] and state["dealer"] == "Ann"
    assert [d["order"] for d in state["deals"]] == [["Ann", "Cy"], ["Bo", "Di"], ["Cy", "Ann"]]
    assert engine("bacon").team_totals(state) == [8, 4] and not state["over"]
    assert [a["type"] for a in record["actions"]] == ["dealer", "deal", "deal", "deal", "correct"]
    assert replay(record) == state
    record, state = undo(record)
    assert state == before and record["redo"][-1]["type"] == "correct"


def test_a_correction_that_ends_the_game_earlier_is_refused_and_changes_nothing():
    """Deals Ann-Cy (4), Bo-Di (4), Bo-Ann-Di (2): deal 2 corrected to Cy-Ann would give team 1 8 points after
    deal 2, before deal 3 was played: refused, state and log unchanged. An unfinished order, a deal that does not
    exist and a correction before any deal are refused too."""
    record = new_record("bacon", FOUR, seed=3)
    state = replay(record)
    assert_refused("bacon", state, correct(1, "Ann", "Cy"), "bacon.round_unknown")
    assert engine("bacon").offer(state, "correct", "table") == []
    for action in [deal("Ann", "Cy"), deal("Bo", "Di"), deal("Bo", "Ann", "Di")]:
        record, state = play(record, state, action)
    logged = [dict(a) for a in record["actions"]]
    err = assert_refused("bacon", state, correct(2, "Cy", "Ann"), "bacon.correction_ends_early")
    assert err.params == {"round": 2, "deal": 2}
    with pytest.raises(RuleError):
        play(record, state, correct(2, "Cy", "Ann"))
    assert record["actions"] == logged
    assert_refused("bacon", state, correct(2, "Cy", "Bo"), "bacon.deal_unfinished")
    assert_refused("bacon", state, correct(4, "Ann", "Cy"), "bacon.round_unknown")
    assert_refused("bacon", state, correct(True, "Ann", "Cy"), "bacon.round_unknown")
    assert_refused("bacon", state, {**correct(1, "Ann", "Cy"), "by": "Ann"}, "core.table_only")


def test_a_correction_may_end_the_game_at_the_last_deal_or_leave_extra_deals():
    """Deal limit 2: Ann-Bo-Cy (2) and Bo-Ann-Di (2) tie, so an extra deal is due. Deal 1 corrected to Ann-Cy
    (4) ends the game after deal 2 with team 1 ahead; corrected to Ann-Di-Cy (2) keeps the tie and the extra
    deal."""
    state = run(FOUR, [deal("Ann", "Bo", "Cy"), deal("Bo", "Ann", "Di")], {"deal_limit": 2})
    assert state["phase"] == "extra"
    ended = engine("bacon").apply(state, correct(1, "Ann", "Cy"))
    assert ended["over"] and engine("bacon").scoreboard(ended).winners == ("Ann", "Cy")
    tied = engine("bacon").apply(state, correct(1, "Ann", "Di", "Cy"))
    assert not tied["over"] and tied["phase"] == "extra" and engine("bacon").team_totals(tied) == [2, 2]
    assert_refused("bacon", ended, correct(1, "Ann", "Bo", "Cy"), "core.game_over")


CARD = st.sampled_from(["1A", "5B", "5C", "6A", "7A", "X", "11A"])
ACTION = st.one_of(
    st.builds(lambda order: {"type": "deal", "by": "table", "order": order},
              st.lists(st.sampled_from(FOUR + ["Zed"]), max_size=5)),
    st.builds(lambda order: {"type": "deal", "by": "table", "order": order}, st.permutations(FOUR)),
    st.builds(lambda p: {"type": "dealer", "by": "table", "player": p}, st.sampled_from(FOUR)),
    st.builds(lambda n, order: {"type": "correct", "by": "table", "round": n, "order": order},
              st.integers(0, 4), st.permutations(FOUR)),
    st.builds(lambda t, p: {"type": "ruling", "by": "Ann", "table": t, "played": p},
              st.lists(CARD, max_size=4), st.lists(CARD, max_size=4)),
    st.just({"type": "deal", "by": "Ann", "order": FOUR}),
    st.builds(lambda p, n: {"type": "out", "by": p, "round": n}, st.sampled_from(FOUR + ["table"]), st.integers(0, 4)),
    st.just({"type": "nap"}),
)


@settings(max_examples=80, deadline=None)
@given(st.lists(ACTION, max_size=25))
def test_random_sequences_raise_only_rule_errors_and_replay_equals_live(actions):
    """Any action sequence: refusals are RuleError only; accepted ones replay to the live state; points add up."""
    record = new_record("bacon", FOUR, seed=9)
    state = replay(record)
    record, state = play_all(record, state, actions)
    assert replay(record) == state
    totals = engine("bacon").team_totals(state)
    board = engine("bacon").scoreboard(state)
    assert board.total("Ann") == totals[0] and board.total("Bo") == totals[1]


def test_translation_files_have_the_same_keys():
    """Both languages define exactly the same keys."""
    assert_same_keys("bacon.json")


def test_the_table_waits_for_the_deal_and_may_name_another_first_dealer():
    """The prompt leads with the deal (the screen's "next" line said "choose the dealer" even after the table had
    chosen one); naming another first dealer stays offered, last, until the first deal is in."""
    record = new_record("bacon", FOUR)
    state = replay(record)
    assert [e["type"] for e in engine("bacon").prompt(state)][0] == "deal"
    assert [e["type"] for e in engine("bacon").prompt(state)][-1] == "dealer"
    record, state = play(record, state, {"type": "dealer", "by": "table", "player": "Bo"})
    assert [e["type"] for e in engine("bacon").prompt(state)][0] == "deal"
    record, state = play(record, state, deal("Bo", "Di"))
    assert "dealer" not in [e["type"] for e in engine("bacon").prompt(state)]


def went_out(by, number=1):
    """A player's "I'm out!" tap for deal `number`."""
    return {"type": "out", "by": by, "round": number}


def test_taps_of_going_out_record_the_deal_once_a_team_is_out():
    """Bo, Ann then Cy tap "I'm out!": the deal waits until Ann and Cy's team is all out, then it is recorded with
    that order exactly as the table's deal [Bo, Ann, Cy] (Bo's team scores 1); replay is equal and undoing Cy's tap
    puts the deal back to waiting. A second tap by Bo, a tap for a deal already recorded and a tap by the table
    are refused; every player still in is offered their tap."""
    eng = engine("bacon")
    record = new_record("bacon", FOUR)
    state = replay(record)
    for name in ("Bo", "Ann"):
        record, state = play(record, state, went_out(name))
    assert state["out"] == ["Bo", "Ann"] and state["deals"] == []
    assert [e["by"] for e in eng.prompt(state) if e["type"] == "out"] == ["Cy", "Di"]
    assert_refused("bacon", state, went_out("Bo"), "bacon.out_already")
    waiting = state
    record, state = play(record, state, went_out("Cy"))
    table = eng.apply(eng.new_state(FOUR), deal("Bo", "Ann", "Cy"))
    assert state == {**table, "out": []} and eng.team_totals(state) == [0, 1]
    assert replay(record) == state
    assert replay({**record, "actions": record["actions"][:-1]}) == waiting
    assert_refused("bacon", state, went_out("Di"), "bacon.out_round")
    assert_refused("bacon", state, {**went_out("Di", 2), "by": "table"}, "core.player_only")


def test_the_tables_deal_may_name_its_number_and_a_late_one_is_refused():
    """The app sends the table's deal with its number: the log names it ("Deal 1 finished: Ann and Cy"), it scores
    as the same deal without a number (older logs), and one naming another deal than the one being played (the
    phones' taps recorded it meanwhile) is refused and changes nothing."""
    eng = engine("bacon")
    numbered = {**deal("Ann", "Cy"), "round": 1}
    state = run(FOUR, [numbered])
    assert state == run(FOUR, [deal("Ann", "Cy")]) and eng.team_totals(state) == [4, 0]
    key, params = eng.describe(numbered)
    assert words.say("en", key, **params) == "Deal 1 finished: Ann and Cy"
    assert words.say("zh-CN", key, **params) == "第 1 局结束：Ann 和 Cy"
    assert_refused("bacon", state, numbered, "bacon.out_round")
    assert_refused("bacon", state, {**numbered, "round": "2"}, "bacon.out_round")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.permutations(SIX), min_size=1, max_size=6))
def test_taps_in_any_order_score_each_deal_as_the_tables_order_up_to_a_whole_team(deals):
    """Six players tap "I'm out!" deal after deal in any order: each deal is recorded once a whole team is out,
    and the game equals the one where the table entered each deal's order up to that tap; undoing every tap gets
    the exact start back."""
    eng = engine("bacon")
    record = new_record("bacon", SIX, seed=3)
    start = state = replay(record)
    table = eng.new_state(SIX, seed=3)
    for order in deals:
        if state["over"]:
            break
        number, tapped = len(state["deals"]) + 1, []
        for name in order:
            record, state = play(record, state, went_out(name, number))
            tapped.append(name)
            if len(state["deals"]) == number:
                break
        table = eng.apply(table, deal(*tapped))
        assert state == table
    assert replay(record) == state
    while record["actions"]:
        record, state = undo(record)
    assert state == start


def test_in_an_extra_deal_the_first_tap_ends_the_game_and_the_tables_deal_drops_taps():
    """Tied after the deal limit: the extra deal is won by the first player to tap out. The table's own deal wins
    over taps made before it (they are dropped)."""
    eng = engine("bacon")
    state = run(FOUR, [deal("Ann", "Cy"), deal("Bo", "Di")], {"deal_limit": 2})
    assert state["phase"] == "extra"
    state = eng.apply(state, went_out("Di", 3))
    assert state["over"] and state["winner_team"] == 1 and state["deals"][-1]["order"] == ["Di"]
    state = eng.apply(run(FOUR, []), went_out("Bo"))
    state = eng.apply(state, deal("Ann", "Cy"))
    assert state["out"] == [] and eng.team_totals(state) == [4, 0]
    key, params = eng.describe(went_out("Ann", 2))
    assert words.say("en", key, **params) == "Ann went out (deal 2)"


def test_only_the_tap_that_puts_a_whole_team_out_completes_the_deal():
    """Bo, Ann then Cy tap out: Cy's tap records deal 1 (`completes` says 1: its Undo reopens the whole deal), the
    taps before it and the table's own deal complete nothing; in an extra deal the first tap completes it."""
    eng = engine("bacon")
    state, said = eng.new_state(FOUR), []
    for name in ("Bo", "Ann", "Cy"):
        state = eng.apply(state, went_out(name))
        said.append(eng.completes(state, went_out(name)))
    assert said == [None, None, 1]
    state = eng.apply(state, {**deal("Bo", "Di"), "round": 2})
    assert eng.completes(state, {**deal("Bo", "Di"), "round": 2}) is None
    state = run(FOUR, [deal("Ann", "Cy"), deal("Bo", "Di")], {"deal_limit": 2})
    state = eng.apply(state, went_out("Di", 3))
    assert eng.completes(state, went_out("Di", 3)) == 3
