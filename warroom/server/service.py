"""Tables at play: the rules stay in the engine, this module only seats people and agents at it.

A live table holds its game state in memory, an asyncio lock that serialises moves, the clients
watching it and a driver task that plays its AI seats. A move is checked (right seat, right turn,
legal), applied to a clone, committed to the store, and only then made the table's state,
broadcast and acknowledged. Everything a client receives is built from `state.view(seat)` and
`events_for(events, seat)`: nothing else about the game leaves this module.

The per-move cost is what bounds how many tables one process holds, so a broadcast builds and
encodes one message per perspective (the seats a client holds and the seat it sees with) and
hands the same text to every client sharing it; static data (the table's header, the game's
catalog) goes out once per connection, not with every move.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import secrets
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import ValidationError

from warroom.agents import Agent, agent_names, make_agent
from warroom.core.errors import IllegalActionError, WarroomError
from warroom.core.game import JSON, Event, Game, OptionSpec, State, events_for
from warroom.core.registry import game_class, games, shared_game
from warroom.core.replay import Replay
from warroom.server import schemas
from warroom.server.store import ActionRecord, PlyTakenError, Store, TableRecord

log = logging.getLogger("warroom.server")

HUMAN = "human"
MAX_MESSAGE = 4096  # bytes of one websocket message
LOG_ON_CONNECT = 400  # most recent log entries sent when a client (re)connects
QUEUE_LIMIT = 2000  # a client this far behind is disconnected rather than buffered forever
T = TypeVar("T")
# Compact and without the circularity check: every message is a tree built here from engine views.
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False)


def encode(message: JSON) -> str:
    """A message as the JSON text sent on the wire (encoded once, whoever receives it)."""
    return _ENCODER.encode(message)


_FROZEN: set[int] = set()  # ids of the shared games already frozen out of the collector


def configured_game(game_id: str, options: dict[str, Any]) -> Game[Any]:
    """`load(game_id, **options)`, shared by every table with the same game and options."""
    game = shared_game(game_class(game_id), options)
    if id(game) not in _FROZEN:
        # Its rule tables are hundreds of thousands of references that live as long as the
        # process: frozen, the cyclic garbage collector never walks them again, where each full
        # collection would otherwise pause the event loop for a hundred milliseconds or more.
        # (Freezing also pins whatever unreachable cycles are pending now: a few objects, once
        # per configuration.)
        gc.freeze()
        _FROZEN.add(id(game))
    return game


class ServiceError(Exception):
    """A refusal with a stable code, an HTTP status and a sentence for a person."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status

    def to_json(self) -> JSON:
        return {"type": "error", "code": self.code, "message": self.message}


@dataclass
class Ply:
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
        """Whose eyes the client sees with: the seat to move if it holds it (hot seat), else the last one."""
        if self.seats and state.current_player() in self.seats:
            self.viewer = state.current_player()
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
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    subscribers: set[Subscriber] = field(default_factory=set)
    tokens: dict[str, frozenset[int]] = field(default_factory=dict)
    driver: asyncio.Task[None] | None = None
    replay_lock: threading.Lock = field(default_factory=threading.Lock)
    replay_cursor: tuple[int, State] | None = None

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def human_seats(self) -> frozenset[int]:
        return frozenset(i for i, kind in enumerate(self.record.seats) if kind == HUMAN)


def spectator_link(table_id: str) -> str:
    return f"/t/{table_id}"


def seat_link(table_id: str, token: str) -> str:
    return f"/t/{table_id}#k={token}"


def describe_game(game_id: str) -> schemas.GameOut:
    info = game_class(game_id).info
    return schemas.GameOut(
        id=info.id,
        title=info.title,
        description=info.description,
        min_players=info.min_players,
        max_players=info.max_players,
        cooperative=info.cooperative,
        hidden_information=info.hidden_information,
        options=[
            schemas.OptionOut(
                name=spec.name,
                default=spec.default,
                help=spec.help,
                choices=list(spec.choices) if spec.choices is not None else None,
                type=type(spec.default).__name__,
            )
            for spec in info.options
        ],
        agents=agent_names(configured_game(game_id, {})),
    )


def _option_value(spec: OptionSpec, value: Any) -> Any:
    """JSON gives ints, bools and strings; a form may send "true" or "4": read those as the option's type."""
    if isinstance(value, str) and not isinstance(spec.default, str):
        return spec.parse(value)
    return spec.validate(value)


class TableService:
    """Creates, loads, plays and narrates tables; the HTTP/websocket layer is a thin shell over it."""

    def __init__(self, store: Store, ai_delay_ms: int = 700, agent_threads: int = 2) -> None:
        self.store = store
        self.ai_delay_ms = ai_delay_ms
        # SQLite takes one writer at a time: one thread keeps commits in order without lock waits,
        # and a move's commit (well under a millisecond in WAL mode) runs inline on the event loop:
        # handing it to a thread and back costs more, in GIL switches, than the write itself.
        self.inline_writes = store.url.startswith("sqlite")
        db_threads = 1 if self.inline_writes else 4
        self.db_pool = ThreadPoolExecutor(db_threads, thread_name_prefix="warroom-db")
        self.agent_pool = ThreadPoolExecutor(agent_threads, thread_name_prefix="warroom-ai")
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()

    # -- lifecycle ----------------------------------------------------------------------
    async def start(self) -> None:
        """Resume every unfinished table exactly where its action log stops, AI seats included."""
        for record in await self._db(self.store.unfinished_tables):
            try:
                await self._load(record)
            except WarroomError:
                log.exception("table %s cannot be resumed", record.id)

    async def stop(self) -> None:
        for live in self.tables.values():
            if live.driver is not None:
                live.driver.cancel()
            for sub in live.subscribers:
                sub.send(None)
        drivers = [live.driver for live in self.tables.values() if live.driver is not None]
        await asyncio.gather(*drivers, return_exceptions=True)
        self.agent_pool.shutdown(wait=False, cancel_futures=True)
        self.db_pool.shutdown(wait=True)
        self.store.close()

    async def _db(self, fn: Any, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.db_pool, fn, *args)

    async def _write(self, fn: Any, *args: Any) -> Any:
        """A move's commit: inline for SQLite (see __init__), in the pool for a database server."""
        return fn(*args) if self.inline_writes else await self._db(fn, *args)

    # -- catalogue and lobby ------------------------------------------------------------
    def games(self) -> list[schemas.GameOut]:
        return [describe_game(game_id) for game_id in games()]

    async def lobby(self, limit: int = 50) -> list[schemas.TableSummary]:
        records: list[TableRecord] = await self._db(self.store.list_tables, limit)
        out = []
        for record in records:
            live = self.tables.get(record.id)
            if live is not None:
                ply, player = len(live.plies), live.state.current_player()
                finished, returns = live.state.is_terminal(), _returns(live.state)
            else:
                ply, player = await self._db(self.store.action_count, record.id), -1
                finished, returns = record.finished, record.returns
            out.append(
                schemas.TableSummary(
                    id=record.id,
                    game=record.game,
                    title=game_class(record.game).info.title,
                    seats=record.seats,
                    hotseat=record.hotseat,
                    ply=ply,
                    status="finished" if finished else "running",
                    current_player=-1 if finished else player,
                    returns=returns,
                    created_at=record.created_at,
                    spectator_link=spectator_link(record.id),
                )
            )
        return out

    # -- creating and loading tables -------------------------------------------------------
    async def create_table(self, req: schemas.CreateTable) -> schemas.CreatedTable:
        try:
            info = game_class(req.game).info
            options = {name: _option_value(info.option(name), value) for name, value in req.options.items()}
            game = configured_game(req.game, options)
        except WarroomError as exc:
            raise ServiceError("bad_options", str(exc)) from None
        if len(req.seats) != game.num_players:
            raise ServiceError(
                "bad_seats", f"{len(req.seats)} seats given but the game has {game.num_players} players"
            )
        known = [HUMAN, *agent_names(game)]
        for name in req.seats:
            if name not in known:
                raise ServiceError("bad_seats", f"unknown seat {name!r}; choose one of: {', '.join(known)}")
        record = TableRecord(
            id=secrets.token_hex(5),
            game=req.game,
            options=dict(game.options),
            seed=secrets.randbits(62) if req.seed is None else req.seed,
            seats=list(req.seats),
            hotseat=req.hotseat,
            ai_delay_ms=self.ai_delay_ms if req.ai_delay_ms is None else req.ai_delay_ms,
        )
        humans = [seat for seat, kind in enumerate(record.seats) if kind == HUMAN]
        tokens = {secrets.token_urlsafe(18): [seat] for seat in humans}
        device = secrets.token_urlsafe(18) if req.hotseat and humans else None
        if device is not None:
            tokens[device] = humans
        await self._db(self.store.create_table, record, tokens)
        live = await self._load(record)
        for token, seats in tokens.items():
            live.tokens[token] = frozenset(seats)
        by_seat = {seats[0]: token for token, seats in tokens.items() if token != device}
        return schemas.CreatedTable(
            id=record.id,
            seats=[
                schemas.SeatOut(
                    seat=seat,
                    kind=kind,
                    token=by_seat.get(seat),
                    link=seat_link(record.id, by_seat[seat]) if seat in by_seat else None,
                )
                for seat, kind in enumerate(record.seats)
            ],
            spectator_link=spectator_link(record.id),
            device_token=device,
            device_link=seat_link(record.id, device) if device else None,
        )

    async def _load(self, record: TableRecord) -> LiveTable:
        actions: list[ActionRecord] = await self._db(self.store.actions, record.id)
        live = await asyncio.get_running_loop().run_in_executor(self.agent_pool, _rebuild, record, actions)
        self.tables[record.id] = live
        if not live.state.is_terminal() and live.agents:
            live.driver = asyncio.create_task(self._drive(live), name=f"table-{record.id}")
        return live

    async def table(self, table_id: str) -> LiveTable:
        live = self.tables.get(table_id)
        if live is not None:
            return live
        if len(table_id) > 64:
            raise ServiceError("unknown_table", "no such table", 404)
        async with self._loading:
            live = self.tables.get(table_id)
            if live is not None:
                return live
            record = await self._db(self.store.get_table, table_id)
            if record is None:
                raise ServiceError("unknown_table", f"no table {table_id!r}", 404)
            return await self._load(record)

    async def seats(self, live: LiveTable, token: str | None) -> frozenset[int]:
        """The seats a token holds; no token is a spectator (no seats); a wrong token is refused."""
        if token is None or token == "":
            return frozenset()
        if token in live.tokens:
            return live.tokens[token]
        if len(token) <= schemas.MAX_TOKEN:
            seats = await self._db(self.store.seats_for_token, live.id, token)
            if seats is not None:
                live.tokens[token] = frozenset(seats)
                return live.tokens[token]
        raise ServiceError("bad_token", "this seat token is not valid for this table", 403)

    # -- what a client sees -------------------------------------------------------------------
    def snapshot(self, live: LiveTable, seats: frozenset[int], viewer: int | None) -> JSON:
        """The whole position as a client holding `seats` sees it through `viewer`'s eyes."""
        return {"table": self.table_info(live), **self.position(live, seats, live.state.view(viewer), viewer)}

    def position(self, live: LiveTable, seats: frozenset[int], view: JSON, viewer: int | None) -> JSON:
        """What changes with a move: `view` (the state's view for `viewer`), and the legal options
        only for a client holding the seat to move."""
        state = live.state
        player = state.current_player()
        finished = state.is_terminal()
        legal = state.legal_actions() if player in seats else []
        return {
            "you": sorted(seats),
            "viewer": viewer,
            "ply": len(live.plies),
            "current_player": -1 if finished else player,
            "finished": finished,
            "returns": _returns(state),
            "view": view,
            "legal": [{"text": a.text, "label": live.game.describe_action(state, a)} for a in legal],
        }

    def table_info(self, live: LiveTable) -> JSON:
        record = live.record
        return {
            "id": record.id,
            "game": record.game,
            "title": live.game.info.title,
            "options": record.options,
            "seats": [{"seat": i, "kind": kind} for i, kind in enumerate(record.seats)],
            "hotseat": record.hotseat,
            "ai_delay_ms": record.ai_delay_ms,
        }

    def log_for(self, live: LiveTable, viewer: int | None, limit: int = LOG_ON_CONNECT) -> list[JSON]:
        entries: list[JSON] = []
        for number in range(len(live.plies) - 1, -1, -1):
            ply = live.plies[number]
            visible = _entries(number + 1, ply, viewer)
            entries[:0] = visible
            if len(entries) >= limit:
                break
        return entries[-limit:]

    def welcome(self, live: LiveTable, sub: Subscriber) -> JSON:
        viewer = sub.perspective(live.state)
        return {
            "type": "state",
            **self.snapshot(live, sub.seats, viewer),
            "log": self.log_for(live, viewer),
            "catalog": live.game.catalog(),  # static public content, sent once per connection
        }

    def state_for(self, live: LiveTable, seats: frozenset[int]) -> JSON:
        """The HTTP snapshot: like a websocket welcome."""
        return self.welcome(live, Subscriber(seats))

    def subscribe(self, live: LiveTable, seats: frozenset[int]) -> Subscriber:
        sub = Subscriber(seats)
        live.subscribers.add(sub)
        return sub

    def unsubscribe(self, live: LiveTable, sub: Subscriber) -> None:
        live.subscribers.discard(sub)

    def _broadcast(self, live: LiveTable, ply: Ply) -> None:
        """Send every client the move: one view per seat seen through and one encoded message per
        perspective, whatever the number of clients (spectators all share one)."""
        number = len(live.plies)
        views: dict[int | None, JSON] = {}
        texts: dict[tuple[frozenset[int], int | None], str] = {}
        for sub in list(live.subscribers):
            if sub.closed:
                live.subscribers.discard(sub)
                continue
            viewer = sub.perspective(live.state)
            key = (sub.seats, viewer)
            text = texts.get(key)
            if text is None:
                if viewer not in views:
                    views[viewer] = live.state.view(viewer)
                position = self.position(live, sub.seats, views[viewer], viewer)
                message = {"type": "update", **position, "events": _entries(number, ply, viewer)}
                text = texts[key] = encode(message)
            sub.send(text)

    # -- moves ----------------------------------------------------------------------------------
    async def act(self, table_id: str, token: str, text: str, ply: int | None) -> schemas.ActResult:
        live = await self.table(table_id)
        seats = await self.seats(live, token)
        return await self.act_as(live, seats, text, ply)

    async def act_as(
        self, live: LiveTable, seats: frozenset[int], text: str, ply: int | None
    ) -> schemas.ActResult:
        if len(text) > schemas.MAX_ACTION_TEXT:
            raise ServiceError("too_large", f"an action is at most {schemas.MAX_ACTION_TEXT} characters", 413)
        if not seats:
            raise ServiceError("spectator", "spectators cannot act; open a seat's invite link to play", 403)
        async with live.lock:
            state = live.state
            if state.is_terminal():
                raise ServiceError("game_over", "the game is over; no action is legal", 409)
            if ply is not None and ply != len(live.plies):
                raise ServiceError(
                    "stale", f"the game has moved on: it is at ply {len(live.plies)}, not {ply}", 409
                )
            player = state.current_player()
            if player not in seats:
                raise ServiceError("not_your_turn", f"it is player {player}'s turn, not yours", 409)
            try:
                action = live.game.parse_action(state, text)
                after = state.clone()
                events = after.apply_action(action)
            except IllegalActionError as exc:
                raise ServiceError("illegal", str(exc), 422) from None
            number = len(live.plies)
            try:
                await self._write(
                    self.store.append_action, live.id, ActionRecord(number, player, action.text)
                )
            except PlyTakenError:
                raise ServiceError(
                    "conflict", "another move was stored first; reload the table", 409
                ) from None
            if after.is_terminal():
                await self._write(self.store.finish, live.id, _returns(after))
            live.state = after
            entry = Ply(player, action.text, list(events))
            live.plies.append(entry)
            self._broadcast(live, entry)
            live.wake.set()
            return schemas.ActResult(ply=number + 1, action=action.text)

    async def handle_message(self, live: LiveTable, sub: Subscriber, raw: str | bytes | None) -> JSON:
        """One websocket message from a client: an `act` or a `ping`. The reply, never an exception."""
        try:
            if raw is None or isinstance(raw, bytes):
                raise ServiceError("malformed", "send JSON text messages")
            if len(raw.encode("utf-8")) > MAX_MESSAGE:
                raise ServiceError("too_large", f"a message is at most {MAX_MESSAGE} bytes", 413)
            try:
                doc = json.loads(raw)
            except ValueError:
                raise ServiceError("malformed", "a message must be a JSON object") from None
            if not isinstance(doc, dict):
                raise ServiceError("malformed", "a message must be a JSON object")
            kind = doc.get("type")
            if kind == "ping":
                return {"type": "pong", "id": doc.get("id")}
            if kind != "act":
                raise ServiceError("malformed", f"unknown message type {kind!r}; expected 'act' or 'ping'")
            try:
                msg = WsAct.model_validate(doc)
            except ValidationError as exc:
                first = exc.errors()[0]
                where = ".".join(str(part) for part in first["loc"])
                raise ServiceError("malformed", f"bad 'act' message: {where}: {first['msg']}") from None
            result = await self.act_as(live, sub.seats, msg.action, msg.ply)
            return {"type": "ack", "id": msg.id, "ply": result.ply, "action": result.action}
        except ServiceError as exc:
            reply = exc.to_json()
            if isinstance(raw, str) and len(raw) <= MAX_MESSAGE:
                try:
                    doc = json.loads(raw)
                    reply["id"] = doc.get("id") if isinstance(doc, dict) else None
                except ValueError:
                    pass
            return reply

    # -- AI seats ------------------------------------------------------------------------------
    async def _drive(self, live: LiveTable) -> None:
        """Play the table's AI seats, one move at a time at the table's pace, off the event loop."""
        loop = asyncio.get_running_loop()
        try:
            while not live.state.is_terminal():
                seat = live.state.current_player()
                agent = live.agents.get(seat)
                if agent is None:
                    live.wake.clear()
                    await live.wake.wait()
                    continue
                if live.record.ai_delay_ms:
                    await asyncio.sleep(live.record.ai_delay_ms / 1000)
                ply = len(live.plies)
                position = live.state.clone()
                action = await loop.run_in_executor(self.agent_pool, agent.choose, position)
                try:
                    await self.act_as(live, frozenset({seat}), action.text, ply)
                except ServiceError as exc:
                    log.warning("table %s: AI seat %d move refused: %s", live.id, seat, exc.message)
                    await asyncio.sleep(0.5)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the AI driver stopped", live.id)

    # -- replays ---------------------------------------------------------------------------------
    async def replay_text(self, table_id: str) -> str:
        live = await self.table(table_id)
        if not live.state.is_terminal():
            raise ServiceError(
                "replay_hidden",
                "the replay file is available when the game ends: its seed would reveal hidden cards",
                403,
            )
        return Replay.record(live.game, live.record.seed, [p.text for p in live.plies]).dumps()

    async def frame(
        self, table_id: str, token: str | None, ply: int, seat: int | None, catalog: bool = True
    ) -> JSON:
        """What a seat (or a spectator) saw right after move `ply`, for the step-by-step replay;
        the game's static catalog only if asked (a replay fetches it with its first frame)."""
        live = await self.table(table_id)
        seats = await self.seats(live, token)
        total = len(live.plies)
        if not 0 <= ply <= total:
            raise ServiceError("bad_ply", f"ply must be between 0 and {total}", 400)
        viewer = seat if seat is not None and seat in seats else (min(seats) if seats else None)
        loop = asyncio.get_running_loop()
        view, player = await loop.run_in_executor(self.agent_pool, _view_at, live, ply, viewer)
        entry = live.plies[ply - 1] if ply else None
        doc = {
            "table": self.table_info(live),
            "ply": ply,
            "total": total,
            "finished": live.state.is_terminal(),
            "viewer": viewer,
            "current_player": player,
            "view": view,
            "events": _entries(ply, entry, viewer) if entry else [],
        }
        if catalog:
            doc["catalog"] = live.game.catalog()
        return doc


class WsAct(schemas.Strict):
    type: str
    action: str
    ply: int | None = None
    id: int | str | None = None


def _entries(number: int, ply: Ply, viewer: int | None) -> list[JSON]:
    return [{"ply": number, "seat": ply.seat, **event.to_json()} for event in events_for(ply.events, viewer)]


def _returns(state: State) -> list[float] | None:
    return [float(r) for r in state.returns()] if state.is_terminal() else None


def _rebuild(record: TableRecord, actions: Sequence[ActionRecord]) -> LiveTable:
    """A table from its header and action log: the seeded start, then every stored move."""
    game = configured_game(record.game, record.options)
    state = game.new_initial_state(record.seed)
    plies = []
    for action in actions:
        events = state.apply_action(action.text)
        plies.append(Ply(action.seat, action.text, list(events)))
    agents = {
        seat: make_agent(game, kind, (record.seed * 31 + seat) % 2**32)
        for seat, kind in enumerate(record.seats)
        if kind != HUMAN
    }
    return LiveTable(record=record, game=game, state=state, plies=plies, agents=agents)


def _view_at(live: LiveTable, ply: int, viewer: int | None) -> tuple[JSON, int]:
    with live.replay_lock:
        cursor = live.replay_cursor
        if cursor is None or cursor[0] > ply:
            cursor = (0, live.game.new_initial_state(live.record.seed))
        done, state = cursor
        for entry in live.plies[done:ply]:
            state.apply_action(entry.text)
        live.replay_cursor = (ply, state)
        return state.view(viewer), state.current_player()
