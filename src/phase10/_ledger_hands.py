"""One hand of a scorekeeper's ledger: what the table says happened, the
checks that it could happen, and the engine's scoring of it (R33-R39).

:class:`~phase10.ledger.Ledger` is made of :class:`HandEntry` records;
:func:`settle` takes the tally before a hand to the tally after it, with
the engine's own ``_flow.credit`` and ``_flow.decide`` and
``Points.total``, or raises :class:`~phase10.EntryError` naming the clause
the hand breaks.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

import attrs

from ._cards import Card, format_cards
from ._errors import EntryError, UsageError, is_whole, shown
from ._flow import credit, decide
from ._immutable import Immutable
from ._memo import cached
from ._rules import EmptyDrawPile, PhaseChoice, Rules

__all__ = ["HandEntry", "Left", "Tally", "done_phases", "only_phase", "settle"]

Left = tuple[Card, ...] | int
"""What a player has left when a hand ends: the cards, or their points."""


def _to_laid(value: Iterable[int | None]) -> tuple[int | None, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise UsageError(
            f"laid holds a phase number or None for each seat, not {shown(value)}"
        )
    return tuple(value)


def _to_left(
    value: Iterable[tuple[Card, ...] | int],
) -> tuple[tuple[Card, ...] | int, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise UsageError(
            f"left holds cards or points for each seat, not {shown(value)}"
        )
    return tuple(value)


@attrs.frozen
class HandEntry(Immutable):
    """One hand as the table reports it, seat by seat.

    ``laid[seat]`` is the number (from 1) of the phase the player laid down
    in the hand, or ``None``; ``went_out`` the seat of the player who went
    out, or ``None`` if the hand ended with nobody out (R25);
    ``left[seat]`` the cards left in the player's hand, or their points
    when the cards are no longer there to type. A seat that was not dealt
    in (the others, in a tie-break hand) has ``None`` and ``()``.

    .. versionadded:: 0.3
    """

    laid: tuple[int | None, ...] = attrs.field(converter=_to_laid)
    went_out: int | None
    left: tuple[tuple[Card, ...] | int, ...] = attrs.field(converter=_to_left)

    def __attrs_post_init__(self) -> None:
        for phase in self.laid:
            if phase is not None and not is_whole(phase):
                raise UsageError(
                    f"a phase laid is a number or None, not {shown(phase)}"
                )
        if self.went_out is not None and not is_whole(self.went_out):
            raise UsageError(f"went_out is a seat or None, not {shown(self.went_out)}")
        for one in self.left:
            if isinstance(one, tuple) and all(type(card) is Card for card in one):
                continue
            if not is_whole(one):
                raise UsageError(
                    f"what a player has left is a tuple of Cards or points, "
                    f"not {shown(one)}"
                )

    def points(self, rules: Rules) -> tuple[int, ...]:
        """Each seat's points for the hand under ``rules`` (R34)."""
        if not isinstance(rules, Rules):
            raise UsageError(
                f"points are counted under a Rules record, not {shown(rules)}"
            )
        counted = rules.points
        return tuple(
            one if isinstance(one, int) else counted.total(one) for one in self.left
        )


@attrs.frozen
class Tally:
    """Where a ledger stands after its hands: the engine's numbers."""

    scores: tuple[int, ...]
    completed: tuple[int, ...]
    phases_done: tuple[tuple[int, ...] | None, ...]
    winner: int | None
    contenders: tuple[int, ...] | None  # the seats of a tie-break hand due

    @classmethod
    def start(cls, rules: Rules, players: int) -> Tally:
        """Where a game stands before its first hand."""
        done = None if rules.phase_choice is PhaseChoice.IN_ORDER else ()
        return cls((0,) * players, (0,) * players, (done,) * players, None, None)


def done_phases(tally: Tally, at_seat: int) -> tuple[int, ...]:
    """The numbers (from 1) of the phases a seat has completed, in order."""
    done = tally.phases_done[at_seat]
    if done is None:
        return tuple(range(1, tally.completed[at_seat] + 1))
    return tuple(index + 1 for index in done)


def only_phase(rules: Rules, tally: Tally, at_seat: int, tiebreak: bool) -> int | None:
    """The phase number a player attempts with no choice to make, or ``None``."""
    n_phases = len(rules.phases)
    if tiebreak:
        return n_phases  # a tie-break hand is played on the last phase (R38, R44)
    if rules.phase_choice is PhaseChoice.IN_ORDER:
        return min(tally.completed[at_seat] + 1, n_phases)
    left = [
        one for one in range(1, n_phases + 1) if one not in done_phases(tally, at_seat)
    ]
    return left[0] if len(left) == 1 else None


# --- settling a hand --------------------------------------------------------------


def settle(
    rules: Rules, names: Sequence[str], tally: Tally, number: int, entry: HandEntry
) -> Tally:
    """The tally after hand ``number``, or :class:`EntryError` if it cannot happen."""
    n = len(names)
    if tally.winner is not None:
        raise EntryError(f"the game was over before hand {number}", clause="R37")
    if not (len(entry.laid) == len(entry.left) == n):
        raise EntryError(f"hand {number} gives {len(entry.laid)} seats, not {n}")
    tiebreak = tally.contenders is not None
    playing = range(n) if tally.contenders is None else tally.contenders
    for at_seat in range(n):
        if at_seat not in playing and (
            entry.laid[at_seat] is not None or entry.left[at_seat]
        ):
            raise EntryError(
                f"{names[at_seat]} does not play the tie-break hand", clause="R38"
            )
        phase = entry.laid[at_seat]
        if phase is not None:
            _check_phase(rules, tally, at_seat, phase, names[at_seat], tiebreak)
    out = entry.went_out
    if out is None:
        if rules.on_empty_draw_pile is not EmptyDrawPile.END_HAND:
            raise EntryError(
                "a hand ends when a player goes out; only where an empty draw "
                "pile ends the hand (on_empty_draw_pile END_HAND) may it end with "
                "nobody out",
                clause="R25",
            )
    elif not 0 <= out < n or out not in playing:
        raise EntryError(f"seat {out} did not play hand {number}")
    elif entry.laid[out] is None:
        raise EntryError(
            f"{names[out]} did not lay down a phase, so cannot have gone out",
            clause="R33",
        )
    _check_left(rules, entry, playing, names)
    points = entry.points(rules)
    scores = tuple(score + points[s] for s, score in enumerate(tally.scores))
    completed, phases_done = [], []
    for at_seat in range(n):
        phase = entry.laid[at_seat]
        if rules.everyone_advances and not tiebreak:
            phase = tally.completed[at_seat] + 1
        done, which = credit(
            rules,
            tally.completed[at_seat],
            tally.phases_done[at_seat],
            None if phase is None else phase - 1,
            tiebreak,
        )
        completed.append(done)
        phases_done.append(which)
    winner, contenders = decide(rules, scores, completed, number, tiebreak, out)
    if tiebreak and winner is None:
        contenders = tally.contenders  # the same players play again (R38)
    return Tally(scores, tuple(completed), tuple(phases_done), winner, contenders)


def _check_phase(
    rules: Rules, tally: Tally, at_seat: int, phase: int, name: str, tiebreak: bool
) -> None:
    n_phases = len(rules.phases)
    if not 1 <= phase <= n_phases:
        raise EntryError(f"there is no phase {phase}: these rules have {n_phases}")
    if tiebreak:
        if phase != n_phases:
            raise EntryError(
                f"the tie-break hand is played on phase {n_phases}, not {phase}",
                clause="R38",
            )
        return
    if rules.phase_choice is PhaseChoice.IN_ORDER:
        expected = tally.completed[at_seat] + 1
        if phase != expected:
            raise EntryError(
                f"{name} is on phase {expected}, so cannot have laid phase {phase}",
                clause="R16",
            )
    elif phase in done_phases(tally, at_seat):
        raise EntryError(f"{name} has already completed phase {phase}", clause="R44")


def _check_left(
    rules: Rules, entry: HandEntry, playing: Iterable[int], names: Sequence[str]
) -> None:
    """Refuse cards or points no player can have left when a hand ends."""
    saves = rules.saved_cards_score and rules.saves_per_hand > 0
    saved = rules.most_saved if saves else 0
    counted: dict[Card, int] = {}
    for at_seat in playing:
        value = entry.left[at_seat]
        name = names[at_seat]
        phase = entry.laid[at_seat]
        if at_seat == entry.went_out:
            fewest, most = 0, saved
        elif phase is None:
            # Without laying down nobody can hit, so a hand keeps its size:
            # each turn draws one card and discards or saves one (R21, R46).
            fewest, most = rules.hand_size, rules.hand_size + saved
        else:
            # Down but not out: the first to hold no card goes out (R33).
            fewest = 1
            most = rules.hand_size - rules.phases[phase - 1].min_cards + saved
        if isinstance(value, int):
            if value not in _totals(rules, fewest, most):
                cards = _count(fewest, most)
                raise EntryError(
                    f"{name} cannot have {value} points left: no hand of {cards} "
                    "counts that under these rules",
                    clause="R34",
                )
            continue
        if not fewest <= len(value) <= most:
            why = (
                "went out"
                if at_seat == entry.went_out
                else ("did not lay down" if phase is None else "laid down")
            )
            raise EntryError(
                f"{name} {why}, so holds {_count(fewest, most)}, not "
                f"{len(value)} ({format_cards(value) or 'none'})",
                clause="R33" if at_seat == entry.went_out else "R21",
            )
        for one in value:
            counted[one] = counted.get(one, 0) + 1
    for one, many in counted.items():
        if many > rules.deck.count(one):
            raise EntryError(
                f"the players' hands hold {many} of {one}, and the deck has "
                f"{rules.deck.count(one)}",
                clause="R2",
            )


def _count(fewest: int, most: int) -> str:
    if most < fewest:
        return "no card at all"
    if fewest == most:
        return f"{fewest} card{'s' if fewest != 1 else ''}"
    if fewest == 0:
        return f"at most {most} card{'s' if most != 1 else ''}"
    return f"{fewest} to {most} cards"


@cached("_ledger_hands.totals")
@functools.lru_cache(maxsize=256)
def _totals(rules: Rules, fewest: int, most: int) -> frozenset[int]:
    """Every number of points that ``fewest`` to ``most`` cards of the deck count."""
    by_points: dict[int, int] = {}
    for one in set(rules.deck):
        worth = rules.points.of(one)
        by_points[worth] = by_points.get(worth, 0) + rules.deck.count(one)
    reach: set[tuple[int, int]] = {(0, 0)}  # (cards, points)
    for worth, many in by_points.items():
        reach = {
            (cards + k, points + k * worth)
            for cards, points in reach
            for k in range(min(many, most - cards) + 1)
        }
    return frozenset(points for cards, points in reach if fewest <= cards <= most)


HandEntry.__module__ = "phase10.ledger"  # where users import it from
