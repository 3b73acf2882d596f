import numpy as np
import numpy.typing as npt

from holdem._core import Rng
from holdem.rules import Rules

class VectorCore:
    count: int
    players: int
    def __init__(
        self,
        rules: Rules,
        players: int,
        count: int,
        straddles: tuple[int, ...],
        stack: int,
        carry: bool,
        seed: int,
        first_table: int,
    ) -> None: ...
    def step(
        self,
        kinds: npt.NDArray[np.int64],
        amounts: npt.NDArray[np.int64],
        rewards: npt.NDArray[np.int64],
        done: npt.NDArray[np.uint8],
        seen: tuple[npt.NDArray[np.generic], ...],
    ) -> int: ...
    def random_decisions(self, rng: Rng, kinds: npt.NDArray[np.int64], amounts: npt.NDArray[np.int64]) -> None: ...
    def legal(self, index: int) -> tuple[int, bool, int, int, int]: ...
    def refusal(self, index: int, kind: int, amount: int) -> int: ...
    def last_hand(self, index: int) -> tuple[list[int], int, list[int], list[tuple[int, int]]] | None: ...
    def observe(self, seen: tuple[npt.NDArray[np.generic], ...]) -> None: ...
    def deals(
        self,
        hole_cards: npt.NDArray[np.int8],
        board: npt.NDArray[np.int8],
        starting: npt.NDArray[np.int64],
        button: npt.NDArray[np.int8],
    ) -> None: ...
