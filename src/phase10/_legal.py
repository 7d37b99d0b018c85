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

from collections.abc import Iterable, Sequence
from itertools import combinations, product
from typing import Final

from ._actions import Action, Discard, Draw, Hit, LayPhase, NextHand, Skip
from ._cards import FACES, SKIP, WILD, Card
from ._errors import IllegalMove, NotYourTurn, Phase10Error, shown
from ._groups import End
from ._phases import GroupKind, PhaseSpec
from ._rules import NaturalRule
from ._solver import find_phase
from ._state import GameState, Pile, Step
from ._transitions import (
    verify_discard,
    verify_draw,
    verify_hit,
    verify_lay_phase,
    verify_next_hand,
    verify_skip,
)
from ._view import PlayerView, _surrogate

__all__ = [
    "can_apply",
    "can_discard",
    "can_draw",
    "can_hit",
    "can_lay_phase",
    "can_next_hand",
    "can_skip",
    "legal_actions",
    "verify_apply",
]

CardLike = Card | str
"""A card, or its notation such as ``"R7"``."""

StateLike = GameState | PlayerView
"""A whole game state, or what the seat asking may see of it."""


# --- views ----------------------------------------------------------------------


_IN_TURN: Final = (Step.DRAW, Step.PLAY)


def _resolve(state: StateLike, player: int | None) -> tuple[GameState, int | None]:
    """The state to check against, and the seat the move is checked for.

    A view checks moves for its own seat only: another seat's hand is not in
    it, so a move for that seat could not be judged.
    """
    if not isinstance(state, PlayerView):
        if not isinstance(state, GameState):
            raise IllegalMove(
                f"expected a GameState or a PlayerView, not {type(state).__name__}"
            )
        return state, player
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
    try:
        game, seat = _resolve(state, player)
        verify_draw(game, source, player=seat)
    except Phase10Error:
        return False
    return True


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
    try:
        game, seat = _resolve(state, player)
        verify_lay_phase(game, groups, player=seat)
    except Phase10Error:
        return False
    return True


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
    try:
        game, seat = _resolve(state, player)
        verify_hit(game, card, meld, end=end, player=seat)
    except Phase10Error:
        return False
    return True


def can_discard(state: StateLike, card: CardLike, *, player: int | None = None) -> bool:
    """Whether :func:`~phase10.discard` would accept ``card`` now (R21, R26).

    True exactly when :func:`~phase10.verify_discard` raises nothing.

    .. versionadded:: 0.1
    """
    try:
        game, seat = _resolve(state, player)
        verify_discard(game, card, player=seat)
    except Phase10Error:
        return False
    return True


def can_skip(
    state: StateLike, target: int | None, *, player: int | None = None
) -> bool:
    """Whether :func:`~phase10.skip` would accept ``target`` now (R26-R29).

    True exactly when :func:`~phase10.verify_skip` raises nothing.

    .. versionadded:: 0.1
    """
    try:
        game, seat = _resolve(state, player)
        verify_skip(game, target, player=seat)
    except Phase10Error:
        return False
    return True


def can_next_hand(state: StateLike, *, player: int | None = None) -> bool:
    """Whether :func:`~phase10.next_hand` would deal now (R36).

    True exactly when :func:`~phase10.verify_next_hand` raises nothing.

    .. versionadded:: 0.1
    """
    try:
        game, seat = _resolve(state, player)
        verify_next_hand(game, player=seat)
    except Phase10Error:
        return False
    return True


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
    if isinstance(action, Draw):
        verify_draw(game, action.source, player=seat)
    elif isinstance(action, LayPhase):
        verify_lay_phase(game, action.groups, player=seat)
    elif isinstance(action, Hit):
        verify_hit(game, action.card, action.meld, end=action.end, player=seat)
    elif isinstance(action, Discard):
        verify_discard(game, action.card, player=seat)
    elif isinstance(action, Skip):
        verify_skip(game, action.target, player=seat)
    elif isinstance(action, NextHand):
        verify_next_hand(game, player=seat)
    else:
        raise IllegalMove(f"{shown(action)} is not a move")


def can_apply(state: StateLike, action: Action, *, player: int | None = None) -> bool:
    """Whether :func:`~phase10.apply` would accept ``action`` now.

    True exactly when :func:`verify_apply` raises nothing. ``state`` may be
    a :class:`PlayerView` of the seat asking.

    .. versionadded:: 0.1
    """
    try:
        verify_apply(state, action, player=player)
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
         then group on the table, then end: a Wild on a run is listed once
         for each end it may go, with ``End.LOW`` or ``End.HIGH`` given;
         every other hit has ``end=None``. :func:`~phase10.hit` takes two
         spellings of some hits, and only one is listed: a Wild on a run
         with ``end=None`` (R32) is listed with the end it picks, and a
         natural card on a run given the one end it fits is listed with
         ``end=None``;
      3. ``Discard`` of each distinct face that may be discarded, in index
         order;
      4. ``Skip(target)`` for each seat that may be targeted, in seat order,
         or ``Skip(None)`` when the player holds a Skip and nobody may be.

    - ``HAND_OVER``: ``(NextHand(),)``. ``GAME_OVER``: ``()``.

    Every move listed is accepted by :func:`~phase10.apply`, and a move of
    these kinds that is not listed is refused (but for the other spellings
    of hits above and the larger lays below). Each move listed has passed
    its own ``verify_…`` check; lays are the costly part, each one checked
    by :func:`~phase10.verify_lay_phase`.

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

    >>> from phase10 import new_game, view
    >>> game = new_game(2, seed=7)
    >>> legal_actions(game)
    (Draw(source=<Pile.DRAW: 'draw'>), Draw(source=<Pile.DISCARD: 'discard'>))
    >>> legal_actions(view(game, game.current)) == legal_actions(game)
    True
    >>> legal_actions(view(game, 1 - game.current))
    ()

    .. versionadded:: 0.1
    """
    if isinstance(state, PlayerView):
        if state.step in _IN_TURN and (
            state.seat is None or state.seat != state.current
        ):
            return ()
        state = _surrogate(state)
    elif not isinstance(state, GameState):
        raise IllegalMove(
            f"expected a GameState or a PlayerView, not {type(state).__name__}"
        )
    if state.step is Step.PLAY:
        return _play_actions(state)
    actions: list[Action] = []
    if state.step is Step.DRAW:
        for source in (Pile.DRAW, Pile.DISCARD):
            try:
                verify_draw(state, source)
            except Phase10Error:
                continue
            actions.append(Draw(source))
    else:
        try:
            verify_next_hand(state)
        except Phase10Error:
            return ()
        actions.append(NextHand())
    return tuple(actions)


def _play_actions(state: GameState) -> tuple[Action, ...]:
    """The legal moves of a ``PLAY`` step, in :func:`legal_actions`'s order."""
    actions: list[Action] = list(_lays(state))
    faces = sorted(set(state.players[state.current].hand))
    table = state.table
    either_end = (End.LOW, End.HIGH)
    for card in faces:
        for index, meld in enumerate(table):
            ends = either_end if card.is_wild and meld.kind.is_run else (None,)
            for end in ends:
                try:
                    verify_hit(state, card, index, end=end)
                except Phase10Error:
                    continue
                actions.append(Hit(card, index, end))
    for card in faces:
        try:
            verify_discard(state, card)
        except Phase10Error:
            continue
        actions.append(Discard(card))
    for target in (*range(len(state.players)), None):
        try:
            verify_skip(state, target)
        except Phase10Error:
            continue
        actions.append(Skip(target))
    return tuple(actions)


def _lays(state: GameState) -> list[LayPhase]:
    """Every minimal lay of the current phase that ``lay_phase`` accepts now."""
    seat = state.current
    phase = state.phase_of(seat)
    if phase is None:
        return []
    hand = state.players[seat].hand
    naturals = state.rules.naturals
    way = find_phase(hand, phase, state.rules)
    if way is None:
        return []
    # Every minimal lay holds the same number of cards and passes the same
    # judge as the solver's answer, so if the answer is refused (the phase is
    # down already, or it would empty the hand when that is not allowed), so
    # is every lay: no need to enumerate them.
    try:
        verify_lay_phase(state, way)
    except Phase10Error:
        return []
    lays = []
    for groups in _minimal_lays(hand, phase, naturals):
        try:
            verify_lay_phase(state, groups)
        except Phase10Error:  # pragma: no cover - the enumeration builds only lays
            continue
        lays.append(LayPhase(groups))
    return lays


# --- enumerating lays ---------------------------------------------------------------

_WILD: Final = WILD.index
_HIGHEST: Final = 12
_COLORS: Final = 4

_Group = tuple[int, ...]
"""A group as its cards' indices, in laid order."""


def _face(number: int, color: int) -> int:
    return (number - 1) * _COLORS + color


def _pooled_groups(
    counts: Sequence[int],
    size: int,
    pools: Sequence[tuple[int, ...]],
    per_group: bool,
) -> list[_Group]:
    """Groups of ``size`` cards drawn from one pool (a number's faces for a
    set, a colour's for a colour group) topped up with Wilds; and the group of
    Wilds alone unless every group needs a natural card (R5, R7, R10, R11).
    Each group's indices are ascending, Wilds last."""
    wilds = counts[_WILD]
    least = max(1, size - wilds)
    out: list[_Group] = []
    for pool in pools:
        held = [face for face in pool for _ in range(counts[face])]
        if len(held) < least:
            continue
        for natural in range(least, min(size, len(held)) + 1):
            pad = (_WILD,) * (size - natural)
            # Combinations of sorted cards give each sub-multiset in order,
            # equal ones next to each other.
            out.extend(
                group + pad for group in dict.fromkeys(combinations(held, natural))
            )
    if not per_group and wilds >= size:
        out.append((_WILD,) * size)
    return out


def _run_groups(
    counts: Sequence[int],
    size: int,
    palettes: Sequence[tuple[int, ...]],
    per_group: bool,
) -> list[_Group]:
    """Runs of ``size`` cards, lowest first, each place a card of its number
    in one of a palette's colours or a Wild (R6, R8, R10, R11); and the run of
    Wilds alone unless every group needs a natural card. A run has one
    palette of every colour, a colour run one palette per colour."""
    wilds = counts[_WILD]
    out: list[_Group] = []
    for palette in palettes:
        options = [
            [face for face in faces if counts[face]] for faces in _BY_NUMBER[palette]
        ]
        if wilds:
            for faces in options:
                faces.append(_WILD)
        for low in range(_HIGHEST - size + 1):
            places = options[low : low + size]
            if wilds < size - 1:
                gaps = sum(1 for faces in places if not faces or faces[0] == _WILD)
                if gaps > wilds:
                    continue
                out.extend(
                    run
                    for run in product(*places)
                    if run.count(_WILD) <= wilds and run.count(_WILD) < size
                )
            else:
                out.extend(run for run in product(*places) if run.count(_WILD) < size)
    if not per_group and wilds >= size:
        out.append((_WILD,) * size)
    return out


_SET_POOLS: Final = tuple(
    tuple(_face(number, color) for color in range(_COLORS))
    for number in range(1, _HIGHEST + 1)
)
_COLOR_POOLS: Final = tuple(
    tuple(_face(number, color) for number in range(1, _HIGHEST + 1))
    for color in range(_COLORS)
)
_RUN_PALETTES: Final = (tuple(range(_COLORS)),)
_COLOR_RUN_PALETTES: Final = tuple((color,) for color in range(_COLORS))
_BY_NUMBER: Final = {
    palette: tuple(
        tuple(_face(number, color) for color in palette)
        for number in range(1, _HIGHEST + 1)
    )
    for palette in (*_RUN_PALETTES, *_COLOR_RUN_PALETTES)
}
"""For each palette, the faces of each number 1-12 in its colours."""


def _groups_for(
    kind: GroupKind, size: int, counts: Sequence[int], per_group: bool
) -> list[_Group]:
    """Every group of ``kind`` and exactly ``size`` cards that ``counts`` can make."""
    if kind is GroupKind.SET:
        return _pooled_groups(counts, size, _SET_POOLS, per_group)
    if kind is GroupKind.COLOR:
        return _pooled_groups(counts, size, _COLOR_POOLS, per_group)
    if kind is GroupKind.RUN:
        return _run_groups(counts, size, _RUN_PALETTES, per_group)
    return _run_groups(counts, size, _COLOR_RUN_PALETTES, per_group)


_Choice = tuple[int, int, _Group]
"""A possible group: the cards it takes (packed as below), how many Wilds it
holds, and its cards' indices."""


def _minimal_lays(
    hand: Sequence[Card], phase: PhaseSpec, naturals: NaturalRule
) -> list[tuple[tuple[Card, ...], ...]]:
    """Every way to make ``phase`` from ``hand`` with minimal groups (R4-R14).

    Groups are in the order of ``phase.groups``, each exactly its
    requirement's minimum size; a set's or colour group's cards sorted, a
    run's lowest first with each Wild at the place of the number it stands
    for. Ways are distinct up to cards of the same face and up to the order
    of groups that meet identical requirements (those come in non-decreasing
    order), and come sorted by their cards' indices.

    Each requirement's possible groups are listed once, from the whole hand;
    the search then picks one group per requirement, fewest choices first,
    keeping those the cards left can still supply. The judge of groups is
    not consulted here: the callers confirm each lay with it.
    """
    counts = [0] * len(FACES)
    for card in hand:
        counts[card.index] += 1
    counts[SKIP.index] = 0  # never part of a group (R12)
    wanted = phase.groups
    k = len(wanted)
    per_group = naturals is NaturalRule.PER_GROUP
    need_one = naturals is NaturalRule.PER_PHASE
    listed: dict[tuple[GroupKind, int], list[_Choice]] = {}
    choices: list[list[_Choice]] = []
    for requirement in wanted:
        key = (requirement.kind, requirement.size)
        if key not in listed:
            groups = _groups_for(requirement.kind, requirement.size, counts, per_group)
            groups.sort()
            listed[key] = [
                (sum(map(_UNIT.__getitem__, group)), group.count(_WILD), group)
                for group in groups
            ]
        if not listed[key]:
            return []
        choices.append(listed[key])
    # Identical requirements have the same choices; each takes a choice no
    # earlier than its twin's, so each way is found in one order only.
    twin = [
        max((i for i in range(j) if wanted[i] == wanted[j]), default=-1)
        for j in range(k)
    ]
    order = sorted(range(k), key=lambda j: (len(choices[j]), j))
    chosen = [0] * k
    found: list[tuple[int, ...]] = []

    def place(step: int, left: int, natural: bool) -> None:
        if step == k:
            if natural or not need_one:
                found.append(tuple(chosen))
            return
        j = order[step]
        options = choices[j]
        for i in range(chosen[twin[j]] if twin[j] >= 0 else 0, len(options)):
            rest = left - options[i][0]
            if rest & _GUARDS == _GUARDS:
                chosen[j] = i
                place(step + 1, rest, natural or options[i][1] < len(options[i][2]))

    place(
        0,
        _GUARDS + sum(_UNIT[face] * count for face, count in enumerate(counts)),
        False,
    )
    # Each requirement's choices are sorted, so sorting the ways by the
    # choices they make sorts them by their cards.
    found.sort()
    cards: dict[_Group, tuple[Card, ...]] = {}
    for options in choices:
        for _, _, group in options:
            if group not in cards:
                cards[group] = tuple(map(FACES.__getitem__, group))
    return [tuple(cards[choices[j][i][2]] for j, i in enumerate(way)) for way in found]


# Card counts packed in one integer, a byte per face: the low seven bits hold
# the count, the top bit is a guard. Taking a group's cards away leaves every
# guard set exactly when the counts can supply them. (A hand never holds 128
# cards of one face.)
_BITS: Final = 8
_UNIT: Final = tuple(1 << (_BITS * face) for face in range(len(FACES)))
_GUARDS: Final = sum(unit << (_BITS - 1) for unit in _UNIT)
