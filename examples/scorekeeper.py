"""Keep the score of a game of Phase 10 played with real cards.

    python examples/scorekeeper.py Ann Bob Cleo             # the official game
    python examples/scorekeeper.py Ann Bob --rules masters  # the Masters Edition
    python examples/scorekeeper.py Ann Bob --phases 3       # the first 3 phases
    python examples/scorekeeper.py --load game.json         # go on with a saved game
    python examples/scorekeeper.py Ann Bob --input session.txt  # commands from a file

After each hand, type ``hand`` and answer: who laid down their phase, who
went out, and what everyone else has left, as cards (``R7 B10 W S``) or as
points (``35``). The sheet works out the scores and phases, says who deals
next, and says who won. It refuses what cannot happen, with the rule, and
``undo`` takes back the last hand. ``lay``, ``hit`` and ``rule`` settle
questions at the table. ``help`` lists the commands.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TextIO, TypeVar

import phase10
from phase10 import PRESETS, Phase10Error
from phase10.ledger import Ledger, check_hit, check_lay, find_rulings

T = TypeVar("T")

HELP = """\
Commands:
  hand                      enter the hand just played (you are asked the rest)
  undo                      take back the last hand entered
  sheet                     show the score sheet
  lay NAME [PHASE] CARDS... do these cards make NAME's phase? lay Ann R5 B5 G5 W Y7 Y7
  hit KIND CARDS... + CARD  may CARD be hit on this group?     hit run R3 B4 W G6 + Y7
  rule QUESTION...          what do the rules say?             rule may I discard a wild
  save FILE                 save the game (JSON); --load FILE goes on with it
  quit                      stop
Players are named as at the table, in any case."""


class Table:
    """The scorekeeper's loop: reads commands, keeps the ledger, prints."""

    def __init__(
        self, sheet: Ledger, lines: Iterator[str], out: TextIO, echo: bool
    ) -> None:
        self.sheet = sheet
        self.lines = lines
        self.out = out
        self.echo = echo  # write each line read, when it was not typed

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def ask(self, prompt: str) -> str:
        self.out.write(prompt)
        self.out.flush()
        line = next(self.lines, None)
        if line is None:
            raise EOFError
        if self.echo:
            self.out.write(line + "\n")
        return line.strip()

    def run(self) -> None:
        self.say(f"Players: {', '.join(self.sheet.players)}. Type 'help' for commands.")
        self.show()
        commands: dict[str, Callable[[list[str]], None]] = {
            "hand": self.hand,
            "undo": self.undo,
            "sheet": lambda _: self.show(),
            "lay": self.lay,
            "hit": self.hit,
            "rule": self.rule,
            "save": self.save,
            "help": lambda _: self.say(HELP),
        }
        while True:
            try:
                words = shlex.split(self.ask("> "))
            except EOFError:
                return
            except ValueError as error:
                self.say(f"  {error}")
                continue
            if not words:
                continue
            if words[0] in ("quit", "exit"):
                return
            command = commands.get(words[0].lower())
            if command is None:
                self.say(f"  no command {words[0]!r}; type 'help'")
                continue
            try:
                command(words[1:])
            except Phase10Error as error:
                self.say(f"  refused: {error}")
            except EOFError:
                return

    def show(self) -> None:
        sheet = self.sheet
        points = sheet.points()
        names = sheet.players
        width = max(8, *(len(name) for name in names))
        self.say(
            "  " + "hand".ljust(6) + "".join(name.rjust(width + 2) for name in names)
        )
        for number, row in enumerate(points, 1):
            cells = "".join(str(one).rjust(width + 2) for one in row)
            self.say("  " + str(number).ljust(6) + cells)
        totals = "".join(str(one).rjust(width + 2) for one in sheet.scores)
        self.say("  " + "total".ljust(6) + totals)
        for standing in sheet.standings():
            done = ", ".join(map(str, standing.done)) or "none"
            name, score = standing.name, standing.score
            self.say(f"  {standing.place}. {name}: {score} points, phases done: {done}")
        if sheet.over:
            self.say(f"  The game is over: {names[sheet.winner or 0]} wins.")
            return
        playing = [names[seat] for seat in sheet.playing]
        if sheet.tiebreak:
            only = " and ".join(playing)
            self.say(f"  Tie-break hand on the last phase: only {only} play.")
        phases = []
        for seat in sheet.playing:
            phase = sheet.phase_of(seat)
            phases.append(
                f"{names[seat]} on phase {phase}" if phase else f"{names[seat]} chooses"
            )
        dealer = names[sheet.next_dealer]
        self.say(f"  Hand {sheet.hand_number}: {dealer} deals; {'; '.join(phases)}.")

    def hand(self, words: list[str]) -> None:
        sheet = self.sheet
        if sheet.over:
            raise phase10.EntryError(
                "the game is over: 'undo' takes back its last hand"
            )
        names = [sheet.players[seat] for seat in sheet.playing]
        chooses = sheet.rules.phase_choice is not phase10.PhaseChoice.IN_ORDER
        hint = " (each with the phase, e.g. Ann 3, Bob 7)" if chooses else ""
        laid = self.until_read(
            f"  Who laid down their phase?{hint} (blank: nobody) ",
            lambda answer: _laid(sheet, answer, chooses),
        )
        went_out = self.until_read(
            "  Who went out? (blank: nobody) ",
            lambda answer: sheet.players[sheet.seat_of(answer)] if answer else None,
        )
        saved = sheet.rules.saved_cards_score and sheet.rules.saves_per_hand > 0
        also = ", save pile included" if saved else ""
        left: dict[str, str | int] = {}
        for name in names:
            if name != went_out:
                given = self.ask(f"  {name}'s cards or points left{also}: ")
                left[name] = int(given) if given.isdigit() else given
        self.sheet = sheet.record(laid=laid, went_out=went_out, left=left)
        self.show()

    def until_read(self, prompt: str, read: Callable[[str], T]) -> T:
        """Ask until ``read`` takes the answer, telling why it did not."""
        while True:
            try:
                return read(self.ask(prompt))
            except Phase10Error as error:
                self.say(f"  {error}")

    def undo(self, words: list[str]) -> None:
        self.sheet = self.sheet.undo()
        self.say("  The last hand is taken back.")
        self.show()

    def lay(self, words: list[str]) -> None:
        if len(words) < 2:
            self.say("  lay NAME [PHASE] CARDS...")
            return
        name, cards = words[0], words[1:]
        if self.sheet.over:
            self.say("  The game is over.")
            return
        phase = self.sheet.phase_of(name)
        if cards[0].isdigit():  # the phase named: lay Ann 3 R5 ...
            phase, cards = int(cards[0]), cards[1:]
        if phase is None:
            self.say(
                f"  {name} chooses a phase: say which, as in 'lay {name} 3 R5 ...'"
            )
            return
        self.say(f"  {check_lay(' '.join(cards), phase, self.sheet.rules)}")

    def hit(self, words: list[str]) -> None:
        if "+" not in words or len(words) < 4:
            self.say("  hit KIND CARDS... + CARD")
            return
        plus = words.index("+")
        kind = words[0].lower().replace("colour", "color")
        cards = words[1:plus]
        if kind in ("color", "even", "odd") and cards and cards[0].lower() == "run":
            kind, cards = f"{kind} run", cards[1:]  # 'hit color run ...'

        card = " ".join(words[plus + 1 :])
        self.say(f"  {check_hit(' '.join(cards), kind, card, self.sheet.rules)}")

    def rule(self, words: list[str]) -> None:
        found = find_rulings(" ".join(words) or "?", self.sheet.rules, limit=2)
        if not found:
            self.say("  No ruling matches; try other words.")
        for ruling in found:
            self.say(f"  {ruling.question} ({ruling.clause})")
            self.say(f"    {ruling.under(self.sheet.rules)}")

    def save(self, words: list[str]) -> None:
        if len(words) != 1:
            self.say("  save FILE")
            return
        try:
            Path(words[0]).write_text(phase10.to_json(self.sheet, indent=2) + "\n")
        except OSError as error:
            self.say(f"  could not save to {words[0]}: {error.strerror or error}")
            return
        self.say(f"  Saved to {words[0]}.")


def _laid(sheet: Ledger, answer: str, chooses: bool) -> list[str] | dict[str, int]:
    """The players named in ``answer`` (split at commas, or word by word
    with the longest name that fits), each with a phase where ``chooses``."""
    words = answer.replace(",", " , ").split()
    found: list[tuple[str, int]] = []
    while words:
        if words[0] == ",":
            words.pop(0)
            continue
        for size in range(len(words), 0, -1):
            name = " ".join(words[:size])
            if any(name.casefold() == one.casefold() for one in sheet.players):
                break
        else:
            sheet.seat_of(words[0])  # names nobody: refused with the players' names
        del words[:size]
        number = 0
        if chooses:
            if not words or not words[0].isdigit():
                raise phase10.EntryError(
                    f"say which phase {name} laid, as in '{name} 3'"
                )
            number = int(words.pop(0))
        found.append((sheet.players[sheet.seat_of(name)], number))
    if chooses:
        return dict(found)
    return [name for name, _ in found]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("players", nargs="*", help="the players' names, in seat order")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="official")
    parser.add_argument("--phases", type=int, help="play only the first N phases")
    parser.add_argument("--dealer", type=int, default=0, help="the first dealer's seat")
    parser.add_argument("--load", type=Path, help="go on with a game saved by 'save'")
    parser.add_argument("--input", type=Path, help="read the commands from a file")
    args = parser.parse_args(argv)
    try:
        if args.load is not None:
            sheet = Ledger.from_json(args.load.read_text())
        else:
            rules = PRESETS[args.rules]
            if args.phases is not None:
                rules = rules.first_phases(args.phases)
            sheet = Ledger(args.players, rules, dealer=args.dealer)
    except (Phase10Error, OSError) as error:
        parser.error(str(error))
    source = sys.stdin if args.input is None else args.input.open()
    echo = args.input is not None or not sys.stdin.isatty()
    with source:
        lines = (line.rstrip("\n") for line in source)
        Table(sheet, lines, sys.stdout, echo).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
