"""The questions a player asks of a hand: which cards would complete the
phase (:func:`outs`), and how likely the next draws make it
(:func:`phase_odds`), from what one seat sees; and the same from plain cards,
for teaching (:func:`hand_outs`, :func:`hand_odds`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from .._cards import FACES, Card, as_cards
from .._determinize import _unseen
from .._errors import UsageError, shown
from .._memo import Memo, memo
from .._phases import PhaseSpec
from .._rules import OFFICIAL, Rules
from .._view import PlayerView
from ._counting import (
    MAX_MULTISETS,
    Made,
    class_counts,
    classes_of,
    made_for,
    multisets,
    odds,
)

__all__ = [
    "MAX_DRAWS",
    "PhaseLike",
    "Question",
    "check_view",
    "hand_odds",
    "hand_outs",
    "outs",
    "phase_odds",
    "resolve_phase",
    "unseen",
]

MAX_DRAWS: Final = 4
"""The most draws :func:`phase_odds` and :func:`hand_odds` count ahead.

The multisets to count grow with ``draws``: at 4 draws a standard phase
asks at most 2,380 of them. A phase that reads both numbers and colours
(a colour run, a house rule) cannot group its faces, and is counted up to
2 draws (1,275 multisets): more raises :class:`~phase10.UsageError`.

.. versionadded:: 0.2
"""

PhaseLike = PhaseSpec | str | int
"""A phase: a :class:`~phase10.PhaseSpec`, its text (``"2 sets of 3"``), or
its number in the game's list of phases (``4`` for the fourth)."""


def check_view(seen: object, asker: str) -> PlayerView:
    """``seen`` if it is the view of a seat, else a :class:`UsageError`."""
    if not isinstance(seen, PlayerView):
        whole = " (analysis reads what one seat sees: pass phase10.view(state, seat))"
        raise UsageError(
            f"{asker} takes a PlayerView, not {type(seen).__name__}"
            + (whole if type(seen).__name__ == "GameState" else "")
        )
    if seen.seat is None:
        raise UsageError(f"{asker} needs a seat's view: a spectator holds no hand")
    return seen


def resolve_phase(
    rules: Rules, phase: object, seen: PlayerView | None = None
) -> PhaseSpec:
    """The phase asked about; ``phase=None`` is the seat's current or
    active phase."""
    if phase is None:
        if seen is None:
            raise UsageError("name the phase, such as 4 or '1 run of 8'")
        spec = seen.phase_of(seen.seat or 0)
        if spec is None:
            raise UsageError(
                "this seat has no phase to make now (none chosen yet, or all "
                "done): name one with phase=, such as phase=4"
            )
        return spec
    if isinstance(phase, bool) or not isinstance(phase, (int, str, PhaseSpec)):
        raise UsageError(
            f"a phase is a PhaseSpec, its text or its number, not {shown(phase)}"
        )
    if isinstance(phase, int):
        if not 1 <= phase <= len(rules.phases):
            raise UsageError(
                f"there is no phase {phase}: this game has phases 1 to "
                f"{len(rules.phases)}"
            )
        return rules.phases[phase - 1]
    return PhaseSpec.parse(phase) if isinstance(phase, str) else phase


def check_draws(draws: object, available: int) -> int:
    """``draws`` if it is a number of draws that can be counted, of the
    ``available`` cards (the unseen ones, and a top discard taken)."""
    if isinstance(draws, bool) or not isinstance(draws, int):
        raise UsageError(f"draws is a whole number of cards, not {shown(draws)}")
    if not 1 <= draws <= MAX_DRAWS:
        raise UsageError(f"draws is from 1 to {MAX_DRAWS}, not {draws}")
    if draws > available:
        raise UsageError(f"only {available} cards can be drawn, not {draws}")
    return draws


_CLASSES: Final[Memo[int, tuple[PhaseSpec, tuple[int, ...]]]] = memo(
    "analysis.classes", 256
)
"""Each phase's classes of faces, by the phase's identity (the entry keeps it)."""


class Question:
    """One phase asked of hands drawn from one multiset of unseen cards:
    the classes of faces, their counts, and the remembered answers."""

    __slots__ = ("counts", "naturals", "phase", "stands", "unseen", "wrap")

    def __init__(self, phase: PhaseSpec, rules: Rules, unseen: Mapping[Card, int]):
        entry = _CLASSES.get(id(phase))
        if entry is None or entry[0] is not phase:
            entry = _CLASSES.keep(id(phase), (phase, classes_of(phase)))
        self.phase = phase
        self.stands = entry[1]
        self.naturals = rules.naturals
        self.wrap = rules.wrap_runs
        self.unseen = unseen
        self.counts = class_counts(
            (card for card, count in unseen.items() for _ in range(count)),
            self.stands,
        )

    @property
    def total(self) -> int:
        """How many cards are unseen."""
        return sum(self.unseen.values())

    def made(self, hand: Iterable[Card]) -> Made:
        """The remembered answers for ``hand``."""
        return made_for(hand, self.phase, self.naturals, self.wrap, self.stands)

    def makes(self, hand: Iterable[Card]) -> bool:
        """Whether ``hand`` makes the phase now."""
        return self.made(hand).made(())

    def outs(self, hand: Iterable[Card]) -> Mapping[Card, int]:
        """Each unseen face with which ``hand`` makes the phase, and how many
        of it are unseen, by face."""
        made = self.made(hand)
        found = {
            card: count
            for card, count in sorted(self.unseen.items())
            if count > 0 and made.made((self.stands[card.index],))
        }
        return MappingProxyType(found)

    @property
    def kinds(self) -> int:
        """How many classes of faces the unseen cards fall in."""
        return sum(count > 0 for count in self.counts.values())

    def countable(self, draws: int) -> bool:
        """Whether ``draws`` draws are few enough to count (see
        :data:`MAX_DRAWS`)."""
        return draws <= MAX_DRAWS and multisets(self.kinds, draws) <= MAX_MULTISETS

    def odds(self, hand: Iterable[Card], draws: int) -> Fraction:
        """The chance that ``hand`` and the next ``draws`` unseen cards make
        the phase."""
        if not self.countable(draws):
            kinds = self.kinds
            most = max(k for k in range(1, draws) if self.countable(k))
            raise UsageError(
                f"{draws} draws are too many to count for '{self.phase}', whose "
                f"cards fall in {kinds} kinds: at most {most}"
            )
        return odds(self.made(hand), self.counts, draws)


def unseen(seen: PlayerView) -> Mapping[Card, int]:
    """How many cards of each face ``seen``'s seat has not seen, by face.

    The deck less every card the view shows: the seat's hand, the groups on
    the table, the top of the discard pile, the cards others are known to
    hold, and the save piles it sees. Each is taken to be as likely as any
    other to be drawn next, as :func:`~phase10.determinize` assumes when it
    deals them.

    >>> from phase10 import new_game, view
    >>> from phase10.analysis import unseen
    >>> seen = view(new_game(2, seed=5), 0)
    >>> left = unseen(seen)
    >>> sum(left.values()), left[seen.discard_top]
    (97, 7)

    Raises :class:`~phase10.UsageError` for anything but a seat's view.

    .. versionadded:: 0.2
    """
    seen = check_view(seen, "unseen")
    return MappingProxyType(dict(sorted(Counter(_unseen(seen)).items())))


def outs(seen: PlayerView, phase: PhaseLike | None = None) -> Mapping[Card, int]:
    """The faces that, drawn next, would let the seat's hand make the phase,
    each with how many of it are unseen (see :func:`unseen`).

    ``phase`` is the seat's current phase (in the Masters Edition, its
    active one) unless one is named: its number, its text or a
    :class:`~phase10.PhaseSpec`. Faces every copy of which the seat can see
    are left out: they cannot be drawn. When the hand makes the phase
    already, every unseen face is an out.

    >>> from phase10 import new_game, view
    >>> from phase10.analysis import outs
    >>> seen = view(new_game(2, seed=5), 1)
    >>> " ".join(str(card) for card in sorted(seen.hand))
    'G2 R6 Y6 Y7 G8 G10 R11 R11 B11 R12'
    >>> {str(card): count for card, count in outs(seen).items()}
    {'R6': 1, 'B6': 2, 'Y6': 1, 'G6': 2, 'W': 7}

    Phase 1 (2 sets of 3) needs a third 6 or a Wild. Phase 2 (1 set of 3 +
    1 run of 4) needs a 5 or a 9 beside the 6 7 8, or a Wild:

    >>> sum(outs(seen, phase=2).values())
    23

    ``dict(outs(seen))`` is a plain dict; ``{str(card): count ...}`` is
    ready for JSON. Raises :class:`~phase10.UsageError` for anything but a
    seat's view, or a phase that does not exist.

    .. versionadded:: 0.2
    """
    seen = check_view(seen, "outs")
    spec = resolve_phase(seen.rules, phase, seen)
    return Question(spec, seen.rules, unseen(seen)).outs(seen.hand)


def phase_odds(
    seen: PlayerView,
    draws: int = 1,
    *,
    phase: PhaseLike | None = None,
    take_discard: bool = False,
) -> Fraction:
    """The exact chance that the seat's hand and the next ``draws`` cards it
    draws, all kept, make the phase.

    Every unseen card (see :func:`unseen`) is taken as equally likely to
    come next, so the chance is counted, not sampled: over the multisets of
    unseen faces, each weighted by how many ways it can be drawn. With
    ``take_discard``, the first card is the top of the discard pile, taken
    now, and the other ``draws - 1`` come from the unseen cards. ``phase``
    is as for :func:`outs`. ``float(phase_odds(...))`` is the chance as a
    number.

    >>> from phase10 import new_game, view
    >>> from phase10.analysis import phase_odds
    >>> seen = view(new_game(2, seed=5), 1)
    >>> phase_odds(seen, 1)
    Fraction(13, 97)
    >>> round(float(phase_odds(seen, 2)), 3)
    0.274
    >>> phase_odds(seen, 1, take_discard=True)  # the top discard is a Wild
    Fraction(1, 1)

    Raises :class:`~phase10.UsageError` for anything but a seat's view, a
    phase that does not exist, ``draws`` not from 1 to :data:`MAX_DRAWS`
    (or more than the unseen cards), or ``take_discard`` when the top
    discard cannot be taken (none, a Skip, or a Wild the rules keep there).

    .. versionadded:: 0.2
    """
    seen = check_view(seen, "phase_odds")
    spec = resolve_phase(seen.rules, phase, seen)
    question = Question(spec, seen.rules, unseen(seen))
    if not isinstance(take_discard, bool):
        raise UsageError(f"take_discard is True or False, not {shown(take_discard)}")
    hand = seen.hand
    if take_discard:
        top = seen.discard_top
        if (
            top is None
            or top.is_skip
            or (top.is_wild and not seen.rules.wild_from_discard)
        ):
            raise UsageError(f"the top discard ({top or 'none'}) cannot be taken")
        hand = (*hand, top)
        draws = check_draws(draws, question.total + 1) - 1
        if draws == 0:  # the top alone: made or not
            return Fraction(int(question.makes(hand)))
    else:
        check_draws(draws, question.total)
    return question.odds(hand, draws)


def _hand_question(
    hand: object, phase: object, unseen_cards: object, rules: object, asker: str
) -> tuple[tuple[Card, ...], Question]:
    """The hand and the question of :func:`hand_outs` and :func:`hand_odds`."""
    if rules is None:
        rules = OFFICIAL
    elif not isinstance(rules, Rules):
        raise UsageError(f"rules must be a Rules record or None, not {shown(rules)}")
    cards = _cards(hand, f"{asker}'s hand")
    spec = resolve_phase(rules, phase)
    if unseen_cards is None:
        left = Counter(rules.deck)
        left.subtract(cards)
        short = [card for card in FACES if left[card] < 0]
        if short:
            raise UsageError(
                f"the deck holds {Counter(rules.deck)[short[0]]} {short[0]}, "
                "fewer than the hand"
            )
        counts = {card: n for card, n in sorted(left.items()) if n > 0}
    else:
        counts = dict(sorted(Counter(_cards(unseen_cards, "unseen")).items()))
    return cards, Question(spec, rules, counts)


def _cards(value: object, what: str) -> tuple[Card, ...]:
    try:
        return as_cards(value)  # type: ignore[arg-type]
    except UsageError:
        raise UsageError(
            f"{what} is cards or their text, such as 'R7 B7 W', not {shown(value)}"
        ) from None


def hand_outs(
    hand: Iterable[Card | str] | str,
    phase: PhaseLike,
    *,
    unseen: Iterable[Card | str] | str | None = None,
    rules: Rules | None = None,
) -> Mapping[Card, int]:
    """:func:`outs` from plain cards, for teaching: the faces of ``unseen``
    with which ``hand`` makes ``phase``, and how many of each.

    ``unseen`` defaults to the deck of ``rules`` (the official game's by
    default) less the hand; ``phase`` may be a number in ``rules.phases``.

    >>> from phase10.analysis import hand_outs
    >>> found = hand_outs("R3 B3 Y7 G7 R7", "2 sets of 3", unseen="G3 B3 R9 W S")
    >>> {str(card): count for card, count in found.items()}
    {'B3': 1, 'G3': 1, 'W': 1}

    .. versionadded:: 0.2
    """
    cards, question = _hand_question(hand, phase, unseen, rules, "hand_outs")
    return question.outs(cards)


def hand_odds(
    hand: Iterable[Card | str] | str,
    phase: PhaseLike,
    draws: int = 1,
    *,
    unseen: Iterable[Card | str] | str | None = None,
    rules: Rules | None = None,
) -> Fraction:
    """:func:`phase_odds` from plain cards, for teaching: the chance that
    ``hand`` and ``draws`` cards drawn from ``unseen`` make ``phase``.

    ``unseen`` and ``rules`` are as for :func:`hand_outs`. With five unseen
    cards, three of which complete the hand, two draws miss only if both
    come from the other two: 1 - (2/5 x 1/4) = 9/10.

    >>> from phase10.analysis import hand_odds
    >>> hand_odds("R3 B3 Y7 G7 R7", "2 sets of 3", unseen="G3 B3 R9 W S")
    Fraction(3, 5)
    >>> hand_odds("R3 B3 Y7 G7 R7", "2 sets of 3", 2, unseen="G3 B3 R9 W S")
    Fraction(9, 10)

    .. versionadded:: 0.2
    """
    cards, question = _hand_question(hand, phase, unseen, rules, "hand_odds")
    check_draws(draws, question.total)
    return question.odds(cards, draws)
