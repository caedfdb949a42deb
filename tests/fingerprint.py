"""Fingerprints of seeded games: the proof that a refactor keeps every game, seed for seed.

A fingerprint hashes, for a batch of seeded games of one configured game, everything a player,
an agent or a save file could observe: every event (kind, text, data, who may see it), every legal
option list in order, and for the detailed games also every save (`serialize()`) and every view
(each seat's and the spectator's) at every step. Random games pick `rng.below(len(options))`
with an Rng seeded from the game's seed; the heuristic games let each game's own heuristic agent
play every seat, so the agents are covered too.

Recorded before the core's turn engine replaced each game's own machinery (issue 11) and kept
in `tests/data/fingerprints.json`; `test_fingerprint.py` replays and compares. Re-record only
for a deliberate change of the rules, and say so in the commit:

    python -m tests.fingerprint --write
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from warroom.agents.base import make_agent
from warroom.core import registry
from warroom.core.rng import Rng

DATA = Path(__file__).parent / "data" / "fingerprints.json"

# (name, game id, options, random games, of which detailed, heuristic games, turn bound option)
CONFIGS: list[tuple[str, str, dict[str, Any], int, int, int]] = [
    ("siege-solo", "siege", {"players": 1}, 150, 12, 3),
    ("siege-2", "siege", {"players": 2}, 150, 12, 3),
    ("siege-4", "siege", {"players": 4}, 200, 12, 3),
    ("siege-6", "siege", {"players": 6}, 100, 8, 3),
    ("siege-3-shoulder", "siege", {"players": 3, "mode": "shoulder_to_shoulder"}, 100, 8, 3),
    ("siege-4-marshal", "siege", {"players": 4, "mode": "field_marshal"}, 150, 12, 3),
    ("siege-2-marshal", "siege", {"players": 2, "mode": "field_marshal"}, 100, 8, 3),
    (
        "siege-4-all-options",
        "siege",
        {
            "players": 4,
            "simple_battles": True,
            "one_for_all": True,
            "my_home_is_my_fortress": True,
            "running_out_of_supplies": True,
            "all_for_one": True,
        },
        150,
        12,
        3,
    ),
    ("siege-3-caught", "siege", {"players": 3, "caught_off_guard": True}, 100, 8, 3),
    ("m44-pegasus", "memoir44", {"max_turns": 40}, 150, 10, 3),
    ("m44-omaha", "memoir44", {"scenario": "omaha-beach", "max_turns": 40}, 80, 6, 2),
    ("m44-hoc", "memoir44", {"scenario": "pointe-du-hoc", "max_turns": 40}, 80, 6, 2),
    ("m44-stlo", "memoir44", {"scenario": "saint-lo-hedgerows", "max_turns": 40}, 80, 6, 2),
    ("m44-vercors", "memoir44", {"scenario": "vercors", "max_turns": 40}, 80, 6, 2),
    ("m44-bocage", "memoir44", {"scenario": "villers-bocage", "max_turns": 40}, 80, 6, 2),
    ("m44-pegasus-full", "memoir44", {}, 30, 3, 2),
    ("m44-team-4", "memoir44", {"players": 4, "max_turns": 40}, 60, 5, 2),
    ("m44-team-5-axis", "memoir44", {"players": 5, "larger_team": "axis", "max_turns": 40}, 60, 5, 2),
    (
        "m44-variants",
        "memoir44",
        {"young_generals": True, "no_take_ground": True, "max_turns": 40},
        80,
        6,
        2,
    ),
    ("wot-2", "wot_rush", {"players": 2}, 200, 12, 3),
    ("wot-3", "wot_rush", {"players": 3}, 150, 10, 3),
    ("wot-4", "wot_rush", {"players": 4, "first_player": 2}, 100, 8, 3),
    ("wot-5", "wot_rush", {"players": 5}, 100, 8, 3),
]


class _Hasher:
    def __init__(self) -> None:
        self.digest = hashlib.sha256()

    def add(self, value: Any) -> None:
        self.digest.update(json.dumps(value, sort_keys=True, separators=(",", ":")).encode())
        self.digest.update(b"\n")


def _events(hasher: _Hasher, events: Any) -> None:
    for event in events:
        seen = None if event.visible_to is None else sorted(event.visible_to)
        hasher.add(["event", event.kind, event.text, event.data, seen])


def play_game(game: Any, seed: int, *, detailed: bool, agents: list[Any] | None, hasher: _Hasher) -> None:
    """Play one seeded game into `hasher`: random choices when `agents` is None."""
    state = game.new_initial_state(seed)
    rng = Rng(seed ^ 0xF1A6E2)
    seats = [*range(game.num_players), None]
    while True:
        if detailed:
            hasher.add(["save", state.serialize()])
            for seat in seats:
                hasher.add(["view", seat, state.view(seat)])
        if state.is_terminal():
            hasher.add(["end", state.returns()])
            return
        options = state.legal_actions()
        hasher.add(["options", state.current_player(), [a.text for a in options]])
        if agents is None:
            action = options[rng.below(len(options))]
        else:
            action = agents[state.current_player()].choose(state)
        hasher.add(["choose", action.text])
        _events(hasher, state.apply_action(action))


def fingerprint(config: tuple[str, str, dict[str, Any], int, int, int]) -> str:
    _name, game_id, options, games, detailed, heuristic = config
    game = registry.load(game_id, **options)
    hasher = _Hasher()
    for seed in range(games):
        play_game(game, seed, detailed=seed < detailed, agents=None, hasher=hasher)
    for seed in range(heuristic):
        agents = [make_agent(game, "heuristic", seed * 10 + seat) for seat in range(game.num_players)]
        play_game(game, 1000 + seed, detailed=True, agents=agents, hasher=hasher)
    return hasher.digest.hexdigest()


def main(configs: list[tuple[str, str, dict[str, Any], int, int, int]] = CONFIGS, data: Path = DATA,
         description: str | None = __doc__) -> None:  # fmt: skip
    """Compare (or with --write record) `configs`' fingerprints against the file `data`: this
    module's games by default; a game keeping its own file passes its configs and file."""
    parser = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--write", action="store_true", help="record the fingerprints")
    parser.add_argument("--only", help="a config name prefix")
    args = parser.parse_args()
    recorded = json.loads(data.read_text()) if data.exists() else {}
    bad = 0
    for config in configs:
        if args.only and not config[0].startswith(args.only):
            continue
        digest = fingerprint(config)
        same = recorded.get(config[0]) == digest
        bad += not same
        print(f"{config[0]:24} {digest[:16]} {'same' if same else 'DIFFERENT'}", flush=True)
        recorded[config[0]] = digest
    if args.write:
        data.parent.mkdir(exist_ok=True)
        data.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n")
    sys.exit(1 if bad and not args.write else 0)


if __name__ == "__main__":
    main()
