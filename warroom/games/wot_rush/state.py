"""The World of Tanks: Rush position: every zone of cards, the bases, and the pending decision.

Cards are instance ids (see content.py). Piles are plain lists: a hangar's and the vehicle
deck's top is the end of the list, the reserve runs oldest -> newest (WOT-GEN-04). Bases are
flat lists indexed `seat * bases_per_player + slot`: the base card (-1 once destroyed), its
defender (-1 if unguarded) and both damage flags (WOT-DEF-01, WOT-GEN-06).

The turn runs on the core's engine: `decision` is the pending `Decision(kind, seat)` of one of
the kinds declared in rules/decisions.py (None once the game is over), and the
`card`/`pending`/`paid`/`declared`... fields hold the play being resolved (WOT-PLAY-03: one play
at a time), so every rule can stop for a choice and resume.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from warroom.core.engine import MUTED, Decision, TurnState, load_state
from warroom.core.errors import CorruptDataError
from warroom.core.fields import F, Fields
from warroom.core.game import JSON, Action, Event, Outcome, State
from warroom.core.rng import Rng
from warroom.games.wot_rush import changes, view
from warroom.games.wot_rush.invariants import check
from warroom.games.wot_rush.rules.decisions import RULES
from warroom.games.wot_rush.rules.scoring import winners
from warroom.games.wot_rush.rules.turn import end_turn
from warroom.games.wot_rush.words import NATIONS, OVER, SAVED_KINDS, Verb

if TYPE_CHECKING:
    from warroom.games.wot_rush.game import WotRushGame

_LISTS = ("vdeck", "reserve", "vdiscard", "graveyard", "achievements", "base", "base_dmg", "guard",
          "guard_dmg", "pending", "sab_queue", "declared", "scores")  # fmt: skip
_NESTED = ("hangar", "hand", "warehouse", "medal1", "medal2")
_SCALARS = ("first", "active", "turn", "round", "triggered", "purchases", "limit", "attacked",
            "card", "to_grave", "paid", "paid_total", "ability_n", "destroyed", "att_nation",
            "turn_steps")  # fmt: skip
_END = Verb.END  # a module constant: cheaper than the enum attribute on the hot path
# RULES' declarations as the hot path reads them: each kind's options and rule, the forced kinds
_OPTIONS = {name: kind.options for name, kind in RULES.kinds.items()}
_APPLY = {name: kind.apply for name, kind in RULES.kinds.items()}
_FORCED = frozenset(name for name, kind in RULES.kinds.items() if kind.forced)
_KIND_NUMBER = {kind: number for number, kind in enumerate(SAVED_KINDS)}
assert set(_KIND_NUMBER) == set(RULES.kinds), "every declared kind has its number in a save"


class WotState(TurnState):
    """See the module docstring for the meaning of each zone."""

    __slots__ = (*_LISTS, *_NESTED, *_SCALARS, "played", "rng", "changes", "wot")

    rules = RULES
    fields = Fields(
        F("rng", F.RNG),
        *(F(name, F.LIST) for name in _LISTS),
        *(F(name, F.LISTS) for name in _NESTED),
        *(F(name, F.VALUE) for name in _SCALARS),
        F("played", F.SET),
        F("changes", F.LIST, saved=False),  # speed (issue 18): counters the encoder reads (changes.py)
        # Saved by `_to_json` in the format of the game's former enum state machine: the kind's
        # number and the seat as two fields, plus `over` (no agenda: the game needs no jobs).
        F("decision", F.DECISION, saved=False),
        F("agenda", F.AGENDA, saved=False),
        shared=("wot",),
    )

    def __init__(self, game: WotRushGame | None = None) -> None:
        if game is None:
            # A blank for `_clone`, which fills every attribute in (core/fields.py): compiled,
            # this class's `__new__` runs `__init__`, so the clone's `cls.__new__(cls)` comes here.
            return
        super().__init__(game)
        # `game` (the contract's attribute, typed `Game[Any]` there) and `wot` are the same
        # object; the World of Tanks: Rush modules read `wot`, typed as its game. A subclass that
        # narrowed `game` itself could not be compiled: mypyc refuses a native subclass changing
        # a native attribute's type (docs/speed.md, "Compiling (mypyc)"; Siege's `siege` alike).
        self.wot: WotRushGame = game
        n, k = game.num_players, game.content.bases_per_player
        self.rng = Rng(0)
        self.hangar: list[list[int]] = [[] for _ in range(n)]  # top = end
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.warehouse: list[list[int]] = [[] for _ in range(n)]
        self.base = [-1] * (n * k)
        self.base_dmg = [False] * (n * k)
        self.guard = [-1] * (n * k)
        self.guard_dmg = [False] * (n * k)
        self.vdeck: list[int] = []  # top = end
        self.reserve: list[int] = []  # oldest first
        self.vdiscard: list[int] = []
        self.graveyard: list[int] = []
        self.medal1: list[list[int]] = [[] for _ in NATIONS]  # per nation
        self.medal2: list[list[int]] = [[] for _ in NATIONS]
        self.achievements: list[int] = []
        self.first = 0
        self.active = 0
        self.turn = 0  # turns started
        self.round = 0  # rounds completed (WOT-END-07)
        self.triggered = False  # WOT-END-01/02 happened
        self.purchases = 0
        self.limit = 1  # WOT-PLAY-07
        self.attacked = False  # WOT-PLAY-08
        self.played: set[int] = set()  # vehicles played this turn (WOT-PLAY-04)
        self.card = -1  # the card being played for abilities, or the reserve card being bought
        self.pending: list[int] = []  # its printed abilities not yet resolved
        self.to_grave = False  # a resolved Research sends it to the graveyard (WOT-ICON-10)
        self.paid = 0
        self.paid_total = 0
        self.ability_n = 0  # the N of the ability awaiting a choice: RES cost cap, REP cards left
        self.sab_queue: list[int] = []  # the Sabotage victims still to discard, the deciding one first
        self.declared: list[int] = []  # attacking cards not yet resolved
        self.destroyed = 0
        self.att_nation = -1
        self.turn_steps = 0  # actions applied this turn (bounded: WOT-PLAY-05)
        self.scores: list[int] = []
        self.changes = changes.fresh()  # speed (issue 18): per region, how often it changed

    # -- a shorthand used by the rules modules ---------------------------------------------
    def has_base(self, seat: int) -> bool:
        k = self.wot.content.bases_per_player
        return max(self.base[seat * k : seat * k + k]) >= 0

    # -- the contract ---------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.decision is None

    def outcome(self) -> Outcome | None:
        """1 for each winner (shared on a full tie, WOT-SCORE-05), 0 for the others."""
        if self.decision is not None:
            return None
        won = sorted(winners(self))
        seats = range(self.wot.num_players)
        medals = max(self.scores) if self.scores else 0
        if len(won) == 1:
            text = f"player {won[0]} wins with {medals} medals"
        else:
            text = f"players {', '.join(map(str, won))} share the victory with {medals} medals"
        return Outcome(tuple(1.0 if p in won else 0.0 for p in seats), tuple(won), text)

    def _legal_actions(self) -> list[Action]:
        """The engine's, with the declared kinds read from a module constant (the hot path)."""
        return _OPTIONS[self.decision[0]](self)  # type: ignore[index]  # asked only while the game runs

    def _apply(self, action: Action) -> list[Event]:
        """The engine's `_apply`, specialised to a game without agenda jobs or secret kinds: the
        declared kind's `apply`, the step counted as `RULES.after_apply` counts it, then the
        engine's `run` only when the new decision's kind is declared forced (it takes the
        single-option ones; any other decision, or the end of the game, leaves it nothing to do).
        `end`, a third of all decisions, calls its rule without the MAIN dispatch; a MAIN
        decision or the end of the game always follows it.

        The next decision's options are listed here, at once, into the contract's cache: every
        caller asks for them next (an agent to choose, `apply_action` to check), and listing
        them here spares the contract's `is_terminal` and `_legal_actions` round trip per step.

        Measured in CPU instructions of random playouts (callgrind, 30 games): the generic
        `TurnState._apply` costs 5.7% more than the former state machine, a fast path for `end`
        alone 4.5%, this 0.4%. (Core change that removes it: `TurnState._apply` calling
        `run` only when the agenda is not empty or the new decision's kind is forced.)"""
        events = self.events
        if events is not MUTED:  # a muted world (`TurnState.mute`) stays muted
            events = self.events = []
        if self.forced:
            self.forced = []
        if action.verb is _END:
            end_turn(self)
            self.turn_steps += 1
        else:
            _APPLY[self.decision[0]](self, action)  # type: ignore[index]  # apply_action: the game runs
            self.turn_steps += 1
            decision = self.decision
            if decision is not None and decision[0] in _FORCED:
                self.run()  # leaves the options listed when it stops at a choice of several
        decision = self.decision
        if decision is not None and self._legal is None:
            self._legal = _OPTIONS[decision[0]](self)
        return events

    def play_out(self, choose: Callable[[State], Action], steps: int) -> None:
        """Up to `steps` decisions chosen by `choose`, or to the end: what the search's playout
        loop (`warroom.agents.mcts.playout`) does through `apply_action`, without the contract's
        per-step work. `choose` picks from `legal_actions()`, so the legality check (a scan of
        the option list) cannot fail and is skipped, and `is_terminal` is read as the field it
        is; every action still goes through `_apply`. Speed: a playout is ~350 decisions."""
        apply = self._apply
        for _ in range(steps):
            if self.decision is None:
                return
            action = choose(self)
            self._legal = None  # as apply_action: the cached options belong to this position
            apply(action)

    def view(self, player: int | None) -> JSON:
        return view.view(self, player)

    # -- saving: the decision in its former two fields ---------------------------------------
    def _to_json(self) -> JSON:
        """The declared fields, and the decision as the save format has always written it:
        `decision` the kind's number (`SAVED_KINDS`, `OVER` once the game is over), `decider`
        its seat (-1 once over) and `over`; F(save=) converts one field to one key, not to three."""
        doc = self.fields.save(self)
        decision = self.decision
        doc["decision"] = OVER if decision is None else _KIND_NUMBER[decision[0]]
        doc["decider"] = -1 if decision is None else decision[1]
        doc["over"] = decision is None
        return doc

    @classmethod
    def from_json(cls, game: Any, doc: JSON) -> WotState:
        """The declared fields, then the decision from `_to_json`'s three keys (a number out of
        range, or `over` disagreeing with it, is a corrupt save: ValueError)."""
        state = load_state(cls, game, doc)  # not super(): see load_state
        number, seat, over = int(doc["decision"]), int(doc["decider"]), bool(doc["over"])
        if not 0 <= number <= OVER or over != (number == OVER):
            raise ValueError(f"decision {number} with over={over}")
        state.decision = None if over else Decision(SAVED_KINDS[number], seat)
        return state

    def _resample_hidden(self, player: int | None, rng: Rng) -> WotState:
        """Re-draw what `player` cannot know (WOT-INFO-01..05): the vehicle deck's order, every
        hangar's order (hidden even from its owner), and for every other seat whose hand is hidden,
        which of its hand + hangar cards are in the hand. The active hand is face up."""
        new = self._clone()
        new._legal = None  # the hands below are re-drawn: the options are listed afresh
        new.rng = Rng(rng.next_u64())
        rng.shuffle(new.vdeck)
        for seat in range(self.wot.num_players):
            if seat == player or self.is_hand_public(seat):
                rng.shuffle(new.hangar[seat])
                continue
            pool = new.hand[seat] + new.hangar[seat]
            rng.shuffle(pool)
            cut = len(new.hand[seat])
            new.hand[seat], new.hangar[seat] = pool[:cut], pool[cut:]
        return new

    def is_hand_public(self, seat: int) -> bool:
        """The active player's hand is face up from Phase I on (WOT-REPAIR-02, WOT-INFO-01);
        at game end every squad is revealed (WOT-INFO-06)."""
        return self.decision is None or seat == self.active

    def check_integrity(self) -> None:
        try:
            check(self)
        except AssertionError as exc:
            raise CorruptDataError(f"inconsistent wot_rush state: {exc}") from None
