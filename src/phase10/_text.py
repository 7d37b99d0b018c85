"""Text pictures of a game: ``str(view)`` and :func:`~phase10.describe_state`.

A picture is a few lines of plain text, the way ``print(board)`` shows a
chess position: whose turn it is and which step, every player's phase,
score and hand size, the groups on the table, the piles and the seat's own
hand. Seats and table groups are numbered from 0, as the move notation
numbers them, so a player can read ``H R7 1`` straight off the picture.

The pictures are of a :class:`~phase10.PlayerView`: this module sits above
the views, which import it only when a picture is asked for
(``PlayerView.__str__``), so that drawing is never loaded by a program that
draws nothing.
"""

from __future__ import annotations

from ._cards import format_cards
from ._phases import KIND_FACTS, unknown_kind
from ._rules import PhaseChoice
from ._state import GameState, Meld, Step
from ._view import PlayerView

__all__ = [
    "cards_count",
    "header",
    "meld_text",
    "player_status",
    "state_text",
    "view_text",
]


def meld_text(meld: Meld) -> str:
    """What a group on the table is: ``"set of 8s"``, ``"red run 3-7"``."""
    color = meld.color.name.lower() if meld.color is not None else ""
    kind = meld.kind
    holds = KIND_FACTS[kind].holds
    if holds == "number":
        return f"set of {meld.number}s" if meld.number is not None else "set of Wilds"
    if holds == "color":
        return f"{color} cards" if color else "cards of one colour"
    if holds == "parity":
        return f"{kind.value} cards"
    if holds == "sequence":
        run = f"{kind.value if kind.step == 2 else 'run'} {meld.low}-{meld.high}"
        return f"{color} {run}" if kind.is_colored and color else run
    raise unknown_kind(kind)  # pragma: no cover (a kind with no formula here)


def header(seen: PlayerView) -> str:
    """The picture's first line: the hand, the dealer, whose turn and which step."""
    names = [player.name for player in seen.players]
    hand = "Tie-break hand" if seen.tiebreak else "Hand"
    dealer = "you" if seen.dealer == seen.seat else names[seen.dealer]
    parts = [f"{hand} {seen.hand_number}", f"dealt by {dealer}"]
    if seen.step is Step.GAME_OVER:
        winner = "nobody" if seen.winner is None else names[seen.winner]
        parts.append(f"game over: {winner} wins")
    elif seen.step is Step.HAND_OVER:
        out = "nobody" if seen.went_out is None else names[seen.went_out]
        parts.append(f"hand over: {out} went out")
    else:
        whose = "Your" if seen.current == seen.seat else f"{names[seen.current]}'s"
        if seen.step is Step.CHOOSE:
            todo = "choose a phase for this hand"
        elif seen.step is Step.DRAW:
            todo = "draw a card"
        elif seen.players[seen.current].laid_down:
            todo = "hit, then discard"
        else:
            todo = "lay down or hit, then discard"
        parts.append(f"{whose} turn: {todo}")
    return " · ".join(parts)


def player_status(seen: PlayerView, seat: int) -> str:
    """A player's phase and what else is public: laid down, known cards, Skips."""
    player = seen.players[seat]
    if seat not in seen.contenders:
        return "sits out this hand"
    phase = seen.phase_of(seat)
    number = seen.phase_number(seat)
    if phase is not None:
        parts = [f"phase {number}: {phase}"]
    elif seen.rules.phase_choice is PhaseChoice.IN_ORDER:
        parts = ["all phases done"]
    else:  # the Masters Edition, before the phase is chosen or declared
        left = len(seen.rules.phases) - player.completed
        parts = [f"{left} phases to do" if left != 1 else "1 phase to do"]
    if seen.rules.phase_choice is not PhaseChoice.IN_ORDER and player.completed:
        parts.append("done " + " ".join(str(index + 1) for index in player.done()))
    if player.laid_down:
        parts.append("laid down")
    if player.skips_pending:
        turns = (
            "a turn" if player.skips_pending == 1 else f"{player.skips_pending} turns"
        )
        parts.append(f"loses {turns}")
    if player.known:
        parts.append(f"holds {format_cards(sorted(player.known))}")
    if player.saved_size:
        shown = seen.saved if seat == seen.seat else player.saved
        parts.append(
            f"saved {format_cards(shown)}"
            if shown
            else f"saved {cards_count(player.saved_size)}"
        )
    return " · ".join(parts)


def _player_lines(seen: PlayerView) -> list[str]:
    names = [
        f"{p.name} (you)" if seat == seen.seat and p.name.lower() != "you" else p.name
        for seat, p in enumerate(seen.players)
    ]
    width = max(4, *(len(name) for name in names))
    points = seen.hand_points
    extra = "   hand" if points is not None else ""
    lines = [f"   seat  {'name':<{width}}  cards  score{extra}  phase"]
    playing = seen.step in (Step.DRAW, Step.PLAY, Step.CHOOSE)
    for seat, player in enumerate(seen.players):
        mark = ">" if playing and seat == seen.current else " "
        gained = f"  {points[seat]:>+5}" if points is not None else ""
        lines.append(
            f"{mark}  {seat:<4}  {names[seat]:<{width}}  {player.hand_size:>5}"
            f"  {player.score:>5}{gained}  {player_status(seen, seat)}"
        )
    return lines


def _table_lines(seen: PlayerView) -> list[str]:
    if not seen.table:
        return ["Table: nothing laid down yet"]
    owners = [seen.players[meld.owner].name for meld in seen.table]
    kinds = [meld_text(meld) for meld in seen.table]
    owner_width = max(len(owner) for owner in owners)
    kind_width = max(len(kind) for kind in kinds)
    lines = ["Table:"]
    for index, meld in enumerate(seen.table):
        lines.append(
            f"   {index:<2}  {owners[index]:<{owner_width}}  "
            f"{kinds[index]:<{kind_width}}  {format_cards(meld.cards)}"
        )
    return lines


def cards_count(count: int) -> str:
    """``"1 card"``, ``"5 cards"``."""
    return "1 card" if count == 1 else f"{count} cards"


def _piles_line(seen: PlayerView) -> str:
    top = seen.discard_top
    discard = (
        "empty" if top is None else f"{top} on top, {cards_count(seen.discard_size)}"
    )
    return f"Discard pile: {discard} · draw pile: {cards_count(seen.draw_size)}"


def view_text(seen: PlayerView) -> str:
    """The picture of what one seat sees, its own hand last (``str(view)``)."""
    lines = [header(seen), *_player_lines(seen), *_table_lines(seen), _piles_line(seen)]
    if seen.seat is not None:
        hand = sorted(seen.hand)
        lines.append(f"Your hand, {cards_count(len(hand))}: {format_cards(hand)}")
    return "\n".join(lines)


def state_text(state: GameState, spectator: PlayerView) -> str:
    """The picture of the whole game: what ``spectator`` (the state's
    spectator view) shows, then every hand and both piles in full."""
    width = max(len(player.name) for player in state.players)
    lines = [view_text(spectator), "Hands:"]
    for seat, player in enumerate(state.players):
        hand = format_cards(sorted(player.hand)) or "(empty)"
        lines.append(f"   {seat:<2}  {player.name:<{width}}  {hand}")
    lines.append(f"Discard pile, top first: {format_cards(state.discard_pile)}")
    lines.append(f"Draw pile, top first: {format_cards(state.draw_pile)}")
    return "\n".join(lines)
