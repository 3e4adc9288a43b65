"""Nab-It! view built without a browser over a live record: tiles placed by tapping a cell then a letter, the
words of the draft with the list's verdict, a refused draft explained, a challenge put to the vote and taken back,
control and banks in the legend, the covered hand when the app deals, and the end board."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft
import pytest

from scoring.core import RuleError, engine
from tests.test_views_components import buttons, raw_texts, said_under, texts, walk
from tests.test_views_kingdomino import Table, cells, name
from views import session, words
from views.components import scoreboard
from views.games import nab_it as view
from views.ui import tint

SEATS = [{"name": "Ann", "colour": "red"}, {"name": "Ben", "colour": "blue"}]


def letter_buttons(control) -> dict[str, ft.OutlinedButton]:
    """The letter picker's buttons by letter (single capital letters)."""
    return {c.content: c for c in walk(control) if isinstance(c, ft.OutlinedButton) and isinstance(c.content, str)
            and len(c.content) == 1}


def place(table: Table, row: int, col: int, letter: str) -> None:
    """Tap a board cell (1-based as its accessible name says), then a letter."""
    cells(table.view(view))[(row - 1, col - 1)].on_click(None)
    letter_buttons(table.view(view))[letter].on_click(None)


def test_tap_cells_and_letters_preview_the_words_then_play():
    """SUN tapped onto rows 8, columns 6–8: the draft shows SUN in the word list; Play sends it to the engine."""
    table = Table("nab_it", SEATS)
    built = table.view(view)
    assert "Swap & pass" in buttons(built) and len(cells(built)) == 15 * 15
    for col, letter in ((6, "S"), (7, "U"), (8, "N")):
        place(table, 8, col, letter)
    built = table.view(view)
    assert "SUN: in the word list" in texts(built)
    assert name(built, 7, 5) == "Row 8, column 6: S"
    buttons(built)["Play"].on_click(None)
    assert table.errors == [] and table.record["actions"][-1]["tiles"][0] == {"row": 7, "col": 5, "letter": "S",
                                                                            "blank": False}
    built = table.view(view)
    assert table.state["turn"] == "Ben" and "Swap & pass" in buttons(built) and "Last play, by Ann:" in texts(built)
    assert "Ben challenges SUN" in buttons(built)


def refusal_before_letters(table: Table) -> str:
    """The draft's refusal as the turn panel says it, checked to stand before the first letter key (above the
    letters: under them it was below a phone's first screen)."""
    controls = list(walk(table.view(view)))
    said = [c for c in controls if isinstance(c, ft.Text) and c.key == "refusal"]
    first_key = controls.index(letter_buttons(controls[0])["B"])
    assert len(said) == 1 and controls.index(said[0]) < first_key, "the refusal is not above the letters"
    return said[0].value


def test_a_refused_draft_is_explained_and_a_tapped_draft_tile_comes_back():
    """S on S breaks the stacking rule: the line above the letters says so, final, before anything is sent;
    tapping the draft cell again takes the tile back. A lone first tile is said to be unfinished, not refused."""
    table = Table("nab_it", SEATS)
    place(table, 1, 1, "A")
    assert refusal_before_letters(table) == "Not finished yet: A play must form a word of at least 2 letters."
    cells(table.view(view))[(0, 0)].on_click(None)
    table.apply({"type": "play", "by": "Ann", "tiles": [{"row": 7, "col": c, "letter": x}
                                                        for c, x in ((5, "S"), (6, "U"), (7, "N"))]})
    place(table, 8, 6, "S")
    assert refusal_before_letters(table) == ("Cannot be played: A letter may not be stacked on the same letter "
                                             "(S on S). Take a tile back or change it.")
    ctx = table.ctx()
    ctx.lang = "zh-CN"
    assert any(t.startswith("这样不能出牌：") for t in texts(view.build(ctx)))
    buttons(table.view(view))["Play"].on_click(None)
    assert table.errors == []  # no bar at the phone's foot: said under the row of Play, Take back and Swap
    body = table.view(view)
    row = next(c for c in walk(body) if isinstance(c, ft.Row) and buttons(body)["Play"] in c.controls)
    assert said_under(body, row)[0] == "A letter may not be stacked on the same letter (S on S)."
    cells(table.view(view))[(7, 5)].on_click(None)
    assert "Tap a cell, then a letter." in texts(table.view(view))
    place(table, 8, 6, "F")
    assert "FUN: in the word list" in texts(table.view(view))


def test_a_letter_tapped_before_a_cell_is_said_under_the_hint_until_a_cell_is_chosen():
    """A letter tapped with no cell chosen: the reason is said under "Tap a cell, then a letter." (the bar covered
    the letters on a phone), not in the bar; once a cell is tapped it is no longer said."""
    table = Table("nab_it", SEATS)
    letter_buttons(table.view(view))["A"].on_click(None)
    assert table.errors == [] and table.record["actions"] == []
    body = table.view(view)
    hint = next(c for c in walk(body) if isinstance(c, ft.Text) and c.value == "Tap a cell, then a letter.")
    assert said_under(body, hint) == ["Tap a cell on the board first, then a letter."]
    cells(body)[(7, 7)].on_click(None)
    assert "Tap a cell on the board first, then a letter." not in texts(table.view(view))


def test_a_challenged_word_goes_to_the_vote_and_is_taken_back():
    """ZUQ is flagged; Ben challenges; the vote panel takes both ballots (Ann's sealed until Ben's); the tie fails
    the word and the view says the play was taken back, with both ballots."""
    table = Table("nab_it", SEATS)
    for col, letter in ((1, "Z"), (2, "U"), (3, "Q")):
        place(table, 1, col, letter)
    assert "ZUQ: not in the word list (can be challenged)" in texts(table.view(view))
    buttons(table.view(view))["Play"].on_click(None)
    buttons(table.view(view))["Ben challenges ZUQ"].on_click(None)
    built = table.view(view)
    assert "Accept ZUQ as a house word?" in texts(built)
    buttons(built)["Ann: yes"].on_click(None)
    built = table.view(view)  # sealed on the shared screen until Ben votes
    assert "Ann has voted" in texts(built) and "Ann voted yes" not in texts(built)
    buttons(built)["Ben: no"].on_click(None)
    built = table.view(view)
    assert "ZUQ failed: Ann's play was taken back; Ann plays again or swaps." in texts(built)
    assert "Ann voted yes · Ben voted no" in texts(built)
    assert "Swap & pass" in buttons(built) and table.state["board"] == {}


def test_the_table_votes_down_a_word_the_list_knows_and_it_is_ruled_out():
    """KG is in the list; Ben challenges: the screen says the list has it and asks to keep it; both vote no, the
    play is taken back, and KG played again reads as ruled out by the table (in both languages)."""
    table = Table("nab_it", SEATS)
    for col, letter in ((1, "K"), (2, "G")):
        place(table, 1, col, letter)
    assert "KG: in the word list" in texts(table.view(view))
    buttons(table.view(view))["Play"].on_click(None)
    buttons(table.view(view))["Ben challenges KG"].on_click(None)
    built = table.view(view)
    assert "Ben challenged KG, and the word list has it: it stands unless more of the table vote no than yes." \
        in texts(built) and "Keep KG?" in texts(built)
    buttons(built)["Ann: no"].on_click(None)
    buttons(table.view(view))["Ben: no"].on_click(None)
    assert "KG failed: Ann's play was taken back; Ann plays again or swaps." in texts(table.view(view))
    for col, letter in ((1, "K"), (2, "G")):
        place(table, 1, col, letter)
    assert "KG: ruled out by the table (can be challenged)" in texts(table.view(view))
    ctx = table.ctx()
    ctx.lang = "zh-CN"
    assert "KG：全桌已判为不可用（可被质疑）" in texts(view.build(ctx))



def test_a_draft_stays_through_a_challenge_the_vote_keeps_and_goes_when_the_turn_moves_on():
    """Ben places a tile; Cleo challenges Ann's SUN and the vote keeps it: the board and the turn are as they were,
    so Ben's tile is still there (it was dropped at every action). Once the turn moves on it is gone."""
    table = Table("nab_it", SEATS + [{"name": "Cleo", "colour": "green"}])
    table.apply({"type": "play", "by": "Ann", "tiles": [{"row": 7, "col": c, "letter": x}
                                                        for c, x in ((5, "S"), (6, "U"), (7, "N"))]})
    place(table, 9, 6, "N")
    drafted = list(tiles_of(table.local, 1))
    assert drafted and table.apply({"type": "challenge", "by": "Cleo", "word": "SUN"})
    for voter in ("Ann", "Ben", "Cleo"):
        assert table.apply({"type": "vote", "by": voter, "yes": True})
    table.view(view)
    assert tiles_of(table.local, 1) == drafted
    assert table.apply({"type": "swap", "by": "Ben"})
    table.view(view)
    assert tiles_of(table.local, 1) is None and tiles_of(table.local, 2) == []


def tiles_of(local: dict, turn: int) -> list | None:
    """The draft tiles of a turn as a screen keeps them (None: no draft of that turn)."""
    draft = local.get("drafts", {}).get(str(turn))
    return None if draft is None else draft["tiles"]


SUN = {"type": "play", "by": "Ann", "tiles": [{"row": 7, "col": c, "letter": x}
                                              for c, x in ((5, "S"), (6, "U"), (7, "N"))]}
THREE = SEATS + [{"name": "Cleo", "colour": "green"}]


def test_the_hosts_undo_and_redo_keep_the_tiles_being_placed_on_the_shared_screen():
    """Ben places A under Ann's N; the host undoes Ann's play (Ann's turn is shown, and she places a tile of her
    own meanwhile) and redoes it: Ben's A is there again, without a word of anything taken off. The screen's one
    draft was emptied by Ann's turn being shown, and by any change of the board."""
    from tests.card_view_helpers import Table as UndoTable
    from scoring import record as records
    table = UndoTable("nab_it", SEATS)
    assert table.apply(SUN)
    cells(view.build(table.ctx()))[(8, 7)].on_click(None)
    letter_buttons(view.build(table.ctx()))["A"].on_click(None)
    assert tiles_of(table.local, 1) == [{"row": 8, "col": 7, "letter": "A", "blank": False}]
    table.record, table.state = records.undo(table.record, consent=True)
    built = view.build(table.ctx())
    assert "Swap & pass" in buttons(built) and "Tap a cell, then a letter." in texts(built)
    cells(built)[(0, 0)].on_click(None)
    letter_buttons(view.build(table.ctx()))["B"].on_click(None)
    assert name(view.build(table.ctx()), 0, 0) == "Row 1, column 1: B"
    table.redo()
    built = view.build(table.ctx())
    assert table.state["turn"] == "Ben" and "Swap & pass" in buttons(built)
    assert name(built, 8, 7) == "Row 9, column 8: A"
    assert tiles_of(table.local, 1) == [{"row": 8, "col": 7, "letter": "A", "blank": False}]
    assert tiles_of(table.local, 0) is None  # Ann's turn is over again: what she placed meanwhile is gone
    assert not any(t.startswith("The board changed") for t in texts(built))


def test_a_play_taken_back_and_played_again_elsewhere_keeps_the_tiles_whose_cells_did_not_change():
    """On Ben's phone: T under Ann's N and A above it (ANT down). Cleo challenges SUN and the table votes it down
    (Ann's turn again), then Ann plays NUT on row 9, her T on the cell of Ben's: Ben's turn comes back with his A
    where he put it, and the T taken off, said in words (both languages) until he places a tile or dismisses it.
    It was emptied without a word."""
    from tests.card_view_helpers import Table as SeatedTable, all_buttons
    table = SeatedTable("nab_it", THREE)
    assert table.apply(SUN)
    ben: dict = {}

    def screen(lang: str = "en"):
        ctx = table.seated("Ben", ben)
        ctx.lang = lang
        return view.build(ctx)

    for row, col, letter in ((8, 7, "T"), (6, 7, "A")):
        cells(screen())[(row, col)].on_click(None)
        letter_buttons(screen())[letter].on_click(None)
    assert "ANT: in the word list" in texts(screen())
    assert table.apply({"type": "challenge", "by": "Cleo", "word": "SUN"})
    for voter in ("Ann", "Ben", "Cleo"):
        assert table.apply({"type": "vote", "by": voter, "yes": False})
    assert "Ann enters this on their own phone." in texts(screen())
    assert table.apply({"type": "play", "by": "Ann", "tiles": [{"row": 8, "col": c, "letter": x}
                                                               for c, x in ((5, "N"), (6, "U"), (7, "T"))]})
    built = screen()
    assert tiles_of(ben, 1) == [{"row": 6, "col": 7, "letter": "A", "blank": False}]
    assert name(built, 6, 7) == "Row 7, column 8: A"
    said = texts(built)
    assert "The board changed under this play: these tiles were taken off (the others stay where they were put)." \
        in said
    assert "T at row 9, column 8: that cell changed meanwhile (Ann's T is on top now)." in said
    zh = texts(screen("zh-CN"))
    assert "摆牌时棋盘变了：下面这些牌已拿下（其余的仍在原处）。" in zh
    assert "第 9 行第 8 列的 T：那一格这期间变了（现在最上面是 Ann 的 T）。" in zh
    assert said == texts(screen())  # said once, not again at each redraw
    next(b for b in all_buttons(built) if b.content == "Dismiss").on_click(None)
    assert not any(t.startswith("The board changed") for t in texts(screen()))
    assert tiles_of(ben, 1) == [{"row": 6, "col": 7, "letter": "A", "blank": False}]


def test_a_tile_on_a_stack_that_was_taken_away_is_taken_off_and_said():
    """Ben stacks a letter on Ann's first tile; the host undoes her play and she swaps instead: that cell is empty
    now, so Ben's tile is taken off, saying the letter it lay on is gone; a tile placed after that says nothing."""
    from tests.card_view_helpers import Table as UndoTable
    from scoring import record as records
    table = UndoTable("nab_it", SEATS)
    assert table.apply(SUN)
    local: dict = {}
    cells(view.build(table.seated("Ben", local)))[(7, 5)].on_click(None)
    letter_buttons(view.build(table.seated("Ben", local)))["F"].on_click(None)
    assert "FUN: in the word list" in texts(view.build(table.seated("Ben", local)))
    table.record, table.state = records.undo(table.record, consent=True)
    assert table.apply({"type": "swap", "by": "Ann"})
    said = texts(view.build(table.seated("Ben", local)))
    assert tiles_of(local, 1) == []
    assert "The board changed under this play: its tiles were taken off." in said
    assert "F at row 8, column 6: the S it lay on was taken away." in said
    cells(view.build(table.seated("Ben", local)))[(0, 0)].on_click(None)
    letter_buttons(view.build(table.seated("Ben", local)))["A"].on_click(None)
    assert not any(t.startswith("The board changed") for t in texts(view.build(table.seated("Ben", local))))


def test_letters_the_hand_no_longer_holds_are_taken_off_in_the_engines_words():
    """When the app deals. Ben places every letter of his hand in turn 3; the host undoes back to his turn 1, where
    he swaps instead, and Ann swaps: turn 3 is Ben's again, with another hand. The letters it holds stay where he
    put them; each one it lacks is taken off, saying so ("There is no X in this hand.")."""
    from collections import Counter
    from tests.card_view_helpers import Table as UndoTable
    from scoring import record as records
    from scoring.games import nab_it as game
    table = UndoTable("nab_it", SEATS, {"deal": "app"})
    ann = [x for x in table.state["hands"]["Ann"] if x != game.BLANK][:2]
    assert table.apply({"type": "play", "by": "Ann", "tiles": [{"row": 7, "col": 5 + i, "letter": x}
                                                               for i, x in enumerate(ann)]})
    first = next(x for x in table.state["hands"]["Ben"] if x != game.BLANK)
    assert table.apply({"type": "play", "by": "Ben", "tiles": [{"row": 8, "col": 5, "letter": first}]})
    assert table.apply({"type": "swap", "by": "Ann"})
    local: dict = {}
    placed = [x for x in table.state["hands"]["Ben"] if x != game.BLANK]
    for col, letter in enumerate(placed):
        cells(view.build(table.seated("Ben", local)))[(0, col)].on_click(None)
        letter_buttons(view.build(table.seated("Ben", local)))[letter].on_click(None)
    assert [t["letter"] for t in tiles_of(local, 3)] == placed
    for _ in range(2):
        table.record, table.state = records.undo(table.record, consent=True)
    assert table.apply({"type": "swap", "by": "Ben"}) and table.apply({"type": "swap", "by": "Ann"})
    said = texts(view.build(table.seated("Ben", local)))
    left, kept, lacking = Counter(table.state["hands"]["Ben"]), [], []
    for col, letter in enumerate(placed):
        (kept if left[letter] else lacking).append((col, letter))
        left[letter] -= 1 if left[letter] else 0
    assert lacking and [(t["col"], t["letter"]) for t in tiles_of(local, 3)] == kept
    for col, letter in lacking:
        assert f"{letter} at row 1, column {col + 1}: There is no {letter} in this hand." in said
    assert ("The board changed under this play: its tiles were taken off." if not kept else
            "The board changed under this play: these tiles were taken off (the others stay where they were put).") \
        in said


def test_legend_shows_control_banks_and_outline_colours():
    """After Ann caps RAT the legend names her word and her banked tile; her outline is her own colour (blue)."""
    table = Table("nab_it", [{"name": "Ann", "colour": "blue"}, {"name": "Ben", "colour": "yellow"}])
    table.apply({"type": "play", "by": "Ann", "tiles": [{"row": 0, "col": c, "letter": x}
                                                        for c, x in enumerate("CAT")]})
    for by, letter in (("Ben", "B"), ("Ann", "H"), ("Ben", "M"), ("Ann", "R")):
        table.apply({"type": "play", "by": by, "tiles": [{"row": 0, "col": 0, "letter": letter}]})
    built = table.view(view)
    assert "Ann — hand 5, bag 14, bank 1" in texts(built) and "controls RAT" in texts(built)
    assert view.outlines(table.ctx()) == {"Ann": 1, "Ben": 5}
    corner = cells(built)[(2, 2)]  # the board's cell 0,0 with two empty rows and columns shown above and left
    assert name(built, 2, 2) == "Row 3, column 3: R, Ann's tile" and corner.border.top.color == ft.Colors.BLUE_700
    assert corner.bgcolor == tint(ft.Colors.BLUE)


def test_when_the_app_deals_the_hand_is_covered_until_its_player_shows_it():
    """The cover names the player; behind it the letter picker holds exactly the hand's letters."""
    table = Table("nab_it", SEATS, {"deal": "app"}, seed=5)
    built = table.view(view)
    assert "Pass to Ann" in texts(built) and not letter_buttons(built)
    buttons(built)["I am Ann: show"].on_click(None)
    hand = [x for x in table.state["hands"]["Ann"] if x != "?"]
    assert sorted(b for b in letter_buttons(table.view(view))) == sorted(set(hand))


def test_a_hand_shown_before_a_vote_is_covered_again_after_it():
    """The app deals, on one tablet: Ann shows her hand and plays, Ben challenges at once and the tablet goes round
    for the vote; the word fails, the play is taken back and it is Ann's turn again. Her letters were shown at once
    to whoever held the tablet (the cover remembered Ann's lift of that turn); the cover is back."""
    table = Table("nab_it", SEATS, {"deal": "app"}, seed=5)
    buttons(table.view(view))["I am Ann: show"].on_click(None)
    first, second = [x for x in table.state["hands"]["Ann"] if x != "?"][:2]
    place(table, 1, 1, first)
    place(table, 1, 2, second)
    buttons(table.view(view))["Play"].on_click(None)
    buttons(table.view(view))[f"Ben challenges {first}{second}"].on_click(None)
    buttons(table.view(view))["Ann: no"].on_click(None)
    buttons(table.view(view))["Ben: no"].on_click(None)
    built = table.view(view)
    assert table.state["turn"] == "Ann" and table.state["taken_back"]
    assert "Pass to Ann" in texts(built) and not letter_buttons(built)


def test_end_and_final_board():
    """The table's end button finishes the game; the final view shows the board and the legend."""
    table = Table("nab_it", SEATS)
    table.apply({"type": "play", "by": "Ann", "tiles": [{"row": 0, "col": c, "letter": x}
                                                        for c, x in enumerate("AT")]})
    buttons(table.view(view))["Nobody can play: end the game"].on_click(None)
    assert table.state["over"]
    final = view.final(table.ctx())
    assert "The board" in texts(final) and "Ann — hand 5, bag 18, bank 0" in texts(final)


def zoom_buttons(control) -> dict[str, ft.IconButton]:
    """The board's − and + by their names."""
    return {c.icon.semantics_label: c for c in walk(control) if isinstance(c, ft.IconButton)
            and c.icon.semantics_label in ("Smaller cells", "Larger cells")}


def keyed_board(control) -> ft.Control:
    """The board's grid (keyed "board")."""
    return next(c for c in walk(control) if c.key == "board")


def test_the_board_first_fits_the_width_then_zooms_into_cells_that_scroll():
    """The board first fits the screen's width (square cells sharing it without gaps, no sideways scroll; − is
    off); + gives 44 px cells on a board that scrolls sideways, and − brings the fitted board back."""
    table = Table("nab_it", SEATS)
    built = table.view(view)
    cell = cells(built)[(0, 0)]
    assert (cell.expand, cell.aspect_ratio, cell.width) == (1, 1, None)
    assert {c.spacing for c in walk(keyed_board(built)) if isinstance(c, (ft.Row, ft.Column))} == {0}
    assert not any(isinstance(c, ft.Row) and c.scroll for c in walk(built))
    assert zoom_buttons(built)["Smaller cells"].disabled
    zoom_buttons(built)["Larger cells"].on_click(None)
    built = table.view(view)
    cell = cells(built)[(0, 0)]
    assert (cell.width, cell.height, cell.expand) == (44, 44, None)
    assert any(isinstance(c, ft.Row) and c.scroll for c in walk(built))
    zoom_buttons(built)["Smaller cells"].on_click(None)
    assert cells(table.view(view))[(0, 0)].aspect_ratio == 1


def test_larger_cells_open_on_the_words_played_with_the_cells_keeping_their_names():
    """Zoomed in, the board shows the tiles played and two cells around them (SUN on row 8, columns 6–8: rows
    6–10, columns 4–10), not the whole 15×15 start from column 1; each cell keeps its name on the whole board,
    a tap lands on the cell it names, and a draft tile placed beyond that margin while zoomed out is still
    shown zoomed in."""
    table = Table("nab_it", SEATS)
    for col, letter in ((6, "S"), (7, "U"), (8, "N")):
        place(table, 8, col, letter)
    buttons(table.view(view))["Play"].on_click(None)
    place(table, 8, 13, next(iter(letter_buttons(table.view(view)))))
    zoom_buttons(table.view(view))["Larger cells"].on_click(None)
    built = table.view(view)
    assert set(cells(built)) == {(r, c) for r in range(5, 10) for c in range(3, 13)}
    assert name(built, 7, 5) == "Row 8, column 6: S, Ann's tile" and cells(built)[(7, 5)].width == 44
    cells(built)[(7, 8)].on_click(None)
    assert "Cell row 8, column 9: now tap a letter." in texts(table.view(view))


def test_what_to_tap_is_said_once_and_the_board_sits_beside_the_letters_on_a_laptop():
    """"Tap a cell, then a letter." shows once (under the board, not again under the letters); once a cell is
    chosen it names the cell. The board and the letters are two columns of a responsive row: side by side from a
    landscape tablet's width (lg), one above the other on a phone or a portrait tablet."""
    table = Table("nab_it", SEATS)
    built = table.view(view)
    assert texts(built).count("Tap a cell, then a letter.") == 1
    cells(built)[(7, 7)].on_click(None)
    built = table.view(view)
    assert "Cell row 8, column 8: now tap a letter." in texts(built)
    assert "Tap a cell, then a letter." not in texts(built)
    row = next(c for c in walk(built) if isinstance(c, ft.ResponsiveRow))
    tools, board, keys = row.controls
    assert (tools.col, board.col, keys.col) == (view.TOOLS_COLS, view.BOARD_COLS, view.KEYS_COLS)
    assert row.columns == 48 and tools.col["xs"] == board.col["xs"] == keys.col["xs"] == 48
    assert tools.col["lg"] + board.col["lg"] + keys.col["lg"] == 48 and "Larger cells" in zoom_buttons(tools)
    assert len(cells(board)) == 15 * 15 and "A" in letter_buttons(keys) and "Play" in buttons(keys)


def test_the_next_step_banner_names_the_letter_tiles_in_both_languages():
    """The rule book's word: a Nab-It turn plays letter tiles, not "a card" (the shell's word for a play)."""
    eng = engine("nab_it")
    state = eng.new_state(["Ann", "Ben"])
    for lang, said in (("en", "Next: Ann — play letter tiles"), ("zh-CN", "下一步（Ann）：打出字母牌")):
        app = SimpleNamespace(lang=lang, t=lambda key, lang=lang, **p: words.say(lang, key, **p))
        assert texts(session.next_step(app, eng, state)) == [said]
    pad = engine("score_pad")  # a game with no word of its own keeps the shell's
    app = SimpleNamespace(lang="en", t=lambda key, **p: words.say("en", key, **p))
    assert texts(session.next_step(app, pad, pad.new_state(["A", "B"]))) == ["Next: Table — enter the round's scores"]


@pytest.mark.parametrize("lang, turn", [("en", "Ann's turn"), ("zh-CN", "轮到 Ann")])
def test_the_turn_is_named_once_by_the_next_step_line_above_it(lang, turn):
    """The turn's panel (the turn player's and another seat's) does not name whose turn it is: the next-step line
    leading the screen does ("Next: Ann — play letter tiles", then "Ann's turn" right under it on a 390x844 phone,
    the name said twice)."""
    table = Table("nab_it", SEATS, lang=lang)
    ctx = table.ctx()
    assert "Ann" in texts(session.next_step(ctx, ctx.engine, table.state))[0]
    assert turn not in texts(table.view(view))
    ctx.seat, ctx.for_table = "Ben", False
    assert turn not in texts(view.build(ctx))


@pytest.mark.parametrize("lang, said", [
    ("en", ["Controlled words: 0 × 2 points = 0", "Banked tiles: 0 × 1 point = 0"]),
    ("zh-CN", ["控制的单词：0 个 × 2 分 = 0", "银行里的牌：0 块 × 1 分 = 0"])])
def test_a_score_line_says_how_many_and_the_points_each(lang, said):
    """The end screen's lines say the count and the option's points for each, whatever they are: "Controlled words
    (×1) = 1" read as one point times the word count, and "(×0) = 0" as times nothing; with 2 points a word the
    reader could not check "(×3) = 6" by hand."""
    eng = engine("nab_it")
    state = eng.new_state(["Ann", "Ben"], {"word_points": 2})
    ann = eng.scoreboard(state).players[0]
    lines = [scoreboard.entry_line(lambda k, **p: words.say(lang, k, **p), lang, line) for line in ann.breakdown]
    assert [line.replace("\u00a0", " ").replace("\u2060", "") for line in lines] == said


def test_counted_texts_read_singular_at_one_in_english_and_alike_in_chinese():
    assert words.say("en", "nab_it.view.caps", count=1).startswith("Caps 1 stack: nabs the words through it ")
    assert words.say("en", "nab_it.view.caps", count=2).startswith("Caps 2 stacks: nabs the words through them ")
    assert words.say("en", "nab_it.no_blank_left", blanks=1) == \
        "Each colour has only 1 blank tile, and it is on the board already."
    assert words.say("en", "nab_it.no_blank_left", blanks=2) == \
        "Each colour has only 2 blank tiles, and they are all on the board already."
    assert words.say("zh-CN", "nab_it.view.caps", count=1).startswith("封顶 1 叠")
    assert words.say("zh-CN", "nab_it.no_blank_left", blanks=1) == "每种颜色只有 1 块空白牌，已经都在桌上了。"


def test_a_board_no_one_places_on_here_has_no_tappable_cells():
    """On a seated phone whose turn it is not, the board is only shown: its cells are read out by name but are no
    buttons and take no tap (each was a button whose tap did nothing, sent to the server and back, in a browser
    audit of a table of three phones); the turn player's board keeps its tappable cells."""
    table = Table("nab_it", SEATS)
    ctx = table.ctx()
    ctx.seat, ctx.for_table = "Ben", False
    built = view.build(ctx)
    assert "Swap & pass" not in buttons(built) and cells(built) == {}
    shown = [c for c in walk(built) if isinstance(c, ft.Semantics) and isinstance(c.label, str)
             and c.label.startswith("Row ")]
    assert len(shown) == 15 * 15 and not any(c.button for c in shown)
    assert not any(isinstance(c, ft.Container) and c.on_click for c in walk(built))
    ctx = table.ctx()
    ctx.seat, ctx.for_table = "Ann", False
    assert len(cells(view.build(ctx))) == 15 * 15


PLAYS_AND_A_CHALLENGE = (  # Ann plays SUN, Ben lays F on its S (FUN), Ann challenges FUN and both vote on it
    {"type": "play", "by": "Ann", "tiles": [{"row": 7, "col": c, "letter": x}
                                            for c, x in ((5, "S"), (6, "U"), (7, "N"))]},
    {"type": "play", "by": "Ben", "tiles": [{"row": 7, "col": 5, "letter": "F"}]},
    {"type": "challenge", "by": "Ann", "word": "FUN"},
    {"type": "vote", "by": "Ann", "yes": True},
    {"type": "vote", "by": "Ben", "yes": True},
)


def test_a_play_a_challenge_and_a_vote_send_each_phone_the_changed_squares_not_the_whole_board():
    """The board moved between the turn's panel (on the phone whose turn it is), the others' turn and the vote,
    so every phone was sent the whole 15×15 board again at each play, challenge and ruling (92 to 102 KB here);
    now what changed: the new tiles, the squares' taps on or off, the letters (under 17 KB)."""
    from tests.card_view_helpers import Table as SeatedTable
    from tests.test_views_kingdomino import patch_bytes
    table = SeatedTable("nab_it", SEATS)
    phones = {"Ann": {}, "Ben": {}}
    for action in PLAYS_AND_A_CHALLENGE:
        before = {seat: view.build(table.seated(seat, local)) for seat, local in phones.items()}
        assert table.apply(action), table.errors
        for seat, local in phones.items():
            assert patch_bytes(before[seat], view.build(table.seated(seat, local))) < 30000, (action, seat)


def test_a_seated_phone_sees_its_own_letters_during_the_others_turns_and_votes():
    """Ben's phone while Ann plays and while SUN is put to the vote: his letters, to plan with (it read only "Ben —
    hand 7, bag …" until his own turn); not on Ann's phone while she places hers (her letters are the buttons), nor
    on the shared screen, which shows no hand."""
    from tests.card_view_helpers import Table as SeatedTable
    table = SeatedTable("nab_it", THREE, {"deal": "app"})
    hand = " ".join(table.state["hands"]["Ben"])
    for lang, line in (("en", f"Your letters: {hand}"), ("zh-CN", f"你的字母：{hand}")):
        ctx = table.seated("Ben", {})
        ctx.lang = lang
        assert line in texts(view.build(ctx))
    assert not any(t.startswith("Your letters") for t in texts(view.build(table.seated("Ann", {}))))
    assert not any(t.startswith("Your letters") for t in texts(view.build(table.ctx())))
    first, second = [x for x in table.state["hands"]["Ann"] if x != "?"][:2]
    assert table.apply({"type": "play", "by": "Ann", "tiles": [{"row": 7, "col": 6, "letter": first},
                                                               {"row": 7, "col": 7, "letter": second}]})
    assert table.apply({"type": "challenge", "by": "Cleo", "word": first + second})
    assert table.state["phase"] == "vote" and f"Your letters: {hand}" in texts(view.build(table.seated("Ben", {})))


def test_a_second_quick_tap_on_a_forgotten_announcement_just_called_does_not_call_the_next():
    """The table's screen offers "Ann forgot" and "Cat forgot"; "Ann forgot" is tapped twice quickly. Drawn again
    without it, "Cat forgot" is not the control "Ann forgot" was (Flet's own diff): the second tap is answered as
    too late. Matched by place, it called Cat's too. Challenges are keyed by challenger and word alike."""
    from tests.card_view_helpers import all_buttons, taken_over

    table = Table("nab_it", SEATS + [{"name": "Cat", "colour": "green"}])

    def calls(players: list[str]) -> ft.Control:
        """The table's calls with "forgot" offered for these players."""
        offers = [{"by": "table", "type": "forgot", "choices": [{"player": p} for p in players]}]
        return view.table_calls(table.ctx(), table.state, offers)

    old, new = calls(["Ann", "Cat"]), calls(["Cat"])
    assert [b.content for b in all_buttons(old)] == ["Ann forgot to announce the last tile",
                                                 "Cat forgot to announce the last tile"]
    assert not taken_over(old, all_buttons(old)[0], new, all_buttons(new)[0])


def test_each_owners_tiles_carry_a_bar_in_their_own_outline_colour():
    """A black seat's tiles (grey at 30 %) and a white seat's (blue-grey at 30 %) measured 1.12:1 apart in
    luminance (1.19 in the dark theme), the only sign of whose tile was whose. Each played tile now has a 3 px bar
    in its owner's outline colour (the legend's frame around their swatch: 3:1 or more on both themes' surfaces)
    along their seat's side (the first seat's foot, the second's left), set off from the tint by a line of the
    surface; a draft tile, nobody's yet, has none."""
    from views.components.grid import GROUP_COLOURS
    table = Table("nab_it", [{"name": "Ann", "colour": "black"}, {"name": "Ben", "colour": "white"}])
    table.apply({"type": "play", "by": "Ann", "tiles": [{"row": 0, "col": c, "letter": x}
                                                        for c, x in enumerate("CAT")]})
    table.apply({"type": "play", "by": "Ben", "tiles": [{"row": 0, "col": 0, "letter": "B"}]})
    place(table, 2, 3, "S")
    built = table.view(view)
    outline = view.outlines(table.ctx())
    assert outline["Ann"] != outline["Ben"]

    board = cells(built)
    assert bars(board[(2, 2)]) == [(GROUP_COLOURS[outline["Ben"]], "left")]  # B stacked on Ann's C
    assert bars(board[(2, 3)]) == bars(board[(2, 4)]) == [(GROUP_COLOURS[outline["Ann"]], "bottom")]
    assert bars(board[(1, 2)]) == [] and bars(board[(0, 0)]) == []  # the draft S, an empty cell
    assert name(built, 2, 2) == "Row 3, column 3: B, Ben's tile"
    assert name(built, 2, 3) == "Row 3, column 4: A, Ann's tile"


def bars(control) -> list[tuple]:
    """The bars (`grid.bar`) inside a cell or a swatch: (colour, the side it lies along), each set off from the
    fill by a 1 px line of the surface on its inner side."""
    from views.components.grid import MARK
    found = []
    for c in walk(control):
        if not (isinstance(c, ft.Container) and isinstance(c.border, ft.Border) and c.content is None):
            continue
        across = c.height == MARK + 1 and c.left == c.right == 0
        along = c.width == MARK + 1 and c.top == c.bottom == 0
        side = ("bottom" if c.bottom == 0 else "top") if across else ("left" if c.left == 0 else "right")
        inner = {"bottom": "top", "top": "bottom", "left": "right", "right": "left"}[side]
        lines = {s: getattr(c.border, s) for s in ("bottom", "top", "left", "right")}
        if (across or along) and lines.pop(inner) == ft.BorderSide(1, ft.Colors.SURFACE) \
                and not any(line.width for line in lines.values()):
            found.append((c.bgcolor, side))
    return found


def test_each_player_tells_their_tiles_by_where_their_bar_lies_not_only_by_its_colour():
    """Four players' bars were one bar across the foot in red 600, blue 700, green 700 and teal 600, measured on a
    390x844 screenshot 1.02-1.12:1 apart in lightness (the same in both themes): told apart by hue only, which a
    colour-blind player or a dim phone does not see. A bar 3:1 or more on both themes' surfaces (each colour
    computed here) cannot also be 3:1 from another, so each seat's bar lies along a side of its own (the first
    seat's along the foot, the second's the left, the third's the right, the fourth's the top) on the board and
    in the legend's swatch beside the player's name."""
    from tests.test_views_components import DARK_SURFACE, LIGHT_SURFACE, MATERIAL
    from tests.test_views_kingdomino import contrast
    seats = [{"name": n, "colour": c} for n, c in (("Ann", "red"), ("Ben", "blue"), ("Cy", "green"), ("Di", "yellow"))]
    table = Table("nab_it", seats)
    for by, row, word in (("Ann", 7, "CAT"), ("Ben", 8, "ATE"), ("Cy", 9, "TEA"), ("Di", 10, "EAT")):
        table.apply({"type": "play", "by": by, "tiles": [{"row": row, "col": c, "letter": x}
                                                         for c, x in enumerate(word)]})
    built = table.view(view)
    board = cells(built)
    seen = {}
    for (r, c), cell in board.items():
        for found in bars(cell):
            seen.setdefault(name(built, r, c).rsplit(", ", 1)[1], set()).add(found)
    assert {who: sides for who, sides in seen.items()} == {
        f"{s['name']}'s tile": {(view.GROUP_COLOURS[view.outlines(table.ctx())[s["name"]]], side)}
        for s, side in zip(seats, ("bottom", "left", "right", "top"))}
    swatches = [bars(row.controls[0]) for row in walk(view.legend(table.ctx(), table.state))
                if isinstance(row, ft.Row) and row.controls and isinstance(row.controls[0], ft.Container)
                and row.controls[0].width == 18]
    assert swatches == [sorted(sides) for sides in seen.values()] and len(swatches) == 4
    for (colour, _), in swatches:
        for surface in (DARK_SURFACE, LIGHT_SURFACE):
            assert contrast(MATERIAL[colour], surface) >= 3, (colour, surface)


def test_a_played_tiles_name_says_whose_tile_it_is_in_both_languages():
    """A screen reader heard a played cell as "Row 3, column 4: A" and never whose tile it was, which the eye
    sees by its colour and foot bar: a played tile's name now says its owner, in the screen's language; a draft
    tile (nobody's yet) and an empty cell are named as before."""
    table = Table("nab_it", SEATS)
    table.apply({"type": "play", "by": "Ann", "tiles": [{"row": 0, "col": c, "letter": x}
                                                        for c, x in enumerate("CAT")]})
    table.apply({"type": "play", "by": "Ben", "tiles": [{"row": 0, "col": 0, "letter": "B"}]})
    place(table, 2, 3, "S")
    built = table.view(view)
    assert name(built, 2, 3) == "Row 3, column 4: A, Ann's tile"
    assert name(built, 2, 2) == "Row 3, column 3: B, Ben's tile"
    assert name(built, 1, 2) == "Row 2, column 3: S" and name(built, 0, 0) == "Row 1, column 1: Empty"
    ctx = table.ctx()
    ctx.lang = "zh-CN"
    zh = [c.label for c in walk(view.build(ctx)) if isinstance(c, ft.Semantics) and c.button]
    assert "第 3 行，第 4 列：A，Ann 的字母牌" in zh and "第 2 行，第 3 列：S" in zh


def test_the_drafts_tiles_and_the_chosen_cell_are_read_in_your_word_in_both_languages():
    """The draft's tiles read their letter only and the cell chosen for the next one "Empty", as any other: a
    blind player could not tell which cells were part of the word being written, which the eye sees by their
    amber frame. Each is now read "in your word" after its name (its semantics value, as Splitter's marked
    squares), in both languages; no other cell has a value."""
    table = Table("nab_it", SEATS)
    place(table, 8, 6, "S")
    cells(table.view(view))[(7, 6)].on_click(None)
    for lang, word, tile, chosen in (("en", "in your word", "Row 8, column 6: S", "Row 8, column 7: Empty"),
                                     ("zh-CN", "在你的单词中", "第 8 行，第 6 列：S", "第 8 行，第 7 列：空")):
        ctx = table.ctx()
        ctx.lang = lang
        board = {c.label: c.value for c in walk(view.build(ctx)) if isinstance(c, ft.Semantics) and c.button
                 and isinstance(c.content, ft.Container) and c.content.border is not None}
        assert len(board) == 15 * 15 and board[tile] == board[chosen] == word, lang
        assert [label for label, value in board.items() if value is not None] == [tile, chosen], lang


def test_the_fitted_board_letters_keep_their_size_at_any_text_size():
    """On the fitted board a placed letter and a stack's height are drawn on a canvas (Flet lays its text out
    without the phone's text scale: at 2x a 14 px Text letter grew to 28 px in a 25 px cell); with + (44 px cells)
    they are plain Text again, which grows with the phone's text and has room there."""
    import flet.canvas as cv
    table = Table("nab_it", SEATS)
    table.apply({"type": "play", "by": "Ann", "tiles": [{"row": 7, "col": c, "letter": x}
                                                        for c, x in ((5, "S"), (6, "U"), (7, "N"))]})
    place(table, 8, 6, "F")
    drawn = {(c.value, c.style.size) for c in walk(table.view(view)) if isinstance(c, cv.Text)}
    assert {("F", 14), ("U", 14), ("2", 10)} <= drawn
    notes = [c for c in walk(table.view(view)) if isinstance(c, cv.Canvas) and c.shapes[0].value == "2"]
    assert notes and all(c.width <= 12 for c in notes), [c.width for c in notes]  # in the corner of a 25 px cell,
    # not a box reaching its middle (an 18 px one drew the "2" over the letter)
    table.ctx().local["zoom"] = 1
    built = table.view(view)
    assert not any(isinstance(c, cv.Text) for c in walk(built)) and {"F", "U", "2"} <= set(texts(built))


def test_a_players_line_and_the_end_button_break_only_after_a_clause():
    """Screenshots at 2x text on a 390 px phone: "Ann：手牌 5，袋中 20，银" / "行 0" broke 银行 and the end button read
    "没人能再出牌：结束游" / "戏". Both break only after a pause mark now (`words.whole_line`)."""
    ctx = Table("nab_it", SEATS, lang="zh-CN").ctx()
    shown = view.build(ctx)
    assert "Ann\u2060：手\u2060牌\u00a05\u2060，袋\u2060中\u00a020\u2060，银\u2060行\u00a00" in raw_texts(shown)
    end = [b for b in walk(shown) if isinstance(b, ft.OutlinedButton) and b.key == "end"]
    assert end and end[0].content == "没\u2060人\u2060能\u2060再\u2060出\u2060牌\u2060：结\u2060束\u2060游\u2060戏", end


def test_a_second_challenge_while_the_vote_is_open_is_said_in_the_last_play_not_in_the_bar():
    """Ben's "challenges ZUQ" tapped twice before the screen is drawn again: the second is refused (one challenge at
    a time) and said at the foot of the last play, where the challenge buttons were, in words; not in the bar at the
    phone's foot, and not lost with the buttons gone once the vote opened."""
    table = Table("nab_it", SEATS)
    for col, letter in ((1, "Z"), (2, "U"), (3, "Q")):
        place(table, 1, col, letter)
    buttons(table.view(view))["Play"].on_click(None)
    challenge = buttons(table.view(view))["Ben challenges ZUQ"]
    challenge.on_click(None)
    challenge.on_click(None)
    after = texts(table.view(view))
    reason = words.error("en", RuleError("nab_it.challenge_open", player="Ben", word="ZUQ"))
    assert table.errors == [] and after[after.index("ZUQ: not in the word list (can be challenged)") + 1] == reason
