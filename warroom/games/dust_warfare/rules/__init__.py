"""Dust Warfare's rules, one module per area of dust_warfare.md §3: dice (DW-GEN), setup and
deployment (DW-SET, DW-FB), placement stages (DW-GEO-17), the turn (DW-TURN, DW-INIT, DW-CMD,
DW-END), activation (DW-ACT, DW-SUP), movement (DW-MOVE), attacks (DW-ATK, DW-WPN),
reactions (DW-REA) and scoring (§3.19); `decisions` declares them to the core's engine.

A lower rules module that must reach a higher one owns a table the higher one fills, so that no
rules module imports one above it (tests/test_import_cycles.py): placement's arrival contexts
(rules/offtable.py's, DW-SET-06/08, DW-ABL-02/04/17, DW-ACT-09) and attack's wreck handlers
(rules/transport.py's bail-out, DW-ABL-07). They are filled here, in the package's own
initialisation, which Python runs before any module of the package: whoever imports placement or
attack alone finds them filled, whatever the import order (tests/dust_warfare/test_registry.py).
"""

from warroom.games.dust_warfare.rules import attack, offtable, placement, transport

placement.register_arrivals(offtable.context)
attack.on_wrecked(transport.bail_out)
