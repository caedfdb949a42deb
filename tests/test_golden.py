"""Golden playthroughs: the same seeds give the same games, and a change of the rules shows as a
readable diff of a game's log (issue 11, "Tests").

For each game one seeded game, every seat played by the game's own heuristic agent, is kept as a
text file in `tests/golden/<name>.log`: a header (game, options, seed, agents), then one line per
decision (`#N seat S: <action text>`) with the events it caused indented below it (`[kind] text`,
` (visible to: 0,2)` for an event only some seats may see, then its data as sorted JSON), and the
returns at the end. The test plays the game again and compares the text; on a mismatch it prints a
unified diff around the first differing lines, so a reviewer sees which rule changed what, e.g. a
Siege collision choice (SG-FORT-02) or a Memoir '44 retreat (M44-RETR-01) or a World of Tanks:
Rush reward (WOT-REW-03) resolving differently.

Recorded before the core's turn engine replaced each game's own machinery (issue 11). Re-record
only for a deliberate change of the rules (or of the heuristic agents), and say so in the commit:

    python -m tests.test_golden --write
"""

from __future__ import annotations

import argparse
import difflib
import json
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from warroom.agents import make_agent
from warroom.core import registry
from warroom.core.game import Event

GOLDEN = Path(__file__).parent / "golden"
MAX_DECISIONS = 400  # a longer game is cut here (the header says so), to keep the file readable
DIFF_LINES = 60  # how much of the unified diff a failure shows


class Playthrough(NamedTuple):
    name: str
    game_id: str
    options: dict[str, Any]
    seed: int


PLAYTHROUGHS = [
    Playthrough("siege-4", "siege", {"players": 4}, 3),
    Playthrough("siege-4-field-marshal", "siege", {"players": 4, "mode": "field_marshal"}, 5),
    Playthrough("memoir44-pegasus-bridge", "memoir44", {"max_turns": 20}, 2),
    Playthrough("wot-rush-3", "wot_rush", {"players": 3}, 4),
]


def agent_seed(seed: int, seat: int) -> int:
    """The seed of a seat's heuristic agent (as in tests/fingerprint.py)."""
    return seed * 10 + seat


def render_event(event: Event) -> str:
    line = f"  [{event.kind}] {event.text}"
    if event.visible_to is not None:
        line += f" (visible to: {','.join(map(str, sorted(event.visible_to)))})"
    if event.data:
        line += " " + json.dumps(event.data, sort_keys=True, ensure_ascii=False)
    return line


def render(play: Playthrough, max_decisions: int = MAX_DECISIONS) -> str:
    """Play the seeded game with the heuristic agents and write it down, one decision a line."""
    game = registry.load(play.game_id, **play.options)
    state = game.new_initial_state(play.seed)
    agents = [make_agent(game, "heuristic", agent_seed(play.seed, seat)) for seat in range(game.num_players)]
    body: list[str] = []
    decisions = 0
    while not state.is_terminal() and decisions < max_decisions:
        seat = state.current_player()
        action = agents[seat].choose(state)
        decisions += 1
        body.append(f"#{decisions} seat {seat}: {action.text}")
        body.extend(render_event(event) for event in state.apply_action(action))
    if state.is_terminal():
        extent = f"{decisions}, the whole game"
        body.append(f"returns: {json.dumps(state.returns())}")
    else:
        extent = f"the first {decisions} only (the game goes on; cut at {max_decisions})"
        body.append("returns: (not reached)")
    seeds = ", ".join(str(agent_seed(play.seed, seat)) for seat in range(game.num_players))
    header = [
        f"golden playthrough {play.name}, checked by tests/test_golden.py",
        "regenerate (deliberate rule changes only): python -m tests.test_golden --write",
        f"game: {play.game_id}",
        f"options: {json.dumps(play.options, sort_keys=True)}",
        f"seed: {play.seed}",
        f'agents: make_agent(game, "heuristic", seed * 10 + seat) for every seat, i.e. seeds {seeds}',
        f"decisions: {extent}",
        "",
    ]
    return "\n".join(header + body) + "\n"


def path_of(play: Playthrough) -> Path:
    return GOLDEN / f"{play.name}.log"


def first_diff(expected: str, actual: str, name: str) -> str:
    """The unified diff of the recorded and the replayed text, cut to its first DIFF_LINES lines."""
    diff = list(
        difflib.unified_diff(
            expected.splitlines(),
            actual.splitlines(),
            f"recorded {name}.log",
            "replayed now",
            n=3,
            lineterm="",
        )
    )
    more = len(diff) - DIFF_LINES
    return "\n".join(diff[:DIFF_LINES] + ([f"... ({more} more diff lines)"] if more > 0 else []))


@pytest.mark.parametrize("play", PLAYTHROUGHS, ids=[p.name for p in PLAYTHROUGHS])
def test_golden_playthrough(play: Playthrough) -> None:
    expected = path_of(play).read_text(encoding="utf-8")
    actual = render(play)
    if actual != expected:
        pytest.fail(
            f"{play.name}: the seeded game differs from tests/golden/{play.name}.log "
            "(re-record with `python -m tests.test_golden --write` only for a deliberate rule change):\n"
            + first_diff(expected, actual, play.name),
            pytrace=False,
        )


def test_render_is_deterministic() -> None:
    """Two renderings of one seeded game in one process agree (no hidden global state)."""
    play = PLAYTHROUGHS[-1]
    assert render(play, 60) == render(play, 60)


def test_every_golden_file_is_a_playthrough() -> None:
    assert sorted(p.name for p in GOLDEN.glob("*.log")) == sorted(f"{p.name}.log" for p in PLAYTHROUGHS)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--write", action="store_true", help="record the golden files")
    args = parser.parse_args()
    GOLDEN.mkdir(exist_ok=True)
    for play in PLAYTHROUGHS:
        text = render(play)
        path = path_of(play)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        status = "same" if old == text else ("new" if old is None else "DIFFERENT")
        if args.write:
            path.write_text(text, encoding="utf-8")
        print(f"{play.name:26} {text.count(chr(10)):5} lines {status}{' (written)' if args.write else ''}")
        if old is not None and old != text and not args.write:
            print(first_diff(old, text, play.name))


if __name__ == "__main__":
    main()
