from typing import Any

import numpy as np
import numpy.typing as npt

MAX_INDEX_BITS: int

class StreetIndexer:
    set_sizes: tuple[int, ...]
    size: int
    def __init__(self, set_sizes: tuple[int, ...]) -> None: ...
    @property
    def cards(self) -> int: ...
    def index(self, cards: bytes | npt.NDArray[np.uint8]) -> int: ...
    def index_rows(self, cards: npt.NDArray[np.uint8], out: npt.NDArray[np.int64], start: int, stop: int) -> int: ...
    def unindex_rows(self, indices: npt.NDArray[np.uint64], out: npt.NDArray[np.uint8], start: int, stop: int) -> None: ...
    def unindex(self, index: int) -> tuple[int, ...]: ...
    def class_sizes(self, cards: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]: ...

class FeatureSums:
    value: npt.NDArray[np.uint64]
    square: npt.NDArray[np.uint64]
    histogram: npt.NDArray[np.uint64]
    boards: npt.NDArray[np.uint64]
    share: npt.NDArray[np.float64]
    weight: npt.NDArray[np.float64]
    def __init__(
        self, row_pairs: npt.NDArray[Any], row_slots: npt.NDArray[Any], slots: int, bins: int,
        opponent: npt.NDArray[np.float64], ranged: bool,
    ) -> None: ...
    def add_boards(
        self, boards: npt.NDArray[np.uint8], weights: npt.NDArray[np.uint64], first_row: int, stop_row: int
    ) -> None: ...
    def add_runouts(
        self, partial: npt.NDArray[np.uint8], row_start: npt.NDArray[np.int64], first: int, stop: int
    ) -> None: ...
