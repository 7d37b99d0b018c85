"""An argument of the wrong type raises UsageError, from every public entry point.

Moves the rules forbid raise IllegalMove; wrong values of the right type
their own errors (NotationError, RulesError, FormatError, NoSuchSeat). A
wrong *type* is the calling program's mistake, and one exception says so
everywhere: :class:`~phase10.UsageError`, also a ``TypeError``.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import pickle
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import phase10
import phase10._events
from phase10 import (
    STANDARD_PHASES,
    Card,
    GameRecord,
    GameState,
    GroupKind,
    GroupSpec,
    NoSuchSeat,
    NotationError,
    Phase10Error,
    PhaseSpec,
    Pile,
    Points,
    Rules,
    UsageError,
    parse_cards,
)
from phase10 import svg as drawing
from phase10.bots import GreedyBot, MonteCarloBot, RandomBot, play_game, tournament
from phase10.encoding import Encoding

MODULES = ("phase10", "phase10.bots", "phase10.svg", "phase10.encoding")

PLAIN_RECORDS = {
    # The engine's own records, built by the moves and by the readers, which
    # check every field (check_state, check_view and the JSON reader); their
    # constructors check nothing, for speed.
    "GameState",
    "PlayerState",
    "PlayerView",
    "PublicPlayer",
    "Meld",
    "GameResult",
    "TournamentResult",
    "Segment",
}
PLAIN_RECORDS |= set(phase10._events.__all__)  # events, built by the moves
"""Records whose constructors take their fields as given (see the docs)."""


class Stranger:
    """A value of a type no public function takes."""

    def __repr__(self) -> str:
        return "<stranger>"


def public_callables() -> Iterator[tuple[str, Callable[..., Any]]]:
    """Every public function and record class, by its full name."""
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in sorted(module.__all__):
            value = getattr(module, name)
            if not callable(value) or name in PLAIN_RECORDS:
                continue
            if isinstance(value, type) and issubclass(
                value, (BaseException, enum.Enum)
            ):
                continue
            if name == "Bot":  # a Protocol: nothing to call
                continue
            if not inspect.signature(value).parameters:
                continue  # takes nothing, so nothing can be of a wrong type
            yield f"{module_name}.{name}", value


def strangers_for(function: Callable[..., Any]) -> tuple[list[Any], dict[str, Any]]:
    """Arguments for ``function``: a stranger for every parameter it takes
    without a default, by position or by keyword."""
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for parameter in inspect.signature(function).parameters.values():
        if parameter.default is not inspect.Parameter.empty:
            continue
        if parameter.kind in (
            inspect.Parameter.POSITIONAL_ONLY,
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
        ):
            args.append(Stranger())
        elif parameter.kind is inspect.Parameter.KEYWORD_ONLY:
            kwargs[parameter.name] = Stranger()
    if not args and not kwargs:
        # Nothing is required: give the first parameter a stranger.
        first = next(iter(inspect.signature(function).parameters.values()), None)
        if first is not None and first.kind is not inspect.Parameter.VAR_KEYWORD:
            if first.kind is inspect.Parameter.KEYWORD_ONLY:
                kwargs[first.name] = Stranger()
            else:
                args.append(Stranger())
    return args, kwargs


@pytest.mark.parametrize(
    ("name", "function"), list(public_callables()), ids=lambda x: str(x)
)
def test_every_public_callable_refuses_strangers_with_usage_error(
    name: str, function: Callable[..., Any]
) -> None:
    """Every public function and every record that checks its fields, given
    values of a type it does not take, raises UsageError."""
    args, kwargs = strangers_for(function)
    if not args and not kwargs:
        pytest.fail(f"{name} takes no argument to spoil")  # pragma: no cover
    with pytest.raises(UsageError):
        function(*args, **kwargs)


def a_game() -> tuple[GameState, GameState]:
    """A game before and after its first draw."""
    state = phase10.new_game(3, seed=11)
    return state, phase10.draw(state)


STATE, PLAYING = a_game()
RECORD = GameRecord.start(2, seed=4)[0]


def w(value: object) -> Any:
    """``value``, typed so that the type checker lets a test pass it where it
    does not belong (which is the point of these tests)."""
    return value


CASES: list[tuple[str, Callable[[], object]]] = [
    # The issue's own list.
    ("view(state, '0')", lambda: phase10.view(STATE, w("0"))),
    ("apply(state, 'draw')", lambda: phase10.apply(STATE, w("draw"))),
    ("legal_actions('state')", lambda: phase10.legal_actions(w("state"))),
    (
        "find_phase('R1 R1 R1', phase)",
        lambda: phase10.find_phase(w("R1 R1 R1"), STANDARD_PHASES[0]),
    ),
    ("RandomBot(5)", lambda: RandomBot(w(5))),
    ("new_game(2, 'official')", lambda: phase10.new_game(2, w("official"))),
    ("to_json(object())", lambda: phase10.to_json(w(object()))),
    ("from_json(text, int)", lambda: phase10.from_json(phase10.to_json(STATE), int)),
    # One wrong argument among right ones.
    ("draw(state, 'draw')", lambda: phase10.draw(STATE, w("draw"))),
    ("draw(state, player='0')", lambda: phase10.draw(STATE, player=w("0"))),
    ("draw(state, player=True)", lambda: phase10.draw(STATE, player=True)),
    ("draw(state, player=1.0)", lambda: phase10.draw(STATE, player=w(1.0))),
    ("discard(state, 5)", lambda: phase10.discard(PLAYING, w(5))),
    ("hit(state, 'R1', '0')", lambda: phase10.hit(PLAYING, "R1", w("0"))),
    ("hit(state, 'R1', 0, end=5)", lambda: phase10.hit(PLAYING, "R1", 0, end=w(5))),
    ("skip(state, '1')", lambda: phase10.skip(PLAYING, w("1"))),
    ("lay_phase(state, 5)", lambda: phase10.lay_phase(PLAYING, w(5))),
    ("can_draw('state')", lambda: phase10.can_draw(w("state"))),
    ("can_discard(state, 5)", lambda: phase10.can_discard(PLAYING, w(5))),
    ("can_apply(state, 'draw')", lambda: phase10.can_apply(STATE, w("draw"))),
    (
        "events(before, draw, after, seat='0')",
        lambda: phase10.events(STATE, phase10.Draw(), PLAYING, seat=w("0")),
    ),
    ("new_game(2, seed='1')", lambda: phase10.new_game(2, seed=w("1"))),
    ("new_game(Stranger)", lambda: phase10.new_game(w(Stranger()))),
    (
        "find_phase(cards, '2 sets of 3')",
        lambda: phase10.find_phase(parse_cards("R1"), w("2 sets of 3")),
    ),
    (
        "find_phase(cards, phase, rules='official')",
        lambda: phase10.find_phase(
            parse_cards("R1"), STANDARD_PHASES[0], w("official")
        ),
    ),
    ("GreedyBot(5)", lambda: GreedyBot(w(5))),
    ("MonteCarloBot(5)", lambda: MonteCarloBot(w(5))),
    ("from_json(5, GameState)", lambda: phase10.from_json(w(5), GameState)),
    ("GameRecord.from_json(5)", lambda: GameRecord.from_json(w(5))),
    ("Rules(hand_size='10')", lambda: Rules(hand_size=w("10"))),
    ("Rules(phases='2 sets of 3')", lambda: Rules(phases=w("2 sets of 3"))),
    ("Points(low='5')", lambda: Points(low=w("5"))),
    ("Card.parse(5)", lambda: Card.parse(w(5))),
    ("parse_cards(5)", lambda: parse_cards(w(5))),
    ("PhaseSpec.parse(5)", lambda: PhaseSpec.parse(w(5))),
    ("GroupSpec(GroupKind.SET, '3')", lambda: GroupSpec(GroupKind.SET, w("3"))),
    ("parse_action(5)", lambda: phase10.parse_action(w(5))),
    ("Draw(5)", lambda: phase10.Draw(w(5))),
    ("Hit('R1', '0')", lambda: phase10.Hit("R1", w("0"))),
    ("Skip('1')", lambda: phase10.Skip(w("1"))),
    ("LayPhase([5])", lambda: phase10.LayPhase(w([5]))),
    ("replay('record')", lambda: phase10.replay(w("record"))),
    (
        "play_game(bots, seed='1')",
        lambda: play_game([RandomBot(), RandomBot()], seed=w("1")),
    ),
    (
        "tournament(entrants, games='3')",
        lambda: tournament(w({"a": RandomBot, "b": RandomBot}), games=w("3")),
    ),
    ("Encoding(2, rules='official')", lambda: Encoding(2, w("official"))),
    ("svg.view('state')", lambda: drawing.view(w("state"))),
    ("svg.hand(5)", lambda: drawing.hand(w(5))),
    ("format_cards(5)", lambda: phase10.format_cards(w(5))),
]


@pytest.mark.parametrize(("call", "make"), CASES, ids=[call for call, _ in CASES])
def test_a_wrong_type_among_right_arguments_is_a_usage_error(
    call: str, make: Callable[[], object]
) -> None:
    """One argument of the wrong type, the others right, raises UsageError,
    which is also a TypeError and a Phase10Error, and changes no state."""
    before = pickle.dumps((STATE, PLAYING))
    with pytest.raises(UsageError) as raised:
        make()
    assert isinstance(raised.value, TypeError)
    assert isinstance(raised.value, Phase10Error)
    assert pickle.dumps((STATE, PLAYING)) == before


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: phase10.view(STATE, 7), NoSuchSeat),
        (lambda: phase10.draw(STATE, player=-1), NoSuchSeat),
        (lambda: Card.parse("R13"), NotationError),
        (lambda: phase10.find_phase(parse_cards("R1"), STANDARD_PHASES[0]), None),
        (lambda: phase10.from_json("{", GameState), phase10.FormatError),
        (lambda: Rules(hand_size=0), phase10.RulesError),
        (lambda: phase10.discard(STATE, "R1"), phase10.WrongStep),
        (lambda: phase10.draw(STATE, Pile.DRAW, player=0), phase10.NotYourTurn),
    ],
)
def test_wrong_values_of_the_right_type_keep_their_own_errors(
    make: Callable[[], object], error: type[Exception] | None
) -> None:
    """A seat not at the table, text that names no card, a bad document or a
    move out of turn are not usage errors."""
    if error is None:
        make()
        return
    with pytest.raises(error) as raised:
        make()
    assert not isinstance(raised.value, UsageError)


def test_a_bot_refuses_a_seed_of_the_wrong_type() -> None:
    """A bot's random source must be a random.Random."""
    assert GreedyBot(random.Random(1)).rng.random() == random.Random(1).random()
