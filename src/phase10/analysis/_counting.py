"""Exact odds by counting: the unseen cards as a multiset of classes of faces,
the draws as multisets of those classes, each asked of the solver once.

Every unseen card is equally likely to be drawn next, so the chance that
the next ``k`` draws bring a given multiset ``D`` of faces is the
multivariate hypergeometric weight ``prod(comb(u_f, d_f)) / comb(N, k)``
(``u_f`` unseen cards of face ``f``, ``N`` in all): the order of the draws
does not matter, since every card drawn is kept. Summing the weights of the
multisets with which the hand makes the phase gives the chance exactly.

Two facts keep the count small:

- **Faces in classes.** A phase reads only some of a card: a phase of
  sets and runs reads numbers, never colours; a phase of colour groups
  reads colours only; an even or odd group only the number's parity;
  Skips are never used. Faces that a phase cannot tell apart are one
  class, counted together: 14 classes (Wild, 1 to 12, Skip) for the
  standard phases but phase 8, 6 for phase 8. Three draws are then at most
  560 multisets, not 22,100.
- **More cards never hurt.** A hand that makes a phase still makes it with
  a card more, so a multiset succeeds at once if one card fewer does; the
  solver is asked only about the others. The answers are remembered for
  each hand (by its classes), so the outs, the odds at each number of
  draws and a later turn with the same hand share them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb
from typing import Final

from .._cards import COLOR_ORDER, FACES, Card
from .._memo import Memo, memo
from .._phases import KIND_FACTS, NaturalRule, PhaseSpec, unknown_kind
from .._solver import solve

__all__ = [
    "MAX_MULTISETS",
    "Made",
    "class_counts",
    "classes_of",
    "draws_of",
    "made_for",
    "multisets",
    "odds",
]

Counts = Mapping[int, int]
"""How many unseen cards each class holds, by the index of its face."""


def classes_of(phase: PhaseSpec) -> tuple[int, ...]:
    """For each face (by :attr:`Card.index`), the index of the face that
    stands for its class under ``phase``: the faces that no requirement of
    the phase can tell apart share one."""
    reads_number = reads_parity = reads_color = False
    for group in phase.groups:
        facts = KIND_FACTS[group.kind]
        if facts.holds in ("number", "sequence"):
            reads_number = True
        elif facts.holds == "parity":
            reads_parity = True
        elif facts.holds != "color":
            raise unknown_kind(group.kind)  # pragma: no cover (no formula here)
        # A colour run reads colours too; a parity run reads numbers.
        reads_color = reads_color or facts.colored
    stands: list[int] = []
    for card in FACES:
        if card.number is None or card.color is None:
            stands.append(card.index)  # a Wild, or a Skip (never used): alone
            continue
        number = 1
        if reads_number:
            number = card.number
        elif reads_parity:
            number = 2 - card.number % 2
        color = card.color if reads_color else COLOR_ORDER[0]
        stands.append(Card(number, color).index)
    return tuple(stands)


def class_counts(cards: Iterable[Card], stands: Sequence[int]) -> dict[int, int]:
    """How many of ``cards`` fall in each class (``stands`` from
    :func:`classes_of`)."""
    counts: dict[int, int] = {}
    for card in cards:
        key = stands[card.index]
        counts[key] = counts.get(key, 0) + 1
    return counts


class Made:
    """Which draws let one hand make one phase: the solver's answers for the
    hand plus each multiset of classes asked so far, remembered."""

    __slots__ = ("hand", "known", "naturals", "phase", "wrap")

    def __init__(
        self,
        hand: tuple[Card, ...],
        phase: PhaseSpec,
        naturals: NaturalRule,
        wrap: bool,
    ) -> None:
        self.hand = hand
        self.phase = phase
        self.naturals = naturals
        self.wrap = wrap
        # A memo table as every other (see _memo): emptied when full. One
        # count asks at most MAX_MULTISETS multisets and their smaller ones,
        # but the counts of many turns of one hand add up.
        self.known: Memo[tuple[int, ...], bool] = Memo("analysis.made.known", 10_000)

    def made(self, draw: tuple[int, ...]) -> bool:
        """Whether the hand plus one card of each class in ``draw`` (sorted
        class indices, a class repeated for each card) makes the phase."""
        answer = self.known.get(draw)
        if answer is not None:
            return answer
        answer = False
        # More cards never hurt: with one card fewer made, this is made too.
        for place in range(len(draw)):
            if place and draw[place] == draw[place - 1]:
                continue
            if self.made(draw[:place] + draw[place + 1 :]):
                answer = True
                break
        if not answer:
            cards = self.hand + tuple(FACES[index] for index in draw)
            answer = solve(cards, self.phase, self.naturals, wrap=self.wrap) is not None
        return self.known.keep(draw, answer)


_MADE: Final[Memo[tuple[object, ...], tuple[PhaseSpec, Made]]] = memo(
    "analysis.made", 128
)
"""Each hand's answers, by its classes and the phase's identity (the entry
keeps the phase, so its id is not reused while it is a key)."""


def made_for(
    hand: Iterable[Card],
    phase: PhaseSpec,
    naturals: NaturalRule,
    wrap: bool,
    stands: Sequence[int],
) -> Made:
    """The remembered answers for ``hand`` (read in classes) and ``phase``."""
    canonical = tuple(sorted(FACES[stands[card.index]] for card in hand))
    key = (canonical, id(phase), naturals, wrap)
    entry = _MADE.get(key)
    if entry is None or entry[0] is not phase:
        entry = _MADE.keep(key, (phase, Made(canonical, phase, naturals, wrap)))
    return entry[1]


MAX_MULTISETS: Final = 5_000
"""The most multisets of classes one count may go through: every standard
phase up to four draws (2,380 at most), a phase that reads both numbers
and colours (50 classes, solved by the general search, about 0.1 ms a
multiset) up to two (1,275)."""


def multisets(classes: int, draws: int) -> int:
    """How many multisets of ``draws`` cards there are over ``classes``
    classes (with no class running short)."""
    return comb(classes + draws - 1, draws)


def draws_of(counts: Counts, draws: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every multiset of ``draws`` classes that ``counts`` can supply, sorted,
    with the number of ways to draw it (the product of the binomials)."""
    classes = sorted(key for key, count in counts.items() if count > 0)
    for draw in combinations_with_replacement(classes, draws):
        ways = 1
        run = 1
        for place in range(1, draws + 1):
            if place < draws and draw[place] == draw[place - 1]:
                run += 1
                continue
            ways *= comb(counts[draw[place - 1]], run)
            run = 1
        if ways:
            yield draw, ways


def odds(made: Made, counts: Counts, draws: int) -> Fraction:
    """The chance that ``draws`` cards drawn from the unseen cards
    (``counts``, by class) let the hand make the phase, each card being
    equally likely; 0 when there are fewer cards than draws."""
    total = comb(sum(counts.values()), draws)
    if total == 0:
        return Fraction(0)
    if made.made(()):
        return Fraction(1)
    hits = sum(ways for draw, ways in draws_of(counts, draws) if made.made(draw))
    return Fraction(hits, total)
