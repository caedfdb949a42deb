"""Where tables live: a header per table plus an append-only action log (SQLAlchemy 2).

The service talks to `Store` only. Every write commits before it returns, so a move the server
has acknowledged survives a kill. `(table_id, ply)` is the action log's primary key: two
writers racing for the same ply cannot both succeed, whatever process they run in.
"""

from __future__ import annotations

import hashlib
import json
import time
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
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker


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


@dataclass(frozen=True)
class ActionRecord:
    ply: int
    seat: int
    text: str


class Store(Protocol):
    """The small storage interface the service uses (blocking calls: run them off the event loop)."""

    url: str

    def create_table(self, table: TableRecord, tokens: dict[str, list[int]]) -> None: ...
    def get_table(self, table_id: str) -> TableRecord | None: ...
    def list_tables(self, limit: int) -> list[TableRecord]: ...
    def unfinished_tables(self) -> list[TableRecord]: ...
    def seats_for_token(self, table_id: str, token: str) -> list[int] | None: ...
    def append_action(self, table_id: str, action: ActionRecord) -> None: ...
    def actions(self, table_id: str) -> list[ActionRecord]: ...
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
        self._session = sessionmaker(self.engine, expire_on_commit=False)

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

    def list_tables(self, limit: int) -> list[TableRecord]:
        with self._session() as session:
            rows = session.scalars(select(TableRow).order_by(TableRow.created_at.desc()).limit(limit))
            return [_record(row) for row in rows]

    def unfinished_tables(self) -> list[TableRecord]:
        with self._session() as session:
            rows = session.scalars(select(TableRow).where(TableRow.finished.is_(False)))
            return [_record(row) for row in rows]

    def seats_for_token(self, table_id: str, token: str) -> list[int] | None:
        with self._session() as session:
            row = session.get(TokenRow, hash_token(token))
            if row is None or row.table_id != table_id:
                return None
            seats: list[int] = json.loads(row.seats)
            return seats

    def append_action(self, table_id: str, action: ActionRecord) -> None:
        row = {"table_id": table_id, "ply": action.ply, "seat": action.seat, "text": action.text}
        try:
            with self.engine.begin() as conn:  # Core, not the ORM: this is the hot path
                conn.execute(insert(ActionRow), [{**row, "created_at": time.time()}])
        except IntegrityError:
            raise PlyTakenError(f"ply {action.ply} of table {table_id} is already taken") from None

    def actions(self, table_id: str) -> list[ActionRecord]:
        with self._session() as session:
            rows = session.scalars(
                select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.ply)
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
        self.engine.dispose()


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL: readers never block the writer. synchronous=NORMAL in WAL mode loses nothing when the
    # server process dies (only an OS crash could drop the last commits), at a fraction of FULL's cost.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _record(row: TableRow) -> TableRecord:
    return TableRecord(
        id=row.id,
        game=row.game,
        options=json.loads(row.options),
        seed=int(row.seed),
        seats=json.loads(row.seats),
        hotseat=bool(row.hotseat),
        ai_delay_ms=int(row.ai_delay_ms),
        created_at=float(row.created_at),
        finished=bool(row.finished),
        returns=row.returns,
    )
