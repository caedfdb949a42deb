"""The `where` decision: a placement chosen in stages or proposed exactly (rules/placement.py),
and what it does once final for each purpose: a unit deployed (DW-SET-05), a Move or Move
reaction made (DW-MOVE-01..08, DW-REA-04), a Regroup's followers moved (DW-CMD-07) or a retreat
finished (DW-SUP-06)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.actions import Action
from warroom.core.rng import Rng
from warroom.games.dust_warfare.rules import placement

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

_WORDS = {
    placement.DEPLOY: "deploys",
    placement.MOVE: "moves",
    placement.REACT: "moves",
    placement.REGROUP: "regroups",
    placement.RETREAT: "retreats",
}


def where_options(st: DustState) -> list[Action]:
    return placement.options(st)


def where_legal(st: DustState, action: Action) -> bool:
    return placement.legal(st, action)


def where_sample(st: DustState, rng: Rng) -> Action:
    return placement.sample(st, rng)


def where_apply(st: DustState, action: Action) -> None:
    """One stage, or the final placement: the unit stands there."""
    final = placement.chosen(st, action)
    if final is None:
        return  # the next stage of the same decision
    placing = st.placing
    assert placing is not None
    u = placing["unit"]
    placement.put(st, u, final)
    centres = ", ".join(f"({x:g}, {y:g})" for x, y in final.centres)
    facing = "" if final.facing is None else f" facing {final.facing:g}°"
    st.say(
        "placed",
        f"{st.unit(u).name} {_WORDS[placing['purpose']]} to {centres}{facing}",
        None,
        unit=u,
        purpose=placing["purpose"],
        centres=[list(c) for c in final.centres],
        facing=final.facing,
    )
    st.placing = None
    st.decision = None
