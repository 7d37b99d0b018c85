"""The judge of groups: whether cards form a set, run or colour group, and
whether one more card fits a group on the table (R5-R8, R10-R13, R30, R32),
a floating run of Wilds alone included.

Everything that lays or hits cards asks this module, so each of these rules
is written once.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import NamedTuple, cast

from ._cards import HIGHEST, Card, Color, format_cards
from ._errors import CardDoesNotFit, PhaseNotMet
from ._phases import GroupKind, GroupSpec, NaturalRule, PhaseSpec, unknown_kind

__all__ = ["End", "GroupShape", "check_phase", "extend_group", "judge_group"]

_PARITY_WORDS = ("even", "odd")


class End(enum.Enum):
    """An end of a run, for hitting a Wild onto it (R32).

    .. versionadded:: 0.1
    """

    LOW = "low"
    HIGH = "high"


class GroupShape(NamedTuple):
    """What a group's cards stand for, so each Wild's meaning is fixed (R13).

    ``number`` is a set's number, ``color`` a colour group's or colour run's
    colour, ``low`` the number a run's first card stands for. Each is
    ``None`` where it does not apply, or while a group of Wilds alone has
    not been given one: a group of Wilds alone has the empty shape
    ``GroupShape()``, and a run with ``low=None`` *floats* (its Wilds stand
    for no numbers until a natural card is hit onto it).
    """

    number: int | None = None
    color: Color | None = None
    low: int | None = None


def _names(cards: Sequence[Card]) -> str:
    return format_cards(cards)


def _what(kind: GroupKind, size: int) -> str:
    """One group of ``kind`` in the phase language's words: "a set of 3",
    "7 cards of one color", "3 odd cards"."""
    text = str(GroupSpec(kind, size))
    if kind is GroupKind.COLOR or not text.startswith("1 "):
        return text
    return "a " + text[2:]


def judge_group(
    kind: GroupKind,
    cards: Sequence[Card],
    min_size: int,
    *,
    need_natural: bool,
    wrap: bool = False,
) -> GroupShape:
    """Judge ``cards`` as one group of ``kind`` with at least ``min_size`` cards.

    Returns what the group stands for; raises :class:`PhaseNotMet` saying
    why the cards are not such a group. A run's cards are read in the order
    given, lowest first, each Wild standing for the number its place
    implies (R6, R10); with ``wrap`` (R42) a run may go on from 12 to 1,
    and its ``low`` is the number its first card stands for. Wilds alone
    (where ``need_natural`` is false) stand for nothing yet and get the
    empty shape; a run of them floats (R13).
    """
    if len(cards) < min_size:
        raise PhaseNotMet(
            f"{_what(kind, min_size)} needs at least {min_size} cards, "
            f"not {len(cards)}" + (f" ({_names(cards)})" if cards else ""),
            clause="R14",
        )
    naturals: list[tuple[int, Card]] = []
    for place, card in enumerate(cards):
        if card.is_skip:
            raise PhaseNotMet("a Skip can never be part of a phase", clause="R12")
        if not card.is_wild:
            naturals.append((place, card))
    if need_natural and not naturals:
        raise PhaseNotMet(
            f"{_what(kind, min_size)} needs at least one natural card, not only Wilds",
            clause="R11",
        )
    longest = kind.longest
    if longest is not None and len(cards) > longest:
        raise PhaseNotMet(
            f"{_a_run(kind)} holds at most {longest} cards "
            f"({_numbers_of(kind)}), not {len(cards)}",
            clause="R6" if longest == HIGHEST else "R51",
        )
    if not naturals:
        # Wilds alone stand for nothing yet; a run of them floats (R13).
        return GroupShape()
    first = naturals[0][1]
    color: Color | None = None
    if kind.is_colored:
        color = first.color
        for _, card in naturals:
            if card.color is not color:
                raise PhaseNotMet(
                    f"{card} is not {cast(Color, color).name.lower()} like {first}: "
                    f"{_what(kind, min_size)} must be all one color",
                    clause="R8" if kind.is_run else "R7",
                )
        if kind is GroupKind.COLOR:
            return GroupShape(color=color)
    parity = kind.parity
    if parity is not None:
        word = _PARITY_WORDS[parity]
        for _, card in naturals:
            if _number(card) % 2 != parity:
                raise PhaseNotMet(
                    f"{card} is not an {word} number: "
                    f"{_what(kind, min_size)} must all be {word} numbers",
                    clause="R51" if kind.is_run else "R43",
                )
        if not kind.is_run:
            return GroupShape()
    if kind is GroupKind.SET:
        for _, card in naturals:
            if card.number != first.number:
                raise PhaseNotMet(
                    f"{first} and {card} are not the same number, so they cannot "
                    "be in one set",
                    clause="R5",
                )
        return GroupShape(number=first.number)
    if not kind.is_run:
        raise unknown_kind(kind)  # pragma: no cover (a kind with no formula here)
    return _judge_run(kind, cards, naturals, color, wrap)


def _judge_run(
    kind: GroupKind,
    cards: Sequence[Card],
    naturals: Sequence[tuple[int, Card]],
    color: Color | None,
    wrap: bool,
) -> GroupShape:
    """:func:`judge_group` for a run: every natural card must sit where its
    number says, ``step`` above the place before it (R6, R10, R51)."""
    step = kind.step or 1
    place0, card0 = naturals[0]
    low = _number(card0) - step * place0
    if wrap:
        low = _wrapped(low)
    for place, card in naturals[1:]:
        here = _number(card) - step * place
        if (_wrapped(here) if wrap else here) != low:
            gap = "by one" if step == 1 else "by two"
            raise PhaseNotMet(
                f"{card0} and {card} cannot both be where they are in this run: "
                f"a run's numbers go up {gap} from card to card, lowest first, "
                "with a Wild for each missing number"
                + (f", and from {HIGHEST} on to 1" if wrap else ""),
                clause="R6",
            )
    if wrap:
        return GroupShape(color=color, low=low)
    if low < 1:
        raise PhaseNotMet(
            f"this run would have to go below 1 before {card0}: runs use the "
            f"numbers 1 to {HIGHEST} and do not wrap round",
            clause="R6",
        )
    high = low + step * (len(cards) - 1)
    if high > HIGHEST:
        raise PhaseNotMet(
            f"this run would have to go above {HIGHEST} ({len(cards)} cards from "
            f"{low}): runs use the numbers 1 to {HIGHEST} and do not wrap round",
            clause="R6",
        )
    return GroupShape(color=color, low=low)


def _a_run(kind: GroupKind) -> str:
    """ "a run", or "a run of odd numbers" for a run of one parity."""
    parity = kind.parity
    return "a run" if parity is None else f"a run of {_PARITY_WORDS[parity]} numbers"


def _numbers_of(kind: GroupKind) -> str:
    """The numbers a run of ``kind`` may hold, in words."""
    parity = kind.parity
    if parity is None:
        return f"the numbers 1 to {HIGHEST}"
    return ", ".join(str(n) for n in range(2 - parity, HIGHEST + 1, 2))


def _number(card: Card) -> int:
    return card._n  # a natural card's slot is its number


def _wrapped(number: int) -> int:
    """``number`` brought into 1-12 by steps of 12: the number a place of a
    run that wraps from 12 to 1 stands for (R42)."""
    return (number - 1) % HIGHEST + 1


def check_phase(
    groups: Sequence[Sequence[Card]],
    spec: PhaseSpec,
    naturals: NaturalRule,
    *,
    wrap: bool = False,
) -> tuple[tuple[GroupSpec, GroupShape], ...]:
    """Judge ``groups`` as a way to lay ``spec`` (R4, R11, R14); ``wrap``
    lets runs go on from 12 to 1 (R42).

    There must be exactly one group per requirement of ``spec``, in any
    order. Returns, for each group in the order given, the requirement it
    meets and what it stands for; raises :class:`PhaseNotMet` otherwise.
    """
    wanted = spec.groups
    if len(groups) != len(wanted):
        raise PhaseNotMet(
            f"this phase ({spec}) is laid as exactly {len(wanted)} "
            f"group{'s' if len(wanted) != 1 else ''}, not {len(groups)}",
            clause="R14",
        )
    per_group = naturals is NaturalRule.PER_GROUP
    if naturals is NaturalRule.PER_PHASE and not any(
        not card.is_wild for group in groups for card in group
    ):
        raise PhaseNotMet("a phase needs at least one natural card", clause="R11")
    # fits[i][j]: the shape if group i meets requirement j, else the reason.
    fits: list[list[GroupShape | PhaseNotMet]] = []
    for group in groups:
        row: list[GroupShape | PhaseNotMet] = []
        for requirement in wanted:
            try:
                row.append(
                    judge_group(
                        requirement.kind,
                        group,
                        requirement.size,
                        need_natural=per_group,
                        wrap=wrap,
                    )
                )
            except PhaseNotMet as error:
                row.append(error)
        fits.append(row)
    chosen = _match(fits)
    if chosen is None:
        raise _explain(groups, wanted, fits)
    result = []
    for i, j in enumerate(chosen):
        result.append((wanted[j], cast(GroupShape, fits[i][j])))
    return tuple(result)


def _match(fits: Sequence[Sequence[GroupShape | PhaseNotMet]]) -> list[int] | None:
    """A perfect matching of groups to requirements, by simple backtracking."""
    size = len(fits)
    taken = [False] * size
    chosen = [0] * size

    def place(i: int) -> bool:
        if i == size:
            return True
        for j in range(size):
            if not taken[j] and isinstance(fits[i][j], GroupShape):
                taken[j] = True
                chosen[i] = j
                if place(i + 1):
                    return True
                taken[j] = False
        return False

    return chosen if place(0) else None


def _explain(
    groups: Sequence[Sequence[Card]],
    wanted: Sequence[GroupSpec],
    fits: Sequence[Sequence[GroupShape | PhaseNotMet]],
) -> PhaseNotMet:
    if len(groups) == 1:
        return cast(PhaseNotMet, fits[0][0])
    for i, row in enumerate(fits):
        if not any(isinstance(cell, GroupShape) for cell in row):
            # This group meets no requirement: say why, against the first
            # requirement of its own kind if there is one.
            pick = next(
                (
                    j
                    for j, req in enumerate(wanted)
                    if req.kind.is_run == _looks_like_run(groups[i])
                ),
                0,
            )
            reason = cast(PhaseNotMet, row[pick])
            what = _what(wanted[pick].kind, wanted[pick].size)
            # "a set of 3 needs ..." reads better as "it needs ..." here.
            why = reason.reason
            if why.startswith(what + " "):
                why = "it" + why[len(what) :]
            cards = f" ({_names(groups[i])})"
            why = why.replace(cards, "")  # named once, in front, is enough
            return PhaseNotMet(
                f"group {i}{cards} is not {what}: {why}",
                clause=reason.clause,
            )
    return PhaseNotMet(
        f"these groups do not make {' + '.join(str(req) for req in wanted)} together: "
        "each group must meet a different requirement",
        clause="R14",
    )


def _looks_like_run(cards: Sequence[Card]) -> bool:
    numbers = {card.number for card in cards if card.number is not None}
    return len(numbers) > 1


def extend_group(
    kind: GroupKind,
    shape: GroupShape,
    cards: Sequence[Card],
    card: Card,
    end: End | None = None,
    *,
    wrap: bool = False,
) -> tuple[tuple[Card, ...], GroupShape]:
    """Put ``card`` onto a laid group; return its new cards and shape (R13, R30, R32).

    A run's cards stay in ascending order: a card hit at the low end comes
    first. With ``wrap`` (R42) a run goes on from 12 to 1, so 1 fits above
    12 and 12 below 1, while it holds fewer than 12 cards. A group of Wilds
    alone takes its number, colour or place from the first natural card hit
    onto it, and Wilds hit onto it leave it open (R13). Raises
    :class:`CardDoesNotFit` saying why the card does not fit.
    """
    if card.is_skip:
        raise CardDoesNotFit("a Skip can never be hit onto a group", clause="R12")
    if end is not None and not kind.is_run:
        raise CardDoesNotFit(
            f"only a run has ends; this is a {kind.value} group", clause="R32"
        )
    wild = card.is_wild
    if kind is GroupKind.SET:
        if wild or shape.number is None:
            number = shape.number if wild else card.number
            return (*cards, card), shape._replace(number=number)
        if card.number != shape.number:
            raise CardDoesNotFit(
                f"{card} does not fit a set of {shape.number}s", clause="R30"
            )
        return (*cards, card), shape
    if (
        kind.is_colored
        and not wild
        and shape.color is not None
        and card.color is not shape.color
    ):
        raise CardDoesNotFit(
            f"{card} is not {shape.color.name.lower()}, so it does not fit "
            f"this {shape.color.name.lower()} group",
            clause="R30",
        )
    parity = kind.parity
    if parity is not None:
        if not wild and _number(card) % 2 != parity:
            word = _PARITY_WORDS[parity]
            what = f"run of {word} numbers" if kind.is_run else f"group of {word} cards"
            raise CardDoesNotFit(
                f"{card} is not an {word} number, so it does not fit this {what}",
                clause="R51" if kind.is_run else "R43",
            )
        if not kind.is_run:
            return (*cards, card), shape
    color = shape.color if wild or not kind.is_colored else card.color
    if kind is GroupKind.COLOR:
        return (*cards, card), shape._replace(color=color)
    if not kind.is_run:
        raise unknown_kind(kind)  # pragma: no cover (a kind with no formula here)
    step = kind.step or 1
    if shape.low is None:
        return _extend_floating(cards, card, end, color, wrap, step)
    if wrap:
        return _extend_wrapped(shape, cards, card, end, color, step)
    low = shape.low
    high = low + step * (len(cards) - 1)
    if wild:
        if end is None:
            end = End.HIGH if high + step <= HIGHEST else End.LOW
        if end is End.HIGH and high + step > HIGHEST:
            raise CardDoesNotFit(
                f"this run already reaches {high}, so nothing can go above it",
                clause="R32",
            )
        if end is End.LOW and low - step < 1:
            raise CardDoesNotFit(
                f"this run already starts at {low}, so nothing can go below it",
                clause="R32",
            )
    else:
        number = card.number
        if number == low - step:
            implied = End.LOW
        elif number == high + step:
            implied = End.HIGH
        else:
            raise CardDoesNotFit(
                f"{card} does not fit this run of {low}-{high}: "
                f"{_ends(low, high, step)}",
                clause="R30",
            )
        if end is not None and end is not implied:
            raise CardDoesNotFit(
                f"{card} can only go at the {implied.value} end of this run",
                clause="R30",
            )
        end = implied
    if end is End.LOW:
        return (card, *cards), shape._replace(low=low - step, color=color)
    return (*cards, card), shape._replace(low=low, color=color)


def _extend_wrapped(
    shape: GroupShape,
    cards: Sequence[Card],
    card: Card,
    end: End | None,
    color: Color | None,
    step: int = 1,
) -> tuple[tuple[Card, ...], GroupShape]:
    """Hit ``card`` onto a run that may go on from 12 to 1 (R42), its numbers
    ``step`` apart (2 for a run of odd or even numbers, R51, which goes on
    from 11 to 1 or from 12 to 2): any card fits while the run lacks some
    of its numbers, a Wild at either end (the high end unless one is named),
    a natural card at the end its number follows on from. A run that lacks
    one number has it follow on at both ends: at the high end unless the
    low end is named."""
    low = cast(int, shape.low)
    size = len(cards)
    high = _wrapped(low + step * (size - 1))
    if size >= HIGHEST // step:
        raise CardDoesNotFit(
            f"this run already holds {_every(low, step)}, so nothing more can "
            "be hit on it",
            clause="R42",
        )
    below, above = _wrapped(low - step), _wrapped(high + step)
    if not card.is_wild:
        number = card.number
        ends = [
            side
            for side, fits in ((End.LOW, number == below), (End.HIGH, number == above))
            if fits
        ]
        if not ends:
            raise CardDoesNotFit(
                f"{card} does not fit this run of {low}-{high}: it takes only "
                f"{_a(below)} below or {_a(above)} above (or a Wild)",
                clause="R30",
            )
        if end is None:
            end = ends[-1]
        elif end not in ends:
            raise CardDoesNotFit(
                f"{card} can only go at the {ends[0].value} end of this run",
                clause="R30",
            )
    elif end is None:
        end = End.HIGH
    if end is End.LOW:
        return (card, *cards), shape._replace(low=below, color=color)
    return (*cards, card), shape._replace(low=low, color=color)


def _floating_ends(size: int, card: Card, step: int = 1) -> tuple[End, ...]:
    """The ends of a floating run of ``size`` Wilds, their numbers ``step``
    apart, that the natural card ``card`` may go at, low end first (R13).

    A card ``n`` goes at the low end when the Wilds above it stop at 12
    (``n + step * size <= 12``), and at the high end when the Wilds below
    it start at 1 or above (``n - step * size >= 1``). So no card fits a
    run of 12 Wilds (or 6 of a run of odd or even numbers), which stands
    for every number it may hold whatever it floats to.
    """
    number = _number(card)
    ends = []
    if number + step * size <= HIGHEST:
        ends.append(End.LOW)
    if number - step * size >= 1:
        ends.append(End.HIGH)
    return tuple(ends)


def _extend_floating(
    cards: Sequence[Card],
    card: Card,
    end: End | None,
    color: Color | None,
    wrap: bool = False,
    step: int = 1,
) -> tuple[tuple[Card, ...], GroupShape]:
    """Hit ``card`` onto a floating run: a run of Wilds alone whose numbers
    are not fixed yet (R13, R32), ``step`` apart (R51).

    A Wild leaves it floating, at either end alike. A natural card goes at
    the end named, or without one at the high end if it may go there, else
    the low end; it fixes every Wild's number, and a colour run's colour.
    """
    size = len(cards)
    wilds = f"{size} Wild{'s' if size != 1 else ''}"
    if size >= HIGHEST // step:
        every = f"every number from 1 to {HIGHEST}" if step == 1 else "all six numbers"
        raise CardDoesNotFit(
            f"this run of {wilds} already stands for {every}, "
            "whatever numbers it takes, so nothing more can be hit on it",
            clause="R13",
        )
    if card.is_wild:
        return (*cards, card), GroupShape()
    number = _number(card)
    if wrap:
        # Every number follows on from another (R42): either end fits.
        if end is None:
            end = End.HIGH
        if end is End.LOW:
            return (card, *cards), GroupShape(color=color, low=number)
        return (*cards, card), GroupShape(
            color=color, low=_wrapped(number - step * size)
        )
    top = number + step * size
    bottom = number - step * size
    below = _span(number + step, top, step)  # the Wilds, with the card low
    above = _span(bottom, number - step, step)  # the Wilds, with the card high
    ends = _floating_ends(size, card, step)
    if end is None:
        if not ends:
            raise CardDoesNotFit(
                f"{card} fits neither end of this run of {wilds}: at the low end "
                f"the Wilds would stand for {below}, at the high end for {above}, "
                f"and runs use only the numbers 1 to {HIGHEST}",
                clause="R13",
            )
        end = ends[-1]
    elif end not in ends:
        if end is End.LOW:
            why = f"the Wilds would stand for {below}, and runs stop at {HIGHEST}"
        else:
            why = f"the Wilds would stand for {above}, and runs start at 1"
        other = f"; it fits at the {ends[0].value} end" if ends else ""
        raise CardDoesNotFit(
            f"{card} cannot go at the {end.value} end of this run of {wilds}: "
            f"{why}{other}",
            clause="R13",
        )
    if end is End.LOW:
        return (card, *cards), GroupShape(color=color, low=number)
    return (*cards, card), GroupShape(color=color, low=bottom)


def _span(first: int, last: int, step: int) -> str:
    """ "3 to 7", or for numbers two apart "3, 5 and 7"."""
    if step == 1:
        return f"{first} to {last}"
    if first == last:
        return str(first)
    numbers = [str(n) for n in range(first, last + 1, step)]
    return ", ".join(numbers[:-1]) + " and " + numbers[-1]


def _a(number: int) -> str:
    """ "a 7", "an 8": the article as the number is spoken."""
    return f"an {number}" if number in (8, 11) else f"a {number}"


def _ends(low: int, high: int, step: int = 1) -> str:
    options = []
    if low - step >= 1:
        options.append(f"{_a(low - step)} below")
    if high + step <= HIGHEST:
        options.append(f"{_a(high + step)} above")
    if not options:
        return f"it already holds {_every(low, step)}"
    return "it takes only " + " or ".join(options) + " (or a Wild)"


def _every(low: int, step: int) -> str:
    """What a run holding every number it may holds, in words."""
    if step == 1:
        return f"every number from 1 to {HIGHEST}"
    return f"every {_PARITY_WORDS[low % 2]} number"
