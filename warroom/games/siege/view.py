"""What each seat may see (siege.md §4 hidden information), and the figures of a finished game.

Public: the board, hands (dealt face up), both discard piles, trophies, counts of the deck, the
reserve and the Field Marshal's hand. Hidden: deck and reserve order; the marshal's tokens from
everyone but him.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.game import JSON
from warroom.games.siege.board import RING_OF, SECTOR_OF, SECTORS
from warroom.games.siege.words import Ask, Mode, Result

if TYPE_CHECKING:
    from warroom.games.siege.state import SiegeState


def view(st: SiegeState, player: int | None) -> JSON:
    g = st.siege
    cards = st.content.cards
    kind_of = st.content.token_kind_of
    tokens = st.content.tokens
    fm = g.marshal_seat
    doc: JSON = {
        "game": "siege",
        "players": g.num_players,
        "mode": g.options["mode"],
        "turn": st.turn,
        "active": st.active,
        "current_player": st.current_player(),
        "decision": _decision(st),
        "result": Result(st.result).name.lower(),
        "buildings": {s: st.building[s - 1] for s in SECTORS},
        "fortifications": {s: st.fort[s - 1] for s in SECTORS},
        "dots": {s: st.dot[s - 1] for s in SECTORS},
        "dots_in_supply": 2 - sum(st.dot),
        "hedgehog": st.hedgehog if st.hedgehog >= 0 else None,
        "enemies": [
            {
                "id": tid,
                "kind": tokens[kind_of[tid]].kind,
                "name": tokens[kind_of[tid]].name,
                "armour": st.armour[tid],
                "max_armour": tokens[kind_of[tid]].armour,
                "sector": SECTOR_OF[sp],
                "ring": RING_OF[sp].name.lower(),
            }
            for tid, sp in sorted(st.pos.items())
        ],
        "hands": [[cards[k].kind for k in sorted(hand)] for hand in st.hands],
        "hand_limit": g.hand_limit,
        "deck_count": len(st.deck),
        "discard": [cards[k].kind for k in st.discard],
        "cards_removed": [cards[k].kind for k in st.cards_removed],
        "reserve_count": len(st.reserve),
        "enemy_discard": [tokens[kind_of[t]].kind for t in st.enemy_discard],
        "tokens_removed": sorted(tokens[kind_of[t]].kind for t in st.tokens_removed),
        "trophies": [[tokens[kind_of[t]].kind for t in pile] for pile in st.trophies],
        "scores": scores(st),
        "claims": st.claims if g.options["my_home_is_my_fortress"] else None,
        "eliminated": st.out,
        "trades_done": st.trades_done,
        "patrol": st.patrol,
        "adversary_seats": [fm] if fm >= 0 else [],
        "ranking": ranking(st),
    }
    if fm >= 0:
        staged = sorted(tokens[kind_of[t]].kind for t in st.staged)
        doc["marshal"] = {"seat": fm, "hand_count": len(st.marshal_hand), "played": staged}
        if player == fm:
            doc["marshal"]["hand"] = sorted(tokens[kind_of[t]].kind for t in st.marshal_hand)
    return doc


def _decision(st: SiegeState) -> dict[str, Any] | None:
    if st.decision is None:
        return None
    kind, who, *data = st.decision
    out: dict[str, Any] = {"kind": str(kind), "player": who}
    if kind == Ask.ANSWER:
        out["offered"] = st.content.cards[data[0]].kind
    elif kind == Ask.HIT:
        out["structure"], out["sector"], out["enemies"] = str(data[0]), data[1], list(data[2])
    return out


def scores(st: SiegeState) -> list[int]:
    """Trophy points: special 4, Tiger 3, Pz.III 2, Sd.Kfz 1 (SG-SCORE-01)."""
    tokens, kind_of = st.content.tokens, st.content.token_kind_of
    return [sum(tokens[kind_of[t]].trophy for t in pile) for pile in st.trophies]


def ranking(st: SiegeState) -> list[int] | None:
    """Rank per defender after a win: points, then trophy count, else shared (SG-SCORE-02..05);
    None while running, after a loss, or in Shoulder to Shoulder (SG-S2S-01)."""
    if st.result != Result.WON or st.siege.mode is Mode.SHOULDER_TO_SHOULDER:
        return None
    keys = [(pts, len(pile)) for pts, pile in zip(scores(st), st.trophies, strict=True)]
    return [1 + sum(other > mine for other in keys) for mine in keys]


def summary(st: SiegeState) -> JSON:
    tokens, kind_of = st.content.tokens, st.content.token_kind_of
    trophies: dict[str, int] = {}
    for pile in st.trophies:
        for t in pile:
            trophies[tokens[kind_of[t]].kind] = trophies.get(tokens[kind_of[t]].kind, 0) + 1
    return {
        "won": st.result == Result.WON,
        "turns": st.turn,
        "buildings_left": sum(st.building),
        "fortifications_left": sum(st.fort),
        "enemies_on_board": len(st.pos),
        "reserve_left": len(st.reserve),
        "trophy_points": sum(scores(st)),
        "trophies": trophies,
    }
