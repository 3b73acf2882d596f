import numpy as np
import numpy.typing as npt

def matchup_keys() -> npt.NDArray[np.uint32]: ...
def matchup_index(keys: npt.NDArray[np.uint32], a: int, b: int, c: int, d: int) -> tuple[int, bool]: ...
def showdown_estimates(
    codes: npt.NDArray[np.int64],
    chances: npt.NDArray[np.float64],
    keys: npt.NDArray[np.uint32],
    halves: npt.NDArray[np.uint32],
    out: npt.NDArray[np.float64],
) -> None: ...
