"""What an option will do before any die is rolled, for displays (`Game.consequence`): the
battle dice an attack, a Barrage or an Air Power target rolls, and at what. Everything here is
public: the dice follow from the board, the card in play and the units (M44-BATTLE-09)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.game import JSON
from warroom.games.memoir44.actions import Verb
from warroom.games.memoir44.board import DIST, NAMES
from warroom.games.memoir44.rules.battle import dice_for
from warroom.games.memoir44.rules.cards import BARRAGE_DICE, air_dice

if TYPE_CHECKING:
    from warroom.games.memoir44.actions import M44Action
    from warroom.games.memoir44.state import M44State


def consequence(st: M44State, action: M44Action) -> JSON | None:
    """`battle A B`: the dice the unit on A rolls against the unit on B (range, terrain, card
    bonus: `dice_for`, M44-BATTLE-09), and whether it is a Close Assault (M44-BATTLE-06);
    `barrage H`: 4 dice, terrain ignored (M44-TAC-09); `air H`: the dice per target once the
    group is flown (M44-TAC-01). None for every other option."""
    verb, occ = action.verb, st.occ
    if verb == Verb.BATTLE:
        u, t = occ[action.a], occ[action.b]
        if u < 0 or t < 0:
            return None
        close = DIST[action.a][action.b] == 1
        return {"dice": dice_for(st, u, t), "target": NAMES[action.b], "unit": t, "close_assault": close}
    if verb in (Verb.BARRAGE, Verb.AIR):
        t = occ[action.a]
        if t < 0:
            return None
        n = BARRAGE_DICE if verb == Verb.BARRAGE else air_dice(st.active)
        return {"dice": n, "target": NAMES[action.a], "unit": t}
    return None
