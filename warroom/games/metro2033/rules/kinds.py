"""How the rules modules declare their decisions: options and rule take the pending `Decision`
(its data carries the station, card or count being decided), and the engine's decision is cleared
before the rule runs, so a rule either asks the next decision or leaves the agenda to continue
(the core's `DecisionKind.of_decision`: the engine passes the decision itself, no wrapper call per
listing or action, speed issue 12)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from warroom.core.engine import Decision, DecisionKind
from warroom.games.metro2033.actions import MetroAction

if TYPE_CHECKING:
    from warroom.games.metro2033.state import MetroState

Options = Callable[["MetroState", Decision], list[MetroAction]]
Apply = Callable[["MetroState", MetroAction, Decision], None]


def kind(name: str, options: Options, apply: Apply, *, forced: bool = True) -> DecisionKind[Any]:
    """A decision kind; `forced` (the default): a single option is taken by the engine at once."""
    return DecisionKind.of_decision(name, options, apply, forced=forced)
