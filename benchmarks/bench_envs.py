"""Per game: the raw engine loop against the research environments, on one core (CPU time).

    python benchmarks/bench_envs.py [GAME ...] [--rounds 5] [--seconds 2] [--json]

Three loops over the same seeded games, a uniform random policy in each:

- **raw**: `legal_actions()`, pick one, `apply_action` (decisions/s);
- **env**: PettingZoo's loop over `warroom.envs.env` (order-enforced): `env.last()` (the mover's
  observation, written by `game.observe_into`, and its mask), a random legal index from the
  mask, `env.step` (steps/s);
- **view env**: the same environment observing through the view (`Game.observe_into`'s default:
  `observe(view(seat))`), the path every step took before the encodings wrote straight into
  the array.

The loops run back to back within each round (so a slower minute of the machine hits all
three) and the ratios are taken round by round: **cost** is the loop's CPU time per step over
the raw loop's per decision; **env step alone** leaves out the random policy's own pick (a
scan of the whole mask, timed afterwards on the masks the loop saw), which grows with the
action space (11,194 actions in Memoir '44) and is the policy's cost, not the environment's:
the target (<= 2.0x) is for the environment's step. Medians of the rounds, range
in brackets. Every game with a numeric observation is measured (`warroom.games()`); a game
without one is listed as such.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import warroom
from warroom import envs
from warroom.core.game import Game
from warroom.core.registry import game_class

CONFIGS: dict[str, dict[str, Any]] = {"siege": {"players": 4}, "wot_rush": {"players": 2}}


def has_observation(game: Game[Any]) -> bool:
    try:
        game.observation_size()
    except NotImplementedError:
        return False
    return True


def raw_loop(game: Game[Any], seconds: float) -> float:
    """Decisions per CPU second of the bare engine with a random policy."""
    rng = np.random.default_rng(0)
    decisions, seed, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            decisions += 1
        seed += 1
    return decisions / (time.process_time() - start)


def pick(mask: np.ndarray[Any, Any], rng: np.random.Generator) -> int:
    """The random masked policy: a uniform choice among the mask's legal indices."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(len(legal))])


def env_loop(make: Callable[[], Any], seconds: float) -> tuple[float, float]:
    """Steps per CPU second of a PettingZoo AEC environment with a random masked policy, and
    the CPU seconds per step of the policy's own pick (timed afterwards on every 8th mask the
    loop saw: a scan of the whole mask, which grows with the action space, not with the
    environment)."""
    env = make()
    rng = np.random.default_rng(0)
    masks = []
    steps, seed, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            observation, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            mask = observation["action_mask"]
            if steps % 8 == 0:
                masks.append(mask)
            env.step(pick(mask, rng))
            steps += 1
        seed += 1
    rate = steps / (time.process_time() - start)
    start = time.process_time()
    for mask in masks:
        pick(mask, rng)
    return rate, (time.process_time() - start) / max(1, len(masks))


def through_view(game_id: str, options: dict[str, Any]) -> Game[Any]:
    """A private instance of the game whose observe_into is the contract's default (the view)."""
    game = game_class(game_id)(**options)
    game.observe_into = lambda state, player, out: Game.observe_into(game, state, player, out)  # type: ignore[method-assign]
    return game


def measure(game_id: str, rounds: int, seconds: float) -> dict[str, Any]:
    options = CONFIGS.get(game_id, {})
    game = warroom.load(game_id, **options)
    if not has_observation(game):
        return {"game": game_id, "options": options, "observation": False}
    slow = through_view(game_id, options)
    rows = []
    for _ in range(rounds):
        raw = raw_loop(game, seconds)
        fast, fast_pick = env_loop(lambda: envs.env(game_id, **options), seconds)
        view, _ = env_loop(lambda: envs.WarroomAEC(slow), seconds)
        rows.append((raw, fast, view, 1 / (1 / fast - fast_pick)))
    cost = [raw / fast for raw, fast, _, _ in rows]
    step_cost = [raw / step for raw, _, _, step in rows]
    view_cost = [raw / view for raw, _, view, _ in rows]
    return {
        "game": game_id,
        "options": options,
        "observation": True,
        "raw_decisions_per_s": statistics.median(r[0] for r in rows),
        "env_steps_per_s": statistics.median(r[1] for r in rows),
        "env_only_steps_per_s": statistics.median(r[3] for r in rows),
        "view_env_steps_per_s": statistics.median(r[2] for r in rows),
        "cost": statistics.median(cost),
        "cost_range": [min(cost), max(cost)],
        "step_cost": statistics.median(step_cost),
        "step_cost_range": [min(step_cost), max(step_cost)],
        "view_cost": statistics.median(view_cost),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=warroom.games())
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per loop per round")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not args.json:
        print(
            "| game | raw decisions/s | env steps/s | cost | env step alone: steps/s | cost (target <= 2x) "
            "| via view: steps/s | cost |"
        )
        print("|---|---|---|---|---|---|---|---|", flush=True)
    results = []
    for game_id in args.games:
        results.append(measure(game_id, args.rounds, args.seconds))
        if not args.json:
            print(row(results[-1]), flush=True)
    if args.json:
        print(json.dumps(results, indent=1))


def row(r: dict[str, Any]) -> str:
    """One game's line of the table."""
    name = f"{r['game']} {r['options'] or ''}".strip()
    if not r["observation"]:
        return f"| {name} | - | no numeric observation yet | | | | | |"
    low, high = r["cost_range"]
    step_low, step_high = r["step_cost_range"]
    return (
        f"| {name} | {r['raw_decisions_per_s']:,.0f} | {r['env_steps_per_s']:,.0f} | "
        f"{r['cost']:.2f}x ({low:.2f}-{high:.2f}) | {r['env_only_steps_per_s']:,.0f} | "
        f"{r['step_cost']:.2f}x ({step_low:.2f}-{step_high:.2f}) | "
        f"{r['view_env_steps_per_s']:,.0f} | {r['view_cost']:.2f}x |"
    )


if __name__ == "__main__":
    main()
