"""A game as a Hypothesis state machine: every kind of move is a rule, tried
with arguments legal or not, and what must always hold is an invariant.

Hypothesis chooses the order of the moves and shrinks a failing run to the
shortest list of moves that breaks an invariant, which the other property
tests (whole games played by a bot) cannot do.
"""

from __future__ import annotations

import pickle
import random

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from strategies import rules_records

from phase10 import (
    FACES,
    Action,
    Card,
    Discard,
    Draw,
    End,
    GameState,
    Hit,
    LayPhase,
    NextHand,
    Phase10Error,
    Pile,
    PlayerView,
    Rules,
    Skip,
    Step,
    apply,
    can_apply,
    check_state,
    check_view,
    determinize,
    find_phase,
    from_json,
    legal_actions,
    new_game,
    to_json,
    view,
)
from phase10.bots import GreedyBot


class GameMachine(RuleBasedStateMachine):
    """One game, moved on by the rules below in an order Hypothesis picks."""

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState = new_game(2, seed=0)
        self.moves = 0
        self.refused = 0

    @initialize(
        rules=st.one_of(st.just(Rules()), rules_records()),
        data=st.data(),
        seed=st.integers(0, 2**32),
    )
    def deal(self, rules: Rules, data: st.DataObject, seed: int) -> None:
        players = data.draw(st.integers(rules.min_players, rules.max_players))
        self.state = new_game(players, rules, seed=seed)

    # --- the moves ---------------------------------------------------------

    def attempt(self, action: Action) -> None:
        """Apply ``action`` if the judge allows it; a refusal must change nothing.

        ``can_apply`` and ``apply`` must agree, and the state moved from must
        be left as it was either way.
        """
        before = self.state
        snapshot = pickle.dumps(before)
        allowed = can_apply(before, action)
        try:
            after = apply(before, action)
        except Phase10Error:
            assert not allowed, f"can_apply allowed {action!r}, apply refused it"
            self.refused += 1
        else:
            assert allowed, f"can_apply refused {action!r}, apply accepted it"
            for old, new in zip(before.players, after.players, strict=True):
                assert new.score >= old.score, "a score went down"
                assert new.completed >= old.completed, "a phase was taken back"
            self.state = after
            self.moves += 1
        assert pickle.dumps(before) == snapshot, f"{action!r} changed its argument"

    def in_hand(self) -> st.SearchStrategy[Card]:
        """A card of the acting player's hand, most often; any face otherwise."""
        hand = self.state.player.hand
        if hand:
            return st.one_of(st.sampled_from(hand), st.sampled_from(FACES))
        return st.sampled_from(FACES)

    @rule(pile=st.sampled_from(Pile))
    def draw_card(self, pile: Pile) -> None:
        self.attempt(Draw(pile))

    @rule(data=st.data())
    def discard_card(self, data: st.DataObject) -> None:
        self.attempt(Discard(data.draw(self.in_hand())))

    @rule(data=st.data(), end=st.sampled_from([None, End.LOW, End.HIGH]))
    def hit_card(self, data: st.DataObject, end: End | None) -> None:
        meld = data.draw(st.integers(0, len(self.state.table) + 1))
        self.attempt(Hit(data.draw(self.in_hand()), meld, end))

    @rule(data=st.data())
    def skip_seat(self, data: st.DataObject) -> None:
        seats = len(self.state.players)
        self.attempt(Skip(data.draw(st.one_of(st.none(), st.integers(0, seats)))))

    @rule()
    def lay_what_the_solver_finds(self) -> None:
        state = self.state
        phase = state.phase_of(state.current)
        groups = (
            None if phase is None else find_phase(state.player.hand, phase, state.rules)
        )
        if groups is not None:
            self.attempt(LayPhase(groups))

    @rule(data=st.data())
    def lay_some_cards(self, data: st.DataObject) -> None:
        hand = list(self.state.player.hand)
        if hand:
            cards = data.draw(st.lists(st.sampled_from(hand), min_size=1, max_size=4))
            self.attempt(LayPhase([cards]))

    @rule()
    def next_hand(self) -> None:
        self.attempt(NextHand())

    @rule(data=st.data())
    def a_listed_move(self, data: st.DataObject) -> None:
        if self.state.step is not Step.GAME_OVER:
            self.attempt(data.draw(st.sampled_from(legal_actions(self.state))))

    @precondition(lambda self: self.state.step is not Step.GAME_OVER)
    @rule(seed=st.integers(0, 2**16))
    def the_greedy_bots_move(self, seed: int) -> None:
        """A few moves of GreedyBot, which lays down and hits: games get on."""
        bot = GreedyBot(random.Random(seed))
        for _ in range(6):
            if self.state.step is Step.GAME_OVER:
                break
            self.attempt(bot.choose(self.state))

    # --- what always holds -------------------------------------------------

    @invariant()
    def the_state_is_one_a_game_can_reach(self) -> None:
        check_state(self.state)  # every card accounted for, melds valid

    @invariant()
    def the_state_reads_back_from_json(self) -> None:
        text = to_json(self.state)
        again = from_json(text, GameState)
        assert again == self.state
        assert to_json(again) == text

    @invariant()
    def each_view_is_consistent_and_hides_the_rest(self) -> None:
        state = self.state
        for seat in [*range(len(state.players)), None]:
            seen = view(state, seat)
            check_view(seen)
            assert from_json(to_json(seen), PlayerView) == seen
            if seat is not None:
                # The cards the seat cannot see, dealt again, make the same view.
                again = determinize(seen, random.Random(seat))
                assert view(again, seat) == seen

    @invariant()
    def every_listed_move_is_allowed(self) -> None:
        if self.state.step is not Step.GAME_OVER:
            for action in legal_actions(self.state):
                assert can_apply(self.state, action), action


GameMachine.TestCase.settings = settings(
    stateful_step_count=40, suppress_health_check=[HealthCheck.too_slow]
)
test_a_game_as_a_state_machine = GameMachine.TestCase
