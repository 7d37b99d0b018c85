"""The scorekeeper (phase10.ledger): games played with real cards, hand by hand.

The central test replays engine games into a ledger, hand by hand, telling
it only what a table would (who laid which phase, who went out, the cards
or points left) and checks that it gives the engine's scores, phases,
tie-break hands and winner. The others check that every hand that cannot
happen is refused with its clause, and that a ledger goes to JSON and back.
"""

from __future__ import annotations

import json
import random
from typing import Any

import jsonschema
import pytest
from games import play

import phase10
from phase10 import (
    PRESETS,
    STANDARD_PHASES,
    EmptyDrawPile,
    EntryError,
    FormatError,
    GameState,
    PhaseChoice,
    Points,
    Rules,
    Step,
    UsageError,
    parse_cards,
)
from phase10 import _ledger as ledger_module
from phase10.ledger import HandEntry, Ledger

# --- the engine's games, told to a ledger ----------------------------------------

SHORT = Rules(phases=STANDARD_PHASES[:1], everyone_advances=True)
"""One hand a game and everyone a finalist."""

TIED = Rules(phases=STANDARD_PHASES[:1], points=Points(0, 0, 0, 0))
"""One phase and no card counting a point: whoever lays it in the same hand
as another ties, so tie-break hands are common."""

GAMES: list[tuple[str, Rules]] = [
    *PRESETS.items(),
    ("one phase, ten-hands", SHORT),
    ("one phase", Rules(phases=STANDARD_PHASES[:1])),
    ("one phase, no points", TIED),
    ("empty pile ends the hand", Rules(on_empty_draw_pile=EmptyDrawPile.END_HAND)),
    ("saved cards score", PRESETS["masters"].replace(saved_cards_score=True)),
    (
        "tie-breaks with saved cards that score",
        TIED.replace(
            saves_per_hand=1, saved_cards_score=True, points=Points(0, 0, 1, 1)
        ),
    ),
]


def _entry(
    state: GameState, playing: tuple[int, ...], rng: random.Random
) -> dict[str, Any]:
    """What a table would say of the hand that just ended in ``state``,
    played by the seats ``playing``."""
    rules = state.rules
    laid: dict[int, int] = {}
    left: dict[int, Any] = {}
    for seat, player in enumerate(state.players):
        if seat not in playing:
            continue
        if player.laid_down:
            chosen = rules.phase_choice is not PhaseChoice.IN_ORDER
            laid[seat] = (player.active or 0) + 1 if chosen else 0
        cards = list(player.hand)
        if rules.saved_cards_score:
            cards += player.saved
        if seat == state.went_out and not cards:
            continue
        # Half the time the cards, half the time only their points.
        left[seat] = cards if rng.random() < 0.5 else rules.points.total(cards)
    if rules.phase_choice is PhaseChoice.IN_ORDER:
        return {"laid": list(laid), "went_out": state.went_out, "left": left}
    return {"laid": laid, "went_out": state.went_out, "left": left}


def _replayed(rules: Rules, players: int, seed: int) -> tuple[Ledger, GameState, int]:
    """An engine game and the ledger a table kept of it; and its tie-breaks."""
    rng = random.Random(seed)
    state = phase10.new_game(players, rules, seed=seed, dealer=seed % players)
    names = [player.name for player in state.players]
    sheet = Ledger(names, rules, dealer=seed % players)
    tiebreaks = 0
    for _ in range(4000):
        if state.step is Step.GAME_OVER:
            break
        before = state
        state = play(state, rng, 1, mix=0.3)
        if before.step is Step.HAND_OVER or state.step not in (
            Step.HAND_OVER,
            Step.GAME_OVER,
        ):
            if state.step is not before.step and before.step is Step.HAND_OVER:
                assert sheet.next_dealer == state.dealer  # the deal moves on (R18)
            continue
        assert sheet.playing == before.contenders
        earlier = sheet
        sheet = sheet.record(**_entry(state, before.contenders, rng))
        # A hand recorded or undone is settled on its own, not the game again:
        # the figures are those of a ledger read afresh from its hands.
        fresh = Ledger(names, rules, dealer=seed % players, hands=sheet.hands)
        assert _figures(sheet) == _figures(fresh)
        assert _figures(sheet.undo()) == _figures(earlier)
        tiebreaks += state.tiebreak
        _agree(sheet, state)
    return sheet, state, tiebreaks


def _figures(sheet: Ledger) -> tuple[object, ...]:
    """Everything a ledger says of where the game stands."""
    later = () if sheet.over else (sheet.next_dealer, sheet.playing, sheet.tiebreak)
    return (sheet.scores, sheet.standings(), sheet.points(), sheet.winner, *later)


def _agree(sheet: Ledger, state: GameState) -> None:
    assert sheet.scores == tuple(player.score for player in state.players)
    for seat, player in enumerate(state.players):
        assert sheet.done(seat) == tuple(index + 1 for index in player.done())
    assert sheet.winner == state.winner
    assert sheet.over == (state.step is Step.GAME_OVER)
    if not sheet.over:
        assert sheet.tiebreak == state.tiebreak
        assert sheet.playing == state.contenders
    assert sheet.points()[-1] == state.hand_points


@pytest.mark.parametrize(("label", "rules"), GAMES, ids=[label for label, _ in GAMES])
def test_engine_games_told_to_a_ledger_score_as_the_engine_R34_R35_R37(
    label: str, rules: Rules
) -> None:
    """Every hand of engine games, told as a table tells it (cards or points),
    gives the engine's totals, phases done, next players and winner."""
    finished = 0
    for seed in range(4):
        players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
        sheet, _, _ = _replayed(rules, players, seed)
        finished += sheet.over
        again = Ledger.from_json(sheet.to_json())
        assert again == sheet
        assert again.scores == sheet.scores
    assert finished >= 3


def test_tie_break_hands_are_kept_as_the_engine_plays_them_R38() -> None:
    """Games of one phase in which everyone is a finalist: the tied players
    alone play on, scored, nobody advancing, until one goes out first."""
    tiebreaks = 0
    for seed in range(40):
        sheet, state, seen = _replayed(TIED, 2 + seed % 3, seed)
        tiebreaks += seen
        assert sheet.winner == state.winner
    assert tiebreaks >= 3  # the test plays tie-break hands, not only first hands


# --- what a table may be told, and refused -----------------------------------------

TEN = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10"


def three() -> Ledger:
    return Ledger(["Ann", "Bob", "Cy"])


def test_a_hand_is_scored_and_the_phases_advance_R34_R35() -> None:
    sheet = three().record(
        laid=["Ann", "Cy"],
        went_out="Ann",
        left={"Bob": "W W S R1 R2 R3 B10 G11 Y12 B4", "Cy": "R7 S"},
    )
    # Bob: two Wilds 50, a Skip 15, four low cards 20, three high 30; Cy 5 + 15.
    assert sheet.scores == (0, 115, 20)
    assert [sheet.phase_of(name) for name in ("Ann", "Bob", "Cy")] == [2, 1, 2]
    assert sheet.done("cy") == (1,)
    assert [(one.name, one.place) for one in sheet.standings()] == [
        ("Ann", 1),
        ("Cy", 2),
        ("Bob", 3),
    ]
    assert sheet.next_dealer == 1 and sheet.hand_number == 2


def test_players_level_on_phases_and_points_share_a_place() -> None:
    sheet = three().record(laid=["Ann"], went_out="Ann", left={"Bob": 50, "Cy": 50})
    assert [one.place for one in sheet.standings()] == [1, 2, 2]


def refused(sheet: Ledger, clause: str | None, words: str, **entry: Any) -> None:
    with pytest.raises(EntryError) as caught:
        sheet.record(**entry)
    assert caught.value.clause == clause
    assert words in str(caught.value)


def test_going_out_needs_a_phase_laid_R33() -> None:
    refused(
        three(),
        "R33",
        "Cy did not lay down a phase, so cannot have gone out",
        laid=["Ann"],
        went_out="Cy",
        left={"Ann": 10, "Bob": TEN},
    )


def test_the_player_who_went_out_has_no_cards_left_R33() -> None:
    refused(
        three(),
        "R33",
        "Ann went out, so holds 0 cards, not 1",
        laid=["Ann"],
        went_out="Ann",
        left={"Ann": "R5", "Bob": TEN, "Cy": TEN},
    )


def test_a_phase_cannot_be_skipped_R16() -> None:
    refused(
        three(),
        "R16",
        "Ann is on phase 1, so cannot have laid phase 2",
        laid={"Ann": 2},
        went_out="Ann",
        left={"Bob": TEN, "Cy": TEN},
    )


def test_a_phase_done_in_the_masters_edition_is_not_done_again_R44() -> None:
    sheet = Ledger(["Ann", "Bob"], PRESETS["masters"])
    refused(
        sheet,
        "R44",
        "say which phase Ann laid",
        laid=["Ann"],
        went_out="Ann",
        left={"Bob": TEN},
    )
    sheet = sheet.record(laid={"Ann": 7}, went_out="Ann", left={"Bob": TEN})
    assert sheet.done("Ann") == (7,) and sheet.phase_of("Ann") is None
    refused(
        sheet,
        "R44",
        "Ann has already completed phase 7",
        laid={"Ann": 7},
        went_out="Ann",
        left={"Bob": TEN},
    )
    sheet = sheet.record(laid={"Ann": 2, "Bob": 10}, went_out="Bob", left={"Ann": 5})
    assert sheet.done("Ann") == (2, 7) and sheet.done("Bob") == (10,)


def test_a_hand_ends_with_somebody_out_unless_an_empty_pile_ends_it_R25() -> None:
    refused(
        three(), "R25", "nobody out", laid=[], left={"Ann": TEN, "Bob": TEN, "Cy": TEN}
    )
    sheet = Ledger(["Ann", "Bob"], Rules(on_empty_draw_pile=EmptyDrawPile.END_HAND))
    sheet = sheet.record(laid=["Bob"], left={"Ann": 50, "Bob": 5})
    assert sheet.scores == (50, 5) and sheet.done("Bob") == (1,)


def test_a_player_who_did_not_lay_down_holds_a_whole_hand_R21() -> None:
    refused(
        three(),
        "R21",
        "Bob did not lay down, so holds 10 cards, not 9",
        laid=["Ann"],
        went_out="Ann",
        left={"Bob": "R1 R2 R3 R4 R5 R6 R7 R8 R9", "Cy": TEN},
    )


def test_a_player_who_laid_down_holds_at_most_the_rest_R21() -> None:
    # Phase 1 takes six cards of ten: at most four are left.
    refused(
        three(),
        "R21",
        "Cy laid down, so holds 1 to 4 cards, not 5",
        laid=["Ann", "Cy"],
        went_out="Ann",
        left={"Bob": TEN, "Cy": "R1 R2 R3 R4 R5"},
    )


def test_points_no_hand_can_count_are_refused_R34() -> None:
    # Ten cards count at least 50 (all low cards) and never 52.
    refused(
        three(),
        "R34",
        "Bob cannot have 45 points left: no hand of 10 cards counts",
        laid=["Ann"],
        went_out="Ann",
        left={"Bob": 45, "Cy": TEN},
    )
    refused(
        three(),
        "R34",
        "cannot have 52 points",
        laid=["Ann"],
        went_out="Ann",
        left={"Bob": 52, "Cy": TEN},
    )
    # Four cards left after phase 1: four Wilds at most, 100.
    refused(
        three(),
        "R34",
        "Cy cannot have 105 points left: no hand of 1 to 4 cards",
        laid=["Ann", "Cy"],
        went_out="Ann",
        left={"Bob": TEN, "Cy": 105},
    )
    assert three().record(
        laid=["Ann", "Cy"], went_out="Ann", left={"Bob": 230, "Cy": 100}
    ).scores == (0, 230, 100)


def test_no_more_copies_of_a_card_than_the_deck_holds_R2() -> None:
    refused(
        three(),
        "R2",
        "the players' hands hold 3 of R1, and the deck has 2",
        laid=["Ann"],
        went_out="Ann",
        left={"Bob": TEN, "Cy": "R1 R1 B3 B4 B5 B6 B7 B8 B9 B10"},
    )


def test_only_the_tied_players_play_the_tie_break_hand_R38() -> None:
    sheet = Ledger(["Ann", "Bob", "Cy"], SHORT)
    sheet = sheet.record(laid=["Ann"], went_out="Ann", left={"Bob": 50, "Cy": 50})
    assert sheet.winner == 0
    # Where every card counts 0 points, Ann and Bob tie on the last phase.
    tied = Ledger(["Ann", "Bob", "Cy"], TIED)
    tied = tied.record(laid=["Ann", "Bob"], went_out="Ann", left={"Bob": 0, "Cy": TEN})
    assert tied.winner is None and tied.tiebreak and tied.playing == (0, 1)
    refused(
        tied,
        "R38",
        "Cy is not in this tie-break hand",
        laid=["Cy"],
        went_out="Cy",
        left={"Ann": 0, "Bob": 0},
    )
    again = tied.record(laid=["Ann", "Bob"], went_out="Bob", left={"Ann": "R1"})
    assert again.winner == 1 and again.scores == (0, 0, 0)
    assert again.done("Ann") == (1,)  # a tie-break hand credits nothing


def test_nothing_is_recorded_after_the_end_R37() -> None:
    sheet = Ledger(["Ann", "Bob"], SHORT).record(
        laid=["Ann"], went_out="Ann", left={"Bob": TEN}
    )
    assert sheet.over and sheet.winner == 0 and sheet.playing == ()
    refused(
        sheet,
        "R37",
        "the game is over: Ann won",
        laid=["Bob"],
        went_out="Bob",
        left={"Ann": 5},
    )


def test_what_the_table_forgot_or_got_wrong_is_said_plainly() -> None:
    sheet = three()
    refused(
        sheet,
        None,
        "say what Cy has left in hand",
        laid=["Ann"],
        went_out="Ann",
        left={"Bob": TEN},
    )
    refused(
        sheet,
        None,
        "nobody is called 'Dee' (the players are Ann, Bob, Cy)",
        laid=["Dee"],
        went_out="Ann",
        left={"Bob": TEN, "Cy": TEN},
    )
    refused(
        sheet,
        None,
        "Ann is listed twice",
        laid=["Ann", "ann"],
        went_out="Ann",
        left={"Bob": TEN, "Cy": TEN},
    )
    refused(sheet, None, "there is no seat 3", laid=[3], went_out=3, left={})
    refused(
        sheet,
        None,
        "Bob's cards",
        laid=["Ann"],
        went_out="Ann",
        left={"Bob": "R0", "Cy": TEN},
    )
    with pytest.raises(EntryError, match="seat 2 to 6 players, not 1"):
        Ledger(["Ann"])
    with pytest.raises(EntryError, match="two players are called 'ann'"):
        Ledger(["Ann", "ann"])


@pytest.mark.parametrize(
    "entry",
    [
        {"laid": 7},
        {"laid": {"Ann": "2"}},
        {"laid": [True]},
        {"laid": ["Ann"], "went_out": 1.5},
        {"laid": ["Ann"], "went_out": "Ann", "left": ["Bob"]},
        {"laid": ["Ann"], "went_out": "Ann", "left": {"Bob": True, "Cy": TEN}},
        {"laid": ["Ann"], "went_out": "Ann", "left": {"Bob": [5], "Cy": TEN}},
    ],
)
def test_arguments_of_the_wrong_type_are_usage_errors(entry: dict[str, Any]) -> None:
    with pytest.raises(UsageError):
        three().record(**entry)


def test_a_refused_hand_leaves_the_ledger_as_it_was() -> None:
    sheet = three().record(laid=["Ann"], went_out="Ann", left={"Bob": TEN, "Cy": 50})
    text = sheet.to_json()
    with pytest.raises(EntryError):
        sheet.record(laid=["Bob"], went_out="Cy", left={"Ann": 5})
    assert sheet.to_json() == text and len(sheet.hands) == 1


def test_undo_takes_back_the_last_hand() -> None:
    sheet = three()
    one = sheet.record(laid=["Ann"], went_out="Ann", left={"Bob": TEN, "Cy": 50})
    two = one.record(laid=["Bob"], went_out="Bob", left={"Ann": 50, "Cy": 50})
    assert two.undo() == one and two.undo().undo() == sheet
    assert two.undo().scores == one.scores
    with pytest.raises(EntryError, match="no hand to undo"):
        sheet.undo()


def test_cards_may_be_typed_or_given_as_cards() -> None:
    typed = three().record(
        laid=["Ann"], went_out="Ann", left={"Bob": TEN, "Cy": "W W W W W W W W S S"}
    )
    given = three().record(
        laid=[0],
        went_out=0,
        left={1: parse_cards(TEN), 2: parse_cards("W W W W W W W W S S")},
    )
    assert typed == given and typed.scores == (0, 55, 230)


# --- the ledger as a document --------------------------------------------------------


def _sample() -> Ledger:
    sheet = Ledger(["Ann", "Bob"], PRESETS["masters"], dealer=1)
    sheet = sheet.record(laid={"Ann": 3}, went_out="Ann", left={"Bob": TEN})
    return sheet.record(laid={"Bob": 9}, went_out="Bob", left={"Ann": 75})


def test_a_ledger_goes_to_json_and_back_and_fits_its_schema() -> None:
    sheet = _sample()
    data = phase10.to_dict(sheet)
    assert data["schema"] == "phase10/ledger" and data["version"] == 1
    assert data["hands"][0] == {
        "laid": [3, None],
        "went_out": 0,
        "left": [[], TEN.split()],
    }
    assert phase10.from_dict(data, Ledger) == sheet == Ledger.from_dict(data)
    assert phase10.from_json(phase10.to_json(sheet), Ledger) == sheet
    jsonschema.validate(data, phase10.json_schema("ledger"))
    jsonschema.validate(
        phase10.to_dict(Ledger(["A", "B"])), phase10.json_schema("ledger")
    )


def _changed(path: list[Any], value: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_sample().to_json())
    here: Any = data
    for key in path[:-1]:
        here = here[key]
    here[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "words"),
    [
        (
            ["hands", 1, "laid", 0],
            3,
            "Ann has already completed phase 3",
        ),
        (["hands", 0, "went_out"], 1, "Bob did not lay down"),
        (["hands", 0, "laid", 0], 11, "hands[0].laid[0]"),
        (["hands", 0, "left", 1], ["X9"], "hands[0].left[1]"),
        (["hands", 0, "left", 1], -5, "hands[0].left[1]"),
        (["hands", 0, "left"], [[]], "one entry a player"),
        (["hands", 0, "extra"], 1, "unknown key"),
        (["players"], ["Ann"], "more than the 1 possible"),
        (["hands", 0, "laid"], [None, None], "Ann did not lay down"),
        (["dealer"], 2, "dealer"),
    ],
)
def test_the_reader_refuses_a_ledger_that_cannot_be(
    path: list[Any], value: Any, words: str
) -> None:
    with pytest.raises(
        FormatError, match=words.replace("[", r"\[").replace("]", r"\]")
    ):
        Ledger.from_dict(_changed(path, value))


def test_hand_entries_made_by_hand_are_checked_as_recorded_ones() -> None:
    entry = HandEntry((None, None), 0, ((), ()))
    with pytest.raises(EntryError, match="did not lay down"):
        Ledger(["Ann", "Bob"], hands=[entry])
    with pytest.raises(UsageError):
        HandEntry(("1", None), 0, ((), ()))  # type: ignore[arg-type]


def test_a_player_down_but_not_out_holds_a_card_R33() -> None:
    """The first player to hold no card goes out: nobody else can be left
    with none, as cards or as points (under the official points a card
    counts at least 5)."""
    refused(
        three(),
        "R21",
        "Bob laid down, so holds 1 to 4 cards, not 0",
        laid=["Ann", "Bob"],
        went_out="Ann",
        left={"Bob": "", "Cy": TEN},
    )
    refused(
        three(),
        "R34",
        "Bob cannot have 0 points left",
        laid=["Ann", "Bob"],
        went_out="Ann",
        left={"Bob": 0, "Cy": TEN},
    )
    sheet = Ledger(["Ann", "Bob"], Rules(on_empty_draw_pile=EmptyDrawPile.END_HAND))
    refused(
        sheet,
        "R21",
        "holds 1 to 4 cards, not 0",
        laid=["Ann", "Bob"],
        left={"Ann": "", "Bob": "R1"},
    )


def test_no_save_pile_is_counted_where_nothing_can_be_saved_R46() -> None:
    """saved_cards_score with saves_per_hand 0 adds no room for saved cards."""
    sheet = Ledger(["Ann", "Bob"], Rules(saved_cards_score=True))
    refused(
        sheet,
        "R21",
        "Bob did not lay down, so holds 10 cards, not 11",
        laid=["Ann"],
        went_out="Ann",
        left={"Bob": TEN + " R11"},
    )
    refused(
        sheet,
        "R33",
        "Ann went out, so holds 0 cards, not 1",
        laid=["Ann"],
        went_out="Ann",
        left={"Ann": "W", "Bob": TEN},
    )
    saving = Ledger(["Ann", "Bob"], PRESETS["masters"].replace(saved_cards_score=True))
    done = saving.record(
        laid={"Ann": 1}, went_out="Ann", left={"Ann": "W", "Bob": TEN + " R11 R12"}
    )
    assert done.scores == (25, 55 + 20)


def test_a_game_has_at_most_max_hands_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bound holds for a hand recorded and for hands given at once."""
    monkeypatch.setattr(ledger_module, "MAX_HANDS", 2)
    sheet = Ledger(["Ann", "Bob"])
    for _ in range(2):
        sheet = sheet.record(laid=["Ann"], went_out="Ann", left={"Bob": 60})
    with pytest.raises(EntryError, match="at most 2 hands"):
        sheet.record(laid=["Ann"], went_out="Ann", left={"Bob": 60})
    with pytest.raises(EntryError, match="at most 2 hands"):
        Ledger(["Ann", "Bob"], hands=(*sheet.hands, sheet.hands[-1]))
    assert len(sheet.hands) == 2
