"""Parts of :mod:`phase10.encoding`: a hand as counts of each face, the
observation blocks that the Masters Edition's options add (none under the
classic rules, whose observations keep their size), and how a lay is
matched to one listed.
"""

from __future__ import annotations

from collections.abc import Iterator

from ._actions import LayPhase
from ._cards import FACES, Card
from ._phases import GroupSpec
from ._rules import PhaseChoice, Rules
from ._view import PlayerView

__all__ = ["counts", "edition_blocks", "edition_values", "ordinal", "same_lay"]

_FACES = len(FACES)


def counts(cards: tuple[Card, ...]) -> list[int]:
    counts = [0] * _FACES
    for card in cards:
        counts[card.index] += 1
    return counts


def edition_blocks(
    rules: Rules, n: int
) -> list[tuple[str, tuple[int, ...], int | None]]:
    """The observation blocks the rules' options add, for ``n`` seats."""
    blocks: list[tuple[str, tuple[int, ...], int | None]] = []
    if rules.phase_choice is not PhaseChoice.IN_ORDER:
        blocks += [
            ("phases_done", (n, len(rules.phases)), 1),
            ("active_phase", (n, len(rules.phases)), 1),
        ]
    if rules.saves_per_hand:
        blocks += [
            ("saved", (n, _FACES), rules.most_saved),
            ("saved_size", (n,), rules.most_saved),
            ("saved_now", (n,), rules.saves_per_hand),
        ]
    return blocks


def edition_values(seen: PlayerView, seats: list[int]) -> Iterator[list[int]]:
    """The blocks the Masters Edition's options add (none in the classic
    game): the phases each seat has completed and attempts, and the save
    piles as the view shows them."""
    rules = seen.rules
    count = len(rules.phases)
    players = [seen.players[seat] for seat in seats]
    if rules.phase_choice is not PhaseChoice.IN_ORDER:
        done = [0] * (len(seats) * count)
        active = [0] * (len(seats) * count)
        for row, player in enumerate(players):
            for index in player.done():
                done[row * count + index] = 1
            if player.active is not None:
                active[row * count + player.active] = 1
        yield done
        yield active
    if rules.saves_per_hand:
        saved: list[int] = []
        for seat, player in zip(seats, players, strict=True):
            shown_cards = seen.saved if seat == seen.seat else player.saved
            saved += counts(shown_cards)
        yield saved
        yield [player.saved_size for player in players]
        yield [player.saved_now for player in players]


def same_lay(
    lay: LayPhase,
    listed: LayPhase,
    wanted: tuple[GroupSpec, ...],
    *,
    in_order: bool,
) -> bool:
    """Whether ``lay`` makes the groups of ``listed`` (which is in the order of
    the requirements ``wanted``, a set's or colour group's cards sorted):
    each group of ``lay`` meets one requirement, in the order of the
    requirements when ``in_order``, else in any order."""
    groups = lay.groups
    if len(groups) != len(wanted):
        return False
    if in_order:
        return all(
            (group if need.kind.is_run else tuple(sorted(group))) == target
            for group, need, target in zip(groups, wanted, listed.groups, strict=True)
        )
    used = [False] * len(groups)

    def match(j: int) -> bool:
        if j == len(wanted):
            return True
        target = listed.groups[j]
        for i, group in enumerate(groups):
            if used[i] or len(group) != len(target):
                continue
            same = group if wanted[j].kind.is_run else tuple(sorted(group))
            if same == target:
                used[i] = True
                if match(j + 1):
                    return True
                used[i] = False
        return False

    return match(0)


def ordinal(n: int) -> str:
    suffix = (
        "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    )
    return f"{n}{suffix}"
