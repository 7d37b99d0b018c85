"""Arranged deals for rule tests: deal exactly the hands a test needs."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from phase10 import Card, GameState, PlayerView, Rules, new_game, parse_cards

__all__ = ["all_cards", "arranged_deck", "deal", "player", "seen_player"]


def arranged_deck(
    rules: Rules,
    hands: Sequence[str],
    *,
    starter: str,
    draw_top: str = "",
    dealer: int = 0,
    seats: Sequence[int] | None = None,
    table: int | None = None,
) -> tuple[Card, ...]:
    """A deck order that deals ``hands[i]`` to seat ``i``, or to ``seats[i]``
    when only those seats of a ``table`` of that many are dealt in.

    Each hand is completed with cards from the rest of the deck, taken in
    the deck's own order but avoiding Wilds and Skips, so the hands hold only
    what the test names plus number cards in deck order (which may form runs:
    name all the cards of a hand where that matters). ``draw_top`` are the
    first cards of
    the draw pile, top first.
    """
    seats = list(range(len(hands))) if seats is None else list(seats)
    table = table if table is not None else max(seats) + 1
    order = sorted(seats, key=lambda seat: (seat - dealer - 1) % table)
    stock = Counter(rules.deck)
    wanted = [list(parse_cards(hand)) for hand in hands]
    fixed = [*parse_cards(starter), *parse_cards(draw_top)]
    for card in [c for hand in wanted for c in hand] + fixed:
        if stock[card] <= 0:
            raise ValueError(f"the deck has no more {card}")
        stock[card] -= 1
    fillers: list[Card] = []
    for card in rules.deck:
        if card.is_number and stock[card] > 0:
            fillers.append(card)
            stock[card] -= 1
    rest = list(stock.elements())  # the Wilds and Skips nobody asked for
    for hand in wanted:
        while len(hand) < rules.hand_size:
            hand.append(fillers.pop(0))
    dealt = [
        wanted[seats.index(seat)][round_]
        for round_ in range(rules.hand_size)
        for seat in order
    ]
    return (*dealt, *fixed, *fillers, *rest)


def deal(
    hands: Sequence[str],
    *,
    starter: str = "R1",
    draw_top: str = "",
    rules: Rules | None = None,
    dealer: int = 0,
    names: Sequence[str] | None = None,
    extra: Mapping[str, object] | None = None,
) -> GameState:
    """A new game whose first hand deals ``hands`` (one text per seat)."""
    rules = rules if rules is not None else Rules()
    deck = arranged_deck(
        rules, hands, starter=starter, draw_top=draw_top, dealer=dealer
    )
    players = list(names) if names is not None else len(hands)
    return new_game(players, rules, seed=1, dealer=dealer, deck=deck)


def all_cards(state: GameState) -> Counter[Card]:
    """Every card of the state, wherever it is: hands, piles and table."""
    found = Counter(state.draw_pile) + Counter(state.discard_pile)
    for player in state.players:
        found.update(player.hand)
        found.update(player.saved)
    for meld in state.table:
        found.update(meld.cards)
    return found


def player(state: GameState, seat: int, **changes: Any) -> GameState:
    """``state`` with some fields of one player changed."""
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], **changes)
    return attrs.evolve(state, players=tuple(players))


def seen_player(seen: PlayerView, seat: int, **changes: Any) -> PlayerView:
    """``seen`` with some fields of one player's public record changed."""
    players = list(seen.players)
    players[seat] = attrs.evolve(players[seat], **changes)
    return attrs.evolve(seen, players=tuple(players))
