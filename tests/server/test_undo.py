"""Undo through the API (issue 16): over HTTP and the websocket, refusals with their reason, the
take-back in every seat's log, the log entry kept by the database and honoured on reload and in
replays."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.test_api import snapshot, wait_for
from warroom.core.replay import Replay
from warroom.core.undo import undo_text
from warroom.server import schemas
from warroom.server.replays import in_turn_order
from warroom.server.service import TableService
from warroom.server.store import SqlStore

MEMOIR = {"game": "memoir44", "options": {}, "seed": 3}


def create(client: TestClient, seats: list[str]) -> dict[str, Any]:
    response = client.post("/api/tables", json={**MEMOIR, "seats": seats})
    assert response.status_code == 201, response.text
    doc: dict[str, Any] = response.json()
    return doc


def act(client: TestClient, table_id: str, token: str, action: str) -> Any:
    return client.post(f"/api/tables/{table_id}/actions", json={"token": token, "action": action})


def until_undoable(client: TestClient, tid: str, tokens: list[str]) -> tuple[dict[str, Any], int]:
    """Play each seat's first option until the seat to move may take back a decision: the
    snapshot before that decision, and the seat."""
    before: dict[str, Any] | None = None
    for _ in range(60):
        player = snapshot(client, tid)["current_player"]
        snap = snapshot(client, tid, tokens[player])
        if snap["undo"] and before is not None:
            return before, player
        before = snap
        assert act(client, tid, tokens[player], snap["legal"][0]["text"]).status_code == 200
    raise AssertionError("no decision could be taken back in 60 moves")


def error(response: Any) -> tuple[int, str, str]:
    body = response.json()["error"]
    return response.status_code, body["code"], body["message"]


def test_undo_over_http_restores_the_position_and_tells_every_seat(client: TestClient) -> None:
    created = create(client, ["human", "human"])
    tid, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    before, seat = until_undoable(client, tid, tokens)
    other = 1 - seat
    assert snapshot(client, tid, tokens[other])["undo"] == 0  # not the other seat's decision
    assert error(act(client, tid, tokens[other], "undo"))[:2] == (409, "not_your_decision")
    assert error(act(client, tid, "", "undo"))[:2] == (403, "spectator")
    ply = snapshot(client, tid)["ply"]
    done = act(client, tid, tokens[seat], "undo")
    assert done.status_code == 200 and done.json() == {"ply": ply + 1, "action": undo_text(1)}
    after = snapshot(client, tid, tokens[seat])
    assert after["view"] == before["view"] and after["legal"] == before["legal"]
    assert after["ply"] == ply + 1  # the log only grows: the take-back is an entry
    seen = snapshot(client, tid, tokens[other])["log"][-1]
    assert (seen["kind"], seen["text"], seen["seat"]) == ("undo", f"player {seat} took back 1 move", seat)
    assert snapshot(client, tid)["log"][-1]["kind"] == "undo"  # spectators see it too
    # back at the undo point: the decision before was a reveal (a command card played)
    while snapshot(client, tid, tokens[seat])["undo"]:
        assert act(client, tid, tokens[seat], "undo").status_code == 200
    status, code, message = error(act(client, tid, tokens[seat], "undo"))
    assert (status, code) == (409, "past_barrier") and "hidden information" in message
    assert error(act(client, tid, tokens[seat], "undo 0"))[1] == "illegal"  # not a count: not undo


def test_undo_over_the_websocket_with_ack_and_refusal(client: TestClient) -> None:
    created = create(client, ["human", "human"])
    tid, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    before, seat = until_undoable(client, tid, tokens)
    with (
        client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[seat]}") as mine,
        client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[1 - seat]}") as theirs,
    ):
        welcome = mine.receive_json()
        assert welcome["undo"] >= 1 and theirs.receive_json()["undo"] == 0
        theirs.send_json({"type": "act", "action": "undo", "id": 7})
        refused = theirs.receive_json()
        assert (refused["type"], refused["code"], refused["id"]) == ("error", "not_your_decision", 7)
        mine.send_json({"type": "act", "action": "undo", "ply": welcome["ply"], "id": 8})
        messages = [mine.receive_json(), mine.receive_json()]
        ack = next(m for m in messages if m["type"] == "ack")
        update = next(m for m in messages if m["type"] == "update")
        assert ack["id"] == 8 and ack["action"] == undo_text(1)
        assert update["view"] == before["view"] and update["legal"] == before["legal"]
        told = theirs.receive_json()
        assert told["type"] == "update" and told["events"][0]["kind"] == "undo"
        assert told["legal"] == [] and told["undo"] == 0


def test_undo_is_kept_by_the_database_and_honoured_on_reload_and_in_replays(any_db: str) -> None:
    async def scenario() -> None:
        service = TableService(SqlStore(any_db), ai_delay_ms=0)
        await service.start()
        created = await service.create_table(schemas.CreateTable(**MEMOIR, seats=["human", "human"]))
        tokens = [s.token or "" for s in created.seats]
        live = await service.table(created.id)
        undone = 0
        for _ in range(40):
            seat = live.state.current_player()
            if live.undo.available(seat, live.state) and undone < 2:
                await service.act(created.id, tokens[seat], "undo", None)
                undone += 1
                continue
            await service.act(created.id, tokens[seat], live.state.legal_actions()[0].text, None)
        assert undone == 2
        seat = live.state.current_player()
        before = (live.state.serialize(), len(live.plies), live.undo.available(seat, live.state))
        await service.stop()
        again = TableService(SqlStore(any_db), ai_delay_ms=0)
        await again.start()
        resumed = await again.table(created.id)
        assert (
            resumed.state.serialize(),
            len(resumed.plies),
            resumed.undo.available(seat, resumed.state),
        ) == before
        assert sum(ply.text == undo_text(1) for ply in resumed.plies) == 2
        # the replay file lists the take-backs and replays to the same position
        replayed = Replay.record(resumed.game, resumed.record.seed, in_turn_order(resumed)).play()
        assert replayed.serialize() == before[0]
        # a step-by-step frame right after a take-back shows the position before the moves
        number = next(i for i, ply in enumerate(resumed.plies) if ply.text == undo_text(1))
        frame = await again.frame(created.id, tokens[0], number + 1, 0)
        earlier = await again.frame(created.id, tokens[0], number - 1, 0)
        assert frame["view"] == earlier["view"] and frame["events"][0]["kind"] == "undo"
        await again.stop()

    asyncio.run(scenario())


def test_an_ai_move_is_a_barrier(client: TestClient) -> None:
    created = create(client, ["human", "random"])
    tid, token = created["id"], created["seats"][0]["token"]
    for _ in range(30):
        snap = snapshot(client, tid, token)
        if snap["current_player"] == 0 and snap["ply"] > 0 and snap["log"] and snap["log"][-1]["seat"] == 1:
            break
        if snap["current_player"] == 0:
            act(client, tid, token, snap["legal"][-1]["text"])
    else:
        pytest.skip("the AI seat did not move in 30 tries")
    assert snap["undo"] == 0
    status, code, _ = error(act(client, tid, token, "undo"))
    assert (status, code) == (409, "not_your_decision")


def test_a_take_back_on_one_process_reaches_the_other(serve: Any, pg_db: str) -> None:
    """Two `warroom serve` processes on one PostgreSQL (cluster.py): a take-back made through one
    is caught up by the other, which then shows the position before the moves."""
    first, second = serve(db=pg_db), serve(db=pg_db)
    created = first.post("/api/tables", {**MEMOIR, "seats": ["human", "human"]})
    tid, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    before: dict[str, Any] | None = None
    for _ in range(60):
        player = first.get(f"/api/tables/{tid}")["current_player"]
        snap = first.get(f"/api/tables/{tid}?token={tokens[player]}")
        if snap["undo"] and before is not None:
            break
        before = snap
        first.post(
            f"/api/tables/{tid}/actions", {"token": tokens[player], "action": snap["legal"][0]["text"]}
        )
    assert before is not None
    ply = snap["ply"]
    wait_for(lambda: second.get(f"/api/tables/{tid}?token={tokens[player]}")["undo"] == snap["undo"] or None)
    second.post(f"/api/tables/{tid}/actions", {"token": tokens[player], "action": "undo", "ply": ply})
    mirrored = wait_for(
        lambda: (doc := first.get(f"/api/tables/{tid}?token={tokens[player]}"))["ply"] == ply + 1 and doc
    )
    assert mirrored["view"] == before["view"] and mirrored["legal"] == before["legal"]
    assert mirrored["log"][-1]["kind"] == "undo"
