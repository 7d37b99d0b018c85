"""The moves of a turn as pure functions: each checks, then builds a new state.

Each move has one judge (``verify_…``) that raises the :class:`IllegalMove`
the move would raise and changes nothing, and one builder (``play_…``) that
calls the judge, then builds the new state and tells what it did as events
(see :mod:`._flow` for the ``log``). The public moves are the builders with
no log. Nothing here mutates its arguments.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ._actions import Draw, LayPhase
from ._cards import Card, CardLike, as_card, as_groups
from ._errors import (
    CannotDraw,
    CannotHit,
    CannotLay,
    CardNotInHand,
    IllegalMove,
    NoSuchMeld,
    NoSuchSeat,
    NotYourTurn,
    Refusal,
    UsageError,
    WrongStep,
    is_whole,
    seat_problem,
    seat_type_error,
    shown,
)
from ._events import CardDrawn, CardHit, PhaseLaid
from ._flow import (
    Log,
    check_game,
    end_hand,
    game_over,
    new_game,
    new_game_with_events,
    next_hand,
    replace_player,
    verify_next_hand,
)
from ._groups import End, GroupShape, check_phase, extend_group
from ._lays import minimal_lays
from ._phases import GroupSpec
from ._rules import PhaseChoice
from ._solver import solve
from ._state import GameState, Meld, Pile, PlayerState, Step, copier, replace

__all__ = [
    "COPY_PLAYER",
    "PLAY_STEP",
    "draw",
    "draw_barrier",
    "draw_candidates",
    "fit_hit",
    "forget",
    "forget_hidden_one",
    "hit",
    "hit_barrier",
    "keep_card_barrier",
    "lay_barrier",
    "lay_candidates",
    "lay_phase",
    "new_game",
    "new_game_with_events",
    "next_hand",
    "play_draw",
    "play_hit",
    "play_lay_phase",
    "take_from_hand",
    "verify_draw",
    "verify_hit",
    "verify_lay_phase",
    "verify_next_hand",
    "verify_turn",
]


# --- checks shared by the moves ----------------------------------------------

# The steps and piles as module constants: an enum member read from its class
# costs several times a global's lookup, and these are read at every move.
_DRAW_STEP: Final = Step.DRAW
PLAY_STEP: Final = Step.PLAY
_PLAY_STEP: Final = PLAY_STEP
_HAND_OVER: Final = Step.HAND_OVER
_GAME_OVER: Final = Step.GAME_OVER
_DRAW_PILE: Final = Pile.DRAW
_COPY_STATE: Final = copier(GameState)
COPY_PLAYER: Final = copier(PlayerState)
_DISCARD_PILE: Final = Pile.DISCARD


def verify_turn(state: GameState, player: int | None, step: Step, doing: str) -> None:
    """The checks every move of a turn shares: a game still being played, the
    right player (R3, R20) and the right step of the turn (R21)."""
    if type(state) is not GameState:
        check_game(state)
    if state.step is _GAME_OVER:
        raise game_over(state)
    if state.step is _HAND_OVER:
        raise WrongStep(
            "the hand is over: deal the next hand before playing on", clause="R36"
        )
    if player is not None:
        # True == 1 and 1.0 == 1 in Python: they are not seat 1.
        wrong = seat_type_error(player)
        if wrong is not None:
            raise wrong
        problem = seat_problem(player, len(state.players))
        if problem is not None:
            raise NoSuchSeat(problem, clause="R3")
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
        if step is _DRAW_STEP:
            raise WrongStep("you have already drawn a card this turn", clause="R21")
        raise WrongStep(f"you must draw a card before you {doing}", clause="R21")


def take_from_hand(
    hand: tuple[Card, ...], cards: Iterable[Card], clause: str = "R21"
) -> tuple[Card, ...]:
    """``hand`` less ``cards``; raises :class:`CardNotInHand` naming a missing card.

    Cards are found by identity (see :func:`_without`).
    """
    rest = hand
    for card in cards:
        left = _without(rest, card)
        if left is None:
            held_count = hand.count(card)
            if held_count:
                raise CardNotInHand(
                    f"you hold only {held_count} {card}, not more", clause=clause
                )
            raise CardNotInHand(f"you do not hold {card}", clause=clause)
        rest = left
    return rest


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...] | None:
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
        left = _without(rest, card)
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


# --- draw ---------------------------------------------------------------------


def verify_draw(
    state: GameState, source: Pile = Pile.DRAW, *, player: int | None = None
) -> None:
    """Raise the :class:`IllegalMove` that :func:`draw` would raise; else nothing.

    A turn starts with one draw (R21): from the draw pile while it has a
    card (R25), or the top of the discard pile unless it is a Skip (R23) or
    a Wild the rules keep there (R22).

    .. versionadded:: 0.1
    """
    if source.__class__ is not Pile:
        raise UsageError(f"draw from Pile.DRAW or Pile.DISCARD, not {shown(source)}")
    verify_turn(state, player, _DRAW_STEP, "draw")
    barrier = draw_barrier(state, source)
    if barrier is not None:
        raise barrier.error()


_NO_DRAW_PILE: Final = Refusal(CannotDraw, "the draw pile is empty", "R25")
_NO_DISCARD_PILE: Final = Refusal(CannotDraw, "the discard pile is empty", "R21")
_SKIP_ON_TOP: Final = Refusal(
    CannotDraw, "a Skip can never be taken from the discard pile", "R23"
)
_WILD_ON_TOP: Final = Refusal(
    CannotDraw, "these rules do not let a Wild be taken from the discard pile", "R22"
)


def draw_barrier(state: GameState, source: Pile) -> Refusal | None:
    """Why the top card of ``source`` may not be drawn now, or ``None``: the
    part of :func:`verify_draw`'s judgement about the pile, kept apart so
    that listing the draws asks it without raising."""
    if source is _DRAW_PILE:
        # A turn never starts with an empty draw pile (R25), but a state
        # built by hand or from outside data could.
        if not state.draw_pile:
            return _NO_DRAW_PILE
        return None
    if not state.discard_pile:
        return _NO_DISCARD_PILE
    top = state.discard_pile[0]
    if top.is_skip:
        return _SKIP_ON_TOP
    if top.is_wild and not state.rules.wild_from_discard:
        return _WILD_ON_TOP
    return None


def play_draw(
    state: GameState, source: Pile, player: int | None, log: Log
) -> GameState:
    """:func:`draw`, telling ``log`` the card drawn."""
    verify_draw(state, source, player=player)
    me = state.players[state.current]
    if source is _DRAW_PILE:
        card = state.draw_pile[0]
        known = me.known
        piles: dict[str, object] = {"draw_pile": state.draw_pile[1:]}
    else:
        card = state.discard_pile[0]
        known = me.known + (card,)  # noqa: RUF005 (concatenation is faster)
        piles = {"discard_pile": state.discard_pile[1:]}
    if log is not None:
        log.append(CardDrawn(state.current, source, card))
    mine = COPY_PLAYER(me, {"hand": me.hand + (card,), "known": known})  # noqa: RUF005
    piles["players"] = replace_player(state.players, state.current, mine)
    piles["step"] = _PLAY_STEP
    return _COPY_STATE(state, piles)


def draw(
    state: GameState, source: Pile = Pile.DRAW, *, player: int | None = None
) -> GameState:
    """Start the turn by drawing the top card of a pile (R21-R24).

    ``player``, if given, must be the seat whose turn it is (a check for
    front ends that act for several people).

    .. versionadded:: 0.1
    """
    return play_draw(state, source, player, None)


# --- lay_phase ----------------------------------------------------------------


def verify_lay_phase(
    state: GameState,
    groups: Iterable[Iterable[CardLike] | str],
    *,
    player: int | None = None,
) -> tuple[tuple[GroupSpec, GroupShape], ...]:
    """Raise what :func:`lay_phase` would raise; else return the requirement
    each group meets and what it stands for.

    A player lays down once a hand (R15), from their own hand, exactly the
    phase they are working on (R4, R10-R14, R16), and under rules without
    going out by a hit must keep a card to discard (R33).

    .. versionadded:: 0.1
    """
    return _judge_lay(state, as_groups(groups), player)[0]


def _judge_lay(
    state: GameState, cards: tuple[tuple[Card, ...], ...], player: int | None
) -> tuple[tuple[tuple[GroupSpec, GroupShape], ...], tuple[Card, ...]]:
    """The judge of a lay, on groups already read into cards: what each
    group meets and stands for, and the hand that would be left."""
    verify_turn(state, player, _PLAY_STEP, "lay down a phase")
    me = state.players[state.current]
    barrier = lay_barrier(state)
    if barrier is not None:
        raise barrier.error()
    rest = take_from_hand(
        me.hand, (card for group in cards for card in group), clause="R15"
    )
    phase = state.phase_of(state.current)
    if phase is None:
        if state.rules.phase_choice is PhaseChoice.DECLARED:
            raise CannotLay(
                "declare the phase you lay first, such as 'P 3'", clause="R45"
            )
        # A finished player never plays on; a chosen phase is chosen before
        # play begins (R44).
        raise CannotLay(  # pragma: no cover
            "you have no phase to lay this hand", clause="R16"
        )
    shapes = check_phase(cards, phase, state.rules.naturals, wrap=state.rules.wrap_runs)
    if not rest and not state.rules.go_out_by_hit:
        raise CannotLay(
            "you must keep a card to discard: these rules do not let you go out "
            "without a discard",
            clause="R33",
        )
    return shapes, rest


_LAID_ALREADY: Final = Refusal(
    CannotLay, "you have already laid down your phase this hand", "R15"
)


def lay_barrier(state: GameState) -> Refusal | None:
    """Why the player to move may not lay down at all now, or ``None``: they
    laid their phase this hand already (R15). Part of
    :func:`verify_lay_phase`'s judgement, kept apart so that listing every
    lay asks it first."""
    if state.players[state.current].laid_down:
        return _LAID_ALREADY
    return None


def play_lay_phase(
    state: GameState,
    groups: Iterable[Iterable[CardLike] | str],
    player: int | None,
    log: Log,
) -> GameState:
    """:func:`lay_phase`, telling ``log`` the groups laid."""
    cards = as_groups(groups)  # read once: groups may be one-shot iterators
    shapes, rest = _judge_lay(state, cards, player)
    me = state.players[state.current]
    laid_cards = [card for group in cards for card in group]
    melds = tuple(
        Meld(state.current, spec.kind, group, shape.number, shape.color, shape.low)
        for group, (spec, shape) in zip(cards, shapes, strict=True)
    )
    if log is not None:
        log.append(PhaseLaid(state.current, melds))
    mine = replace(me, hand=rest, known=forget(me.known, laid_cards), laid_down=True)
    laid = replace(
        state,
        players=replace_player(state.players, state.current, mine),
        table=state.table + melds,
        laid_this_turn=True,
    )
    if not rest:
        return end_hand(laid, state.current, log)
    return laid


def lay_phase(
    state: GameState,
    groups: Iterable[Iterable[CardLike] | str],
    *,
    player: int | None = None,
) -> GameState:
    """Lay down the current player's phase (R4, R10-R16).

    ``groups`` holds one group of cards per requirement of the player's
    current phase, in any order; a group may be given as text
    (``"R3 R4 W R6"``). A run's cards are given lowest first, a Wild standing
    for the number its place implies. Groups may hold more than the minimum
    when the extra cards fit them. When a group could meet more than one of
    the phase's requirements (three green 5s are a set and a colour group),
    groups are matched to requirements in the order given where that works,
    so list them in the order of the phase to choose what each becomes.

    .. versionadded:: 0.1
    """
    return play_lay_phase(state, groups, player, None)


# --- hit ----------------------------------------------------------------------


def verify_hit(
    state: GameState,
    card: CardLike,
    meld: int,
    *,
    end: End | None = None,
    player: int | None = None,
) -> Meld:
    """Raise what :func:`hit` would raise; else return the group as it would
    become.

    Only a player whose phase is down may hit (R30), not on the turn of the
    lay under rules that forbid it (R31), a card that fits the group (R32),
    and under rules without going out by a hit, not their last card (R33).

    .. versionadded:: 0.1
    """
    return _judge_hit(state, card, meld, end, player)[0]


def _judge_hit(
    state: GameState,
    card: CardLike,
    meld: int,
    end: End | None,
    player: int | None,
) -> tuple[Meld, Card, tuple[Card, ...]]:
    """The judge of a hit: the group as it would become, the card, and the
    hand that would be left."""
    the_card = as_card(card)
    if not is_whole(meld):
        raise UsageError(
            f"a group on the table is named by its number from 0, not {shown(meld)}"
        )
    if end is not None and end.__class__ is not End:
        raise UsageError(f"end is End.LOW, End.HIGH or None, not {shown(end)}")
    verify_turn(state, player, _PLAY_STEP, "hit")
    barrier = hit_barrier(state)
    if barrier is not None:
        raise barrier.error()
    me = state.players[state.current]
    rest = take_from_hand(me.hand, (the_card,), clause="R30")
    if not (0 <= meld < len(state.table)):
        raise NoSuchMeld(
            f"there is no group {shown(meld)} on the table "
            f"({len(state.table)} groups, numbered from 0)",
            clause="R30",
        )
    cards, shape = fit_hit(state, the_card, meld, end, len(rest))
    target = state.table[meld]
    grown = replace(
        target, cards=cards, number=shape.number, color=shape.color, low=shape.low
    )
    return grown, the_card, rest


_NOT_DOWN: Final = Refusal(
    CannotHit, "you must lay down your own phase before you can hit", "R30"
)
_LAID_THIS_TURN: Final = Refusal(
    CannotHit,
    "these rules do not let you hit on the turn you lay down your phase",
    "R31",
)


def hit_barrier(state: GameState) -> Refusal | None:
    """Why the player to move may not hit at all now, or ``None``: their
    phase is not down (R30), or it went down this turn under rules that
    forbid hitting then (R31). Part of :func:`verify_hit`'s judgement, kept
    apart so that listing every hit asks it once."""
    if not state.players[state.current].laid_down:
        return _NOT_DOWN
    if state.laid_this_turn and not state.rules.hit_on_lay_turn:
        return _LAID_THIS_TURN
    return None


def fit_hit(
    state: GameState, card: Card, meld: int, end: End | None, left: int
) -> tuple[tuple[Card, ...], GroupShape]:
    """The cards and shape of ``state.table[meld]`` with ``card`` hit on it
    at ``end``, leaving ``left`` cards in hand; raises :class:`CardDoesNotFit`
    (R32) or, when the hit would empty the hand under rules without going
    out by a hit, :class:`CannotHit` (R33). The rest of
    :func:`verify_hit`'s judgement."""
    target = state.table[meld]
    grown = extend_group(
        target.kind, target.shape, target.cards, card, end, wrap=state.rules.wrap_runs
    )
    barrier = keep_card_barrier(state, left)
    if barrier is not None:
        raise barrier.error()
    return grown


_LAST_CARD_HIT: Final = Refusal(
    CannotHit,
    "you must keep a card to discard: these rules do not let you go out by a hit",
    "R33",
)


def keep_card_barrier(state: GameState, left: int) -> Refusal | None:
    """Why a hit leaving ``left`` cards in hand is refused, or ``None``: it
    would empty the hand under rules without going out by a hit (R33)."""
    if not left and not state.rules.go_out_by_hit:
        return _LAST_CARD_HIT
    return None


def play_hit(
    state: GameState,
    card: CardLike,
    meld: int,
    end: End | None,
    player: int | None,
    log: Log,
) -> GameState:
    """:func:`hit`, telling ``log`` the card hit and the group it made."""
    grown, the_card, rest = _judge_hit(state, card, meld, end, player)
    me = state.players[state.current]
    if log is not None:
        log.append(CardHit(state.current, the_card, meld, grown))
    table = (*state.table[:meld], grown, *state.table[meld + 1 :])
    mine = replace(me, hand=rest, known=forget(me.known, (the_card,)))
    after = replace(
        state,
        players=replace_player(state.players, state.current, mine),
        table=table,
    )
    if not rest:
        return end_hand(after, state.current, log)
    return after


def hit(
    state: GameState,
    card: CardLike,
    meld: int,
    *,
    end: End | None = None,
    player: int | None = None,
) -> GameState:
    """Put one card from the current player's hand onto ``state.table[meld]`` (R30-R33).

    For a Wild on a run, and for a natural card on a floating run (a run of
    Wilds alone, R13), ``end`` picks the end; without it the card goes at
    the high end if it fits there, else the low end.

    .. versionadded:: 0.1
    """
    return play_hit(state, card, meld, end, player, None)


# --- the moves of these kinds a turn may make ------------------------------------
#
# Each kind's candidates are listed here, beside its judge, asking the parts
# of the judge that hold for the whole turn once (the barriers) and the rest
# for each move. ``faces`` are the distinct cards of the hand of the player
# to move, in index order, worked out once per listing. Move records are
# immutable, so the listing hands out the same objects again rather than
# building new ones for every call.

_DRAWS: Final = tuple((source, Draw(source)) for source in (Pile.DRAW, Pile.DISCARD))


def draw_candidates(state: GameState, faces: tuple[Card, ...]) -> list[Draw]:
    """``Draw(Pile.DRAW)``, then ``Draw(Pile.DISCARD)`` when the top discard
    may be taken, in the ``DRAW`` step (R21-R23)."""
    if state.step is not _DRAW_STEP:
        return []
    return [move for source, move in _DRAWS if draw_barrier(state, source) is None]


def lay_candidates(state: GameState, faces: tuple[Card, ...]) -> list[LayPhase]:
    """Every minimal lay of the current phase that ``lay_phase`` accepts now,
    in the ``PLAY`` step (R4, R10-R16), in the order
    :func:`~phase10.legal_actions` gives.

    A hand of more cards than any turn holds (``hand_size + 1``) is refused:
    no game reaches it, and the rules bound the lays (``MAX_LISTED_LAYS``,
    R17) only for hands that a game deals.
    """
    if lay_barrier(state) is not None:
        return []
    seat = state.current
    phase = state.phase_of(seat)
    if phase is None:
        return []
    hand = state.players[seat].hand
    rules = state.rules
    if len(hand) > rules.hand_size + 1:
        raise IllegalMove(
            f"seat {seat} holds {len(hand)} cards, more than a player ever holds "
            f"under these rules (hand_size + 1 = {rules.hand_size + 1}): no game "
            "reaches this state",
            clause="R19",
        )
    wrap = rules.wrap_runs
    way = solve(hand, phase, rules.naturals, wrap=wrap)  # the engine's own: no checks
    if way is None:
        return []
    # The solver's way meets the phase from this hand, so of the judge's
    # checks only one is left to ask: every minimal lay holds as many cards
    # as the way, and none may empty the hand unless the rules let a player
    # go out without a discard (R33). The tests judge every lay listed.
    if not rules.go_out_by_hit and sum(map(len, way)) == len(hand):
        return []
    return [
        _laid(groups) for groups in minimal_lays(hand, phase, rules.naturals, wrap=wrap)
    ]


_NEW: Final = object.__new__
_SET: Final = object.__setattr__


def _laid(groups: tuple[tuple[Card, ...], ...]) -> LayPhase:
    """``LayPhase(groups)`` for groups already in the record's own form (a
    tuple of tuples of cards, none empty), made without its converter's
    checks: a turn may list thousands of lays, and these checks would double
    the cost."""
    lay = _NEW(LayPhase)
    _SET(lay, "groups", groups)
    return lay
