"""Checking at the table (phase10.ledger.check_lay, check_hit): the referee
agrees with the engine on every group its games put on the table."""

from __future__ import annotations

import attrs
import pytest
from games import played
from scenarios import player

from phase10 import (
    FACES,
    PRESETS,
    STANDARD_PHASES,
    End,
    GameState,
    NaturalRule,
    NotationError,
    PhaseSpec,
    Rules,
    Step,
    UsageError,
    can_hit,
    find_phase,
    parse_cards,
)
from phase10.ledger import Verdict, check_hit, check_lay


def test_a_lay_that_makes_the_phase_says_how_and_what_is_left_R9() -> None:
    verdict = check_lay("R5 B5 G5 Y7 R7 W R9 S", 1)
    assert verdict.ok and bool(verdict) and verdict.clause == "R9"
    assert verdict.groups == find_phase(
        parse_cards("R5 B5 G5 Y7 R7 W R9 S"), STANDARD_PHASES[0]
    )
    assert verdict.reason.endswith("R9 S are not needed")


def test_a_lay_that_does_not_make_the_phase_is_refused_R4() -> None:
    verdict = check_lay("R5 B5 G5 Y7 R8 W", "2 sets of 3")
    assert not verdict and verdict.clause == "R4" and verdict.groups == ()
    assert str(verdict) == "No: these cards cannot make 2 sets of 3 (rule R4)"


def test_too_few_cards_are_refused_with_the_count_R14() -> None:
    verdict = check_lay("R1 R2 R3", 4)
    assert not verdict and verdict.clause == "R14"
    assert verdict.reason == "1 run of 7 needs at least 7 cards, and these are 3"


def test_wilds_alone_need_the_rule_that_allows_them_R11() -> None:
    assert check_lay("W W W W W W", 1).clause == "R11"
    assert check_lay("W W W W W W", 1, Rules(naturals=NaturalRule.NONE)).ok


def test_a_lay_is_judged_under_the_rules_given_R42() -> None:
    wrapped = "R11 R12 R1 R2 B5 B5 B5"
    assert not check_lay(wrapped, "1 run of 4 + 1 set of 3")
    assert check_lay(wrapped, "1 run of 4 + 1 set of 3", Rules(wrap_runs=True))
    # The phase number is read in the rules' own list.
    even = PRESETS["even-phases"]  # its first phase is the official second
    assert check_lay("R1 R2 R3 R4 B6 G6 Y6 Y6", 1, even).ok
    assert not check_lay("R1 R2 R3 R4 B6 G6 Y6 Y6", 2, even)


@pytest.mark.parametrize(
    ("group", "kind", "card", "ok", "clause"),
    [
        ("R3 B4 W G6", "run", "Y7", True, "R30"),
        ("R3 B4 W G6", "run", "Y2", True, "R30"),
        ("R3 B4 W G6", "run", "Y5", False, "R30"),
        ("R3 B3 G3", "set", "W", True, "R30"),
        ("R3 B3 G3", "set", "B4", False, "R30"),
        ("R3 B3 G3", "set", "S", False, "R12"),
        ("R3 R5 R9", "colour", "R1", True, "R30"),
        ("R3 R5 R9", "color", "B1", False, "R30"),
        ("R3 R4", "set", "R3", False, "R5"),  # the group itself is none
    ],
)
def test_a_hit_fits_or_is_refused_with_its_clause_R30(
    group: str, kind: str, card: str, ok: bool, clause: str
) -> None:
    verdict = check_hit(group, kind, card)
    assert (verdict.ok, verdict.clause) == (ok, clause)
    assert (verdict.groups != ()) == ok


def test_a_wild_goes_to_the_end_named_R32() -> None:
    low = check_hit("R3 B4 G5", "run", "W", end=End.LOW)
    assert low.groups == (parse_cards("W R3 B4 G5"),)
    assert check_hit("R3 B3 G3", "set", "W", end=End.LOW).clause == "R32"


def _tables() -> list[GameState]:
    """Positions of engine games with groups on the table, under several rules."""
    found = []
    for rules in (
        PRESETS["official"],
        Rules(wrap_runs=True),
        Rules(naturals=NaturalRule.NONE),
        PRESETS["masters"],
    ):
        for seed in range(6):
            for state in played(rules, 3, seed, 600, mix=0.2):
                if state.step is Step.PLAY and len(state.table) >= 2:
                    found.append(state)
                    break
    return found


def test_the_referee_agrees_with_the_engine_on_every_group_and_card_R30() -> None:
    """For groups engine games laid, every face and every end: check_hit on
    the group's cards alone says yes exactly when the engine's can_hit lets
    a player who is down hit that card onto it."""
    tables = _tables()
    assert len(tables) >= 12
    compared = 0
    for state in tables:
        seat = state.current
        for index, meld in enumerate(state.table):
            for face in FACES:
                spare = next(one for one in FACES if one != face and not one.is_skip)
                ready = player(state, seat, hand=(face, spare), laid_down=True)
                ready = attrs.evolve(ready, laid_this_turn=False)
                for end in (None, End.LOW, End.HIGH) if meld.kind.is_run else (None,):
                    engine = can_hit(ready, face, index, end=end)
                    verdict = check_hit(
                        meld.cards, meld.kind, face, state.rules, end=end
                    )
                    assert verdict.ok == engine, (meld, face, end, verdict)
                    compared += 1
    assert compared > 1000


def test_bad_arguments_are_usage_or_notation_errors() -> None:
    with pytest.raises(UsageError):
        check_lay(7, 1)  # type: ignore[arg-type]
    with pytest.raises(UsageError):
        check_lay("R1", 11)
    with pytest.raises(UsageError):
        check_lay("R1", 1.0)  # type: ignore[arg-type]
    with pytest.raises(UsageError):
        check_lay("R1", 1, rules="official")  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        check_lay("R13", 1)
    with pytest.raises(UsageError, match="a kind of group is one of"):
        check_hit("R1 R1 R1", "triple", "R1")
    with pytest.raises(UsageError):
        check_hit("R1 R1 R1", "set", 7)  # type: ignore[arg-type]
    with pytest.raises(UsageError):
        check_hit("R1 R1 R1", "set", "R1", end="low")  # type: ignore[arg-type]
    assert check_lay(
        parse_cards("R1 R1 R1 B2 B2 B2"), PhaseSpec.parse("2 sets of 3")
    ).ok
    assert isinstance(check_hit(parse_cards("R1 R1 R1"), "set", "R1"), Verdict)


def test_a_hit_is_judged_under_the_rules_given_R42() -> None:
    wrapping = Rules(wrap_runs=True)
    assert check_hit("R11 R12 R1", "run", "B2", wrapping).ok
    assert check_hit("R11 R12 W", "run", "B2", wrapping).ok
    assert check_hit("B10 R11 R12", "run", "G1", wrapping).ok
    assert check_hit("R11 R12 R1", "run", "B2").clause == "R6"  # no such run
    assert not check_hit("B10 R11 R12", "run", "G1")
