"""The levels of play (``phase10.bots.LEVELS``) and the bots they are made
of: BeginnerBot, AdviceBot, OddsBot and SearchBot. Every one plays only
legal moves, from its seat's view alone, the same game for the same seed."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Protocol

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scenarios import deal, player
from strategies import game_states
from test_view import hidden_twin

from phase10 import (
    Action,
    Discard,
    Draw,
    GameState,
    LayPhase,
    NextHand,
    Pile,
    PlayerView,
    Rules,
    RulesError,
    Skip,
    Step,
    UsageError,
    apply,
    can_apply,
    legal_actions,
    new_game,
    parse_cards,
    view,
)
from phase10.analysis import advise
from phase10.bots import (
    LEVELS,
    AdviceBot,
    BeginnerBot,
    GreedyBot,
    OddsBot,
    SearchBot,
    level,
    play_game,
)


class AnyBot(Protocol):
    """The package's bots, which take a whole state as well as a view."""

    def choose(self, seen: PlayerView | GameState) -> Action: ...


Make = Callable[[random.Random], AnyBot]


def _quick_search(rng: random.Random) -> SearchBot:
    return SearchBot(rng, rollouts=2, candidates=2, horizon=6)


# Each level's factory, and the other new bots (the search cut down for the
# tests' time).
MAKERS: dict[str, Make] = {
    "novice": lambda rng: BeginnerBot(rng, mistakes=0.5),
    "beginner": lambda rng: BeginnerBot(rng, mistakes=0.3),
    "casual": GreedyBot,
    "club": AdviceBot,
    "strong": OddsBot,
    "search": _quick_search,
    "beginner-always": lambda rng: BeginnerBot(rng, mistakes=1.0),
}


def test_there_are_five_levels_weakest_first_ending_with_the_strongest() -> None:
    assert list(LEVELS) == ["novice", "beginner", "casual", "club", "strong"]
    assert list(MAKERS)[:5] == list(LEVELS)
    made = {name: level(name, random.Random(1)) for name in LEVELS}
    assert [type(bot) for bot in made.values()] == [
        BeginnerBot,
        BeginnerBot,
        GreedyBot,
        AdviceBot,
        OddsBot,
    ]
    assert [bot.mistakes for bot in list(made.values())[:2]] == [0.5, 0.3]  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        LEVELS["easy"] = GreedyBot  # type: ignore[index]


def test_the_levels_factories_go_to_worker_processes() -> None:
    """tournament(executor=N) pickles its entrants' factories."""
    for name, factory in LEVELS.items():
        again = pickle.loads(pickle.dumps(factory))
        assert type(again(random.Random(1))) is type(factory(random.Random(1))), name


@pytest.mark.parametrize("name", ["", "Expert", "grandmaster", 3, None])
def test_an_unknown_level_is_refused_with_the_names_there_are(name: object) -> None:
    with pytest.raises(
        UsageError, match="the levels are novice, beginner, casual, club"
    ):
        level(name)  # type: ignore[arg-type]


@given(state=game_states(), which=st.sampled_from(sorted(MAKERS)))
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
def test_every_level_only_ever_returns_a_legal_move(
    state: GameState, which: str
) -> None:
    """Under the official rules and random ones, at any step of a game: the
    move is accepted, and listed by ``legal_actions`` (a lay, in one of its
    spellings: the listing shows one spelling of each lay)."""
    if state.step is Step.GAME_OVER:
        return
    move = MAKERS[which](random.Random(3)).choose(view(state, state.current))
    assert can_apply(state, move)
    apply(state, move)
    if not isinstance(move, LayPhase):
        assert move in legal_actions(state)


@given(state=game_states(), shake=st.integers(0, 2**32))
@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow])
def test_no_level_reads_what_its_seat_cannot_see(state: GameState, shake: int) -> None:
    """Re-deal the other hands, the draw pile, the face-down saves and the
    seed: no bot's choice changes (the non-interference test)."""
    if state.step in (Step.GAME_OVER, Step.HAND_OVER):
        return
    twin = hidden_twin(state, state.current, random.Random(shake))
    assert view(twin, twin.current) == view(state, state.current)
    for name, make in MAKERS.items():
        mine = make(random.Random(5)).choose(state)
        assert make(random.Random(5)).choose(twin) == mine, name


def test_a_seeded_game_between_the_levels_plays_the_same_every_time() -> None:
    """Six seats, one of each level and a quick search: the same seed, the
    same game, move for move."""

    def game() -> tuple[object, ...]:
        bots = [make(random.Random(seat)) for seat, make in enumerate(MAKERS.values())]
        result = play_game(bots[:6], Rules.first_phases(2), seed=11, max_moves=3000)
        return result.winner, result.scores, result.moves, result.final

    first = game()
    assert first[0] is not None
    assert game() == first


def test_the_club_level_plays_the_advices_first_move() -> None:
    state = new_game(3, seed=8)
    bot = AdviceBot(random.Random(1))
    for _ in range(60):
        if state.step is Step.HAND_OVER:
            assert bot.choose(state) == NextHand()
        elif len(legal_actions(state)) > 1:
            seen = view(state, state.current)
            assert bot.choose(seen) == advise(seen)[0].action
        state = apply(state, GreedyBot(random.Random(2)).choose(state))


# --- BeginnerBot --------------------------------------------------------------


def test_a_beginner_without_mistakes_plays_greedys_game() -> None:
    plain = play_game(
        [GreedyBot(random.Random(1)), GreedyBot(random.Random(2))], seed=4
    )
    careful = play_game(
        [BeginnerBot(random.Random(1), mistakes=0), BeginnerBot(random.Random(2), 0)],
        seed=4,
    )
    assert careful.final == plain.final


def test_a_beginner_makes_each_kind_of_mistake_at_its_rate() -> None:
    """Over greedy games, a beginner who always slips differs from greedy
    in each of the three ways (a blind draw for a good discard, a missed
    hit, a needed card given up) and never lays less than greedy would."""
    slips = {"blind draw": 0, "missed hit": 0, "needed card": 0}
    chances = 0
    for seed in range(6):
        state = new_game(2, seed=seed)
        greedy = GreedyBot(random.Random(seed))
        while state.step is not Step.GAME_OVER and state.hand_number <= 3:
            plain = GreedyBot(random.Random(0)).choose(state)
            slip = BeginnerBot(random.Random(0), mistakes=1.0).choose(state)
            if isinstance(plain, Draw) and plain.source is Pile.DISCARD:
                chances += 1
                slips["blind draw"] += slip == Draw(Pile.DRAW)
            elif type(plain).__name__ in ("Hit", "SwapWild"):
                slips["missed hit"] += type(slip).__name__ not in ("Hit", "SwapWild")
            elif isinstance(plain, Discard) and slip != plain:
                assert isinstance(slip, Discard) and not slip.card.is_wild
                slips["needed card"] += 1
            if type(plain).__name__ in ("LayPhase", "ChoosePhase"):
                assert slip == plain
            state = apply(state, greedy.choose(state))
    assert chances and slips["blind draw"] == chances
    assert all(slips.values()), slips
    # At a rate of 0.3, about three mistakes in ten chances to make one.
    rate = _slip_rate(0.3)
    assert 0.15 < rate < 0.45, rate


def _slip_rate(mistakes: float) -> float:
    """How often a beginner's discard differs from the one the same seat's
    greedy player (drawing on the same source) makes."""
    made = seen = 0
    for seed in range(8):
        state = new_game(2, seed=seed)
        rng = random.Random(seed)
        driver = GreedyBot(random.Random(seed))
        while state.step is not Step.GAME_OVER and state.hand_number <= 2:
            source = rng.random()
            plain = GreedyBot(random.Random(source)).choose(state)
            if isinstance(plain, Discard):
                seen += 1
                trial = BeginnerBot(random.Random(source), mistakes)
                made += trial.choose(state) != plain
            state = apply(state, driver.choose(state))
    return made / seen


@pytest.mark.parametrize(
    ("mistakes", "error"),
    [
        ("0.3", UsageError),
        (True, UsageError),
        (None, UsageError),
        (1.5, RulesError),
        (-0.1, RulesError),
        (float("nan"), RulesError),
    ],
)
def test_a_beginners_rate_is_a_chance(mistakes: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="mistakes is a number from 0 to 1"):
        BeginnerBot(random.Random(1), mistakes)  # type: ignore[arg-type]


# --- OddsBot ------------------------------------------------------------------


def test_the_odds_bot_skips_the_seat_nearest_to_going_out() -> None:
    """Seat 1 leads by phases, seat 2 is down with two cards: the Skip goes
    to seat 2, where the advice (the leader first) would play it on seat 1."""
    state = deal(["R1 B1 G1 B2 R2 Y2 G9 Y11 S B12", "", ""], starter="G5")
    state = player(state, 1, phases_done=(0, 1, 2), completed=3)
    state = player(state, 2, laid_down=True, hand=state.players[2].hand[:2])
    state = attrs.evolve(state, current=0, step=Step.PLAY)
    hand = parse_cards("R1 B1 G1 G9 Y11 S B12 G6 G7 G8")
    state = player(state, 0, hand=tuple(hand))
    seen = view(state, 0)
    assert Skip(target=1) == advise(seen)[0].action
    assert OddsBot(random.Random(1)).choose(seen) == Skip(target=2)


def test_the_odds_bot_keeps_the_hand_closest_to_its_phase_when_odds_are_nil() -> None:
    """Far from phase 1 (two sets of three), where no discard changes the odds
    within two draws, the bot gives up the card that leaves the hand fewest
    Wilds short, not the costliest card."""
    state = deal(["R1 B1 G3 Y3 R5 B7 G9 Y11 R12 B4", "", ""], starter="G5")
    state = attrs.evolve(state, current=0, step=Step.PLAY)
    hand = parse_cards("R1 B1 G3 Y3 R5 B7 G9 Y11 R12 B4 G1")
    state = player(state, 0, hand=tuple(hand))
    seen = view(state, 0)
    move = OddsBot(random.Random(1)).choose(seen)
    assert isinstance(move, Discard)
    assert move.card.number not in (1, 3), move


# --- SearchBot ----------------------------------------------------------------


def test_a_search_of_one_candidate_is_the_odds_bot() -> None:
    one = play_game(
        [
            SearchBot(random.Random(1), candidates=1),
            SearchBot(random.Random(2), candidates=1),
        ],
        Rules.first_phases(3),
        seed=6,
    )
    odds = play_game(
        [OddsBot(random.Random(1)), OddsBot(random.Random(2))],
        Rules.first_phases(3),
        seed=6,
    )
    assert one.final == odds.final


@pytest.mark.slow
def test_the_search_changes_some_of_the_odds_bots_choices() -> None:
    """With play-outs to compare, the search plays another move than the odds
    bot somewhere in a game, and the same one again for the same seed."""
    differ = 0
    for state in _positions(seed=3, count=9):
        odds = OddsBot(random.Random(1)).choose(state)
        search = SearchBot(random.Random(1), rollouts=6, horizon=8, margin=0.3)
        searched = search.choose(state)
        again = SearchBot(random.Random(1), rollouts=6, horizon=8, margin=0.3)
        assert again.choose(state) == searched
        differ += searched != odds
    assert differ


def _positions(seed: int, count: int) -> list[GameState]:
    """Positions of a greedy game where the seat to move ends its turn
    before laying its phase."""
    state = new_game(2, seed=seed)
    bot = GreedyBot(random.Random(seed))
    found: list[GameState] = []
    while len(found) < count and state.step is not Step.GAME_OVER:
        me = state.players[state.current]
        if state.step is Step.PLAY and not me.laid_down:
            found.append(state)
        state = apply(state, bot.choose(state))
    return found


def test_a_search_in_milliseconds_still_plays_legal_moves() -> None:
    bot = SearchBot(random.Random(1), ms=1)
    for state in _positions(seed=4, count=5):
        assert bot.choose(state) in legal_actions(state)


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [
        ("rollouts", 0, RulesError),
        ("candidates", "2", UsageError),
        ("horizon", 1.5, UsageError),
        ("ms", 0, RulesError),
        ("margin", 2, RulesError),
        ("margin", "0.1", UsageError),
    ],
)
def test_a_search_budget_is_checked(
    field: str, value: object, error: type[Exception]
) -> None:
    with pytest.raises(error, match=field):
        SearchBot(random.Random(1), **{field: value})  # type: ignore[arg-type]
