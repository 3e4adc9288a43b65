"""Statistics from finished sessions' summaries: a player's record per game, a game's histogram and highest
score, head-to-head by places; kept incrementally by the store (finish, undo, delete) and equal to a rebuild."""

from __future__ import annotations

import pytest

from scoring.core import engine
from scoring.record import new_record, replay
from storage import Store
from storage.store import shard_of
from storage.stats import Stats, histogram
from tests.test_solar_storm import TYPED_SETUP

PLAYERS = ["Ann", "小明", "Bo"]


def finished(store: Store, rounds: list[dict], at: str, lower_wins: bool = False, players=PLAYERS,
             title: str = "") -> str:
    """A score pad session with these rounds (and the title given), finished at `at`; returns its id."""
    sid = store.create(new_record("score_pad", players, {"lower_wins": lower_wins}, now=at, title=title))
    for scores in rounds:
        store.play(sid, {"type": "round", "by": "table", "scores": scores}, at)
    store.play(sid, {"type": "finish", "by": "table"}, at)
    return sid


@pytest.fixture
def store(tmp_path):
    """A store with three finished sessions (and one still going)."""
    with Store(tmp_path / "data") as s:
        # 1: Ann 10+5=15, 小明 3+9=12, Bo 7 → Ann wins
        finished(s, [{"Ann": 10, "小明": 3, "Bo": 7}, {"Ann": 5, "小明": 9, "Bo": 0}], "2026-03-01T20:00:00")
        # 2: Ann 4, 小明 20, Bo 20 → 小明 and Bo share first
        finished(s, [{"Ann": 4, "小明": 20, "Bo": 20}], "2026-03-02T20:00:00")
        # 3: Ann 30, 小明 1 (Bo not playing) → Ann wins
        finished(s, [{"Ann": 30, "小明": 1}], "2026-03-03T20:00:00", players=["Ann", "小明"])
        going = s.create(new_record("score_pad", PLAYERS, now="2026-03-04T20:00:00"))
        s.play(going, {"type": "round", "by": "table", "scores": {"Ann": 99, "小明": 0, "Bo": 0}}, "2026-03-04T20:01:00")
        yield s


def test_a_players_record_after_three_sessions(store):
    """Ann: 3 plays, 2 wins, best 30, average (15+4+30)/3 = 16.3, last 3 March; the running game is not counted."""
    ann = store.stats().player("Ann")["games"]["score_pad"]
    assert (ann["plays"], ann["wins"], ann["best"]) == (3, 2, 30)
    assert ann["win_rate"] == pytest.approx(2 / 3) and ann["average"] == pytest.approx(49 / 3)
    assert ann["last"] == "2026-03-03T20:00:00"
    bo = store.stats().player("Bo")
    assert (bo["plays"], bo["wins"], bo["games"]["score_pad"]["best"]) == (2, 1, 20)  # a shared first is a win
    assert store.stats().players() == ["Ann", "Bo", "小明"]


def test_a_game_night_past_midnight_counts_on_the_day_it_started(tmp_path):
    """A game started at 23:30 on 3 March and finished at 00:40 on 4 March: the history dates it 3 March, and so do
    the statistics (its players' last played, the highest score's when), not the day it finished."""
    with Store(tmp_path / "data") as store:
        sid = store.create(new_record("score_pad", ["Ann", "Bo"], now="2026-03-03T23:30:00"))
        store.play(sid, {"type": "round", "by": "table", "scores": {"Ann": 12, "Bo": 5}}, "2026-03-04T00:20:00")
        store.play(sid, {"type": "finish", "by": "table"}, "2026-03-04T00:40:00")
        (summary,) = store.sessions("finished")
        stats = store.stats()
    assert summary["created"] == "2026-03-03T23:30:00" and summary["updated"] == "2026-03-04T00:40:00"
    assert stats.player("Ann")["games"]["score_pad"]["last"] == summary["created"]
    assert stats.game("score_pad")["best"]["by"] == [{"player": "Ann", "when": summary["created"]}]


def test_a_games_histogram_and_highest(store):
    """Eight totals (15 12 7 / 4 20 20 / 30 1) in bins of 5 from 0; the highest is Ann's 30 on 3 March."""
    game = store.stats().game("score_pad")
    assert game["plays"] == 3
    assert game["best"] == {"score": 30, "by": [{"player": "Ann", "when": "2026-03-03T20:00:00"}]}
    counts = {b["low"]: b["count"] for b in game["histogram"]}
    assert counts == {0: 2, 5: 1, 10: 1, 15: 1, 20: 2, 25: 0, 30: 1}


def test_head_to_head_by_places(store):
    """Ann vs 小明: ahead in 1 and 3, behind in 2. 小明 vs Bo: ahead in 1 (12 vs 7), tied first in 2."""
    assert store.stats().head_to_head("Ann", "小明") == {"games": 3, "ahead": {"Ann": 2, "小明": 1}, "ties": 0,
                                                        "allies": 0}
    assert store.stats().head_to_head("小明", "Bo") == {"games": 2, "ahead": {"Bo": 0, "小明": 1}, "ties": 1,
                                                       "allies": 0}


def test_who_a_player_met_most(store):
    """Ann met 小明 in the three score pads, Bo in two of them (Bo sat out the third) and in a Bacon game on the
    other side; teammates count as met (Ann + Cy), a player's name in another case is the same player, and one who
    met nobody has nobody."""
    finished_bacon(store, "2026-03-05T20:00:00")
    stats = store.stats()
    assert stats.met("Ann") == {"小明": 3, "Bo": 3, "Cy": 1, "Di": 1}
    assert stats.met("ann") == stats.met("Ann") and stats.met("Zoë") == {}
    assert stats.met("Cy") == {"Ann": 1, "Bo": 1, "Di": 1}


@pytest.mark.parametrize("rival", ["games", "ties", "allies"])
def test_head_to_head_of_a_player_named_like_a_counter(tmp_path, rival):
    """A player called "games", "ties" or "allies" who wins three sessions against Ann: the counters and the
    players' names shared one dict, so the player's 3 was overwritten (by the tie count: "ties ahead 0")."""
    with Store(tmp_path / "data") as s:
        for day in (1, 2, 3):
            finished(s, [{"Ann": 1, rival: 9}], f"2026-03-0{day}T20:00:00", players=["Ann", rival])
        assert s.stats().head_to_head("Ann", rival) == {"games": 3, "ahead": {"Ann": 0, rival: 3}, "ties": 0,
                                                        "allies": 0}


def test_a_player_typed_in_another_case_or_width_is_one_player(tmp_path):
    """Ann twice, then ann and the full-width Ａｎｎ (sessions imported from another table): one player Ann (two
    of her four sessions spell it so) with 4 plays and 3 wins, 4 sessions against Bo, holding the highest score;
    it was four players, Ann with two sessions. Reopened by an undo, a session takes its spelling away again."""
    with Store(tmp_path / "data") as store:
        finished(store, [{"Ann": 10, "Bo": 3}], "2026-03-01T20:00:00", players=["Ann", "Bo"])
        finished(store, [{"Ann": 12, "Bo": 3}], "2026-03-02T20:00:00", players=["Ann", "Bo"])
        later = [finished(store, [{name: score, "Bo": 3}], "2026-03-03T20:00:00", players=[name, "Bo"])
                 for name, score in (("ann", 1), ("Ａｎｎ", 30))]
        stats = store.stats()
        assert stats.players() == ["Ann", "Bo"]
        ann = stats.player("ａnn")
        assert (ann["name"], ann["plays"], ann["wins"], ann["games"]["score_pad"]["best"]) == ("Ann", 4, 3, 30)
        assert stats.head_to_head("Bo", "ANN") == {"games": 4, "ahead": {"Bo": 1, "ANN": 3}, "ties": 0,
                                                   "allies": 0}
        assert stats.game("score_pad")["best"]["by"] == [{"player": "Ann", "when": "2026-03-03T20:00:00"}]
        for sid in later:
            store.undo(sid, "2026-03-04T20:00:00")
        assert store.stats().players() == ["Ann", "Bo"] and store.stats().player("Ann")["plays"] == 2
        assert dict(store.stats().spellings) == {"ann": {"Ann": 2}, "bo": {"Bo": 2}}


def test_lowest_wins_is_judged_by_places(tmp_path):
    """With lower_wins, 2 beats 9: the winner and the head-to-head follow the ranking, not the bigger total."""
    with Store(tmp_path) as s:
        finished(s, [{"Ann": 2, "Bo": 9}], "2026-03-01T20:00:00", lower_wins=True, players=["Ann", "Bo"])
        assert s.stats().player("Ann")["wins"] == 1 and s.stats().player("Bo")["wins"] == 0
        assert s.stats().head_to_head("Ann", "Bo") == {"games": 1, "ahead": {"Ann": 1, "Bo": 0}, "ties": 0, "allies": 0}


def test_undo_delete_and_reopen_keep_the_index_exact(store, tmp_path):
    """Undoing the finish of a session takes it out, finishing again puts it back, deleting takes it out; the
    index always equals one rebuilt from the stored summaries (and one built by a fresh store)."""
    stats = store.stats()
    last = [s for s in store.sessions("finished") if s["players"] == ["Ann", "小明"]][0]["id"]
    store.undo(last, "2026-03-05T20:00:00")
    assert stats.player("Ann")["plays"] == 2 and stats.game("score_pad")["best"]["score"] == 20
    store.play(last, {"type": "finish", "by": "table"}, "2026-03-05T21:00:00")
    assert stats.player("Ann")["plays"] == 3 and stats.game("score_pad")["best"]["score"] == 30
    assert stats.player("Ann")["games"]["score_pad"]["last"] == "2026-03-03T20:00:00"  # the day it started
    first = store.sessions("finished")[-1]["id"]
    store.delete(first)
    rebuilt = Stats(store.sessions())
    for name in ["Ann", "Bo", "小明"]:
        assert stats.player(name) == rebuilt.player(name)
    assert stats.game("score_pad") == rebuilt.game("score_pad")
    assert store.stats() is stats
    with Store(store.folder) as fresh:
        assert fresh.stats().player("Ann") == stats.player("Ann")


def test_histogram_bins_are_round_and_few():
    """Widths 1, 2, 5, 10, 20, 50…: at most about ten bins, every total in exactly one."""
    from collections import Counter

    for scores in ([0, 3], [150, 420, 421], [-12, 7], list(range(0, 1000, 37))):
        bins = histogram(Counter(scores))
        assert len(bins) <= 11 and sum(b["count"] for b in bins) == len(scores)
        width = bins[0]["high"] - bins[0]["low"]
        assert str(width).lstrip("0")[0] in "125" and set(str(width)[1:]) <= {"0"}
        for score in scores:
            assert sum(b["low"] <= score < b["high"] for b in bins) == 1


def finished_bacon(store: Store, at: str) -> str:
    """A Bacon session (teams Ann + Cy and Bo + Di) that Ann + Cy win 8 to 0 in two deals; returns its id."""
    sid = store.create(new_record("bacon", ["Ann", "Bo", "Cy", "Di"], now=at))
    store.play(sid, {"type": "dealer", "by": "table", "player": "Ann"}, at)
    for _ in range(2):
        store.play(sid, {"type": "deal", "by": "table", "order": ["Ann", "Cy"]}, at)
    return sid


def test_a_team_games_scores_are_the_teams(tmp_path):
    """Bacon is played in teams: its histogram counts two scores a session (8 and 0), not four, and the highest
    is the team's; each player's own record still has the team's score and win."""
    with Store(tmp_path / "data") as store:
        sid = finished_bacon(store, "2026-03-05T20:00:00")
        assert next(s for s in store.sessions() if s["id"] == sid)["teams"] == [["Ann", "Cy"], ["Bo", "Di"]]
        game = store.stats().game("bacon")
        assert game["teams"] and game["plays"] == 1
        assert sum(b["count"] for b in game["histogram"]) == 2
        assert {b["low"]: b["count"] for b in game["histogram"]} == {0: 1, 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0,
                                                                     8: 1}
        assert game["best"] == {"score": 8, "by": [{"team": ["Ann", "Cy"], "when": "2026-03-05T20:00:00"}]}
        cy = store.stats().player("Cy")["games"]["bacon"]
        assert (cy["plays"], cy["wins"], cy["best"]) == (1, 1, 8)
        assert not store.stats().game("score_pad")["teams"]


def test_teammates_and_a_crew_are_on_the_same_side_not_tied(tmp_path):
    """Bacon: Ann and Cy, one team, played on the same side (not a tie); Ann against Bo is a game Ann's team won.
    A cooperative crew (Solar Storm's scoreboard names the crew one team) is on the same side too, in a win and
    in a loss, and its score counts once in the game's histogram."""
    with Store(tmp_path / "data") as store:
        finished_bacon(store, "2026-03-05T20:00:00")
        stats = store.stats()
    assert stats.head_to_head("Ann", "Cy") == {"games": 0, "ahead": {"Ann": 0, "Cy": 0}, "ties": 0, "allies": 1}
    assert stats.head_to_head("Bo", "Ann") == {"games": 1, "ahead": {"Ann": 1, "Bo": 0}, "ties": 0, "allies": 0}
    crew = ["Ann", "Bo", "Cy"]
    state = replay(new_record("solar_storm", crew))
    assert engine("solar_storm").scoreboard(state).teams == (tuple(crew),)
    games = [{"id": f"s{i}", "game": "solar_storm", "status": "finished", "updated": f"2026-03-0{i}T20:00:00",
              "winners": crew if won else [], "totals": dict.fromkeys(crew, points), "ranks": dict.fromkeys(crew, 1),
              "teams": [crew]} for i, (won, points) in enumerate(((True, 9), (False, 4)), 1)]
    stats = Stats(games)
    assert stats.head_to_head("Ann", "Bo") == {"games": 0, "ahead": {"Ann": 0, "Bo": 0}, "ties": 0, "allies": 2}
    assert stats.game("solar_storm")["plays"] == 2


def test_a_crew_stored_before_crews_were_teams_is_counted_on_the_same_side(tmp_path, monkeypatch):
    """A Solar Storm game lost by A and B, stored by an app that did not yet name the crew a team (its summary has
    no `teams`): opened by this app, its catalogue entry is made again from the session file, and the crew counts
    as on the same side, not as tied rivals."""
    old_summary = Store._summary

    def without_teams(record, state, board=None):
        """The summary as the app made it before December 2026."""
        summary = old_summary(record, state, board)
        summary.pop("teams", None)
        return summary

    lost = [TYPED_SETUP, {"type": "end_actions", "by": "A"},
            {"type": "take", "by": "A", "source": "deck", "cards": ["data", "metal"]},
            {"type": "damage", "by": "A", "rooms": ["bridge"]}, {"type": "end_actions", "by": "B"},
            {"type": "take", "by": "B", "source": "deck", "cards": ["data", "metal"]},
            {"type": "damage", "by": "B", "rooms": ["bridge"]}]
    with monkeypatch.context() as patched:
        patched.setattr(Store, "_summary", staticmethod(without_teams))
        with Store(tmp_path / "data") as store:
            sid = store.create(new_record("solar_storm", ["A", "B"], {"deal": "table"}, seed=1))
            for action in lost:
                store.play(sid, action)
            assert store.stats().head_to_head("A", "B") == {"games": 1, "ahead": {"A": 0, "B": 0}, "ties": 1,
                                                            "allies": 0}
    with Store(tmp_path / "data") as store:
        assert store.stats().head_to_head("A", "B") == {"games": 0, "ahead": {"A": 0, "B": 0}, "ties": 0, "allies": 1}


def test_a_lowest_wins_game_is_best_at_its_lowest(tmp_path):
    """A score pad set to lowest wins (golf: Ann 2 and 7, Bo 9 and 4) read its highest score as its best: Bo's 9.
    It is its own game in the statistics (a score pad kept both ways would average golf with Scrabble), and its
    best is its lowest: the game's 2 by Ann, Ann's 2 and Bo's 4; averages stay averages (Ann 4.5)."""
    with Store(tmp_path / "data") as store:
        for day, scores in ((1, {"Ann": 2, "Bo": 9}), (2, {"Ann": 7, "Bo": 4})):
            finished(store, [scores], f"2026-03-0{day}T20:00:00", lower_wins=True, players=["Ann", "Bo"])
        finished(store, [{"Ann": 30, "Bo": 1}], "2026-03-03T20:00:00", players=["Ann", "Bo"])
        stats = store.stats()
    assert stats.games() == ["score_pad", "score_pad/lowest"] and stats.lowest("score_pad/lowest")
    ann, bo = (stats.player(p)["games"] for p in ("Ann", "Bo"))
    assert (ann["score_pad/lowest"]["best"], ann["score_pad/lowest"]["average"], bo["score_pad/lowest"]["best"]) == (
        2, 4.5, 4)
    assert (ann["score_pad"]["best"], bo["score_pad"]["best"]) == (30, 1)
    golf = stats.game("score_pad/lowest")
    assert golf["lowest"] and golf["best"] == {"score": 2, "by": [{"player": "Ann", "when": "2026-03-01T20:00:00"}]}
    assert not stats.game("score_pad")["lowest"] and stats.game("score_pad")["best"]["score"] == 30
    with Store(tmp_path / "data") as again:  # the summaries that say lower_wins are read back, not quarantined
        assert len(again.sessions("finished")) == 3 and again.stats().player("Ann") == stats.player("Ann")
    assert not list((tmp_path / "data").rglob("*.corrupt-*"))


def test_a_lowest_wins_session_stored_without_its_direction_is_made_again(tmp_path, monkeypatch):
    """A lowest-wins score pad finished by an app whose summaries did not say so (Ann 2 beats Bo 9): opened by this
    app, its catalogue entry is made again from the session file and counts as the lowest-wins game."""
    old_summary = Store._summary

    def undirected(record, state, board=None):
        """The summary as the app made it before session 64."""
        summary = old_summary(record, state, board)
        summary.pop("lower_wins", None)
        return summary

    with monkeypatch.context() as patched:
        patched.setattr(Store, "_summary", staticmethod(undirected))
        with Store(tmp_path / "data") as store:
            finished(store, [{"Ann": 2, "Bo": 9}], "2026-03-01T20:00:00", lower_wins=True, players=["Ann", "Bo"])
            assert store.stats().games() == ["score_pad"]
    with Store(tmp_path / "data") as store:
        assert store.stats().games() == ["score_pad/lowest"]
        assert store.stats().game("score_pad/lowest")["best"]["score"] == 2


def test_a_session_stored_without_its_totals_is_made_again_for_its_history_row(tmp_path, monkeypatch):
    """History's rows read the final totals from the catalogue (session 73); an entry stored before summaries
    carried totals is made again once from its session file when the catalogue is first used, so its row reads
    them too without the statistics being opened."""
    from views.home import final_totals
    old_summary = Store._summary

    def untotalled(record, state, board=None):
        """The summary as the app made it before the statistics."""
        summary = old_summary(record, state, board)
        return {k: v for k, v in summary.items() if k not in ("totals", "ranks")}

    with monkeypatch.context() as patched:
        patched.setattr(Store, "_summary", staticmethod(untotalled))
        with Store(tmp_path / "data") as store:
            finished(store, [{"Ann": 2, "Bo": 9}], "2026-03-01T20:00:00", players=["Ann", "Bo"])
            assert final_totals(store.sessions("finished")[0]) == ""
    with Store(tmp_path / "data") as store:
        assert final_totals(store.sessions("finished")[0]) == "Bo 9 · Ann 2"


def test_entries_found_up_to_date_are_not_checked_again_until_their_shard_changes(tmp_path, monkeypatch):
    """Every start checked every catalogue entry for what older apps did not record (`behind`): 65 ms of the
    120 ms of the first catalogue read at 10,000 sessions. A start checks only the shards written since the last
    check (by this app or an older one), and all of them again after `BROUGHT_UP` changes."""
    from storage import store as store_module
    checked = []
    real = store_module.behind
    monkeypatch.setattr(store_module, "behind", lambda summary: checked.append(summary["id"]) or real(summary))
    folder = tmp_path / "data"
    with Store(folder) as store:
        ids = [finished(store, [{"Ann": i, "小明": 1, "Bo": 2}], f"2026-03-0{i}T20:00:00") for i in range(1, 6)]
        assert store.count() == 5
    checked.clear()
    with Store(folder) as store:
        assert store.count() == 5
    assert checked == []
    with Store(folder) as store:
        new = finished(store, [{"Ann": 1, "小明": 9, "Bo": 2}], "2026-03-07T20:00:00")
    checked.clear()
    with Store(folder) as store:
        assert store.count() == 6
    assert new in checked and set(checked) <= {sid for sid in ids + [new] if shard_of(sid) == shard_of(new)}
    checked.clear()
    monkeypatch.setattr(store_module, "BROUGHT_UP", store_module.BROUGHT_UP + 1)
    with Store(folder) as store:
        assert store.count() == 6
    assert sorted(checked) == sorted(ids + [new])


def test_a_damaged_note_of_checked_shards_means_checking_all_of_them(tmp_path, monkeypatch):
    """The note of which shards were found up to date is only a saving: unreadable, it is not quarantined or
    reported, and every entry is checked."""
    from storage import store as store_module
    folder = tmp_path / "data"
    with Store(folder) as store:
        ids = [finished(store, [{"Ann": i, "小明": 1, "Bo": 2}], f"2026-03-0{i}T20:00:00") for i in range(1, 4)]
        assert store.count() == 3
    for spoilt in (b"\x00\xff", b"[1, 2]", b'{"version": 73, "shards": 3}'):
        (folder / "catalogue" / "brought_up").write_bytes(spoilt)
        checked = []
        real = store_module.behind
        with monkeypatch.context() as patched:
            patched.setattr(store_module, "behind", lambda summary: checked.append(summary["id"]) or real(summary))
            with Store(folder) as store:
                assert store.count() == 3 and store.problems == []
        assert sorted(checked) == sorted(ids)


def test_a_cooperative_game_has_its_crews_ends_not_a_best_score():
    """Solar Storm lost by its crew read "Highest score 0": a crew has no score of its own to rank. A cooperative
    game's record is how its crews ended (won, lost, and why, as the engine says), with no best score and no score
    histogram; a player's row has plays and wins (the crew's), no best or average score."""
    crew = ["Ann", "Bo"]
    ends = [{"outcome": "lost", "why": "solar_storm.view.why.room_destroyed", "room": "bridge"},
            {"outcome": "won", "why": "solar_storm.view.why.launched"},
            {"outcome": "lost", "why": "solar_storm.view.why.room_destroyed", "room": "bridge"},
            {"outcome": "lost", "why": "solar_storm.view.why.deck_empty"}]
    summaries = [{"id": f"s{i}", "game": "solar_storm", "status": "finished", "created": f"2026-03-0{i}T20:00:00",
                  "winners": crew if end["outcome"] == "won" else [], "totals": dict.fromkeys(crew, 9 * (i == 2)),
                  "ranks": dict.fromkeys(crew, 1), "teams": [crew], "crew": end} for i, end in enumerate(ends, 1)]
    stats = Stats(summaries)
    game = stats.game("solar_storm")
    assert (game["plays"], game["best"], game["histogram"]) == (4, None, [])
    assert game["crew"] == {"won": 1, "lost": 3, "ends": [{**ends[0], "count": 2}, {**ends[1], "count": 1},
                                                        {**ends[3], "count": 1}]}
    ann = stats.player("Ann")["games"]["solar_storm"]
    assert (ann["plays"], ann["wins"], ann["best"], ann["average"]) == (4, 1, None, None)
    stats.remove(summaries[0])
    assert stats.game("solar_storm")["crew"]["ends"][0] == {**ends[1], "count": 1}
    assert stats.game("score_pad")["crew"] is None


def test_only_a_score_pad_whose_first_place_is_below_its_top_total_is_made_again():
    """A score pad's entry without lower_wins whose winner has less than the top total predates it; a highest-wins
    pad, a tie, or another game (whose winner may be decided otherwise) is not remade (it would be on every start)."""
    from storage.store import behind
    entry = {"id": "s1", "status": "finished", "players": ["Ann", "Bo"], "totals": {"Ann": 2, "Bo": 9},
             "ranks": {"Ann": 1, "Bo": 2}}
    assert behind({**entry, "game": "score_pad"})
    assert not behind({**entry, "game": "score_pad", "lower_wins": True})
    assert not behind({**entry, "game": "kingdomino"})
    assert not behind({**entry, "game": "score_pad", "ranks": {"Bo": 1, "Ann": 2}})
    assert not behind({**entry, "game": "score_pad", "totals": {"Ann": 4, "Bo": 4}})


def test_a_titled_score_pad_is_its_own_game_whatever_case_width_or_spaces(tmp_path):
    """Azul kept on the score pad three times ("Azul", "azul ", full-width "ＡＺＵＬ"), golf once (lowest wins) and one
    untitled pad: every pad was one game, averaging Azul with golf. Now a titled pad is its own game keyed by its
    title as names are compared (one Azul, named as most of its sessions spell it), the lowest-wins split still
    applies, a title ending like that split is not it, and the store's index stays equal to a rebuild as sessions
    are reopened, finished again and deleted."""
    two = ["Ann", "Bo"]
    with Store(tmp_path / "data") as store:
        azul = [finished(store, [scores], f"2026-03-0{day}T20:00:00", players=two, title=title)
                for day, scores, title in ((1, {"Ann": 30, "Bo": 20}, "Azul"), (2, {"Ann": 10, "Bo": 40}, "azul "),
                                           (3, {"Ann": 25, "Bo": 5}, "ＡＺＵＬ"))]
        finished(store, [{"Ann": 2, "Bo": 9}], "2026-03-04T20:00:00", lower_wins=True, players=two, title="Golf")
        finished(store, [{"Ann": 5, "Bo": 1}], "2026-03-05T20:00:00", players=two)
        finished(store, [{"Ann": 1, "Bo": 3}], "2026-03-06T20:00:00", players=two, title="x/lowest")
        stats = store.stats()
        assert stats.games() == ["score_pad", "score_pad/lowest:golf", "score_pad:azul", "score_pad:x/lowest"]
        assert [stats.title(g) for g in stats.games()] == [None, "Golf", "Azul", "x/lowest"]
        assert stats.lowest("score_pad/lowest:golf") and not stats.lowest("score_pad:x/lowest")
        game = stats.game("score_pad:azul")
        assert game["plays"] == 3
        assert game["best"] == {"score": 40, "by": [{"player": "Bo", "when": "2026-03-02T20:00:00"}]}
        ann = stats.player("Ann")["games"]
        assert [ann["score_pad:azul"][k] for k in ("plays", "wins", "best")] == [3, 2, 30]
        assert ann["score_pad/lowest:golf"]["best"] == 2 and ann["score_pad"]["plays"] == 1
        store.undo(azul[0], "2026-03-07T20:00:00")
        assert stats.title("score_pad:azul") == "azul" and stats.game("score_pad:azul")["plays"] == 2
        store.play(azul[0], {"type": "finish", "by": "table"}, "2026-03-07T21:00:00")
        store.delete(azul[1])
        rebuilt = Stats(store.sessions())
        assert store.stats() is stats and stats.games() == rebuilt.games()
        for key in stats.games():
            assert stats.game(key) == rebuilt.game(key) and stats.title(key) == rebuilt.title(key)
        assert stats.player("Ann") == rebuilt.player("Ann") and stats.title("score_pad:azul") == "Azul"
    with Store(tmp_path / "data") as fresh:
        assert fresh.stats().player("Bo") == stats.player("Bo") and fresh.stats().title("score_pad:azul") == "Azul"
