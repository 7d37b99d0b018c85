"""The legal moves ranked, each with its numbers and a reason a player
understands (:func:`advise`), and everything a front end's Hint button
shows as plain JSON values (:func:`hint`).

The ranking is a stated policy, not a search or a learned model (the docs
page "Odds, outs and advice" says where it is weak):

1. a phase that can be laid is laid, with the fewest Wilds, then the most
   cards; in the Masters Edition's variant, a phase the hand makes is
   declared first;
2. once down, a Wild is taken back where the house rules allow it, then
   every card that fits a group is hit, natural cards before Wilds;
3. a draw is chosen by the chance of holding the phase with two more
   cards (the one this draw takes and the next), then with one; once
   down, the top discard is taken only when it can be hit;
4. the turn ends by giving up the card whose loss leaves the best chance
   within two draws (one, for a phase whose faces cannot be grouped: see
   :data:`ADVICE_MULTISETS`), then within one, then the most outs; a Wild
   is kept when that costs nothing, a Skip is played on the leader, a card
   the next player can use is kept back, and high cards go first; once
   down, the hand's costliest card goes, and a Wild is saved for a later
   hand where the rules allow it;
5. in the Masters Edition, the phase chosen is the open phase with the
   best chance within two draws, then the one the hand lacks the fewest
   cards of, then the one of the most cards.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs

from .._actions import (
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
from .._cards import SKIP, WILD, Card
from .._errors import CardDoesNotFit
from .._groups import End, extend_group
from .._immutable import Immutable
from .._legal import legal_actions
from .._phases import PhaseSpec
from .._scores import keep_scores
from .._serialize import to_dict
from .._state import Pile, Step
from .._view import PlayerView
from ._counting import multisets
from ._odds import Question, check_view, unseen

__all__ = ["Advice", "advise", "hint"]


@attrs.frozen
class Advice(Immutable):
    """One legal move with the numbers behind its rank and a reason in a
    sentence.

    ``phase`` is the number of the phase the numbers are about (``None``
    where none applies); ``outs`` how many unseen cards would complete it
    with one more card after this move; ``odds`` the chance of holding it
    with one more card and with two (for a draw, the card this move takes
    is the first). :meth:`to_dict` gives plain JSON values.

    >>> from phase10 import Discard
    >>> from fractions import Fraction
    >>> tip = Advice(Discard("R12"), "discard R12", 4, 9, (Fraction(1, 10),))
    >>> str(tip)
    'X R12: discard R12'
    >>> tip.to_dict()["odds"], tip.to_dict()["notation"]
    ([0.1], 'X R12')

    .. versionadded:: 0.2
    """

    action: Action
    """The move, a record :func:`~phase10.apply` takes."""
    reason: str
    """Why, in one sentence for a player."""
    phase: int | None = None
    outs: int | None = None
    odds: tuple[Fraction, ...] = ()

    @property
    def notation(self) -> str:
        """The move in the move notation, such as ``'X R12'``."""
        return self.action.notation

    def to_dict(self) -> dict[str, Any]:
        """The advice as plain JSON values: the move as
        :func:`~phase10.to_dict` writes it and in notation, the reason, the
        phase's number, the outs and the odds as numbers."""
        return {
            "move": to_dict(self.action),
            "notation": self.action.notation,
            "reason": self.reason,
            "phase": self.phase,
            "outs": self.outs,
            "odds": [float(chance) for chance in self.odds],
        }

    def __str__(self) -> str:
        return f"{self.action.notation}: {self.reason}"


Key = tuple[float, ...]


def advise(seen: PlayerView) -> tuple[Advice, ...]:
    """Every legal move of ``seen``'s seat, best first, each an
    :class:`Advice` with its numbers and reason.

    The ranking is a stated policy (see the module's documentation and the
    docs page "Odds, outs and advice"); its odds are :func:`phase_odds`'s,
    exact over the cards the seat has not seen. Nothing else is read, so
    the advice never depends on a hidden card. A seat with no move to make
    now gets an empty tuple.

    >>> from phase10 import apply, new_game, view
    >>> from phase10.analysis import advise
    >>> game = new_game(2, seed=5)
    >>> for tip in advise(view(game, 1)):
    ...     print(tip)
    T: take W, which makes phase 1 now
    D: draw blind, with 13 outs: 13% to make phase 1 now, 27% within two draws
    >>> advise(view(game, 0))  # not seat 0's turn
    ()

    Raises :class:`~phase10.UsageError` for anything but a seat's view.

    .. versionadded:: 0.2
    """
    seen = check_view(seen, "advise")
    moves = legal_actions(seen)
    if not moves:
        return ()
    return tuple(advice for _, advice in _ranked(_Turn(seen), moves))


def _ranked(turn: _Turn, moves: tuple[Action, ...]) -> list[tuple[Key, Advice]]:
    """``moves`` judged for ``turn``, best first, each with the key it is
    ranked by: :func:`advise`'s order, which the coach reads too."""
    ranked = [_judge(turn, move) for move in moves]
    ranked.sort(key=lambda pair: pair[0], reverse=True)  # stable: ties in order
    return ranked


def hint(seen: PlayerView) -> dict[str, Any]:
    """Everything a Hint button shows for ``seen``'s seat, as plain JSON
    values: the phase, whether the hand holds it, the outs, the odds within
    one to three draws (as numbers and as exact fractions' text; fewer for
    a phase that cannot be counted so far, see
    :data:`~phase10.analysis.MAX_DRAWS`) and the ranked advice (each
    :meth:`Advice.to_dict`).

    >>> import json
    >>> from phase10 import new_game, view
    >>> from phase10.analysis import hint
    >>> shown = hint(view(new_game(2, seed=5), 1))
    >>> shown["phase"], shown["outs"]["W"], shown["exact"]["1"], shown["odds"]["1"]
    (1, 7, '13/97', 0.13402061855670103)
    >>> shown["advice"][0]["notation"], len(json.dumps(shown)) > 0
    ('T', True)

    The phase is the seat's current (or active) one; under the Masters
    Edition's variant that declares the phase when laying it, the open
    phase with the best chance. Before a phase is chosen, or once it is
    laid, ``phase`` is ``None`` and the outs and odds are empty. Raises
    :class:`~phase10.UsageError` for anything but a seat's view.

    .. versionadded:: 0.2
    """
    seen = check_view(seen, "hint")
    turn = _Turn(seen)
    result: dict[str, Any] = {
        "phase": None,
        "phase_text": None,
        "made": False,
        "unseen": sum(turn.unseen.values()),
        "outs": {},
        "odds": {},
        "exact": {},
    }
    question = turn.question
    if question is not None and turn.spec is not None and not turn.laid:
        result["phase"] = turn.number
        result["phase_text"] = str(turn.spec)
        result["made"] = question.makes(seen.hand)
        found = question.outs(seen.hand)
        result["outs"] = {str(card): count for card, count in found.items()}
        for draws in range(1, min(3, question.total) + 1):
            if not question.countable(draws):
                break
            chance = question.odds(seen.hand, draws)
            result["odds"][str(draws)] = float(chance)
            result["exact"][str(draws)] = str(chance)
    result["advice"] = [advice.to_dict() for advice in advise(seen)]
    return result


# --- what the ranking reads -----------------------------------------------------


class _Turn:
    """What the seat's moves are judged by: its hand, whether it is down,
    the phase it aims at and the question of its odds."""

    def __init__(self, seen: PlayerView) -> None:
        self.seen = seen
        self.seat = seen.seat or 0
        self.rules = seen.rules
        self.me = seen.players[self.seat]
        self.laid = self.me.laid_down
        self.unseen = unseen(seen)
        self.spec: PhaseSpec | None = seen.phase_of(self.seat)
        self.number: int | None = seen.phase_number(self.seat) or None
        if self.spec is None and not self.laid and seen.step is not Step.CHOOSE:
            # No phase yet (the Masters Edition's variant declares it when
            # laying it): aim at the open phase with the best chances.
            best = max(
                self.open_phases(),
                key=lambda pair: self.chances(pair[1], seen.hand),
                default=None,
            )
            if best is not None:
                self.number, self.spec = best
        self.question = None if self.spec is None else self.ask(self.spec)

    def ask(self, spec: PhaseSpec) -> Question:
        return Question(spec, self.rules, self.unseen)

    def open_phases(self) -> list[tuple[int, PhaseSpec]]:
        """The phases the seat may still make, by number: asked only of a
        seat with no phase set, which is down already or plays a free order
        (in order, or in a tie-break, the phase is set until all are done,
        when none is left here either)."""
        done = set(self.me.done())
        return [
            (index + 1, spec)
            for index, spec in enumerate(self.rules.phases)
            if index not in done
        ]

    def chances(self, spec: PhaseSpec, hand: tuple[Card, ...]) -> Key:
        """The chance of ``spec`` within two draws and one, then how few
        cards short of it the hand is, then its size."""
        question = self.ask(spec)
        one, two = _odds(question, hand)
        return (float(two), float(one), -_short(question, hand), spec.min_cards)

    def after(self, hand: tuple[Card, ...]) -> tuple[int, Fraction, Fraction]:
        """The outs and the odds within one and two draws of ``hand``."""
        question = self.question
        if question is None:
            return 0, Fraction(0), Fraction(0)
        found = sum(question.outs(hand).values())
        return (found, *_odds(question, hand))

    @property
    def window(self) -> str:
        """The draws the advice looks ahead, in words."""
        deep = self.question is None or _deep(self.question)
        return "within two draws" if deep else "with the next draw"

    def shown(self, one: Fraction, two: Fraction) -> tuple[Fraction, ...]:
        """The odds an :class:`Advice` gives: within one draw and two, or one
        alone where two are not counted."""
        deep = self.question is None or _deep(self.question)
        return (one, two) if deep else (one,)

    def fits_table(self, card: Card) -> int | None:
        """The number of a group on the table ``card`` fits, or ``None``."""
        wrap = self.rules.wrap_runs
        for number, meld in enumerate(self.seen.table):
            for end in (End.LOW, End.HIGH) if meld.kind.is_run else (None,):
                try:
                    extend_group(
                        meld.kind, meld.shape, meld.cards, card, end, wrap=wrap
                    )
                except CardDoesNotFit:
                    continue
                return number
        return None

    def next_player_wants(self, card: Card) -> bool:
        """Whether the next player could use ``card``: a Wild; a card that
        fits a group on the table once they are down; else one that would
        join a card they are known to hold in a group of their phase."""
        if card.is_wild:
            return True
        seats = self.seen.contenders or tuple(range(len(self.seen.players)))
        if self.seat not in seats or len(seats) < 2:
            return False
        after = seats[(seats.index(self.seat) + 1) % len(seats)]
        player = self.seen.players[after]
        if player.laid_down:
            return self.fits_table(card) is not None
        spec = self.seen.phase_of(after)
        if spec is None or not player.known or card.is_skip:
            return False
        scores = keep_scores((*player.known, card), spec, self.rules.wrap_runs)
        return scores[-1] >= 2


ADVICE_MULTISETS = 300
"""The most multisets of classes the advice counts two draws ahead over, for
each move: every standard phase (105 at most). A phase whose faces cannot
be grouped (a colour run, 1,275) is advised one draw ahead, so that advice
stays quick enough to ask on every turn."""


def _deep(question: Question) -> bool:
    """Whether the advice looks two draws ahead for ``question``."""
    return multisets(question.kinds, 2) <= ADVICE_MULTISETS


def _odds(question: Question, hand: tuple[Card, ...]) -> tuple[Fraction, Fraction]:
    """The odds within one draw and within two (within one again where two
    are not counted, see :data:`ADVICE_MULTISETS`)."""
    one = question.odds(hand, 1) if question.total >= 1 else Fraction(0)
    if not _deep(question):
        return one, one
    two = question.odds(hand, 2) if question.total >= 2 else Fraction(0)
    return one, two


def _short(question: Question, hand: tuple[Card, ...]) -> int:
    """How many Wilds ``hand`` lacks to make the phase."""
    spec = question.phase
    for count in range(spec.min_cards + 1):
        if question.makes((*hand, *(WILD,) * count)):
            return count
    return spec.min_cards + 1


def _percent(chance: Fraction) -> str:
    if chance == 0 or chance == 1:
        return f"{int(chance) * 100}%"
    if chance < Fraction(1, 100):
        return "under 1%"
    if chance > Fraction(99, 100):
        return "over 99%"
    return f"{round(float(chance) * 100)}%"


def _outs(count: int) -> str:
    return "no outs" if count == 0 else f"{count} out{'s' * (count != 1)}"


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    place = hand.index(card)
    return hand[:place] + hand[place + 1 :]


# --- the judges of each kind of move ---------------------------------------------


Judge = Callable[[_Turn, Any], tuple[Key, Advice]]


def _judge(turn: _Turn, move: Action) -> tuple[Key, Advice]:
    return _JUDGES[type(move)](turn, move)


def _next_hand(turn: _Turn, move: NextHand) -> tuple[Key, Advice]:
    return (90.0,), Advice(move, "start the next hand")


def _lay(turn: _Turn, move: LayPhase) -> tuple[Key, Advice]:
    cards = [card for group in move.groups for card in group]
    wilds = sum(card.is_wild for card in cards)
    left = list(turn.seen.hand)
    for card in cards:
        left.remove(card)
    points = sum(turn.rules.points.of(card) for card in left)
    spent = (
        "keeping your Wilds"
        if wilds == 0
        else f"spending {wilds} Wild{'s' * (wilds > 1)}"
    )
    reason = f"lay phase {turn.number} now, {spent}"
    if not left:
        reason += ", and go out"
    key = (80.0, -wilds, len(cards), -points)
    return key, Advice(move, reason, turn.number, None, (Fraction(1), Fraction(1)))


def _choose(turn: _Turn, move: ChoosePhase) -> tuple[Key, Advice]:
    spec = turn.rules.phases[move.phase - 1]
    question = turn.ask(spec)
    hand = turn.seen.hand
    if turn.seen.step is not Step.CHOOSE:  # declaring, to lay it this turn (R45)
        if question.makes(hand):
            reason = (
                f"declare phase {move.phase} ({spec}), which your hand makes, "
                "and lay it"
            )
            return (85.0, spec.min_cards, -move.phase), Advice(move, reason, move.phase)
        reason = f"declare phase {move.phase} ({spec}), which your hand cannot lay yet"
        return (10.0, -move.phase), Advice(move, reason, move.phase)
    one, two = _odds(question, hand)
    short = _short(question, hand)
    found = sum(question.outs(hand).values())
    odds = (one, two) if _deep(question) else (one,)
    window = "within two draws" if _deep(question) else "with the next draw"
    if two:
        reason = (
            f"choose phase {move.phase} ({spec}), with {_outs(found)} and "
            f"{_percent(two)} to make it {window}"
        )
    else:
        reason = (
            f"choose phase {move.phase} ({spec}), {short} "
            f"card{'s' * (short != 1)} short of it"
        )
    key = (30.0, float(two), float(one), -short, spec.min_cards, -move.phase)
    return key, Advice(move, reason, move.phase, found, odds)


def _draw(turn: _Turn, move: Draw) -> tuple[Key, Advice]:
    if move.source is Pile.DRAW:
        return _drawn(turn, move, None, "draw blind")
    top = turn.seen.discard_top
    return _drawn(turn, move, top, f"take {top}")


def _draw_saved(turn: _Turn, move: DrawSaved) -> tuple[Key, Advice]:
    return _drawn(turn, move, move.card, f"draw your saved {move.card}")


def _drawn(
    turn: _Turn, move: Action, taken: Card | None, what: str
) -> tuple[Key, Advice]:
    """A draw of ``taken`` (``None``: an unseen card), said as ``what``."""
    seen = turn.seen
    if turn.laid or turn.question is None:
        return _draw_when_down(turn, move, taken, what)
    question = turn.question
    hand = seen.hand
    if question.makes(hand):  # held already: the draw is for later hits
        useful = taken is not None and taken.is_wild
        reason = f"{what}, keeping phase {turn.number} in your hand"
        if useful:
            reason += ": a Wild fits any group"
        key = (50.0, 1.0, 1.0, 2.0 if useful else float(taken is None))
        return key, Advice(move, reason, turn.number, None, (Fraction(1), Fraction(1)))
    if taken is None:
        found, one, two = turn.after(hand)
        reason = (
            f"{what}, with {_outs(found)}: {_percent(one)} to make phase "
            f"{turn.number} now"
        )
        if len(turn.shown(one, two)) == 2:
            reason += f", {_percent(two)} within two draws"
        key = (50.0, float(two), float(one), 1.0)
        return key, Advice(move, reason, turn.number, found, turn.shown(one, two))
    now = Fraction(int(question.makes((*hand, taken))))
    found, one, _ = turn.after((*hand, taken))
    if now:
        reason = f"{what}, which makes phase {turn.number} now"
    else:
        reason = (
            f"{what}, leaving {_outs(found)}: {_percent(one)} to make phase "
            f"{turn.number} with the next card"
        )
    key = (50.0, float(one), float(now), 0.0)
    return key, Advice(move, reason, turn.number, None if now else found, (now, one))


def _draw_when_down(
    turn: _Turn, move: Action, taken: Card | None, what: str
) -> tuple[Key, Advice]:
    if taken is None:
        top = turn.seen.discard_top
        why = "" if top is None else f": the top discard, {top}, fits no group"
        if top is not None and turn.fits_table(top) is not None:
            why = ": it shows the others nothing of your hand"
        return (50.0, 1.0), Advice(move, f"{what}{why}", turn.number)
    if taken.is_wild:
        return (50.0, 3.0), Advice(move, f"{what}: a Wild fits any group", turn.number)
    group = turn.fits_table(taken)
    if turn.laid and group is not None:
        reason = f"{what}: it fits group {group}, to hit this turn"
        return (50.0, 2.0), Advice(move, reason, turn.number)
    return (50.0, 0.0), Advice(move, f"{what}: it fits no group", turn.number)


def _swap(turn: _Turn, move: SwapWild) -> tuple[Key, Advice]:
    reason = f"take the Wild of group {move.meld} back for {move.card}"
    return (70.0,), Advice(move, reason)


def _hit(turn: _Turn, move: Hit) -> tuple[Key, Advice]:
    out = len(turn.seen.hand) == 1
    reason = f"hit {move.card} on group {move.meld}" + (", and go out" * out)
    points = turn.rules.points.of(move.card)
    key = (60.0, float(out), float(not move.card.is_wild), points)
    return key, Advice(move, reason)


def _discard(turn: _Turn, move: Discard) -> tuple[Key, Advice]:
    return _end_turn(turn, move, move.card, 0.0, f"discard {move.card}", warn=True)


def _skip(turn: _Turn, move: Skip) -> tuple[Key, Advice]:
    """A Skip is played on the leader first (most phases, then fewest
    points), on nobody last."""
    if move.target is None:
        return _end_turn(turn, move, SKIP, 1.0, "play the Skip on nobody")
    seen = turn.seen
    rival = seen.players[move.target]
    lead = rival.completed * 1000 - rival.score
    best = max(
        (p.completed * 1000 - p.score)
        for seat, p in enumerate(seen.players)
        if seat != turn.seat
    )
    leader = ", who leads" if lead == best else ""
    what = f"skip {rival.name}{leader}"
    return _end_turn(turn, move, SKIP, 2.0 + (lead == best), what)


def _save(turn: _Turn, move: Save) -> tuple[Key, Advice]:
    """Saving a Wild beats discarding it; any other card is better
    discarded, keeping the save for a Wild."""
    bonus = 1.5 if move.card.is_wild else -1.0
    return _end_turn(turn, move, move.card, bonus, f"save {move.card} for a later hand")


def _end_turn(
    turn: _Turn,
    move: Action,
    card: Card,
    bonus: float,
    what: str,
    *,
    warn: bool = False,
) -> tuple[Key, Advice]:
    """A move that ends the turn by giving up ``card``; ``bonus`` orders the
    moves that give up the same card, ``what`` says the move in words, and
    ``warn`` whether to say that the next player can use the card."""
    seen = turn.seen
    hand = _without(seen.hand, card)
    points = turn.rules.points.of(card)
    wants = warn and turn.next_player_wants(card)
    if turn.laid or turn.question is None:
        out = not hand
        reason = f"{what}, " + ("and go out" if out else f"shedding {points} points")
        if wants:
            reason += ", though the next player can use it"
        down: Key = (40.0, float(out), float(not card.is_wild), bonus, -wants, points)
        return down, Advice(move, reason)
    found, one, two = turn.after(hand)
    held = turn.question.makes(hand)  # a phase not laid yet, kept
    reason = (
        f"{what}, still holding phase {turn.number}"
        if held
        else f"{what}, keeping {_outs(found)} and {_percent(two)} to make phase "
        f"{turn.number} {turn.window}"
    )
    if wants:
        reason += ", though the next player can use it"
    key = (
        40.0,
        float(two),
        float(one),
        found,
        float(not card.is_wild),
        bonus,
        -wants,
        points,
    )
    shown = turn.shown(one, two)
    return key, Advice(move, reason, turn.number, None if held else found, shown)


_JUDGES: dict[type, Judge] = {
    NextHand: _next_hand,
    LayPhase: _lay,
    ChoosePhase: _choose,
    Draw: _draw,
    DrawSaved: _draw_saved,
    SwapWild: _swap,
    Hit: _hit,
    Discard: _discard,
    Skip: _skip,
    Save: _save,
}
"""The advice's judge of each kind of move, which ranks it."""


def check_judges(judges: dict[type, Judge], records: tuple[type, ...]) -> None:
    """Raise :class:`ImportError` unless ``judges`` has a judge for every kind
    of move of ``records`` (``MOVE_TYPES``, the table of moves' order), and
    none for another; run at import, so that a new kind of move without its
    advice fails at once, naming the place to add it, not in a game."""
    missing = [record.__name__ for record in records if record not in judges]
    extra = [record.__name__ for record in judges if record not in records]
    if missing or extra:
        raise ImportError(
            "phase10.analysis._advice._JUDGES must have a judge for every kind "
            f"of move and no other: add {missing}, remove {extra} "
            "(src/phase10/analysis/_advice.py, at _JUDGES)"
        )


check_judges(_JUDGES, MOVE_TYPES)
