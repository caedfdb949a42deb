"""Setting up a game (SG-SETUP-01..11, SG-OPTB-02, SG-OPTX-01/04, SG-FM-02/03)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.actions import Action
from warroom.core.rng import Rng
from warroom.games.siege.actions import ARRANGEMENTS
from warroom.games.siege.board import SECTORS, space
from warroom.games.siege.changes import BOARD
from warroom.games.siege.rules import marshal
from warroom.games.siege.words import LETTER, Ask, Job, Ring

if TYPE_CHECKING:
    from warroom.games.siege.actions import SiegeAction
    from warroom.games.siege.content import Content
    from warroom.games.siege.game import SiegeGame
    from warroom.games.siege.state import SiegeState


def deal(st: SiegeState, seed: int) -> None:
    """Set up a new game in the empty state `st`, up to the starting vehicles' arrangement."""
    facts = st.facts
    st.rng = Rng(seed)
    st.building = [True] * 6  # sectors 1-6 (SG-SETUP-02)
    st.fort = [not st.siege.options["caught_off_guard"]] * 6  # SG-SETUP-03, SG-OPTX-04
    st.deck = list(facts.start_deck)
    st.rng.shuffle(st.deck)  # SG-SETUP-05
    deal = facts.hand_limit
    for hand in st.hands:  # dealt from the top (the end of the list), one hand at a time
        hand.extend(reversed(st.deck[-deal:]))
        del st.deck[-deal:]
    # All tokens but the six starting vehicles and, with Simple Battles, the 11 removed ones.
    st.reserve = list(facts.start_reserve)
    st.tokens_removed = list(facts.start_removed)
    st.rng.shuffle(st.reserve)  # SG-SETUP-08
    st.active = st.rng.below(facts.defenders)  # SG-SETUP-10, SG-FM-03
    if facts.marshal_seat >= 0:
        marshal.draw(st, marshal.HAND)  # SG-FM-02
    st.decide(Ask.ARRANGE, st.active)  # D-02


def arrangements(st: SiegeState) -> list[Action]:
    return list(st.table.arrange)


def placements(game: SiegeGame) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Per arrangement (D-02), sector by sector: (token id, aviation space, full armour), each
    kind's starting tokens taken in id order (SG-SETUP-04). Built once per game."""
    content = game.content
    table = []
    for arrangement in ARRANGEMENTS:
        pool = {kind: iter(tids) for kind, tids in game.start_vehicles.items()}
        places = []
        for sector, kind in zip(SECTORS, arrangement, strict=True):
            tid = next(pool[kind])
            places.append(
                (tid, space(sector, Ring.AVIATION), content.tokens[content.token_kind_of[tid]].armour)
            )
        table.append(tuple(places))
    return tuple(table)


def arrangement_words(st: SiegeState, letters: str) -> str:
    """An arrangement's letters in words, sector by sector (D-02): `PPSSST` -> "sectors 1-2
    Pz.Kpfw. III, 3-5 Sd.Kfz. 140/1, 6 Tiger E"."""
    return content_arrangement_words(st.content, letters)


def placed_texts(game: SiegeGame) -> tuple[str, ...]:
    """The setup event's sentence per arrangement (by the arrange action's `a`), built once per
    game: every game's first move says one of them (SG-SETUP-04, D-02)."""
    return tuple(
        f"starting vehicles placed: {content_arrangement_words(game.content, action.text.split()[1])}"
        for action in game.table.arrange
    )


def content_arrangement_words(content: Content, letters: str) -> str:
    """`arrangement_words` from the game's content alone (no state needed)."""
    by_letter = {letter: kind for kind, letter in LETTER.items()}
    names = {t.kind: t.name for t in content.tokens}
    runs: list[list[Any]] = []  # [first sector, last sector, letter]
    for sector, letter in enumerate(letters, start=1):
        if runs and runs[-1][2] == letter:
            runs[-1][1] = sector
        else:
            runs.append([sector, sector, letter])
    words = [f"{lo}-{hi} " if lo != hi else f"{lo} " for lo, hi, _ in runs]
    return "sectors " + ", ".join(f"{w}{names[by_letter[r[2]]]}" for w, r in zip(words, runs, strict=True))


def apply_arrange(st: SiegeState, action: SiegeAction) -> None:
    """Place one starting vehicle in each aviation space, at full armour (SG-SETUP-04)."""
    for tid, sp, armour in st.facts.start_places[action.a]:
        st.pos[tid] = sp
        st.armour[tid] = armour
    st.changes[BOARD] += 1  # speed (issue 18)
    st.say("setup", st.facts.placed_text[action.a])
    st.decision = None
    jobs: list[list[Any]] = []
    if st.siege.options["my_home_is_my_fortress"]:  # claims in turn order (SG-OPTX-01/02)
        n = st.facts.defenders
        jobs = [[Job.CLAIM, (st.active + i) % n] for i in range(n)]
    st.push(*jobs, [Job.TURN])


def claim_step(st: SiegeState, job: list[Any]) -> None:
    """Ask one defender for a building, even the last, who has one left (SG-OPTX-01)."""
    st.decide(Ask.CLAIM, int(job[1]))


def claims(st: SiegeState) -> list[Action]:
    return [st.table.claim[s] for s in SECTORS if s not in st.claims]


def apply_claim(st: SiegeState, action: SiegeAction) -> None:
    p = st.current_player()
    st.claims[p] = action.a
    st.say("claim", f"player {p} claims building {action.a}", player=p, sector=action.a)
    st.decision = None
