"""Watch computer players play a whole game of Phase 10, or play against them.

    python examples/play.py                       # four bots play the official game
    python examples/play.py --players 3 --seed 7  # a game you can replay
    python examples/play.py --verbose             # every turn, not just the news
    python examples/play.py --play                # you take seat 0 against bots

Each hand starts with a heading (the dealer, everyone's phase), shows its
notable moves (a card taken from the discard pile, a phase laid down, hits,
Skips, going out) and ends with the score sheet. The game runs to its end,
tie-break included.

With ``--play`` you hold seat 0. You see what a player at the table sees:
your own hand, the groups on the table, the top discard, and the other
players' hand sizes, phases and scores. Type ``help`` for the commands.

Only the standard library and phase10 are used. The package never prints:
this front end does all the talking, and every refused move is explained in
the engine's own words.
"""

from __future__ import annotations

import argparse
import enum
import random
import secrets
import shutil
import sys
import textwrap
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

import phase10
from phase10 import (
    Action,
    Card,
    Discard,
    Draw,
    End,
    GameState,
    GroupKind,
    Hit,
    LayPhase,
    Meld,
    NextHand,
    Pile,
    PlayerView,
    Skip,
    Step,
)
from phase10.bots import GreedyBot

Seen = GameState | PlayerView
"""The whole game, or what one player may see of it."""

NAMES = ("Ann", "Bob", "Cleo", "Dev", "Eli", "Fay")
"""Default names of the seats; with ``--play`` seat 0 is "You"."""

LOOP_LIMIT = 3
"""Stop when the same position starts a turn this many times in one hand
(see :func:`position`)."""

MAX_MOVES_PER_HAND = 5_000
"""A hand longer than this (a normal one takes under 200 moves) means the
players are stuck in a loop: stop rather than spin."""

HELP = """\
Commands (cards are written R7, B12, W for a Wild, S for a Skip):
  d                      draw the top card of the draw pile
  t                      take the top card of the discard pile
  lay R5 B5 G5 | R7 B7 W lay down your phase, groups separated by |
                         (a run lowest first, each Wild where its number goes)
  hit R7 2               put R7 on group 2 of the table
  hit W 2 low            put a Wild on the low (or high) end of run 2
  x R7                   discard R7, ending your turn
  skip 2                 discard a Skip: seat 2 loses a turn (a name works too;
                         plain "skip" when nobody can be skipped)
  look                   show the table and your hand again
  help                   this list
  quit                   stop the game"""


# --- words ---------------------------------------------------------------------

_SECOND_PERSON = {
    "draws": "draw",
    "takes": "take",
    "lays": "lay",
    "hits": "hit",
    "discards": "discard",
    "plays": "play",
    "goes": "go",
    "loses": "lose",
    "completes": "complete",
    "wins": "win",
    "has": "have",
    "deals": "deal",
}


def verb(word: str, you: bool) -> str:
    """``word`` ("takes") as said of a bot, or of the person ("take")."""
    return _SECOND_PERSON[word] if you else word


NBSP = "\N{NO-BREAK SPACE}"
"""Joins the cards of one group in a told line, so a wrap never splits it."""


def cards_text(cards: Iterable[Card], joiner: str = " ") -> str:
    return joiner.join(str(card) for card in cards)


def names_text(names: Sequence[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cleo"."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def meld_text(meld: Meld) -> str:
    """What a group on the table is, e.g. "set of 5s" or "red run 3-7"."""
    color = meld.color.name.lower() if meld.color is not None else ""
    if meld.kind is GroupKind.SET:
        return f"set of {meld.number}s" if meld.number is not None else "set"
    if meld.kind is GroupKind.COLOR:
        return f"{color} cards" if color else "colour group"
    span = "floating run" if meld.floating else f"run {meld.low}-{meld.high}"
    return f"{color} {span}" if meld.kind is GroupKind.COLOR_RUN and color else span


def phase_text(state: Seen, seat: int) -> str:
    """ "phase 2 (1 set of 3 + 1 run of 4)" for the phase ``seat`` plays."""
    return f"phase {state.phase_number(seat)} ({state.phase_of(seat)})"


def seats_after(state: Seen, seat: int) -> list[int]:
    """The seats playing this hand, clockwise, starting after ``seat``."""
    n = len(state.players)
    playing = set(state.contenders)
    return [s % n for s in range(seat + 1, seat + 1 + n) if s % n in playing]


def lost_turns(before: GameState, after: GameState) -> list[int]:
    """The seats passed over between ``before``'s player and ``after``'s (Skips)."""
    passed: list[int] = []
    for seat in seats_after(before, before.current):
        if seat == after.current:
            break
        passed.append(seat)
    return passed


# --- telling the story ---------------------------------------------------------


@dataclass
class Event:
    """Something one player did during their turn."""

    text: str
    notable: bool
    """Worth a line of its own: a turn with a notable event is told."""
    hits: list[str] = field(default_factory=list)
    quiet: bool = False
    """Told only when every turn is (a draw from the draw pile)."""

    def render(self) -> str:
        if not self.hits:
            return self.text
        return self.text + names_text(self.hits)


def owner_text(state: GameState, seat: int, human: int | None) -> str:
    """ "Bob's", or "your" for the person at the keyboard."""
    return "your" if seat == human else f"{state.players[seat].name}'s"


def describe_move(
    before: GameState, action: Action, after: GameState, *, human: int | None
) -> Event:
    """One move as words. Only the person at the keyboard (seat ``human``)
    hears which card they drew from the draw pile; everyone sees the discard
    pile."""
    seat = before.current
    you = seat == human
    if isinstance(action, Draw):
        if action.source is Pile.DISCARD:
            return Event(
                f"{verb('takes', you)} {before.discard_pile[0]} from the discard pile",
                notable=True,
            )
        if you:
            return Event(f"draw {after.players[seat].hand[-1]}", notable=False)
        return Event("draws", notable=False, quiet=True)
    if isinstance(action, LayPhase):
        laid = after.table[len(before.table) :]
        groups = " | ".join(cards_text(meld.cards, NBSP) for meld in laid)
        return Event(
            f"{verb('lays', you)} down {phase_text(before, seat)}: {groups}",
            notable=True,
        )
    if isinstance(action, Hit):
        if you:
            where = f"group {action.meld}"
        else:
            meld = before.table[action.meld]
            where = f"{owner_text(before, meld.owner, human)} {meld_text(meld)}"
        return Event(
            f"{verb('hits', you)} ", notable=True, hits=[f"{action.card} on {where}"]
        )
    if isinstance(action, Discard):
        return Event(f"{verb('discards', you)} {action.card}", notable=False)
    if isinstance(action, Skip):
        if action.target is None:
            return Event(
                f"{verb('discards', you)} a Skip (nobody can be skipped now)",
                notable=True,
            )
        target = "you" if action.target == human else before.players[action.target].name
        return Event(f"{verb('plays', you)} a Skip on {target}", notable=True)
    return Event(str(action), notable=False)


class Narrator:
    """Writes the game as it happens: headings, notable moves, score sheets.

    ``human`` is the person's seat (or ``None``): their moves are told at
    once, in the second person. ``every_turn`` also tells the ordinary
    turns (a draw from the draw pile and a discard).
    """

    def __init__(
        self, out: TextIO, *, human: int | None, every_turn: bool, width: int
    ) -> None:
        self.out = out
        self.human = human
        self.every_turn = every_turn
        self.width = width
        self.turn: list[Event] = []
        self.phase_at_start: dict[int, int] = {}
        self.was_tiebreak = False

    # Output.

    def say(self, text: str = "", indent: int = 0) -> None:
        if not text:
            print(file=self.out)
            return
        pad = " " * indent
        wrapped = textwrap.fill(
            text,
            self.width,
            initial_indent=pad,
            subsequent_indent=pad + "    ",
            break_on_hyphens=False,
        )
        print(wrapped.replace(NBSP, " "), file=self.out)

    def name(self, state: GameState, seat: int) -> str:
        return "You" if seat == self.human else state.players[seat].name

    # The game.

    def game_started(self, state: GameState, rules_name: str) -> None:
        names = [p.name for p in state.players]
        self.say(
            f"Phase 10 · {rules_name} rules · {len(names)} players: {names_text(names)}"
        )
        if not self.every_turn:
            # Without this, a reader counting seats takes the untold turns for
            # a missing turn, which looks like a rules bug.
            self.say(
                "Only the news is told; --verbose tells every turn, plain draws "
                "and discards too."
            )
        self.hand_started(state)

    def hand_started(self, state: GameState) -> None:
        self.turn = []
        self.phase_at_start = {s: state.phase_number(s) for s in state.contenders}
        self.was_tiebreak = state.tiebreak
        you = state.dealer == self.human
        dealer = f"{self.name(state, state.dealer)} {verb('deals', you)}"
        self.say()
        if state.tiebreak:
            playing = [state.players[s].name for s in state.contenders]
            self.say(
                f"Tie-break hand (hand {state.hand_number}) · {dealer} · "
                f"{names_text(playing)} play {phase_text(state, state.contenders[0])}"
            )
        else:
            numbers = set(self.phase_at_start.values())
            if len(numbers) == 1:
                phases = f"everyone on {phase_text(state, state.current)}"
            else:
                phases = "phases: " + ", ".join(
                    f"{p.name} {self.phase_at_start[s]}"
                    for s, p in enumerate(state.players)
                )
            self.say(f"Hand {state.hand_number} · {dealer} · {phases}")
        if state.discard_pile[0].is_skip:
            first = seats_after(state, state.dealer)[0]
            self.say(
                f"The first discard is a Skip: {self.name(state, first)} "
                f"{verb('loses', first == self.human)} the first turn.",
                indent=2,
            )

    def moved(self, before: GameState, action: Action, after: GameState) -> None:
        """Tell one move, and what followed from it."""
        if isinstance(action, NextHand):
            self.hand_started(after)
            return
        seat = before.current
        you = seat == self.human
        event = describe_move(before, action, after, human=self.human)
        over = after.step in (Step.HAND_OVER, Step.GAME_OVER)
        if over and after.went_out == seat:
            event.notable = True
            if event.hits:
                event.hits.append(f"{verb('goes', you)} out")
            else:
                event.text += f" and {verb('goes', you)} out"
        if you:
            self.say(f"You {event.render()}.", indent=2)
        elif event.hits and self.turn and self.turn[-1].hits:
            self.turn[-1].hits.extend(event.hits)  # one line for a run of hits
        else:
            self.turn.append(event)
        if isinstance(action, (Discard, Skip)) or over:
            self.turn_ended(before, after)

    def turn_ended(self, before: GameState, after: GameState) -> None:
        told = self.every_turn or any(e.notable for e in self.turn)
        events = [e for e in self.turn if told and (self.every_turn or not e.quiet)]
        if events:
            who = self.name(before, before.current)
            self.say(f"{who} " + ", ".join(e.render() for e in events), indent=2)
        self.turn = []
        over = after.step in (Step.HAND_OVER, Step.GAME_OVER)
        if not over and self.every_turn:
            for seat in lost_turns(before, after):
                you = seat == self.human
                self.say(
                    f"{self.name(after, seat)} {verb('loses', you)} a turn to a Skip.",
                    indent=2,
                )
        if after.shuffles > before.shuffles:
            self.say(
                "The draw pile is used up: the other discards are shuffled "
                "into a new one.",
                indent=2,
            )
        if over:
            self.hand_ended(after)

    def hand_ended(self, state: GameState) -> None:
        if state.went_out is None:
            self.say(
                "The draw pile has run out: the hand ends and nobody goes out.",
                indent=2,
            )
        self.say(f"Score sheet after hand {state.hand_number}:", indent=2)
        for line in score_sheet(state, self.phase_at_start, self.was_tiebreak):
            self.say(line, indent=4)
        if state.step is Step.GAME_OVER:
            self.game_ended(state)
        elif state.tiebreak:
            tied = [state.players[s].name for s in state.contenders]
            if self.was_tiebreak:
                self.say(
                    f"Nobody went out: {names_text(tied)} play another tie-break hand."
                )
            else:
                self.say(tie_text(state))

    def game_ended(self, state: GameState) -> None:
        assert state.winner is not None
        self.say()
        self.say(winner_text(state, was_tiebreak=self.was_tiebreak, human=self.human))


def score_sheet(
    state: GameState, phase_at_start: dict[int, int], tiebreak: bool
) -> list[str]:
    """One line per player of the hand just ended: phase, points, total."""
    n_phases = len(state.rules.phases)
    points = state.hand_points or (0,) * len(state.players)
    rows: list[tuple[str, str, int, int]] = []
    for seat, number in phase_at_start.items():
        player = state.players[seat]
        done = "made" if player.laid_down else "missed"
        if tiebreak:
            out = ", went out" if seat == state.went_out else ""
            status = f"tie-break, {done} phase {number}{out}"
        elif player.completed >= n_phases:
            status = f"{done} phase {number}, all phases done"
        elif player.completed + 1 > number:
            status = f"{done} phase {number}, on to {player.completed + 1}"
        else:
            status = f"{done} phase {number}, stays on {number}"
        rows.append((player.name, status, points[seat], player.score))
    name_width = max(len(row[0]) for row in rows)
    status_width = max(len(row[1]) for row in rows)
    return [
        f"{name:<{name_width}}  {status:<{status_width}}  {gained:>+4}"
        f"   total {total:>4}"
        for name, status, gained, total in rows
    ]


def tie_text(state: GameState) -> str:
    """Why a tie-break hand is dealt next (R38, R39)."""
    tied = [state.players[s].name for s in state.contenders]
    score = state.players[state.contenders[0]].score
    last = len(state.rules.phases)
    both = "both" if len(tied) == 2 else "all"
    if state.rules.everyone_advances:
        why = f"{names_text(tied)} share the lowest total, {score} points"
    else:
        why = f"{names_text(tied)} {both} completed phase {last} with {score} points"
    return (
        f"{why}: they play a tie-break hand on phase {last}, and the first to "
        "go out wins."
    )


def winner_text(state: GameState, *, was_tiebreak: bool, human: int | None) -> str:
    """Who won the game, and how (R37-R39)."""
    assert state.winner is not None
    winner = state.players[state.winner]
    you = state.winner == human
    who = "You" if you else winner.name
    wins = f"{verb('wins', you)} the game"
    last = len(state.rules.phases)
    if was_tiebreak:
        return f"{who} {verb('goes', you)} out first in the tie-break and {wins}!"
    if state.rules.everyone_advances:
        return (
            f"After {state.hand_number} hands {who} {verb('has', you)} the lowest "
            f"total, {winner.score} points, and {wins}!"
        )
    finalists = [s for s, p in enumerate(state.players) if p.completed >= last]
    if len(finalists) == 1:
        return (
            f"{who} {verb('completes', you)} phase {last}, the last, and {wins} "
            f"with {winner.score} points!"
        )
    others = ", ".join(
        f"{state.players[s].name} {state.players[s].score}"
        for s in finalists
        if s != state.winner
    )
    names = names_text([state.players[s].name for s in finalists])
    return (
        f"{names} {'both' if len(finalists) == 2 else 'all'} completed phase "
        f"{last} in this hand: {who} "
        f"{verb('has', you)} the lowest total ({winner.score} points; {others}) "
        f"and {wins}!"
    )


# --- the person at the keyboard --------------------------------------------------


class CommandError(ValueError):
    """A line typed at the prompt that is not a command."""


class Meta(enum.Enum):
    """Commands that are not moves."""

    HELP = "help"
    LOOK = "look"
    QUIT = "quit"


_META_WORDS = {
    "help": Meta.HELP,
    "h": Meta.HELP,
    "?": Meta.HELP,
    "look": Meta.LOOK,
    "l": Meta.LOOK,
    "quit": Meta.QUIT,
    "q": Meta.QUIT,
    "exit": Meta.QUIT,
}


def parse_command(text: str, state: GameState) -> Action | Meta:
    """Read one typed line as a move (or help, look, quit).

    Raises :class:`CommandError` for an unknown command and
    :class:`phase10.NotationError` for card text that is not a card.
    Whether the move is allowed is left to the engine.
    """
    word, _, rest = text.strip().partition(" ")
    word = word.lower()
    rest = rest.strip()
    args = rest.split()
    if word in _META_WORDS:
        return _META_WORDS[word]
    if word in ("d", "draw"):
        return Draw(Pile.DRAW)
    if word in ("t", "take"):
        return Draw(Pile.DISCARD)
    if word == "lay":
        if not rest:
            raise CommandError(
                "lay needs your groups, separated by |, e.g. lay R5 B5 G5 | R7 B7 W"
            )
        return LayPhase(tuple(phase10.parse_cards(group) for group in rest.split("|")))
    if word == "hit":
        if len(args) not in (2, 3) or not args[1].isdigit():
            raise CommandError(
                "hit takes a card and a group number, e.g. hit R7 2 or hit W 2 low"
            )
        end: End | None = None
        if len(args) == 3:
            try:
                end = End(args[2].lower())
            except ValueError:
                raise CommandError(
                    f"the end of a run is low or high, not {args[2]!r}"
                ) from None
        return Hit(Card.parse(args[0]), int(args[1]), end)
    if word in ("x", "discard"):
        if len(args) != 1:
            raise CommandError("discard one card, e.g. x R7")
        return Discard(Card.parse(args[0]))
    if word in ("skip", "s"):
        if not args:
            return Skip(None)
        return Skip(parse_seat(" ".join(args), state))
    raise CommandError(f"{word!r} is not a command: type help for the list")


def parse_seat(text: str, state: GameState) -> int:
    """A seat number, or a player's name."""
    if text.isdigit():
        return int(text)
    for seat, player in enumerate(state.players):
        if player.name.lower() == text.lower():
            return seat
    raise CommandError(f"there is no player called {text!r}: give a seat number")


def table_lines(seen: PlayerView) -> list[str]:
    """The groups on the table, numbered as ``hit`` takes them."""
    if not seen.table:
        return ["Table: nothing laid down yet"]
    lines = ["Table:"]
    owners = [seen.players[meld.owner].name for meld in seen.table]
    owner_width = max(len(owner) for owner in owners)
    kind_width = max(len(meld_text(meld)) for meld in seen.table)
    for index, (owner, meld) in enumerate(zip(owners, seen.table, strict=True)):
        lines.append(
            f"  {index:>2}  {owner:<{owner_width}}  {meld_text(meld):<{kind_width}}"
            f"  {meld}"
        )
    return lines


def player_view(seen: PlayerView) -> list[str]:
    """The screen of the player whose view ``seen`` is, on their turn.

    It is built from :func:`phase10.view` alone, which holds the player's
    own hand and the public facts (the table, the top discard, the others'
    hand sizes, phases and scores, and the cards they are known to hold
    because they took them from the discard pile) and never another hand,
    the draw pile's order or the seed.
    """
    seat = seen.seat
    assert seat is not None
    me = seen.players[seat]
    down = ", laid down" if me.laid_down else ""
    lines = [
        f"Your turn · hand {seen.hand_number} · {phase_text(seen, seat)}{down}"
        f" · {me.score} points",
        *table_lines(seen),
        "Others:",
    ]
    name_width = max(len(player.name) for player in seen.players)
    for other in seats_after(seen, seat):
        if other == seat:
            continue
        player = seen.players[other]
        laid = "laid down" if player.laid_down else "not down"
        lines.append(
            f"  {other:>2}  {player.name:<{name_width}}  {player.hand_size:>2} "
            f"{'card ' if player.hand_size == 1 else 'cards'}"
            f"  phase {seen.phase_number(other):>2}, {laid:<9}"
            f"  {player.score:>4} points"
            + (f"  holds {cards_text(sorted(player.known))}" if player.known else "")
        )
    top = seen.discard_top
    lines.append(
        f"Discard pile: {top if top is not None else 'empty'}"
        f" · draw pile: {seen.draw_size} cards"
    )
    hand = sorted(seen.hand)
    lines.append(f"Your hand ({len(hand)}): {cards_text(hand)}")
    if seen.step is Step.DRAW:
        take = f", t to take {top}" if top is not None and not top.is_skip else ""
        lines.append(f"d to draw{take}; help for the commands")
    elif any(card.is_skip for card in seen.hand):
        targets = [t for t in seen.contenders if phase10.can_skip(seen, t)]
        who = ", ".join(f"{t} {seen.players[t].name}" for t in targets)
        lines.append(f"Skip targets: {who or 'nobody now'}")
    return lines


ReadLine = Callable[[str], str | None]


def read_line_from(stream: TextIO, out: TextIO) -> ReadLine:
    """A prompt reader; ``None`` at the end of input. Typed lines come back
    echoed when the input is not a terminal, so a piped session reads well."""
    interactive = stream.isatty() and out.isatty()

    def read(prompt: str) -> str | None:
        if interactive:
            try:
                return input(prompt)
            except EOFError:
                print(file=out)
                return None
        print(prompt, end="", file=out)
        line = stream.readline()
        if not line:
            print(file=out)
            return None
        print(line.rstrip("\n"), file=out)
        return line

    return read


class Stop(enum.Enum):
    """Why a game stopped before its end."""

    QUIT = "quit"
    EOF = "end of input"
    MAX_HANDS = "max hands"
    RUNAWAY = "runaway hand"
    LOOP = "the same position again and again"


def person_moves(
    state: GameState, seat: int, read: ReadLine, narrator: Narrator
) -> tuple[GameState, int] | Stop:
    """Let the person play until their turn is over: the state after it and
    the number of moves made, or why the game stops."""
    say = narrator.say
    moves = 0
    for line in player_view(phase10.view(state, seat)):
        say(line, indent=2)
    while state.current == seat and state.step in (Step.DRAW, Step.PLAY):
        text = read("> ")
        if text is None:
            return Stop.EOF
        if not text.strip():
            continue
        try:
            command = parse_command(text, state)
        except (CommandError, phase10.NotationError) as error:
            say(str(error), indent=2)
            continue
        if isinstance(command, Meta):
            if command is Meta.QUIT:
                return Stop.QUIT
            if command is Meta.HELP:
                print(HELP, file=narrator.out)
            else:
                for line in player_view(phase10.view(state, seat)):
                    say(line, indent=2)
            continue
        try:
            after = phase10.apply(state, command, player=seat)
        except (phase10.IllegalMove, phase10.NotationError) as error:
            say(f"Not allowed: {error}", indent=2)
            continue
        narrator.moved(state, command, after)
        state = after
        moves += 1
        if state.current == seat and state.step is Step.DRAW:
            # Your own Skip with two at the table: the other player lost
            # their turn, so a new turn of yours starts at once.
            say("Your turn again.", indent=2)
            for line in player_view(phase10.view(state, seat)):
                say(line, indent=2)
        elif state.current == seat and state.step is Step.PLAY:
            if isinstance(command, (LayPhase, Hit)):
                for line in table_lines(phase10.view(state, seat)):
                    say(line, indent=2)
            say(f"Your hand: {cards_text(sorted(state.player.hand))}", indent=2)
    return state, moves


# --- the game --------------------------------------------------------------------


@dataclass
class Result:
    state: GameState
    moves: int
    stop: Stop | None


def position(state: GameState) -> tuple[object, ...]:
    """What a turn starts from, less the turn count. The same position can
    only come round again when nobody has drawn from the draw pile since:
    the players are passing the same discard back and forth."""
    return (
        state.current,
        tuple(player.hand for player in state.players),
        state.discard_pile,
        len(state.draw_pile),
        state.table,
    )


def play_game(
    state: GameState,
    *,
    bots: dict[int, GreedyBot],
    human: int | None,
    narrator: Narrator,
    read: ReadLine,
    max_hands: int,
) -> Result:
    """Play ``state`` to the end of the game (or until told to stop)."""
    moves = 0
    hand_moves = 0
    seen: dict[tuple[object, ...], int] = {}
    while not state.is_over:
        if state.step is Step.HAND_OVER:
            if state.hand_number >= max_hands:
                return Result(state, moves, Stop.MAX_HANDS)
            action: Action = NextHand()
            hand_moves = 0
            seen.clear()
        else:
            if state.step is Step.DRAW:
                key = position(state)
                seen[key] = seen.get(key, 0) + 1
                if seen[key] >= LOOP_LIMIT:
                    return Result(state, moves, Stop.LOOP)
            if state.current == human:
                turn = person_moves(state, human, read, narrator)
                if isinstance(turn, Stop):
                    return Result(state, moves, turn)
                state, made = turn
                moves += made
                hand_moves += made
                continue
            action = bots[state.current].choose(state)
        after = phase10.apply(state, action)
        narrator.moved(state, action, after)
        state = after
        moves += 1
        hand_moves += 1
        if hand_moves > MAX_MOVES_PER_HAND:
            return Result(state, moves, Stop.RUNAWAY)
    return Result(state, moves, None)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Watch bots play a whole game of Phase 10, or play against them.",
    )
    parser.add_argument(
        "--players", type=int, help="number of players, 2 to 6 (default 4)"
    )
    parser.add_argument("--names", help="the players' names, comma-separated")
    parser.add_argument(
        "--seed", type=int, help="the game's seed (default: a random one, printed)"
    )
    parser.add_argument(
        "--rules",
        default="official",
        choices=sorted(phase10.PRESETS),
        help="the rule set (default: official)",
    )
    parser.add_argument(
        "--verbose", action="store_true", help="tell every turn, not just the news"
    )
    parser.add_argument(
        "--play", action="store_true", help="play seat 0 yourself against the bots"
    )
    parser.add_argument(
        "--max-hands",
        type=int,
        default=200,
        metavar="N",
        help="stop after N hands at the latest (default 200)",
    )
    args = parser.parse_args(argv)
    if args.names is not None:
        args.names = [name.strip() for name in args.names.split(",")]
        if args.players is not None and args.players != len(args.names):
            parser.error(f"--players {args.players} but {len(args.names)} names")
        if args.play and any(name.lower() == "you" for name in args.names[1:]):
            # The person at seat 0 is told as "You": a bot of that name
            # would read as the person.
            parser.error("with --play, only the first name (yours) may be 'You'")
    else:
        count = 4 if args.players is None else args.players
        args.names = [
            NAMES[i] if i < len(NAMES) else f"Player {i + 1}" for i in range(count)
        ]
        if args.play and args.names:
            args.names[0] = "You"
    if args.max_hands < 1:
        parser.error("--max-hands must be at least 1")
    if args.seed is None:
        args.seed = 1 + secrets.randbelow(99_999)
    try:
        args.game = phase10.new_game(
            args.names, phase10.PRESETS[args.rules], seed=args.seed
        )
    except phase10.RulesError as error:
        parser.error(str(error))
    return args


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    args = parse_args(argv)
    seed: int = args.seed
    state: GameState = args.game
    human = 0 if args.play else None
    bots = {
        seat: GreedyBot(random.Random(f"{seed}/{seat}"))
        for seat in range(len(state.players))
        if seat != human
    }
    width = min(shutil.get_terminal_size((88, 24)).columns, 100) - 1
    narrator = Narrator(
        out, human=human, every_turn=args.verbose or args.play, width=width
    )
    replay = f"seed {seed} — replay with --seed {seed}"
    if human is None:
        # Every player is a bot, so the seed (which fixes the deal) is no secret.
        narrator.say(replay)
    narrator.game_started(state, args.rules)
    start = time.perf_counter()
    result = play_game(
        state,
        bots=bots,
        human=human,
        narrator=narrator,
        read=read_line_from(sys.stdin, out),
        max_hands=args.max_hands,
    )
    seconds = time.perf_counter() - start
    final = result.state
    status = 0
    if result.stop is Stop.QUIT:
        narrator.say("Game stopped.")
    elif result.stop is Stop.EOF:
        narrator.say("End of input: game stopped.")
    elif result.stop is Stop.MAX_HANDS:
        narrator.say(
            f"Stopped after {final.hand_number} hands (--max-hands "
            f"{args.max_hands}) with no winner yet."
        )
    elif result.stop is Stop.RUNAWAY:
        narrator.say(
            f"Stopped: hand {final.hand_number} went on for more than "
            f"{MAX_MOVES_PER_HAND:,} moves without ending (the players seem stuck)."
        )
        status = 1
    elif result.stop is Stop.LOOP:
        narrator.say(
            f"Stopped: in hand {final.hand_number} the same position has come up "
            f"{LOOP_LIMIT} times. The players keep taking back the same discard "
            "and nobody draws from the draw pile, so the hand would never end."
        )
        status = 1
    if human is None:
        narrator.say(
            f"{final.hand_number} hands, {result.moves:,} moves in {seconds:.2f} s."
        )
    else:
        narrator.say(replay + " --play")
    return status


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("\nGame stopped.")
        sys.exit(130)
    except BrokenPipeError:
        # The reader went away (python examples/play.py | head): stop quietly.
        sys.stderr.close()
        sys.exit(1)
