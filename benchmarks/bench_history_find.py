"""Narrowing History to one game and one player (the home screen's "Find a session") at 10 and 10,000 sessions.

Sessions: finished score pad games of 3 rounds, 2–5 players from a roster of 8, a third of them titled "Azul".
Figures (median milliseconds, the sizes timed in turn so other work on the machine weighs on both alike):
- page: what every render of the home screen asks with no choice made (`count` and the newest `PAGE` finished);
- narrowed, new choice: the same for a game and a player just chosen (the store narrows its sorted catalogue once);
- narrowed, redraw: the same again (the narrowed list is kept until the catalogue changes);
- finder's lists: the statistics index built on a fresh store (once per process), as opening the finder does,
  then its games and players;
- anchor: stock TinyDB (in memory) holding the same summaries, searched for one player's sessions of one title, as
  a plain query would narrow them; "new choice / anchor" is the narrowing as a multiple of that search.
The last column is the 10,000-session figure as a multiple of the 10-session one.

Run: .venv/bin/python benchmarks/bench_history_find.py [counts...]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repo root, before any installed copy

from benchmarks.bench_stats import history  # noqa: E402
from benchmarks.bench_storage import interleaved  # noqa: E402
from tinydb import Query, TinyDB  # noqa: E402
from tinydb.storages import MemoryStorage  # noqa: E402
from tinydb.table import Table  # noqa: E402

from storage import Store  # noqa: E402
from views.home import PAGE  # noqa: E402

CHOICES = [("score_pad:azul", "Ann"), ("score_pad", "小明"), ("score_pad:azul", "Gus")]


def page(store: Store, **narrow) -> None:
    """What the home screen asks of History on a render."""
    store.count("finished", **narrow)
    store.sessions("finished", limit=PAGE, **narrow)


def main(counts: list[int]) -> None:
    """Fill a store of each size, then print the figures."""
    with tempfile.TemporaryDirectory() as tmp:
        folders = {}
        for count in counts:
            folders[count] = Path(tmp) / str(count)
            past = history(count, rounds=3, titled_every=3)
            with Store(folders[count]) as store:
                for start in range(0, count, 1000):
                    store.create_many(past[start:start + 1000])
        stores = {count: Store(folder) for count, folder in folders.items()}
        try:
            for store in stores.values():
                page(store)

            def fresh(i: int, s: Store) -> None:
                """A choice not made before: the cache of the last one is dropped first."""
                s._narrow = None
                page(s, game=CHOICES[i % 3][0], player=CHOICES[i % 3][1])

            def finder(i: int, f: Path) -> None:
                """The finder's lists on a fresh store (its first catalogue read not counted)."""
                with Store(f) as s:
                    s.count("finished")
                    start = time.perf_counter()
                    index = s.stats()
                    index.games(), index.players()
                    lists[f].append((time.perf_counter() - start) * 1000)

            lists = {f: [] for f in folders.values()}
            figures = {
                "page": interleaved({c: (lambda i, s=s: page(s)) for c, s in stores.items()}, 21),
                "narrowed, new choice": interleaved({c: (lambda i, s=s: fresh(i, s)) for c, s in stores.items()}, 21),
                "narrowed, redraw": interleaved({c: (lambda i, s=s: page(s, game="score_pad:azul", player="Ann"))
                                           for c, s in stores.items()}, 21),
            }
            interleaved({c: (lambda i, f=f: finder(i, f)) for c, f in folders.items()}, 5)
            figures["finder's lists (first open)"] = {c: lists[f] for c, f in folders.items()}
            found = {c: s.count("finished", game="score_pad:azul", player="Ann") for c, s in stores.items()}
            anchors = {c: anchor_db(s) for c, s in stores.items()}
            figures["anchor: stock TinyDB search"] = interleaved({c: (lambda i, db=db: db.search(
                (Query().title == "Azul") & Query().players.any(["Ann"]))) for c, db in anchors.items()}, 21)
        finally:
            for store in stores.values():
                store.close()
    medians = {name: {c: statistics.median(by_count[c]) for c in counts} for name, by_count in figures.items()}
    print(f"{'figure':32}" + "".join(f"{c:>12,}" for c in counts) + f"{'growth':>10}")
    for name, by_count in medians.items():
        print(f"{name:32}" + "".join(f"{by_count[c]:>10.2f}ms" for c in counts)
              + f"{by_count[counts[-1]] / by_count[counts[0]]:>9.1f}x")
    print(f"{'new choice / anchor':32}" + "".join(
        f"{medians['narrowed, new choice'][c] / medians['anchor: stock TinyDB search'][c]:>11.2f}x" for c in counts))
    print(f"{'Azul with Ann (sessions)':32}" + "".join(f"{found[c]:>12,}" for c in counts))


def anchor_db(store: Store) -> Table:
    """Stock TinyDB in memory holding the store's finished summaries (searched without its query cache, which
    would answer a repeated query without looking)."""
    table = TinyDB(storage=MemoryStorage).table("sessions", cache_size=0)
    table.insert_multiple(store.sessions("finished"))
    return table


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [10, 10_000])
