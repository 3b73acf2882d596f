"""AIVAT: unbiased for any value function (exactly, by enumerating every outcome; and over many seeds),
the plain result for a zero value function, the variance it takes out, and its errors."""

import importlib.resources
import io
import json
import math
import random
import statistics

import numpy
import pytest
from hypothesis import given, settings, strategies as st

import holdem
from holdem.actions import ActionKind
from holdem.agents import CallingStation, EquityBot, RandomBot, TightBot, play_hand
from holdem.aivat import ShowdownValue, Situation, ZeroValue, _Recorder, estimate
from holdem.cli import main
from holdem.errors import AgentError, InvalidHandError, MatchError
from holdem.formats import phh

NL = holdem.Rules.no_limit(1, 2)


class FromTheRiver:
    """Zero before the river, then ``inner``: every correction before the river is zero."""

    def __init__(self, inner):
        self.inner = inner

    def values(self, situation):
        if len(situation.board) < 5:
            return (0.0,) * len(situation.stacks)
        return self.inner.values(situation)

    def expected(self, situation):
        if len(situation.board) < 4:
            return (0.0,) * len(situation.stacks)
        return self.inner.expected(situation)


class Scrambled:
    """A value function with no poker sense at all, its expectation over the river by enumeration."""

    def values(self, situation):
        seed = hash((situation.board, situation.contributed, situation.folded))
        return tuple(float((seed >> (4 * seat)) % 41 - 20) * (seat + 1) for seat in range(len(situation.stacks)))

    def expected(self, situation):
        taken = {card for cards in situation.hole_cards for card in cards} | set(situation.board)
        unseen = [card for card in range(52) if card not in taken]
        rows = [self.values(situation._replace(board=situation.board + (card,))) for card in unseen]
        return tuple(sum(column) / len(unseen) for column in zip(*rows))


def completions(hand, policies, weight=1.0):
    """Every way the hand can end from here, with its chance: each river card alike, each decision
    as its seat's policy says."""
    if hand.is_over:
        yield weight, hand
        return
    if hand.cards_needed:
        taken = {card for seat in range(hand.player_count) for card in hand.hole_cards(seat)} | set(hand.board)
        unseen = [card for card in range(52) if card not in taken]
        for card in unseen:
            branch = hand.copy()
            branch.deal_board([card])
            yield from completions(branch, policies, weight / len(unseen))
        return
    seat = hand.actor
    for decision, chance in policies[seat](hand.view(seat)).items():
        branch = hand.copy()
        branch.act(decision)
        yield from completions(branch, policies, weight * chance)


def before_the_river(stacks):
    hand = holdem.Hand(NL, stacks, hole_cards=["AhKd", "QsQc"])
    hand.act("call"), hand.act("check")
    hand.deal_board("Qh7d2s")
    hand.act("check"), hand.act("check")
    hand.deal_board("Kc")
    hand.act("check"), hand.act("check")
    assert hand.cards_needed == 1
    return hand


@pytest.mark.parametrize("value", [FromTheRiver(ShowdownValue()), FromTheRiver(Scrambled())])
def test_the_estimate_is_exactly_unbiased_over_every_river_and_every_choice_of_the_known_policies(value):
    agents = [RandomBot(), RandomBot()]
    policies = [agent.policy for agent in agents]
    outcomes = list(completions(before_the_river([8, 8]), policies))
    assert len(outcomes) > 500 and math.isclose(sum(weight for weight, _ in outcomes), 1)
    plain = [sum(weight * hand.payoffs[seat] for weight, hand in outcomes) for seat in range(2)]
    judged = [estimate(hand, policies, value) for _, hand in outcomes]
    aivat = [sum(weight * values[seat] for (weight, _), values in zip(outcomes, judged)) for seat in range(2)]
    assert aivat == pytest.approx(plain, abs=1e-9)
    # And the estimates do differ from the results: the corrections are at work.
    assert any(abs(values[0] - hand.payoffs[0]) > 1 for (_, hand), values in zip(outcomes, judged))


def test_a_zero_value_function_gives_exactly_the_plain_results():
    for duplicate in (False, True):
        result = holdem.play_match([RandomBot(), CallingStation()], 600, seed=9, workers=1, duplicate=duplicate,
                                   aivat=True, value=ZeroValue(), progress=False)  # fmt: skip
        for agent in result.agents:
            assert agent.aivat_bb_per_100 == agent.bb_per_100 and agent.aivat_margin == agent.margin
            assert agent.aivat_interval == agent.interval
    hand = holdem.Hand(NL, [200, 200], seed=4)
    play_hand(hand, [RandomBot(seed=1), CallingStation()])
    assert estimate(hand, [RandomBot().policy, None], ZeroValue()) == tuple(map(float, hand.payoffs))


def test_over_many_seeds_the_aivat_and_plain_means_agree_within_their_intervals():
    gaps = []
    for seed in range(20):
        result = holdem.play_match([RandomBot(), CallingStation()], 300, seed=seed, workers=1, aivat=True,
                                   progress=False)  # fmt: skip
        random_bot = result.agents[0]
        low, high = random_bot.interval
        aivat_low, aivat_high = random_bot.aivat_interval
        assert aivat_low <= high and low <= aivat_high, seed  # the intervals overlap
        gaps.append((random_bot.aivat_bb_per_100 - random_bot.bb_per_100) / math.hypot(random_bot.margin, random_bot.aivat_margin))
    # Pooled over the seeds, the gap is no more than noise: its mean within three standard errors.
    assert abs(numpy.mean(gaps)) <= 3 * numpy.std(gaps, ddof=1) / math.sqrt(len(gaps))


def test_over_20000_heads_up_hands_the_aivat_interval_is_at_most_half_the_plain_one():
    # Fixed seeds: the same numbers every run (measured: about 0.42 of the plain interval).
    result = holdem.play_match({"random": RandomBot(), "station": CallingStation()}, 20_000, seed=2023,
                               workers=1, aivat=True, progress=False)  # fmt: skip
    for agent in result.agents:
        assert agent.aivat_margin <= 0.5 * agent.margin, (agent.aivat_margin, agent.margin)
        low, high = agent.interval
        aivat_low, aivat_high = agent.aivat_interval
        assert aivat_low <= high and low <= aivat_high
    assert result.agents[0].aivat_bb_per_100 == pytest.approx(-result.agents[1].aivat_bb_per_100)


def test_duplicate_matches_report_aivat_over_whole_deals():
    result = holdem.play_match([RandomBot(), TightBot()], 400, seed=3, workers=1, duplicate=True, aivat=True,
                               progress=False)  # fmt: skip
    assert all(agent.aivat_margin is not None and math.isfinite(agent.aivat_margin) for agent in result.agents)
    plain = holdem.play_match([RandomBot(), TightBot()], 400, seed=3, workers=1, duplicate=True, progress=False)
    assert [agent.net for agent in plain.agents] == [agent.net for agent in result.agents]
    assert all(agent.aivat_interval is None for agent in plain.agents)


def test_a_match_records_the_policies_as_the_hand_is_replayed_for_them():
    text = io.StringIO()
    result = holdem.play_match({"random": RandomBot(), "station": CallingStation()}, 200, seed=5, workers=1,
                               aivat=True, phh_file=text, progress=False)  # fmt: skip
    policies = {"random": RandomBot().policy, "station": CallingStation().policy}
    totals = {"random": 0.0, "station": 0.0}
    for record in phh.load_all(io.StringIO(text.getvalue())):
        hand = record.hand
        count = hand.player_count
        names = [record.fields["players"][(seat - hand.button - 1) % count] for seat in range(count)]
        for name, value in zip(names, estimate(hand, [policies[name] for name in names])):
            totals[name] += value
    for agent in result.agents:
        assert agent.aivat_bb_per_100 == pytest.approx(100 * totals[agent.name] / (200 * NL.big_blind))


class Clumsy(RandomBot):
    """A random bot that now and then fails to decide."""

    def act(self, view):
        if len(view.history) % 7 == 0:
            raise RuntimeError("lost")
        return super().act(view)


def test_the_decisions_of_an_agent_that_faulted_in_a_hand_are_not_corrected():
    result = holdem.play_match([Clumsy(), CallingStation()], 200, seed=6, workers=1, aivat=True, fold_on_error=True,
                               progress=False)  # fmt: skip
    assert result.faults and all(math.isfinite(agent.aivat_margin) for agent in result.agents)


def test_a_value_function_without_aivat_is_refused():
    with pytest.raises(MatchError, match="pass aivat=True"):
        holdem.play_match([RandomBot(), CallingStation()], 10, workers=1, value=ZeroValue())


# ------------------------------------------------------------ the policies of the reference bots


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 6))
def test_the_reference_bots_policies_sum_to_one_and_hold_what_they_play(seed, players):
    chooser = random.Random(seed)
    hand = holdem.Hand(NL, [chooser.choice([20, 100, 300]) for _ in range(players)], seed=seed)
    bots = [RandomBot(seed=seed), CallingStation(), TightBot()]
    while not hand.is_over:
        view = hand.view(hand.actor)
        for bot in bots:
            chances = bot.policy(view)
            assert math.isclose(sum(chances.values()), 1) and all(chance > 0 for chance in chances.values())
            assert bot.act(view) in chances
        hand.act(bots[chooser.randrange(3)].act(view))
    assert not hasattr(EquityBot(), "policy")


def test_random_bot_policy_merges_sizes_that_coincide():
    hand = holdem.Hand(NL, [5, 5], seed=1)  # min raise, half pot, pot and all in: few distinct totals
    chances = RandomBot().policy(hand.view(hand.actor))
    raises = {decision: chance for decision, chance in chances.items() if isinstance(decision, tuple)}
    assert math.isclose(sum(raises.values()), 1 / 3) and len(raises) < 4


# ------------------------------------------------------------ errors


def finished_hand():
    hand = holdem.Hand(NL, [100, 100], seed=5)
    hand.act("raise 6"), hand.act("fold")
    return hand


def test_estimate_refuses_what_it_cannot_estimate():
    with pytest.raises(InvalidHandError, match="not over"):
        estimate(holdem.Hand(NL, [100, 100], seed=1))
    hidden = holdem.Hand(NL, [100, 100], hole_cards=["AsAd", None])
    hidden.act("fold")
    with pytest.raises(InvalidHandError, match="not known"):
        estimate(hidden)
    with pytest.raises(InvalidHandError, match="3 policies for a hand of 2"):
        estimate(finished_hand(), [None] * 3)
    void = holdem.Hand(NL, [100, 100], seed=1)
    void.misdeal()
    assert estimate(void) == (0.0, 0.0)


@pytest.mark.parametrize(
    "policy, message",
    [
        (lambda view: {"fold": 0.5, "call": 0.4}, "summing to 1"),
        (lambda view: {ActionKind.CHECK: 0.5, ActionKind.FOLD: 0.5}, "not legal"),
        (lambda view: {(ActionKind.RAISE, 1): 0.5, ActionKind.FOLD: 0.5}, "not legal"),
        (lambda view: {ActionKind.CALL: 0.5, ActionKind.FOLD: 0.5}, "no chance to"),
        (lambda view: {"dance": 0.5, ActionKind.FOLD: 0.5}, "gives 'dance'"),
        (lambda view: 1 / 0, "raised ZeroDivisionError"),
        (lambda view: [0.5, 0.5], "give a mapping of decisions"),
        (lambda view: {ActionKind.FOLD: "half", ActionKind.CALL: 0.5}, "give a mapping of decisions"),
        (lambda view: {ActionKind.FOLD: math.nan, ActionKind.CALL: 1.0}, "summing to 1"),
    ],
)
def test_a_policy_that_does_not_fit_the_decision_is_an_agent_error(policy, message):
    with pytest.raises(AgentError, match=message):
        estimate(finished_hand(), [None, policy])


@pytest.mark.parametrize(
    "call",
    [
        lambda: estimate(None),
        lambda: estimate(5),
        lambda: estimate(finished_hand(), "ab"),
        lambda: estimate(finished_hand(), 5),
        lambda: estimate(finished_hand(), [None, "policy"]),
        lambda: estimate(finished_hand(), None, 5),
        lambda: estimate(finished_hand(), None, ShowdownValue),  # the class, not a value function
    ],
)
def test_arguments_of_a_wrong_type_are_type_errors(call):
    """Issue: estimate(None) and estimate(5) raised AttributeError."""
    with pytest.raises(TypeError):
        call()


class _Answering(ZeroValue):
    """A value function whose ``values`` (or ``expected``) answers ``answer``."""

    def __init__(self, method, answer):
        self.method, self.answer = method, answer

    def values(self, situation):
        return self._say("values", situation)

    def expected(self, situation):
        return self._say("expected", situation)

    def _say(self, method, situation):
        if method != self.method:
            return (0.0,) * len(situation.stacks)
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


@pytest.mark.parametrize("method", ["values", "expected"])
@pytest.mark.parametrize(
    "answer, message",
    [
        ((0.0,), r"gave \(0.0,\): give one finite number for each of the 2 seats"),  # issue: an IndexError
        ((0.0, 0.0, 0.0), "for each of the 2 seats"),
        ((math.nan, 0.0), "gave \\(nan, 0.0\\)"),  # issue: NaN was taken
        ((math.inf, -math.inf), "finite"),
        (("1", "2"), "finite"),
        (None, "gave None"),
        (KeyError("seat"), "raised KeyError"),
    ],
)
def test_a_value_function_that_does_not_answer_one_finite_number_a_seat_is_an_aivat_error(method, answer, message):
    with pytest.raises(holdem.AivatError, match=message) as raised:
        estimate(finished_hand(), None, _Answering(method, answer))
    assert str(raised.value).startswith(f"the value function's {method} ")


def test_a_value_function_may_answer_numpy_arrays():
    class Arrays(ZeroValue):
        def values(self, situation):
            return numpy.zeros(len(situation.stacks))

    assert estimate(finished_hand(), None, Arrays()) == estimate(finished_hand(), None, ZeroValue())


def test_showdown_value_judges_the_pot_as_called_and_gives_back_what_no_one_matches():
    value = ShowdownValue()
    # Seat 0 bet all in for 100 behind; seat 1 has 30 chips in all: 70 go back, the pot is 60.
    situation = Situation(((51, 47), (7, 2)), (50, 36, 3, 12, 20), (100, 10), (0, 20), (False, False))
    assert value.values(situation) == pytest.approx((30.0, -30.0))
    # Before the deal every share is equal; once over, the result.
    assert value.values(situation._replace(hole_cards=((), ()), board=())) == (0.0, 0.0)
    assert value.values(situation._replace(payoffs=(3, -3))) == (3.0, -3.0)


def test_the_preflop_table_holds_the_core_s_exact_equities():
    from holdem._aivat import matchup_keys

    data = numpy.frombuffer(importlib.resources.files("holdem").joinpath("_preflop.bin").read_bytes(), "<u4")
    keys = data[: len(data) // 2]
    assert len(keys) == 47008 and numpy.array_equal(keys, matchup_keys())
    from holdem.aivat import _preflop

    chooser = random.Random(11)
    for _ in range(25):
        cards = chooser.sample(range(52), 4)
        assert _preflop(tuple(cards[:2]), tuple(cards[2:])) == pytest.approx(
            holdem.equity([cards[:2], cards[2:]], exact=True).equity, abs=1e-12
        )


@pytest.mark.slow
def test_the_preflop_table_is_written_again_byte_for_byte(tmp_path):
    from holdem.aivat import _write_preflop_table

    _write_preflop_table(str(tmp_path / "table.bin"))
    shipped = importlib.resources.files("holdem").joinpath("_preflop.bin").read_bytes()
    assert (tmp_path / "table.bin").read_bytes() == shipped


# ------------------------------------------------------------ holdem sim --aivat


def test_holdem_sim_aivat_prints_and_saves_the_plain_duplicate_and_aivat_results_side_by_side(capsys, tmp_path):
    path = tmp_path / "results.json"
    argv = ["sim", "--players", "2", "--bots", "random,station", "--hands", "300", "--seed", "4", "--workers", "1",
            "--quiet"]  # fmt: skip
    assert main([*argv, "--aivat", "--json", str(path)]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[1].endswith("bb/100  ± hands  ± deals  faults   aivat  ± (95%)")
    saved = json.loads(path.read_text())
    assert saved["settings"]["aivat"] is True and saved["settings"]["duplicate"] is True
    row = saved["agents"][0]
    assert {"aivat_bb_per_100", "aivat_bb_per_100_low", "aivat_bb_per_100_high"} <= set(row)
    assert {"plain_bb_per_100_low", "plain_bb_per_100_high"} <= set(row)
    assert main([*argv, "--duplicate", "--json", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[1].endswith("bb/100  ± hands  ± deals  faults")
    duplicate = json.loads(path.read_text())
    assert "aivat" not in duplicate["settings"] and not any(key.startswith("aivat") for key in duplicate["agents"][0])
    keys = ("net", "bb_per_100", "bb_per_100_low", "bb_per_100_high", "plain_bb_per_100_low", "plain_bb_per_100_high")
    assert [[agent[key] for key in keys] for agent in duplicate["agents"]] == [
        [agent[key] for key in keys] for agent in saved["agents"]
    ]
    assert main([*argv, "--json", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[1].endswith("bb/100  ± (95%)  faults")
    assert not any(key.startswith("plain") for key in json.loads(path.read_text())["agents"][0])


def test_holdem_sim_aivat_prints_n_a_for_an_interval_of_one_deal(capsys, tmp_path):
    """Issue: --hands 1 printed inf intervals without a word."""
    path = tmp_path / "results.json"
    argv = ["sim", "--players", "2", "--bots", "random,station", "--hands", "2", "--seed", "4", "--workers", "1",
            "--quiet", "--aivat", "--json", str(path)]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "inf" not in out and "n/a" in out.splitlines()[2]
    assert out.splitlines()[-1].startswith("n/a: an interval needs at least two samples")
    row = json.loads(path.read_text())["agents"][0]  # valid JSON: no interval is null, not Infinity
    assert row["aivat_bb_per_100_low"] is None and row["bb_per_100_high"] is None
    assert main(["sim", "--players", "2", "--bots", "random,station", "--hands", "200", "--seed", "4",
                 "--workers", "1", "--quiet"]) == 0  # fmt: skip
    assert "n/a" not in capsys.readouterr().out


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--hands", "301"], "--aivat plays duplicate deals, one per seat rotation: give --hands a multiple of 2 (such as 300)"),
        (["--hands", "300", "--carry-stacks"], "--aivat plays duplicate deals, which start from equal stacks: drop --carry-stacks"),
    ],
)  # fmt: skip
def test_holdem_sim_aivat_refuses_what_duplicate_deals_cannot_play(capsys, options, message):
    argv = ["sim", "--players", "2", "--bots", "random,station", "--workers", "1", "--quiet", "--aivat", *options]
    assert main(argv) == 2
    assert f"holdem: error: {message}" in capsys.readouterr().err


class Counted(RandomBot):
    """A random bot that notes what it won in each hand (the notes belong to the class: a match plays
    on copies of its agents)."""

    won: list[int] = []

    def end_hand(self, view):
        Counted.won.append(view.stacks[view.seat] - 200)


def test_a_duplicate_match_gives_the_plain_interval_of_its_hands():
    Counted.won.clear()
    result = holdem.play_match([Counted(), CallingStation()], 200, seed=3, workers=1, duplicate=True)
    agent = result.agents[0]
    assert len(Counted.won) == 200 and sum(Counted.won) == agent.net
    margin = 1.959963984540054 * statistics.stdev(payoff / 2 * 100 for payoff in Counted.won) / math.sqrt(200)
    assert agent.hand_margin == pytest.approx(margin, rel=1e-12) and agent.hand_margin != agent.margin
    assert agent.hand_interval == pytest.approx((agent.bb_per_100 - margin, agent.bb_per_100 + margin))
    assert holdem.play_match([RandomBot(), CallingStation()], 20, seed=3, workers=1).agents[0].hand_interval is None


class Wordy(RandomBot):
    """A random bot whose policy names its decisions in words: only the hand reads them."""

    def policy(self, view):
        return {(kind.value if type(kind) is ActionKind else (kind[0].value, kind[1])): chance
                for kind, chance in super().policy(view).items()}  # fmt: skip


@pytest.mark.parametrize("players", [2, 3, 6])
def test_the_core_s_estimates_of_a_match_equal_the_reference_hand_by_hand(players):
    # Shallow and deep stacks (all-ins on every street), random bots folding on every street, certain
    # bots, bots with no policy known, and a policy in words (valued by the reference).
    rng = random.Random(players)
    recorder = _Recorder(players, ShowdownValue())
    hands, policies = [], []
    for number in range(300 if players == 2 else 80):
        kinds = [rng.choice([RandomBot, RandomBot, CallingStation, TightBot, EquityBot, Wordy]) for _ in range(players)]
        agents = [kind(seed=rng.randrange(99)) if kind in (RandomBot, Wordy, EquityBot) else kind() for kind in kinds]
        known = [getattr(agent, "policy", None) for agent in agents]
        stacks = [rng.choice([3, 9, 40, 200]) for _ in range(players)]
        hand = holdem.Hand(NL, stacks, number % players, seed=number)
        play_hand(hand, [recorder.wrap(seat, agent.act, policy) for seat, (agent, policy) in enumerate(zip(agents, known))])
        recorder.add(hand, ())
        hands.append(hand)
        policies.append(known)
    fast = recorder.estimates()
    assert len(fast) == len(hands)
    streets = set()
    for hand, known, estimates in zip(hands, policies, fast):
        assert estimates == pytest.approx(estimate(hand, known), abs=1e-9, rel=0)
        streets.add((len(hand.board), sum(action.kind is ActionKind.FOLD for action in hand.history) > 0))
    assert {(size, True) for size in ((0, 3, 4, 5) if players == 2 else (0, 3))} <= streets  # folds on every street
    assert any(len(hand.board) == 5 and 0 in hand.stacks for hand in hands)  # all-ins to the river


def test_the_core_reads_the_policies_chances_as_the_reference_does():
    recorder = _Recorder(2, ShowdownValue())
    hand = holdem.Hand(NL, [200, 200], seed=4)
    play_hand(hand, [recorder.wrap(0, RandomBot(seed=1).act, lambda view: {ActionKind.FOLD: 1.5}), CallingStation()])
    with pytest.raises(AgentError, match="probabilities summing to 1"):
        recorder.add(hand, ())
    assert recorder.estimates() == [] and not any(recorder.asked)


def test_a_match_refuses_a_value_function_of_the_wrong_type_before_it_plays():
    with pytest.raises(TypeError, match="give a value function"):
        holdem.play_match([RandomBot(), CallingStation()], 10, aivat=True, value=5)


def test_a_match_longer_than_its_random_streams_is_refused_by_name():
    with pytest.raises(MatchError, match="hands"):
        holdem.play_match([RandomBot(), CallingStation()], 2**63)
