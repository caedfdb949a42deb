"""War Thunder: Siege («War Thunder. Осада»), rules digest ../shared/rules/siege.md."""

from warroom.games.siege.game import SiegeGame

__all__ = ["SiegeGame"]
