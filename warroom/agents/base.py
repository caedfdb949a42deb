"""Agents are one-method classes: given a state, choose one of its legal actions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from warroom.core.errors import OptionError
from warroom.core.game import Action, Game, State
from warroom.core.rng import Rng


class Agent(Protocol):
    def choose(self, state: State) -> Action: ...


AgentFactory = Callable[[int], Agent]  # called with a seed


class RandomAgent:
    """Uniform over the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())


GENERIC_AGENTS: dict[str, AgentFactory] = {"random": RandomAgent}


def agent_names(game: Game[Any]) -> list[str]:
    """Every agent name a seat of this game accepts (generic first, then the game's own)."""
    return [*GENERIC_AGENTS, *(name for name in game.agents() if name not in GENERIC_AGENTS)]


def make_agent(game: Game[Any], name: str, seed: int = 0) -> Agent:
    factories: dict[str, Callable[[int], Any]] = {**GENERIC_AGENTS, **game.agents()}
    if name not in factories:
        raise OptionError(f"unknown agent {name!r} for {game.info.id}; choose one of: {', '.join(factories)}")
    agent: Agent = factories[name](seed)
    return agent
