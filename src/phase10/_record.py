"""Game records: the rules, the players, the seed and every move of a game.

A :class:`GameRecord` is the natural save file and bug report: replaying its
moves through the engine rebuilds every state of the game, on any machine
(R41). Because it holds the seed, a record reveals every card of every deal:
keep it on the server, or share it once the game is over, never with players
while the game is going on.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final

import attrs

from ._actions import MOVE_TYPES, Action
from ._codec import (
    MOVE_CLASSES,
    json_defaults,
    read_move,
    read_rules,
    write_moves,
    write_rules,
)
from ._errors import FormatError, Phase10Error, UsageError, is_whole, shown
from ._flow import new_game
from ._immutable import Immutable
from ._invariants import table_of
from ._json import (
    MAX_DECK,
    at,
    document,
    dumps,
    items,
    json_object,
    loads,
    player_name,
    read_document,
    read_seed,
    seat,
    write_seed,
)
from ._moves import apply
from ._rules import OFFICIAL, Rules
from ._shuffle import MAX_SEED_DIGITS, seed_problem
from ._state import GameState

__all__ = ["GameRecord", "final_state", "read_record", "replay", "write_record"]

_MAX_ACTIONS: Final = 1_000_000


def _to_names(players: int | Iterable[str]) -> tuple[str, ...]:
    """The players' names: given as names, or as a count as new_game takes."""
    if isinstance(players, bool):
        raise UsageError(
            "a record's players are a sequence of names or a number of players, "
            "not a bool"
        )
    if isinstance(players, int):
        # A count names the players as new_game does; whether the rules seat
        # that many is checked when the game is replayed, as for names.
        if not 1 <= players <= MAX_DECK:
            raise FormatError(
                f"a record's players are a number of players from 1 to the "
                f"rules' max_players, not {players}"
            )
        return tuple(f"Player {seat + 1}" for seat in range(players))
    if isinstance(players, str):
        raise UsageError("a record's players are a sequence of names, not one name")
    try:
        names = tuple(players)
    except TypeError:
        raise UsageError(
            "a record's players are a sequence of names or a number of players, "
            f"not a {type(players).__name__}"
        ) from None
    for number, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise (FormatError if isinstance(name, str) else UsageError)(
                f"players[{number}]: a player's name is a non-empty text, "
                f"not {_describe(name)}"
            )
    return names


def _to_actions(actions: Iterable[Action]) -> tuple[Action, ...]:
    if isinstance(actions, (str, bytes)):
        raise UsageError(
            "a record's actions are a sequence of moves, "
            f"not a {type(actions).__name__}"
        )
    try:
        moves = tuple(actions)
    except TypeError:
        raise UsageError(
            "a record's actions are a sequence of moves, "
            f"not a {type(actions).__name__}"
        ) from None
    _check_moves(moves, 0)
    return moves


def _check_moves(moves: tuple[object, ...], first: int) -> None:
    """Refuse anything among ``moves`` (numbered from ``first``) that is no move."""
    for index, move in enumerate(moves, first):
        if not isinstance(move, MOVE_TYPES):
            raise UsageError(
                f"actions[{index}]: {_describe(move)} is not a move; a record's "
                f"actions are {MOVE_CLASSES} records"
            )


def _describe(value: object) -> str:
    """A value given to a record, for an error message: a text, a number or
    None quoted, anything else named by its type ("a type", "a Draw")."""
    if value is None or isinstance(value, (str, int)):
        return shown(value)
    return f"a {type(value).__name__}"


def _check_whole(
    record: GameRecord, attribute: attrs.Attribute[int], value: int
) -> None:
    if not is_whole(value):
        raise UsageError(
            f"a record's {attribute.name} is a whole number, not {type(value).__name__}"
        )


def _check_seed(
    record: GameRecord, attribute: attrs.Attribute[int], value: int
) -> None:
    _check_whole(record, attribute, value)
    if seed_problem(value) is not None:
        raise FormatError(
            f"a record's seed has at most {MAX_SEED_DIGITS} digits, so that it "
            "can be saved and read back, and this one has more"
        )


def _check_rules(
    record: GameRecord, attribute: attrs.Attribute[Rules], value: Rules
) -> None:
    if not isinstance(value, Rules):
        raise UsageError(f"a record's rules are a Rules record, not {_describe(value)}")


@attrs.frozen(kw_only=True)
class GameRecord(Immutable):
    """A whole game as data: how it was set up and every move made since.

    ``actions`` are the moves in the order they were made, each by the
    player whose turn it was; :func:`replay` makes them again. Every deal is
    shuffled from ``seed``: games started with an explicit ``deck`` order
    cannot be recorded.

    The seed reveals every deal, so a record is for saving games and
    reporting bugs, not for players during a game (send them a
    :func:`~phase10.view`).

    Making a record checks the kind of each field (names, a seed of at most
    4000 digits, a :class:`~phase10.Rules`, move records) and raises
    :class:`~phase10.FormatError` saying which is wrong; whether the moves
    are legal is for :func:`replay` to find.

    >>> import random
    >>> from phase10 import apply
    >>> from phase10.bots import GreedyBot
    >>> record, state = GameRecord.start(["Ann", "Bob"], seed=7)
    >>> bot = GreedyBot(random.Random(1))
    >>> for _ in range(6):
    ...     action = bot.choose(state)
    ...     state, record = apply(state, action), record.then(action)
    >>> saved = record.to_json()
    >>> final_state(GameRecord.from_json(saved)) == state
    True

    .. versionadded:: 0.1
    """

    players: tuple[str, ...] = attrs.field(converter=_to_names)
    """The players' names in seat order. A number of players may be given
    instead, named ``"Player 1"``, ``"Player 2"``, ... as by
    :func:`~phase10.new_game`."""
    seed: int = attrs.field(repr=False, validator=_check_seed)
    """The game's seed, from which every deal is shuffled. Secret."""
    rules: Rules = attrs.field(default=OFFICIAL, validator=_check_rules)
    """The rules the game is played by."""
    dealer: int = attrs.field(default=0, validator=_check_whole)
    """The dealer of the first hand."""
    actions: tuple[Action, ...] = attrs.field(default=(), converter=_to_actions)
    """Every move made, in order."""

    @classmethod
    def start(
        cls,
        players: int | Sequence[str],
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        dealer: int = 0,
    ) -> tuple[GameRecord, GameState]:
        """Start a game with :func:`~phase10.new_game` and a record of it.

        Returns the record, with no moves yet, and the first state; add each
        move with :meth:`then` as it is made.
        """
        state = new_game(players, rules, seed=seed, dealer=dealer)
        record = cls(
            players=tuple(player.name for player in state.players),
            seed=state.seed,
            rules=state.rules,
            dealer=dealer,
        )
        return record, state

    def then(self, *actions: Action) -> GameRecord:
        """This record with ``actions`` made after its own moves.

        Raises :class:`~phase10.FormatError` if one of ``actions`` is not a
        move record.
        """
        _check_moves(actions, len(self.actions))
        # The other fields were checked when this record was made: copy them
        # rather than check every move again, so that recording a game move
        # by move takes time in proportion to its length.
        longer = object.__new__(GameRecord)
        for field in _FIELD_NAMES:
            object.__setattr__(longer, field, getattr(self, field))
        object.__setattr__(longer, "actions", self.actions + actions)
        return longer

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict (see :func:`~phase10.to_dict`)."""
        return document("record", write_record(self))

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text (see :func:`~phase10.to_json`)."""
        return dumps(self.to_dict(), indent, "GameRecord")

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Read a record from a dict; :class:`~phase10.FormatError` if it is not one.

        This checks the record's form, not its moves: :func:`replay` does.
        """
        return read_document(data, "record", read_record)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read a record from JSON text, as :meth:`from_dict` does."""
        return read_document(loads(text), "record", read_record)


_FIELD_NAMES: Final = tuple(field.name for field in attrs.fields(GameRecord))


def _states(record: GameRecord, function: str) -> Iterator[GameState]:
    if not isinstance(record, GameRecord):
        raise UsageError(f"{function} takes a GameRecord, not {_describe(record)}")
    try:
        state = new_game(
            record.players, record.rules, seed=record.seed, dealer=record.dealer
        )
    except Phase10Error as error:
        raise FormatError(f"the record cannot start a game: {error}") from error
    yield state
    for index, action in enumerate(record.actions):
        if not isinstance(action, MOVE_TYPES):
            raise FormatError(f"actions[{index}]: {shown(action)} is not a move")
        try:
            state = apply(state, action)
        except Phase10Error as error:
            raise FormatError(f"actions[{index}] ({action}): {error}") from error
        yield state


def replay(record: GameRecord) -> tuple[GameState, ...]:
    """Every state of a recorded game: the first deal, then one per move.

    A move the rules forbid raises :class:`~phase10.FormatError` naming the
    move's index and the rule, chained from the engine's
    :class:`~phase10.IllegalMove`. :func:`final_state` is cheaper when only
    the end is wanted.

    .. versionadded:: 0.1
    """
    return tuple(_states(record, "replay"))


def final_state(record: GameRecord) -> GameState:
    """The state after the last move of a recorded game, as :func:`replay` finds it.

    .. versionadded:: 0.1
    """
    states = _states(record, "final_state")
    state = next(states)  # the deal always comes first
    for state in states:  # noqa: B007 - only the last one is kept
        pass
    return state


# --- the record as a document -----------------------------------------------------

_RECORD_KEYS: Final = ("rules", "players", "seed", "dealer", "actions")
_RECORD_DEFAULTS: Final = json_defaults(
    GameRecord, _RECORD_KEYS, {"rules": write_rules, "actions": write_moves}
)


def write_record(record: GameRecord) -> dict[str, Any]:
    """The record as a dict: the rules, names, seed, first dealer and moves."""
    return {
        "rules": write_rules(record.rules),
        "players": list(record.players),
        "seed": write_seed(record.seed),
        "dealer": record.dealer,
        "actions": write_moves(record.actions),
    }


def read_record(value: object, where: str) -> GameRecord:
    """The record ``value`` describes; its moves are checked by :func:`replay`."""
    data = json_object(value, where, _RECORD_KEYS, _RECORD_DEFAULTS)
    rules = read_rules(data["rules"], at(where, "rules"))
    players_at = at(where, "players")
    listed = items(data["players"], players_at, rules.max_players)
    table_of(rules, len(listed), players_at)
    names = tuple(
        player_name(one, f"{players_at}[{number}]") for number, one in enumerate(listed)
    )
    actions_at = at(where, "actions")
    actions = items(data["actions"], actions_at, _MAX_ACTIONS)
    return GameRecord(
        players=names,
        seed=read_seed(data["seed"], at(where, "seed")),
        rules=rules,
        dealer=seat(data["dealer"], at(where, "dealer"), len(names)),
        actions=tuple(
            read_move(action, f"{actions_at}[{index}]")
            for index, action in enumerate(actions)
        ),
    )
