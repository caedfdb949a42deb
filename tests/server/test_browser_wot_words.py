"""World of Tanks: Rush at the table (issue 16), in real headless Chromium: every card reads in
plain words on hover (and for tap-to-read): what it is, pays, how it fights and guards, and what
each printed ability does (WOT-ICON-06..14), with box names only."""

from __future__ import annotations

import re
from typing import Any

import warroom
from tests.server.browser_helpers import finished_table, open_page, replay_events
from tests.server.conftest import ServerProcess
from tests.server.test_browser import browser, wait_my_move
from tests.server.test_browser_words import INTERNAL

__all__ = ["browser"]

# what each ability's words must say (the number where it has one)
DOES = {
    "REC": "Reconnaissance: discard any of the reserve's cards",
    "REI": "Reinforcement {n}: draw {n} card",
    "INV": "Invulnerability: take a 1-medal card",
    "SAB": "Sabotage: every opponent discards a card",
    "RES": "Research {n}: take one reserve card costing {n} or less",
    "CALL": "Call: you may buy one more card this turn",
    "REP": "Repair {n}: move up to {n} card",
}

# the faces on the table and the words of every card of the set, read at one moment from the
# renderer the page runs (the same module, so the same catalog)
READ = """async () => {
  const m = await import('/static/renderers/wot_rush.js');
  const faces = [...document.querySelectorAll('.wot-card, .wot-chip')].map((n) =>
    [n.dataset.kind, n.title, n.dataset.read]);
  return { faces, words: Object.fromEntries(KINDS.map((k) => [k, m.cardWords(k)])) };
}"""


def test_wot_rush_every_card_reads_in_words(browser: Any, serve: Any) -> None:
    server: ServerProcess = serve(ai_delay_ms=0)
    body = {"game": "wot_rush", "options": {"players": 2, "first_player": 0}, "seats": ["human", "heuristic"],
            "seed": 0}  # fmt: skip
    created = server.post("/api/tables", body)
    catalog = warroom.load("wot_rush", players=2).catalog()["cards"]
    page = open_page(browser)
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_selector(".wot-card")
    wait_my_move(page)
    got = page.evaluate(READ.replace("KINDS", str(sorted(catalog))))
    assert len(got["faces"]) > 5
    for kind, title, read in got["faces"]:
        assert title == read == got["words"][kind], kind
    for kind, words in got["words"].items():
        card = catalog[kind]
        assert words.startswith(f"{card['name']}: ") and words.endswith("."), words
        assert "undefined" not in words and "null" not in words, words
        for spec in card["abilities"]:
            code, _, n = spec.partition(" ")
            assert DOES[code].format(n=n) in words, (kind, words)
        if card["restriction"] == "base":
            assert "attacks only bases" in words
        if card["type"] == "vehicle":
            assert f"costs {card['cost']} to buy" in words and "strength" in words and "armour" in words
        assert not INTERNAL.search(words.replace(card["name"], "")), words
    assert not page.errors, page.errors


ENGINE_SEAT = re.compile(r"\bplayers? \d")


def test_wot_rush_log_and_replay_name_seats_as_the_table_does(browser: Any, serve: Any) -> None:
    """The review's "engine words" item: `renderers/wot_rush.js` `logWords` puts the table's name
    ("Player 1 (AI heuristic)", a person's "Anna (Player 0)") where the engine's text says
    "player 1" (or "players 0, 2"), in the replay and the table's log; the terminal keeps "player 1"."""
    server: ServerProcess = serve(ai_delay_ms=0)
    body = {
        "game": "wot_rush",
        "options": {"players": 3},
        "seats": ["heuristic"] * 3,
        "seed": 2,
        "ai_delay_ms": 0,
    }
    table_id = finished_table(server, body)
    page = open_page(browser)
    text = replay_events(page, server, table_id)
    assert not ENGINE_SEAT.findall(text), text
    assert "Player 0 (AI heuristic)" in text and "Player 2 (AI heuristic)" in text, text
    assert not page.errors, page.errors
    # a person's chosen name in the table's own log, from the first turn on (the AI's, before it)
    created = server.post(
        "/api/tables",
        {"game": "wot_rush", "options": {"players": 2, "first_player": 1}, "seats": ["human", "heuristic"],
         "names": ["Anna"], "seed": 0, "ai_delay_ms": 0},
    )  # fmt: skip
    seat = open_page(browser)
    seat.goto(server.base + created["seats"][0]["link"])
    seat.wait_for_selector(".wot-card")
    seat.wait_for_function("() => document.querySelectorAll('#log li').length > 0")
    log = "\n".join(seat.locator("#log li").all_inner_texts())
    assert "Anna (Player 0)" in log and not ENGINE_SEAT.findall(log), log
    assert not seat.errors, seat.errors
