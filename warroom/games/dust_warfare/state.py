"""The Dust Warfare position: every miniature's place, damage and markers, the turn and phase,
and the pending decision (dust_warfare.md §3).

Units are numbered across both armies (army.py); per unit the state holds its status
(`Status`), Suppression markers, Reaction marker, Unit Leader (-1 while Leaderless, DW-UNIT-09),
whether it has activated or been ordered this turn, its unloaded weapons (DW-WPN-08), and per
miniature its centre and facing (`pos`: [x, y, facing] or None off the table), its damage and
whether it is destroyed. Everything is public (DW-GEN-08): First Battle has no hidden
information.

The turn runs on the core's engine (rules/decisions.py): `decision` is the pending
`Decision(kind, seat)`, `agenda` the jobs still to run; `placing`, `activation`, `attack` and
`trigger` hold the placement, activation, attack and reaction being resolved, so every rule can
stop for a choice and resume.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from warroom.core.actions import Action
from warroom.core.engine import TurnState
from warroom.core.errors import IllegalActionError
from warroom.core.fields import F, Fields
from warroom.core.game import JSON, Event, Outcome
from warroom.core.rng import Rng
from warroom.games.dust_warfare import view
from warroom.games.dust_warfare.actions import Verb
from warroom.games.dust_warfare.army import Unit
from warroom.games.dust_warfare.geometry import Base, Battlefield, Measurement, in_formation
from warroom.games.dust_warfare.rules.decisions import RULES
from warroom.games.dust_warfare.rules.fortify import resample as resample_mines
from warroom.games.dust_warfare.rules.hidden import disks
from warroom.games.dust_warfare.rules.hidden import resample as resample_markers
from warroom.games.dust_warfare.words import Ability, Phase, Status, UnitType

if TYPE_CHECKING:
    from warroom.games.dust_warfare.game import DustWarfareGame

Entry = list[Any]  # a miniature's [x, y, facing]


class DustState(TurnState):
    """See the module docstring."""

    game: DustWarfareGame
    _placing_ctx: tuple[Any, ...]  # rules/placement.py: the predicate, its verdicts, by key (not saved)
    _sight: tuple[int, dict[tuple[float, ...], bool]]  # LOS by base pair, for one version (not saved)
    rules = RULES
    fields = Fields(
        F("rng", F.RNG),
        F("phase", F.VALUE),
        F("turn", F.VALUE),
        F("edges", F.LIST),  # per seat: its long edge (Edge value) or None before the roll-off
        F("first", F.VALUE),  # the seat that deploys first (D-04)
        F("deployer", F.VALUE),  # the seat whose turn it is to deploy
        F("initiator", F.VALUE),  # the Initiating player of this turn (DW-INIT-03), -1 before
        F("side", F.VALUE),  # the seat whose Command or Unit phase it is, -1 outside them
        F("temporary", F.LIST),  # per seat: its temporary command section (DW-CMD-10), else -1
        F("orders", F.LIST),  # per seat: orders left this Command phase (DW-INIT-04/06)
        F("radio", F.LIST),  # per seat: Radioman orders left (DW-CMD-08)
        F("status", F.LIST),
        F("supp", F.LIST),
        F("reaction", F.LIST),
        F("leader", F.LIST),
        F("done", F.LIST),  # activated this turn (DW-ACT-02)
        F("ordered", F.LIST),  # ordered this Command phase (DW-CMD-04)
        F("attacked", F.LIST),  # made an Attack this turn (muzzle flash, DW-BTL-10)
        F("unloaded", F.LISTS),  # per unit: "model.weapon" keys of Unloaded weapons (DW-WPN-08)
        F("pos", F.LISTS),  # per unit, per miniature: [x, y, facing] or None
        F("dmg", F.LISTS),
        F("dead", F.LISTS),
        F("placing", F.VALUE),  # the placement being chosen (rules/placement.py)
        F("activation", F.VALUE),  # the activation or order being resolved (rules/activation.py)
        F("attack", F.VALUE),  # the attack being resolved (rules/attack.py)
        F("trigger", F.VALUE),  # the reaction trigger being offered (rules/reaction.py)
        F("dirt", F.VALUE),  # the unit that Hit the Dirt against the current attack, or -1
        F("scores", F.VALUE),  # the final Superiority Points per seat, once the game is over
        F("loser", F.VALUE),  # a seat left with no units (DW-TURN-03), else -1
        F("version", F.VALUE),  # counts changes of positions and losses (keys geometry caches)
        F("terrain", F.VALUE),  # pieces placed by DW-BTL-01: [[kind, x, y, rotation], ...]
        F("placer", F.VALUE),  # the seat placing the next terrain piece
        F("secret", F.LIST),  # per seat: its secret objective id (DW-SM-02), else None
        F("mines", F.VALUE),  # minefields: [[owner, x, y, density (0: dummy), revealed], ...]
        F("dug_in", F.LIST),  # per unit: a Dug-In marker (DW-BTL-05)
        F("fallen", F.LISTS),  # per unit: its miniatures destroyed this turn (DW-ABL-23)
        F("aboard", F.LIST),  # per unit: the vehicle carrying it (DW-ABL-07), else -1
        F("markers", F.VALUE),  # unit markers: [[seat, x, y, revealed], ...] (rules/hidden.py)
        F("mapping", F.LIST),  # per marker: its unit, secret (DW-NE-02)
        F("decision", F.DECISION),
        F("agenda", F.AGENDA),
        # a secret choice in progress (DW-SM-02): saved as action texts, read back on load
        F("commits", F.VALUE, save=lambda c: {str(s): a.text for s, a in c.items()}, load=lambda d: d),
    )

    def __init__(self, game: DustWarfareGame) -> None:
        super().__init__(game)
        units = game.units
        self.rng = Rng(0)
        self.phase = Phase.SETUP.value
        self.turn = 0
        self.edges: list[str | None] = [None, None]
        self.first = -1
        self.deployer = -1
        self.initiator = -1
        self.side = -1
        self.temporary = [-1, -1]
        self.orders = [0, 0]
        self.radio = [0, 0]
        self.status = [Status.PENDING.value] * len(units)
        self.supp = [0] * len(units)
        self.reaction = [False] * len(units)
        self.leader = [u.leader for u in units]
        self.done = [False] * len(units)
        self.ordered = [False] * len(units)
        self.attacked = [False] * len(units)
        self.unloaded: list[list[str]] = [[] for _ in units]
        self.pos: list[list[Entry | None]] = [[None] * len(u.models) for u in units]
        self.dmg: list[list[int]] = [[0] * len(u.models) for u in units]
        self.dead: list[list[bool]] = [[False] * len(u.models) for u in units]
        self.placing: JSON | None = None
        self.activation: JSON | None = None
        self.attack: JSON | None = None
        self.trigger: JSON | None = None
        self.dirt = -1
        self.scores: list[int] | None = None
        self.loser = -1
        self.version = 0
        self.terrain: list[list[Any]] = []
        self.placer = -1
        self.secret: list[str | None] = [None, None]
        self.mines: list[list[Any]] = []
        self.dug_in = [False] * len(units)
        self.fallen: list[list[int]] = [[] for _ in units]
        self.aboard = [-1] * len(units)
        self.markers: list[list[Any]] = []
        self.mapping: list[int] = []

    # ------------------------------------------------------------ the contract

    def is_terminal(self) -> bool:
        return self.scores is not None

    def outcome(self) -> Outcome | None:
        """DW-TURN-03/04: a seat with no units loses whatever the score; otherwise most SP
        wins and equal SP is a draw. Returns are +1 / -1, 0 each for a draw."""
        if self.scores is None:
            return None
        a, b = self.scores
        winner = 1 - self.loser if self.loser >= 0 else (0 if a > b else 1 if b > a else -1)
        text = f"Superiority Points: Allies {a}, Axis {b}"
        if self.loser >= 0:
            text += f"; {self.side_name(self.loser)} have no units left"
        if winner < 0:
            return Outcome((0.0, 0.0), (), text + ": a draw")
        returns = (1.0, -1.0) if winner == 0 else (-1.0, 1.0)
        return Outcome(returns, (winner,), f"{text}: the {self.side_name(winner)} win")

    def apply_action(self, action: Action | str) -> list[Event]:
        """The contract's apply, without listing the options first for an exact placement
        proposal (`place x,y ...`, DW-GEO-17): no listed option is one, so its legality is the
        placement's own predicate alone, which the core would reach only after listing every
        candidate region (the costliest list of the game) to find it absent."""
        decision = self.decision
        if isinstance(action, Action) and action.verb == Verb.PLACE and self._legal is None and decision:
            kind = self.rules.kinds[decision[0]]
            if kind.legal is not None:
                if not kind.legal(self, action):
                    raise IllegalActionError(f"{action} is not a legal action now (player {decision[1]})")
                return self._apply(action)
        return super().apply_action(action)

    def view(self, player: int | None) -> JSON:
        return view.view(self, player)

    def _resample_hidden(self, player: int | None, rng: Rng) -> DustState:
        """The secrets (§4.2): Secret Mission's objectives (each one `player` has not seen is
        re-drawn from the list, and so is a commitment in progress) and which of the
        opponent's unrevealed minefield markers are live (re-dealt among them); which hidden
        unit stands behind each unrevealed unit marker, for both sides (rules/hidden.py); the dice to
        come are the state's own generator, which a determinisation re-seeds."""
        new = self._clone()
        new.rng = Rng(rng.next_u64())
        if new.scores is None:
            choices = [o.id.value for o in self.game.scenario.secret_objective]
            new.secret = [
                s if (s is None or seat == player) else choices[rng.below(len(choices))]
                for seat, s in enumerate(self.secret)
            ]
        new.resample_commits(player, rng)
        new.mines = resample_mines(self, player, rng)
        new.mapping, new.done = resample_markers(self, rng)  # DW-NE-02: hidden from both
        return new

    @property
    def board(self) -> Battlefield:
        """The table with its terrain: the scenario's map, or the pieces placed so far
        (DW-BTL-01)."""
        return self.game.board_with(self.terrain)

    def _loaded(self) -> None:
        saved: dict[Any, Any] = dict(self.commits)  # loaded as {seat: action text}
        self.commits = {int(seat): self.game.actions.by_text[text] for seat, text in saved.items()}

    def touch(self) -> None:
        """A miniature moved, fell or changed leader: geometry caches are stale."""
        self.version += 1

    # ------------------------------------------------------------ reading the position

    def side_name(self, seat: int) -> str:
        return "Allies" if seat == 0 else "Axis"

    def unit(self, u: int) -> Unit:
        return self.game.units[u]

    def units_of(self, seat: int) -> list[int]:
        return [u.index for u in self.game.units if u.seat == seat]

    def on_table(self, u: int) -> bool:
        return self.status[u] == Status.TABLE

    def living(self, u: int) -> list[int]:
        """The unit's miniatures not destroyed, in unit data order."""
        dead = self.dead[u]
        return [m for m in range(len(dead)) if not dead[m]]

    def base(self, u: int, m: int) -> Base:
        """Miniature m of unit u where it stands (DW-GEO-04)."""
        entry = self.pos[u][m]
        assert entry is not None, f"u{u}.{m} is not on the table"
        model = self.game.units[u].models[m]
        return Base(entry[0], entry[1], model.radius, model.height, entry[2])

    def bases(self, u: int) -> list[Base]:
        """The unit's miniatures on the table, in unit data order."""
        return [self.base(u, m) for m in self.living(u) if self.pos[u][m] is not None]

    def table_units(self, seat: int | None = None) -> list[int]:
        return [
            u.index
            for u in self.game.units
            if self.status[u.index] == Status.TABLE and (seat is None or u.seat == seat)
        ]

    def all_bases(self, *, exclude: int = -1) -> list[Base]:
        return [b for u in self.table_units() if u != exclude for b in self.bases(u)]

    def friends_and_enemies(self, u: int) -> tuple[tuple[Base, ...], tuple[Base, ...]]:
        """Every other base on the table, friendly and enemy (DW-GEO-16); the unrevealed unit
        markers count as friends, whose disks no miniature may end on (DW-BTL-07)."""
        seat = self.game.units[u].seat
        friends: list[Base] = list(disks(self)) if self.markers else []
        enemies: list[Base] = []
        for other in self.table_units():
            if other != u:
                (friends if self.game.units[other].seat == seat else enemies).extend(self.bases(other))
        return tuple(friends), tuple(enemies)

    def is_wounded(self, u: int, m: int) -> bool:
        """A Hero with damage, not destroyed (DW-HERO-04)."""
        return self.game.units[u].models[m].hero and self.dmg[u][m] > 0 and not self.dead[u][m]

    def leadership(self, u: int) -> float | None:
        """The Unit Leader's LR (DW-UNIT-08), None when the unit is Leaderless."""
        leader = self.leader[u]
        if leader < 0:
            return None
        return self.game.units[u].leadership(leader, self.is_wounded(u, leader))

    def in_formation(self, u: int) -> bool:
        """DW-UNIT-06: every miniature within the leader's LR (not checked while Leaderless)."""
        lr = self.leadership(u)
        if lr is None or len(self.living(u)) < 2:
            return True
        leader = self.base(u, self.leader[u])
        others = [self.base(u, m) for m in self.living(u) if m != self.leader[u]]
        return in_formation(leader, others, lr)

    def is_retreating(self, u: int) -> bool:
        """DW-SUP-04: a Soldier unit while its Suppression markers outnumber its miniatures, a
        Vehicle while they exceed twice its miniatures; never with Heroic stand or Blutkreuz
        zombie (DW-ABL-15, DW-ABL-06, DW-SUP-10)."""
        unit = self.game.units[u]
        if self.status[u] != Status.TABLE:
            return False
        if unit.has(Ability.HEROIC_STAND) or unit.has(Ability.BLUTKREUZ_ZOMBIE):
            return False
        n = len(self.living(u))
        limit = 2 * n if unit.kind.unit_type is UnitType.VEHICLE else n
        return self.supp[u] > limit

    def is_destroyed(self, u: int) -> bool:
        return self.status[u] == Status.DESTROYED

    def sight(self, a: Base, b: Base, *, spray: bool = False) -> bool:
        """LOS between two bases (DW-GEO-10..13; Spray ignores obscuring terrain, DW-WPN-09),
        remembered until a miniature moves or falls."""
        cache: tuple[int, dict[tuple[float, ...], bool]] | None = getattr(self, "_sight", None)
        if cache is None or cache[0] != self.version:
            cache = (self.version, {})
            self._sight = cache
        key = (a.x, a.y, a.hgt, b.x, b.y, b.hgt, float(spray))
        seen = cache[1].get(key)
        if seen is None:
            seen = self.board.line_of_sight(a, b, ignore_obscuring=spray)
            cache[1][key] = seen
        return seen

    # ------------------------------------------------------------ pre-measurement

    def measure(
        self, a: str | Sequence[float], b: str | Sequence[float], weapon: str | None = None
    ) -> Measurement:
        """Pre-measurement (DW-GEO-03): the edge-to-edge distance, line of sight and, given a
        weapon id, range and arc, between two things on the table: a unit (`u3`), a miniature
        (`u3.1`) or a point (`[x, y]`, a zero-size marker at ground level). No side effects."""
        return view.measure(self, a, b, weapon)
