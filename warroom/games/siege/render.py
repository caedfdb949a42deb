"""Siege drawn as text for the terminal: the six sectors as columns, rings as rows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.game import Action
from warroom.games.siege.board import SECTORS, colour_of, space
from warroom.games.siege.words import AIMED, VEHICLES, Ring

if TYPE_CHECKING:
    from warroom.games.siege.actions import SiegeAction
    from warroom.games.siege.state import SiegeState

SHORT = dict(zip(VEHICLES, ("Sd", "P3", "Ti", "P2", "P4", "Ma", "Pa"), strict=True))  # a vehicle in a cell
WIDTH = 15


def _cell(st: SiegeState, sp: int) -> str:
    kind_of, tokens = st.content.token_kind_of, st.content.tokens
    items = []
    for tid in sorted(st.enemies_at(sp)):
        mark = "*" if tid == st.hedgehog else ""
        items.append(f"{SHORT.get(tokens[kind_of[tid]].kind, '??')}{st.armour[tid]}#{tid}{mark}")
    return " ".join(items)


def render(st: SiegeState, player: int | None) -> str:
    v = st.view(player)
    lines = [f"War Thunder: Siege - turn {st.turn}, player {st.active}'s turn, {v['result']}"]
    lines.append(" " * 10 + "".join(f"{s} {colour_of(s).name.lower():<{WIDTH - 2}}" for s in SECTORS))
    for ring in (Ring.REAR, Ring.AVIATION, Ring.ARTILLERY, Ring.TANK):
        lines.append(
            f"{ring.name.lower():<10}" + "".join(f"{_cell(st, space(s, ring)):<{WIDTH}}" for s in SECTORS)
        )
    forts = [("FORT+DOT" if st.dot[s - 1] else "FORT") if st.fort[s - 1] else "-- open --" for s in SECTORS]
    lines.append(f"{'walls':<10}" + "".join(f"{f:<{WIDTH}}" for f in forts))
    city = [
        ("BUILDING " if st.building[s - 1] else "ruins ") + _cell(st, space(s, Ring.CITY)) for s in SECTORS
    ]
    lines.append(f"{'city':<10}" + "".join(f"{c:<{WIDTH}}" for c in city))
    lines.append(
        f"deck {v['deck_count']}  discard {len(v['discard'])}  reserve {v['reserve_count']}  "
        f"hedgehog {'on #' + str(v['hedgehog']) if v['hedgehog'] is not None else 'in supply'}  "
        f"DOTs in supply {v['dots_in_supply']}  (* = held by the hedgehog)"
    )
    for p, hand in enumerate(v["hands"]):
        you = " (you)" if p == player else ""
        out = " OUT" if v["eliminated"][p] else ""
        lines.append(f"player {p}{you}{out}: {', '.join(hand) or '-'}   trophies {v['scores'][p]} pts")
    if "marshal" in v:
        m = v["marshal"]
        hand = ", ".join(m["hand"]) if "hand" in m else f"{m['hand_count']} hidden token(s)"
        lines.append(f"Field Marshal (player {m['seat']}): {hand}")
    return "\n".join(lines)


def describe(st: SiegeState, action: Action) -> str:
    """The action's text, with the named target spelled out for a person."""
    a: SiegeAction = action  # type: ignore[assignment]  # only SiegeActions reach here
    if a.verb in AIMED and a.b in st.pos:
        return f"{a.text}  ({st.enemy_label(a.b)})"
    return a.text
