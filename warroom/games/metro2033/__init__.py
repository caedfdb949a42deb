"""Metro 2033 (2nd edition, Hobby World; metro2033.md), issue 12. So far: its content as data files
validated on load (content.py, board_data.py) and the board as a graph (board.py). The game is not
registered (warroom/games/__init__.py, pyproject.toml) until its rules exist; this package will
then export its Game class only."""
