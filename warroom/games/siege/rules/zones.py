"""Moving cards and tokens between zones: drawing, discarding, destroying, trophies.

SG-DRAW-01..03, SG-OPTX-03 (reshuffle), SG-DEF-05 (armour), SG-TROPHY-01..03, SG-CITY-04.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from warroom.games.siege.actions import MAX_SEATS
from warroom.games.siege.changes import BOARD, DISCARD, ENEMY_DISCARD, HAND
from warroom.games.siege.rules.end import lose

_DRAWN: Final = 8  # the draw texts of up to 7 cards, precomputed per seat
_DRAWS: Final = tuple(tuple(f"player {p} draws {n} card{'s' * (n != 1)}" for n in range(_DRAWN))
               for p in range(MAX_SEATS))  # fmt: skip

if TYPE_CHECKING:
    from warroom.games.siege.state import SiegeState


def draw_cards(st: SiegeState, player: int, n: int) -> int:
    """Draw up to n cards; an empty deck is rebuilt from the discard (SG-DRAW-02), and if both are
    empty the rest is skipped (SG-DRAW-03). Returns how many were drawn."""
    drawn = 0
    hand = st.hands[player]
    for _ in range(n):
        if not st.deck and not reshuffle(st):  # st.deck is a new list after a reshuffle
            break
        hand.append(st.deck.pop())
        drawn += 1
    st.changes[HAND + player] += 1  # speed (issue 18)
    if drawn:
        text = _DRAWS[player][drawn] if drawn < _DRAWN else f"player {player} draws {drawn} cards"
        st.say("draw", text, player=player, count=drawn)
    return drawn


def reshuffle(st: SiegeState) -> bool:
    """Shuffle the card discard pile into a new deck (SG-DRAW-02); under Running Out of Supplies
    first take one Sandbags and one Barbed Wire out of the game (SG-OPTX-03)."""
    if not st.discard:
        return False
    st.changes[DISCARD] += 1  # speed (issue 18)
    if st.facts.supplies_run_out:
        for kind in (st.facts.sandbags, st.facts.barbed_wire):
            if kind in st.discard:
                st.discard.remove(kind)
                st.cards_removed.append(kind)
                st.say(
                    "card_removed", f"{st.content.cards[kind].name} leaves the game (running out of supplies)"
                )
    st.deck, st.discard = st.discard, []
    st.rng.shuffle(st.deck)
    st.say("reshuffle", f"the discard pile is shuffled into a new deck of {len(st.deck)}")
    return bool(st.deck)


def discard_from_hand(st: SiegeState, player: int, kind: int) -> None:
    st.hands[player].remove(kind)
    st.discard.append(kind)
    changed = st.changes  # speed (issue 18)
    changed[HAND + player] += 1
    changed[DISCARD] += 1


def hand_limit_draw(st: SiegeState, player: int) -> None:
    """Phase 1: draw up to the hand limit, never discard down (SG-DRAW-01, SG-DRAW-04)."""
    missing = st.facts.hand_limit - len(st.hands[player])
    if missing > 0:
        draw_cards(st, player, missing)


def remove_enemy(st: SiegeState, tid: int) -> None:
    del st.pos[tid]
    st.changes[BOARD] += 1  # speed (issue 18)
    st.armour[tid] = 0
    if st.hedgehog == tid:
        st.hedgehog = -1  # the token returns to the supply (SG-CARD-09)


def destroy_by_card(st: SiegeState, tid: int, player: int) -> None:
    """A card effect destroyed the enemy: the player keeps it as a trophy (SG-TROPHY-01), except in
    Shoulder to Shoulder where it goes to the enemy discard (SG-S2S-01, SG-TROPHY-03)."""
    label = st.enemy_label(tid)
    remove_enemy(st, tid)
    if st.facts.shoulder_to_shoulder:
        st.enemy_discard.append(tid)
        st.changes[ENEMY_DISCARD] += 1  # speed (issue 18)
        st.say("destroyed", f"{label} is destroyed", token=tid, by=player)
    else:
        st.trophies[player].append(tid)
        st.say("trophy", f"{label} is destroyed; player {player} takes the trophy", token=tid, by=player)


def destroy_otherwise(st: SiegeState, tid: int, cause: str) -> None:
    """Destroyed by a fortification, a building or the He-111: no trophy (SG-TROPHY-02)."""
    label = st.enemy_label(tid)
    remove_enemy(st, tid)
    st.enemy_discard.append(tid)
    st.changes[ENEMY_DISCARD] += 1  # speed (issue 18)
    st.say("destroyed", f"{label} is destroyed by {cause}", token=tid, cause=cause)


def damage(st: SiegeState, tid: int, player: int | None, cause: str) -> bool:
    """One point of damage (SG-DEF-05); True if that destroyed it."""
    st.armour[tid] -= 1
    st.changes[BOARD] += 1  # speed (issue 18)
    if st.armour[tid] > 0:
        st.say(
            "damage", f"{st.enemy_label(tid)} takes 1 damage from {cause}", token=tid, armour=st.armour[tid]
        )
        return False
    if player is None:
        destroy_otherwise(st, tid, cause)
    else:
        destroy_by_card(st, tid, player)
    return True


def destroy_building(st: SiegeState, sector: int) -> None:
    """A building falls for good (SG-CITY-04); its owner under My Home is out (SG-OPTX-01/02);
    the last building lost ends the game at once (SG-END-01)."""
    st.building[sector - 1] = False
    st.say("building_destroyed", f"building {sector} is destroyed", sector=sector)
    for p, claim in enumerate(st.claims):
        if claim == sector and not st.out[p]:
            eliminate(st, p)
    if not any(st.building) or all(st.out):
        lose(st)


def eliminate(st: SiegeState, player: int) -> None:
    """My Home Is My Fortress: the player is out; his cards go to the discard (SG-OPTX-02)."""
    st.out[player] = True
    st.discard.extend(st.hands[player])
    st.hands[player] = []
    changed = st.changes  # speed (issue 18)
    changed[HAND + player] += 1
    changed[DISCARD] += 1
    st.say("eliminated", f"player {player}'s building fell: player {player} is out", player=player)


def is_ring_strike(st: SiegeState, kind: int, ring: int) -> bool:
    """Aviation/artillery/tank strike cards of a ring: coloured and multicolour, not
    Counterattack and not IL-2 (SG-EVT-04..07)."""
    return kind in st.facts.ring_strike[ring]  # precomputed per ring by SiegeGame
