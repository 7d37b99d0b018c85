"""The coach: what a move a player made cost by the odds, against the move
the advice ranks first (:func:`review`), for one move or every move of a
game record (:func:`review_game`).

The numbers are the advice's own (see :mod:`._advice`): the chance of
holding the phase with the cards still to come within the advice's window
(the next two draws, or one for a phase whose faces cannot be grouped),
every card kept, counted exactly over the cards the seat has not seen. A
review reads the mover's view and nothing else.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final

import attrs

from .._actions import (
    MOVE_CLASSES,
    MOVE_TYPES,
    Action,
    ChoosePhase,
    Discard,
    Draw,
    DrawSaved,
    Hit,
    LayPhase,
    NextHand,
    Save,
    Skip,
    SwapWild,
)
from .._cards import SKIP, WILD, Card, format_cards
from .._errors import NoSuchSeat, UsageError, seat_problem, seat_type_error, shown
from .._immutable import Immutable
from .._legal import legal_actions, verify_apply
from .._moves import apply
from .._phases import PhaseSpec
from .._record import GameRecord, replay
from .._serialize import to_dict
from .._state import GameState, Pile, Step
from .._view import PlayerView, _surrogate, view
from ._advice import Advice, Key, _deep, _judge, _percent, _ranked, _Turn, _without
from ._odds import Question, check_view

__all__ = ["Review", "review", "review_game"]


@attrs.frozen
class Review(Immutable):
    """What one move cost by the odds, against the move the advice ranks
    first: :func:`review`'s answer.

    ``odds_before`` is the chance that the hand as it stands, with the cards
    still to come within the advice's window (``draws``: the next two draws,
    or one for a phase whose faces cannot be grouped; for a draw, the card
    it takes is the first of them), all kept, holds the phase;
    ``odds_after`` the same chance once the move is made, and
    ``best_odds`` once the advice's first move is made instead. For a
    discard (a Skip, a save) the hand is the one left; for a draw of the
    top discard or a saved card, the hand with it and one fewer draw to
    come; for a blind draw, the chance expected over the unseen cards,
    which is the chance before. A phase laid is 1 before and after, and
    the odds are ``None`` where no phase is aimed at (before a phase is
    chosen, between hands).

    ``cost`` is ``best_odds - odds_after``, an exact
    :class:`~fractions.Fraction`: the chance given up against the advice's
    first move (0 where either is ``None``). It can be 0 for a move that is
    not the first (a tie broken by outs, points or a Wild kept), and below
    0 where the advice ranks by more than this chance (it counts a taken
    card one draw less far ahead for a phase advised one draw ahead).

    ``points_before`` and ``points_after`` are the points the hand counts
    (``Rules.points``) before and after the move; after a blind draw, the
    expected points; ``None`` after the hand ends.

    .. versionadded:: 0.3
    """

    move: Action
    """The move reviewed."""
    seat: int
    """The seat that made it."""
    advice: Advice
    """The advice's entry for the move, with its reason and numbers."""
    best: Advice
    """The advice's first move, ``advise(seen)[0]``, and why."""
    rank: int
    """The move's place in the advice, from 1 (see :func:`review`)."""
    is_best: bool
    """Whether the move is the advice's first, in its spelling or another
    (the same groups laid in another order, a hit with its end named)."""
    moves: int
    """How many moves the advice ranks."""
    words: str
    """The move in words, such as ``'discarding G9'``."""
    best_words: str
    """The advice's first move in words."""
    phase: int | None
    """The number of the phase the odds are about (``None`` where none
    applies)."""
    draws: int
    """The draws the odds look ahead from before the move (2, or 1 for a
    phase whose faces cannot be grouped, and 0 where no phase applies)."""
    odds_before: Fraction | None
    """The chance of the phase before the move."""
    odds_after: Fraction | None
    """The chance of the phase once the move is made."""
    best_odds: Fraction | None
    """The chance of the phase once the advice's first move is made."""
    points_before: int
    """The points the hand counts before the move."""
    points_after: int | Fraction | None
    """The points the hand counts once the move is made."""
    best_points: int | Fraction | None
    """The points the hand counts once the advice's first move is made."""
    cost: Fraction
    """``best_odds - odds_after``: the chance given up (0 without odds)."""
    index: int | None = None
    """The move's place in the record's actions (:func:`review_game`), or
    ``None``."""

    def text(self) -> str:
        """The review in a sentence for the player, such as "Discarding R3
        gave up 9% of making phase 1 within two draws (39% left against
        49%); the analysis prefers discarding R1: discard R1, keeping ...".
        Where the odds do not tell the move from the first, the advice's
        own reason for the move says what does."""
        said = self.words[:1].upper() + self.words[1:]
        why = self.best.reason
        if self.is_best:
            return f"{said} was the analysis's first choice: {why}."
        verdict = self._verdict()
        if self.cost <= 0:
            verdict += f" ({self.advice.reason})"
        still = "still " if self.cost < 0 else ""
        return (
            f"{said} {verdict}; the analysis {still}prefers {self.best_words}: {why}."
        )

    def _verdict(self) -> str:
        """What the move cost against the first, in words."""
        after, best = self.odds_after, self.best_odds
        if after is None or best is None or after == best == 1:
            mine, theirs = self.points_after, self.best_points
            if mine is None or theirs is None:
                return "cost nothing by the odds"
            if mine == theirs:
                return "cost nothing by the odds or in points"
            return f"left {_points(mine)} points in your hand against {_points(theirs)}"
        same = self.best.phase == self.phase  # a phase chosen: the same phase
        making = f"making {_phase(self.phase if same else None)} {_window(self.draws)}"
        if self.cost > 0:
            left = f"{_percent(after)} left against {_percent(best)}"
            return f"gave up {_percent(self.cost)} of {making} ({left})"
        if self.cost == 0:
            return f"kept the same odds of {making}"
        more = f"{_percent(after)} against {_percent(best)}"
        return f"kept {_percent(-self.cost)} more of {making}: {more}"

    def to_dict(self) -> dict[str, Any]:
        """The review as plain JSON values: the move as
        :func:`~phase10.to_dict` writes it and in notation, the advice for
        it and the first (each :meth:`Advice.to_dict`), the numbers (odds
        and cost as numbers, points as numbers) and :meth:`text`."""
        return {
            "move": to_dict(self.move),
            "notation": self.move.notation,
            "seat": self.seat,
            "index": self.index,
            "rank": self.rank,
            "moves": self.moves,
            "is_best": self.is_best,
            "advice": self.advice.to_dict(),
            "best": self.best.to_dict(),
            "phase": self.phase,
            "draws": self.draws,
            "odds_before": _number(self.odds_before),
            "odds_after": _number(self.odds_after),
            "best_odds": _number(self.best_odds),
            "points_before": self.points_before,
            "points_after": _number(self.points_after),
            "best_points": _number(self.best_points),
            "cost": float(self.cost),
            "text": self.text(),
        }

    def __str__(self) -> str:
        return self.text()


def _number(value: Fraction | int | None) -> float | int | None:
    if value is None or isinstance(value, int):
        return value
    return int(value) if value.denominator == 1 else float(value)


def _points(value: int | Fraction) -> str:
    if isinstance(value, int) or value.denominator == 1:
        return str(int(value))
    return f"about {float(value):.1f}"


def _phase(number: int | None) -> str:
    return "your phase" if number is None else f"phase {number}"


def _window(draws: int) -> str:
    return "within two draws" if draws == 2 else "with the next draw"


# --- reviewing -----------------------------------------------------------------


def review(seen: PlayerView | GameState, move: Action) -> Review:
    """What ``move`` cost by the odds, against the move the advice ranks
    first: a :class:`Review`.

    ``seen`` is the mover's :class:`~phase10.PlayerView`, or a
    :class:`~phase10.GameState`, of which only the view of the seat to move
    is read (``view(state, state.current)``): nothing else, so the review
    never depends on a card the mover cannot see. ``move`` is a move that
    seat may make now. The best move is ``advise(seen)[0]``, with its
    reason; the move's rank is its place among :func:`advise`'s moves. A
    move written otherwise than the advice lists it (a lay's groups or a
    set's cards in another order, a hit with its end named) is found as
    the listed move that leaves the same table and hand; one the advice
    does not list at all (a lay of groups larger than the phase asks, where
    the rules take one) is judged as the advice judges its kind and ranked
    after the moves the advice puts above it, so it may rank first without
    being the first move.

    >>> from phase10 import Draw, new_game, view
    >>> from phase10.analysis import review
    >>> seen = view(new_game(2, seed=5), 1)
    >>> print(review(seen, Draw()))  # doctest: +NORMALIZE_WHITESPACE
    Drawing blind gave up 73% of making phase 1 within two draws (27% left
    against 100%); the analysis prefers taking W: take W, which makes phase
    1 now.

    Raises :class:`~phase10.UsageError` for anything but a seat's view or a
    state, or a ``move`` that is not a move record;
    :class:`~phase10.NotYourTurn` when the seat is not the one to move; and
    the :class:`~phase10.IllegalMove` the move would meet, for a move the
    rules forbid now.

    .. versionadded:: 0.3
    """
    if isinstance(seen, GameState):
        seen = view(seen, seen.current)
    seen = check_view(seen, "review")
    if not isinstance(move, MOVE_TYPES):
        raise UsageError(
            f"review judges a move record ({MOVE_CLASSES}), such as "
            f"Discard('G9'), not {shown(move)}"
        )
    verify_apply(seen, move)  # NotYourTurn, or the rule the move breaks
    return _review(seen, move, None)


def review_game(record: GameRecord, seat: int | None = None) -> tuple[Review, ...]:
    """A :class:`Review` of every move ``seat`` made in ``record`` (every
    seat's moves for ``None``), in the record's order, each from the
    mover's own view just before it, with its ``index`` in
    ``record.actions``.

    The record is replayed (:func:`~phase10.replay`), and each move is
    reviewed as :func:`review` would review it from
    ``view(state, state.current)``: what the mover saw, nothing else. The
    moves that start the next hand (:class:`~phase10.NextHand`) are left
    out: anyone may make them, and the advice has nothing to weigh there.

    >>> import random
    >>> from phase10 import GameRecord, apply
    >>> from phase10.bots import GreedyBot
    >>> from phase10.analysis import review_game
    >>> record, state = GameRecord.start(["Ann", "Bob"], seed=2)
    >>> bot = GreedyBot(random.Random(1))
    >>> for _ in range(6):
    ...     move = bot.choose(state)
    ...     state, record = apply(state, move), record.then(move)
    >>> reviews = review_game(record)
    >>> len(reviews), [(one.index, one.seat, one.move.notation, one.rank)
    ...                 for one in reviews if not one.is_best]
    (6, [(0, 1, 'T', 2), (4, 1, 'X Y12', 2), (5, 0, 'T', 2)])
    >>> print(reviews[0])  # doctest: +NORMALIZE_WHITESPACE
    Taking G4 gave up 21% of making phase 1 within two draws (56% left
    against 77%); the analysis prefers drawing blind: draw blind, with 47
    outs: 48% to make phase 1 now, 77% within two draws.
    >>> [one.index for one in review_game(record, seat=0)]
    [5]

    Raises :class:`~phase10.UsageError` for a ``record`` that is not a
    :class:`~phase10.GameRecord` or a ``seat`` that is not a whole number,
    :class:`~phase10.NoSuchSeat` for a seat not at the table, and
    :class:`~phase10.FormatError` for a record whose moves the rules forbid
    (as :func:`~phase10.replay` does).

    .. versionadded:: 0.3
    """
    if not isinstance(record, GameRecord):
        raise UsageError(
            f"review_game takes a GameRecord, not a {type(record).__name__}"
        )
    wrong = seat_type_error(seat, optional=True)
    if wrong is not None:
        raise wrong
    problem = seat_problem(seat, len(record.players), optional=True)
    if problem is not None:
        raise NoSuchSeat(f"{problem}: this record has {len(record.players)} seats")
    reviews = []
    states = replay(record)  # one more than the moves: the deal first
    for index, move in enumerate(record.actions):
        state = states[index]
        if state.step not in _IN_TURN or (seat is not None and state.current != seat):
            continue
        reviews.append(_review(view(state, state.current), move, index))
    return tuple(reviews)


_IN_TURN: Final = (Step.DRAW, Step.PLAY, Step.CHOOSE)


def _review(seen: PlayerView, move: Action, index: int | None) -> Review:
    """The review of ``move``, a move ``seen``'s seat may make now."""
    turn = _Turn(seen)
    ranked = _ranked(turn, legal_actions(seen))
    place = _place(seen, ranked, move)
    if place is None:  # a move the advice does not list: a larger lay
        key, advice = _judge(turn, move)
        rank = 1 + sum(other > key for other, _ in ranked)
    else:
        advice, rank = ranked[place][1], place + 1
    best = ranked[0][1]
    odds, points = _after(turn, move)
    best_odds, best_points = _after(turn, best.action)
    playing = seen.step in _IN_TURN  # else between hands: no odds
    question = _question_of(turn, move) if playing else None
    cost = Fraction(0)
    if odds is not None and best_odds is not None:
        cost = best_odds - odds
    return Review(
        move=move,
        seat=turn.seat,
        advice=advice,
        best=best,
        rank=rank,
        is_best=place == 0,
        moves=len(ranked),
        words=_words(seen, move),
        best_words=_words(seen, best.action),
        phase=advice.phase if advice.phase is not None else turn.number,
        draws=0 if question is None else _reach(question),
        odds_before=_chance(turn, seen.hand) if playing else None,
        odds_after=odds,
        best_odds=best_odds,
        points_before=turn.rules.points.total(seen.hand),
        points_after=points,
        best_points=best_points,
        cost=cost,
        index=index,
    )


def _place(
    seen: PlayerView, ranked: list[tuple[Key, Advice]], move: Action
) -> int | None:
    """Where ``move`` is in ``ranked``, in its own spelling or another that
    leaves the same table and hand (a lay's groups in another order, a
    set's cards in another order, a hit's end named); ``None`` if nowhere."""
    place = next((n for n, (_, a) in enumerate(ranked) if a.action == move), None)
    if place is not None:
        return place
    kind = type(move)
    rivals = [n for n, (_, a) in enumerate(ranked) if type(a.action) is kind]
    if not rivals:
        return None
    board = _surrogate(seen)  # hidden cards as placeholders: nothing secret
    mine = _left(apply(board, move), board.current)
    for number in rivals:
        if _left(apply(board, ranked[number][1].action), board.current) == mine:
            return number
    return None


def _left(state: GameState, seat: int) -> tuple[Counter[Any], Counter[Card]]:
    """The table and ``seat``'s hand of ``state``, each as a multiset, a
    set's or colour group's cards in any order (a run's stand for numbers
    by their places)."""
    table = Counter(
        attrs.evolve(meld, cards=tuple(sorted(meld.cards)))
        if not meld.kind.is_run
        else meld
        for meld in state.table
    )
    return table, Counter(state.players[seat].hand)


# --- what a move leaves ------------------------------------------------------------


def _reach(question: Question) -> int:
    """The draws the advice looks ahead for ``question``: 2, or 1."""
    return 2 if _deep(question) else 1


def _chance(
    turn: _Turn,
    hand: tuple[Card, ...],
    taken: int = 0,
    question: Question | None = None,
) -> Fraction | None:
    """The chance that ``hand`` and the cards still to come within the
    window (less the ``taken`` this move drew) hold the phase of
    ``question`` (the turn's own by default); 1 once the phase is laid,
    ``None`` with no phase to aim at."""
    if turn.laid:
        return Fraction(1)
    question = question or turn.question
    if question is None:
        return None
    if question.makes(hand):
        return Fraction(1)
    draws = min(_reach(question) - taken, question.total)
    return question.odds(hand, draws) if draws > 0 else Fraction(0)


def _question_of(turn: _Turn, move: Action) -> Question | None:
    """The question ``move``'s odds are asked of: a phase chosen's own."""
    if type(move) is ChoosePhase:
        return turn.ask(turn.rules.phases[move.phase - 1])
    return turn.question


After = tuple[Fraction | None, int | Fraction | None]


def _after(turn: _Turn, move: Action) -> After:
    """The odds and the points in hand once ``move`` is made."""
    return _AFTER[type(move)](turn, move)


def _given_up(turn: _Turn, card: Card) -> After:
    hand = _without(turn.seen.hand, card)
    return _chance(turn, hand), turn.rules.points.total(hand)


def _taken(turn: _Turn, card: Card) -> After:
    hand = (*turn.seen.hand, card)
    return _chance(turn, hand, taken=1), turn.rules.points.total(hand)


def _drawn(turn: _Turn, move: Draw) -> After:
    if move.source is Pile.DISCARD and turn.seen.discard_top is not None:
        return _taken(turn, turn.seen.discard_top)
    points = turn.rules.points
    left = turn.unseen
    total = sum(left.values())
    mean = Fraction(sum(points.of(c) * n for c, n in left.items()), total or 1)
    return _chance(turn, turn.seen.hand), points.total(turn.seen.hand) + mean


def _laid(turn: _Turn, move: LayPhase) -> After:
    hand = turn.seen.hand
    for group in move.groups:
        for card in group:
            hand = _without(hand, card)
    return Fraction(1), turn.rules.points.total(hand)


def _chosen(turn: _Turn, move: ChoosePhase) -> After:
    hand = turn.seen.hand
    question = _question_of(turn, move)
    return _chance(turn, hand, question=question), turn.rules.points.total(hand)


def _swapped(turn: _Turn, move: SwapWild) -> After:
    hand = (*_without(turn.seen.hand, move.card), WILD)
    return _chance(turn, hand), turn.rules.points.total(hand)


_AFTER: Final[dict[type, Callable[[_Turn, Any], After]]] = {
    NextHand: lambda turn, move: (None, None),
    LayPhase: _laid,
    ChoosePhase: _chosen,
    Draw: _drawn,
    DrawSaved: lambda turn, move: _taken(turn, move.card),
    SwapWild: _swapped,
    Hit: lambda turn, move: _given_up(turn, move.card),
    Discard: lambda turn, move: _given_up(turn, move.card),
    Skip: lambda turn, move: _given_up(turn, SKIP),
    Save: lambda turn, move: _given_up(turn, move.card),
}


# --- a move in words -----------------------------------------------------------------


def _words(seen: PlayerView, move: Action) -> str:
    """``move`` in words, as the object of a sentence: ``'discarding G9'``."""
    return _WORDS[type(move)](seen, move)


def _draw_words(seen: PlayerView, move: Draw) -> str:
    if move.source is Pile.DRAW:
        return "drawing blind"
    return f"taking {seen.discard_top}"


def _lay_words(seen: PlayerView, move: LayPhase) -> str:
    groups = " | ".join(format_cards(group) for group in move.groups)
    number = seen.phase_number(seen.seat or 0)
    return f"laying {_phase(number or None)} as {groups}"


def _choose_words(seen: PlayerView, move: ChoosePhase) -> str:
    spec: PhaseSpec = seen.rules.phases[move.phase - 1]
    verb = "choosing" if seen.step is Step.CHOOSE else "declaring"
    return f"{verb} phase {move.phase} ({spec})"


def _skip_words(seen: PlayerView, move: Skip) -> str:
    if move.target is None:
        return "playing the Skip on nobody"
    return f"skipping {seen.players[move.target].name}"


_WORDS: Final[dict[type, Callable[[PlayerView, Any], str]]] = {
    NextHand: lambda seen, move: "starting the next hand",
    LayPhase: _lay_words,
    ChoosePhase: _choose_words,
    Draw: _draw_words,
    DrawSaved: lambda seen, move: f"drawing your saved {move.card}",
    SwapWild: lambda seen, move: (
        f"taking the Wild of group {move.meld} back for {move.card}"
    ),
    Hit: lambda seen, move: f"hitting {move.card} on group {move.meld}",
    Discard: lambda seen, move: f"discarding {move.card}",
    Skip: _skip_words,
    Save: lambda seen, move: f"saving {move.card} for a later hand",
}
