"""The fuzz targets (``fuzz/targets.py``) on their seed corpus and on every
input the fuzzers ever found, without atheris.

A regression input lives in ``tests/fuzz_findings/`` as a JSON file:
``{"target": ..., "input": ..., "found": ...}``, the input's bytes as a
Latin-1 string, and ``found`` what went wrong when it was found. Every
such input must now pass its target: refused with a ``Phase10Error``, or
accepted and usable.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from phase10 import Card

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "fuzz"))

import run  # noqa: E402
import targets  # noqa: E402

FINDINGS = sorted((ROOT / "tests" / "fuzz_findings").glob("*.json"))


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("corpus")
    run.seed_corpus(folder, list(targets.TARGETS))
    return folder


@pytest.mark.parametrize("name", list(targets.TARGETS))
def test_every_seed_of_a_target_passes_it(name: str, corpus: Path) -> None:
    """The seeds are real documents: each is read, used, and no finding."""
    seeds = sorted((corpus / name).iterdir())
    assert len(seeds) >= 5, f"too few seeds for {name}"
    for seed in seeds:
        targets.run_target(name, seed.read_bytes())


def test_the_json_seeds_are_accepted_not_only_refused() -> None:
    """A target that refused every seed would check nothing past the reader."""
    from phase10 import GameState, from_json

    for path in sorted(ROOT.glob("tests/compat/*/state-*.json")):
        if not path.name.endswith(".meaning.json"):
            assert isinstance(from_json(path.read_bytes(), GameState), GameState)


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("card", b"R7"),
        ("card", b"\xff\xfe"),
        ("state", b"{"),
        ("state", b'{"format": "phase10", "version": 99}'),
        ("notation", b"H W 0 low"),
        ("phase", b"2 sets of 3"),
        ("phase", b"2 sets of"),
    ],
)
def test_refusals_and_good_inputs_are_not_findings(name: str, data: bytes) -> None:
    targets.run_target(name, data)


def test_an_exception_outside_the_hierarchy_is_a_finding(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What the fuzzers look for is reported: a reader raising KeyError."""

    def broken(text: str) -> object:
        raise KeyError(text)

    monkeypatch.setattr(Card, "parse", broken)
    with pytest.raises(targets.Finding, match="card: KeyError"):
        targets.run_target("card", b"R7")


def test_a_slow_call_is_a_finding(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(targets, "SLOW", -1.0)
    with pytest.raises(targets.Finding, match="took"):
        targets.run_target("card", b"R7")


def test_every_input_the_fuzzers_found_now_passes() -> None:
    """Each regression input (none yet: the fuzzers have found nothing in
    the readers since they moved into the repository) passes its target."""
    for path in FINDINGS:
        case = json.loads(path.read_text(encoding="utf-8"))
        assert set(case) == {"target", "input", "found"}, path.name
        assert case["target"] in targets.TARGETS, path.name
        targets.run_target(case["target"], case["input"].encode("latin-1"))


def test_the_json_mutator_changes_a_document_and_keeps_it_json() -> None:
    """The structure-aware mutator makes JSON from JSON, a different
    document for most seeds, the same one for the same seed."""
    from mutate import mutate_json

    path = ROOT / "tests" / "compat" / "0.1.0" / "state-draw.json"
    data = path.read_bytes()
    made = [mutate_json(data, 1 << 20, seed) for seed in range(200)]
    for text in made:
        json.loads(text)
    assert sum(text != data for text in made) > 150
    assert made[7] == mutate_json(data, 1 << 20, 7)
    # Not JSON: left to the fallback (libFuzzer's byte mutation).
    assert mutate_json(b"{oops", 100, 1, lambda data, size: b"bytes") == b"bytes"
    assert mutate_json(b"{oops", 100, 1) == b"{oops"
