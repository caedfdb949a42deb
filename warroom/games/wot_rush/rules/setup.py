"""Setup (WOT-SETUP-01..10): bases, barracks hangars and hands, the vehicle deck and reserve,
medal decks and the achievements in play."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.rng import Rng
from warroom.games.wot_rush.rules import turn
from warroom.games.wot_rush.rules.zones import draw, reveal
from warroom.games.wot_rush.state import WotState

if TYPE_CHECKING:
    from warroom.games.wot_rush.game import WotRushGame


def new_state(game: WotRushGame, seed: int) -> WotState:
    st = WotState(game)
    st.rng = rng = Rng(seed)
    c = game.content
    n, k = game.num_players, c.bases_per_player
    chosen = int(game.options["first_player"])
    st.first = rng.below(n) if chosen < 0 else chosen  # WOT-SETUP-01 (RND-04)
    for seat in range(n):
        st.base[seat * k : seat * k + k] = list(c.base_cards(seat))  # WOT-SETUP-02
        st.hangar[seat] = list(c.barracks_cards(seat))  # WOT-SETUP-03
        rng.shuffle(st.hangar[seat])  # WOT-SETUP-04 (RND-01)
        draw(st, seat, c.hand_size)  # WOT-SETUP-05
    st.vdeck = list(range(c.num_vehicles))
    rng.shuffle(st.vdeck)  # WOT-SETUP-06 (RND-02)
    for _ in range(c.reserve_size):
        reveal(st)
    for nation, (ones, twos) in enumerate(c.medal_cards):  # WOT-SETUP-08
        st.medal1[nation] = list(ones)
        st.medal2[nation] = list(twos)
    pool = list(range(len(c.achievements)))
    rng.shuffle(pool)  # WOT-SETUP-09 (RND-03)
    st.achievements = sorted(pool[: min(n + 1, len(pool))])
    st.events = []
    turn.start_turn(st, st.first)  # WOT-TURN-01
    return st
