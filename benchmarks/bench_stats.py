"""Opening the statistics screen with 10,000 finished sessions stored, beside stock TinyDB replaying them.

The store keeps a summary per session (with totals and places) in its catalogue and a statistics index
(`storage.stats.Stats`) built once per process from those summaries and kept up to date on every write.
Figures:
- cold: a fresh `Store` on the folder (reads the catalogue), then the index built and the screen's questions
  answered (a player's record, a game's histogram and highest, a head-to-head) and the screen's controls built;
- warm: the same questions and controls after one more session finished (the index updated incrementally);
- anchor: stock TinyDB (`JSONStorage`) holding the same records in one file, all read and every log replayed
  to compute the same player's totals (what statistics cost without summaries).
Sessions: score pad games of 5 rounds, 2–5 players from a roster of 8, varied scores.

Run: .venv/bin/python benchmarks/bench_stats.py [count]
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repo root, before any installed copy

from tinydb import TinyDB  # noqa: E402

from scoring import record as rec  # noqa: E402
from scoring.core import engine  # noqa: E402
from scoring.record import new_record  # noqa: E402
from storage import Store  # noqa: E402
from views import stats as stats_view  # noqa: E402
from views import words  # noqa: E402

ROSTER = ["Ann", "小明", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus"]


def history(count: int, rounds: int = 5, titled_every: int = 0) -> list[dict]:
    """count finished score pad sessions of `rounds` rounds with their own ids, players and scores; every
    `titled_every`-th one (from the first; none when 0) a pad titled "Azul"."""
    rng = random.Random(7)
    out = []
    for i in range(count):
        players = rng.sample(ROSTER, rng.randint(2, 5))
        at = f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T20:00:00"
        title = "Azul" if titled_every and i % titled_every == 0 else ""
        record = new_record("score_pad", players, id=f"h{i:06d}", now=at, title=title)
        state = rec.replay(record)
        for _ in range(rounds):
            scores = {p: rng.randint(0, 30) for p in players}
            record, state = rec.play(record, state, {"type": "round", "by": "table", "scores": scores}, at)
        record, state = rec.play(record, state, {"type": "finish", "by": "table"}, at)
        out.append(record)
    return out


class ScreenApp:
    """The little of the shell the statistics screen uses (language, words, scratch, store)."""

    def __init__(self, store: Store):
        self.store, self.lang, self.scratch = store, "en", {}

    def t(self, key: str, **params) -> str:
        """Text of key."""
        return words.say(self.lang, key, **params)

    def local(self, name: str) -> dict:
        """Per-screen scratch."""
        return self.scratch.setdefault(name, {})


def open_screen(store: Store) -> None:
    """What opening the statistics screen computes: the index, the questions, the controls."""
    stats_view.build(ScreenApp(store))


def ms(start: float) -> float:
    """Milliseconds since start."""
    return (time.perf_counter() - start) * 1000


def stock_player_totals(path: Path, name: str) -> dict:
    """Stock TinyDB: read every record and replay each log to total one player's plays, wins and points."""
    out = {"plays": 0, "wins": 0, "points": 0}
    for record in TinyDB(path, ensure_ascii=False).table("sessions").all():
        if name not in rec.player_names(record):
            continue
        board = engine(record["game"]).scoreboard(rec.replay(record))
        out["plays"] += 1
        out["wins"] += name in board.winners
        out["points"] += board.total(name)
    return out


def main(count: int) -> None:
    """Print the figures."""
    past = history(count)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "store"
        start = time.perf_counter()
        with Store(folder) as store:
            store.create_many(past)
        print(f"{count} finished sessions stored in {ms(start) / 1000:.1f} s")
        colds = []
        for _ in range(3):
            start = time.perf_counter()
            with Store(folder) as store:
                opened = ms(start)
                open_screen(store)
                colds.append((opened, ms(start)))
        warms = []
        with Store(folder) as store:
            open_screen(store)
            for i in range(5):
                sid = store.create(new_record("score_pad", ["Ann", "Bo"], now="2026-12-31T20:00:00"))
                store.play(sid, {"type": "round", "by": "table", "scores": {"Ann": i, "Bo": 3}}, "2026-12-31T20:30:00")
                store.play(sid, {"type": "finish", "by": "table"}, "2026-12-31T21:00:00")
                start = time.perf_counter()
                open_screen(store)
                warms.append(ms(start))
            assert store.stats().player("Ann")["plays"] >= 5
        stock_path = Path(tmp) / "stock.json"
        db = TinyDB(stock_path, ensure_ascii=False)
        db.table("sessions").insert_multiple(past)
        db.close()
        start = time.perf_counter()
        stock = stock_player_totals(stock_path, "Ann")
        anchor = ms(start)
    cold = statistics.median(total - opened for opened, total in colds)
    print(f"opening the store (once, at server start): median {statistics.median(o for o, _ in colds):.0f} ms")
    print(f"statistics screen, cold (store open, index built from the summaries): median {cold:.0f} ms")
    print(f"statistics screen, warm (after a session finished): median {statistics.median(warms):.1f} ms")
    print(f"stock TinyDB, read all and replay every log for one player ({stock['plays']} sessions): {anchor:.0f} ms")
    print(f"ratio cold / stock: {cold / anchor:.3f}; budget 300 ms: {'met' if cold <= 300 else 'NOT met'}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
