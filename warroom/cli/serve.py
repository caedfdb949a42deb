"""`warroom serve`: the web table on localhost. The server and uvicorn are imported only when it
runs, so the rest of the command line starts fast."""

from __future__ import annotations

import logging
from typing import Annotated

import typer


def serve(
    host: Annotated[str, typer.Option(help="Interface to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port.")] = 8000,
    *,
    db: Annotated[
        str | None,
        typer.Option(help="Database: an SQLite file path or URL, or postgresql://user@host/dbname."),
    ] = None,
    ai_delay: Annotated[
        int, typer.Option("--ai-delay", help="Default pause before each AI move, in milliseconds.")
    ] = 700,
    body_timeout: Annotated[
        float,
        typer.Option("--body-timeout", help="Seconds a request body may stall between two reads (then 408)."),
    ] = 20.0,
    idle_timeout: Annotated[
        float,
        typer.Option(
            "--idle-timeout",
            help="Seconds an idle HTTP connection stays open (a request's head must arrive within "
            "them, and an idle keep-alive connection is closed after them); a websocket that answers "
            "no ping within this many seconds is closed (a half-open connection).",
        ),
    ] = 20.0,
    max_ai_tables: Annotated[
        int, typer.Option(help="Tables of AI seats alone still playing, the whole server.")
    ] = 16,
    max_ai_tables_per_client: Annotated[int, typer.Option(help="Of those, per client (address).")] = 4,
    max_strong_tables: Annotated[
        int, typer.Option(help="Tables with a strong search AI (mcts, mcts-strong, mcts-i64) playing.")
    ] = 8,
    max_strong_tables_per_client: Annotated[int, typer.Option(help="Of those, per client (address).")] = 2,
    release_idle: Annotated[
        float,
        typer.Option(help="Seconds before an unwatched table with no AI move to play leaves memory."),
    ] = 300.0,
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            help="Addresses of reverse proxies whose X-Forwarded-For names the client (its share of "
            "the AI is counted per client address); '*' trusts any.",
        ),
    ] = "127.0.0.1",
) -> None:
    """Serve the web table: lobby, tables for people and AI, live updates, replays."""
    import sys

    import uvicorn

    from warroom.server.app import create_app
    from warroom.server.connections import guarded
    from warroom.server.limits import Limits
    from warroom.server.store import default_sqlite_path, normalize_url

    url = normalize_url(db if db is not None else str(default_sqlite_path()))
    shown = url.removeprefix("sqlite:///") if url.startswith("sqlite:///") else _hide_password(url)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    # Shorter GIL turns: the event loop gets the interpreter back quickly from DB and AI threads.
    sys.setswitchinterval(0.0005)
    limits = Limits(
        ai_tables=max_ai_tables,
        ai_tables_per_client=max_ai_tables_per_client,
        strong_tables=max_strong_tables,
        strong_tables_per_client=max_strong_tables_per_client,
        idle_seconds=release_idle,
        sweep_seconds=min(30.0, max(1.0, release_idle / 4)),
    )
    app = create_app(url, ai_delay_ms=ai_delay, body_read_timeout=body_timeout, limits=limits)
    shown_host = f"[{host}]" if ":" in host else host
    typer.echo(f"warroom: database {shown}")
    typer.echo(f"warroom: web table at http://{shown_host}:{port}/  (Ctrl-C stops)", err=False)
    # No per-message deflate: compressing every update costs the server a tenth of its CPU per move,
    # each connection with its own compressor, to save a few kilobytes a message.
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=64 * 1024,
        ws_per_message_deflate=False,
        # idle and half-open connections (issue 17): an idle keep-alive connection is closed, and
        # a websocket is pinged and closed when it stops answering (a client gone without a FIN)
        timeout_keep_alive=max(1, int(idle_timeout)),
        ws_ping_interval=idle_timeout,
        ws_ping_timeout=idle_timeout,
        # a request's head must arrive within the idle timeout too (connections.py)
        http=guarded(idle_timeout),
        proxy_headers=True,
        forwarded_allow_ips=forwarded_allow_ips,
    )


def _hide_password(url: str) -> str:
    scheme, sep, rest = url.partition("://")
    creds, at, where = rest.rpartition("@")
    if not at or ":" not in creds:
        return url
    return f"{scheme}{sep}{creds.split(':', 1)[0]}:***@{where}"
