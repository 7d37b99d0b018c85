"""The checks of the Masters Edition's fields (R44-R48), each refusal at
its boundary: the faults that mutation testing put into them showed which
the other tests left unchecked (tests/mutation.py).

Each test changes one field of a state or view that play reaches, and
expects check_state or check_view to name that field and say why, or to
accept the state when the change keeps it reachable.
"""

from __future__ import annotations

import re

import attrs
import pytest
from scenarios import deal, player, seen_player
from test_masters import DECLARE, MASTERS, chosen, dealt

from phase10 import (
    PRESETS,
    ChoosePhase,
    Draw,
    GameState,
    InvalidState,
    LayPhase,
    PlayerView,
    Save,
    Step,
    apply,
    check_state,
    check_view,
    parse_cards,
    view,
)


def refused(game: GameState | PlayerView, where: str, why: str) -> None:
    """check_state or check_view refuses ``game``, naming ``where`` first."""
    check = check_state if isinstance(game, GameState) else check_view
    with pytest.raises(InvalidState, match=f"^{re.escape(where)}: {why}"):
        check(game)  # type: ignore[arg-type]


def playing() -> GameState:
    """Masters: Ann chose phase 1 and Bob phase 9; Ann is to draw."""
    return chosen(dealt(MASTERS), 1, 9)


def laid() -> GameState:
    """Masters: Ann has drawn and laid phase 1."""
    state = apply(playing(), Draw())
    return apply(state, LAY)


LAY = LayPhase(["R3 B3 G3", "Y5 R5 G5"])


def saved() -> GameState:
    """Masters: Ann drew and saved a Wild; Bob is to draw."""
    return apply(apply(chosen(dealt(MASTERS, draw_top="W"), 4, 9), Draw()), Save("W"))


IN_ORDER = PRESETS["official"]


@pytest.mark.rule("R44")
def test_phases_are_chosen_only_under_chosen_rules() -> None:
    """A CHOOSE step is refused under declared phases."""
    check_state(dealt(MASTERS))
    declared = attrs.evolve(dealt(DECLARE), step=Step.CHOOSE)
    refused(declared, "step", "phases are chosen at the start of a hand only under")


@pytest.mark.rule("R44")
def test_rules_in_order_have_no_phases_done_and_nothing_attempted() -> None:
    """Under the phases in order, phases_done and active are null."""
    state = dealt(IN_ORDER)
    check_state(state)
    refused(player(state, 1, phases_done=()), "players[1].phases_done", "expected null")
    refused(player(state, 1, active=0), "players[1].active", "expected null")


@pytest.mark.rule("R44")
def test_the_phases_done_are_one_index_per_phase_completed() -> None:
    """phases_done lists as many phases as completed, each a phase of the rules."""
    state = playing()
    where = "players[1].phases_done"
    refused(player(state, 1, completed=1), where, "expected the 1 phases completed")
    done = player(state, 1, completed=1, phases_done=(0,))
    check_state(done)
    check_state(player(state, 1, completed=1, phases_done=(9,)))
    refused(player(state, 1, completed=2, phases_done=(0,)), where, "expected 2 phase")
    refused(player(state, 1, completed=0, phases_done=(0,)), where, "expected 0 phase")
    refused(player(state, 1, completed=1, phases_done=(10,)), where, "expected 1 phase")
    refused(player(state, 1, completed=2, phases_done=(3, 3)), where, "the phases must")
    refused(player(state, 1, completed=2, phases_done=(4, 3)), where, "the phases must")
    check_state(player(state, 1, completed=2, phases_done=(3, 4)))


@pytest.mark.rule("R44")
def test_a_phase_completed_is_not_attempted_again() -> None:
    """A player in play does not attempt a phase already done; between
    hands the phase attempted may be one done."""
    state = playing()  # Bob attempts phase 9 (index 8)
    done = player(state, 1, completed=1, phases_done=(8,))
    refused(done, "players[1].active", "phase 9 is completed already")
    check_state(player(state, 1, completed=1, phases_done=(7,)))


@pytest.mark.rule("R44")
def test_every_player_in_the_hand_has_chosen_before_play() -> None:
    """Once play begins, every contender has a phase; the chooser has none yet."""
    state = playing()
    refused(player(state, 1, active=None), "players[1].active", "every player has")
    choosing = dealt(MASTERS)  # Ann (seat 0) chooses first
    for phase in (0, 3):
        refused(
            player(choosing, 0, active=phase), "players[0].active", "the player choos"
        )
    check_state(choosing)


@pytest.mark.rule("R44")
def test_the_player_choosing_has_not_chosen_phase_1_either() -> None:
    """A chooser who holds phase 1 (index 0) already is refused like any other."""
    refused(player(dealt(MASTERS), 0, active=0), "players[0].active", "the player")


@pytest.mark.rule("R44")
def test_a_player_outside_the_hand_need_not_have_chosen() -> None:
    """Only the contenders choose: a player not in the hand may have no phase."""
    state = playing()
    outside = attrs.evolve(state, contenders=(0,))
    try:
        check_state(player(outside, 1, active=None))
    except InvalidState as error:
        assert "every player has chosen" not in str(error)


@pytest.mark.rule("R45")
def test_a_declared_phase_lives_only_in_the_turn_it_is_laid() -> None:
    """Under declared phases, a phase attempted outside the declaring turn
    is refused, unless the player laid it down."""
    state = apply(dealt(DECLARE), Draw())
    declared = apply(state, ChoosePhase(1))
    check_state(declared)
    where, why = "players[0].active", "a phase is declared"
    refused(player(state, 1, active=3), where.replace("0", "1"), why)
    refused(player(dealt(DECLARE), 0, active=0), where, why)
    laid_down = apply(declared, LAY)
    check_state(laid_down)


@pytest.mark.rule("R44", "R45")
def test_a_player_who_laid_down_laid_the_phase_attempted() -> None:
    """A player laid down holds the phase laid (declared phases)."""
    state = apply(apply(apply(dealt(DECLARE), Draw()), ChoosePhase(1)), LAY)
    check_state(state)
    refused(player(state, 0, active=None), "players[0].active", "a player who laid")
    check_state(laid())


@pytest.mark.rule("R46", "R47")
def test_the_save_piles_hold_what_the_rules_allow() -> None:
    """A save pile is refused under rules that save nothing, and beyond most_saved."""
    state = saved()
    check_state(state)
    no_saves = attrs.evolve(state, rules=MASTERS.replace(saves_per_hand=0))
    where, why = "players[0].saved", "these rules save no cards \\(R46\\)$"
    refused(player(no_saves, 0, saved_now=0), where, why)
    top, *rest = state.draw_pile
    two = player(state, 0, saved=(*state.players[0].saved, top), saved_now=0)
    check_state(attrs.evolve(two, draw_pile=tuple(rest)))
    refused(
        attrs.evolve(two, draw_pile=tuple(rest), rules=MASTERS.replace(most_saved=1)),
        "players[0].saved",
        "holds 2 cards, more than most_saved",
    )


@pytest.mark.rule("R47")
def test_cards_saved_this_hand_are_no_more_than_the_save_pile() -> None:
    """saved_now counts cards saved this hand, which stay in the pile."""
    state = saved()
    assert state.players[0].saved_now == 1
    twice = attrs.evolve(state, rules=MASTERS.replace(saves_per_hand=2))
    check_state(twice)
    refused(player(twice, 0, saved_now=2), "players[0].saved_now", "is 2, more than")
    same_hand = MASTERS.replace(saves_per_hand=2, draw_saved_same_hand=True)
    check_state(player(attrs.evolve(state, rules=same_hand), 0, saved_now=2))


@pytest.mark.rule("R46", "R48")
def test_a_view_shows_the_save_piles_as_the_rules_say() -> None:
    """A view shows face-up save piles whole, and its seat's own pile as its own."""
    state = saved()
    mine, theirs = view(state, 0), view(state, 1)
    check_view(mine)
    check_view(theirs)
    refused(seen_player(theirs, 0, saved=()), "players[0].saved", "holds 0 cards")
    refused(attrs.evolve(mine, saved=()), "saved", "holds 0 cards, but the seat's")
    refused(attrs.evolve(theirs, saved=parse_cards("W")), "saved", "holds 1 cards")
    refused(attrs.evolve(mine, saved=parse_cards("R2")), "saved", "is not the seat")


@pytest.mark.rule("R48")
def test_a_view_under_face_down_saves_shows_no_saved_card() -> None:
    """Under face-down saves, no player's save pile is shown, only its size."""
    hidden = attrs.evolve(MASTERS, saved_cards_hidden=True)
    state = attrs.evolve(saved(), rules=hidden)
    mine, theirs = view(state, 0), view(state, 1)
    check_view(mine)
    check_view(theirs)
    assert theirs.players[0].saved == () and theirs.players[0].saved_size == 1
    refused(
        seen_player(theirs, 0, saved=parse_cards("W")),
        "players[0].saved",
        "saved cards are face down",
    )
    assert mine.saved == parse_cards("W")
    # The seat's own face-down pile is shown to it alone: nothing to match.
    check_view(attrs.evolve(mine, saved=parse_cards("R2")))


@pytest.mark.rule("R44")
def test_players_choose_in_turn_from_the_dealers_left() -> None:
    """While phases are chosen, those before the chooser have chosen and
    those after have not, unless one phase is all they have left."""
    choosing = dealt(MASTERS)  # Bob deals: Ann (seat 0) chooses, then Bob
    refused(player(choosing, 1, active=3), "players[1].active", "seat 1 chooses after")
    last_phase = player(choosing, 1, completed=9, phases_done=tuple(range(9)))
    check_state(player(last_phase, 1, active=9))
    second = chosen(choosing, 1)
    check_state(second)
    refused(
        player(second, 0, active=None), "players[0].active", "seat 0 chooses before"
    )


STARTED = re.escape(
    "step: phases are chosen at the start of a hand, before anyone draws (R44), but "
)


@pytest.mark.rule("R44")
def test_phases_are_chosen_before_anything_is_played() -> None:
    """A choosing step is refused once the hand shows any play since the deal."""
    choosing = dealt(MASTERS)
    top, *rest = choosing.draw_pile
    ann = choosing.players[0]
    every_card_drawable = (*choosing.discard_pile, *choosing.draw_pile)
    groups = laid().table  # Ann's two sets, taken from her hand
    kept = list(ann.hand)
    for card in (card for group in groups for card in group.cards):
        kept.remove(card)
    on_the_table = attrs.evolve(
        player(choosing, 0, hand=tuple(kept), laid_down=True), table=groups
    )
    for changed, why in [
        (
            attrs.evolve(
                choosing,
                draw_pile=tuple(rest),
                discard_pile=(top, *choosing.discard_pile),
            ),
            "the discard pile holds 2 cards, not the starter alone",
        ),
        (
            attrs.evolve(choosing, discard_pile=(), draw_pile=every_card_drawable),
            "the discard pile holds 0 cards, not the starter alone",
        ),
        (on_the_table, "there are groups on the table"),
        (attrs.evolve(choosing, turn_slot=1), "a turn has been played"),
        (attrs.evolve(choosing, laid_this_turn=True), "a turn has been played"),
        (
            attrs.evolve(
                player(choosing, 0, hand=ann.hand[1:]),
                draw_pile=(ann.hand[0], *choosing.draw_pile),
            ),
            "seat 0 holds 9 cards, not the 10 dealt",
        ),
        (player(choosing, 1, saved_now=1), "seat 1 has played since the deal"),
        (player(choosing, 0, known=ann.hand[:1]), "seat 0 has played since the deal"),
        (
            player(choosing, 0, skips_pending=1),
            "seat 0 has been skipped since the deal",
        ),
        (
            player(choosing, 1, skipped_in_slot=0),
            "seat 1 has been skipped since the deal",
        ),
    ]:
        with pytest.raises(InvalidState, match=f"^{STARTED}{why}$"):
            check_state(changed)


@pytest.mark.rule("R44", "R27")
def test_a_skip_turned_up_is_owed_by_the_first_chooser_alone() -> None:
    """With a Skip as the starter, the first player owes it while phases are chosen."""
    choosing = dealt(MASTERS, starter="S")
    assert choosing.step is Step.CHOOSE and choosing.players[0].skips_pending == 1
    check_state(choosing)
    check_view(view(choosing, 1))
    for changed in (
        player(choosing, 0, skips_pending=0),
        player(choosing, 1, skips_pending=1),
    ):
        with pytest.raises(InvalidState, match="has been skipped since the deal"):
            check_state(changed)


@pytest.mark.rule("R44", "R27")
def test_of_three_players_the_one_left_of_the_dealer_owes_the_skip() -> None:
    """With three players, the Skip turned up is owed by the dealer's left
    neighbour, not the right one, while phases are chosen."""
    hands = ["R3 B3 G3 Y5 R5 G5 W Y1 Y2 Y4", "R9 B9 G11 Y12 R12 B10 G8 Y7 B1 B2", ""]
    choosing = deal(hands, rules=MASTERS, dealer=2, starter="S")
    assert choosing.step is Step.CHOOSE and choosing.current == 0
    assert [player.skips_pending for player in choosing.players] == [1, 0, 0]
    check_state(choosing)
    moved = player(player(choosing, 0, skips_pending=0), 1, skips_pending=1)
    with pytest.raises(InvalidState, match="seat 0 has been skipped since the deal"):
        check_state(moved)


@pytest.mark.rule("R44")
def test_a_view_of_the_choosing_step_shows_nothing_played() -> None:
    """A view while phases are chosen is refused when its sizes show play."""
    seen = view(dealt(MASTERS), 1)
    check_view(seen)
    for changed, why in [
        (
            attrs.evolve(seen, discard_size=2, draw_size=seen.draw_size - 1),
            "the discard",
        ),
        (seen_player(seen, 0, hand_size=9), "seat 0 holds 9 cards, not the 10 dealt"),
    ]:
        with pytest.raises(InvalidState, match=f"^{STARTED}{why}"):
            check_view(changed)


@pytest.mark.rule("R44", "R38")
def test_no_phase_is_chosen_for_a_tie_break_hand() -> None:
    """In a tie-break hand the players play with no phase chosen, and may
    not choose one there."""
    tied = attrs.evolve(playing(), hand_number=2, tiebreak=True)
    for seat in (0, 1):
        tied = player(tied, seat, completed=10, phases_done=tuple(range(10)))
        tied = player(tied, seat, active=None)
    check_state(tied)
    check_view(view(tied, 1))
    refused(
        attrs.evolve(tied, step=Step.CHOOSE),
        "step",
        "phases are chosen at the start of a hand only under",
    )
