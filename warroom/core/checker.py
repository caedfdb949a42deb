"""The generic random-game checker every game runs: thousands of seeded games through the
contract only, checking at every step what any correct game must satisfy."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from warroom.core.game import Game, State
from warroom.core.rng import Rng


class InvariantError(AssertionError):
    """A contract or game invariant broke; the message names the game, seed and step."""


@dataclass
class CheckStats:
    games: int = 0
    decisions: int = 0
    longest: int = 0


def check_random_game(
    game: Game[Any],
    seed: int,
    *,
    deep_every: int = 1,
    invariant: Callable[[State], None] | None = None,
    stats: CheckStats | None = None,
) -> State:
    """Play one seeded random game, checking the contract at every step.

    `deep_every` spaces out the expensive checks (serialise round-trip, clone independence,
    resample leak test) so long runs stay fast while every step still gets the cheap ones.
    """
    state: State = game.new_initial_state(seed)
    rng = Rng(seed ^ 0x5EED)
    info = game.info
    step = 0

    def fail(msg: str) -> InvariantError:
        return InvariantError(f"{info.id} {game.options} seed={seed} step={step}: {msg}")

    while not state.is_terminal():
        actions = state.legal_actions()
        if not actions:
            raise fail("no legal action while the game runs")
        texts = [a.text for a in actions]
        if len(set(texts)) != len(texts):
            raise fail(f"duplicate legal actions: {sorted(t for t in texts if texts.count(t) > 1)}")
        player = state.current_player()
        if not 0 <= player < game.num_players:
            raise fail(f"current player {player} out of range")
        if invariant is not None:
            invariant(state)
        if step % deep_every == 0:
            _deep_checks(game, state, rng, fail)
        action = rng.choice(actions)
        if game.parse_action(state, action.text) is not action:
            raise fail(f"{action.text!r} does not parse back to itself")
        state.apply_action(action)
        step += 1
        if step > info.max_decisions:
            raise fail(f"game exceeded its declared maximum of {info.max_decisions} decisions")
    returns = state.returns()
    if len(returns) != game.num_players:
        raise fail(f"{len(returns)} returns for {game.num_players} players")
    if any(not info.min_return <= r <= info.max_return for r in returns):
        raise fail(f"returns {returns} outside [{info.min_return}, {info.max_return}]")
    if info.cooperative and len(set(returns)) > 1 and not _has_opponent_seat(state):
        raise fail(f"cooperative game with unequal returns {returns}")
    if invariant is not None:
        invariant(state)
    if stats is not None:
        stats.games += 1
        stats.decisions += step
        stats.longest = max(stats.longest, step)
    return state


def _has_opponent_seat(state: State) -> bool:
    # A cooperative game may seat an adversary (Siege's Field Marshal); its view says so.
    return bool(state.view(None).get("adversary_seats"))


def _deep_checks(game: Game[Any], state: State, rng: Rng, fail: Callable[[str], InvariantError]) -> None:
    text = state.serialize()
    again = game.deserialize(text)
    if again.serialize() != text:
        raise fail("serialize -> deserialize -> serialize is not identical")
    copy = state.clone()
    if copy.serialize() != text:
        raise fail("clone differs from the original")
    copy.apply_action(copy.legal_actions()[0])
    if state.serialize() != text:
        raise fail("acting on a clone changed the original")
    seats = game.num_players
    for player in [None, *range(seats)]:
        seen = state.view(player)
        drawn = rng.spawn()
        resampled = state.resample_hidden(player, drawn)
        if resampled.view(player) != seen:
            raise fail(f"resample_hidden changed what player {player} sees: hidden information leaks")
        if player is not None and seats > 1:
            _check_redrawn_again(resampled, player, (player + 1) % seats, drawn, fail)
    if state.serialize() != text:
        raise fail("resample_hidden changed the original state")


def _check_redrawn_again(
    imagined: State, player: int, other: int, rng: Rng, fail: Callable[[str], InvariantError]
) -> None:
    """A position re-drawn for `player` is one `other` could be in: re-drawn again for `other`,
    `other` still sees what it saw there (its own cards, re-drawn by `player`, still known to it).
    Search plays in such positions, and the undo check re-draws one again to judge a decision."""
    if imagined.resample_hidden(other, rng).view(other) != imagined.view(other):
        raise fail(
            f"a position re-drawn for player {player} is not one player {other} could be in: "
            f"re-drawn again for player {other}, what it sees changed (who knows a re-drawn card "
            "must move with it)"
        )
