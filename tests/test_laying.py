"""Laying down a phase and hitting (R10-R16, R30-R32)."""

from __future__ import annotations

import attrs
import pytest
from scenarios import deal

from phase10 import (
    WILD,
    CannotHit,
    CannotLay,
    Card,
    CardDoesNotFit,
    CardNotInHand,
    End,
    GameState,
    GroupKind,
    Hit,
    LayPhase,
    NaturalRule,
    NoSuchMeld,
    NotYourTurn,
    PhaseNotMet,
    PlayerView,
    Rules,
    Step,
    WrongStep,
    can_apply,
    can_lay_phase,
    check_state,
    discard,
    draw,
    from_json,
    hit,
    lay_phase,
    legal_actions,
    parse_cards,
    to_json,
    view,
)

# Seat 1 plays first. Phase 1 is "2 sets of 3".
PHASE1 = ["Y1 Y2", "R5 B5 G5 R7 B7 G10 G10 Y10 B11 B12"]


def ready(hands: list[str], draw_top: str, rules: Rules | None = None) -> GameState:
    """A deal in which seat 1 has drawn ``draw_top``'s first card."""
    return draw(deal(hands, starter="Y9", draw_top=draw_top, rules=rules))


def on_phase(state: GameState, seat: int, completed: int) -> GameState:
    """``state`` with ``seat`` moved on to phase ``completed + 1``."""
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], completed=completed)
    return attrs.evolve(state, players=tuple(players))


@pytest.mark.rule("R4", "R15")
def test_sheet_example_two_sets_of_three() -> None:
    """Three 5s and two 7s plus a drawn 7 lay down as Phase 1."""
    state = ready(PHASE1, draw_top="Y7")
    laid = lay_phase(state, ["R5 B5 G5", "R7 B7 Y7"])
    me = laid.players[1]
    assert me.laid_down
    assert len(me.hand) == 5
    assert [m.kind for m in laid.table] == [GroupKind.SET, GroupKind.SET]
    assert [m.owner for m in laid.table] == [1, 1]
    assert [m.number for m in laid.table] == [5, 7]
    assert laid.step is Step.PLAY


@pytest.mark.rule("R15")
def test_laying_needs_a_drawn_card_first() -> None:
    """Laying down before drawing raises WrongStep."""
    state = deal(PHASE1, starter="Y9", draw_top="Y7")
    with pytest.raises(WrongStep, match="draw"):
        lay_phase(state, ["R5 B5 G5", "R7 B7 W"])


@pytest.mark.rule("R15")
def test_laying_uses_only_cards_in_hand() -> None:
    """A card not held, or more copies than held, raises CardNotInHand naming it."""
    state = ready(PHASE1, draw_top="Y7")
    with pytest.raises(CardNotInHand, match="you do not hold Y5"):
        lay_phase(state, ["R5 B5 Y5", "R7 B7 Y7"])
    with pytest.raises(CardNotInHand, match="only 1 R7"):
        lay_phase(state, ["R5 B5 G5", "R7 R7 Y7"])


@pytest.mark.rule("R15")
def test_a_phase_is_laid_once_per_hand() -> None:
    """A second lay_phase in the same hand raises CannotLay."""
    state = lay_phase(ready(PHASE1, draw_top="Y7"), ["R5 B5 G5", "R7 B7 Y7"])
    with pytest.raises(CannotLay, match="already laid"):
        lay_phase(state, ["G10 G10 Y10"])


@pytest.mark.rule("R14")
def test_extra_cards_that_fit_may_be_laid_with_the_phase() -> None:
    """Five 5s make a set of 3 when laid down; extra cards must fit their group."""
    hands = ["Y1 Y2", "R5 B5 G5 Y5 R5 R7 B7 G10 Y10 B11"]
    state = ready(hands, draw_top="Y7")
    laid = lay_phase(state, ["R5 B5 G5 Y5 R5", "R7 B7 Y7"])
    assert [len(m.cards) for m in laid.table] == [5, 3]


@pytest.mark.rule("R14")
def test_no_extra_group_beyond_the_phase() -> None:
    """Three 10s cannot be laid as a third set for Phase 1."""
    state = ready(PHASE1, draw_top="Y7")
    with pytest.raises(PhaseNotMet, match="exactly 2 groups, not 3"):
        lay_phase(state, ["R5 B5 G5", "R7 B7 Y7", "G10 G10 Y10"])


@pytest.mark.rule("R10", "R6")
def test_sheet_example_wild_as_5_in_a_run() -> None:
    """3, 4, Wild, 6 is a run of four with the Wild standing for 5."""
    hands = ["Y1 Y2", "R3 B4 G6 W R8 R8 G8 B11 B12 Y12"]
    state = on_phase(ready(hands, draw_top="Y8"), 1, completed=1)
    laid = lay_phase(state, ["R3 B4 W G6", "R8 G8 Y8"])
    run = laid.table[0]
    assert run.kind is GroupKind.RUN
    assert run.low == 3 and run.high == 6
    assert run.stands_for()[2] == (5, None)


@pytest.mark.rule("R16", "R35")
def test_a_run_of_nine_counts_only_for_phase_4() -> None:
    """A run of 9 laid for "1 run of 7" credits one phase only."""
    hands = ["Y1 Y2", "R1 B2 G3 Y4 R5 B6 G7 Y8 G11 G12"]
    state = deal(hands, starter="Y9", draw_top="R9 Y5 G10")
    state = on_phase(draw(state), 1, completed=3)
    state = lay_phase(state, ["R1 B2 G3 Y4 R5 B6 G7 Y8 R9"])
    assert len(state.table[0].cards) == 9
    state = discard(state, "G11")
    state = discard(draw(state), "Y1")  # seat 0
    state = hit(draw(state), "G10", 0)  # seat 1 draws G10 and hits it
    ended = discard(state, "G12")
    assert ended.step is Step.HAND_OVER
    assert ended.went_out == 1
    assert ended.players[1].completed == 4


@pytest.mark.rule("R16")
def test_only_the_current_phase_can_be_laid() -> None:
    """A player on Phase 2 cannot lay down Phase 1."""
    state = on_phase(ready(PHASE1, draw_top="Y7"), 1, completed=1)
    with pytest.raises(PhaseNotMet):
        lay_phase(state, ["R5 B5 G5", "R7 B7 Y7"])


@pytest.mark.rule("R11")
def test_every_group_needs_a_natural_card_by_default() -> None:
    """A set of Wilds alone is refused under NaturalRule.PER_GROUP."""
    hands = ["Y1 Y2", "W W W R7 B7 G1 G2 G3 B11 B12"]
    state = ready(hands, draw_top="Y7")
    with pytest.raises(PhaseNotMet, match="natural"):
        lay_phase(state, ["W W W", "R7 B7 Y7"])


@pytest.mark.rule("R11", "R13")
def test_naturals_none_allows_a_set_of_wilds() -> None:
    """Under NaturalRule.NONE a set of Wilds takes its first natural hit's number."""
    hands = ["Y1 Y2", "W W W R7 B7 G4 G2 G3 B11 B12"]
    state = ready(hands, draw_top="Y7", rules=Rules(naturals=NaturalRule.NONE))
    laid = lay_phase(state, ["W W W", "R7 B7 Y7"])
    assert laid.table[0].number is None
    grown = hit(laid, "G4", 0)
    assert grown.table[0].number == 4
    with pytest.raises(CardDoesNotFit, match="set of 4s"):
        hit(grown, "G2", 0)


# --- hitting -------------------------------------------------------------------

# Seat 1 lays "1 set of 3 + 1 run of 4" with the run 3-4-5-6.
PHASE2 = ["Y1 Y2 B9 B9 Y11 Y11 G12 B12 R12 Y12", "R3 B4 R5 G6 R10 B10 R2 R7 R8 W"]


def phase2_laid(rules: Rules | None = None) -> GameState:
    """Seat 1 on Phase 2 has laid 10-10-10 and 3-4-5-6 and may hit."""
    state = on_phase(ready(PHASE2, draw_top="G10", rules=rules), 1, completed=1)
    return lay_phase(state, ["R10 B10 G10", "R3 B4 R5 G6"])


@pytest.mark.rule("R30")
def test_sheet_example_2_7_and_8_on_3_4_5_6() -> None:
    """A 2 goes below 3-4-5-6, then a 7 and an 8 above it."""
    state = phase2_laid()
    state = hit(state, "R2", 1)
    state = hit(state, "R7", 1)
    state = hit(state, "R8", 1)
    run = state.table[1]
    assert [str(c) for c in run.cards] == ["R2", "R3", "B4", "R5", "G6", "R7", "R8"]
    assert (run.low, run.high) == (2, 8)


@pytest.mark.rule("R30")
def test_a_card_must_fit_the_group_it_hits() -> None:
    """A card that does not fit raises CardDoesNotFit and changes nothing."""
    state = phase2_laid()
    before = state
    with pytest.raises(CardDoesNotFit, match="does not fit this run of 3-6"):
        hit(state, "R8", 1)
    with pytest.raises(CardDoesNotFit, match="set of 10s"):
        hit(state, "R2", 0)
    assert state == before


@pytest.mark.rule("R30")
def test_hitting_needs_your_own_phase_down() -> None:
    """A player who has not laid down cannot hit, even on another's group."""
    state = phase2_laid()
    state = discard(state, "R7")  # seat 0 to play
    state = draw(state)
    with pytest.raises(CannotHit, match="lay down your own phase"):
        hit(state, "B9", 0)


@pytest.mark.rule("R30")
def test_hits_go_on_another_players_group() -> None:
    """Seat 0, its phase down, hits its 10 onto seat 1's set of 10s."""
    hands = ["R1 B1 G1 Y3 Y3 G3 Y10 Y12 G12 B12", "R3 B4 R5 G6 R10 B10 R2 R7 R8 W"]
    state = on_phase(ready(hands, draw_top="G10"), 1, completed=1)
    state = discard(lay_phase(state, ["R10 B10 G10", "R3 B4 R5 G6"]), "R8")
    state = lay_phase(draw(state), ["R1 B1 G1", "Y3 Y3 G3"])
    state = hit(state, "Y10", 0)
    assert state.table[0].owner == 1
    assert len(state.table[0].cards) == 4


@pytest.mark.rule("R30")
def test_hitting_is_only_for_the_player_whose_turn_it_is() -> None:
    """A hit made for another seat raises NotYourTurn."""
    with pytest.raises(NotYourTurn):
        hit(phase2_laid(), "R2", 1, player=0)


@pytest.mark.rule("R30")
def test_hitting_a_card_you_do_not_hold_cites_the_hitting_rule() -> None:
    """A hit with a card not in hand raises CardNotInHand naming the card and R30."""
    state = phase2_laid()
    with pytest.raises(CardNotInHand, match=r"you do not hold G5 \(rule R30\)"):
        hit(state, "G5", 0)


@pytest.mark.rule("R30")
def test_a_hit_names_a_group_on_the_table() -> None:
    """A group index that is not on the table raises NoSuchMeld."""
    with pytest.raises(NoSuchMeld, match="no group 5"):
        hit(phase2_laid(), "R2", 5)


@pytest.mark.rule("R12")
def test_a_skip_is_never_hit() -> None:
    """Hitting a Skip raises CardDoesNotFit."""
    hands = ["Y1 Y2 B9 B9 Y11 Y11 G12 B12 R12 Y12", "R3 B4 R5 G6 R10 B10 R2 R7 S W"]
    state = on_phase(ready(hands, draw_top="G10"), 1, completed=1)
    state = lay_phase(state, ["R10 B10 G10", "R3 B4 R5 G6"])
    with pytest.raises(CardDoesNotFit, match="Skip"):
        hit(state, "S", 0)


@pytest.mark.rule("R31")
def test_hitting_on_the_lay_down_turn_is_allowed_by_default() -> None:
    """By default a player may hit in the turn they lay their phase."""
    assert len(hit(phase2_laid(), "R2", 1).table[1].cards) == 5


@pytest.mark.rule("R31")
def test_hit_on_lay_turn_option_makes_them_wait_a_turn() -> None:
    """With hit_on_lay_turn=False the first hit comes on the player's next turn."""
    state = phase2_laid(Rules(hit_on_lay_turn=False))
    with pytest.raises(CannotHit, match="turn you lay down"):
        hit(state, "R2", 1)
    state = discard(state, "R8")
    state = discard(draw(state), "Y1")  # seat 0
    state = draw(state)  # seat 1 again
    assert len(hit(state, "R2", 1).table[1].cards) == 5


@pytest.mark.rule("R32", "R13")
def test_a_wild_extends_the_high_end_unless_told() -> None:
    """A Wild on 3-6 is a 7, or a 2 with End.LOW, and keeps that number."""
    state = phase2_laid()
    high = hit(state, "W", 1)
    assert (high.table[1].low, high.table[1].high) == (3, 7)
    low = hit(state, "W", 1, end=End.LOW)
    assert (low.table[1].low, low.table[1].high) == (2, 6)
    assert low.table[1].stands_for()[0] == (2, None)
    after = hit(low, "R7", 1)
    assert after.table[1].stands_for()[0] == (2, None)


@pytest.mark.rule("R32")
def test_a_wild_on_a_run_reaching_12_goes_low() -> None:
    """When a run already ends at 12, a Wild extends its low end."""
    hands = ["Y1 Y2 B2 B3 Y4 G4 G5 B5 R6 Y6", "R9 B10 R11 G12 R1 B1 R2 R3 R4 W"]
    state = on_phase(ready(hands, draw_top="G1"), 1, completed=1)
    state = lay_phase(state, ["R1 B1 G1", "R9 B10 R11 G12"])
    grown = hit(state, "W", 1)
    assert (grown.table[1].low, grown.table[1].high) == (8, 12)
    with pytest.raises(CardDoesNotFit, match="reaches 12"):
        hit(state, "W", 1, end=End.HIGH)


@pytest.mark.rule("R32")
def test_end_is_only_for_runs_and_must_match_a_natural_card() -> None:
    """end= on a set, or at the wrong end for a natural card, raises CardDoesNotFit."""
    state = phase2_laid()
    with pytest.raises(CardDoesNotFit, match="only a run has ends"):
        hit(state, "W", 0, end=End.LOW)
    with pytest.raises(CardDoesNotFit, match="low end"):
        hit(state, "R2", 1, end=End.HIGH)


@pytest.mark.rule("R6", "R32")
def test_a_run_from_1_to_12_takes_no_more_cards() -> None:
    """Nothing fits a run that already holds every number."""
    state = phase2_laid()
    meld = attrs.evolve(
        state.table[1],
        cards=parse_cards("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12"),
        low=1,
    )
    full = attrs.evolve(state, table=(state.table[0], meld))
    with pytest.raises(CardDoesNotFit):
        hit(full, "W", 1)
    with pytest.raises(CardDoesNotFit, match="every number from 1 to 12"):
        hit(full, Card.parse("R7"), 1)


@pytest.mark.rule("R15")
def test_groups_given_as_one_shot_iterators_are_read_once() -> None:
    """Iterators and generators as groups lay the same phase as lists do."""
    state = ready(PHASE1, draw_top="Y7")
    as_lists = lay_phase(state, ["R5 B5 G5", "R7 B7 Y7"])
    as_iterators = lay_phase(
        state, [iter(parse_cards("R5 B5 G5")), iter(parse_cards("R7 B7 Y7"))]
    )
    as_generator = lay_phase(state, (text for text in ["R5 B5 G5", "R7 B7 Y7"]))
    assert as_iterators == as_lists == as_generator
    assert len(as_lists.players[1].hand) == 5


@pytest.mark.rule("R14")
def test_a_refused_lay_numbers_its_groups_from_0_as_the_notation_does() -> None:
    """The first group of a refused lay is "group 0", as groups on the table
    and in the move notation are numbered."""
    state = draw(deal(["R1", "B11 Y11 G1 B5 B7 G10 R4 B4 G11 R9"], starter="Y9"))
    hand = state.players[state.current].hand
    with pytest.raises(PhaseNotMet, match=r"^group 0 \(") as refused:
        lay_phase(state, [hand[:3], hand[3:6]])
    assert "group 1" not in str(refused.value).split(":")[0]


# --- house rule: runs of odd or of even numbers (R51) ------------------------


def _hits_listed(state: GameState) -> set[tuple[str, int, End | None]]:
    """The hits legal_actions lists, as (card, group, end)."""
    return {
        (str(a.card), a.meld, a.end) for a in legal_actions(state) if isinstance(a, Hit)
    }


def _round_trips(state: GameState) -> None:
    """``state`` passes check_state and reads back from JSON, as do its views."""
    check_state(state)
    assert from_json(to_json(state), GameState) == state
    for seat in range(len(state.players)):
        seen = view(state, seat)
        assert from_json(to_json(seen), PlayerView) == seen


@pytest.mark.rule("R51", "R30", "R32", "R15")
def test_a_run_of_odd_numbers_laid_and_hit_through_a_game() -> None:
    """One player lays 1 3 5 7 as a run of 4 odd numbers, the other lays
    their own and hits 9 and 11 onto it: legal_actions lists exactly those
    lays and hits, the moves are accepted, and every state reads back."""
    rules = Rules(phases=["1 run of 4 odd numbers"])
    hands = [
        "Y1 G3 B5 R7 Y9 R11 B4 G4 Y4 B6",
        "R1 B3 G5 Y7 R2 R4 R6 R8 R10 R12",
    ]
    state = draw(deal(hands, rules=rules, starter="Y12", draw_top="B2 G8 W"))
    lays = [a for a in legal_actions(state) if isinstance(a, LayPhase)]
    assert lays == [LayPhase(["R1 B3 G5 Y7"])]
    laid = lay_phase(state, ["R1 B3 G5 Y7"])
    (run,) = laid.table
    assert (run.kind, run.low, run.high) == (GroupKind.ODD_RUN, 1, 7)
    assert _hits_listed(laid) == set()  # seat 1 holds only even numbers
    _round_trips(laid)
    state = draw(discard(laid, "R2"))
    lays = [a for a in legal_actions(state) if isinstance(a, LayPhase)]
    assert lays == [
        LayPhase(["Y1 G3 B5 R7"]),
        LayPhase(["G3 B5 R7 Y9"]),
        LayPhase(["B5 R7 Y9 R11"]),
    ]
    state = lay_phase(state, ["Y1 G3 B5 R7"])
    assert _hits_listed(state) == {("Y9", 0, None), ("Y9", 1, None)}
    state = hit(state, "Y9", 0)
    assert _hits_listed(state) == {("R11", 0, None)}
    state = hit(state, "R11", 0)
    assert [card for card, _ in state.table[0].stands_for()] == [1, 3, 5, 7, 9, 11]
    assert state.table[0].high == 11
    assert _hits_listed(state) == set()  # the run holds every odd number
    assert "odd run 1-11" in str(view(state, 1))
    _round_trips(state)
    state = draw(discard(state, "B4"))
    assert state.players[1].hand[-1] == WILD
    assert _hits_listed(state) == {("W", 1, End.HIGH)}  # nothing odd below 1
    assert not can_apply(state, Hit("R8", 1))
    with pytest.raises(CardDoesNotFit, match="R51"):
        hit(state, "R8", 1)
    state = hit(state, "W", 1)
    assert (state.table[1].low, state.table[1].high) == (1, 9)
    assert [number for number, _ in state.table[1].stands_for()][-1] == 9
    _round_trips(state)


@pytest.mark.rule("R51", "R42", "R32")
def test_a_run_of_even_numbers_wraps_from_12_to_2_under_the_house_rule() -> None:
    """With runs wrapping, 8 10 12 takes a 2 above and a Wild at either end,
    as legal_actions lists; without the house rule the 2 is no hit."""
    rules = Rules(phases=["1 run of 3 even numbers"], wrap_runs=True)
    hands = [
        "Y2 W B8 G10 R12 R1 R3 R5 B7 B9",
        "R8 B10 G12 R1 B1 G1 R3 B3 G3 R5",
    ]
    state = draw(deal(hands, rules=rules, starter="Y11", draw_top="Y5 G5"))
    lays = [a for a in legal_actions(state) if isinstance(a, LayPhase)]
    assert lays == [LayPhase(["R8 B10 G12"])]
    assert can_lay_phase(state, ["R8 B10 G12"])
    laid = lay_phase(state, ["R8 B10 G12"])
    state = draw(discard(laid, "R1"))
    state = lay_phase(state, ["B8 G10 R12"])
    plain = attrs.evolve(state, rules=Rules(phases=["1 run of 3 even numbers"]))
    assert not can_apply(plain, Hit("Y2", 0))
    assert _hits_listed(state) == {
        ("Y2", 0, None),
        ("Y2", 1, None),
        ("W", 0, End.LOW),
        ("W", 0, End.HIGH),
        ("W", 1, End.LOW),
        ("W", 1, End.HIGH),
    }
    state = hit(state, "Y2", 0)
    assert (state.table[0].low, state.table[0].high) == (8, 2)
    state = hit(state, "W", 0, end=End.LOW)
    assert (state.table[0].low, state.table[0].high) == (6, 2)
    assert [n for n, _ in state.table[0].stands_for()] == [6, 8, 10, 12, 2]
    _round_trips(state)
