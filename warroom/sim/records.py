"""One row per simulated game, written as results stream in (CSV or Parquet by file extension).

A row holds the game's index and seed, the agent of every seat, every seat's return, the game's
verdict (`won`, `draw`), its length in decisions, and the game's `summary` flattened: nested dicts
become dotted columns (`trophies.tiger`), lists become JSON text. The columns are fixed by the
first `BATCH` rows; a figure that first appears later goes into the `extra` column as JSON, so
a file never needs rewriting and memory stays bounded whatever the number of games.

Rows are written a batch at a time (`BATCH` rows, or whatever has finished once `FLUSH_SECONDS`
have passed since the last write), so a run that is stopped, even killed outright (SIGKILL),
keeps the games it played: a CSV file is flushed at every write; a Parquet `--out` is a directory
of part files (`part-00000.parquet`, ...), each a whole Parquet file with its own footer, written
under a hidden name and renamed into place, so every part in it is readable whatever happens to
the process. pyarrow and pandas read the directory as one table
(`pyarrow.parquet.read_table("games.parquet")`), the parts in order. A Parquet part holds up to
`PARQUET_BATCH` rows, or what finished in `FLUSH_SECONDS`, so a long fast run makes few files.
"""

from __future__ import annotations

import csv
import io
import json
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol

from warroom.core.errors import OptionError
from warroom.sim.stats import GameResult

BATCH = 25  # rows buffered before a write (and before the columns are fixed)
PARQUET_BATCH = 10_000  # rows of a Parquet part once the columns are fixed (a part is a file)
FLUSH_SECONDS = 10.0  # once the columns are fixed, finished rows wait no longer than this
Row = dict[str, Any]
FORMATS = {".csv": "csv", ".parquet": "parquet", ".pq": "parquet"}


def flatten(tree: Mapping[str, Any], prefix: str = "") -> Row:
    """Nested dicts to dotted keys; lists to JSON text; numbers, booleans and strings as they are."""
    flat: Row = {}
    for key, value in tree.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(flatten(value, f"{name}."))
        elif isinstance(value, list | tuple):
            flat[name] = json.dumps(value)
        else:
            flat[name] = value
    return flat


def game_row(result: GameResult, agents: Sequence[str]) -> Row:
    """The fixed head of a row (index, seed, agents, returns, won, decisions) and the summary."""
    row: Row = {"index": result.index, "seed": result.seed}
    row.update({f"agent_{seat}": name for seat, name in enumerate(agents)})
    row.update({f"return_{seat}": value for seat, value in enumerate(result.returns)})
    row["won"] = result.won
    row["draw"] = result.drawn
    row["decisions"] = result.decisions
    row.update(flatten(result.summary, "summary."))
    return row


class _Sink(Protocol):
    batch: int  # rows written at once, once the columns are fixed

    def write(self, columns: list[str], rows: list[Row]) -> None: ...

    def close(self) -> None: ...


class _CsvSink:
    batch = BATCH

    def __init__(self, path: Path) -> None:
        self.file = path.open("w", newline="", encoding="utf-8")
        self.text = io.StringIO()
        self.writer: Any = None

    def write(self, columns: list[str], rows: list[Row]) -> None:
        # the batch is formatted first and handed to the file in one write, then flushed, so a
        # killed run leaves whole rows (not one cut where the file's buffer happened to fill)
        self.text.seek(0)
        self.text.truncate()
        if self.writer is None:
            self.writer = csv.DictWriter(self.text, fieldnames=columns)
            self.writer.writeheader()
        self.writer.writerows(rows)
        self.file.write(self.text.getvalue())
        self.file.flush()

    def close(self) -> None:
        self.file.close()


class _ParquetSink:
    """A directory of whole Parquet files, one a write: a killed run leaves every part readable
    (a single file gets its footer only when closed)."""

    batch = PARQUET_BATCH

    def __init__(self, path: Path) -> None:
        self.path = path
        self.schema: Any = None
        self.parts = 0
        if path.is_file():  # a file of the same name (an older run's single file) is replaced
            path.unlink()
        path.mkdir(parents=True, exist_ok=True)
        for old in [*path.glob("part-*.parquet"), *path.glob(".part-*.parquet.tmp")]:  # a rerun starts afresh
            old.unlink()

    def write(self, columns: list[str], rows: list[Row]) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if self.schema is None:
            self.schema = pa.schema([(name, _arrow_type(name, rows)) for name in columns])
        table = pa.Table.from_pylist([_coerce(row, self.schema) for row in rows], schema=self.schema)
        name = f"part-{self.parts:05d}.parquet"
        hidden = self.path / f".{name}.tmp"  # readers skip names starting with "."
        pq.write_table(table, str(hidden))
        hidden.replace(self.path / name)  # whole or absent: a rename is atomic
        self.parts += 1

    def close(self) -> None:
        pass  # every part was closed when written


def _arrow_type(name: str, rows: list[Row]) -> Any:
    import pyarrow as pa

    if name == "seed":
        return pa.uint64()  # seeds are SplitMix64 outputs: all 64 bits
    if name in ("index", "decisions"):
        return pa.int64()
    values = [row[name] for row in rows if row.get(name) is not None]
    if values and all(isinstance(v, bool) for v in values):
        return pa.bool_()
    if values and all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        return pa.float64()
    return pa.string()


def _coerce(row: Row, schema: Any) -> Row:
    """A row's values in its column types (a number in a text column becomes its text)."""
    import pyarrow as pa

    out: Row = {}
    for column in schema:
        value = row.get(column.name)
        if value is not None and column.type == pa.string() and not isinstance(value, str):
            value = json.dumps(value)
        elif value is not None and column.type == pa.float64():
            value = float(value) if isinstance(value, int | float) else None
        out[column.name] = value
    return out


class ResultWriter:
    """Writes one row per game to `path`, a small batch at a time (see the module's docstring).
    Use as a context manager."""

    def __init__(self, path: Path, agents: Sequence[str]) -> None:
        kind = FORMATS.get(path.suffix.lower())
        if kind is None:
            raise OptionError(f"--out {path}: use a .csv or .parquet file name")
        self.sink: _Sink = _CsvSink(path) if kind == "csv" else _ParquetSink(path)
        self.agents = tuple(agents)
        self.columns: list[str] | None = None
        self.buffer: list[Row] = []
        self.rows = 0
        self.written = time.monotonic()

    def add(self, result: GameResult) -> None:
        self.buffer.append(game_row(result, self.agents))
        # the first write waits for BATCH rows, so the columns never depend on timing; after it,
        # slow games (a search agent's) are written at least every FLUSH_SECONDS
        due = self.columns is not None and time.monotonic() - self.written >= FLUSH_SECONDS
        if len(self.buffer) >= (BATCH if self.columns is None else self.sink.batch) or due:
            self.flush()

    def flush(self) -> None:
        if not self.buffer:
            return
        if self.columns is None:
            names: dict[str, None] = {}
            for row in self.buffer:
                names.update(dict.fromkeys(row))
            self.columns = [*names, "extra"]
        known = set(self.columns)
        rows = []
        for row in self.buffer:
            extra = {key: value for key, value in row.items() if key not in known}
            fixed = {name: row.get(name) for name in self.columns}
            fixed["extra"] = json.dumps(extra, sort_keys=True) if extra else ""
            rows.append(fixed)
        self.sink.write(self.columns, rows)
        self.rows += len(rows)
        self.buffer = []
        self.written = time.monotonic()

    def close(self) -> None:
        self.flush()
        self.sink.close()

    def __enter__(self) -> ResultWriter:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
