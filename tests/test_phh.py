"""PHH: real files, round trips, PokerKit both ways, the random-hands corpus, malformed files."""

from __future__ import annotations

import argparse
import datetime
import io
import json
import random
import sys
import warnings
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

from holdem._core import Deck
from holdem.actions import ActionKind
from holdem.cards import format_cards
from holdem.formats import phh
from holdem.formats._toml import read_simple_toml
from holdem.formats.log import hand_log
from holdem.cli import replay
from holdem.hand import Hand
from holdem.rules import OddChip, Reopening, Rules

DATA = Path(__file__).parent / "data"
SAMPLE = DATA / "phh-sample"
EXPECTED = [json.loads(line) for line in (SAMPLE / "expected.jsonl").read_text().splitlines() if line]
RANDOM_HANDS = [
    json.loads(line)
    for path in sorted((DATA / "random-hands").glob("*.jsonl"))
    for line in path.read_text().splitlines()
    if line
]

GAME = (
    'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
    "starting_stacks = [100, 100, 100]\n"
)
CHECKED_DOWN = (
    '"p3 f", "p1 cc", "p2 cc", "d db 3c4c6c", "p1 cc", "p2 cc", "d db 5d", "p1 cc", "p2 cc", "d db 9h", "p1 cc", "p2 cc"'
)
DEAL = '"d dh p1 AsAd", "d dh p2 KcKd", "d dh p3 7h2c"'


def in_phh_order(hand: Hand, values) -> list:
    count = hand.player_count
    return [values[(hand.button + 1 + player) % count] for player in range(count)]


def random_rules(rng: random.Random, count: int, pokerkit_conventions: bool) -> Rules:
    small_blind = rng.randint(0, 5)
    big_blind = max(1, small_blind) * rng.choice((1, 2, 2, 3))
    ante = rng.choice((0, 0, rng.randint(1, big_blind)))
    straddles = (2 * big_blind,) if count > 2 and rng.random() < 0.2 else ()
    options: dict = {"ante": ante, "big_blind_ante": bool(ante) and rng.random() < 0.4, "straddles": straddles, "voluntary_straddles": False}
    if pokerkit_conventions:
        options.update(odd_chip=OddChip.POKERKIT, blind_counts_as_bet=False, reopening=Reopening.POKERKIT)
    else:
        options.update(
            odd_chip=rng.choice(list(OddChip)),
            blind_counts_as_bet=rng.random() < 0.5,
            reopening=rng.choice(list(Reopening)),
            uncapped_heads_up=rng.random() < 0.3,
            fold_without_bet=rng.random() < 0.3,
            all_hands_show=rng.random() < 0.3,
            max_bets=rng.choice((None, 3, 4, 5)),
            rake=rng.choice((Fraction(0), Fraction(1, 20))),
            rake_cap=rng.choice((None, 3)),
            no_flop_no_drop=rng.random() < 0.5,
        )
    if rng.random() < 0.5:
        return Rules.fixed_limit(big_blind, 2 * big_blind, small_blind, big_blind, **options)
    return Rules.no_limit(small_blind, big_blind, **options)


def random_hand(rng: random.Random, pokerkit_conventions: bool = False, finished: bool = False) -> Hand:
    """A hand of random rules, stacks, button and legal actions, played to the end or stopped early."""
    count = rng.randint(2, 10)
    rules = random_rules(rng, count, pokerkit_conventions)
    stacks = [
        rng.choice((rng.randint(1, 10 * rules.big_blind), rng.randint(1, 100 * rules.big_blind))) for _ in range(count)
    ]
    hand = Hand(rules, stacks, button=rng.randrange(count), seed=rng.getrandbits(64))
    stop = None if finished or rng.random() < 0.7 else rng.randint(0, 12)
    while not hand.is_over and stop != 0:
        legal = hand.legal_actions()
        kind = rng.choice(legal.kinds)
        if kind in ("bet", "raise"):
            hand.raise_to(
                rng.choice(
                    (legal.min_raise_to, legal.max_raise_to, rng.randint(legal.min_raise_to, legal.max_raise_to))
                )
            )
        else:
            hand.act(kind)
        stop = None if stop is None else stop - 1
    return hand


def assert_same_hand(read: Hand, hand: Hand) -> None:
    assert read.rules == hand.rules
    assert (read.button, read.starting_stacks) == (hand.button, hand.starting_stacks)
    assert read.history == hand.history
    assert (read.stacks, read.bets, read.is_over, read.actor) == (hand.stacks, hand.bets, hand.is_over, hand.actor)
    assert read.legal_actions() == hand.legal_actions()


def pokerkit_final_stacks(text: str) -> list[int]:
    pokerkit = pytest.importorskip("pokerkit")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, state = pokerkit.HandHistory.loads(text)
    return list(state.stacks)


# ----------------------------------------------------------- real and corpus hands


@pytest.mark.parametrize("record", EXPECTED, ids=[record["path"] for record in EXPECTED])
def test_sample_file_replays_to_its_finishing_stacks(record):
    with open(SAMPLE / record["path"], "rb") as file:
        history = phh.load(file)
    assert history.hand.is_over
    assert in_phh_order(history.hand, history.hand.stacks) == record["pokerkit_finishing_stacks"]


@pytest.mark.parametrize("record", RANDOM_HANDS, ids=[record["id"] for record in RANDOM_HANDS])
def test_random_hands_phh_field_replays_to_its_finishing_stacks(record):
    hand = phh.loads(record["phh"]).hand
    assert list(hand.stacks) == record["finishing_stacks"]


def test_unknown_hole_cards_replay_and_are_written_back_unknown():
    with open(SAMPLE / "data" / "dwan-ivey-2009.phh") as file:
        history = phh.load(file)
    assert history.unknown_seats == {1}
    assert history.fields["players"] == ["Phil Ivey", "Patrik Antonius", "Tom Dwan"]
    text = phh.dumps(history)
    assert '"d dh p2 ????"' in text and 'event = "Full Tilt Million Dollar Cash Game S4E12"' in text
    again = phh.loads(text)
    assert_same_hand(again.hand, history.hand)
    assert again.unknown_seats == {1}


def test_a_phhs_file_is_read_lazily():
    good = f'{GAME}actions = [{DEAL}, "p3 f", "p1 f"]\n'
    text = f"# two hands\n[1]\n{good}\n[2]\n{good.replace('p1 f', 'p1 cbr 1')}"
    hands = phh.load_all(io.StringIO(text))
    assert next(hands).hand.stacks == (99, 101, 100)
    with pytest.raises(phh.InvalidHistoryError, match=r"<file>, hand 2: action 5 'p1 cbr 1': .*raise to 1"):
        next(hands)


def test_dump_all_writes_sections_that_read_back():
    rng = random.Random(5)
    hands = [random_hand(rng) for _ in range(20)]
    out = io.StringIO()
    phh.dump_all(hands, out)
    for read, hand in zip(phh.load_all(io.StringIO(out.getvalue())), hands, strict=True):
        assert_same_hand(read.hand, hand)


def test_fractional_finishing_stacks_match_an_odd_chip_split():
    history = phh.loads((SAMPLE / "data" / "pluribus" / "102" / "0.phh").read_text())
    assert history.fields["finishing_stacks"][0] == Decimal("10112.5")
    assert "finishing_stacks = [10113, 9775, 10000, 10000, 10112, 10000]" in phh.dumps(history)


def test_seats_give_the_button():
    hand = Hand(Rules.no_limit(1, 2), [50, 60, 70, 80], button=1, seed=3)
    text = phh.dumps(hand)
    assert "seats = [3, 4, 1, 2]" in text
    assert phh.loads(text).hand.button == 1


def test_extra_fields_are_kept_and_written():
    text = f'{GAME}actions = [{DEAL}, "p3 f", "p1 f"]\nhand = 7\n_note = "checked"\ntime = 12:30:00\n'
    history = phh.loads(text)
    assert history.fields == {"hand": 7, "_note": "checked", "time": datetime.time(12, 30)}
    written = phh.dumps(history)
    assert written.endswith('hand = 7\n_note = "checked"\ntime = 12:30:00\nfinishing_stacks = [99, 101, 100]\n')


# --------------------------------------------------------------------- round trips


@pytest.mark.parametrize("chunk", range(4))
def test_random_hands_round_trip(chunk):
    rng = random.Random(chunk)
    for _ in range(800):
        hand = random_hand(rng)
        text = phh.dumps(hand)
        read = phh.loads(text).hand
        assert_same_hand(read, hand)
        assert phh.dumps(read) == text


def test_pokerkit_reads_our_dumps():
    rng = random.Random(11)
    for _ in range(300):
        hand = random_hand(rng, pokerkit_conventions=True, finished=True)
        text = phh.dumps(hand)
        assert pokerkit_final_stacks(text) == in_phh_order(hand, hand.stacks), text


def pokerkit_random_history(rng: random.Random, seed: int):
    """A hand played by PokerKit with random legal actions: PokerKit's history of it, and its final stacks."""
    pokerkit = pytest.importorskip("pokerkit")
    count = rng.randint(2, 9)
    small_blind = rng.randint(1, 5)
    big_blind = small_blind * rng.choice((1, 2, 3))
    ante_kind = rng.choice(("none", "uniform", "bb"))
    ante = rng.randint(1, big_blind) if ante_kind != "none" else 0
    antes = [ante] * count if ante_kind != "bb" else [0, ante] + [0] * (count - 2)
    blinds = [small_blind, big_blind] + [0] * (count - 2)
    automations = (
        pokerkit.Automation.ANTE_POSTING,
        pokerkit.Automation.BET_COLLECTION,
        pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
        pokerkit.Automation.CARD_BURNING,
        pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pokerkit.Automation.HAND_KILLING,
        pokerkit.Automation.CHIPS_PUSHING,
        pokerkit.Automation.CHIPS_PULLING,
    )
    if rng.random() < 0.5:
        game = pokerkit.FixedLimitTexasHoldem(automations, ante_kind != "bb", antes, blinds, big_blind, 2 * big_blind)
    else:
        game = pokerkit.NoLimitTexasHoldem(automations, ante_kind != "bb", antes, blinds, big_blind)
    stacks = [rng.randint(1, 60 * big_blind) for _ in range(count)]
    state = game(stacks, count)
    cards = iter(format_cards(Deck(seed).deal(52)))
    cards = iter(a + b for a, b in zip(cards, cards))
    while state.status:
        if state.can_deal_hole():
            state.deal_hole(next(cards))
        elif state.can_deal_board():
            state.deal_board("".join(next(cards) for _ in range(state.board_dealing_count)))
        else:
            choices = [
                name
                for name in ("fold", "check_or_call", "raise")
                if getattr(state, f"can_{'complete_bet_or_raise_to' if name == 'raise' else name}")()
            ]
            choice = rng.choice(choices)
            if choice == "raise":
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(rng.choice((low, high, rng.randint(low, high))))
            else:
                getattr(state, choice)()
    return pokerkit.HandHistory.from_game_state(game, state), list(state.stacks)


def test_our_replay_of_pokerkit_dumps_reaches_its_stacks():
    rng = random.Random(12)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cases = [pokerkit_random_history(rng, seed) for seed in range(300)]
    for history, stacks in cases:
        assert list(phh.loads(history.dumps()).hand.stacks) == stacks, history.dumps()
    phhs = type(cases[0][0]).dumps_all(history for history, _ in cases)
    read = phh.load_all(io.StringIO(phhs))
    assert [list(history.hand.stacks) for history in read] == [stacks for _, stacks in cases]


# ------------------------------------------------------------------ malformed files


def bad(text: str, message: str) -> None:
    with pytest.raises(phh.InvalidHistoryError, match=message):
        phh.loads(text, source="bad.phh")


def test_unknown_variant():
    bad(GAME.replace('"NT"', '"PO"') + f"actions = [{DEAL}]\n", r"^bad.phh: variant 'PO': holdem plays 'NT'")


def test_missing_field():
    bad(GAME.replace("min_bet = 2\n", "") + f"actions = [{DEAL}]\n", "missing field.* min_bet")


def test_wrong_number_of_players_in_a_field():
    bad(
        GAME.replace("antes = [0, 0, 0]", "antes = [0, 0]") + f"actions = [{DEAL}]\n",
        "antes has 2 values for 3 players",
    )
    bad(
        GAME + f'actions = [{DEAL}]\nplayers = ["a", "b"]\n',
        r"players \['a', 'b'\]: expected a list with one value per player \(3\)",
    )


def test_syntax_error_names_the_line():
    bad(
        GAME + 'actions = ["d dh p1 AsAd",\n  "d dh p2 KcKd" "d dh p3 7h2c"]\n',
        r"bad.phh: syntax error: .*\(at line 7, column \d+\)",
    )


def test_syntax_error_in_a_phhs_section_names_the_file_line():
    text = f"[1]\n{GAME}actions = [{DEAL}]\n\n[2]\n{GAME}actions = [{DEAL},, ]\n"
    with pytest.raises(phh.InvalidHistoryError, match=r"<file>, hand 2: syntax error: .*\(at line 15, column \d+\)"):
        list(phh.load_all(io.StringIO(text)))


def test_fields_before_the_first_section():
    with pytest.raises(phh.InvalidHistoryError, match="fields before the first section"):
        list(phh.load_all(io.StringIO(f"{GAME}[1]\n{GAME}actions = [{DEAL}]\n")))


def test_illegal_action():
    bad(GAME + f'actions = [{DEAL}, "p3 cbr 3"]\n', r"action 4 'p3 cbr 3': seat 2 may not raise to 3")


def test_action_out_of_turn():
    bad(GAME + f'actions = [{DEAL}, "p1 cc"]\n', r"action 4 'p1 cc': p1 acts out of turn: p3 is to act")


def test_unknown_action():
    bad(GAME + f'actions = [{DEAL}, "p3 raise 6"]\n', r"action 4 'p3 raise 6': unknown action")


def test_unknown_player():
    bad(GAME + f'actions = [{DEAL}, "p4 f"]\n', r"action 4 'p4 f': player 'p4': players are p1 to p3")


def test_card_dealt_twice():
    bad(
        GAME + f'actions = [{DEAL}, "p3 f", "p1 cc", "p2 cc", "d db 2d3cAs"]\n',
        r"action 7 'd db 2d3cAs': card As is already dealt in action 1",
    )


def test_hole_cards_dealt_twice():
    bad(GAME + f'actions = [{DEAL}, "d dh p1 2c3c"]\n', r"action 4 'd dh p1 2c3c': p1 is dealt hole cards twice")


def test_hole_cards_missing():
    bad(
        GAME + 'actions = ["d dh p1 AsAd", "d dh p2 KcKd", "p3 f"]\n',
        "p3 is dealt no hole cards before the first action",
    )


def test_fractional_chips():
    bad(
        GAME.replace("min_bet = 2", "min_bet = 2.5") + f"actions = [{DEAL}]\n",
        r"min_bet Decimal\('2.5'\): chips are whole numbers",
    )


def test_shown_cards_disagree_with_the_deal():
    actions = f'{DEAL}, {CHECKED_DOWN}, "p1 sm AsAh"'
    bad(GAME + f"actions = [{actions}]\n", r"p1 shows AsAh but holds AsAd")


def test_finishing_stacks_disagree():
    bad(
        GAME + f'actions = [{DEAL}, "p3 f", "p1 f"]\nfinishing_stacks = [99, 100, 101]\n',
        r"the replay ends with \[99, 101, 100\] \(p2 has 101, the file says 100\)",
    )


def test_unknown_cards_needed_at_showdown():
    deal = DEAL.replace("KcKd", "????")
    actions = f"{deal}, {CHECKED_DOWN}"
    bad(GAME + f"actions = [{actions}]\n", r"p2's hole cards are unknown \(\?\?\?\?\) but needed at showdown")


def finish(hand, rng):
    """Play ``hand`` to its end with random legal decisions; return it."""
    while not hand.is_over:
        legal = hand.legal_actions()
        kind = rng.choice([kind.value for kind in legal.kinds])
        hand.act(kind, rng.choice([legal.min_raise_to, legal.max_raise_to]) if kind in ("bet", "raise") else None)
    return hand


@pytest.mark.parametrize(
    "make",
    [
        lambda seed: Hand(Rules.pot_limit(1, 2), [60, 80, 100], seed=seed),
        lambda seed: Hand(Rules.no_limit(1, 2, runouts=2), [30, 30, 50], seed=seed),
        lambda seed: Hand(Rules.no_limit(1, 2, runouts=3), [40, 40], seed=seed),
        lambda seed: Hand(Rules.no_limit(1, 2), [100] * 4, dead_small_blind=True, posts={2: (2, 1)}, seed=seed),
        lambda seed: Hand(Rules.pot_limit(1, 2, ante=1), [100] * 5, posts={3: (2, 0), 4: (2, 1)}, seed=seed),
    ],
    ids=["pot-limit", "run twice", "run three times", "dead small blind and a post", "pot-limit posts"],
)
def test_hands_phh_has_no_variant_or_field_for_are_written_and_read_back(make):
    # Issue 25, item 6: dumps refused pot-limit hands, hands run more than once and dead posts,
    # though the README says it writes any Hand.
    rng = random.Random(7)
    for seed in range(40):
        hand = finish(make(seed), rng)
        back = phh.loads(phh.dumps(hand)).hand
        assert back.history == hand.history
        assert (back.stacks, back.rules, back.posts, back.dead_small_blind) == (
            hand.stacks, hand.rules, hand.posts, hand.dead_small_blind
        )


def test_a_void_hand_is_not_written():
    hand = Hand(Rules.no_limit(1, 2), [50, 50], seed=1)
    hand.misdeal()
    with pytest.raises(phh.InvalidHistoryError, match="a misdeal"):
        phh.dumps(hand)


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ('_structure = "fixed-limit"', "only \"pot-limit\""),
        ("_dead_small_blind = 1", "expected true or false"),
        ("_posts = {p9 = [2, 1]}", "give {pN = \\[live, dead\\]}"),
        ("_posts = {p1 = 2}", "give {pN"),
    ],
)
def test_holdem_fields_of_the_wrong_shape_are_refused(field, message):
    bad(GAME + f"actions = [{DEAL}, \"p3 f\", \"p1 f\"]\n{field}\n", message)


# ------------------------------------------------------------- log and command


def run_replay(*argv: str) -> None:
    parser = argparse.ArgumentParser(prog="holdem")
    replay.add_to(parser.add_subparsers())
    arguments = parser.parse_args(["replay", *argv])
    arguments.run(arguments)


def test_log_shows_streets_pots_and_winners_with_unknown_cards_hidden():
    history = phh.loads((SAMPLE / "data" / "dwan-ivey-2009.phh").read_text())
    log = hand_log(history.hand, history.fields["players"], history.unknown_seats)
    assert "Dealt to Patrik Antonius (BB) [?? ??]" in log
    assert "*** TURN *** [Jc 3d 5c] [4h] (pot 119500)" in log
    assert "Uncalled bet of 572100 returned to Phil Ivey" in log
    # All in on the turn: the hands are shown before the river (seed 000).
    assert "Tom Dwan shows [7h 6h] (Straight, Seven high)\n*** RIVER *** [Jc 3d 5c 4h] [Jh] (pot 1109500)\n" in log
    assert "Tom Dwan wins 1109500" in log


def test_log_names_side_pots():
    hand = Hand(Rules.no_limit(1, 2), [20, 50, 50], hole_cards=["AsAd", "KcKd", "QhQd"], board="2c7d9sJh3c")
    hand.raise_to(50), hand.call(), hand.call()
    assert "*** SHOWDOWN *** (main pot 60, side pot 1 60)" in hand_log(hand)


def test_replay_command_prints_every_hand_of_a_phhs_file(tmp_path, capsys):
    path = tmp_path / "two.phhs"
    path.write_text(
        f'[1]\n{GAME}actions = [{DEAL}, "p3 f", "p1 f"]\n[2]\n{GAME}actions = [{DEAL}, "p3 cbr 6", "p1 f", "p2 f"]\n'
    )
    run_replay(str(path))
    out = capsys.readouterr().out
    assert out.count("*** SUMMARY ***") == 2
    assert "Player 2 wins 2" in out and "Player 3 wins 5" in out


def test_replay_command_steps_without_a_terminal(tmp_path, capsys):
    path = tmp_path / "one.phh"
    path.write_text(f'{GAME}actions = [{DEAL}, "p3 f", "p1 f"]\n')
    run_replay(str(path), "--step")
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("[")]
    assert lines[0].startswith("[0/10] No-limit Hold'em 1/2") and lines[-1] == "[10/10] *** SUMMARY ***"


def test_replay_command_on_a_missing_file(tmp_path):
    with pytest.raises(FileNotFoundError):  # the command exits 1, as when any of its files fails
        run_replay(str(tmp_path / "missing.phh"))


TOML_VALUES = [
    '"a # b"',
    '"it\'s"',
    '"tab\\there"',
    "'C:\\path'",
    '"x\\u00e9"',
    "[\"a\", 'b']",
    "[1, 2,]",
    "[\n  1, # one\n  2\n]",
    "[\n  \"a # not a comment\", # a comment\n  'b' # it's one\n]",
    "[1, # a ] in a comment\n 2]",
    "[\n  \"x\", # \"quoted\" in a comment\n]",
    "[\n 1,\n 2, # the last\n]",
    "[\"#\", 'a, b', \"c\"]",
    '"null"',
    "1_000",
    "+1",
    "-0",
    "1.50",
    "1e3",
    "[[1, 2], [3]]",
    "12:30:00",
    "1979-05-27",
    "[]",
    "true",
    '"Ünïcode"',
    "{a = 1}",
]
BAD_TOML_VALUES = [
    "NaN", "Infinity", "null", '{"a": 1}', "[1 2]", "01", '"a\\/b"', "'a", "[1, 2] 3", "[1, # c\n 2,, ]", "[1 # c\n 2]", "[,]", "[ , ]", "[1,,]", "[1, 2, # 3]\n_y = 4",
    "[1,\xa0]", "[1,\r2]", "1 # \x00", '"a\x7fb"',
]


@pytest.mark.parametrize("value", TOML_VALUES)
def test_fields_read_as_toml_reads_them(value):
    text = f"{GAME}actions = [{DEAL}]\n_x = {value}\n"
    assert phh.loads(text).fields["_x"] == tomllib.loads(text, parse_float=Decimal)["_x"]


@pytest.mark.parametrize("value", BAD_TOML_VALUES)
def test_values_that_are_not_toml_are_syntax_errors(value):
    bad(f"{GAME}actions = [{DEAL}]\n_x = {value}\n", r"bad.phh: syntax error")


def test_damaged_files_fail_with_invalid_history_error():
    rng = random.Random(3)
    texts = [record["phh"] for record in RANDOM_HANDS[:20]] + [(SAMPLE / "data" / "dwan-ivey-2009.phh").read_text()]
    alphabet = "[]'\",=#.0123456789pdfcbrsmh?AKQJTcdhs \n-_e+"
    for _ in range(3000):
        text = rng.choice(texts)
        for _ in range(rng.randint(1, 3)):
            position = rng.randrange(len(text))
            text = text[:position] + rng.choice(("", rng.choice(alphabet))) + text[position + rng.randint(0, 1) :]
        try:
            phh.loads(text)
        except phh.InvalidHistoryError:
            pass


def test_unknown_cards_mucked_at_showdown_lose():
    deal = DEAL.replace("KcKd", "????")
    history = phh.loads(GAME + f'actions = [{deal}, {CHECKED_DOWN}, "p1 sm AsAd", "p2 sm"]\n')
    assert history.hand.stacks == (102, 98, 100)
    assert "d dh p2 ????" in phh.dumps(history)


def test_a_mucked_winner_gives_up_the_pot_and_writes_back_its_muck():
    history = phh.loads(GAME + f'actions = [{DEAL}, {CHECKED_DOWN}, "p2 sm KcKd", "p1 sm"]\n')
    assert history.hand.stacks == (98, 102, 100)
    text = phh.dumps(history)
    assert '"p2 sm KcKd",\n  "p1 sm"\n]' in text
    assert phh.loads(text).hand.history == history.hand.history


def test_hands_the_history_does_not_show_are_shown():
    history = phh.loads(GAME + f"actions = [{DEAL}, {CHECKED_DOWN}]\n")
    assert history.hand.stacks == (102, 98, 100)
    assert [action.kind for action in history.hand.history[-3:-1]] == [ActionKind.SHOW, ActionKind.SHOW]


def test_logs_name_a_dead_small_blind_and_posts_to_play():
    hand = Hand(Rules.no_limit(1, 2), [100] * 4, dead_small_blind=True, posts={2: (2, 1)}, seed=1)
    log = hand.log()
    assert "Player 1 posts the big blind 2" in log
    assert "Player 3 posts 2 to play\nPlayer 3 posts 1 dead" in log
    copy = hand.copy()
    assert copy.dead_small_blind and copy.posts == {2: (2, 1)}


HEADS_UP = 'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
FOLDED = 'actions = ["d dh p1 AsAd", "d dh p2 KcKd", "p2 f"]\n'


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # Numbers too big to convert: refused before int() runs (quadratic in the digits).
        (f"{HEADS_UP}starting_stacks = [1e1000000, 100]\n{FOLDED}", "at most 2\\*\\*60"),
        (f"{HEADS_UP.replace('min_bet = 2', 'min_bet = 1e999999')}starting_stacks = [100, 100]\n{FOLDED}", "2\\*\\*60"),
        (f"{HEADS_UP}starting_stacks = [{'9' * 5000}, 100]\n{FOLDED}", "cannot be read"),
        (f"{HEADS_UP}starting_stacks = [1e{'9' * 40}, 100]\n{FOLDED}", "cannot be read"),  # found by fuzzing
        (f"{HEADS_UP}starting_stacks = [100, 100]\n{FOLDED}x = 1e{'9' * 40}\nz = {{a = 1}}\n", "cannot be read"),
        (f"{HEADS_UP}starting_stacks = [100, 100]\n{FOLDED.replace('p2 f', 'p2 cbr ' + '9' * 5000)}", "2\\*\\*60"),
        (f"{HEADS_UP}starting_stacks = [100, 100]\n{FOLDED.replace('p2 f', 'p2 cbr ' + '9' * 5000 + '.0')}", "2\\*\\*60"),
        # Fields of the wrong kind.
        (HEADS_UP.replace('"NT"', '["NT"]') + "starting_stacks = [100, 100]\n" + FOLDED, "variant"),
        (HEADS_UP.replace('"NT"', "{a=1}") + "starting_stacks = [100, 100]\n" + FOLDED, "variant"),
        (f"{HEADS_UP}starting_stacks = [100, 100]\n{FOLDED}x = {'[' * 2000}{']' * 2000}\n", "nested too deeply"),
        # Found by test_phh_text: a line read as JSON first, opened 2,000 times and closed once.
        (f"{HEADS_UP}starting_stacks = [100, 100]\n{FOLDED}x = {'[' * 2000}0]\n", "nested too deeply|syntax error"),
        (f"{HEADS_UP}starting_stacks = [100, 100]\n{FOLDED.replace('p2 f', 'p2 cbr ²')}", "not a number"),
        (f"{HEADS_UP}starting_stacks = [100, 100]\n{FOLDED.replace('p2 f', 'p2 cbr ٦')}", "not a number"),
        (f"{HEADS_UP}starting_stacks = [100, 100]\n{FOLDED}finishing_stacks = [inf, -inf]\n", "finishing_stacks"),
        (f"{HEADS_UP}starting_stacks = [100, 100]\n{FOLDED}finishing_stacks = [nan, 3]\n", "finishing_stacks"),
        (f"{HEADS_UP}starting_stacks = [100, 100]\n{FOLDED}finishing_stacks = [1e1000000, 3]\n", "finishing_stacks"),
        (f"{HEADS_UP}starting_stacks = [100, 100]\n{FOLDED}_max_bets = \"abc\"\n", "max_bets"),
        (f"{HEADS_UP}starting_stacks = [100, 100]\n{FOLDED}_rake = \"abc\"\n", "rake"),
        (f"{HEADS_UP}starting_stacks = [100, 100]\n{FOLDED}_rake = nan\n", "rake"),
        (f"{HEADS_UP}starting_stacks = [100, 100]\n{FOLDED}_rake = \"1/0\"\n", "rake"),
        (f"{HEADS_UP}starting_stacks = [100, 100]\n{FOLDED}_rake = \"1/{'9' * 5000}\"\n", "rake"),
    ],
)
def test_hostile_fields_raise_invalid_history_error(text, words):
    with pytest.raises(phh.InvalidHistoryError, match=words):
        phh.loads(text)


def test_bytes_are_read_as_utf8():
    text = f"{HEADS_UP}starting_stacks = [100, 100]\n{FOLDED}"
    assert phh.loads(text.encode()).hand.stacks == phh.loads(text).hand.stacks
    broken = b"\xff" + text.encode()
    for read in (phh.loads, lambda data: phh.load(io.BytesIO(data)), lambda data: list(phh.load_all(io.BytesIO(b"[1]\n" + data)))):
        with pytest.raises(phh.InvalidHistoryError, match="not UTF-8"):
            read(broken)
    with pytest.raises(TypeError, match="str or UTF-8 bytes"):
        phh.loads(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e1000000", "1.5e-300", "0.0000001", "1E+2"])
def test_floats_are_written_back_as_toml(value):
    history = phh.loads(f"{HEADS_UP}starting_stacks = [100, 100]\n{FOLDED}rating = {value}\n")
    text = phh.dumps(history)
    assert len(text) < 1000
    again = phh.loads(text).fields["rating"]
    assert str(again) == str(history.fields["rating"]) and isinstance(again, Decimal)


def test_a_delete_character_is_escaped():
    history = phh.loads(f"{HEADS_UP}starting_stacks = [100, 100]\n{FOLDED}event = \"a\\u007fb\"\n")
    assert phh.loads(phh.dumps(history)).fields["event"] == "a\x7fb"


def test_python_floats_and_deep_fields_are_written_or_refused():
    hand = Hand(Rules.no_limit(1, 2), [50, 50], seed=1)
    fields = {"rating": float("nan"), "low": float("-inf"), "big": 1e16, "small": Decimal("sNaN")}
    again = phh.loads(phh.dumps(phh.HandHistory(hand, fields))).fields
    assert again["rating"].is_nan() and again["low"] == Decimal("-Infinity") and again["big"] == Decimal("1E+16")
    assert again["small"].is_nan()
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(phh.InvalidHistoryError, match="too deeply"):
        phh.dumps(phh.HandHistory(hand, {"deep": deep}))


@pytest.mark.parametrize(
    "showdown",
    [
        '"p3 sm 9h4s", "p1 sm Jc7h", "d db 8cKhTc", "d db Ah", "d db Js"',  # seed 000's order, holdem's
        '"d db 8cKhTc", "d db Ah", "d db Js", "p3 sm 9h4s", "p1 sm Jc7h"',  # after the board, PokerKit's
    ],
)
def test_all_in_hands_shown_before_or_after_the_board_both_load(showdown):
    # Seed 000: «los jugadores ya abren sus cartas de mano y el crupier revela gradualmente
    # todas las cartas comunitarias»; PokerKit writes the shows after the board.
    deal = '"d dh p1 Jc7h", "d dh p2 2c2d", "d dh p3 9h4s"'
    history = phh.loads(f'{GAME}actions = [{deal}, "p3 cbr 100", "p1 cc", "p2 f", {showdown}]\n')
    hand = history.hand
    # Right: both load, the hands shown before the board as seed 000 says; wrong: the later order refused.
    assert hand.is_over and hand.stacks == (202, 98, 0)  # p1's pair of jacks beats p3's ace high
    kinds = [action.kind for action in hand.history if action.kind in (ActionKind.SHOW, ActionKind.DEAL_BOARD)]
    assert kinds == [ActionKind.SHOW, ActionKind.SHOW, *[ActionKind.DEAL_BOARD] * 3]


def test_an_exposed_card_is_written_and_read_back():
    # Seed 004: «dando al jugador afectado una carta de reemplazo de la parte superior y usando
    # la expuesta como burn».
    hand = Hand(Rules.no_limit(1, 2), [100, 100], hole_cards=["AsAd", "KcKd"], board="2c7d9sJh3c")
    hand.replace_exposed(0, "Ad", "Qs")
    while not hand.is_over:
        hand.check_or_call()
    text = phh.dumps(hand)
    # Right: the exposure recorded and replayed; wrong: dropped, the history reads as a plain deal.
    assert '_exposed = {player = "p1", card = "Ad", replacement = "Qs"}' in text
    again = phh.loads(text).hand
    assert again.history == hand.history and phh.dumps(again) == text
    with pytest.raises(phh.InvalidHistoryError, match="_exposed"):
        phh.loads(text.replace('replacement = "Qs"', 'replacement = "Kc"'))


def test_the_runs_agreed_are_written_and_read_back():
    # Seed 004: «"run it twice" cuando hay all-in si todos los implicados lo aceptan».
    rules = Rules.no_limit(1, 2, runouts=2, runs_by_agreement=True)
    hand = Hand(rules, [100, 100, 100], hole_cards=["AsAd", "KcKd", "7h2s"], board="2c7d9sJh3c")
    hand.fold(), hand.all_in(), hand.call()
    hand.agree_runs(0, 1), hand.agree_runs(1, 2)  # no agreement: the board is run once
    text = phh.dumps(hand)
    # Right: the rule and each player's answer recorded and replayed; wrong: both dropped.
    assert "_runouts = 2\n_runs_by_agreement = true\n" in text and '_runs = {p1 = 1, p2 = 2}' in text
    again = phh.loads(text).hand
    assert again.rules == rules and again.history == hand.history and phh.dumps(again) == text
    for wrong in ("", '_runs = {p1 = "x", p2 = 2}\n', "_runs = {p1 = true, p2 = 2}\n", "_runs = [1, 2]\n"):
        with pytest.raises(phh.InvalidHistoryError, match="_runs"):
            phh.loads(text.replace("_runs = {p1 = 1, p2 = 2}\n", wrong))


def test_text_longer_than_any_hand_is_refused_without_reading_it_all():
    endless = io.StringIO("x" * (phh.MAX_HAND_TEXT + 10))
    with pytest.raises(phh.InvalidHistoryError, match="longer than any hand"):
        phh.load(endless)
    assert endless.tell() == phh.MAX_HAND_TEXT + 1
    with pytest.raises(phh.InvalidHistoryError, match="longer than any hand"):
        list(phh.load_all(io.StringIO("[1]\n" + "#" * (phh.MAX_HAND_TEXT + 10))))
    with pytest.raises(phh.InvalidHistoryError, match="more than 1,000,000 characters"):
        list(phh.load_all(io.StringIO("[1]\n" + "# a comment\n" * 100_000)))
    with pytest.raises(phh.InvalidHistoryError, match="longer than any hand"):
        phh.loads(b" " * (phh.MAX_HAND_TEXT + 1))


def test_load_takes_a_file_not_a_path():
    with pytest.raises(TypeError, match="open the path first"):
        phh.load("hand.phh")


# Pieces of TOML: mostly the simple forms, sometimes one that is not (or not simple).
SCALARS = st.sampled_from(["0", "-0", "7", "-12", "1.5", "-0.25", "true", "false", "'x'", '"y z"', '"a # b"', "''", "'\u00fc'"])
ODD_SCALARS = st.sampled_from(
    ["01", "+1", "1_000", "1.", ".5", "1e3", "truex", "inf", "'it\\'s'", '"q\\"q"', '"""a"""', '"\x01"', "'\t'",
     "12345678901234567890", "[1]", "{a = 1}", ""]
)  # fmt: skip
SPACE = st.sampled_from(["", " ", "\t", "\n", "  # note\n", "\r\n"])
ODD_SPACE = st.sampled_from(["#\x7f\n", "\r", "# \x00\n"])


def sometimes_odd(draw, usual, odd):
    return draw(odd if draw(st.integers(0, 7)) == 0 else usual)


@st.composite
def toml_values(draw):
    if draw(st.booleans()):
        return sometimes_odd(draw, SCALARS, ODD_SCALARS)
    items = [sometimes_odd(draw, SCALARS, ODD_SCALARS) for _ in range(draw(st.integers(0, 4)))]
    parts = [sometimes_odd(draw, SPACE, ODD_SPACE) + item + sometimes_odd(draw, SPACE, ODD_SPACE) for item in items]
    trailing = "," if items and draw(st.booleans()) else ""
    return "[" + ",".join(parts) + trailing + draw(SPACE) + "]"


@st.composite
def toml_documents(draw):
    lines = []
    for _ in range(draw(st.integers(0, 4))):
        key = sometimes_odd(draw, st.sampled_from(["a", "b", "min_bet", "_x-1"]), st.sampled_from(["a.b", '"k"', "a"]))
        gap = draw(st.sampled_from(["", " ", "\t"]))
        comment = sometimes_odd(draw, st.sampled_from(["", " # c", "# c#"]), st.sampled_from([" #\x00", " x"]))
        lines.append(f"{key}{gap}={gap}{draw(toml_values())}{comment}")
    text = draw(st.sampled_from(["\n", "\r\n"])).join(lines) + draw(st.sampled_from(["", "\n", " \n"]))
    if text and draw(st.integers(0, 3)) == 0:  # a stray piece somewhere
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(["[", "]", ",", "=", "#", "'", '"', "\n", "1", "x"])) + text[at:]
    return text


@settings(max_examples=500, deadline=None)
@given(toml_documents())
def test_the_simple_toml_reader_reads_what_tomllib_reads(text):
    simple = read_simple_toml(text)
    if simple is not None:  # else the text is left to tomllib
        assert simple == tomllib.loads(text, parse_float=Decimal)
        assert [type(value) for value in simple.values()] == [
            type(value) for value in tomllib.loads(text, parse_float=Decimal).values()
        ]


def test_the_simple_toml_reader_takes_the_usual_hand_histories():
    texts = [path.read_text() for path in sorted((DATA / "phh-sample" / "data").rglob("*.phh"))]
    assert texts and all(read_simple_toml(text) is not None for text in texts)


def test_a_hostile_line_is_refused_at_once():
    # Read with a regular expression, this line took the time of the square of its length.
    with pytest.raises(phh.InvalidHistoryError, match="syntax error"):
        phh.loads("x = 1" + " " * 40_000 + "1\n")
