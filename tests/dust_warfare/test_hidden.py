"""Hidden units (dust_warfare.md DW-BTL-06, DW-BTL-07, DW-BTL-08, DW-BTL-09, DW-ACT-10,
DW-CMD-13, DW-NE-14, DW-INIT-01, EDGE-23, §4.2): what a hidden unit may and may not do, what
reveals it, where it is placed, and that no view, event, option list or measurement tells which
unit stands behind a marker."""

from __future__ import annotations

import re

import pytest

from tests.dust_warfare.helpers import options, play
from tests.dust_warfare.test_night import deployed
from warroom.core.rng import Rng
from warroom.games.dust_warfare.geometry import Base, distance
from warroom.games.dust_warfare.rules import hidden, turn
from warroom.games.dust_warfare.rules.attack import targets
from warroom.games.dust_warfare.state import DustState
from warroom.games.dust_warfare.words import Status


def to_units_phase(st: DustState) -> None:
    """Leave every order unused until the first activation."""
    while st.decision.kind != "activate":
        play(st, "hide" if st.decision.kind == "conceal" else "stop")


def test_ne_14_edge_23_a_hidden_marker_offers_exactly_keep_hidden_or_reveal() -> None:
    """EDGE-23, DW-NE-14, DW-ACT-10, D-13: hidden units activate by marker id; the options are
    exactly {keep hidden, reveal}; keeping hidden uses no action; revealing places the unit and
    its activation proceeds with its full options."""
    st = deployed()
    to_units_phase(st)
    seat = st.current_player()
    prefix = "A" if seat == 0 else "X"
    assert options(st) == [f"marker {prefix}-M{i}" for i in range(1, 6)]
    play(st, f"marker {prefix}-M3")
    assert options(st) == ["hide", "reveal"] and st.view(seat)["decision"]["marker"] == f"{prefix}-M3"
    k = hidden.find_marker(st, f"{prefix}-M3")
    u = st.mapping[k]
    x, y = st.markers[k][1:3]
    events = play(st, "reveal")
    assert [e.kind for e in events][:2] == ["reveal", "placed"] and st.on_table(u)
    leader = st.base(u, st.leader[u])
    assert (leader.x, leader.y) == (x, y)  # DW-BTL-09: nearest the marker's centre (here on it)
    assert st.decision.kind in ("action", "leader") and "move" in options(st)
    assert st.view(1 - seat)["markers"][k]["unit"] == u and st.view(1 - seat)["markers"][k]["revealed"]


def test_act_10_keeping_hidden_ends_the_activation_and_the_marker_shows_activated() -> None:
    st = deployed()
    to_units_phase(st)
    seat = st.current_player()
    first = options(st)[0]
    play(st, first, "hide")
    k = hidden.find_marker(st, first.split()[1])
    view = st.view(None)
    assert view["markers"][k]["activated"] and not any(u["activated"] for u in view["units"])
    assert first not in options(st) and st.status[st.mapping[k]] == Status.HIDDEN
    assert st.current_player() == seat


def test_btl_07_hidden_units_cannot_be_targeted_nor_react_but_count_in_the_pool() -> None:
    """DW-BTL-07, DW-ATK-11, DW-INIT-01: no attack option names a hidden unit; a hidden unit is
    never a reactor; each hidden unit adds a die to the pool (5 units: 5 dice)."""
    st = deployed()
    assert turn.pool(st, 0) == 5 and turn.pool(st, 1) == 5
    to_units_phase(st)
    seat = st.current_player()
    play(st, options(st)[0], "reveal")
    shooter = st.activation["unit"]
    assert targets(st, shooter, "fire", reaction_attack=False) == []
    assert all(st.status[u] != Status.TABLE for u in st.units_of(1 - seat))


def test_btl_07_no_miniature_ends_on_a_marker_disk() -> None:
    """DW-BTL-07: a marker's disk is an obstacle no miniature may overlap."""
    st = deployed()
    to_units_phase(st)
    play(st, options(st)[0], "reveal")
    u = st.activation["unit"]
    friends, _ = st.friends_and_enemies(u)
    disks = hidden.disks(st)
    assert disks and all(d in friends for d in disks)


def test_btl_08_b_a_marker_is_spotted_within_six_inches_at_night() -> None:
    """DW-BTL-08 (b), DW-BTL-10: at the end of an enemy action, a marker a revealed enemy
    miniature sees within 6" is revealed; one 7" away is not (terrain cleared: LOS is open)."""
    st = deployed()
    to_units_phase(st)
    seat = st.current_player()
    play(st, options(st)[0], "reveal")
    st.terrain = []
    st.touch()
    far, near = hidden.markers_of(st, 1 - seat)[:2]
    others = [b for t in st.table_units(seat) for b in st.bases(t)]

    def gap(x: float, y: float) -> float:
        disk = Base(x, y, hidden.MARKER_RADIUS, hidden.MARKER_HEIGHT)
        return min(distance(b, disk) for b in others) if st.board.is_on_table(disk) else -1.0

    spots = [(x / 2, y / 2) for x in range(4, 140) for y in range(4, 92)]
    near_xy = next(p for p in spots if 5.0 <= gap(*p) <= 5.9)
    far_xy = next(
        p for p in spots if 7.0 <= gap(*p) <= 8.0 and abs(p[0] - near_xy[0]) + abs(p[1] - near_xy[1]) > 3
    )
    st.markers[near] = [1 - seat, *near_xy, False]
    st.markers[far] = [1 - seat, *far_xy, False]
    hidden.spot(st, seat)
    assert st.markers[near][3] and not st.markers[far][3]


def test_btl_09_the_leader_stands_at_the_nearest_legal_point() -> None:
    """DW-BTL-09: a marker whose centre is taken by another miniature: the Unit Leader stands
    at the nearest legal point instead, the others in formation, none within 1" of an enemy."""
    st = deployed()
    to_units_phase(st)
    seat = st.current_player()
    play(st, options(st)[0], "reveal")
    u = st.activation["unit"]
    lead = st.base(u, st.leader[u])
    k = hidden.markers_of(st, 1 - seat)[0]
    st.markers[k] = [1 - seat, lead.x, lead.y, False]  # the same centre as a revealed miniature
    v = st.mapping[k]
    hidden.reveal(st, k, "is spotted")
    assert st.on_table(v)
    new = st.base(v, st.leader[v])
    assert (new.x, new.y) != (lead.x, lead.y)
    assert ((new.x - lead.x) ** 2 + (new.y - lead.y) ** 2) ** 0.5 <= 12
    assert all(b.x != lead.x or b.y != lead.y for b in st.bases(v))


def test_btl_09_a_unit_that_cannot_be_placed_is_destroyed(monkeypatch: pytest.MonkeyPatch) -> None:
    """DW-BTL-09: with no legal position anywhere near its marker, the unit is destroyed."""
    st = deployed()
    k = 0
    u = st.mapping[k]
    monkeypatch.setattr(hidden, "spot_for", lambda *_: None)  # nowhere to stand
    hidden.reveal(st, k, "acts")
    assert st.status[u] == Status.DESTROYED and all(st.dead[u]) and st.markers[k][3]


def test_cmd_13_a_hidden_command_section_is_revealed_by_the_first_order() -> None:
    """DW-CMD-13: with the Command Section hidden, the Command phase first asks {no orders,
    reveal} without naming a marker; revealing places the section and orders follow, a hidden
    unit taking one by its marker id (revealed first, DW-CMD-06)."""
    st = deployed()
    assert st.decision.kind == "conceal" and len(st.decision) == 2
    assert options(st) == ["hide", "reveal"] and st.view(None)["decision"]["marker"] is None
    seat = st.current_player()
    section = next(u for u in st.units_of(seat) if st.unit(u).is_command)
    play(st, "reveal")
    assert st.on_table(section) and st.decision.kind == "command"
    takes = [o for o in options(st) if re.fullmatch(r"take [AX]-M\d( radio)?", o)]
    assert not any(re.search(rf"\bu{u}\b", o) for o in options(st) for u in hidden.hidden_units(st))
    if takes:
        k = hidden.find_marker(st, takes[0].split()[1])
        u = st.mapping[k]
        play(st, takes[0])
        assert st.on_table(u) and st.decision.kind == "action" and st.activation["order"]


def test_cmd_13_no_orders_keeps_the_section_hidden() -> None:
    st = deployed()
    seat = st.current_player()
    play(st, "hide")
    assert st.orders[seat] == 0 and all(st.status[u] == Status.HIDDEN for u in st.units_of(seat))


def _leaks(st: DustState) -> None:
    """Nothing a player receives names a hidden unit: option texts, views' cards beyond
    `hidden`, and the pre-measurement refuses it like any unit off the table."""
    concealed = hidden.hidden_units(st)
    for text in options(st):
        assert not any(re.search(rf"\bu{u}\b", text) for u in concealed), text
    for viewer in (None, 0, 1):
        view = st.view(viewer)
        for u in concealed:
            card = view["units"][u]
            assert card["status"] == "hidden" and not card["activated"]
            assert all(m["x"] is None for m in card["models"])
        assert all(m["unit"] is None for m in view["markers"] if not m["revealed"])


def test_s42_no_option_view_or_event_names_a_hidden_unit() -> None:
    """§4.2, DW-NE-02/14: along random games, no option list, view or event names a unit while
    it is hidden, and re-dealing the markers (resample_hidden) changes no seat's view."""
    from warroom.games.dust_warfare import DustWarfareGame

    game = DustWarfareGame(scenario="night_encounter")
    rng = Rng(11)
    for seed in (5, 6):
        st = game.new_initial_state(seed)
        steps = 0
        while not st.is_terminal():
            _leaks(st)
            if steps % 15 == 0:
                for viewer in (None, 0, 1):
                    assert st.resample_hidden(viewer, rng.spawn()).view(viewer) == st.view(viewer)
            before = set(hidden.hidden_units(st))
            events = st.apply_action(rng.choice(st.legal_actions()))
            still = set(hidden.hidden_units(st))
            for e in events:
                unit = e.data.get("unit")
                assert unit is None or unit not in still, (e.kind, e.text)
                assert "target" not in e.data or e.data["target"] not in before
            steps += 1


def test_s42_measuring_a_hidden_unit_is_refused_its_marker_is_measured() -> None:
    """DW-GEO-03 with DW-BTL-06: `u3` of a hidden unit is refused like any unit off the table;
    the marker id measures the marker's disk."""
    st = deployed()
    u = hidden.hidden_units(st, 0)[0]
    try:
        st.measure(f"u{u}", [36, 24])
    except ValueError as err:
        assert "no such unit on the table" in str(err)
    else:
        raise AssertionError("a hidden unit was measured")
    k = hidden.markers_of(st, 0)[0]
    x, y = st.markers[k][1:3]
    found = st.measure(hidden.marker_id(st, k), [x + 5.0, y])
    assert abs(found.distance - 4.0) < 1e-6


def test_s42_the_numeric_observation_shows_markers_not_their_units() -> None:
    """§4.2 in the learning environments' encoding: each marker's position and flags are
    encoded, a hidden unit only as hidden; re-dealing the markers changes no seat's numbers."""
    from warroom.games.dust_warfare import DustWarfareGame

    game = DustWarfareGame(scenario="night_encounter")
    st = deployed()
    rng = Rng(3)
    for _ in range(40):
        for viewer in (None, 0, 1):
            mine = game.observe(st.view(viewer), viewer)
            again = game.observe(st.resample_hidden(viewer, rng.spawn()).view(viewer), viewer)
            assert mine == again and len(mine) == game.observation_size()
        st.apply_action(rng.choice(st.legal_actions()))
    placed = [v for v in game.observe(st.view(0), 0)[-60::6]]
    assert placed == [1.0] * 10  # ten markers on the table
