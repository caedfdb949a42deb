"""Keyboard play (issue 16), in real headless Chromium: every legal target on the table is in the
tab order as a named button, Enter takes it, and after a move the focus stays on the table."""

from __future__ import annotations

from typing import Any

from tests.server.browser_helpers import SNAP, open_seat, wait_my_move
from tests.server.conftest import ServerProcess
from tests.server.test_browser import browser, pegasus_bridge_table

__all__ = ["browser"]

FOCUSED = "(document.activeElement && document.activeElement.dataset || {}).handle || null"


def tab_to(page: Any, handle: str) -> None:
    """Tab forward (as a person would) until the element for `handle` has the focus."""
    for _ in range(120):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED) == handle:
            return
    raise AssertionError(f"{handle} is not reachable with the Tab key")


def test_memoir44_a_card_and_units_taken_by_keyboard_alone(browser: Any, serve: Any) -> None:
    server: ServerProcess = serve(ai_delay_ms=40)
    created = pegasus_bridge_table(server, ["human", "heuristic"], seed=1)
    page = open_seat(browser, server.base + created["seats"][0]["link"], autoplay=False)
    page.wait_for_selector(".m44-board")
    doc = wait_my_move(page)
    # every target is a focusable, named button
    marked = page.locator("[data-handle].target").evaluate_all(
        "ns => ns.map((n) => ['tabindex', 'role', 'aria-label'].map((a) => n.getAttribute(a)))"
    )
    assert marked and all(t == "0" and r == "button" and name for t, r, name in marked), marked
    # play Assault Left Flank, then order two units, by keyboard
    tab_to(page, "card:assault_left")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => {SNAP}.ply > {doc['ply']}")
    for hex_name in ("R7C4", "R6C3"):
        doc = wait_my_move(page)
        assert doc["view"]["decision"]["kind"] == "order"
        tab_to(page, f"unit:{hex_name}")
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => {SNAP}.ply > {doc['ply']}")
        page.wait_for_timeout(100)
        # the focus stays on the table, on a piece that can be taken next
        assert page.evaluate(FOCUSED), "the focus was lost after the move"
    ordered = [u for u in wait_my_move(page)["view"]["units"] if u.get("ordered")]
    assert {u["hex"] for u in ordered} == {"R7C4", "R6C3"}
    assert not page.errors, page.errors
