"""The observation: one table of named pieces.

Each piece of an observation vector is declared once, in :data:`PIECES`:
its name, its shape (in dimensions the guide names: seats, card faces,
groups on the table), its largest value, what it holds in the guide's
words, the rules it is there under, and how it is filled from a view. The
vector (:func:`observe`), its layout (:func:`observation_layout`, which
``Encoding.observations`` holds and the adapters' bounds read) and the
guide's table (:func:`guide_rows`) all come from that table, so a piece's
values cannot drift from its name: the tests check each piece, by name,
against the view.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Final, NamedTuple

import attrs

from .._cards import COLOR_COUNT, COLOR_ORDER, FACE_COUNT, HIGHEST, Card, Color
from .._errors import FormatError
from .._phases import GroupKind
from .._rules import PhaseChoice, Rules
from .._state import Step
from .._view import PlayerView, PublicPlayer
from ._segments import Segment, layout

__all__ = [
    "PIECES",
    "Piece",
    "Seen",
    "Sizes",
    "guide_rows",
    "kinds_of",
    "observation_layout",
    "observe",
]

"""The highest number on a card."""
_COLOR_PLACE: Final = {color: place for place, color in enumerate(COLOR_ORDER)}
_CLASSIC_KINDS: Final = (
    GroupKind.SET,
    GroupKind.RUN,
    GroupKind.COLOR,
    GroupKind.COLOR_RUN,
)
_STEPS: Final = (Step.DRAW, Step.PLAY, Step.HAND_OVER, Step.GAME_OVER)
"""The steps of the classic game; under ``PhaseChoice.CHOSEN`` the step
piece has one slot more, for ``Step.CHOOSE``."""


_KINDS_0_2: Final = (
    *_CLASSIC_KINDS,
    GroupKind.EVEN,
    GroupKind.ODD,
    GroupKind.EVEN_RUN,
    GroupKind.ODD_RUN,
)
"""The kinds of group 0.2 knows, in the order the encoding numbers them."""


def kinds_of(rules: Rules) -> tuple[GroupKind, ...]:
    """The kinds of group an encoding tells apart: the four classic kinds;
    the eight of 0.2 when the rules ask for even or odd groups (R43) or
    runs of odd or even numbers (R51); and, for a kind added later, those
    and the later kinds the rules ask for, in the order of
    :class:`~phase10.GroupKind`. So adding a kind of group never changes
    the observation of a game whose rules do not ask for it."""
    used = {group.kind for phase in rules.phases for group in phase.groups}
    if used <= set(_CLASSIC_KINDS):
        return _CLASSIC_KINDS
    later = tuple(kind for kind in GroupKind if kind not in _KINDS_0_2 and kind in used)
    return (*_KINDS_0_2, *later)


def _steps(rules: Rules) -> tuple[Step, ...]:
    if rules.phase_choice is PhaseChoice.CHOSEN:
        return (*_STEPS, Step.CHOOSE)
    return _STEPS


class Sizes(NamedTuple):
    """What the pieces' shapes and largest values depend on: the rules, the
    seats, the most groups of any phase and the kinds of group told apart."""

    rules: Rules
    players: int
    groups: int
    kinds: tuple[GroupKind, ...]

    @property
    def melds(self) -> int:
        """The most groups the table can hold in a hand."""
        return self.groups * self.players


class Seen:
    """One view being observed, its seats counted from the seat viewing (a
    spectator's from the player to move): ``seats[k]`` is the seat of row
    ``k``, ``rows[k]`` what the view shows of it."""

    __slots__ = ("groups", "melds", "rows", "seats", "sizes", "view")

    def __init__(self, seen: PlayerView, sizes: Sizes) -> None:
        n = sizes.players
        me = seen.current if seen.seat is None else seen.seat
        self.view = seen
        self.sizes = sizes
        self.melds = sizes.melds
        self.groups: dict[str, list[int]] | None = None
        self.seats = [(me + offset) % n for offset in range(n)]
        self.rows: list[PublicPlayer] = [seen.players[seat] for seat in self.seats]


@attrs.frozen
class Dim:
    """One dimension of a piece's shape: as the guide writes it, and its
    length under some rules and seats."""

    text: str
    length: Callable[[Sizes], int]


@attrs.frozen
class Bound:
    """A piece's largest value: as the guide writes it, and its value under
    some rules and seats (``None``: no bound)."""

    text: str
    value: Callable[[Sizes], int | None]


@attrs.frozen
class Piece:
    """One named piece of the observation vector."""

    name: str
    shape: tuple[Dim, ...]
    high: Bound
    holds: str
    """What it holds, in the guide's words."""
    fill: Callable[[Seen], list[int]]
    """Its values for one view, row by row."""
    where: Callable[[Rules], bool] | None = None
    """Whether the rules have it (``None``: under every rules; the Masters
    Edition's pieces only where its options are on, so the classic game's
    vector keeps its size)."""

    def is_in(self, rules: Rules) -> bool:
        """Whether the rules have the piece."""
        return self.where is None or self.where(rules)

    def lengths(self, sizes: Sizes) -> tuple[int, ...]:
        """The shape under ``sizes``."""
        return tuple(dim.length(sizes) for dim in self.shape)


# --- the dimensions and bounds the pieces are declared with -------------------

ONE: Final = Dim("1", lambda sizes: 1)
TWO: Final = Dim("2", lambda sizes: 2)
FACE: Final = Dim(str(FACE_COUNT), lambda sizes: FACE_COUNT)
NUMBER: Final = Dim(str(HIGHEST), lambda sizes: HIGHEST)
COLOR: Final = Dim(str(COLOR_COUNT), lambda sizes: COLOR_COUNT)
STEP: Final = Dim(
    f"{len(_STEPS)} or {len(_STEPS) + 1}", lambda sizes: len(_steps(sizes.rules))
)
SEAT: Final = Dim("*n*", lambda sizes: sizes.players)
GROUP: Final = Dim("*G*", lambda sizes: sizes.groups)
MELD: Final = Dim("*M*", lambda sizes: sizes.melds)
KIND: Final = Dim("*K*", lambda sizes: len(sizes.kinds))
KIND_AND_SIZE: Final = Dim("(*K* + 1)", lambda sizes: len(sizes.kinds) + 1)
PHASE: Final = Dim("phases", lambda sizes: len(sizes.rules.phases))

FLAG: Final = Bound("1", lambda sizes: 1)
NO_BOUND: Final = Bound("none", lambda sizes: None)
DECK: Final = Bound("cards in the deck", lambda sizes: len(sizes.rules.deck))
COPIES: Final = Bound(
    "most copies of a card in the deck",
    lambda sizes: max(Counter(sizes.rules.deck).values()),
)


# --- how the pieces are filled ------------------------------------------------


def _counts(cards: tuple[Card, ...]) -> list[int]:
    """How many of each face ``cards`` holds, by the face's index."""
    counts = [0] * FACE_COUNT
    for card in cards:
        counts[card.index] += 1
    return counts


def _ones(rows: int, width: int, marks: Iterator[tuple[int, int]]) -> list[int]:
    """A ``rows`` × ``width`` array of 0s, with 1 at each ``(row, column)``."""
    values = [0] * (rows * width)
    for row, column in marks:
        values[row * width + column] = 1
    return values


def _discard_top(o: Seen) -> list[int]:
    values = [0] * FACE_COUNT
    top = o.view.discard_top
    if top is not None:
        values[top.index] = 1
    return values


def _at(seat_of: Callable[[PlayerView], int | None]) -> Callable[[Seen], list[int]]:
    """A piece with 1 at the row of the seat ``seat_of`` names."""

    def fill(o: Seen) -> list[int]:
        marked = seat_of(o.view)
        return [int(seat == marked) for seat in o.seats]

    return fill


def _hand_points(o: Seen) -> list[int]:
    points = o.view.hand_points
    return [0 if points is None else points[seat] for seat in o.seats]


def _phase(o: Seen) -> list[int]:
    """Each row's phase: for each group, 1 at its kind, then its size."""
    sizes = o.sizes
    kinds = sizes.kinds
    width = len(kinds) + 1
    values = [0] * (sizes.players * sizes.groups * width)
    for row, seat in enumerate(o.seats):
        phase = o.view.phase_of(seat)
        if phase is None:
            continue
        for g, group in enumerate(phase.groups):
            at = (row * sizes.groups + g) * width
            values[at + kinds.index(group.kind)] = 1
            values[at + len(kinds)] = group.size
    return values


def _groups(o: Seen) -> dict[str, list[int]]:
    """The pieces that describe the groups on the table, by name, made in
    one pass over the table (and kept for the other pieces of the view)."""
    if o.groups is not None:
        return o.groups
    m, n, kinds = o.melds, o.sizes.players, o.sizes.kinds
    present, size = [0] * m, [0] * m
    owner = [0] * (m * n)
    kind = [0] * (m * len(kinds))
    number, low, high = [0] * (m * HIGHEST), [0] * (m * HIGHEST), [0] * (m * HIGHEST)
    color = [0] * (m * len(Color))
    row_of = {seat: row for row, seat in enumerate(o.seats)}
    for i, meld in enumerate(o.view.table):
        present[i], size[i] = 1, len(meld.cards)
        owner[i * n + row_of[meld.owner]] = 1
        kind[i * len(kinds) + kinds.index(meld.kind)] = 1
        if meld.number is not None:
            number[i * HIGHEST + meld.number - 1] = 1
        if meld.color is not None:
            color[i * COLOR_COUNT + _COLOR_PLACE[meld.color]] = 1
        top = meld.high  # two apart in a run of odd or even numbers (R51)
        if meld.low is not None and top is not None:  # else Wilds alone float
            low[i * HIGHEST + meld.low - 1] = 1
            high[i * HIGHEST + top - 1] = 1
    o.groups = {
        "group_present": present,
        "group_owner": owner,
        "group_kind": kind,
        "group_number": number,
        "group_color": color,
        "group_low": low,
        "group_high": high,
        "group_size": size,
    }
    return o.groups


def _group_piece(name: str) -> Callable[[Seen], list[int]]:
    """The piece ``name`` of those :func:`_groups` makes."""
    return lambda o: _groups(o)[name]


def _phases_done(o: Seen) -> list[int]:
    count = len(o.sizes.rules.phases)
    marks = ((row, done) for row, p in enumerate(o.rows) for done in p.done())
    return _ones(len(o.rows), count, marks)


def _active_phase(o: Seen) -> list[int]:
    count = len(o.sizes.rules.phases)
    marks = ((row, p.active) for row, p in enumerate(o.rows) if p.active is not None)
    return _ones(len(o.rows), count, marks)


def _saved(o: Seen) -> list[int]:
    """Each save pile as the view shows it: the seat's own always."""
    values: list[int] = []
    for seat, player in zip(o.seats, o.rows, strict=True):
        values += _counts(o.view.saved if seat == o.view.seat else player.saved)
    return values


def _chosen(rules: Rules) -> bool:
    return rules.phase_choice is not PhaseChoice.IN_ORDER


def _saving(rules: Rules) -> bool:
    return rules.saves_per_hand > 0


# --- the table ----------------------------------------------------------------

PIECES: Final[tuple[Piece, ...]] = (
    Piece(
        "hand",
        (FACE,),
        COPIES,
        "the seat's own hand: how many of each card, by card index (zeros for "
        "a spectator)",
        lambda o: _counts(o.view.hand),
    ),
    Piece(
        "discard_top",
        (FACE,),
        FLAG,
        "1 at the index of the top card of the discard pile (all 0 when it is empty)",
        _discard_top,
    ),
    Piece(
        "step",
        (STEP,),
        FLAG,
        "1 at the step: draw, play, hand over, game over (5 under "
        "`PhaseChoice.CHOSEN`: choose last)",
        lambda o: [int(o.view.step is step) for step in _steps(o.sizes.rules)],
    ),
    Piece(
        "to_move",
        (ONE,),
        FLAG,
        "1 when the seat viewing is to choose, draw or play",
        lambda o: [int(o.view.is_my_turn)],
    ),
    Piece(
        "pile_sizes",
        (TWO,),
        DECK,
        "the cards in the draw pile, then in the discard pile",
        lambda o: [o.view.draw_size, o.view.discard_size],
    ),
    Piece(
        "hand_number",
        (ONE,),
        NO_BOUND,
        "the hand being played, 1 for the first",
        lambda o: [o.view.hand_number],
    ),
    Piece(
        "laid_this_turn",
        (ONE,),
        FLAG,
        "1 when the player to move has laid the phase this turn",
        lambda o: [int(o.view.laid_this_turn)],
    ),
    Piece(
        "tiebreak",
        (ONE,),
        FLAG,
        "1 in a tie-break hand (R38)",
        lambda o: [int(o.view.tiebreak)],
    ),
    Piece(
        "hand_size",
        (SEAT,),
        DECK,
        "the cards in each seat's hand",
        lambda o: [p.hand_size for p in o.rows],
    ),
    Piece(
        "completed",
        (SEAT,),
        Bound("phases in the rules", lambda sizes: len(sizes.rules.phases)),
        "the phases each seat has completed",
        lambda o: [p.completed for p in o.rows],
    ),
    Piece(
        "laid_down",
        (SEAT,),
        FLAG,
        "1 for each seat that has laid its phase this hand",
        lambda o: [int(p.laid_down) for p in o.rows],
    ),
    Piece(
        "score",
        (SEAT,),
        NO_BOUND,
        "each seat's penalty points so far",
        lambda o: [p.score for p in o.rows],
    ),
    Piece(
        "skips_pending",
        (SEAT,),
        Bound(
            "Skips in the deck (at least 1)",
            lambda sizes: max(1, sum(card.is_skip for card in sizes.rules.deck)),
        ),
        "the turns each seat is still to lose to Skips",
        lambda o: [p.skips_pending for p in o.rows],
    ),
    Piece("current", (SEAT,), FLAG, "1 at the seat to move", _at(lambda v: v.current)),
    Piece("dealer", (SEAT,), FLAG, "1 at the dealer", _at(lambda v: v.dealer)),
    Piece(
        "winner",
        (SEAT,),
        FLAG,
        "1 at the winner, once the game is over",
        _at(lambda v: v.winner),
    ),
    Piece(
        "went_out",
        (SEAT,),
        FLAG,
        "1 at the seat that went out in the hand just ended",
        _at(lambda v: v.went_out),
    ),
    Piece(
        "contender",
        (SEAT,),
        FLAG,
        "1 for each seat playing this hand (all but in a tie-break)",
        lambda o: [int(seat in o.view.contenders) for seat in o.seats],
    ),
    Piece(
        "hand_points",
        (SEAT,),
        Bound(
            "the points of the whole deck",
            lambda sizes: sizes.rules.points.total(sizes.rules.deck),
        ),
        "the points each seat scored in the hand just ended (0 while a hand is played)",
        _hand_points,
    ),
    Piece(
        "known",
        (SEAT, FACE),
        COPIES,
        "for each seat, how many of each card it is known to hold (taken from "
        "the discard pile)",
        lambda o: [count for p in o.rows for count in _counts(p.known)],
    ),
    Piece(
        "phase",
        (SEAT, GROUP, KIND_AND_SIZE),
        Bound(
            "the largest group of any phase",
            lambda sizes: max(
                group.size for phase in sizes.rules.phases for group in phase.groups
            ),
        ),
        "for each seat and each group of the phase it is working on: 1 at the "
        "kind (in the order of `group_kind`), then the group's minimum size; "
        "zeros past the phase's groups, or once it has none left",
        _phase,
    ),
    Piece(
        "group_present",
        (MELD,),
        FLAG,
        "1 for each group on the table, in the order laid",
        _group_piece("group_present"),
    ),
    Piece(
        "group_owner",
        (MELD, SEAT),
        FLAG,
        "1 at the seat that laid the group",
        _group_piece("group_owner"),
    ),
    Piece(
        "group_kind",
        (MELD, KIND),
        FLAG,
        "1 at the kind: set, run, colour, colour run, and after them even, "
        "odd, even run, odd run where the rules ask for even or odd groups or "
        "runs (R43, R51)",
        _group_piece("group_kind"),
    ),
    Piece(
        "group_number",
        (MELD, NUMBER),
        FLAG,
        "1 at a set's number (zeros for other kinds and for Wilds alone)",
        _group_piece("group_number"),
    ),
    Piece(
        "group_color",
        (MELD, COLOR),
        FLAG,
        "1 at a colour group's or colour run's colour: red, blue, yellow, green",
        _group_piece("group_color"),
    ),
    Piece(
        "group_low",
        (MELD, NUMBER),
        FLAG,
        "1 at the number a run's first card stands for (zeros while a run of "
        "Wilds alone floats)",
        _group_piece("group_low"),
    ),
    Piece(
        "group_high",
        (MELD, NUMBER),
        FLAG,
        "1 at the number a run's last card stands for (below its low where it "
        f"wraps from {HIGHEST} to 1, R42)",
        _group_piece("group_high"),
    ),
    Piece(
        "group_size",
        (MELD,),
        DECK,
        "the cards in each group",
        _group_piece("group_size"),
    ),
    # The Masters Edition's pieces, there only under rules that use them.
    Piece(
        "phases_done",
        (SEAT, PHASE),
        FLAG,
        "only where phases are chosen or declared: 1 for each phase each seat "
        "has completed",
        _phases_done,
        _chosen,
    ),
    Piece(
        "active_phase",
        (SEAT, PHASE),
        FLAG,
        "only there: 1 at the phase each seat attempts this hand",
        _active_phase,
        _chosen,
    ),
    Piece(
        "saved",
        (SEAT, FACE),
        Bound("`most_saved`", lambda sizes: sizes.rules.most_saved),
        "only where cards may be saved: each seat's save pile as the view shows "
        "it (the seat's own always; others' when face up, R48)",
        _saved,
        _saving,
    ),
    Piece(
        "saved_size",
        (SEAT,),
        Bound("`most_saved`", lambda sizes: sizes.rules.most_saved),
        "only there: the cards on each seat's save pile",
        lambda o: [p.saved_size for p in o.rows],
        _saving,
    ),
    Piece(
        "saved_now",
        (SEAT,),
        Bound("`saves_per_hand`", lambda sizes: sizes.rules.saves_per_hand),
        "only there: the cards each seat saved this hand",
        lambda o: [p.saved_now for p in o.rows],
        _saving,
    ),
)
"""The pieces of an observation vector, in order: the single place where a
piece is declared."""


def observation_layout(sizes: Sizes) -> tuple[Segment, ...]:
    """The pieces the rules have, laid out one after the other."""
    return layout(
        (piece.name, piece.lengths(sizes), piece.high.value(sizes))
        for piece in PIECES
        if piece.is_in(sizes.rules)
    )


def observe(seen: PlayerView, sizes: Sizes) -> tuple[int, ...]:
    """The values of every piece the rules have, in order, for ``seen``."""
    if len(seen.table) > sizes.melds:
        raise FormatError(
            f"the table holds {len(seen.table)} groups, more than the "
            f"{sizes.melds} this encoding has room for"
        )
    o = Seen(seen, sizes)
    rules = sizes.rules
    vector: list[int] = []
    for piece in PIECES:
        where = piece.where
        if where is None or where(rules):
            vector += piece.fill(o)
    return tuple(vector)


def guide_rows() -> list[str]:
    """The guide's table of the pieces, a Markdown row each: name, shape,
    what it holds, largest value."""
    return [
        f"| `{piece.name}` | {' × '.join(dim.text for dim in piece.shape)} "
        f"| {piece.holds} | {piece.high.text} |"
        for piece in PIECES
    ]
