"""Structured options through the API, and secret simultaneous choices through the same API the
browser uses.

Every legal option reaches the seat that decides with its verb, typed parts and (where the game
knows it) its consequence, and reaches nobody else; Blind Bids (tests/toy_secret.py) commits its
bids secretly from any waiting seat, in any order, and nothing shows one seat's bid to another
seat or a spectator before the reveal.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import warroom
from tests.server.test_api import SERVER_MESSAGE, as_json, snapshot, wait_for
from tests.toy_secret import register_secret_toy
from warroom.core.replay import Replay
from warroom.server.app import create_app


def act(client: TestClient, table_id: str, token: str, action: str) -> dict[str, Any]:
    response = client.post(f"/api/tables/{table_id}/actions", json={"token": token, "action": action})
    assert response.status_code == 200, response.text
    doc: dict[str, Any] = response.json()
    return doc


def receive(ws: Any, kind: str = "update") -> dict[str, Any]:
    """The next message of `kind` (acks for the client's own moves are skipped), checked against
    the protocol's types."""
    while True:
        doc: dict[str, Any] = ws.receive_json()
        SERVER_MESSAGE.validate_python(doc)
        if doc["type"] == kind:
            return doc
        assert doc["type"] == "ack", doc


# -- structured options ---------------------------------------------------------------------------


def test_a_memoir44_battle_reaches_the_deciding_seat_with_its_parts_and_dice_and_nobody_else(
    client: TestClient,
) -> None:
    """Through the websocket: the seat to move gets every option with its parts, a battle with the
    dice it will roll and its target; the other seat and a spectator get no option at all."""
    body = {"game": "memoir44", "seats": ["human", "human"], "seed": 4}
    created = client.post("/api/tables", json=body).json()
    tid, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    game = warroom.load("memoir44")
    reference = game.new_initial_state(4)
    rng = random.Random(2)
    urls = [f"/api/tables/{tid}/ws?token={tokens[0]}", f"/api/tables/{tid}/ws?token={tokens[1]}"]
    with (
        client.websocket_connect(urls[0]) as ws0,
        client.websocket_connect(urls[1]) as ws1,
        client.websocket_connect(f"/api/tables/{tid}/ws") as watcher,
    ):
        sockets = [ws0, ws1, watcher]
        messages = [receive(ws, "state") for ws in sockets]
        for _step in range(300):
            player = reference.current_player()
            mine, others = messages[player], [m for i, m in enumerate(messages) if i != player]
            assert [{k: v for k, v in a.items() if k != "label"} for a in mine["legal"]] == as_json(
                game.option_details(reference)
            )
            assert all(m["legal"] == [] and m["waiting"] == [player] for m in others)
            battles = [a for a in mine["legal"] if a["verb"] == "battle"]
            if battles:
                break
            action = rng.choice(reference.legal_actions())
            act(client, tid, tokens[player], action.text)
            reference.apply_action(action)
            messages = [receive(ws) for ws in sockets]
        else:
            pytest.fail("no battle in 300 moves")
    for battle in battles:
        parts = {part["role"]: part for part in battle["parts"]}
        assert parts["from"]["kind"] == parts["target"]["kind"] == "hex"
        assert battle["text"] == f"battle {parts['from']['value']} {parts['target']['value']}"
        consequence = battle["consequence"]
        assert consequence["target"] == parts["target"]["value"]
        assert isinstance(consequence["dice"], int) and 1 <= consequence["dice"] <= 6
        assert "dice" not in battle["label"]  # said once, by the consequence (not again in the label)
    # and the HTTP snapshot says the same
    assert snapshot(client, tid, tokens[player])["legal"] == mine["legal"]
    assert snapshot(client, tid, tokens[1 - player])["legal"] == snapshot(client, tid)["legal"] == []


def test_the_option_list_tells_each_option_apart_by_its_parts_in_every_game(client: TestClient) -> None:
    """Every game's options at the start of a table: each with a verb and typed parts; two options
    with the same parts are told apart by their verb (so a display never needs the text)."""
    for game_id in warroom.games():
        game = warroom.load(game_id)
        body = {"game": game_id, "seats": ["human"] * game.num_players, "seed": 3}
        created = client.post("/api/tables", json=body).json()
        player = snapshot(client, created["id"])["current_player"]
        legal = snapshot(client, created["id"], created["seats"][player]["token"])["legal"]
        assert legal
        keys = set()
        for option in legal:
            assert set(option) <= {"text", "label", "verb", "parts", "consequence"}
            assert option["verb"] and all(set(part) == {"role", "kind", "value"} for part in option["parts"])
            keys.add((option["verb"], repr(option["parts"])))
        if all(option["parts"] for option in legal):
            assert len(keys) == len(legal), game_id


# -- secret simultaneous choices: Blind Bids ------------------------------------------------------


@pytest.fixture
def bids_client(monkeypatch: pytest.MonkeyPatch, db_path: str) -> Iterator[TestClient]:
    """The app with the test-only game Blind Bids registered (and no other game)."""
    register_secret_toy(monkeypatch)
    with TestClient(create_app(db_path, ai_delay_ms=0)) as test_client:
        yield test_client


def bids_table(client: TestClient, seats: list[str], seed: int = 1) -> tuple[str, list[str]]:
    body = {"game": "blind_bids", "options": {"players": len(seats)}, "seats": seats, "seed": seed}
    created = client.post("/api/tables", json=body).json()
    return created["id"], [seat["token"] for seat in created["seats"]]


def _without_ids(doc: Any, table_id: str) -> str:
    """A message with the table's own identity taken out, to compare two tables' messages."""
    return repr(doc).replace(table_id, "<table>")


def _bid_round(client: TestClient, bid: str) -> dict[str, Any]:
    """A two-seat table where seat 0 bids `bid`: what seat 1 and a spectator receive before seat 1
    has committed (websocket updates, HTTP snapshots, replay frames), then after it has."""
    tid, tokens = bids_table(client, ["human", "human"])
    seen: dict[str, Any] = {"table": tid}
    with (
        client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[0]}") as ws0,
        client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[1]}") as ws1,
        client.websocket_connect(f"/api/tables/{tid}/ws") as watcher,
    ):
        welcome = [receive(ws, "state") for ws in (ws0, ws1, watcher)]
        assert [m["waiting"] for m in welcome] == [[0, 1]] * 3
        # both bidders see their own options at once, seat 1 although seat 0 is "current"
        assert [a["text"] for a in welcome[0]["legal"]] == ["bid 0", "bid 1", "bid 2", "bid 3"]
        assert welcome[1]["legal"] == welcome[0]["legal"] and welcome[2]["legal"] == []
        assert welcome[1]["legal"][3]["parts"] == [{"role": "amount", "kind": "amount", "value": 3}]
        ws0.send_json({"type": "act", "action": bid, "ply": 0, "id": 1})
        mine, theirs, watched = receive(ws0), receive(ws1), receive(watcher)
        assert receive(ws0, "ack")["action"] == bid  # only the bidder's own client hears it back
        assert mine["view"]["secret"]["mine"] == bid and mine["legal"] == [] and mine["waiting"] == [1]
        assert theirs["view"]["secret"] == {"kind": "bid", "seats": [0, 1], "committed": [0], "mine": None}
        assert theirs["legal"] == welcome[1]["legal"]  # its options do not depend on seat 0's bid
        seen["before"] = {
            "seat 1 update": theirs,
            "spectator update": watched,
            "seat 1 snapshot": snapshot(client, tid, tokens[1]),
            "spectator snapshot": snapshot(client, tid),
            "seat 1 frame": client.get(f"/api/tables/{tid}/frames/1", params={"token": tokens[1]}).json(),
            "spectator frame": client.get(f"/api/tables/{tid}/frames/1").json(),
        }
        for doc in seen["before"].values():
            assert not [e for e in doc.get("events", []) + doc.get("log", []) if e["kind"] == "bids"]
            text = repr({k: v for k, v in doc.items() if k != "legal"})
            assert bid not in text and "you chose" not in text
        # seat 1 commits over HTTP: the reveal reaches everyone
        act(client, tid, tokens[1], "bid 2")
        seen["after"] = [receive(ws) for ws in (ws0, ws1, watcher)]
    return seen


def test_a_secret_bid_shows_nowhere_before_the_other_seat_commits_then_both_see_the_reveal(
    bids_client: TestClient,
) -> None:
    """Seat 0 bids 3 at one table and 1 at another: everything seat 1 and a spectator receive
    before seat 1 commits is the same at both tables, so nothing of it depends on the bid."""
    high, low = _bid_round(bids_client, "bid 3"), _bid_round(bids_client, "bid 1")
    for what, doc in high["before"].items():
        assert _without_ids(doc, high["table"]) == _without_ids(low["before"][what], low["table"]), what
    for seen, bid in ((high, 3), (low, 1)):
        for update in seen["after"]:
            reveal = [e for e in update["events"] if e["kind"] == "bids"]
            assert reveal and reveal[0]["data"]["bids"] == {"0": bid, "1": 2}
            assert update["view"]["secret"] is None and update["view"]["round"] == 1
        winner = 0 if bid == 3 else 1
        assert [u["waiting"] for u in seen["after"]] == [[winner]] * 3
        assert [bool(u["legal"]) for u in seen["after"]] == [winner == 0, winner == 1, False]


def test_any_waiting_seat_commits_in_any_order_and_the_table_resumes_and_replays(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Three bidders: seat 2 commits first while seat 0 is the current player; a restarted server
    resumes mid-round (seat 2's bid kept, seat 0 still to choose); the game is played out and its
    replay file plays back to the same end."""
    register_secret_toy(monkeypatch)
    db = str(tmp_path / "bids.sqlite3")
    with TestClient(create_app(db, ai_delay_ms=0)) as client:
        tid, tokens = bids_table(client, ["human"] * 3, seed=5)
        assert snapshot(client, tid, tokens[2])["current_player"] == 0
        act(client, tid, tokens[2], "bid 2")
        snap2 = snapshot(client, tid, tokens[2])
        assert snap2["legal"] == [] and snap2["waiting"] == [0, 1]
        refused = client.post(f"/api/tables/{tid}/actions", json={"token": tokens[2], "action": "bid 1"})
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_your_turn"
        assert "player 0's or player 1's turn" in refused.json()["error"]["message"]
    with TestClient(create_app(db, ai_delay_ms=0)) as client:
        assert snapshot(client, tid, tokens[2])["view"]["secret"]["mine"] == "bid 2"
        assert snapshot(client, tid, tokens[0])["view"]["secret"]["mine"] is None
        act(client, tid, tokens[1], "bid 0")
        act(client, tid, tokens[0], "bid 1")
        reveal = [e for e in snapshot(client, tid)["log"] if e["kind"] == "bids"]
        assert reveal[0]["data"]["bids"] == {"0": 1, "1": 0, "2": 2}
        for _step in range(40):  # play it out: every waiting seat takes its first option
            snap = snapshot(client, tid)
            if snap["finished"]:
                break
            for seat in snap["waiting"][::-1]:  # the last waiting seat first: not the current player
                act(client, tid, tokens[seat], snapshot(client, tid, tokens[seat])["legal"][0]["text"])
        final = snapshot(client, tid)
        assert final["finished"]
        replay = Replay.loads(client.get(f"/api/tables/{tid}/replay").text)
        state = replay.play()
        assert state.is_terminal() and as_json(state.view(None)) == final["view"]


def test_an_ai_bidder_commits_without_waiting_for_the_person(bids_client: TestClient) -> None:
    tid, tokens = bids_table(bids_client, ["human", "random"])
    snap = wait_for(lambda: (s := snapshot(bids_client, tid, tokens[0]))["waiting"] == [0] and s)
    assert snap["view"]["secret"]["committed"] == [1] and snap["legal"]
    act(bids_client, tid, tokens[0], "bid 0")
    log = snapshot(bids_client, tid)["log"]
    assert any(e["kind"] == "bids" for e in log)
