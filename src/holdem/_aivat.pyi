import array
import collections
from collections.abc import Collection, Iterator, Mapping, Sequence

import numpy as np
import numpy.typing as npt

from holdem.actions import Action
from holdem.errors import AgentError
from holdem.hand import Hand
from holdem.views import HandView

def matchup_keys() -> npt.NDArray[np.uint32]: ...
def matchup_index(keys: npt.NDArray[np.uint32], a: int, b: int, c: int, d: int) -> tuple[int, bool]: ...
def showdown_estimates(
    codes: array.array[int],
    chances: array.array[float],
    keys: npt.NDArray[np.uint32],
    halves: npt.NDArray[np.uint32],
    out: npt.NDArray[np.float64],
) -> None: ...
def plain(decision: object, view: HandView) -> Action | None: ...
def uncertain(chances: Mapping[object, float], taken: Action) -> bool: ...
def unplayed(taken: Action) -> AgentError: ...
def asked_of(
    history: Sequence[Action],
    queues: list[collections.deque[tuple[HandView, Mapping[object, float]]]],
    faulted: Collection[int],
) -> list[tuple[HandView, Mapping[object, float]] | None]: ...
def encode(
    hand: Hand,
    holes: tuple[tuple[int, ...], ...],
    asked: Iterator[tuple[HandView, Mapping[object, float]] | None],
    codes: list[int],
    chances: list[float],
) -> bool: ...
