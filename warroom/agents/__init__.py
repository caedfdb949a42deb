"""Agents that play any game through the contract, and the registry of agent names."""

from warroom.agents.base import GENERIC_AGENTS, Agent, RandomAgent, agent_names, make_agent
from warroom.agents.mcts import LEVELS, MctsAgent, MctsSettings, level

GENERIC_AGENTS.update({name: level(name) for name in LEVELS})

__all__ = [
    "GENERIC_AGENTS",
    "LEVELS",
    "Agent",
    "MctsAgent",
    "MctsSettings",
    "RandomAgent",
    "agent_names",
    "make_agent",
]
