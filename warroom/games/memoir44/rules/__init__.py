"""Memoir '44 rules, one module per area; docstrings cite the rule IDs of memoir44.md."""
