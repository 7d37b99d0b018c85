"""The fixed encoding for learners: move numbers both ways, masks that agree
with legal_actions, and observation vectors that follow the documented layout."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import every_later_option, rules_records

import phase10.encoding
from phase10 import (
    FACES,
    PRESETS,
    Action,
    Card,
    Color,
    Discard,
    Draw,
    FormatError,
    GameState,
    GroupKind,
    Hit,
    IllegalMove,
    LayPhase,
    Meld,
    NextHand,
    PhaseChoice,
    Pile,
    PlayerView,
    Rules,
    RulesError,
    Skip,
    Step,
    UsageError,
    apply,
    legal_actions,
    new_game,
    next_hand,
    parse_action,
    view,
)
from phase10.bots import GreedyBot
from phase10.encoding import MAX_LAYS, Encoding, _observations
from phase10.encoding._observations import PIECES, guide_rows

GUIDE = Path(__file__).parent.parent / "docs" / "learners.md"


def positions(
    players: int, rules: Rules | None, seed: int, moves: int
) -> Iterator[GameState]:
    """The states of one seeded game, greedy moves mixed with random ones."""
    rng = random.Random(seed)
    state = new_game(players, rules, seed=seed)
    bot = GreedyBot(random.Random(seed))
    for _ in range(moves):
        yield state
        if state.step is Step.GAME_OVER:
            return
        if state.step is Step.HAND_OVER:
            state = next_hand(state)
            continue
        move = (
            bot.choose(state)
            if rng.random() < 0.7
            else rng.choice(legal_actions(state))
        )
        state = apply(state, move)


def check_position(encoding: Encoding, state: GameState) -> None:
    """Every claim the encoding makes about one position."""
    moves = legal_actions(state)
    legal = encoding.legal(state)
    lays = [move for move in moves if isinstance(move, LayPhase)]
    assert list(legal.values()) == [
        move
        for move in moves
        if not isinstance(move, LayPhase) or move in lays[:MAX_LAYS]
    ]
    mask = encoding.mask(state)
    assert len(mask) == encoding.num_actions
    assert {i for i, bit in enumerate(mask) if bit} == set(legal)
    assert set(mask) <= {0, 1}
    for index, move in legal.items():
        assert encoding.index(move, state) == index
        assert encoding.action(index, state) == move
    mover = view(state, state.current)
    assert encoding.legal(mover) == legal
    for seat in range(len(state.players)):
        seen = view(state, seat)
        vector = encoding.observe(seen)
        assert len(vector) == encoding.observation_size
        for segment in encoding.observations:
            values = vector[segment.start : segment.stop]
            assert min(values) >= 0, segment.name
            if segment.high is not None:
                assert max(values) <= segment.high, segment.name


@pytest.mark.parametrize("players", [2, 3, 6])
def test_moves_masks_and_observations_agree_with_the_engine(players: int) -> None:
    """Over seeded games, each legal move's number decodes to that move, the
    mask marks exactly the legal moves, and observations stay in bounds."""
    encoding = Encoding(players)
    for state in positions(players, None, seed=players, moves=400):
        check_position(encoding, state)


@pytest.mark.slow
@given(rules=rules_records(), seed=st.integers(0, 2**32), data=st.data())
@settings(max_examples=25)
def test_the_encoding_fits_every_rule_set(
    rules: Rules, seed: int, data: st.DataObject
) -> None:
    """Custom phases, decks of other sizes and every option encode the same way."""
    players = data.draw(st.integers(rules.min_players, rules.max_players))
    encoding = Encoding(players, rules)
    for state in positions(players, rules, seed, moves=60):
        check_position(encoding, state)


def test_a_lay_is_found_whatever_the_order_of_its_groups_and_cards() -> None:
    """The greedy bot's lays, and the same lays reordered, get the number of
    the lay listed that makes the same groups."""
    encoding = Encoding(2)
    found = 0
    for state in positions(2, None, seed=21, moves=3000):
        if state.step is not Step.PLAY:
            continue
        move = GreedyBot(random.Random(0)).choose(state)
        if not isinstance(move, LayPhase):
            continue
        index = encoding.index(move, state)
        listed = encoding.action(index, state)
        assert isinstance(listed, LayPhase)
        shuffled = LayPhase(tuple(reversed(move.groups)))
        assert encoding.index(shuffled, state) == index
        phase = state.phase_of(state.current)
        assert phase is not None
        wanted = phase.groups
        for group, need in zip(listed.groups, wanted, strict=True):
            if not need.kind.is_run:
                assert tuple(sorted(group)) == group
        found += 1
    assert found >= 3


def test_moves_are_numbered_in_documented_blocks() -> None:
    """Draw is 0, take 1, lays from 2; hits by group and face; Skips from the
    player to move."""
    encoding = Encoding(3)
    start = {segment.name: segment.start for segment in encoding.actions}
    assert [s.name for s in encoding.actions] == [
        "draw",
        "take",
        "lay",
        "hit",
        "discard",
        "skip",
        "next_hand",
    ]
    assert (start["draw"], start["take"], start["lay"]) == (0, 1, 2)
    assert start["hit"] == 2 + MAX_LAYS
    assert encoding.max_groups == 6  # 3 players, 2 groups at most per phase
    assert start["discard"] == start["hit"] + 6 * 98
    state = new_game(3, seed=1)
    red7 = Card.parse("R7")
    assert encoding.index(Draw(Pile.DISCARD), state) == 1
    assert encoding.index(Hit(red7, 2), state) == start["hit"] + 2 * 98 + red7.index
    assert (
        encoding.index(Hit("W", 2, end="low"), state) == start["hit"] + 2 * 98 + 49 + 48
    )
    assert encoding.index(Hit("W", 2, end="high"), state) == start["hit"] + 2 * 98 + 48
    assert encoding.index(Discard("W"), state) == start["discard"] + 48
    mover = state.current
    assert encoding.index(Skip(None), state) == start["skip"]
    assert encoding.index(Skip((mover + 1) % 3), state) == start["skip"] + 1
    assert encoding.index(Skip((mover + 2) % 3), state) == start["skip"] + 2
    assert encoding.num_actions == start["next_hand"] + 1


def test_a_number_that_is_not_legal_now_is_refused_in_words() -> None:
    """action() names what the number stands for; index() refuses moves
    without a number."""
    encoding = Encoding(2)
    state = new_game(2, seed=1)
    with pytest.raises(IllegalMove, match=r"move 2 \(lay the 1st phase lay listed\)"):
        encoding.action(2, state)
    with pytest.raises(IllegalMove, match="not a move number"):
        encoding.action(encoding.num_actions, state)
    with pytest.raises(IllegalMove, match="a Skip is played by skip"):
        encoding.index(Discard("S"), state)
    with pytest.raises(IllegalMove, match="no number"):
        encoding.index(Skip(state.current), state)
    with pytest.raises(IllegalMove, match="no number"):
        encoding.index(Hit("R7", encoding.max_groups), state)
    with pytest.raises(IllegalMove, match="among the first"):
        encoding.index(LayPhase([["R1", "B1", "G1"], ["R2", "B2", "G2"]]), state)


def test_describe_names_every_block() -> None:
    """Each number has a sentence, without a state."""
    encoding = Encoding(2)
    words = [encoding.describe(segment.start) for segment in encoding.actions]
    assert words == [
        "0 (draw from the draw pile)",
        "1 (take the top of the discard pile)",
        "2 (lay the 1st phase lay listed)",
        "130 (hit R1 on group 0)",
        "522 (discard R1)",
        "571 (play a Skip against nobody)",
        "573 (deal the next hand)",
    ]
    assert (
        encoding.describe(130 + 98 + 49 + 48) == "325 (hit W on group 1 at the low end)"
    )
    assert (
        encoding.describe(572) == "572 (play a Skip against the 1st seat to the left)"
    )
    assert encoding.describe(13) == "13 (lay the 12th phase lay listed)"


def test_lays_past_the_limit_are_left_out_of_the_mask() -> None:
    """With max_lays=1 only the first lay listed is numbered."""
    state = next(
        s
        for s in positions(2, None, seed=11, moves=2000)
        if sum(isinstance(m, LayPhase) for m in legal_actions(s)) > 1
    )
    small = Encoding(2, max_lays=1)
    lays = [m for m in legal_actions(state) if isinstance(m, LayPhase)]
    legal = small.legal(state)
    assert [m for m in legal.values() if isinstance(m, LayPhase)] == lays[:1]
    with pytest.raises(IllegalMove, match="among the first 1 lays"):
        small.index(lays[1], state)


def test_the_player_to_move_sees_the_mask_others_see_none() -> None:
    """A view of another seat has no legal moves, so its mask is all zeros."""
    encoding = Encoding(2)
    state = new_game(2, seed=3)
    other = view(state, 1 - state.current)
    assert encoding.legal(other) == {}
    assert set(encoding.mask(other)) == {0}


def test_observation_blocks_follow_the_view() -> None:
    """Spot checks: own hand counts, the discard top, seats from the viewer."""
    encoding = Encoding(3)
    state = new_game(["Ann", "Bob", "Cy"], seed=5)
    seen = view(state, 2)
    vector = encoding.observe(seen)
    block = {s.name: vector[s.start : s.stop] for s in encoding.observations}
    assert sum(block["hand"]) == 10
    for card in seen.hand:
        assert block["hand"][card.index] == seen.hand.count(card)
    assert seen.discard_top is not None
    assert block["discard_top"][seen.discard_top.index] == 1
    assert sum(block["discard_top"]) == 1
    assert block["step"] == (1, 0, 0, 0)
    assert block["pile_sizes"] == (seen.draw_size, seen.discard_size)
    # Seat 2 views: its own seat comes first, then seat 0, then seat 1.
    assert block["current"] == tuple(int(s == state.current) for s in (2, 0, 1))
    assert block["dealer"] == (0, 1, 0)
    assert block["phase"][:5] == (1, 0, 0, 0, 3)  # phase 1: 2 sets of 3
    assert sum(block["group_present"]) == 0


class MoveNumber:
    """An integer of another library's, as NumPy's ``int64`` is: not an
    ``int``, but one by ``__index__``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_a_move_number_is_any_integer_but_a_flag() -> None:
    """action() and describe() take an integer of any library (a policy's
    NumPy integer) as the number it stands for; a flag, a float or a text
    is a UsageError, not a move that is merely illegal now."""
    encoding = Encoding(2)
    state = new_game(2, seed=1)
    number = encoding.index(Draw(), state)
    assert encoding.action(MoveNumber(number), state) == Draw()  # type: ignore[arg-type]
    assert encoding.describe(MoveNumber(0)) == encoding.describe(0)  # type: ignore[arg-type]
    for wrong in (True, 0.0, "0"):
        with pytest.raises(UsageError, match="a move number is a whole number"):
            encoding.action(wrong, state)  # type: ignore[arg-type]
        with pytest.raises(UsageError, match="a move number is a whole number"):
            encoding.describe(wrong)  # type: ignore[arg-type]


def test_observing_takes_a_view_of_the_same_game() -> None:
    """A whole state (a UsageError: the wrong type), another table size or
    other rules (a FormatError) are refused."""
    encoding = Encoding(2)
    state = new_game(2, seed=1)
    with pytest.raises(UsageError, match="takes a PlayerView"):
        encoding.observe(state)  # type: ignore[arg-type]
    with pytest.raises(FormatError, match="for 2 players"):
        encoding.observe(view(new_game(3, seed=1), 0))
    with pytest.raises(FormatError, match="other rules"):
        encoding.mask(new_game(2, Rules.first_phases(3), seed=1))


@pytest.mark.parametrize(
    ("players", "max_lays", "message"),
    [(1, 128, "2 to 6 players, not 1"), (7, 128, "not 7"), (2, 0, "max_lays")],
)
def test_an_encoding_for_an_impossible_table_is_refused(
    players: int, max_lays: int, message: str
) -> None:
    """The rules' table sizes and a positive lay count are required."""
    with pytest.raises(RulesError, match=message):
        Encoding(players, max_lays=max_lays)


def test_the_guide_describes_every_block_in_order() -> None:
    """docs/learners.md lists the move blocks and the observation's pieces as
    the code has them: every block, under rules that use every option (the
    blocks of the Masters Edition and the house rules last), and the
    classic ones in the same order. Its table of pieces is the one the
    encoding's table of pieces makes, row for row."""
    text = GUIDE.read_text()
    every = every_later_option()
    for rules in (Rules(), every):
        encoding = Encoding(2, rules)
        for table, segments in (
            ("moves", encoding.actions),
            ("observation", encoding.observations),
        ):
            found = re.search(rf"<!-- {table} -->(.*?)<!-- /{table} -->", text, re.S)
            assert found is not None, table
            names = re.findall(r"^\| `(\w+)` \|", found.group(1), re.M)
            wanted = [segment.name for segment in segments]
            cure = (
                f"docs/learners.md's {table} table must list {wanted} in this "
                "order: add a row for a new block or piece where the code has it"
            )
            assert names[: len(wanted)] == wanted, cure
            if rules is every:
                assert names == wanted, cure
    found = re.search(r"<!-- observation -->\n(.*?)<!-- /observation -->", text, re.S)
    assert found is not None
    assert found.group(1).splitlines()[2:] == guide_rows()


def test_importing_the_core_never_imports_the_learning_libraries() -> None:
    """phase10, its bots and its encoding run without NumPy, Gymnasium,
    PettingZoo or OpenSpiel."""
    code = (
        "import sys, phase10, phase10.bots, phase10.encoding; "
        "print(sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel', "
        "'open_spiel', 'dask', 'ray') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_the_api_reference_names_every_public_name_of_the_encoding() -> None:
    """Each name in phase10.encoding.__all__ has an entry in the API reference."""
    docs = Path(__file__).parent.parent / "docs"
    pages = [docs / "api.md", *sorted((docs / "api").glob("*.md"))]
    text = "\n".join(page.read_text(encoding="utf-8") for page in pages)
    missing = [
        name
        for name in phase10.encoding.__all__
        if f"phase10.encoding.{name}" not in text
    ]
    assert missing == []


# --- observations as recorded -------------------------------------------------

GOLDEN_OBSERVATIONS = Path(__file__).parent / "golden" / "observations.json"

HOUSE = Rules(
    phases=[
        "1 run of 4 + 3 even cards",
        "1 run of 4 odd numbers + 1 color run of 3",
        "2 sets of 3",
        "1 run of 3 even numbers + 3 odd cards",
    ],
    wrap_runs=True,
    swap_wilds=True,
)
"""House rules that use every kind of group (R43, R51) and swap Wilds (R50)."""

OBSERVED_GAMES: dict[str, tuple[Rules, int, int]] = {
    # name: (rules, players, seed)
    "official-2": (PRESETS["official"], 2, 3),
    "official-3": (PRESETS["official"], 3, 4),
    "even-phases-4": (PRESETS["even-phases"], 4, 5),
    "first-5-phases-6": (PRESETS["first-5-phases"], 6, 6),
    "masters-3": (PRESETS["masters"], 3, 7),
    "masters-declare-2": (PRESETS["masters-declare"], 2, 8),
    "house-3": (HOUSE, 3, 9),
}
"""The games whose observations ``tests/golden/observations.json`` records."""


def _sparse(vector: tuple[int, ...]) -> list[list[int]]:
    """A vector's slots that are not 0, as ``[slot, value]`` pairs."""
    return [[slot, value] for slot, value in enumerate(vector) if value]


def play_moves(players: int, rules: Rules, seed: int, moves: int) -> list[str]:
    """The moves of one seeded game, in notation: greedy moves mixed with
    random ones, as :func:`positions` plays them."""
    rng = random.Random(seed)
    state = new_game(players, rules, seed=seed)
    bot = GreedyBot(random.Random(seed))
    played: list[str] = []
    while len(played) < moves and state.step is not Step.GAME_OVER:
        if state.step is Step.HAND_OVER:
            move: Action = NextHand()
        elif rng.random() < 0.7:
            move = bot.choose(state)
        else:
            move = rng.choice(legal_actions(state))
        played.append(move.notation)
        state = apply(state, move)
    return played


def replay(name: str, moves: list[str]) -> Iterator[tuple[int, GameState]]:
    """The states of a recorded game, numbered by the moves made."""
    rules, players, seed = OBSERVED_GAMES[name]
    state = new_game(players, rules, seed=seed)
    yield 0, state
    for number, move in enumerate(moves, start=1):
        state = apply(state, parse_action(move))
        yield number, state


def observed(
    name: str, moves: list[str]
) -> Iterator[tuple[int, int | None, tuple[int, ...]]]:
    """Every 20 moves of a recorded game, and wherever a hand has ended or a
    phase is chosen, the observation of each seat's view and of a
    spectator's."""
    rules, players, _ = OBSERVED_GAMES[name]
    encoding = Encoding(players, rules)
    for number, state in replay(name, moves):
        if number % 20 == 0 or state.step not in (Step.DRAW, Step.PLAY):
            for seat in (*range(players), None):
                yield number, seat, encoding.observe(view(state, seat))


def record_observations() -> dict[str, Any]:
    """Each game of :data:`OBSERVED_GAMES`: its moves and its observations,
    each as its length and its slots that are not 0."""
    games: dict[str, Any] = {}
    for name, (rules, players, seed) in OBSERVED_GAMES.items():
        moves = play_moves(players, rules, seed, 240)
        games[name] = {
            "moves": moves,
            "observed": [
                [number, seat, len(vector), _sparse(vector)]
                for number, seat, vector in observed(name, moves)
            ],
        }
    return games


def golden_text(games: dict[str, Any]) -> str:
    """The recorded games as JSON, one observation a line (for diffs)."""

    def dense(value: object) -> str:
        return json.dumps(value, separators=(",", ":"))

    parts = []
    for name, game in games.items():
        lines = ",\n    ".join(dense(entry) for entry in game["observed"])
        parts.append(
            f'  {dense(name)}: {{\n   "moves": {dense(game["moves"])},\n'
            f'   "observed": [\n    {lines}\n   ]\n  }}'
        )
    return "{\n" + ",\n".join(parts) + "\n}\n"


def test_observations_are_as_recorded() -> None:
    """The observations of recorded games are, slot by slot, those the
    encoding gave when they were recorded: a change to the layout or to
    what a block holds shows up here. After an intended change, regenerate
    the file with ``PHASE10_UPDATE_GOLDEN=1 pytest tests/test_encoding.py``
    and review the diff."""
    if os.environ.get("PHASE10_UPDATE_GOLDEN") == "1":
        GOLDEN_OBSERVATIONS.write_text(
            golden_text(record_observations()), encoding="utf-8"
        )
    games = json.loads(GOLDEN_OBSERVATIONS.read_text(encoding="utf-8"))
    assert sorted(games) == sorted(OBSERVED_GAMES)
    for name, game in games.items():
        found = [
            [number, seat, len(vector), _sparse(vector)]
            for number, seat, vector in observed(name, game["moves"])
        ]
        assert len(found) == len(game["observed"]), name
        for got, wanted in zip(found, game["observed"], strict=True):
            assert got == wanted, f"{name}: move {wanted[0]}, seat {wanted[1]}"


# --- each piece holds what its name says -------------------------------------

Expected = Callable[[PlayerView, list[int], Encoding], list[int]]


def _per_seat(value: Callable[[PlayerView, int], int]) -> Expected:
    return lambda seen, seats, encoding: [value(seen, seat) for seat in seats]


def _each_group(value: Callable[[Meld], list[int]], width: int) -> Expected:
    """One row per group the table can hold: ``value`` of the group laid
    there, zeros past the last."""

    def rows(seen: PlayerView, seats: list[int], encoding: Encoding) -> list[int]:
        found: list[int] = []
        for i in range(encoding.max_groups):
            found += value(seen.table[i]) if i < len(seen.table) else [0] * width
        return found

    return rows


def _numbers(number: Callable[[Meld], int | None]) -> Expected:
    return _each_group(lambda meld: [int(number(meld) == k) for k in range(1, 13)], 12)


def _kinds(encoding: Encoding) -> list[GroupKind]:
    classic = [GroupKind.SET, GroupKind.RUN, GroupKind.COLOR, GroupKind.COLOR_RUN]
    used = {g.kind for phase in encoding.rules.phases for g in phase.groups}
    return classic if used <= set(classic) else list(GroupKind)


def _phase_rows(seen: PlayerView, seats: list[int], encoding: Encoding) -> list[int]:
    kinds = _kinds(encoding)
    most = max(len(phase.groups) for phase in encoding.rules.phases)
    found: list[int] = []
    for seat in seats:
        phase = seen.phase_of(seat)
        groups = () if phase is None else phase.groups
        for g in range(most):
            if g < len(groups):
                found += [int(kind is groups[g].kind) for kind in kinds]
                found.append(groups[g].size)
            else:
                found += [0] * (len(kinds) + 1)
    return found


def _steps_of(seen: PlayerView) -> list[int]:
    steps = [Step.DRAW, Step.PLAY, Step.HAND_OVER, Step.GAME_OVER]
    if seen.rules.phase_choice is PhaseChoice.CHOSEN:
        steps.append(Step.CHOOSE)
    return [int(seen.step == step) for step in steps]


def _saved_rows(seen: PlayerView, seats: list[int], encoding: Encoding) -> list[int]:
    found: list[int] = []
    for seat in seats:
        pile = seen.saved if seat == seen.seat else seen.players[seat].saved
        found += [pile.count(face) for face in FACES]
    return found


EXPECTED: dict[str, Expected] = {
    "hand": lambda seen, seats, e: [seen.hand.count(face) for face in FACES],
    "discard_top": lambda seen, seats, e: [
        int(face == seen.discard_top) for face in FACES
    ],
    "step": lambda seen, seats, e: _steps_of(seen),
    "to_move": lambda seen, seats, e: [int(seen.is_my_turn)],
    "pile_sizes": lambda seen, seats, e: [seen.draw_size, seen.discard_size],
    "hand_number": lambda seen, seats, e: [seen.hand_number],
    "laid_this_turn": lambda seen, seats, e: [int(seen.laid_this_turn)],
    "tiebreak": lambda seen, seats, e: [int(seen.tiebreak)],
    "hand_size": _per_seat(lambda seen, seat: seen.players[seat].hand_size),
    "completed": _per_seat(lambda seen, seat: seen.players[seat].completed),
    "laid_down": _per_seat(lambda seen, seat: int(seen.players[seat].laid_down)),
    "score": _per_seat(lambda seen, seat: seen.players[seat].score),
    "skips_pending": _per_seat(lambda seen, seat: seen.players[seat].skips_pending),
    "current": _per_seat(lambda seen, seat: int(seat == seen.current)),
    "dealer": _per_seat(lambda seen, seat: int(seat == seen.dealer)),
    "winner": _per_seat(lambda seen, seat: int(seat == seen.winner)),
    "went_out": _per_seat(lambda seen, seat: int(seat == seen.went_out)),
    "contender": _per_seat(lambda seen, seat: int(seat in seen.contenders)),
    "hand_points": _per_seat(
        lambda seen, seat: 0 if seen.hand_points is None else seen.hand_points[seat]
    ),
    "known": lambda seen, seats, e: [
        seen.players[seat].known.count(face) for seat in seats for face in FACES
    ],
    "phase": _phase_rows,
    "group_present": _each_group(lambda meld: [1], 1),
    "group_owner": lambda seen, seats, e: _each_group(
        lambda meld: [int(meld.owner == seat) for seat in seats], len(seats)
    )(seen, seats, e),
    "group_kind": lambda seen, seats, e: _each_group(
        lambda meld: [int(meld.kind is kind) for kind in _kinds(e)], len(_kinds(e))
    )(seen, seats, e),
    "group_number": _numbers(lambda meld: meld.number),
    "group_color": _each_group(
        lambda meld: [int(meld.color is color) for color in Color], 4
    ),
    "group_low": _numbers(lambda meld: meld.low),
    "group_high": _numbers(lambda meld: meld.high),
    "group_size": _each_group(lambda meld: [len(meld.cards)], 1),
    "phases_done": lambda seen, seats, e: [
        int(phase in seen.players[seat].done())
        for seat in seats
        for phase in range(len(e.rules.phases))
    ],
    "active_phase": lambda seen, seats, e: [
        int(seen.players[seat].active == phase)
        for seat in seats
        for phase in range(len(e.rules.phases))
    ],
    "saved": _saved_rows,
    "saved_size": _per_seat(lambda seen, seat: seen.players[seat].saved_size),
    "saved_now": _per_seat(lambda seen, seat: seen.players[seat].saved_now),
}
"""Each piece of the observation by its name, computed from the view alone
(seats counted from the seat viewing), without the encoding's code."""


def wrong_pieces(encoding: Encoding, seen: PlayerView) -> list[str]:
    """The pieces of ``seen``'s observation that do not hold what their
    names say."""
    vector = encoding.observe(seen)
    me = seen.current if seen.seat is None else seen.seat
    seats = [(me + k) % encoding.players for k in range(encoding.players)]
    return [
        segment.name
        for segment in encoding.observations
        if list(vector[segment.start : segment.stop])
        != EXPECTED[segment.name](seen, seats, encoding)
    ]


def sample_views() -> Iterator[tuple[Encoding, PlayerView]]:
    """Views of the recorded games: every third move, and wherever a hand
    has ended or a phase is chosen; each seat's and a spectator's."""
    games = json.loads(GOLDEN_OBSERVATIONS.read_text(encoding="utf-8"))
    for name, (rules, players, _) in OBSERVED_GAMES.items():
        encoding = Encoding(players, rules)
        for number, state in replay(name, games[name]["moves"]):
            if number % 3 == 0 or state.step not in (Step.DRAW, Step.PLAY):
                for seat in (*range(players), None):
                    yield encoding, view(state, seat)


def test_each_piece_holds_what_its_name_says() -> None:
    """Every piece of every observation, found by its name, holds the values
    computed from the view for that name; every piece is checked."""
    names = {piece.name for piece in PIECES}
    assert set(EXPECTED) == names
    checked: set[str] = set()
    for encoding, seen in sample_views():
        assert wrong_pieces(encoding, seen) == []
        checked |= {segment.name for segment in encoding.observations}
    assert checked == names


def test_two_pieces_swapped_are_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """For every two pieces of the same shape, an observation that fills
    each with the other's values fails the check by name."""
    table = _observations.PIECES
    views: dict[Encoding, list[PlayerView]] = {}
    for encoding, seen in sample_views():
        views.setdefault(encoding, []).append(seen)
    pairs: dict[tuple[int, int], list[Encoding]] = {}
    for encoding in views:
        shapes = {segment.name: segment.shape for segment in encoding.observations}
        for i, a in enumerate(table):
            for j in range(i + 1, len(table)):
                b = table[j]
                if a.name in shapes and shapes.get(b.name) == shapes[a.name]:
                    pairs.setdefault((i, j), []).append(encoding)
    assert len(pairs) > 40
    for (i, j), encodings in sorted(pairs.items()):
        swapped = list(table)
        swapped[i] = attrs.evolve(table[i], fill=table[j].fill)
        swapped[j] = attrs.evolve(table[j], fill=table[i].fill)
        monkeypatch.setattr(_observations, "PIECES", tuple(swapped))
        found = (
            wrong_pieces(encoding, seen)
            for encoding in encodings
            for seen in views[encoding]
        )
        assert any(found), f"{table[i].name} and {table[j].name} swapped"
