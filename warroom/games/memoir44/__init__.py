"""Memoir '44 (memoir44.md): the two-sided WWII hex wargame of command cards and battle dice."""

from warroom.games.memoir44.game import Memoir44Game

__all__ = ["Memoir44Game"]
