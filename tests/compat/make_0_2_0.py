"""How the documents of ``tests/compat/0.2.0/`` were made: once, by phase10 0.2.0.

This script was run a single time, on 27 November 2026, against the sources
that became the 0.2.0 release: the tree of commit ed1afb1 ("Observations a
little cheaper..."), exported with ``git archive``, while the last changes
of the release were being made and before the version was bumped, so its
``__version__`` still read 0.1.0 (which is why the script takes either)::

    PYTHONPATH=<that tree>/src python tests/compat/make_0_2_0.py OUT

and its output was checked in under ``tests/compat/0.2.0/``, together with
this script. Those files are what a released version wrote; they are kept
exactly as written and must never be regenerated, least of all to make a
test pass: a test that fails on them has found a save that a user can no
longer read.

Beside the kinds of ``make_0_1_0.py`` (whose :func:`describe` and
pairs of ``NAME.json`` and ``NAME.meaning.json`` this script shares), 0.2.0
writes what 0.1.0 could not: the rules of every preset, the Masters Edition
and its variant included; custom rules with every option away from its
default (two sets, as ``everyone_advances`` needs ``phase_choice`` in
order); states at each step including the Masters Edition's ``CHOOSE``,
and states with save piles face up and face down; views of every seat and
a spectator under each edition; one of each of the ten kinds of move; and
whole records of a classic, a Masters and a house-rules game.

The script uses only names 0.2.0 exports.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from make_0_1_0 import _game, _write

#: The version whose documents the script writes.
VERSION = "0.2.0"
#: The versions the script accepts: 0.2.0, or the tree just before its
#: version bump (see the docstring).
ACCEPTED = ("0.1.0", "0.2.0")


def custom_rules() -> tuple[Any, Any]:
    """Two rule sets that between them have every option away from its
    default, and each every option it can: the first with every player
    advancing (so phases in order), the second with phases chosen."""
    from phase10 import (
        EmptyDrawPile,
        NaturalRule,
        PhaseChoice,
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
    advancing = Rules(
        phases=(
            PhaseSpec.parse("1 set of 3 + 1 run of 3"),
            PhaseSpec.parse("5 cards of one color"),
            PhaseSpec.parse("1 run of 4 of one color"),
            PhaseSpec.parse("2 sets of 2"),
        ),
        everyone_advances=not official.everyone_advances,
        hand_size=9,
        deck=standard_deck() + parse_cards("W W S"),
        min_players=3,
        max_players=5,
        naturals=naturals,
        skip_limit=skip_limit,
        wild_from_discard=not official.wild_from_discard,
        hit_on_lay_turn=not official.hit_on_lay_turn,
        go_out_by_hit=not official.go_out_by_hit,
        on_empty_draw_pile=on_empty,
        points=Points(low=7, high=11, wild=30, skip=20),
        saves_per_hand=2,
        most_saved=3,
        saved_cards_hidden=not official.saved_cards_hidden,
        saved_cards_score=not official.saved_cards_score,
        go_out_by_save=not official.go_out_by_save,
        save_skips=not official.save_skips,
        draw_saved_same_hand=not official.draw_saved_same_hand,
        skip_next_only=not official.skip_next_only,
        swap_wilds=not official.swap_wilds,
        wrap_runs=not official.wrap_runs,
    )
    choosing = advancing.replace(
        everyone_advances=official.everyone_advances,
        phase_choice=PhaseChoice.CHOSEN,
    )
    return advancing, choosing


def _saving_game(
    players: int, rules: Any, seed: int, bot_seed: int
) -> tuple[Any, list[Any]]:
    """A whole game by GreedyBots that save a card whenever their save pile
    is empty and a save is legal (the bot itself never saves): its record
    and every state, in order."""
    import random

    from phase10 import GameRecord, Save, Step, apply, legal_actions
    from phase10.bots import GreedyBot

    record, state = GameRecord.start(players, rules, seed=seed)
    bot = GreedyBot(random.Random(bot_seed))
    states = [state]
    for _ in range(20_000):
        if state.step is Step.GAME_OVER:
            break
        saves = [a for a in legal_actions(state) if isinstance(a, Save)]
        if saves and not state.players[state.current].saved:
            action: Any = saves[0]
        else:
            action = bot.choose(state)
        state, record = apply(state, action), record.then(action)
        states.append(state)
    return record, states


def _first(
    games: Callable[[int], tuple[Any, list[Any]]],
    wanted: Callable[[Any], bool],
    what: str,
) -> tuple[Any, Any]:
    """The first seeded game (seeds 1, 2, ...) that reaches a state
    ``wanted`` likes: that state and the game's record."""
    for seed in range(1, 300):
        record, states = games(seed)
        found = next((s for s in states if wanted(s)), None)
        if found is not None:
            return found, record
    sys.exit(f"no game reached {what}")


def _moves(out: Path) -> None:
    """One of each of the ten kinds of move, with the variants of 0.1.0."""
    from phase10 import (
        ChoosePhase,
        Discard,
        Draw,
        DrawSaved,
        End,
        Hit,
        LayPhase,
        NextHand,
        Pile,
        Save,
        Skip,
        SwapWild,
        to_json,
    )

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
        "choose-phase": ChoosePhase(3),
        "save": Save("B9"),
        "save-skip": Save("S"),
        "draw-saved": DrawSaved("Y4"),
        "swap-wild": SwapWild("R6", 1),
    }
    for name, move in moves.items():
        _write(out, f"move-{name}", to_json(move), move)


def _views(out: Path, label: str, state: Any) -> None:
    """The state, and what every seat and a spectator see of it."""
    from phase10 import to_json, view

    _write(out, f"state-{label}", to_json(state, indent=1), state)
    for seat in (*range(len(state.players)), None):
        seen = view(state, seat)
        who = "spectator" if seat is None else f"seat-{seat}"
        _write(out, f"view-{label}-{who}", to_json(seen, indent=1), seen)


def main(out: Path) -> None:
    import phase10
    from phase10 import PRESETS, Rules, Step, final_state, to_json

    if phase10.__version__ not in ACCEPTED:
        sys.exit(f"run this with phase10 {VERSION}, not {phase10.__version__}")
    out.mkdir(parents=True, exist_ok=True)

    # Rules: every preset, and two sets with every option away from its default.
    for name, rules in sorted(PRESETS.items()):
        _write(out, f"rules-{name}", to_json(rules, indent=1), rules)
    advancing, choosing = custom_rules()
    _write(out, "rules-custom", to_json(advancing, indent=1), advancing)
    _write(out, "rules-custom-chosen", to_json(choosing, indent=1), choosing)

    _moves(out)

    # A classic game: a state at each step, the views of a four-player game.
    record, states = _game(2, Rules(), seed=20261127, bot_seed=2)
    wanted = {
        "state-classic-draw": states[0],
        "state-classic-play": next(s for s in states if s.step is Step.PLAY),
        "state-classic-laid": next(
            s for s in states if s.step is Step.PLAY and len(s.table) >= 3
        ),
        "state-classic-hand-over": next(s for s in states if s.step is Step.HAND_OVER),
        "state-classic-game-over": states[-1],
    }
    for name, state in wanted.items():
        _write(out, name, to_json(state, indent=1), state)
    _write(out, "record-classic-2", record.to_json(indent=1), final_state(record))
    _, states4 = _game(4, Rules(), seed=4427, bot_seed=4)
    _views(
        out,
        "classic-4",
        next(s for s in states4 if s.step is Step.PLAY and len(s.table) >= 4),
    )

    # The Masters Edition: choosing a phase, save piles face up, a whole game.
    masters = PRESETS["masters"]
    record, states = _saving_game(3, masters, seed=2027, bot_seed=3)
    _write(out, "state-masters-choose", to_json(states[0], indent=1), states[0])
    later = next(s for s in states if s.step is Step.CHOOSE and s.hand_number > 1)
    _write(out, "state-masters-choose-later", to_json(later, indent=1), later)
    _write(out, "record-masters-3", record.to_json(), final_state(record))
    saved_up, _ = _first(
        lambda seed: _saving_game(3, masters, seed=seed, bot_seed=seed),
        lambda s: s.step is Step.PLAY and sum(len(p.saved) > 0 for p in s.players) >= 2,
        "two save piles",
    )
    _views(out, "masters-saved", saved_up)

    # The variant that declares its phase, with save piles face down.
    declared = PRESETS["masters-declare"].replace(saved_cards_hidden=True)
    saved_down, _ = _first(
        lambda seed: _saving_game(3, declared, seed=seed, bot_seed=seed),
        lambda s: s.step is Step.PLAY and sum(len(p.saved) > 0 for p in s.players) >= 2,
        "two save piles face down",
    )
    _views(out, "declared-hidden", saved_down)

    # The house rules: a game with every option away, and one of house rules.
    house = Rules(wrap_runs=True, swap_wilds=True, skip_next_only=True)
    record, _ = _game(3, house, seed=4242, bot_seed=42)
    _write(out, "record-house-rules-3", record.to_json(), final_state(record))
    record, _ = _game(3, advancing, seed=777, bot_seed=7)
    _write(out, "record-custom-3", record.to_json(), final_state(record))
    record, _ = _game(3, choosing, seed=778, bot_seed=8)
    _write(out, "record-custom-chosen-3", record.to_json(), final_state(record))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: make_0_2_0.py OUTDIR")
    main(Path(sys.argv[1]))
