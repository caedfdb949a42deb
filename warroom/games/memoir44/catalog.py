"""The unchanging public facts a display needs: the scenario's printed board (terrain, bridges,
bunkers, hedgehogs, objectives) and the printed names and texts of cards and units.

Built from the loaded scenario, so an imported `.m44` board is drawn exactly as the engine
plays it (beach rows included)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.game import JSON
from warroom.games.memoir44.board import NAMES
from warroom.games.memoir44.content import CardKind
from warroom.games.memoir44.places import objective_words
from warroom.games.memoir44.words import SIDE_NAMES

if TYPE_CHECKING:
    from warroom.games.memoir44.game import Memoir44Game


def catalog(game: Memoir44Game) -> JSON:
    sc, content = game.scenario, game.content
    terrain = {
        NAMES[h]: content.terrain[t].kind
        for h, t in enumerate(sc.terrain)
        if content.terrain[t].kind != "clear"
    }
    return {
        "scenario": {
            "id": sc.id,
            "name": sc.name,
            "face": sc.board_face,
            "bottom": SIDE_NAMES[sc.bottom_side],
            "notes": sc.notes,
            "terrain": terrain,
            "bridge": [NAMES[h] for h, b in enumerate(sc.bridge) if b],
            "bunker": {NAMES[h]: SIDE_NAMES[side] for h, side in enumerate(sc.bunker) if side >= 0},
            "hedgehog": [NAMES[h] for h, b in enumerate(sc.hedgehog) if b],
            # each objective's hexes, and its words as the log says it ("the town on the Axis
            # right flank"): the markers' tooltips and the briefing name no coordinate
            "objectives": [
                {
                    "hexes": [NAMES[h] for h in o.hexes],
                    "side": SIDE_NAMES[o.side],
                    "permanent": o.permanent,
                    "name": objective_words(game, o.hexes, o.side),
                }
                for o in sc.objectives
            ],
        },
        "cards": {c.kind: _card(c) for c in content.cards},
        "units": {u.kind: {"name": u.name, "figures": u.figures} for u in content.units},
    }


def _card(card: CardKind) -> JSON:
    return {
        "name": card.name,
        "class": card.card_class,
        "section": card.section,
        "per_section": card.per_section,
        "text": card.text,
    }
