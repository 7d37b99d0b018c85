"""The table of moves is the only place that knows the kinds of move."""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from games import play
from hypothesis import HealthCheck, find, settings
from move_examples import EXAMPLES, check_examples
from strategies import rules_records

from phase10 import (
    PRESETS,
    ChoosePhase,
    Discard,
    Draw,
    DrawSaved,
    NextHand,
    PhaseChoice,
    Rules,
    Save,
    Skip,
    apply,
    legal_actions,
    new_game,
)
from phase10._actions import MOVE_TYPES
from phase10._moves import MOVES, check_move_kinds
from phase10.encoding import Encoding
from phase10.encoding._numbers import BLOCKS, check_blocks

SRC = Path(__file__).resolve().parent.parent / "src" / "phase10"


def test_every_kind_of_move_has_all_its_parts() -> None:
    """The table lists every move record, in order, each with its judge,
    builder, candidates and steps; each record its name, notation and
    reader."""
    assert tuple(MOVES) == MOVE_TYPES, (
        "MOVES (the rows gathered in _moves/__init__.py) and MOVE_TYPES "
        "(_actions.py) must list the same records in the same order"
    )
    assert tuple(EXAMPLES) == MOVE_TYPES  # the tests' one list of moves
    check_move_kinds(MOVES.values(), MOVE_TYPES)
    for row, examples in zip(MOVES.values(), EXAMPLES.values(), strict=True):
        assert row.steps
        for example in examples:
            assert row.record.from_notation(example.notation) == example


def test_the_tests_list_of_moves_is_checked_against_the_table() -> None:
    """The tests' examples (tests/move_examples.py) stop the tests when a
    kind of the table is left out, a kind the table lacks is given, the
    order differs or a kind's moves are of another kind."""
    check_examples(EXAMPLES)
    without = {kind: moves for kind, moves in EXAMPLES.items() if kind is not Skip}
    with pytest.raises(ImportError, match=r"lacks \['Skip'\] and has \[\]"):
        check_examples(without)
    with pytest.raises(ImportError, match=r"lacks \[\] and has \['int'\]"):
        check_examples({**EXAMPLES, int: (Draw(),)})
    with pytest.raises(ImportError, match="in the table's order: Draw, LayPhase"):
        check_examples({Skip: EXAMPLES[Skip], **without})
    with pytest.raises(ImportError, match=r"EXAMPLES\[Save\] needs moves of that"):
        check_examples({**EXAMPLES, Save: (Discard("S"),)})
    with pytest.raises(ImportError, match=r"EXAMPLES\[Save\] needs moves .* none"):
        check_examples({**EXAMPLES, Save: ()})


def test_every_kind_of_move_has_its_block_of_move_numbers() -> None:
    """The encoding numbers every kind of move of the table, and no other.

    Importing phase10 never imports the encoding (it sits a layer above),
    so its own check at import would not stop a kind of move added without
    a block from reaching a program that never uses the encoding: this
    test, among the quick ones, does."""
    check_blocks(BLOCKS, MOVE_TYPES)
    assert set(BLOCKS) == set(MOVES)
    every = Rules(phase_choice=PhaseChoice.CHOSEN, saves_per_hand=1, swap_wilds=True)
    named = [segment.name for segment in Encoding(2, every).actions]
    assert named == [name for block in BLOCKS.values() for name in block.meanings]


def test_the_checks_name_what_a_kind_of_move_lacks() -> None:
    """A row without its candidates, a record without its reader, a kind left
    out of the table or of the encoding: each fails at import, saying what."""
    rows = list(MOVES.values())
    nothing: Any = None
    broken = attrs.evolve(rows[0], candidates=nothing)
    with pytest.raises(ImportError, match="Draw lacks: candidates"):
        check_move_kinds([broken, *rows[1:]], MOVE_TYPES)
    with pytest.raises(ImportError, match="every move record, in order"):
        check_move_kinds(rows[1:], MOVE_TYPES)

    class Pass:
        name = "pass"

    record: Any = Pass
    half = attrs.evolve(rows[0], record=record)
    with pytest.raises(ImportError, match="Pass lacks: notation, from_notation"):
        check_move_kinds([half], (Pass,))
    with pytest.raises(ImportError, match=r"no block for \['Pass'\]"):
        check_blocks(BLOCKS, (*MOVE_TYPES, Pass))


def test_no_module_but_the_table_branches_on_the_kind_of_move() -> None:
    """Outside the move records themselves, no code of the engine asks which
    kind a move is (isinstance of a move class), but where a NextHand is
    replayed with the deck it was dealt from. (The bots and the adapters are
    users of the engine, and may.)"""
    kinds = {kind.__name__ for kind in MOVE_TYPES}
    found = []
    for path in sorted(SRC.rglob("*.py")):
        if path.name == "_actions.py" or "rl" in path.parts or "bots" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "isinstance"
                and isinstance(node.args[1], ast.Name)
                and node.args[1].id in kinds
            ):
                found.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert len(found) == 1
    assert found[0].startswith("_moves/__init__.py:")


@pytest.mark.parametrize("seed", range(4))
def test_kinds_that_say_they_read_no_faces_list_the_same_without_them(
    seed: int,
) -> None:
    """A row with uses_faces=False lists alike whether or not it is handed
    the faces in hand: legal_actions may leave them out for its step."""
    quiet = [row for row in MOVES.values() if not row.uses_faces]
    assert {row.record for row in quiet} == {Draw, NextHand, ChoosePhase, DrawSaved}
    rules = PRESETS["masters"] if seed % 2 else Rules(swap_wilds=True)
    state = new_game(3, rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(300):
        if state.step.name == "GAME_OVER":
            break
        faces = tuple(sorted(set(state.players[state.current].hand), key=hash))
        for row in quiet:
            assert list(row.candidates(state, ())) == list(row.candidates(state, faces))
        state = apply(state, rng.choice(legal_actions(state)))


@pytest.mark.parametrize("record", list(MOVES), ids=lambda r: r.__name__)
def test_the_test_strategies_reach_every_kind_of_move(record: type) -> None:
    """The rule sets the property tests draw include some that offer each kind
    of move, and games played by the tests' own player under one of them
    make it: a new kind of move that no property test would try fails here."""
    row = MOVES[record]
    rules = find(
        rules_records(),
        row.offered,
        settings=settings(
            database=None, max_examples=2000, suppress_health_check=list(HealthCheck)
        ),
    )
    made = False
    for seed in range(40):
        state = new_game(rules.min_players, rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if state.step.name == "GAME_OVER":
                break
            moves = legal_actions(state)
            if any(type(move) is record for move in moves):
                made = True
                break
            state = play(state, rng, 1, mix=0.3)
        if made:
            break
    assert made, f"no game under {rules!r} made a {record.__name__}"


def test_the_advice_has_a_judge_for_every_kind_of_move_and_says_where() -> None:
    """The advice's table of judges is checked against the table of moves
    at import: a kind with no judge, or a judge of no kind, is an
    ImportError that names the kind and the place to add it (a new kind of
    move once made advise raise a bare KeyError)."""
    from phase10._actions import MOVE_TYPES, Hit
    from phase10.analysis._advice import _JUDGES, check_judges

    check_judges(_JUDGES, MOVE_TYPES)  # the real table passes
    without_hit = {kind: judge for kind, judge in _JUDGES.items() if kind is not Hit}
    with pytest.raises(ImportError, match=r"add \['Hit'\].*_advice\.py, at _JUDGES"):
        check_judges(without_hit, MOVE_TYPES)

    class Knock:
        pass

    with pytest.raises(ImportError, match=r"add \['Knock'\]"):
        check_judges(_JUDGES, (*MOVE_TYPES, Knock))
    with pytest.raises(ImportError, match=r"remove \['Hit'\]"):
        check_judges(_JUDGES, tuple(kind for kind in MOVE_TYPES if kind is not Hit))
