"""Dust Warfare (dust_warfare.md, rule prefix DW), first layer: the content as validated data
files (`content`, `data/`) and the geometry model of §2 (`geometry`). The turn rules and the Game
class come next; until then the package is not registered as a game."""
