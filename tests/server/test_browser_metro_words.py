"""Metro 2033's table in the box's words, in real headless Chromium (issue 12, "what a player sees
is the product"): the log and the ticker name seats as the banner does (the faction a seat
drafted, with the person's chosen name; "Player N" before the draft), stations, cards and
resources by name; the option list speaks no engine id or snake_case word."""

from __future__ import annotations

import re
from typing import Any

from tests.server.browser_helpers import open_page
from tests.server.test_browser import browser  # noqa: F401  (fixture)
from tests.server.test_browser_metro2033 import my_turn, take_a_turn
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.content import default_content
from warroom.games.metro2033.words import Faction

FACTIONS = {f.value: default_content().factions[f].name for f in Faction}
STATION_IDS = frozenset(BOARD.ids)
ENGINE = re.compile(r"\bplayer \d|\b(?:EQ|Q|BC|T1|T2|L)-[A-Z]+\b|\b[a-z]+_[a-z_]+\b|\bc05\b|\b\d+[MPA]\b")


def engine_words(text: str) -> list[str]:
    """The engine's words in what the page shows: seat numbers in place of names, card ids,
    snake_case kinds, station ids, resource letters after an amount."""
    found = [m.group(0) for m in ENGINE.finditer(text)]
    return found + [w for w in re.findall(r"\b[A-Z][A-Z0-9]{1,4}\b", text) if w in STATION_IDS]


def test_metro2033_log_ticker_and_options_name_factions_players_and_stations(
    browser: Any,  # noqa: F811
    serve: Any,
) -> None:
    server = serve()
    created = server.post(
        "/api/tables",
        {"game": "metro2033", "options": {"players": 3}, "seats": ["human", "heuristic", "heuristic"],
         "names": ["Anna"], "seed": 3, "ai_delay_ms": 0},
    )  # fmt: skip
    page = open_page(browser)
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_selector(".m33-map")
    options_read: list[str] = []
    for _ in range(60):
        doc = my_turn(page)
        if doc["finished"] or doc["view"]["round"] >= 2:
            break
        for words in page.locator(".option-list button").all_inner_texts():
            assert not engine_words(words), words
            options_read.append(words)
        take_a_turn(page)
    view = doc["view"]
    assert view["round"] >= 1, "the draft did not end"
    mine, others = view["seats"][0]["faction"], [s["faction"] for s in view["seats"][1:]]
    log = page.locator("#log li").all_inner_texts()
    text = "\n".join(log)
    assert not engine_words(text), engine_words(text)
    # a person's seat by name and faction, an AI's by its faction, as the banner names them
    assert f"Anna (the {FACTIONS[mine]})" in text
    for f in others:
        assert re.search(rf"\bthe {FACTIONS[f]}\b", text, re.IGNORECASE), (f, text)
    assert "Player 1 (AI heuristic) leads" in text  # the draft's own line: before a faction
    assert "s's " not in text  # "the Bandits' hero"
    assert f"You are Anna (the {FACTIONS[mine]})" in page.locator("#turn-banner").inner_text()
    ticker = page.locator("#ticker").inner_text()
    assert not engine_words(ticker), ticker
    assert len(options_read) > 20, options_read
    # the review's case: upkeep options say the strength kept and the pigs paid
    assert any(re.fullmatch(r"upkeep — keep strength \d, paying (nothing|\d pigs?)", w) for w in options_read)
    assert not page.errors, page.errors
