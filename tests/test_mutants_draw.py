"""Drawing (R21-R25): the refusal of a source that is not a pile, and of a
second draw. The faults that mutation testing put into ``_moves/draw``
showed which the other tests left unchecked (tests/mutation.py).
"""

from __future__ import annotations

import pytest
from scenarios import deal

from phase10 import Draw, Pile, UsageError, WrongStep, apply, draw, verify_draw


def test_a_source_that_is_not_a_pile_is_named() -> None:
    state = deal(["R1 R2", "B1 B2"])
    with pytest.raises(
        UsageError, match=r"^draw from Pile\.DRAW or Pile\.DISCARD, not 'x'"
    ):
        draw(state, "x")  # type: ignore[arg-type]
    verify_draw(state, Pile.DISCARD, player=state.current)


@pytest.mark.rule("R21")
def test_a_second_draw_cites_r21() -> None:
    drawn = apply(deal(["R1 R2", "B1 B2"]), Draw())
    for source in Pile:
        with pytest.raises(WrongStep) as caught:
            apply(drawn, Draw(source))
        assert caught.value.clause == "R21"
        assert str(caught.value) == "you have already drawn a card this turn (rule R21)"
