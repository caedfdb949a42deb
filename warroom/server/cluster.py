"""Several `warroom serve` processes on one PostgreSQL (issue 17): every process may hold any
table, so each must learn of the moves the others commit, and a table's AI seats must be played
by one process only.

- Moves: a move's INSERT and a `NOTIFY warroom_moves, '<table> <ply> <process>'` commit in one
  transaction (store.py), so a notification is sent exactly for the moves that are stored. Each
  process LISTENs on a connection of its own (a thread here) and, for a table it holds, reads the
  log from its last ply on and broadcasts those moves to its own clients (moves.Moves.catch_up).
  After the listening connection is (re)made, every held table catches up, in case a
  notification went by while it was down.
- AI seats: a process drives a table's AI seats only while it holds the table's lease, a session
  advisory lock (`pg_try_advisory_lock`) on one connection of its own. A process that dies loses
  its connection and so its leases; another process holding the table takes the lease at its
  next try (`LEASE_RETRY`) and plays on. Whatever happens to leases, the action log's primary key
  (table, ply) lets only one move per ply be stored.
- Nothing is lost when a process dies: a move is committed before it is acknowledged.

On SQLite there is one process: `Alone` grants every lease and has nothing to listen to.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import threading
import uuid
from collections.abc import Callable
from typing import Any, Protocol

from warroom.server.store import NOTIFY_CHANNEL

log = logging.getLogger("warroom.server")

CHANNEL = NOTIFY_CHANNEL
LEASE_RETRY = 2.0  # seconds between two tries for a table's AI lease held by another process


class Cluster(Protocol):
    origin: str  # this process, in its notifications (its own are not read back)

    def start(
        self, loop: asyncio.AbstractEventLoop, on_move: Callable[[str], None], on_resync: Callable[[], None]
    ) -> None: ...
    def try_lease(self, table_id: str) -> bool: ...  # blocking
    def release(self, table_id: str) -> None: ...  # blocking
    def close(self) -> None: ...


class Alone:
    """One process (SQLite): every lease is this process's, no one else commits moves."""

    origin = "alone"

    def start(
        self, loop: asyncio.AbstractEventLoop, on_move: Callable[[str], None], on_resync: Callable[[], None]
    ) -> None:
        return

    def try_lease(self, table_id: str) -> bool:
        return True

    def release(self, table_id: str) -> None:
        return

    def close(self) -> None:
        return


def lease_key(table_id: str) -> int:
    """The advisory lock's key of a table: 64 bits of its id's hash, as PostgreSQL's bigint."""
    return int.from_bytes(
        hashlib.sha256(f"warroom-table:{table_id}".encode()).digest()[:8], "big", signed=True
    )


def psycopg_dsn(url: str) -> str:
    return "postgresql://" + url.split("://", 1)[1]


class Postgres:
    """LISTEN/NOTIFY for moves and advisory locks for AI leases (see the module docstring)."""

    def __init__(self, url: str) -> None:
        self.dsn = psycopg_dsn(url)
        self.origin = uuid.uuid4().hex[:12]
        self._lease_conn: Any = None
        self._lease_lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # -- moves ------------------------------------------------------------------------------------
    def start(
        self, loop: asyncio.AbstractEventLoop, on_move: Callable[[str], None], on_resync: Callable[[], None]
    ) -> None:
        self._thread = threading.Thread(
            target=self._listen, args=(loop, on_move, on_resync), name="warroom-listen", daemon=True
        )
        self._thread.start()

    def _listen(
        self, loop: asyncio.AbstractEventLoop, on_move: Callable[[str], None], on_resync: Callable[[], None]
    ) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(self.dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    loop.call_soon_threadsafe(on_resync)  # anything missed while not listening
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=1.0):
                            table_id, _ply, origin = [*note.payload.split(" "), "", ""][:3]
                            if origin != self.origin:
                                loop.call_soon_threadsafe(on_move, table_id)
            except Exception as exc:  # the database went away: listen again when it is back
                if self._stop.is_set():
                    return
                log.warning("listening for other processes' moves failed (%s); retrying", exc)
                self._stop.wait(1.0)

    # -- AI leases --------------------------------------------------------------------------------
    def _leases(self) -> Any:
        import psycopg

        if self._lease_conn is None or self._lease_conn.closed:
            self._lease_conn = psycopg.connect(self.dsn, autocommit=True)
        return self._lease_conn

    def try_lease(self, table_id: str) -> bool:
        with self._lease_lock:
            try:
                row = (
                    self._leases()
                    .execute("SELECT pg_try_advisory_lock(%s)", (lease_key(table_id),))
                    .fetchone()
                )
            except Exception as exc:  # a lost connection has lost its leases too: start afresh
                log.warning("AI lease for table %s: %s", table_id, exc)
                self._drop()
                return False
            return bool(row and row[0])

    def release(self, table_id: str) -> None:
        with self._lease_lock:
            if self._lease_conn is None:
                return
            try:
                self._lease_conn.execute("SELECT pg_advisory_unlock(%s)", (lease_key(table_id),))
            except Exception:
                self._drop()

    def _drop(self) -> None:
        if self._lease_conn is not None:
            try:
                self._lease_conn.close()
            finally:
                self._lease_conn = None

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=3)
        with self._lease_lock:
            self._drop()


def cluster_for(url: str) -> Cluster:
    return Postgres(url) if url.startswith("postgresql") else Alone()
