from collections.abc import Iterable, Mapping, Sequence
from typing import SupportsIndex, TypeVar

from typing_extensions import Self

from holdem.actions import Action, LegalActions
from holdem.cards import Card, CardsLike
from holdem.hand import SeatStatus
from holdem.rules import Rules

_Record = TypeVar("_Record", bound=tuple[object, ...])

def record(cls: type[_Record], fields: tuple[object, ...]) -> _Record: ...
def configure(
    view_cls: type[tuple[object, ...]],
    streets: tuple[object, ...],
    status_kinds: tuple[object, object, object],
    hidden: tuple[Action, ...],
    seat_positions: dict[tuple[int, int, bool], tuple[str, ...]],
) -> None: ...

class HandCore:
    rules: Rules
    _count: int
    _button: int
    _street: int
    _cards_needed: int
    _runs: int
    _order: tuple[int, ...]
    _starting: tuple[int, ...]
    _deck: tuple[Card, ...]
    _table_seats: tuple[int, ...]
    _positions: tuple[str, ...]
    _straddles: tuple[int, ...]
    _exposed: tuple[Card, ...]
    _stacks: list[int]
    _bets: list[int]
    _contributed: list[int]
    _live: list[bool]
    _hole: list[tuple[Card, ...]]
    _board: list[Card]
    _extra_boards: list[list[Card]]
    _waiting: list[int]
    _dead: int
    _rake: int
    _next_card: int
    _dealt: int
    _runout_from: int | None
    _over: bool
    _manual: bool
    _waits: bool
    _dead_small_blind: bool
    _decided: dict[int, bool]
    _run_requests: dict[int, int | None]
    _posts: dict[int, tuple[int, int]]
    @property
    def _max_bet(self) -> int: ...
    @property
    def _raise_count(self) -> int: ...
    @property
    def _short_sum(self) -> int: ...
    @property
    def _acted(self) -> int: ...
    def _start(
        self,
        rules: Rules,
        stacks: Sequence[int],
        button: int | None,
        seed: int | None,
        deck: CardsLike | None,
        hole_cards: Sequence[CardsLike | None] | None,
        board: CardsLike | None,
        dead_small_blind: bool,
        posts: Mapping[int, tuple[int, int]] | None,
        manual_showdown: bool,
        table_seats: Sequence[int] | None,
        straddles: Sequence[int] | None,
    ) -> None: ...
    def _begin(self, seats: Iterable[int], max_bet: int, street_min: int, raise_count: int) -> None: ...
    @property
    def statuses(self) -> tuple[SeatStatus, ...]: ...
    @property
    def actor(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    def legal_actions(self) -> LegalActions | None: ...
    def _raise_bounds(self) -> tuple[int, int] | None: ...
    def fold(self) -> Action: ...
    def check(self) -> Action: ...
    def call(self) -> Action: ...
    def check_or_call(self) -> Action: ...
    def raise_to(self, amount: SupportsIndex) -> Action: ...
    def _new_board_cards(self, cards: object) -> tuple[Card, ...] | None: ...
    def _deal_board(self, codes: tuple[Card, ...]) -> Action: ...
    def _turn_up_hands(self) -> bool: ...
    def _run_out(self) -> None: ...
    def _showdown(self) -> None: ...
    def _hidden_view(self, seat: int) -> tuple[object, ...] | None: ...
    def _records(self) -> list[Action]: ...
    def _record(self, action: Action) -> None: ...
    def _rewrite(self, records: list[Action]) -> None: ...
    @property
    def history(self) -> tuple[Action, ...]: ...
    def copy(self) -> Self: ...
