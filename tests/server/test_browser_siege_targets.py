"""War Thunder: Siege at the table (issue 16), in real headless Chromium, on the phone layout: a
fortification is a target as large as the wall's stretch of the board (at least 44 CSS px both
ways, clicked away from the drawn wall), Repair takes back a card shown as its face, every card
reads what it hits and does on hover (the catalog's words), and enemy tokens sit inside their
space without touching, however many share it."""

from __future__ import annotations

from typing import Any

import warroom
from tests.server.browser_helpers import PHONE, SNAP, open_seat, play_option, wait_my_move, wait_ply_after
from tests.server.conftest import ServerProcess
from tests.server.test_browser import browser, shot

__all__ = ["browser"]

SEED = 188  # one player; the opening hand holds DOT and Repair

# Each wall's click zone read with the page's state at one moment: its box, and what a tap finds
# along 44 px across it (radially, and along the wall) around the zone's middle.
FORTS = """() => {
  const s = window.warroomTable.snapshot;
  const svg = document.querySelector('.siege-board');
  const forts = [...svg.querySelectorAll('.fort.target')].map((g) => {
    const sector = Number(g.dataset.sector);
    const zone = g.querySelector('.fort-zone');
    const box = zone.getBoundingClientRect();
    const m = zone.getScreenCTM();
    const at = (r, deg) => { const p = svg.createSVGPoint(); const a = deg * Math.PI / 180;
      p.x = 430 + r * Math.cos(a); p.y = 430 + r * Math.sin(a); return p.matrixTransform(m); };
    const mid = -90 + (sector - 0.5) * 60;
    const c = at(155, mid);
    const scale = Math.hypot(m.a, m.b);
    const half = 22 / scale; // 22 CSS px in board units
    const probes = [];
    for (let i = -2; i <= 2; i++) {
      probes.push(at(155 + (i * half) / 2, mid));
      probes.push(at(155, mid + ((i * half) / 2 / 155) * 180 / Math.PI));
    }
    const hits = probes.map((p) => { const n = document.elementFromPoint(p.x, p.y);
      const f = n && n.closest('.fort'); return f ? Number(f.dataset.sector) : null; });
    return { sector, w: box.width, h: box.height, hits, centre: [c.x, c.y] };
  });
  return { ply: s.ply, legal: s.legal, view: s.view, forts };
}"""

# tokens as drawn: centre and radius in board units, with the space each stands in
TOKENS = """() => {
  const svg = document.querySelector('.siege-board');
  const inv = svg.getScreenCTM().inverse();
  const view = window.warroomTable.snapshot.view;
  return view.enemies.map((e) => {
    const r = document.querySelector(`.siege-board [data-token="${e.id}"] .halo`).getBoundingClientRect();
    const p = svg.createSVGPoint(); p.x = r.x + r.width / 2; p.y = r.y + r.height / 2;
    const c = p.matrixTransform(inv);
    const q = svg.createSVGPoint(); q.x = r.x + r.width; q.y = p.y;
    return { id: e.id, ring: e.ring, sector: e.sector, x: c.x, y: c.y, r: q.matrixTransform(inv).x - c.x };
  });
}"""

# the pure layout, for crowded spaces: 1 to 12 tokens in one space of every ring
LAYOUT = """async () => {
  const { layout } = await import('/static/renderers/siege.js');
  const out = [];
  for (const ring of ['city', 'tank', 'artillery', 'aviation', 'rear'])
    for (let n = 1; n <= 12; n++) {
      const enemies = Array.from({ length: n }, (_, i) => ({ id: i, ring, sector: 1 + (n % 6) }));
      const spots = layout(enemies);
      out.push(enemies.map((e) => ({ ...e, ...spots.get(e.id), r: 27 * spots.get(e.id).scale })));
    }
  return out;
}"""

RINGS = {
    "city": (0, 118),
    "tank": (134, 199),
    "artillery": (199, 264),
    "aviation": (264, 329),
    "rear": (329, 394),
}


def check_inside_and_apart(tokens: list[dict[str, Any]]) -> None:
    """Every token whole inside its ring and its sector's 60 degrees; no two touching."""
    import math

    for t in tokens:
        dx, dy = t["x"] - 430, t["y"] - 430
        dist = math.hypot(dx, dy)
        r0, r1 = RINGS[t["ring"]]
        assert r0 - 0.5 <= dist - t["r"] and dist + t["r"] <= r1 + 0.5, t
        mid = math.radians(-90 + (t["sector"] - 0.5) * 60)
        off = math.atan2(math.sin(math.atan2(dy, dx) - mid), math.cos(math.atan2(dy, dx) - mid))
        # the token's edge stays on its side of both sector borders
        assert dist * math.sin(math.radians(30) - abs(off)) >= t["r"] - 0.5, t
        # still a token one can see: crowded spaces shrink their tokens, three to a space hardly
        assert t.get("scale", 1) >= (0.6 if len(tokens) <= 3 else 0.25), t
    for i, a in enumerate(tokens):
        for b in tokens[i + 1 :]:
            if (a["ring"], a["sector"]) == (b["ring"], b["sector"]):
                assert math.hypot(a["x"] - b["x"], a["y"] - b["y"]) >= a["r"] + b["r"] - 0.5, (a, b)


def test_siege_walls_repair_card_words_and_tokens_on_the_phone(browser: Any, serve: Any) -> None:
    server: ServerProcess = serve(ai_delay_ms=0)
    created = server.post(
        "/api/tables", {"game": "siege", "options": {"players": 1}, "seats": ["human"], "seed": SEED}
    )
    catalog = warroom.load("siege", players=1).catalog()["cards"]
    page = open_seat(browser, server.base + created["seats"][0]["link"], *PHONE, autoplay=False)
    page.wait_for_selector(".siege-board")
    # the arrangement and the swap are not what this test is about: taken through the socket
    doc = wait_my_move(page)
    assert doc["view"]["decision"]["kind"] == "arrange"
    play_option(page, doc["legal"][0]["text"])
    assert wait_my_move(page)["view"]["decision"]["kind"] == "swap"
    play_option(page, "swap blue_artillery")
    doc = wait_my_move(page)
    if doc["view"]["decision"]["kind"] == "swap":  # one more may go: none
        play_option(page, "pass")
        doc = wait_my_move(page)
    assert doc["view"]["decision"]["kind"] == "play"
    # every card reads in full on hover: its printed name and what it hits and does
    cards = page.locator(".hands .card").evaluate_all(
        "ns => ns.map((n) => [n.dataset.kind, n.title, n.dataset.read])"
    )
    assert cards
    for kind, title, read in cards:
        assert title == read == f"{catalog[kind]['name']}: {catalog[kind]['text']}", kind
    # DOT: the walls become targets, each one a zone at least 44 CSS px across both ways
    # (clicks: a first tap on a card opens its words, see the table's tap-to-read)
    page.locator('.player.mine .card.target[data-kind="dot"]').click()
    page.wait_for_selector(".siege-board .fort.target")
    got = page.evaluate(FORTS)
    assert len(got["forts"]) == 6
    for fort in got["forts"]:
        assert fort["w"] >= 44 and fort["h"] >= 44, fort
        assert fort["hits"] == [fort["sector"]] * 10, fort
    check_inside_and_apart(page.evaluate(TOKENS))
    shot(page, "siege-walls-390x844")
    # a click in the tank ring in front of wall 4, off the drawn wall, takes it
    centre = next(f["centre"] for f in got["forts"] if f["sector"] == 4)
    page.mouse.click(centre[0], centre[1])
    wait_ply_after(page, got["ply"])
    doc = wait_my_move(page)
    assert doc["view"]["dots"]["4"]  # the DOT stands on wall 4 (JSON keys are text)
    # Repair: the cards it may take back appear as faces, each kind once, named as printed
    page.locator('.player.mine .card.target[data-kind="repair"]').click()
    page.wait_for_selector(".repair-row .card.target")
    row = page.evaluate(
        """() => ({ legal: window.warroomTable.snapshot.legal,
                    faces: [...document.querySelectorAll('.repair-row .card')].map((n) =>
                      [n.dataset.kind, n.dataset.handle, n.querySelector('.card-name').textContent]) })"""
    )
    takes = {
        p["value"] for a in row["legal"] if a["verb"] == "repair" for p in a["parts"] if p["role"] == "take"
    }
    assert takes == {"blue_artillery", "dot"}
    assert sorted(k for k, _, _ in row["faces"]) == sorted(takes)
    for kind, handle, name in row["faces"]:
        assert handle == f"take:{kind}" and name == catalog[kind]["name"]
    ply = page.evaluate(f"{SNAP}.ply")
    page.locator('.repair-row .card[data-kind="blue_artillery"]').click()
    wait_ply_after(page, ply)
    assert "blue_artillery" in wait_my_move(page)["view"]["hands"][0]
    assert page.locator(".repair-row").count() == 0
    # crowded spaces: the layout keeps 1 to 12 tokens of one space inside it and apart
    for group in page.evaluate(LAYOUT):
        check_inside_and_apart(group)
    assert not page.errors, page.errors
