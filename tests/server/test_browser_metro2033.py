"""Metro 2033 in real headless Chromium: the SVG metro map drawn from the board data alone, and
(once the game is registered) a 3-player table played by clicking, with no secret of another seat
on the page or in any websocket frame. Screenshots: docs/screenshots/metro2033-*.png."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.server.test_browser import browser, new_page, shot  # noqa: F401  (the module's fixture)
from warroom.games.metro2033.content import default_content
from warroom.games.metro2033.render import LINE_COLOURS, catalog

CONTENT = default_content()
BOARD = CONTENT.board


def draw(page: Any, marks: str = "{}") -> None:
    """Load the renderer module in the served page and draw the map with `marks` (a JS object
    literal; `inPlay` given as a list becomes a Set)."""
    page.evaluate(
        """async ([cat, marks]) => {
             const m = await import('/static/renderers/metro2033.js');
             m.default.useCatalog(cat);
             if (marks.inPlay) marks.inPlay = new Set(marks.inPlay);
             const clicks = [];
             window.m33clicks = clicks;
             const ui = { clickable: new Set(marks.clickable || []), selected: new Set(),
                          onHandle: (h) => clicks.push(h) };
             document.body.replaceChildren(m.drawMap(cat.board, marks, ui));
             document.body.style.background = '#14171a';
           }""",
        [catalog(CONTENT), json.loads(marks)],
    )


def test_the_map_is_drawn_from_the_board_data_alone(browser: Any, serve: Any) -> None:  # noqa: F811
    """Every station at its schematic place with its kind, home ring and resource; every tunnel in
    its line's colour (the 13 Hanza tunnels thick), every transfer (§2.10.2, §2.10.3)."""
    server = serve()
    page = new_page(browser)
    page.set_viewport_size({"width": 1000, "height": 960})
    page.goto(server.base + "/")
    draw(page)
    assert page.locator(".m33-station").count() == len(BOARD.stations) == 78
    for kind, n in (("polis", 4), ("hanza", 13), ("abandoned", 7), ("capturable", 54)):
        assert page.locator(f".m33-station.k-{kind}").count() == n, kind
    assert page.locator(".m33-home").count() == 18  # 3 homes x 6 factions (M33-MAP-11)
    assert page.locator(".m33-tunnel").count() == 69
    assert page.locator(".m33-tunnel.hanza").count() == 13  # M33-MAP-12
    assert page.locator(".m33-transfer").count() == 42
    # the L1 tunnel KRS-KOM in the red of line 1, drawn between the two stations' positions
    first = page.locator('.m33-tunnel[data-a="KRS"][data-b="KOM"]')
    assert first.get_attribute("stroke") == LINE_COLOURS["L1"]
    krs = next(s for s in BOARD.stations if s.id == "KRS")
    assert float(first.get_attribute("x1")) == pytest.approx(krs.x * 10)
    assert float(first.get_attribute("y1")) == pytest.approx(krs.y * 10)
    okh = page.locator('.m33-station[data-station="OKH"]')
    assert "Okhotny Ryad" in okh.locator("title").text_content()
    assert "home of Red Line" in okh.locator("title").text_content()
    assert not page.errors, page.errors


def test_owners_heroes_zones_in_play_and_clicks(browser: Any, serve: Any) -> None:  # noqa: F811
    """Owned stations in their owner's colour, hero figures where they stand, zones out of play
    faded and never clickable (M33-MAP-04); a click on a highlighted station or hero reports its
    handle."""
    server = serve()
    page = new_page(browser)
    page.set_viewport_size({"width": 1000, "height": 960})
    page.goto(server.base + "/")
    in_play = sorted(s.id for s in BOARD.stations if s.zone.value in ("RL", "RE", "BN", "POLIS"))
    khan = {"seat": 1, "hero": "KHN", "faction": "RE"}
    anna = {"seat": 2, "hero": "ANN", "faction": "BN", "wounded": True}
    marks = {
        "inPlay": in_play,
        "owner": {"OKH": 0, "TEA": 0, "PLR": 0, "TVE": 1, "PUS": 1, "CHE": 1, "NOV": 2, "BOR": 1},
        "heroes": {"OKH": [{"seat": 0, "hero": "ART", "faction": "RL"}], "HKOM": [khan, anna]},
        "clickable": ["station:LUB", "station:BAR", "hero:RE"],
    }
    draw(page, json.dumps(marks))
    assert page.locator(".m33-station.out").count() == 78 - len(in_play) == 38
    assert page.locator(".m33-station.owned").count() == 8
    assert page.locator('.m33-station[data-station="BOR"]').get_attribute("data-owner") == "1"
    assert page.locator(".m33-hero").count() == 3
    assert page.locator(".m33-hero.wounded").count() == 1
    # BAR is out of play (C05's zone): never a target even if asked
    assert page.locator(".m33-station.target").count() == 1
    page.locator('.m33-station[data-station="LUB"]').click()
    page.locator(".m33-hero.target").click()
    assert page.evaluate("window.m33clicks") == ["station:LUB", "hero:RE"]
    shot(page, "metro2033-map")
    assert not page.errors, page.errors
