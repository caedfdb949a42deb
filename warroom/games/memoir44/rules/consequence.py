"""What an option will do before any die is rolled, for displays (`Game.consequence`): the
battle dice an attack, a Barrage or an Air Power target rolls, and at what; whether a move still
lets the unit battle this turn. Everything here is public: it follows from the board, the card in
play and the units (M44-BATTLE-09, M44-MOVE-08).

Only displays ask (the server's options for the deciding seat, the terminal): nothing on the
playout path calls these, so the move preview may afford a clone per option."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.game import JSON
from warroom.games.memoir44.actions import Verb
from warroom.games.memoir44.board import DIST, NAMES
from warroom.games.memoir44.rules import movement
from warroom.games.memoir44.rules.battle import can_battle, dice_for
from warroom.games.memoir44.rules.cards import BARRAGE_DICE, air_dice

if TYPE_CHECKING:
    from warroom.games.memoir44.actions import M44Action
    from warroom.games.memoir44.state import M44State


def consequence(st: M44State, action: M44Action) -> JSON | None:
    """`battle A B`: the dice the unit on A rolls against the unit on B (range, terrain, card
    bonus: `dice_for`, M44-BATTLE-09), and whether it is a Close Assault (M44-BATTLE-06);
    `barrage H`: 4 dice, terrain ignored (M44-TAC-09); `air H`: the dice per target once the
    group is flown (M44-TAC-01); `move A B`: whether the unit may still battle after it
    (`may_battle`, see `may_battle_after`). None for every other option."""
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
    if verb == Verb.MOVE:
        return {"may_battle": may_battle_after(st, action)}
    return None


def may_battle_after(st: M44State, action: M44Action) -> bool:
    """Whether the unit moving by `action` may still battle this turn once it arrives: not after
    more hexes than its type (or the card) allows for battling, not on a forest, hedgerow or town
    it enters (French Resistance excepted), not from the ocean (M44-MOVE-08, M44-BATTLE-04,
    M44-UNIT-01..03, M44-SPEC-02/06/08, M44-TAC-08/22). The rules answer, not a copy of them: the
    move is made on a clone and `can_battle` asked there, so the state itself is untouched.
    Behind Enemy Lines' second move comes after the battle step: no battle follows it
    (M44-TAC-10)."""
    if st.decision is None or st.decision[2]:
        return False
    u = st.occ[action.a]
    after = st.clone()
    movement.apply(after, action)
    return can_battle(after, u)
