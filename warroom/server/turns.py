"""Who may act now, what each of them may choose, and acting as a given seat: the server's reading
of the core's turn engine, secret simultaneous choices included.

Most decisions belong to one seat, `state.current_player()`. A secret simultaneous choice
(`TurnState.decide_together`) waits for several seats at once, `state.waiting_for()`, each of
which commits with `state.commit(seat, action)` in any order; the engine guarantees that the
options offered to one never depend on what another has committed, so a waiting seat's options
are listed, and its commitment parsed, on the position as that seat is asked it.

The options a deciding seat is sent are `Game.option_details`: each option's text (what it sends
back), its verb and typed parts, and the consequence the game knows (a battle's dice), so no
display parses action text.
"""

from __future__ import annotations

from typing import Any

from warroom.core.engine import Decision, TurnState
from warroom.core.game import JSON, Event, Game, State
from warroom.server.protocol import LegalOption

# the structured form of each interned action (`Action.to_json`), kept in the game's `memo`
_STATIC = "server.action_docs"


def deciding_seats(state: State) -> tuple[int, ...]:
    """The seats that may act now: every seat still to commit to a secret simultaneous choice,
    else the current player alone; none once the game is over."""
    if isinstance(state, TurnState):
        return state.waiting_for()
    return () if state.is_terminal() else (state.current_player(),)


def as_decider(state: State, seat: int) -> State:
    """The position as `seat` is asked it: `state` itself when `seat` is its current player; for
    another seat waiting on a secret choice, a clone in which that seat is the one asked (what
    `TurnState.commit` does before applying, here without applying anything)."""
    if state.current_player() == seat or not isinstance(state, TurnState):
        return state
    decision = state.decision
    assert decision is not None and seat in state.waiting_for(), (seat, decision)
    clone = state.clone()
    clone.decision = Decision(decision.kind, seat, *decision[2:])
    clone._legal = None  # the clone shares the current player's cached options: list the seat's own
    return clone


def options_for(game: Game[Any], state: State, seat: int) -> list[LegalOption]:
    """What `seat`, one of the deciding seats, may choose now: `Game.option_details` (each
    option's text, verb and parts, and its consequence where the game knows one) with its wording
    for a person. A game's interned actions never change, so the structured form of each is built
    once per process rather than on every move (the fan-out's hot path, see moves.py)."""
    decider = as_decider(state, seat)
    actions = decider.legal_actions()
    if type(game).option_details is not Game.option_details:  # a game that details its own way
        docs = game.option_details(decider)
    else:
        static: dict[Any, JSON] | None = game.memo.get(_STATIC)
        if static is None:
            static = game.memo[_STATIC] = {}
        docs = []
        for action in actions:
            doc = static.get(action)
            if doc is None:
                doc = action.to_json()
                if action.index >= 0:  # interned: a parametric action is built anew each time
                    static[action] = doc
            consequence = game.consequence(decider, action)
            docs.append(doc if consequence is None else {**doc, "consequence": consequence})
    options: list[LegalOption] = []
    for action, doc in zip(actions, docs, strict=True):
        option = LegalOption(
            text=doc["text"],
            label=game.describe_action(decider, action),
            verb=doc["verb"],
            parts=doc["parts"],
        )
        if "consequence" in doc:
            option["consequence"] = doc["consequence"]
        options.append(option)
    return options


def play(state: State, seat: int, action: Any) -> list[Event]:
    """Apply `seat`'s action (an Action or its text) to `state`: through `commit` on the core's
    turn engine, so any seat waiting on a secret choice may act; else as the current player's."""
    if isinstance(state, TurnState):
        return state.commit(seat, action)
    return state.apply_action(action)
