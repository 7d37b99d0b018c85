"""The checks of a state or a view that the Masters Edition's options add
(R44-R48): the phases each player has done and attempts, and the save
piles. Called by :func:`~phase10.check_state` and
:func:`~phase10.check_view` (``_invariants.py``), which raise what these
raise: :class:`~phase10.InvalidState`, naming the field at fault.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from ._errors import FormatError
from ._json import at
from ._rules import PhaseChoice
from ._state import GameState, PlayerState, Step
from ._view import PlayerView, PublicPlayer

__all__ = [
    "InvalidState",
    "check_editions",
    "check_saved_view",
    "fail",
    "in_play",
    "place",
]


class InvalidState(FormatError):
    """A :class:`~phase10.GameState` or :class:`~phase10.PlayerView` that no
    game reaches, raised by :func:`~phase10.check_state` and
    :func:`~phase10.check_view` (and so by reading one from JSON). The
    message names the field at fault and why.

    .. versionadded:: 0.1
    """


def fail(where: str, message: str) -> InvalidState:
    return InvalidState(f"{where}: {message}" if where else message)


def place(where: str, number: int, key: str) -> str:
    return f"{at(where, 'players')}[{number}].{key}"


def in_play(game: GameState | PlayerView) -> bool:
    return game.step is Step.DRAW or game.step is Step.PLAY or game.step is Step.CHOOSE


def check_saved_view(seen: PlayerView, where: str) -> None:
    """The save piles a view shows agree with their sizes (R46, R48)."""
    hidden = seen.rules.saved_cards_hidden
    for number, player in enumerate(seen.players):
        saved_at = place(where, number, "saved")
        if hidden and player.saved:
            raise fail(saved_at, "saved cards are face down under these rules")
        if not hidden and len(player.saved) != player.saved_size:
            raise fail(
                saved_at,
                f"holds {len(player.saved)} cards, but saved_size is "
                f"{player.saved_size}",
            )
    mine = seen.seat
    wanted = 0 if mine is None else seen.players[mine].saved_size
    if len(seen.saved) != wanted:
        raise fail(
            at(where, "saved"),
            f"holds {len(seen.saved)} cards, but the seat's save pile has {wanted}",
        )
    if mine is not None and not hidden and seen.saved != seen.players[mine].saved:
        raise fail(at(where, "saved"), "is not the seat's save pile shown to all")


def check_editions(
    game: GameState | PlayerView, where: str, saved_sizes: Sequence[int]
) -> None:
    """The phases done, the phase attempted and the save piles are as play
    leaves them under the rules' choice of phases and saves (R44-R48)."""
    rules = game.rules
    choice = rules.phase_choice
    all_phases = len(rules.phases)
    players: Sequence[PlayerState | PublicPlayer] = game.players
    if game.step is Step.CHOOSE and (choice is not PhaseChoice.CHOSEN or game.tiebreak):
        raise fail(
            at(where, "step"),
            "phases are chosen at the start of a hand only under "
            "PhaseChoice.CHOSEN, and never in a tie-break hand (R44)",
        )
    if game.step is Step.CHOOSE:
        _check_choosing(game, where)
    in_turn = game.step is Step.DRAW or game.step is Step.PLAY
    for number, player in enumerate(players):
        done = player.phases_done
        if choice is PhaseChoice.IN_ORDER:
            if done is not None:
                raise fail(
                    place(where, number, "phases_done"),
                    "expected null: these rules play the phases in order",
                )
            if player.active is not None:
                raise fail(
                    place(where, number, "active"),
                    "expected null: these rules play the phases in order",
                )
        else:
            if done is None and player.completed:
                raise fail(
                    place(where, number, "phases_done"),
                    f"expected the {player.completed} phases completed, not null",
                )
            if done is not None:
                if len(done) != player.completed or any(
                    not 0 <= index < all_phases for index in done
                ):
                    raise fail(
                        place(where, number, "phases_done"),
                        f"expected {player.completed} phase indices from 0 to "
                        f"{all_phases - 1}, one for each phase completed",
                    )
                if any(a >= b for a, b in itertools.pairwise(done)):
                    raise fail(
                        place(where, number, "phases_done"),
                        "the phases must be listed once each, in increasing order",
                    )
            active = player.active
            if active is not None and in_play(game) and active in player.done():
                raise fail(
                    place(where, number, "active"),
                    f"phase {active + 1} is completed already: it is not attempted",
                )
            playing = number in game.contenders and not game.tiebreak
            if choice is PhaseChoice.CHOSEN:
                if in_turn and playing and active is None:
                    raise fail(
                        place(where, number, "active"),
                        "every player has chosen a phase before play begins (R44)",
                    )
                if (
                    game.step is Step.CHOOSE
                    and number == game.current
                    and active is not None
                ):
                    raise fail(
                        place(where, number, "active"),
                        "the player choosing now has not chosen yet (R44)",
                    )
            elif (
                active is not None
                and not player.laid_down
                and not (in_turn and number == game.current and game.step is Step.PLAY)
            ):
                raise fail(
                    place(where, number, "active"),
                    "a phase is declared in the turn it is laid, and lapses at "
                    "the end of a turn it is not laid in (R45)",
                )
        if (
            player.laid_down
            and choice is not PhaseChoice.IN_ORDER
            and player.active is None
            and not game.tiebreak
        ):
            raise fail(
                place(where, number, "active"),
                "a player who laid down laid a phase they chose or declared",
            )
        size = saved_sizes[number]
        if not rules.save_skips and any(card.is_skip for card in player.saved):
            raise fail(
                place(where, number, "saved"),
                "these rules do not let a Skip be saved (R46)",
            )
        if size and not rules.saves_per_hand:
            raise fail(place(where, number, "saved"), "these rules save no cards (R46)")
        if size > rules.most_saved:
            raise fail(
                place(where, number, "saved"),
                f"holds {size} cards, more than most_saved ({rules.most_saved})",
            )
        if not rules.draw_saved_same_hand and player.saved_now > size:
            raise fail(
                place(where, number, "saved_now"),
                f"is {player.saved_now}, more than the {size} cards saved: cards "
                "saved this hand stay until a later hand (R47)",
            )


def _check_choosing(game: GameState | PlayerView, where: str) -> None:
    """Phases are chosen between the deal and the first draw (R44): nothing
    has been played yet, and the players choose in turn from the dealer's
    left, skipping those with one phase left, who have no choice to make."""
    problem = _played_since_the_deal(game)
    if problem is not None:
        raise fail(
            at(where, "step"),
            "phases are chosen at the start of a hand, before anyone draws "
            f"(R44), but {problem}",
        )
    count = len(game.players)
    order = [(game.dealer + step) % count for step in range(1, count + 1)]
    turn = order.index(game.current)
    all_phases = len(game.rules.phases)
    for later, number in enumerate(order):
        player = game.players[number]
        forced = len(player.done()) == all_phases - 1
        if later < turn and player.active is None:
            raise fail(
                place(where, number, "active"),
                f"seat {number} chooses before seat {game.current}, so has "
                "chosen already (R44)",
            )
        if later > turn and player.active is not None and not forced:
            raise fail(
                place(where, number, "active"),
                f"seat {number} chooses after seat {game.current}, so has not "
                "chosen yet (R44)",
            )


def _played_since_the_deal(game: GameState | PlayerView) -> str | None:
    """What shows that the hand of ``game`` has been played since it was
    dealt, or ``None`` if nothing does."""
    if isinstance(game, PlayerView):
        discards, starter = game.discard_size, game.discard_top
        sizes = [player.hand_size for player in game.players]
    else:
        discards = len(game.discard_pile)
        starter = game.discard_pile[0] if game.discard_pile else None
        sizes = [len(player.hand) for player in game.players]
    if discards != 1:
        return f"the discard pile holds {discards} cards, not the starter alone"
    if game.table:
        return "there are groups on the table"
    if game.turn_slot or game.laid_this_turn:
        return "a turn has been played"
    dealt = game.rules.hand_size
    count = len(game.players)
    first = (game.dealer + 1) % count
    players: Sequence[PlayerState | PublicPlayer] = game.players
    for number, player in enumerate(players):
        if sizes[number] != dealt:
            return f"seat {number} holds {sizes[number]} cards, not the {dealt} dealt"
        if player.laid_down or player.saved_now or player.known:
            return f"seat {number} has played since the deal"
        owed = int(number == first and starter is not None and starter.is_skip)
        if player.skips_pending != owed or player.skipped_in_slot is not None:
            return f"seat {number} has been skipped since the deal"
    return None
