"""What every kind of move shares: the turn kernel.

Each kind of move has a module of its own in this package (``draw``,
``lay``, ``hit``, ...). What they all ask or do is here, written once:
whose turn it is and whether the game goes on (:func:`verify_turn`),
taking cards from a hand (:func:`take_from_hand`), forgetting the known
cards a move plays (:func:`forget`), the end of a turn, whichever move
ends it (:func:`end_turn`; :func:`finish_turn` for one that leaves a card
on the discard pile), the lapse of a declared phase
(:func:`declaration_lapses`), the copies of a state and a player, and the
shape of a row of the table of moves (:class:`MoveKind`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import attrs

from .._actions import Action
from .._cards import Card
from .._errors import (
    CardNotInHand,
    GameOver,
    NoSuchSeat,
    NotYourTurn,
    UsageError,
    WrongStep,
    seat_problem,
    seat_type_error,
)
from .._flow import Log, begin_turn, end_hand, next_seat, replace_player
from .._immutable import Immutable
from .._rules import PhaseChoice, Rules
from .._state import GameState, Pile, PlayerState, Step, copier, replace

__all__ = [
    "CHOOSE_STEP",
    "COPY_PLAYER",
    "COPY_STATE",
    "DISCARD_PILE",
    "DRAW_PILE",
    "DRAW_STEP",
    "GAME_OVER",
    "HAND_OVER",
    "PLAY_STEP",
    "MoveKind",
    "check_game",
    "check_seat",
    "declaration_lapses",
    "end_turn",
    "finish_turn",
    "forget",
    "forget_hidden_one",
    "game_over",
    "take_from_hand",
    "verify_turn",
    "without",
]

# The steps and piles as module constants: an enum member read from its class
# costs several times a global's lookup, and these are read at every move.
DRAW_STEP: Final = Step.DRAW
PLAY_STEP: Final = Step.PLAY
CHOOSE_STEP: Final = Step.CHOOSE
HAND_OVER: Final = Step.HAND_OVER
GAME_OVER: Final = Step.GAME_OVER
DRAW_PILE: Final = Pile.DRAW
DISCARD_PILE: Final = Pile.DISCARD
COPY_STATE: Final = copier(GameState)
"""Copies a state with some fields changed (see :func:`~phase10._state.copier`)."""
COPY_PLAYER: Final = copier(PlayerState)
"""Copies a player with some fields changed."""


@attrs.frozen
class MoveKind(Immutable):
    """One kind of move: its record, its judge, its builder and the listing
    of the moves of its kind that the judge allows now."""

    record: type[Action]
    """The move's record; it carries its JSON name (``name``), its notation
    (``notation``, ``verbs``, ``words``) and its reader (``from_notation``)."""
    judge: Callable[[GameState, Any, int | None], object]
    """Raises the move's :class:`IllegalMove`, else returns (what it returns
    is the judge's own: the groups' shapes of a lay, the grown group of a hit)."""
    play: Callable[[GameState, Any, int | None, Log], GameState]
    """Judges, then builds the next state, adding the move's events to the log."""
    candidates: Callable[[GameState, tuple[Card, ...]], Sequence[Action]]
    """``candidates(state, faces)``: every move of this kind its judge allows
    now, in :func:`~phase10.legal_actions`'s order; ``faces`` are the
    distinct cards of the hand of the player to move, in index order."""
    steps: tuple[Step, ...]
    """The steps of a turn or game in which a move of this kind may be made:
    its candidates are listed only then."""
    offered: Callable[[Rules], bool] = lambda rules: True
    """Whether rules let a move of this kind be made at all (a Save only
    where cards are saved): its candidates are listed only under rules for
    which this is true. It repeats the first check of ``candidates``, which
    lists nothing under other rules, so that a listing under the official
    rules does not ask the editions' moves at every turn."""
    trusted: Callable[[GameState, Any], GameState] | None = None
    """``trusted(state, move)``: the next state of a move that
    ``candidates`` listed for this very state, built without asking the
    judge again (the listing has asked it). Given by the kinds a learner's
    loop makes at almost every step (draws, discards), whose builder needs
    nothing of what the judge finds but what is cheap to find again;
    ``None`` plays the move as :attr:`play` does (see
    :func:`~phase10._moves.apply_listed`). It tells no events: the loops
    that play listed moves ask for none."""
    uses_faces: bool = True
    """Whether ``candidates`` reads ``faces``, the distinct cards in hand:
    :func:`~phase10.legal_actions` works them out only for a step in which
    some kind of move reads them. A kind that does not read them says so
    (drawing, choosing a phase, the next hand), which spares the sorting of
    a hand; a new kind reads them unless it says otherwise, so its listing
    is never handed an empty ``faces`` by mistake."""


def check_game(state: object) -> None:
    """Raise unless ``state`` is a :class:`GameState`."""
    if not isinstance(state, GameState):
        raise UsageError(f"moves are made on a GameState, not {type(state).__name__}")


def game_over(state: GameState) -> GameOver:
    """The refusal of any move once the game has ended (R37)."""
    winner = state.winner
    who = state.players[winner].name if winner is not None else "nobody"
    return GameOver(f"the game is over: {who} won", clause="R37")


def check_seat(state: GameState, player: int) -> None:
    """Raise unless ``player`` is a seat at the table (R3): a whole number,
    not a flag or a float (``True == 1`` and ``1.0 == 1`` in Python, but
    they are not seat 1), from 0 to the last seat."""
    wrong = seat_type_error(player)
    if wrong is not None:
        raise wrong
    problem = seat_problem(player, len(state.players))
    if problem is not None:
        raise NoSuchSeat(problem, clause="R3")


def verify_turn(state: GameState, player: int | None, step: Step, doing: str) -> None:
    """The checks every move of a turn shares: a game still being played, the
    right player (R3, R20) and the right step of the turn (R21)."""
    if type(state) is not GameState:
        check_game(state)
    if state.step is GAME_OVER:
        raise game_over(state)
    if state.step is HAND_OVER:
        raise WrongStep(
            "the hand is over: deal the next hand before playing on", clause="R36"
        )
    if player is not None:
        check_seat(state, player)
        if player != state.current:
            raise NotYourTurn(
                f"it is {state.players[state.current].name}'s turn, "
                f"not {state.players[player].name}'s",
                clause="R20",
            )
    if state.step is not step:
        if state.step is Step.CHOOSE:
            raise WrongStep(
                "every player chooses the phase to attempt this hand before "
                f"play begins: {state.players[state.current].name} to choose",
                clause="R44",
            )
        if step is DRAW_STEP:
            raise WrongStep("you have already drawn a card this turn", clause="R21")
        raise WrongStep(f"you must draw a card before you {doing}", clause="R21")


def take_from_hand(
    hand: tuple[Card, ...], cards: Iterable[Card], clause: str = "R21"
) -> tuple[Card, ...]:
    """``hand`` less ``cards``; raises :class:`CardNotInHand` naming a missing card.

    Cards are found by identity (see :func:`without`).
    """
    rest = hand
    for card in cards:
        left = without(rest, card)
        if left is None:
            held_count = hand.count(card)
            if held_count:
                raise CardNotInHand(
                    f"you hold only {held_count} {card}, not more", clause=clause
                )
            raise CardNotInHand(f"you do not hold {card}", clause=clause)
        rest = left
    return rest


def without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...] | None:
    """``cards`` less their first ``card``, or ``None`` if it is not there.

    There is one object per face, so the card is found by identity: a
    card's ordering is Python code, which would make every comparison of
    unequal cards a call.
    """
    for at, held in enumerate(cards):
        if held is card:
            return cards[:at] + cards[at + 1 :]
    return None


def forget(known: tuple[Card, ...], played: Iterable[Card]) -> tuple[Card, ...]:
    """The publicly known cards left once ``played`` have left the hand.

    Others cannot tell which copy of a face was played, so playing any card
    of a known face makes one known copy of it unknown again.
    """
    if not known:
        return known
    rest = known
    for card in played:
        left = without(rest, card)
        if left is not None:
            rest = left
    return rest


def forget_hidden_one(known: tuple[Card, ...]) -> tuple[Card, ...]:
    """The publicly known cards left once one unseen card has left the hand
    (a card saved face down, R48).

    Any card of the hand may have gone, the known ones included, so others
    can no longer be sure of one copy of each known face: only the copies
    beyond it stay known. What is left depends on the known cards alone,
    never on the card that went, so it tells nobody which one that was.
    """
    if not known:
        return known
    rest = []
    seen: set[Card] = set()
    for card in known:
        if card in seen:
            rest.append(card)
        else:
            seen.add(card)
    return tuple(rest)


def declaration_lapses(state: GameState, me: PlayerState) -> bool:
    """Whether the phase ``me`` declared this turn lapses as the turn ends:
    it was declared and not laid (R45). Asked by end_turn, as every turn ends."""
    return (
        me.active is not None
        and not me.laid_down
        and state.rules.phase_choice is PhaseChoice.DECLARED
    )


def finish_turn(
    state: GameState, card: Card, rest: tuple[Card, ...], target: int | None, log: Log
) -> GameState:
    """End the turn by putting ``card`` on the discard pile, leaving ``rest``
    in hand (R21, R26, R33); a Skip's ``target`` misses a turn (R28)."""
    me = state.players[state.current]
    changes: dict[str, object] = {"hand": rest, "known": forget(me.known, (card,))}
    discard_pile = (card,) + state.discard_pile  # noqa: RUF005 (faster)
    return end_turn(state, changes, discard_pile, log, target)


def end_turn(
    state: GameState,
    changes: dict[str, object],
    discard_pile: tuple[Card, ...],
    log: Log,
    target: int | None = None,
) -> GameState:
    """End the turn of the player to move, whichever move ends it: their
    record takes ``changes`` (the hand left among them) and a phase they
    declared and did not lay lapses (R45); ``target``, if any, misses a turn
    (R28); the discard pile is ``discard_pile``. The hand ends if the hand
    left is empty (R33), else the next seat's turn begins (R26)."""
    me = state.players[state.current]
    if declaration_lapses(state, me):
        changes["active"] = None  # a declaration lasts one turn (R45)
    mine = COPY_PLAYER(me, changes)
    players = replace_player(state.players, state.current, mine)
    if target is not None:
        victim = players[target]
        players = replace_player(
            players,
            target,
            replace(
                victim,
                skips_pending=victim.skips_pending + 1,
                skipped_in_slot=state.turn_slot,
            ),
        )
    if not mine.hand:
        after = replace(state, players=players, discard_pile=discard_pile)
        return end_hand(after, state.current, log)
    following = next_seat(state, state.current)
    return begin_turn(state, players, following, state.turn_slot + 1, discard_pile, log)
