"""Benchmark of the answer matcher: one Knit Wit spool (8 players × 8 answers) and 5,000 answers, next to a plain
pairwise loop with thefuzz (`fuzz.ratio` over the same normalised answers), measured in the same run.

Run: `.venv/bin/python benchmarks/bench_matcher.py`. Prints plain lines. The dictionaries behind the readings
load first, timed on their own. Every matcher call then starts with empty normalising and reading caches, so
the figures include normalising and reading every answer (a warm-cache figure is printed too). The thefuzz loop
runs over every pair (12.5M pairs at 5,000 answers, a few seconds), on answers normalised beforehand
(normalising not timed). Answers mix made-up words, real English and Chinese words (so readings, pinyin and
glosses are really looked up), plurals, articles, number words, capitals and full-width writing.
"""

from __future__ import annotations

import random
import statistics
import time
from itertools import combinations

from thefuzz import fuzz as thefuzz

from validators import lexicon, readings, writing
from validators.answers import Matcher, normalise

SYLLABLES = "ba be bi bo ka ke ki ko la le li lo ma me mi mo na ne ni no ra re ri ro sa se si so ta te ti to".split()
HANZI = "苹果香蕉西瓜老虎狮子熊猫向日葵玫瑰花朵树木石头铁锅椅子桌子红黄蓝绿白黑大小长短软硬冷热天空海河山"
ENGLISH = ("apple banana tiger lion panda sunflower rose flower tree stone chair table mouse child goose colour "
           "theatre grey seven twenty bicycle elephant giraffe penguin chocolate tomato potato").split()
CHINESE = "苹果 香蕉 西瓜 老虎 狮子 熊猫 向日葵 玫瑰 巧克力 西红柿 番茄 土豆 马铃薯 冰淇淋 一个苹果 三只小猪 十 七".split()


def word(r: random.Random) -> str:
    """One answer: made-up letters (sometimes capitalised, plural or full-width), real words, or Chinese."""
    roll = r.random()
    if roll < 0.25:
        return "".join(r.choice(HANZI) for _ in range(r.randint(2, 4)))
    if roll < 0.35:
        return r.choice(CHINESE)
    if roll < 0.5:
        return r.choice(("", "the ", "an ")) + r.choice(ENGLISH) + r.choice(("", "s"))
    text = "".join(r.choice(SYLLABLES) for _ in range(r.randint(2, 4)))
    roll = r.random()
    if roll < 0.1:
        return text.capitalize()
    if roll < 0.2:
        return text + "s"
    if roll < 0.25:
        return "".join(chr(ord(c) + 0xFEE0) for c in text)
    return text


def answers(n: int, seed: int) -> list[str]:
    """n answers with the repeats a real table writes (a fifth are copies of earlier ones)."""
    r = random.Random(seed)
    out: list[str] = []
    for _ in range(n):
        out.append(r.choice(out) if out and r.random() < 0.2 else word(r))
    return out


def clear_caches() -> None:
    """Forget every normalised answer and every reading (the dictionaries stay loaded)."""
    for cached in (writing.normalise, writing.words, readings.readings, lexicon.glosses, lexicon.pinyin):
        cached.cache_clear()


def matcher_ms(matcher: Matcher, listed: list[str], repeats: int, cold: bool = True) -> float:
    """Median milliseconds of matcher.pairs over repeats, each with empty caches unless cold is False."""
    times = []
    for _ in range(repeats):
        if cold:
            clear_caches()
        start = time.perf_counter()
        matcher.pairs(listed)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def thefuzz_loop_s(norms: list[str]) -> float:
    """Seconds for a plain loop of thefuzz ratio over every pair of the normalised answers."""
    start = time.perf_counter()
    for a, b in combinations(norms, 2):
        thefuzz.ratio(a, b)
    return time.perf_counter() - start


def main() -> None:
    """Time the dictionary load, the matcher and the thefuzz loop, and print the figures and ratios."""
    cpu = time.process_time()
    load_s = lexicon.load()
    cpu = time.process_time() - cpu
    print(f"dictionaries loaded once (CC-CEDICT, lemminflect table, breame, word2number): {load_s:.3f} s "
          f"({cpu:.3f} s of CPU time; target <= 0.5 s)")
    matcher = Matcher([("苹果", "apple")])
    small = answers(64, seed=1)
    small_ms = matcher_ms(matcher, small, repeats=200)
    warm_ms = matcher_ms(matcher, small, repeats=200, cold=False)
    found = matcher.pairs(small)
    norms_small = [normalise(a) for a in small]
    loop_small_ms = statistics.median(thefuzz_loop_s(norms_small) for _ in range(20)) * 1000
    print(f"matcher, 8 players x 8 answers (64 answers, 2016 pairs, {len(found)} not different): "
          f"{small_ms:.3f} ms per call, empty caches (median of 200; target <= 5 ms)")
    print(f"matcher, same 64 answers, readings cached: {warm_ms:.3f} ms per call (median of 200)")
    print(f"thefuzz loop, same 64 answers (every pair, normalising not timed): {loop_small_ms:.3f} ms (median of 20)")
    print(f"ratio at 64 answers: thefuzz loop / matcher = {loop_small_ms / small_ms:.1f}x")

    large = answers(5000, seed=2)
    large_ms = matcher_ms(matcher, large, repeats=5)
    total = 5000 * 4999 // 2
    loop_large_s = thefuzz_loop_s([normalise(a) for a in large])
    print(f"matcher, 5,000 answers ({total:,} pairs): {large_ms:.1f} ms per call, empty caches (median of 5)")
    print(f"thefuzz loop, 5,000 answers (every pair, normalising not timed): {loop_large_s:.2f} s")
    print(f"ratio at 5,000 answers: thefuzz loop / matcher = {loop_large_s * 1000 / large_ms:.1f}x (target >= 20x)")


if __name__ == "__main__":
    main()
