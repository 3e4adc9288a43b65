"""A seated phone's screen with Flet's own sessions in one process (`tests.flet_session`): what the server tells the
phone's browser to do beyond drawing, here its scroll. A player who scrolled down to read the scores stayed there
when the table moved to the next round, the new prompt and its buttons out of sight above."""

from __future__ import annotations

import flet as ft
import pytest
from flet.messaging.protocol import MessageAction
from flet.messaging.session import Session

from scoring.record import mark, new_record, redo_entry
from storage import Store
from tests.flet_session import Recorder, connect, decoded, settle
from tests.helpers import field_named, run_async
from tests.test_views_components import bar_words, is_bar, read
from tests.test_views_typed_race import typed
from views import words
from views.app import main_for
from views.live import live
from views.table import leads, phone_step
from views.table_hub import hub_for


def scrolls(conn: Recorder) -> list[tuple[int, dict]]:
    """The scroll_to calls the server sent: the control's id and the call's arguments."""
    out = []
    for action, body in map(decoded, conn.frames):
        if action == MessageAction.INVOKE_METHOD.value and body.get("name") == "scroll_to":
            out.append((body["control_id"], body["args"]))
    return out


def scrolling_part(sess: Session) -> ft.Column:
    """The frame's scrolling column on the tab's screen."""
    return next(c for c in list(sess.index.values()) if isinstance(c, ft.Column) and str(c.key).startswith("page-"))


async def sit(sess: Session, pin: str, seat: str) -> None:
    """Take seat with the PIN on the phone's join form, as a person does."""
    field = next(c for c in list(sess.index.values()) if isinstance(c, ft.TextField) and c.password)
    await typed(sess, field, pin)
    names = {words.say(lang, "table.take_seat", seat=seat) for lang in ("en", "zh-CN")}
    button = next(c for c in list(sess.index.values()) if isinstance(c, ft.FilledButton) and c.content in names)
    await sess.dispatch_event(button._i, "click", None)
    await settle()


def scrolled_by_a_round(tmp_path, route: str) -> None:
    """A score pad's screen at route ("join": A's phone, seated; "table": the host's table screen): B's own line
    (round 1 still) sends no scroll; the table's round 1 (the round moves to 2) scrolls the screen to its top, once."""
    async def play() -> None:
        with Store(tmp_path / "data") as store:
            sid = store.create(new_record("score_pad", ["A", "B", "C"], now="2025-01-01T20:00:00+00:00"))
            hub = hub_for(store, sid)
            screen, sent = await connect(main_for(store), f"/{route}/{sid}")
            if route == "join":
                await sit(screen, hub.pin, "A")
            b = hub.join(hub.pin, "B")
            await settle()
            sent.frames.clear()
            hub.act(b, {"type": "line", "round": 1, "score": 5})
            await settle()
            assert scrolls(sent) == []
            hub.act(None, {"type": "round", "round": 1, "scores": {"A": 1, "B": 5, "C": 2}})
            await settle()
            assert store.state(sid)["round"] == 2
            assert [(i, args.get("offset")) for i, args in scrolls(sent)] == [(scrolling_part(screen)._i, 0)]
            screen.close()
            await settle()

    run_async(play())


def test_a_phone_goes_back_to_its_top_when_the_round_changes_and_only_then(tmp_path):
    """A player who scrolled down to the scores stayed there when the round moved on: A's phone goes back to its
    top when the round changes, and only then."""
    scrolled_by_a_round(tmp_path, "join")


def test_the_hosts_table_screen_goes_back_to_its_top_when_the_round_changes(tmp_path):
    """The host's table screen, shared by the table, scrolled down to the log stayed there when the round moved on,
    as a phone did: it goes back to its top as a phone does."""
    scrolled_by_a_round(tmp_path, "table")


def test_a_new_phase_leads_only_where_it_asks_this_phone_for_something():
    """The step a phone's screen is at: a new round leads; a new phase leads only with a move for this phone, or
    when the game is over; the first message (nothing scrolled yet) and a change of whose turn within the phase do
    not."""
    def message(round_: int, phase: str, prompt: list) -> dict:
        """A hub message with what the step reads."""
        return {"status": {"round": round_, "phase": phase, "over": False}, "prompt": prompt}

    move = [{"by": "A", "type": "vote", "choices": None}]
    assert not leads(None, phone_step(message(1, "p", move)))
    assert leads(phone_step(message(1, "p", [])), phone_step(message(2, "p", [])))
    assert leads(phone_step(message(1, "p", [])), phone_step(message(1, "q", move)))
    assert not leads(phone_step(message(1, "p", move)), phone_step(message(1, "q", [])))
    assert not leads(phone_step(message(1, "p", [])), phone_step(message(1, "p", move)))
    over = {"status": {"round": 3, "phase": "over", "over": True}, "prompt": []}
    assert leads(phone_step(message(3, "p", [])), phone_step(over))  # who won, at the top


@pytest.mark.parametrize("title, options, named", [("Azul", {}, "Azul（计分板）"),
                                                    ("Golf", {"lower_wins": True}, "Golf（计分板，低分胜）")])
def test_a_titled_score_pad_is_named_by_its_game_on_the_phones_and_the_hosts_screen(tmp_path, title, options, named):
    """A score pad kept for Azul read "通用计分板（多手机）" on a phone and on the host's screen, where its session
    screen reads "Azul（计分板）" ("Azul (score pad)"): the table's screens name it so too, and a lowest-wins one
    as its session screen does ("Golf (score pad, lowest wins)")."""
    async def look() -> None:
        with Store(tmp_path / "data") as store:
            sid = store.create(new_record("score_pad", ["A", "B"], options, now="2025-01-01T20:00:00+00:00",
                                          title=title))
            hub = hub_for(store, sid)
            phone, _ = await connect(main_for(store), f"/join/{sid}")
            await sit(phone, hub.pin, "A")
            host, _ = await connect(main_for(store), f"/table/{sid}")
            for sess in (phone, host):
                texts = [read(str(c.value)) for c in list(sess.index.values()) if isinstance(c, ft.Text)]
                assert any(named in t for t in texts), texts
                assert not any("通用计分板" in str(t) for t in texts), texts
                sess.close()
            await settle()

    run_async(look())


def bar_texts(sess: Session) -> list[str]:
    """The texts on the tab's screen as written (word joiners kept)."""
    return [str(c.value) for c in list(sess.index.values()) if isinstance(c, ft.Text)]


def test_a_phones_title_keeps_its_bracket_whole(tmp_path):
    """At 2× text a 390 px phone's title read "方块恐龙（多" / "手机）" (helper play6): the bracket that says it is the
    table's phone now stays whole, the line breaking only before it (the join form's title; a seated phone's is
    the game's name alone, below)."""
    async def look() -> None:
        with Store(tmp_path / "data") as store:
            sid = store.create(new_record("cubosaurs", ["甲", "乙"], {}, now="2025-01-01T20:00:00+00:00"))
            phone, _ = await connect(main_for(store), f"/join/{sid}")
            (title,) = [t for t in bar_texts(phone) if t.replace("\u2060", "") == "方块恐龙（多手机）"]
            assert title.endswith("龙（\u2060多\u2060手\u2060机\u2060）"), repr(title)
            phone.close()
            await settle()

    run_async(look())


@pytest.mark.parametrize("game, named", [("pictomania", "妙笔神猜"), ("cubosaurs", "方块恐龙"), ("score_pad", "通用计分板")])
def test_a_seated_phones_title_is_the_games_name_alone(tmp_path, game, named):
    """Pictomania's seated phone at 2x text: the bar's "妙笔神猜（多手机）" took two lines, with the pinned race ~375
    of 844 px. Once seated, every game's phone names the game alone (one line); the join form still says it is the
    table's phone."""
    async def look() -> None:
        with Store(tmp_path / "data") as store:
            sid = store.create(new_record(game, ["甲", "乙", "丙"], {}, now="2025-01-01T20:00:00+00:00"))
            hub = hub_for(store, sid)
            phone, _ = await connect(main_for(store), f"/join/{sid}")
            joining = [read(t) for t in bar_texts(phone)]
            await sit(phone, hub.pin, "甲")
            seated = [read(t) for t in bar_texts(phone)]
            assert f"{named}（多手机）" in joining and named in seated, seated
            assert not any("多手机" in t for t in seated), seated
            phone.close()
            await settle()

    run_async(look())


def undo_bars(sess: Session) -> list[str]:
    """The words of every message bar the tab was shown that says what was undone, each bar once."""
    bars = {id(c): c for c in list(sess.index.values()) if is_bar(c)}
    said = [read(bar_words(bar)) for bar in bars.values()]
    return [s for s in said if "撤销了" in s or "undid" in s]


def test_a_phone_is_told_once_what_another_screen_undid_that_touched_its_seat(tmp_path):
    """A's points vanished from A's phone when the host undid the round, with no word of why: the phone now says
    what was undone, once, for the table's round; B's own line undone does not touch A and says nothing there."""
    async def play() -> None:
        with Store(tmp_path / "data") as store:
            sid = store.create(new_record("score_pad", ["A", "B", "C"], now="2025-01-01T20:00:00+00:00"))
            hub = hub_for(store, sid)
            phone, _ = await connect(main_for(store), f"/join/{sid}")
            await sit(phone, hub.pin, "A")
            b = hub.join(hub.pin, "B")
            host = live(store, sid)
            hub.act(None, {"type": "round", "round": 1, "scores": {"A": 4, "B": 5, "C": 2}})
            await settle()
            assert undo_bars(phone) == []
            host.undo(words.now(), False, mark(store.record(sid)))
            await settle()
            (told,) = undo_bars(phone)
            assert told.startswith("裁判或主持人撤销了：") and "1" in told, told
            hub.act(b, {"type": "line", "round": 1, "score": 5})
            await settle()
            host.undo(words.now(), False, mark(store.record(sid)))
            await settle()
            hub.act(b, {"type": "line", "round": 1, "score": 6})
            await settle()
            assert undo_bars(phone) == [told]
            phone.close()
            await settle()

    run_async(play())


def test_the_referees_phone_is_not_told_of_its_own_undo_but_is_of_the_hosts(tmp_path):
    """The referee's phone undoes as the host's screen does: its own Undo is not told back to it; the host's is."""
    async def play() -> None:
        with Store(tmp_path / "data") as store:
            sid = store.create(new_record("score_pad", ["A", "B"], now="2025-01-01T20:00:00+00:00"))
            hub = hub_for(store, sid)
            hub.set_referee("A")
            phone, _ = await connect(main_for(store), f"/join/{sid}")
            await sit(phone, hub.pin, "A")
            for number in (1, 2):
                hub.act(None, {"type": "round", "round": number, "scores": {"A": number, "B": 5}})
            await settle()
            undo = next(c for c in list(phone.index.values())
                        if isinstance(c, ft.OutlinedButton) and c.icon == ft.Icons.UNDO)
            await phone.dispatch_event(undo._i, "click", None)
            await settle()
            assert store.state(sid)["round"] == 2 and undo_bars(phone) == []
            live(store, sid).undo(words.now(), False, mark(store.record(sid)))
            await settle()
            assert store.state(sid)["round"] == 1 and len(undo_bars(phone)) == 1
            phone.close()
            await settle()

    run_async(play())


def test_the_referees_phone_cancelling_its_undo_is_still_told_of_the_hosts(tmp_path):
    """The referee tapped Undo on the deal (a reveal), was asked for the table's consent and cancelled; the host
    then undid the deal and the referee's phone said nothing (play-tester): the cancelled undo's note that this
    phone was undoing stayed until the next message, the host's undo, and hid it. The phone now says it."""
    async def play() -> None:
        with Store(tmp_path / "data") as store:
            sid = store.create(new_record("pictomania", ["A", "B", "C"], now="2025-01-01T20:00:00+00:00"))
            hub = hub_for(store, sid)
            hub.set_referee("A")
            phone, _ = await connect(main_for(store), f"/join/{sid}")
            await sit(phone, hub.pin, "A")
            hub.act(None, {"type": "deal"})
            await settle()
            undo = next(c for c in list(phone.index.values())
                        if isinstance(c, ft.OutlinedButton) and c.icon == ft.Icons.UNDO)
            await phone.dispatch_event(undo._i, "click", None)
            await settle()
            dialog = next(c for c in list(phone.index.values()) if isinstance(c, ft.AlertDialog) and c.open)
            await phone.dispatch_event(dialog.actions[0]._i, "click", None)
            await settle()
            assert store.state(sid)["phase"] == "drawing" and undo_bars(phone) == []
            live(store, sid).undo(words.now(), True, mark(store.record(sid)))
            await settle()
            assert store.state(sid)["phase"] == "deal" and len(undo_bars(phone)) == 1
            phone.close()
            await settle()

    run_async(play())


def test_a_session_opened_again_after_a_refused_round_does_not_scroll_to_its_button(tmp_path):
    """A refused round brings its send button into view, once: the screen opened again later (its effects run
    when it is first drawn) scrolled to "Add round" again with nothing refused (reviewer's probe)."""

    def button(sess: Session) -> ft.FilledButton:
        """The form's send button."""
        return next(c for c in list(sess.index.values())
                    if isinstance(c, ft.FilledButton) and c.key == ft.ScrollKey("send"))

    def field(sess: Session, name: str) -> ft.TextField:
        """The points field of a player."""
        return field_named(list(sess.index.values()), name)

    async def play() -> None:
        with Store(tmp_path / "data") as store:
            sid = store.create(new_record("score_pad", ["Ann", "Bo"], now="2025-01-01T20:00:00+00:00"))
            sess, sent = await connect(main_for(store), f"/play/{sid}")
            await settle()
            await typed(sess, field(sess, "Ann"), "5")
            await sess.dispatch_event(button(sess)._i, "click", None)
            await settle()
            assert [args["scroll_key"] for _, args in scrolls(sent)] == ["send"]
            await typed(sess, field(sess, "Bo"), "3")
            await sess.dispatch_event(button(sess)._i, "click", None)
            await settle()
            assert store.state(sid)["round"] == 2
            sess.connection.page_url = "http://table"  # the home screen reads the page's address
            for route in ("/", f"/play/{sid}"):  # home, and back to the session
                sent.frames.clear()
                await sess.dispatch_event(sess.page._i, "route_change", {"route": route})
                await settle()
            assert scrolls(sent) == []
            sess.close()
            await settle()

    run_async(play())


def test_a_tap_refused_after_other_phones_moved_the_log_on_is_said_in_the_bar(tmp_path):
    """Ann's phone shows deal 1 and her "我出完了！" as Bo's and Di's taps end it (their team is out): her tap, read
    after theirs, is refused for deal 2 being played. The hub judged it on the log the other phones moved on, not on
    the one her screen showed, and her phone is drawn again for that log at once: said under her old button, the
    reason was never shown (the button is gone with its deal). It is said in the bar."""
    async def play() -> None:
        with Store(tmp_path / "data") as store:
            sid = store.create(new_record("bacon", ["Ann", "Bo", "Cy", "Di"], now="2025-01-01T20:00:00+00:00"))
            hub = hub_for(store, sid)
            phone, _ = await connect(main_for(store), f"/join/{sid}")
            await sit(phone, hub.pin, "Ann")
            out = next(c for c in list(phone.index.values())
                       if isinstance(c, ft.FilledButton) and c.content == "我出完了！")
            for seat in ("Bo", "Di"):
                hub.act(hub.join(hub.pin, seat), {"type": "out", "round": 1})
            assert len(store.state(sid)["deals"]) == 1
            await phone.dispatch_event(out._i, "click", None)
            await settle()
            said = [read(bar_words(c)) for c in list(phone.index.values()) if is_bar(c) and c in phone.page.overlay]
            assert said == [words.say("zh-CN", "bacon.out_round", now=2, round=1)], said
            phone.close()
            await settle()

    run_async(play())


def test_a_hidden_hand_the_host_undid_comes_back_to_its_own_phones_form(tmp_path):
    """Played on phones in 简体中文: A asked the host to take back a hand sent with a mis-tap; the host's Undo (which
    names whose hand, not its answers) emptied A's form, and A had to type every answer again. A's phone is told the
    host took its answers back and finds them in its fields again; B's phone gets neither the words nor the note.
    A's phone was told twice, the bar's "裁判或主持人撤销了：…" too: it is told once, by the note above its fields
    (`UNDONE_SAID`); the host's undo of A's topic is still said in the bar."""
    async def play() -> None:
        with Store(tmp_path / "data") as store:
            sid = store.create(new_record("guess_club", ["A", "B", "C"], {"cards": 2},
                                          now="2025-01-01T20:00:00+00:00"))
            hub = hub_for(store, sid)
            phone, _ = await connect(main_for(store), f"/join/{sid}")
            await sit(phone, hub.pin, "A")
            other, _ = await connect(main_for(store), f"/join/{sid}")
            await sit(other, hub.pin, "B")
            host = live(store, sid)
            host.play({"type": "topic", "by": "A", "text": "水果"}, words.now(), None)
            await settle()
            for number, text in ((1, "苹果"), (2, "梨")):
                await typed(phone, field_named(list(phone.index.values()), f"答案 {number}"), text)
            done = next(c for c in list(phone.index.values()) if isinstance(c, ft.FilledButton)
                        and c.icon == ft.Icons.VISIBILITY_OFF)
            await phone.dispatch_event(done._i, "click", None)
            await settle()
            assert store.state(sid)["hands"]["A"] is not None
            host.undo(words.now(), False, mark(store.record(sid)))
            await settle()
            key, params = redo_entry(store.record(sid), store.state(sid))["what"]
            assert read(words.say("zh-CN", key, **params)) == "A 交了 2 个暗写答案"
            fields = [c.value for c in list(phone.index.values()) if isinstance(c, ft.TextField)
                      and str(getattr(c.label, "value", c.label)).startswith("答案")]
            assert fields == ["苹果", "梨"]
            shown = [read(c.value) for c in list(phone.index.values()) if isinstance(c, ft.Text)]
            assert words.say("zh-CN", "guess_club.view.hand_taken_back") in shown
            assert undo_bars(phone) == []  # said once: not also "裁判或主持人撤销了：A 交了 2 个暗写答案" in the bar
            seen = [read(c.value) for c in list(other.index.values()) if isinstance(c, (ft.Text, ft.TextField))]
            assert not {"苹果", "梨", words.say("zh-CN", "guess_club.view.hand_taken_back")} & set(seen)
            host.play({"type": "answers", "by": "C", "cards": ["橙子", "葡萄"]}, words.now(), None)
            await settle()  # the note stays above the fields (gone, it moved them: drawn anew, the keyboard lost)
            shown = [read(c.value) for c in list(phone.index.values()) if isinstance(c, ft.Text)]
            assert words.say("zh-CN", "guess_club.view.hand_taken_back") in shown
            for _ in range(2):  # C's hand, then A's topic: a move of A's undone that the view does not say
                host.undo(words.now(), False, mark(store.record(sid)))
                await settle()
            assert [bar.split("：")[0] for bar in undo_bars(phone)] == ["裁判或主持人撤销了"]
            phone.close()
            other.close()
            await settle()

    run_async(play())
