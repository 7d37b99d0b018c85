"""Every public name says the release it came in: ``.. versionadded::``.

The names of ``tests/public_api.txt`` that 0.1.0 exported (:data:`RELEASE_0_1`,
the record of 0.1.0's public API) carry ``.. versionadded:: 0.1``, those
that 0.2.0 added (:data:`RELEASE_0_2`) ``0.2``; every other name, added
since, carries the release it comes in (:data:`NEXT`).
Classes and functions carry it in their docstrings; constants in the text
that documents them: their docstring in the source (``autodata``) or their
``py:data`` entry in ``docs/api/``. A docs page that lists names of 0.1 may
say so once at its top (:data:`PAGE_NOTE`) instead of at each entry.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import re
from pathlib import Path
from typing import Any

import pytest
from sources import assignment_docstrings

ROOT = Path(__file__).parent.parent
RECORD = Path(__file__).with_name("public_api.txt")
DOCS = ROOT / "docs" / "api"

_NAMES_OF_0_1 = """
    Action BadDiscard BadSkipTarget CannotDraw CannotHit CannotLay Card
    CardDiscarded CardDoesNotFit CardDrawn CardHit CardLike CardNotInHand Color
    Discard Draw DrawPileShuffled EmptyDrawPile End Event FACES FormatError
    GameEnded GameOver GameRecord GameState GroupKind GroupSpec HandDealt
    HandEnded Hit IllegalMove InvalidState LayPhase MAX_DECK_SIZE MAX_GROUPS
    MAX_HANDS MAX_HAND_SIZE MAX_JSON_LENGTH MAX_LISTED_LAYS MAX_PHASES
    MAX_PHASE_CARDS MAX_PHASE_TEXT MAX_PLAYERS MAX_TURNS_PER_HAND Meld
    NaturalRule NextHand NoSuchMeld NoSuchSeat NotYourTurn NotationError PRESETS
    Phase10Error PhaseLaid PhaseNotMet PhaseSpec Pile PlayerState PlayerView
    Points PublicPlayer Rules RulesError SCHEMA_VERSION SKIP STANDARD_PHASES Skip
    SkipLimit SkipPlayed Step TurnLost WILD WrongStep __version__ apply
    apply_with_events can_apply can_discard can_draw can_hit can_lay_phase
    can_next_hand can_skip check_state check_view describe_state determinize
    discard draw events final_state find_phase format_cards from_dict from_json
    hit lay_phase legal_actions new_game next_hand parse_action parse_cards
    replay skip skip_targets standard_deck to_dict to_json verify_apply
    verify_discard verify_draw verify_hit verify_lay_phase verify_next_hand
    verify_skip view with_draw_pile
    bots.Bot bots.GameResult bots.GreedyBot bots.MonteCarloBot bots.RandomBot
    bots.SimpleBot bots.TournamentResult bots.play_game bots.tournament
    encoding.Encoding encoding.MAX_LAYS encoding.Segment
    svg.back svg.card svg.hand svg.table svg.view
    rl.MAX_MOVES rl.SOLO_ID rl.Phase10Env rl.SoloEnv rl.env rl.raw_env
    rl.register_openspiel
"""
RELEASE_0_1 = frozenset(_NAMES_OF_0_1.split())
"""The public names of phase10 0.1.0 (without the package's name): the
listing of ``tests/test_public_api.py`` run on the sources of the commit
"Release 0.1.0", which kept no record of its own, with ``phase10.rl``'s
``__all__``. ``bots.SimpleBot`` has since been removed."""

PAGE_NOTE = "Everything here is in 0.1 unless marked"
"""What a docs page says once at its top for the names of 0.1 it lists."""

DIRECTIVE = re.compile(r"\.\. versionadded:: (\S+)")


_NAMES_OF_0_2 = """
    BadPhaseChoice CannotSave CardSaved ChoosePhase DrawSaved MAX_MOVE_NUMBER
    PhaseChoice PhaseChosen Save SavedCardDrawn SwapWild UsageError WildSwapped
    can_choose_phase can_draw_saved can_save can_swap_wild choose_phase
    draw_saved json_schema masters_deck new_game_with_events save swap_wild
    verify_choose_phase verify_draw_saved verify_save verify_swap_wild
    analysis.Advice analysis.Estimate analysis.MAX_DRAWS analysis.advise
    analysis.expected_draws analysis.hand_odds analysis.hand_outs analysis.hint
    analysis.outs analysis.phase_odds analysis.unseen rl.VectorEnv
"""
RELEASE_0_2 = frozenset(_NAMES_OF_0_2.split())
"""The public names that phase10 0.2.0 added: the top-level names of
``tests/public_api.txt`` as tagged ``v0.2.0``, with ``phase10.rl``'s
``__all__`` there, less those of :data:`RELEASE_0_1`."""

RELEASES = {"0.1": RELEASE_0_1, "0.2": RELEASE_0_2}
"""The public names of each release, by its ``versionadded`` number. After a
release, its names join here (see "Making a release" in the contributing
guide) and :data:`NEXT` moves on."""

NEXT = "0.3"
"""The release a name that no release has yet comes in."""


def released_in(full_name: str) -> str:
    """The release a public name came in."""
    name = full_name.removeprefix("phase10.")
    return next((v for v, names in RELEASES.items() if name in names), NEXT)


def public_names() -> list[tuple[str, str]]:
    """Each top-level name of the public API record, with its kind
    (class, enum, function, constant)."""
    names = []
    for line in RECORD.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith(" "):
            kind, rest = line.split(" ", 1)
            names.append((kind, re.split(r"[(:]", rest, maxsplit=1)[0]))
    return names


def resolve(full_name: str) -> Any:
    module, _, name = full_name.rpartition(".")
    return getattr(importlib.import_module(module), name)


def attribute_docstring(full_name: str) -> str | None:
    """The docstring written under a constant's assignment, in the module
    that exports it or the one it is defined in; None if there is none."""
    module_name, _, name = full_name.rpartition(".")
    module = importlib.import_module(module_name)
    for source in {inspect.getsourcefile(module)} | {
        inspect.getsourcefile(m)
        for m in map(importlib.import_module, _imported_from(module, name))
    }:
        tree = ast.parse(Path(str(source)).read_text(encoding="utf-8"))
        found = assignment_docstrings(tree.body).get(name)
        if found is not None:
            return found
    return None


def _imported_from(module: Any, name: str) -> list[str]:
    """The modules ``module`` takes ``name`` from (``from .x import name``)."""
    tree = ast.parse(inspect.getsource(module))
    found = []
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and any(
            alias.name == name for alias in node.names
        ):
            package = module.__name__ if hasattr(module, "__path__") else None
            relative = "." * node.level + (node.module or "")
            found.append(
                importlib.util.resolve_name(relative, package or module.__package__)
            )
    return found


def docs_entry(full_name: str) -> tuple[str, str] | None:
    """The ``py:data`` entry of the docs pages for a name (its text up to the
    next directive) and the text of its page; None if there is none."""
    for page in sorted(DOCS.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        match = re.search(
            rf"^\.\. py:data:: {re.escape(full_name)}\n(.*?)(?=^\.\. |^```)",
            text,
            re.MULTILINE | re.DOTALL,
        )
        if match:
            return match.group(1), text
    return None


def wrong(full_name: str, found: list[str], page: str = "") -> str | None:
    """What is wrong with the directives found for a name; None if right."""
    want = released_in(full_name)
    if found == [want] or (not found and want == "0.1" and PAGE_NOTE in page):
        return None
    return f"{full_name}: came in {want}, says {found or 'nothing'}"


CALLABLES = [n for kind, n in public_names() if kind in ("class", "enum", "function")]
CONSTANTS = [n for kind, n in public_names() if kind == "constant"]


@pytest.mark.parametrize("full_name", CALLABLES)
def test_each_class_and_function_says_the_release_it_came_in(full_name: str) -> None:
    doc = inspect.getdoc(resolve(full_name)) or ""
    assert wrong(full_name, DIRECTIVE.findall(doc)) is None


def test_each_constant_says_the_release_it_came_in() -> None:
    """In its ``py:data`` entry of the docs (or its page's note), else in the
    docstring ``autodata`` shows; the package's version is the release
    itself."""
    if not DOCS.is_dir():
        pytest.skip("the docs are not here (the tests run from an installed wheel)")
    problems = []
    for full_name in CONSTANTS:
        if full_name == "phase10.__version__":
            continue
        entry = docs_entry(full_name)
        if entry is not None:
            problems.append(wrong(full_name, DIRECTIVE.findall(entry[0]), entry[1]))
            continue
        doc = attribute_docstring(full_name)
        assert doc is not None, f"{full_name} is documented nowhere"
        problems.append(wrong(full_name, DIRECTIVE.findall(doc)))
    assert [p for p in problems if p] == []


def test_the_learning_adapters_say_the_release_they_came_in() -> None:
    """phase10.rl is not in the record (it needs the extras): its
    ``__all__``."""
    rl = pytest.importorskip("phase10.rl", exc_type=ImportError)
    problems = []
    for name in rl.__all__:
        value = getattr(rl, name)
        full_name = f"phase10.rl.{name}"
        if inspect.isclass(value) or inspect.isfunction(value):
            doc = inspect.getdoc(value) or ""
        else:
            doc = attribute_docstring(full_name) or ""
        problems.append(wrong(full_name, DIRECTIVE.findall(doc)))
    assert [p for p in problems if p] == []


def test_the_check_knows_a_wrong_or_missing_release() -> None:
    assert wrong("phase10.Rules", ["0.1"]) is None
    assert wrong("phase10.Rules", ["0.2"]) is not None
    assert wrong("phase10.Save", ["0.1"]) is not None
    assert wrong("phase10.Save", ["0.2"]) is None
    assert wrong("phase10.analysis.hint", ["0.3"]) is not None
    assert wrong("phase10.a_name_of_the_next_release", [NEXT]) is None
    assert wrong("phase10.a_name_of_the_next_release", ["0.2"]) is not None
    assert wrong("phase10.Save", []) is not None
    assert wrong("phase10.Save", [], PAGE_NOTE) is not None
    assert wrong("phase10.WILD", [], PAGE_NOTE) is None
    assert wrong("phase10.WILD", ["0.1", "0.1"]) is not None
