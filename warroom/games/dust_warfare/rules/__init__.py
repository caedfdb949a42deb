"""Dust Warfare's rules, one module per area of dust_warfare.md §3: dice (DW-GEN), setup and
deployment (DW-SET, DW-FB), placement stages (DW-GEO-17), the turn (DW-TURN, DW-INIT, DW-CMD,
DW-END), activation (DW-ACT, DW-SUP), movement (DW-MOVE), attacks (DW-ATK, DW-WPN),
reactions (DW-REA) and scoring (§3.19); `decisions` declares them to the core's engine."""
