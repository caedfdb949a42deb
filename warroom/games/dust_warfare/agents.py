"""The `heuristic` Dust Warfare agent: plays First Battle like a sensible person, one decision at
a time, through the same options and exact proposals a player has.

- Setup: takes the edge whose zone has more cover close to the front, deploys second (to see the
  enemy first), deploys each unit at the front of its zone, spread along it and biased toward
  the objective, walkers behind the infantry.
- Command phase: Regroups its suppressed units, the most suppressed (or Retreating) first
  (DW-CMD-07); no other orders (a Take Action costs the unit its reaction).
- Activations: units that can shoot now go first. A unit shoots the target it expects to damage
  most, finishing wounded and suppressed units first (concentrating fire); a Sustained Attack when
  it already stands where it wants to be, otherwise it moves (or marches when far) and then
  shoots.
- Moves: toward the objective for the soldiers (into its ruins: hard cover), toward the best
  target's range for the rest; each candidate end point is scored by the objective, the cover it
  gives against the enemy (DW-ATK-07), what it can hit from there, and the enemy dice that could
  reach it from units it cannot hurt back (keeping out of their range). Every candidate is an
  exact proposal checked by the engine's own predicate (`state.is_legal`).
- Reactions: fires back at an attacker or a mover it can hit, Hits the Dirt when attacked and it
  cannot fire back; hits go to the miniature that matters least (never the leader by choice).
- Breakthrough (Front Lines, DW-FL-08): every unit heads for the band within the scenario's
  distance of the enemy's long edge, straight ahead, marching across when it has nothing to
  shoot, and holds there once a miniature is 1" inside the band.
- Night Encounter (DW-NE-12, DW-BTL-08): a marker is worth 50 SP while hidden, so it reveals
  only when that pays back: a revealed enemy within reach to fight, an enemy marker it can spot
  after one Move and still fire at (the enemy loses its 50 SP and takes the first shot), or, not
  in the last turn, an enemy marker that has already activated this turn and that a March Move
  brings within spotting distance (it cannot answer before the next turn). A revealed unit
  hunts the nearest enemy marker or unit. It reads only public marker positions and flags.
- Artillery (DW-WPN-01): with no unit to shoot at and no move to make first, it shells an enemy
  minefield marker lying in a friendly unit's way to its goal, a revealed live one first; an
  unrevealed marker's Density is never read.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from warroom.core.actions import Action
from warroom.core.game import State
from warroom.core.rng import Rng
from warroom.games.dust_warfare.actions import ATTACK_VERBS, Verb, place
from warroom.games.dust_warfare.geometry import HEADINGS, Base, Placement, distance, formation, snap
from warroom.games.dust_warfare.render import attack_dice
from warroom.games.dust_warfare.rules import arrival, fortify, hidden, placement
from warroom.games.dust_warfare.rules.attack import target_class
from warroom.games.dust_warfare.words import Edge, Formation, TerrainKind

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

HIT = 1 / 3  # a combat die hits on 2 faces of 6 (DW-GEN-02)
SUSTAINED_HIT = HIT + (1 - HIT) * HIT  # a missed die rerolled once (DW-ATK-12)
COVER_SAVE = 0.8  # a rough worth of one cover level against one hit (DW-ATK-06)
DIRECTIONS = 16  # move candidates: this many bearings
CANDIDATE_LIMIT = 28  # exact proposals checked per move (each through the engine's predicate)
THREAT_MOVE = 6.0  # how far an enemy may close before it shoots (one Move)
BREAKTHROUGH_INSET = 1.0  # how far inside the DW-FL-08 band a unit aims and then holds
STRIKE = 14.0  # a revealed enemy this near a marker (centres): reveal, move and fire (DW-BTL-10)
SPOT_MARGIN = 1.5  # a marker's radius and half a base: centre gap that still spots at 6"
HUNT_TURNS = 2  # a hunter goes out only with this many turns left to reach and spot a marker
PATH_MARGIN = 1.0  # a minefield this near a unit's straight way to its goal is in its path


class HeuristicAgent:
    """See the module docstring."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        st: DustState = state  # type: ignore[assignment]  # this agent plays Dust Warfare only
        assert st.decision is not None
        kind = st.decision[0]
        choosers: dict[str, Callable[[DustState], Action | None]] = {
            "edge": self._edge,
            "sequence": self._sequence,
            "where": self._where,
            "command": self._command,
            "activate": self._activate,
            "action": self._action,
            "react": self._react,
            "hit": self._hit,
            "marker": self._marker,
            "conceal": self._conceal,
        }
        chooser = choosers.get(kind)
        action = chooser(st) if chooser is not None else None
        return action if action is not None else st.legal_actions()[0]

    # ------------------------------------------------------------ setup

    def _edge(self, st: DustState) -> Action | None:
        """The long edge whose front half has more cover (woods, ruins) within reach of a move."""
        board = st.board
        depth = st.game.scenario.deployment.depth or 12.0

        def cover_near(edge: str) -> float:
            y0 = depth if edge == "south" else board.depth - depth
            band = (y0 - 12.0, y0 + 12.0)
            return sum(
                float(p.polygon.area)
                for p in board.pieces
                if p.kind in (TerrainKind.WOOD, TerrainKind.RUIN)
                and band[0] <= p.polygon.centroid.y <= band[1]
            )

        options = st.legal_actions()
        return max(options, key=lambda a: cover_near(str(a.part("edge"))))

    def _sequence(self, st: DustState) -> Action | None:
        return next((a for a in st.legal_actions() if a.part("order") is False), None)

    # ------------------------------------------------------------ orders

    def _command(self, st: DustState) -> Action | None:
        """DW-CMD-07: Regroup the most suppressed unit (Retreating first); else stop."""
        best, best_key = None, (0, 0)
        for action in st.legal_actions():
            if action.verb != Verb.REGROUP:
                continue
            u = int(action.part("unit"))
            key = (int(st.is_retreating(u)), st.supp[u])
            if st.supp[u] > 0 and key > best_key:
                best, best_key = action, key
        return best or st.game.actions.stop

    # ------------------------------------------------------------ activations

    def _activate(self, st: DustState) -> Action | None:
        """Units that can shoot now first, the best shot first; then the rest by distance to
        the objective (the nearest moves first, clearing the way)."""
        options = st.legal_actions()

        def key(action: Action) -> tuple[float, float]:
            if action.verb == Verb.MARKER:
                return (-1.0, 0.0)  # hidden units last: most stay hidden
            u = int(action.part("unit"))
            if not st.on_table(u):
                return (0.0, 0.0)
            return (self._best_shot(st, u)[0], -self._objective_gap(st, u))

        return max(options, key=key)

    def _action(self, st: DustState) -> Action | None:
        act = st.activation
        assert act is not None
        u = int(act["unit"])
        options = st.legal_actions()
        arrive = [a for a in options if a.verb in (Verb.ENTER, Verb.DISEMBARK)]
        if arrive:  # reserves come on and passengers get out, with an action left to fight
            return arrive[0]
        attacks = [a for a in options if a.verb in ATTACK_VERBS]
        moves = {a.verb: a for a in options if a.verb in (Verb.MOVE, Verb.MARCH)}
        settled = self._is_settled(st, u)
        if attacks:
            sustained = [a for a in attacks if a.part("sustained")]
            single = [a for a in attacks if not a.part("sustained")]
            if sustained and (settled or not moves):
                return max(sustained, key=lambda a: self._attack_value(st, u, a, SUSTAINED_HIT))
            if single:
                return max(single, key=lambda a: self._attack_value(st, u, a, HIT))
        if moves and not settled:
            if Verb.MARCH in moves and self._wants_march(st, u):
                return moves[Verb.MARCH]
            return moves.get(Verb.MOVE) or moves.get(Verb.MARCH)
        shells = [a for a in options if a.verb == Verb.SHELL and not a.part("sustained")]
        if shells:  # no unit to shoot at and nowhere to go first: clear the way (DW-WPN-01)
            shell = self._shell(st, shells)
            if shell is not None:
                return shell
        if Verb.RELOAD in {a.verb for a in options}:
            return next(a for a in options if a.verb == Verb.RELOAD)
        return st.game.actions.stop

    def _shell(self, st: DustState, shells: list[Action]) -> Action | None:
        """Artillery on a minefield marker (DW-WPN-01) that lies in a friendly unit's way: its
        area within PATH_MARGIN of the straight line from a unit's leader to the unit's goal. A
        marker known live (revealed) first, the densest, then an unrevealed one (two in three are
        live, DW-FL-04), the nearest to a friendly leader. Reads only what the seat may know: an
        enemy marker's Density only once revealed."""
        seat = st.current_player()
        lines = []
        for u in st.table_units(seat):
            lead = st.base(u, placement.order(st, u)[0])
            lines.append((lead, self._goal(st, u)))
        best: tuple[tuple[int, int, float], Action] | None = None
        for action in shells:
            _owner, x, y, density, revealed = st.mines[int(action.part("minefield"))]
            gaps = [
                _segment_gap((lead.x, lead.y), goal, (x, y)) - lead.r - fortify.mine_radius(st)
                for lead, goal in lines
            ]
            near = [g for g in gaps if g <= PATH_MARGIN]
            if not near:
                continue
            key = (int(revealed), int(density) if revealed else 0, -min(near))
            if best is None or key > best[0]:
                best = (key, action)
        return None if best is None else best[1]

    def _attack_value(self, st: DustState, u: int, action: Action, per_die: float) -> float:
        """Expected hits, more for a target already hurt or suppressed (concentrate fire) and for
        one worth many points, less for one in cover."""
        t = int(action.part("target"))
        dice = attack_dice(st, u, t, str(action.verb))
        hurt = sum(st.dmg[t]) + sum(st.dead[t]) + st.supp[t]
        left = len(st.living(t))
        cover = self._cover_of(st, u, t)
        value = dice * per_die * (1.0 + 0.25 * hurt + 1.0 / max(1, left)) - COVER_SAVE * cover
        return value + st.unit(t).ap / 100.0

    def _cover_of(self, st: DustState, u: int, t: int) -> int:
        lead = st.leader[u]
        if lead < 0 or st.unit(t).is_heavy:
            return 0
        reference = st.base(u, lead).centre
        return st.board.unit_cover(reference, st.bases(t))

    def _best_shot(self, st: DustState, u: int) -> tuple[float, int]:
        """The most dice this unit rolls at any enemy from where it stands, and at whom."""
        best, who = 0.0, -1
        for t in st.table_units(1 - st.unit(u).seat):
            dice = float(attack_dice(st, u, t, "fire"))
            if dice > best:
                best, who = dice, t
        return best, who

    # ------------------------------------------------------------ hidden units (Night Encounter)

    def _marker(self, st: DustState) -> Action | None:
        """DW-NE-07: markers spread out, as far from the enemy's markers as the spacing allows
        (a marker never revealed is worth 50 SP, DW-NE-12), in cover when the point ties."""
        seat = st.current_player()
        theirs = [(m[1], m[2]) for m in st.markers if m[1] is not None and m[0] != seat]
        ours = [(m[1], m[2]) for m in st.markers if m[1] is not None and m[0] == seat]
        table = st.game.actions

        def centre(action: Action) -> tuple[float, float]:
            if action.verb == Verb.REGION:
                x1, y1, x2, y2 = table.region_box(int(action.part("region")))
                return (x1 + x2) / 2, (y1 + y2) / 2
            x, y = action.part("to")
            return float(x), float(y)

        def value(action: Action) -> float:
            x, y = centre(action)
            far = min((math.hypot(x - a, y - b) for a, b in theirs), default=48.0)
            apart = min((math.hypot(x - a, y - b) for a, b in ours), default=48.0)
            cover = sum(p.inside for p in st.board.pieces_at(x, y))
            return min(far, 30.0) + 0.3 * min(apart, 20.0) + 2.0 * cover

        return max(st.legal_actions(), key=value)

    def _conceal(self, st: DustState) -> Action | None:
        """DW-ACT-10, DW-CMD-13, DW-NE-12: a hidden marker is worth 50 SP, so reveal only when it
        pays back (the module docstring): a revealed enemy within STRIKE; an enemy marker that one
        Move brings within spotting distance (DW-BTL-08 b, 6" at night) with an action left to
        fire; before the last turn, an enemy marker already activated this turn that a March
        Move reaches. The owner does not know which unit it is (DW-NE-02): the reach is the
        slowest Move of its side, and only public marker positions and flags are read."""
        decision = st.decision
        assert decision is not None
        table = st.game.actions
        if len(decision) < 3:
            return table.hide  # no orders rather than reveal the Command Section
        seat = int(decision[1])
        m = st.markers[decision[2]]
        x, y = float(m[1]), float(m[2])
        enemies = [b for t in st.table_units(1 - seat) for b in st.bases(t)]
        if any(math.hypot(b.x - x, b.y - y) <= STRIKE for b in enemies):
            return table.reveal
        step = min(st.unit(u).movement for u in hidden.hidden_units(st, seat))
        spot = hidden.NIGHT_SPOTTING if st.game.scenario.limited_visibility else hidden.SPOTTING
        last = st.turn >= st.game.turns
        theirs = self._enemy_markers(st, seat)
        for ex, ey, activated in theirs:
            gap = math.hypot(ex - x, ey - y) - SPOT_MARGIN
            if gap <= step + spot or (not last and activated and gap <= 2 * step + spot):
                return table.reveal
        return table.reveal if self._is_hunter(st, seat, decision[2], theirs) else table.hide

    def _is_hunter(self, st: DustState, seat: int, k: int, theirs: list[tuple[float, float, bool]]) -> bool:
        """DW-BTL-08 (b), DW-NE-12: with no unit of its side revealed and HUNT_TURNS left, one
        marker goes out to spot the enemy's (each spotted marker costs them the 50 SP this one
        gives up): the one, of this marker and those yet to activate this turn, nearest an enemy
        marker."""
        if not theirs or st.table_units(seat) or st.turn > st.game.turns - HUNT_TURNS:
            return False
        me = hidden.marker_id(st, k)
        candidates = [
            e
            for e in hidden.markers_view(st, seat)
            if e["seat"] == seat
            and not e["revealed"]
            and e["x"] is not None
            and (e["id"] == me or not e["activated"])
        ]

        def reach(e: dict[str, object]) -> float:
            x, y = float(str(e["x"])), float(str(e["y"]))
            return min(math.hypot(ex - x, ey - y) for ex, ey, _ in theirs)

        return bool(min(candidates, key=reach)["id"] == me)

    def _enemy_markers(self, st: DustState, seat: int) -> list[tuple[float, float, bool]]:
        """The other side's placed, unrevealed markers as every player sees them (DW-NE-02):
        centre and whether it activated this turn."""
        return [
            (float(e["x"]), float(e["y"]), bool(e["activated"]))
            for e in hidden.markers_view(st, seat)
            if e["seat"] != seat and not e["revealed"] and e["x"] is not None
        ]

    # ------------------------------------------------------------ where to go

    def _objective(self, st: DustState) -> tuple[float, float] | None:
        objectives = st.game.scenario.objective
        return tuple(objectives[0].point) if objectives else None  # type: ignore[return-value]

    def _breakthrough(self, st: DustState, u: int) -> tuple[float, float] | None:
        """DW-FL-08: the point straight ahead of the unit's leader, BREAKTHROUGH_INSET inside the
        band within the scenario's distance of the enemy's long edge; None without Breakthrough."""
        reach = st.game.scenario.victory.breakthrough
        edge = st.edges[1 - st.unit(u).seat]
        if reach is None or edge is None or not st.on_table(u):
            return None
        lead = st.base(u, placement.order(st, u)[0])
        inset = max(0.0, reach - BREAKTHROUGH_INSET)
        return lead.x, (st.board.depth - inset if edge == Edge.NORTH else inset)

    def _is_through(self, st: DustState, u: int) -> bool:
        """DW-FL-08: a miniature is BREAKTHROUGH_INSET inside the band: the unit scores if it holds."""
        reach = st.game.scenario.victory.breakthrough
        edge = st.edges[1 - st.unit(u).seat]
        if reach is None or edge is None:
            return False
        limit = reach - BREAKTHROUGH_INSET
        return any(st.board.edge_distance(b, Edge(edge)) <= limit for b in st.bases(u))

    def _objective_gap(self, st: DustState, u: int) -> float:
        point = self._objective(st) or self._breakthrough(st, u)
        if point is None or not st.on_table(u):
            return 0.0
        lead = st.base(u, placement.order(st, u)[0])
        return math.hypot(lead.x - point[0], lead.y - point[1])

    def _is_settled(self, st: DustState, u: int) -> bool:
        """Holding the objective or the Breakthrough band, or shooting well from cover: no need
        to move."""
        point = self._objective(st)
        lead = st.base(u, placement.order(st, u)[0])
        if point is not None and not st.unit(u).is_vehicle and distance_to(lead, point) <= 2.0:
            return True
        if self._is_through(st, u):
            return True
        covered = any(p.inside > 0 for p in st.board.pieces_at(lead.x, lead.y))
        return covered and self._best_shot(st, u)[0] >= 3

    def _wants_march(self, st: DustState, u: int) -> bool:
        """Nothing to shoot and the goal is beyond one Move (the objective beyond two), or an
        enemy marker to spot beyond one Move (DW-BTL-08 b)."""
        if self._best_shot(st, u)[0] > 0:
            return False
        movement = st.unit(u).movement
        if self._objective(st) is None and self._breakthrough(st, u) is not None:
            return self._objective_gap(st, u) > movement
        hunt = self._hunted(st, u)
        if self._objective(st) is None and hunt is not None:
            spot = hidden.NIGHT_SPOTTING if st.game.scenario.limited_visibility else hidden.SPOTTING
            return hunt[1] - SPOT_MARGIN > movement + spot
        return self._objective_gap(st, u) > 2 * movement

    def _hunted(self, st: DustState, u: int) -> tuple[tuple[float, float], float] | None:
        """DW-BTL-08 (b): the nearest enemy marker to spot (its centre and the leader's centre
        gap), when no revealed enemy is nearer; None without one."""
        seat = st.unit(u).seat
        lead = st.base(u, placement.order(st, u)[0])
        marks = [(ex, ey) for ex, ey, _ in self._enemy_markers(st, seat)]
        if not marks:
            return None
        point = min(marks, key=lambda p: math.hypot(p[0] - lead.x, p[1] - lead.y))
        gap = math.hypot(point[0] - lead.x, point[1] - lead.y)
        foes = [b for t in st.table_units(1 - seat) for b in st.bases(t)]
        if any(math.hypot(b.x - lead.x, b.y - lead.y) < gap for b in foes):
            return None
        return point, gap

    def _where(self, st: DustState) -> Action | None:
        placing = st.placing
        assert placing is not None
        if placing["purpose"] == placement.DEPLOY:
            return self._deploy(st)
        if placement.fixed_leader(st):
            return None  # regroup and retreat: the engine's list (nearest the edge first for a retreat)
        if placing["purpose"] in arrival.PURPOSES and placing["purpose"] != arrival.SCOUT:
            return None  # entering, dropping, Black ops, disembarking: the staged list's first
        return self._move(st)

    def _deploy(self, st: DustState) -> Action | None:
        """The front of the zone, spread along it, nearer the objective's x for infantry, walkers
        a step behind."""
        placing = st.placing
        assert placing is not None
        u = int(placing["unit"])
        unit = st.unit(u)
        ctx = placement.context(st)
        x1, y1, x2, y2 = ctx.zone.area.bounds  # type: ignore[union-attr]  # a deployment context
        north = st.edges[unit.seat] == "north"
        depth = y2 - y1
        back = 4.0 if unit.is_vehicle else 1.5
        y = (y1 + back) if north else (y2 - back)
        goal = self._objective(st) or ((x1 + x2) / 2, (y1 + y2) / 2)
        friends = [b for f in st.table_units(unit.seat) for b in st.bases(f)]
        xs = [x1 + 2 + i * 2.0 for i in range(int((x2 - x1 - 4) / 2.0) + 1)]

        def crowd(x: float) -> float:
            return sum(max(0.0, 8.0 - math.hypot(b.x - x, b.y - y)) for b in friends)

        ranked = sorted(xs, key=lambda x: abs(x - goal[0]) * 0.35 + crowd(x) * 1.5)
        facing = (270.0 if north else 90.0) if unit.is_vehicle else None
        count = len(placement.order(st, u))
        for x in ranked[:CANDIDATE_LIMIT]:
            for dy in (0.0, -1.0 if not north else 1.0, -2.5 if not north else 2.5):
                if not (y1 <= y + dy <= y1 + depth):
                    continue
                proposal = self._shape((snap(x), snap(y + dy)), count, 90.0, facing)
                action = place(proposal)
                if st.is_legal(action):
                    return action
        return st.sample_legal(self.rng)

    def _shape(
        self, point: tuple[float, float], count: int, heading: float, facing: float | None
    ) -> Placement:
        if count == 1:
            return Placement((point,), facing)
        return Placement(formation(point, Formation.LINE, heading, count - 1), facing)

    def _move(self, st: DustState) -> Action | None:
        """Score end points around the leader within its allowance; the best legal proposal."""
        placing = st.placing
        assert placing is not None
        u = int(placing["unit"])
        unit = st.unit(u)
        ctx = placement.context(st)
        allowance = ctx.allowance  # type: ignore[union-attr]  # a move context
        models = placement.order(st, u)
        bases = [st.base(u, m) for m in models]
        lead = bases[0]
        goal = self._goal(st, u)
        enemies = st.table_units(1 - unit.seat)
        points = self._candidates(lead, allowance, goal)
        scored = sorted(points, key=lambda p: -self._score(st, u, p, goal, enemies))
        checked = 0
        for x, y in scored:
            for proposal in self._proposals(st, u, bases, (x, y), goal):
                action = place(proposal)
                checked += 1
                if st.is_legal(action):
                    return action
                if checked >= CANDIDATE_LIMIT:
                    return st.game.actions.stay if st.is_legal(st.game.actions.stay) else None
        return st.game.actions.stay if st.is_legal(st.game.actions.stay) else None

    def _goal(self, st: DustState, u: int) -> tuple[float, float]:
        """Soldiers go for the objective; every unit for the Breakthrough band (DW-FL-08); a
        walker (the ruins slow it) for the best target; without either, the nearest enemy marker
        to spot (DW-BTL-08 b) or the nearest enemy."""
        point = self._objective(st)
        unit = st.unit(u)
        if point is not None and not unit.is_vehicle:
            return point
        through = self._breakthrough(st, u)
        if point is None and through is not None:
            return through
        hunt = self._hunted(st, u) if point is None else None
        if hunt is not None:
            return hunt[0]
        lead = st.base(u, placement.order(st, u)[0])
        enemies = [b for t in st.table_units(1 - unit.seat) for b in st.bases(t)]
        if not enemies:
            return point or (lead.x, lead.y)
        nearest = min(enemies, key=lambda b: distance(lead, b))
        return nearest.x, nearest.y

    def _candidates(
        self, lead: Base, allowance: float, goal: tuple[float, float]
    ) -> list[tuple[float, float]]:
        gap = math.hypot(goal[0] - lead.x, goal[1] - lead.y)
        out = []
        if gap <= allowance:
            out.append((snap(goal[0]), snap(goal[1])))
        for k in range(DIRECTIONS):
            angle = 2 * math.pi * k / DIRECTIONS
            for reach in (allowance * 0.95, allowance * 0.6):
                out.append((snap(lead.x + reach * math.cos(angle)), snap(lead.y + reach * math.sin(angle))))
        return out

    def _proposals(
        self,
        st: DustState,
        u: int,
        bases: list[Base],
        point: tuple[float, float],
        goal: tuple[float, float],
    ) -> Iterable[Placement]:
        """The formation translated with its leader, then a line across the way to the goal and
        a cluster; a walker faces the goal (a pivot is free during its Move, DW-MOVE-08)."""
        lead = bases[0]
        dx, dy = point[0] - lead.x, point[1] - lead.y
        bearing = math.degrees(math.atan2(goal[1] - point[1], goal[0] - point[0])) % 360.0
        facing = snap(round(bearing / 22.5) * 22.5 % 360.0) if lead.is_vehicle else None
        if len(bases) == 1:
            yield Placement((point,), facing)
            return
        yield Placement((point, *((snap(b.x + dx), snap(b.y + dy)) for b in bases[1:])), facing)
        heading = min(HEADINGS, key=lambda h: abs((h - bearing + 180) % 360 - 180))
        yield Placement(formation(point, Formation.LINE, heading, len(bases) - 1), facing)
        yield Placement(formation(point, Formation.CLUSTER, heading, len(bases) - 1), facing)

    def _score(
        self, st: DustState, u: int, point: tuple[float, float], goal: tuple[float, float], enemies: list[int]
    ) -> float:
        """Closer to the goal, in cover, with something to hit, out of reach of what it cannot hurt."""
        unit = st.unit(u)
        board = st.board
        x, y = point
        score = -math.hypot(goal[0] - x, goal[1] - y)
        here = board.pieces_at(x, y)
        inside = max((int(p.inside) for p in here), default=0)
        if not unit.is_heavy:
            score += 2.5 * inside
        reach = max((w.reach.maximum for m in unit.models for w in m.weapons), default=0.0)
        me = st.base(u, placement.order(st, u)[0]).at(x, y)
        for t in enemies:
            theirs = st.bases(t)
            if not theirs:
                continue
            gap = min(distance(me, b) for b in theirs)
            foe = st.unit(t)
            their_reach = max((w.reach.maximum for m in foe.models for w in m.weapons), default=0.0)
            cls = target_class(st, u)
            can_hurt_me = any(w.dice(cls) is not None for m in foe.models for w in m.weapons)
            mine = target_class(st, t)
            i_can_hurt = any(w.dice(mine) is not None for m in unit.models for w in m.weapons)
            if i_can_hurt and gap <= reach:
                score += 1.5
            if can_hurt_me and not i_can_hurt and gap <= their_reach + THREAT_MOVE:
                score -= 4.0  # keep out of range of what it cannot hurt
        return score

    # ------------------------------------------------------------ reactions and hits

    def _react(self, st: DustState) -> Action | None:
        options = st.legal_actions()
        trigger = st.trigger
        assert trigger is not None
        mover = int(trigger["unit"])
        fire = [a for a in options if a.verb == Verb.REACT and a.part("reaction") in ("fire", "assault")]
        good = [a for a in fire if attack_dice(st, int(a.part("unit")), mover, str(a.part("reaction"))) >= 2]
        if good:
            return max(
                good, key=lambda a: attack_dice(st, int(a.part("unit")), mover, str(a.part("reaction")))
            )
        if trigger["kind"] == "attack":
            dirt = next((a for a in options if a.verb == Verb.REACT and a.part("reaction") == "dirt"), None)
            if dirt is not None:
                return dirt
        return st.game.actions.stop

    def _hit(self, st: DustState) -> Action | None:
        """DW-ATK-08: the hit goes where it costs least: never the leader by choice, and among
        the rest the miniature with the fewest weapons."""
        att = st.attack
        assert att is not None
        t = int(att["target"])
        unit = st.unit(t)
        options = st.legal_actions()

        def cost(action: Action) -> tuple[int, int]:
            m = int(action.part("model"))
            return (int(m == st.leader[t]), len(unit.models[m].weapons))

        return min(options, key=cost)


def _segment_gap(a: tuple[float, float], b: tuple[float, float], p: tuple[float, float]) -> float:
    """The distance from point p to the segment ab."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])


def distance_to(base: Base, point: tuple[float, float]) -> float:
    return max(0.0, math.hypot(base.x - point[0], base.y - point[1]) - base.r)
