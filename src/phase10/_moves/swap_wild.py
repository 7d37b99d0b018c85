"""A house rule's move: taking a Wild back from the table (R50).

With ``Rules.swap_wilds``, a player whose phase is down may, in their turn,
put on a group of the table the natural card that one of its Wilds stands
for, and take that Wild into their hand. The judge of groups decides which
Wild a card may replace: the group with the card in the Wild's place must
stand for exactly what it stood for before. The judge, the builder, the move
and the listing of the swaps, as in every module of this package.
"""

from __future__ import annotations

from typing import Final

from .._actions import SwapWild
from .._cards import WILD, Card, CardLike, as_card
from .._errors import (
    CannotHit,
    CardDoesNotFit,
    CardNotInHand,
    NoSuchMeld,
    PhaseNotMet,
    UsageError,
    is_whole,
    shown,
)
from .._events import WildSwapped
from .._flow import Log, replace_player
from .._groups import judge_group
from .._state import GameState, Meld, Step, replace
from ._kernel import COPY_PLAYER, PLAY_STEP, MoveKind, forget, verify_turn
from .hit import hit_barrier

__all__ = [
    "ROW",
    "play_swap_wild",
    "swap_candidates",
    "swap_place",
    "swap_wild",
    "verify_swap_wild",
]


def swap_place(meld: Meld, card: Card, wrap: bool) -> int | None:
    """The place in ``meld`` of the Wild that ``card`` may replace: the first
    Wild whose place the card takes with the group standing for the same
    number, colour and numbers as before (R13, R50); ``None`` if none."""
    if card.is_wild or card.is_skip or (meld.low is None and meld.kind.is_run):
        return None
    cards = meld.cards
    for place, held in enumerate(cards):
        if not held.is_wild:
            continue
        changed = (*cards[:place], card, *cards[place + 1 :])
        try:
            shape = judge_group(meld.kind, changed, 1, need_natural=False, wrap=wrap)
        except PhaseNotMet:
            continue
        if shape == meld.shape:
            return place
    return None


def _judge_swap(
    state: GameState, card: CardLike, meld: int, player: int | None
) -> tuple[Card, int]:
    """The judge of a swap: the card, and the place of the Wild it replaces."""
    the_card = as_card(card)
    if not is_whole(meld):
        raise UsageError(f"a group's number is a whole number, not {shown(meld)}")
    verify_turn(state, player, PLAY_STEP, "take a Wild from the table")
    if not state.rules.swap_wilds:
        raise CannotHit(
            "these rules leave a laid Wild on the table: it cannot be taken back",
            clause="R13",
        )
    barrier = hit_barrier(state)
    if barrier is not None:
        raise barrier.error()
    if not 0 <= meld < len(state.table):
        raise NoSuchMeld(
            f"there is no group {meld} on the table "
            f"({len(state.table)} groups, numbered from 0)",
            clause="R50",
        )
    if the_card not in state.players[state.current].hand:
        raise CardNotInHand(f"you do not hold {the_card}", clause="R50")
    place = swap_place(state.table[meld], the_card, state.rules.wrap_runs)
    if place is None:
        raise CardDoesNotFit(
            f"no Wild of group {meld} stands for {the_card}", clause="R50"
        )
    return the_card, place


def verify_swap_wild(
    state: GameState, card: CardLike, meld: int, *, player: int | None = None
) -> None:
    """Raise what :func:`swap_wild` would raise; else do nothing.

    .. versionadded:: 0.2
    """
    _judge_swap(state, card, meld, player)


def play_swap_wild(
    state: GameState, card: CardLike, meld: int, player: int | None, log: Log
) -> GameState:
    """:func:`swap_wild`, telling ``log`` the swap."""
    the_card, place = _judge_swap(state, card, meld, player)
    group = state.table[meld]
    cards = (*group.cards[:place], the_card, *group.cards[place + 1 :])
    changed = replace(group, cards=cards)
    seat = state.current
    if log is not None:
        log.append(WildSwapped(seat, the_card, meld, changed))
    me = state.players[seat]
    hand = list(me.hand)
    hand.remove(the_card)
    hand.append(WILD)
    # Everyone saw the Wild go into the hand (R24's reasoning, R50).
    known = (*forget(me.known, (the_card,)), WILD)
    mine = COPY_PLAYER(me, {"hand": tuple(hand), "known": known})
    table = (*state.table[:meld], changed, *state.table[meld + 1 :])
    return replace(
        state, players=replace_player(state.players, seat, mine), table=table
    )


def swap_wild(
    state: GameState, card: CardLike, meld: int, *, player: int | None = None
) -> GameState:
    """Put ``card`` on table group ``meld`` in place of the Wild that stands
    for it, and take that Wild into the hand (the house rule R50).

    .. versionadded:: 0.2
    """
    return play_swap_wild(state, card, meld, player, None)


def swap_candidates(state: GameState, faces: tuple[Card, ...]) -> list[SwapWild]:
    """Every swap the judge allows now: by card (each face in hand, in index
    order), then group on the table."""
    rules = state.rules
    if not rules.swap_wilds or not state.table or hit_barrier(state) is not None:
        return []
    wrap = rules.wrap_runs
    with_wilds = [
        (index, meld)
        for index, meld in enumerate(state.table)
        if any(card.is_wild for card in meld.cards)
    ]
    return [
        SwapWild(card, index)
        for card in faces
        for index, meld in with_wilds
        if swap_place(meld, card, wrap) is not None
    ]


ROW: Final = MoveKind(
    SwapWild,
    lambda s, a, p: verify_swap_wild(s, a.card, a.meld, player=p),
    lambda s, a, p, log: play_swap_wild(s, a.card, a.meld, p, log),
    swap_candidates,
    (Step.PLAY,),
    lambda rules: rules.swap_wilds,
)
"""The row of this kind of move in the table of moves."""
