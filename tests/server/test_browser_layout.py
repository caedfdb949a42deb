"""The table's layout on the screens players use (issue 16), in real headless Chromium.

For Siege, Memoir '44 and World of Tanks: Rush at 1280x800, 1440x900 and on a phone (390x844),
after a move has been made (so the news of the last move is showing): the board, your hand and
the current prompt are all inside the window without scrolling, nothing lies over the board, the
page never scrolls sideways, and on a desktop screen the page does not scroll at all. A screenshot
of each lands in docs/screenshots/<game>-<width>x<height>.png (README, "Web table").
"""

from __future__ import annotations

import io
from typing import Any

import pytest

from tests.server.browser_helpers import finished_ai_game, open_page, open_seat, play_option, wait_my_move
from tests.server.conftest import ServerProcess
from tests.server.test_browser import SHOTS, browser

__all__ = ["browser"]  # the fixture, shared with the other browser tests

SCREENS = [(1280, 800), (1440, 900), (390, 844)]

# each game's table: what to create, and where a seat's own hand is drawn
GAMES: dict[str, tuple[dict[str, Any], str]] = {
    "siege": (
        {"game": "siege", "options": {"players": 3}, "seats": ["human", "heuristic", "heuristic"], "seed": 7},
        ".player.mine .cards",
    ),
    "memoir44": (
        {"game": "memoir44", "options": {"scenario": "pegasus-bridge"}, "seats": ["human", "heuristic"],
         "seed": 1},
        ".m44-side.mine .cards",
    ),
    "wot_rush": (
        {"game": "wot_rush", "options": {"players": 2, "first_player": 0}, "seats": ["human", "heuristic"],
         "seed": 0},
        ".wot-seat.mine .wot-hand",
    ),
}  # fmt: skip

# Everything of the page that is not the board; none of it may overlap the board's box.
AROUND_THE_BOARD = [
    ".topbar",
    "#turn-banner",
    "#hands",
    "#decision",
    "#ticker",
    "#log-panel",
    "#toasts .toast",
]

MEASURE = """([hand]) => {
  const box = (sel) => { const n = document.querySelector(sel); if (!n) return null;
    const r = n.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; };
  const board = document.getElementById('board-wrap').getBoundingClientRect();
  // every point of a grid over the board: the element on top there must belong to the board
  const covered = [];
  for (let i = 1; i < 12; i++) for (let j = 1; j < 12; j++) {
    const x = board.x + board.width * i / 12, y = board.y + board.height * j / 12;
    if (x >= innerWidth || y >= innerHeight) continue;
    const top = document.elementFromPoint(x, y);
    const wrap = document.getElementById('board-wrap');
    if (top && !wrap.contains(top)) covered.push([x, y, top.id || top.className]);
  }
  return { board: box('#board-wrap'), hand: box(hand), card: box(hand + ' > *'), prompt: box('#decision h3'),
    covered, scrollW: document.documentElement.scrollWidth, scrollH: document.documentElement.scrollHeight,
    W: innerWidth, H: innerHeight };
}"""


def inside(rect: dict[str, float] | None, width: int, height: int) -> bool:
    """The whole box lies in the window (a pixel of rounding allowed)."""
    assert rect is not None
    return (rect["x"] >= -1 and rect["y"] >= -1 and rect["x"] + rect["w"] <= width + 1
            and rect["y"] + rect["h"] <= height + 1 and rect["w"] > 0 and rect["h"] > 0)  # fmt: skip


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"]) > 1
            and min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"]) > 1)  # fmt: skip


def viewport_shot(page: Any, name: str) -> None:
    """What the window shows (not the full page): a small palette PNG."""
    from PIL import Image

    SHOTS.mkdir(parents=True, exist_ok=True)
    image = Image.open(io.BytesIO(page.screenshot(full_page=False))).convert("RGB")
    image.quantize(colors=160, method=Image.Quantize.MEDIANCUT).save(SHOTS / f"{name}.png", optimize=True)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_board_hand_and_prompt_fit_the_screen_and_nothing_covers_the_board(
    browser: Any, serve: Any, game_id: str
) -> None:
    server: ServerProcess = serve(ai_delay_ms=0)
    body, hand = GAMES[game_id]
    created = server.post("/api/tables", {**body, "ai_delay_ms": 0})
    link = server.base + created["seats"][0]["link"]
    for width, height in SCREENS:
        page = open_seat(browser, link, width, height)
        for _ in range(8):  # moves (the first legal one) until the news of a move shows beside the board
            if width != SCREENS[0][0] or page.locator(".tick").count():
                break
            play_option(page)
            wait_my_move(page)
        page.wait_for_timeout(400)  # the board's transitions settle
        m = page.evaluate(MEASURE, [hand])
        where = f"{game_id} at {width}x{height}"
        viewport_shot(page, f"{game_id}-{width}x{height}")
        assert m["scrollW"] <= width, f"{where}: the page scrolls sideways ({m['scrollW']} px)"
        if width >= 800:
            assert m["scrollH"] <= height, f"{where}: the page scrolls ({m['scrollH']} px)"
        for name in ("board", "hand", "card", "prompt"):
            assert inside(m[name], width, height), f"{where}: the {name} is not in the window: {m[name]}"
        assert not m["covered"], f"{where}: something lies over the board: {m['covered'][:5]}"
        for selector in AROUND_THE_BOARD:
            for rect in page.locator(selector).evaluate_all(
                "ns => ns.map((n) => { const r = n.getBoundingClientRect();"
                " return { x: r.x, y: r.y, w: r.width, h: r.height }; })"
            ):
                assert not overlap(rect, m["board"]), f"{where}: {selector} overlaps the board"
        assert page.locator(".tick").count() or width != SCREENS[0][0], f"{where}: no news of the last move"
        assert not page.errors, page.errors
        page.context.close()


def test_the_replay_fits_the_screen_and_steps_with_the_arrow_keys(browser: Any, serve: Any) -> None:
    server: ServerProcess = serve(ai_delay_ms=0)
    table_id = finished_ai_game(server)
    page = open_page(browser)
    page.goto(server.base + f"/replay/{table_id}")
    counter = page.locator("#replay-counter")

    def at(ply: int) -> None:
        script = f"() => /^move {ply} /.test(document.getElementById('replay-counter').innerText)"
        page.wait_for_function(script)

    at(0)
    total = int(counter.inner_text().split(" of ")[1])
    assert total > 2
    for key, ply in (("ArrowRight", 1), ("ArrowRight", 2), ("ArrowLeft", 1)):
        page.keyboard.press(key)
        at(ply)
    page.keyboard.press("End")
    at(total)
    page.keyboard.press("Home")
    at(0)
    board = page.locator("#board-wrap").bounding_box()
    assert board is not None
    assert inside({"x": board["x"], "y": board["y"], "w": board["width"], "h": board["height"]}, 1280, 800)
    assert page.evaluate("document.documentElement.scrollHeight") <= 800
    assert not page.errors, page.errors
    page.context.close()
