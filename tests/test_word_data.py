"""Word data shipped with the app: the Knit Wit tag decks and the Guess Club topics (counts, no repeats, no blanks)."""

import json
from pathlib import Path

import pytest

from validators.answers import is_dense, normalise

ASSETS = Path(__file__).resolve().parent.parent / "assets"
LANGS = ("en", "zh-CN")


def tags(lang):
    """The raw lines of one language's tag deck."""
    text = (ASSETS / "knit_wit" / f"tags.{lang}.txt").read_text(encoding="utf-8")
    assert text.endswith("\n") and not text.endswith("\n\n")
    return text[:-1].split("\n")


def topics():
    """The topics file as loaded."""
    return json.loads((ASSETS / "guess_club" / "topics.json").read_text(encoding="utf-8"))


def check_words(words, lang):
    """No blank entries, no stray spaces, no two the same after normalising, written in the language's script."""
    assert all(word.strip() == word and normalise(word) for word in words)
    norms = [normalise(word) for word in words]
    repeated = sorted({word for word, norm in zip(words, norms) if norms.count(norm) > 1})
    assert repeated == []
    assert all(is_dense(word) == (lang == "zh-CN") for word in words)


@pytest.mark.parametrize("lang", LANGS)
def test_tag_deck(lang):
    """At least 114 tags per language, each a short line."""
    deck = tags(lang)
    assert len(deck) >= 114
    check_words(deck, lang)
    assert all(len(tag) <= 32 for tag in deck)


def test_topics_languages():
    """Topics exist for exactly the app's two languages."""
    assert sorted(topics()) == sorted(LANGS)


@pytest.mark.parametrize("lang", LANGS)
def test_topics(lang):
    """At least 60 topics per language, each a string."""
    listed = topics()[lang]
    assert len(listed) >= 60
    assert all(isinstance(topic, str) for topic in listed)
    check_words(listed, lang)
