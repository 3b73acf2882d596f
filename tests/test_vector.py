import array

import numpy
import pytest

import holdem
from holdem import Hand, Rules, SeatStatus
from holdem.vector import CHECK_OR_CALL, FOLD, RAISE, VectorGame, _core_arrays, play_decision


def random_decisions(seen, rng, all_in_share=0.3):
    """A legal kind drawn uniformly at each table; a raise uniform between the bounds, or all in."""
    kinds = (rng.random(seen.legal.shape) * seen.legal).argmax(axis=1)
    amounts = rng.integers(seen.min_raise_to, seen.max_raise_to + 1)
    all_in = rng.random(len(kinds)) < all_in_share
    amounts[all_in] = seen.max_raise_to[all_in]
    return kinds, amounts


def hands_dealt(game, tables):
    """A Hand for each table listed, dealt the cards of the table's hand in play."""
    hole_cards, board, starting, button = game.deals()
    return {
        table: Hand(
            game.rules,
            starting[table].tolist(),
            int(button[table]),
            hole_cards=hole_cards[table].tolist(),
            board=board[table].tolist(),
        )
        for table in tables
    }


def assert_same_decision(seen, table, hand):
    legal = hand.legal_actions()
    actor = legal.seat
    assert int(seen.actor[table]) == actor == hand.actor
    assert seen.legal[table].tolist() == [legal.fold, True, legal.min_raise_to is not None]
    assert int(seen.call[table]) == legal.call
    assert int(seen.min_raise_to[table]) == (legal.min_raise_to or 0)
    assert int(seen.max_raise_to[table]) == (legal.max_raise_to or 0)
    assert tuple(seen.stacks[table].tolist()) == hand.stacks
    assert tuple(seen.bets[table].tolist()) == hand.bets
    assert int(seen.pot[table]) == hand.pot_total
    assert int(seen.street[table]) == hand.street
    assert int(seen.button[table]) == hand.button
    assert int(seen.position[table]) == (actor - hand.button - 1) % hand.player_count
    board = seen.board[table].tolist()
    assert tuple(board[: len(hand.board)]) == hand.board and set(board[len(hand.board) :]) <= {-1}
    assert tuple(seen.hole_cards[table].tolist()) == hand.hole_cards(actor)
    assert seen.folded[table].tolist() == [status is SeatStatus.FOLDED for status in hand.statuses]


FORCED = {"voluntary_straddles": False}
GAMES = [
    (Rules.no_limit(1, 2), 2, 40, False),
    (Rules.no_limit(2, 2), 2, 30, True),
    (Rules.no_limit(1, 2, ante=1), 6, 25, True),
    (Rules.no_limit(1, 2, ante=2, big_blind_ante=True), 9, 30, True),
    (Rules.no_limit(1, 2, min_bet=4, fold_without_bet=True), 3, 50, False),
    (Rules.no_limit(5, 10, all_hands_show=True), 10, 60, True),
    (Rules.fixed_limit(2, 4), 6, 40, True),
    (Rules.fixed_limit(2, 4, max_bets=2, uncapped_heads_up=True), 2, 30, True),
    (Rules.fixed_limit(2, 4, max_bets=3, blind_counts_as_bet=False, reopening="pokerkit"), 4, 25, True),
    (Rules.fixed_limit(2, 4, max_bets=None, ante=1, reopening="acpc"), 3, 30, False),
    (Rules.pot_limit(1, 2), 6, 40, True),
    (Rules.pot_limit(1, 2, ante=1, big_blind_ante=True, showdown_order="right-of-button"), 5, 30, True),
    (Rules.no_limit(1, 2, straddles=(4, 8), **FORCED), 6, 40, True),
    (Rules.no_limit(1, 2, straddles=(0, 0, 0, 4), **FORCED), 6, 30, True),
    (Rules.no_limit(1, 2, straddles=(4,), button_straddle=8, **FORCED), 4, 30, True),
    (Rules.no_limit(1, 2, button_straddle=4, **FORCED), 9, 30, True),
    (Rules.no_limit(1, 2, rake="1/20", rake_cap=3), 4, 40, True),
    (Rules.no_limit(1, 2, rake="1/10", no_flop_no_drop=True, odd_chip="pokerkit"), 3, 30, True),
    (Rules.no_limit(1, 2, reopening="acpc"), 3, 30, True),
    (Rules.no_limit(3, 5, reopening="pokerkit", ante=1), 7, 35, True),
]
# Boards run more than once: checked through the hands finished (last_hand), whose cards come from the deck.
RUNS = [
    (Rules.no_limit(1, 2, runouts=2), 2, 20, True),
    (Rules.no_limit(1, 2, runouts=3, ante=1), 4, 15, True),
    (Rules.pot_limit(1, 2, runouts=2, rake="1/20"), 3, 12, False),
]


@pytest.mark.parametrize(("rules", "players", "stack", "carry_stacks"), GAMES)
def test_every_decision_chips_and_payoff_equal_hand(rules, players, stack, carry_stacks):
    assert_plays_as_hand(rules, players, stack, carry_stacks, tables=30, steps=100, seed=players)


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "players", "stack", "carry_stacks"), GAMES)
def test_every_decision_chips_and_payoff_equal_hand_at_length(rules, players, stack, carry_stacks):
    assert_plays_as_hand(rules, players, stack, carry_stacks, tables=400, steps=400, seed=100 + players)


@pytest.mark.parametrize(("rules", "players", "stack", "carry_stacks"), RUNS)
def test_boards_run_more_than_once_pay_as_hand(rules, players, stack, carry_stacks):
    assert_plays_as_hand(rules, players, stack, carry_stacks, tables=30, steps=100, seed=players, step_by_step=False)


def restocked(rules, players, stacks, stack, carry_stacks):
    """The stacks a table starts its next hand from: seat by seat, a seat too short for the forced bets gets ``stack``."""
    short = rules.ante + max((rules.big_blind, *rules.straddles_at(players)))
    return tuple(stack if not carry_stacks or chips <= short else chips for chips in stacks)


def assert_plays_as_hand(rules, players, stack, carry_stacks, tables, steps, seed, step_by_step=True):
    """Random batch hands replayed through Hand from the same cards: the same legal actions at
    every decision, the same stacks, bets and pot, the same payoffs, and each hand finished the
    same history as the Hand (``last_hand``: dealt again from the table's deck, its decisions played again)."""
    game = VectorGame(rules, players, tables, stack=stack, carry_stacks=carry_stacks, seed=seed)
    rng = numpy.random.default_rng(seed)
    hands = hands_dealt(game, range(tables)) if step_by_step else {}
    seen = game.observe()
    finished = 0
    for _ in range(steps):
        starting = game.deals()[2]
        assert (seen.stacks.sum(axis=1) + seen.bets.sum(axis=1) + seen.pot == starting.sum(axis=1)).all()
        kinds, amounts = random_decisions(seen, rng)
        for table, hand in hands.items():
            assert_same_decision(seen, table, hand)
            play_decision(hand, kinds[table], int(amounts[table]))
        seen, rewards, done = game.step(kinds, amounts)
        ended = numpy.flatnonzero(done).tolist()
        for table, hand in hands.items():
            assert hand.is_over == done[table]
            assert tuple(rewards[table].tolist()) == (hand.payoffs if hand.is_over else (0,) * players)
        fresh = hands_dealt(game, ended)
        for table in ended:
            last = game.last_hand(table)
            assert last.is_over and last.payoffs == tuple(rewards[table].tolist())
            if table in hands:
                assert last.history == hands[table].history and last.rake == hands[table].rake
            assert fresh[table].starting_stacks == restocked(rules, players, last.stacks, stack, carry_stacks)
            assert fresh[table].button == (last.button + 1) % players
        if step_by_step:
            hands.update(fresh)
        finished += len(ended)
    assert finished > 2 * tables


def test_a_hand_of_known_cards():
    game = VectorGame(Rules.no_limit(1, 2), players=3, tables=1, stack=100, seed=11)
    hole_cards, board, starting, button = game.deals()
    assert starting.tolist() == [[100, 100, 100]] and button.tolist() == [2]
    seen = game.observe()
    assert seen.actor.tolist() == [2] and seen.position.tolist() == [2]
    assert seen.hole_cards.tolist() == [hole_cards[0, 2].tolist()]
    # The button raises all in, both blinds call: the board runs out and the best hand wins 300.
    seen, rewards, done = game.step([RAISE], [100])
    seen, rewards, done = game.step([CHECK_OR_CALL])
    seen, rewards, done = game.step([CHECK_OR_CALL])
    ranks = [holdem.evaluate(hole_cards[0, seat].tolist() + board[0].tolist()) for seat in range(3)]
    winner = ranks.index(max(ranks))
    assert done.tolist() == [True] and ranks.count(max(ranks)) == 1
    assert rewards[0].tolist() == [200 if seat == winner else -100 for seat in range(3)]
    assert seen.button.tolist() == [0] and seen.stacks.sum() + seen.bets.sum() == 300


def test_tables_draw_the_same_hands_however_the_batch_is_split():
    rules = Rules.no_limit(1, 2)
    whole = VectorGame(rules, 4, tables=8, seed=99)
    parts = [VectorGame(rules, 4, tables=5, seed=99), VectorGame(rules, 4, tables=3, seed=99, first_table=5)]
    rng = numpy.random.default_rng(5)
    for _ in range(40):
        kinds, amounts = random_decisions(whole.observe(), rng)
        whole.step(kinds, amounts)
        parts[0].step(kinds[:5], amounts[:5])
        parts[1].step(kinds[5:], amounts[5:])
        for mine, theirs in zip(whole.deals(), zip(*(part.deals() for part in parts))):
            assert numpy.array_equal(mine, numpy.concatenate(theirs))
    holes = whole.deals()[0]
    assert len({tuple(row.ravel().tolist()) for row in holes}) == 8
    assert not numpy.array_equal(VectorGame(rules, 4, 8, seed=98).deals()[0], VectorGame(rules, 4, 8, seed=99).deals()[0])


def test_table_zero_deals_from_rng_of_the_seed():
    """The first hand of table 0: a Fisher-Yates shuffle of the ordered deck drawn from Rng(seed),
    dealt as a dealer does (one card a round from the left of the button, a burn before each street):
    the hand ``Hand(rules, stacks, seed=seed)`` deals."""
    players, seed = 4, 2024
    rng, deck = holdem.Rng(seed), list(range(52))
    for position in range(2 * players + 8):
        swap = position + rng.below(52 - position)
        deck[position], deck[swap] = deck[swap], deck[position]
    hole_cards, board, _, button = VectorGame(Rules.no_limit(1, 2), players, 3, seed=seed).deals()
    hand = Hand(Rules.no_limit(1, 2), [200] * players, seed=seed)
    for seat in range(players):
        position = (seat - int(button[0]) - 1) % players
        assert hole_cards[0, seat].tolist() == [deck[position], deck[players + position]] == list(hand.hole_cards(seat))
    assert board[0].tolist() == [deck[2 * players + offset] for offset in (1, 2, 3, 5, 7)]


def test_games_on_threads_play_as_in_turn():
    from concurrent.futures import ThreadPoolExecutor

    def play(game, steps=30):
        rng = numpy.random.default_rng(game.seed)
        for _ in range(steps):
            game.step(*random_decisions(game.observe(), rng))
        return game.deals()

    def games():
        return [VectorGame(Rules.no_limit(1, 2), 6, 2_000, seed=seed) for seed in range(4)]

    with ThreadPoolExecutor(2) as pool:
        threaded = list(pool.map(play, games()))
    for mine, theirs in zip(threaded, map(play, games())):
        assert all(numpy.array_equal(a, b) for a, b in zip(mine, theirs))


def test_a_refused_step_changes_nothing():
    game = VectorGame(Rules.no_limit(1, 2), players=2, tables=3, seed=4)
    game.step([CHECK_OR_CALL] * 3)  # the small blinds call: the big blinds may check
    before = game.observe()
    attempts = [
        ([CHECK_OR_CALL, FOLD, CHECK_OR_CALL], None, holdem.IllegalActionError, "table 1: seat 0 may not fold facing no bet"),
        ([RAISE, 1, 1], [3, 0, 0], holdem.IllegalActionError, "table 0: seat 0 may not raise to 3: the total must be from 4 to 200"),
        ([1, 1, 7], None, holdem.IllegalActionError, "table 2: seat 0: decision kind 7"),
        ([1, 1], None, holdem.InvalidArrayError, r"kinds of shape \(2,\)"),
        ([1, 1, 1], [[4, 4, 4]], holdem.InvalidArrayError, r"amounts of shape \(1, 3\)"),
        ([1.0, 1.0, 1.0], None, TypeError, "kinds of dtype float64"),
        ([True, True, True], None, TypeError, "kinds of dtype bool"),
        # Input that is not numbers is a wrong type, whatever its shape.
        ("abc", None, TypeError, "kinds of dtype <U3: expected integers"),
        ([1, 1, 1], "abc", TypeError, "amounts of dtype <U3"),
        (["a", "b"], None, TypeError, "kinds of dtype <U1"),
        (None, None, TypeError, "kinds of dtype object"),
        ([1, 1, 1], {"table": 4}, TypeError, "amounts of dtype object"),
    ]
    # Kinds past RAISE or below FOLD, whatever their low bits.
    attempts += [
        ([1, 1, kind], [0, 0, 4], holdem.IllegalActionError, f"table 2: seat 0: decision kind {kind}")
        for kind in (3, 4, 5, 6, -1, -2, -4, 2**62, -(2**63))
    ]
    for kinds, amounts, error, message in attempts:
        with pytest.raises(error, match=message):
            game.step(kinds, amounts)
        for mine, theirs in zip(before, game.observe()):
            assert numpy.array_equal(mine, theirs)
    seen, _, _ = game.step(numpy.array([1, 1, 1], numpy.uint8))
    assert seen.street.tolist() == [1, 1, 1]


def test_no_raise_when_no_one_can_answer():
    game = VectorGame(Rules.no_limit(1, 2), players=2, tables=1, stack=10, seed=1)
    seen, _, _ = game.step([RAISE], [10])
    assert seen.legal.tolist() == [[True, True, False]] and seen.max_raise_to.tolist() == [0]
    with pytest.raises(holdem.IllegalActionError, match="may not bet or raise now"):
        game.step([RAISE], [10])


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (Rules.no_limit(1, 2, straddles=(4,)), "voluntary straddles: VectorGame asks no one"),
        (Rules.no_limit(1, 2, runouts=2, runs_by_agreement=True), "runs by agreement: VectorGame does not wait"),
    ],
)
def test_only_rules_that_wait_for_a_choice_are_refused(rules, message):
    with pytest.raises(holdem.InvalidRulesError, match=message):
        VectorGame(rules)


def test_bad_arguments():
    rules = Rules.no_limit(1, 2, ante=1)
    with pytest.raises(holdem.InvalidRulesError, match="11 players"):
        VectorGame(rules, players=11)
    for tables in (0, 100_001):
        with pytest.raises(holdem.InvalidRulesError, match=f"tables {tables}: use 1 to 100,000"):
            VectorGame(rules, tables=tables)
    with pytest.raises(holdem.InvalidHandError, match=r"stack 3: use more than the ante plus the largest blind or straddle \(3\)"):
        VectorGame(rules, stack=3)
    with pytest.raises(holdem.InvalidHandError, match=r"straddle \(9\)"):
        VectorGame(Rules.no_limit(1, 2, ante=1, straddles=(4, 8), voluntary_straddles=False), 4, stack=9)
    with pytest.raises(holdem.InvalidSeedError, match="seed -1"):
        VectorGame(rules, seed=-1)
    with pytest.raises(holdem.InvalidSeedError, match="first_table -1"):
        VectorGame(rules, first_table=-1)
    for name, value in (("players", True), ("tables", 2.0), ("stack", "100"), ("seed", 1.5)):
        with pytest.raises(TypeError, match=f"{name} {value!r}: use an integer"):
            VectorGame(rules, **{name: value})
    with pytest.raises(TypeError, match="expected a Rules"):
        VectorGame("no-limit")
    with pytest.raises(TypeError, match="carry_stacks 1"):
        VectorGame(rules, carry_stacks=1)
    game = VectorGame(rules, players=numpy.int64(3), tables=numpy.int32(2), stack=numpy.int16(50), seed=numpy.uint64(5))
    assert game.observe().stacks.shape == (2, 3)
    assert repr(game).startswith("VectorGame(Rules(structure=<Structure.NO_LIMIT")


class StepSpy:
    """A game's core that keeps the arrays each step is given."""

    def __init__(self, core):
        self.core = core
        self.given = []

    def step(self, kinds, amounts, rewards, done, seen):
        self.given.append((kinds, amounts))
        return self.core.step(kinds, amounts, rewards, done, seen)

    def __getattr__(self, name):
        return getattr(self.core, name)


def test_step_plays_a_copy_of_the_decisions_it_checked():
    game = VectorGame(Rules.no_limit(1, 2), players=2, tables=3, seed=4)
    game._core = spy = StepSpy(game._core)
    kinds = numpy.array([CHECK_OR_CALL, RAISE, FOLD], numpy.int64)
    amounts = numpy.array([0, 6, 0], numpy.int64)
    game.step(kinds, amounts)
    played_kinds, played_amounts = spy.given[0]
    assert not numpy.shares_memory(played_kinds, kinds) and not numpy.shares_memory(played_amounts, amounts)
    assert played_kinds.tolist() == kinds.tolist() and played_amounts.tolist() == amounts.tolist()


def test_integers_past_int64_are_out_of_range_and_an_empty_list_is_a_shape_error():
    game = VectorGame(Rules.no_limit(1, 2), players=2, tables=2, seed=4)
    before = game.observe()
    attempts = [
        ([RAISE, RAISE], numpy.array([6, 2**64 - 1], numpy.uint64), holdem.IllegalActionError,
         "table 1: amounts entry 18446744073709551615 is out of range"),
        (numpy.array([1, 2**63], numpy.uint64), None, holdem.IllegalActionError, "table 1: kinds entry 9223372036854775808"),
        ([RAISE, RAISE], [6, 2**70], holdem.IllegalActionError, "table 1: amounts entry 1180591620717411303424 is out of range"),
        ([RAISE, RAISE], [2**63, 6], holdem.IllegalActionError, "table 0: amounts entry 9223372036854775808 is out of range"),
        ([RAISE, RAISE], (6, -(2**63) - 1), holdem.IllegalActionError, "table 1: amounts entry -9223372036854775809"),
        ([1, 2**64], None, holdem.IllegalActionError, "table 1: kinds entry 18446744073709551616 is out of range"),
        ([RAISE, RAISE], [6.0, 2**70], TypeError, "amounts of dtype object: expected integers"),
        ([], None, holdem.InvalidArrayError, r"kinds of shape \(0,\)"),
        ([1, 1], [], holdem.InvalidArrayError, r"amounts of shape \(0,\)"),
    ]  # fmt: skip
    for kinds, amounts, error, message in attempts:
        with pytest.raises(error, match=message):
            game.step(kinds, amounts)
        for mine, theirs in zip(before, game.observe()):
            assert numpy.array_equal(mine, theirs)
    seen, _, _ = game.step([RAISE, CHECK_OR_CALL], numpy.array([6, 0], numpy.uint64))
    assert seen.bets.tolist() == [[2, 6], [2, 2]]


def test_the_core_checks_its_arrays_and_table_indices():
    game = VectorGame(Rules.no_limit(1, 2), players=2, tables=3, seed=4)
    core = game._core
    for index in (3, -1, 10**6, 2**70, -(2**70)):
        with pytest.raises(holdem.InvalidArrayError, match=f"table {index}: use 0 to 2"):
            core.legal(index)
        with pytest.raises(holdem.InvalidArrayError, match=f"table {index}: use 0 to 2"):
            core.refusal(index, 0, 0)
        with pytest.raises(holdem.InvalidArrayError, match=f"table {index}: use 0 to 2"):
            game.last_hand(index)
    assert game.last_hand(numpy.int64(2)) is None
    zeros = numpy.zeros

    def step(tables=3, players=2):
        return core.step(zeros(tables, numpy.int64), zeros(3, numpy.int64), zeros((3, players), numpy.int64),
                         zeros(3, numpy.uint8), _core_arrays(game.observe()))  # fmt: skip

    for bad in (lambda: step(tables=2), lambda: step(players=1), lambda: step(tables=4)):
        with pytest.raises(holdem.InvalidArrayError, match="shape does not fit 3 tables of 2 seats"):
            bad()
    with pytest.raises(TypeError):
        core.step(None, None, None, None, None)
    with pytest.raises(holdem.InvalidArrayError, match="hole_cards"):
        core.deals(zeros((3, 3, 2), numpy.int8), zeros((3, 5), numpy.int8), zeros((3, 2), numpy.int64),
                   zeros(3, numpy.int8))  # fmt: skip
    seen = game.observe()
    with pytest.raises(holdem.InvalidArrayError, match="board"):
        core.observe(_core_arrays(seen._replace(board=zeros((3, 4), numpy.int8))))
    with pytest.raises(holdem.InvalidArrayError, match="13 arrays: an observation has 14"):
        core.observe(_core_arrays(seen)[:13])
    with pytest.raises(TypeError, match="pot: its entries are not int64"):
        core.observe(_core_arrays(seen._replace(pot=zeros(3, numpy.int32))))
    with pytest.raises(TypeError, match="kinds: its entries are not int64"):
        core.step(zeros(3, numpy.uint64), zeros(3, numpy.int64), zeros((3, 2), numpy.int64), zeros(3, numpy.uint8),
                  _core_arrays(seen))  # fmt: skip
    with pytest.raises(TypeError, match="done: its entries are not uint8"):
        core.step(zeros(3, numpy.int64), zeros(3, numpy.int64), zeros((3, 2), numpy.int64), zeros(3, numpy.float64),
                  _core_arrays(seen))  # fmt: skip
    with pytest.raises(holdem.InvalidArrayError, match="use 2 to 10 players"):
        type(core)(Rules.no_limit(1, 2), 11, 1, (), 100, False, 1, 0)
    kinds, rewards = zeros(6, numpy.int64)[::2], zeros((3, 2), numpy.int64)
    with pytest.raises(holdem.InvalidArrayError, match="kinds: the array is not C-contiguous"):
        core.step(kinds, zeros(3, numpy.int64), rewards, zeros(3, numpy.uint8), _core_arrays(seen))
    with pytest.raises(holdem.InvalidArrayError, match="rewards: the array is not C-contiguous"):
        core.step(zeros(3, numpy.int64), zeros(3, numpy.int64), numpy.asfortranarray(zeros((3, 2), numpy.int64)),
                  zeros(3, numpy.uint8), _core_arrays(seen))  # fmt: skip
    done = zeros(3, numpy.uint8)
    done.flags.writeable = False
    with pytest.raises(holdem.InvalidArrayError, match="done: the array is read-only"):
        core.step(zeros(3, numpy.int64), zeros(3, numpy.int64), rewards, done, _core_arrays(seen))
    for kinds in (numpy.int64(1), b"12345678" * 3, array.array("q", [0, 0, 0]), zeros(3, "datetime64[s]")):
        with pytest.raises(TypeError, match="kinds: "):
            core.step(kinds, zeros(3, numpy.int64), rewards, zeros(3, numpy.uint8), _core_arrays(seen))
    read_only = zeros(3, numpy.int64)
    read_only.flags.writeable = False  # decisions are only read
    assert core.step(read_only, read_only, rewards, zeros(3, numpy.uint8), _core_arrays(game.observe())) == -1
    assert game.step([CHECK_OR_CALL] * 3)[0].street.tolist() == [0, 0, 0]


def test_last_hand_is_none_before_the_first_and_writes_as_a_hand():
    game = VectorGame(Rules.pot_limit(1, 2, rake="1/20", rake_cap=2), players=3, tables=2, seed=6)
    assert game.last_hand(0) is None and game.last_hand(1) is None
    with pytest.raises(holdem.InvalidArrayError, match="table 2: use 0 to 1"):
        game.last_hand(2)
    with pytest.raises(TypeError):
        game.last_hand(1.0)
    rng = numpy.random.default_rng(6)
    while game.last_hand(1) is None:
        _, rewards, done = game.step(*random_decisions(game.observe(), rng))
    hand = game.last_hand(1)
    assert hand.is_over and hand.payoffs == tuple(rewards[1].tolist())
    again = Hand.replay(hand.rules, hand.starting_stacks, hand.history, hand.button)
    assert again.stacks == hand.stacks and again.history == hand.history
    assert "Total pot" in hand.log()


def test_carried_stacks_restock_only_the_short_seat():
    """Heads-up, all in at once: the loser is restocked, the winner keeps what it won."""
    game = VectorGame(Rules.no_limit(1, 2), players=2, tables=1, stack=50, carry_stacks=True, seed=3)
    game.step([RAISE], [50])
    _, rewards, done = game.step([CHECK_OR_CALL])
    assert done.tolist() == [True]
    winner = int(rewards[0].argmax())
    starting = game.deals()[2][0].tolist()
    if rewards[0].tolist() != [0, 0]:  # not a split pot
        assert starting[winner] == 100 and starting[1 - winner] == 50


def test_fixed_limit_plays_at_the_rate_of_no_limit_and_the_bounds_are_one_size():
    game = VectorGame(Rules.fixed_limit(2, 4), players=6, tables=50, seed=2)
    seen = game.observe()
    raising = seen.legal[:, 2]
    assert (seen.min_raise_to[raising] == seen.max_raise_to[raising]).all()
    assert (seen.min_raise_to[raising] == 4).all()


def test_a_refused_fixed_limit_raise_names_the_cap():
    game = VectorGame(Rules.fixed_limit(2, 4, max_bets=2), players=3, tables=1, seed=1)
    game.step([RAISE], [4])
    with pytest.raises(holdem.IllegalActionError, match="table 0: seat 0 may not bet or raise now: the cap of 2 bets"):
        game.step([RAISE], [6])


def test_a_game_deals_only_from_seeds_never_from_a_secure_generator():
    # The engine's shuffle draws from a plain copy of a table's generator: a game may not be given one in secure mode.
    from holdem._core import Rng

    for seed in (Rng(secure=True), Rng(5)):
        with pytest.raises(TypeError, match="use an integer"):
            VectorGame(Rules.no_limit(1, 2), players=2, tables=2, seed=seed)


@pytest.mark.parametrize(("rules", "players", "stack", "carry_stacks"), GAMES[::3])
def test_random_decisions_are_legal_for_the_seat_to_act(rules, players, stack, carry_stacks):
    game = VectorGame(rules, players, tables=200, stack=stack, carry_stacks=carry_stacks, seed=3)
    rng = holdem.Rng(4)
    seen = game.observe()
    for _ in range(60):
        kinds, amounts = game.random_decisions(rng)
        assert seen.legal[numpy.arange(200), kinds].all()
        raising = kinds == RAISE
        assert (seen.min_raise_to[raising] <= amounts[raising]).all()
        assert (amounts[raising] <= seen.max_raise_to[raising]).all()
        assert (amounts[~raising] == 0).all()
        seen, _, _ = game.step(kinds, amounts)


def test_random_decisions_draw_each_legal_kind_and_raise_alike():
    # The first decision at 6-max, 100 big blinds: fold, call or raise to 4 to 200, drawn at 30,000 tables.
    game = VectorGame(Rules.no_limit(1, 2), players=6, tables=30_000, seed=1)
    kinds, amounts = game.random_decisions(holdem.Rng(2))
    assert all(abs(count - 10_000) < 300 for count in numpy.bincount(kinds, minlength=3))
    raised = amounts[kinds == RAISE]
    assert raised.min() == 4 and raised.max() == 200 and abs(raised.mean() - 102) < 2
    # Facing no bet in the big blind (heads-up, after a call): check or raise, never fold.
    game = VectorGame(Rules.no_limit(1, 2), players=2, tables=3_000, seed=1)
    game.step(numpy.full(3_000, CHECK_OR_CALL))
    kinds, _ = game.random_decisions(holdem.Rng(3))
    assert set(kinds.tolist()) == {CHECK_OR_CALL, RAISE} and abs((kinds == RAISE).sum() - 1_500) < 150


def test_random_raises_past_two_to_the_32_are_drawn_over_the_whole_range():
    stack = 2**50
    game = VectorGame(Rules.no_limit(1, 2), players=2, tables=2_000, stack=stack, seed=1)
    kinds, amounts = game.random_decisions(holdem.Rng(5))
    raised = amounts[kinds == RAISE]
    assert (4 <= raised).all() and (raised <= stack).all()
    assert raised.max() > stack // 2 > raised.min() and raised.max() - raised.min() > stack // 2


def test_threads_sharing_a_generator_draw_in_turn():
    import threading

    games = [VectorGame(Rules.no_limit(1, 2), players=6, tables=20_000, seed=1) for _ in range(2)]
    rng, drawn = holdem.Rng(5), [[], []]

    def draw(index):
        for _ in range(20):
            drawn[index].append(games[index].random_decisions(rng)[1])

    threads = [threading.Thread(target=draw, args=(index,)) for index in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not any(numpy.array_equal(mine, theirs) for mine in drawn[0] for theirs in drawn[1])


def test_random_decisions_follow_their_generator():
    game = VectorGame(Rules.no_limit(1, 2), players=6, tables=100, seed=1)
    first, again = holdem.Rng(9), holdem.Rng(9)
    drawn = game.random_decisions(first)
    assert all((a == b).all() for a, b in zip(drawn, game.random_decisions(again)))
    assert any((a != b).any() for a, b in zip(drawn, game.random_decisions(first)))  # the generator moved on
    seen = game.observe()
    kinds, amounts = game.random_decisions(holdem.Rng(secure=True))
    assert seen.legal[numpy.arange(100), kinds].all() and len(set(kinds.tolist())) == 3
    raising = kinds == RAISE
    assert ((seen.min_raise_to <= amounts) & (amounts <= seen.max_raise_to))[raising].all()
    for rng in (9, numpy.random.default_rng(9), None):
        with pytest.raises(TypeError, match="expected a holdem.Rng"):
            game.random_decisions(rng)
