"""Coverage-guided fuzzing of every reader of untrusted input, with atheris.

    python fuzz/run.py --seconds 60                 # every target, 60 s shared
    python fuzz/run.py --seconds 3600 --target state --corpus fuzz/corpus
    python fuzz/run.py --replay FILE --target state # one input, verbosely

The targets and what counts as a finding are in ``fuzz/targets.py``. Each
target runs in a process of its own under libFuzzer (through atheris),
starting from a seed corpus of real documents: the compatibility
documents of ``tests/compat/`` and documents of games played here. An input
that makes a finding is written to ``<work>/findings/<target>-...``; the
command to replay it is printed, and the exit status is 1.

``--corpus DIR`` keeps the corpus that grows across runs (a long campaign
starts where the last one stopped); without it the corpus lives in a
temporary directory. Needs ``pip install atheris`` (CPython 3.10-3.13 on
Linux or macOS).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
COMPAT = HERE.parent / "tests" / "compat"
FINDINGS = HERE.parent / "tests" / "fuzz_findings"

sys.path.insert(0, str(HERE))

# Which checked-in compatibility documents seed which target (by file name).
_COMPAT_PREFIX = {
    "rules": "rules-",
    "state": "state-",
    "view": "view-",
    "move": "move-",
    "record": "record-",
}


def _played_documents() -> Iterator[tuple[str, str]]:
    """(target, text) pairs from games played now: states, views, moves,
    records and notation at every step of a few games."""
    from phase10 import (
        FACES,
        PRESETS,
        STANDARD_PHASES,
        GameRecord,
        apply,
        new_game,
        to_json,
        view,
    )
    from phase10.bots import GreedyBot

    for _name, rules in sorted(PRESETS.items()):
        yield "rules", to_json(rules)
    for phase in STANDARD_PHASES:
        yield "phase", str(phase)
    yield "phase", "one run of 4 of one color and two sets of three"
    for face in FACES:
        yield "card", str(face)
    yield "cards", "R7, b7 W S y12"
    for seed, players in ((1, 2), (2, 4)):
        state = new_game(players, seed=seed)
        bot = GreedyBot(random.Random(seed))
        actions = []
        for number in range(400):
            if state.is_over:
                break
            action = bot.choose(state)
            actions.append(action)
            if number % 25 == 0:
                yield "state", to_json(state)
                yield "view", to_json(view(state, state.current))
                yield "cards", " ".join(str(card) for card in state.player.hand)
            yield "move", to_json(action)
            yield "notation", action.notation
            state = apply(state, action)
        record = GameRecord(
            players=tuple(p.name for p in state.players),
            seed=seed,
            rules=state.rules,
            dealer=0,
            actions=tuple(actions),
        )
        yield "record", record.to_json()


def seed_corpus(directory: Path, targets: Sequence[str]) -> dict[str, int]:
    """Write the seed inputs of ``targets`` under ``directory/<target>/``;
    returns how many each got (inputs already there are kept)."""
    counts: dict[str, int] = {}

    def put(target: str, data: bytes) -> None:
        if target not in targets:
            return
        folder = directory / target
        folder.mkdir(parents=True, exist_ok=True)
        (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)
        counts[target] = counts.get(target, 0) + 1

    for target, prefix in _COMPAT_PREFIX.items():
        for path in sorted(COMPAT.glob(f"*/{prefix}*.json")):
            if not path.name.endswith(".meaning.json"):
                put(target, path.read_bytes())
    for target, text in _played_documents():
        put(target, text.encode())
    # Every regression input found so far seeds its target again.
    for path in sorted(FINDINGS.glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        put(case["target"], case["input"].encode("latin-1"))
    return counts


def child(target: str, corpus: Path, flags: Sequence[str]) -> None:
    """Fuzz ``target`` in this process, for as long as ``flags`` say."""
    import atheris

    with atheris.instrument_imports(include=["phase10", "targets"]):
        import targets

    from mutate import mutate_json

    def one(data: bytes) -> None:
        targets.run_target(target, data)

    def mutator(data: bytes, max_size: int, seed: int) -> bytes:
        return mutate_json(data, max_size, seed, atheris.Mutate)

    argv = [sys.argv[0], *flags, str(corpus)]
    if target in targets.JSON_TARGETS:
        atheris.Setup(argv, one, custom_mutator=mutator)
    else:
        atheris.Setup(argv, one)
    atheris.Fuzz()


def replay_file(target: str, path: Path) -> int:
    """Run ``target`` once on the bytes of ``path``, with the traceback."""
    import targets

    try:
        targets.run_target(target, path.read_bytes())
    except targets.Finding as finding:
        print(f"finding: {finding}")
        raise
    print("no finding")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--seconds", type=float, default=60.0, help="the whole budget (default 60)"
    )
    parser.add_argument(
        "--target", action="append", help="only this target (repeatable)"
    )
    parser.add_argument("--corpus", type=Path, help="a corpus directory to keep")
    parser.add_argument("--replay", type=Path, help="run one input file and stop")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args, flags = parser.parse_known_args(argv)
    if args.child:  # before anything imports phase10, which it instruments
        child(args.child, args.corpus, flags)
        return 0
    import targets

    names = args.target or list(targets.TARGETS)
    unknown = sorted(set(names) - set(targets.TARGETS))
    if unknown:
        parser.error(
            f"no target {', '.join(unknown)}; targets: {', '.join(targets.TARGETS)}"
        )
    if args.replay:
        if len(names) != 1:
            parser.error("--replay needs one --target")
        return replay_file(names[0], args.replay)

    with tempfile.TemporaryDirectory(prefix="phase10-fuzz-") as temporary:
        work = Path(temporary)
        corpus = args.corpus or work / "corpus"
        seeds = seed_corpus(corpus, names)
        findings = (
            work / "findings" if args.corpus is None else corpus.parent / "findings"
        )
        findings.mkdir(parents=True, exist_ok=True)
        share = max(1, int(args.seconds / len(names)))
        print(f"fuzzing {len(names)} target(s), {share} s each", flush=True)
        failed = []
        for name in names:
            command = [
                sys.executable,
                str(Path(__file__).resolve()),
                "--child",
                name,
                "--corpus",
                str(corpus / name),
                f"-max_total_time={share}",
                f"-timeout={int(targets.SLOW * 10)}",
                "-rss_limit_mb=4096",
                "-max_len=65536",
                f"-artifact_prefix={findings}/{name}-",
                "-print_final_stats=1",
            ]
            start = time.monotonic()
            done = subprocess.run(command, capture_output=True, text=True, check=False)
            took = time.monotonic() - start
            runs = re.findall(r"stat::number_of_executed_units:\s*(\d+)", done.stderr)
            edges = re.findall(r"cov: (\d+)", done.stderr)
            print(
                f"  {name:<9} {seeds.get(name, 0):>4} seeds · "
                f"{int(runs[-1]) if runs else 0:>9,} runs · "
                f"{edges[-1] if edges else '?':>5} edges · {took:4.0f} s · "
                + ("ok" if done.returncode == 0 else "FINDING"),
                flush=True,
            )
            if done.returncode != 0:
                failed.append(name)
                print(done.stderr[-4000:], file=sys.stderr)
                for artifact in sorted(findings.glob(f"{name}-*")):
                    kept = HERE / "findings"
                    kept.mkdir(exist_ok=True)
                    copy = kept / artifact.name
                    copy.write_bytes(artifact.read_bytes())
                    replay = f"python fuzz/run.py --target {name} --replay {copy}"
                    print(f"    replay: {replay}", file=sys.stderr)
        if failed:
            print(f"findings in: {', '.join(failed)}")
            return 1
        print("no finding")
        return 0


if __name__ == "__main__":
    sys.exit(main())
