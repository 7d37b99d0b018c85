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
import io
import pickle
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
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
    Meld,
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
from phase10.bots import (
    AdviceBot,
    BeginnerBot,
    GreedyBot,
    LanguageModelBot,
    MonteCarloBot,
    OddsBot,
    ProgramBot,
    RandomBot,
    SearchBot,
    level,
    play_game,
    tournament,
)
from phase10.encoding import Encoding
from phase10.ledger import RULINGS, HandEntry, Ledger, check_lay

MODULES = (
    "phase10",
    "phase10.bots",
    "phase10.svg",
    "phase10.encoding",
    "phase10.ledger",
)

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
    "Standing",
    "Verdict",
}
PLAIN_RECORDS |= set(phase10._events.__all__)  # events, built by the moves
"""Records whose constructors take their fields as given (see the docs)."""


class Stranger:
    """A value of a type no public function takes."""

    def __repr__(self) -> str:
        return "<stranger>"


def _public_classes() -> Iterator[tuple[str, type]]:
    """Every public class but the exceptions and enums, by its full name."""
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in sorted(module.__all__):
            value = getattr(module, name)
            if not isinstance(value, type) or name == "Bot":  # a Protocol
                continue
            if issubclass(value, (BaseException, enum.Enum)):
                continue
            yield f"{module_name}.{name}", value


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
    ("name", "function"),
    list(public_callables()),
    # The name alone: a function's repr holds its address, which differs
    # between processes (and so between pytest-xdist's workers).
    ids=lambda x: x if isinstance(x, str) else "",
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
    ("BeginnerBot(5)", lambda: BeginnerBot(w(5))),
    ("AdviceBot(5)", lambda: AdviceBot(w(5))),
    ("OddsBot(5)", lambda: OddsBot(w(5))),
    ("SearchBot(5)", lambda: SearchBot(w(5))),
    ("level(5)", lambda: level(w(5))),
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
    # Fidelity 4: entry points that raised Python's own errors, or the
    # errors of wrong values, for a wrong type.
    (
        "determinize(view, 7)",
        lambda: phase10.determinize(phase10.view(STATE, 0), w(7)),
    ),
    ("to_json(state, indent=1.5)", lambda: phase10.to_json(STATE, indent=w(1.5))),
    ("GameRecord.to_json(indent='2')", lambda: RECORD.to_json(indent=w("2"))),
    (
        "tournament(..., executor='2')",
        lambda: tournament({"a": RandomBot, "b": RandomBot}, games=1, executor=w("2")),
    ),
    (
        "tournament(..., rules='official')",
        lambda: tournament(
            {"a": RandomBot, "b": RandomBot}, games=0, rules=w("official")
        ),
    ),
    ("GreedyBot().choose('x')", lambda: GreedyBot().choose(w("x"))),
    ("RandomBot().choose('x')", lambda: RandomBot().choose(w("x"))),
    ("MonteCarloBot().choose('x')", lambda: MonteCarloBot().choose(w("x"))),
    ("OddsBot().choose('x')", lambda: OddsBot().choose(w("x"))),
    ("SearchBot().choose('x')", lambda: SearchBot().choose(w("x"))),
    ("Encoding(3).observe(state)", lambda: Encoding(3).observe(w(STATE))),
    ("Encoding(3).action('2', state)", lambda: Encoding(3).action(w("2"), STATE)),
    ("Encoding(3).describe(2.0)", lambda: Encoding(3).describe(w(2.0))),
    ("Rules.first_phases('3')", lambda: Rules.first_phases(w("3"))),
    ("Rules.first_phases(True)", lambda: Rules.first_phases(True)),
    ("new_game(2, deck=[5] * 108)", lambda: phase10.new_game(2, deck=w([5] * 108))),
    (
        "new_game(2, deck='R1 R1 ...')",
        lambda: phase10.new_game(2, deck=w(" ".join(["R1"] * 108))),
    ),
    ("state.phase_of('1')", lambda: STATE.phase_of(w("1"))),
    ("state.phase_number(1.0)", lambda: STATE.phase_number(w(1.0))),
    ("view.phase_of('1')", lambda: phase10.view(STATE, 0).phase_of(w("1"))),
    ("view.phase_number(None)", lambda: phase10.view(STATE, 0).phase_number(w(None))),
    ("Points().of(5)", lambda: Points().of(w(5))),
    ("Points().total(5)", lambda: Points().total(w(5))),
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
        (lambda: STATE.phase_of(9), NoSuchSeat),
        (lambda: STATE.phase_of(-1), NoSuchSeat),
        (lambda: STATE.phase_number(3), NoSuchSeat),
        (lambda: phase10.view(STATE, 0).phase_of(9), NoSuchSeat),
        (lambda: phase10.view(STATE, 0).phase_number(-1), NoSuchSeat),
        (lambda: Rules.first_phases(11), phase10.RulesError),
        (lambda: Rules.first_phases(0), phase10.RulesError),
        (lambda: phase10.new_game(2, deck=parse_cards("R1 R2")), phase10.RulesError),
        (lambda: Encoding(3).action(10**6, STATE), phase10.IllegalMove),
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


# --- every parameter of every public function and method --------------------

MELD = Meld(owner=0, kind=GroupKind.SET, cards=parse_cards("R7 B7 W"), number=7)
"""A group on the table, for the events and drawings that show one."""


def _event_samples() -> dict[str, object]:
    """One event of each kind, its fields given by name."""
    fields: dict[str, object] = {
        "player": 0,
        "card": Card.parse("R7"),
        "source": Pile.DRAW,
        "meld": 0,
        "result": MELD,
        "melds": (MELD,),
        "hidden": False,
        "size": 40,
        "winner": 0,
        "hand_number": 1,
        "dealer": 0,
        "starter": Card.parse("R1"),
        "tiebreak": False,
        "went_out": 0,
        "points": (0, 25),
        "phase": 1,
        "target": 1,
    }
    samples: dict[str, object] = {}
    for name in phase10._events.__all__:
        kind = getattr(phase10._events, name)
        if attrs.has(kind):
            given = {field.name: fields[field.name] for field in attrs.fields(kind)}
            samples[name] = kind(**given)
    return samples


SAMPLES: dict[str, object] = {
    "Card": Card.parse("R7"),
    "GameRecord": RECORD,
    "GameState": PLAYING,
    "PlayerView": phase10.view(PLAYING, PLAYING.current),
    "PlayerState": PLAYING.players[0],
    "PublicPlayer": phase10.view(PLAYING, 0).players[1],
    "Meld": MELD,
    "Points": Points(),
    "Rules": Rules(),
    "GreedyBot": GreedyBot(),
    "RandomBot": RandomBot(),
    "MonteCarloBot": MonteCarloBot(rollouts=1),
    "BeginnerBot": BeginnerBot(),
    "AdviceBot": AdviceBot(),
    "OddsBot": OddsBot(),
    "SearchBot": SearchBot(rollouts=1),
    "ProgramBot": ProgramBot(["true"]),
    "LanguageModelBot": LanguageModelBot(lambda text: "D"),
    "TournamentResult": tournament({"a": RandomBot, "b": RandomBot}, games=0),
    "Encoding": Encoding(3),
    "HandEntry": HandEntry((1, None), 0, ((), 50)),
    "Ledger": Ledger(["Ann", "Bob"]),
    "Ruling": RULINGS[0],
    "Standing": Ledger(["Ann", "Bob"]).standings()[0],
    "Verdict": check_lay("R7 B7 G7 R8 B8 G8", 1),
    **_event_samples(),
}
"""An instance of each public class whose methods take arguments."""


def _defined_here(raw: object) -> Callable[..., Any] | None:
    """The function behind a class attribute, if the package defines it."""
    if isinstance(raw, (classmethod, staticmethod)):
        raw = raw.__func__
    if not inspect.isfunction(raw):
        return None
    return raw if raw.__module__.startswith("phase10") else None


def public_methods() -> Iterator[tuple[str, Callable[..., Any]]]:
    """Every public method, classmethod and staticmethod of the public
    classes, bound to a sample of its class where it needs one."""
    for full_name, kind in _public_classes():
        for name in dir(kind):
            if name.startswith("_"):
                continue
            raw = inspect.getattr_static(kind, name)
            function = _defined_here(raw)
            if function is None:
                continue
            if len(inspect.signature(function).parameters) <= (
                not isinstance(raw, staticmethod)
            ):
                continue  # takes nothing but its instance or class
            if isinstance(raw, (classmethod, staticmethod)):
                yield f"{full_name}.{name}", getattr(kind, name)
            else:
                if kind.__name__ not in SAMPLES:
                    pytest.fail(f"add a sample {kind.__name__} to SAMPLES")
                yield f"{full_name}.{name}", getattr(SAMPLES[kind.__name__], name)


def _hand_over() -> GameState:
    """A game whose first hand has just ended."""
    state = phase10.new_game(2, seed=3)
    bot = GreedyBot(random.Random(3))
    while state.step is not phase10.Step.HAND_OVER:
        state = phase10.apply(state, bot.choose(state))
    return state


def _right_values() -> dict[str, object]:
    """A right value for each parameter the walk must fill in, by name, or
    by the callable's short name and the parameter's."""
    state = PLAYING
    return {
        "state": state,
        "next_hand.state": _hand_over(),
        "seen": phase10.view(state, state.current),
        "view": phase10.view(state, state.current),
        "before": STATE,
        "after": PLAYING,
        "action": phase10.Draw(),
        "card": Card.parse("R7"),
        "cards": parse_cards("R7 B7 G7"),
        "meld": 0,
        "melds": (MELD,),
        "groups": [parse_cards("R7 B7 G7"), parse_cards("R8 B8 G8")],
        "spec": STANDARD_PHASES[0],
        "rng": random.Random(1),
        "seat": 0,
        "target": 0,
        "phase": 1,
        "source": Pile.DRAW,
        "players": 2,
        "seed": 1,
        "number": 7,
        "color": phase10.Color.RED,
        "kind": GameState,
        "GroupSpec.kind": GroupKind.SET,
        "size": 3,
        "index": 0,
        "obj": STATE,
        "data": phase10.to_dict(STATE),
        "text": phase10.to_json(STATE),
        "GameRecord.from_dict.data": RECORD.to_dict(),
        "record": RECORD,
        "bots": [RandomBot(), RandomBot()],
        "entrants": {"a": RandomBot, "b": RandomBot},
        "games": 0,
        "names": ("Ann", "Bob", "Cy"),
        "name": "a",
        "command": ["true"],
        "rules": Rules(),
        "time_limit": 1.0,
        "line": '{"type": "move", "id": 7, "move": "D"}',
        "bot": GreedyBot(),
        "serve.source": [],
        "sink": io.StringIO(),
        "model": lambda text: "D",
        "answer": "D",
        "strict": False,
        "retries": 1,
        "fallback": GreedyBot(),
        "trace": io.StringIO(),
        "refused": "that move is not legal now",
        "game_over.result": play_game([RandomBot(), RandomBot()], seed=1, max_moves=3),
        "Ledger.players": ("Ann", "Bob"),
        "player": "Ann",
        "laid": ["Ann"],
        "went_out": "Ann",
        "left": {"Bob": 50},
        "HandEntry.laid": (1, None),
        "HandEntry.went_out": 0,
        "HandEntry.left": ((), 50),
        "hands": (),
        "dealer": 0,
        "Ledger.from_dict.data": Ledger(["Ann", "Bob"]).to_dict(),
        "Ledger.from_json.text": Ledger(["Ann", "Bob"]).to_json(),
        "group": "R7 B7 G7",
        "check_hit.kind": "set",
        "check_hit.card": "R7",
        "check_lay.cards": "R7 B7 G7 R8 B8 G8",
        "end": None,
        "question": "may I discard a wild",
        "limit": 3,
        "clause": "R22",
        "option": "wild_from_discard",
        "keywords": ("wild",),
        "rate_phases.draws": (3,),
        "rate_phases.samples": 2,
        "exact": True,
    }


RIGHT = _right_values()

UNTRUSTED = {
    "phase10.from_dict.data",
    "phase10.GameRecord.from_dict.data",
    "phase10.ledger.Ledger.from_dict.data",
}
"""Parameters documented to take any value, untrusted, and to refuse one
that describes nothing with FormatError: a document read from elsewhere."""


def spoiled_calls() -> Iterator[tuple[str, Callable[..., Any], str]]:
    """Each public callable with each of its parameters in turn."""
    seen: set[str] = set()
    for name, function in [*public_callables(), *public_methods()]:
        if name in seen:
            continue
        seen.add(name)
        for parameter in inspect.signature(function).parameters.values():
            if parameter.kind is not inspect.Parameter.VAR_KEYWORD:
                yield name, function, parameter.name


def _right(name: str, parameter: str) -> object:
    """The right value of ``parameter`` for the callable called ``name``."""
    *_, owner, short = ["", *name.split(".")]
    for key in (f"{owner}.{short}.{parameter}", f"{short}.{parameter}"):
        if key in RIGHT:
            return RIGHT[key]
    if parameter not in RIGHT:
        pytest.fail(f"add a right value for {parameter!r} ({name}) to RIGHT")
    return RIGHT[parameter]


def spoiled(
    name: str, function: Callable[..., Any], spoil: str
) -> tuple[list[Any], dict[str, Any]]:
    """Arguments for ``function``: a stranger for ``spoil``, right values for
    the other parameters it requires, nothing for the rest."""
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for parameter in inspect.signature(function).parameters.values():
        if parameter.kind is inspect.Parameter.VAR_KEYWORD:
            continue
        if parameter.name == spoil:
            value: object = Stranger()
        elif parameter.default is inspect.Parameter.empty and parameter.kind not in (
            inspect.Parameter.VAR_POSITIONAL,
        ):
            value = _right(name, parameter.name)
        else:
            continue
        if parameter.kind in (
            inspect.Parameter.POSITIONAL_ONLY,
            inspect.Parameter.VAR_POSITIONAL,
        ):
            args.append(value)
        else:
            kwargs[parameter.name] = value
    return args, kwargs


@pytest.mark.parametrize(
    ("name", "function", "spoil"),
    list(spoiled_calls()),
    ids=lambda x: x if isinstance(x, str) else "",
)
def test_every_parameter_of_every_public_callable_refuses_a_stranger(
    name: str, function: Callable[..., Any], spoil: str
) -> None:
    """Every parameter of every public function, record and method, given a
    value of a type it does not take while the others are right, raises
    UsageError and changes no state."""
    args, kwargs = spoiled(name, function, spoil)
    before = pickle.dumps((STATE, PLAYING, RECORD))
    expected = phase10.FormatError if f"{name}.{spoil}" in UNTRUSTED else UsageError
    with pytest.raises(expected):
        function(*args, **kwargs)
    assert pickle.dumps((STATE, PLAYING, RECORD)) == before
