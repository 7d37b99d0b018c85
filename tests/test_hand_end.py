"""Going out, scoring, advancing, the next hand and the end of the game (R33-R40)."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from scenarios import all_cards, arranged_deck, deal

from phase10 import (
    STANDARD_PHASES,
    CannotHit,
    CannotLay,
    EmptyDrawPile,
    GameOver,
    GameState,
    LayPhase,
    NextHand,
    NoSuchSeat,
    Points,
    Rules,
    Step,
    WrongStep,
    apply,
    discard,
    draw,
    hit,
    lay_phase,
    legal_actions,
    next_hand,
    skip,
    skip_targets,
    standard_deck,
)

# One phase, three cards a hand: short games for the end-of-game rules.
SHORT = Rules(phases=["1 set of 2", "1 set of 3"], hand_size=3)
ONE_PHASE = Rules(phases=["1 set of 2"], hand_size=3)


def with_scores(state: GameState, *scores: int) -> GameState:
    """``state`` with the players' totals set to ``scores``."""
    players = tuple(
        attrs.evolve(player, score=score)
        for player, score in zip(state.players, scores, strict=True)
    )
    return attrs.evolve(state, players=players)


@pytest.mark.rule("R33", "R34", "R35")
def test_going_out_by_discarding_the_last_card() -> None:
    """Discarding the last card ends the hand; that player scores 0."""
    state = deal(
        ["R1 B2 G3", "R5 B5 G9"], starter="Y9", draw_top="G1 Y7 Y5", rules=SHORT
    )
    state = discard(lay_phase(draw(state), ["R5 B5"]), "G1")  # seat 1
    state = discard(draw(state), "Y7")  # seat 0
    state = hit(draw(state), "Y5", 0)  # seat 1 draws Y5 and hits it
    ended = discard(state, "G9")
    assert ended.step is Step.HAND_OVER
    assert ended.went_out == 1
    assert ended.hand_points == (15, 0)
    assert [p.score for p in ended.players] == [15, 0]
    assert [p.completed for p in ended.players] == [0, 1]


@pytest.mark.rule("R33")
def test_going_out_by_a_hit_ends_the_hand_at_once() -> None:
    """Emptying the hand by hitting ends the hand with no discard."""
    state = deal(["R1 B2 G3", "R5 B5 G5"], starter="Y9", draw_top="Y5", rules=SHORT)
    state = hit(lay_phase(draw(state), ["R5 B5"]), "G5", 0)
    ended = hit(state, "Y5", 0)
    assert ended.step is Step.HAND_OVER
    assert ended.went_out == 1
    assert ended.discard_pile == state.discard_pile


@pytest.mark.rule("R33")
def test_go_out_by_hit_option_keeps_a_card_for_the_discard() -> None:
    """With go_out_by_hit=False the last card cannot be hit, nor the whole hand laid."""
    rules = attrs.evolve(SHORT, go_out_by_hit=False)
    state = deal(["R1 B2 G3", "R5 B5 G5"], starter="Y9", draw_top="Y5", rules=rules)
    state = hit(lay_phase(draw(state), ["R5 B5"]), "G5", 0)
    with pytest.raises(CannotHit, match="keep a card"):
        hit(state, "Y5", 0)
    assert discard(state, "Y5").went_out == 1
    whole = deal(["R1 B2 G3", "R5 B5 G5"], starter="Y9", draw_top="Y5", rules=rules)
    with pytest.raises(CannotLay, match="keep a card"):
        lay_phase(draw(whole), ["R5 B5 G5 Y5"])


@pytest.mark.rule("R33")
def test_laying_down_every_card_goes_out() -> None:
    """A phase that uses the whole hand ends the hand at once."""
    state = deal(["R1 B2 G3", "R5 B5 G5"], starter="Y9", draw_top="Y5", rules=SHORT)
    ended = lay_phase(draw(state), ["R5 B5 G5 Y5"])
    assert ended.step is Step.HAND_OVER
    assert ended.went_out == 1


@pytest.mark.rule("R33", "R26")
def test_going_out_on_a_skip() -> None:
    """Playing a Skip as the last card goes out."""
    state = deal(["R1 B2 G3", "R5 B5 S"], starter="Y9", draw_top="Y5", rules=SHORT)
    state = lay_phase(draw(state), ["R5 B5 Y5"])
    ended = skip(state, 0)
    assert ended.step is Step.HAND_OVER
    assert ended.went_out == 1
    assert ended.discard_pile[0].is_skip


@pytest.mark.rule("R34")
def test_penalty_points_for_cards_left_in_hand() -> None:
    """5 per 1-9, 10 per 10-12, 15 per Skip, 25 per Wild; table cards never count."""
    rules = Rules(phases=["1 set of 2"], hand_size=4)
    state = deal(
        ["W S R10 R9", "R5 B5 G5 Y1"], starter="Y9", draw_top="Y5", rules=rules
    )
    state = lay_phase(draw(state), ["R5 B5 G5 Y5"])
    ended = discard(state, "Y1")
    assert ended.hand_points == (25 + 15 + 10 + 5, 0)


@pytest.mark.rule("R34")
def test_points_option_changes_the_values() -> None:
    """Rules.points sets the penalty for each kind of card."""
    rules = Rules(
        phases=["1 set of 2"], hand_size=4, points=Points(low=1, high=2, skip=3, wild=4)
    )
    state = deal(
        ["W S R10 R9", "R5 B5 G5 Y1"], starter="Y9", draw_top="Y5", rules=rules
    )
    ended = discard(lay_phase(draw(state), ["R5 B5 G5 Y5"]), "Y1")
    assert ended.hand_points == (4 + 3 + 2 + 1, 0)


@pytest.mark.rule("R35")
def test_everyone_who_laid_down_advances_whoever_went_out() -> None:
    """Two players lay down, one goes out; both advance, the third does not."""
    hands = ["R7 B7 G8", "R5 B5 G9", "R1 B2 G3"]
    state = deal(hands, starter="Y9", draw_top="Y1 Y2 Y7", rules=SHORT)
    state = discard(lay_phase(draw(state), ["R5 B5"]), "Y1")  # seat 1
    state = discard(draw(state), "Y2")  # seat 2
    ended = discard(lay_phase(draw(state), ["R7 B7 Y7"]), "G8")  # seat 0 goes out
    assert ended.went_out == 0
    assert [p.completed for p in ended.players] == [1, 1, 0]


@pytest.mark.rule("R36", "R18")
def test_next_hand_gathers_every_card_and_deals_again() -> None:
    """The next hand starts from the whole deck, an empty table and fresh hands."""
    state = deal(["R1 B2 G3", "R5 B5 G5"], starter="Y9", draw_top="Y5", rules=SHORT)
    ended = lay_phase(draw(state), ["R5 B5 G5 Y5"])
    with pytest.raises(WrongStep, match="hand is over"):
        draw(ended)
    following = next_hand(ended)
    assert following.table == ()
    assert all(len(p.hand) == 3 and not p.laid_down for p in following.players)
    assert all_cards(following) == Counter(standard_deck())
    assert following.dealer == 1 and following.hand_number == 2
    assert following.players[1].completed == 1


@pytest.mark.rule("R36")
def test_next_hand_only_when_the_hand_is_over() -> None:
    """next_hand during play raises WrongStep."""
    with pytest.raises(WrongStep, match="still being played"):
        next_hand(deal(["R1", "B1"]))


@pytest.mark.rule("R37")
def test_completing_the_last_phase_wins_the_game() -> None:
    """The hand in which a player completes the last phase ends the game."""
    state = deal(["R1 B2 G3", "R5 B5 G5"], starter="Y9", draw_top="Y5", rules=ONE_PHASE)
    over = lay_phase(draw(state), ["R5 B5 G5 Y5"])
    assert over.step is Step.GAME_OVER
    assert over.winner == 1
    with pytest.raises(GameOver, match="Player 2 won"):
        next_hand(over)
    with pytest.raises(GameOver):
        draw(over)


@pytest.mark.rule("R37", "R38")
def test_several_finish_and_the_lowest_total_wins() -> None:
    """Two players complete the last phase in one hand; the lower total wins."""
    hands = ["R7 B7 G8", "R5 B5 G9", "R1 B2 G3"]
    state = deal(hands, starter="Y9", draw_top="Y1 Y2 Y7", rules=ONE_PHASE)
    state = with_scores(state, 40, 0, 0)
    state = discard(lay_phase(draw(state), ["R5 B5"]), "Y1")  # seat 1, left with G9
    state = discard(draw(state), "Y2")
    over = discard(lay_phase(draw(state), ["R7 B7 Y7"]), "G8")  # seat 0 goes out
    assert over.step is Step.GAME_OVER
    assert [p.score for p in over.players] == [40, 5, 15]
    assert over.winner == 1


def tied_finish() -> GameState:
    """Seats 0 and 1 complete the last phase with equal totals; seat 2 does not."""
    hands = ["R7 B7 G8", "R5 B5 G9", "R1 B2 G3"]
    state = deal(hands, starter="Y9", draw_top="Y1 Y2 Y7", rules=ONE_PHASE)
    state = with_scores(state, 5, 0, 0)
    state = discard(lay_phase(draw(state), ["R5 B5"]), "Y1")
    state = discard(draw(state), "Y2")
    return discard(lay_phase(draw(state), ["R7 B7 Y7"]), "G8")


@pytest.mark.rule("R38")
def test_a_tie_on_the_total_calls_a_tie_break_hand() -> None:
    """Equal lowest totals: the tied players alone play a tie-break hand."""
    tied = tied_finish()
    assert tied.step is Step.HAND_OVER
    assert tied.winner is None
    assert tied.contenders == (0, 1)
    deck = arranged_deck(
        ONE_PHASE,
        ["R3 B3 G4", "R6 B11 G12"],
        starter="Y9",
        draw_top="Y3",
        dealer=1,
        seats=[0, 1],
        table=3,
    )
    tiebreak = next_hand(tied, deck=deck)
    assert tiebreak.tiebreak
    assert tiebreak.players[2].hand == ()
    assert tiebreak.current == 0
    assert tiebreak.phase_of(0) == ONE_PHASE.phases[-1]
    # Though every contender has completed every phase, the last one's lays
    # are listed: each pair of the three 3s held.
    lays = [a for a in legal_actions(draw(tiebreak)) if isinstance(a, LayPhase)]
    assert sorted(sorted(map(str, a.groups[0])) for a in lays) == [
        ["B3", "R3"],
        ["B3", "Y3"],
        ["R3", "Y3"],
    ]
    state = lay_phase(draw(tiebreak), ["R3 B3 Y3"])
    assert skip_targets(state) == (1,)
    over = discard(state, "G4")
    assert over.step is Step.GAME_OVER
    assert over.winner == 0


@pytest.mark.rule("R38")
def test_a_tie_between_every_player_is_still_a_tie_break() -> None:
    """When all players tie, all play the tie-break hand, on the last phase."""
    state = deal(
        ["R7 B7 G8", "R5 B5 G9"], starter="Y9", draw_top="Y1 Y7", rules=ONE_PHASE
    )
    state = with_scores(state, 5, 0)
    state = discard(lay_phase(draw(state), ["R5 B5"]), "Y1")  # seat 1 keeps G9
    tied = discard(lay_phase(draw(state), ["R7 B7 Y7"]), "G8")  # seat 0 goes out
    assert tied.step is Step.HAND_OVER
    assert tied.tiebreak and tied.contenders == (0, 1)
    tiebreak = next_hand(tied)
    assert tiebreak.tiebreak
    assert tiebreak.phase_of(0) == ONE_PHASE.phases[-1]
    assert all(len(p.hand) == 3 for p in tiebreak.players)


@pytest.mark.rule("R38")
def test_a_tie_break_hand_with_no_winner_is_played_again() -> None:
    """If the tie-break hand ends with nobody out, the same players play another."""
    tied = attrs.evolve(
        tied_finish(),
        rules=attrs.evolve(ONE_PHASE, on_empty_draw_pile=EmptyDrawPile.END_HAND),
    )
    tiebreak = next_hand(tied)
    short = attrs.evolve(tiebreak, draw_pile=tiebreak.draw_pile[:1])
    drawn = draw(short)
    again = discard(drawn, drawn.players[drawn.current].hand[0])
    assert again.step is Step.HAND_OVER
    assert again.went_out is None
    assert again.contenders == (0, 1)
    assert next_hand(again).tiebreak


@pytest.mark.rule("R39")
def test_ten_hands_variation_everyone_advances_and_lowest_total_wins() -> None:
    """With everyone_advances all advance each hand and the lowest total wins."""
    rules = attrs.evolve(
        SHORT, everyone_advances=True, on_empty_draw_pile=EmptyDrawPile.END_HAND
    )
    state = _first_untied_game(rules)
    assert state.step is Step.GAME_OVER
    assert state.hand_number == 2
    assert all(p.completed == 2 for p in state.players)
    lowest = min(p.score for p in state.players)
    assert state.winner is not None and state.players[state.winner].score == lowest


@pytest.mark.rule("R39", "R38")
def test_ten_hands_tie_on_the_total_is_settled_by_a_tie_break_hand() -> None:
    """Equal lowest totals after the last hand: a tie-break hand, scored as usual."""
    rules = attrs.evolve(ONE_PHASE, everyone_advances=True)
    state = deal(["R7 B7 G8", "R5 B5 G9"], starter="Y9", draw_top="Y1 Y7", rules=rules)
    state = with_scores(state, 5, 0)
    state = discard(lay_phase(draw(state), ["R5 B5"]), "Y1")  # seat 1 keeps G9
    tied = discard(lay_phase(draw(state), ["R7 B7 Y7"]), "G8")  # seat 0 goes out
    assert [p.score for p in tied.players] == [5, 5]
    assert tied.step is Step.HAND_OVER and tied.winner is None
    assert tied.tiebreak and tied.contenders == (0, 1)
    deck = arranged_deck(
        rules, ["R3 B3 G4", "R6 B11 G12"], starter="Y9", draw_top="Y3", dealer=1
    )
    tiebreak = next_hand(tied, deck=deck)
    assert tiebreak.tiebreak and tiebreak.current == 0
    over = discard(lay_phase(draw(tiebreak), ["R3 B3 Y3"]), "G4")
    assert over.step is Step.GAME_OVER
    assert over.winner == 0
    assert [p.score for p in over.players] == [5, 30]  # R6 B11 G12 count


def _first_untied_game(rules: Rules) -> GameState:
    from phase10 import new_game

    for seed in range(50):
        state = new_game(3, rules, seed=seed)
        hands = 0
        while state.step is not Step.GAME_OVER:
            if state.step is Step.HAND_OVER:
                hands += 1
                assert all(p.completed == hands for p in state.players)
                if state.tiebreak:
                    break
                state = next_hand(state)
                continue
            state = draw(state)
            card = state.players[state.current].hand[-1]
            if card.is_skip:
                targets = skip_targets(state)
                state = skip(state, targets[0] if targets else None)
            else:
                state = discard(state, card)
        if state.step is Step.GAME_OVER:
            return state
    raise AssertionError("every seed tied")  # pragma: no cover


@pytest.mark.rule("R40")
def test_shorter_games_use_a_shorter_phase_list() -> None:
    """Variation 2 plays the first N phases, variation 3 the even ones."""
    assert Rules.first_phases(5).phases == STANDARD_PHASES[:5]
    assert Rules.even_phases().phases == STANDARD_PHASES[1::2]
    rules = Rules.first_phases(1)
    hands = ["R1 B2 G3 Y4 R6 B8 G10 Y11 R12 B12", "R5 B5 G5 G5 R5 B5 R7 B7 R7 G9"]
    state = deal(hands, starter="Y9", draw_top="Y7", rules=rules)
    state = lay_phase(draw(state), ["R5 B5 G5 G5 R5 B5", "R7 B7 R7 Y7"])
    over = discard(state, "G9")
    assert over.step is Step.GAME_OVER
    assert over.winner == 1


@pytest.mark.rule("R36")
def test_any_player_may_call_for_the_next_hand_but_not_a_stranger() -> None:
    """next_hand takes player= like every move: any seat, but a real one."""
    state = deal(["R1 B2 G3", "R5 B5 G5"], starter="Y9", draw_top="Y5", rules=SHORT)
    ended = lay_phase(draw(state), ["R5 B5 G5 Y5"])
    assert next_hand(ended, player=0) == next_hand(ended, player=1) == next_hand(ended)
    with pytest.raises(NoSuchSeat, match="from 0 to 1, not 5"):
        next_hand(ended, player=5)
    with pytest.raises(NoSuchSeat):
        apply(ended, NextHand(), player=5)


def test_a_state_built_by_hand_seats_everyone_by_default() -> None:
    """GameState's contenders default to every seat."""
    state = deal(["R1", "B1", "G1"])
    rebuilt = GameState(
        rules=state.rules,
        players=state.players,
        current=state.current,
        dealer=state.dealer,
        step=state.step,
        draw_pile=state.draw_pile,
        discard_pile=state.discard_pile,
    )
    assert rebuilt.contenders == (0, 1, 2)
