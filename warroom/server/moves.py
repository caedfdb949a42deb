"""Moves and fan-out: applying an action, committing it, and telling every client what it may see.

A move is checked (right seat, right turn, legal), applied to a clone, committed to the store,
and only then made the table's state, broadcast and acknowledged. `undo` (or `undo N`) sent as
the action takes back the client's own last decisions where the core allows it
(warroom.core.undo); the take-back is stored as a log entry like any move. Any seat that may act plays:
the seat to move, or any seat still to commit to a secret simultaneous choice (turns.py).
Everything a client receives is built from `state.view(seat)`, `events_for(events, seat)` and,
for a seat that may act and no one else, its own options (`Game.option_details`): nothing else
about the game leaves the server.

The per-move cost is what bounds how many tables one process holds, so a broadcast builds and
encodes one message per perspective (the seats a client holds and the seat it sees with) and
hands the same text to every client sharing it; the options are listed once per deciding seat,
never for a seat that cannot act; static data (the table's header, the game's
catalog) goes out once per connection, not with every move.
"""

from __future__ import annotations

import logging

from warroom.core.errors import IllegalActionError
from warroom.core.game import JSON, State, events_for
from warroom.core.undo import UndoRefusedError, follow, requested_count, took_back, undo_text
from warroom.server import schemas
from warroom.server.live import LiveTable, Ply, Subscriber, returns_of
from warroom.server.protocol import (
    LegalOption,
    LogEntry,
    Position,
    SeatKind,
    ServiceError,
    StateMessage,
    TableHeader,
    UpdateMessage,
    encode,
)
from warroom.server.seeds import deal_for
from warroom.server.store import ActionRecord, PlyTakenError, TableRecord
from warroom.server.turns import as_decider, deciding_seats, options_for, play
from warroom.server.workers import Workers

log = logging.getLogger("warroom.server")

LOG_ON_CONNECT = 400  # most recent log entries sent when a client (re)connects


def table_header(live: LiveTable) -> TableHeader:
    record = live.record
    return TableHeader(
        id=record.id,
        game=record.game,
        title=live.game.info.title,
        options=record.options,
        seats=[seat_kind(record, i) for i in range(len(record.seats))],
        hotseat=record.hotseat,
        ai_delay_ms=record.ai_delay_ms,
        deal=deal_for(record, live.state.is_terminal()),
    )


def seat_kind(record: TableRecord, seat: int) -> SeatKind:
    """A seat as the table's header gives it: who plays it, and the person's name if they gave one."""
    found = SeatKind(seat=seat, kind=record.seats[seat])
    name = record.names[seat] if seat < len(record.names) else None
    if name is not None:
        found["name"] = name
    return found


def entries(number: int, ply: Ply, viewer: int | None) -> list[LogEntry]:
    """Ply `number`'s events that `viewer` may see, as log entries."""
    return [
        LogEntry(ply=number, seat=ply.seat, kind=event.kind, text=event.text, data=event.data)
        for event in events_for(ply.events, viewer)
    ]


def log_for(live: LiveTable, viewer: int | None, limit: int = LOG_ON_CONNECT) -> list[LogEntry]:
    """The most recent `limit` log entries `viewer` may see."""
    found: list[LogEntry] = []
    for number in range(len(live.plies) - 1, -1, -1):
        found[:0] = entries(number + 1, live.plies[number], viewer)
        if len(found) >= limit:
            break
    return found[-limit:]


def position(
    live: LiveTable, seats: frozenset[int], view: JSON, viewer: int | None, legal: list[LegalOption]
) -> Position:
    """What changes with a move: `view` (the state's view for `viewer`), and `legal`, the
    viewer's options (empty unless the client holds the viewer and it may act now)."""
    state = live.state
    finished = state.is_terminal()
    return Position(
        you=sorted(seats),
        viewer=viewer,
        ply=len(live.plies),
        current_player=-1 if finished else state.current_player(),
        waiting=list(deciding_seats(state)),
        finished=finished,
        returns=returns_of(state),
        view=view,
        legal=legal,
        undo=live.undo.available(viewer, state, settle=False) if viewer in seats else 0,
    )


def decides(seats: frozenset[int], viewer: int | None, deciding: tuple[int, ...]) -> bool:
    """Whether a client holding `seats` and seeing through `viewer` is sent the viewer's options."""
    return viewer is not None and viewer in seats and viewer in deciding


class Moves:
    """Plays moves on live tables and keeps their clients up to date."""

    def __init__(self, workers: Workers) -> None:
        self.workers = workers
        self.store = workers.store

    # -- what a client sees ---------------------------------------------------------------------
    def welcome(self, live: LiveTable, sub: Subscriber) -> StateMessage:
        """The whole table as a client sees it on (re)connect."""
        state = live.state
        viewer = sub.perspective(state)
        mine = decides(sub.seats, viewer, deciding_seats(state))
        legal = options_for(live.game, state, viewer) if mine and viewer is not None else []
        return StateMessage(
            table=table_header(live),
            **position(live, sub.seats, state.view(viewer), viewer, legal),
            log=log_for(live, viewer),
            catalog=live.game.catalog(),  # static public content, sent once per connection
        )

    def subscribe(self, live: LiveTable, seats: frozenset[int]) -> Subscriber:
        sub = Subscriber(seats)
        live.subscribers.add(sub)
        live.touch()
        return sub

    def unsubscribe(self, live: LiveTable, sub: Subscriber) -> None:
        live.subscribers.discard(sub)
        live.touch()

    # -- moves ----------------------------------------------------------------------------------
    async def act(
        self, live: LiveTable, seats: frozenset[int], text: str, ply: int | None
    ) -> schemas.ActResult:
        """Play `text` for a client holding `seats`: refused (ServiceError) or committed, broadcast
        and acknowledged."""
        if len(text) > schemas.MAX_ACTION_TEXT:
            raise ServiceError("too_large", f"an action is at most {schemas.MAX_ACTION_TEXT} characters", 413)
        if not seats:
            raise ServiceError("spectator", "spectators cannot act; open a seat's invite link to play", 403)
        count = requested_count(text)
        if count is not None:
            return await self.undo(live, seats, count, ply)
        async with live.lock:
            state = live.state
            if state.is_terminal():
                raise ServiceError("game_over", "the game is over; no action is legal", 409)
            if ply is not None and ply != len(live.plies):
                raise ServiceError(
                    "stale", f"the game has moved on: it is at ply {len(live.plies)}, not {ply}", 409
                )
            seat = acting_seat(state, seats)
            try:
                decider = as_decider(state, seat)
                action = live.game.parse_action(decider, text)
                after = decider.clone() if decider is state else decider
                events = play(after, seat, action)
            except IllegalActionError as exc:
                raise ServiceError("illegal", str(exc), 422) from None
            number = len(live.plies)
            await self._store(live, ActionRecord(number, seat, action.text))
            if after.is_terminal():
                try:
                    await self.workers.write(self.store.finish, live.id, returns_of(after))
                except Exception as exc:  # the move is stored: the table is marked finished on load
                    log.error("table %s: could not be marked finished: %s", live.id, exc)
            live.undo.record(seat, state, action.text, events, after, may_undo=seat not in live.ai_seats)
            if live.undo.pending:  # a person's decision that may be taken back: judge it off the loop
                await self.workers.compute(live.undo.settle)
            live.state = after
            entry = Ply(seat, action.text, list(events))
            live.plies.append(entry)
            live.touch()
            self._broadcast(live, entry)
            live.wake.set()  # the AI seats look whether it is their turn
            return schemas.ActResult(ply=number + 1, action=action.text)

    async def undo(
        self, live: LiveTable, seats: frozenset[int], count: int, ply: int | None
    ) -> schemas.ActResult:
        """Take back the last `count` decisions of a seat the client holds (`undo` or `undo N`
        sent as the action): refused with the reason (warroom.core.undo: past a die roll or a
        reveal, not its decision, nothing to undo, its turn handed on), else stored as the log entry
        `{"undo": n}`, the position before them restored, and every seat told who took back how many."""
        async with live.lock:
            if ply is not None and ply != len(live.plies):
                raise ServiceError(
                    "stale", f"the game has moved on: it is at ply {len(live.plies)}, not {ply}", 409
                )
            run = live.undo
            seat = run.seat if run.seat is not None and run.seat in seats else min(seats)
            try:
                await self.workers.compute(run.check, seat, count, live.state)
            except UndoRefusedError as exc:
                raise ServiceError(exc.code, exc.message, 409) from None
            number, text = len(live.plies), undo_text(count)
            await self._store(live, ActionRecord(number, seat, text))
            live.state = run.take_back(seat, count, live.state)
            entry = Ply(seat, text, [took_back(seat, count)])
            live.plies.append(entry)
            live.touch()
            self._broadcast(live, entry)
            live.wake.set()
            return schemas.ActResult(ply=number + 1, action=text)

    async def _store(self, live: LiveTable, record: ActionRecord) -> None:
        """Append one entry to the table's log (with the lock held): refused if another process
        stored that ply first or the database cannot take it, and then nothing changed."""
        try:
            await self.workers.write(self.store.append_action, live.id, record)
        except PlyTakenError:
            # another process stored this ply first (cluster.py): take its moves, then refuse
            await self._catch_up_locked(live)
            raise ServiceError("conflict", "another move was stored first; reload the table", 409) from None
        except Exception as exc:  # a full disk, a read-only or unreachable database
            log.error("table %s: move %d could not be stored: %s", live.id, record.ply + 1, exc)
            raise unavailable() from None

    async def catch_up(self, live: LiveTable) -> None:
        """Take the moves another server process stored for this table (cluster.py), and tell this
        process's clients."""
        async with live.lock:
            await self._catch_up_locked(live)

    async def _catch_up_locked(self, live: LiveTable) -> None:
        try:
            actions = await self.workers.db(self.store.actions_from, live.id, len(live.plies))
        except Exception as exc:
            log.warning("table %s: cannot read the moves stored elsewhere: %s", live.id, exc)
            return
        for action in actions:
            if action.ply != len(live.plies) or live.state.is_terminal():
                break
            try:  # a move, or an undo entry honoured (warroom.core.undo)
                after, events = follow(
                    live.state,
                    live.undo,
                    action.seat,
                    action.text,
                    log=live.entries(),
                    start=live.start,
                    agents=live.ai_seats,
                )
            except Exception as exc:
                log.error(
                    "table %s: move %d stored elsewhere does not apply: %s", live.id, action.ply + 1, exc
                )
                break
            if live.undo.pending:  # the reveal check, off the event loop
                await self.workers.compute(live.undo.settle)
            live.state = after
            entry = Ply(action.seat, action.text, list(events))
            live.plies.append(entry)
            live.touch()
            self._broadcast(live, entry)
            live.wake.set()

    def _broadcast(self, live: LiveTable, ply: Ply) -> None:
        """Send every client the move: one view per seat seen through, the options of each seat
        that may act listed once (and for nobody else), and one encoded message per perspective,
        whatever the number of clients (spectators all share one)."""
        state = live.state
        number = len(live.plies)
        deciding = deciding_seats(state)
        views: dict[int | None, JSON] = {}
        options: dict[int, list[LegalOption]] = {}
        texts: dict[tuple[frozenset[int], int | None], str] = {}
        for sub in list(live.subscribers):
            if sub.closed:
                live.subscribers.discard(sub)
                continue
            viewer = sub.perspective(state)
            key = (sub.seats, viewer)
            text = texts.get(key)
            if text is None:
                if viewer not in views:
                    views[viewer] = state.view(viewer)
                legal: list[LegalOption] = []
                if viewer is not None and decides(sub.seats, viewer, deciding):
                    if viewer not in options:
                        options[viewer] = options_for(live.game, state, viewer)
                    legal = options[viewer]
                message = UpdateMessage(
                    **position(live, sub.seats, views[viewer], viewer, legal),
                    events=entries(number, ply, viewer),
                )
                text = texts[key] = encode(message)
            sub.send(text)


def unavailable() -> ServiceError:
    """A move that could not be stored (the database refused the write): nothing changed, try again."""
    return ServiceError(
        "unavailable", "the move could not be stored just now; nothing changed, try again", 503
    )


def acting_seat(state: State, seats: frozenset[int]) -> int:
    """The seat a client holding `seats` acts for: the current player if it holds it, else the
    first seat it holds that is waiting on a secret choice (refused if it holds none that may act)."""
    player = state.current_player()
    if player in seats:
        return player
    deciding = deciding_seats(state)
    for seat in deciding:
        if seat in seats:
            return seat
    whose = " or ".join(f"player {seat}'s" for seat in deciding) or f"player {player}'s"
    raise ServiceError("not_your_turn", f"it is {whose} turn, not yours", 409)
