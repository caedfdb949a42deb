"""The research examples (issue 18) run end to end on a tiny budget, so they cannot rot: each
MaskablePPO script trains a few hundred steps, evaluates one game per row and writes its
results and learning curve; the RLlib example trains two small iterations on a local Ray.
They need the `rl` extra (PyTorch, sb3-contrib, RLlib), which `./dev` installs; without it
they skip, naming what is missing."""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PPO_GAMES = ("siege", "wot_rush", "memoir44", "metro2033", "dust_warfare")


def needs(*modules: str) -> pytest.MarkDecorator:
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    return pytest.mark.skipif(bool(missing), reason=f"needs the rl extra: {', '.join(missing)} missing")


def run(args: list[str], cwd: Path, limit: int = 600) -> str:
    env = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONWARNINGS": "ignore"}
    command = [sys.executable, *args]
    done = subprocess.run(
        command, check=False, cwd=cwd, env=env, capture_output=True, text=True, timeout=limit
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@needs("torch", "sb3_contrib")
@pytest.mark.parametrize("game", PPO_GAMES)
def test_maskable_ppo_tiny(game: str, tmp_path: Path) -> None:
    out = run([str(EXAMPLES / f"ppo_{game}.py"), "--tiny", "--out", str(tmp_path), "--no-save"], EXAMPLES)
    summary = json.loads((tmp_path / f"{game}.json").read_text())
    assert summary["tiny"] and summary["timesteps"] == 256
    rows = summary["rows"]
    assert rows and all(row["games"] == 1 and 0.0 <= row["win_rate"] <= 1.0 for row in rows)
    assert {row["player"] for row in rows} >= {"trained"}
    assert out.count(f"| {game}") == len(rows)  # the table printed, one line per row
    # the learning curve is drawn once a training episode has ended
    assert (tmp_path / f"{game}.png").exists() == (summary["episodes"] > 0)


@needs("torch", "ray")
def test_rllib_multiagent_tiny() -> None:
    out = run([str(EXAMPLES / "rllib_multiagent.py"), "--tiny"], EXAMPLES)
    lines = [line for line in out.splitlines() if line.startswith("iteration ")]
    assert len(lines) == 2 and "steps sampled" in lines[0]
    assert int(lines[-1].split(":")[1].split()[0].replace(",", "")) >= 256  # a train batch sampled


@needs("torch", "sb3_contrib")
def test_maskable_ppo_seed_and_rows(tmp_path: Path) -> None:
    """`--seed` is recorded and repeats a run (the training curve and the trained row); another
    seed trains on other games; `--players`/`--opposition` pick the table's rows."""

    def solo_siege(seed: int, out: Path) -> dict[str, object]:
        args = ["--timesteps", "256", "--eval-games", "2", "--seed", str(seed), "--out", str(out)]
        rows = ["--players", "trained,random", "--opposition", "random", "--no-save"]
        run([str(EXAMPLES / "ppo_siege.py"), *args, *rows], EXAMPLES)
        summary: dict[str, object] = json.loads((out / "siege.json").read_text())
        return summary

    first, again, other = (solo_siege(s, tmp_path / n) for s, n in ((5, "a"), (5, "b"), (6, "c")))
    assert first["config"]["seed"] == 5 and other["config"]["seed"] == 6  # type: ignore[index]
    assert [row["player"] for row in first["rows"]] == ["trained", "random"]  # type: ignore[attr-defined]
    assert first["curve"] and first["curve"] == again["curve"]
    assert first["rows"] == again["rows"]
    assert first["curve"] != other["curve"]  # the seed reaches the training games, not only PPO
    assert len(first["load_average"]["start"]) == 3  # type: ignore[index]


@needs("torch", "sb3_contrib")
def test_maskable_ppo_resume(tmp_path: Path) -> None:
    """`--resume` trains a saved model on: its steps are counted on from the saved count, and the
    json names the model it came from."""
    first, second = tmp_path / "first", tmp_path / "second"
    common = [str(EXAMPLES / "ppo_siege.py"), "--eval-games", "1", "--players", "trained"]
    run([*common, "--timesteps", "256", "--out", str(first)], EXAMPLES)
    saved = json.loads((first / "siege.json").read_text())
    assert saved["resumed_from"] is None and saved["total_timesteps"] >= 256
    model = first / "siege.zip"
    run([*common, "--timesteps", "128", "--resume", str(model), "--out", str(second), "--no-save"], EXAMPLES)
    summary = json.loads((second / "siege.json").read_text())
    assert summary["resumed_from"] == str(model) and summary["timesteps"] == 128
    assert summary["total_timesteps"] >= saved["total_timesteps"] + 128
    assert summary["curve"] and all(step > saved["total_timesteps"] for step, _ in summary["curve"])


def test_a_heuristic_in_the_seat_plays_actions_the_space_cannot_hold() -> None:
    """The game's heuristic in the learner's seat plays its own engine actions (`step_action`),
    including those the discrete space does not hold: Dust Warfare's heuristic deploys whole
    formations off the candidate lattice (index -1, DW-GEO-17), which an index cannot name."""
    maskable_ppo = _example("maskable_ppo")
    config = maskable_ppo.Config("dust_warfare", {})
    env = maskable_ppo.make_env(config, "random")
    obs, _info = env.reset(seed=1_000_000)
    unlisted = 0
    agent_choose = maskable_ppo.make_agent(env.game, "heuristic", 7).choose
    play = maskable_ppo.seat_player(config, env, "heuristic", None, 7)
    for _ in range(12):  # the deployments come first
        if agent_choose(env.state.clone()).index < 0:
            unlisted += 1
        obs, _reward, terminated, truncated, _info = play(obs)
        if terminated or truncated:
            break
    assert unlisted > 0  # the case the space cannot hold was met and played


def _example(name: str) -> Any:
    sys.path.insert(0, str(EXAMPLES))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(EXAMPLES))


def test_demonstrations_record_the_teachers_choices_in_the_learners_space() -> None:
    """Behaviour cloning's data (examples/behaviour_cloning.py): every recorded decision is the
    teacher's own action, legal in the mask recorded beside it and named by its index in the
    discrete space; each return is the discounted sum of the rewards that followed, so an
    episode's first return is its whole (shaped) reward discounted; the same seed gives the
    same games. Solo Siege (SG-SOLO-01), whose heuristic wins where PPO alone did not learn to."""
    cloning, maskable_ppo = _example("behaviour_cloning"), _example("maskable_ppo")
    config = maskable_ppo.Config("siege", {"players": 1}, shaped=True)
    env = maskable_ppo.make_env(config, "random", shaped=True)
    demos = cloning.demonstrations(env, "heuristic", 2, 0.9, seed=3)
    rows = len(demos.actions)
    assert rows > 20 and demos.observations.shape == (rows, env.spaces.size)
    masks = demos.masks()
    assert masks.shape == (rows, env.spaces.n) and demos.returns.shape == (rows,)
    assert masks[np.arange(rows), demos.actions].all()  # each choice legal where it was made
    assert all(masks.sum(axis=1) >= 2)  # skip_forced: only real choices are recorded
    assert len(np.unique(demos.observations, axis=0)) > rows // 2  # each its own array, not one reused
    assert (demos.masks(np.array([rows - 1, 0])) == masks[[rows - 1, 0]]).all()
    again = cloning.demonstrations(env, "heuristic", 2, 0.9, seed=3)
    assert (again.actions == demos.actions).all() and (again.returns == demos.returns).all()
    assert cloning._discounted([1.0, 0.0, 2.0], 0.5) == [1.5, 1.0, 2.0]


def test_demonstrations_record_a_listed_proxy_for_what_the_space_cannot_hold() -> None:
    """Dust Warfare's heuristic deploys and moves whole formations off the candidate lattice
    (DW-GEO-17), actions the discrete space cannot name: each is replaced by the game's listed
    proxy at each stage (`Game.listed_proxy`), played and recorded under that proxy's index, legal
    in the mask beside it (before `spaces.index`, such a choice's index -1 read the space's last
    action, "reveal", masked out where it was recorded: 37 of 187 decisions of two games, a
    cloning loss of 2e7; then, skipped, a sixth of the heuristic's decisions went untaught)."""
    cloning, maskable_ppo = _example("behaviour_cloning"), _example("maskable_ppo")
    env = maskable_ppo.make_env(maskable_ppo.Config("dust_warfare", {}), "random")
    demos = cloning.demonstrations(env, "heuristic", 1, 0.9, seed=0)
    rows = len(demos.actions)
    assert demos.proxied > 0 and demos.skipped == 0 and rows > 20
    assert demos.masks()[np.arange(rows), demos.actions].all()
    assert demos.returns.shape == (rows,)
    verbs = {str(env.spaces.actions[i].verb) for i in demos.actions}
    assert {"region", "at"} <= verbs  # the placements' stages, taught


@needs("torch", "sb3_contrib")
def test_maskable_ppo_imitates_before_training(tmp_path: Path) -> None:
    """`--imitate N` clones the teacher before PPO: the json records the teacher's games and
    decisions and each pass's loss and agreement, and the passes fit (the loss falls, the
    agreement with the teacher rises over the first pass's); `--timesteps 0` evaluates the clone
    alone."""
    args = ["--imitate", "3", "--imitate-epochs", "4", "--timesteps", "0", "--net-arch", "32"]
    rows = ["--eval-games", "1", "--players", "trained", "--out", str(tmp_path), "--no-save"]
    run([str(EXAMPLES / "ppo_siege.py"), *args, *rows], EXAMPLES)
    summary = json.loads((tmp_path / "siege.json").read_text())
    imitation = summary["imitation"]
    assert imitation["teacher"] == "heuristic" and imitation["games"] == 3 and imitation["decisions"] > 50
    passes = imitation["passes"]
    assert len(passes) == 4 and passes[-1]["loss"] < passes[0]["loss"]
    assert passes[-1]["agreement"] > passes[0]["agreement"]
    assert summary["episodes"] == 0 and summary["rows"][0]["player"] == "trained"
    assert summary["config"]["net_arch"] == [32]


@needs("torch", "sb3_contrib")
def test_maskable_ppo_names_an_unknown_opponent(tmp_path: Path) -> None:
    """`--opponents` picks the training opponents (and the teacher's); a name the game does not
    know stops the script with the game's list of agents and no traceback."""
    args = [str(EXAMPLES / "ppo_metro2033.py"), "--tiny", "--opponents", "nosuch", "--out", str(tmp_path)]
    done = subprocess.run([sys.executable, *args], check=False, cwd=EXAMPLES, capture_output=True, text=True)
    assert done.returncode == 2
    assert "unknown agent 'nosuch'" in done.stderr and "heuristic" in done.stderr
    assert "Traceback" not in done.stderr
