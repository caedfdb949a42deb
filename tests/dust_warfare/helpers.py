"""Shared helpers for the Dust Warfare rule tests: positions in the game's notation
(warroom/games/dust_warfare/position.py) and playing actions by their text.

Units of the starter armies (heroes off): Allies u0 The Boss (Officer, Radioman, Medic,
Mechanic), u1 The Gunners (Sergeant, BAR x2, Rifleman x2), u2 Assault Rangers (5), u3 BBQ Squad
(Shotgunner x4, Flamethrower), u4 Pounder; Axis u5 Kommandotrupp (Officer, Funker, Sanitäter,
Panzermechaniker), u6 Laser Grenadiers (5), u7 Recon Grenadiers (leader + 4), u8 Battle
Grenadiers (leader, MG, Panzerschreck, 2 Grenadiers), u9 Luther. With heroes on, Rhino is
miniature 5 (the leader) of u2 and Sigrid miniature 5 (the leader) of u6.
"""

from __future__ import annotations

from pathlib import Path

from warroom.core.game import Event
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.state import DustState


def position(text: str, seed: int = 0) -> DustState:
    state = DustWarfareGame.from_position(text, seed)
    assert isinstance(state, DustState)
    return state


def play(state: DustState, *texts: str) -> list[Event]:
    """Apply each action by its text (IllegalActionError if one is not legal now)."""
    events: list[Event] = []
    for text in texts:
        events += state.apply_action(text)
    return events


def options(state: DustState) -> list[str]:
    return [a.text for a in state.legal_actions()]


def texts(events: list[Event], kind: str) -> list[str]:
    return [e.text for e in events if e.kind == kind]


def platoon(command: str, first_section: str, *support: str, hero: str = "") -> str:
    """One `[[army.platoon]]` block of an army file (content.py's format); `hero` is the inline
    table's body, e.g. `unit = "U-A09", joins = "U-A01"`."""
    lines = ["[[army.platoon]]", f'command = "{command}"', f'first_section = "{first_section}"']
    if support:
        lines.append("support = [" + ", ".join(f'"{s}"' for s in support) + "]")
    if hero:
        lines.append(f"hero = {{ {hero} }}")
    return "\n".join(lines) + "\n"


def army(army_id: str, faction: str, *platoons: str, name: str = "") -> str:
    """One `[[army]]` entry with its platoons."""
    head = f'[[army]]\nid = "{army_id}"\nname = "{name or army_id}"\nfaction = "{faction}"\n'
    return head + "".join(platoons)


def army_file(path: Path, *armies: str) -> Path:
    """Write the army entries to `path` (an army file for the `armies` option)."""
    path.write_text("\n".join(armies), encoding="utf-8")
    return path
