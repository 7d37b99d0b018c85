"""Watch computer players play a whole game of Phase 10, or play against them.

    python examples/play.py                       # four bots play the official game
    python examples/play.py --players 3 --seed 7  # a game you can replay
    python examples/play.py --play                # you take seat 0 against bots
    python examples/play.py --play --rules masters  # the Masters Edition
    python examples/play.py --play --level strong   # against the strongest bots

Each turn is told in one line from the library's events, at a pace to
follow on a terminal (``--pace``). With ``--play`` you see the table as
``str(view)`` draws it and type moves in the move notation (``help`` lists
them). Seats and table groups count from 0, as in the notation. Under the
Masters Edition's rules (``--rules masters``) you choose your phase at the
start of each hand (``masters-declare``: declare it in your turn, before
laying it), and may save a card for a later hand instead of discarding.
The computer players are of one level of ``phase10.bots.LEVELS``
(``--level``, ``casual`` unless given).
"""

import argparse
import random
import re
import secrets
import shutil
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import phase10
import phase10.analysis
from phase10 import Action, Event, GameState, PlayerView, Step
from phase10.bots import LEVELS, Bot

NAMES = ("Ann", "Bob", "Cleo", "Dev", "Eli", "Fay")  # with --play, seat 0 is "You"
MAX_MOVES_PER_HAND = 5_000  # a normal hand takes under 200: more means stuck bots

HELP = """\
Moves in the move notation (R7, B12, W for a Wild, S for a Skip; seats and
table groups count from 0, as the table shows them; verbs may be written out):
  D or T                draw from the draw pile, or take the top discard
  L R5 B5 G5 | Y7 R7 W  lay down your phase (a run lowest first, Wilds in place)
  H R7 2 or H W 2 low   hit R7 on table group 2, a Wild on the low end of run 2
  X R7                  discard R7, ending your turn
  S 1, skip Bob or S -  play a Skip on seat 1 (Bob), or on nobody
The Masters Edition (--rules masters or masters-declare) adds:
  P 3 or choose 3       choose phase 3 for this hand (or declare it, to lay it)
  K W or save W         end your turn by saving W for a later hand
  U W or use W          draw W from your save pile
Also: look (the table again), help, quit
Words of the table and the advice:
  holds G9              cards a player took from the discard pile: everyone
                        knows they are in that hand
  draw blind            draw the face-down top card of the draw pile (D)
  outs                  the unseen cards, counted one by one, that would
                        complete your phase with one more card"""

GLOSSARY = {
    "holds": "holds: cards a player took from the discard pile, which everyone "
    "knows are in that hand",
    "draw blind": "draw blind: draw the face-down top card of the draw pile (D)",
    "outs": "outs: the unseen cards that would complete your phase with one more card",
}
"""The game's own words, explained the first time each is shown."""


def explain(text: str, explained: set[str]) -> list[str]:
    """The glossary's lines for words of ``text`` not yet in ``explained``,
    which then holds them."""
    new = [
        word
        for word in GLOSSARY
        if word not in explained and re.search(rf"\b{word}\b", text)
    ]
    explained.update(new)
    return [GLOSSARY[word] for word in new]


_YOU = {"draws": "draw", "lays": "lay", "hits": "hit", "discards": "discard"}
_YOU |= {"skips": "skip", "goes": "go", "loses": "lose", "wins": "win", "deals": "deal"}
_YOU |= {"chooses": "choose", "declares": "declare", "saves": "save"}
_TURN_ENDS = (phase10.CardDiscarded, phase10.SkipPlayed, phase10.CardSaved)
ReadLine = Callable[[str], str | None]


def sentence(text: str) -> str:
    """An event's words as a sentence, said to "you" where it is you."""
    if text.startswith("you "):
        verb, _, rest = text[4:].partition(" ")
        text = f"you {_YOU.get(verb, verb)} {rest}"
    return text[:1].upper() + text[1:] + "."


class Teller:
    """Tells the game as seat ``human`` (or a spectator, ``None``) is told it."""

    def __init__(self, names: Sequence[str], human: int | None, out: TextIO) -> None:
        self.names = [
            "you" if seat == human and name == "You" else name
            for seat, name in enumerate(names)
        ]
        self.human, self.out, self.pace = human, out, 0.0
        self.width = min(shutil.get_terminal_size((100, 24)).columns, 100) - 1
        self.player: int | None = None
        self.turn: list[str] = []
        self.explained: set[str] = set()
        """The glossary's words told the person so far."""

    def say(self, text: str = "", indent: int = 0) -> None:
        pad = " " * indent
        wrap = textwrap.TextWrapper(self.width, pad, subsequent_indent=pad * 3)
        print("\n".join(wrap.wrap(text)), file=self.out, flush=True)

    def tell(self, after: GameState, events: Sequence[Event]) -> None:
        """Tell one move's events."""
        for referee_event in events:
            event = referee_event.seen_by(self.human)
            text = event.describe(self.names)
            if isinstance(event, phase10.PhaseChosen):
                text = chosen(event, after.rules, self.names)
            if isinstance(event, phase10.HandDealt):
                self.say()
                self.say(sentence(text))
            elif isinstance(event, phase10.DrawPileShuffled):
                self.say(sentence(text), 2)
            elif isinstance(event, phase10.HandEnded):
                if event.went_out is not None:
                    self.add(event.went_out, text)
                self.flush()
                lines = str(phase10.view(after, self.human)).splitlines()
                for line in lines[: 2 + len(after.players)]:  # the score sheet
                    self.say(line, 2)
                time.sleep(self.pace * 5)
            elif isinstance(event, (phase10.TurnLost, phase10.GameEnded)):
                self.flush()
                self.say(sentence(text), 2)
            else:
                self.add(event.player, text)
        # A phase chosen at the start of a hand (R44) is a turn of its own.
        choosing = after.rules.phase_choice is phase10.PhaseChoice.CHOSEN
        ends = (*_TURN_ENDS, phase10.PhaseChosen) if choosing else _TURN_ENDS
        if self.player == self.human or any(isinstance(e, ends) for e in events):
            self.flush()

    def add(self, player: int, text: str) -> None:
        """Add an event's words, less the subject, to ``player``'s turn."""
        if player != self.player:
            self.flush()
        self.player = player
        subject = sentence(self.names[player])[:-1]
        self.turn.append(sentence(text)[len(subject) + 1 : -1])

    def flush(self) -> None:
        if self.player is not None and self.turn:
            *most, last = self.turn
            body = f"{', '.join(most)} and {last}" if most else last
            self.say(f"{sentence(self.names[self.player])[:-1]} {body}.", 2)
            time.sleep(0 if self.player == self.human else self.pace)
        self.player, self.turn = None, []


def chosen(
    event: phase10.PhaseChosen, rules: phase10.Rules, names: Sequence[str]
) -> str:
    """A phase chosen (or declared, R45) told with what the phase asks for."""
    declared = rules.phase_choice is phase10.PhaseChoice.DECLARED
    verb = "declares" if declared else "chooses"
    text = event.describe(names).replace(" chooses ", f" {verb} ", 1)
    return f"{text} ({rules.phases[event.phase - 1]})"


def wilds_laid(move: Action) -> int:
    """How many Wilds a lay spends (0 for any other move)."""
    groups = move.groups if isinstance(move, phase10.LayPhase) else ()
    return sum(card.is_wild for group in groups for card in group)


def hint(seen: PlayerView) -> str:
    """What the seat may do now, with an example of each kind of move: the
    advised move for its kind, so that the two agree, and for the others
    the first listed (the lay with the fewest Wilds)."""
    moves = phase10.legal_actions(seen)
    shown = phase10.analysis.hint(seen)
    advised = shown["advice"][0]["notation"] if shown["advice"] else None
    first: dict[str, Action] = {
        move.name: move for move in moves if move.notation == advised
    }
    for move in sorted(moves, key=wilds_laid):  # the lay with the fewest Wilds
        first.setdefault(move.name, move)
    phases = [
        f"{move.notation} ({seen.rules.phases[move.phase - 1]})"
        for move in moves
        if isinstance(move, phase10.ChoosePhase)
    ]
    parts = []
    if phases and seen.step is Step.CHOOSE:
        parts.append("choose your phase for this hand: " + ", ".join(phases))
    elif phases:
        parts.append("declare the phase you will lay this turn: " + ", ".join(phases))
    parts += [
        "D to draw" if move.notation == "D" else f"T to take {seen.discard_top}"
        for move in moves
        if move.name == "draw"
    ]
    saved = [move.notation for move in moves if isinstance(move, phase10.DrawSaved)]
    if saved:
        parts.append("draw a saved card: " + ", ".join(saved))
    kinds = {"lay_phase": "lay down your phase", "hit": "hit", "discard": "discard"}
    kinds["save"] = "or save a card for a later hand instead"
    parts += [f"{kinds[k]}, such as {first[k].notation}" for k in kinds if k in first]
    targets = [m.target for m in moves if isinstance(m, phase10.Skip)]
    if targets:
        named = [f"S {t} ({seen.players[t].name})" for t in targets if t is not None]
        parts.append("skip: " + (", ".join(named) or "S - (nobody can be skipped now)"))
    return (
        "You may: "
        + "; ".join(parts)
        + ". Type help for the commands.\n"
        + odds_text(shown)
    )


def odds_text(shown: dict[str, Any]) -> str:
    """The advised move and why; before the phase is down, its outs and the
    exact odds of making it: ``shown`` is ``phase10.analysis.hint`` of the
    view, which reads the view alone."""
    best = shown["advice"][0] if shown["advice"] else None
    text = f"Advice: {best['notation']}: {best['reason']}." if best else ""
    if shown["phase"] is None:
        return text
    if shown["made"]:
        return f"{text} Your hand makes phase {shown['phase']}."
    found = shown["outs"]
    listed = ", ".join(f"{card} ×{n}" if n > 1 else card for card, n in found.items())
    outs = f"{sum(found.values())} outs ({listed})" if found else "no outs"
    words = {"1": "to make it with one draw", "2": "within two", "3": "within three"}
    odds = ", ".join(f"{p:.0%} {words[k]}" for k, p in shown["odds"].items())
    return f"{text} Phase {shown['phase']}: {outs}; {odds}."


def read_move(text: str, state: GameState, seat: int) -> Action | str:
    """A typed line as a move for ``seat``, or a command word (look, help, quit).

    Raises :class:`phase10.NotationError` saying what is wrong with it, or,
    for a phase's number, the engine's reason (``P 0``: the phases there are)."""
    words = text.split()
    if not words:
        return ""
    command = {"?": "help", "q": "quit", "exit": "quit"}
    word = command.get(words[0].lower(), words[0].lower())
    if word in ("look", "help", "quit"):
        if len(words) > 1:
            extra = " ".join(words[1:])
            raise phase10.NotationError(f"{word} takes nothing after it, not {extra!r}")
        return word
    names = [player.name.lower() for player in state.players]
    arg = words[1].lower() if len(words) == 2 else ""  # names are never empty
    if word in ("s", "skip") and arg in names:
        text = f"S {names.index(arg)}"  # a name for the seat: "skip Bob"
    if word in ("p", "phase", "choose") and re.fullmatch(r"[0-9]{1,18}", arg):
        phase10.verify_choose_phase(state, int(arg), player=seat)
    return phase10.parse_action(text)


def person_turn(
    state: GameState, seat: int, read: ReadLine, teller: Teller
) -> GameState | str:
    """Let the person play their turn: the state after it, or why the game
    stops ("quit" or "end of input")."""
    show, hand = True, False
    while state.current == seat and state.step in (Step.CHOOSE, Step.DRAW, Step.PLAY):
        seen = phase10.view(state, seat)
        if show:
            for line in str(seen).splitlines():
                teller.say(line, 2)
        elif hand:
            teller.say(f"Your hand: {phase10.format_cards(sorted(seen.hand))}", 2)
        told = hint(seen)
        for line in told.splitlines():
            teller.say(line, 2)
        for line in explain(f"{seen if show else ''}\n{told}", teller.explained):
            teller.say(f"({line})", 2)
        show = hand = False
        text = read("> ")
        if text is None:
            return "end of input"
        try:
            move = read_move(text.strip(), state, seat)
            if isinstance(move, str):
                if move == "quit":
                    return move
                if move == "help":
                    print(HELP, file=teller.out)
                show = move == "look"
                continue
            state, events = phase10.apply_with_events(state, move, player=seat)
        except (phase10.NotationError, phase10.IllegalMove) as error:
            illegal = isinstance(error, phase10.IllegalMove)
            teller.say(f"Not allowed: {error}." if illegal else f"{error}.", 2)
            continue
        teller.tell(state, events)
        # The table after a lay; your next turn at once after your Skip at two.
        show = state.step is Step.DRAW or len(state.table) > len(seen.table)
        hand = not show
    return state


def play_game(
    state: GameState,
    human: int | None,
    read: ReadLine,
    teller: Teller,
    level: str = "casual",
) -> tuple[GameState, str | None]:
    """Play to the end of the game, the computer players of ``level``: the
    last state, and why it stopped early."""
    seats = range(len(state.players))
    bots = {seat: make_bot(level, f"{state.seed}/{seat}") for seat in seats}
    moves = 0
    while not state.is_over:
        if state.step is Step.HAND_OVER:
            action: Action = phase10.NextHand()
        elif state.current == human:
            turn = person_turn(state, human, read, teller)
            if isinstance(turn, str):
                return state, turn
            state = turn
            continue
        else:
            action = bots[state.current].choose(phase10.view(state, state.current))
        state, events = phase10.apply_with_events(state, action)
        teller.tell(state, events)
        moves = 0 if state.step is Step.HAND_OVER else moves + 1
        if moves > MAX_MOVES_PER_HAND:
            return state, "the hand went on without end (the players seem stuck)"
    return state, None


def make_bot(level: str, seed: str) -> Bot:
    """A computer player of ``level``, seeded."""
    return LEVELS[level](random.Random(seed))


def read_line_from(stream: TextIO, out: TextIO) -> ReadLine:
    """A prompt reader (``None`` at the end); echoes piped input to read well."""

    def read(prompt: str) -> str | None:
        print(prompt, end="", file=out, flush=True)
        line = stream.readline()
        if not stream.isatty() or not line:
            print(line.rstrip("\n"), file=out)
        return line or None

    return read


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    add = parser.add_argument
    add("--players", type=int, help="number of players, 2 to 6 (default 4)")
    add("--names", help="the players' names, comma-separated")
    add("--seed", type=int, help="the game's seed (default: a random one, printed)")
    add("--rules", default="official", choices=sorted(phase10.PRESETS))
    add("--play", action="store_true", help="play seat 0 yourself against bots")
    add("--level", default="casual", choices=list(LEVELS), help="the bots' level")
    add("--pace", type=float, help="seconds after each turn (0.25 on a terminal)")
    args = parser.parse_args(argv)
    if args.names is not None:
        args.names = [name.strip() for name in args.names.split(",")]
        if args.players is not None and args.players != len(args.names):
            parser.error(f"--players {args.players} but {len(args.names)} names")
        if args.play and any(name.lower() == "you" for name in args.names[1:]):
            parser.error("with --play, only the first name (yours) may be 'You'")
    else:
        count = 4 if args.players is None else args.players
        args.names = [NAMES[i] if i < 6 else f"Player {i + 1}" for i in range(count)]
        args.names[:1] = ["You"] if args.play else args.names[:1]
    if args.pace is not None and not 0 <= args.pace <= 60:
        parser.error("--pace is from 0 to 60 seconds")
    args.seed = 1 + secrets.randbelow(99_999) if args.seed is None else args.seed
    try:
        rules = phase10.PRESETS[args.rules]
        args.game, args.dealt = phase10.new_game_with_events(
            args.names, rules, seed=args.seed
        )
    except phase10.RulesError as error:
        parser.error(str(error))
    return args


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    args = parse_args(argv)
    state: GameState = args.game
    human = 0 if args.play else None
    teller = Teller(args.names, human, out)
    if args.pace is not None or out.isatty():
        teller.pace = 0.25 if args.pace is None else args.pace
    replay = f"Seed {args.seed}: replay with --seed {args.seed}" + " --play" * args.play
    if human is None:
        teller.say(replay)  # every player is a bot, so the deal is no secret
    teller.say(f"Phase 10 · {args.rules} rules · {', '.join(args.names)}")
    for event in args.dealt:  # the deal, and a turn lost to a Skip turned up
        teller.say(
            sentence(event.describe(teller.names)), 0 if event is args.dealt[0] else 2
        )
    start = time.perf_counter()
    try:
        final, stop = play_game(
            state, human, read_line_from(sys.stdin, out), teller, args.level
        )
    except KeyboardInterrupt:  # Ctrl-C: still say how to replay the game
        final, stop = state, "interrupted"
        print(file=out)
    if stop is not None:
        teller.say(f"Game stopped: {stop}.")
    elif human is None:
        teller.say(f"{final.hand_number} hands in {time.perf_counter() - start:.1f} s.")
    teller.say(replay)
    return {None: 0, "quit": 0, "end of input": 0, "interrupted": 130}.get(stop, 1)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # the reader went away (python examples/play.py | head)
        sys.stderr.close()
        sys.exit(1)
