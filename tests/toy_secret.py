"""A second test-only game for the engine's two newer primitives: "Blind Bids".

Each round every seat bids 0-3 from a budget of 6 in secret (a simultaneous choice: nobody's
options, view or events show another's bid until all are in). The highest single bid wins the
round and pays; its bidder places a token at exact coordinates on a 10 x 10 table: any point
inside the table at least 2 from every token already placed (a parametric action with a
legality predicate, `place 3.25 7.5`). `legal_actions()` lists the legal whole-number points
only (a finite sample, and the fixed RL action space); `is_legal` accepts any exact point, and
`sample_legal` draws one by rejection without listing. After four rounds the most tokens wins.

Not registered in warroom.games: tests register it with `register_secret_toy(monkeypatch)`.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from warroom.core import JSON, Action, Game, GameInfo, OptionSpec, Outcome, PartKind, Rng, registry
from warroom.core.actions import ParametricAction, parts
from warroom.core.engine import DecisionKind, Rules, TurnState
from warroom.core.fields import F, Fields

SIZE = 10.0
SPACING = 2.0
ROUNDS = 4
BUDGET = 6
BIDS = {n: Action(n, f"bid {n}", "bid", parts(("amount", PartKind.AMOUNT, n))) for n in range(4)}


def place(x: float, y: float) -> ParametricAction:
    """The action placing a token at (x, y): its text is the stable form `place X Y`."""
    return ParametricAction(f"place {x:g} {y:g}", "place", parts(("at", PartKind.POINT, (x, y))))


GRID = [place(float(x), float(y)) for x in range(11) for y in range(11)]
ACTIONS: list[Action] = [*BIDS.values()]
for _i, _a in enumerate(GRID, start=len(ACTIONS)):
    _a.index = _i
    ACTIONS.append(_a)

INFO = GameInfo(
    id="blind_bids",
    title="Blind Bids",
    min_players=2,
    max_players=3,
    cooperative=False,
    hidden_information=True,
    chance=False,
    max_decisions=ROUNDS * 4,
    min_return=-1.0,
    max_return=1.0,
    options=(OptionSpec("players", 2, "number of seats", (2, 3)),),
)


def _fits(st: BidState, x: float, y: float) -> bool:
    inside = 0.0 <= x <= SIZE and 0.0 <= y <= SIZE
    return inside and all(math.dist((x, y), (tx, ty)) >= SPACING for tx, ty, _ in st.tokens)


def _bid_options(st: BidState) -> list[Action]:
    return [BIDS[n] for n in range(min(3, st.budget[st.current_player()]) + 1)]


def _reveal(st: BidState, bids: dict[int, Action]) -> None:
    """All bids are shown together; the highest single bid wins the round and pays."""
    amounts = {seat: int(action.part("amount")) for seat, action in bids.items()}
    st.say("bids", "bids: " + ", ".join(f"player {s} {n}" for s, n in amounts.items()), None, bids=amounts)
    top = max(amounts.values())
    winners = [seat for seat, n in amounts.items() if n == top]
    if len(winners) == 1:
        st.budget[winners[0]] -= top
        st.decide("place", winners[0])
    else:
        st.say("tie", f"a tie at {top}: nobody places", None)
        st.push(["round"])


def _place_options(st: BidState) -> list[Action]:
    options: list[Action] = []
    for action in GRID:
        x, y = action.part("at")
        if _fits(st, x, y):
            options.append(action)
    return options or [PASS]


def _place_legal(st: BidState, action: Action) -> bool:
    if action is PASS:
        return _place_options(st) == [PASS]
    if action.verb != "place":
        return False
    x, y = action.part("at")
    return _fits(st, x, y)


def _place_sample(st: BidState, rng: Rng) -> Action:
    for _ in range(200):  # rejection sampling: a table this size is never nearly full in 4 rounds
        x, y = rng.below(1001) / 100, rng.below(1001) / 100
        if _fits(st, x, y):
            return place(x, y)
    return rng.choice(_place_options(st))


def _place(st: BidState, action: Action) -> None:
    seat = st.current_player()
    st.decision = None
    if action.verb == "place":
        x, y = action.part("at")
        st.tokens.append([x, y, seat])
        st.say("place", f"player {seat} places a token at ({x:g}, {y:g})", None, player=seat, x=x, y=y)
    st.push(["round"])


def _round(st: BidState, _job: list[Any]) -> None:
    if st.round == ROUNDS:
        st.over = True
        st.finish()
        return
    st.round += 1
    st.decide_together("bid", list(range(st.game.num_players)))


PASS = Action(len(ACTIONS), "pass", "pass")
ACTIONS.append(PASS)


class BidState(TurnState):
    rules = Rules(
        [
            DecisionKind("bid", _bid_options, lambda st, a: None, secret=True, reveal=_reveal),
            DecisionKind("place", _place_options, _place, legal=_place_legal, sample=_place_sample),
        ],
        {"round": _round},
    )
    fields = Fields(
        F("budget", F.LIST),
        F("tokens", F.LISTS),
        F("round", F.VALUE),
        F("over", F.VALUE),
        F("decision", F.DECISION),
        F("agenda", F.AGENDA),
        F("commits", F.VALUE, save=lambda c: {str(s): a.text for s, a in c.items()}, load=lambda d: d),
    )

    def __init__(self, game: BidGame) -> None:
        super().__init__(game)
        self.budget = [BUDGET] * game.num_players
        self.tokens: list[list[Any]] = []  # [x, y, seat]
        self.round = 0
        self.over = False

    def _loaded(self) -> None:
        self.commits = {int(seat): self.game.read_action(text) for seat, text in self.commits.items()}

    def is_terminal(self) -> bool:
        return self.over

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        counts = [sum(1 for *_, s in self.tokens if s == seat) for seat in range(self.game.num_players)]
        best = max(counts)
        leaders = tuple(seat for seat, n in enumerate(counts) if n == best)
        if len(leaders) > 1:
            return Outcome(tuple(0.0 for _ in counts), (), f"a draw at {best} tokens")
        returns = tuple(1.0 if seat in leaders else -1.0 for seat in range(len(counts)))
        return Outcome(returns, leaders, f"player {leaders[0]} wins with {best} tokens")

    def view(self, player: int | None) -> JSON:
        return {
            "round": self.round,
            "budget": list(self.budget),
            "tokens": [list(t) for t in self.tokens],
            "secret": self.secret_view(player),
            "to_move": self.current_player(),
        }

    def _resample_hidden(self, player: int | None, rng: Rng) -> BidState:
        new = self._clone()
        new.resample_commits(player, rng)
        return new


class BidGame(Game[BidState]):
    info = INFO

    def new_initial_state(self, seed: int = 0) -> BidState:
        state = BidState(self)
        state.push(["round"])
        state.run()
        return state

    def state_from_json(self, data: JSON) -> BidState:
        return BidState.from_json(self, data)

    def all_actions(self) -> list[Action]:
        """The fixed RL action space: the bids and the whole-number points of the table (the
        game's declared discretisation of its parametric `place`), and `pass`."""
        return ACTIONS

    def read_action(self, text: str) -> Action | None:
        words = text.split()
        if len(words) == 3 and words[0].lower() == "place":
            try:
                return place(float(words[1]), float(words[2]))
            except ValueError:
                return None
        return next((a for a in ACTIONS if a.text == " ".join(words).lower()), None)


def register_secret_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_game_classes", lambda: {"blind_bids": BidGame})
