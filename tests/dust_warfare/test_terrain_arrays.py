"""DW-BTL-01, DW-FL-01/02 measured on arrays: terrain placement's listings ask `terrain._spots`,
which measures every lattice centre in both rotations at once with Shapely 2's array functions;
it must decide exactly what the point test `terrain.fits` decides, centre by centre, for every
kind of the pool, on real Secret Mission and Front Lines tables as the pieces go down (Front
Lines' band and each player's own-half ruin included)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from warroom.core.rng import Rng
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.rules import terrain
from warroom.games.dust_warfare.state import DustState
from warroom.games.dust_warfare.words import TerrainKind


def _placing(game: DustWarfareGame, seed: int) -> Iterator[DustState]:
    """A seeded game's positions at each terrain piece's first stage, as they come (sampled play)."""
    st, rng = game.new_initial_state(seed), Rng(seed)
    while not st.is_terminal():
        if (
            st.decision is not None
            and st.decision.kind == "terrain"
            and st.placing
            and st.placing["kind"] is None
        ):
            yield st.clone()
        elif st.terrain and st.decision is not None and st.decision.kind not in ("terrain", "roll", "edge"):
            return
        st.apply_action(st.sample_legal(rng))


def _compare(st: DustState) -> tuple[int, int]:
    """Every lattice centre, kind and rotation: the array verdict equals the point test's."""
    compared = admitted = 0
    step = int(st.game.content.placement.lattice)
    points = [(x, y) for x, y in st.game.actions.at if x % step == 0 and y % step == 0]
    for kind in TerrainKind:
        if st.game.content.terrain[kind].footprint is None:
            continue
        spots = terrain._spots(st, kind)
        for x, y in points:
            for rotation in terrain.ROTATIONS:
                fits = terrain.fits(st, kind, float(x), float(y), rotation)
                assert ((x, y, rotation) in spots) is fits, (kind, x, y, rotation, st.terrain)
                compared += 1
                admitted += fits
    return compared, admitted


@pytest.mark.parametrize(("scenario", "seed"), [("secret_mission", 0), ("front_lines", 3)])
def test_placement_lattice_measured_at_once_decides_as_the_point_test(scenario: str, seed: int) -> None:
    """The first, a middle and the last piece's table: over 10,000 verdicts, both kinds met."""
    positions = list(_placing(DustWarfareGame(scenario=scenario), seed))
    assert len(positions) >= 4
    compared = admitted = 0
    for st in (positions[0], positions[len(positions) // 2], positions[-1]):
        c, a = _compare(st)
        compared, admitted = compared + c, admitted + a
    assert compared > 10_000 and 0 < admitted < compared
