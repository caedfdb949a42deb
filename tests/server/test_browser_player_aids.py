"""What the table does for the person at it (issue 16), in real headless Chromium: player names
chosen in the lobby and shown where seats are named, a card's words on a tap on a phone, the
"your turn" sound (a setting, off by default) and the replay's turn jumps.

Each check reads the table's state and the page in one page.evaluate: AI seats keep moving, and
two reads could see two different moves."""

from __future__ import annotations

from typing import Any

from tests.server.browser_helpers import (
    PHONE,
    SNAP,
    finished_ai_game,
    open_page,
    open_seat,
    play_option,
    wait_my_move,
)
from tests.server.conftest import ServerProcess
from tests.server.test_browser import browser
from tests.server.test_browser_layout import GAMES, viewport_shot

__all__ = ["browser"]

NAME = "Anna <b>Ray</b>"  # shown as the text it is, never as markup


def test_player_names_from_the_lobby_name_the_seats_at_the_table(browser: Any, serve: Any) -> None:
    server: ServerProcess = serve(ai_delay_ms=0)
    page = open_page(browser)
    page.goto(server.base + "/?game=memoir44")
    page.wait_for_selector("input[name=name0]")
    page.select_option("select[name=seat1]", "heuristic")
    assert page.locator("input[name=name1]").is_disabled()  # an AI's seat takes no name
    page.fill("input[name=name0]", f"  {NAME}  ")
    page.fill("#ai-delay", "0")
    page.click("form#create button[type=submit]")
    page.click("#open-table")
    wait_my_move(page)
    seen = page.evaluate(f"""() => ({{ seats: {SNAP}.table.seats,
        banner: document.getElementById('turn-banner').innerText,
        markup: document.querySelectorAll('#turn-banner b, .tick b b').length }})""")
    assert seen["seats"][0] == {"seat": 0, "kind": "human", "name": NAME}
    assert "name" not in seen["seats"][1]
    assert f"You are {NAME} (the Allies)" in seen["banner"], seen["banner"]
    assert seen["markup"] == 0
    viewport_shot(page, "memoir44-named")
    # a move of ours: the news beside the board credits it to the named seat
    for _ in range(6):
        play_option(page)
        ticks = page.locator(".tick b").all_inner_texts()
        if any(t.startswith(f"{NAME} (Allies)") for t in ticks):
            break
        wait_my_move(page)
    assert any(t.startswith(f"{NAME} (Allies): ") for t in page.locator(".tick b").all_inner_texts())
    assert not page.errors, page.errors


def test_a_named_seat_is_named_on_the_result_screen(browser: Any, serve: Any) -> None:
    server: ServerProcess = serve(ai_delay_ms=0)
    options = {"scenario": "pegasus-bridge", "max_turns": 2}
    body = {"game": "memoir44", "options": options, "seats": ["human", "heuristic"], "names": ["Anna", None],
            "seed": 1, "ai_delay_ms": 0}  # fmt: skip
    created = server.post("/api/tables", body)
    page = open_page(browser)
    page.goto(server.base + created["seats"][0]["link"])
    for _ in range(60):  # our first option each time, to the end of the second turn
        if wait_my_move(page)["finished"]:
            break
        play_option(page)
    page.wait_for_selector("#result[open]")
    heads = [h.strip() for h in page.locator("#result thead th").all_inner_texts()]
    assert any(h.startswith("Anna (Allies)") for h in heads), heads
    assert any(h.startswith("Axis (AI heuristic)") for h in heads), heads


def test_a_tap_on_a_card_shows_its_words_on_a_phone(browser: Any, serve: Any) -> None:
    server: ServerProcess = serve(ai_delay_ms=0)
    for game_id, card in (
        ("siege", ".player.mine .cards > [data-read]"),
        ("memoir44", ".m44-side.mine .cards > [data-read]"),
        ("wot_rush", ".wot-seat.mine .wot-card"),
    ):
        body, _ = GAMES[game_id]
        created = server.post("/api/tables", {**body, "ai_delay_ms": 0})
        page = open_seat(browser, server.base + created["seats"][0]["link"], *PHONE)
        first = page.locator(card).first
        first.scroll_into_view_if_needed()
        before = page.evaluate(f"{SNAP}.ply")
        first.tap()
        page.wait_for_selector("#read-popover:not([hidden])")
        seen = page.evaluate(
            f"""(sel) => {{ const c = document.querySelector(sel);
            const box = document.getElementById('read-popover').getBoundingClientRect();
            return {{ words: document.querySelector('#read-popover .read-words').textContent,
              expected: c.dataset.read || c.title, ply: {SNAP}.ply, pending: window.warroomTable.pending,
              selection: window.warroomTable.selection.length,
              inside: box.bottom <= innerHeight && box.top >= 0,
              choose: Boolean(document.getElementById('read-choose')),
              target: c.classList.contains('target') }}; }}""",
            card,
        )
        assert seen["words"] and seen["words"] == seen["expected"], seen
        assert seen["inside"], f"{game_id}: the card's words are off the screen"
        # the tap that reads does not play: nothing sent, nothing picked
        assert (seen["ply"], seen["pending"], seen["selection"]) == (before, False, 0), seen
        assert seen["choose"] == seen["target"], seen
        viewport_shot(page, f"{game_id}-tap-to-read-390x844")
        page.tap("#read-close")
        page.wait_for_selector("#read-popover", state="hidden")
        if seen["target"]:  # read again, then choose it from the popover
            first.tap()
            page.tap("#read-choose")
            page.wait_for_function(
                f"() => {SNAP}.ply > {before} || window.warroomTable.pending"
                " || window.warroomTable.selection.length > 0"
            )
        assert not page.errors, page.errors
        page.context.close()


TONES = """() => { window.tones = 0; const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) {
    window.tones++; return start.apply(this, args); }; }"""


def test_the_your_turn_sound_is_a_setting_off_by_default(browser: Any, serve: Any) -> None:
    server: ServerProcess = serve(ai_delay_ms=0)
    body, _ = GAMES["memoir44"]
    created = server.post("/api/tables", {**body, "ai_delay_ms": 0})
    page = open_seat(browser, server.base + created["seats"][0]["link"], init_script=f"({TONES})()")

    def turn_comes_back(expected: int = 0) -> int:
        """Plays our first option until the AI has moved and it is our turn again; the tones heard
        (waiting for `expected` of them, as a loaded machine may start them late)."""
        page.evaluate("window.tones = 0")
        start = page.evaluate(f"{SNAP}.ply")
        ai_moved = (
            "(window.warroomTable.news || [])"
            f".some((g) => g.seat === 1 && g.events.some((e) => e.ply > {start}))"
        )
        for _ in range(40):
            play_option(page)
            wait_my_move(page)
            if page.evaluate(ai_moved):
                break
        assert page.evaluate(ai_moved), "the AI never moved"
        if expected:
            page.wait_for_function(f"() => window.tones >= {expected}", timeout=10000)
        else:
            page.wait_for_timeout(300)  # the tones would start 10 ms after the turn comes
        tones: int = page.evaluate("window.tones")
        return tones

    assert not page.locator("#set-sound").is_checked()  # off by default
    assert turn_comes_back() == 0
    page.check("#set-sound")  # the click that lets the page play sound: a sample of it
    page.wait_for_function("() => window.tones >= 2")
    assert turn_comes_back(expected=2) >= 2  # two tones when the turn came back
    assert page.evaluate("localStorage.getItem('warroom.sound')") == "1"
    assert not page.errors, page.errors
    page.context.close()


def test_the_replay_jumps_by_turns_with_buttons_keys_and_a_slider(browser: Any, serve: Any) -> None:
    server: ServerProcess = serve(ai_delay_ms=0)
    table_id = finished_ai_game(server)
    # the turns: runs of frames with the same seat to move; each starts at the position before its
    # first move (the first five, read frame by frame from the server)
    table = server.get(f"/api/tables/{table_id}/frames/0?catalog=false")
    starts, mover, ply = [0], table, 0
    while len(starts) < 5:
        ply += 1
        frame = server.get(f"/api/tables/{table_id}/frames/{ply}?catalog=false")
        if frame["current_player"] != mover["current_player"]:
            starts.append(ply)
        mover = frame
    assert table["total"] > starts[-1]

    def before(ply: int) -> int:
        return max(s for s in starts if s < ply)

    def after(ply: int) -> int:
        return min(s for s in starts if s > ply)

    page = open_page(browser)
    page.goto(server.base + f"/replay/{table_id}")

    def at(ply: int) -> None:
        page.wait_for_function(
            f"() => window.warroomReplay && window.warroomReplay.ply === {ply} && "
            f"/^move {ply} of/.test(document.getElementById('replay-counter').innerText)"
        )

    at(0)
    page.click("#replay-next-turn")
    at(after(0))
    assert page.locator("#replay-turn").inner_text().endswith(" to move")
    page.keyboard.press("PageDown")
    at(after(after(0)))
    page.keyboard.press("Shift+ArrowRight")
    here = after(after(after(0)))
    at(here)
    page.keyboard.press("ArrowLeft")
    at(here - 1)
    page.keyboard.press("PageUp")
    at(before(here - 1))
    page.click("#replay-prev-turn")
    back = before(before(here - 1))
    at(back)
    page.keyboard.press("Shift+ArrowLeft")
    at(before(back) if back > 0 else 0)
    # the slider: dragged (its value set and announced as a person's drag does) to a move
    page.eval_on_selector(
        "#replay-slider",
        "(s, v) => { s.value = v; s.dispatchEvent(new Event('input')); }",
        str(starts[3] + 1),
    )
    at(starts[3] + 1)
    viewport_shot(page, "memoir44-replay")
    assert not page.errors, page.errors
