"""Step 4, battle (M44-BATTLE-01..11, M44-LOS-01..08, M44-DICE-01..07, M44-GROUND-01..09,
M44-TAC-04/05 Ambush, M44-OBST-11 removing wire).

One battle runs as a chain of agenda jobs, so every decision inside it can be answered later:
    declare -> [ambush?] -> attack (roll, hits) -> flags (ignore?) -> retreat steps -> after_attack
    (take ground?) -> overrun (armor, once per turn) -> attack ... -> take ground again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.games.memoir44.board import DIST, NEIGHBOURS, NUM_HEXES, sight_between
from warroom.games.memoir44.places import EventUnit
from warroom.games.memoir44.rules import dice
from warroom.games.memoir44.rules.movement import enter, profile
from warroom.games.memoir44.rules.retreat import start
from warroom.games.memoir44.rules.units import figures, label, lose_figures
from warroom.games.memoir44.words import ARMOR, ARTILLERY, INFANTRY, RUNNING, SIDE_TITLES, Kind

if TYPE_CHECKING:
    from warroom.core.game import Action
    from warroom.games.memoir44.actions import M44Action
    from warroom.games.memoir44.state import M44State

# battle mask bits
CLOSE, GROUND, OVERRUN, STARS, NOIGNORE, COUNTER = 1, 2, 4, 8, 16, 32
PLUS_ONE = ("behind_enemy_lines", "close_assault", "firefight", "their_finest_hour")


# -- line of sight --------------------------------------------------------------------------------
def blocks(st: M44State, h: int, a: int, b: int) -> bool:
    """An intervening hex blocks if it holds a unit or blocking terrain; a hill blocks unless the
    attacker, the target and it are one plateau (M44-LOS-03, M44-LOS-07)."""
    g = st.m44
    if st.occ[h] >= 0 or g.blocks_los[h]:
        return True
    if g.is_hill[h]:
        group = g.hill_group[h]
        return not (g.hill_group[a] == group and g.hill_group[b] == group)
    return False


def has_los(st: M44State, a: int, b: int) -> bool:
    """Blocked by any blocking hex the line crosses, or by blocking hexes it grazes on both sides
    at once; off-board never blocks (M44-LOS-02..06)."""
    if DIST[a][b] <= 1:
        return True
    s = sight_between(a, b)
    for h in s.crossed:
        if blocks(st, h, a, b):
            return False
    if s.left and s.right:
        return not (any(blocks(st, h, a, b) for h in s.left) and any(blocks(st, h, a, b) for h in s.right))
    return True


# -- dice ---------------------------------------------------------------------------------------------
def protection(st: M44State, base: int, frm: int, t: int, th: int) -> int:
    """Target-hex protection against infantry or armor; only the largest counts (M44-BATTLE-09,
    M44-TERR-02/06/07/14/15, M44-OBST-02/04/06)."""
    g = st.m44
    best = 0
    if not g.is_hill[th] or not g.is_hill[frm]:
        best = g.terrain_protection[th][base]
    owner = g.scenario.bunker[th]
    if owner >= 0:
        if owner == g.unit_side[t]:
            best = max(best, g.content.features["bunker"].protection[base])
    elif st.sandbags[th] and g.sandbag_terrain[th]:
        best = max(best, g.content.obstacles["sandbags"].protection[base])
    return best


def card_bonus(st: M44State, u: int, close: bool) -> int:
    """+1 die from the turn's card for the units it ordered (M44-TAC-07/10/12/13/21/29)."""
    if st.fallback or not st.ordered[u] or st.m44.unit_side[u] != st.active:
        return 0
    if st.effect in PLUS_ONE:
        return 1
    return int(st.effect == "armor_assault" and close and st.m44.unit_base[u] == ARMOR)


def dice_for(st: M44State, u: int, t: int, bonus: bool = True) -> int:
    """Base dice by range + card bonus - attacker-hex penalty - target protection; artillery
    ignores protection (M44-BATTLE-09, M44-UNIT-04, M44-GEN-03)."""
    g = st.m44
    frm, th = st.unit_hex[u], st.unit_hex[t]
    d = DIST[frm][th]
    kind = g.unit_kind[u]
    if d > len(kind.dice):
        return 0
    n = kind.dice[d - 1]
    base = g.unit_base[u]
    if base == ARMOR:
        n -= g.armor_penalty[frm]
    elif base == INFANTRY:
        n -= st.wire[frm] * g.content.obstacles["wire"].infantry_battle_penalty
    if base != ARTILLERY:
        n -= protection(st, base, frm, t, th)
    if bonus:
        n += card_bonus(st, u, d == 1)
    return n


# -- who may battle whom ---------------------------------------------------------------------------
def battle_limit(st: M44State, u: int) -> int:
    """One battle per ordered unit; Artillery Bombard's unmoved artillery fires twice (M44-BATTLE-02,
    M44-TAC-08)."""
    bombard = st.effect == "artillery_bombard" and not st.fallback and st.m44.unit_base[u] == ARTILLERY
    return 2 if bombard else 1


def can_battle(st: M44State, u: int, overrun: bool = False) -> bool:
    """M44-BATTLE-04: not after moving too far, not on forest/hedgerow/town entered this turn,
    not from the ocean, not when the card forbids it."""
    h = st.unit_hex[u]
    if h < 0 or not st.ordered[u] or st.no_battle[u] or st.m44.is_ocean[h]:
        return False
    if st.effect == "dig_in" and not st.fallback:
        return False
    if not overrun and st.battles[u] >= battle_limit(st, u):
        return False
    return max(st.moved[u], 0) <= profile(st, u)[1] or (overrun and st.battles[u] > 0)


def targets(st: M44State, u: int) -> list[tuple[int, int]]:
    """(target unit, dice) for every legal target: adjacent enemies only if any (M44-BATTLE-06/07),
    else enemies in range and, for infantry and armor, in sight (M44-BATTLE-05, M44-BATTLE-10);
    Firefight units only fire (M44-TAC-21)."""
    g = st.m44
    h = st.unit_hex[u]
    side = g.unit_side[u]
    occ = st.occ
    adjacent = [occ[n] for n in NEIGHBOURS[h] if occ[n] >= 0 and g.unit_side[occ[n]] != side]
    if adjacent:
        if st.effect == "firefight" and not st.fallback:
            return []
        candidates = adjacent
    else:
        kind = g.unit_kind[u]
        reach = len(kind.dice)
        row = DIST[h]
        candidates = []
        for t, th in enumerate(st.unit_hex):
            if th < 0 or g.unit_side[t] == side or row[th] > reach:
                continue
            if not kind.needs_los or has_los(st, h, th):
                candidates.append(t)
    out = []
    for t in candidates:
        n = dice_for(st, u, t)
        if n > 0:
            out.append((t, n))
    return out


def can_clear_wire(st: M44State, u: int) -> bool:
    """Ordered infantry on wire that could battle may remove it instead (M44-OBST-11)."""
    return st.m44.unit_base[u] == INFANTRY and bool(st.wire[st.unit_hex[u]]) and can_battle(st, u)


def options(st: M44State) -> list[Action]:
    table = st.table
    out: list[Action] = []
    for u in st.chosen:
        if not can_battle(st, u):
            continue
        h = st.unit_hex[u]
        for t, _ in targets(st, u):
            out.append(table.battle[h * NUM_HEXES + st.unit_hex[t]])
        if st.wire[h] and st.m44.unit_base[u] == INFANTRY:
            out.append(table.clear_wire[h])
    if out:
        out.append(table.done)
    return out


def step(st: M44State, _job: list[Any]) -> None:
    """Offer the next battle while any ordered unit has one (M44-BATTLE-01). When none of the
    ordered units can battle at all, the step is said to be skipped, and why."""
    found = options(st)
    if len(found) > 1:
        st.offer(found, Kind.BATTLE, st.commander)
    elif st.chosen and not any(st.battles[u] for u in st.chosen):
        st.say(
            "no_battle",
            "no battle this turn: none of the ordered units can battle (no target in range and "
            "sight, or it moved too far)",
        )


def apply(st: M44State, action: M44Action) -> None:
    st.decision = None
    if action.verb == action.verb.DONE:
        return
    u = st.occ[action.a]
    st.battles[u] += 1
    if action.verb == action.verb.CLEAR_WIRE:
        st.wire[action.a] = 0
        st.say("wire_removed", ("{} removes the wire instead of battling", label(st, u)))
        st.push(["battles"])
        return
    t = st.occ[action.b]
    close = DIST[action.a][action.b] == 1
    st.push(["declare", u, t, (CLOSE | GROUND) if close else 0], ["battles"])


# -- one battle ----------------------------------------------------------------------------------------
def declare(st: M44State, job: list[Any]) -> None:
    """Declare attacker and target; a Close Assault opens the defender's Ambush window (M44-TAC-04)."""
    u, t, mask = int(job[1]), int(job[2]), int(job[3])
    st.say("battle", ("{} battles {}", label(st, u), label(st, t)), attacker=u, target=t)
    if mask & CLOSE and ambush_window(st, u, t):
        owner = st.m44.unit_side[t]
        st.decide(Kind.AMBUSH, st.m44.hex_commander(owner, st.unit_hex[t]), u, t, mask)
        return
    st.push(["attack", st.m44.unit_side[u], u, t, dice_for(st, u, t), mask])


def ambush_window(st: M44State, u: int, t: int) -> bool:
    """Asked whenever Ambush could be in the defender's hand as far as the attacker knows (so the
    question itself reveals nothing): not discarded, defender not in the ocean, and its counter
    battle would roll at least one die (M44-TAC-05)."""
    g = st.m44
    if not g.ambush_cards or any(c in g.ambush_cards for c in st.discard) or st.effect == "ambush":
        return False
    if any(c in g.ambush_cards for c in st.in_play):
        return False
    return not g.is_ocean[st.unit_hex[t]] and dice_for(st, t, u, bonus=False) > 0


def ambush_options(st: M44State) -> list[Action]:
    assert st.decision is not None
    t = int(st.decision[3])
    side = st.m44.unit_side[t]
    held = any(c in st.m44.ambush_cards for c in st.hands[side])
    return [st.table.no_ambush, st.table.ambush] if held else [st.table.no_ambush]


def apply_ambush(st: M44State, action: M44Action) -> None:
    """Ambush: the card goes face up at once (M44-TAC-06a); the defender battles first, then the
    attack goes ahead if the attacker neither died nor left its hex (M44-TAC-04/05)."""
    u, t, mask = st.take_decision()
    if action.verb == action.verb.NO_AMBUSH:
        st.push(["attack", st.m44.unit_side[u], u, t, dice_for(st, u, t), mask])
        return
    side = st.m44.unit_side[t]
    card = next(c for c in st.hands[side] if c in st.m44.ambush_cards)
    st.hands[side].remove(card)
    st.discard.append(card)
    st.ambusher = side
    st.say("ambush", f"the {SIDE_TITLES[side]} play Ambush!", side=side)
    n = dice_for(st, t, u, bonus=False)
    st.push(["attack", side, t, u, n, CLOSE | COUNTER], ["after_ambush", u, t, mask, st.unit_hex[u]])


def after_ambush(st: M44State, job: list[Any]) -> None:
    u, t, mask, where = (int(x) for x in job[1:5])
    if st.unit_hex[u] == where and st.unit_hex[t] >= 0:
        n = dice_for(st, u, t)
        if n > 0:
            st.push(["attack", st.m44.unit_side[u], u, t, n, mask])
            return
    st.say("attack_cancelled", "the ambushed attack does not go ahead", unit=u)


def attack(st: M44State, job: list[Any]) -> None:
    """Roll; hits first, then flags (M44-DICE-01..05); an eliminated target ignores its flags."""
    side, u, t, n, mask = (int(x) for x in job[1:6])
    faces = dice.roll(st, n)
    th = st.unit_hex[t]
    hit = dice.hits(faces, st.m44.unit_base[t], bool(mask & STARS))
    flags = faces.count(dice.FLAG)
    st.say("dice", (dice_text, tuple(faces), label(st, t), hit, flags),
           faces=[dice.FACE_NAMES[f] for f in faces], hits=hit, flags=flags, target=t)  # fmt: skip
    killed = lose_figures(st, t, hit, side)
    if st.result != RUNNING:
        return
    after = ["after_attack", u, t, th, mask]
    if not killed and flags:
        st.push(["flags", t, flags, side, mask], after)
    else:
        st.push(after)


def dice_text(faces: tuple[int, ...], target: EventUnit, hit: int, flags: int) -> str:
    """A roll in words, then what it does (M44-DICE-03/05): "2 dice on <the target>: grenade,
    star — 1 figure lost; flag — retreat 1 hex". Flags count only if the target survives the
    hits; a flag the owner may ignore is said by its own event. A lazy event text's template:
    `target` is the unit as the board stood before the hits, worded when the text is read."""
    n = len(faces)
    rolled = ", ".join(dice.FACE_NAMES[f] for f in faces) or "nothing"
    text = f"{n} {'die' if n == 1 else 'dice'} on {target}: {rolled} — "
    left = target.figures
    if hit >= left:
        return text + f"{figures(left)} lost: eliminated"
    text += f"{figures(hit)} lost" if hit else "no hit"
    if flags:
        steps = target.game.unit_kind[target.unit].retreat_per_flag
        reach = f"{flags} hex{'es' * (flags != 1)}" if steps == 1 else f"1 to {steps} hexes per flag"
        text += f"; {'flag' if flags == 1 else f'{flags} flags'} — retreat {reach}"
    return text


def can_ignore_flag(st: M44State, t: int) -> bool:
    """Sandbags (any unit), the side's own bunker, a hedgehog (infantry) (M44-DICE-06, M44-OBST-03/07/12)."""
    g = st.m44
    h = st.unit_hex[t]
    return (
        bool(st.sandbags[h])
        or g.scenario.bunker[h] == g.unit_side[t]
        or (g.scenario.hedgehog[h] and g.unit_base[t] == INFANTRY)
    )


def flags_job(st: M44State, job: list[Any]) -> None:
    """The owner may ignore one flag where allowed, never against Air Power or Barrage (M44-DICE-07)."""
    t, n, side, mask = (int(x) for x in job[1:5])
    if not mask & NOIGNORE and can_ignore_flag(st, t):
        owner = st.m44.unit_side[t]
        st.decide(Kind.IGNORE, st.m44.hex_commander(owner, st.unit_hex[t]), t, n, side)
        return
    start(st, t, n, side)


def ignore_options(st: M44State) -> list[Action]:
    return [st.table.ignore, st.table.accept]


def apply_ignore(st: M44State, action: M44Action) -> None:
    t, n, side = st.take_decision()
    if action.verb == action.verb.IGNORE:
        n -= 1
        st.say("flag_ignored", ("{} ignores a flag", label(st, t)))
    if n > 0:
        start(st, t, n, side)


def after_attack(st: M44State, job: list[Any]) -> None:
    """Take Ground after a successful Close Assault by an ordered unit (M44-GROUND-01..03); never
    for artillery, Ambush's counter-battle, Air Power or Barrage, or with young generals' option."""
    u, _t, th, mask = (int(x) for x in job[1:5])
    g = st.m44
    if u < 0 or not mask & CLOSE or not mask & GROUND or mask & COUNTER or g.options["no_take_ground"]:
        return
    if st.unit_hex[u] < 0 or st.occ[th] >= 0 or g.unit_base[u] == ARTILLERY or g.closed[g.unit_base[u]][th]:
        return
    st.decide(Kind.GROUND, st.commander, u, th, mask)


def ground_options(st: M44State) -> list[Action]:
    return [st.table.take_ground, st.table.hold]


def apply_ground(st: M44State, action: M44Action) -> None:
    """Advance into the vacated hex; armor may then overrun, once per turn (M44-GROUND-04..06)."""
    u, th, mask = st.take_decision()
    if action.verb != action.verb.TAKE_GROUND:
        return
    enter(st, u, th, 1)
    if st.result != RUNNING:
        return
    if st.m44.unit_base[u] == ARMOR and not mask & OVERRUN and not st.overrun[u]:
        st.push(["overrun", u])


def overrun_job(st: M44State, job: list[Any]) -> None:
    u = int(job[1])
    if can_battle(st, u, overrun=True) and targets(st, u):
        st.decide(Kind.OVERRUN, st.commander, u)


def overrun_options(st: M44State) -> list[Action]:
    assert st.decision is not None
    u = int(st.decision[2])
    h = st.unit_hex[u]
    out: list[Action] = [st.table.battle[h * NUM_HEXES + st.unit_hex[t]] for t, _ in targets(st, u)]
    return [*out, st.table.done]


def apply_overrun(st: M44State, action: M44Action) -> None:
    """The overrun battle: a Close Assault if adjacent, else fire; its success allows one more
    Take Ground but no further battle (M44-GROUND-05/06)."""
    u = int(st.take_decision()[0])
    if action.verb == action.verb.DONE:
        return
    st.overrun[u] = True
    t = st.occ[action.b]
    close = DIST[action.a][action.b] == 1
    st.push(["declare", u, t, (CLOSE | GROUND | OVERRUN) if close else OVERRUN])


def strike(st: M44State, side: int, t: int, n: int, mask: int) -> None:
    """A card's own roll against a unit: Air Power and Barrage (M44-TAC-01/02/09)."""
    st.push(["attack", side, -1, t, n, mask | NOIGNORE])
