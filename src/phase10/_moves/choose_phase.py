"""Choosing the phase to attempt this hand, or declaring it before laying it
(the Masters Edition, R44, R45): the judge, the builder, the move and the
listing of the choices, as in every module of this package.
"""

from __future__ import annotations

from typing import Final

from .._actions import ChoosePhase
from .._cards import Card
from .._errors import BadPhaseChoice, UsageError, WrongStep, is_whole, shown
from .._events import PhaseChosen
from .._flow import Log, begin_turn, replace_player, seats_from
from .._rules import PhaseChoice
from .._state import GameState, PlayerState, Step, replace
from ._kernel import CHOOSE_STEP, PLAY_STEP, MoveKind, check_game, verify_turn

__all__ = [
    "ROW",
    "choose_candidates",
    "choose_phase",
    "choosers",
    "open_phases",
    "play_choose_phase",
    "verify_choose_phase",
]


_CHOSEN: Final = PhaseChoice.CHOSEN


_DECLARED: Final = PhaseChoice.DECLARED


def open_phases(state: GameState, player: PlayerState) -> list[int]:
    """The indices of the phases ``player`` has not completed, in order."""
    done = set(player.done())
    return [index for index in range(len(state.rules.phases)) if index not in done]


def choosers(state: GameState) -> list[int]:
    """The seats that still choose their phase at the start of this hand,
    in the order they choose: clockwise from the dealer's left (R44)."""
    return [
        seat
        for seat in seats_from(state, state.dealer)
        if state.players[seat].active is None
    ]


def verify_choose_phase(
    state: GameState, phase: int, *, player: int | None = None
) -> None:
    """Raise what :func:`choose_phase` would raise; else do nothing.

    Under ``PhaseChoice.CHOSEN`` each player, in turn from the dealer's left,
    chooses at the start of the hand a phase they have not completed (R44).
    Under ``PhaseChoice.DECLARED`` the player declares it in their turn,
    after drawing and before laying it, once a turn (R45). ``phase`` is the
    phase's number, from 1.

    .. versionadded:: 0.2
    """
    if not is_whole(phase):
        raise UsageError(f"a phase's number is a whole number, not {shown(phase)}")
    check_game(state)
    choice = state.rules.phase_choice
    if choice is _DECLARED:
        verify_turn(state, player, PLAY_STEP, "declare your phase")
        me = state.players[state.current]
        if state.tiebreak:
            raise BadPhaseChoice(
                "in a tie-break hand everyone plays the last phase", clause="R38"
            )
        if me.laid_down:
            raise BadPhaseChoice(
                "you have laid your phase this hand already", clause="R15"
            )
        if me.active is not None:
            raise BadPhaseChoice(
                f"you have declared phase {me.active + 1} for this turn already",
                clause="R45",
            )
    else:
        if choice is not _CHOSEN:
            verify_turn(state, player, state.step, "choose a phase")
            raise BadPhaseChoice(
                "in this game the phases are played in order: you cannot choose one",
                clause="R16",
            )
        if state.step is not CHOOSE_STEP:
            # Whose turn it is, and that the hand goes on, come first; the
            # step itself is no fault of drawing (R21) but of choosing late.
            verify_turn(state, player, state.step, "choose a phase")
            raise WrongStep(
                "the phase for this hand is chosen at its start, before anyone draws",
                clause="R44",
            )
        verify_turn(state, player, CHOOSE_STEP, "choose a phase")
        me = state.players[state.current]
    count = len(state.rules.phases)
    if not 1 <= phase <= count:
        raise BadPhaseChoice(
            f"there is no phase {phase}: the phases are 1 to {count}", clause="R44"
        )
    if phase - 1 in me.done():
        raise BadPhaseChoice(
            f"you have completed phase {phase} already: choose one of "
            + ", ".join(str(i + 1) for i in open_phases(state, me)),
            clause="R44",
        )


def play_choose_phase(
    state: GameState, phase: int, player: int | None, log: Log
) -> GameState:
    """:func:`choose_phase`, telling ``log`` the phase chosen."""
    verify_choose_phase(state, phase, player=player)
    seat = state.current
    if log is not None:
        log.append(PhaseChosen(seat, phase))
    me = state.players[seat]
    players = replace_player(state.players, seat, replace(me, active=phase - 1))
    if state.step is PLAY_STEP:  # declared in the turn (R45)
        return replace(state, players=players)
    waiting = choosers(replace(state, players=players))
    if waiting:
        return replace(state, players=players, current=waiting[0])
    first = seats_from(state, state.dealer)[0]
    return begin_turn(state, players, first, 0, state.discard_pile, log)


def choose_phase(
    state: GameState, phase: int, *, player: int | None = None
) -> GameState:
    """Choose phase ``phase`` (from 1) as the one to attempt this hand (R44),
    or declare it before laying it (R45): the Masters Edition.

    >>> from phase10 import PRESETS, new_game
    >>> game = new_game(["Ann", "Bob"], PRESETS["masters"], seed=3)
    >>> game.step.name, game.current
    ('CHOOSE', 1)
    >>> game = choose_phase(game, 7)
    >>> game = choose_phase(game, 2)
    >>> game.step.name, game.phase_number(1), game.phase_number(0)
    ('DRAW', 7, 2)

    .. versionadded:: 0.2
    """
    return play_choose_phase(state, phase, player, None)


_CHOICES: Final = {number: ChoosePhase(number) for number in range(1, 51)}


def choose_candidates(state: GameState, faces: tuple[Card, ...]) -> list[ChoosePhase]:
    """Every choice the judge allows now: each phase not yet completed, in
    order, in the ``CHOOSE`` step, or in the ``PLAY`` step under
    ``PhaseChoice.DECLARED`` before the player has laid or declared (R44, R45)."""
    choice = state.rules.phase_choice
    if state.step is CHOOSE_STEP:
        if choice is not _CHOSEN:
            return []
    elif choice is not _DECLARED or state.tiebreak:
        return []
    me = state.players[state.current]
    if state.step is PLAY_STEP and (me.laid_down or me.active is not None):
        return []
    return [
        _CHOICES.get(index + 1) or ChoosePhase(index + 1)
        for index in open_phases(state, me)
    ]


ROW: Final = MoveKind(
    ChoosePhase,
    lambda s, a, p: verify_choose_phase(s, a.phase, player=p),
    lambda s, a, p, log: play_choose_phase(s, a.phase, p, log),
    choose_candidates,
    (Step.CHOOSE, Step.PLAY),
    lambda rules: rules.phase_choice is not PhaseChoice.IN_ORDER,
    uses_faces=False,
)
"""The row of this kind of move in the table of moves."""
