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
