"""``python -m phase10``: play bots and bot programs against each other.

    python -m phase10 play strong casual [--seed 1] [--record game.json]
    python -m phase10 match strong "program:node bot.js" [--games 20]
    python -m phase10 ladder novice casual strong "program:./my-bot" [--games 20]
    python -m phase10 serve strong

A player is a level's name (``python -m phase10 levels`` lists them) or
``program:COMMAND``, a program speaking the bot protocol (the command is
split as a shell would, but not run by one). ``serve`` makes a level such
a program, speaking on this process's standard input and output.

This module is the package's command line: it alone prints, reads files
and starts programs on the user's behalf.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import itertools
import multiprocessing
import random
import shlex
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor

from . import PRESETS, GameRecord, Rules, Step, new_game_with_events, view
from ._errors import Phase10Error
from .bots import LEVELS, Bot, ProgramBot, ProgramFailed, level, serve, tournament
from .bots._ratings import bradley_terry, wilson
from .bots._tournament import Told

PROGRAM = "program:"

Factory = Callable[[random.Random], Bot]


def _player(spec: str, time_limit: float, retries: int) -> Factory:
    """The bot factory of a player named on the command line. It can be
    pickled for worker processes: a level's factory, or ProgramBot with its
    command, and nothing of this module, which a worker knows only as
    ``__main__``."""
    if spec.startswith(PROGRAM):
        command = shlex.split(spec[len(PROGRAM) :])
        if not command:
            raise SystemExit(f"error: {spec!r} names no program")
        return functools.partial(
            ProgramBot, command, time_limit=time_limit, retries=retries
        )
    if spec not in LEVELS:
        listed = ", ".join(LEVELS)
        raise SystemExit(
            f"error: {spec!r} is neither a level ({listed}) nor {PROGRAM}COMMAND"
        )
    return LEVELS[spec]


@contextlib.contextmanager
def _pool(workers: int, players: Sequence[str]) -> Iterator[Executor | int | None]:
    """The executor of ``workers`` processes, shut down at the end; started
    by spawn when a player is a program, whose bots run reader threads that
    a fork must not copy."""
    if workers <= 1:
        yield None
    elif any(spec.startswith(PROGRAM) for spec in players):
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            yield pool
    else:
        yield workers


def _entrants(args: argparse.Namespace) -> dict[str, Factory]:
    """The players of the command line by name, each named once."""
    entrants = {
        spec: _player(spec, args.time_limit, args.retries) for spec in args.players
    }
    if len(entrants) < len(args.players):
        raise SystemExit("error: name each player once")
    return entrants


def _rules(name: str) -> Rules:
    if name not in PRESETS:
        raise SystemExit(
            f"error: no preset {name!r}; the presets are {', '.join(PRESETS)}"
        )
    return PRESETS[name]


def _play(args: argparse.Namespace) -> int:
    players = [_player(spec, args.time_limit, args.retries) for spec in args.players]
    rng = random.Random(args.seed)
    bots = [player(random.Random(rng.getrandbits(64))) for player in players]
    told = Told(bots)  # bots that keep track of the table are told of it
    record, state = GameRecord.start(
        list(args.players), seed=args.seed, rules=_rules(args.rules)
    )
    dealt = new_game_with_events(list(args.players), state.rules, seed=state.seed)[1]
    try:
        told.tell(dealt)
        hand = state.hand_number
        while state.step is not Step.GAME_OVER:
            seat = state.current
            action = bots[seat].choose(view(state, seat))
            state, record = told.play(state, action), record.then(action)
            if state.hand_number != hand or state.step is Step.GAME_OVER:
                scores = ", ".join(
                    f"{name} {p.score} points, {p.completed} phases"
                    for name, p in zip(args.players, state.players, strict=True)
                )
                print(f"hand {hand}: {scores}")
                hand = state.hand_number
    except ProgramFailed as error:
        print(f"{args.players[state.current]} forfeits: {error}", file=sys.stderr)
        return 1
    finally:
        for bot in bots:
            if isinstance(bot, ProgramBot):
                bot.close()
        if args.record:
            with open(args.record, "w", encoding="utf-8") as file:
                file.write(record.to_json() + "\n")
    assert state.winner is not None
    print(f"{args.players[state.winner]} wins")
    return 0


def _match(args: argparse.Namespace) -> int:
    entrants = _entrants(args)
    with _pool(args.workers, args.players) as pool:
        result = tournament(
            entrants,
            games=args.games,
            rules=_rules(args.rules),
            seed=args.seed,
            executor=pool,
        )
    print(f"{result.games} games, seats rotated:")
    for name in entrants:
        print(
            f"  {name}: {result.wins[name]} wins ({result.win_rate(name):.0%}), "
            f"mean score {result.mean_score[name]:.0f}"
        )
    if result.unfinished:
        print(f"  unfinished: {result.unfinished}")
    return 0


def _ladder(args: argparse.Namespace) -> int:
    entrants = _entrants(args)
    names = list(entrants)
    if len(names) < 2:
        raise SystemExit("error: a ladder needs two players at least, each named once")
    anchor = args.anchor or names[0]
    if anchor not in names:
        raise SystemExit(f"error: the anchor {anchor!r} is not a player")
    wins: dict[tuple[str, str], int] = {}
    print(f"{args.games} two-player games a pair, seats alternated:")
    with _pool(args.workers, args.players) as pool:
        for a, b in itertools.combinations(names, 2):
            result = tournament(
                {a: entrants[a], b: entrants[b]},
                games=args.games,
                rules=_rules(args.rules),
                seed=args.seed,
                executor=pool,
            )
            wins[a, b], wins[b, a] = result.wins[a], result.wins[b]
            decided = result.wins[a] + result.wins[b]
            low, high = wilson(result.wins[a], decided)
            share = result.wins[a] / decided if decided else 0.0
            print(f"  {a} v {b}: {share:.0%} of {decided} ({low:.0%}-{high:.0%})")
    ratings = bradley_terry(names, wins)
    print(f"ratings (Bradley-Terry, Elo scale, {anchor} at 0):")
    for name in sorted(names, key=lambda n: -ratings[n]):
        print(f"  {ratings[name] - ratings[anchor]:+5.0f}  {name}")
    return 0


def _serve(args: argparse.Namespace) -> int:
    bot = level(args.level, random.Random(args.seed))
    serve(bot, sys.stdin, sys.stdout, name=f"phase10 {args.level}")
    return 0


def _levels(args: argparse.Namespace) -> int:
    for name in LEVELS:
        print(name)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (this process's own if ``None``)."""
    parser = argparse.ArgumentParser(
        prog="python -m phase10", description=__doc__.split("\n\n")[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)

    def table(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("players", nargs="+", help="levels or program:COMMAND")
        sub.add_argument("--seed", type=int, default=0)
        sub.add_argument("--rules", default="official", help="a preset's name")
        sub.add_argument(
            "--time-limit", type=float, default=5.0, help="seconds a program's move"
        )
        sub.add_argument(
            "--retries", type=int, default=1, help="answers a program may have refused"
        )

    play = commands.add_parser("play", help="play one game and print each hand")
    table(play)
    play.add_argument("--record", help="write the game record (JSON) to this file")
    play.set_defaults(run=_play)
    match = commands.add_parser("match", help="play many games and count the wins")
    table(match)
    match.add_argument("--games", type=int, default=10)
    match.add_argument("--workers", type=int, default=1, help="processes to play on")
    match.set_defaults(run=_match)
    ladder = commands.add_parser(
        "ladder", help="rate players by games between every pair of them"
    )
    table(ladder)
    ladder.add_argument("--games", type=int, default=20, help="games a pair")
    ladder.add_argument("--workers", type=int, default=1, help="processes to play on")
    ladder.add_argument("--anchor", help="the player rated 0 (the first by default)")
    ladder.set_defaults(run=_ladder)
    served = commands.add_parser(
        "serve", help="be a bot program of a level, on standard input and output"
    )
    served.add_argument("level", choices=list(LEVELS))
    served.add_argument("--seed", type=int, default=0)
    served.set_defaults(run=_serve)
    listed = commands.add_parser("levels", help="list the levels of play")
    listed.set_defaults(run=_levels)
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except Phase10Error as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
