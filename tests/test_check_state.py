"""check_state and check_view: every state play reaches passes, every state
no game reaches is refused naming the field, and reading JSON runs the very
same checks."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import attrs
import pytest
from games import played
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import rules_records

from phase10 import (
    PRESETS,
    STANDARD_PHASES,
    WILD,
    Card,
    Color,
    FormatError,
    GameState,
    InvalidState,
    Meld,
    PlayerView,
    Rules,
    Step,
    UsageError,
    check_state,
    check_view,
    from_dict,
    new_game,
    to_dict,
    view,
)
from phase10._state import replace


@cache
def sample() -> GameState:
    """A four-player official game in the middle of a hand, with groups down."""
    for state in played(PRESETS["official"], 4, 11, 2000):
        if len(state.table) >= 2 and state.step is Step.PLAY:
            return state
    raise AssertionError("no state with two groups down")


def with_player(state: GameState, seat: int, **changes: Any) -> GameState:
    """``state`` with some fields of seat ``seat``'s player changed."""
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], **changes)
    return attrs.evolve(state, players=tuple(players))


@pytest.mark.slow
@given(
    rules=rules_records(),
    players=st.integers(2, 6),
    seed=st.integers(0, 2**64),
    moves=st.integers(0, 400),
)
@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@pytest.mark.rule("R41")
def test_every_state_and_view_of_random_games_passes(
    rules: Rules, players: int, seed: int, moves: int
) -> None:
    """The states the engine's moves make, and every view of them, pass."""
    seats = min(max(players, rules.min_players), rules.max_players)
    for state in played(rules, seats, seed, moves):
        check_state(state)
        for seat in (None, *range(seats)):
            check_view(view(state, seat))


def test_whole_games_pass_to_the_end() -> None:
    """Hand ends, tie-breaks and the end of the game pass."""
    for name in ("official", "ten-hands", "first-5-phases"):
        states = played(PRESETS[name], 3, 7, 20_000)
        assert states[-1].is_over
        for state in states:
            check_state(state)
        check_view(view(states[-1], None))


Spoiler = Callable[[GameState], GameState]

BAD_STATES: list[tuple[str, Spoiler, str]] = [
    (
        "a seat that is not at the table",
        lambda s: attrs.evolve(s, current=4),
        r"^current: there is no seat 4 \(seats are 0 to 3\)$",
    ),
    (
        "a seat as text",
        lambda s: attrs.evolve(s, dealer="0"),  # type: ignore[arg-type]
        r"^dealer: expected a seat number, not '0'$",
    ),
    (
        "a flag for a number",
        lambda s: with_player(s, 1, score=True),
        r"^players\[1\]\.score: expected a whole number, not true$",
    ),
    (
        "a card as text",
        lambda s: with_player(s, 2, hand=("R7", *s.players[2].hand[1:])),
        r"^players\[2\]\.hand\[0\]: expected a Card, not 'R7'$",
    ),
    (
        "a hand as a list",
        lambda s: with_player(s, 0, hand=list(s.players[0].hand)),
        r"^players\[0\]\.hand: expected a tuple, not \[",
    ),
    (
        "a step as text",
        lambda s: attrs.evolve(s, step="play"),  # type: ignore[arg-type]
        r"^step: expected a Step, not 'play'$",
    ),
    (
        "rules that are not rules",
        lambda s: attrs.evolve(s, rules=None),  # type: ignore[arg-type]
        r"^rules: expected a Rules record, not None$",
    ),
    (
        "too many players for the rules",
        lambda s: attrs.evolve(s, players=s.players * 2),
        r"^players: has 8 items, more than the 6 possible$",
    ),
    (
        "an empty name",
        lambda s: with_player(s, 3, name=" "),
        r"^players\[3\]\.name: a player's name cannot be empty$",
    ),
    (
        "turns owed beyond any game",
        lambda s: with_player(s, 1, skips_pending=5000),
        r"^players\[1\]\.skips_pending: expected a whole number from 0 to 1000",
    ),
    (
        "a seed too long to save",
        lambda s: attrs.evolve(s, seed=10**4000),
        r"^seed: a seed has at most 4000 digits",
    ),
    (
        "a card changed into another",
        lambda s: with_player(s, 0, hand=(WILD, WILD, *s.players[0].hand[2:])),
        r"^the hands, piles and table do not hold exactly the rules' deck: \d W too "
        r"many, ",
    ),
    (
        "a known card not in the hand",
        lambda s: with_player(s, 0, known=(Card.parse("S"),) * 5),
        r"^players\[0\]\.known: lists a card that is not in the hand$",
    ),
    (
        "a winner while the game goes on",
        lambda s: attrs.evolve(s, winner=0),
        r"^winner: a game has a winner exactly when it is over$",
    ),
    (
        "a group that is no group",
        lambda s: attrs.evolve(
            s,
            table=(
                attrs.evolve(s.table[0], cards=(Card.parse("S"), *s.table[0].cards)),
                *s.table[1:],
            ),
        ),
        r"^table\[0\]: not a ",
    ),
    (
        "contenders out of order",
        lambda s: attrs.evolve(s, contenders=(1, 0, 2, 3)),
        r"^contenders: the seats must be listed once each, in increasing order$",
    ),
    (
        "hand points while playing",
        lambda s: attrs.evolve(s, hand_points=(0, 0, 0, 0)),
        r"^hand_points: expected null while a hand is being played",
    ),
    (
        "players as a list",
        lambda s: attrs.evolve(s, players=list(s.players)),  # type: ignore[arg-type]
        r"^players: expected a tuple, not \[",
    ),
    (
        "a player that is not a player",
        lambda s: attrs.evolve(s, players=(s.players[0], "Bob", *s.players[2:])),  # type: ignore[arg-type]
        r"^players\[1\]: expected a PlayerState, not 'Bob'$",
    ),
    (
        "seats as a list",
        lambda s: attrs.evolve(s, contenders=[0, 1, 2, 3]),  # type: ignore[arg-type]
        r"^contenders: expected a tuple, not \[0, 1, 2, 3\]$",
    ),
    (
        "hand points for one seat of four",
        lambda s: attrs.evolve(s, hand_points=(0,)),
        r"^hand_points: expected one number per seat \(4\), not 1$",
    ),
    (
        "a seat playing the hand that is not at the table",
        lambda s: attrs.evolve(s, contenders=(0, 1, 2, 7)),
        r"^contenders\[3\]: there is no seat 7 \(seats are 0 to 3\)$",
    ),
    (
        "nobody playing the hand",
        lambda s: attrs.evolve(s, contenders=()),
        r"^contenders: at least one seat plays each hand$",
    ),
    (
        "a group that says it stands for other numbers",
        lambda s: attrs.evolve(s, table=(reshaped(s.table[0]), *s.table[1:])),
        r"^table\[0\]: the cards stand for number=",
    ),
    (
        "the player to move owing a turn to a Skip",
        lambda s: with_player(s, s.current, skips_pending=1),
        r"^players: the player whose turn it is cannot still owe a turn to a Skip$",
    ),
    (
        "a turn that starts with no draw pile",
        lambda s: attrs.evolve(s, step=Step.DRAW, draw_pile=()),
        r"^draw_pile: a turn never starts with no draw pile$",
    ),
    (
        "a group of a player who has not laid down",
        lambda s: with_player(s, s.table[0].owner, laid_down=False),
        r"^table\[0\]: seat \d owns a group but has not laid down$",
    ),
]


def reshaped(meld: Meld) -> Meld:
    """``meld`` claiming to stand for other numbers or another colour."""
    if meld.low is not None:
        return attrs.evolve(meld, low=meld.low % 12 + 1)
    if meld.number is not None:
        return attrs.evolve(meld, number=meld.number % 12 + 1)
    other = next(color for color in Color if color is not meld.color)
    return attrs.evolve(meld, color=other)


@pytest.mark.parametrize(
    ("spoil", "message"),
    [pytest.param(spoil, message, id=name) for name, spoil, message in BAD_STATES],
)
def test_impossible_states_are_refused_naming_the_field(
    spoil: Spoiler, message: str
) -> None:
    """A state no game reaches raises InvalidState saying which field and why."""
    check_state(sample())
    with pytest.raises(InvalidState, match=message):
        check_state(spoil(sample()))


def with_public(seen: PlayerView, seat: int, **changes: Any) -> PlayerView:
    """``seen`` with some fields of what it shows of seat ``seat`` changed."""
    players = list(seen.players)
    players[seat] = attrs.evolve(players[seat], **changes)
    return attrs.evolve(seen, players=tuple(players))


def test_impossible_views_are_refused_naming_the_field() -> None:
    """A view of no reachable state raises InvalidState saying which field."""
    seen = view(sample(), 0)
    check_view(seen)
    size = seen.players[1].hand_size
    with pytest.raises(
        InvalidState,
        match=rf"^players\[1\]\.known: has {size + 1} items, more than the {size} ",
    ):
        check_view(with_public(seen, 1, known=(WILD,) * (size + 1)))
    with pytest.raises(
        InvalidState, match=r"^hand: a spectator \(seat null\) holds no hand$"
    ):
        check_view(attrs.evolve(view(sample(), None), hand=(WILD,)))
    wilds = attrs.evolve(with_public(seen, 0, known=()), hand=(WILD,) * len(seen.hand))
    with pytest.raises(
        InvalidState, match=r"^the cards shown are not all in the rules' deck: \d W "
    ):
        check_view(wilds)
    with pytest.raises(InvalidState, match=r"^hand: holds 9 cards, but seat 0 has"):
        check_view(attrs.evolve(seen, hand=seen.hand[1:]))
    with pytest.raises(InvalidState, match=r"^seat: there is no seat 7 "):
        check_view(attrs.evolve(seen, seat=7))
    no_top = (
        attrs.evolve(seen, discard_size=1)
        if seen.discard_top is None
        else attrs.evolve(seen, discard_top=None)
    )
    with pytest.raises(InvalidState, match=r"^discard_top: there is a top discard"):
        check_view(no_top)


def test_only_states_and_views_are_checked() -> None:
    """check_state takes a GameState and check_view a PlayerView."""
    with pytest.raises(UsageError, match=r"^check_state takes a GameState, not"):
        check_state(view(sample(), 0))  # type: ignore[arg-type]
    with pytest.raises(UsageError, match=r"^check_view takes a PlayerView, not"):
        check_view(sample())  # type: ignore[arg-type]


def test_an_invalid_state_is_a_format_error_and_reading_raises_it() -> None:
    """InvalidState is a FormatError, and reading an impossible document raises it."""
    assert issubclass(InvalidState, FormatError)
    data = to_dict(attrs.evolve(sample(), winner=0))
    with pytest.raises(InvalidState, match=r"^winner: a game has a winner"):
        from_dict(data, GameState)


# Changes that keep every field's type, so that the state can still be
# written: whether the result is possible is then for the checks to say.
NUMBERS = ("current", "dealer", "hand_number", "turn_slot", "shuffles")
PLAYER_NUMBERS = ("completed", "score", "skips_pending", "skipped_in_slot")


def nudge(state: GameState, choice: int, by: int) -> GameState:
    """``state`` with one whole number, one flag or one card changed."""
    fields = len(NUMBERS) + len(PLAYER_NUMBERS) * len(state.players) + 4
    choice %= fields
    if choice < len(NUMBERS):
        name = NUMBERS[choice]
        return attrs.evolve(state, **{name: max(0, getattr(state, name) + by)})
    choice -= len(NUMBERS)
    if choice < len(PLAYER_NUMBERS) * len(state.players):
        seat, which = divmod(choice, len(PLAYER_NUMBERS))
        name = PLAYER_NUMBERS[which]
        old = getattr(state.players[seat], name) or 0
        return with_player(state, seat, **{name: max(0, old + by)})
    choice -= len(PLAYER_NUMBERS) * len(state.players)
    if choice == 0:
        return attrs.evolve(state, laid_this_turn=not state.laid_this_turn)
    if choice == 1:
        return attrs.evolve(state, tiebreak=not state.tiebreak)
    if choice == 2:
        winner = None if state.winner is not None else by % len(state.players)
        return attrs.evolve(state, winner=winner)
    seat = by % len(state.players)
    hand = state.players[seat].hand
    swapped = (Card.parse("R1" if hand and hand[0] != Card.parse("R1") else "B1"),)
    return with_player(state, seat, hand=swapped + hand[1:])


@cache
def pool() -> tuple[GameState, ...]:
    """States of every step, from a few games."""
    found: list[GameState] = []
    for name in ("official", "ten-hands"):
        states = played(PRESETS[name], 3, 5, 20_000)
        found += states[::40] + states[-3:]
    return tuple(found)


@given(which=st.integers(0, 10**6), choice=st.integers(0, 10**6), by=st.integers(-3, 3))
@settings(max_examples=200)
def test_check_state_and_reading_agree_word_for_word(
    which: int, choice: int, by: int
) -> None:
    """A changed state is refused by check_state exactly when reading its
    document is refused, with the same message: the checks are one."""
    states = pool()
    state = nudge(states[which % len(states)], choice, by)
    try:
        check_state(state)
    except InvalidState as error:
        with pytest.raises(FormatError) as caught:
            from_dict(to_dict(state), GameState)
        assert str(caught.value) == str(error)
    else:
        assert from_dict(to_dict(state), GameState) == state
    seen = view(state, by % len(state.players))
    try:
        check_view(seen)
    except InvalidState as error:
        with pytest.raises(FormatError) as caught:
            from_dict(to_dict(seen), PlayerView)
        assert str(caught.value) == str(error)
    else:
        assert from_dict(to_dict(seen), PlayerView) == seen


def _one_phase_game() -> GameState:
    return new_game(2, Rules(phases=STANDARD_PHASES[:1]), seed=1)


@pytest.mark.rule("R37", "R38")
def test_a_finished_player_in_a_hand_over_state_means_the_game_ended() -> None:
    """A hand over, with no tie-break to come, in which a player has completed
    every phase is refused: such a hand ends the game or goes to a tie-break."""
    game = _one_phase_game()
    done = replace(game.players[0], completed=1)
    bad = replace(
        game, players=(done, game.players[1]), step=Step.HAND_OVER, hand_points=(0, 0)
    )
    with pytest.raises(InvalidState, match=r"^players\[0\]\.completed: .*all 1 phases"):
        check_state(bad)
    with pytest.raises(FormatError, match="would have ended or gone to a tie-break"):
        from_dict(to_dict(bad), GameState)


@pytest.mark.rule("R38")
def test_a_tiebreak_is_played_only_by_players_who_completed_the_last_phase() -> None:
    """tiebreak true while a contender has not completed the last phase is
    refused: otherwise the next player out would win with a phase to go."""
    game = _one_phase_game()
    bad = replace(game, tiebreak=True, hand_number=2)
    with pytest.raises(InvalidState, match=r"plays the tie-break, but has completed 0"):
        check_state(bad)


@pytest.mark.rule("R39")
def test_ten_hands_over_without_an_end_is_refused() -> None:
    """Under everyone_advances, the last hand over with no winner and no
    tie-break to come is refused."""
    rules = Rules(everyone_advances=True, phases=STANDARD_PHASES[:1])
    game = new_game(2, rules, seed=1)
    bad = replace(game, step=Step.HAND_OVER, hand_points=(0, 0))
    with pytest.raises(InvalidState, match=r"^hand_number: hand 1 of 1 is over"):
        check_state(bad)
