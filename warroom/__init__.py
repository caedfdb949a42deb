"""warroom: five war board games as software. See README.md and DESIGN.md.

import warroom
game = warroom.load("siege", players=4)
state = game.new_initial_state(seed=7)
"""

__version__ = "0.1.0"

from typing import TYPE_CHECKING

from warroom.core import (
    Action,
    CorruptDataError,
    Event,
    Game,
    IllegalActionError,
    OptionError,
    Outcome,
    State,
    game_class,
    load,
)

if TYPE_CHECKING:
    from warroom.core import games  # as typed: the call
else:
    import types

    from warroom import games
    from warroom.core import games as _registered

    class _GamesPackage(types.ModuleType):
        """The `games` subpackage, callable: `warroom.games()` lists the registered game ids. A
        plain function bound here would shadow the package, and `import warroom.games.siege as
        siege` would fail (Python walks the attribute `warroom.games` to find the submodule)."""

        def __call__(self) -> list[str]:
            return _registered()

    games.__class__ = _GamesPackage

__all__ = [
    "Action",
    "CorruptDataError",
    "Event",
    "Game",
    "IllegalActionError",
    "OptionError",
    "Outcome",
    "State",
    "__version__",
    "game_class",
    "games",
    "load",
]
