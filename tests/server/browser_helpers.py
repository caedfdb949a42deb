"""What the browser tests do again and again, written once: open a page (a desktop window or a phone)
that records the page's script errors, open a seat's invite link and wait for that seat's move,
and play the first legal option. The `browser` fixture and the chromium check stay in
test_browser.py, which every browser test imports for them.

Each wait reads the table's state in the page (`window.warroomTable.snapshot`) in one evaluate:
AI seats keep moving, and two reads could see two different moves."""

from __future__ import annotations

import time
from typing import Any

SNAP = "window.warroomTable && window.warroomTable.snapshot"
PHONE = (390, 844)


def open_page(
    browser: Any,
    width: int = 1280,
    height: int = 800,
    *,
    autoplay: bool = True,
    init_script: str | None = None,
) -> Any:
    """A new page in its own context at that window size (a phone, with touch, at most 800 px
    wide), its script errors kept in `page.errors`. `autoplay=False` makes the table leave forced
    steps to the test; `init_script` runs before the page's own scripts."""
    phone = width <= 800
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone
    )
    if not autoplay:
        context.add_init_script("try { localStorage.setItem('warroom.autoplay', '0'); } catch (e) {}")
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    return page


def wait_my_move(page: Any, seat: int | None = None) -> dict[str, Any]:
    """The snapshot once the game is over or it is `seat`'s move (by default: any seat this page
    holds) with options to choose from and nothing sent and unanswered."""
    mine = "s.you.includes(s.current_player)" if seat is None else f"s.current_player === {seat}"
    page.wait_for_function(
        f"() => {{ const s = {SNAP}; return s && !window.warroomTable.pending && "
        f"(s.finished || ({mine} && s.legal.length > 0)); }}",
        timeout=30000,
    )
    return snap(page)


def open_seat(
    browser: Any,
    url: str,
    width: int = 1280,
    height: int = 800,
    *,
    seat: int | None = None,
    **page_options: Any,
) -> Any:
    """A page opened on a seat's invite link (a full URL), once it is that seat's move."""
    page = open_page(browser, width, height, **page_options)
    page.goto(url)
    wait_my_move(page, seat)
    return page


def finished_ai_game(server: Any, seed: int = 4) -> str:
    """A Pegasus Bridge table of two random AIs played to its end (a replay of a game still going
    grows under the test's keys): its id."""
    body = {"game": "memoir44", "options": {"scenario": "pegasus-bridge"}, "seats": ["random", "random"],
            "seed": seed, "ai_delay_ms": 0}  # fmt: skip
    return finished_table(server, body)


def finished_table(server: Any, body: dict[str, Any]) -> str:
    """The table `body` creates (AI seats only), once its game has ended: its id."""
    table_id: str = server.post("/api/tables", body)["id"]
    deadline = time.monotonic() + 180
    while not server.get(f"/api/tables/{table_id}")["finished"]:
        assert time.monotonic() < deadline, "the AI game did not end"
        time.sleep(0.5)
    return table_id


def snap(page: Any) -> dict[str, Any]:
    doc: dict[str, Any] = page.evaluate("window.warroomTable.snapshot")
    return doc


def wait_ply_after(page: Any, ply: int) -> None:
    page.wait_for_function(f"() => {SNAP} && window.warroomTable.snapshot.ply > {ply}", timeout=15000)


def play_option(page: Any, text: str | None = None) -> None:
    """Send an option's text (by default the first legal option's), as the page's own click
    would, and wait until it is played."""
    ply = page.evaluate(f"{SNAP}.ply")
    chosen = f"{SNAP}.legal[0].text" if text is None else repr(text)
    page.evaluate(f"window.warroomTable.socket.act({chosen}, {ply})")
    wait_ply_after(page, ply)


__all__ = [
    "PHONE",
    "SNAP",
    "finished_ai_game",
    "open_page",
    "open_seat",
    "play_option",
    "snap",
    "wait_my_move",
    "wait_ply_after",
]


def replay_events(page: Any, server: Any, table_id: str, plies: int = 40) -> str:
    """The replay's event lines of a table's first `plies` moves, stepped one by one as a viewer
    does (`#replay-next`), joined by newlines."""
    page.goto(server.base + f"/replay/{table_id}")
    page.wait_for_selector("#replay-counter")
    said: list[str] = []
    for ply in range(1, min(page.evaluate("window.warroomReplay.total"), plies) + 1):
        page.click("#replay-next")
        page.wait_for_function(
            f"() => document.querySelector('#replay-counter').textContent.startsWith('move {ply} ')"
        )
        said.append(page.locator("#step-events").inner_text())
    return "\n".join(said)
