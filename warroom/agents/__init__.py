"""Agents that play any game through the contract, and the registry of agent names."""

from warroom.agents.base import GENERIC_AGENTS, Agent, RandomAgent, agent_names, make_agent

__all__ = ["GENERIC_AGENTS", "Agent", "RandomAgent", "agent_names", "make_agent"]
