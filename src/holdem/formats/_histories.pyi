from collections import Counter
from collections.abc import Callable, Iterable, Iterator

from holdem.formats.histories import Summary
from holdem.formats.parsing import ParsedHand, Problem, Site, SiteHand

def import_hands(
    sources: Iterable[object],
    open_all: Callable[[object, Callable[[Problem], None]], Iterator[tuple[str, Iterator[list[str]]]]],
    report: Callable[[Problem], None],
    sites: set[str],
    summary: Summary,
) -> Iterator[SiteHand]: ...
def count_hand(
    games: dict[tuple[str, str], Counter[str]], problems: Counter[str], site: str, game: str, problem: str | None
) -> None: ...

def split_hands(
    name: str, blocks: Iterator[list[str]], report: Callable[[Problem], None], pause: list[object] | None = None
) -> Iterator[tuple[Site, int, list[str], tuple[int, str] | None] | None]: ...
POST_KINDS: tuple[str, ...]
VERBS: tuple[str, ...]

class Script:
    """A hand as the replay reads it (see :func:`replay`)."""

    @property
    def site(self) -> str: ...
    @property
    def hand_id(self) -> str: ...
    @property
    def game(self) -> str: ...

def places_of(parsed: ParsedHand) -> int: ...
def replay(parsed: ParsedHand | Script, source: str = "<file>") -> SiteHand: ...
def text_lines(pieces: Iterable[str] | Iterable[bytes], newline: str | bytes, longest: int) -> Iterator[list[str]]: ...
def site_of(line: str) -> Site | None: ...
def too_long(lines: list[str]) -> list[int]: ...
