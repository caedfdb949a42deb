"""Every kind of decision and every agenda job, declared once for the core's turn engine
(dust_warfare.md §4.1): how each kind lists its options (the rules modules) and what an option
does. `where` (a placement) also accepts exact-coordinate proposals through its predicate and
draws random legal ones without listing (DW-GEO-17). `hit`, `leader` and `activate` are
`forced`: with a single option the engine takes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.engine import DecisionKind, Rules
from warroom.games.dust_warfare.rules import (
    activation,
    attack,
    command,
    fortify,
    hidden,
    moves,
    night,
    offtable,
    reaction,
    scout,
    secret,
    setup,
    specials,
    terrain,
    turn,
)

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

RULES: Rules[DustState] = Rules(
    [
        DecisionKind("edge", setup.edge_options, setup.edge_apply),  # D-04
        DecisionKind("sequence", setup.order_options, setup.order_apply),  # D-04
        DecisionKind("pick", setup.pick_options, setup.pick_apply, forced=True),  # D-09
        DecisionKind("deploy_as", offtable.how_list, offtable.how_apply),  # D-09, DW-SET-06/07
        DecisionKind(
            "where",
            moves.where_options,
            moves.where_apply,
            legal=moves.where_legal,
            sample=moves.where_sample,
        ),
        DecisionKind(
            "temporary", command.temporary_options, command.temporary_apply, forced=True
        ),  # DW-CMD-10
        DecisionKind("command", command.order_options, command.order_apply),  # D-11
        DecisionKind("activate", activation.activate_options, activation.activate_apply, forced=True),  # D-13
        DecisionKind("leader", activation.leader_options, activation.leader_apply, forced=True),  # D-14
        DecisionKind("action", activation.action_options, activation.action_apply),  # D-12, D-14..17
        DecisionKind("react", reaction.react_options, reaction.react_apply),  # D-19
        DecisionKind("hit", attack.hit_options, attack.hit_apply, forced=True),  # D-20
        DecisionKind("heal", specials.heal_options, specials.heal_apply),  # D-17
        DecisionKind("terrain", terrain.terrain_options, terrain.terrain_apply),  # D-05
        DecisionKind("fort", fortify.fort_options, fortify.fort_apply),  # D-06
        DecisionKind("dig", fortify.dig_options, fortify.dig_apply),  # D-07
        DecisionKind(
            "objective",
            secret.objective_options,
            lambda st, a: None,
            secret=True,
            reveal=secret.reveal,
            said=secret.said,
        ),  # D-08
        DecisionKind("arrival", night.arrival_options, night.arrival_apply),  # DW-NE-13
        DecisionKind(
            "marker",
            night.marker_options,
            night.marker_apply,
            legal=night.marker_legal,
            sample=night.marker_sample,
        ),  # D-09, DW-NE-07
        DecisionKind("conceal", hidden.conceal_options, hidden.conceal_apply),  # D-14, DW-NE-14
    ],
    {
        "roll_off": setup.roll_off_job,
        "terrain_roll": terrain.roll_job,
        "terrain_next": terrain.next_job,
        "secrets": secret.secrets_job,
        "forts": fortify.forts_job,
        "minefield": fortify.minefield_job,
        "dig": fortify.dig_job,
        "deploy_phase": setup.deploy_phase_job,
        "deploy": setup.deploy_job,
        "scouts": scout.scouts_job,  # DW-ABL-17 (a)
        "scout": scout.scout_job,
        "deployed": setup.deployed_job,
        "turn": turn.turn_job,
        "initiative": turn.initiative_job,
        "check": turn.check_job,
        "end_phase": turn.end_phase_job,
        "command": command.command_job,
        "more_orders": command.more_job,
        "regroup_move": command.regroup_move_job,
        "unit_phase": activation.unit_phase_job,
        "steps": activation.steps_job,
        "next_action": activation.next_action_job,
        "after_move": activation.after_move_job,
        "charge": activation.charge_job,
        "ordered_done": activation.ordered_done_job,
        "attack": attack.attack_job,
        "assign": attack.assign_job,
        "medic_hit": specials.medic_hit_job,
        "reacted": reaction.reacted_job,
        "react_again": reaction.again_job,
        "markers": night.markers_job,
    },
)
