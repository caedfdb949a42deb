"""What each seat may see (wot_rush.md §4.2, WOT-INFO-01..06), and the figures of a finished game.

Public: bases and defenders with their damage, warehouses, the reserve, the vehicle discard pile,
the graveyard, medal decks, achievements in play, every pile's size, and the active player's
hand (face up from Phase I, WOT-REPAIR-02). Private: another seat's hand between its turns (the
owner sees it). Hidden from everyone: the order and contents of hangars and the vehicle deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.game import JSON
from warroom.games.wot_rush.rules.scoring import score_keys, winners
from warroom.games.wot_rush.words import NATIONS, Ability, Kind

if TYPE_CHECKING:
    from warroom.games.wot_rush.state import WotState


def _labels(st: WotState, cards: list[int]) -> list[str]:
    label, kind = st.wot.content.kind_label, st.wot.kind
    return [label[kind[c]] for c in cards]


def _seat(st: WotState, seat: int, player: int | None) -> JSON:
    k = st.wot.content.bases_per_player
    label = st.wot.content.label
    bases = []
    for s in range(k):
        i = seat * k + s
        guard = st.guard[i]
        bases.append({
            "slot": s + 1,
            "standing": st.base[i] >= 0,
            "damaged": st.base_dmg[i],
            "defender": label(guard) if guard >= 0 else None,
            "defender_damaged": st.guard_dmg[i],
        })  # fmt: skip
    hand = st.hand[seat]
    doc: JSON = {
        "bases": bases,
        "hand_count": len(hand),
        "hangar_count": len(st.hangar[seat]),
        "warehouse": _labels(st, st.warehouse[seat]),
    }
    if seat == player or st.is_hand_public(seat):
        doc["hand"] = _labels(st, hand)
    return doc


def view(st: WotState, player: int | None) -> JSON:
    c = st.wot.content
    doc: JSON = {
        "game": "wot_rush",
        "players": st.wot.num_players,
        "first_player": st.first,
        "turn": st.turn,
        "round": st.round,
        "active": st.active,
        "current_player": st.current_player(),
        "decision": _decision(st),
        "end_triggered": st.triggered,
        "over": st.decision is None,
        "seats": [_seat(st, p, player) for p in range(st.wot.num_players)],
        "reserve": _labels(st, st.reserve),
        "vehicle_deck_count": len(st.vdeck),
        "vehicle_discard": _labels(st, st.vdiscard),
        "graveyard": _labels(st, st.graveyard),
        "medal_decks": {NATIONS[n]: [len(st.medal1[n]), len(st.medal2[n])] for n in range(len(NATIONS))},
        "achievements": [c.achievements[a].id for a in st.achievements],
        "played_this_turn": sorted(_labels(st, sorted(st.played))),
        "purchases": st.purchases,
        "purchase_limit": st.limit,
        "attacked": st.attacked,
        "scores": st.scores or None,
    }
    return doc


def _decision(st: WotState) -> dict[str, Any] | None:
    """The pending decision and the play it belongs to (all public: the active hand is face up)."""
    decision = st.decision
    if decision is None:
        return None
    label = st.wot.content.label
    kind = decision.kind
    out: dict[str, Any] = {"kind": kind, "player": decision.seat}
    if st.card >= 0:
        out["card"] = label(st.card)
        out["pending_abilities"] = [Ability(a).name for a in st.pending]
    if kind == Kind.PAY:
        out["paid"], out["paid_total"] = st.paid, st.paid_total
    if st.declared:
        out["declared"] = [label(c) for c in st.declared]
        out["destroyed"] = st.destroyed
    if kind == Kind.REWARD:
        out["destroyed"] = st.destroyed
        out["nation"] = NATIONS[st.att_nation]
    if st.ability_n:
        out["n"] = st.ability_n
    if st.sab_queue:
        out["victims"] = list(st.sab_queue)
    return out


def summary(st: WotState) -> JSON:
    """Per-seat medals, game length and who won; `first_player_won` gives the first player's win
    rate over many games."""
    keys = score_keys(st)
    won = winners(st)
    doc: JSON = {
        "turns": st.turn,
        "rounds": st.round,
        "end_by_trigger": st.triggered,
        "first_player_won": st.first in won,
        "shared_victory": len(won) > 1,
        "winning_medals": max(key[0] for key in keys),
    }
    for p, key in enumerate(keys):
        doc[f"medals_p{p}"] = key[0]
    return doc
