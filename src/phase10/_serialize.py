"""Games, views, rules and moves as plain data and JSON text, and back (R41).

Four functions cover every kind of document, in the manner of
:func:`attrs.asdict` and :mod:`cattrs`:

- :func:`to_dict` and :func:`to_json` write a :class:`~phase10.GameState`,
  a :class:`~phase10.PlayerView`, a :class:`~phase10.Rules`, a move record
  (:class:`~phase10.Draw`, :class:`~phase10.LayPhase`, ...) or a
  :class:`~phase10.GameRecord`;
- :func:`from_dict` and :func:`from_json` read one back, given the class
  to expect (``Action`` for any move).

Every document carries ``"schema": "phase10/<kind>"`` (``state``, ``view``,
``rules``, ``action`` or ``record``) and ``"version": 1``. Cards are written
in their notation (``"R7"``, ``"W"``), phases in their canonical text
(``"2 sets of 3"``), enums by value (``"draw"``, ``"color run"``), and the
seed as a text of decimal digits, since a seed is usually 128 bits and many
JSON readers round numbers that large. Keys come in a fixed order, so equal
objects always give equal text.

Reading treats its input as untrusted: anything that does not describe a
possible object, down to a card too many, a seat that does not exist or a
state no game reaches (a player in the hand holding no cards, a winner who
has not completed the last phase), raises :class:`~phase10.FormatError`
saying what is wrong and where, and nothing else escapes. Whole numbers are
read up to 2**53 - 1, the largest a JavaScript front end reads exactly.

The dict of a whole state holds the seed and the order of the draw pile,
which are secrets: it is for saving a game on a server. Send players the
dict of their :func:`~phase10.view`, which holds no secret.

>>> from phase10 import Discard, new_game, view
>>> game = new_game(["Ann", "Bob"], seed=2026)
>>> from_json(to_json(game), GameState) == game
True
>>> to_dict(Discard("R7"))
{'schema': 'phase10/action', 'version': 1, 'type': 'discard', 'card': 'R7'}
>>> mine = to_dict(view(game, 0))
>>> mine["schema"], len(mine["hand"]), "seed" in mine, "draw_pile" in mine
('phase10/view', 10, False, False)
"""

from __future__ import annotations

import enum
import functools
import itertools
import json
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from types import UnionType
from typing import TYPE_CHECKING, Any, Final, NamedTuple, TypeVar, cast, overload

from ._actions import Action, Discard, Draw, Hit, LayPhase, NextHand, Skip
from ._cards import FACES, Card, Color, standard_deck
from ._errors import FormatError, NotationError, PhaseNotMet, RulesError
from ._groups import End, GroupShape, judge_group
from ._phases import GroupKind, PhaseSpec
from ._rules import EmptyDrawPile, NaturalRule, Points, Rules, SkipLimit
from ._shuffle import MAX_SEED_DIGITS, SEED_LIMIT
from ._state import GameState, Meld, Pile, PlayerState, Step
from ._view import PlayerView, PublicPlayer

if TYPE_CHECKING:
    from ._record import GameRecord

__all__ = [
    "MAX_JSON_LENGTH",
    "SCHEMA_VERSION",
    "from_dict",
    "from_json",
    "to_dict",
    "to_json",
]

SCHEMA_VERSION: Final = 1
"""The version of the documents this library writes and reads."""

MAX_JSON_LENGTH: Final = 8_000_000
"""The longest text :func:`from_json` reads, in characters. A saved game
takes a few kilobytes and a record of a long game well under a megabyte."""

# Turns a player may still owe to Skips. Play keeps this tiny (a lost turn is
# served at the player's next turn slot); the bound keeps a crafted document
# from making the next move pass over lost turns for ever.
_MAX_OWED: Final = 1000

_MAX_DECK: Final = 10_000
"""The most cards a rules document may list (the official deck has 108)."""
_MAX_PHASES: Final = 1_000
_MAX_SAFE_INT: Final = 2**53 - 1
"""The largest whole number the reader takes where no smaller cap applies.

JavaScript, and so most front ends, reads JSON numbers as doubles, which hold
every whole number up to 2**53 - 1 exactly and no more. The cap also keeps
the writer safe: Python refuses to write a number of more than 4,300 digits
as text, so an unbounded score read from a document could not be saved."""
_MAX_KEYS: Final = 64  # more than any document has

_T = TypeVar("_T")


# --- the public functions -------------------------------------------------------


def to_dict(
    obj: GameState | PlayerView | Rules | Action | GameRecord,
) -> dict[str, Any]:
    """``obj`` as a JSON-ready dict of plain values, with its schema and version.

    Raises :class:`~phase10.FormatError` for anything this module cannot write.

    .. versionadded:: 0.1
    """
    kind = _KIND_OF_TYPE.get(type(obj))
    if kind is None:
        raise FormatError(
            f"cannot write a {type(obj).__name__}: to_dict takes a GameState, "
            "a PlayerView, a Rules, a move record or a GameRecord"
        )
    header = {"schema": f"phase10/{kind.name}", "version": SCHEMA_VERSION}
    return header | kind.write(obj)


def to_json(
    obj: GameState | PlayerView | Rules | Action | GameRecord,
    *,
    indent: int | None = None,
) -> str:
    """``obj`` as JSON text: :func:`to_dict`, written with keys in a fixed order.

    Equal objects give equal text. ``indent`` is passed to :func:`json.dumps`
    for text meant for people. Raises :class:`~phase10.FormatError` for
    anything :func:`to_dict` cannot write, and for a whole number too long to
    write as text (only an object built by hand can hold one: :func:`from_dict`
    caps every number).

    .. versionadded:: 0.1
    """
    separators = (",", ":") if indent is None else (",", ": ")
    data = to_dict(obj)
    try:
        return json.dumps(data, indent=indent, separators=separators)
    except ValueError as error:  # a number too long to write as text
        raise FormatError(
            f"cannot write this {type(obj).__name__} as JSON: it holds a whole "
            f"number too long to write as text ({error})"
        ) from error


@overload
def from_dict(data: object, kind: type[_T]) -> _T: ...


@overload
def from_dict(data: object, kind: UnionType) -> Action: ...


def from_dict(data: object, kind: object) -> Any:
    """Read a ``kind`` back from the dict :func:`to_dict` wrote.

    ``kind`` is :class:`~phase10.GameState`, :class:`~phase10.PlayerView`,
    :class:`~phase10.Rules`, :class:`~phase10.GameRecord`, one move class
    such as :class:`~phase10.Draw`, or :data:`~phase10.Action` for any move.
    ``data`` is untrusted: anything that does not describe a possible
    ``kind`` raises :class:`~phase10.FormatError` saying what and where.

    .. versionadded:: 0.1
    """
    return _read_document(data, _reader_for(kind))


def _read_document(data: object, reader: _Kind) -> Any:
    if not isinstance(data, dict):
        raise FormatError(f"a document is an object, not {_show(data)}")
    if len(data) > _MAX_KEYS:
        raise FormatError(f"a document has at most {_MAX_KEYS} keys, not {len(data)}")
    expected = f"phase10/{reader.name}"
    schema = data.get("schema")
    if schema != expected:
        if "schema" not in data:
            raise FormatError(f"missing key 'schema' (expected {expected!r})")
        raise FormatError(f"schema: expected {expected!r}, not {_show(schema)}")
    version = data.get("version")
    if "version" not in data:
        raise FormatError("missing key 'version'")
    if not _is_int(version):
        raise FormatError(f"version: expected a whole number, not {_show(version)}")
    if version != SCHEMA_VERSION:
        raise FormatError(
            f"version: this library reads version {SCHEMA_VERSION} documents, "
            f"not version {_show(version)}"
        )
    body = {key: value for key, value in data.items() if key not in _HEADER}
    result = reader.read(body, "")
    if reader.only is not None and not isinstance(result, reader.only):
        raise FormatError(
            f"type: expected a {_ACTION_NAMES[reader.only]} move, "
            f"not {_ACTION_NAMES[type(result)]}"
        )
    return result


@overload
def from_json(text: str | bytes, kind: type[_T]) -> _T: ...


@overload
def from_json(text: str | bytes, kind: UnionType) -> Action: ...


def from_json(text: str | bytes, kind: object) -> Any:
    """Read a ``kind`` back from JSON text, as :func:`from_dict` does.

    Malformed JSON, text longer than :data:`MAX_JSON_LENGTH` and data that
    does not describe a possible ``kind`` raise :class:`~phase10.FormatError`.

    .. versionadded:: 0.1
    """
    reader = _reader_for(kind)  # a wrong kind is reported before the text is read
    if not isinstance(text, (str, bytes, bytearray)):
        raise FormatError(f"JSON is text, not a {type(text).__name__}")
    if len(text) > MAX_JSON_LENGTH:
        raise FormatError(
            f"the text is {len(text)} characters long, more than the "
            f"{MAX_JSON_LENGTH} this library reads"
        )
    try:
        data = json.loads(
            text, object_pairs_hook=_unique_keys, parse_constant=_no_constant
        )
    except FormatError:
        raise
    except RecursionError:
        raise FormatError("not valid JSON: nested too deeply") from None
    except ValueError as error:  # JSONDecodeError, bad UTF-8, a huge number
        raise FormatError(f"not valid JSON: {error}") from None
    return _read_document(data, reader)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise FormatError(f"not valid JSON: the key {_show(key)} appears twice")
            seen.add(key)
    return result


def _no_constant(name: str) -> object:
    raise FormatError(f"not valid JSON: {name} is not a number")


# --- describing bad values ------------------------------------------------------


def _show(value: object) -> str:
    """A short description of an untrusted value for an error message."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value) if -(10**15) < value < 10**15 else "a very large number"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:40]) + "..."
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)} items"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"


def _fail(where: str, message: str) -> FormatError:
    return FormatError(f"{where}: {message}" if where else message)


def _at(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- reading plain values -------------------------------------------------------


def _object(value: object, where: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """``value`` as a dict with exactly ``keys``."""
    if not isinstance(value, dict):
        raise _fail(where, f"expected an object, not {_show(value)}")
    for key in keys:
        if key not in value:
            raise _fail(where, f"missing key {key!r}")
    if len(value) != len(keys):
        extra = next(key for key in value if key not in keys)
        raise _fail(where, f"unknown key {_show(extra)}")
    return value


def _list(value: object, where: str, most: int) -> list[Any] | tuple[Any, ...]:
    if not isinstance(value, (list, tuple)):
        raise _fail(where, f"expected a list, not {_show(value)}")
    if len(value) > most:
        raise _fail(where, f"has {len(value)} items, more than the {most} possible")
    return value


def _int(value: object, where: str, low: int = 0, high: int | None = None) -> int:
    """A whole number from ``low`` to ``high``, or to :data:`_MAX_SAFE_INT`."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(where, f"expected a whole number, not {_show(value)}")
    if value < low or value > (_MAX_SAFE_INT if high is None else high):
        if high is not None:
            bounds = f"from {low} to {high}"
        elif value < low:
            bounds = f">= {low}"
        else:
            bounds = (
                f"from {low} to {_MAX_SAFE_INT} (2**53 - 1, the largest whole "
                "number a JavaScript front end reads exactly)"
            )
        raise _fail(where, f"expected a whole number {bounds}, not {_show(value)}")
    return value


def _optional_int(
    value: object, where: str, low: int = 0, high: int | None = None
) -> int | None:
    return None if value is None else _int(value, where, low, high)


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(where, f"expected true or false, not {_show(value)}")
    return value


def _text(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise _fail(where, f"expected a text, not {_show(value)}")
    return value


def _seat(value: object, where: str, seats: int) -> int:
    if not _is_int(value):
        raise _fail(where, f"expected a seat number, not {_show(value)}")
    value = cast(int, value)
    if not 0 <= value < seats:
        raise _fail(
            where, f"there is no seat {_show(value)} (seats are 0 to {seats - 1})"
        )
    return value


def _optional_seat(value: object, where: str, seats: int) -> int | None:
    return None if value is None else _seat(value, where, seats)


_E = TypeVar("_E", bound=enum.Enum)


def _enum(cls: type[_E], value: object, where: str, what: str) -> _E:
    if isinstance(value, str):
        for member in cls:
            if member.value == value:
                return member
    choices = ", ".join(repr(member.value) for member in cls)
    raise _fail(where, f"{_show(value)} is not {what} ({choices})")


_CARD_BY_TEXT: Final = {str(card): card for card in FACES}


def _card(value: object, where: str) -> Card:
    if isinstance(value, str):
        card = _CARD_BY_TEXT.get(value)
        if card is not None:
            return card
        try:
            return Card.parse(value)
        except NotationError:
            pass
    raise _fail(where, f"{_show(value)} is not a card")


def _cards(value: object, where: str, most: int) -> tuple[Card, ...]:
    items = _list(value, where, most)
    by_text = _CARD_BY_TEXT
    cards = []
    for i, item in enumerate(items):
        card = by_text.get(item) if isinstance(item, str) else None
        cards.append(_card(item, f"{where}[{i}]") if card is None else card)
    return tuple(cards)


def _card_names(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def _seed(value: object, where: str) -> int:
    digits = value.removeprefix("-") if isinstance(value, str) else ""
    if not (
        0 < len(digits) <= MAX_SEED_DIGITS and digits.isascii() and digits.isdigit()
    ):
        raise _fail(
            where,
            f"expected the seed as a text of decimal digits such as '2026', "
            f"not {_show(value)}",
        )
    return -int(digits) if cast(str, value).startswith("-") else int(digits)


def _write_seed(seed: int) -> str:
    """The seed as decimal text, refused if the reader could not take it back."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise FormatError(f"seed: expected a whole number, not {_show(seed)}")
    if not -SEED_LIMIT < seed < SEED_LIMIT:
        raise FormatError(
            f"seed: a seed is written with at most {MAX_SEED_DIGITS} digits, "
            "and this one has more"
        )
    return str(seed)


def _missing_or_extra(found: Counter[Card], wanted: Counter[Card]) -> str:
    extra = found - wanted
    missing = wanted - found
    parts = [f"{count} {card} too many" for card, count in sorted(extra.items())]
    parts += [f"{count} {card} missing" for card, count in sorted(missing.items())]
    return ", ".join(parts[:6]) + (", ..." if len(parts) > 6 else "")


# --- rules ----------------------------------------------------------------------

_RULES_KEYS: Final = (
    "phases",
    "everyone_advances",
    "hand_size",
    "deck",
    "min_players",
    "max_players",
    "naturals",
    "skip_limit",
    "wild_from_discard",
    "hit_on_lay_turn",
    "go_out_by_hit",
    "on_empty_draw_pile",
    "points",
)
_POINTS_KEYS: Final = ("low", "high", "skip", "wild")


def _write_rules(rules: Rules) -> dict[str, Any]:
    points = rules.points
    return {
        "phases": [str(phase) for phase in rules.phases],
        "everyone_advances": rules.everyone_advances,
        "hand_size": rules.hand_size,
        "deck": "standard"
        if rules.deck == standard_deck()
        else _card_names(rules.deck),
        "min_players": rules.min_players,
        "max_players": rules.max_players,
        "naturals": rules.naturals.value,
        "skip_limit": rules.skip_limit.value,
        "wild_from_discard": rules.wild_from_discard,
        "hit_on_lay_turn": rules.hit_on_lay_turn,
        "go_out_by_hit": rules.go_out_by_hit,
        "on_empty_draw_pile": rules.on_empty_draw_pile.value,
        "points": {
            "low": points.low,
            "high": points.high,
            "skip": points.skip,
            "wild": points.wild,
        },
    }


def _read_rules(value: object, where: str) -> Rules:
    data = _object(value, where, _RULES_KEYS)
    at = _at
    phases_at = at(where, "phases")
    phases = []
    for number, text in enumerate(_list(data["phases"], phases_at, _MAX_PHASES)):
        place = f"{phases_at}[{number}]"
        try:
            phases.append(_parse_phase(_text(text, place)))
        except NotationError as error:
            raise _fail(place, str(error)) from error
    deck_data = data["deck"]
    deck = (
        None
        if deck_data == "standard"
        else _cards(deck_data, at(where, "deck"), _MAX_DECK)
    )
    points_at = at(where, "points")
    points_data = _object(data["points"], points_at, _POINTS_KEYS)
    points = tuple(_int(points_data[key], at(points_at, key)) for key in _POINTS_KEYS)
    try:
        return _make_rules(
            tuple(phases),
            deck,
            _bool(data["everyone_advances"], at(where, "everyone_advances")),
            _int(data["hand_size"], at(where, "hand_size")),
            _int(data["min_players"], at(where, "min_players")),
            _int(data["max_players"], at(where, "max_players")),
            _enum(
                NaturalRule, data["naturals"], at(where, "naturals"), "a natural rule"
            ),
            _enum(
                SkipLimit, data["skip_limit"], at(where, "skip_limit"), "a skip limit"
            ),
            _bool(data["wild_from_discard"], at(where, "wild_from_discard")),
            _bool(data["hit_on_lay_turn"], at(where, "hit_on_lay_turn")),
            _bool(data["go_out_by_hit"], at(where, "go_out_by_hit")),
            _enum(
                EmptyDrawPile,
                data["on_empty_draw_pile"],
                at(where, "on_empty_draw_pile"),
                "a rule for an empty draw pile",
            ),
            points,
        )
    except RulesError as error:
        raise _fail(
            where or "rules", f"these rules cannot be played: {error}"
        ) from error


@functools.lru_cache(maxsize=256)
def _parse_phase(text: str) -> PhaseSpec:
    return PhaseSpec.parse(text)


@functools.lru_cache(maxsize=64)
def _make_rules(
    phases: tuple[PhaseSpec, ...],
    deck: tuple[Card, ...] | None,
    everyone_advances: bool,
    hand_size: int,
    min_players: int,
    max_players: int,
    naturals: NaturalRule,
    skip_limit: SkipLimit,
    wild_from_discard: bool,
    hit_on_lay_turn: bool,
    go_out_by_hit: bool,
    on_empty_draw_pile: EmptyDrawPile,
    points: tuple[int, ...],
) -> Rules:
    """A rules record, remembered: games in play share a handful of rule sets,
    and checking one (R17) costs more than reading the rest of a state."""
    return Rules(
        phases=phases,
        everyone_advances=everyone_advances,
        hand_size=hand_size,
        deck=standard_deck() if deck is None else deck,
        min_players=min_players,
        max_players=max_players,
        naturals=naturals,
        skip_limit=skip_limit,
        wild_from_discard=wild_from_discard,
        hit_on_lay_turn=hit_on_lay_turn,
        go_out_by_hit=go_out_by_hit,
        on_empty_draw_pile=on_empty_draw_pile,
        points=Points(*points),
    )


# --- melds ------------------------------------------------------------------------

_MELD_KEYS: Final = ("owner", "kind", "cards", "number", "color", "low")


def _write_meld(meld: Meld) -> dict[str, Any]:
    return {
        "owner": meld.owner,
        "kind": meld.kind.value,
        "cards": _card_names(meld.cards),
        "number": meld.number,
        "color": None if meld.color is None else meld.color.value,
        "low": meld.low,
    }


def _read_table(
    value: object, where: str, rules: Rules, seats: int
) -> tuple[Meld, ...]:
    """The melds of the table, each checked to be a group the rules allow (R5-R13)."""
    items = _list(value, where, len(rules.deck))
    need_natural = rules.naturals is NaturalRule.PER_GROUP
    melds = []
    for index, item in enumerate(items):
        place = f"{where}[{index}]"
        data = _object(item, place, _MELD_KEYS)
        kind = _enum(GroupKind, data["kind"], _at(place, "kind"), "a kind of group")
        color = data["color"]
        meld = Meld(
            owner=_seat(data["owner"], _at(place, "owner"), seats),
            kind=kind,
            cards=_cards(data["cards"], _at(place, "cards"), len(rules.deck)),
            number=_optional_int(data["number"], _at(place, "number"), 1, 12),
            color=None
            if color is None
            else _enum(Color, color, _at(place, "color"), "a color"),
            low=_optional_int(data["low"], _at(place, "low"), 1, 12),
        )
        try:
            shape = judge_group(kind, meld.cards, 1, need_natural=need_natural)
        except PhaseNotMet as error:
            raise _fail(place, f"not a {kind.value} group: {error}") from error
        if shape != meld.shape:
            raise _fail(
                place,
                f"the cards stand for {_shape_text(shape)}, not "
                f"{_shape_text(meld.shape)}",
            )
        melds.append(meld)
    if rules.naturals is NaturalRule.PER_PHASE:
        for owner in {meld.owner for meld in melds}:
            if all(card.is_wild for m in melds if m.owner == owner for card in m.cards):
                raise _fail(
                    where, f"seat {owner}'s groups need at least one natural card"
                )
    return tuple(melds)


def _shape_text(shape: GroupShape) -> str:
    color = None if shape.color is None else shape.color.value
    return f"number={shape.number}, color={color}, low={shape.low}"


# --- the whole state --------------------------------------------------------------

_PLAYER_KEYS: Final = (
    "name",
    "hand",
    "completed",
    "laid_down",
    "score",
    "skips_pending",
    "skipped_in_slot",
    "known",
)
_STATE_KEYS: Final = (
    "rules",
    "players",
    "current",
    "dealer",
    "step",
    "draw_pile",
    "discard_pile",
    "table",
    "hand_number",
    "winner",
    "turn_slot",
    "laid_this_turn",
    "went_out",
    "hand_points",
    "contenders",
    "tiebreak",
    "seed",
    "shuffles",
)


def _write_player(player: PlayerState) -> dict[str, Any]:
    return {
        "name": player.name,
        "hand": _card_names(player.hand),
        "completed": player.completed,
        "laid_down": player.laid_down,
        "score": player.score,
        "skips_pending": player.skips_pending,
        "skipped_in_slot": player.skipped_in_slot,
        "known": _card_names(player.known),
    }


def _write_state(state: GameState) -> dict[str, Any]:
    return {
        "rules": _write_rules(state.rules),
        "players": [_write_player(player) for player in state.players],
        "current": state.current,
        "dealer": state.dealer,
        "step": state.step.value,
        "draw_pile": _card_names(state.draw_pile),
        "discard_pile": _card_names(state.discard_pile),
        "table": [_write_meld(meld) for meld in state.table],
        "hand_number": state.hand_number,
        "winner": state.winner,
        "turn_slot": state.turn_slot,
        "laid_this_turn": state.laid_this_turn,
        "went_out": state.went_out,
        "hand_points": None if state.hand_points is None else list(state.hand_points),
        "contenders": list(state.contenders),
        "tiebreak": state.tiebreak,
        "seed": _write_seed(state.seed),
        "shuffles": state.shuffles,
    }


def _name(value: object, where: str) -> str:
    name = _text(value, where)
    if not name.strip():
        raise _fail(where, "a player's name cannot be empty")
    return name


def _player_count(
    value: object, where: str, rules: Rules
) -> list[Any] | tuple[Any, ...]:
    items = _list(value, where, rules.max_players)
    if len(items) < rules.min_players:
        raise _fail(
            where,
            f"these rules are for {rules.min_players} to {rules.max_players} "
            f"players, not {len(items)}",
        )
    return items


def _known(
    value: object, where: str, hand: Iterable[Card], most: int
) -> tuple[Card, ...]:
    """Known cards, each of which must be in ``hand``."""
    known = _cards(value, where, most)
    if Counter(known) - Counter(hand):
        raise _fail(where, "lists a card that is not in the hand")
    return known


def _hand_points(value: object, where: str, seats: int) -> tuple[int, ...] | None:
    if value is None:
        return None
    items = _list(value, where, seats)
    if len(items) != seats:
        raise _fail(where, f"expected one number per seat ({seats}), not {len(items)}")
    return tuple(_int(item, f"{where}[{i}]") for i, item in enumerate(items))


def _contenders(value: object, where: str, seats: int) -> tuple[int, ...]:
    items = _list(value, where, seats)
    result = tuple(_seat(item, f"{where}[{i}]", seats) for i, item in enumerate(items))
    if not result:
        raise _fail(where, "at least one seat plays each hand")
    if any(a >= b for a, b in itertools.pairwise(result)):
        raise _fail(where, "the seats must be listed once each, in increasing order")
    return result


def _read_progress(fields: dict[str, Any], where: str, rules: Rules) -> dict[str, Any]:
    """The fields a player's state and its public view have in common."""
    at = _at
    return {
        "name": _name(fields["name"], at(where, "name")),
        "completed": _int(
            fields["completed"], at(where, "completed"), 0, len(rules.phases)
        ),
        "laid_down": _bool(fields["laid_down"], at(where, "laid_down")),
        "score": _int(fields["score"], at(where, "score")),
        "skips_pending": _int(
            fields["skips_pending"], at(where, "skips_pending"), 0, _MAX_OWED
        ),
        "skipped_in_slot": _optional_int(
            fields["skipped_in_slot"], at(where, "skipped_in_slot")
        ),
    }


def _read_play(
    data: dict[str, Any], where: str, rules: Rules, seats: int
) -> dict[str, Any]:
    """The fields a state and its views have in common: the table and the turn."""
    at = _at
    return {
        "current": _seat(data["current"], at(where, "current"), seats),
        "dealer": _seat(data["dealer"], at(where, "dealer"), seats),
        "step": _enum(Step, data["step"], at(where, "step"), "a step"),
        "table": _read_table(data["table"], at(where, "table"), rules, seats),
        "hand_number": _int(data["hand_number"], at(where, "hand_number"), 1),
        "winner": _optional_seat(data["winner"], at(where, "winner"), seats),
        "turn_slot": _int(data["turn_slot"], at(where, "turn_slot")),
        "laid_this_turn": _bool(data["laid_this_turn"], at(where, "laid_this_turn")),
        "went_out": _optional_seat(data["went_out"], at(where, "went_out"), seats),
        "hand_points": _hand_points(
            data["hand_points"], at(where, "hand_points"), seats
        ),
        "contenders": _contenders(data["contenders"], at(where, "contenders"), seats),
        "tiebreak": _bool(data["tiebreak"], at(where, "tiebreak")),
    }


def _check_consistency(
    where: str,
    game: GameState | PlayerView,
    hand_sizes: Sequence[int],
    hand_key: str,
    draw_size: int,
) -> None:
    """Refuse a state or view that no game reaches, though each field is valid.

    ``hand_sizes`` are the number of cards each seat holds, ``hand_key`` the
    field they were read from (``"hand"`` or ``"hand_size"``) and
    ``draw_size`` the number of cards in the draw pile. Every check here
    holds in every state that play reaches (the engine's moves are in
    ``_transitions.py``), so a document that fails one was made by hand or
    tampered with.
    """
    rules = game.rules
    players: Sequence[PlayerState | PublicPlayer] = game.players
    step = game.step
    current = game.current
    contenders = game.contenders
    in_play = step is Step.DRAW or step is Step.PLAY
    all_phases = len(rules.phases)

    def place(seat: int, key: str) -> str:
        return f"{_at(where, 'players')}[{seat}].{key}"

    # The turn and the end of the game.
    if in_play and players[current].skips_pending:
        raise _fail(
            _at(where, "players"),
            "the player whose turn it is cannot still owe a turn to a Skip",
        )
    if (game.winner is None) == (step is Step.GAME_OVER):
        raise _fail(_at(where, "winner"), "a game has a winner exactly when it is over")
    if in_play and current not in contenders:
        raise _fail(_at(where, "current"), "the current seat is not playing this hand")
    if step is Step.DRAW and draw_size == 0:
        raise _fail(_at(where, "draw_pile"), "a turn never starts with no draw pile")
    owners = set()
    for index, meld in enumerate(game.table):
        owners.add(meld.owner)
        if not players[meld.owner].laid_down:
            raise _fail(
                f"{_at(where, 'table')}[{index}]",
                f"seat {meld.owner} owns a group but has not laid down",
            )
    if game.winner is not None and players[game.winner].completed != all_phases:
        raise _fail(
            _at(where, "winner"),
            f"seat {game.winner} won, but has completed "
            f"{players[game.winner].completed} of the {all_phases} phases; "
            "a winner has always completed the last one",
        )

    # The hand's results exist exactly once the hand is over.
    if in_play and game.hand_points is not None:
        raise _fail(
            _at(where, "hand_points"),
            f"expected null while a hand is being played (step {step.value!r}): "
            "a hand's points are known only once it is over",
        )
    if not in_play and game.hand_points is None:
        raise _fail(
            _at(where, "hand_points"),
            f"expected each seat's points for the hand that has just ended "
            f"(step {step.value!r}), not null",
        )
    if in_play and game.went_out is not None:
        raise _fail(
            _at(where, "went_out"),
            f"expected null while a hand is being played (step {step.value!r}): "
            "nobody has gone out yet",
        )
    if game.went_out is not None and hand_sizes[game.went_out]:
        raise _fail(
            place(game.went_out, hand_key),
            f"seat {game.went_out} went out, so holds no cards, "
            f"not {hand_sizes[game.went_out]}",
        )

    # Laying down this turn.
    if game.laid_this_turn:
        if step is Step.DRAW:
            raise _fail(
                _at(where, "laid_this_turn"),
                "expected false at the start of a turn (step 'draw'): "
                "nobody has laid down yet this turn",
            )
        if step is Step.PLAY and not players[current].laid_down:
            raise _fail(
                _at(where, "laid_this_turn"),
                f"is true, but seat {current}, whose turn it is, has not laid down",
            )

    # Tie-breaks (R38).
    if game.tiebreak:
        if len(contenders) < 2:
            raise _fail(
                _at(where, "contenders"),
                "a tie-break is between at least two tied seats, "
                f"not {len(contenders)}",
            )
        if game.hand_number == 1 and step is not Step.HAND_OVER:
            raise _fail(
                _at(where, "tiebreak"),
                "is true, but the first hand is never a tie-break hand",
            )
    elif len(contenders) != len(players):
        raise _fail(
            _at(where, "contenders"),
            "expected every seat: only a tie-break hand (tiebreak true) "
            "is played by some seats alone",
        )

    # Each player.
    turn_slot = game.turn_slot
    for seat, player in enumerate(players):
        held = hand_sizes[seat]
        most = rules.hand_size + (1 if step is Step.PLAY and seat == current else 0)
        if held > most:
            raise _fail(
                place(seat, hand_key),
                f"holds {held} cards, more than the {most} possible "
                f"(hand_size {rules.hand_size}, one more only for the player "
                "whose turn it is once they have drawn)",
            )
        playing = seat in contenders
        if in_play and playing and not held:
            raise _fail(
                place(seat, hand_key),
                f"seat {seat} is playing this hand but holds no cards: a hand "
                "ends as soon as a player's last card is played",
            )
        if in_play and not playing and held:
            raise _fail(
                place(seat, hand_key),
                f"seat {seat} is not playing this tie-break hand (not in "
                f"contenders), so holds no cards, not {held}",
            )
        if player.laid_down and seat not in owners:
            raise _fail(
                place(seat, "laid_down"),
                f"is true, but the table holds no group of seat {seat}",
            )
        slot = player.skipped_in_slot
        if slot is not None and slot > turn_slot:
            raise _fail(
                place(seat, "skipped_in_slot"),
                f"is {slot}, later than the current turn slot ({turn_slot})",
            )
        if in_play and not game.tiebreak and player.completed == all_phases:
            raise _fail(
                place(seat, "completed"),
                f"seat {seat} has completed all {all_phases} phases, so the "
                "game would have ended (or gone to a tie-break) before this hand",
            )


def _read_state(data: dict[str, Any], where: str) -> GameState:
    data = _object(data, where, _STATE_KEYS)
    at = _at
    rules = _read_rules(data["rules"], at(where, "rules"))
    deck_size = len(rules.deck)
    players_at = at(where, "players")
    items = _player_count(data["players"], players_at, rules)
    seats = len(items)
    players = []
    for seat, item in enumerate(items):
        place = f"{players_at}[{seat}]"
        fields = _object(item, place, _PLAYER_KEYS)
        hand = _cards(fields["hand"], at(place, "hand"), deck_size)
        players.append(
            PlayerState(
                hand=hand,
                known=_known(fields["known"], at(place, "known"), hand, deck_size),
                **_read_progress(fields, place, rules),
            )
        )
    state = GameState(
        rules=rules,
        players=tuple(players),
        draw_pile=_cards(data["draw_pile"], at(where, "draw_pile"), deck_size),
        discard_pile=_cards(data["discard_pile"], at(where, "discard_pile"), deck_size),
        seed=_seed(data["seed"], at(where, "seed")),
        shuffles=_int(data["shuffles"], at(where, "shuffles")),
        **_read_play(data, where, rules, seats),
    )
    table = state.table
    _check_consistency(
        where,
        state,
        [len(player.hand) for player in state.players],
        "hand",
        len(state.draw_pile),
    )
    found = Counter(state.draw_pile)
    found.update(state.discard_pile)
    for player in state.players:
        found.update(player.hand)
    for meld in table:
        found.update(meld.cards)
    wanted = Counter(rules.deck)
    if found != wanted:
        raise _fail(
            where,
            "the hands, piles and table do not hold exactly the rules' deck: "
            + _missing_or_extra(found, wanted),
        )
    return state


# --- a player's view ------------------------------------------------------------

_PUBLIC_KEYS: Final = (
    "name",
    "hand_size",
    "completed",
    "laid_down",
    "score",
    "skips_pending",
    "skipped_in_slot",
    "known",
)
_VIEW_KEYS: Final = (
    "seat",
    "hand",
    "players",
    "rules",
    "current",
    "dealer",
    "step",
    "table",
    "discard_top",
    "discard_size",
    "draw_size",
    "hand_number",
    "winner",
    "turn_slot",
    "laid_this_turn",
    "went_out",
    "hand_points",
    "contenders",
    "tiebreak",
)


def _write_public(player: PublicPlayer) -> dict[str, Any]:
    return {
        "name": player.name,
        "hand_size": player.hand_size,
        "completed": player.completed,
        "laid_down": player.laid_down,
        "score": player.score,
        "skips_pending": player.skips_pending,
        "skipped_in_slot": player.skipped_in_slot,
        "known": _card_names(player.known),
    }


def _write_view(seen: PlayerView) -> dict[str, Any]:
    return {
        "seat": seen.seat,
        "hand": _card_names(seen.hand),
        "players": [_write_public(player) for player in seen.players],
        "rules": _write_rules(seen.rules),
        "current": seen.current,
        "dealer": seen.dealer,
        "step": seen.step.value,
        "table": [_write_meld(meld) for meld in seen.table],
        "discard_top": None if seen.discard_top is None else str(seen.discard_top),
        "discard_size": seen.discard_size,
        "draw_size": seen.draw_size,
        "hand_number": seen.hand_number,
        "winner": seen.winner,
        "turn_slot": seen.turn_slot,
        "laid_this_turn": seen.laid_this_turn,
        "went_out": seen.went_out,
        "hand_points": None if seen.hand_points is None else list(seen.hand_points),
        "contenders": list(seen.contenders),
        "tiebreak": seen.tiebreak,
    }


def _read_view(data: dict[str, Any], where: str) -> PlayerView:
    data = _object(data, where, _VIEW_KEYS)
    at = _at
    rules = _read_rules(data["rules"], at(where, "rules"))
    deck_size = len(rules.deck)
    players_at = at(where, "players")
    items = _player_count(data["players"], players_at, rules)
    seats = len(items)
    seat = _optional_seat(data["seat"], at(where, "seat"), seats)
    hand = _cards(data["hand"], at(where, "hand"), deck_size)
    players = []
    for number, item in enumerate(items):
        place = f"{players_at}[{number}]"
        fields = _object(item, place, _PUBLIC_KEYS)
        hand_size = _int(fields["hand_size"], at(place, "hand_size"), 0, deck_size)
        known_at = at(place, "known")
        if number == seat:
            known = _known(fields["known"], known_at, hand, deck_size)
        else:
            known = _cards(fields["known"], known_at, hand_size)
        players.append(
            PublicPlayer(
                hand_size=hand_size, known=known, **_read_progress(fields, place, rules)
            )
        )
    if seat is None and hand:
        raise _fail(at(where, "hand"), "a spectator (seat null) holds no hand")
    if seat is not None and len(hand) != players[seat].hand_size:
        raise _fail(
            at(where, "hand"),
            f"holds {len(hand)} cards, but seat {seat} has {players[seat].hand_size}",
        )
    top = data["discard_top"]
    seen = PlayerView(
        seat=seat,
        hand=hand,
        players=tuple(players),
        rules=rules,
        discard_top=None if top is None else _card(top, at(where, "discard_top")),
        discard_size=_int(
            data["discard_size"], at(where, "discard_size"), 0, deck_size
        ),
        draw_size=_int(data["draw_size"], at(where, "draw_size"), 0, deck_size),
        **_read_play(data, where, rules, seats),
    )
    table = seen.table
    if (seen.discard_top is None) != (seen.discard_size == 0):
        raise _fail(
            at(where, "discard_top"),
            "there is a top discard exactly when the discard pile is not empty",
        )
    _check_consistency(
        where,
        seen,
        [player.hand_size for player in seen.players],
        "hand_size",
        seen.draw_size,
    )
    on_table = sum(len(meld.cards) for meld in table)
    total = (
        sum(p.hand_size for p in seen.players)
        + seen.discard_size
        + seen.draw_size
        + on_table
    )
    if total != deck_size:
        raise _fail(
            where,
            f"the hands, piles and table hold {total} cards, but the rules' deck "
            f"has {deck_size}",
        )
    visible = Counter(hand)
    for number, player in enumerate(seen.players):
        if number != seat:
            visible.update(player.known)
    for meld in table:
        visible.update(meld.cards)
    if seen.discard_top is not None:
        visible[seen.discard_top] += 1
    wanted = Counter(rules.deck)
    if visible - wanted:
        raise _fail(
            where,
            "the cards shown are not all in the rules' deck: "
            + _missing_or_extra(visible - wanted, Counter()),
        )
    return seen


# --- moves ------------------------------------------------------------------------

_ACTION_NAMES: Final[dict[type, str]] = {
    Draw: "draw",
    LayPhase: "lay_phase",
    Hit: "hit",
    Discard: "discard",
    Skip: "skip",
    NextHand: "next_hand",
}
_ACTION_KEYS: Final = {
    "draw": ("type", "source"),
    "lay_phase": ("type", "groups"),
    "hit": ("type", "card", "meld", "end"),
    "discard": ("type", "card"),
    "skip": ("type", "target"),
    "next_hand": ("type",),
}


def _write_action(action: Action) -> dict[str, Any]:
    if isinstance(action, Draw):
        return {"type": "draw", "source": action.source.value}
    if isinstance(action, LayPhase):
        return {
            "type": "lay_phase",
            "groups": [_card_names(group) for group in action.groups],
        }
    if isinstance(action, Hit):
        return {
            "type": "hit",
            "card": str(action.card),
            "meld": action.meld,
            "end": None if action.end is None else action.end.value,
        }
    if isinstance(action, Discard):
        return {"type": "discard", "card": str(action.card)}
    if isinstance(action, Skip):
        return {"type": "skip", "target": action.target}
    if isinstance(action, NextHand):
        return {"type": "next_hand"}
    raise FormatError(
        f"cannot write a {type(action).__name__} as a move: a move is a Draw, "
        "LayPhase, Hit, Discard, Skip or NextHand record"
    )


def _read_action(value: object, where: str) -> Action:
    if not isinstance(value, dict):
        raise _fail(where, f"expected an object, not {_show(value)}")
    name = value.get("type")
    if "type" not in value:
        raise _fail(where, "missing key 'type'")
    if not isinstance(name, str) or name not in _ACTION_KEYS:
        choices = ", ".join(repr(key) for key in _ACTION_KEYS)
        raise _fail(_at(where, "type"), f"{_show(name)} is not a move ({choices})")
    data = _object(value, where, _ACTION_KEYS[name])
    at = _at
    if name == "draw":
        return Draw(_enum(Pile, data["source"], at(where, "source"), "a pile"))
    if name == "lay_phase":
        groups_at = at(where, "groups")
        groups = _list(data["groups"], groups_at, _MAX_DECK)
        return LayPhase(
            tuple(
                _cards(group, f"{groups_at}[{i}]", _MAX_DECK)
                for i, group in enumerate(groups)
            )
        )
    if name == "hit":
        end = data["end"]
        return Hit(
            _card(data["card"], at(where, "card")),
            _int(data["meld"], at(where, "meld")),
            None if end is None else _enum(End, end, at(where, "end"), "an end"),
        )
    if name == "discard":
        return Discard(_card(data["card"], at(where, "card")))
    if name == "skip":
        return Skip(_optional_int(data["target"], at(where, "target")))
    return NextHand()


# --- the kinds of document ----------------------------------------------------------


class _Kind(NamedTuple):
    name: str
    """The schema's last part: ``"phase10/<name>"``."""
    write: Callable[[Any], dict[str, Any]]
    read: Callable[[dict[str, Any], str], Any]
    only: type | None = None
    """For a single move class, the class the move must be."""


_HEADER: Final = frozenset({"schema", "version"})
_STATE_KIND: Final = _Kind("state", _write_state, _read_state)
_VIEW_KIND: Final = _Kind("view", _write_view, _read_view)
_RULES_KIND: Final = _Kind("rules", _write_rules, _read_rules)
_ACTION_KIND: Final = _Kind("action", _write_action, _read_action)

_KIND_OF_TYPE: dict[type, _Kind] = {
    GameState: _STATE_KIND,
    PlayerView: _VIEW_KIND,
    Rules: _RULES_KIND,
    **{cls: _ACTION_KIND for cls in _ACTION_NAMES},
}
_KIND_OF_CLASS: dict[object, _Kind] = {
    GameState: _STATE_KIND,
    PlayerView: _VIEW_KIND,
    Rules: _RULES_KIND,
    Action: _ACTION_KIND,
    **{cls: _ACTION_KIND._replace(only=cls) for cls in _ACTION_NAMES},
}


def _register(
    cls: type,
    name: str,
    write: Callable[[Any], dict[str, Any]],
    read: Callable[[dict[str, Any], str], Any],
) -> None:
    """Teach the four functions another kind of document (used by game records)."""
    kind = _Kind(name, write, read)
    _KIND_OF_TYPE[cls] = kind
    _KIND_OF_CLASS[cls] = kind


def _reader_for(kind: object) -> _Kind:
    try:
        found = _KIND_OF_CLASS.get(kind)
    except TypeError:  # an unhashable object
        found = None
    if found is None:
        name = kind.__name__ if isinstance(kind, type) else _show(kind)
        raise FormatError(
            f"cannot read {name}: give GameState, PlayerView, Rules, "
            "GameRecord, Action or one move class"
        )
    return found
