"""The app with the keyboard alone, on a laptop (1280×800), as a person who cannot use a mouse: typing in a field and
pressing Enter sends it and leaves the field ready for the next entry; Escape answers a question with its "no".

Play-test (session 72, helper): three players typed into a new session's "New player" field, each followed by Enter;
the first was seated, and the second name, typed at once, went nowhere: Enter had taken the keyboard from the field.
A Delete question opened by the keyboard could not be put away with Escape, only by tabbing to Cancel.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from scoring.record import new_record

from tests.browser.conftest import LAPTOP, OUTPUT, POLL_MS, WAIT_MS

IN_A_FIELD = "() => document.activeElement !== null && document.activeElement.tagName === 'INPUT'"
FOCUSED = """() => { const e = document.activeElement;
  return e && ['FLT-SEMANTICS', 'INPUT'].includes(e.tagName)
    ? (e.getAttribute('aria-label') || e.textContent || '').trim() : (e ? e.tagName : ''); }"""
NEXT_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
FOCUS_ON = "pattern => new RegExp(pattern).test((" + FOCUSED + ")())"
DRAWN_AS = """pattern => [...document.querySelectorAll('flt-semantics')]
  .map(e => [(e.getAttribute('aria-label') || e.textContent || '').trim(), e.tabIndex])
  .filter(([name]) => new RegExp(pattern).test(name))"""
EDGE = 6  # px either side of a button's left edge read for its ring
RING_CHANGE = 100  # a pixel of the edge is changed by the ring when one of its r, g, b moved at least this much
RING_SHARE = 0.15  # the share of the edge's pixels a ring changes at the least (a 3 px ring: a quarter)
TABS = 80  # Tab presses a test may take to reach a control from the top of a screen
NOW = "2026-12-07T08:00:00+00:00"


def on_laptop(phone, path: str):
    """The module's phone at path, turned into a laptop (no new load), in English."""
    phone.open(path)
    phone.resize(LAPTOP)
    phone.language("en")
    return phone


def focused(tab) -> str:
    """The accessible name of what has the keyboard focus ('' for nothing)."""
    return tab.page.evaluate(FOCUSED)


def key(tab, name: str) -> None:
    """Press a key, and wait until Flutter has drawn its answer (two frames; a Tab may stop on a control the page
    gives no focus of its own, so the focus is not waited on)."""
    tab.page.keyboard.press(name)
    tab.page.evaluate(NEXT_FRAMES)


def tab_to(tab, name: "re.Pattern") -> None:
    """Press Tab until the control named like name has the focus (as a person tabbing through the screen); if it
    never does, say what the focus passed and which semantics elements were drawn under that name, and whether they
    take the focus (a tabindex of -1 does not)."""
    tab.quiet()
    passed: list[str] = []
    for _ in range(TABS):
        passed.append(focused(tab))
        if name.search(passed[-1]):
            return
        key(tab, "Tab")
    drawn = tab.page.evaluate(DRAWN_AS, name.pattern)
    raise AssertionError(f"Tab never reached {name.pattern}; passed {passed!r}; drawn so (name, tabindex) {drawn!r}")


def tabbed_until(tab, last: str) -> list[str]:
    """Press Tab from the control that has the focus until the one named last has it (at most TABS presses): the
    name of each control the focus passed, the first and last included."""
    passed = [focused(tab)]
    while passed[-1] != last and len(passed) < TABS:
        key(tab, "Tab")
        passed.append(focused(tab))
    return passed


def focus_goes_to(tab, name: "re.Pattern") -> None:
    """Wait until the control named like name has the keyboard focus."""
    try:
        tab.page.wait_for_function(FOCUS_ON, arg=name.pattern, polling=POLL_MS, timeout=WAIT_MS)
    except Exception as err:
        raise AssertionError(f"the focus is on {focused(tab)!r}, not {name.pattern}") from err


def score_pad(server, rounds: int) -> str:
    """A stored score pad session of Ann and Ben with `rounds` rounds entered; its id."""
    from storage import Store
    with Store(server.data) as store:
        sid = store.create(new_record("score_pad", ["Ann", "Ben"], now=NOW))
        for n in range(1, rounds + 1):
            store.play(sid, {"type": "round", "by": "table", "scores": {"Ann": n, "Ben": 10 * n}}, NOW)
    return sid


def test_enter_in_the_new_player_field_keeps_it_for_the_next_name(phone):
    """Ann, Enter, Ben, Enter, Cy, Enter: three players seated, typed without leaving the keyboard."""
    tab = on_laptop(phone, "/new/cubosaurs")
    field = tab.reach("New player")
    tab.edit(field)
    for n, name in enumerate(["Ann", "Ben", "Cy"], start=1):
        tab.page.keyboard.type(name)
        expect(field).to_have_value(name)
        tab.page.keyboard.press("Enter")
        tab.see(f"{n}. {name}")
        tab.page.wait_for_function(IN_A_FIELD, polling=POLL_MS, timeout=WAIT_MS)
        expect(field).to_have_value("")
    tab.see_button("Start")


def test_escape_answers_the_delete_question_with_cancel(phone, server):
    """Delete asks first; Escape puts the question away as Cancel does, the session is still there, and Delete
    asks again."""
    from storage import Store
    with Store(server.data) as store:
        sid = store.create(new_record("cubosaurs", ["Ann", "Ben", "Cy"], now="2026-12-07T08:00:00+00:00"))
    tab = on_laptop(phone, f"/play/{sid}")
    tab.tap("Delete", exact=True)
    tab.see("Delete this session?")
    tab.page.keyboard.press("Escape")
    tab.gone("Delete this session?")
    tab.tap("Delete", exact=True)
    tab.see("Delete this session?")
    tab.tap("Cancel", exact=True)
    tab.gone("Delete this session?")
    with Store(server.data) as store:
        assert store.load(sid)["game"] == "cubosaurs"


def test_undo_and_redo_from_the_keyboard_keep_the_focus_for_the_next_press(phone, server):
    """Enter on Undo takes back round 2 and leaves the focus on the new Undo (it is drawn anew for every action,
    and the focus had gone to the top of the screen): Enter again takes back round 1; Redo then keeps it too, and
    once nothing is left to put back the focus goes to Undo."""
    sid = score_pad(server, 2)
    tab = on_laptop(phone, f"/play/{sid}")
    tab_to(tab, re.compile(r"^Undo"))
    tab.page.keyboard.press("Enter")
    tab.see("Redo: Round 2 scores: Ann 2, Ben 20")
    focus_goes_to(tab, re.compile(r"^Undo"))
    tab.page.keyboard.press("Enter")
    tab.see("Redo: Round 1 scores: Ann 1, Ben 10")
    focus_goes_to(tab, re.compile(r"^Redo"))
    tab.page.keyboard.press("Enter")
    tab.see("Redo: Round 2 scores: Ann 2, Ben 20")
    focus_goes_to(tab, re.compile(r"^Redo"))
    tab.page.keyboard.press("Enter")
    tab.gone("Redo: Round 2 scores: Ann 2, Ben 20")
    focus_goes_to(tab, re.compile(r"^Undo: Round 2"))


def round_one_typed(phone, server):
    """A laptop's score pad with Ann's 3, Tab, Ben's 4 typed from the keyboard (not yet sent)."""
    sid = score_pad(server, 0)
    tab = on_laptop(phone, f"/play/{sid}")
    tab_to(tab, re.compile(r"^Ann$"))
    tab.page.keyboard.type("3")
    key(tab, "Tab")
    tab.page.keyboard.type("4")
    return tab


def test_a_round_typed_and_sent_from_the_keyboard_leaves_the_focus_on_its_first_field(phone, server):
    """Ann's points, Tab, Ben's, Enter: the round is added and the focus is on Ann's field for the next round (Enter
    had dropped it); sent with Enter on "Add round", the focus goes there too (it had gone to the top of the
    screen), and "Round 1" opened for a correction gives it to Ann's field, holding round 1's points."""
    tab = round_one_typed(phone, server)
    tab.page.keyboard.press("Enter")
    tab.see_button("Undo: Round 1 scores: Ann 3, Ben 4")
    focus_goes_to(tab, re.compile(r"^Ann$"))
    tab.page.wait_for_function(IN_A_FIELD, polling=POLL_MS, timeout=WAIT_MS)
    tab.page.keyboard.type("5")
    key(tab, "Tab")
    tab.page.keyboard.type("6")
    tab_to(tab, re.compile(r"^Add round$"))
    tab.page.keyboard.press("Enter")
    tab.see_button("Undo: Round 2 scores: Ann 5, Ben 6")
    focus_goes_to(tab, re.compile(r"^Ann$"))
    tab_to(tab, re.compile(r"^Round.1$"))
    tab.page.keyboard.press("Enter")
    tab.see_button("Save round 1")
    focus_goes_to(tab, re.compile(r"^Ann$"))
    expect(tab.field("Ann")).to_have_value("3")


def test_keys_typed_at_once_after_enter_go_to_the_next_rounds_first_field(phone, server):
    """Ann 3, Tab, Ben 4, Enter, and at once (the screen not yet drawn again: the server's answer held) "-", 5, 7,
    Backspace, 0: the next round's first field reads "-50" once the screen is back, and Tab, 6, Enter adds round 2 as
    Ann −50, Ben 6. Enter took the focus off Ben's field at once and gave it to Ann's about 0.9 s later: the keys
    typed in between reached no field and were lost."""
    tab = round_one_typed(phone, server)
    tab.hold()
    tab.page.keyboard.press("Enter")
    for typed in ["-", "5", "7", "Backspace", "0"]:
        tab.page.keyboard.press(typed)
    tab.held_until("Points for round 2")
    tab.release()
    tab.see_button("Undo: Round 1 scores: Ann 3, Ben 4")
    focus_goes_to(tab, re.compile(r"^Ann$"))
    expect(tab.field("Ann")).to_have_value("-50")
    key(tab, "Tab")
    tab.page.keyboard.type("6")
    tab.page.keyboard.press("Enter")
    tab.see_button("Undo: Round 2 scores: Ann \u221250, Ben 6")


def test_enter_in_the_new_dinosaur_type_field_keeps_it_for_the_next_type(phone):
    """Cubosaurs' new session: "Stego", Enter, "Bronto", Enter: both types added, typed without leaving the keyboard
    (Enter had taken the keyboard from the field)."""
    tab = on_laptop(phone, "/new/cubosaurs")
    field = tab.reach("Another dinosaur type")
    tab.edit(field)
    for name in ["Stego", "Bronto"]:
        tab.page.keyboard.type(name)
        expect(field).to_have_value(name)
        tab.page.keyboard.press("Enter")
        tab.see_button(f"Remove {name}")
        tab.page.wait_for_function(IN_A_FIELD, polling=POLL_MS, timeout=WAIT_MS)
        expect(field).to_have_value("")


def test_history_from_the_keyboard_takes_the_focus_to_history(phone, server):
    """The top bar's History, Enter: the screen scrolls to History and the focus goes with it, to "Find a session"
    (it stayed in the top bar, so the next Tab went on from there)."""
    from storage import Store
    sid = score_pad(server, 1)
    with Store(server.data) as store:
        store.play(sid, {"type": "finish", "by": "table"}, NOW)
    tab = on_laptop(phone, "/")
    tab_to(tab, re.compile(r"^Jump to History$"))
    tab.page.keyboard.press("Enter")
    focus_goes_to(tab, re.compile(r"^Find a session$"))


def test_tab_through_the_games_hears_each_new_session_with_its_game(phone):
    """Tab from the home screen's top to Statistics: each game's New session is read with its game ("New session:
    Score pad"); the twelve were all read "New session", so a person tabbing could not tell which game they were on."""
    tab = on_laptop(phone, "/")
    tab_to(tab, re.compile(r"^History$"))
    passed = tabbed_until(tab, "Statistics")
    sessions = [name for name in passed if name.startswith("New session")]
    assert "New session: Score pad" in sessions and "New session: Flip 7" in sessions, passed
    assert len(set(sessions)) == len(sessions) == 12, passed


def test_every_tab_press_moves_the_focus_through_the_scoreboard_and_the_log(phone, server):
    """Tab from the top bar through a score pad to Delete: every press moves the focus, the scoreboard's rows and
    the action log's head take it in turn, and Enter on Ann's row opens her breakdown. The fold heads took Flutter's
    focus with no element for the browser to focus: a press seemed lost (the focus stayed on "Undo" for three), and
    Enter there opened a breakdown while the screen reader still said "Undo"."""
    sid = score_pad(server, 2)
    tab = on_laptop(phone, f"/play/{sid}")
    tab_to(tab, re.compile(r"^Back$"))
    passed = tabbed_until(tab, "Delete")
    stuck = [name for name, after in zip(passed, passed[1:]) if name == after]
    assert not stuck, f"Tab left the focus where it was on {stuck!r}; passed {passed!r}"
    for row in ("1. Ben (30)", "2. Ann (3)", "Action log (2)"):
        assert row in passed, f"Tab never reached {row!r}; passed {passed!r}"
    tab_to(tab, re.compile(r"^2\. Ann \(3\)$"))
    tab.page.keyboard.press("Enter")
    tab.see("Round 2 = 2")


def test_escape_cancels_a_round_correction_and_leaves_a_question_to_its_own_escape(phone, server):
    """Round 1 opened for a correction, Ann's 1 changed to 9: Escape is the correction's Cancel (the new round's
    form is back, empty, the focus on Ann's field for it, round 1 still 1); opened again, Delete's question open
    over it: Escape puts the question away and the correction stays open. Escape did nothing on the form (only
    tabbing to Cancel closed it)."""
    sid = score_pad(server, 1)
    tab = on_laptop(phone, f"/play/{sid}")
    tab_to(tab, re.compile(r"^Round.1$"))
    tab.page.keyboard.press("Enter")
    tab.see_button("Save round 1")
    focus_goes_to(tab, re.compile(r"^Ann$"))
    tab.page.wait_for_function(IN_A_FIELD, polling=POLL_MS, timeout=WAIT_MS)
    tab.page.keyboard.press("Backspace")
    tab.page.keyboard.type("9")
    expect(tab.field("Ann")).to_have_value("9")
    tab.page.keyboard.press("Escape")
    tab.see_button("Add round")
    tab.gone("Save round 1")
    focus_goes_to(tab, re.compile(r"^Ann$"))
    expect(tab.field("Ann")).to_have_value("")
    tab.see_button("Undo: Round 1 scores: Ann 1, Ben 10")
    tab_to(tab, re.compile(r"^Round.1$"))
    tab.page.keyboard.press("Enter")
    tab.see_button("Save round 1")
    expect(tab.field("Ann")).to_have_value("1")
    tab_to(tab, re.compile(r"^Delete$"))
    tab.page.keyboard.press("Enter")
    tab.see("Delete this session?")
    tab.page.keyboard.press("Escape")
    tab.gone("Delete this session?")
    tab.see_button("Save round 1")
    tab_to(tab, re.compile(r"^Ann$"))
    expect(tab.field("Ann")).to_have_value("1")


def edge(tab, name: str, shot_as: str) -> list[int]:
    """The left edge of the button named name as it is drawn now (focused or not), the screen saved as
    tests/output/<shot_as>.png: r, g, b, a of each pixel in turn."""
    png = tab.settle(blur=False)
    (OUTPUT / f"{shot_as}.png").write_bytes(png)
    box = tab.page.get_by_role("button", name=name, exact=True).first.bounding_box()
    middle = round(box["y"] + box["height"] / 2)  # 12 px wide (6 either side of the edge) and 12 high at its middle
    return tab.pixels(png, {"x": round(box["x"]) - EDGE, "y": middle - EDGE, "width": 2 * EDGE, "height": 2 * EDGE})


def ringed(focused_edge: list[int], plain_edge: list[int]) -> float:
    """The share of the edge's pixels that the focus changed strongly (a ring drawn, not Material's faint shade)."""
    pixels = [(focused_edge[i:i + 3], plain_edge[i:i + 3]) for i in range(0, len(plain_edge), 4)]
    return sum(max(abs(x - y) for x, y in zip(a, b)) >= RING_CHANGE for a, b in pixels) / len(pixels)


def test_a_focused_button_has_a_ring_seen_in_the_light_and_the_dark_theme(phone, server):
    """Tab to "Add round": its edge is drawn in a ring of the theme's text colour, in the light theme and in the
    dark; tabbed on, the ring goes. Material marked the focus by a faint shade only, and with the browser's
    screen-reader mode on (as in these tests) by nothing."""
    sid = score_pad(server, 1)
    tab = phone
    for theme in ("light", "dark"):
        tab.open("/settings")
        tab.language("en")
        tab.tap(theme.capitalize(), exact=True, role="radio")
        tab.open(f"/play/{sid}")
        tab.resize(LAPTOP)
        tab_to(tab, re.compile(r"^Add round$"))
        focused_edge = edge(tab, "Add round", f"focus_ring_{theme}")
        key(tab, "Tab")
        plain_edge = edge(tab, "Add round", f"focus_ring_{theme}_gone")
        assert ringed(focused_edge, plain_edge) >= RING_SHARE, (theme, focused_edge, plain_edge)
