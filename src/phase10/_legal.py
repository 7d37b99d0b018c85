"""Which moves are legal now: the ``can_…`` predicates and :func:`legal_actions`.

Nothing here states a rule. Each ``can_x`` asks the move's own checking
function (``verify_x``) and answers whether it raised, and
:func:`legal_actions` builds candidate moves and keeps those that the same
checks accept, so every rule stays written once, in the transitions.

A :class:`PlayerView` may stand in for the state wherever a state is taken
here: legality never depends on what the seat cannot see. The view is turned
into a *surrogate* state whose hidden parts are placeholders (other hands and
the draw pile filled with Wilds, of the right sizes), and the same checks run
on it. Only the sizes of the hidden parts reach the checks, and the surrogate
is never played on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter
from typing import Final

from ._actions import Action
from ._cards import Card, CardLike
from ._errors import (
    NotYourTurn,
    Phase10Error,
    UsageError,
    seat_type_error,
    shown,
)
from ._groups import End
from ._memo import Memo, memo
from ._moves import MOVES, judge
from ._moves.choose_phase import verify_choose_phase
from ._moves.discard import verify_discard
from ._moves.draw import verify_draw
from ._moves.draw_saved import verify_draw_saved
from ._moves.hit import verify_hit
from ._moves.lay import verify_lay_phase
from ._moves.next_hand import verify_next_hand
from ._moves.save import verify_save
from ._moves.skip import verify_skip
from ._moves.swap_wild import verify_swap_wild
from ._rules import Rules
from ._state import GameState, Pile, Step
from ._view import PlayerView, _surrogate

__all__ = [
    "can_apply",
    "can_choose_phase",
    "can_discard",
    "can_draw",
    "can_draw_saved",
    "can_hit",
    "can_lay_phase",
    "can_next_hand",
    "can_save",
    "can_skip",
    "can_swap_wild",
    "legal_actions",
    "verify_apply",
]

StateLike = GameState | PlayerView
"""A whole game state, or what the seat asking may see of it."""


# --- views ----------------------------------------------------------------------


_IN_TURN: Final = (Step.DRAW, Step.PLAY, Step.CHOOSE)


def _resolve(state: StateLike, player: int | None) -> tuple[GameState, int | None]:
    """The state to check against, and the seat the move is checked for.

    A view checks moves for its own seat only: another seat's hand is not in
    it, so a move for that seat could not be judged.
    """
    if not isinstance(state, PlayerView):
        if not isinstance(state, GameState):
            raise UsageError(
                f"expected a GameState or a PlayerView, not {type(state).__name__}"
            )
        return state, player
    wrong = seat_type_error(player, optional=True)
    if wrong is not None:
        raise wrong
    seat = state.seat
    if seat is None:
        if player is not None or state.step in _IN_TURN:
            raise NotYourTurn("a spectator has no turn to play", clause="R20")
    elif player is not None and player != seat:
        raise NotYourTurn(
            f"this view is seat {seat}'s, so it can check only that seat's moves, "
            f"not seat {shown(player)}'s",
            clause="R20",
        )
    return _surrogate(state), seat


# --- the triads ---------------------------------------------------------------
#
# Each can_x asks x's own judge, verify_x, through one helper: a view is
# resolved to a state and a seat first, a wrong type still raises
# (UsageError), and any other refusal answers False.


def _can(
    verify: Callable[..., object],
    state: StateLike,
    player: int | None,
    *args: object,
    **kwargs: object,
) -> bool:
    """Whether ``verify(state, *args, player=..., **kwargs)`` raises nothing
    for ``state`` (a view standing in for it) and ``player``."""
    try:
        game, seat = _resolve(state, player)
        verify(game, *args, player=seat, **kwargs)
    except UsageError:
        raise
    except Phase10Error:
        return False
    return True


def can_draw(
    state: StateLike, source: Pile = Pile.DRAW, *, player: int | None = None
) -> bool:
    """Whether :func:`~phase10.draw` would accept this draw now (R21-R23).

    True exactly when :func:`~phase10.verify_draw` raises nothing.

    >>> from phase10 import new_game
    >>> game = new_game(2, seed=7)
    >>> can_draw(game), can_draw(game, player=0)
    (True, False)

    .. versionadded:: 0.1
    """
    return _can(verify_draw, state, player, source)


def can_lay_phase(
    state: StateLike,
    groups: Iterable[Iterable[CardLike] | str],
    *,
    player: int | None = None,
) -> bool:
    """Whether :func:`~phase10.lay_phase` would accept ``groups`` now (R4, R10-R16).

    True exactly when :func:`~phase10.verify_lay_phase` raises nothing; bad
    card text gives False.

    .. versionadded:: 0.1
    """
    return _can(verify_lay_phase, state, player, groups)


def can_hit(
    state: StateLike,
    card: CardLike,
    meld: int,
    *,
    end: End | None = None,
    player: int | None = None,
) -> bool:
    """Whether :func:`~phase10.hit` would accept this hit now (R30-R33).

    True exactly when :func:`~phase10.verify_hit` raises nothing.

    .. versionadded:: 0.1
    """
    return _can(verify_hit, state, player, card, meld, end=end)


def can_discard(state: StateLike, card: CardLike, *, player: int | None = None) -> bool:
    """Whether :func:`~phase10.discard` would accept ``card`` now (R21, R26).

    True exactly when :func:`~phase10.verify_discard` raises nothing.

    .. versionadded:: 0.1
    """
    return _can(verify_discard, state, player, card)


def can_skip(
    state: StateLike, target: int | None, *, player: int | None = None
) -> bool:
    """Whether :func:`~phase10.skip` would accept ``target`` now (R26-R29).

    True exactly when :func:`~phase10.verify_skip` raises nothing.

    .. versionadded:: 0.1
    """
    return _can(verify_skip, state, player, target)


def can_next_hand(state: StateLike, *, player: int | None = None) -> bool:
    """Whether :func:`~phase10.next_hand` would deal now (R36).

    True exactly when :func:`~phase10.verify_next_hand` raises nothing.

    .. versionadded:: 0.1
    """
    return _can(verify_next_hand, state, player)


def can_choose_phase(
    state: StateLike, phase: int, *, player: int | None = None
) -> bool:
    """Whether :func:`~phase10.choose_phase` would accept phase ``phase`` (from
    1) now (R44, R45).

    True exactly when :func:`~phase10.verify_choose_phase` raises nothing.

    >>> from phase10 import PRESETS, new_game
    >>> game = new_game(["Ann", "Bob"], PRESETS["masters"], seed=3)
    >>> can_choose_phase(game, 4), can_choose_phase(game, 11)
    (True, False)

    .. versionadded:: 0.2
    """
    return _can(verify_choose_phase, state, player, phase)


def can_save(state: StateLike, card: CardLike, *, player: int | None = None) -> bool:
    """Whether :func:`~phase10.save` would accept ``card`` now (R46).

    True exactly when :func:`~phase10.verify_save` raises nothing.

    .. versionadded:: 0.2
    """
    return _can(verify_save, state, player, card)


def can_draw_saved(
    state: StateLike, card: CardLike, *, player: int | None = None
) -> bool:
    """Whether :func:`~phase10.draw_saved` would accept ``card`` now (R47).

    True exactly when :func:`~phase10.verify_draw_saved` raises nothing.

    .. versionadded:: 0.2
    """
    return _can(verify_draw_saved, state, player, card)


def can_swap_wild(
    state: StateLike, card: CardLike, meld: int, *, player: int | None = None
) -> bool:
    """Whether :func:`~phase10.swap_wild` would accept this swap now (R50).

    True exactly when :func:`~phase10.verify_swap_wild` raises nothing.

    .. versionadded:: 0.2
    """
    return _can(verify_swap_wild, state, player, card, meld)


def verify_apply(
    state: StateLike, action: Action, *, player: int | None = None
) -> None:
    """Raise what :func:`~phase10.apply` would raise for ``action``; else nothing.

    ``state`` may be a :class:`PlayerView`: the move is then checked for the
    view's seat, which raises :class:`NotYourTurn` when that seat (or a
    spectator) is not the one to move.

    .. versionadded:: 0.1
    """
    game, seat = _resolve(state, player)
    judge(game, action, player=seat)


def can_apply(state: StateLike, action: Action, *, player: int | None = None) -> bool:
    """Whether :func:`~phase10.apply` would accept ``action`` now.

    True exactly when :func:`verify_apply` raises nothing. ``state`` may be
    a :class:`PlayerView` of the seat asking.

    .. versionadded:: 0.1
    """
    try:
        verify_apply(state, action, player=player)
    except UsageError:
        raise
    except Phase10Error:
        return False
    return True


# --- every legal move ------------------------------------------------------------


def legal_actions(state: StateLike) -> tuple[Action, ...]:
    """Every move the player to act may make now, in a fixed order.

    - ``DRAW`` step: ``Draw(Pile.DRAW)``, then ``Draw(Pile.DISCARD)`` when
      the top discard may be taken (R21-R23).
    - ``PLAY`` step, in this order:

      1. every way to lay the current phase with *minimal* groups (each
         group exactly its requirement's minimum size), groups in the order
         of the phase's requirements; distinct up to cards of the same face
         and up to the order of groups that meet identical requirements. A
         set's or colour group's cards are sorted (by :attr:`Card.index`);
         a run's are lowest first, so Wilds at different places are
         different lays (``3 4 5 W`` and ``W 3 4 5``). Lays are sorted by
         their cards' indices, group by group;
      2. every hit, by card (each distinct face in hand, in index order),
         then group on the table, then end: a Wild on a run, and a natural
         card on a floating run (:attr:`~phase10.Meld.floating`, R13), is listed
         once for each end it may go, with ``End.LOW`` or ``End.HIGH``
         given; every other hit has ``end=None``. :func:`~phase10.hit`
         takes several spellings of some hits, and only one is listed: a
         hit with ``end=None`` that picks an end itself (R32) is listed
         with the end it picks; a natural card on a run that does not
         float, given the one end it fits, is listed with ``end=None``; and
         a Wild on a floating run, which makes the same group at either
         end or none, is listed once, with ``End.HIGH``;
      3. ``Discard`` of each distinct face that may be discarded, in index
         order;
      4. ``Skip(target)`` for each seat that may be targeted, in seat order,
         or ``Skip(None)`` when the player holds a Skip and nobody may be.

    - ``HAND_OVER``: ``(NextHand(),)``. ``GAME_OVER``: ``()``.

    Every move listed is accepted by :func:`~phase10.apply`, and a move of
    these kinds that is not listed is refused (but for the other spellings
    of hits above and the larger lays below). Each move listed has passed
    its own judge: the parts of its ``verify_…`` check that hold for the
    whole turn are asked once, the rest for each move. Lays are the
    exception: they are built to meet the phase, from the hand, once the
    solver has found the hand makes it, and the judge's other checks (the
    phase not yet down, R15; a card kept to discard, R33) are asked once
    for all of them; the test suite checks every listed lay against
    :func:`~phase10.verify_lay_phase`.

    **Larger lays.** With ``Rules.hit_on_lay_turn`` on (the official game),
    the minimal lays followed by hits reach every legal lay: a group larger
    than its minimum is a minimal group of its cards (one holding a natural
    card where it has one; for a run, a stretch of it) plus hits of the
    other cards, which leave the table as the larger lay would: the same
    groups standing for the same numbers and colours, only the order of the
    cards within a set or colour group may differ. With
    the option off, :func:`~phase10.lay_phase` also takes larger groups, and
    those moves are not listed here: a bot that wants them must build them.

    ``state`` may be a :class:`PlayerView`; legality never depends on hidden
    cards, so the answer for the view of the player to act equals the answer
    for the whole state. A view of any other seat, or a spectator's, gets
    ``()`` while a turn is being played.

    The lays are at most :data:`~phase10.MAX_LISTED_LAYS`, as the rules
    check when they are made (R17), for every hand a game deals; a state
    whose player holds more than ``hand_size + 1`` cards, which no game
    reaches, raises :class:`~phase10.IllegalMove` rather than list them.

    >>> from phase10 import new_game, view
    >>> game = new_game(2, seed=7)
    >>> legal_actions(game)
    (Draw.from_notation('D'), Draw.from_notation('T'))
    >>> legal_actions(view(game, game.current)) == legal_actions(game)
    True
    >>> legal_actions(view(game, 1 - game.current))
    ()

    .. versionadded:: 0.1
    """
    if state.__class__ is not GameState:
        if isinstance(state, PlayerView):
            if state.step in _IN_TURN and (
                state.seat is None or state.seat != state.current
            ):
                return ()
            state = _surrogate(state)
        elif not isinstance(state, GameState):
            raise UsageError(
                f"expected a GameState or a PlayerView, not {type(state).__name__}"
            )
    rules = state.rules
    listings = _LISTINGS.get(id(rules))
    if listings is None or listings[0] is not rules:
        listings = _listings(rules)
    step = state.step
    if step is _PLAY_STEP:
        listing, wants_faces = listings[1]
    elif step is _DRAW_STEP:
        listing, wants_faces = listings[2]
    else:
        listing, wants_faces = listings[3][step]
    if wants_faces:
        # The distinct cards in hand, in index order: the hand sorted, each
        # face kept once (one object per face, so by identity).
        distinct = []
        last = None
        for card in sorted(state.players[state.current].hand, key=_INDEX):
            if card is not last:
                distinct.append(card)
                last = card
        faces = tuple(distinct)
    else:
        faces = ()
    actions: list[Action] = []
    for candidates in listing:
        actions += candidates(state, faces)
    return tuple(actions)


_Listing = tuple[
    tuple[Callable[[GameState, tuple[Card, ...]], Sequence[Action]], ...], bool
]
"""The listings of a step's kinds of move, and whether any reads ``faces``."""
_LISTINGS: Final[Memo[int, tuple[Rules, _Listing, _Listing, dict[Step, _Listing]]]] = (
    memo("_legal.listings", 256)
)
"""For each rules record (by identity, kept alive here so its id is not
reused), the functions that list the candidates of each step: the play
step's, the draw step's, and every step's."""


def _listings(
    rules: Rules,
) -> tuple[Rules, _Listing, _Listing, dict[Step, _Listing]]:
    """Each kind of move lists its own candidates, beside its judge; the
    table of moves gives them in the order of a turn, for the steps they are
    made in and the rules that offer them."""
    by_step: dict[Step, _Listing] = {}
    for step in Step:
        rows = [
            row for row in MOVES.values() if step in row.steps and row.offered(rules)
        ]
        by_step[step] = (
            tuple(row.candidates for row in rows),
            any(row.uses_faces for row in rows),
        )
    return _LISTINGS.keep(
        id(rules), (rules, by_step[_PLAY_STEP], by_step[_DRAW_STEP], by_step)
    )


_PLAY_STEP: Final = Step.PLAY
_DRAW_STEP: Final = Step.DRAW
_INDEX: Final = attrgetter("index")
