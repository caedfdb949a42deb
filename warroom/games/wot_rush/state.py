"""The World of Tanks: Rush position: every zone of cards, the bases, and the pending decision.

Cards are instance ids (see content.py). Piles are plain lists: a hangar's and the vehicle
deck's top is the end of the list, the reserve runs oldest -> newest (WOT-GEN-04). Bases are
flat lists indexed `seat * bases_per_player + slot`: the base card (-1 once destroyed), its
defender (-1 if unguarded) and both damage flags (WOT-DEF-01, WOT-GEN-06).

The turn is a small state machine: `decision` names what the deciding seat is asked, and the
`card`/`pending`/`paid`/`declared`... fields hold the play being resolved (WOT-PLAY-03: one play
at a time), so every rule can stop for a choice and resume.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.errors import CorruptDataError
from warroom.core.game import JSON, Action, Event, State
from warroom.core.rng import Rng
from warroom.games.wot_rush import view
from warroom.games.wot_rush.actions import Verb
from warroom.games.wot_rush.rules import dispatch
from warroom.games.wot_rush.rules.decisions import Decision
from warroom.games.wot_rush.rules.turn import end_turn

if TYPE_CHECKING:
    from warroom.games.wot_rush.actions import ActionTable
    from warroom.games.wot_rush.content import Content
    from warroom.games.wot_rush.game import WotRushGame

new_event = tuple.__new__  # Event(...) without the NamedTuple's Python-level __new__ (hot path)
_LEGAL = dispatch.LEGAL
_APPLY = dispatch.APPLY
_AUTO = dispatch.AUTO
_END = Verb.END  # `end` is offered in Phase II (DP-02) only

_LISTS = ("vdeck", "reserve", "vdiscard", "graveyard", "achievements", "base", "base_dmg", "guard",
          "guard_dmg", "pending", "sab_queue", "declared", "scores")  # fmt: skip
_NESTED = ("hangar", "hand", "warehouse", "medal1", "medal2")
_SCALARS = ("first", "active", "turn", "round", "triggered", "over", "decision", "decider", "purchases",
            "limit", "attacked", "card", "to_grave", "paid", "paid_total", "ability_n", "destroyed",
            "att_nation", "turn_steps")  # fmt: skip
_SAVED = (*_LISTS, *_NESTED, *_SCALARS, "rng")


class WotState(State):
    """See the module docstring for the meaning of each zone."""

    __slots__ = (*_LISTS, *_NESTED, *_SCALARS, "events", "played", "rng")

    game: WotRushGame

    def __init__(self, game: WotRushGame) -> None:
        super().__init__(game)
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
        self.medal1: list[list[int]] = [[] for _ in range(4)]  # per nation
        self.medal2: list[list[int]] = [[] for _ in range(4)]
        self.achievements: list[int] = []
        self.first = 0
        self.active = 0
        self.turn = 0  # turns started
        self.round = 0  # rounds completed (WOT-END-07)
        self.triggered = False  # WOT-END-01/02 happened
        self.over = False
        self.decision = Decision.MAIN
        self.decider = 0
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
        self.sab_queue: list[int] = []
        self.declared: list[int] = []  # attacking cards not yet resolved
        self.destroyed = 0
        self.att_nation = -1
        self.turn_steps = 0
        self.scores: list[int] = []
        self.events: list[Event] = []

    # -- shorthands used by the rules modules --------------------------------------------
    @property
    def content(self) -> Content:
        return self.game.content

    @property
    def table(self) -> ActionTable:
        return self.game.table

    def say(self, kind: str, text: str, visible_to: frozenset[int] | None = None, /, **data: Any) -> None:
        self.events.append(new_event(Event, (kind, text, data, visible_to)))

    def has_base(self, seat: int) -> bool:
        k = self.game.content.bases_per_player
        return max(self.base[seat * k : seat * k + k]) >= 0

    # -- the contract ---------------------------------------------------------------------
    def current_player(self) -> int:
        return -1 if self.over else self.decider

    def is_terminal(self) -> bool:
        return self.over

    def returns(self) -> list[float]:
        """1 for each winner (shared on a full tie, WOT-SCORE-05), 0 for the others; 0s while running."""
        if not self.over:
            return [0.0] * self.game.num_players
        from warroom.games.wot_rush.rules.scoring import winners

        won = winners(self)
        return [1.0 if p in won else 0.0 for p in range(self.game.num_players)]

    def _legal_actions(self) -> list[Action]:
        return _LEGAL[self.decision](self)  # type: ignore[return-value]  # list invariance: WotAction is an Action

    def _apply(self, action: Action) -> list[Event]:
        # dispatch.apply, inlined: the rule for this decision, then any automatic ones
        events: list[Event] = []
        self.events = events
        if action.verb is _END:  # type: ignore[attr-defined]  # the commonest decision, without the _main hop
            end_turn(self)
        else:
            _APPLY[self.decision](self, action)  # type: ignore[arg-type]  # only WotActions are ever legal here
        self.turn_steps += 1
        if _AUTO[self.decision]:
            dispatch.automatic(self)
        return events

    def view(self, player: int | None) -> JSON:
        return view.view(self, player)

    # -- copying and saving ----------------------------------------------------------------
    def _clone(self) -> WotState:
        new = WotState.__new__(WotState)
        new.game = self.game
        new._legal = self._legal
        new.rng = Rng(self.rng.state)
        for name in _LISTS:
            setattr(new, name, getattr(self, name)[:])
        for name in _NESTED:
            setattr(new, name, [pile[:] for pile in getattr(self, name)])
        for name in _SCALARS:
            setattr(new, name, getattr(self, name))
        new.played = set(self.played)
        new.events = []
        return new

    def _to_json(self) -> JSON:
        doc = self._save_fields(_SAVED)
        doc["decision"] = int(self.decision)
        doc["played"] = sorted(self.played)
        return doc

    @classmethod
    def from_json(cls, game: WotRushGame, doc: JSON) -> WotState:
        state = cls(game)
        state._load_fields(doc, (*_SAVED, "played"))
        for name in _LISTS:  # fresh lists of the right shape, never the document's own
            setattr(state, name, list(doc[name]))
        for name in _NESTED:
            setattr(state, name, [list(pile) for pile in doc[name]])
        state.decision = Decision(int(doc["decision"]))
        state.played = {int(c) for c in doc["played"]}
        return state

    def _resample_hidden(self, player: int | None, rng: Rng) -> WotState:
        """Re-draw what `player` cannot know (WOT-INFO-01..05): the vehicle deck's order, every
        hangar's order (hidden even from its owner), and for every other seat whose hand is hidden,
        which of its hand + hangar cards are in the hand. The active hand is face up."""
        new = self._clone()
        new.rng = Rng(rng.next_u64())
        rng.shuffle(new.vdeck)
        for seat in range(self.game.num_players):
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
        return self.over or seat == self.active

    def check_integrity(self) -> None:
        from warroom.games.wot_rush.invariants import check

        try:
            check(self)
        except AssertionError as exc:
            raise CorruptDataError(f"inconsistent wot_rush state: {exc}") from None
