"""Decisions per second for learning: many tables at once, beside one-state-at-a-time environments.

Every environment plays 6-max no-limit hands, blinds 1/2, stacks of 200, with
random legal decisions: a kind (fold, check or call, bet or raise) uniformly
among the legal ones, a raise uniformly between its bounds (RLCard's and the
Gymnasium and PettingZoo environments' actions are fixed sizes, drawn
uniformly among the legal ones).  ``VectorGame`` draws the decisions of all
tables at once, either with its own ``random_decisions`` (in the core, from a
``holdem.Rng``) or with numpy from the observation, as a policy written in
numpy would; ``HoldemVectorEnv`` with numpy; the others one at a time.
Each round makes about ``DECISIONS`` decisions; decisions per second is the
decisions of a round over the mean round time.
"""

import random

import numpy
import pytest

from holdem import Rng
from holdem.rules import Rules
from holdem.vector import VectorGame

PLAYERS = 6
STACK = 200
RULES = Rules.no_limit(1, 2)
DECISIONS = 200_000


def rounds_of(benchmark, run, rounds=5):
    """Time ``run`` (which returns the decisions it made) and record decisions per second."""
    decisions = []
    benchmark.pedantic(lambda: decisions.append(run()), rounds=rounds, iterations=1, warmup_rounds=1)
    benchmark.extra_info["decisions_per_round"] = decisions[-1]
    benchmark.extra_info["decisions_per_second"] = round(decisions[-1] / benchmark.stats.stats.mean)


def hand_after_hand(benchmark, play_hand):
    """Time hands played by ``play_hand`` (which returns its decisions), ``DECISIONS // 100`` decisions a round."""

    def run():
        decisions = 0
        while decisions < DECISIONS // 100:
            decisions += play_hand()
        return decisions

    rounds_of(benchmark, run)


@pytest.mark.benchmark(group="random 6-max decisions, many tables")
@pytest.mark.parametrize("draws", ["holdem", "numpy"])
@pytest.mark.parametrize("structure", ["no-limit", "fixed-limit"])
@pytest.mark.parametrize("tables", [1_000, 10_000])
def test_vector_game(benchmark, tables, structure, draws):
    rules = RULES if structure == "no-limit" else Rules.fixed_limit(2, 4)
    game = VectorGame(rules, PLAYERS, tables, stack=STACK, seed=1)
    steps = DECISIONS // tables
    if draws == "holdem":
        rng = Rng(1)

        def run():
            for _ in range(steps):
                game.step(*game.random_decisions(rng))
            return steps * tables

    else:
        generator = numpy.random.default_rng(1)
        seen = [game.observe()]

        def run():
            observation = seen[0]
            for _ in range(steps):
                kinds = (generator.random(observation.legal.shape) * observation.legal).argmax(axis=1)
                amounts = generator.integers(observation.min_raise_to, observation.max_raise_to + 1)
                observation, _, _ = game.step(kinds, amounts)
            seen[0] = observation
            return steps * tables

    rounds_of(benchmark, run)


@pytest.mark.benchmark(group="random 6-max decisions, many tables")
def test_gymnasium_vector_env(benchmark):
    pytest.importorskip("gymnasium")
    from holdem.rl import HoldemVectorEnv

    tables = 1_000
    env = HoldemVectorEnv(num_envs=tables, players=PLAYERS, stack=STACK)
    rng = numpy.random.default_rng(1)
    observations = [env.reset(seed=1)[0]]

    def run():
        mask = observations[0]["action_mask"]
        for _ in range(DECISIONS // tables // 4):
            actions = (rng.random(mask.shape) * mask).argmax(axis=1)
            observation, _, _, _, _ = env.step(actions)
            mask = observation["action_mask"]
        observations[0] = observation
        return DECISIONS // tables // 4 * tables

    rounds_of(benchmark, run)


@pytest.mark.benchmark(group="random 6-max decisions, many tables")
def test_pettingzoo_env(benchmark):
    pytest.importorskip("pettingzoo")
    from holdem.rl import HoldemEnv

    env = HoldemEnv(players=PLAYERS, stack=STACK)
    env.reset(seed=1)
    rng = numpy.random.default_rng(1)

    def play_hand():
        decisions = 0
        env.reset()
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(numpy.flatnonzero(observation["action_mask"]))))
            decisions += 1
        return decisions

    hand_after_hand(benchmark, play_hand)


@pytest.mark.benchmark(group="random 6-max decisions, many tables")
def test_rlcard_env(benchmark):
    rlcard = pytest.importorskip("rlcard")
    env = rlcard.make("no-limit-holdem", config={"game_num_players": PLAYERS, "chips_for_each": STACK, "seed": 1})
    choose = random.Random(1).choice

    def play_hand():
        decisions = 0
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(choose(list(state["legal_actions"])))
            decisions += 1
        return decisions

    hand_after_hand(benchmark, play_hand)


@pytest.mark.benchmark(group="random 6-max decisions, many tables")
def test_open_spiel_universal_poker(benchmark):
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game(
        "universal_poker",
        {
            "betting": "nolimit",
            "numPlayers": PLAYERS,
            "stack": " ".join([str(STACK)] * PLAYERS),
            "blind": "1 2" + " 0" * (PLAYERS - 2),
            "firstPlayer": "3 1 1 1",
            "numRounds": 4,
            "numBoardCards": "0 3 1 1",
            "numHoleCards": 2,
        },
    )
    choose = random.Random(1).choice

    def play_hand():
        decisions = 0
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choose(state.chance_outcomes())[0])
                continue
            actions = state.legal_actions()
            raises = [action for action in actions if action > 1]  # 0 fold, 1 check or call
            kinds = [action for action in actions if action <= 1] + ([raises] if raises else [])
            kind = choose(kinds)
            state.apply_action(choose(kind) if kind is raises else kind)
            decisions += 1
        return decisions

    hand_after_hand(benchmark, play_hand)
