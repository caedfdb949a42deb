"""What a person reads in Siege (issues 14 and 16): the log and the terminal name enemies and
cards as the box does, say who moved where, spell out an arrangement, name the wall or building
a `hit` answers for, and keep the board's columns aligned however many enemies share a cell."""

from __future__ import annotations

import re

from tests.siege.conftest import kinds, new_game, pos, texts
from warroom.games.siege.render import WIDTH, render


def move_phase(text):
    st = pos(text)
    return st, st.apply_action("play patrol")


def test_a_movement_event_says_who_moved_from_where_to_where():
    """SG-MOVE-01: the event keeps its count as data and names each enemy that stepped, with the
    spaces it left and entered; the hedgehog's enemy (SG-CARD-07) and the one that strikes a
    fortification (SG-MOVE-03) did not step and are not listed."""
    _, events = move_phase("""
        hand 0: patrol
        enemy 1 aviation tiger          # t17
        enemy 2 rear sdkfz              # t0
        enemy 4 tank pz3                # t6 strikes F(4)
    """)
    (move,) = [e for e in events if e.kind == "move"]
    assert move.data == {"count": 2}
    assert move.text == (
        "2 enemies move: Sd.Kfz. 140/1 #0 rear 2 -> aviation 2, Tiger E #17 aviation 1 -> artillery 1"
    )
    (strike,) = [e for e in events if e.kind == "fort_destroyed"]
    assert strike.text == "Pz.Kpfw. III #6 strikes fortification 4: it is destroyed"


def test_a_group_striking_a_building_is_named_and_the_hit_prompt_names_the_building():
    """SG-CITY-03: both enemies of the group are named on the building they strike; the team's
    pick says whose damage it is and from which structure, and the terminal's decision line too."""
    st, events = move_phase("""
        hand 0: patrol
        buildings 2 3 4 5 6
        forts 1 3 4 5 6
        enemy 1 city tiger              # t17
        enemy 2 tank pz3                # t6
    """)
    (struck,) = [e for e in events if e.kind == "building_struck"]
    assert struck.text == "Pz.Kpfw. III #6, Tiger E #17 strike building 2"
    assert struck.data == {"sector": 2, "enemies": [6, 17]}
    assert kinds(events).index("building_struck") < kinds(events).index("building_destroyed")
    words = {a.text: st.game.describe_action(st, a) for a in st.legal_actions()}
    assert (
        words["hit t6"] == "hit t6  (Pz.Kpfw. III #6 (armour 2) at tank 2 takes the damage from building 2)"
    )
    assert words["hit t17"].endswith("Tiger E #17 (armour 3) at city 1 takes the damage from building 2)")
    screen = render(st, 0)
    assert "now: player 0: choose which enemy of the group takes the damage" in screen
    assert "building 2 was struck by Pz.Kpfw. III #6 (armour 2) at tank 2, Tiger E #17" in screen


def test_the_arrangement_has_a_legend_and_each_option_and_the_log_spell_it_out():
    """D-02, SG-SETUP-04: `arrange PPSSST` is read sector by sector."""
    st = new_game(3, players=2)
    screen = render(st, 0)
    assert "S = Sd.Kfz. 140/1" in screen and "P = Pz.Kpfw. III" in screen and "T = Tiger E" in screen
    assert "sectors 1 to 6 in order" in screen
    (action,) = [a for a in st.legal_actions() if a.text == "arrange PPSSST"]
    words = "sectors 1-2 Pz.Kpfw. III, 3-5 Sd.Kfz. 140/1, 6 Tiger E"
    assert st.game.describe_action(st, action) == f"arrange PPSSST  ({words})"
    (setup,) = [e for e in st.apply_action(action) if e.kind == "setup"]
    assert setup.text == f"starting vehicles placed: {words}"


def test_hands_show_box_names_with_the_id_that_is_typed():
    st = pos("""
        hand 0: green_aviation red_tank il2
        enemy 3 aviation pz3            # t6
    """)
    screen = render(st, 0)
    assert "P-47 Thunderbolt [green_aviation]" in screen and "IL-2 [il2]" in screen
    assert re.search(r"\S+ \[red_tank\]", screen) and "red_tank," not in screen
    words = {a.text: st.game.describe_action(st, a) for a in st.legal_actions()}
    assert words["play green_aviation t6"] == (
        "play green_aviation t6  (P-47 Thunderbolt at Pz.Kpfw. III #6 (armour 2) at aviation 3)"
    )
    assert words["pass"] == "pass  (play no more cards: the enemy moves next)"


def test_a_crowded_cell_runs_on_over_extra_lines_and_keeps_the_columns_aligned():
    """Four enemies in one city cell (after the word for its ruined building) and three in one ring
    cell: every sector's text starts in its own column on every line, and nothing is dropped."""
    st = pos("""
        buildings 1 3 4 5 6
        enemy 2 city pz3
        enemy 2 city pz3
        enemy 2 city tiger
        enemy 2 city sdkfz
        enemy 5 aviation tiger
        enemy 5 aviation tiger
        enemy 5 aviation pz3
    """)
    lines = render(st, 0).splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("          1 red"))
    rows = lines[head + 1 : next(i for i, line in enumerate(lines) if line.startswith("deck "))]
    for line in rows:
        for s in range(1, 7):
            start = 10 + (s - 1) * WIDTH
            cell = line[start : start + WIDTH]
            assert len(cell) < WIDTH or cell.endswith(" "), f"sector {s} overflows: {line!r}"
            if s > 1 and len(line) > start:
                assert line[start - 1] == " ", f"sector {s - 1} runs into sector {s}: {line!r}"
    city = rows[next(i for i, r in enumerate(rows) if r.startswith("city")) :]
    assert len(city) > 1  # the crowded city cell ran on
    assert sum(r[10 + WIDTH : 10 + 2 * WIDTH].count("#") for r in city) == 4  # all four shown
    aviation = rows[next(i for i, r in enumerate(rows) if r.startswith("aviation")) :]
    assert sum(r[10 + 4 * WIDTH : 10 + 5 * WIDTH].count("#") for r in aviation[:3]) == 3
    assert texts(st)  # a running position
