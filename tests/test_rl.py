import numpy
import pytest

import holdem

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from holdem.rl import ACTIONS, HoldemEnv  # noqa: E402

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
