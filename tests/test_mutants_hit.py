"""Hitting (R30-R33): what the judge returns, each refusal with the clause
it cites, and the listing at its boundaries. The faults that mutation
testing put into ``_moves/hit`` showed which the other tests left
unchecked (tests/mutation.py).
"""

from __future__ import annotations

import attrs
import pytest
from scenarios import deal

from phase10 import (
    Card,
    CardHit,
    CardNotInHand,
    Discard,
    Draw,
    GameState,
    HandEnded,
    Hit,
    LayPhase,
    Meld,
    NoSuchMeld,
    Rules,
    UsageError,
    WrongStep,
    apply,
    apply_with_events,
    can_apply,
    hit,
    legal_actions,
    verify_hit,
)

ANN = "R3 B3 G3 Y5 R5 G5 W Y1 Y2 Y4"
BOB = "R9 B9 G11 Y12 R12 B10 G8 Y7 S B1"


def down() -> GameState:
    """Ann has drawn and laid phase 1 (two sets of 3); she holds W Y1 Y2 Y4
    and the card she drew."""
    state = apply(deal([ANN, BOB], dealer=1, draw_top="B7"), Draw())
    return apply(state, LayPhase(["R3 B3 G3", "Y5 R5 G5"]))


@pytest.mark.rule("R30", "R32")
def test_the_judge_of_a_hit_returns_the_group_as_it_would_become() -> None:
    state = down()
    grown = verify_hit(state, "W", 1)
    assert isinstance(grown, Meld)
    assert grown == apply(state, Hit("W", 1)).table[1]
    assert grown.cards[-1].is_wild and len(grown.cards) == 4


@pytest.mark.rule("R21")
def test_a_hit_before_drawing_cites_r21() -> None:
    state = apply(apply(apply(down(), Discard("Y4")), Draw()), Discard("B1"))
    with pytest.raises(WrongStep) as caught:
        apply(state, Hit("W", 1))
    assert str(caught.value).endswith("before you hit (rule R21)")


@pytest.mark.rule("R30")
def test_a_group_past_the_last_or_a_card_not_held_cites_r30() -> None:
    """Groups are numbered from 0: with two on the table, group 2 is none."""
    state = down()
    assert len(state.table) == 2
    apply(state, Hit("W", 1))
    for move, error in (
        (Hit("W", 2), NoSuchMeld),
        (Hit("R11", 0), CardNotInHand),
    ):
        with pytest.raises(error) as caught:
            apply(state, move)
        assert caught.value.clause == "R30", move
        assert not can_apply(state, move)
    with pytest.raises(NoSuchMeld) as below:
        hit(state, "W", -1)
    assert below.value.clause == "R30"
    assert "there is no group -1 on the table (2 groups" in str(below.value)


def test_a_group_or_an_end_of_the_wrong_type_is_named() -> None:
    state = down()
    with pytest.raises(UsageError, match="by its number from 0, not 'x'"):
        hit(state, "W", "x")  # type: ignore[arg-type]
    with pytest.raises(
        UsageError, match=r"^end is End\.LOW, End\.HIGH or None, not 'x'"
    ):
        hit(state, "W", 1, end="x")  # type: ignore[arg-type]


def _hits(state: GameState) -> set[tuple[str, int]]:
    """Each listed hit as its card and the group object it lands on."""
    found: set[tuple[str, int]] = set()
    for action in legal_actions(state):
        if isinstance(action, Hit):
            assert can_apply(state, action)
            found.add((str(action.card), id(state.table[action.meld])))
    return found


@pytest.mark.rule("R30")
def test_a_group_listed_at_one_place_is_hit_at_its_own_place_in_another_state() -> None:
    """The listing remembers which cards fit a group (by the group's
    identity); the same group at another place on another table, or under
    rules that wrap runs, must be asked again, not answered for the first."""
    state = apply(
        deal(
            ["R3 B3 G3 Y5 R5 G5 W Y1 Y2 Y3", "R9 B9 G11 Y12 R12 B10 G8 Y7 S B1"],
            dealer=1,
            draw_top="B7",
        ),
        Draw(),
    )
    state = apply(state, LayPhase(["R3 B3 G3", "Y5 R5 G5"]))
    swapped = attrs.evolve(state, table=(state.table[1], state.table[0]))
    assert _hits(state) == _hits(swapped)
    assert ("Y3", id(state.table[0])) in _hits(swapped)


@pytest.mark.rule("R30")
def test_a_group_asked_without_wrapping_runs_is_asked_again_when_runs_wrap() -> None:
    """Under the house rule of runs wrapping past 12 (``wrap_runs``), R1
    extends a run ending on 12; the same group object asked under rules
    that do not wrap first must not lend that answer."""
    wrap = Rules().replace(wrap_runs=True, phases=("1 run of 4",) * 10)
    hands = ["R9 B10 G11 Y12 R1 B5 G7 Y3 R2 Y6", "R4 B9 G11 Y12 R12 B10 G8 Y7 S B1"]
    state = apply(deal(hands, dealer=1, draw_top="B8", rules=wrap), Draw())
    state = apply(state, LayPhase(["R9 B10 G11 Y12"]))
    plain = attrs.evolve(state, rules=wrap.replace(wrap_runs=False))
    group = id(state.table[0])
    assert _hits(plain) == {("B8", group)}
    assert _hits(state) == {("R1", group), ("B8", group)}


@pytest.mark.rule("R30", "R33")
def test_a_hit_tells_what_it_did_and_a_last_card_ends_the_hand() -> None:
    state = down()
    after, told = apply_with_events(state, Hit("W", 1))
    assert told == (CardHit(state.current, Card.parse("W"), 1, after.table[1]),)
    # With W alone in hand, the hit goes out: the hand's end follows it.
    me = state.players[state.current]
    rest = [card for card in me.hand if str(card) != "W"]
    players = tuple(
        attrs.evolve(p, hand=(Card.parse("W"),)) if seat == state.current else p
        for seat, p in enumerate(state.players)
    )
    last = attrs.evolve(
        state, players=players, discard_pile=state.discard_pile + tuple(rest)
    )
    after, told = apply_with_events(last, Hit("W", 1))
    assert [type(event) for event in told] == [CardHit, HandEnded]
    ended = told[1]
    assert isinstance(ended, HandEnded) and ended.went_out == state.current


@pytest.mark.rule("R42", "R51")
def test_the_odd_number_a_wrapping_run_of_five_lacks_is_listed_at_both_ends() -> None:
    """With runs wrapping past 12, a run of 5 odd numbers (3 5 7 9 11) lacks
    only 1, which follows on at either end: the listing offers both."""
    wrap = Rules().replace(wrap_runs=True, phases=("1 run of 5 odd numbers",) * 10)
    hands = ["R3 B5 G7 Y9 R11 Y1 G2 Y4 R6 B8", "R4 B9 G11 Y12 R12 B10 G8 Y7 S B1"]
    state = apply(deal(hands, dealer=1, draw_top="B12", rules=wrap), Draw())
    state = apply(state, LayPhase(["R3 B5 G7 Y9 R11"]))
    hits = [a.notation for a in legal_actions(state) if isinstance(a, Hit)]
    assert hits == ["H Y1 0 low", "H Y1 0 high"]
