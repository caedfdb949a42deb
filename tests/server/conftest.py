"""Fixtures for the web table: an in-process app, a real `warroom serve` process, a throwaway
PostgreSQL cluster (Debian's binaries, skipped with a reason only where they are absent)."""

from __future__ import annotations

import glob
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from warroom.server.app import create_app


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "tables.sqlite3")


@pytest.fixture
def client(db_path: str) -> Iterator[TestClient]:
    """The app in process over a fresh SQLite file; AI seats move without delay."""
    with TestClient(create_app(db_path, ai_delay_ms=0)) as test_client:
        yield test_client


class ServerProcess:
    """A real `warroom serve` process on a free loopback port."""

    def __init__(
        self, db: str, ai_delay_ms: int = 0, port: int | None = None, extra: list[str] | None = None
    ) -> None:
        self.db = db
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = tempfile.NamedTemporaryFile(prefix="warroom-serve-", suffix=".log", delete=False)  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "warroom", "serve", "--port", str(self.port), "--db", db,
             "--ai-delay", str(ai_delay_ms), *(extra or [])],
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        deadline = time.monotonic() + 90  # a loaded 2-core CI machine starts it slowly
        while True:
            try:
                self.get("/api/games")
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"warroom serve did not start: {self.output()}") from None
                time.sleep(0.1)

    def output(self) -> str:
        return Path(self.log.name).read_text(errors="replace")

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(
            self.base + path, data, {"Content-Type": "application/json"}, method=method
        )
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                text = resp.read().decode()
                return resp.status, json.loads(text) if text.startswith(("{", "[")) else text
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read().decode())

    def get(self, path: str) -> Any:
        status, doc = self.request("GET", path)
        assert status == 200, doc
        return doc

    def post(self, path: str, body: Any) -> Any:
        status, doc = self.request("POST", path, body)
        assert status in (200, 201), doc
        return doc

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        self.proc.kill()
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        os.unlink(self.log.name)


@pytest.fixture
def serve(db_path: str) -> Iterator[type[ServerProcess]]:
    """Start real servers (`serve(db, ai_delay_ms)`); all are stopped at the end of the test."""
    started: list[ServerProcess] = []

    class Tracked(ServerProcess):
        def __init__(
            self,
            db: str = db_path,
            ai_delay_ms: int = 0,
            port: int | None = None,
            extra: list[str] | None = None,
        ) -> None:
            super().__init__(db, ai_delay_ms, port, extra)
            started.append(self)

    yield Tracked
    for server in started:
        server.stop()


# -- PostgreSQL ---------------------------------------------------------------------------------


def _pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL cluster on a temp dir and a free port, run as a non-root user."""
    bin_dir = _pg_bin()
    if bin_dir is None:
        pytest.skip("no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql)")
    as_user: list[str] = []
    data = Path(tempfile.mkdtemp(prefix="warroom-pg-"))
    if os.geteuid() == 0:
        if shutil.which("runuser") is None:
            pytest.skip("running as root without runuser: cannot start PostgreSQL as a non-root user")
        as_user = ["runuser", "-u", "postgres", "--"]
        shutil.chown(data, "postgres", "postgres")
    port = free_port()
    cluster = data / "cluster"

    def run(*cmd: str) -> None:
        subprocess.run([*as_user, *cmd], check=True, capture_output=True, timeout=120)

    run(str(bin_dir / "initdb"), "-D", str(cluster), "-A", "trust", "-U", "postgres", "--no-sync")
    options = f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off"
    run(str(bin_dir / "pg_ctl"), "-D", str(cluster), "-o", options, "-l", str(data / "log"), "-w", "start")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*as_user, str(bin_dir / "pg_ctl"), "-D", str(cluster), "-m", "immediate", "stop"],
                       capture_output=True, timeout=60, check=False)  # fmt: skip
        shutil.rmtree(data, ignore_errors=True)


@pytest.fixture
def pg_db(postgres_url: str) -> Iterator[str]:
    """A fresh database in the session's cluster, for one test."""
    import psycopg

    name = f"t{os.getpid()}_{time.monotonic_ns()}"
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield postgres_url.rsplit("/", 1)[0] + f"/{name}"
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest, db_path: str) -> str:
    """Each persistence test runs against SQLite and against a real PostgreSQL server."""
    if request.param == "sqlite":
        return db_path
    return str(request.getfixturevalue("pg_db"))
