"""`warroom serve`: the web table on localhost. The server and uvicorn are imported only when it
runs, so the rest of the command line starts fast."""

from __future__ import annotations

import logging
from typing import Annotated

import typer


def serve(
    host: Annotated[str, typer.Option(help="Interface to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="Database: an SQLite file path or URL, or postgresql://user@host/dbname."),
    ] = None,
    ai_delay: Annotated[
        int, typer.Option("--ai-delay", help="Default pause before each AI move, in milliseconds.")
    ] = 700,
) -> None:
    """Serve the web table: lobby, tables for people and AI, live updates, replays."""
    import sys

    import uvicorn

    from warroom.server.app import create_app
    from warroom.server.store import default_sqlite_path, normalize_url

    url = normalize_url(db if db is not None else str(default_sqlite_path()))
    shown = url.removeprefix("sqlite:///") if url.startswith("sqlite:///") else _hide_password(url)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    # Shorter GIL turns: the event loop gets the interpreter back quickly from DB and AI threads.
    sys.setswitchinterval(0.0005)
    app = create_app(url, ai_delay_ms=ai_delay)
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
    )


def _hide_password(url: str) -> str:
    scheme, sep, rest = url.partition("://")
    creds, at, where = rest.rpartition("@")
    if not at or ":" not in creds:
        return url
    return f"{scheme}{sep}{creds.split(':', 1)[0]}:***@{where}"
