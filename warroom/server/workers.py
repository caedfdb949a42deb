"""The threads the service hands blocking work to, so the event loop only ever waits on them.

Two pools: the store's calls, and the engine's heavy work (rebuilding a table from its log, an
AI seat's choice, a replay's position).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from warroom.server.limits import FairScheduler
from warroom.server.store import Store

T = TypeVar("T")


class Workers:
    def __init__(self, store: Store, agent_threads: int = 2) -> None:
        self.store = store
        # SQLite takes one writer at a time: one thread keeps commits in order without lock waits,
        # and a move's commit (well under a millisecond in WAL mode) runs inline on the event loop:
        # handing it to a thread and back costs more, in GIL switches, than the write itself.
        self.inline_writes = store.url.startswith("sqlite")
        db_threads = 1 if self.inline_writes else 4
        self.db_pool = ThreadPoolExecutor(db_threads, thread_name_prefix="warroom-db")
        self.engine_pool = ThreadPoolExecutor(agent_threads, thread_name_prefix="warroom-ai")
        # AI seats' thinking, shared fairly between clients (limits.py)
        self.scheduler = FairScheduler(self.engine_pool, agent_threads)

    async def db(self, fn: Callable[..., T], *args: object) -> T:
        """A store call, in the database pool."""
        return await asyncio.get_running_loop().run_in_executor(self.db_pool, fn, *args)

    async def write(self, fn: Callable[..., T], *args: object) -> T:
        """A move's commit: inline for SQLite (see __init__), in the pool for a database server."""
        return fn(*args) if self.inline_writes else await self.db(fn, *args)

    async def compute(self, fn: Callable[..., T], *args: object) -> T:
        """Engine work that may take a while (rebuilding, an AI's choice, a replay's position)."""
        return await asyncio.get_running_loop().run_in_executor(self.engine_pool, fn, *args)

    def shutdown(self) -> None:
        self.engine_pool.shutdown(wait=False, cancel_futures=True)
        self.db_pool.shutdown(wait=True)
        self.store.close()
