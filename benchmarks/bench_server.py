"""Load on the web table: N concurrent bot-vs-bot tables over real websockets on loopback.

    .venv/bin/python benchmarks/bench_server.py [--tables 200] [--seconds 20] [--think-ms 250]
        [--game siege] [--players 2] [--db URL] [--json]

Starts a real `warroom serve` (SQLite in a temp dir unless --db), creates N tables whose seats are
all "human", and connects one websocket per seat. Each seat is a bot: when it is told it is to move
it waits the think time, sends a random legal option and times the round trip until the server's
acknowledgement (the move is committed to the database before that). Prints the tables held to
the end, actions/s and the p50/p99 action latency. Bounded: at most 1000 tables and 120 s, and
only loopback addresses are ever contacted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

HOST = "127.0.0.1"  # loopback only
MAX_TABLES = 1000
MAX_SECONDS = 120.0


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    finished: int = 0
    dropped: int = 0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def post(base: str, path: str, body: Any) -> Any:
    req = urllib.request.Request(base + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


async def seat_bot(url: str, think: float, stop_at: float, rng: random.Random, tally: Tally) -> bool:
    """Play one seat until time is up; True if the connection held to the end."""
    sent: dict[int, float] = {}
    next_id = 0
    try:
        async with connect(url, max_size=2**22) as ws:
            while time.monotonic() < stop_at:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.05, stop_at - time.monotonic()))
                except TimeoutError:
                    break
                doc = json.loads(raw)
                kind = doc.get("type")
                if kind == "ack":
                    tally.latencies.append(time.perf_counter() - sent.pop(doc["id"]))
                    continue
                if kind == "error":
                    sent.pop(doc.get("id"), None)
                    if doc["code"] != "stale":
                        tally.errors += 1
                    continue
                if doc.get("finished"):
                    tally.finished += 1
                    return True
                if doc.get("legal"):
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    next_id += 1
                    sent[next_id] = time.perf_counter()
                    choice = rng.choice(doc["legal"])["text"]
                    await ws.send(
                        json.dumps({"type": "act", "action": choice, "ply": doc["ply"], "id": next_id})
                    )
            return True
    except OSError:
        tally.dropped += 1
        return False
    except Exception:
        tally.dropped += 1
        return False


async def run(base: str, args: argparse.Namespace) -> dict[str, Any]:
    tables = []
    for i in range(args.tables):
        body = {"game": args.game, "options": {"players": args.players}, "seats": ["human"] * args.players,
                "seed": i, "ai_delay_ms": 0}  # fmt: skip
        tables.append(post(base, "/api/tables", body))
    ws_base = base.replace("http://", "ws://")
    tally = Tally()
    start = time.monotonic()
    stop_at = start + args.seconds
    bots = []
    for n, table in enumerate(tables):
        for seat in table["seats"]:
            url = f"{ws_base}/api/tables/{table['id']}/ws?token={seat['token']}"
            bots.append(
                seat_bot(url, args.think_ms / 1000, stop_at, random.Random(n * 10 + seat["seat"]), tally)
            )
    held = await asyncio.gather(*bots)
    elapsed = time.monotonic() - start
    per_table = [all(held[i : i + args.players]) for i in range(0, len(held), args.players)]
    lat = sorted(tally.latencies)

    def pct(q: float) -> float:
        return lat[min(len(lat) - 1, int(q * len(lat)))] * 1000 if lat else float("nan")

    return {
        "tables": args.tables,
        "tables_held": sum(per_table),
        "games_finished": tally.finished // args.players,
        "seconds": round(elapsed, 2),
        "actions": len(lat),
        "actions_per_s": round(len(lat) / elapsed, 1),
        "latency_p50_ms": round(pct(0.50), 2),
        "latency_p99_ms": round(pct(0.99), 2),
        "latency_mean_ms": round(statistics.fmean(lat) * 1000, 2) if lat else None,
        "errors": tally.errors,
        "dropped_connections": tally.dropped,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think-ms", type=float, default=250.0, help="mean pause before a bot moves")
    parser.add_argument("--game", default="siege")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--db", default=None, help="database URL (default: SQLite in a temp dir)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    args.tables = max(1, min(args.tables, MAX_TABLES))
    args.seconds = max(1.0, min(args.seconds, MAX_SECONDS))
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or str(Path(tmp) / "bench.sqlite3")
        server = subprocess.Popen(
            [sys.executable, "-m", "warroom", "serve", "--host", HOST, "--port", str(port), "--db", db],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        base = f"http://{HOST}:{port}"
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    urllib.request.urlopen(base + "/api/games", timeout=2).read()
                    break
                except OSError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise SystemExit("warroom serve did not start") from None
                    time.sleep(0.1)
            report = asyncio.run(run(base, args))
        finally:
            server.terminate()
            server.wait(10)
    report = {"game": args.game, "players": args.players, "think_ms": args.think_ms, **report}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(
        f"{report['tables_held']}/{report['tables']} tables held for {report['seconds']} s "
        f"({args.game}, {args.players} bots each, think {args.think_ms:g} ms)\n"
        f"{report['actions']} actions, {report['actions_per_s']} actions/s, "
        f"latency p50 {report['latency_p50_ms']} ms, p99 {report['latency_p99_ms']} ms, "
        f"{report['errors']} errors, {report['dropped_connections']} dropped connections, "
        f"{report['games_finished']} games finished"
    )


if __name__ == "__main__":
    main()
