"""Faults of the advice (``phase10.analysis._advice``) that the other tests
let through, each killed here (``tests/mutation.py --module
phase10.analysis._advice``): what the Hint button shows of a seat that is
down or holds its phase, the phase aimed at where it is declared when laid,
and the words of the moves the Masters Edition and the house rules add."""

from __future__ import annotations

import pytest
from scenarios import deal
from test_masters import dealt
from test_mutants_swap_wild import wrapped

from phase10 import (
    Discard,
    Draw,
    DrawSaved,
    PhaseChoice,
    Rules,
    Save,
    SwapWild,
    UsageError,
    apply,
    new_game,
    view,
)
from phase10.analysis import advise, hint


def test_hint_shows_no_phase_odds_to_a_seat_that_is_down() -> None:
    state = wrapped()  # Ann has laid her phase and is to play on
    shown = hint(view(state, state.current))
    assert shown["phase"] is None and shown["phase_text"] is None
    assert shown["outs"] == {} and shown["odds"] == {} and shown["exact"] == {}
    assert shown["made"] is False


def saved_wild() -> object:
    """Ann, holding phase 1, saved a Wild last turn and may draw it back."""
    rules = Rules(saves_per_hand=1, draw_saved_same_hand=True)
    state = apply(apply(dealt(rules, draw_top="W R2"), Draw()), Save("W"))
    return apply(apply(state, Draw()), Discard("B1"))


def test_hint_says_a_hand_holds_its_phase_and_counts_up_to_three_draws() -> None:
    state = saved_wild()
    shown = hint(view(state, 0))  # type: ignore[arg-type]
    assert shown["phase"] == 1 and shown["made"] is True
    assert set(shown["odds"]) == set(shown["exact"]) == {"1", "2", "3"}
    fresh = hint(view(new_game(2, seed=5), 1))
    assert fresh["made"] is False and set(fresh["odds"]) == {"1", "2", "3"}
    with pytest.raises(UsageError, match=r"^hint takes a PlayerView, not GameState"):
        hint(new_game(2, seed=5))  # type: ignore[arg-type]


def test_drawing_a_saved_wild_back_is_advised_for_the_wild() -> None:
    """The saved card is a known card, a Wild here: the advice says so and
    ranks it over a blind draw."""
    first = advise(view(saved_wild(), 0))[0]  # type: ignore[arg-type]
    assert first.action == DrawSaved("W")
    assert first.reason == (
        "draw your saved W, keeping phase 1 in your hand: a Wild fits any group"
    )


def test_taking_a_wild_back_is_advised_in_words() -> None:
    state = wrapped()
    advice = {entry.action: entry for entry in advise(view(state, state.current))}
    assert advice[SwapWild("Y1", 0)].reason == "take the Wild of group 0 back for Y1"


def test_where_the_phase_is_declared_the_hint_aims_at_the_one_fewest_cards_short() -> (
    None
):
    """Neither phase can be made within two draws; the run of 9 is three
    cards short (7 8 9 after 1 to 6), the set of 6 four (a pair of 11s)."""
    rules = Rules(
        phase_choice=PhaseChoice.DECLARED, phases=("1 set of 6", "1 run of 9")
    )
    hands = ["R8 B8 G8 Y8 R9 B9 G9 Y9 R10 B10", "R1 B2 G3 Y4 R5 B6 R11 B11 Y12 G12"]
    state = deal(hands, rules=rules, dealer=0, draw_top="R5")
    shown = hint(view(state, state.current))
    assert shown["odds"]["1"] == shown["odds"]["2"] == 0.0
    assert (shown["phase"], shown["phase_text"]) == (2, "1 run of 9")
