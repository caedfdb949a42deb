"""Pre-measurement over HTTP (warroom/server/measure.py, DW-GEO-03): bounded, validated inputs,
JSON refusals, and the game's own answer passed through unchanged."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

import warroom
from warroom.server.measure import check, measure, parse_thing
from warroom.server.protocol import ServiceError


@dataclass(frozen=True)
class Answer:
    distance: float
    line_of_sight: bool
    in_range: bool | None = None
    in_arc: bool | None = None


class Measured:
    """A state with a measuring query that records what it was asked."""

    def __init__(self) -> None:
        self.asked: list[tuple[Any, Any, Any]] = []

    def measure(self, a: Any, b: Any, weapon: str | None = None) -> Answer:
        self.asked.append((a, b, weapon))
        if a == "u99":
            raise ValueError("no unit u99 on the table")
        return Answer(12.3456, True, weapon is not None or None, True if weapon else None)


def test_things_are_units_miniatures_or_points() -> None:
    assert parse_thing("u3", "a") == "u3"
    assert parse_thing(" u12.4 ", "a") == "u12.4"
    assert parse_thing("12.5,30", "b") == [12.5, 30.0]
    assert parse_thing("-1,0.25", "b") == [-1.0, 0.25]


@pytest.mark.parametrize(
    "text", ["", "u", "u3.", "x3", "12", "12,", "1,2,3", "nan,1", "1e3,2", "u1234", "9999,1"]
)
def test_anything_else_is_refused_naming_the_parameter(text: str) -> None:
    with pytest.raises(ServiceError) as err:
        parse_thing(text, "b")
    assert err.value.status == 400 and err.value.code == "malformed" and err.value.message.startswith("b:")


def test_the_games_answer_passes_through() -> None:
    """DW-GEO-03: a unit to a point, with a weapon: distance (rounded to 0.001"), LOS, range, arc."""
    state = Measured()
    out = measure(state, "u3", "36,24", "W-A01")
    assert state.asked == [("u3", [36.0, 24.0], "W-A01")]
    assert out.model_dump() == {
        "a": "u3", "b": "36,24", "weapon": "W-A01", "distance": 12.346, "line_of_sight": True,
        "in_range": True, "in_arc": True,
    }  # fmt: skip
    plain = measure(state, "1,1", "u4.2", None)
    assert (plain.in_range, plain.in_arc) == (None, None)


def test_what_the_game_cannot_measure_is_422_with_its_reason() -> None:
    with pytest.raises(ServiceError) as err:
        measure(Measured(), "u99", "u1", None)
    assert (err.value.status, err.value.code) == (422, "unmeasurable")
    assert "u99" in err.value.message


def test_a_bad_weapon_id_is_refused_before_the_game_sees_it() -> None:
    state = Measured()
    with pytest.raises(ServiceError) as err:
        measure(state, "u1", "u2", "W A01;drop")
    assert err.value.status == 400 and state.asked == []


def solo_siege(client: TestClient) -> str:
    body = {"game": "siege", "options": {"players": 1}, "seats": ["human"]}
    table: str = client.post("/api/tables", json=body).json()["id"]
    return table


def test_a_game_without_a_measured_table_answers_422(client: TestClient) -> None:
    created = client.post(
        "/api/tables", json={"game": "siege", "options": {"players": 1}, "seats": ["human"]}
    )
    table = created.json()["id"]
    response = client.get(f"/api/tables/{table}/measure", params={"a": "u1", "b": "1,1"})
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "not_measurable"


def test_route_refusals_are_json(client: TestClient) -> None:
    """An unknown table 404; missing or oversized parameters 400 in the one error body."""
    missing = client.get("/api/tables/nope/measure", params={"a": "u1", "b": "1,1"})
    assert missing.status_code == 404 and missing.json()["error"]["code"]
    created = client.post(
        "/api/tables", json={"game": "siege", "options": {"players": 1}, "seats": ["human"]}
    )
    table = created.json()["id"]
    for params in ({"a": "u1"}, {"a": "u1", "b": "x" * 41}, {"a": "u1", "b": "1,1", "weapon": "W" * 17}):
        response = client.get(f"/api/tables/{table}/measure", params=params)
        assert response.status_code == 400, params
        assert response.json()["error"]["code"] == "malformed"


@pytest.mark.skipif("dust_warfare" not in warroom.games(), reason="Dust Warfare is not registered yet")
def test_a_dust_warfare_table_measures_its_own_map(client: TestClient) -> None:
    """DW-GEO-03 on First Battle before anyone deploys: from the west woods' centre to the Mill's
    objective is 24" point to point; LOS from (4, 20) to (20, 20) crosses 8" of woods M2 (DW-GEO-12:
    more than 4" obscured) and is blocked, while (4, 4) to (68, 4) is open."""
    body = {"game": "dust_warfare", "options": {}, "seats": ["human", "human"], "seed": 1}
    table = client.post("/api/tables", json=body).json()["id"]

    def ask(a: str, b: str) -> dict[str, Any]:
        response = client.get(f"/api/tables/{table}/measure", params={"a": a, "b": b})
        assert response.status_code == 200, response.text
        doc: dict[str, Any] = response.json()
        return doc

    assert ask("12,24", "36,24")["distance"] == pytest.approx(24.0)
    assert ask("4,20", "20,20")["line_of_sight"] is False
    assert ask("4,4", "68,4")["line_of_sight"] is True
    off = client.get(f"/api/tables/{table}/measure", params={"a": "u0", "b": "1,1"})
    assert off.status_code == 422 and off.json()["error"]["code"] == "unmeasurable"


# -- checking an action before sending it ---------------------------------------------------------


class Described:
    """A game whose one parametric action `go X` is legal for X <= 5."""

    def read_action(self, text: str) -> Any:
        words = text.split()
        return Option(text) if len(words) == 2 and words[0] == "go" else None

    def describe_action(self, state: Any, action: Any) -> str:
        return f"{action.text}: {'fine' if state.is_legal(action) else 'refused, too far'}"


@dataclass(frozen=True)
class Option:
    text: str


class Deciding:
    def __init__(self, seat: int = 0) -> None:
        self.seat = seat

    def is_terminal(self) -> bool:
        return False

    def current_player(self) -> int:
        return self.seat

    def legal_actions(self) -> list[Option]:
        return [Option("stop")]

    def is_legal(self, action: Option) -> bool:
        return action.text == "stop" or float(action.text.split()[1]) <= 5


def test_check_says_legal_or_why_not_without_playing() -> None:
    game, state = Described(), Deciding()
    assert check(game, state, frozenset({0}), "go 3").model_dump() == {
        "action": "go 3", "legal": True, "words": "go 3: fine",
    }  # fmt: skip
    refused = check(game, state, frozenset({0}), "go 9")
    assert (refused.legal, refused.words) == (False, "go 9: refused, too far")
    assert check(game, state, frozenset({0}), "  STOP ").legal is True
    assert check(game, state, frozenset({0}), "dance").model_dump()["legal"] is False


def test_only_the_deciding_seat_may_check() -> None:
    with pytest.raises(ServiceError) as err:
        check(Described(), Deciding(seat=1), frozenset({0}), "go 3")
    assert (err.value.status, err.value.code) == (409, "not_your_turn")


def test_check_route_refusals(client: TestClient) -> None:
    """A spectator 403; a missing or oversized action 400; another seat's turn 409."""
    body = {"game": "siege", "options": {"players": 1}, "seats": ["human"]}
    created = client.post("/api/tables", json=body).json()
    table, token = created["id"], created["seats"][0]["token"]
    spectator = client.get(f"/api/tables/{table}/check", params={"action": "pass"})
    assert spectator.status_code == 403 and spectator.json()["error"]["code"] == "spectator"
    for params in ({"token": token}, {"token": token, "action": "x" * 401}):
        response = client.get(f"/api/tables/{table}/check", params=params)
        assert response.status_code == 400 and response.json()["error"]["code"] == "malformed"
    legal = client.get(f"/api/tables/{table}/check", params={"token": token, "action": "nonsense"})
    assert legal.status_code == 200 and legal.json()["legal"] is False


@pytest.mark.skipif("dust_warfare" not in warroom.games(), reason="Dust Warfare is not registered yet")
def test_a_refused_dust_warfare_deployment_is_explained(client: TestClient) -> None:
    """DW-SET-05: a unit dropped outside its deployment zone is refused, and the words say why;
    nothing is played."""
    body = {"game": "dust_warfare", "options": {}, "seats": ["human", "human"], "seed": 1}
    created = client.post("/api/tables", json=body).json()
    table = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    for _ in range(20):  # the roll-off and the first picks, whoever decides
        doc = client.get(f"/api/tables/{table}", params={"token": tokens[0]}).json()
        decision = doc["view"]["decision"]
        if decision["kind"] == "where":
            break
        seat = decision["seat"]
        first = client.get(f"/api/tables/{table}", params={"token": tokens[seat]}).json()["legal"][0]["text"]
        client.post(f"/api/tables/{table}/actions", json={"token": tokens[seat], "action": first})
    seat, unit = decision["seat"], doc["view"]["units"][decision["unit"]]
    alive = [m for m in unit["models"] if not m["destroyed"]]
    text = "place " + " ".join(f"{30 + 2 * i},24" for i in range(len(alive)))  # mid-table
    if unit["type"] == "vehicle":
        text += " face 90"
    answer = client.get(f"/api/tables/{table}/check", params={"token": tokens[seat], "action": text}).json()
    assert answer["legal"] is False
    assert "deployment zone (DW-SET-05)" in answer["words"]
    after = client.get(f"/api/tables/{table}", params={"token": tokens[seat]}).json()
    assert after["ply"] == doc["ply"]
