"""Setting up a scenario (M44-SETUP-01..12): units, obstacles and objectives come from the
scenario; the Command cards are shuffled and each side is dealt its hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.rng import Rng
from warroom.games.memoir44.state import M44State
from warroom.games.memoir44.words import SIDES

if TYPE_CHECKING:
    from warroom.games.memoir44.game import Memoir44Game


def new_state(game: Memoir44Game, seed: int) -> M44State:
    """Shuffle, deal the scenario's hand sizes (M44-SETUP-09/10) and let its first player start
    (M44-SETUP-12). Board pieces are placed by the state from the scenario (M44-SETUP-03..06)."""
    st = M44State(game)
    st.rng = Rng(seed)
    st.deck = list(range(len(game.deck)))
    st.rng.shuffle(st.deck)
    for side in SIDES:
        for _ in range(game.scenario.hand_size[side]):
            st.hands[side].append(st.deck.pop())
    st.say("setup", f"{game.scenario.name}: hands dealt, {len(st.deck)} cards in the deck")
    st.push(["turn"])
    st.run()
    return st
