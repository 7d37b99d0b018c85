"""The moves the Masters Edition adds: choosing a phase, saving a card and
drawing a saved card (R44-R48).

As for the other moves: one judge (``verify_…``) that raises the
:class:`IllegalMove` the move would raise and changes nothing, one builder
(``play_…``) that calls it and builds the new state, and the listing of the
moves of its kind that the judge allows (``…_candidates``). Under the
classic rules every listing is empty and every judge refuses, saying which
rule option would allow the move.
"""

from __future__ import annotations

from typing import Final

from ._actions import ChoosePhase, DrawSaved, Save
from ._cards import Card, CardLike, as_card
from ._errors import (
    BadPhaseChoice,
    CannotDraw,
    CannotSave,
    CardNotInHand,
    UsageError,
    WrongStep,
    is_whole,
    shown,
)
from ._events import CardSaved, PhaseChosen, SavedCardDrawn
from ._flow import (
    Log,
    begin_turn,
    check_game,
    end_hand,
    next_seat,
    pass_turn_barrier,
    replace_player,
    seats_from,
)
from ._rules import PhaseChoice
from ._state import GameState, PlayerState, Step, replace
from ._transitions import (
    COPY_PLAYER,
    forget,
    forget_hidden_one,
    take_from_hand,
    verify_turn,
)
from ._turn_end import declaration_lapses

__all__ = [
    "choose_candidates",
    "choose_phase",
    "choosers",
    "draw_saved",
    "draw_saved_candidates",
    "drawable_saved",
    "play_choose_phase",
    "play_draw_saved",
    "play_save",
    "save",
    "save_candidates",
    "verify_choose_phase",
    "verify_draw_saved",
    "verify_save",
]

_CHOSEN: Final = PhaseChoice.CHOSEN
_DECLARED: Final = PhaseChoice.DECLARED
_CHOOSE_STEP: Final = Step.CHOOSE
_DRAW_STEP: Final = Step.DRAW
_PLAY_STEP: Final = Step.PLAY


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


# --- choosing a phase ------------------------------------------------------------


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
        verify_turn(state, player, _PLAY_STEP, "declare your phase")
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
        if state.step is not _CHOOSE_STEP:
            # Whose turn it is, and that the hand goes on, come first; the
            # step itself is no fault of drawing (R21) but of choosing late.
            verify_turn(state, player, state.step, "choose a phase")
            raise WrongStep(
                "the phase for this hand is chosen at its start, before anyone draws",
                clause="R44",
            )
        verify_turn(state, player, _CHOOSE_STEP, "choose a phase")
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
    if state.step is _PLAY_STEP:  # declared in the turn (R45)
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
    if state.step is _CHOOSE_STEP:
        if choice is not _CHOSEN:
            return []
    elif choice is not _DECLARED or state.tiebreak:
        return []
    me = state.players[state.current]
    if state.step is _PLAY_STEP and (me.laid_down or me.active is not None):
        return []
    return [
        _CHOICES.get(index + 1) or ChoosePhase(index + 1)
        for index in open_phases(state, me)
    ]


# --- saving a card ---------------------------------------------------------------


def _judge_save(
    state: GameState, card: CardLike, player: int | None
) -> tuple[Card, tuple[Card, ...]]:
    """The judge of a save: the card, and the hand that would be left."""
    the_card = as_card(card)
    verify_turn(state, player, _PLAY_STEP, "save a card")
    rules = state.rules
    me = state.players[state.current]
    barrier = save_barrier(state, me)
    if barrier is not None:
        raise barrier
    if the_card.is_skip and not rules.save_skips:
        raise CannotSave("these rules do not let a Skip be saved", clause="R46")
    rest = take_from_hand(me.hand, (the_card,), clause="R46")
    if not rest and not rules.go_out_by_save:
        raise CannotSave(
            "your last card cannot be saved: go out by discarding it", clause="R46"
        )
    barrier_turn = pass_turn_barrier(state, False, not rest)
    if barrier_turn is not None:
        raise barrier_turn
    return the_card, rest


def save_barrier(state: GameState, me: PlayerState) -> CannotSave | None:
    """Why the player to move may save no card at all now, or ``None``."""
    rules = state.rules
    if not rules.saves_per_hand:
        return CannotSave(
            "these rules save no cards: end your turn by discarding a card",
            clause="R46",
        )
    if me.saved_now >= rules.saves_per_hand:
        many = (
            "a card" if rules.saves_per_hand == 1 else f"{rules.saves_per_hand} cards"
        )
        return CannotSave(
            f"you may save {many} a hand, and you have this hand", clause="R46"
        )
    if len(me.saved) >= rules.most_saved:
        return CannotSave(
            f"your save pile is full: it holds at most {rules.most_saved} cards",
            clause="R46",
        )
    return None


def verify_save(state: GameState, card: CardLike, *, player: int | None = None) -> None:
    """Raise what :func:`save` would raise; else do nothing.

    .. versionadded:: 0.2
    """
    _judge_save(state, card, player)


def play_save(
    state: GameState, card: CardLike, player: int | None, log: Log
) -> GameState:
    """:func:`save`, telling ``log`` the card saved and what followed."""
    the_card, rest = _judge_save(state, card, player)
    seat = state.current
    if log is not None:
        log.append(CardSaved(seat, the_card, state.rules.saved_cards_hidden))
    me = state.players[seat]
    changes: dict[str, object] = {
        "hand": rest,
        "known": forget_hidden_one(me.known)
        if state.rules.saved_cards_hidden
        else forget(me.known, (the_card,)),
        "saved": (*me.saved, the_card),
        "saved_now": me.saved_now + 1,
    }
    if declaration_lapses(state, me):
        changes["active"] = None  # a declaration lasts one turn (R45)
    players = replace_player(state.players, seat, COPY_PLAYER(me, changes))
    if not rest:
        return end_hand(replace(state, players=players), seat, log)
    following = next_seat(state, seat)
    return begin_turn(
        state, players, following, state.turn_slot + 1, state.discard_pile, log
    )


def save(state: GameState, card: CardLike, *, player: int | None = None) -> GameState:
    """End the turn by putting ``card`` on one's own save pile instead of
    discarding it (the Masters Edition, R46).

    .. versionadded:: 0.2
    """
    return play_save(state, card, player, None)


def save_candidates(state: GameState, faces: tuple[Card, ...]) -> list[Save]:
    """Every save the judge allows now, one per face in hand in index order."""
    rules = state.rules
    if not rules.saves_per_hand:
        return []
    me = state.players[state.current]
    if save_barrier(state, me) is not None:
        return []
    last = len(me.hand) == 1
    if last and not rules.go_out_by_save:
        return []
    if pass_turn_barrier(state, False, last) is not None:
        return []
    return [Save(card) for card in faces if rules.save_skips or not card.is_skip]


# --- drawing a saved card --------------------------------------------------------


def drawable_saved(state: GameState, me: PlayerState) -> tuple[Card, ...]:
    """The cards of ``me``'s save pile that may be drawn now: all of them, or
    those saved in an earlier hand (R47)."""
    if state.rules.draw_saved_same_hand or not me.saved_now:
        return me.saved
    return me.saved[: len(me.saved) - me.saved_now]


def verify_draw_saved(
    state: GameState, card: CardLike, *, player: int | None = None
) -> None:
    """Raise what :func:`draw_saved` would raise; else do nothing.

    .. versionadded:: 0.2
    """
    the_card = as_card(card)
    verify_turn(state, player, _DRAW_STEP, "draw")
    me = state.players[state.current]
    if the_card not in me.saved:
        raise CardNotInHand(f"your save pile holds no {the_card}", clause="R47")
    if the_card not in drawable_saved(state, me):
        raise CannotDraw(
            f"the {the_card} was saved this hand: a saved card is for a later hand",
            clause="R47",
        )


def play_draw_saved(
    state: GameState, card: CardLike, player: int | None, log: Log
) -> GameState:
    """:func:`draw_saved`, telling ``log`` the card drawn."""
    verify_draw_saved(state, card, player=player)
    the_card = as_card(card)
    seat = state.current
    rules = state.rules
    if log is not None:
        log.append(SavedCardDrawn(seat, the_card, rules.saved_cards_hidden))
    me = state.players[seat]
    saved = list(me.saved)
    # The oldest copy: when cards saved this hand may not be drawn, the last
    # saved_now cards (those saved this hand) stay where they are.
    saved.remove(the_card)
    known = me.known if rules.saved_cards_hidden else (*me.known, the_card)
    mine = COPY_PLAYER(
        me, {"hand": (*me.hand, the_card), "saved": tuple(saved), "known": known}
    )
    return replace(
        state, players=replace_player(state.players, seat, mine), step=_PLAY_STEP
    )


def draw_saved(
    state: GameState, card: CardLike, *, player: int | None = None
) -> GameState:
    """Start the turn by drawing ``card`` from one's own save pile instead of
    either pile (the Masters Edition, R47).

    .. versionadded:: 0.2
    """
    return play_draw_saved(state, card, player, None)


def draw_saved_candidates(state: GameState, faces: tuple[Card, ...]) -> list[DrawSaved]:
    """Every saved card the player may draw now, one per face, in index order."""
    if state.step is not _DRAW_STEP:
        return []
    me = state.players[state.current]
    if not me.saved:
        return []
    cards = sorted(set(drawable_saved(state, me)), key=lambda card: card.index)
    return [DrawSaved(card) for card in cards]
