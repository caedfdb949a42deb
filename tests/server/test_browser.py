"""End to end in real headless Chromium (Debian's, driven by Playwright; never a downloaded browser).

Screenshots of every game's table land in docs/screenshots/ (README, "Web table"). The `browser`
fixture lives here; the page helpers every browser test shares are in browser_helpers.py (and
stay importable from here: SNAP, snap, wait_my_move, wait_ply_after).
"""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import warroom
from tests.server.browser_helpers import SNAP, open_page, snap, wait_my_move, wait_ply_after
from tests.server.conftest import ServerProcess

CHROMIUM = "/usr/bin/chromium"
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-gpu",
    "--no-first-run",
]

__all__ = ["SNAP", "browser", "new_page", "snap", "wait_my_move", "wait_ply_after"]

playwright_api = pytest.importorskip("playwright.sync_api")
if not os.path.exists(CHROMIUM):
    pytest.skip("Debian's chromium is not installed (./dev test installs it)", allow_module_level=True)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield chromium
        chromium.close()


def new_page(browser: Any) -> Any:
    # these tests click every step themselves, forced ones too (the table would take them after
    # a moment: test_browser_seats checks that)
    return open_page(browser, 1360, 980, autoplay=False)


class OpaqueOptions:
    """Between the page and the server, every legal option that has parts reaches the page with an
    opaque text and label ("#1", "#2" ...), mapped back to the real text when the page acts with it.
    A renderer that read an action's text, rather than its verb, parts and consequence, would find
    nothing to click, or the wrong dice. `frames` keeps every message as the server sent it."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.hidden = True
        self.texts: dict[str, str] = {}
        self.frames: list[str] = []
        self.routes: list[tuple[Any, Any]] = []
        page.route_web_socket(re.compile(r"/api/tables/[^/]+/ws"), self._route)

    def _route(self, ws: Any) -> None:
        server = ws.connect_to_server()
        server.on_message(lambda message: ws.send(self._to_page(message)))
        ws.on_message(lambda message: server.send(self._to_server(message)))
        self.routes.append((ws, server))

    def _to_page(self, message: str | bytes) -> str:
        text = message.decode() if isinstance(message, bytes) else message
        self.frames.append(text)
        doc = json.loads(text)
        for option in doc.get("legal", []) if self.hidden else []:
            if option["parts"]:
                name = f"#{len(self.texts) + 1}"
                self.texts[name] = option["text"]
                option["text"] = option["label"] = name
        return json.dumps(doc)

    def _to_server(self, message: str | bytes) -> str:
        doc = json.loads(message)
        if doc.get("type") == "act":
            doc["action"] = self.texts.get(doc["action"], doc["action"])
        return json.dumps(doc)

    def shot(self, name: str) -> None:
        """A screenshot of the table as a person sees it: the page reconnects (which keeps a
        half-made choice) to get the real texts once, then options are opaque again."""
        self.hidden = False
        for ws, server in self.routes:
            ws.close()
            server.close()
        self.routes.clear()
        self.page.wait_for_function(
            f"() => {SNAP} && window.warroomTable.snapshot.legal.every((a) => !a.text.startsWith('#'))"
            " && document.querySelector('.conn.open')",
            timeout=15000,
        )
        self.page.evaluate("document.querySelectorAll('.tick').forEach((t) => t.remove())")  # news
        shot(self.page, name)
        self.hidden = True


def shot(page: Any, name: str) -> None:
    """A small palette PNG of the page, for the README's screenshots folder."""
    from PIL import Image

    SHOTS.mkdir(parents=True, exist_ok=True)
    image = Image.open(io.BytesIO(page.screenshot(full_page=True))).convert("RGB")
    image.quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(SHOTS / f"{name}.png", optimize=True)


def click_target(locator: Any) -> None:
    """Click a highlighted board piece where a person would: a wall is an arc, and the centre of
    its bounding box lies off the arc, so walls are clicked at the middle of the drawn wall."""
    if "fort" in (locator.get_attribute("class") or "").split():
        point = locator.evaluate(
            """g => { const p = g.querySelector('.wall');
                      const m = p.getPointAtLength(p.getTotalLength() / 2);
                      const s = m.matrixTransform(p.getScreenCTM()); return [s.x, s.y]; }"""
        )
        locator.page.mouse.click(point[0], point[1])
    else:
        locator.click()


def click_and_wait(page: Any, locator: Any) -> None:
    ply = snap(page)["ply"]
    click_target(locator)
    wait_ply_after(page, ply)


def answer_interruptions(page: Any) -> dict[str, Any]:
    """Until it is seat 0's own swap: refuse AI trade offers, take forced choices by clicking."""
    while True:
        doc = wait_my_move(page)
        decision = doc["view"]["decision"]
        if doc["finished"] or decision["kind"] == "swap":
            return doc
        if decision["kind"] == "answer":
            click_and_wait(page, page.locator('.decision .row button[data-action="refuse"]'))
        elif page.locator(".siege-board .target").count():
            click_and_wait(page, page.locator(".siege-board .target").first)
        else:
            click_and_wait(page, page.locator(".option-list button").first)


def play_cards_until_the_turn_ends(page: Any, turn: int, shoot: Callable[[str], None]) -> bool:
    """Click cards and their highlighted targets until nothing is left to play, then pass."""
    shot_taken = False
    for _ in range(12):
        doc = wait_my_move(page)
        decision = doc["view"]["decision"]
        if doc["finished"]:
            break
        if doc["view"]["turn"] != turn or decision["kind"] != "play":
            if decision["kind"] == "hit":
                click_and_wait(page, page.locator(".siege-board .target").first)
                continue
            break
        cards = page.locator(".player.mine .card.target")
        if cards.count() == 0:
            click_and_wait(page, page.locator('.decision .row button[data-action="pass"]'))
            break
        ply = doc["ply"]
        cards.first.click()
        page.wait_for_function(
            f"() => window.warroomTable.snapshot.ply > {ply} || !window.warroomTable.pending", timeout=15000
        )
        if snap(page)["ply"] > ply:
            continue
        targets = page.locator(".siege-board .target")
        assert targets.count() or page.locator(".option-list button").count()
        if not shot_taken and page.locator(".siege-board .token.target").count():
            page.wait_for_timeout(800)
            shoot("siege-table")
            shot_taken = True
        if targets.count():
            click_target(targets.first)
            page.wait_for_function(
                f"() => window.warroomTable.snapshot.ply > {ply} || !window.warroomTable.pending",
                timeout=15000,
            )
        if snap(page)["ply"] == ply:  # still more than one way (e.g. with or without Precise Shot)
            click_and_wait(page, page.locator(".option-list button").first)
    else:  # twelve plays and still playing: end the turn
        click_and_wait(page, page.locator('.decision .row button[data-action="pass"]'))
    return shot_taken


def test_siege_one_person_two_ai_a_whole_turn_by_clicking_with_a_reload(browser: Any, serve: Any) -> None:
    server: ServerProcess = serve(ai_delay_ms=40)
    page = new_page(browser)
    opaque = OpaqueOptions(page)  # the clicks below work from the options' parts alone
    page.goto(server.base + "/")
    page.click('.game-card[data-game="siege"]')
    page.select_option("#opt-players", "3")
    page.fill("#ai-delay", "40")
    assert page.locator(".seat-row select").nth(1).input_value() == "heuristic"
    shot(page, "lobby")
    page.click("#create button[type=submit]")
    page.click("#open-table")
    page.wait_for_selector(".siege-board")
    doc = answer_interruptions(page)
    assert not doc["finished"]
    assert all(a["text"].startswith("#") for a in doc["legal"] if a["text"] != "pass")  # opaque
    turn = doc["view"]["turn"]
    assert page.locator(".turn-banner.mine").count() == 1
    # swap: click a highlighted card in the hand
    click_and_wait(page, page.locator(".player.mine .card.target").first)
    # reload mid-turn: the same position comes back, and play goes on
    before = snap(page)
    page.reload()
    page.wait_for_function(f"() => {SNAP} && window.warroomTable.snapshot.ply === {before['ply']}")
    page.wait_for_selector(".siege-board")
    assert snap(page)["view"] == before["view"]
    doc = wait_my_move(page)
    if doc["view"]["decision"]["kind"] == "trade":
        click_and_wait(page, page.locator('.decision .row button[data-action="pass"]'))
    shot_taken = play_cards_until_the_turn_ends(page, turn, opaque.shot)
    # the turn has passed on to the AI seats (or the game ended)
    page.wait_for_function(
        f"() => {{ const s = {SNAP}; return s.finished || s.view.turn > {turn}; }}", timeout=30000
    )
    if not shot_taken:
        opaque.shot("siege-table")
    assert page.locator(".log li").count() > 5
    assert not page.errors, page.errors


def test_another_seat_sees_none_of_a_seats_secrets_and_a_spectator_cannot_act(
    browser: Any, serve: Any
) -> None:
    """Field Marshal mode: the marshal's hand of enemy tokens is the hidden information."""
    server: ServerProcess = serve()
    created = server.post(
        "/api/tables",
        {"game": "siege", "options": {"players": 2, "mode": "field_marshal"}, "seats": ["human", "human"],
         "seed": 4},
    )  # fmt: skip
    marshal, defender = created["seats"][1]["link"], created["seats"][0]["link"]
    marshal_page = new_page(browser)
    marshal_page.goto(server.base + marshal)
    marshal_page.wait_for_selector(".siege-board")
    hand = snap(marshal_page)["view"]["marshal"]["hand"]
    assert hand and marshal_page.locator(".chip-token.big").count() == len(hand)
    defender_page = new_page(browser)
    frames: list[str] = []
    defender_page.on(
        "websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload)))
    )
    defender_page.goto(server.base + defender)
    defender_page.wait_for_selector(".siege-board")
    defender_page.wait_for_timeout(300)
    assert "hand" not in snap(defender_page)["view"]["marshal"]
    assert defender_page.locator(".chip-token.big").count() == 0
    assert "hidden token(s)" in defender_page.inner_text(".hands")
    assert frames
    for frame in frames:
        doc = json.loads(frame)
        assert "hand" not in doc.get("view", {}).get("marshal", {})
    shot(marshal_page, "siege-field-marshal")
    # a spectator sees the table but has nothing to click and cannot act
    watcher = new_page(browser)
    watcher.goto(server.base + created["spectator_link"])
    watcher.wait_for_selector(".siege-board")
    assert "spectator" in watcher.inner_text("#turn-banner")
    assert watcher.locator(".target").count() == 0 and watcher.locator(".option-list button").count() == 0
    ply = snap(watcher)["ply"]
    watcher.evaluate("window.warroomTable.socket.act('pass', window.warroomTable.snapshot.ply)")
    watcher.wait_for_selector(".toast.error")
    assert "spectators cannot act" in watcher.inner_text("#toasts")
    assert server.get(f"/api/tables/{created['id']}")["ply"] == ply
    assert not (marshal_page.errors or defender_page.errors or watcher.errors)


def test_every_game_has_a_playable_table_and_a_replay_viewer(browser: Any, serve: Any) -> None:
    server: ServerProcess = serve()
    page = new_page(browser)
    for game_id in warroom.games():
        game = warroom.load(game_id)
        seats = ["human"] + ["random"] * (game.num_players - 1)
        created = server.post("/api/tables", {"game": game_id, "seats": seats, "seed": 2, "ai_delay_ms": 0})
        page.goto(server.base + created["seats"][0]["link"])
        doc = wait_my_move(page)
        assert page.locator(".option-list button").count() == len(doc["legal"]) or doc["finished"]
        if not doc["finished"]:  # the generic option list always works
            click_and_wait(page, page.locator(".option-list button").first)
            wait_my_move(page)
        if game_id not in ("siege", "memoir44", "wot_rush"):  # those three: from their own tests
            shot(page, f"{game_id}-table")
        page.goto(server.base + f"/replay/{created['id']}#k={created['seats'][0]['token']}")
        page.wait_for_selector("#replay-counter")
        page.click("#replay-next")
        page.wait_for_function(
            "() => document.querySelector('#replay-counter').textContent.startsWith('move 1 ')"
        )
        if game_id == "siege":
            page.click("#replay-next")
            page.wait_for_timeout(900)
            shot(page, "siege-replay")
    assert not page.errors, page.errors


# -- Memoir '44 -------------------------------------------------------------------------------


def pegasus_bridge_table(server: ServerProcess, seats: list[str], seed: int) -> Any:
    """A Memoir '44 Pegasus Bridge table with quick AI moves."""
    body = {"game": "memoir44", "options": {"scenario": "pegasus-bridge"}, "seats": seats, "seed": seed,
            "ai_delay_ms": 40}  # fmt: skip
    return server.post("/api/tables", body)


def m44_hex(page: Any, hex_name: str) -> Any:
    return page.locator(f'.m44-board .hex-hit[data-hex="{hex_name}"]')


def test_memoir44_order_a_unit_move_it_and_battle_by_clicking(browser: Any, serve: Any) -> None:
    """Pegasus Bridge, the Allies (a person) against the heuristic AI: card, order, move, battle."""
    server: ServerProcess = serve(ai_delay_ms=40)
    created = pegasus_bridge_table(server, ["human", "heuristic"], seed=1)
    page = new_page(browser)
    opaque = OpaqueOptions(page)  # the clicks below work from the options' parts alone
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_selector(".m44-board")
    doc = wait_my_move(page)
    view = doc["view"]
    assert view["decision"]["kind"] == "card"
    assert all(a["text"].startswith("#") for a in doc["legal"])
    # the map, every unit on it, the obstacles and the hand are drawn; the Axis hand is not shown
    assert page.locator(".m44-board .hex").count() == 113
    assert page.locator(".m44-board .unit").count() == sum(1 for u in view["units"] if u["hex"])
    assert page.locator(".m44-board .trees").count() and page.locator(".m44-board .river").count()
    assert page.locator(".m44-board .bridge").count() == 2
    assert page.locator(".m44-board .wire").count() == len(view["wire"])
    assert page.locator(".m44-board .section-lines line").count() == 2
    assert page.locator(".m44-side.mine .m44-card").count() == len(view["hands"]["allies"])
    assert page.locator(".m44-side.side-axis .card-back").count() == view["hand_sizes"]["axis"]
    # play Assault Left Flank from the hand
    click_and_wait(page, page.locator('.m44-side.mine .m44-card.target[data-kind="assault_left"]'))
    doc = wait_my_move(page)
    assert doc["view"]["decision"]["kind"] == "order"
    assert m44_hex(page, "R7C4").get_attribute("class").split().count("orderable") == 1
    # order two units by clicking them, then Done
    click_and_wait(page, m44_hex(page, "R7C4"))
    click_and_wait(page, m44_hex(page, "R6C3"))
    click_and_wait(page, page.locator('.decision .row button[data-action="done"]'))
    doc = wait_my_move(page)
    assert doc["view"]["decision"]["kind"] == "move"
    # move: the first click picks the unit and shows where it can go, the second moves it
    m44_hex(page, "R7C4").click()
    page.wait_for_selector('.m44-board .hex-hit.reach[data-hex="R6C4"]')
    assert page.locator(".m44-board .tint.reach").count() > 3
    click_and_wait(page, m44_hex(page, "R6C4"))
    doc = wait_my_move(page)
    assert any(u["hex"] == "R6C4" for u in doc["view"]["units"] if u["side"] == "allies")
    if doc["view"]["decision"]["kind"] == "move":
        click_and_wait(page, page.locator('.decision .row button[data-action="done"]'))
        doc = wait_my_move(page)
    assert doc["view"]["decision"]["kind"] == "battle"
    # battle: pick the moved unit, its targets glow with the dice the battle will roll (from each
    # option's consequence), click one
    m44_hex(page, "R6C4").click()
    page.wait_for_selector(".m44-board .hex-hit.target-hex")
    battles = [a for a in doc["legal"] if a["verb"] == "battle" and a["parts"][0]["value"] == "R6C4"]
    assert battles and all("dice" in a["consequence"] for a in battles)
    badges = page.locator(".m44-board .dice-badge text").evaluate_all("ns => ns.map((n) => n.textContent)")
    assert sorted(badges) == sorted(str(a["consequence"]["dice"]) for a in battles)
    assert any(opaque.texts[a["text"]].startswith("battle R6C4 ") for a in battles)
    opaque.shot("memoir44-table")
    click_and_wait(page, page.locator(".m44-board .hex-hit.target-hex").first)
    page.wait_for_function("() => / di(c)?e on /.test(document.querySelector('#log').innerText)")
    assert "battles" in page.inner_text("#log")
    assert not page.errors, page.errors


def _board_y(page: Any, hex_name: str) -> float:
    box = m44_hex(page, hex_name).bounding_box()
    assert box is not None
    return float(box["y"])


def _strip_y(page: Any, side: str) -> float:
    box = page.locator(f".m44-board .strip.side-{side}").bounding_box()
    assert box is not None
    return float(box["y"])


def test_memoir44_board_is_drawn_from_the_viewing_sides_edge(browser: Any, serve: Any) -> None:
    """Pegasus Bridge has the Allies at the bottom of the printed map: the Axis player sees it
    turned half a turn (their units at the bottom edge, their strip below), a spectator as printed."""
    server: ServerProcess = serve(ai_delay_ms=40)
    created = pegasus_bridge_table(server, ["heuristic", "human"], seed=3)
    axis, watcher = new_page(browser), new_page(browser)
    axis.goto(server.base + created["seats"][1]["link"])
    watcher.goto(server.base + created["spectator_link"])
    for page in (axis, watcher):
        page.wait_for_selector(".m44-board .unit")
    # row 1 is the Axis edge of the printed map: at the bottom for the Axis player, on top for others
    assert _board_y(axis, "R1C1") > _board_y(axis, "R9C1")
    assert _board_y(watcher, "R1C1") < _board_y(watcher, "R9C1")
    # the strips follow the board: each side's medals along its own edge
    for page, bottom, top in ((axis, "axis", "allies"), (watcher, "allies", "axis")):
        assert _strip_y(page, bottom) > _strip_y(page, top)
    # every unit stands on its own hex, as drawn for this viewer
    doc = snap(axis)
    unit = next(u for u in doc["view"]["units"] if u["hex"] and u["side"] == "axis")
    unit_box = axis.locator(f'.m44-board .unit[data-unit="{unit["id"]}"]').bounding_box()
    hex_box = m44_hex(axis, unit["hex"]).bounding_box()
    assert unit_box is not None and hex_box is not None
    assert abs((unit_box["y"] + unit_box["height"] / 2) - (hex_box["y"] + hex_box["height"] / 2)) < 12
    wait_my_move(axis, seat=1)
    axis.evaluate("document.querySelectorAll('.tick').forEach((t) => t.remove())")
    shot(axis, "memoir44-axis-view")
    assert not (axis.errors or watcher.errors), axis.errors + watcher.errors


# -- World of Tanks: Rush ---------------------------------------------------------------------


def wot_hidden_hand(db_path: str, table_id: str, seed: int, ply: int, seat: int) -> list[str]:
    """A seat's hand at `ply`, rebuilt from the stored moves (the browser must never show it)."""
    from warroom.server.store import SqlStore

    store = SqlStore(db_path)
    try:
        actions = store.actions(table_id)
        assert len(actions) >= ply
        state = warroom.load("wot_rush", players=2, first_player=0).new_initial_state(seed)
        for action in actions[:ply]:
            state.apply_action(action.text)
        hand: list[str] = state.view(seat)["seats"][seat]["hand"]
        return hand
    finally:
        store.close()


def wot_play_a_turn(page: Any) -> None:
    """Seat 0's turn by clicking: buy the first buyable reserve card, pay with the highlighted hand
    cards, then end the turn; any other decision takes its first listed option."""
    bought = False
    while True:
        doc = wait_my_move(page)
        if doc["finished"]:
            return
        legal = [a["text"] for a in doc["legal"]]
        kind = doc["view"]["decision"]["kind"]
        reserve = page.locator(".wot-middle .reserve .wot-card.target")
        if kind == "main" and not bought and reserve.count():
            click_and_wait(page, reserve.first)
            bought = True
        elif kind == "main":
            click_and_wait(page, page.locator('.decision button[data-action="end"]').first)
            return
        elif kind == "pay" and "done" not in legal:
            click_and_wait(page, page.locator(".wot-hand .wot-card.target").first)
        elif kind == "pay":
            click_and_wait(page, page.locator('.decision button[data-action="done"]').first)
        else:
            click_and_wait(page, page.locator(".option-list button").first)


def wot_check_the_ai_hand_stays_hidden(page: Any, db_path: str, table_id: str, seed: int) -> None:
    """A few rounds against the AI, until its hidden hand holds vehicles: none of them is shown."""
    catalog = warroom.load("wot_rush").catalog()["cards"]
    checked = 0
    for _ in range(10):
        wot_play_a_turn(page)
        doc = wait_my_move(page)
        if doc["finished"]:
            break
        assert "hand" not in doc["view"]["seats"][1]
        page.wait_for_function(
            f"() => {SNAP}.ply === {doc['ply']} && document.querySelector('.wot-seat.opponent')"
        )
        secret = [label for label in wot_hidden_hand(db_path, table_id, seed, doc["ply"], 1)
                  if catalog[label]["type"] == "vehicle"]  # fmt: skip
        shown = page.inner_text("#board") + page.inner_text("#hands")
        html = page.inner_html("#board") + page.inner_html("#hands")
        for label in secret:
            assert label not in shown and f'data-kind="{label}"' not in html
            checked += 1
        if checked >= 2:
            break
    assert checked >= 2, "the AI's hand never held a vehicle to hide"


def test_wot_rush_buy_from_the_reserve_and_pay_by_clicking_cards(
    browser: Any, serve: Any, db_path: str
) -> None:
    """A person against the heuristic AI: the hand and reserve are card faces from the catalog; a
    click on a reserve card buys it, clicks on hand cards pay for it; the AI's hand never shows."""
    server: ServerProcess = serve()
    seed = 0
    created = server.post(
        "/api/tables",
        {"game": "wot_rush", "options": {"players": 2, "first_player": 0}, "seats": ["human", "heuristic"],
         "seed": seed, "ai_delay_ms": 0},
    )  # fmt: skip
    page = new_page(browser)
    opaque = OpaqueOptions(page)  # the clicks below work from the options' parts alone
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_selector(".wot-table")
    doc = wait_my_move(page)
    view = doc["view"]
    catalog = warroom.load("wot_rush").catalog()["cards"]
    hand = view["seats"][0]["hand"]
    assert view["decision"]["kind"] == "main"
    assert all(a["text"].startswith("#") for a in doc["legal"] if a["text"] != "end")  # opaque
    # the hand, the reserve and the bases as cards, named from the catalog
    cards = page.locator(".wot-seat.mine .wot-hand .wot-card")
    assert cards.count() == len(hand) == 3
    for i, label in enumerate(hand):
        assert catalog[label]["name"] in cards.nth(i).inner_text()
    reserve = page.locator(".wot-middle .reserve .wot-card")
    assert reserve.count() == len(view["reserve"])
    for i, label in enumerate(view["reserve"]):
        assert catalog[label]["name"] in reserve.nth(i).inner_text()
    assert page.locator(".wot-seat.mine .wot-base").count() == 3
    assert page.locator(".wot-seat.opponent .wot-base").count() == 3
    assert page.locator(".wot-seat.opponent .wot-hand").count() == 0
    assert "hand 3" in page.inner_text(".wot-seat.opponent")
    # buy US-02 by clicking it in the reserve, then pay with highlighted Engineers
    assert page.locator('.wot-middle .reserve .wot-card.target[data-kind="US-02"]').count() == 1
    assert page.locator('.wot-middle .reserve .wot-card[data-kind="GE-15"]:not(.target)').count() == 1
    click_and_wait(page, page.locator('.wot-middle .reserve .wot-card.target[data-kind="US-02"]'))
    doc = wait_my_move(page)
    assert doc["view"]["decision"] == {**doc["view"]["decision"], "kind": "pay", "card": "US-02"}
    assert "pay for " + catalog["US-02"]["name"] in page.inner_text(".wot-status")
    assert page.locator(".wot-hand .wot-card.target").count() == 2  # the Engineers, not the Volunteer
    while "done" not in [a["text"] for a in doc["legal"]]:
        click_and_wait(page, page.locator(".wot-hand .wot-card.target").first)
        doc = wait_my_move(page)
    click_and_wait(page, page.locator('.decision button[data-action="done"]').first)
    doc = wait_my_move(page)
    assert "US-02" in doc["view"]["seats"][0]["warehouse"]
    assert page.locator('.wot-seat.mine .wot-warehouse .wot-card[data-kind="US-02"]').count() == 1
    assert "buys" in page.inner_text("#log") or "US-02" in page.inner_text("#log")
    opaque.shot("wot_rush-table")
    wot_check_the_ai_hand_stays_hidden(page, db_path, created["id"], seed)
    assert opaque.frames
    for frame in opaque.frames:
        for seat, doc_seat in enumerate(json.loads(frame).get("view", {}).get("seats", [])):
            active = json.loads(frame)["view"]["active"]
            assert "hand" not in doc_seat or seat in (0, active)
    assert not page.errors, page.errors
