"""The game turn (dust_warfare.md DW-TURN-01..04, DW-INIT-01..06, DW-END-01/02): initiative
and orders, the phases in order, the End phase and the end of the game.

Each turn pushes its phases as jobs: `initiative`, then the Initiating and the Responding
player's Command phases (rules/command.py), their Unit phases (rules/activation.py), and the
End phase; a `check` after every phase ends the game early when a player has no units left
(DW-TURN-03).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.games.dust_warfare.rules import custom, hidden, scoring, secret, transport
from warroom.games.dust_warfare.rules.dice import faces_text, hits, roll, roll_off
from warroom.games.dust_warfare.rules.specials import return_spot
from warroom.games.dust_warfare.table_words import unit_title
from warroom.games.dust_warfare.words import Ability, Phase, Status

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState


def turn_job(st: DustState, _job: list[Any]) -> None:
    """DW-TURN-02: a new game turn: Initiative, Command, Unit and End phases."""
    st.turn += 1
    st.done = [False] * len(st.done)
    st.attacked = [False] * len(st.attacked)
    st.fallen = [[] for _ in st.fallen]
    st.say("turn", f"turn {st.turn} begins", None, turn=st.turn)
    st.push(["initiative"])


def pool(st: DustState, seat: int) -> int:
    """DW-INIT-01: one die per unit on the battlefield, hidden ones included (DW-BTL-07), and
    one more per joined Hero still standing; off-table units do not count."""
    n = 0
    # embarked units count too (DW-INIT-01, rules/transport.py)
    for u in st.table_units(seat) + hidden.hidden_units(st, seat) + transport.embarked(st, seat):
        n += 1
        unit = st.unit(u)
        hero = unit.hero_model
        if unit.hero_kind is not None and hero is not None and not st.dead[u][hero]:
            n += 1
    return n


def has_command_bonus(st: DustState, seat: int) -> bool:
    """DW-INIT-05: a unit with the Command Squad ability on the table with a Unit Leader gives
    +1 order, however many there are (a temporary section never does, DW-CMD-10)."""
    units = st.table_units(seat) + hidden.hidden_units(st, seat)  # a hidden one too (DW-CMD-13)
    return any(st.unit(u).has(Ability.COMMAND_SQUAD) and st.leader[u] >= 0 for u in units)


def initiative_job(st: DustState, _job: list[Any]) -> None:
    """DW-INIT-02..06: both roll their pools together; fewer hits initiates; ties reroll both
    pools; two empty pools use a roll-off (fewer hits initiates, 1 order each). Orders = the
    final roll's hits, at least 1, +1 for a Command Squad."""
    st.phase = Phase.INITIATIVE.value
    pools = [pool(st, 0), pool(st, 1)]
    if pools == [0, 0]:
        winner, rolls = roll_off(st.rng)
        initiator = 1 - winner  # the fewer hits initiates
        st.say(
            "initiative",
            f"both pools empty: roll-off {faces_text(rolls[-2])} / {faces_text(rolls[-1])}",
            None,
            rolls=rolls,
        )
        counts = [1, 1]
    else:
        while True:
            faces = [roll(st.rng, pools[0]), roll(st.rng, pools[1])]
            counts = [hits(faces[0]), hits(faces[1])]
            st.say(
                "initiative",
                f"initiative: Allies {faces_text(faces[0])} ({counts[0]}), "
                f"Axis {faces_text(faces[1])} ({counts[1]})",
                None,
                faces=faces,
                hits=counts,
            )
            if counts[0] != counts[1]:
                break
        initiator = 0 if counts[0] < counts[1] else 1
        counts = [max(1, c) for c in counts]
    fixed = custom.fixed_initiator(st)  # DW-CAMP-05: a custom scenario's fixed turn 1
    if fixed is not None:
        initiator = fixed
    st.initiator = initiator
    st.orders = [c + (1 if has_command_bonus(st, s) else 0) for s, c in enumerate(counts)]
    st.say(
        "orders",
        f"the {st.side_name(initiator)} initiate; orders: Allies {st.orders[0]}, Axis {st.orders[1]}",
        None,
        initiator=initiator,
        orders=list(st.orders),
    )
    responder = 1 - initiator
    st.push(
        ["command", initiator],
        ["check"],
        ["command", responder],
        ["check"],
        ["unit_phase", initiator],
        ["check"],
        ["unit_phase", responder],
        ["check"],
        ["end_phase"],
    )


def end_phase_job(st: DustState, _job: list[Any]) -> None:
    """DW-END-01: remove every Reaction marker; end-phase abilities (Self repair, DW-ABL-18;
    Wiederbelebungsserum, DW-ABL-23),
    the Initiating player's first; after turn N the game ends and is scored. Suppression,
    damage and Reload markers persist (DW-END-02)."""
    st.phase = Phase.END.value
    st.reaction = [False] * len(st.reaction)
    for seat in (st.initiator, 1 - st.initiator):
        for u in st.table_units(seat):
            unit = st.unit(u)
            if unit.has(Ability.SELF_REPAIR) and st.dmg[u][0] > 0:
                face = roll(st.rng, 1)
                if hits(face):
                    st.dmg[u] = [st.dmg[u][0] - 1]
                st.say("self_repair", f"{unit_title(st, u)} self repair: {faces_text(face)}", None, unit=u)
            if unit.has(Ability.WIEDERBELEBUNGSSERUM) and st.fallen[u]:
                revive(st, u)
    if not custom.game_goes_on(st):  # DW-TURN-01, DW-CAMP-05 variable length
        finish(st)
    else:
        st.push(["turn"])


def revive(st: DustState, u: int) -> None:
    """DW-ABL-23: one die per miniature of the unit destroyed this turn; each hit returns one
    with full capacity within its leader's LR and not within 1" of an enemy (the first fallen
    first: a designed stand-in for the owner's choice); nothing for a unit wholly destroyed."""
    faces = roll(st.rng, len(st.fallen[u]))
    back = 0
    for m in st.fallen[u][: hits(faces)]:
        spot = return_spot(st, u, m)
        if spot is None:
            continue
        pos, dead, dmg = list(st.pos[u]), list(st.dead[u]), list(st.dmg[u])
        pos[m], dead[m], dmg[m] = [spot[0], spot[1], None], False, 0
        st.pos[u], st.dead[u], st.dmg[u] = pos, dead, dmg
        st.touch()
        back += 1
    st.say(
        "serum", f"{unit_title(st, u)} Wiederbelebungsserum {faces_text(faces)}: {back} return", None, unit=u
    )


def check_job(st: DustState, _job: list[Any]) -> None:
    """DW-TURN-03: at the end of a phase, a player with no units at all (on the table or off
    it) loses."""
    for seat in (0, 1):
        if all(st.status[u] == Status.DESTROYED for u in st.units_of(seat)):
            st.loser = seat
            finish(st)
            return


def finish(st: DustState) -> None:
    """Score the game (§3.19) and end it."""
    st.scores = scoring.scores(st, secret.bonus)
    st.phase = Phase.OVER.value
    outcome = st.outcome()
    assert outcome is not None
    st.say("game_over", outcome.text, None, scores=list(st.scores))
    st.finish()
