"""Fuzz target: ACPC text (game definitions, match states, log lines) is parsed by the contract."""

from __future__ import annotations

import math

import pytest
from fuzzing import answers_by_contract, fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from holdem.errors import HoldemError
from holdem.formats.acpc import GameDef, MatchState, read_log

GAMES = [
    "GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 4\nblind = 10 5\nraiseSize = 10 10 20 20\nfirstPlayer = 2 1 1 1\n"
    "maxRaises = 3 4 4 4\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n",
    "GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 20000 20000\nblind = 100 50\nfirstPlayer = 2 1 1 1\n"
    "numSuits = 4\nnumRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n",
]
STATES = [
    "MATCHSTATE:0:0:rrc/rc/crc/crc:TdAs|8hTc/2c8c3h/9c/Kh",
    "MATCHSTATE:1:1:rrc/rc/rf:|Qd7c/2h8h5c/Th",
    "MATCHSTATE:0:30:cc/r250c/r500c/:9s8h|/8c8d5c/6s/2d",
]
LOG_LINES = [
    "STATE:0:r300f:9s8h|JdTc:300|-300:Alice|Bob",
    "STATE:1:cc/r250c/r500c/c:9s8h|JdTc/8c8d5c/6s/2d:-500|500:Bob|Alice",
    "SCORE:-200|200:Alice|Bob",
]
TOKENS = st.one_of(
    st.sampled_from(
        ["9" * 30, "9" * 5000, "200000000", "4999999999999", "-", "1-2", "nan", "inf", "1e9", "0", "3", "11", "=", ":", "|", "/", "r", "r9",
         "c", "f", "\n", "#", "٦", "²", "limit", "nolimit", "numRounds = ", "firstPlayer = ", "stack = "]
    ),
    st.text(max_size=3),
)


@st.composite
def mutated(draw, texts):
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.integers(1, 3))):
        position = draw(st.integers(0, len(text)))
        text = text[:position] + draw(st.one_of(st.just(""), TOKENS)) + text[position + draw(st.integers(0, 4)) :]
    return text


GAME = GameDef.parse(GAMES[1])


@fuzz_settings(1000)
@given(mutated(GAMES))
def test_game_definitions(text):
    with answers_by_contract():
        game = GameDef.parse(text)
        game.rules, game.button, game.starting_stacks


@fuzz_settings(1000)
@given(mutated(STATES), st.sampled_from(GAMES))
def test_match_states(text, game_text):
    with answers_by_contract():
        MatchState.parse(text).to_hand(GameDef.parse(game_text))


@fuzz_settings(200)
@given(st.lists(mutated(LOG_LINES), min_size=1, max_size=3))
def test_log_lines(lines):
    with answers_by_contract():
        log = read_log(lines, GAME)
        assert log.score is None or all(math.isfinite(value) for value in log.score)


@pytest.mark.parametrize(
    "parse",
    [
        lambda: GameDef.parse(GAMES[0].replace("numHoleCards = 2", "numHoleCards = " + "9" * 5000)),
        lambda: GameDef.parse(GAMES[0].replace("numPlayers = 2", "numPlayers = -")),
        lambda: GameDef.parse(GAMES[0].replace("numRounds = 4", "numRounds" + "9" * 31)),
        lambda: GameDef.parse(GAMES[1].replace("stack = 20000 20000", "stack = 1-2 3")),
        lambda: GameDef.parse(
            "limit\nnumPlayers=2\nnumRounds=1\nblind=2 1\nraiseSize=2\nfirstPlayer=2\nnumBoardCards=0"
        ).button,
        lambda: MatchState.parse("MATCHSTATE:0:0:cc/cc/cc/cc/:AsKs|/2c3c4c/5c/6c/7c").to_hand(GAME),
        lambda: MatchState.parse("MATCHSTATE:0:0:r" + "9" * 5000 + ":AsKs|").to_hand(GAME),
        lambda: read_log(["STATE:" + "9" * 5000 + ":r300f:9s8h|JdTc:300|-300:Alice|Bob"], GAME),
        lambda: read_log(["STATE:0:r" + "9" * 5000 + "f:9s8h|JdTc:300|-300:Alice|Bob"], GAME),
        lambda: read_log(["STATE:0:r300f:9s8h|JdTc:nan|nan:Alice|Bob", "SCORE:nan|nan:Alice|Bob"], GAME),
    ],
)
def test_acpc_escapes_found(parse):
    """Inputs that once let ValueError, IndexError or OverflowError escape, or NaN through."""
    with pytest.raises(HoldemError):
        parse()
