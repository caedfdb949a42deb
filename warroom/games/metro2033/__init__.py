"""Metro 2033 (2nd edition, Hobby World; metro2033.md), issue 12."""

from warroom.games.metro2033.game import Metro2033Game

__all__ = ["Metro2033Game"]
