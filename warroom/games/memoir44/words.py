"""Memoir '44's domain words, defined once and imported everywhere else (memoir44.md §2).

Sides, the three base types units belong to, the kinds named in the data files, the per-hex
movement flags, how a game ended and the kinds of decision a player is asked for. The state holds
plain ints and strings (they are saved as such); these enums and constants give them their names.
"""

from __future__ import annotations

from enum import IntEnum


class Side(IntEnum):
    """The two sides; a side's index in every per-side list (M44-GEN-01)."""

    ALLIES = 0
    AXIS = 1


SIDES = (Side.ALLIES, Side.AXIS)
SIDE_NAMES = ("allies", "axis")  # as options, scenario files, saves and views write them
SIDE_TITLES = ("Allies", "Axis")  # as the log writes them
SIDE_ADJECTIVES = ("Allied", "Axis")  # "the Allied left flank"


class Base(IntEnum):
    """The base type every unit kind belongs to: what its symbol on the dice is, which cards
    order it, which terrain stops it (M44-UNIT-01..05, M44-DICE-02)."""

    INFANTRY = 0
    ARMOR = 1
    ARTILLERY = 2


INFANTRY, ARMOR, ARTILLERY = Base.INFANTRY, Base.ARMOR, Base.ARTILLERY
BASE_NAMES: tuple[str, ...] = tuple(b.name.lower() for b in Base)  # ("infantry", "armor", "artillery")

# The kinds each data file may name (content.py checks every entry against these).
UNIT_KINDS = ("infantry", "special_forces", "resistance", "armor", "elite_armor", "artillery")
TERRAIN_KINDS = ("clear", "forest", "hedgerow", "hill", "town", "river", "ocean", "beach")
FEATURE_KINDS = ("bunker", "bridge")
OBSTACLE_KINDS = ("sandbags", "wire", "hedgehog")
EFFECTS = (
    "probe", "attack", "assault", "recon", "recon_in_force", "general_advance", "pincer_move",
    "air_power", "ambush", "armor_assault", "artillery_bombard", "barrage", "behind_enemy_lines",
    "close_assault", "counter_attack", "dig_in", "direct_from_hq", "firefight", "infantry_assault",
    "medics_and_mechanics", "move_out", "their_finest_hour",
)  # fmt: skip
SECTION_EFFECTS = ("probe", "attack", "assault", "recon")  # one card per section (M44-SECT-01..04)

# Movement flags per hex (Memoir44Game.move_flags), bits of one int for the movement search.
STOP = 1  # a unit entering must stop: forest, hedgerow, town, ocean, wire (M44-MOVE-06, M44-OBST-08)
FIRST_ONLY = 2  # entered only as a move's first step: hedgerow, ocean (M44-TERR-04, M44-TERR-10)
BEACH = 4  # a move that enters a beach goes at most 2 hexes (M44-TERR-12)


class Result(IntEnum):
    """How the game stands: running, won by a side (the value is that side), or drawn at the
    engine's turn bound. Saved as the int."""

    RUNNING = -1
    ALLIES = 0
    AXIS = 1
    DRAW = 2


RUNNING, DRAW = Result.RUNNING, Result.DRAW
RESULT_NAMES: dict[int, str] = {r.value: r.name.lower() for r in Result}  # as views and reports write them


class Kind:
    """The kinds of decision: the pending decision's first entry, plain strings as saved (a
    namespace of constants rather than an enum: they are read on every decision)."""

    CARD = "card"  # play a Command card (M44-TURN-03)
    SECTION = "section"  # Infantry Assault's section (M44-TAC-22)
    ORDER = "order"  # the next unit to order, or done (M44-CARD-02)
    MEDICS = "medics"  # Medics & Mechanics' unit (M44-TAC-24)
    AIR = "air"  # Air Power's next target, or done (M44-TAC-01)
    BARRAGE = "barrage"  # Barrage's target (M44-TAC-09)
    MOVE = "move"  # the next move, or done (M44-MOVE-01)
    BATTLE = "battle"  # the next battle, or done (M44-BATTLE-01)
    AMBUSH = "ambush"  # the defender's reaction to a Close Assault (M44-TAC-04)
    IGNORE = "ignore"  # ignore a flag where terrain allows (M44-DICE-06)
    RETREAT = "retreat"  # one retreat step (M44-RETR-02)
    GROUND = "ground"  # take ground or hold (M44-GROUND-01)
    OVERRUN = "overrun"  # armor overrun's battle, or done (M44-GROUND-05)
    KEEP = "keep"  # Recon's card kept (M44-SECT-04)


# every kind, in the observation encoding's order (encoding.py)
KINDS = (
    Kind.CARD, Kind.SECTION, Kind.ORDER, Kind.MEDICS, Kind.AIR, Kind.BARRAGE, Kind.MOVE, Kind.BATTLE,
    Kind.AMBUSH, Kind.IGNORE, Kind.RETREAT, Kind.GROUND, Kind.OVERRUN, Kind.KEEP,
)  # fmt: skip
