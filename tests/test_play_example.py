"""The main example, examples/play.py, watched and played by a person.

The watch mode runs in CI as the README's first command; these tests type
into ``--play`` the way a person would, through a pipe, and stop a game
with Ctrl-C.
"""

from __future__ import annotations

import itertools
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

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
    """A refused move prints the engine's reason with its clause, a line of
    extra words is refused with a reason, and play goes on."""
    typed = "discard R1\nd d\nlook now\nfly\nd\n"
    done = play("--play", "--players", "2", "--seed", "2", typed=typed)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Not allowed: you must draw a card before you discard (rule R21)." in out
    assert "'d d' is not a move: it is written D." in out
    assert "look takes nothing after it, not 'now'." in out
    assert "'fly' is not a move" in out
    assert "You draw G11 from the draw pile." in out  # the refusals changed nothing
    assert out.rstrip().splitlines()[-2:] == [
        "Game stopped: end of input.",
        "Seed 2: replay with --seed 2 --play",
    ]


def test_after_drawing_the_moves_and_skip_targets_are_suggested() -> None:
    """After a draw the person sees their hand and what they may do next,
    Skip targets included, without asking for them."""
    done = play("--play", "--players", "2", "--seed", "2", typed="d\n")
    after_draw = done.stdout.split("You draw G11 from the draw pile.", 1)[1]
    hand, hint = [line.strip() for line in after_draw.strip().splitlines()[:2]]
    assert hand == "Your hand: Y2 B3 R4 Y4 R7 Y7 Y10 G10 G11 G12 S"
    assert hint.startswith("You may: discard, such as X Y2; skip: S 1 (Bob).")


def test_seats_and_groups_are_numbered_from_0_everywhere() -> None:
    """The table, the players' rows, the hints and the moves all count from 0."""
    typed = "D\nL B2 G2 W | B4 Y4 W\nH R7 0\nH G9 1\n"
    done = play("--play", "--players", "3", "--seed", "15", typed=typed)
    out = done.stdout
    assert re.search(r"^\s+0\s+Cleo\s+set of 7s\s+Y7 B7 W$", out, re.M)
    assert re.search(r"^\s+2\s+Cleo\s+4\s+0\s+phase 1", out, re.M)
    assert "skip: S 1 (Bob), S 2 (Cleo)" in out
    assert "such as L B2 G2 W | B4 Y4 W" in out
    # After the lay the table is shown again, the new groups numbered 2 and 3.
    laid = out.split("You lay down B2 G2 W | B4 Y4 W.", 1)[1]
    assert re.search(r"^\s+3\s+You\s+set of 4s\s+B4 Y4 W$", laid, re.M)
    assert "You hit R7 on group 0 (Y7 B7 W R7)." in laid
    assert "You hit G9 on group 1 (B9 R9 W G9)." in laid


def test_your_own_skip_with_two_players_gives_you_a_new_turn_on_screen() -> None:
    """After your Skip at a table of two, your new turn is shown, not a bare prompt."""
    done = play("--play", "--players", "2", "--seed", "2", typed="d\nskip Bob\n")
    assert done.returncode == 0, done.stderr
    after_skip = done.stdout.split("You skip Bob.", 1)[1]
    assert "Bob loses a turn." in after_skip
    assert "Your turn: draw a card" in after_skip
    assert "You may: D to draw." in after_skip


def test_a_bot_may_not_share_the_persons_name() -> None:
    """With --play a bot named "You" is refused, since the person is told as You."""
    done = play("--play", "--names", "Ann,You", typed="")
    assert done.returncode == 2
    assert "only the first name (yours) may be 'You'" in done.stderr


def turns(out: str, names: list[str]) -> list[list[str]]:
    """Who played each turn, hand by hand, with "lost" for a turn lost to a Skip."""
    hands: list[list[str]] = []
    for line in out.splitlines():
        if " deals hand " in line:
            hands.append([])
        elif line.endswith(" loses a turn."):
            hands[-1].append("lost")
        elif line.endswith(" wins the game."):  # the last line, not a turn
            continue
        elif hands and line.startswith("  ") and line.split()[0] in names:
            hands[-1].append(line.split()[0])
    return hands


def test_watching_tells_every_turn_in_seat_order_and_finishes() -> None:
    """The default run plays a whole game alone and tells every turn: the
    players follow each other round the table, a lost turn told in its place."""
    names = ["Ann", "Bob", "Cleo"]
    done = play("--players", "3", "--seed", "11", typed="")
    assert done.returncode == 0, done.stderr
    assert re.search(r"^  \w+ wins the game\.$", done.stdout, re.M)
    hands = turns(done.stdout, names)
    assert len(hands) >= 5
    for hand in hands:
        for before, after in itertools.pairwise(hand):
            if "lost" not in (before, after):
                assert names.index(after) == (names.index(before) + 1) % 3, hand


@pytest.mark.slow
def test_a_pace_spaces_the_turns_out() -> None:
    """--pace waits after every told turn, so a person can follow the game."""
    start = time.perf_counter()
    done = play("--players", "2", "--seed", "5", "--pace", "0.02", typed="")
    seconds = time.perf_counter() - start
    told = sum(len(hand) for hand in turns(done.stdout, ["Ann", "Bob"]))
    assert done.returncode == 0, done.stderr
    assert seconds > told * 0.02
    refused = play("--pace", "-1", typed="")
    assert (
        refused.returncode == 2 and "--pace is from 0 to 60 seconds" in refused.stderr
    )


def test_ctrl_c_still_says_how_to_replay_the_game() -> None:
    """Interrupting a game prints that it stopped and the replay line."""
    process = subprocess.Popen(
        [sys.executable, str(PLAY), "--play", "--players", "2", "--seed", "2"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    seen = ""
    while not seen.endswith("> "):
        seen += process.stdout.read(1)
    os.kill(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert out.strip().splitlines()[-2:] == [
        "Game stopped: interrupted.",
        "Seed 2: replay with --seed 2 --play",
    ]
