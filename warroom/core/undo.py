"""Taking back one's own decisions (issue 16), decided once in the core for every game.

**The rule.** A seat may take back its own consecutive decisions of the current turn, back to
the undo point and no further. The undo point is the position right after the last decision that

* drew randomness: the state's `Rng` moved (a die, a shuffle, a random draw), forced steps the
  engine took because of the decision included;
* revealed hidden information to any seat: after the decision, what some seat sees depends on
  something that seat could not know before (a card drawn, a card played from a hidden hand, a
  secret commitment revealed). Taking it back would let that seat see and then un-see;
* was another seat's (an AI seat's decision included: AI seats never take back);

and a seat may take back only while it is still to decide (its turn has not been handed on).
Forced steps count with the decision that caused them.

**How a reveal is found without asking the game.** For every seat `s`, the position before the
decision is re-drawn as `s` could imagine it (`State.resample_hidden`, which each game already
keeps honest for search), the same decision is played there, and what `s` would then see
(`view(s)`) is compared with what it sees in truth. If it differs in any determinisation, or the
deciding seat was offered other options there (its choice among options `s` cannot know tells
`s` something, e.g. the card played from a hidden hand), the decision depended on something `s`
did not know: it revealed hidden information to `s`. A private event (one only some seats see, other than the
engine's own echo of a secret commitment) is taken as a reveal at once. The check runs only for
decisions of seats that may take back (never in playouts: the engine's hot path is untouched).

**Restoring** is exact: `UndoRun` keeps the position before each decision it could take back
(states are never mutated once replaced, so keeping one costs nothing), and a table rebuilt from
its log replays the line of play without the taken-back decisions (`line_of_play`), which gives
the same state seed for seed.

**The log** stays append-only: an undo is an entry `{"undo": n}` (`undo_text`) among the action
texts, honoured by every replay; logs written before undo existed have none and read as before.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from warroom.core.errors import IllegalActionError, WarroomError
from warroom.core.game import Action, Event, State
from warroom.core.rng import Rng

UNDO = "undo"  # the word a person types (terminal) or sends (API) to take back a decision
SAMPLES = 3  # determinisations per seat when looking for a reveal
_SAMPLE_SEED = 0x0DD0_5EED  # fixed: a position's barrier is the same live and on reload
_ENGINE_ECHO = frozenset({"committed"})  # the engine telling a seat its own secret choice


class Barrier(Enum):
    """Why a decision, and everything before it, cannot be taken back."""

    START = "the start of the game"
    CHANCE = "a die roll"  # the Rng moved: dice, a shuffle, a random draw
    REVEAL = "a reveal of hidden information"
    OTHER = "another seat's decision"


class UndoRefusedError(WarroomError):
    """A take-back the rule does not allow; `code` is stable for the API."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# -- the log entry ------------------------------------------------------------------------------
def undo_text(count: int) -> str:
    """The log entry of taking back `count` decisions (stored among the action texts)."""
    return json.dumps({UNDO: count})


def undo_count(text: str) -> int | None:
    """The number of decisions an entry takes back, or None when the entry is a move. No game's
    action text starts with `{`, so the two never meet."""
    if not text.startswith("{"):
        return None
    try:
        doc = json.loads(text)
    except ValueError:
        return None
    count = doc.get(UNDO) if isinstance(doc, dict) and len(doc) == 1 else None
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        return None
    return count


def requested_count(text: str) -> int | None:
    """What a person or client asks with `undo` or `undo N` (N decisions), None for anything else."""
    words = text.split()
    if not words or words[0].lower() != UNDO or len(words) > 2:
        return None
    if len(words) == 1:
        return 1
    return int(words[1]) if words[1].isdigit() and int(words[1]) > 0 else None


def line_of_play(texts: Sequence[str]) -> list[int]:
    """The indices of the entries that stand: every move not taken back by a later undo entry. A
    log whose undo takes back more moves than stand is corrupt (ValueError)."""
    standing: list[int] = []
    for index, text in enumerate(texts):
        count = undo_count(text)
        if count is None:
            standing.append(index)
        elif count > len(standing):
            raise ValueError(f"entry {index + 1} takes back {count} moves but only {len(standing)} stand")
        else:
            del standing[len(standing) - count :]
    return standing


def took_back(seat: int, count: int, name: str | None = None) -> Event:
    """The public log entry every seat sees: who took back how many decisions."""
    who = name or f"player {seat}"
    moves = "move" if count == 1 else "moves"
    return Event(UNDO, f"{who} took back {count} {moves}", {"player": seat, "count": count})


# -- acting as a seat -------------------------------------------------------------------------------
def act(state: State, seat: int, action: Action | str) -> list[Event]:
    """Apply `seat`'s decision in place: through the turn engine's `commit` where the state has
    one (any seat waiting on a secret choice may act), else as the current player's."""
    commit: Callable[[int, Action | str], list[Event]] | None = getattr(state, "commit", None)
    if commit is not None:
        return commit(seat, action)
    if state.current_player() != seat:
        raise IllegalActionError(f"player {seat} has no choice to make now")
    return state.apply_action(action)


def deciding(state: State) -> tuple[int, ...]:
    """The seats that may act now (several during a secret simultaneous choice)."""
    waiting: Callable[[], tuple[int, ...]] | None = getattr(state, "waiting_for", None)
    if waiting is not None:
        return waiting()
    return () if state.is_terminal() else (state.current_player(),)


# -- the undo point -------------------------------------------------------------------------------
def _rng_state(state: State) -> int | None:
    rng = getattr(state, "rng", None)
    return rng.state if isinstance(rng, Rng) else None


def barrier(before: State, seat: int, action: str, events: Sequence[Event], after: State) -> Barrier | None:
    """Why `seat`'s decision `action` (its text), which turned `before` into `after` with `events`, cannot be
    taken back (CHANCE or REVEAL), or None when it can. `before` is left untouched."""
    if _rng_state(before) != _rng_state(after):
        return Barrier.CHANCE
    if any(e.visible_to is not None and e.kind not in _ENGINE_ECHO for e in events):
        return Barrier.REVEAL
    if not before.game.info.hidden_information:
        return None
    rng = Rng(_SAMPLE_SEED)
    known = _without_rng(before)
    asked = before.current_player() == seat  # else a commitment to a secret choice, hidden anyway
    offered = [a.text for a in before.legal_actions()] if asked else []
    for viewer in range(before.game.num_players):
        truth = after.view(viewer)
        for _ in range(SAMPLES):
            imagined = before.resample_hidden(viewer, rng)
            if _without_rng(imagined) == known:
                break  # nothing is hidden from `viewer` here: the decision plays out as in truth
            # a game's clone may carry the cached options of the position it was drawn from,
            # which the re-drawn hands no longer match: list them afresh
            imagined._legal = None
            if asked and [a.text for a in imagined.legal_actions()] != offered:
                return Barrier.REVEAL  # the choice was made among options `viewer` cannot know
            try:
                act(imagined, seat, action)
            except WarroomError:
                return Barrier.REVEAL  # the decision itself was hidden from `viewer`
            if imagined.view(viewer) != truth:
                return Barrier.REVEAL
    return None


def _without_rng(state: State) -> object:
    """The saved position apart from its generator (a determinisation re-seeds that alone when
    nothing else is hidden)."""
    doc = json.loads(state.serialize())
    doc["state"].pop("rng", None)
    return doc


@dataclass(frozen=True)
class _Step:
    """A decision the run has not judged yet: the reveal check runs only when someone asks."""

    before: State
    action: str
    events: tuple[Event, ...]
    after: State


@dataclass
class UndoRun:
    """The decisions that may still be taken back: the last deciding seat's own run since the undo
    point, each with the position before it. Fed every applied decision (`record`), asked who may
    take back how many (`available`, `check`), and taken back from (`take_back`).

    The cheap tests (another seat, an AI seat, the turn handed on, the Rng moved) run as a decision
    is recorded; the reveal check runs when the run is first asked about (`settle`), so a table
    rebuilt from a long log judges only the decisions still at its end."""

    seat: int | None = None  # whose decision was last
    before: list[State] = field(default_factory=list)  # the position before each undoable decision
    since: Barrier = Barrier.START  # what stands before the oldest undoable decision
    pending: list[_Step] = field(default_factory=list)  # recorded, not judged yet (oldest first)

    def record(
        self,
        seat: int,
        before: State,
        action: str,
        events: Sequence[Event],
        after: State,
        *,
        may_undo: bool = True,
    ) -> None:
        """One applied decision. `before` is kept as it is, so the caller must not change it later
        (a table applies each move to a clone). `may_undo` False (an AI seat) makes it a barrier."""
        if seat != self.seat:
            self._restart(seat, Barrier.OTHER)
        if _rng_state(before) != _rng_state(after):
            self._restart(seat, Barrier.CHANCE)
        elif not may_undo or seat not in deciding(after):
            # an AI seat never takes back; a seat whose turn was handed on may not, and the next
            # decision is another seat's anyway
            self._restart(seat, Barrier.OTHER)
        else:
            self.pending.append(_Step(before, action, tuple(events), after))

    def _restart(self, seat: int | None, since: Barrier) -> None:
        self.seat, self.before, self.since, self.pending = seat, [], since, []

    def settle(self) -> None:
        """Judge the decisions recorded since last asked (the reveal check, oldest first)."""
        seat = self.seat
        for step in self.pending:
            assert seat is not None
            found = barrier(step.before, seat, step.action, step.events, step.after)
            if found is not None:
                self.before, self.since = [], found
            else:
                self.before.append(step.before)
        self.pending = []

    def rewind(self) -> None:
        """Forget everything: the next decision starts a new run (a position set from outside)."""
        self._restart(None, Barrier.START)

    def available(self, seat: int | None, now: State, *, settle: bool = True) -> int:
        """How many decisions `seat` may take back in position `now` (0: none). With `settle`
        False nothing is judged now (a server's event loop): decisions not judged yet count as
        none until they are."""
        if seat is None or seat != self.seat or seat not in deciding(now):
            return 0
        if settle:
            self.settle()
        return len(self.before)

    def check(self, seat: int, count: int, now: State) -> None:
        """Raise UndoRefusedError, with the reason in words, unless `seat` may take back `count`."""
        if now.is_terminal():
            raise UndoRefusedError("game_over", "the game is over; nothing can be taken back")
        if self.seat is None:
            raise UndoRefusedError("nothing_to_undo", "nothing to undo: no decision has been made yet")
        if seat != self.seat:
            raise UndoRefusedError(
                "not_your_decision",
                f"not your decision: the last decision was player {self.seat}'s; "
                "you may take back only your own",
            )
        if seat not in deciding(now):
            raise UndoRefusedError(
                "turn_passed", "your turn has been handed on; a decision is taken back only while you decide"
            )
        self.settle()
        if not self.before:
            raise UndoRefusedError("past_barrier", f"nothing to undo past {self.since.value}")
        if count > len(self.before):
            raise UndoRefusedError(
                "past_barrier",
                f"you may take back {len(self.before)} at most: before that comes {self.since.value}",
            )

    def take_back(self, seat: int, count: int, now: State) -> State:
        """The position before `seat`'s last `count` decisions (checked first); the run keeps the
        decisions still before it, so a seat may take back again."""
        self.check(seat, count, now)
        restored = self.before[-count]
        del self.before[-count:]
        return restored


def follow(
    state: State,
    run: UndoRun,
    seat: int,
    text: str,
    *,
    log: Sequence[tuple[int, str]],
    start: Callable[[], State],
    agents: frozenset[int] = frozenset(),
) -> tuple[State, list[Event]]:
    """One stored entry `(seat, text)`, a move or an undo entry, after the entries `log`, from
    position `state` (left unchanged): the new position and the entry's events (an undo entry's:
    who took back how many). `run` follows along (`agents`: the seats whose moves are barriers).
    A move the engine refuses raises its WarroomError; an undo entry taking back more moves than
    stand raises ValueError.

    An undo entry restores the position the run kept; where the run holds none (a log read with
    no run, or judged otherwise by another version) the line of play is replayed from `start()`
    without the taken-back moves, which gives the same position seed for seed."""
    count = undo_count(text)
    if count is None:
        after = state.clone()
        events = act(after, seat, text)
        run.record(seat, state, text, events, after, may_undo=seat not in agents)
        return after, events
    entries = [*log, (seat, text)]
    standing = line_of_play([t for _, t in entries])
    if run.seat == seat:
        run.settle()
    if run.seat == seat and count <= len(run.before):
        restored = run.before[-count]
        del run.before[-count:]
        return restored, [took_back(seat, count)]
    restored = start()
    for who, move in (entries[i] for i in standing):
        act(restored, who, move)
    run.rewind()
    return restored, [took_back(seat, count)]


def replay_line(
    start: State,
    entries: Sequence[tuple[int, str]],
    run: UndoRun | None = None,
    agents: frozenset[int] = frozenset(),
) -> tuple[State, list[list[Event]]]:
    """A whole stored log from `start` (left unchanged), undo entries honoured (see `follow`):
    the final position and each entry's events."""
    run = run if run is not None else UndoRun()
    state = start
    made: list[list[Event]] = []
    for index, (seat, text) in enumerate(entries):
        state, events = follow(state, run, seat, text, log=entries[:index], start=start.clone, agents=agents)
        made.append(events)
    return state, made
