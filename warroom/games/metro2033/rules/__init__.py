"""Metro 2033's rules, one module per area (metro2033.md §3); decisions.py declares them to the engine."""
