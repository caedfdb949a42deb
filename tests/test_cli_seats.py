"""The terminal names a seat in a sentence as the web table does (warroom/cli/seats.py): by its side
where the game has sides, the Field Marshal by that role, else "player N" (issue 16's undo line)."""

from __future__ import annotations

import pytest

from warroom.cli.seats import seat_title
from warroom.core.registry import load


@pytest.mark.parametrize(
    ("game_id", "options", "titles"),
    [
        ("memoir44", {}, ["the Allies", "the Axis"]),
        # team play: two seats share a side, so the seat's number follows it
        ("memoir44", {"players": 4}, ["the Allies (player 0)", "the Allies (player 1)", "the Axis (player 2)",
                                      "the Axis (player 3)"]),
        ("siege", {"players": 2, "mode": "field_marshal"}, ["player 0", "the Field Marshal"]),
        ("wot_rush", {"players": 2}, ["player 0", "player 1"]),
    ],
)  # fmt: skip
def test_a_seat_is_named_by_its_side_or_role_where_the_game_has_one(game_id, options, titles):
    game = load(game_id, **options)
    state = game.new_initial_state(1)
    assert [seat_title(state, seat) for seat in range(game.num_players)] == titles
