"""Faults of the coach (``phase10.analysis._coach``) that the other tests
let through, each killed here (``tests/mutation.py --module
phase10.analysis._coach``): every branch of a review's sentence and of its
numbers as JSON, on reviews made from a real one with the numbers changed,
and moves spelled otherwise than the advice lists them."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs
import pytest
from scenarios import deal

from phase10 import Draw, LayPhase, Rules, apply, legal_actions, new_game, view
from phase10.analysis import Review, advise, review


def _real() -> Review:
    state = apply(new_game(2, seed=5), Draw())
    seen = view(state, state.current)
    return review(seen, advise(seen)[-1].action)


REAL = _real()
"""Discarding B11 where the advice prefers discarding G10, for phase 1."""
PREFERS = "the analysis prefers discarding G10: " + REAL.best.reason + "."


def changed(**fields: Any) -> Review:
    return attrs.evolve(REAL, **fields)


@pytest.mark.parametrize(
    ("fields", "sentence"),
    [
        (
            {},
            "Discarding B11 gave up 25% of making phase 1 within two draws "
            "(3% left against 28%); " + PREFERS,
        ),
        (
            {"draws": 1},
            "Discarding B11 gave up 25% of making phase 1 with the next draw "
            "(3% left against 28%); " + PREFERS,
        ),
        (
            {"best": attrs.evolve(REAL.best, phase=2)},  # a phase chosen: another
            "Discarding B11 gave up 25% of making your phase within two draws "
            "(3% left against 28%); the analysis prefers discarding G10: "
            + REAL.best.reason
            + ".",
        ),
        (
            {
                "odds_after": Fraction(3, 5),
                "best_odds": Fraction(1, 2),
                "cost": Fraction(-1, 10),
            },
            "Discarding B11 kept 10% more of making phase 1 within two draws: "
            f"60% against 50% ({REAL.advice.reason}); the analysis still "
            "prefers discarding G10: " + REAL.best.reason + ".",
        ),
        (
            {"odds_after": Fraction(1, 2), "best_odds": Fraction(1, 2), "cost": 0},
            "Discarding B11 kept the same odds of making phase 1 within two "
            f"draws ({REAL.advice.reason}); " + PREFERS,
        ),
        (
            {"odds_after": None, "cost": 0, "points_after": None},
            f"Discarding B11 cost nothing by the odds ({REAL.advice.reason}); "
            + PREFERS,
        ),
        (
            {"odds_after": None, "cost": 0, "best_points": None},
            f"Discarding B11 cost nothing by the odds ({REAL.advice.reason}); "
            + PREFERS,
        ),
        (
            {"best_odds": None, "cost": 0},
            "Discarding B11 cost nothing by the odds or in points "
            f"({REAL.advice.reason}); " + PREFERS,
        ),
        (
            {"odds_after": Fraction(1), "best_odds": Fraction(1), "cost": 0},
            "Discarding B11 cost nothing by the odds or in points "
            f"({REAL.advice.reason}); " + PREFERS,
        ),
        (
            {
                "odds_after": Fraction(1),
                "best_odds": Fraction(1),
                "cost": 0,
                "points_after": Fraction(25, 2),
                "best_points": 10,
            },
            "Discarding B11 left about 12.5 points in your hand against 10 "
            f"({REAL.advice.reason}); " + PREFERS,
        ),
        (
            {
                "odds_after": Fraction(1),
                "best_odds": Fraction(1),
                "cost": 0,
                "points_after": Fraction(20, 1),
                "best_points": Fraction(15, 2),
            },
            "Discarding B11 left 20 points in your hand against about 7.5 "
            f"({REAL.advice.reason}); " + PREFERS,
        ),
        (
            {"is_best": True},
            f"Discarding B11 was the analysis's first choice: {REAL.best.reason}.",
        ),
    ],
)
def test_each_branch_of_the_sentence(fields: dict[str, Any], sentence: str) -> None:
    assert changed(**fields).text() == sentence
    assert str(changed(**fields)) == sentence


def test_the_numbers_are_whole_where_they_are_whole_in_json() -> None:
    written = changed(
        odds_before=Fraction(1),
        odds_after=Fraction(1, 4),
        best_odds=None,
        points_after=Fraction(7),
        best_points=Fraction(15, 2),
    ).to_dict()
    assert written["odds_before"] == 1 and type(written["odds_before"]) is int
    assert written["odds_after"] == 0.25 and type(written["odds_after"]) is float
    assert written["best_odds"] is None
    assert written["points_after"] == 7 and type(written["points_after"]) is int
    assert written["best_points"] == 7.5


RUN_AND_SET = Rules(phases=("1 set of 3 + 1 run of 4",), hand_size=9)
TWO_SETS = Rules(phases=("2 sets of 3",), hand_size=9)


@pytest.mark.parametrize(
    ("rules", "hand"),
    [
        (RUN_AND_SET, "R3 B3 G3 W R4 R5 R6 Y9 W"),
        (TWO_SETS, "R3 B3 G3 Y3 W W R9 B9 G12"),  # the 3s shared out two ways
    ],
)
def test_a_lay_with_its_sets_spelled_otherwise_is_the_listed_lay_it_makes(
    rules: Rules, hand: str
) -> None:
    """Each lay listed, its sets' cards given in another order, is found as
    the listed lay that leaves the same table and hand: the same rank, where
    two lays share the same cards out between two sets of one number too."""
    hands = [hand, "B1 B2 G7 Y8 B12 G1 G2 Y5 Y6"]
    state = apply(deal(hands, rules=rules, dealer=1, draw_top="R10"), Draw())
    seen = view(state, state.current)
    lays = [move for move in legal_actions(seen) if isinstance(move, LayPhase)]
    tried = 0
    for move in lays:
        respelled = LayPhase(
            tuple(group[::-1] if len(group) == 3 else group for group in move.groups)
        )
        if respelled == move:
            continue
        listed, found = review(seen, move), review(seen, respelled)
        assert (found.rank, found.is_best, found.advice) == (
            listed.rank,
            listed.is_best,
            listed.advice,
        ), move
        tried += 1
    assert tried > 5
