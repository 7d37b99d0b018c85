"""phase10.analysis: exact odds against a brute-force count and against
sampling, outs against the solver, advice against the legal moves, and
nothing read that the seat cannot see."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterator
from fractions import Fraction
from itertools import permutations

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import game_states
from test_view import hidden_twin

from phase10 import (
    PRESETS,
    STANDARD_PHASES,
    Action,
    Card,
    ChoosePhase,
    Draw,
    GameState,
    Hit,
    LayPhase,
    NaturalRule,
    PhaseSpec,
    Rules,
    Step,
    UsageError,
    apply,
    determinize,
    find_phase,
    from_dict,
    legal_actions,
    new_game,
    parse_cards,
    standard_deck,
    view,
)
from phase10._memo import clear_all
from phase10.analysis import (
    Advice,
    advise,
    expected_draws,
    hand_odds,
    hand_outs,
    hint,
    outs,
    phase_odds,
    unseen,
)
from phase10.bots import GreedyBot

# --- the brute force, small and obviously right -------------------------------


def brute_odds(
    hand: tuple[Card, ...],
    phase: PhaseSpec,
    pile: list[Card],
    draws: int,
    rules: Rules,
) -> Fraction:
    """Every ordered sequence of ``draws`` distinct cards of ``pile`` (each
    card a separate object, as in a real pile), counted one by one."""
    made = total = 0
    for sequence in permutations(range(len(pile)), draws):
        total += 1
        cards = hand + tuple(pile[place] for place in sequence)
        made += find_phase(cards, phase, rules) is not None
    return Fraction(made, total)


SMALL_PHASES = [
    "2 sets of 3",
    "1 set of 3 + 1 run of 4",
    "1 run of 5",
    "5 cards of one color",
    "1 color run of 4",
    "4 even cards",
    "1 run of 3 odd numbers + 1 set of 2",
]

RULES = [
    Rules(),
    Rules(naturals=NaturalRule.NONE),
    Rules(naturals=NaturalRule.PER_PHASE),
    Rules(wrap_runs=True),
]


@st.composite
def small_deals(draw: st.DrawFn) -> tuple[tuple[Card, ...], list[Card], Rules]:
    """A hand and a small pile of unseen cards, dealt from a narrow slice of
    the deck so that phases are often near."""
    low = draw(st.integers(1, 8))
    deck = [c for c in standard_deck() if c.number is None or low <= c.number < low + 5]
    cards = draw(st.permutations(deck))
    size = draw(st.integers(3, 7))
    pile_size = draw(st.integers(3, 8))
    return (
        tuple(cards[:size]),
        list(cards[size : size + pile_size]),
        draw(st.sampled_from(RULES)),
    )


@settings(max_examples=60, deadline=None)
@given(deal=small_deals(), text=st.sampled_from(SMALL_PHASES), draws=st.integers(1, 3))
def test_exact_odds_equal_a_count_of_every_draw_sequence(
    deal: tuple[tuple[Card, ...], list[Card], Rules], text: str, draws: int
) -> None:
    """hand_odds equals the share of every ordered draw sequence of the pile
    that makes the phase, under each natural-card rule and with wrapping runs."""
    hand, pile, rules = deal
    phase = PhaseSpec.parse(text)
    draws = min(draws, len(pile))
    expected = brute_odds(hand, phase, pile, draws, rules)
    assert hand_odds(hand, phase, draws, unseen=pile, rules=rules) == expected


def test_the_count_is_not_trivially_zero_or_one() -> None:
    """The brute-force comparison sees odds strictly between 0 and 1, on
    each kind of phase (else it would check little)."""
    hand = parse_cards("R3 B3 G4 Y5 R7 B7 G7")
    pile = parse_cards("R3 Y6 B6 G6 R7 W S Y3")
    for text in ["2 sets of 3", "1 run of 5", "4 cards of one color"]:
        phase = PhaseSpec.parse(text)
        exact = hand_odds(hand, phase, 2, unseen=pile)
        assert 0 < exact < 1
        assert exact == brute_odds(hand, phase, list(pile), 2, Rules())


def test_the_worked_example_of_the_docs_page() -> None:
    """The docs page's example, counted by hand: 3 outs of 5, and two draws
    miss only if both come from the other two cards."""
    hand, pile = "R3 B3 Y7 G7 R7", "G3 B3 R9 W S"
    assert hand_odds(hand, "2 sets of 3", 1, unseen=pile) == Fraction(3, 5)
    assert hand_odds(hand, "2 sets of 3", 2, unseen=pile) == 1 - Fraction(
        2, 5
    ) * Fraction(1, 4)
    found = hand_outs(hand, "2 sets of 3", unseen=pile)
    assert {str(card): count for card, count in found.items()} == {
        "B3": 1,
        "G3": 1,
        "W": 1,
    }


# --- real positions -------------------------------------------------------------


def positions(rules: Rules | None, seed: int, every: int = 5) -> Iterator[GameState]:
    """States of a seeded game between greedy bots, one in ``every`` moves,
    where a seat is to move."""
    state = new_game(3, rules, seed=seed)
    bot = GreedyBot(random.Random(seed))
    for moves in range(400):
        if state.step is Step.GAME_OVER:
            return
        if state.step is Step.HAND_OVER:
            state = apply(state, bot.choose(state))
            continue
        if moves % every == 0:
            yield state
        state = apply(state, bot.choose(state))


def test_outs_are_exactly_the_unseen_faces_with_which_the_solver_succeeds() -> None:
    """For each seat of real positions, a face is an out exactly when it is
    unseen and the hand with it makes the phase, and its count is the
    unseen count."""
    checked = 0
    for rules in (Rules(), PRESETS["masters"]):
        for state in list(positions(rules, 11))[:12]:
            for seat in range(len(state.players)):
                seen = view(state, seat)
                phase = seen.phase_of(seat)
                if phase is None:
                    continue
                left = unseen(seen)
                found = outs(seen)
                for card, count in left.items():
                    makes = find_phase((*seen.hand, card), phase, rules) is not None
                    assert (card in found) == makes
                    assert found.get(card, count) == count
                assert set(found) <= set(left)
                checked += bool(found) and len(found) < len(left)
    assert checked > 3


def test_unseen_is_the_deck_less_what_the_view_shows() -> None:
    """The unseen cards are as many as the hidden places hold: other hands
    less their known cards, the discard pile below its top, the draw pile."""
    for state in list(positions(None, 3))[:6]:
        seen = view(state, 1)
        hidden = sum(
            p.hand_size - len(p.known) for s, p in enumerate(seen.players) if s != 1
        )
        hidden += seen.draw_size + seen.discard_size - (seen.discard_top is not None)
        assert sum(unseen(seen).values()) == hidden


@pytest.mark.parametrize(("rules", "seed"), [(None, 8), (PRESETS["masters"], 9)])
def test_exact_odds_agree_with_sampling_through_determinize(
    rules: Rules | None, seed: int
) -> None:
    """The two-draw odds agree, within four standard errors, with the share
    of determinized deals whose next two draws make the phase."""
    states = [s for s in positions(rules, seed, 3) if s.step is Step.PLAY]
    state = states[2]
    seen = view(state, state.current)
    phase = seen.phase_of(state.current)
    assert phase is not None
    exact = phase_odds(seen, 2)
    rng = random.Random(seed)
    samples = 1000
    made = 0
    for _ in range(samples):
        deal = determinize(seen, rng)
        cards = (*seen.hand, *deal.draw_pile[:2])
        made += find_phase(cards, phase, seen.rules) is not None
    error = math.sqrt(float(exact) * (1 - float(exact)) / samples)
    assert abs(made / samples - float(exact)) <= 4 * max(error, 1 / samples)


def test_taking_the_discard_counts_the_top_as_the_first_card() -> None:
    """take_discard adds the top discard to the hand and draws one fewer."""
    for state in list(positions(None, 4, 3))[:10]:
        seen = view(state, state.current)
        top = seen.discard_top
        if top is None or top.is_skip:
            continue
        phase = seen.phase_of(state.current)
        assert phase is not None
        left = [card for card, n in unseen(seen).items() for _ in range(n)]
        hand = (*seen.hand, top)
        assert phase_odds(seen, 2, take_discard=True) == hand_odds(
            hand, phase, 1, unseen=left
        )
        made = find_phase(hand, phase) is not None
        assert phase_odds(seen, 1, take_discard=True) == int(made)


def test_nothing_hidden_changes_any_answer() -> None:
    """Re-dealing what a seat cannot see changes none of its outs, odds,
    advice, hint or expected draws."""
    rng = random.Random(5)
    hidden = attrs.evolve(PRESETS["masters"], saved_cards_hidden=True)
    for rules in (None, hidden):
        for state in list(positions(rules, 6, 7))[:6]:
            seat = state.current
            twin = hidden_twin(state, seat, rng)
            mine, theirs = view(state, seat), view(twin, seat)
            assert advise(mine) == advise(theirs)
            assert hint(mine) == hint(theirs)
            if mine.phase_of(seat) is not None:
                assert outs(mine) == outs(theirs)
                assert phase_odds(mine, 2) == phase_odds(theirs, 2)
                small = expected_draws(mine, samples=20)
                assert small == expected_draws(theirs, samples=20)


def test_clearing_the_memos_changes_no_answer() -> None:
    """The answers remembered per hand are the answers worked out afresh."""
    state = list(positions(None, 12, 4))[5]
    seen = view(state, state.current)
    warm = (phase_odds(seen, 3), dict(outs(seen)), advise(seen))
    clear_all()
    assert (phase_odds(seen, 3), dict(outs(seen)), advise(seen)) == warm


# --- advice ---------------------------------------------------------------------


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=game_states())
def test_advice_names_every_legal_move_and_nothing_else(state: GameState) -> None:
    """advise ranks exactly the legal moves of the seat to move, each with a
    reason, in JSON-ready form; other seats get no advice."""
    if state.step is Step.GAME_OVER:
        return
    seen = view(state, state.current)
    ranked = advise(seen)
    assert sorted(a.notation for a in ranked) == sorted(
        m.notation for m in legal_actions(seen)
    )
    assert {a.action for a in ranked} == set(legal_actions(seen))
    for advice in ranked:
        assert advice.reason and "\n" not in advice.reason
        plain = json.loads(json.dumps(advice.to_dict()))
        assert from_dict(plain["move"], Action) == advice.action
    if state.step in (Step.DRAW, Step.PLAY, Step.CHOOSE):
        other = (state.current + 1) % len(state.players)
        assert advise(view(state, other)) == ()


def test_a_phase_in_hand_is_laid_first_and_hits_come_before_the_discard() -> None:
    """Advice puts laying the phase first, and once down, hitting first."""
    laid = hit = 0
    for state in positions(None, 13, 1):
        if state.step is not Step.PLAY:
            continue
        seen = view(state, state.current)
        moves = legal_actions(seen)
        best = advise(seen)[0].action
        if any(isinstance(m, LayPhase) for m in moves):
            assert isinstance(best, LayPhase)
            laid += 1
        elif any(isinstance(m, Hit) for m in moves):
            assert isinstance(best, Hit)
            hit += 1
        if laid >= 3 and hit >= 3:
            break
    assert laid and hit


def test_the_best_discard_keeps_the_best_odds() -> None:
    """Before the phase is down, no discard keeps better two-draw odds than
    the first one advised."""
    checked = 0
    for state in positions(None, 14, 2):
        seen = view(state, state.current)
        if state.step is not Step.PLAY or seen.players[state.current].laid_down:
            continue
        ranked = [a for a in advise(seen) if a.action.name == "discard"]
        if ranked and not any(isinstance(m, LayPhase) for m in legal_actions(seen)):
            assert ranked[0].odds[1] == max(a.odds[1] for a in ranked)
            assert "within two draws" in ranked[0].reason
            checked += 1
            if checked == 10:
                break
    assert checked > 5


def test_the_masters_edition_advises_a_phase_to_choose() -> None:
    """At the start of a Masters Edition hand every open phase is ranked,
    the first with the best two-draw odds."""
    state = new_game(3, PRESETS["masters"], seed=21)
    seen = view(state, state.current)
    ranked = advise(seen)
    assert all(isinstance(a.action, ChoosePhase) for a in ranked)
    assert len(ranked) == 10
    assert ranked[0].odds[1] == max(a.odds[1] for a in ranked)
    assert ranked[0].reason.startswith(f"choose phase {ranked[0].phase} (")


def test_hint_is_plain_json() -> None:
    """hint gives the phase, outs, odds and advice as JSON values, and the
    exact odds as fractions' text."""
    seen = view(new_game(2, seed=5), 1)
    shown = hint(seen)
    assert json.loads(json.dumps(shown)) == shown
    assert Fraction(shown["exact"]["2"]) == phase_odds(seen, 2)
    assert sum(shown["outs"].values()) == sum(outs(seen).values())


def test_advice_records_are_immutable() -> None:
    """An Advice cannot be changed."""
    advice = advise(view(new_game(2, seed=5), 1))[0]
    assert isinstance(advice, Advice)
    with pytest.raises(AttributeError):
        advice.reason = "x"  # type: ignore[misc]


# --- expected draws ---------------------------------------------------------------


def test_expected_draws_is_repeatable_and_zero_for_a_made_hand() -> None:
    """The same seed gives the same estimate; a hand holding its phase takes 0."""
    seen = view(new_game(2, seed=5), 1)
    first = expected_draws(seen, samples=50, seed=3)
    assert first == expected_draws(seen, samples=50, seed=3)
    assert first.mean > 0 and first.stderr > 0
    for state in positions(None, 13, 1):
        seen = view(state, state.current)
        phase = seen.phase_of(state.current)
        if phase is not None and find_phase(seen.hand, phase) is not None:
            assert expected_draws(seen, samples=5).mean == 0
            break
    else:
        pytest.fail("no position held its phase")


# --- bad arguments ----------------------------------------------------------------


def test_bad_arguments_raise_usage_errors() -> None:
    """Wrong arguments are refused with UsageError, in words a player reads."""
    game = new_game(2, seed=5)
    seen = view(game, 1)
    bad: list[Callable[[], object]] = [
        lambda: phase_odds(seen, 0),
        lambda: phase_odds(seen, 5),
        lambda: phase_odds(seen, True),
        lambda: phase_odds(seen, "2"),  # type: ignore[arg-type]
        lambda: phase_odds(game, 1),  # type: ignore[arg-type]
        lambda: phase_odds(view(game, None), 1),
        lambda: phase_odds(seen, 1, phase=11),
        lambda: phase_odds(seen, 1, phase=0),
        lambda: phase_odds(seen, 1, phase=[1]),  # type: ignore[arg-type]
        lambda: phase_odds(seen, 1, take_discard=1),  # type: ignore[arg-type]
        lambda: outs(game),  # type: ignore[arg-type]
        lambda: outs(seen, phase=True),
        lambda: advise("view"),  # type: ignore[arg-type]
        lambda: hint(game),  # type: ignore[arg-type]
        lambda: expected_draws(seen, samples=0),
        lambda: hand_odds("R7 R7 R7", "1 set of 3"),
        lambda: hand_odds("R7 B7", "1 set of 3", unseen="G7", draws=2),
        lambda: hand_outs(7, "1 set of 3"),  # type: ignore[arg-type]
        lambda: hand_outs("R7", "1 set of 3", rules="official"),  # type: ignore[arg-type]
    ]
    for call in bad:
        with pytest.raises(UsageError):
            call()
    with pytest.raises(UsageError, match=r"pass phase10\.view"):
        outs(game)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="no phase 11"):
        outs(seen, phase=11)


def test_a_skip_on_the_discard_pile_cannot_be_taken() -> None:
    """take_discard is refused when the top discard is a Skip."""
    for state in positions(None, 15, 1):
        seen = view(state, state.current)
        if seen.discard_top is not None and seen.discard_top.is_skip:
            with pytest.raises(UsageError, match="cannot be taken"):
                phase_odds(seen, 2, take_discard=True)
            return
    pytest.fail("no Skip on top of the discard pile")


def test_a_masters_seat_with_no_phase_names_one() -> None:
    """Before a Masters Edition phase is chosen, the phase must be named."""
    seen = view(new_game(2, PRESETS["masters"], seed=3), 0)
    with pytest.raises(UsageError, match="phase="):
        outs(seen)
    assert phase_odds(seen, 1, phase=STANDARD_PHASES[0]) == phase_odds(seen, 1, phase=1)
    assert phase_odds(seen, 1, phase="2 sets of 3") == phase_odds(seen, 1, phase=1)


def test_a_phase_whose_faces_cannot_be_grouped_is_counted_two_draws_ahead() -> None:
    """A colour run reads numbers and colours: its odds are counted up to two
    draws, three are refused with the limit, and hint stops at two."""
    hand = "R3 R4 B7 G9 W"
    assert 0 < hand_odds(hand, "1 color run of 5", 2) < 1
    with pytest.raises(UsageError, match="at most 2"):
        hand_odds(hand, "1 color run of 5", 3)
    rules = Rules(phases=(PhaseSpec.parse("1 run of 6 of one color"),))
    seen = view(new_game(2, rules, seed=4), 1)
    assert list(hint(seen)["odds"]) == ["1", "2"]
    # The advice looks one draw ahead there, and says so.
    state = apply(new_game(2, rules, seed=4), Draw())
    ranked = advise(view(state, state.current))
    assert ranked and all(len(a.odds) == 1 for a in ranked)
    assert all("to make phase 1 with the next draw" in a.reason for a in ranked)


def test_the_declared_variant_aims_at_the_open_phase_with_the_best_chance() -> None:
    """Under masters-declare, before a phase is declared, hint and the draw
    advice are about the open phase with the best two-draw odds."""
    seen = view(new_game(2, PRESETS["masters-declare"], seed=6), 1)
    shown = hint(seen)
    best = max(range(1, 11), key=lambda number: phase_odds(seen, 2, phase=number))
    assert phase_odds(seen, 2, phase=shown["phase"]) == phase_odds(seen, 2, phase=best)
    assert all(a.phase == shown["phase"] for a in advise(seen))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=game_states(), shake=st.integers(0, 2**32))
def test_re_dealt_secrets_change_no_advice_under_any_rules(
    state: GameState, shake: int
) -> None:
    """Under random rules too, a seat's advice and hint are the same for two
    states that differ only in what the seat cannot see."""
    seat = state.current
    twin = hidden_twin(state, seat, random.Random(shake))
    mine, theirs = view(state, seat), view(twin, seat)
    assert advise(mine) == advise(theirs)
    assert hint(mine) == hint(theirs)
