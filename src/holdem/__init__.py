"""holdem: a fast, correct Texas Hold'em engine.

>>> import holdem
>>> rank = holdem.evaluate("As Ks Qs Js Ts 2c 3d")
>>> holdem.HandRank(rank).describe()
'Royal Flush'
"""

from holdem._core import evaluate, evaluate7, evaluate_batch
from holdem.actions import Action, ActionKind, LegalActions
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
from holdem.equity import EquityResult, equity
from holdem.errors import (
    CardCountError,
    DeckError,
    DuplicateCardError,
    EmptyRangeError,
    EquityError,
    HoldemError,
    IllegalActionError,
    InvalidArrayError,
    InvalidCardError,
    InvalidHandError,
    InvalidRangeError,
    InvalidRulesError,
    InvalidSeedError,
)
from holdem.evaluation import Category, HandRank, best_five
from holdem.hand import Hand, HandView, SeatStatus, Street
from holdem.pots import Pot
from holdem.ranges import CLASS_GRID, HandRange, class_combos, hand_class
from holdem.rules import OddChip, Rules, Structure

__version__ = "0.1.0"

__all__ = [
    "CARD_NAMES",
    "CLASS_GRID",
    "Action",
    "ActionKind",
    "Card",
    "CardCountError",
    "CardsLike",
    "Category",
    "Deck",
    "DeckError",
    "DuplicateCardError",
    "EmptyRangeError",
    "EquityError",
    "EquityResult",
    "Hand",
    "HandRange",
    "HandRank",
    "HandView",
    "HoldemError",
    "IllegalActionError",
    "InvalidArrayError",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidRangeError",
    "InvalidRulesError",
    "InvalidSeedError",
    "LegalActions",
    "OddChip",
    "Pot",
    "Rng",
    "Rules",
    "SeatStatus",
    "Street",
    "Structure",
    "best_five",
    "card_name",
    "class_combos",
    "equity",
    "evaluate",
    "evaluate7",
    "evaluate_batch",
    "format_cards",
    "hand_class",
    "parse_card",
    "parse_cards",
]
