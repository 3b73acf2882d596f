import pytest
from hypothesis import given
from hypothesis import strategies as st

import holdem
from holdem import (
    CARD_NAMES,
    CardCountError,
    DuplicateCardError,
    HoldemError,
    InvalidCardError,
    card_name,
    format_cards,
    parse_card,
    parse_cards,
)


def test_card_codes_follow_rank_times_four_plus_suit():
    assert parse_card("2c") == 0
    assert parse_card("2d") == 1
    assert parse_card("2h") == 2
    assert parse_card("2s") == 3
    assert parse_card("3c") == 4
    assert parse_card("As") == 51
    assert len(CARD_NAMES) == 52 and len(set(CARD_NAMES)) == 52


@pytest.mark.parametrize("text", ["Td", "10d", "td", "TD", " Td "])
def test_ten_is_read_in_every_usual_spelling(text):
    assert parse_card(text) == 33


@given(st.integers(0, 51))
def test_name_and_parse_are_inverse(code):
    assert parse_card(card_name(code)) == code


@pytest.mark.parametrize("text", ["AsKd7h", "As Kd 7h", "As,Kd,7h", "as kd 7H", "AsKd 7h"])
def test_card_lists_parse_with_or_without_separators(text):
    assert parse_cards(text) == (51, 45, 22)


def test_card_lists_accept_codes_and_mixed_iterables():
    assert parse_cards([51, "Kd", 22]) == (51, 45, 22)
    assert parse_cards("10h10s") == (34, 35)
    assert parse_cards("") == ()


@pytest.mark.parametrize("bad", ["Xx", "A", "1s", "Asx", "Ax", "11s", "", 52, -1])
def test_malformed_cards_raise_invalid_card_error(bad):
    with pytest.raises(InvalidCardError) as error:
        parse_card(bad)
    assert repr(bad) in str(error.value)
    assert isinstance(error.value, ValueError) and isinstance(error.value, HoldemError)


@pytest.mark.parametrize("bad", [3.0, None, True, False, b"As"])
def test_cards_of_a_wrong_type_raise_type_error(bad):
    """Issue: a bool was read as a code and refused as a card (InvalidCardError), wherever cards are read."""
    from holdem.isomorphism import HandIndexer

    for read in (parse_card, lambda card: parse_cards([card, 2]), lambda card: HandIndexer().index([card, 2])):
        with pytest.raises(TypeError, match=f"card {bad!r}: give a card as text"):
            read(bad)
    with pytest.raises(TypeError, match="card"):
        holdem.evaluate([bad, 1, 2, 3, 4])


@pytest.mark.parametrize("bad", ["AsK", "AsKdX", "As Kd 1h", ["As", "Zz"]])
def test_malformed_card_lists_raise_invalid_card_error(bad):
    with pytest.raises(InvalidCardError):
        parse_cards(bad)


def test_duplicate_cards_are_named():
    with pytest.raises(DuplicateCardError, match="'Kd'"):
        parse_cards("As Kd 7h Kd")
    with pytest.raises(DuplicateCardError):
        parse_cards([51, "As"])


def test_count_is_checked():
    assert parse_cards("AsKd", count=2) == (51, 45)
    with pytest.raises(CardCountError, match="expected 2 cards, got 3"):
        parse_cards("AsKd7h", count=2)


def test_format_cards():
    assert format_cards([51, 45, 22]) == "AsKd7h"
    assert format_cards((0, 33), " ") == "2c Td"
    with pytest.raises(InvalidCardError):
        format_cards([52])


def test_public_names_are_exported():
    for name in holdem.__all__:
        assert hasattr(holdem, name), name


def test_cards_that_are_neither_text_nor_iterable_raise_type_error():
    for bad in (5, None, 1.5):
        with pytest.raises(TypeError, match="text such as 'AsKd'"):
            parse_cards(bad)  # type: ignore[arg-type]
