"""What each seat may see (metro2033.md §3.23 HID): the JSON the renderers read.

Public (M33-HID-08): stations and their owners, heroes and where they stand, resources, armies,
VP, equipment, completed quests, how many face-down quests each player holds, whether a player
holds a scouting card and since which round, the active law and the one put to the vote, the
votes cast, the market, the discards of equipment and threats, every pile's size, the battle in
progress with the cards once revealed. Private: one's own face-down quests (M33-HID-01), one's
scouting card (M33-HID-03), one's 3 dealt battle cards (M33-HID-06), the cards one drew or peeked
at for a choice (M33-HID-02/04/05). Hidden from all: deck orders, the quest discard, the set-aside
battle card (M33-HID-07). A card id appears only where `knowledge` says the viewer knows it.

Shape (keys are stable; new keys may be added):

    {"game": "metro2033", "players": n, "viewer": seat|None, "round": r, "stage": 1|2,
     "space": "S"|"1".."9", "symbols": ["M", "P", ...], "first_player": seat,
     "seats": [{"seat", "faction", "hero", "army", "hero_at": station id|None, "wounded",
                "resources": {"M", "P", "A"}, "vp", "votes", "stations": [ids], "equipment": [ids],
                "completed": [quest ids], "quests_hidden": count, "quests": [ids] (the viewer only),
                "scouting": None | {"round": r, "card": id (the viewer only)}}],
     "stations": {id: {"owner": seat|None, "faction": f|None, "army": strength|None,
                       "heroes": [seats], "in_play": bool}},
     "market": [ids], "law": id|None, "proposal": id|None, "tally": [for, against],
     "reserve": {"M", "P", "A"}, "decks": {"equipment", "quest", "threat", "law": counts},
     "discards": {"equipment": [ids], "threat": [ids], "quest": count},
     "events_threat": id|None, "drawn": [ids the viewer knows], "drawn_count": n,
     "battle": None | {"kind", "station", "attacker": {"seat", "unit"}, "defender": {"seat", "unit"},
                       "threat": id|None, "cards": {"attacker", "defender"} once revealed,
                       "modifiers": [attacker, defender], "hand": [the viewer's dealt cards]},
     "decision": None | {"kind", "seat", "waiting": [seats]}, "secret": the core's secret_view,
     "winners": [seats] once over}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.game import JSON
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.cards import CARD
from warroom.games.metro2033.content import default_content
from warroom.games.metro2033.rules.common import RES_INDEX, vp
from warroom.games.metro2033.rules.events import votes
from warroom.games.metro2033.words import RESOURCES

if TYPE_CHECKING:
    from warroom.games.metro2033.state import MetroState

C = default_content()


def _res(values: list[int]) -> JSON:
    return {r.value: values[RES_INDEX[r]] for r in RESOURCES}


def _known(st: MetroState, player: int | None, cards: list[int]) -> list[str]:
    return [CARD[c] for c in cards if st.knowledge.knows(player, c)]


def _seat(st: MetroState, seat: int, player: int | None) -> JSON:
    at = st.hero_at[seat]
    doc: JSON = {
        "seat": seat,
        "faction": st.faction[seat] or None,
        "hero": st.hero[seat] or None,
        "army": st.army[seat],
        "hero_at": BOARD.ids[at] if at >= 0 else None,
        "wounded": st.wounded[seat],
        "resources": _res(st.res[seat]),
        "vp": vp(st, seat),
        "votes": votes(st, seat),
        "stations": [BOARD.ids[s] for s, owner in enumerate(st.owner) if owner == seat],
        "equipment": [CARD[c] for c in st.equip[seat]],
        "completed": [CARD[c] for c in st.done[seat]],
        "quests_hidden": len(st.quests[seat]),
        "scouting": None,
    }
    if seat == player:
        doc["quests"] = [CARD[c] for c in st.quests[seat]]
    if st.scouts[seat]:
        scouting: JSON = {"round": st.scout_round[seat]}
        if seat == player:
            scouting["card"] = CARD[st.scouts[seat][0]]
        doc["scouting"] = scouting
    return doc


def _stations(st: MetroState) -> JSON:
    heroes: dict[int, list[int]] = {}
    for seat, at in enumerate(st.hero_at):
        if at >= 0:
            heroes.setdefault(at, []).append(seat)
    out: JSON = {}
    for s, sid in enumerate(BOARD.ids):
        owner = st.owner[s]
        out[sid] = {
            "owner": owner if owner >= 0 else None,
            "faction": st.faction[owner] if owner >= 0 else None,
            "army": st.army[owner] if owner >= 0 else None,
            "heroes": heroes.get(s, []),
            "in_play": s in st.inplay,
        }
    return out


def _battle(st: MetroState, player: int | None) -> JSON | None:
    bt: dict[str, Any] = st.bt
    if not bt:
        return None
    threat = int(bt.get("threat", -1))
    doc: JSON = {
        "kind": bt["kind"],
        "station": BOARD.ids[int(bt["station"])],
        "attacker": {"seat": bt["aseat"] if bt["aseat"] >= 0 else None, "unit": bt["aunit"]},
        "defender": {"seat": bt["dseat"] if bt["dseat"] >= 0 else None, "unit": bt["dunit"]},
        "threat": CARD[threat] if threat >= 0 and st.knowledge.knows(player, threat) else None,
        "cards": {"attacker": bt["ca"], "defender": bt["cd"]} if bt["ca"] else None,
        "modifiers": [bt["ma"], bt["md"]],
        "hand": [],
    }
    if player is not None and any(st.bhand):
        if player == bt["aseat"]:
            doc["hand"] = [CARD[c] for c in st.bhand[0]]
        elif player == bt["dseat"]:
            doc["hand"] = [CARD[c] for c in st.bhand[1]]
    return doc


def view(st: MetroState, player: int | None) -> JSON:
    space = C.board.round_track.space_for_round(max(st.round, 1))
    decision = st.decision
    doc: JSON = {
        "game": "metro2033",
        "players": st.metro.num_players,
        "viewer": player,
        "round": st.round,
        "stage": st.stage,
        "space": space.space,
        "symbols": [s.value for s in space.symbols],
        "first_player": st.first,
        "seats": [_seat(st, seat, player) for seat in range(st.metro.num_players)],
        "stations": _stations(st),
        "market": [CARD[c] for c in st.market],
        "law": CARD[st.law] if st.law >= 0 else None,
        "proposal": CARD[st.proposal] if st.proposal >= 0 else None,
        "tally": list(st.tally),
        "reserve": _res(st.reserve),
        "decks": {
            "equipment": len(st.eq_deck),
            "quest": len(st.q_deck),
            "threat": len(st.t_deck),
            "law": len(st.law_deck),
        },
        "discards": {
            "equipment": [CARD[c] for c in st.eq_disc],
            "threat": [CARD[c] for c in st.t_disc],
            "quest": len(st.q_disc),
        },
        "events_threat": CARD[st.ethreat] if st.ethreat >= 0 else None,
        "drawn": _known(st, player, st.drawn),
        "drawn_count": len(st.drawn),
        "battle": _battle(st, player),
        "decision": None
        if decision is None
        else {"kind": decision.kind, "seat": decision.seat, "waiting": list(st.waiting_for())},
        "secret": st.secret_view(player),
    }
    if st.result is not None:
        doc["winners"] = list(st.result)
    return doc
