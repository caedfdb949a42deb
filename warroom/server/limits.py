"""What one client may cost the server (issue 17): sixteen tables of the strongest search AI
against itself once slowed table creation 1,000-fold and another table's AI moves 400-fold, and
every table ever created or merely read stayed in memory.

- `Limits`: caps on the tables of AI seats alone still playing (they play without pause: the
  whole server, and per client) and on the tables with a strong search level (`STRONG`, with or
  without people), checked when a table is created (429 `ai_limit`); how long an unwatched table
  stays in memory. A person's table against the lighter AIs is paced by the person: not capped.
  All configurable (`warroom serve --help`).
- `FairScheduler`: the AI seats' thinking, shared fairly between clients: the next move computed
  is always one of the client that has used the least AI time so far, so a client with one
  table is never queued behind another's sixteen (each table has at most one move queued).

A client is the address the request came from (behind a reverse proxy: the proxy's forwarded
address, see docs/deploy). A table resumed after a restart counts against the server's caps, not
against a client's (who created it is not stored).
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, TypeVar

from warroom.agents import LEVELS

T = TypeVar("T")

# the search levels that cost more than a fraction of a second per move: 64 playouts or more
STRONG = frozenset(name for name, settings in LEVELS.items() if settings.iterations >= 64)


@dataclass(frozen=True)
class Limits:
    ai_tables: int = 16  # tables of AI seats alone still playing, the whole server
    ai_tables_per_client: int = 4
    strong_tables: int = 8  # tables with a strong search level (STRONG) still playing
    strong_tables_per_client: int = 2
    idle_seconds: float = 300.0  # an unwatched table with nothing to play is released from memory
    sweep_seconds: float = 30.0  # how often the service looks for such tables


def is_strong(seats: Iterable[str]) -> bool:
    return any(kind in STRONG for kind in seats)


class FairScheduler:
    """Runs blocking AI work in `pool` on at most `slots` threads at once, choosing the next job
    from the client that has used the least thread time (a newcomer starts level with the least
    used of the clients waiting, so no one is starved by a long history)."""

    def __init__(self, pool: Executor, slots: int) -> None:
        self.pool = pool
        self.slots = slots
        self.busy = 0
        self.queues: dict[str, deque[tuple[asyncio.Future[Any], Callable[..., Any], tuple[Any, ...]]]] = {}
        self.used: dict[str, float] = {}

    async def run(self, client: str, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[T] = loop.create_future()
        if client not in self.used:
            waiting = [self.used[c] for c, queue in self.queues.items() if queue and c in self.used]
            self.used[client] = min(waiting, default=0.0)
        self.queues.setdefault(client, deque()).append((done, fn, args))
        self._dispatch(loop)
        return await done

    def _dispatch(self, loop: asyncio.AbstractEventLoop) -> None:
        while self.busy < self.slots:
            ready = [client for client, queue in self.queues.items() if queue]
            if not ready:
                return
            client = min(ready, key=lambda c: self.used.get(c, 0.0))
            done, fn, args = self.queues[client].popleft()
            if not self.queues[client]:
                del self.queues[client]
            if done.cancelled():  # its table was stopped meanwhile
                continue
            self.busy += 1
            started = time.monotonic()
            work = loop.run_in_executor(self.pool, fn, *args)
            work.add_done_callback(
                functools.partial(self._finished, loop, client=client, done=done, started=started)
            )

    def _finished(
        self,
        loop: asyncio.AbstractEventLoop,
        work: asyncio.Future[Any],
        *,
        client: str,
        done: asyncio.Future[Any],
        started: float,
    ) -> None:
        self.busy -= 1
        self.used[client] = self.used.get(client, 0.0) + time.monotonic() - started
        if not done.cancelled():
            if work.cancelled():
                done.cancel()
            elif work.exception() is not None:
                done.set_exception(work.exception())  # type: ignore[arg-type]
            else:
                done.set_result(work.result())
        if len(self.used) > 10_000:  # forget the clients with nothing queued
            self.used = {c: u for c, u in self.used.items() if c in self.queues}
        self._dispatch(loop)
