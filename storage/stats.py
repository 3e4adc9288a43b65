"""The table's statistics, kept incrementally from finished sessions' summaries (no replay of any log).

`Stats` is an index: `add(summary)` and `remove(summary)` fold one finished session in or out in time
proportional to its number of players (squared, for head-to-head), and the questions read the index:

- `player(name)`: per game plays, wins, win rate, best and average score, last played; overall plays, wins,
  last played.
- `game(game_id)`: plays, the score distribution as histogram bins, the best score with who and when; for a
  team game (Bacon), by team; for a cooperative game, how its crews ended instead.
- `games()`: every game with a finished session, a lowest-wins game under its own key (`lowest(key)`).
- `head_to_head(a, b)`: sessions both played against each other (`games`), how often each finished ahead of the
  other (`ahead`, by player name: kept apart from the counters, so a player may be called "games" or "ties"),
  ties; and sessions they played on the same side (`allies`).
- `players()`: everyone with at least one finished session.
- `met(name)`: the players someone shared a finished session with (against them or on their side), and in how
  many.

Rulings:
- A player is one player whatever case or width their name was typed in (`scoring.names.same`: "Ann", "ann" and
  the full-width "Ａｎｎ", as on the roster; a session imported from another table had split them into two
  players), named as most of their sessions spell it (of equally common spellings the first in code-point order,
  as a title: the first seen had named "Ann", "ann" and "Ａｎｎ" by the catalogue's order, so a rebuild over the
  sessions newest first, as the CSV export makes one, named her otherwise).
- Only finished sessions count; a session reopened by an undo leaves the statistics until it finishes again.
- A session counts on the day it started (its summary's `created`), as the history dates it: a game night that
  runs past midnight is the evening's game in both (an old summary without `created` falls back to `updated`).
- "Ahead" compares places in the session's ranking (shared places are ties), not raw totals, so games where
  the lowest total wins are judged the way they were scored.
- A win is a shared first place too (every winner of a tie gets the win).
- Scores are the session's final totals; histogram bins have a round width chosen so there are at most ten.
- A team game's summary names its `teams` (every member carries the team's total): a game's histogram and
  best score count each team once, and the best is held by the team. A player's own record still counts
  the team's total and win as theirs. Teammates (a team game's side, a cooperative game's whole crew) did not
  play against each other: head-to-head counts such a session apart, as one on the same side, not as a tie (it
  was a tie, so a crew that played Solar Storm together read as rivals who always drew).
- A game whose lowest total wins (a score pad set to lowest wins: its summary's `lower_wins`) is its own game
  in the statistics, `<game>/lowest` [ruling, session 64]: a score pad kept both ways is two games, as golf
  scores and Scrabble scores make no one average; its best score, a player's and the game's, is its lowest.
- A titled score pad (its title names the game it keeps score for, `scoring.record.game_title`: "Azul") is its
  own game, `<game>:<title's key>` (after `/lowest` where the lowest wins: `score_pad/lowest:golf`), its title
  compared as players' names are (`scoring.names.key`: case, width and surrounding spaces ignored, so "Azul" and
  "azul " are one game), named as most of its sessions spell it (`title`: equals in code-point order) [ruling,
  session 65]: Azul and Carcassonne kept on the pad make no one average; an untitled pad stays `score_pad`.
- A cooperative game (Solar Storm: the crew wins or loses together) ranks nobody [ruling, session 55]: its crew
  is one side (head-to-head: on the same side, never ahead, behind or tied; its score counted once), and its
  outcome is the crew's: each member's record counts a play, and a win when the crew won (as BG Stats counts a
  cooperative play: a player's win rate there is how often their crews won); a lost crew is a play without a
  win for each, not a loser among winners. The summary's `ranks` of a crew (all 1) are not read as places.
  Its crew's points (Solar Storm's rooms diverted) are no score of a player or a side to rank [session 64: a lost
  crew read "Highest score 0"]: the game has no best score and no histogram, a player's row no best or average;
  the game's record is its crews' ends instead (won, lost, and each end as the engine says it, `crew`).

A summary the index understands has `id`, `game`, `status`, `created`, `winners`, `totals` ({player: total})
and `ranks` ({player: place}), for a team game `teams` ([[player, …], …]), for a lowest-wins game `lower_wins`,
for a cooperative game `crew` ({"outcome", "why", and its parameters}), and for a titled score pad `title`;
`storage.store.Store` keeps those in every session summary.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from functools import lru_cache
from typing import Iterable

from scoring import names
from scoring.core import cooperative
from scoring.record import game_title

MAX_BINS = 10
LOWEST = "/lowest"  # a lowest-wins game's key: its id and this
TITLED = ":"  # a titled score pad's key: its game's key, this and its title's key
player_key = lru_cache(maxsize=4096)(names.key)  # a table's few names, keyed once each (not 40,000 times)


class Stats:
    """Statistics over the finished sessions folded in so far."""

    def __init__(self, summaries: Iterable[dict] = ()) -> None:
        """An index over the given summaries (unfinished ones are ignored)."""
        self.counted: set[str] = set()
        self.plays: Counter = Counter()                      # (player, game) -> sessions
        self.wins: Counter = Counter()                       # (player, game) -> wins
        self.score_sum: Counter = Counter()                  # (player, game) -> sum of totals
        self.scores: dict = defaultdict(Counter)             # (player, game) -> Counter of totals
        self.days: dict = defaultdict(Counter)               # player -> Counter of finish times
        self.game_days: dict = defaultdict(Counter)          # (player, game) -> Counter of finish times
        self.game_plays: Counter = Counter()                 # game -> sessions
        self.game_scores: dict = defaultdict(Counter)        # game -> Counter of totals
        self.holders: dict = defaultdict(Counter)            # (game, total) -> Counter of (side, when)
        self.team_plays: Counter = Counter()                 # game -> sessions played in teams
        self.ends: dict = defaultdict(Counter)               # cooperative game -> Counter of its crews' ends
        self.pairs: dict = defaultdict(Counter)              # (a, b), a < b -> {"games", "a", "b", "ties", "allies"}
        self.spellings: dict = defaultdict(Counter)          # player's key -> Counter of the names typed
        self.titles: dict = defaultdict(Counter)             # titled game's key -> Counter of the titles typed
        for summary in summaries:
            self.add(summary)

    @staticmethod
    def counts(summary: dict) -> bool:
        """Whether a summary takes part in the statistics (a finished session with totals)."""
        return summary.get("status") == "finished" and isinstance(summary.get("totals"), dict)

    def add(self, summary: dict) -> None:
        """Fold a finished session in (nothing for an unfinished one, or one already counted)."""
        if self.counts(summary) and summary["id"] not in self.counted:
            self.counted.add(summary["id"])
            self._fold(summary, 1)

    def remove(self, summary: dict) -> None:
        """Fold a session out again (nothing if it was not counted)."""
        if summary.get("id") in self.counted:
            self.counted.discard(summary["id"])
            self._fold(summary, -1)

    def _fold(self, summary: dict, sign: int) -> None:
        """Add (sign 1) or take away (sign -1) one session's contribution everywhere."""
        summary = self._by_key(summary, sign)
        game, when = game_key(summary), summary.get("created") or summary.get("updated", "")
        totals, ranks = summary["totals"], summary.get("ranks") or {}
        winners = set(summary.get("winners") or [])
        self.game_plays[game] += sign
        self.team_plays[game] += sign * bool(summary.get("teams"))
        title = game_title(summary)
        if title is not None:
            _bump(self.titles[game], title, sign)
        if isinstance(summary.get("crew"), dict):
            _bump(self.ends[game], tuple(sorted(summary["crew"].items())), sign)
        for side in sides(summary):
            _bump(self.game_scores[game], totals[side[0]], sign)
            _bump(self.holders[(game, totals[side[0]])], (side, when), sign)
        for player, total in totals.items():
            key = (player, game)
            self.plays[key] += sign
            self.wins[key] += sign * (player in winners)
            self.score_sum[key] += sign * total
            _bump(self.scores[key], total, sign)
            _bump(self.days[player], when, sign)
            _bump(self.game_days[key], when, sign)
        side_of = {player: side for side in sides(summary) for player in side}
        names = sorted(totals)
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                pair = self.pairs[(a, b)]
                if side_of.get(a, (a,)) == side_of.get(b, (b,)):
                    pair["allies"] += sign
                    continue
                pair["games"] += sign
                place_a, place_b = ranks.get(a), ranks.get(b)
                if place_a is None or place_b is None or place_a == place_b:
                    pair["ties"] += sign
                else:
                    pair["a" if place_a < place_b else "b"] += sign

    def _by_key(self, summary: dict, sign: int) -> dict:
        """The summary with every player named by their key (`scoring.names.key`), each name as typed counted."""
        key = player_key
        for player in summary["totals"]:
            _bump(self.spellings[key(player)], player, sign)
        return {**summary, "totals": {key(p): total for p, total in summary["totals"].items()},
                "ranks": {key(p): place for p, place in (summary.get("ranks") or {}).items()},
                "winners": [key(p) for p in summary.get("winners") or []],
                "teams": [[key(p) for p in team] for team in summary.get("teams") or []]}

    def shown(self, key: str) -> str:
        """A player's name as most of their sessions spell it (equals: the first in code-point order)."""
        spellings = self.spellings.get(key)
        return most_spelled(spellings) if spellings else key

    # -----------------------------------------------------------------------------------------------------
    # Questions

    def players(self) -> list[str]:
        """Every player with a finished session, by name."""
        return sorted(self.shown(p) for p, days in self.days.items() if days)

    def most_wins(self, game: str | None = None) -> list[tuple[str, int]]:
        """Every player with a finished session and their wins over all games, most first (equals by name); with a
        game's key, every player who finished a session of that game and their wins in it."""
        if game is None:
            wins = [(name, self.player(name)["wins"]) for name in self.players()]
        else:
            wins = [(self.shown(player), self.wins[(player, played)])
                    for (player, played), plays in self.plays.items() if played == game and plays > 0]
        return sorted(wins, key=lambda item: (-item[1], item[0]))

    def player(self, name: str) -> dict:
        """One player's record: per game and overall."""
        games, name = {}, player_key(name)
        for (player, game), plays in self.plays.items():
            if player != name or plays <= 0:
                continue
            key = (player, game)
            wins, scored = self.wins[key], not cooperative(game)
            games[game] = {"plays": plays, "wins": wins, "win_rate": wins / plays,
                           "best": best(self.scores[key], self.lowest(game)) if scored else None,
                           "average": self.score_sum[key] / plays if scored else None,
                           "last": max(self.game_days[key])}
        days = self.days.get(name)
        return {"name": self.shown(name), "plays": sum(g["plays"] for g in games.values()),
                "wins": sum(g["wins"] for g in games.values()), "last": max(days) if days else "",
                "games": dict(sorted(games.items()))}

    def title(self, game_key: str) -> str | None:
        """A titled score pad's title as most of its sessions spell it (of equally common spellings the first in
        code-point order, so the index and a rebuild agree whatever order sessions came in), or None for a game
        without one."""
        titles = self.titles.get(game_key)
        return most_spelled(titles) if titles else None

    @staticmethod
    def lowest(game_key: str) -> bool:
        """Whether a game's key is a lowest-wins game's."""
        return game_key.partition(TITLED)[0].endswith(LOWEST)

    def game(self, game_id: str) -> dict:
        """One game's record: plays, score histogram, best score (`lowest` says the lowest) with who (a player, or a
        team's players) and when; `teams` says the scores are the teams'; a cooperative game's `crew` ends."""
        scores = self.game_scores.get(game_id) or Counter()
        out = {"game": game_id, "plays": max(0, self.game_plays[game_id]), "histogram": [], "best": None,
               "teams": self.team_plays[game_id] > 0, "lowest": self.lowest(game_id), "crew": None}
        if cooperative(game_id):
            return {**out, "crew": self.crew(game_id)}
        if not scores:
            return out
        top = best(scores, out["lowest"])
        holders = sorted(self.holders[(game_id, top)])
        return {**out, "histogram": histogram(scores), "best": {"score": top, "by": [
            {"team": [self.shown(p) for p in side], "when": w} if len(side) > 1
            else {"player": self.shown(side[0]), "when": w} for side, w in holders]}}

    def crew(self, game_id: str) -> dict:
        """How a cooperative game's crews ended: how many won and lost, and each end with its count (most first,
        then wins first, then by reason)."""
        ends = [{**dict(end), "count": n} for end, n in self.ends[game_id].items()]
        ends.sort(key=lambda e: (-e["count"], e["outcome"] != "won", e["why"], sorted(e.items())))
        won = sum(e["count"] for e in ends if e["outcome"] == "won")
        return {"won": won, "lost": sum(e["count"] for e in ends) - won, "ends": ends}

    def games(self) -> list[str]:
        """Every game with a finished session."""
        return sorted(g for g, n in self.game_plays.items() if n > 0)

    def head_to_head(self, a: str, b: str) -> dict:
        """How a and b fared against each other in the finished sessions both played, and in how many they were
        on the same side."""
        key_a, key_b = player_key(a), player_key(b)
        if key_a == key_b:
            return {"games": 0, "ahead": {a: 0}, "ties": 0, "allies": 0}
        pair = self.pairs.get(tuple(sorted((key_a, key_b)))) or Counter()
        first, second = ("a", "b") if key_a < key_b else ("b", "a")
        return {"games": pair["games"], "ahead": {a: pair[first], b: pair[second]}, "ties": pair["ties"],
                "allies": pair["allies"]}

    def met(self, name: str) -> dict[str, int]:
        """The players who shared a finished session with name (as rivals or on the same side), each with how many,
        most first (equals by name)."""
        key, shared = player_key(name), Counter()
        for pair, counts in self.pairs.items():
            if key in pair and counts["games"] + counts["allies"] > 0:
                other = pair[1] if pair[0] == key else pair[0]
                shared[self.shown(other)] = counts["games"] + counts["allies"]
        return dict(sorted(shared.items(), key=lambda item: (-item[1], item[0])))


def game_key(summary: dict) -> str:
    """The game a session counts under: its game, a lowest-wins one's under `<game>/lowest`, a titled score pad's
    with its title's key after `:` (`score_pad:azul`)."""
    key = summary["game"] + LOWEST if summary.get("lower_wins") else summary["game"]
    title = game_title(summary)
    return key if title is None else f"{key}{TITLED}{names.key(title)}"


def best(scores: Counter, lowest: bool) -> float:
    """The best of some scores: the highest, or the lowest where the lowest wins."""
    return min(scores) if lowest else max(scores)


def sides(summary: dict) -> list[tuple]:
    """Who a session's scores belong to: its teams, or each player on their own."""
    totals = summary["totals"]
    teams = [tuple(team) for team in summary.get("teams") or () if team and all(p in totals for p in team)]
    return teams or [(player,) for player in totals]


def _bump(counter: Counter, key, sign: int) -> None:
    """Add sign to a counter entry, dropping it at zero (so max() sees only what is still there)."""
    counter[key] += sign
    if counter[key] <= 0:
        del counter[key]


def bin_width(low: float, high: float) -> int:
    """A round bin width (1, 2, 5, 10, 20, 50, …) giving at most MAX_BINS bins from low to high."""
    span = max(1, math.ceil(high) - math.floor(low) + 1)
    width = 1
    while math.ceil(span / width) > MAX_BINS:
        width = next_round(width)
    return width


def next_round(width: int) -> int:
    """The next round width after width: 1 → 2 → 5 → 10 → 20 → 50 → 100 …"""
    digits = 10 ** (len(str(width)) - 1)
    lead = width // digits
    return {1: 2 * digits, 2: 5 * digits, 5: 10 * digits}[lead]


def histogram(scores: Counter) -> list[dict]:
    """Score bins [{"low", "high", "count"}] (low ≤ score < high), round width, empty bins kept."""
    low, high = min(scores), max(scores)
    width = bin_width(low, high)
    start = math.floor(low / width) * width
    bins = []
    edge = start
    while edge <= high:
        bins.append({"low": edge, "high": edge + width, "count": 0})
        edge += width
    for score, count in scores.items():
        bins[int((score - start) // width)]["count"] += count
    return bins


def most_spelled(counts: Counter) -> str:
    """The most common of counted spellings; of equally common ones the first in code-point order (so the index and
    a rebuild agree whatever order the sessions came in)."""
    return min(counts, key=lambda spelled: (-counts[spelled], spelled))
