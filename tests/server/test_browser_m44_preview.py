"""Memoir '44 at the table (issue 16), in real headless Chromium: the move preview marks each
destination of the picked unit by whether it may still battle this turn (crossed swords, or a hatch
with the swords struck through, with a legend and accessible names), from the move options'
consequences alone (the options reach the page opaque); every command card reads in full on hover."""

from __future__ import annotations

from typing import Any

import warroom
from tests.server.conftest import ServerProcess
from tests.server.test_browser import (
    OpaqueOptions,
    browser,
    click_and_wait,
    m44_hex,
    new_page,
    pegasus_bridge_table,
    wait_my_move,
)

__all__ = ["browser"]

# the page's state and the board read at one moment (an AI seat never moves in between: it is the
# person's turn, but one read keeps it so under any load)
READ = """() => {
  const s = window.warroomTable.snapshot;
  const hexes = [...document.querySelectorAll('.m44-board .hex-hit.reach')].map((n) => ({
    hex: n.dataset.hex, cls: [...n.classList], label: n.getAttribute('aria-label'),
    title: n.querySelector('title').textContent }));
  const legend = document.querySelector('.m44-board .preview-legend .legend');
  const box = legend && legend.getBoundingClientRect();
  const board = document.querySelector('.m44-board').getBoundingClientRect();
  return {
    legal: s.legal, hexes,
    marks: { battle: document.querySelectorAll('.m44-board .tints .preview-mark.battle').length,
             none: document.querySelectorAll('.m44-board .tints .preview-mark.no-battle').length,
             hatch: document.querySelectorAll('.m44-board .tints .no-battle-hatch').length },
    legend: legend ? legend.textContent : null,
    legendShown: Boolean(legend) && [...legend.querySelectorAll('text')]
      .every((t) => getComputedStyle(t).display !== 'none' && t.getBoundingClientRect().height >= 12),
    legendInside: Boolean(box && box.left >= board.left && box.right <= board.right
                          && box.bottom <= board.bottom),
    cards: [...document.querySelectorAll('.m44-hands .m44-card')]
      .map((n) => [n.dataset.kind, n.title, n.dataset.read]),
  };
}"""


def test_memoir44_move_preview_and_card_texts(browser: Any, serve: Any) -> None:
    server: ServerProcess = serve(ai_delay_ms=40)
    created = pegasus_bridge_table(server, ["human", "heuristic"], seed=1)
    catalog = warroom.load("memoir44", scenario="pegasus-bridge").catalog()["cards"]
    page = new_page(browser)
    opaque = OpaqueOptions(page)  # the preview is drawn from the options' parts and consequences
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_selector(".m44-board")
    wait_my_move(page)
    click_and_wait(page, page.locator('.m44-side.mine .m44-card.target[data-kind="assault_left"]'))
    for hex_name in ("R7C4", "R6C3"):
        click_and_wait(page, m44_hex(page, hex_name))
    click_and_wait(page, page.locator('.decision .row button[data-action="done"]'))
    assert wait_my_move(page)["view"]["decision"]["kind"] == "move"
    m44_hex(page, "R7C4").click()
    page.wait_for_selector('.m44-board .hex-hit.reach[data-hex="R6C4"]')
    doc = page.evaluate(READ)
    moves = {
        a["parts"][1]["value"]: a["consequence"]["may_battle"]
        for a in doc["legal"]
        if a["verb"] == "move" and a["parts"][0]["value"] == "R7C4"
    }
    assert all(opaque.texts[a["text"]].startswith("move ") for a in doc["legal"] if a["verb"] == "move")
    # infantry: one hex and it may battle, two and it may not (M44-UNIT-01): both kinds are shown
    assert set(moves.values()) == {True, False}, moves
    shown = {h["hex"]: h for h in doc["hexes"]}
    assert set(shown) == set(moves)
    for hex_name, battles in moves.items():
        h = shown[hex_name]
        assert ("may-battle" in h["cls"]) is battles and ("no-battle" in h["cls"]) is not battles, h
        words = "may still battle this turn" if battles else "no battle this turn"
        assert words in h["label"] and h["label"] == h["title"], h
        assert h["label"].startswith(f"Move to {hex_name}"), h
    yes = sum(moves.values())
    assert doc["marks"] == {"battle": yes, "none": len(moves) - yes, "hatch": len(moves) - yes}
    assert doc["legend"] and "may battle" in doc["legend"] and "no battle" in doc["legend"]
    assert doc["legendInside"] and doc["legendShown"]
    # every card in the hand reads in full on hover, as printed in the catalog
    assert doc["cards"]
    for kind, title, read in doc["cards"]:
        assert title == read == f"{catalog[kind]['name']}: {catalog[kind]['text']}", kind
    opaque.shot("memoir44-move-preview")
    # the preview is gone once the unit has moved
    click_and_wait(page, m44_hex(page, "R6C4"))
    wait_my_move(page)
    assert page.locator(".m44-board .preview-legend .legend").count() == 0
    assert not page.errors, page.errors
