"""The flow of a game: dealing, the order of turns, and the end of a hand.

The moves (the package :mod:`._moves`, a module for each kind) call these
helpers to start the next turn or to end the hand; dealing a hand and
reading back the order a hand was dealt from stand side by side
(:func:`deal`, :func:`dealt_from`). Each helper takes ``log``, a list the
move's events are added to as they happen, or ``None`` when nobody asked for events (the
common case for bots, which then pay nothing for them). The list is the
move's own, made for one call: no state is ever changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ._cards import Card
from ._errors import (
    RulesError,
    UsageError,
    WrongStep,
    is_whole,
    seat_problem,
    seat_type_error,
    shown,
)
from ._events import DrawPileShuffled, Event, GameEnded, HandDealt, HandEnded, TurnLost
from ._limits import MAX_HANDS
from ._rules import OFFICIAL, EmptyDrawPile, PhaseChoice, Rules
from ._shuffle import fresh_seed, seed_problem, shuffled
from ._state import GameState, PlayerState, Step, copier, replace

__all__ = [
    "MAX_HANDS",
    "MAX_TURNS_PER_HAND",
    "Log",
    "begin_turn",
    "credit",
    "deal",
    "dealt_cards",
    "dealt_from",
    "decide",
    "end_hand",
    "new_game",
    "new_game_with_events",
    "next_seat",
    "pass_turn_barrier",
    "replace_player",
    "seats_from",
]

Log = list[Event] | None
"""Where a move writes its events, or ``None`` for no events."""

# Read at every turn; an enum member read from its class costs several
# times a global's lookup.
_DRAW_STEP: Final = Step.DRAW
_END_HAND: Final = EmptyDrawPile.END_HAND

MAX_TURNS_PER_HAND: Final = 1_000_000_000
"""The most turn slots a hand may last. A hand of the official game takes
under 200; only a custom deck can make a hand that never ends (ruling 36),
and a program that plays one stops long before this by its own limit."""


# --- setting up ------------------------------------------------------------


def new_game(
    players: int | Sequence[str],
    rules: Rules | None = None,
    *,
    seed: int | None = None,
    dealer: int = 0,
    deck: Sequence[Card] | None = None,
) -> GameState:
    """Start a game and deal its first hand (R3, R18, R19).

    ``players`` is a number of players or their names in seat order. The
    deck is shuffled from ``seed``; with ``seed=None`` a fresh seed comes
    from the operating system. ``deck``, if given, is the exact order to deal
    from (top card first) instead of a shuffle. Raises :class:`RulesError`
    for a game that cannot be set up as asked.

    The seed is a secret: whoever knows it knows every hand. A small seed can
    be found from one player's view by trying every seed in turn, so games
    for real people should use ``seed=None`` (or a seed of 128 random bits
    kept on the server); small seeds are for tests and replays.

    >>> game = new_game(["Ann", "Bob"], seed=7)
    >>> [len(p.hand) for p in game.players], game.current, game.step.name
    ([10, 10], 1, 'DRAW')

    .. versionadded:: 0.1
    """
    return _start(players, rules, seed, dealer, deck, None)


def new_game_with_events(
    players: int | Sequence[str],
    rules: Rules | None = None,
    *,
    seed: int | None = None,
    dealer: int = 0,
    deck: Sequence[Card] | None = None,
) -> tuple[GameState, tuple[Event, ...]]:
    """:func:`new_game`, and the events of the first deal, as
    :func:`~phase10.apply_with_events` gives those of a move.

    The events are a :class:`~phase10.HandDealt` and, when the card turned
    up to start the discard pile is a Skip, the :class:`~phase10.TurnLost`
    of the first player (R27): what a front end tells before the first
    move. Every one of them is public.

    >>> game, dealt = new_game_with_events(["Ann", "Bob"], seed=7)
    >>> [event.describe(["Ann", "Bob"]) for event in dealt]
    ['Ann deals hand 1; the discard pile starts with Y11']

    .. versionadded:: 0.2
    """
    log: list[Event] = []
    state = _start(players, rules, seed, dealer, deck, log)
    return state, tuple(log)


def _start(
    players: int | Sequence[str],
    rules: Rules | None,
    seed: int | None,
    dealer: int,
    deck: Sequence[Card] | None,
    log: Log,
) -> GameState:
    if rules is None:
        rules = OFFICIAL
    elif not isinstance(rules, Rules):
        raise UsageError(f"rules must be a Rules record, not {shown(rules)}")
    names = _player_names(players, rules)
    wrong = seat_type_error(dealer)
    if wrong is not None:
        raise wrong
    problem = seat_problem(dealer, len(names))
    if problem is not None:
        raise RulesError(f"the dealer: {problem}")
    if seed is None:
        seed = fresh_seed()
    elif not is_whole(seed):
        raise UsageError(f"a seed is a whole number, not {shown(seed)}")
    problem = seed_problem(seed)
    if problem is not None:
        raise RulesError(problem)
    state = GameState(
        rules=rules,
        players=tuple(PlayerState(name) for name in names),
        current=dealer,
        dealer=dealer,
        step=Step.HAND_OVER,
        draw_pile=(),
        discard_pile=(),
        contenders=tuple(range(len(names))),
        seed=seed,
    )
    return deal(state, deck, log)


def _player_names(players: int | Sequence[str], rules: Rules) -> tuple[str, ...]:
    wanted = f"this game is for {rules.min_players} to {rules.max_players} players"
    if isinstance(players, bool):
        raise UsageError("players is a number of players or a list of names")
    if isinstance(players, str):
        raise UsageError(
            "players is a number of players or a list of names, not one name"
        )
    if isinstance(players, int):
        if not rules.min_players <= players <= rules.max_players:
            raise RulesError(f"{wanted}, not {shown(players)}")
        return tuple(f"Player {i + 1}" for i in range(players))
    try:
        names = tuple(players)
    except TypeError:
        raise UsageError(
            f"players is a number of players or a list of names, not {shown(players)}"
        ) from None
    for name in names:
        if not isinstance(name, str):
            raise UsageError(f"a player's name is a text, not {shown(name)}")
        if not name.strip():
            raise RulesError(f"a player's name is a non-empty text, not {shown(name)}")
    if not rules.min_players <= len(names) <= rules.max_players:
        raise RulesError(f"{wanted}, not {len(names)}")
    return names


def _deck_order(
    state: GameState, deck: Sequence[Card] | None
) -> tuple[tuple[Card, ...], int]:
    """The order to deal from, and the game's shuffle count after it (R19, R41)."""
    rules = state.rules
    cards = dealt_cards(state)
    if deck is None:
        return shuffled(cards, state.seed, state.shuffles), state.shuffles + 1
    if isinstance(deck, str):  # its letters are no cards
        raise UsageError(f"deck is a sequence of Cards, not the text {shown(deck)}")
    try:
        order = tuple(deck)
    except TypeError:
        raise UsageError(f"deck is a sequence of Cards, not {shown(deck)}") from None
    for card in order:
        if not isinstance(card, Card):
            raise UsageError(
                f"deck is a sequence of Cards, such as standard_deck(), not of "
                f"{type(card).__name__}: it holds {shown(card)}"
            )
    if sorted(order) != sorted(cards):
        if cards is rules.deck:
            raise RulesError(
                "the deck to deal from must hold exactly the cards of the rules' "
                "deck, in any order"
            )
        raise RulesError(
            "the deck to deal from must hold exactly the cards of the rules' "
            "deck but those in the players' save piles, in any order (R46)"
        )
    return order, state.shuffles


def dealt_cards(state: GameState) -> tuple[Card, ...]:
    """The cards a hand is dealt from: the rules' deck, but the cards in the
    players' save piles, which stay there from hand to hand (R46)."""
    deck = state.rules.deck
    saved = [card for player in state.players for card in player.saved]
    if not saved:
        return deck
    cards = list(deck)
    for card in saved:
        cards.remove(card)
    return tuple(cards)


def seats_from(state: GameState, seat: int) -> list[int]:
    """The seats playing this hand, clockwise, starting after ``seat``."""
    n = len(state.players)
    playing = set(state.contenders)
    return [s % n for s in range(seat + 1, seat + 1 + n) if s % n in playing]


def deal(state: GameState, deck: Sequence[Card] | None, log: Log) -> GameState:
    """Deal a hand to ``state.contenders`` for ``state.dealer`` (R18, R19, R27)."""
    order, shuffles = _deck_order(state, deck)
    hand_size = state.rules.hand_size
    seats = seats_from(state, state.dealer)
    hands: dict[int, list[Card]] = {seat: [] for seat in seats}
    dealt = hand_size * len(seats)
    for i in range(dealt):
        hands[seats[i % len(seats)]].append(order[i])
    starter = order[dealt]
    first = seats[0]
    if log is not None:
        log.append(HandDealt(state.hand_number, state.dealer, starter, state.tiebreak))
    choosing = state.rules.phase_choice is PhaseChoice.CHOSEN and not state.tiebreak
    players = tuple(
        replace(
            player,
            hand=tuple(hands.get(seat, ())),
            known=(),
            laid_down=False,
            skips_pending=1 if seat == first and starter.is_skip else 0,
            skipped_in_slot=None,
            active=_only_phase(state.rules, player) if choosing else None,
            saved_now=0,
        )
        for seat, player in enumerate(state.players)
    )
    dealt_state = replace(
        state,
        players=players,
        current=first,
        step=Step.DRAW,
        draw_pile=order[dealt + 1 :],
        discard_pile=(starter,),
        table=(),
        turn_slot=0,
        laid_this_turn=False,
        went_out=None,
        hand_points=None,
        shuffles=shuffles,
    )
    if choosing:
        waiting = [seat for seat in seats if players[seat].active is None]
        if waiting:  # each chooses their phase before anyone draws (R44)
            return replace(dealt_state, current=waiting[0], step=Step.CHOOSE)
    return begin_turn(dealt_state, players, first, 0, (starter,), log)


_DEALT_STEPS: Final = (Step.DRAW, Step.CHOOSE)


def dealt_from(after: GameState) -> tuple[Card, ...] | None:
    """The deck order a freshly dealt ``after`` was dealt from, or ``None``.

    Nobody has drawn yet (the players may be choosing their phases, R44),
    so the hands, the starter and the draw pile give the order back: one
    card at a time to each player from the dealer's left.
    """
    if after.step not in _DEALT_STEPS or len(after.discard_pile) != 1:
        return None
    seats = seats_from(after, after.dealer)
    hands = [after.players[seat].hand for seat in seats]
    size = after.rules.hand_size
    if any(len(hand) != size for hand in hands):
        return None
    dealt = [hands[i % len(seats)][i // len(seats)] for i in range(size * len(seats))]
    return (*dealt, after.discard_pile[0], *after.draw_pile)


def _only_phase(rules: Rules, player: PlayerState) -> int | None:
    """The phase a player attempts with no choice to make, because it is the
    only one left to them (R44); else ``None``: they choose."""
    done = player.done()
    if len(done) != len(rules.phases) - 1:
        return None
    return next(index for index in range(len(rules.phases)) if index not in done)


# --- the order of turns -------------------------------------------------------


# A turn that passes to the next player takes one turn slot, plus one for
# each turn lost to a Skip on the way (at most the turns owed to Skips, and
# one more for a Skip played now). While the slot is this far below the limit
# nothing needs counting: a state owes at most MAX_PLAYERS * MAX_OWED (20,000)
# turns to Skips.
_TURNS_SURELY_LEFT: Final = MAX_TURNS_PER_HAND - 1_000_000


def pass_turn_barrier(
    state: GameState, skipping: bool, going_out: bool
) -> WrongStep | None:
    """Why the turn may not pass to the next player now, or ``None``: the hand
    has used up its turn slots (:data:`MAX_TURNS_PER_HAND`, R36).

    Asked by the judges of the moves that end a turn (a discard, a Skip), so
    that :func:`~phase10.can_discard`, :func:`~phase10.legal_actions` and the
    moves agree at the limit. A move ``going_out`` ends the hand instead and
    passes no turn. ``skipping`` counts the turn a Skip played now will
    take. The count is an upper bound of the slots the next turn may start
    at: every turn lost on the way to it is counted.
    """
    slot = state.turn_slot
    if going_out or slot <= _TURNS_SURELY_LEFT:
        return None
    pending = sum(player.skips_pending for player in state.players)
    if slot + 1 + pending + skipping <= MAX_TURNS_PER_HAND:
        return None
    return WrongStep(
        f"this hand has lasted {MAX_TURNS_PER_HAND:,} turns, the most a hand "
        "may: it cannot go on, but a player may still go out",
        clause="R36",
    )


def next_seat(state: GameState, seat: int) -> int:
    """The next seat to the left that plays this hand (R20)."""
    if not state.tiebreak:
        return (seat + 1) % len(state.players)
    return seats_from(state, seat)[0]


def begin_turn(
    state: GameState,
    players: tuple[PlayerState, ...],
    seat: int,
    slot: int,
    discard_pile: tuple[Card, ...],
    log: Log,
) -> GameState:
    """Start turn slot ``slot`` at ``seat``: pass over lost turns, refill the
    draw pile (R25-R27). Builds the new state once, from ``state`` and the
    parts of it the move has changed."""
    while players[seat].skips_pending > 0:
        lost = players[seat]
        if log is not None:
            log.append(TurnLost(seat))
        players = replace_player(
            players, seat, replace(lost, skips_pending=lost.skips_pending - 1)
        )
        seat = next_seat(state, seat)
        slot += 1
    draw_pile = state.draw_pile
    shuffles = state.shuffles
    if not draw_pile:
        rules = state.rules
        if rules.on_empty_draw_pile is _END_HAND or len(discard_pile) < 2:
            ended = replace(
                state,
                players=players,
                current=seat,
                turn_slot=slot,
                discard_pile=discard_pile,
            )
            return end_hand(ended, None, log)
        draw_pile = shuffled(discard_pile[1:], state.seed, shuffles)
        discard_pile = discard_pile[:1]
        shuffles += 1
        if log is not None:
            log.append(DrawPileShuffled(len(draw_pile)))
    return _COPY_STATE(
        state,
        {
            "players": players,
            "current": seat,
            "turn_slot": slot,
            "step": _DRAW_STEP,
            "laid_this_turn": False,
            "draw_pile": draw_pile,
            "discard_pile": discard_pile,
            "shuffles": shuffles,
        },
    )


_COPY_STATE: Final = copier(GameState)


def replace_player(
    players: tuple[PlayerState, ...], seat: int, player: PlayerState
) -> tuple[PlayerState, ...]:
    """``players`` with the one at ``seat`` replaced."""
    changed = list(players)
    changed[seat] = player
    return tuple(changed)


# --- ending a hand and the game ---------------------------------------------


def end_hand(state: GameState, went_out: int | None, log: Log) -> GameState:
    """Score the hand, credit phases and decide what comes next (R33-R39)."""
    rules = state.rules
    counted = rules.points
    # Saved cards that score count for the seats that played the hand: not
    # for those left out of a tie-break hand (R38, R48).
    saved = rules.saved_cards_score
    points = tuple(
        (0 if seat == went_out else counted.total(player.hand))
        + (counted.total(player.saved) if saved and seat in state.contenders else 0)
        for seat, player in enumerate(state.players)
    )
    in_order = rules.phase_choice is PhaseChoice.IN_ORDER
    players = []
    for seat, player in enumerate(state.players):
        laid = None  # the index of the phase the hand credits to the player
        if player.laid_down or rules.everyone_advances:
            laid = player.completed if in_order else player.active
        completed, done = credit(
            rules, player.completed, player.phases_done, laid, state.tiebreak
        )
        players.append(
            replace(
                player,
                completed=completed,
                phases_done=done,
                score=player.score + points[seat],
                skips_pending=0,
            )
        )
    if log is not None:
        log.append(HandEnded(went_out, points))
    ended = replace(
        state,
        players=tuple(players),
        step=Step.HAND_OVER,
        went_out=went_out,
        hand_points=points,
    )
    winner, contenders = decide(
        rules,
        [player.score for player in players],
        [player.completed for player in players],
        ended.hand_number,
        ended.tiebreak,
        went_out,
    )
    if winner is not None:
        if log is not None:
            log.append(GameEnded(winner))
        return replace(ended, step=Step.GAME_OVER, winner=winner)
    if contenders is not None:
        return replace(ended, contenders=contenders, tiebreak=True)
    return ended


def credit(
    rules: Rules,
    completed: int,
    phases_done: tuple[int, ...] | None,
    laid: int | None,
    tiebreak: bool,
) -> tuple[int, tuple[int, ...] | None]:
    """A player's ``completed`` and ``phases_done`` after a hand in which they
    laid the phase of index ``laid`` (``None``: they laid none), R35, R39,
    R44, R45. In the classic game the phase laid is the next one; with a free
    order it is completed whichever it was. A tie-break hand credits nothing
    (R38). The engine's end of a hand and the scorekeeper share it."""
    if tiebreak or laid is None:
        return completed, phases_done
    if rules.phase_choice is PhaseChoice.IN_ORDER:
        return min(completed + 1, len(rules.phases)), phases_done
    done = tuple(range(completed)) if phases_done is None else phases_done
    if laid in done:
        return completed, phases_done
    done = tuple(sorted((*done, laid)))
    return len(done), done


def decide(
    rules: Rules,
    scores: Sequence[int],
    completed: Sequence[int],
    hand_number: int,
    tiebreak: bool,
    went_out: int | None,
) -> tuple[int | None, tuple[int, ...] | None]:
    """After hand ``hand_number``, with each seat's total ``scores`` and the
    phases it has ``completed``: the winner if the game is won, else the
    seats of a tie-break hand if one is due, else neither (R37-R39). The
    engine's end of a hand and the scorekeeper share it."""
    n_phases = len(rules.phases)
    if tiebreak:
        # No winner: the same players play another tie-break hand.
        return went_out, None
    if rules.everyone_advances:
        finalists = list(range(len(scores))) if hand_number >= n_phases else []
    else:
        finalists = [seat for seat, done in enumerate(completed) if done >= n_phases]
    if not finalists:
        return None, None
    lowest = min(scores[seat] for seat in finalists)
    best = tuple(seat for seat in finalists if scores[seat] == lowest)
    if len(best) == 1:
        return best[0], None
    return None, best
