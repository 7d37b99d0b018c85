"""Game records: saved as JSON, read back, and replayed move by move."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import rules_records

from phase10 import (
    PRESETS,
    Discard,
    Draw,
    FormatError,
    GameState,
    Hit,
    IllegalMove,
    NextHand,
    Pile,
    Rules,
    RulesError,
    Skip,
    Step,
    UsageError,
    apply,
    new_game,
)
from phase10._actions import MOVE_TYPES
from phase10._record import GameRecord, final_state, replay
from phase10._serialize import from_dict, from_json, to_dict, to_json
from phase10.bots import GreedyBot


def record_game(
    rules: Rules, players: int, seed: int, bot_seed: int, moves: int
) -> tuple[GameRecord, list[GameState]]:
    """A bot game recorded move by move, and every state it passed through."""
    record, state = GameRecord.start(players, rules, seed=seed)
    bot = GreedyBot(random.Random(bot_seed))
    states = [state]
    for _ in range(moves):
        if state.is_over:
            break
        action = bot.choose(state)
        state = apply(state, action)
        record = record.then(action)
        states.append(state)
    return record, states


@pytest.mark.slow
@given(
    rules=rules_records(),
    players=st.integers(2, 8),
    seed=st.integers(-(2**130), 2**130),
    bot_seed=st.integers(0, 2**32),
    moves=st.integers(0, 600),
)
@settings(max_examples=50, suppress_health_check=[HealthCheck.too_slow])
@pytest.mark.rule("R41")
def test_a_record_replays_every_state_of_its_game(
    rules: Rules, players: int, seed: int, bot_seed: int, moves: int
) -> None:
    """Replaying a record, also after a trip through JSON, rebuilds every state."""
    players = min(max(players, rules.min_players), rules.max_players)
    record, states = record_game(rules, players, seed, bot_seed, moves)
    assert replay(record) == tuple(states)
    assert final_state(record) == states[-1]
    text = record.to_json()
    again = GameRecord.from_json(text)
    assert again == record
    assert again.to_json() == text
    assert final_state(again) == states[-1]


@pytest.mark.rule("R41")
def test_a_whole_official_game_replays_to_its_winner() -> None:
    """A four-player official game, recorded to the end, replays to the same winner."""
    record, states = record_game(PRESETS["official"], 4, 2026, 1, 50_000)
    assert states[-1].is_over
    reread = GameRecord.from_json(record.to_json())
    assert final_state(reread).winner == states[-1].winner
    assert len(replay(reread)) == len(record.actions) + 1


SAVED = """{"schema":"phase10/record","version":1,"rules":{"phases":["2 sets of 3",
"1 set of 3 + 1 run of 4","1 set of 4 + 1 run of 4","1 run of 7","1 run of 8",
"1 run of 9","2 sets of 4","7 cards of one color","1 set of 5 + 1 set of 2",
"1 set of 5 + 1 set of 3"],"everyone_advances":false,"hand_size":10,
"deck":"standard","min_players":2,"max_players":6,"naturals":"per group",
"skip_limit":"round","wild_from_discard":true,"hit_on_lay_turn":true,
"go_out_by_hit":true,"on_empty_draw_pile":"reshuffle","points":{"low":5,"high":10,
"skip":15,"wild":25}},"players":["Ann","Bob"],"seed":"2026","dealer":0,"actions":[
{"type":"draw","source":"draw"},
{"type":"lay_phase","groups":[["G2","R2","R2"],["Y8","Y8","W"]]},
{"type":"discard","card":"G12"},{"type":"draw","source":"draw"},
{"type":"lay_phase","groups":[["G9","B9","B9"],["Y5","B5","W"]]},
{"type":"discard","card":"R12"}]}"""
"""A record saved by version 1: it must stay readable, and replay the same."""


@pytest.mark.rule("R41")
def test_a_saved_record_still_reads_and_replays() -> None:
    """A version 1 record written out by hand replays to the same game."""
    record = GameRecord.from_json(SAVED)
    assert record == from_json(SAVED, GameRecord)
    assert record.players == ("Ann", "Bob")
    assert record.seed == 2026
    assert record.rules == Rules()
    assert record.actions[2] == Discard("G12")
    states = replay(record)
    assert len(states) == 7
    last = states[-1]
    assert (last.current, last.step) == (1, Step.DRAW)
    assert [str(card) for card in last.players[1].hand] == ["G10", "B7", "Y6", "R5"]
    assert [len(meld.cards) for meld in last.table] == [3, 3, 3, 3]
    assert record.to_json() == "".join(SAVED.split("\n"))


def test_an_illegal_move_names_its_place_and_the_rule() -> None:
    """A move the rules forbid raises FormatError with its index and reason."""
    record, _ = GameRecord.start(["Ann", "Bob"], seed=2026)
    bad = record.then(Draw(), Discard("G12"), Discard("R12"))
    with pytest.raises(FormatError) as caught:
        replay(bad)
    message = str(caught.value)
    assert message.startswith("actions[2] (discard R12): ")
    assert "draw a card before you discard" in message
    cause = caught.value.__cause__
    assert isinstance(cause, IllegalMove)
    assert cause.clause == "R21"
    with pytest.raises(FormatError, match=r"^actions\[2\] \(discard R12\)"):
        final_state(bad)


def test_moves_after_the_end_of_the_game_are_refused() -> None:
    """A record that plays on after the game is over does not replay."""
    record, states = record_game(Rules(phases=["2 sets of 3"]), 2, 3, 3, 20_000)
    assert states[-1].is_over
    with pytest.raises(FormatError, match=r"the game is over"):
        replay(record.then(NextHand()))


def test_a_record_that_cannot_start_a_game_is_refused() -> None:
    """Too few players or a missing dealer seat makes a FormatError on replay."""
    with pytest.raises(FormatError, match="cannot start a game") as caught:
        replay(GameRecord(players=["Solo"], seed=1))
    assert isinstance(caught.value.__cause__, RulesError)
    with pytest.raises(FormatError, match="cannot start a game"):
        final_state(GameRecord(players=["Ann", "Bob"], seed=1, dealer=2))


def test_something_that_is_not_a_move_is_refused() -> None:
    """A non-move among the moves is a UsageError when the record is made, and a
    FormatError when a record made around the checks is replayed."""
    with pytest.raises(UsageError, match=r"^actions\[1\]: 'discard' is not a move"):
        GameRecord(players=["Ann", "Bob"], seed=1, actions=[Draw(), "discard"])  # type: ignore[list-item]
    record = GameRecord(players=["Ann", "Bob"], seed=1, actions=[Draw()])
    object.__setattr__(record, "actions", (Draw(), "discard"))  # bypass the checks
    with pytest.raises(FormatError, match=r"^actions\[1\]: 'discard' is not a move"):
        replay(record)


def test_a_record_is_made_of_names_moves_and_whole_numbers() -> None:
    """Making a record from the wrong kinds of values raises UsageError."""
    with pytest.raises(UsageError, match="not one name"):
        GameRecord(players="Ann", seed=1)
    with pytest.raises(UsageError, match="sequence of names or a number of pla"):
        GameRecord(players=2.0, seed=1)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="sequence of moves, not a Draw"):
        GameRecord(players=["Ann", "Bob"], seed=1, actions=Draw())  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="seed is a whole number, not str"):
        GameRecord(players=["Ann", "Bob"], seed="1")  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="dealer is a whole number, not bool"):
        GameRecord(players=["Ann", "Bob"], seed=1, dealer=True)


def test_start_records_a_fresh_seed() -> None:
    """Without a seed, start takes a fresh one and the record keeps it."""
    record, state = GameRecord.start(3, dealer=2)
    assert record.seed == state.seed
    assert record.players == ("Player 1", "Player 2", "Player 3")
    assert record.dealer == 2
    assert replay(record) == (state,)
    assert state == new_game(3, seed=record.seed, dealer=2)


def test_then_returns_a_new_record() -> None:
    """Adding moves leaves the original record as it was."""
    record = GameRecord(players=["Ann", "Bob"], seed=5)
    longer = record.then(Draw(Pile.DISCARD)).then(Skip(0), Hit("W", 0))
    assert record.actions == ()
    assert longer.actions == (Draw(Pile.DISCARD), Skip(0), Hit("W", 0))


@pytest.mark.rule("R41")
def test_a_records_repr_hides_the_seed() -> None:
    """Like a state's, a record's repr leaves out the secret seed."""
    record = GameRecord(players=["Ann", "Bob"], seed=987654321987654321)
    assert "987654321987654321" not in repr(record)
    assert "987654321987654321" in record.to_json()


def record_data() -> dict[str, Any]:
    """A valid record document to spoil."""
    record, _ = record_game(Rules(), 3, 8, 8, 40)
    return to_dict(record)


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (
            ("players",),
            ["Ann"],
            r"^players: these rules are for 2 to 6 players, not 1$",
        ),
        (("players", 1), "", r"^players\[1\]: a player's name cannot be empty$"),
        (("dealer",), 3, r"^dealer: there is no seat 3 \(seats are 0 to 2\)$"),
        (("dealer",), False, r"^dealer: expected a seat number, not false$"),
        (("seed",), 8, r"^seed: expected the seed as a text of decimal digits"),
        (("seed",), "0x8", r"^seed: expected the seed as a text"),
        (("seed",), "-", r"^seed: expected the seed as a text"),
        (("actions", 3, "type"), "pass", r"^actions\[3\]\.type: 'pass' is not a move"),
        (("actions", 1), {"type": "discard"}, r"^actions\[1\]: missing key 'card'$"),
        (
            ("actions", 0),
            {"type": "discard", "card": "R13"},
            r"^actions\[0\]\.card: 'R13' is not a card$",
        ),
        (
            ("actions", 0),
            {"type": "hit", "card": "R1", "meld": -1, "end": None},
            r"^actions\[0\]\.meld: expected a whole number >= 0, not -1$",
        ),
        (
            ("actions", 0),
            {"type": "hit", "card": "R1", "meld": 0, "end": "middle"},
            r"^actions\[0\]\.end: 'middle' is not an end \('low', 'high'\)$",
        ),
        (("actions",), None, r"^actions: expected a list, not null$"),
        (("rules", "max_players"), 1, r"^rules: these rules cannot be played: "),
    ],
)
def test_bad_record_documents_are_refused(
    path: tuple[Any, ...], value: object, message: str
) -> None:
    """Each kind of bad record data raises a FormatError naming the place."""
    data = record_data()
    owner: Any = data
    for key in path[:-1]:
        owner = owner[key]
    owner[path[-1]] = value
    with pytest.raises(FormatError, match=message):
        GameRecord.from_dict(data)
    with pytest.raises(FormatError, match=message):
        GameRecord.from_json(json.dumps(data))


def test_a_record_is_written_as_documented() -> None:
    """The record document holds the setup and the moves, without headers on moves."""
    data = record_data()
    assert list(data) == [
        "schema",
        "version",
        "rules",
        "players",
        "seed",
        "dealer",
        "actions",
    ]
    assert data["schema"] == "phase10/record"
    first = data["actions"][0]
    assert list(first) == ["type", "source"]
    assert first["type"] == "draw" and first["source"] in ("draw", "discard")
    assert from_dict(data, GameRecord) == GameRecord.from_dict(data)
    assert to_json(GameRecord.from_dict(data)) == json.dumps(
        data, separators=(",", ":")
    )


@pytest.mark.slow
@given(
    where=st.integers(0, 10**6),
    value=st.none()
    | st.booleans()
    | st.integers(-3, 20)
    | st.sampled_from(["R7", "W", "draw", "discard", "skip", "low", "1", ""]),
    drop=st.booleans(),
)
@settings(max_examples=150)
def test_spoiled_records_are_read_or_refused_and_replay_or_refuse(
    where: int, value: object, drop: bool
) -> None:
    """A record with one value changed is read or refused, then replays or not."""
    data = record_data()
    paths: list[tuple[Any, Any]] = []

    def collect(node: Any) -> None:
        """Note the place of every value under ``node``."""
        if isinstance(node, dict):
            for key, item in node.items():
                paths.append((node, key))
                collect(item)
        elif isinstance(node, list):
            for index, item in enumerate(node):
                paths.append((node, index))
                collect(item)

    data = copy.deepcopy(data)
    collect(data)
    owner, key = paths[where % len(paths)]
    if drop:
        del owner[key]
    else:
        owner[key] = value
    try:
        record = GameRecord.from_dict(data)
    except FormatError:
        return
    assert GameRecord.from_json(record.to_json()) == record
    try:
        states = replay(record)
    except FormatError:
        return
    assert len(states) == len(record.actions) + 1


def test_a_count_of_players_names_them_as_new_game_does() -> None:
    """A record made with a number of players names them as new_game(n) does."""
    record = GameRecord(players=3, seed=5)
    assert record.players == tuple(p.name for p in new_game(3, seed=5).players)
    assert record == GameRecord.start(3, seed=5)[0]
    assert final_state(record) == new_game(3, seed=5)
    for count in (0, -1, 10**9):
        with pytest.raises(FormatError, match="a number of players from 1"):
            GameRecord(players=count, seed=1)
    with pytest.raises(UsageError, match="not a bool"):
        GameRecord(players=True, seed=1)


WRONG_TYPES = {
    "none as a move",
    "a number as a move",
    "a move class",
    "one text as the moves",
    "rules as text",
    "no rules",
    "a number as a name",
    "no players",
    "a float seed",
}
"""The cases below that give a value of the wrong type: a UsageError."""

BAD_FIELDS: list[tuple[str, dict[str, Any], str]] = [
    (
        "none as a move",
        {"actions": [None]},
        r"^actions\[0\]: None is not a move; a record's actions are "
        + ", ".join(kind.__name__ for kind in MOVE_TYPES[:-1])
        + f" or {MOVE_TYPES[-1].__name__} records$",
    ),
    ("a number as a move", {"actions": [Draw(), 7]}, r"^actions\[1\]: 7 is not a "),
    ("a move class", {"actions": [NextHand]}, r"^actions\[0\]: a type is not a move"),
    (
        "one text as the moves",
        {"actions": "draw"},
        r"^a record's actions are a sequence of moves, not a str$",
    ),
    (
        "rules as text",
        {"rules": "x"},
        r"^a record's rules are a Rules record, not 'x'$",
    ),
    ("no rules", {"rules": None}, r"^a record's rules are a Rules record, not None$"),
    (
        "an empty name",
        {"players": ["Ann", " "]},
        r"^players\[1\]: a player's name is a non-empty text, not ' '$",
    ),
    (
        "a number as a name",
        {"players": ["Ann", 2]},
        r"^players\[1\]: a player's name is a non-empty text, not 2$",
    ),
    (
        "no players",
        {"players": None},
        r"^a record's players are a sequence of names or a number of players, "
        r"not a NoneType$",
    ),
    ("a seed too long", {"seed": 10**4000}, r"^a record's seed has at most 4000 "),
    ("a long negative seed", {"seed": -(10**4000)}, r"^a record's seed has at most "),
    ("a float seed", {"seed": 1.0}, r"^a record's seed is a whole number, not float$"),
]


@pytest.mark.parametrize(
    ("fields", "message", "error"),
    [
        pytest.param(
            fields,
            message,
            UsageError if name in WRONG_TYPES else FormatError,
            id=name,
        )
        for name, fields, message in BAD_FIELDS
    ],
)
def test_a_record_refuses_bad_fields_when_made(
    fields: dict[str, Any], message: str, error: type[Exception]
) -> None:
    """Making a record from values it could not write or replay is a FormatError;
    from values of the wrong type, a UsageError."""
    given_fields: dict[str, Any] = {"players": ["Ann", "Bob"], "seed": 1} | fields
    with pytest.raises(error, match=message):
        GameRecord(**given_fields)


@pytest.mark.rule("R41")
def test_the_longest_seed_a_record_takes_is_written_and_read_back() -> None:
    """Seeds of up to 4000 digits, either sign, survive a trip through JSON."""
    for seed in (10**4000 - 1, -(10**4000 - 1)):
        record = GameRecord(players=["Ann", "Bob"], seed=seed).then(Draw())
        assert GameRecord.from_json(record.to_json()) == record


def test_then_refuses_what_is_not_a_move_counting_from_the_records_end() -> None:
    """then() names the place a bad move would take in the record."""
    record = GameRecord(players=["Ann", "Bob"], seed=1).then(Draw(), Discard("R7"))
    with pytest.raises(UsageError, match=r"^actions\[3\]: None is not a move"):
        record.then(Draw(), None)  # type: ignore[arg-type]
    assert record.actions == (Draw(), Discard("R7"))


def test_then_gives_the_record_that_making_it_whole_gives() -> None:
    """A record grown move by move equals, and hashes as, one made all at once."""
    moves = (Draw(Pile.DISCARD), Skip(1), Hit("W", 0), NextHand())
    grown = GameRecord(players=3, seed=4, dealer=1, rules=PRESETS["ten-hands"])
    for move in moves:
        grown = grown.then(move)
    whole = GameRecord(
        players=3, seed=4, dealer=1, rules=PRESETS["ten-hands"], actions=moves
    )
    assert grown == whole
    assert hash(grown) == hash(whole)
    assert grown.to_json() == whole.to_json()


@pytest.mark.parametrize("function", [replay, final_state])
def test_replaying_something_that_is_not_a_record_is_refused(
    function: Any,
) -> None:
    """replay and final_state raise UsageError for anything but a GameRecord."""
    name = function.__name__
    with pytest.raises(UsageError, match=rf"^{name} takes a GameRecord, not None$"):
        function(None)
    with pytest.raises(UsageError, match=rf"^{name} takes a GameRecord, not a dict"):
        function(to_dict(GameRecord(players=2, seed=1)))


def test_a_tampered_move_is_not_written_as_another_move() -> None:
    """Writing a record whose moves were replaced by a non-move is a FormatError."""
    record = GameRecord(players=["Ann", "Bob"], seed=1, actions=[Draw()])
    object.__setattr__(record, "actions", (Draw(), None))  # bypass the checks
    with pytest.raises(FormatError, match=r"^cannot write a NoneType as a move"):
        record.to_json()
    with pytest.raises(FormatError, match=r"^cannot write a NoneType as a move"):
        to_dict(record)
