"""The generic random-game checker over seeded Metro 2033 games for 2-6 players, with Metro's
invariants at every step (invariants.check: resources never negative and conserved with the
reserve, M33-GEN-03, M33-GEN-04; armies on the track, M33-GEN-08; stations owned only where
tokens may stand, M33-GEN-06, M33-GEN-09, M33-MAP-04; every card in exactly one place,
M33-DECK-01; the equipment limit, M33-EQP-03; VP as counted, M33-GEN-07) and the generic leak test
(`view` unchanged by `resample_hidden`, M33-HID-01..M33-HID-07). Uniformly random seats almost
never reach 10 VP, so the winner is checked (`check_outcome`, M33-END-02, M33-END-03) over games
played by a capture-minded policy that does win.

200 games per player count (`GAMES`, 6 rounds each: setup, the doubled start space, a law vote,
a threat) keep the suite fast; for 2,000 per count run
`M33_GAMES=2000 .venv/bin/python -m pytest tests/metro2033/test_random_games.py -n 2`, or, to see
the figures (games, decisions, CPU seconds per player count),
`.venv/bin/python -m tests.metro2033.test_random_games --games 2000 --jobs 2`.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import pytest

from warroom.core.checker import CheckStats, check_random_game
from warroom.core.game import State
from warroom.core.rng import Rng
from warroom.games.metro2033 import Metro2033Game
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.invariants import check, check_outcome
from warroom.games.metro2033.state import MetroState

GAMES = int(os.environ.get("M33_GAMES", "200"))
CHUNKS = 2
ROUNDS = 6  # the round guard for uniformly random seats, which never reach 10 VP anyway


def _invariant(state: State) -> None:
    assert isinstance(state, MetroState)
    check(state)
    check_outcome(state)


def check_games(players: int, seeds: range) -> CheckStats:
    """The checker over `seeds` (Metro's invariants at every step, deep checks every 101st)."""
    game = Metro2033Game(players=players, max_rounds=ROUNDS)
    stats = CheckStats()
    invariant: Callable[[State], None] = _invariant
    for seed in seeds:
        check_random_game(game, seed, invariant=invariant, deep_every=101, stats=stats)
    assert stats.games == len(seeds)
    assert stats.longest < game.info.max_decisions
    return stats


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games(players: int, chunk: int) -> None:
    check_games(players, range(chunk, GAMES, CHUNKS))


def capture_minded(state: MetroState, rng: Rng) -> str:
    """A seat that captures whenever it can, builds its army, gathers what it lacks, attacks
    with a strong army, trades its surplus at Hanza and otherwise plays at random: games end with
    a winner within the round guard."""
    texts = [a.text for a in state.legal_actions()]
    for wanted in ("capture", "vote for"):
        if wanted in texts:
            return wanted
    seat = state.current_player()
    held = dict(zip("MPA", state.res[seat], strict=True))
    scarce = min(held, key=lambda r: held[r])
    kind = state.decision.kind if state.decision else ""
    if kind == "upkeep":
        return texts[0]
    if kind == "recruit":
        keep = 1 if held["P"] > 1 else 0
        return next(t for t in reversed(texts) if int(t.split()[1]) <= max(0, held["P"] - keep))
    attacks = [t for t in texts if t.startswith("attack ") and not t.startswith("attack hero")]
    if kind == "army":
        return rng.choice(attacks) if attacks and state.army[seat] >= 5 else f"gather {scarce}"
    if kind == "act":
        plenty = max(held, key=lambda r: held[r])
        trade = f"exchange {plenty} {scarce} {held[plenty] // 2}"
        if trade in texts and held[plenty] >= 4:
            return trade
        if attacks:
            return attacks[0]
    quiet = [t for t in texts if not t.startswith(("exchange", "teleport", "attack hero"))]
    return rng.choice(quiet or texts)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_games_that_end_agree_with_the_end_conditions(players: int) -> None:
    """M33-END-02, M33-END-03, M33-STG-02: every finished game's winner is the one the rules name
    from the final position; several of these games end with a winner, most in stage II."""
    game = Metro2033Game(players=players, max_rounds=60)
    winners = stage_two = 0
    for seed in range(12):
        state = game.new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            check(state)
            state.apply_action(game.parse_action(state, capture_minded(state, rng)))
        check_outcome(state)
        winners += bool(state.result)
        stage_two += state.stage == 2
    assert winners >= 2 and stage_two >= 3


def _midgame() -> MetroState:
    game = Metro2033Game(players=3, max_rounds=30)
    state = game.new_initial_state(5)
    rng = Rng(5)
    for _ in range(150):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda st: st.res[0].__setitem__(0, st.res[0][0] + 1),  # a resource from nowhere
        lambda st: st.reserve.__setitem__(1, -1),  # a negative reserve
        lambda st: st.q_deck.append(st.eq_deck[0]),  # a card in two places
        lambda st: st.t_deck.pop(),  # a card in no place
        lambda st: st.army.__setitem__(1, 9),  # an army off the track
        lambda st: st.owner.__setitem__(BOARD.hanza[0], 0),  # a token on a Hanza station
    ],
)
def test_invariants_catch_corruption(corrupt: Callable[[MetroState], object]) -> None:
    state = _midgame()
    check(state)
    corrupt(state)
    with pytest.raises(AssertionError):
        check(state)


def test_outcome_check_catches_a_wrong_winner() -> None:
    """check_outcome fails when the reported winner is not the one the rules name (M33-END-03)."""
    game = Metro2033Game(players=2, max_rounds=60)
    state = game.new_initial_state(3)
    rng = Rng(3)
    while not state.is_terminal():
        state.apply_action(game.parse_action(state, capture_minded(state, rng)))
    assert state.result
    check_outcome(state)
    state.result = [1 - state.result[0]]
    with pytest.raises(AssertionError):
        check_outcome(state)


def _run(task: tuple[int, int, int, int]) -> tuple[int, CheckStats, float]:
    players, chunk, games, chunks = task
    start = time.process_time()
    stats = check_games(players, range(chunk, games, chunks))
    return players, stats, time.process_time() - start


def main() -> None:
    """The checker's figures per player count; any broken invariant stops it with its message."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--games", type=int, default=GAMES, help="seeded games per player count")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args()
    chunks = max(args.jobs, 1) * 4
    tasks = [(players, chunk, args.games, chunks) for players in range(2, 7) for chunk in range(chunks)]
    totals: dict[int, list[float]] = {players: [0, 0, 0, 0.0] for players in range(2, 7)}
    with ProcessPoolExecutor(args.jobs) as pool:
        for players, stats, cpu in pool.map(_run, tasks):
            total = totals[players]
            total[0] += stats.games
            total[1] += stats.decisions
            total[2] = max(total[2], stats.longest)
            total[3] += cpu
    print(f"metro2033 random-game checker, {ROUNDS} rounds a game, Metro invariants at every step")
    print("players    games  decisions  longest  CPU s")
    for players, (games, decisions, longest, cpu) in totals.items():
        print(f"{players:>7} {games:>8.0f} {decisions:>10.0f} {longest:>8.0f} {cpu:>6.1f}")
    print(f"{'all':>7} {sum(t[0] for t in totals.values()):>8.0f} {sum(t[1] for t in totals.values()):>10.0f}"
          f" {'':>8} {sum(t[3] for t in totals.values()):>6.1f}  (0 failures)")  # fmt: skip


if __name__ == "__main__":
    main()
