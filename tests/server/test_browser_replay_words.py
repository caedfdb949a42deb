"""The replay viewer says each move's events in the game's words, as the table's log does (issue
12): `warroom/web/replay.js` words them through the renderer's `logWords` where it has one, and
names seats by the seat look of the frame shown. Metro 2033, in real headless Chromium: seats by
the faction drafted so far ("Player 1 (AI random)" before the draft), stations, cards and
resources by name; no engine id reaches the "This move" list. The other games' replays are
opened by test_browser.py's every-game test."""

from __future__ import annotations

import re
from typing import Any

from tests.server.browser_helpers import finished_table, open_page
from tests.server.test_browser import browser  # noqa: F401  (fixture)
from tests.server.test_browser_metro_words import FACTIONS, engine_words


def _finished_metro_table(server: Any) -> str:
    """Three random AIs for two rounds (the round guard ends it): the table's id."""
    body = {"game": "metro2033", "options": {"players": 3, "max_rounds": 2}, "seats": ["random"] * 3,
            "seed": 5, "ai_delay_ms": 0}  # fmt: skip
    return finished_table(server, body)


def _wait_at(page: Any, ply: int) -> None:
    page.wait_for_function(
        f"() => document.querySelector('#replay-counter').textContent.startsWith('move {ply} ')"
    )


def test_metro2033_replay_says_each_move_in_words(browser: Any, serve: Any) -> None:  # noqa: F811
    server = serve()
    table_id = _finished_metro_table(server)
    page = open_page(browser)
    page.goto(server.base + f"/replay/{table_id}")
    page.wait_for_selector("#replay-counter")
    said: list[str] = []
    total = page.evaluate("window.warroomReplay.total")
    assert total > 20, total
    for ply in range(1, min(total, 80) + 1):
        page.click("#replay-next")
        _wait_at(page, ply)
        said.append(page.locator("#step-events").inner_text())
    text = "\n".join(said)
    assert not engine_words(text), engine_words(text)
    assert re.search(r"Player \d \(AI random\) leads ", said[0]), said[0]  # the draft's own line
    named = [name for name in FACTIONS.values() if f"the {name}" in text or f"The {name}" in text]
    assert len(named) >= 3, text  # every seat by its faction once drafted
    assert re.search(r"\d+ (mushrooms?|pigs?|ammo)\b", text), text  # income in words
    # back before the draft, seats are "Player N" again (the look follows the frame shown)
    page.click("button[aria-label='start']")
    _wait_at(page, 0)
    page.click("#replay-next")
    _wait_at(page, 1)
    assert re.search(r"Player \d \(AI random\) leads ", page.locator("#step-events").inner_text())
    assert not page.errors, page.errors
