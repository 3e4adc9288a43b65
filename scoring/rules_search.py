"""Searching the rules pages: Chinese matched by characters, English (and any other spaced script) by words.

`search(sections, query)` is pure: it looks through the sections it is given (anything with `page`, `lang`, `id`,
`title` and `body`, e.g. `scoring.rulebook.Section`) and returns the hits best first.

- Text is compared after Unicode NFKC and case folding, with markdown marks left out.
- A query is split into terms: every Chinese (CJK) character is a term, every run of other letters or digits is a
  word. A section matches when every term is in it: a character anywhere in it, a word as a whole word or, for a
  word of 3 letters or more, as the start of a word ("crown" finds "crowns").
- Ranking: each term counts its occurrences (at most 5), five times over in the heading; the query's runs of
  Chinese characters found together, and the whole query found as written, count extra. Ties keep page order.
- The snippet is the sentence of the body (or the item of a list) holding the most of the query's words, the first
  of those holding as many, whole when it is at most `SENTENCE_MAX` characters long, else about `SNIPPET`
  characters of it around the first place the query (or a word of it) is found; cut between words where the text
  has spaces [ruling, session 72: 抢词叠叠乐打平了谁赢 found Nab-It's scoring and showed its scoring lines cut
  short, the sentence about ties cut off after 平分时，比较你控制的…].
- Words of one meaning (`ALIKE`) are searched for each other [ruling, session 68]: a table says 同分 or 挑战 or
  "tiebreaker" where the pages say 平分 (打平, 平手, 并列), 质疑 or "tie-break"; 同分 had found 30 sections holding
  同 and 分 somewhere and no tie rule. The query is also searched with one such word put for another of its group
  (one group at a time, a Latin word only as a whole word), and a section keeps its best score and that query's
  snippet, so the page's own word, found together, ranks first.
  Undoing, asked for in a table's words [ruling, session 70]: 上一步, 上一个操作, 刚才那一步 and "last move" are
  one group with the pages' "最后一个操作" and "last action", and "take back" with "undo": 我想撤销上一步怎么办 had
  found 撤销 in other games' rulings and not the app's undo section (上 and 步 are in none of its words).
- A tie asked about in a table's words [ruling, session 69]: "tie", "ties" and "tied" are one group of `ALIKE`
  ("tied" had found 6 games' tie rules of 11); "draw" (a drawn game) is searched as "tie" too (`MEANS`), one way
  only, as "tie" is never a drawing: "draw" had found only drawing and drawn cards. A query ending in "a draw"
  ("what if it's a draw", "is it a draw?") is only a tie (`A_DRAW`): searched as drawing too, the drawing rules
  crowded the tie rules out. "A draw" anywhere else ("is there a draw pile", "take a draw card") is drawing and is
  searched as typed (and, by `MEANS`, as "tie" too): read as "tie" there it had found nothing.
- A domino that does not fit, asked in a table's words [ruling, play-test session 71]: "fit" is searched as
  "place" too and "throw away" (or "throw out") as "discard" (`MEANS`, one way, each with the others, so a query
  holding both is read with both); "doesn", "don", "isn" (of "doesn't", …), "somewhere" and "anywhere" are
  `FILLER`. "what if a domino doesn't fit" and "can I throw away a domino that still fits somewhere" had found
  nothing: the pages say "no legal place" and "discarded".
  Likewise [ruling, play-test session 71]: 放不下 and 放不了 (won't go down) are searched as 没有合法位置 (no legal
  place) too, and "skip" (skips, skipped) as "discard" (`MEANS`, one way: "skip" still finds skipping where a page
  says it). 骨牌放不下怎么办 had found only Kingdomino's table rulings, not its Placement section, and "can I skip
  a domino" nothing: a domino that cannot be placed is discarded, which is what skipping one means at the table.
- A question typed as asked [ruling, session 68; session 69]: a query is searched both as typed and without its
  question words (`QUESTION`: 怎么办, 怎么算, 谁, "what", "if", "scored", …), when anything is left, each
  section keeping its best score (one holding the question's words too ranks first). 同分怎么办 and "what if
  tied" had found nothing, as 怎 and "if" are in no tie rule; 平局怎么算 then found only Bacon's rulings, the one
  section that held 怎, 么 and 算 by chance, and hid every other game's tie rule, as a query that found anything
  was searched only as typed.
- A question typed as a sentence [ruling, session 69]: 翻三张时抽到第二次机会 (a Second Chance drawn during a Flip
  Three) found nothing, as 时, 抽 and 到 are in no section, nor "can I use a second chance after I bust" ("i", "use",
  "after"). The query is also read as its meant words (`meant`): each Chinese run cut into CC-CEDICT's longest words
  (`validators.lexicon.cut`, the cut pinyin uses), neighbouring characters that start no word kept as one word (爆牌,
  翻三张: held when found together, or each character somewhere in a section), each other word as it is, less the
  filler and question words (`FILLER`, `QUESTION`: 时, 的, 了, 吗, 如果, 要, 会, "i", "can", "during", …). A section
  holding more than half of them is a hit; hits rank by how many they hold (all first: the characters-anywhere
  match counts as holding none, so a section holding 同分 outranks one with 同 and 分 apart), then by score. With
  the query's `variants` read so too, a section keeping its best.
- A game named in the question [ruling, session 72]: "who deals first in bacon", 培根打平了怎么办 and 拉米A算几分
  needed the game's name in a section too, which only its page's opening (or another page naming it) holds. A
  page's title (each part, in and out of brackets) or a name of `ALSO_NAMED` found in the query is taken out of it
  (a Latin name as whole words, its words apart or together: "flip 7", "flip7"), and that game's sections rank
  before every other page's; when nothing but the name (and question words) is left, the query is searched as typed.
- A Chinese question read as a table types it [ruling, session 72]: a Latin letter or word in it is a card, a
  number or a name (拉米A, ×2), never an English article or question word; its Chinese question words (怎么算, 了,
  干什么) cut the sentence before it is cut into words, so 牌摸完了怎么算分 reads 牌摸完 and 分, not 完了 and 算分;
  a character said twice is the character (星星 is the pages' 星); 才 and a lone 算 (怎么才算赢) are filler. More
  words of one meaning or one way (`ALIKE`, `MEANS`): 算分 is 计分, 卡 牌, 几分 and 多少分 分, 一样 相同, 猜对 猜中,
  挨着 相邻 (接触, 紧挨), 胜利 赢; "worth" is "value", "score" "points", "goes first" (and "starts") "first". 5x5
  and x2 are the pages' 5×5 and ×2 (`TIMES`). Of 32 questions a table asked, 8 found the answer first before, 20
  now; 牌摸完了怎么算分 and 拉米A算几分 had found Rummy's entering and options sections before its scoring.
- The rule before its asides [ruling, session 72]: a plain question ("who goes first in splitter", 培根打平了怎么办,
  "what if I bust in flip 7") found the page's rulings (or its entering section, long enough to hold every word
  often) before the rule itself: Splitter's rulings say "undo the first instead", Bacon's name the next dealer and
  打平 in passing. Of sections holding as many of the question's meant words, a game's own rules (setup, turn,
  scoring, end, …) now rank before its `ASIDE` sections (the table's rulings, options, entering a round or a
  finished sheet); a section holding more of them still ranks first, so an edge case asked about finds its ruling.
  An English meant word is searched by its `stem` ("deals" finds "dealer", "guesses" "guessed", "predicts"
  "predicted", "drawing" "drawer"; a word ending in ss, us or is, or too short, as typed). A word a page bolds is
  where it gives that word's rule (**Freeze** stops a player, **Win**: launch…, A **run**: 3 or more cards): a word
  (not a lone Chinese character) in a short bold label (`EMPHASIS`) weighs twice more, so "what does freeze do" finds
  Flip 7's turn, not the setup listing the Freeze cards. With "cards" read as "card", "how many cards do I need
  for a run" had found Rummy's long entering section and Bacon's combinations (more "card"s) before Rummy's melds,
  which bold **run**. The search's own Chinese words (`OWN`: 打平, 同分, …) are kept whole when a run is cut, so
  打平赢 reads 打平 and 赢, as 打平了谁赢 does. Of the 32 questions 29 find the answer first; 太阳风暴怎么才算赢
  finds Solar Storm's end (**胜利**: launch after all 8 rooms are diverted) before its actions.
  Counting and going first in Chinese [ruling, session 72]: 谁先 (who … first) is searched as 第一 too (`MEANS`, as
  "goes first" is "first"): 培根谁先发牌 read 先发 (a word of its own) and found Bacon's rulings, not its setup's
  第一位发牌人. A 个 after a number is left out of the words (`COUNTED`): 两个人 is the pages' 两人, not 两 and 个人
  (a person).
  A page with two names, one inside the other (Nab-It's 抢词叠叠乐 and 抢词), has its longest name taken out of the
  query first: taken in a set's order, which changes from run to run, 抢词叠叠乐怎么抢到别人的词 was left with
  叠叠乐 in some runs and found only the page's opening.
  Scores alike [ruling, play-test session 72]: 分数一样 and 分数相同 (the same score) are searched as 打平 too
  (`MEANS`), and 个人 (两个人, two of us) is filler: 翻转7两个人分数一样谁赢 had found Solar Storm's scoring first
  and no Flip 7 section.
  A word held as any of its alike words [ruling, play-test session 76]: of a question's meant words, a section holds
  one when it holds that word or a word of its `ALIKE` group, or what it `MEANS` (`alike`), each word apart. A
  question was read with one word put for the pages' at a time, so 王国骨牌打平谁赢 (the pages: 平分 … 获胜) found
  Flip 7's end first and no Kingdomino section; each game named in a tie question now finds its own tie rule.
  A duplicate [ruling, play-test session 76]: "duplicate" (duplicates) is searched as "same" too (`MEANS`, one way):
  a Knit Wit table asks "knit wit duplicate" where the pages say "the same answer"; it had found only the option
  setting when the app asks about a duplicate, not the rule that crosses same answers out.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Iterable

from validators.lexicon import cut, is_chinese_word

CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ebef"
TERM = re.compile(f"[{CJK}]|[^\\W_{CJK}]+")
CJK_CHAR = re.compile(f"[{CJK}]")
CJK_RUN = re.compile(f"[{CJK}]{{2,}}")
MARKS = re.compile(r"[*_`#>|]+|\{#[^}]*\}|\[([^\]]*)\]\([^)]*\)")
PREFIX_MIN = 3
COUNT_CAP = 5
TITLE_WEIGHT = 5
EMPHASIS_WEIGHT = 2
WEIGHTS = (TITLE_WEIGHT, 1, EMPHASIS_WEIGHT)  # a word in a section's heading, its text, its bold words (and text)
EMPHASIS = re.compile(r"\*\*([^*]{1,20})\*\*")  # where a page bolds a word, it gives that word's rule
RUN_BONUS = 10
PHRASE_BONUS = 20
SNIPPET = 60
SENTENCE_MAX = 150  # a sentence this long or shorter is shown whole
# the end of a sentence (its closing quote or bracket with it), or the space before a list item's mark
SENTENCE_END = re.compile(r"[。！？]+[”」）)]*|[.!?]+[\"'”)]*(?=\s)|\s(?=- )")
ASIDE = frozenset(("rulings", "options", "entering", "paper"))  # edge cases, settings, entering: after the rules
ALIKE = (("同分", "平分", "打平", "平手", "平局", "并列"), ("挑战", "质疑"), ("悔棋", "撤销", "撤消", "撤回"),
         ("赢", "获胜", "胜利"), ("一样", "相同"), ("猜对", "猜中"), ("挨着", "相邻", "接触", "紧挨"),
         ("最后一个操作", "上一步", "上一个操作", "上个操作", "上一次操作", "最后一步", "刚才的操作", "刚才那一步", "上一手"),
         ("tiebreaker", "tiebreak", "tie-break"), ("tie", "ties", "tied"), ("undo", "take back"),
         ("last action", "last move", "previous move", "previous action", "last step"))
MEANS = {"draw": "tie", "draws": "ties", "drawn": "tied",  # searched for the word too, never the other way round
         "fit": "place", "fits": "place", "throw away": "discard", "throw out": "discard",
         "skip": "discard", "skips": "discard", "skipped": "discard", "放不下": "没有合法位置", "放不了": "没有合法位置",
         "几分": "分", "多少分": "分", "分数一样": "打平", "分数相同": "打平", "卡": "牌", "算分": "计分",
         "worth": "value", "score": "points", "scores": "points", "duplicate": "same", "duplicates": "same",
         "goes first": "first", "go first": "first", "plays first": "first", "play first": "first", "starts": "first",
         "谁先": "第一"}
ALSO_NAMED = {"flip7": ("翻七",), "score_pad": ("计分板",), "nab_it": ("抢词",)}  # names a table says, not the title's
LATIN_EDGE = f"(?<![^\\W_{CJK}]){{}}(?![^\\W_{CJK}])"  # a Latin word's edges: next to no other Latin letter
BRACKETS = re.compile(r"[()（）]")
TIMES = re.compile(r"(?<=\d) ?[x*] ?(?=\d)|(?<![^\W_])x(?=\d)")  # 5x5 and x2 typed for the pages' 5×5 and ×2
STEMS = (("sses", 2, 3), ("ches", 2, 3), ("shes", 2, 3), ("xes", 1, 3), ("s", 0, 3), ("ing", 0, 4), ("ed", 0, 4))
# (ending, letters of it kept, shortest stem): the first ending a word has is taken off
A_DRAW = re.compile(r"(?<![^\W_])a draw(?=[\W_]*$)")  # "it's a draw" at the query's end: a tie, not drawing
WORD = re.compile(f"[{CJK}]+|[^\\W_{CJK}]+")
FILLER = frozenset(("时", "时候", "的时候", "的", "地", "得", "了", "着", "过", "吗", "呢", "吧", "啊", "呀", "么", "嘛",
                    "怎么", "怎样", "怎么样", "怎么办", "怎么算", "如何", "什么", "为什么", "谁", "哪", "哪个", "几",
                    "多少", "如果", "要是", "假如", "的话", "要", "会", "能", "能不能", "可以", "可不可以", "还",
                    "还是", "就", "都", "也", "又", "再", "是", "是不是", "是否", "有没有", "在", "到", "给", "被",
                    "把", "让", "我", "我们", "你", "你们", "他", "她", "他们", "它", "这", "那", "这个", "那个",
                    "这样", "那样", "该", "应该", "想", "需要", "一", "个", "一个", "之后", "以后", "的时", "请问",
                    "i", "me", "my", "you", "your", "our", "they", "them", "their", "he", "she", "his", "her", "one",
                    "someone", "somebody", "anyone", "can", "could", "should", "would", "will", "may", "might",
                    "must", "did", "done", "get", "gets", "got", "happen", "happened", "during", "while", "then",
                    "to", "of", "in", "on", "at", "for", "with", "by", "and", "or", "but", "so", "that", "this",
                    "be", "been", "was", "were", "has", "have", "had", "any", "still", "again", "just", "allowed",
                    "many", "much", "need", "needs", "want", "t", "ll", "ve", "d", "m", "doesn", "don", "didn",
                    "isn", "aren", "somewhere", "anywhere", "才", "算", "than", "个人"))
QUESTION = ("怎么办", "怎么算", "怎么样", "为什么", "干什么", "怎么", "如何", "什么", "干嘛", "啥", "谁", "吗", "呢", "了",
            "what", "how", "who", "why", "when", "which", "if", "does", "do", "is", "are", "a", "an", "the", "it",
            "its", "s", "there", "we", "scored", "counted", "work", "works", "happens")
UNMEANT = FILLER | frozenset(QUESTION)
ASKING = re.compile("|".join(word for word in QUESTION if CJK_CHAR.match(word)))  # cut apart before cutting words
OWN = re.compile("({})".format("|".join(sorted(
    {word for words in (*ALIKE, *MEANS.items()) for word in words if len(word) > 1 and CJK_CHAR.match(word)},
    key=len, reverse=True))))  # the Chinese words the search knows itself, cut out of a run before the dictionary
COUNTED = re.compile("(?<=[0-9一二两三四五六七八九十])个")  # 两个人 is the pages' 两人, not 两 and 个人
LATIN = frozenset(word for word in UNMEANT if not CJK_CHAR.match(word))  # English: a card or a name in a Chinese query


@dataclass(frozen=True)
class Hit:
    """A section that matches: where it is, its heading, a snippet of its text and its rank score."""

    page: str
    lang: str
    section: str
    title: str
    snippet: str
    score: int


def plain(text: str) -> str:
    """Markdown as plain text on one line (marks and link targets dropped, spaces collapsed)."""
    return " ".join(MARKS.sub(lambda m: m.group(1) or "", text).split())


def fold(text: str) -> str:
    """Text as compared: NFKC, case folded."""
    return unicodedata.normalize("NFKC", text).casefold()


def terms(text: str) -> list[str]:
    """The terms of a text: each CJK character, each word of other letters or digits (folded)."""
    return TERM.findall(fold(text))


def _count(term: str, words: list[str], folded: str) -> int:
    """How often a term occurs: a character in the text, a word as a word or (long enough) a word's start."""
    if CJK_CHAR.fullmatch(term):
        return folded.count(term)
    if len(term) >= PREFIX_MIN:
        return sum(w.startswith(term) for w in words)
    return words.count(term)


Prepared = tuple[tuple[str, list[str]], ...]


def prepared(title: str, body: str) -> Prepared:
    """A section's heading, its text and its text's bold words, as compared: each folded and split into terms (once
    per search)."""
    parts = (plain(title), plain(body), " ".join(plain(said) for said in EMPHASIS.findall(body)))
    return tuple((fold(part), terms(part)) for part in parts)


def _weighed(counts: list[int]) -> int:
    """A word's weight from how often it is in a section's heading, text and bold words (`WEIGHTS`, each capped)."""
    return sum(weight * min(count, COUNT_CAP) for weight, count in zip(WEIGHTS, counts))


def _score(query: list[str], runs: list[str], phrase: str, text: Prepared) -> int:
    """A section's rank for the query (its `prepared` text), 0 when some term is missing from it; a Chinese
    character in a bold word weighs no more (only a word does)."""
    total = 0
    for term in dict.fromkeys(query):
        counts = [_count(term, words, folded) for folded, words in text[:2 if CJK_CHAR.fullmatch(term) else 3]]
        if not any(counts):
            return 0
        total += _weighed(counts)
    joined = text[0][0] + " " + text[1][0]
    total += sum(RUN_BONUS for run in runs if run in joined)
    if phrase and phrase in joined:
        total += PHRASE_BONUS
    return total


def snippet(body: str, query: list[str], phrase: str) -> str:
    """The sentence of the body that holds the query best (`_sentence`), whole when it is short, else about SNIPPET
    characters of it around the first place the query (or its first term found) is in it; cut between words where
    the text has spaces, with "…" where text is left out."""
    text = plain(body)
    low, high = _sentence(text, query, phrase)
    folded = fold(text[low:high])
    at = folded.find(phrase) if phrase else -1
    if at < 0:
        at = min((i for i in (folded.find(term) for term in query) if i >= 0), default=0)
    at += low
    start, end = low, high
    if high - low > SENTENCE_MAX:
        start = max(low, at - SNIPPET // 3)
        end = min(high, start + SNIPPET)
    if start > low and text[start - 1].isascii() and text[start - 1].isalnum():
        start = text.find(" ", start, at) + 1 or start
    if end < high and text[end].isascii() and text[end].isalnum():
        end = text.rfind(" ", at, end) if text.rfind(" ", at, end) > at else end
    return ("…" if start else "") + text[start:end].strip() + ("…" if end < len(text) else "")


def _sentence(text: str, query: list[str], phrase: str) -> tuple[int, int]:
    """Where the sentence (or list item) holding the most of the query's words is in text (a filler or question
    word, `UNMEANT`, only between sentences holding as many others: "tied in flip 7" is about the tie, not "in"),
    the first of those holding as many; one holding the whole phrase holds them all."""
    bounds = [0, *(found.end() for found in SENTENCE_END.finditer(text)), len(text)]
    spans = [(a, b) for a, b in zip(bounds, bounds[1:]) if text[a:b].strip()] or [(0, len(text))]

    def held(span: tuple[int, int]) -> tuple[int, int, int]:
        """How many of the query's words the sentence at span holds, its other words first; and where it starts."""
        said = text[span[0]:span[1]]
        folded, words = fold(said), terms(said)
        if phrase and phrase in folded:
            return len(query) + 1, 0, -span[0]
        found = [term for term in dict.fromkeys(query) if _occurs(term, words, folded)]
        return sum(term not in UNMEANT for term in found), len(found), -span[0]

    return max(spans, key=held)


def _word(word: str) -> re.Pattern:
    """Where a word of `ALIKE` stands in a folded query: a Chinese word anywhere, a Latin one as a whole word."""
    return re.compile(re.escape(word) if CJK_CHAR.match(word) else rf"(?<![^\W_]){re.escape(word)}(?![^\W_])")


def variants(query: str) -> list[str]:
    """The folded query, then the query with a word of an `ALIKE` group put for each other word of its group, and
    with a word of `MEANS` put as what it means (with that word's group)."""
    folded = " ".join(fold(query).split())
    out = [folded]
    for word, meant in MEANS.items():
        out += [_word(word).sub(meant, said) for said in list(out) if _word(word).search(said)]
    for said_in in list(out):
        for group in ALIKE:
            said = next((word for word in group if _word(word).search(said_in)), None)
            if said is not None:
                out += [_word(said).sub(other, said_in) for other in group if other != said]
    return list(dict.fromkeys(out))


def _best(section: Any, asked: list[tuple[list[str], list[str], str]],
          said: list[list[str]]) -> tuple[int, int, list[str], str]:
    """A section's most words held of one of the `meant` lists (when more than half) and its best score, over the
    asked queries (terms, runs, phrase) and those lists, with the terms and phrase of its snippet."""
    text = prepared(section.title, section.body)
    score, wanted, phrase = max(((_score(terms_, runs, said_as, text), terms_, said_as)
                                 for terms_, runs, said_as in asked), key=lambda scored: scored[0])
    held, by_words, words = max((_held(words, text) for words in said), default=(0, 0, []))
    if not score and not by_words:
        return 0, 0, wanted, phrase
    return held, max(score, by_words), wanted if score else words, phrase if score else ""


def alike(word: str) -> list[str]:
    """A meant word and the words a section may hold for it: its `ALIKE` group's, and what it `MEANS` with that
    word's group (打平: 平分, 平局, …; 赢: 获胜, 胜利; 分数一样: 打平 and its group)."""
    out = [word]
    for said in (word, MEANS.get(word)):
        out += [said, *next((group for group in ALIKE if said in group), ())] if said else []
    return list(dict.fromkeys(out))


def _held_as(word: str, text: Prepared) -> tuple[str, list[int]]:
    """The first of a meant word's `alike` words a section's `prepared` text holds, with its counts (the word
    itself, counted 0, when it holds none)."""
    for said_as in alike(word):
        counts = [_occurs(said_as, said, folded) for folded, said in text]
        if any(counts):
            return said_as, counts
    return word, [0] * len(text)


def _held(words: list[str], text: Prepared) -> tuple[int, int, list[str]]:
    """How many of the words (each as itself or an `alike` word) a section's `prepared` text holds (0 when half or
    fewer), their score, and the words it holds, as it says them."""
    found = [_held_as(word, text) for word in words]
    kept = [(word, counts) for word, counts in found if any(counts)]
    if 2 * len(kept) <= len(words):
        return 0, 0, []
    score = sum(_weighed(counts) + (RUN_BONUS if len(word) > 1 and CJK_CHAR.match(word) else 0)
                for word, counts in kept)
    return len(kept), score, [word for word, _ in kept]


def _occurs(word: str, words: list[str], folded: str) -> int:
    """How often a meant word occurs: Chinese anywhere in the text (characters that are no dictionary word, once
    when each is somewhere in it), other words as `_count` finds a term."""
    if not CJK_CHAR.match(word):
        return _count(word, words, folded)
    together = folded.count(word)
    if together or len(word) == 1 or is_chinese_word(word):
        return together
    return int(all(char in folded for char in word))


def _single(word: str) -> str:
    """A Chinese word of one character said twice as that character (星星 → 星), any other as it is."""
    return word[0] if len(word) == 2 and word[0] == word[1] and CJK_CHAR.match(word) else word


def stem(word: str) -> str:
    """An English word without its plural, verb or -ed/-ing ending, found as a word's start by `_count` ("deals"
    finds "dealer", "guesses" "guessed", "drawing" "drawer"); a short word, or one ending in ss, us or is, as it is."""
    if word.endswith(("ss", "us", "is")):
        return word
    for ending, kept, shortest in STEMS:
        if word.endswith(ending) and len(word) - len(ending) + kept >= shortest:
            return word[:len(word) - len(ending) + kept]
    return word


def _cut(run: str) -> list[str]:
    """A run of Chinese cut into words: the search's own words (`OWN`: 打平, 同分, …) kept whole, the rest by
    `lexicon.cut`, so 打平赢 reads 打平 and 赢 as 打平了谁赢 does."""
    return [word for part in OWN.split(run) if part for word in ([part] if OWN.fullmatch(part) else cut(part))]


def meant(query: str) -> list[str]:
    """The words that carry a query's meaning: each run of Chinese `lexicon.cut` into dictionary words, each other
    word as its `stem`, less `FILLER` and `QUESTION` words; neighbouring characters that start no word are one word
    (爆牌, 翻三张). In a Chinese query a Latin word is a card or a name, kept as it is."""
    out: list[str] = []
    chinese = bool(CJK_CHAR.search(query))
    unmeant = UNMEANT - LATIN if chinese else UNMEANT
    for found in WORD.finditer(fold(query)):
        said = found.group()
        if not CJK_CHAR.match(said):
            out += [] if said in unmeant else [said if chinese else stem(said)]
            continue
        pieces = [piece for run in ASKING.split(COUNTED.sub("", said)) for piece in _cut(run) + [""]]
        alone = ""
        for piece in map(_single, pieces + [""]):
            if len(piece) == 1 and CJK_CHAR.match(piece) and piece not in unmeant:
                alone += piece
                continue
            out += [word for word in (alone, piece) if word and word not in unmeant]
            alone = ""
    return list(dict.fromkeys(out))


def unasked(query: str) -> str:
    """The folded query without its question words (`QUESTION`)."""
    folded = " ".join(fold(query).split())
    for word in QUESTION if not CJK_CHAR.search(folded) else (w for w in QUESTION if w not in LATIN):
        folded = _word(word).sub("" if CJK_CHAR.match(word) else " ", folded)
    return " ".join(folded.split())


def search(sections: Iterable[Any], query: str, limit: int = 30) -> list[Hit]:
    """The sections matching every term of the query, or of the query without its question words (`unasked`, when
    any are left), or of a query with an alike word (`variants`), best first (at most limit); a game named in the
    query is left out of it and that game's sections come first (`named`)."""
    sections = list(sections)
    pages, query = named(sections, TIMES.sub("×", A_DRAW.sub("tie", " ".join(fold(query).split()))))
    bare = unasked(query)
    return _found(sections, [query, bare] if terms(bare) else [query], limit, pages)


def _names(sections: list[Any]) -> dict[str, set[str]]:
    """Each page's names as patterns: its titles (each part outside and inside brackets) and `ALSO_NAMED`."""
    names: dict[str, set[str]] = {page: set(said) for page, said in ALSO_NAMED.items()}
    for s in sections:
        if s.id == "":
            names.setdefault(s.page, set()).update(filter(terms, BRACKETS.split(fold(plain(s.title)))))
    return names


def _name(name: str) -> re.Pattern:
    """Where a game's name stands in a folded query: its terms in order, apart or together ("flip 7", "flip7")."""
    joined = r"[\W_]*".join(map(re.escape, terms(name)))
    return re.compile(joined if CJK_CHAR.match(name) else LATIN_EDGE.format(joined))


def named(sections: list[Any], query: str) -> tuple[set[str], str]:
    """The pages whose game the folded query names, and the query without those names; no page and the query as
    it is when nothing else would be left ("Kingdomino" finds its page's opening)."""
    pages, rest = set(), query
    for page, names in _names(sections).items():
        for name in sorted(names, key=lambda said: (-len(said), said)):  # 抢词叠叠乐 before 抢词, in any set order
            if _name(name).search(rest):
                pages.add(page)
                rest = " ".join(_name(name).sub(" ", rest).split())
    return (pages, rest) if terms(unasked(rest)) else (set(), query)


def _found(sections: list[Any], queries: list[str], limit: int, pages: set[str]) -> list[Hit]:
    """The sections matching every term of one of the queries or of their `variants`, best first (at most limit),
    the named pages' first; of sections holding as many meant words, the game's rules before its `ASIDE` ones."""
    asked = [(terms(v), CJK_RUN.findall(v), v) for q in queries for v in variants(q) if terms(v)]
    if not asked:
        return []
    said = [words for v in variants(queries[0]) if (words := meant(v))]
    hits = []
    for order, s in enumerate(sections):
        held, score, wanted, phrase = _best(s, asked, said)
        if score:
            rank = (s.page not in pages, -held, s.id in ASIDE, -score, order)
            hits.append((rank, Hit(s.page, s.lang, s.id, plain(s.title), snippet(s.body, wanted, phrase), score)))
    return [hit for _, hit in sorted(hits, key=lambda h: h[0])][:limit]
