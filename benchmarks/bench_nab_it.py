"""Nab-It!: finding the words of a turn and looking them up, on a full 30×30 board.

The board is every cell of 30×30 filled (stacks 1–4 high, random letters from a fixed seed); the turn stacks 5
tiles across row 15. Prints the median per-call time over several runs of:
- `plan`: the stacking checks and finding every word the turn forms or changes (the row and 5 columns, 30 letters
  each);
- `preview`: that plus looking each word up in the word list (what the view asks before a play is sent);
- the engine's whole `apply` of the play (copying the state, the hand, caps, the pending play);
and, as the anchor measured in the same run, a plain Python loop of 1,000 `word in set` lookups on the same list
(the words of the list's first 1,000 lines). Also the one-time cost of loading the list on first use.
Target (issue 17): finding and looking up the words of a turn on a 30×30 board ≤ 5 ms.

Run: .venv/bin/python benchmarks/bench_nab_it.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repo root, before any installed copy

from scoring.core import engine  # noqa: E402
from scoring.games import nab_it as game  # noqa: E402
from validators import words_en  # noqa: E402

RUNS = 7
SIDE = 30
ROW = 15


def full_board(seed: int = 7) -> dict:
    """A 30×30 board with a stack of 1–4 tiles on every cell (no letter on the same letter), owners A and B."""
    rand = random.Random(seed)
    board = {}
    for r in range(SIDE):
        for c in range(SIDE):
            stack, last = [], None
            for _ in range(rand.randint(1, 4)):
                letter = rand.choice([x for x in game.ALPHABET if x != last])
                stack.append({"letter": letter, "owner": rand.choice("AB"), "blank": False})
                last = letter
            board[game.key(r, c)] = stack
    return board


def turn(board: dict) -> list[dict]:
    """Five tiles across row 15, columns 10–14, each a letter other than the one it covers."""
    return [{"row": ROW, "col": c, "letter": "E" if game.top(board, ROW, c)["letter"] != "E" else "A",
             "blank": False} for c in range(10, 15)]


def median_ms(fn, number: int) -> float:
    """Median milliseconds per call over RUNS runs of `number` calls."""
    return statistics.median(timeit.repeat(fn, number=number, repeat=RUNS)) / number * 1000


def main() -> None:
    """Measure and print."""
    started = time.perf_counter()
    words = words_en.word_set()
    load_ms = (time.perf_counter() - started) * 1000
    eng = engine("nab_it")
    state = eng.new_state(["A", "B"], {}, 1)
    state["board"] = full_board()
    tiles = turn(state["board"])
    found = game.preview(state, "A", tiles)
    probe = sorted(words)[:1000]

    plan_ms = median_ms(lambda: game.plan(state["board"], "A", tiles), 50)
    preview_ms = median_ms(lambda: game.preview(state, "A", tiles), 50)
    apply_ms = median_ms(lambda: eng.apply(state, {"type": "play", "by": "A", "tiles": tiles}), 20)
    anchor_ms = median_ms(lambda: sum(1 for w in probe if w in words), 200)

    print(f"word list: {len(words):,} words, loaded once in {load_ms:.1f} ms")
    print(f"board {SIDE}×{SIDE} full, turn of {len(tiles)} tiles: {len(found['words'])} words of "
          f"{', '.join(str(len(w['text'])) for w in found['words'])} letters")
    print(f"anchor: 1,000 set lookups in a Python loop   {anchor_ms:8.3f} ms")
    print(f"plan (checks + words of the turn)           {plan_ms:8.3f} ms  = {plan_ms / anchor_ms:6.1f}× anchor")
    print(f"preview (plan + dictionary lookups)         {preview_ms:8.3f} ms  = {preview_ms / anchor_ms:6.1f}× anchor"
          f"   target ≤ 5 ms: {'met' if preview_ms <= 5 else 'NOT met'}")
    print(f"engine apply of the play (whole state)      {apply_ms:8.3f} ms  = {apply_ms / anchor_ms:6.1f}× anchor")


if __name__ == "__main__":
    main()
