"""Playing a card for its abilities (WOT-ABIL-01..07, WOT-ICON-06..12) and the defence of bases
(WOT-DEF-01..06)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.engine import MUTED
from warroom.games.wot_rush.changes import BASE, PILES, SQUAD
from warroom.games.wot_rush.rules.zones import draw, reveal, take_from_hand, take_from_reserve, take_medals
from warroom.games.wot_rush.words import ABILITY_NAMES, Ability, Kind

_NAMES = tuple(a.name for a in Ability)  # by value: Enum.name is a slow property on the hot path
assert all(a == i for i, a in enumerate(Ability))
# the abilities as plain ints: an Enum member looked up on the class costs a microsecond (hot path)
_REC, _REI, _INV, _SAB = int(Ability.REC), int(Ability.REI), int(Ability.INV), int(Ability.SAB)
_RES, _CALL = int(Ability.RES), int(Ability.CALL)

if TYPE_CHECKING:
    from warroom.games.wot_rush.actions import WotAction
    from warroom.games.wot_rush.state import WotState


def ability_plays(st: WotState, out: list[WotAction]) -> None:
    """`use K A` for each printed ability of each playable hand card (WOT-ABIL-01/02/07), and
    `defend K` for each armoured vehicle while the player has a base (WOT-ABIL-04)."""
    g = st.wot
    use, defend, played, abil, kind = st.wot.table.use, st.wot.table.defend, st.played, g.abil, g.kind
    can_defend = st.has_base(st.active)
    seen: set[int] = set()
    for card in st.hand[st.active]:
        k = kind[card]
        if card in played or k in seen:
            continue
        seen.add(k)
        if abil[card]:
            out.extend(use[k].values())
        if can_defend and g.arm[card] >= 1:
            out.append(defend[k])


def _take_card(st: WotState, k: int) -> int:
    """Take a playable card of kind k from the active hand into play (WOT-PLAY-03)."""
    card = st.card = take_from_hand(st, k)
    return card


def start(st: WotState, k: int, ability: int) -> None:
    """Play card kind k for its abilities, beginning with `ability` (WOT-ABIL-02/03)."""
    card = _take_card(st, k)
    st.pending = [int(a) for a, _ in st.wot.abil[card] if a != ability]
    st.to_grave = False
    if st.events is not MUTED:  # speed: a muted playout's words are never read, not even written
        st.say("ability_play", f"player {st.active} plays {st.wot.name_of[card]} for its abilities",
               None, player=st.active, card=st.wot.label_of[card])  # fmt: skip
    resolve(st, ability)


def defend(st: WotState, k: int) -> None:
    """The zero-ability play: straight into defence (WOT-ABIL-04)."""
    card = _take_card(st, k)
    st.to_grave = False
    st.pending = []
    if st.events is not MUTED:  # speed: no words in a muted playout
        st.say("defend", f"player {st.active} sends {st.wot.name_of[card]} to defend",
               None, player=st.active, card=st.wot.label_of[card])  # fmt: skip
    _destination(st)


def resolve(st: WotState, ability: int) -> None:
    """Resolve one printed ability (an `Ability` value) of the card in play (WOT-ICON-06..12)."""
    n = next(n for a, n in st.wot.abil[st.card] if a == ability)
    loud = st.events is not MUTED  # speed: no words in a muted playout
    if loud:
        name, words = _NAMES[ability], ABILITY_NAMES[ability]
        text = f"player {st.active} uses {words} {n}" if n else f"player {st.active} uses {words}"
        st.say("ability", text, None, player=st.active, ability=name, n=n)
    if ability == _REC:
        st.decide(Kind.SCOUT, st.active)
    elif ability == _REI:
        drawn = draw(st, st.active, n)  # drawn cards are revealed and playable (WOT-ICON-07, G-09)
        if loud:
            names = ", ".join(st.wot.name_of[c] for c in drawn) or "nothing"
            st.say("reinforce", f"player {st.active} draws {names}",
                   None, player=st.active, cards=[st.wot.label_of[c] for c in drawn])  # fmt: skip
        after(st)
    elif ability == _INV:
        nation = st.wot.nat[st.card]
        if nation >= 0 and st.medal1[nation]:  # nothing if no one-medal card is left (WOT-ICON-08)
            take_medals(st, st.active, nation, 0, 1)
        after(st)
    elif ability == _SAB:
        n_seats = st.wot.seats
        seats = ((st.active + i) % n_seats for i in range(1, n_seats))
        st.sab_queue = [q for q in seats if st.hand[q]]  # clockwise; empty hands skipped (G-11)
        _next_victim(st)
    elif ability == _RES:
        st.to_grave = True  # even if armoured (WOT-ICON-10)
        st.ability_n = n
        st.decide(Kind.RESEARCH, st.active)
    elif ability == _CALL:
        st.limit += 1  # WOT-ICON-11, WOT-PLAY-07
        after(st)
    elif st.warehouse[st.active]:  # REP
        st.ability_n = n
        st.decide(Kind.REPAIR, st.active)
    else:
        after(st)


def after(st: WotState) -> None:
    """After one ability: offer the others, else finish the play (WOT-ABIL-02)."""
    if st.pending:
        st.decide(Kind.MORE, st.active)
    else:
        _destination(st)


def stop(st: WotState) -> None:
    """The card's other abilities are left unresolved (WOT-ABIL-02)."""
    st.pending = []
    after(st)


def more_choices(st: WotState) -> list[WotAction]:
    then = st.wot.table.then
    return [*(then[Ability(a)] for a in st.pending), st.wot.table.stop]


def then(st: WotState, ability: int) -> None:
    st.pending.remove(ability)
    resolve(st, ability)


def _destination(st: WotState) -> None:
    """Graveyard after Research; else defence if armoured and a base is left (mandatory);
    else the warehouse (WOT-ABIL-05, WOT-DEF-05)."""
    g, card = st.wot, st.card
    st.pending = []
    if st.to_grave:
        st.graveyard.append(card)
        st.changes[PILES] += 1  # speed (issue 18)
    elif g.arm[card] >= 1 and st.has_base(st.active):
        st.decide(Kind.PLACE, st.active)
        return
    else:
        st.warehouse[st.active].append(card)
        st.changes[SQUAD + st.active] += 1  # speed (issue 18)
    st.card = -1
    st.decide(Kind.MAIN, st.active)


# -- the choices inside abilities -----------------------------------------------------------
def scout_choices(st: WotState) -> list[WotAction]:
    """Any subset of the reserve (WOT-ICON-06, G-08)."""
    scout = st.wot.table.scout
    return [scout[mask] for mask in range(1 << len(st.reserve))]


def scout(st: WotState, mask: int) -> None:
    """Discard the chosen reserve cards, then refill one per card, oldest reveal first (WOT-ICON-06,
    WOT-VDECK-01/04)."""
    gone = [c for i, c in enumerate(st.reserve) if mask >> i & 1]
    for card in gone:  # speed (issue 18): each is followed by a reveal, which counts the change
        st.reserve.remove(card)
        st.vdiscard.append(card)
    for _ in gone:
        reveal(st)
    after(st)


def research_choices(st: WotState) -> list[WotAction]:
    """One reserve card of cost <= n, or none (WOT-ICON-10)."""
    cost, research = st.wot.cost, st.wot.table.research
    out = [research[c] for c in st.reserve if cost[c] <= st.ability_n]
    out.append(st.wot.table.research_none)
    return out


def research(st: WotState, card: int) -> None:
    """The researched card goes to the warehouse; the reserve refills; no purchase is used."""
    if card >= 0:
        st.warehouse[st.active].append(card)
        st.changes[SQUAD + st.active] += 1  # speed (issue 18): the reserve's are counted by reveal
        take_from_reserve(st, card)
    st.ability_n = 0
    after(st)


def repair_choices(st: WotState) -> list[WotAction]:
    """Up to n cards of any type from the own warehouse, one at a time (WOT-ICON-12, G-14)."""
    kind, scrap = st.wot.kind, st.wot.table.scrap
    kinds = sorted({kind[c] for c in st.warehouse[st.active]})
    return [*(scrap[k] for k in kinds), st.wot.table.done]


def scrap(st: WotState, k: int) -> None:
    store = st.warehouse[st.active]
    card = next(c for c in store if st.wot.kind[c] == k)
    store.remove(card)
    st.graveyard.append(card)
    changed = st.changes  # speed (issue 18)
    changed[SQUAD + st.active] += 1
    changed[PILES] += 1
    st.ability_n -= 1
    if st.ability_n <= 0 or not store:
        st.ability_n = 0
        after(st)


def stop_repair(st: WotState) -> None:
    st.ability_n = 0
    after(st)


def _next_victim(st: WotState) -> None:
    """The next victim in the queue discards (WOT-ICON-09); then the card's play goes on."""
    if st.sab_queue:
        st.decide(Kind.SABOTAGE, st.sab_queue[0])
    else:
        after(st)


def sabotage_choices(st: WotState) -> list[WotAction]:
    kind, discard = st.wot.kind, st.wot.table.discard
    return [discard[k] for k in sorted({kind[c] for c in st.hand[st.sab_queue[0]]})]


def sabotaged(st: WotState, k: int) -> None:
    """The victim discards one hand card face up to their own warehouse, no refill (WOT-ICON-09)."""
    victim = st.sab_queue.pop(0)
    hand = st.hand[victim]
    card = next(c for c in hand if st.wot.kind[c] == k)
    hand.remove(card)
    st.warehouse[victim].append(card)
    st.changes[SQUAD + victim] += 1  # speed (issue 18)
    st.say("sabotaged", f"player {victim} discards {st.wot.name_of[card]}", None, player=victim,
           card=st.wot.label_of[card])  # fmt: skip
    _next_victim(st)


# -- defence ---------------------------------------------------------------------------------
def place_choices(st: WotState) -> list[WotAction]:
    """An unguarded own base; only if none is left, any guarded one (WOT-DEF-02)."""
    k = st.wot.content.bases_per_player
    lo = st.active * k
    base, guard, to = st.base, st.guard, st.wot.table.guard
    free = [to[s] for s in range(k) if base[lo + s] >= 0 and guard[lo + s] < 0]
    return free or [to[s] for s in range(k) if base[lo + s] >= 0]


def place(st: WotState, slot: int) -> None:
    """The defender goes on the base; a replaced one goes to the warehouse undamaged (WOT-DEF-01/02)."""
    i = st.active * st.wot.content.bases_per_player + slot
    old = st.guard[i]
    if old >= 0:
        st.warehouse[st.active].append(old)
    st.guard[i] = st.card
    st.guard_dmg[i] = False
    changed = st.changes  # speed (issue 18)
    changed[BASE + st.active] += 1
    changed[SQUAD + st.active] += 1
    if st.events is not MUTED:  # speed: no words in a muted playout
        st.say("guard", f"{st.wot.name_of[st.card]} guards player {st.active}'s base {slot + 1}",
               None, player=st.active, card=st.wot.label_of[st.card], slot=slot + 1)  # fmt: skip
    st.card = -1
    st.decide(Kind.MAIN, st.active)
