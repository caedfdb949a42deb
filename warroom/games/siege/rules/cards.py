"""Phase 4: playing cards (SG-PLAY-01..05, SG-ATK-01..06, SG-CARD-01..19, SG-BUILD-01..04,
SG-OPTB-03, SG-OPTX-05/06).

`legal` lists each distinct play once: cards are identified by kind, enemies by token id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.game import Action
from warroom.games.siege.board import COLOUR_OF_SPACE, RING_OF, SECTOR_OF, Colour, Ring, space
from warroom.games.siege.rules import zones
from warroom.games.siege.rules.agenda import check_win, push

if TYPE_CHECKING:
    from warroom.games.siege.actions import SiegeAction
    from warroom.games.siege.state import SiegeState


def legal(st: SiegeState) -> list[Action]:
    g = st.game
    t = st.table
    hand = st.hands[st.active]
    kinds = set(hand)
    out: list[Action] = [t.pass_]
    enemies = st.pos.items()
    has_precise = g.precise in kinds
    for k in kinds:
        hits = g.can_hit.get(k)
        if hits is not None:
            strike, precise = t.strike[k], t.precise[k]
            for tid, sp in enemies:
                if hits[sp]:
                    out.append(strike[tid])
                    if has_precise:
                        out.append(precise[tid])
        elif k in g.targeted:  # IL-2, Hedgehogs, Onslaught
            _targeted(st, k, out)
    if g.dot_card in kinds and sum(st.dot) < 2:  # two DOT tokens in the box (SG-CARD-11)
        out.extend(t.dot[s] for s in range(1, 7) if st.fort[s] and not st.dot[s])
    if g.patrol in kinds:
        out.append(t.patrol)  # always playable, even with an empty reserve (SG-CARD-15)
    if g.modification in kinds and (st.deck or st.discard):
        out.append(t.modification)
    if g.repair in kinds:
        out.extend(t.repair[k] for k in sorted(set(st.discard)) if k != g.repair)  # SG-CARD-18
    if g.sandbags in kinds and g.barbed_wire in kinds:
        out.extend(t.build[s] for s in range(1, 7) if not st.fort[s])  # SG-BUILD-01/02
    if g.options["all_for_one"]:
        _all_for_one(st, kinds, out)
    return out


def _targeted(st: SiegeState, kind: int, out: list[Action]) -> None:
    g = st.game
    if kind == g.il2:  # any space but the rear, city included (SG-CARD-04)
        acts = st.table.target["il2"]
        out.extend(acts[tid] for tid, sp in st.pos.items() if RING_OF[sp] != Ring.REAR)
    elif kind == g.hedgehogs:  # any enemy, rear and city included (SG-CARD-07)
        acts = st.table.target["hedgehogs"]
        out.extend(acts[tid] for tid in st.pos if tid != st.hedgehog)
    else:  # Onslaught: any enemy not already in the rear (SG-CARD-12/13)
        acts = st.table.target["onslaught"]
        out.extend(acts[tid] for tid, sp in st.pos.items() if RING_OF[sp] != Ring.REAR)


def _all_for_one(st: SiegeState, kinds: set[int], out: list[Action]) -> None:
    """Three coloured strikes of one colour, one per ring, destroy one enemy of that colour
    outside the rear and the city (SG-OPTX-05/06)."""
    ring_ok = _FIELD_RINGS
    for colour, trio in st.game.trios.items():
        if all(k in kinds for k in trio):
            acts = st.table.all_for_one[colour]
            out.extend(
                acts[tid] for tid, sp in st.pos.items() if COLOUR_OF_SPACE[sp] == colour and ring_ok[sp]
            )


_FIELD_RINGS = tuple(RING_OF[sp] not in (Ring.REAR, Ring.CITY) for sp in range(30))


def apply(st: SiegeState, action: SiegeAction) -> None:
    """Resolve one play; each card goes to the discard as it resolves (SG-PLAY-02), then the win
    is checked (SG-END-03) and the phase goes on (SG-PLAY-01)."""
    st.decision = None
    if action.verb == "pass":
        return
    _EFFECTS[action.verb](st, action)
    push(st, ["play"])
    check_win(st)


def _spend(st: SiegeState, *kinds: int) -> None:
    p = st.active
    for kind in kinds:
        zones.discard_from_hand(st, p, kind)
    names = " + ".join(st.content.cards[k].name for k in kinds)
    st.say("play", f"player {p} plays {names}", player=p, cards=[st.content.cards[k].kind for k in kinds])


def _strike(st: SiegeState, a: SiegeAction) -> None:
    _spend(st, a.a)
    zones.damage(st, a.b, st.active, st.content.cards[a.a].name)


def _precise(st: SiegeState, a: SiegeAction) -> None:
    """The strike's enemy is destroyed outright instead of losing 1 armour (SG-CARD-05/06)."""
    _spend(st, st.game.precise, a.a)
    zones.destroy_by_card(st, a.b, st.active)


def _il2(st: SiegeState, a: SiegeAction) -> None:
    _spend(st, st.game.il2)
    zones.destroy_by_card(st, a.b, st.active)


def _hedgehogs(st: SiegeState, a: SiegeAction) -> None:
    _spend(st, st.game.hedgehogs)
    st.hedgehog = a.b
    st.say("hedgehog", f"the hedgehog holds {st.enemy_label(a.b)} in place this turn", token=a.b)


def _onslaught(st: SiegeState, a: SiegeAction) -> None:
    _spend(st, st.game.onslaught)
    st.pos[a.b] = space(SECTOR_OF[st.pos[a.b]], Ring.REAR)
    st.say("onslaught", f"{st.enemy_label(a.b)} is driven back", token=a.b, space=st.pos[a.b])


def _dot(st: SiegeState, a: SiegeAction) -> None:
    _spend(st, st.game.dot_card)
    st.dot[a.a] = True
    st.say("dot", f"a DOT reinforces fortification {a.a}", sector=a.a)


def _patrol(st: SiegeState, _a: SiegeAction) -> None:
    _spend(st, st.game.patrol)
    st.patrol = True


def _modification(st: SiegeState, _a: SiegeAction) -> None:
    """Draw two cards ignoring the hand limit (SG-CARD-16); the card itself is discarded after."""
    p = st.active
    st.hands[p].remove(st.game.modification)
    zones.draw_cards(st, p, 2)
    st.discard.append(st.game.modification)
    st.say("play", f"player {p} plays Modification", player=p, cards=["modification"])


def _repair(st: SiegeState, a: SiegeAction) -> None:
    """Take one card of the discard back into hand (SG-CARD-17/18)."""
    _spend(st, st.game.repair)
    st.discard.remove(a.a)
    st.hands[st.active].append(a.a)
    st.say("repair", f"player {st.active} takes {st.content.cards[a.a].name} from the discard",
           player=st.active, card=st.content.cards[a.a].kind)  # fmt: skip


def _build(st: SiegeState, a: SiegeAction) -> None:
    """Sandbags + Barbed Wire build a fortification, without a DOT (SG-BUILD-01..04)."""
    _spend(st, st.game.sandbags, st.game.barbed_wire)
    st.fort[a.a] = True
    st.say("fortify", f"fortification {a.a} is built", sector=a.a)


def _all_for_one_play(st: SiegeState, a: SiegeAction) -> None:
    _spend(st, *st.game.trios[Colour(a.a)])
    zones.destroy_by_card(st, a.b, st.active)


_EFFECTS = {
    "strike": _strike,
    "precise": _precise,
    "il2": _il2,
    "hedgehogs": _hedgehogs,
    "onslaught": _onslaught,
    "dot": _dot,
    "patrol": _patrol,
    "modification": _modification,
    "repair": _repair,
    "build": _build,
    "all_for_one": _all_for_one_play,
}
