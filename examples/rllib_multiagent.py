"""RLlib multi-agent PPO on a warroom game's PettingZoo environment, on a local Ray.

    python examples/rllib_multiagent.py                       # World of Tanks: Rush, 2 seats, 20 iterations
    python examples/rllib_multiagent.py --game memoir44 --iterations 50
    python examples/rllib_multiagent.py --tiny                # CI: 2 small iterations

Every seat is an agent of the AEC environment (`warroom.envs.env`), handed to RLlib through its
own PettingZoo wrapper (`ray.rllib.env.wrappers.pettingzoo_env.PettingZooEnv`), and all seats
share one policy (self-play: `policy_mapping_fn` maps every agent to "shared"). Illegal actions
are masked by RLlib's action-masking PPO module (`ActionMaskingTorchRLModule`, shipped with
RLlib's examples), which reads the observation's `"observations"` and `"action_mask"` keys:
`Renamed` below only renames PettingZoo's `"observation"`. RLlib's current API stack (RLModules,
EnvRunners, Learners) runs on PyTorch; the environment runs in the driver process
(`num_env_runners=0`) so that a tiny run stays light.

Printed per iteration: the mean episode return of each seat's agent and the episode length.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium

from warroom import envs


def make_env_class() -> type:
    """The renaming multi-agent environment (built lazily: importing RLlib starts nothing)."""
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

    def rename(observations: dict[str, Any]) -> dict[str, Any]:
        return {
            agent: {"observations": obs["observation"], "action_mask": obs["action_mask"]}
            for agent, obs in observations.items()
        }

    class Renamed(PettingZooEnv):  # type: ignore[misc]  # RLlib is untyped
        """RLlib's PettingZoo wrapper over `warroom.envs.env(game, **options)`, with each agent's
        observation as `{"observations": vector, "action_mask": mask}`."""

        def __init__(self, config: dict[str, Any]) -> None:
            super().__init__(envs.env(config["game"], **config.get("options", {})))
            space = self.env.observation_space(self.env.possible_agents[0])
            renamed = gymnasium.spaces.Dict(
                {"observations": space["observation"], "action_mask": space["action_mask"]}
            )
            self.observation_spaces = dict.fromkeys(self.observation_spaces, renamed)
            self.observation_space = gymnasium.spaces.Dict(self.observation_spaces)

        def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
            observations, infos = super().reset(seed=seed, options=options)
            return rename(observations), infos

        def step(self, action: dict[str, Any]) -> Any:
            observations, rewards, terminated, truncated, infos = super().step(action)
            return rename(observations), rewards, terminated, truncated, infos

    return Renamed


def build(game: str, options: dict[str, Any], tiny: bool, seed: int) -> Any:
    """The PPO algorithm over `game`, every seat on one shared, masked policy."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    batch = 256 if tiny else 4_000
    config = (
        PPOConfig()
        # RLlib's environment check steps unmasked random actions, which the environment refuses
        # (IllegalActionError) by design: the masked module below never takes one
        .environment(
            make_env_class(), env_config={"game": game, "options": options}, disable_env_checking=True
        )
        .env_runners(num_env_runners=0, rollout_fragment_length="auto")
        .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent_id, episode, **kw: "shared")
        .rl_module(
            rl_module_spec=RLModuleSpec(
                module_class=ActionMaskingTorchRLModule,
                model_config={"fcnet_hiddens": [64, 64] if tiny else [256, 256]},
            )
        )
        .training(
            train_batch_size_per_learner=batch,
            minibatch_size=64 if tiny else 256,
            num_epochs=1 if tiny else 6,
            lr=3e-4,
        )
        .debugging(seed=seed)
    )
    return config.build_algo()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="wot_rush")
    parser.add_argument("--players", type=int, default=2, help="for the games with a players option")
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--tiny", action="store_true", help="2 small iterations (CI)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    import ray

    game_options = {"players": args.players} if args.game in ("siege", "wot_rush", "metro2033") else {}
    iterations = 2 if args.tiny else args.iterations
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        algo = build(args.game, game_options, args.tiny, args.seed)
        start = time.process_time()
        for i in range(1, iterations + 1):
            result = algo.train()
            runners = result.get("env_runners", {})
            returns = runners.get("agent_episode_returns_mean", {})
            length = runners.get("episode_len_mean", float("nan"))
            seats = ", ".join(f"{agent} {value:+.2f}" for agent, value in sorted(returns.items()))
            steps = int(runners.get("num_env_steps_sampled_lifetime", 0))
            print(
                f"iteration {i}: {steps:,} steps sampled; episode length {length:.0f}; "
                f"mean return {seats or '(no episode ended yet)'}"
            )
        print(f"{iterations} iterations in {time.process_time() - start:.1f} CPU seconds (driver)")
        algo.stop()
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
