"""World of Tanks: Rush rules, one module per area of wot_rush.md §3."""
