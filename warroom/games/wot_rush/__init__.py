"""World of Tanks: Rush («World of Tanks: Rush», Hobby World), rules digest ../shared/rules/wot_rush.md."""

from warroom.games.wot_rush.game import WotRushGame

__all__ = ["WotRushGame"]
