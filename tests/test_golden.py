"""Golden games: recorded games replayed move by move against stored states.

Each file in ``tests/golden/`` holds a game played once by bots: the rules,
the seed, and every move with a digest of the state after it. Replaying the
moves through the engine alone must reach the same states, so any change of
behaviour shows up here, at the first move it affects. After an intended
change, regenerate the files with ``PHASE10_UPDATE_GOLDEN=1 pytest
tests/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import hashlib
import os
import random
from pathlib import Path

import pytest

from phase10 import (
    PRESETS,
    Action,
    Discard,
    Draw,
    EmptyDrawPile,
    End,
    GameState,
    Hit,
    LayPhase,
    NaturalRule,
    NextHand,
    Pile,
    Rules,
    Skip,
    SkipLimit,
    Step,
    apply,
    new_game,
    parse_cards,
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


def describe(state: GameState) -> str:
    """Every field of the state as plain text, independent of any repr."""

    def cards(seq: tuple[object, ...]) -> str:
        return " ".join(str(card) for card in seq)

    lines = [
        f"{state.step.value} current={state.current} dealer={state.dealer} "
        f"hand={state.hand_number} slot={state.turn_slot} winner={state.winner} "
        f"laid_now={state.laid_this_turn} out={state.went_out} "
        f"points={state.hand_points} seats={state.contenders} "
        f"tiebreak={state.tiebreak} shuffles={state.shuffles}",
        f"draw: {cards(state.draw_pile)}",
        f"discard: {cards(state.discard_pile)}",
    ]
    for p in state.players:
        lines.append(
            f"{p.name}: {cards(p.hand)} | completed={p.completed} "
            f"laid={p.laid_down} score={p.score} owes={p.skips_pending} "
            f"skipped={p.skipped_in_slot} known={cards(p.known)}"
        )
    for m in state.table:
        lines.append(f"meld {m.owner} {m.kind.value}: {cards(m.cards)} {m.shape}")
    return "\n".join(lines)


def digest(state: GameState) -> str:
    """A short fingerprint of :func:`describe`."""
    return hashlib.sha256(describe(state).encode()).hexdigest()[:16]


def write_action(action: Action) -> str:
    """A move as one line of text."""
    if isinstance(action, Draw):
        return "take" if action.source is Pile.DISCARD else "draw"
    if isinstance(action, LayPhase):
        return "lay " + " | ".join(" ".join(map(str, g)) for g in action.groups)
    if isinstance(action, Hit):
        end = f" {action.end.value}" if action.end is not None else ""
        return f"hit {action.card} {action.meld}{end}"
    if isinstance(action, Discard):
        return f"discard {action.card}"
    if isinstance(action, Skip):
        return f"skip {'-' if action.target is None else action.target}"
    return "next"


def read_action(text: str) -> Action:
    """The inverse of :func:`write_action`."""
    word, _, rest = text.partition(" ")
    if word in ("draw", "take"):
        return Draw(Pile.DISCARD if word == "take" else Pile.DRAW)
    if word == "lay":
        return LayPhase(tuple(parse_cards(group) for group in rest.split("|")))
    if word == "hit":
        card, meld, *end = rest.split()
        return Hit(card, int(meld), End(end[0]) if end else None)
    if word == "discard":
        return Discard(rest)
    if word == "skip":
        return Skip(None if rest == "-" else int(rest))
    assert word == "next", text
    return NextHand()


def record(rules: Rules, players: int, seed: int) -> list[str]:
    """Play the game with GreedyBot and write it down, one line per move."""
    state = new_game(players, rules, seed=seed)
    bot = GreedyBot(random.Random(seed))
    lines = [f"start\t{digest(state)}"]
    while state.step is not Step.GAME_OVER:
        action = bot.choose(state)
        state = apply(state, action)
        lines.append(f"{write_action(action)}\t{digest(state)}")
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
        state = apply(state, read_action(move))
        assert digest(state) == expected, (
            f"{name}: move {number} ({move}) reached another state:\n{describe(state)}"
        )
    assert state.step is Step.GAME_OVER
