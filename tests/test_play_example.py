"""The main example, examples/play.py, played by a person at the keyboard.

The watch mode runs in CI as the README's first command; these tests type
into ``--play`` the way a person would, through a pipe.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PLAY = Path(__file__).resolve().parent.parent / "examples" / "play.py"


def play(*args: str, typed: str) -> subprocess.CompletedProcess[str]:
    """Run examples/play.py with ``args``, typing ``typed`` at its prompts."""
    return subprocess.run(
        [sys.executable, str(PLAY), *args],
        input=typed,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_person_is_told_the_engines_reason_and_can_play_on() -> None:
    """A refused move prints the engine's reason with its clause; play goes on."""
    done = play("--play", "--players", "2", "--seed", "2", typed="discard R1\nfly\nd\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Not allowed: you must draw a card before you discard (rule R21)" in out
    assert "You draw" in out  # the refusals changed nothing: the draw still works
    assert out.rstrip().splitlines()[-2] == "End of input: game stopped."


def test_your_own_skip_with_two_players_gives_you_a_new_turn_on_screen() -> None:
    """After your Skip at a table of two, your new turn is shown, not a bare prompt."""
    done = play("--play", "--players", "2", "--seed", "2", typed="d\nskip 1\n")
    assert done.returncode == 0, done.stderr
    after_skip = done.stdout.split("You play a Skip on Bob.", 1)[1]
    assert "Your turn again." in after_skip
    assert "d to draw" in after_skip


def test_a_bot_may_not_share_the_persons_name() -> None:
    """With --play a bot named "You" is refused, since the person is told as You."""
    done = play("--play", "--names", "Ann,You", typed="")
    assert done.returncode == 2
    assert "only the first name (yours) may be 'You'" in done.stderr


def test_watching_never_asks_for_input_and_says_what_it_leaves_out() -> None:
    """The default run plays a whole game alone and says quiet turns are untold."""
    done = play("--players", "3", "--seed", "11", typed="")
    assert done.returncode == 0, done.stderr
    assert "--verbose tells every turn" in done.stdout
    assert "wins the game" in done.stdout
