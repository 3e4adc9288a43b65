"""Translations: both language tables have the same keys, every key the views use exists, and no view holds a
literal user-facing string (everything visible goes through the tables)."""

from __future__ import annotations

import ast
import json
import re
import struct
from pathlib import Path

import pytest

from scoring import i18n, rulebook
from scoring.core import PLAYER, TABLE, engine, games, correction_words, note_correction
from scoring.errors import RuleError
from tests.helpers import FLAG, MIXED, VARIANT, ZERO, ZH_LEFT_OUT, plain_keys
from views import words
from views.ui import FONTS

ROOT = Path(__file__).resolve().parent.parent
VIEWS = ROOT / "views"
SOURCES = sorted(VIEWS.rglob("*.py"))
TEXT_KEYWORDS = {"text", "label", "tooltip", "hint_text", "helper_text", "error_text", "title", "content",
                 "value", "semantics_label", "prefix_text", "suffix_text", "counter_text", "placeholder"}
CONTROLS_WITH_TEXT_ARG = {"Text", "TextSpan", "Tooltip", "SnackBar", "Chip"}
TRANSLATORS = {"t", "say", "text"}
KEY_FIRST = {"t", "notify"}  # calls whose first argument is the key (`App.notify` says its key when shown)
FORMAT_ONLY = re.compile(r"^[\s\d.,:;·/+\-−–()#|%{}]*$")


def calls(tree: ast.AST):
    """Every call in a module's syntax tree."""
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)]


def name_of(func: ast.expr) -> str:
    """The called name (`ft.Text` → "Text", `ctx.t` → "t")."""
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def literal_text(node: ast.expr) -> str | None:
    """Letters a person would read in a constant or f-string argument, or None when there are none."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return None if FORMAT_ONLY.match(node.value) else node.value
    if isinstance(node, ast.JoinedStr):
        parts = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
        return None if FORMAT_ONLY.match(parts) else parts
    return None


def used_keys() -> tuple[set[str], set[str]]:
    """Keys passed as constants to a translator, and prefixes of keys built with f-strings."""
    exact, prefixes = set(), set()
    for path in SOURCES:
        for call in calls(ast.parse(path.read_text("utf-8"))):
            if name_of(call.func) not in TRANSLATORS | KEY_FIRST or not call.args:
                continue
            key = call.args[0] if name_of(call.func) in KEY_FIRST else (call.args[1] if len(call.args) > 1 else None)
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                exact.add(key.value)
            elif isinstance(key, ast.JoinedStr) and isinstance(key.values[0], ast.Constant):
                prefixes.add(key.values[0].value)
    return exact, prefixes


def test_both_languages_have_the_same_keys():
    """zh-CN and en define exactly the same keys, merged over every domain file (English adds the singular
    variants of counted texts; Chinese, which has no plural forms, none)."""
    assert set(i18n.table("zh-CN")) == plain_keys(i18n.table("en"))


def test_count_variants_belong_to_a_key_and_name_its_counts():
    """Every singular variant `key[a=1,b=1]` sits beside its key, names (sorted) placeholders the key has, and keeps
    the key's placeholders."""
    en = i18n.table("en")
    others = [key for key in en if "[" in key and not any(p.match(key) for p in (FLAG, ZERO, MIXED))]
    variants = [VARIANT.match(key) for key in others]
    assert variants and all(variants), [key for key in others if not VARIANT.match(key)]
    for found in variants:
        base, names = found["base"], [n.removesuffix("=1") for n in found["names"].split(",")]
        holes = set(re.findall(r"{(\w+)}", en[base]))
        assert names == sorted(names) and set(names) <= holes, found.string
        assert set(re.findall(r"{(\w+)}", en[found.string])) == holes, found.string


def assert_beside_their_key(pattern: re.Pattern, left_out) -> None:
    """Each language has keys of pattern (variants), each beside its key and in English too, with the key's
    placeholders less those left_out(found) names."""
    for lang in i18n.LANGUAGES:
        table = i18n.table(lang)
        variants = [pattern.match(key) for key in table if pattern.match(key)]
        assert variants
        for found in variants:
            base = found["base"]
            assert base in table and found.string in i18n.table("en"), found.string
            holes = set(re.findall(r"{(\w+)}", table[base])) - left_out(found)
            assert set(re.findall(r"{(\w+)}", table[found.string])) == holes, found.string


def test_flag_variants_sit_beside_their_key_in_both_languages():
    """A variant for a flag that is true (`key[name=true]`) is in both languages beside its key, with the key's
    placeholders; it is chosen only when the parameter is True (not 1, not a truthy string)."""
    assert_beside_their_key(FLAG, lambda found: set())
    say = lambda doubled: i18n.text("en", "flip7.line.stayed", round=1, numbers=8, bonus=2, doubled=doubled)
    assert say(True) == "Round 1: stayed (8\u00a0×2, +2)"
    assert say(False) == say(1) == say("yes") == "Round 1: stayed (8, +2)"


def test_zero_variants_sit_beside_their_key_in_both_languages_without_the_zero():
    """A variant for a count of zero (`key[name=0]`) is in both languages beside its key, with the key's
    placeholders but the zero one; it is chosen only for the integer 0 (not False)."""
    assert_beside_their_key(ZERO, lambda found: {found["name"]})
    say = lambda crowns: i18n.text("en", "kingdomino.layout_unexplained", row=1, col=2, terrain="Grass", crowns=crowns)
    assert say(0).startswith("The Grass square in row 1, column 2 cannot")
    assert "crowns:" in say(False) and "crowns: 2" in say(2)


def test_zero_and_flag_variants_together_sit_beside_their_key_in_both_languages():
    """A variant for a zero and a flag at once (`key[a=0,b=true]`, names sorted) is in both languages beside its
    key, with the key's placeholders but the zero ones; it is chosen when both hold."""
    assert_beside_their_key(MIXED, lambda found: {n[:-2] for n in found["names"].split(",") if n.endswith("=0")})
    assert all(found["names"].split(",") == sorted(found["names"].split(","))
               for found in map(MIXED.match, i18n.table("en")) if found)
    say = lambda crowns, shared: i18n.text("en", "kingdomino.layout_unexplained", row=1, col=2, terrain="Grass",
                                           crowns=crowns, shared=shared)
    for crowns, start in ((0, "The Grass square in row 1, column 2"), (2, "The Grass square (crowns: 2) in row 1")):
        assert say(crowns, True).startswith(start) and say(crowns, True).endswith("set aside are out).")
        assert say(crowns, False).startswith(start) and say(crowns, False).endswith("(each domino counts once).")


def test_a_count_of_one_reads_singular_in_english_and_unchanged_in_chinese():
    """English says "1 player", "1 star", "−1 star" (on screen and in the command line's `i18n.text`); other counts
    and Chinese keep the plain text."""
    assert words.say("en", "app.need_players", min=1, count=0) == "Seat at least 1 player (now 0)."
    assert words.say("en", "app.need_players", min=2, count=1) == "Seat at least 2 players (now 1)."
    assert words.say("zh-CN", "app.need_players", min=1, count=0) == i18n.text("zh-CN", "app.need_players", min=1,
                                                                                count=0)
    assert words.say("en", "pictomania.line.kept", round=2, stars=1) == "Round 2: 1 star of own tokens nobody won"
    assert words.say("en", "pictomania.line.kept", round=1, stars=3) == "Round 1: 3 stars of own tokens nobody won"
    assert words.say("en", "flip7.view.points", points=-1) == "−1 point"
    assert words.say("en", "flip7.view.points", points=True).endswith(" points")  # a flag is not a count
    assert i18n.text("en", "pictomania.line.kept", round=2, stars=1) == "Round 2: 1 star of own tokens nobody won"
    kept = words.say("zh-CN", "pictomania.line.kept", round=2, stars=1)
    assert kept == "第 2 轮：自己没送出的计分板块 1 颗星"


def test_a_list_in_a_sentence_says_and_before_its_last_item():
    """Names in a sentence read "Ann and Cat are tied", "Ann, Bo and Cat" (they read "Ann, Cat are tied"), in
    Chinese "Ann、Bo 和 Cat", "张三、李四和王五" (the views joined them with "，"); a list inside a list is
    bracketed (it read "A, B and C, D": which rooms went together?); a numbered ranking says no "and"."""
    tie = {"names": ["Ann", "Cat"], "points": 3}
    assert words.say("en", "splitter.view.tie_shared", **tie) == "Ann and Cat are tied on 3 points and share the place."
    assert words.say("zh-CN", "splitter.view.tie_shared", **tie) == "Ann 和 Cat 同为 3 分，名次并列。"
    who = ["Ann", "Bo", "Cat"]
    for say in (words.say, i18n.text):
        assert say("en", "table.nothing_to_do_wait", who=who) == "Nothing to do right now: waiting for Ann, Bo and Cat."
        assert say("zh-CN", "table.nothing_to_do_wait", who=who) == "现在无需操作：等 Ann、Bo 和 Cat 操作。"
        assert say("en", "table.nothing_to_do_also", who=who[1:]) == \
            "Nothing to do right now: also waiting for Bo and Cat."
        assert say("zh-CN", "table.nothing_to_do_also", who=["裁判或主持人"]) == "现在无需操作：也在等裁判或主持人操作。"
        assert say("zh-CN", "app.crew", names=["张三", "李四", "王五"]) == "全队共同得分（张三、李四和王五）"
        assert say("en", "app.crew", names=["Ann"]) == "Shared score (Ann)"
    for say in (words.say, i18n.text):
        assert say("en", "solar_storm.view.last_damage", rooms=[["A", "B"], ["C", "D"]]) == \
            "Last damage: (A, B) and (C, D)"
        assert say("zh-CN", "solar_storm.view.last_damage", rooms=[["甲", "乙"], ["丙", "丁"]]).endswith(
            "（甲、乙）和（丙、丁）")
    assert words.plain_list("en", ["1. A (4)", "2. B (3)", "3. C (2)"]) == "1. A (4), 2. B (3), 3. C (2)"


def test_a_list_of_one_reads_singular_in_english():
    """Knit Wit's log: "inside loop 5", "inside loops 5 and 6"; a list of one is a count of one."""
    assert words.say("en", "knit_wit.action.spool", by="Bram", number=5, loops=[5]) == \
        "Bram placed spool 5 inside loop 5"
    assert words.say("en", "knit_wit.action.spool", by="Bram", number=5, loops=[5, 6]) == \
        "Bram placed spool 5 inside loops 5 and 6"
    assert words.say("zh-CN", "knit_wit.action.spool", by="Bram", number=5, loops=[5]) == "Bram 把 5 号线轴放进了线圈 5 里"
    assert words.say("en", "knit_wit.action.aliases", count=1) == "The table added 1 known same-answer ruling"


def test_two_counts_in_one_text_each_take_their_own_form():
    """Both, either or neither count at 1: the variant naming the most of them."""
    say = lambda plays, wins: words.say("en", "stats.player_summary", name="Ann", plays=plays, wins=wins, last="-")
    assert say(1, 1) == "Ann: 1 session, 1 win, last played -"
    assert say(1, 0) == "Ann: 1 session, 0 wins, last played -"
    assert say(3, 1) == "Ann: 3 sessions, 1 win, last played -"
    assert say(3, 2) == "Ann: 3 sessions, 2 wins, last played -"


def test_app_files_have_the_same_keys_and_placeholders():
    """The shell's own tables match key for key, with the same {placeholders} in both languages."""
    en = {k: v for k, v in json.loads((ROOT / "assets/i18n/en/app.json").read_text("utf-8")).items()
          if not VARIANT.match(k)}
    zh = json.loads((ROOT / "assets/i18n/zh-CN/app.json").read_text("utf-8"))
    assert set(en) == set(zh)
    for key in en:
        assert set(re.findall(r"{(\w+)}", en[key])) == set(re.findall(r"{(\w+)}", zh[key])), key


def test_a_games_own_words_for_a_shared_key_take_the_same_placeholders():
    """`<game>.<shared key>` (a game's own words, `words.say_for`: Bacon's "Deal {round}" for "Round {round}") names
    a shared key that exists and fills the same {placeholders}, in both languages."""
    ids = {game.id for game in games()}
    for lang in i18n.LANGUAGES:
        table = i18n.table(lang)
        own = {key: key.split(".", 1)[1] for key in table
               if key.split(".", 1)[0] in ids and key.split(".", 1)[1] in table}
        assert lang != "en" or own, "no game's own words found: the scan is broken"
        for key, shared in own.items():
            assert set(re.findall(r"{(\w+)}", table[key])) == set(re.findall(r"{(\w+)}", table[shared])), key


def test_every_key_used_by_the_views_exists():
    """Constant keys exist in both tables; every f-string key prefix has at least one key."""
    exact, prefixes = used_keys()
    assert exact, "no translated strings found: the scan is broken"
    for lang in i18n.LANGUAGES:
        table = i18n.table(lang)
        missing = sorted(k for k in exact if k not in table)
        assert not missing, (lang, missing)
        for prefix in prefixes:
            if prefix.startswith("app."):
                assert any(k.startswith(prefix) for k in table), (lang, prefix)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_literal_user_facing_strings_in_views(path):
    """No string with words is passed straight to a control as its text, label, tooltip, hint or title."""
    found = []
    for call in calls(ast.parse(path.read_text("utf-8"))):
        fname = name_of(call.func)
        if fname in TRANSLATORS:
            continue
        candidates = [kw.value for kw in call.keywords if kw.arg in TEXT_KEYWORDS]
        if fname in CONTROLS_WITH_TEXT_ARG and call.args:
            candidates.append(call.args[0])
        for node in candidates:
            text = literal_text(node)
            if text is not None:
                found.append(f"{path.name}:{node.lineno}: {text!r}")
    assert not found, found


def test_chinese_text_has_no_em_dash_between_words():
    """The CJK font draws U+2014 half-width, so a dash between words ("全桌——记入本轮得分") shows as two minus
    signs; Chinese texts use their own punctuation instead (a lone dash standing for "none" is a symbol, kept)."""
    dashed = {key: text for key, text in i18n.table("zh-CN").items() if "\u2014" in text and text.strip() != "\u2014"}
    assert dashed == {}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("render", [i18n.text, words.say], ids=["text", "say"])
def test_a_typed_value_equal_to_a_message_key_is_shown_as_typed(lang, render):
    """A player called "app.title" (or "core.yes") reads as typed, not as that key's words; a phase, a card, a
    colour or a refusal that an engine names by its key still reads in words."""
    table = i18n.table(lang)
    spool = render(lang, "knit_wit.action.spool", by="app.title", number=5, loops=[5])
    assert spool.startswith("app.title") and table["app.title"] not in spool
    assert render(lang, "app.winner", names=["core.yes"]) == table["app.winner"].format(names="core.yes")
    assert table["knit_wit.phase.weave"] in render(lang, "core.wrong_phase", move="x", phase="knit_wit.phase.weave")
    assert table["record.colour.red"] in render(lang, "record.colour_twice", names=["A", "B"],
                                                 colour="record.colour.red")
    assert table["flip7.card.x2"] in render(lang, "flip7.line_too_many", name="A", count=2, card="flip7.card.x2",
                                            limit=1)
    assert table["record.field_unknown"].split("{")[0] in render(lang, "record.action_refused", number=1,
                                                                  reason="record.field_unknown")


def refused_move(game: str, kind: str) -> RuleError:
    """The engine's refusal of a move made by the wrong kind of actor (a player's move by the table, the table's
    by a player) or, for a move anyone makes, with a field it does not know: a refusal naming the move."""
    eng = engine(game)
    spec = eng.specs[kind]
    players = ["A", "B", "C", "D", "E", "F"][:(eng.game.player_counts or (eng.game.min_players,))[0]]
    by = {PLAYER: TABLE, TABLE: "A"}.get(spec.by, TABLE)
    err = eng.check(eng.new_state(players), {"type": kind, "by": by, "no_such_field": 1})
    assert err is not None and err.params.get("move") == kind, (game, kind, err)
    return err


CATALOGUE = [game.id for game in games() if type(engine(game.id)).__module__.startswith("scoring.games.")]


@pytest.mark.parametrize("game", CATALOGUE)
def test_a_refusal_names_the_move_as_the_next_step_line_does(game):
    """Every move of every game has a name in both languages (Chinese in Chinese words, no Latin letters), and a
    refusal naming the move reads that name, the one the next-step line uses (`words.move_name`, the game's own
    first): Solar Storm's rooms, Kingdomino's dominoes set aside and a correction read “mess_hall”, “set_aside”
    and “correct” on a Chinese phone, and Nab-It's letter tiles refused read “出牌” under "打出字母牌". A name
    quotes a button in single quotes, as quotes inside the refusal's own are written: Bacon's read
    “点“我出完了！””."""
    for kind in engine(game).specs:
        err = refused_move(game, kind)
        for lang in i18n.LANGUAGES:
            name = words.move_name(lang, game, kind)
            assert name and (lang != "zh-CN" or not re.search("[A-Za-z]", name)), (game, kind, lang, name)
            assert lang != "en" or name[0].islower(), name  # read mid-sentence: "Next: Ann — play a card"
            assert not re.search("[“”]", name), name
            assert f"“{name}”" in words.error(lang, err) and f"“{name}”" in i18n.error_text(lang, err), (kind, lang)
    assert i18n.text("zh-CN", "core.wrong_phase", move="show", game="guess_club", phase="guess_club.phase.turns") == \
        "现在不能进行“亮出相同的答案”（当前阶段：出牌或预测）。"


LATIN_KEPT = {  # Latin words a Chinese text keeps: formats, units, proper names, and the fields of a file or action
    "JSON", "CSV", "UTF", "Unicode", "MB", "PIN", "Wi-Fi", "DNA", "BG", "Stats", "Splitter", "data",
    "row", "col", "letter", "blank", "pot", "board", "supply", "yes", "no", "tableside_backup", "sessions"}
IN_ENGLISH = {"app.language.en", "app.switch_language", "app.switch_language_tip", "rules.read_in.en"}
EXAMPLES = {"guess_club.cards_invalid", "knit_wit.view.deal_field"}  # a typed example, in the form it is typed
COUNTED = ("actions answers bytes cards cells characters columns crowns deals dominoes levels markers numbers players "
           "points rounds rows seconds sessions spools squares stars tags tiles wins").split()
NAMING = {"player", "winner", "terrain"}  # a placeholder naming someone or something: "{winner} wins"
NEVER_ONE = {  # a count before a plural noun that cannot be 1, so the text needs no singular variant
    ("app.player_counts", "b"), ("app.player_range", "max"), ("app.player_exact", "count"),  # at least 2 players
    ("core.player_count", "max"),
    ("cubosaurs.row_name_too_long", "most"), ("guess_club.card_blank", "limit"), ("guess_club.card_blank_at", "limit"),
    ("guess_club.topic_invalid", "limit"),
    ("knit_wit.answer_too_long", "limit"), ("knit_wit.tag_too_long", "limit"), ("storage.player_name_length", "max"),
    ("kingdomino.aside_too_many", "max"), ("nab_it.stack_full", "max"), ("plain.too_deep", "max"),  # constants
    ("kingdomino.crowns_too_many", "crowns"), ("knit_wit.deck_short", "tags"), ("nab_it.not_last_tile", "count"),
    ("storage.import_too_many_actions", "count"), ("plain.too_large", "size"), ("storage.draft_too_large", "size"),
    ("storage.field_too_long", "length"), ("app.game_title_too_long", "length"),
    ("storage.profile_too_large", "size"),  # above a limit of 2 or more
    ("splitter.layout_rows", "expected")}  # a sheet's 7 rows


def outside_quotes(text: str) -> str:
    """A Chinese text without its placeholders and its quoted examples (“名称: 2 -3”, "sessions")."""
    return re.sub(r"“[^”]*”|\"[^\"]*\"|{\w+}", "", text)


def test_every_text_has_the_same_placeholders_in_both_languages():
    """Every key (English's singular and flag variants against their key) fills the same {placeholders} in zh-CN
    and en (but those the Chinese leaves out on purpose, `ZH_LEFT_OUT`), and no brace is left unpaired."""
    zh, en = i18n.table("zh-CN"), i18n.table("en")
    for key, text in en.items():
        base = key if key in zh else key.split("[", 1)[0]
        wanted = set(re.findall(r"{(\w+)}", text)) - ZH_LEFT_OUT.get(base, set())
        assert wanted == set(re.findall(r"{(\w+)}", zh[base])), key
    for key, text in [*zh.items(), *en.items()]:
        assert not re.search(r"[{}]", re.sub(r"{\w+}", "", text)), key


def test_chinese_texts_hold_no_english_words():
    """A Chinese text has no Latin word (a letter alone is a symbol: W for wheat) but a format, a unit, a proper
    name or a field's own name (the words that switch to English are themselves English)."""
    found = {key: latin for key, text in i18n.table("zh-CN").items() if key not in IN_ENGLISH
             and (latin := set(re.findall(r"[A-Za-z][A-Za-z-]*[A-Za-z]", outside_quotes(text))) - LATIN_KEPT)}
    assert found == {}


def test_chinese_sentences_use_full_width_punctuation():
    """No half-width comma, semicolon, colon, bracket, question or exclamation mark, and no full stop after a Chinese
    character in a Chinese text (a quoted or typed example is kept as typed); no full-width mark in English."""
    half = re.compile(r"[,;()]|:(?!\s?\d)|(?<=[\u4e00-\u9fff）])[?!.]")
    found = {key: text for key, text in i18n.table("zh-CN").items()
             if key not in EXAMPLES and half.search(re.sub(r"(?<=\d):|\s[?.](?=\s|$|）)|(?<=写 )\?", "",
                                                          outside_quotes(text)))}
    assert found == {}
    assert {key: text for key, text in i18n.table("en").items() if re.search("[，。：；？！、（）]", text)} == {}


def test_an_english_count_before_a_plural_noun_has_its_singular_variant():
    """"{count} spools" has `key[count=1]` beside it ("1 spool"), unless that count cannot be 1 (NEVER_ONE)."""
    en = i18n.table("en")
    missing = []
    for key, text in en.items():
        for name, noun in re.findall(r"{(\w+)}\s+(?:more\s+|different\s+)?(\w+)", text) if "[" not in key else []:
            if noun in COUNTED and name not in NAMING and (key, name) not in NEVER_ONE and not any(
                    k.startswith(f"{key}[") and f"{name}=1" in k for k in en):
                missing.append((key, name, noun))
    assert missing == []


GLOSSARY = {  # a game's Chinese terms, as its original rule text (`shared/rules/originals`) has them: not → but
    "guess_club": {"出题人": "出题者", "奖励板": "奖励区", "配对": "匹配", "奖池": "奖金池", "主题": "题目"},
    "pictomania": {"奖励板": "加分板块", "猜测牌": "猜测卡", "猜错牌": "猜错卡"},
    "splitter": {"记分表": "计分表"},  # the original has both; its rules page and refusals said 计分表, its screen 记分表
    "solar_storm": {"防护标记": "保护标记"},
}
SHOWN_BY = {"guess_club": ("ledger.", "app.move.topic"), "pictomania": ("table.field.take_tile",),
            "splitter": (), "solar_storm": ()}  # shared texts


@pytest.mark.parametrize("game", sorted(GLOSSARY))
def test_a_games_chinese_terms_are_its_rule_texts(game):
    """A game calls a thing by one Chinese name, the original rule text's, on every screen, in every refusal, in
    the shared texts it shows and on its rules page (Guess Club's setter is 出题者, never 出题人)."""
    texts = {key: text for key, text in i18n.table("zh-CN").items() if key.startswith((f"{game}.", *SHOWN_BY[game]))}
    texts["rules page"] = (ROOT / "assets" / game / "rules.zh-CN.md").read_text("utf-8")
    found = {key: [wrong for wrong in GLOSSARY[game] if wrong in text] for key, text in texts.items()}
    assert {key: wrong for key, wrong in found.items() if wrong} == {}


def test_a_chinese_card_types_name_sits_in_its_sentence_without_spaces():
    """A Bacon referee's verdict read "压得过：同样是 2 张的 对子，点数 7 大于 5。" (a space inside Chinese, and "的"
    where the piles' own readings say "2 张对子"): a type's name is a Chinese word and joins the words around it;
    only a number keeps its spaces. Each is filled as the screen fills it (`i18n.text`), with the type alone and
    with its size (2 张对子)."""
    spaced = re.compile(r"[\u4e00-\u9fff] [\u4e00-\u9fff]")
    pair = i18n.text("zh-CN", "cards.type.pair")
    found = {}
    for name in (pair, i18n.text("zh-CN", "cards.sized", size=2, type=pair)):
        names = dict.fromkeys(("type", "played_type", "table_type"), name)
        found.update({key: shown for key, template in i18n.table("zh-CN").items() if re.search(r"{\w*type}", template)
                      and spaced.search(shown := i18n.text("zh-CN", key, **{
                          **dict.fromkeys(re.findall(r"{(\w+)}", template), "2"), **names}))})
    assert found == {}


def test_a_chinese_name_sits_in_its_sentence_without_the_spaces_a_latin_one_keeps():
    """A seated phone read "现在无需操作：等 A 和裁判或主持人 操作。": the template keeps a space on each side of a
    name, for a Latin one ("等 Ann 操作"); a Chinese name joins the words around it, in every template. A value
    with spaces of its own (cards: "7B 万能") keeps the spaces round it."""
    wait = "table.nothing_to_do_wait"
    assert i18n.text("zh-CN", wait, who=["A", "裁判或主持人"]) == "现在无需操作：等 A 和裁判或主持人操作。"
    assert i18n.text("zh-CN", wait, who="张三") == "现在无需操作：等张三操作。"
    assert i18n.text("zh-CN", wait, who="Ann") == "现在无需操作：等 Ann 操作。"
    assert i18n.text("en", wait, who="张三") == "Nothing to do right now: waiting for 张三."
    assert i18n.fill("{a} 压 {b}", {"a": "7B 万能", "b": "5A"}) == "7B 万能 压 5A"
    assert i18n.fill("第 {n} 轮：{who} 的回合", {"n": 3, "who": "李四"}) == "第 3 轮：李四的回合"
    spaced = re.compile(f"[{i18n.CJK}] [{i18n.CJK}]")
    found = {key: said for key, template in i18n.table("zh-CN").items()
             if spaced.search(said := i18n.fill(template, dict.fromkeys(re.findall(r"{(\w+)}", template), "张三")))
             and not spaced.search(template)}
    assert found == {}


def test_a_list_of_names_said_on_screen_sits_in_its_chinese_sentence_as_the_engines_say_it():
    """Play-test, a family's Knit Wit in table mode: the host's screen read "现在无需操作：等 爸爸、奶奶、小明和 Ann
    操作。" and a crossed-out answer "划掉：与 奶奶和 Ann 的一样": the views said the list as a sentence first
    (`words.say`), and its own space before "Ann" kept the template's space before the list. A list the views say
    sits in its sentence as the engines' own texts put it (`i18n.text`)."""
    wait, same = "table.nothing_to_do_wait", "knit_wit.view.mark_same"
    family = ["爸爸", "奶奶", "小明", "Ann"]
    assert words.say("zh-CN", wait, who=family) == "现在无需操作：等爸爸、奶奶、小明和 Ann 操作。"
    assert words.say("zh-CN", wait, who=family) == i18n.text("zh-CN", wait, who=family)
    assert words.say_for("zh-CN", "knit_wit", same, names=["奶奶", "Ann"]) == "划掉：与奶奶和 Ann 的一样"
    assert words.say("zh-CN", wait, who=["Ann", "奶奶"]) == "现在无需操作：等 Ann 和奶奶操作。"


def test_chinese_texts_quote_with_double_quotes():
    """Bacon's near-tie line read "（点‘我出完了！’）" under a screen that says “我出完了！”: a Chinese text quotes with
    “…”, and ‘…’ only inside them; a move's name, which a refusal puts in “…”, names the move without quotes."""
    found = {key: text for key, text in i18n.table("zh-CN").items() if re.search("[‘’]", outside_quotes(text))}
    assert found == {}


# Roboto, Flutter's own font on the web (flet-web's `roboto.woff2`, read with fontTools): the ranges it draws that
# the app's fonts (`views.ui.FONTS`: the CJK font has no Latin at all) leave to it
ROBOTO = [(0x20, 0x7E), (0xA0, 0x17F), (0x2010, 0x2011), (0x2013, 0x2015), (0x2017, 0x201E), (0x2020, 0x2022),
          (0x2025, 0x2027), (0x2030, 0x2030), (0x2032, 0x2033), (0x2039, 0x203A), (0x2212, 0x2212),
          (0x2264, 0x2265)]


def font_ranges(path: Path) -> list[tuple[int, int]]:
    """The code point ranges a TrueType font's character map (its format 4 and 12 subtables) names."""
    data = path.read_bytes()
    count = struct.unpack_from(">H", data, 4)[0]
    tables = {data[12 + 16 * i:16 + 16 * i]: struct.unpack_from(">I", data, 20 + 16 * i)[0] for i in range(count)}
    cmap, ranges = tables[b"cmap"], []
    for i in range(struct.unpack_from(">H", data, cmap + 2)[0]):
        sub = cmap + struct.unpack_from(">I", data, cmap + 8 + 8 * i)[0]
        kind = struct.unpack_from(">H", data, sub)[0]
        if kind == 4:
            segments = struct.unpack_from(">H", data, sub + 6)[0] // 2
            ends = struct.unpack_from(f">{segments}H", data, sub + 14)
            starts = struct.unpack_from(f">{segments}H", data, sub + 16 + 2 * segments)
            ranges += [(s, e) for s, e in zip(starts, ends) if s != 0xFFFF]
        elif kind == 12:
            groups = struct.unpack_from(">I", data, sub + 12)[0]
            ranges += [struct.unpack_from(">II", data, sub + 16 + 12 * g) for g in range(groups)]
    return ranges


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_character_of_every_text_has_a_font_that_draws_it(lang):
    """A character no font of the page has is drawn as an empty box: Solar Storm's roll line read "Last roll: 4
    (scavenging) ▯ 1 card" on a phone (U+2192 is in none of the app's fonts nor in Roboto), and the rules pages'
    examples "11 5 12 +4 ▯ 32" (Flip 7), "teammate 2nd ▯ 4" (Bacon): every message and every rules page."""
    ranges = ROBOTO + [r for file in FONTS.values() for r in font_ranges(ROOT / "assets" / file)]
    texts = {**i18n.table(lang), **{f"rules:{page}": rulebook.page_path(page, lang).read_text(encoding="utf-8")
                                    for page in rulebook.page_ids()}}
    drawn = {c for text in texts.values() for c in text if any(a <= ord(c) <= b for a, b in ranges)}
    # a line end; a word joiner (keeps two characters on one line, drawn as nothing); a zero-width space (where a
    # long Chinese word may break, `views.words.whole_words`, drawn as nothing)
    unseen = {"\n", "\u2060", "\u200b"}
    missing = {key: sorted(set(text) - drawn - unseen) for key, text in texts.items() if set(text) - drawn - unseen}
    assert missing == {}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_character_of_a_corrections_log_row_has_a_font_that_draws_it(lang):
    """A correction's log row read "Round 1 corrected: Ann 5 ▯ 7" on a 390x844 phone in both languages: the
    engine's before → after (`note_correction`) is not in the language files, so the test above did not read it,
    and U+2192 is in none of the page's fonts."""
    ranges = ROBOTO + [r for file in FONTS.values() for r in font_ranges(ROOT / "assets" / file)]
    state = {"players": ["Ann"]}
    note_correction(state, 1, {"Ann": 5}, {"Ann": 7})
    changes = correction_words(state["corrections"][0]["changes"])
    said = words.say(lang, "core.action.corrected", round=1, changes=changes)
    assert [c for c in said if not any(a <= ord(c) <= b for a, b in ranges)] == []


def test_the_join_screens_seat_button_says_who_you_are_in_chinese():
    """Play-test (Kingdomino and Nab-It on phones, 简体中文): each seat's button on the join screen read "坐在张伟"
    ("sit on 张伟", said of a person); it now reads "我是张伟" ("I am 张伟"), as the pass-the-phone cover's "我是 …：显示"
    does and the seated phone's "你是张伟" answers; the referee's seat too."""
    assert i18n.text("zh-CN", "table.take_seat", seat="张伟") == "我是张伟"
    assert i18n.text("zh-CN", "table.take_seat", seat="裁判") == "我是裁判"
    assert i18n.text("en", "table.take_seat", seat="Ann") == "Sit as Ann"
