"""The coach (``phase10.analysis.review``, ``review_game``): what a move cost
by the odds against the advice's first move, from the mover's view alone."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from math import comb

import attrs
import pytest
from games import played
from hypothesis import HealthCheck, given, settings
from scenarios import deal
from strategies import game_states
from test_view import hidden_twin

from phase10 import (
    PRESETS,
    CardNotInHand,
    Discard,
    Draw,
    FormatError,
    GameOver,
    GameRecord,
    GameState,
    IllegalMove,
    LayPhase,
    NextHand,
    NoSuchSeat,
    NotYourTurn,
    Pile,
    PlayerView,
    Rules,
    Step,
    UsageError,
    WrongStep,
    apply,
    determinize,
    format_cards,
    legal_actions,
    new_game,
    replay,
    view,
)
from phase10.analysis import Review, advise, phase_odds, review, review_game, unseen
from phase10.bots import GreedyBot

_IN_TURN = (Step.DRAW, Step.PLAY, Step.CHOOSE)


def positions(rules: Rules | None, seed: int, every: int = 3) -> Iterator[GameState]:
    """States of a seeded game of three, one in ``every`` moves, where a seat
    is to move (a few moves random, so that not every move is the bot's)."""
    for moves, state in enumerate(played(rules, 3, seed, 300, mix=0.2)):
        if state.step in _IN_TURN and moves % every == 0:
            yield state


def recorded(rules: Rules | None, seed: int, moves: int) -> GameRecord:
    """A record of ``moves`` moves of a seeded game of three, some random."""
    record, state = GameRecord.start(3, rules, seed=seed)
    bot = GreedyBot(random.Random(seed))
    rng = random.Random(seed + 1)
    for _ in range(moves):
        if state.step is Step.GAME_OVER:
            break
        if rng.random() < 0.2:
            move = rng.choice(legal_actions(state))
        else:
            move = bot.choose(state)
        state, record = apply(state, move), record.then(move)
    return record


def ann() -> PlayerView:
    """The docs' position (docs/analysis.md, "The odds on a real position"):
    Ann just drew, holding R1 R3 B3 Y4 R5 B5 R6 Y7 R8 G8 W for phase 1."""
    state = new_game(["Ann", "Bob", "Cleo"], seed=5)
    bots = [GreedyBot(), GreedyBot(), GreedyBot()]
    for _ in range(10):
        state = apply(state, bots[state.current].choose(view(state, state.current)))
    return view(state, 0)


# --- the best move ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "seed"), [(None, 1), (PRESETS["masters"], 2), (Rules(swap_wilds=True), 3)]
)
def test_the_best_move_is_the_advices_first_and_the_rank_its_place(
    rules: Rules | None, seed: int
) -> None:
    """For every legal move of many real positions, the review names
    advise(view)[0] as the best, gives the move's own advice and its place
    in the advice, and calls it best exactly when it is first."""
    checked = worse = 0
    for state in list(positions(rules, seed))[:25]:
        seen = view(state, state.current)
        ranked = advise(seen)
        for place, tip in enumerate(ranked):
            told = review(seen, tip.action)
            assert told.best == ranked[0]
            assert told.advice == tip
            assert told.rank == place + 1 and told.moves == len(ranked)
            assert told.is_best == (place == 0)
            assert told.seat == state.current and told.move == tip.action
            if place == 0:
                assert told.cost == 0
                assert "was the analysis's first choice" in told.text()
            else:
                assert told.best_words in told.text()
                worse += told.cost > 0
            checked += 1
    assert checked > 100 and worse > 10


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=game_states())
def test_under_any_rules_the_best_is_the_advices_first(state: GameState) -> None:
    """Under random rules too, each listed move's review names the first
    advice as best and says so in a sentence; its to_dict is JSON."""
    if state.step not in _IN_TURN:
        return
    seen = view(state, state.current)
    ranked = advise(seen)
    for tip in ranked[:6]:
        told = review(seen, tip.action)
        assert told.best == ranked[0]
        text = told.text()
        assert text == str(told) and text.endswith(".") and "\n" not in text
        plain = json.loads(json.dumps(told.to_dict()))
        assert plain["best"]["notation"] == ranked[0].notation
        assert plain["text"] == text


def test_a_lay_spelled_another_way_is_the_same_move() -> None:
    """The advice's first lay with its groups in the other order, and a
    set's cards in another order, is still the first: the same move."""
    found = 0
    for state in positions(None, 13, 1):
        if state.step is not Step.PLAY:
            continue
        seen = view(state, state.current)
        best = advise(seen)[0].action
        if not isinstance(best, LayPhase) or len(best.groups) < 2:
            continue
        if seen.phase_number(state.current) != 1:  # two sets: any order goes
            continue
        turned = LayPhase(tuple(tuple(reversed(g)) for g in reversed(best.groups)))
        assert turned != best
        told = review(seen, turned)
        assert told.is_best and told.rank == 1 and told.advice == advise(seen)[0]
        assert told.cost == 0 and "first choice" in told.text()
        found += 1
        if found == 3:
            break
    assert found


def test_a_larger_lay_the_advice_does_not_list_is_judged_as_its_kind() -> None:
    """Where a lay may not be followed by hits, a lay of four 3s is legal but
    not listed: the review judges it as the advice judges lays, ranks it
    above the minimal lays (more cards), and says it is not the first."""
    rules = Rules(hit_on_lay_turn=False)
    hands = ["R1 B1 G1 Y1 R2 B2 G2 Y2 R4 B4", "R3 B3 G3 Y3 R5 B5 G5 Y9 R10 G11"]
    state = apply(deal(hands, draw_top="R12", rules=rules), Draw())
    seen = view(state, 1)
    larger = LayPhase.from_notation("L R3 B3 G3 Y3 | R5 B5 G5")
    assert larger not in legal_actions(seen)
    told = review(seen, larger)
    assert (told.rank, told.is_best, told.cost) == (1, False, Fraction(0))
    assert told.best == advise(seen)[0] and told.advice.action == larger
    assert (told.points_after, told.best_points) == (35, 40)
    assert told.text().startswith(
        "Laying phase 1 as R3 B3 G3 Y3 | R5 B5 G5 left 35 points in your hand "
        "against 40 (lay phase 1 now, keeping your Wilds); the analysis prefers "
        "laying phase 1 as R3 B3 Y3 | R5 B5 G5"
    )


# --- the numbers, by hand --------------------------------------------------------


def test_breaking_a_pair_costs_what_a_count_by_hand_gives() -> None:
    """Ann holds pairs of 3s, 5s and 8s, a Wild and singles 1, 4, 6, 7: phase
    1 is two sets of 3. Discarding R1 (the advice's first) keeps 24 outs
    (W, 3, 5, 8); discarding R3 breaks the 3s and keeps 18 (W, 5, 8).

    Within two draws, the hand fails only if neither card is an out, unless
    both are of one number the hand holds once: then that number is a set
    of three and the Wild makes a pair of the other set. So with N unseen,
    P = 1 - (C(N - outs, 2) - sum of C(unseen of n, 2) over the singles)
    / C(N, 2); the singles are 4, 6 and 7 after R1 goes, and 1, 3, 4, 6, 7
    after R3 goes."""
    seen = ann()
    assert format_cards(sorted(seen.hand)) == "R1 R3 B3 Y4 R5 B5 R6 Y7 R8 G8 W"
    left = unseen(seen)
    total = sum(left.values())
    by_number = Counter({card.number: 0 for card in left if card.number})
    for card, count in left.items():
        if card.number:
            by_number[card.number] += count
    wilds = sum(count for card, count in left.items() if card.is_wild)

    def by_hand(pairs: tuple[int, ...], singles: tuple[int, ...]) -> Fraction:
        outs = wilds + sum(by_number[n] for n in pairs)
        fails = comb(total - outs, 2) - sum(comb(by_number[n], 2) for n in singles)
        return 1 - Fraction(fails, comb(total, 2))

    keep_threes = by_hand((3, 5, 8), (4, 6, 7))
    break_threes = by_hand((5, 8), (1, 3, 4, 6, 7))
    assert (keep_threes, break_threes) == (Fraction(625, 1276), Fraction(126, 319))

    told = review(seen, Discard("R3"))
    assert told.best.action == Discard("R1")
    assert told.odds_before == phase_odds(seen, 2) == Fraction(158, 319)
    assert told.odds_after == break_threes
    assert told.best_odds == keep_threes
    assert told.cost == keep_threes - break_threes == Fraction(11, 116)
    assert (told.points_before, told.points_after, told.best_points) == (75, 70, 70)
    assert (told.phase, told.draws, told.rank, told.is_best) == (1, 2, 5, False)
    assert told.text() == (
        "Discarding R3 gave up 9% of making phase 1 within two draws (39% left "
        "against 49%); the analysis prefers discarding R1: discard R1, keeping "
        "24 outs and 49% to make phase 1 within two draws."
    )


def test_a_draw_counts_the_card_it_takes_as_the_first_of_the_window() -> None:
    """Bob's first turn (the docs' first example): the top discard is a Wild,
    which makes phase 1. Taking it leaves odds 1; a blind draw keeps, in
    expectation, the odds before it: the two-draw odds of the hand, and
    the hand's points plus an unseen card's mean."""
    seen = view(new_game(2, seed=5), 1)
    blind = review(seen, Draw())
    taken = review(seen, Draw(Pile.DISCARD))
    assert taken.is_best and taken.odds_after == 1 and taken.cost == 0
    assert blind.odds_before == blind.odds_after == phase_odds(seen, 2)
    assert blind.best_odds == 1 and blind.cost == 1 - phase_odds(seen, 2)
    points = seen.rules.points
    left = unseen(seen)
    mean = Fraction(sum(points.of(c) * n for c, n in left.items()), sum(left.values()))
    assert blind.points_after == points.total(seen.hand) + mean
    assert taken.points_after == points.total(seen.hand) + 25
    assert str(blind).startswith("Drawing blind gave up 73% of making phase 1")


def test_once_down_the_odds_are_one_and_points_tell_the_moves_apart() -> None:
    """A seat whose phase is down has odds 1 before and after every move;
    the review then speaks of the points left in hand."""
    checked = 0
    for state in positions(None, 21, 1):
        seen = view(state, state.current)
        if state.step is not Step.PLAY or not seen.players[state.current].laid_down:
            continue
        for tip in advise(seen)[1:]:
            told = review(seen, tip.action)
            assert told.odds_before == told.odds_after == told.best_odds == 1
            assert told.cost == 0
            if told.points_after != told.best_points:
                assert "points in your hand against" in told.text()
                checked += 1
        if checked >= 5:
            break
    assert checked


def test_between_hands_the_next_hand_has_no_odds() -> None:
    """The move that deals the next hand is the only one: first, no odds."""
    state = next(s for s in played(None, 2, 4, 400) if s.step is Step.HAND_OVER)
    told = review(view(state, 0), NextHand())
    assert told.is_best and told.rank == told.moves == 1
    assert told.odds_before is told.odds_after is told.best_odds is None
    assert told.draws == 0 and told.points_after is None
    assert told.text() == (
        "Starting the next hand was the analysis's first choice: start the next hand."
    )


# --- what the review reads --------------------------------------------------------


@pytest.mark.parametrize("rules", [None, PRESETS["masters"]])
def test_re_dealing_what_the_mover_cannot_see_changes_no_review(
    rules: Rules | None,
) -> None:
    """A review of a state reads only the mover's view: a state re-dealt
    from that view (determinize), or with the others' hands and the draw
    pile shuffled (hidden_twin), gives the same review, text and JSON."""
    rng = random.Random(7)
    checked = 0
    for state in list(positions(rules, 8, 5))[:12]:
        seat = state.current
        seen = view(state, seat)
        for move in [tip.action for tip in advise(seen)][:4]:
            mine = review(state, move)
            assert mine == review(seen, move)
            for other in (determinize(seen, rng), hidden_twin(state, seat, rng)):
                assert other != state
                theirs = review(other, move)
                assert theirs == mine
                assert theirs.text() == mine.text()
                assert theirs.to_dict() == mine.to_dict()
                checked += 1
    assert checked > 40


def test_review_game_is_each_move_reviewed_from_the_movers_view() -> None:
    """review_game equals reviewing, by hand, each move of the record from
    the view of the seat to move before it, leaving out the deals; with a
    seat, that seat's moves alone."""
    for rules, seed in ((None, 3), (PRESETS["masters"], 4)):
        record = recorded(rules, seed, 160)
        states = replay(record)
        by_hand = tuple(
            attrs.evolve(review(view(state, state.current), move), index=index)
            for index, (state, move) in enumerate(
                zip(states, record.actions, strict=False)
            )
            if state.step in _IN_TURN
        )
        assert review_game(record) == by_hand
        assert any(not told.is_best for told in by_hand)
        for seat in range(3):
            assert review_game(record, seat) == tuple(
                told for told in by_hand if told.seat == seat
            )
        skipped = [
            index
            for index, move in enumerate(record.actions)
            if isinstance(move, NextHand)
        ]
        assert {told.index for told in by_hand}.isdisjoint(skipped)
        assert len(by_hand) + len(skipped) == len(record.actions)


# --- refusals ---------------------------------------------------------------------


def test_a_move_out_of_turn_or_against_the_rules_is_refused_and_nothing_changes() -> (
    None
):
    """The coach refuses, with the package's own errors, a move of a seat not
    to move, a move the rules forbid, anything but a move, and anything but
    a seat's view or a state; a refusal changes nothing it was given."""
    state = new_game(2, seed=5)
    seen, other = view(state, 1), view(state, 0)
    copies = (view(state, 1), view(state, 0))
    before = review(seen, Draw())
    with pytest.raises(NotYourTurn, match="turn"):
        review(other, Draw())
    with pytest.raises(WrongStep, match="draw a card before you discard"):
        review(seen, Discard("R12"))
    after_draw = view(apply(state, Draw()), 1)
    with pytest.raises(CardNotInHand):
        review(after_draw, Discard("B1"))
    with pytest.raises(UsageError, match="move record"):
        review(seen, "X R12")  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="PlayerView"):
        review(state.players[1], Draw())  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="spectator"):
        review(view(state, None), Draw())
    assert (seen, other) == copies
    assert review(seen, Draw()) == before
    assert review(state, Draw()) == before  # a state: the seat to move's view

    record = recorded(None, 2, 400)
    last = replay(record)[-1]
    if last.step is Step.GAME_OVER:
        with pytest.raises(GameOver):
            review(last, NextHand())
    with pytest.raises(UsageError, match="GameRecord"):
        review_game(state)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="whole number"):
        review_game(record, "1")  # type: ignore[arg-type]
    with pytest.raises(NoSuchSeat, match="3 seats"):
        review_game(record, 3)
    broken = GameRecord(players=2, seed=5, actions=(Discard("R12"),))
    with pytest.raises(FormatError, match="actions\\[0\\]"):
        review_game(broken)
    assert issubclass(NotYourTurn, IllegalMove)


def test_reviews_are_immutable_records() -> None:
    """A review is a frozen record; copying it gives itself."""
    import copy

    told = review(ann(), Discard("R3"))
    assert isinstance(told, Review)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        told.cost = Fraction(0)  # type: ignore[misc]
    assert copy.deepcopy(told) is told
