"""What the rules look up about the configured game on every step, in one typed class (speed,
issue 15): `SiegeGame.facts`, held by every state as `st.facts`.

The values are `SiegeGame`'s own tables and a few of its content's, the same objects, built once
per game there (game.py) and only gathered here. Interpreted, `st.facts.card_name` reads like
`st.siege.card_name`. Compiled (this module is in `warroom/_compiled.py` MODULES), `Facts` is a
native class: the compiled rules read a field of a C struct where a read of the interpreted
`SiegeGame` is a generic attribute lookup (the instance's dict, the type's, about 150-400
instructions; docs/speed.md, "Session 13"). `SiegeGame` itself stays interpreted: the contract's
`Game` is subclassed, patched and cached on (`cached_property`) in ways a native class refuses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.games.siege.words import Mode

if TYPE_CHECKING:
    from warroom.games.siege.actions import SiegeAction
    from warroom.games.siege.game import SiegeGame


class Facts:
    """The configured game's tables the rules read on their hot paths (see the module docstring);
    each attribute is the `SiegeGame` attribute of the same name unless it says otherwise, or,
    under "actions", the action table's (`SiegeGame.table`)."""

    __slots__ = (
        "aim_of", "all_for_one", "arrival_text", "barbed_wire", "can_hit", "card_kind", "card_name",
        "defenders", "dot_card", "give", "hand_limit", "hedgehogs", "hit", "il2", "marshal_seat",
        "modification", "offer", "onslaught", "pass_", "patrol", "placed_text", "plain_vehicle",
        "precise", "precise_shot", "refuse", "repair", "ring_strike", "sandbags",
        "shoulder_to_shoulder", "solo", "start_deck", "start_places", "start_removed",
        "start_reserve", "supplies_run_out", "swap", "target", "token_armour", "token_kind",
        "token_kind_of", "token_tag", "trade_allowance", "utility", "vehicle",
    )  # fmt: skip

    def __init__(self, game: SiegeGame) -> None:
        # the table (SG-SETUP-06, SG-FM-03, SG-TRADE-01/02)
        self.defenders: int = game.defenders
        self.marshal_seat: int = game.marshal_seat
        self.solo: bool = game.solo
        self.hand_limit: int = game.hand_limit
        self.trade_allowance: int = game.trade_allowance
        # options read during play: Shoulder to Shoulder (SG-S2S-01), Running Out of Supplies
        # (SG-OPTX-03), All for One! (SG-OPTX-05)
        self.shoulder_to_shoulder: bool = game.mode is Mode.SHOULDER_TO_SHOULDER
        self.supplies_run_out: bool = bool(game.options["running_out_of_supplies"])
        self.all_for_one: bool = game.all_for_one
        # card kinds by name, and what each card reaches
        self.precise: int = game.precise
        self.il2: int = game.il2
        self.hedgehogs: int = game.hedgehogs
        self.onslaught: int = game.onslaught
        self.dot_card: int = game.dot_card
        self.patrol: int = game.patrol
        self.modification: int = game.modification
        self.repair: int = game.repair
        self.sandbags: int = game.sandbags
        self.barbed_wire: int = game.barbed_wire
        self.utility: frozenset[int] = game.utility
        self.can_hit: dict[int, tuple[bool, ...]] = game.can_hit
        self.aim_of: tuple[tuple[list[SiegeAction], tuple[bool, ...]] | None, ...] = game.aim_of
        self.ring_strike: dict[int, frozenset[int]] = game.ring_strike
        # printed names and per-kind facts, by card kind, token id or token kind
        self.card_name: tuple[str, ...] = game.card_name
        self.card_kind: tuple[str, ...] = game.card_kind
        self.token_tag: tuple[str, ...] = game.token_tag
        self.token_kind_of: tuple[int, ...] = game.content.token_kind_of  # token id -> token kind
        self.token_kind: tuple[str, ...] = tuple(t.kind for t in game.content.tokens)  # by token kind
        self.token_armour: tuple[int, ...] = tuple(t.armour for t in game.content.tokens)  # full armour
        self.vehicle: tuple[bool, ...] = game.vehicle
        self.plain_vehicle: tuple[bool, ...] = game.plain_vehicle
        self.arrival_text: tuple[dict[int, tuple[str, str]], ...] = game.arrival_text
        # a new game's piles and placements (SG-SETUP-04/05/08, SG-OPTB-02)
        self.start_deck: tuple[int, ...] = game.start_deck
        self.start_reserve: tuple[int, ...] = game.start_reserve
        self.start_removed: tuple[int, ...] = game.start_removed
        self.start_places: tuple[tuple[tuple[int, int, int], ...], ...] = game.start_places
        self.placed_text: tuple[str, ...] = game.placed_text
        # actions: the option lists' most used (by card kind, token id, seat), game.table's lists
        table = game.table
        self.pass_: SiegeAction = table.pass_
        self.refuse: SiegeAction = table.refuse
        self.swap: list[SiegeAction] = table.swap
        self.offer: list[list[SiegeAction]] = table.offer
        self.give: list[SiegeAction] = table.give
        self.hit: list[SiegeAction] = table.hit
        self.precise_shot: dict[int, list[SiegeAction]] = table.precise  # Precise Shot with a strike
        self.target: dict[str, list[SiegeAction]] = table.target  # IL-2, Hedgehogs, Onslaught
