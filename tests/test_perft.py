"""Perft tables: legal-option counts from fixed positions, like chess perft counts (issue 11).

For each game a few positions written in the game's public position notation
(`registry.game_class(game_id).from_position(text, seed)`; each game's `position.py` documents
it) and the seeded initial states of a couple of option sets. For each one the table records the
number of action sequences of length 1, 2, 3, ... from it: the children are clones
(`child = state.clone(); child.apply_action(a)`), a finished game is a leaf that counts once and
is not expanded, and the dice come from the state's own Rng, so the counts are fixed. The length
of a row is its depth, chosen so a row takes well under a second.

What they guard: the same positions give the same option lists and the same consequences, move
for move, while the games move onto the core's turn engine; a change of the rules shows here as a
readable diff of numbers, next to the position that shows it. The positions exercise, e.g.:
Siege's turn phases and trading (SG-TURN-01, SG-SWAP-01, SG-TRADE-01), card combos and building
(SG-PLAY-03, SG-CARD-05, SG-BUILD-01), collisions at a fortification with a DOT and in the city
(SG-FORT-02, SG-FORT-03, SG-CITY-02), the Field Marshal's turn (SG-FM-05, SG-FM-06); Memoir '44's
movement and battle limits (M44-MOVE-08, M44-SPEC-02, M44-BATTLE-06), terrain and obstacles
(M44-TERR-01, M44-TERR-14, M44-OBST-09, M44-OBST-11), a beach landing (M44-TERR-10, M44-TERR-12,
M44-OBST-12) and a blocked retreat (M44-RETR-06, M44-GROUND-01); World of Tanks: Rush's attacks
and rewards (WOT-ATK-04, WOT-REW-03), purchases (WOT-BUY-02, WOT-PLAY-07), defence (WOT-DEF-02,
WOT-ABIL-05) and the last medal ending the game (WOT-END-02, WOT-END-03).

The positions give no `dice:` line on purpose: every game's `clone()` rebuilds the Rng from its
state number, so scripted dice would not reach the children anyway.

Recorded before the core's turn engine (issue 11). Re-record only for a deliberate change of the
rules, and say so in the commit: `python -m tests.test_perft` prints the tables as they are now.
"""

from __future__ import annotations

import sys
import time
from typing import Any, NamedTuple

import pytest

from warroom.core import registry
from warroom.core.game import State


class Start(NamedTuple):
    """Where a perft row starts: a position text (`from_position`) or, without one, the seeded
    initial state of the configured game (`new_initial_state`)."""

    seed: int
    text: str = ""
    options: dict[str, Any] = {}  # noqa: RUF012  (never mutated)


def perft(state: State, depth: int) -> list[int]:
    """[n1, ..., n_depth]: the number of action sequences of length 1..depth from `state`."""
    if state.is_terminal():
        return [1] * depth
    actions = state.legal_actions()
    counts = [len(actions)] + [0] * (depth - 1)
    if depth > 1:
        for action in actions:
            child = state.clone()
            child.apply_action(action)
            for d, n in enumerate(perft(child, depth - 1), start=1):
                counts[d] += n
    return counts


# -- Siege ------------------------------------------------------------------------------------
SIEGE_POSITIONS: dict[str, Start] = {
    # the worked example of test_examples_a: a turn from its start (SG-TURN-01): draw, swap
    # (SG-SWAP-01), trade offers and answers (SG-TRADE-01, SG-TRADE-03), then phase 4
    "turn-start": Start(
        1,
        """
        players 4
        active 0
        phase turn
        hand 0: sandbags blue_artillery blue_aviation green_aviation
        hand 1: red_artillery green_artillery blue_tank green_tank counter_blue
        hand 2: green_aviation red_aviation
        hand 3: blue_aviation il2
        enemy 3 aviation pz3
        enemy 5 artillery tiger
        forts 2 3 4 5 6
        deck: red_tank barbed_wire
        reserve: sdkfz diversion_aviation tiger
        """,
    ),
    # phase 4 with combos (SG-PLAY-03): Precise Shot with a strike card (SG-CARD-05, SG-CARD-06),
    # Sandbags + Barbed Wire into the empty slot 1 (SG-BUILD-01), Repair from the discard (SG-CARD-17)
    "play-combos": Start(
        1,
        """
        players 2
        hand 0: precise_shot counter_blue sandbags barbed_wire any_aviation repair
        enemy 5 artillery tiger
        enemy 3 aviation pz3
        enemy 1 tank sdkfz
        forts 2 3 4 5 6
        discard: il2 dot
        """,
    ),
    # two enemies strike F(3), which carries a DOT (SG-FORT-02, SG-FORT-03); a Tiger in CITY(4)
    # moves into standing building 5 (SG-CITY-02); Hedgehogs can hold one back (SG-CARD-07)
    "fort-collision": Start(
        1,
        """
        players 3
        active 1
        phase play
        hand 1: dot hedgehogs
        enemy 3 tank pz3
        enemy 3 tank sdkfz
        enemy 4 city tiger 2
        buildings 1 2 3 5 6
        dots 3
        reserve: pz3 sdkfz tiger
        """,
    ),
    # Field Marshal mode: after the defender's phase 4 the FM moves, draws and plays tokens
    # (SG-FM-04, SG-FM-05, SG-FM-06, SG-FM-10 Reveal 3); the collision at F(3) is the active
    # defender's choice (SG-FM-17)
    "field-marshal": Start(
        1,
        """
        players 3
        mode field_marshal
        active 1
        hand 1: dot
        enemy 3 tank pz3
        enemy 3 tank sdkfz
        marshal: tiger pz3 reveal3
        """,
    ),
    # seeded setups: the starting-vehicle arrangement (SG-SETUP-04) and the first turns
    "initial players=4 seed=3": Start(3, options={"players": 4}),
    "initial players=1 (solo) seed=1": Start(1, options={"players": 1}),
    "initial players=3 field_marshal seed=5": Start(5, options={"players": 3, "mode": "field_marshal"}),
}

SIEGE_PERFT: dict[str, list[int]] = {
    "turn-start": [6, 96, 380, 2258, 9172],
    "play-combos": [8, 64, 436, 2308, 11930],
    "fort-collision": [9, 40, 152, 664, 3402, 18049],
    "field-marshal": [7, 14, 238, 1386, 6372, 30068],
    "initial players=4 seed=3": [60, 300, 4080, 23640],
    "initial players=1 (solo) seed=1": [60, 360, 2820, 49800],
    "initial players=3 field_marshal seed=5": [60, 420, 2940, 19980],
}

# -- Memoir '44 ---------------------------------------------------------------------------------
M44_DECK = "deck: probe_center probe_center probe_left probe_right attack_center"

M44_POSITIONS: dict[str, Start] = {
    # special forces may move 2 and battle (M44-SPEC-02), infantry moving 2 may not (M44-MOVE-08);
    # an adjacent enemy forces a Close Assault (M44-BATTLE-06); Recon orders 1 unit (M44-SECT-04)
    "close-assault": Start(
        1,
        f"""
        allies special_forces R7C7
        allies infantry R7C6
        axis infantry R4C7
        axis infantry R5C5 figures=2
        hand allies: probe_center recon_center
        hand axis: probe_center
        {M44_DECK}
        """,
    ),
    # forest and town stop a move and forbid battle (M44-TERR-01, M44-TERR-14); sandbags go when
    # their unit leaves (M44-OBST-05); armor entering wire removes it and may still battle
    # (M44-OBST-09), infantry on wire may clear it instead of battling (M44-OBST-11)
    "terrain": Start(
        1,
        f"""
        terrain town R5C7
        terrain forest R5C6
        terrain hill R4C8
        sandbags R4C6
        wire R5C8
        allies infantry R6C7
        allies armor R6C8
        axis infantry R4C6
        axis armor R4C8
        hand allies: probe_center
        hand axis: probe_center
        {M44_DECK}
        """,
    ),
    # a landing: out of the ocean (M44-TERR-10, M44-TERR-11), at most 2 hexes onto the beach
    # (M44-TERR-12), only infantry through the hedgehog (M44-OBST-12), a bunker for the Axis
    # (M44-OBST-02, M44-OBST-03); one medal wins (M44-MEDAL-06), so some lines end the game
    "beach": Start(
        1,
        f"""
        face beach
        bunker axis R5C6
        hedgehog R7C5
        allies infantry R9C5
        allies armor R8C6
        allies infantry R7C7
        axis infantry R5C6 figures=1
        axis infantry R5C8
        medals 1 1
        hand allies: probe_center
        hand axis: probe_center
        {M44_DECK}
        """,
    ),
    # the Axis infantry at R2C7 has its retreat blocked by its own units on the baseline row
    # (M44-RETR-05, M44-RETR-06); a Close Assault that empties the hex may take ground
    # (M44-GROUND-01)
    "blocked-retreat": Start(
        1,
        f"""
        allies armor R3C7
        axis infantry R2C7 figures=3
        axis infantry R1C6
        axis infantry R1C7
        axis artillery R2C9
        hand allies: recon_center
        hand axis: probe_center
        {M44_DECK}
        """,
    ),
    "initial pegasus-bridge seed=2": Start(2, options={"max_turns": 20}),
    "initial omaha-beach seed=1": Start(1, options={"scenario": "omaha-beach"}),
    "initial players=4 (teams) seed=3": Start(3, options={"players": 4}),
}

M44_PERFT: dict[str, list[int]] = {
    "close-assault": [2, 6, 39, 158, 1256, 3039, 8759],
    "terrain": [1, 3, 5, 124, 1637, 2935, 6341],
    "beach": [1, 4, 10, 117, 732, 1459, 3398, 8149],
    "blocked-retreat": [1, 2, 30, 77, 122, 617, 3839, 25211],
    "initial pegasus-bridge seed=2": [5, 39, 209, 1015, 6881],
    "initial omaha-beach seed=1": [6, 33, 154, 544, 2781, 15176],
    "initial players=4 (teams) seed=3": [5, 23, 105, 962, 5241],
}

# -- World of Tanks: Rush ---------------------------------------------------------------------
WOT_POSITIONS: dict[str, Start] = {
    # EX-06: three Soviet vehicles against two opponents' defenders; the attack resolves card by
    # card (WOT-ATK-04) and the reward is a mix of medal cards (WOT-REW-01, WOT-REW-03)
    "attack": Start(
        1,
        """
        players 3
        hand 0: SU-09 SU-10 SU-13
        guard 1: b1=GE-09 b2=GE-07
        guard 2: b1=US-09
        """,
    ),
    # paying sets for a purchase (WOT-BUY-02, WOT-BUY-03), the Volunteer's Call lifting the
    # purchase limit (WOT-PLAY-07), the row closing up (WOT-VDECK-01)
    "buy": Start(
        1,
        """
        players 2
        hand 0: engineer engineer volunteer ussr_medal1 SU-09
        reserve: SU-02 GE-03 US-08 FR-14
        deck: US-05 US-06 FR-01 GE-02
        """,
    ),
    # every own base guarded: a new defender replaces one (WOT-DEF-02), an armoured card played
    # for its ability must defend (WOT-ABIL-05)
    "defence": Start(
        1,
        """
        players 2
        hand 0: SU-08 SU-11 SU-09
        guard 0: b1=SU-19 b2=SU-14* b3=SU-15
        """,
    ),
    # one US 1-medal card left: taking it triggers the end (WOT-END-02), which comes at the end of
    # the last seat's turn (WOT-END-03); a tank destroyer and an artillery card (WOT-ICON-13/14)
    "last-medal": Start(
        1,
        """
        players 2
        hand 0: US-19 US-21 US-07
        guard 1: b1=FR-09 b2=FR-14
        medals USA: 1 2
        """,
    ),
    "initial players=3 seed=4": Start(4, options={"players": 3}),
    "initial players=5 seed=1": Start(1, options={"players": 5}),
    "initial players=4 first_player=2 seed=7": Start(7, options={"players": 4, "first_player": 2}),
}

WOT_PERFT: dict[str, list[int]] = {
    # re-recorded for the deliberate `cancel` of a chosen buy before it is paid (issue 14)
    "attack": [9, 23, 109, 306, 1168, 3928],
    "buy": [8, 28, 104, 322, 938, 2561, 6667, 16949],
    "defence": [9, 25, 117, 307, 943, 2353, 4908],
    "last-medal": [6, 16, 45, 92, 200, 412, 777, 965, 1299],
    "initial players=3 seed=4": [2, 4, 11, 28, 73, 178, 409, 908, 1960],
    "initial players=5 seed=1": [4, 10, 25, 52, 117, 224, 463, 859, 1688],
    "initial players=4 first_player=2 seed=7": [2, 4, 6, 10, 17, 30, 48, 85, 151],
}

GAMES: dict[str, tuple[dict[str, Start], dict[str, list[int]]]] = {
    "siege": (SIEGE_POSITIONS, SIEGE_PERFT),
    "memoir44": (M44_POSITIONS, M44_PERFT),
    "wot_rush": (WOT_POSITIONS, WOT_PERFT),
}


def build(game_id: str, start: Start) -> State:
    """The row's starting state: the position text read with its seed, or the seeded setup."""
    if start.text:
        return registry.game_class(game_id).from_position(start.text, start.seed)
    state: State = registry.load(game_id, **start.options).new_initial_state(start.seed)
    return state


CASES = [(game_id, name) for game_id, (positions, _table) in GAMES.items() for name in positions]


@pytest.mark.parametrize(("game_id", "name"), CASES, ids=[f"{g}:{n}" for g, n in CASES])
def test_perft(game_id: str, name: str) -> None:
    positions, table = GAMES[game_id]
    expected = table[name]
    state = build(game_id, positions[name])
    before = state.serialize()
    counts = perft(state, len(expected))
    assert state.serialize() == before, "perft must leave the position itself untouched"
    if counts != expected:
        depth = next(d for d, (a, b) in enumerate(zip(counts, expected, strict=True), start=1) if a != b)
        pytest.fail(
            f"{game_id} {name!r}: perft {counts}, recorded {expected} (first differs at depth {depth}); "
            "if the rules changed on purpose, re-record with `python -m tests.test_perft`",
            pytrace=False,
        )


@pytest.mark.parametrize("game_id", list(GAMES))
def test_perft_is_deterministic(game_id: str) -> None:
    """The same counts twice: from the same state object again, and from a fresh build."""
    positions, table = GAMES[game_id]
    for name, start in positions.items():
        depth = max(1, len(table[name]) - 1)
        state = build(game_id, start)
        first = perft(state, depth)
        assert perft(state, depth) == first == perft(build(game_id, start), depth), name


def test_every_position_has_a_row() -> None:
    for game_id, (positions, table) in GAMES.items():
        assert sorted(positions) == sorted(table), game_id
        assert all(counts for counts in table.values()), game_id


def main() -> None:
    """Print every table as it is now (depths as recorded, or `--depth N` for new rows)."""
    default = int(sys.argv[sys.argv.index("--depth") + 1]) if "--depth" in sys.argv else 3
    for game_id, (positions, table) in GAMES.items():
        print(f"# {game_id}")
        for name, start in positions.items():
            depth = len(table.get(name, [])) or default
            began = time.process_time()
            counts = perft(build(game_id, start), depth)
            took = time.process_time() - began
            print(f'    "{name}": {counts},  # {took:.3f} s')


if __name__ == "__main__":
    main()
