"""Saves written before the battle and hero-turn jobs ran inline (speed, issue 12) still load and
play on: `tests/data/metro2033_saves_s10.json` holds mid-game saves of seeded 4-player random
games, taken by the tree of commit 94147af (Metro and the core as at 7a6d1bf) at decisions of
every kind a battle, a hero turn and a round ask (the agenda beneath each one as that tree left
it), with a digest of the rest of each game as that tree played it (every event's kind, text,
data and who sees it, every option list, every choice). The code of today must load each save
and play the same rest, choice for choice.

The file is a record of the older code: never re-record it. (It was written by `record()` below,
run once on that tree: `.venv/bin/python -m tests.metro2033.test_old_saves --write`.)
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from warroom.core.rng import Rng
from warroom.games.metro2033.game import Metro2033Game

DATA = Path(__file__).parent.parent / "data" / "metro2033_saves_s10.json"
# the decision kinds a save is taken at: a battle's offers, cards and window, its outcome's
# choices, the hero's turn and the window after it, a round's votes and threat
KINDS = ("scout_use", "svd", "artyom", "fight", "defend", "card", "wb", "capture", "claim", "retreat",
         "strip", "qevent", "move", "act", "post", "shop", "wown", "upkeep", "vote", "announce")  # fmt: skip
SEEDS = range(12)


def play_rest(game: Metro2033Game, text: str, seed: int) -> tuple[str, list[float], int]:
    """Load `text` and play it to the end, seat choices drawn from Rng(seed): a digest of every
    event, option list and choice on the way, the returns, and the decisions made."""
    st = game.deserialize(text)
    rng, digest, decisions = Rng(seed), hashlib.sha256(), 0
    while not st.is_terminal():
        options = st.legal_actions()
        action = options[rng.below(len(options))]
        digest.update(repr((st.current_player(), [a.text for a in options], action.text)).encode())
        for event in st.apply_action(action):
            visible = None if event.visible_to is None else sorted(event.visible_to)
            digest.update(json.dumps([event.kind, event.text, event.data, visible], sort_keys=True).encode())
        decisions += 1
    return digest.hexdigest(), [float(r) for r in st.returns()], decisions


def record() -> list[dict[str, Any]]:
    """The first save at each kind of `KINDS` over the seeded games, and how each went on."""
    game = Metro2033Game(players=4)
    saves: dict[str, dict[str, Any]] = {}
    for seed in SEEDS:
        st, rng = game.new_initial_state(seed), Rng(1000 + seed)
        while not st.is_terminal():
            decision = st.decision
            assert decision is not None
            if decision[0] in KINDS and decision[0] not in saves and len(st.agenda) > 1:
                text = st.serialize()
                digest, returns, decisions = play_rest(game, text, seed)
                agenda = [list(job) for job in st.agenda]
                saves[decision[0]] = {"kind": decision[0], "seed": seed, "agenda": agenda, "save": text,
                                      "digest": digest, "returns": returns,
                                      "decisions": decisions}  # fmt: skip
            options = st.legal_actions()
            st.apply_action(options[rng.below(len(options))])
    return [saves[k] for k in KINDS if k in saves]


SAVED: list[dict[str, Any]] = json.loads(DATA.read_text()) if DATA.exists() else []


def test_the_record_covers_the_battle_and_turn_decisions() -> None:
    assert {"scout_use", "wb", "card", "capture", "move", "act", "post"} <= {s["kind"] for s in SAVED}


@pytest.mark.parametrize("saved", SAVED, ids=[s["kind"] for s in SAVED])
def test_an_older_save_loads_and_plays_as_it_did(saved: dict[str, Any]) -> None:
    game = Metro2033Game(players=4)
    digest, returns, decisions = play_rest(game, saved["save"], saved["seed"])
    assert (decisions, returns) == (saved["decisions"], saved["returns"])
    assert digest == saved["digest"], f"the rest of the game from the {saved['kind']} save differs"


if __name__ == "__main__" and "--write" in sys.argv:
    DATA.write_text(json.dumps(record(), indent=0, sort_keys=True) + "\n")
