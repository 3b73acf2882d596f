"""Player statistics: every definition on hands made by hand, an independent recount over random
hands and over the real hands of the PHH sample, the inputs summarize takes, and ``holdem stats``."""

import glob
import io
import json
import random
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import holdem
from holdem.actions import ActionKind
from holdem.cli import main
from holdem.formats import phh
from holdem.stats import Aggression, Ratio, StatsError, summarize

SAMPLE = Path(__file__).parent / "data" / "phh-sample"
NL = holdem.Rules.no_limit(1, 2)


def play(hand, *decisions):
    for decision in decisions:
        hand.act(decision)
    return hand


def stats_of(hand, names):
    return summarize([hand], names=names)


# ------------------------------------------------------------ hands made by hand


def test_heads_up_open_three_bet_fold_to_three_bet():
    # Heads-up the button (seat 1) is the small blind and acts first before the flop.
    hand = play(holdem.Hand(NL, [100, 100], seed=1), "raise 6", "raise 18", "fold")
    players = stats_of(hand, ["bb", "btn"])
    btn, bb = players["btn"], players["bb"]
    assert btn.vpip == btn.pfr == Ratio(1, 1) and bb.vpip == bb.pfr == Ratio(1, 1)
    assert bb.three_bet == Ratio(1, 1) and btn.three_bet == Ratio(0, 0)
    assert btn.fold_to_three_bet == Ratio(1, 1) and bb.fold_to_three_bet == Ratio(0, 0)
    assert btn.wtsd == Ratio(0, 0) and (btn.net, bb.net) == (-6, 6)
    assert (btn.bb_per_100, bb.bb_per_100) == (-300.0, 300.0)
    positions = summarize([hand], names=["bb", "btn"], by_position=True)
    assert list(positions["btn"].positions) == ["BTN/SB"] and positions["bb"].positions["BB"].three_bet == Ratio(1, 1)


def test_a_walk_is_no_decision_for_the_big_blind_and_posting_is_not_voluntary():
    hand = play(holdem.Hand(NL, [100] * 3, seed=2), "fold", "fold")
    players = stats_of(hand, ["sb", "bb", "btn"])
    assert players["bb"].vpip == Ratio(0, 0) and players["bb"].hands == 1
    assert players["sb"].vpip == Ratio(0, 1) and players["btn"].vpip == Ratio(0, 1)
    assert players["bb"].net == 1 and players["sb"].net == -1


def test_a_limper_facing_a_raise_may_three_bet_and_the_big_blind_check_is_not_voluntary():
    # Seat 2 (button) limps, the small blind completes, the big blind raises: the limper re-raises.
    hand = play(holdem.Hand(NL, [200] * 3, seed=3), "call", "call", "raise 8", "raise 24", "fold", "fold")
    players = stats_of(hand, ["sb", "bb", "btn"])
    assert players["btn"].vpip == Ratio(1, 1) and players["btn"].pfr == Ratio(1, 1)
    assert players["btn"].three_bet == Ratio(1, 1)
    # The small blind faces two raises: no 3-bet chance, and it was not the first raiser.
    assert players["sb"].three_bet == Ratio(0, 0) and players["sb"].vpip == Ratio(1, 1) and players["sb"].pfr == Ratio(0, 1)
    assert players["sb"].fold_to_three_bet == Ratio(0, 0)
    assert players["bb"].fold_to_three_bet == Ratio(1, 1) and players["bb"].three_bet == Ratio(0, 0)
    checked = play(holdem.Hand(NL, [200] * 3, seed=3), "call", "call", "check")
    while not checked.is_over:
        checked.check_or_call()
    assert stats_of(checked, ["sb", "bb", "btn"])["bb"].vpip == Ratio(0, 1)


def test_a_straddle_is_posted_not_raised_and_the_first_raise_over_it_is_the_two_bet():
    rules = holdem.Rules.no_limit(1, 2, straddles=(4,))
    hand = holdem.Hand(rules, [200] * 4, seed=4, straddles=(4,))
    assert hand.positions == ("SB", "BB", "UTG", "BTN") and hand.actor == 3
    play(hand, "raise 12", "fold", "fold", "raise 36", "fold")
    players = stats_of(hand, ["sb", "bb", "straddle", "btn"])
    assert players["btn"].pfr == Ratio(1, 1) and players["straddle"].three_bet == Ratio(1, 1)
    assert players["sb"].three_bet == Ratio(0, 1) and players["bb"].three_bet == Ratio(0, 1)
    assert players["btn"].fold_to_three_bet == Ratio(1, 1)
    walk = play(holdem.Hand(rules, [200] * 4, seed=4, straddles=(4,)), "fold", "fold", "fold")
    assert stats_of(walk, ["sb", "bb", "straddle", "btn"])["straddle"].vpip == Ratio(0, 0)


def test_continuation_bets_and_folds_to_them_and_aggression():
    hand = holdem.Hand(NL, [200] * 3, seed=5)
    play(hand, "raise 6", "call", "call")  # the button raises, both blinds call
    play(hand, "check", "check", "bet 10", "call", "fold")  # checked to the raiser: c-bet, call, fold
    play(hand, "check", "bet 20", "raise 60", "fold")  # turn
    players = stats_of(hand, ["sb", "bb", "btn"])
    assert players["btn"].cbet == Ratio(1, 1) and players["sb"].cbet == Ratio(0, 0)
    assert players["sb"].fold_to_cbet == Ratio(0, 1) and players["bb"].fold_to_cbet == Ratio(1, 1)
    assert players["btn"].aggression == Aggression(2, 0) and players["sb"].aggression == Aggression(1, 1)
    assert players["sb"].wtsd == Ratio(0, 1) and players["btn"].wtsd == Ratio(0, 1)
    # A donk bet before the raiser acts: no c-bet chance; the raiser's raise answers the only bet.
    donk = play(holdem.Hand(NL, [200] * 3, seed=5), "raise 6", "call", "call", "bet 10", "fold", "raise 30", "fold")
    players = stats_of(donk, ["sb", "bb", "btn"])
    assert players["btn"].cbet == Ratio(0, 0) and players["bb"].fold_to_cbet == Ratio(0, 0)
    # The raiser checks: a chance missed, and no one faces a c-bet.
    missed = play(holdem.Hand(NL, [200] * 3, seed=5), "raise 6", "call", "call", "check", "check", "check", "bet 10")
    play(missed, "fold", "fold")
    players = stats_of(missed, ["sb", "bb", "btn"])
    assert players["btn"].cbet == Ratio(0, 1) and players["sb"].aggression == Aggression(1, 0)


def test_a_fold_to_a_cbet_counts_only_while_it_is_the_only_flop_bet():
    hand = holdem.Hand(NL, [200] * 4, seed=6)
    play(hand, "raise 6", "call", "call", "call")  # UTG raises, all call
    play(hand, "check", "check", "bet 12", "raise 40", "fold", "fold", "fold")  # c-bet, raised; the rest fold
    players = stats_of(hand, ["sb", "bb", "utg", "btn"])
    assert players["utg"].cbet == Ratio(1, 1) and players["btn"].fold_to_cbet == Ratio(0, 1)
    # The blinds' folds come after the raise: not folds to the c-bet.
    assert players["sb"].fold_to_cbet == Ratio(0, 0) and players["bb"].fold_to_cbet == Ratio(0, 0)
    assert players["utg"].fold_to_three_bet == Ratio(0, 0)


def test_all_in_players_see_the_flop_and_go_to_showdown():
    hand = play(holdem.Hand(NL, [50, 200, 200], seed=7), "raise 6", "all-in", "fold", "call")
    assert hand.is_over and len(hand.board) == 5
    players = stats_of(hand, ["sb", "bb", "btn"])
    sb, btn = players["sb"], players["btn"]
    assert sb.wtsd == btn.wtsd == Ratio(1, 1) and players["bb"].wtsd == Ratio(0, 0)
    assert sb.wsd.opportunities == btn.wsd.opportunities == 1 and sb.wsd.count + btn.wsd.count >= 1
    assert sb.wsd.count == (sb.net > 0)
    assert btn.vpip == Ratio(1, 1) and sb.three_bet == Ratio(1, 1) and btn.aggression == Aggression(0, 0)


def test_a_chop_at_showdown_is_won_by_both():
    # The board plays: a royal flush for everyone.
    hand = holdem.Hand(NL, [100, 100], hole_cards=["2c3d", "2h3s"], board="AsKsQsJsTs")
    play(hand, "call", "check", "check", "check", "check", "check", "check", "check")
    assert hand.is_over and hand.payoffs == (0, 0)
    players = stats_of(hand, ["bb", "btn"])
    assert players["bb"].wsd == players["btn"].wsd == Ratio(1, 1)
    assert players["bb"].wtsd == Ratio(1, 1) and players["btn"].aggression == Aggression(0, 0)


def test_bb_per_100_divides_each_hand_by_its_own_big_blind_also_in_limit():
    small = play(holdem.Hand(NL, [100, 100], seed=1), "raise 6", "fold")
    limit = holdem.Rules.fixed_limit(10, 20)
    big = play(holdem.Hand(limit, [400, 400], seed=1), "raise 20", "fold")
    players = summarize([small, big], names=["bb", "btn"])
    assert players["btn"].net == 2 + 10 and players["btn"].bb_per_100 == pytest.approx(100 * (2 / 2 + 10 / 10) / 2)


# ------------------------------------------------------------ an independent recount


def recount(hand):
    """Each seat's counts, read from the history street by street, one definition at a time."""
    history = hand.history
    count = hand.player_count
    streets = [[]]
    for action in history:
        if action.kind is ActionKind.DEAL_BOARD and not action.amount:
            streets.extend([] for _ in range(len(action.cards) // 3 if len(streets) == 1 else 1))
            if len(action.cards) == 5:  # the whole board at once: flop, turn and river
                streets.extend([[], []])
        elif action.kind in (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE):
            streets[-1].append(action)
    preflop = streets[0]
    flop = streets[1] if len(streets) > 1 else []
    postflop = [action for street in streets[1:] for action in street]
    aggressive = (ActionKind.BET, ActionKind.RAISE)
    raisers = [action.seat for action in preflop if action.kind in aggressive]
    folded_before_flop = {action.seat for action in preflop if action.kind is ActionKind.FOLD}
    folded = {action.seat for action in preflop + postflop if action.kind is ActionKind.FOLD}
    flop_dealt = len(streets) > 1
    left = count - len(folded)
    winners = {action.seat for action in history if action.kind is ActionKind.WIN and action.amount}
    result = {}
    for seat in range(count):
        mine = [action for action in preflop if action.seat == seat]
        row = {"decided": int(bool(mine))}
        row["vpip"] = int(any(a.kind in aggressive or (a.kind is ActionKind.CALL and a.amount) for a in mine))
        row["pfr"] = int(any(a.kind in aggressive for a in mine))
        three_chances = three = faced = folds = 0
        for index, action in enumerate(preflop):
            before = sum(a.kind in aggressive for a in preflop[:index])
            if action.seat == seat and before == 1:
                three_chances += 1
                three += action.kind in aggressive
            if action.seat == seat and before == 2 and raisers[0] == seat:
                faced += 1
                folds += action.kind is ActionKind.FOLD
        row["three"] = (three, three_chances)
        row["fold_three"] = (folds, faced)
        cbet_chance = cbet = 0
        if raisers and raisers[-1] == seat:
            firsts = [index for index, action in enumerate(flop) if action.seat == seat]
            if firsts and not any(a.kind in aggressive for a in flop[: firsts[0]]):
                cbet_chance = 1
                cbet = int(flop[firsts[0]].kind is ActionKind.BET)
        row["cbet"] = (cbet, cbet_chance)
        faced_cbet = folded_cbet = 0
        if raisers:
            raiser = raisers[-1]
            firsts = [index for index, action in enumerate(flop) if action.seat == raiser]
            bets_before = firsts and any(a.kind in aggressive for a in flop[: firsts[0]])
            if firsts and not bets_before and flop[firsts[0]].kind is ActionKind.BET and seat != raiser:
                after = [index for index in range(firsts[0] + 1, len(flop)) if flop[index].seat == seat]
                if after and not any(a.kind in aggressive for a in flop[firsts[0] + 1 : after[0]]):
                    faced_cbet = 1
                    folded_cbet = int(flop[after[0]].kind is ActionKind.FOLD)
        row["fold_cbet"] = (folded_cbet, faced_cbet)
        row["aggression"] = (
            sum(a.seat == seat and a.kind in aggressive for a in postflop),
            sum(a.seat == seat and a.kind is ActionKind.CALL for a in postflop),
        )
        saw_flop = flop_dealt and seat not in folded_before_flop
        showdown = saw_flop and seat not in folded and left >= 2
        row["wtsd"] = (int(showdown), int(saw_flop))
        row["wsd"] = (int(showdown and seat in winners), int(showdown))
        row["net"] = hand.payoffs[seat]
        result[seat] = row
    return result


def assert_agrees(hands, names_of):
    """summarize over ``hands`` equals the sum of the recounts; ``names_of(hand)`` names its seats."""
    totals = {}
    for hand in hands:
        for seat, row in recount(hand).items():
            name = names_of(hand)[seat]
            total = totals.setdefault(name, {})
            for key, value in row.items():
                if isinstance(value, tuple):
                    previous = total.get(key, (0, 0))
                    total[key] = (previous[0] + value[0], previous[1] + value[1])
                else:
                    total[key] = total.get(key, 0) + value
            total["hands"] = total.get("hands", 0) + 1
            total["vpip_pfr_chances"] = total.get("vpip_pfr_chances", 0) + row["decided"]
    return totals


def compare(players, totals):
    assert set(players) == set(totals)
    for name, total in totals.items():
        player = players[name]
        assert player.hands == total["hands"]
        assert player.vpip == Ratio(total["vpip"], total["decided"])
        assert player.pfr == Ratio(total["pfr"], total["decided"])
        assert player.three_bet == Ratio(*total["three"])
        assert player.fold_to_three_bet == Ratio(*total["fold_three"])
        assert player.cbet == Ratio(*total["cbet"])
        assert player.fold_to_cbet == Ratio(*total["fold_cbet"])
        assert player.aggression == Aggression(*total["aggression"])
        assert player.wtsd == Ratio(*total["wtsd"])
        assert player.wsd == Ratio(*total["wsd"])
        assert player.net == total["net"]


def random_hand(seed):
    chooser = random.Random(seed)
    count = chooser.randint(2, 6)
    straddles = (4,) if count >= 4 and chooser.random() < 0.3 else ()
    rules = holdem.Rules.no_limit(1, 2, straddles=straddles)
    stacks = [chooser.choice([30, 100, 250]) for _ in range(count)]
    hand = holdem.Hand(rules, stacks, chooser.randrange(count), seed=seed, straddles=straddles or None)
    while not hand.is_over:
        legal = hand.legal_actions()
        options = list(legal.kinds)
        kind = chooser.choice(options + [ActionKind.CALL] * 2 if legal.call else options + [ActionKind.CHECK])
        if kind in (ActionKind.BET, ActionKind.RAISE):
            hand.act(kind, chooser.choice([legal.min_raise_to, legal.max_raise_to]))
        else:
            hand.act(kind)
    return hand


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 2**32), min_size=1, max_size=25))
def test_summarize_equals_an_independent_recount_over_random_hands(seeds):
    hands = [random_hand(seed) for seed in seeds]
    names = ["ann", "bob", "cy", "dee", "eve", "flo"]
    def seat_names(hand):
        return names[: hand.player_count]

    players = summarize([_Record(hand, seat_names(hand)) for hand in hands])
    compare(players, assert_agrees(hands, seat_names))


def test_a_short_all_in_raise_counts_as_a_three_bet():
    """Every raise action is a raise, as tracking programs count them: an all-in for less than a full
    raise too, though the first raiser facing it may only call or fold."""
    hand = holdem.Hand(NL, [8, 100, 100], seed=1)
    hand.raise_to(6)
    hand.raise_to(8)  # all in, 2 more: a full raise would be to 10
    hand.fold()
    assert hand.legal_actions().min_raise_to is None  # the betting is not reopened
    hand.fold()
    players = stats_of(hand, ["short", "bb", "opener"])
    assert players["short"].three_bet == Ratio(1, 1) and players["short"].pfr == Ratio(1, 1)
    assert players["opener"].fold_to_three_bet == Ratio(1, 1)
    assert players["bb"].three_bet == Ratio(0, 0)  # two raises made when the big blind acted


class _Record:
    """A record as the site readers give them: a hand and its players in seat order."""

    def __init__(self, hand, players):
        self.hand, self.players = hand, players


def phh_recount(path):
    """Counts from a PHH file's action strings alone (no engine): p1 is left of the button."""
    data = tomllib.loads(Path(path).read_text())
    count = len(data["starting_stacks"])
    names = data.get("players", [f"p{index}" for index in range(1, count + 1)])
    blinds = data["blinds_or_straddles"]
    streets = [[]]
    for text in data["actions"]:
        words = text.split()
        if words[:2] == ["d", "db"]:
            streets.append([])
        elif words[0] != "d" and words[1] in ("f", "cc", "cbr"):
            streets[-1].append((int(words[0][1:]) - 1, words[1], int(words[2]) if len(words) > 2 else None))
    # Each cc is a check or a call: a call when the player's bet is below the street's highest.
    kinds = []
    for number, street in enumerate(streets):
        bets = list(blinds) if number == 0 else [0] * count
        marked = []
        for player, verb, amount in street:
            if verb == "cc":
                kind = "call" if bets[player] < max(bets) else "check"
                bets[player] = max(bets)
            elif verb == "cbr":
                kind = "raise" if number == 0 or max(bets) else "bet"
                bets[player] = amount
            else:
                kind = "fold"
            marked.append((player, kind))
        kinds.append(marked)
    return names, kinds, data


def test_summarize_equals_a_count_from_the_actions_of_the_real_hands_of_the_phh_sample():
    files = sorted(glob.glob(str(SAMPLE / "data" / "**" / "*.phh"), recursive=True))
    assert len(files) == 30
    expected = {}
    for path in files:
        names, streets, data = phh_recount(path)
        preflop, flop = streets[0], streets[1] if len(streets) > 1 else []
        raisers = [player for player, kind in preflop if kind == "raise"]
        folded = {player for street in streets for player, kind in street if kind == "fold"}
        for player, name in enumerate(names):
            row = expected.setdefault(name, {"hands": 0, "vpip": [0, 0], "pfr": [0, 0], "three": [0, 0],
                                             "cbet": [0, 0], "aggression": [0, 0], "wtsd": [0, 0]})  # fmt: skip
            row["hands"] += 1
            mine = [kind for who, kind in preflop if who == player]
            if mine:
                row["vpip"][1] += 1
                row["pfr"][1] += 1
                row["vpip"][0] += any(kind in ("call", "raise") for kind in mine)
                row["pfr"][0] += "raise" in mine
            raises = 0
            for who, kind in preflop:
                if who == player and raises == 1:
                    row["three"][1] += 1
                    row["three"][0] += kind == "raise"
                raises += kind == "raise"
            if raisers and raisers[-1] == player:
                first = next((index for index, (who, _) in enumerate(flop) if who == player), None)
                if first is not None and not any(kind in ("bet", "raise") for _, kind in flop[:first]):
                    row["cbet"][1] += 1
                    row["cbet"][0] += flop[first][1] == "bet"
            for street in streets[1:]:
                for who, kind in street:
                    if who == player:
                        row["aggression"][0] += kind in ("bet", "raise")
                        row["aggression"][1] += kind == "call"
            saw = len(streets) > 1 and player not in {who for who, kind in preflop if kind == "fold"}
            row["wtsd"][1] += saw
            row["wtsd"][0] += saw and player not in folded and count_left(names, folded) >= 2
    players = summarize(load(path) for path in files)
    assert set(players) == set(expected)
    for name, row in expected.items():
        player = players[name]
        assert player.hands == row["hands"], name
        assert player.vpip == Ratio(*row["vpip"]) and player.pfr == Ratio(*row["pfr"]), name
        assert player.three_bet == Ratio(*row["three"]) and player.cbet == Ratio(*row["cbet"]), name
        assert player.aggression == Aggression(*row["aggression"]) and player.wtsd == Ratio(*row["wtsd"]), name
    # The recount by the engine's history agrees in every count, the PHH names mapped to seats.
    histories = [load(path) for path in files]
    compare(players, assert_agrees([history.hand for history in histories], _names_by_hand(histories)))


def load(path):
    with open(path, "rb") as file:
        return phh.load(file)


def count_left(names, folded):
    return len(names) - len(folded)


def _names_by_hand(histories):
    by_hand = {id(history.hand): history for history in histories}

    def names_of(hand):
        history = by_hand[id(hand)]
        count = hand.player_count
        return [history.fields["players"][(seat - hand.button - 1) % count] for seat in range(count)]

    return names_of


# ------------------------------------------------------------ what summarize takes


def test_summarize_takes_hands_phh_records_table_hands_and_a_match_s_histories():
    hand = play(holdem.Hand(NL, [100, 100], seed=1), "raise 6", "fold")
    assert set(summarize([hand])) == {"seat 0", "seat 1"}
    record = phh.loads(phh.dumps(phh.HandHistory(hand, {"players": ["ann", "bob"]})))
    # PHH lists players from the button's left: heads-up the big blind (seat 0) first.
    assert summarize([record])["bob"].net == 2 and summarize([record])["ann"].net == -2
    unnamed = phh.loads(phh.dumps(hand))
    assert set(summarize([unnamed])) == {"p1", "p2"} and summarize([unnamed])["p2"].net == 2

    table = holdem.Table(NL, seats=6, seed=3)
    table.join("ann", 0, 200)
    table.join("bob", 3, 200)
    table.join("cy", 4, 200)
    table.play({"ann": holdem.RandomBot(), "bob": holdem.CallingStation(), "cy": holdem.TightBot()}, hands=30)
    players = summarize(table.hands)
    assert {name: player.net for name, player in players.items()} == {
        name: stack - 200 for name, stack in table.stacks().items()
    }
    assert sum(player.hands for player in players.values()) == sum(len(hand.names) for hand in table.hands)

    text = io.StringIO()
    result = holdem.play_match({"r": holdem.RandomBot(), "s": holdem.CallingStation()}, 60, seed=2, workers=1, phh_file=text)
    players = summarize(phh.load_all(io.StringIO(text.getvalue())))
    assert {name: player.net for name, player in players.items()} == {agent.name: agent.net for agent in result.agents}


def test_bad_records_are_refused_with_what_was_wrong():
    hand = holdem.Hand(NL, [100, 100], seed=1)
    with pytest.raises(StatsError, match="hand 1 is not over"):
        summarize([hand])
    done = play(holdem.Hand(NL, [100, 100], seed=1), "fold")
    with pytest.raises(StatsError, match="2 seats and the names"):
        summarize([done], names=["ann"])
    with pytest.raises(TypeError, match="hand 2 is a str"):
        summarize([done, "hand"])
    void = holdem.Hand(NL, [100, 100], seed=1)
    void.misdeal()
    assert summarize([void, done])["seat 0"].hands == 1


def test_a_short_all_in_raise_counts_as_a_three_bet():
    """Every raise action is a raise, as tracking programs count them: an all-in for less than a full
    raise too, though the first raiser facing it may only call or fold."""
    hand = holdem.Hand(NL, [8, 100, 100], seed=1)
    hand.raise_to(6)
    hand.raise_to(8)  # all in, 2 more: a full raise would be to 10
    hand.fold()
    assert hand.legal_actions().min_raise_to is None  # the betting is not reopened
    hand.fold()
    players = stats_of(hand, ["short", "bb", "opener"])
    assert players["short"].three_bet == Ratio(1, 1) and players["short"].pfr == Ratio(1, 1)
    assert players["opener"].fold_to_three_bet == Ratio(1, 1)
    assert players["bb"].three_bet == Ratio(0, 0)  # two raises made when the big blind acted


class _Record:
    def __init__(self, hand, players):
        self.hand, self.players = hand, players


def test_names_are_one_string_a_seat_each_different():
    """Issue: duplicate names merged seats, and a str of names was read as one name a letter."""
    done = play(holdem.Hand(NL, [100, 100, 100], seed=1), "fold", "fold")
    assert holdem.errors.StatsError is StatsError
    with pytest.raises(StatsError, match="each different"):
        summarize([done], names=["a", "a", "b"])
    with pytest.raises(StatsError, match="each different"):
        summarize([_Record(done, ("a", "b", "a"))])
    with pytest.raises(TypeError, match="names 'abc'"):
        summarize([done], names="abc")
    with pytest.raises(TypeError, match="the names of hand 1 'abc'"):
        summarize([_Record(done, "abc")])
    with pytest.raises(TypeError, match="names"):
        summarize([done], names=[1, 2, 3])
    assert list(summarize([_Record(done, ("a", "b", "c"))])) == ["a", "b", "c"]


@pytest.mark.parametrize("by_position", [1, 0, "no", None])
def test_by_position_is_a_bool(by_position):
    done = play(holdem.Hand(NL, [100, 100], seed=1), "fold")
    with pytest.raises(TypeError, match="by_position: use a bool"):
        summarize([done], by_position=by_position)


def test_summarize_streams_its_hands():
    def hands():
        for seed in range(300):
            yield random_hand(seed)

    players = summarize(hands())
    assert sum(player.hands for player in players.values()) == sum(random_hand(seed).player_count for seed in range(300))


# ------------------------------------------------------------ the command


def test_holdem_stats_prints_a_table_json_and_csv(capsys, tmp_path):
    files = sorted(glob.glob(str(SAMPLE / "data" / "pluribus" / "*" / "*.phh")))
    assert main(["stats", *files, "--player", "Pluribus"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("player") and out[1].startswith("Pluribus") and len(out) == 2
    assert main(["stats", *files, "--json", "--by-position"]) == 0
    records = json.loads(capsys.readouterr().out)
    pluribus = next(record for record in records if record["player"] == "Pluribus")
    assert pluribus["hands"] == 20 and pluribus["vpip"]["opportunities"] == 20
    assert sum(at["hands"] for at in pluribus["positions"]) == 20
    assert main(["stats", *files, "--csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].startswith("player,position,hands,vpip,vpip_opportunities") and len(rows) == 1 + len(records)


def test_holdem_stats_reports_a_user_s_mistakes_without_a_traceback(capsys, tmp_path):
    files = sorted(glob.glob(str(SAMPLE / "data" / "pluribus" / "*" / "*.phh")))
    assert main(["stats", *files, "--player", "Nobody"]) == 2
    assert "holdem: error: no hand of player 'Nobody'" in capsys.readouterr().err
    assert main(["stats", str(tmp_path / "missing.phh")]) == 1
    assert "No such file" in capsys.readouterr().err
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = 'NT'\nactions = 3\n")
    assert main(["stats", str(broken)]) == 2
    assert capsys.readouterr().err.startswith("holdem: error:")
