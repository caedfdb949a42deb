"""What `warroom sim` runs: one batch or one batch per value of a varied option or agent, with
results folded as they stream in (a `Tally`, a histogram of game lengths and, with `--out`, one
file row per game), on the process pool or on Ray.

`--vary KEY=v1,v2,...` runs the same seeds once per value. KEY is a game option (`mode`,
`players`, ...), `agents` (the value's agent in every seat) or `seatN` (seat N's agent; the
other seats keep `--agents`). Each value is one point of the `--plot` win-rate curve.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from warroom.core.errors import OptionError
from warroom.core.game import JSON, Game
from warroom.core.registry import load
from warroom.sim.backends import results
from warroom.sim.records import ResultWriter
from warroom.sim.runner import SimConfig, seat_agents
from warroom.sim.stats import GameResult, Tally

_SEAT = re.compile(r"seat(\d+)")


@dataclass(frozen=True)
class Variation:
    """`KEY=v1,v2,...` from the command line."""

    key: str
    values: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> Variation:
        key, sep, values = text.partition("=")
        items = tuple(v.strip() for v in values.split(",") if v.strip())
        if not sep or not key.strip() or not items:
            raise OptionError(f"--vary wants KEY=v1,v2,... (an option, agents or seatN), got {text!r}")
        return cls(key.strip(), items)

    def apply(self, game: Game[Any], agents: Sequence[str], value: str) -> tuple[Game[Any], list[str]]:
        """The game and seat agents of one point of the variation."""
        if self.key == "agents":
            return game, [value]
        seat = _SEAT.fullmatch(self.key)
        if seat is not None:
            names = list(seat_agents(game, agents))
            if int(seat[1]) >= len(names):
                raise OptionError(f"--vary {self.key}: the game has seats 0-{len(names) - 1}")
            names[int(seat[1])] = value
            return game, names
        spec = game.info.option(self.key)
        options = {**game.options, self.key: spec.parse(value)}
        if self.key == "players" and len(agents) > 1:
            raise OptionError("--vary players needs one agent name for every seat")
        return load(game.info.id, **options), list(agents)


@dataclass
class Run:
    """One batch's folded results: the tally and a histogram of game lengths."""

    label: str
    game: Game[Any]
    config: SimConfig
    tally: Tally = field(default_factory=Tally)
    lengths: Counter[int] = field(default_factory=Counter)

    def add(self, result: GameResult) -> None:
        self.tally.add(result)
        turns = result.summary.get("turns")
        self.lengths[int(turns) if isinstance(turns, int | float) else result.decisions] += 1

    def report(self) -> JSON:
        head: JSON = {
            "game": self.game.info.id,
            "options": self.game.options,
            "agents": list(self.config.agents),
            "seed": self.config.seed,
        }
        return {**head, **self.tally.report()}


@dataclass(frozen=True)
class SimRequest:
    """Everything `warroom sim` was asked for."""

    game: Game[Any]
    agents: tuple[str, ...]
    seed: int
    games: int
    jobs: int = 1
    vary: Variation | None = None
    backend: str = "process"
    address: str | None = None
    out: Path | None = None


def out_path(out: Path, label: str | None) -> Path:
    """One file per varied value: `results.csv` -> `results-mode=normal.csv`."""
    return out if label is None else out.with_name(f"{out.stem}-{label}{out.suffix}")


def run(
    request: SimRequest,
    on_game: Callable[[GameResult], None] | None = None,
    runs: list[Run] | None = None,
) -> list[Run]:
    """Play the batch (or one batch per varied value) and fold every result as it arrives.

    Each batch joins `runs` (when given) as it starts, so a caller interrupted mid-run (Ctrl-C)
    still holds every game played so far; with `--out` their rows are already in the file."""
    points: list[tuple[str | None, Game[Any], list[str]]] = [(None, request.game, list(request.agents))]
    if request.vary is not None:
        vary = request.vary
        points = [
            (f"{vary.key}={value}", *vary.apply(request.game, request.agents, value)) for value in vary.values
        ]
    runs = [] if runs is None else runs
    for label, game, agents in points:
        config = SimConfig.create(game, agents, request.seed, request.games)
        batch = Run(label or ",".join(config.agents), game, config)
        runs.append(batch)
        writer = ResultWriter(out_path(request.out, label), config.agents) if request.out else None
        try:
            for result in results(config, request.jobs, request.backend, request.address):
                batch.add(result)
                if writer is not None:
                    writer.add(result)
                if on_game is not None:
                    on_game(result)
        finally:
            if writer is not None:
                writer.close()
    return runs
