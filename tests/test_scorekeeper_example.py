"""The scorekeeper example, examples/scorekeeper.py, used as a table uses it:
commands typed through a pipe, a saved game loaded again."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema

import phase10
from phase10.ledger import Ledger

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
KEEPER = EXAMPLES / "scorekeeper.py"


def keep(*args: str, typed: str = "") -> str:
    """Run the example with ``args``, typing ``typed``; its output."""
    done = subprocess.run(
        [sys.executable, str(KEEPER), *args],
        input=typed,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert done.stderr == ""
    return done.stdout


def test_the_session_in_the_examples_plays_a_game_to_its_winner() -> None:
    """The session CI runs: two hands, checks at the table, a refused hand
    and an undo, and the winner the rules give (R37)."""
    out = keep(
        "Ann",
        "Bob",
        "--phases",
        "2",
        "--input",
        str(EXAMPLES / "scorekeeper-session.txt"),
    )
    assert (
        "refused: Ann did not lay down a phase, so cannot have gone out (rule R33)"
        in out
    )
    assert "Yes: R5 B5 G5 + W Y7 Y8 B9 make 1 set of 3 + 1 run of 4 (rule R9)" in out
    assert "Yes: R3 B4 W G6 Y7 is still a run of 5 (rule R30)" in out
    assert "(R22)" in out
    assert out.count("The game is over: Ann wins.") == 2  # before and after the undo
    assert "  total         40        55" in out


def test_a_game_saved_is_a_ledger_document_and_goes_on_after_loading(
    tmp_path: Path,
) -> None:
    saved = tmp_path / "game.json"
    typed = f"hand\nCleo\nCleo\n50\n55\nsave {saved}\nquit\n"
    out = keep("Ann", "Bob", "Cleo", typed=typed)
    assert "Hand 2: Bob deals; Ann on phase 1; Bob on phase 1; Cleo on phase 2." in out
    data = json.loads(saved.read_text())
    jsonschema.validate(data, phase10.json_schema("ledger"))
    assert phase10.from_dict(data, Ledger).scores == (50, 55, 0)
    again = keep("--load", str(saved), typed="sheet\nundo\n")
    assert "  total         50        55         0" in again
    assert again.rstrip().endswith(">")
    assert "Hand 1: Ann deals" in again  # after the undo


def test_the_masters_edition_asks_which_phase_was_laid_R44() -> None:
    typed = "hand\nAnn 7\nAnn\n50\nlay Ann 1 R5 B5 G5 Y7 R7 W\nlay Bob R1\n"
    out = keep("Ann", "Bob", "--rules", "masters", typed=typed)
    assert "Who laid down their phase? (each with the phase, e.g. Ann 3, Bob 7)" in out
    assert "1. Ann: 0 points, phases done: 7" in out
    assert "Yes: R5 B5 G5 + Y7 R7 W make 2 sets of 3" in out
    assert "Bob chooses a phase: say which" in out


def test_mistakes_are_told_and_the_sheet_goes_on() -> None:
    typed = "fly\nundo\nhand\nAnn\nAnn\n3\nrule xyzzy\nhit run R1 R2\n"
    out = keep("Ann", "Bob", typed=typed)
    assert "no command 'fly'" in out
    assert "refused: there is no hand to undo" in out
    assert "refused: Bob cannot have 3 points left" in out
    assert "No ruling matches" in out
    assert "hit KIND CARDS... + CARD" in out


def test_a_bad_answer_is_asked_again_and_names_may_hold_spaces() -> None:
    """A name nobody has, or a phase left out where phases are chosen, is
    refused and asked again; a name of two words is read whole."""
    typed = "hand\nZed\nMary Ann, Bob\nMary Ann\n35\nquit\n"
    out = keep("Mary Ann", "Bob", "--phases", "2", typed=typed)
    assert "nobody is called 'Zed' (the players are Mary Ann, Bob)" in out
    assert "1. Mary Ann: 0 points, phases done: 1" in out
    typed = "hand\nAnn\nAnn 4\nAnn\n50\n"
    out = keep("Ann", "Bob", "--rules", "masters", typed=typed)
    assert "say which phase Ann laid, as in 'Ann 3'" in out
    assert "1. Ann: 0 points, phases done: 4" in out


def test_a_save_that_fails_is_told_and_the_game_goes_on(tmp_path: Path) -> None:
    nowhere = tmp_path / "no such folder" / "game.json"
    out = keep("Ann", "Bob", typed=f"save '{nowhere}'\nsheet\n")
    assert f"could not save to {nowhere}: No such file or directory" in out
    assert out.count("Hand 1: Ann deals") == 2
