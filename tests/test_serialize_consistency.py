"""Reading refuses states and views that no game reaches, though every field
is valid alone, and reads every state and view that play does reach."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest

from phase10 import (
    PRESETS,
    STANDARD_PHASES,
    Draw,
    EmptyDrawPile,
    FormatError,
    GameState,
    PlayerView,
    Points,
    Rules,
    SkipLimit,
    Step,
    apply,
    from_dict,
    from_json,
    new_game,
    to_dict,
    to_json,
    view,
)
from phase10.bots import GreedyBot, RandomBot

NO_POINTS = Points(low=0, high=0, skip=0, wild=0)
TIES = Rules(phases=["1 run of 4"], points=NO_POINTS, hand_size=5)
"""Every card scores nothing, so players who finish together always tie (R38)."""
TIES_IN_ONE_HAND = Rules(
    phases=["2 sets of 3"], everyone_advances=True, points=NO_POINTS
)
"""Everyone finishes after one hand, tied: the tie-break follows hand 1."""

RULE_SETS: dict[str, Rules] = {
    **PRESETS,
    "ties": TIES,
    "ties-in-one-hand": TIES_IN_ONE_HAND,
    "ties-without-reshuffle": Rules(
        phases=["1 set of 3"],
        points=NO_POINTS,
        hand_size=8,
        on_empty_draw_pile=EmptyDrawPile.END_HAND,
    ),
    "strict": Rules(
        phases=STANDARD_PHASES[:2],
        go_out_by_hit=False,
        hit_on_lay_turn=False,
        skip_limit=SkipLimit.UNLIMITED,
    ),
}


@cache
def game(
    rules: Rules, players: int, seed: int, greedy: bool = True
) -> tuple[GameState, ...]:
    """Every state of a bot game: the deal, then one per move, to the end."""
    state = new_game(players, rules, seed=seed, dealer=seed % players)
    bots = [
        (GreedyBot if greedy else RandomBot)(random.Random(seed * 10 + seat))
        for seat in range(players)
    ]
    states = [state]
    while not state.is_over and len(states) < 20_000:
        state = apply(state, bots[state.current].choose(view(state, state.current)))
        states.append(state)
    return tuple(states)


def first(states: Iterator[GameState] | tuple[GameState, ...], what: str) -> GameState:
    """The first of ``states``; fails the test saying ``what`` was not found."""
    for state in states:
        return state
    raise AssertionError(f"no {what} in the games searched")


def official() -> tuple[GameState, ...]:
    """A four-player official game."""
    return game(PRESETS["official"], 4, 11)


def in_play(step: Step) -> GameState:
    """A state of the official game at ``step``, with a group on the table."""
    return first(
        (s for s in official() if s.step is step and len(s.table) >= 2),
        f"{step.value} state with groups down",
    )


def first_hand(step: Step) -> GameState:
    """A state of the official game's first hand at ``step``."""
    return first(
        (s for s in official() if s.hand_number == 1 and s.step is step),
        f"{step.value} state in the first hand",
    )


def hand_over() -> GameState:
    """The official game just after its first hand."""
    return first((s for s in official() if s.step is Step.HAND_OVER), "hand over")


def game_over() -> GameState:
    """The official game at its end."""
    return official()[-1]


def tiebreak_in_play() -> GameState:
    """A tie-break hand being played by some of the seats only (R38)."""
    return first(
        (
            s
            for seed in range(40)
            for s in game(TIES, 4, seed)
            if s.tiebreak and s.step is Step.PLAY and len(s.contenders) < 4
        ),
        "tie-break hand of some seats",
    )


def refuse(data: dict[str, Any], kind: Any, message: str) -> None:
    """Reading ``data`` as a dict and as JSON raises a FormatError matching."""
    with pytest.raises(FormatError, match=message):
        from_dict(data, kind)
    with pytest.raises(FormatError, match=message):
        from_json(json.dumps(data), kind)


def empty_hand(data: dict[str, Any], seat: int) -> None:
    """Move ``seat``'s whole hand onto the discard pile."""
    player = data["players"][seat]
    data["discard_pile"] += player["hand"]
    player["hand"], player["known"] = [], []


def give_card(data: dict[str, Any], seat: int, count: int = 1) -> None:
    """Move ``count`` cards from the draw pile to ``seat``'s hand."""
    for _ in range(count):
        data["players"][seat]["hand"].append(data["draw_pile"].pop())


def other(state: GameState) -> int:
    """A seat playing this hand whose turn it is not."""
    return next(seat for seat in state.contenders if seat != state.current)


def not_playing(state: GameState) -> int:
    """A seat that is not playing this (tie-break) hand."""
    return next(s for s in range(len(state.players)) if s not in state.contenders)


Spoiler = Callable[[GameState, dict[str, Any]], object]

BAD_STATES: list[tuple[str, Callable[[], GameState], Spoiler, str]] = [
    (
        "the audit's example: the mover's hand thrown away",
        lambda: in_play(Step.PLAY),
        lambda s, d: empty_hand(d, s.current),
        r"^players\[\d\]\.hand: seat \d is playing this hand but holds no cards",
    ),
    (
        "a waiting player with no cards",
        lambda: in_play(Step.DRAW),
        lambda s, d: empty_hand(d, other(s)),
        r"^players\[\d\]\.hand: seat \d is playing this hand but holds no cards",
    ),
    (
        "a card too many before drawing",
        lambda: in_play(Step.DRAW),
        lambda s, d: give_card(d, s.current, 10 - len(s.player.hand) + 1),
        r"^players\[\d\]\.hand: holds 11 cards, more than the 10 possible "
        r"\(hand_size 10, one more only for the player whose turn",
    ),
    (
        "a card too many for a waiting player",
        lambda: in_play(Step.PLAY),
        lambda s, d: give_card(d, other(s), 11 - len(s.players[other(s)].hand)),
        r"^players\[\d\]\.hand: holds 11 cards, more than the 10 possible",
    ),
    (
        "two cards too many after drawing",
        lambda: in_play(Step.PLAY),
        lambda s, d: give_card(d, s.current, 12 - len(s.player.hand)),
        r"^players\[\d\]\.hand: holds 12 cards, more than the 11 possible",
    ),
    (
        "laid this turn before drawing",
        lambda: in_play(Step.DRAW),
        lambda s, d: d.update(laid_this_turn=True),
        r"^laid_this_turn: expected false at the start of a turn",
    ),
    (
        "laid this turn without having laid down",
        lambda: first(
            (s for s in official() if s.step is Step.PLAY and not s.player.laid_down),
            "turn before laying down",
        ),
        lambda s, d: d.update(laid_this_turn=True),
        r"^laid_this_turn: is true, but seat \d, whose turn it is, has not laid down$",
    ),
    (
        "hand points while playing",
        lambda: in_play(Step.PLAY),
        lambda s, d: d.update(hand_points=[0, 0, 0, 0]),
        r"^hand_points: expected null while a hand is being played \(step 'play'\)",
    ),
    (
        "no hand points once the hand is over",
        hand_over,
        lambda s, d: d.update(hand_points=None),
        r"^hand_points: expected each seat's points for the hand that has just "
        r"ended \(step 'hand over'\), not null$",
    ),
    (
        "no hand points once the game is over",
        game_over,
        lambda s, d: d.update(hand_points=None),
        r"^hand_points: expected each seat's points .* \(step 'game over'\)",
    ),
    (
        "someone went out while the hand goes on",
        lambda: in_play(Step.DRAW),
        lambda s, d: d.update(went_out=s.current),
        r"^went_out: expected null while a hand is being played \(step 'draw'\)",
    ),
    (
        "the player who went out still holds cards",
        hand_over,
        lambda s, d: d.update(
            went_out=next(i for i, p in enumerate(s.players) if p.hand)
        ),
        r"^players\[\d\]\.hand: seat \d went out, so holds no cards, not \d+$",
    ),
    (
        "a tie-break in the first hand",
        lambda: first_hand(Step.PLAY),
        lambda s, d: d.update(tiebreak=True),
        r"^tiebreak: is true, but the first hand is never a tie-break hand$",
    ),
    (
        "a tie-break of one player",
        tiebreak_in_play,
        lambda s, d: d.update(contenders=[s.current]),
        r"^contenders: a tie-break is between at least two tied seats, not 1$",
    ),
    (
        "some seats only, without a tie-break",
        lambda: in_play(Step.DRAW),
        lambda s, d: d.update(contenders=sorted({s.current, other(s)})),
        r"^contenders: expected every seat: only a tie-break hand \(tiebreak true\)",
    ),
    (
        "a seat left out of the tie-break holds cards",
        tiebreak_in_play,
        lambda s, d: give_card(d, not_playing(s)),
        r"^players\[\d\]\.hand: seat \d is not playing this tie-break hand \(not in "
        r"contenders\), so holds no cards, not 1$",
    ),
    (
        "laid down with no group on the table",
        lambda: first(
            (s for s in official() if s.step is Step.DRAW and not s.table),
            "turn with an empty table",
        ),
        lambda s, d: d["players"][other(s)].update(laid_down=True),
        r"^players\[\d\]\.laid_down: is true, but the table holds no group of seat",
    ),
    (
        "skipped in a later turn slot",
        lambda: in_play(Step.PLAY),
        lambda s, d: d["players"][other(s)].update(skipped_in_slot=s.turn_slot + 1),
        r"^players\[\d\]\.skipped_in_slot: is \d+, later than the current turn "
        r"slot \(\d+\)$",
    ),
    (
        "every phase done, yet an ordinary hand goes on",
        lambda: in_play(Step.PLAY),
        lambda s, d: d["players"][other(s)].update(completed=10),
        r"^players\[\d\]\.completed: seat \d has completed all 10 phases, so the "
        r"game would have ended",
    ),
    (
        "a winner who has not completed the last phase",
        game_over,
        lambda s, d: d["players"][s.winner].update(completed=9),
        r"^winner: seat \d won, but has completed 9 of the 10 phases",
    ),
]


@pytest.mark.parametrize(
    ("make", "change", "message"),
    [pytest.param(*case[1:], id=case[0]) for case in BAD_STATES],
)
def test_impossible_states_are_refused_saying_what_and_where(
    make: Callable[[], GameState], change: Spoiler, message: str
) -> None:
    """A state no game reaches raises FormatError naming the field and why."""
    state = make()
    assert from_dict(to_dict(state), GameState) == state
    data = to_dict(state)
    change(state, data)
    refuse(data, GameState, message)


def test_the_audit_example_is_refused() -> None:
    """The hand thrown onto the discard pile right after the first draw is refused."""
    state = apply(new_game(2, seed=1), Draw())
    data = to_dict(state)
    empty_hand(data, state.current)
    refuse(data, GameState, rf"^players\[{state.current}\]\.hand: seat")


def view_data(state: GameState, seat: int | None) -> dict[str, Any]:
    """The document of ``seat``'s view of ``state``."""
    return to_dict(view(state, seat))


def resize(data: dict[str, Any], seat: int, size: int) -> None:
    """In a view, make ``seat`` hold ``size`` cards, taken from or put on the
    draw pile so that the cards still add up to the deck."""
    player = data["players"][seat]
    data["draw_size"] += player["hand_size"] - size
    player["hand_size"] = size
    player["known"] = []


BAD_VIEWS: list[tuple[str, Callable[[], GameState], Spoiler, str]] = [
    (
        "another player with no cards",
        lambda: in_play(Step.PLAY),
        lambda s, d: resize(d, other(s), 0),
        r"^players\[\d\]\.hand_size: seat \d is playing this hand but holds no cards",
    ),
    (
        "another player with a card too many",
        lambda: in_play(Step.DRAW),
        lambda s, d: resize(d, other(s), 11),
        r"^players\[\d\]\.hand_size: holds 11 cards, more than the 10 possible",
    ),
    (
        "laid this turn before drawing",
        lambda: in_play(Step.DRAW),
        lambda s, d: d.update(laid_this_turn=True),
        r"^laid_this_turn: expected false at the start of a turn",
    ),
    (
        "no hand points once the hand is over",
        hand_over,
        lambda s, d: d.update(hand_points=None),
        r"^hand_points: expected each seat's points",
    ),
    (
        "someone went out while the hand goes on",
        lambda: in_play(Step.PLAY),
        lambda s, d: d.update(went_out=s.current),
        r"^went_out: expected null while a hand is being played",
    ),
    (
        "a tie-break in the first hand",
        lambda: first_hand(Step.DRAW),
        lambda s, d: d.update(tiebreak=True),
        r"^tiebreak: is true, but the first hand is never a tie-break hand$",
    ),
    (
        "some seats only, without a tie-break",
        lambda: tiebreak_in_play(),
        lambda s, d: d.update(tiebreak=False),
        r"^contenders: expected every seat",
    ),
    (
        "a seat left out of the tie-break holds cards",
        tiebreak_in_play,
        lambda s, d: resize(d, not_playing(s), 1),
        r"^players\[\d\]\.hand_size: seat \d is not playing this tie-break hand",
    ),
    (
        "skipped in a later turn slot",
        lambda: in_play(Step.DRAW),
        lambda s, d: d["players"][other(s)].update(skipped_in_slot=s.turn_slot + 5),
        r"^players\[\d\]\.skipped_in_slot: is \d+, later than the current turn slot",
    ),
    (
        "every phase done, yet an ordinary hand goes on",
        lambda: in_play(Step.DRAW),
        lambda s, d: d["players"][s.current].update(completed=10),
        r"^players\[\d\]\.completed: seat \d has completed all 10 phases",
    ),
    (
        "a winner who has not completed the last phase",
        game_over,
        lambda s, d: d["players"][s.winner].update(completed=3),
        r"^winner: seat \d won, but has completed 3 of the 10 phases",
    ),
]


@pytest.mark.parametrize(
    ("make", "change", "message"),
    [pytest.param(*case[1:], id=case[0]) for case in BAD_VIEWS],
)
def test_impossible_views_are_refused_saying_what_and_where(
    make: Callable[[], GameState], change: Spoiler, message: str
) -> None:
    """A view of no reachable state raises FormatError naming the field and why."""
    state = make()
    data = view_data(state, None)
    change(state, data)
    refuse(data, PlayerView, message)


@pytest.mark.rule("R38")
def test_a_tie_after_the_first_hand_is_read() -> None:
    """A tie at the end of hand 1 sets tiebreak before hand 2, and reads back."""
    over = first(
        (
            s
            for seed in range(20)
            for s in game(TIES_IN_ONE_HAND, 3, seed)
            if s.step is Step.HAND_OVER and s.tiebreak and s.hand_number == 1
        ),
        "tie after hand 1",
    )
    assert from_json(to_json(over), GameState) == over
    assert from_json(to_json(view(over, 0)), PlayerView) == view(over, 0)


@pytest.mark.rule("R31", "R33")
def test_laying_down_every_card_leaves_laid_this_turn_set_after_the_hand() -> None:
    """Going out by laying down ends the hand with laid_this_turn true: it reads."""
    out = first(
        (
            s
            for seed in range(100)
            for s in game(Rules(phases=["2 sets of 3"]), 3, seed)
            if s.laid_this_turn and s.step is not Step.PLAY
        ),
        "hand ended by laying down",
    )
    assert from_json(to_json(out), GameState) == out
    assert from_json(to_json(view(out, None)), PlayerView) == view(out, None)


@pytest.mark.rule("R38")
def test_a_tie_break_hand_of_some_seats_is_read() -> None:
    """In a tie-break hand, seats left out hold nothing and the rest all phases."""
    state = tiebreak_in_play()
    left_out = not_playing(state)
    assert state.players[left_out].hand == ()
    assert all(state.players[s].completed == 1 for s in state.contenders)
    assert from_json(to_json(state), GameState) == state
    for seat in (None, *range(len(state.players))):
        assert from_json(to_json(view(state, seat)), PlayerView) == view(state, seat)


@pytest.mark.rule("R41")
@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_every_state_and_view_of_real_games_is_read_back(name: str) -> None:
    """Every state of bot games, and the views of every seat, read back equal."""
    rules = RULE_SETS[name]
    short = len(rules.phases) <= 2
    games = ((2, 1, True), (4, 2, False), (6, 3, True)) if short else ((3, 1, True),)
    for players, seed, greedy in games:
        states = game(rules, players, seed, greedy)
        assert states[-1].is_over
        for index, state in enumerate(states):
            assert from_dict(to_dict(state), GameState) == state
            if short or index % 5 == 0 or state.step not in (Step.DRAW, Step.PLAY):
                for seat in (None, *range(players)):
                    seen = view(state, seat)
                    assert from_dict(to_dict(seen), PlayerView) == seen
