"""One package per game. The core learns of them by name only (here and via entry points)."""

BUILTIN_GAMES: dict[str, str] = {"siege": "warroom.games.siege:SiegeGame"}
