"""Night Encounter's unit markers in real headless Chromium (dust_warfare.md DW-BTL-06, DW-NE-02,
DW-NE-14, DW-BTL-09, §4.2): a person's page at a two-person table draws every placed marker with
its id; which unit stands behind a marker is in no element of the page and in no websocket frame
the page receives (nobody knows it, the owner included); clicking `reveal` at the marker's
activation draws the unit in the marker's place and every frame from then on names it.

The setup (terrain, the deployment roll, the arrival edge, the markers) and the other seat's
moves go through the HTTP API; the page's own seat reveals by a click. The secret mapping is read
from the same game replayed locally (same seed, same moves): the server never says it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

import warroom
from tests.server.conftest import ServerProcess
from tests.server.test_browser import (
    OpaqueOptions,
    browser,  # noqa: F401  (the module-scoped fixture)
    click_and_wait,
    wait_my_move,
)
from tests.server.test_browser_dust import new_page
from warroom.games.dust_warfare.rules import hidden

pytestmark = pytest.mark.skipif("dust_warfare" not in warroom.games(), reason="not registered")

SEED = 9
PLIES = 120  # enough for the setup and the first Unit phase's activations


def views(frames: list[str]) -> Iterator[dict[str, Any]]:
    """Every Dust view inside the frames (any dict holding both `units` and `markers`)."""

    def walk(node: Any) -> Iterator[dict[str, Any]]:
        if isinstance(node, dict):
            if "units" in node and "markers" in node:
                yield node
            for value in node.values():
                yield from walk(value)
        elif isinstance(node, list):
            for value in node:
                yield from walk(value)

    for frame in frames:
        yield from walk(json.loads(frame))


def assert_unlinked(view: dict[str, Any], u: int, marker: str) -> None:
    """Nothing in a view ties hidden unit u to its marker: the marker names no unit, and the
    unit's card is `hidden` (`pending` before the deal), with no miniature position and no marker
    id."""
    for entry in (m for m in view["markers"] if m["id"] == marker):
        assert entry["unit"] is None and not entry["revealed"], entry
    unit = next(x for x in view["units"] if x["id"] == u)
    assert unit["status"] in ("hidden", "pending"), unit
    assert all(m["x"] is None and m["y"] is None for m in unit["models"]), unit
    assert marker not in json.dumps(unit), unit


def test_night_markers_are_drawn_their_units_secret_until_a_reveal(browser: Any, serve: Any) -> None:  # noqa: F811
    server: ServerProcess = serve(ai_delay_ms=0)
    body = {
        "game": "dust_warfare",
        "options": {"scenario": "night_encounter"},
        "seats": ["human", "human"],
        "seed": SEED,
        "ai_delay_ms": 0,
    }
    created = server.post("/api/tables", body)
    table, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    page = new_page(browser)
    recorder = OpaqueOptions(page)  # records every frame the page receives ...
    recorder.hidden = False  # ... and passes the options through unchanged
    page.goto(server.base + created["seats"][0]["link"])
    local = warroom.load("dust_warfare", scenario="night_encounter").new_initial_state(SEED)

    # both seats keep every marker hidden (the page's seat through the API too) until the page's
    # seat activates a marker of its own in the Unit phase
    marker = None
    for _ in range(PLIES):
        doc = server.get(f"/api/tables/{table}?token={tokens[local.current_player()]}")
        decision = doc["view"]["decision"]
        if decision["kind"] == "conceal" and decision.get("marker") and local.current_player() == 0:
            marker = decision["marker"]
            break
        texts = [o["text"] for o in doc["legal"]]
        action = "hide" if "hide" in texts else texts[0]
        server.post(
            f"/api/tables/{table}/actions", {"token": tokens[local.current_player()], "action": action}
        )
        local.apply_action(action)
    assert marker is not None, "the Allies never activated a marker"
    assert doc["view"] == local.view(0)  # the local replay is the server's game
    u = local.mapping[hidden.find_marker(local, marker)]

    # the page: every placed marker drawn with its id, the active one among them
    page_doc = wait_my_move(page)
    assert page_doc["view"]["decision"]["kind"] == "conceal"
    placed = [m["id"] for m in page_doc["view"]["markers"] if m["x"] is not None and not m["revealed"]]
    drawn = page.locator(".dw-board .unit-markers .unit-marker")
    assert drawn.count() == len(placed) == 10
    assert sorted(drawn.evaluate_all("els => els.map((e) => e.dataset.marker)")) == sorted(placed)
    assert page.locator(f'.dw-board .unit-marker[data-marker="{marker}"]').count() == 1
    # ... and the hidden unit's identity nowhere: no drawn unit, no frame linking it
    assert page.locator(f'.dw-board .unit[data-unit="{u}"]').count() == 0
    frames_before = list(recorder.frames)
    seen = list(views(frames_before))
    assert seen, "no view reached the page"
    for view in seen:
        assert_unlinked(view, u, marker)
    drawn_marker = page.locator(f'.dw-board .unit-marker[data-marker="{marker}"]')
    assert "data-unit" not in drawn_marker.evaluate("e => e.outerHTML")
    assert drawn_marker.evaluate("e => e.textContent").strip() == marker
    listed = page.locator(f'.dw-units button[data-unit="{u}"]')
    assert listed.count() == 0 or marker not in listed.inner_text()

    # a click on `reveal`: the marker goes, the unit stands in its place (DW-BTL-09)
    page.locator("details.options").evaluate("d => { d.open = true; }")
    click_and_wait(page, page.locator('.option-list button[data-action="reveal"]'))
    page.wait_for_selector(f'.dw-board .unit[data-unit="{u}"]')
    assert page.locator(f'.dw-board .unit-marker[data-marker="{marker}"]').count() == 0
    after = list(views(recorder.frames[len(frames_before) :]))
    assert after and all(next(m for m in v["markers"] if m["id"] == marker)["unit"] == u for v in after)
    assert not page.errors, page.errors
