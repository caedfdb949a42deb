"""Steps 1-2: playing a Command card and issuing its orders (M44-TURN-03, M44-CARD-01..08,
M44-SECT-01..07, M44-TAC-01..31).

Orders fill *slots*: the three board sections for section cards, Their Finest Hour's infantry /
armor / star dice, or "any" for the other tactic cards. A unit may be ordered while the chosen
set can still be matched to slots within their limits, so a unit on a dashed-line hex counts
against either of its sections, as the player prefers (M44-CARD-04/07).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.games.memoir44.actions import Verb
from warroom.games.memoir44.board import NAMES, NEIGHBOURS, SECTIONS, Section
from warroom.games.memoir44.places import SECTION_WORDS, whose
from warroom.games.memoir44.rules import dice
from warroom.games.memoir44.rules.battle import STARS, strike
from warroom.games.memoir44.rules.units import enemy_adjacent, label
from warroom.games.memoir44.words import ARMOR, ARTILLERY, INFANTRY, SECTION_EFFECTS, SIDE_TITLES, Kind, Side

if TYPE_CHECKING:
    from warroom.core.game import Action
    from warroom.games.memoir44.actions import M44Action
    from warroom.games.memoir44.state import M44State

INF_SLOT, ARMOR_SLOT, STAR_SLOT, ANY_SLOT = 3, 4, 5, 6  # after the three board sections' slots
SLOTS = 7
SECTION_SLOTS = tuple(tuple(int(s) for s in sections) for sections in SECTIONS)  # a hex's section slots
ALL = 99  # "order all units": a limit no side reaches
ORDERED_BY_TYPE = {  # tactic card -> (base type ordered, how many); fallback when none (M44-CARD-08)
    "move_out": (INFANTRY, 4),
    "armor_assault": (ARMOR, 4),
    "artillery_bombard": (ARTILLERY, ALL),
    "behind_enemy_lines": (INFANTRY, 1),
    "dig_in": (INFANTRY, 4),
    "infantry_assault": (INFANTRY, ALL),
}
NO_ORDERS = ("ambush", "")
# the cards that order units by board section (sections' slots)
BY_SECTION = frozenset((*SECTION_EFFECTS, "recon_in_force", "general_advance", "pincer_move"))
BARRAGE_DICE = 4  # M44-TAC-09
_DONE = Verb.DONE  # an Enum member as a module constant: cheaper than `action.verb.DONE` (hot path)


# -- step 1: play a card ------------------------------------------------------------------------
def card_options(st: M44State) -> list[Action]:
    kinds = sorted({st.m44.deck[c] for c in st.hands[st.active]})
    return [st.table.play[k] for k in kinds]


def apply_play(st: M44State, action: M44Action) -> None:
    """Play one card face up (M44-TURN-03); Counter-Attack takes on the order of the opponent's
    last card, sections mirrored to the same board area (M44-TAC-14..17)."""
    g = st.m44
    st.decision = None
    card = next(c for c in st.hands[st.active] if g.deck[c] == action.a)
    st.hands[st.active].remove(card)
    st.in_play.append(card)
    kind = g.content.cards[action.a]
    st.say("play", ("the {} play {}", SIDE_TITLES[st.active], kind.name), side=st.active, card=kind.kind)
    effect, section = kind.effect, g.card_section[st.active][action.a]
    if effect == "counter_attack":
        effect, section = st.last_effect[1 - st.active]
        effect = "" if effect == "ambush" else effect
        st.say("counter_attack", _copied(st, effect, section), effect=effect)
    st.effect, st.section = effect, section
    st.last_effect[st.active] = [effect or ("ambush" if kind.effect == "ambush" else ""), section]
    st.commander = _commander(st, kind.kind, effect, section)
    start_effect(st)


def _copied(st: M44State, effect: str, section: int) -> str:
    """What a Counter-Attack copies, in the box's words (M44-TAC-14..17): the card the opponent
    just played, by its printed name, and the board area it orders, as the playing side's own
    flank ("Counter-Attack copies Attack Right, the card the Axis just played, on the Allied left
    flank"); nothing in a muted playout."""
    if st.muted:
        return ""
    if not effect:
        return "Counter-Attack copies nothing: the last card played gives no order to copy"
    g, other = st.m44, 1 - st.active
    card = next(
        c
        for c in g.content.cards
        if c.effect == effect
        and (c.section is None or int(g.to_absolute(other, Section[c.section.upper()])) == section)
    )
    text = f"Counter-Attack copies {card.name}, the card the {SIDE_TITLES[other]} just played"
    if section < 0:
        return text
    own = next(r for r in Section if int(g.to_absolute(st.active, r)) == section)
    area = SECTION_WORDS[own].format(whose=whose(st.active))
    return f"{text}, {'in' if own == Section.CENTER else 'on'} {area}"


def _commander(st: M44State, card: str, effect: str, section: int) -> int:
    """Team play: a single-section card's section commander, else the chief (M44-VAR-05)."""
    g = st.m44
    if effect in SECTION_EFFECTS and section >= 0:
        return g.board_commanders[st.active][section]
    return g.chief(st.active)


def start_effect(st: M44State) -> None:
    effect = st.effect
    tail: list[list[Any]] = [["moves", 0], ["battles"]]
    if effect == "behind_enemy_lines":
        tail.append(["moves", 1])
    if effect in NO_ORDERS:
        st.push(["end_turn"])
    elif effect == "air_power":
        st.push(["air"], ["end_turn"])
    elif effect == "barrage":
        st.push(["barrage"], ["end_turn"])
    elif effect == "medics_and_mechanics":
        st.push(["medics"], *tail, ["end_turn"])
    elif effect == "dig_in" and not _falls_back(st):
        _set_quotas(st)
        st.push(["orders"], ["dig_in"], ["end_turn"])
    elif effect == "infantry_assault" and st.section < 0 and not _falls_back(st):
        st.decide(Kind.SECTION, st.commander)
        st.push(["orders"], *tail, ["end_turn"])
    else:
        if effect == "their_finest_hour":
            _roll_finest_hour(st)
        _set_quotas(st)
        st.push(["orders"], *tail, ["end_turn"])


def _falls_back(st: M44State) -> bool:
    """M44-CARD-08: the card's unit type is absent from the board."""
    if st.effect not in ORDERED_BY_TYPE:
        return False
    base = ORDERED_BY_TYPE[st.effect][0]
    g = st.m44
    return not any(
        h >= 0 and g.unit_side[u] == st.active and g.unit_base[u] == base for u, h in enumerate(st.unit_hex)
    )


def _set_quotas(st: M44State) -> None:
    g = st.m44
    q = [0] * SLOTS
    effect = st.effect
    if _falls_back(st):
        st.fallback = True
        q[ANY_SLOT] = 1
        # M44-CARD-08; said to both sides, so it names the side rather than "you"
        side = SIDE_TITLES[st.active]
        st.say("fallback", f"the {side} have no unit of the card's type: they order 1 unit of their choice")
    elif effect in SECTION_EFFECTS:
        orders = {"probe": 2, "attack": 3, "assault": ALL, "recon": 1}[effect]
        q[st.section] = orders
    elif effect in ("recon_in_force", "general_advance", "pincer_move"):
        per = {"recon_in_force": (1, 1, 1), "general_advance": (2, 2, 2), "pincer_move": (2, 0, 2)}[effect]
        for rel, n in enumerate(per):
            q[g.abs_section[st.active][rel]] = n
    elif effect == "their_finest_hour":
        q[INF_SLOT] = sum(1 for f in st.tfh if f in (dice.INF_A, dice.INF_B))
        q[ARMOR_SLOT] = st.tfh.count(dice.ARMOR)
        q[STAR_SLOT] = st.tfh.count(dice.STAR)
    elif effect in ORDERED_BY_TYPE:
        q[ANY_SLOT] = ORDERED_BY_TYPE[effect][1]
    elif effect in ("direct_from_hq", "firefight"):
        q[ANY_SLOT] = 4
    elif effect == "close_assault":
        q[ANY_SLOT] = ALL
    st.quotas = q


def _roll_finest_hour(st: M44State) -> None:
    """One die per card in hand, this card counted (M44-TAC-29)."""
    n = len(st.hands[st.active]) + 1
    st.tfh = dice.roll(st, n)
    st.say("dice", f"Their Finest Hour: {dice.names(st.tfh)}", faces=[dice.FACE_NAMES[f] for f in st.tfh])


# -- step 2: orders -------------------------------------------------------------------------------
def slots(st: M44State, u: int) -> tuple[int, ...]:
    """The order slots unit u may fill under the turn's card ((): it may not be ordered)."""
    g = st.m44
    q = st.quotas
    if st.fallback:
        return (ANY_SLOT,)
    effect, base, h = st.effect, g.unit_base[u], st.unit_hex[u]
    if effect in BY_SECTION:
        own = SECTION_SLOTS[h]
        if len(own) == 1:
            return own if q[own[0]] > 0 else ()
        return tuple(s for s in own if q[s] > 0)
    if effect == "their_finest_hour":
        own = (INF_SLOT,) if base == INFANTRY else (ARMOR_SLOT,) if base == ARMOR else ()
        return tuple(s for s in (*own, STAR_SLOT) if q[s] > 0)
    if effect in ORDERED_BY_TYPE:
        if base != ORDERED_BY_TYPE[effect][0]:
            return ()
        if effect == "infantry_assault" and st.section not in SECTIONS[h]:
            return ()
        return (ANY_SLOT,)
    if effect == "close_assault":
        return (ANY_SLOT,) if base != ARTILLERY and enemy_adjacent(st, h, st.active) else ()
    if effect == "firefight":
        return () if enemy_adjacent(st, h, st.active) else (ANY_SLOT,)
    if effect == "direct_from_hq":
        return (ANY_SLOT,)
    return ()


def fits(quotas: list[int], options: list[tuple[int, ...]]) -> bool:
    """Can every unit get its own slot within the limits? (a tiny bipartite matching)"""
    return _place(quotas[:], sorted(options, key=len), 0)


def _place(left: list[int], options: list[tuple[int, ...]], i: int) -> bool:
    """`fits`' search from the i-th unit on, `left` the slots still free. A module function, not
    a closure: a closure is two more objects per call, and `fits` runs for many a listing of the
    orders (speed, issue 15)."""
    if i == len(options):
        return True
    for s in options[i]:
        if left[s] > 0:
            left[s] -= 1
            if _place(left, options, i + 1):
                return True
            left[s] += 1
    return False


# Each unit of the active side with its order slots, and those that may be ordered at all with
# their single slot (-1 for a unit on a dashed line that may fill either) and `order H` action:
# cached in `st.order_slots` for one ordering step.
OrderSlots = tuple[dict[int, tuple[int, ...]], list[tuple[int, tuple[int, ...], int, "Action"]]]


def _order_slots(st: M44State) -> OrderSlots:
    side, sides, where, order = st.active, st.m44.unit_side, st.unit_hex, st.table.order
    if st.fallback or st.effect not in BY_SECTION:
        by_unit = {u: slots(st, u) for u, h in enumerate(where) if h >= 0 and sides[u] == side}
    else:  # a section card, the usual turn: `slots`' first case, written out (hot path)
        q = st.quotas
        by_unit = {}
        for u, h in enumerate(where):
            if h >= 0 and sides[u] == side:
                own = SECTION_SLOTS[h]
                if len(own) == 1:
                    by_unit[u] = own if q[own[0]] > 0 else ()
                else:
                    by_unit[u] = tuple(s for s in own if q[s] > 0)
    candidates: list[tuple[int, tuple[int, ...], int, Action]] = [
        (u, own, own[0] if len(own) == 1 else -1, order[where[u]]) for u, own in by_unit.items() if own
    ]
    return by_unit, candidates


def order_options(st: M44State) -> list[Action]:
    """The units that may still be ordered. A unit's slots cannot change while orders are named
    (nothing moves), so they are worked out once per ordering step (`st.order_slots`). While
    every unit ordered so far has a single slot, counting what is left of each slot decides;
    otherwise a small matching (`fits`) does."""
    cache = st.order_slots
    if cache is None:
        cache = st.order_slots = _order_slots(st)
    by_unit, candidates = cache
    out: list[Action] = []
    quotas = st.quotas
    taken = [by_unit[u] if u in by_unit else slots(st, u) for u in st.chosen]
    free = quotas[:]
    simple = True
    for s in taken:
        if len(s) != 1:
            simple = False
            break
        free[s[0]] -= 1
    ordered = st.ordered
    for u, own, single, action in candidates:
        if ordered[u]:
            continue
        if free[single] > 0 if simple and single >= 0 else fits(quotas, [*taken, own]):
            out.append(action)
    if out:
        out.append(st.table.done)
    return out


def orders_step(st: M44State, _job: list[Any]) -> None:
    """Name the ordered units before any moves (M44-CARD-02); fewer than allowed is fine
    (M44-GEN-06, M44-CARD-05)."""
    options = order_options(st)
    if len(options) > 1:
        st.offer(options, Kind.ORDER, st.commander)


def apply_order(st: M44State, action: M44Action) -> None:
    st.decision = None
    if action.verb is _DONE:
        return
    u = st.occ[action.a]
    st.ordered[u] = True
    st.chosen.append(u)
    st.say("order", ("ordered: {}", label(st, u)), unit=u)
    st.push(["orders"])


def section_options(st: M44State) -> list[Action]:
    return list(st.table.section)


def apply_section(st: M44State, action: M44Action) -> None:
    """Infantry Assault's section, from the player's seat (M44-TAC-22)."""
    st.decision = None
    st.section = st.m44.abs_section[st.active][action.a]
    st.last_effect[st.active] = [st.effect, st.section]
    _set_quotas(st)


def dig_in(st: M44State, _job: list[Any]) -> None:
    """Each ordered infantry places sandbags on its hex, from the side's pool, not twice, not in
    the ocean (M44-TAC-18/19)."""
    g = st.m44
    pool = st.sandbag_pool
    for u in st.chosen:
        h = st.unit_hex[u]
        if st.sandbags[h] or g.is_ocean[h] or pool[st.active] == 0:
            continue
        st.sandbags[h] = 1
        if pool[st.active] > 0:
            pool[st.active] -= 1
        st.say("sandbags", ("sandbags placed around {}", label(st, u)), hex=NAMES[h])


# -- cards that roll on their own -------------------------------------------------------------------
def _offer_any(st: M44State, options: list[Action], kind: str) -> None:
    """Ask the commander to choose among `options`; with none, the card's step passes and the
    card is played for nothing (M44-TAC-24/27 Medics, M44-TAC-01 Air Power, M44-TAC-09 Barrage)."""
    if options:
        st.offer(options, kind, st.commander)


def medics_options(st: M44State) -> list[Action]:
    g = st.m44
    out: list[Action] = [
        st.table.order[h] for u, h in enumerate(st.unit_hex)
        if h >= 0 and g.unit_side[u] == st.active and st.unit_fig[u] < g.unit_max[u]
    ]  # fmt: skip
    return [*out, st.table.done] if out else out


def medics_step(st: M44State, _job: list[Any]) -> None:
    """Order 1 damaged unit, if any (M44-TAC-24/27)."""
    _offer_any(st, medics_options(st), Kind.MEDICS)


def apply_medics(st: M44State, action: M44Action) -> None:
    """Roll one die per card in hand, this card counted; its symbol and stars heal, up to its
    starting strength; healed, it is ordered as usual (M44-TAC-24..26)."""
    st.decision = None
    if action.verb == action.verb.DONE:
        return
    g = st.m44
    u = st.occ[action.a]
    faces = dice.roll(st, len(st.hands[st.active]) + 1)
    symbol = dice.BASE_FACES[g.unit_base[u]]
    healed = min(sum(1 for f in faces if f in symbol or f == dice.STAR), g.unit_max[u] - st.unit_fig[u])
    st.unit_fig[u] += healed
    faces_named = [dice.FACE_NAMES[f] for f in faces]
    text = f"Medics & Mechanics: {dice.names(faces)}: {healed} back"
    st.say("dice", text, faces=faces_named, healed=healed, unit=u)
    if healed:
        st.ordered[u] = True
        st.chosen.append(u)


def air_options(st: M44State) -> list[Action]:
    """Air Power targets: any enemy first, then each next adjacent to one already chosen, up to 4
    (M44-TAC-01); the group is fixed before any roll (M44-TAC-03)."""
    g = st.m44
    out: list[Action] = []
    if len(st.air) < 4:
        near = {n for t in st.air for n in NEIGHBOURS[st.unit_hex[t]]} if st.air else None
        for u, h in enumerate(st.unit_hex):
            if h >= 0 and g.unit_side[u] != st.active and u not in st.air and (near is None or h in near):
                out.append(st.table.air[h])
    if st.air:
        out.append(st.table.done)
    return out


def air_step(st: M44State, _job: list[Any]) -> None:
    _offer_any(st, air_options(st), Kind.AIR)


def apply_air(st: M44State, action: M44Action) -> None:
    """Allies roll 2 dice per target, the Axis 1; symbol, grenade and star hit (M44-TAC-01/02)."""
    st.decision = None
    if action.verb == action.verb.AIR:
        st.air.append(st.occ[action.a])
        st.push(["air"])
        return
    per = air_dice(st.active)
    for t in reversed(st.air):
        st.push(["air_strike", t, per])


def air_dice(side: int) -> int:
    """Dice per Air Power target: the Allies roll 2, the Axis 1 (M44-TAC-01)."""
    return 2 if side == Side.ALLIES else 1


def air_strike(st: M44State, job: list[Any]) -> None:
    t, n = int(job[1]), int(job[2])
    if st.unit_hex[t] >= 0:
        strike(st, st.active, t, n, STARS)


def barrage_options(st: M44State) -> list[Action]:
    g = st.m44
    return [st.table.barrage[h] for u, h in enumerate(st.unit_hex) if h >= 0 and g.unit_side[u] != st.active]


def barrage_step(st: M44State, _job: list[Any]) -> None:
    """With no enemy unit left on the board the card is played for nothing, like Air Power."""
    _offer_any(st, barrage_options(st), Kind.BARRAGE)


def apply_barrage(st: M44State, action: M44Action) -> None:
    """Any one enemy unit, 4 dice, terrain ignored, flags not ignorable (M44-TAC-09)."""
    st.decision = None
    strike(st, st.active, st.occ[action.a], BARRAGE_DICE, 0)
