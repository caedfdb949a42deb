"""The `heuristic` Memoir '44 agent: plays like a sensible person, one decision at a time.

- cards: the card whose orders reach the most units that can strike now (tried on a copy);
- orders: units closest to a target first;
- moves: the single move that most improves what the unit can hit next, into cover or onto
  objectives, closing on weak units; stops when no move helps;
- battles: the attack with the most expected hits, finishing weak units first;
- ambushes, flag ignores and Take Ground whenever offered; Air Power on clusters, Barrage on the
  weakest unit, Medics on the most damaged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from warroom.core.game import Action, State
from warroom.core.rng import Rng
from warroom.games.memoir44.actions import M44Action, Verb
from warroom.games.memoir44.board import DIST, NEIGHBOURS, SECTIONS, Section
from warroom.games.memoir44.rules.battle import can_battle, dice_for, targets
from warroom.games.memoir44.rules.movement import shift, unshift
from warroom.games.memoir44.rules.units import winner
from warroom.games.memoir44.words import ARTILLERY, INFANTRY, SIDES, Kind

if TYPE_CHECKING:
    from warroom.games.memoir44.state import M44State

HIT_CHANCE = (3 / 6, 2 / 6, 1 / 6)  # per die against infantry, armor, artillery (§2.2)


_MOVE = Verb.MOVE  # an Enum member as a module constant (hot path: every option of a move decision)


def _enemy_hexes(st: M44State, side: int) -> list[int]:
    """The hexes of the units not of `side` on the board, in unit order."""
    sides = st.m44.unit_side
    return [eh for t, eh in enumerate(st.unit_hex) if eh >= 0 and sides[t] != side]


def _nearest(h: int, enemies: list[int], known: dict[int, int]) -> int:
    """Steps from `h` to the nearest of `enemies` (0 with none), remembered in `known`."""
    d = known.get(h)
    if d is None:
        row = DIST[h]
        d = known[h] = min([row[eh] for eh in enemies], default=0)
    return d


def _best_of(actions: list[M44Action], verb: Verb, value: Callable[[M44Action], float]) -> Action:
    """The best-valued of the options with `verb` (the first of equals), else the last option
    (`done`, or the lone refusal)."""
    picks = [a for a in actions if a.verb == verb]
    return max(picks, key=value) if picks else actions[-1]


def _scored_in_place(st: M44State) -> bool:
    """Whether a move's trial scores the same on `shift`'s position as on a copy that plays it.

    The copy runs on to its next decision: another move or a battle leave the board as `shift`
    does. Otherwise no battle is left (so `_best_attack` is 0 in both) and the turn ends, which
    changes nothing `_position_value` reads, unless the turn bound ends the game in this last
    turn (the copy is terminal), or a second Behind Enemy Lines move ends the turn after its
    battles (the copy's units are no longer ordered, where the unit may still have a target
    in place). Those two play the move on a copy."""
    return st.turn < st.m44.max_turns and not (st.decision and st.decision[2])


class HeuristicAgent:
    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self._objectives: object = None  # the scenario whose objective bonuses `_bonus` holds
        self._bonus: dict[int, float] = {}
        self._watched: tuple[frozenset[int], ...] = ()  # per side, the hexes of its objectives

    def choose(self, state: State) -> Action:
        st: M44State = state  # type: ignore[assignment]  # this agent plays Memoir '44 only
        actions: list[M44Action] = st.legal_actions()  # type: ignore[assignment]
        choosers: dict[str, Callable[[M44State, list[M44Action]], Action]] = {
            Kind.CARD: self._card, Kind.ORDER: self._order, Kind.MOVE: self._move, Kind.BATTLE: self._battle,
            Kind.OVERRUN: self._battle, Kind.AIR: self._air, Kind.BARRAGE: self._barrage,
            Kind.MEDICS: self._medics, Kind.SECTION: self._section,
        }  # fmt: skip
        chooser = choosers.get(st.decision[0]) if st.decision else None
        if chooser is not None:
            return chooser(st, actions)
        preferred = (Verb.AMBUSH, Verb.IGNORE, Verb.TAKE_GROUND)
        for action in actions:
            if action.verb in preferred:
                return action
        return actions[0]

    # -- evaluation helpers ------------------------------------------------------------------
    def _attack_value(self, st: M44State, u: int, t: int, n: int) -> float:
        g = st.m44
        hits = n * HIT_CHANCE[g.unit_base[t]]
        kill = 2.0 if hits >= st.unit_fig[t] - 0.2 else 0.0
        return hits + kill + (4 - st.unit_fig[t]) * 0.3

    def _best_attack(self, st: M44State, u: int) -> float:
        if not can_battle(st, u):
            return 0.0
        return max((self._attack_value(st, u, t, n) for t, n in targets(st, u)), default=0.0)

    def _enemy_distance(self, st: M44State, h: int, side: int) -> int:
        row = DIST[h]  # a list, not a generator: the playouts' hot path
        return min([row[eh] for eh in _enemy_hexes(st, side)], default=0)

    def _objective_bonus(self, st: M44State, h: int, side: int) -> float:
        """The scenario's objectives are fixed: each (hex, side) is summed once, then remembered."""
        key = h * 8 + side
        bonus = self._scenario(st).get(key)
        if bonus is None:
            objectives = st.m44.scenario.objectives
            bonus = self._bonus[key] = sum(
                2.5 * obj.medals for obj in objectives if obj.side == side and h in obj.hexes
            )
        return bonus

    def _scenario(self, st: M44State) -> dict[int, float]:
        """The objective bonuses and each side's objective hexes, kept while the scenario is the same."""
        objectives = st.m44.scenario.objectives
        if objectives is not self._objectives:
            self._objectives, self._bonus = objectives, {}
            self._watched = tuple(
                frozenset(h for o in objectives if o.side == s for h in o.hexes) for s in SIDES
            )
        return self._bonus

    def _position_value(self, st: M44State, u: int, distance: int) -> float:
        """How good the unit's hex is: its best attack, cover, objectives, `distance` (to the
        nearest enemy) short."""
        g = st.m44
        h, side = st.unit_hex[u], g.unit_side[u]
        cover = max(g.terrain_protection[h]) * 0.25 + (0.3 if st.sandbags[h] else 0.0)
        return self._best_attack(st, u) + cover + self._objective_bonus(st, h, side) - 0.15 * distance

    # -- decisions ---------------------------------------------------------------------------------
    def _card(self, st: M44State, actions: list[M44Action]) -> Action:
        best, best_score = actions[0], -1e9
        for action in actions:
            score = self._card_score(st, action) + self.rng.below(100) / 1000
            if score > best_score:
                best, best_score = action, score
        return best

    def _card_score(self, st: M44State, action: M44Action) -> float:
        effect = st.m44.content.cards[action.a].effect
        if effect == "ambush":
            return -5.0
        if effect in ("air_power", "barrage"):
            return 2.5
        trial = st.clone()
        trial.apply_action(action)
        score = 0.0
        for _ in range(8):
            if (
                trial.is_terminal()
                or not trial.decision
                or trial.decision[0] not in (Kind.ORDER, Kind.SECTION, Kind.MEDICS)
            ):
                break
            options: list[M44Action] = trial.legal_actions()  # type: ignore[assignment]
            pick = self._section if trial.decision[0] == Kind.SECTION else self._order
            choice = pick(trial, options)
            if getattr(choice, "verb", None) == Verb.DONE:
                break
            if trial.decision[0] == Kind.ORDER:
                u = trial.occ[choice.a]  # type: ignore[attr-defined]
                side = trial.m44.unit_side[u]
                score += 1.0 + max(0.0, 3 - self._enemy_distance(trial, trial.unit_hex[u], side)) * 0.7
            trial.apply_action(choice)
        return score + (1.0 if effect == "their_finest_hour" else 0.0)

    def _order(self, st: M44State, actions: list[M44Action]) -> Action:
        g = st.m44

        def value(a: M44Action) -> float:
            u = st.occ[a.a]
            d = self._enemy_distance(st, a.a, g.unit_side[u])
            return -d + (1.0 if g.unit_base[u] == ARTILLERY and d <= 6 else 0.0)

        return _best_of(actions, Verb.ORDER, value)

    def _move(self, st: M44State, actions: list[M44Action]) -> Action:
        """The move that most improves its unit's position, each tried in place (`shift`) where
        that gives the position the move's trial would score, else on a copy; a move that ends
        the game is taken at once."""
        done = next(a for a in actions if a.verb == Verb.DONE)
        stay: dict[int, float] = {}
        best, gain = done, 0.05
        # the movers are the active side's, and a move changes no enemy's hex: their distances,
        # and the medals of a move touching none of the side's objectives, stay as they are
        enemies = _enemy_hexes(st, st.active)
        distance: dict[int, int] = {}
        self._scenario(st)
        watched = self._watched[st.active]
        in_place = _scored_in_place(st) and winner(st) is None
        for action in actions:
            if action.verb is not _MOVE:
                continue
            u, to = st.occ[action.a], action.b
            if u not in stay:
                stay[u] = self._position_value(st, u, _nearest(action.a, enemies, distance))
            if in_place:
                moved = shift(st, action)
                ends = (action.a in watched or to in watched) and winner(st) is not None
                after = 0.0 if ends else self._position_value(st, u, _nearest(to, enemies, distance))
                unshift(st, moved)
                if ends:
                    return action
            else:
                trial = st.clone()
                trial.apply_action(action)
                if trial.is_terminal():
                    return action
                after = self._position_value(trial, u, _nearest(to, enemies, distance))
            value = after - stay[u]
            if value > gain:
                best, gain = action, value
        return best

    def _battle(self, st: M44State, actions: list[M44Action]) -> Action:
        best, best_value = actions[-1], 0.0
        for action in actions:
            if action.verb == Verb.BATTLE:
                u, t = st.occ[action.a], st.occ[action.b]
                value = self._attack_value(st, u, t, dice_for(st, u, t))
            elif action.verb == Verb.CLEAR_WIRE:
                value = 0.1
            else:
                continue
            if value > best_value:
                best, best_value = action, value
        return best

    def _air(self, st: M44State, actions: list[M44Action]) -> Action:
        g = st.m44

        def crowd(a: M44Action) -> float:
            t = st.occ[a.a]
            friends = sum(
                1 for n in NEIGHBOURS[a.a] if st.occ[n] >= 0 and g.unit_side[st.occ[n]] == g.unit_side[t]
            )
            return friends - st.unit_fig[t] * 0.5

        return _best_of(actions, Verb.AIR, crowd)

    def _barrage(self, st: M44State, actions: list[M44Action]) -> Action:
        return min(actions, key=lambda a: st.unit_fig[st.occ[a.a]])

    def _medics(self, st: M44State, actions: list[M44Action]) -> Action:
        return _best_of(
            actions, Verb.ORDER, lambda a: st.m44.unit_max[st.occ[a.a]] - st.unit_fig[st.occ[a.a]]
        )

    def _section(self, st: M44State, actions: list[M44Action]) -> Action:
        g = st.m44

        def infantry(a: M44Action) -> int:
            section = g.to_absolute(st.active, Section(a.a))
            mine = [h for u, h in enumerate(st.unit_hex) if h >= 0 and g.unit_side[u] == st.active]
            return sum(1 for h in mine if g.unit_base[st.occ[h]] == INFANTRY and section in SECTIONS[h])

        return max(actions, key=infantry)
