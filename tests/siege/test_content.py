"""The data files: the 49 cards and 49 tokens (siege.md 2.1, 2.3, 2.4), and corrupt files that
must be refused with an error naming the file, the entry and the field."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from warroom.core.errors import CorruptDataError
from warroom.games.siege.content import DATA, load_content
from warroom.games.siege.words import CardClass, TokenClass


def test_totals_49_cards_49_tokens():
    """2.1 / 2.3 / 2.4 totals: 49 cards, 49 tokens; per-type breakdown of the digest."""
    content = load_content(DATA)
    assert sum(c.count for c in content.cards) == 49
    assert len(content.token_kind_of) == sum(t.count for t in content.tokens) == 49
    by_class = Counter()
    for card in content.cards:
        by_class[card.card_class] += card.count
    assert by_class == {CardClass.STRIKE: 27, CardClass.MULTICOLOUR: 3, CardClass.COUNTERATTACK: 3,
                        CardClass.SPECIAL: 8, CardClass.BUILD: 8}  # fmt: skip
    tokens = Counter()
    for token in content.tokens:
        tokens[token.token_class] += token.count
    assert tokens == {
        TokenClass.VEHICLE: 27,
        TokenClass.SPECIAL: 4,
        TokenClass.BOMBER: 4,
        TokenClass.EVENT: 14,
    }
    armour = {t.kind: (t.armour, t.trophy, t.count) for t in content.tokens if t.armour}
    assert armour == {"sdkfz": (1, 1, 6), "pz3": (2, 2, 11), "tiger": (3, 3, 10), "pz2": (2, 4, 1),
                      "pz4": (3, 4, 1), "maus": (3, 4, 1), "panther": (2, 4, 1)}  # fmt: skip
    assert sum(t.simple_battles_removed for t in content.tokens) == 11


@pytest.fixture
def data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA, target)
    return target


def corrupt(path: Path, old: str, new: str, nth: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= nth, old
    head, *tails = text.split(old)
    text = head + "".join((new if i == nth - 1 else old) + tail for i, tail in enumerate(tails))
    path.write_text(text, encoding="utf-8")


def test_copied_data_loads(data):
    assert load_content(data).card("il2").name == "IL-2"


def test_card_with_unknown_class_names_file_entry_and_field(data):
    corrupt(data / "cards.toml", 'class = "strike"', 'class = "laser"')
    with pytest.raises(CorruptDataError, match=r"cards\.toml: \[\[card\]\] #1 \(red_aviation\), field class"):
        load_content(data)


def test_card_with_bad_count_type(data):
    corrupt(data / "cards.toml", "count = 3", 'count = "three"', nth=2)
    with pytest.raises(
        CorruptDataError, match=r"cards\.toml: \[\[card\]\] #2 \(red_artillery\), field count"
    ):
        load_content(data)


def test_card_missing_field(data):
    corrupt(data / "cards.toml", 'name = "IL-2"\n', "")
    with pytest.raises(CorruptDataError, match=r"cards\.toml: .*\(il2\), field name"):
        load_content(data)


def test_card_shape_error_names_the_entry(data):
    corrupt(data / "cards.toml", 'ring = "aviation"', 'ring = "tank"\ncolour = "red"', nth=4)  # Lancaster B
    with pytest.raises(CorruptDataError, match=r"cards\.toml: .*#10 \(any_aviation\).*colour"):
        load_content(data)


def test_token_with_negative_armour(data):
    corrupt(data / "tokens.toml", "armour = 3", "armour = -3")
    with pytest.raises(CorruptDataError, match=r"tokens\.toml: \[\[token\]\] #3 \(tiger\), field armour"):
        load_content(data)


def test_token_unknown_field(data):
    corrupt(data / "tokens.toml", 'kind = "maus"', 'kind = "maus"\nspeed = 2')
    with pytest.raises(CorruptDataError, match=r"tokens\.toml: .*\(maus\), field speed"):
        load_content(data)


def test_token_total_must_be_49(data):
    corrupt(data / "tokens.toml", "count = 6", "count = 5")
    with pytest.raises(CorruptDataError, match=r"tokens\.toml: 48 tokens"):
        load_content(data)


def test_card_total_must_be_49(data):
    corrupt(data / "cards.toml", "count = 4", "count = 5")
    with pytest.raises(CorruptDataError, match=r"cards\.toml: 50 cards"):
        load_content(data)


def test_unparsable_toml_names_the_file(data):
    corrupt(data / "tokens.toml", "[[token]]", "[[token]")
    with pytest.raises(CorruptDataError, match=r"tokens\.toml"):
        load_content(data)


def test_duplicate_kind(data):
    corrupt(data / "tokens.toml", 'kind = "pz3"', 'kind = "sdkfz"')
    with pytest.raises(CorruptDataError, match=r"tokens\.toml: duplicate kinds \['sdkfz'\]"):
        load_content(data)
