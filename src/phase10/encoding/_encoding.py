"""The encoding itself: :class:`Encoding`, which numbers moves (with
``_numbers`` and ``_lays``) and turns views into vectors (with
``_observations``) for one table size and one set of rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, cast

import attrs

from .._actions import MOVE_TYPES, Action, Discard, Draw, Hit, LayPhase
from .._errors import FormatError, IllegalMove, RulesError, UsageError, is_whole, shown
from .._groups import End
from .._immutable import Immutable
from .._legal import legal_actions
from .._phases import GroupKind
from .._rules import OFFICIAL, Rules
from .._state import GameState, Pile
from .._view import PlayerView
from ._lays import MAX_LAYS, lay_place
from ._numbers import BLOCKS, HIT_SLOTS, MEANINGS, PLAYABLE, move_number
from ._observations import Sizes, kinds_of, observation_layout, observe
from ._segments import Segment, layout

__all__ = ["Encoding"]

_DRAW_PILE: Final = Pile.DRAW
_LOW: Final = End.LOW


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
    """The pieces of an observation vector in order."""
    _starts: Mapping[str, int] = attrs.field(init=False, repr=False, eq=False)
    _kinds: tuple[GroupKind, ...] = attrs.field(init=False, repr=False, eq=False)
    _fast: tuple[int, int, int, int, int, int, int] = attrs.field(
        init=False, repr=False, eq=False
    )
    """What :meth:`_number` reads at every call: the starts of the blocks
    ``draw``, ``take``, ``discard``, ``hit`` and ``lay``, ``max_groups`` and
    ``max_lays``."""

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
        set_(self, "_kinds", kinds_of(rules))
        actions = layout(
            (name, shape, 1)
            for kind in MOVE_TYPES
            for name, shape in BLOCKS[kind].shapes(self, groups)
        )
        set_(self, "actions", actions)
        set_(self, "observations", observation_layout(self._sizes()))
        starts = {segment.name: segment.start for segment in actions}
        set_(self, "_starts", starts)
        blocks = ("draw", "take", "discard", "hit", "lay")
        fast = (*(starts[name] for name in blocks), self.max_groups, self.max_lays)
        set_(self, "_fast", fast)

    def _sizes(self) -> Sizes:
        return Sizes(
            self.rules, self.players, self.max_groups // self.players, self._kinds
        )

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
        return self._number(legal_actions(state), state.current)

    def _number(self, moves: tuple[Action, ...], current: int) -> dict[int, Action]:
        """:meth:`legal` of moves listed by :func:`~phase10.legal_actions`
        when seat ``current`` is to move.

        The kinds of move a turn lists most (draws, discards, hits) are
        numbered here, as their blocks number them (the tests check both
        ways on every position of seeded games); the others by their blocks.
        """
        draw, take, discard, hit, lay, max_groups, max_lays = self._fast
        legal: dict[int, Action] = {}
        lays = 0
        move: Any
        for move in moves:
            kind = move.__class__
            if kind is Discard and not move.card.is_skip:
                legal[discard + move.card.index] = move
            elif kind is Draw:
                legal[draw if move.source is _DRAW_PILE else take] = move
            elif kind is Hit and move.meld < max_groups and not move.card.is_skip:
                low = PLAYABLE if move.end is _LOW else 0
                legal[hit + move.meld * HIT_SLOTS + low + move.card.index] = move
            elif BLOCKS[kind].by_place:  # the lays, numbered by their place
                if lays < max_lays:
                    legal[lay + lays] = move
                lays += 1
            else:
                legal[BLOCKS[kind].index(self, move, current)] = move
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
        index = move_number(index)
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
        block = BLOCKS.get(type(action))
        if block is None:
            raise UsageError(f"expected a move, not {shown(action)}")
        if block.by_place:
            lays = [
                cast(LayPhase, move)
                for move in legal_actions(state)
                if BLOCKS[type(move)].by_place
            ]
            place = lay_place(cast(LayPhase, action), state, lays[: self.max_lays])
            if place is None:
                raise IllegalMove(
                    f"{action} is not among the first {self.max_lays} lays listed now"
                )
            return self._starts["lay"] + place
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
        index = move_number(index)
        if not 0 <= index < self.num_actions:
            return f"{shown(index)} (not a move number: 0 to {self.num_actions - 1})"
        segment = next(s for s in self.actions if index < s.stop)
        meaning = MEANINGS[segment.name](index - segment.start)
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
        return observe(seen, self._sizes())

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
