"""The pieces behind answer readings: Chinese numerals, the dictionaries (glosses, pinyin, lemmas) and forms."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from validators import lexicon
from validators.numerals import integer, with_digits
from validators.readings import link, readings
from validators.writing import words


@pytest.mark.parametrize(
    "text, digits",
    [("十", "10"), ("二十三", "23"), ("一百零五", "105"), ("两千万", "20000000"), ("一亿两千万", "120000000"),
     ("十万", "100000"), ("二十万零五", "200005"), ("一九八四", "1984"), ("三点一四", "3.14"), ("三只小猪", "3只小猪"),
     ("一千零一夜", "1001夜"), ("十十", "十十"), ("万一", "万一"), ("苹果", "苹果")],
)
def test_chinese_numerals_in_digits(text, digits):
    """Well-formed numeral runs become digits (arithmetic: 二十万零五 = 2×10×10000 + 5); malformed ones stay."""
    assert with_digits(text) == digits


def test_malformed_numerals_are_none():
    """A unit after a smaller one's equal, two digits in a row with units, or a leading 万 is not a number."""
    assert [integer(t) for t in ("十十", "三五十", "万", "百千", "")] == [None] * 5


@pytest.mark.parametrize(
    "word, gloss",
    [("苹果", "apple"), ("西红柿", "tomato"), ("番茄", "tomato"), ("土豆", "potato"), ("马铃薯", "potato"),
     ("冰淇淋", "ice cream"), ("计程车", "taxi"), ("苞米", "corn"), ("猫熊", "panda"), ("牛奶", "milk")],
)
def test_glosses(word, gloss):
    """Short glosses, notes dropped, cross-references followed one step, possessive heads kept."""
    assert gloss in lexicon.glosses(word)


def test_glosses_skip_classifiers_surnames_and_long_senses():
    """No gloss names a classifier, a surname or runs past three words."""
    for word in ("花", "苹果", "行", "李", "王"):
        for gloss in lexicon.glosses(word):
            assert not gloss.startswith(("cl:", "surname")) and len(gloss.split()) <= 3


@pytest.mark.parametrize(
    "word, reading",
    [("巧克力", "qiao ke li"), ("巧克利", "qiao ke li"), ("银行", "yin hang"), ("重庆", "chong qing"), ("绿色", "lü se")],
)
def test_pinyin(word, reading):
    """Dictionary words read as listed; other words are cut into dictionary words and characters."""
    assert reading in lexicon.pinyin(word)


def test_pinyin_needs_every_character():
    """A word with a character the dictionary cannot read has no pinyin."""
    assert lexicon.pinyin("苹果ab") == ()


def test_cut_gives_the_longest_dictionary_words_and_keeps_every_character():
    """The rules search cuts a sentence as pinyin does; a character that starts no word stands alone, none is lost."""
    assert lexicon.cut("翻三张时抽到第二次机会") == ["翻", "三", "张", "时", "抽", "到", "第二次", "机会"]
    assert lexicon.cut("中央王国") == ["中央", "王国"] and lexicon.cut("a苹果") == ["a", "苹果"] and lexicon.cut("") == []


def test_english_words_and_lemmas():
    """Irregular plurals have their singulars; typos are not English words."""
    assert [lexicon.noun_lemmas(w) for w in ("mice", "children", "geese")] == [("mouse",), ("child",), ("goose",)]
    assert "leaf" in lexicon.noun_lemmas("leaves")
    assert lexicon.noun_lemmas("apple") == ()
    assert [lexicon.is_english(w) for w in ("apple", "cart", "aple", "elephnat")] == [True, True, False, False]
    assert lexicon.american("colour") == "color" and lexicon.american("apple") == "apple"
    assert lexicon.with_digits(["twenty", "one", "pigs"]) == ["21", "pigs"]


@pytest.mark.parametrize(
    "tokens, digits",
    [(["twentyone"], ["21"]), (["ninetynine", "red", "balloons"], ["99", "red", "balloons"]),
     (["one", "hundred", "and", "one", "dalmatians"], ["101", "dalmatians"]),
     (["thousand", "and", "one", "nights"], ["1001", "nights"]), (["hundred", "twentyfive"], ["125"]),
     (["thousand", "one"], ["1001"]), (["million", "two"], ["1000002"]), (["thousand"], ["1000"]),
     (["one", "and", "only"], ["1", "and", "only"]), (["seven", "and", "seven"], ["7", "and", "7"]),
     (["rock", "and", "roll"], ["rock", "and", "roll"]), (["twentyish"], ["twentyish"])],
)
def test_english_number_words_written_as_people_write_them(tokens, digits):
    """A hyphenated 21–99 (twenty-one reaches here as one word), "and" after hundred/thousand (one hundred and one)
    and a scale word after a dropped article (a thousand and one) read as digits; any other "and" stays."""
    assert lexicon.with_digits(tokens) == digits


NUMBER_WORDS = ["zero", "one", "two", "nine", "ten", "eleven", "twenty", "ninety", "hundred", "thousand", "million",
                "billion", "point", "and", "twentyone", "pigs"]


@given(st.lists(st.sampled_from(NUMBER_WORDS), max_size=6))
def test_any_run_of_number_words_reads_without_raising(tokens):
    """word2number raises IndexError, not only ValueError, on runs like "thousand one" or "billion two"; an
    answer made of such words is read (as digits, or as written), never a crash of the matcher."""
    assert isinstance(lexicon.with_digits(tokens), list)


def test_load_is_done_once():
    """The dictionaries load once: a second load takes next to nothing."""
    lexicon.load()
    assert lexicon.load() < 0.01


def test_counted_answers_find_the_bare_word_but_not_another_count():
    """三只小猪 looks for 小猪; 两只小猪 does not find 三只小猪 (different counts)."""
    three, two, bare = (readings(words(t)) for t in ("三只小猪", "两只小猪", "小猪"))
    assert link(three, bare) == ("counted", "小猪")
    assert link(three, two) is None


@pytest.mark.parametrize(
    "word, digits",
    [("first", "1st"), ("second", "2nd"), ("third", "3rd"), ("fourth", "4th"), ("eleventh", "11th"),
     ("twelfth", "12th"), ("twentieth", "20th"), ("twentyfirst", "21st"), ("ninetysecond", "92nd"),
     ("hundredth", "100th"), ("month", None), ("tooth", None), ("both", None)],
)
def test_ordinal_words_in_digits(word, digits):
    """An ordinal word as people write it in digits; a word that merely ends in -th is none."""
    assert lexicon.ordinal(word) == digits


@pytest.mark.parametrize("word", ["twentytwelfth", "twentytenth", "twentyzeroth", "twentyeleventh", "ninetyhundredth",
                                  "thirtytwentieth"])
def test_a_tens_word_before_anything_but_first_to_ninth_is_no_ordinal(word):
    """Session 69 review: nonsense compounds read as numbers (twentytwelfth → 32nd, twentytenth → 30th,
    twentyzeroth → 20th, twentyeleventh → 31st, ninetyhundredth → 100th)."""
    assert lexicon.ordinal(word) is None
