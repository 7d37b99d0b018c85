"""The readers' checks of the Masters Edition's fields (R44-R48).

A state or a view that no game of the edition reaches is refused by
:func:`~phase10.check_state` and :func:`~phase10.check_view`, and so by
:func:`~phase10.from_json`, naming the field at fault: every document the
readers accept can be played on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from phase10 import (
    PRESETS,
    ChoosePhase,
    Discard,
    Draw,
    GameState,
    InvalidState,
    Rules,
    Step,
    apply,
    check_state,
    check_view,
    from_json,
    legal_actions,
    new_game,
    to_json,
    view,
)

MASTERS = PRESETS["masters"]


def with_player(state: GameState, seat: int, **changes: Any) -> GameState:
    """``state`` with some fields of seat ``seat`` changed."""
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], **changes)
    return attrs.evolve(state, players=tuple(players))


def choosing() -> GameState:
    """Three players choosing their phases; the first has chosen phase 2."""
    state = new_game(["Ann", "Bob", "Cy"], MASTERS, seed=1)
    assert state.step is Step.CHOOSE
    return apply(state, ChoosePhase(2))


def played() -> GameState:
    """The same hand after every choice and one whole turn."""
    state = apply(apply(choosing(), ChoosePhase(1)), ChoosePhase(3))
    state = apply(state, Draw())
    return apply(state, Discard(state.player.hand[0]))


def first_chooser(state: GameState) -> int:
    return (state.dealer + 1) % len(state.players)


def later_chooser(state: GameState) -> int:
    return (state.current + 1) % len(state.players)


def as_if_choosing(state: GameState) -> GameState:
    """``state`` claiming its player to move is still to choose a phase."""
    changed = with_player(state, state.current, active=None)
    return attrs.evolve(changed, step=Step.CHOOSE)


Spoiler = Callable[[], GameState]

BAD: list[tuple[str, Spoiler, str]] = [
    (
        "a choice in the middle of a hand",
        lambda: as_if_choosing(played()),
        r"^step: phases are chosen at the start of a hand, before anyone draws "
        r"\(R44\), but the discard pile holds 2 cards",
    ),
    (
        "a choice after a group was laid",
        lambda: attrs.evolve(choosing(), turn_slot=3),
        r"^step: .* \(R44\), but a turn has been played$",
    ),
    (
        "a choice by a player holding a card fewer than dealt",
        lambda: with_player(
            attrs.evolve(
                choosing(),
                draw_pile=(choosing().players[0].hand[0], *choosing().draw_pile),
            ),
            0,
            hand=choosing().players[0].hand[1:],
        ),
        r"^step: .* \(R44\), but seat 0 holds 9 cards, not the 10 dealt$",
    ),
    (
        "a choice after a card was taken from the discard pile",
        lambda: with_player(choosing(), 2, known=choosing().players[2].hand[:1]),
        r"^step: .* \(R44\), but seat 2 has played since the deal$",
    ),
    (
        "a choice after a Skip was played",
        lambda: with_player(choosing(), 2, skipped_in_slot=0),
        r"^step: .* \(R44\), but seat 2 has been skipped since the deal$",
    ),
    (
        "the player choosing now holding phase 1 as chosen",
        lambda: with_player(choosing(), choosing().current, active=0),
        r"^players\[\d\]\.active: the player choosing now has not chosen yet",
    ),
    (
        "the player choosing now holding phase 3 as chosen",
        lambda: with_player(choosing(), choosing().current, active=2),
        r"^players\[\d\]\.active: the player choosing now has not chosen yet",
    ),
    (
        "a player who chose before the one choosing, with no phase",
        lambda: with_player(choosing(), first_chooser(choosing()), active=None),
        r"^players\[\d\]\.active: seat \d chooses before seat \d, so has chosen",
    ),
    (
        "a player who chooses later, with a phase already",
        lambda: with_player(choosing(), later_chooser(choosing()), active=4),
        r"^players\[\d\]\.active: seat \d chooses after seat \d, so has not chosen",
    ),
    (
        "a Skip on a save pile where Skips are not saved",
        lambda: saved_skip(attrs.evolve(MASTERS, save_skips=False)),
        r"^players\[1\]\.saved: these rules do not let a Skip be saved \(R46\)$",
    ),
]


def saved_skip(rules: Rules) -> GameState:
    """A hand under ``rules`` in which seat 1 has a Skip saved from an
    earlier hand."""
    state = new_game(["Ann", "Bob", "Cy"], rules, seed=1)
    while state.step is Step.CHOOSE:
        state = apply(state, legal_actions(state)[0])
    pile = list(state.draw_pile)
    skip = next(card for card in pile if card.is_skip)
    pile.remove(skip)
    return with_player(attrs.evolve(state, draw_pile=tuple(pile)), 1, saved=(skip,))


@pytest.mark.parametrize(
    ("spoil", "message"),
    [pytest.param(spoil, message, id=name) for name, spoil, message in BAD],
)
@pytest.mark.rule("R44", "R46", "R41")
def test_edition_states_no_game_reaches_are_refused(
    spoil: Spoiler, message: str
) -> None:
    """A state of the edition that no game reaches is refused, and so is its JSON."""
    bad = spoil()
    with pytest.raises(InvalidState, match=message):
        check_state(bad)
    with pytest.raises(InvalidState):
        from_json(to_json(bad), GameState)


@pytest.mark.parametrize(
    ("spoil", "message"),
    [pytest.param(spoil, message, id=name) for name, spoil, message in BAD],
)
@pytest.mark.rule("R44", "R46", "R41")
def test_views_of_states_no_game_reaches_are_refused(
    spoil: Spoiler, message: str
) -> None:
    """A view showing what no game of the edition shows is refused too."""
    bad = spoil()
    shown_skip = "Skip be saved" in message and not bad.rules.saved_cards_hidden
    for seat in (None, *range(len(bad.players))):
        seen = view(bad, seat)
        if "Skip be saved" in message and not shown_skip and seat != 1:
            check_view(seen)  # a face-down Skip is nobody else's to see
            continue
        with pytest.raises(InvalidState, match=message.lstrip("^")):
            check_view(seen)


@pytest.mark.rule("R44")
def test_the_states_a_choice_goes_through_are_accepted() -> None:
    """Every state from the deal to the first draw reads back and is checked."""
    state = new_game(["Ann", "Bob", "Cy"], MASTERS, seed=1)
    seen = [state]
    while state.step is Step.CHOOSE:
        state = apply(state, legal_actions(state)[0])
        seen.append(state)
    assert len(seen) == 4
    for each in seen:
        check_state(each)
        assert from_json(to_json(each), GameState) == each
        for seat in (None, 0, 1, 2):
            check_view(view(each, seat))


@pytest.mark.rule("R44", "R36")
def test_a_player_with_one_phase_left_may_hold_it_while_others_choose() -> None:
    """A player with no choice to make holds their last phase from the deal."""
    state = new_game(["Ann", "Bob", "Cy"], MASTERS, seed=1)
    later = later_chooser(state)
    last = with_player(state, later, completed=9, phases_done=tuple(range(9)), active=9)
    check_state(last)
    two_left = with_player(
        state, later, completed=8, phases_done=tuple(range(8)), active=8
    )
    with pytest.raises(InvalidState, match="chooses after seat"):
        check_state(two_left)
