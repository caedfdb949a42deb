"""The attack (WOT-ATK-01..12, WOT-ICON-03/13/14, WOT-CARD-13) and its reward (WOT-REW-01..05)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.engine import MUTED
from warroom.core.game import JSON
from warroom.games.wot_rush.changes import BASE, SQUAD
from warroom.games.wot_rush.rules.zones import take_medals, trigger
from warroom.games.wot_rush.words import NATIONS, Kind, Restriction, Verb

if TYPE_CHECKING:
    from warroom.games.wot_rush.actions import WotAction
    from warroom.games.wot_rush.state import WotState


def open_targets(st: WotState) -> tuple[bool, bool]:
    """Whether any opponent offers a defender, and whether any offers an unguarded base
    (WOT-ATK-05, WOT-DEF-03); a seat without bases offers nothing (WOT-END-06)."""
    k = st.wot.content.bases_per_player
    lo, hi = st.active * k, st.active * k + k
    vehicles = bases = False
    for i, b in enumerate(st.base):
        if b < 0 or lo <= i < hi:
            continue
        if st.guard[i] >= 0:
            vehicles = True
        else:
            bases = True
    return vehicles, bases


def target_mask(st: WotState) -> int:
    """`open_targets` as a bit mask: 1 = some opponent's defender, 2 = some unguarded base; a card
    can hit something iff `game.hits[card] & target_mask(st)` (the hot-path form of `can_hit`)."""
    base, guard = st.base, st.guard
    mask = 0
    for i in st.wot.others[st.active]:
        if base[i] >= 0:
            mask |= 1 if guard[i] >= 0 else 2
            if mask == 3:
                break
    return mask


def can_hit(restriction: Restriction, vehicles: bool, bases: bool) -> bool:
    """Only vs base never targets vehicles (WOT-ICON-13), only vs vehicles never bases (WOT-ICON-14)."""
    if restriction == Restriction.BASE:
        return bases
    if restriction == Restriction.VEHICLES:
        return vehicles
    return vehicles or bases


def _attackers(st: WotState) -> list[int]:
    """Hand vehicles that may join an attack: strength >= 1, not yet played (WOT-ATK-01)."""
    g, played = st.wot, st.played
    strength = g.strength
    return [c for c in st.hand[st.active] if strength[c] >= 1 and c not in played]


def attacks(st: WotState, out: list[WotAction]) -> None:
    """`attack K` for each possible first card: one attack per turn (WOT-PLAY-08), and only if its
    nation has a card with a legal target (WOT-ATK-03)."""
    if not st.attacked:
        offer(st, _attackers(st), out)


def offer(st: WotState, cards: list[int], out: list[WotAction]) -> None:
    if not cards:
        return
    targets = target_mask(st)
    if not targets:
        return  # EDGE-17
    g = st.wot
    hits, nat = g.hits, g.nat
    armed = {nat[c] for c in cards if hits[c] & targets}
    attack = g.table.attack
    out.extend(attack[c] for c in cards if nat[c] in armed)


def start(st: WotState, card: int) -> None:
    st.declared = [card]
    st.att_nation = st.wot.nat[card]
    st.decide(Kind.DECLARE, st.active)


def declare_choices(st: WotState) -> list[WotAction]:
    """Add same-nation attackers (WOT-ATK-01); `go` once a declared card has a target (WOT-ATK-03)."""
    g = st.wot
    add = st.wot.table.add
    out = [add[c] for c in _attackers(st) if g.nat[c] == st.att_nation and c not in st.declared]
    targets, hits = target_mask(st), g.hits
    if any(hits[c] & targets for c in st.declared):
        out.append(st.wot.table.go)
    return out


def add(st: WotState, card: int) -> None:
    st.declared.append(card)


def go(st: WotState) -> None:
    """The set is fixed (WOT-ATK-02); its cards count as played (WOT-PLAY-04)."""
    st.attacked = True
    st.destroyed = 0
    st.played.update(st.declared)
    if st.events is not MUTED:  # speed: a muted playout's words are never read, not even written
        labels = [st.wot.label_of[c] for c in st.declared]
        names = ", ".join([st.wot.name_of[c] for c in st.declared])
        st.say("attack", f"player {st.active} attacks with {names}", None, player=st.active, cards=labels)
    st.decide(Kind.FIRE, st.active)


def fire_choices(st: WotState) -> list[WotAction]:
    """(declared card, legal target) pairs; a card without target may only be wasted (WOT-ATK-04/05/10).
    A defender is a target unless the card is only vs base, an unguarded base unless it is only
    vs vehicles (WOT-ICON-13/14): `game.hits` masks, as in `target_mask`."""
    g = st.wot
    base, guard, hits = st.base, st.guard, g.hits
    targets = [
        (q, slot, 1 if guard[i] >= 0 else 2) for i, q, slot in g.slots_of_others[st.active] if base[i] >= 0
    ]
    fire, fire_none = g.table.fire, g.table.fire_none
    out: list[WotAction] = []
    for card in st.declared:
        h, row = hits[card], fire[card]
        start = len(out)
        for q, slot, need in targets:
            if h & need:
                out.append(row[q][slot])
        if len(out) == start:
            out.append(fire_none[card])
    return out


def fire(st: WotState, card: int, seat: int, slot: int) -> None:
    """Resolve one declared card against its target, then it goes to the warehouse (WOT-ATK-04)."""
    st.declared.remove(card)
    st.hand[st.active].remove(card)
    st.warehouse[st.active].append(card)
    st.changes[SQUAD + st.active] += 1  # speed (issue 18)
    if seat >= 0:
        i = seat * st.wot.content.bases_per_player + slot
        if st.guard[i] >= 0:
            _hit_vehicle(st, card, i)
        else:
            _hit_base(st, card, i)
    elif st.events is not MUTED:  # speed: no words in a muted playout
        st.say("wasted", f"{st.wot.name_of[card]} has no target", None, card=st.wot.label_of[card])
    if not st.declared:
        _reward_or_main(st)


def _hit_vehicle(st: WotState, card: int, i: int) -> None:
    """Strength >= armour destroys; otherwise damage, or destroy if already damaged (WOT-ATK-06).
    A destroyed defender goes to its owner's warehouse, undamaged (WOT-ATK-07)."""
    g = st.wot
    target, owner = st.guard[i], i // g.content.bases_per_player
    st.changes[BASE + owner] += 1  # speed (issue 18)
    loud = st.events is not MUTED  # speed: no words in a muted playout
    if loud:
        label, name = g.label_of[target], g.name_of[target]
        by = f"by {g.name_of[card]} (strength {g.strength[card]} against armour {g.arm[target]}"
        by += ", already damaged)" if st.guard_dmg[i] else ")"
    if g.strength[card] >= g.arm[target] or st.guard_dmg[i]:
        st.guard[i] = -1
        st.guard_dmg[i] = False
        st.warehouse[owner].append(target)
        st.changes[SQUAD + owner] += 1  # speed (issue 18)
        st.destroyed += 1
        if loud:
            st.say("destroyed", f"player {owner}'s {name} is destroyed {by}", None, player=owner, card=label)
    else:
        st.guard_dmg[i] = True
        if loud:
            st.say("damaged", f"player {owner}'s {name} is damaged {by}", None, player=owner, card=label)


def _hit_base(st: WotState, card: int, i: int) -> None:
    """A Heavy destroys an unguarded base outright; others damage it, or destroy it if damaged
    (WOT-ATK-08, WOT-CARD-13). The base goes to the attacker's warehouse (WOT-ATK-09)."""
    g = st.wot
    k = g.content.bases_per_player
    owner = i // k
    st.changes[BASE + owner] += 1  # speed (issue 18)
    if g.heavy[card] or st.base_dmg[i]:
        st.warehouse[st.active].append(st.base[i])
        st.changes[SQUAD + st.active] += 1  # speed (issue 18)
        st.base[i] = -1
        st.base_dmg[i] = False
        if st.events is not MUTED:  # speed: no words in a muted playout
            text = f"player {owner}'s base {i % k + 1} is destroyed by {g.name_of[card]}"
            st.say("base_destroyed", text, None, player=owner)
        if not st.has_base(owner):
            trigger(st, f"player {owner} has lost every base")  # WOT-END-01
    else:
        st.base_dmg[i] = True
        if st.events is not MUTED:  # speed: no words in a muted playout
            text = f"player {owner}'s base {i % k + 1} is damaged by {g.name_of[card]}"
            st.say("base_damaged", text, None, player=owner)


def reward_mixes(st: WotState) -> list[tuple[int, int]]:
    """(two-medal, one-medal) mixes totalling exactly M from the attacking nation's deck
    (WOT-REW-01..03), else those of the largest total below M (WOT-REW-04)."""
    nation = st.att_nation
    twos, ones = len(st.medal2[nation]), len(st.medal1[nation])
    for total in range(st.destroyed, 0, -1):
        mixes = [(t, total - 2 * t) for t in range(min(twos, total // 2), -1, -1) if total - 2 * t <= ones]
        if mixes:
            return mixes
    return []


def _reward_or_main(st: WotState) -> None:
    st.decide(Kind.REWARD if reward_mixes(st) else Kind.MAIN, st.active)


def reward_choices(st: WotState) -> list[WotAction]:
    medals = st.wot.table.medals
    return [medals[t][o] for t, o in reward_mixes(st)]


def reward(st: WotState, twos: int, ones: int) -> None:
    take_medals(st, st.active, st.att_nation, twos, ones)
    cards = [
        f"{n} {what} card{'s' * (n != 1)}" for n, what in ((twos, "two-medal"), (ones, "one-medal")) if n
    ]
    total = 2 * twos + ones
    st.say("reward", f"player {st.active} takes {' and '.join(cards)} of {NATIONS[st.att_nation]}: {total} "
           f"medal{'s' * (total != 1)}", None, player=st.active,
           twos=twos, ones=ones)  # fmt: skip
    st.decide(Kind.MAIN, st.active)


# -- what an attack option will do ------------------------------------------------------------
def forecast(st: WotState, a: WotAction) -> JSON | None:
    """What an attack or reward option will do, for displays (`Game.consequence`). The game has
    no dice, so a hit's result is known before it is fired (WOT-ATK-06/08); every card read here
    is public: the attacker's hand is face up in its turn (WOT-INFO-01), defenders, damage and the
    medal decks always are (WOT-INFO-04). None for the other options."""
    g = st.wot
    label, strength = g.label_of, g.strength
    verb = a.verb
    if verb is Verb.ATTACK or verb is Verb.ADD:
        nation = g.nat[a.a]
        cards = [a.a] if verb is Verb.ATTACK else [*st.declared, a.a]
        joinable = [c for c in _attackers(st) if g.nat[c] == nation and c not in cards]
        return {
            "nation": NATIONS[nation],
            "strength": strength[a.a],
            "declared_strength": sum(strength[c] for c in cards),
            "may_join": [label[c] for c in joinable],
        }
    if verb is Verb.GO:
        return {
            "cards": [label[c] for c in st.declared],
            "declared_strength": sum(strength[c] for c in st.declared),
        }
    if verb is Verb.FIRE:
        return _fire_forecast(st, a.a, a.b, a.c)
    if verb is Verb.MEDALS:
        return {"nation": NATIONS[st.att_nation], "medals": 2 * a.a + a.b, "two_medal": a.a, "one_medal": a.b}
    return None


def _fire_forecast(st: WotState, card: int, seat: int, slot: int) -> JSON:
    """A declared card's hit on its target: destroyed or damaged, and why (WOT-ATK-06/08/10)."""
    g = st.wot
    doc: JSON = {"card": g.label_of[card], "strength": g.strength[card]}
    if seat < 0:
        return doc | {"result": "wasted"}  # no legal target (WOT-ATK-10)
    i = seat * g.bpp + slot
    doc |= {"seat": seat, "base": slot + 1}
    defender = st.guard[i]
    if defender >= 0:
        armour, damaged = g.arm[defender], st.guard_dmg[i]
        kills = g.strength[card] >= armour or damaged
        return doc | {"target": "defender", "defender": g.label_of[defender], "armour": armour,
                      "damaged": damaged, "result": "destroyed" if kills else "damaged"}  # fmt: skip
    damaged = st.base_dmg[i]
    kills = g.heavy[card] or damaged
    return doc | {"target": "base", "heavy": g.heavy[card], "damaged": damaged,
                  "result": "destroyed" if kills else "damaged"}  # fmt: skip
