"""The replay's options that some sites need: raises stated as the chips added, all-ins stated as the
chips added, a rake the site does not print (never all of a win, none in a tournament), and uncalled bets
counted in the printed total pot."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from holdem.formats.histories import replay
from holdem.formats.parsing import Act, HandProblem, ParsedHand, Post, PostKind, Seat, parse_hand_cards


def heads_up(*streets: list[Act], **fields: object) -> ParsedHand:
    """Ann on the button (small blind) and Bob in the big blind, 1/2, stacks of 100."""
    parsed = ParsedHand("Test", "1", 1, small_blind=Decimal(1), big_blind=Decimal(2), button=1)
    parsed.seats = [Seat(1, "Ann", Decimal(100)), Seat(2, "Bob", Decimal(100))]
    parsed.posts = [Post("Ann", PostKind.SMALL_BLIND, Decimal(1)), Post("Bob", PostKind.BIG_BLIND, Decimal(2))]
    parsed.streets = list(streets)
    for name, value in fields.items():
        setattr(parsed, name, value)
    return parsed


def test_a_raise_stated_as_the_chips_added_grows_the_players_own_bet() -> None:
    # Ann (1 in) adds 5: to 6; Bob (2 in) adds 12: to 14; Ann folds.
    parsed = heads_up(
        [Act("Ann", "adds", Decimal(5)), Act("Bob", "adds", Decimal(12)), Act("Ann", "fold")],
        collected={"Bob": Decimal(20)}, returns_in_collected=True, returned=None,
    )  # fmt: skip
    record = replay(parsed)
    assert record.net == (Decimal(-6), Decimal(6))
    assert [action.amount for action in record.hand.history if action.kind.value == "raise"] == [6, 14]


def test_an_all_in_stated_as_the_chips_added_is_a_raise_or_a_call_as_it_falls() -> None:
    raise_then_call = heads_up(
        [Act("Ann", "all_in", Decimal(99)), Act("Bob", "all_in", Decimal(98))],
        boards=[parse_hand_cards("2c 2d 2h 2s 3c")], shown={}, returned={}, collected={"Ann": Decimal(100), "Bob": Decimal(100)},
    )  # fmt: skip
    record = replay(raise_then_call)
    assert record.net == (Decimal(0), Decimal(0))  # a split pot on the board
    wrong = heads_up([Act("Ann", "all_in", Decimal(50), 7)])
    with pytest.raises(HandProblem, match="an all-in of the wrong amount: Ann adds 50, the stack is 99"):
        replay(wrong)


def test_a_rake_the_site_does_not_print_is_what_the_pot_holds_beyond_the_collected_amounts() -> None:
    parsed = heads_up(
        [Act("Ann", "call", Decimal(1)), Act("Bob", "check")], [Act("Bob", "bet", Decimal(4)), Act("Ann", "fold")],
        collected={"Bob": Decimal("7.50")}, returns_in_collected=True, returned=None, rake_printed=False,
        boards=[parse_hand_cards("2c 7d 9h")],
    )  # fmt: skip
    parsed.currency = "USD"
    record = replay(parsed)
    assert record.rake == Decimal("0.50") and record.net == (Decimal(-2), Decimal("1.50"))
    parsed.collected = {"Bob": Decimal(9)}  # more than the pot: no rake can explain it
    with pytest.raises(HandProblem, match="the pots do not replay"):
        replay(parsed)
    parsed.collected = {}  # a winner's line missing: the whole pot is no rake
    with pytest.raises(HandProblem, match="the pots do not replay"):
        replay(parsed)
    parsed.collected, parsed.tournament = {"Bob": Decimal("7.50")}, "7"  # a tournament keeps no rake
    with pytest.raises(HandProblem, match="the pots do not replay"):
        replay(parsed)
    parsed.collected = {"Bob": Decimal(8)}
    assert replay(parsed).rake == 0


def test_a_total_pot_printed_with_the_uncalled_bet_in_it() -> None:
    # Ann raises to 6, Bob to 14, Ann folds: the pot is 12, and 8 goes back to Bob.
    fields = {"collected": {"Bob": Decimal(20)}, "returns_in_collected": True, "returned": None, "total_pot": Decimal(20)}
    parsed = heads_up([Act("Ann", "raise_to", Decimal(6)), Act("Bob", "raise_to", Decimal(14)), Act("Ann", "fold")], **fields)
    with pytest.raises(HandProblem, match="a total pot the replay does not make: the history says 20, the replay 12"):
        replay(parsed)
    parsed.returns_in_total_pot = True
    assert replay(parsed).net == (Decimal(-6), Decimal(6))


def test_hands_seats_posts_and_decisions_of_subclasses_replay_as_the_classes_own() -> None:
    """The replay reads a ParsedHand's, a Seat's, an Act's and a Post's fields in place; those of subclasses
    are read by their attributes (a ParsedHand's where its class keeps them), to the same record, and a field
    deleted is an AttributeError, as its attribute is."""

    class Annotated(ParsedHand):
        __slots__ = ("note",)

    class Noted(Act):
        __slots__ = ("note",)

    class Sitting(Seat):
        __slots__ = ("note",)

    class Forced(Post):
        __slots__ = ("note",)

    def hand(act: type[Act], seat: type[Seat], post: type[Post]) -> ParsedHand:
        parsed = heads_up([act("Ann", "raise_to", Decimal(6)), act("Bob", "fold")], collected={"Ann": Decimal(4)})
        parsed.seats = [seat(old.number, old.name, old.stack) for old in parsed.seats]
        parsed.posts = [post(old.name, old.kind, old.live) for old in parsed.posts]
        parsed.returned = {"Ann": Decimal(4)}
        return parsed

    plain, sub = replay(hand(Act, Seat, Post)), replay(hand(Noted, Sitting, Forced))
    annotated = Annotated(**{field.name: getattr(hand(Act, Seat, Post), field.name) for field in dataclasses.fields(ParsedHand)})
    assert plain.net == sub.net == replay(annotated).net == (Decimal(2), Decimal(-2))
    assert plain.hand.history == sub.hand.history
    for kinds in ((Act, Seat, Post), (Noted, Sitting, Forced)):
        parsed = hand(*kinds)
        del parsed.streets[0][0].amount
        with pytest.raises(AttributeError, match="amount"):
            replay(parsed)
    parsed = hand(Act, Seat, Post)
    del parsed.collected
    with pytest.raises(AttributeError, match="collected"):
        replay(parsed)


def test_an_object_that_only_claims_to_be_a_parsed_hand_is_read_through_its_attributes() -> None:
    """Only a ParsedHand itself is read and written in place: a mock that passes ``isinstance``, or a subclass
    whose field lives elsewhere, goes through its attributes (read in place, they crashed or disagreed)."""
    from unittest import mock

    from holdem.formats import _pokerstars

    claims = mock.Mock(spec=ParsedHand)
    with pytest.raises(TypeError):
        replay(claims)
    claims.jackpot = Decimal(0)
    _pokerstars.read_total_pot(claims, "Total pot $3.65 | Rake $0.10")
    assert (claims.total_pot, claims.rake) == (Decimal("3.65"), Decimal("0.10"))

    @dataclasses.dataclass
    class Shadowing(ParsedHand):
        rake: Decimal = Decimal(9)  # kept in the subclass's own __dict__, not in ParsedHand's slot

    shadowing = Shadowing("PokerStars", "1", 1)
    _pokerstars.read_total_pot(shadowing, "Total pot $3.65 | Rake $0.10")
    assert (shadowing.total_pot, shadowing.rake) == (Decimal("3.65"), Decimal("0.10"))


def test_the_dealt_cards_of_any_mapping_replay() -> None:
    from types import MappingProxyType

    parsed = heads_up([Act("Ann", "raise_to", Decimal(6)), Act("Bob", "fold")], collected={"Ann": Decimal(4)})
    parsed.returned = {"Ann": Decimal(4)}
    parsed.holes = MappingProxyType({"Ann": parse_hand_cards("As Ad")})  # type: ignore[assignment]
    assert replay(parsed).hand.hole_cards(0) == parse_hand_cards("As Ad")


def test_players_are_found_by_name_whether_or_not_a_line_names_them_by_the_seats_own_text() -> None:
    # Names equal to the seats' but other objects, as a reader that cuts each line's name anew makes them.
    ann, bob = "".join(["A", "nn"]), "".join(["B", "ob"])
    parsed = heads_up([Act(ann, "call", Decimal(1)), Act(bob, "check")], [Act(bob, "bet", Decimal(4)), Act(ann, "fold")])
    parsed.posts = [Post(ann, PostKind.SMALL_BLIND, Decimal(1)), Post(bob, PostKind.BIG_BLIND, Decimal(2))]
    parsed.collected, parsed.returned, parsed.boards = {bob: Decimal(4)}, {bob: Decimal(4)}, [parse_hand_cards("2c 7d 9h")]
    parsed.shown = {ann: parse_hand_cards("Ah Kd")}  # a player named by another text shows: found too
    assert replay(parsed).net == (Decimal(-2), Decimal(2))
    for players, reason in (
        ([Seat(1, "Ann", Decimal(100)), Seat(2, "".join(["A", "nn"]), Decimal(100))], "two seats with one name"),
        ([Seat(1, "Ann", Decimal(100)), Seat(2, "Cy", Decimal(100))], "a player not dealt in: 'Bob'"),
    ):
        with pytest.raises(HandProblem, match=reason):
            replay(dataclasses.replace(parsed, seats=players))
    with pytest.raises(TypeError):  # a name no seat can have, after two equal ones: refused all the same
        replay(dataclasses.replace(parsed, seats=[*parsed.seats, parsed.seats[0], Seat(3, ["x"], Decimal(9))]))  # type: ignore[arg-type]

    class Anyone(str):  # equal to every name, but hashed as no name is: no seat's, as in a dict of the seats
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = object.__hash__

    parsed.collected = {Anyone("Bob"): Decimal(4)}
    with pytest.raises(HandProblem, match="a player not dealt in: 'Bob' collects from the pot"):
        replay(parsed)
    parsed.collected = {"Bob": Decimal(4), "Dee": Decimal(0)}
    with pytest.raises(HandProblem, match="a player not dealt in: 'Dee' collects from the pot"):
        replay(parsed)
    parsed.collected = {"Bob": Decimal(4)}
    parsed.streets[0][0] = Act(["Ann"], "call", Decimal(1))  # type: ignore[arg-type]  # no name a seat can have
    with pytest.raises(TypeError):
        replay(parsed)


def test_a_hand_whose_lists_grow_while_they_are_read_is_read_as_they_were() -> None:
    """The replay reads a hand's posts and decisions as they are when it starts: an Act whose field grows its
    street while it is read (any object may) wrote past the room made for the street's decisions."""
    street: list[Act] = []

    class Growing(Act):
        @property  # type: ignore[override]
        def line(self) -> int:
            street.extend([Act("Ann", "fold")] * 50_000)
            return 0

        @line.setter
        def line(self, value: int) -> None:
            pass

    street.append(Growing("Ann", "fold"))
    parsed = heads_up(street, collected={"Bob": Decimal(3)}, returns_in_collected=True, returned=None)
    assert replay(parsed).net == (Decimal(-1), Decimal(1))


def test_what_a_compiled_reader_gives_is_replayed_as_a_parsed_hand_is() -> None:
    from holdem.formats import pokerstars

    lines = [
        "PokerStars Hand #7: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/02 3:04:05 ET",
        "Table 'T' 6-max Seat #1 is the button", "Seat 1: Ann ($2 in chips)", "Seat 2: Bob ($2 in chips)",
        "Ann: posts small blind $0.01", "Bob: posts big blind $0.02", "*** HOLE CARDS ***", "Ann: folds",
        "Uncalled bet ($0.01) returned to Bob", "Bob collected $0.02 from pot", "*** SUMMARY ***",
        "Total pot $0.02 | Rake $0",
    ]
    read, parsed = pokerstars.SITE.parse(lines, 1), pokerstars.parse(lines, 1)
    assert type(read) is not ParsedHand
    record, again = replay(read), replay(parsed)
    assert record.hand.history == again.hand.history
    assert dataclasses.replace(record, hand=None) == dataclasses.replace(again, hand=None)
    assert record.net == (Decimal("-0.01"), Decimal("0.01"))
