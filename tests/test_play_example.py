"""The main example, examples/play.py, watched and played by a person.

The watch mode runs in CI as the README's first command; these tests type
into ``--play`` the way a person would, through a pipe, and stop a game
with Ctrl-C.
"""

from __future__ import annotations

import itertools
import os
import random
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
        read = process.stdout.read(1)
        if not read:  # the example ended before its first prompt
            process.wait(timeout=60)
            raise AssertionError(f"no prompt: {seen!r}, {process.returncode}")
        seen += read
    os.kill(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert out.strip().splitlines()[-2:] == [
        "Game stopped: interrupted.",
        "Seed 2: replay with --seed 2 --play",
    ]


CHOICE = re.compile(r"^  (\w+) chooses phase (\d+) \((.+)\)\.$")


def test_bots_play_the_masters_edition_choosing_a_phase_each_hand() -> None:
    """Under --rules masters each hand opens with every player's choice, told
    with what the phase asks for, from the dealer's left; the game ends."""
    import phase10

    names = ["Ann", "Bob", "Cleo"]
    phases = phase10.PRESETS["masters"].phases
    done = play("--rules", "masters", "--players", "3", "--seed", "3", typed="")
    assert done.returncode == 0, done.stderr
    assert re.search(r"^  \w+ wins the game\.$", done.stdout, re.M)
    hands = done.stdout.split(" deals hand ")[1:]
    assert len(hands) >= 5
    for number, hand in enumerate(hands):
        dealer = names[number % 3]
        lines = hand.splitlines()[1:]
        choices = [CHOICE.match(line) for line in lines[:3]]
        if number == 0:  # in the first hand everyone has phases to choose from
            assert all(choices), lines[:3]
        made = [match for match in choices if match]
        assert made, f"nobody chose a phase in hand {number + 1}"
        for match in made:
            assert str(phases[int(match[2]) - 1]) == match[3]
        order = [match[1] for match in made]
        left = names[names.index(dealer) + 1 :] + names[: names.index(dealer) + 1]
        assert order == [name for name in left if name in order], order
    played = [line for line in done.stdout.splitlines() if not CHOICE.match(line)]
    for seats in turns("\n".join(played), names):
        for before, after in itertools.pairwise(seats):
            if "lost" not in (before, after):
                assert names.index(after) == (names.index(before) + 1) % 3, seats


@pytest.mark.rule("R44", "R46")
def test_a_person_chooses_a_phase_and_saves_a_card() -> None:
    """At the start of a Masters hand the person is shown the open phases
    with what each asks for; drawing first is refused with the reason; after
    the choice and a draw a save is offered, and the saved card is shown."""
    typed = "d\nchoose 2\nd\nsave r1\n"
    done = play(
        "--play", "--rules", "masters", "--players", "3", "--seed", "3", typed=typed
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    flat = " ".join(out.split())  # the hints as one line, however they wrap
    assert "You may: choose your phase for this hand: P 1 (2 sets of 3), P 2 (1" in flat
    assert "every player chooses the phase to attempt this hand" in flat
    assert "before play begins: You to choose (rule R44)." in flat
    # The bots before the person chose first, each told on a line of its own.
    before = out.split("Your turn: choose a phase for this hand", 1)[0]
    assert "  Bob chooses phase 2 (1 set of 3 + 1 run of 4).\n" in before
    assert "  Cleo chooses phase 2 (1 set of 3 + 1 run of 4).\n" in before
    assert "You choose phase 2 (1 set of 3 + 1 run of 4)." in out
    assert "or save a card for a later hand instead, such as K R1." in flat
    after = out.split("You save R1.", 1)[1]
    assert re.search(r"^\s+>\s+0\s+You\s.*phase 2: .* · saved R1$", after, re.M)


@pytest.mark.rule("R45", "R47")
def test_the_hints_offer_declaring_and_drawing_a_saved_card() -> None:
    """The hint lists a saved card to draw in the draw step, and under the
    variant the phases to declare after drawing."""
    import attrs
    from scenarios import deal

    import phase10
    from phase10 import Draw, DrawSaved, Save, apply, view

    sys.path.insert(0, str(PLAY.parent))
    from play import hint

    hands = ["R3 B3 G3 Y5 R5 G5 W Y1 Y2 Y4", "R9 B9 G11 Y12 R12 B10 G8 Y7 S B1"]
    rules = attrs.evolve(phase10.PRESETS["masters"], draw_saved_same_hand=True)
    state = deal(hands, rules=rules, dealer=1, draw_top="W R2")
    state = apply(apply(state, phase10.ChoosePhase(4)), phase10.ChoosePhase(9))
    state = apply(apply(state, Draw()), Save("W"))
    state = apply(apply(state, Draw()), phase10.Discard("B1"))
    text = hint(view(state, 0))
    assert DrawSaved("W") in phase10.legal_actions(state)
    assert text.startswith("You may: D to draw; T to take B1; draw a saved card: U W.")

    declare = deal(hands, rules=phase10.PRESETS["masters-declare"], dealer=1)
    text = hint(view(apply(declare, Draw()), 0))
    assert text.startswith(
        "You may: declare the phase you will lay this turn: P 1 (2 sets of 3), "
        "P 2 (1 set of 3 + 1 run of 4),"
    )
    assert "P 10 (1 set of 5 + 1 set of 3); discard, such as X" in text


def test_a_refused_phase_number_or_save_is_told_in_the_games_words() -> None:
    """In the classic game, choosing a phase, saving a card or taking a Wild
    back is refused with what the game allows instead, never a field's name;
    a phase number no game has is refused in the same words."""
    typed = "P 3\nP 0\nd\nK W\nE R7 0\nL R4,\n"
    done = play("--play", "--players", "2", "--seed", "2", typed=typed)
    assert done.returncode == 0, done.stderr
    flat = " ".join(done.stdout.split())
    in_order = (
        "Not allowed: in this game the phases are played in order: you cannot "
        "choose one (rule R16)."
    )
    assert flat.count(in_order) == 2  # P 3, and P 0 alike
    assert (
        "Not allowed: these rules save no cards: end your turn by discarding a "
        "card (rule R46)." in flat
    )
    assert (
        "Not allowed: these rules leave a laid Wild on the table: it cannot be "
        "taken back (rule R13)." in flat
    )
    assert "'R4,' ends with a comma: a comma goes between two cards" in flat
    assert not re.search(r"Rules\.|[a-z]+_[a-z]+|999,999,999", done.stdout)


@pytest.mark.rule("R44")
def test_a_phase_that_is_not_in_the_game_is_refused_with_the_phases_there_are() -> None:
    """Under the Masters Edition, P 0 and P 11 are told which phases there
    are, in the engine's words, and the person chooses again."""
    typed = "P 0\nP 11\nP 99999999999\nchoose 2\n"
    done = play(
        "--play", "--rules", "masters", "--players", "3", "--seed", "3", typed=typed
    )
    assert done.returncode == 0, done.stderr
    out = " ".join(done.stdout.split())  # the lines as one, however they wrap
    for phase in ("0", "11", "99999999999"):
        assert (
            f"Not allowed: there is no phase {phase}: the phases are 1 to 10 "
            "(rule R44)." in out
        )
    assert "You choose phase 2 (1 set of 3 + 1 run of 4)." in out
    assert "999,999,999" not in out


def test_the_hint_suggests_the_lay_that_spends_the_fewest_wilds() -> None:
    """Where legal_actions lists first a lay that spends a Wild it does not
    need, the hint suggests the lay with the fewest Wilds instead, as the
    web page does, unless the advice is a lay: then it is the advised one."""
    import random

    from scenarios import deal

    import phase10
    from phase10 import Draw, LayPhase, Step, apply, legal_actions, view
    from phase10.bots import GreedyBot

    sys.path.insert(0, str(PLAY.parent))
    from play import hint

    def wilds(lay: LayPhase) -> int:
        return sum(card.is_wild for group in lay.groups for card in group)

    hands = ["W R3 B3 G3 Y5 R5 G5 W R7 Y1", "R9 B9 G11 Y12 R12 B10 G8 Y7 S B1"]
    state = apply(deal(hands, dealer=1, draw_top="R8"), Draw())
    lays = [move for move in legal_actions(state) if isinstance(move, LayPhase)]
    assert lays[0] == LayPhase(["Y1 W W", "R3 B3 G3"])  # two Wilds, none needed
    assert "lay down your phase, such as L R3 B3 G3 | R5 Y5 G5;" in hint(view(state, 0))
    needless = 0  # positions of seeded games where the first lay wastes a Wild
    for seed in (4, 8, 11):
        state = phase10.new_game(3, seed=seed)
        bot = GreedyBot(random.Random(seed))
        while state.step is not Step.GAME_OVER:
            moves = legal_actions(state) if state.step is Step.PLAY else ()
            lays = [move for move in moves if isinstance(move, LayPhase)]
            if lays:
                fewest = min(lays, key=wilds)
                needless += wilds(lays[0]) > wilds(fewest)
                told = hint(view(state, state.current))
                advised = told.split("Advice: ")[1].split(":")[0]
                example = advised if advised.startswith("L ") else fewest.notation
                assert f"such as {example};" in told
            state = apply(state, bot.choose(state))
    assert needless >= 3


def test_the_hint_shows_the_advised_move_the_outs_and_the_exact_odds() -> None:
    """Below the moves, the hint gives the advised move with its reason and,
    before the phase is down, the outs and the odds within one to three
    draws, all from phase10.analysis and the view alone."""
    import phase10
    from phase10 import view
    from phase10.analysis import phase_odds

    sys.path.insert(0, str(PLAY.parent))
    from play import hint

    seen = view(phase10.new_game(2, seed=5), 1)
    moves, advice = hint(seen).splitlines()
    assert moves == "You may: D to draw; T to take W. Type help for the commands."
    assert advice.startswith("Advice: T: take W, which makes phase 1 now. ")
    assert "Phase 1: 13 outs (R6, B6 ×2, Y6, G6 ×2, W ×7); 13% to make it" in advice
    three = f"{float(phase_odds(seen, 3)):.0%}"
    assert advice.endswith(f"27% within two, {three} within three.")
    typed = "d\n"
    done = play("--play", "--players", "2", "--seed", "2", typed=typed)
    flat = " ".join(done.stdout.split())
    assert "Advice: D: draw blind, with no outs: 0% to make phase 1 now" in flat
    assert "Advice: S 1: skip Bob, who leads, keeping no outs" in flat


def test_the_hint_s_example_of_a_kind_is_the_advised_move_when_advised() -> None:
    """ "You may: ... discard, such as X G1" and "Advice: X G10" never
    disagree: where the advice is a kind of move the hint lists, the hint's
    example of that kind is the advised move."""
    import phase10
    from phase10 import view
    from phase10.bots import GreedyBot

    sys.path.insert(0, str(PLAY.parent))
    from play import hint

    checked = 0
    for seed in range(3):
        state = phase10.new_game(3, seed=seed)
        bot = GreedyBot(random.Random(seed))
        for _ in range(60):
            seen = view(state, state.current)
            text = " ".join(hint(seen).split())
            advised = re.search(r"Advice: ([^:]+):", text)
            examples = re.findall(r"such as ([^;.]+)[;.]", text)
            if advised and examples and advised[1][0] in "LHXK":
                assert advised[1] in examples, text
                checked += 1
            state = phase10.apply(state, bot.choose(seen))
            if state.step not in (phase10.Step.DRAW, phase10.Step.PLAY):
                break
    assert checked >= 20


def test_the_game_s_words_are_explained_once_where_they_first_appear() -> None:
    """ "holds", "draw blind" and "outs" are explained the first time the
    person is shown them, and not again; help explains them too."""
    done = play("--play", "--players", "2", "--seed", "2", typed="d\nhelp\n")
    out = done.stdout
    for word in ("holds", "draw blind", "outs"):
        assert out.count(f"({word}: ") == 1, word
    first_hint = out.index("You may:")
    assert first_hint < out.index("(outs: ") < out.index("\n> ")
    assert "outs                  the unseen cards" in out


def test_the_bots_level_is_chosen_by_name() -> None:
    """``--level`` picks the computer players from ``phase10.bots.LEVELS``:
    another level plays another game from the same seed, and a name that is
    not a level is refused with the levels there are."""
    casual = play("--players", "2", "--seed", "4", typed="")
    strong = play("--players", "2", "--seed", "4", "--level", "strong", typed="")
    assert casual.returncode == strong.returncode == 0, strong.stderr
    assert re.search(r"^  \w+ wins the game\.$", strong.stdout, re.M)
    assert turns(strong.stdout, ["Ann", "Bob"]) != turns(casual.stdout, ["Ann", "Bob"])
    wrong = play("--level", "grandmaster", typed="")
    assert wrong.returncode == 2
    assert "novice" in wrong.stderr and "strong" in wrong.stderr
