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
    sys.path.insert(0, str(EXAMPLES))
    try:
        maskable_ppo: Any = importlib.import_module("maskable_ppo")
    finally:
        sys.path.remove(str(EXAMPLES))
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
