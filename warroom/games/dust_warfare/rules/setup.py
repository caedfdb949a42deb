"""Setup and deployment (dust_warfare.md DW-SET-04/05, DW-GEN-05, DW-FB-01..03, D-04, D-09).

The pre-game sequence of DW-SET-04 for a scenario with a map: armies and Hero attachments are
fixed by the game's options (army.py); the deployment roll-off (DW-GEN-05) gives its winner the
scenario's choices (First Battle: the long edge, then whether to deploy first, DW-FB-02); then
the players deploy one unit at a time, alternately from the first deployer, and when one has
nothing left the other deploys the rest (DW-SET-05). Which unit goes next is the deployer's
choice; where is a placement (rules/placement.py) wholly within the zone, in formation, on a
legal position. A unit with no legal placement starts in reserve (DW-SET-05/06).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.actions import Action
from warroom.core.rng import Rng
from warroom.games.dust_warfare.rules import night, offtable
from warroom.games.dust_warfare.rules.dice import faces_text, roll_off
from warroom.games.dust_warfare.words import Edge, Phase, RollOffChoice, TerrainMethod

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState


def start(st: DustState, seed: int) -> None:
    """DW-SET-04: a new game begins with the deployment roll-off."""
    st.rng = Rng(seed)
    scenario = st.game.scenario
    jobs: list[list[Any]] = []
    if scenario.terrain.method is TerrainMethod.PLACEMENT and not scenario.deployment.roll_off_before_terrain:
        jobs.append(["terrain_roll"])  # step 3 (DW-BTL-01)
    if scenario.secret_objective:
        jobs.append(["secrets"])  # step 4 (DW-SM-02)
    jobs.append(["roll_off"])  # step 7
    st.push(*jobs)
    st.run()


def roll_off_job(st: DustState, _job: list[Any]) -> None:
    """DW-FB-02, DW-GEN-05: the deployment roll-off; the winner makes the scenario's choices.
    In a campaign the loser of the previous battle wins it without rolling (DW-CAMP-04)."""
    forced = int(st.game.options["roll_off"])
    if forced >= 0:
        st.say(
            "roll_off",
            f"the {st.side_name(forced)} lost the previous battle and win the roll-off (DW-CAMP-04)",
            None,
            winner=forced,
            rolls=[],
        )
        _choose(st, forced)
        return
    winner, rolls = roll_off(st.rng)
    text = "; ".join(
        f"Allies {faces_text(a)}, Axis {faces_text(b)}" for a, b in zip(rolls[::2], rolls[1::2], strict=True)
    )
    st.say(
        "roll_off",
        f"deployment roll-off: {text}: the {st.side_name(winner)} choose",
        None,
        winner=winner,
        rolls=rolls,
    )
    _choose(st, winner)


def _choose(st: DustState, winner: int) -> None:
    choices = st.game.scenario.deployment.choice
    if RollOffChoice.EDGE in choices:
        st.decide("edge", winner)
    else:
        st.edges = [Edge.SOUTH.value, Edge.NORTH.value]
        _after_edge(st, winner)


def edge_options(st: DustState) -> list[Action]:
    table = st.game.actions
    return [table.edge[Edge.SOUTH], table.edge[Edge.NORTH]]


def edge_apply(st: DustState, action: Action) -> None:
    """D-04: the winner's long edge; the opponent takes the opposite one (DW-FB-02)."""
    seat = st.current_player()
    edge = Edge(action.part("edge"))
    edges: list[str | None] = [None, None]
    edges[seat], edges[1 - seat] = edge.value, edge.opposite.value
    st.edges = edges
    st.say("edge", f"the {st.side_name(seat)} take the {edge.value} edge", None, player=seat, edge=edge.value)
    st.decision = None
    _after_edge(st, seat)


def _after_edge(st: DustState, winner: int) -> None:
    deployment = st.game.scenario.deployment
    if "order" in deployment.choice:
        st.decide("sequence", winner)
    elif deployment.roll_off_before_terrain:
        # DW-FL-02: the winner places the first terrain piece, the first fortification and
        # deploys first (DW-FL-04/05)
        st.first = winner
        st.placer = winner
        st.push(["terrain_next"], ["forts"], ["deploy_phase", winner])
    else:
        _start_deployment(st, winner)


def deploy_phase_job(st: DustState, job: list[Any]) -> None:
    st.placer = job[1]
    _start_deployment(st, job[1])


def order_options(st: DustState) -> list[Action]:
    table = st.game.actions
    return [table.deploy[True], table.deploy[False]]


def order_apply(st: DustState, action: Action) -> None:
    """D-04: the winner deploys first or second."""
    seat = st.current_player()
    first = seat if action.part("order") else 1 - seat
    st.say("order", f"the {st.side_name(first)} deploy first", None, first=first)
    st.decision = None
    _start_deployment(st, first)


def _start_deployment(st: DustState, first: int) -> None:
    if st.game.scenario.camouflage:  # DW-NE-02/05: unit markers instead of units
        night.start(st, first)
        return
    st.first = first
    st.deployer = first
    st.phase = Phase.DEPLOYMENT.value
    st.push(["deploy"])


def _pending(st: DustState, seat: int) -> list[int]:
    return offtable.pending(st, seat)  # Black ops units last (DW-ABL-04)


def deploy_job(st: DustState, _job: list[Any]) -> None:
    """DW-SET-05: the next deployer picks a unit, or the turns begin when all are down."""
    seat = st.deployer
    if not _pending(st, seat):
        seat = 1 - seat
        if not _pending(st, seat):
            forts = st.game.scenario.fortifications
            if forts is not None and forts.dug_in:  # DW-FL-03: then each may dig in one unit
                st.push(["dig", st.first], ["dig", 1 - st.first], ["scouts"], ["turn"])
            else:
                st.push(["scouts"], ["turn"])  # DW-SET-04 step 8 (DW-ABL-17)
            return
    st.deployer = seat
    st.decide("pick", seat)


def pick_options(st: DustState) -> list[Action]:
    table = st.game.actions
    return [table.unit[u] for u in _pending(st, st.current_player())]


def pick_apply(st: DustState, action: Action) -> None:
    """D-09: the unit to deploy; with no legal placement it starts in reserve (DW-SET-05)."""
    seat = st.current_player()
    u = action.part("unit")
    st.decision = None
    st.push(["deployed", u])
    offtable.pick(st, u, seat)  # on the table, in reserve or aboard (DW-SET-05..07, DW-ABL-04)


def deployed_job(st: DustState, job: list[Any]) -> None:
    """After a unit is placed, the other player deploys next (DW-SET-05)."""
    st.deployer = offtable.next_deployer(st, st.unit(job[1]).seat)
    st.push(["deploy"])
