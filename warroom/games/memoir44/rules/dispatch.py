"""Route the pending decision to the rules module that lists and applies its options."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from warroom.games.memoir44.rules import battle, cards, draw, flow, movement, retreat

if TYPE_CHECKING:
    from warroom.core.game import Action
    from warroom.games.memoir44.actions import M44Action
    from warroom.games.memoir44.state import M44State

_LEGAL: dict[str, Callable[[M44State], list[Action]]] = {
    "card": cards.card_options,
    "section": cards.section_options,
    "order": cards.order_options,
    "medics": cards.medics_options,
    "air": cards.air_options,
    "barrage": cards.barrage_options,
    "move": movement.options,
    "battle": battle.options,
    "ambush": battle.ambush_options,
    "ignore": lambda st: [st.table.ignore, st.table.accept],
    "retreat": retreat.options,
    "ground": lambda st: [st.table.take_ground, st.table.hold],
    "overrun": battle.overrun_options,
    "keep": draw.keep_options,
}
_APPLY: dict[str, Callable[[M44State, M44Action], None]] = {
    "card": cards.apply_play,
    "section": cards.apply_section,
    "order": cards.apply_order,
    "medics": cards.apply_medics,
    "air": cards.apply_air,
    "barrage": cards.apply_barrage,
    "move": movement.apply,
    "battle": battle.apply,
    "ambush": battle.apply_ambush,
    "ignore": battle.apply_ignore,
    "retreat": retreat.apply,
    "ground": battle.apply_ground,
    "overrun": battle.apply_overrun,
    "keep": draw.apply_keep,
}


def legal(st: M44State) -> list[Action]:
    assert st.decision is not None
    return _LEGAL[st.decision[0]](st)


def apply(st: M44State, action: M44Action) -> None:
    assert st.decision is not None
    kind = st.decision[0]
    _APPLY[kind](st, action)
    if kind != "move":
        st.scratch = None  # the caches describe the position before this action (movement.apply
        # keeps what the move cannot have changed)
    if kind != "order":
        st.order_slots = None  # order slots hold for a whole ordering step (cards.order_options)
    flow.run(st)
