"""The catalog the web table receives once per table: every card kind's printed face and the
achievements' names (public data, fixed by the card set)."""

from __future__ import annotations

import json

import warroom


def test_catalog_prints_every_card_face_for_the_browser() -> None:
    """Every vehicle with its nation (WOT-GEN-05), class, cost and abilities, keyed by the label
    that action texts use, and all of it JSON for the browser."""
    catalog = warroom.load("wot_rush").catalog()
    json.dumps(catalog)
    cards = catalog["cards"]
    vehicles = [c for c in cards.values() if c["type"] == "vehicle"]
    assert len(vehicles) == 100
    assert all(c["nation"] and c["class"] and c["cost"] is not None for c in vehicles)
    assert cards["SU-02"] == {
        "name": "BT-2", "type": "vehicle", "nation": "USSR", "class": "Light", "cost": 1, "resource": 0,
        "strength": 1, "armour": 0, "abilities": ["REC"], "restriction": "", "medals": None,
    }  # fmt: skip
    assert {c["type"] for c in cards.values()} == {"vehicle", "medal", "barracks", "base"}
    assert len(catalog["achievements"]) == 12
