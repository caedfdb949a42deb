"""Setting up a scenario (M44-SETUP-01..12): units, obstacles and objectives come from the
scenario; the Command cards are shuffled and each side is dealt its hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.rng import Rng
from warroom.games.memoir44.rules.agenda import push

if TYPE_CHECKING:
    from warroom.games.memoir44.game import Memoir44Game
    from warroom.games.memoir44.state import M44State


def new_state(game: Memoir44Game, seed: int) -> M44State:
    """Shuffle, deal the scenario's hand sizes (M44-SETUP-09/10) and let its first player start
    (M44-SETUP-12). Board pieces are placed by the state from the scenario (M44-SETUP-03..06)."""
    from warroom.games.memoir44.rules import flow
    from warroom.games.memoir44.state import M44State

    st = M44State(game)
    st.rng = Rng(seed)
    st.deck = list(range(len(game.deck)))
    st.rng.shuffle(st.deck)
    for side in (0, 1):
        for _ in range(game.scenario.hand_size[side]):
            st.hands[side].append(st.deck.pop())
    st.say("setup", f"{game.scenario.name}: hands dealt, {len(st.deck)} cards in the deck")
    push(st, ["turn"])
    flow.run(st)
    return st
