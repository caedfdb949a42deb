"""`warroom ...`: list the games, play one at the terminal, simulate many, verify a replay.

Everything here goes through the engine contract, so every registered game works unchanged.
A user's mistake (unknown game, option, agent, a corrupt replay) is one red `error: ...` line on
stderr and a non-zero exit; a traceback always means a bug.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from warroom import __version__
from warroom.agents import Agent, agent_names, make_agent
from warroom.core.errors import IllegalActionError, OptionError, WarroomError
from warroom.core.game import JSON, Action, Event, Game, OptionSpec, State, events_for
from warroom.core.registry import game_class, games, load
from warroom.core.replay import Replay
from warroom.server.cli import serve
from warroom.sim import SimConfig, Tally, agent_seeds, best_agent, simulate
from warroom.sim.cli_tournament import tournament

HUMAN = "human"
QUIT_WORDS = frozenset({"quit", "exit", "q"})

app = typer.Typer(
    name="warroom",
    help="Five war board games as software: play, simulate, replay.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command()(serve)
app.command()(tournament)
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


def main() -> None:
    """The `warroom` console script and `python -m warroom`."""
    app(prog_name="warroom")


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
        options["scenario"] = info.option("scenario").validate(scenario)
    for text in option_texts:
        key, sep, value = text.partition("=")
        if not sep:
            raise OptionError(f"--option wants key=value, got {text!r}")
        options[key.strip()] = info.option(key.strip()).parse(value.strip())
    return load(game_id, **options)


# -- warroom games ------------------------------------------------------------------------


def _format_value(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _format_option(spec: OptionSpec) -> str:
    if spec.choices is not None:
        allowed = "|".join(_format_value(choice) for choice in spec.choices)
    else:
        allowed = "true|false" if isinstance(spec.default, bool) else type(spec.default).__name__
    return f"{spec.name}={_format_value(spec.default)} [{allowed}]"


@app.command("games")
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


# -- warroom play -------------------------------------------------------------------------


def seat_names(game: Game[Any], seats: str | None) -> list[str]:
    """Who sits where: `--seats a,b,...` checked, or a human first and the best agent after."""
    if seats is None:
        return [HUMAN] + [best_agent(game)] * (game.num_players - 1)
    names = [name.strip() for name in seats.split(",")]
    if len(names) != game.num_players:
        raise OptionError(f"--seats names {len(names)} seats but the game has {game.num_players}")
    known = [HUMAN, *agent_names(game)]
    for name in names:
        if name not in known:
            raise OptionError(f"unknown seat {name!r}; choose one of: {', '.join(known)}")
    return names


class PlaySession:
    """One terminal game: humans type, agents choose, each side sees only what it may."""

    def __init__(self, game: Game[Any], seats: list[str], seed: int, save: Path | None) -> None:
        self.game = game
        self.seats = seats
        self.seed = seed
        self.save_path = save
        self.state: State = game.new_initial_state(seed)
        self.history: list[Action] = []
        seeds = agent_seeds(seed, len(seats))
        self.agents: dict[int, Agent] = {
            seat: make_agent(game, name, seeds[seat]) for seat, name in enumerate(seats) if name != HUMAN
        }
        humans = [seat for seat, name in enumerate(seats) if name == HUMAN]
        # What the table sees of AI moves: the one human's view, or public only (hot seat, all AI).
        self.viewer: int | None = humans[0] if len(humans) == 1 else None

    def run(self) -> None:
        info = self.game.info
        say(f"{info.title} - seed {self.seed} - seats: {', '.join(self.seats)}", style="bold")
        while not self.state.is_terminal():
            player = self.state.current_player()
            if player in self.agents:
                self.agent_move(player)
            elif not self.human_move(player):
                say("game abandoned.")
                self.save()
                return
        self.show_result()
        self.save()

    def agent_move(self, player: int) -> None:
        action = self.agents[player].choose(self.state)
        wording = self.game.describe_action(self.state, action)
        say(f"player {player} ({self.seats[player]}): {wording}")
        self.apply(action, self.viewer)

    def human_move(self, player: int) -> bool:
        """Ask the seat's human for a move; False if they quit or input ended."""
        out.rule(f"player {player} to move")
        say(self.game.render(self.state, player))
        actions = self.state.legal_actions()
        for number, action in enumerate(actions, start=1):
            say(f"{number:>3}. {self.game.describe_action(self.state, action)}")
        while True:
            text = read_line(f"player {player}> ")
            if text is None or text.strip().lower() in QUIT_WORDS:
                return False
            if not text.strip():
                continue
            try:
                action = self.pick(actions, text)
            except WarroomError as exc:
                say(f"invalid: {exc}", style="red")
                continue
            self.apply(action, player)
            return True

    def pick(self, actions: Sequence[Action], text: str) -> Action:
        """The action chosen by its menu number or by its text."""
        text = text.strip()
        if text.isdigit():
            if 1 <= int(text) <= len(actions):
                return actions[int(text) - 1]
            raise IllegalActionError(f"choose a number from 1 to {len(actions)}, or type the action")
        return self.game.parse_action(self.state, text)

    def apply(self, action: Action, viewer: int | None) -> None:
        events = self.state.apply_action(action)
        self.history.append(action)
        show_events(events_for(events, viewer))

    def show_result(self) -> None:
        out.rule("game over")
        say(self.game.render(self.state, self.viewer))
        for seat, value in enumerate(self.state.returns()):
            say(f"player {seat} ({self.seats[seat]}): {value:g}")

    def save(self) -> None:
        if self.save_path is None:
            return
        Replay.record(self.game, self.seed, self.history).save(self.save_path)
        say(f"replay saved to {self.save_path} ({len(self.history)} actions)")


def read_line(prompt: str) -> str | None:
    """One line of input, or None at end of input or Ctrl-C."""
    try:
        return out.input(prompt, markup=False)
    except (EOFError, KeyboardInterrupt):
        return None


def show_events(events: Sequence[Event]) -> None:
    for event in events:
        say(f"  - {event.text}")


@app.command()
def play(
    game_id: GameArg,
    *,
    players: PlayersOpt = None,
    seats: Annotated[
        str | None, typer.Option(help="Comma-separated seat list: human or an agent name per seat.")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Game seed (default: a fresh random one).")] = None,
    scenario: ScenarioOpt = None,
    option: OptionsOpt = None,
    save: Annotated[
        Path | None, typer.Option(help="Write the game's replay here at the end or on quit.")
    ] = None,
) -> None:
    """Play a game at the terminal, people and agents at the same table."""
    with user_errors():
        game = configure(game_id, players, option or [], scenario)
        session = PlaySession(
            game, seat_names(game, seats), secrets.randbits(32) if seed is None else seed, save
        )
        session.run()


# -- warroom sim --------------------------------------------------------------------------


def run_batch(config: SimConfig, jobs: int, title: str) -> Tally:
    """The batch with a progress bar on stderr (shown only on a terminal)."""
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err, disable=not err.is_terminal) as progress:
        task = progress.add_task(title, total=config.games)
        return simulate(config, jobs, lambda _result: progress.advance(task))


def sim_report(game: Game[Any], config: SimConfig, tally: Tally) -> JSON:
    head: JSON = {
        "game": game.info.id,
        "options": game.options,
        "agents": list(config.agents),
        "seed": config.seed,
    }
    return {**head, **tally.report()}


def _format_figure(value: Any) -> str:
    if isinstance(value, bool):
        return _format_value(value)
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, dict):
        return ", ".join(f"{key}: {_format_figure(item)}" for key, item in value.items())
    return str(value)


def print_report(report: JSON) -> None:
    title = f"{report['game']}: {report['games']} games, agents {', '.join(report['agents'])}"
    table = Table(title=escape(title))
    table.add_column("figure")
    table.add_column("value")
    low, high = report["win_rate_ci95"]
    rows = [
        ("options", _format_figure(report["options"])),
        ("seed", str(report["seed"])),
        ("wins", f"{report['wins']} of {report['games']}"),
        ("win rate", f"{report['win_rate']:.1%} (95% CI {low:.1%} - {high:.1%})"),
        *((key.replace("_", " "), _format_figure(report[key])) for key in ("mean_turns", "mean_decisions")),
        ("mean returns", ", ".join(f"{value:.3g}" for value in report["mean_returns"])),
        *(_seat_rates(report)),
        *(
            (f"summary {key}", _summary_figure(report, key, value))
            for key, value in report["summary"].items()
        ),
    ]
    for name, value in rows:
        table.add_row(escape(name), escape(value))
    out.print(table)


def _rate(rate: float, ci: list[float]) -> str:
    return f"{rate:.1%} (95% CI {ci[0]:.1%} - {ci[1]:.1%})"


def _seat_rates(report: JSON) -> list[tuple[str, str]]:
    rates, cis = report.get("seat_win_rate", []), report.get("seat_win_rate_ci95", [])
    return [
        (f"seat {seat} win rate", _rate(rate, ci))
        for seat, (rate, ci) in enumerate(zip(rates, cis, strict=False))
    ]


def _summary_figure(report: JSON, key: str, value: Any) -> str:
    ci = report.get("summary_ci95", {}).get(key)
    return _rate(value, ci) if ci is not None else _format_figure(value)


@app.command()
def sim(
    game_id: GameArg,
    *,
    games_: Annotated[int, typer.Option("--games", "-n", help="How many games to play.")] = 100,
    players: PlayersOpt = None,
    agents: Annotated[
        str | None, typer.Option(help="One agent for every seat, or one per seat (a,b,c).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the batch; game i's seed derives from it.")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (0: one per CPU).")] = 1,
    scenario: ScenarioOpt = None,
    option: OptionsOpt = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object instead of a table.")
    ] = False,
    out_file: Annotated[
        Path | None, typer.Option("--out", help="One row per game: .csv or .parquet.")
    ] = None,
    plot: Annotated[Path | None, typer.Option(help="Win rate (95% band) and game lengths: .png.")] = None,
    vary: Annotated[
        str | None, typer.Option(help="KEY=v1,v2: one batch per value (option/agents/seatN).")
    ] = None,
    backend: Annotated[str, typer.Option(help="Where games run: process or ray.")] = "process",
    address: Annotated[str | None, typer.Option(help="Ray cluster address (--backend ray).")] = None,
) -> None:
    """Simulate many seeded AI-only games and report win rate and the game's own figures."""
    from warroom.sim.cli_sim import make_request, reports, run_with_progress

    with user_errors():
        if jobs < 0:
            raise OptionError(f"--jobs must be 0 (one per CPU) or more, not {jobs}")
        game = configure(game_id, players, option or [], scenario)
        names = [name.strip() for name in agents.split(",")] if agents else [best_agent(game)]
        request = make_request(
            game, names, seed, games_, jobs or os.cpu_count() or 1,
            vary=vary, backend=backend, address=address, out=out_file, plot=plot,
        )  # fmt: skip
        runs = run_with_progress(request, err, plot)
    if request.vary is not None:
        batch = reports(runs, request)
        if as_json:
            print(json.dumps(batch, indent=2))
        for point in [] if as_json else batch["runs"]:
            print_report(point)
        return
    report = runs[0].report()
    if as_json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)


# -- warroom scenario --------------------------------------------------------------------

scenario_app = typer.Typer(help="List shipped scenarios, import scenario files (.m44).", no_args_is_help=True)
app.add_typer(scenario_app, name="scenario")
ScenarioGame = Annotated[str, typer.Option("--game", "-g", help="The game the scenario is for.")]


@scenario_app.command("list")
def scenario_list(game_id: ScenarioGame = "memoir44") -> None:
    """The scenarios shipped with a game."""
    with user_errors():
        for name in game_class(game_id).scenarios():
            say(name)


@scenario_app.command("import")
def scenario_import(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A scenario file to convert, e.g. FILE.m44.")],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write the converted scenario here (else stdout).")
    ] = None,
    game_id: ScenarioGame = "memoir44",
) -> None:
    """Convert and validate a foreign scenario file into warroom's scenario format."""
    with user_errors():
        text, warnings = game_class(game_id).import_scenario(str(file))
        if output is None:
            print(text, end="" if text.endswith("\n") else "\n")
        else:
            output.write_text(text, encoding="utf-8")
            err.print(f"wrote {output}", markup=False)
    for warning in warnings:
        err.print(f"warning: {warning}", style="yellow", markup=False)


# -- warroom replay -----------------------------------------------------------------------


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A replay saved by `play --save`.")],
) -> None:
    """Replay a saved game from its seed, checking every action; print the final position."""
    with user_errors(code=1):
        record = Replay.load(file)
        state = record.play(str(file))
    game = state.game
    actions = sum(1 for text in record.actions if text and not text.startswith("#"))
    options = json.dumps(record.options, sort_keys=True)
    say(f"{game.info.title} - seed {record.seed} - {actions} actions - options {options}")
    if record.version != __version__:
        say(f"note: recorded with warroom {record.version}, replayed with {__version__}")
    say(game.render(state, None))
    if state.is_terminal():
        say(f"final returns: {[float(r) for r in state.returns()]}")
    else:
        say(f"the replay stops before the end; player {state.current_player()} to move")
