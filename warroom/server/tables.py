"""Tables and seats: the catalogue of games, creating a table (its seats, seat tokens and hot-seat
device token), loading a stored one by replaying its log, a token's seats and the lobby's list.

A table is stamped with the engine's version and its game's version when it is created. A table
whose log no longer replays (typically one started under an older version of its game) cannot be
resumed: it is reported (logged with both versions, listed in the lobby as "incompatible" with the
reason, refused with a 409 when opened) and every other table plays on.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import warroom
from warroom.agents import agent_names, make_agent
from warroom.core.errors import WarroomError
from warroom.core.game import OptionSpec
from warroom.core.registry import game_class, games
from warroom.core.undo import UndoRun, follow
from warroom.server import schemas
from warroom.server.content import check_client_options, choices_for, configured_game, content_option
from warroom.server.limits import Limits, is_strong
from warroom.server.live import HUMAN, LiveTable, Ply, returns_of
from warroom.server.names import player_names
from warroom.server.protocol import ServiceError
from warroom.server.store import ActionRecord, DamagedRowError, DamagedTable, TableRecord
from warroom.server.turns import deciding_seats
from warroom.server.workers import Workers

log = logging.getLogger("warroom.server")


def game_version(game_id: str) -> str | None:
    """The version of a registered game's rules (GameInfo.version), the engine's where a game
    declares none; None for a game no longer registered."""
    try:
        info = game_class(game_id).info
    except WarroomError:
        return None
    version = getattr(info, "version", None)
    return str(version) if version else warroom.__version__


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
                choices=choices_for(game_id, spec),
                type=type(spec.default).__name__,
                upload=content_option(game_id, spec.name) is not None,
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


class LogDoesNotReplayError(Exception):
    """A stored move the engine refuses now, or a header it cannot set up any more."""


def rebuild(record: TableRecord, actions: Sequence[ActionRecord]) -> LiveTable:
    """A table from its header and action log: the seeded start, then every stored move."""
    try:
        game = configured_game(record.game, record.options, record.uploads)
        state = game.new_initial_state(record.seed)
        agents = {
            seat: make_agent(game, kind, (record.seed * 31 + seat) % 2**32)
            for seat, kind in enumerate(record.seats)
            if kind != HUMAN
        }
    except Exception as exc:
        raise LogDoesNotReplayError(f"the table cannot be set up: {exc}") from exc
    plies: list[Ply] = []
    run = UndoRun()
    ai = frozenset(agents)
    start = state.clone()
    log: list[tuple[int, str]] = []
    for number, action in enumerate(actions):
        if action.ply != number:
            raise LogDoesNotReplayError(f"the stored log has a gap: move {number + 1} is missing")
        try:  # a move, or an undo entry honoured (warroom.core.undo)
            state, events = follow(
                state, run, action.seat, action.text, log=log, start=start.clone, agents=ai
            )
        except Exception as exc:
            raise LogDoesNotReplayError(f"move {action.ply + 1} ({action.text!r}) is refused: {exc}") from exc
        plies.append(Ply(action.seat, action.text, list(events)))
        log.append((action.seat, action.text))
    run.settle()  # judged here, off the event loop, not on the first message
    return LiveTable(record=record, game=game, state=state, plies=plies, agents=agents, undo=run)


def _named(game: str, version: str | None, engine: str | None) -> str:
    if version is None and engine is None:
        return f"an unrecorded version of {game}"
    return f"{game} {version or '(unrecorded)'} (warroom {engine or '(unrecorded)'})"


@dataclass(frozen=True)
class Unplayable:
    """A stored table this server cannot resume, and why."""

    table_id: str
    game: str
    started_under: str | None  # the game's version stamped on the table
    started_engine: str | None
    now: str | None  # the game's version here (None: the game is no longer registered)
    now_engine: str
    reason: str

    @classmethod
    def of(cls, record: TableRecord, reason: str) -> Unplayable:
        return cls(
            record.id,
            record.game,
            record.game_version,
            record.engine_version,
            game_version(record.game),
            warroom.__version__,
            reason,
        )

    @property
    def message(self) -> str:
        then = _named(self.game, self.started_under, self.started_engine)
        if self.now is None:
            return f"table {self.table_id} was started under {then}, and {self.game} is no longer installed"
        now = _named(self.game, self.now, self.now_engine)
        if (self.started_under, self.started_engine) == (self.now, self.now_engine):
            return f"table {self.table_id}'s log does not replay under {now}: {self.reason}"
        return (
            f"table {self.table_id} was started under {then} and its log does not replay under {now}: "
            f"{self.reason}"
        )


class Tables:
    """The live tables of this process, the ones that cannot be resumed, and how both come to be."""

    def __init__(
        self,
        workers: Workers,
        ai_delay_ms: int,
        on_load: Callable[[LiveTable], None],
        limits: Limits | None = None,
    ) -> None:
        self.workers = workers
        self.limits = limits or Limits()
        self.store = workers.store
        self.ai_delay_ms = ai_delay_ms
        self.on_load = on_load  # a table was loaded: its AI seats start (see ai_seats.py)
        self.live: dict[str, LiveTable] = {}
        self.unplayable: dict[str, Unplayable] = {}
        self.damaged: dict[str, DamagedTable] = {}  # rows that cannot be read at all
        self._loading = asyncio.Lock()

    # -- catalogue and lobby ------------------------------------------------------------------
    def games(self) -> list[schemas.GameOut]:
        return [describe_game(game_id) for game_id in games()]

    async def lobby(self, limit: int = 50) -> list[schemas.TableSummary]:
        records: list[TableRecord | DamagedTable] = await self.workers.db(self.store.list_tables, limit)
        summaries = []
        for record in records:
            if isinstance(record, DamagedTable):
                self.damaged[record.id] = record
                summaries.append(damaged_summary(record))
                continue
            try:
                summaries.append(await self._summary(record))
            except Exception as exc:  # one table's fault never takes the lobby down
                log.exception("table %s: cannot be listed", record.id)
                damaged = DamagedTable(record.id, record.game, record.created_at, f"it cannot be read: {exc}")
                summaries.append(damaged_summary(damaged))
        return summaries

    async def _summary(self, record: TableRecord) -> schemas.TableSummary:
        live = self.live.get(record.id)
        problem = self.unplayable.get(record.id)
        status: schemas.TableStatus
        if live is not None:
            ply, player = len(live.plies), live.state.current_player()
            finished, returns = live.state.is_terminal(), returns_of(live.state)
            status = "finished" if finished else "running"
        else:
            ply, player = await self.workers.db(self.store.action_count, record.id), -1
            finished, returns = record.finished, record.returns
            status = "incompatible" if problem is not None else "finished" if finished else "running"
        try:
            title = game_class(record.game).info.title
        except WarroomError:
            title = record.game
        return schemas.TableSummary(
            id=record.id,
            game=record.game,
            title=title,
            seats=record.seats,
            hotseat=record.hotseat,
            ply=ply,
            status=status,
            current_player=-1 if finished else player,
            returns=returns,
            created_at=record.created_at,
            spectator_link=spectator_link(record.id),
            engine_version=record.engine_version,
            game_version=record.game_version,
            reason=problem.message if problem is not None else None,
            seed_chosen_by_creator=record.seed_chosen,
        )

    # -- creating and loading -----------------------------------------------------------------
    def check_ai_limits(self, seats: list[str], client: str) -> None:
        """Refuse a table that would pass a cap on the tables of AI seats alone still playing (they
        play without pause), or on those with a strong search level, for the server or this client
        (limits.py). A person's tables against the lighter AIs are paced by the person: not capped."""
        limits = self.limits
        playing = [t for t in self.live.values() if t.agents and not t.state.is_terminal()]
        alone = [t for t in playing if not t.human_seats]
        strong = [t for t in playing if is_strong(t.record.seats)]
        checks = []
        if HUMAN not in seats:
            checks.append((alone, limits.ai_tables, limits.ai_tables_per_client, "tables of AI seats alone"))
        if is_strong(seats):
            checks.append((strong, limits.strong_tables, limits.strong_tables_per_client, "strong AI tables"))
        for tables, cap, per_client, what in checks:
            if len(tables) >= cap:
                raise ServiceError(
                    "ai_limit", f"the server is playing its most {what} ({cap}); try later", 429
                )
            if sum(t.owner == client for t in tables) >= per_client:
                raise ServiceError(
                    "ai_limit",
                    f"you have {per_client} {what} playing, the most one client may; finish one",
                    429,
                )

    async def create(self, req: schemas.CreateTable, client: str = "") -> schemas.CreatedTable:
        try:
            info = game_class(req.game).info
            options = {name: _option_value(info.option(name), value) for name, value in req.options.items()}
            check_client_options(req.game, options, req.uploads)
            # off the event loop: building a configuration takes tens of milliseconds, and an
            # upload is parsed and validated here
            game = await self.workers.compute(configured_game, req.game, options, req.uploads)
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
        self.check_ai_limits(req.seats, client)
        names = player_names(req.names, req.seats)
        record = TableRecord(
            id=secrets.token_hex(5),
            game=req.game,
            options=dict(game.options),
            uploads=dict(req.uploads),
            seed=secrets.randbits(62) if req.seed is None else req.seed,
            seed_chosen=req.seed is not None,
            names=names if any(names) else [],
            seats=list(req.seats),
            hotseat=req.hotseat,
            ai_delay_ms=self.ai_delay_ms if req.ai_delay_ms is None else req.ai_delay_ms,
            engine_version=warroom.__version__,
            game_version=game_version(req.game),
        )
        humans = [seat for seat, kind in enumerate(record.seats) if kind == HUMAN]
        tokens = {secrets.token_urlsafe(18): [seat] for seat in humans}
        device = secrets.token_urlsafe(18) if req.hotseat and humans else None
        if device is not None:
            tokens[device] = humans
        await self.workers.db(self.store.create_table, record, tokens)
        live = await self._load(record, owner=client)
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

    async def resume_unfinished(self) -> None:
        """Load every unfinished table exactly where its action log stops; report those that cannot be."""
        for record in await self.workers.db(self.store.unfinished_tables):
            if isinstance(record, DamagedTable):
                self.damaged[record.id] = record
                log.error("table %s is damaged and cannot be resumed: %s", record.id, record.reason)
                continue
            try:
                await self._load(record)
            except ServiceError:
                continue  # reported by _load; the other tables play on
            except Exception:  # anything else about one table: the others still resume
                log.exception("table %s cannot be resumed", record.id)

    async def _load(self, record: TableRecord, owner: str = "") -> LiveTable:
        actions: list[ActionRecord] = await self.workers.db(self.store.actions, record.id)
        try:
            live = await self.workers.compute(rebuild, record, actions)
        except LogDoesNotReplayError as exc:
            problem = self.unplayable[record.id] = Unplayable.of(record, str(exc))
            log.error(
                "table %s cannot be resumed: started under %s %s (warroom %s), now %s (warroom %s): %s",
                record.id,
                record.game,
                record.game_version,
                record.engine_version,
                problem.now,
                problem.now_engine,
                exc,
            )
            raise _refusal(problem) from None
        if (record.game_version, record.engine_version) != (game_version(record.game), warroom.__version__):
            log.info(
                "table %s, started under %s %s (warroom %s), replays under %s (warroom %s)",
                record.id,
                record.game,
                record.game_version,
                record.engine_version,
                game_version(record.game),
                warroom.__version__,
            )
        if live.state.is_terminal() and not record.finished:
            # its last move was stored but marking it finished failed (moves.py): mark it now
            try:
                await self.workers.db(self.store.finish, record.id, returns_of(live.state))
            except Exception as exc:
                log.warning("table %s: could not be marked finished: %s", record.id, exc)
        live.owner = owner
        self.live[record.id] = live
        self.on_load(live)
        return live

    # -- releasing ----------------------------------------------------------------------------
    def release_idle(self, now: float | None = None) -> list[str]:
        """Release from memory every table nobody watches that has been idle for
        `limits.idle_seconds` and has no AI move to play (a finished one, or one waiting on a
        person); it is loaded again from the store when next opened. The ids released."""
        now = time.monotonic() if now is None else now
        released = []
        for live in list(self.live.values()):
            if live.subscribers or now - live.last_used < self.limits.idle_seconds or live.lock.locked():
                continue
            if any(seat in live.agents for seat in deciding_seats(live.state)):
                continue  # its AI seats are playing
            if live.driver is not None:
                live.driver.cancel()
            del self.live[live.id]
            released.append(live.id)
        if released:
            log.info("released %d idle tables from memory", len(released))
        return released

    async def release_forever(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep_seconds)
            self.release_idle()

    async def table(self, table_id: str) -> LiveTable:
        """A table by id, loaded from the store on first use."""
        live = self.live.get(table_id)
        if live is not None:
            live.touch()
            return live
        if table_id in self.unplayable:
            raise _refusal(self.unplayable[table_id])
        if table_id in self.damaged:
            raise _damaged(self.damaged[table_id].reason)
        if len(table_id) > 64:
            raise ServiceError("unknown_table", "no such table", 404)
        async with self._loading:
            live = self.live.get(table_id)
            if live is not None:
                return live
            if table_id in self.unplayable:
                raise _refusal(self.unplayable[table_id])
            try:
                record = await self.workers.db(self.store.get_table, table_id)
            except DamagedRowError as exc:
                raise _damaged(str(exc)) from None
            if record is None:
                raise ServiceError("unknown_table", f"no table {table_id!r}", 404)
            return await self._load(record)

    # -- seats ----------------------------------------------------------------------------------
    async def seats(self, live: LiveTable, token: str | None) -> frozenset[int]:
        """The seats a token holds; no token is a spectator (no seats); a wrong token is refused."""
        if token is None or token == "":
            return frozenset()
        if token in live.tokens:
            return live.tokens[token]
        if len(token) <= schemas.MAX_TOKEN:
            seats = await self.workers.db(self.store.seats_for_token, live.id, token)
            if seats is not None:
                live.tokens[token] = frozenset(seats)
                return live.tokens[token]
        raise ServiceError("bad_token", "this seat token is not valid for this table", 403)


def _damaged(reason: str) -> ServiceError:
    return ServiceError(
        "damaged", f"this table's stored record is damaged ({reason}); it cannot be opened", 409
    )


def damaged_summary(record: DamagedTable) -> schemas.TableSummary:
    """A damaged row as the lobby lists it: its id and game as stored, nothing else read from it."""
    return schemas.TableSummary(
        id=record.id,
        game=record.game,
        title=record.game,
        seats=[],
        hotseat=False,
        ply=0,
        status="damaged",
        current_player=-1,
        returns=None,
        created_at=record.created_at,
        spectator_link=spectator_link(record.id),
        engine_version=None,
        game_version=None,
        reason=f"its stored record is damaged: {record.reason}",
        seed_chosen_by_creator=False,
    )


def _refusal(problem: Unplayable) -> ServiceError:
    return ServiceError("incompatible", f"{problem.message}; it cannot be resumed or replayed here", 409)
