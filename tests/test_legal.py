"""Move legality: the can_… predicates and legal_actions (R4-R33).

Random games (GreedyBot mixed with random legal moves, under the official
rules and random rule sets) reach varied states; in each, every listed move
must be accepted and every move of the same kinds that is not listed must be
refused. Lays are checked against a brute force over the hand's
sub-multisets, and known positions are counted by hand, as chess engines
count moves (perft).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from itertools import pairwise

import attrs
import pytest
from games import play
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import _arrangements, _sub_multisets
from scenarios import deal
from strategies import game_states, hands, phase_specs, rich_hands, rules_records

import phase10
from phase10 import (
    MAX_HANDS,
    MAX_TURNS_PER_HAND,
    SKIP,
    STANDARD_PHASES,
    WILD,
    Action,
    Card,
    ChoosePhase,
    Color,
    Discard,
    Draw,
    DrawSaved,
    End,
    GameState,
    GroupKind,
    Hit,
    IllegalMove,
    LayPhase,
    NaturalRule,
    NextHand,
    NotationError,
    Phase10Error,
    PhaseChoice,
    PhaseNotMet,
    PhaseSpec,
    Pile,
    PlayerView,
    Rules,
    Save,
    Skip,
    SkipLimit,
    Step,
    SwapWild,
    UsageError,
    apply,
    check_state,
    discard,
    draw,
    find_phase,
    from_json,
    hit,
    lay_phase,
    new_game,
    next_hand,
    parse_cards,
    skip,
    svg,
    to_json,
    verify_lay_phase,
    view,
)
from phase10._groups import check_phase, judge_group
from phase10._lays import minimal_lays as _minimal_lays
from phase10._legal import (
    can_apply,
    can_discard,
    can_draw,
    can_hit,
    can_lay_phase,
    can_next_hand,
    can_skip,
    legal_actions,
    verify_apply,
)
from phase10._moves import MOVES, apply_listed

Lay = tuple[tuple[Card, ...], ...]
SLOW = [HealthCheck.too_slow]


def fewer(divisor: int, least: int) -> int:
    """A share of the profile's examples, for the slowest properties."""
    profile = settings.default
    return max(least, (profile.max_examples if profile else 100) // divisor)


_DECK_FACES = [Card(n, c) for n in range(1, 13) for c in Color]


def lay_state(rules: Rules, hand: Sequence[Card], phase: int, seed: int) -> GameState:
    """A PLAY step in which the player to act holds ``hand`` and works on
    phase number ``phase + 1`` of ``rules`` (hands are set directly: the
    checks look only at the player's own hand)."""
    state = new_game(rules.min_players, rules, seed=seed)
    while state.step is Step.CHOOSE:  # the Masters Edition (R44): any choice
        state = apply(state, legal_actions(state)[0])
    state = draw(state)
    players = list(state.players)
    me = attrs.evolve(players[state.current], hand=tuple(hand), known=())
    if rules.phase_choice is PhaseChoice.IN_ORDER:
        me = attrs.evolve(me, completed=phase)
    else:  # the phase chosen, or declared (R44, R45)
        me = attrs.evolve(me, completed=0, phases_done=None, active=phase)
    players[state.current] = me
    return attrs.evolve(state, players=tuple(players))


# --- comparing moves and tables ----------------------------------------------


def outcome(state: GameState, action: Action) -> GameState | None:
    """The state ``action`` leads to, or None when ``apply`` refuses it."""
    try:
        return apply(state, action)
    except IllegalMove:
        return None


def is_listed(state: GameState, action: Action, listed: Sequence[Action]) -> bool:
    """Whether ``listed`` holds ``action``, or a hit of the same card on the
    same group, with another ``end``, that makes exactly the same move.

    ``hit`` takes two spellings of some hits and ``legal_actions`` lists one:
    a Wild on a run with ``end=None`` is listed with the end it picks, and a
    natural card on a run, listed with ``end=None``, may also be given the
    one end it fits (R30, R32).
    """
    if action in listed:
        return True
    if not isinstance(action, Hit):
        return False
    after = outcome(state, action)
    return after is not None and any(
        outcome(state, other) == after
        for other in listed
        if isinstance(other, Hit)
        and (other.card, other.meld) == (action.card, action.meld)
    )


def table_of(state: GameState) -> Counter[tuple[object, ...]]:
    """The table as a multiset of melds, a set's or colour group's cards
    sorted (their order does not matter), the melds in any order."""
    return Counter(
        (
            meld.owner,
            meld.kind,
            meld.cards if meld.kind.is_run else tuple(sorted(meld.cards)),
            meld.number,
            meld.color,
            meld.low,
        )
        for meld in state.table
    )


def canonical(groups: Sequence[Sequence[Card]], spec: PhaseSpec) -> Lay:
    """A lay given in requirement order, written as legal_actions writes it:
    a set's or colour group's cards sorted, groups meeting identical
    requirements in ascending order."""
    written = [
        tuple(group) if requirement.kind.is_run else tuple(sorted(group))
        for group, requirement in zip(groups, spec.groups, strict=True)
    ]
    for requirement in set(spec.groups):
        places = [j for j, r in enumerate(spec.groups) if r == requirement]
        ordered = sorted((written[j] for j in places), key=indices)
        for j, group in zip(places, ordered, strict=True):
            written[j] = group
    return tuple(written)


def indices(group: Sequence[Card]) -> tuple[int, ...]:
    return tuple(card.index for card in group)


def in_requirement_order(
    state: GameState, groups: Sequence[Sequence[Card]]
) -> list[tuple[Card, ...]]:
    """``groups`` (accepted by lay_phase) reordered to meet the phase's
    requirements in order, as the engine matches them."""
    spec = state.phase_of(state.current)
    assert spec is not None
    met = [requirement for requirement, _ in verify_lay_phase(state, groups)]
    ordered: list[tuple[Card, ...]] = []
    taken: set[int] = set()
    for requirement in spec.groups:
        i = next(i for i, r in enumerate(met) if r == requirement and i not in taken)
        taken.add(i)
        ordered.append(tuple(groups[i]))
    return ordered


# --- brute force -------------------------------------------------------------


def brute_lays(
    hand: Sequence[Card],
    spec: PhaseSpec,
    naturals: NaturalRule,
    *,
    minimal: bool = True,
    wrap: bool = False,
) -> Iterator[list[tuple[Card, ...]]]:
    """Every lay of ``spec`` from ``hand`` in requirement order, by trying
    every sub-multiset for every group and every arrangement of a run, and
    asking the engine's judge. With ``minimal=False`` groups may be larger;
    with ``wrap`` runs go on from 12 to 1 (R42)."""
    per_group = naturals is NaturalRule.PER_GROUP
    wanted = spec.groups

    def search(
        j: int, left: Counter[Card], laid: list[tuple[Card, ...]]
    ) -> Iterator[list[tuple[Card, ...]]]:
        if j == len(wanted):
            try:
                check_phase(laid, spec, naturals, wrap=wrap)
            except PhaseNotMet:
                return
            yield list(laid)
            return
        requirement = wanted[j]
        top = requirement.size if minimal else sum(left.values())
        for size in range(requirement.size, top + 1):
            for chosen in _sub_multisets(left, size):
                arranged = _arrangements(requirement.kind, chosen, wrap)
                for group in dict.fromkeys(arranged):
                    try:
                        judge_group(
                            requirement.kind,
                            group,
                            size,
                            need_natural=per_group,
                            wrap=wrap,
                        )
                    except PhaseNotMet:
                        continue
                    yield from search(j + 1, left - Counter(chosen), [*laid, group])

    yield from search(0, Counter(c for c in hand if not c.is_skip), [])


def check_against_brute_force(
    hand: Sequence[Card], spec: PhaseSpec, naturals: NaturalRule, wrap: bool = False
) -> None:
    found = _minimal_lays(hand, spec, naturals, wrap=wrap)
    expected = {
        canonical(lay, spec) for lay in brute_lays(hand, spec, naturals, wrap=wrap)
    }
    assert len(found) == len(set(found)), "a lay is listed twice"
    assert set(found) == expected
    keys = [tuple(indices(group) for group in lay) for lay in found]
    assert keys == sorted(keys)
    solved = find_phase(hand, spec, Rules(naturals=naturals, wrap_runs=wrap))
    assert (solved is not None) == bool(found)


# --- every listed move is legal ----------------------------------------------


@given(state=game_states())
@settings(suppress_health_check=SLOW)
@pytest.mark.rule("R21", "R30", "R33")
def test_every_listed_move_is_accepted(state: GameState) -> None:
    """Each move legal_actions lists is accepted by apply, once, in order."""
    listed = legal_actions(state)
    assert len(listed) == len(set(listed))
    assert legal_actions(state) == listed
    for action in listed:
        assert can_apply(state, action)
        verify_apply(state, action)
        # The learners' loop builds listed moves without their judge: the
        # same state as the judged move, for every kind of move.
        assert apply_listed(state, action) == apply(state, action)
    if state.step is Step.PLAY:
        kinds = [type(a) for a in listed]
        order = [kind for kind, row in MOVES.items() if Step.PLAY in row.steps]
        assert kinds == sorted(kinds, key=order.index)
        hits = [a for a in listed if isinstance(a, Hit)]
        ends = [None, End.LOW, End.HIGH]
        keys = [(a.card.index, a.meld, ends.index(a.end)) for a in hits]
        assert keys == sorted(keys)
    elif state.step is Step.DRAW:
        assert listed[0] == Draw(Pile.DRAW)
    elif state.step is Step.HAND_OVER:
        assert listed == (NextHand(),)
    elif state.step is Step.CHOOSE:  # each phase not completed, in order (R44)
        done = state.players[state.current].done()
        wanted = [n + 1 for n in range(len(state.rules.phases)) if n not in done]
        assert listed == tuple(ChoosePhase(n) for n in wanted)
    else:
        assert listed == ()


def test_draws_and_discards_are_built_without_their_judge() -> None:
    """The moves of almost every step of a learner's loop have a trusted
    builder, so apply_listed skips their judge: without one the check above
    would compare apply with itself."""
    trusted = {kind for kind, row in MOVES.items() if row.trusted is not None}
    assert trusted == {Draw, Discard}


def test_a_listed_draw_or_discard_is_not_judged_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """apply_listed builds a listed draw or discard without asking its
    judge (the loop of a learner pays for the listing's judgement once),
    and builds the state apply builds. With the judges made to refuse
    everything, apply refuses and apply_listed does not."""
    from phase10._moves import apply_listed
    from phase10._moves import discard as discard_module
    from phase10._moves import draw as draw_module

    def refuse(*args: object, **kwargs: object) -> object:
        raise phase10.UsageError("judged again")

    rng = random.Random(5)
    state = phase10.new_game(["Ann", "Bob", "Cy"], seed=5)
    built = 0
    for _ in range(300):
        if state.step is Step.GAME_OVER:
            break
        move = rng.choice(legal_actions(state))
        wanted = phase10.apply(state, move)
        if isinstance(move, (Draw, Discard)):
            with monkeypatch.context() as patch:
                patch.setattr(draw_module, "verify_draw", refuse)
                patch.setattr(discard_module, "_judge_discard", refuse)
                with pytest.raises(phase10.UsageError, match="judged again"):
                    phase10.apply(state, move)
                assert apply_listed(state, move) == wanted
            built += 1
        state = wanted
    assert built > 100


# --- every move not listed is refused ----------------------------------------


def candidate_moves(state: GameState, rng: random.Random) -> list[Action]:
    """Draws, discards, Skips (every seat, None and out of range) and hits
    (every card held and two others, every group and one past, every end)."""
    hand = state.players[state.current].hand
    faces = sorted(set(hand)) + rng.sample(_DECK_FACES, 2) + [WILD, SKIP]
    moves: list[Action] = [Draw(Pile.DRAW), Draw(Pile.DISCARD), NextHand()]
    moves += [Discard(card) for card in faces]
    moves += [Skip(seat) for seat in range(len(state.players) + 1)] + [Skip(None)]
    moves += [
        Hit(card, meld, end)
        for card in faces
        for meld in range(len(state.table) + 1)
        for end in (None, End.LOW, End.HIGH)
    ]
    # The Masters Edition's moves (R44-R47), under any rules.
    moves += [ChoosePhase(n) for n in range(1, len(state.rules.phases) + 2)]
    moves += [Save(card) for card in faces] + [DrawSaved(card) for card in faces]
    # The house rule R50's swaps.
    moves += [SwapWild(c, m) for c in faces for m in range(len(state.table) + 1)]
    # Lays are tried apart, against every minimal lay of the hand
    # (test_listed_lays_are_the_minimal_lays_lay_phase_accepts).
    tried = {type(move) for move in moves} | {LayPhase}
    untried = [kind.__name__ for kind in MOVES if kind not in tried]
    if untried:  # a kind of move added to the table, with no moves to try here
        raise AssertionError(f"tests/test_legal.py: add moves of {untried} to try")
    return moves


@given(state=game_states(), seed=st.integers(0, 2**32))
@settings(suppress_health_check=SLOW)
@pytest.mark.rule("R21", "R22", "R23", "R26", "R28", "R29", "R30", "R31", "R32")
def test_moves_not_listed_are_refused(state: GameState, seed: int) -> None:
    """A draw, discard, Skip or hit is accepted exactly when it is listed
    (a hit perhaps spelt with another end that makes the same move)."""
    listed = legal_actions(state)
    for action in candidate_moves(state, random.Random(seed)):
        accepted = outcome(state, action) is not None
        assert accepted == is_listed(state, action, listed), action
        assert can_apply(state, action) == accepted


# --- at the length limits of a game and of a hand ------------------------------


@st.composite
def states_at_the_limits(draw: st.DrawFn) -> GameState:
    """A state reached by play, then moved to the edge of a length limit: the
    last hands a game may last (MAX_HANDS) or the last turn slots a hand may
    (MAX_TURNS_PER_HAND), with turns perhaps owed to Skips (R36)."""
    state = draw(game_states())
    if state.step is Step.HAND_OVER or draw(st.booleans()):
        hand_number = MAX_HANDS - draw(st.integers(0, 1))
        state = attrs.evolve(state, hand_number=hand_number)
    else:
        slot = MAX_TURNS_PER_HAND - draw(st.integers(0, 3))
        owed = {
            seat: draw(st.integers(0, 2))
            for seat in state.contenders
            if seat != state.current
        }
        players = tuple(
            attrs.evolve(player, skips_pending=owed.get(seat, player.skips_pending))
            for seat, player in enumerate(state.players)
        )
        state = attrs.evolve(state, turn_slot=slot, players=players)
    return state


@given(state=states_at_the_limits(), seed=st.integers(0, 2**32))
@settings(suppress_health_check=SLOW)
@pytest.mark.rule("R36")
def test_listing_judges_and_moves_agree_at_the_length_limits(
    state: GameState, seed: int
) -> None:
    """At the last hand of a game and the last turn slots of a hand, a move is
    listed exactly when can_apply allows it and exactly when apply accepts
    it: the limits are judged, not only refused by the moves."""
    listed = legal_actions(state)
    for action in listed:
        assert can_apply(state, action), action
        apply(state, action)
    for action in candidate_moves(state, random.Random(seed)):
        accepted = outcome(state, action) is not None
        assert accepted == is_listed(state, action, listed), action
        assert can_apply(state, action) == accepted
    if state.step is Step.HAND_OVER:
        assert can_next_hand(state) == (state.hand_number < MAX_HANDS)


@pytest.mark.rule("R36")
def test_a_turn_at_the_last_slot_may_still_go_out_but_not_pass() -> None:
    """At the last turn slot a discard that leaves cards is refused by its
    judge and not listed, while a discard of the last card goes out."""
    state = deal(["R1 R2 R3 R4 R5 R6 R7 R8 R9 R10", "B1"], starter="Y9")
    state = draw(attrs.evolve(state, turn_slot=MAX_TURNS_PER_HAND))

    def holding(cards: str) -> GameState:
        players = list(state.players)
        players[state.current] = attrs.evolve(
            players[state.current], hand=parse_cards(cards)
        )
        return attrs.evolve(state, players=tuple(players))

    playing = holding("R1 R2")
    hand = playing.players[playing.current].hand
    assert not any(isinstance(a, Discard) for a in legal_actions(playing))
    assert not can_discard(playing, hand[0])
    with pytest.raises(IllegalMove, match=r"1,000,000,000 turns.*\(rule R36\)"):
        discard(playing, hand[0])
    last = holding("R1")
    assert Discard(hand[0]) in legal_actions(last)
    assert discard(last, hand[0]).step is Step.HAND_OVER


# --- lays --------------------------------------------------------------------


@given(
    hand=st.one_of(
        hands(max_size=8), rich_hands(max_size=8), rich_hands(max_size=8, width=3)
    ),
    spec=phase_specs(max_groups=3, max_cards=8),
    naturals=st.sampled_from(NaturalRule),
)
@settings(suppress_health_check=SLOW)
@pytest.mark.rule("R4", "R5", "R6", "R7", "R8", "R10", "R11", "R12", "R14")
def test_minimal_lays_are_exactly_those_of_a_brute_force(
    hand: list[Card], spec: PhaseSpec, naturals: NaturalRule
) -> None:
    """Every minimal way to make a phase is found, once, and nothing else."""
    check_against_brute_force(hand, spec, naturals)


@given(
    hand=st.one_of(
        hands(max_size=8),
        rich_hands(max_size=8, wrapping=True),
        rich_hands(max_size=8, width=3, wrapping=True),
    ),
    spec=phase_specs(max_groups=3, max_cards=8),
    naturals=st.sampled_from(NaturalRule),
)
@settings(suppress_health_check=SLOW)
@pytest.mark.rule("R42", "R43")
def test_minimal_lays_with_wrapping_runs_are_those_of_a_brute_force(
    hand: list[Card], spec: PhaseSpec, naturals: NaturalRule
) -> None:
    """With runs wrapping from 12 to 1, and even and odd groups among the
    kinds, every minimal way to make a phase is found, once, and nothing else."""
    check_against_brute_force(hand, spec, naturals, wrap=True)


@given(
    hand=rich_hands(min_size=10, max_size=11),
    which=st.integers(0, len(STANDARD_PHASES) - 1),
)
@settings(max_examples=fewer(4, 10), suppress_health_check=SLOW)
@pytest.mark.rule("R9", "R10", "R11", "R14")
def test_minimal_lays_of_the_official_phases_from_full_hands(
    hand: list[Card], which: int
) -> None:
    """On 10- and 11-card hands, every way to make an official phase is found."""
    check_against_brute_force(hand, STANDARD_PHASES[which], NaturalRule.PER_GROUP)


@given(
    rules=st.one_of(st.just(Rules()), rules_records()),
    hand=st.one_of(hands(min_size=1, max_size=9), rich_hands(max_size=9)),
    phase=st.integers(0, 9),
    seed=st.integers(0, 2**32),
    data=st.data(),
)
@settings(suppress_health_check=SLOW)
@pytest.mark.rule("R4", "R14", "R15", "R16", "R33")
def test_listed_lays_are_the_minimal_lays_lay_phase_accepts(
    rules: Rules, hand: list[Card], phase: int, seed: int, data: st.DataObject
) -> None:
    """The lays listed are every minimal lay accepted; other minimal lays fail."""
    phase %= len(rules.phases)
    # No game gives a player more than hand_size + 1 cards.
    state = lay_state(rules, hand[: rules.hand_size + 1], phase, seed)
    spec = rules.phases[phase]
    listed = [a.groups for a in legal_actions(state) if isinstance(a, LayPhase)]
    every = _minimal_lays(state.player.hand, spec, rules.naturals, wrap=rules.wrap_runs)
    assert listed == [lay for lay in every if can_lay_phase(state, lay)]
    for lay in listed:
        assert apply(state, LayPhase(lay)).players[state.current].laid_down
    # A random split of part of the hand into groups: accepted only if listed
    # (once written as legal_actions writes lays).
    cards = data.draw(st.permutations(state.player.hand))
    cuts = data.draw(
        st.lists(st.integers(0, len(cards)), min_size=len(spec.groups) - 1)
    )
    bounds = sorted([0, *cuts[: len(spec.groups) - 1], len(cards)])
    pieces = [tuple(cards[a:b]) for a, b in pairwise(bounds)]
    groups = [g[: r.size] for g, r in zip(pieces, spec.groups, strict=False)]
    if can_lay_phase(state, groups):
        ordered = in_requirement_order(state, groups)
        if all(len(g) == r.size for g, r in zip(ordered, spec.groups, strict=True)):
            assert canonical(ordered, spec) in listed


def reach_by_minimal_lay_and_hits(
    state: GameState, groups: Sequence[Sequence[Card]]
) -> GameState:
    """Make the lay ``groups`` (accepted, perhaps with groups larger than
    their minimum) as a listed minimal lay followed by listed hits, checking
    that each of those moves is listed when it is made."""
    spec = state.phase_of(state.current)
    assert spec is not None
    ordered = in_requirement_order(state, groups)
    minimal: list[tuple[Card, ...]] = []
    extras: list[Sequence[tuple[Card, End | None]]] = []
    for group, requirement in zip(ordered, spec.groups, strict=True):
        size = requirement.size
        if requirement.kind.is_run:
            # A stretch of the run that holds a natural card, if it has one;
            # the rest is hit at each end, nearest card first.
            naturals = [p for p, card in enumerate(group) if not card.is_wild]
            start = min(naturals[0], len(group) - size) if naturals else 0
            minimal.append(group[start : start + size])
            extras.append(
                [(c, End.LOW) for c in reversed(group[:start])]
                + [(c, End.HIGH) for c in group[start + size :]]
            )
        else:
            cards = sorted(group, key=lambda c: c.is_wild)  # naturals first
            minimal.append(tuple(cards[:size]))
            extras.append([(c, None) for c in cards[size:]])
    lay = canonical(minimal, spec)
    assert LayPhase(lay) in legal_actions(state)
    base = len(state.table)
    after = apply(state, LayPhase(lay))
    # Find where each requirement's group went: groups meeting identical
    # requirements may have changed places.
    free = list(range(len(lay)))
    for j, group_extras in enumerate(extras):
        written = (
            minimal[j] if spec.groups[j].kind.is_run else tuple(sorted(minimal[j]))
        )
        place = next(
            i for i in free if spec.groups[i] == spec.groups[j] and lay[i] == written
        )
        free.remove(place)
        for card, end in group_extras:
            move = Hit(card, base + place, end if card.is_wild else None)
            assert after.step is Step.PLAY
            assert move in legal_actions(after), move
            after = apply(after, move)
    return after


@st.composite
def hands_holding(draw: st.DrawFn, spec: PhaseSpec) -> list[Card]:
    """A hand that makes ``spec`` with a card or two to spare in some groups
    (a few Wilds among them), plus perhaps a stray card."""
    cards: list[Card] = []
    for requirement in spec.groups:
        size = requirement.size + draw(st.integers(0, 1))
        color = draw(st.sampled_from(Color))
        if requirement.kind.is_run:
            size = min(size, 12)
            low = draw(st.integers(1, 13 - size))
            same = requirement.kind is GroupKind.COLOR_RUN
            group = [
                Card(low + i, color if same else draw(st.sampled_from(Color)))
                for i in range(size)
            ]
        elif requirement.kind is GroupKind.SET:
            number = draw(st.integers(1, 12))
            group = [Card(number, draw(st.sampled_from(Color))) for _ in range(size)]
        else:
            group = [Card(draw(st.integers(1, 12)), color) for _ in range(size)]
        cards += [WILD if draw(st.integers(0, 4)) == 0 else card for card in group]
    cards += draw(st.lists(st.sampled_from([*_DECK_FACES, WILD, SKIP]), max_size=1))
    return draw(st.permutations(cards))


@given(
    spec=st.one_of(
        st.sampled_from(STANDARD_PHASES[:3]), phase_specs(max_groups=2, max_cards=5)
    ),
    naturals=st.sampled_from(NaturalRule),
    go_out_by_hit=st.booleans(),
    data=st.data(),
)
@settings(suppress_health_check=SLOW)
@pytest.mark.rule("R14", "R30", "R31", "R32")
def test_larger_lays_are_minimal_lays_plus_hits(
    spec: PhaseSpec,
    naturals: NaturalRule,
    go_out_by_hit: bool,
    data: st.DataObject,
) -> None:
    """With hit_on_lay_turn, a listed minimal lay and listed hits reach the
    very table (and hand) that any lay with larger groups makes."""
    hand = data.draw(
        st.one_of(rich_hands(min_size=4, max_size=9, width=4), hands_holding(spec))
    )
    rules = Rules(phases=[spec], naturals=naturals, go_out_by_hit=go_out_by_hit)
    state = lay_state(rules, hand, 0, seed=1)
    larger = [
        lay
        for lay in brute_lays(hand, spec, naturals, minimal=False)
        if sum(map(len, lay)) > spec.min_cards and can_lay_phase(state, lay)
    ]
    for lay in data.draw(st.permutations(larger))[:8]:
        direct = lay_phase(state, lay)
        reached = reach_by_minimal_lay_and_hits(state, lay)
        assert table_of(reached) == table_of(direct)
        assert Counter(reached.players[0].hand) == Counter(direct.players[0].hand)
        assert Counter(reached.players[1].hand) == Counter(direct.players[1].hand)
        assert reached.step is direct.step


@pytest.mark.rule("R14", "R31")
def test_without_hits_on_the_lay_turn_larger_lays_are_not_listed() -> None:
    """With hit_on_lay_turn off, a larger lay is legal but not listed."""
    rules = Rules(hit_on_lay_turn=False)
    hand = parse_cards("R5 B5 G5 Y5 R7 B7 G7 Y1 Y2 G11 B12")
    state = lay_state(rules, hand, 0, seed=3)
    larger = LayPhase(["R5 B5 G5 Y5", "R7 B7 G7"])
    assert can_apply(state, larger)
    listed = legal_actions(state)
    assert larger not in listed
    assert LayPhase(["R5 B5 G5", "R7 B7 G7"]) in listed
    after = apply(state, LayPhase(["R5 B5 G5", "R7 B7 G7"]))
    assert not any(isinstance(a, Hit) for a in legal_actions(after))


# --- can_x agrees with x -----------------------------------------------------


@given(state=game_states(), data=st.data())
@settings(suppress_health_check=SLOW)
@pytest.mark.rule("R20", "R21", "R26", "R30", "R36")
def test_can_x_is_true_exactly_when_x_succeeds(
    state: GameState, data: st.DataObject
) -> None:
    """Each can_x answers True exactly when the move x goes through."""
    seats = len(state.players)
    hand = state.players[state.current].hand
    card: Card | str = data.draw(
        st.one_of(
            st.sampled_from(hand or (WILD,)),
            st.sampled_from([*_DECK_FACES, WILD, SKIP]),
            st.sampled_from(["R7", "w", "S", "Z9", ""]),
        )
    )
    player = data.draw(st.one_of(st.none(), st.integers(-1, seats)))
    meld = data.draw(st.integers(-1, len(state.table)))
    end = data.draw(st.sampled_from([None, End.LOW, End.HIGH]))
    target = data.draw(st.one_of(st.none(), st.integers(-1, seats)))
    source = data.draw(st.sampled_from(Pile))
    size = data.draw(st.integers(0, len(hand)))
    groups = [hand[:size], hand[size:]]

    phase = data.draw(st.integers(0, len(state.rules.phases) + 1))

    def succeeds(move: Callable[[], object]) -> bool:
        try:
            move()
        except Phase10Error:
            return False
        return True

    pairs = {
        "draw": (
            can_draw(state, source, player=player),
            lambda: draw(state, source, player=player),
        ),
        "discard": (
            can_discard(state, card, player=player),
            lambda: discard(state, card, player=player),
        ),
        "skip": (
            can_skip(state, target, player=player),
            lambda: skip(state, target, player=player),
        ),
        "hit": (
            can_hit(state, card, meld, end=end, player=player),
            lambda: hit(state, card, meld, end=end, player=player),
        ),
        "lay_phase": (
            can_lay_phase(state, groups, player=player),
            lambda: lay_phase(state, groups, player=player),
        ),
        "next_hand": (can_next_hand(state), lambda: next_hand(state)),
        "choose_phase": (
            phase10.can_choose_phase(state, phase, player=player),
            lambda: phase10.choose_phase(state, phase, player=player),
        ),
        "save": (
            phase10.can_save(state, card, player=player),
            lambda: phase10.save(state, card, player=player),
        ),
        "draw_saved": (
            phase10.can_draw_saved(state, card, player=player),
            lambda: phase10.draw_saved(state, card, player=player),
        ),
        "swap_wild": (
            phase10.can_swap_wild(state, card, meld, player=player),
            lambda: phase10.swap_wild(state, card, meld, player=player),
        ),
    }
    assert set(pairs) == set(MOVE_FUNCTIONS.values()), (
        "every kind of move needs its pair here: can_x and the move x, with "
        "arguments drawn above"
    )
    for answer, move in pairs.values():
        assert answer == succeeds(move)


def _snake(name: str) -> str:
    """``LayPhase`` -> ``lay_phase``: a move record's name as its function's."""
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name).lstrip("_")


MOVE_FUNCTIONS = {record: _snake(record.__name__) for record in MOVES}
"""Each kind of move's function name, from its record's name."""


def test_every_kind_of_move_has_its_function_judge_and_query() -> None:
    """For each row of the table of moves: x, verify_x and can_x are public."""
    for record, name in MOVE_FUNCTIONS.items():
        for public in (name, f"verify_{name}", f"can_{name}"):
            assert public in phase10.__all__, f"{record.__name__} lacks {public}"
            assert callable(getattr(phase10, public))
    assert MOVE_FUNCTIONS[LayPhase] == "lay_phase"


@given(state=game_states(), seed=st.integers(0, 2**32))
@settings(suppress_health_check=SLOW)
@pytest.mark.rule("R20", "R44", "R46", "R47", "R50")
def test_can_x_of_each_listed_move_is_true(state: GameState, seed: int) -> None:
    """Every move legal_actions lists passes its kind's can_x, fields as arguments."""
    for move in legal_actions(state):
        query = getattr(phase10, f"can_{MOVE_FUNCTIONS[type(move)]}")
        assert query(state, **attrs.asdict(move, recurse=False)), move


@pytest.mark.rule("R21")
def test_verify_apply_raises_what_apply_raises() -> None:
    """verify_apply raises the very refusal apply raises, and refuses non-moves."""
    state = deal(["Y1", "R5"], starter="Y9")
    with pytest.raises(IllegalMove, match="must draw") as checked:
        verify_apply(state, Discard("R5"))
    with pytest.raises(IllegalMove, match="must draw") as made:
        apply(state, Discard("R5"))
    assert str(checked.value) == str(made.value)
    with pytest.raises(UsageError, match="not a move"):
        verify_apply(state, "draw")  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="not a move"):
        can_apply(state, "draw")  # type: ignore[arg-type]
    assert not can_discard(state, "Z9")
    with pytest.raises(UsageError, match="not the single text"):
        can_lay_phase(state, "R5 B5 G5")


@pytest.mark.rule("R21", "R26", "R30", "R32")
@pytest.mark.parametrize(
    ("make", "fragment", "error"),
    [
        (lambda: Draw("pile"), "'draw' or 'discard'", NotationError),
        (lambda: Draw(5), "'draw' or 'discard'", UsageError),  # type: ignore[arg-type]
        (lambda: Hit("W", True), "group's number is a whole number", UsageError),
        (lambda: Hit("W", 0, "middle"), "'low' or 'high'", NotationError),
        (lambda: Hit("W", 0, 5), "'low' or 'high'", UsageError),  # type: ignore[arg-type]
        (lambda: Skip(True), "target seat is a whole number or None", UsageError),
        (lambda: Skip(1.0), "target seat is a whole number or None", UsageError),  # type: ignore[arg-type]
        (lambda: LayPhase(5), "a list of groups, not 5", UsageError),  # type: ignore[arg-type]
        (lambda: LayPhase([5]), "a group of cards, not 5", UsageError),  # type: ignore[list-item]
        (lambda: LayPhase("R5 B5 G5"), "not the single text", UsageError),
        (
            lambda: Discard(None),
            "a card is a Card or its notation .*not None",
            UsageError,
        ),
        (lambda: Discard("R13"), "'R13' is not a card", NotationError),
    ],
)
def test_a_malformed_move_record_is_refused_when_made(
    make: Callable[[], Action], fragment: str, error: type[Exception]
) -> None:
    """A move record with a field of the wrong type raises UsageError at once,
    and one with a text that names nothing, NotationError."""
    with pytest.raises(error, match=fragment):
        make()


@pytest.mark.rule("R21", "R32")
def test_move_records_read_pile_and_end_names() -> None:
    """Draw("discard") and Hit(..., end="low") mean Pile.DISCARD and End.LOW."""
    assert Draw(" Discard") == Draw(Pile.DISCARD)
    assert Hit("W", 0, "low") == Hit(WILD, 0, End.LOW)
    assert Hit("W", 0).end is None


# --- views -------------------------------------------------------------------


@given(state=game_states(), seed=st.integers(0, 2**32))
@settings(suppress_health_check=SLOW)
@pytest.mark.rule("R20", "R41")
def test_a_view_of_the_player_to_act_has_the_same_moves(
    state: GameState, seed: int
) -> None:
    """Legality never depends on hidden cards: the acting seat's view lists
    the same moves and judges moves alike; other views list nothing in turn."""
    listed = legal_actions(state)
    in_turn = state.step in (Step.DRAW, Step.PLAY, Step.CHOOSE)
    for seat in [None, *range(len(state.players))]:
        seen = view(state, seat)
        if seat == state.current or not in_turn:
            assert legal_actions(seen) == listed
        else:
            assert legal_actions(seen) == ()
    mine = view(state, state.current)
    others = [view(state, s) for s in range(len(state.players)) if s != state.current]
    for action in candidate_moves(state, random.Random(seed))[:40] + list(listed):
        assert can_apply(mine, action) == can_apply(state, action)
        for seen in [*others, view(state, None)]:
            assert can_apply(seen, action) == (not in_turn and can_apply(state, action))


@pytest.mark.rule("R20")
def test_a_view_checks_only_its_own_seat() -> None:
    """A view cannot be asked about another seat's move, and a spectator has none."""
    state = deal(["Y1 Y2", "R5 B5"], starter="Y9")
    mine = view(state, 1)
    assert can_draw(mine) and can_draw(mine, player=1)
    assert not can_draw(mine, player=0)
    assert not can_draw(view(state, 0))
    assert not can_draw(view(state, None))
    with pytest.raises(IllegalMove, match="spectator"):
        verify_apply(view(state, None), Draw())


# --- known positions (perft) -------------------------------------------------


@pytest.mark.rule("R21", "R22", "R23", "R27")
def test_the_first_draw_of_a_fresh_deal() -> None:
    """A fresh deal's first player may draw from either pile, unless the
    starter is a Skip (or a Wild the rules keep in the pile)."""
    for seed in range(30):
        state = new_game(2, seed=seed)
        expected = 1 if state.discard_pile[0].is_skip else 2
        assert len(legal_actions(state)) == expected
    assert legal_actions(deal(["Y1", "Y2"], starter="Y9")) == (
        Draw(Pile.DRAW),
        Draw(Pile.DISCARD),
    )
    skipped = deal(["Y1", "Y2", "Y3"], starter="S")  # seat 1 loses the turn
    assert skipped.current == 2
    assert legal_actions(skipped) == (Draw(Pile.DRAW),)
    kept = deal(["Y1", "Y2"], starter="W", rules=Rules(wild_from_discard=False))
    assert legal_actions(kept) == (Draw(Pile.DRAW),)
    assert len(legal_actions(deal(["Y1", "Y2"], starter="W"))) == 2


def on_phase(state: GameState, seat: int, completed: int) -> GameState:
    """``state`` with ``seat`` moved on to phase ``completed + 1``."""
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], completed=completed)
    return attrs.evolve(state, players=tuple(players))


@pytest.mark.rule("R5", "R10", "R11", "R15", "R21")
def test_perft_two_sets_of_three() -> None:
    """Phase 1 with 5 5 5 7 7 W: one lay, eleven discards; after it, five discards."""
    hands = ["Y1 Y2", "R5 B5 G5 R7 B7 Y9 Y10 G11 G12 B1"]
    state = draw(deal(hands, starter="Y3", draw_top="W"))
    listed = legal_actions(state)
    assert listed[0] == LayPhase(["R5 B5 G5", "R7 B7 W"])
    assert [type(a) for a in listed] == [LayPhase] + [Discard] * 11
    laid = apply(state, listed[0])
    assert legal_actions(laid) == tuple(
        Discard(c) for c in parse_cards("B1 Y9 Y10 G11 G12")
    )


@pytest.mark.rule("R5", "R6", "R10", "R11", "R14")
def test_perft_a_set_and_a_run() -> None:
    """Phase 2 from 5 5 5 3 4 6 9 10 11 12 W: 13 lays (counted by hand), 11 discards.

    Runs of 4 (a natural card in each group, one Wild): W-3-4-5 (3 ways for
    the 5), 3-4-5-6 (3), with the Wild for one of them (3+3+1+3), 4-5-6-W
    (3), W-9-10-11 (1), 9-10-11-12 (1) and with the Wild for one (4): 25.
    With the set 5 5 5 (no Wild) the run holds no 5: 3-4-W-6, W-9-10-11 and
    the five 9-12 runs, 7 lays; with a set of two 5s and the Wild (3 ways),
    the run is 3-4-5-6 with the other 5, or 9-10-11-12: 6 lays.
    """
    hands = ["Y1 Y2", "R5 B5 G5 R3 B4 G6 Y9 Y10 G11 B12"]
    state = on_phase(draw(deal(hands, starter="Y3", draw_top="W")), 1, completed=1)
    listed = legal_actions(state)
    lays = [a for a in listed if isinstance(a, LayPhase)]
    assert len(lays) == 13
    assert len(listed) == 13 + 11
    assert LayPhase(["R5 B5 G5", "R3 B4 W G6"]) in lays
    assert LayPhase(["R5 B5 W", "R3 B4 G5 G6"]) in lays
    assert LayPhase(["R5 B5 G5", "R3 B4 G5 G6"]) not in lays


@pytest.mark.rule("R26", "R30", "R32")
def test_perft_hits_discards_and_skips() -> None:
    """After laying 10 10 10 and 3-4-5-6 with W R2 Y7 S left (three players):
    W on the set, W at either end of the run, R2 below, Y7 above (5 hits),
    three discards and a Skip against each other seat (2): 10 moves."""
    hands = ["Y1 Y2", "R10 B10 G10 R3 B4 R5 G6 W R2 S", "B1 B2"]
    state = on_phase(draw(deal(hands, starter="Y3", draw_top="Y7")), 1, completed=1)
    laid = lay_phase(state, ["R10 B10 G10", "R3 B4 R5 G6"])
    assert legal_actions(laid) == (
        Hit("R2", 1),
        Hit("Y7", 1),
        Hit("W", 0),
        Hit("W", 1, End.LOW),
        Hit("W", 1, End.HIGH),
        Discard("R2"),
        Discard("Y7"),
        Discard("W"),
        Skip(0),
        Skip(2),
    )
    # The Wild with no end named goes high: the same move as End.HIGH.
    assert hit(laid, "W", 1) == hit(laid, "W", 1, end=End.HIGH)


@pytest.mark.rule("R29")
def test_perft_a_skip_against_nobody() -> None:
    """When nobody may be targeted, the one Skip listed is Skip(None)."""
    rules = Rules(skip_limit=SkipLimit.PER_HAND)
    state = deal(["R1", "S S B4"], starter="Y9", draw_top="Y1 Y2 Y3", rules=rules)
    state = draw(skip(draw(state), 0))  # seat 1 again, seat 0 already skipped
    skips = [a for a in legal_actions(state) if isinstance(a, Skip)]
    assert skips == [Skip(None)]


@given(seed=st.integers(0, 2**32))
@settings(max_examples=fewer(10, 5))
@pytest.mark.rule("R36", "R37")
def test_after_a_hand_only_the_next_deal_and_after_the_game_nothing(
    seed: int,
) -> None:
    """A finished hand offers only NextHand, to every view; a finished game nothing."""
    rng = random.Random(seed)
    state = new_game(2, Rules.first_phases(1), seed=seed)
    while state.step is not Step.GAME_OVER:
        if state.step is Step.HAND_OVER:
            assert legal_actions(state) == (NextHand(),)
            assert legal_actions(view(state, None)) == (NextHand(),)
        state = play(state, rng, 1, 0.0)
    assert legal_actions(state) == ()
    assert legal_actions(view(state, 0)) == ()
    assert not can_next_hand(state)


# --- house rules through the whole library ------------------------------------


@pytest.mark.rule("R42", "R43", "R30", "R32")
def test_house_rules_through_lay_hit_listing_json_and_views() -> None:
    """A wrapping run and an even group laid, hit and listed under the house
    rules: the moves listed are those accepted, the table reads back from
    JSON, check_state accepts it, and each seat's view and text agree."""
    rules = Rules(phases=["1 run of 4 + 3 even cards"], wrap_runs=True)
    hands = ["Y3 Y5", "R11 B12 G1 Y2 R4 B6 G8 W B10 R7", "B3 B5"]
    state = draw(deal(hands, rules=rules, starter="Y9", draw_top="G10"))
    lays = [a for a in legal_actions(state) if isinstance(a, LayPhase)]
    assert LayPhase(["R11 B12 G1 Y2", "R4 B6 G8"]) in lays
    # Not listed, and refused, without the house rule.
    plain = attrs.evolve(state, rules=Rules(phases=["1 run of 4 + 3 even cards"]))
    assert not can_lay_phase(plain, ["R11 B12 G1 Y2", "R4 B6 G8"])
    laid = lay_phase(state, ["R11 B12 G1 Y2", "R4 B6 G8"])
    run, even = laid.table
    assert (run.low, run.high, even.kind) == (11, 2, GroupKind.EVEN)
    assert [number for number, _ in run.stands_for()] == [11, 12, 1, 2]
    listed = legal_actions(laid)
    hits = {(a.card, a.meld, a.end) for a in listed if isinstance(a, Hit)}
    assert hits == {
        (Card.parse("B10"), 0, None),
        (Card.parse("G10"), 0, None),
        (Card.parse("B10"), 1, None),
        (Card.parse("G10"), 1, None),
        (WILD, 0, End.LOW),
        (WILD, 0, End.HIGH),
        (WILD, 1, None),
    }
    for action in candidate_moves(laid, random.Random(3)):
        assert (outcome(laid, action) is not None) == is_listed(laid, action, listed)
    low = hit(laid, "W", 0, end=End.LOW)
    assert (low.table[0].low, low.table[0].high) == (10, 2)
    check_state(low)
    assert from_json(to_json(low), GameState) == low
    for seat in range(3):
        assert from_json(to_json(view(low, seat)), PlayerView) == view(low, seat)
    text = str(view(low, 0))
    assert "run 10-2" in text and "even cards" in text
    picture = svg.view(view(low, 0))
    assert "run 10-2" in picture and "even cards" in picture


@pytest.mark.rule("R42", "R32")
def test_the_number_a_wrapping_run_of_11_lacks_is_listed_at_both_ends() -> None:
    """A run of 11 that may wrap lacks one number, which follows on at both
    ends: both hits are listed, and they make different runs."""
    rules = Rules(phases=["1 run of 11"], wrap_runs=True, hand_size=12)
    hands = ["Y3 Y5", "R1 B2 G3 Y4 R5 B6 G7 Y8 R9 B10 G11 B12", "B3 B5"]
    state = draw(deal(hands, rules=rules, starter="Y9", draw_top="G12"))
    laid = lay_phase(state, ["R1 B2 G3 Y4 R5 B6 G7 Y8 R9 B10 G11"])
    listed = [a for a in legal_actions(laid) if isinstance(a, Hit)]
    assert Hit("B12", 0, End.LOW) in listed and Hit("B12", 0, End.HIGH) in listed
    low = hit(laid, "B12", 0, end=End.LOW).table[0]
    high = hit(laid, "B12", 0, end=End.HIGH).table[0]
    assert (low.low, low.high, high.low, high.high) == (12, 11, 1, 12)
