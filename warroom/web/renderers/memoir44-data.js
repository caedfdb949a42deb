// Generated from warroom/games/memoir44/data by tests/server/test_browser.py
// (WARROOM_REGEN=1 .venv/bin/python -m pytest tests/server/test_browser.py -k data): do not edit.
export default {
 "cards": {
  "air_power": {
   "class": "tactic",
   "name": "Air Power",
   "per_section": null,
   "section": null,
   "text": "Target 1-4 adjacent enemy units. Allies roll 2 dice per unit, Axis 1. Unit symbol, grenade and star hit; flags cannot be ignored. Terrain ignored."
  },
  "ambush": {
   "class": "tactic",
   "name": "Ambush",
   "per_section": null,
   "section": null,
   "text": "Play in your opponent's turn when one of your units is Close Assaulted, before the roll: your unit battles first. Draw first at the end of the turn."
  },
  "armor_assault": {
   "class": "tactic",
   "name": "Armor Assault",
   "per_section": null,
   "section": null,
   "text": "Order 4 armor units; +1 die in Close Assault. If you command no armor, order 1 unit of your choice."
  },
  "artillery_bombard": {
   "class": "tactic",
   "name": "Artillery Bombard",
   "per_section": null,
   "section": null,
   "text": "Order all artillery: move up to 3 hexes, or battle twice. If you command no artillery, order 1 unit of your choice."
  },
  "assault_center": {
   "class": "section",
   "name": "Assault Center",
   "per_section": null,
   "section": "center",
   "text": "Order all units on the Center."
  },
  "assault_left": {
   "class": "section",
   "name": "Assault Left Flank",
   "per_section": null,
   "section": "left",
   "text": "Order all units on the Left Flank."
  },
  "assault_right": {
   "class": "section",
   "name": "Assault Right Flank",
   "per_section": null,
   "section": "right",
   "text": "Order all units on the Right Flank."
  },
  "attack_center": {
   "class": "section",
   "name": "Attack Center",
   "per_section": null,
   "section": "center",
   "text": "Order up to 3 units on the Center."
  },
  "attack_left": {
   "class": "section",
   "name": "Attack Left Flank",
   "per_section": null,
   "section": "left",
   "text": "Order up to 3 units on the Left Flank."
  },
  "attack_right": {
   "class": "section",
   "name": "Attack Right Flank",
   "per_section": null,
   "section": "right",
   "text": "Order up to 3 units on the Right Flank."
  },
  "barrage": {
   "class": "tactic",
   "name": "Barrage",
   "per_section": null,
   "section": null,
   "text": "Target any 1 enemy unit; roll 4 dice, terrain ignored. Unit symbol and grenade hit; flags cannot be ignored."
  },
  "behind_enemy_lines": {
   "class": "tactic",
   "name": "Behind Enemy Lines",
   "per_section": null,
   "section": null,
   "text": "Order 1 infantry unit: move up to 3 hexes ignoring terrain movement limits, battle with +1 die, then move up to 3 hexes again. If you command no infantry, order 1 unit of your choice."
  },
  "close_assault": {
   "class": "tactic",
   "name": "Close Assault",
   "per_section": null,
   "section": null,
   "text": "Order all infantry and armor units adjacent to the enemy; no move; +1 die. Take Ground and Armor Overrun allowed."
  },
  "counter_attack": {
   "class": "tactic",
   "name": "Counter-Attack",
   "per_section": null,
   "section": null,
   "text": "Issue the same order your opponent played last turn; for a section card, left and right swap."
  },
  "dig_in": {
   "class": "tactic",
   "name": "Dig-In",
   "per_section": null,
   "section": null,
   "text": "Order 4 infantry units to place sandbags on their hex; they do not move or battle. If you command no infantry, order 1 unit of your choice."
  },
  "direct_from_hq": {
   "class": "tactic",
   "name": "Direct from HQ",
   "per_section": null,
   "section": null,
   "text": "Order 4 units of your choice."
  },
  "firefight": {
   "class": "tactic",
   "name": "Firefight",
   "per_section": null,
   "section": null,
   "text": "Order 4 units not adjacent to the enemy; no move; fire only, with +1 die."
  },
  "general_advance": {
   "class": "section",
   "name": "General Advance",
   "per_section": [
    2,
    2,
    2
   ],
   "section": null,
   "text": "Order up to 2 units in each section."
  },
  "infantry_assault": {
   "class": "tactic",
   "name": "Infantry Assault",
   "per_section": null,
   "section": null,
   "text": "Order all infantry in one section: move 2 and battle, or move 3 without battling. If you command no infantry, order 1 unit of your choice."
  },
  "medics_and_mechanics": {
   "class": "tactic",
   "name": "Medics & Mechanics",
   "per_section": null,
   "section": null,
   "text": "Order 1 damaged unit; roll 1 die per card in hand (this one included); its symbol and stars restore figures. If healed, it may move and battle."
  },
  "move_out": {
   "class": "tactic",
   "name": "Move Out!",
   "per_section": null,
   "section": null,
   "text": "Order 4 infantry units. If you command no infantry, order 1 unit of your choice."
  },
  "pincer_move": {
   "class": "section",
   "name": "Pincer Move",
   "per_section": [
    2,
    0,
    2
   ],
   "section": null,
   "text": "Order up to 2 units on the left flank and up to 2 on the right flank."
  },
  "probe_center": {
   "class": "section",
   "name": "Probe Center",
   "per_section": null,
   "section": "center",
   "text": "Order up to 2 units on the Center."
  },
  "probe_left": {
   "class": "section",
   "name": "Probe Left Flank",
   "per_section": null,
   "section": "left",
   "text": "Order up to 2 units on the Left Flank."
  },
  "probe_right": {
   "class": "section",
   "name": "Probe Right Flank",
   "per_section": null,
   "section": "right",
   "text": "Order up to 2 units on the Right Flank."
  },
  "recon_center": {
   "class": "section",
   "name": "Recon Center",
   "per_section": null,
   "section": "center",
   "text": "Order 1 unit on the Center. When drawing a new card, draw two, keep one and discard the other."
  },
  "recon_in_force": {
   "class": "section",
   "name": "Recon in Force",
   "per_section": [
    1,
    1,
    1
   ],
   "section": null,
   "text": "Order 1 unit in each section."
  },
  "recon_left": {
   "class": "section",
   "name": "Recon Left Flank",
   "per_section": null,
   "section": "left",
   "text": "Order 1 unit on the Left Flank. When drawing a new card, draw two, keep one and discard the other."
  },
  "recon_right": {
   "class": "section",
   "name": "Recon Right Flank",
   "per_section": null,
   "section": "right",
   "text": "Order 1 unit on the Right Flank. When drawing a new card, draw two, keep one and discard the other."
  },
  "their_finest_hour": {
   "class": "tactic",
   "name": "Their Finest Hour",
   "per_section": null,
   "section": null,
   "text": "Roll 1 die per card in hand (this one included): infantry symbol orders 1 infantry, armor symbol 1 armor, star 1 unit of any type; +1 die. Reshuffle deck and discards at the end of the turn."
  }
 },
 "scenarios": {
  "omaha-beach": {
   "bottom": "allies",
   "bridge": [],
   "bunker": {
    "R4C7": "axis",
    "R5C10": "axis",
    "R5C4": "axis"
   },
   "face": "beach",
   "hedgehog": [
    "R7C2",
    "R7C5",
    "R7C8",
    "R7C11",
    "R6C3",
    "R6C10"
   ],
   "name": "Omaha Beach",
   "objectives": [
    {
     "hexes": [
      "R2C7"
     ],
     "side": "allies"
    }
   ],
   "terrain": {
    "R2C10": "town",
    "R2C4": "town",
    "R2C7": "town",
    "R3C1": "forest",
    "R3C13": "forest",
    "R4C11": "hill",
    "R4C3": "hill",
    "R5C10": "hill",
    "R5C11": "hill",
    "R5C12": "hill",
    "R5C2": "hill",
    "R5C3": "hill",
    "R5C4": "hill",
    "R5C6": "hill",
    "R5C7": "hill",
    "R5C8": "hill",
    "R6C1": "beach",
    "R6C10": "beach",
    "R6C11": "beach",
    "R6C12": "beach",
    "R6C2": "beach",
    "R6C3": "beach",
    "R6C4": "beach",
    "R6C5": "beach",
    "R6C6": "beach",
    "R6C7": "beach",
    "R6C8": "beach",
    "R6C9": "beach",
    "R7C1": "beach",
    "R7C10": "beach",
    "R7C11": "beach",
    "R7C12": "beach",
    "R7C13": "beach",
    "R7C2": "beach",
    "R7C3": "beach",
    "R7C4": "beach",
    "R7C5": "beach",
    "R7C6": "beach",
    "R7C7": "beach",
    "R7C8": "beach",
    "R7C9": "beach",
    "R8C1": "ocean",
    "R8C10": "ocean",
    "R8C11": "ocean",
    "R8C12": "ocean",
    "R8C2": "ocean",
    "R8C3": "ocean",
    "R8C4": "ocean",
    "R8C5": "ocean",
    "R8C6": "ocean",
    "R8C7": "ocean",
    "R8C8": "ocean",
    "R8C9": "ocean",
    "R9C1": "ocean",
    "R9C10": "ocean",
    "R9C11": "ocean",
    "R9C12": "ocean",
    "R9C13": "ocean",
    "R9C2": "ocean",
    "R9C3": "ocean",
    "R9C4": "ocean",
    "R9C5": "ocean",
    "R9C6": "ocean",
    "R9C7": "ocean",
    "R9C8": "ocean",
    "R9C9": "ocean"
   }
  },
  "pegasus-bridge": {
   "bottom": "allies",
   "bridge": [
    "R3C4",
    "R6C11"
   ],
   "bunker": {},
   "face": "countryside",
   "hedgehog": [],
   "name": "Pegasus Bridge",
   "objectives": [
    {
     "hexes": [
      "R3C4"
     ],
     "side": "allies"
    },
    {
     "hexes": [
      "R6C11"
     ],
     "side": "allies"
    }
   ],
   "terrain": {
    "R1C1": "town",
    "R1C2": "town",
    "R1C5": "river",
    "R1C6": "forest",
    "R1C7": "forest",
    "R2C4": "river",
    "R2C6": "forest",
    "R3C13": "river",
    "R3C3": "town",
    "R3C4": "river",
    "R4C10": "forest",
    "R4C12": "river",
    "R4C3": "river",
    "R5C1": "town",
    "R5C12": "river",
    "R5C3": "river",
    "R5C6": "forest",
    "R6C11": "river",
    "R6C2": "river",
    "R6C6": "river",
    "R6C7": "river",
    "R7C11": "river",
    "R7C2": "river",
    "R7C6": "river",
    "R7C7": "river",
    "R8C1": "river",
    "R8C10": "river",
    "R8C11": "forest",
    "R8C9": "forest",
    "R9C1": "river",
    "R9C10": "river",
    "R9C12": "forest",
    "R9C9": "forest"
   }
  },
  "pointe-du-hoc": {
   "bottom": "allies",
   "bridge": [],
   "bunker": {
    "R3C7": "axis",
    "R4C6": "axis",
    "R4C8": "axis"
   },
   "face": "beach",
   "hedgehog": [],
   "name": "Pointe du Hoc",
   "objectives": [
    {
     "hexes": [
      "R4C6"
     ],
     "side": "allies"
    },
    {
     "hexes": [
      "R4C8"
     ],
     "side": "allies"
    }
   ],
   "terrain": {
    "R1C10": "forest",
    "R2C11": "hedgerow",
    "R2C3": "hedgerow",
    "R2C7": "town",
    "R2C8": "town",
    "R3C11": "forest",
    "R3C3": "forest",
    "R4C5": "hill",
    "R4C6": "hill",
    "R4C8": "hill",
    "R4C9": "hill",
    "R5C10": "hill",
    "R5C4": "hill",
    "R5C5": "hill",
    "R5C6": "hill",
    "R5C7": "hill",
    "R5C8": "hill",
    "R5C9": "hill",
    "R6C1": "beach",
    "R6C10": "beach",
    "R6C11": "beach",
    "R6C12": "beach",
    "R6C2": "beach",
    "R6C3": "beach",
    "R6C4": "beach",
    "R6C5": "beach",
    "R6C6": "beach",
    "R6C7": "beach",
    "R6C8": "beach",
    "R6C9": "beach",
    "R7C1": "beach",
    "R7C10": "beach",
    "R7C11": "beach",
    "R7C12": "beach",
    "R7C13": "beach",
    "R7C2": "beach",
    "R7C3": "beach",
    "R7C4": "beach",
    "R7C5": "beach",
    "R7C6": "beach",
    "R7C7": "beach",
    "R7C8": "beach",
    "R7C9": "beach",
    "R8C1": "ocean",
    "R8C10": "ocean",
    "R8C11": "ocean",
    "R8C12": "ocean",
    "R8C2": "ocean",
    "R8C3": "ocean",
    "R8C4": "ocean",
    "R8C5": "ocean",
    "R8C6": "ocean",
    "R8C7": "ocean",
    "R8C8": "ocean",
    "R8C9": "ocean",
    "R9C1": "ocean",
    "R9C10": "ocean",
    "R9C11": "ocean",
    "R9C12": "ocean",
    "R9C13": "ocean",
    "R9C2": "ocean",
    "R9C3": "ocean",
    "R9C4": "ocean",
    "R9C5": "ocean",
    "R9C6": "ocean",
    "R9C7": "ocean",
    "R9C8": "ocean",
    "R9C9": "ocean"
   }
  },
  "saint-lo-hedgerows": {
   "bottom": "allies",
   "bridge": [],
   "bunker": {},
   "face": "countryside",
   "hedgehog": [],
   "name": "The Hedgerows before Saint-Lo",
   "objectives": [
    {
     "hexes": [
      "R1C6",
      "R1C7",
      "R2C7"
     ],
     "side": "allies"
    }
   ],
   "terrain": {
    "R1C6": "town",
    "R1C7": "town",
    "R2C3": "hill",
    "R2C4": "hill",
    "R2C7": "town",
    "R3C12": "hedgerow",
    "R3C2": "hedgerow",
    "R3C5": "hedgerow",
    "R3C9": "hedgerow",
    "R4C7": "forest",
    "R5C1": "hedgerow",
    "R5C10": "hedgerow",
    "R5C12": "hedgerow",
    "R5C3": "hedgerow",
    "R5C5": "hedgerow",
    "R5C8": "hedgerow",
    "R6C1": "forest",
    "R6C12": "forest",
    "R7C11": "hedgerow",
    "R7C2": "hedgerow",
    "R7C4": "hedgerow",
    "R7C6": "hedgerow",
    "R7C9": "hedgerow"
   }
  },
  "vercors": {
   "bottom": "axis",
   "bridge": [
    "R7C6"
   ],
   "bunker": {},
   "face": "countryside",
   "hedgehog": [],
   "name": "The Vercors",
   "objectives": [
    {
     "hexes": [
      "R4C6"
     ],
     "side": "axis"
    }
   ],
   "terrain": {
    "R1C2": "town",
    "R1C7": "forest",
    "R2C3": "forest",
    "R2C9": "forest",
    "R3C4": "hill",
    "R3C5": "hill",
    "R3C6": "hill",
    "R3C7": "hill",
    "R3C8": "hill",
    "R4C10": "forest",
    "R4C2": "forest",
    "R4C4": "hill",
    "R4C5": "hill",
    "R4C6": "town",
    "R4C7": "hill",
    "R4C8": "hill",
    "R5C5": "hill",
    "R5C6": "hill",
    "R5C7": "hill",
    "R6C11": "forest",
    "R6C3": "forest",
    "R7C5": "river",
    "R7C6": "river",
    "R7C7": "river",
    "R7C8": "river"
   }
  },
  "villers-bocage": {
   "bottom": "allies",
   "bridge": [],
   "bunker": {},
   "face": "countryside",
   "hedgehog": [],
   "name": "Villers-Bocage",
   "objectives": [
    {
     "hexes": [
      "R5C6"
     ],
     "side": "axis"
    },
    {
     "hexes": [
      "R2C10"
     ],
     "side": "allies"
    }
   ],
   "terrain": {
    "R1C6": "forest",
    "R2C10": "hill",
    "R2C9": "hill",
    "R3C10": "hill",
    "R3C11": "hill",
    "R3C3": "forest",
    "R4C3": "hedgerow",
    "R4C4": "hedgerow",
    "R5C5": "town",
    "R5C6": "town",
    "R5C7": "town",
    "R6C12": "forest",
    "R6C6": "town",
    "R6C7": "town",
    "R7C10": "hedgerow",
    "R7C11": "hedgerow",
    "R8C3": "hedgerow",
    "R9C1": "river",
    "R9C2": "river",
    "R9C3": "river"
   }
  }
 },
 "units": {
  "armor": {
   "figures": 3,
   "name": "Armor"
  },
  "artillery": {
   "figures": 2,
   "name": "Artillery"
  },
  "elite_armor": {
   "figures": 4,
   "name": "Elite armor"
  },
  "infantry": {
   "figures": 4,
   "name": "Infantry"
  },
  "resistance": {
   "figures": 3,
   "name": "French Resistance"
  },
  "special_forces": {
   "figures": 4,
   "name": "Special forces infantry"
  }
 }
};
