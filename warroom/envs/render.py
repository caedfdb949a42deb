"""Pictures of a position for the environments' `render()`.

- `"ansi"`: the game's terminal picture (`game.render(state, viewer)`) as text.
- `"human"`: the same text printed.
- `"rgb_array"`: that terminal picture drawn by matplotlib (monospace, black on white) as an
  `(H, W, 3)` uint8 array. It is the terminal board, not the browser's SVG board: the browser
  boards are drawn by JavaScript in the page, which Python cannot run.

Every mode draws what `viewer` may see and nothing more (`game.render` is built on the view):
`None` is a spectator, who sees only public information.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from warroom.core.errors import OptionError
from warroom.core.game import Game, State

MODES = ("ansi", "human", "rgb_array")


def check_mode(render_mode: str | None) -> None:
    if render_mode is not None and render_mode not in MODES:
        raise OptionError(f"render_mode {render_mode!r} is not offered; choose one of: {', '.join(MODES)}")


def text(game: Game[Any], state: State, viewer: int | None) -> str:
    return game.render(state, viewer)


def rgb(game: Game[Any], state: State, viewer: int | None) -> NDArray[np.uint8]:
    """The terminal picture of `viewer`'s view drawn as an RGB image."""
    # the object API on Agg, off screen: no display and no global pyplot state
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    lines = text(game, state, viewer).splitlines() or [""]
    width = max(len(line) for line in lines)
    figure = Figure(figsize=(max(width, 20) * 0.09 + 0.2, len(lines) * 0.16 + 0.2), dpi=100)
    figure.text(0.01, 0.99, "\n".join(lines), family="monospace", size=9, va="top", ha="left")
    canvas = FigureCanvasAgg(figure)
    canvas.draw()  # type: ignore[no-untyped-call]  # matplotlib leaves the Agg canvas untyped
    rgba = np.asarray(canvas.buffer_rgba())  # type: ignore[no-untyped-call]
    return np.ascontiguousarray(rgba[:, :, :3])
