"""Discarding (R21, R26, R33, R36): each refusal with the clause it cites.
The faults that mutation testing put into ``_moves/discard`` showed which
the other tests left unchecked (tests/mutation.py).
"""

from __future__ import annotations

import pytest
from scenarios import deal

from phase10 import (
    BadDiscard,
    CardNotInHand,
    Discard,
    Draw,
    WrongStep,
    apply,
    can_apply,
)


@pytest.mark.rule("R21")
def test_a_discard_before_drawing_cites_r21() -> None:
    state = deal(["R1 R2", "B1 B2"])
    with pytest.raises(WrongStep) as caught:
        apply(state, Discard("B1"))
    assert str(caught.value) == "you must draw a card before you discard (rule R21)"


@pytest.mark.rule("R21", "R26")
def test_a_skip_or_a_card_not_held_is_refused_citing_its_rule() -> None:
    state = apply(deal(["R1 R2 S", "B1 B2 S"], dealer=1), Draw())
    with pytest.raises(BadDiscard) as caught:
        apply(state, Discard("S"))
    assert caught.value.clause == "R26"
    with pytest.raises(CardNotInHand) as missing:
        apply(state, Discard("Y7"))
    assert missing.value.clause == "R21"
    assert str(missing.value) == "you do not hold Y7 (rule R21)"
    assert not can_apply(state, Discard("Y7"))
