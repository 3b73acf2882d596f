"""The ACPC protocol: game definitions, match states (the protocol's worked examples) and match logs."""

import dataclasses
import re
from fractions import Fraction
from pathlib import Path

import pytest

from holdem import phh
from holdem.agents import RandomBot, play_hand
from holdem.errors import AcpcError, IllegalActionError
from holdem.cards import format_cards
from holdem.formats.acpc import GameDef, MatchState, apply_action, hand_values, read_log, reference_deals, state_line
from holdem.hand import Hand
from holdem.rules import Rules

LIMIT_2P = GameDef.parse("""\
# heads-up limit, reverse blinds
GAMEDEF
limit
numPlayers = 2
numRounds = 4
blind = 10 5
raiseSize = 10 10 20 20
firstPlayer = 2 1 1 1
maxRaises = 3 4 4 4
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
""")
NOLIMIT_2P = GameDef.parse("""\
GAMEDEF
nolimit
numPlayers = 2
numRounds = 4
stack = 20000 20000
blind = 100 50
firstPlayer = 2 1 1 1
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
""")
LIMIT_3P = GameDef.parse("""\
gamedef
LIMIT
NUMPLAYERS = 3
numrounds 4
blind = 5 10 0   # small blind, big blind, button
raisesize = 10 10 20 20
firstplayer = 3 1 1 1
maxraises = 3 4 4 4
numsuits = 4
numranks = 13
numholecards = 2
numboardcards = 0 3 1 1
end gamedef
""")
NOLIMIT_3P = GameDef("nolimit", 3, 4, (50, 100, 0), (3, 1, 1, 1), stacks=(20000, 20000, 20000))

# The protocol's examples: S-> from the server, <-C the client's response.
LIMIT_2P_EXAMPLE = """
S-> MATCHSTATE:0:0::TdAs|
S-> MATCHSTATE:0:0:r:TdAs|
<-C MATCHSTATE:0:0:r:TdAs|:r
S-> MATCHSTATE:0:0:rr:TdAs|
S-> MATCHSTATE:0:0:rrc/:TdAs|/2c8c3h
<-C MATCHSTATE:0:0:rrc/:TdAs|/2c8c3h:r
S-> MATCHSTATE:0:0:rrc/r:TdAs|/2c8c3h
S-> MATCHSTATE:0:0:rrc/rc/:TdAs|/2c8c3h/9c
<-C MATCHSTATE:0:0:rrc/rc/:TdAs|/2c8c3h/9c:c
S-> MATCHSTATE:0:0:rrc/rc/c:TdAs|/2c8c3h/9c
S-> MATCHSTATE:0:0:rrc/rc/cr:TdAs|/2c8c3h/9c
<-C MATCHSTATE:0:0:rrc/rc/cr:TdAs|/2c8c3h/9c:c
S-> MATCHSTATE:0:0:rrc/rc/crc/:TdAs|/2c8c3h/9c/Kh
<-C MATCHSTATE:0:0:rrc/rc/crc/:TdAs|/2c8c3h/9c/Kh:c
S-> MATCHSTATE:0:0:rrc/rc/crc/c:TdAs|/2c8c3h/9c/Kh
S-> MATCHSTATE:0:0:rrc/rc/crc/cr:TdAs|/2c8c3h/9c/Kh
<-C MATCHSTATE:0:0:rrc/rc/crc/cr:TdAs|/2c8c3h/9c/Kh:c
S-> MATCHSTATE:0:0:rrc/rc/crc/crc:TdAs|8hTc/2c8c3h/9c/Kh
S-> MATCHSTATE:1:1::|Qd7c
<-C MATCHSTATE:1:1::|Qd7c:r
S-> MATCHSTATE:1:1:r:|Qd7c
S-> MATCHSTATE:1:1:rr:|Qd7c
<-C MATCHSTATE:1:1:rr:|Qd7c:c
S-> MATCHSTATE:1:1:rrc/:|Qd7c/2h8h5c
S-> MATCHSTATE:1:1:rrc/r:|Qd7c/2h8h5c
<-C MATCHSTATE:1:1:rrc/r:|Qd7c/2h8h5c:c
S-> MATCHSTATE:1:1:rrc/rc/:|Qd7c/2h8h5c/Th
S-> MATCHSTATE:1:1:rrc/rc/r:|Qd7c/2h8h5c/Th
<-C MATCHSTATE:1:1:rrc/rc/r:|Qd7c/2h8h5c/Th:f
S-> MATCHSTATE:1:1:rrc/rc/rf:|Qd7c/2h8h5c/Th
S-> MATCHSTATE:0:2::9d7s|
S-> MATCHSTATE:0:2:r:9d7s|
<-C MATCHSTATE:0:2:r:9d7s|:c
S-> MATCHSTATE:0:2:rc/:9d7s|/5d2cJc
<-C MATCHSTATE:0:2:rc/:9d7s|/5d2cJc:c
S-> MATCHSTATE:0:2:rc/c:9d7s|/5d2cJc
S-> MATCHSTATE:0:2:rc/cc/:9d7s|/5d2cJc/3d
<-C MATCHSTATE:0:2:rc/cc/:9d7s|/5d2cJc/3d:c
S-> MATCHSTATE:0:2:rc/cc/c:9d7s|/5d2cJc/3d
S-> MATCHSTATE:0:2:rc/cc/cr:9d7s|/5d2cJc/3d
<-C MATCHSTATE:0:2:rc/cc/cr:9d7s|/5d2cJc/3d:f
S-> MATCHSTATE:0:2:rc/cc/crf:9d7s|/5d2cJc/3d
"""
NOLIMIT_2P_EXAMPLE = """
S-> MATCHSTATE:0:30::9s8h|
S-> MATCHSTATE:0:30:c:9s8h|
<-C MATCHSTATE:0:30:c:9s8h|:c
S-> MATCHSTATE:0:30:cc/:9s8h|/8c8d5c
<-C MATCHSTATE:0:30:cc/:9s8h|/8c8d5c:r250
S-> MATCHSTATE:0:30:cc/r250:9s8h|/8c8d5c
S-> MATCHSTATE:0:30:cc/r250c/:9s8h|/8c8d5c/6s
<-C MATCHSTATE:0:30:cc/r250c/:9s8h|/8c8d5c/6s:r500
S-> MATCHSTATE:0:30:cc/r250c/r500:9s8h|/8c8d5c/6s
S-> MATCHSTATE:0:30:cc/r250c/r500c/:9s8h|/8c8d5c/6s/2d
<-C MATCHSTATE:0:30:cc/r250c/r500c/:9s8h|/8c8d5c/6s/2d:r1250
S-> MATCHSTATE:0:30:cc/r250c/r500c/r1250:9s8h|/8c8d5c/6s/2d
S-> MATCHSTATE:0:30:cc/r250c/r500c/r1250c:9s8h|9c6h/8c8d5c/6s/2d
S-> MATCHSTATE:1:31::|JdTc
<-C MATCHSTATE:1:31::|JdTc:r300
S-> MATCHSTATE:1:31:r300:|JdTc
S-> MATCHSTATE:1:31:r300r900:|JdTc
<-C MATCHSTATE:1:31:r300r900:|JdTc:c
S-> MATCHSTATE:1:31:r300r900c/:|JdTc/6dJc9c
S-> MATCHSTATE:1:31:r300r900c/r1800:|JdTc/6dJc9c
<-C MATCHSTATE:1:31:r300r900c/r1800:|JdTc/6dJc9c:r3600
S-> MATCHSTATE:1:31:r300r900c/r1800r3600:|JdTc/6dJc9c
S-> MATCHSTATE:1:31:r300r900c/r1800r3600r9000:|JdTc/6dJc9c
<-C MATCHSTATE:1:31:r300r900c/r1800r3600r9000:|JdTc/6dJc9c:c
S-> MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/:|JdTc/6dJc9c/Kh
S-> MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/r20000:|JdTc/6dJc9c/Kh
<-C MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/r20000:|JdTc/6dJc9c/Kh:c
S-> MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/r20000c/:KsJs|JdTc/6dJc9c/Kh/Qc
"""
LIMIT_3P_EXAMPLE = """
S-> MATCHSTATE:2:55::||AsTs
<-C MATCHSTATE:2:55::||AsTs:r
S-> MATCHSTATE:2:55:r:||AsTs
S-> MATCHSTATE:2:55:rc:||AsTs
S-> MATCHSTATE:2:55:rcc/:||AsTs/4cJh8h
S-> MATCHSTATE:2:55:rcc/r:||AsTs/4cJh8h
S-> MATCHSTATE:2:55:rcc/rf:||AsTs/4cJh8h
<-C MATCHSTATE:2:55:rcc/rf:||AsTs/4cJh8h:c
S-> MATCHSTATE:2:55:rcc/rfc/:||AsTs/4cJh8h/Kd
S-> MATCHSTATE:2:55:rcc/rfc/r:||AsTs/4cJh8h/Kd
<-C MATCHSTATE:2:55:rcc/rfc/r:||AsTs/4cJh8h/Kd:c
S-> MATCHSTATE:2:55:rcc/rfc/rc/:||AsTs/4cJh8h/Kd/8c
S-> MATCHSTATE:2:55:rcc/rfc/rc/r:||AsTs/4cJh8h/Kd/8c
<-C MATCHSTATE:2:55:rcc/rfc/rc/r:||AsTs/4cJh8h/Kd/8c:f
S-> MATCHSTATE:2:55:rcc/rfc/rc/rf:||AsTs/4cJh8h/Kd/8c
S-> MATCHSTATE:0:90::Ad6h||
S-> MATCHSTATE:0:90:c:Ad6h||
<-C MATCHSTATE:0:90:c:Ad6h||:r
S-> MATCHSTATE:0:90:cr:Ad6h||
S-> MATCHSTATE:0:90:crf:Ad6h||
S-> MATCHSTATE:0:90:crfc/:Ad6h||/TsKd7h
<-C MATCHSTATE:0:90:crfc/:Ad6h||/TsKd7h:r
S-> MATCHSTATE:0:90:crfc/r:Ad6h||/TsKd7h
S-> MATCHSTATE:0:90:crfc/rc/:Ad6h||/TsKd7h/Kh
<-C MATCHSTATE:0:90:crfc/rc/:Ad6h||/TsKd7h/Kh:r
S-> MATCHSTATE:0:90:crfc/rc/r:Ad6h||/TsKd7h/Kh
S-> MATCHSTATE:0:90:crfc/rc/rc/:Ad6h||/TsKd7h/Kh/6d
<-C MATCHSTATE:0:90:crfc/rc/rc/:Ad6h||/TsKd7h/Kh/6d:r
S-> MATCHSTATE:0:90:crfc/rc/rc/r:Ad6h||/TsKd7h/Kh/6d
S-> MATCHSTATE:0:90:crfc/rc/rc/rc:Ad6h||Td2h/TsKd7h/Kh/6d
"""


def flat(state):
    return [action for actions in state.betting for action in actions]


@pytest.mark.parametrize(
    "game, example",
    [(LIMIT_2P, LIMIT_2P_EXAMPLE), (NOLIMIT_2P, NOLIMIT_2P_EXAMPLE), (LIMIT_3P, LIMIT_3P_EXAMPLE)],
    ids=["limit-2p", "nolimit-2p", "limit-3p"],
)
def test_protocol_examples(game, example):
    lines = [line.split(" ", 1) for line in example.strip().splitlines()]
    for index, (sender, text) in enumerate(lines):
        if sender == "S->":
            state = MatchState.parse(text)
            assert str(state) == text
            hand = state.to_hand(game)
            assert str(MatchState.from_hand(hand, state.position, state.hand_number)) == text
            continue
        sent, action = text.rsplit(":", 1)
        assert sent == lines[index - 1][1]
        state = MatchState.parse(sent)
        hand = state.to_hand(game)
        assert hand.actor == state.position and not hand.is_over
        apply_action(hand, action)
        assert flat(MatchState.parse(lines[index + 1][1])) == flat(state) + [action]


def test_showdown_shows_the_hands_still_in_and_the_values():
    hand = MatchState.parse("MATCHSTATE:0:30:cc/r250c/r500c/r1250c:9s8h|9c6h/8c8d5c/6s/2d").to_hand(NOLIMIT_2P)
    assert hand.is_over and hand.payoffs == (1250, -1250)
    final = "MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/r20000c/:KsJs|JdTc/6dJc9c/Kh/Qc"
    hand = MatchState.parse(final).to_hand(NOLIMIT_2P)
    assert hand.is_over and hand.payoffs == (-20000, 20000)  # Jd Tc makes a straight
    assert state_line(hand, 31, ["a", "b"]) == (
        "STATE:31:r300r900c/r1800r3600r9000c/r20000c/:KsJs|JdTc/6dJc9c/Kh/Qc:-20000|20000:a|b"
    )


def test_reverse_blinds_heads_up():
    # firstPlayer = 2 1 1 1: player 1 (the button, small blind) acts first preflop, player 0 after.
    assert NOLIMIT_2P.button == 1
    hand = MatchState.parse("MATCHSTATE:0:0::AsAd|").to_hand(NOLIMIT_2P)
    assert hand.bets == (100, 50) and hand.actor == 1
    assert MatchState.parse("MATCHSTATE:0:0:cc/:AsAd|/2c3c4c").to_hand(NOLIMIT_2P).actor == 0


def test_blinds_in_player_order_place_the_button():
    game = dataclasses.replace(NOLIMIT_2P, blinds=(50, 100), first_players=(1, 2, 2, 2))
    assert game.button == 0
    hand = MatchState.parse("MATCHSTATE:1:0:r300:|AsAd").to_hand(game)
    assert hand.bets == (300, 100) and hand.actor == 1
    assert NOLIMIT_3P.button == 2 and NOLIMIT_3P.rules().small_blind == 50


def test_no_limit_raise_is_the_total_in_the_hand():
    state = MatchState.parse("MATCHSTATE:0:30:cc/r250c/r500:9s8h|/8c8d5c/6s")
    hand = state.to_hand(NOLIMIT_2P)
    assert hand.bets == (250, 0) and hand.stacks == (19500, 19750)


def test_game_definition_round_trip():
    for game in (LIMIT_2P, NOLIMIT_2P, LIMIT_3P, NOLIMIT_3P):
        assert GameDef.parse(str(game)) == game
    assert LIMIT_3P.rules().blind_counts_as_bet and LIMIT_3P.rules().max_bets == 4
    assert LIMIT_2P.starting_stacks == (2**31 - 1,) * 2


def test_game_definitions_from_rules():
    for game in (LIMIT_2P, NOLIMIT_2P, LIMIT_3P, NOLIMIT_3P):
        assert GameDef.from_rules(game.rules(), game.players, game.stacks) == game
    straddled = Rules.no_limit(
        1, 2, min_bet=4, straddles=(4,), voluntary_straddles=False, all_hands_show=True, reopening="acpc"
    )
    game = GameDef.from_rules(straddled, 6, [200] * 6)
    assert game.blinds == (1, 2, 4, 0, 0, 0) and game.first_players == (4, 1, 1, 1)
    assert game.rules() == straddled


@pytest.mark.parametrize(
    "rules, message",
    [
        (Rules.no_limit(1, 2, ante=1), "ante"),
        (Rules.pot_limit(1, 2), "structure"),
        (Rules.no_limit(1, 2, runouts=2), "runouts"),
        (Rules.no_limit(1, 2, rake=Fraction(1, 20), rake_cap=3), "rake"),
        (Rules.fixed_limit(2, 4, 1, 2, uncapped_heads_up=True), "uncapped_heads_up"),
    ],
)
def test_rules_a_game_definition_cannot_state(rules, message):
    with pytest.raises(AcpcError, match=message):
        GameDef.from_rules(rules, 3, [200] * 3)


def test_no_limit_game_definitions_need_stacks():
    with pytest.raises(AcpcError, match="stacks"):
        GameDef.from_rules(Rules.no_limit(1, 2), 2)
    with pytest.raises(AcpcError, match="one per player"):
        GameDef.from_rules(Rules.no_limit(1, 2), 2, [200])


@pytest.mark.parametrize(
    "change, field",
    [
        ({"suits": 3}, "numSuits"),
        ({"ranks": 6}, "numRanks"),
        ({"hole_cards": 1}, "numHoleCards"),
        ({"rounds": 2, "first_players": (1, 1), "board_cards": (0, 1)}, "numRounds"),
        ({"board_cards": (0, 3, 2, 0)}, "numBoardCards"),
        ({"blinds": (0, 0, 0)}, "blind"),
        ({"first_players": (1, 1, 1, 1)}, "firstPlayer"),
        ({"max_raises": (3, 4, 4, 4)}, "maxRaises"),
    ],
)
def test_unplayable_game_names_the_field(change, field):
    with pytest.raises(AcpcError, match=f"^{field} "):
        dataclasses.replace(NOLIMIT_3P, **change).rules()


@pytest.mark.parametrize(
    "text, message",
    [
        ("GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nblind = 1 2\nbogus = 3\n", "bogus"),
        ("GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nblind = 1 two\n", "blind"),
        ("GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nblind = 1 2 3\n", "blind"),
        ("GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\n", "blind"),
        ("GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 4\nblind = 2 1\n", "raiseSize"),
        ("GAMEDEF\nnolimit\nnumPlayers = 11\nnumRounds = 4\nblind = 1 2\n", "numPlayers"),
    ],
)
def test_bad_game_definitions(text, message):
    with pytest.raises(AcpcError, match=message):
        GameDef.parse(text)


@pytest.mark.parametrize(
    "text",
    [
        "MATCHSTATE:0:0:x:AsAd|",
        "MATCHSTATE:1:0::AsAd",
        "MATCHSTATE:0:0:cc/:AsAd|",
        "MATCHSTATE:0:0::AsXd|",
        "MATCHSTATE:a:0::AsAd|",
        "STATE:0:0::AsAd|",
    ],
)
def test_bad_match_states(text):
    with pytest.raises(AcpcError):
        MatchState.parse(text)


@pytest.mark.parametrize(
    "text",
    [
        "MATCHSTATE:0:0:ccc:AsAd|",  # the round ended before the third action
        "MATCHSTATE:0:0:r:AsAd|",  # a no-limit raise needs a size
        "MATCHSTATE:0:0:r50:AsAd|",  # below the big blind
        "MATCHSTATE:0:0:cc/:AsAd|/2c3c",  # two cards on the flop
        "MATCHSTATE:0:0:c:AsAd||",  # three players
        "MATCHSTATE:0:0:r300:AsAd|/2c3c4c",  # the round is not over
    ],
)
def test_states_the_game_does_not_allow(text):
    with pytest.raises(AcpcError):
        MatchState.parse(text).to_hand(NOLIMIT_2P)


def test_apply_action_refuses_what_the_rules_refuse():
    hand = MatchState.parse("MATCHSTATE:0:0::AsAd|").to_hand(NOLIMIT_2P)
    with pytest.raises(IllegalActionError):
        apply_action(hand, "r20001")
    with pytest.raises(AcpcError):
        apply_action(hand, "x")
    assert hand.actor == 1 and hand.bets == (100, 50)


def played_hands(game, count, seed):
    bots = [RandomBot(seed=seed + seat) for seat in range(game.players)]
    for number in range(count):
        hand = Hand(game.rules(), game.starting_stacks, game.button, seed=seed * 1000 + number)
        yield number, hand, bots


@pytest.mark.parametrize("game", [NOLIMIT_2P, NOLIMIT_3P, LIMIT_2P, LIMIT_3P], ids=["nl2", "nl3", "fl2", "fl3"])
def test_every_view_round_trips_through_a_hand(game):
    for number, hand, bots in played_hands(game, 40, 3):
        while True:
            for position in range(game.players):
                state = MatchState.from_hand(hand, position, number)
                assert MatchState.parse(str(state)) == state
                again = state.to_hand(game)
                assert MatchState.from_hand(again, position, number) == state
                assert again.view(position).legal_actions == hand.view(position).legal_actions
            if hand.is_over:
                break
            decision = bots[hand.actor].act(hand.view(hand.actor))
            hand.act(*decision) if isinstance(decision, tuple) else hand.act(decision)


def test_logs_read_back_checked_and_to_phh():
    lines, names = [], ["ann", "bob", "cy"]
    for number, hand, bots in played_hands(NOLIMIT_3P, 60, 5):
        play_hand(hand, bots)
        seats = [names[(position + number) % 3] for position in range(3)]
        lines.append(state_line(hand, number, seats))
        assert sum(hand_values(hand)) == 0
    log = read_log(lines, NOLIMIT_3P)
    assert [logged.number for logged in log.hands] == list(range(60)) and log.score is None
    for logged in log.hands:
        assert all(abs(value - payoff) < 1 for value, payoff in zip(logged.values, logged.hand.payoffs))
        again = phh.loads(phh.dumps(logged.history()))
        assert again.hand.stacks == logged.hand.stacks and again.fields["players"][0] == logged.names[0]
    start, _, players = lines[0].rsplit(":", 2)
    with pytest.raises(AcpcError, match=re.escape("log line 2: the values 1|-1|0")):
        read_log(["# a comment", f"{start}:1|-1|0:{players}"], NOLIMIT_3P)


def test_split_pots_are_shared_as_fractions():
    even = "STATE:0:r300cc/ccc/ccc/ccc:AsKd|AhKc|7c2d/QsJh3c/4d/9s:300|300|-600:a|b|c"
    with pytest.raises(AcpcError, match=re.escape("150|150|-300")):
        read_log([even], NOLIMIT_3P)
    odd = "STATE:0:r201cc/ccc/ccc/ccc:AsKd|AhKc|7c2d/QsJh3c/4d/9s:100.5|100.5|-201:a|b|c"
    log = read_log([odd, "SCORE:-201|100.5|100.5:c|a|b"], NOLIMIT_3P)
    assert log.hands[0].values == (100.5, 100.5, -201.0) and log.score == {"a": 100.5, "b": 100.5, "c": -201}
    assert log.hands[0].hand.payoffs in ((101, 100, -201), (100, 101, -201))
    with pytest.raises(AcpcError, match="score"):
        read_log([odd, "SCORE:-201|101|100:c|a|b"], NOLIMIT_3P)


@pytest.mark.parametrize("name", ["holdem.nolimit.2p.game", "holdem.limit.3p.game"])
def test_the_example_game_definitions_are_playable(name):
    path = Path(__file__).resolve().parent.parent / "examples" / name
    game = GameDef.parse(path.read_text())
    assert game.rules().big_blind == {"holdem.nolimit.2p.game": 100, "holdem.limit.3p.game": 10}[name]


@pytest.mark.parametrize(
    "text, message",
    [
        ("nolimit\nnumPlayers = 2\nnumRounds = 200000000\nblind = 100 50", "1 to 4 rounds"),
        ("nolimit\nnumPlayers = 2\nnumRounds = 4999999999999\nblind = 100 50", "up to 10 digits"),
        ("nolimit\nnumPlayers = 2\nnumRounds = 1" + "0" * 21 + "\nblind = 100 50", "up to 10 digits"),
        ("nolimit\nnumPlayers = -\nnumRounds = 4\nblind = 100 50", "up to 10 digits"),
        ("nolimit\nnumPlayers = 2\nstack = 1-2 3\nnumRounds = 4\nblind = 100 50", "up to 10 digits"),
        ("nolimit\nnumPlayers = " + "9" * 5000, "up to 10 digits"),
        ("nolimit\nnumPlayers = 2\nnumRounds = 4\nblind = " + "1 " * 11, "1 to 10 numbers"),
    ],
)
def test_game_definition_numbers_are_bounded_before_use(text, message):
    with pytest.raises(AcpcError, match=message):
        GameDef.parse(text)


def test_a_game_of_other_rounds_names_them_before_seating():
    game = GameDef.parse("limit\nnumPlayers=2\nnumRounds=1\nblind=2 1\nraiseSize=2\nfirstPlayer=2\nnumBoardCards=0")
    with pytest.raises(AcpcError, match="numRounds 1: holdem plays Texas Hold'em"):
        game.button


@pytest.mark.parametrize(
    "text",
    [
        "MATCHSTATE:" + "1" * 5000 + ":0::AsKs|",
        "MATCHSTATE:0:" + "1" * 5000 + "::AsKs|",
        "MATCHSTATE:0:0:r" + "1" * 5000 + ":AsKs|",
    ],
)
def test_match_state_numbers_are_bounded(text):
    with pytest.raises(AcpcError, match="match state"):
        MatchState.parse(text)


def test_a_state_with_more_rounds_than_the_game():
    state = MatchState.parse("MATCHSTATE:0:0:cc/cc/cc/cc/:AsKs|/2c3c4c/5c/6c/7c")
    with pytest.raises(AcpcError, match="5 rounds, the game has 4"):
        state.to_hand(NOLIMIT_2P)


@pytest.mark.parametrize(
    "lines",
    [
        ["STATE:0:r300f:9s8h|JdTc:nan|nan:Alice|Bob", "SCORE:nan|nan:Alice|Bob"],
        ["STATE:0:r300f:9s8h|JdTc:-100|100:Alice|Bob", "SCORE:inf|-inf:Alice|Bob"],
        ["STATE:0:r300f:9s8h|JdTc:-1e2|1e2:Alice|Bob"],
        ["STATE:" + "1" * 5000 + ":r300f:9s8h|JdTc:-100|100:Alice|Bob"],
    ],
)
def test_logs_refuse_nan_and_unbounded_numbers(lines):
    with pytest.raises(AcpcError, match="log line"):
        read_log(lines, NOLIMIT_2P)


def test_reference_deals_follow_the_reference_dealer():
    # The first hands' cards of the reference dealer's log for seed 1, two-player no-limit.
    deals = reference_deals(NOLIMIT_2P, 1)
    dealt = [next(deals) for _ in range(3)]
    assert [("|".join(map(format_cards, holes)), format_cards(board)) for holes, board in dealt] == [
        ("8s2h|Kd5c", "7hAdTd4sKc"), ("JsKs|Qs8d", "Qd7s9dAcTd"), ("5s6c|2c5d", "4c4hKcQhJd"),
    ]
    with pytest.raises(AcpcError, match="seed -1"):
        next(reference_deals(NOLIMIT_2P, -1))


def test_a_raise_is_valid_while_two_players_can_act():
    # The reference allows the raise to 2300: the small blind (500) can still act, though not call 1200.
    game = GameDef("nolimit", 3, 4, (50, 100, 0), (3, 1, 1, 1), stacks=(500, 1200, 3000))
    view = MatchState.parse("MATCHSTATE:0:0:ccr1200r2300:QsQh||").view(game)
    assert (view.legal_actions.call, view.legal_actions.min_raise_to) == (400, None)
    assert MatchState.parse("MATCHSTATE:2:0:ccr1200:||QsQh").view(game).legal_actions.min_raise_to == 2300


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("MATCHSTATE:1:0:c:AsKs|", "position 1's own hole cards are missing"),
        ("MATCHSTATE:0:0:cc/cc/cc/cc:7s2h|/Kd9c4c/5c/6c", "the showdown does not show position 1's hole cards"),
    ],
)
def test_missing_cards_are_refused_not_stood_in_for(text, message):
    game = GameDef("nolimit", 2, 4, (100, 50), (2, 1, 1, 1), stacks=(20000, 20000))
    with pytest.raises(AcpcError, match=re.escape(message)):
        MatchState.parse(text).view(game)
    # Cards the position cannot see stay unknown: a hand won without a showdown, or still in play.
    assert MatchState.parse("MATCHSTATE:0:0:cc/cc/cc/cr300f:7s2h|/Kd9c4c/5c/6c").to_hand(game).is_over
    assert format_cards(MatchState.parse("MATCHSTATE:1:0:c:|AsKs").view(game).hole_cards) == "AsKs"

LIMIT_SHORT_STACKS = GameDef("limit", 3, 4, (5, 10, 0), (3, 1, 1, 1), raise_sizes=(10, 10, 20, 20),
                             max_raises=(3, 4, 4, 4), stacks=(35, 60, 1000))  # fmt: skip


def test_limit_raise_from_a_stack_that_just_covers_the_call():
    # The reference takes "r" from a player whose stack only covers the call: all in, counted
    # as a raise, and the betting reopens (the big blind acts again).
    game = dataclasses.replace(LIMIT_SHORT_STACKS, stacks=(1000, 1000, 10))
    hand = MatchState.parse("MATCHSTATE:1:0:rc:|QsQh|").to_hand(game)
    assert [str(action) for action in hand.history[-2:]] == ["Action('raise', 2, 10)", "Action('call', 0, 5)"]
    legal = hand.legal_actions()
    assert (legal.seat, legal.check, legal.min_raise_to) == (1, True, 20)
    seeds = Hand(dataclasses.replace(game.rules(), reopening="seeds"), game.starting_stacks, game.button, seed=1)
    with pytest.raises(IllegalActionError, match="the stack does not cover more than a call"):
        apply_action(seeds, "r")


def test_limit_raise_from_a_stack_short_of_the_call_lowers_the_bet():
    # Played by the reference dealer: on the flop seat 0 (15 behind) bets 10, seat 1 calls, seat 2
    # raises to 20 and seat 0 "raises" all in to 15: the bet is 15 now, and a call to it takes back
    # what is above it.
    legal = MatchState.parse("MATCHSTATE:1:0:rcc/rcrr:|KhKc|/Ah9d4s").view(LIMIT_SHORT_STACKS).legal_actions
    assert (legal.current_bet, legal.call, legal.min_raise_to) == (15, 5, 25)
    hand = MatchState.parse("MATCHSTATE:0:0:rcc/rcrrfc//:4cKs|KhKc|3s2h/Ah9d4s/8d/Th").to_hand(LIMIT_SHORT_STACKS)
    assert "Action('call', 2, -5)" in map(str, hand.history)
    assert hand_values(hand) == (65, -30, -35)  # the reference's values
    # The cap, not the short stack, is what stops seat 0 here.
    with pytest.raises(IllegalActionError, match="the cap of 4 bets this street is reached"):
        apply_action(MatchState.parse("MATCHSTATE:0:0:rrrc:4cKs||").to_hand(LIMIT_SHORT_STACKS), "r")
    # A seat that folds above a lowered bet loses what it put in: here the reference's 60|-20|-40.
    state = MatchState.parse("MATCHSTATE:0:0:rcc/rfrrf:AcTd||/3d4d8d")
    assert hand_values(state.to_hand(LIMIT_SHORT_STACKS)) == (60, -20, -40)
    # At a showdown, the side pot goes to the seat that won it: the reference's values for this
    # hand, 70|-10|-75, lose the 15 chips that seat 2 folded above the bet.
    state = MatchState.parse("MATCHSTATE:0:0:rcc/ccc/rrrrf/:5cJc|5s6s|/2cTc8c/5h/4h")
    assert hand_values(state.to_hand(LIMIT_SHORT_STACKS)) == (70, 5, -75)
