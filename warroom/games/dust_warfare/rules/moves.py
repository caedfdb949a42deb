"""The `where` decision: a placement chosen in stages or proposed exactly (rules/placement.py),
and what it does once final for each purpose: a unit deployed (DW-SET-05), a Move or Move
reaction made (DW-MOVE-01..08, DW-REA-04), a Regroup's followers moved (DW-CMD-07) or a retreat
finished (DW-SUP-06)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.actions import Action
from warroom.core.rng import Rng
from warroom.games.dust_warfare.geometry import Placement, Point2, UnitMove
from warroom.games.dust_warfare.rules import arrival, fortify, placement
from warroom.games.dust_warfare.table_words import placed

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

_WORDS = {
    placement.DEPLOY: "deploys",
    placement.MOVE: "moves",
    placement.REACT: "moves",
    placement.REGROUP: "regroups",
    placement.RETREAT: "retreats",
    arrival.ENTER: "enters",
    arrival.DROP: "drops",
    arrival.BLACK_OPS: "deploys",
    arrival.DISEMBARK: "disembarks",
    arrival.SCOUT: "scouts",
}


def _verb(placing: dict[str, Any]) -> str:
    """What the unit did, in one word: a Move action says which (DW-ACT-05: a March Move,
    DW-ABL-11: a Jump): a Move is said once, where it ended, with no line of its own declaring it."""
    word = _WORDS[placing["purpose"]]
    if placing["purpose"] != placement.MOVE:
        return word
    if placing.get("jump"):
        return "jumps (March)" if placing.get("march") else "jumps"
    return "marches" if placing.get("march") else word


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
    touched = _minefields(st, placing, final)
    placement.put(st, u, final)
    st.say(
        "placed",
        placed(st, u, _verb(placing), final.centres, final.facing),
        None,
        unit=u,
        purpose=placing["purpose"],
        centres=[list(c) for c in final.centres],
        facing=final.facing,
        march=bool(placing.get("march")),
        jump=bool(placing.get("jump")),
    )
    st.placing = None
    st.decision = None
    for mx, my, n in touched:  # DW-BTL-03: at the end of the Move, before any reaction
        st.push(["minefield", u, mx, my, n])


def _minefields(st: DustState, placing: dict[str, Any], final: Placement) -> list[tuple[float, float, int]]:
    """The minefields a Move's swept paths touched (the engine's shortest legal paths, DW-GEO-17;
    a Jump's straight line), with how many miniatures touched each (DW-BTL-03)."""
    if st.mines and placing["purpose"] in arrival.PURPOSES:  # entries, drops, disembarking, scouts
        swept, jump = arrival.swept(placement.context(st), final)
        return [(st.mines[i][1], st.mines[i][2], n) for i, n in fortify.crossed(st, swept, jump)]
    if not st.mines or placing["purpose"] not in (placement.MOVE, placement.REACT, placement.RETREAT):
        return []
    ctx = placement.context(st)
    assert isinstance(ctx, UnitMove)
    jump = bool(placing.get("jump"))
    paths: list[tuple[list[Point2], float]] = []
    strides = None if jump else ctx.strides()
    for i, (base, end) in enumerate(zip(ctx.bases, final.centres, strict=True)):
        path: list[Point2] = [base.centre, end]
        if strides is not None and not (placing["purpose"] == placement.RETREAT and i == 0):
            found = strides[i].path_to(*end)
            if found is not None:
                path = list(found)
        paths.append((path, base.r))
    return [(st.mines[i][1], st.mines[i][2], n) for i, n in fortify.crossed(st, paths, jump)]
