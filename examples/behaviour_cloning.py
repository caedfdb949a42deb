"""Behaviour cloning before MaskablePPO: the policy starts as an imitation of one of the game's
own agents (issue 18: the road docs/baselines.md named for solo Siege, whose random start never
reaches a win for PPO to learn from).

`demonstrations` plays games with the teacher (an agent name, `heuristic` by default) in the
learner's seat of the very environment the learner trains in (`skip_forced`, the training
opponents, the shaped reward if the run is shaped) and records each of its decisions: the
observation vector, the mask, the index of its action in the discrete space, and the return
that followed from that step (the rewards to the episode's end, discounted by PPO's gamma). A
choice the space cannot hold (a Dust Warfare placement off the candidate lattice, DW-GEO-17) is
replaced by the listed option the game names for it (`Game.listed_proxy`: for Dust Warfare the
stage's region, lattice point, then template or facing nearest the teacher's placement, each
asked of the teacher again at its stage), which is played and recorded: the teacher's game then
goes on from the candidate nearest what it chose. A choice with no proxy is played but not
recorded.

`pretrain` fits the policy network to them with its own optimizer: the masked action
distribution's negative log-likelihood of the teacher's choice (behaviour cloning), plus the
value head's squared error against the return scaled by PPO's `vf_coef`, so that PPO's first
advantages are measured against a value that knows the teacher's games instead of an untrained
one that would push the cloned policy about. It returns each pass's loss and how often the
policy's likeliest legal action is the teacher's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from warroom.agents.base import make_agent
from warroom.core.game import Action
from warroom.envs import WarroomEnv

# the demonstrations' game seeds start here: far from the training environment's (drawn from
# [0, 2^63) by its own generator, a collision as unlikely as any two of them) and clear of the
# evaluation's fixed 1,000,000 + n
SEED_BASE = 2**40


@dataclass
class Demonstrations:
    """The teacher's recorded decisions, one row each, and its games' results. The masks are
    kept as bits (`np.packbits`, a row of `actions_n` bools in an eighth of the bytes): solo
    Siege's 2,659 actions make 2.7 KB of mask a decision, 1.4 GB for 5,000 games as bools."""

    observations: NDArray[np.float32]
    packed_masks: NDArray[np.uint8]
    actions_n: int
    actions: NDArray[np.int64]
    returns: NDArray[np.float32]
    games: int
    wins: int
    skipped: int  # decisions the discrete space cannot hold and with no proxy: played, not recorded
    proxied: int  # decisions recorded as the listed option standing for the teacher's choice

    def masks(self, rows: NDArray[np.intp] | slice = slice(None)) -> NDArray[np.bool_]:
        """These rows' masks as bools (all rows by default)."""
        return np.unpackbits(self.packed_masks[rows], axis=1, count=self.actions_n).astype(bool)

    def summary(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "decisions": len(self.actions),
            "teacher_wins": self.wins,
            "skipped_decisions": self.skipped,
            "proxied_decisions": self.proxied,
        }


def demonstrations(env: WarroomEnv, teacher: str, games: int, gamma: float, seed: int) -> Demonstrations:
    """`games` games of `teacher` in `env`'s seat, every decision recorded (module docstring)."""
    rng = np.random.default_rng(seed)
    observations: list[NDArray[np.float32]] = []
    masks: list[NDArray[np.uint8]] = []
    actions: list[int] = []
    returns: list[float] = []
    wins = skipped = proxied = 0
    for _ in range(games):
        game_seed = SEED_BASE + int(rng.integers(0, 2**40))
        obs, _info = env.reset(seed=game_seed)
        agent = make_agent(env.game, teacher, int(rng.integers(0, 2**31)))
        rewards: list[float] = []
        done = False
        while not done:
            action: Action = agent.choose(env.state)
            index = env.spaces.index(action)
            if index < 0 and (stand_in := env.game.listed_proxy(env.state, action)) is not None:
                action, index = stand_in, env.spaces.index(stand_in)
                proxied += 1
            if index < 0:
                skipped += 1
            else:
                observations.append(obs["observation"])
                masks.append(np.packbits(obs["action_mask"].astype(bool)))
                actions.append(index)
            obs, reward, terminated, truncated, _info = env.step_action(action)
            if index >= 0:
                rewards.append(float(reward))
            elif rewards:  # the unrecorded step's reward still follows the last recorded one
                rewards[-1] += float(reward)
            done = terminated or truncated
        returns.extend(_discounted(rewards, gamma))
        outcome = env.state.outcome()
        wins += outcome is not None and env.seat in outcome.winners
    return Demonstrations(
        observations=np.array(observations, np.float32).reshape(len(actions), -1),
        packed_masks=np.array(masks, np.uint8).reshape(len(actions), -1),
        actions_n=env.spaces.n,
        actions=np.array(actions, np.int64),
        returns=np.array(returns, np.float32),
        games=games,
        wins=wins,
        skipped=skipped,
        proxied=proxied,
    )


def _discounted(rewards: list[float], gamma: float) -> list[float]:
    """Each step's return: its reward and every later one, discounted by `gamma` a step."""
    out, running = [0.0] * len(rewards), 0.0
    for i in range(len(rewards) - 1, -1, -1):
        running = rewards[i] + gamma * running
        out[i] = running
    return out


def pretrain(
    model: Any,
    demos: Demonstrations,
    epochs: int,
    seed: int,
    *,
    learning_rate: float | None = None,
    batch_size: int = 256,
) -> list[dict[str, float]]:
    """Fit `model.policy` (a MaskablePPO's) to the demonstrations for `epochs` passes in a seeded
    order, at `learning_rate` if given (PPO's own is put back after); each pass's mean loss and
    the share of decisions whose likeliest legal action is the teacher's, measured during the
    pass (module docstring)."""
    import torch
    import torch.nn.functional as F  # noqa: N812 (PyTorch's own name for it)

    policy = model.policy
    policy.set_training_mode(True)
    groups = policy.optimizer.param_groups
    own = [group["lr"] for group in groups]
    if learning_rate is not None:
        for group in groups:
            group["lr"] = learning_rate
    observations = torch.as_tensor(demos.observations)
    actions = torch.as_tensor(demos.actions)
    returns = torch.as_tensor(demos.returns)
    order = np.random.default_rng(seed)
    history = []
    for _ in range(epochs):
        total = agreed = 0.0
        permutation = order.permutation(len(actions))
        for start in range(0, len(actions), batch_size):
            picked = permutation[start : start + batch_size]
            rows, chosen = torch.as_tensor(picked), actions[picked]
            # the actor's and the critic's passes (what evaluate_actions runs), keeping the
            # distribution: its likeliest action is the agreement, with no second forward pass
            distribution = policy.get_distribution(observations[rows], demos.masks(picked))
            values = policy.predict_values(observations[rows])
            value_loss = F.mse_loss(values.flatten(), returns[rows])
            loss = -distribution.log_prob(chosen).mean() + model.vf_coef * value_loss
            policy.optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), model.max_grad_norm)
            policy.optimizer.step()
            total += loss.item() * len(rows)
            agreed += float((distribution.mode() == chosen).sum())
        history.append({"loss": total / len(actions), "agreement": agreed / len(actions)})
    for group, lr in zip(groups, own, strict=True):
        group["lr"] = lr
    policy.set_training_mode(False)
    return history
