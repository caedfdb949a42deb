"""One package per game. The core learns of them by name only (here and via entry points)."""

BUILTIN_GAMES: dict[str, str] = {
    "siege": "warroom.games.siege:SiegeGame",
    "wot_rush": "warroom.games.wot_rush:WotRushGame",
    "memoir44": "warroom.games.memoir44:Memoir44Game",
    "metro2033": "warroom.games.metro2033:Metro2033Game",
    "dust_warfare": "warroom.games.dust_warfare:DustWarfareGame",
}
