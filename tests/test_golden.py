"""Golden games: recorded games replayed move by move against stored states.

Each file in ``tests/golden/`` holds a game played once by bots: every move
in the move notation (``parse_action``) with a digest of the state after it.
Replaying the moves through the engine alone must reach the same states, so
any change of behaviour shows up here, at the first move it affects. After an
intended change, regenerate the files with ``PHASE10_UPDATE_GOLDEN=1 pytest
tests/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import enum
import hashlib
import os
import random
from pathlib import Path

import attrs
import pytest

from phase10 import (
    PRESETS,
    Card,
    EmptyDrawPile,
    GameState,
    NaturalRule,
    Rules,
    SkipLimit,
    Step,
    apply,
    format_cards,
    new_game,
    parse_action,
)
from phase10.bots import GreedyBot

GOLDEN = Path(__file__).parent / "golden"

GAMES: dict[str, tuple[Rules, int, int]] = {
    # name: (rules, players, seed)
    "official-3": (PRESETS["official"], 3, 11),
    "ten-hands-4": (PRESETS["ten-hands"], 4, 5),
    "even-phases-2": (PRESETS["even-phases"], 2, 8),
    "options-5": (
        Rules(
            naturals=NaturalRule.NONE,
            skip_limit=SkipLimit.UNLIMITED,
            on_empty_draw_pile=EmptyDrawPile.END_HAND,
            hit_on_lay_turn=False,
            go_out_by_hit=False,
        ),
        5,
        21,
    ),
}


def _text(value: object) -> str:
    """A field's value as plain text: cards in notation, enums by value."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, tuple) and value and all(isinstance(v, Card) for v in value):
        return format_cards(value)
    return repr(value)


_ADDED_LATER = frozenset({"phases_done", "active", "saved", "saved_now"})
"""Fields added after the files were recorded (for the Masters Edition).
At their defaults they are left out, so that the classic games keep their
digests: that they do shows the new fields changed nothing else."""


def _fields(record: attrs.AttrsInstance, skip: tuple[str, ...] = ()) -> str:
    """Every attrs field of ``record`` as ``name=value``, in field order."""
    return " ".join(
        f"{field.name}={_text(getattr(record, field.name))}"
        for field in attrs.fields(type(record))
        if field.name not in skip
        and not (
            field.name in _ADDED_LATER and getattr(record, field.name) == field.default
        )
    )


def describe(state: GameState) -> str:
    """Every field of the state as plain text, independent of any repr.

    Built from the records' fields, so a new field shows up here by itself
    (and changes the digests: regenerate the files, as said above).
    """
    lines = [_fields(state, skip=("rules", "players", "table"))]
    lines += [_fields(player) for player in state.players]
    lines += [_fields(meld) for meld in state.table]
    return "\n".join(lines)


def digest(state: GameState) -> str:
    """A short fingerprint of :func:`describe`."""
    return hashlib.sha256(describe(state).encode()).hexdigest()[:16]


def record(rules: Rules, players: int, seed: int) -> list[str]:
    """Play the game with GreedyBot and write it down, one line per move."""
    state = new_game(players, rules, seed=seed)
    bot = GreedyBot(random.Random(seed))
    lines = [f"start\t{digest(state)}"]
    while state.step is not Step.GAME_OVER:
        action = bot.choose(state)
        state = apply(state, action)
        lines.append(f"{action.notation}\t{digest(state)}")
    return lines


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.rule("R41")
def test_golden_game_replays_to_the_same_states(name: str) -> None:
    """Replaying a recorded game gives the same state after every move."""
    rules, players, seed = GAMES[name]
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("PHASE10_UPDATE_GOLDEN") == "1":
        path.write_text("\n".join(record(rules, players, seed)) + "\n")
    lines = path.read_text().splitlines()
    state = new_game(players, rules, seed=seed)
    first, expected = lines[0].split("\t")
    assert first == "start" and digest(state) == expected, "the deal changed"
    for number, line in enumerate(lines[1:], start=1):
        move, expected = line.split("\t")
        state = apply(state, parse_action(move))
        assert digest(state) == expected, (
            f"{name}: move {number} ({move}) reached another state:\n{describe(state)}"
        )
    assert state.step is Step.GAME_OVER
