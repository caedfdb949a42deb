"""Metro 2033 in real headless Chromium: the SVG metro map drawn from the board data alone, and
(once the game is registered) a 3-player table played by clicking, with no secret of another seat
on the page or in any websocket frame. Screenshots: docs/screenshots/metro2033-*.png."""

from __future__ import annotations

import json
from typing import Any

import pytest

import warroom
from tests.server.test_browser import SNAP, OpaqueOptions, browser, new_page, shot, snap  # noqa: F401  (fixture)
from warroom.games.metro2033.content import default_content
from warroom.games.metro2033.render import LINE_COLOURS, catalog

CONTENT = default_content()
BOARD = CONTENT.board


def draw(page: Any, marks: str = "{}") -> None:
    """Load the renderer module in the served page and draw the map with `marks` (a JS object
    literal; `inPlay` given as a list becomes a Set). The lobby finishes building itself first:
    drawn over a lobby still loading, its own code would find its elements gone."""
    page.wait_for_selector(".game-card")
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


# -- a table played by clicking ------------------------------------------------------------------


def my_turn(page: Any, seat: int = 0) -> dict[str, Any]:
    """Wait until `seat` may act (its turn, or a secret choice it has not made) or the game ends."""
    page.wait_for_function(
        f"() => {{ const s = {SNAP}; return s && !window.warroomTable.pending && (s.finished || "
        f"((s.waiting || [s.current_player]).includes({seat}) && s.legal.length > 0)); }}",
        timeout=30000,
    )
    return snap(page)


def click(page: Any, locator: Any) -> None:
    """Click, then wait until the move is made or the click only picked a piece (a selection)."""
    ply = snap(page)["ply"]
    locator.click()
    page.wait_for_function(
        f"() => {SNAP}.ply > {ply} || window.warroomTable.selection.length > 0", timeout=15000
    )


# What a person clicks, in order: a play offered for a picked station, a highlighted card, hero or
# station on the table, else a button of the decision panel, else the first listed option.
TARGETS = (".m33-chooser button.primary", ".m33-card.target", ".m33-hero.target", ".m33-station.target")


def take_a_turn(page: Any) -> str:
    for selector in TARGETS:
        found = page.locator(selector)
        if found.count():
            click(page, found.first)
            return selector
    buttons = page.locator(".decision .row button")
    click(page, buttons.first if buttons.count() else page.locator(".option-list button").first)
    return "list"


def hidden_from_seat0(db: str, table_id: str, seed: int, plies: set[int]) -> dict[int, set[str]]:
    """For each ply, the card ids seat 0 may not know then (rebuilt from the stored moves): the
    other players' face-down quests and scouting cards, their dealt battle cards and the set-aside
    one, less every id that is public or seat 0's own at that moment (two copies of a quest)."""
    from warroom.server.store import SqlStore
    from warroom.server.turns import play

    store = SqlStore(db)
    try:
        actions = store.actions(table_id)
    finally:
        store.close()
    game = warroom.load("metro2033", players=3)
    state: Any = game.new_initial_state(seed)
    out: dict[int, set[str]] = {}
    for ply in range(max(plies) + 1):
        if ply in plies:
            out[ply] = _secrets(state)
        if ply < len(actions):
            play(state, actions[ply].seat, actions[ply].text)
    return out


def _secrets(st: Any) -> set[str]:
    from warroom.games.metro2033.cards import CARD

    secret: set[str] = set()
    for q in (1, 2):
        secret |= {CARD[c] for c in (*st.quests[q], *st.scouts[q])}
    bt = st.bt
    mine = 0 if bt.get("aseat") == 0 else 1 if bt.get("dseat") == 0 else None
    revealed = {bt.get("ca"), bt.get("cd")}
    for i, hand in enumerate(st.bhand):
        if i != mine:
            secret |= {CARD[c] for c in hand if CARD[c] not in revealed}
    view = st.view(0)
    public = set(view["market"]) | set(view["discards"]["equipment"]) | set(view["discards"]["threat"])
    for s in view["seats"]:
        public |= set(s["completed"]) | set(s["equipment"]) | set(s.get("quests", []))
    public |= set(view["drawn"]) | {view["law"], view["proposal"], view["events_threat"]}
    if view["seats"][0]["scouting"]:
        public.add(view["seats"][0]["scouting"]["card"])
    if view["battle"]:
        public |= set(view["battle"]["hand"]) | {view["battle"]["threat"]}
    return secret - public


BANNER = """() => {
  const b = document.querySelector("#turn-banner");
  const words = b.querySelector(".muted"), pill = b.querySelector(".deal");
  const font = parseFloat(getComputedStyle(pill).fontSize);
  return { W: innerWidth, page: document.documentElement.scrollWidth, right: b.getBoundingClientRect().right,
           words: words.textContent, cut: words.scrollWidth - words.clientWidth,
           pill: pill.getBoundingClientRect().width, pillMin: 4.5 * font };
}"""


def phone_banner(page: Any) -> None:
    """The banner on a phone (390x844): nothing wider than the screen, and the seed pill gives way
    (ellipsised, down to its least width) before the words that say whose seat this is do."""
    seen = page.evaluate(BANNER)
    assert seen["page"] <= seen["W"] and seen["right"] <= seen["W"], seen
    assert "You are" in seen["words"], seen
    if seen["cut"] > 0:  # the words are cut only when the pill is as narrow as it goes
        assert seen["pill"] <= seen["pillMin"] + 1.0, seen


def test_metro2033_three_players_two_ai_to_the_end_of_round_2_by_clicking(
    browser: Any,  # noqa: F811
    serve: Any,
    db_path: str,
) -> None:
    """A person and two heuristic AIs: the draft, the hero's placement, upkeep, army attacks, hero
    moves and battle cards, all by clicking what the options' parts highlight, to the end of round
    2; no other player's quest, scouting card or unrevealed battle card reaches the page or any
    websocket frame (M33-HID-01, M33-HID-03, M33-HID-06); the opponent's secret battle card shows
    only as "chosen" until both are revealed together (M33-BAT-03)."""
    server = serve()
    seed = 3
    created = server.post(
        "/api/tables",
        {"game": "metro2033", "options": {"players": 3}, "seats": ["human", "heuristic", "heuristic"],
         "seed": seed, "ai_delay_ms": 0},
    )  # fmt: skip
    page = new_page(browser)
    page.set_viewport_size({"width": 1280, "height": 800})
    opaque = OpaqueOptions(page)  # the clicks below work from the options' parts alone
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_selector(".m33-map")
    clicked: dict[str, int] = {}
    chosen_seen = shots = 0
    for _ in range(400):
        doc = my_turn(page)
        view = doc["view"]
        if doc["finished"] or view["round"] > 2:
            break
        secret = view["secret"]
        if secret and view["battle"] and not shots:
            opaque.shot("metro2033-1280x800")
            page.set_viewport_size({"width": 390, "height": 844})
            phone_banner(page)
            opaque.shot("metro2033-390x844")
            page.set_viewport_size({"width": 1280, "height": 800})
            shots += 1
        if secret:  # the other side's card: "chosen" or "choosing", never its name
            other = next(s for s in secret["seats"] if s != 0)
            # the page's text and its snapshot read at one moment (an AI may commit in between)
            battle_text, committed = page.evaluate(
                "() => [document.querySelector('.m33-battle')?.innerText ?? '',"
                " window.warroomTable.snapshot.view.secret?.committed ?? null]"
            )
            if committed is not None:  # still the secret choice at that moment (not yet revealed)
                assert ("chosen" in battle_text) == (other in committed)
                chosen_seen += other in committed
            assert all(cid not in battle_text for cid in warroom.load("metro2033").catalog()["battle_cards"])
        how = take_a_turn(page)
        clicked[how] = clicked.get(how, 0) + 1
    assert view["round"] > 2 or doc["finished"], "did not reach the end of round 2"
    for selector in (".m33-card.target", ".m33-station.target"):  # cards (draft, battle) and stations
        assert clicked.get(selector, 0) > 0, (selector, clicked)
    assert shots and chosen_seen, (shots, chosen_seen)
    # nothing secret in any frame the server sent this seat, at the ply it was sent
    frames = [json.loads(f) for f in opaque.frames]
    plies = {f["ply"] for f in frames if "view" in f}
    secrets = hidden_from_seat0(db_path, created["id"], seed, plies)
    checked = 0
    for frame in frames:
        if "view" not in frame:  # acks and errors carry no table
            continue
        # what the frame says of the game (the catalog beside it names every card of the box)
        text = json.dumps({key: frame.get(key) for key in ("view", "legal", "events", "log")})
        for q in (1, 2):
            seat = frame["view"]["seats"][q]
            assert "quests" not in seat and (seat["scouting"] is None or "card" not in seat["scouting"])
        for cid in secrets[frame["ply"]]:
            assert f'"{cid}"' not in text, (frame["ply"], cid)
            checked += 1
    assert checked > 50
    assert not page.errors, page.errors
