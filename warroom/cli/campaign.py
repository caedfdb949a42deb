"""`warroom campaign dust_warfare`: a Dust Warfare campaign of 3-5 battles played by agents
(dust_warfare.md DW-CAMP-01..04; warroom/games/dust_warfare/campaign.py), battle by battle, then
the Campaign Points, total SP and the campaign's winner."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.markup import escape

from warroom.cli.common import out, user_errors
from warroom.core.errors import OptionError


def campaign(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="dust_warfare (the game with campaigns).")],
    *,
    battles: Annotated[
        str,
        typer.Option(
            help="Comma-separated scenarios, 3 to 5 (DW-CAMP-01), by file name or id.",
        ),
    ] = "first-battle,front-lines,night-encounter,secret-mission",
    agents: Annotated[
        str, typer.Option(help="One agent for both sides, or 'allies,axis' (e.g. heuristic,random).")
    ] = "heuristic",
    seed: Annotated[
        int, typer.Option(help="The campaign's seed; each battle's seed is derived from it.")
    ] = 0,
    heroes: Annotated[bool, typer.Option(help="Both armies add their optional Hero (DW-FB-01).")] = False,
    armies: Annotated[
        str, typer.Option(help="An army-list TOML file, rebuilt for every battle that allows chosen armies.")
    ] = "",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play a campaign: 1 Campaign Point per battle won, the loser of a battle wins the next
    roll-off, ties broken by total SP (DW-CAMP-03/04)."""
    from warroom.agents import agent_names
    from warroom.games.dust_warfare.campaign import Battle, CampaignSpec, run
    from warroom.games.dust_warfare.game import DustWarfareGame

    with user_errors():
        if game_id != "dust_warfare":
            raise OptionError(f"campaigns are Dust Warfare's (DW-CAMP-01), not {game_id!r}'s")
        names = [a.strip() for a in agents.split(",") if a.strip()]
        if len(names) == 1:
            names *= 2
        if len(names) != 2:
            raise OptionError(f"give one agent or two (allies,axis), not {len(names)}")
        known = agent_names(DustWarfareGame())
        for name in names:
            if name not in known:
                raise OptionError(f"unknown agent {name!r}; choose one of: {', '.join(known)}")
        spec = CampaignSpec(
            tuple(b for b in battles.split(",") if b.strip()), (names[0], names[1]), seed, heroes, armies
        )

        def said(battle: Battle) -> None:
            if as_json:
                return
            who = {0: "the Allies win", 1: "the Axis win", -1: "a draw"}[battle.winner]
            given = "rolled" if battle.roll_off < 0 else f"given to {('Allies', 'Axis')[battle.roll_off]}"
            out.print(
                f"battle {battle.number}: {escape(battle.scenario)} (seed {battle.seed}, roll-off "
                f"{given}): Allies {battle.scores[0]} SP, Axis {battle.scores[1]} SP, {who}"
            )

        result = run(spec, said)
    doc = result.to_json()
    if as_json:
        print(json.dumps(doc, indent=2))
        return
    points, sp = doc["campaign_points"], doc["total_sp"]
    verdict = {0: "the Allies win the campaign", 1: "the Axis win the campaign", -1: "the campaign is a draw"}
    out.print(
        f"Campaign Points: Allies {points[0]}, Axis {points[1]}; total SP: Allies {sp[0]}, Axis {sp[1]}: "
        f"{verdict[doc['winner']]}"
    )
