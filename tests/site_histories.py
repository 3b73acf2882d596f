"""The checks every site's fixtures pass (tests/test_histories_<site>.py): each hand imported gives
each player the result worked out by hand, the rake too, and the problems are those expected."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from holdem.formats.histories import SiteHand, read_histories


def check_fixtures(
    folder: Path,
    site: str,
    net: dict[str, dict[str, str]],
    problems: dict[tuple[str, int, str | None], str],
    rake: dict[str, str] | None = None,
) -> dict[str, SiteHand]:
    """Read ``folder``; every record's net is ``net``'s (and its rake ``rake``'s, 0 when not named),
    and the problems, by (file name, line, hand id), start with the reasons of ``problems``; those
    of files named ``skipped*`` are skipped hands.  The records by hand id."""
    reader = read_histories(folder)
    records = list(reader)
    for record in records:
        assert record.site == site
        assert dict(zip(record.players, record.net)) == {name: Decimal(amount) for name, amount in net[record.hand_id].items()}
        if rake is not None:
            assert record.rake == Decimal(rake.get(record.hand_id, "0")), record.hand_id
        assert sum(record.net) + record.rake + record.jackpot == 0
    assert sorted(record.hand_id for record in records) == sorted(net)
    found = {(Path(problem.file).name, problem.line, problem.hand_id): problem for problem in reader.problems}
    assert set(found) == set(problems)
    for key, reason in problems.items():
        assert found[key].reason.startswith(reason) and found[key].site == site
        assert found[key].skipped == key[0].startswith("skipped")
    return {record.hand_id: record for record in records}

