"""What every `warroom` command shares: the two consoles, the one-red-line handling of a user's
mistake, and the options that configure a game (`--players`, `--scenario`, `--option`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from warroom.core.errors import OptionError, WarroomError
from warroom.core.game import JSON, Action, Game, State
from warroom.core.registry import game_class, load

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)

GameArg = Annotated[str, typer.Argument(metavar="GAME", help="A game id (see `warroom games`).")]
PlayersOpt = Annotated[
    int | None, typer.Option("--players", "-p", help="Number of seats (the `players` option).")
]
OptionsOpt = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="A game option as key=value; repeatable.")
]
ScenarioOpt = Annotated[
    str | None,
    typer.Option(help="A shipped scenario's name or a scenario file (.toml or .m44): the `scenario` option."),
]


def say(text: str, style: str | None = None) -> None:
    """Print plain text as is: no markup, no highlighting, no re-wrapping of rendered boards."""
    out.print(text, style=style, markup=False, soft_wrap=True)


def fail(message: str, code: int = 2) -> NoReturn:
    err.print(f"error: {message}", style="red", markup=False, soft_wrap=True)
    raise typer.Exit(code)


@contextmanager
def user_errors(code: int = 2) -> Iterator[None]:
    """Turn a user's mistake into one red line and exit `code`."""
    try:
        yield
    except WarroomError as exc:
        fail(str(exc), code)
    except OSError as exc:
        fail(f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": "), code)


def configure(
    game_id: str, players: int | None, option_texts: Sequence[str], scenario: str | None = None
) -> Game[Any]:
    """A game from command-line options: `--players N`, `--scenario S` and `--option key=value ...`."""
    info = game_class(game_id).info
    options: JSON = {}
    if players is not None:
        options["players"] = info.option("players").validate(players)
    if scenario is not None:
        spec = info.option("scenario")
        # a scenario named as its file is (first-battle) or as its id (first_battle): both are meant
        if spec.choices and scenario not in spec.choices and scenario.replace("-", "_") in spec.choices:
            scenario = scenario.replace("-", "_")
        options["scenario"] = spec.validate(scenario)
    for text in option_texts:
        key, sep, value = text.partition("=")
        if not sep:
            raise OptionError(f"--option wants key=value, got {text!r}")
        options[key.strip()] = info.option(key.strip()).parse(value.strip())
    return load(game_id, **options)


def format_value(value: Any) -> str:
    """An option value as typed on the command line (`true`, not `True`)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def show_menu(game: Game[Any], state: State, actions: Sequence[Action]) -> None:
    """The numbered options a player picks from, in the game's wording."""
    for number, action in enumerate(actions, start=1):
        say(f"{number:>3}. {game.describe_action(state, action)}")
