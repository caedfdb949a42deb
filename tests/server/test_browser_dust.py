"""Dust Warfare in real headless Chromium (Debian's, driven by Playwright): a person plays First
Battle against the AI for two full turns by dragging and clicking on the measured table.

Deployment and moves are drags (the Unit Leader, the formation following); activations, orders
and targets are clicks on the board; the measuring tape asks the table's measure route. Option
texts reach the page opaque (`OpaqueOptions`): the board works from the options' parts and
consequences, and builds its own exact proposals. Screenshots: docs/screenshots/dust_warfare-*.
"""

from __future__ import annotations

import io
import math
import re
from typing import Any

import pytest

import warroom
from tests.server.browser_helpers import finished_table
from tests.server.conftest import ServerProcess
from tests.server.test_browser import (
    SHOTS,
    OpaqueOptions,
    browser,  # noqa: F401  (the module-scoped fixture)
    click_and_wait,
    shot,
    snap,
    wait_my_move,
)

pytestmark = pytest.mark.skipif("dust_warfare" not in warroom.games(), reason="not registered")

MILL = (36.0, 24.0)


def new_page(chromium: Any, width: int = 1280, height: int = 800) -> Any:
    page = chromium.new_context(viewport={"width": width, "height": height}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.errors = errors
    return page


# what a page shows of the Dust table: the board's box, each unit's bases, the words still drawn
# (the page hides a text it cannot make legible: `.illegible`), and the dice images of log and news
TABLE_BOXES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = (e) => getComputedStyle(e).display !== "none" && e.getBoundingClientRect().width > 0;
  return {
    board: box(document.querySelector(".dw-board")),
    bases: [...document.querySelectorAll(".dw-board .unit .model")].map(box),
    labels: [...document.querySelectorAll(".dw-board .unit-label")].filter(shown).map(box),
    units: document.querySelectorAll(".dw-board .unit").length,
    named: [...document.querySelectorAll(".dw-board .unit")]
      .filter((u) => [...u.querySelectorAll(".unit-label")].some(shown)).length,
    edges: [...document.querySelectorAll(".dw-board .zone-label, .dw-board .edge-name")]
      .filter(shown).map(box),
    objectives: [...document.querySelectorAll(".dw-board .objective text")].filter(shown).map(box),
    chips: [...document.querySelectorAll(".dw-board .chip, .dw-board .dice-badge")].filter(shown).map(box),
    pieces: [...document.querySelectorAll(".dw-board .piece-label")].filter(shown).map(box),
    markerChips: [...document.querySelectorAll(".dw-board .chip")].filter(shown).map(box),
    flashes: [...document.querySelectorAll(".dw-board .flash .label-box")].filter(shown).map(box),
    scrollW: document.documentElement.scrollWidth, W: innerWidth,
    words: [...document.querySelectorAll(".dw-board .zone-label, .dw-board .edge-name")].filter(shown).length,
    dice: [...document.querySelectorAll(".die-img")].filter(shown)
      .map((d) => d.querySelector(".die-face").getAttribute("class")),
  };
}"""


def apart(a: list[float], b: list[float], gap: float = 0.0) -> bool:
    """Two screen boxes [left, top, right, bottom] that do not overlap; side by side on one line,
    `gap` px apart at least (two names that touch read as one)."""
    if a[3] <= b[1] or b[3] <= a[1]:
        return True
    return a[2] + gap <= b[0] or b[2] + gap <= a[0]


def check_table(page: Any) -> None:
    """The table as drawn (a phone's too): the page no wider than the window (a phone does not
    scroll sideways), the board at a real size with every unit's bases inside it, the zones' and
    edges' names legible (not hidden), every unit on the table named (crowded ones led out to a
    free place; on a phone, whose words are grown to be legible, a name with no room left is
    written as its initials, e.g. "RG", its tooltip, roster button and card giving it in full),
    the units' names never over each other (and a gap between two on one line), the objective's
    words, a marker chip (Suppression, Reaction, RETREAT), a target's dice badge, a piece's name,
    a zone's label or an edge's name; no marker chip over the objective's words and no attack's
    short-lived label over a name or the objective's words; every piece's name on the picture,
    and no die drawn that is not a single Dust die (a roll of two pools is the entry's words)."""
    seen = page.evaluate(TABLE_BOXES)
    assert seen["scrollW"] <= seen["W"], f"the page is {seen['scrollW']} px wide in a {seen['W']} px window"
    left, top, right, bottom = seen["board"]
    assert right - left >= 300 and bottom - top >= 180, seen["board"]
    assert seen["bases"]
    for x1, y1, x2, y2 in seen["bases"]:
        assert left <= x1 and x2 <= right and top <= y1 and y2 <= bottom, (seen["board"], (x1, y1, x2, y2))
    assert seen["words"] >= 4  # two zones and two edges named, at a size the page keeps
    labels = seen["labels"]
    assert labels, "no unit named on the board"
    assert seen["named"] == len(labels), (seen["named"], len(labels))  # one name a unit, at most
    assert seen["named"] == seen["units"], (seen["named"], seen["units"])
    for i, a in enumerate(labels):
        for b in labels[i + 1 :]:
            assert apart(a, b, gap=10.0), ("two names", a, b)
        for kind in ("objectives", "chips", "pieces", "edges"):
            for b in seen[kind]:
                assert apart(a, b), (f"a name over one of the {kind}", a, b)
    for a in seen["markerChips"]:  # a RETREAT (or any marker) chip keeps off the objective's words
        for b in seen["objectives"]:
            assert apart(a, b), ("a chip over the objective's words", a, b)
    for b in seen["flashes"]:  # an attack's short-lived label covers no name and no objective words
        for a in labels + seen["objectives"]:
            assert apart(a, b), ("a flash over a name", a, b)
    for x1, _, x2, _ in seen["pieces"]:  # a piece's name is not cut off by the picture's edge
        assert left <= x1 and x2 <= right, (seen["board"], x1, x2)
    assert all(re.fullmatch(r"die-face face-[1-6]", cls) for cls in seen["dice"]), seen["dice"]


def window_shot(page: Any, name: str) -> None:
    """A screenshot of the window as it is (a full-page one would resize the page mid-drag)."""
    from PIL import Image

    SHOTS.mkdir(parents=True, exist_ok=True)
    image = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    image.quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(SHOTS / f"{name}.png", optimize=True)


def screen(page: Any, x: float, y: float) -> tuple[float, float]:
    """Table inches to page pixels, as the board draws them now."""
    point = page.evaluate(f"window.warroomDust.toScreen({x}, {y})")
    return float(point[0]), float(point[1])


def drag(page: Any, start: tuple[float, float], end: tuple[float, float], *, pause: Any = None) -> None:
    """Press at `start`, move in steps to `end` (the ghost and ruler follow), release."""
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=8)
    if pause is not None:
        pause()
    page.mouse.up()


def refusals(page: Any) -> int:
    return int(page.evaluate("document.querySelectorAll('.toast.error').length"))


def wait_after(page: Any, ply: int, refused: int) -> bool:
    """True once a move was made after `ply`; False when the board explained a drop it did not
    send, or the server refused one (a new error toast)."""
    page.wait_for_function(
        f"() => window.warroomTable.snapshot.ply > {ply} || document.querySelector('.dw-explain.bad')"
        f" || document.querySelectorAll('.toast.error').length > {refused}",
        timeout=20000,
    )
    return bool(snap(page)["ply"] > ply)


class Player:
    """The person at seat 0: every decision by a drag or a click on the table where one fits."""

    def __init__(self, page: Any, opaque: OpaqueOptions) -> None:
        self.page = page
        self.opaque = opaque
        self.deploy_drags = 0
        self.move_drags = 0
        self.target_clicks = 0
        self.dice_seen: list[str] = []
        self.shot_taken = False
        self.drag_shot = False
        self.refused_shown = False
        self.regrouped = False
        self.one_ruler = ""  # a one-miniature deployment's ruler, as read mid-drag

    def suppressed(self, doc: dict[str, Any]) -> list[int]:
        """Our units the Command phase may Regroup: suppressed and clickable on the board."""
        units = [u["id"] for u in doc["view"]["units"] if u["seat"] == 0 and u["suppression"] > 0]
        return [u for u in units if self.page.locator(f'.dw-board .unit.clickable[data-unit="{u}"]').count()]

    def unit(self, doc: dict[str, Any], u: int) -> dict[str, Any]:
        unit: dict[str, Any] = doc["view"]["units"][u]
        return unit

    def leader(self, unit: dict[str, Any]) -> dict[str, Any]:
        """The Unit Leader, or while Leaderless the lowest living miniature (the one a proposal
        names first, DW-GEO-17)."""
        living = [m for m in unit["models"] if not m["destroyed"]]
        found: dict[str, Any] = next((m for m in living if m["index"] == unit["leader"]), living[0])
        return found

    def decide(self, doc: dict[str, Any]) -> None:
        decision = doc["view"]["decision"]
        kind = decision["kind"]
        page = self.page
        if kind == "command" and not self.regrouped and self.suppressed(doc):
            # DW-CMD-07: click the suppressed unit, then its Regroup chip
            self.regrouped = True
            u = self.suppressed(doc)[0]
            page.locator(f'.dw-board .unit[data-unit="{u}"] .model').first.click()
            page.wait_for_selector('.dw-board .do-chip[data-handle="do:regroup"], .dw-board .do-chip')
            chip = page.locator('.dw-board .do-chip[data-handle="do:regroup"]')
            click_and_wait(page, chip if chip.count() else page.locator(".dw-board .do-chip").first)
            return
        if kind in ("edge", "sequence", "command", "react"):
            # plain choices as buttons: take the south edge, deploy first; no orders, no reactions
            wanted = {"edge": "edge south", "sequence": "deploy first"}.get(kind, "stop")
            button = page.locator(f'.decision .row button[data-action="{wanted}"]')
            click_and_wait(page, button if button.count() else page.locator(".decision .row button").first)
        elif kind == "pick":
            click_and_wait(page, page.locator(".dw-units button.target").first)
        elif kind == "where" and decision["purpose"] == "deploy":
            self.deploy(doc)
        elif kind == "where" and decision["purpose"] in ("move", "react"):
            self.move(doc)
        elif kind == "activate":
            click_and_wait(page, page.locator(".dw-board .unit.clickable .model").first)
        elif kind == "action":
            self.act(doc)
        elif kind in ("hit", "leader") and page.locator(".dw-board .target-ring").count():
            click_and_wait(page, page.locator(".option-list button").first)
        else:
            click_and_wait(page, page.locator(".option-list button").first)

    def deploy(self, doc: dict[str, Any]) -> None:
        """Press in our zone (along whichever long edge the roll-off gave us) and drag the unit to
        its place near the front of the zone, the units 11" apart."""
        u = doc["view"]["decision"]["unit"]
        zone = next(z for z in doc["view"]["zones"] if z["seat"] == 0)
        ys = [p[1] for p in zone["polygon"]]
        back = 4.0 if self.unit(doc, u)["type"] == "vehicle" else 2.0
        inward = 1.0 if zone["edge"] == "north" else -1.0  # toward our own edge
        front = min(ys) if zone["edge"] == "north" else max(ys)
        x, y = 14.0 + 11.0 * (u % 5), front + inward * back
        ply, refused = doc["ply"], refusals(self.page)
        pause = None
        if len(self.unit(doc, u)["models"]) == 1:  # no path nor formation to measure: where it stands

            def pause() -> None:
                self.page.wait_for_selector(".dw-board .drag-ruler")
                ruler = self.page.text_content(".dw-board .drag-ruler") or ""
                edge = f'{y:.1f}" from the south edge' if y <= 24 else f'{48 - y:.1f}" from the north edge'
                side = f'{x:.1f}" from the west edge' if x <= 36 else f'{72 - x:.1f}" from the east edge'
                assert ruler == f"{edge} and {side}", ruler
                self.one_ruler = ruler

        drag(self.page, screen(self.page, x - 2, y + 3 * inward), screen(self.page, x, y), pause=pause)
        self.deploy_drags += 1
        assert wait_after(self.page, ply, refused), self.page.inner_text(".dw-explain")
        leader = self.leader(self.unit(snap(self.page), u))
        assert (leader["x"], leader["y"]) == (x, y)

    def move(self, doc: dict[str, Any]) -> None:
        """Drag the Unit Leader toward the Mill, 4" first, shorter if the rules refuse the drop."""
        u = doc["view"]["decision"]["unit"]
        unit = self.unit(doc, u)
        leader = self.leader(unit)
        lx, ly = leader["x"], leader["y"]
        gap = math.hypot(MILL[0] - lx, MILL[1] - ly) or 1.0
        if not self.refused_shown:  # first a drop too far: explained on the board, not sent
            self.refused_shown = True
            far = (lx + (MILL[0] - lx) * 9 / gap, ly + (MILL[1] - ly) * 9 / gap)
            ply = snap(self.page)["ply"]
            drag(self.page, screen(self.page, lx, ly), screen(self.page, *far))
            self.page.wait_for_selector(".dw-explain.bad")
            words = self.page.inner_text(".dw-explain.bad")
            assert "allowance" in words and words.startswith("Refused:"), words
            window_shot(self.page, "dust_warfare-refused")
            assert snap(self.page)["ply"] == ply
        for reach in (4.0, 2.5, 1.5):
            ex, ey = round(lx + (MILL[0] - lx) * reach / gap, 1), round(ly + (MILL[1] - ly) * reach / gap, 1)
            ply, refused = snap(self.page)["ply"], refusals(self.page)
            pause = None
            if not self.drag_shot:  # the ruler and the formation following, mid-drag
                self.drag_shot = True

                def pause() -> None:
                    self.page.wait_for_selector(".dw-board .drag-ruler")
                    ruler = self.page.text_content(".dw-board .drag-ruler") or ""
                    assert ' of 6.0"' in ruler or ' of 12.0"' in ruler, ruler
                    assert self.page.locator(".dw-board .ghost circle").count() == len(
                        [m for m in unit["models"] if not m["destroyed"]]
                    )
                    # the engine's own word on the spot, live: the leader's path against the allowance
                    self.page.wait_for_selector(".dw-board .drag-engine")
                    engine = self.page.text_content(".dw-board .drag-engine") or ""
                    assert re.search(r'engine: (path [\d.]+" of [\d.]+"|refused: )', engine), engine
                    two = self.page.evaluate(
                        """() => [".drag-ruler rect", ".drag-engine rect"].map((s) => {
                          const r = document.querySelector(`.dw-board ${s}`).getBoundingClientRect();
                          return [r.left, r.top, r.right, r.bottom]; })"""
                    )
                    assert apart(*two), two  # the ruler and the engine's word one above the other
                    window_shot(self.page, "dust_warfare-drag")

            drag(self.page, screen(self.page, lx, ly), screen(self.page, ex, ey), pause=pause)
            self.move_drags += 1
            if wait_after(self.page, ply, refused):
                lead = self.leader(self.unit(snap(self.page), u))
                assert (lead["x"], lead["y"]) == (ex, ey)
                return
        click_and_wait(self.page, self.page.locator(".option-list button").first)  # stay

    def act(self, doc: dict[str, Any]) -> None:
        """Fire at a highlighted target (its dice shown) when there is one, else move, else stop."""
        page = self.page
        targets = page.locator(".dw-board .dice-badge")
        if targets.count():
            self.dice_seen += targets.evaluate_all("ns => ns.map((n) => n.textContent)")
            if not self.shot_taken:
                self.shot_taken = True
                self.opaque.shot("dust_warfare-1280x800")
            t = int(targets.first.get_attribute("data-dice"))
            ply = doc["ply"]
            page.locator(f'.dw-board .unit[data-unit="{t}"] .model').first.click()
            page.wait_for_function(
                f"() => window.warroomTable.snapshot.ply > {ply}"
                " || document.querySelector('.dw-board .do-chip')",
                timeout=15000,
            )
            if snap(page)["ply"] == ply:  # a single and a Sustained Attack: the chip picks one
                click_and_wait(page, page.locator(".dw-board .do-chip").first)
            self.target_clicks += 1
            return
        for wanted in ("move", "stop"):
            button = page.locator(f'.decision .row button[data-action="{wanted}"]')
            if button.count():
                click_and_wait(page, button)
                return
        click_and_wait(page, page.locator(".option-list button").first)


def measure_and_read_a_card(page: Any, server: ServerProcess, table: str, view: dict[str, Any]) -> None:
    """The measuring tape between two units' miniatures, checked against the measure route
    (DW-GEO-03); then an enemy unit's card from the roster."""
    mine = next(u for u in view["units"] if u["seat"] == 0 and u["status"] == "table")
    theirs = next(u for u in view["units"] if u["seat"] == 1 and u["status"] == "table")
    a = next(m for m in mine["models"] if not m["destroyed"])
    b = next(m for m in theirs["models"] if not m["destroyed"])
    page.click("#dw-tape")
    drag(page, screen(page, a["x"], a["y"]), screen(page, b["x"], b["y"]))
    page.wait_for_function(
        "() => /line of sight/.test(document.querySelector('.dw-tape-result')?.textContent || '')"
    )
    words = page.inner_text(".dw-tape-result")
    query = f"a=u{mine['id']}.{a['index']}&b=u{theirs['id']}.{b['index']}"
    status, answer = server.request("GET", f"/api/tables/{table}/measure?{query}")
    assert status == 200
    assert f'{answer["distance"]:.1f}"' in words
    assert ("no line of sight" in words) == (not answer["line_of_sight"])
    shot(page, "dust_warfare-tape")
    page.locator(f'.dw-units button[data-unit="{theirs["id"]}"]').click()
    page.wait_for_selector(f'.dw-card[data-card="{theirs["id"]}"]')
    card = page.inner_text(".dw-card")
    assert theirs["name"] in card
    # where it stands in the log's words (the view's), never by coordinates or an angle
    assert theirs["where"] and theirs["where"] in card, card
    assert not re.search(r"\(\d+(?:\.\d+)?, \d+(?:\.\d+)?\)|\d°", card), card


def test_dust_warfare_first_battle_two_turns_by_dragging_and_clicking(browser: Any, serve: Any) -> None:  # noqa: F811
    server: ServerProcess = serve(ai_delay_ms=0)
    game = warroom.load("dust_warfare")
    ai = "heuristic" if "heuristic" in game.agents() else "random"
    body = {"game": "dust_warfare", "seats": ["human", ai], "seed": 3, "ai_delay_ms": 0}
    created = server.post("/api/tables", body)
    page = new_page(browser)
    opaque = OpaqueOptions(page)
    page.goto(server.base + created["seats"][0]["link"])
    doc = wait_my_move(page)
    page.wait_for_selector(".dw-board .terrain")
    view = doc["view"]
    # the table to scale: every terrain piece, the objective and its control circle
    assert page.locator(".dw-board .terrain").count() == len(view["terrain"]) == 8
    assert page.locator(".dw-board .objective .control").count() == 1
    # the seat named by its side, as the box names it, not by the engine's seat number
    assert "You are the Allies" in page.inner_text("#turn-banner")
    player = Player(page, opaque)
    for _ in range(400):
        doc = wait_my_move(page)
        if doc["finished"] or doc["view"]["turn"] >= 3:
            break
        if doc["view"]["units"] and any(u["status"] == "table" for u in doc["view"]["units"]):
            check_table(page)  # every unit named at every decision, not only at the end
        player.decide(doc)
    doc = snap(page)
    assert doc["finished"] or doc["view"]["turn"] >= 3, "two full turns were not played"
    assert player.deploy_drags == 5 and player.move_drags >= 1 and player.refused_shown
    assert player.one_ruler, "no one-miniature unit was deployed by a drag"
    assert player.target_clicks >= 1 and player.dice_seen
    assert all(text.endswith((" dice", " die")) for text in player.dice_seen)
    log = page.inner_text("#log")
    if player.regrouped:  # the Regroup chip took the order
        assert "Regroup:" in log
    # the log in table words: units with their side, a place by what is near it, no coordinates
    assert "hit(s)" in log and "deploys: the leader now" in log and "moves: the leader now" in log
    assert "(Allies)" in log and "(Axis)" in log
    assert not re.search(r"\(\d+(?:\.\d+)?, \d+(?:\.\d+)?\)|\d°", log), log
    # one line a Move, said where it ended ("... marches: the leader now ..."), no declaration line
    assert not re.search(r" (Moves|Jumps)\b", log), log
    check_table(page)
    measure_and_read_a_card(page, server, created["id"], doc["view"])
    assert not page.errors, page.errors
    # the same table on a phone, as a spectator
    phone = new_page(browser, 390, 844)
    phone.goto(server.base + f"/t/{created['id']}")
    phone.wait_for_selector(".dw-board .unit")
    phone.wait_for_timeout(300)
    check_table(phone)
    shot(phone, "dust_warfare-390x844")
    assert not phone.errors, phone.errors


def test_dust_warfare_finished_on_a_phone_is_no_wider_than_the_screen(browser: Any, serve: Any) -> None:  # noqa: F811
    """A finished First Battle watched on a phone (390x844): the result screen's table and the
    banner's seed pill fit the window (the page never scrolls sideways, nor the result screen
    inside), and the table behind it keeps its checks."""
    server: ServerProcess = serve(ai_delay_ms=0)
    body = {"game": "dust_warfare", "seats": ["random", "random"], "seed": 1, "ai_delay_ms": 0}
    table = finished_table(server, body)
    page = new_page(browser, 390, 844)
    page.goto(server.base + f"/t/{table}")
    page.locator("dialog#result[open]").wait_for()
    page.wait_for_timeout(300)
    seen = page.evaluate(
        """() => { const d = document.querySelector("dialog#result"), r = d.getBoundingClientRect();
        const pill = document.querySelector("#turn-banner .deal")?.getBoundingClientRect();
        return { page: document.documentElement.scrollWidth, W: innerWidth, inside: d.scrollWidth,
                 room: d.clientWidth, left: r.left, right: r.right, pill: pill ? pill.right : 0 }; }"""
    )
    assert seen["page"] <= seen["W"] and seen["left"] >= 0 and seen["right"] <= seen["W"], seen
    assert seen["inside"] <= seen["room"], seen  # the result table fits its screen
    assert seen["pill"] <= seen["W"], seen
    window_shot(page, "dust_warfare-result-390x844")
    page.locator("#close-result").click()
    check_table(page)
    assert not page.errors, page.errors
