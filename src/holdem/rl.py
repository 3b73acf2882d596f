"""Environments for reinforcement learning (``pip install holdem-engine[rl]``): PettingZoo and Gymnasium.

:class:`HoldemEnv` is an AEC (turn by turn) environment: each episode is one
hand, the button moving one seat each episode.  Agents are ``"player_0"``,
``"player_1"``, ... in seat order.

Observation: a dict of ``"observation"``, a float32 vector of values in [0, 1]
(chips are divided by all the chips at the table), and ``"action_mask"``, an
int8 vector with a 1 for each legal action.  The vector holds, in order: the
agent's hole cards (52, one-hot), the board (52), the street (4, one-hot), then
for each seat starting with the agent's own: stacks, bets, folded flags and
the button (one-hot); then the pot, and the chips to call, the smallest and
the largest raise (totals for the street; 0 when not the agent's turn or
when it may not raise).  :meth:`HoldemEnv.view` gives the same as a
structured :class:`~holdem.views.HandView`.

Actions (``Discrete(6)``): 0 fold, 1 check or call, 2 the minimum raise,
3 raise half the pot, 4 raise the pot, 5 all in.  Rewards, given when the hand
ends, are each seat's chips won or lost in big blinds.

:class:`HoldemVectorEnv` is a Gymnasium vector environment over many tables
at once (:class:`~holdem.vector.VectorGame`): the same observations and
actions, for the seat to act at each table.

>>> env = HoldemEnv(players=2)
>>> env.reset(seed=1)
>>> env.agent_selection, env.observe("player_1")["action_mask"].tolist()
('player_1', [1, 1, 1, 1, 1, 1])
>>> env.step(1); env.step(1)
>>> env.view("player_0").street.name
'FLOP'
"""

from __future__ import annotations

from typing import Any

import numpy
from numpy.typing import NDArray

try:
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
    from pettingzoo import AECEnv  # type: ignore[import-untyped, unused-ignore]  # no type hints
except ModuleNotFoundError as error:
    raise ModuleNotFoundError(
        f"holdem.rl needs {error.name}: pip install 'holdem-engine[rl]'", name=error.name
    ) from error

from holdem.agents import pot_raise_to
from holdem.cards import Rng
from holdem.errors import IllegalActionError, InvalidRulesError, SeatError, check_type
from holdem.hand import Hand
from holdem.limits import integer
from holdem.rules import Rules, checked_rules
from holdem.vector import CHECK_OR_CALL, FOLD, RAISE, VectorGame, VectorObservation, _decision_array, _table_count
from holdem.views import HandView, SeatStatus

__all__ = ["ACTIONS", "HoldemEnv", "HoldemVectorEnv"]

ACTIONS = ("fold", "check or call", "minimum raise", "half-pot raise", "pot raise", "all in")
"""The meaning of each action number."""


class HoldemEnv(AECEnv):  # type: ignore[misc, unused-ignore]  # PettingZoo has no type hints
    """One hand per episode between ``players`` seats, each with ``stack`` chips (default 100 big blinds)."""

    metadata = {"name": "holdem_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self, players: int = 2, rules: Rules | None = None, stack: int | None = None, render_mode: str | None = None
    ) -> None:
        super().__init__()
        self.rules = Rules.no_limit(1, 2) if rules is None else checked_rules(rules)
        if self.rules.runs_by_agreement:
            raise InvalidRulesError(
                "runs_by_agreement: HoldemEnv has no action for agreeing to run the board more than once; "
                "use runouts without runs_by_agreement"
            )
        self.rules.check_player_count(players)
        self.stack = 100 * self.rules.big_blind if stack is None else stack
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        space = _observation_space(players)
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(len(ACTIONS)) for agent in self.possible_agents}
        self._rng = Rng()
        self._episode = -1
        self._hand: Hand | None = None  # no hand before reset

    @property
    def hand(self) -> Hand:
        """The hand of this episode (assign one to play a deal of your own).

        :raises IllegalActionError: before the first :meth:`reset`.
        """
        if self._hand is None:
            raise IllegalActionError("no hand is dealt before reset(): call reset() first")
        return self._hand

    @hand.setter
    def hand(self, hand: Hand) -> None:
        check_type(hand, Hand, "hand")
        self._hand = hand

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand; a ``seed`` restarts the cards and the button from the first episode."""
        if seed is not None:
            self._rng = Rng(seed)
            self._episode = -1
        self._episode += 1
        count = len(self.possible_agents)
        self._hand = Hand(self.rules, [self.stack] * count, (self._episode - 1) % count, seed=self._rng.random_raw())
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.hand.actor]  # type: ignore[index]

    def view(self, agent: str) -> HandView:
        """What ``agent`` may know of the hand, as a :class:`~holdem.views.HandView`.

        :raises SeatError: for a name not among :attr:`possible_agents`.
        :raises IllegalActionError: before the first :meth:`reset`.
        """
        check_type(agent, str, "agent")
        if agent not in self.possible_agents:
            raise SeatError(f"agent {agent[:100]!r}: the agents are {', '.join(self.possible_agents)}")
        return self.hand.view(self.possible_agents.index(agent))

    def observe(self, agent: str) -> dict[str, numpy.ndarray]:
        view = self.view(agent)
        count = len(self.possible_agents)
        total = count * self.stack
        seats = [(view.seat + step) % count for step in range(count)]
        shape = self.observation_spaces[agent]["observation"].shape  # a Box's shape, never None
        vector: NDArray[numpy.float32] = numpy.zeros(shape, numpy.float32)  # type: ignore[arg-type]
        vector[list(view.hole_cards)] = 1
        vector[[52 + card for card in view.board]] = 1
        vector[104 + view.street] = 1
        at = 108
        for index, seat in enumerate(seats):
            vector[at + index] = view.stacks[seat] / total
            vector[at + count + index] = view.bets[seat] / total
            vector[at + 2 * count + index] = view.statuses[seat] is SeatStatus.FOLDED
            vector[at + 3 * count + index] = seat == view.button
        at += 4 * count
        vector[at] = view.pot_total / total
        mask = numpy.zeros(len(ACTIONS), numpy.int8)
        legal = view.legal_actions
        if legal.kinds:
            vector[at + 1] = legal.call / total
            mask[0], mask[1] = legal.fold, 1
            if legal.min_raise_to is not None:
                vector[at + 2] = legal.min_raise_to / total
                vector[at + 3] = legal.max_raise_to / total  # type: ignore[operator]
                mask[2:] = 1
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play the selected agent's action (a number from 0 to 5, as :data:`ACTIONS`; ``None`` once it is done).

        :raises IllegalActionError: before the first :meth:`reset`, for an action out of range or one
            the rules do not allow now.
        :raises TypeError: for an action that is not an integer (a float or a bool).
        """
        hand = self.hand
        if action is not None:
            action = integer(action, "action")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action == 0:
            hand.fold()
        elif action == 1:
            hand.check_or_call()
        elif action in (2, 3, 4, 5):
            view = hand.view(hand.actor)  # type: ignore[arg-type]
            fraction = {2: 0.0, 3: 0.5, 4: 1.0, 5: float(hand.player_count * self.stack)}[action]
            hand.raise_to(pot_raise_to(view, fraction))
        else:
            raise IllegalActionError(f"action {action!r}: use 0 to {len(ACTIONS) - 1} ({', '.join(ACTIONS)})")
        self._cumulative_rewards[agent] = 0
        if hand.is_over:
            big_blind = self.rules.big_blind
            self.rewards = {name: payoff / big_blind for name, payoff in zip(self.possible_agents, hand.payoffs)}
            self.terminations = {name: True for name in self.agents}
        else:
            self.agent_selection = self.possible_agents[hand.actor]  # type: ignore[index]
        self._accumulate_rewards()
        if hand.is_over:
            self._deads_step_first()

    def render(self) -> str | None:
        """The hand as text (render mode ``"ansi"``)."""
        return repr(self.hand) if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release."""


class HoldemVectorEnv(VectorEnv):
    """``num_envs`` tables of a :class:`~holdem.vector.VectorGame` as a Gymnasium vector environment.

    Each sub-environment is a table of ``players`` seats playing hand after
    hand; a step is one decision of the seat to act, whichever it is (self-play).
    Observations and actions are :class:`HoldemEnv`'s, for the seat to act.
    The reward is that seat's chips won or lost in big blinds when its
    decision ends the hand, else 0; ``infos["payoffs"]`` holds every seat's
    (``(num_envs, players)``, with the mask ``infos["_payoffs"]``) so that a
    learner can credit each seat's earlier decisions, and ``infos["seat"]``
    the seat to act in the observation returned.  A table whose hand ends deals
    the next one in the same step (``AutoresetMode.SAME_STEP``); an ended hand
    has no seat to act, so there is no final observation.  Hands are never truncated.
    As with any Gymnasium environment, :meth:`reset` comes first: a step before
    it is refused.

    >>> env = HoldemVectorEnv(num_envs=3, players=2)
    >>> observations, infos = env.reset(seed=1)
    >>> observations["action_mask"].tolist(), infos["seat"].tolist()
    ([[1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1]], [1, 1, 1])
    >>> observations, rewards, terminations, truncations, infos = env.step(numpy.array([0, 1, 5]))
    >>> rewards.tolist(), terminations.tolist(), infos["payoffs"][0].tolist()
    ([-0.5, 0.0, 0.0], [True, False, False], [0.5, -0.5])
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(
        self,
        num_envs: int = 1,
        players: int = 2,
        rules: Rules | None = None,
        stack: int | None = None,
        carry_stacks: bool = False,
    ) -> None:
        self.rules = Rules.no_limit(1, 2) if rules is None else rules
        num_envs = _table_count(num_envs, "num_envs")
        self.game = VectorGame(self.rules, players, num_envs, stack=stack, carry_stacks=carry_stacks, seed=0)
        self.num_envs = self.game.tables
        self.players = self.game.players
        self.single_observation_space = _observation_space(self.players)
        self.single_action_space = spaces.Discrete(len(ACTIONS))
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._rng = Rng()
        self._seen: VectorObservation | None = None  # no hands before reset

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, numpy.ndarray], dict[str, Any]]:
        """Deal new hands at every table; a ``seed`` makes them reproducible."""
        if seed is not None:
            self._rng = Rng(seed)
        game = self.game
        self.game = VectorGame(
            game.rules, game.players, game.tables, stack=game.stack, carry_stacks=game.carry_stacks,
            seed=self._rng.random_raw(),
        )  # fmt: skip
        self._seen = self.game.observe()
        return self._observations(self._seen), {"seat": self._seen.actor}

    def step(
        self, actions: numpy.ndarray
    ) -> tuple[dict[str, numpy.ndarray], numpy.ndarray, numpy.ndarray, numpy.ndarray, dict[str, Any]]:
        """Play each table's action (a number from 0 to 5, as :data:`ACTIONS`).

        :raises IllegalActionError: before the first :meth:`reset`, or for an action out of range.
        :raises InvalidArrayError: for actions not of one entry a table.
        :raises TypeError: for actions that are not integers.
        """
        seen = self._seen
        if seen is None:
            raise IllegalActionError("no hands are dealt before reset(): call reset() first")
        actions = _decision_array("actions", actions, self.num_envs)
        wrong = numpy.flatnonzero((actions < 0) | (actions >= len(ACTIONS)))
        if len(wrong):
            raise IllegalActionError(
                f"table {wrong[0]}: action {int(actions[wrong[0]])}: use 0 to {len(ACTIONS) - 1} ({', '.join(ACTIONS)})"
            )
        current = seen.bets.max(axis=1)
        pot = seen.pot + seen.bets.sum(axis=1) + seen.call
        raise_to = numpy.select(
            [actions == 3, actions == 4, actions == 5], [current + pot // 2, current + pot, seen.max_raise_to], current
        )
        kinds = numpy.select([actions == 0, actions == 1], [FOLD, CHECK_OR_CALL], RAISE)
        amounts = numpy.clip(raise_to, seen.min_raise_to, seen.max_raise_to)
        self._seen, payoffs, done = self.game.step(kinds, amounts)
        big_blind = self.rules.big_blind
        rewards = payoffs[numpy.arange(self.num_envs), seen.actor] / big_blind
        infos = {"payoffs": payoffs / big_blind, "_payoffs": done, "seat": self._seen.actor}
        return self._observations(self._seen), rewards, done, numpy.zeros_like(done), infos

    def _observations(self, seen: VectorObservation) -> dict[str, numpy.ndarray]:
        """:meth:`HoldemEnv.observe`'s vector and mask for the seat to act at each table."""
        count, players = self.num_envs, self.players
        total = players * self.game.stack
        rows = numpy.arange(count)
        vector = numpy.zeros((count, 52 + 52 + 4 + 4 * players + 4), numpy.float32)
        vector[rows[:, None], seen.hole_cards] = 1
        dealt = seen.board >= 0
        vector[numpy.nonzero(dealt)[0], 52 + seen.board[dealt].astype(numpy.intp)] = 1
        vector[rows, 104 + seen.street.astype(numpy.intp)] = 1
        # Seats from the one to act, clockwise.
        seats = (seen.actor[:, None] + numpy.arange(players)) % players
        at = 108
        vector[:, at : at + players] = numpy.take_along_axis(seen.stacks, seats, 1) / total
        vector[:, at + players : at + 2 * players] = numpy.take_along_axis(seen.bets, seats, 1) / total
        vector[:, at + 2 * players : at + 3 * players] = numpy.take_along_axis(seen.folded, seats, 1)
        vector[:, at + 3 * players : at + 4 * players] = seats == seen.button[:, None]
        at += 4 * players
        vector[:, at] = seen.pot / total
        vector[:, at + 1] = seen.call / total
        vector[:, at + 2] = seen.min_raise_to / total
        vector[:, at + 3] = seen.max_raise_to / total
        mask = numpy.ones((count, len(ACTIONS)), numpy.int8)
        mask[:, 0] = seen.legal[:, 0]
        mask[:, 2:] = seen.legal[:, 2:]
        return {"observation": vector, "action_mask": mask}


def _observation_space(players: int) -> spaces.Dict:
    """The observation of one seat at a table of ``players``: the vector and the action mask."""
    size = 52 + 52 + 4 + 4 * players + 4
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, (size,), numpy.float32),
            "action_mask": spaces.Box(0, 1, (len(ACTIONS),), numpy.int8),
        }
    )
