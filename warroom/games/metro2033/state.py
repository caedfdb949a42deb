"""The Metro 2033 position: factions and heroes, stations, resources, armies, cards, the round.

Seats are 0..n-1. Stations are board indices (board.py); `owner[s]` is the seat whose token is on
station s, -1 if none. Resources are [M, P, A] per seat and in the reserve (M33-GEN-03). Cards are
instance ids (cards.py); every pile's top is the end of its list. `knowledge` records who has seen
which hidden card (warroom.core.knowledge), so `view` and `resample_hidden` agree.

The turn runs on the core's engine: `decision` is the pending choice and `agenda` the jobs still
to run (rules/decisions.py declares both). `bt` is the battle being fought (see rules/battle.py),
`tally` and `proposal` the law vote in progress, `drawn` cards drawn for a choice (Get quest,
peeks, the stage-II draw).

`held[seat]` is derived from `owner`: the seat's stations as a bit set (bit s for station s), kept
up to date by `set_owner`, the one place a token is placed or taken back, cloned, never saved,
rebuilt on load (speed, issue 12: a seat's stations are asked for about three times a decision).

`metro` is the game itself (the same object as the contract's `game`), typed as Metro 2033's, shared
by clones: the modules read it so this class can be compiled (docs/speed.md, "Session 14").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final

from warroom.core.engine import TurnState
from warroom.core.errors import CorruptDataError
from warroom.core.fields import F, Fields
from warroom.core.game import JSON, Action, Outcome
from warroom.core.knowledge import Knowledge, redeal
from warroom.core.rng import Rng
from warroom.games.metro2033 import changes, names, view
from warroom.games.metro2033.actions import A
from warroom.games.metro2033.board import BOARD, Station
from warroom.games.metro2033.cards import KIND_OF
from warroom.games.metro2033.changes import SEAT, STATIONS
from warroom.games.metro2033.invariants import check
from warroom.games.metro2033.rules.decisions import RULES
from warroom.games.metro2033.words import CardKind, Faction

if TYPE_CHECKING:
    from warroom.games.metro2033.game import Metro2033Game

# Enum members the code below reads, one module constant each (speed, issue 15): reading a
# member off its enum class goes through EnumType.__getattr__'s slot (about 900 instructions
# a read, compiled or not); Final, mypyc keeps each in a C static
_CARD_EQUIPMENT: Final = CardKind.EQUIPMENT
_CARD_LAW: Final = CardKind.LAW
_CARD_QUEST: Final = CardKind.QUEST
_CARD_THREAT_I: Final = CardKind.THREAT_I

_SEAT_LISTS: Final = (
    "faction",
    "hero",
    "army",
    "hero_at",
    "wounded",
    "got_quest",
    "refreshed",
    "anywhere",
    "scout_round",
    "ann",
)
_SEAT_NESTED: Final = ("res", "equip", "quests", "done", "scouts")
_PILES: Final = ("reserve", "owner", "eq_deck", "eq_disc", "market", "q_deck", "q_disc", "t_deck", "t_disc",
          "t2_deck", "gone", "law_deck", "used", "drawn", "tally")  # fmt: skip
_THREAT_OF: Final = {CardKind.THREAT_I: CardKind.THREAT_II}  # either stage's threats share the threat group
_SCALARS: Final = ("first", "round", "stage", "law", "proposal", "result", "produced", "ethreat")


def _save_commits(commits: dict[int, Action]) -> dict[str, str]:
    return {str(seat): action.text for seat, action in commits.items()}


def _load_commits(doc: dict[str, str]) -> dict[int, Action]:
    return {int(seat): A(text) for seat, text in doc.items()}


class MetroState(TurnState):
    """See the module docstring."""

    __slots__ = (
        *_SEAT_LISTS,
        *_SEAT_NESTED,
        *_PILES,
        *_SCALARS,
        "bhand",
        "bt",
        "changes",
        "held",
        "inplay",
        "knowledge",
        "metro",
        "rng",
    )

    rules = RULES
    fields = Fields(
        F("rng", F.RNG),
        *(F(name, F.LIST) for name in (*_SEAT_LISTS, *_PILES)),
        *(F(name, F.LISTS) for name in _SEAT_NESTED),
        F("bhand", F.LISTS),
        F("bt", F.DICT),
        *(F(name, F.VALUE) for name in _SCALARS),
        F("knowledge", F.VALUE, save=Knowledge.to_json, load=Knowledge.from_json),
        F("inplay", F.VALUE, saved=False),
        F("held", F.LIST, saved=False),
        F("changes", F.LIST, saved=False),  # speed (issue 18): counters the encoder reads (changes.py)
        F("decision", F.DECISION),
        F("agenda", F.AGENDA),
        F("commits", F.VALUE, save=_save_commits, load=_load_commits),
        shared=("metro",),
    )

    def __init__(self, game: Metro2033Game | None = None) -> None:
        if game is None:
            # A blank for `_clone`, which fills every attribute in (core/fields.py): compiled,
            # this class's `__new__` runs `__init__`, so the clone's `cls.__new__(cls)` comes here.
            return
        super().__init__(game)
        # `game` (the contract's attribute, typed `Game[Any]` there) and `metro` are the same
        # object; the Metro 2033 modules read `metro`, typed as Metro 2033's game. A subclass
        # that narrowed `game` itself could not be compiled: mypyc refuses a native subclass
        # changing a native attribute's type (docs/speed.md, "Compiling (mypyc)").
        self.metro: Metro2033Game = game
        n = game.num_players
        self.rng = Rng(0)
        self.faction: list[str] = [""] * n  # Faction value once drafted (M33-SET-03)
        self.hero: list[str] = [""] * n  # Hero value once drafted (M33-SET-06)
        self.army: list[int] = [0] * n  # the army track (M33-GEN-08)
        self.hero_at: list[int] = [-1] * n  # the hero figure's station
        self.wounded: list[bool] = [False] * n  # M33-OUT-11
        self.got_quest: list[bool] = [False] * n  # Get quest used this round (M33-HAC-05)
        self.refreshed: list[bool] = [False] * n  # market refresh used this round (M33-HAC-04)
        self.anywhere: list[bool] = [False] * n  # Q-ORDER / Q-ARMS used this round (M33-ARM-04)
        self.scout_round: list[int] = [0] * n  # the round the scouting card was taken (M33-HAC-07)
        self.ann: list[int] = [-1] * n  # Events threat: station * 2 + 1 if the hero defends (M33-EVT-07)
        self.res: list[list[int]] = [[0, 0, 0] for _ in range(n)]  # [M, P, A]
        self.equip: list[list[int]] = [[] for _ in range(n)]  # carried by the hero (M33-EQP-01)
        self.quests: list[list[int]] = [[] for _ in range(n)]  # face down (M33-QST-01)
        self.done: list[list[int]] = [[] for _ in range(n)]  # completed, face up (M33-QST-02)
        self.scouts: list[list[int]] = [[] for _ in range(n)]  # the scouting card, at most one
        self.reserve: list[int] = list(game.reserve_start)
        self.owner: list[int] = [-1] * BOARD.size
        self.held: list[int] = [0] * n  # derived from owner: each seat's stations as bits (set_owner)
        self.eq_deck: list[int] = []
        self.eq_disc: list[int] = []
        self.market: list[int] = []
        self.q_deck: list[int] = []
        self.q_disc: list[int] = []
        self.t_deck: list[int] = []  # the threat deck of the current stage
        self.t_disc: list[int] = []
        self.t2_deck: list[int] = []  # the stage-II deck, set aside until stage II (M33-SET-01)
        self.gone: list[int] = []  # out of the game: the stage-I threats after the transition
        self.law_deck: list[int] = []
        self.used: list[int] = []  # completed quests whose ability was used this round (M33-QST-06)
        self.drawn: list[int] = []  # cards drawn for a choice: Get quest, a peek, the stage-II draw
        self.tally: list[int] = [0, 0]  # votes for, against (M33-EVT-15)
        self.bhand: list[list[int]] = [[], [], []]  # battle cards: attacker's, defender's, set aside
        self.bt: dict[str, Any] = {}
        self.first = 0
        self.round = 0
        self.stage = 1
        self.law = -1  # the active law's instance, -1 if none
        self.proposal = -1  # the law put to the vote
        self.result: list[int] | None = None  # the winners once the game is over
        self.produced = False  # Sasha produced in this hero turn (M33-HAC-10)
        self.ethreat = -1  # the Events-phase threat card being fought (M33-EVT-08)
        self.knowledge = Knowledge()
        self.inplay: frozenset[Station] = BOARD.all
        self.changes = changes.fresh(n)  # speed (issue 18): per region, how often it changed

    # -- helpers the rules call ---------------------------------------------------------------
    def name(self, seat: int) -> str:
        """The seat in an event text: "the Red Line", "player 2" before the draft (names.py)."""
        faction = self.faction[seat]
        return names.TITLE[faction] if faction else names.title(faction, seat)  # one call fewer

    def whose(self, seat: int) -> str:
        """ "the Red Line's", "the Bandits'"."""
        faction = self.faction[seat]
        return names.WHOSE[faction] if faction else names.whose(faction, seat)  # one call fewer

    def its(self, seat: int) -> str:
        """The seat's pronoun: "its", "their" for a plural faction name."""
        return names.its(self.faction[seat])

    def verb(self, seat: int, verb: str) -> str:
        """`verb` (plain form) as the seat's name takes it: "holds", "hold" (the Bandits)."""
        return names.verb(self.faction[seat], verb)

    def does(self, seat: int, verb: str) -> str:
        """The seat and `verb` (plain form) in agreement: "the Bandits attack", "the Red Line attacks"."""
        faction = self.faction[seat]
        said = names.DOES.get((faction, verb))  # the hot path: said before (speed, issue 12)
        return said if said is not None else names.does(faction, seat, verb)

    def show(self, card: int, *seats: int) -> None:
        """`seats` see `card` (a peek, a card taken face down); the knowledge is replaced, never
        mutated, so clones share it."""
        known = self.knowledge.copy()
        known.show(card, *seats)
        self.knowledge = known

    def show_each(self, *hands: tuple[Iterable[int], int]) -> None:
        """Each `(cards, seat)`: the seat sees each of the cards (a deal): one replacement of the
        knowledge for them all."""
        known = self.knowledge.copy()
        for cards, seat in hands:
            known.show_each(cards, seat)
        self.knowledge = known

    def show_all(self, *cards: int) -> None:
        known = self.knowledge.copy()
        known.show_all(cards)
        self.knowledge = known

    def forget(self, cards: list[int]) -> None:
        known = self.knowledge.copy()
        known.forget(cards)
        self.knowledge = known

    def set_owner(self, s: Station, seat: int) -> None:
        """Station `s` now holds `seat`'s token (-1: none), `held` kept in step: every change of
        a station's owner goes through here (rules, positions, tests)."""
        old = self.owner[s]
        changed = self.changes  # speed (issue 18): the stations, and both seats' VP and votes
        changed[STATIONS] += 1
        if old >= 0:
            self.held[old] &= ~(1 << s)
            changed[SEAT + old] += 1
        if seat >= 0:
            self.held[seat] |= 1 << s
            changed[SEAT + seat] += 1
        self.owner[s] = seat

    def index_stations(self) -> None:
        """`held` rebuilt from `owner` (after a load, or a position written station by station)."""
        held = [0] * self.metro.num_players
        for s, seat in enumerate(self.owner):
            if seat >= 0:
                held[seat] |= 1 << s
        self.held = held
        self.changes = [n + 1 for n in self.changes]  # speed (issue 18): owners written by hand

    def set_in_play(self) -> None:
        """The zones of the chosen factions plus Polis (M33-MAP-04); before the draft ends,
        the whole board."""
        chosen = [Faction(f) for f in self.faction if f]
        self.inplay = BOARD.in_play(chosen) if len(chosen) == self.metro.num_players else BOARD.all
        self.changes[STATIONS] += 1  # speed (issue 18)

    # -- the contract ---------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.result is not None

    def outcome(self) -> Outcome | None:
        """1 for the winner, 0 for the others; a game stopped by the round guard is a draw."""
        if self.result is None:
            return None
        n = self.metro.num_players
        won = tuple(self.result)
        if not won:
            return Outcome(
                tuple(0.0 for _ in range(n)), (), f"no winner after {self.round} rounds (round guard)"
            )
        seat = won[0]
        return Outcome(tuple(1.0 if p == seat else 0.0 for p in range(n)), won, self.does(seat, "win"))

    def view(self, player: int | None) -> JSON:
        return view.view(self, player)

    def _loaded(self) -> None:
        self.set_in_play()
        self.index_stations()

    def _resample_hidden(self, player: int | None, rng: Rng) -> MetroState:
        """Re-deal every card `player` has not seen among the places it could be (M33-HID-01..07):
        the quest deck, the quest discard (face down), other players' face-down quests and drawn
        quests; the threat deck and other players' scouting cards; the equipment and law decks'
        order; the dealt battle cards. Other seats' secret battle-card choices are re-drawn."""
        new = self._clone()
        new.rng = Rng(rng.next_u64())
        known = self.knowledge

        def hidden(card: int) -> bool:
            return not known.knows(player, card)

        drawn_kind = KIND_OF[new.drawn[0]] if new.drawn else None

        def with_drawn(kind: CardKind) -> list[list[int]]:
            return [new.drawn] if drawn_kind in (kind, _THREAT_OF.get(kind)) else []

        # who knows a card moves with its slot: another seat still knows its own re-drawn hand
        moves = new.knowledge = known.copy()
        redeal([new.q_deck, new.q_disc, *with_drawn(_CARD_QUEST), *new.quests], hidden, rng, moves)
        redeal([new.t_deck, *with_drawn(_CARD_THREAT_I), *new.scouts], hidden, rng, moves)
        redeal([new.eq_deck, *with_drawn(_CARD_EQUIPMENT)], hidden, rng, moves)
        redeal([new.law_deck, *with_drawn(_CARD_LAW)], hidden, rng, moves)
        redeal(new.bhand, hidden, rng, moves)
        new._legal = None
        new.resample_commits(player, rng)
        return new

    def check_integrity(self) -> None:
        try:
            check(self)
        except AssertionError as exc:
            raise CorruptDataError(f"inconsistent metro2033 state: {exc}") from None
