"""What the OpenAPI document says beyond FastAPI's defaults: every refusal a route can give,
with the one error body they all share, the registered games as the choices of `game`, and links
from a created table to its routes.

FastAPI documents a 422 "validation error" with its own body on every route with parameters;
warroom answers a malformed request with 400 and `ErrorOut` instead (see app.py), and keeps
422 for a well-formed but illegal action.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

import warroom
from warroom.server import schemas

REFUSALS = {
    400: "malformed request, unknown option or seat, an option naming anything but shipped or uploaded "
    "content, ply out of range",
    403: "the token holds no seat here, a spectator tried to act, or the replay is still hidden",
    404: "no such table",
    409: (
        "not now: the game is over, it is not this seat's turn, or the ply is stale; or never: the table "
        "was started under another version of its game and its log no longer replays (incompatible), "
        "or its stored record is damaged (damaged)"
    ),
    413: "the body or the action text is too large",
    422: "a well-formed action that the rules do not allow now",
    429: "too many tables of AI seats alone, or with a strong AI, playing on the server or for this client",
    503: "the move could not be stored just now (the database refused the write); nothing changed",
}


def refusals(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The `responses=` of a route that can refuse with these statuses."""
    return {status: {"model": schemas.ErrorOut, "description": REFUSALS[status]} for status in statuses}


def install(app: FastAPI) -> None:
    """Generate the document once, then correct it (see the module docstring)."""
    generate = app.openapi

    def document() -> dict[str, Any]:
        if app.openapi_schema is None:
            doc = generate()
            for path in doc["paths"].values():
                for operation in path.values():
                    _drop_default_422(operation["responses"])
                    _refusals_in_json(operation["responses"])
            components = doc.get("components", {}).get("schemas", {})
            components.pop("HTTPValidationError", None)
            components.pop("ValidationError", None)
            components["CreateTable"]["properties"]["game"]["enum"] = warroom.games()
            _link_created_table(doc["paths"])
        return app.openapi_schema  # type: ignore[return-value]  # set by generate()

    app.openapi = document  # type: ignore[method-assign]  # FastAPI's documented override


def _drop_default_422(responses: dict[str, Any]) -> None:
    refusal = responses.get("422", {})
    ref = refusal.get("content", {}).get("application/json", {}).get("schema", {}).get("$ref", "")
    if ref.endswith("/HTTPValidationError"):
        del responses["422"]


def _refusals_in_json(responses: dict[str, Any]) -> None:
    """A route that answers in plain text (the replay file) still refuses in JSON; FastAPI would
    document its refusals in the route's own media type."""
    for status, response in responses.items():
        content = response.get("content", {})
        if int(status) >= 400 and "application/json" not in content and content:
            response["content"] = {"application/json": next(iter(content.values()))}


_TABLE = "/api/tables/{table_id}"
# where a created table's id and first seat's token go next (OpenAPI links: clients and API
# fuzzers follow them from POST /api/tables to the routes of that table)
_FOLLOW_UPS = {
    "snapshot": (_TABLE, "get", {"table_id": "$response.body#/id", "token": "$response.body#/seats/0/token"}),
    "act": (_TABLE + "/actions", "post", {"table_id": "$response.body#/id"}),
    "first_frame": (_TABLE + "/frames/{ply}", "get", {"table_id": "$response.body#/id", "ply": 0}),
    "replay": (_TABLE + "/replay", "get", {"table_id": "$response.body#/id"}),
}


def _link_created_table(paths: dict[str, Any]) -> None:
    links = {
        name: {"operationId": paths[path][method]["operationId"], "parameters": parameters}
        for name, (path, method, parameters) in _FOLLOW_UPS.items()
    }
    paths["/api/tables"]["post"]["responses"]["201"]["links"] = links
