"""Siege's domain words, defined once and imported everywhere else (siege.md §2, §4).

The board's rings and colours, the classes of cards and tokens, the kinds the rules know by name,
the modes, the result of a game, the decisions the team and the Field Marshal are asked for, the
agenda's jobs and the verbs of the actions. Saves and action texts hold the string (or integer)
values, so an enum member and its value are interchangeable there.

The decision kinds, jobs and verbs are plain string constants in a namespace rather than enums:
the engine looks them up in its dicts and the rules compare them on every decision, and an exact
`str` keeps a str-keyed dict's fast path and skips the enum class's attribute hook (about half a
percent of a random playout).
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Final


class Ring(IntEnum):
    """A sector's rings from the outside in (SG-DEF-01)."""

    REAR = 0
    AVIATION = 1
    ARTILLERY = 2
    TANK = 3
    CITY = 4


class Colour(IntEnum):
    """Sectors 1-2 red, 3-4 green, 5-6 blue (SG-DEF-02)."""

    RED = 0
    GREEN = 1
    BLUE = 2


class CardClass(StrEnum):
    STRIKE = "strike"
    MULTICOLOUR = "multicolour"
    COUNTERATTACK = "counterattack"
    SPECIAL = "special"
    BUILD = "build"


class TokenClass(StrEnum):
    VEHICLE = "vehicle"
    SPECIAL = "special"
    BOMBER = "bomber"
    EVENT = "event"


class Mode(StrEnum):
    """The game's modes (SG-S2S-01, SG-FM-01); the option `mode` holds the value."""

    NORMAL = "normal"
    SHOULDER_TO_SHOULDER = "shoulder_to_shoulder"
    FIELD_MARSHAL = "field_marshal"


class Result(IntEnum):
    """How the game stands, saved as the integer (SG-END-01..04)."""

    LOST = -1
    RUNNING = 0
    WON = 1


class Site(StrEnum):
    """What an enemy (or the He-111) meets: a space of the board, a fortification slot or a
    building (SG-MOVE-03, SG-CITY-02, SG-HE-01). Collision jobs and decisions hold the value."""

    SPACE = "space"
    FORT = "fort"
    BUILDING = "building"


class Ask:
    """The decisions a seat is asked for (siege.md §4, D-02..D-11), in the order the numeric
    observation encodes them."""

    ARRANGE: Final = "arrange"  # the starting vehicles (D-02)
    CLAIM: Final = "claim"  # My Home Is My Fortress: a building (SG-OPTX-01)
    SWAP: Final = "swap"  # phase 2 (SG-SWAP-01)
    TRADE: Final = "trade"  # phase 3: an offer, or pass (SG-TRADE-01)
    ANSWER: Final = "answer"  # the partner's side of a trade (SG-TRADE-03)
    PLAY: Final = "play"  # phase 4 (SG-PLAY-01)
    HIT: Final = "hit"  # which enemy of a colliding group takes the damage (SG-FORT-02, SG-CITY-03)
    DISCARD: Final = "discard"  # the Discard One event (SG-EVT-08)
    MARSHAL: Final = "marshal"  # the Field Marshal's play (SG-FM-06..08)
    MARSHAL_EXTRA: Final = "marshal_extra"  # his extra deployments (SG-FM-10..12)


class Job:
    """The agenda's jobs (see rules/dispatch.py)."""

    TURN: Final = "turn"
    DRAW: Final = "draw"
    SWAP: Final = "swap"
    TRADE: Final = "trade"
    PLAY: Final = "play"
    MOVE: Final = "move"
    REVEAL_START: Final = "reveal_start"
    REVEAL: Final = "reveal"
    END_TURN: Final = "end_turn"
    CHECK_WIN: Final = "check_win"
    COLLIDE: Final = "collide"
    DISCARD_ONE: Final = "discard_one"
    TOKEN: Final = "token"
    MARSHAL_TURN: Final = "marshal_turn"
    MARSHAL_DRAW: Final = "marshal_draw"
    MARSHAL_PLAY: Final = "marshal_play"
    MARSHAL_EXTRA: Final = "marshal_extra"
    CLAIM: Final = "claim"


class Card:
    """The card kinds the rules know by name (siege.md §2.3); the strike cards are plain data."""

    IL2: Final = "il2"
    PRECISE_SHOT: Final = "precise_shot"
    HEDGEHOGS: Final = "hedgehogs"
    DOT: Final = "dot"
    ONSLAUGHT: Final = "onslaught"
    PATROL: Final = "patrol"
    MODIFICATION: Final = "modification"
    REPAIR: Final = "repair"
    SANDBAGS: Final = "sandbags"
    BARBED_WIRE: Final = "barbed_wire"


class Token:
    """The token kinds the rules know by name (siege.md §2.4): every one of them."""

    SDKFZ: Final = "sdkfz"
    PZ3: Final = "pz3"
    TIGER: Final = "tiger"
    PZ2: Final = "pz2"  # SG-SPEC-01
    PZ4: Final = "pz4"  # SG-SPEC-02
    MAUS: Final = "maus"  # SG-SPEC-03
    PANTHER: Final = "panther"  # SG-SPEC-04
    HE111: Final = "he111"  # SG-HE-01
    MOVE_RED: Final = "move_red"  # SG-EVT-01
    MOVE_GREEN: Final = "move_green"
    MOVE_BLUE: Final = "move_blue"
    MOVE_CW: Final = "move_cw"  # SG-EVT-02
    MOVE_CCW: Final = "move_ccw"  # SG-EVT-03
    DIVERSION_AVIATION: Final = "diversion_aviation"  # SG-EVT-04..07
    DIVERSION_ARTILLERY: Final = "diversion_artillery"
    DIVERSION_TANK: Final = "diversion_tank"
    DISCARD_ONE: Final = "discard_one"  # SG-EVT-08/09
    REVEAL3: Final = "reveal3"  # SG-REVEAL-05
    REVEAL4: Final = "reveal4"


class Verb:
    """What an action does; the first word of its text unless noted (see actions.py)."""

    PASS: Final = "pass"
    REFUSE: Final = "refuse"
    STOP: Final = "stop"
    ARRANGE: Final = "arrange"
    CLAIM: Final = "claim"
    SWAP: Final = "swap"
    OFFER: Final = "offer"
    GIVE: Final = "give"
    DISCARD: Final = "discard"
    STRIKE: Final = "strike"  # play KIND tN
    PRECISE: Final = "precise"  # play precise_shot+KIND tN
    IL2: Final = Card.IL2  # play il2 tN
    HEDGEHOGS: Final = Card.HEDGEHOGS  # play hedgehogs tN
    ONSLAUGHT: Final = Card.ONSLAUGHT  # play onslaught tN
    DOT: Final = Card.DOT  # play dot fN
    PATROL: Final = Card.PATROL  # play patrol
    MODIFICATION: Final = Card.MODIFICATION  # play modification
    REPAIR: Final = Card.REPAIR  # play repair KIND
    BUILD: Final = "build"  # play sandbags+barbed_wire fN
    ALL_FOR_ONE: Final = "all_for_one"  # play all_for_one COLOUR tN
    HIT: Final = "hit"
    PLACE: Final = "place"
    PAIR: Final = "pair"
    SINGLE: Final = "single"
    DEPLOY: Final = "deploy"


def constants(namespace: type) -> tuple[str, ...]:
    """The string constants of a namespace class above, in the order written."""
    return tuple(
        value for name, value in vars(namespace).items() if name.isupper() and isinstance(value, str)
    )


ASKS = constants(Ask)
JOBS = constants(Job)
VERBS = constants(Verb)

# The verbs of actions aimed at one enemy on the board (the token id in the action's `b`).
AIMED = frozenset({Verb.STRIKE, Verb.PRECISE, Verb.IL2, Verb.HEDGEHOGS, Verb.ONSLAUGHT, Verb.ALL_FOR_ONE,
                   Verb.HIT})  # fmt: skip

# The card and token kinds the rules know by name, grouped as the rules use them.
SPECIAL_CARDS = frozenset({Card.IL2, Card.PRECISE_SHOT, Card.HEDGEHOGS, Card.DOT, Card.ONSLAUGHT, Card.PATROL,
                           Card.MODIFICATION, Card.REPAIR})  # fmt: skip
BUILD_CARDS = frozenset({Card.SANDBAGS, Card.BARBED_WIRE})
STARTING_VEHICLES = {Token.SDKFZ: 3, Token.PZ3: 2, Token.TIGER: 1}  # SG-SETUP-04
SPECIAL_VEHICLES = (Token.PZ2, Token.PZ4, Token.MAUS, Token.PANTHER)  # SG-SPEC-01..04
VEHICLES = (*STARTING_VEHICLES, *SPECIAL_VEHICLES)  # every vehicle kind, plain ones first
BOMBER = Token.HE111  # SG-HE-01
COLOUR_MOVES = {Token.MOVE_RED: Colour.RED, Token.MOVE_GREEN: Colour.GREEN, Token.MOVE_BLUE: Colour.BLUE}
SIDEWAYS = {Token.MOVE_CW: True, Token.MOVE_CCW: False}  # clockwise?
DIVERSIONS = {Token.DIVERSION_AVIATION: Ring.AVIATION, Token.DIVERSION_ARTILLERY: Ring.ARTILLERY,
              Token.DIVERSION_TANK: Ring.TANK}  # fmt: skip
REVEALS = {Token.REVEAL3: 3, Token.REVEAL4: 4}  # how many more tokens
EVENTS = frozenset({*COLOUR_MOVES, *SIDEWAYS, *DIVERSIONS, Token.DISCARD_ONE, *REVEALS})
LETTER = {Token.SDKFZ: "S", Token.PZ3: "P", Token.TIGER: "T"}  # a starting vehicle in an `arrange` text
