"""Property tests: random tables and random play keep every invariant of a hand."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem.actions import ActionKind, IllegalActionError
from holdem.hand import Hand
from holdem.rules import OddChip, Reopening, Rules


@st.composite
def tables(draw):
    count = draw(st.integers(2, 10))
    small_blind = draw(st.integers(0, 5))
    big_blind = draw(st.integers(max(small_blind, 1), 10))
    options = {
        "ante": draw(st.integers(0, 3)),
        "big_blind_ante": draw(st.booleans()),
        "runouts": draw(st.integers(1, 3)),
        "runs_by_agreement": draw(st.booleans()),
        "odd_chip": draw(st.sampled_from(OddChip)),
        "all_hands_show": draw(st.booleans()),
        "fold_without_bet": draw(st.booleans()),
        "rake": draw(st.sampled_from((0, 0.05))),
        "rake_cap": draw(st.sampled_from((None, 5))),
        "call_full_big_blind": draw(st.booleans()),
    }
    voluntary = draw(st.booleans())
    allowed = draw(st.sampled_from(((2 * big_blind,), (0, 2 * big_blind), (2 * big_blind, 4 * big_blind))))
    chosen = None
    if voluntary:  # any player count: the positions the table lacks are skipped
        options.update(straddles=allowed, voluntary_straddles=True)
        chosen = tuple(draw(st.sampled_from((0, amount))) for amount in allowed)
    elif draw(st.booleans()):  # forced; here too the positions the table lacks are skipped
        options.update(straddles=allowed, voluntary_straddles=False)
    structure = draw(st.sampled_from(("no-limit", "pot-limit", "fixed-limit")))
    if structure == "no-limit":
        rules = Rules.no_limit(small_blind, big_blind, **options)
    elif structure == "pot-limit":
        rules = Rules.pot_limit(small_blind, big_blind, **options)
    else:
        rules = Rules.fixed_limit(
            big_blind, 2 * big_blind, small_blind, big_blind,
            uncapped_heads_up=draw(st.booleans()), reopening=draw(st.sampled_from(Reopening)), **options,
        )
    stacks = draw(st.lists(st.integers(1, 60 * big_blind), min_size=count, max_size=count))
    button = draw(st.integers(0, count - 1))
    return Hand(rules, stacks, button, seed=draw(st.integers(0, 2**32)), straddles=chosen)


def created_with(hand: Hand) -> dict:
    """The options a hand was created with, for Hand.replay."""
    return {"straddles": hand.straddles} if hand.rules.voluntary_straddles else {}


DECISIONS = (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE)


def state(hand: Hand):
    return (
        hand.stacks, hand.bets, hand.history, hand.actor, hand.legal_actions(), hand.street, hand.pots, hand.is_over,
        hand.runs_pending,
    )  # fmt: skip


def check_invariants(hand: Hand, total: int) -> None:
    assert sum(hand.stacks) + sum(hand.bets) + hand.pot_total + hand.rake == total
    assert all(stack >= 0 for stack in hand.stacks)
    cards = [card for seat in range(hand.player_count) for card in hand.hole_cards(seat)]
    cards += hand.board
    for board in hand.boards[1:]:  # later runs share the cards dealt before the all-in
        shared = next(index for index, (a, b) in enumerate(zip(board + (-1,), hand.board + (-2,))) if a != b)
        cards += board[shared:]
    assert len(set(cards)) == len(cards)
    shown = hand.shown_cards()
    for seat in range(hand.player_count):
        view = hand.view(seat)
        assert view.hole_cards == hand.hole_cards(seat)
        for action in view.history:
            if action.kind is ActionKind.DEAL_HOLE and action.seat != seat and action.seat not in shown:
                assert action.cards == ()
        visible = {card for action in view.history for card in action.cards}
        for other in range(hand.player_count):
            if other != seat and other not in shown:
                assert not visible & set(hand.hole_cards(other))


def legal_moves(legal):
    moves = [(kind, None) for kind in legal.kinds if kind not in (ActionKind.BET, ActionKind.RAISE)]
    if legal.min_raise_to is not None:
        moves += [(ActionKind.RAISE, legal.min_raise_to), (ActionKind.RAISE, legal.max_raise_to)]
    return moves


def illegal_moves(hand: Hand, legal):
    moves = [(ActionKind.RAISE, legal.max_raise_to + 1 if legal.max_raise_to else hand.stacks[legal.seat] + 10**6)]
    if legal.min_raise_to is not None and legal.min_raise_to - 1 > legal.current_bet:
        moves.append((ActionKind.RAISE, legal.min_raise_to - 1))
    if not legal.check:
        moves.append((ActionKind.CHECK, None))
    if not legal.fold:
        moves.append((ActionKind.FOLD, None))
    return moves


def deal_mishaps(hand: Hand, data) -> None:
    """Maybe a card exposed in the deal, maybe a misdeal, as a dealer may declare them before any action."""
    if hand.is_over:
        return
    if data.draw(st.booleans()):
        seat = data.draw(st.integers(0, hand.player_count - 1))
        card = data.draw(st.sampled_from(hand.hole_cards(seat)))
        hand.replace_exposed(seat, card)
        assert card not in hand.hole_cards(seat)
        assert all(card in {c for a in hand.view(other).history for c in a.cards} for other in range(hand.player_count))
    if data.draw(st.integers(0, 9)) == 0:
        hand.misdeal()
        assert hand.is_void and hand.stacks == hand.starting_stacks and hand.payoffs == (0,) * hand.player_count


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.data())
def test_random_play_keeps_every_invariant(hand, data):
    total = sum(hand.starting_stacks)
    deal_mishaps(hand, data)
    for _ in range(200):
        check_invariants(hand, total)
        legal = hand.legal_actions()
        if legal is None and hand.runs_pending:
            seat = hand.runs_pending[0]
            before = state(hand)
            try:
                hand.agree_runs(seat, hand.rules.runouts + 1)
            except IllegalActionError:
                assert state(hand) == before
            else:
                raise AssertionError("more runs than the rules allow were accepted")
            hand.agree_runs(seat, data.draw(st.integers(1, hand.rules.runouts)))
            continue
        if legal is None:
            break
        for kind, amount in legal_moves(legal):
            hand.copy().act(kind, amount)  # every legal action succeeds
        before = state(hand)
        for kind, amount in illegal_moves(hand, legal):
            try:
                hand.act(kind, amount)
            except IllegalActionError:
                assert state(hand) == before
            else:
                raise AssertionError(f"{kind} {amount} was accepted: {legal}")
        if any(action.kind in DECISIONS for action in hand.history):
            for late in (hand.misdeal, lambda: hand.replace_exposed(legal.seat, hand.hole_cards(legal.seat)[0])):
                try:
                    late()
                except IllegalActionError:
                    assert state(hand) == before
                else:
                    raise AssertionError("a misdeal or an exposure after the first action was accepted")
        kind, amount = data.draw(st.sampled_from(legal_moves(legal)))
        if amount is not None and legal.max_raise_to > legal.min_raise_to:
            amount = data.draw(st.integers(legal.min_raise_to, legal.max_raise_to))
        hand.act(kind, amount)
    assert hand.is_over
    check_invariants(hand, total)
    assert hand.pot_total == 0 and sum(hand.bets) == 0
    assert sum(hand.stacks) + hand.rake == total
    assert sum(hand.payoffs) == -hand.rake
    assert len(hand.boards) <= hand.rules.runouts
    again = Hand.replay(hand.rules, hand.starting_stacks, hand.history, hand.button, **created_with(hand))
    assert again.history == hand.history and again.stacks == hand.stacks and again.boards == hand.boards


@settings(max_examples=150, deadline=None)
@given(tables())
def test_copies_play_the_same_as_the_original(hand):
    copy = hand.copy()
    while not hand.is_over:
        if hand.runs_pending:
            seat = hand.runs_pending[0]
            assert hand.agree_runs(seat, hand.rules.runouts) == copy.agree_runs(seat, hand.rules.runouts)
            continue
        legal = hand.legal_actions()
        move = legal_moves(legal)[-1]
        assert hand.act(*move) == copy.act(*move)
    assert copy.is_over and copy.stacks == hand.stacks and copy.history == hand.history


def play(hand: Hand, move) -> None:
    if move[0] == "runs":
        hand.agree_runs(*move[1:])
    else:
        hand.act(*move)


@settings(max_examples=150, deadline=None)
@given(tables(), st.data())
def test_copies_that_part_ways_keep_their_own_history(hand, data):
    # Copies share the history recorded before them; each line of play must still read its own.
    start = hand.copy()
    lines = [(hand, [])]
    for _ in range(60):
        playing = [line for line in lines if not line[0].is_over]
        if not playing:
            break
        current, moves = data.draw(st.sampled_from(playing))
        if data.draw(st.booleans()):
            current, moves = current.copy(), moves[:]
            lines.append((current, moves))
        if current.runs_pending:
            move = ("runs", current.runs_pending[0], data.draw(st.integers(1, current.rules.runouts)))
        else:
            move = data.draw(st.sampled_from(legal_moves(current.legal_actions())))
        play(current, move)
        moves.append(move)
    for current, moves in lines:
        again = start.copy()
        for move in moves:
            play(again, move)
        assert again.history == current.history and again.stacks == current.stacks
        assert current.view(0).history == again.view(0).history
