"""Every public entry point of holdem.acpc and holdem.formats answers a wrong type with TypeError and a
wrong value with a HoldemError, and nothing else (README, "Errors"; issue 25, item 5)."""

from __future__ import annotations

import io

import pytest

from holdem import acpc
from holdem.errors import AcpcError, HoldemError
from holdem.formats import acpc_net, log, phh
from holdem.hand import Hand
from holdem.rules import Rules

GAME = acpc.GameDef("nolimit", 2, 4, (100, 50), (2, 1, 1, 1), stacks=(20000, 20000))
STATE = acpc.MatchState.parse("MATCHSTATE:0:30:cc/r250:9s8h|/8c8d5c")
LOG_LINE = "STATE:0:r300f:9s8h|JdTc:-100|100:Alice|Bob"


def running() -> Hand:
    return Hand(Rules.no_limit(50, 100), [20000, 20000], 1, seed=1)


def finished() -> Hand:
    hand = running()
    hand.fold()
    return hand


WRONG = [None, 5, 1.5, True, b"x", [5], object(), {"a": 1}, ("f",), "xyz"]

CALLS = {
    "GameDef.parse": lambda value: acpc.GameDef.parse(value),
    "GameDef.from_rules rules": lambda value: acpc.GameDef.from_rules(value, 2, [100, 100]),
    "GameDef.from_rules players": lambda value: acpc.GameDef.from_rules(Rules.no_limit(1, 2), value, [100, 100]),
    "GameDef.from_rules stacks": lambda value: acpc.GameDef.from_rules(Rules.no_limit(1, 2), 2, value),
    "MatchState.parse": lambda value: acpc.MatchState.parse(value),
    "MatchState.from_hand hand": lambda value: acpc.MatchState.from_hand(value, 0, 1),
    "MatchState.from_hand position": lambda value: acpc.MatchState.from_hand(running(), value, 1),
    "MatchState.from_hand hand_number": lambda value: acpc.MatchState.from_hand(running(), 0, value),
    "MatchState.to_hand": lambda value: STATE.to_hand(value),
    "MatchState.view": lambda value: STATE.view(value),
    "apply_action hand": lambda value: acpc.apply_action(value, "c"),
    "apply_action action": lambda value: acpc.apply_action(running(), value),
    "hand_values": lambda value: acpc.hand_values(value),
    "state_line hand": lambda value: acpc.state_line(value, 0, ["a", "b"]),
    "state_line hand_number": lambda value: acpc.state_line(finished(), value, ["a", "b"]),
    "state_line names": lambda value: acpc.state_line(finished(), 0, value),
    "score_line totals": lambda value: acpc.score_line(value, ["a", "b"]),
    "score_line names": lambda value: acpc.score_line([1, 2], value),
    "read_log lines": lambda value: acpc.read_log(value, GAME),
    "read_log game": lambda value: acpc.read_log([LOG_LINE], value),
    "reference_deals game": lambda value: acpc.reference_deals(value, 1),
    "reference_deals seed": lambda value: acpc.reference_deals(GAME, value),
    "read_action": lambda value: acpc_net.read_action(value, False),
    "Dealer game": lambda value: acpc_net.Dealer(value, hands=1, seed=1).close(),
    "Dealer hands": lambda value: acpc_net.Dealer(GAME, hands=value, seed=1).close(),
    "Dealer port": lambda value: acpc_net.Dealer(GAME, hands=1, seed=1, port=value).close(),
    "phh.loads": lambda value: phh.loads(value),
    "phh.load": lambda value: phh.load(value),
    "phh.load_all": lambda value: list(phh.load_all(value)),
    "phh.dumps": lambda value: phh.dumps(value),
    "phh.dump record": lambda value: phh.dump(value, io.StringIO()),
    "phh.dump file": lambda value: phh.dump(finished(), value),
    "phh.dump_all records": lambda value: phh.dump_all(value, io.StringIO()),
    "phh.dump_all file": lambda value: phh.dump_all([finished()], value),
    "HandHistory hand": lambda value: phh.HandHistory(value, {}),
    "HandHistory fields": lambda value: phh.HandHistory(finished(), value),
    "hand_log hand": lambda value: log.hand_log(value),
    "hand_log names": lambda value: log.hand_log(finished(), value),
    "log_steps hand": lambda value: log.log_steps(value),
    "log_steps names": lambda value: log.log_steps(finished(), value),
}


@pytest.mark.parametrize("value", WRONG, ids=repr)
@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
def test_a_wrong_argument_raises_a_type_error_or_a_holdem_error(call, value):
    try:
        call(value)
    except (TypeError, HoldemError):
        pass


@pytest.mark.parametrize(
    "call",
    [
        lambda: acpc.GameDef.parse(None),
        lambda: acpc.read_log([5], GAME),
        lambda: acpc.read_log(LOG_LINE, GAME),
        lambda: acpc.MatchState.parse(b"MATCHSTATE:0:0::AsKd|"),
        lambda: acpc.reference_deals(GAME, 1.0),
        lambda: acpc_net.play_client("127.0.0.1", 1.5, "call"),
        lambda: acpc_net.Dealer(GAME, hands=True),
        lambda: phh.dumps("a hand"),
        lambda: phh.dump(finished(), "out.phh"),
    ],
)
def test_the_issue_cases_are_type_errors(call):
    with pytest.raises(TypeError):
        call()


@pytest.mark.parametrize("host", ["x" * 300, "\udcff"])
def test_a_host_the_resolver_cannot_encode_is_an_acpc_error(host):
    # The resolver raises UnicodeError, which is not an OSError.
    with pytest.raises(AcpcError, match="not a host name or address"):
        acpc_net.play_client(host, 1, "call")


def test_names_of_the_wrong_count_are_refused():
    with pytest.raises(AcpcError, match="give 2 names"):
        acpc.state_line(finished(), 0, ["a"])
    with pytest.raises(HoldemError, match="1 names for 2 seats"):
        log.hand_log(finished(), ["a"])
