"""Content a person brings, over the API the lobby uses (issues 16 and 17): the lobby learns which
options take an upload, and a .m44 file of the scenario editor uploaded as text is imported
exactly as `warroom scenario import` does it, then played; a bad one is refused with the
importer's reason, and nothing is stored."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from tests.server.test_api import error_of, snapshot
from warroom.games.memoir44.game import Memoir44Game
from warroom.games.memoir44.scenario import parse_text

M44 = Path(__file__).resolve().parent.parent / "memoir44" / "m44"


def test_the_lobby_is_told_which_options_take_an_uploaded_file(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    uploads = {(gid, o["name"]) for gid, g in games.items() for o in g["options"] if o["upload"]}
    assert uploads == {
        ("memoir44", "scenario"),
        ("wot_rush", "cards"),
        ("dust_warfare", "armies"),
        ("dust_warfare", "scenario_file"),
    }


def test_an_uploaded_m44_file_is_imported_like_the_command_line_and_plays(client: TestClient) -> None:
    text = (M44 / "bridge_span3.m44").read_text()
    reference = parse_text(Memoir44Game.import_scenario(str(M44 / "bridge_span3.m44"))[0], "bridge_span3.m44")
    body = {"game": "memoir44", "uploads": {"scenario": text}, "seats": ["human", "human"]}
    table = client.post("/api/tables", json=body).json()
    first = snapshot(client, table["id"])
    assert first["catalog"]["scenario"]["name"] == reference.name
    token = table["seats"][first["current_player"]]["token"]
    action = snapshot(client, table["id"], token)["legal"][0]["text"]
    played = client.post(f"/api/tables/{table['id']}/actions", json={"token": token, "action": action})
    assert played.is_success


def test_a_broken_m44_upload_is_refused_with_the_importers_reason_and_nothing_is_stored(
    client: TestClient,
) -> None:
    before = client.get("/api/tables").json()
    for text, reason in (('{"board": ', "not a readable .m44"), ('{"version": 1}', "upload.m44: missing")):
        body = {"game": "memoir44", "uploads": {"scenario": text}, "seats": ["human", "human"]}
        status, code, message = error_of(client.post("/api/tables", json=body))
        assert (status, code) == (400, "bad_options") and reason in message, message
    assert client.get("/api/tables").json() == before
