"""Replay cost of every registered game at 1,000 and 10,000 actions: 10,000 should cost at most 12x 1,000.

For each game a log is built by playing: where the game takes free input (a round's scores or lines) a neutral round
is written (score pad: small scores with no target; Flip 7: every player frozen with nothing, so nobody reaches 200;
Rummy: one player goes out, the others hold one low card; Cubosaurs: each player holds one T-Rex, a round nobody
holds a card in being refused), otherwise the first finite choice the engine's `prompt` offers is taken (Nab-It: a
swap, the players each given a colour). (A neutral round, once checked, is not checked again while building: `check`
copies the whole state, which would make building the log itself quadratic.) A game that ends (or offers nothing)
before 10,000 actions is reported with the length it reached (0: its first step takes free input this script does
not write); no ratio then. Each log is replayed with `scoring.record.replay` (median of runs), beside an anchor
measured in the same run: parsing the same log from its JSON text (`json.loads`), a cost that grows linearly in its
work but, with the cycle collector on, not in time: its full passes walk the whole heap, which the longer log fills
(parsing 10,000 actions measured 53-130x parsing 1,000 in this process). A replay pauses the collector and then
hands what it built to the oldest generation without walking it (`record.collector_paused`); what is left above 10x
is memory that no longer fits the caches. Each figure is the median of as many runs as fill a second (at least 5): a
3 ms replay measured 9 times swung with the shared machine's load by more than the target's margin. The ratio of the
best runs is printed beside it: other work on the machine only adds time, so it is the closest to the replay's own
cost. Figures are printed, not asserted.

Run: .venv/bin/python benchmarks/bench_replay.py [game ...]
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repo root, before any installed copy

from scoring import record as rec  # noqa: E402
from scoring.core import RuleError, clone, engine, games  # noqa: E402

SIZES = (1000, 10000)
T0 = "2026-03-01T20:00:00"


def neutral(game: str, kind: str, players: list[str], i: int) -> dict | None:
    """A free-input action that keeps the game going, for the games that take one; None otherwise."""
    if game == "score_pad" and kind == "round":
        return {"scores": {p: (i * 7 + n) % 11 for n, p in enumerate(players)}}
    if game == "flip7" and kind == "round":
        return {"lines": {p: {"numbers": [], "status": "frozen"} for p in players}}
    if game == "rummy" and kind == "round":
        hands = [[], ["2C"], ["3D"], ["4H"]]
        return {"lines": {p: {"melds": [], "laid_off": [], "hand": hands[n]} for n, p in enumerate(players)}}
    if game == "cubosaurs" and kind == "round":
        return {"lines": {p: {"dinos": {"T-Rex": 1}} for p in players}}
    return None


def build(game: str, size: int) -> dict:
    """A record of game with up to size actions, made by playing (see the module docstring)."""
    eng = engine(game)
    names = [f"P{i}" for i in range(max(eng.game.min_players, min(3, eng.game.max_players)))]
    players = [{"name": n, "colour": c} for n, c in zip(names, rec.COLOURS)] if eng.game.colours else names
    record = rec.new_record(game, players, seed=7, now=T0)
    state = rec.replay(record)
    actions, trusted = [], set()
    while len(actions) < size and not state.get("over"):
        action = None
        for entry in eng.prompt(state):
            choices = entry.get("choices")
            fill = neutral(game, entry["type"], names, len(actions)) if choices is None else None
            for candidate in ([fill] if fill else []) + list(choices or [])[:8]:
                trial = {"type": entry["type"], "by": entry["by"], **candidate, "at": T0}
                if (candidate is fill and entry["type"] in trusted) or eng.check(state, trial) is None:
                    action = trial
                    if candidate is fill:
                        trusted.add(entry["type"])
                    break
            if action:
                break
        if action is None:
            break
        try:
            eng.apply_in_place(state, clone(action))
        except RuleError:
            break
        actions.append(action)
    return {**record, "actions": actions}


def timed_ms(fn, least: int = 5, fill_s: float = 1.0) -> tuple[float, float]:
    """Median and best milliseconds of calls to fn: at least `least`, and as many as fill `fill_s` seconds."""
    times: list[float] = []
    total = 0.0
    while len(times) < least or total < fill_s * 1000:
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
        total += times[-1]
    return statistics.median(times), min(times)


def main(only: list[str]) -> None:
    """Print, per game, the replay time at each size beside its anchor, and the 10,000 / 1,000 ratio."""
    for game in sorted(g.id for g in games()):
        if only and game not in only:
            continue
        try:
            full = build(game, max(SIZES))
        except RuleError as err:
            print(f"{game:11} no log built here (its new session needs more than player names: {err.key})")
            continue
        reached = len(full["actions"])
        figures = {}
        for size in SIZES:
            record = {**full, "actions": full["actions"][:size]}
            text = json.dumps(record)
            replay, best = timed_ms(lambda: rec.replay(record))
            anchor, _ = timed_ms(lambda: json.loads(text))
            figures[size] = (len(record["actions"]), replay, anchor, best)
        line = "  ".join(f"{n:>6} actions: replay {ms:9.1f} ms ({ms / max(a, 1e-3):6.1f}x parsing it)"
                         for n, ms, a, _ in figures.values())
        (n1, r1, _, b1), (n2, r2, _, b2) = figures[SIZES[0]], figures[SIZES[1]]
        note = "" if reached >= max(SIZES) else f"  (the game ends after {reached} actions)"
        ratio = (f"{r2 / r1:6.1f}x (best runs {b2 / b1:.1f}x) for {n2 / max(n1, 1):.0f}x the actions" if n2 > n1
                 else "   n/a")
        print(f"{game:11} {line}  ratio {ratio} (target <= 12x at 10x){note}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
