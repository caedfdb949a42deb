"""Siege's rules, one module per area: setup, turn flow, cards, enemies, the Field Marshal."""
