"""Shared fixtures for the benchmarks: the same random hands for every library."""

import pytest

import holdem

HANDS = 10_000


@pytest.fixture(scope="session")
def seven_card_hands():
    """10,000 random seven-card hands as a uint8 array of card codes."""
    return holdem.Rng(2024).sample_cards(HANDS, 7)


@pytest.fixture(scope="session")
def seven_card_lists(seven_card_hands):
    return seven_card_hands.tolist()
