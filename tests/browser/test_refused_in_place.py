"""A refused move on a phone (390x844) is said under the button tapped, which stays in sight and uncovered.

Play-test, session 71: Kingdomino's "弃掉 12 号骨牌" while domino 12 still had a place, and Solar Storm's Mess Hall
swap asking Bo for a card Bo lacks, were refused in the bar at the phone's foot, over the very button tapped and
the lines around it. Each test taps the move as a person would (the button brought into sight first), then reads the
reason right under the button, in the screen's language, and checks in the page's semantics tree that the button is
still wholly in the screen's scrolling part and that no element saying the reason (the old bar) overlaps it.
Screenshots go to tests/output/."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from scoring.record import new_record
from storage import Store
from tests.browser.conftest import HEARD, LISTEN, POLL_MS, PRESS_POINT, SEEN_AREA, WAIT_MS, Tab, shown_as
from tests.browser.test_knit_wit import fill_prefixed, prefixed, stored_game
from tests.test_views_knit_wit import WEAVE
from views.words import say

NOW = "2025-01-01T20:00:00+00:00"
# each element whose words hold the reason: its box, and whether it is in the control's scrolling part (or, on a
# screen short enough not to scroll, as the control is, outside any); and the control's box with the scrolling
# part's top and foot
SAYING = """(el, source) => { const box = r => ({x: r.x, y: r.y, width: r.width, height: r.height});
  const words = new RegExp(source), holds = t => words.test(t || '');
  const says = e => holds(e.getAttribute('aria-label'))
    || (holds(e.textContent) && !Array.from(e.children).some(c => holds(c.textContent)));
  const scroller = e => { let a = e.parentElement;
    while (a && !(a.tagName === 'FLT-SEMANTICS' && a.style.overflowY === 'scroll')) a = a.parentElement;
    return a; };
  return Array.from(document.querySelectorAll('flt-semantics-host *')).filter(says)
    .map(e => ({...box(e.getBoundingClientRect()), inline: scroller(e) === scroller(el)}))
    .filter(r => r.width > 0 && r.height > 0); }"""
PLACE = f"""el => {{ {SEEN_AREA} const r = el.getBoundingClientRect(), [top, bottom] = seenArea(el);
  return {{x: r.x, y: r.y, width: r.width, height: r.height, top, bottom}}; }}"""


def overlaps(a: dict, b: dict) -> bool:
    """Whether two boxes share any area."""
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def said_under(tab: Tab, button, reason: str, pinned: bool = False) -> None:
    """The reason is read right under the button (below its foot, within two lines), the button is wholly in the
    screen's scrolling part (or, pinned, in the part above it: a race's claim buttons, with the reason under them
    there), and nothing saying the reason covers it."""
    tab.see(reason)
    tab.quiet()
    place = tab.steady(button).evaluate(PLACE)
    assert place["top"] <= place["y"] and place["y"] + place["height"] <= place["bottom"], place
    boxes = button.evaluate(SAYING, shown_as(reason).pattern)
    assert boxes, reason
    assert not [b for b in boxes if overlaps(b, place)], (place, boxes)
    under = [b for b in boxes if (pinned or b["inline"]) and 0 <= b["y"] - (place["y"] + place["height"]) <= 80]
    assert under, (place, boxes)
    assert button.evaluate(PRESS_POINT)[4], "another control lies over the button's centre"


def test_kingdomino_discard_refused_under_its_button(phone, server):
    with Store(server.data) as store:
        sid = store.create(new_record("kingdomino", ["国王甲", "国王乙"], now=NOW))
    tab = phone.open(f"/play/{sid}")
    tab.language("zh-CN")
    tab.press(tab.page.get_by_role("button", name=re.compile(r"^12 号骨牌：")).first)
    tab.see("点选前半块的格子")
    discard = tab.button("弃掉 12 号骨牌", exact=True)
    tab.page.evaluate(LISTEN)
    tab.press(discard)
    said_under(tab, discard, "12 号骨牌还有合法的位置，不能弃掉。")
    tab.page.wait_for_function(HEARD, arg=1, polling=POLL_MS)  # heard as it appears, as the bar was
    assert tab.page.evaluate("window.heard") == ["polite: 12 号骨牌还有合法的位置，不能弃掉。"]
    tab.shot("refused_in_place_kingdomino_zh")
    tab.language("en")
    said_under(tab, tab.button("Discard domino 12", exact=True),
               "Domino 12 has a legal place, so it may not be discarded.")
    tab.shot("refused_in_place_kingdomino_en")
    tab.tap("Another domino", exact=True)
    tab.see("Which domino does 国王甲 place next?")
    tab.gone("Domino 12 has a legal place")


def test_kingdomino_end_refused_under_its_button_at_the_screens_foot(phone, server):
    """"End the game now" with nothing entered: the last button on the screen, where the bar at the phone's foot
    lay over it; the reason is read under it, the screen scrolled on to show it."""
    with Store(server.data) as store:
        sid = store.create(new_record("kingdomino", ["Ann", "Bob"], now=NOW))
    tab = phone.open(f"/play/{sid}")
    tab.language("en")
    end = tab.button("End the game now", exact=True)
    tab.press(end)
    said_under(tab, end, "Nothing has been entered in this game yet.")
    tab.shot("refused_in_place_kingdomino_end_en")


def test_solar_storm_mess_hall_take_refused_under_its_button(phone, server):
    with Store(server.data) as store:
        sid = store.create(new_record("solar_storm", ["Ann", "Bo", "Cy"], options={"start_room": "mess-hall"}, seed=2,
                                      now=NOW))                     # seed 2: the Mess Hall keeps its 3 cubes
    tab = phone.open(f"/play/{sid}")
    tab.language("zh-CN")
    tab.tap("食堂：交换…（2 位玩家）", exact=True)
    tab.see("和谁？")
    for step in ("和 Bo", "给出数据", "拿走能量"):                   # Bo holds no energy
        tab.tap(step, exact=True)
    asked = tab.button("与 Bo 交换：给出数据，拿走能量", exact=True)
    expect(asked).to_be_enabled(timeout=WAIT_MS)
    tab.press(asked)
    said_under(tab, asked, "Bo 手中没有能量卡。")
    tab.see("剩余 3 个行动，0 个行动标记")
    tab.shot("refused_in_place_solar_storm_zh")
    tab.tap("拿走纳米机器人", exact=True)                            # the steps kept; another take is another move
    tab.gone("Bo 手中没有能量卡。")


def test_knit_wit_claim_stopped_under_its_claim_button(phone, server):
    sid = stored_game(server, {"deal": "table"}, len(WEAVE), [])    # woven, no answer written yet
    tab = phone.open(f"/play/{sid}")
    tab.language("en")
    tab.tap("I am Ada: show", exact=True)
    tab.see("Ada, enter your answers")
    tab.settle()
    fill_prefixed(tab, "Spool 1 ·", "tiger")
    fill_prefixed(tab, "Spool 2 ·", "Tiger")                          # the same answer twice: refused
    claim = tab.button("Ada: claim 2", exact=True)
    tab.press(claim)
    said_under(tab, claim, "The button was not taken: your answer for spool 2 was not saved", pinned=True)
    reused = say("en", "knit_wit.answer_reused", text="tiger", number=1)   # under its field, not in a bar over it
    field = prefixed(tab, "Spool 2 ·")
    expect(field).to_have_accessible_description(reused)
    boxes = field.evaluate(SAYING, shown_as(reused).pattern)
    assert boxes and all(b["inline"] for b in boxes), boxes                # none outside the scrolling part
    tab.shot("refused_in_place_knit_wit_claim_en")
    tab.see("Bram: claim 2")                                          # nobody took it
