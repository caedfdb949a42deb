"""Dust Warfare (dust_warfare.md, rule prefix DW): a miniatures wargame on a measured table."""

from warroom.games.dust_warfare.game import DustWarfareGame

__all__ = ["DustWarfareGame"]
