"""No text under 12 px (issue 16), in real headless Chromium: every text node a person can see on
each game's table, in the lobby and in the replay, at 1280x800 and on a phone (390x844).

The size measured is the size drawn on the screen: an HTML text's computed font size times any
CSS zoom above it; an SVG text's computed font size (in the board's units) times the board's
scale on the screen (its screen transformation matrix). Text that is not displayed (hidden, a
closed <details>, the shell's `.illegible` for board text too small to grow) is not seen and not
measured; the tooltips' <title> and a <select>'s options are drawn by the browser, not the page.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.browser_helpers import open_seat
from tests.server.conftest import ServerProcess
from tests.server.test_browser import SNAP, browser
from tests.server.test_browser_layout import GAMES as LAYOUT_GAMES

__all__ = ["browser"]

SCREENS = [(1280, 800), (390, 844)]
MIN_PX = 12

GAMES: dict[str, dict[str, Any]] = {name: body for name, (body, _) in LAYOUT_GAMES.items()}
GAMES["metro2033"] = {
    "game": "metro2033", "options": {"players": 3}, "seats": ["human", "heuristic", "heuristic"], "seed": 1,
}  # fmt: skip
GAMES["dust_warfare"] = {"game": "dust_warfare", "seats": ["human", "heuristic"], "seed": 3}
SVG_BOARDS = {"siege", "memoir44", "metro2033", "dust_warfare"}  # boards drawn in SVG, with text on them

# One pass over the page: every visible text node, its drawn size, the ones under the minimum.
TEXT_SIZES = """(min) => {
  const small = [];
  let measured = 0, svgShown = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const host = node.parentElement;
    if (!text || !host || host.closest('title, desc, style, script, option')) continue;
    if (!host.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const box = host.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    let px = parseFloat(getComputedStyle(host).fontSize);
    if (host instanceof SVGElement) {
      const m = host.getScreenCTM();
      if (m) px *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
      svgShown++;
    } else {
      for (let e = host; e; e = e.parentElement) px *= parseFloat(getComputedStyle(e).zoom) || 1;
    }
    measured++;
    if (px < min - 0.05) small.push([Math.round(px * 10) / 10, text.slice(0, 40),
      host.id || host.getAttribute('class') || host.tagName]);
  }
  return { small, measured, svgShown };
}"""


def context_for(browser: Any, width: int, height: int) -> Any:
    phone = width < 800
    return browser.new_context(viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone)


def check(page: Any, where: str) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(TEXT_SIZES, MIN_PX)
    assert found["measured"] >= 10, f"{where}: only {found['measured']} text nodes seen: the walk is broken"
    assert not found["small"], f"{where}: text under {MIN_PX} px: {found['small'][:8]}"
    return found


@pytest.mark.parametrize("game_id", list(GAMES))
def test_no_text_under_12_px_at_the_table(browser: Any, serve: Any, game_id: str) -> None:
    server: ServerProcess = serve(ai_delay_ms=0)
    created = server.post("/api/tables", {**GAMES[game_id], "ai_delay_ms": 0})
    for width, height in SCREENS:
        context = context_for(browser, width, height)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
        page.goto(server.base + created["seats"][0]["link"])
        page.wait_for_function(f"() => {SNAP} && {SNAP}.you.includes({SNAP}.current_player)", timeout=30000)
        page.wait_for_timeout(400)  # the board's transitions settle
        found = check(page, f"{game_id} at {width}x{height}")
        if game_id in SVG_BOARDS and width >= 800:
            # on a desktop screen the board's own text is drawn (grown to 12 px), not hidden
            assert found["svgShown"] > 0, f"{game_id} at {width}x{height}: no text left on the board"
        assert not errors, errors
        context.close()


def test_no_text_under_12_px_in_the_lobby_and_the_replay(browser: Any, serve: Any) -> None:
    server: ServerProcess = serve(ai_delay_ms=0)
    created = server.post(
        "/api/tables", {**GAMES["memoir44"], "seats": ["random", "random"], "ai_delay_ms": 0}
    )
    for width, height in SCREENS:
        context = context_for(browser, width, height)
        page = context.new_page()
        page.goto(server.base + "/")
        page.wait_for_selector(".game-card")
        check(page, f"the lobby at {width}x{height}")
        page.goto(server.base + f"/replay/{created['id']}")
        page.wait_for_function(
            "() => /^move \\d+ of/.test(document.getElementById('replay-counter')?.innerText)"
        )
        page.wait_for_timeout(300)
        check(page, f"the replay at {width}x{height}")
        context.close()


# Every word of each card's printed name in your hand on one line: a word longer than the card is
# wide is set smaller rather than broken in two ("Thunderb / olt") or cut off at the card's edge.
# (The other seats' small cards may break a word longer than "Sandbags", which they show whole.)
SPLIT_WORDS = """() => {
  const split = [];
  for (const name of document.querySelectorAll('.hands .card-name')) {  // yours and the small ones
    const node = name.firstChild;
    if (!node || node.nodeType !== Node.TEXT_NODE) continue;
    for (const m of node.textContent.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      const card = name.getBoundingClientRect();
      const box = range.getBoundingClientRect();
      if (lines.size > 1 || box.right > card.right + 0.5) split.push(m[0]);
    }
  }
  return { split, names: document.querySelectorAll('.hands .card-name').length };
}"""


def test_card_names_keep_their_words_whole_on_a_desktop_and_a_phone(browser: Any, serve: Any) -> None:
    """Siege's "P-47 Thunderbolt" (in this hand) is the longest word of a printed card name."""
    server: ServerProcess = serve(ai_delay_ms=0)
    body = {"game": "siege", "options": {"players": 2}, "seats": ["human", "heuristic"], "seed": 7}
    created = server.post("/api/tables", {**body, "ai_delay_ms": 0})
    for width, height in SCREENS:
        page = open_seat(browser, server.base + created["seats"][0]["link"], width, height)
        page.wait_for_selector(".hands .card-name")
        seen = page.evaluate(SPLIT_WORDS)
        assert seen["names"] >= 5 and "P-47 Thunderbolt" in page.inner_text(".hands")
        assert not seen["split"], f"at {width}x{height}: words broken or cut: {seen['split']}"
        assert not page.errors, page.errors
        page.context.close()
