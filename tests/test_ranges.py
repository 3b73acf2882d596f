import pytest

from holdem.cards import parse_cards
from holdem.errors import HoldemError
from holdem.ranges import (
    CLASS_GRID,
    EmptyRangeError,
    HandRange,
    InvalidRangeError,
    class_combos,
    hand_class,
)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("QQ+", 18),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("random", 1326),
        ("any", 1326),
        ("KTo+", 36),
        ("A5s-A2s", 16),
        ("A2s-A5s", 16),
        ("T9s-76s", 16),
        ("22-55", 24),
        ("55-22", 24),
        ("AsKs", 1),
        ("aks", 4),
        ("A2+", 12 * 16),
        ("QQ+, AKs AKo", 34),
        ("AKs, AsKs", 4),
        ("100%", 1326),
    ],
)
def test_combo_counts(text, count):
    assert len(HandRange(text)) == count


def test_card_removal():
    assert len(HandRange("QQ+").combos(dead="Qh")) == 15
    assert len(HandRange("AKs").combos(dead="As")) == 3
    assert len(HandRange("AKo").combos(dead="As Kd")) == 12 - 3 - 3 + 1
    assert len(HandRange("random").combos(dead="2c7dJh")) == 49 * 48 // 2
    assert HandRange("AA").combos(dead="AsAhAd") == ()
    for (first, second), weight in HandRange("random").combos(dead="AsKs"):
        assert first > second and not {first, second} & {51, 47} and weight == 1.0


def test_spans_name_the_right_classes():
    def classes(text):
        return {hand_class(combo) for combo, _ in HandRange(text).combos()}

    assert classes("T9s-76s") == {"T9s", "98s", "87s", "76s"}
    assert classes("KTo+") == {"KTo", "KJo", "KQo"}
    assert classes("A5s-A2s") == {"A5s", "A4s", "A3s", "A2s"}
    assert classes("QQ+") == {"QQ", "KK", "AA"}
    assert classes("86o-64o") == {"86o", "75o", "64o"}


def test_weights_and_overrides():
    r = HandRange("AKs:0.5, QQ")
    assert r.weight("AhKh") == 0.5 and r.weight("QsQd") == 1.0 and r.weight("AhKd") == 0
    assert HandRange("AKs, AKs:0.25").weight("AcKc") == 0.25
    assert HandRange("AKs:0.25, AKs").weight("AcKc") == 1.0
    assert HandRange("AK:0.5, AsKs").weight("AsKs") == 1.0
    assert {weight for _, weight in HandRange("AK:0.5, AsKs").combos()} == {0.5, 1.0}


def test_percentages_take_the_strongest_classes():
    top10 = HandRange("10%")
    assert 0.1 * 1326 <= len(top10) <= 0.1 * 1326 + 16
    assert top10.weight("AsAh") == 1 and top10.weight("7c2d") == 0
    assert set(HandRange("5%").combos()) <= set(top10.combos())
    assert len(HandRange("0.1%")) == 6


def test_grid():
    assert CLASS_GRID[0][0] == "AA" and CLASS_GRID[12][12] == "22"
    assert CLASS_GRID[0][1] == "AKs" and CLASS_GRID[1][0] == "AKo"
    assert CLASS_GRID[3][8] == "J6s" and CLASS_GRID[8][3] == "J6o"
    names = [name for row in CLASS_GRID for name in row]
    assert len(set(names)) == 169
    assert sum(len(class_combos(name)) for name in names) == 1326
    assert all(cell == 1.0 for row in HandRange("random").grid() for cell in row)
    grid = HandRange("AKs, 22:0.5").grid()
    assert grid[0][1] == 1.0 and grid[12][12] == 0.5
    assert sum(cell for row in grid for cell in row) == 1.5


def test_hand_class():
    assert hand_class("AhKh") == "AKs"
    assert hand_class("Kh Ad") == "AKo"
    assert hand_class([0, 1]) == "22"
    assert hand_class(parse_cards("Tc9c")) == "T9s"


def test_value_semantics():
    r = HandRange("QQ+, AKs")
    assert r == HandRange("AKs QQ KK AA") and hash(r) == hash(HandRange("AKs QQ KK AA"))
    assert r != HandRange("QQ+")
    assert repr(r) == "HandRange('QQ+, AKs')" and r.text == "QQ+, AKs"
    assert eval(repr(r)) == r


@pytest.mark.parametrize(
    "text",
    ["", "  , ", "XYZ", "AKx", "QQs", "QQo", "AKs:2", "AKs:0", "AKs:-1", "AKs:abc", "22-AKs", "AKs-AQo",
     "A5s-K2s", "22-33-44", "200%", "0%", "x%", "AsAs", "AK++", "A"],
)
def test_bad_notation(text):
    with pytest.raises(InvalidRangeError) as error:
        HandRange(text)
    assert isinstance(error.value, HoldemError) and isinstance(error.value, ValueError)
    assert repr(text.strip(", ")) in str(error.value) or repr(text) in str(error.value) or text.startswith("AsAs")


def test_bad_inputs():
    with pytest.raises(TypeError, match="written as text"):
        HandRange(["AKs"])  # type: ignore[arg-type]
    with pytest.raises(InvalidRangeError, match="pair"):
        class_combos("QQs")
    with pytest.raises(InvalidRangeError, match="invalid hand class"):
        class_combos("AKz")
    assert issubclass(EmptyRangeError, InvalidRangeError)


@pytest.mark.parametrize("text", [":0.5", "AKs, :0.5", "AKs:1e-200", "AKs:nan", "AKs:0.5:1", "AKs:٠.5", "٦%", "nan%"])
def test_malformed_items_and_weights_are_refused(text):
    with pytest.raises(InvalidRangeError):
        HandRange(text)


def test_class_combos_takes_text():
    with pytest.raises(TypeError, match="hand class"):
        class_combos(5)  # type: ignore[arg-type]
