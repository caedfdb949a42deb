"""A tiny test-only game over the whole contract: "race to ten" with hidden hands.

Sixteen cards valued 1-4 (four of each). Every seat holds a hidden hand of two; on your turn you
play one card onto a shared total and draw a random card from the deck (chance, from the state's
own Rng). Whoever makes the total exactly `target` wins; whoever goes past it loses. With
`coop=true` the table wins together on an exact hit and loses together on a bust.

Not registered in warroom.games: tests register it with `register_toy(monkeypatch)`.
"""

from __future__ import annotations

from typing import Any

import pytest

from warroom.core import (
    JSON,
    Action,
    CorruptDataError,
    Game,
    GameInfo,
    OptionSpec,
    Outcome,
    PartKind,
    Rng,
    State,
    registry,
)
from warroom.core.actions import parts
from warroom.core.engine import DecisionKind, Rules, TurnState
from warroom.core.fields import F, Fields

VALUES = (1, 2, 3, 4)
FULL_DECK = sorted(VALUES * 4)
HAND_SIZE = 2
PLAY = {
    value: Action(value - 1, f"play {value}", "play", parts(("value", PartKind.CARD, value)))
    for value in VALUES
}

INFO = GameInfo(
    id="toy",
    title="Race to Ten",
    min_players=2,
    max_players=3,
    cooperative=False,
    hidden_information=True,
    chance=True,
    max_decisions=10,
    min_return=-1.0,
    max_return=1.0,
    options=(
        OptionSpec("players", 2, "number of seats", (2, 3)),
        OptionSpec("target", 10, "the total to hit exactly", (7, 10)),
        OptionSpec("coop", False, "win or lose together"),
    ),
)


def _options(st: ToyState) -> list[Action]:
    return [PLAY[value] for value in sorted(set(st.hands[st.current_player()]))]


def _play(st: ToyState, action: Action) -> None:
    """Play a card onto the total; hit or bust ends the game, else draw and pass the turn."""
    player, value = st.current_player(), action.part("value")
    st.decision = None
    st.hands[player].remove(value)
    st.played.append(value)
    st.say("play", f"player {player} plays {value}", None, player=player, value=value)
    total = sum(st.played)
    if total >= st.target:
        st.finish_with(player, hit=total == st.target)
        st.say("end", f"total {total}: {'hit' if total == st.target else 'bust'}")
        return
    if st.deck:
        card = st.draw()
        st.hands[player].append(card)
        st.say("draw", f"player {player} draws {card}", frozenset({player}), value=card)
    st.turn += 1
    st.push(["turn"])


def _turn(st: ToyState, _job: list[Any]) -> None:
    st.decide("play", st.turn % st.game.num_players)


class ToyState(TurnState):
    """The whole state of a game: declared once in FIELDS, so clone/save/load come for free."""

    rules = Rules([DecisionKind("play", _options, _play)], {"turn": _turn})
    fields = Fields(
        F("rng", F.RNG),
        F("deck", F.LIST),
        F("hands", F.LISTS),
        F("played", F.LIST),
        F("turn", F.VALUE),
        F("result", F.VALUE),
        F("decision", F.DECISION),
        F("agenda", F.AGENDA),
    )

    def __init__(self, game: ToyGame, seed: int = 0) -> None:
        super().__init__(game)
        self.rng = Rng(seed)
        self.deck = list(FULL_DECK)
        self.hands: list[list[int]] = [
            [self.draw() for _ in range(HAND_SIZE)] for _ in range(game.num_players)
        ]
        self.played: list[int] = []
        self.turn = 0
        self.result: list[float] | None = None
        self.push(["turn"])
        self.run()

    def draw(self) -> int:
        return self.deck.pop(self.rng.below(len(self.deck)))

    @property
    def target(self) -> int:
        return int(self.game.options["target"])

    def is_terminal(self) -> bool:
        return self.result is not None

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        total = sum(self.played)
        text = f"total {total}: {'hit' if total == self.target else 'bust'}"
        best = max(self.result)
        winners = tuple(p for p, r in enumerate(self.result) if r == best and r > 0)
        return Outcome(tuple(self.result), winners, text)

    def finish_with(self, player: int, *, hit: bool) -> None:
        seats = range(self.game.num_players)
        if self.game.options["coop"]:
            self.result = [1.0 if hit else -1.0 for _ in seats]
        else:
            self.result = [(1.0 if hit else -1.0) * (1 if p == player else -1) for p in seats]
        self.finish()

    def view(self, player: int | None) -> JSON:
        return {
            "total": sum(self.played),
            "target": self.target,
            "played": list(self.played),
            "deck": len(self.deck),
            "hand_sizes": [len(hand) for hand in self.hands],
            "hand": sorted(self.hands[player]) if player is not None else None,
            "to_move": self.current_player(),
        }

    def _resample_hidden(self, player: int | None, rng: Rng) -> ToyState:
        copy = self._clone()
        seats = [p for p in range(self.game.num_players) if p != player]
        pool = copy.deck + [card for p in seats for card in copy.hands[p]]
        rng.shuffle(pool)
        for p in seats:
            size = len(copy.hands[p])
            copy.hands[p], pool = sorted(pool[:size]), pool[size:]
        copy.deck = sorted(pool)
        return copy

    def check_integrity(self) -> None:
        if len(self.hands) != self.game.num_players:
            raise CorruptDataError(f"{len(self.hands)} hands for {self.game.num_players} players")
        cards = sorted(self.deck + self.played + [card for hand in self.hands for card in hand])
        if cards != FULL_DECK:
            raise CorruptDataError(f"toy state does not hold the 16 cards exactly: {cards}")


class ToyGame(Game[ToyState]):
    info = INFO
    action_space = tuple(PLAY.values())

    def all_actions(self) -> tuple[Action, ...]:
        return self.action_space

    def new_initial_state(self, seed: int = 0) -> ToyState:
        return ToyState(self, seed)

    def state_from_json(self, data: JSON) -> ToyState:
        return ToyState.from_json(self, data)

    def render(self, state: ToyState, player: int | None) -> str:
        seen = state.view(player)
        hand = " ".join(map(str, seen["hand"])) if seen["hand"] is not None else "-"
        return (
            f"total {seen['total']}/{seen['target']}  played {seen['played']}  "
            f"hand sizes {seen['hand_sizes']}  deck {seen['deck']}  your hand: {hand}"
        )

    def agents(self) -> dict[str, Any]:
        return {"heuristic": GreedyAgent}

    def summary(self, state: ToyState) -> JSON:
        total = sum(state.played)
        figures: JSON = {
            "turns": len(state.played),
            "total": total,
            "cards": {str(v): state.played.count(v) for v in VALUES if v in state.played},
            "ending": "hit" if total == state.target else "bust",
        }
        if self.options["coop"]:
            figures["won"] = total == state.target
        return figures


class GreedyAgent:
    """Hit the target if it can, else play the biggest card that does not bust, else the smallest."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state: State) -> Action:
        assert isinstance(state, ToyState)
        room = state.target - sum(state.played)
        actions = state.legal_actions()
        safe = [a for a in actions if a.part("value") <= room]
        return max(safe, key=lambda a: a.part("value")) if safe else actions[0]


def register_toy(monkeypatch: pytest.MonkeyPatch, *, with_siege: bool = False) -> None:
    """Make `warroom.load("toy")` work for one test (and nothing else unless `with_siege`)."""
    classes: dict[str, type[Game[Any]]] = {"toy": ToyGame}
    if with_siege:
        classes.update(registry._game_classes())
    monkeypatch.setattr(registry, "_game_classes", lambda: dict(sorted(classes.items())))
