"""The bonus-tile race panel (`views.components.tile_race`) built without a browser: one slot per player in as few
rows as fit a phone, a locked player keeping their slot, a seated phone's own claim beside its stop button, the
referee's status line, pinning and the moves it offers."""

from __future__ import annotations

import flet as ft

from scoring.mechanics import race as race_mech
from tests.helpers import press
from tests.test_views_components import FakeContext, buttons, noted, raw_texts, read, texts, walk
from views import words
from views.components.tile_race import tile_race

TITLE = "Finish: take a bonus tile"
WORDS = (TITLE, lambda reward: f"tile {reward}", "no tile")  # the game's words: the title, a tile's, stop's


def named_buttons(control):
    """Buttons by their text, or by the name a screen reader gives them (a claim tile: "A: claim 3")."""
    named = dict(buttons(control))
    for c in walk(control):
        if isinstance(c, (ft.Button, ft.OutlinedButton)) and not isinstance(c.content, str):
            label = next((t.semantics_label for t in walk(c.content) if isinstance(t, ft.Text) and t.semantics_label),
                         None)
            if label:
                named[label] = c
    return named


def slots(panel):
    """The player slots: each slot's button names (or its status words once locked: what is drawn over the tile
    hidden under it) and its share of a row."""
    (grid,) = [c for c in walk(panel) if isinstance(c, ft.ResponsiveRow)]
    return [(sorted(named_buttons(s)) or texts(s.controls[-1]), s.col) for s in grid.controls]


def test_a_shared_screen_puts_four_players_in_one_row_and_a_claimant_keeps_their_slot():
    r, _ = race_mech.claim(race_mech.new_race([4, 3, 2], ["A", "B", "C", "D"]), "B")
    claimed, stopped, pinned = [], [], []
    ctx = FakeContext(pinned=pinned)
    placeholder = tile_race(ctx, r, noted(claimed), stopped.append, *WORDS, moves=("stop",))
    (panel,) = pinned
    assert named_buttons(placeholder) == {}
    quarter = {"xs": 3, "md": 3}
    assert slots(panel) == [(["A: claim 3", "A: stop"], quarter), (["B took 4"], quarter),
                            (["C: claim 3", "C: stop"], quarter), (["D: claim 3", "D: stop"], quarter)]
    assert TITLE in texts(panel) and "Rewards left: 3, 2" in texts(panel)
    assert texts(panel).count("tile 3") == 4 and texts(panel).count("no tile") == 3  # B's tile hidden under B's lock
    assert ctx.offered == {("A", "stop"), ("C", "stop"), ("D", "stop")}
    found = named_buttons(panel)
    press(found["C: claim 3"])
    press(found["D: stop"])
    assert claimed == ["C"] and stopped == ["D"]


def test_five_or_six_players_sit_three_a_row_on_a_phone_and_in_one_row_on_a_tablet():
    for players in ("ABCDE", "ABCDEF"):
        race = race_mech.new_race([4, 3, 2, 2, 1][:len(players) - 1], list(players))
        cols = [col for _, col in slots(tile_race(FakeContext(), race, noted([]), lambda p: None, *WORDS))]
        assert cols == [{"xs": 4, "md": 2}] * len(players)
    three = race_mech.new_race([4, 3], list("ABC"))
    assert [col for _, col in slots(tile_race(FakeContext(), three, noted([]), lambda p: None, *WORDS))] == [
        {"xs": 4, "md": 4}] * 3


def test_a_seated_phone_has_its_claim_beside_its_stop_and_the_others_in_one_line():
    r = race_mech.decline(race_mech.new_race([4, 3, 2], ["A", "B", "C", "D"]), "D")
    claimed, stopped, pinned = [], [], []
    ctx = FakeContext(seat="A", pinned=pinned)
    tile_race(ctx, r, noted(claimed), stopped.append, *WORDS, moves=("stop",))
    (panel,) = pinned
    found = named_buttons(panel)
    assert set(found) == {"A: claim 4", "A: stop"}
    assert [c for c in walk(panel) if isinstance(c, ft.Row) and found["A: stop"] in c.controls
            and found["A: claim 4"] in c.controls], "the claim and stop buttons are not side by side"
    assert "B: still racing · C: still racing · D stopped (no reward)" in texts(panel)
    assert ctx.offered == {("A", "stop")}
    press(found["A: claim 4"])
    press(found["A: stop"])
    assert claimed == ["A"] and stopped == ["A"]

    r, _ = race_mech.claim(r, "A")  # nothing left to tap on this phone: shown in place
    pinned.clear()
    panel = tile_race(FakeContext(seat="A", pinned=pinned), r, noted(claimed), stopped.append, *WORDS)
    assert pinned == [] and named_buttons(panel) == {} and "A took 4" in texts(panel)


def test_the_referee_sees_every_player_in_the_status_line_and_no_button():
    r, _ = race_mech.claim(race_mech.new_race([4, 3], ["A", "B", "C"]), "C")
    pinned = []
    ctx = FakeContext(seat="table", pinned=pinned)
    panel = tile_race(ctx, r, noted([]), lambda p: None, *WORDS, moves=("stop",))
    assert pinned == [] and named_buttons(panel) == {} and ctx.offered == set()
    assert "A: still racing · B: still racing · C took 4" in texts(panel)
    over = race_mech.close(r)
    assert "The race is over." in texts(tile_race(FakeContext(), over, noted([]), lambda p: None, *WORDS))


def test_a_claim_tile_grows_with_its_words():
    """A claim tile has no fixed height: its two lines and `TILE_PAD` above and below (56 px at a phone's usual
    text size). Fixed at 56 px, a phone with its text set larger (Chrome's "very large", 1.5×) showed "抢 3" cut
    in half at the tile's edge and drawn into the stop button under it (measured: the lines needed 69 px)."""
    ctx = FakeContext(pinned=(pinned := []))
    tile_race(ctx, race_mech.new_race([3, 2], ["A", "B"]), noted([]), [].append, *WORDS, moves=("stop",))
    tile = named_buttons(pinned[0])["A: claim 3"]
    assert tile.height is None
    from views.components.tile_race import TILE_PAD

    assert (tile.style.padding.top, tile.style.padding.bottom) == (TILE_PAD, TILE_PAD)


def test_a_locked_slot_is_as_high_as_a_racing_one_at_every_text_size():
    """A locked slot was a fixed 100 px while a claim tile grows with the text (78 px over the 40 px stop button at
    1.5x text: 122 px), so a row stood 22 px shorter once its last player had claimed and everything below it
    jumped up (measured in Chromium at 390 px, six players). The locked slot now takes its size from that player's
    claim tile as it would stand (its two lines, `TILE_STYLE`) and the stop button's height, hidden under what it
    shows and left out of what a screen reader reads; it has no fixed height."""
    from views.components.tile_race import LINE_SIZER, STOP_HEIGHT, TILE_STYLE
    r, _ = race_mech.claim(race_mech.new_race([4, 3, 2], ["A", "B", "C", "D"]), "B")
    tile_race(FakeContext(pinned=(pinned := [])), r, noted([]), [].append, *WORDS, moves=("stop",))
    (grid,) = [c for c in walk(pinned[0]) if isinstance(c, ft.ResponsiveRow)]
    racing, locked = grid.controls[0], grid.controls[1]
    assert locked.height is None and isinstance(locked, ft.Stack)
    size, shown = locked.controls
    assert (shown.left, shown.top, shown.right, shown.bottom) == (0, 0, 0, 0) and texts(shown) == ["B took 4"]
    assert isinstance(size, ft.Semantics) and size.exclude_semantics
    tile, gap = size.content.controls
    own = racing.controls[0]
    assert isinstance(tile, ft.FilledButton) and tile.style == own.style == TILE_STYLE and tile.height is None
    assert texts(tile) == [LINE_SIZER, "B", "tile 3"] and texts(own) == [LINE_SIZER, "A", "tile 3"]
    assert [(t.size, t.weight) for t in walk(tile) if isinstance(t, ft.Text)] == \
        [(t.size, t.weight) for t in walk(own) if isinstance(t, ft.Text)]
    assert (size.content.spacing, gap.height) == (racing.spacing, STOP_HEIGHT) == (4, racing.controls[1].height)
    assert named_buttons(locked) == {}


def test_a_seated_phones_status_line_breaks_only_between_players():
    """Five players on a seated phone in Chinese: the others' status line ("小明：还在抢 · … · 阿芳：还在抢") is
    wider than a phone and wraps; it may break only after a " · ", never inside one player's words (at 390 px it
    broke "阿芳：还在 / 抢") nor before the dot. Each entry is written whole (`views.words.whole_name`), the dot glued
    to the entry before it by a no-break space; in English too ("B: still racing")."""
    players = ["大伟", "小明", "小红", "老王", "阿芳"]
    for lang, racing in (("zh-CN", "{name}：还在抢"), ("en", "{name}: still racing")):
        pinned = []
        ctx = FakeContext(seat=players[0], pinned=pinned)
        ctx.lang, ctx.t = lang, lambda key, lang=lang, **params: words.say(lang, key, **params)
        tile_race(ctx, race_mech.new_race([3, 3, 2, 2], players), noted([]), lambda p: None, *WORDS)
        (line,) = [t for t in raw_texts(pinned[0]) if racing.format(name="小明") in read(t)]
        assert line.split("\u00a0· ") == [words.whole_name(racing.format(name=p)) for p in players[1:]], line


def test_the_compact_tiles_say_who_claimed_first_as_the_big_buttons_do():
    """A shared screen's tiles, five players: Dee's tile said "claim 4", Cy's claim reached the server first and
    took 4, Dee got 3. The big buttons say so under Dee's row; the tiles said only "Dee took 3"."""
    r = race_mech.new_race([4, 3, 2, 1], ["Ann", "Bo", "Cy", "Dee", "Eve"])
    ctx = FakeContext()
    press(named_buttons(tile_race(ctx, r, noted([]), lambda p: None, *WORDS))["Dee: claim 4"])
    r, _ = race_mech.claim(r, "Cy")
    r, _ = race_mech.claim(r, "Dee")
    said = texts(tile_race(ctx, r, noted([]), lambda p: None, *WORDS))
    assert "The 4 was already taken by Cy: Dee got the 3." in said
    ctx.t = lambda key, **params: words.say_for("zh-CN", "pictomania", key, **params)
    said = texts(tile_race(ctx, r, noted([]), lambda p: None, *WORDS))
    assert words.say_for("zh-CN", "pictomania", "app.race.beaten", names=["Cy"], rewards=[4], name="Dee",
                         reward=3) in said
    fresh = texts(tile_race(FakeContext(), r, noted([]), lambda p: None, *WORDS))
    assert not any("already taken" in line for line in fresh)


def test_a_seated_phones_claim_keeps_its_reward_with_the_word_before_it():
    """Pictomania, a seated phone at 2x text: the claim, squeezed beside its stop button, wrapped "Pia：抢 / 3",
    the reward alone on the second line (pictomania_seated_phone_claim_twice_the_text.png). The reward is glued to
    the word before it, so the line breaks after the name ("Pia：" / "抢 3"), in both languages."""
    r = race_mech.new_race([3, 2], ["Pia", "Quin"])
    for lang, label in (("en", "Pia: claim\u00a03"), ("zh-CN", "Pia：抢\u00a03")):
        pinned = []
        ctx = FakeContext(seat="Pia", pinned=pinned)
        ctx.t = lambda key, lang=lang, **params: words.say(lang, key, **params)
        tile_race(ctx, r, noted([]), lambda p: None, *WORDS)
        (panel,) = pinned
        claims = [c.content for c in walk(panel) if isinstance(c, ft.FilledButton)]
        assert claims == [label], claims
