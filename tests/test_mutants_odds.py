"""Faults of the odds (``phase10.analysis._odds``) that the other tests let
through, each killed here (``tests/mutation.py --module
phase10.analysis._odds``): the refusals' words, which name the function
and the value at fault, the defaults, the edges of what can be drawn, and
the rules a hand is counted under."""

from __future__ import annotations

from fractions import Fraction

import pytest
from scenarios import deal

from phase10 import Card, Draw, Rules, UsageError, apply, new_game, view
from phase10.analysis import hand_odds, hand_outs, outs, phase_odds, unseen
from phase10.analysis._odds import MAX_DRAWS

SEEN = view(new_game(2, seed=5), 1)


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: outs(new_game(2, seed=5)), "outs"),  # type: ignore[arg-type]
        (lambda: phase_odds(new_game(2, seed=5)), "phase_odds"),  # type: ignore[arg-type]
        (lambda: unseen(new_game(2, seed=5)), "unseen"),  # type: ignore[arg-type]
    ],
)
def test_a_state_given_for_a_view_is_refused_naming_the_function(
    call: object, name: str
) -> None:
    with pytest.raises(
        UsageError,
        match=rf"^{name} takes a PlayerView, not GameState \(analysis reads what "
        r"one seat sees: pass phase10.view\(state, seat\)\)$",
    ):
        call()  # type: ignore[operator]


@pytest.mark.parametrize("function", [hand_odds, hand_outs])
def test_plain_cards_refused_name_the_function_the_place_and_the_value(
    function: object,
) -> None:
    name = function.__name__  # type: ignore[attr-defined]
    with pytest.raises(
        UsageError,
        match=rf"^{name}'s hand is cards or their text, such as 'R7 B7 W', not 42$",
    ):
        function(42, 1)  # type: ignore[operator]
    with pytest.raises(
        UsageError,
        match=r"^unseen is cards or their text, such as 'R7 B7 W', not 5$",
    ):
        function("R7 B7", 1, unseen=5)  # type: ignore[operator]
    with pytest.raises(
        UsageError, match=r"^rules must be a Rules record or None, not 'house'$"
    ):
        function("R7 B7", 1, rules="house")  # type: ignore[operator]
    with pytest.raises(
        UsageError, match=r"^name the phase, such as 4 or '1 run of 8'$"
    ):
        function("R7 B7", None)  # type: ignore[operator]


def test_the_numbers_of_draws_refused_say_what_a_draw_count_is() -> None:
    with pytest.raises(
        UsageError, match=r"^draws is a whole number of cards, not 'x'$"
    ):
        phase_odds(SEEN, "x")  # type: ignore[arg-type]
    with pytest.raises(UsageError, match=rf"^draws is from 1 to {MAX_DRAWS}, not 0$"):
        phase_odds(SEEN, 0)
    with pytest.raises(UsageError, match=r"^take_discard is True or False, not 1$"):
        phase_odds(SEEN, take_discard=1)  # type: ignore[arg-type]


def test_a_top_discard_that_cannot_be_taken_is_named_or_said_to_be_none() -> None:
    skip_on_top = view(deal(["R3 R4", "R1 B1"], starter="S"), 1)
    with pytest.raises(UsageError, match=r"^the top discard \(S\) cannot be taken$"):
        phase_odds(skip_on_top, take_discard=True)
    state = new_game(2, seed=5)
    taken = apply(state, Draw.from_notation("T"))  # the pile held the starter alone
    emptied = view(taken, taken.current)
    assert emptied.discard_top is None
    with pytest.raises(UsageError, match=r"^the top discard \(none\) cannot be taken$"):
        phase_odds(emptied, take_discard=True)


def test_draws_count_one_draw_by_default() -> None:
    assert phase_odds(SEEN) == phase_odds(SEEN, 1) != phase_odds(SEEN, 2)


TWO_UNSEEN = Rules(
    hand_size=1,
    max_players=2,
    phases=("1 set of 2",),
    deck=tuple(map(Card.parse, ["R1", "B1", "G1", "R2"])),
)


def test_the_top_discard_taken_is_one_more_card_that_can_be_drawn() -> None:
    """Two cards unseen and the top discard: three can be drawn when it is
    taken, two when it is not, and no more."""
    seen = view(deal(["R2", "R1"], starter="B1", rules=TWO_UNSEEN), 1)
    assert sum(unseen(seen).values()) == 2
    assert phase_odds(seen, 3, take_discard=True) == 1
    assert phase_odds(seen, 2, take_discard=True) == 1
    assert phase_odds(seen, 2) == 1
    with pytest.raises(UsageError, match=r"^only 3 cards can be drawn, not 4$"):
        phase_odds(seen, 4, take_discard=True)
    with pytest.raises(UsageError, match=r"^only 2 cards can be drawn, not 3$"):
        phase_odds(seen, 3)


def test_a_hand_holding_every_copy_of_a_face_is_counted_with_the_deck() -> None:
    """The deck less the hand: a face the hand holds both of is gone (not
    short), one it holds one of has one left and is an out."""
    found = hand_outs("R7 B7", "1 set of 3")
    assert {str(card): count for card, count in found.items()} == {
        "R7": 1,
        "B7": 1,
        "Y7": 2,
        "G7": 2,
        "W": 8,
    }
    both = hand_outs("R7 R7", "1 set of 3")
    assert {str(card): count for card, count in both.items()} == {
        "B7": 2,
        "Y7": 2,
        "G7": 2,
        "W": 8,
    }
    assert hand_odds("R7 R7", "1 set of 3") == Fraction(14, 106)
    with pytest.raises(UsageError, match=r"^the deck holds 2 R7, fewer than the hand$"):
        hand_outs("R7 R7 R7", "1 set of 3")


def test_plain_cards_are_counted_under_the_rules_given() -> None:
    wrap = Rules(wrap_runs=True)
    assert hand_odds("R11 R12 R1", "1 run of 4", unseen="R2 B5", rules=wrap) == (
        Fraction(1, 2)
    )
    assert hand_odds("R11 R12 R1", "1 run of 4", unseen="R2 B5") == 0
    assert dict(hand_outs("R11 R12 R1", "1 run of 4", unseen="R2 B5", rules=wrap)) == {
        Card.parse("R2"): 1
    }
    assert dict(hand_outs("R11 R12 R1", "1 run of 4", unseen="R2 B5")) == {}


SEVENTEEN = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 B1 B2 B3 B4 B5"
"""Seventeen faces, each of its own class under a colour run."""


def test_four_draws_are_counted_up_to_the_most_multisets_and_no_further() -> None:
    """A colour run reads numbers and colours, so 17 unseen faces fall in 17
    classes: four draws from them are 4,845 multisets, within the 5,000
    counted; from 18 they would be 5,985, and are refused saying so."""
    hand = "G1 G2 G3"
    chance = hand_odds(hand, "1 color run of 4", 4, unseen=SEVENTEEN)
    # No green among them: the four drawn make a run alone, R1-R4 to R9-R12
    # or B1-B4 and B2-B5, 11 of the 2,380 ways to draw four.
    assert chance == Fraction(11, 2380)
    with pytest.raises(
        UsageError,
        match=r"^4 draws are too many to count for '1 run of 4 of one color', whose "
        r"cards fall in 18 kinds: at most 3$",
    ):
        hand_odds(hand, "1 color run of 4", 4, unseen=SEVENTEEN + " G4")
