"""Language-model players: a seat's view in words, and a reader of answers.

A language model reads text and writes text. :func:`prompt` writes what a
seat sees as sentences for such a reader, with the moves it may make now,
numbered and in notation; :func:`read_move` reads the move out of the
model's answer, strictly (the answer is one move in notation) or
leniently (a move named inside prose, in notation, in words or by its
number in the list); :class:`LanguageModelBot` plays a model as a bot,
asks again when an answer is refused, counts what happened and can write
a trace of the game, one JSON object a line.

The model is any function from a prompt to an answer, so nothing here
knows of a network or of any one model's interface: a program wraps its own
client in such a function, and the tests drive the bot with a scripted one.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable, Sequence
from typing import IO, Any

from .._actions import Action, Draw, parse_action
from .._cards import Card, format_cards
from .._errors import IllegalMove, NotationError, UsageError, shown
from .._events import Event
from .._legal import legal_actions, verify_apply
from .._state import GameState, Pile, Step
from .._view import PlayerView, view
from ._base import Bot, as_view, count, events, random_source
from ._program import ProgramFailed
from ._tournament import GameResult

__all__ = ["LanguageModelBot", "prompt", "read_move"]

MAX_ANSWER_LENGTH = 100_000
"""The longest answer read, in characters: a longer one is unreadable."""


# --- the prompt ----------------------------------------------------------------


def prompt(
    seen: PlayerView | GameState,
    refused: str | None = None,
    happened: Sequence[Event] = (),
) -> str:
    """What the seat of ``seen`` sees, in sentences, and the moves it may
    make now, numbered from 1 in the order of
    :func:`~phase10.legal_actions`, each in notation and in words; then how
    to answer. ``refused``, when the question is asked again, says why the
    last answer was refused. ``happened``, the events since the seat was
    last asked (each as the seat may know it, as a bot's ``observe`` is
    told them), are told one a line after the facts.

    Everything in it comes from the view, so it tells nothing the seat
    cannot see (a state is taken as the view of its seat to move). A seat
    that is not to move is told so, and offered no move.

    >>> from phase10 import new_game
    >>> text = prompt(new_game(2, seed=1))
    >>> print(text.splitlines()[0])
    You are playing Phase 10 in seat 1, called Player 2, against 1 other player.
    >>> print("\\n".join(x for x in text.splitlines() if x[:2] in ("1.", "2.")))
    1. D: draw from the draw pile
    2. T: draw from the discard pile

    .. versionadded:: 0.3
    """
    if isinstance(seen, GameState):
        seen = view(seen, seen.current)
    elif not isinstance(seen, PlayerView):
        raise UsageError(f"seen is a PlayerView or a GameState, not {shown(seen)}")
    if refused is not None and not isinstance(refused, str):
        raise UsageError(f"refused is a text or None, not {shown(refused)}")
    if seen.seat is None:
        raise UsageError("a prompt is for a seat's view, not a spectator's")
    happened = events(happened)
    lines = [*_facts(seen), ""]
    if happened:
        names = [player.name for player in seen.players]
        lines.append("What happened since you were last asked:")
        lines += [f"- {event.describe(names)}" for event in happened]
        lines.append("")
    moves = legal_actions(seen)
    if moves:
        lines.append("The moves you may make now:")
        lines += [f"{n}. {move.notation}: {move}" for n, move in enumerate(moves, 1)]
        lines += [
            "",
            "Answer with the notation of one move, as written before its colon "
            f"(for example {moves[0].notation}), and nothing else.",
        ]
    else:
        lines.append("You have no move to make now.")
    if refused is not None:
        lines += [
            "",
            f"Your last answer was refused: {refused.rstrip('.')}. Answer again.",
        ]
    return "\n".join(lines)


def _facts(seen: PlayerView) -> list[str]:
    """The view's facts as sentences, the seat's own first."""
    from .._text import cards_count, meld_text  # drawing, loaded when drawn

    assert seen.seat is not None
    me = seen.players[seen.seat]
    others = len(seen.players) - 1
    lines = [
        f"You are playing Phase 10 in seat {seen.seat}, called {me.name}, "
        f"against {others} other player{'s' if others != 1 else ''}.",
        "Cards are written as a colour letter (R red, B blue, G green, Y yellow) "
        "and a number; W is a Wild and S a Skip. Seats and groups on the table "
        "are numbered from 0.",
        _situation(seen),
        f"You: {_status(seen, seen.seat)}.",
        f"Your hand, {cards_count(len(seen.hand))}: {format_cards(sorted(seen.hand))}.",
    ]
    for seat, player in enumerate(seen.players):
        if seat != seen.seat:
            lines.append(f"{player.name} (seat {seat}): {_status(seen, seat)}.")
    if seen.table:
        lines.append("On the table:")
        for index, meld in enumerate(seen.table):
            owner = seen.players[meld.owner].name
            lines.append(
                f"- group {index}, {owner}'s {meld_text(meld)}: "
                f"{format_cards(meld.cards)}"
            )
    else:
        lines.append("Nothing has been laid on the table yet.")
    top = seen.discard_top
    discard = (
        "The discard pile is empty"
        if top is None
        else f"The discard pile has {cards_count(seen.discard_size)}, {top} on top"
    )
    lines.append(f"{discard}; the draw pile has {cards_count(seen.draw_size)}.")
    return lines


def _situation(seen: PlayerView) -> str:
    """The picture's first line (``str(view)``'s), as sentences: "This is
    hand 1, dealt by you. Your turn: draw a card." """
    from .._text import header

    hand, dealer, now = header(seen).split(" · ")
    return f"This is {hand[:1].lower()}{hand[1:]}, {dealer}. {now}."


def _status(seen: PlayerView, seat: int) -> str:
    from .._text import cards_count, player_status

    player = seen.players[seat]
    return (
        f"{cards_count(player.hand_size)} in hand, {player.score} points, "
        + player_status(seen, seat).replace(" · ", ", ")
    )


# --- reading an answer ---------------------------------------------------------

_NUMBER = re.compile(r"(?:move|option|number|no\.?)?[\s#]*(\d{1,6})[\s.):]*", re.I)
"""A whole answer that is a move's number in the list: ``3``, ``3.``, ``#3``,
``option 3``. Each run of spaces is one quantifier, so that a long answer
is read in linear time."""

_NUMBER_IN_PROSE = re.compile(
    r"\b(?:move|option|number)[\s#]*(\d{1,6})\b|#(\d{1,6})\b", re.I
)
"""A move's number named inside prose: ``move 3``, ``option #3``, ``#3``."""

_LABEL = re.compile(r"^(?:(?:my\s+|final\s+)?(?:answer|move|choice)\s*[:=-]\s*)", re.I)
"""A label before the answer: ``Answer:``, ``My move:``, ``Final answer -``."""

_WRAPPING = " \t\r\n`'\"*_.!"
"""What may wrap a whole answer: spaces, quotes, backticks, emphasis, a full stop."""


def read_move(
    answer: str, seen: PlayerView | GameState, *, strict: bool = True
) -> Action:
    """The move a model's ``answer`` names, for the seat of ``seen``.

    Strict, the answer is one move in notation and nothing else (letters in
    either case, a lay's groups and cards in any order, spaces around it).
    Lenient, this is tried in turn, and the first that reads as a move
    legal now wins:

    1. the whole answer, then its last line that is not blank, then its
       first, each without quotes, backticks, emphasis, a full stop or a
       label such as ``Answer:`` around it, read as a move in notation, or
       as a number in the list of :func:`prompt` (``3``, ``#3``,
       ``option 3``);
    2. the move named anywhere in the answer: inside backticks, by its
       notation standing as words, by its words as :func:`prompt` writes
       them, or by its number (``move 3``, ``#3``). The answer must name
       exactly one move this way, and speak of no other outside that name:
       a card another move plays (``Y11``) or a pile another move draws
       from. "I'll put G4 on group 0 rather than discard G4" is refused,
       not read as the one move it names in the prompt's words; a refusal
       is asked again, and a misread would be played.

    Raises :class:`~phase10.NotationError` when no move can be read (or
    several are named) and :class:`~phase10.IllegalMove` when the move read
    is not legal now; each message says what was wrong, for the model to
    be told.

    >>> from phase10 import new_game
    >>> state = new_game(2, seed=1)
    >>> read_move("D", state)
    Draw.from_notation('D')
    >>> read_move("I will take the discard, so: `T`.", state, strict=False)
    Draw.from_notation('T')
    >>> read_move("2", state, strict=False)
    Draw.from_notation('T')

    .. versionadded:: 0.3
    """
    if not isinstance(answer, str):
        raise UsageError(f"an answer is a text, not {shown(answer)}")
    seen = as_view(seen)
    if not isinstance(strict, bool):
        raise UsageError(f"strict is True or False, not {shown(strict)}")
    if len(answer) > MAX_ANSWER_LENGTH:
        raise NotationError(f"the answer is longer than {MAX_ANSWER_LENGTH} characters")
    if strict:
        if not answer.strip():
            raise NotationError("the answer is empty: it should be one move")
        move = parse_action(answer)
        verify_apply(seen, move)
        return move
    moves = legal_actions(seen)
    refusal: NotationError | IllegalMove | None = None
    for text in _whole_answers(answer):
        try:
            move_or_none = _read_whole(text, moves)
            if move_or_none is not None:
                verify_apply(seen, move_or_none)
                return move_or_none
        except (NotationError, IllegalMove) as error:
            refusal = refusal or error
    try:
        return _read_prose(answer, seen, moves)
    except NotationError:
        if refusal is not None:
            raise refusal from None
        raise


def _read_prose(answer: str, seen: PlayerView, moves: Sequence[Action]) -> Action:
    """The one move ``answer`` names anywhere, and no other move hinted at."""
    named, hinted = _named(answer, moves)
    if not named:
        raise NotationError(
            f"no move could be read in the answer {_clip(answer)}: name one "
            "move by its notation"
        )
    if len(named) > 1:
        listed = ", ".join(move.notation for move in named)
        raise NotationError(
            f"the answer names {len(named)} moves ({listed}): name just one"
        )
    others = [move.notation for move in hinted if move != named[0]]
    if others:
        raise NotationError(
            f"the answer names {named[0].notation} but speaks of other moves too "
            f"({', '.join(others)}): name just one, in notation"
        )
    verify_apply(seen, named[0])
    return named[0]


def _whole_answers(answer: str) -> list[str]:
    """The whole answer, its last line and its first, unwrapped."""
    lines = [line for line in answer.splitlines() if line.strip()]
    texts = [answer, lines[-1], lines[0]] if len(lines) > 1 else [answer]
    unwrapped = []
    for text in texts:
        text = text.strip(_WRAPPING)
        text = _LABEL.sub("", text).strip(_WRAPPING)
        if text:
            unwrapped.append(text)
    return unwrapped


def _read_whole(text: str, moves: Sequence[Action]) -> Action | None:
    """The move ``text`` is, as a whole, or ``None``."""
    number = _NUMBER.fullmatch(text)
    if number is not None:
        return _numbered(int(number.group(1)), moves)
    try:
        return parse_action(text)
    except NotationError:
        return None


def _numbered(number: int, moves: Sequence[Action]) -> Action:
    if not 1 <= number <= len(moves):
        raise NotationError(
            f"there is no move {number}: the moves are numbered 1 to {len(moves)}"
        )
    return moves[number - 1]


def _named(answer: str, moves: Sequence[Action]) -> tuple[list[Action], list[Action]]:
    """The distinct moves named anywhere in ``answer``, in the order named,
    and the moves hinted at outside those names: by a card they play
    (``Y11``) or by the pile they draw from."""
    mentions: list[tuple[int, int, Action]] = []
    for span in re.finditer(r"`([^`\n]{1,200})`", answer):
        try:
            move = parse_action(span.group(1).strip(_WRAPPING))
        except NotationError:
            continue
        mentions.append((span.start(), span.end(), move))
    lowered = answer.lower()
    for move in moves:
        for found in re.finditer(_standing(move.notation), answer):
            mentions.append((found.start(), found.end(), move))
        words = str(move).lower()
        start = lowered.find(words)
        while start >= 0:
            end = start + len(words)
            if end >= len(lowered) or not lowered[end].isalnum():
                mentions.append((start, end, move))
            start = lowered.find(words, start + 1)
    for found in _NUMBER_IN_PROSE.finditer(answer):
        number = int(found.group(1) or found.group(2))
        if 1 <= number <= len(moves):
            mentions.append((found.start(), found.end(), moves[number - 1]))
    named: list[Action] = []
    for _, _, move in sorted(mentions, key=lambda mention: mention[0]):
        if move not in named:
            named.append(move)
    hinted: list[Action] = []
    for move in moves:
        for pattern in _hints(move):
            for found in re.finditer(pattern, answer, re.I):
                inside = any(
                    s <= found.start() and found.end() <= e for s, e, _ in mentions
                )
                if not inside and move not in hinted:
                    hinted.append(move)
    return named, hinted


def _hints(move: Action) -> list[str]:
    """What hints at ``move`` in prose: the card it plays, the pile it draws."""
    if isinstance(move, Draw):
        if move.source is Pile.DRAW:
            return [r"\bdraw(?:s|ing)?\b", r"\bdraw pile\b"]
        return [r"\bdiscard pile\b", r"\btak(?:e|es|ing)\b"]
    card = getattr(move, "card", None)
    if isinstance(card, Card):
        return [_standing(str(card))]
    return []


def _standing(text: str) -> str:
    """A pattern of ``text`` standing as words: not inside a longer word,
    nor beside a lay's ``|``."""
    return r"(?<![\w|])" + re.escape(text) + r"(?![\w|])"


def _clip(text: str, most: int = 80) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= most else text[:most] + "...")


# --- the bot -------------------------------------------------------------------


class LanguageModelBot:
    """A bot that asks a language model for each move.

    ``model`` is any function from a prompt to an answer (both texts): it
    is given :func:`prompt` of the seat's view and its answer is read by
    :func:`read_move`, leniently unless ``strict``. An answer that cannot
    be read or is not legal now is asked again, with the reason, up to
    ``retries`` more times; then the move is ``fallback``'s, if a fallback
    bot is given, else :class:`ProgramFailed` is raised, which ends the
    game. ``stats`` counts what happened. An error the model raises is not
    caught: it is the calling program's to handle.

    ``trace``, if given, is a text stream (an open file, ``io.StringIO``)
    that gets one JSON object a line for each prompt, answer and move, and
    for the game's outcome when :meth:`game_over` is called (as
    :func:`play_game` does at the end of a game): a record a study of the
    model can be made from. It holds what the seat saw, never
    more.

    ``rng`` is taken, and not used, so that
    ``functools.partial(LanguageModelBot, model)`` is a bot factory, as
    :func:`tournament` takes; a model's choices are its own.

    >>> from phase10.bots import play_game, GreedyBot
    >>> def model(text: str) -> str:  # a model that always takes the first move
    ...     return "1"
    >>> bot = LanguageModelBot(model)
    >>> result = play_game([bot, GreedyBot()], seed=3, max_moves=20)
    >>> bot.stats["answers"] == bot.stats["moves"] > 0
    True

    .. versionadded:: 0.3
    """

    def __init__(
        self,
        model: Callable[[str], str],
        rng: random.Random | None = None,
        *,
        strict: bool = False,
        retries: int = 2,
        fallback: Bot | None = None,
        trace: IO[str] | None = None,
    ) -> None:
        if not callable(model):
            raise UsageError(
                f"model is a function from a prompt to an answer, not {shown(model)}"
            )
        if not isinstance(strict, bool):
            raise UsageError(f"strict is True or False, not {shown(strict)}")
        if fallback is not None and not callable(getattr(fallback, "choose", None)):
            raise UsageError(
                f"fallback is a bot, with a choose(view) method, not {shown(fallback)}"
            )
        if trace is not None and not callable(getattr(trace, "write", None)):
            raise UsageError(
                f"trace is a text stream, with a write(text) method, not {shown(trace)}"
            )
        random_source(rng)  # checked as every bot checks it, and not used
        self.model = model
        self.strict = strict
        self.retries = count("retries", retries, 0)
        self.fallback = fallback
        self.trace = trace
        self.stats = {
            "decisions": 0,
            "answers": 0,
            "moves": 0,
            "unreadable": 0,
            "illegal": 0,
            "fallbacks": 0,
        }
        """Decisions asked, answers given, moves the model made, answers
        that could not be read, answers read but not legal, and moves the
        fallback made."""
        self._seat: int | None = None
        self._heard: list[Event] = []
        """The events told since the last decision, for the next prompt."""

    def observe(self, happened: Sequence[Event]) -> None:
        """Keep the events ``happened`` (each as the seat may know it, as
        :func:`play_game` tells them) for the next prompt, which tells what
        happened since the model was last asked."""
        self._heard += events(happened)

    def choose(self, seen: PlayerView | GameState) -> Action:
        """Ask the model for its move at ``seen``, its seat's view (a state
        is taken as the view of its seat to move)."""
        seen = as_view(seen)
        self.stats["decisions"] += 1
        decision = self.stats["decisions"]
        self._seat = seen.seat
        happened, self._heard = tuple(self._heard), []
        refused: str | None = None
        for attempt in range(1, self.retries + 2):
            text = prompt(seen, refused, happened)
            self._write(
                type="prompt",
                decision=decision,
                attempt=attempt,
                hand=seen.hand_number,
                seat=seen.seat,
                text=text,
            )
            started = time.perf_counter()
            answer = self.model(text)
            took = round(time.perf_counter() - started, 3)
            if not isinstance(answer, str):
                raise UsageError(f"the model answered {shown(answer)}, not a text")
            self.stats["answers"] += 1
            try:
                move: Action | None = read_move(answer, seen, strict=self.strict)
            except NotationError as error:
                move, outcome, refused = None, "unreadable", str(error)
            except IllegalMove as error:
                move, outcome, refused = None, "illegal", str(error)
            else:
                outcome = "move"
            self.stats["moves" if move is not None else outcome] += 1
            self._write(
                type="answer",
                decision=decision,
                attempt=attempt,
                text=answer,
                seconds=took,
                outcome=outcome,
                **({"move": move.notation} if move else {"reason": refused}),
            )
            if move is not None:
                self._write(
                    type="move", decision=decision, move=move.notation, by="model"
                )
                return move
        why = (
            f"the model gave no move that could be played in {self.retries + 1} "
            f"answers; the last was refused: {refused}"
        )
        if self.fallback is None:
            raise ProgramFailed(why)
        move = self.fallback.choose(seen)
        self.stats["fallbacks"] += 1
        self._write(type="move", decision=decision, move=move.notation, by="fallback")
        return move

    def game_over(self, result: GameResult | GameState | PlayerView) -> None:
        """Write the game's outcome to the trace: the winner, the scores, the
        phases completed and the number of hands, all public at the end.
        :func:`play_game` calls it with the seat's view of the last
        position; a program that plays the moves itself may give the
        :class:`GameResult` or the final state."""
        if isinstance(result, GameResult):
            final: GameState | PlayerView = result.final
        elif isinstance(result, GameState | PlayerView):
            final = result
        else:
            raise UsageError(
                "result is a GameResult, the final GameState or the seat's "
                f"PlayerView, not {shown(result)}"
            )
        self._write(
            type="outcome",
            seat=final.seat if isinstance(final, PlayerView) else self._seat,
            winner=final.winner,
            scores=[player.score for player in final.players],
            completed=[player.completed for player in final.players],
            hands=final.hand_number,
            over=final.step is Step.GAME_OVER,
        )

    def _write(self, **record: Any) -> None:
        if self.trace is not None:
            self.trace.write(json.dumps(record) + "\n")
