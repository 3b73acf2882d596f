import re
from decimal import Decimal

from holdem.formats.parsing import ParsedHand

CARDS: re.Pattern[str]
COLLECTED: re.Pattern[str]
DEALT: re.Pattern[str]
INFORMATION: re.Pattern[str]
RETURNED: re.Pattern[str]
STREETS: dict[str, int]
TABLE: re.Pattern[str]

def read_hand(lines: list[str], line: int, parsed: ParsedHand) -> ParsedHand: ...
def read_stakes(parsed: ParsedHand, stakes: re.Match[str], in_chips: bool) -> None: ...
def read_lines(
    parsed: ParsedHand, lines: list[str], position: int, number: int, names: set[str], dealt_in: set[str]
) -> tuple[bool, bool, dict[str, Decimal], dict[int, tuple[int, ...]]]: ...
def action(text: str, names: set[str]) -> tuple[str, str, list[str]] | None: ...
def decision(
    parsed: ParsedHand, name: str, verb: str, words: list[str], street: int, number: int, dealt_in: set[str]
) -> None: ...
def seat_line(text: str) -> tuple[str, str, str, str | None, str] | None: ...
def summary_line(parsed: ParsedHand, text: str, number: int, boards: dict[int, tuple[int, ...]]) -> None: ...
