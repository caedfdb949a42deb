"""The web table's HTTP and websocket API, through the ASGI test client."""

from __future__ import annotations

import json
import random
import threading
import time
from typing import Annotated, Any

import pytest
from fastapi.testclient import TestClient
from pydantic import Field, TypeAdapter

import warroom
from warroom.core.game import State, events_for
from warroom.core.registry import game_class
from warroom.core.replay import Replay
from warroom.core.rng import Rng
from warroom.server.protocol import ServerMessage

# every message the server sends is one of the protocol's, exactly (models forbid extra keys)
SERVER_MESSAGE: TypeAdapter[ServerMessage] = TypeAdapter(
    Annotated[ServerMessage, Field(discriminator="type")]
)

SIEGE3 = {"game": "siege", "options": {"players": 3}}


def create(client: TestClient, seats: list[str], **extra: Any) -> dict[str, Any]:
    body = {**SIEGE3, "seats": seats, "seed": 7, **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    doc: dict[str, Any] = response.json()
    return doc


def snapshot(client: TestClient, table_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table_id}", params={"token": token} if token else {})
    assert response.status_code == 200, response.text
    doc: dict[str, Any] = response.json()
    return doc


def wait_for(predicate: Any, timeout: float = 30) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("condition not reached in time")


def as_json(value: Any) -> Any:
    """What a value looks like after the trip through JSON (dict keys become strings)."""
    return json.loads(json.dumps(value))


def error_of(response: Any) -> tuple[int, str, str]:
    doc = response.json()["error"]
    return response.status_code, doc["code"], doc["message"]


def test_catalogue_lists_every_registered_game_with_its_options_and_agents(client: TestClient) -> None:
    doc = client.get("/api/games").json()
    assert [g["id"] for g in doc] == warroom.games()
    siege = next(g for g in doc if g["id"] == "siege")
    assert {o["name"] for o in siege["options"]} >= {"players", "mode", "simple_battles"}
    assert "heuristic" in siege["agents"] and "random" in siege["agents"]


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"game": "chess", "seats": ["human"]}, "bad_options", "unknown game"),
        ({"game": "siege", "options": {"players": 9}, "seats": ["human"]}, "bad_options", "players"),
        ({"game": "siege", "options": {"players": 2}, "seats": ["human"]}, "bad_seats", "2 players"),
        ({"game": "siege", "options": {"players": 1}, "seats": ["grandmaster"]}, "bad_seats", "unknown seat"),
        ({"game": "siege", "seats": []}, "malformed", "seats"),
        ({"game": "siege", "seats": ["human"], "colour": "red"}, "malformed", "colour"),
    ],
)
def test_bad_table_requests_are_refused_clearly(client: TestClient, body: Any, code: str, words: str) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code
    assert words in response.json()["error"]["message"]


def test_options_given_as_text_are_read_as_their_type(client: TestClient) -> None:
    body = {
        "game": "siege",
        "options": {"players": "2", "simple_battles": "true"},
        "seats": ["human", "random"],
    }
    created = client.post("/api/tables", json=body).json()
    assert snapshot(client, created["id"])["table"]["options"]["simple_battles"] is True


def test_a_seat_token_acts_for_its_seat_only_and_every_refusal_changes_nothing(client: TestClient) -> None:
    created = create(client, ["human", "human", "human"])
    tid = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    first = snapshot(client, tid, tokens[0])
    player = first["current_player"]
    mine, other = tokens[player], tokens[(player + 1) % 3]
    assert snapshot(client, tid, other)["legal"] == []  # only the seat to move gets options
    legal = snapshot(client, tid, mine)["legal"]
    cases = [
        ({"token": other, "action": legal[0]["text"]}, 409, "not_your_turn"),
        ({"token": "forged-token", "action": legal[0]["text"]}, 403, "bad_token"),
        ({"token": mine, "action": "launch the nukes"}, 422, "illegal"),
        ({"token": mine, "action": legal[0]["text"], "ply": 99}, 409, "stale"),
        ({"token": mine, "action": "x" * 500}, 400, "malformed"),
        ({"token": mine}, 400, "malformed"),
    ]
    for body, status, code in cases:
        response = client.post(f"/api/tables/{tid}/actions", json=body)
        assert error_of(response)[:2] == (status, code), (body, response.text)
    illegal = client.post(f"/api/tables/{tid}/actions", json={"token": mine, "action": "launch the nukes"})
    assert "not a legal action" in illegal.json()["error"]["message"]  # the reason, from the engine
    response = client.post(
        f"/api/tables/{tid}/actions", content=b"{not json", headers={"Content-Type": "application/json"}
    )
    assert error_of(response)[:2] == (400, "malformed")
    response = client.post(
        f"/api/tables/{tid}/actions", content=b"[" * 20000, headers={"Content-Type": "application/json"}
    )
    assert error_of(response)[:2] == (413, "too_large")
    assert error_of(client.get("/api/tables/nope"))[:2] == (404, "unknown_table")
    assert error_of(client.post("/api/tables/nope/actions", json={"token": mine, "action": "pass"}))[1] == (
        "unknown_table"
    )
    assert error_of(client.get(f"/api/tables/{tid}", params={"token": "forged"}))[:2] == (403, "bad_token")
    assert snapshot(client, tid, mine)["ply"] == first["ply"]  # nothing changed
    ok = client.post(f"/api/tables/{tid}/actions", json={"token": mine, "action": legal[0]["text"], "ply": 0})
    assert ok.status_code == 200 and ok.json()["ply"] == 1
    assert snapshot(client, tid)["ply"] == 1


def test_websocket_refuses_malformed_oversized_spectator_and_out_of_turn_messages(client: TestClient) -> None:
    created = create(client, ["human", "human", "human"])
    tid = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    player = snapshot(client, tid)["current_player"]
    waiting = tokens[(player + 1) % 3]
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={waiting}") as ws:
        welcome = ws.receive_json()
        assert welcome["type"] == "state" and welcome["you"] == [(player + 1) % 3]
        for raw, code in [
            ("not json", "malformed"),
            ("[1, 2]", "malformed"),
            ('{"type": "dance"}', "malformed"),
            ('{"type": "act", "action": 5}', "malformed"),
            ('{"type": "act", "action": "pass", "extra": 1}', "malformed"),
            ('{"type": "act", "action": "' + "x" * 5000 + '"}', "too_large"),
            ('{"type": "act", "action": "pass", "id": 3}', "not_your_turn"),
        ]:
            ws.send_text(raw)
            reply = ws.receive_json()
            assert (reply["type"], reply["code"]) == ("error", code), raw
            SERVER_MESSAGE.validate_python(reply)
        ws.send_bytes(b"\x00\x01")
        assert ws.receive_json()["code"] == "malformed"
        ws.send_json({"type": "ping", "id": 9})
        assert ws.receive_json() == {"type": "pong", "id": 9}
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        assert ws.receive_json()["you"] == []
        ws.send_json({"type": "act", "action": "pass", "id": 1})
        reply = ws.receive_json()
        assert reply["code"] == "spectator" and reply["id"] == 1
    for path, code in [
        (f"/api/tables/{tid}/ws?token=forged", "bad_token"),
        ("/api/tables/zzz/ws", "unknown_table"),
    ]:
        with client.websocket_connect(path) as ws:
            assert ws.receive_json()["code"] == code
    assert snapshot(client, tid)["ply"] == 0


def test_two_clients_acting_at_once_exactly_one_is_applied(client: TestClient) -> None:
    created = create(client, ["human", "human", "human"], hotseat=True)
    tid, device = created["id"], created["device_token"]
    for _round in range(5):
        snap = snapshot(client, tid, device)
        player = snap["current_player"]
        tokens = [device, created["seats"][player]["token"]]  # two devices holding the seat to move
        action = snap["legal"][-1]["text"]
        results: list[Any] = []
        barrier = threading.Barrier(2)

        def send(token: str, action: str = action, barrier: Any = barrier, results: Any = results) -> None:
            barrier.wait()
            results.append(client.post(f"/api/tables/{tid}/actions", json={"token": token, "action": action}))

        threads = [threading.Thread(target=send, args=(token,)) for token in tokens]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        codes = sorted(response.status_code for response in results)
        assert codes[0] == 200 and codes[1] in (409, 422), [r.text for r in results]
        assert snapshot(client, tid)["ply"] == snap["ply"] + 1


def test_websocket_play_against_ai_seats_with_live_updates_and_resume(client: TestClient) -> None:
    created = create(client, ["human", "heuristic", "heuristic"])
    tid, token = created["id"], created["seats"][0]["token"]
    game = warroom.load("siege", players=3)
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={token}") as ws:
        message = ws.receive_json()
        acted = 0
        while acted < 6:
            if message["type"] in ("state", "update") and message["current_player"] == 0 and message["legal"]:
                ws.send_json(
                    {"type": "act", "action": message["legal"][0]["text"], "ply": message["ply"], "id": acted}
                )
                acted += 1
            message = ws.receive_json()
            assert message["type"] != "error", message
    snap = snapshot(client, tid, token)
    reference = game.new_initial_state(7)
    texts = [p.text for p in client.app.state.service.tables.live[tid].plies]  # type: ignore[attr-defined]
    for text in texts[: snap["ply"]]:
        reference.apply_action(text)
    assert snap["view"] == as_json(reference.view(0))
    # a reconnecting client gets the same position and the log of what it may see
    with client.websocket_connect(f"/api/tables/{tid}/ws?token={token}") as ws:
        again = ws.receive_json()
        assert again["ply"] >= snap["ply"] and again["type"] == "state" and again["log"]


def test_hot_seat_device_token_holds_every_human_seat(client: TestClient) -> None:
    created = create(client, ["human", "heuristic", "human"], hotseat=True)
    assert created["device_link"].endswith(created["device_token"])
    snap = snapshot(client, created["id"], created["device_token"])
    assert snap["you"] == [0, 2]
    assert [s["link"] is not None for s in created["seats"]] == [True, False, True]


def test_finished_game_replays_step_by_step_and_downloads_as_a_replay_file(client: TestClient) -> None:
    created = create(client, ["heuristic", "heuristic", "random"], ai_delay_ms=0)
    tid = created["id"]
    final = wait_for(lambda: (s := snapshot(client, tid))["finished"] and s, timeout=60)
    text = client.get(f"/api/tables/{tid}/replay")
    assert text.status_code == 200 and "attachment" in text.headers["content-disposition"]
    replay = Replay.loads(text.text)
    state = replay.play()
    assert state.is_terminal() and as_json(state.view(None)) == final["view"]
    assert len([a for a in replay.actions if a]) == final["ply"]
    frame = client.get(f"/api/tables/{tid}/frames/3").json()
    reference = warroom.load("siege", players=3).new_initial_state(7)
    for action in replay.actions[:3]:
        reference.apply_action(action)
    assert frame["view"] == as_json(reference.view(None)) and frame["total"] == final["ply"]
    assert error_of(client.get(f"/api/tables/{tid}/frames/{final['ply'] + 1}"))[1] == "bad_ply"
    lobby = client.get("/api/tables").json()
    assert lobby[0]["id"] == tid and lobby[0]["status"] == "finished"


def test_replay_file_is_withheld_while_the_game_runs(client: TestClient) -> None:
    created = create(client, ["human", "human", "human"])
    assert error_of(client.get(f"/api/tables/{created['id']}/replay"))[:2] == (403, "replay_hidden")


# -- hidden information, for every registered game ------------------------------------------------


def _players_option(game_id: str) -> dict[str, Any]:
    info = game_class(game_id).info
    return (
        {"players": info.option("players").default} if any(o.name == "players" for o in info.options) else {}
    )


def _expected_log(plies: list[tuple[int, list[Any]]], viewer: int | None) -> list[dict[str, Any]]:
    return as_json(
        [
            {"ply": number, "seat": seat, **event.to_json()}
            for number, (seat, events) in enumerate(plies, start=1)
            for event in events_for(events, viewer)
        ]
    )


def _check_sent(doc: dict[str, Any], reference: State, viewer: int | None, seats: list[int]) -> None:
    """A message for `viewer` carries its view, its events, and its options (each with its parts
    and consequence, as the game details them) only if it is to move."""
    SERVER_MESSAGE.validate_python(doc)
    assert doc["view"] == as_json(reference.view(viewer))
    player = reference.current_player()
    if player in seats and not reference.is_terminal():
        details = as_json(reference.game.option_details(reference))
        assert [{k: v for k, v in a.items() if k != "label"} for a in doc["legal"]] == details
        assert doc["waiting"] == [player]
    else:
        assert doc["legal"] == []
    if doc.get("type") == "update":  # the static parts went out once, with the state on connect
        assert "table" not in doc and "catalog" not in doc and "log" not in doc
    else:
        assert "seed" not in repr(doc["table"])


@pytest.mark.parametrize("game_id", warroom.games())
def test_no_seat_is_ever_sent_what_it_may_not_see(client: TestClient, game_id: str) -> None:
    """Through HTTP snapshots and live websocket updates, for every seat and a spectator: the
    options with their parts and consequences reach the seat to move only, and a consequence
    depends on nothing that seat cannot see."""
    options = _players_option(game_id)
    game = warroom.load(game_id, **options)
    seats = ["human"] * game.num_players
    body = {"game": game_id, "options": options, "seats": seats, "seed": 11}
    created = client.post("/api/tables", json=body).json()
    tid = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    reference = game.new_initial_state(11)
    plies: list[tuple[int, list[Any]]] = []
    rng = random.Random(5)
    viewers: list[tuple[str | None, int | None]] = [(token, seat) for seat, token in enumerate(tokens)]
    viewers.append((None, None))
    sockets = [
        client.websocket_connect(f"/api/tables/{tid}/ws" + (f"?token={token}" if token else ""))
        for token, _ in viewers
    ]
    try:
        for ws, (_token, viewer) in zip(sockets, viewers, strict=True):
            welcome = ws.__enter__().receive_json()
            _check_sent(welcome, reference, viewer, [] if viewer is None else [viewer])
        for _step in range(40):
            if reference.is_terminal():
                break
            player = reference.current_player()
            # what the seat to move is sent about its options (parts, consequences) is the same
            # whatever it cannot see: re-drawn hidden information changes none of it
            details = reference.game.option_details(reference)
            for draw in range(2):
                redrawn = reference.resample_hidden(player, Rng(draw))
                assert redrawn.game.option_details(redrawn) == details
            action = rng.choice(reference.legal_actions())
            response = client.post(
                f"/api/tables/{tid}/actions", json={"token": tokens[player], "action": action.text}
            )
            assert response.status_code == 200, response.text
            plies.append((player, reference.apply_action(action)))
            for ws, (token, viewer) in zip(sockets, viewers, strict=True):
                update = ws.receive_json()
                assert update["type"] == "update"
                mine = [] if viewer is None else [viewer]
                _check_sent(update, reference, viewer, mine)
                assert (
                    update["events"] == _expected_log(plies, viewer)[len(_expected_log(plies[:-1], viewer)) :]
                )
                snap = snapshot(client, tid, token)
                _check_sent(snap, reference, viewer, mine)
                assert snap["log"] == _expected_log(plies, viewer)[-400:]
        for token, viewer in viewers:
            params = {"token": token} if token else {}
            frame = client.get(f"/api/tables/{tid}/frames/{len(plies)}", params=params).json()
            assert frame["view"] == as_json(reference.view(viewer))
            assert frame["events"] == _expected_log(plies, viewer)[len(_expected_log(plies[:-1], viewer)) :]
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)


def test_the_table_snapshot_carries_the_games_static_catalog(client: TestClient) -> None:
    """The board's unchanging public content (Memoir '44's scenario map, card texts) comes from the
    engine's catalog with the table, so a display never needs its own copy of game data."""
    body = {"game": "memoir44", "options": {"scenario": "omaha-beach"}, "seats": ["human", "random"]}
    created = client.post("/api/tables", json=body).json()
    assert snapshot(client, created["id"])["catalog"]["scenario"]["id"] == "omaha-beach"
    frame = client.get(f"/api/tables/{created['id']}/frames/0").json()
    assert frame["catalog"]["scenario"]["name"] == "Omaha Beach"
    bare = client.get(f"/api/tables/{created['id']}/frames/0", params={"catalog": "false"}).json()
    assert "catalog" not in bare and bare["view"] == frame["view"]  # a replay's later steps
    game = warroom.load("memoir44", scenario="omaha-beach")
    catalog = game.catalog()
    assert catalog["scenario"]["face"] == "beach"
    assert catalog["scenario"]["terrain"]["R9C1"] == "ocean"  # the printed beach face, from the engine
    assert catalog["cards"]["barrage"]["name"] == "Barrage"
    assert warroom.load("siege").catalog()["cards"]["green_aviation"]["name"] == "P-47 Thunderbolt"
