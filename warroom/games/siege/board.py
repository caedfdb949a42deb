"""The round board of Siege (SG-DEF-01, siege.md §2.2), precomputed at import.

Seen from above, sectors ascend clockwise; each sector is a wedge of five rings:

            REAR(1)   ...                     ring index: REAR 0, AVIATION 1,
          AVIATION(1)                                     ARTILLERY 2, TANK 3, CITY 4
         ARTILLERY(1)
           TANK(1)          space = (sector - 1) * 5 + ring, sectors 1..6
     ----- F(1) -----       fortification slot on the TANK/CITY border
           CITY(1)  ->  CITY(2) -> ... -> CITY(6) -> CITY(1)   (clockwise city walk)

Colours: sectors 1-2 red, 3-4 green, 5-6 blue.
"""

from __future__ import annotations

from warroom.games.siege.words import Colour, Ring, Site

SECTORS = (1, 2, 3, 4, 5, 6)
NUM_SPACES = 30
STRIKE_RINGS = (Ring.AVIATION, Ring.ARTILLERY, Ring.TANK)


def cw(sector: int) -> int:
    """The next sector clockwise (SG-DEF-04, SG-EVT-02)."""
    return sector % 6 + 1


def ccw(sector: int) -> int:
    """The next sector counter-clockwise (SG-EVT-03)."""
    return (sector + 4) % 6 + 1


def opposite(sector: int) -> int:
    """The sector across the city (SG-HE-01)."""
    return (sector + 2) % 6 + 1


def space(sector: int, ring: Ring | int) -> int:
    return (sector - 1) * 5 + int(ring)


def colour_of(sector: int) -> Colour:
    return Colour((sector - 1) // 2)


SECTOR_OF: tuple[int, ...] = tuple(i // 5 + 1 for i in range(NUM_SPACES))
RING_OF: tuple[Ring, ...] = tuple(Ring(i % 5) for i in range(NUM_SPACES))
COLOUR_OF_SPACE: tuple[Colour, ...] = tuple(colour_of(SECTOR_OF[i]) for i in range(NUM_SPACES))
SECTORS_OF_COLOUR: dict[Colour, tuple[int, int]] = {c: (2 * c + 1, 2 * c + 2) for c in Colour}
# Per colour, whether each space is of that colour (a lookup instead of comparing enums).
IN_COLOUR: dict[Colour, tuple[bool, ...]] = {
    c: tuple(COLOUR_OF_SPACE[i] == c for i in range(NUM_SPACES)) for c in Colour
}

# Where an enemy goes on an "advance one step" (SG-DEF-04): next ring inward, or the next city cell.
ADVANCE: tuple[int, ...] = tuple(
    space(cw(SECTOR_OF[i]), Ring.CITY) if RING_OF[i] is Ring.CITY else i + 1 for i in range(NUM_SPACES)
)
CLOCKWISE: tuple[int, ...] = tuple(space(cw(SECTOR_OF[i]), RING_OF[i]) for i in range(NUM_SPACES))
COUNTER_CLOCKWISE: tuple[int, ...] = tuple(space(ccw(SECTOR_OF[i]), RING_OF[i]) for i in range(NUM_SPACES))

# The He-111's flight for each rolled sector (SG-HE-01): (SPACE, i) | (FORT, s) | (BUILDING, s).
_SPACE, _FORT, _BUILDING = Site.SPACE, Site.FORT, Site.BUILDING
HE111_PATH: dict[int, tuple[tuple[Site, int], ...]] = {
    s: (
        *((_SPACE, space(s, r)) for r in (Ring.REAR, Ring.AVIATION, Ring.ARTILLERY, Ring.TANK)),
        (_FORT, s),
        (_BUILDING, s),
        (_SPACE, space(s, Ring.CITY)),
        (_BUILDING, opposite(s)),
        (_SPACE, space(opposite(s), Ring.CITY)),
        (_FORT, opposite(s)),
        *((_SPACE, space(opposite(s), r)) for r in (Ring.TANK, Ring.ARTILLERY, Ring.AVIATION, Ring.REAR)),
    )
    for s in SECTORS
}


def space_name(i: int) -> str:
    return f"{RING_OF[i].name.lower()} {SECTOR_OF[i]}"
