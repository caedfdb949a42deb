"""`warroom games`: every registered game with its players, kind and options."""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from warroom.cli.common import format_value, out, user_errors
from warroom.core.game import OptionSpec
from warroom.core.registry import game_class, games


def _format_option(spec: OptionSpec) -> str:
    if spec.choices is not None:
        allowed = "|".join(format_value(choice) for choice in spec.choices)
    else:
        allowed = "true|false" if isinstance(spec.default, bool) else type(spec.default).__name__
    return f"{spec.name}={format_value(spec.default)} [{allowed}]"


def list_games() -> None:
    """List every registered game with its players, kind and options."""
    with user_errors():
        table = Table(title="warroom games")
        for column in ("id", "title", "players", "cooperative", "options: name=default [choices]"):
            table.add_column(escape(column), overflow="fold")
        for game_id in games():
            info = game_class(game_id).info
            players = (
                f"{info.min_players}-{info.max_players}"
                if info.min_players < info.max_players
                else str(info.min_players)
            )
            options = "\n".join(_format_option(spec) for spec in info.options)
            cells = (info.id, info.title, players, "yes" if info.cooperative else "no", options)
            table.add_row(*map(escape, cells))
        out.print(table)
