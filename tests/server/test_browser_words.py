"""Words a person reads at the table (issue 16), in real headless Chromium: seats named by side,
the option list in box names (no internal ids), the Memoir '44 briefing open at the start, its
objectives explained on hover, and hex coordinates on the board behind a setting."""

from __future__ import annotations

import re
from typing import Any

import warroom
from tests.server.browser_helpers import open_page
from tests.server.conftest import ServerProcess
from tests.server.test_browser import browser, pegasus_bridge_table, wait_my_move

__all__ = ["browser"]

# an internal id: snake_case card kinds (red_tank), WoT card labels (GE-21), Siege token refs (t25)
SAID_TWICE = re.compile(r"(\w+) — \1\b")  # the verb, then the label starting with it again
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[A-Z]{2}-\d\d\b|\bt\d+\b|\bp\db\d\b")


def test_memoir44_sides_briefing_objectives_and_coordinates(browser: Any, serve: Any) -> None:
    server: ServerProcess = serve(ai_delay_ms=40)
    created = pegasus_bridge_table(server, ["heuristic", "human"], seed=3)
    catalog = warroom.load("memoir44", scenario="pegasus-bridge").catalog()["scenario"]
    page = open_page(browser)
    page.goto(server.base + created["seats"][1]["link"])
    page.wait_for_selector(".m44-board .unit")
    # the seat is named by its side
    assert "You are the Axis" in page.inner_text("#turn-banner")
    # the briefing is open at the start, from the catalog and the view
    briefing = page.locator("details#briefing[open]")
    briefing.wait_for()
    text = briefing.inner_text()
    assert catalog["name"] in text and catalog["notes"][:60] in text
    for head in ("Victory", "Command cards", "Objectives", "On the map"):
        assert head in text
    # an objective by its place in the log's words (M44-MEDAL-03), no coordinate while none is shown
    assert "need 4 medals" in text
    assert "the Allies hold a medal while a unit of theirs occupies the bridge on the Allied left flank" in (
        text
    )
    # each objective marker explains itself on hover, in the same words
    titles = page.locator(".m44-board .objective title").all_text_contents()
    assert len(titles) == 2 and all(t.startswith("Objective: the Allies") for t in titles)
    assert any("the bridge on the Allied right flank" in t for t in titles), titles
    assert not any(re.search(r"R\d+C\d+", t) for t in [text, *titles]), (text, titles)
    # coordinates: hidden until asked for, then drawn on every hex, and remembered
    coords = page.locator(".m44-board .coords text")
    assert coords.count() == 113 and not coords.first.is_visible()
    page.check("#set-coords")
    assert coords.first.is_visible()
    page.reload()
    page.wait_for_selector(".m44-board .unit")
    assert page.locator(".m44-board .coords text").first.is_visible()
    # the option list reads in words: no card ids, and hexes by their coordinates only while the
    # board shows them (the setting is on here); a unit is named by its place on the board
    wait_my_move(page, seat=1)
    for label in option_labels(page):
        assert not INTERNAL.search(label), label
    page.uncheck("#set-coords")
    for _ in range(12):  # the Axis play a card, then their order, move and battle steps name units
        doc = wait_my_move(page, seat=1)
        if doc["finished"]:
            break
        seen = page.evaluate(LIST_AND_LEGAL)
        assert len(seen["labels"]) == len(seen["legal"]) == len(set(seen["labels"]))  # all read apart
        assert not any(COORDINATES.search(label) for label in seen["labels"]), seen["labels"]
        assert not any(COORDINATES.search(title or "") for title in seen["titles"]), seen["titles"]
        with_hexes = [i for i, a in enumerate(seen["legal"]) if any(p["kind"] == "hex" for p in a["parts"])]
        if with_hexes:
            assert any(" in the " in seen["labels"][i] or " on the " in seen["labels"][i] for i in with_hexes)
            page.check("#set-coords")  # the same list, each option followed by its hexes
            shown = page.evaluate(LIST_AND_LEGAL)
            for i in with_hexes:
                hexes = [p["value"] for p in shown["legal"][i]["parts"] if p["kind"] == "hex"]
                words = shown["labels"][i].split(" — ")[1]  # verb — words (hexes) — consequence
                assert words.endswith(f"({' → '.join(hexes)})"), shown["labels"][i]
            break
        page.evaluate("window.warroomTable.socket.act(window.warroomTable.snapshot.legal[0].text, "
                      "window.warroomTable.snapshot.ply)")  # fmt: skip
        page.wait_for_function(f"() => window.warroomTable.snapshot.ply > {doc['ply']}")
    else:
        raise AssertionError("no option naming a unit came to the Axis")
    assert not page.errors, page.errors


COORDINATES = re.compile(r"\bR\dC\d{1,2}\b")
# the option list, its buttons' tooltips and the options it lists, read in one go (an AI's reply
# or a forced step may change the table between two reads)
LIST_AND_LEGAL = """() => { document.querySelector('details.options').open = true;
  const buttons = [...document.querySelectorAll('.option-list button')];
  return { labels: buttons.map((b) => b.innerText), titles: buttons.map((b) => b.getAttribute('title')),
           legal: window.warroomTable.snapshot.legal }; }"""


def option_labels(page: Any) -> list[str]:
    labels: list[str] = page.evaluate(LIST_AND_LEGAL)["labels"]
    return labels


def test_siege_and_wot_rush_options_read_in_box_names(browser: Any, serve: Any) -> None:
    server: ServerProcess = serve(ai_delay_ms=0)
    tables = [
        {"game": "siege", "options": {"players": 2}, "seats": ["human", "heuristic"], "seed": 7},
        {"game": "wot_rush", "options": {"players": 2, "first_player": 0}, "seats": ["human", "heuristic"],
         "seed": 0},
    ]  # fmt: skip
    page = open_page(browser)
    for body in tables:
        created = server.post("/api/tables", {**body, "ai_delay_ms": 0})
        page.goto(server.base + created["seats"][0]["link"])
        for _ in range(6):  # a few decisions, each listed in words
            doc = wait_my_move(page)
            if doc["finished"]:
                break
            # the list and the options it lists read in one go: a forced step (taken for the
            # player after a moment) or an AI's reply may change the table between two reads
            seen = page.evaluate(
                "() => { document.querySelector('details.options').open = true; return {"
                " labels: [...document.querySelectorAll('.option-list button')].map((b) => b.innerText),"
                " legal: window.warroomTable.snapshot.legal.length }; }"
            )
            labels = seen["labels"]
            assert len(labels) == seen["legal"]
            for label in labels:
                assert not INTERNAL.search(label), (body["game"], label)
                assert not SAID_TWICE.match(label), (body["game"], label)  # "end — end Phase II ..."
            ply = doc["ply"]
            page.evaluate("window.warroomTable.socket.act(window.warroomTable.snapshot.legal[0].text, "
                          "window.warroomTable.snapshot.ply)")  # fmt: skip
            page.wait_for_function(f"() => window.warroomTable.snapshot.ply > {ply}")
    assert not page.errors, page.errors


def test_siege_sectors_differ_by_more_than_colour(browser: Any, serve: Any) -> None:
    """Red and green sectors carry stripes and dots (blue plain) and their badges differ in shape,
    for players who cannot tell red from green."""
    server: ServerProcess = serve(ai_delay_ms=0)
    body = {"game": "siege", "options": {"players": 1}, "seats": ["human"], "seed": 1}
    created = server.post("/api/tables", body)
    page = open_page(browser)
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_selector(".siege-board")
    fills = page.locator(".siege-board .texture").evaluate_all("ns => ns.map((n) => n.getAttribute('fill'))")
    assert sorted(set(fills)) == ["url(#sg-dots)", "url(#sg-stripes)"] and len(fills) == 16
    shapes = page.locator(".siege-board .sector-badge").evaluate_all(
        "ns => ns.map((n) => [n.classList[1], n.firstElementChild.tagName])"
    )
    assert sorted(set(map(tuple, shapes))) == [("blue", "path"), ("green", "circle"), ("red", "rect")]
