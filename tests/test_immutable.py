"""Every immutable record copies as itself (api: copy.copy(x) is x)."""

from __future__ import annotations

import copy

import pytest

import phase10
from phase10 import bots


def _records() -> list[object]:
    game = phase10.new_game(["Ann", "Bob"], seed=3)
    after = phase10.draw(game)
    return [
        phase10.Card.parse("R7"),
        phase10.STANDARD_PHASES[0],
        phase10.STANDARD_PHASES[0].groups[0],
        phase10.Rules(),
        phase10.Rules().points,
        game,
        game.players[0],
        phase10.view(game, 0),
        phase10.view(game, 0).players[0],
        phase10.Draw(),
        phase10.Discard("R7"),
        phase10.Hit("W", 0),
        phase10.LayPhase(["R1 B1 G1", "R2 B2 G2"]),
        phase10.Skip(1),
        phase10.NextHand(),
        *phase10.events(game, phase10.Draw(), after, reveal_all=True),
        phase10.GameRecord(players=("Ann", "Bob"), seed=3),
        bots.play_game([bots.RandomBot(), bots.RandomBot()], seed=1, max_moves=5),
    ]


@pytest.mark.parametrize("record", _records(), ids=lambda r: type(r).__name__)
def test_copies_of_an_immutable_record_are_the_record(record: object) -> None:
    assert copy.copy(record) is record
    assert copy.deepcopy(record) is record
    assert copy.deepcopy([record])[0] is record


@pytest.mark.parametrize("text", ["\u017f", " r7\u2003", "R\uff17", "\u0130"])
def test_card_notation_is_ascii_only(text: str) -> None:
    with pytest.raises(phase10.NotationError):
        phase10.Card.parse(text)


def test_card_notation_takes_either_case_and_ascii_spaces() -> None:
    assert phase10.Card.parse(" r7\t") == phase10.Card.parse("R7")
    assert phase10.parse_cards(" r7,\tb12\n") == phase10.parse_cards("R7 B12")
    with pytest.raises(phase10.NotationError):
        phase10.parse_cards("R7\u2003B12")
