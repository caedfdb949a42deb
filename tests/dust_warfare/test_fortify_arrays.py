"""DW-FL-04 measured on arrays: the fortification listings ask `fortify._spots`, which measures
every 1" lattice point at once with Shapely 2's array functions (and arithmetic for a zone that is
its own rectangle); it must decide exactly what the point test `fortify._fits` decides, point by
point, for minefields and both barriers in both rotations, on real Front Lines tables as the
fortifications go down, and on a deployment zone that is no rectangle (the Shapely path)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from shapely.geometry import Polygon

from warroom.core.rng import Rng
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.rules import fortify
from warroom.games.dust_warfare.state import DustState

GAME = DustWarfareGame(scenario="front_lines")


def _fortifying(seed: int) -> Iterator[DustState]:
    """A Front Lines game's positions at each fortification's first stage, as they come (sampled
    play: live and dummy minefields and barriers go down one by one)."""
    st, rng = GAME.new_initial_state(seed), Rng(seed)
    while not st.is_terminal():
        if st.decision is not None and st.decision.kind == "fort" and st.placing["kind"] is None:
            yield st.clone()
        elif st.mines and st.decision is not None and st.decision.kind not in ("fort", "terrain", "edge"):
            return
        st.apply_action(st.sample_legal(rng))


def _compare(st: DustState, stride: int) -> int:
    """Every `stride`-th lattice point (by x + y), every kind and rotation: the array verdict
    equals the point test's. Returns how many verdicts were compared, and how many admitted."""
    compared = admitted = 0
    points = [(x, y) for x, y in st.game.actions.at if (x + y) % stride == 0]
    for kind in (fortify.MINE, fortify.TerrainKind.WIRE.value, fortify.TerrainKind.TANK_TRAP.value):
        spots = fortify._spots(st, kind)
        for x, y in points:
            for rotation in fortify.ROTATIONS:
                fits = fortify._fits(st, kind, float(x), float(y), rotation)
                assert ((x, y, rotation) in spots) is fits, (kind, x, y, rotation, st.mines, st.terrain)
                compared += 1
                admitted += fits
    assert 0 < admitted < compared  # both verdicts met
    return compared


@pytest.mark.parametrize("seed", [0, 5])
def test_fl_04_the_lattice_measured_at_once_decides_as_the_point_test(seed: int) -> None:
    """DW-FL-04 on the tables of seeded games: the first, a middle and the last fortification."""
    positions = list(_fortifying(seed))
    assert len(positions) >= 6
    compared = sum(_compare(st, 3) for st in (positions[0], positions[len(positions) // 2], positions[-1]))
    assert compared > 10_000


def test_fl_04_a_zone_that_is_no_rectangle_is_measured_by_shapely(monkeypatch: pytest.MonkeyPatch) -> None:
    """DW-FL-04 with a deployment zone of another shape (a user scenario's): the arrays take the
    Shapely path for it, boxes across its slanted edge included, and still decide as the point
    test does."""
    st = next(_fortifying(1))
    wedge = Polygon([(0.0, 0.0), (72.0, 0.0), (72.0, 6.0), (0.0, 20.0)])
    monkeypatch.setattr(fortify, "_zones", lambda _st: [wedge])
    assert not fortify._is_box(wedge)
    assert _compare(st, 2) > 10_000
