"""The Masters Edition (R44-R48) and the Skip house rule (R49).

A hand of the edition starts with every player choosing the phase they
attempt (or, in its variant, declaring it in the turn it is laid); a turn
may end by saving a card for a later hand, and a later turn may start by
drawing it back. The arranged deals below give each test exactly the cards
it needs.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from scenarios import all_cards, deal

import phase10
from phase10 import (
    PRESETS,
    Action,
    BadPhaseChoice,
    BadSkipTarget,
    CannotDraw,
    CannotLay,
    CannotSave,
    CardNotInHand,
    CardSaved,
    ChoosePhase,
    Discard,
    Draw,
    DrawSaved,
    GameRecord,
    GameState,
    LayPhase,
    NextHand,
    PhaseChoice,
    PhaseChosen,
    PhaseNotMet,
    Rules,
    RulesError,
    Save,
    SavedCardDrawn,
    Skip,
    Step,
    TurnLost,
    WrongStep,
    apply,
    apply_with_events,
    can_apply,
    check_state,
    check_view,
    determinize,
    from_json,
    legal_actions,
    new_game,
    parse_action,
    replay,
    to_json,
    view,
)
from phase10.bots import GreedyBot

MASTERS = PRESETS["masters"]
DECLARE = PRESETS["masters-declare"]

# Ann (seat 0) holds two sets of 3 (phase 1) and, with a 6, a run of 7
# (phase 4); Bob (seat 1) holds junk and a Skip. Bob deals, so Ann chooses
# and plays first.
ANN = "R3 B3 G3 Y5 R5 G5 W Y1 Y2 Y4"
BOB = "R9 B9 G11 Y12 R12 B10 G8 Y7 S B1"


def dealt(rules: Rules, draw_top: str = "", starter: str = "R1") -> GameState:
    """Ann and Bob's hand under ``rules``, Bob dealing."""
    return deal([ANN, BOB], rules=rules, dealer=1, draw_top=draw_top, starter=starter)


def chosen(state: GameState, *phases: int) -> GameState:
    """``state`` after each chooser in turn chooses the next of ``phases``."""
    for phase in phases:
        state = apply(state, ChoosePhase(phase))
    return state


def play_out(state: GameState) -> GameState:
    """``state`` played by GreedyBots to the end of its hand."""
    bots = [GreedyBot(random.Random(seat)) for seat in range(len(state.players))]
    for _ in range(2000):
        if state.step is not Step.DRAW and state.step is not Step.PLAY:
            return state
        state = apply(state, bots[state.current].choose(view(state, state.current)))
    raise AssertionError("the hand did not end")


def bots_play(
    rules: Rules, seed: int, players: int = 3, moves: list[Action] | None = None
) -> list[GameState]:
    """Every state of a game of GreedyBots under ``rules``, to its end; the
    moves made are added to ``moves``."""
    state = new_game(players, rules, seed=seed)
    bots = [GreedyBot(random.Random(seed * 10 + seat)) for seat in range(players)]
    states = [state]
    while not state.is_over and len(states) < 5000:
        seat = state.current
        move = bots[seat].choose(view(state, seat))
        if moves is not None:
            moves.append(move)
        state = apply(state, move, player=seat)
        states.append(state)
    return states


@pytest.mark.parametrize("name", ["masters", "masters-declare"])
@pytest.mark.rule("R2", "R44")
def test_the_editions_deal_the_deck_printed_for_them(name: str) -> None:
    """The Masters Edition has 96 number cards, 8 Wilds and 2 Skips."""
    deck = PRESETS[name].deck
    assert deck == phase10.masters_deck()
    assert len(deck) == 106
    assert Counter(card.is_skip for card in deck)[True] == 2
    assert deck.count(phase10.WILD) == 8
    two_skips_fewer = Counter(phase10.standard_deck()) - Counter({phase10.SKIP: 2})
    assert Counter(deck) == two_skips_fewer
    state = new_game(6, PRESETS[name], seed=5)
    held = [card for player in state.players for card in player.hand]
    assert Counter([*held, *state.draw_pile, *state.discard_pile]) == Counter(deck)


# --- R44: choosing the phase ---------------------------------------------------------


@pytest.mark.rule("R44")
def test_each_player_chooses_a_phase_before_anyone_draws() -> None:
    """The hand starts in the CHOOSE step at the dealer's left; each player
    in turn picks any phase, face up; play begins at the dealer's left."""
    state = dealt(MASTERS)
    assert (state.step, state.current) == (Step.CHOOSE, 0)
    assert legal_actions(state) == tuple(ChoosePhase(n) for n in range(1, 11))
    with pytest.raises(WrongStep, match="chooses the phase") as refused:
        apply(state, Draw())
    assert refused.value.clause == "R44"
    state, events = apply_with_events(state, ChoosePhase(4))
    assert events == (PhaseChosen(0, 4),)
    assert (state.step, state.current) == (Step.CHOOSE, 1)
    state = apply(state, ChoosePhase(9))
    assert (state.step, state.current) == (Step.DRAW, 0)
    assert [state.phase_number(seat) for seat in (0, 1)] == [4, 9]
    assert [p.active for p in view(state, 1).players] == [3, 8]  # public
    assert "phase 4: 1 run of 7" in str(view(state, 1))


@pytest.mark.rule("R44", "R15")
def test_only_the_chosen_phase_may_be_laid_and_it_is_completed() -> None:
    state = chosen(dealt(MASTERS, draw_top="Y6 B8"), 4, 9)
    state = apply(state, Draw())  # Ann draws Y6
    with pytest.raises(PhaseNotMet):  # phase 1 is not the one she chose
        apply(state, LayPhase(["R3 B3 G3", "Y5 R5 G5"]))
    lays = [move for move in legal_actions(state) if isinstance(move, LayPhase)]
    assert lays and all(len(lay.groups) == 1 for lay in lays)
    state = apply(state, LayPhase(["Y1 Y2 R3 Y4 Y5 Y6 W"]))
    over = play_out(state)
    assert over.players[0].phases_done == (3,)
    assert over.players[0].completed == 1
    assert over.players[1].phases_done is None or 8 in over.players[1].phases_done
    check_state(over)
    following = apply(over, NextHand())  # Ann deals: Bob chooses first
    assert (following.step, following.current) == (Step.CHOOSE, 1)
    following = apply(following, ChoosePhase(1))
    assert ChoosePhase(4) not in legal_actions(following)
    with pytest.raises(BadPhaseChoice, match="completed phase 4 already") as refused:
        apply(following, ChoosePhase(4))
    assert refused.value.clause == "R44"


@pytest.mark.rule("R44")
def test_a_bad_choice_is_refused_and_changes_nothing() -> None:
    state = dealt(MASTERS)
    with pytest.raises(BadPhaseChoice, match="there is no phase 11"):
        apply(state, ChoosePhase(11))
    with pytest.raises(phase10.NotYourTurn, match="not Player 2's"):
        apply(state, ChoosePhase(3), player=1)
    assert not can_apply(state, ChoosePhase(11))
    assert state == dealt(MASTERS)
    classic = apply(dealt(Rules()), Draw())
    with pytest.raises(BadPhaseChoice, match="in order") as refused:
        apply(classic, ChoosePhase(2))
    assert refused.value.clause == "R16"
    assert not any(isinstance(m, ChoosePhase) for m in legal_actions(classic))


@pytest.mark.rule("R44")
def test_a_phase_chosen_once_play_has_begun_is_refused_for_the_true_reason() -> None:
    """Choosing after the hand's choices, drawn or not, cites R44, not R21."""
    begun = chosen(dealt(MASTERS), 1, 2)
    assert begun.step is Step.DRAW
    for state in (begun, apply(begun, Draw())):
        with pytest.raises(WrongStep, match="chosen at its start") as refused:
            apply(state, ChoosePhase(3))
        assert refused.value.clause == "R44"
        assert "must draw" not in str(refused.value)
        assert not can_apply(state, ChoosePhase(3))
        with pytest.raises(phase10.NotYourTurn):
            apply(state, ChoosePhase(3), player=1 - state.current)


@pytest.mark.rule("R44", "R27")
def test_a_skip_turned_up_costs_the_first_player_their_turn_after_the_choice() -> None:
    state = dealt(MASTERS, starter="S")
    assert state.step is Step.CHOOSE and state.players[0].skips_pending == 1
    state = apply(state, ChoosePhase(2))
    state, events = apply_with_events(state, ChoosePhase(1))
    assert TurnLost(0) in events
    assert (state.step, state.current) == (Step.DRAW, 1)


@pytest.mark.rule("R44", "R37")
def test_a_player_with_one_phase_left_does_not_choose_and_finishing_all_wins() -> None:
    """Played out by bots: whoever completes every phase first wins, having
    completed each exactly once, in an order of their own; in the hand
    where one phase is left to a player, that player is not asked."""
    for seed in range(3):
        states = bots_play(MASTERS, seed)
        last = states[-1]
        assert last.is_over and last.winner is not None
        assert last.players[last.winner].done() == tuple(range(10))
        for state in states:
            if state.step is Step.CHOOSE:
                assert len(state.players[state.current].done()) < 9
            check_state(state)
        one_left = [
            s
            for s in states
            if s.step is Step.DRAW
            and s.turn_slot == 0
            and any(len(p.done()) == 9 for p in s.players)
        ]
        assert one_left, "some player reached their last phase"
        for s in one_left:
            for player in s.players:
                if len(player.done()) == 9:
                    assert player.active == ({*range(10)} - {*player.done()}).pop()


@pytest.mark.rule("R44", "R17")
def test_free_order_cannot_be_combined_with_everyone_advancing() -> None:
    with pytest.raises(RulesError, match="everyone_advances"):
        Rules(phase_choice=PhaseChoice.CHOSEN, everyone_advances=True)


# --- R45: declaring the phase ---------------------------------------------------------


@pytest.mark.rule("R45")
def test_the_variant_declares_the_phase_in_the_turn_it_is_laid() -> None:
    state = dealt(DECLARE, draw_top="Y6 B8")
    assert (state.step, state.current) == (Step.DRAW, 0)  # no choice at the start
    state = apply(state, Draw())
    with pytest.raises(CannotLay, match="declare the phase") as refused:
        apply(state, LayPhase(["R3 B3 G3", "Y5 R5 G5"]))
    assert refused.value.clause == "R45"
    listed = [m for m in legal_actions(state) if isinstance(m, ChoosePhase)]
    assert listed == [ChoosePhase(n) for n in range(1, 11)]
    assert not any(isinstance(m, LayPhase) for m in legal_actions(state))
    declared = apply(state, ChoosePhase(1))
    assert not any(isinstance(m, ChoosePhase) for m in legal_actions(declared))
    with pytest.raises(BadPhaseChoice, match="declared phase 1"):
        apply(declared, ChoosePhase(4))
    laid = apply(declared, LayPhase(["R3 B3 G3", "Y5 R5 G5"]))
    assert laid.players[0].active == 0
    assert play_out(laid).players[0].phases_done == (0,)
    # A declaration not laid lapses with the turn.
    lapsed = apply(apply(state, ChoosePhase(4)), Discard("R3"))
    assert lapsed.players[0].active is None
    check_state(lapsed)


# --- R46, R47: saving a card and drawing it back -------------------------------------


@pytest.mark.rule("R46")
def test_a_turn_may_end_by_saving_a_card_once_a_hand() -> None:
    state = chosen(dealt(MASTERS, draw_top="B8 Y6 W R2"), 4, 9)
    state = apply(state, Draw())
    assert Save("W") in legal_actions(state) and Save("B8") in legal_actions(state)
    state, events = apply_with_events(state, Save("W"))
    assert events[0] == CardSaved(0, phase10.WILD, False)
    assert (state.current, state.step) == (1, Step.DRAW)
    assert state.players[0].saved == phase10.parse_cards("W")
    assert len(state.discard_pile) == 1  # nothing discarded
    assert all_cards(state) == Counter(MASTERS.deck)
    state = apply(apply(state, Draw()), Discard("B1"))
    state = apply(state, Draw())
    with pytest.raises(CannotSave, match="a card a hand") as refused:
        apply(state, Save("B8"))
    assert refused.value.clause == "R46"
    assert not any(isinstance(m, Save) for m in legal_actions(state))


@pytest.mark.rule("R46")
def test_what_may_not_be_saved() -> None:
    classic = apply(dealt(Rules()), Draw())
    with pytest.raises(CannotSave, match="save no cards"):
        apply(classic, Save("W"))
    no_skips = Rules(saves_per_hand=1, save_skips=False)
    state = apply(apply(apply(dealt(no_skips), Draw()), Discard("R3")), Draw())
    with pytest.raises(CannotSave, match="Skip"):
        apply(state, Save("S"))
    assert Save("S") not in legal_actions(state) and Save("B1") in legal_actions(state)
    with pytest.raises(CardNotInHand):
        apply(state, Save("Y1"))
    full = Rules(saves_per_hand=2, most_saved=1)
    state = apply(apply(dealt(full), Draw()), Save("W"))
    state = apply(apply(state, Draw()), Discard("R9"))
    state = apply(state, Draw())
    with pytest.raises(CannotSave, match="save pile is full"):
        apply(state, Save("R3"))


@pytest.mark.rule("R46", "R33")
def test_the_last_card_is_saved_only_where_the_rules_say_it_goes_out() -> None:
    hands = ["R3 B3 G3 Y5 R5 G5 W", "R9 B9 G11 Y12 R12 B10 G8"]
    for go_out in (False, True):
        rules = Rules(
            phases=["2 sets of 3", "1 run of 4"],
            hand_size=7,
            saves_per_hand=1,
            go_out_by_save=go_out,
        )
        state = deal(hands, rules=rules, dealer=1, draw_top="R1")
        state = apply(apply(state, Draw()), LayPhase(["R3 B3 G3", "Y5 R5 G5"]))
        state = apply(state, parse_action("H W 0"))
        assert state.players[0].hand == phase10.parse_cards("R1")
        if go_out:
            ended = apply(state, Save("R1"))
            assert (ended.step, ended.went_out) == (Step.HAND_OVER, 0)
            assert ended.players[0].saved == phase10.parse_cards("R1")
        else:
            with pytest.raises(CannotSave, match="last card"):
                apply(state, Save("R1"))
            assert not any(isinstance(m, Save) for m in legal_actions(state))


@pytest.mark.rule("R47", "R46")
def test_a_saved_card_is_drawn_back_in_a_later_hand_and_not_dealt() -> None:
    state = chosen(dealt(MASTERS, draw_top="W R2"), 4, 9)
    state = apply(apply(state, Draw()), Save("W"))  # Ann saves the Wild she drew
    state = apply(apply(state, Draw()), Discard("B1"))
    assert DrawSaved("W") not in legal_actions(state)
    with pytest.raises(CannotDraw, match="saved this hand") as refused:
        apply(state, DrawSaved("W"))
    assert refused.value.clause == "R47"
    with pytest.raises(CardNotInHand, match="save pile holds no R3"):
        apply(state, DrawSaved("R3"))
    over = play_out(state)
    assert over.players[0].saved == phase10.parse_cards("W")
    following = apply(over, NextHand())  # Ann deals the next hand
    assert following.players[0].saved == phase10.parse_cards("W")
    assert all_cards(following) == Counter(MASTERS.deck)
    check_state(following)
    following = chosen(following, 2, 3)  # Bob, then Ann
    following = apply(apply(following, Draw()), Discard(following.players[1].hand[0]))
    assert DrawSaved("W") in legal_actions(following)
    drawn, events = apply_with_events(following, DrawSaved("W"))
    assert events == (SavedCardDrawn(0, phase10.WILD, False),)
    assert drawn.players[0].saved == () and drawn.step is Step.PLAY
    assert phase10.WILD in view(drawn, 1).players[0].known  # drawn face up (R48)


@pytest.mark.rule("R47")
def test_a_card_saved_this_hand_is_drawn_back_where_the_rules_allow() -> None:
    rules = Rules(saves_per_hand=1, draw_saved_same_hand=True)
    state = apply(apply(dealt(rules, draw_top="W R2"), Draw()), Save("W"))
    state = apply(apply(state, Draw()), Discard("B1"))
    assert DrawSaved("W") in legal_actions(state)
    assert apply(state, DrawSaved("W")).players[0].hand[-1] == phase10.WILD


# --- R48: what saved cards show and cost ----------------------------------------------


@pytest.mark.rule("R48", "R41")
def test_face_down_saved_cards_are_hidden_from_the_others() -> None:
    rules = Rules(saves_per_hand=1, saved_cards_hidden=True)
    state, events = apply_with_events(
        apply(dealt(rules, draw_top="W R2"), Draw()), Save("W")
    )
    theirs, mine = view(state, 1), view(state, 0)
    assert theirs.players[0].saved == () and theirs.players[0].saved_size == 1
    assert mine.saved == phase10.parse_cards("W")
    assert events[0].seen_by(1) == CardSaved(0, None, True)
    assert events[0].seen_by(0) == CardSaved(0, phase10.WILD, True)
    assert events[0].seen_by(1).describe(["Ann", "Bob"]) == "Ann saves a card"
    check_view(theirs)
    check_view(mine)
    for seed in range(5):
        guess = determinize(theirs, random.Random(seed))
        assert view(guess, 1) == theirs
        check_state(guess)
    # A game differing only in the card saved looks the same to Bob, and so
    # do its documents.
    twin = apply(apply(dealt(rules, draw_top="R2 W"), Draw()), Save("R2"))
    assert view(twin, 1) == theirs
    assert to_json(view(twin, 1)) == to_json(theirs)


@pytest.mark.rule("R48", "R41")
def test_a_face_down_save_never_tells_which_card_was_saved() -> None:
    """Saving a card everyone saw taken, or another, looks the same to others."""
    rules = Rules(saves_per_hand=1, saved_cards_hidden=True)
    taken = apply(dealt(rules, starter="R1"), Draw(phase10.Pile.DISCARD))
    assert view(taken, 1).players[0].known == phase10.parse_cards("R1")
    views = {
        card: view(apply(taken, Save(card)), 1) for card in ("R1", "Y1", "W", "R3")
    }
    first = views["R1"]
    assert all(seen == first for seen in views.values())
    assert len({to_json(seen) for seen in views.values()}) == 1
    # Nobody can be sure the R1 is still in Ann's hand, so it is not known.
    assert first.players[0].known == ()
    # Face up, the card saved is seen, and a known copy goes with it.
    shown = Rules(saves_per_hand=1)
    up = apply(dealt(shown, starter="R1"), Draw(phase10.Pile.DISCARD))
    assert view(apply(up, Save("Y1")), 1).players[0].known == up.players[0].known
    assert view(apply(up, Save("R1")), 1).players[0].known == ()


@pytest.mark.rule("R48", "R41")
def test_a_face_down_save_keeps_known_only_the_copies_beyond_one() -> None:
    """Two copies of a known face: after a face-down save one stays known."""
    rules = Rules(saves_per_hand=2, saved_cards_hidden=True)
    state = dealt(rules, starter="R1", draw_top="R1 B7 B8")
    state = apply(state, Draw(phase10.Pile.DISCARD))  # Ann takes the R1
    state = apply(state, Discard("Y2"))
    state = apply(state, Draw())  # Bob draws the other R1
    state = apply(state, Discard("R1"))
    state = apply(state, Draw(phase10.Pile.DISCARD))  # and Ann takes it too
    assert state.players[0].known == phase10.parse_cards("R1 R1")
    for card in ("R1", "Y4", "W"):
        after = apply(state, Save(card))
        assert view(after, 1).players[0].known == phase10.parse_cards("R1")
        check_state(after)


@pytest.mark.rule("R48", "R34")
def test_saved_cards_score_only_where_the_rules_count_them() -> None:
    for counted in (False, True):
        rules = Rules(saves_per_hand=1, saved_cards_score=counted)
        state = apply(apply(dealt(rules, draw_top="W R2"), Draw()), Save("W"))
        over = play_out(state)
        assert over.hand_points is not None
        in_hand = 0 if over.went_out == 0 else rules.points.total(over.players[0].hand)
        saved = rules.points.total(over.players[0].saved) if counted else 0
        assert over.players[0].saved, "the Wild stays saved"
        assert over.hand_points[0] == in_hand + saved


# --- R49: a Skip for the next player --------------------------------------------------


@pytest.mark.rule("R49", "R26")
def test_a_skip_goes_to_the_next_player_alone_under_the_house_rule() -> None:
    hands = [BOB, ANN, "R7 B7 G7 Y7 R8 B8 G9 Y9 R10 B11"]
    state = apply(deal(hands, rules=Rules(skip_next_only=True), dealer=2), Draw())
    assert phase10.skip_targets(state) == (1,)
    assert [m for m in legal_actions(state) if isinstance(m, Skip)] == [Skip(1)]
    with pytest.raises(BadSkipTarget):
        apply(state, Skip(2))
    with pytest.raises(BadSkipTarget, match="next player lose a turn: play it against"):
        apply(state, Skip(None))
    classic = apply(deal(hands, dealer=2), Draw())
    assert phase10.skip_targets(classic) == (1, 2)


# --- everything else follows ------------------------------------------------------


@pytest.mark.rule("R44", "R46", "R47")
def test_the_new_moves_are_written_and_read_like_the_others() -> None:
    for text, move in (
        ("P 7", ChoosePhase(7)),
        ("K W", Save("W")),
        ("U R7", DrawSaved("R7")),
    ):
        assert move.notation == text
        assert parse_action(text) == move == type(move).from_notation(text)
        assert from_json(to_json(move), type(move)) == move
        assert eval(repr(move), vars(phase10)) == move
    assert parse_action("choose 3") == ChoosePhase(3)
    assert parse_action("save s") == Save("S")
    assert parse_action("use w") == DrawSaved("W")
    with pytest.raises(phase10.NotationError, match="phase's number"):
        parse_action("P 0")
    with pytest.raises(phase10.UsageError):
        ChoosePhase("3")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["masters", "masters-declare"])
@pytest.mark.rule("R44", "R45", "R46", "R47", "R41")
def test_games_of_the_editions_save_and_replay(name: str) -> None:
    """A bot game's record replays to the same states; every state and every
    view reads back from JSON equal."""
    moves: list[Action] = []
    states = bots_play(PRESETS[name], 4, moves=moves)
    record = GameRecord.start(3, PRESETS[name], seed=4)[0].then(*moves)
    assert replay(GameRecord.from_json(record.to_json()))[-1] == states[-1]
    # And 800 moves picked at random among the legal ones, saves among them.
    rng = random.Random(4)
    state = new_game(3, PRESETS[name], seed=5)
    chosen_moves: list[Action] = []
    for _ in range(800):
        move = rng.choice(legal_actions(state))
        chosen_moves.append(move)
        state = apply(state, move)
        states.append(state)
    assert any(isinstance(move, Save) for move in chosen_moves)
    assert any(isinstance(move, DrawSaved) for move in chosen_moves)
    record = GameRecord.start(3, PRESETS[name], seed=5)[0].then(*chosen_moves)
    assert replay(GameRecord.from_json(record.to_json()))[-1] == state
    for state in states[:: max(1, len(states) // 40)]:
        assert from_json(to_json(state), GameState) == state
        for seat in range(3):
            seen = view(state, seat)
            assert from_json(to_json(seen), phase10.PlayerView) == seen
