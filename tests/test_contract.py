"""The engine contract, for every registered game: declared moves, `check`, `prompt`, `player_view`, `status`.

Per game, the engine's own test file checks its rules, its secrets (marker texts in `player_view`) and a random
game drawn from `prompt`; here every engine is held to what all of them promise.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.core import ANY, PLAYER, TABLE, Engine, Game, Option, RuleError, engine, games, move
from scoring.errors import RuleError as ErrorsRuleError
from scoring.i18n import text
from scoring.record import COLOURS, mark, new_record, play, redo, replay, start, undo

GAME_IDS = [g.id for g in games()]
STATUS_KEYS = {"round", "rounds", "phase", "said", "turn", "over"}


def players_for(game: Game) -> list[str]:
    """A seating for the game: its smallest table, at least two where it allows."""
    count = max(game.min_players, min(2, game.max_players))
    return [f"P{i + 1}" for i in range(count)]


def seats_for(game: Game) -> list:
    """The seating as a record lists it: with a colour each in a game played with colours."""
    names = players_for(game)
    return [{"name": n, "colour": c} for n, c in zip(names, COLOURS)] if game.colours else names


def fresh(game_id: str):
    """A new record and its state."""
    eng = engine(game_id)
    record = new_record(game_id, seats_for(eng.game))
    return eng, record, start(record)


def offered_actions(eng: Engine, state: dict) -> list[dict]:
    """Every full action the prompt offers with finite choices."""
    out = []
    for entry in eng.prompt(state):
        for choice in entry["choices"] or []:
            out.append({"type": entry["type"], "by": entry["by"], **choice})
    return out


def test_rule_error_lives_alone():
    """validators/ and storage/ raise the same RuleError without importing the engines."""
    assert RuleError is ErrorsRuleError


@pytest.mark.parametrize("gid", GAME_IDS)
def test_status_has_one_shape(gid):
    """Every game's header status has exactly the six documented keys."""
    eng, _, state = fresh(gid)
    assert set(eng.status(state)) == STATUS_KEYS


@pytest.mark.parametrize("gid", GAME_IDS)
def test_a_finished_game_is_nobodys_turn(gid):
    """Once a game is over its header names no player whose turn it is (a lost Solar Storm read "Game over ·
    Ann's turn"): the state of a game in play, marked over, has no turn."""
    eng, _, state = fresh(gid)
    assert eng.status({**state, "over": True})["turn"] is None


@pytest.mark.parametrize("gid", GAME_IDS)
def test_prompt_shape_and_choices_are_legal(gid):
    """Prompt entries name a declared move and an allowed actor; every finite choice is accepted."""
    eng, _, state = fresh(gid)
    for entry in eng.prompt(state):
        assert set(entry) - {"step"} == {"by", "type", "choices"}      # a step (`Engine.prompt`) is optional
        assert isinstance(entry.get("step", ""), str)
        assert entry["type"] in eng.specs
        assert entry["by"] == TABLE or entry["by"] in state["players"]
    for action in offered_actions(eng, state):
        assert eng.check(state, action) is None, action
        eng.apply(state, action)


@pytest.mark.parametrize("gid", [g for g in GAME_IDS if type(engine(g)).__module__.startswith("scoring.games.")])
def test_every_engine_documents_its_prompt_and_player_view(gid):
    """Each engine module's docstring says what `prompt` offers and what `player_view` leaves out (RULINGS style)."""
    import sys

    doc = sys.modules[type(engine(gid)).__module__].__doc__ or ""
    assert "`prompt" in doc and "`player_view" in doc, gid


@pytest.mark.parametrize("gid", GAME_IDS)
def test_player_view_hides_the_seed(gid):
    """Every seat's view and the public view are plain JSON without the session seed; strangers are refused."""
    eng, record, _ = fresh(gid)
    state = eng.new_state(players_for(eng.game), {}, seed=987654321)
    for seat in [None, *state["players"]]:
        view = eng.player_view(state, seat)
        assert "seed" not in view
        assert "987654321" not in json.dumps(view)
    with pytest.raises(RuleError) as err:
        eng.player_view(state, "stranger")
    assert err.value.key == "core.player_unknown"


@pytest.mark.parametrize("gid", GAME_IDS)
@settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(picks=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=30))
def test_random_games_from_prompt_replay_and_undo(gid, picks):
    """A game played from the prompt's choices: check agrees, replay equals live play, undo restores."""
    eng, record, state = fresh(gid)
    for pick in picks:
        actions = offered_actions(eng, state)
        if not actions:
            break
        action = actions[pick % len(actions)]
        assert eng.check(state, action) is None
        before = state
        record, state = play(record, state, action)
        assert replay(record) == state
        undone, back = undo(record, consent=True)
        assert back == before
        assert redo(undone)[1] == state


@pytest.mark.parametrize("gid", GAME_IDS)
@settings(max_examples=25, deadline=None)
@given(action=st.one_of(
    st.none(), st.integers(), st.text(max_size=5),
    st.fixed_dictionaries({"type": st.text(max_size=8)}),
    st.dictionaries(st.sampled_from(["type", "by", "round", "points", "x", "answer"]),
                    st.one_of(st.integers(-3, 30), st.text(max_size=4), st.none()), max_size=4),
))
def test_check_agrees_with_apply(gid, action):
    """An action check refuses is refused by apply with the same key; one it accepts, apply accepts."""
    eng, _, state = fresh(gid)
    verdict = eng.check(state, action)
    try:
        eng.apply(state, action)
    except RuleError as err:
        assert verdict is not None and verdict.key == err.key
    else:
        assert verdict is None


def test_options_must_be_an_object():
    """Options given as text or a number are refused with the rule's key, not a Python error."""
    game = Game(id="g", names={}, min_players=1, max_players=2, options=(Option("x", True),))
    for bad in ("ab", 5, ["x"]):
        with pytest.raises(RuleError) as err:
            game.resolve_options(bad)
        assert err.value.key == "core.options_not_object"


class Declared(Engine):
    """A tiny engine whose moves use every declaration the contract offers."""

    game = Game(id="declared", names={"en": "Declared"}, min_players=2, max_players=2)

    def setup(self, state):
        """Phase one, nothing said."""
        state.update(phase="one", said=[])

    @move("say", by=PLAYER, phase=("one",), fields=("word",))
    def say(self, state, action):
        """A player says a word; the move returns an event."""
        state["said"].append(action["word"])
        return [{"type": "said", "word": action["word"]}]

    @move("close", by=TABLE, phase="one", fields=(), undoable=False)
    def close(self, state, action):
        """The table closes phase one."""
        state["phase"] = "two"

    @move("peek", by=ANY, fields=(), reveals=lambda action: action.get("by") == TABLE)
    def peek(self, state, action):
        """Anyone may peek; the table's peek reveals."""

    def offer(self, state, kind, by):
        """Words to say are free text; closing is one choice."""
        return [{}] if kind == "close" else None

    def scoreboard(self, state):
        """Nobody scores."""
        raise NotImplementedError


def test_declarations_are_checked_once_in_apply():
    """Who, phase and fields are refused by the base class with the contract's keys."""
    eng = Declared()
    state = eng.new_state(["a", "b"])
    cases = [
        ({"type": "say", "by": TABLE, "word": "x"}, "core.player_only"),
        ({"type": "close", "by": "a"}, "core.table_only"),
        ({"type": "say", "by": "a", "wrod": "x"}, "core.field_unknown"),
        ({"type": "say", "by": "z", "word": "x"}, "core.player_unknown"),
    ]
    for action, key in cases:
        assert eng.check(state, action).key == key
    new, events = eng.step(state, {"type": "say", "by": "a", "word": "hi"})
    assert events == [{"type": "said", "word": "hi"}] and state["said"] == []
    closed = eng.apply(new, {"type": "close", "by": TABLE})
    err = eng.check(closed, {"type": "say", "by": "a", "word": "x"})
    assert err.key == "core.wrong_phase" and err.params["phase"] == "declared.phase.two"
    assert eng.reveals({"type": "peek", "by": TABLE}) and not eng.reveals({"type": "peek", "by": "a"})
    assert not eng.undoable({"type": "close"}) and eng.undoable({"type": "say"})
    assert [(e["by"], e["type"], e["choices"]) for e in eng.prompt(state)] == [
        ("a", "say", None), ("b", "say", None), (TABLE, "close", [{}]), (TABLE, "peek", None)]


def test_a_stale_action_undo_or_redo_is_refused_and_changes_nothing():
    """A tap made against an older log (another phone acted first) is refused `record.stale`."""
    record = new_record("score_pad", ["a", "b"])
    state = start(record)
    empty = mark(record)
    action = {"type": "round", "scores": {"a": 3, "b": 4}, "at": "2026-12-04T15:00:00.000+00:00"}
    record, state = play(record, state, action, expect=empty)
    for call in (lambda: play(record, state, action, expect=empty), lambda: undo(record, expect=empty),
                 lambda: redo(record, expect=empty)):
        with pytest.raises(RuleError) as err:
            call()
        assert err.value.key == "record.stale" and err.value.params == {"expected": 0, "actual": 1, "changed": False}
    assert len(record["actions"]) == 1
    assert len(undo(record, expect=mark(record))[0]["actions"]) == 0


def test_the_mark_tells_apart_what_the_log_says_and_nothing_it_keeps_secret():
    """The mark goes to every phone (session 48's seat audit: a hash of the whole action gave hidden values back):
    it fingerprints the last action's type, actor, time and public description. Two rounds made in the same second
    with other scores read differently; two Pictomania guesses that differ only in their hidden number do not."""
    at = "2026-12-04T15:00:00+00:00"
    marks = []
    for scores in ({"a": 3, "b": 4}, {"a": 9, "b": 0}):
        record = new_record("score_pad", ["a", "b"])
        marks.append(mark(play(record, start(record), {"type": "round", "scores": scores, "at": at})[0]))
    assert marks[0] != marks[1]
    marks = []
    for number in (2, 5):
        record = new_record("pictomania", ["a", "b", "c"])
        record, state = play(record, start(record), {"type": "deal", "by": TABLE, "at": at})
        marks.append(mark(play(record, state, {"type": "guess", "by": "a", "target": "b", "number": number,
                                              "at": at})[0]))
    assert marks[0] == marks[1]


def test_a_screen_showing_a_log_an_undo_and_another_action_replaced_is_stale():
    """Undo, then another action: the log has the length a screen showed again, but not its last action; that
    screen's action, undo ("Undo round 1 (3 : 4)") and redo are refused, saying what happened. Undo then redo
    gives the same log back: a screen showing it is not stale."""
    record = new_record("score_pad", ["a", "b"])
    state = start(record)
    first = {"type": "round", "scores": {"a": 3, "b": 4}, "at": "2026-12-04T15:00:00.000+00:00"}
    record, state = play(record, state, first)
    shown = mark(record)
    back, _ = undo(record)
    again, state_again = redo(back)
    assert mark(again) == shown
    assert len(undo(again, expect=shown)[0]["actions"]) == 0
    other, other_state = play(back, start(back),
                              {**first, "scores": {"a": 9, "b": 0}, "at": "2026-12-04T15:00:05.000+00:00"})
    assert len(other["actions"]) == shown[0]
    for call in (lambda: play(other, other_state, first, expect=shown), lambda: undo(other, expect=shown),
                 lambda: redo(other, expect=shown)):
        with pytest.raises(RuleError) as err:
            call()
        assert err.value.key == "record.stale" and err.value.params["changed"] is True
        assert "taken back" in text("en", err.value.key, **err.value.params)
        assert "撤销" in text("zh-CN", err.value.key, **err.value.params)


def test_command_line_prompt_and_view(tmp_path, capsys):
    """`python -m scoring prompt` and `view --seat` print the prompt and a seat's view as JSON."""
    from scoring.__main__ import main

    path = tmp_path / "r.json"
    path.write_text(json.dumps({"game": "pictomania", "players": ["A", "B", "C"], "seed": 7, "actions": []}))
    assert main(["prompt", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["status"]["phase"] == "pictomania.phase.deal" and out["prompt"][0]["by"] == TABLE
    assert main(["view", "--seat", "A", str(path)]) == 0
    assert "seed" not in json.loads(capsys.readouterr().out)
    assert main(["view", "--seat", "Z", str(path)]) == 2


def test_colours_are_checked_by_the_record_not_the_screen():
    """A game played with colours refuses a player without one, or two players with the same, naming them."""
    from scoring.record import check_colours

    game = Game(id="g", names={}, min_players=2, max_players=4, colours=True)
    check_colours(game, [{"name": "a", "colour": "red"}, {"name": "b", "colour": "blue"}])
    for players, key in (([{"name": "a", "colour": "red"}, {"name": "b"}], "record.colour_missing"),
                         ([{"name": "a", "colour": "red"}, {"name": "b", "colour": "red"}], "record.colour_twice")):
        with pytest.raises(RuleError) as err:
            check_colours(game, players)
        assert err.value.key == key


def test_no_view_probes_an_engine_with_apply():
    """No view calls `apply` inside a `try` that catches `RuleError` to learn whether an action is legal: it asks
    the engine's `check` (or `prompt`)."""
    import ast
    from pathlib import Path

    found = []
    for path in sorted((Path(__file__).resolve().parent.parent / "views").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Try):
                continue
            caught = {getattr(h.type, "id", getattr(h.type, "attr", None)) for h in node.handlers}
            if "RuleError" not in caught:
                continue
            for inner in (n for stmt in node.body for n in ast.walk(stmt)):
                if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) \
                        and inner.func.attr in ("apply", "step") and "engine" in ast.unparse(inner.func.value):
                    found.append(f"{path.name}:{inner.lineno}")
    assert not found, found


def changed(option: Option) -> object:
    """A value of the option other than its default, as a table might choose it."""
    if option.kind == "bool":
        return not option.default
    if option.kind == "choice":
        return next(c for c in option.choices if c != option.default)
    if option.kind == "int":
        return option.default + 1 if option.default < option.maximum else option.default - 1
    if option.kind == "int_list":
        first = option.default[0]
        return [first + 1 if first < option.maximum else first - 1, *option.default[1:]]
    return option.default + " "


@pytest.mark.parametrize("gid", GAME_IDS)
def test_a_plain_game_says_no_chosen_options(gid):
    """Every option at its default: nothing to say on the game's screens."""
    eng = engine(gid)
    assert eng.chosen_options(eng.game.resolve_options({})) == []


@pytest.mark.parametrize("gid", GAME_IDS)
def test_each_option_a_table_changes_is_said_in_the_new_session_screens_words(gid):
    """One option changed (and, where it applies only beside another's choice, that one too): the engine's chosen
    options name it as the new-session screen labels it, with its value where it has one, in both languages."""
    eng = engine(gid)
    for option in (o for o in eng.game.options if o.name not in eng.said_elsewhere):
        options = eng.game.resolve_options({option.name: changed(option)})
        if not eng.option_applies(option.name, options):
            options = {**options, **{o.name: changed(o) for o in eng.game.options
                                     if o.kind == "choice" and eng.option_applies(option.name,
                                                                                    {**options, o.name: changed(o)})}}
        chosen = eng.chosen_options(options)
        said = [m for m in chosen if option.name in json.dumps(m)]
        assert len(said) == 1, (gid, option.name, chosen)
        for lang in ("en", "zh-CN"):
            line = text(lang, said[0]["key"], **{k: v for k, v in said[0].items() if k != "key"})
            assert text(lang, f"{gid}.option.{option.name}") in line, (gid, option.name, lang, line)
            if option.kind == "choice":
                assert text(lang, f"{gid}.option.{option.name}.{options[option.name]}") in line, (lang, line)
            elif option.kind == "int":
                assert str(options[option.name]) in line, (lang, line)


def test_chosen_options_say_a_choice_and_a_number_with_their_labels_and_a_switch_by_its_name():
    """Pictomania's second deck over 3 rounds for kids: the deck and the rounds with their labels, the kids' game by
    its name; Rummy's penalty scoring is not said in 500 Rummy, where it does not apply; a score pad to 300 where
    the lowest wins says none (its round form's end rule and its title say them)."""
    pictomania = engine("pictomania")
    options = pictomania.game.resolve_options({"difficulty": "2", "rounds": 3, "kids": True})
    lines = [text("en", m["key"], **{k: v for k, v in m.items() if k != "key"})
             for m in pictomania.chosen_options(options)]
    assert lines == ["Word-card deck: Deck 2", f"{text('en', 'pictomania.option.rounds')}: 3",
                     text("en", "pictomania.option.kids")]
    rummy = engine("rummy")
    assert rummy.chosen_options({**rummy.game.resolve_options({}), "penalty_scoring": True}) == []
    pad = engine("score_pad")
    assert pad.chosen_options(pad.game.resolve_options({"target": 300, "rounds": 5, "lower_wins": True})) == []
