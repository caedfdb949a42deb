"""Tables at play: the rules stay in the engine, the service only seats people and agents at it.

`TableService` is the thin façade the HTTP and websocket routes (app.py) call; the work is done by

    tables.py    tables and seats: the catalogue, creating (seat tokens, hot seat), loading by
                 replaying the log (version-stamped; a log that no longer replays is reported),
                 a token's seats, the lobby
    moves.py     moves and fan-out: a move checked, committed, then broadcast as one view and one
                 encoded message per perspective
    ai_seats.py  AI seats: a driver task per table, agents thinking off the event loop, at pace
    protocol.py  the websocket messages, typed, and ServiceError (every refusal)
    replays.py   the replay file and the step-by-step frames
    live.py      the in-memory table they share; workers.py the threads for blocking work
"""

from __future__ import annotations

import asyncio

from warroom.core.game import JSON
from warroom.server import schemas
from warroom.server.ai_seats import AiSeats
from warroom.server.cluster import Alone, cluster_for
from warroom.server.limits import Limits
from warroom.server.live import LiveTable, Subscriber
from warroom.server.moves import Moves
from warroom.server.protocol import (
    AckMessage,
    ActMessage,
    PongMessage,
    ServerMessage,
    ServiceError,
    StateMessage,
    read_message,
    reply_to,
)
from warroom.server.replays import Replays
from warroom.server.store import SqlStore, Store
from warroom.server.tables import Tables
from warroom.server.workers import Workers

__all__ = ["ServiceError", "TableService"]


class TableService:
    """Creates, loads, plays and narrates tables; the HTTP/websocket layer is a thin shell over it."""

    def __init__(
        self, store: Store, ai_delay_ms: int = 700, agent_threads: int = 2, limits: Limits | None = None
    ) -> None:
        self.workers = Workers(store, agent_threads)
        self.moves = Moves(self.workers)
        self.cluster = cluster_for(store.url)  # other server processes on the same PostgreSQL
        if isinstance(store, SqlStore) and not isinstance(self.cluster, Alone):
            store.notify_origin = self.cluster.origin
        self.ai = AiSeats(self.workers, self.moves, self.cluster)
        self.tables = Tables(self.workers, ai_delay_ms, on_load=self.ai.start, limits=limits)
        self._releaser: asyncio.Task[None] | None = None
        self._pending: set[asyncio.Task[None]] = set()  # catch-ups under way
        self.replays = Replays(self.workers)

    # -- lifecycle ------------------------------------------------------------------------------
    async def start(self) -> None:
        """Resume every unfinished table exactly where its action log stops, AI seats included."""
        await self.tables.resume_unfinished()
        self.cluster.start(asyncio.get_running_loop(), self._moved_elsewhere, self._resync)
        self._releaser = asyncio.create_task(self.tables.release_forever(), name="release-idle-tables")

    async def stop(self) -> None:
        if self._releaser is not None:
            self._releaser.cancel()
        self.cluster.close()
        live_tables = list(self.tables.live.values())
        for live in live_tables:
            for sub in live.subscribers:
                sub.send(None)
        await self.ai.stop(live_tables)
        self.workers.shutdown()

    # -- other server processes (cluster.py) --------------------------------------------------------
    def _moved_elsewhere(self, table_id: str) -> None:
        live = self.tables.live.get(table_id)
        if live is not None:
            task = asyncio.create_task(self.moves.catch_up(live))
            self._pending.add(task)
            task.add_done_callback(self._pending.discard)

    def _resync(self) -> None:
        for table_id in list(self.tables.live):
            self._moved_elsewhere(table_id)

    # -- tables and seats -----------------------------------------------------------------------
    def games(self) -> list[schemas.GameOut]:
        return self.tables.games()

    async def lobby(self, limit: int = 50) -> list[schemas.TableSummary]:
        return await self.tables.lobby(limit)

    async def create_table(self, req: schemas.CreateTable, client: str = "") -> schemas.CreatedTable:
        return await self.tables.create(req, client)

    async def table(self, table_id: str) -> LiveTable:
        return await self.tables.table(table_id)

    async def seats(self, live: LiveTable, token: str | None) -> frozenset[int]:
        return await self.tables.seats(live, token)

    # -- what a client sees, and moves ----------------------------------------------------------
    def state_for(self, live: LiveTable, seats: frozenset[int]) -> JSON:
        """The HTTP snapshot: like a websocket welcome."""
        return self.moves.welcome(live, Subscriber(seats)).model_dump()

    def welcome(self, live: LiveTable, sub: Subscriber) -> StateMessage:
        return self.moves.welcome(live, sub)

    def subscribe(self, live: LiveTable, seats: frozenset[int]) -> Subscriber:
        return self.moves.subscribe(live, seats)

    def unsubscribe(self, live: LiveTable, sub: Subscriber) -> None:
        self.moves.unsubscribe(live, sub)

    async def act(self, table_id: str, token: str, text: str, ply: int | None) -> schemas.ActResult:
        live = await self.tables.table(table_id)
        seats = await self.tables.seats(live, token)
        return await self.moves.act(live, seats, text, ply)

    async def handle_message(
        self, live: LiveTable, sub: Subscriber, raw: str | bytes | None
    ) -> ServerMessage:
        """One websocket message from a client: an `act` or a `ping`. The reply, never an exception."""
        try:
            message = read_message(raw)
        except ServiceError as exc:
            return exc.to_message(reply_to(raw))
        if not isinstance(message, ActMessage):
            return PongMessage(id=message.id)
        try:
            result = await self.moves.act(live, sub.seats, message.action, message.ply)
        except ServiceError as exc:
            return exc.to_message(message.id)
        return AckMessage(id=message.id, ply=result.ply, action=result.action)

    # -- replays --------------------------------------------------------------------------------
    async def replay_text(self, table_id: str) -> str:
        return await self.replays.replay_text(await self.tables.table(table_id))

    async def frame(
        self, table_id: str, token: str | None, ply: int, seat: int | None, catalog: bool = True
    ) -> JSON:
        live = await self.tables.table(table_id)
        seats = await self.tables.seats(live, token)
        return await self.replays.frame(live, seats, ply, seat, catalog)
