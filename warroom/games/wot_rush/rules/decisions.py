"""The kinds of decision a seat can be asked for (wot_rush.md §4.1)."""

from __future__ import annotations

from enum import IntEnum


class Decision(IntEnum):
    MAIN = 0  # DP-02: the next play of Phase II, or end it
    PAY = 1  # DP-03: the paying cards of a purchase
    MORE = 2  # DP-04: another printed ability of the card, or stop
    SCOUT = 3  # DP-05: Reconnaissance
    RESEARCH = 4  # DP-06
    REPAIR = 5  # DP-07
    SABOTAGE = 6  # DP-08: a victim's discard
    PLACE = 7  # DP-09: which base the new defender guards
    DECLARE = 8  # DP-10: the attacking cards
    FIRE = 9  # DP-11: one attack step
    REWARD = 10  # DP-12: the medal mix
    OVER = 11  # the game has ended


# Decisions that the engine takes alone when they leave a single option (see dispatch.apply).
AUTOMATIC = frozenset({Decision.PLACE, Decision.REWARD, Decision.SABOTAGE, Decision.RESEARCH})
