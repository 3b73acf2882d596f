from collections.abc import Iterable

from typing import TypeVar

from holdem.actions import Action, LegalActions
from holdem.rules import Rules

_Record = TypeVar("_Record", bound=tuple[object, ...])
_Status = TypeVar("_Status")

def record(cls: type[_Record], fields: tuple[object, ...]) -> _Record: ...

class Betting:
    max_bet: int
    raise_size: int
    raise_count: int
    short_sum: int
    acted: int
    live_count: int
    def __init__(
        self, rules: Rules, stacks: list[int], bets: list[int], contributed: list[int], live: list[bool], dead: int
    ) -> None: ...
    def copy(self, stacks: list[int], bets: list[int], contributed: list[int], live: list[bool]) -> Betting: ...
    def begin(self, seats: Iterable[int], max_bet: int, street_min: int, raise_count: int) -> None: ...
    def close(self) -> Action | None: ...
    @property
    def seats_with_chips(self) -> int: ...
    def statuses(self, active: _Status, all_in: _Status, folded: _Status) -> tuple[_Status, ...]: ...
    def view(
        self,
        cls: type[_Record],
        seat: int,
        hole: tuple[int, ...],
        board: list[int],
        street: object,
        button: int,
        statuses: tuple[object, object, object],
        hidden: tuple[Action, ...],
        history: list[Action],
        dealt: int,
    ) -> _Record: ...
    @property
    def actor(self) -> int | None: ...
    @property
    def aggressor(self) -> int | None: ...
    def legal_actions(self) -> LegalActions | None: ...
    def raise_bounds(self) -> tuple[int, int] | None: ...
    def fold(self) -> Action | None: ...
    def check_or_call(self) -> Action | None: ...
    def raise_to(self, amount: object) -> Action | None: ...
