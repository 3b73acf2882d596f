"""holdem: a fast, correct Texas Hold'em engine.

>>> import holdem
>>> rank = holdem.evaluate("As Ks Qs Js Ts 2c 3d")
>>> holdem.HandRank(rank).describe()
'Royal Flush'
"""

from holdem._core import evaluate, evaluate7, evaluate_batch
from holdem.actions import Action, ActionKind, IllegalActionError, LegalActions
from holdem.cards import (
    CARD_NAMES,
    Card,
    CardsLike,
    Deck,
    Rng,
    card_name,
    format_cards,
    parse_card,
    parse_cards,
)
from holdem.errors import (
    CardCountError,
    DeckError,
    DuplicateCardError,
    HoldemError,
    InvalidArrayError,
    InvalidCardError,
    InvalidSeedError,
)
from holdem.evaluation import Category, HandRank, best_five
from holdem.hand import Hand, HandView, InvalidHandError, SeatStatus, Street
from holdem.rules import InvalidRulesError, OddChip, Rules, Structure

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ActionKind",
    "CARD_NAMES",
    "Card",
    "CardCountError",
    "CardsLike",
    "Category",
    "Deck",
    "DeckError",
    "DuplicateCardError",
    "Hand",
    "HandRank",
    "HandView",
    "HoldemError",
    "IllegalActionError",
    "InvalidArrayError",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidRulesError",
    "InvalidSeedError",
    "LegalActions",
    "OddChip",
    "Rng",
    "Rules",
    "SeatStatus",
    "Street",
    "Structure",
    "best_five",
    "card_name",
    "evaluate",
    "evaluate7",
    "evaluate_batch",
    "format_cards",
    "parse_card",
    "parse_cards",
]
