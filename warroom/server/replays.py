"""Replays: the replay file of a finished game, and the step-by-step replay of any table, each
step what one seat (or a spectator) saw right after that move; a take-back is a step too (its
`{"undo": n}` entry, warroom.core.undo), after which the position is the one before the moves."""

from __future__ import annotations

from pydantic import BaseModel

from warroom.core.game import JSON
from warroom.core.replay import Replay
from warroom.core.undo import line_of_play, replay_line, undo_count
from warroom.server.live import LiveTable
from warroom.server.moves import entries, table_header
from warroom.server.protocol import LogEntry, ServiceError, TableHeader
from warroom.server.turns import play
from warroom.server.workers import Workers


class Frame(BaseModel):
    """One step of the replay (GET /api/tables/{id}/frames/{ply})."""

    table: TableHeader
    ply: int
    total: int
    finished: bool
    viewer: int | None
    current_player: int
    view: JSON
    events: list[LogEntry]  # the move's events the viewer may see
    catalog: JSON | None = None  # the game's static content, with the first frame a replay asks for


class Replays:
    def __init__(self, workers: Workers) -> None:
        self.workers = workers

    async def replay_text(self, live: LiveTable) -> str:
        """The replay file (the format of `warroom replay`, with the table's uploaded texts), once
        the game is over."""
        if not live.state.is_terminal():
            raise ServiceError(
                "replay_hidden",
                "the replay file is available when the game ends: its seed would reveal hidden cards",
                403,
            )
        texts = await self.workers.compute(in_turn_order, live)
        # uploaded content travels with the file (its `uploads:` line), so it replays offline
        return Replay.record(live.game, live.record.seed, texts, live.record.uploads).dumps()

    async def frame(
        self, live: LiveTable, seats: frozenset[int], ply: int, seat: int | None, catalog: bool = True
    ) -> JSON:
        """What `seat` (one the client holds; else its first, or a spectator) saw right after move
        `ply`; the game's static catalog only if asked (a replay fetches it with its first frame)."""
        total = len(live.plies)
        if not 0 <= ply <= total:
            raise ServiceError("bad_ply", f"ply must be between 0 and {total}", 400)
        viewer = seat if seat is not None and seat in seats else (min(seats) if seats else None)
        view, player = await self.workers.compute(_view_at, live, ply, viewer)
        frame = Frame(
            table=table_header(live),
            ply=ply,
            total=total,
            finished=live.state.is_terminal(),
            viewer=viewer,
            current_player=player,
            view=view,
            events=entries(ply, live.plies[ply - 1], viewer) if ply else [],
            catalog=live.game.catalog() if catalog else None,
        )
        return frame.model_dump(exclude=None if catalog else {"catalog"})


def in_turn_order(live: LiveTable) -> list[str]:
    """The moves as a replay file lists them, each applied to the seat the engine asks next:
    commitments to a secret simultaneous choice, which the table takes from any waiting seat in
    the order they come, in the order the engine asks for them (the reveal is the same). A
    take-back is listed where it was made, as its `{"undo": n}` line: a seat takes back only its
    own decisions while it still decides, so they are the last n lines and none is waiting."""
    state = live.game.new_initial_state(live.record.seed)
    texts: list[str] = []
    pending: dict[int, str] = {}
    for ply in live.plies:
        if undo_count(ply.text) is not None:
            texts.append(ply.text)
            state = live.game.new_initial_state(live.record.seed)
            for standing in line_of_play(texts):
                state.apply_action(texts[standing])
            continue
        pending[ply.seat] = ply.text
        while not state.is_terminal() and state.current_player() in pending:
            text = pending.pop(state.current_player())
            state.apply_action(text)
            texts.append(text)
    return texts


def _view_at(live: LiveTable, ply: int, viewer: int | None) -> tuple[JSON, int]:
    """The view after move `ply`, from the table's replay cursor (stepping forward from the last
    position asked for is one move, not the whole game)."""
    with live.replay_lock:
        cursor = live.replay_cursor
        if cursor is None or cursor[0] > ply:
            cursor = (0, live.game.new_initial_state(live.record.seed))
        done, state = cursor
        if any(undo_count(entry.text) is not None for entry in live.plies[done:ply]):
            # a take-back on the way: the line of play up to `ply`, honoured from the start
            everyone = frozenset(range(live.game.num_players))  # no undo run to judge here
            state, _ = replay_line(live.start(), live.entries()[:ply], agents=everyone)
        else:
            for entry in live.plies[done:ply]:
                play(state, entry.seat, entry.text)
        live.replay_cursor = (ply, state)
        return state.view(viewer), state.current_player()
