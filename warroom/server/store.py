"""Where tables live: a header per table plus an append-only action log (SQLAlchemy 2).

The service talks to `Store` only. Every write commits before it returns, so a move the server
has acknowledged survives a kill. `(table_id, ply)` is the action log's primary key: two
writers racing for the same ply cannot both succeed, whatever process they run in.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Engine,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError, OperationalError, ProgrammingError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

NOTIFY_CHANNEL = "warroom_moves"  # cluster.py listens on it


class PlyTakenError(Exception):
    """Another writer already stored an action for this ply."""


@dataclass(frozen=True)
class TableRecord:
    """A table's header as stored: everything needed to rebuild it with its action log."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[str]  # "human" or an agent name, per seat
    hotseat: bool
    ai_delay_ms: int
    created_at: float = field(default_factory=time.time)
    finished: bool = False
    returns: list[float] | None = None
    # what the table was started under (None: stored before tables were stamped); a log written
    # under one game version may not replay under another
    engine_version: str | None = None
    game_version: str | None = None
    # uploaded content by option name (content.py): stored with the table, so it is rebuilt from
    # the database alone
    uploads: dict[str, str] = field(default_factory=dict)
    seed_chosen: bool = False  # the creator gave the seed (shown to every seat: seeds.py)
    # a person's chosen name per seat (names.py), None where none was given; [] for none at all
    names: list[str | None] = field(default_factory=list)


@dataclass(frozen=True)
class DamagedTable:
    """A stored table whose header row cannot be read (not JSON, a seed that is not a number):
    reported as damaged, while every other table is served (issue 17)."""

    id: str
    game: str
    created_at: float
    reason: str


class DamagedRowError(Exception):
    """A table row that cannot be read as a TableRecord; the message says which field, never its
    content."""


@dataclass(frozen=True)
class ActionRecord:
    ply: int
    seat: int
    text: str


class Store(Protocol):
    """The small storage interface the service uses (blocking calls: run them off the event loop)."""

    url: str

    def create_table(self, table: TableRecord, tokens: dict[str, list[int]]) -> None: ...
    def get_table(self, table_id: str) -> TableRecord | None: ...  # DamagedRowError: unreadable
    def list_tables(self, limit: int) -> list[TableRecord | DamagedTable]: ...
    def unfinished_tables(self) -> list[TableRecord | DamagedTable]: ...
    def seats_for_token(self, table_id: str, token: str) -> list[int] | None: ...
    def append_action(self, table_id: str, action: ActionRecord) -> None: ...
    def actions(self, table_id: str) -> list[ActionRecord]: ...
    def actions_from(self, table_id: str, ply: int) -> list[ActionRecord]: ...
    def action_count(self, table_id: str) -> int: ...
    def finish(self, table_id: str, returns: list[float]) -> None: ...
    def close(self) -> None: ...


def hash_token(token: str) -> str:
    """Tokens are stored hashed: a copy of the database does not hand out seats."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "warroom_tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[str] = mapped_column(Text)  # JSON text, exactly as given to the game
    seed: Mapped[int] = mapped_column(BigInteger)
    seats: Mapped[str] = mapped_column(Text)
    hotseat: Mapped[bool] = mapped_column(Boolean)
    ai_delay_ms: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[float] = mapped_column(Float)
    finished: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    returns: Mapped[Any] = mapped_column(JSON, nullable=True)
    # added after the first release: `_add_missing_columns` gives an older database these
    engine_version: Mapped[str | None] = mapped_column(String(64), nullable=True)
    game_version: Mapped[str | None] = mapped_column(String(64), nullable=True)
    uploads: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON {option: text}
    seed_chosen: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    names: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON [name or null per seat]


class TokenRow(Base):
    __tablename__ = "warroom_seat_tokens"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("warroom_tables.id"), index=True)
    seats: Mapped[str] = mapped_column(Text)  # JSON list of seat numbers


class ActionRow(Base):
    __tablename__ = "warroom_actions"
    table_id: Mapped[str] = mapped_column(ForeignKey("warroom_tables.id"), primary_key=True)
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(512))
    created_at: Mapped[float] = mapped_column(Float)


def normalize_url(db: str) -> str:
    """`--db` accepts an SQLAlchemy URL, `postgresql://...` (driven by psycopg 3) or a file path."""
    if db.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + db.split("://", 1)[1]
    if "://" in db:
        return db
    return f"sqlite:///{Path(db).expanduser().resolve()}"


def default_sqlite_path() -> Path:
    return Path.home() / ".local" / "share" / "warroom" / "warroom.sqlite3"


class SqlStore:
    """`Store` over SQLAlchemy: SQLite (WAL journal) or PostgreSQL (psycopg 3)."""

    def __init__(self, db: str) -> None:
        self.url = normalize_url(db)
        self.is_sqlite = self.url.startswith("sqlite")
        if self.is_sqlite and self.url.startswith("sqlite:///") and self.url != "sqlite:///:memory:":
            Path(self.url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        self.engine: Engine = create_engine(
            self.url,
            connect_args={"check_same_thread": False, "timeout": 30} if self.is_sqlite else {},
            pool_pre_ping=not self.is_sqlite,
        )
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        Base.metadata.create_all(self.engine)
        _add_missing_columns(self.engine)
        self._session = sessionmaker(self.engine, expire_on_commit=False)
        self._insert_action = insert(ActionRow)  # built once: building it cost more than the write
        self._writer = _SqliteLogWriter(self.engine) if self.is_sqlite else None
        # PostgreSQL: each stored move is announced to the other server processes in its own
        # transaction (cluster.py); None: no one else to tell
        self.notify_origin: str | None = None
        self._notify = text("SELECT pg_notify(:channel, :payload)")

    def create_table(self, table: TableRecord, tokens: dict[str, list[int]]) -> None:
        with self._session.begin() as session:
            session.add(
                TableRow(
                    id=table.id,
                    game=table.game,
                    options=json.dumps(table.options, sort_keys=True),
                    seed=table.seed,
                    seats=json.dumps(table.seats),
                    hotseat=table.hotseat,
                    ai_delay_ms=table.ai_delay_ms,
                    created_at=table.created_at,
                    finished=False,
                    returns=None,
                    engine_version=table.engine_version,
                    game_version=table.game_version,
                    uploads=json.dumps(table.uploads) if table.uploads else None,
                    seed_chosen=table.seed_chosen,
                    names=json.dumps(table.names) if any(table.names) else None,
                )
            )
            session.flush()
            for token, seats in tokens.items():
                session.add(
                    TokenRow(token_hash=hash_token(token), table_id=table.id, seats=json.dumps(seats))
                )

    def get_table(self, table_id: str) -> TableRecord | None:
        with self._session() as session:
            row = session.get(TableRow, table_id)
            return None if row is None else _record(row)

    def list_tables(self, limit: int) -> list[TableRecord | DamagedTable]:
        with self._session() as session:
            rows = session.scalars(select(TableRow).order_by(TableRow.created_at.desc()).limit(limit))
            return [_record_or_damaged(row) for row in rows]

    def unfinished_tables(self) -> list[TableRecord | DamagedTable]:
        with self._session() as session:
            rows = session.scalars(select(TableRow).where(TableRow.finished.is_(False)))
            return [_record_or_damaged(row) for row in rows]

    def seats_for_token(self, table_id: str, token: str) -> list[int] | None:
        with self._session() as session:
            row = session.get(TokenRow, hash_token(token))
            if row is None or row.table_id != table_id:
                return None
            seats: list[int] = json.loads(row.seats)
            return seats

    def append_action(self, table_id: str, action: ActionRecord) -> None:
        """Store one move, committed when this returns (the hot path: one call per move)."""
        row = {
            "table_id": table_id,
            "ply": action.ply,
            "seat": action.seat,
            "text": action.text,
            "created_at": time.time(),
        }
        try:
            if self._writer is not None:
                self._writer.append(row)
                return
            with self.engine.begin() as conn:  # Core, not the ORM
                conn.execute(self._insert_action, row)
                if self.notify_origin is not None:  # sent on commit, only if the move is stored
                    payload = f"{table_id} {action.ply} {self.notify_origin}"
                    conn.execute(self._notify, {"channel": NOTIFY_CHANNEL, "payload": payload})
        except IntegrityError:
            raise PlyTakenError(f"ply {action.ply} of table {table_id} is already taken") from None

    def actions(self, table_id: str) -> list[ActionRecord]:
        with self._session() as session:
            rows = session.scalars(
                select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.ply)
            )
            return [ActionRecord(row.ply, row.seat, row.text) for row in rows]

    def actions_from(self, table_id: str, ply: int) -> list[ActionRecord]:
        """The log from `ply` on (what another process stored since this one last looked)."""
        with self._session() as session:
            rows = session.scalars(
                select(ActionRow)
                .where(ActionRow.table_id == table_id, ActionRow.ply >= ply)
                .order_by(ActionRow.ply)
            )
            return [ActionRecord(row.ply, row.seat, row.text) for row in rows]

    def action_count(self, table_id: str) -> int:
        with self._session() as session:
            count = session.scalar(select(func.count()).where(ActionRow.table_id == table_id))
            return int(count or 0)

    def finish(self, table_id: str, returns: list[float]) -> None:
        with self._session.begin() as session:
            session.execute(
                update(TableRow).where(TableRow.id == table_id).values(finished=True, returns=returns)
            )

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
        self.engine.dispose()


class _SqliteLogWriter:
    """The action log's writes on SQLite: one connection kept open, one precompiled INSERT, and
    checkpoints off the writer's path.

    SQLite has one writer at a time anyway, and a move's commit there is tens of microseconds of
    work, while a pool checkout, an SQLAlchemy execution context and the reset on check-in cost
    several times that. So the hot path uses the DB-API connection (still taken from the engine,
    so the pragmas apply) and the SQL text SQLAlchemy compiles for it once.

    A WAL checkpoint copies the log into the database file and fsyncs both: milliseconds to tens
    of milliseconds, which SQLite would otherwise spend inside whichever commit crosses its
    threshold, stalling the server's event loop (and every table) meanwhile. Automatic
    checkpoints are off (see _sqlite_pragmas); this writer asks for a passive one every
    CHECKPOINT_EVERY commits, run on a connection of its own in a thread of its own, which does
    not block the writer.
    """

    CHECKPOINT_EVERY = 256  # commits
    MAX_WAL_PAGES = 16_384  # 64 MiB of 4 KiB pages

    def __init__(self, engine: Engine) -> None:
        compiled = insert(ActionRow).compile(dialect=engine.dialect)
        self.sql = str(compiled)
        self.columns = list(compiled.positiontup or [])
        self.engine = engine
        self.connection = engine.raw_connection()
        self.integrity_error: type[Exception] = engine.dialect.loaded_dbapi.IntegrityError
        self.lock = threading.Lock()  # one DB-API connection, whichever thread calls
        self.commits = 0
        self.checkpoints = ThreadPoolExecutor(1, thread_name_prefix="warroom-checkpoint")

    def append(self, row: dict[str, Any]) -> None:
        params = tuple(row[name] for name in self.columns)
        with self.lock:
            cursor = self.connection.cursor()
            try:
                cursor.execute(self.sql, params)
                # committed to the WAL file when this returns: a killed process loses nothing (see
                # _sqlite_pragmas), so the move may be acknowledged
                self.connection.commit()
                self.commits += 1
                if self.commits % self.CHECKPOINT_EVERY == 0:
                    self.checkpoints.submit(self.catch_up)
            except self.integrity_error as exc:  # as SQLAlchemy would wrap it (see append_action)
                self.connection.rollback()
                raise IntegrityError(self.sql, params, exc) from None
            except Exception:
                self.connection.rollback()
                raise
            finally:
                cursor.close()

    def catch_up(self) -> None:
        """Copy the WAL into the database file until none of it is left. SQLite restarts the WAL
        from its beginning only at a write that finds it all copied, so a checkpoint overtaken
        by new moves is repeated (those are few pages, and quick) rather than let the file grow:
        done when a checkpoint finds the log complete and just as the previous one left it."""
        previous = in_log = -1
        for _ in range(20):
            busy, in_log, copied = self.checkpoint("PASSIVE")
            if not busy and in_log == copied == previous:
                return
            previous = in_log if in_log == copied else -1
        if in_log > self.MAX_WAL_PAGES:
            # writes never paused long enough: make the next one wait for the WAL to restart
            self.checkpoint("RESTART")

    def checkpoint(self, mode: str) -> tuple[int, int, int]:
        with self.engine.connect() as conn:
            # fetched: a statement left unfinished would hold a read snapshot in the pool and keep
            # every later checkpoint from completing
            busy, in_log, copied = conn.exec_driver_sql(f"PRAGMA wal_checkpoint({mode})").one()
            return int(busy), int(in_log), int(copied)

    def close(self) -> None:
        self.checkpoints.shutdown(wait=True)
        self.connection.close()
        self.checkpoint("TRUNCATE")  # leave the database file whole, the WAL empty


def _add_missing_columns(engine: Engine) -> None:
    """Bring a database made by an older warroom up to the current header: `create_all` makes
    missing tables but never alters existing ones, so each nullable column added since is added
    here (an old table reads as unstamped: None). Two processes opening one old database at
    once may race: a column the other one added first counts as added."""
    for table in Base.metadata.sorted_tables:
        present = {column["name"] for column in inspect(engine).get_columns(table.name)}
        for column in table.columns:
            if column.name in present:
                continue
            kind = column.type.compile(dialect=engine.dialect)
            ddl = f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}"
            try:
                with engine.begin() as conn:
                    conn.exec_driver_sql(ddl)
            except (OperationalError, ProgrammingError):
                added = {c["name"] for c in inspect(engine).get_columns(table.name)}
                if column.name not in added:
                    raise


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL: readers never block the writer. synchronous=NORMAL in WAL mode: a commit has been written
    # to the WAL file (the kernel's page cache) when it returns, so a server process that dies, even
    # by kill -9, loses no acknowledged move; only an OS crash or power cut could drop the last few
    # commits, which FULL would guard against with an fsync per move (a millisecond or more each).
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA wal_autocheckpoint=0")  # checkpoints run off the hot path: _SqliteLogWriter
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _record_or_damaged(row: TableRow) -> TableRecord | DamagedTable:
    try:
        return _record(row)
    except DamagedRowError as exc:
        try:
            created = float(row.created_at)
        except (TypeError, ValueError):
            created = 0.0
        return DamagedTable(str(row.id), str(row.game), created, str(exc))


def _json_field(row: TableRow, name: str, kind: type) -> Any:
    try:
        value = json.loads(getattr(row, name))
    except (TypeError, ValueError):
        raise DamagedRowError(f"its stored {name} are not JSON") from None
    if not isinstance(value, kind):
        raise DamagedRowError(f"its stored {name} are not a JSON {kind.__name__}")
    return value


def _record(row: TableRow) -> TableRecord:
    """A row as a record; DamagedRowError (naming the field, never its content) if it cannot be."""
    options = _json_field(row, "options", dict)
    seats = _json_field(row, "seats", list)
    if not all(isinstance(seat, str) for seat in seats):
        raise DamagedRowError("its stored seats are not a list of names")
    uploads = _json_field(row, "uploads", dict) if row.uploads else {}
    names = _json_field(row, "names", list) if row.names else []
    if not all(name is None or isinstance(name, str) for name in names):
        raise DamagedRowError("its stored names are not a list of names")
    try:
        seed, delay, created = int(row.seed), int(row.ai_delay_ms), float(row.created_at)
    except (TypeError, ValueError):
        raise DamagedRowError("its stored seed, AI delay or creation time is not a number") from None
    returns = row.returns
    if returns is not None and not (
        isinstance(returns, list) and all(isinstance(r, int | float) for r in returns)
    ):
        raise DamagedRowError("its stored returns are not a list of numbers")
    return TableRecord(
        id=row.id,
        game=row.game,
        options=options,
        seed=seed,
        seats=seats,
        hotseat=bool(row.hotseat),
        ai_delay_ms=delay,
        created_at=created,
        finished=bool(row.finished),
        returns=returns,
        engine_version=row.engine_version,
        game_version=row.game_version,
        uploads=uploads,
        seed_chosen=bool(row.seed_chosen),
        names=names,
    )
