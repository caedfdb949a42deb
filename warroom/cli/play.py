"""`warroom play GAME`: people and agents at one terminal table, each side seeing only its view.

A person picks an option by its number or types its text. Numbers hold still: while the same
decision stays pending for the same seat (a Siege player playing card after card, a Memoir '44
commander ordering unit after unit), an option keeps its number from one menu to the next, a
spent option leaves a gap and a new one takes the next free number. A number typed ahead, before
the menu it lands on was shown, is taken only if that menu continues the one it was typed for;
otherwise the prompt says the decision changed and asks again. Steps the engine took alone
because they had a single option (`state.forced`) are said, so nothing passes silently.

`undo` (or `undo N`) takes back the person's own last decisions of the turn, back to the last die
roll, reveal of hidden information or other seat's decision (warroom.core.undo); the menu says
when it is possible, and the saved replay keeps the take-back as its `{"undo": n}` line.
"""

from __future__ import annotations

import json
import secrets
import select
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
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
    user_errors,
)
from warroom.cli.seats import seat_title
from warroom.core.errors import IllegalActionError, OptionError, WarroomError
from warroom.core.game import JSON, Action, Event, Game, State, events_for
from warroom.core.replay import Replay
from warroom.core.undo import UndoRefusedError, UndoRun, act, requested_count, took_back, undo_text
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


def decision_key(state: State) -> str:
    """What identifies the pending decision: the engine's decision (kind, seat and its data) where
    the state has one, else the seat and the option texts."""
    decision = getattr(state, "decision", None)
    if decision is not None:
        return json.dumps(list(decision), default=str)
    return json.dumps([state.current_player(), [a.text for a in state.legal_actions()]])


def decision_name(state: State) -> str:
    """The pending decision's kind in words (`marshal_extra` -> "marshal extra")."""
    decision = getattr(state, "decision", None)
    return str(decision[0]).replace("_", " ") if decision is not None else "a move"


@dataclass
class Menu:
    """The numbered options shown to one seat for one pending decision."""

    seat: int
    key: str
    name: str
    numbers: dict[str, int] = field(default_factory=dict)  # action text -> its number

    def renumbered(self, seat: int, key: str, name: str, actions: Sequence[Action]) -> Menu:
        """The next menu of the same decision: every option still offered keeps its number and a
        new one takes the next free number."""
        numbers = {a.text: self.numbers[a.text] for a in actions if a.text in self.numbers}
        free = max(self.numbers.values(), default=0) + 1
        for action in actions:
            if action.text not in numbers:
                numbers[action.text] = free
                free += 1
        return Menu(seat, key, name, numbers)

    def action(self, number: int, actions: Sequence[Action]) -> Action | None:
        for action in actions:
            if self.numbers.get(action.text) == number:
                return action
        return None

    def text_of(self, number: int) -> str | None:
        return next((text for text, n in self.numbers.items() if n == number), None)


def fresh_menu(seat: int, key: str, name: str, actions: Sequence[Action]) -> Menu:
    return Menu(seat, key, name, {a.text: n for n, a in enumerate(actions, start=1)})


class Keyboard:
    """What a person types: one line at a prompt, and the lines typed ahead before it."""

    def read(self, prompt: str) -> str | None:
        """One line of input, or None at end of input or Ctrl-C."""
        try:
            return out.input(prompt, markup=False)
        except (EOFError, KeyboardInterrupt):
            return None

    def typed_ahead(self) -> list[str]:
        """Whole lines already waiting on a terminal (typed while the table was busy). Piped input
        is a script answering each prompt in turn, so nothing counts as typed ahead there."""
        stream = sys.stdin
        if not stream.isatty():
            return []
        lines = []
        while select.select([stream], [], [], 0)[0]:
            line = stream.readline()
            if not line:
                break
            lines.append(line.rstrip("\n"))
        return lines


class PlaySession:
    """One terminal game: humans type, agents choose, each side sees only what it may."""

    def __init__(
        self,
        game: Game[Any],
        seats: list[str],
        seed: int,
        save: Path | None,
        keyboard: Keyboard | None = None,
    ) -> None:
        self.game = game
        self.seats = seats
        self.seed = seed
        self.save_path = save
        self.keyboard = keyboard or Keyboard()
        self.state: State = game.new_initial_state(seed)
        self.history: list[Action | str] = []  # the moves, and `{"undo": n}` for each take-back
        self.undo = UndoRun()  # what a person may take back (warroom.core.undo)
        seeds = agent_seeds(seed, len(seats))
        self.agents: dict[int, Agent] = {
            seat: make_agent(game, name, seeds[seat]) for seat, name in enumerate(seats) if name != HUMAN
        }
        self.humans = [seat for seat, name in enumerate(seats) if name == HUMAN]
        # What the table sees of AI moves: the one human's view, or public only (hot seat, all AI).
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.menu: Menu | None = None  # the last menu shown
        self.continues = False  # nothing but its own seat's answers applied since it was shown

    def run(self) -> None:
        info = self.game.info
        say(f"{info.title} - seed {self.seed} - seats: {', '.join(self.seats)}", style="bold")
        self.show_forced()  # steps the setup itself had to take
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
        say(f"{self.seat(player)}: {wording}")
        self.continues = False
        self.apply(action, self.viewer)

    def next_menu(self, player: int, actions: Sequence[Action]) -> tuple[Menu, bool]:
        """The menu for the pending decision, and whether it continues the last one shown (the
        same decision still pending for the same seat, nobody else having acted since)."""
        key, name = decision_key(self.state), decision_name(self.state)
        last = self.menu
        if last is not None and self.continues and last.seat == player and last.key == key:
            return last.renumbered(player, key, name, actions), True
        return fresh_menu(player, key, name, actions), False

    def human_move(self, player: int) -> bool:
        """Ask the seat's human for a move; False if they quit or input ended."""
        actions = self.state.legal_actions()
        menu, continued = self.next_menu(player, actions)
        ahead = self.keyboard.typed_ahead()
        if ahead and ahead[0].strip().lower() in QUIT_WORDS:
            return False
        if ahead:
            action = self.typed_ahead(ahead, menu, actions, continued)
            if action is not None:
                self.menu, self.continues = menu, True
                self.apply(action, player)
                return True
        out.rule(f"{seat_title(self.state, player)} to move")
        say(self.game.render(self.state, player))
        self.show_menu(menu, actions)
        self.menu, self.continues = menu, True
        while True:
            text = self.keyboard.read(f"player {player}> ")
            if text is None or text.strip().lower() in QUIT_WORDS:
                return False
            if not text.strip():
                continue
            count = requested_count(text)
            if count is not None:
                try:
                    self.take_back(player, count)
                except UndoRefusedError as exc:
                    say(f"cannot undo: {exc.message}", style="red")
                    continue
                return True
            try:
                action = self.pick(menu, actions, text)
            except WarroomError as exc:
                say(f"invalid: {exc}", style="red")
                continue
            self.apply(action, player)
            return True

    def typed_ahead(
        self, lines: list[str], menu: Menu, actions: Sequence[Action], continued: bool
    ) -> Action | None:
        """The option a line typed before this menu was shown stands for, if it still means it:
        a number only while the same decision is pending, a text while it is legal. Otherwise
        say why it is not taken; the prompt then asks again."""
        first, rest = lines[0].strip(), lines[1:]
        if rest:
            say(f"ignored what was typed after {first!r}: {', '.join(map(repr, rest))}", style="yellow")
        if not first:
            return None
        shown = self.menu
        if first.isdigit():
            number = int(first)
            meant = shown.text_of(number) if shown is not None else None
            if continued:
                action = menu.action(number, actions)
                if action is not None:
                    say(f"typed ahead: {number}. {self.game.describe_action(self.state, action)}")
                    return action
                say(f"typed ahead: {number} ({meant or 'no option'}) is no longer possible: choose again",
                    style="yellow")  # fmt: skip
                return None
            was = f"{shown.name} ({number}. {meant})" if shown is not None and meant else "an earlier menu"
            say(f"typed ahead: {number} was meant for {was}; the decision changed to {menu.name}: "
                f"choose again", style="yellow")  # fmt: skip
            return None
        try:
            action = self.game.parse_action(self.state, first)
        except WarroomError as exc:
            say(f"typed ahead: {exc}", style="yellow")
            return None
        say(f"typed ahead: {self.game.describe_action(self.state, action)}")
        return action

    def show_menu(self, menu: Menu, actions: Sequence[Action]) -> None:
        """The numbered options in the game's wording, with what each will do where the game knows
        it before any die is rolled (`Game.consequence`), in number order."""
        numbered = sorted(actions, key=lambda a: menu.numbers[a.text])
        for action in numbered:
            words = self.game.describe_action(self.state, action)
            known = consequence_words(self.game.consequence(self.state, action))
            say(f"{menu.numbers[action.text]:>3}. {words}{f'  [{known}]' if known else ''}")
        can = self.undo.available(menu.seat, self.state)
        if can:
            say(f"  undo  take back your last decision ({can} may be taken back: 'undo {can}')")

    def pick(self, menu: Menu, actions: Sequence[Action], text: str) -> Action:
        """The action chosen by its menu number or by its text."""
        text = text.strip()
        if text.isdigit():
            action = menu.action(int(text), actions)
            if action is not None:
                return action
            shown = ", ".join(str(n) for n in sorted(menu.numbers[a.text] for a in actions))
            raise IllegalActionError(f"choose a number shown ({shown}), or type the action")
        return self.game.parse_action(self.state, text)

    def apply(self, action: Action, viewer: int | None) -> None:
        """Apply the seat to move's action to a copy, so the position before it stays as it was
        for a take-back (warroom.core.undo)."""
        before, seat = self.state, self.state.current_player()
        after = before.clone()
        events = act(after, seat, action)
        self.undo.record(seat, before, action.text, events, after, may_undo=seat not in self.agents)
        self.state = after
        self.history.append(action)
        show_events(events_for(events, viewer))
        self.show_forced()

    def take_back(self, seat: int, count: int) -> None:
        """`seat`'s last `count` decisions taken back, if the core allows it (UndoRefusedError
        says why not); the replay keeps the take-back as a line."""
        self.state = self.undo.take_back(seat, count, self.state)
        self.history.append(undo_text(count))
        self.continues = False  # a fresh menu: the position is an earlier one
        say(f"  - {took_back(seat, count, seat_title(self.state, seat)).text}")  # named as the web does

    def show_forced(self) -> None:
        """The steps the engine took alone since the last action, because each had a single
        option: a person's own are named (to the hot seat only that there was one, as the action
        may be private); other seats' are their business."""
        for seat, action in getattr(self.state, "forced", ()):
            if seat not in self.humans:
                continue
            if self.viewer == seat:
                wording = self.game.describe_action(self.state, action)
                say(f"  - skipped: player {seat}'s only option was '{wording}', taken for you")
            elif self.viewer is None:
                say(f"  - skipped: player {seat} had a single option, taken automatically")

    def show_result(self) -> None:
        out.rule("game over")
        say(self.game.render(self.state, self.viewer))
        for seat, value in enumerate(self.state.returns()):
            say(f"{self.seat(seat)}: {value:g}")

    def seat(self, seat: int) -> str:
        """A seat as the box names it, and who plays it: "the Allies (heuristic)", "player 2
        (human)" where the game has no sides (warroom.cli.seats)."""
        return f"{seat_title(self.state, seat)} ({self.seats[seat]})"

    def save(self) -> None:
        if self.save_path is None:
            return
        Replay.record(self.game, self.seed, self.history).save(self.save_path)
        say(f"replay saved to {self.save_path} ({len(self.history)} actions)")


def consequence_words(consequence: JSON | None) -> str:
    """The dice an option will roll and its yes/no facts, in a few words ("3 dice, close
    assault"); what the option's own wording names (its unit, target, card, figures) is not
    said again, and the rest stays in the structured API."""
    if not consequence:
        return ""
    words = []
    for key, value in consequence.items():
        if key == "dice":
            words.append(f"{value} {'die' if value == 1 else 'dice'}")
        elif value is True:
            words.append(key.replace("_", " "))
    return ", ".join(words)


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
