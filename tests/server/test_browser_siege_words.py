"""Siege's log and replay name seats as the table does (the review's "engine words" item), in real
headless Chromium: `renderers/siege.js` `logWords` puts the table's name ("Player 1 (AI heuristic)",
a person's "Anna (Player 0)") where the engine's text says "player 1", for the seats the event's
data names (player, partner, by) only; the terminal keeps "player 1" (warroom/cli/seats.py)."""

from __future__ import annotations

import re
from typing import Any

from tests.server.browser_helpers import finished_table, open_page, replay_events
from tests.server.test_browser import browser  # noqa: F401  (fixture)

ENGINE_SEAT = re.compile(r"\bplayer \d")


def test_siege_log_and_replay_name_seats_as_the_table_does(browser: Any, serve: Any) -> None:  # noqa: F811
    server = serve()
    body = {"game": "siege", "options": {"players": 2}, "seats": ["heuristic", "heuristic"], "seed": 3,
            "ai_delay_ms": 0}  # fmt: skip
    table_id = finished_table(server, body)
    page = open_page(browser)
    text = replay_events(page, server, table_id)
    assert not ENGINE_SEAT.findall(text), text
    assert "Player 0 (AI heuristic) draws" in text and "Player 1 (AI heuristic)" in text, text
    assert not page.errors, page.errors
    # a person's chosen name in the table's own log, from its first turn on
    created = server.post("/api/tables", {"game": "siege", "options": {"players": 2},
                                          "seats": ["human", "heuristic"], "names": ["Anna"], "seed": 3,
                                          "ai_delay_ms": 0})  # fmt: skip
    seat = open_page(browser)
    seat.goto(server.base + created["seats"][0]["link"])
    seat.wait_for_selector(".siege-board")
    seat.wait_for_function("() => document.querySelectorAll('#log li').length > 0")
    log = "\n".join(seat.locator("#log li").all_inner_texts())
    assert "Anna (Player 0)" in log and not ENGINE_SEAT.findall(log), log
    assert not seat.errors, seat.errors
