"""Drawing a saved card (R47, R48): which cards of the save pile may be
drawn, the refusals with the clause they cite, and what the draw shows:
the faults that mutation testing put into ``_moves/draw_saved`` showed
which the other tests left unchecked (tests/mutation.py).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from test_masters import dealt

from phase10 import (
    CannotDraw,
    CardNotInHand,
    Draw,
    DrawSaved,
    GameState,
    IllegalMove,
    NotYourTurn,
    Rules,
    SavedCardDrawn,
    Step,
    WrongStep,
    apply,
    apply_with_events,
    can_apply,
    draw_saved,
    legal_actions,
    parse_cards,
    verify_draw_saved,
    view,
)


def refusal(state: GameState, card: str, player: int | None = None) -> IllegalMove:
    """The refusal of drawing the saved ``card``: can_apply agrees."""
    with pytest.raises(IllegalMove) as caught:
        apply(state, DrawSaved(card), player=player)
    assert not can_apply(state, DrawSaved(card), player=player)
    return caught.value


def listed(state: GameState) -> list[DrawSaved]:
    return [move for move in legal_actions(state) if isinstance(move, DrawSaved)]


def with_pile(saved: str, saved_now: int, **rules: Any) -> GameState:
    """Ann to draw, her save pile ``saved`` (oldest first), the last
    ``saved_now`` of them saved this hand."""
    state = dealt(Rules(saves_per_hand=1, most_saved=4, **rules))
    players = list(state.players)
    players[0] = attrs.evolve(players[0], saved=parse_cards(saved), saved_now=saved_now)
    return attrs.evolve(state, players=tuple(players))


@pytest.mark.rule("R47")
def test_cards_saved_this_hand_stay_and_the_older_ones_may_be_drawn() -> None:
    state = with_pile("W R2 Y7", 1)
    assert listed(state) == [DrawSaved("R2"), DrawSaved("W")]  # in index order
    error = refusal(state, "Y7")
    assert isinstance(error, CannotDraw) and error.clause == "R47"
    assert "saved this hand" in str(error)
    drawn = apply(state, DrawSaved("R2"))
    assert drawn.players[0].saved == parse_cards("W Y7")
    assert drawn.players[0].hand[-1] == parse_cards("R2")[0]
    assert drawn.step is Step.PLAY
    # Saved this hand twice: only the oldest card may be drawn.
    assert listed(with_pile("W R2 Y7", 2)) == [DrawSaved("W")]
    assert refusal(with_pile("W R2 Y7", 2), "R2").clause == "R47"


@pytest.mark.rule("R47")
def test_a_pile_saved_in_earlier_hands_may_all_be_drawn() -> None:
    state = with_pile("W R2 Y7", 0)
    assert listed(state) == [DrawSaved("R2"), DrawSaved("Y7"), DrawSaved("W")]
    assert apply(state, DrawSaved("Y7")).players[0].saved == parse_cards("W R2")


@pytest.mark.rule("R47")
def test_where_the_rules_allow_a_card_saved_this_hand_is_drawn_too() -> None:
    state = with_pile("W R2", 1, draw_saved_same_hand=True)
    assert listed(state) == [DrawSaved("R2"), DrawSaved("W")]
    assert apply(state, DrawSaved("R2")).players[0].saved == parse_cards("W")


@pytest.mark.rule("R47")
def test_of_two_copies_the_older_is_drawn_and_the_newer_stays() -> None:
    """The R2 saved in an earlier hand is drawn; the R2 saved this hand
    stays, still counted as saved this hand."""
    state = with_pile("R2 W R2", 1)
    assert listed(state) == [DrawSaved("R2"), DrawSaved("W")]
    drawn = apply(state, DrawSaved("R2"))
    assert drawn.players[0].saved == parse_cards("W R2")
    assert listed(with_pile("W R2", 1)) == [DrawSaved("W")]


@pytest.mark.rule("R47")
def test_a_card_not_in_the_save_pile_cites_r47() -> None:
    error = refusal(with_pile("W", 0), "R2")
    assert isinstance(error, CardNotInHand) and error.clause == "R47"
    assert str(error).endswith("your save pile holds no R2 (rule R47)")
    assert listed(with_pile("", 0)) == []


@pytest.mark.rule("R47", "R20", "R21")
def test_a_saved_card_is_drawn_by_the_player_to_move_at_the_draw() -> None:
    state = with_pile("W", 0)
    error = refusal(state, "W", player=1)
    assert isinstance(error, NotYourTurn) and error.clause == "R20"
    after = apply(state, Draw())
    error = refusal(after, "W")
    assert isinstance(error, WrongStep) and error.clause == "R21"
    assert listed(after) == []


@pytest.mark.rule("R47", "R48")
def test_a_card_drawn_from_a_face_up_pile_is_known_and_told() -> None:
    state = with_pile("W", 0)
    drawn, events = apply_with_events(state, DrawSaved("W"))
    assert events == (SavedCardDrawn(0, parse_cards("W")[0], False),)
    assert view(drawn, 1).players[0].known == parse_cards("W")


@pytest.mark.rule("R47", "R48")
def test_a_card_drawn_from_a_face_down_pile_stays_unknown() -> None:
    state = with_pile("W", 0, saved_cards_hidden=True)
    drawn, events = apply_with_events(state, DrawSaved("W"))
    assert events == (SavedCardDrawn(0, parse_cards("W")[0], True),)
    assert events[0].seen_by(1) == SavedCardDrawn(0, None, True)
    assert drawn.players[0].known == ()
    assert view(drawn, 1).players[0].known == ()


@pytest.mark.rule("R47")
def test_the_function_draws_a_saved_card_as_the_move_does() -> None:
    state = with_pile("W R2", 0)
    assert draw_saved(state, "R2") == apply(state, DrawSaved("R2"))
    assert draw_saved(state, "R2", player=0) == apply(state, DrawSaved("R2"))
    verify_draw_saved(state, "W", player=0)
    with pytest.raises(NotYourTurn):
        draw_saved(state, "R2", player=1)
