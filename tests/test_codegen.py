"""Generated code: copiers equal to attrs.evolve, and tracebacks that show source."""

from __future__ import annotations

import random
import traceback
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10 import GameState, apply, legal_actions, new_game, view
from phase10._codegen import check_unchecked, copier, make_function
from phase10._state import replace


def states_of_a_game(seed: int, moves: int) -> list[GameState]:
    """The states of a random legal game, in order."""
    rng = random.Random(seed)
    state = new_game(rng.randint(2, 4), seed=seed)
    states = [state]
    for _ in range(moves):
        actions = legal_actions(state)
        if not actions:
            break
        state = apply(state, rng.choice(actions))
        states.append(state)
    return states


@st.composite
def records_and_changes(draw: st.DrawFn) -> tuple[Any, dict[str, Any]]:
    """A record of the engine (a state, a player, a group on the table or a
    view) and changes to some of its fields, taken from another record of the
    same kind in the same game, so every value has its field's type."""
    states = states_of_a_game(draw(st.integers(0, 2**32)), draw(st.integers(0, 120)))
    kind = draw(st.sampled_from(["state", "player", "meld", "view"]))

    def records(state: GameState) -> list[Any]:
        if kind == "state":
            return [state]
        if kind == "player":
            return list(state.players)
        if kind == "meld":
            return list(state.table)
        return [view(state, seat) for seat in range(len(state.players))]

    pool = [record for state in states for record in records(state)]
    if not pool:
        pool = [states[0]]
    record = draw(st.sampled_from(pool))
    other = draw(st.sampled_from([r for r in pool if type(r) is type(record)]))
    names = [field.name for field in attrs.fields(type(record))]
    chosen = draw(st.lists(st.sampled_from(names), unique=True, max_size=len(names)))
    return record, {name: getattr(other, name) for name in chosen}


@given(records_and_changes())
def test_replace_is_attrs_evolve(case: tuple[Any, dict[str, Any]]) -> None:
    """The generated copier makes the very record attrs.evolve makes, and
    leaves the original as it was."""
    record, changes = case
    before = attrs.evolve(record)
    assert replace(record, **changes) == attrs.evolve(record, **changes)
    assert record == before


def test_a_traceback_through_generated_code_shows_its_source() -> None:
    """Generated functions have a file name of their own and their source in
    linecache, so a traceback shows the line that failed."""
    first = make_function("def f(x):\n    return 1 // x\n", "f", {}, "test")
    second = make_function("def f(x):\n    return x\n", "f", {}, "test")
    assert first.__code__.co_filename != second.__code__.co_filename
    with pytest.raises(ZeroDivisionError) as caught:
        first(0)
    text = "".join(traceback.format_tb(caught.tb))
    assert "return 1 // x" in text
    assert "<phase10 test #" in text


def test_a_copier_refuses_a_record_that_checks_its_fields() -> None:
    """Filling slots directly would skip validators, converters and
    post-init, so the copier refuses classes that have them."""

    @attrs.frozen
    class Plain:
        a: int

    @attrs.frozen
    class Validated:
        a: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen
    class Converted:
        a: int = attrs.field(converter=int)

    @attrs.frozen
    class Finished:
        a: int

        def __attrs_post_init__(self) -> None:
            pass

    check_unchecked(Plain)
    assert copier(Plain)(Plain(1), {"a": 2}) == Plain(2)
    for cls in (Validated, Converted, Finished):
        with pytest.raises(TypeError, match=cls.__name__):
            copier(cls)
    with pytest.raises(TypeError, match="not an attrs class"):
        copier(int)


@given(st.integers(0, 2**32))
def test_records_kept_in_a_dict_hold_their_fields_alone(seed: int) -> None:
    """The state and the players keep their fields in a ``__dict__`` and are
    copied as that dict: every state and player a game reaches holds
    exactly its fields there, so a copy carries nothing stale (a cached
    hash, a name misspelt by a move) from the record it was made from."""
    fields = {cls: {f.name for f in attrs.fields(cls)} for cls in (GameState,)}
    player_fields = {f.name for f in attrs.fields(type(new_game(2).players[0]))}
    for state in states_of_a_game(seed, 200):
        assert set(vars(state)) == fields[GameState]
        for player in state.players:
            assert set(vars(player)) == player_fields


def test_a_record_with_slots_keeps_its_slot_copier() -> None:
    """Records not copied at every move keep slots, and their copier fills
    them; a misspelt field is refused there."""
    game = new_game(2, seed=3)
    table_free = copier(type(view(game, 0)))
    with pytest.raises(KeyError):
        table_free(view(game, 0), {"no_such_field": 1})


def test_replace_refuses_a_name_that_is_not_a_field() -> None:
    """A state or player, copied as its dict, would take any name: replace
    refuses one that is not a field, as the slot copiers do."""
    game = new_game(2, seed=3)
    with pytest.raises(TypeError, match="no field"):
        replace(game, no_such_field=1)
    with pytest.raises(TypeError, match="no field"):
        replace(game.players[0], hnad=())
