"""One package per game. The core learns of them by name only (here and via entry points).

`warroom.games` is this package and, called, the list of registered game ids (`warroom.games()`,
made callable in warroom/__init__.py).
"""

BUILTIN_GAMES: dict[str, str] = {
    "siege": "warroom.games.siege:SiegeGame",
    "wot_rush": "warroom.games.wot_rush:WotRushGame",
    "memoir44": "warroom.games.memoir44:Memoir44Game",
    "metro2033": "warroom.games.metro2033:Metro2033Game",
    "dust_warfare": "warroom.games.dust_warfare:DustWarfareGame",
}
