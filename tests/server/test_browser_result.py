"""Battles and results a player can follow (issue 16), in real headless Chromium.

- A Memoir '44 battle shows its dice large on the board, beside the target, drawn as SVG (no
  emoji or symbol font), with what they did, and again in the news of the last move.
- Every game ends on a result screen: who won, each seat with who played it (a person or which
  AI), the game's own figures, the turns, and "watch the replay", "download", "rematch", "new
  table"; a rematch opens the same game again at your seat.
Screenshots: docs/screenshots/<game>-result.png, memoir44-battle.png.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.server.browser_helpers import open_page
from tests.server.conftest import ServerProcess
from tests.server.test_browser import SNAP, browser, m44_hex, pegasus_bridge_table, snap, wait_my_move
from tests.server.test_browser_layout import viewport_shot

__all__ = ["browser"]

# a symbol or emoji font glyph a machine may lack (the dice used to be drawn with these)
NO_FONT_GLYPHS = ["💥", "★", "⚑", "✕"]

PEGASUS = {"scenario": "pegasus-bridge"}
ENDS: dict[str, tuple[dict[str, Any], list[str]]] = {
    "siege": ({"game": "siege", "options": {"players": 2}, "seats": ["heuristic", "heuristic"], "seed": 5},
              ["Trophy points", "Enemies destroyed", "Buildings standing"]),
    "memoir44": ({"game": "memoir44", "options": PEGASUS, "seats": ["random", "random"], "seed": 2},
                 ["Medals", "Enemy units eliminated", "Figures lost", "Allies", "Axis"]),
    "wot_rush": ({"game": "wot_rush", "options": {"players": 2}, "seats": ["heuristic", "heuristic"],
                  "seed": 3}, ["Medals", "Bases left", "rounds"]),
}  # fmt: skip


@pytest.mark.parametrize("game_id", list(ENDS))
def test_a_finished_game_ends_on_a_result_screen(browser: Any, serve: Any, game_id: str) -> None:
    """Two AI seats play a whole game; a spectator's page then shows the result screen."""
    server: ServerProcess = serve(ai_delay_ms=0)
    body, words = ENDS[game_id]
    created = server.post("/api/tables", {**body, "ai_delay_ms": 0})
    page = open_page(browser)
    page.goto(server.base + created["spectator_link"])
    page.wait_for_function(f"() => {SNAP} && {SNAP}.finished", timeout=120000)
    dialog = page.locator("dialog#result[open]")
    dialog.wait_for()
    text = dialog.inner_text()
    for word in ["Played by", "AI: ", "Result", "moves", *words]:
        assert word in text, f"{game_id}: {word!r} is not on the result screen:\n{text}"
    doc = snap(page)
    verdicts = page.locator(".result-table tr.verdict td").all_inner_texts()
    assert len(verdicts) == len(doc["table"]["seats"])
    best = max(doc["returns"])
    for seat, verdict in enumerate(verdicts):
        shared = all(r == best for r in doc["returns"])
        expected = ("won" if best > 0 else "lost" if best < 0 else "draw") if shared else (
            "won" if doc["returns"][seat] == best else "lost")  # fmt: skip
        assert verdict == expected, (seat, verdict, doc["returns"])
    assert dialog.locator("#watch-replay").get_attribute("href") == f"/replay/{created['id']}"
    assert dialog.locator("#download-replay").get_attribute("href") == f"/api/tables/{created['id']}/replay"
    assert dialog.locator("#new-table").get_attribute("href") == f"/?game={game_id}"
    assert dialog.locator("#rematch").count() == 0  # a spectator has no seat to take again
    viewport_shot(page, f"{game_id}-result")
    # closed, the board is there to look at, and the result opens again on demand
    dialog.locator("#close-result").click()
    assert page.locator("dialog#result[open]").count() == 0
    page.click("#show-result")
    page.locator("dialog#result[open]").wait_for()
    # "New table" opens the lobby with this game chosen
    page.locator("dialog#result #new-table").click()
    page.wait_for_selector(f'.game-card.chosen[data-game="{game_id}"]')
    assert not page.errors, page.errors


def test_a_person_sees_their_result_and_a_rematch_seats_them_again(browser: Any, serve: Any) -> None:
    """Siege for two, a person against the heuristic AI: the person passes every decision until the
    game ends (the city falls), sees "Defeat", and a rematch opens a new table at their seat."""
    server: ServerProcess = serve(ai_delay_ms=0)
    created = server.post(
        "/api/tables",
        {
            "game": "siege",
            "options": {"players": 2},
            "seats": ["human", "heuristic"],
            "seed": 9,
            "ai_delay_ms": 0,
        },
    )
    page = open_page(browser)
    page.goto(server.base + created["seats"][0]["link"])
    for _ in range(400):
        doc = wait_my_move(page)
        if doc["finished"]:
            break
        ply = doc["ply"]
        page.evaluate(f"window.warroomTable.socket.act({SNAP}.legal[0].text, {SNAP}.ply)")
        page.wait_for_function(f"() => {SNAP}.ply > {ply}", timeout=15000)
    assert snap(page)["finished"]
    dialog = page.locator("dialog#result[open]")
    dialog.wait_for()
    title = dialog.locator("h2").inner_text()
    assert title in ("Victory!", "Defeat")
    assert "you" in dialog.locator(".result-table thead").inner_text()
    dialog.locator("#rematch").click()
    page.wait_for_url(lambda url: f"/t/{created['id']}" not in url and "/t/" in url and "#k=" in url)
    page.wait_for_selector(".siege-board")
    doc = wait_my_move(page)
    assert doc["table"]["id"] != created["id"] and doc["you"] == [0] and not doc["finished"]
    assert [s["kind"] for s in doc["table"]["seats"]] == ["human", "heuristic"]
    stored = page.evaluate("JSON.parse(localStorage.getItem('warroom.tables'))")
    assert stored[0]["id"] == doc["table"]["id"]
    assert not page.errors, page.errors


def test_memoir44_battle_dice_are_drawn_large_at_the_battle(browser: Any, serve: Any) -> None:
    """Pegasus Bridge: order, move and battle by clicking; the roll appears beside the target as
    drawn dice (one per die rolled, with what they did), and in the news beside the board."""
    server: ServerProcess = serve(ai_delay_ms=40)
    created = pegasus_bridge_table(server, ["human", "heuristic"], seed=1)
    page = open_page(browser)
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_selector(".m44-board")
    wait_my_move(page)
    page.locator('.m44-side.mine .m44-card.target[data-kind="assault_left"]').click()
    for name in ("R7C4", "R6C3"):
        wait_my_move(page)
        m44_hex(page, name).click()
    wait_my_move(page)
    page.click('.decision .row button[data-action="done"]')
    doc = wait_my_move(page)
    m44_hex(page, "R7C4").click()
    page.wait_for_selector('.m44-board .hex-hit.reach[data-hex="R6C4"]')
    m44_hex(page, "R6C4").click()
    doc = wait_my_move(page)
    if doc["view"]["decision"]["kind"] == "move":
        page.click('.decision .row button[data-action="done"]')
        doc = wait_my_move(page)
    m44_hex(page, "R6C4").click()
    page.wait_for_selector(".m44-board .hex-hit.target-hex")
    ply = doc["ply"]
    page.locator(".m44-board .hex-hit.target-hex").first.click()
    page.wait_for_selector(".m44-board .dice-roll .die-face")
    page.wait_for_function(f"() => {SNAP}.ply > {ply}")
    rolled = [e for frame in frames for e in json.loads(frame).get("events", []) if e["kind"] == "dice"]
    assert rolled
    faces = rolled[0]["data"]["faces"]
    shown = page.locator(".m44-board .dice-roll .die-face").evaluate_all(
        "ns => ns.map((n) => n.getAttribute('aria-label'))"
    )
    assert shown == faces
    size = page.locator(".m44-board .dice-roll .die-body").first.bounding_box()
    assert size is not None and size["width"] >= 24  # large: a die at least 24 px across at 1280x800
    assert page.locator("#ticker .die-img").count() == len(faces)
    assert "hit" in page.locator(".m44-board .dice-roll .dice-said").text_content()
    # long enough to read: still there two seconds on (counted in the page, from now)
    count = "document.querySelectorAll('.m44-board .dice-roll').length"
    later = f"new Promise((r) => setTimeout(() => r({count}), 2000))"
    assert page.evaluate(later) == 1
    viewport_shot(page, "memoir44-battle")
    html = page.inner_html("#board") + page.inner_html("#ticker")
    assert not [g for g in NO_FONT_GLYPHS if g in html]
    assert not page.errors, page.errors
