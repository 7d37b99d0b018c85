"""Phase requirements, the text language they are written in, and how many
natural cards a laid phase needs (R4-R9, R11)."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Final, Literal, NamedTuple, cast

import attrs

from ._cards import HIGHEST
from ._errors import NotationError, RulesError, UsageError, shown
from ._immutable import Immutable
from ._limits import MAX_GROUPS, MAX_PHASE_CARDS, MAX_PHASE_TEXT

_MAX_RUN: Final = HIGHEST  # a run holds each number once at most

__all__ = ["STANDARD_PHASES", "GroupKind", "GroupSpec", "NaturalRule", "PhaseSpec"]


class GroupKind(enum.Enum):
    """The kinds of group a phase asks for.

    .. versionadded:: 0.1
    """

    SET = "set"
    """Cards of one number, any colours (R5)."""
    RUN = "run"
    """Cards of consecutive numbers, any colours (R6)."""
    COLOR = "color"
    """Cards of one colour, any numbers (R7)."""
    COLOR_RUN = "color run"
    """A run whose cards are all of one colour (R8)."""
    EVEN = "even"
    """Cards of even numbers, any colours (R43, a house rule).

    .. versionadded:: 0.2
    """
    ODD = "odd"
    """Cards of odd numbers, any colours (R43, a house rule).

    .. versionadded:: 0.2
    """
    EVEN_RUN = "even run"
    """Consecutive even numbers, such as 2 4 6 8, any colours (R51, a house
    rule).

    .. versionadded:: 0.2
    """
    ODD_RUN = "odd run"
    """Consecutive odd numbers, such as 1 3 5 7, any colours (R51, a house
    rule).

    .. versionadded:: 0.2
    """

    @property
    def is_run(self) -> bool:
        """Whether the group's cards are consecutive numbers (every number, or
        every other one for a run of odd or even numbers), laid in order."""
        return self in _RUNS

    @property
    def step(self) -> int | None:
        """How far apart a run's numbers are, 1 for a run or colour run and 2
        for a run of odd or even numbers (R51); ``None`` for other kinds.

        .. versionadded:: 0.2
        """
        return _STEPS.get(self)

    @property
    def longest(self) -> int | None:
        """The most cards a group of this kind may hold, as no run holds a
        number twice: 12 for a run or colour run (R6), 6 for a run of odd
        or even numbers (R51); ``None`` for kinds with no such limit.

        .. versionadded:: 0.2
        """
        step = _STEPS.get(self)
        return None if step is None else _MAX_RUN // step

    @property
    def is_colored(self) -> bool:
        """Whether the group's cards must share one colour."""
        return self in _COLORED

    @property
    def parity(self) -> int | None:
        """For an even or odd group or run, the remainder its numbers leave
        when divided by 2 (0 for even, 1 for odd); ``None`` for other kinds.

        .. versionadded:: 0.2
        """
        return _PARITIES.get(self)


Holds = Literal["number", "color", "parity", "sequence"]
"""What the cards of a kind of group share: one number (a set), one colour
(a colour group), one parity (an even or odd group), or a sequence of
numbers (every kind of run)."""

HOLDS: Final[tuple[Holds, ...]] = ("number", "color", "parity", "sequence")
"""Every value of :data:`Holds`: a place that has a formula for each asks
``facts.holds`` and raises for any other (see :func:`unknown_kind`)."""


class KindFacts(NamedTuple):
    """Everything the engine knows of a kind of group, in one row: the
    judge, the solver, the lays and their bounds, the hits, the pictures,
    the bots and the encoding all read a kind's facts from here."""

    holds: Holds
    """What its cards share (see :data:`Holds`)."""
    step: int | None
    """For a run, how far apart its numbers are; else ``None``."""
    colored: bool
    """Whether its cards are all of one colour as well."""
    parity: int | None
    """0 or 1 when its numbers are all even or all odd; else ``None``."""


KIND_FACTS: Final[Mapping[GroupKind, KindFacts]] = MappingProxyType(
    {
        GroupKind.SET: KindFacts("number", None, False, None),
        GroupKind.RUN: KindFacts("sequence", 1, False, None),
        GroupKind.COLOR: KindFacts("color", None, True, None),
        GroupKind.COLOR_RUN: KindFacts("sequence", 1, True, None),
        GroupKind.EVEN: KindFacts("parity", None, False, 0),
        GroupKind.ODD: KindFacts("parity", None, False, 1),
        GroupKind.EVEN_RUN: KindFacts("sequence", 2, False, 0),
        GroupKind.ODD_RUN: KindFacts("sequence", 2, False, 1),
    }
)
"""The facts of every kind of group: the one place a kind is described. A
new kind that has no row here, or whose row is not consistent, stops the
package at import (:func:`check_kind_facts`)."""


def check_kind_facts(facts: Mapping[GroupKind, KindFacts]) -> None:
    """Raise :class:`ImportError` naming what is wrong unless every kind of
    group has its facts, and they agree: a step exactly for a sequence."""
    missing = [kind.name for kind in GroupKind if kind not in facts]
    if missing:
        raise ImportError(f"no facts for the kinds of group {missing} (KIND_FACTS)")
    for kind, row in facts.items():
        if row.holds not in HOLDS:
            raise ImportError(
                f"{kind.name}: holds is one of {HOLDS}, not {row.holds!r}"
            )
        if (row.step is not None) != (row.holds == "sequence"):
            raise ImportError(f"{kind.name}: a step exactly for a sequence")


check_kind_facts(KIND_FACTS)

# The facts read at every move, as plain sets and dicts (a member's lookup in
# a set costs less than reading its row): made from KIND_FACTS, never by hand.
_RUNS: Final = frozenset(k for k, f in KIND_FACTS.items() if f.holds == "sequence")
_COLORED: Final = frozenset(k for k, f in KIND_FACTS.items() if f.colored)
_STEPS: Final = {k: f.step for k, f in KIND_FACTS.items() if f.step is not None}
_PARITIES: Final = {k: f.parity for k, f in KIND_FACTS.items() if f.parity is not None}


def unknown_kind(kind: GroupKind) -> NotImplementedError:
    """The error of a place that has no formula for ``kind``'s facts: a new
    kind of group must teach it one (see the design guide's exercise 2)."""
    return NotImplementedError(
        f"no formula here for the kind of group {kind.name} "
        f"(holds {KIND_FACTS[kind].holds!r})"
    )


_PARITY_WORDS: Final = ("even", "odd")


class NaturalRule(enum.Enum):
    """How many natural (non-Wild) cards a laid phase needs (R11).

    .. versionadded:: 0.1
    """

    PER_GROUP = "per group"
    """At least one natural card in every group (the default)."""
    PER_PHASE = "per phase"
    """At least one natural card somewhere in the phase."""
    NONE = "none"
    """A phase may be made of Wilds alone."""


def _check_size(instance: GroupSpec, attribute: object, size: int) -> None:
    if isinstance(size, bool) or not isinstance(size, int):
        raise UsageError(f"a group's size is a whole number, not {shown(size)}")
    if size < 1:
        raise RulesError(f"a group holds at least 1 card, not {shown(size)}")
    longest = instance.kind.longest
    if longest is not None and size > longest:
        parity = instance.kind.parity
        if parity is None:
            raise RulesError(
                f"a run holds at most {_MAX_RUN} cards (numbers 1-{HIGHEST}), "
                f"not {shown(size)}"
            )
        numbers = ", ".join(str(n) for n in range(2 - parity, _MAX_RUN + 1, 2))
        raise RulesError(
            f"a run of {_PARITY_WORDS[parity]} numbers holds at most {longest} "
            f"cards ({numbers}), not {shown(size)}"
        )
    if size > MAX_PHASE_CARDS:
        raise RulesError(
            f"a group holds at most {MAX_PHASE_CARDS} cards (a player never holds "
            f"more), not {shown(size)}"
        )


def _check_kind(instance: GroupSpec, attribute: object, kind: GroupKind) -> None:
    if not isinstance(kind, GroupKind):
        raise UsageError(f"a group's kind is a GroupKind, not {shown(kind)}")


@attrs.frozen(cache_hash=True)
class GroupSpec(Immutable):
    """One requirement of a phase: a kind of group and its minimum size.

    >>> GroupSpec(GroupKind.RUN, 4)
    GroupSpec(kind=<GroupKind.RUN: 'run'>, size=4)
    >>> str(GroupSpec(GroupKind.COLOR, 7))
    '7 cards of one color'

    .. versionadded:: 0.1
    """

    kind: GroupKind = attrs.field(validator=_check_kind)
    size: int = attrs.field(validator=_check_size)

    def _describe(self, count: int) -> str:
        plural = "s" if count != 1 else ""
        if self.kind is GroupKind.SET:
            return f"{count} set{plural} of {self.size}"
        if self.kind is GroupKind.RUN:
            return f"{count} run{plural} of {self.size}"
        if self.kind is GroupKind.COLOR_RUN:
            return f"{count} run{plural} of {self.size} of one color"
        parity = self.kind.parity
        if self.kind.is_run:  # a run of odd or even numbers (R51)
            numbers = "number" if self.size == 1 else "numbers"
            word = _PARITY_WORDS[cast(int, parity)]
            return f"{count} run{plural} of {self.size} {word} {numbers}"
        cards = "card" if self.size == 1 else "cards"
        if parity is not None:
            return " + ".join([f"{self.size} {self.kind.value} {cards}"] * count)
        return " + ".join([f"{self.size} {cards} of one color"] * count)

    def __str__(self) -> str:
        return self._describe(1)


def _to_groups(groups: Iterable[GroupSpec]) -> tuple[GroupSpec, ...]:
    if isinstance(groups, (str, GroupSpec)):
        raise UsageError(
            "a PhaseSpec takes a sequence of GroupSpec (use PhaseSpec.parse for text)"
        )
    try:
        return tuple(groups)
    except TypeError:
        raise UsageError(
            f"a PhaseSpec takes a sequence of GroupSpec, not {shown(groups)}"
        ) from None


def _check_groups(
    instance: PhaseSpec, attribute: object, groups: tuple[GroupSpec, ...]
) -> None:
    if not groups:
        raise RulesError("a phase asks for at least one group")
    if len(groups) > MAX_GROUPS:
        raise RulesError(
            f"a phase asks for at most {MAX_GROUPS} groups, not {len(groups)}"
        )
    for group in groups:
        if not isinstance(group, GroupSpec):
            raise UsageError(
                f"a phase is made of GroupSpec requirements, not {shown(group)}"
            )
    cards = sum(group.size for group in groups)
    if cards > MAX_PHASE_CARDS:
        raise RulesError(
            f"a phase asks for at most {MAX_PHASE_CARDS} cards in all (a player "
            f"never holds more), not {cards}"
        )


@attrs.frozen(cache_hash=True)
class PhaseSpec(Immutable):
    """A phase: the groups a player must lay down together (R4).

    Groups are kept in the order they were written; a player may lay them in
    any order. :meth:`parse` reads the rule sheets' wording, and ``str()``
    writes a canonical text that parses back equal. A phase asks for 1 to
    :data:`~phase10.MAX_GROUPS` groups and at most
    :data:`~phase10.MAX_PHASE_CARDS` cards in all (R17).

    >>> spec = PhaseSpec.parse("1 set of 3 & one run of four")
    >>> str(spec)
    '1 set of 3 + 1 run of 4'
    >>> PhaseSpec.parse(str(spec)) == spec
    True
    >>> spec.min_cards
    7

    .. versionadded:: 0.1
    """

    groups: tuple[GroupSpec, ...] = attrs.field(
        converter=_to_groups, validator=_check_groups
    )

    @property
    def min_cards(self) -> int:
        """The fewest cards that make this phase."""
        return sum(group.size for group in self.groups)

    @staticmethod
    def parse(text: str) -> PhaseSpec:
        """Read a phase from text such as ``"2 sets of 3"``.

        Accepted: groups joined by ``+``, ``&``, ``,`` or ``and``; counts
        and sizes as digits or words (``one`` to ``twelve``, ``a``);
        ``N sets of S``, ``N runs of S``, ``N runs of S of one color``
        (a run all of one colour; also ``in one color``, ``of the same
        color``), ``N cards of one color`` (also ``of 1 color``, ``of all
        one color`` as the rule sheets say, ``all one color``); ``N even
        cards`` and ``N odd cards`` (a house rule, R43; also ``numbers``
        for ``cards``);
        ``color``/``colour`` and singular or plural alike. The limits of
        :class:`GroupSpec` and :class:`PhaseSpec` hold: at most
        :data:`~phase10.MAX_GROUPS` groups and
        :data:`~phase10.MAX_PHASE_CARDS` cards, and the text is at most
        :data:`~phase10.MAX_PHASE_TEXT` characters. Raises
        :class:`NotationError` saying what was expected where.
        """
        return _Parser(text).phase()

    def __str__(self) -> str:
        parts: list[str] = []
        groups = self.groups
        i = 0
        while i < len(groups):
            j = i
            while j < len(groups) and groups[j] == groups[i]:
                j += 1
            parts.append(groups[i]._describe(j - i))
            i = j
        return " + ".join(parts)


_WORDS: Final = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}
_COLOR_WORDS: Final = ("color", "colour", "colors", "colours")
_TOKEN = re.compile(r"\s*(?:(\d+)|([a-z]+)|([+&,;]))", re.IGNORECASE | re.ASCII)


class _Parser:
    """A small recursive-descent reader for the phase language."""

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise UsageError(f"a phase is written as text, not {type(text).__name__}")
        if len(text) > MAX_PHASE_TEXT:
            raise NotationError(
                f"a phase is written in at most {MAX_PHASE_TEXT} characters, "
                f"not {len(text):,}"
            )
        self.text = text
        self.tokens: list[str] = []
        pos = 0
        stripped = text.rstrip()
        while pos < len(stripped):
            match = _TOKEN.match(stripped, pos)
            if match is None or match.end() == pos:
                raise NotationError(
                    f"unexpected {stripped[pos:].strip()[:1]!r} in phase {shown(text)}"
                )
            self.tokens.append(match.group(0).strip().lower())
            pos = match.end()
        self.pos = 0

    def _fail(self, expected: str) -> NotationError:
        if self.pos < len(self.tokens):
            where = f"found {shown(self.tokens[self.pos])} (word {self.pos + 1})"
        else:
            where = "the text ended"
        return NotationError(
            f"in phase {shown(self.text)}: expected {expected}, but {where}"
        )

    def _peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def _accept(self, *words: str) -> str | None:
        token = self._peek()
        if token is not None and token in words:
            self.pos += 1
            return token
        return None

    def _expect(self, expected: str, *words: str) -> str:
        token = self._accept(*words)
        if token is None:
            raise self._fail(expected)
        return token

    def _number(self, what: str) -> int:
        token = self._peek()
        if token is not None:
            if token.isdigit():
                if len(token) > 3:
                    raise self._fail(f"{what} below 1000")
                self.pos += 1
                return int(token)
            if token in _WORDS:
                self.pos += 1
                return _WORDS[token]
        raise self._fail(what)

    def _one_color(self) -> bool:
        """Read 'of one color' and its variants; False if absent.

        Once a leading word ('of', 'in', 'all') is read, nothing else may
        follow a group, so an incomplete phrase is an error here rather than
        a puzzling one about the next separator.
        """
        if self._accept("all") is not None:
            self._accept("of")  # "all one color" and "all of one color"
        elif self._accept("in", "of") is not None:
            self._accept("all")  # "of all one color", the rule sheets' words
        else:
            return False
        if self._accept("one", "1", "a", "the") is None:
            raise self._fail("'one color' (as in 'of one color')")
        self._accept("same", "single")
        self._expect("'color' (as in 'of one color')", *_COLOR_WORDS)
        return True

    def phase(self) -> PhaseSpec:
        if not self.tokens:
            raise NotationError("a phase cannot be empty: write e.g. '2 sets of 3'")
        groups: list[GroupSpec] = []
        groups.extend(self._term())
        while self._peek() is not None:
            self._expect(
                "'+', '&', ',' or 'and' between groups", "+", "&", ",", ";", "and"
            )
            groups.extend(self._term())
            if len(groups) > MAX_GROUPS:
                raise NotationError(
                    f"in phase {shown(self.text)}: a phase asks for at most "
                    f"{MAX_GROUPS} groups"
                )
        try:
            return PhaseSpec(tuple(groups))
        except RulesError as error:
            raise NotationError(f"in phase {shown(self.text)}: {error}") from None

    def _term(self) -> list[GroupSpec]:
        # The count may be left out before a kind ("... + set of 2").
        if self._peek() in ("set", "run", "color", "colour"):
            count = 1
        else:
            count = self._number("a count such as '1' or 'two'")
        if self._peek() in ("even", "odd"):
            # "8 even cards": the number is the group's size, as in
            # "7 cards of one color".
            kind = GroupKind.EVEN if self._peek() == "even" else GroupKind.ODD
            self.pos += 1
            self._expect(
                f"'cards' after '{kind.value}'", "cards", "card", "numbers", "number"
            )
            if count < 1:
                self.pos -= 3
                raise self._fail("a size of at least 1")
            return [self._group(kind, count)]
        if count > MAX_GROUPS and self._peek() not in ("card", "cards"):
            self.pos -= 1  # point at the count, not the word after it
            raise self._fail(f"a count of at most {MAX_GROUPS} groups")
        if count < 1:
            self.pos -= 1
            raise self._fail("a count of at least 1")
        kind_word = self._expect(
            "'set', 'run', 'color run', 'cards', 'even' or 'odd'",
            "set",
            "sets",
            "run",
            "runs",
            "card",
            "cards",
            "color",
            "colour",
        )
        if kind_word in ("card", "cards"):
            if not self._one_color():
                raise self._fail("'of one color' after 'cards'")
            return [self._group(GroupKind.COLOR, count)]
        if kind_word in ("color", "colour"):
            self._expect("'run' after 'color'", "run", "runs")
            kind = GroupKind.COLOR_RUN
        else:
            kind = GroupKind.SET if kind_word.startswith("set") else GroupKind.RUN
        self._expect(f"'of' and a size after '{kind_word}'", "of")
        size = self._number("a size such as '3' or 'four'")
        parity = self._accept("even", "odd") if kind is GroupKind.RUN else None
        if parity is not None:
            # "1 run of 4 odd numbers", a house rule (R51).
            self._expect(
                f"'numbers' after '{parity}'", "numbers", "number", "cards", "card"
            )
            kind = GroupKind.EVEN_RUN if parity == "even" else GroupKind.ODD_RUN
            if self._one_color():
                raise NotationError(
                    f"in phase {shown(self.text)}: a run of {parity} numbers has "
                    "no colour form (write a run of one color, or of "
                    f"{parity} numbers)"
                )
            return [self._group(kind, size)] * count
        self._accept("cards", "card")
        if kind is GroupKind.RUN and self._one_color():
            kind = GroupKind.COLOR_RUN
        return [self._group(kind, size)] * count

    def _group(self, kind: GroupKind, size: int) -> GroupSpec:
        try:
            return GroupSpec(kind, size)
        except RulesError as error:
            raise NotationError(f"in phase {shown(self.text)}: {error}") from None


STANDARD_PHASES: Final[tuple[PhaseSpec, ...]] = tuple(
    PhaseSpec.parse(text)
    for text in (
        "2 sets of 3",
        "1 set of 3 + 1 run of 4",
        "1 set of 4 + 1 run of 4",
        "1 run of 7",
        "1 run of 8",
        "1 run of 9",
        "2 sets of 4",
        "7 cards of one color",
        "1 set of 5 + 1 set of 2",
        "1 set of 5 + 1 set of 3",
    )
)
"""The ten official phases, in order (R9)."""
