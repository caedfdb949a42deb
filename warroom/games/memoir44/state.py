"""The Memoir '44 position: cards, units, obstacles, medals, the turn in progress, and the agenda.

As in Siege, the turn is driven by an *agenda*: a stack of small jobs (`["orders"]`,
`["attack", side, u, t, dice, mask]`, `["retreat", t, low, high, taken, side]` ...) that the state
runs until one needs a decision. Every multi-step resolution (order -> move -> battle -> ambush ->
flags -> retreat -> take ground -> overrun) is therefore resumable and the position stays JSON.

Units are ids 0..n-1 in scenario order; `unit_hex[u]` is -1 once eliminated; `occ[h]` is the
unit on hex h or -1. Sides: 0 Allies, 1 Axis.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.errors import CorruptDataError
from warroom.core.game import JSON, Action, Event, State
from warroom.core.rng import Rng
from warroom.games.memoir44 import view
from warroom.games.memoir44.board import NUM_HEXES

if TYPE_CHECKING:
    from warroom.games.memoir44.actions import ActionTable, M44Action
    from warroom.games.memoir44.game import Memoir44Game

RUNNING, DRAW = -1, 2
_event = tuple.__new__  # Event(...) without the NamedTuple constructor's keyword handling
_FIELDS = (
    "rng", "deck", "discard", "hands", "in_play", "recon", "unit_hex", "unit_fig", "sandbags", "wire",
    "sandbag_pool", "kills", "obj_taken", "active", "turn", "turns_taken", "last_effect", "effect",
    "section", "fallback", "commander", "quotas", "chosen", "tfh", "air", "ambusher", "ordered", "moved",
    "moved_again", "battles", "no_battle", "overrun", "decision", "agenda", "result",
)  # fmt: skip


class M44State(State):
    # scratch / order_slots: caches of what listing the current options computed (destinations,
    # order slots), derived from the fields, never saved; None means "compute again"
    __slots__ = (*_FIELDS, "events", "occ", "order_slots", "scratch")

    game: Memoir44Game

    def __init__(self, game: Memoir44Game) -> None:
        super().__init__(game)
        sc = game.scenario
        n = len(sc.units)
        self.rng = Rng(0)
        self.deck: list[int] = []  # physical card ids; top of deck = end of list
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[], []]
        self.in_play: list[int] = []  # the card played this turn, until step 5
        self.recon: list[int] = []  # Recon's two drawn cards awaiting the keep choice
        self.unit_hex = [u.hex for u in sc.units]
        self.unit_fig = [u.figures for u in sc.units]
        self.sandbags = [int(b) for b in sc.sandbags]
        self.wire = [int(b) for b in sc.wire]
        self.sandbag_pool = list(sc.sandbag_pool)
        self.kills = [0, 0]
        self.obj_taken = [False] * len(sc.objectives)
        self.active = int(sc.first_player)
        self.turn = 0
        self.turns_taken = [0, 0]
        self.last_effect: list[list[Any]] = [["", -1], ["", -1]]  # for Counter-Attack (M44-TAC-14)
        self.effect = ""  # the rule the turn's card applies ("" before a card is played)
        self.section = -1  # absolute section for section cards and Infantry Assault
        self.fallback = False  # M44-CARD-08: 1 unit of choice under normal rules
        self.commander = 0  # the seat taking the active side's decisions this turn (M44-VAR-05)
        self.quotas = [0] * 7  # order slots: sections L C R, TFH infantry/armor/star, any
        self.chosen: list[int] = []  # ordered units, in order
        self.tfh: list[int] = []  # Their Finest Hour's dice faces
        self.air: list[int] = []  # Air Power's chosen targets (unit ids)
        self.ambusher = -1  # the side that played Ambush this turn
        self.ordered = [False] * n
        self.moved = [-1] * n  # steps moved this turn, -1 = has not moved
        self.moved_again: list[int] = []  # Behind Enemy Lines' second move done
        self.battles = [0] * n
        self.no_battle = [False] * n  # entered forest/town/hedgerow this turn (M44-BATTLE-04b)
        self.overrun = [False] * n
        self.decision: list[Any] | None = None  # [kind, seat, *data]
        self.agenda: list[list[Any]] = []
        self.result = RUNNING  # 0 Allies won, 1 Axis won, 2 draw (turn limit)
        self.events: list[Event] = []
        self.occ = [-1] * NUM_HEXES
        self.scratch: Any = None
        self.order_slots: dict[int, tuple[int, ...]] | None = None
        self.rebuild_occupancy()

    def rebuild_occupancy(self) -> None:
        self.occ = [-1] * NUM_HEXES
        for u, h in enumerate(self.unit_hex):
            if h >= 0:
                self.occ[h] = u

    # -- shorthands for the rules modules ----------------------------------------------------
    @property
    def table(self) -> ActionTable:
        return self.game.table

    def say(self, kind: str, text: str, visible_to: frozenset[int] | None = None, /, **data: Any) -> None:
        self.events.append(_event(Event, (kind, text, data, visible_to)))

    # -- the contract ----------------------------------------------------------------------
    def current_player(self) -> int:
        return -1 if self.decision is None else int(self.decision[1])

    def is_terminal(self) -> bool:
        return self.result != RUNNING

    def returns(self) -> list[float]:
        g = self.game
        if self.result in (RUNNING, DRAW):
            return [0.0] * g.num_players
        return [1.0 if g.side_of_seat(p) == self.result else -1.0 for p in range(g.num_players)]

    def _legal_actions(self) -> list[Action]:
        return dispatch.legal(self)

    def _apply(self, action: Action) -> list[Event]:
        self.events = []
        act: M44Action = action  # type: ignore[assignment]  # only M44Actions are ever legal here
        dispatch.apply(self, act)
        return self.events

    def view(self, player: int | None) -> JSON:
        return view.view(self, player)

    # -- copying and saving ------------------------------------------------------------------
    def _clone(self) -> M44State:
        new = M44State.__new__(M44State)
        new.game = self.game
        new._legal = self._legal
        new.rng = Rng(self.rng.state)
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.in_play = self.in_play[:]
        new.recon = self.recon[:]
        new.unit_hex = self.unit_hex[:]
        new.unit_fig = self.unit_fig[:]
        new.sandbags = self.sandbags[:]
        new.wire = self.wire[:]
        new.sandbag_pool = self.sandbag_pool[:]
        new.kills = self.kills[:]
        new.obj_taken = self.obj_taken[:]
        new.active = self.active
        new.turn = self.turn
        new.turns_taken = self.turns_taken[:]
        new.last_effect = [e[:] for e in self.last_effect]
        new.effect = self.effect
        new.section = self.section
        new.fallback = self.fallback
        new.commander = self.commander
        new.quotas = self.quotas[:]
        new.chosen = self.chosen[:]
        new.tfh = self.tfh[:]
        new.air = self.air[:]
        new.ambusher = self.ambusher
        new.ordered = self.ordered[:]
        new.moved = self.moved[:]
        new.moved_again = self.moved_again[:]
        new.battles = self.battles[:]
        new.no_battle = self.no_battle[:]
        new.overrun = self.overrun[:]
        new.decision = None if self.decision is None else self.decision[:]
        new.agenda = [job[:] for job in self.agenda]  # jobs hold only ints and strings
        new.result = self.result
        new.events = []
        new.occ = self.occ[:]
        new.scratch = self.scratch  # read-only caches of the same position
        new.order_slots = self.order_slots
        return new

    def _to_json(self) -> JSON:
        return self._save_fields(_FIELDS)

    @classmethod
    def from_json(cls, game: Memoir44Game, doc: JSON) -> M44State:
        state = cls(game)
        state._load_fields(doc, _FIELDS)
        n = len(game.scenario.units)
        for name in ("unit_hex", "unit_fig", "ordered", "moved", "battles", "no_battle", "overrun"):
            if len(getattr(state, name)) != n:
                raise ValueError(f"{name} has {len(getattr(state, name))} entries for {n} units")
        if len(state.sandbags) != NUM_HEXES or len(state.wire) != NUM_HEXES:
            raise ValueError("sandbags/wire must list every hex")
        state.rebuild_occupancy()
        return state

    def _resample_hidden(self, player: int | None, rng: Rng) -> M44State:
        """Re-draw what `player` cannot know: the deck order, the other side's hand (and its
        pending Recon cards), and future dice (memoir44.md §4 hidden information)."""
        new = self._clone()
        new.rng = Rng(rng.next_u64())
        known = -1 if player is None else self.game.side_of_seat(player)
        hidden = [s for s in (0, 1) if s != known]
        pool = new.deck[:]
        for s in hidden:
            pool += new.hands[s]
        recon_hidden = bool(new.recon) and self.active in hidden
        if recon_hidden:
            pool += new.recon
        rng.shuffle(pool)
        for s in hidden:
            k = len(new.hands[s])
            new.hands[s], pool = pool[:k], pool[k:]
        if recon_hidden:
            k = len(new.recon)
            new.recon, pool = pool[:k], pool[k:]
        new.deck = pool
        return new

    def check_integrity(self) -> None:
        from warroom.games.memoir44.invariants import check

        try:
            check(self)
        except AssertionError as exc:
            raise CorruptDataError(f"inconsistent memoir44 state: {exc}") from None


from warroom.games.memoir44.rules import dispatch  # noqa: E402  (the rules import this module's users)
