"""Search for the slowest inputs the engine accepts, function by function.

Run from a checkout, with phase10 installed or importable::

    python benchmarks/worst_case.py [--budget SECONDS] [--repeat R] [--seed S]
                                    [--only NAME ...] [--clock {wall,cpu}]

A front end or a game server hands the engine rules, saves and moves that
come from strangers, so every public call must cost little on *every*
input it accepts, not only on the usual ones. For each function probed,
this script looks for slow inputs within the limits the package sets
(``MAX_HAND_SIZE``, ``MAX_GROUPS``, ``MAX_PHASE_CARDS``, ``MAX_PHASES``,
``MAX_DECK_SIZE``, ``MAX_PLAYERS``, ``MAX_LISTED_LAYS``): random starts, each
followed by hill climbing on the time taken (long hands, many Wilds,
custom phases of every kind, the largest allowed values), for ``--budget``
seconds per function. It then prints the slowest input found for each
function, timed again as the median of ``--repeat`` runs, against the goal:
100 ms a call, and 1 s to read a document of ``MAX_JSON_LENGTH``
characters.

The default run takes two or three minutes; a larger ``--budget`` searches
longer. ``--only`` picks functions by name (as printed).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import importlib.util
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import NamedTuple, TypeVar

import attrs

from phase10 import (
    FACES,
    MAX_DECK_SIZE,
    MAX_GROUPS,
    MAX_HAND_SIZE,
    MAX_JSON_LENGTH,
    MAX_PHASE_CARDS,
    MAX_PHASE_TEXT,
    MAX_PHASES,
    MAX_PLAYERS,
    SKIP,
    WILD,
    Card,
    Color,
    GameState,
    GroupKind,
    GroupSpec,
    LayPhase,
    Meld,
    NaturalRule,
    Phase10Error,
    PhaseSpec,
    Rules,
    _lay_bounds,
    _rules,
    apply,
    can_lay_phase,
    draw,
    find_phase,
    format_cards,
    from_json,
    legal_actions,
    new_game,
    parse_cards,
    to_dict,
)

READERS = [
    importlib.import_module(name)
    for name in ("phase10._codec", "phase10._serialize")
    if importlib.util.find_spec(name) is not None
]
CALL_GOAL = 0.100
DOCUMENT_GOAL = 1.0
NATURAL_FACES = [card for card in FACES if card.is_number]
KINDS = list(GroupKind)
# A deck that can make any phase within the limits: enough of every face.
RICH_DECK = tuple(
    card for card in FACES for _ in range(MAX_PHASE_CARDS if card.is_wild else 4)
)

Clock = Callable[[], float]
T = TypeVar("T")

# Slow inputs found by longer searches, where each search starts.
HARD_SOLVES = (
    (
        "1 run of 3 of one color + 1 run of 2 of one color + 2 runs of 3 of one color",
        "R1 R1 R1 B1 Y1 G1 Y2 G2 G2 R3 B3 B3 G3 R4 Y4 Y4 R5 Y5 R6 B6 G6 B7 Y7 G7 B8 "
        "Y8 G8 R9 B9 Y9 G9 Y10 B11 Y11 Y11 R12 B12 G12 G12 G12 G12 W W",
        "per phase",
    ),
    (
        "1 set of 4 + 1 run of 3 of one color + 2 runs of 5 of one color",
        "G1 G1 B2 Y2 G2 G2 R3 Y3 G3 R4 B4 R5 B5 Y5 R6 B6 B6 Y6 Y6 R7 G7 R8 R8 R8 B8 "
        "Y8 G8 R9 G9 G9 R10 Y10 G10 R11 R11 B11 Y11 G12 W W W W",
        "per phase",
    ),
    (
        "1 run of 7 of one color + 1 run of 1 of one color + "
        "1 run of 7 of one color + 1 run of 2",
        "R1 R1 B1 B1 B1 Y1 Y1 Y1 Y1 B2 B2 G2 G2 R3 R3 B3 G3 R4 R4 B4 B4 Y4 Y4 Y4 G4 "
        "G4 G4 R5 B5 B5 Y5 Y5 Y5 Y5 G5 R6 R6 B6 B6 Y6 R7 B7 Y7 Y7 G7 G7 R8 R8 B8 B8 "
        "Y8 G8 B9 Y9 Y9 G9 G9 R10 B10 G10 G10 R11 B11 R12 R12 B12 B12 B12 G12",
        "per group",
    ),
)
HARD_TURNS = (
    (
        "1 card of one color + 2 cards of one color + 3 cards of one color",
        10,
        "G1 G2 G3 G4 G5 G6 G7 G8 G9 G10 W",
    ),
    (
        "3 cards of one color + 4 cards of one color",
        11,
        "G1 G2 G3 G4 G5 G6 G7 G8 G9 G10 G11 W",
    ),
)


@dataclass
class Found:
    """The slowest input met so far for one function."""

    name: str
    goal: float
    seconds: float = 0.0
    described: str = "(nothing accepted was tried)"
    rerun: Callable[[], object] | None = field(default=None, repr=False)

    def offer(
        self, seconds: float, described: str, rerun: Callable[[], object]
    ) -> None:
        if seconds > self.seconds:
            self.seconds, self.described, self.rerun = seconds, described, rerun


def timed(clock: Clock, call: Callable[[], object]) -> float:
    """Seconds one call takes; a refusal counts as an answer."""
    start = clock()
    with contextlib.suppress(Phase10Error):
        call()
    return clock() - start


def steady(clock: Clock, call: Callable[[], object]) -> float:
    """The lesser of two timings: a busy machine only ever adds time, and a
    search led by a chance delay would climb towards nothing."""
    return min(timed(clock, call), timed(clock, call))


def median_time(clock: Clock, call: Callable[[], object], repeat: int) -> float:
    gc.collect()
    return statistics.median(timed(clock, call) for _ in range(repeat))


def cold(call: Callable[[], object]) -> Callable[[], object]:
    """``call`` with the rules' caches emptied first, as for rules never seen."""

    def run() -> object:
        _rules._deck_can_make.cache_clear()
        _rules._most_lays.cache_clear()
        _lay_bounds._choices.cache_clear()
        _lay_bounds._pooled.cache_clear()
        # The reader's own memory of the phases and rules it has read,
        # wherever the reader keeps it.
        for module in READERS:
            for name in ("_parse_phase", "_make_rules"):
                remembered = getattr(module, name, None)
                if remembered is not None:
                    remembered.cache_clear()
        return call()

    return run


# --- random inputs -----------------------------------------------------------


def random_phase(rng: random.Random, cards: int = MAX_PHASE_CARDS) -> PhaseSpec:
    """A phase of 1 to MAX_GROUPS groups of any kinds, at most ``cards`` cards."""
    count = rng.randint(1, min(MAX_GROUPS, cards))
    groups: list[GroupSpec] = []
    left = cards
    for place in range(count):
        kind = rng.choice(KINDS)
        most = left - (count - place - 1)
        if kind.longest is not None:  # 12 for a run, 6 for an odd or even run
            most = min(most, kind.longest)
        size = rng.randint(1, max(1, min(most, rng.choice([3, 5, 8, most]))))
        groups.append(GroupSpec(kind, size))
        left -= size
    return PhaseSpec(groups)


def random_hand(rng: random.Random, size: int) -> list[Card]:
    """``size`` cards, most often crowded into a few numbers or colours, with
    up to half of them Wilds."""
    wilds = rng.randint(0, size // 2)
    style = rng.random()
    if style < 0.3:
        color = rng.randrange(4)
        pool = [card for card in NATURAL_FACES if card.index % 4 == color]
    elif style < 0.6:
        numbers = rng.sample(range(12), rng.randint(2, 6))
        pool = [card for card in NATURAL_FACES if card.index // 4 in numbers]
    else:
        pool = NATURAL_FACES
    return [WILD] * wilds + [rng.choice(pool) for _ in range(size - wilds)]


def mutate_hand(rng: random.Random, hand: Sequence[Card]) -> list[Card]:
    """A hand of the same size with one to three cards changed."""
    changed = list(hand)
    for _ in range(rng.randint(1, 3)):
        place = rng.randrange(len(changed))
        card = changed[place]
        roll = rng.random()
        if roll < 0.15:
            changed[place] = WILD
        elif roll < 0.2:
            changed[place] = SKIP
        elif roll < 0.6 and card.is_number:
            index = card.index + rng.choice([-4, 4, -1, 1])
            if 0 <= index < 48:
                changed[place] = FACES[index]
        else:
            changed[place] = rng.choice(changed)
    return changed


def mutate_phase(rng: random.Random, phase: PhaseSpec, cards: int) -> PhaseSpec:
    """A phase with one group resized, re-kinded, split or dropped; the same
    phase when the change would break a limit."""
    groups = list(phase.groups)
    place = rng.randrange(len(groups))
    group = groups[place]
    roll = rng.random()
    try:
        if roll < 0.4:
            resized = group.size + rng.choice([-1, 1])
            groups[place] = GroupSpec(group.kind, resized)
        elif roll < 0.7:
            groups[place] = GroupSpec(rng.choice(KINDS), group.size)
        elif roll < 0.85 and group.size > 1:
            cut = rng.randint(1, group.size - 1)
            groups[place : place + 1] = [
                GroupSpec(group.kind, cut),
                GroupSpec(group.kind, group.size - cut),
            ]
        elif len(groups) > 1:
            del groups[place]
        changed = PhaseSpec(groups)
    except Phase10Error:
        return phase
    return changed if changed.min_cards <= cards else phase


def climb(
    budget: float,
    start: Callable[[], T],
    step: Callable[[T], T],
    cost: Callable[[T], float | None],
    seeds: Sequence[T] = (),
) -> Iterator[tuple[float, T]]:
    """Hill climbing on ``cost`` (None: not accepted) from the ``seeds``
    (inputs known to be slow), then from random starts, for ``budget``
    seconds; yields each start's best (cost, candidate)."""
    deadline = time.monotonic() + budget
    known = list(seeds)
    while time.monotonic() < deadline:
        current = known.pop(0) if known else start()
        best = cost(current)
        if best is None:
            continue
        for _ in range(200):
            if time.monotonic() > deadline:
                break
            candidate = step(current)
            seconds = cost(candidate)
            if seconds is not None and seconds >= best:
                current, best = candidate, seconds
        yield best, current


def described_hand(hand: Sequence[Card]) -> str:
    cards = sorted(hand, key=lambda card: card.index)
    return f"{len(cards)} cards: {format_cards(cards)}"


# --- the probes --------------------------------------------------------------


@dataclass
class Search:
    """What every probe needs: randomness, a clock and a time budget."""

    rng: random.Random
    clock: Clock
    budget: float
    results: dict[str, Found] = field(default_factory=dict)

    def slot(self, name: str, goal: float = CALL_GOAL) -> Found:
        return self.results.setdefault(name, Found(name, goal))


_RULES: dict[tuple[PhaseSpec, int, NaturalRule], Rules | None] = {}


def one_phase_rules(
    phase: PhaseSpec, hand_size: int, naturals: NaturalRule
) -> Rules | None:
    """Two-player rules of one phase on the rich deck; None if refused."""
    key = (phase, hand_size, naturals)
    if key not in _RULES:
        try:
            _RULES[key] = Rules(
                phases=[phase],
                hand_size=hand_size,
                deck=RICH_DECK,
                max_players=2,
                naturals=naturals,
            )
        except Phase10Error:
            _RULES[key] = None
    return _RULES[key]


def holding(rules: Rules, hand: Sequence[Card]) -> GameState:
    """A PLAY step of a new game in which the player to act holds ``hand``."""
    state = draw(new_game(2, rules, seed=1))
    players = list(state.players)
    players[state.current] = attrs.evolve(players[state.current], hand=tuple(hand))
    return attrs.evolve(state, players=tuple(players))


class Solve(NamedTuple):
    phase: PhaseSpec
    hand: list[Card]
    naturals: NaturalRule


def probe_find_phase(search: Search) -> None:
    """find_phase on any phase the limits allow and hands of any length."""
    rng, clock = search.rng, search.clock
    found = search.slot("find_phase")
    rules = {naturals: Rules(naturals=naturals) for naturals in NaturalRule}

    def start() -> Solve:
        phase = random_phase(rng)
        longest = rng.choice([phase.min_cards + 3, 30, 60, 150])
        size = rng.randint(max(1, phase.min_cards - 3), max(longest, phase.min_cards))
        return Solve(phase, random_hand(rng, size), rng.choice(list(NaturalRule)))

    def step(item: Solve) -> Solve:
        if rng.random() < 0.7:
            return item._replace(hand=mutate_hand(rng, item.hand))
        return item._replace(phase=mutate_phase(rng, item.phase, MAX_PHASE_CARDS))

    def call(item: Solve) -> Callable[[], object]:
        return partial(find_phase, item.hand, item.phase, rules[item.naturals])

    seeds = [
        Solve(PhaseSpec.parse(phase), list(parse_cards(hand)), NaturalRule(naturals))
        for phase, hand, naturals in HARD_SOLVES
    ]
    for seconds, item in climb(
        search.budget, start, step, lambda item: steady(clock, call(item)), seeds
    ):
        found.offer(
            seconds,
            f'phase "{item.phase}", {item.naturals.value}, '
            f"hand of {described_hand(item.hand)}",
            call(item),
        )


class Turn(NamedTuple):
    phase: PhaseSpec
    hand_size: int
    naturals: NaturalRule
    hand: list[Card]


def probe_legal_actions(search: Search) -> None:
    """legal_actions, can_lay_phase and lay_phase on hands of hand_size + 1
    cards and every phase the rules accept."""
    rng, clock = search.rng, search.clock
    found = search.slot("legal_actions")
    check = search.slot("can_lay_phase")
    lay = search.slot("apply (lay_phase)")

    def start() -> Turn:
        hand_size = rng.randint(8, MAX_HAND_SIZE)
        phase = random_phase(rng, rng.randint(3, hand_size + 1))
        naturals = rng.choice(list(NaturalRule))
        return Turn(phase, hand_size, naturals, random_hand(rng, hand_size + 1))

    def step(item: Turn) -> Turn:
        if rng.random() < 0.7:
            return item._replace(hand=mutate_hand(rng, item.hand))
        changed = mutate_phase(rng, item.phase, item.hand_size + 1)
        return item._replace(phase=changed)

    def state_of(item: Turn) -> GameState | None:
        rules = one_phase_rules(item.phase, item.hand_size, item.naturals)
        return None if rules is None else holding(rules, item.hand)

    def cost(item: Turn) -> float | None:
        state = state_of(item)
        return None if state is None else steady(clock, partial(legal_actions, state))

    seeds = [
        Turn(
            PhaseSpec.parse(phase), hand_size, NaturalRule.NONE, list(parse_cards(hand))
        )
        for phase, hand_size, hand in HARD_TURNS
    ]
    for seconds, item in climb(search.budget, start, step, cost, seeds):
        state = state_of(item)
        if state is None:  # pragma: no cover - climb yields accepted items
            continue
        lays = [a for a in legal_actions(state) if isinstance(a, LayPhase)]
        what = (
            f'phase "{item.phase}", {item.naturals.value}, hand_size '
            f"{item.hand_size}, {len(lays):,} lays, hand of {described_hand(item.hand)}"
        )
        found.offer(seconds, what, partial(legal_actions, state))
        if lays:
            checking = partial(can_lay_phase, state, lays[-1].groups)
            check.offer(timed(clock, checking), what, checking)
            laying = partial(apply, state, lays[-1])
            lay.offer(timed(clock, laying), what, laying)


class Made(NamedTuple):
    phase: PhaseSpec
    hand_size: int
    naturals: NaturalRule
    deck: list[Card]


def making(item: Made) -> Callable[[], object]:
    """Making the rules of ``item``, with the rules' caches emptied first."""
    return cold(
        partial(
            Rules,
            phases=[item.phase],
            hand_size=item.hand_size,
            deck=item.deck,
            max_players=2,
            naturals=item.naturals,
        )
    )


def probe_rules(search: Search) -> list[tuple[float, PhaseSpec]]:
    """Rules(...) on one phase and a deck of any make-up; returns the phases
    met, with the time each took, for the rules document probe."""
    rng, clock = search.rng, search.clock
    found = search.slot("Rules(...)")
    met: dict[PhaseSpec, float] = {}

    def start() -> Made:
        hand_size = rng.randint(1, MAX_HAND_SIZE)
        phase = random_phase(rng, hand_size + 1)
        size = rng.randint(2 * hand_size + 2, rng.choice([120, 300, MAX_DECK_SIZE]))
        naturals = rng.choice(list(NaturalRule))
        return Made(phase, hand_size, naturals, random_hand(rng, size))

    def step(item: Made) -> Made:
        if rng.random() < 0.6:
            return item._replace(deck=mutate_hand(rng, item.deck))
        return item._replace(phase=mutate_phase(rng, item.phase, item.hand_size + 1))

    def cost(item: Made) -> float:
        seconds = steady(clock, making(item))
        met[item.phase] = max(met.get(item.phase, 0.0), seconds)
        return seconds

    for seconds, item in climb(search.budget, start, step, cost):
        what = (
            f'phase "{item.phase}", {item.naturals.value}, hand_size '
            f"{item.hand_size}, deck of {described_hand(item.deck)}"
        )
        found.offer(seconds, what, making(item))
    return sorted(
        ((seconds, phase) for phase, seconds in met.items()),
        key=lambda item: item[0],
        reverse=True,
    )


def big_rules(players: int, deck: Sequence[Card]) -> Rules:
    """Rules with the largest hand, players and deck given that the first of
    a few phases of four groups allows."""
    candidates = [
        "1 set of 5 + 1 run of 5 + 5 cards of one color + 1 run of 5 of one color",
        "1 set of 4 + 1 run of 12 + 2 cards of one color + 1 run of 3 of one color",
        "1 set of 6 + 1 run of 12 + 1 set of 2",
        "2 sets of 10",
    ]
    for hand_size in range(MAX_HAND_SIZE, 0, -1):
        for text in candidates:
            try:
                return Rules(
                    phases=[text],
                    hand_size=hand_size,
                    deck=deck,
                    max_players=players,
                    naturals=NaturalRule.NONE,
                )
            except Phase10Error:
                continue
    raise SystemExit("no rules of four groups fit the limits")  # pragma: no cover


def full_table(rules: Rules) -> GameState:
    """A PLAY step of MAX_PLAYERS players, each with MAX_GROUPS groups on the
    table, the player to act holding hand_size + 1 cards, many of them
    Wilds, the others all different, with their phase laid."""
    state = draw(new_game(MAX_PLAYERS, rules, seed=1))
    table: list[Meld] = []
    colors = list(Color)
    for owner in range(MAX_PLAYERS):
        number, low, color = owner % 12 + 1, owner % 9 + 1, colors[owner % 4]
        other = colors[(owner + 1) % 4]
        table += [
            Meld(owner, GroupKind.SET, (Card(number, color),) * 3, number=number),
            Meld(owner, GroupKind.RUN, (WILD,) * 3, low=low),
            Meld(owner, GroupKind.COLOR, (WILD, Card(low, color)), color=color),
            Meld(owner, GroupKind.COLOR_RUN, (WILD,) * 3, color=other, low=low),
        ][:MAX_GROUPS]
    size = rules.hand_size + 1
    hand = (NATURAL_FACES[:: max(1, 48 // size)] + [WILD] * size)[:size]
    players = list(state.players)
    players[state.current] = attrs.evolve(
        players[state.current], hand=tuple(hand), laid_down=True
    )
    return attrs.evolve(state, players=tuple(players), table=tuple(table))


def probe_big_game(search: Search) -> None:
    """new_game, and legal_actions's hits, with the most players, the
    largest deck and the largest hands."""
    clock = search.clock
    deck = (RICH_DECK * 5)[:MAX_DECK_SIZE]
    rules = big_rules(MAX_PLAYERS, deck)
    what = (
        f"{MAX_PLAYERS} players, deck of {len(deck)} cards, hand_size "
        f'{rules.hand_size}, phase "{rules.phases[0]}"'
    )
    search.slot("new_game").offer(
        timed(clock, lambda: new_game(MAX_PLAYERS, rules, seed=1)),
        what,
        lambda: new_game(MAX_PLAYERS, rules, seed=1),
    )
    state = full_table(rules)
    hits = len(legal_actions(state))
    search.slot("legal_actions (full table)").offer(
        timed(clock, lambda: legal_actions(state)),
        f"{what}, {len(state.table)} groups on the table, {hits:,} moves",
        lambda: legal_actions(state),
    )


def probe_parse(search: Search) -> None:
    """PhaseSpec.parse on the longest texts it reads, and longer."""
    clock = search.clock
    found = search.slot("PhaseSpec.parse")
    near = MAX_PHASE_TEXT
    texts = {
        "letters": "x" * near,
        "spaces, then a phase": " " * (near - 12) + "2 sets of 3",
        "groups without end": ("1 set of 3 + " * near)[:near],
        "words": ("one run of twelve of one color and " * near)[:near],
        "separators": ("+" * near),
        f"{MAX_JSON_LENGTH:,} characters": "1 set of 3 " * (MAX_JSON_LENGTH // 11),
    }
    for name, text in texts.items():
        parsing = partial(PhaseSpec.parse, text)
        found.offer(
            timed(clock, parsing), f"{name} ({len(text):,} characters)", parsing
        )


def probe_documents(search: Search, hard: Sequence[tuple[float, PhaseSpec]]) -> None:
    """from_json(text, Rules): the rules document of the most costly phases
    the Rules search met, and documents of MAX_JSON_LENGTH characters."""
    clock = search.clock
    found = search.slot("from_json (rules)", DOCUMENT_GOAL)
    longest = search.slot("from_json (8 MB)", DOCUMENT_GOAL)
    deck = (RICH_DECK * 5)[:MAX_DECK_SIZE]
    for hand_size in (MAX_HAND_SIZE, 14, 10):
        phases: list[PhaseSpec] = []
        for _, phase in hard:
            if len(phases) == MAX_PHASES:
                break
            try:
                Rules(phases=[phase], hand_size=hand_size, deck=deck, max_players=2)
            except Phase10Error:
                continue
            phases.append(phase)
        if not phases:
            continue
        rules = Rules(phases=phases, hand_size=hand_size, deck=deck, max_players=2)
        text = json.dumps(to_dict(rules))
        reading = cold(partial(from_json, text, Rules))
        found.offer(
            timed(clock, reading),
            f"{len(phases)} costly phases, hand_size {hand_size}, a deck of "
            f"{len(deck)} cards ({len(text):,} characters)",
            reading,
        )
    base = to_dict(Rules())
    room = MAX_JSON_LENGTH - len(json.dumps(base)) - 100

    def many(item: str) -> list[str]:
        return [item] * (room // (len(json.dumps(item)) + 2))

    huge = {
        "phases, one after another": {
            **base,
            "phases": many("1 set of 3 + 1 run of 4"),
        },
        "cards in the deck": {**base, "deck": many("W")},
        "one phase of that length": {**base, "phases": ["1 set of 3 " * (room // 11)]},
    }
    for name, document in huge.items():
        text = json.dumps(document)
        reading = cold(partial(from_json, text, Rules))
        what = f"{len(text):,} characters of {name}"
        longest.offer(timed(clock, reading), what, reading)


# --- the report --------------------------------------------------------------

PROBES = (
    "find_phase",
    "legal_actions",
    "can_lay_phase",
    "apply (lay_phase)",
    "Rules(...)",
    "new_game",
    "legal_actions (full table)",
    "PhaseSpec.parse",
    "from_json (rules)",
    "from_json (8 MB)",
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Search for the slowest inputs each public function accepts."
    )
    parser.add_argument(
        "--budget",
        type=float,
        default=25.0,
        help="seconds of search for each searched function (default 25)",
    )
    parser.add_argument(
        "--repeat", type=int, default=5, help="runs per figure (median)"
    )
    parser.add_argument("--seed", type=int, default=10, help="seed of the search")
    parser.add_argument(
        "--only", nargs="+", metavar="NAME", help="probe only these (see below)"
    )
    parser.add_argument(
        "--clock",
        choices=["wall", "cpu"],
        default="wall",
        help="time by the wall clock (default) or by CPU time, steadier on a "
        "busy machine",
    )
    args = parser.parse_args(argv)
    if args.budget <= 0 or args.repeat < 1:
        parser.error("--budget must be positive and --repeat at least 1")
    wanted = set(args.only or PROBES)
    if wanted - set(PROBES):
        parser.error(f"--only takes some of: {', '.join(PROBES)}")
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    search = Search(random.Random(args.seed), clock, args.budget)
    started = time.monotonic()
    if "find_phase" in wanted:
        probe_find_phase(search)
    if wanted & {"legal_actions", "can_lay_phase", "apply (lay_phase)"}:
        probe_legal_actions(search)
    hard: list[tuple[float, PhaseSpec]] = []
    if wanted & {"Rules(...)", "from_json (rules)", "from_json (8 MB)"}:
        hard = probe_rules(search)
    if wanted & {"new_game", "legal_actions (full table)"}:
        probe_big_game(search)
    if "PhaseSpec.parse" in wanted:
        probe_parse(search)
    if wanted & {"from_json (rules)", "from_json (8 MB)"}:
        probe_documents(search, hard)
    report(search, [name for name in PROBES if name in wanted], args, started)
    return 0


def report(
    search: Search, names: Sequence[str], args: argparse.Namespace, started: float
) -> None:
    """Time each slowest input again (median of --repeat runs) and print."""
    print(
        f"Slowest inputs found in {time.monotonic() - started:.0f} s of search "
        f"({args.budget:g} s a searched function, seed {args.seed}); "
        f"median of {args.repeat} runs, {args.clock} clock; "
        f"Python {sys.version.split()[0]}"
    )
    print()
    header = f"{'function':<28} {'slowest':>10} {'goal':>8}  "
    print(header + "input")
    print("-" * 100)
    over = 0
    for name in names:
        found = search.results.get(name)
        if found is None or found.rerun is None:
            print(f"{name:<28} {'-':>10} {'':>8}  (nothing accepted was tried)")
            continue
        seconds = median_time(search.clock, found.rerun, args.repeat)
        verdict = "ok" if seconds <= found.goal else "OVER"
        over += verdict == "OVER"
        print(
            f"{name:<28} {seconds * 1e3:>7.1f} ms {found.goal * 1e3:>5.0f} ms  "
            f"{verdict}: {found.described}",
            flush=True,
        )
    print("-" * 100)
    print("every figure within its goal" if not over else f"{over} over the goal")


if __name__ == "__main__":
    sys.exit(main())
