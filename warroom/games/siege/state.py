"""The Siege position: every zone of cards and tokens, the structures, and the agenda.

The turn is driven by an *agenda*: a stack of small jobs (`["draw"]`, `["move"]`,
`["collide", "fort", 3, [tids]]` ...) that the state runs until one of them needs a player's
decision. That makes every rule resumable in the middle (a collision choice inside a Maus's
movement inside a reveal), keeps the whole position plain JSON, and gives each rules module
small functions to push jobs onto.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.errors import CorruptDataError
from warroom.core.game import JSON, Action, Event, State
from warroom.core.rng import Rng
from warroom.games.siege import view
from warroom.games.siege.board import NUM_SPACES, RING_OF, Ring, space_name
from warroom.games.siege.content import Content
from warroom.games.siege.rules import dispatch

if TYPE_CHECKING:
    from warroom.games.siege.actions import ActionTable
    from warroom.games.siege.game import SiegeGame

RUNNING, WON, LOST = 0, 1, -1
_AT = tuple(f" at {space_name(sp)}" for sp in range(NUM_SPACES))  # where an enemy label says it stands
_new_event = tuple.__new__
_FIELDS = (
    "rng", "deck", "discard", "cards_removed", "hands", "reserve", "marshal_hand", "staged", "enemy_discard",
    "tokens_removed", "trophies", "pos", "armour", "fort", "dot", "building", "hedgehog", "active",
    "turn", "claims", "out", "decision", "agenda", "trades_done", "proposals", "swaps", "patrol",
    "reveals", "marshal_plays", "result",
)  # fmt: skip


class SiegeState(State):
    """Zones hold card kinds (ints) or token ids (ints); see `view` for the public meaning."""

    __slots__ = (*_FIELDS, "content", "events", "table")

    game: SiegeGame

    def __init__(self, game: SiegeGame) -> None:
        super().__init__(game)
        self.content: Content = game.content  # shorthands for the rules modules (plain slots,
        self.table: ActionTable = game.table  # read on every rule: cheaper than properties)
        n = game.defenders
        self.rng = Rng(0)
        self.deck: list[int] = []  # card kinds, top of deck = end of list
        self.discard: list[int] = []
        self.cards_removed: list[int] = []  # Running Out of Supplies (SG-OPTX-03)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.reserve: list[int] = []  # token ids, next reveal = end of list
        self.marshal_hand: list[int] = []
        self.staged: list[int] = []  # tokens the Field Marshal has played face up, not yet resolved
        self.enemy_discard: list[int] = []
        self.tokens_removed: list[int] = []  # Simple Battles (SG-OPTB-02)
        self.trophies: list[list[int]] = [[] for _ in range(n)]
        self.pos: dict[int, int] = {}  # enemy token id -> space, for enemies on the board
        self.armour: list[int] = [0] * len(game.content.token_kind_of)
        self.fort = [False] * 7  # index by sector 1..6; [0] unused
        self.dot = [False] * 7
        self.building = [False] * 7
        self.hedgehog = -1
        self.active = 0
        self.turn = 0
        self.claims = [0] * n  # My Home Is My Fortress: claimed sector per defender
        self.out = [False] * n
        self.decision: list[Any] | None = None  # [kind, player, *data]
        self.agenda: list[list[Any]] = []
        self.trades_done = 0
        self.proposals: list[list[int]] = []
        self.swaps = 0
        self.patrol = False
        self.reveals = 0
        self.marshal_plays = 0
        self.result = RUNNING
        self.events: list[Event] = []

    # -- shorthands used by the rules modules --------------------------------------------
    def say(self, kind: str, text: str, visible_to: frozenset[int] | None = None, /, **data: Any) -> None:
        # tuple.__new__ skips the NamedTuple's Python-level __new__: events are the hot path's
        # most frequent allocation.
        self.events.append(_new_event(Event, (kind, text, data, visible_to)))

    def decider(self) -> int:
        """Who takes team decisions: the active defender, or the next one still in (SG-DEF-10)."""
        n = self.game.defenders
        for step in range(n):
            p = (self.active + step) % n
            if not self.out[p]:
                return p
        return self.active

    def enemies_at(self, space: int) -> list[int]:
        return [tid for tid, sp in self.pos.items() if sp == space]

    def token_name(self, tid: int) -> str:
        return self.game.token_name[tid]

    def enemy_label(self, tid: int) -> str:
        sp = self.pos.get(tid)
        where = _AT[sp] if sp is not None else ""
        return f"{self.game.token_name[tid]} [{self.armour[tid]}] (t{tid}){where}"

    # -- the contract ---------------------------------------------------------------------
    def current_player(self) -> int:
        if self.decision is None:
            return -1
        seat: int = self.decision[1]  # an int: decide() stores one, from_json converts a save's
        return seat

    def is_terminal(self) -> bool:
        return self.result != RUNNING

    def returns(self) -> list[float]:
        g = self.game
        defenders = float(self.result)
        out = [defenders] * g.defenders
        if g.marshal_seat >= 0:
            out.append(-defenders)
        return out

    def _legal_actions(self) -> list[Action]:
        return dispatch.legal(self)

    def _apply(self, action: Action) -> list[Event]:
        self.events = []
        dispatch.apply(self, action)  # type: ignore[arg-type]  # only SiegeActions are ever legal here
        return self.events

    def view(self, player: int | None) -> JSON:
        return view.view(self, player)

    # -- copying and saving ----------------------------------------------------------------
    def _clone(self) -> SiegeState:
        new = SiegeState.__new__(SiegeState)
        new.game = self.game
        new.content = self.content
        new.table = self.table
        new._legal = self._legal
        new.rng = Rng(self.rng.state)
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.cards_removed = self.cards_removed[:]
        new.hands = [h[:] for h in self.hands]
        new.reserve = self.reserve[:]
        new.marshal_hand = self.marshal_hand[:]
        new.staged = self.staged[:]
        new.enemy_discard = self.enemy_discard[:]
        new.tokens_removed = self.tokens_removed[:]
        new.trophies = [t[:] for t in self.trophies]
        new.pos = self.pos.copy()
        new.armour = self.armour[:]
        new.fort = self.fort[:]
        new.dot = self.dot[:]
        new.building = self.building[:]
        new.hedgehog = self.hedgehog
        new.active = self.active
        new.turn = self.turn
        new.claims = self.claims[:]
        new.out = self.out[:]
        new.decision = self.decision  # decisions and jobs are replaced, never mutated in place
        new.agenda = self.agenda[:]
        new.trades_done = self.trades_done
        new.proposals = [p[:] for p in self.proposals]
        new.swaps = self.swaps
        new.patrol = self.patrol
        new.reveals = self.reveals
        new.marshal_plays = self.marshal_plays
        new.result = self.result
        new.events = []
        return new

    def _to_json(self) -> JSON:
        doc = self._save_fields(_FIELDS)
        # Board order is kept as placed: the rules list enemies in dict order, so a reloaded save
        # must iterate them exactly as the original did.
        doc["pos"] = [[tid, sp] for tid, sp in self.pos.items()]
        return doc

    @classmethod
    def from_json(cls, game: SiegeGame, doc: JSON) -> SiegeState:
        state = cls(game)
        state._load_fields(doc, _FIELDS)
        state.pos = {int(tid): int(sp) for tid, sp in doc["pos"]}
        if state.decision is not None:  # current_player() reads the seat as stored
            state.decision = [state.decision[0], int(state.decision[1]), *state.decision[2:]]
        return state

    def _resample_hidden(self, player: int | None, rng: Rng) -> SiegeState:
        """Re-draw what `player` cannot know: deck order, reserve order, future dice, and for
        anyone but the Field Marshal the marshal's hand (siege.md §4 hidden information)."""
        new = self._clone()
        new.rng = Rng(rng.next_u64())
        rng.shuffle(new.deck)
        if player is not None and player == self.game.marshal_seat:
            rng.shuffle(new.reserve)
        else:
            pool = new.reserve + new.marshal_hand
            rng.shuffle(pool)
            cut = len(new.marshal_hand)
            new.marshal_hand, new.reserve = pool[:cut], pool[cut:]
        return new

    def check_integrity(self) -> None:
        from warroom.games.siege.invariants import check

        try:
            check(self)
        except AssertionError as exc:
            raise CorruptDataError(f"inconsistent siege state: {exc}") from None


def ring_of(space: int) -> Ring:
    return RING_OF[space]
