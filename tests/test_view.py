"""What one seat may see of a game: everything public, and no secret (R41).

The seed, the order of the draw pile and the other players' hands are
secrets. The strongest check here builds two states that differ only in
secrets and asserts that every seat's view of them, the view's dict and
JSON, and every refusal of a move made from that seat, are identical.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scenarios import deal
from strategies import rules_records

from phase10 import (
    FACES,
    PRESETS,
    Card,
    End,
    GameState,
    GroupKind,
    Meld,
    NextHand,
    NoSuchSeat,
    Phase10Error,
    Pile,
    PlayerView,
    Rules,
    Step,
    UsageError,
    apply,
    apply_with_events,
    discard,
    draw,
    format_cards,
    hit,
    lay_phase,
    legal_actions,
    new_game,
    parse_cards,
    skip,
    view,
)
from phase10._serialize import from_json, to_dict, to_json
from phase10.bots import GreedyBot


@st.composite
def game_states(draw: st.DrawFn) -> GameState:
    """A state reached by bots under random rules, with a large random seed.

    The seed is at least 2**64, so its decimal and hex forms (20 and 17
    digits or more) cannot turn up in a view by chance.
    """
    rules = draw(rules_records())
    players = draw(st.integers(rules.min_players, rules.max_players))
    seed = draw(st.integers(2**64, 2**160))
    moves = draw(st.integers(0, 400))
    state = new_game(players, rules, seed=seed)
    bot = GreedyBot(random.Random(seed))
    for _ in range(moves):
        if state.is_over:
            break
        state = apply(state, bot.choose(state))
    return state


def seats(state: GameState) -> list[int | None]:
    """Every seat, and ``None`` for a spectator."""
    return [None, *range(len(state.players))]


# --- what a view shows ---------------------------------------------------------------


@given(state=game_states())
@settings(suppress_health_check=[HealthCheck.too_slow])
@pytest.mark.rule("R41")
def test_a_view_shows_everything_public(state: GameState) -> None:
    """A view holds the seat's hand and every public fact of the state."""
    for seat in seats(state):
        seen = view(state, seat)
        assert seen.seat == seat
        assert seen.hand == (() if seat is None else state.players[seat].hand)
        assert len(seen.players) == len(state.players)
        for public, player in zip(seen.players, state.players, strict=True):
            assert public.name == player.name
            assert public.hand_size == len(player.hand)
            assert public.completed == player.completed
            assert public.laid_down == player.laid_down
            assert public.score == player.score
            assert public.skips_pending == player.skips_pending
            assert public.skipped_in_slot == player.skipped_in_slot
            assert public.known == player.known
        assert seen.rules == state.rules
        assert seen.table == state.table
        assert seen.discard_size == len(state.discard_pile)
        assert seen.discard_top == (
            state.discard_pile[0] if state.discard_pile else None
        )
        assert seen.draw_size == len(state.draw_pile)
        for name in (
            "current",
            "dealer",
            "step",
            "hand_number",
            "winner",
            "turn_slot",
            "laid_this_turn",
            "went_out",
            "hand_points",
            "contenders",
            "tiebreak",
        ):
            assert getattr(seen, name) == getattr(state, name), name
        for other in range(len(state.players)):
            assert seen.phase_of(other) == state.phase_of(other)
            assert seen.phase_number(other) == state.phase_number(other)
        assert seen.is_my_turn == (
            seat == state.current and state.step in (Step.DRAW, Step.PLAY, Step.CHOOSE)
        )


@pytest.mark.rule("R21", "R41")
def test_known_cards_follow_a_taken_discard_until_it_is_played() -> None:
    """Everyone sees a card taken from the discard pile, until its face is played."""
    state = deal(["R1 B2", "B1 Y9 R5 B5 Y8 B8 G8"], starter="G5", draw_top="Y4 Y3")
    G5 = Card.parse("G5")
    assert all(p.known == () for p in view(state, 0).players)
    taken = draw(state, Pile.DISCARD)
    for seat in seats(taken):
        seen = view(taken, seat)
        assert seen.players[1].known == (G5,)
        assert seen.players[0].known == ()
        assert seen.discard_size == 0 and seen.discard_top is None
    # Discarding another card keeps G5 known; laying it down makes it public
    # on the table and no longer a known card in hand.
    kept = discard(taken, "Y9")
    assert view(kept, 0).players[1].known == (G5,)
    assert view(kept, 0).discard_top == Card.parse("Y9")
    turn = draw(discard(draw(kept), "R1"))
    laid = lay_phase(turn, ["R5 B5 G5", "Y8 B8 G8"])
    assert view(laid, 0).players[1].known == ()
    assert G5 in view(laid, 0).table[0].cards
    # Taken and discarded again: known for a moment, then not.
    again = draw(discard(laid, "B1"), Pile.DISCARD)
    assert view(again, 1).players[0].known == (Card.parse("B1"),)
    assert view(discard(again, "B1"), 1).players[0].known == ()


def test_a_spectator_sees_no_hand_and_bad_seats_are_refused() -> None:
    """Seat ``None`` sees no hand; a seat that does not exist raises NoSuchSeat."""
    state = new_game(3, seed=4)
    assert view(state, None).hand == ()
    assert view(state, None).is_my_turn is False
    for bad in (3, -1):
        with pytest.raises(
            NoSuchSeat, match=r"a seat is a whole number from 0 to 2 or None, not "
        ):
            view(state, bad)
    for wrong in (True, "0", 1.0):
        with pytest.raises(UsageError, match=r"a seat is a whole number or None, not"):
            view(state, wrong)  # type: ignore[arg-type]


@pytest.mark.rule("R41")
def test_a_views_document_has_no_secret_field() -> None:
    """A view's dict has no seed, draw pile, shuffle count or other hands."""
    state = new_game(["Ann", "Bob", "Cy"], seed=2**100 + 7)
    data = to_dict(view(state, 1))
    assert data["schema"] == "phase10/view"
    assert not {"seed", "draw_pile", "discard_pile", "shuffles"} & set(data)
    assert all("hand" not in player for player in data["players"])
    assert data["hand"] == [str(card) for card in state.players[1].hand]
    assert data["draw_size"] == len(state.draw_pile)


# --- two states that differ only in secrets ------------------------------------------


def hidden_twin(state: GameState, seat: int | None, rng: random.Random) -> GameState:
    """``state`` with every secret from ``seat`` changed and nothing public.

    Another seed; the draw pile reordered; each other player's hand
    reordered and some of its cards swapped with the draw pile, keeping the
    publicly known cards in the hand; and, where saved cards lie face down
    (R48), some of each other player's saved cards swapped with the draw
    pile too.
    """
    draw_pile = list(state.draw_pile)
    players = list(state.players)
    rules = state.rules
    for other, player in enumerate(players):
        if other == seat:
            continue
        hand = list(player.hand)
        known = Counter(player.known)
        for _ in range(rng.randint(0, len(hand))):
            if not draw_pile:
                break
            place, source = rng.randrange(len(hand)), rng.randrange(len(draw_pile))
            if Counter(hand)[hand[place]] > known[hand[place]]:
                hand[place], draw_pile[source] = draw_pile[source], hand[place]
        rng.shuffle(hand)
        saved = list(player.saved)
        if rules.saved_cards_hidden:
            for place in range(len(saved)):
                if not draw_pile or rng.random() < 0.3:
                    continue
                source = rng.randrange(len(draw_pile))
                if draw_pile[source].is_skip and not rules.save_skips:
                    continue
                saved[place], draw_pile[source] = draw_pile[source], saved[place]
        players[other] = attrs.evolve(player, hand=tuple(hand), saved=tuple(saved))
    rng.shuffle(draw_pile)
    return attrs.evolve(
        state,
        players=tuple(players),
        draw_pile=tuple(draw_pile),
        seed=rng.randrange(2**128),
    )


Move = Callable[[GameState], object]


def bind(move: Callable[..., GameState], *args: Any, **kwargs: Any) -> Move:
    """``move`` with every argument but the state given."""
    return lambda state: move(state, *args, **kwargs)


def attempts(
    state: GameState, seat: int, rng: random.Random
) -> Iterator[tuple[str, Move]]:
    """Moves made for ``seat``, most of them illegal, each with its description."""
    hand = list(state.players[seat].hand) or list(FACES)
    for pile in Pile:
        yield f"draw {pile}", bind(draw, pile, player=seat)
    for _ in range(6):
        card = rng.choice(hand if rng.random() < 0.7 else FACES)
        meld = rng.randrange(-1, len(state.table) + 2)
        end = rng.choice([None, End.LOW, End.HIGH])
        target = rng.choice([None, *range(-1, len(state.players) + 1)])
        groups = [
            rng.sample(hand, min(len(hand), rng.randint(1, 5)))
            for _ in range(rng.randint(1, 3))
        ]
        yield f"discard {card}", bind(discard, card, player=seat)
        yield f"skip {target}", bind(skip, target, player=seat)
        yield f"hit {card} {meld} {end}", bind(hit, card, meld, end=end, player=seat)
        yield f"lay {groups}", bind(lay_phase, groups, player=seat)
    yield "next hand", bind(apply, NextHand(), player=seat)


def outcome(move: Move, state: GameState) -> str:
    """``"ok"``, or the class and message of the refusal."""
    try:
        move(state)
    except Phase10Error as refusal:
        return f"{type(refusal).__name__}: {refusal}"
    return "ok"


def faces_of(seen: PlayerView) -> list[str]:
    """Every text form of a view that might be shown or logged."""
    return [
        repr(seen),
        str(seen),
        to_json(seen),
        to_json(seen, indent=2),
        json.dumps(to_dict(seen), ensure_ascii=False),
    ]


@pytest.mark.slow
@given(state=game_states(), shake=st.integers(0, 2**32))
@settings(suppress_health_check=[HealthCheck.too_slow])
@pytest.mark.rule("R41")
def test_views_do_not_change_when_only_secrets_do(state: GameState, shake: int) -> None:
    """Two states differing only in secrets give identical views, texts and refusals."""
    rng = random.Random(shake)
    for seat in seats(state):
        twin = hidden_twin(state, seat, rng)
        mine, theirs = view(state, seat), view(twin, seat)
        assert mine == theirs
        assert to_dict(mine) == to_dict(theirs)
        assert faces_of(mine) == faces_of(theirs)
        assert from_json(to_json(mine), PlayerView) == theirs
        if seat is None:
            continue
        for described, move in attempts(state, seat, rng):
            assert outcome(move, state) == outcome(move, twin), described


def tell_the_same_and_show_the_same(state: GameState) -> int:
    """Check that legal moves a seat is told alike leave it seeing alike.

    For each other seat and the spectator, the legal moves of the player to
    act are grouped by the events as that seat is told them; within a group
    the seat's views after the moves must be equal (and so its documents,
    texts and the moves it is offered). Returns how many groups held more
    than one move, so that callers can check the search was not empty.
    """
    moves = legal_actions(state)
    outcomes = [apply_with_events(state, move) for move in moves]
    alike = 0
    for seat in seats(state):
        if seat == state.current:
            continue
        groups: dict[tuple[object, ...], PlayerView] = {}
        for after, told in outcomes:
            key = tuple(event.seen_by(seat) for event in told)
            seen = view(after, seat)
            if key not in groups:
                groups[key] = seen
                continue
            alike += 1
            first = groups[key]
            assert seen == first, f"seat {seat} tells apart moves told alike"
            assert to_json(seen) == to_json(first)
            assert str(seen) == str(first)
            if seen.is_my_turn:
                assert legal_actions(seen) == legal_actions(first)
    return alike


@pytest.mark.slow
@given(state=game_states())
@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=40)
@pytest.mark.rule("R41", "R48")
def test_moves_told_alike_leave_every_other_seat_seeing_alike(
    state: GameState,
) -> None:
    """Moves whose events read the same to a seat leave its view the same."""
    tell_the_same_and_show_the_same(state)


@pytest.mark.rule("R41", "R48")
def test_face_down_saves_tell_nobody_which_card_in_whole_games() -> None:
    """In games with face-down saves, saving any card looks the same to others."""
    rules = attrs.evolve(PRESETS["masters"], saved_cards_hidden=True)
    alike = 0
    for seed in range(3):
        state = new_game(3, rules, seed=seed)
        bot = GreedyBot(random.Random(seed))
        for _ in range(150):
            if state.is_over:
                break
            if state.step is Step.PLAY:
                alike += tell_the_same_and_show_the_same(state)
            state = apply(state, bot.choose(state))
    assert alike > 100  # saves told alike were compared


# --- searching for secrets ------------------------------------------------------


def spellings(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    """The ways a sequence of cards is commonly written out."""
    names = [str(card) for card in cards]
    return [
        " ".join(names),
        ", ".join(names),
        ",".join(names),
        json.dumps(names)[1:-1],
        json.dumps(names, separators=(",", ":"))[1:-1],
        repr(tuple(cards))[1:-1].rstrip(","),
    ]


def secrets_of(state: GameState, seat: int | None) -> list[str]:
    """Texts that would give away a secret to ``seat``.

    The seed in decimal and hex; the first six cards of the draw pile in
    order; and, for each other player, the cards of their hand that are not
    publicly known, in order, when there are at least four of them (shorter
    sequences can turn up in public by chance). A sequence that is also
    written out in public, in the rules' deck, on the table or in the
    seat's own hand, is left out: showing it gives nothing away.
    """
    seed = state.seed
    found = [str(seed), f"{seed:x}", f"{seed:X}", hex(seed)]
    if len(state.draw_pile) >= 6:
        found += spellings(state.draw_pile[:6])
    for other, player in enumerate(state.players):
        if other == seat:
            continue
        hidden = list(player.hand)
        for card in player.known:
            hidden.remove(card)
        if len(hidden) >= 4:
            found += spellings(hidden)
    public = [repr(state.rules), to_json(state.rules), repr(state.table)]
    for cards in [meld.cards for meld in state.table]:
        public += spellings(cards)
    if seat is not None:
        public += spellings(state.players[seat].hand)
    return [secret for secret in found if not leaks(public, [secret])]


def leaks(texts: list[str], secrets: list[str]) -> list[str]:
    """The secrets found in any of ``texts``."""
    return [secret for secret in secrets if any(secret in text for text in texts)]


@pytest.mark.slow
@given(state=game_states(), shake=st.integers(0, 2**32))
@settings(suppress_health_check=[HealthCheck.too_slow])
@pytest.mark.rule("R41")
def test_no_secret_appears_in_a_view_or_a_refusal(state: GameState, shake: int) -> None:
    """No view text, and no refusal of a move from that seat, shows a secret."""
    rng = random.Random(shake)
    for seat in seats(state):
        secrets = secrets_of(state, seat)
        seen = view(state, seat)
        texts = faces_of(seen)
        if seat is not None:
            for _, move in attempts(state, seat, rng):
                texts.append(outcome(move, state))
        assert not leaks(texts, secrets), f"seat {seat} can see secrets"


@pytest.mark.rule("R41")
def test_the_secret_search_finds_secrets_in_a_whole_state() -> None:
    """The search is not blind: a whole state's JSON shows all the secrets."""
    state = new_game(4, seed=2**90 + 12345)
    secrets = secrets_of(state, 0)
    whole = to_json(state)
    assert str(state.seed) in whole
    found = leaks([whole], secrets)
    assert str(state.seed) in found
    assert (
        json.dumps([str(c) for c in state.draw_pile[:6]], separators=(",", ":"))[1:-1]
        in found
    )
    assert leaks([format_cards(state.players[2].hand)], secrets)
    assert not leaks(faces_of(view(state, 0)), secrets)


@pytest.mark.rule("R41")
def test_the_repr_of_a_state_is_safe_to_log() -> None:
    """repr() of a state or a player, as logs and tracebacks show them, holds
    no hand, no draw pile and no seed, all along a game."""
    state = new_game(4, seed=2**90 + 777)
    bot = GreedyBot(random.Random(3))
    for _ in range(300):
        if state.step is Step.GAME_OVER:
            break
        texts = [repr(state), *(repr(player) for player in state.players)]
        assert not leaks(texts, secrets_of(state, None))
        assert str(state.seed) not in repr(state)
        state = apply(state, bot.choose(state))


def test_the_repr_of_a_state_says_one_card_and_many_cards() -> None:
    """repr() of a state and of a player gives a count of 1 in the singular
    ("1 card", "1 group", "1 phase", "1 point") and any other in the plural."""
    state = new_game(2, seed=1)
    first = state.players[0]
    one = attrs.evolve(first, hand=first.hand[:1], completed=1, score=1)
    group = Meld(0, GroupKind.SET, parse_cards("R7 B7 W"), 7)
    single = attrs.evolve(
        state,
        players=(one, state.players[1]),
        draw_pile=state.draw_pile[:1],
        table=(group,),
    )
    text = repr(single)
    assert "draw pile 1 card;" in text
    assert "discard pile 1 card, top" in text
    assert "; 1 group on the table;" in text
    assert ": 1 card in hand, 1 phase completed, 1 point>" in text
    many = repr(state)
    assert "draw pile 87 cards;" in many
    assert "; 0 groups on the table;" in many
    assert ": 10 cards in hand, 0 phases completed, 0 points>" in many


@pytest.mark.rule("R41")
def test_a_views_refusals_name_only_public_things() -> None:
    """Refusals of out-of-turn or impossible moves never show another hand."""
    state = new_game(["Ann", "Bob", "Cy"], seed=2**70 + 1, dealer=2)
    hidden = [str(card) for card in state.players[1].hand]
    messages = []
    for move in (
        lambda s: draw(s, player=1),
        lambda s: discard(s, hidden[0], player=1),
        lambda s: hit(s, "W", 0, player=1),
        lambda s: skip(s, 0, player=1),
        lambda s: draw(s, Pile.DISCARD, player=2),
    ):
        messages.append(outcome(move, state))
    assert all(message != "ok" for message in messages[:4])
    assert not leaks(messages, secrets_of(state, 1))
    assert not leaks(messages, spellings(state.players[0].hand[:4]))


def test_rules_views_keep_their_own_deck_public() -> None:
    """A view shows the rules' deck (public), not the order it was dealt in."""
    rules = Rules(hand_size=8)
    state = new_game(2, rules, seed=2**80)
    seen = view(state, 0)
    assert seen.rules.deck == rules.deck
    assert to_dict(seen)["rules"]["deck"] == "standard"
