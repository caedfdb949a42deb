"""What a person reads in the Memoir '44 log (issue 16, "Battles and results" and "Words"): cards
by their printed names and sides by their titles, dice in words with what they do, losses in
figures, every medal with its reason, and a battle step that passes without a battle said."""

from __future__ import annotations

import re

import pytest

import warroom
from tests.memoir44.conftest import play, pos, to_battle, to_move
from warroom.core.game import Event
from warroom.core.rng import Rng
from warroom.games.memoir44.places import IN_TERRAIN, INTO_TERRAIN
from warroom.games.memoir44.state import M44State
from warroom.games.memoir44.words import TERRAIN_KINDS


def test_a_draw_names_the_side_and_the_printed_card_and_hides_it_from_the_other_side():
    """M44-DRAW-01: the drawing side reads the card's box name; the other side only that a card
    was drawn; the data keeps the card id for programs."""
    st = pos("""
        allies infantry R7C7
        axis infantry R3C7
        hand allies: probe_center
        deck: attack_left recon_center
    """)
    events = play(st, "play probe_center", "order R7C7", "move R7C7 R6C7", "done")
    draws = [e for e in events if e.kind == "draw"]
    mine = next(e for e in draws if e.visible_to == frozenset({0}))
    theirs = next(e for e in draws if e.visible_to == frozenset({1}))
    assert mine.text == "the Allies draw Attack Left Flank" and mine.data["card"] == "attack_left"
    assert theirs.text == "the Allies draw a card" and "card" not in theirs.data
    assert not any("side 0" in e.text or "attack_left" in e.text for e in events)


ON_TARGET = "3 dice on Axis infantry (4) in the open in the centre: "  # the target as the board shows it


@pytest.mark.parametrize(
    ("dice", "text"),
    [
        ("G S F", ON_TARGET + "grenade, star, flag — 1 figure lost; flag — retreat 1 hex"),
        ("S S S", ON_TARGET + "star, star, star — no hit"),
        ("F F S", ON_TARGET + "flag, flag, star — no hit; 2 flags — retreat 2 hexes"),
        ("I I G", ON_TARGET + "infantry, infantry, grenade — 3 figures lost"),
    ],
)
def test_dice_are_said_in_words_with_what_they_do(dice, text):
    """M44-DICE-02/03/05: each face by name, then the figures the hits take and the retreat the
    flags call for; the data keeps the faces, hits and flags."""
    st = pos(f"allies infantry R6C7\naxis infantry R5C7\nhand allies: probe_center\ndice: {dice}\n")
    to_battle(st, "probe_center", "R6C7")
    events = play(st, "battle R6C7 R5C7")
    (roll,) = [e for e in events if e.kind == "dice"]
    assert roll.text == text
    assert set(roll.data) == {"faces", "hits", "flags", "target"}


def battle_axis_infantry_with_lost(lost: int) -> list[Event]:
    """The Allies battle a 4-figure Axis infantry that has already lost `lost` figures: 1 hit."""
    st = pos(f"""
        allies infantry R6C7
        axis infantry R5C7 figures=4 lost={lost}
        hand allies: probe_center
        dice: G S S
        medals 4 4
    """)
    to_battle(st, "probe_center", "R6C7")
    return play(st, "battle R6C7 R5C7")


def test_losses_say_figures_and_an_elimination_gives_a_medal_with_its_reason():
    """M44-DICE-03/04, M44-MEDAL-01: "loses 1 figure, 1 left", then the last figure, then the
    medal the other side gains, with the tally."""
    (loss,) = [e for e in battle_axis_infantry_with_lost(2) if e.kind == "losses"]
    assert loss.text == "Axis infantry (2) in the open in the centre loses 1 figure, 1 left"
    events = battle_axis_infantry_with_lost(3)
    kinds = [e.kind for e in events]
    assert kinds.index("dice") < kinds.index("eliminated") < kinds.index("medal")
    (gone,) = [e for e in events if e.kind == "eliminated"]
    assert gone.text == "Axis infantry (1) in the open in the centre loses its last figure and is eliminated"
    (medal,) = [e for e in events if e.kind == "medal"]
    assert medal.text == (
        "the Allies gain a medal: Axis infantry (1) in the open in the centre eliminated"
        " (Allies 1 of 4 medals)"
    )
    assert medal.data == {"side": 0, "unit": medal.data["unit"], "gained": True, "medals": 1,
                          "reason": "unit eliminated"}  # fmt: skip


@pytest.mark.parametrize(
    ("position", "moves", "said", "reason", "gained"),
    [
        (  # M44-MEDAL-03: a temporary objective's medal, gained while a unit stands on it
            "terrain river R5C7\nbridge R5C7\nobjective allies R5C7\nallies infantry R6C7",
            ("play probe_center", "order R6C7", "move R6C7 R5C7"),
            "the Allies hold the bridge in the centre: 1 medal while they hold it (Allies 1 of 4 medals)",
            "objective held", True,
        ),
        (  # M44-MEDAL-03: ... and lost when the unit leaves
            "objective allies R5C7\nallies infantry R5C7",
            ("play probe_center", "order R5C7", "move R5C7 R6C7"),
            "the Allies no longer hold the open ground in the centre: 1 medal lost (Allies 0 of 4 medals)",
            "objective held", False,
        ),
        (  # M44-MEDAL-04: a permanent objective, taken for good the first time a unit enters
            "terrain town R5C7\nobjective allies R5C7 permanent\nallies infantry R6C7",
            ("play probe_center", "order R6C7", "move R6C7 R5C7"),
            "the Allies gain a medal for good: they took the town in the centre (Allies 1 of 4 medals)",
            "objective taken", True,
        ),
    ],
)  # fmt: skip
def test_an_objective_medal_is_said_with_its_terrain_and_reason(position, moves, said, reason, gained):
    """M44-MEDAL-03/04: the log says an objective's medal when it is gained, held for good or
    lost, naming the objective's terrain, with the reason in the data."""
    st = pos(f"{position}\naxis infantry R2C2\nhand allies: probe_center\nmedals 4 4\n")
    (medal,) = [e for e in play(st, *moves) if e.kind == "medal"]
    assert medal.text == said
    assert medal.data["reason"] == reason and medal.data["gained"] is gained


def test_a_battle_step_with_no_possible_battle_is_said():
    """M44-BATTLE-01: ordered units that cannot battle (here: moved too far, M44-MOVE-08) leave no
    battle to offer; the log says the step passed and why instead of going on silently."""
    st = pos("allies infantry R7C7\naxis infantry R4C7\nhand allies: probe_center\n")
    events = play(st, "play probe_center", "order R7C7", "move R7C7 R5C6")
    (skipped,) = [e for e in events if e.kind == "no_battle"]
    assert skipped.text.startswith("no battle this turn: none of the ordered units can battle")
    st = pos("allies infantry R7C7\naxis infantry R5C7\nhand allies: probe_center\n")
    events = play(st, "play probe_center", "order R7C7", "move R7C7 R6C7")
    assert "no_battle" not in [e.kind for e in events]  # a battle is offered: nothing to say


def test_a_battle_option_names_the_units_and_leaves_the_dice_to_its_consequence():
    st = pos("allies infantry R6C7\naxis infantry R5C7\nhand allies: probe_center\n")
    to_battle(st, "probe_center", "R6C7")
    action = st.game.parse_action(st, "battle R6C7 R5C7")
    words = st.game.describe_action(st, action)
    assert words == (
        "battle R6C7 R5C7: Allies infantry (4) in the open in the centre"
        " -> Axis infantry (4) in the open in the centre"
    )
    assert st.game.consequence(st, action)["dice"] == 3
    done = st.game.parse_action(st, "done")
    assert st.game.describe_action(st, done) == "done: battle no more this turn"


# --- option words: units and hexes as the board shows them (issue 16: coordinates are a setting)
COORDINATES = re.compile(r"\bR\dC\d{1,2}\b")

FOUR_INFANTRY = """
    terrain forest R7C2
    terrain town R3C12
    allies infantry R7C2
    allies infantry R8C5
    allies infantry R8C7
    allies infantry R9C7 figures=4 lost=1
    axis infantry R3C12
    axis infantry R3C2
    hand allies: assault_center
    hand axis: probe_left
"""


def words_of(st: M44State) -> dict[str, str]:
    """Each legal option's words after its typed text (what the web table's list shows)."""
    out = {}
    for a in st.legal_actions():
        words = st.game.describe_action(st, a)
        out[a.text] = words.removeprefix(a.text).removeprefix(": ")
    return out


def test_units_are_named_by_terrain_section_and_count_from_the_players_left():
    """M44-BOARD-02/03: a unit is named from the deciding side's seat by its terrain and section;
    two that would read alike are counted from that player's left. No coordinates in the words."""
    st = pos(FOUR_INFANTRY)
    play(st, "play assault_center")
    words = words_of(st)
    assert words["order R8C5"] == "Allies infantry (4) in the open in the centre, the 1st of 2 from your left"
    assert words["order R8C7"] == "Allies infantry (4) in the open in the centre, the 2nd of 2 from your left"
    assert words["order R9C7"] == "Allies infantry (3) in the open in the centre"  # told apart by its figures
    st = pos(FOUR_INFANTRY + "active axis\n")
    play(st, "play probe_left")
    # the Axis sit at the top: their left flank is the printed right, and the town there is theirs
    assert words_of(st)["order R3C12"] == "Axis infantry (4) in the town on your left flank"


def test_a_move_says_the_steps_and_the_terrain_it_ends_in():
    """M44-MOVE-01/03: each destination of one unit reads apart, as hex steps from the player's
    seat and the terrain entered (for the Axis, ahead is down the printed map)."""
    st = pos("terrain forest R6C6\nterrain hill R7C8\nallies infantry R8C7\naxis infantry R1C1\n"
             "hand allies: probe_center\n")  # fmt: skip
    to_move(st, "probe_center", "R8C7")
    words = {t: w.split(", ", 1)[1] for t, w in words_of(st).items() if t.startswith("move ")}
    assert words["move R8C7 R7C7"] == "1 hex ahead-left into the open"
    assert words["move R8C7 R7C8"] == "1 hex ahead-right onto the hill"
    assert words["move R8C7 R6C6"] == "2 hexes ahead-left into the forest"
    assert words["move R8C7 R7C6"] == "1 hex ahead-left and 1 hex to the left into the open"
    assert words["move R8C7 R6C7"] == "2 hexes straight ahead into the open"
    assert words["move R8C7 R8C9"] == "2 hexes to the right into the open"
    assert len(set(words.values())) == len(words)
    st = pos("allies infantry R9C1\naxis infantry R2C7\nhand axis: probe_center\nactive axis\n")
    to_move(st, "probe_center", "R2C7")
    words = {t: w.split(", ", 1)[1] for t, w in words_of(st).items() if t.startswith("move ")}
    assert words["move R2C7 R3C7"] == "1 hex ahead-right into the open"  # the printed lower left
    assert words["move R2C7 R2C8"] == "1 hex to the left into the open"


@pytest.mark.parametrize("scenario", warroom.game_class("memoir44").scenarios())
def test_every_decision_of_seeded_games_reads_apart_without_coordinates(scenario):
    """The option list of every decision of two seeded random games per scenario: no two options
    read alike, and none names a hex by its coordinates."""
    game = warroom.load("memoir44", scenario=scenario)
    for seed in (1, 2):
        st = game.new_initial_state(seed)
        rng = Rng(seed)
        for _ in range(400):
            if st.is_terminal():
                break
            actions = st.legal_actions()
            # as the web table lists them: the words after the typed text, or the text alone
            words = [game.describe_action(st, a).removeprefix(a.text) or a.text for a in actions]
            assert len(set(words)) == len(words), words
            assert not any(COORDINATES.search(w) for w in words), words
            st.apply_action(actions[rng.below(len(actions))])


def test_every_terrain_kind_has_its_words():
    """Content is data: a terrain kind the data files may name (words.TERRAIN_KINDS) is never
    missing from the place words, whether a unit stands in it or moves into it."""
    assert set(IN_TERRAIN) == set(INTO_TERRAIN) == set(TERRAIN_KINDS)


# -- event texts name units and places as the board shows them, never by coordinates -----------------
COORDINATE = re.compile(r"\bR\d+C\d+\b")


def test_events_name_units_by_what_the_board_shows_from_their_own_side():
    """Both sides read an event: a unit is its side, kind, figures, terrain and section named as
    its own side's (M44-BOARD-02/03); units that read alike are ranked from that side's left in
    brackets, so the verb follows; a move is said as the steps from the unit's own seat."""
    st = pos("""
        allies infantry R7C7
        allies infantry R7C9
        axis infantry R3C7
        hand allies: probe_center
    """)
    events = play(st, "play probe_center", "order R7C7", "order R7C9", "move R7C7 R6C6")
    said = [e.text for e in events if e.kind in ("order", "move")]
    assert said == [
        "ordered: Allies infantry (4) in the open in the centre (1st of 2 from the Allied left)",
        "ordered: Allies infantry (4) in the open in the centre (2nd of 2 from the Allied left)",
        "Allies infantry (4) in the open in the centre (1st of 2 from the Allied left) moves 1 hex ahead-left"
        " into the open",
    ]
    (move,) = [e for e in events if e.kind == "move"]
    assert (move.data["frm"], move.data["to"]) == ("R7C7", "R6C6")  # programs keep the hexes


@pytest.mark.parametrize(
    "scenario",
    ["pegasus-bridge", "omaha-beach", "pointe-du-hoc", "saint-lo-hedgerows", "vercors", "villers-bocage"],
)
def test_no_event_of_a_played_game_gives_a_coordinate_or_speaks_to_one_seat(scenario):
    """Every event text of a seeded game (random seats, loud) reads without the board's hex
    coordinates, and none says "your": the log, the terminal and the replay show it to both sides."""
    game = warroom.load("memoir44", scenario=scenario)
    st = game.new_initial_state(7)
    rng = Rng(7)
    said: list[str] = []
    while not st.is_terminal():
        said += [e.text for e in st.apply_action(st.sample_legal(rng))]
    assert said and not [t for t in said if COORDINATE.search(t)]
    assert not [t for t in said if re.search(r"\byour\b", t)]
    assert any(" moves " in t for t in said) and any(" battles " in t for t in said)
