"""Searching the rules: Chinese by characters, English by words, ranked, with a snippet; and the real pages."""

from __future__ import annotations

from dataclasses import dataclass

from scoring import rulebook
from scoring.rules_search import meant, plain, search, terms


@dataclass(frozen=True)
class S:
    """A stand-in section."""

    page: str
    lang: str
    id: str
    title: str
    body: str


PAGES = [
    S("kingdomino", "en", "scoring", "Scoring", "Each property scores squares × crowns. **Harmony**: +5."),
    S("kingdomino", "zh-CN", "scoring", "计分", "每块领地得分为格数 × 皇冠数。**和谐**：+5 分。"),
    S("splitter", "en", "scoring", "Scoring", "A group of value n scores n. A star doubles it."),
    S("flip7", "en", "end", "End of the game", "The game ends at 200; the crowd cheers."),
    S("rummy", "zh-CN", "melds", "牌组", "同一花色的 3 张或以上连续的牌，或者王者。"),
]


def found(query: str) -> list[tuple[str, str, str]]:
    """(page, lang, section) of each hit, best first."""
    return [(h.page, h.lang, h.section) for h in search(PAGES, query)]


def test_terms_split_chinese_into_characters_and_other_text_into_words():
    """Every CJK character is a term; Latin runs are folded words; punctuation goes."""
    assert terms("王国 Crowns, ×2!") == ["王", "国", "crowns", "2"]
    assert terms("ＣＲＯＷＮ") == ["crown"]


def test_english_matches_whole_words_or_word_starts():
    """'crown' finds 'crowns'; 'row' (a word start of 3 letters) does not find 'crowd' or 'crowns'."""
    assert found("crown") == [("kingdomino", "en", "scoring")]
    assert found("CROWNS") == [("kingdomino", "en", "scoring")]
    assert found("own") == []
    assert found("n") == [("splitter", "en", "scoring")]


def test_every_term_must_match():
    """A section missing one term of the query is not a hit."""
    assert found("star harmony") == []
    assert found("star doubles") == [("splitter", "en", "scoring")]


def test_chinese_matches_by_characters_in_any_order_and_ranks_runs_first():
    """Each character of the query must be in the section; the characters found together rank higher."""
    assert found("皇冠") == [("kingdomino", "zh-CN", "scoring")]
    assert found("冠皇") == [("kingdomino", "zh-CN", "scoring")]
    assert found("王") == [("rummy", "zh-CN", "melds")]
    assert found("和谐 领地") == [("kingdomino", "zh-CN", "scoring")]
    ranked = search(PAGES, "花色")
    assert [h.page for h in ranked] == ["rummy"]
    together = search([S("a", "zh-CN", "x", "甲", "花与色"), S("b", "zh-CN", "y", "乙", "花色")], "花色")
    assert [h.page for h in together] == ["b", "a"]


def test_headings_weigh_more_and_ties_keep_page_order():
    """A term in the heading outranks the same term in a body; equal scores stay in the order given."""
    hits = search([S("a", "en", "x", "Setup", "scoring later"), S("b", "en", "y", "Scoring", "points")], "scoring")
    assert [h.page for h in hits] == ["b", "a"]
    same = search([S("a", "en", "x", "A", "dice"), S("b", "en", "y", "B", "dice")], "dice")
    assert [h.page for h in same] == ["a", "b"]


def test_snippet_shows_the_text_around_the_match_without_markdown():
    """The snippet is plain text around the first match."""
    hit = search(PAGES, "harmony")[0]
    assert "Harmony: +5" in hit.snippet and "**" not in hit.snippet
    assert plain("## Scoring {#scoring}\n\n**bold** [link](http://x) `code`") == "Scoring bold link code"


def test_an_empty_query_finds_nothing():
    """Nothing typed (or only punctuation) gives no hits."""
    assert search(PAGES, "") == [] and search(PAGES, " ,.!") == []


def test_the_real_pages_answer_a_player_question_in_each_language():
    """'middle kingdom' finds Kingdomino's scoring among its first hits in English; 中央王国 in Chinese."""
    sections = rulebook.all_sections(("zh-CN", "en"))
    english = search(sections, "middle kingdom")
    assert ("kingdomino", "en", "scoring") in [(h.page, h.lang, h.section) for h in english[:3]]
    assert all(h.lang == "en" for h in english)
    chinese = search(sections, "中央王国")
    assert (chinese[0].page, chinese[0].lang) == ("kingdomino", "zh-CN")
    assert all(h.lang == "zh-CN" for h in chinese)
    assert search(sections, "黑羊")[0].page == "pictomania"


def test_snippet_is_cut_between_words():
    """An English snippet neither starts nor ends inside a word."""
    body = " ".join(f"word{i}" for i in range(40)) + " black sheep " + " ".join(f"tail{i}" for i in range(40))
    hit = search([S("p", "en", "s", "T", body)], "sheep")[0]
    inner = hit.snippet.strip("…")
    assert "black sheep" in inner
    assert all(part.startswith(("word", "tail", "black", "sheep")) for part in inner.split())
    at = body.find(inner)
    assert at > 0 and body[at - 1] == " " and body[at + len(inner)] == " "


def test_a_games_name_finds_its_own_page():
    """Session 46's tour: "Kingdomino", 培根 (Bacon), 太阳风暴 (Solar Storm) found nothing, or another page naming
    them: page titles were not searched. Each page's opening (its title and the words before its first section)
    is searched first, and opens the page at its top."""
    sections = rulebook.all_sections(("zh-CN", "en"))
    for query, page, lang in (("Kingdomino", "kingdomino", "en"), ("培根", "bacon", "zh-CN"),
                              ("太阳风暴", "solar_storm", "zh-CN"), ("Cubosaurs", "cubosaurs", "en")):
        first = search(sections, query)[0]
        assert (first.page, first.lang, first.section) == (page, lang, "")


def test_a_tables_own_word_for_a_ruling_finds_the_rule_worded_otherwise():
    """Session 68's records tour: a table arguing over a tie typed 同分 and got 30 sections holding 同 and 分
    somewhere (Knit Wit's "same or different" first), none of them a tie rule (the pages say 平分, 打平, 平手,
    并列); 挑战 found only Splitter, not Knit Wit's or Nab-It's challenge (质疑); "tiebreaker" found nothing
    (the pages say "Tie-break"). Words of one meaning are searched for each other, the page's own word ranking
    its sections first."""
    sections = rulebook.all_sections(("zh-CN", "en"))
    tie = search(sections, "同分")
    assert tie and all(any(w in h.snippet for w in ("平分", "打平", "平手", "平局", "并列")) for h in tie[:5])
    assert ("kingdomino", "zh-CN", "scoring") in [(h.page, h.lang, h.section) for h in tie[:12]]
    challenge = [(h.page, h.section) for h in search(sections, "挑战")]
    assert ("knit_wit", "challenge") in challenge[:3] and ("nab_it", "challenges") in challenge[:3]
    assert ("kingdomino", "scoring") in [(h.page, h.section) for h in search(sections, "tiebreaker")[:3]]
    assert [h.page for h in search(sections, "悔棋")][:1] == ["referee"]


def test_a_question_typed_as_asked_finds_what_its_words_find():
    """Session 68: a table types its question: 同分怎么办 and "what if tied" found nothing (怎, 么, 办, "what" and
    "if" are in no tie rule), 打平了谁赢 nothing (the pages say 获胜, not 赢). A query that finds nothing is asked
    again without its question words; what found something before is searched as it was."""
    sections = rulebook.all_sections(("zh-CN", "en"))
    for question, words in (("同分怎么办", "同分"), ("what if tied", "tied"), ("打平了谁赢", "打平赢")):
        asked = [(h.page, h.section) for h in search(sections, question)]
        assert asked and asked == [(h.page, h.section) for h in search(sections, words)], question
    assert search(PAGES, "what") == [] and found("crown") == [("kingdomino", "en", "scoring")]
    kept = [S("q", "en", "s", "Questions", "Who plays first? The youngest.")]
    assert [h.page for h in search(kept, "who plays first")] == ["q"]


TIE_RULES = {"knit_wit": "end", "guess_club": "end", "pictomania": "end", "kingdomino": "scoring", "splitter": "end",
             "flip7": "end", "rummy": "end", "bacon": "end", "cubosaurs": "end", "score_pad": "end",
             "nab_it": "scoring"}  # each game's rule for a tie at the end (Solar Storm's crew has none)


def test_a_tie_asked_about_in_either_language_finds_every_games_tie_rule():
    """Session 69: 平局怎么算 found only Bacon's rulings (the one section holding 怎, 么 and 算), as a query that found
    anything was not asked again without its question words; "tied" found 6 games' tie rules of 11, "how are ties
    scored?" Knit Wit's alone, "what if it's a draw" drawing rules. Each finds every game's tie rule in its language
    now; "draw" alone still finds the drawing rules first, and tie rules too."""
    sections = rulebook.all_sections(("zh-CN", "en"))
    asked = {"zh-CN": ("平局怎么算", "平局", "打平", "同分", "打平了怎么算", "同分怎么办"),
             "en": ("tie", "ties", "tied", "how are ties scored?", "what if it's a draw", "Is it a draw?",
                    "what if tied")}
    for lang, questions in asked.items():
        for question in questions:
            hits = {(h.page, h.section) for h in search(sections, question) if h.lang == lang}
            assert set(TIE_RULES.items()) <= hits, (question, set(TIE_RULES.items()) - hits)
    drawing = [(h.page, h.section) for h in search(sections, "draw")]
    assert drawing[0][0] == "pictomania" and ("kingdomino", "scoring") in drawing


def test_a_draw_inside_a_question_is_still_drawing():
    """Session 69 review: every "a draw" was read as "tie" instead of the query, so "is there a draw pile", "what is a
    draw pile", "a draw pile" and "take a draw card" found nothing (1 to 5 sections before). Only a query ending in
    "a draw" is a tie; elsewhere "a draw" finds the drawing rules."""
    sections = rulebook.all_sections(("zh-CN", "en"))
    for question, page in (("is there a draw pile", "pictomania"), ("what is a draw pile", "pictomania"),
                           ("a draw pile", "pictomania"), ("take a draw card", "pictomania")):
        assert page in [h.page for h in search(sections, question)], question


TABLE_QUESTIONS = {
    "zh-CN": (("翻三张时抽到第二次机会", "flip7", "turn"), ("如果我爆牌了还能用第二次机会吗", "flip7", "turn"),
              ("有乘2但是没有数字牌得几分", "flip7", "scoring"), ("集齐七个不同的数字可以多得多少分", "flip7", "scoring"),
              ("城堡不在正中间的话还能拿中央王国的分吗", "kingdomino", "scoring"),
              ("没有皇冠的领地得几分", "kingdomino", "scoring"), ("平分的时候怎么比较谁赢", "kingdomino", "scoring"),
              ("洗牌以后还能撤销吗", "referee", "undo"), ("被质疑以后大家怎么投票", "knit_wit", "challenge"),
              ("倒计时没结束的时候可以先投票吗", "knit_wit", "challenge"), ("顺子最少要几张牌", "rummy", "melds"),
              ("可以把牌加到别人的牌组上吗", "rummy", "melds")),
    "en": (("what happens if I draw a second chance during a flip three", "flip7", "turn"),
           ("can I use a second chance after I bust", "flip7", "turn"),
           ("do you get points for a x2 with no number cards", "flip7", "scoring"),
           ("how many points for a property with no crowns", "kingdomino", "scoring"),
           ("what if my castle is not in the middle for the middle kingdom", "kingdomino", "scoring"),
           ("can we undo the last move", "referee", "undo"),
           ("can I undo a shuffle after everyone saw it", "referee", "undo"),
           ("how long does the challenged player get to explain", "knit_wit", "challenge"),
           ("can I challenge my own answer", "knit_wit", "challenge"),
           ("how many cards do I need for a run", "rummy", "melds"),
           ("can I lay off cards on someone else's meld", "rummy", "melds")),
}


def test_a_question_asked_as_a_sentence_finds_the_section_that_answers_it():
    """Session 69: 翻三张时抽到第二次机会 (drawing a Second Chance during a Flip Three) found nothing, as every
    character must be in a section and 时, 抽, 到 are in none; "can I use a second chance after I bust" nothing, as
    "i", "use" and "after" are not all in one. A sentence is cut into its words (Chinese by the dictionary), its
    filler words dropped, and a section holding most of the rest is found, those holding more ranking first."""
    sections = rulebook.all_sections(("zh-CN", "en"))
    for lang, questions in TABLE_QUESTIONS.items():
        for question, page, section in questions:
            hits = [(h.page, h.lang, h.section) for h in search(sections, question)]
            assert (page, lang, section) in hits[:3], (question, hits[:3])
    assert [(h.page, h.section) for h in search(sections, "翻三张时抽到第二次机会")][:1] == [("flip7", "turn")]


def test_a_sentence_ranks_sections_by_the_words_they_hold_and_needs_more_than_half():
    """A section holding every meant word ranks before one holding most; one holding half or fewer is no hit."""
    pages = [S("a", "zh-CN", "x", "甲", "冻结让一位玩家翻三张。"), S("b", "zh-CN", "y", "乙", "冻结让一位玩家停下。"),
             S("c", "zh-CN", "z", "丙", "停下。")]
    assert [h.page for h in search(pages, "冻结的时候玩家要停下吗")] == ["b", "a"]
    assert [h.page for h in search(pages, "冻结的时候玩家要停下")] == ["b", "a"]
    assert meant("如果我爆牌了还能用第二次机会吗") == ["爆牌", "用", "第二次", "机会"]
    assert meant("what if I bust") == ["bust"]


def test_undoing_asked_in_a_tables_words_finds_the_apps_undo_section():
    """我想撤销上一步怎么办 found other games' rulings (上 and 步 are in no word of the undo section, which says
    最后一个操作): asked in either language and in a table's words, the app's undo section is among the first three."""
    sections = rulebook.all_sections(("zh-CN", "en"))
    for query in ("我想撤销上一步怎么办", "撤回上一步", "怎么撤回刚才那一步", "上一个操作怎么撤销",
                  "how do I undo the last move", "take back the last move"):
        hits = [(h.page, h.section) for h in search(sections, query)][:3]
        assert ("referee", "undo") in hits, (query, hits)


def test_a_domino_that_does_not_fit_asked_in_a_tables_words_finds_the_placement_rule():
    """Play-test (two players, Kingdomino on a phone): "what if a domino doesn't fit", "my domino doesn't fit anywhere"
    and "can I throw away a domino that still fits somewhere" found nothing, as the pages say "no legal place" and
    "discarded". "fit" is searched as "place" too and "throw away" as "discard"; "doesn", "somewhere" and "anywhere"
    carry no meaning. Each finds Kingdomino's placement rule among the first three."""
    sections = rulebook.all_sections(("zh-CN", "en"))
    for query in ("what if a domino doesn't fit", "my domino doesn't fit anywhere",
                  "can I throw away a domino that still fits somewhere"):
        hits = [(h.page, h.lang, h.section) for h in search(sections, query)][:3]
        assert ("kingdomino", "en", "placement") in hits, (query, hits)


def test_a_domino_that_will_not_go_down_or_is_skipped_finds_the_placement_rule():
    """Play-test: 骨牌放不下怎么办 (my domino won't fit, what now) found only Kingdomino's table rulings, not its
    Placement section (which says 没有合法位置, no legal place, not 放不下), and "can I skip a domino" found nothing
    (the page says "discarded"). 放不下 is searched as 没有合法位置 too and "skip" as "discard". Each finds
    Placement among the first three, in the query's language."""
    sections = rulebook.all_sections(("zh-CN", "en"))
    for query, lang in (("骨牌放不下怎么办", "zh-CN"), ("can I skip a domino", "en")):
        hits = [(h.page, h.lang, h.section) for h in search(sections, query)][:3]
        assert ("kingdomino", lang, "placement") in hits, (query, hits)


TABLE_FIRST = {
    "zh-CN": (("牌摸完了怎么算分", "rummy", "scoring"), ("拉米A算几分", "rummy", "scoring"),
              ("翻转7爆牌了还有分吗", "flip7", "scoring"), ("炸弹能压顺子吗", "bacon", "combos"),
              ("恐龙蛋怎么算分", "cubosaurs", "scoring"), ("骨牌可以不挨着城堡放吗", "kingdomino", "placement"),
              ("星星格子怎么算分", "splitter", "scoring"), ("没人猜对我的画怎么算", "pictomania", "scoring"),
              ("画错词了怎么办", "pictomania", "wrong-word"), ("计分板可以记负分吗", "score_pad", "turn"),
              ("预测猜对了能拿多少", "guess_club", "predictions"), ("最后一块牌怎么算", "nab_it", "last-tile"),
              ("太阳风暴怎么才算赢", "solar_storm", "end"), ("冻结卡是干什么的", "flip7", "turn"),
              ("培根打平了怎么办", "bacon", "end"), ("培根谁先发牌", "bacon", "setup"),
              ("落单的迅猛龙扣几分", "cubosaurs", "scoring"), ("太阳风暴每回合能做几个行动", "solar_storm", "turn"),
              ("培根万能牌能当几点", "bacon", "combos"), ("抢词叠叠乐怎么抢到别人的词", "nab_it", "nabbing")),
    "en": (("how much is an ace worth in rummy", "rummy", "scoring"), ("does a bomb beat a run", "bacon", "combos"),
           ("does a star double the score", "splitter", "scoring"),
           ("can my kingdom be bigger than 5x5", "kingdomino", "paper"),
           ("can I put a letter on the same letter", "nab_it", "stacking"),
           ("can scores be negative on the score pad", "score_pad", "turn"),
           ("does an egg score if we tie for most", "cubosaurs", "scoring"),
           ("what does freeze do", "flip7", "turn"), ("who deals first in bacon", "bacon", "setup"),
           ("what if I bust in flip 7", "flip7", "turn"), ("who goes first in splitter", "splitter", "setup"),
           ("what if nobody guesses my drawing", "pictomania", "scoring"),
           ("how do we win solar storm", "solar_storm", "end"),
           ("what if nobody predicts the right number of matches", "guess_club", "predictions"),
           ("what does a lone raptor score", "cubosaurs", "scoring"),
           ("how many actions do I get in solar storm", "solar_storm", "turn"),
           ("who takes control of a word in nab-it", "nab_it", "nabbing")),
}


def test_a_question_a_table_asks_mid_game_finds_the_answer_first():
    """Session 72: of 32 questions a table types mid-game, 8 found the section answering them first. 牌摸完了怎么算分
    found Rummy's entering section before its scoring (完了 and 算分 read as words), 拉米A算几分 its options (the A
    read as the English "a"), "can scores be negative on the score pad" nothing (no section names the score pad).
    Each of these finds the section that answers it first, in its language. Later in session 72 nine more: a plain
    question found the page's rulings or entering section before the rule ("who goes first in splitter", 培根打平了
    怎么办), the setup listing the Freeze cards before the turn saying what Freeze does, and "deals", "guesses",
    "predicts" none of the pages' "dealer", "guessed", "predicted"."""
    sections = rulebook.all_sections(("zh-CN", "en"))
    for lang, questions in TABLE_FIRST.items():
        for question, page, section in questions:
            hits = [(h.page, h.lang, h.section) for h in search(sections, question)]
            assert hits[:1] == [(page, lang, section)], (question, hits[:3])


def test_a_game_named_in_a_question_ranks_its_sections_first():
    """A question naming a game ("ties in alpha") needed the name in a section too, so it found no end rule at all:
    the name is taken out and the named game's sections come first; the name alone still finds the page's opening."""
    pages = [S("beta", "en", "", "Beta", "A game."), S("beta", "en", "end", "End", "Ties share the win."),
             S("alpha", "en", "", "Alpha (the game)", "A game."), S("alpha", "en", "end", "End", "Ties share.")]
    assert [(h.page, h.section) for h in search(pages, "ties in alpha")] == [("alpha", "end"), ("beta", "end")]
    assert [(h.page, h.section) for h in search(pages, "Alpha")] == [("alpha", "")]
    assert meant("拉米A算几分") == ["拉米", "a", "几分"] and meant("星星格子") == ["星", "格子"]


def test_a_games_rule_ranks_before_its_rulings_and_a_bold_word_before_a_mention():
    """Of sections holding as many of the question's words, the rule ranks before the table's rulings (or options,
    entering); one holding more still ranks first. A word the page bolds outranks the same word merely mentioned."""
    pages = [S("a", "en", "rulings", "The table's rulings", "The first dealer deals twice."),
             S("a", "en", "setup", "Setup", "The first dealer is drawn."),
             S("a", "en", "cards", "Cards", "Freeze, Flip Three."), S("a", "en", "turn", "A turn", "**Freeze** stops.")]
    assert [h.section for h in search(pages, "who deals first")] == ["setup", "rulings"]
    assert [h.section for h in search(pages, "can the first dealer deal twice")] == ["rulings", "setup"]
    assert [h.section for h in search(pages, "what does freeze do")] == ["turn", "cards"]


def test_an_english_word_is_searched_by_its_stem():
    """"deals" finds "dealer", "guesses" "guessed", "drawing" "drawer"; "less", "bus" and short words stay."""
    assert meant("who deals cards") == ["deal", "card"] and meant("nobody guesses my drawing") == ["nobody", "guess",
                                                                                                    "draw"]
    assert meant("matches boxes played less bus ties") == ["match", "box", "play", "less", "bus", "tie"]
    assert meant("打平赢") == meant("打平了谁赢") == ["打平", "赢"]


def test_a_number_of_people_and_who_goes_first_read_as_the_pages_say_them():
    """两个人 is the pages' 两人 (not 两 and 个人, a person); 谁先 is searched as 第一 too, so 谁先发牌 finds the
    first dealer (第一位发牌人) where no 先 is written."""
    assert meant("两个人答案一样怎么算") == ["两人", "答案", "一样"]
    pages = [S("a", "zh-CN", "setup", "准备", "第一位发牌人由应用抽出。"), S("a", "zh-CN", "turn", "回合", "先出完的人领出。")]
    assert [h.section for h in search(pages, "谁先发牌")] == ["setup"]


def test_a_father_asking_how_a_tie_is_settled_in_each_game_he_played_finds_its_tie_rule_first():
    """Play-test (a Chinese family, session 72): 爸爸 asked in his own words how a tie is settled in the two games
    they had played. 翻转7两个人分数一样谁赢 (two of us with the same score: who wins?) found Solar Storm's scoring
    first and no Flip 7 section, as 分数一样 is no word of the pages' (打平); 抢词叠叠乐… found nothing, as the
    table's short name 抢词 was taken out of the home screen's name 抢词叠叠乐 first, leaving 叠叠乐 to be searched.
    Scores alike are a tie, a longer name is taken out before a name inside it, and each finds its game's end or
    scoring rule first."""
    sections = rulebook.all_sections(("zh-CN", "en"))
    for question, page, section in (("翻转7两个人分数一样谁赢", "flip7", "end"), ("翻转7分数相同怎么办", "flip7", "end"),
                                    ("抢词叠叠乐两个人分数一样谁赢", "nab_it", "scoring"),
                                    ("抢词叠叠乐打平了谁赢", "nab_it", "scoring")):
        hits = [(h.page, h.lang, h.section) for h in search(sections, question)]
        assert hits[:1] == [(page, "zh-CN", section)], (question, hits[:3])


def test_the_snippet_is_the_sentence_that_answers_the_question():
    """Play-test (session 72): 抢词叠叠乐打平了谁赢 found Nab-It's scoring, but its snippet showed the scoring lines
    and cut off after 平分时，比较你控制的…, the sentence about ties. The snippet is now the sentence holding the
    question's words, in either language, for questions a table asks; a filler word of the question ("in") does
    not choose the sentence."""
    sections = rulebook.all_sections(("zh-CN", "en"))
    for question, page, sentence in (
            ("抢词叠叠乐打平了谁赢", "nab_it", "平分时，比较你控制的单词中你颜色的顶层牌数（每格只算一次）；仍然相同则共同获胜。"),
            ("nab-it who wins a tie", "nab_it", "if still tied, the win is shared."),
            ("what if tied in flip 7", "flip7", "A tie at the top: play another round (default), or share the win."),
            ("翻转7两个人分数一样谁赢", "flip7", "最高分打平时：再打一轮（默认），或并列获胜。"),
            ("培根打平了怎么办", "bacon", "最后一局之后打平：加赛，每局只要有人出完就结束——这位玩家的队伍获胜。"),
            ("who goes first in splitter", "splitter", "The player in seat 1 rolls first"),
            ("ties in rummy", "rummy", "The highest total wins; ties share.")):
        hit = search(sections, question)[0]
        assert hit.page == page and sentence in hit.snippet, (question, hit.snippet)


def test_a_snippet_starts_at_its_sentence_and_a_long_one_is_cut_around_the_words():
    """The sentence holding the words, from its start, not the text's first sentence or 20 characters before the
    first word found; a sentence too long to show whole is cut around the words, between words."""
    body = "Setup first. You draw cards. A tie shares the win. Then more."
    assert search([S("p", "en", "s", "T", body)], "tie")[0].snippet == "…A tie shares the win.…"
    zh = "- 每个单词 **1 分**。\n- 每块牌 **1 分**。\n\n这些分值可以修改。平分时共同获胜。"
    assert search([S("p", "zh-CN", "s", "T", zh)], "平分")[0].snippet == "…平分时共同获胜。"
    long = "A tie " + " ".join(f"word{i}" for i in range(60)) + " ends it."
    cut = search([S("p", "en", "s", "T", "Before. " + long)], "tie")[0].snippet
    assert cut.startswith("…A tie word0") and cut.endswith("…") and len(cut) < 80


def test_a_tie_asked_in_each_games_chinese_name_finds_that_games_tie_rule():
    """Play-test (records, session 76): 小丽 asked 王国骨牌打平谁赢 and read Flip 7's "play another round" first, and
    王国骨牌两个人分数一样谁赢 found Guess Club's predictions and no Kingdomino section: Kingdomino's pages say 平分
    and 获胜, and a question was read with one word of its table's words put for the pages' at a time (打平 → 平分
    with 赢 kept, or 赢 → 获胜 with 打平 kept). A meant word is now held as any of its alike words, so each game
    named with a tie question finds its own page first, its end or scoring rule among the first two."""
    sections = rulebook.all_sections(("zh-CN", "en"))
    games = {s.page: plain(s.title) for s in sections if s.id == "" and s.lang == "zh-CN" and s.page != "referee"}
    for page, name in games.items():
        for question in (f"{name}打平谁赢", f"{name}两个人分数一样谁赢", f"{name}平局怎么办"):
            hits = [(h.page, h.section) for h in search(sections, question)]
            tie_rule = {"end", "scoring"} & {section for _, section in hits[:2]}
            assert hits[0][0] == page and tie_rule, (question, hits[:3])


def test_a_duplicate_answer_finds_the_rule_on_same_answers():
    """Play-test (records, session 76): Mark typed "knit wit duplicate" when two answers on a spool read alike and
    found only Knit Wit's options (the threshold for asking about a duplicate); the pages say "the same answer". A
    duplicate is searched as the same, so the rules on same answers (the table's ruling, the crossing out) come
    first, the option after them."""
    sections = rulebook.all_sections(("zh-CN", "en"))
    for question in ("knit wit duplicate", "duplicate answers", "knit wit duplicates"):
        hits = [(h.page, h.section) for h in search(sections, question)]
        assert hits[0] == ("knit_wit", "same") and ("knit_wit", "options") in hits, (question, hits[:3])
    assert ("knit_wit", "scoring") in [(h.page, h.section) for h in search(sections, "knit wit duplicate")][:2]
