"""The Siege position: every zone of cards and tokens, the structures, and the core's agenda.

The turn is driven by the core engine's *agenda* (`warroom.core.engine.TurnState`): a stack of
small jobs (`["draw"]`, `["move"]`, `["collide", "fort", 3, [tids]]` ...) run until one of them
needs a player's decision. That makes every rule resumable in the middle (a collision choice
inside a Maus's movement inside a reveal) and keeps the whole position plain JSON. The decision
kinds and jobs are declared in `rules/dispatch.py`; the fields, once, below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from warroom.core.engine import TurnState
from warroom.core.errors import CorruptDataError
from warroom.core.fields import F, Fields
from warroom.core.game import JSON, Outcome
from warroom.core.rng import Rng
from warroom.games.siege import changes, invariants, view
from warroom.games.siege.board import NUM_SPACES, space_name
from warroom.games.siege.content import Content
from warroom.games.siege.facts import Facts
from warroom.games.siege.rules.dispatch import RULES
from warroom.games.siege.words import Result

if TYPE_CHECKING:
    from warroom.games.siege.actions import ActionTable
    from warroom.games.siege.game import SiegeGame

# Final: compiled, each a C static, not a lookup in the module's dict (docs/speed.md, session 13)
_AT: Final = tuple(f" at {space_name(sp)}" for sp in range(NUM_SPACES))  # where an enemy label says it stands
_RUNNING: Final = int(Result.RUNNING)
_WON: Final = int(Result.WON)


def _load_pos(pairs: list[list[int]]) -> dict[int, int]:
    return {int(tid): int(sp) for tid, sp in pairs}


# `fort`, `dot` and `building` are held 6 long (index sector - 1) but saved 7 long with a leading
# False (the old "[0] unused" slot), so saves stay byte-identical to those written before.
def _save_sectors(flags: list[bool]) -> list[bool]:
    return [False, *flags]


def _load_sectors(saved: list[bool]) -> list[bool]:
    return list(saved[1:])


class SiegeState(TurnState):
    """Zones hold card kinds (ints) or token ids (ints); see `view` for the public meaning.

    `fort`, `dot` and `building` hold one flag per sector, indexed sector - 1 (`st.dot[s - 1]`);
    a save keeps them 7 long with an unused leading False (see `_save_sectors`)."""

    __slots__ = (
        "active", "armour", "building", "cards_removed", "changes", "claims", "content", "deck", "discard",
        "dot", "enemy_discard", "facts", "fort", "hands", "hedgehog", "marshal_hand", "marshal_plays", "out",
        "patrol", "pos", "proposals", "reserve", "result", "reveals", "rng", "siege", "staged", "swaps",
        "table", "tokens_removed", "trades_done", "trophies", "turn",
    )  # fmt: skip

    rules = RULES
    fields = Fields(
        F("rng", F.RNG),
        F("deck", F.LIST),
        F("discard", F.LIST),
        F("cards_removed", F.LIST),
        F("hands", F.LISTS),
        F("reserve", F.LIST),
        F("marshal_hand", F.LIST),
        F("staged", F.LIST),
        F("enemy_discard", F.LIST),
        F("tokens_removed", F.LIST),
        F("trophies", F.LISTS),
        # Board order is kept as placed: the rules list enemies in dict order, so a reloaded save
        # must iterate them exactly as the original did.
        F("pos", F.PAIRS, load=_load_pos),
        F("armour", F.LIST),
        F("fort", F.LIST, save=_save_sectors, load=_load_sectors),
        F("dot", F.LIST, save=_save_sectors, load=_load_sectors),
        F("building", F.LIST, save=_save_sectors, load=_load_sectors),
        F("hedgehog", F.VALUE),
        F("active", F.VALUE),
        F("turn", F.VALUE),
        F("claims", F.LIST),
        F("out", F.LIST),
        F("decision", F.DECISION),
        F("agenda", F.AGENDA),
        F("trades_done", F.VALUE),
        F("proposals", F.LISTS),
        F("swaps", F.VALUE),
        F("patrol", F.VALUE),
        F("reveals", F.VALUE),
        F("marshal_plays", F.VALUE),
        F("changes", F.LIST, saved=False),  # speed (issue 18): counters the encoder reads (changes.py)
        F("result", F.VALUE),  # a Result's value, held as a plain int (compared on every step)
        shared=("siege", "facts", "content", "table"),
    )

    def __init__(self, game: SiegeGame | None = None) -> None:
        if game is None:
            # A blank for `_clone`, which fills every attribute in (core/fields.py): compiled,
            # this class's `__new__` runs `__init__`, so the clone's `cls.__new__(cls)` comes here.
            return
        super().__init__(game)
        # `game` (the contract's attribute, typed `Game[Any]` there) and `siege` are the same
        # object; the Siege modules read `siege`, typed as Siege's game. A subclass that narrowed
        # `game` itself could not be compiled: mypyc refuses a native subclass changing a native
        # attribute's type (docs/speed.md, "Compiling (mypyc)").
        self.siege: SiegeGame = game
        self.facts: Facts = game.facts  # its tables the rules read on every step, typed (facts.py)
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
        self.fort = [False] * 6  # index by sector - 1 (see the class docstring)
        self.dot = [False] * 6
        self.building = [False] * 6
        self.hedgehog = -1
        self.active = 0
        self.turn = 0
        self.claims = [0] * n  # My Home Is My Fortress: claimed sector per defender
        self.out = [False] * n
        self.trades_done = 0
        self.proposals: list[list[int]] = []
        self.swaps = 0
        self.patrol = False
        self.reveals = 0
        self.marshal_plays = 0
        self.result = _RUNNING
        self.changes = changes.fresh()  # speed (issue 18): per region, how often it changed

    # -- shorthands used by the rules modules --------------------------------------------
    def decider(self) -> int:
        """Who takes team decisions: the active defender, or the next one still in (SG-DEF-10)."""
        n = self.facts.defenders
        for step in range(n):
            p = (self.active + step) % n
            if not self.out[p]:
                return p
        return self.active

    def enemies_at(self, space: int) -> list[int]:
        return [tid for tid, sp in self.pos.items() if sp == space]

    def token_name(self, tid: int) -> str:
        return self.siege.token_name[tid]

    def enemy_label(self, tid: int) -> str:
        """An enemy as the log and menus name it: "Tiger E #17 (armour 3) at tank 5" (its printed
        name, the token number the board shows and `t17` types, its armour, where it stands)."""
        sp = self.pos.get(tid)
        where = _AT[sp] if sp is not None else ""
        armour = self.armour[tid]
        health = f" (armour {armour})" if armour > 0 else ""  # a destroyed enemy's label says no 0
        return f"{self.facts.token_tag[tid]}{health}{where}"

    # -- the contract ---------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.result != _RUNNING

    def outcome(self) -> Outcome | None:
        """The defenders share +1 for a win and -1 for a loss; a Field Marshal gets the opposite
        (SG-END-01/02, SG-FM-15)."""
        result = self.result
        if result == _RUNNING:
            return None
        g = self.siege
        side = float(result)
        returns = (side,) * g.defenders + ((-side,) if g.marshal_seat >= 0 else ())
        if result == _WON:
            winners = tuple(range(g.defenders))
            text = "every enemy is destroyed: the defenders win"
        else:
            winners = (g.marshal_seat,) if g.marshal_seat >= 0 else ()
            text = "the city has fallen: the defenders lose"
        return Outcome(returns, winners, text)

    def view(self, player: int | None) -> JSON:
        return view.view(self, player)

    def _resample_hidden(self, player: int | None, rng: Rng) -> SiegeState:
        """Re-draw what `player` cannot know: deck order, reserve order, future dice, and for
        anyone but the Field Marshal the marshal's hand (siege.md §4 hidden information)."""
        new = self._clone()
        new.rng = Rng(rng.next_u64())
        rng.shuffle(new.deck)
        if player is not None and player == self.siege.marshal_seat:
            rng.shuffle(new.reserve)
        else:
            pool = new.reserve + new.marshal_hand
            rng.shuffle(pool)
            cut = len(new.marshal_hand)
            new.marshal_hand, new.reserve = pool[:cut], pool[cut:]
        return new

    def check_integrity(self) -> None:
        try:
            invariants.check(self)
        except AssertionError as exc:
            raise CorruptDataError(f"inconsistent siege state: {exc}") from None
