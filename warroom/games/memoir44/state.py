"""The Memoir '44 position: cards, units, obstacles, medals, the turn in progress, and the agenda.

The turn runs on the core's engine (`warroom.core.engine`): an *agenda* of small jobs
(`["orders"]`, `["attack", side, u, t, dice, mask]`, `["retreat", t, low, high, taken, side]` ...)
runs until one needs a decision, so every multi-step resolution (order -> move -> battle ->
ambush -> flags -> retreat -> take ground -> overrun) is resumable and the position stays JSON.
`M44State.rules` declares every decision kind and job; `M44State.fields` every field.

Units are ids 0..n-1 in scenario order; `unit_hex[u]` is -1 once eliminated; `occ[h]` is the
unit on hex h or -1. Sides are `words.Side` (0 Allies, 1 Axis).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.engine import DecisionKind, Rules, TurnState
from warroom.core.errors import CorruptDataError
from warroom.core.fields import F, Fields
from warroom.core.game import JSON, Outcome
from warroom.core.rng import Rng
from warroom.games.memoir44 import view
from warroom.games.memoir44.board import NUM_HEXES
from warroom.games.memoir44.invariants import check
from warroom.games.memoir44.rules import battle, cards, draw, flow, movement, retreat
from warroom.games.memoir44.rules.units import medals
from warroom.games.memoir44.words import DRAW, RUNNING, SIDE_TITLES, SIDES, Kind, Result

if TYPE_CHECKING:
    from warroom.games.memoir44.actions import ActionTable
    from warroom.games.memoir44.game import Memoir44Game


def _drop_caches(st: M44State, kind: DecisionKind[M44State]) -> None:
    """The caches describe the position before the action just applied: movement.apply keeps
    what a move cannot have changed, and order slots hold for a whole ordering step."""
    if kind is not _MOVE:
        st.scratch = None
    if kind is not _ORDER:
        st.order_slots = None


# Single-option policy: a retreat step with one hex and no right to stop, and Recon's keep when
# both cards are of one kind, are taken by the engine (forced). Every other kind is asked even
# with one option, as the game always has: a lone `no ambush` so the question reveals nothing of
# the defender's hand (M44-TAC-05); a single card in hand, the lone target of Air Power or
# Barrage, and `done` once Air Power's group is complete are the player's to confirm. (Ordering,
# movement, battle and Medics are skipped, not asked, when no unit qualifies: those steps always
# offer `done` besides.)
RULES: Rules[M44State] = Rules(
    [
        DecisionKind(Kind.CARD, cards.card_options, cards.apply_play),
        DecisionKind(Kind.SECTION, cards.section_options, cards.apply_section),
        DecisionKind(Kind.ORDER, cards.order_options, cards.apply_order),
        DecisionKind(Kind.MEDICS, cards.medics_options, cards.apply_medics),
        DecisionKind(Kind.AIR, cards.air_options, cards.apply_air),
        DecisionKind(Kind.BARRAGE, cards.barrage_options, cards.apply_barrage),
        DecisionKind(Kind.MOVE, movement.options, movement.apply),
        DecisionKind(Kind.BATTLE, battle.options, battle.apply),
        DecisionKind(Kind.AMBUSH, battle.ambush_options, battle.apply_ambush),
        DecisionKind(Kind.IGNORE, battle.ignore_options, battle.apply_ignore),
        DecisionKind(Kind.RETREAT, retreat.options, retreat.apply, forced=True),
        DecisionKind(Kind.GROUND, battle.ground_options, battle.apply_ground),
        DecisionKind(Kind.OVERRUN, battle.overrun_options, battle.apply_overrun),
        DecisionKind(Kind.KEEP, draw.keep_options, draw.apply_keep, forced=True),
    ],
    {
        "turn": flow.turn,
        "next_turn": flow.next_turn,
        "orders": cards.orders_step,
        "dig_in": cards.dig_in,
        "medics": cards.medics_step,
        "air": cards.air_step,
        "air_strike": cards.air_strike,
        "barrage": cards.barrage_step,
        "moves": movement.step,
        "battles": battle.step,
        "declare": battle.declare,
        "attack": battle.attack,
        "after_ambush": battle.after_ambush,
        "flags": battle.flags_job,
        "after_attack": battle.after_attack,
        "overrun": battle.overrun_job,
        "retreat": retreat.retreat_job,
        "end_turn": draw.end_turn,
        "recon": draw.recon,
        "extra_draw": draw.extra_draw,
    },
    after_apply=_drop_caches,
)
_MOVE, _ORDER = RULES.kinds[Kind.MOVE], RULES.kinds[Kind.ORDER]


class M44State(TurnState):
    # scratch / order_slots: caches of what listing the current options computed (destinations,
    # order slots), derived from the fields, never saved; None means "compute again"
    __slots__ = (
        "active", "air", "ambusher", "battles", "chosen", "commander", "deck", "discard", "effect",
        "fallback", "hands", "in_play", "kills", "last_effect", "m44", "moved", "moved_again",
        "no_battle", "obj_taken", "occ", "order_slots", "ordered", "overrun", "quotas", "recon",
        "result", "rng", "sandbag_pool", "sandbags", "scratch", "section", "table", "tfh", "turn",
        "turns_taken", "unit_fig", "unit_hex", "wire",
    )  # fmt: skip

    table: ActionTable  # the game's, shared by every clone (read on most decisions)
    rules = RULES
    fields = Fields(
        F("rng", F.RNG),
        F("deck", F.LIST),
        F("discard", F.LIST),
        F("hands", F.LISTS),
        F("in_play", F.LIST),
        F("recon", F.LIST),
        F("unit_hex", F.LIST),
        F("unit_fig", F.LIST),
        F("sandbags", F.LIST),
        F("wire", F.LIST),
        F("sandbag_pool", F.LIST),
        F("kills", F.LIST),
        F("obj_taken", F.LIST),
        F("active", F.VALUE),
        F("turn", F.VALUE),
        F("turns_taken", F.LIST),
        F("last_effect", F.LISTS),
        F("effect", F.VALUE),
        F("section", F.VALUE),
        F("fallback", F.VALUE),
        F("commander", F.VALUE),
        F("quotas", F.LIST),
        F("chosen", F.LIST),
        F("tfh", F.LIST),
        F("air", F.LIST),
        F("ambusher", F.VALUE),
        F("ordered", F.LIST),
        F("moved", F.LIST),
        F("moved_again", F.LIST),
        F("battles", F.LIST),
        F("no_battle", F.LIST),
        F("overrun", F.LIST),
        F("decision", F.DECISION),
        F("agenda", F.AGENDA),
        F("result", F.VALUE),
        F("occ", F.LIST, saved=False),  # rebuilt from unit_hex on load
        F("scratch", F.VALUE, saved=False),  # read-only caches of the same position: shared
        F("order_slots", F.VALUE, saved=False),
        shared=("m44", "table"),
    )

    def __init__(self, game: Memoir44Game | None = None) -> None:
        if game is None:
            # A blank for `_clone`, which fills every attribute in (core/fields.py): compiled,
            # this class's `__new__` runs `__init__`, so the clone's `cls.__new__(cls)` comes here.
            return
        super().__init__(game)
        # `game` (the contract's attribute, typed `Game[Any]` there) and `m44` are the same
        # object; the Memoir '44 modules read `m44`, typed as Memoir '44's game. A subclass that
        # narrowed `game` itself could not be compiled: mypyc refuses a native subclass changing a
        # native attribute's type (docs/speed.md, "Compiling (mypyc)").
        self.m44: Memoir44Game = game
        self.table = game.table
        sc = game.scenario
        n = len(sc.units)
        self.rng = Rng(0)
        self.deck: list[int] = []  # physical card ids; top of deck = end of list
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[] for _ in SIDES]
        self.in_play: list[int] = []  # the card played this turn, until step 5
        self.recon: list[int] = []  # Recon's two drawn cards awaiting the keep choice
        self.unit_hex = [u.hex for u in sc.units]
        self.unit_fig = [u.figures for u in sc.units]
        self.sandbags = [int(b) for b in sc.sandbags]
        self.wire = [int(b) for b in sc.wire]
        self.sandbag_pool = list(sc.sandbag_pool)
        self.kills = [0 for _ in SIDES]
        self.obj_taken = [False] * len(sc.objectives)
        self.active = int(sc.first_player)
        self.turn = 0
        self.turns_taken = [0 for _ in SIDES]
        self.last_effect: list[list[Any]] = [["", -1] for _ in SIDES]  # for Counter-Attack (M44-TAC-14)
        self.effect = ""  # the rule the turn's card applies ("" before a card is played)
        self.section = -1  # absolute section for section cards and Infantry Assault
        self.fallback = False  # M44-CARD-08: 1 unit of choice under normal rules
        self.commander = 0  # the seat taking the active side's decisions this turn (M44-VAR-05)
        self.quotas = [0] * cards.SLOTS  # order slots: sections L C R, TFH infantry/armor/star, any
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
        self.result: int = RUNNING  # a words.Result, saved as its int
        self.occ = [-1] * NUM_HEXES
        self.scratch: Any = None
        self.order_slots: cards.OrderSlots | None = None
        self.rebuild_occupancy()

    def rebuild_occupancy(self) -> None:
        self.occ = [-1] * NUM_HEXES
        for u, h in enumerate(self.unit_hex):
            if h >= 0:
                self.occ[h] = u

    def _loaded(self) -> None:
        """A save lists each per-unit and per-hex field in full; `occ` is rebuilt from it."""
        n = len(self.m44.scenario.units)
        for name in ("unit_hex", "unit_fig", "ordered", "moved", "battles", "no_battle", "overrun"):
            if len(getattr(self, name)) != n:
                raise ValueError(f"{name} has {len(getattr(self, name))} entries for {n} units")
        if len(self.sandbags) != NUM_HEXES or len(self.wire) != NUM_HEXES:
            raise ValueError("sandbags/wire must list every hex")
        self.rebuild_occupancy()

    def take_decision(self) -> tuple[Any, ...]:
        """The pending decision's data (what follows its kind and seat), the decision cleared:
        what an apply of a decision that carries data does first, its action already legal."""
        decision = self.decision
        assert decision is not None
        self.decision = None
        return decision.data

    def finish_with(self, result: Result, text: str) -> None:
        """Stop at once: nothing further is resolved (M44-MEDAL-06, M44-GROUND-09)."""
        self.result = int(result)
        self.finish()
        self.say("game_over", text, result=int(result))

    # -- the contract ----------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.result != RUNNING

    def outcome(self) -> Outcome | None:
        """A side wins on reaching its medals (every seat of it +1, the others -1); a game still
        running at the turn bound is a draw (all 0)."""
        result = self.result
        if result == RUNNING:
            return None
        g = self.m44
        seats = range(g.num_players)
        if result == DRAW:
            return Outcome(tuple(0.0 for _ in seats), (), f"no side won within {g.max_turns} turns: a draw")
        returns = tuple(1.0 if g.side_of_seat(p) == result else -1.0 for p in seats)
        winners = tuple(p for p in seats if returns[p] > 0)
        text = f"the {SIDE_TITLES[result]} reach {medals(self, result)} medals and win"
        return Outcome(returns, winners, text)

    def view(self, player: int | None) -> JSON:
        return view.view(self, player)

    def _resample_hidden(self, player: int | None, rng: Rng) -> M44State:
        """Re-draw what `player` cannot know: the deck order, the other side's hand (and its
        pending Recon cards), and future dice (memoir44.md §4 hidden information)."""
        new = self._clone()
        new.rng = Rng(rng.next_u64())
        known = -1 if player is None else self.m44.side_of_seat(player)
        hidden = [s for s in SIDES if s != known]
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
        new._legal = None  # the clone's cached options were listed from the true hands
        return new

    def check_integrity(self) -> None:
        try:
            check(self)
        except AssertionError as exc:
            raise CorruptDataError(f"inconsistent memoir44 state: {exc}") from None
