"""MaskablePPO (sb3-contrib) on one seat of a warroom game: train, evaluate, plot.

Each `examples/ppo_<game>.py` names its game's configuration and calls `main`:

    python examples/ppo_wot_rush.py            # the real run: a few CPU minutes, then 200+ games per row
    python examples/ppo_wot_rush.py --tiny     # a smoke run of seconds (what CI runs)

The learner holds one seat of the single-agent environment (`warroom/<game>-v0`, with
`skip_forced=True`: it is asked only when it has a choice) and is trained against the
configured opponents (random players by default). It is then evaluated over fresh seeds
against random and against heuristic opponents, beside two baselines in the same seat (a
uniform random masked policy and the game's own heuristic agent), each a win rate with its
95% Wilson interval. A finished run writes:

- `--out`/`<game>.json`: the configuration (the run's `--seed` among it), timesteps, CPU seconds,
  the load average at the start and end, every training episode's (timestep, reward) and the
  evaluation table;
- `--out`/`<game>.png`: the learning curve (episode reward, rolling mean, against timesteps; and
  the game's progress measure, if its configuration names one, in a second panel);
- `--out`/`<game>.zip`: the trained model (`MaskablePPO.load`), unless `--no-save`.

`--resume PATH` loads such a model (its network, optimizer state and step count) and trains it
`--timesteps` more steps before the evaluation; the curve and the json go on from its step count
(the json names the model it resumed and the total steps). PPO's rollout length is the saved
model's.

The same `--seed` on the same machine and package versions repeats a run: PPO's network and
sampling (`MaskablePPO(seed=...)`) and the training episodes' game seeds (drawn by the environment
from that seed) follow it; the evaluation's game seeds are fixed (1,000,000 on) whatever it is.
`--players` and `--opposition` pick the table's rows (Dust Warfare's games are slow enough that
its script plays fewer rows by default).

A game may name a progress measure (`Config.progress`, a key of `PROGRESS`): a number read from
the final state of every training and evaluation game, recorded beside the reward in the json
(`progress_curve`, each row's `mean_progress` with its normal 95% interval, printed as the
table's last column) and plotted, for a game whose wins are too rare to show learning (solo
Siege: the enemy tokens beaten, SG-END-02).

A win is the learner's seat among the game's winners (`State.outcome().winners`): a draw or a
shared loss is not a win. Evaluation samples the trained policy's masked distribution
(`deterministic=False`): a greedy policy this young can cycle between two choices a game lets
it take back (World of Tanks: Rush's cancel of a chosen buy) until the stall guard.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, SupportsFloat

import gymnasium
import numpy as np

from warroom.agents.base import make_agent
from warroom.core.errors import OptionError
from warroom.core.game import State
from warroom.envs import WarroomEnv

HERE = Path(__file__).resolve().parent


def _enemies_beaten(state: State) -> float:
    """Siege: the enemy tokens out of the fight, the share of the 49 the siege is won by beating
    (SG-END-02): destroyed (kept as trophies or discarded) and the events and bombers resolved."""
    st: Any = state
    return float(len(st.enemy_discard) + sum(len(kept) for kept in st.trophies))


# a game's progress measure, named by `Config.progress`: its final state -> a number
PROGRESS: dict[str, Callable[[State], float]] = {"enemies beaten": _enemies_beaten}


@dataclass(frozen=True)
class Config:
    """One game's training run."""

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    seat: int = 0
    opponents: str = "random"  # the training opponents
    shaped: bool = False  # train on the game's potential-based shaped reward (evaluation is unshaped)
    timesteps: int = 100_000  # the real run's learner steps
    tiny_timesteps: int = 256
    eval_games: int = 200  # per row of the table
    tiny_eval_games: int = 1
    max_steps: int = 3_000  # the environment's stall guard (learner steps per episode)
    n_steps: int = 512  # PPO's rollout length
    epochs: int = 4  # PPO's passes over each rollout
    learning_rate: float = 3e-4
    seed: int = 0
    # the rows of the table: (the seat's player, the opponents); a solo game has no opponents
    players: tuple[str, ...] = ("trained", "random", "heuristic")
    opposition: tuple[str, ...] = ("random", "heuristic")
    progress: str | None = None  # a key of PROGRESS, recorded for every game (module docstring)
    gamma: float = 0.99  # PPO's discount
    ent_coef: float = 0.0  # PPO's entropy bonus
    # behaviour cloning before PPO (examples/behaviour_cloning.py): the teacher's games, passes over them
    imitate: int = 0
    tiny_imitate: int = 2
    imitate_epochs: int = 10
    imitate_learning_rate: float = 1e-3  # the cloning's Adam step (PPO's own is put back after)
    teacher: str = "heuristic"
    net_arch: tuple[int, ...] = (64, 64)  # the policy's and the value's hidden layers


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (sound near 0 and 1, unlike the normal one)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float], z: float = 1.96) -> list[float | None]:
    """A mean with its normal 95% interval, [mean, low, high] (the sample's deviation); the
    bounds None for a single value."""
    mean = float(np.mean(values))
    if len(values) < 2:
        return [mean, None, None]
    half = z * float(np.std(values, ddof=1)) / math.sqrt(len(values))
    return [mean, mean - half, mean + half]


def make_env(config: Config, opponents: str, shaped: bool = False) -> WarroomEnv:
    return WarroomEnv(
        config.game,
        seat=config.seat,
        opponents=opponents,
        skip_forced=True,
        max_steps=config.max_steps,
        shaped=shaped,
        **config.options,
    )


class Curve:
    """The learning curve: every training episode's (timestep, reward), from Monitor's infos, and
    its progress measure (`Progress`'s info) where the game names one."""

    def __init__(self, shaped: bool, progress: str | None = None) -> None:
        self.points: list[tuple[int, float]] = []
        self.progress: list[float] = []
        self.shaped = shaped
        self.measure = progress

    def callback(self) -> Any:
        from stable_baselines3.common.callbacks import BaseCallback

        points, progress = self.points, self.progress

        class Record(BaseCallback):  # type: ignore[misc]  # sb3's classes are untyped here
            def _on_step(self) -> bool:
                for info in self.locals.get("infos", ()):
                    episode = info.get("episode")
                    if episode is not None:
                        points.append((self.num_timesteps, float(episode["r"])))
                        if "progress" in info:
                            progress.append(float(info["progress"]))
                return True

        return Record()

    def plot(self, path: Path, title: str) -> None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        steps = np.array([p[0] for p in self.points])
        rewards = np.array([p[1] for p in self.points])
        window = max(1, min(200, len(rewards) // 10))
        rolling = np.convolve(rewards, np.ones(window) / window, mode="valid")
        panels = 2 if self.measure and len(self.progress) == len(rewards) else 1
        fig, axes = plt.subplots(panels, 1, figsize=(6, 3.4 * panels), dpi=100, squeeze=False)
        ax = axes[0][0]
        ax.scatter(steps, rewards, s=2, alpha=0.15, color="tab:gray", label="episode reward")
        ax.plot(steps[window - 1 :], rolling, color="tab:blue", label=f"rolling mean ({window} episodes)")
        ax.set_xlabel("learner steps")
        ax.set_ylabel("reward (shaped)" if self.shaped else "reward")
        ax.set_title(title, fontsize=10)
        ax.legend(loc="lower right", fontsize=8)
        if panels == 2:
            low = axes[1][0]
            values = np.array(self.progress)
            low.scatter(steps, values, s=2, alpha=0.15, color="tab:gray", label=f"{self.measure} (episode)")
            mean = np.convolve(values, np.ones(window) / window, mode="valid")
            low.plot(steps[window - 1 :], mean, color="tab:green", label=f"rolling mean ({window} episodes)")
            low.set_xlabel("learner steps")
            low.set_ylabel(str(self.measure))
            low.legend(loc="lower right", fontsize=8)
        fig.tight_layout()
        fig.savefig(path)
        plt.close(fig)


Step = tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]


def seat_player(config: Config, env: WarroomEnv, who: str, model: Any, seed: int) -> Callable[[Any], Step]:
    """One step of the learner's seat: the trained model or a uniform random masked choice (an
    index of the action space), or the game's heuristic agent, whose action is played as the
    engine action it is (`step_action`): it may be one the discrete space cannot hold (Dust
    Warfare's heuristic places a formation off the candidate lattice, DW-GEO-17)."""
    if who == "trained":
        return lambda obs: env.step(
            int(model.predict(obs["observation"], action_masks=obs["action_mask"], deterministic=False)[0])
        )
    if who == "random":
        rng = np.random.default_rng(seed)
        return lambda obs: env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    agent = make_agent(env.game, who, seed)
    return lambda obs: env.step_action(agent.choose(env.state))


def evaluate(config: Config, who: str, opponents: str, games: int, model: Any) -> dict[str, Any]:
    """`who` in the learner's seat against `opponents` over `games` fresh seeds."""
    env = make_env(config, opponents)
    wins = draws = truncated_games = 0
    total = 0.0
    measure = PROGRESS[config.progress] if config.progress else None
    progress: list[float] = []
    for game in range(games):
        seed = 1_000_000 + game  # training draws its seeds from seed 0's generator: far from these
        obs, _info = env.reset(seed=seed)
        play = seat_player(config, env, who, model, seed)
        done = False
        while not done:
            obs, reward, terminated, truncated, _info = play(obs)
            total += float(reward)
            done = terminated or truncated
        if measure is not None:
            progress.append(measure(env.state))
        outcome = env.state.outcome()
        if outcome is None:
            truncated_games += 1
        elif config.seat in outcome.winners:
            wins += 1
        elif not outcome.winners:
            draws += 1
    low, high = wilson(wins, games)
    return {
        "player": who,
        "opponents": opponents,
        "games": games,
        "wins": wins,
        "draws": draws,
        "truncated": truncated_games,
        "win_rate": wins / games if games else 0.0,
        "interval": [low, high],
        "mean_reward": total / games if games else 0.0,
        # the progress measure's mean over the games with its normal 95% interval, if measured
        "mean_progress": mean_interval(progress) if progress else None,
    }


class VectorOnly(gymnasium.ObservationWrapper[Any, int, Any]):
    """The observation's vector alone: the mask reaches MaskablePPO through `action_masks()`
    instead, so the network does not take thousands of mask inputs (sb3-contrib's convention)."""

    def __init__(self, env: WarroomEnv) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]

    def observation(self, observation: Any) -> Any:
        return observation["observation"]

    def action_masks(self) -> Any:
        return self.env.unwrapped.action_masks()


class Progress(gymnasium.Wrapper[Any, int, Any, int]):
    """Puts the game's progress measure (`PROGRESS[name]`) of the final state in the info of an
    episode's last step, where `Curve` reads it (the vector env resets the game right after)."""

    def __init__(self, env: gymnasium.Env[Any, int], name: str) -> None:
        super().__init__(env)
        self.measure = PROGRESS[name]

    def step(self, action: int) -> Any:
        obs, reward, terminated, truncated, info = self.env.step(action)
        if terminated or truncated:
            info = {**info, "progress": self.measure(self.env.unwrapped.state)}  # type: ignore[attr-defined]
        return obs, reward, terminated, truncated, info


def train(
    config: Config, timesteps: int, curve: Curve, resume: Path | None = None, imitate: int = 0
) -> tuple[Any, dict[str, Any] | None]:
    """The trained model, and what the imitation before PPO did (None without one)."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.monitor import Monitor

    torch.set_num_threads(1)  # a small MLP: more threads only contend for the shared cores
    inner: gymnasium.Env[Any, int] = VectorOnly(make_env(config, config.opponents, config.shaped))
    if config.progress:
        inner = Progress(inner, config.progress)
    env = Monitor(inner)
    if resume is not None:  # the saved model goes on learning: its steps counted on, not reset
        model = MaskablePPO.load(resume, env=env, device="cpu")
        model.set_random_seed(config.seed)
        model.learn(total_timesteps=timesteps, callback=curve.callback(), reset_num_timesteps=False)
        return model, None
    n_steps = min(config.n_steps, max(64, timesteps))
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=n_steps,
        batch_size=min(128, n_steps),
        n_epochs=config.epochs,
        learning_rate=config.learning_rate,
        gamma=config.gamma,
        ent_coef=config.ent_coef,
        policy_kwargs={"net_arch": list(config.net_arch)},
        seed=config.seed,
        verbose=0,
        device="cpu",
    )
    imitation = _imitate(config, model, imitate) if imitate else None
    model.learn(total_timesteps=timesteps, callback=curve.callback())
    return model, imitation


def _imitate(config: Config, model: Any, games: int) -> dict[str, Any]:
    """Behaviour cloning of `config.teacher` over `games` games (examples/behaviour_cloning.py)."""
    from behaviour_cloning import demonstrations, pretrain

    env = make_env(config, config.opponents, config.shaped)
    start = time.process_time()
    demos = demonstrations(env, config.teacher, games, config.gamma, config.seed)
    passes = pretrain(
        model, demos, config.imitate_epochs, config.seed, learning_rate=config.imitate_learning_rate
    )
    took = time.process_time() - start
    last = passes[-1] if passes else {"loss": float("nan"), "agreement": float("nan")}
    print(
        f"imitation of {config.teacher}: {demos.games} games ({demos.wins} won), "
        f"{len(demos.actions):,} decisions ({demos.proxied:,} by a listed proxy, {demos.skipped:,} "
        f"not recorded), {len(passes)} passes: loss {last['loss']:.3f}, "
        f"agreement {100 * last['agreement']:.1f}% ({took:.0f} CPU s)",
        flush=True,
    )
    return {"teacher": config.teacher, **demos.summary(), "passes": passes, "cpu_seconds": round(took, 1)}


def run(config: Config, tiny: bool, out: Path, save: bool, resume: Path | None = None) -> dict[str, Any]:
    """Train, evaluate and write the results (see the module docstring); returns the summary."""
    out.mkdir(parents=True, exist_ok=True)
    timesteps = config.tiny_timesteps if tiny else config.timesteps
    games = config.tiny_eval_games if tiny else config.eval_games
    curve = Curve(config.shaped, config.progress)
    load_start = list(os.getloadavg())
    start = time.process_time()
    imitate = min(config.imitate, config.tiny_imitate) if tiny else config.imitate
    imitate = 0 if resume is not None else imitate  # a resumed model goes on from its own policy
    model, imitation = train(config, timesteps, curve, resume, imitate)
    train_cpu = time.process_time() - start
    solo = make_env(config, config.opponents).game.num_players == 1
    rows = []
    for opponents in ("none",) if solo else config.opposition:
        for who in config.players:
            rows.append(evaluate(config, who, "random" if solo else opponents, games, model))
            if solo:
                rows[-1]["opponents"] = "none (solo)"
            print(table_row(config, rows[-1]), flush=True)
    summary = {
        "config": asdict(config),
        "tiny": tiny,
        "timesteps": timesteps,
        "train_cpu_seconds": round(train_cpu, 1),
        "eval_cpu_seconds": round(time.process_time() - start - train_cpu, 1),
        # CPU seconds are the process's own; the load says how contended the wall clock was
        "load_average": {"start": load_start, "end": list(os.getloadavg())},
        "resumed_from": None if resume is None else str(resume),
        "imitation": imitation,  # behaviour cloning before PPO (examples/behaviour_cloning.py), if any
        "total_timesteps": int(model.num_timesteps),  # with the resumed model's own
        "episodes": len(curve.points),
        "rows": rows,
        "curve": [[step, round(reward, 6)] for step, reward in curve.points],
        "progress_curve": curve.progress if config.progress else None,  # one a curve point
    }
    (out / f"{config.game}.json").write_text(json.dumps(summary, indent=1) + "\n")
    if curve.points:
        curve.plot(out / f"{config.game}.png", f"MaskablePPO, {title(config)}")
    if save:
        model.save(out / f"{config.game}.zip")
    return summary


def title(config: Config) -> str:
    options = ", ".join(f"{k}={v}" for k, v in config.options.items())
    return f"{config.game} ({options}) seat {config.seat}" if options else f"{config.game} seat {config.seat}"


def table_row(config: Config, row: dict[str, Any]) -> str:
    low, high = row["interval"]
    return (
        f"| {title(config)} | {row['player']} | {row['opponents']} | {row['games']} | "
        f"{100 * row['win_rate']:.1f}% ({100 * low:.1f}-{100 * high:.1f}) | {row['mean_reward']:+.3f} |"
        + ("" if row["mean_progress"] is None else f" {progress(row['mean_progress'])} |")
    )


def progress(values: list[float | None]) -> str:
    """A mean progress with its interval where there is one."""
    mean, low, high = values
    return f"{mean:.2f}" if low is None or high is None else f"{mean:.2f} ({low:.2f}-{high:.2f})"


def main(config: Config, argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=f"MaskablePPO on {title(config)}")
    parser.add_argument("--tiny", action="store_true", help="a smoke run of seconds (CI)")
    parser.add_argument("--timesteps", type=int, help=f"learner steps (default {config.timesteps:,})")
    parser.add_argument("--eval-games", type=int, help=f"games per table row (default {config.eval_games})")
    parser.add_argument(
        "--seed",
        type=int,
        help=f"the training run's seed: PPO's and the training games' (default {config.seed})",
    )
    parser.add_argument(
        "--players",
        type=_names,
        help=f"the seat's players, one table row each (default {','.join(config.players)})",
    )
    parser.add_argument(
        "--opponents",
        help=f"the other seats' players in training and in the teacher's games (default {config.opponents})",
    )
    parser.add_argument(
        "--opposition",
        type=_names,
        help=f"the opponents evaluated against (default {','.join(config.opposition)})",
    )
    parser.add_argument("--out", type=Path, default=HERE / "results", help="where results go")
    parser.add_argument("--no-save", action="store_true", help="do not save the model")
    parser.add_argument(
        "--resume",
        type=Path,
        help="a saved model (<game>.zip) to train --timesteps more steps, then evaluate",
    )
    parser.add_argument(
        "--imitate",
        type=int,
        help=f"games of the teacher to clone before PPO, 0 for none (default {config.imitate})",
    )
    parser.add_argument(
        "--imitate-epochs",
        type=int,
        help=f"passes over the teacher's decisions (default {config.imitate_epochs})",
    )
    parser.add_argument(
        "--imitate-learning-rate",
        type=float,
        help=f"the cloning's learning rate (default {config.imitate_learning_rate})",
    )
    parser.add_argument("--teacher", help=f"the agent imitated (default {config.teacher})")
    parser.add_argument(
        "--net-arch",
        type=_layers,
        help=f"hidden layers, e.g. 256,256 (default {','.join(map(str, config.net_arch))})",
    )
    parser.add_argument("--learning-rate", type=float, help=f"PPO's (default {config.learning_rate})")
    parser.add_argument(
        "--shaped",
        action=argparse.BooleanOptionalAction,
        help=f"train on the game's shaped reward (default {'on' if config.shaped else 'off'})",
    )
    args = parser.parse_args(argv)
    if args.shaped is not None:
        config = _replace(config, shaped=args.shaped)
    if args.timesteps is not None:
        config = _replace(config, timesteps=args.timesteps, tiny_timesteps=args.timesteps)
    if args.eval_games is not None:
        config = _replace(config, eval_games=args.eval_games, tiny_eval_games=args.eval_games)
    if args.imitate is not None:
        config = _replace(config, imitate=args.imitate, tiny_imitate=args.imitate)
    for name in (
        "seed",
        "players",
        "opponents",
        "opposition",
        "imitate_epochs",
        "imitate_learning_rate",
        "teacher",
        "learning_rate",
        "net_arch",
    ):
        if getattr(args, name) is not None:
            config = _replace(config, **{name: getattr(args, name)})
    measured = f" {config.progress} (95% CI) |" if config.progress else ""
    print(f"| game | seat's player | opponents | games | win rate (95% CI) | mean reward |{measured}")
    print("|---|---|---|---|---|---|" + ("---|" if config.progress else ""), flush=True)
    try:
        return run(config, args.tiny, args.out, not args.no_save, args.resume)
    except OptionError as error:  # an agent or option the game does not know: say so, no traceback
        parser.error(str(error))


def _names(text: str) -> tuple[str, ...]:
    """A comma-separated list of players (`trained`, `random`, or an agent name the game knows)."""
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    if not names:
        raise argparse.ArgumentTypeError("name at least one player")
    return names


def _layers(text: str) -> tuple[int, ...]:
    """Hidden layer widths, comma-separated (e.g. `256,256`)."""
    try:
        layers = tuple(int(width) for width in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: widths are whole numbers, e.g. 256,256") from None
    if not layers or min(layers) < 1:
        raise argparse.ArgumentTypeError("name at least one layer, each at least 1 wide")
    return layers


def _replace(config: Config, **changes: Any) -> Config:
    from dataclasses import replace

    return replace(config, **changes)
