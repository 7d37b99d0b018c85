"""The limits on what the engine accepts, and the bounded cost they buy (R17).

Each limit takes its largest value and refuses one more, with a message
that names it. The bound on the number of minimal lays never falls short
of the lays a hand has, so ``legal_actions`` never lists more than
``MAX_LISTED_LAYS``; and the packing of card counts in the lay listing holds for
any number of cards of one face.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import group_specs, hands, phase_specs

from phase10 import (
    FACES,
    MAX_DECK_SIZE,
    MAX_GROUPS,
    MAX_HAND_SIZE,
    MAX_LISTED_LAYS,
    MAX_PHASE_CARDS,
    MAX_PHASE_TEXT,
    MAX_PHASES,
    MAX_PLAYERS,
    STANDARD_PHASES,
    WILD,
    Card,
    GameState,
    GroupKind,
    GroupSpec,
    IllegalMove,
    LayPhase,
    NaturalRule,
    NotationError,
    PhaseSpec,
    Rules,
    RulesError,
    can_lay_phase,
    draw,
    find_phase,
    legal_actions,
    new_game,
    parse_cards,
    standard_deck,
)
from phase10._lay_bounds import most_groups, most_lays
from phase10._lays import _groups_for, minimal_lays
from phase10._moves.lay import _laid
from phase10._solver import solve

BIG_DECK = standard_deck() * 2  # 216 cards: two official decks


def holding(rules: Rules, hand: Sequence[Card]) -> GameState:
    """A PLAY step of a new game in which the player to act holds ``hand``."""
    state = draw(new_game(rules.min_players, rules, seed=5))
    players = list(state.players)
    players[state.current] = attrs.evolve(players[state.current], hand=tuple(hand))
    return attrs.evolve(state, players=tuple(players))


# --- each limit: the largest value works, one more is refused ------------------


@pytest.mark.rule("R17", "R19")
def test_hand_size_is_at_most_max_hand_size() -> None:
    """Hands of MAX_HAND_SIZE cards are dealt; one card more is refused."""
    rules = Rules(phases=["2 sets of 10"], hand_size=MAX_HAND_SIZE, max_players=2)
    state = new_game(2, rules, seed=1)
    assert [len(player.hand) for player in state.players] == [MAX_HAND_SIZE] * 2
    with pytest.raises(RulesError, match=rf"hand_size must be 1 to {MAX_HAND_SIZE}"):
        Rules(phases=["2 sets of 10"], hand_size=MAX_HAND_SIZE + 1, max_players=2)


@pytest.mark.rule("R3", "R17")
def test_players_are_at_most_max_players() -> None:
    """MAX_PLAYERS may sit at a big enough deck; one more is refused."""
    rules = Rules(max_players=MAX_PLAYERS, deck=BIG_DECK)
    assert len(new_game(MAX_PLAYERS, rules, seed=1).players) == MAX_PLAYERS
    with pytest.raises(RulesError, match=rf"max_players must be 2 to {MAX_PLAYERS}"):
        Rules(max_players=MAX_PLAYERS + 1, deck=standard_deck() * 3)


@pytest.mark.rule("R9", "R17")
def test_phase_lists_hold_at_most_max_phases() -> None:
    """A rule set lists up to MAX_PHASES phases, and no more."""
    phases = (STANDARD_PHASES * 5)[:MAX_PHASES]
    assert len(Rules(phases=phases).phases) == MAX_PHASES
    with pytest.raises(RulesError, match=rf"at most {MAX_PHASES} phases, not 51"):
        Rules(phases=[*phases, STANDARD_PHASES[0]])


@pytest.mark.rule("R2", "R17")
def test_decks_hold_at_most_max_deck_size() -> None:
    """A deck of MAX_DECK_SIZE cards is taken, as cards or as text; one more
    card is refused, before a text is read card by card."""
    deck = (standard_deck() * 10)[:MAX_DECK_SIZE]
    assert len(Rules(deck=deck).deck) == MAX_DECK_SIZE
    text = " ".join(str(card) for card in deck)
    assert len(Rules(deck=text).deck) == MAX_DECK_SIZE
    with pytest.raises(RulesError, match="at most 1,000 cards, not 1,001"):
        Rules(deck=(*deck, WILD))
    with pytest.raises(RulesError, match="at most 1,000 cards, not 1,001"):
        Rules(deck=text + ",W")
    with pytest.raises(RulesError, match="at most 1,000 cards"):
        Rules(deck="W " * 1_000_000)


@pytest.mark.rule("R4", "R17")
def test_phase_text_is_at_most_max_phase_text() -> None:
    """PhaseSpec.parse reads MAX_PHASE_TEXT characters and refuses more."""
    text = "2 sets of 3".ljust(MAX_PHASE_TEXT)
    assert PhaseSpec.parse(text) == STANDARD_PHASES[0]
    with pytest.raises(NotationError, match="at most 1000 characters, not 1,001"):
        PhaseSpec.parse(text + " ")
    with pytest.raises(NotationError, match="at most 1000 characters"):
        PhaseSpec.parse("1 set of 3 + " * 1_000_000)


@pytest.mark.rule("R4", "R17")
def test_phases_hold_at_most_max_groups_and_max_phase_cards() -> None:
    """A phase of MAX_GROUPS groups and MAX_PHASE_CARDS cards is made and
    solved; one group or one card more is refused, from text as from data."""
    phase = PhaseSpec.parse("2 sets of 5 + 1 run of 6 + 5 cards of one color")
    assert len(phase.groups) == MAX_GROUPS
    assert phase.min_cards == MAX_PHASE_CARDS
    assert find_phase(BIG_DECK, phase) is not None
    with pytest.raises(NotationError, match="at most 4 groups"):
        PhaseSpec.parse("2 sets of 5 + 1 run of 5 + 4 cards of one color + 1 set of 1")
    with pytest.raises(NotationError, match="at most 21 cards in all"):
        PhaseSpec.parse("2 sets of 5 + 1 run of 6 + 6 cards of one color")
    with pytest.raises(RulesError, match="at most 21 cards"):
        GroupSpec(GroupKind.COLOR, MAX_PHASE_CARDS + 1)


@pytest.mark.rule("R9", "R17")
def test_the_official_phases_fit_hands_of_up_to_fourteen_cards() -> None:
    """The lay bound lets the official phases be dealt 14 cards, not 15, and
    says why it refuses."""
    assert Rules(hand_size=14).hand_size == 14
    with pytest.raises(RulesError) as refused:
        Rules(hand_size=15)
    message = str(refused.value)
    assert "1 set of 3 + 1 run of 4" in message
    assert f"{MAX_LISTED_LAYS:,} that legal_actions goes through" in message
    assert "from one hand of 16 cards" in message


@pytest.mark.rule("R7", "R17")
def test_a_phase_with_too_many_lays_is_refused() -> None:
    """Three colour groups of different sizes: 69,300 lays from 11 cards."""
    phase = "2 cards of one color + 4 cards of one color + 3 cards of one color"
    hand = parse_cards("G1 G3 G4 G5 G6 G7 G8 G9 G11 G12 W")
    spec = PhaseSpec.parse(phase)
    assert len(minimal_lays(hand, spec, NaturalRule.NONE)) == 69_300
    assert most_lays(spec, 11, NaturalRule.NONE) == 69_300
    with pytest.raises(RulesError, match="as many as 69,300 ways"):
        Rules(phases=[phase], naturals=NaturalRule.NONE)
    # With a smaller hand the same phase is accepted.
    assert Rules(phases=[phase], hand_size=9, naturals=NaturalRule.NONE)


@pytest.mark.rule("R17")
def test_common_custom_phases_fit_the_official_hand() -> None:
    """Custom phases players use are accepted with ten-card hands."""
    for phase in (
        "3 sets of 3",
        "4 sets of 2",
        "2 runs of 4",
        "1 run of 9",
        "1 set of 3 + 1 run of 3 + 3 cards of one color",
        "2 runs of 4 of one color",
        "1 set of 4 + 1 run of 4 + 1 set of 2",
    ):
        for naturals in NaturalRule:
            assert Rules(phases=[phase], naturals=naturals)


# --- the bound on lays -----------------------------------------------------------


@settings(max_examples=300)
@given(
    phase=phase_specs(max_groups=3, max_cards=9),
    hand=st.one_of(hands(max_size=11), st.lists(st.sampled_from(FACES), max_size=11)),
    naturals=st.sampled_from(NaturalRule),
    wrap=st.booleans(),
)
@pytest.mark.rule("R4", "R14", "R17", "R42", "R43")
def test_the_lay_bound_is_never_below_the_lays(
    phase: PhaseSpec, hand: list[Card], naturals: NaturalRule, wrap: bool
) -> None:
    """most_lays is at least the minimal lays of any hand of that size, with
    runs wrapping from 12 to 1 or not, even and odd groups among the kinds."""
    lays = minimal_lays(hand, phase, naturals, wrap=wrap)
    assert len(lays) <= most_lays(phase, len(hand), naturals, wrap=wrap)


@settings(max_examples=300)
@given(
    group=group_specs(max_size=9),
    hand=st.one_of(hands(max_size=14), st.lists(st.sampled_from(FACES), max_size=14)),
    naturals=st.sampled_from(NaturalRule),
    wrap=st.booleans(),
)
@pytest.mark.rule("R5", "R6", "R7", "R8", "R17", "R42", "R43")
def test_the_group_bound_is_never_below_the_groups(
    group: GroupSpec, hand: list[Card], naturals: NaturalRule, wrap: bool
) -> None:
    """most_groups is at least the groups a requirement has in any hand,
    runs wrapping from 12 to 1 or not."""
    counts = [0] * len(FACES)
    for card in hand:
        if not card.is_skip:
            counts[card.index] += 1
    per_group = naturals is NaturalRule.PER_GROUP
    listed = _groups_for(group.kind, group.size, counts, per_group, wrap)
    assert len(listed) <= most_groups(group, len(hand), naturals, wrap=wrap)


@pytest.mark.rule("R7", "R17")
def test_a_phase_whose_groups_are_too_many_is_refused() -> None:
    """A colour group of 10 from 21 cards might be made 352,716 ways."""
    phase = "1 set of 11 + 10 cards of one color"
    with pytest.raises(RulesError, match=r"a group of phase 1 .* 352,716 ways"):
        Rules(phases=[phase], hand_size=20, max_players=2)
    smaller = "1 set of 8 + 7 cards of one color"
    assert Rules(phases=[smaller], hand_size=14, max_players=2)


@pytest.mark.rule("R4", "R14", "R17")
def test_the_lay_bound_holds_for_crowded_hands() -> None:
    """Hands crowded into a few faces, with many Wilds, as a search for the
    most lays finds them, stay within the bound."""
    rng = random.Random(29)
    naturals = list(NaturalRule)
    for _ in range(300):
        size = rng.randint(6, 13)
        numbers = rng.sample(range(1, 13), rng.randint(1, 5))
        colors = rng.sample(range(4), rng.randint(1, 4))
        pool = [FACES[(n - 1) * 4 + c] for n in numbers for c in colors]
        hand = [WILD] * rng.randint(0, size // 2)
        hand += [rng.choice(pool) for _ in range(size - len(hand))]
        count = rng.randint(1, 3)
        groups = [
            GroupSpec(rng.choice(list(GroupKind)), rng.randint(1, 4))
            for _ in range(count)
        ]
        phase = PhaseSpec(groups)
        if phase.min_cards > size:
            continue
        rule = rng.choice(naturals)
        assert len(minimal_lays(hand, phase, rule)) <= most_lays(phase, size, rule)
        found = minimal_lays(hand, phase, rule, wrap=True)
        assert len(found) <= most_lays(phase, size, rule, wrap=True)


@pytest.mark.rule("R17", "R43")
def test_even_groups_with_too_many_lays_are_refused() -> None:
    """Even groups share one pool of 24 faces, so they can be laid in many
    ways: a phase whose lays from one hand pass the limit is refused, and a
    hand that lays it that many ways exists."""
    phase = "2 even cards + 4 even cards + 3 even cards"
    hand = parse_cards("R2 B2 R4 B4 R6 B6 R8 B8 R10 B10 W")
    spec = PhaseSpec.parse(phase)
    lays = len(minimal_lays(hand, spec, NaturalRule.NONE))
    assert lays > MAX_LISTED_LAYS
    assert lays <= most_lays(spec, 11, NaturalRule.NONE)
    with pytest.raises(RulesError, match="might be laid"):
        Rules(phases=[phase], naturals=NaturalRule.NONE)
    assert Rules(phases=["8 even cards", "2 odd cards + 3 even cards"])


@pytest.mark.rule("R17", "R42")
def test_wrapping_runs_are_bounded_round_the_corner() -> None:
    """Runs that wrap from 12 to 1 start at any of the twelve numbers, so
    a hand round the corner lays more runs with the option than without, and
    the bound still covers them."""
    spec = PhaseSpec.parse("1 run of 3 + 1 run of 3")
    hand = parse_cards("R11 B11 R12 B12 R1 B1 R2 B2 W W")
    plain = minimal_lays(hand, spec, NaturalRule.NONE)
    wrapped = minimal_lays(hand, spec, NaturalRule.NONE, wrap=True)
    assert len(plain) < len(wrapped) <= most_lays(spec, 10, NaturalRule.NONE, wrap=True)
    assert most_lays(spec, 10, NaturalRule.NONE) <= most_lays(
        spec, 10, NaturalRule.NONE, wrap=True
    )


@pytest.mark.rule("R4", "R17")
def test_the_lay_bound_is_exact_where_it_can_be() -> None:
    """For colour groups of one colour's distinct cards the bound is attained."""
    spec = PhaseSpec.parse("3 cards of one color + 4 cards of one color")
    hand = parse_cards("G1 G2 G3 G4 G5 G6 G7 G8 G9 G10 G11 W")
    assert len(minimal_lays(hand, spec, NaturalRule.NONE)) == 27_720
    assert most_lays(spec, 12, NaturalRule.NONE) == 27_720


@pytest.mark.rule("R17")
def test_a_phase_that_cannot_fit_the_hand_has_no_lays() -> None:
    """A phase of more cards than the hand holds has a bound of nothing."""
    assert most_lays(PhaseSpec.parse("1 run of 9"), 8, NaturalRule.PER_GROUP) == 0


# --- listing stays complete and quick at the limits -------------------------------


@pytest.mark.rule("R4", "R14", "R17")
def test_legal_actions_lists_every_lay_at_the_largest_count_of_one_face() -> None:
    """A hand of hand_size + 1 copies of one face (the most a game deals)
    lists its lay, as can_lay_phase accepts it."""
    deck = parse_cards("R5 " * 50 + "B1 " * 50)
    rules = Rules(
        phases=["2 sets of 10"], hand_size=MAX_HAND_SIZE, deck=deck, max_players=2
    )
    hand = parse_cards("R5 " * (MAX_HAND_SIZE + 1))
    state = holding(rules, hand)
    lays = [a.groups for a in legal_actions(state) if isinstance(a, LayPhase)]
    assert lays == [(hand[:10], hand[:10])]
    assert can_lay_phase(state, lays[0])


@pytest.mark.rule("R4", "R14")
@pytest.mark.parametrize("copies", [127, 128, 129, 255, 256, 1000])
def test_lays_are_listed_for_any_count_of_one_face(copies: int) -> None:
    """The packing of counts widens with the count: 129 or more cards of one
    face list their lays as a few do."""
    r5, w = parse_cards("R5 W")
    hand = [r5] * copies + [w]
    spec = PhaseSpec.parse("1 set of 3 + 1 set of 2")
    got = minimal_lays(hand, spec, NaturalRule.PER_GROUP)
    assert got == [
        ((r5, r5, r5), (r5, r5)),
        ((r5, r5, r5), (r5, w)),
        ((r5, r5, w), (r5, r5)),
    ]


@pytest.mark.rule("R17", "R19")
def test_a_hand_no_game_deals_is_refused_by_legal_actions() -> None:
    """A hand of more than hand_size + 1 cards has no listing: IllegalMove."""
    rules = Rules()
    hand = parse_cards("R1 B1 G1 Y1 R2 B2 G2 Y2 R3 B3 G3 Y3")
    state = holding(rules, hand)
    with pytest.raises(IllegalMove, match="holds 12 cards"):
        legal_actions(state)
    assert legal_actions(holding(rules, hand[:11]))


@pytest.mark.rule("R4")
def test_lays_made_without_checks_equal_checked_ones() -> None:
    """The listing's fast LayPhase equals LayPhase(groups) in every way."""
    assert [field.name for field in attrs.fields(LayPhase)] == ["groups"]
    groups = (tuple(parse_cards("R5 B5 W")), tuple(parse_cards("Y7 R7 W")))
    fast, checked = _laid(groups), LayPhase(groups)
    assert fast == checked
    assert hash(fast) == hash(checked)
    assert repr(fast) == repr(checked)


@pytest.mark.slow
@pytest.mark.rule("R17")
def test_the_issues_slow_inputs_are_now_refused_or_bounded() -> None:
    """The inputs that once took seconds are refused, or list at most
    MAX_LISTED_LAYS lays (benchmarks/worst_case.py times them)."""
    with pytest.raises(RulesError):
        Rules(hand_size=53, max_players=2)
    eight = (
        "1 set of 2 + 1 run of 10 of one color + 1 run of 2 + 1 run of 5 + "
        "1 run of 8 + 1 set of 7 + 5 cards of one color + 1 run of 11 of one color"
    )
    with pytest.raises(NotationError):
        PhaseSpec.parse(eight)
    rng = random.Random(7)
    deck = list(standard_deck())
    for text in ("3 sets of 3", "1 run of 9", "2 runs of 4"):
        phase = PhaseSpec.parse(text)
        hand_size = max(
            size
            for size in range(1, MAX_HAND_SIZE + 1)
            if most_lays(phase, size + 1, NaturalRule.PER_GROUP) <= MAX_LISTED_LAYS
        )
        rules = Rules(phases=[phase], hand_size=hand_size, max_players=2)
        for _ in range(20):
            rng.shuffle(deck)
            state = holding(rules, deck[: hand_size + 1])
            listed = legal_actions(state)
            lays = [move for move in listed if isinstance(move, LayPhase)]
            assert len(lays) <= MAX_LISTED_LAYS


@pytest.mark.rule("R2", "R17")
def test_the_deck_check_reads_at_most_min_cards_of_each_face() -> None:
    """Cutting a deck down to min_cards of each face never changes whether
    it makes a phase."""
    rng = random.Random(41)
    for _ in range(200):
        deck = [rng.choice(FACES) for _ in range(rng.randint(1, 60))]
        deck += [deck[0]] * rng.randint(0, 30)
        count = rng.randint(1, 3)
        phase = PhaseSpec(
            [
                GroupSpec(rng.choice(list(GroupKind)), rng.randint(1, 5))
                for _ in range(count)
            ]
        )
        cut: list[Card] = []
        for face in FACES:
            cut += [face] * min(deck.count(face), phase.min_cards)
        for naturals in NaturalRule:
            whole = solve(deck, phase, naturals) is None
            assert whole == (solve(cut, phase, naturals) is None)
