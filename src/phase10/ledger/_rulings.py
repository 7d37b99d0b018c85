"""The rulings a table argues over, looked up by a question in a player's words.

Each :class:`Ruling` is one point of the project's rulings (the points the
printed rule sheets leave open, and those players most often dispute) with
the clause of the rules document that settles it, the answer of the
official game and the :class:`~phase10.Rules` field, if any, that plays it
another way. :func:`find_rulings` ranks them for a question typed at the
table; :meth:`Ruling.under` words the answer for the rules being played.

The rulings are written out below as a plain table, read once at import:
no file is opened.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

import attrs

from .._errors import UsageError, is_whole, shown
from .._immutable import Immutable
from .._phases import NaturalRule
from .._rules import OFFICIAL, EmptyDrawPile, PhaseChoice, Rules, SkipLimit
from ._ruling_texts import TABLE

__all__ = ["RULINGS", "Ruling", "find_rulings"]

_OPTIONS: Final = frozenset(field.name for field in attrs.fields(Rules))


def _check_text(instance: Ruling, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise UsageError(f"a ruling's {attribute.name} is text, not {shown(value)}")


def _check_option(instance: Ruling, attribute: object, value: str | None) -> None:
    if value is not None and value not in _OPTIONS:
        raise UsageError(f"a ruling's option is a Rules field, not {shown(value)}")


def _to_keywords(value: tuple[str, ...]) -> tuple[str, ...]:
    if not isinstance(value, (tuple, list)) or not all(
        isinstance(w, str) for w in value
    ):
        raise UsageError(f"a ruling's keywords are texts, not {shown(value)}")
    return tuple(value)


@attrs.frozen
class Ruling(Immutable):
    """One disputed point of the rules, with the clause that settles it (R1-R51).

    ``answer`` is the ruling of the official game, ``Rules()`` (for the
    points of saving cards, which the classic game does not play, the
    Masters Edition's, ``PRESETS["masters"]``); ``option`` names the
    :class:`~phase10.Rules` field that plays the point another way, and
    :meth:`under` says what a given rule set does.

    >>> from phase10 import Rules
    >>> (wild,) = find_rulings("Can I take a joker from the discard pile?", limit=1)
    >>> wild.clause, wild.option
    ('R22', 'wild_from_discard')
    >>> wild.under(Rules()) == wild.answer
    True
    >>> print(wild.under(Rules(wild_from_discard=False)))  # doctest: +ELLIPSIS
    A Wild may still be discarded, but under these rules no Wild is taken...

    Raises :class:`~phase10.UsageError` if a field is not of its type, or ``option``
    is not the name of a field of :class:`~phase10.Rules`.

    .. versionadded:: 0.3
    """

    clause: str = attrs.field(validator=_check_text)
    """The id of the clause of the rules document that settles the point."""
    question: str = attrs.field(validator=_check_text)
    """The point, asked as a player asks it."""
    answer: str = attrs.field(validator=_check_text)
    """The ruling of the official game, in a sentence or two."""
    option: str | None = attrs.field(default=None, validator=_check_option)
    """The :class:`~phase10.Rules` field that changes the ruling, or ``None``."""
    keywords: tuple[str, ...] = attrs.field(default=(), converter=_to_keywords)
    """Other words a player might use for the point."""

    def under(self, rules: Rules) -> str:
        """The answer under ``rules``: ``answer`` when they play the point
        as the official game does, else what they do instead, naming the
        option and its value.

        >>> from phase10 import Rules, SkipLimit
        >>> (limit,) = find_rulings("skipped twice in a row", limit=1)
        >>> print(limit.under(Rules(skip_limit=SkipLimit.UNLIMITED)))
        ... # doctest: +ELLIPSIS
        Under these rules there is no limit: ... (skip_limit=UNLIMITED).

        Raises :class:`~phase10.UsageError` if ``rules`` is not a
        :class:`~phase10.Rules`.

        .. versionadded:: 0.3
        """
        if not isinstance(rules, Rules):
            raise UsageError(f"rules must be a Rules record, not {shown(rules)}")
        if self.option is None:
            return self.answer
        if self.option in _SAVING and rules.saves_per_hand == 0:
            return _NO_SAVING
        fields = (self.option, *_ALSO.get(self.option, ()))
        if all(getattr(rules, one) == getattr(OFFICIAL, one) for one in fields):
            return self.answer
        value = getattr(rules, self.option)
        sentence = _UNDER.get((self.option, value))
        if sentence is not None:
            return sentence
        size = len(value) if isinstance(value, tuple) else None
        listed = "; ".join(map(str, value)) if self.option == "phases" else ""
        return _UNDER_ANY[self.option].format(
            value=value, size=size, rules=rules, listed=listed
        )


_SAVING: Final = frozenset(
    {
        "most_saved",
        "saved_cards_hidden",
        "saved_cards_score",
        "go_out_by_save",
        "save_skips",
        "draw_saved_same_hand",
    }
)
"""The options of saving cards (R46-R48): they matter only where cards are
saved, and their rulings are the Masters Edition's."""

_NO_SAVING: Final = (
    "No card is saved under these rules (saves_per_hand is 0, as in the classic "
    "game), so the point does not arise; the Masters Edition saves one a hand."
)

_ALSO: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {"max_players": ("min_players",)}
)
"""Other fields a ruling on an option also reads."""

_UNDER: Final[Mapping[tuple[str, object], str]] = MappingProxyType(
    {
        ("wild_from_discard", False): "A Wild may still be discarded, but under "
        "these rules no Wild is taken from the discard pile, not even one turned "
        "up to start it (wild_from_discard is off); draw from the draw pile "
        "instead.",
        ("hit_on_lay_turn", False): "No: under these rules you may not hit on the "
        "turn you lay down your phase (hit_on_lay_turn is off); wait for your next "
        "turn. Extra cards laid with the phase are still allowed.",
        ("go_out_by_hit", False): "No: under these rules a lay or a hit may not "
        "empty your hand (go_out_by_hit is off); keep a card and go out by "
        "discarding it.",
        ("everyone_advances", True): "Under these rules everyone advances after "
        "every hand, phase laid or not (everyone_advances is on); the game lasts "
        "one hand per phase and the lowest total wins.",
        ("wrap_runs", True): "Under these rules a run may go on from 12 to 1, "
        "as 11 12 1 2 (wrap_runs is on); a Wild is still never 0 or 13 and no "
        "number comes twice, so a run holds at most 12 cards.",
        ("swap_wilds", True): "Under these rules a player whose phase is down may, "
        "in their turn, put the natural card a laid Wild stands for on its group "
        "and take the Wild (swap_wilds is on); the group must stand for what it did.",
        ("skip_next_only", True): "Under these rules a Skip always takes the next "
        "player's turn, with no choice of target (skip_next_only is on); if they "
        "may not be skipped, it is played against nobody.",
        ("saved_cards_hidden", True): "No: under these rules saved cards lie face "
        "down (saved_cards_hidden is on); others see how many a save pile holds, "
        "never which.",
        ("saved_cards_score", True): "Yes: under these rules saved cards count "
        "against their owner when a hand ends, as cards in hand do "
        "(saved_cards_score is on).",
        ("go_out_by_save", True): "Yes: under these rules saving your last card "
        "goes out (go_out_by_save is on).",
        ("save_skips", False): "No: under these rules a Skip may not be saved "
        "(save_skips is off); play it or discard it.",
        ("draw_saved_same_hand", True): "Yes: under these rules a card saved in "
        "this hand may be drawn back in the same hand (draw_saved_same_hand is on).",
        ("naturals", NaturalRule.PER_PHASE): "Under these rules one natural card "
        "anywhere in the phase is enough (naturals=PER_PHASE); another group of it "
        "may be all Wilds.",
        ("naturals", NaturalRule.NONE): "Under these rules a phase may be laid from "
        "Wilds alone, with no natural card at all (naturals=NONE).",
        ("skip_limit", SkipLimit.UNTIL_SERVED): "Under these rules a player may be "
        "skipped again once they have lost the turn the last Skip took, but not "
        "while it is still to come (skip_limit=UNTIL_SERVED).",
        ("skip_limit", SkipLimit.PER_HAND): "Under these rules each player may be "
        "the target of one Skip in a whole hand, no more (skip_limit=PER_HAND).",
        ("skip_limit", SkipLimit.UNLIMITED): "Under these rules there is no limit: "
        "a player may be skipped again and again, and the lost turns add up "
        "(skip_limit=UNLIMITED).",
        ("on_empty_draw_pile", EmptyDrawPile.END_HAND): "Under these rules the hand "
        "ends with no winner as soon as a turn starts with the draw pile empty: "
        "everyone scores the cards in hand, and phases laid this hand count "
        "(on_empty_draw_pile=END_HAND).",
        ("phase_choice", PhaseChoice.CHOSEN): "Under these rules each player "
        "chooses, face up at the start of each hand, one phase they have not "
        "completed, and may lay only that one (phase_choice=CHOSEN).",
        ("phase_choice", PhaseChoice.DECLARED): "Under these rules nobody chooses at "
        "the start of the hand: after drawing, a player declares a phase not yet "
        "completed and may lay it that turn (phase_choice=DECLARED).",
    }
)
"""What rules do instead, for each value of a flag or choice other than
the official one, by option and value."""

_UNDER_ANY: Final[Mapping[str, str]] = MappingProxyType(
    {
        "deck": "Under these rules the game is played with a deck of its own, of "
        "{size} cards (deck); the official deck has 108.",
        "max_players": "Under these rules {rules.min_players} to "
        "{rules.max_players} players may play (min_players={rules.min_players}, "
        "max_players={rules.max_players}).",
        "hand_size": "Under these rules each player is dealt {value} cards "
        "(hand_size={value}); the next card still starts the discard pile.",
        "points": "Under these rules a card left in hand counts {value.low} for "
        "1-9, {value.high} for 10-12, {value.skip} for a Skip and {value.wild} for "
        "a Wild (points).",
        "phases": "Under these rules the game is played over a list of its own, "
        "{size} phases (phases): {listed}.",
        "saves_per_hand": "Under these rules a player may end a turn by saving a "
        "card in place of a discard, at most {value} in a hand "
        "(saves_per_hand={value}).",
        "most_saved": "Under these rules a save pile holds at most {value} saved "
        "cards at once (most_saved={value}).",
    }
)
"""What rules do instead, for the other options: a text to fill with the
value (``{value}``) and, for a tuple, its length (``{size}``)."""


_HEAD: Final = re.compile(r"(R[1-9][0-9]*) (\w+|-) \| (.*)")


def _read(table: str) -> tuple[Ruling, ...]:
    """The rulings of ``table``: each block a head line, a question, an answer."""
    blocks: list[tuple[re.Match[str], list[str]]] = []
    for line in table.strip().splitlines():
        head = _HEAD.fullmatch(line)
        if head is not None:
            blocks.append((head, []))
        else:
            blocks[-1][1].append(line)
    return tuple(
        Ruling(
            head[1],
            question,
            " ".join(answer),
            None if head[2] == "-" else head[2],
            tuple(word.strip() for word in head[3].split(",")),
        )
        for head, (question, *answer) in blocks
    )


RULINGS: Final[tuple[Ruling, ...]] = _read(TABLE)
"""Every ruling: each point of the project's table of rulings and of the
rules document's "Rulings of the editions", and the points players most
often dispute, each with its clause. Every flag and choice of
:class:`~phase10.Rules` is the option of at least one.

.. versionadded:: 0.3
"""

_STOP: Final = frozenset((
    "a", "about", "after", "all", "also", "am", "an", "and", "any", "are", "as", "at",
    "be", "been", "being", "but", "by", "can", "could", "d", "did", "do", "does",
    "doing", "done", "down", "ever", "for", "from", "get", "gets", "got", "had",
    "happen", "happened", "happens", "has", "have", "he", "her", "him", "his", "how",
    "i", "if", "in", "into", "is", "it", "its", "just", "ll", "m", "may", "me", "might",
    "must", "my", "no", "not", "of", "ok", "okay", "on", "or", "our", "re", "rule",
    "rules", "s", "she", "should", "so", "some", "still", "t", "than", "that", "the",
    "their", "them", "then", "there", "these", "they", "this", "those", "to", "up",
    "us", "ve", "was", "way", "we", "were", "what", "whats", "when", "where", "which",
    "who", "whom", "whose", "why", "will", "with", "would", "yes", "you", "your",
))  # fmt: skip
"""Words that say nothing about the point asked."""

_PHRASES: Final = (
    (
        r"\b(?:lose|loses|losing|lost|miss|misses|missing|missed)\s+"
        r"(?:a|my|his|her|their|your|the|next|one)?\s*turns?\b",
        " skip ",
    ),
    (
        r"\b(?:play|plays|played|playing|add|adds|added|adding|put|puts|putting)\s+"
        r"(?:it\s+|them\s+)?(?:on|onto|to)\b",
        " hit ",
    ),
    (r"\b(?:lay|lays|laying|laid|put|puts|putting)\s+down\b", " lay "),
    (r"\b(?:run|runs|running|ran)\s+out\b", " empty "),
    (r"\b(?:go|goes|going|went|gone)\s+out\b", " goout "),
    (r"\b(?:pick|picks|picking|picked)\s+up\b", " take "),
)
"""Phrases that say one thing in several ways, and the word for it."""


def _stem(word: str) -> str:
    """``word`` cut crudely to its stem: "skipped", "skips" are "skip"."""
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) >= len(suffix) + 3:
            if not word.endswith("ss"):
                word = word[: -len(suffix)]
            break
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiou":
        word = word[:-1]
    return word


_SYNONYMS: Final = {
    _stem(word): _stem(meant)
    for word, meant in {
        "joker": "wild", "wildcard": "wild", "color": "colour", "pass": "skip",
        "laid": "lay", "dealt": "deal", "drew": "draw", "drawn": "draw",
        "took": "take", "taken": "take", "grab": "take", "tied": "tie",
        "yourself": "myself", "themselves": "myself", "self": "myself",
    }.items()
}  # fmt: skip
"""Words a player uses for the words of the rulings."""


def _words(text: str) -> frozenset[str]:
    """The normalized words of ``text``: lower case, phrases and synonyms
    read as one word, stop words left out, each cut to its stem."""
    text = text.lower().replace("'", " ")
    for pattern, word in _PHRASES:
        text = re.sub(pattern, word, text)
    found = set()
    for raw in re.findall(r"[a-z0-9_]+", text):
        if raw not in _STOP:
            stem = _stem(raw)
            found.add(_SYNONYMS.get(stem, stem))
    return frozenset(found)


_INDEX: Final = tuple(
    (
        _words(" ".join((ruling.question, *ruling.keywords, ruling.clause)))
        | {ruling.option or ruling.clause.lower()},
        _words(ruling.answer),
    )
    for ruling in RULINGS
)
"""For each ruling, its words that count double (question, keywords, clause
and option) and those that count once (answer)."""

_WEIGHT: Final = {
    word: math.log(1 + len(RULINGS) / sum(word in h or word in b for h, b in _INDEX))
    for head, body in _INDEX
    for word in head | body
}
"""How much a word tells: the fewer the rulings that use it, the more."""


def find_rulings(
    question: str, rules: Rules | None = None, *, limit: int = 3
) -> tuple[Ruling, ...]:
    """The rulings that best answer ``question``, typed as a player asks it,
    best first: at most ``limit``, and none when no word of it is known.

    The words of the question are compared, in lower case, cut to their
    stems and with common synonyms read alike ("joker" for Wild, "lose a
    turn" for Skip, "play on" for hit, "put down" for lay), with each
    ruling's question and keywords, and with less weight its answer; a word
    few rulings use counts more. Ties keep the order of :data:`RULINGS`. A
    clause id ("R25") or an option's name finds its rulings too. ``rules``
    is passed through for the caller: each ruling's :meth:`Ruling.under`
    says what those rules make of it.

    >>> [ruling.clause for ruling in find_rulings("What if the draw pile runs out?")]
    ['R25', 'R25', 'R23']
    >>> find_rulings("can I hit before I lay down my phase", limit=1)[0].question
    "Can I hit before I lay down my phase, or on other players' groups?"
    >>> find_rulings("xyzzy?")
    ()

    Raises :class:`~phase10.UsageError` if ``question`` is not text or is blank,
    ``limit`` is not a whole number of at least 1, or ``rules`` is neither a
    :class:`~phase10.Rules` nor ``None``.

    .. versionadded:: 0.3
    """
    if not isinstance(question, str):
        raise UsageError(f"ask the question as text, not {shown(question)}")
    if not question.strip():
        raise UsageError("the question is blank: ask it in words")
    if not is_whole(limit) or limit < 1:
        raise UsageError(
            f"limit is how many rulings to give, a whole number of at least 1, "
            f"not {shown(limit)}"
        )
    if rules is not None and not isinstance(rules, Rules):
        raise UsageError(f"rules must be a Rules record or None, not {shown(rules)}")
    asked = _words(question)
    scores = [
        (-score, number)
        for number, (head, body) in enumerate(_INDEX)
        if (score := _score(asked, head, body)) > 0
    ]
    return tuple(RULINGS[number] for _, number in sorted(scores)[:limit])


def _score(asked: frozenset[str], head: frozenset[str], body: frozenset[str]) -> float:
    """How well a ruling's words ``head`` and ``body`` match the words asked."""
    return sum(
        _WEIGHT[word] * (2 if word in head else 1)
        for word in sorted(asked)
        if word in head or word in body
    )
