"""Load on the web table: N concurrent bot-vs-bot tables over real websockets on loopback.

    .venv/bin/python benchmarks/bench_server.py [--tables 200] [--seconds 30] [--think-ms 1000]
        [--ramp 10] [--bot-procs 1] [--game siege] [--players 2] [--db URL] [--json]

Starts a real `warroom serve` (SQLite in a temp dir unless --db) and creates N tables whose seats are
all "human". Bot processes, separate from the server so their JSON parsing never runs on the
server's event loop, then connect the tables gradually over `--ramp` seconds (one websocket per
seat) and play: when a seat is told it is to move it waits the think time (uniform in 0.5-1.5 x
`--think-ms`), sends a random legal option and times the round trip until the server's
acknowledgement, which the server only sends once the move is committed to the database.

Reported apart: the ramp-up (connect time, from opening the socket to the first full state) and
the steady state after every table is connected, which is what the latency figures describe
(p50/p95/p99/max, actions/s, and the server's own CPU time per action from /proc/<pid>/stat).
The load average is printed too: other jobs on the machine skew the figures.

Bounded: at most 1000 tables and 120 s of ramp plus measurement; only loopback is contacted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import resource
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

HOST = "127.0.0.1"  # loopback only
MAX_TABLES = 1000
MAX_SECONDS = 120.0  # ramp-up plus measurement
GRACE = 5.0  # seconds to wait for the acks of moves sent just before the end
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Plan:
    """What one bot process does: its seats' URLs (grouped by table), when to connect each table."""

    base: str
    game: str
    players: int
    tables: list[list[str]]
    connect_at: list[float]  # time.monotonic() values: CLOCK_MONOTONIC is shared by all processes
    steady_at: float
    end_at: float
    think: float
    seed: int


@dataclass
class Tally:
    steady: list[float] = field(default_factory=list)  # latency (s) of moves sent in the steady state
    ramp: list[float] = field(default_factory=list)  # latency (s) of moves sent during the ramp-up
    connect: list[float] = field(default_factory=list)  # socket open to first full state (s)
    errors: int = 0
    stale: int = 0
    dropped: int = 0
    held: int = 0  # tables whose every seat stayed connected to the end
    replaced: int = 0  # games that ended before the end, each replaced by a new one at that table
    bot_cpu_s: float = 0.0  # CPU time of the bot processes, to tell a starved bot from a slow server

    def merge(self, other: Tally) -> None:
        for name, value in asdict(other).items():
            setattr(self, name, getattr(self, name) + value)


# -- the bot side (runs in its own processes) ---------------------------------------------------


class Seat:
    """One bot seat: answers every position where it holds legal options, times each ack."""

    def __init__(self, ws: ClientConnection, plan: Plan, rng: random.Random, tally: Tally) -> None:
        self.ws, self.plan, self.rng, self.tally = ws, plan, rng, tally
        self.sent: dict[int, float] = {}  # message id -> time.monotonic() when sent
        self.next_id = 0
        self.answered = -1  # the last ply this seat has scheduled a move for
        self.tasks: set[asyncio.Task[None]] = set()

    async def play(self) -> bool:
        """Read messages until the end (or the game's end); True if the connection held."""
        while True:
            now = time.monotonic()
            if now >= self.plan.end_at and (not self.sent or now >= self.plan.end_at + GRACE):
                return True
            wait = max(0.05, self.plan.end_at + GRACE - now)
            try:
                raw = await asyncio.wait_for(self.ws.recv(), timeout=wait)
            except TimeoutError:
                continue
            if self.on_message(json.loads(raw), time.monotonic()):
                return True

    def on_message(self, doc: dict[str, Any], received: float) -> bool:
        """Handle one message; True when the game is over for this seat."""
        kind = doc.get("type")
        if kind == "ack":
            self.record(doc["id"], received)
        elif kind == "error":
            self.sent.pop(doc.get("id"), None)
            if doc["code"] == "stale":
                self.tally.stale += 1
            else:
                self.tally.errors += 1
        elif doc.get("finished"):
            return True
        elif doc.get("legal") and doc["ply"] > self.answered and time.monotonic() < self.plan.end_at:
            self.answered = doc["ply"]
            # a separate task: the reader keeps reading (and timing acks) while this seat thinks
            task = asyncio.create_task(self.move(doc))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        return False

    def record(self, msg_id: int, received: float) -> None:
        sent = self.sent.pop(msg_id, None)
        if sent is not None:
            phase = self.tally.steady if sent >= self.plan.steady_at else self.tally.ramp
            phase.append(received - sent)

    async def move(self, doc: dict[str, Any]) -> None:
        await asyncio.sleep(self.plan.think * self.rng.uniform(0.5, 1.5))
        if time.monotonic() >= self.plan.end_at:
            return
        self.next_id += 1
        choice = self.rng.choice(doc["legal"])["text"]
        message = json.dumps({"type": "act", "action": choice, "ply": doc["ply"], "id": self.next_id})
        self.sent[self.next_id] = time.monotonic()
        await self.ws.send(message)


async def seat_bot(url: str, plan: Plan, rng: random.Random, tally: Tally) -> bool:
    """Connect one seat, play it to the end; True if the connection held."""
    try:
        opened = time.monotonic()
        async with connect(url, max_size=2**22, open_timeout=60) as ws:
            seat = Seat(ws, plan, rng, tally)
            first = json.loads(await ws.recv())
            tally.connect.append(time.monotonic() - opened)
            if seat.on_message(first, time.monotonic()):
                return True
            held = await seat.play()
            for task in seat.tasks:
                task.cancel()
            return held
    except Exception:  # a refused or broken connection is what this benchmark counts
        tally.dropped += 1
        return False


async def table_bots(urls: list[str], at: float, plan: Plan, seed: int, tally: Tally) -> None:
    """Play one table from its connect time to the end; a game that ends early is replaced by a
    new one, so the number of tables at play holds for the whole measurement."""
    await asyncio.sleep(max(0.0, at - time.monotonic()))
    rng = random.Random(seed)
    while True:
        bots = [seat_bot(url, plan, random.Random(rng.getrandbits(32)), tally) for url in urls]
        if not all(await asyncio.gather(*bots)):
            return
        if time.monotonic() >= plan.end_at:
            tally.held += 1
            return
        tally.replaced += 1
        urls = await asyncio.to_thread(new_table, plan.base, plan.game, plan.players, rng.getrandbits(32))


async def run_bots(plan: Plan) -> Tally:
    tally = Tally()
    await asyncio.gather(
        *(
            table_bots(urls, at, plan, plan.seed * 100_003 + n, tally)
            for n, (urls, at) in enumerate(zip(plan.tables, plan.connect_at, strict=True))
        )
    )
    return tally


def bot_process(plan: Plan) -> Tally:
    tally = asyncio.run(run_bots(plan))
    usage = resource.getrusage(resource.RUSAGE_SELF)
    tally.bot_cpu_s = usage.ru_utime + usage.ru_stime
    return tally


# -- the driver ---------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def post(base: str, path: str, body: Any) -> Any:
    req = urllib.request.Request(base + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far (fields 14 and 15 of /proc/<pid>/stat)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat[stat.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def pct(values: list[float], q: float) -> float | None:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 2) if ordered else None


def sleep_until(at: float) -> None:
    time.sleep(max(0.0, at - time.monotonic()))


def new_table(base: str, game: str, players: int, seed: int) -> list[str]:
    """Create a table whose seats are all "human"; the websocket URL of each seat."""
    body = {"game": game, "options": {"players": players}, "seats": ["human"] * players, "seed": seed,
            "ai_delay_ms": 0}  # fmt: skip
    table = post(base, "/api/tables", body)
    url = f"{base.replace('http://', 'ws://')}/api/tables/{table['id']}/ws?token="
    return [url + seat["token"] for seat in table["seats"]]


def measure(base: str, server_pid: int, args: argparse.Namespace) -> dict[str, Any]:
    created = time.monotonic()
    seat_urls = [new_table(base, args.game, args.players, seed) for seed in range(args.tables)]
    create_s = time.monotonic() - created
    start = time.monotonic() + 1.0  # time for the bot processes to start
    steady_at = start + args.ramp
    end_at = steady_at + args.seconds
    spacing = args.ramp / args.tables
    plans = [
        Plan(
            base=base,
            game=args.game,
            players=args.players,
            tables=seat_urls[p :: args.bot_procs],
            connect_at=[start + i * spacing for i in range(p, args.tables, args.bot_procs)],
            steady_at=steady_at,
            end_at=end_at,
            think=args.think_ms / 1000,
            seed=p,
        )
        for p in range(args.bot_procs)
    ]
    with ProcessPoolExecutor(args.bot_procs, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = [pool.submit(bot_process, plan) for plan in plans]
        sleep_until(steady_at)
        cpu_before, load_before = cpu_seconds(server_pid), os.getloadavg()
        sleep_until(end_at)
        cpu_after, load_after = cpu_seconds(server_pid), os.getloadavg()
        tally = Tally()
        for future in futures:
            tally.merge(future.result())
    actions = len(tally.steady)
    return {
        "tables": args.tables,
        "tables_held": tally.held,
        "games_replaced": tally.replaced,
        "create_s": round(create_s, 2),
        "ramp_s": args.ramp,
        "connect_p50_ms": pct(tally.connect, 0.50),
        "connect_p99_ms": pct(tally.connect, 0.99),
        "connect_max_ms": pct(tally.connect, 1.0),
        "ramp_actions": len(tally.ramp),
        "ramp_latency_p99_ms": pct(tally.ramp, 0.99),
        "seconds": args.seconds,
        "actions": actions,
        "actions_per_s": round(actions / args.seconds, 1),
        "latency_p50_ms": pct(tally.steady, 0.50),
        "latency_p95_ms": pct(tally.steady, 0.95),
        "latency_p99_ms": pct(tally.steady, 0.99),
        "latency_max_ms": pct(tally.steady, 1.0),
        "server_cpu_ms_per_action": round((cpu_after - cpu_before) * 1000 / actions, 3) if actions else None,
        "server_cpu_share": round((cpu_after - cpu_before) / args.seconds, 3),
        "bot_cpu_s": round(tally.bot_cpu_s, 1),
        "errors": tally.errors,
        "stale": tally.stale,
        "dropped": tally.dropped,
        "load_avg_1m": [round(load_before[0], 2), round(load_after[0], 2)],
        "cpus": os.cpu_count(),
    }


def start_server(db: str, port: int) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [sys.executable, "-m", "warroom", "serve", "--host", HOST, "--port", str(port), "--db", db],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"http://{HOST}:{port}/api/games", timeout=2).read()
            return server
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                raise SystemExit("warroom serve did not start") from None
            time.sleep(0.2)


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0, help="steady-state measurement time")
    parser.add_argument("--ramp", type=float, default=10.0, help="seconds over which the tables connect")
    parser.add_argument("--think-ms", type=float, default=1000.0, help="mean pause before a bot moves")
    parser.add_argument("--bot-procs", type=int, default=1, help="bot processes (the server has its own)")
    parser.add_argument("--game", default="siege")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--db", default=None, help="database URL (default: SQLite in a temp dir)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    args.tables = max(1, min(args.tables, MAX_TABLES))
    args.ramp = max(0.0, min(args.ramp, MAX_SECONDS - 1))
    args.seconds = max(1.0, min(args.seconds, MAX_SECONDS - args.ramp))
    args.bot_procs = max(1, min(args.bot_procs, args.tables, 8))
    return args


def main() -> None:
    args = parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(args.db or str(Path(tmp) / "bench.sqlite3"), port)
        try:
            report = measure(f"http://{HOST}:{port}", server.pid, args)
        finally:
            server.terminate()
            server.wait(10)
    report = {"game": args.game, "players": args.players, "think_ms": args.think_ms, **report}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    r = report
    print(
        f"{r['tables_held']}/{r['tables']} tables held to the end ({args.game}, {args.players} bots "
        f"each, think {args.think_ms:g} ms, {args.bot_procs} bot process(es)); "
        f"{r['games_replaced']} finished games replaced by new ones\n"
        f"ramp-up over {r['ramp_s']:g} s: connect p50 {r['connect_p50_ms']} ms, "
        f"p99 {r['connect_p99_ms']} ms, max {r['connect_max_ms']} ms; {r['ramp_actions']} moves, "
        f"latency p99 {r['ramp_latency_p99_ms']} ms\n"
        f"steady state, {r['seconds']:g} s: {r['actions']} actions, {r['actions_per_s']} actions/s; "
        f"latency p50 {r['latency_p50_ms']} ms, p95 {r['latency_p95_ms']} ms, "
        f"p99 {r['latency_p99_ms']} ms, max {r['latency_max_ms']} ms\n"
        f"server CPU {r['server_cpu_ms_per_action']} ms per action ({r['server_cpu_share']:.0%} of a "
        f"core); bots {r['bot_cpu_s']} CPU s; {r['errors']} errors, {r['stale']} stale, "
        f"{r['dropped']} dropped connections; load average {r['load_avg_1m'][0]} -> "
        f"{r['load_avg_1m'][1]} on {r['cpus']} CPUs"
    )


if __name__ == "__main__":
    main()
