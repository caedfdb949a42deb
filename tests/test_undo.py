"""Undo in the core (issue 16): the undo point, exact restoring, the log entry, for every game.

Seeded random games of all five games are played with every seat a person's; wherever the core
allows a take-back it is taken, and the restored position must be the one recorded before the
taken-back decisions (the state's save, every seat's view and the options), and the log with its
undo entries must replay to the very same position from the seed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from warroom.cli.play import Keyboard, PlaySession
from warroom.core import undo
from warroom.core.errors import CorruptDataError
from warroom.core.game import State
from warroom.core.registry import games, load
from warroom.core.replay import Replay
from warroom.core.rng import Rng
from warroom.core.undo import (
    Barrier,
    UndoRefusedError,
    UndoRun,
    act,
    barrier,
    line_of_play,
    replay_line,
    requested_count,
    undo_count,
    undo_text,
)

DECISIONS = 120  # per game: enough for several turns, undo runs and barriers in each


def picture(state: State) -> tuple[str, list[object], list[str]]:
    """What must be equal after a take-back: the save, every seat's view and the spectator's, the
    options (text) of the seat to move."""
    views = [state.view(seat) for seat in range(state.game.num_players)] + [state.view(None)]
    return state.serialize(), views, [a.text for a in state.legal_actions()]


def test_the_log_entry_reads_back() -> None:
    assert undo_count(undo_text(3)) == 3
    assert undo_count("move 3 to 4") is None
    assert undo_count('{"undo": 0}') is None
    assert undo_count('{"undo": true}') is None
    assert undo_count('{"undo": 1, "x": 2}') is None
    assert undo_count("{not json") is None
    assert requested_count("undo") == 1
    assert requested_count("UNDO 2") == 2
    assert requested_count("undo 0") is None
    assert requested_count("undo two") is None
    assert requested_count("undone") is None


def test_line_of_play_drops_the_moves_taken_back() -> None:
    log = ["a", "b", "c", undo_text(2), "d", undo_text(1), "e"]
    assert line_of_play(log) == [0, 6]
    assert line_of_play(["a", "b"]) == [0, 1]  # an old log without undo reads as before
    with pytest.raises(ValueError, match="takes back 2"):
        line_of_play(["a", undo_text(2)])


@pytest.mark.parametrize("game_id", sorted(games()))
def test_taking_back_restores_the_position_exactly(game_id: str) -> None:
    game = load(game_id)
    start = game.new_initial_state(11)
    state, run, rng = start.clone(), UndoRun(), Rng(29)
    log: list[tuple[int, str]] = []
    pictures: list[tuple[str, list[object], list[str]]] = []  # before each standing move
    taken = refused = 0
    for _ in range(DECISIONS):
        if state.is_terminal():
            break
        seat = state.current_player()
        can = run.available(seat, state)
        if can and rng.below(3) == 0:
            count = 1 + rng.below(can)
            state = run.take_back(seat, count, state)
            log.append((seat, undo_text(count)))
            expected = pictures[-count]
            del pictures[-count:]
            assert picture(state) == expected
            taken += 1
            continue
        if can == 0:
            with pytest.raises(UndoRefusedError):
                run.check(seat, 1, state)
            refused += 1
        legal = state.legal_actions()
        text = legal[rng.below(len(legal))].text
        pictures.append(picture(state))
        after = state.clone()
        events = act(after, seat, text)
        run.record(seat, state, text, events, after)
        log.append((seat, text))
        state = after
    assert taken and refused, (taken, refused)
    rebuilt, made = replay_line(start, log)
    assert rebuilt.serialize() == state.serialize()
    assert len(made) == len(log)
    assert start.serialize() == game.new_initial_state(11).serialize()  # the start is not changed
    # replayed without the run's kept positions (as another version would), the same again
    fresh, _ = replay_line(start, log, agents=frozenset(range(game.num_players)))
    assert fresh.serialize() == state.serialize()


@pytest.mark.parametrize("game_id", sorted(games()))
def test_nothing_undoable_reveals_or_rolls(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every decision the core lets a seat take back drew no randomness, showed no seat a private
    event, and passes the reveal check again with more, different determinisations."""
    game = load(game_id)
    state, rng = game.new_initial_state(5), Rng(8)
    judged = undoable = 0
    steps = []
    for _ in range(DECISIONS):
        if state.is_terminal():
            break
        seat = state.current_player()
        legal = state.legal_actions()
        text = legal[rng.below(len(legal))].text
        after = state.clone()
        events = act(after, seat, text)
        steps.append((state, seat, text, events, after))
        state = after
    for before, seat, text, events, after in steps:
        found = barrier(before, seat, text, events, after)
        judged += 1
        if found is not None:
            continue
        undoable += 1
        assert before.rng.state == after.rng.state  # type: ignore[attr-defined]
        assert all(e.visible_to is None or e.kind == "committed" for e in events)
    assert undoable, f"{game_id}: no decision could be taken back in {judged}"
    monkeypatch.setattr(undo, "SAMPLES", 8)
    monkeypatch.setattr(undo, "_SAMPLE_SEED", 12345)
    for before, seat, text, events, after in steps[:40]:
        first = barrier(before, seat, text, events, after)
        if first is None:
            assert barrier(before, seat, text, events, after) is None


@pytest.mark.parametrize("game_id", sorted(games()))
def test_the_undo_button_tells_the_seat_nothing_it_cannot_know(game_id: str) -> None:
    """Whether a decision may be taken back is shown to the seat that made it (the Undo button), so
    it must not hang on what that seat cannot see: the same decision, played in positions the seat
    could imagine (`resample_hidden` for it), is judged as in truth. The check samples
    determinisations, so a reveal found in truth may go unfound in a rare imagined position (or
    the other way round): a channel of chance, not of the position, that this allows in one judged
    decision in 200 at most (measured: 2 in 8,481 in WoT Rush, 1 in 3,479 in Metro 2033, none in
    the others; docs/undo.md). A position judged differently as a rule fails: Metro 2033's quests
    re-drawn for another seat were hidden from their own holder, 66 of 408 decisions."""
    game = load(game_id)
    judged = differ = 0
    for seed in range(3):
        state, rng = game.new_initial_state(seed), Rng(seed * 7 + 1)
        for _ in range(DECISIONS):
            if state.is_terminal():
                break
            seat, legal = state.current_player(), state.legal_actions()
            text = legal[rng.below(len(legal))].text
            before = state.clone()
            events = act(state, seat, text)
            if seat not in undo.deciding(state):
                continue  # its turn handed on: nothing to take back, whatever the check says
            truth = barrier(before, seat, text, events, state) is None
            for look in range(3):
                imagined = before.resample_hidden(seat, Rng(1000 + look))
                imagined._legal = None  # options listed afresh for the re-drawn position
                assert [a.text for a in imagined.legal_actions()] == [a.text for a in legal]
                start = imagined.clone()
                played = act(imagined, seat, text)
                judged += 1
                if (barrier(start, seat, text, played, imagined) is None) != truth:
                    differ += 1
                    break
    assert judged > 100, f"{game_id}: only {judged} decisions judged"
    assert differ <= max(1, judged // 200), f"{game_id}: {differ} of {judged} judged otherwise"


def test_refusals_say_why() -> None:
    game = load("memoir44")
    state = game.new_initial_state(3)
    run = UndoRun()
    seat = state.current_player()
    with pytest.raises(UndoRefusedError) as nothing:
        run.check(seat, 1, state)
    assert nothing.value.code == "nothing_to_undo"
    # the first decision plays a command card from a hidden hand: the other side has seen it
    text = state.legal_actions()[0].text
    after = state.clone()
    events = act(after, seat, text)
    run.record(seat, state, text, events, after)
    with pytest.raises(UndoRefusedError) as past:
        run.check(seat, 1, after)
    assert past.value.code == "past_barrier"
    assert "hidden information" in past.value.message
    other = 1 - seat
    with pytest.raises(UndoRefusedError) as wrong:
        run.check(other, 1, after)
    assert wrong.value.code == "not_your_decision"


def test_an_ai_seat_is_a_barrier_and_dice_are_one() -> None:
    game = load("memoir44")
    state, rng = game.new_initial_state(4), Rng(1)
    run = UndoRun()
    seen: set[Barrier] = set()
    for _ in range(200):
        if state.is_terminal():
            break
        seat = state.current_player()
        legal = state.legal_actions()
        text = legal[rng.below(len(legal))].text
        after = state.clone()
        events = act(after, seat, text)
        run.record(seat, state, text, events, after, may_undo=seat != 1)
        if seat == 1:
            assert run.available(seat, after) == 0
        run.settle()
        if not run.before and run.seat == seat:
            seen.add(run.since)
        state = after
    assert {Barrier.CHANCE, Barrier.OTHER, Barrier.REVEAL} <= seen


def test_a_replay_file_honours_undo_lines_and_old_files_still_load() -> None:
    game = load("memoir44")
    state, run, rng = game.new_initial_state(2), UndoRun(), Rng(3)
    texts: list[str] = []
    undone = 0
    for _ in range(80):
        seat = state.current_player()
        if run.available(seat, state) and not undone:
            state = run.take_back(seat, 1, state)
            texts.append(undo_text(1))
            undone += 1
            continue
        legal = state.legal_actions()
        text = legal[rng.below(len(legal))].text
        after = state.clone()
        run.record(seat, state, text, act(after, seat, text), after)
        texts.append(text)
        state = after
    assert undone
    played = Replay.loads(Replay.record(game, 2, texts).dumps()).play()
    assert played.serialize() == state.serialize()
    standing = [texts[i] for i in line_of_play(texts)]
    old = Replay.loads(Replay.record(game, 2, standing).dumps()).play()
    assert old.serialize() == state.serialize()
    with pytest.raises(CorruptDataError, match="takes back"):
        Replay.loads(Replay.record(game, 2, [undo_text(1)]).dumps()).play()


class Answers(Keyboard):
    """Answers the prompts with the lines given, in turn; nothing typed ahead."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def read(self, prompt: str) -> str | None:
        return self.lines.pop(0) if self.lines else None

    def typed_ahead(self) -> list[str]:
        return []


def test_the_terminal_takes_back_with_undo_and_saves_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    keyboard = Answers()
    session = PlaySession(load("memoir44"), ["human", "human"], 3, tmp_path / "game.txt", keyboard)
    before = None
    for _ in range(40):
        player = session.state.current_player()
        if session.undo.available(player, session.state) and before is not None:
            break
        before = picture(session.state)
        keyboard.lines = ["1"]
        assert session.human_move(player)
    else:
        raise AssertionError("no decision could be taken back in 40 moves")
    capsys.readouterr()
    keyboard.lines = ["undo"]
    assert session.human_move(player)
    assert picture(session.state) == before
    shown = capsys.readouterr().out
    side = ("the Allies", "the Axis")[player]  # named as the web table names the seat, not "player N"
    assert "undo  take back your last decision" in shown and f"  - {side} took back 1 move" in shown
    while session.undo.available(player, session.state):
        keyboard.lines = ["undo"]
        assert session.human_move(player)
    keyboard.lines = ["undo", "quit"]
    assert not session.human_move(player)
    assert "cannot undo: nothing to undo past a reveal of hidden information" in capsys.readouterr().out
    session.save()
    saved = Replay.load(tmp_path / "game.txt")
    assert undo_text(1) in saved.actions
    assert saved.play().serialize() == session.state.serialize()
