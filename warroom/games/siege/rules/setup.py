"""Setting up a game (SG-SETUP-01..11, SG-OPTB-02, SG-OPTX-01/04, SG-FM-02/03)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.game import Action
from warroom.core.rng import Rng
from warroom.games.siege.actions import ARRANGEMENTS
from warroom.games.siege.board import SECTORS, Ring, space
from warroom.games.siege.content import STARTING_VEHICLES
from warroom.games.siege.rules import marshal
from warroom.games.siege.rules.agenda import decide, push

if TYPE_CHECKING:
    from warroom.games.siege.actions import SiegeAction
    from warroom.games.siege.game import SiegeGame
    from warroom.games.siege.state import SiegeState


def new_state(game: SiegeGame, seed: int) -> SiegeState:
    from warroom.games.siege.state import SiegeState

    st = SiegeState(game)
    st.rng = Rng(seed)
    for s in SECTORS:
        st.building[s] = True  # SG-SETUP-02
        st.fort[s] = not game.options["caught_off_guard"]  # SG-SETUP-03, SG-OPTX-04
    st.deck = [c.index for c in game.content.cards for _ in range(c.count)]
    st.rng.shuffle(st.deck)  # SG-SETUP-05
    for hand in st.hands:
        for _ in range(game.hand_limit):
            hand.append(st.deck.pop())
    st.reserve = _reserve(st)
    st.rng.shuffle(st.reserve)  # SG-SETUP-08
    st.active = st.rng.below(game.defenders)  # SG-SETUP-10, SG-FM-03
    if game.marshal_seat >= 0:
        marshal.draw(st, marshal.HAND)  # SG-FM-02
    decide(st, "arrange", st.active)  # D-02
    return st


def _reserve(st: SiegeState) -> list[int]:
    """All tokens but the six starting vehicles and, with Simple Battles, the 11 removed ones."""
    content = st.content
    held = {tid for kind, n in STARTING_VEHICLES.items() for tid in content.token_ids(kind)[:n]}
    reserve = [tid for tid in range(len(content.token_kind_of)) if tid not in held]
    if st.game.options["simple_battles"]:
        for token in content.tokens:
            if token.simple_battles_removed:
                ids = [tid for tid in reserve if content.token_kind_of[tid] == token.index]
                st.tokens_removed.extend(ids[-token.simple_battles_removed :])
        reserve = [tid for tid in reserve if tid not in st.tokens_removed]
    return reserve


def arrangements(st: SiegeState) -> list[Action]:
    return list(st.table.arrange)


def apply_arrange(st: SiegeState, action: SiegeAction) -> None:
    """Place one starting vehicle in each aviation space, at full armour (SG-SETUP-04)."""
    content = st.content
    pool = {kind: content.token_ids(kind)[:n] for kind, n in STARTING_VEHICLES.items()}
    for sector, kind in zip(SECTORS, ARRANGEMENTS[action.a], strict=True):
        tid = pool[kind].pop(0)
        st.pos[tid] = space(sector, Ring.AVIATION)
        st.armour[tid] = content.tokens[content.token_kind_of[tid]].armour
    st.say("setup", f"starting vehicles placed: {action.text.split()[1]} in sectors 1-6")
    st.decision = None
    jobs = []
    if st.game.options["my_home_is_my_fortress"]:  # claims in turn order (SG-OPTX-01/02)
        n = st.game.defenders
        jobs = [["claim", (st.active + i) % n] for i in range(n)]
    push(st, *jobs, ["turn"])


def claims(st: SiegeState) -> list[Action]:
    return [st.table.claim[s] for s in SECTORS if s not in st.claims]


def apply_claim(st: SiegeState, action: SiegeAction) -> None:
    p = st.current_player()
    st.claims[p] = action.a
    st.say("claim", f"player {p} claims building {action.a}", player=p, sector=action.a)
    st.decision = None
