"""What one player may see of a game, and nothing more (R41).

A :class:`PlayerView` holds the seat's own hand and only public facts about
everyone else: hand sizes, progress, scores, the cards known to have been
taken from the discard pile, the table and the two piles' sizes. It never
holds another hand, the draw pile's order or the seed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from ._cards import WILD, Card
from ._codegen import make_function
from ._errors import NoSuchSeat, UsageError, seat_problem, seat_type_error
from ._immutable import Immutable
from ._memo import Memo, memo
from ._phases import PhaseSpec
from ._rules import Rules
from ._state import (
    GameState,
    Meld,
    PlayerState,
    Step,
    phase_for,
    phase_number_for,
    seat_at,
)

__all__ = ["PlayerView", "PublicPlayer", "describe_state", "view"]

_TURN_STEPS: Final = (Step.DRAW, Step.PLAY, Step.CHOOSE)


@attrs.frozen
class PublicPlayer(Immutable):
    """What everyone knows about one player.

    .. versionadded:: 0.1
    """

    name: str
    hand_size: int
    completed: int
    """Phases completed so far."""
    laid_down: bool
    """Whether the player has laid their phase this hand."""
    score: int
    skips_pending: int
    """Turns the player is still to lose to Skips."""
    skipped_in_slot: int | None
    """The turn slot of the last Skip against the player this hand (R28)."""
    known: tuple[Card, ...]
    """Cards the player is known to hold: taken from the discard pile (or,
    face up, from their save pile) and no card of that face played since.
    A card saved face down (R48) could be any card of the hand, so it makes
    one copy of each known face unknown: only copies beyond the first stay."""
    phases_done: tuple[int, ...] | None = attrs.field(
        default=None, metadata={"since": "0.2"}
    )
    """Which phases the player has completed where order is free (R44), as
    :attr:`PlayerState.phases_done`.

    .. versionadded:: 0.2
    """
    active: int | None = attrs.field(default=None, metadata={"since": "0.2"})
    """The phase the player attempts this hand, once chosen (R44, R45).

    .. versionadded:: 0.2
    """
    saved: tuple[Card, ...] = attrs.field(default=(), metadata={"since": "0.2"})
    """The player's save pile, oldest first, when saved cards are face up;
    empty when they are hidden (R48): see :attr:`saved_size`.

    .. versionadded:: 0.2
    """
    saved_size: int = attrs.field(default=0, metadata={"since": "0.2"})
    """How many cards the player's save pile holds (R46).

    .. versionadded:: 0.2
    """
    saved_now: int = attrs.field(default=0, metadata={"since": "0.2"})
    """How many cards the player has saved in this hand, as
    :attr:`~phase10.PlayerState.saved_now`: the last ones of the save pile,
    unless :attr:`~phase10.Rules.draw_saved_same_hand` let some be drawn
    back (R46, R47).

    .. versionadded:: 0.2
    """

    def done(self) -> tuple[int, ...]:
        """The indices in ``rules.phases`` of the phases completed, in order."""
        if self.phases_done is None:
            return tuple(range(self.completed))
        return self.phases_done


@attrs.frozen
class PlayerView(Immutable):
    """A game as one seat sees it: safe to send to that player.

    ``seat`` is ``None`` for a spectator, who sees no hand at all. The
    attributes mirror :class:`GameState` where the information is public.

    .. versionadded:: 0.1
    """

    seat: int | None
    hand: tuple[Card, ...]
    """The seat's own hand (empty for a spectator)."""
    players: tuple[PublicPlayer, ...]
    rules: Rules
    current: int
    dealer: int
    step: Step
    table: tuple[Meld, ...]
    discard_top: Card | None
    """The top card of the discard pile, or ``None`` if it is empty."""
    discard_size: int
    draw_size: int
    hand_number: int
    winner: int | None
    turn_slot: int
    laid_this_turn: bool
    went_out: int | None
    hand_points: tuple[int, ...] | None
    contenders: tuple[int, ...]
    tiebreak: bool
    saved: tuple[Card, ...] = attrs.field(default=(), metadata={"since": "0.2"})
    """The seat's own save pile, oldest first (R46), face up or not.

    .. versionadded:: 0.2
    """

    @property
    def is_my_turn(self) -> bool:
        """Whether the seat viewing the game is the one to move."""
        return self.seat == self.current and self.step in _TURN_STEPS

    def phase_of(self, seat: int) -> PhaseSpec | None:
        """The phase ``seat`` is working on, or ``None`` once all are done.

        A seat not at the table raises :class:`~phase10.NoSuchSeat`."""
        player = self.players[seat_at(seat, len(self.players))]
        return phase_for(self.rules, self.tiebreak, player.completed, player.active)

    def phase_number(self, seat: int) -> int:
        """The 1-based number of the phase ``seat`` is working on, or 0 in
        the Masters Edition before one is chosen.

        A seat not at the table raises :class:`~phase10.NoSuchSeat`."""
        player = self.players[seat_at(seat, len(self.players))]
        return phase_number_for(
            self.rules, self.tiebreak, player.completed, player.active
        )

    def __str__(self) -> str:
        """A text picture of what the seat sees, its own hand last."""
        from ._text import view_text  # drawing is loaded when first asked for

        return view_text(self)

    def _repr_svg_(self) -> str:
        """The view as a picture, for Jupyter (see :func:`phase10.svg.view`)."""
        from .svg import view as svg_view  # drawing is loaded when first asked for

        return svg_view(self)


def _copier(cls: type, source: type, computed: tuple[str, ...]) -> Callable[..., Any]:
    """``copy(obj, *values)``: a ``cls`` whose fields named as fields of
    ``source`` are copied from ``obj`` (a ``source``), the ``computed`` ones
    given in that order, and any other left to its default.

    Views are taken at every move, so the function is written out once as
    straight-line code, as attrs writes ``__init__``; for the players::

        def copy(obj, hand_size):
            return PublicPlayer(name=obj.name, completed=obj.completed, ...,
                                hand_size=hand_size)
    """
    names = {field.name for field in attrs.fields(source)}
    fields = attrs.fields(cls)
    copied = [
        f"{field.name}=obj.{field.name}"
        for field in fields
        if field.name in names and field.name not in computed
    ]
    unset = [
        field.name
        for field in fields
        if field.default is attrs.NOTHING
        and field.name not in names
        and field.name not in computed
    ]
    if unset:  # a field added to one record only, with no default
        raise TypeError(
            f"{cls.__name__} cannot be made from a {source.__name__}: {unset}"
        )
    given = [f"{name}={name}" for name in computed]
    source_code = (
        f"def copy(obj, {', '.join(computed)}):\n"
        f"    return cls({', '.join(copied + given)})\n"
    )
    copy: Callable[..., Any] = make_function(
        source_code, "copy", {"cls": cls}, f"{cls.__name__} from a {source.__name__}"
    )
    return copy


# A view copies every field of the state of the same name, and its inverse
# copies them back; the players are seen through PublicPlayer, and the fields
# named here are worked out. So a field added to both GameState and
# PlayerView (or to both PlayerState and PublicPlayer) is shown to players,
# and read back by the checks of moves on a view, with no other change.
_PUBLIC: Final = _copier(
    PublicPlayer, PlayerState, ("hand_size", "saved", "saved_size")
)
_VIEW: Final = _copier(
    PlayerView,
    GameState,
    ("seat", "hand", "players", "discard_top", "discard_size", "draw_size", "saved"),
)
_PRIVATE: Final = _copier(PlayerState, PublicPlayer, ("hand", "saved"))
_STATE: Final = _copier(GameState, PlayerView, ("players", "draw_pile", "discard_pile"))


def view(state: GameState, seat: int | None) -> PlayerView:
    """The game as ``seat`` may see it; ``seat=None`` for a spectator.

    >>> from phase10 import new_game
    >>> game = new_game(["Ann", "Bob"], seed=5)
    >>> mine = view(game, 0)
    >>> len(mine.hand), mine.players[1].hand_size, mine.draw_size
    (10, 10, 87)
    >>> hasattr(mine, "seed"), hasattr(mine, "draw_pile")
    (False, False)

    A seat that is not at the table raises :class:`~phase10.NoSuchSeat`.

    .. versionadded:: 0.1
    """
    if not isinstance(state, GameState):
        raise UsageError(f"a view is taken of a GameState, not {type(state).__name__}")
    wrong = seat_type_error(seat, optional=True)
    if wrong is not None:
        raise wrong
    problem = seat_problem(seat, len(state.players), optional=True)
    if problem is not None:
        raise NoSuchSeat(f"there is no such seat at this table: {problem}")
    hidden = state.rules.saved_cards_hidden
    players = tuple(
        [
            _PUBLIC(
                player,
                len(player.hand),
                () if hidden else player.saved,
                len(player.saved),
            )
            for player in state.players
        ]
    )
    discard_pile = state.discard_pile
    me = None if seat is None else state.players[seat]
    seen: PlayerView = _VIEW(
        state,
        seat,
        () if me is None else me.hand,
        players,
        discard_pile[0] if discard_pile else None,
        len(discard_pile),
        len(state.draw_pile),
        () if me is None else me.saved,
    )
    return seen


def _surrogate(seen: PlayerView) -> GameState:
    """A state that agrees with ``seen`` on everything the checks of moves read.

    The inverse of :func:`view`: hidden cards are replaced by Wilds, so the
    other hands and the draw pile keep their sizes, the discard pile its top
    card and size. The seed and the shuffle count keep their defaults; they
    decide only future shuffles. The last view's surrogate is kept: a bot
    asks several checks of one view in a row.
    """
    entry = _LAST_SURROGATE.get(id(seen))
    if entry is not None and entry[0] is seen:
        return entry[1]
    return _LAST_SURROGATE.keep(id(seen), (seen, _make_surrogate(seen)))[1]


_LAST_SURROGATE: Final[Memo[int, tuple[PlayerView, GameState]]] = memo(
    "_view.surrogate", 1
)
"""The last view's surrogate, by the view's identity (the entry keeps the
view, so its id is not reused while it is a key)."""


def _make_surrogate(seen: PlayerView) -> GameState:
    mine = seen.seat
    hands = [
        seen.hand if number == mine else (WILD,) * public.hand_size
        for number, public in enumerate(seen.players)
    ]
    top = seen.discard_top
    return state_from_view(
        seen,
        hands,
        (WILD,) * seen.draw_size,
        () if top is None else (top, *(WILD,) * (seen.discard_size - 1)),
        [
            seen_saved(seen, number) or (WILD,) * public.saved_size
            for number, public in enumerate(seen.players)
        ],
    )


def seen_saved(seen: PlayerView, seat: int) -> tuple[Card, ...]:
    """The cards of ``seat``'s save pile that ``seen`` shows: all of them
    when saved cards are face up or the pile is the viewer's own, else none."""
    if seat == seen.seat:
        return seen.saved
    return seen.players[seat].saved


def state_from_view(
    seen: PlayerView,
    hands: Sequence[tuple[Card, ...]],
    draw_pile: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    saved: Sequence[tuple[Card, ...]] | None = None,
) -> GameState:
    """A state that agrees with ``seen`` on every public fact and holds the
    given hands (one per seat), piles and save piles (by default those the
    view shows); its seed and shuffle count keep their defaults. The inverse
    of :func:`view` once the hidden cards are chosen, by :func:`_surrogate`
    (Wilds) or by :func:`~phase10.determinize` (a random deal)."""
    if saved is None:
        saved = [seen_saved(seen, seat) for seat in range(len(seen.players))]
    players = tuple(
        _PRIVATE(public, hand, pile)
        for public, hand, pile in zip(seen.players, hands, saved, strict=True)
    )
    state: GameState = _STATE(seen, players, draw_pile, discard_pile)
    return state


def describe_state(state: GameState) -> str:
    """A text picture of the whole game, every secret but the seed shown.

    For debugging and tests: it prints every hand and both piles in full,
    so never show it to a player (show ``str(view(state, seat))`` instead).
    Seats and table groups are numbered from 0, as in the move notation.

    >>> from phase10 import new_game
    >>> print(describe_state(new_game(["Ann", "Bob"], seed=5)))  # doctest: +ELLIPSIS
    Hand 1 · dealt by Ann · Bob's turn: draw a card
       seat  name  cards  score  phase
       0     Ann      10      0  phase 1: 2 sets of 3
    >  1     Bob      10      0  phase 1: 2 sets of 3
    Table: nothing laid down yet
    Discard pile: W on top, 1 card · draw pile: 87 cards
    Hands:
       0   Ann  Y1 Y2 R3 B3 R5 Y5 G5 R8 R9 R12
       1   Bob  G2 R6 Y6 Y7 G8 G10 R11 R11 B11 R12
    Discard pile, top first: W
    Draw pile, top first: G3 B9 R1 Y12 W Y4 W S B10 ...

    .. versionadded:: 0.1
    """
    if not isinstance(state, GameState):
        raise UsageError(
            f"describe_state draws a GameState, not {type(state).__name__}"
        )
    from ._text import state_text  # drawing is loaded when first asked for

    return state_text(state, view(state, None))
