"""The deal, as a player sees it (issue 17), in real headless Chromium: before the first move
every seat is told whether the table's creator chose the seed (and so may know the hidden cards)
or the server drew it and committed to it; once the game is over the seed is shown, and its
sha256 equals the commitment the page showed from the start."""

from __future__ import annotations

import hashlib
from typing import Any

from tests.server.browser_helpers import open_page
from tests.server.conftest import ServerProcess
from tests.server.test_browser import SNAP, browser

__all__ = ["browser"]


def _open(browser: Any, server: ServerProcess, link: str) -> Any:
    page = open_page(browser)
    page.goto(server.base + link)
    page.wait_for_function(f"() => {SNAP} && document.getElementById('deal')")
    return page


def test_a_seed_chosen_by_the_creator_is_shown_to_every_seat_before_the_first_move(
    browser: Any, serve: Any
) -> None:
    server: ServerProcess = serve(ai_delay_ms=0)
    body = {"game": "wot_rush", "options": {"players": 2}, "seats": ["human", "human"], "seed": 12345}
    created = server.post("/api/tables", body)
    for seat in created["seats"]:
        page = _open(browser, server, seat["link"])
        assert page.evaluate(f"{SNAP}.ply") == 0
        chip = page.locator("#deal")
        assert chip.inner_text() == "Seed chosen by the creator"
        assert "hidden cards" in (chip.get_attribute("title") or "")


def test_a_server_drawn_seed_is_sealed_then_revealed_matching_its_commitment(
    browser: Any, serve: Any
) -> None:
    """The revealed seed is text: 62 bits would be rounded by a JavaScript number."""
    server: ServerProcess = serve(ai_delay_ms=0)
    body = {"game": "wot_rush", "options": {"players": 2}, "seats": ["human", "human"]}
    created = server.post("/api/tables", body)
    page = _open(browser, server, created["seats"][0]["link"])
    chip = page.locator("#deal")
    assert chip.inner_text() == "Deal sealed"
    commitment = page.evaluate(f"{SNAP}.table.deal.commitment")
    assert commitment in (chip.get_attribute("title") or "")
    assert page.evaluate(f"{SNAP}.table.deal.revealed") is None
    # an AI-only table plays to its end; a fresh page then shows the seed behind the commitment
    done = server.post("/api/tables", {"game": "wot_rush", "options": {"players": 2},
                                       "seats": ["random", "random"], "ai_delay_ms": 0})  # fmt: skip
    page = _open(browser, server, done["spectator_link"])
    page.wait_for_function(f"() => {SNAP}.finished", timeout=60000)
    page.reload()
    page.wait_for_function(f"() => {SNAP} && {SNAP}.finished && document.getElementById('deal')")
    deal = page.evaluate(f"{SNAP}.table.deal")
    assert deal["revealed"] is not None
    assert page.locator("#deal").inner_text() == f"Deal revealed: seed {deal['revealed']}"
    assert hashlib.sha256(f"warroom-deal:{deal['revealed']}".encode()).hexdigest() == deal["commitment"]
