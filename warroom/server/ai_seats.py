"""AI seats: each table with agents has a driver task that plays their moves at the table's pace.

The agent thinks in a worker thread, on a clone of the position, so the event loop (and every
other table) never waits for it; its move then goes through the same checks and commit as a
person's (moves.py). A driver sleeps while only people may act and wakes when a move is made; an
AI seat waiting on a secret simultaneous choice commits without waiting for the others.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable

from warroom.server.cluster import LEASE_RETRY, Alone, Cluster
from warroom.server.live import LiveTable
from warroom.server.moves import Moves
from warroom.server.protocol import ServiceError
from warroom.server.turns import as_decider, deciding_seats
from warroom.server.workers import Workers

log = logging.getLogger("warroom.server")

RETRY_AFTER_REFUSAL = 0.5  # seconds: a refused AI move (a bug, or a race) is not retried in a spin
# a move that could not be stored (a full disk, a read-only database): retried after a pause that
# doubles up to this, so an AI table recovers by itself once the fault is cleared (issue 17)
MAX_RETRY_PAUSE = 5.0


class AiSeats:
    def __init__(self, workers: Workers, moves: Moves, cluster: Cluster | None = None) -> None:
        self.workers = workers
        self.moves = moves
        self.cluster = cluster or Alone()

    def start(self, live: LiveTable) -> None:
        """Start playing a freshly loaded table's AI seats, if it has any and the game goes on: at
        once on its own, else (several server processes) once this process holds its lease."""
        if live.state.is_terminal() or not live.agents:
            return
        if isinstance(self.cluster, Alone):
            live.driver = asyncio.create_task(self._drive(live), name=f"table-{live.id}")
        else:
            live.driver = asyncio.create_task(self._drive_when_leased(live), name=f"table-{live.id}")

    async def _drive_when_leased(self, live: LiveTable) -> None:
        """Take the table's lease (another process may hold it: try again every LEASE_RETRY
        seconds, it is freed when that process dies), then drive; the lease is freed after."""
        while not live.state.is_terminal():
            if await self.workers.db(self.cluster.try_lease, live.id):
                break
            await asyncio.sleep(LEASE_RETRY)
        else:
            return
        log.info("table %s: driving its AI seats in this process", live.id)
        try:
            await self.moves.catch_up(live)  # the last holder's moves
            await self._drive(live)
        finally:
            self.workers.db_pool.submit(self.cluster.release, live.id)

    async def stop(self, tables: Iterable[LiveTable]) -> None:
        drivers = [live.driver for live in tables if live.driver is not None]
        for driver in drivers:
            driver.cancel()
        await asyncio.gather(*drivers, return_exceptions=True)

    async def _drive(self, live: LiveTable) -> None:
        """Play the table's AI seats, one move at a time at the table's pace, off the event loop.
        A failure (the store refusing a write, an agent's exception) pauses and retries: the
        driver never stops while the game goes on."""
        pause = RETRY_AFTER_REFUSAL
        while not live.state.is_terminal():
            try:
                if await self._step(live):
                    pause = RETRY_AFTER_REFUSAL
            except asyncio.CancelledError:
                raise
            except ServiceError as exc:
                log.warning("table %s: AI move refused (%s): %s", live.id, exc.code, exc.message)
                await asyncio.sleep(pause)
                pause = min(pause * 2, MAX_RETRY_PAUSE) if exc.code == "unavailable" else pause
            except Exception:
                log.exception("table %s: AI move failed; retrying in %.1f s", live.id, pause)
                await asyncio.sleep(pause)
                pause = min(pause * 2, MAX_RETRY_PAUSE)

    async def _step(self, live: LiveTable) -> bool:
        """One AI move if an AI seat may act now (True), else wait for a move (False)."""
        waiting = deciding_seats(live.state)
        seat = next((s for s in waiting if s in live.agents), None)
        if seat is None:
            live.wake.clear()
            await live.wake.wait()
            return False
        agent = live.agents[seat]
        if live.record.ai_delay_ms:
            await asyncio.sleep(live.record.ai_delay_ms / 1000)
        # others committing meanwhile change nothing of this seat's secret choice (its options
        # never depend on theirs), so its commitment stands at whatever ply it arrives
        ply = None if len(waiting) > 1 else len(live.plies)
        # the position as this seat is asked it (a secret choice: its own options)
        asked = as_decider(live.state, seat)
        asked = asked.clone() if asked is live.state else asked
        action = await self.workers.scheduler.run(live.owner, agent.choose, asked)
        await self.moves.act(live, frozenset({seat}), action.text, ply)
        return True
