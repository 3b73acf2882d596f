"""holdem: a fast, correct Texas Hold'em engine.

>>> import holdem
>>> rank = holdem.evaluate("As Ks Qs Js Ts 2c 3d")
>>> holdem.HandRank(rank).describe()
'Royal Flush'
"""

from typing import TYPE_CHECKING

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
    AcpcError,
    AgentError,
    AivatError,
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
    IsomorphismError,
    RngError,
    MatchError,
    RebuyError,
    SeatError,
    TableError,
    TournamentError,
)
from holdem.evaluation import Category, HandRank, best_five
from holdem.hand import Hand
from holdem.pots import Pot
from holdem.ranges import CLASS_GRID, HandRange, class_combos, hand_class
from holdem.rules import OddChip, Reopening, Rules, ShowdownOrder, Structure
from holdem.views import HandView, SeatStatus, Street, position_names

__version__ = "0.1.0"

# Loaded when first asked for, so that ``import holdem`` stays quick and does
# not load numpy: the names of each such module.
_LAZY_MODULES = {
    "holdem.agents": (
        "REFERENCE_BOTS",
        "Agent",
        "AgentHooks",
        "CallingStation",
        "Decision",
        "EquityBot",
        "Fault",
        "RandomBot",
        "TightBot",
        "agent_name",
        "play_hand",
        "pot_raise_to",
    ),
    "holdem.formats": ("acpc", "ohh", "phh"),
    "holdem.formats.acpc": ("GameDef", "MatchState"),
    "holdem.formats.histories": ("HistoryReader", "Problem", "SiteHand", "read_histories"),
    "holdem.match": ("AgentResult", "MatchResult", "SerialMatchWarning", "play_match"),
    "holdem.schedule": ("BlindSchedule", "Level", "SmallBet"),
    "holdem.session": ("play_table",),
    "holdem.stats": ("PlayerStats", "summarize"),
    "holdem.table": (
        "ButtonRule",
        "Deal",
        "MisdealButton",
        "OutOfTurn",
        "Owed",
        "PlayerResult",
        "Table",
        "TableHand",
    ),
    "holdem.tournament": (
        "Draw",
        "RebuyPolicy",
        "Tournament",
        "draw_button",
        "draw_seats",
        "icm",
    ),
    "holdem.vector": ("VectorGame", "VectorObservation"),
}
_LAZY_MODULE_OF = {name: module for module, names in _LAZY_MODULES.items() for name in names}

if TYPE_CHECKING:
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
    from holdem.formats import acpc, ohh, phh
    from holdem.formats.acpc import GameDef, MatchState
    from holdem.formats.histories import HistoryReader, Problem, SiteHand, read_histories
    from holdem.match import AgentResult, MatchResult, SerialMatchWarning, play_match
    from holdem.schedule import BlindSchedule, Level, SmallBet
    from holdem.session import play_table
    from holdem.stats import PlayerStats, summarize
    from holdem.table import ButtonRule, Deal, MisdealButton, OutOfTurn, Owed, PlayerResult, Table, TableHand
    from holdem.tournament import (
        Draw,
        RebuyPolicy,
        Tournament,
        draw_button,
        draw_seats,
        icm,
    )
    from holdem.vector import VectorGame, VectorObservation


def __getattr__(name: str) -> object:
    module = _LAZY_MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'holdem' has no attribute {name!r}")
    # As ``from module import name`` does: a submodule (acpc, phh) is imported too.
    value = getattr(__import__(module, fromlist=[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY_MODULE_OF})


__all__ = [
    "AcpcError",
    "Action",
    "ActionKind",
    "Agent",
    "AgentError",
    "AgentHooks",
    "AgentResult",
    "AivatError",
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
    "HistoryReader",
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
    "IsomorphismError",
    "RngError",
    "LegalActions",
    "Level",
    "MatchError",
    "MatchResult",
    "MatchState",
    "MisdealButton",
    "OddChip",
    "OutOfTurn",
    "Owed",
    "PlayerResult",
    "PlayerStats",
    "Pot",
    "Problem",
    "REFERENCE_BOTS",
    "RandomBot",
    "RebuyError",
    "RebuyPolicy",
    "Reopening",
    "Rng",
    "Rules",
    "SeatError",
    "SeatStatus",
    "SerialMatchWarning",
    "ShowdownOrder",
    "SiteHand",
    "SmallBet",
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
    "ohh",
    "parse_card",
    "parse_cards",
    "phh",
    "play_hand",
    "play_table",
    "play_match",
    "position_names",
    "pot_raise_to",
    "read_histories",
    "summarize",
]
