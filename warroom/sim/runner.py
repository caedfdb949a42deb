"""Seeded batches of AI-only games, in this process or in a pool of worker processes.

Game `i` of a batch with seed `S` starts from `game_seed(S, i)` and its seats are seeded with
`agent_seeds(game_seed(S, i), n)`; `warroom play GAME --seed <that seed> --seats <same agents>`
replays it move for move. Workers send back small `GameResult`s chunk by chunk; the caller
receives them in game-index order with only a bounded window of chunks in flight.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from warroom.agents import agent_names, make_agent
from warroom.core.errors import OptionError
from warroom.core.game import JSON, Game
from warroom.core.registry import shared_game
from warroom.core.rng import Rng
from warroom.sim.stats import GameResult, Tally

_STREAM = 0x9E3779B97F4A7C15  # SplitMix64's increment: Rng(s + i * _STREAM) yields Rng(s)'s (i+1)-th number
_AGENT_SALT = 0xA6E275EED5A17
_CHUNKS_PER_JOB = 4  # chunks in flight per worker: enough to keep workers busy, few enough to stream


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` in a batch: the (index+1)-th number of SplitMix64 seeded with `seed`."""
    return Rng(seed + index * _STREAM).next_u64()


def agent_seeds(seed: int, seats: int) -> list[int]:
    """One seed per seat, derived from the game's seed but not equal to any number of its stream."""
    rng = Rng(seed ^ _AGENT_SALT)
    return [rng.next_u64() for _ in range(seats)]


def best_agent(game: Game[Any]) -> str:
    """The strongest agent a game offers by name: its own "heuristic" if it has one, else "random"."""
    return "heuristic" if "heuristic" in agent_names(game) else "random"


def seat_agents(game: Game[Any], names: Sequence[str]) -> tuple[str, ...]:
    """One agent name per seat from one name (every seat) or one per seat; unknown names rejected."""
    seats = game.num_players
    if len(names) == 1:
        names = list(names) * seats
    if len(names) != seats:
        raise OptionError(f"{len(names)} agents for {seats} seats; give one name or one per seat")
    known = agent_names(game)
    for name in names:
        if name not in known:
            raise OptionError(f"unknown agent {name!r} for {game.info.id}; choose one of: {', '.join(known)}")
    return tuple(names)


@dataclass(frozen=True)
class SimConfig:
    """A batch of games: which game and options, who sits where, how many and from which seed."""

    game_class: type[Game[Any]]
    options: JSON
    agents: tuple[str, ...]
    seed: int
    games: int

    @classmethod
    def create(cls, game: Game[Any], agents: Sequence[str], seed: int, games: int) -> SimConfig:
        if games < 0:
            raise OptionError(f"the number of games must be 0 or more, not {games}")
        return cls(type(game), dict(game.options), seat_agents(game, agents), seed, games)

    def game(self) -> Game[Any]:
        return self.game_class(**self.options)


def play_game(
    game: Game[Any], agents: Sequence[str], seed: int, index: int = 0, *, quiet: bool = True
) -> GameResult:
    """One AI-only game from `seed`, every seat played by its named agent.

    `quiet` mutes the state's events (the core's quiet mode, `TurnState.mute`): nobody reads a
    simulated game's events, and the game is the same move for move (tests/test_sim_quiet.py)."""
    state = game.new_initial_state(seed)
    mute = getattr(state, "mute", None) if quiet else None
    if mute is not None:
        mute()
    seats = [
        make_agent(game, name, s) for name, s in zip(agents, agent_seeds(seed, len(agents)), strict=True)
    ]
    decisions = 0
    while not state.is_terminal():
        state.apply_action(seats[state.current_player()].choose(state))
        decisions += 1
        if decisions > game.info.max_decisions:
            raise RuntimeError(f"{game.info.id} seed {seed} ran past its {game.info.max_decisions} decisions")
    returns = tuple(float(r) for r in state.returns())
    return GameResult(index, seed, decisions, returns, dict(game.summary(state)))


def _iter_chunk(config: SimConfig, start: int, stop: int) -> Iterator[GameResult]:
    game = shared_game(config.game_class, config.options)  # built once per worker, not per chunk
    for i in range(start, stop):
        yield play_game(game, config.agents, game_seed(config.seed, i), i)


def _run_chunk(config: SimConfig, start: int, stop: int) -> list[GameResult]:
    return list(_iter_chunk(config, start, stop))


def _chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, size):
        yield start, min(start + size, games)


def chunk_size(games: int, jobs: int) -> int:
    """Big enough to amortise process hand-offs, small enough to balance and stream."""
    return max(1, min(250, games // (jobs * _CHUNKS_PER_JOB * 4)))


def iter_results(config: SimConfig, jobs: int = 1) -> Iterator[GameResult]:
    """Every game's result in index order, from `jobs` worker processes (1: this process, each
    result as soon as its game ends; workers hand theirs back a chunk at a time)."""
    if jobs <= 1:
        yield from _iter_chunk(config, 0, config.games)
        return
    chunks = _chunks(config.games, chunk_size(config.games, jobs))
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        pending: deque[Future[list[GameResult]]] = deque()
        for start, stop in chunks:
            pending.append(pool.submit(_run_chunk, config, start, stop))
            if len(pending) >= jobs * _CHUNKS_PER_JOB:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def simulate(config: SimConfig, jobs: int = 1, on_game: Callable[[GameResult], None] | None = None) -> Tally:
    """Play the whole batch and fold every result into a `Tally` as it arrives."""
    tally = Tally()
    for result in iter_results(config, jobs):
        tally.add(result)
        if on_game is not None:
            on_game(result)
    return tally
