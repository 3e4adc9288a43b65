"""The labelled corpus (tests/data/answer_pairs.tsv): what a table calls the same, asks about, or keeps apart.

Each line is `a  b  table-says  why`. The test prints caught share (same-or-ask pairs the matcher did not call
different), false "same" count, needless-ask share (different pairs it asked about), and holds the issue's
targets: every writing-only pair "same", at least 95 % caught, no false "same", at most 10 % needless asks.
"""

from pathlib import Path

import pytest

from validators.answers import Matcher

CORPUS = Path(__file__).resolve().parent / "data" / "answer_pairs.tsv"
KIND = {"same": "same", "ask": "suggested", "different": "different"}


def corpus() -> list[tuple[str, str, str, str]]:
    """The labelled pairs (a, b, label, why), comments skipped."""
    rows = []
    for line in CORPUS.read_text("utf-8").splitlines():
        if line and not line.startswith("#"):
            a, b, label, why = line.split("\t")
            assert label in KIND, line
            rows.append((a, b, label, why))
    return rows


def verdicts() -> list[tuple[tuple[str, str, str, str], str]]:
    """Each pair with the matcher's verdict kind, checked symmetric and equal to what `pairs` finds."""
    matcher = Matcher()
    out = []
    for row in corpus():
        a, b = row[0], row[1]
        there, back = matcher.compare(a, b), matcher.compare(b, a)
        assert there == back, row
        listed = matcher.pairs([a, b])
        assert [v for _, _, v in listed] == ([] if there.kind == "different" else [there]), row
        out.append((row, there.kind))
    return out


def test_corpus_is_big_enough_in_both_languages():
    """At least 150 pairs, with pairs in Chinese, in English and across the two in every label."""
    rows = corpus()
    assert len(rows) >= 150
    assert len({(a, b) for a, b, _, _ in rows}) == len(rows)
    for label in KIND:
        texts = [a + b for a, b, found, _ in rows if found == label]
        assert any(t.isascii() for t in texts) and any(not t.isascii() for t in texts), label


def test_corpus_targets(capsys):
    """Report the shares and hold the targets (every miss and false verdict is listed when one fails)."""
    found = verdicts()
    wanted = [(row, kind) for row, kind in found if row[2] != "different"]
    apart = [(row, kind) for row, kind in found if row[2] == "different"]
    missed = [row for row, kind in wanted if kind == "different"]
    false_same = [row for row, kind in found if kind == "same" and row[2] != "same"]
    writing_not_same = [row for row, kind in found if row[2] == "same" and kind != "same"]
    asked = [row for row, kind in apart if kind != "different"]
    caught = 1 - len(missed) / len(wanted)
    needless = len(asked) / len(apart)
    with capsys.disabled():
        print(f"\nanswer corpus: {len(found)} pairs; caught {caught:.1%} of {len(wanted)} same-or-ask pairs; "
              f"false same {len(false_same)}; needless asks {needless:.1%} of {len(apart)} different pairs")
        for label, rows in (("missed", missed), ("asked needlessly", asked)):
            for a, b, _, why in rows:
                print(f"  {label}: {a} / {b} ({why})")
    assert writing_not_same == []
    assert false_same == []
    assert caught >= 0.95, missed
    assert needless <= 0.10, asked


@pytest.mark.parametrize("row", [row for row in corpus() if row[2] == "ask"], ids=lambda row: f"{row[0]}|{row[1]}")
def test_every_suggestion_names_its_reason(row):
    """An asked pair that the matcher catches carries a reason with a message in both languages."""
    from tests.helpers import assert_translated

    verdict = Matcher().compare(row[0], row[1])
    if verdict.kind == "suggested":
        key, params = verdict.explain()
        assert_translated(key, params)
