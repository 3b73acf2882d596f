import numpy
import pytest

import holdem

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from holdem import Hand, InvalidRulesError, Rules  # noqa: E402
from holdem.rl import ACTIONS, HoldemEnv, HoldemVectorEnv  # noqa: E402

# api_test warns about observations that are dicts with an action mask, except for PettingZoo's
# own card games (listed by name), and about the all-zero mask once a hand is over: advice only;
# its checks are assertions.
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning:pettingzoo.test.api_test")


@pytest.mark.parametrize("players", [2, 6])
def test_pettingzoo_api(players):
    api_test(HoldemEnv(players=players), num_cycles=300)


def test_seeds_reproduce_episodes():
    seed_test(lambda: HoldemEnv(players=3), num_cycles=100)


def play(env, choose, episodes):
    """Play episodes choosing among the legal actions; return the total rewards."""
    totals = {agent: 0.0 for agent in env.possible_agents}
    for _ in range(episodes):
        env.reset()
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            assert env.observation_space(agent).contains(observation)
            view = env.view(agent)
            assert view.legal_actions is not None and view.seat == env.possible_agents.index(agent)
            env.step(choose(observation["action_mask"], view))
    return totals


def test_observation_mask_and_rewards_follow_the_hand():
    env = HoldemEnv(players=3, stack=100)
    env.reset(seed=3)
    rng = numpy.random.default_rng(0)
    totals = play(env, lambda mask, view: rng.choice(numpy.flatnonzero(mask)), 200)
    assert sum(totals.values()) == pytest.approx(0)
    env.reset(seed=3)
    observation = env.observe(env.agent_selection)["observation"]
    view = env.view(env.agent_selection)
    assert observation[list(view.hole_cards)].tolist() == [1, 1] and observation[:52].sum() == 2
    assert observation[52:104].sum() == 0 and observation[104] == 1
    legal = view.legal_actions
    assert observation[-3:].tolist() == pytest.approx([legal.call / 300, legal.min_raise_to / 300, 1 / 3])


def test_actions_play_their_sizes():
    env = HoldemEnv(players=2)
    env.reset(seed=1)
    env.step(ACTIONS.index("pot raise"))
    assert env.hand.bets == (2, 6)
    env.step(ACTIONS.index("all in"))
    assert env.hand.bets == (200, 6)
    env.step(ACTIONS.index("fold"))
    assert env.rewards == {"player_0": 6 / 2, "player_1": -6 / 2}
    assert all(env.terminations.values())
    env.reset()
    with pytest.raises(holdem.IllegalActionError, match="action 9"):
        env.step(9)
    env.step(1), env.step(1)
    with pytest.raises(holdem.IllegalActionError, match="may not fold facing no bet"):
        env.step(0)


def test_vector_env_plays_as_the_pettingzoo_env():
    """Each table of HoldemVectorEnv, replayed through HoldemEnv from the same cards: the same
    observations, the same raise sizes and the same rewards."""
    players, tables, stack = 3, 12, 60
    env = HoldemVectorEnv(num_envs=tables, players=players, stack=stack)
    observations, infos = env.reset(seed=8)
    assert env.observation_space.contains(observations)
    singles = [HoldemEnv(players=players, stack=stack) for _ in range(tables)]

    def deal(tables):
        hole_cards, board, starting, button = env.game.deals()
        for table in tables:
            single = singles[table]
            single.reset()
            single.hand = Hand(
                single.rules, starting[table].tolist(), int(button[table]),
                hole_cards=hole_cards[table].tolist(), board=board[table].tolist(),
            )  # fmt: skip
            single.agent_selection = single.possible_agents[single.hand.actor]

    deal(range(tables))
    rng = numpy.random.default_rng(1)
    ended = 0
    for _ in range(120):
        actions = (rng.random(observations["action_mask"].shape) * observations["action_mask"]).argmax(axis=1)
        for table, single in enumerate(singles):
            agent = single.agent_selection
            assert infos["seat"][table] == single.possible_agents.index(agent)
            expected = single.observe(agent)
            assert numpy.array_equal(observations["observation"][table], expected["observation"])
            assert numpy.array_equal(observations["action_mask"][table], expected["action_mask"])
            single.step(int(actions[table]))
        observations, rewards, terminations, truncations, infos = env.step(actions)
        assert env.observation_space.contains(observations) and not truncations.any()
        for table, single in enumerate(singles):
            assert terminations[table] == single.hand.is_over
            if single.hand.is_over:
                assert infos["payoffs"][table].tolist() == list(single.rewards.values())
        ended += int(terminations.sum())
        deal(numpy.flatnonzero(terminations))
    assert ended > tables


def test_vector_env_seeds_reproduce_and_gymnasium_records_episodes():
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    envs = [RecordEpisodeStatistics(HoldemVectorEnv(num_envs=4, players=2)) for _ in range(2)]
    runs = []
    for env in envs:
        observations, _ = env.reset(seed=3)
        env.action_space.seed(3)
        run = [observations["observation"]]
        for _ in range(50):
            actions = numpy.array([env.action_space[0].sample(mask=mask) for mask in observations["action_mask"]])
            observations, rewards, terminations, _, infos = env.step(actions)
            run += [observations["observation"], rewards]
            payoffs = infos["payoffs"][terminations]
            assert (payoffs.sum(axis=1) == 0).all()
        runs.append(run)
    assert all(numpy.array_equal(first, second) for first, second in zip(*runs))
    assert envs[0].episode_count > 4


def test_vector_env_refuses_illegal_actions():
    env = HoldemVectorEnv(num_envs=2)
    env.reset(seed=2)
    with pytest.raises(holdem.IllegalActionError, match="table 1: action 9"):
        env.step(numpy.array([1, 9]))
    with pytest.raises(holdem.InvalidArrayError, match=r"actions of shape \(3,\)"):
        env.step(numpy.array([1, 1, 1]))
    with pytest.raises(TypeError, match="actions of dtype float64"):
        env.step(numpy.array([1.0, 1.0]))
    env.step(numpy.array([1, 1]))
    with pytest.raises(holdem.IllegalActionError, match="table 0: seat 0 may not fold facing no bet"):
        env.step(numpy.array([0, 1]))


def test_vector_env_steps_only_after_reset_and_names_num_envs():
    env = HoldemVectorEnv(num_envs=2)
    with pytest.raises(holdem.IllegalActionError, match=r"call reset\(\) first"):
        env.step(numpy.array([1, 1]))
    env.reset(seed=3)
    env.step(numpy.array([1, 1]))
    for num_envs in (0, 100_001):
        with pytest.raises(holdem.InvalidRulesError, match=f"^num_envs {num_envs}: use 1 to 100,000$"):
            HoldemVectorEnv(num_envs=num_envs)
    with pytest.raises(TypeError, match="^num_envs 2.0"):
        HoldemVectorEnv(num_envs=2.0)


def test_vector_env_reads_actions_as_the_vector_game_does():
    env = HoldemVectorEnv(num_envs=2)
    env.reset(seed=2)
    with pytest.raises(holdem.InvalidArrayError, match=r"actions of shape \(0,\)"):
        env.step([])
    with pytest.raises(holdem.IllegalActionError, match="table 1: actions entry 18446744073709551615 is out of range"):
        env.step(numpy.array([1, 2**64 - 1], numpy.uint64))
    env.step([1, 1])


def test_env_refuses_names_types_and_steps_before_reset_as_the_contract_says():
    # Issue 25, item 6: a bare ValueError, AttributeError, or a float or bool taken as an action.
    env = HoldemEnv(players=2)
    for call in (lambda: env.step(1), lambda: env.observe("player_0"), lambda: env.view("player_0")):
        with pytest.raises(holdem.IllegalActionError, match=r"call reset\(\) first"):
            call()
    env.reset(seed=1)
    with pytest.raises(holdem.errors.SeatError, match="agent 'nobody': the agents are player_0, player_1"):
        env.observe("nobody")
    with pytest.raises(TypeError, match="agent: use a str"):
        env.view(None)
    before = env.view("player_0")
    for action in (1.0, True, "1"):
        with pytest.raises(TypeError, match="use an integer"):
            env.step(action)
    assert env.view("player_0") == before
    env.step(numpy.int64(1))  # any integer type is an integer


def test_env_refuses_runs_by_agreement_which_it_has_no_action_for():
    """HoldemEnv(..., runs_by_agreement=True) then reset, step(5), step(1) raised TypeError inside rl.py."""
    with pytest.raises(InvalidRulesError, match="runs_by_agreement"):
        HoldemEnv(2, Rules.no_limit(1, 2, runouts=2, runs_by_agreement=True))
    env = HoldemEnv(2, Rules.no_limit(1, 2, runouts=2))
    env.reset(seed=1)
    env.step(5)
    env.step(1)
    assert env.view("player_0").street.name == "RIVER"
    with pytest.raises(TypeError, match="expected a Rules"):
        HoldemEnv(2, "nl")
