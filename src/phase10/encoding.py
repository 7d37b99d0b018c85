"""Moves as numbers and views as vectors: a fixed encoding for learning agents.

Reinforcement learning libraries want every move as an index into a fixed
range and a *mask* of the indices that are legal now, and every observation
as a vector of fixed length. :class:`Encoding` gives both for one table size
and one set of rules, with nothing beyond the core package (masks are
``bytes``, observations tuples of ints; :mod:`phase10.rl` turns them into
NumPy arrays).

- Moves are numbered in blocks: draw, take the discard, lay the phase (the
  *k*-th lay :func:`~phase10.legal_actions` lists), hit (a card face on a
  table group, at an end), discard (a card face), Skip (a seat counted from
  the player to move) and deal the next hand. :attr:`Encoding.actions`
  lists the blocks.
- The mask is built from :func:`~phase10.legal_actions`, so it never
  disagrees with the engine: an index is marked exactly when its move is
  listed there (lays past ``Encoding.max_lays`` are left out).
- A view becomes a vector of whole numbers, seats counted from the seat
  viewing. :attr:`Encoding.observations` lists its blocks; the guide for
  learners describes every slot.

>>> from phase10 import new_game, view
>>> from phase10.encoding import Encoding
>>> encoding = Encoding(2)
>>> game = new_game(2, seed=7)
>>> [encoding.action(i, game) for i in encoding.legal(game)]
[Draw.from_notation('D'), Draw.from_notation('T')]
>>> len(encoding.mask(game)) == encoding.num_actions
True
>>> len(encoding.observe(view(game, 0))) == encoding.observation_size
True

.. versionadded:: 0.1
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final, cast

import attrs

from ._actions import (
    MOVE_TYPES,
    Action,
    ChoosePhase,
    Discard,
    Draw,
    DrawSaved,
    Hit,
    LayPhase,
    NextHand,
    Save,
    Skip,
    SwapWild,
)
from ._cards import FACES
from ._encoding_parts import counts, edition_blocks, edition_values, ordinal, same_lay
from ._errors import (
    FormatError,
    IllegalMove,
    RulesError,
    UsageError,
    is_whole,
    shown,
)
from ._groups import End
from ._immutable import Immutable
from ._legal import legal_actions
from ._phases import GroupKind
from ._rules import OFFICIAL, PhaseChoice, Rules
from ._state import GameState, Pile, Step
from ._view import PlayerView

__all__ = ["MAX_LAYS", "Encoding", "Segment"]

MAX_LAYS: Final = 128
"""How many lays the encoding numbers by default. In 24,669 positions of
seeded play where a phase could be laid, the most lays listed at once was
95, and more than 32 happened 22 times."""

_FACES: Final = len(FACES)  # 50: every face, Skip last
_PLAYABLE: Final = _FACES - 1  # 49: faces that can be hit or discarded
_HIT_SLOTS: Final = 2 * _PLAYABLE  # per table group: default end, then LOW
_NUMBERS: Final = 12
_CLASSIC_KINDS: Final = (
    GroupKind.SET,
    GroupKind.RUN,
    GroupKind.COLOR,
    GroupKind.COLOR_RUN,
)


def _kinds_of(rules: Rules) -> tuple[GroupKind, ...]:
    """The kinds of group an encoding tells apart: the four classic kinds,
    and every kind when the rules ask for even or odd groups (R43) or runs
    of odd or even numbers (R51), so that the classic games keep their
    sizes."""
    used = {group.kind for phase in rules.phases for group in phase.groups}
    if used <= set(_CLASSIC_KINDS):
        return _CLASSIC_KINDS
    return tuple(GroupKind)


_STEPS: Final = (Step.DRAW, Step.PLAY, Step.HAND_OVER, Step.GAME_OVER)
"""The steps of the classic game; under ``PhaseChoice.CHOSEN`` the step
block has one slot more, for ``Step.CHOOSE``."""
_COLORS: Final = 4


def _steps(rules: Rules) -> tuple[Step, ...]:
    if rules.phase_choice is PhaseChoice.CHOSEN:
        return (*_STEPS, Step.CHOOSE)
    return _STEPS


@attrs.frozen
class Segment(Immutable):
    """One block of an encoding: ``size`` slots from ``start``, read as an
    array of ``shape``.

    .. versionadded:: 0.1
    """

    name: str
    start: int
    shape: tuple[int, ...]
    high: int | None
    """The largest value a slot of the block takes (``None``: no bound).
    Every slot is at least 0. For moves, 1."""

    @property
    def size(self) -> int:
        """How many slots the block has."""
        size = 1
        for length in self.shape:
            size *= length
        return size

    @property
    def stop(self) -> int:
        """The slot after the block's last."""
        return self.start + self.size


def _layout(
    blocks: list[tuple[str, tuple[int, ...], int | None]],
) -> tuple[Segment, ...]:
    segments = []
    start = 0
    for name, shape, high in blocks:
        segment = Segment(name, start, shape, high)
        segments.append(segment)
        start = segment.stop
    return tuple(segments)


@attrs.frozen
class Encoding(Immutable):
    """Moves as indices and views as vectors, for ``players`` seats and ``rules``.

    ``max_lays`` is how many lays of the phase get an index: the *k*-th lay
    that :func:`~phase10.legal_actions` lists is move ``lay + k``. Positions
    with more lays than that are rare (see :data:`MAX_LAYS`); the lays past
    the limit are then left out of the mask and cannot be chosen.

    Raises :class:`~phase10.RulesError` when the rules do not allow that
    many players, or ``max_lays`` is not a whole number of at least 1.

    .. versionadded:: 0.1
    """

    players: int
    rules: Rules = attrs.field(default=OFFICIAL)
    max_lays: int = attrs.field(default=MAX_LAYS, kw_only=True)
    max_groups: int = attrs.field(init=False, eq=False)
    """The most groups the table can hold in a hand (a seat's largest phase
    times the players)."""
    actions: tuple[Segment, ...] = attrs.field(init=False, repr=False, eq=False)
    """The blocks of move indices in order (``draw``, ``take``, ``lay``,
    ``hit``, ``discard``, ``skip``, ``next_hand``, and under the Masters
    Edition's rules ``choose_phase``, ``draw_saved`` and ``save``)."""
    observations: tuple[Segment, ...] = attrs.field(init=False, repr=False, eq=False)
    """The blocks of an observation vector in order."""
    _starts: Mapping[str, int] = attrs.field(init=False, repr=False, eq=False)
    _kinds: tuple[GroupKind, ...] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        rules = self.rules
        if not isinstance(rules, Rules):
            raise UsageError(f"rules are a Rules record, not {shown(rules)}")
        players = self.players
        if not is_whole(players):
            raise UsageError(f"players is a whole number, not {shown(players)}")
        if not is_whole(self.max_lays):
            raise UsageError(f"max_lays is a whole number, not {shown(self.max_lays)}")
        if not (rules.min_players <= players <= rules.max_players):
            raise RulesError(
                f"these rules are played by {rules.min_players} to "
                f"{rules.max_players} players, not {shown(players)}"
            )
        if not is_whole(self.max_lays) or self.max_lays < 1:
            raise RulesError(
                f"max_lays is a whole number of at least 1, not {shown(self.max_lays)}"
            )
        groups = max(len(phase.groups) for phase in rules.phases)
        set_ = object.__setattr__
        set_(self, "max_groups", groups * players)
        set_(self, "_kinds", _kinds_of(rules))
        actions = _layout(
            [
                (name, shape, 1)
                for kind in MOVE_TYPES
                for name, shape in _BLOCKS[kind].shapes(self, groups)
            ]
        )
        set_(self, "actions", actions)
        set_(self, "observations", _observation_layout(rules, players, groups))
        set_(self, "_starts", {segment.name: segment.start for segment in actions})

    @property
    def num_actions(self) -> int:
        """How many move indices there are; every move is below this."""
        return self.actions[-1].stop

    @property
    def observation_size(self) -> int:
        """The length of every observation vector."""
        return self.observations[-1].stop

    # --- moves ----------------------------------------------------------------

    def legal(self, state: GameState | PlayerView) -> dict[int, Action]:
        """The index of every legal move, mapped to the move, in the order
        of :func:`~phase10.legal_actions` (which gives the moves).

        ``state`` may be a view; a view of a seat that is not to move has no
        legal moves.
        """
        self._check_game(state)
        moves = legal_actions(state)
        current = state.current
        legal: dict[int, Action] = {}
        lays = 0
        for move in moves:
            block = _BLOCKS[type(move)]
            if block.by_place:  # the lays, numbered by their place in the list
                if lays < self.max_lays:
                    legal[self._starts["lay"] + lays] = move
                lays += 1
            else:
                legal[block.index(self, move, current)] = move
        return legal

    def mask(self, state: GameState | PlayerView) -> bytes:
        """One byte per move index, 1 where the move is legal now, else 0.

        ``numpy.frombuffer(mask, dtype=numpy.int8)`` makes it an array.
        """
        mask = bytearray(self.num_actions)
        for index in self.legal(state):
            mask[index] = 1
        return bytes(mask)

    def action(self, index: int, state: GameState | PlayerView) -> Action:
        """The legal move numbered ``index`` now.

        Raises :class:`~phase10.IllegalMove` when ``index`` is not a legal
        move's number in ``state``, saying what it stands for, and
        :class:`~phase10.UsageError` when it is not a whole number.
        """
        index = _move_number(index)
        legal = self.legal(state)
        if index in legal:
            return legal[index]
        raise IllegalMove(f"move {self.describe(index)} is not legal now")

    def index(self, action: Action, state: GameState | PlayerView) -> int:
        """The number of ``action`` in ``state``, the inverse of :meth:`action`.

        A lay is numbered by its place among the lays listed now, so the
        state is needed for it; the lay listed that makes the same groups
        counts as the same lay, whatever the order of its groups and of the
        cards in a set or colour group. A Skip's seat is counted from the
        player to move. Hits are numbered as :func:`~phase10.legal_actions`
        spells them. Raises :class:`~phase10.IllegalMove` for a lay that is
        not listed now (a larger one, or one past ``max_lays``).
        """
        self._check_game(state)
        block = _BLOCKS.get(type(action))
        if block is None:
            raise UsageError(f"expected a move, not {shown(action)}")
        if block.by_place:
            action = cast(LayPhase, action)
            phase = state.phase_of(state.current)
            lays = [
                cast(LayPhase, move)
                for move in legal_actions(state)
                if _BLOCKS[type(move)].by_place
            ]
            lays = lays[: self.max_lays]
            # Groups in the order of the requirements first: with groups that
            # meet several requirements, that order says which is which.
            for in_order in (True, False):
                for k, lay in enumerate(lays):
                    if phase is not None and same_lay(
                        action, lay, phase.groups, in_order=in_order
                    ):
                        return self._starts["lay"] + k
            raise IllegalMove(
                f"{action} is not among the first {self.max_lays} lays listed now"
            )
        return block.index(self, action, state.current)

    def describe(self, index: int) -> str:
        """What move number ``index`` stands for, in words, without a state.

        >>> from phase10.encoding import Encoding
        >>> encoding = Encoding(2)
        >>> encoding.describe(0), encoding.describe(2)
        ('0 (draw from the draw pile)', '2 (lay the 1st phase lay listed)')

        A whole number that is no move's says so; anything else is a
        :class:`~phase10.UsageError`.
        """
        index = _move_number(index)
        if not 0 <= index < self.num_actions:
            return f"{shown(index)} (not a move number: 0 to {self.num_actions - 1})"
        segment = next(s for s in self.actions if index < s.stop)
        meaning = _MEANINGS[segment.name](index - segment.start)
        return f"{index} ({meaning})"

    # --- observations -------------------------------------------------------

    def observe(self, seen: PlayerView) -> tuple[int, ...]:
        """``seen`` as a vector of :attr:`observation_size` whole numbers.

        Seats are counted from the seat viewing (a spectator's view counts
        from the player to move). Only what the view shows goes in, so the
        vector is as safe to hand to a player as the view itself.
        """
        if not isinstance(seen, PlayerView):
            raise UsageError(
                f"observe takes a PlayerView (phase10.view(state, seat)), "
                f"not {type(seen).__name__}"
            )
        self._check_game(seen)
        vector: list[int] = []
        for values in self._fill(seen):
            vector.extend(values)
        return tuple(vector)

    def _fill(self, seen: PlayerView) -> Iterator[list[int]]:
        """The values of each observation block in turn (see the guide)."""
        n = self.players
        me = seen.current if seen.seat is None else seen.seat
        seats = [(me + offset) % n for offset in range(n)]
        yield counts(seen.hand)
        top = [0] * _FACES
        if seen.discard_top is not None:
            top[seen.discard_top.index] = 1
        yield top
        yield [int(seen.step is step) for step in _steps(seen.rules)]
        yield [int(seen.is_my_turn)]
        yield [seen.draw_size, seen.discard_size]
        yield [seen.hand_number]
        yield [int(seen.laid_this_turn)]
        yield [int(seen.tiebreak)]
        players = [seen.players[seat] for seat in seats]
        yield [p.hand_size for p in players]
        yield [p.completed for p in players]
        yield [int(p.laid_down) for p in players]
        yield [p.score for p in players]
        yield [p.skips_pending for p in players]
        for seat_of_note in (seen.current, seen.dealer, seen.winner, seen.went_out):
            yield [int(seat == seat_of_note) for seat in seats]
        yield [int(seat in seen.contenders) for seat in seats]
        points = seen.hand_points
        yield [0 if points is None else points[seat] for seat in seats]
        yield [count for p in players for count in counts(p.known)]
        yield self._phases(seen, seats)
        yield from self._table(seen, seats)
        yield from edition_values(seen, seats)

    def _phases(self, seen: PlayerView, seats: list[int]) -> list[int]:
        groups = self.max_groups // self.players
        kinds = self._kinds
        values = [0] * (len(seats) * groups * (len(kinds) + 1))
        width = len(kinds) + 1
        for row, seat in enumerate(seats):
            phase = seen.phase_of(seat)
            if phase is None:
                continue
            for g, group in enumerate(phase.groups):
                at = (row * groups + g) * width
                values[at + kinds.index(group.kind)] = 1
                values[at + len(kinds)] = group.size
        return values

    def _table(self, seen: PlayerView, seats: list[int]) -> Iterator[list[int]]:
        m, n = self.max_groups, self.players
        if len(seen.table) > m:
            raise FormatError(
                f"the table holds {len(seen.table)} groups, more than the {m} "
                "this encoding has room for"
            )
        present, size = [0] * m, [0] * m
        owner = [0] * (m * n)
        kinds = self._kinds
        kind = [0] * (m * len(kinds))
        number, low, high = [0] * (m * 12), [0] * (m * 12), [0] * (m * 12)
        color = [0] * (m * _COLORS)
        relative = {seat: row for row, seat in enumerate(seats)}
        for i, meld in enumerate(seen.table):
            present[i], size[i] = 1, len(meld.cards)
            owner[i * n + relative[meld.owner]] = 1
            kind[i * len(kinds) + kinds.index(meld.kind)] = 1
            if meld.number is not None:
                number[i * _NUMBERS + meld.number - 1] = 1
            if meld.color is not None:
                color[i * _COLORS + _COLOR_ORDER[meld.color.value]] = 1
            top = meld.high  # two apart in a run of odd or even numbers (R51)
            if meld.low is not None and top is not None:
                low[i * _NUMBERS + meld.low - 1] = 1
                high[i * _NUMBERS + top - 1] = 1
        yield from (present, owner, kind, number, color, low, high, size)

    def _check_game(self, state: GameState | PlayerView) -> None:
        if not isinstance(state, (GameState, PlayerView)):
            raise UsageError(
                f"expected a GameState or a PlayerView, not {type(state).__name__}"
            )
        if len(state.players) != self.players:
            raise FormatError(
                f"this encoding is for {self.players} players, "
                f"but the game has {len(state.players)}"
            )
        if state.rules is not self.rules and state.rules != self.rules:
            raise FormatError(
                "the game is played by other rules than the encoding's: "
                "make the encoding with the game's rules"
            )


_COLOR_ORDER: Final = {"R": 0, "B": 1, "Y": 2, "G": 3}


def _move_number(index: object) -> int:
    """``index`` as a move number: a whole number, or an integer of another
    library's (NumPy's, as a learner's policy picks it); not a flag."""
    if not isinstance(index, bool):
        try:
            return operator.index(index)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise UsageError(f"a move number is a whole number, not {shown(index)}")


def _observation_layout(rules: Rules, n: int, groups: int) -> tuple[Segment, ...]:
    """The observation blocks for ``n`` seats; the guide describes each."""
    deck = len(rules.deck)
    copies = max(Counter(rules.deck).values())
    skips = max(1, sum(card.is_skip for card in rules.deck))
    biggest = max(group.size for phase in rules.phases for group in phase.groups)
    kinds = _kinds_of(rules)
    m = groups * n
    return _layout(
        [
            ("hand", (_FACES,), copies),
            ("discard_top", (_FACES,), 1),
            ("step", (len(_steps(rules)),), 1),
            ("to_move", (1,), 1),
            ("pile_sizes", (2,), deck),
            ("hand_number", (1,), None),
            ("laid_this_turn", (1,), 1),
            ("tiebreak", (1,), 1),
            ("hand_size", (n,), deck),
            ("completed", (n,), len(rules.phases)),
            ("laid_down", (n,), 1),
            ("score", (n,), None),
            ("skips_pending", (n,), skips),
            ("current", (n,), 1),
            ("dealer", (n,), 1),
            ("winner", (n,), 1),
            ("went_out", (n,), 1),
            ("contender", (n,), 1),
            ("hand_points", (n,), rules.points.total(rules.deck)),
            ("known", (n, _FACES), copies),
            ("phase", (n, groups, len(kinds) + 1), biggest),
            ("group_present", (m,), 1),
            ("group_owner", (m, n), 1),
            ("group_kind", (m, len(kinds)), 1),
            ("group_number", (m, _NUMBERS), 1),
            ("group_color", (m, _COLORS), 1),
            ("group_low", (m, _NUMBERS), 1),
            ("group_high", (m, _NUMBERS), 1),
            ("group_size", (m,), deck),
            *edition_blocks(rules, n),
        ]
    )


# --- each kind of move's block of move numbers --------------------------------


@attrs.frozen
class MoveBlock:
    """How one kind of move is numbered: the blocks of move numbers it takes,
    how a move of that kind is numbered, and what each number means.

    Every kind of move of the table of moves has one, registered in
    :data:`_BLOCKS`; :func:`check_blocks` makes sure of it when the module is
    imported.
    """

    shapes: Callable[[Encoding, int], list[tuple[str, tuple[int, ...]]]]
    """``shapes(encoding, groups)``: the blocks, named, with their shapes
    (``groups`` is the most groups a phase asks for)."""
    index: Callable[[Encoding, Any, int], int]
    """``index(encoding, move, current)``: the number of ``move`` when seat
    ``current`` is to move."""
    meanings: Mapping[str, Callable[[int], str]]
    """For each block, the move at an offset in it, in words."""
    by_place: bool = False
    """Moves numbered by their place among those listed (the lays)."""


def _no_number(action: object) -> IllegalMove:
    return IllegalMove(f"{action} has no number in this encoding")


def _draw_index(encoding: Encoding, action: Draw, current: int) -> int:
    return encoding._starts["draw" if action.source is Pile.DRAW else "take"]


def _lay_index(encoding: Encoding, action: LayPhase, current: int) -> int:
    raise IllegalMove(f"{action} is numbered by its place among the lays listed")


def _hit_index(encoding: Encoding, action: Hit, current: int) -> int:
    if not 0 <= action.meld < encoding.max_groups or action.card.is_skip:
        raise _no_number(action)
    low = _PLAYABLE if action.end is End.LOW else 0
    return encoding._starts["hit"] + action.meld * _HIT_SLOTS + low + action.card.index


def _discard_index(encoding: Encoding, action: Discard, current: int) -> int:
    if action.card.is_skip:
        raise IllegalMove(f"{action} has no number: a Skip is played by skip")
    return encoding._starts["discard"] + action.card.index


def _skip_index(encoding: Encoding, action: Skip, current: int) -> int:
    if action.target is None:
        return encoding._starts["skip"]
    if not 0 <= action.target < encoding.players or action.target == current:
        raise _no_number(action)
    return encoding._starts["skip"] + (action.target - current) % encoding.players


def _choose_index(encoding: Encoding, action: ChoosePhase, current: int) -> int:
    start = encoding._starts.get("choose_phase")
    if start is None or not 1 <= action.phase <= len(encoding.rules.phases):
        raise _no_number(action)
    return start + action.phase - 1


def _saved_index(encoding: Encoding, action: Save | DrawSaved, block: str) -> int:
    start = encoding._starts.get(block)
    if start is None:
        raise _no_number(action)
    return start + action.card.index


def _swap_index(encoding: Encoding, action: SwapWild, current: int) -> int:
    start = encoding._starts.get("swap_wild")
    card = action.card
    if start is None or card.is_wild or card.is_skip:
        raise _no_number(action)
    if not 0 <= action.meld < encoding.max_groups:
        raise _no_number(action)
    return start + action.meld * _PLAYABLE + card.index


def _swap_meaning(offset: int) -> str:
    meld, face = divmod(offset, _PLAYABLE)
    return f"swap {FACES[face]} for a Wild of group {meld}"


def _hit_meaning(offset: int) -> str:
    meld, slot = divmod(offset, _HIT_SLOTS)
    low, face = divmod(slot, _PLAYABLE)
    where = " at the low end" if low else ""
    return f"hit {FACES[face]} on group {meld}{where}"


def _skip_meaning(offset: int) -> str:
    if offset == 0:
        return "play a Skip against nobody"
    return f"play a Skip against the {ordinal(offset)} seat to the left"


_BLOCKS: Final[dict[type, MoveBlock]] = {
    Draw: MoveBlock(
        lambda encoding, groups: [("draw", (1,)), ("take", (1,))],
        _draw_index,
        {
            "draw": lambda offset: "draw from the draw pile",
            "take": lambda offset: "take the top of the discard pile",
        },
    ),
    LayPhase: MoveBlock(
        lambda encoding, groups: [("lay", (encoding.max_lays,))],
        _lay_index,
        {"lay": lambda offset: f"lay the {ordinal(offset + 1)} phase lay listed"},
        by_place=True,
    ),
    Hit: MoveBlock(
        lambda encoding, groups: [("hit", (groups * encoding.players, _HIT_SLOTS))],
        _hit_index,
        {"hit": _hit_meaning},
    ),
    Discard: MoveBlock(
        lambda encoding, groups: [("discard", (_PLAYABLE,))],
        _discard_index,
        {"discard": lambda offset: f"discard {FACES[offset]}"},
    ),
    Skip: MoveBlock(
        lambda encoding, groups: [("skip", (encoding.players,))],
        _skip_index,
        {"skip": _skip_meaning},
    ),
    NextHand: MoveBlock(
        lambda encoding, groups: [("next_hand", (1,))],
        lambda encoding, action, current: encoding._starts["next_hand"],
        {"next_hand": lambda offset: "deal the next hand"},
    ),
    # The Masters Edition's moves have blocks only under rules that make
    # them, so the classic game's numbers stay as they were.
    ChoosePhase: MoveBlock(
        lambda encoding, groups: (
            [("choose_phase", (len(encoding.rules.phases),))]
            if encoding.rules.phase_choice is not PhaseChoice.IN_ORDER
            else []
        ),
        _choose_index,
        {"choose_phase": lambda offset: f"choose phase {offset + 1}"},
    ),
    DrawSaved: MoveBlock(
        lambda encoding, groups: (
            [("draw_saved", (_FACES,))] if encoding.rules.saves_per_hand else []
        ),
        lambda encoding, action, current: _saved_index(encoding, action, "draw_saved"),
        {"draw_saved": lambda offset: f"draw the saved {FACES[offset]}"},
    ),
    Save: MoveBlock(
        lambda encoding, groups: (
            [("save", (_FACES,))] if encoding.rules.saves_per_hand else []
        ),
        lambda encoding, action, current: _saved_index(encoding, action, "save"),
        {"save": lambda offset: f"save {FACES[offset]}"},
    ),
    SwapWild: MoveBlock(
        lambda encoding, groups: (
            [("swap_wild", (groups * encoding.players, _PLAYABLE))]
            if encoding.rules.swap_wilds
            else []
        ),
        _swap_index,
        {"swap_wild": _swap_meaning},
    ),
}
"""Each kind of move's block of the encoding, by its record class."""


def check_blocks(blocks: Mapping[type, MoveBlock], records: tuple[type, ...]) -> None:
    """Raise :class:`ImportError` unless every kind of move of ``records`` has
    its block of move numbers, and no other."""
    missing = [kind.__name__ for kind in records if kind not in blocks]
    extra = [kind.__name__ for kind in blocks if kind not in records]
    if missing or extra:
        raise ImportError(
            f"the encoding has no block for {missing} and blocks for no move {extra}"
        )


check_blocks(_BLOCKS, MOVE_TYPES)
_MEANINGS: Final = {
    name: meaning
    for block in _BLOCKS.values()
    for name, meaning in block.meanings.items()
}
