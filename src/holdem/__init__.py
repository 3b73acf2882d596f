"""holdem: a fast, correct Texas Hold'em engine.

>>> import holdem
>>> rank = holdem.evaluate("As Ks Qs Js Ts 2c 3d")
>>> holdem.HandRank(rank).describe()
'Royal Flush'
"""

from holdem._core import evaluate, evaluate7, evaluate_batch
from holdem.agents import (
    REFERENCE_BOTS,
    Agent,
    AgentHooks,
    CallingStation,
    Decision,
    EquityBot,
    Fault,
    RandomBot,
    TightBot,
    agent_name,
    play_hand,
    pot_raise_to,
)
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
    AcpcError,
    AgentError,
    BuyInError,
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
    InvalidHistoryError,
    InvalidRangeError,
    InvalidRankError,
    InvalidRulesError,
    InvalidSeedError,
    RngError,
    MatchError,
    RebuyError,
    SeatError,
    TableError,
    TournamentError,
)
from holdem.evaluation import Category, HandRank, best_five
from holdem.formats import acpc, phh
from holdem.formats.acpc import GameDef, MatchState
from holdem.hand import Hand, HandView, SeatStatus, Street
from holdem.match import AgentResult, MatchResult, SerialMatchWarning, play_match
from holdem.pots import Pot
from holdem.ranges import CLASS_GRID, HandRange, class_combos, hand_class
from holdem.rules import OddChip, Rules, Structure
from holdem.table import ButtonRule, Deal, Owed, PlayerResult, Table, TableHand
from holdem.tournament import (
    BlindSchedule,
    Draw,
    Level,
    RebuyPolicy,
    Tournament,
    draw_button,
    draw_seats,
    icm,
)

__version__ = "0.1.0"

# Loaded when first asked for, so that ``import holdem`` does not load numpy.
_VECTOR_NAMES = frozenset(("VectorGame", "VectorObservation"))


def __getattr__(name: str) -> object:
    if name in _VECTOR_NAMES:
        from holdem import vector

        return getattr(vector, name)
    raise AttributeError(f"module 'holdem' has no attribute {name!r}")


__all__ = [
    "AcpcError",
    "Action",
    "ActionKind",
    "Agent",
    "AgentError",
    "AgentHooks",
    "AgentResult",
    "BlindSchedule",
    "ButtonRule",
    "BuyInError",
    "CARD_NAMES",
    "CLASS_GRID",
    "CallingStation",
    "Card",
    "CardCountError",
    "CardsLike",
    "Category",
    "Deal",
    "Decision",
    "Deck",
    "DeckError",
    "Draw",
    "DuplicateCardError",
    "EmptyRangeError",
    "EquityBot",
    "EquityError",
    "EquityResult",
    "Fault",
    "GameDef",
    "Hand",
    "HandRange",
    "HandRank",
    "HandView",
    "HoldemError",
    "IllegalActionError",
    "InvalidArrayError",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidHistoryError",
    "InvalidRangeError",
    "InvalidRankError",
    "InvalidRulesError",
    "InvalidSeedError",
    "RngError",
    "LegalActions",
    "Level",
    "MatchError",
    "MatchResult",
    "MatchState",
    "OddChip",
    "Owed",
    "PlayerResult",
    "Pot",
    "REFERENCE_BOTS",
    "RandomBot",
    "RebuyError",
    "RebuyPolicy",
    "Rng",
    "Rules",
    "SeatError",
    "SeatStatus",
    "SerialMatchWarning",
    "Street",
    "Structure",
    "Table",
    "TableError",
    "TableHand",
    "TightBot",
    "Tournament",
    "TournamentError",
    "VectorGame",
    "VectorObservation",
    "acpc",
    "agent_name",
    "best_five",
    "card_name",
    "class_combos",
    "draw_button",
    "draw_seats",
    "equity",
    "evaluate",
    "evaluate7",
    "evaluate_batch",
    "format_cards",
    "hand_class",
    "icm",
    "parse_card",
    "parse_cards",
    "phh",
    "play_hand",
    "play_match",
    "pot_raise_to",
]
