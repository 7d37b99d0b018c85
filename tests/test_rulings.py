"""Rulings 31-38 of the project's rule decisions, each checked in play.

Every test names the clauses of docs/rules.md it checks and, in its
docstring, the ruling it confirms. Ruling 31 is the floating run: a run of
Wilds alone (only where ``Rules.naturals`` allows one) stands for no numbers
until the first natural card is hit onto it, at the end the hitter names.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from itertools import combinations
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from scenarios import all_cards, arranged_deck, deal

from phase10 import (
    FACES,
    WILD,
    Action,
    CannotDraw,
    CannotHit,
    CannotLay,
    Card,
    CardDoesNotFit,
    Color,
    Draw,
    EmptyDrawPile,
    End,
    FormatError,
    GameState,
    GroupKind,
    Hit,
    LayPhase,
    NaturalRule,
    Phase10Error,
    PhaseNotMet,
    Pile,
    Rules,
    RulesError,
    Step,
    apply,
    can_hit,
    discard,
    draw,
    format_cards,
    from_dict,
    from_json,
    hit,
    lay_phase,
    legal_actions,
    new_game,
    next_hand,
    parse_cards,
    skip,
    skip_targets,
    standard_deck,
    to_dict,
    to_json,
    view,
)
from phase10.bots import GreedyBot, play_game

NONE = NaturalRule.NONE
EITHER = (End.LOW, End.HIGH)
MANY_WILDS = (*standard_deck(), *(WILD,) * 8)
"""The standard deck with 16 Wilds, enough for a run of 12 Wilds."""


# --- arranging a floating run ------------------------------------------------------


def wilds(size: int) -> str:
    return " ".join(["W"] * size)


def laid_alone(
    phase: str,
    group: str,
    rest: str = "",
    *,
    naturals: NaturalRule = NONE,
    draw_top: str = "Y1",
) -> GameState:
    """Seat 1 draws ``draw_top`` and lays ``phase`` as the one ``group``; it
    then holds exactly ``rest`` and the drawn card. The deck has 16 Wilds."""
    held = [*parse_cards(group), *parse_cards(rest)]
    rules = Rules(
        phases=[phase],
        naturals=naturals,
        hand_size=len(held),
        deck=MANY_WILDS,
        max_players=2,
    )
    state = draw(deal(["R1", format_cards(held)], draw_top=draw_top, rules=rules))
    return lay_phase(state, [group])


def floating_run(size: int, rest: str = "", *, color: bool = False) -> GameState:
    """Seat 1 has laid a run of ``size`` Wilds alone (a colour run if
    ``color``) as table group 0, and holds ``rest`` and a Y1."""
    phase = f"1 run of {size}" + (" of one color" if color else "")
    return laid_alone(phase, wilds(size), rest)


def hits_on(state: GameState, meld: int) -> list[Hit]:
    return [a for a in legal_actions(state) if isinstance(a, Hit) and a.meld == meld]


def expected_ends(size: int, card: Card) -> tuple[End, ...]:
    """Ruling 31 worked out by hand: the ends of a floating run of ``size``
    Wilds at which ``card`` may be hit (a Wild: either, while under 12)."""
    if card.is_skip or size >= 12:
        return ()
    if card.is_wild:
        return EITHER
    n = card.number
    assert n is not None
    return tuple(
        end
        for end, fits in ((End.LOW, n + size <= 12), (End.HIGH, n - size >= 1))
        if fits
    )


# --- Ruling 31: groups of Wilds alone ------------------------------------------------


@pytest.mark.rule("R13", "R30")
def test_a_set_of_wilds_alone_takes_the_number_of_the_first_natural_card() -> None:
    """Ruling 31: a set of Wilds alone has no number until a natural card is
    hit on it; a Wild hit first leaves it open, then a 9 makes it 9s."""
    state = laid_alone("1 set of 3", "W W W", "W B9 R8 G9")
    meld = state.table[0]
    assert meld.number is None
    assert meld.stands_for() == ((None, None),) * 3
    assert can_hit(state, "R8", 0)  # any number still fits
    state = hit(state, "W", 0)
    assert state.table[0].number is None
    state = hit(state, "B9", 0)
    assert state.table[0].number == 9
    assert state.table[0].stands_for()[0] == (9, None)
    with pytest.raises(CardDoesNotFit, match="R8 does not fit a set of 9s"):
        hit(state, "R8", 0)
    assert hit(state, "G9", 0).table[0].number == 9


@pytest.mark.rule("R13", "R30")
def test_a_colour_group_of_wilds_alone_takes_the_first_natural_cards_colour() -> None:
    """Ruling 31: a colour group of Wilds alone takes green from the first
    natural card, a G3 hit after a Wild; then a red card no longer fits."""
    state = laid_alone("4 cards of one color", "W W W W", "W G3 R4 G11")
    assert state.table[0].color is None
    state = hit(state, "W", 0)
    assert state.table[0].color is None
    assert can_hit(state, "R4", 0)
    state = hit(state, "G3", 0)
    assert state.table[0].color is Color.GREEN
    assert not can_hit(state, "R4", 0)
    assert hit(state, "G11", 0).table[0].color is Color.GREEN


@pytest.mark.rule("R13")
def test_a_run_of_wilds_alone_floats() -> None:
    """Ruling 31: a laid run of Wilds alone stands for no numbers: its low
    and high are None, and its Wilds stand for nothing yet."""
    state = floating_run(3)
    meld = state.table[0]
    assert meld.kind is GroupKind.RUN
    assert meld.floating
    assert (meld.number, meld.color, meld.low, meld.high) == (None,) * 4
    assert meld.stands_for() == ((None, None),) * 3
    assert not laid_alone("1 set of 3", "W W W").table[0].floating


@pytest.mark.rule("R13", "R32")
def test_a_natural_card_hit_low_goes_one_below_the_wilds() -> None:
    """Ruling 31: R9 hit at the low end of three floating Wilds makes 9-12,
    fixing each Wild's number; then an 8 fits below and nothing above."""
    state = hit(floating_run(3, "R9 B8 G12"), "R9", 0, end=End.LOW)
    meld = state.table[0]
    assert meld.cards == parse_cards("R9 W W W")
    assert (meld.low, meld.high, meld.floating) == (9, 12, False)
    assert [number for number, _ in meld.stands_for()] == [9, 10, 11, 12]
    assert not can_hit(state, "G12", 0)
    assert hit(state, "B8", 0).table[0].low == 8


@pytest.mark.rule("R13", "R32")
def test_a_natural_card_hit_high_goes_one_above_the_wilds() -> None:
    """Ruling 31: R9 hit at the high end of three floating Wilds makes 6-9;
    then a 5 fits below and a 10 above, another 9 nowhere."""
    state = hit(floating_run(3, "R9 B5 G10 Y9"), "R9", 0, end=End.HIGH)
    meld = state.table[0]
    assert meld.cards == parse_cards("W W W R9")
    assert (meld.low, meld.high) == (6, 9)
    assert [number for number, _ in meld.stands_for()] == [6, 7, 8, 9]
    assert can_hit(state, "B5", 0) and can_hit(state, "G10", 0)
    assert not can_hit(state, "Y9", 0)


@pytest.mark.rule("R13")
@pytest.mark.parametrize(
    ("card", "end", "fragment"),
    [
        ("R10", End.LOW, "the Wilds would stand for 11 to 13, and runs stop at 12"),
        ("B2", End.HIGH, "the Wilds would stand for -1 to 1, and runs start at 1"),
    ],
)
def test_a_natural_card_that_would_take_the_run_out_of_1_to_12_is_refused(
    card: str, end: End, fragment: str
) -> None:
    """Ruling 31: the hit is refused if the run would leave 1-12, and the
    refusal names the other end where the card does fit."""
    state = floating_run(3, "R10 B2")
    with pytest.raises(CardDoesNotFit, match=fragment) as refusal:
        hit(state, card, 0, end=end)
    assert refusal.value.clause == "R13"
    other = End.HIGH if end is End.LOW else End.LOW
    assert f"it fits at the {other.value} end" in str(refusal.value)
    assert not can_hit(state, card, 0, end=end)
    assert hit(state, card, 0, end=other).table[0].low is not None


@pytest.mark.rule("R13", "R32")
def test_with_no_end_named_a_natural_card_goes_high_if_it_can() -> None:
    """Ruling 31 with R32's default: no end named puts the card at the high
    end, or at the low end when the Wilds would go below 1 there; a card
    that fits neither end is refused."""
    state = floating_run(3, "R5 B2 G10")
    assert hit(state, "R5", 0) == hit(state, "R5", 0, end=End.HIGH)
    assert hit(state, "R5", 0).table[0].low == 2
    assert hit(state, "B2", 0) == hit(state, "B2", 0, end=End.LOW)
    assert hit(state, "G10", 0).table[0].low == 7
    seven = floating_run(7, "R6")
    with pytest.raises(CardDoesNotFit, match="R6 fits neither end") as refusal:
        hit(seven, "R6", 0)
    assert refusal.value.clause == "R13"
    assert not any(can_hit(seven, "R6", 0, end=end) for end in (None, *EITHER))


@pytest.mark.rule("R13", "R32")
def test_wilds_hit_on_a_floating_run_keep_it_floating() -> None:
    """Ruling 31: a Wild hit on a floating run, at either end or none, makes
    the same longer floating run; the natural card after it fixes all."""
    state = floating_run(3, "W R12")
    grown = hit(state, "W", 0)
    assert grown == hit(state, "W", 0, end=End.LOW) == hit(state, "W", 0, end=End.HIGH)
    meld = grown.table[0]
    assert meld.floating and meld.cards == parse_cards("W W W W")
    fixed = hit(grown, "R12", 0).table[0]
    assert (fixed.low, fixed.high) == (8, 12)


@pytest.mark.rule("R13", "R6")
def test_a_run_of_twelve_wilds_takes_no_more_cards() -> None:
    """Ruling 31: twelve Wilds cover 1-12 wherever they float, so no card
    fits them; eleven take a 1 at the low end or a 12 at the high end."""
    twelve = floating_run(12, "W")
    for card in set(FACES):
        for end in (None, *EITHER):
            assert not can_hit(twelve, card, 0, end=end), (card, end)
    with pytest.raises(CardDoesNotFit, match="every number from 1 to 12") as refusal:
        hit(twelve, "Y1", 0)
    assert refusal.value.clause == "R13"
    assert hits_on(twelve, 0) == []
    eleven = floating_run(11, "R12 B5")
    assert hits_on(eleven, 0) == [Hit("Y1", 0, End.LOW), Hit("R12", 0, End.HIGH)]
    assert hit(eleven, "Y1", 0).table[0].high == 12
    assert hit(eleven, "R12", 0).table[0].low == 1


@pytest.mark.rule("R13", "R8")
def test_a_floating_colour_run_takes_its_colour_with_its_numbers() -> None:
    """Ruling 31: the first natural card hit on a colour run of Wilds fixes
    its colour as well as its numbers; then only that colour fits."""
    state = floating_run(3, "B4 R8 B8", color=True)
    assert state.table[0].kind is GroupKind.COLOR_RUN
    assert state.table[0].color is None
    assert can_hit(state, "R8", 0)  # any colour, before the first natural
    state = hit(state, "B4", 0, end=End.LOW)
    meld = state.table[0]
    assert (meld.color, meld.low, meld.high) == (Color.BLUE, 4, 7)
    assert meld.stands_for()[1] == (5, Color.BLUE)
    with pytest.raises(CardDoesNotFit, match="R8 is not blue"):
        hit(state, "R8", 0)
    assert hit(state, "B8", 0).table[0].high == 8


@pytest.mark.rule("R13", "R11")
def test_per_phase_lets_a_run_of_wilds_float_beside_a_natural_group() -> None:
    """Ruling 31 under PER_PHASE: a run of Wilds alone laid beside a set
    with the natural card floats too; under PER_GROUP it is refused."""
    phase = "1 set of 3 + 1 run of 4"
    hand = "R5 B5 G5 W W W W R3"
    rules = Rules(phases=[phase], naturals=NaturalRule.PER_PHASE, hand_size=8)
    state = draw(deal(["R1", hand], draw_top="Y1", rules=rules))
    laid = lay_phase(state, ["R5 B5 G5", "W W W W"])
    assert laid.table[1].floating
    assert hits_on(laid, 1) == [Hit("Y1", 1, End.LOW), Hit("R3", 1, End.LOW)]
    strict = draw(deal(["R1", hand], draw_top="Y1", rules=Rules(phases=[phase])))
    with pytest.raises(PhaseNotMet, match="natural card"):
        lay_phase(strict, ["R5 B5 G5", "W W W W"])


@pytest.mark.rule("R13", "R30", "R32")
def test_legal_actions_list_each_end_a_natural_card_may_take() -> None:
    """Ruling 31: legal_actions lists a natural card on a floating run once
    for each end it fits (both where both do), and a Wild once."""
    state = floating_run(3, "R5 B2 G10 W S")
    assert hits_on(state, 0) == [
        Hit("Y1", 0, End.LOW),
        Hit("B2", 0, End.LOW),
        Hit("R5", 0, End.LOW),
        Hit("R5", 0, End.HIGH),
        Hit("G10", 0, End.HIGH),
        Hit("W", 0, End.HIGH),
    ]
    assert legal_actions(view(state, 1)) == legal_actions(state)
    # The two R5 hits are different moves: 5-8 and 2-5.
    assert hit(state, "R5", 0, end=End.LOW).table[0].low == 5
    assert hit(state, "R5", 0, end=End.HIGH).table[0].low == 2


@pytest.mark.rule("R13", "R33")
def test_the_greedy_bot_plays_on_floating_runs() -> None:
    """Ruling 31: the greedy bot hits natural cards onto a floating run and
    plays its hand out without a refused move or an endless turn."""
    state = floating_run(4, "R5 B9 G2 S")
    bot = GreedyBot(random.Random(3))
    first = bot.choose(state)
    assert isinstance(first, Hit) and not first.card.is_wild
    moves = 0
    while state.step in (Step.DRAW, Step.PLAY) and moves < 400:
        state = apply(state, bot.choose(view(state, state.current)))
        moves += 1
    assert state.step in (Step.HAND_OVER, Step.GAME_OVER)
    assert not any(meld.floating for meld in state.table)


# --- Ruling 31 against the move lists, at random -------------------------------------


@st.composite
def floating_positions(draw: st.DrawFn) -> GameState:
    """Seat 1 has laid a floating run (or colour run) of 1-12 Wilds, perhaps
    grown by Wilds hit onto it, and holds a few random cards."""
    size = draw(st.integers(1, 12))
    color = draw(st.booleans())
    rest = draw(st.lists(st.sampled_from(FACES) | st.just(WILD), max_size=5))
    # The deal also takes two R1s (seat 0's card, the starter) and a Y1.
    stock = Counter(MANY_WILDS) - Counter(parse_cards("R1 R1 Y1"))
    stock[WILD] -= size
    assume(all(n <= stock[card] for card, n in Counter(rest).items()))
    state = floating_run(size, format_cards(rest), color=color)
    for _ in range(draw(st.integers(0, 2))):
        if not can_hit(state, "W", 0):
            break
        state = hit(state, "W", 0)
    return state


@given(state=floating_positions(), data=st.data())
@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@pytest.mark.rule("R13", "R30", "R32")
def test_hits_on_a_floating_run_are_listed_exactly(
    state: GameState, data: st.DataObject
) -> None:
    """Ruling 31 at random: on a floating run, each card is accepted at
    exactly the ends worked out by hand, can_hit agrees, legal_actions
    lists each distinct hit once, and each hit leaves the run where the
    ruling says. Then a random listed move, and the same again."""
    for _ in range(3):
        check_floating_hits(state)
        state = apply(state, data.draw(st.sampled_from(legal_actions(state))))
        if state.step is not Step.PLAY or not state.table[0].floating:
            return


def check_floating_hits(state: GameState) -> None:
    meld = state.table[0]
    size = len(meld.cards)
    hand = set(state.player.hand)
    listed = hits_on(state, 0)
    expected = []
    for card in sorted(hand):
        ends = expected_ends(size, card)
        if card.is_wild:
            ends = ends[1:]  # either end makes the same run: listed once
        expected += [Hit(card, 0, end) for end in ends]
    assert listed == expected
    for card in set(FACES):
        ends = expected_ends(size, card) if card in hand else ()
        for end in (None, *EITHER):
            fits = bool(ends) if end is None else end in ends
            assert can_hit(state, card, 0, end=end) == fits, (card, end)
            if not fits:
                with pytest.raises(Phase10Error):
                    hit(state, card, 0, end=end)
                continue
            after = hit(state, card, 0, end=end).table[0]
            if card.is_wild:
                assert after.floating and after.cards == (WILD,) * (size + 1)
                continue
            n = card.number
            assert n is not None
            at = end if end is not None else ends[-1]
            assert after.low == (n if at is End.LOW else n - size)
            assert after.high == after.low + size
            assert after.color is (card.color if meld.kind.is_colored else None)
            numbers = [number for number, _ in after.stands_for()]
            assert numbers == list(range(after.low, after.high + 1))


WILD_GAME = Rules(
    phases=[
        "1 run of 4",
        "1 run of 3 of one color",
        "1 set of 2 + 1 run of 5",
        "1 set of 3",
    ],
    naturals=NONE,
    deck=(*standard_deck(), *(WILD,) * 16),
    hand_size=8,
)
"""A game where groups of Wilds alone are allowed and Wilds are plenty."""


def fond_of_wilds(state: GameState, rng: random.Random) -> Action:
    """A listed move: a lay with a group of Wilds alone when there is one,
    else often a hit on a floating run, else any move."""
    listed = legal_actions(state)
    alone = [
        a
        for a in listed
        if isinstance(a, LayPhase)
        and any(all(card.is_wild for card in group) for group in a.groups)
    ]
    if alone:
        return rng.choice(alone)
    floating = [
        a for a in listed if isinstance(a, Hit) and state.table[a.meld].floating
    ]
    if floating and rng.random() < 0.5:
        return rng.choice(floating)
    return rng.choice(listed)


def check_hits_are_listed(state: GameState) -> None:
    """Each hit of a card in hand on any group, with any end, is accepted
    exactly when legal_actions lists it or a hit of the same card on the
    same group that makes the very same move; can_hit agrees."""
    listed = legal_actions(state)
    assert legal_actions(view(state, state.current)) == listed
    for card in set(state.player.hand) | {WILD}:
        for meld in range(len(state.table)):
            outcomes = {
                end: outcome(state, Hit(card, meld, end)) for end in (None, *EITHER)
            }
            shown = [end for end in outcomes if Hit(card, meld, end) in listed]
            for end, after in outcomes.items():
                assert can_hit(state, card, meld, end=end) == (after is not None)
                if after is None:
                    assert end not in shown
                else:
                    assert any(outcomes[other] == after for other in shown)
            for one, other in combinations(shown, 2):
                assert outcomes[one] != outcomes[other]  # each move listed once


def outcome(state: GameState, action: Action) -> GameState | None:
    try:
        return apply(state, action)
    except Phase10Error:
        return None


@pytest.mark.rule("R13", "R30", "R32")
def test_random_games_reach_floating_runs_and_list_their_hits() -> None:
    """Ruling 31 in whole games: under naturals NONE, random play that is
    fond of Wilds lays floating runs and hits natural cards onto them; at
    every such step each hit is accepted exactly when it is listed, once."""
    floating_steps = natural_hits = 0
    for seed in range(10):
        rng = random.Random(seed)
        state = new_game(3, WILD_GAME, seed=seed)
        for _ in range(150):
            if state.step is Step.GAME_OVER:
                break
            if state.step is Step.PLAY and any(m.floating for m in state.table):
                floating_steps += 1
                check_hits_are_listed(state)
            action = fond_of_wilds(state, rng)
            if (
                isinstance(action, Hit)
                and state.table[action.meld].floating
                and not action.card.is_wild
            ):
                natural_hits += 1
            state = apply(state, action)
    assert floating_steps >= 10, floating_steps
    assert natural_hits >= 5, natural_hits


# --- Ruling 31 in JSON -------------------------------------------------------------


def floating_document(size: int = 4) -> dict[str, Any]:
    """A state as a dict: seat 1's run of ``size`` Wilds alone floats as
    table group 0, and seat 1 holds R5, W and Y1."""
    return to_dict(floating_run(size, "R5 W"))


def move_card(data: dict[str, Any], card: str, replace: str | None = None) -> None:
    """Move ``card`` from seat 1's hand onto table group 0, where it takes
    the place of the run's second card if ``replace`` is given (that card
    going to the hand), so the document still holds the whole deck."""
    hand = data["players"][1]["hand"]
    cards = data["table"][0]["cards"]
    hand.remove(card)
    if replace is None:
        cards.append(card)
    else:
        hand.append(cards[1])
        cards[1] = card


def spoil_low(data: dict[str, Any]) -> None:
    data["table"][0]["low"] = 3


def spoil_color(data: dict[str, Any]) -> None:
    data["table"][0]["color"] = "R"


def spoil_length(data: dict[str, Any]) -> None:
    move_card(data, "W")  # now 13 Wilds in one run


def spoil_natural(data: dict[str, Any]) -> None:
    move_card(data, "R5", replace="W")  # W R5 W W claiming to float


def spoil_rules(data: dict[str, Any]) -> None:
    data["rules"]["naturals"] = "per group"


@pytest.mark.rule("R13")
def test_a_state_with_a_floating_run_round_trips_through_json() -> None:
    """Ruling 31: a state holding a floating run (and its view) is written
    and read back exactly, and the read state plays on the same."""
    state = hit(floating_run(3, "W R5", color=True), "W", 0)
    assert state.table[0].floating
    again = from_json(to_json(state), GameState)
    assert again == state
    assert hit(again, "R5", 0, end=End.LOW) == hit(state, "R5", 0, end=End.LOW)
    seen = view(state, 0)
    assert from_json(to_json(seen), type(seen)) == seen


@pytest.mark.rule("R13", "R11")
@pytest.mark.parametrize(
    ("spoil", "size"),
    [
        pytest.param(spoil_low, 4, id="wilds-with-a-low"),
        pytest.param(spoil_color, 4, id="wilds-with-a-colour"),
        pytest.param(spoil_length, 12, id="thirteen-wilds"),
        pytest.param(spoil_natural, 4, id="a-natural-but-no-low"),
        pytest.param(spoil_rules, 4, id="wilds-alone-not-allowed"),
    ],
)
def test_an_impossible_floating_run_is_refused_by_the_reader(
    spoil: Callable[[dict[str, Any]], None], size: int
) -> None:
    """Ruling 31: the reader refuses a run of Wilds alone that claims
    numbers or a colour, one of 13 Wilds, a run with a natural card that
    claims to float, and Wilds alone where every group needs a natural."""
    data = floating_document(size)
    assert from_dict(data, GameState).table[0].floating
    spoil(data)
    with pytest.raises(FormatError):
        from_dict(data, GameState)


# --- Ruling 32: go_out_by_hit off ----------------------------------------------------


@pytest.mark.rule("R33", "R17")
def test_without_going_out_by_a_hit_a_card_is_kept_to_discard() -> None:
    """Ruling 32: with go_out_by_hit off, a lay or a hit that would empty
    the hand is refused, and Rules refuses a phase of more than hand_size
    cards (one more is fine when the option is on)."""
    rules = Rules(phases=["1 set of 2"], hand_size=3, go_out_by_hit=False)
    hands = ["R1 B2 G3", "R5 B5 G5"]
    state = draw(deal(hands, starter="Y9", draw_top="Y5", rules=rules))
    with pytest.raises(CannotLay, match="keep a card"):
        lay_phase(state, ["R5 B5 G5 Y5"])
    state = hit(lay_phase(state, ["R5 B5"]), "G5", 0)
    with pytest.raises(CannotHit, match="keep a card"):
        hit(state, "Y5", 0)
    assert discard(state, "Y5").went_out == 1
    with pytest.raises(RulesError, match="can lay at most 3"):
        Rules(phases=["1 set of 4"], hand_size=3, go_out_by_hit=False)
    Rules(phases=["1 set of 3"], hand_size=3, go_out_by_hit=False)  # accepted
    Rules(phases=["1 set of 4"], hand_size=3, go_out_by_hit=True)  # accepted


# --- Ruling 33: extra cards laid with the phase ------------------------------------


@pytest.mark.rule("R14", "R31")
def test_extra_cards_laid_with_the_phase_are_not_hits() -> None:
    """Ruling 33: with hit_on_lay_turn off, a phase laid with extra cards is
    still accepted (they are part of the lay); a hit that turn is refused."""
    rules = Rules(hit_on_lay_turn=False)
    hands = ["Y1 Y2", "R5 B5 G5 Y5 R7 B7 G7 G10 B11 B12"]
    state = draw(deal(hands, starter="Y9", draw_top="W", rules=rules))
    laid = lay_phase(state, ["R5 B5 G5 Y5 W", "R7 B7 G7"])
    assert [len(meld.cards) for meld in laid.table] == [5, 3]
    with pytest.raises(CannotHit, match="turn you lay down"):
        hit(lay_phase(state, ["R5 B5 G5", "R7 B7 G7"]), "Y5", 0)


# --- Ruling 34: the tie-break hand ---------------------------------------------------

ONE_PHASE = Rules(phases=["1 set of 2"], hand_size=3)


def tied_three() -> GameState:
    """Seats 0 and 1 complete the only phase with equal totals; seat 2 does
    not. Seat 0 dealt the hand."""
    hands = ["R7 B7 G8", "R5 B5 G9", "R1 B2 G3"]
    state = deal(hands, starter="Y9", draw_top="Y1 Y2 Y7", rules=ONE_PHASE)
    players = tuple(
        attrs.evolve(p, score=s) for p, s in zip(state.players, (5, 0, 0), strict=True)
    )
    state = attrs.evolve(state, players=players)
    state = discard(lay_phase(draw(state), ["R5 B5"]), "Y1")
    state = discard(draw(state), "Y2")
    return discard(lay_phase(draw(state), ["R7 B7 Y7"]), "G8")


@pytest.mark.rule("R38", "R18", "R20")
def test_the_tie_break_hand_deals_the_tied_players_only() -> None:
    """Ruling 34: only the tied players are dealt in; the dealer moves one
    seat left as for any hand, and the first tied player to the dealer's
    left starts (seat 2 dealt, seat 0 starts, seat 1 plays next)."""
    tied = tied_three()
    assert tied.contenders == (0, 1)
    once = attrs.evolve(tied, dealer=1)  # so that seat 2 deals the tie-break
    deck = arranged_deck(
        ONE_PHASE,
        ["R3 B3 G4", "R6 B11 G12"],
        starter="Y9",
        draw_top="Y3",
        dealer=2,
        seats=[0, 1],
        table=3,
    )
    tiebreak = next_hand(once, deck=deck)
    assert tiebreak.dealer == 2
    assert tiebreak.players[2].hand == ()
    assert [len(p.hand) for p in tiebreak.players[:2]] == [3, 3]
    assert tiebreak.current == 0
    after = discard(draw(tiebreak), "G4")
    assert after.current == 1


@pytest.mark.rule("R38", "R34", "R35")
def test_the_tie_break_hand_adds_points_and_advances_nobody() -> None:
    """Ruling 34: the tie-break hand's penalty points are added to the
    totals, and nobody advances a phase."""
    tied = tied_three()
    before = [(p.score, p.completed) for p in tied.players]
    deck = arranged_deck(
        ONE_PHASE,
        ["R3 B3 G4", "R6 B11 G12"],
        starter="Y9",
        draw_top="Y3",
        dealer=1,
        seats=[0, 1],
        table=3,
    )
    over = discard(lay_phase(draw(next_hand(tied, deck=deck)), ["R3 B3 Y3"]), "G4")
    assert over.winner == 0
    assert over.hand_points == (0, 25, 0)  # R6 B11 G12
    assert [p.score for p in over.players] == [
        before[0][0],
        before[1][0] + 25,
        before[2][0],
    ]
    assert [p.completed for p in over.players] == [c for _, c in before]


@pytest.mark.rule("R38", "R28")
def test_in_a_tie_break_hand_the_skip_limit_counts_the_players_in_it() -> None:
    """Ruling 34: with two of three seats playing, a Skip against seat 1 in
    slot 0 bars seat 1 until slot 2 (two players), not slot 3."""
    tied = tied_three()
    deck = arranged_deck(
        ONE_PHASE,
        ["S S R4", "R6 B11 G12"],
        starter="Y9",
        draw_top="Y3 Y4 Y5",
        dealer=1,
        seats=[0, 1],
        table=3,
    )
    tiebreak = next_hand(tied, deck=deck)
    assert tiebreak.current == 0 and tiebreak.turn_slot == 0
    state = skip(draw(tiebreak), 1)  # slot 0; seat 1 loses slot 1
    assert (state.current, state.turn_slot) == (0, 2)
    state = draw(state)
    assert skip_targets(state) == (1,)
    again = skip(state, 1)  # slot 2; seat 1 loses slot 3
    assert (again.current, again.turn_slot) == (0, 4)


# --- Ruling 35: a Skip as the last card ----------------------------------------------


@pytest.mark.rule("R26", "R33")
def test_a_skip_played_as_the_last_card_goes_out_and_its_lost_turn_lapses() -> None:
    """Ruling 35: the player goes out on the Skip; the target's lost turn
    lapses with the hand, so the target plays first in the next hand."""
    rules = Rules(phases=["1 set of 2", "1 set of 3"], hand_size=3)
    state = deal(["R1 B2 G3", "R5 B5 S"], starter="Y9", draw_top="Y5", rules=rules)
    ended = skip(lay_phase(draw(state), ["R5 B5 Y5"]), 0)
    assert ended.step is Step.HAND_OVER and ended.went_out == 1
    assert ended.players[0].skips_pending == 0
    following = next_hand(ended)
    assert following.dealer == 1
    assert following.current == 0 and following.step is Step.DRAW
    assert following.turn_slot == 0


# --- Ruling 36: a hand that can never end --------------------------------------------


@pytest.mark.rule("R33", "R25")
def test_a_hand_that_can_never_end_plays_on_until_the_callers_limit() -> None:
    """Ruling 36: with a custom deck whose only pairs are two 5s and two 7s,
    both players lay a set of two and nothing left fits: the engine plays
    on, reshuffling, and play_game stops at its own move limit."""
    deck = parse_cards("R5 B5 R7 B7 Y1 Y2 Y3 Y4 G6 G8 G9 G10")
    rules = Rules(phases=["1 set of 2"], hand_size=3, deck=deck, max_players=2)
    hands = ["R7 B7 Y1", "R5 B5 Y2"]
    state = draw(deal(hands, starter="Y3", draw_top="Y4", rules=rules))
    state = discard(lay_phase(state, ["R5 B5"]), "Y2")
    state = discard(lay_phase(draw(state), ["R7 B7"]), "Y1")
    bot = GreedyBot(random.Random(1))
    for _ in range(300):
        assert not any(isinstance(a, Hit) for a in legal_actions(state))
        state = apply(state, bot.choose(state))
    assert state.step in (Step.DRAW, Step.PLAY)
    assert state.hand_number == 1 and state.shuffles > 0
    # No game with this deck can end: nobody can ever empty their hand.
    result = play_game([GreedyBot(), GreedyBot()], rules, seed=2, max_moves=500)
    assert (result.winner, result.moves, result.hands) == (None, 500, 1)
    assert result.final.step in (Step.DRAW, Step.PLAY)


# --- Ruling 37: a Wild starter with wild_from_discard off ------------------------


@pytest.mark.rule("R22")
def test_a_wild_starter_cannot_be_taken_when_wilds_stay_in_the_pile() -> None:
    """Ruling 37: with wild_from_discard off, a Wild turned up as the starter
    cannot be drawn by the first player (it may be with the option on)."""
    kept = deal(["R1", "B1"], starter="W", rules=Rules(wild_from_discard=False))
    with pytest.raises(CannotDraw, match="Wild"):
        draw(kept, Pile.DISCARD)
    assert legal_actions(kept) == (Draw(Pile.DRAW),)
    assert draw(kept).discard_pile == parse_cards("W")
    taken = deal(["R1", "B1"], starter="W")
    assert draw(taken, Pile.DISCARD).players[1].hand[-1] == WILD


# --- Ruling 38: nothing under the top discard ---------------------------------------


@pytest.mark.rule("R25", "R17")
def test_a_lone_top_discard_needs_a_deck_the_rules_refuse() -> None:
    """Ruling 38: Rules refuses a deck of fewer than max_players x
    hand_size + 2 cards, and with the smallest deck it accepts, hands
    reshuffle again and again and never end for want of a draw pile."""
    numbers = [card for card in standard_deck() if card.is_number]
    with pytest.raises(RulesError, match="needs at least 8"):
        Rules(phases=["1 set of 2"], hand_size=3, deck=numbers[:7], max_players=2)
    rules = Rules(
        phases=["1 set of 4"],
        hand_size=3,
        deck=parse_cards("R5 B5 G5 Y5 R1 B2 G3 Y4"),
        max_players=2,
        on_empty_draw_pile=EmptyDrawPile.RESHUFFLE,
    )
    refills = 0
    for seed in range(20):
        state = new_game(2, rules, seed=seed)
        assert len(state.draw_pile) == 1
        dealt = state.shuffles
        rng = random.Random(seed)
        for _ in range(60):
            if state.step is not Step.DRAW and state.step is not Step.PLAY:
                break
            state = apply(state, rng.choice(legal_actions(state)))
            assert all_cards(state) == Counter(rules.deck)
        assert state.went_out is not None or state.step is not Step.HAND_OVER
        refills += state.shuffles - dealt
    assert refills > 20


@pytest.mark.rule("R25")
def test_a_lone_top_discard_still_ends_the_hand_for_completeness() -> None:
    """Ruling 38: a state built by hand with the draw pile empty and one
    discard ends the hand with no winner when the next turn starts."""
    state = draw(deal(["R1 B2", "R5 B5"], starter="Y9", draw_top="Y4"))
    lone = attrs.evolve(state, draw_pile=(), discard_pile=())
    ended = discard(lone, "R5")
    assert ended.step is Step.HAND_OVER and ended.went_out is None
    assert ended.discard_pile == parse_cards("R5")
