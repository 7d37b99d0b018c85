"""The moves of the game as pure functions: each checks, then builds a new state.

Each move has one checking function (``verify_…``) that raises the
:class:`IllegalMove` the move would raise and changes nothing; the move calls
it and then builds the new state. Nothing here mutates its arguments.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from ._cards import Card, parse_cards
from ._errors import (
    BadDiscard,
    BadSkipTarget,
    CannotDraw,
    CannotHit,
    CannotLay,
    CardNotInHand,
    GameOver,
    IllegalMove,
    NoSuchMeld,
    NotationError,
    NotYourTurn,
    RulesError,
    WrongStep,
    shown,
)
from ._groups import End, GroupShape, check_phase, extend_group
from ._phases import GroupSpec
from ._rules import EmptyDrawPile, Rules, SkipLimit
from ._shuffle import MAX_SEED_DIGITS, SEED_LIMIT, fresh_seed, shuffled
from ._state import GameState, Meld, Pile, PlayerState, Step, replace

__all__ = [
    "discard",
    "draw",
    "hit",
    "lay_phase",
    "new_game",
    "next_hand",
    "skip",
    "skip_targets",
    "verify_discard",
    "verify_draw",
    "verify_hit",
    "verify_lay_phase",
    "verify_next_hand",
    "verify_skip",
]

_DEFAULT_RULES: Final = Rules()

CardLike = Card | str
"""A card, or its notation such as ``"R7"``."""


# --- setting up ------------------------------------------------------------


def new_game(
    players: int | Sequence[str],
    rules: Rules | None = None,
    *,
    seed: int | None = None,
    dealer: int = 0,
    deck: Sequence[Card] | None = None,
) -> GameState:
    """Start a game and deal its first hand (R3, R18, R19).

    ``players`` is a number of players or their names in seat order. The
    deck is shuffled from ``seed``; with ``seed=None`` a fresh seed comes
    from the operating system. ``deck``, if given, is the exact order to deal
    from (top card first) instead of a shuffle. Raises :class:`RulesError`
    for a game that cannot be set up as asked.

    >>> game = new_game(["Ann", "Bob"], seed=7)
    >>> [len(p.hand) for p in game.players], game.current, game.step.name
    ([10, 10], 1, 'DRAW')

    .. versionadded:: 0.1
    """
    if rules is None:
        rules = _DEFAULT_RULES
    elif not isinstance(rules, Rules):
        raise RulesError(f"rules must be a Rules record, not {shown(rules)}")
    names = _player_names(players, rules)
    if (
        isinstance(dealer, bool)
        or not isinstance(dealer, int)
        or not (0 <= dealer < len(names))
    ):
        raise RulesError(
            f"the dealer is a seat from 0 to {len(names) - 1}, not {shown(dealer)}"
        )
    if seed is None:
        seed = fresh_seed()
    elif isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError(f"a seed is a whole number, not {type(seed).__name__}")
    elif abs(seed) >= SEED_LIMIT:
        raise RulesError(
            f"a seed has at most {MAX_SEED_DIGITS} digits, so that it can be saved"
        )
    seats = tuple(range(len(names)))
    state = GameState(
        rules=rules,
        players=tuple(PlayerState(name) for name in names),
        current=dealer,
        dealer=dealer,
        step=Step.HAND_OVER,
        draw_pile=(),
        discard_pile=(),
        contenders=seats,
        seed=seed,
    )
    return _deal(state, deck)


def _player_names(players: int | Sequence[str], rules: Rules) -> tuple[str, ...]:
    if isinstance(players, bool):
        raise RulesError("players is a number of players or a list of names")
    if isinstance(players, int):
        if not rules.min_players <= players <= rules.max_players:
            raise RulesError(
                f"this game is for {rules.min_players} to {rules.max_players} "
                f"players, not {shown(players)}"
            )
        names = tuple(f"Player {i + 1}" for i in range(players))
    elif isinstance(players, str):
        raise RulesError(
            "players is a number of players or a list of names, not one name"
        )
    else:
        try:
            names = tuple(players)
        except TypeError:
            raise RulesError(
                "players is a number of players or a list of names, "
                f"not {shown(players)}"
            ) from None
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise RulesError(
                    f"a player's name is a non-empty text, not {shown(name)}"
                )
    if not rules.min_players <= len(names) <= rules.max_players:
        raise RulesError(
            f"this game is for {rules.min_players} to {rules.max_players} players, "
            f"not {len(names)}"
        )
    return names


def _deck_order(
    state: GameState, deck: Sequence[Card] | None
) -> tuple[tuple[Card, ...], int]:
    """The order to deal from, and the game's shuffle count after it (R19, R41)."""
    rules = state.rules
    if deck is None:
        return shuffled(rules.deck, state.seed, state.shuffles), state.shuffles + 1
    try:
        order = tuple(deck)
    except TypeError:
        raise RulesError(f"deck is a sequence of cards, not {shown(deck)}") from None
    if any(not isinstance(card, Card) for card in order) or sorted(order) != sorted(
        rules.deck
    ):
        raise RulesError(
            "the deck to deal from must hold exactly the cards of the rules' deck, "
            "in any order"
        )
    return order, state.shuffles


def _seats_from(state: GameState, seat: int) -> list[int]:
    """The seats playing this hand, clockwise, starting after ``seat``."""
    n = len(state.players)
    playing = set(state.contenders)
    return [s % n for s in range(seat + 1, seat + 1 + n) if s % n in playing]


def _deal(state: GameState, deck: Sequence[Card] | None) -> GameState:
    """Deal a hand to ``state.contenders`` for ``state.dealer`` (R18, R19, R27)."""
    order, shuffles = _deck_order(state, deck)
    hand_size = state.rules.hand_size
    seats = _seats_from(state, state.dealer)
    hands: dict[int, list[Card]] = {seat: [] for seat in seats}
    dealt = hand_size * len(seats)
    for i in range(dealt):
        hands[seats[i % len(seats)]].append(order[i])
    starter = order[dealt]
    first = seats[0]
    players = tuple(
        replace(
            player,
            hand=tuple(hands.get(seat, ())),
            known=(),
            laid_down=False,
            skips_pending=1 if seat == first and starter.is_skip else 0,
            skipped_in_slot=None,
        )
        for seat, player in enumerate(state.players)
    )
    dealt_state = replace(
        state,
        players=players,
        current=first,
        step=Step.DRAW,
        draw_pile=order[dealt + 1 :],
        discard_pile=(starter,),
        table=(),
        turn_slot=0,
        laid_this_turn=False,
        went_out=None,
        hand_points=None,
        shuffles=shuffles,
    )
    return _begin_turn(dealt_state, players, first, 0, (starter,))


def _next_seat(state: GameState, seat: int) -> int:
    """The next seat to the left that plays this hand (R20)."""
    if not state.tiebreak:
        return (seat + 1) % len(state.players)
    return _seats_from(state, seat)[0]


def _begin_turn(
    state: GameState,
    players: tuple[PlayerState, ...],
    seat: int,
    slot: int,
    discard_pile: tuple[Card, ...],
) -> GameState:
    """Start turn slot ``slot`` at ``seat``: pass over lost turns, refill the
    draw pile (R25-R27). Builds the new state once, from ``state`` and the
    parts of it the move has changed."""
    while players[seat].skips_pending > 0:
        lost = players[seat]
        players = _replace_player(
            players, seat, replace(lost, skips_pending=lost.skips_pending - 1)
        )
        seat = _next_seat(state, seat)
        slot += 1
    draw_pile = state.draw_pile
    shuffles = state.shuffles
    if not draw_pile:
        rules = state.rules
        if rules.on_empty_draw_pile is EmptyDrawPile.END_HAND or len(discard_pile) < 2:
            ended = replace(
                state,
                players=players,
                current=seat,
                turn_slot=slot,
                discard_pile=discard_pile,
            )
            return _end_hand(ended, went_out=None)
        draw_pile = shuffled(discard_pile[1:], state.seed, shuffles)
        discard_pile = discard_pile[:1]
        shuffles += 1
    return replace(
        state,
        players=players,
        current=seat,
        turn_slot=slot,
        step=Step.DRAW,
        laid_this_turn=False,
        draw_pile=draw_pile,
        discard_pile=discard_pile,
        shuffles=shuffles,
    )


def _replace_player(
    players: tuple[PlayerState, ...], seat: int, player: PlayerState
) -> tuple[PlayerState, ...]:
    return (*players[:seat], player, *players[seat + 1 :])


# --- ending a hand and the game ---------------------------------------------


def _end_hand(state: GameState, went_out: int | None) -> GameState:
    """Score the hand, credit phases and decide what comes next (R33-R39)."""
    rules = state.rules
    n_phases = len(rules.phases)
    points = tuple(
        0 if seat == went_out else rules.points.total(player.hand)
        for seat, player in enumerate(state.players)
    )
    tiebreak = state.tiebreak
    players = []
    for seat, player in enumerate(state.players):
        completed = player.completed
        if not tiebreak and (rules.everyone_advances or player.laid_down):
            completed = min(completed + 1, n_phases)
        players.append(
            replace(
                player,
                completed=completed,
                score=player.score + points[seat],
                skips_pending=0,
            )
        )
    ended = replace(
        state,
        players=tuple(players),
        step=Step.HAND_OVER,
        went_out=went_out,
        hand_points=points,
    )
    if tiebreak:
        if went_out is not None:
            return replace(ended, step=Step.GAME_OVER, winner=went_out)
        return ended  # no winner: the same players play another tie-break hand
    if rules.everyone_advances:
        finalists = list(range(len(players))) if state.hand_number >= n_phases else []
    else:
        finalists = [seat for seat, p in enumerate(players) if p.completed >= n_phases]
    if not finalists:
        return ended
    lowest = min(players[seat].score for seat in finalists)
    best = tuple(seat for seat in finalists if players[seat].score == lowest)
    if len(best) == 1:
        return replace(ended, step=Step.GAME_OVER, winner=best[0])
    return replace(ended, contenders=best, tiebreak=True)


def verify_next_hand(state: GameState, *, player: int | None = None) -> None:
    """Raise unless the next hand may be dealt (the current one is over).

    Any player may call for the next hand; ``player``, if given, must be a
    seat at the table.
    """
    _check_state(state)
    if player is not None and (
        isinstance(player, bool)
        or not isinstance(player, int)
        or not 0 <= player < len(state.players)
    ):
        raise NotYourTurn(
            f"there is no player {shown(player)} at this table", clause="R3"
        )
    if state.step is Step.GAME_OVER:
        raise _game_over(state)
    if state.step is not Step.HAND_OVER:
        raise WrongStep(
            "the hand is still being played: the next hand is dealt once it is over",
            clause="R36",
        )


def next_hand(
    state: GameState,
    *,
    deck: Sequence[Card] | None = None,
    player: int | None = None,
) -> GameState:
    """Deal the next hand, the dealer moving one seat left (R18, R36, R38).

    After a tie (R38, R39) this deals the tie-break hand to the tied players
    alone. ``deck`` is as for :func:`new_game`.

    .. versionadded:: 0.1
    """
    verify_next_hand(state, player=player)
    following = replace(
        state,
        dealer=(state.dealer + 1) % len(state.players),
        hand_number=state.hand_number + 1,
    )
    return _deal(following, deck)


# --- checks shared by the moves ----------------------------------------------


def _game_over(state: GameState) -> GameOver:
    winner = state.winner
    who = state.players[winner].name if winner is not None else "nobody"
    return GameOver(f"the game is over: {who} won", clause="R37")


def _check_state(state: object) -> None:
    if not isinstance(state, GameState):
        raise IllegalMove(f"moves are made on a GameState, not {type(state).__name__}")


def _verify_turn(state: GameState, player: int | None, step: Step, doing: str) -> None:
    _check_state(state)
    if state.step is Step.GAME_OVER:
        raise _game_over(state)
    if state.step is Step.HAND_OVER:
        raise WrongStep(
            "the hand is over: deal the next hand before playing on", clause="R36"
        )
    if player is not None and (isinstance(player, bool) or not isinstance(player, int)):
        # True == 1 and 1.0 == 1 in Python: without this they would act as seat 1.
        raise NotYourTurn(
            f"player is a seat number from 0 to {len(state.players) - 1}, "
            f"not {shown(player)}",
            clause="R3",
        )
    if player is not None and player != state.current:
        if 0 <= player < len(state.players):
            name = state.players[player].name
        else:
            name = f"player {shown(player)}"
        raise NotYourTurn(
            f"it is {state.players[state.current].name}'s turn, not {name}'s",
            clause="R20",
        )
    if state.step is not step:
        if step is Step.DRAW:
            raise WrongStep("you have already drawn a card this turn", clause="R21")
        raise WrongStep(f"you must draw a card before you {doing}", clause="R21")


def _as_card(card: CardLike) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


def _take_from_hand(
    hand: tuple[Card, ...], cards: Iterable[Card], clause: str = "R21"
) -> tuple[Card, ...]:
    """``hand`` less ``cards``; raises :class:`CardNotInHand` naming a missing card."""
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            held = hand.count(card)
            if held:
                raise CardNotInHand(
                    f"you hold only {held} {card}, not more", clause=clause
                ) from None
            raise CardNotInHand(f"you do not hold {card}", clause=clause) from None
    return tuple(rest)


def _forget(known: tuple[Card, ...], played: Iterable[Card]) -> tuple[Card, ...]:
    """The publicly known cards left once ``played`` have left the hand.

    Others cannot tell which copy of a face was played, so playing any card
    of a known face makes one known copy of it unknown again.
    """
    if not known:
        return known
    rest = list(known)
    for card in played:
        if card in rest:
            rest.remove(card)
    return tuple(rest)


# --- draw ---------------------------------------------------------------------


def verify_draw(
    state: GameState, source: Pile = Pile.DRAW, *, player: int | None = None
) -> None:
    """Raise the :class:`IllegalMove` that ``draw`` would raise; else do nothing."""
    _verify_turn(state, player, Step.DRAW, "draw")
    if source is Pile.DRAW:
        # A turn never starts with an empty draw pile (R25), but a state
        # built by hand or from outside data could.
        if not state.draw_pile:
            raise CannotDraw("the draw pile is empty", clause="R25")
        return
    if source is not Pile.DISCARD:
        raise CannotDraw(
            f"draw from Pile.DRAW or Pile.DISCARD, not {shown(source)}", clause="R21"
        )
    if not state.discard_pile:
        raise CannotDraw("the discard pile is empty", clause="R21")
    top = state.discard_pile[0]
    if top.is_skip:
        raise CannotDraw(
            "a Skip can never be taken from the discard pile", clause="R23"
        )
    if top.is_wild and not state.rules.wild_from_discard:
        raise CannotDraw(
            "these rules do not let a Wild be taken from the discard pile", clause="R22"
        )


def draw(
    state: GameState, source: Pile = Pile.DRAW, *, player: int | None = None
) -> GameState:
    """Start the turn by drawing the top card of a pile (R21-R24).

    ``player``, if given, must be the seat whose turn it is (a check for
    front ends that act for several people).

    .. versionadded:: 0.1
    """
    verify_draw(state, source, player=player)
    if source is Pile.DRAW:
        card, draw_pile, discard_pile = (
            state.draw_pile[0],
            state.draw_pile[1:],
            state.discard_pile,
        )
    else:
        card, draw_pile, discard_pile = (
            state.discard_pile[0],
            state.draw_pile,
            state.discard_pile[1:],
        )
    me = state.players[state.current]
    return replace(
        state,
        players=_replace_player(
            state.players,
            state.current,
            replace(
                me,
                hand=(*me.hand, card),
                known=(*me.known, card) if source is Pile.DISCARD else me.known,
            ),
        ),
        draw_pile=draw_pile,
        discard_pile=discard_pile,
        step=Step.PLAY,
    )


# --- lay_phase ----------------------------------------------------------------


def _as_groups(
    groups: Iterable[Iterable[CardLike] | str],
) -> tuple[tuple[Card, ...], ...]:
    if isinstance(groups, str):
        raise NotationError(
            "give the phase as one group of cards per requirement, e.g. "
            '["R5 B5 G5", "R7 Y7 W"]'
        )
    try:
        return tuple(
            parse_cards(group)
            if isinstance(group, str)
            else tuple(_as_card(c) for c in group)
            for group in groups
        )
    except TypeError:
        raise NotationError(
            "give the phase as one group of cards per requirement, e.g. "
            '["R5 B5 G5", "R7 Y7 W"]'
        ) from None


def verify_lay_phase(
    state: GameState,
    groups: Iterable[Iterable[CardLike] | str],
    *,
    player: int | None = None,
) -> tuple[tuple[GroupSpec, GroupShape], ...]:
    """Raise what ``lay_phase`` would raise; else return the requirement each
    group meets and what it stands for."""
    return _check_lay(state, _as_groups(groups), player)


def _check_lay(
    state: GameState, cards: tuple[tuple[Card, ...], ...], player: int | None
) -> tuple[tuple[GroupSpec, GroupShape], ...]:
    """The check of ``verify_lay_phase``, on groups already read into cards."""
    _verify_turn(state, player, Step.PLAY, "lay down a phase")
    me = state.players[state.current]
    if me.laid_down:
        raise CannotLay("you have already laid down your phase this hand", clause="R15")
    rest = _take_from_hand(
        me.hand, (card for group in cards for card in group), clause="R15"
    )
    phase = state.phase_of(state.current)
    if phase is None:  # pragma: no cover - a finished player never plays on
        raise CannotLay("you have completed every phase", clause="R16")
    shapes = check_phase(cards, phase, state.rules.naturals)
    if not rest and not state.rules.go_out_by_hit:
        raise CannotLay(
            "you must keep a card to discard: these rules do not let you go out "
            "without a discard",
            clause="R33",
        )
    return shapes


def lay_phase(
    state: GameState,
    groups: Iterable[Iterable[CardLike] | str],
    *,
    player: int | None = None,
) -> GameState:
    """Lay down the current player's phase (R4, R10-R16).

    ``groups`` holds one group of cards per requirement of the player's
    current phase, in any order; a group may be given as text
    (``"R3 R4 W R6"``). A run's cards are given lowest first, a Wild standing
    for the number its place implies. Groups may hold more than the minimum
    when the extra cards fit them. When a group could meet more than one of
    the phase's requirements (three green 5s are a set and a colour group),
    groups are matched to requirements in the order given where that works,
    so list them in the order of the phase to choose what each becomes.

    .. versionadded:: 0.1
    """
    cards = _as_groups(groups)  # read once: groups may be one-shot iterators
    shapes = _check_lay(state, cards, player)
    me = state.players[state.current]
    laid_cards = [card for group in cards for card in group]
    rest = _take_from_hand(me.hand, laid_cards, clause="R15")
    melds = tuple(
        Meld(state.current, spec.kind, group, shape.number, shape.color, shape.low)
        for group, (spec, shape) in zip(cards, shapes, strict=True)
    )
    laid = replace(
        state,
        players=_replace_player(
            state.players,
            state.current,
            replace(me, hand=rest, known=_forget(me.known, laid_cards), laid_down=True),
        ),
        table=state.table + melds,
        laid_this_turn=True,
    )
    if not rest:
        return _end_hand(laid, went_out=state.current)
    return laid


# --- hit ----------------------------------------------------------------------


def verify_hit(
    state: GameState,
    card: CardLike,
    meld: int,
    *,
    end: End | None = None,
    player: int | None = None,
) -> Meld:
    """Raise what ``hit`` would raise; else return the group as it would become."""
    _verify_turn(state, player, Step.PLAY, "hit")
    me = state.players[state.current]
    if not me.laid_down:
        raise CannotHit(
            "you must lay down your own phase before you can hit", clause="R30"
        )
    if state.laid_this_turn and not state.rules.hit_on_lay_turn:
        raise CannotHit(
            "these rules do not let you hit on the turn you lay down your phase",
            clause="R31",
        )
    the_card = _as_card(card)
    rest = _take_from_hand(me.hand, (the_card,), clause="R30")
    if (
        isinstance(meld, bool)
        or not isinstance(meld, int)
        or not (0 <= meld < len(state.table))
    ):
        raise NoSuchMeld(
            f"there is no group {shown(meld)} on the table "
            f"({len(state.table)} groups, numbered from 0)",
            clause="R30",
        )
    if end is not None and not isinstance(end, End):
        raise IllegalMove(f"end is End.LOW or End.HIGH, not {shown(end)}", clause="R32")
    target = state.table[meld]
    cards, shape = extend_group(target.kind, target.shape, target.cards, the_card, end)
    if not rest and not state.rules.go_out_by_hit:
        raise CannotHit(
            "you must keep a card to discard: these rules do not let you go out "
            "by a hit",
            clause="R33",
        )
    return replace(
        target, cards=cards, number=shape.number, color=shape.color, low=shape.low
    )


def hit(
    state: GameState,
    card: CardLike,
    meld: int,
    *,
    end: End | None = None,
    player: int | None = None,
) -> GameState:
    """Put one card from the current player's hand onto ``state.table[meld]`` (R30-R33).

    For a Wild on a run, ``end`` picks the end; without it the Wild extends
    the high end unless the run already reaches 12.

    .. versionadded:: 0.1
    """
    grown = verify_hit(state, card, meld, end=end, player=player)
    me = state.players[state.current]
    the_card = _as_card(card)
    rest = _take_from_hand(me.hand, (the_card,), clause="R30")
    table = (*state.table[:meld], grown, *state.table[meld + 1 :])
    mine = replace(me, hand=rest, known=_forget(me.known, (the_card,)))
    after = replace(
        state,
        players=_replace_player(state.players, state.current, mine),
        table=table,
    )
    if not rest:
        return _end_hand(after, went_out=state.current)
    return after


# --- discard and skip -----------------------------------------------------------


def verify_discard(
    state: GameState, card: CardLike, *, player: int | None = None
) -> None:
    """Raise what ``discard`` would raise; else do nothing."""
    _verify_turn(state, player, Step.PLAY, "discard")
    the_card = _as_card(card)
    if the_card.is_skip:
        raise BadDiscard(
            "a Skip is not discarded like other cards: play it against the "
            "player who is to lose a turn",
            clause="R26",
        )
    _take_from_hand(state.players[state.current].hand, (the_card,))


def discard(
    state: GameState, card: CardLike, *, player: int | None = None
) -> GameState:
    """End the turn by discarding ``card`` (R21, R24, R33).

    Discarding the last card goes out and ends the hand.

    .. versionadded:: 0.1
    """
    verify_discard(state, card, player=player)
    return _finish_turn(state, _as_card(card), None)


def _finish_turn(state: GameState, card: Card, target: int | None) -> GameState:
    """End the turn by putting ``card`` on the discard pile (R21, R26, R33)."""
    me = state.players[state.current]
    rest = _take_from_hand(me.hand, (card,))
    mine = replace(me, hand=rest, known=_forget(me.known, (card,)))
    players = _replace_player(state.players, state.current, mine)
    if target is not None:
        victim = players[target]
        players = _replace_player(
            players,
            target,
            replace(
                victim,
                skips_pending=victim.skips_pending + 1,
                skipped_in_slot=state.turn_slot,
            ),
        )
    discard_pile = (card, *state.discard_pile)
    if not rest:
        after = replace(state, players=players, discard_pile=discard_pile)
        return _end_hand(after, went_out=state.current)
    following = _next_seat(state, state.current)
    return _begin_turn(state, players, following, state.turn_slot + 1, discard_pile)


def skip_targets(state: GameState) -> tuple[int, ...]:
    """The seats the current player may make lose a turn with a Skip now (R26, R28).

    .. versionadded:: 0.1
    """
    _check_state(state)
    limit = state.rules.skip_limit
    table_size = len(state.contenders)
    allowed = []
    for seat in state.contenders:
        if seat == state.current:
            continue
        player = state.players[seat]
        if limit is SkipLimit.ROUND:
            ok = (
                player.skipped_in_slot is None
                or state.turn_slot >= player.skipped_in_slot + table_size
            )
        elif limit is SkipLimit.UNTIL_SERVED:
            ok = player.skips_pending == 0
        elif limit is SkipLimit.PER_HAND:
            ok = player.skipped_in_slot is None
        else:
            ok = True
        if ok:
            allowed.append(seat)
    return tuple(allowed)


def verify_skip(
    state: GameState, target: int | None, *, player: int | None = None
) -> None:
    """Raise what ``skip`` would raise; else do nothing."""
    _verify_turn(state, player, Step.PLAY, "play a Skip")
    me = state.players[state.current]
    if not any(card.is_skip for card in me.hand):
        raise CardNotInHand("you do not hold a Skip", clause="R26")
    allowed = skip_targets(state)
    if target is None:
        if allowed:
            names = ", ".join(state.players[seat].name for seat in allowed)
            raise BadSkipTarget(f"choose who loses a turn: {names}", clause="R29")
        return
    if (
        isinstance(target, bool)
        or not isinstance(target, int)
        or not (0 <= target < len(state.players))
    ):
        raise BadSkipTarget(f"there is no player {shown(target)} to skip", clause="R26")
    if target == state.current:
        raise BadSkipTarget("you cannot skip yourself", clause="R26")
    if target not in state.contenders:
        raise BadSkipTarget(
            f"{state.players[target].name} is not playing this hand", clause="R38"
        )
    if target not in allowed:
        raise BadSkipTarget(_limit_reason(state, target), clause="R28")


def _limit_reason(state: GameState, target: int) -> str:
    name = state.players[target].name
    limit = state.rules.skip_limit
    if limit is SkipLimit.UNTIL_SERVED:
        return f"{name} already has a turn to lose to a Skip"
    if limit is SkipLimit.PER_HAND:
        return f"{name} has already been skipped this hand"
    return f"{name} has already been skipped this round: one Skip per player per round"


def skip(
    state: GameState, target: int | None, *, player: int | None = None
) -> GameState:
    """End the turn by discarding a Skip so that ``target`` loses a turn (R26-R29).

    ``target=None`` is allowed only when no player may be targeted (R29).
    Discarding the last card this way goes out (R33).

    .. versionadded:: 0.1
    """
    verify_skip(state, target, player=player)
    return _finish_turn(
        state, next(c for c in state.players[state.current].hand if c.is_skip), target
    )
