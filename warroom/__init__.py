"""warroom: five war board games as software. See README.md and DESIGN.md.

import warroom
game = warroom.load("siege", players=4)
state = game.new_initial_state(seed=7)
"""

__version__ = "0.1.0"

# The `games` subpackage must be imported before the `games()` function is bound: importing a
# subpackage sets it as an attribute of its parent, which would otherwise shadow the function.
import warroom.games as _games_package  # noqa: F401  (imported for its side effect, see above)
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
    games,
    load,
)

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
