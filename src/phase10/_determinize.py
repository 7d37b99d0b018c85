"""Whole states consistent with what one seat sees, for search (R41).

A player choosing a move knows their own hand, the table, the top of the
discard pile and a few cards others took from it, but not the rest. Search
methods such as determinized Monte Carlo ("information-set Monte Carlo")
deal the unseen cards at random many times and play each deal out:
:func:`determinize` makes one such deal from a view, and
:func:`with_draw_pile` lets search code choose the order of the draw pile
itself, for instance to treat a reshuffle as a chance event.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from ._cards import Card, CardLike, as_card
from ._errors import FormatError, RulesError, UsageError, shown
from ._state import GameState, replace
from ._view import PlayerView, seen_saved, state_from_view

__all__ = ["determinize", "with_draw_pile"]


def determinize(view: PlayerView, rng: random.Random) -> GameState:
    """A whole game state that ``view``'s seat cannot tell from the real one.

    Everything the view shows is kept: the seat's own hand, the table, the
    top of the discard pile, every public fact about the players, and the
    cards others are known to hold (taken from the discard pile). The
    cards the seat cannot see (the rest of the other hands, the draw pile,
    the discard pile below its top, and others' save piles when saved cards
    are face down) are the deck less the cards it can, dealt among those
    places at random by ``rng``, in the sizes the view gives. The state's
    seed, which decides later reshuffles, also comes from ``rng``. Nothing
    else is read, so nothing hidden can leak into the result:
    ``view(determinize(v, rng), v.seat) == v``.

    A spectator's view (``seat=None``) deals every hand at random.

    >>> import random
    >>> from phase10 import new_game, view
    >>> seen = view(new_game(3, seed=4), 1)
    >>> guess = determinize(seen, random.Random(0))
    >>> view(guess, 1) == seen, guess.players[1].hand == seen.hand
    (True, True)

    Raises :class:`~phase10.FormatError` for a view no game can show (more
    cards of a face than the deck holds, or sizes that do not add up), and
    :class:`~phase10.UsageError` for a ``view`` that is not a
    :class:`~phase10.PlayerView` or an ``rng`` that is not a
    :class:`random.Random`.

    .. versionadded:: 0.1
    """
    if not isinstance(view, PlayerView):
        raise UsageError(
            f"determinize takes a PlayerView (phase10.view(state, seat)), "
            f"not {type(view).__name__}"
        )
    if not isinstance(rng, random.Random):
        raise UsageError(
            f"determinize deals with a random.Random, such as random.Random(7), "
            f"not {shown(rng)}"
        )
    unseen = _unseen(view)
    wanted = [
        0 if seat == view.seat else public.hand_size - len(public.known)
        for seat, public in enumerate(view.players)
    ]
    # Save piles kept face down (R48) are hidden too, but for the seat's own.
    hidden_saved = [
        public.saved_size - len(seen_saved(view, seat))
        for seat, public in enumerate(view.players)
    ]
    below_top = view.discard_size - (view.discard_top is not None)
    if min(wanted, default=0) < 0 or below_top < 0 or view.draw_size < 0:
        raise FormatError("this view cannot come from a game: a size is negative")
    needed = sum(wanted) + sum(hidden_saved) + below_top + view.draw_size
    if min(hidden_saved, default=0) < 0 or needed != len(unseen):
        raise FormatError(
            f"this view cannot come from a game: it hides {len(unseen)} cards "
            f"but its sizes call for {needed}"
        )
    cards = _shuffled(unseen, rng)
    hidden_skipless: list[Card] = []
    hidden_total: int = sum(hidden_saved)
    if hidden_total and not view.rules.save_skips:
        # No Skip lies on a save pile under these rules (R46): the hidden
        # saved cards are dealt first, from the other cards alone.
        hidden_skipless = [card for card in cards if not card.is_skip]
        hidden_skipless = hidden_skipless[:hidden_total]
        if len(hidden_skipless) < hidden_total:
            raise FormatError(
                "this view cannot come from a game: its face-down save piles "
                "hold more cards than there are hidden cards that may be saved"
            )
        cards = _without_cards(cards, hidden_skipless)
    hands = []
    for seat, public in enumerate(view.players):
        if seat == view.seat:
            hands.append(view.hand)
        else:
            hands.append((*public.known, *cards[: wanted[seat]]))
            cards = cards[wanted[seat] :]
    saved = []
    for seat, count in enumerate(hidden_saved):
        if hidden_skipless:
            saved.append((*seen_saved(view, seat), *hidden_skipless[:count]))
            hidden_skipless = hidden_skipless[count:]
        else:
            saved.append((*seen_saved(view, seat), *cards[:count]))
            cards = cards[count:]
    top = () if view.discard_top is None else (view.discard_top,)
    dealt = state_from_view(
        view, hands, cards[below_top:], (*top, *cards[:below_top]), saved
    )
    return replace(dealt, seed=rng.getrandbits(64))


def _unseen(view: PlayerView) -> list[Card]:
    """The deck less every card ``view`` shows, in the deck's order."""
    left = Counter(view.rules.deck)
    shown_cards = [*view.hand, *(c for meld in view.table for c in meld.cards)]
    if view.discard_top is not None:
        shown_cards.append(view.discard_top)
    for seat, public in enumerate(view.players):
        if seat != view.seat:
            shown_cards.extend(public.known)
        shown_cards.extend(seen_saved(view, seat))
    left.subtract(shown_cards)
    too_many = sorted(card for card, count in left.items() if count < 0)
    if too_many:
        raise FormatError(
            f"this view cannot come from a game: it shows more {too_many[0]} "
            "cards than the deck holds"
        )
    return [card for card in view.rules.deck if _take(left, card)]


def _without_cards(cards: tuple[Card, ...], taken: list[Card]) -> tuple[Card, ...]:
    """``cards`` less the cards of ``taken``, which are among them, in order."""
    left = Counter(taken)
    return tuple(card for card in cards if not _take(left, card))


def _take(left: Counter[Card], card: Card) -> bool:
    if left[card] > 0:
        left[card] -= 1
        return True
    return False


def _shuffled(cards: list[Card], rng: random.Random) -> tuple[Card, ...]:
    """``cards`` in a random order from ``rng``, by Fisher-Yates.

    Drawn from ``rng.getrandbits`` alone, whose output for a seed Python
    keeps from version to version, so a seeded search repeats everywhere.
    """
    result = list(cards)
    for i in range(len(result) - 1, 0, -1):
        bits = (i + 1).bit_length()
        j = rng.getrandbits(bits)
        while j > i:
            j = rng.getrandbits(bits)
        result[i], result[j] = result[j], result[i]
    return tuple(result)


def with_draw_pile(state: GameState, cards: Iterable[CardLike]) -> GameState:
    """``state`` with its draw pile in the order ``cards`` (top card first).

    ``cards`` must be the draw pile's own cards, in any order. The engine
    reshuffles from the game's seed; search code that treats a reshuffle
    (or any draw) as a chance event of its own chooses the outcome with
    this: after a move whose events include
    :class:`~phase10.DrawPileShuffled`, or before a draw, put the order it
    picked in place.

    >>> from phase10 import new_game
    >>> game = new_game(2, seed=1)
    >>> stacked = with_draw_pile(game, sorted(game.draw_pile))
    >>> str(stacked.draw_pile[0]), sorted(stacked.draw_pile) == sorted(game.draw_pile)
    ('R1', True)

    Raises :class:`~phase10.RulesError` when ``cards`` are not the draw
    pile's cards.

    .. versionadded:: 0.1
    """
    if not isinstance(state, GameState):
        raise UsageError(f"expected a GameState, not {type(state).__name__}")
    try:
        order = tuple(as_card(card) for card in cards)
    except TypeError:
        raise UsageError(
            f"a draw pile is a sequence of cards, not {shown(cards)}"
        ) from None
    if Counter(order) != Counter(state.draw_pile):
        raise RulesError(
            "the new draw pile must hold exactly the cards of the draw pile, "
            "in any order"
        )
    return replace(state, draw_pile=order)
