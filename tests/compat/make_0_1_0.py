"""How the documents of ``tests/compat/0.1.0/`` were made: once, by phase10 0.1.0.

This script was run a single time against the sources of the 0.1.0 release
(the commit "Release 0.1.0")::

    PYTHONPATH=<a checkout of 0.1.0>/src python tests/compat/make_0_1_0.py OUT

and its output was checked in under ``tests/compat/0.1.0/``. Those files are
what a released version wrote; they are kept exactly as written and must
never be regenerated, least of all to make a test pass: a test that fails
on them has found a save that a user can no longer read.

Each document ``NAME.json`` has beside it ``NAME.meaning.json``: what 0.1.0
itself said the document holds (:func:`describe` of the object it wrote:
every field of the record, cards in their notation). ``tests/test_compat.py``
reads each document with the current code and compares.

The script uses only names 0.1.0 exports, and :func:`describe` only attrs
and plain Python, so the test may import it to describe what it reads now.
"""

from __future__ import annotations

import enum
import json
import random
import sys
from pathlib import Path
from typing import Any, cast

import attrs

#: The version whose documents the script writes.
VERSION = "0.1.0"


def describe(value: object) -> Any:
    """``value`` as plain JSON data: a record as its class's name and every
    field by name, cards and phases in their notation, enums by value,
    tuples as lists."""
    # Cards and phases are attrs records too, but their notation is their
    # meaning: tell them apart by the text they print as.
    name = type(value).__name__
    if name in ("Card", "PhaseSpec", "GroupSpec"):
        return str(value)
    if attrs.has(type(value)):
        return {"__class__": name} | {
            field.name: describe(getattr(value, field.name))
            for field in attrs.fields(cast(Any, type(value)))
        }
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [describe(item) for item in value]
    if isinstance(value, (frozenset, set)):
        return sorted(describe(item) for item in value)
    if isinstance(value, dict):
        return {str(key): describe(item) for key, item in value.items()}
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 2**53:
        return str(value)
    return value


def _write(out: Path, name: str, text: str, meaning: object) -> None:
    (out / f"{name}.json").write_text(text + "\n", encoding="utf-8")
    (out / f"{name}.meaning.json").write_text(
        json.dumps(describe(meaning), indent=1, sort_keys=True) + "\n",
        encoding="utf-8",
    )


def _custom_rules() -> Any:
    """A rule set with every option away from its default."""
    from phase10 import (
        EmptyDrawPile,
        NaturalRule,
        PhaseSpec,
        Points,
        Rules,
        SkipLimit,
        parse_cards,
        standard_deck,
    )

    official = Rules()
    skip_limit = next(s for s in SkipLimit if s is not official.skip_limit)
    naturals = next(n for n in NaturalRule if n is not official.naturals)
    on_empty = next(e for e in EmptyDrawPile if e is not official.on_empty_draw_pile)
    deck = standard_deck() + parse_cards("W W S")
    return Rules(
        phases=(
            PhaseSpec.parse("1 set of 3 + 1 run of 3"),
            PhaseSpec.parse("5 cards of one color"),
            PhaseSpec.parse("1 run of 4 of one color"),
            PhaseSpec.parse("2 sets of 2"),
        ),
        everyone_advances=not official.everyone_advances,
        hand_size=9,
        deck=deck,
        min_players=3,
        max_players=5,
        naturals=naturals,
        skip_limit=skip_limit,
        wild_from_discard=not official.wild_from_discard,
        hit_on_lay_turn=not official.hit_on_lay_turn,
        go_out_by_hit=not official.go_out_by_hit,
        on_empty_draw_pile=on_empty,
        points=Points(low=7, high=11, wild=30, skip=20),
    )


def _game(players: int, rules: Any, seed: int, bot_seed: int) -> tuple[Any, list[Any]]:
    """A whole game by GreedyBots: its record and every state, in order."""
    from phase10 import GameRecord, Step, apply
    from phase10.bots import GreedyBot

    record, state = GameRecord.start(players, rules, seed=seed)
    bot = GreedyBot(random.Random(bot_seed))
    states = [state]
    for _ in range(20_000):
        if state.step is Step.GAME_OVER:
            break
        action = bot.choose(state)
        state, record = apply(state, action), record.then(action)
        states.append(state)
    return record, states


def main(out: Path) -> None:
    import phase10
    from phase10 import (
        PRESETS,
        Discard,
        Draw,
        End,
        GameRecord,
        Hit,
        LayPhase,
        NextHand,
        Pile,
        Rules,
        Skip,
        Step,
        final_state,
        to_json,
        view,
    )

    if phase10.__version__ != VERSION:
        sys.exit(f"run this with phase10 {VERSION}, not {phase10.__version__}")
    out.mkdir(parents=True, exist_ok=True)

    # Rules: every preset, and one with every option away from its default.
    for name, rules in sorted(PRESETS.items()):
        _write(out, f"rules-{name}", to_json(rules, indent=1), rules)
    custom = _custom_rules()
    _write(out, "rules-custom", to_json(custom, indent=1), custom)

    # One of each move.
    moves: dict[str, Any] = {
        "draw-pile": Draw(Pile.DRAW),
        "draw-discard": Draw(Pile.DISCARD),
        "lay": LayPhase(["R5 B5 G5", "Y7 R7 W"]),
        "hit": Hit("R8", 0),
        "hit-low": Hit("W", 1, End.LOW),
        "hit-high": Hit("W", 1, End.HIGH),
        "discard": Discard("G12"),
        "skip": Skip(2),
        "skip-nobody": Skip(None),
        "next-hand": NextHand(),
    }
    for name, move in moves.items():
        _write(out, f"move-{name}", to_json(move), move)

    # States at each step of a two-player official game, and a four-player
    # game's views of every seat and a spectator.
    record, states = _game(2, Rules(), seed=20261123, bot_seed=1)
    first_play = next(s for s in states if s.step is Step.PLAY)
    laid = next(s for s in states if s.step is Step.PLAY and len(s.table) >= 3)
    wanted = {
        "state-draw": states[0],
        "state-play": first_play,
        "state-laid": laid,
        "state-hand-over": next(s for s in states if s.step is Step.HAND_OVER),
        "state-game-over": states[-1],
    }
    for name, state in wanted.items():
        _write(out, name, to_json(state, indent=1), state)
    _write(out, "record-official-2", record.to_json(indent=1), final_state(record))

    record4, states4 = _game(4, Rules(), seed=4404, bot_seed=4)
    middle = next(s for s in states4 if s.step is Step.PLAY and len(s.table) >= 4)
    _write(out, "state-4-players", to_json(middle, indent=1), middle)
    for seat in (*range(4), None):
        seen = view(middle, seat)
        label = "spectator" if seat is None else f"seat-{seat}"
        _write(out, f"view-{label}", to_json(seen, indent=1), seen)
    _write(out, "record-official-4", record4.to_json(), final_state(record4))

    # Games under other rules: the custom rules, and a preset.
    record_custom, _ = _game(3, custom, seed=777, bot_seed=7)
    _write(out, "record-custom-3", record_custom.to_json(), final_state(record_custom))
    ten, _ = _game(3, PRESETS["ten-hands"], seed=1010, bot_seed=10)
    _write(out, "record-ten-hands-3", ten.to_json(), final_state(ten))

    # A tie-break: the first seeded game that reaches one.
    for seed in range(1, 400):
        tied_record, tied_states = _game(2, PRESETS["first-5-phases"], seed, seed)
        tie = next((s for s in tied_states if s.tiebreak), None)
        if tie is not None:
            _write(out, "state-tiebreak", to_json(tie, indent=1), tie)
            _write(
                out,
                "record-tiebreak",
                tied_record.to_json(),
                final_state(tied_record),
            )
            break
    else:
        sys.exit("no tie-break found")
    # A record's own fields away from their defaults, read back as they were.
    short = GameRecord(players=("Ann", "Bob", "Cy"), seed=99, dealer=2)
    short = short.then(Draw(Pile.DRAW), Discard("R1"))
    _write(out, "record-moves-only", short.to_json(), short)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: make_0_1_0.py OUTDIR")
    main(Path(sys.argv[1]))
