"""The referee's book and the quick scorer in a real browser: a refused domino's "为什么？" opens Kingdomino's
placement rule in Chinese; a refused "Finish game" opens the score pad's end rule in English; the search finds
the rules in English words and Chinese characters and opens a hit; a kingdom typed and then painted in the
quick scorer, with its score and bonuses. The way into the score pad is tapped (Kingdomino's is tapped in
test_kingdomino.py); the Kingdomino session and the score pad session whose refusal is heard are stored by the
engine and opened by their addresses. Screenshots go to tests/output/."""

from __future__ import annotations

from scoring.record import new_record
from storage import Store
from tests.browser.conftest import HEARD, LAPTOP, LISTEN, POLL_MS, SEEN, WAIT_MS, new_tab, shown_as
from tests.browser.test_kingdomino import PLAYERS, folded
from tests.browser.test_refused_in_place import said_under
from tests.browser.test_shell import enter_round, root_font

TWICE_PX = 32  # px: the page's root font for the phone's text at 2x (`test_card_games.TWICE_THE_TEXT`)
TALL = {"width": 900, "height": 1600}
AT = "2025-01-01T20:00:00+00:00"  # when the stored sessions were made
# RULINGS.md §5, first example: 23 for the properties; with the variants +10 Middle Kingdom, +5 Harmony = 38.
KINGDOM = """F1 L  F  L1 M
L1 L  L  L  W1
W  L  C  W  W
G  F  F  F  W
W1 W  W  G  F1"""


def test_why_on_a_refused_domino_opens_the_placement_rule_in_chinese(phone, server):
    """Kingdomino (a new session stored by the engine; its way in is tapped in test_kingdomino.py): a first half
    where no placement starts is refused; 为什么？ opens 放置规则 open and marked, also in English; back returns to
    the session with the domino still in hand."""
    with Store(server.data) as store:
        sid = store.create(new_record("kingdomino", PLAYERS, now=AT))
    tab = phone.open(f"/play/{sid}")
    tab.see("国王甲接下来放哪块骨牌？")
    tab.tap("4 号骨牌：")
    tab.see("点选前半块的格子")
    tab.tap("第 1 行，第 1 列：空", exact=True)  # no placement starts there: refused at the first half
    tab.see("4 号骨牌至少要有一边挨着城堡或相同的地形。")
    tab.tap("为什么？", exact=True)
    tab.see("适用的规则：放置规则")
    tab.see("有合法位置的骨牌不能弃掉。")
    assert "/rules/kingdomino/placement" in tab.page.url
    tab.shot("rules_phone_why_zh")
    tab.tap("Read in English")
    tab.see("适用的规则：Placement")
    tab.see("A domino that has a legal place may not be discarded.")
    tab.tap("返回", exact=True)
    tab.see("4 号骨牌：森林和森林")  # in hand: named, not a button (it takes no tap)
    tab.see("点选前半块的格子")


def test_why_on_a_refused_finish_opens_the_end_rule_in_english(phone):
    """Score pad in English: finishing before any round is refused, said under "Finish game" (the bar at the foot
    covered it); Why? (TAP high) opens 'End of the game'; back returns to the session. The new-session screen's
    Rules button opens the page with its introduction."""
    tab = phone.open("/new/score_pad")
    tab.language("en")
    tab.see("New session: Score pad")
    tab.fill("New player", "Ada")
    tab.tap("Add", exact=True)
    tab.see("1. Ada")
    tab.tap("Start", exact=True)
    tab.tap("Finish game")
    said_under(tab, tab.button("Finish game", exact=True), "Enter at least one round before finishing.")  # no bar
    tab.see_button("Why?")
    assert "Why?" not in [name for name, height in tab.short_taps()]  # the old bar's own action was 40 px
    tab.tap("Why?", exact=True)
    tab.see("The rule that applies: End of the game")
    tab.see("or when the table finishes it (after at least one round).")
    tab.shot("rules_phone_why_en")
    folded(tab, "End of the game", True)
    folded(tab, "Scoring", False)
    tab.tap("Scoring", exact=True)
    folded(tab, "Scoring", True)
    tab.see("A player's total is the sum of their round scores.")
    tab.tap("Back", exact=True)
    tab.see_button("Finish game")

    tab.open("/new/score_pad")
    tab.tap("Rules", exact=True)
    tab.see("Running totals for any game played in rounds")
    tab.tap("Back", exact=True)
    tab.see("New session: Score pad")


def test_a_refusal_goes_once_another_tab_changes_the_session(browser, server, phone):
    """A phone's refused "结束游戏" said "至少录入一轮后才能结束。" with its 为什么？ for 10 s, still up after the laptop had
    entered round 1 (the refusal no longer applied). It stays while the session is as it was, and goes once the
    phone's screen shows the round: checked once the screen has finished updating, long before its 10 s."""
    with Store(server.data) as store:
        sid = store.create(new_record("score_pad", ["Ada", "Bo"], now=AT))
    laptop = new_tab(browser, server, LAPTOP)
    try:
        phone.open(f"/play/{sid}")
        phone.language("zh-CN")
        laptop.open(f"/play/{sid}")
        laptop.language("zh-CN")
        laptop.see("第 1 轮得分")
        phone.tap("结束游戏")
        phone.see("至少录入一轮后才能结束。")
        phone.quiet()
        phone.see("至少录入一轮后才能结束。")  # nothing changed: it stays
        enter_round(laptop, {"Ada": 3, "Bo": 4})
        phone.see("操作记录（1）")
        phone.quiet()
        refusal = shown_as("至少录入一轮后才能结束。")
        assert not phone.page.get_by_text(refusal).or_(phone.page.get_by_label(refusal)).count()
        assert not phone.page.get_by_role("button", name="为什么？", exact=True).count()
    finally:
        laptop.page.context.close()


def test_a_refusal_is_heard_when_it_appears_in_the_phones_language(phone, server):
    """A refused "结束游戏" is said at once through an aria-live="polite" region, in Chinese; refused again, it is
    said again; the phone switched to English, the message shown is said again in English. The session is stored
    by the engine and opened by its address (the score pad's way in is tapped in the English test above)."""
    with Store(server.data) as store:
        sid = store.create(new_record("score_pad", ["Ada"], now=AT))
    tab = phone.open(f"/play/{sid}")
    tab.see_button("结束游戏")
    tab.page.evaluate(LISTEN)
    refused = "polite: 至少录入一轮后才能结束。"
    for times in (1, 2):
        tab.tap("结束游戏")
        tab.page.wait_for_function(HEARD, arg=times, polling=POLL_MS)
        assert tab.page.evaluate("window.heard") == [refused] * times
        said_under(tab, tab.button("结束游戏", exact=True), "至少录入一轮后才能结束。")  # under the button, no bar
    tab.language("en")
    tab.page.wait_for_function(HEARD, arg=3, polling=POLL_MS)
    assert tab.page.evaluate("window.heard")[2:] == ["polite: Enter at least one round before finishing."]


def test_a_round_refused_twice_is_heard_twice(phone, server):
    """The round form's reason, said after "记入本轮" (a live region), was heard the first time only: refused again for
    the same entries it stayed the same line, so Flet sent nothing and the polite region said nothing. Refused
    again, it is said again, as the bar said it each time. The session is stored by the engine, opened by its
    address."""
    with Store(server.data) as store:
        sid = store.create(new_record("score_pad", ["Ada", "Bo"], now=AT))
    tab = phone.open(f"/play/{sid}")
    tab.language("zh-CN")
    tab.see_button("记入本轮")
    tab.fill("Ada", "5")
    tab.page.evaluate(LISTEN)
    tab.tap("记入本轮")
    tab.page.wait_for_function(HEARD, arg=1, polling=POLL_MS)
    tab.quiet()  # however many times the first refusal was said (the screen scrolls to it), it is said by now
    first = len(tab.page.evaluate("window.heard"))
    tab.tap("记入本轮")
    tab.page.wait_for_function(HEARD, arg=first + 1, polling=POLL_MS)
    heard = tab.page.evaluate("window.heard")
    assert len(set(heard)) == 1 and heard[0].startswith("polite: ") and "Bo" in heard[0], heard  # the same words


def test_a_refused_round_is_brought_into_view_at_twice_the_text(phone, server):
    """Play-test at 2x text (390x844, English): "Add round" tapped with only the first player's points, the reason
    (said after the button) sat at the screen's foot, half off it, and the player had to scroll to read why. It is
    brought into view when it is said: the button at the top of the part of the screen that scrolls, the reason
    wholly inside it."""
    with Store(server.data) as store:
        sid = store.create(new_record("score_pad", ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"], now=AT))
    phone.open(f"/play/{sid}")
    root_font(phone, TWICE_PX)  # on the running page, which Flutter follows (a load would reset it)
    try:
        phone.language("en")
        phone.see("Add round")
        phone.fill("Ada", "5")
        phone.tap("Add round")
        said = shown_as("Bo has no score for this round")
        reason = phone.page.get_by_text(said).or_(phone.page.get_by_label(said)).first
        reason.wait_for(state="attached")
        phone.quiet()
        box = phone.steady(reason).bounding_box()
        top, bottom = reason.evaluate(SEEN)
        phone.shot("score_pad_phone_refusal_twice_the_text")
        assert box and top <= box["y"] and box["y"] + box["height"] <= bottom, (box, top, bottom)
        button = phone.button("Add round").bounding_box()
        assert button and top <= button["y"] < box["y"], (button, box, top)
    finally:
        root_font(phone, None)


def test_search_finds_rules_by_english_words_and_chinese_characters(phone):
    """'black sheep' finds Pictomania's scoring in English; 黑羊 finds it in Chinese, each such hit saying "In Chinese"
    after its snippet (no "中文 |" before every hit); a hit opens its section."""
    tab = phone.open("/rules")
    tab.language("en")
    tab.see("Rules pages")
    tab.fill("Search the rules (中文 or English)", "black sheep")
    tab.see_button("Pictomania · Scoring")
    tab.shot("rules_phone_search_en")
    tab.fill("Search the rules (中文 or English)", "黑羊")
    tab.see_button("妙笔神猜 · 计分")
    tab.see_button("In Chinese")  # the hit's tag, in words, is part of what its button is read as
    tab.shot("rules_phone_search_zh_hits_en")
    tab.tap("妙笔神猜 · 计分")
    tab.see("The rule that applies: 计分")
    tab.see("中间牌最多且唯一的玩家是")
    tab.page.wait_for_url("**/rules/pictomania/scoring?lang=zh-CN")
    tab.shot("rules_phone_search_hit_zh")


FIRST_HIT = """first => {
  const hits = [...document.querySelectorAll('[role="button"]')]
    .map(e => (e.getAttribute('aria-label') || e.textContent).replace(/\u2060/g, '')).filter(n => n.includes(' · '));
  return hits.length > 0 && hits[0].startsWith(first);
}"""  # whether a rules search's first hit (a button named "game · section") begins with first


def test_a_tie_asked_in_a_fathers_words_finds_each_games_tie_rule_first(phone):
    """Play-test (a Chinese family, session 72): 爸爸 typed 翻转7两个人分数一样谁赢 and got Solar Storm's scoring first,
    and 抢词叠叠乐两个人分数一样谁赢 (the game's name on the home screen) found nothing; in session 76 小丽 asked
    王国骨牌打平谁赢 and read Flip 7's end first (Kingdomino's page says 平分 and 获胜). Each now shows its game's tie
    rule as the first hit, read whole on a phone."""
    tab = phone.open("/rules")
    tab.see("规则页")
    for question, first in (("翻转7两个人分数一样谁赢", "翻转7 · 游戏结束"),
                            ("抢词叠叠乐两个人分数一样谁赢", "抢词叠叠乐 · 计分"),
                            ("王国骨牌打平谁赢", "王国骨牌 · 游戏结束")):
        tab.fill("搜索规则（中文或英文）", question)
        tab.see_button(first)
        tab.page.wait_for_function(FIRST_HIT, arg=first, polling=POLL_MS, timeout=WAIT_MS)  # the new search's hits,
        # not the last one's (whose list may hold this game's rule further down)
        hits = [name for name in tab.page.get_by_role("button").evaluate_all(
            "els => els.map(e => (e.getAttribute('aria-label') || e.textContent).replace(/\u2060/g, ''))")
            if " · " in name]
        assert hits and hits[0].startswith(first), (question, hits[:3])
    tab.shot("rules_phone_search_tie_zh")


def test_quick_scorer_scores_a_typed_then_painted_kingdom(phone):
    """From home in one tap: type RULINGS' kingdom (23; 38 with both variants), then erase a corner square (22,
    Harmony lost, and the engine's reason why real dominoes cannot make it, without a session's "those already used
    or set aside are out")."""
    tab = phone.open("/")
    tab.resize(TALL)
    tab.language("en")
    tab.tap("Score a Kingdomino kingdom")
    tab.see("Score: 0")
    tab.fill("The kingdom as text", KINGDOM)
    tab.tap("Put this text on the board")
    tab.see("Score: 23")
    tab.see("Harmony +5 (variant): earned")
    tab.see("Middle Kingdom +10 (variant): earned")
    tab.see("With the Harmony and Middle Kingdom variants: 38")
    tab.see("Tie-break: largest property 7 squares, crowns 6")
    tab.shot("quick_kingdom_typed")
    tab.tap("Erase", exact=True)
    tab.see("Erasing")
    tab.tap("Row 1, column 1: ")
    tab.see("Score: 22")
    tab.see("Harmony +5 (variant): needs a full 5×5 kingdom")
    tab.see("With the Harmony and Middle Kingdom variants: 32")
    tab.see("This kingdom could not be built: The Grass square in row 5, column 4 cannot be made from the dominoes "
            "of the box (each domino counts once).")
    tab.gone("set aside are")
    tab.shot("quick_kingdom_painted")



BROKEN_NUMBER = """() => Array.from(document.querySelectorAll('flt-semantics'))
  .filter(e => !e.querySelector('flt-semantics') && e.getAttribute('role') !== 'button')
  .map(e => e.getAttribute('aria-label') || e.textContent)
  .filter(text => /\\d [\\u4e00-\\u9fff]/.test(text))"""  # a text (a section's fold is named, not set, by its title)
# with a number and the Chinese word after it, a line break allowed between them


def test_a_rules_pages_years_and_counts_keep_their_words_at_twice_the_text(phone):
    """At a phone's 2x text Knit Wit's Chinese rules read "2016" / "年，2–8 人": the year at the end of a line and
    its 年 at the start of the next. A number on a Chinese rules page now keeps the word it dates or counts on its
    line ("2016 年", "3 个", `views.words.whole_numbers`): no text on the page leaves a break between them
    (tests/output/rules_phone_knit_wit_zh_at_2x.png)."""
    tab = phone.open("/rules/knit_wit")
    root_font(tab, TWICE_PX)
    try:
        tab.see(shown_as("Matt Leacock 设计"))
        tab.shot("rules_phone_knit_wit_zh_at_2x")
        assert tab.page.evaluate(BROKEN_NUMBER) == []
    finally:
        root_font(tab, None)
