"""Schemathesis fuzzes every documented route of a real `warroom serve` process: no server error,
every status, content type and body as the OpenAPI document says (the error shape included),
schema-invalid requests refused. Bad HTTP requests get a clear error and nothing breaks.

Left out: `positive_data_acceptance`, since a schema-valid table request can still name the
wrong number of seats for its game (a documented 400, checked in test_api.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import warroom
from tests.server.conftest import ServerProcess


def test_api_conforms_to_its_openapi_document_when_fuzzed(serve: Any, tmp_path: Path) -> None:
    server = serve()
    # one real running table, so that the table routes are fuzzed past "no such table": its id
    # and a seat's token fill every table_id and token parameter
    created = server.post(
        "/api/tables", {"game": "siege", "seats": ["human", "heuristic", "heuristic", "heuristic"]}
    )
    config = tmp_path / "schemathesis.toml"
    table, token = created["id"], created["seats"][0]["token"]
    config.write_text(f'[parameters]\n"path.table_id" = "{table}"\n"query.token" = "{token}"\n')
    run = subprocess.run(
        [sys.executable, "-m", "schemathesis.cli", "--config-file", str(config),
         "run", f"{server.base}/api/openapi.json",
         "--checks", "all", "--exclude-checks", "positive_data_acceptance",
         "--max-examples", "25", "--seed", "7", "--no-color", "--workers", "1",
         "--request-timeout", "60", "--suppress-health-check", "all"],
        check=False, capture_output=True, text=True, timeout=600, cwd=tmp_path,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "Missing test data" not in run.stdout, run.stdout[-4000:]
    assert "Traceback" not in server.output()


def test_the_document_lists_refusals_in_the_error_shape(serve: Any) -> None:
    doc = serve().get("/api/openapi.json")
    act = doc["paths"]["/api/tables/{table_id}/actions"]["post"]["responses"]
    assert sorted(act) == ["200", "400", "403", "404", "409", "413", "422", "503"]
    assert act["422"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorOut")
    replay = doc["paths"]["/api/tables/{table_id}/replay"]["get"]["responses"]
    assert "text/plain" in replay["200"]["content"] and "application/json" in replay["404"]["content"]
    assert "HTTPValidationError" not in json.dumps(doc)
    game = doc["components"]["schemas"]["CreateTable"]["properties"]["game"]
    assert game["enum"] == warroom.games()
    links = doc["paths"]["/api/tables"]["post"]["responses"]["201"]["links"]
    assert links["act"]["parameters"] == {"table_id": "$response.body#/id"}


def _raw(server: ServerProcess, method: str, path: str, data: bytes | None) -> tuple[int, Any, str]:
    req = urllib.request.Request(
        server.base + path, data, {"Content-Type": "application/json"}, method=method
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, json.loads(resp.read()), resp.headers.get("Allow", "")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read()), exc.headers.get("Allow", "")


def test_framework_refusals_use_the_error_shape(serve: Any) -> None:
    """A body that is not JSON, an unknown route, a method no route serves: the same error
    body as every other refusal, and Allow names every method of the path (not only the
    first route's, as Starlette would)."""
    server = serve()
    status, body, _ = _raw(server, "POST", "/api/tables", b"\x81 not json")
    assert status == 400 and body["error"]["code"] == "malformed", body
    status, body, _ = _raw(server, "GET", "/api/no-such-route", None)
    assert status == 404 and body["error"]["code"] == "not_found", body
    status, body, allow = _raw(server, "DELETE", "/api/tables", None)
    assert status == 405 and body["error"]["code"] == "method_not_allowed", body
    assert allow == "GET, POST"
