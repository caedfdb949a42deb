"""`warroom play GAME`: people and agents at one terminal table, each side seeing only its view."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from warroom.agents import Agent, agent_names, make_agent
from warroom.cli.common import (
    GameArg,
    OptionsOpt,
    PlayersOpt,
    ScenarioOpt,
    configure,
    out,
    say,
    show_menu,
    user_errors,
)
from warroom.core.errors import IllegalActionError, OptionError, WarroomError
from warroom.core.game import Action, Event, Game, State, events_for
from warroom.core.replay import Replay
from warroom.sim import agent_seeds, best_agent

HUMAN = "human"
QUIT_WORDS = frozenset({"quit", "exit", "q"})


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
        show_menu(self.game, self.state, actions)
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
