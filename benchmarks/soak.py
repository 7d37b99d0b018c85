"""A soak: whole games under random rules, every invariant checked after every move.

    python benchmarks/soak.py [--seconds N | --games N] [--seed S]
    python benchmarks/soak.py --replay GAME_SEED

Each game draws its own rules at random (a preset, or every option at
random, with custom phases, hand sizes and decks), 2 to 6 players, and one
driver per seat: the greedy bot or uniformly random legal moves, each
choosing from its seat's view. After every transition the soak checks what
must always hold:

- cards are neither created nor lost (hands, piles and table make the deck);
- the state the move was applied to is unchanged (compared by pickle);
- the new state passes ``check_state``, and every meld on the table is a
  valid group of its kind (the solver makes it as a one-group phase);
- the state's JSON reads back equal and writes back the same text;
- a seat's view passes ``check_view``, reads back equal from JSON, and is
  the same view when the cards it cannot see are dealt again at random
  (``determinize``); the acting seat's view lists the same moves as the
  state;
- moves listed by ``legal_actions`` are accepted by ``can_apply``, and
  random moves, legal or not, are either accepted by both ``can_apply``
  and ``apply`` or refused by both, a refusal raising a ``Phase10Error``
  and leaving the state equal;
- at the end, the game's record replays to the same final state and reads
  back from its JSON.

It prints the games played (finished, or cut at the move limit), the
transitions, the checks made and the violations, each with the seed of
its game: ``--replay SEED`` plays that game alone and shows the traceback.
The exit status is 1 if any check failed. Only the standard library and
phase10 are used.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import functools
import itertools
import json
import pickle
import platform
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import phase10
from phase10 import (
    FACES,
    MAX_HAND_SIZE,
    PRESETS,
    STANDARD_PHASES,
    Action,
    Card,
    ChoosePhase,
    Discard,
    Draw,
    DrawSaved,
    EmptyDrawPile,
    End,
    GameRecord,
    GameState,
    GroupKind,
    GroupSpec,
    Hit,
    LayPhase,
    NaturalRule,
    NextHand,
    Phase10Error,
    PhaseChoice,
    PhaseSpec,
    Pile,
    PlayerView,
    Points,
    Rules,
    RulesError,
    Save,
    Skip,
    SkipLimit,
    SwapWild,
    apply,
    can_apply,
    check_state,
    check_view,
    determinize,
    find_phase,
    from_json,
    legal_actions,
    replay,
    standard_deck,
    to_dict,
    to_json,
    view,
)
from phase10.bots import Bot, GreedyBot, RandomBot

MOVE_LIMIT = 3_000
"""Transitions after which a game is cut short: tables of random movers
rarely finish a long phase list."""
RANDOM_MOVES = 2
"""Random moves, legal or not, tried on each state reached."""


class Violation(Exception):
    """A check that failed: something that must always hold did not."""


class Tally:
    """What a soak has done so far."""

    def __init__(self) -> None:
        self.games = 0
        self.finished = 0
        self.cut = 0
        self.transitions = 0
        self.checks = 0
        self.refused = 0
        self.violations: list[tuple[int, str]] = []

    def check(self, holds: bool, what: str) -> None:
        """Count one check; raise :class:`Violation` saying ``what`` if it fails."""
        self.checks += 1
        if not holds:
            raise Violation(what)


# --- random rules -----------------------------------------------------------------


def random_phase(rng: random.Random, cards: int) -> PhaseSpec:
    """A phase of 1-3 groups of any kind needing at most ``cards`` cards."""
    count = rng.randint(1, min(3, cards))
    budget = cards
    groups = []
    for place in range(count):
        kind = rng.choice(list(GroupKind))
        top = budget - (count - place - 1)
        if kind.longest is not None:  # 12 for a run, 6 for an odd or even run
            top = min(top, kind.longest)
        size = rng.randint(1, min(top, 8))
        groups.append(GroupSpec(kind, size))
        budget -= size
    return PhaseSpec(groups)


def random_deck(rng: random.Random) -> tuple[Card, ...]:
    """The standard deck, or one with fewer or more Wilds and Skips, or two."""
    deck = standard_deck()
    choice = rng.choice(["standard", "standard", "no skips", "wilds", "double"])
    if choice == "no skips":
        return tuple(card for card in deck if not card.is_skip)
    if choice == "wilds":
        wilds = rng.randint(0, 16)
        plain = [card for card in deck if not card.is_wild]
        return (*plain, *(phase10.WILD,) * wilds)
    if choice == "double":
        return deck + deck
    return deck


def random_rules(rng: random.Random) -> Rules:
    """Rules drawn at random: a preset, or every option at random."""
    if rng.random() < 0.3:
        return PRESETS[rng.choice(sorted(PRESETS))]
    while True:
        go_out_by_hit = rng.random() < 0.5
        hand_size = rng.choice([rng.randint(3, 8), rng.randint(6, 12)])
        most = hand_size + 1 if go_out_by_hit else hand_size
        phase_choice = rng.choice(["standard", "first", "even", "custom"])
        if phase_choice == "custom":
            phases: Sequence[PhaseSpec] = [
                random_phase(rng, rng.randint(1, most))
                for _ in range(rng.randint(1, 6))
            ]
        elif phase_choice == "first":
            phases = STANDARD_PHASES[: rng.randint(1, len(STANDARD_PHASES))]
        elif phase_choice == "even":
            phases = STANDARD_PHASES[1::2]
        else:
            phases = STANDARD_PHASES
        deck = random_deck(rng)
        max_players = min(6, (len(deck) - 2) // hand_size)
        if max_players < 2:
            continue
        low = rng.randint(0, 30)
        points = rng.choice(
            [
                Points(),
                Points(
                    low=low, high=rng.randint(0, 50), skip=low, wild=rng.randint(0, 50)
                ),
            ]
        )
        # The Masters Edition's options (R44-R48), in about half the games.
        masters = rng.random() < 0.5
        order = rng.choice(list(PhaseChoice)) if masters else PhaseChoice.IN_ORDER
        saves = rng.choice([0, 1, 2]) if masters else 0
        try:
            return Rules(
                phases=phases,
                everyone_advances=order is PhaseChoice.IN_ORDER and rng.random() < 0.3,
                phase_choice=order,
                saves_per_hand=saves,
                most_saved=rng.randint(1, 3),
                saved_cards_hidden=rng.random() < 0.5,
                saved_cards_score=rng.random() < 0.5,
                go_out_by_save=rng.random() < 0.5,
                save_skips=rng.random() < 0.5,
                draw_saved_same_hand=rng.random() < 0.5,
                skip_next_only=rng.random() < 0.2,
                swap_wilds=rng.random() < 0.3,
                hand_size=hand_size,
                deck=deck,
                min_players=2,
                max_players=max_players,
                naturals=rng.choice(list(NaturalRule)),
                skip_limit=rng.choice(list(SkipLimit)),
                wild_from_discard=rng.random() < 0.5,
                hit_on_lay_turn=rng.random() < 0.5,
                go_out_by_hit=go_out_by_hit,
                on_empty_draw_pile=rng.choice(list(EmptyDrawPile)),
                points=points,
                wrap_runs=rng.random() < 0.3,
            )
        except RulesError:
            continue  # a phase too big for the hand, or one the deck cannot make


# --- random moves, legal or not ---------------------------------------------------


def random_move(state: GameState, rng: random.Random) -> Action:
    """A move drawn at random around ``state``, most often an illegal one."""
    hand = state.players[state.current].hand
    pool = list(hand) if hand and rng.random() < 0.8 else list(FACES)
    card = rng.choice(pool)
    kind = rng.randrange(10)
    if kind == 9:
        return SwapWild(card, rng.randrange(len(state.table) + 2))
    if kind == 6:
        return ChoosePhase(rng.randint(1, len(state.rules.phases) + 1))
    if kind == 7:
        return Save(card)
    if kind == 8:
        return DrawSaved(card)
    if kind == 0:
        return Draw(rng.choice(list(Pile)))
    if kind == 1:
        return Discard(card)
    if kind == 2:
        target = rng.randrange(-1, len(state.players) + 1)
        return Skip(None if target < 0 else target)
    if kind == 3:
        meld = rng.randrange(len(state.table) + 2)
        return Hit(card, meld, end=rng.choice([None, End.LOW, End.HIGH]))
    if kind == 4:
        groups = []
        for _ in range(rng.randint(1, 3)):
            size = min(len(pool), rng.randint(1, 5))
            groups.append(tuple(sorted(rng.sample(pool, size), key=_run_order)))
        return LayPhase(groups)
    return NextHand()


def _run_order(card: Card) -> int:
    return card.number or 0


# --- one game ---------------------------------------------------------------------


def all_cards(state: GameState) -> Counter[Card]:
    """Every card of ``state``: hands, save piles, piles and table."""
    found = Counter(state.draw_pile) + Counter(state.discard_pile)
    for player in state.players:
        found.update(player.hand)
        found.update(player.saved)
    for meld in state.table:
        found.update(meld.cards)
    return found


def check_melds(state: GameState, tally: Tally) -> None:
    """Every meld on the table is a valid group of its kind and size."""
    rules = state.rules
    naturals = (
        NaturalRule.NONE if rules.naturals is NaturalRule.PER_PHASE else rules.naturals
    )
    for index, meld in enumerate(state.table):
        size = len(meld.cards)
        if size > MAX_HAND_SIZE:
            continue  # no rules deal a hand this big: check_state judged it
        spec, judge = one_group(meld.kind, size, naturals, rules.deck, rules.wrap_runs)
        found = find_phase(meld.cards, spec, judge)
        tally.check(found is not None, f"meld {index} ({meld}) is not a valid group")


@functools.cache
def one_group(
    kind: GroupKind,
    size: int,
    naturals: NaturalRule,
    deck: tuple[Card, ...],
    wrap_runs: bool,
) -> tuple[PhaseSpec, Rules]:
    """A phase of one group of ``kind`` and ``size``, and rules that allow it."""
    spec = PhaseSpec([GroupSpec(kind, size)])
    rules = Rules(
        phases=[spec],
        deck=deck,
        naturals=naturals,
        hand_size=size,
        max_players=2,
        wrap_runs=wrap_runs,
    )
    return spec, rules


def check_view_of(
    state: GameState, seat: int | None, rng: random.Random, tally: Tally
) -> None:
    """The checks of one seat's view of ``state``."""
    seen = view(state, seat)
    check_view(seen)
    tally.checks += 1
    text = to_json(seen)
    again = from_json(text, PlayerView)
    tally.check(again == seen, f"the view of seat {seat} does not read back equal")
    tally.check(to_json(again) == text, f"the view of seat {seat} writes back changed")
    guess = determinize(seen, rng)
    tally.check(
        view(guess, seat) == seen,
        f"the view of seat {seat} changes when hidden cards are dealt again",
    )
    if seat == state.current and not state.is_over:
        tally.check(
            legal_actions(seen) == legal_actions(state),
            f"the view of seat {seat}, to act, lists other moves than the state",
        )


def check_state_after(
    before: GameState,
    snapshot: bytes,
    after: GameState,
    deck: Counter[Card],
    rng: random.Random,
    tally: Tally,
) -> None:
    """Every check of a transition from ``before`` (pickled as ``snapshot``)."""
    tally.check(
        pickle.dumps(before) == snapshot, "a move changed the state it was given"
    )
    tally.check(all_cards(after) == deck, "cards were created or lost")
    check_state(after)
    tally.checks += 1
    if after.table != before.table:
        check_melds(after, tally)
    text = to_json(after)
    again = from_json(text, GameState)
    tally.check(again == after, "the state does not read back equal from JSON")
    tally.check(to_json(again) == text, "the state's JSON writes back changed")
    # One seat's view a move, in turn the acting seat's, any seat's, or a
    # spectator's: the views of every seat cost more than the game itself.
    seat = rng.choice([after.current, rng.randrange(len(after.players)), None])
    check_view_of(after, seat, rng, tally)


def check_moves(state: GameState, rng: random.Random, tally: Tally) -> None:
    """Listed moves are accepted; random moves are judged alike by
    ``can_apply`` and ``apply``, and a refusal changes nothing."""
    listed = legal_actions(state)
    tally.check(bool(listed) or state.is_over, "a game in play lists no move")
    for action in rng.sample(listed, min(3, len(listed))):
        tally.check(can_apply(state, action), f"listed move {action} is refused")
    for _ in range(RANDOM_MOVES):
        action = random_move(state, rng)
        allowed = can_apply(state, action)
        snapshot = pickle.dumps(state)
        try:
            after = apply(state, action)
        except Phase10Error:
            tally.refused += 1
            tally.check(not allowed, f"can_apply allows {action}, but apply refuses it")
            tally.check(
                pickle.dumps(state) == snapshot, f"refusing {action} changed the state"
            )
            continue
        tally.check(allowed, f"can_apply refuses {action}, but apply accepts it")
        tally.check(
            is_listed(state, action, after, listed),
            f"{action} is accepted but not listed",
        )
        check_state(after)
        tally.checks += 1


def is_listed(
    state: GameState, action: Action, after: GameState, listed: Sequence[Action]
) -> bool:
    """Whether ``listed`` holds ``action``, or another spelling of the same move.

    A hit may be written with or without the end a card can only go to
    (R30, R32), and a lay's groups and cards in any order; ``legal_actions``
    lists one spelling, which must make the same move. It lists the lays
    of minimal groups only: a larger lay is accepted when one of those is
    listed.
    """
    if action in listed:
        return True
    if isinstance(action, Hit):
        return any(
            apply(state, other) == after
            for other in listed
            if isinstance(other, Hit)
            and (other.card, other.meld) == (action.card, action.meld)
        )
    if isinstance(action, LayPhase):
        lays = [other for other in listed if isinstance(other, LayPhase)]
        phase = state.phase_of(state.current)
        size = sum(len(group) for group in action.groups)
        if phase is not None and size > phase.min_cards:
            return bool(lays)  # only the lays of minimal groups are listed
        cards = Counter(card for group in action.groups for card in group)
        made = same_lay_key(after)
        return any(
            same_lay_key(apply(state, other)) == made
            for other in lays
            if Counter(card for group in other.groups for card in group) == cards
        )
    return False


def same_lay_key(state: GameState) -> str:
    """``state`` as JSON with the table's groups, and each group's cards, in
    a fixed order: two spellings of one lay make the same key, although the
    table keeps each group's cards in the order they were laid."""
    data = to_dict(state)
    for meld in data["table"]:
        meld["cards"].sort()
    data["table"].sort(key=lambda meld: json.dumps(meld, sort_keys=True))
    return json.dumps(data, sort_keys=True)


def drivers(rng: random.Random, players: int) -> list[Bot]:
    """One driver per seat: the greedy bot or uniformly random legal moves."""
    return [
        (GreedyBot if rng.random() < 0.6 else RandomBot)(
            random.Random(rng.getrandbits(64))
        )
        for _ in range(players)
    ]


def play_game(game_seed: int, tally: Tally, out: Callable[[str], None] | None) -> None:
    """Play and check the game of ``game_seed``; raises at the first violation."""
    rng = random.Random(game_seed)
    rules = random_rules(rng)
    players = rng.randint(rules.min_players, min(rules.max_players, 6))
    bots = drivers(rng, players)
    record, state = GameRecord.start(players, rules, seed=rng.getrandbits(128))
    if out is not None:
        names = ", ".join(type(bot).__name__ for bot in bots)
        out(f"game {game_seed}: {players} players ({names})\n  {rules!r}")
    deck = Counter(rules.deck)
    check_state(state)
    tally.check(all_cards(state) == deck, "the deal created or lost cards")
    moves = 0
    while not state.is_over and moves < MOVE_LIMIT:
        check_moves(state, rng, tally)
        seat = state.current
        action = bots[seat].choose(view(state, seat))
        snapshot = pickle.dumps(state)
        after = apply(state, action)
        check_state_after(state, snapshot, after, deck, rng, tally)
        record = record.then(action)
        state = after
        moves += 1
        tally.transitions += 1
    if state.is_over:
        tally.finished += 1
        again = GameRecord.from_json(record.to_json())
        tally.check(again == record, "the game's record does not read back equal")
        tally.check(replay(again)[-1] == state, "the record replays to another state")
    else:
        tally.cut += 1
    if out is not None:
        how = "finished" if state.is_over else "cut at the move limit"
        out(f"  {moves} transitions, {how}")


def game_seeds(seed: int) -> Iterator[int]:
    """The seeds of a soak's games, drawn from its own seed."""
    rng = random.Random(seed)
    while True:
        yield rng.getrandbits(48)


def soak(
    seconds: float | None, games: int | None, seed: int, job: int = 0, jobs: int = 1
) -> Tally:
    """Play games until ``seconds`` have passed or ``games`` are played: of
    the soak's games, those whose place is ``job`` modulo ``jobs``."""
    tally = Tally()
    start = time.monotonic()
    for place, game_seed in zip(itertools.count(), game_seeds(seed), strict=False):
        if games is not None and place >= games:
            break
        if seconds is not None and time.monotonic() - start >= seconds:
            break
        if place % jobs != job:
            continue
        tally.games += 1
        try:
            play_game(game_seed, tally, None)
        except Exception as error:
            message = f"{type(error).__name__}: {error}".splitlines()[0][:300]
            tally.violations.append((game_seed, message))
            print(f"VIOLATION in game {game_seed}: {message}", flush=True)
    return tally


def soak_in_parallel(
    seconds: float | None, games: int | None, seed: int, jobs: int
) -> Tally:
    """:func:`soak` in ``jobs`` processes, their tallies added up."""
    if jobs == 1:
        return soak(seconds, games, seed)
    with concurrent.futures.ProcessPoolExecutor(jobs) as pool:
        parts = list(
            pool.map(
                soak,
                [seconds] * jobs,
                [games] * jobs,
                [seed] * jobs,
                range(jobs),
                [jobs] * jobs,
            )
        )
    total = Tally()
    for part in parts:
        for name in ("games", "finished", "cut", "transitions", "checks", "refused"):
            setattr(total, name, getattr(total, name) + getattr(part, name))
        total.violations.extend(part.violations)
    return total


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, help="play for this long (default 60)")
    budget.add_argument("--games", type=int, help="play this many games")
    budget.add_argument(
        "--replay", type=int, metavar="GAME_SEED", help="play one game, verbosely"
    )
    parser.add_argument("--seed", type=int, default=0, help="the soak's seed")
    parser.add_argument(
        "--jobs", type=int, default=1, help="processes to play in (default 1)"
    )
    args = parser.parse_args(argv)
    if args.replay is not None:
        tally = Tally()
        try:
            play_game(args.replay, tally, print)
        except Exception:
            traceback.print_exc()
            return 1
        print(f"no violation in {tally.checks:,} checks")
        return 0
    seconds = args.seconds if args.games is None and args.seconds else None
    if args.games is None and seconds is None:
        seconds = 60.0
    print(
        f"phase10 {phase10.__version__} · {platform.python_implementation()} "
        f"{platform.python_version()} · soak seed {args.seed} · {args.jobs} job(s) · "
        + (f"{args.games:,} games" if args.games is not None else f"{seconds:g} s"),
        flush=True,
    )
    start = time.monotonic()
    tally = soak_in_parallel(seconds, args.games, args.seed, max(1, args.jobs))
    elapsed = time.monotonic() - start
    print(
        f"games {tally.games:,} (finished {tally.finished:,}, cut at "
        f"{MOVE_LIMIT:,} moves {tally.cut:,}) · transitions {tally.transitions:,} · "
        f"random moves refused {tally.refused:,} · checks {tally.checks:,} · "
        f"violations {len(tally.violations):,} · {elapsed:,.0f} s "
        f"({tally.transitions / max(elapsed, 1e-9):,.0f} transitions/s)"
    )
    for game_seed, message in tally.violations:
        print(f"  game {game_seed}: {message}")
        print(f"    replay: python benchmarks/soak.py --replay {game_seed}")
    return 1 if tally.violations else 0


if __name__ == "__main__":
    sys.exit(main())
