"""Fewer clicks between tables (issue 16), in real headless Chromium: a second invite link opened
in the same tab takes that seat without a reload; the lobby keeps this browser's tables with
their invite links, shows the links at once after creating one, and refreshes its list by itself."""

from __future__ import annotations

from typing import Any

from tests.server.browser_helpers import SNAP, open_page, wait_my_move
from tests.server.conftest import ServerProcess
from tests.server.test_browser import browser, pegasus_bridge_table

__all__ = ["browser"]


def test_a_second_invite_link_in_the_same_tab_switches_seat(browser: Any, serve: Any) -> None:
    """Without a reload: the page's own state survives."""
    server: ServerProcess = serve(ai_delay_ms=0)
    created = pegasus_bridge_table(server, ["human", "human"], seed=5)
    page = open_page(browser)
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_function(f"() => {SNAP} && {SNAP}.you[0] === 0")
    assert "You are the Allies" in page.inner_text("#turn-banner")
    page.evaluate("window.stillThisPage = true")
    page.evaluate(f"location.hash = 'k={created['seats'][1]['token']}'")
    page.wait_for_function(f"() => {SNAP} && {SNAP}.you[0] === 1")
    assert page.evaluate("window.stillThisPage") is True  # no reload
    page.wait_for_function("() => document.getElementById('turn-banner').innerText.includes('the Axis')")
    assert "You are the Axis" in page.inner_text("#turn-banner")
    assert page.locator(".m44-side.mine.side-axis").count() == 1
    assert not page.errors, page.errors


def test_the_lobby_keeps_this_browsers_tables_and_refreshes_its_list(browser: Any, serve: Any) -> None:
    server: ServerProcess = serve(ai_delay_ms=0)
    page = open_page(browser)
    page.goto(server.base + "/")
    page.click('.game-card[data-game="memoir44"]')
    page.select_option(".seat-row select >> nth=1", "human")
    page.click("#create button[type=submit]")
    link = page.locator("#created .link-row input").first
    link.wait_for()
    box = page.locator("#open-table").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800  # in view at once
    stored = page.evaluate("JSON.parse(localStorage.getItem('warroom.tables'))")
    table_id = stored[0]["id"]
    assert [s["seat"] for s in stored[0]["seats"]] == [0, 1]
    # later, from the lobby: the table and its two invite links
    page.goto(server.base + "/")
    mine = page.locator(f'#your-tables li[data-table="{table_id}"]')
    mine.wait_for()
    hrefs = mine.locator("a").evaluate_all("ns => ns.map((n) => n.getAttribute('href'))")
    assert hrefs == [s["link"] for s in stored[0]["seats"]] + [stored[0]["spectator"]]
    # a table created elsewhere appears in the list without a reload
    other = pegasus_bridge_table(server, ["heuristic", "heuristic"], seed=6)
    page.wait_for_function(
        f"() => document.getElementById('table-list').innerHTML.includes('{other['id']}')", timeout=15000
    )
    assert not page.errors, page.errors


def test_a_step_with_one_option_is_taken_for_the_player_unless_they_ask_to_click(
    browser: Any, serve: Any
) -> None:
    """World of Tanks: Rush against the AI: the test takes the first option of every real choice;
    the steps with a single option are taken by the page itself (sent acts beyond the test's own).
    With the setting off, a single option waits for the click."""
    server: ServerProcess = serve(ai_delay_ms=0)
    body = {"game": "wot_rush", "options": {"players": 2, "first_player": 0}, "seats": ["human", "heuristic"],
            "seed": 0, "ai_delay_ms": 0}  # fmt: skip
    for autoplay in (True, False):
        page = open_page(browser)
        sent: list[str] = []
        keep = sent.append
        page.on("websocket", lambda ws, keep=keep: ws.on("framesent", lambda payload: keep(str(payload))))
        page.goto(server.base + server.post("/api/tables", body)["seats"][0]["link"])
        page.wait_for_selector("#set-autoplay")
        if not autoplay:
            page.uncheck("#set-autoplay")
        mine = 0
        waited = False
        for _ in range(30):
            doc = wait_my_move(page, seat=0)
            if doc["finished"]:
                break
            if len(doc["legal"]) == 1 and not autoplay:
                page.wait_for_timeout(1500)  # twice the page's pause: it must still be waiting
                assert page.evaluate(f"{SNAP}.ply") == doc["ply"]
                assert "taken for you" not in page.inner_text("#decision")
                waited = True
                break
            if len(doc["legal"]) == 1:
                assert "taken for you" in page.inner_text("#decision")
                page.wait_for_function(f"() => {SNAP}.ply > {doc['ply']}")
                continue
            mine += 1
            page.evaluate(f"window.warroomTable.socket.act({SNAP}.legal[0].text, {SNAP}.ply)")
            page.wait_for_function(f"() => {SNAP}.ply > {doc['ply']}")
        acts = sum(1 for frame in sent if '"type": "act"' in frame or '"type":"act"' in frame)
        if autoplay:
            assert acts > mine, "no single-option step was taken by the page"
        else:
            assert waited and acts == mine
        assert not page.errors, page.errors
        page.context.close()
