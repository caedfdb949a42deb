"""What an attack option will face, from public facts only (M33-CMB-02, M33-HID-08): the
attacker's strength before battle cards and W-BATTLE, and the opposing side: a player's army
(with its Flag) or hero, the Polis garrison (7, the Arbat Confederation 6), or a threat card
nobody has revealed yet."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from warroom.core.actions import Action
from warroom.core.game import JSON
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.rules.battle import flag_bonus, hero_strength
from warroom.games.metro2033.rules.common import AC_GARRISON, POLIS_GARRISON, has_faction
from warroom.games.metro2033.words import Faction, StationKind

if TYPE_CHECKING:
    from warroom.games.metro2033.state import MetroState

# Enum members the code below reads, one module constant each (speed, issue 15): reading a
# member off its enum class goes through EnumType.__getattr__'s slot (about 900 instructions
# a read, compiled or not); Final, mypyc keeps each in a C static
_FACTION_AC: Final = Faction.AC
_STATION_POLIS: Final = StationKind.POLIS


def forecast(st: MetroState, action: Action) -> JSON | None:
    decision = st.decision
    if (
        decision is None
        or decision.kind not in ("army", "act")
        or action.verb not in ("attack", "attack_hero")
    ):
        return None
    seat = decision.seat
    unit = "army" if decision.kind == "army" else "hero"
    own = st.army[seat] + flag_bonus(st, seat) if unit == "army" else hero_strength(st, seat)
    doc: JSON = {"unit": unit, "strength": own}
    if action.verb == "attack_hero":
        target = st.faction.index(str(action.part("faction")))
        doc["defender"] = {"seat": target, "unit": "hero", "strength": hero_strength(st, target)}
        return doc
    station = BOARD.station(action.part("station"))
    owner = st.owner[station]
    if owner >= 0:
        army = {"seat": owner, "unit": "army", "strength": st.army[owner] + flag_bonus(st, owner)}
        doc["defender"] = army
        if st.hero_at[owner] == station:  # the owner may defend with its hero instead (M33-CMB-03)
            doc["or_defender"] = {"seat": owner, "unit": "hero", "strength": hero_strength(st, owner)}
    elif BOARD.kind[station] == _STATION_POLIS:
        garrison = AC_GARRISON if has_faction(st, seat, _FACTION_AC) else POLIS_GARRISON
        doc["defender"] = {"unit": "garrison", "strength": garrison}
    else:
        doc["defender"] = {"unit": "threat", "strength": None}
    return doc
