"""The accessibility checker axe-core (tests/vendor/axe.min.js, v4.12, MPL-2.0, as shipped inside
the axe-playwright-python package) over each game's table, in real headless Chromium (issue 16).

axe runs in the page through the DevTools protocol (page.evaluate), which a strict
Content-Security-Policy does not block, so the pages are checked exactly as they are served."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.server.browser_helpers import open_page
from tests.server.conftest import ServerProcess
from tests.server.test_browser import SNAP, browser
from tests.server.test_browser_layout import GAMES

__all__ = ["browser"]

AXE = Path(__file__).resolve().parents[1] / "vendor" / "axe.min.js"

# What axe checks here: names and roles (every button, link, image and form field has an accessible
# name; ARIA used as allowed), page structure and language.
RULES = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag21a"]}, "resultTypes": ["violations"]}


def axe_violations(page: Any) -> list[dict[str, Any]]:
    page.evaluate(AXE.read_text())
    found: list[dict[str, Any]] = page.evaluate(f"async () => (await axe.run(document, {RULES!r})).violations"
                                               .replace("True", "true"))  # fmt: skip
    return found


@pytest.mark.parametrize("game_id", list(GAMES))
def test_axe_finds_no_violation_at_the_table(browser: Any, serve: Any, game_id: str) -> None:
    server: ServerProcess = serve(ai_delay_ms=0)
    body, _ = GAMES[game_id]
    created = server.post("/api/tables", {**body, "ai_delay_ms": 0})
    page = open_page(browser)
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_function(f"() => {SNAP} && {SNAP}.you.includes({SNAP}.current_player)", timeout=30000)
    page.wait_for_timeout(300)
    violations = axe_violations(page)
    summary = [(v["id"], v["impact"], len(v["nodes"]), v["nodes"][0]["target"]) for v in violations]
    assert not violations, summary


def test_axe_finds_no_violation_in_the_lobby_and_the_replay(browser: Any, serve: Any) -> None:
    server: ServerProcess = serve(ai_delay_ms=0)
    body, _ = GAMES["memoir44"]
    created = server.post("/api/tables", {**body, "seats": ["random", "random"], "ai_delay_ms": 0})
    page = open_page(browser)
    page.goto(server.base + "/")
    page.wait_for_selector(".game-card")
    lobby = axe_violations(page)
    page.goto(server.base + f"/replay/{created['id']}")
    page.wait_for_selector("#replay-counter")
    page.wait_for_timeout(300)
    replay = axe_violations(page)
    summary = [(v["id"], v["impact"], len(v["nodes"]), v["nodes"][0]["target"]) for v in lobby + replay]
    assert not lobby + replay, summary
