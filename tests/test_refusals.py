"""Refusals are always made: no caller's value can stop a message being written.

Python refuses to write a whole number of more than 4,300 digits as text, so
a message quoting such a number would itself fail with a ``ValueError``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from phase10 import (
    STANDARD_PHASES,
    Card,
    Color,
    Draw,
    GroupKind,
    GroupSpec,
    Hit,
    Phase10Error,
    PhaseSpec,
    Points,
    Rules,
    Skip,
    apply,
    discard,
    draw,
    events,
    find_phase,
    hit,
    lay_phase,
    new_game,
    next_hand,
    parse_action,
    parse_cards,
    skip,
    to_json,
    view,
)
from phase10._errors import shown

HUGE = 10**5000
GAME = new_game(3, seed=1)
TURN = apply(GAME, Draw())

CALLS: dict[str, Callable[[], object]] = {
    "new_game players": lambda: new_game(HUGE),
    "new_game seed": lambda: new_game(3, seed=HUGE),
    "new_game dealer": lambda: new_game(3, dealer=HUGE),
    "draw player": lambda: draw(GAME, player=HUGE),
    "discard card": lambda: discard(TURN, HUGE),  # type: ignore[arg-type]
    "hit card": lambda: hit(TURN, HUGE, 0),  # type: ignore[arg-type]
    "hit meld": lambda: hit(TURN, "R1", HUGE),
    "skip target": lambda: skip(TURN, HUGE),
    "lay_phase groups": lambda: lay_phase(TURN, HUGE),  # type: ignore[arg-type]
    "next_hand player": lambda: next_hand(GAME, player=HUGE),
    "view seat": lambda: view(GAME, HUGE),
    "events seat": lambda: events(GAME, Draw(), TURN, seat=HUGE),
    "Card number": lambda: Card(HUGE, Color.RED),
    "GroupSpec size": lambda: GroupSpec(GroupKind.SET, HUGE),
    "Hit card": lambda: Hit(HUGE, 0),
    "Points wild": lambda: Points(wild=HUGE),
    "Rules hand_size": lambda: Rules(hand_size=HUGE),
    "Rules min_players": lambda: Rules(min_players=HUGE),
    "Rules max_players": lambda: Rules(max_players=HUGE),
    "Rules phases": lambda: Rules(phases=HUGE),  # type: ignore[arg-type]
    "Rules first_phases": lambda: Rules.first_phases(HUGE),
    "to_json Skip target": lambda: to_json(Skip(HUGE)),
    "find_phase cards": lambda: find_phase([HUGE], STANDARD_PHASES[0]),  # type: ignore[list-item]
    "find_phase cards as one": lambda: find_phase(HUGE, STANDARD_PHASES[0]),  # type: ignore[arg-type]
    "find_phase spec": lambda: find_phase((), HUGE),  # type: ignore[arg-type]
    "find_phase rules": lambda: find_phase((), STANDARD_PHASES[0], HUGE),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
def test_a_huge_number_anywhere_gets_a_package_error(
    call: Callable[[], object],
) -> None:
    """A 5,000-digit number in any argument raises a Phase10Error, never ValueError."""
    with pytest.raises(Phase10Error) as caught:
        call()
    assert "very large number" in str(caught.value) or len(str(caught.value)) < 300


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (7, "7"),
        (-(10**14), repr(-(10**14))),
        (10**15, "a very large number"),
        (True, "True"),
        ("R7", "'R7'"),
        ("x" * 100, repr("x" * 100)[:57] + "..."),
    ],
)
def test_shown_quotes_a_value_briefly(value: object, text: str) -> None:
    """shown() is repr() kept short, and never fails on a huge number."""
    assert shown(value) == text


HUGE_TEXT = "q" * 1_000_000


@pytest.mark.parametrize(
    "refuse",
    [
        lambda: PhaseSpec.parse(HUGE_TEXT),
        lambda: PhaseSpec.parse("1 set of 3 + " * 100_000),
        lambda: PhaseSpec.parse("2 sets of " + "9" * 100_000),
        lambda: PhaseSpec.parse("1 run of 4 of one " + HUGE_TEXT),
        lambda: Card.parse(HUGE_TEXT),
        lambda: parse_cards(f"R1 {HUGE_TEXT} R2"),
        lambda: parse_action("X " + HUGE_TEXT),
        lambda: new_game([HUGE_TEXT, ""]),
    ],
)
def test_a_refusal_quotes_a_huge_input_briefly(refuse: Callable[[], object]) -> None:
    """However long the text given, the message stays a line or two."""
    with pytest.raises(Phase10Error) as refusal:
        refuse()
    assert len(str(refusal.value)) < 400
