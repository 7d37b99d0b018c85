"""Checking at the table: do these cards make the phase, does this card fit.

Players with real cards ask the referee two things while they play:
whether the cards a player puts down make that player's phase
(:func:`check_lay`), and whether a card may be hit onto a group on the
table (:func:`check_hit`). Each answer is a :class:`Verdict`: yes or no,
one sentence saying why, the clause of the rules, and the groups the cards
make. The judges are the engine's own: :func:`~phase10.find_phase` and the
judge of groups that :func:`~phase10.hit` uses.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .._cards import Card, format_cards, parse_cards
from .._errors import CardDoesNotFit, PhaseNotMet, UsageError, is_whole, shown
from .._find_phase import find_phase
from .._groups import End, _what, extend_group, judge_group
from .._immutable import Immutable
from .._phases import GroupKind, NaturalRule, PhaseSpec
from .._rules import OFFICIAL, Rules

__all__ = ["Verdict", "check_hit", "check_lay"]


@attrs.frozen
class Verdict(Immutable):
    """The referee's answer: ``ok``, one sentence saying why (``reason``),
    the ``clause`` of the rules it rests on, and ``groups``, the groups
    the cards make (for a lay, one per requirement of the phase, in the
    form :func:`~phase10.lay_phase` takes; for a hit, the group with the
    card on it), or ``()`` when the answer is no.

    ``bool(verdict)`` is ``verdict.ok``.

    .. versionadded:: 0.3
    """

    ok: bool
    reason: str
    clause: str | None
    groups: tuple[tuple[Card, ...], ...] = ()

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        where = f" (rule {self.clause})" if self.clause else ""
        return f"{'Yes' if self.ok else 'No'}: {self.reason}{where}"


def _cards(value: object, what: str) -> tuple[Card, ...]:
    if isinstance(value, str):
        return tuple(parse_cards(value))
    if isinstance(value, Iterable):
        cards = tuple(value)
        for one in cards:
            if not isinstance(one, Card):
                raise UsageError(f"{what} are cards, not {shown(one)}")
        return cards
    raise UsageError(f"{what} are cards (text such as 'R7 W'), not {shown(value)}")


def _rules(rules: object) -> Rules:
    if rules is None:
        return OFFICIAL
    if not isinstance(rules, Rules):
        raise UsageError(f"rules must be a Rules record or None, not {shown(rules)}")
    return rules


def _phase(phase: object, rules: Rules) -> PhaseSpec:
    if isinstance(phase, PhaseSpec):
        return phase
    if isinstance(phase, str):
        return PhaseSpec.parse(phase)
    if is_whole(phase):
        n = len(rules.phases)
        if not 1 <= phase <= n:  # type: ignore[operator]
            raise UsageError(f"the phases are numbered 1 to {n}, not {shown(phase)}")
        return rules.phases[phase - 1]  # type: ignore[operator]
    raise UsageError(
        f"a phase is its number, its text or a PhaseSpec, not {shown(phase)}"
    )


def check_lay(
    cards: str | Iterable[Card],
    phase: int | str | PhaseSpec,
    rules: Rules | None = None,
) -> Verdict:
    """Whether ``cards`` make ``phase`` (its number in ``rules.phases``, its
    text or a :class:`~phase10.PhaseSpec`) under ``rules`` (the official
    game by default), and how.

    The search is :func:`~phase10.find_phase`'s, so it is exact; cards left
    over are named, since extra cards that fit a group may be laid with
    it (R15) and others are kept.

    >>> from phase10.ledger import check_lay
    >>> print(check_lay("R5 B5 G5 Y7 R7 W R9", 1))
    Yes: R5 B5 G5 + Y7 R7 W make 2 sets of 3; R9 is not needed (rule R9)
    >>> print(check_lay("R5 B5 G5 Y7 R8 W", "2 sets of 3"))
    No: these cards cannot make 2 sets of 3 (rule R4)

    Raises :class:`~phase10.UsageError` for arguments of the wrong type,
    :class:`~phase10.NotationError` for text that names no card or phase.

    .. versionadded:: 0.3
    """
    hand = _cards(cards, "the cards laid")
    table = _rules(rules)
    spec = _phase(phase, table)
    if len(hand) < spec.min_cards:
        return Verdict(
            False,
            f"{spec} needs at least {spec.min_cards} cards, and these are {len(hand)}",
            "R14",
        )
    answer = find_phase(hand, spec, table)
    if answer is None:
        why = _why_not(hand, table)
        return Verdict(False, f"these cards cannot make {spec}{why[0]}", why[1])
    used = list(hand)
    for group in answer:
        for one in group:
            used.remove(one)
    made = " + ".join(format_cards(group) for group in answer)
    rest = f"; {format_cards(used)} {'is' if len(used) == 1 else 'are'} not needed"
    return Verdict(True, f"{made} make {spec}{rest if used else ''}", "R9", answer)


def _why_not(hand: tuple[Card, ...], rules: Rules) -> tuple[str, str]:
    """What most likely keeps cards from a phase, for the refusal."""
    if rules.naturals is not NaturalRule.NONE and all(
        one.is_wild or one.is_skip for one in hand
    ):
        return ": every group needs a natural card", "R11"
    return "", "R4"


def check_hit(
    group: str | Iterable[Card],
    kind: GroupKind | str,
    card: Card | str,
    rules: Rules | None = None,
    *,
    end: End | None = None,
) -> Verdict:
    """Whether ``card`` may be hit onto ``group``, the cards of a group of
    ``kind`` on the table (a run's cards lowest first, a Wild at the place
    of the number it stands for), under ``rules``; ``end`` names the end of
    a run a Wild goes to (R32).

    >>> from phase10.ledger import check_hit
    >>> print(check_hit("R3 B4 W G6", "run", "Y7"))
    Yes: R3 B4 W G6 Y7 is still a run of 5 (rule R30)
    >>> check_hit("R3 B4 W G6", "run", "Y5").reason
    'Y5 does not fit this run of 3-6: it takes only a 2 below or a 7 above (or a Wild)'
    >>> print(check_hit("R3 B3 G3", "set", "S"))
    No: a Skip can never be hit onto a group (rule R12)

    The group itself is judged first: cards that are no group of ``kind``
    are refused with the reason. Raises :class:`~phase10.UsageError` for
    arguments of the wrong type, :class:`~phase10.NotationError` for text
    that names no card, and for ``kind`` a text that is no kind of group
    (``"set"``, ``"run"``, ``"color"``, ``"color run"``, ``"even"``,
    ``"odd"``, ``"even run"``, ``"odd run"``).

    .. versionadded:: 0.3
    """
    laid = _cards(group, "the group's cards")
    table = _rules(rules)
    if isinstance(kind, str):
        try:
            kind = GroupKind(kind.strip().lower().replace("colour", "color"))
        except ValueError:
            kinds = ", ".join(repr(one.value) for one in GroupKind)
            raise UsageError(
                f"a kind of group is one of {kinds}, not {shown(kind)}"
            ) from None
    elif not isinstance(kind, GroupKind):
        raise UsageError(
            f"a kind of group is a GroupKind or its name, not {shown(kind)}"
        )
    if isinstance(card, str):
        hit = Card.parse(card)
    elif isinstance(card, Card):
        hit = card
    else:
        raise UsageError(f"the card hit is a Card or its name, not {shown(card)}")
    if end is not None and not isinstance(end, End):
        raise UsageError(f"end is End.LOW, End.HIGH or None, not {shown(end)}")
    try:
        shape = judge_group(
            kind,
            laid,
            1,
            need_natural=table.naturals is NaturalRule.PER_GROUP,
            wrap=table.wrap_runs,
        )
    except PhaseNotMet as error:
        return Verdict(
            False, f"the group on the table is not one: {error.reason}", error.clause
        )
    try:
        cards, _ = extend_group(kind, shape, laid, hit, end, wrap=table.wrap_runs)
    except CardDoesNotFit as error:
        return Verdict(False, error.reason, error.clause or "R30")
    what = _what(kind, len(cards))
    return Verdict(True, f"{format_cards(cards)} is still {what}", "R30", (cards,))
