"""A table at play, in memory: its state, its log of plies, its seat tokens and its watchers.

The records every part of the service shares (tables.py loads and seats them, moves.py plays and
fans out, ai_seats.py drives their AI seats, replays.py steps through them); the behaviour lives
in those modules.
"""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from warroom.agents import Agent
from warroom.core.game import Event, Game, State
from warroom.core.undo import UndoRun
from warroom.server.store import TableRecord
from warroom.server.turns import deciding_seats

HUMAN = "human"  # the seat kind of a person; any other kind names an AI agent
QUEUE_LIMIT = 2000  # a client this far behind is disconnected rather than buffered forever


@dataclass
class Ply:
    """One stored entry with the events it made (each client sees those visible to its viewer): a
    move, or a take-back whose text is `{"undo": n}` (warroom.core.undo)."""

    seat: int
    text: str
    events: list[Event]


class Subscriber:
    """One connected client: the seats its token holds and its outbound message queue."""

    def __init__(self, seats: frozenset[int]) -> None:
        self.seats = seats
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()  # encoded messages; None: hang up
        self.viewer: int | None = min(seats) if seats else None
        self.closed = False

    def perspective(self, state: State) -> int | None:
        """Whose eyes the client sees with: the first seat it holds that may act now (hot seat:
        the seat to move; during a secret choice, the first of its seats still to commit), else
        the last one."""
        if self.seats:
            for seat in deciding_seats(state):
                if seat in self.seats:
                    self.viewer = seat
                    break
        return self.viewer

    def send(self, message: str | None) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.closed = True
            message = None  # tells the writer to hang up
        self.queue.put_nowait(message)


@dataclass
class LiveTable:
    record: TableRecord
    game: Game[Any]
    state: State
    plies: list[Ply]
    agents: dict[int, Agent]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one move at a time
    wake: asyncio.Event = field(default_factory=asyncio.Event)  # a move was made: AI seats look
    subscribers: set[Subscriber] = field(default_factory=set)
    tokens: dict[str, frozenset[int]] = field(default_factory=dict)  # seat tokens seen so far
    driver: asyncio.Task[None] | None = None  # plays the AI seats (ai_seats.py)
    replay_lock: threading.Lock = field(default_factory=threading.Lock)
    replay_cursor: tuple[int, State] | None = None  # the replay's last position (replays.py)
    owner: str = ""  # the client that created it (limits.py); "" when resumed from the store
    last_used: float = field(default_factory=time.monotonic)  # opened, watched or played
    undo: UndoRun = field(default_factory=UndoRun)  # what a seat may take back (warroom.core.undo)

    def touch(self) -> None:
        self.last_used = time.monotonic()

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def human_seats(self) -> frozenset[int]:
        return frozenset(i for i, kind in enumerate(self.record.seats) if kind == HUMAN)

    @property
    def ai_seats(self) -> frozenset[int]:
        """The seats whose moves are barriers to undo: AI seats never take back."""
        return frozenset(i for i, kind in enumerate(self.record.seats) if kind != HUMAN)

    def entries(self) -> list[tuple[int, str]]:
        """The stored log as (seat, text), undo entries included."""
        return [(ply.seat, ply.text) for ply in self.plies]

    def start(self) -> State:
        """The seeded start of the table (a new state each call)."""
        start: State = self.game.new_initial_state(self.record.seed)
        return start


def returns_of(state: State) -> list[float] | None:
    """The final returns as stored and sent, None while the game runs."""
    return [float(r) for r in state.returns()] if state.is_terminal() else None
