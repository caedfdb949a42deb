"""Phase 4: playing cards (SG-PLAY-01..05, SG-ATK-01..06, SG-CARD-01..19, SG-BUILD-01..04,
SG-OPTB-03, SG-OPTX-05/06).

`legal` lists each distinct play once: cards are identified by kind, enemies by token id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from warroom.core.actions import Action
from warroom.games.siege.board import COLOUR_OF_SPACE, NUM_SPACES, RING_OF, SECTOR_OF, SECTORS, space
from warroom.games.siege.changes import BOARD, DISCARD, HAND
from warroom.games.siege.rules import zones
from warroom.games.siege.rules.end import check_win
from warroom.games.siege.words import Card, Colour, Job, Ring, Verb

if TYPE_CHECKING:
    from warroom.games.siege.actions import SiegeAction
    from warroom.games.siege.state import SiegeState


def legal(st: SiegeState) -> list[Action]:
    """Plays aimed at one enemy, card by card (in set order: the list's order is part of replays),
    enemies in board order: strikes where the card reaches (SG-ATK-01..04), each followed by its
    Precise Shot version when that card is in hand (SG-CARD-05/06); IL-2 and Onslaught anywhere
    but the rear (SG-CARD-04, SG-CARD-12/13); Hedgehogs on any enemy but its own (SG-CARD-07).
    Then the plays not aimed at an enemy."""
    g = st.facts
    kinds = set(st.hands[st.active])
    out: list[Action] = [g.pass_]
    enemies = st.pos.items()
    has_precise, aims = g.precise in kinds, g.aim_of
    for k in kinds:
        aim = aims[k]
        if aim is not None:
            acts, reach = aim
            precise = g.precise_shot[k] if has_precise and k in g.can_hit else None
            for tid, sp in enemies:  # a plain loop: few enemies match, a comprehension costs more
                if reach[sp]:
                    out.append(acts[tid])
                    if precise is not None:
                        out.append(precise[tid])
        elif k == g.hedgehogs:
            acts = g.target[_HEDGEHOGS]
            out.extend([acts[tid] for tid in st.pos if tid != st.hedgehog])
    if not kinds.isdisjoint(g.utility):
        _utility(st, kinds, out)
    if g.all_for_one:
        _all_for_one(st, kinds, out)
    return out


def _utility(st: SiegeState, kinds: set[int], out: list[Action]) -> None:
    """DOT, Patrol, Modification, Repair and Build (SG-CARD-11..18, SG-BUILD-01/02)."""
    g, t = st.facts, st.table
    fort, dot = st.fort, st.dot
    if g.dot_card in kinds and sum(dot) < 2:  # two DOT tokens in the box (SG-CARD-11)
        for s in SECTORS:
            if fort[s - 1] and not dot[s - 1]:
                out.append(t.dot[s])
    if g.patrol in kinds:
        out.append(t.patrol)  # always playable, even with an empty reserve (SG-CARD-15)
    if g.modification in kinds and (st.deck or st.discard):
        out.append(t.modification)
    if g.repair in kinds:
        for k in sorted(set(st.discard)):
            if k != g.repair:  # SG-CARD-18
                out.append(t.repair[k])
    if g.sandbags in kinds and g.barbed_wire in kinds:
        for s in SECTORS:
            if not fort[s - 1]:  # SG-BUILD-01/02
                out.append(t.build[s])


def _all_for_one(st: SiegeState, kinds: set[int], out: list[Action]) -> None:
    """Three coloured strikes of one colour, one per ring, destroy one enemy of that colour
    outside the rear and the city (SG-OPTX-05/06)."""
    ring_ok = _FIELD_RINGS
    for colour, trio in st.siege.trios.items():
        if all(k in kinds for k in trio):
            acts = st.table.all_for_one[colour]
            out.extend(
                acts[tid] for tid, sp in st.pos.items() if COLOUR_OF_SPACE[sp] == colour and ring_ok[sp]
            )


_FIELD_RINGS: Final = tuple(RING_OF[sp] not in (Ring.REAR, Ring.CITY) for sp in range(NUM_SPACES))


def apply(st: SiegeState, action: SiegeAction) -> None:
    """Resolve one play; each card goes to the discard as it resolves (SG-PLAY-02), then the win
    is checked (SG-END-03) and the phase goes on (SG-PLAY-01)."""
    st.decision = None
    if action.verb == _PASS:
        return
    _EFFECTS[action.verb](st, action)
    st.agenda.append(_PLAY_JOB)
    if not st.pos:  # only a play that clears the board can win (SG-END-02): skip the call otherwise
        check_win(st)


# Read on every play: one global each (Final: compiled, a C static, not a lookup in the module's
# dict). A job is never mutated once scheduled (the engine's rule), so every play schedules this
# very list.
_PASS: Final = Verb.PASS
_PLAY_JOB: Final = [Job.PLAY]
_HEDGEHOGS: Final = Verb.HEDGEHOGS


def _spend(st: SiegeState, *kinds: int) -> None:
    p, g = st.active, st.facts
    hand, discard = st.hands[p], st.discard
    changed = st.changes  # speed (issue 18)
    changed[HAND + p] += 1
    changed[DISCARD] += 1
    if len(kinds) == 1:  # the usual play: one card
        (kind,) = kinds
        hand.remove(kind)
        discard.append(kind)
        st.say("play", f"player {p} plays {g.card_name[kind]}", player=p, cards=[g.card_kind[kind]])
        return
    for kind in kinds:
        hand.remove(kind)
        discard.append(kind)
    names = " + ".join([g.card_name[kind] for kind in kinds])
    st.say("play", f"player {p} plays {names}", player=p, cards=[g.card_kind[kind] for kind in kinds])


def _strike(st: SiegeState, a: SiegeAction) -> None:
    _spend(st, a.a)
    zones.damage(st, a.b, st.active, st.facts.card_name[a.a])


def _precise(st: SiegeState, a: SiegeAction) -> None:
    """The strike's enemy is destroyed outright instead of losing 1 armour (SG-CARD-05/06)."""
    _spend(st, st.facts.precise, a.a)
    zones.destroy_by_card(st, a.b, st.active)


def _il2(st: SiegeState, a: SiegeAction) -> None:
    _spend(st, st.facts.il2)
    zones.destroy_by_card(st, a.b, st.active)


def _hedgehogs(st: SiegeState, a: SiegeAction) -> None:
    _spend(st, st.facts.hedgehogs)
    st.hedgehog = a.b
    st.changes[BOARD] += 1  # speed (issue 18)
    st.say("hedgehog", f"the hedgehog holds {st.enemy_label(a.b)} in place this turn", token=a.b)


def _onslaught(st: SiegeState, a: SiegeAction) -> None:
    _spend(st, st.facts.onslaught)
    st.pos[a.b] = space(SECTOR_OF[st.pos[a.b]], Ring.REAR)
    st.changes[BOARD] += 1  # speed (issue 18)
    st.say("onslaught", f"{st.enemy_label(a.b)} is driven back", token=a.b, space=st.pos[a.b])


def _dot(st: SiegeState, a: SiegeAction) -> None:
    _spend(st, st.facts.dot_card)
    st.dot[a.a - 1] = True
    st.say("dot", f"a DOT reinforces fortification {a.a}", sector=a.a)


def _patrol(st: SiegeState, _a: SiegeAction) -> None:
    _spend(st, st.facts.patrol)
    st.patrol = True


def _modification(st: SiegeState, _a: SiegeAction) -> None:
    """Draw two cards ignoring the hand limit (SG-CARD-16); the card itself is discarded after."""
    p = st.active
    st.hands[p].remove(st.facts.modification)
    zones.draw_cards(st, p, 2)
    st.discard.append(st.facts.modification)
    changed = st.changes  # speed (issue 18)
    changed[HAND + p] += 1
    changed[DISCARD] += 1
    st.say("play", f"player {p} plays Modification", player=p, cards=[Card.MODIFICATION])


def _repair(st: SiegeState, a: SiegeAction) -> None:
    """Take one card of the discard back into hand (SG-CARD-17/18)."""
    _spend(st, st.facts.repair)
    st.discard.remove(a.a)
    st.hands[st.active].append(a.a)  # speed (issue 18): counted by _spend, same hand and pile
    st.say("repair", f"player {st.active} takes {st.content.cards[a.a].name} from the discard",
           player=st.active, card=st.content.cards[a.a].kind)  # fmt: skip


def _build(st: SiegeState, a: SiegeAction) -> None:
    """Sandbags + Barbed Wire build a fortification, without a DOT (SG-BUILD-01..04)."""
    _spend(st, st.facts.sandbags, st.facts.barbed_wire)
    st.fort[a.a - 1] = True
    st.say("fortify", f"fortification {a.a} is built", sector=a.a)


def _all_for_one_play(st: SiegeState, a: SiegeAction) -> None:
    _spend(st, *st.siege.trios[Colour(a.a)])
    zones.destroy_by_card(st, a.b, st.active)


_EFFECTS: Final = {
    Verb.STRIKE: _strike,
    Verb.PRECISE: _precise,
    Verb.IL2: _il2,
    Verb.HEDGEHOGS: _hedgehogs,
    Verb.ONSLAUGHT: _onslaught,
    Verb.DOT: _dot,
    Verb.PATROL: _patrol,
    Verb.MODIFICATION: _modification,
    Verb.REPAIR: _repair,
    Verb.BUILD: _build,
    Verb.ALL_FOR_ONE: _all_for_one_play,
}
